package service_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

const target = "http://127.0.0.1:9/"

// TestCreate covers §3's first two rows and §4.4: a provable claim gives a
// pending plan with its approval link and contract, an unprovable one a
// repair prompt; neither runs nor charges anything.
func TestCreate(t *testing.T) {
	e := newEnv(t)
	for _, tt := range []struct {
		name   string
		req    service.CreateRequest
		code   service.Code
		field  string
		dryRun bool
	}{
		{"provable", service.CreateRequest{DeploymentURL: target, Claim: claimHome}, "", "", false},
		{"dry run", service.CreateRequest{DeploymentURL: target, Claim: claimHome, DryRun: true}, "", "", true},
		{"unprovable", service.CreateRequest{DeploymentURL: target, Claim: "The app is delightful"}, service.CodeClaimNotProvable, "claim", false},
		{"unprovable dry run", service.CreateRequest{DeploymentURL: target, Claim: "The app is fast", DryRun: true}, service.CodeClaimNotProvable, "claim", false},
		{"no claim", service.CreateRequest{DeploymentURL: target, Claim: "  "}, service.CodeInvalidRequest, "claim", false},
		{"long claim", service.CreateRequest{DeploymentURL: target, Claim: strings.Repeat("a", 1001)}, service.CodeInvalidRequest, "claim", false},
		{"no deployment", service.CreateRequest{Claim: claimHome}, service.CodeInvalidRequest, "deployment_url", false},
		{"not a URL", service.CreateRequest{DeploymentURL: "http://[::1", Claim: claimHome}, service.CodeInvalidRequest, "deployment_url", false},
		{"ftp", service.CreateRequest{DeploymentURL: "ftp://127.0.0.1/", Claim: claimHome}, service.CodeTargetNotAllowed, "deployment_url", false},
		{"metadata", service.CreateRequest{DeploymentURL: "http://169.254.169.254/latest/", Claim: claimHome}, service.CodeTargetNotAllowed, "deployment_url", false},
		{"link-local", service.CreateRequest{DeploymentURL: "http://169.254.1.1/", Claim: claimHome}, service.CodeTargetNotAllowed, "deployment_url", false},
		{"with reviewed plan", service.CreateRequest{DeploymentURL: target, Claim: claimHome, ReviewedPlanID: "pln_x"}, service.CodeInvalidRequest, "reviewed_plan_id", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := e.svc.CreatePlan(e.ctx, e.read, tt.req)
			se := wantCode(t, "CreatePlan", err, tt.code)
			if se != nil {
				if se.Field != tt.field {
					t.Errorf("Field = %q, want %q", se.Field, tt.field)
				}
				if tt.code == service.CodeClaimNotProvable && se.RepairPrompt == "" {
					t.Error("claim_not_provable without a repair prompt")
				}
				return
			}
			d, _ := testDeriver(tt.req.Claim)
			if p.State != store.PlanPending || p.ContractID != "sha256:"+d.Plan.ID() || p.ContractVersion != service.ContractVersion ||
				p.ApproveURL != "https://vouch.example.test/console/plans/"+p.ID || !hasPrefix(p.ID, "pln_") || len(p.ID) < 24 ||
				p.DryRun != tt.dryRun || p.Approval != nil || len(p.Requirements) != 1 || p.Plan.ID() != d.Plan.ID() ||
				len(p.Notes) != 1 || p.Claim != tt.req.Claim || p.DeploymentURL != target {
				t.Errorf("plan = %+v", p)
			}
			got, err := e.svc.GetPlan(e.ctx, p.ID)
			if err != nil || got.ContractID != p.ContractID || got.State != store.PlanPending {
				t.Errorf("GetPlan = %+v, %v", got, err)
			}
		})
	}
	ps, _ := e.svc.ListPlans(e.ctx, "", 0)
	if len(ps) != 2 {
		t.Errorf("%d plans stored, want 2 (provable and dry run)", len(ps))
	}
	vs, _ := e.svc.ListVerifications(e.ctx, service.VerificationFilter{})
	if len(vs) != 0 || e.charges() != 0 {
		t.Errorf("creating plans made %d verifications and %d charges", len(vs), e.charges())
	}
	_, err := e.svc.CreatePlan(e.ctx, service.Principal{}, service.CreateRequest{DeploymentURL: target, Claim: claimHome})
	wantCode(t, "CreatePlan(anonymous)", err, service.CodeUnauthorized)
}

