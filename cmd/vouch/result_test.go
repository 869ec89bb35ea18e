package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/server/servertest"
)

// failedVerification runs the home claim with testapp's home-text switch
// on, approved by the person, and returns the failed verification's id.
func failedVerification(t *testing.T, env *servertest.Env) string {
	t.Helper()
	cl, err := client.New(client.Config{BaseURL: env.URL, APIKey: env.LaunchKey, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := env.App.Set("home-text", true); err != nil {
		t.Fatal(err)
	}
	p, err := cl.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: servertest.HomeClaim})
	if err != nil {
		t.Fatal(err)
	}
	env.Approve(t, p.PlanID)
	v, err := cl.Run(ctx, client.RunRequest{PlanID: p.PlanID})
	if err != nil {
		t.Fatal(err)
	}
	if v, err = cl.WaitForResult(ctx, v.ID, nil); err != nil || v.Decision != client.Failed {
		t.Fatalf("setup run: %+v, %v", v, err)
	}
	return v.ID
}

// vouch result reads a verification with the exit code of its decision,
// and --download saves its evidence with every artifact's sha256 checked;
// vouch replay runs its approved plan on this machine (nothing billed or
// recorded); vouch recheck re-runs it on the server after the fix.
func TestResultReplayRecheck(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	c := newCLI(t, env)
	id := failedVerification(t, env)
	charges, records := env.Charges(t), env.Verifications(t)

	dir := filepath.Join(t.TempDir(), "evidence")
	code, out, errs := c.run("result", id, "--json", "--download", dir)
	if code != exitFailed {
		t.Fatalf("result: exit %d\n%s\n%s", code, out, errs)
	}
	var doc struct {
		Verification client.Verification `json:"verification"`
		ExitCode     int                 `json:"exit_code"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Verification.ID != id || doc.Verification.Decision != "failed" || doc.ExitCode != exitFailed {
		t.Fatalf("result --json: %v\n%s", err, out)
	}
	// Every artifact is on disk with the content its record names; so are
	// the manifest and the report.
	ev := doc.Verification.Evidence
	if ev == nil || len(ev.Artifacts) == 0 {
		t.Fatalf("no evidence in %s", out)
	}
	for _, a := range ev.Artifacts {
		name, err := evidenceName(a.URL)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		sum := sha256.Sum256(b)
		if err != nil || hex.EncodeToString(sum[:]) != a.SHA256 {
			t.Errorf("artifact %s: %v, sha256 %x, want %s", name, err, sum, a.SHA256)
		}
	}
	for _, f := range []string{"manifest.json", "report.html"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s not saved: %v", f, err)
		}
	}
	if !strings.Contains(errs, "sha256") {
		t.Errorf("no download summary on stderr: %s", errs)
	}

	tests := []struct {
		name   string
		fix    bool // turn testapp's switch off first
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{name: "result text", args: []string{"result", id}, code: exitFailed, stdout: []string{"FAILED", "Repair prompt:", "Evidence: ", "vouch recheck " + id}},
		{name: "result unknown", args: []string{"result", "ver_nope"}, code: exitUsage, stderr: []string{"not_found"}},
		{name: "result no id", args: []string{"result"}, code: exitUsage},
		{name: "replay still broken", args: []string{"replay", id, "--no-evidence"}, code: exitFailed,
			stderr: []string{"not billed, not recorded", "approved by " + env.Email}, stdout: []string{"FAILED"}},
		{name: "replay after the fix", fix: true, args: []string{"replay", id, "--url", env.AppURL, "--no-evidence", "--json"}, code: exitVerified,
			stdout: []string{`"decision": "verified"`}},
		{name: "replay unknown", args: []string{"replay", "ver_nope"}, code: exitUsage, stderr: []string{"not_found"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.fix {
				env.App.Reset()
			}
			code, out, errs := c.run(tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errs)
			}
			for _, want := range tt.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr lacks %q:\n%s", want, errs)
				}
			}
		})
	}
	if env.Charges(t) != charges || env.Verifications(t) != records {
		t.Fatal("result or replay was billed or recorded")
	}

	// The app is fixed: a re-check on the server verifies, billed once.
	env.App.Reset()
	code, out, errs = c.run("recheck", id, "--poll", "100ms")
	if code != exitVerified || !strings.Contains(out, "VERIFIED") || !strings.Contains(out, "re-check of "+id) {
		t.Fatalf("recheck: exit %d\n%s\n%s", code, out, errs)
	}
	if env.Charges(t) != charges+1 {
		t.Fatalf("charges %d, want %d", env.Charges(t), charges+1)
	}
	newID := servertest.VerificationIDIn(strings.ReplaceAll(out, id, ""))
	// Only a failed verification is re-checked: nothing ran (exit 3).
	code, _, errs = c.run("recheck", newID)
	if code != exitRefused || !strings.Contains(errs, "recheck_not_allowed") {
		t.Fatalf("recheck of a verified verification: exit %d\n%s", code, errs)
	}
	// Another host is a usage error.
	code, _, errs = c.run("recheck", id, "--url", strings.Replace(env.AppURL, "127.0.0.1", "localhost", 1))
	if code != exitUsage || !strings.Contains(errs, "recheck_host_mismatch") {
		t.Fatalf("recheck on another host: exit %d\n%s", code, errs)
	}
	// --no-wait on result of a finished verification still answers.
	if code, _, _ := c.run("result", newID, "--no-wait"); code != exitVerified {
		t.Fatalf("result --no-wait of a verified verification: exit %d", code)
	}
}

func TestEvidenceName(t *testing.T) {
	tests := []struct {
		url, want string
		ok        bool
	}{
		{"http://x/api/v1/verifications/ver_1/evidence/manifest.json", "manifest.json", true},
		{"http://x/api/v1/verifications/ver_1/evidence/j1/dom-2.html.gz", filepath.Join("j1", "dom-2.html"), true},
		{"http://x/api/v1/verifications/ver_1/evidence/a/../../../etc/passwd", "etc/passwd", true}, // cleaned, stays inside
		{"http://x/api/v1/verifications/ver_1/evidence/%2e%2e/x", "x", true},
		{"http://x/api/v1/verifications/ver_1/manifest.json", "", false},
		{"http://x/api/v1/verifications/ver_1/evidence/", "", false},
	}
	for _, tt := range tests {
		got, err := evidenceName(tt.url)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("evidenceName(%q) = %q, %v; want %q ok=%v", tt.url, got, err, tt.want, tt.ok)
		}
	}
}
