package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/server"
)

// runCLI runs one command line in-process.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(context.Background(), &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}, args)
	return code, out.String(), errb.String()
}

// users add, keys create/list/revoke on a data directory, then the key
// printed works against a server on that directory until revoked.
func TestUsersAndKeys(t *testing.T) {
	// A data directory that does not exist yet is made, as serve makes it.
	dir := filepath.Join(t.TempDir(), "not", "yet")
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{"add person", "a long password\n", []string{"users", "add", "ann@example.com", "--password-stdin", "--admin", "--data", dir}, 0, "added ann@example.com (usr_", ""},
		{"add again", "a long password\n", []string{"users", "add", "ann@example.com", "--password-stdin", "--data", dir}, exitUsage, "", "already exists"},
		{"no --password-stdin", "", []string{"users", "add", "bob@example.com", "--data", dir}, exitUsage, "", "--password-stdin"},
		{"empty password", "\n", []string{"users", "add", "bob@example.com", "--password-stdin", "--data", dir}, exitUsage, "", "no password"},
		{"short password", "short\n", []string{"users", "add", "bob@example.com", "--password-stdin", "--data", dir}, exitUsage, "", "shorter than 8"},
		{"not an email", "a long password\n", []string{"users", "add", "bob", "--password-stdin", "--data", dir}, exitUsage, "", "not an email"},
		{"list people", "", []string{"users", "list", "--data", dir}, 0, "ann@example.com", ""},
		{"bad scope", "", []string{"keys", "create", "--scope", "admin", "--data", dir}, exitUsage, "", `scope must be "read" or "launch"`},
		{"no scope", "", []string{"keys", "create", "--data", dir}, exitUsage, "", "--scope"},
		{"revoke unknown", "", []string{"keys", "revoke", "key_nope", "--data", dir}, exitUsage, "", "no key"},
		{"unknown subcommand", "", []string{"keys", "rotate", "--data", dir}, exitUsage, "", "unknown subcommand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tt.code, out, errs)
			}
		})
	}

	code, out, errs := runCLI(t, "", "keys", "create", "--scope", "read", "--name", "ci", "--data", dir)
	key := strings.TrimSpace(out)
	if code != 0 || auth.CheckKey(key) != nil || !strings.Contains(errs, "shown once") {
		t.Fatalf("keys create: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "keys", "list", "--json", "--data", dir)
	var keys []keyRow
	if err := json.Unmarshal([]byte(out), &keys); code != 0 || err != nil || len(keys) != 1 {
		t.Fatalf("keys list: %d %v %s", code, err, out)
	}
	k := keys[0]
	if k.Scope != "read" || k.Name != "ci" || k.Prefix != auth.VisiblePrefix(key) || k.RevokedAt != "" || strings.Contains(out, key) {
		t.Fatalf("listed key %+v (the secret must never be listed)", k)
	}

	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", DataDir: dir, NoWorkers: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	status := func() int {
		r, _ := http.NewRequest("GET", srv.URL()+"/api/v1/usage", nil)
		r.Header.Set("x-api-key", key)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	if s := status(); s != 200 {
		t.Fatalf("the created key: %d", s)
	}
	if code, out, errs := runCLI(t, "", "keys", "revoke", k.ID, "--data", dir); code != 0 || !strings.Contains(out, "revoked "+k.ID) {
		t.Fatalf("revoke: %d %s %s", code, out, errs)
	}
	if s := status(); s != 401 {
		t.Fatalf("the revoked key: %d", s)
	}
	_, out, _ = runCLI(t, "", "keys", "list", "--data", dir)
	if !strings.Contains(out, k.ID) || strings.Count(out, "\n") != 2 {
		t.Fatalf("table list:\n%s", out)
	}
}

func TestServeFlags(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"serve", "--workers", "-1"}, "--workers must be 0 or more"},
		{[]string{"worker", "--concurrency", "0"}, "--concurrency must be at least 1"},
		{[]string{"worker", "--job-timeout", "10ms"}, "--job-timeout must be at least 1s"},
		{[]string{"worker", "--job-timeout", "1m", "--rescue-after", "1m"}, "--rescue-after must be more than --job-timeout"},
		{[]string{"serve", "--job-timeout", "1m", "--rescue-after", "30s"}, "--rescue-after must be more than --job-timeout"},
		{[]string{"worker", "extra"}, "unexpected argument"},
		{[]string{"serve", "--allow-targets", "not a host!"}, "--allow-targets"},
		{[]string{"serve", "extra"}, "unexpected argument"},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(errs, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, errs)
		}
	}
}

// keys list --scope lists the keys of that scope only; a flag a
// subcommand does not use is refused rather than ignored.
func TestKeysListScope(t *testing.T) {
	dir := t.TempDir()
	for _, sc := range []string{"read", "launch", "launch"} {
		if code, out, errs := runCLI(t, "", "keys", "create", "--scope", sc, "--data", dir); code != 0 {
			t.Fatalf("create %s: %d %s %s", sc, code, out, errs)
		}
	}
	for _, tt := range []struct {
		scope string
		n     int
	}{{"read", 1}, {"launch", 2}, {"", 3}} {
		args := []string{"keys", "list", "--json", "--data", dir}
		if tt.scope != "" {
			args = append(args, "--scope", tt.scope)
		}
		code, out, errs := runCLI(t, "", args...)
		var rows []keyRow
		if code != 0 || json.Unmarshal([]byte(out), &rows) != nil {
			t.Fatalf("%v: %d %s %s", args, code, out, errs)
		}
		if len(rows) != tt.n {
			t.Errorf("--scope %q listed %d keys, want %d", tt.scope, len(rows), tt.n)
		}
		for _, r := range rows {
			if tt.scope != "" && r.Scope != tt.scope {
				t.Errorf("--scope %s listed a %s key", tt.scope, r.Scope)
			}
		}
	}
	for _, args := range [][]string{
		{"keys", "list", "--scope", "admin", "--data", dir},
		{"keys", "list", "--name", "ci", "--data", dir},
		{"keys", "revoke", "key_x", "--scope", "read", "--data", dir},
	} {
		if code, _, errs := runCLI(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, want %d with a message: %s", args, code, exitUsage, errs)
		}
	}
}