// TestApproval covers approval by a person, the 403 for keys, rejection,
// and the approval event.
func TestApproval(t *testing.T) {
	e := newEnv(t)
	p := e.create(claimHome, target)
	dry, err := e.svc.CreatePlan(e.ctx, e.read, service.CreateRequest{DeploymentURL: target, Claim: claimAbout, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	other := e.create(claimAbout, target)
	bo := e.principal("bo@example.com", "")
	disabled := e.principal("cy@example.com", "")
	u, _ := e.svc.GetUser(e.ctx, disabled.UserID)
	u.Disabled = true
	if err := e.svc.UpdateUser(e.ctx, u); err != nil {
		t.Fatal(err)
	}
	approvedAt := e.clock.Now()
	for _, tt := range []struct {
		name   string
		do     func() (*service.Plan, error)
		code   service.Code
		state  string
		linked bool // error carries the approve link
	}{
		{"launch key", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.launch, p.ID, "") }, service.CodePlanRequiresHuman, "", true},
		{"read key", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.read, p.ID, "") }, service.CodePlanRequiresHuman, "", true},
		{"key with a person", func() (*service.Plan, error) {
			return e.svc.Approve(e.ctx, service.Principal{KeyID: e.launch.KeyID, UserID: e.person.UserID}, p.ID, "")
		}, service.CodePlanRequiresHuman, "", true},
		{"key rejecting", func() (*service.Plan, error) { return e.svc.Reject(e.ctx, e.launch, p.ID, "") }, service.CodePlanRequiresHuman, "", true},
		{"anonymous", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, service.Principal{}, p.ID, "") }, service.CodeUnauthorized, "", true},
		{"disabled person", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, disabled, p.ID, "") }, service.CodeUnauthorized, "", false},
		{"unknown plan", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.person, "pln_missing", "") }, service.CodeNotFound, "", false},
		{"hash of another plan", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.person, p.ID, other.ContractID) }, service.CodePlanIntegrity, "", false},
		{"person", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.person, p.ID, p.ContractID) }, "", store.PlanApproved, false},
		{"again", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, bo, p.ID, "") }, "", store.PlanApproved, false},
		{"reject approved", func() (*service.Plan, error) { return e.svc.Reject(e.ctx, bo, p.ID, "no") }, service.CodePlanNotPending, "", false},
		{"approve dry run plan", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, bo, dry.ID, "") }, "", store.PlanApproved, false},
		{"reject", func() (*service.Plan, error) { return e.svc.Reject(e.ctx, bo, other.ID, "wrong page") }, "", store.PlanRejected, false},
		{"approve rejected", func() (*service.Plan, error) { return e.svc.Approve(e.ctx, e.person, other.ID, "") }, service.CodePlanRejected, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.do()
			se := wantCode(t, tt.name, err, tt.code)
			if se != nil {
				if tt.linked != (se.ApproveURL != "") {
					t.Errorf("ApproveURL = %q", se.ApproveURL)
				}
				return
			}
			if got.State != tt.state {
				t.Errorf("state %s, want %s", got.State, tt.state)
			}
		})
	}
	got, _ := e.svc.GetPlan(e.ctx, p.ID)
	a := got.Approval
	if a == nil || a.State != store.PlanApproved || a.UserID != e.person.UserID || a.UserEmail != "ana@example.com" ||
		"sha256:"+a.PlanHash != p.ContractID || !a.At.Equal(approvedAt) || !got.RecheckDeadline.Equal(approvedAt.Add(24*time.Hour)) {
		t.Errorf("approval event = %+v, deadline %v", a, got.RecheckDeadline)
	}
	if got, _ := e.svc.GetPlan(e.ctx, other.ID); got.Approval == nil || got.Approval.Reason != "wrong page" || got.Approval.UserID != bo.UserID {
		t.Errorf("rejection event = %+v", got.Approval)
	}
	for _, tt := range []struct {
		state string
		want  int
	}{{"pending", 0}, {"approved", 2}, {"rejected", 1}, {"", 3}} {
		ps, err := e.svc.ListPlans(e.ctx, tt.state, 0)
		if err != nil || len(ps) != tt.want {
			t.Errorf("ListPlans(%q) = %d, %v; want %d", tt.state, len(ps), err, tt.want)
		}
	}
	_, err = e.svc.ListPlans(e.ctx, "bogus", 0)
	wantCode(t, "ListPlans(bogus)", err, service.CodeInvalidRequest)
}

