package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/vouchdev/vouch/store/backend"
)

func init() {
	register(&command{
		name:    "migrate",
		summary: "create or upgrade the database's schema (serve and worker also do it at start)",
		usage:   "[--data DIR] [--database PATH|postgres://URL] [--json]",
		run:     runMigrate,
	})
}

func runMigrate(ctx context.Context, e *env, args []string) int {
	c := commands["migrate"]
	fs := newFlags(e, c)
	data := fs.String("data", defaultDataDir, "data `directory`")
	database := fs.String("database", e.getenv("VOUCH_DATABASE"), databaseUsage)
	asJSON := fs.Bool("json", false, "print as JSON")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q", pos[0])
	}
	db := databaseOf(*data, *database)
	if *database == "" {
		if err := os.MkdirAll(*data, 0o750); err != nil {
			fmt.Fprintf(e.stderr, "vouch migrate: %v\n", err)
			return exitError
		}
	}
	// Opening a store applies the migrations it has not yet applied.
	st, err := backend.Open(ctx, db)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch migrate: %s: %v\n", backend.Redact(db), err)
		return exitError
	}
	defer st.Close()
	applied, err := backend.Migrations(ctx, st)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch migrate: %v\n", err)
		return exitError
	}
	if *asJSON {
		_ = json.NewEncoder(e.stdout).Encode(map[string]any{"database": backend.Redact(db), "migrations": applied})
		return 0
	}
	fmt.Fprintf(e.stdout, "%s: schema up to date (%d migrations: %s)\n", backend.Redact(db), len(applied), strings.Join(applied, ", "))
	return 0
}
