// Package servertest starts a real vouch server for tests: the server of
// vouch serve (package server) on 127.0.0.1:0 with a temporary data
// directory (and SQLite in it, or with VOUCH_TEST_STORE=postgres a fresh
// PostgreSQL database), the demo target app (testapp) on loopback, a person who can
// sign in and approve, and two API keys. Nothing is mocked: the database
// is real SQLite, the browser real Chromium, requests real HTTP. The
// end-to-end tests, the console's tests and the tests of every client (the
// Go SDK, the CLI, the MCP server) share it.
package servertest

import (
	"context"
	"database/sql"
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

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/server"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/backend"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
	"github.com/vouchdev/vouch/testapp"
)

// HomeClaim is provable against testapp: verified as it is, failed with
// its home-text switch on, blocked against a closed port.
const HomeClaim = `The home page shows "Welcome to testapp"`

// Options adjust the server. The zero value is a server with two workers,
// the real claim deriver and no rate limit.
type Options struct {
	// RateLimit is requests per second per key. Defaults to off (tests
	// make many requests); the burst is the API's default.
	RateLimit float64
	// NoWorkers serves the API without running anything (runs stay
	// queued, no Chromium is started).
	NoWorkers bool
	// Customize adjusts the service's configuration.
	Customize func(*service.Config)
	// Deriver turns claims into plans. Defaults to vouch's own.
	Deriver service.Deriver
	// AllowTargets is --allow-targets. Defaults to none (any address
	// but link-local and metadata ones).
	AllowTargets []string
	// Admin makes the person an administrator.
	Admin bool
	// Email is the person's email. Defaults to reviewer@example.com.
	Email string
	// NoKeys starts without the two API keys.
	NoKeys bool
	// Channels configures chat and webhooks.
	Channels server.ChannelsConfig
}