// TestStartRun covers §3's run row and its refusals: nothing is charged
// unless a run is queued, and then exactly once.
func TestStartRun(t *testing.T) {
	e := newEnv(t)
	pending := e.create(claimHome, target)
	rejected := e.create(claimAbout, target)
	if _, err := e.svc.Reject(e.ctx, e.person, rejected.ID, ""); err != nil {
		t.Fatal(err)
	}
	ok := e.approved(claimHome, target)
	for _, tt := range []struct {
		name  string
		who   service.Principal
		req   service.CreateRequest
		code  service.Code
		field string
		url   string
	}{
		{"read key", e.read, service.CreateRequest{ReviewedPlanID: ok.ID}, service.CodeInsufficientScope, "", ""},
		{"anonymous", service.Principal{}, service.CreateRequest{ReviewedPlanID: ok.ID}, service.CodeUnauthorized, "", ""},
		{"unknown plan", e.launch, service.CreateRequest{ReviewedPlanID: "pln_missing"}, service.CodeNotFound, "reviewed_plan_id", ""},
		{"pending", e.launch, service.CreateRequest{ReviewedPlanID: pending.ID}, service.CodePlanNotApproved, "", ""},
		{"rejected", e.launch, service.CreateRequest{ReviewedPlanID: rejected.ID}, service.CodePlanRejected, "", ""},
		{"dry run", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DryRun: true}, service.CodeInvalidRequest, "dry_run", ""},
		{"other claim", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, Claim: claimAbout}, service.CodeInvalidRequest, "claim", ""},
		{"other host", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DeploymentURL: "http://127.0.0.2:9/"}, service.CodeRecheckHostMismatch, "deployment_url", ""},
		{"other port", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DeploymentURL: "http://127.0.0.1:10/"}, service.CodeRecheckHostMismatch, "deployment_url", ""},
		{"other scheme", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DeploymentURL: "https://127.0.0.1:9/"}, service.CodeRecheckHostMismatch, "deployment_url", ""},
		{"launch key", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DeploymentURL: target, Claim: claimHome}, "", "", target},
		{"person", e.person, service.CreateRequest{ReviewedPlanID: ok.ID}, "", "", target},
		{"other path", e.launch, service.CreateRequest{ReviewedPlanID: ok.ID, DeploymentURL: "http://127.0.0.1:9/staging/"}, "", "", "http://127.0.0.1:9/staging/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := e.charges()
			v, err := e.svc.StartRun(e.ctx, tt.who, tt.req)
			se := wantCode(t, tt.name, err, tt.code)
			if se != nil {
				if se.Field != tt.field {
					t.Errorf("Field = %q, want %q", se.Field, tt.field)
				}
				if tt.code == service.CodePlanNotApproved && se.ApproveURL == "" {
					t.Error("plan_not_approved without the approve link")
				}
				if n := e.charges(); n != before {
					t.Errorf("a refused run was charged: %d → %d", before, n)
				}
				return
			}
			if !hasPrefix(v.ID, "ver_") || v.State != store.Queued || v.PlanID != ok.ID || v.RecheckOf != "" ||
				!v.HumanReviewed || v.ContractID != ok.ContractID || v.DeploymentURL != tt.url || v.Decision != "" ||
				len(v.Requirements) != 1 || v.Requirements[0].Result != "" {
				t.Errorf("verification = %+v", v)
			}
			if n := e.charges(); n != before+1 {
				t.Errorf("charges %d → %d, want one more", before, n)
			}
			got, err := e.svc.GetVerification(e.ctx, v.ID)
			if err != nil || got.State != store.Queued {
				t.Errorf("GetVerification = %+v, %v", got, err)
			}
		})
	}
	rows, err := e.svc.Usage(e.ctx, service.ChargeFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rows) != fmt.Sprintf("[{2026-11-03 {%s } 2} {2026-11-03 { %s} 1}]", e.launch.KeyID, e.person.UserID) &&
		fmt.Sprint(rows) != fmt.Sprintf("[{2026-11-03 { %s} 1} {2026-11-03 {%s } 2}]", e.person.UserID, e.launch.KeyID) {
		t.Errorf("usage = %v", rows)
	}
}

