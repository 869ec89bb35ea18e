package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/backend"
)

// cliAs runs one command line in-process as a user whose config directory
// is cfg.
func cliAs(cfg string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return cfg
		}
		return ""
	}
	code = Main(context.Background(), &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: getenv}, args)
	return code, out.String(), errb.String()
}

// vouch demo (two vouch runs) signs both with the user's key, made on
// first use; vouch evidence verify accepts them, refuses another user's
// trust and a flipped byte, and still accepts them after a rotation.
func TestLocalRunsAreSigned(t *testing.T) {
	servertest.NeedChrome(t)
	cfg, out := t.TempDir(), t.TempDir()
	if code, stdout, stderr := cliAs(cfg, "demo", "--out", out); code != 0 || strings.Count(stdout, "Signed: ") != 2 {
		t.Fatalf("demo: exit %d\n%s\n%s", code, stdout, stderr)
	}
	keyDir := filepath.Join(cfg, "vouch", "attestation-keys")
	es, err := os.ReadDir(keyDir)
	if err != nil || len(es) != 1 {
		t.Fatalf("key directory: %v %v", es, err)
	}
	if st, _ := es[0].Info(); st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %04o", st.Mode().Perm())
	}
	asIs, broken := filepath.Join(out, "as-is"), filepath.Join(out, "broken")

	for _, tt := range []struct {
		name   string
		cfg    string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"verified run", cfg, []string{"evidence", "verify", asIs}, 0, "VALID  " + asIs, ""},
		{"failed run", cfg, []string{"evidence", "verify", broken}, 0, "no person approved the plan", ""},
		{"another user", t.TempDir(), []string{"evidence", "verify", asIs}, 1, "unknown key", ""},
		{"the plan that ran", cfg, []string{"evidence", "verify", asIs, "--plan", "../../fixtures/plans/signin.yaml"}, 0, "VALID", ""},
		{"another plan", cfg, []string{"evidence", "verify", asIs, "--plan", "../../fixtures/plans/home.yaml"}, 1, "plan hash mismatch: this plan is", ""},
		{"list", cfg, []string{"attestation-keys", "list"}, 0, "current: signs new runs", ""},
		{"no keys in a data dir", cfg, []string{"attestation-keys", "list", "--data", t.TempDir()}, exitError, "", "no keys"},
		{"no directory", cfg, []string{"evidence", "verify", filepath.Join(out, "nothing")}, exitUsage, "", "no such file"},
		{"no subcommand", cfg, []string{"evidence", asIs}, exitUsage, "", "give verify"},
		{"key and server", cfg, []string{"evidence", "verify", asIs, "--key", "k.pem", "--server", "http://127.0.0.1:1"}, exitUsage, "", "not both"},
		{"unreadable key file", cfg, []string{"evidence", "verify", asIs, "--key", filepath.Join(out, "none.pem")}, exitError, "", "none.pem"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cliAs(tt.cfg, tt.args...)
			if code != tt.code || !strings.Contains(stdout, tt.stdout) || !strings.Contains(stderr, tt.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, tt.code, stdout, stderr)
			}
		})
	}

	// The exported key, given to someone else, verifies.
	_, pem, _ := cliAs(cfg, "attestation-keys", "export")
	pemFile := filepath.Join(t.TempDir(), "vouch.pub")
	if err := os.WriteFile(pemFile, []byte(pem), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := cliAs(t.TempDir(), "evidence", "verify", broken, "--key", pemFile, "--json")
	var res struct {
		Result struct {
			Valid     bool `json:"valid"`
			Predicate struct {
				Decision string `json:"decision"`
				Runner   struct {
					Mode string `json:"mode"`
				} `json:"runner"`
			} `json:"predicate"`
		} `json:"result"`
		ExitCode int `json:"exit_code"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != 0 || !res.Result.Valid ||
		res.Result.Predicate.Decision != "failed" || res.Result.Predicate.Runner.Mode != "local" {
		t.Fatalf("verify --key --json: exit %d, %v\n%s", code, err, stdout)
	}

	// One flipped byte of the manifest.
	tampered := filepath.Join(t.TempDir(), "run")
	if err := os.CopyFS(tampered, os.DirFS(broken)); err != nil {
		t.Fatal(err)
	}
	mf := filepath.Join(tampered, "manifest.json")
	b, _ := os.ReadFile(mf)
	b[len(b)/2] ^= 1
	if err := os.WriteFile(mf, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := cliAs(cfg, "evidence", "verify", tampered); code != 1 || !strings.Contains(stdout, "manifest.json: tampered") {
		t.Fatalf("tampered manifest: exit %d\n%s", code, stdout)
	}

	// After a rotation the earlier runs still verify.
	if code, stdout, stderr := cliAs(cfg, "attestation-keys", "rotate"); code != 0 || !strings.Contains(stdout, "New signing key SHA256:") {
		t.Fatalf("rotate: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, _ := cliAs(cfg, "evidence", "verify", asIs); code != 0 {
		t.Fatalf("after rotation: exit %d\n%s", code, stdout)
	}
	if _, stdout, _ := cliAs(cfg, "attestation-keys", "list"); !strings.Contains(stdout, "rotated out") {
		t.Errorf("list after rotation:\n%s", stdout)
	}
}

// attestation-keys list --database lists the keys workers published in a
// shared database (none of them in this machine's key directory), in the
// form vouch evidence verify --key reads.
func TestListPublishedKeys(t *testing.T) {
	ctx := context.Background()
	data := t.TempDir()
	db := filepath.Join(data, "vouch.db")
	st, err := backend.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	at := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	for i, host := range []string{"worker-1", "worker-2"} {
		k, err := attest.NewKeyring(filepath.Join(t.TempDir(), host)).Signer()
		if err != nil {
			t.Fatal(err)
		}
		p := k.PublicKey()
		if err := st.PublishAttestationKey(ctx, &store.AttestationKey{ID: p.ID, Algorithm: "ed25519", PublicKey: p.PEM(),
			Host: host, CreatedAt: at.Add(time.Duration(i) * time.Hour), PublishedAt: at}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	st.Close()
	cfg := t.TempDir()
	code, stdout, stderr := cliAs(cfg, "attestation-keys", "list", "--json", "--database", db)
	if code != 0 {
		t.Fatalf("list: exit %d: %s", code, stderr)
	}
	keys, err := attest.ParsePublicKeys([]byte(stdout))
	if err != nil || len(keys) != 2 {
		t.Fatalf("listed %v, %v:\n%s", keys, err, stdout)
	}
	for i, k := range keys {
		// newest first: worker-2's key is the later one
		if want := ids[1-i]; k.ID != want || !k.Current || k.Host != fmt.Sprintf("worker-%d", 2-i) {
			t.Errorf("key %d = %s %s current %v, want %s", i, k.ID, k.Host, k.Current, want)
		}
	}
	if code, stdout, _ := cliAs(cfg, "attestation-keys", "list", "--database", db); code != 0 || !strings.Contains(stdout, "worker-1") || !strings.Contains(stdout, ids[0]) {
		t.Errorf("table: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := cliAs(cfg, "attestation-keys", "export", "--database", db); code != 0 || strings.Count(stdout, "BEGIN PUBLIC KEY") != 2 {
		t.Errorf("export: exit %d\n%s", code, stdout)
	}
	// --data alone reads DATA/vouch.db, beside the server's own keys.
	if code, stdout, _ := cliAs(cfg, "attestation-keys", "export", "--data", data); code != 0 || strings.Count(stdout, "BEGIN PUBLIC KEY") != 2 {
		t.Errorf("export --data: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := cliAs(cfg, "attestation-keys", "list", "--database", filepath.Join(t.TempDir(), "empty.db")); code != exitError || !strings.Contains(stderr, "no keys") {
		t.Errorf("empty database: exit %d: %s", code, stderr)
	}
}
