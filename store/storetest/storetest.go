// Package storetest is the test suite every store.Store backend must pass,
// as river's driver test suite is for its drivers. A backend's test calls
// Run with a function that opens a fresh, empty store.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/vouchdev/vouch/store"
)

// Opener returns a fresh, empty store; the suite closes it.
type Opener func(t *testing.T) store.Store

// Run runs the whole suite against the backend open returns.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store)
	}{
		{"Plans", testPlans},
		{"DecidePlan", testDecidePlan},
		{"CreateRun", testCreateRun},
		{"Rechecks", testRechecks},
		{"ConcurrentRechecksAtLimit", testConcurrentRechecks},
		{"IdempotentRuns", testIdempotentRuns},
		{"ConcurrentIdempotentRuns", testConcurrentIdempotentRuns},
		{"RunJobs", testRunJobs},
		{"WorkRuns", testWorkRuns},
		{"Attempts", testAttempts},
		{"CompleteRun", testComplete},
		{"ListVerifications", testListVerifications},
		{"Usage", testUsage},
		{"Idempotency", testIdempotency},
		{"ConcurrentIdempotency", testConcurrentIdempotency},
		{"Keys", testKeys},
		{"AttestationKeys", testAttestationKeys},
		{"Users", testUsers},
		{"Sessions", testSessions},
		{"RequestLog", testRequestLog},
		{"WebhookEndpoints", testWebhookEndpoints},
		{"WebhookDispatch", testWebhookDispatch},
		{"WebhookAttempts", testWebhookAttempts},
		{"WebhookRelease", testWebhookRelease},
		{"ConcurrentWebhookClaims", testConcurrentWebhookClaims},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { s.Close() })
			tt.fn(t, s)
		})
	}
}

// t0 is the suite's clock start; times are whole milliseconds because
// stores keep millisecond precision.
var t0 = time.Date(2026, 11, 3, 9, 30, 0, 0, time.UTC)

var seq atomic.Int64

func id(prefix string) string {
	return fmt.Sprintf("%s%06d", prefix, seq.Add(1))
}

func mustPlan(t *testing.T, s store.Store, at time.Time) *store.Plan {
	t.Helper()
	p := &store.Plan{
		ID:            id("pln_"),
		Hash:          fmt.Sprintf("%064x", seq.Add(1)),
		JSON:          []byte(`{"version":1,"name":"x","journeys":[]}`),
		Claim:         "The home page says hello",
		DeploymentURL: "http://127.0.0.1:9/",
		Requirements:  []byte(`[{"id":"r1","text":"hello"}]`),
		Notes:         []byte(`["a note"]`),
		CreatedBy:     store.Principal{KeyID: "key_a"},
		CreatedAt:     at,
	}
	if err := s.CreatePlan(context.Background(), p); err != nil {
		t.Fatalf("CreatePlan: %v", err)
	}
	return p
}

func approved(t *testing.T, s store.Store, at time.Time) *store.Plan {
	t.Helper()
	p := mustPlan(t, s, at)
	if _, err := s.DecidePlan(context.Background(), store.PlanDecision{
		PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "usr_a", At: at,
	}); err != nil {
		t.Fatalf("DecidePlan: %v", err)
	}
	return p
}

func run(t *testing.T, s store.Store, p *store.Plan, recheckOf string, at time.Time) *store.Verification {
	t.Helper()
	v, err := s.CreateRun(context.Background(), newRun(p, recheckOf, at))
	if err != nil {
		t.Fatalf("CreateRun: %v", err)
	}
	return v
}

func newRun(p *store.Plan, recheckOf string, at time.Time) store.NewRun {
	return store.NewRun{
		ID: id("ver_"), PlanID: p.ID, PlanHash: p.Hash, DeploymentURL: p.DeploymentURL,
		RecheckOf: recheckOf, MaxRechecks: 3, LaunchedBy: store.Principal{KeyID: "key_l"},
		ChargeID: id("chg_"), At: at,
	}
}

// complete starts run want's first attempt and completes it with
// decision, outside a River worker.
func complete(t *testing.T, s store.Store, want string, decision string, at time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.MarkRunning(ctx, want, 1, at); err != nil {
		t.Fatalf("MarkRunning: %v", err)
	}
	if err := s.CompleteRun(ctx, store.Completion{ID: want, Attempt: 1, Decision: decision, At: at}); err != nil {
		t.Fatalf("CompleteRun: %v", err)
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: error %v, want %v", what, err, want)
	}
}

