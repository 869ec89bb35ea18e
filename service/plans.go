package service

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/vouchdev/vouch/claim"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/store"
)

// MaxClaimLength is the longest claim accepted, in characters: the claim
// language's limit.
const MaxClaimLength = claim.MaxClaimLen

// newID returns prefix + 26 base32 characters: 130 random bits.
func newID(prefix string) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	b := make([]byte, 26)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[b[i]&31]
	}
	return prefix + string(b)
}

// CreatePlan derives a plan from req.Claim for req.DeploymentURL and stores
// it pending approval. With req.DryRun the plan is stored too, so that the
// same plan and approve_url can be approved; the result says DryRun.
// Nothing runs, nothing is charged. A claim no check can prove is refused
// with CodeClaimNotProvable and a repair prompt.
func (s *Service) CreatePlan(ctx context.Context, p Principal, req CreateRequest) (*Plan, error) {
	if err := authenticated(p); err != nil {
		return nil, err
	}
	if req.ReviewedPlanID != "" {
		return nil, invalid("reviewed_plan_id", "a request with reviewed_plan_id starts a run: use StartRun")
	}
	u, err := s.checkTarget(req.DeploymentURL)
	if err != nil {
		return nil, err
	}
	claim := strings.TrimSpace(req.Claim)
	switch {
	case claim == "":
		return nil, invalid("claim", "claim is required: one sentence about what the app does")
	case utf8.RuneCountInString(claim) > MaxClaimLength:
		return nil, invalid("claim", "claim is longer than %d characters; state one thing the app does", MaxClaimLength)
	}
	var d Derivation
	if da, ok := s.cfg.Deriver.(deriverAt); ok {
		var base *url.URL
		if d, base, err = da.DeriveAt(claim, u); err == nil && base != nil {
			u = base
		}
	} else {
		d, err = s.cfg.Deriver.Derive(claim)
	}
	if err != nil {
		var se *Error
		if errors.As(err, &se) {
			return nil, se
		}
		if re, ok := refusalError(err); ok {
			return nil, re
		}
		return nil, internal(fmt.Errorf("deriving %q: %w", claim, err))
	}
	if d.Plan == nil {
		return nil, internal(errors.New("service: the deriver returned no plan"))
	}
	if err := d.Plan.Validate(); err != nil {
		return nil, internal(fmt.Errorf("service: the deriver returned an invalid plan: %w", err))
	}
	reqs, err := withProofs(d)
	if err != nil {
		return nil, internal(fmt.Errorf("service: the deriver's requirements do not match its plan: %w", err))
	}
	reqJSON, err := json.Marshal(orEmpty(reqs))
	if err != nil {
		return nil, internal(err)
	}
	notesJSON, err := json.Marshal(orEmpty(d.Notes))
	if err != nil {
		return nil, internal(err)
	}
	sp := &store.Plan{
		ID:            newID("pln_"),
		Hash:          d.Plan.ID(),
		JSON:          d.Plan.Canonical(),
		Claim:         claim,
		DeploymentURL: u.String(),
		Requirements:  reqJSON,
		Notes:         notesJSON,
		State:         store.PlanPending,
		DryRun:        req.DryRun,
		CreatedBy:     store.Principal{KeyID: p.KeyID, UserID: p.UserID},
		CreatedAt:     s.now().UTC(),
	}
	if err := s.store.CreatePlan(ctx, sp); err != nil {
		return nil, internal(err)
	}
	return s.planView(ctx, sp), nil
}

// checkTarget checks a deployment URL against the target policy.
func (s *Service) checkTarget(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, invalid("deployment_url", "deployment_url is required: the http(s) URL of the deployed app")
	}
	u, err := s.cfg.Policy.CheckURL(raw)
	if err != nil {
		var re *netpolicy.RefusedError
		if errors.As(err, &re) && (re.Rule == netpolicy.RuleInvalid || re.Rule == netpolicy.RuleNoHost) {
			return nil, &Error{Code: CodeInvalidRequest, Field: "deployment_url", Message: "deployment_url: " + re.Reason, Err: err}
		}
		return nil, &Error{Code: CodeTargetNotAllowed, Field: "deployment_url",
			Message: strings.TrimPrefix(err.Error(), "netpolicy: "), Err: err}
	}
	return u, nil
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// GetPlan returns a plan with its approval state and event.
func (s *Service) GetPlan(ctx context.Context, id string) (*Plan, error) {
	sp, err := s.store.GetPlan(ctx, id)
	if err != nil {
		return nil, s.storeErr(err, "plan "+id)
	}
	return s.planView(ctx, sp), nil
}

