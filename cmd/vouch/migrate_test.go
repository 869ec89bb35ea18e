package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/store/postgres/pgtest"
)

// vouch migrate brings a new SQLite file and a new PostgreSQL database to
// the same schema versions, twice without change; then users and keys work
// on the PostgreSQL database through --database.
func TestMigrate(t *testing.T) {
	dir := t.TempDir()
	pg := pgtest.URL(t)
	versions := func(args ...string) []string {
		t.Helper()
		code, out, errs := runCLI(t, "", append([]string{"migrate", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("migrate %v: exit %d: %s", args, code, errs)
		}
		var m struct{ Migrations []string }
		if err := json.Unmarshal([]byte(out), &m); err != nil || len(m.Migrations) == 0 {
			t.Fatalf("migrate --json: %v: %s", err, out)
		}
		return m.Migrations
	}
	lite := versions("--data", filepath.Join(dir, "new"))
	if again := versions("--data", filepath.Join(dir, "new")); !slices.Equal(lite, again) {
		t.Fatalf("second migrate: %v, then %v", lite, again)
	}
	if !slices.Contains(lite, "river_008") {
		t.Fatalf("River's migrations were not applied: %v", lite)
	}
	pgv := versions("--database", pg)
	if !slices.Equal(lite, pgv) {
		t.Fatalf("SQLite at %v, PostgreSQL at %v", lite, pgv)
	}
	if code, _, errs := runCLI(t, "a long password\n", "users", "add", "ann@example.com", "--password-stdin", "--database", pg, "--data", dir); code != 0 {
		t.Fatalf("users add on PostgreSQL: %d %s", code, errs)
	}
	if code, out, _ := runCLI(t, "", "users", "list", "--database", pg, "--data", dir); code != 0 || !strings.Contains(out, "ann@example.com") {
		t.Fatalf("users list on PostgreSQL: %d %s", code, out)
	}
	if code, _, errs := runCLI(t, "", "migrate", "--database", "postgres://postgres@127.0.0.1:1/none?connect_timeout=5"); code != exitError || !strings.Contains(errs, "connect") {
		t.Fatalf("unreachable database: exit %d: %s", code, errs)
	}
}