// TestPlanIntegrity tampers with a stored plan: approving it and starting
// it are refused, and nothing is charged.
func TestPlanIntegrity(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tamper string
	}{
		{"steps changed", `UPDATE plans SET plan_json = replace(plan_json, 'Welcome to testapp', 'Welcome to nothing') WHERE id = ?`},
		{"not JSON", `UPDATE plans SET plan_json = '{' WHERE id = ?`},
		{"hash column changed", `UPDATE plans SET hash = '00' || substr(hash, 3) WHERE id = ?`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			approved := e.approved(claimHome, target)
			pending := e.create(claimHome, target)
			for _, id := range []string{approved.ID, pending.ID} {
				e.exec(tt.tamper, id)
			}
			_, err := e.svc.StartRun(e.ctx, e.launch, service.CreateRequest{ReviewedPlanID: approved.ID})
			wantCode(t, "StartRun(tampered)", err, service.CodePlanIntegrity)
			_, err = e.svc.Approve(e.ctx, e.person, pending.ID, "")
			wantCode(t, "Approve(tampered)", err, service.CodePlanIntegrity)
			if n := e.charges(); n != 0 {
				t.Errorf("%d charges for a tampered plan", n)
			}
			if vs, _ := e.svc.ListVerifications(e.ctx, service.VerificationFilter{}); len(vs) != 0 {
				t.Errorf("%d verifications for a tampered plan", len(vs))
			}
		})
	}
}

// TestRecheck covers §3's re-check rows and §8's limits.
func TestRecheck(t *testing.T) {
	e := newEnv(t)
	p := e.approved(claimHome, target)
	verified := e.start(p)
	e.finish(verified.ID, "verified")
	queued := e.start(p)
	failed := e.start(p)
	// The queue is oldest first: complete queued as blocked to reach failed.
	e.finish(queued.ID, "blocked")
	e.finish(failed.ID, "failed")
	running := e.start(p)
	base := e.charges()

	for _, tt := range []struct {
		name  string
		who   service.Principal
		id    string
		url   string
		code  service.Code
		field string
		want  string // deployment URL of the new run
	}{
		{"read key", e.read, failed.ID, "", service.CodeInsufficientScope, "", ""},
		{"person", service.Principal{}, failed.ID, "", service.CodeUnauthorized, "", ""},
		{"unknown", e.launch, "ver_missing", "", service.CodeNotFound, "", ""},
		{"verified", e.launch, verified.ID, "", service.CodeRecheckNotAllowed, "", ""},
		{"blocked", e.launch, queued.ID, "", service.CodeRecheckNotAllowed, "", ""},
		{"still queued", e.launch, running.ID, "", service.CodeRecheckNotAllowed, "", ""},
		{"other host", e.launch, failed.ID, "http://127.0.0.3:9/", service.CodeRecheckHostMismatch, "deployment_url", ""},
		{"other scheme", e.launch, failed.ID, "https://127.0.0.1:9/", service.CodeRecheckHostMismatch, "deployment_url", ""},
		{"metadata", e.launch, failed.ID, "http://169.254.169.254/", service.CodeTargetNotAllowed, "deployment_url", ""},
		{"same URL", e.launch, failed.ID, "", "", "", target},
		{"other path", e.launch, failed.ID, "http://127.0.0.1:9/v2/", "", "", "http://127.0.0.1:9/v2/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := e.charges()
			v, err := e.svc.Recheck(e.ctx, tt.who, tt.id, tt.url)
			se := wantCode(t, tt.name, err, tt.code)
			if se != nil {
				if se.Field != tt.field {
					t.Errorf("Field = %q, want %q", se.Field, tt.field)
				}
				if n := e.charges(); n != before {
					t.Errorf("a refused re-check was charged")
				}
				return
			}
			if v.ID == failed.ID || v.RecheckOf != failed.ID || v.State != store.Queued || v.DeploymentURL != tt.want || v.PlanID != p.ID {
				t.Errorf("re-check = %+v", v)
			}
			if n := e.charges(); n != before+1 {
				t.Errorf("charges %d → %d, want one more", before, n)
			}
		})
	}
	old, _ := e.svc.GetVerification(e.ctx, failed.ID)
	if old.State != store.Completed || old.Decision != "failed" || old.RecheckOf != "" {
		t.Errorf("the re-checked verification changed: %+v", old)
	}

	// Eight more make ten; the eleventh is refused.
	for i := 0; i < 8; i++ {
		if _, err := e.svc.Recheck(e.ctx, e.launch, failed.ID, ""); err != nil {
			t.Fatalf("re-check %d: %v", i+3, err)
		}
	}
	_, err := e.svc.Recheck(e.ctx, e.launch, failed.ID, "")
	wantCode(t, "eleventh re-check", err, service.CodeRecheckLimitReached)
	if n := e.charges(); n != base+10 {
		t.Errorf("%d charges, want %d", n, base+10)
	}

	// The window: 24 h from approval, whatever the count.
	q := e.approved(claimAbout, target)
	f := e.start(q)
	for _, v := range []*service.Verification{running} {
		e.finish(v.ID, "blocked")
	}
	vs, _ := e.svc.ListVerifications(e.ctx, service.VerificationFilter{State: store.Queued})
	for _, v := range vs {
		e.finish(v.ID, "failed")
	}
	e.clock.Advance(24*time.Hour - time.Millisecond)
	if _, err := e.svc.Recheck(e.ctx, e.launch, f.ID, ""); err != nil {
		t.Fatalf("re-check just inside the window: %v", err)
	}
	e.clock.Advance(time.Millisecond)
	_, err = e.svc.Recheck(e.ctx, e.launch, f.ID, "")
	wantCode(t, "re-check at 24 h", err, service.CodeRecheckWindowClosed)
}

