package console_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/service"
)

// The console driven in real Chromium by vouch's own runner, as vouch
// plans: a person signs in, enters a claim, approves its plan, starts the
// run and watches it finish; reads the screenshots, repair prompt and DOM
// snapshot of a failed one; re-runs it after the fix; creates and revokes
// a key; finds a request by its id; filters the list. Each plan must end
// verified: every step it takes in the console held.

// signInSteps open a console page and sign in on the page it leads to.
const signInSteps = `
      - visit: %s
      - fill: {target: "label=Email", value: %q}
      - fill: {target: "label=Password", secret: PASSWORD}
      - click: 'role=button[name="Sign in"]'`

const claimToVerifiedPlan = `
version: 1
name: a person enters a claim, approves its plan and watches the run pass
journeys:
  - name: claim, approve, run, read
    steps:` + signInSteps + `
      - expect_visible: 'role=heading[name="New verification"]'
      - fill: {target: "label=Deployment URL", value: %q}
      - fill: {target: "label=Claim", value: %q}
      - click: 'role=button[name="Derive plan"]'
      - expect_text: 'Plan derived'
      - expect_text: 'On /, the page shows "Welcome to testapp".'
      - expect_text: 'Go to /'
      - click: 'role=button[name="Approve"]'
      - expect_text: 'Approved'
      - click: 'role=button[name="Run now"]'
      - expect_visible: 'role=heading[name="Progress"]'
      - expect_text: {target: "testid=decision", text: "Verified"}
        timeout: 150s
      - expect_text: {target: "css=.reqs", text: "Met:"}
      - expect_hidden: 'role=heading[name="Repair prompt"]'
      - expect_text: 'This verification passed: there is nothing to re-run.'
      - click: 'alt=Screenshot after step 2 of journey 1'
      - expect_visible: 'alt=Enlarged screenshot after step 2 of journey 1'
`

const failedPlan = `
version: 1
name: a person reads why a run failed
journeys:
  - name: claim, approve, run, read the failure
    steps:` + signInSteps + `
      - fill: {target: "label=Deployment URL", value: %q}
      - fill: {target: "label=Claim", value: %q}
      - click: 'role=button[name="Derive plan"]'
      - click: 'role=button[name="Approve"]'
      - click: 'role=button[name="Run now"]'
      - expect_text: {target: "testid=decision", text: "Failed"}
        timeout: 150s
      - expect_text: {target: "css=.reqs", text: "Not met:"}
      - expect_visible: 'role=heading[name="Repair prompt"]'
      - expect_text: {target: "css=#repair-prompt", text: "Welcome to testapp"}
      - click: 'role=button[name="Copy repair prompt"]'
      - expect_text: {target: "css=.copied", text: "Copied."}
      - expect_visible: 'role=button[name="Re-run"]'
      - expect_visible: 'css=iframe[sandbox]'
      - expect_text: 'Network log'
      - expect_visible: 'alt=Screenshot after step 2 of journey 1'
      - click: 'alt=Screenshot after step 2 of journey 1'
      - expect_visible: 'alt=Enlarged screenshot after step 2 of journey 1'
`

const rerunPlan = `
version: 1
name: a person re-runs a failed verification after the fix
journeys:
  - name: re-run
    steps:` + signInSteps + `
      - expect_text: {target: "testid=decision", text: "Failed"}
      - click: 'role=button[name="Re-run"]'
      - expect_text: 'Re-run started'
      - expect_text: {target: "testid=decision", text: "Verified"}
        timeout: 150s
      - expect_text: 're-run of'
      - click: 'role=link[name=%q]'
      - expect_text: 'Re-runs of this verification'
`