func testPlans(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := mustPlan(t, s, t0)
	b := mustPlan(t, s, t0.Add(time.Second))
	c := mustPlan(t, s, t0.Add(2*time.Second))
	if _, err := s.DecidePlan(ctx, store.PlanDecision{PlanID: b.ID, PlanHash: b.Hash, State: store.PlanRejected, UserID: "u", At: t0}); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetPlan(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash != a.Hash || !bytes.Equal(got.JSON, a.JSON) || got.Claim != a.Claim ||
		got.DeploymentURL != a.DeploymentURL || !bytes.Equal(got.Requirements, a.Requirements) ||
		!bytes.Equal(got.Notes, a.Notes) || got.State != store.PlanPending || got.Decision != nil ||
		got.CreatedBy != a.CreatedBy || !got.CreatedAt.Equal(t0) || got.Rechecks != 0 {
		t.Errorf("GetPlan = %+v, want %+v", got, a)
	}
	_, err = s.GetPlan(ctx, "pln_missing")
	wantErr(t, "GetPlan(missing)", err, store.ErrNotFound)
	wantErr(t, "CreatePlan(same id)", s.CreatePlan(ctx, a), store.ErrConflict)

	for _, tt := range []struct {
		f    store.PlanFilter
		want []string
	}{
		{store.PlanFilter{}, []string{c.ID, b.ID, a.ID}},
		{store.PlanFilter{State: store.PlanPending}, []string{c.ID, a.ID}},
		{store.PlanFilter{State: store.PlanRejected}, []string{b.ID}},
		{store.PlanFilter{State: store.PlanApproved}, nil},
		{store.PlanFilter{Limit: 2}, []string{c.ID, b.ID}},
		{store.PlanFilter{Before: b.ID}, []string{a.ID}},
	} {
		ps, err := s.ListPlans(ctx, tt.f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, p := range ps {
			ids = append(ids, p.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint(tt.want) {
			t.Errorf("ListPlans(%+v) = %v, want %v", tt.f, ids, tt.want)
		}
	}
}

func testDecidePlan(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := mustPlan(t, s, t0)
	for _, tt := range []struct {
		name string
		d    store.PlanDecision
		want error
	}{
		{"missing", store.PlanDecision{PlanID: "pln_missing", PlanHash: p.Hash, State: store.PlanApproved}, store.ErrNotFound},
		{"other hash", store.PlanDecision{PlanID: p.ID, PlanHash: "beef", State: store.PlanApproved}, store.ErrPlanHashMismatch},
		{"approve", store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "usr_1", At: t0.Add(time.Minute)}, nil},
		{"approve again", store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "usr_2"}, store.ErrPlanNotPending},
		{"reject after approve", store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanRejected, UserID: "usr_2"}, store.ErrPlanNotPending},
	} {
		_, err := s.DecidePlan(ctx, tt.d)
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: DecidePlan error %v, want %v", tt.name, err, tt.want)
		}
	}
	got, err := s.GetPlan(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := store.PlanEvent{State: store.PlanApproved, UserID: "usr_1", PlanHash: p.Hash, At: t0.Add(time.Minute)}
	if got.State != store.PlanApproved || got.Decision == nil || got.Decision.State != want.State ||
		got.Decision.UserID != want.UserID || got.Decision.PlanHash != want.PlanHash || !got.Decision.At.Equal(want.At) {
		t.Errorf("after approval: state %s, event %+v; want approved, %+v", got.State, got.Decision, want)
	}
}

func testCreateRun(t *testing.T, s store.Store) {
	ctx := context.Background()
	pending := mustPlan(t, s, t0)
	rejected := mustPlan(t, s, t0)
	if _, err := s.DecidePlan(ctx, store.PlanDecision{PlanID: rejected.ID, PlanHash: rejected.Hash, State: store.PlanRejected, UserID: "u", At: t0}); err != nil {
		t.Fatal(err)
	}
	ok := approved(t, s, t0)
	tampered := newRun(ok, "", t0)
	tampered.PlanHash = "0000"
	for _, tt := range []struct {
		name string
		r    store.NewRun
		want error
	}{
		{"missing plan", newRun(&store.Plan{ID: "pln_missing"}, "", t0), store.ErrNotFound},
		{"pending", newRun(pending, "", t0), store.ErrPlanNotApproved},
		{"rejected", newRun(rejected, "", t0), store.ErrPlanRejected},
		{"other hash", tampered, store.ErrPlanHashMismatch},
	} {
		_, err := s.CreateRun(ctx, tt.r)
		wantErr(t, tt.name, err, tt.want)
	}
	if cs, _ := s.Charges(ctx, store.ChargeFilter{}); len(cs) != 0 {
		t.Fatalf("refused runs left %d charges", len(cs))
	}
	r := newRun(ok, "", t0.Add(time.Second))
	v, err := s.CreateRun(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if v.ID != r.ID || v.State != store.Queued || v.PlanID != ok.ID || v.PlanHash != ok.Hash ||
		v.DeploymentURL != ok.DeploymentURL || v.RecheckOf != "" || v.LaunchedBy != r.LaunchedBy ||
		!v.CreatedAt.Equal(r.At) || !v.StartedAt.IsZero() || v.Attempts != 0 || v.Decision != "" {
		t.Errorf("CreateRun = %+v", v)
	}
	cs, err := s.Charges(ctx, store.ChargeFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].VerificationID != v.ID || cs[0].PlanID != ok.ID || cs[0].Payer != r.LaunchedBy ||
		cs[0].Day != "2026-11-03" || cs[0].ID != r.ChargeID {
		t.Errorf("charges = %+v, want one for %s", cs, v.ID)
	}
	// Reusing a verification or charge id fails whole: no second charge.
	again := newRun(ok, "", t0)
	again.ID = v.ID
	_, err = s.CreateRun(ctx, again)
	wantErr(t, "CreateRun(same id)", err, store.ErrConflict)
	again = newRun(ok, "", t0)
	again.ChargeID = r.ChargeID
	_, err = s.CreateRun(ctx, again)
	wantErr(t, "CreateRun(same charge id)", err, store.ErrConflict)
	if _, err := s.GetVerification(ctx, again.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a run whose charge failed was kept: %v", err)
	}
	if cs, _ := s.Charges(ctx, store.ChargeFilter{}); len(cs) != 1 {
		t.Errorf("%d charges, want 1", len(cs))
	}
	vs, err := s.ListVerifications(ctx, store.VerificationFilter{PlanID: ok.ID})
	if err != nil || len(vs) != 1 || vs[0].ID != v.ID {
		t.Errorf("ListVerifications = %v, %v", vs, err)
	}
}

// keyed is newRun under an idempotency scope and key.
func keyed(p *store.Plan, recheckOf string, at time.Time, scope, key string) store.NewRun {
	r := newRun(p, recheckOf, at)
	r.IdempotencyScope, r.IdempotencyKey = scope, key
	return r
}

// CreateRun under an idempotency key the run already holds creates and
// charges nothing and returns the first run: a request re-executed after a
// crash between the run's commit and the storing of its response is not
// charged twice.
func testIdempotentRuns(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	other := approved(t, s, t0)
	charges := func(want int) {
		t.Helper()
		if cs, err := s.Charges(ctx, store.ChargeFilter{}); err != nil || len(cs) != want {
			t.Fatalf("%d charges (%v), want %d", len(cs), err, want)
		}
	}
	r := keyed(p, "", t0, "key_l", "k1")
	first, err := s.CreateRun(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if first.ID != r.ID {
		t.Fatalf("first CreateRun made %s, want %s", first.ID, r.ID)
	}
	again := keyed(p, "", t0.Add(time.Minute), "key_l", "k1")
	v, err := s.CreateRun(ctx, again)
	if err != nil {
		t.Fatal(err)
	}
	if v.ID != first.ID {
		t.Fatalf("same key: CreateRun made %s, want the first run %s", v.ID, first.ID)
	}
	if _, err := s.GetVerification(ctx, again.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the repeated CreateRun stored %s: %v", again.ID, err)
	}
	charges(1)
	got, err := s.IdempotentRun(ctx, "key_l", "k1", t0.Add(-time.Hour))
	if err != nil || got.ID != first.ID {
		t.Fatalf("IdempotentRun = %v, %v; want %s", got, err, first.ID)
	}
	if _, err := s.IdempotentRun(ctx, "key_l", "k1", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("IdempotentRun(since the run) = %v, want ErrNotFound", err)
	}
	if _, err := s.IdempotentRun(ctx, "key_l", "k2", t0.Add(-time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("IdempotentRun(unknown key) = %v, want ErrNotFound", err)
	}

	// Another key, another scope, or no key: another run and charge.
	second := run2(t, s, keyed(p, "", t0, "key_l", "k2"))
	third := run2(t, s, keyed(p, "", t0, "key_other", "k1"))
	fourth := run2(t, s, newRun(p, "", t0))
	fifth := run2(t, s, newRun(p, "", t0))
	ids := map[string]bool{first.ID: true, second.ID: true, third.ID: true, fourth.ID: true, fifth.ID: true}
	if len(ids) != 5 {
		t.Fatalf("runs %v, want 5 distinct", ids)
	}
	charges(5)

	// The key bound to a run of another plan, another re-check or another
	// deployment URL is refused, and charges nothing.
	otherURL := keyed(p, "", t0, "key_l", "k1")
	otherURL.DeploymentURL = "http://127.0.0.1:9/elsewhere"
	for name, r := range map[string]store.NewRun{
		"another plan": keyed(other, "", t0, "key_l", "k1"),
		"another url":  otherURL,
	} {
		_, err := s.CreateRun(ctx, r)
		wantErr(t, name, err, store.ErrIdempotencyKeyReused)
	}
	charges(5)

	// A re-check under a key: repeated past the re-check limit, it still
	// answers the first re-check and neither counts nor charges again.
	complete(t, s, first.ID, "failed", t0)
	rc := run2(t, s, keyed(p, first.ID, t0, "key_l", "rc"))
	for range 2 { // newRun's MaxRechecks is 3: two more fit
		run(t, s, p, first.ID, t0)
	}
	charges(8)
	v, err = s.CreateRun(ctx, keyed(p, first.ID, t0.Add(time.Minute), "key_l", "rc"))
	if err != nil || v.ID != rc.ID {
		t.Fatalf("repeated re-check = %v, %v; want %s", v, err, rc.ID)
	}
	pl, _ := s.GetPlan(ctx, p.ID)
	if pl.Rechecks != 3 {
		t.Errorf("Rechecks = %d, want 3", pl.Rechecks)
	}
	charges(8)

	// Past IdempotencyTTL the run lets go of its key: a new request with it
	// is a new run.
	late := keyed(p, "", t0.Add(25*time.Hour), "key_l", "k1")
	v, err = s.CreateRun(ctx, late)
	if err != nil || v.ID != late.ID {
		t.Fatalf("CreateRun past the TTL = %v, %v; want the new run %s", v, err, late.ID)
	}
	charges(9)
	got, err = s.IdempotentRun(ctx, "key_l", "k1", t0.Add(time.Hour))
	if err != nil || got.ID != late.ID {
		t.Fatalf("IdempotentRun after the TTL = %v, %v; want %s", got, err, late.ID)
	}
}

func run2(t *testing.T, s store.Store, r store.NewRun) *store.Verification {
	t.Helper()
	v, err := s.CreateRun(context.Background(), r)
	if err != nil {
		t.Fatalf("CreateRun: %v", err)
	}
	if v.ID != r.ID {
		t.Fatalf("CreateRun made %s, want a new run %s", v.ID, r.ID)
	}
	return v
}

// Concurrent CreateRun calls under one idempotency key make one run and
// one charge, and each returns that run.
func testConcurrentIdempotentRuns(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	const n = 20
	ids := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			v, err := s.CreateRun(ctx, keyed(p, "", t0, "key_l", "same"))
			if err == nil {
				ids[i] = v.ID
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("CreateRun %d: %v", i, err)
		}
		if ids[i] != ids[0] {
			t.Fatalf("CreateRun %d made %s, CreateRun 0 %s", i, ids[i], ids[0])
		}
	}
	if cs, _ := s.Charges(ctx, store.ChargeFilter{}); len(cs) != 1 {
		t.Errorf("%d charges, want 1", len(cs))
	}
}

func testRechecks(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	other := approved(t, s, t0)
	first := run(t, s, p, "", t0)
	_, err := s.CreateRun(ctx, newRun(p, first.ID, t0))
	wantErr(t, "re-check of a queued run", err, store.ErrRecheckNotAllowed)
	complete(t, s, first.ID, "verified", t0)
	_, err = s.CreateRun(ctx, newRun(p, first.ID, t0))
	wantErr(t, "re-check of a verified run", err, store.ErrRecheckNotAllowed)

	failed := run(t, s, p, "", t0.Add(time.Second))
	complete(t, s, failed.ID, "failed", t0)
	_, err = s.CreateRun(ctx, newRun(other, failed.ID, t0))
	wantErr(t, "re-check under another plan", err, store.ErrRecheckNotAllowed)
	_, err = s.CreateRun(ctx, newRun(p, "ver_missing", t0))
	wantErr(t, "re-check of a missing run", err, store.ErrNotFound)

	for i := 0; i < 3; i++ { // newRun's MaxRechecks is 3
		v := run(t, s, p, failed.ID, t0.Add(time.Duration(2+i)*time.Second))
		if v.RecheckOf != failed.ID {
			t.Fatalf("RecheckOf = %q, want %q", v.RecheckOf, failed.ID)
		}
	}
	_, err = s.CreateRun(ctx, newRun(p, failed.ID, t0))
	wantErr(t, "fourth re-check", err, store.ErrRecheckLimit)
	got, _ := s.GetPlan(ctx, p.ID)
	if got.Rechecks != 3 {
		t.Errorf("Rechecks = %d, want 3", got.Rechecks)
	}
	old, _ := s.GetVerification(ctx, failed.ID)
	if old.State != store.Completed || old.Decision != "failed" {
		t.Errorf("the re-checked verification changed: %+v", old)
	}
	cs, _ := s.Charges(ctx, store.ChargeFilter{})
	if len(cs) != 5 { // first, failed and three re-checks
		t.Errorf("%d charges, want 5", len(cs))
	}
}

func testConcurrentRechecks(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	failed := run(t, s, p, "", t0)
	complete(t, s, failed.ID, "failed", t0)
	// Two re-checks already made; of 20 concurrent ones, one fits.
	run(t, s, p, failed.ID, t0)
	run(t, s, p, failed.ID, t0)
	const n = 20
	reqs := make([]store.NewRun, n)
	for i := range reqs {
		reqs[i] = newRun(p, failed.ID, t0)
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range reqs {
		wg.Go(func() { _, errs[i] = s.CreateRun(ctx, reqs[i]) })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrRecheckLimit):
			t.Errorf("concurrent re-check: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d concurrent re-checks at the limit went through, want 1", ok)
	}
	cs, _ := s.Charges(ctx, store.ChargeFilter{})
	if len(cs) != 4 {
		t.Errorf("%d charges, want 4", len(cs))
	}
}

// queue returns a River client on s with no workers, for reading jobs.
func queue(t *testing.T, s store.Store) store.Queue {
	t.Helper()
	q, err := s.Queue(&river.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// testRunJobs: CreateRun inserts the run's River job with the run.
func testRunJobs(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	r := newRun(p, "", t0)
	r.MaxAttempts, r.Timeout = 5, 90*time.Second
	a, err := s.CreateRun(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if a.JobID == 0 || a.State != store.Queued || a.Attempts != 0 {
		t.Fatalf("created run = %+v", a)
	}
	job, err := queue(t, s).JobGet(ctx, a.JobID)
	if err != nil {
		t.Fatal(err)
	}
	var args store.RunArgs
	if err := json.Unmarshal(job.EncodedArgs, &args); err != nil {
		t.Fatal(err)
	}
	if job.Kind != store.RunKind || job.State != rivertype.JobStateAvailable || job.MaxAttempts != 5 ||
		args.VerificationID != a.ID || args.TimeoutMS != 90000 {
		t.Errorf("job = %s %s max %d args %s", job.Kind, job.State, job.MaxAttempts, job.EncodedArgs)
	}
	// A refused run inserts no job: the whole transaction rolls back.
	bad := newRun(p, "", t0)
	bad.PlanHash = "0000"
	_, err = s.CreateRun(ctx, bad)
	wantErr(t, "CreateRun with another hash", err, store.ErrPlanHashMismatch)
	if _, err := queue(t, s).JobGet(ctx, a.JobID+1); !errors.Is(err, rivertype.ErrNotFound) {
		t.Errorf("a refused run left job %d: %v", a.JobID+1, err)
	}
}

// runWorker works run jobs as the service's worker does: the attempt is
// marked running, then the decision and the job's completion are written
// in one transaction.
type runWorker struct {
	river.WorkerDefaults[store.RunArgs]
	s    store.Store
	mu   sync.Mutex
	seen map[string]int
	done chan string
}

func (w *runWorker) Work(ctx context.Context, job *river.Job[store.RunArgs]) error {
	id := job.Args.VerificationID
	if _, err := w.s.MarkRunning(ctx, id, job.Attempt, t0); err != nil {
		return err
	}
	w.mu.Lock()
	w.seen[id]++
	w.mu.Unlock()
	err := w.s.CompleteRun(ctx, store.Completion{ID: id, Attempt: job.Attempt, Job: job.JobRow, Decision: "verified", At: t0.Add(time.Minute)})
	if err == nil {
		w.done <- id
	}
	return err
}

// testWorkRuns: River workers on the store's database run every run once
// and complete its job with the decision.
func testWorkRuns(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	const runs = 20
	ids := map[string]int64{}
	for i := range runs {
		v := run(t, s, p, "", t0.Add(time.Duration(i)*time.Millisecond))
		ids[v.ID] = v.JobID
	}
	w := &runWorker{s: s, seen: map[string]int{}, done: make(chan string, runs)}
	workers := river.NewWorkers()
	river.AddWorker(workers, w)
	q, err := s.Queue(&river.Config{
		Logger:            slog.New(slog.DiscardHandler),
		Workers:           workers,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		FetchPollInterval: 20 * time.Millisecond,
		FetchCooldown:     10 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	timeout := time.After(time.Minute)
	for range runs {
		select {
		case <-w.done:
		case <-timeout:
			t.Fatal("the runs were not all worked within a minute")
		}
	}
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	for id, jobID := range ids {
		if w.seen[id] != 1 {
			t.Errorf("%s worked %d times", id, w.seen[id])
		}
		v, _ := s.GetVerification(ctx, id)
		if v.State != store.Completed || v.Decision != "verified" || v.Attempts != 1 {
			t.Errorf("%s = %s %s attempt %d", id, v.State, v.Decision, v.Attempts)
		}
		job, err := q.JobGet(ctx, jobID)
		if err != nil || job.State != rivertype.JobStateCompleted {
			t.Errorf("job of %s: %v %v", id, job, err)
		}
	}
}

// testAttempts: only a run's current attempt writes progress, requeues or
// completes it.
func testAttempts(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	a := run(t, s, p, "", t0)
	_, err := s.MarkRunning(ctx, "ver_unknown", 1, t0)
	wantErr(t, "MarkRunning(unknown)", err, store.ErrNotFound)
	now := t0.Add(10 * time.Second)
	got, err := s.MarkRunning(ctx, a.ID, 1, now)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.Running || got.Attempts != 1 || !got.StartedAt.Equal(now) {
		t.Errorf("attempt 1 = %+v", got)
	}
	if err := s.SetProgress(ctx, a.ID, 1, []byte(`{"journeys":[]}`)); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.GetVerification(ctx, a.ID); string(v.Progress) != `{"journeys":[]}` {
		t.Errorf("Progress = %q", v.Progress)
	}
	// Attempt 1's worker died; River rescued the job and attempt 2 began.
	later := now.Add(2 * time.Minute)
	got, err = s.MarkRunning(ctx, a.ID, 2, later)
	if err != nil {
		t.Fatal(err)
	}
	if got.Attempts != 2 || !got.StartedAt.Equal(now) || got.Progress != nil {
		t.Errorf("attempt 2 = %+v, want attempt 2, first start kept, no progress", got)
	}
	wantErr(t, "SetProgress by attempt 1", s.SetProgress(ctx, a.ID, 1, []byte(`{}`)), store.ErrNotCurrentAttempt)
	wantErr(t, "CompleteRun by attempt 1",
		s.CompleteRun(ctx, store.Completion{ID: a.ID, Attempt: 1, Decision: "verified", At: later}), store.ErrNotCurrentAttempt)
	wantErr(t, "RequeueRun by attempt 1", s.RequeueRun(ctx, a.ID, 1), store.ErrNotCurrentAttempt)
	// Attempt 2 is cancelled (shutdown): the run is queued again.
	if err := s.RequeueRun(ctx, a.ID, 2); err != nil {
		t.Fatal(err)
	}
	v, _ := s.GetVerification(ctx, a.ID)
	if v.State != store.Queued || v.Progress != nil || v.Attempts != 2 {
		t.Errorf("requeued run = %+v", v)
	}
	wantErr(t, "RequeueRun twice", s.RequeueRun(ctx, a.ID, 2), store.ErrNotCurrentAttempt)
	if cs, _ := s.Charges(ctx, store.ChargeFilter{}); len(cs) != 1 {
		t.Errorf("%d charges after two attempts, want 1", len(cs))
	}
}

func testComplete(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	a := run(t, s, p, "", t0)
	wantErr(t, "CompleteRun of a queued run", s.CompleteRun(ctx, store.Completion{ID: a.ID, Attempt: 0, Decision: "verified"}), store.ErrNotCurrentAttempt)
	if _, err := s.MarkRunning(ctx, a.ID, 1, t0); err != nil {
		t.Fatal(err)
	}
	c := store.Completion{
		ID: a.ID, Attempt: 1, Decision: "failed", Reason: "the heading was missing",
		RepairPrompt: "Fix the heading.", EvidenceDir: "/data/evidence/" + a.ID,
		Results: []byte(`{"requirements":[]}`), At: t0.Add(time.Minute),
		Events: []store.OutboxEvent{{ID: "evt_1", Type: "verification.completed", Payload: []byte(`{"id":"` + a.ID + `"}`)}},
	}
	if err := s.CompleteRun(ctx, c); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "CompleteRun twice", s.CompleteRun(ctx, c), store.ErrNotCurrentAttempt)
	v, err := s.GetVerification(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v.State != store.Completed || v.Decision != c.Decision || v.Reason != c.Reason || v.RepairPrompt != c.RepairPrompt ||
		v.EvidenceDir != c.EvidenceDir || string(v.Results) != string(c.Results) || !v.CompletedAt.Equal(c.At) {
		t.Errorf("completed = %+v", v)
	}
	_, err = s.MarkRunning(ctx, a.ID, 2, t0.Add(time.Hour))
	wantErr(t, "MarkRunning after completion", err, store.ErrNotFound)
	// Decided outside a River worker: its job, still queued, is cancelled
	// in the same transaction, so no worker runs it.
	if job, err := queue(t, s).JobGet(ctx, v.JobID); err != nil || job.State != rivertype.JobStateCancelled {
		t.Errorf("job of a run decided outside a worker: %v, %v", job, err)
	}
	evs, err := s.Outbox(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].ID != "evt_1" || evs[0].Type != "verification.completed" ||
		string(evs[0].Payload) != string(c.Events[0].Payload) || !evs[0].CreatedAt.Equal(c.At) {
		t.Errorf("outbox = %+v", evs)
	}
	for _, tt := range []struct {
		f    store.VerificationFilter
		want int
	}{
		{store.VerificationFilter{State: store.Completed}, 1},
		{store.VerificationFilter{State: store.Queued}, 0},
		{store.VerificationFilter{PlanID: "pln_other"}, 0},
	} {
		vs, err := s.ListVerifications(ctx, tt.f)
		if err != nil || len(vs) != tt.want {
			t.Errorf("ListVerifications(%+v) = %d, %v; want %d", tt.f, len(vs), err, tt.want)
		}
	}
}

func testUsage(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	day2 := t0.Add(24 * time.Hour)
	for _, r := range []struct {
		payer store.Principal
		at    time.Time
	}{
		{store.Principal{KeyID: "key_a"}, t0},
		{store.Principal{KeyID: "key_a"}, t0.Add(time.Hour)},
		{store.Principal{KeyID: "key_b"}, t0},
		{store.Principal{UserID: "usr_a"}, t0},
		{store.Principal{KeyID: "key_a"}, day2},
	} {
		nr := newRun(p, "", r.at)
		nr.LaunchedBy = r.payer
		if _, err := s.CreateRun(ctx, nr); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		f    store.ChargeFilter
		want string
	}{
		{store.ChargeFilter{}, "[{2026-11-03 { usr_a} 1} {2026-11-03 {key_a } 2} {2026-11-03 {key_b } 1} {2026-11-04 {key_a } 1}]"},
		{store.ChargeFilter{KeyID: "key_a"}, "[{2026-11-03 {key_a } 2} {2026-11-04 {key_a } 1}]"},
		{store.ChargeFilter{UserID: "usr_a"}, "[{2026-11-03 { usr_a} 1}]"},
		{store.ChargeFilter{From: "2026-11-04"}, "[{2026-11-04 {key_a } 1}]"},
		{store.ChargeFilter{To: "2026-11-03", KeyID: "key_b"}, "[{2026-11-03 {key_b } 1}]"},
		{store.ChargeFilter{From: "2026-12-01"}, "[]"},
	} {
		rows, err := s.Usage(ctx, tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(rows); got != tt.want {
			t.Errorf("Usage(%+v) = %s, want %s", tt.f, got, tt.want)
		}
	}
}

func testIdempotency(t *testing.T, s store.Store) {
	ctx := context.Background()
	begin := func(scope, key, hash string, now time.Time) store.IdempotencyBegin {
		return store.IdempotencyBegin{Scope: scope, Key: key, RequestHash: hash, Now: now, TTL: 24 * time.Hour, StaleAfter: time.Minute}
	}
	steps := []struct {
		name   string
		do     func() (*store.Idempotency, error)
		want   error
		replay bool
	}{
		{"first", func() (*store.Idempotency, error) { return s.BeginIdempotent(ctx, begin("key_a", "k1", "h1", t0)) }, nil, false},
		{"retry in flight", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h1", t0.Add(time.Second)))
		}, store.ErrIdempotencyInProgress, false},
		{"other body in flight", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h2", t0.Add(time.Second)))
		}, store.ErrIdempotencyKeyReused, false},
		{"other scope", func() (*store.Idempotency, error) { return s.BeginIdempotent(ctx, begin("key_b", "k1", "h2", t0)) }, nil, false},
		{"complete", func() (*store.Idempotency, error) {
			return nil, s.CompleteIdempotent(ctx, "key_a", "k1", 202, []byte(`{"a":1}`), t0.Add(time.Second))
		}, nil, false},
		{"replay", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h1", t0.Add(time.Hour)))
		}, nil, true},
		{"other body after", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h2", t0.Add(time.Hour)))
		}, store.ErrIdempotencyKeyReused, false},
		{"after expiry", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h2", t0.Add(25*time.Hour)))
		}, nil, false},
		{"abort", func() (*store.Idempotency, error) { return nil, s.AbortIdempotent(ctx, "key_a", "k1") }, nil, false},
		{"after abort", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h3", t0.Add(25*time.Hour)))
		}, nil, false},
		{"stale in flight is taken over", func() (*store.Idempotency, error) {
			return s.BeginIdempotent(ctx, begin("key_a", "k1", "h3", t0.Add(26*time.Hour)))
		}, nil, false},
	}
	for _, st := range steps {
		rec, err := st.do()
		if st.want == nil && err != nil || st.want != nil && !errors.Is(err, st.want) {
			t.Fatalf("%s: error %v, want %v", st.name, err, st.want)
		}
		if st.replay != (rec != nil) {
			t.Fatalf("%s: record %+v, replay %v", st.name, rec, st.replay)
		}
		if st.replay && (rec.Status != 202 || string(rec.Body) != `{"a":1}` || !rec.Done || rec.RequestHash != "h1") {
			t.Fatalf("%s: replayed %+v", st.name, rec)
		}
	}
	if _, err := s.GetIdempotent(ctx, "key_b", "k1", t0); err != nil {
		t.Errorf("GetIdempotent: %v", err)
	}
	_, err := s.GetIdempotent(ctx, "key_b", "k1", t0.Add(48*time.Hour))
	wantErr(t, "GetIdempotent(expired)", err, store.ErrNotFound)
	n, err := s.DeleteExpiredIdempotency(ctx, t0.Add(48*time.Hour))
	if err != nil || n != 1 {
		t.Errorf("DeleteExpiredIdempotency = %d, %v; want 1", n, err)
	}
}

func testConcurrentIdempotency(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	began, inFlight := 0, 0
	for range n {
		wg.Go(func() {
			rec, err := s.BeginIdempotent(ctx, store.IdempotencyBegin{Scope: "key_a", Key: "k", RequestHash: "h", Now: t0})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && rec == nil:
				began++
			case errors.Is(err, store.ErrIdempotencyInProgress):
				inFlight++
			default:
				t.Errorf("BeginIdempotent: %+v, %v", rec, err)
			}
		})
	}
	wg.Wait()
	if began != 1 || inFlight != n-1 {
		t.Errorf("%d began, %d in flight; want 1 and %d", began, inFlight, n-1)
	}
}

func testKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	k1 := &store.Key{ID: "key_1", Prefix: "vch_aaaa", Hash: bytes.Repeat([]byte{1}, 32), Scope: store.ScopeLaunch, Name: "ci", CreatedAt: t0}
	k2 := &store.Key{ID: "key_2", Prefix: "vch_bbbb", Hash: bytes.Repeat([]byte{2}, 32), Scope: store.ScopeRead, CreatedAt: t0.Add(time.Second)}
	for _, k := range []*store.Key{k1, k2} {
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	dup := *k2
	dup.ID = "key_3"
	wantErr(t, "CreateKey(same hash)", s.CreateKey(ctx, &dup), store.ErrConflict)
	if err := s.CreateKey(ctx, &store.Key{ID: "key_4", Hash: []byte{4}, Scope: "admin"}); err == nil {
		t.Error("CreateKey accepted scope admin")
	}
	got, err := s.GetKeyByHash(ctx, k1.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != k1.ID || got.Prefix != k1.Prefix || got.Scope != k1.Scope || got.Name != k1.Name ||
		!got.CreatedAt.Equal(t0) || !got.LastUsed.IsZero() || !got.RevokedAt.IsZero() {
		t.Errorf("GetKeyByHash = %+v", got)
	}
	_, err = s.GetKeyByHash(ctx, bytes.Repeat([]byte{9}, 32))
	wantErr(t, "GetKeyByHash(unknown)", err, store.ErrNotFound)
	if err := s.TouchKey(ctx, k1.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeKey(ctx, k1.ID, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeKey(ctx, k1.ID, t0.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "RevokeKey(unknown)", s.RevokeKey(ctx, "key_x", t0), store.ErrNotFound)
	got, _ = s.GetKey(ctx, k1.ID)
	if !got.LastUsed.Equal(t0.Add(time.Hour)) || !got.RevokedAt.Equal(t0.Add(2*time.Hour)) {
		t.Errorf("after touch and revoke: %+v", got)
	}
	ks, err := s.ListKeys(ctx)
	if err != nil || len(ks) != 2 || ks[0].ID != k2.ID || ks[1].ID != k1.ID {
		t.Errorf("ListKeys = %v, %v", ks, err)
	}
}

func testUsers(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := &store.User{ID: "usr_1", Email: "Ana@Example.com", PasswordHash: "$argon2id$x", Admin: true, CreatedAt: t0}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "CreateUser(same email, other case)",
		s.CreateUser(ctx, &store.User{ID: "usr_2", Email: "ana@example.COM", PasswordHash: "h", CreatedAt: t0}), store.ErrConflict)
	got, err := s.GetUserByEmail(ctx, "ana@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != u.ID || got.Email != u.Email || got.PasswordHash != u.PasswordHash || !got.Admin || got.Disabled || !got.CreatedAt.Equal(t0) {
		t.Errorf("GetUserByEmail = %+v", got)
	}
	got.Disabled, got.Admin, got.PasswordHash = true, false, "$argon2id$y"
	if err := s.UpdateUser(ctx, got); err != nil {
		t.Fatal(err)
	}
	got, _ = s.GetUser(ctx, u.ID)
	if !got.Disabled || got.Admin || got.PasswordHash != "$argon2id$y" {
		t.Errorf("after UpdateUser: %+v", got)
	}
	wantErr(t, "UpdateUser(unknown)", s.UpdateUser(ctx, &store.User{ID: "usr_x"}), store.ErrNotFound)
	_, err = s.GetUser(ctx, "usr_x")
	wantErr(t, "GetUser(unknown)", err, store.ErrNotFound)
	if err := s.CreateUser(ctx, &store.User{ID: "usr_3", Email: "bo@example.com", PasswordHash: "h", CreatedAt: t0.Add(time.Second)}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.CountUsers(ctx); err != nil || n != 2 {
		t.Errorf("CountUsers = %d, %v", n, err)
	}
	us, err := s.ListUsers(ctx)
	if err != nil || len(us) != 2 || us[0].ID != "usr_1" {
		t.Errorf("ListUsers = %v, %v", us, err)
	}
}

func testSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateUser(ctx, &store.User{ID: "usr_1", Email: "a@example.com", PasswordHash: "h", CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	se := &store.Session{ID: "ses_1", TokenHash: bytes.Repeat([]byte{7}, 32), UserID: "usr_1", CSRFToken: "c",
		CreatedAt: t0, ExpiresAt: t0.Add(12 * time.Hour)}
	if err := s.CreateSession(ctx, se); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, &store.Session{ID: "ses_2", TokenHash: []byte{8}, UserID: "usr_1", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetSession(ctx, se.TokenHash)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != se.ID || got.UserID != se.UserID || got.CSRFToken != "c" || !got.ExpiresAt.Equal(se.ExpiresAt) || !got.LastSeen.Equal(t0) {
		t.Errorf("GetSession = %+v", got)
	}
	if err := s.TouchSession(ctx, se.ID, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetSession(ctx, se.TokenHash); !got.LastSeen.Equal(t0.Add(time.Minute)) {
		t.Errorf("LastSeen = %v", got.LastSeen)
	}
	if n, err := s.DeleteExpiredSessions(ctx, t0.Add(2*time.Hour)); err != nil || n != 1 {
		t.Errorf("DeleteExpiredSessions = %d, %v; want 1", n, err)
	}
	if err := s.DeleteSession(ctx, se.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.GetSession(ctx, se.TokenHash)
	wantErr(t, "GetSession after delete", err, store.ErrNotFound)
	if err := s.CreateSession(ctx, &store.Session{ID: "ses_3", TokenHash: []byte{9}, UserID: "usr_1", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUserSessions(ctx, "usr_1"); err != nil {
		t.Fatal(err)
	}
	_, err = s.GetSession(ctx, []byte{9})
	wantErr(t, "GetSession after DeleteUserSessions", err, store.ErrNotFound)
}

func testRequestLog(t *testing.T, s store.Store) {
	ctx := context.Background()
	rows := []*store.RequestLog{
		{RequestID: "req_1", At: t0, Method: "POST", Path: "/api/v1/verifications", Status: 202, Duration: 3 * time.Millisecond, KeyID: "key_a"},
		{RequestID: "req_2", At: t0.Add(time.Second), Method: "GET", Path: "/api/v1/verifications/ver_1", Status: 404, KeyID: "key_b", ErrorCode: "not_found"},
		{RequestID: "req_3", At: t0.Add(2 * time.Second), Method: "GET", Path: "/console/plans/pln_1", Status: 200, UserID: "usr_1", RemoteAddr: "127.0.0.1"},
		{RequestID: "req_4", At: t0.Add(3 * time.Second), Method: "GET", Path: "/api%5fv1", Status: 500, ErrorCode: "internal_error"},
	}
	// One row alone, the rest as a batch: both paths must store the same.
	if err := s.AppendRequest(ctx, rows[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendRequests(ctx, rows[1:]); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendRequests(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.ID == 0 {
			t.Fatalf("%s: no id assigned", r.RequestID)
		}
	}
	for _, tt := range []struct {
		f    store.RequestFilter
		want string
	}{
		{store.RequestFilter{}, "[req_4 req_3 req_2 req_1]"},
		{store.RequestFilter{KeyID: "key_a"}, "[req_1]"},
		{store.RequestFilter{UserID: "usr_1"}, "[req_3]"},
		{store.RequestFilter{RequestID: "req_2"}, "[req_2]"},
		{store.RequestFilter{PathPrefix: "/api/v1/"}, "[req_2 req_1]"},
		{store.RequestFilter{PathPrefix: "/api_"}, "[]"},
		{store.RequestFilter{MinStatus: 400}, "[req_4 req_2]"},
		{store.RequestFilter{Since: t0.Add(2 * time.Second)}, "[req_4 req_3]"},
		{store.RequestFilter{Limit: 1, BeforeID: rows[2].ID}, "[req_2]"},
	} {
		got, err := s.SearchRequests(ctx, tt.f)
		if err != nil {
			t.Fatal(err)
		}
		ids := []string{}
		for _, r := range got {
			ids = append(ids, r.RequestID)
		}
		if fmt.Sprint(ids) != tt.want {
			t.Errorf("SearchRequests(%+v) = %v, want %s", tt.f, ids, tt.want)
		}
	}
	got, _ := s.SearchRequests(ctx, store.RequestFilter{RequestID: "req_1"})
	if r := got[0]; r.Method != "POST" || r.Status != 202 || r.Duration != 3*time.Millisecond || !r.At.Equal(t0) {
		t.Errorf("request row = %+v", r)
	}
}

// testListVerifications checks the filters and the keyset paging of
// ListVerifications, including runs created in the same millisecond.
func testListVerifications(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := approved(t, s, t0)
	day := 24 * time.Hour
	a := run(t, s, p, "", t0)
	b := run(t, s, p, "", t0.Add(time.Hour))
	c := run(t, s, p, "", t0.Add(time.Hour)) // same millisecond as b; a larger id
	d := run(t, s, p, "", t0.Add(day))
	e := run(t, s, p, "", t0.Add(day+time.Hour))
	f := run(t, s, p, "", t0.Add(2*day))
	complete(t, s, a.ID, "verified", t0.Add(3*day))
	complete(t, s, b.ID, "failed", t0.Add(3*day))
	complete(t, s, c.ID, "blocked", t0.Add(3*day))
	complete(t, s, d.ID, "failed", t0.Add(3*day))
	if _, err := s.MarkRunning(ctx, e.ID, 1, t0.Add(3*day)); err != nil { // e runs
		t.Fatal(err)
	}
	other := approved(t, s, t0)
	g := run(t, s, other, "", t0.Add(5*day))

	ids := func(vs []*store.Verification) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.ID)
		}
		return out
	}
	mine := store.VerificationFilter{PlanID: p.ID}
	with := func(mod func(*store.VerificationFilter)) store.VerificationFilter {
		f := mine
		mod(&f)
		return f
	}
	for _, tt := range []struct {
		name string
		f    store.VerificationFilter
		want []*store.Verification
	}{
		{"all", store.VerificationFilter{}, []*store.Verification{g, f, e, d, c, b, a}},
		{"plan", mine, []*store.Verification{f, e, d, c, b, a}},
		{"decision failed", with(func(f *store.VerificationFilter) { f.Decision = "failed" }), []*store.Verification{d, b}},
		{"decision verified", with(func(f *store.VerificationFilter) { f.Decision = "verified" }), []*store.Verification{a}},
		{"state queued", with(func(f *store.VerificationFilter) { f.State = store.Queued }), []*store.Verification{f}},
		{"state running", with(func(f *store.VerificationFilter) { f.State = store.Running }), []*store.Verification{e}},
		{"decision of a queued state", with(func(f *store.VerificationFilter) { f.State, f.Decision = store.Queued, "failed" }), nil},
		{"from", with(func(f *store.VerificationFilter) { f.CreatedFrom = t0.Add(time.Hour) }), []*store.Verification{f, e, d, c, b}},
		{"before a time", with(func(f *store.VerificationFilter) { f.CreatedBefore = t0.Add(day) }), []*store.Verification{c, b, a}},
		{"from, before a time and decision", with(func(f *store.VerificationFilter) {
			f.CreatedFrom, f.CreatedBefore, f.Decision = t0.Add(time.Hour), t0.Add(day), "blocked"
		}), []*store.Verification{c}},
		{"limit", with(func(f *store.VerificationFilter) { f.Limit = 2 }), []*store.Verification{f, e}},
		{"after a cursor", with(func(f *store.VerificationFilter) { f.Before = e.ID }), []*store.Verification{d, c, b, a}},
		{"after a cursor in a tie", with(func(f *store.VerificationFilter) { f.Before = c.ID }), []*store.Verification{b, a}},
		{"after a cursor in a tie, limited", with(func(f *store.VerificationFilter) { f.Before, f.Limit = c.ID, 1 }), []*store.Verification{b}},
		{"after a cursor, filtered", with(func(f *store.VerificationFilter) { f.Before, f.Decision = d.ID, "failed" }), []*store.Verification{b}},
		{"after a cursor that does not match the filter", with(func(f *store.VerificationFilter) { f.Before, f.Decision = c.ID, "failed" }), []*store.Verification{b}},
	} {
		vs, err := s.ListVerifications(ctx, tt.f)
		if err != nil {
			t.Errorf("%s: ListVerifications(%+v): %v", tt.name, tt.f, err)
			continue
		}
		if got, want := fmt.Sprint(ids(vs)), fmt.Sprint(ids(tt.want)); got != want {
			t.Errorf("%s: ListVerifications(%+v) = %s, want %s", tt.name, tt.f, got, want)
		}
	}
	// Walking every page two at a time gives the whole list once.
	var walked []string
	for page := (store.VerificationFilter{Limit: 2}); ; {
		vs, err := s.ListVerifications(ctx, page)
		if err != nil {
			t.Fatal(err)
		}
		walked = append(walked, ids(vs)...)
		if len(vs) < 2 || len(walked) > 10 {
			break
		}
		page.Before = vs[len(vs)-1].ID
	}
	if got, want := fmt.Sprint(walked), fmt.Sprint(ids([]*store.Verification{g, f, e, d, c, b, a})); got != want {
		t.Errorf("pages = %s, want %s", got, want)
	}
	_, err := s.ListVerifications(ctx, store.VerificationFilter{Before: "ver_missing"})
	wantErr(t, "ListVerifications after an unknown cursor", err, store.ErrNotFound)
}

// testAttestationKeys: workers publish their public keys at every start,
// concurrently; a key id keeps its first public key.
func testAttestationKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := &store.AttestationKey{ID: "SHA256:aaa", Algorithm: "ed25519", PublicKey: "-----BEGIN PUBLIC KEY-----\nA\n-----END PUBLIC KEY-----\n",
		Host: "worker-a", CreatedAt: t0, PublishedAt: t0.Add(time.Minute)}
	b := &store.AttestationKey{ID: "SHA256:bbb", Algorithm: "ed25519", PublicKey: "-----BEGIN PUBLIC KEY-----\nB\n-----END PUBLIC KEY-----\n",
		Host: "worker-b", CreatedAt: t0.Add(time.Second), PublishedAt: t0.Add(time.Minute)}
	_, err := s.GetAttestationKey(ctx, a.ID)
	wantErr(t, "GetAttestationKey(before publishing)", err, store.ErrNotFound)
	// Both workers start together, each publishing both keys (as if the
	// key directory had been copied): no error, one row per key.
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 4 {
		wg.Go(func() {
			for _, k := range []*store.AttestationKey{a, b} {
				errs <- s.PublishAttestationKey(ctx, k)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("PublishAttestationKey: %v", err)
		}
	}
	again := *a
	again.Host, again.PublishedAt = "worker-c", t0.Add(time.Hour)
	if err := s.PublishAttestationKey(ctx, &again); err != nil {
		t.Fatalf("publishing a key again: %v", err)
	}
	other := *a
	other.PublicKey = b.PublicKey
	wantErr(t, "PublishAttestationKey(same id, another key)", s.PublishAttestationKey(ctx, &other), store.ErrConflict)
	got, err := s.GetAttestationKey(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if *got != *a {
		t.Errorf("GetAttestationKey = %+v, want the first publication %+v", got, a)
	}
	ks, err := s.ListAttestationKeys(ctx)
	if err != nil || len(ks) != 2 || ks[0].ID != b.ID || ks[1].ID != a.ID {
		t.Fatalf("ListAttestationKeys = %v, %v; want b then a", ks, err)
	}
}