// TestConcurrentRechecksAtLimit: with nine re-checks made, twenty at once
// let exactly one through, charged once.
func TestConcurrentRechecksAtLimit(t *testing.T) {
	e := newEnv(t)
	p := e.approved(claimHome, target)
	failed := e.start(p)
	e.finish(failed.ID, "failed")
	for i := 0; i < 9; i++ {
		if _, err := e.svc.Recheck(e.ctx, e.launch, failed.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	before := e.charges()
	const n = 20
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { _, errs[i] = e.svc.Recheck(e.ctx, e.launch, failed.ID, "") })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			wantCode(t, "concurrent re-check", err, service.CodeRecheckLimitReached)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d concurrent re-checks at the limit went through, want 1", ok, n)
	}
	if got := e.charges(); got != before+1 {
		t.Errorf("charges %d → %d, want one more", before, got)
	}
}

// TestIdempotency covers §4.3's storage rules through the service.
func TestIdempotency(t *testing.T) {
	e := newEnv(t)
	scope := e.launch.KeyID
	steps := []struct {
		name   string
		key    string
		hash   string
		code   service.Code
		replay bool
	}{
		{"too long", strings.Repeat("k", 256), "h", service.CodeInvalidRequest, false},
		{"empty", "", "h", service.CodeInvalidRequest, false},
		{"255 characters", strings.Repeat("k", 255), "h", "", false},
		{"first", "k1", "h1", "", false},
		{"in flight", "k1", "h1", service.CodeIdempotencyInProgress, false},
		{"other body", "k1", "h2", service.CodeIdempotencyKeyReused, false},
	}
	for _, st := range steps {
		rec, err := e.svc.BeginIdempotent(e.ctx, scope, st.key, st.hash)
		wantCode(t, st.name, err, st.code)
		if st.replay != (rec != nil) {
			t.Fatalf("%s: record %+v", st.name, rec)
		}
	}
	if err := e.svc.CompleteIdempotent(e.ctx, scope, "k1", 202, []byte(`{"state":"review_required"}`)); err != nil {
		t.Fatal(err)
	}
	if rec, err := e.svc.GetIdempotent(e.ctx, scope, "k1"); err != nil || !rec.Done || rec.RequestHash != "h1" {
		t.Errorf("GetIdempotent = %+v, %v", rec, err)
	}
	_, err := e.svc.GetIdempotent(e.ctx, scope, "k9")
	wantCode(t, "GetIdempotent(unknown)", err, service.CodeNotFound)
	rec, err := e.svc.BeginIdempotent(e.ctx, scope, "k1", "h1")
	if err != nil || rec == nil || rec.Status != 202 || string(rec.Body) != `{"state":"review_required"}` {
		t.Fatalf("replay = %+v, %v", rec, err)
	}
	_, err = e.svc.BeginIdempotent(e.ctx, scope, "k1", "h2")
	wantCode(t, "other body after completion", err, service.CodeIdempotencyKeyReused)
	if rec, err := e.svc.BeginIdempotent(e.ctx, e.read.KeyID, "k1", "h2"); err != nil || rec != nil {
		t.Errorf("another key's scope: %+v, %v", rec, err)
	}
	e.clock.Advance(24 * time.Hour)
	if rec, err := e.svc.BeginIdempotent(e.ctx, scope, "k1", "h2"); err != nil || rec != nil {
		t.Errorf("after 24 h: %+v, %v", rec, err)
	}
	if err := e.svc.AbortIdempotent(e.ctx, scope, "k1"); err != nil {
		t.Fatal(err)
	}
	if rec, err := e.svc.BeginIdempotent(e.ctx, scope, "k1", "h3"); err != nil || rec != nil {
		t.Errorf("after abort: %+v, %v", rec, err)
	}
}

