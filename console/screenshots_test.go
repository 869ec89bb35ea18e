//go:build screenshots

// This file is a generator, not a check: built only with -tags screenshots,
// so the test list of a normal run holds no test that always skips.

package console_test

import (
	"context"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/testapp"
)

// TestScreenshots regenerates docs/screenshots/: a server seeded with ten
// days of runs (real runs in Chromium against testapp), keys, people and
// API requests, photographed page by page in real Chromium.
//
//	go test -tags screenshots ./console -run TestScreenshots
func TestScreenshots(t *testing.T) {
	needChrome(t)
	var offset atomic.Int64 // how far in the past the service's clock is
	e := start(t, options{workers: true, customize: func(c *service.Config) {
		c.Now = func() time.Time { return time.Now().Add(-time.Duration(offset.Load())) }
		c.LookupEnv = func(k string) (string, bool) {
			if k == "VOUCH_SECRET_DEMO_PASSWORD" {
				return testapp.DefaultPassword, true
			}
			return "", false
		}
	}})
	ctx := context.Background()
	admin, _ := e.svc.GetUserByEmail(ctx, e.email)
	me := service.Principal{UserID: admin.ID}
	e.addPerson("ben@example.com", "ben's long password", false)
	cy := e.addPerson("cy@example.com", "cy's long password", false)
	cy.Disabled = true
	if err := e.svc.UpdateUser(ctx, cy); err != nil {
		t.Fatal(err)
	}
	ciSecret, ci := e.newKey(auth.ScopeLaunch, "ci-staging")
	_, gha := e.newKey(auth.ScopeLaunch, "github-actions")
	mcpSecret, _ := e.newKey(auth.ScopeRead, "mcp-laptop")
	_, old := e.newKey(auth.ScopeRead, "old-deploy-bot")
	if _, err := e.svc.RevokeKey(ctx, old.ID); err != nil {
		t.Fatal(err)
	}
	plan := func(claim, deployment string, by service.Principal, approve bool) *service.Plan {
		t.Helper()
		p, err := e.svc.CreatePlan(ctx, by, service.CreateRequest{DeploymentURL: deployment, Claim: claim})
		if err != nil {
			t.Fatalf("%s: %v", claim, err)
		}
		if approve {
			if p, err = e.svc.Approve(ctx, me, p.ID, p.ContractID); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	home := plan(`The home page shows "Welcome to testapp"`, e.appURL, me, true)
	docs := plan(`The docs page has the heading "Getting started"`, e.appURL, service.Principal{KeyID: ci.ID, Scope: "launch"}, true)
	signin := plan(`Signing in as demo@example.com shows the dashboard`, e.appURL, me, true)
	run := func(p *service.Plan, by service.Principal) *service.Verification {
		t.Helper()
		v, err := e.svc.StartRun(ctx, by, service.CreateRequest{ReviewedPlanID: p.ID})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// Ten days of history: runs at a moved clock, each day's runs
	// finished before the clock moves on (their leases use it).
	perDay := []int{2, 1, 3, 0, 2, 4, 1, 2, 3}
	payers := []service.Principal{{KeyID: ci.ID, Scope: "launch"}, me, {KeyID: gha.ID, Scope: "launch"}}
	plans := []*service.Plan{home, docs, signin}
	n := 0
	for i, count := range perDay {
		offset.Store(int64(time.Duration(len(perDay)-i) * 24 * time.Hour))
		var vs []*service.Verification
		for range count {
			vs = append(vs, run(plans[n%len(plans)], payers[n%len(payers)]))
			n++
		}
		for _, v := range vs {
			e.waitDone(v.ID)
		}
	}
	offset.Store(0)
	if err := e.app.Set("login", true); err != nil {
		t.Fatal(err)
	}
	failed := e.waitDone(run(signin, me).ID)
	if err := e.app.Set("login", false); err != nil {
		t.Fatal(err)
	}
	verified := e.waitDone(run(home, service.Principal{KeyID: ci.ID, Scope: "launch"}).ID)
	closed := closedPort(t)
	e.waitDone(run(plan(`The home page shows "Welcome to testapp"`, closed, me, true), me).ID)
	e.waitDone(run(docs, service.Principal{KeyID: gha.ID, Scope: "launch"}).ID)
	pending := plan(`Adding a todo "Buy milk" shows "1 item left"`, e.appURL, service.Principal{KeyID: ci.ID, Scope: "launch"}, false)
	plan(`Submitting the contact form with an empty email shows "Email is required"`, e.appURL, me, false)
	rejected := plan(`The pricing page lists 3 plans`, e.appURL, service.Principal{KeyID: ci.ID, Scope: "launch"}, false)
	if _, err := e.svc.Reject(ctx, me, rejected.ID, "the plans are cards, not list items"); err != nil {
		t.Fatal(err)
	}
	// Some API traffic for the request inspector.
	var lastID string
	for _, c := range []struct{ method, path, key, body string }{
		{"GET", "/api/v1/usage", ciSecret, ""},
		{"GET", "/api/v1/verifications/" + verified.ID, mcpSecret, ""},
		{"POST", "/api/v1/verifications", mcpSecret, `{"deployment_url":"` + e.appURL + `","claim":"The about page shows \"About us\""}`},
		{"POST", "/api/v1/verifications", mcpSecret, `{"deployment_url":"` + e.appURL + `","claim":"The app feels fast"}`},
		{"GET", "/api/v1/verifications/ver_0000000000", ciSecret, ""},
		{"POST", "/api/v1/verifications/plans/" + pending.ID + "/approve", ciSecret, ""},
		{"GET", "/api/v1/verifications/" + failed.ID, "vch_notakey", ""},
		{"GET", "/api/v1/verifications/" + failed.ID, ciSecret, ""},
	} {
		_, h, _ := e.api(c.method, c.path, c.key, c.body)
		lastID = h.Get("X-Request-Id")
	}
	waitLogged(t, e, lastID)

	// Photograph.
	p := e.signIn(e.email, e.password)
	base, _ := url.Parse(e.base)
	var session string
	for _, c := range p.c.Jar.Cookies(base) {
		if c.Name == auth.SessionCookieName {
			session = c.Value
		}
	}
	chrome := "/usr/lib/chromium/chromium"
	if v := os.Getenv("VOUCH_CHROME"); v != "" {
		chrome = v
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1280, 860), chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer func() {
		if err := chromedp.Cancel(bctx); err != nil {
			t.Log(err)
		}
		bcancel()
	}()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	shoot := func(name string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(bctx, 60*time.Second)
		defer cancel()
		steps = append([]chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1280, 860)}, steps...)
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// A full-page picture shows what is below the fold: load the
		// lazy thumbnails there first.
		if _, err := chromedp.Run(sctx, chromedp.Evaluate[bool](eagerImages, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The whole page in one viewport: a beyond-the-viewport capture
		// leaves out-of-process frames (the sandboxed DOM view) blank.
		h, err := chromedp.Run(sctx, chromedp.Evaluate[int64](`document.documentElement.scrollHeight`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := chromedp.Do(sctx, chromedp.EmulateViewport(1280, max(h, 860)), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		png, err := chromedp.Run(sctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shoot("sign-in", chromedp.Navigate(e.base+"/console/sign-in"))
	if _, err := chromedp.Call(bctx, network.SetCookie, network.SetCookieParams{Name: auth.SessionCookieName, Value: session, URL: e.base + "/", HTTPOnly: new(true)}); err != nil {
		t.Fatal(err)
	}
	shoot("new-verification", chromedp.Navigate(e.base+"/console/new?deployment_url="+url.QueryEscape(e.appURL)+"&claim="+url.QueryEscape(`Signing in as demo@example.com shows the dashboard`)))
	shoot("new-verification-refused", chromedp.Navigate(e.base+"/console/new?deployment_url="+url.QueryEscape(e.appURL)+"&claim="+url.QueryEscape("The checkout is fast and reliable")),
		chromedp.Click(chromedp.CSS("form.stack button.primary")), chromedp.WaitVisible(chromedp.CSS(".problem")))
	shoot("review", chromedp.Navigate(e.base+"/console/plans"))
	shoot("plan", chromedp.Navigate(e.base+"/console/plans/"+pending.ID))
	shoot("verifications", chromedp.Navigate(e.base+"/console/verifications"))
	shoot("result-verified", chromedp.Navigate(e.base+"/console/verifications/"+verified.ID))
	shoot("result-failed", chromedp.Navigate(e.base+"/console/verifications/"+failed.ID))
	// A run in progress: the home page answers after 3 s.
	if err := e.app.Set("slow-home", true); err != nil {
		t.Fatal(err)
	}
	slow := run(home, me)
	for {
		v, _ := e.svc.GetVerification(ctx, slow.ID)
		if v.State == "running" && v.Progress != nil && len(v.Progress.Journeys) > 0 && v.Progress.Journeys[0].State == "running" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	shoot("result-running", chromedp.Navigate(e.base+"/console/verifications/"+slow.ID))
	e.waitDone(slow.ID)
	if err := e.app.Set("slow-home", false); err != nil {
		t.Fatal(err)
	}
	shoot("keys", chromedp.Navigate(e.base+"/console/keys"))
	shoot("key-created", chromedp.Navigate(e.base+"/console/keys"),
		chromedp.SendKeys(chromedp.CSS("#key-name"), "staging-smoke"),
		chromedp.Click(chromedp.CSS("form.stack button.primary")), chromedp.WaitVisible(chromedp.CSS("#secret")))
	shoot("usage", chromedp.Navigate(e.base+"/console/usage"))
	shoot("requests", chromedp.Navigate(e.base+"/console/requests"))
	shoot("people", chromedp.Navigate(e.base+"/console/people"))
}

// eagerImages loads every visible lazy image and resolves when all have
// loaded.
const eagerImages = `Promise.all([...document.images].filter(i => i.checkVisibility()).map(i => {
	i.loading = "eager";
	return i.complete ? true : new Promise(r => { i.onload = i.onerror = r; });
})).then(() => true)`

// closedPort returns a loopback URL nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}
