// Package clienttest starts a real vouch server for the tests of its
// clients (the Go SDK, the CLI, the MCP server): the server of vouch serve
// on 127.0.0.1:0 with SQLite in a temporary directory, the real claim
// deriver and Chromium, the demo target app (testapp) on loopback, a person
// who can sign in and approve, and two API keys. Nothing is mocked.
package clienttest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/api/server"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/testapp"
)

// HomeClaim is provable against testapp: verified as it is, failed with
// its home-text switch on, blocked against a closed port.
const HomeClaim = `The home page shows "Welcome to testapp"`

// Options adjust the server.
type Options struct {
	// RateLimit is requests per second per key. Defaults to off (tests
	// make many requests).
	// The burst is the API's default: twice the limit, at least 1.
	RateLimit float64
	// NoWorkers serves the API without running anything.
	NoWorkers bool
	// Customize adjusts the service's configuration.
	Customize func(*service.Config)
}

// Env is one running vouch with its target app, person and keys.
type Env struct {
	// URL is where clients reach vouch: the server itself when it mounts
	// the client channels (/mcp and progress, MountClientChannels), else a
	// front that adds them to its routes.
	URL       string
	Server    *server.Server
	DataDir   string
	App       *testapp.App
	AppURL    string
	LaunchKey string // scope launch
	ReadKey   string // scope read
	Email     string
	Password  string
}

// NeedChrome skips the test when Chromium is missing, unless CI=true,
// where it fails.
func NeedChrome(t testing.TB) {
	t.Helper()
	if _, err := runner.FindChrome(); err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("Chromium is not installed, and CI=true: install it (apt-get install chromium)")
	}
	t.Skip("skipping: Chromium is not installed (set VOUCH_CHROME or install chromium)")
}

// Start runs vouch and testapp; both stop when the test ends.
func Start(t testing.TB, o Options) *Env {
	t.Helper()
	app := testapp.New()
	appSrv := httptest.NewServer(app.Handler())
	t.Cleanup(appSrv.Close)

	// The front is created first so that its URL is the server's public
	// URL (approve links, evidence URLs).
	var front http.Handler
	fs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { front.ServeHTTP(w, r) }))
	t.Cleanup(fs.Close)

	if o.RateLimit == 0 {
		o.RateLimit = -1
	}
	dir := t.TempDir()
	srv, err := server.New(server.Config{
		Addr: "127.0.0.1:0", DataDir: dir, Workers: 2, PublicURL: fs.URL,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: o.RateLimit,
		NoWorkers: o.NoWorkers, Customize: o.Customize,
	})
	if err != nil {
		t.Fatal(err)
	}
	front = srv.Handler()
	if !servesClientChannels(front) {
		// A server that does not mount them itself gets them here, so
		// that clients are tested the same either way.
		m := http.NewServeMux()
		srv.MountClientChannels(m)
		m.Handle("/", srv.Handler())
		front = m
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	e := &Env{URL: fs.URL, Server: srv, DataDir: dir, App: app, AppURL: appSrv.URL,
		Email: "reviewer@example.com", Password: "correct horse battery"}
	e.LaunchKey = e.NewKey(t, auth.ScopeLaunch)
	e.ReadKey = e.NewKey(t, auth.ScopeRead)
	h, err := auth.HashPassword(e.Password)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Service().CreateUser(context.Background(), service.NewUser{Email: e.Email, PasswordHash: h}); err != nil {
		t.Fatal(err)
	}
	return e
}

// servesClientChannels reports whether h serves /mcp (its refusal of a
// request without a key says so) and journey progress.
func servesClientChannels(h http.Handler) bool {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/mcp", nil))
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Header().Get("WWW-Authenticate"), `realm="vouch"`) {
		return false
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/verifications/ver_x/progress", nil))
	return !strings.Contains(rec.Body.String(), "no such endpoint")
}

