package runner

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/testapp"
)

// TestEvidence checks the files of a run: a screenshot per step, DOM
// snapshots after each step, a HAR with the sign-in's redirect, a console
// log, manifest.json and report.html, all matching their hashes.
// TestScreenshotFormatWebP: with ScreenshotFormat "webp" the passing steps'
// screenshots are WebP files named .webp, the failing step's stays a JPEG,
// and the run directory verifies.
func TestScreenshotFormatWebP(t *testing.T) {
	r, err := New(Config{ChromePath: shared.cfg.ChromePath, StepTimeout: 2 * time.Second, ScreenshotFormat: "webp"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dir := t.TempDir()
	p := journeyPlan(t, `      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - expect_text: Nothing like this is on the page
`)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := r.Run(ctx, p, Options{BaseURL: appURL, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	wantDecision(t, res, evidence.Failed)
	if err := evidence.VerifyDir(dir); err != nil {
		t.Fatalf("VerifyDir: %v", err)
	}
	for _, s := range res.Manifest.Journeys[0].Steps {
		b, err := os.ReadFile(filepath.Join(dir, s.Screenshot))
		if err != nil {
			t.Fatalf("step %d: %v", s.Index, err)
		}
		isWebP := len(b) > 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP" && strings.HasSuffix(s.Screenshot, ".webp")
		isJPEG := bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}) && strings.HasSuffix(s.Screenshot, ".jpg")
		if want := s.Status == evidence.StepPassed; isWebP != want || isJPEG == want {
			t.Errorf("step %d (%s) screenshot %s: WebP %v, JPEG %v", s.Index, s.Status, s.Screenshot, isWebP, isJPEG)
		}
	}
	if _, err := New(Config{ChromePath: shared.cfg.ChromePath, ScreenshotFormat: "gif"}); err == nil {
		t.Error(`ScreenshotFormat "gif" accepted`)
	}
}

func TestEvidence(t *testing.T) {
	dir := t.TempDir()
	p := journeyPlan(t, `      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: demo-password}
      - click: role=button[name="Sign in"]
      - expect_text: Welcome back
      - visit: /console-errors
`)
	res := run(t, p, Options{Dir: dir})
	wantDecision(t, res, evidence.Verified)
	if err := evidence.VerifyDir(dir); err != nil {
		t.Fatalf("VerifyDir: %v", err)
	}
	if _, err := os.Stat(res.Report); err != nil {
		t.Errorf("report: %v", err)
	}
	m, err := evidence.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.PlanID != p.ID() || m.Decision != evidence.Verified || len(m.Journeys) != 1 {
		t.Fatalf("manifest: plan %s decision %s journeys %d", m.PlanID, m.Decision, len(m.Journeys))
	}
	j := m.Journeys[0]
	for _, s := range j.Steps {
		if s.Screenshot == "" {
			t.Errorf("step %d has no screenshot", s.Index)
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, s.Screenshot))
		if err != nil || !bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}) || !strings.HasSuffix(s.Screenshot, ".jpg") {
			t.Errorf("step %d screenshot %s is not a JPEG (%v)", s.Index, s.Screenshot, err)
		}
	}
	// A DOM snapshot per step whose page changed: not after the password
	// (its value is never recorded, so the snapshot is unchanged) nor the
	// assertion. Typing the email changes it: fields show their values.
	for _, s := range j.Steps {
		changed := s.Index != 3 && s.Kind != "expect_text"
		if changed != (s.DOM != "") {
			t.Errorf("step %d (%s) DOM snapshot %q: want one after each step that changed the page", s.Index, s.Kind, s.DOM)
		}
	}
	if got := readArtifact(t, dir, j.Steps[1].DOM); !strings.Contains(got, `value="demo@example.com"`) {
		t.Errorf("the DOM snapshot after typing lacks the field's value")
	}
	gz, _ := filepath.Glob(filepath.Join(dir, "*.html.gz"))
	for _, f := range gz {
		if strings.Contains(readArtifact(t, dir, filepath.Base(f)), "demo-password") {
			t.Errorf("the DOM snapshot %s holds a password field's value", filepath.Base(f))
		}
	}
	dom := readArtifact(t, dir, j.Steps[3].DOM)
	if !strings.Contains(dom, "Welcome back, demo@example.com") {
		t.Errorf("DOM snapshot after step 4 lacks the dashboard text")
	}

	h, err := evidence.ParseHAR([]byte(readArtifact(t, dir, j.HAR)))
	if err != nil {
		t.Fatal(err)
	}
	var post, see, dash bool
	for _, e := range h.Log.Entries {
		u := e.Request.URL
		switch {
		case e.Request.Method == "POST" && strings.HasSuffix(u, "/login"):
			post = e.Response != nil && e.Response.Status == 303 && strings.HasSuffix(e.Response.RedirectURL, "/dashboard") &&
				e.Request.PostData != nil && len(e.Request.PostData.Params) >= 2
			see = true
		case strings.HasSuffix(u, "/dashboard"):
			// The document's body is recorded, so the HAR replays.
			dash = e.Response != nil && e.Response.Status == 200 && e.Response.Content.Size > 0 && e.Time > 0 &&
				strings.Contains(string(e.Response.Content.Text), "Welcome back")
		}
		if e.StartedDateTime == "" || e.Timings == nil {
			t.Errorf("entry %s lacks a start or timings", u)
		}
	}
	if !see || !post || !dash {
		t.Errorf("HAR: POST /login 303 with form params %v (seen %v), GET /dashboard 200 with size, time and body %v", post, see, dash)
	}

	console, err := evidence.ParseConsole([]byte(readArtifact(t, dir, j.Console)))
	if err != nil {
		t.Fatal(err)
	}
	var logged, thrown bool
	for _, c := range console {
		logged = logged || c.Level == "error" && c.Text == "boom from testapp" && c.Source == "console"
		thrown = thrown || c.Level == "exception" && strings.Contains(c.Text, "uncaught boom from testapp")
	}
	if !logged || !thrown {
		t.Errorf("console log lacks the error (%v) or the exception (%v): %+v", logged, thrown, console)
	}
}

