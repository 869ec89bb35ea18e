package service_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
	"github.com/vouchdev/vouch/testapp"
)

// withRunner gives the service the shared runner and a secret source.
func withRunner(t *testing.T, env map[string]string) option {
	r := needBrowser(t)
	return func(c *service.Config) {
		c.Runner = r
		c.Workers = 2
		c.LookupEnv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	}
}

// started starts the service and stops it when the test ends.
func (e *env) started() *env {
	e.t.Helper()
	if err := e.svc.Start(e.ctx); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		if err := e.svc.StopAndCancel(context.Background()); err != nil {
			e.t.Errorf("StopAndCancel: %v", err)
		}
	})
	return e
}

// wait polls a verification until it completes. The deadline only keeps a
// broken run from hanging the suite; nothing asserts on time.
func (e *env) wait(id string) *service.Verification {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, 3*time.Minute)
	defer cancel()
	for {
		v, err := e.svc.GetVerification(ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if v.State == store.Completed {
			return v
		}
		select {
		case <-ctx.Done():
			e.t.Fatalf("verification %s still %s", id, v.State)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// waitState polls until a verification reaches state (and cond, if set).
func (e *env) waitState(id, state string, cond func(*service.Verification) bool) *service.Verification {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, 3*time.Minute)
	defer cancel()
	for {
		v, err := e.svc.GetVerification(ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if v.State == state && (cond == nil || cond(v)) {
			return v
		}
		if v.State == store.Completed {
			e.t.Fatalf("verification %s completed (%s: %s) before reaching %s", id, v.Decision, v.Reason, state)
		}
		select {
		case <-ctx.Done():
			e.t.Fatalf("verification %s still %s, want %s", id, v.State, state)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// TestRuns drives §4.6's client sequence to each decision against
// testapp in Chromium, and checks the record, the evidence and the ledger.
func TestRuns(t *testing.T) {
	secrets := map[string]string{"VOUCH_SECRET_DEMO_PASSWORD": testapp.DefaultPassword}
	for _, tt := range []struct {
		name     string
		claim    string
		target   string
		breaks   []string
		decision string
		results  []string
	}{
		{"verified", claimHome, appURL, nil, "verified", []string{service.Met}},
		{"failed", claimHome, appURL, []string{"home-text"}, "failed", []string{service.NotMet}},
		{"one of two requirements", claimAbout, appURL, []string{"about-title"}, "failed", []string{service.NotMet, service.Met}},
		{"secret from the environment", claimLogin, appURL, nil, "verified", []string{service.Met}},
		{"blocked: secret missing", claimLogin, appURL, nil, "blocked", []string{service.Unknown}},
	} {
		env := secrets
		if tt.decision == "blocked" {
			env = nil
		}
		t.Run(tt.name, func(t *testing.T) {
			app.Reset()
			t.Cleanup(app.Reset)
			for _, b := range tt.breaks {
				app.Set(b, true)
			}
			e := newEnv(t, withRunner(t, env)).started()
			before := e.charges()
			p := e.approved(tt.claim, tt.target)
			v := e.start(p)
			got := e.wait(v.ID)
			if got.Decision != tt.decision {
				t.Fatalf("decision %s (%s), want %s", got.Decision, got.Reason, tt.decision)
			}
			if n := e.charges(); n != before+1 {
				t.Errorf("charges %d → %d, want exactly one more", before, n)
			}
			if got.StartedAt.IsZero() || got.CompletedAt.IsZero() || got.Attempts != 1 || !got.HumanReviewed || got.RecheckOf != "" {
				t.Errorf("record = %+v", got)
			}
			if (tt.decision == "verified") != (got.RepairPrompt == "") {
				t.Errorf("repair prompt %q with decision %s", got.RepairPrompt, got.Decision)
			}
			var results []string
			for _, r := range got.Requirements {
				results = append(results, r.Result)
			}
			if strings.Join(results, ",") != strings.Join(tt.results, ",") {
				t.Errorf("requirement results %v, want %v", results, tt.results)
			}
			checkEvidence(t, e, got)
			checkAttestation(t, e, p, got)
			evs, err := e.store.Outbox(e.ctx, 100)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if len(evs) != 1 || evs[0].Type != "verification.completed" || json.Unmarshal(evs[0].Payload, &m) != nil ||
				m["verification_id"] != v.ID || m["decision"] != tt.decision {
				t.Errorf("outbox = %+v", evs)
			}
		})
	}
}

// checkEvidence checks that every artifact exists under
// DataDir/evidence/<id>/ with the sha256 and size the record says, and
// that EvidenceFile serves only those files.
func checkEvidence(t *testing.T, e *env, v *service.Verification) {
	t.Helper()
	if v.Evidence == nil || len(v.Evidence.Artifacts) == 0 {
		t.Fatalf("no evidence: %+v", v.Evidence)
	}
	dir := filepath.Join(e.dir, "evidence", v.ID)
	for _, a := range v.Evidence.Artifacts {
		path, got, err := e.svc.EvidenceFile(e.ctx, v.ID, a.File)
		if err != nil {
			t.Fatalf("EvidenceFile(%s): %v", a.File, err)
		}
		if filepath.Dir(path) != dir || got.SHA256 != a.SHA256 {
			t.Errorf("EvidenceFile(%s) = %s, %+v", a.File, path, got)
		}
		if a.Encoding != "" {
			continue // stored compressed; the evidence package checks those
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if hex.EncodeToString(sum[:]) != a.SHA256 || int64(len(b)) != a.Size {
			t.Errorf("%s: sha256/size do not match the record", a.File)
		}
	}
	if _, _, err := e.svc.EvidenceFile(e.ctx, v.ID, "manifest.json"); err != nil {
		t.Errorf("EvidenceFile(manifest.json): %v", err)
	}
	for _, bad := range []string{"../vouch.db", "nothing.png", ""} {
		_, _, err := e.svc.EvidenceFile(e.ctx, v.ID, bad)
		wantCode(t, "EvidenceFile("+bad+")", err, service.CodeEvidenceNotAvailable)
	}
}

// checkAttestation checks the run's signed statement with the keys the
// service publishes: valid, naming the approval event, the plan hash and
// the decision; and, when the app was reached, the sha256 of the first
// document it served as the subject.
func checkAttestation(t *testing.T, e *env, p *service.Plan, v *service.Verification) {
	t.Helper()
	if v.Evidence.AttestationFile != attest.EnvelopeFile || v.Evidence.TestResultFile != attest.TestResultFile {
		t.Fatalf("evidence = %+v", v.Evidence)
	}
	r, err := e.svc.VerifyAttestation(e.ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Valid {
		t.Fatalf("attestation not valid: %v", r.Problems)
	}
	pr := r.Predicate
	if pr.VerificationID != v.ID || pr.Decision != v.Decision || pr.Claim != p.Claim ||
		pr.Approval == nil || pr.Approval.PlanHash != strings.TrimPrefix(p.ContractID, "sha256:") || pr.Approval.By == "" ||
		pr.Plan.ID != pr.Approval.PlanHash || pr.Browser.Version == "" || pr.Runner.Mode != "server" || pr.Runner.Version == "" {
		t.Errorf("predicate = %+v", pr)
	}
	if v.Decision == "blocked" {
		return // the journey never reached the app
	}
	if r.Subjects[0].Name != "deployment" || r.Subjects[0].URI == "" {
		t.Fatalf("subjects = %+v", r.Subjects)
	}
	doc := pr.Journeys[0].Document
	res, err := http.Get(doc.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	sum := sha256.Sum256(body)
	if r.Subjects[0].Digest["sha256"] != hex.EncodeToString(sum[:]) || doc.Size != int64(len(body)) {
		t.Errorf("subject digest %s (%d bytes), the page served %x (%d bytes)", r.Subjects[0].Digest["sha256"], doc.Size, sum, len(body))
	}
}

// TestRecheckAfterFix: a failed run, a fix, a re-check to verified; the
// earlier record is untouched and each run is charged once.
func TestRecheckAfterFix(t *testing.T) {
	e := newEnv(t, withRunner(t, nil)).started()
	app.Reset()
	t.Cleanup(app.Reset)
	app.Set("home-text", true)
	p := e.approved(claimHome, appURL)
	first := e.wait(e.start(p).ID)
	if first.Decision != "failed" {
		t.Fatalf("first run %s (%s), want failed", first.Decision, first.Reason)
	}
	app.Set("home-text", false)
	re, err := e.svc.Recheck(e.ctx, e.launch, first.ID, appURL)
	if err != nil {
		t.Fatal(err)
	}
	got := e.wait(re.ID)
	if got.Decision != "verified" || got.RecheckOf != first.ID || got.ID == first.ID {
		t.Errorf("re-check = %s recheck_of %s (%s)", got.Decision, got.RecheckOf, got.Reason)
	}
	again, _ := e.svc.GetVerification(e.ctx, first.ID)
	if again.Decision != "failed" || !again.CompletedAt.Equal(first.CompletedAt) {
		t.Errorf("the first record changed: %+v", again)
	}
	if n := e.charges(); n != 2 {
		t.Errorf("%d charges, want 2", n)
	}
}

// dieHolding leaves run v as a worker that died during attempt would: the
// run running, its River job running since an hour ago, which only
// River's rescuer can take back.
func (e *env) dieHolding(v *service.Verification, attempt int) {
	e.t.Helper()
	if _, err := e.store.MarkRunning(e.ctx, v.ID, attempt, e.clock.Now()); err != nil {
		e.t.Fatal(err)
	}
	sv, err := e.store.GetVerification(e.ctx, v.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	hourAgo, by := `datetime('now', 'subsec', '-1 hour')`, `'["dead-worker"]'`
	if pgtest.Chosen() {
		hourAgo, by = `now() - interval '1 hour'`, `ARRAY['dead-worker']`
	}
	e.exec(`UPDATE river_job SET state = 'running', attempt = ?, attempted_at = `+hourAgo+`,
		attempted_by = `+by+` WHERE id = ?`, attempt, sv.JobID)
}

// TestCrashRecovery simulates a worker that died holding a run: River's
// rescuer in a new service's client retries the job, and the ledger still
// holds one charge.
func TestCrashRecovery(t *testing.T) {
	app.Reset()
	dir, c := t.TempDir(), newClock()
	dead := newEnvAt(t, dir, c)
	v := dead.start(dead.approved(claimHome, appURL))
	dead.dieHolding(v, 1)
	// The dead worker's process is gone; its job stays running in the
	// database. A new service on the same database takes over: on SQLite at
	// once (no other worker holds the file's workers' lock), on PostgreSQL
	// once River's rescuer finds the job stuck.
	e := newEnvAt(t, dir, c, withRunner(t, nil), func(cfg *service.Config) {
		cfg.JobTimeout, cfg.RescueAfter = 5*time.Minute, 10*time.Minute
	})
	e.started()
	got := e.wait(v.ID)
	if got.Decision != "verified" || got.Attempts != 2 {
		t.Errorf("resumed run: %s (%s), attempts %d; want verified, 2", got.Decision, got.Reason, got.Attempts)
	}
	if n := e.charges(); n != 1 {
		t.Errorf("%d charges after recovery, want 1", n)
	}
	// The dead worker's attempt cannot record an outcome now.
	err := e.store.CompleteRun(e.ctx, store.Completion{ID: v.ID, Attempt: 1, Decision: "failed", At: c.Now()})
	if !errors.Is(err, store.ErrNotCurrentAttempt) {
		t.Errorf("the dead worker's attempt recorded an outcome: %v", err)
	}
}

// TestRunJob: a run's River job carries its plan's upper bound (each
// journey's whole budget plus a minute) and one attempt more than
// MaxAttempts, the one that decides blocked.
func TestRunJob(t *testing.T) {
	for _, tt := range []struct {
		name        string
		journey     time.Duration
		maxAttempts int
		wantTimeout time.Duration
	}{
		{"defaults", 0, 0, 3 * time.Minute},
		{"short journeys, five attempts", 30 * time.Second, 5, 90 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(cfg *service.Config) { cfg.JourneyTimeout, cfg.MaxAttempts = tt.journey, tt.maxAttempts })
			v := e.start(e.approved(claimHome, appURL)) // one journey
			sv, err := e.store.GetVerification(e.ctx, v.ID)
			if err != nil {
				t.Fatal(err)
			}
			q := `SELECT json(args), max_attempts, kind FROM river_job WHERE id = ?`
			if pgtest.Chosen() {
				q = `SELECT args::text, max_attempts, kind FROM river_job WHERE id = $1`
			}
			var args, kind string
			var maxAttempts int
			if err := e.store.DB().QueryRowContext(e.ctx, q, sv.JobID).Scan(&args, &maxAttempts, &kind); err != nil {
				t.Fatal(err)
			}
			var a store.RunArgs
			if err := json.Unmarshal([]byte(args), &a); err != nil {
				t.Fatal(err)
			}
			wantAttempts := max(tt.maxAttempts, 3) + 1
			if kind != store.RunKind || a.VerificationID != v.ID || time.Duration(a.TimeoutMS)*time.Millisecond != tt.wantTimeout || maxAttempts != wantAttempts {
				t.Errorf("job %s %s max_attempts %d; want %s, timeout %s, %d attempts", kind, args, maxAttempts, v.ID, tt.wantTimeout, wantAttempts)
			}
		})
	}
}

// TestTooManyAttempts: a run whose workers keep dying completes as blocked
// instead of running forever, still charged once.
func TestTooManyAttempts(t *testing.T) {
	dir, c := t.TempDir(), newClock()
	dead := newEnvAt(t, dir, c)
	v := dead.start(dead.approved(claimHome, appURL))
	// Its third attempt's worker died too.
	dead.dieHolding(v, 3)
	e := newEnvAt(t, dir, c, withRunner(t, nil), func(cfg *service.Config) {
		cfg.JobTimeout, cfg.RescueAfter = 5*time.Minute, 10*time.Minute
	}).started()
	got := e.wait(v.ID)
	if got.Decision != "blocked" || !strings.HasPrefix(got.Reason, "interrupted") || got.RepairPrompt == "" || got.Attempts != 4 {
		t.Errorf("got %s (%s), attempts %d", got.Decision, got.Reason, got.Attempts)
	}
	checkBlockedSigned(t, e, got)
	if n := e.charges(); n != 1 {
		t.Errorf("%d charges, want 1", n)
	}
}

// checkBlockedSigned: a run decided blocked before the browser ran any of
// it is signed too, naming the approved plan hash, the approval and the
// decision, with no browser.
func checkBlockedSigned(t *testing.T, e *env, v *service.Verification) {
	t.Helper()
	if v.Evidence == nil || v.Evidence.AttestationFile != attest.EnvelopeFile || v.Evidence.TestResultFile != attest.TestResultFile {
		t.Fatalf("a blocked run has no signed statement: evidence = %+v", v.Evidence)
	}
	r, err := e.svc.VerifyAttestation(e.ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Valid {
		t.Fatalf("attestation not valid: %v", r.Problems)
	}
	pr := r.Predicate
	if pr.Decision != "blocked" || pr.Approval == nil || pr.Plan.ID != pr.Approval.PlanHash || pr.Browser.Version != "" {
		t.Errorf("predicate = %+v", pr)
	}
}

// TestWorkerIntegrity: a plan tampered with while its run was queued is
// not run: the worker re-hashes it and completes the run blocked.
func TestWorkerIntegrity(t *testing.T) {
	e := newEnv(t, withRunner(t, nil))
	p := e.approved(claimHome, appURL)
	v := e.start(p)
	e.exec(`UPDATE plans SET plan_json = replace(plan_json, 'Welcome to testapp', 'Welcome') WHERE id = ?`, p.ID)
	hits := app.Hits("/")
	e.started()
	got := e.wait(v.ID)
	if got.Decision != "blocked" || !strings.HasPrefix(got.Reason, "plan_integrity_error") || got.RepairPrompt == "" {
		t.Errorf("got %s (%s)", got.Decision, got.Reason)
	}
	checkBlockedSigned(t, e, got)
	if app.Hits("/") != hits {
		t.Error("the tampered plan reached the app")
	}
	if _, err := e.svc.StartRun(e.ctx, e.launch, service.CreateRequest{ReviewedPlanID: p.ID}); service.ErrorCode(err) != service.CodePlanIntegrity {
		t.Errorf("StartRun after tampering: %v", err)
	}
	if n := e.charges(); n != 1 {
		t.Errorf("%d charges, want 1 (the run accepted before tampering)", n)
	}
}

// TestShutdownRequeues: StopAndCancel hands a running run back to the
// queue with its progress gone; the next start runs it to a decision with
// no second charge.
func TestShutdownRequeues(t *testing.T) {
	dir, c := t.TempDir(), newClock()
	app.Reset()
	t.Cleanup(app.Reset)
	app.Set("slow-home", true) // the home page answers after 3 s
	e := newEnvAt(t, dir, c, withRunner(t, nil))
	if err := e.svc.Start(e.ctx); err != nil {
		t.Fatal(err)
	}
	v := e.start(e.approved(claimHome, appURL))
	running := e.waitState(v.ID, store.Running, func(v *service.Verification) bool {
		return v.Progress != nil && len(v.Progress.Journeys) == 1 && v.Progress.Journeys[0].State == "running"
	})
	if running.Progress.Journeys[0].Name != "home page" || running.Progress.Journeys[0].Steps != 2 {
		t.Errorf("progress = %+v", running.Progress)
	}
	if err := e.svc.StopAndCancel(e.ctx); err != nil {
		t.Fatal(err)
	}
	got, _ := e.svc.GetVerification(e.ctx, v.ID)
	if got.State != store.Queued || got.Decision != "" {
		t.Fatalf("after StopAndCancel: %s %s", got.State, got.Decision)
	}
	app.Set("slow-home", false)
	next := newEnvAt(t, dir, c, withRunner(t, nil)).started()
	done := next.wait(v.ID)
	if done.Decision != "verified" || done.Attempts != 2 {
		t.Errorf("after restart: %s (%s), attempts %d", done.Decision, done.Reason, done.Attempts)
	}
	if n := next.charges(); n != 1 {
		t.Errorf("%d charges, want 1", n)
	}
}

// TestStopDrains: Stop lets a running run finish and record its decision.
func TestStopDrains(t *testing.T) {
	e := newEnv(t, withRunner(t, nil))
	app.Reset()
	if err := e.svc.Start(e.ctx); err != nil {
		t.Fatal(err)
	}
	v := e.start(e.approved(claimHome, appURL))
	e.waitState(v.ID, store.Running, nil)
	if err := e.svc.Stop(e.ctx); err != nil {
		t.Fatal(err)
	}
	got, _ := e.svc.GetVerification(e.ctx, v.ID)
	if got.State != store.Completed || got.Decision != "verified" {
		t.Errorf("after Stop: %s %s (%s)", got.State, got.Decision, got.Reason)
	}
}

// TestRulesDeriver runs the default deriver (claim.Derive) end to end: a
// sign-in claim whose secrets come from the environment in both spellings,
// verified and then failed with sign-in broken; and a refused claim.
func TestRulesDeriver(t *testing.T) {
	env := map[string]string{"VOUCH_SECRET_DEMO_EMAIL": testapp.DemoEmail, "DEMO_PASSWORD": testapp.DefaultPassword}
	e := newEnv(t, withRunner(t, env), func(c *service.Config) { c.Deriver = nil }).started()
	app.Reset()
	t.Cleanup(app.Reset)
	_, err := e.svc.CreatePlan(e.ctx, e.read, service.CreateRequest{DeploymentURL: appURL, Claim: "The app is delightful"})
	se := wantCode(t, "CreatePlan(judgement)", err, service.CodeClaimNotProvable)
	if se.RepairPrompt == "" || se.Field != "claim" {
		t.Errorf("refusal = %+v", se)
	}
	p := e.approved("Signing in as the demo user shows the dashboard", appURL)
	if len(p.Requirements) != 1 || p.Requirements[0].Kind != "sign-in" || len(p.Notes) == 0 {
		t.Errorf("plan = %+v", p)
	}
	for _, tt := range []struct {
		broken   bool
		decision string
	}{{false, "verified"}, {true, "failed"}} {
		app.Set("login", tt.broken)
		got := e.wait(e.start(p).ID)
		if got.Decision != tt.decision {
			t.Errorf("login broken %v: %s (%s), want %s", tt.broken, got.Decision, got.Reason, tt.decision)
		}
	}
	if n := e.charges(); n != 2 {
		t.Errorf("%d charges, want 2", n)
	}
}