const keysAndRequestsPlan = `
version: 1
name: a person manages keys, finds a request and filters verifications
journeys:
  - name: create and revoke a key
    steps:` + signInSteps + `
      - fill: {target: "label=Name", value: "ci-bot"}
      - check: 'label=Launch'
      - click: 'role=button[name="Create key"]'
      - expect_text: 'shown only once'
      - expect_text: {target: "css=#secret", text: "vch_"}
      - click: 'role=link[name="Back to API keys"]'
      - expect_text: 'ci-bot'
      - click: 'role=button[name="Revoke ci-bot"]'
      - expect_text: 'Key revoked'
      - expect_hidden: 'role=button[name="Revoke ci-bot"]'
  - name: find a request by its id
    steps:` + signInSteps + `
      - fill: {target: "label=Request id", value: %q}
      - click: 'role=button[name="Search"]'
      - expect_count: {target: "css=table.requests tbody tr", count: 1}
      - expect_text: {target: "css=table.requests", text: "/api/v1/verifications/ver_missing"}
      - expect_text: {target: "css=table.requests", text: "404"}
  - name: filter verifications by decision
    steps:` + signInSteps + `
      - select: {target: "label=Decision", value: "Failed"}
      - click: 'role=button[name="Filter"]'
      - expect_count: {target: "css=table.list tbody tr", count: 1}
      - expect_count: {target: "css=table.list .badge-failed", count: 1}
`