// readArtifact returns an artifact's content, gunzipped if need be.
func readArtifact(t testing.TB, dir, file string) string {
	t.Helper()
	if file == "" {
		t.Fatal("no artifact file")
	}
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(file, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return string(b)
}

// TestSecretsNeverRecorded signs in with a secret password that a page
// then echoes, and checks that no evidence file and no result holds it.
func TestSecretsNeverRecorded(t *testing.T) {
	const secret = `s3cr3t Pa$$ & <w0rd> "x"`
	a := testapp.New()
	a.SetPassword(secret)
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	echo := servePages(t, map[string]string{
		"/echo": `<title>echo</title><label for="p">Pass</label><input id="p" oninput="document.getElementById('o').textContent = this.value"><p id="o"></p>`,
	})
	// The echo page is on another origin: one plan per deployment.
	dir := t.TempDir()
	p := journeyPlan(t, `      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, secret: DEMO_PASSWORD}
      - click: role=button[name="Sign in"]
      - expect_text: Welcome back
`)
	res := run(t, p, Options{BaseURL: srv.URL, Dir: dir, Secrets: map[string]string{"DEMO_PASSWORD": secret}})
	wantDecision(t, res, evidence.Verified)
	dir2 := t.TempDir()
	p2 := journeyPlan(t, `      - visit: /echo
      - fill: {target: label=Pass, secret: DEMO_PASSWORD}
      - expect_no_text: w0rd
        timeout: 600ms
`)
	res2 := run(t, p2, Options{BaseURL: echo.URL, Dir: dir2, Secrets: map[string]string{"DEMO_PASSWORD": secret}})
	wantDecision(t, res2, evidence.Failed)
	if !strings.Contains(res2.Manifest.Journeys[0].Steps[2].Actual, evidence.Masked) {
		t.Errorf("the failing step's actual text should show the echoed secret masked: %q", res2.Manifest.Journeys[0].Steps[2].Actual)
	}

	spellings := []string{secret, url.QueryEscape(secret), url.PathEscape(secret), strings.ReplaceAll(secret, "&", "&amp;")}
	for _, d := range []string{dir, dir2} {
		files, _ := os.ReadDir(d)
		if len(files) < 5 {
			t.Fatalf("%s holds only %d files", d, len(files))
		}
		for _, f := range files {
			if strings.HasSuffix(f.Name(), ".webp") || strings.HasSuffix(f.Name(), ".jpg") {
				continue // pixels; see the evidence package's note
			}
			content := readArtifact(t, d, f.Name())
			for _, s := range spellings {
				if strings.Contains(content, s) {
					t.Errorf("%s holds the secret as %q", f.Name(), s)
				}
			}
		}
	}
	for _, r := range []*Result{res, res2} {
		b, _ := json.Marshal(r.Manifest)
		for _, s := range spellings {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("the result's manifest holds the secret as %q", s)
			}
		}
	}
	// The form post really carried the secret: the HAR holds it masked.
	h := readArtifact(t, dir, res.Manifest.Journeys[0].HAR)
	if !strings.Contains(h, evidence.Masked) {
		t.Error("the HAR does not show the masked password field")
	}
}

