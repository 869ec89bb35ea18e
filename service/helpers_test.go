package service_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/backend"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
)

// clock is the injected time: tests move it instead of sleeping.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Claims the test deriver knows, with the plans it derives for them. The
// plans are real and run against testapp.
const (
	claimHome  = "The home page welcomes visitors"
	claimAbout = "The about page is titled About us"
	claimLogin = "Signing in as the demo user shows the dashboard"
)

var plans = map[string]string{
	claimHome: `
name: home
requirements:
  - {id: R1, text: "The home page says Welcome to testapp"}
journeys:
  - name: home page
    requirement: R1
    steps:
      - visit: /
      - expect_text: Welcome to testapp
`,
	claimAbout: `
name: about
requirements:
  - {id: R1, text: "The about page is titled About us"}
  - {id: R2, text: "The about page has a heading"}
journeys:
  - name: about title
    requirement: R1
    steps:
      - visit: /about
      - expect_title: About us
  - name: about heading
    requirement: R2
    steps:
      - visit: /about
      - expect_visible: role=heading[name="About us"]
`,
	claimLogin: `
name: sign in
requirements:
  - {id: R1, text: "Signing in as the demo user shows the dashboard"}
journeys:
  - name: sign in
    requirement: R1
    steps:
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, secret: demo_password}
      - click: role=button[name="Sign in"]
      - expect_text: Welcome back, demo@example.com
`,
}

// refusal is how a deriver refuses a claim: an error with a repair prompt.
type refusal struct{ prompt string }

func (r *refusal) Error() string        { return "no check can prove this claim" }
func (r *refusal) RepairPrompt() string { return r.prompt }

func testDeriver(claim string) (service.Derivation, error) {
	src, ok := plans[claim]
	if !ok {
		return service.Derivation{}, &refusal{prompt: "Say what a visitor can see or do, e.g. \"The home page shows a Sign in link\"."}
	}
	p, err := plan.Parse([]byte(src))
	if err != nil {
		return service.Derivation{}, err
	}
	return service.Derivation{Plan: p, Notes: []string{"derived by the test deriver"}}, nil
}

type env struct {
	t     testing.TB
	svc   *service.Service
	store testStore
	clock *clock
	dir   string
	ctx   context.Context

	person service.Principal
	launch service.Principal
	read   service.Principal
}

// testStore is a store the tests can reach past (to tamper with a plan):
// SQLite's or, with VOUCH_TEST_STORE=postgres, PostgreSQL's.
type testStore interface {
	store.Store
	DB() *sql.DB
}

// exec runs a statement on the database past the store; q's ? placeholders
// are numbered for PostgreSQL when the tests run on it.
func (e *env) exec(q string, args ...any) {
	e.t.Helper()
	if pgtest.Chosen() {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	if _, err := e.store.DB().ExecContext(e.ctx, q, args...); err != nil {
		e.t.Fatal(err)
	}
}

type option func(*service.Config)

// newEnv opens a real store (SQLite in a temporary directory, or
// PostgreSQL with VOUCH_TEST_STORE=postgres) and a service
// on it (not started), with one person and two keys.
func newEnv(t testing.TB, opts ...option) *env {
	t.Helper()
	dir := t.TempDir()
	return newEnvAt(t, dir, newClock(), opts...)
}

func newEnvAt(t testing.TB, dir string, c *clock, opts ...option) *env {
	t.Helper()
	ctx := context.Background()
	st0, err := backend.Open(ctx, pgtest.Database(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	st := st0.(testStore)
	t.Cleanup(func() { st.Close() })
	cfg := service.Config{
		Store:        st,
		DataDir:      dir,
		PublicURL:    "https://vouch.example.test/",
		Deriver:      service.DeriverFunc(testDeriver),
		Now:          c.Now,
		PollInterval: 50 * time.Millisecond,
		LookupEnv:    func(string) (string, bool) { return "", false },
		Logger:       testLogger(),
	}
	for _, o := range opts {
		o(&cfg)
	}
	svc, err := service.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, svc: svc, store: st, clock: c, dir: dir, ctx: ctx}
	e.person = e.principal("ana@example.com", "")
	e.launch = e.principal("", store.ScopeLaunch)
	e.read = e.principal("", store.ScopeRead)
	return e
}

// principal makes a person (email set) or a key (scope set), reusing an
// existing person with that email.
func (e *env) principal(email, scope string) service.Principal {
	e.t.Helper()
	if email != "" {
		if u, err := e.svc.GetUserByEmail(e.ctx, email); err == nil {
			return service.Principal{UserID: u.ID}
		}
		u, err := e.svc.CreateUser(e.ctx, service.NewUser{Email: email, PasswordHash: "$argon2id$test"})
		if err != nil {
			e.t.Fatal(err)
		}
		return service.Principal{UserID: u.ID}
	}
	k, err := e.svc.CreateKey(e.ctx, service.NewKey{Prefix: "vch_" + scope, Hash: []byte(fmt.Sprint(time.Now().UnixNano())), Scope: scope})
	if err != nil {
		e.t.Fatal(err)
	}
	return service.Principal{KeyID: k.ID, Scope: k.Scope}
}

func (e *env) create(claim, target string) *service.Plan {
	e.t.Helper()
	p, err := e.svc.CreatePlan(e.ctx, e.read, service.CreateRequest{DeploymentURL: target, Claim: claim})
	if err != nil {
		e.t.Fatalf("CreatePlan(%q): %v", claim, err)
	}
	return p
}

func (e *env) approved(claim, target string) *service.Plan {
	e.t.Helper()
	p := e.create(claim, target)
	p, err := e.svc.Approve(e.ctx, e.person, p.ID, p.ContractID)
	if err != nil {
		e.t.Fatalf("Approve: %v", err)
	}
	return p
}

func (e *env) start(p *service.Plan) *service.Verification {
	e.t.Helper()
	v, err := e.svc.StartRun(e.ctx, e.launch, service.CreateRequest{ReviewedPlanID: p.ID, DeploymentURL: p.DeploymentURL, Claim: p.Claim})
	if err != nil {
		e.t.Fatalf("StartRun: %v", err)
	}
	return v
}

// charges returns the number of ledger entries.
func (e *env) charges() int {
	e.t.Helper()
	cs, err := e.svc.Charges(e.ctx, service.ChargeFilter{})
	if err != nil {
		e.t.Fatal(err)
	}
	return len(cs)
}

// finish completes queued run id in the store with decision, as a worker
// would, for rules that do not need a browser (its River job is
// cancelled with the decision).
func (e *env) finish(id, decision string) {
	e.t.Helper()
	now := e.clock.Now()
	if _, err := e.store.MarkRunning(e.ctx, id, 1, now); err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.CompleteRun(e.ctx, store.Completion{ID: id, Attempt: 1, Decision: decision, At: now}); err != nil {
		e.t.Fatal(err)
	}
}

// wantCode checks err's code.
func wantCode(t *testing.T, what string, err error, code service.Code) *service.Error {
	t.Helper()
	var se *service.Error
	if code == "" {
		if err != nil {
			t.Fatalf("%s: unexpected error %v", what, err)
		}
		return nil
	}
	if !errors.As(err, &se) || se.Code != code {
		t.Fatalf("%s: error %v, want code %s", what, err, code)
	}
	return se
}

// testLogger discards the service's logs unless VOUCH_TEST_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("VOUCH_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.DiscardHandler)
}

func hasPrefix(s, p string) bool { return strings.HasPrefix(s, p) }