// ListPlans returns plans in state ("" for all), newest first, at most
// limit (Defaults to 100): the review queue is ListPlans(ctx, "pending", n).
func (s *Service) ListPlans(ctx context.Context, state string, limit int) ([]*Plan, error) {
	switch state {
	case "", store.PlanPending, store.PlanApproved, store.PlanRejected:
	default:
		return nil, invalid("state", "state must be pending, approved or rejected, not %q", state)
	}
	sps, err := s.store.ListPlans(ctx, store.PlanFilter{State: state, Limit: limit})
	if err != nil {
		return nil, internal(err)
	}
	out := make([]*Plan, len(sps))
	for i, sp := range sps {
		out[i] = s.planView(ctx, sp)
	}
	return out, nil
}

// Approve records a person's approval of a pending plan: who, which plan
// hash, when. planHash, if not empty, is the hash the person was shown
// (hex, or "sha256:"-prefixed as in contract_id); if it is not the plan's,
// or the stored plan no longer hashes to it, the approval is refused with
// CodePlanIntegrity. API keys get CodePlanRequiresHuman with the approve
// link. Approving an approved plan returns it unchanged; approving a
// rejected one is CodePlanRejected.
func (s *Service) Approve(ctx context.Context, p Principal, planID, planHash string) (*Plan, error) {
	return s.decide(ctx, p, planID, planHash, store.PlanApproved, "")
}

// Reject records a person's rejection of a pending plan. Rejecting a
// rejected plan returns it unchanged; rejecting an approved one is
// CodePlanNotPending.
func (s *Service) Reject(ctx context.Context, p Principal, planID, reason string) (*Plan, error) {
	return s.decide(ctx, p, planID, "", store.PlanRejected, reason)
}

func (s *Service) decide(ctx context.Context, p Principal, planID, planHash, state, reason string) (*Plan, error) {
	if p.KeyID != "" || p.UserID == "" {
		e := &Error{Code: CodePlanRequiresHuman, PlanID: planID, ApproveURL: s.ApproveURL(planID),
			Message: "only a signed-in person can approve or reject a plan; open the approve link"}
		if p.KeyID == "" {
			e.Code, e.Message = CodeUnauthorized, "sign in to approve or reject a plan"
		}
		return nil, e
	}
	u, err := s.store.GetUser(ctx, p.UserID)
	if err != nil || u.Disabled {
		return nil, errorf(CodeUnauthorized, "sign in to approve or reject a plan")
	}
	sp, err := s.store.GetPlan(ctx, planID)
	if err != nil {
		return nil, s.storeErr(err, "plan "+planID)
	}
	switch {
	case sp.State == state:
		return s.planView(ctx, sp), nil
	case sp.State == store.PlanRejected:
		return nil, &Error{Code: CodePlanRejected, PlanID: planID, Message: "plan " + planID + " was rejected; create a new plan"}
	case sp.State == store.PlanApproved:
		return nil, &Error{Code: CodePlanNotPending, PlanID: planID, Message: "plan " + planID + " is already approved"}
	}
	if _, err := storedPlan(sp, sp.Hash); err != nil {
		return nil, err
	}
	if h := strings.TrimPrefix(planHash, "sha256:"); h != "" && h != sp.Hash {
		return nil, &Error{Code: CodePlanIntegrity, PlanID: planID,
			Message: "the plan shown (sha256:" + h + ") is not plan " + planID + " (sha256:" + sp.Hash + "); reload it and review again"}
	}
	sp, err = s.store.DecidePlan(ctx, store.PlanDecision{PlanID: planID, PlanHash: sp.Hash, State: state,
		UserID: u.ID, At: s.now().UTC(), Reason: reason})
	switch {
	case errors.Is(err, store.ErrPlanNotPending):
		// Decided concurrently: report what the other decision was.
		return s.decide(ctx, p, planID, planHash, state, reason)
	case err != nil:
		return nil, s.storeErr(err, "plan "+planID)
	}
	s.log.Info("plan decided", "plan", planID, "state", state, "user", u.ID, "hash", sp.Hash)
	return s.planView(ctx, sp), nil
}