var hashRE = regexp.MustCompile(`[0-9a-f]{64}`)

// TestRepairPrompt checks the prompt of a failing step: it names the
// requirement, the step, what was expected and seen, the page, and the
// evidence files; it is short and the same from run to run.
func TestRepairPrompt(t *testing.T) {
	p := mustPlan(t, `
version: 1
name: sign-in
requirements:
  - {id: R1, text: Signing in as the demo user shows the dashboard}
journeys:
  - name: sign in
    requirement: R1
    steps:
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - click: role=button[name="Log in"]
        timeout: 300ms
      - expect_text: Welcome back
`)
	var prompts []string
	for range 2 {
		res := run(t, p, Options{})
		wantDecision(t, res, evidence.Failed)
		j := res.Manifest.Journeys[0]
		s := j.Steps[2]
		pr := j.RepairPrompt
		for _, want := range []string{
			`Journey 1 "sign in" failed`,
			"Requirement R1: Signing in as the demo user shows the dashboard",
			`Step 3 of 4: Click the "Log in" button`,
			`as written: {"click":"role=button[name=\"Log in\"]","timeout":"300ms"}`,
			`expected: the "Log in" button (role=button[name="Log in"]) to be visible and enabled`,
			"actual: no element on the page matches it; closest on the page: ",
			`button "Sign in"`,
			"page: " + appURL + `/login (HTTP 200), title "Sign in"`,
			"1. Go to /login",
			"2. Type \"demo@example.com\" into the field labelled \"Email\"",
			"1 later step was not run.",
			"screenshot after step 3: " + s.Screenshot,
			"DOM snapshot at step 3: " + s.DOM,
			"network log (HAR, opens in Chrome DevTools): " + j.HAR,
			"console log: " + j.Console,
		} {
			if !strings.Contains(pr, want) {
				t.Errorf("prompt lacks %q:\n%s", want, pr)
			}
		}
		if n := strings.Count(pr, "\n"); n > 60 {
			t.Errorf("prompt has %d lines", n)
		}
		if got := RepairPrompt(res.Manifest); got != res.Manifest.RepairPrompt || !strings.Contains(got, pr) {
			t.Errorf("RepairPrompt(manifest) differs from the manifest's:\n%s\n---\n%s", got, res.Manifest.RepairPrompt)
		}
		prompts = append(prompts, hashRE.ReplaceAllString(res.Manifest.RepairPrompt, "<hash>"))
	}
	if prompts[0] != prompts[1] {
		t.Errorf("the prompt changed between identical runs:\n%s\n---\n%s", prompts[0], prompts[1])
	}
}

// TestCanaryControl shows that the canary can be reached without the deny
// rule, so TestDecisions's zero hits mean the policy held.
func TestCanaryControl(t *testing.T) {
	can := newCanary(t)
	srv := servePages(t, map[string]string{
		"/": `<title>c</title><h1>Control</h1><img src="` + can.URL + `/img.png">`,
	})
	r, err := New(Config{Evidence: EvidenceOff, Policy: &netpolicy.Policy{}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), journeyPlan(t, "      - visit: /\n      - expect_no_text: nothing\n"), Options{BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	wantDecision(t, res, evidence.Verified)
	if can.hits.Load() == 0 {
		t.Error("the canary was not reached without the deny rule: the canary test proves nothing")
	}
}