// Env is one running vouch with its target app, person and keys.
type Env struct {
	URL         string // vouch's base URL
	Server      *server.Server
	Service     *service.Service
	DataDir     string
	Database    string // SQLite file or postgres:// URL
	App         *testapp.App
	AppURL      string
	LaunchKey   string // scope launch
	LaunchKeyID string
	ReadKey     string // scope read
	ReadKeyID   string
	Email       string
	Password    string
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

// Logger is where a test server logs: nowhere, or with -v its warnings
// and errors to the test's log.
func Logger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return slog.New(slog.DiscardHandler)
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// Start runs vouch and testapp; both stop when the test ends.
func Start(t testing.TB, o Options) *Env {
	t.Helper()
	app := testapp.New()
	appSrv := httptest.NewServer(app.Handler())
	t.Cleanup(appSrv.Close)
	if o.RateLimit == 0 {
		o.RateLimit = -1
	}
	if o.Email == "" {
		o.Email = "reviewer@example.com"
	}
	dir := t.TempDir()
	database := pgtest.Database(t, dir)
	srv, err := server.New(server.Config{
		Addr: "127.0.0.1:0", DataDir: dir, Database: database, Workers: 2, Logger: Logger(t),
		RateLimit: o.RateLimit, NoWorkers: o.NoWorkers, Customize: o.Customize,
		Deriver: o.Deriver, AllowTargets: o.AllowTargets, Channels: o.Channels,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		_ = srv.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	e := &Env{URL: srv.URL(), Server: srv, Service: srv.Service(), DataDir: dir, Database: database, App: app, AppURL: appSrv.URL,
		Email: o.Email, Password: "correct horse battery"}
	if !o.NoKeys {
		e.LaunchKey, e.LaunchKeyID = e.NewKeyID(t, auth.ScopeLaunch, "test launch")
		e.ReadKey, e.ReadKeyID = e.NewKeyID(t, auth.ScopeRead, "test read")
	}
	e.AddPerson(t, e.Email, e.Password, o.Admin)
	return e
}

// NewKey stores a new API key with scope and returns its secret.
func (e *Env) NewKey(t testing.TB, scope auth.Scope) string {
	t.Helper()
	s, _ := e.NewKeyID(t, scope, "test "+string(scope))
	return s
}

// NewKeyID stores a new API key named name and returns its secret and id.
func (e *Env) NewKeyID(t testing.TB, scope auth.Scope, name string) (secret, id string) {
	t.Helper()
	k, err := auth.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	sk, err := e.Service.CreateKey(context.Background(), service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(scope), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return k.Secret, sk.ID
}

// AddPerson stores a person who can sign in with password.
func (e *Env) AddPerson(t testing.TB, email, password string, admin bool) *service.User {
	t.Helper()
	h, err := auth.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	u, err := e.Service.CreateUser(context.Background(), service.NewUser{Email: email, PasswordHash: h, Admin: admin})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Person is a signed-in person's browser session: a cookie jar and the
// session's CSRF token.
type Person struct {
	url    string // vouch's base URL
	Client *http.Client
	CSRF   string
}

var csrfRe = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// SignIn signs the Env's person in through the console's form, as a
// browser does.
func (e *Env) SignIn(t testing.TB) *Person { t.Helper(); return SignIn(t, e.URL, e.Email, e.Password) }

// SignInAs signs a person in through the console's form.
func (e *Env) SignInAs(t testing.TB, email, password string) *Person {
	t.Helper()
	return SignIn(t, e.URL, email, password)
}

// SignIn signs a person in through the console's form of the vouch at
// base (which need not have been started by Start).
func SignIn(t testing.TB, base, email, password string) *Person {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 60 * time.Second}
	page := get(t, c, base+"/console/sign-in")
	m := csrfRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no csrf_token in the sign-in page:\n%s", page)
	}
	res, err := c.PostForm(base+"/console/sign-in", url.Values{"email": {email}, "password": {password}, "csrf_token": {m[1]}, "next": {"/console/plans"}})
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
	return &Person{url: base, Client: c, CSRF: m[1]}
}

// Approve approves a plan with the person's session and CSRF token.
func (p *Person) Approve(t testing.TB, planID string) {
	t.Helper()
	req, _ := http.NewRequest("POST", p.url+"/api/v1/verifications/plans/"+planID+"/approve", nil)
	req.Header.Set("X-CSRF-Token", p.CSRF)
	res, err := p.Client.Do(req)
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
	res, err := p.Client.PostForm(p.url+"/console/plans/"+planID+"/reject", url.Values{"csrf_token": {p.CSRF}, "reason": {reason}})
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
	ps, err := e.Service.ListPlans(context.Background(), "", 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(ps)
}

// Verifications returns how many verifications are stored.
func (e *Env) Verifications(t testing.TB) int {
	t.Helper()
	vs, err := e.Service.ListVerifications(context.Background(), service.VerificationFilter{})
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

// Exec runs a statement on the server's database behind vouch's back (as a
// bad disk or a person with database access would) and returns how many
// rows it changed. q is written with ? placeholders and SQL both SQLite
// and PostgreSQL accept.
func (e *Env) Exec(t testing.TB, q string, args ...any) int64 {
	t.Helper()
	db := e.openDB(t)
	defer db.Close()
	res, err := db.Exec(e.rebind(q), args...)
	if err != nil {
		t.Fatal(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// QueryInt runs a query with one integer answer on the server's database
// (see Exec).
func (e *Env) QueryInt(t testing.TB, q string, args ...any) int {
	t.Helper()
	db := e.openDB(t)
	defer db.Close()
	var n int
	if err := db.QueryRow(e.rebind(q), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (e *Env) openDB(t testing.TB) *sql.DB {
	t.Helper()
	var db *sql.DB
	var err error
	if backend.IsPostgres(e.Database) {
		db, err = sql.Open("pgx", e.Database)
	} else {
		db, err = sql.Open("sqlite", "file:"+e.Database+"?_pragma=busy_timeout(10000)")
	}
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// rebind numbers q's ? placeholders for PostgreSQL.
func (e *Env) rebind(q string) string {
	if !backend.IsPostgres(e.Database) {
		return q
	}
	for i := 1; strings.Contains(q, "?"); i++ {
		q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
	}
	return q
}
