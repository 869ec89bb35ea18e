package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

func init() {
	register(&command{
		name:    "keys",
		summary: "create, list and revoke API keys",
		usage:   "create --scope launch|read [--name N] [--data DIR] | list [--scope S] [--json] [--data DIR] | revoke ID [--data DIR]",
		run:     runKeys,
	})
}

func runKeys(ctx context.Context, e *env, args []string) int {
	c := commands["keys"]
	fs := newFlags(e, c)
	data := fs.String("data", defaultDataDir, "data `directory`")
	database := fs.String("database", e.getenv("VOUCH_DATABASE"), databaseUsage)
	scope := fs.String("scope", "", "`scope` of a new key, or the keys to list: read (create plans, read) or launch (also start runs and re-checks)")
	name := fs.String("name", "", "a `name` to recognise the key by")
	asJSON := fs.Bool("json", false, "print as JSON")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(e, c, "missing subcommand: create, list or revoke")
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "vouch keys: %v\n", err)
		return exitError
	}
	// A flag a subcommand does not use is an error, not silently ignored.
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, fl := range []struct {
		name string
		by   []string
	}{{"scope", []string{"create", "list"}}, {"name", []string{"create"}}} {
		if set[fl.name] && !slices.Contains(fl.by, pos[0]) && slices.Contains([]string{"create", "list", "revoke"}, pos[0]) {
			return usageError(e, c, "--%s applies to %s only, not to %s", fl.name, strings.Join(fl.by, " and "), pos[0])
		}
	}
	switch pos[0] {
	case "create":
		if len(pos) != 1 {
			return usageError(e, c, "create takes no arguments")
		}
		sc, err := auth.ParseScope(*scope)
		if err != nil {
			return usageError(e, c, "--scope: %v", err)
		}
		k, err := auth.GenerateKey()
		if err != nil {
			return fail(err)
		}
		svc, done, err := openAdminService(ctx, *data, *database)
		if err != nil {
			return fail(err)
		}
		defer done()
		stored, err := svc.CreateKey(ctx, service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(sc), Name: *name})
		if err != nil {
			return fail(err)
		}
		if *asJSON {
			return adminPrintJSON(e, map[string]any{"id": stored.ID, "key": k.Secret, "prefix": k.Prefix, "scope": stored.Scope, "name": stored.Name})
		}
		fmt.Fprintf(e.stderr, "Created %s key %s (%s). It is shown once, now; only its hash is kept:\n", stored.Scope, stored.ID, k.Prefix)
		fmt.Fprintln(e.stdout, k.Secret)
		return 0
	case "list":
		if len(pos) != 1 {
			return usageError(e, c, "list takes no arguments")
		}
		var listScope auth.Scope
		if set["scope"] {
			sc, err := auth.ParseScope(*scope)
			if err != nil {
				return usageError(e, c, "--scope: %v", err)
			}
			listScope = sc
		}
		svc, done, err := openAdminService(ctx, *data, *database)
		if err != nil {
			return fail(err)
		}
		defer done()
		ks, err := svc.ListKeys(ctx)
		if err != nil {
			return fail(err)
		}
		if set["scope"] {
			ks = slices.DeleteFunc(ks, func(k *service.Key) bool { return k.Scope != string(listScope) })
		}
		if *asJSON {
			out := []keyRow{}
			for _, k := range ks {
				out = append(out, keyView(k))
			}
			return adminPrintJSON(e, out)
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tPREFIX\tSCOPE\tNAME\tCREATED\tLAST USED\tREVOKED")
		for _, k := range ks {
			v := keyView(k)
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.ID, v.Prefix, v.Scope, adminDash(v.Name), v.CreatedAt, adminDash(v.LastUsed), adminDash(v.RevokedAt))
		}
		_ = tw.Flush()
		return 0
	case "revoke":
		if len(pos) != 2 {
			return usageError(e, c, "revoke takes one key ID (or its prefix)")
		}
		svc, done, err := openAdminService(ctx, *data, *database)
		if err != nil {
			return fail(err)
		}
		defer done()
		k, err := svc.RevokeKey(ctx, pos[1])
		if err != nil {
			if service.ErrorCode(err) == service.CodeNotFound {
				fmt.Fprintf(e.stderr, "vouch keys: no key %q\n", pos[1])
				return exitUsage
			}
			return fail(err)
		}
		fmt.Fprintf(e.stdout, "revoked %s (%s)\n", k.ID, k.Prefix)
		return 0
	}
	return usageError(e, c, "unknown subcommand %q", pos[0])
}

type keyRow struct {
	ID        string `json:"id"`
	Prefix    string `json:"prefix"`
	Scope     string `json:"scope"`
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
	LastUsed  string `json:"last_used,omitempty"`
	RevokedAt string `json:"revoked_at,omitempty"`
}

func keyView(k *service.Key) keyRow {
	f := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return keyRow{ID: k.ID, Prefix: k.Prefix, Scope: k.Scope, Name: k.Name, CreatedAt: f(k.CreatedAt), LastUsed: f(k.LastUsed), RevokedAt: f(k.RevokedAt)}
}

func adminDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func adminPrintJSON(e *env, v any) int {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(e.stderr, "vouch: %v\n", err)
		return exitError
	}
	return 0
}