// TestKeysUsersSessions covers key authentication, people and sessions.
func TestKeysUsersSessions(t *testing.T) {
	e := newEnv(t)
	hash := []byte("0123456789abcdef0123456789abcdef")
	k, err := e.svc.CreateKey(e.ctx, service.NewKey{Prefix: "vch_abcd", Hash: hash, Scope: store.ScopeRead, Name: "ci"})
	if err != nil {
		t.Fatal(err)
	}
	if !hasPrefix(k.ID, "key_") {
		t.Errorf("key id %q", k.ID)
	}
	_, err = e.svc.CreateKey(e.ctx, service.NewKey{Prefix: "vch_x", Hash: []byte("x"), Scope: "admin"})
	wantCode(t, "CreateKey(admin)", err, service.CodeInvalidRequest)
	got, err := e.svc.AuthenticateKey(e.ctx, hash)
	if err != nil || got.ID != k.ID || !got.LastUsed.Equal(e.clock.Now()) {
		t.Errorf("AuthenticateKey = %+v, %v", got, err)
	}
	_, err = e.svc.AuthenticateKey(e.ctx, []byte("unknown"))
	wantCode(t, "AuthenticateKey(unknown)", err, service.CodeUnauthorized)
	if _, err := e.svc.RevokeKey(e.ctx, "vch_ab"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.AuthenticateKey(e.ctx, hash)
	wantCode(t, "AuthenticateKey(revoked)", err, service.CodeUnauthorized)
	_, err = e.svc.RevokeKey(e.ctx, "vch_zz")
	wantCode(t, "RevokeKey(unknown)", err, service.CodeNotFound)

	_, err = e.svc.CreateUser(e.ctx, service.NewUser{Email: "ANA@example.com", PasswordHash: "h"})
	wantCode(t, "CreateUser(taken email)", err, service.CodeConflict)
	_, err = e.svc.CreateUser(e.ctx, service.NewUser{Email: "not an email", PasswordHash: "h"})
	wantCode(t, "CreateUser(bad email)", err, service.CodeInvalidRequest)

	se, err := e.svc.CreateSession(e.ctx, service.NewSession{TokenHash: []byte("tok"), UserID: e.person.UserID, CSRFToken: "c", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, u, err := e.svc.GetSession(e.ctx, []byte("tok")); err != nil || u.ID != e.person.UserID {
		t.Errorf("GetSession = %v, %v", u, err)
	}
	e.clock.Advance(time.Hour)
	_, _, err = e.svc.GetSession(e.ctx, []byte("tok"))
	wantCode(t, "GetSession(expired)", err, service.CodeUnauthorized)
	if _, err := e.svc.CreateSession(e.ctx, service.NewSession{TokenHash: []byte("tok2"), UserID: e.person.UserID}); err != nil {
		t.Fatal(err)
	}
	u, _ := e.svc.GetUser(e.ctx, e.person.UserID)
	u.Disabled = true
	if err := e.svc.UpdateUser(e.ctx, u); err != nil {
		t.Fatal(err)
	}
	_, _, err = e.svc.GetSession(e.ctx, []byte("tok2"))
	wantCode(t, "GetSession(disabled person)", err, service.CodeUnauthorized)
	if err := e.svc.DeleteSession(e.ctx, se.ID); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.svc.CountUsers(e.ctx); n != 1 {
		t.Errorf("CountUsers = %d", n)
	}
}

// TestConcurrentIdempotentStarts follows the HTTP layer's protocol (begin,
// run, complete) with 50 concurrent run starts under one idempotency key:
// one run, one charge; the others are told the first is in flight or get
// its response to replay.
func TestConcurrentIdempotentStarts(t *testing.T) {
	e := newEnv(t)
	p := e.approved(claimHome, target)
	const n = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	ran, inFlight, replayed := 0, 0, 0
	for range n {
		wg.Go(func() {
			rec, err := e.svc.BeginIdempotent(e.ctx, e.launch.KeyID, "start-1", "hash-of-body")
			switch {
			case err == nil && rec == nil:
				v, err := e.svc.StartRun(e.ctx, e.launch, service.CreateRequest{ReviewedPlanID: p.ID})
				if err != nil {
					t.Error(err)
					return
				}
				if err := e.svc.CompleteIdempotent(e.ctx, e.launch.KeyID, "start-1", 202, []byte(v.ID)); err != nil {
					t.Error(err)
				}
				mu.Lock()
				ran++
				mu.Unlock()
			case err == nil:
				mu.Lock()
				replayed++
				mu.Unlock()
			case service.ErrorCode(err) == service.CodeIdempotencyInProgress:
				mu.Lock()
				inFlight++
				mu.Unlock()
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ran != 1 || ran+inFlight+replayed != n {
		t.Errorf("%d ran, %d in flight, %d replayed; want 1 run", ran, inFlight, replayed)
	}
	if c := e.charges(); c != 1 {
		t.Errorf("%d charges, want 1", c)
	}
}

// TestIdempotentRunKeys: a run start or re-check under an idempotency key
// records the key with the run, so that the request re-executed (its
// idempotency record never completed, as after a crash) answers the same
// run and charges nothing; another key, or another caller with the same
// key, is another run; the key of one plan's run is refused for another.
func TestIdempotentRunKeys(t *testing.T) {
	e := newEnv(t, func(c *service.Config) { c.MaxRechecks = 1 })
	p := e.approved(claimHome, target)
	other := e.approved(claimAbout, target)
	start := func(who service.Principal, planID, key string) (*service.Verification, error) {
		return e.svc.StartRun(e.ctx, who, service.CreateRequest{ReviewedPlanID: planID, IdempotencyKey: key})
	}
	first, err := start(e.launch, p.ID, "k1")
	wantCode(t, "first start", err, "")
	again, err := start(e.launch, p.ID, "k1")
	wantCode(t, "same key", err, "")
	if again.ID != first.ID || e.charges() != 1 {
		t.Fatalf("same key: %s (first %s), %d charges; want the first run, 1 charge", again.ID, first.ID, e.charges())
	}
	second, err := start(e.launch, p.ID, "k2")
	wantCode(t, "another key", err, "")
	byPerson, err := start(e.person, p.ID, "k1")
	wantCode(t, "another caller", err, "")
	if second.ID == first.ID || byPerson.ID == first.ID || byPerson.ID == second.ID || e.charges() != 3 {
		t.Fatalf("runs %s %s %s, %d charges; want three runs, 3 charges", first.ID, second.ID, byPerson.ID, e.charges())
	}
	_, err = start(e.launch, other.ID, "k1")
	wantCode(t, "the key of another plan's run", err, service.CodeIdempotencyKeyReused)

	e.finish(first.ID, "failed")
	e.clock.Advance(time.Hour)
	rc, err := e.svc.StartRecheck(e.ctx, e.launch, service.RecheckRequest{ID: first.ID, IdempotencyKey: "rc"})
	wantCode(t, "re-check", err, "")
	// The plan is at its limit of one re-check: the same key still answers
	// it, past the window too (24 h after approval, here 23.5 h after the
	// re-check: the key is kept 24 h), and a new one is refused.
	e.clock.Advance(23*time.Hour + 30*time.Minute)
	rc2, err := e.svc.StartRecheck(e.ctx, e.launch, service.RecheckRequest{ID: first.ID, IdempotencyKey: "rc"})
	wantCode(t, "same re-check key", err, "")
	if rc2.ID != rc.ID || rc2.RecheckOf != first.ID || e.charges() != 4 {
		t.Fatalf("same re-check key: %s (first %s), %d charges", rc2.ID, rc.ID, e.charges())
	}
	_, err = e.svc.StartRecheck(e.ctx, e.launch, service.RecheckRequest{ID: first.ID, IdempotencyKey: "rc-new"})
	wantCode(t, "new re-check key past the window", err, service.CodeRecheckWindowClosed)
}