// storedPlan parses a stored plan's JSON and checks that it hashes to
// want: the approved hash, or the plan's own hash before approval.
func storedPlan(sp *store.Plan, want string) (*plan.Plan, error) {
	pl, err := plan.Parse(sp.JSON)
	if err == nil && pl.ID() == want && sp.Hash == want {
		return pl, nil
	}
	msg := "the stored plan " + sp.ID + " no longer matches the hash that was approved (sha256:" + want + "); nothing was run or charged"
	if err != nil {
		err = fmt.Errorf("stored plan %s does not parse: %w", sp.ID, err)
	} else {
		err = fmt.Errorf("stored plan %s hashes to %s, want %s (plan row hash %s)", sp.ID, pl.ID(), want, sp.Hash)
	}
	return nil, &Error{Code: CodePlanIntegrity, PlanID: sp.ID, Message: msg, Err: err}
}

// planView turns a stored plan into what callers see.
func (s *Service) planView(ctx context.Context, sp *store.Plan) *Plan {
	v := &Plan{
		ID:              sp.ID,
		ContractID:      "sha256:" + sp.Hash,
		ContractVersion: ContractVersion,
		State:           sp.State,
		Claim:           sp.Claim,
		DeploymentURL:   sp.DeploymentURL,
		ApproveURL:      s.ApproveURL(sp.ID),
		DryRun:          sp.DryRun,
		CreatedBy:       Principal{KeyID: sp.CreatedBy.KeyID, UserID: sp.CreatedBy.UserID},
		CreatedAt:       sp.CreatedAt,
		Rechecks:        sp.Rechecks,
	}
	if pl, err := plan.Parse(sp.JSON); err == nil {
		v.Plan = pl
	} else {
		s.log.Error("stored plan does not parse", "plan", sp.ID, "err", err)
	}
	if err := json.Unmarshal(sp.Requirements, &v.Requirements); err != nil {
		s.log.Error("stored requirements do not parse", "plan", sp.ID, "err", err)
	}
	if err := json.Unmarshal(sp.Notes, &v.Notes); err != nil {
		s.log.Error("stored notes do not parse", "plan", sp.ID, "err", err)
	}
	v.Requirements, v.Notes = orEmpty(v.Requirements), orEmpty(v.Notes)
	for i, r := range v.Requirements {
		if r.ProvenBy == nil { // stored before plans recorded their proofs
			v.Requirements[i].ProvenBy = proofs(v.Plan, r.ID)
		}
	}
	if e := sp.Decision; e != nil {
		v.Approval = &Approval{State: e.State, UserID: e.UserID, PlanHash: e.PlanHash, At: e.At, Reason: e.Reason}
		if u, err := s.store.GetUser(ctx, e.UserID); err == nil {
			v.Approval.UserEmail = u.Email
		}
		if e.State == store.PlanApproved {
			v.RecheckDeadline = e.At.Add(s.cfg.RecheckWindow)
		}
	}
	return v
}

// authenticated refuses an anonymous principal.
func authenticated(p Principal) error {
	if p.KeyID == "" && p.UserID == "" {
		return errorf(CodeUnauthorized, "an API key or a signed-in person is required")
	}
	return nil
}

// canLaunch refuses principals that may not spend: read keys.
func canLaunch(p Principal) error {
	if err := authenticated(p); err != nil {
		return err
	}
	if p.KeyID != "" && p.Scope != store.ScopeLaunch {
		return errorf(CodeInsufficientScope, "starting a run spends a verification: it needs a key with launch scope")
	}
	return nil
}

// storeErr maps store errors that reach callers to codes.
func (s *Service) storeErr(err error, what string) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &Error{Code: CodeNotFound, Message: what + " not found", Err: err}
	case errors.Is(err, store.ErrConflict):
		return &Error{Code: CodeConflict, Message: what + " already exists", Err: err}
	}
	return internal(err)
}
