package runner

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/vouchdev/vouch/evidence"
)

// canary is a server on 127.0.0.2, which the shared policy denies: its hit
// count must stay 0.
type canary struct {
	*httptest.Server
	hits atomic.Int64
}

func newCanary(t testing.TB) *canary {
	t.Helper()
	ln, err := net.Listen("tcp", canaryHost+":0")
	if err != nil {
		t.Fatalf("listening on %s (the canary needs the 127.0.0.0/8 loopback range): %v", canaryHost, err)
	}
	c := &canary{}
	c.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<title>canary</title><h1>canary reached</h1>")
	}))
	c.Listener.Close()
	c.Listener = ln
	c.Start()
	t.Cleanup(c.Close)
	return c
}

// closedPort returns a loopback URL where nothing listens.
func closedPort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

func TestDecisions(t *testing.T) {
	can := newCanary(t)
	// A page on the allowed loopback address that leads to the canary in
	// every way a page can.
	pages := servePages(t, map[string]string{
		"/": `<title>ok</title><h1>Hello</h1>`,
		"/sub": fmt.Sprintf(`<title>sub</title><h1>Subresources</h1>
<img src="%[1]s/img.png"><script src="%[1]s/s.js"></script><link rel="stylesheet" href="%[1]s/c.css">
<iframe src="%[1]s/frame"></iframe>
<script>fetch("%[1]s/fetch").catch(() => {}); try { new WebSocket("%[2]s/ws"); } catch (e) {}
navigator.sendBeacon && navigator.sendBeacon("%[1]s/beacon", "x");</script>`, can.URL, strings.Replace(can.URL, "http", "ws", 1)),
		"/link":  fmt.Sprintf(`<title>link</title><a href="%s/page">Go to the canary</a>`, can.URL),
		"/popup": fmt.Sprintf(`<title>popup</title><h1>Popup</h1><script>window.open(%q)</script>`, can.URL+"/popup"),
	})
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, can.URL+"/redirected", http.StatusFound)
	}))
	defer redirect.Close()

	tests := []struct {
		name   string
		base   string
		steps  string
		o      Options
		want   evidence.Decision
		reason []string // words the journey's Reason holds
	}{
		{name: "verified", want: evidence.Verified, steps: `
      - visit: /
      - expect_visible: role=heading[name="Welcome to testapp"]`},
		{name: "failed by assertion", want: evidence.Failed, reason: []string{"step 2", `the title is "vouch testapp"`}, steps: `
      - visit: /
      - expect_title: Something else
        timeout: 300ms`},
		{name: "failed by missing target", want: evidence.Failed, reason: []string{"step 2", "no element"}, steps: `
      - visit: /
      - click: role=button[name="Buy now"]
        timeout: 300ms`},
		{name: "blocked by connection refused", base: closedPort(t), want: evidence.Blocked, reason: []string{"step 1", "refused"}, steps: `
      - visit: /`},
		{name: "blocked by 401 on the first page", want: evidence.Blocked, reason: []string{"401", "login wall"}, steps: `
      - visit: /secret
      - expect_text: Secret`},
		{name: "401 expected is not blocked", want: evidence.Verified, steps: `
      - visit: /secret
      - expect_status: 401`},
		{name: "blocked by a missing secret", want: evidence.Blocked, reason: []string{"DEMO_PASSWORD", "not given"}, steps: `
      - visit: /login
      - fill: {target: label=Password, secret: DEMO_PASSWORD}`},
		{name: "blocked by policy: base URL", base: can.URL, want: evidence.Blocked, reason: []string{canaryHost, "policy", "rule denied"}, steps: `
      - visit: /`},
		{name: "blocked by policy: redirect", base: redirect.URL, want: evidence.Blocked, reason: []string{canaryHost, "policy", "rule denied"}, steps: `
      - visit: /`},
		{name: "blocked by policy: link", base: pages.URL, want: evidence.Blocked, reason: []string{canaryHost, "policy"}, steps: `
      - visit: /link
      - click: role=link[name="Go to the canary"]
      - expect_text: canary reached`},
		{name: "policy: subresources refused, page verified", base: pages.URL, want: evidence.Verified, steps: `
      - visit: /sub
      - expect_text: Subresources`},
		{name: "policy: popup closed, page verified", base: pages.URL, want: evidence.Verified, steps: `
      - visit: /popup
      - expect_text: Popup`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.BaseURL = tc.base
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), o)
			wantDecision(t, res, tc.want)
			j := res.Manifest.Journeys[0]
			for _, w := range tc.reason {
				if !strings.Contains(j.Reason, w) {
					t.Errorf("reason %q lacks %q", j.Reason, w)
				}
			}
			if tc.want != evidence.Verified && j.RepairPrompt == "" {
				t.Error("no repair prompt")
			}
		})
	}
	// Give stray requests (a closed popup's load) time to land before
	// counting.
	time.Sleep(200 * time.Millisecond)
	if n := can.hits.Load(); n != 0 {
		t.Errorf("the canary on %s was reached %d times", canaryHost, n)
	}
}