func TestConsoleInChromium(t *testing.T) {
	needChrome(t)
	// One re-run per plan, so that the limit's refusal shows too.
	e := start(t, options{workers: true, customize: func(c *service.Config) { c.MaxRechecks = 1 }})
	rn, err := runner.New(runner.Config{Logger: quietLogger(), JourneyTimeout: 5 * time.Minute, RunTimeout: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rn.Close() })
	claim := `The home page shows "Welcome to testapp"`
	drive := func(t *testing.T, yaml string, args ...any) {
		t.Helper()
		p, err := plan.Parse(fmt.Appendf(nil, yaml, args...))
		if err != nil {
			t.Fatal(err)
		}
		res, err := rn.Run(context.Background(), p, runner.Options{BaseURL: e.base, Dir: t.TempDir(), Secrets: map[string]string{"PASSWORD": e.password}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision != evidence.Verified {
			for _, j := range res.Manifest.Journeys {
				for _, s := range j.Steps {
					if s.Status != evidence.StepPassed {
						t.Errorf("journey %q step %d %q: %s %s %s", j.Name, s.Index, s.Description, s.Status, s.Error, s.Actual)
						break
					}
				}
			}
			t.Fatalf("driving the console: %s", res.Decision)
		}
	}
	admin, err := e.svc.GetUserByEmail(context.Background(), e.email)
	if err != nil {
		t.Fatal(err)
	}
	newest := func(t *testing.T) *service.Verification {
		t.Helper()
		vs, err := e.svc.ListVerifications(context.Background(), service.VerificationFilter{Limit: 1})
		if err != nil || len(vs) != 1 {
			t.Fatalf("newest verification: %v %v", vs, err)
		}
		return vs[0]
	}

	t.Run("claim to verified", func(t *testing.T) {
		drive(t, claimToVerifiedPlan, "/console/new", e.email, e.appURL, claim)
		v := newest(t)
		if v.Decision != "verified" || v.LaunchedBy.UserID != admin.ID {
			t.Fatalf("verification %+v", v)
		}
	})

	var failed *service.Verification
	t.Run("failed", func(t *testing.T) {
		if err := e.app.Set("home-text", true); err != nil {
			t.Fatal(err)
		}
		drive(t, failedPlan, "/console/new", e.email, e.appURL, claim)
		failed = newest(t)
		if failed.Decision != "failed" {
			t.Fatalf("decision %s", failed.Decision)
		}
		checkEvidenceDownloads(t, e, failed)
	})
	if failed == nil {
		t.FailNow()
	}

	t.Run("re-run after the fix", func(t *testing.T) {
		if err := e.app.Set("home-text", false); err != nil {
			t.Fatal(err)
		}
		drive(t, rerunPlan, "/console/verifications/"+failed.ID, e.email, failed.ID)
		v := newest(t)
		if v.RecheckOf != failed.ID || v.Decision != "verified" || v.LaunchedBy.UserID != admin.ID {
			t.Fatalf("re-run %+v", v)
		}
		// Three runs, each billed once, all to the person who started them.
		rows, err := e.svc.Usage(context.Background(), service.ChargeFilter{UserID: admin.ID})
		if err != nil || len(rows) != 1 || rows[0].Count != 3 {
			t.Fatalf("usage %v %v", rows, err)
		}
		// The limit is reached: no button but the reason, and a post
		// anyway is refused with the service's reason, uncharged.
		me := e.signIn(e.email, e.password)
		if r := me.get("/console/verifications/" + failed.ID); strings.Contains(r.body, ">Re-run</button>") || !strings.Contains(r.body, "re-run 1 times, the most allowed") {
			t.Errorf("failed verification at the limit offers a re-run or no reason")
		}
		r := me.postForm("/console/verifications/"+failed.ID+"/recheck", nil)
		if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, `role="alert"`) || !strings.Contains(r.body, "start a new verification") {
			t.Errorf("re-run past the limit: %d", r.status)
		}
		if rows, _ := e.svc.Usage(context.Background(), service.ChargeFilter{UserID: admin.ID}); rows[0].Count != 3 {
			t.Errorf("a refused re-run was charged: %v", rows)
		}
	})

	t.Run("keys, requests and filters", func(t *testing.T) {
		secret, _ := e.newKey(auth.ScopeRead, "reader")
		st, h, _ := e.api("GET", "/api/v1/verifications/ver_missing", secret, "")
		id := h.Get("X-Request-Id")
		if st != http.StatusNotFound || id == "" {
			t.Fatalf("API answer %d, id %q", st, id)
		}
		waitLogged(t, e, id)
		drive(t, keysAndRequestsPlan, "/console/keys", e.email, "/console/requests", e.email, id, "/console/verifications", e.email)
		ks, err := e.svc.ListKeys(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, k := range ks {
			if k.Name == "ci-bot" {
				found = true
				if k.Scope != "launch" || k.RevokedAt.IsZero() {
					t.Errorf("ci-bot key: scope %s, revoked %v", k.Scope, k.RevokedAt)
				}
			}
		}
		if !found {
			t.Error("no ci-bot key was created")
		}
	})
}

// checkEvidenceDownloads checks a failed verification's evidence as the
// console serves it: the DOM snapshot only under a sandboxing CSP, and a
// zip whose unpacked files match the manifest's hashes.
func checkEvidenceDownloads(t *testing.T, e *env, v *service.Verification) {
	t.Helper()
	me := e.signIn(e.email, e.password)
	var dom string
	for _, a := range v.Evidence.Artifacts {
		if a.Kind == string(evidence.DOM) {
			dom = a.File
		}
	}
	if dom == "" {
		t.Fatal("a failed run without a DOM snapshot")
	}
	for _, q := range []string{"", "?download=1"} {
		r := me.get("/console/verifications/" + v.ID + "/files/" + dom + q)
		csp := r.header.Get("Content-Security-Policy")
		if r.status != http.StatusOK || !strings.HasPrefix(csp, "sandbox;") || strings.Contains(csp, "script-src") ||
			r.header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(r.body, "<") {
			t.Errorf("DOM snapshot%s: %d, CSP %q", q, r.status, csp)
		}
		if q != "" && !strings.HasPrefix(r.header.Get("Content-Disposition"), "attachment") {
			t.Errorf("download is %q", r.header.Get("Content-Disposition"))
		}
	}
	if r := me.get("/console/verifications/" + v.ID + "/files/..%2Fvouch.db"); r.status != http.StatusNotFound {
		t.Errorf("path escape: %d", r.status)
	}
	r := me.get("/console/verifications/" + v.ID + "/evidence.zip")
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "application/zip" {
		t.Fatalf("zip: %d %s", r.status, r.header.Get("Content-Type"))
	}
	zr, err := zip.NewReader(bytes.NewReader([]byte(r.body)), int64(len(r.body)))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, v.ID+"/") || strings.Contains(f.Name, "..") {
			t.Fatalf("zip entry %q", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f.Name)), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range v.Evidence.Artifacts {
		if _, err := os.Stat(filepath.Join(dir, a.File)); err != nil {
			t.Errorf("zip lacks %s (%s)", a.File, a.Kind)
		}
	}
	if err := evidence.VerifyDir(dir); err != nil {
		t.Fatalf("unpacked evidence does not verify: %v", err)
	}
	// The zip carries the signed statement, which the server's published
	// keys verify; the result page says so.
	keys, err := e.svc.AttestationKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res := attest.Verify(context.Background(), os.DirFS(dir), keys); !res.Valid {
		t.Fatalf("the zip's attestation does not verify: %v", res.Problems)
	}
	if p := me.get("/console/verifications/" + v.ID); !strings.Contains(p.body, "Signature valid") || !strings.Contains(p.body, "Signed with key <code>SHA256:") {
		t.Errorf("the result page does not say the signature is valid")
	}
}
