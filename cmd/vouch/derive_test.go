package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/vouchdev/vouch/claim"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/testapp"
)

func runDerive(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code = Main(context.Background(), e, append([]string{"derive"}, args...))
	return code, out.String(), errb.String()
}

func TestDeriveCommand(t *testing.T) {
	claim := "Signing in as demo@example.com with the secret DEMO_PASSWORD shows 'Dashboard'"

	code, out, _ := runDerive(t, "", claim, "--url", "https://app.example.com")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"# Requirements", "R1 [sign-in]", "proven by journey 1 step 8, journey 1 step 9", "# Assumptions", "https://app.example.com/login", "DEMO_PASSWORD", "version: 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("YAML output lacks %q:\n%s", want, out)
		}
	}
	// The YAML output is itself a plan file.
	p, err := plan.Parse([]byte(out))
	if err != nil {
		t.Fatalf("the YAML output is not a plan: %v", err)
	}

	code, js, _ := runDerive(t, "", "--json", claim)
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var d struct {
		PlanID       string           `json:"plan_id"`
		Requirements []map[string]any `json:"requirements"`
		Notes        []string         `json:"notes"`
	}
	if err := json.Unmarshal([]byte(js), &d); err != nil || d.PlanID != p.ID() || len(d.Requirements) != 1 || len(d.Notes) == 0 {
		t.Errorf("--json output %v: %s", err, js)
	}
	// `vouch derive --json | vouch run -` reads the same plan.
	q, err := parsePlanDocument([]byte(js))
	if err != nil || q.ID() != p.ID() {
		t.Errorf("vouch run cannot read the --json output: %v", err)
	}

	// The claim from standard input, and unquoted words joined.
	if code, out, _ := runDerive(t, "The home page shows 'Welcome'\n", "-"); code != 0 || !strings.Contains(out, "expect_text: Welcome") {
		t.Errorf("stdin: exit %d\n%s", code, out)
	}
	if code, out, _ := runDerive(t, "", "/status", "returns", "200"); code != 0 || !strings.Contains(out, "expect_status: 200") {
		t.Errorf("words: exit %d\n%s", code, out)
	}
}

func TestDeriveCommandRefuses(t *testing.T) {
	code, out, errs := runDerive(t, "", "The app is fast")
	if code != exitRefused || out != "" || !strings.Contains(errs, "cannot prove this claim") || !strings.Contains(errs, "The app loads without errors") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = runDerive(t, "", "--json", "Signing in with password hunter2 shows 'Hi'")
	var e struct {
		Error struct {
			Code, Cause, RepairPrompt string
			Suggestions               []string
		} `json:"error"`
	}
	if code != exitRefused || json.Unmarshal([]byte(out), &e) != nil || e.Error.Code != "claim_not_provable" || e.Error.Cause != "secret" || strings.Contains(out, "hunter2") {
		t.Errorf("exit %d, %s", code, out)
	}
	// A refusal piped into `vouch run -` is refused there too.
	if _, err := parsePlanDocument([]byte(out)); err == nil {
		t.Error("vouch run would accept a refusal")
	}
}

func TestDeriveCommandUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"x", "--url", "ftp://host"}, {"--nope", "x"}} {
		if code, _, _ := runDerive(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, errs := runDerive(t, "", "--model", "x"); code != exitUsage || !strings.Contains(errs, "VOUCH_DERIVE_URL") {
		t.Errorf("--model without configuration: exit %d %q", code, errs)
	}
}

// TestDeriveEndToEnd derives the corpus claims tagged with a testapp
// decision, runs each plan in real Chromium against testapp, and checks
// the decision: verified (or failed, as tagged) on a healthy testapp, and
// failed once the switch named by "breaks" is on.
func TestDeriveEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: derives the tagged corpus claims and runs each in Chromium")
	}
	type tagged struct{ Claim, Testapp, Breaks string }
	var cases []tagged
	paths, _ := filepath.Glob("../../fixtures/claims/*.yaml")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var es []tagged
		if err := yaml.Unmarshal(b, &es); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, e := range es {
			if e.Testapp != "" {
				cases = append(cases, e)
			}
		}
	}
	if len(cases) < 10 {
		t.Fatalf("only %d corpus claims are tagged with a testapp decision", len(cases))
	}
	r, err := runner.New(runner.Config{Evidence: runner.EvidenceOff, StepTimeout: 5 * time.Second, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	secrets := map[string]string{"DEMO_PASSWORD": testapp.DefaultPassword}

	run := func(t *testing.T, text, breaks string) evidence.Decision {
		d, err := claim.Derive(text)
		if err != nil {
			t.Fatalf("derive: %v", err)
		}
		app := testapp.New()
		if breaks != "" {
			if err := app.Set(breaks, true); err != nil {
				t.Fatal(err)
			}
		}
		srv := httptest.NewServer(app.Handler())
		defer srv.Close()
		// All cases share the runner's four places and start at once, so a
		// journey may queue behind the whole group on a loaded machine: the
		// bound is for a hang, not a speed.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		res, err := r.Run(ctx, d.Plan, runner.Options{BaseURL: srv.URL, Secrets: secrets})
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		if res.Decision != evidence.Verified && res.Manifest != nil {
			t.Logf("%s (breaks %q): %s\n%s", text, breaks, res.Decision, res.Manifest.RepairPrompt)
		}
		return res.Decision
	}
	t.Run("group", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.Claim, func(t *testing.T) {
				t.Parallel()
				if got := run(t, c.Claim, ""); string(got) != c.Testapp {
					t.Errorf("healthy testapp: %s, want %s", got, c.Testapp)
				}
				if c.Breaks == "" {
					return
				}
				if got := run(t, c.Claim, c.Breaks); got != evidence.Failed {
					t.Errorf("with %s broken: %s, want failed", c.Breaks, got)
				}
			})
		}
	})
}

// A --url that names a page is the page the claim means; the pages listed
// are where the runner will go.
func TestDeriveURLNamesPage(t *testing.T) {
	code, out, errs := runDerive(t, "", "--url", "https://example.com/site/about.html", "The about page shows 'Our team'")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"visit: /about.html", "#   R1  https://example.com/site/about.html", "names the page about.html"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