// TestIsolation checks that journeys never share cookies: one signs in
// while another, at the same time and afterwards, is still signed out.
func TestIsolation(t *testing.T) {
	p := mustPlan(t, `
version: 1
name: isolation
journeys:
  - name: signs in
    steps:
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: demo-password}
      - click: role=button[name="Sign in"]
      - expect_url: /dashboard
      - visit: /dashboard
      - expect_text: Welcome back
  - name: signed out
    steps:
      - visit: /login
      - visit: /dashboard
      - expect_url: /login
  - name: signed out too
    steps:
      - visit: /dashboard
      - expect_url: /login
`)
	res := run(t, p, Options{})
	wantDecision(t, res, evidence.Verified)
	// And again: a warm browser keeps nothing from the last run.
	p2 := journeyPlan(t, "      - visit: /dashboard\n      - expect_url: /login\n")
	wantDecision(t, run(t, p2, Options{}), evidence.Verified)
}

// TestBudgets checks that journey and run budgets and cancellation block
// rather than hang, on a runner of their own with short budgets.
func TestBudgets(t *testing.T) {
	// Early failure is off: the waits below must spend the budgets.
	r, err := New(Config{JourneyTimeout: 1500 * time.Millisecond, RunTimeout: 4 * time.Second, Workers: 2, Settle: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Start the browser, so that the budgets below are the journeys'. On
	// a loaded machine the browser's start can take the first journey's
	// whole 1.5 s budget (blocked): a few tries, bounded, warm it.
	for try := 1; ; try++ {
		res, err := r.Run(context.Background(), journeyPlan(t, "      - visit: /\n"), Options{BaseURL: appURL, Dir: t.TempDir()})
		if err == nil && res.Decision == evidence.Verified {
			break
		}
		if try == 5 {
			t.Fatalf("warm-up run, %d tries: %v %v", try, err, res)
		}
	}
	long := journeyPlan(t, "      - visit: /\n      - wait_for: text=Never there\n        timeout: 20s\n")
	// Cancellation is timed from the end of step 1, on a runner whose
	// journey budget is long: a slow machine must not turn the case into
	// a different one (step 1 cut short, or the journey budget first).
	rc, err := New(Config{JourneyTimeout: 15 * time.Second, RunTimeout: 30 * time.Second, Workers: 2, Settle: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	tests := []struct {
		name   string
		r      *Runner
		cancel bool // cancel the caller's context soon after step 1 passes
		reason string
	}{
		{name: "journey budget", r: r, reason: "journey's time budget"},
		{name: "cancelled", r: rc, cancel: true, reason: "cancelled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			o := Options{BaseURL: appURL, Dir: t.TempDir()}
			if tc.cancel {
				o.Progress = func(e Event) {
					if e.Type == StepFinished && e.Step == 1 {
						time.AfterFunc(200*time.Millisecond, cancel)
					}
				}
			}
			start := time.Now()
			res, err := tc.r.Run(ctx, long, o)
			if err != nil {
				t.Fatal(err)
			}
			// Bounded by the wait's own 20 s, not by the machine's speed:
			// a run that lasted it was not cut by the budget or the cancel.
			if took := time.Since(start); took >= 20*time.Second {
				t.Errorf("took %s: the wait ran out, not the %s", took, tc.name)
			}
			wantDecision(t, res, evidence.Blocked)
			j := res.Manifest.Journeys[0]
			if !strings.Contains(j.Reason, tc.reason) {
				t.Errorf("reason %q lacks %q", j.Reason, tc.reason)
			}
			if j.Steps[0].Status != evidence.StepPassed || j.Steps[1].Status != evidence.StepBlocked {
				t.Errorf("steps are %s, %s; want passed, blocked\n%s", j.Steps[0].Status, j.Steps[1].Status, explain(res))
			}
		})
	}
	t.Run("run budget", func(t *testing.T) {
		p := mustPlan(t, `
version: 1
name: many
journeys:
  - {name: a, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
  - {name: b, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
  - {name: c, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
  - {name: d, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
  - {name: e, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
  - {name: f, steps: [{visit: /}, {wait_for: "text=Never", timeout: 20s}]}
`)
		start := time.Now()
		res, err := r.Run(context.Background(), p, Options{BaseURL: appURL, Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); took >= 20*time.Second {
			t.Errorf("took %s: the waits ran out, not the run budget (4s)", took)
		}
		wantDecision(t, res, evidence.Blocked)
		n := 0
		for _, j := range res.Manifest.Journeys {
			if strings.Contains(j.Reason, "run's time budget") {
				n++
			}
		}
		// Six journeys of 1.5 s on two workers need 4.5 s; the run has 4.
		if n < 2 {
			t.Errorf("%d journeys name the run's budget, want at least 2\n%s", n, explain(res))
		}
	})
}

// TestBrowserCrash kills Chromium during a run: the run is blocked, and
// the next run gets a new browser.
func TestBrowserCrash(t *testing.T) {
	r, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	slow := journeyPlan(t, "      - visit: /\n      - wait_for: text=Never there\n        timeout: 10s\n")
	started := make(chan struct{}, 1)
	o := Options{BaseURL: appURL, Dir: t.TempDir(), Progress: func(e Event) {
		if e.Type == StepFinished && e.Step == 1 {
			started <- struct{}{}
		}
	}}
	go func() {
		<-started
		r.mu.Lock()
		proc := r.br.proc
		r.mu.Unlock()
		_ = proc.Kill()
	}()
	start := time.Now()
	res, err := r.Run(context.Background(), slow, o)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took >= 10*time.Second {
		t.Errorf("a crashed browser held the run for %s, the wait's whole timeout", took)
	}
	wantDecision(t, res, evidence.Blocked)
	if !strings.Contains(res.Manifest.Journeys[0].Reason, "crash") {
		t.Errorf("reason %q does not say the browser crashed", res.Manifest.Journeys[0].Reason)
	}
	ok := journeyPlan(t, "      - visit: /\n      - expect_text: Welcome\n")
	res, err = r.Run(context.Background(), ok, Options{BaseURL: appURL, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	wantDecision(t, res, evidence.Verified)
}

// TestRendererCrash crashes the page's renderer during a wait: the journey
// is blocked at once, and the browser keeps serving other journeys.
func TestRendererCrash(t *testing.T) {
	p := journeyPlan(t, "      - visit: /about?crash-me\n      - wait_for: text=Never there\n        timeout: 10s\n")
	crashed := make(chan error, 1)
	o := Options{Progress: func(e Event) {
		if e.Type != StepFinished || e.Step != 1 {
			return
		}
		go func() { crashed <- crashTab(shared, "crash-me") }()
	}}
	start := time.Now()
	res := run(t, p, o)
	if err := <-crashed; err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took >= 10*time.Second {
		t.Errorf("a crashed renderer held the journey for %s, the wait's whole timeout", took)
	}
	wantDecision(t, res, evidence.Blocked)
	if r := res.Manifest.Journeys[0].Reason; !strings.Contains(r, "renderer process crashed") {
		t.Errorf("reason %q does not name the crash", r)
	}
	wantDecision(t, run(t, journeyPlan(t, "      - visit: /\n"), Options{}), evidence.Verified)
}

// crashTab crashes the renderer of the page whose URL contains marker,
// through a second session on its target.
func crashTab(r *Runner, marker string) error {
	r.mu.Lock()
	bctx := r.br.bctx
	r.mu.Unlock()
	infos, err := chromedp.Targets(bctx)
	if err != nil {
		return err
	}
	for _, ti := range infos {
		if ti.Type != "page" || !strings.Contains(ti.URL, marker) {
			continue
		}
		cctx, cancel := chromedp.NewContext(bctx, chromedp.WithTargetID(ti.TargetID), chromedp.WithDetachOnCancel())
		defer cancel()
		if err := chromedp.Do(cctx); err != nil {
			return err
		}
		tctx, tcancel := context.WithTimeout(cctx, time.Second)
		defer tcancel()
		_, _ = chromedp.Call(tctx, page.Crash, cdp.Empty{}) // never answers
		return nil
	}
	return fmt.Errorf("no page with %q among %d targets", marker, len(infos))
}