// NewKey stores a new API key with scope and returns its secret.
func (e *Env) NewKey(t testing.TB, scope auth.Scope) string {
	t.Helper()
	k, err := auth.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Server.Service().CreateKey(context.Background(), service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(scope), Name: "test " + string(scope)}); err != nil {
		t.Fatal(err)
	}
	return k.Secret
}

// Person is a signed-in person's browser session.
type Person struct {
	e    *Env
	c    *http.Client
	csrf string
}

var csrfRe = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// SignIn signs the person in through the console's form, as a browser
// does.
func (e *Env) SignIn(t testing.TB) *Person {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 60 * time.Second}
	page := get(t, c, e.URL+"/console/sign-in")
	m := csrfRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no csrf_token in the sign-in page:\n%s", page)
	}
	res, err := c.PostForm(e.URL+"/console/sign-in", url.Values{"email": {e.Email}, "password": {e.Password}, "csrf_token": {m[1]}, "next": {"/console/plans"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Request.URL.Path != "/console/plans" {
		t.Fatalf("sign-in ended at %s with %d:\n%s", res.Request.URL, res.StatusCode, b)
	}
	if m = csrfRe.FindStringSubmatch(string(b)); m == nil {
		t.Fatalf("no csrf_token on the signed-in page:\n%s", b)
	}
	return &Person{e: e, c: c, csrf: m[1]}
}

// Approve approves a plan with the person's session and CSRF token.
func (p *Person) Approve(t testing.TB, planID string) {
	t.Helper()
	req, _ := http.NewRequest("POST", p.e.URL+"/api/v1/verifications/plans/"+planID+"/approve", nil)
	req.Header.Set("X-CSRF-Token", p.csrf)
	res, err := p.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("approve %s: %d %s", planID, res.StatusCode, b)
	}
}

// Reject rejects a plan through the console's form.
func (p *Person) Reject(t testing.TB, planID, reason string) {
	t.Helper()
	res, err := p.c.PostForm(p.e.URL+"/console/plans/"+planID+"/reject", url.Values{"csrf_token": {p.csrf}, "reason": {reason}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Request.URL.Path != "/console/plans/"+planID {
		t.Fatalf("reject ended at %s with %d", res.Request.URL, res.StatusCode)
	}
}

// Approve signs the person in and approves a plan.
func (e *Env) Approve(t testing.TB, planID string) { t.Helper(); e.SignIn(t).Approve(t, planID) }

// Charges returns how many verifications the ledger holds.
func (e *Env) Charges(t testing.TB) int {
	t.Helper()
	req, _ := http.NewRequest("GET", e.URL+"/api/v1/usage", nil)
	req.Header.Set("x-api-key", e.ReadKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var u struct {
		Total *int `json:"total"`
	}
	if err := json.NewDecoder(res.Body).Decode(&u); err != nil || res.StatusCode != 200 || u.Total == nil {
		t.Fatalf("usage: %d %v", res.StatusCode, err)
	}
	return *u.Total
}

// Plans returns how many plans are stored.
func (e *Env) Plans(t testing.TB) int {
	t.Helper()
	ps, err := e.Server.Service().ListPlans(context.Background(), "", 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(ps)
}

// Verifications returns how many verifications are stored.
func (e *Env) Verifications(t testing.TB) int {
	t.Helper()
	vs, err := e.Server.Service().ListVerifications(context.Background(), service.VerificationFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return len(vs)
}

// ClosedPort returns a loopback URL nothing listens on: a run against it
// is blocked.
func ClosedPort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// PlanIDIn finds the first plan id (pln_…) in s.
func PlanIDIn(s string) string { return planRe.FindString(s) }

// VerificationIDIn finds the first verification id (ver_…) in s.
func VerificationIDIn(s string) string { return verRe.FindString(s) }

var (
	planRe = regexp.MustCompile(`pln_[A-Za-z0-9]+`)
	verRe  = regexp.MustCompile(`ver_[A-Za-z0-9]+`)
)

func get(t testing.TB, c *http.Client, u string) string {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// String describes the environment, for test logs.
func (e *Env) String() string { return fmt.Sprintf("vouch %s, testapp %s", e.URL, e.AppURL) }
