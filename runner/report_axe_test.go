package runner

import (
	"context"
	"encoding/json"
	"image"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/vouchdev/vouch/evidence"
	_ "golang.org/x/image/webp"
)

// TestReportAccessibleAndLight opens the report.html of a real run with a
// failing journey in Chromium, from the run directory as a person would
// (file://), and checks that axe-core finds no violation, that every
// screenshot it shows loads, and that only the failing step's screenshot
// is embedded: the others are the files beside it.
func TestReportAccessibleAndLight(t *testing.T) {
	axe, err := os.ReadFile(filepath.Join("..", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is missing in CI (npm ci installs it): %v", err)
		}
		t.Skip("node_modules/axe-core is missing: run npm ci at the repository root")
	}
	dir := t.TempDir()
	p := mustPlan(t, `
version: 1
name: report check
requirements:
  - {id: R1, text: Signing in shows the dashboard}
journeys:
  - name: sign in
    requirement: R1
    steps:
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: demo-password}
      - click: role=button[name="Sign in"]
      - expect_text: Welcome back
  - name: settled page
    steps:
      - visit: /late/settled
      - expect_text: 'Never "shown"'
`)
	res := run(t, p, Options{Dir: dir})
	wantDecision(t, res, evidence.Failed)
	if res.Manifest.Browser == nil || res.Manifest.Browser.Path == "" || res.Manifest.Browser.Version == "" {
		t.Errorf("the manifest does not name the browser: %+v", res.Manifest.Browser)
	}
	html, err := os.ReadFile(res.Report)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `src="data:image/`); n != 1 {
		t.Errorf("%d screenshots embedded, want 1 (the failing step's)", n)
	}
	if !strings.Contains(string(html), res.Manifest.Browser.Path) {
		t.Errorf("the report does not name the browser %s", res.Manifest.Browser.Path)
	}
	// Screenshots of passing steps are scaled down (800×450), the failing
	// step's is full size.
	for _, j := range res.Manifest.Journeys {
		for _, s := range j.Steps {
			if s.Screenshot == "" {
				continue
			}
			f, err := os.Open(filepath.Join(dir, s.Screenshot))
			if err != nil {
				t.Fatal(err)
			}
			c, format, err := image.DecodeConfig(f)
			f.Close()
			if err != nil {
				t.Fatalf("journey %d step %d screenshot: %v", j.Index, s.Index, err)
			}
			want, wantFormat := [2]int{800, 450}, "jpeg"
			if s.Status == evidence.StepFailed {
				want, wantFormat = [2]int{viewportW, viewportH}, "jpeg"
			}
			if format != wantFormat || !strings.HasSuffix(s.Screenshot, ".jpg") {
				t.Errorf("journey %d step %d (%s) screenshot %s is %s, want %s", j.Index, s.Index, s.Status, s.Screenshot, format, wantFormat)
			}
			if got := [2]int{c.Width, c.Height}; got != want {
				t.Errorf("journey %d step %d (%s) screenshot is %v, want %v", j.Index, s.Index, s.Status, got, want)
			}
		}
	}
	for _, j := range res.Manifest.Journeys {
		for _, s := range j.Steps {
			// Each visit changes the page; a failure always has one.
			if (s.Kind == "visit" || s.Status == evidence.StepFailed) && s.DOM == "" {
				t.Errorf("journey %d step %d (%s) has no DOM snapshot", j.Index, s.Index, s.Kind)
			}
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	br, err := shared.browser(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := br.tab(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer br.release(tb)
	call := func(method string, f func(ctx context.Context) error) {
		t.Helper()
		cctx, ccancel := context.WithTimeout(tb.ctx, 30*time.Second)
		defer ccancel()
		if err := f(cctx); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
	call("navigate", func(ctx context.Context) error {
		// The report's CSP forbids scripts; axe is the test's, not the page's.
		if _, err := cdp.Call(ctx, tb.t, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tb.t, page.Navigate, page.NavigateParams{URL: "file://" + res.Report})
		return err
	})
	eval := func(expr string) json.RawMessage {
		t.Helper()
		var out json.RawMessage
		call("evaluate", func(ctx context.Context) error {
			r, err := cdp.Call(ctx, tb.t, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, AwaitPromise: new(true), ReturnByValue: new(true)})
			if err != nil {
				return err
			}
			if r.ExceptionDetails != nil {
				return &json.UnsupportedValueError{Str: exceptionText(r.ExceptionDetails)}
			}
			out = json.RawMessage(r.Result.Value)
			return nil
		})
		return out
	}
	// Wait for the page and its images.
	eval(`new Promise(r => { const go = () => Promise.all([...document.images].map(i => i.decode().catch(() => {}))).then(() => r(1)); document.readyState === 'complete' ? go() : addEventListener('load', go); })`)
	var broken []string
	_ = json.Unmarshal(eval(`[...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src').slice(0, 80))`), &broken)
	if len(broken) > 0 {
		t.Errorf("screenshots that do not load from the run directory: %v", broken)
	}
	eval(string(axe) + "\n;1")
	var violations []struct {
		ID    string `json:"id"`
		Help  string `json:"help"`
		Nodes []struct {
			HTML    string `json:"html"`
			Summary string `json:"failureSummary"`
		} `json:"nodes"`
	}
	raw := eval(`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map(n => ({html: n.html.slice(0, 160), failureSummary: n.failureSummary}))})))`)
	if err := json.Unmarshal(raw, &violations); err != nil {
		t.Fatalf("axe result: %v: %s", err, raw)
	}
	for _, v := range violations {
		t.Errorf("axe: %s: %s", v.ID, v.Help)
		for _, n := range v.Nodes {
			t.Logf("  %s\n    %s", n.HTML, strings.ReplaceAll(n.Summary, "\n", "\n    "))
		}
	}
}
