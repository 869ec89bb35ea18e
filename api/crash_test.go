package api

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/backend"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
)

// crashClock is the injected time: the tests move it past the 5 minutes
// after which an in-flight idempotency marker counts as abandoned.
type crashClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *crashClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *crashClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

const crashClaim = "The home page welcomes visitors"

// crashEnv is an API on a real service over a real store with an injected
// clock and no workers, a launch key and an approved plan.
type crashEnv struct {
	t      *testing.T
	ctx    context.Context
	api    *API
	svc    *service.Service
	st     store.Store
	clock  *crashClock
	secret string
	key    service.Principal
	person service.Principal
	plan   *service.Plan
	target string
}

func newCrashEnv(t *testing.T, maxRechecks int) *crashEnv {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	// SQLite, or PostgreSQL with VOUCH_TEST_STORE=postgres.
	st, err := backend.Open(ctx, pgtest.Database(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := &crashClock{t: time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)}
	derive := func(claim string) (service.Derivation, error) {
		p, err := plan.Parse([]byte(`
name: home
requirements:
  - {id: R1, text: "The home page says Welcome"}
journeys:
  - name: home page
    requirement: R1
    steps:
      - visit: /
      - expect_text: Welcome
`))
		if err != nil {
			return service.Derivation{}, err
		}
		return service.Derivation{Plan: p}, nil
	}
	svc, err := service.New(service.Config{Store: st, DataDir: dir, NoWorkers: true, Now: clock.Now,
		MaxRechecks: maxRechecks, Deriver: service.DeriverFunc(derive), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(Config{Service: svc, Logger: slog.New(slog.DiscardHandler), Now: clock.Now, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	e := &crashEnv{t: t, ctx: ctx, api: a, svc: svc, st: st, clock: clock, target: "http://127.0.0.1:9/"}
	nk, err := auth.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	k, err := svc.CreateKey(ctx, service.NewKey{Prefix: nk.Prefix, Hash: nk.Hash, Scope: store.ScopeLaunch})
	if err != nil {
		t.Fatal(err)
	}
	e.secret, e.key = nk.Secret, service.Principal{KeyID: k.ID, Scope: k.Scope}
	u, err := svc.CreateUser(ctx, service.NewUser{Email: "ana@example.com", PasswordHash: "$argon2id$test"})
	if err != nil {
		t.Fatal(err)
	}
	e.person = service.Principal{UserID: u.ID}
	p, err := svc.CreatePlan(ctx, e.key, service.CreateRequest{DeploymentURL: e.target, Claim: crashClaim})
	if err != nil {
		t.Fatal(err)
	}
	if e.plan, err = svc.Approve(ctx, e.person, p.ID, p.ContractID); err != nil {
		t.Fatal(err)
	}
	return e
}

type crashResp struct {
	status int
	body   []byte
	header http.Header
}

func (e *crashEnv) post(path, idemKey string, body any) crashResp {
	e.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	r := httptest.NewRequest("POST", path, rd)
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("x-api-key", e.secret)
	r.Header.Set("Idempotency-Key", idemKey)
	w := httptest.NewRecorder()
	e.api.ServeHTTP(w, r)
	return crashResp{status: w.Code, body: w.Body.Bytes(), header: w.Header()}
}

func (r crashResp) field(t *testing.T, name string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("%d %s: %v", r.status, r.body, err)
	}
	if name == "error.code" {
		if e, ok := m["error"].(map[string]any); ok {
			s, _ := e["code"].(string)
			return s
		}
		return ""
	}
	s, _ := m[name].(string)
	return s
}

func (e *crashEnv) charges() int {
	e.t.Helper()
	cs, err := e.svc.Charges(e.ctx, service.ChargeFilter{})
	if err != nil {
		e.t.Fatal(err)
	}
	return len(cs)
}

// jobs counts the River jobs of run id (0 for "" : every run's), read past
// the store: a retried create must not have inserted a second one.
func (e *crashEnv) jobs(id string) int {
	e.t.Helper()
	db, ok := e.st.(interface{ DB() *sql.DB })
	if !ok {
		e.t.Fatalf("%T does not expose its database", e.st)
	}
	// riversqlite keeps args as SQLite's JSONB, riverpgxv5 as jsonb; both
	// read a field with ->>, but each with its own path syntax.
	q := `SELECT COUNT(*) FROM river_job WHERE kind = ? AND (? = '' OR args ->> '$.verification_id' = ?)`
	if pgtest.Chosen() {
		q = `SELECT COUNT(*) FROM river_job WHERE kind = $1 AND ($2 = '' OR args->>'verification_id' = $3)`
	}
	var n int
	if err := db.DB().QueryRowContext(e.ctx, q, store.RunKind, id, id).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// crash plays the first request up to the fatal moment, as serveIdempotent
// would for the same key and body: the in-flight marker is begun, the
// service commits the run and its charge, and then the process dies — the
// response is never stored and the marker never completed or aborted.
func (e *crashEnv) crash(idemKey, op string, body any, start func() (*service.Verification, error)) *service.Verification {
	e.t.Helper()
	canon, err := marshal(body)
	if err != nil {
		e.t.Fatal(err)
	}
	rec, err := e.svc.BeginIdempotent(e.ctx, e.key.IdempotencyScope(), idemKey, requestHash(op, canon))
	if err != nil || rec != nil {
		e.t.Fatalf("BeginIdempotent = %v, %v; want a new in-flight marker", rec, err)
	}
	v, err := start()
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// The process dies after a run start committed its run and charge but
// before the response was stored: a retry with the same Idempotency-Key is
// 409 while the marker is fresh, and once it is abandoned the re-executed
// request answers the same verification, with no second run and no second
// charge; later retries replay that answer byte for byte.
func TestCrashBetweenRunCommitAndStoredResponse(t *testing.T) {
	e := newCrashEnv(t, 0)
	body := &createRequest{DeploymentURL: e.target, Claim: crashClaim, ReviewedPlanID: e.plan.ID}
	first := e.crash("start-1", "POST /verifications ", body, func() (*service.Verification, error) {
		return e.svc.StartRun(e.ctx, e.key, service.CreateRequest{DeploymentURL: e.target, Claim: crashClaim,
			ReviewedPlanID: e.plan.ID, IdempotencyKey: "start-1"})
	})
	if n := e.charges(); n != 1 {
		t.Fatalf("%d charges after the first request, want 1", n)
	}

	// The marker is still fresh: the retry waits (this also shows crash
	// used the API's request hash: another one would be 422).
	r := e.post("/api/v1/verifications", "start-1", body)
	if r.status != http.StatusConflict || r.field(t, "error.code") != string(service.CodeIdempotencyInProgress) {
		t.Fatalf("retry while in flight: %d %s", r.status, r.body)
	}

	e.clock.Advance(6 * time.Minute)
	r = e.post("/api/v1/verifications", "start-1", body)
	if r.status != http.StatusAccepted || r.field(t, "id") != first.ID {
		t.Fatalf("retry after the crash: %d %s; want 202 with id %s", r.status, r.body, first.ID)
	}
	if n := e.charges(); n != 1 {
		t.Fatalf("%d charges after the retry, want 1", n)
	}
	if n, all := e.jobs(first.ID), e.jobs(""); n != 1 || all != 1 {
		t.Fatalf("%d River jobs for the run (%d in all) after the retry, want 1", n, all)
	}
	vs, err := e.svc.ListVerifications(e.ctx, service.VerificationFilter{PlanID: e.plan.ID})
	if err != nil || len(vs) != 1 {
		t.Fatalf("%d runs (%v), want 1", len(vs), err)
	}

	// The re-executed request stored its answer: now a replay.
	for _, p := range []string{"/api/v1/verifications", "/v1/verifications"} {
		again := e.post(p, "start-1", body)
		if again.status != r.status || !bytes.Equal(again.body, r.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay on %s: %d replayed=%q\n%s\nwant\n%s", p, again.status, again.header.Get("Idempotent-Replayed"), again.body, r.body)
		}
	}
	// Another key is another run.
	other := e.post("/api/v1/verifications", "start-2", body)
	if other.status != http.StatusAccepted || other.field(t, "id") == first.ID {
		t.Fatalf("another key: %d %s", other.status, other.body)
	}
	if n := e.charges(); n != 2 {
		t.Fatalf("%d charges, want 2", n)
	}
	if n, all := e.jobs(first.ID), e.jobs(""); n != 1 || all != 2 {
		t.Fatalf("%d River jobs for the first run, %d in all; want 1 and 2", n, all)
	}
}

// The same for a re-check, with the plan's re-check limit reached by the
// crashed re-check itself: the retry still answers that re-check, neither
// refused nor counted nor charged again.
func TestCrashBetweenRecheckCommitAndStoredResponse(t *testing.T) {
	e := newCrashEnv(t, 1)
	v, err := e.svc.StartRun(e.ctx, e.key, service.CreateRequest{ReviewedPlanID: e.plan.ID})
	if err != nil {
		t.Fatal(err)
	}
	now := e.clock.Now()
	if _, err := e.st.MarkRunning(e.ctx, v.ID, 1, now); err != nil {
		t.Fatal(err)
	}
	if err := e.st.CompleteRun(e.ctx, store.Completion{ID: v.ID, Attempt: 1, Decision: "failed", At: now}); err != nil {
		t.Fatal(err)
	}
	path := "/api/v1/verifications/" + v.ID + "/recheck"
	rc := e.crash("recheck-1", "POST /verifications/{id}/recheck "+v.ID, &recheckRequest{}, func() (*service.Verification, error) {
		return e.svc.StartRecheck(e.ctx, e.key, service.RecheckRequest{ID: v.ID, IdempotencyKey: "recheck-1"})
	})
	if n := e.charges(); n != 2 {
		t.Fatalf("%d charges, want 2", n)
	}
	if r := e.post(path, "recheck-1", nil); r.status != http.StatusConflict {
		t.Fatalf("retry while in flight: %d %s", r.status, r.body)
	}
	e.clock.Advance(6 * time.Minute)
	r := e.post(path, "recheck-1", nil)
	if r.status != http.StatusAccepted || r.field(t, "id") != rc.ID || r.field(t, "recheck_of") != v.ID {
		t.Fatalf("retry after the crash: %d %s; want 202 with id %s", r.status, r.body, rc.ID)
	}
	if n := e.charges(); n != 2 {
		t.Fatalf("%d charges after the retry, want 2", n)
	}
	if n, all := e.jobs(rc.ID), e.jobs(""); n != 1 || all != 2 {
		t.Fatalf("%d River jobs for the re-check (%d in all) after the retry, want 1 (2)", n, all)
	}
	p, err := e.st.GetPlan(e.ctx, e.plan.ID)
	if err != nil || p.Rechecks != 1 {
		t.Fatalf("plan re-checks = %d (%v), want 1", p.Rechecks, err)
	}
	// A new key is a new re-check, refused at the limit.
	if r := e.post(path, "recheck-2", nil); r.field(t, "error.code") != string(service.CodeRecheckLimitReached) {
		t.Fatalf("another key: %d %s", r.status, r.body)
	}
}
