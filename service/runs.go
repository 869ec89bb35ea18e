package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/store"
)

// StartRun queues a run of the approved plan req.ReviewedPlanID and
// charges it once, in one transaction. It needs a launch key or a person.
//
// The run uses the plan's stored deployment URL. req.DeploymentURL, if
// set, must have the same scheme and host (CodeRecheckHostMismatch
// otherwise) and may name another path, where the run starts. req.Claim,
// if set, must be the plan's claim: a plan is approved for one claim. The
// stored plan is re-hashed before the charge is written: a mismatch with
// the approved hash is CodePlanIntegrity, and nothing is charged.
func (s *Service) StartRun(ctx context.Context, p Principal, req CreateRequest) (*Verification, error) {
	if err := canLaunch(p); err != nil {
		return nil, err
	}
	if req.ReviewedPlanID == "" {
		return nil, invalid("reviewed_plan_id", "reviewed_plan_id is required to start a run")
	}
	if req.DryRun {
		return nil, invalid("dry_run", "a dry run cannot start a run: drop dry_run or reviewed_plan_id")
	}
	sp, err := s.store.GetPlan(ctx, req.ReviewedPlanID)
	if err != nil {
		e := s.storeErr(err, "plan "+req.ReviewedPlanID)
		if se, ok := e.(*Error); ok && se.Code == CodeNotFound {
			se.Field = "reviewed_plan_id"
		}
		return nil, e
	}
	if claim := strings.TrimSpace(req.Claim); claim != "" && claim != sp.Claim {
		return nil, &Error{Code: CodeInvalidRequest, Field: "claim", PlanID: sp.ID,
			Message: "claim differs from the claim plan " + sp.ID + " was approved for; create a new plan for this claim"}
	}
	target := sp.DeploymentURL
	if req.DeploymentURL != "" {
		if target, err = s.sameSite(sp.DeploymentURL, req.DeploymentURL); err != nil {
			return nil, err
		}
	}
	if v := s.replayRun(ctx, p, req.IdempotencyKey, sp, target, ""); v != nil {
		return v, nil
	}
	return s.createRun(ctx, p, sp, target, "", req.IdempotencyKey)
}

// Recheck queues a new run of every journey of the approved plan of the
// failed verification id, billed once. deploymentURL, if set, may name
// another path on the same scheme and host as the plan's deployment
// (CodeRecheckHostMismatch otherwise); it defaults to the URL the
// verification ran against. Refusals: CodeRecheckNotAllowed unless the
// verification completed with decision failed, CodeRecheckWindowClosed
// past RecheckWindow after approval, CodeRecheckLimitReached past
// MaxRechecks re-checks of the plan (concurrent re-checks at the limit let
// exactly one through).
func (s *Service) Recheck(ctx context.Context, p Principal, id, deploymentURL string) (*Verification, error) {
	return s.StartRecheck(ctx, p, RecheckRequest{ID: id, DeploymentURL: deploymentURL})
}

// StartRecheck is Recheck with the request's idempotency key: the request
// re-executed with the key of a re-check already started (after a crash
// before its response was stored) answers that re-check, even past the
// window or the limit, and charges nothing.
func (s *Service) StartRecheck(ctx context.Context, p Principal, req RecheckRequest) (*Verification, error) {
	id, deploymentURL := req.ID, req.DeploymentURL
	if err := canLaunch(p); err != nil {
		return nil, err
	}
	v, err := s.store.GetVerification(ctx, id)
	if err != nil {
		return nil, s.storeErr(err, "verification "+id)
	}
	if v.State != store.Completed {
		return nil, errorf(CodeRecheckNotAllowed, "verification %s is still %s; re-check it once it has failed", id, v.State)
	}
	if v.Decision != string(evidence.Failed) {
		return nil, errorf(CodeRecheckNotAllowed, "verification %s was %s; only a failed verification can be re-checked", id, v.Decision)
	}
	sp, err := s.store.GetPlan(ctx, v.PlanID)
	if err != nil {
		return nil, internal(err)
	}
	if sp.Decision == nil || sp.Decision.State != store.PlanApproved {
		return nil, internal(fmt.Errorf("verification %s ran plan %s, which is not approved", id, sp.ID))
	}
	if req.IdempotencyKey != "" {
		// Before the window: a re-check already started under the key is
		// answered even once the window has closed since.
		target, terr := v.DeploymentURL, error(nil)
		if deploymentURL != "" {
			target, terr = s.sameSite(sp.DeploymentURL, deploymentURL)
		}
		if terr == nil {
			if rv := s.replayRun(ctx, p, req.IdempotencyKey, sp, target, v.ID); rv != nil {
				return rv, nil
			}
		}
	}
	if deadline := sp.Decision.At.Add(s.cfg.RecheckWindow); !s.now().Before(deadline) {
		return nil, &Error{Code: CodeRecheckWindowClosed, PlanID: sp.ID,
			Message: fmt.Sprintf("re-checks of plan %s closed at %s, %s after its approval; start a new verification",
				sp.ID, deadline.UTC().Format("2006-01-02T15:04:05Z"), s.cfg.RecheckWindow)}
	}
	target := v.DeploymentURL
	if deploymentURL != "" {
		if target, err = s.sameSite(sp.DeploymentURL, deploymentURL); err != nil {
			return nil, err
		}
	}
	return s.createRun(ctx, p, sp, target, v.ID, req.IdempotencyKey)
}

// replayRun returns the run already started under the caller's
// idempotency key, if it is the run this request asks for (plan, target
// and re-check), or nil. A run of another request under the key is left to
// createRun, whose transaction refuses it.
func (s *Service) replayRun(ctx context.Context, p Principal, key string, sp *store.Plan, target, recheckOf string) *Verification {
	if key == "" {
		return nil
	}
	sv, err := s.store.IdempotentRun(ctx, p.IdempotencyScope(), key, s.now().UTC().Add(-s.cfg.IdempotencyTTL))
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("idempotent run lookup", "key", p.KeyID, "user", p.UserID, "err", err)
		}
		return nil
	}
	if sv.PlanID != sp.ID || sv.RecheckOf != recheckOf || sv.DeploymentURL != target {
		return nil
	}
	s.log.Info("run replayed", "verification", sv.ID, "plan", sp.ID, "recheck_of", recheckOf, "key", p.KeyID, "user", p.UserID)
	return s.verificationView(sv, sp)
}

// createRun checks the stored plan's integrity, then creates the run and
// its charge in one store transaction; under an idempotency key, a run
// already created with it is returned instead, and nothing is charged.
func (s *Service) createRun(ctx context.Context, p Principal, sp *store.Plan, target, recheckOf, idemKey string) (*Verification, error) {
	switch {
	case sp.State == store.PlanPending:
		return nil, &Error{Code: CodePlanNotApproved, PlanID: sp.ID, ApproveURL: s.ApproveURL(sp.ID),
			Message: "plan " + sp.ID + " is waiting for a person's approval at the approve link"}
	case sp.State == store.PlanRejected:
		return nil, &Error{Code: CodePlanRejected, PlanID: sp.ID, Message: "plan " + sp.ID + " was rejected; create a new plan"}
	case sp.Decision == nil:
		return nil, internal(fmt.Errorf("plan %s is %s with no decision event", sp.ID, sp.State))
	}
	// Checked here, before the charge transaction, so that a tampered plan
	// is refused and never charged; the worker checks again before running.
	if _, err := storedPlan(sp, sp.Decision.PlanHash); err != nil {
		s.log.Error("plan integrity", "plan", sp.ID, "err", err)
		return nil, err
	}
	nr := store.NewRun{
		ID:            newID("ver_"),
		PlanID:        sp.ID,
		PlanHash:      sp.Decision.PlanHash,
		DeploymentURL: target,
		RecheckOf:     recheckOf,
		MaxRechecks:   s.cfg.MaxRechecks,
		LaunchedBy:    store.Principal{KeyID: p.KeyID, UserID: p.UserID},
		ChargeID:      newID("chg_"),
		At:            s.now().UTC(),
		// The attempt after the last allowed one decides blocked at once.
		MaxAttempts: s.cfg.MaxAttempts + 1,
		Timeout:     s.attemptTimeout(sp),
	}
	if idemKey != "" {
		nr.IdempotencyScope, nr.IdempotencyKey, nr.IdempotencyTTL = p.IdempotencyScope(), idemKey, s.cfg.IdempotencyTTL
	}
	sv, err := s.store.CreateRun(ctx, nr)
	switch {
	case errors.Is(err, store.ErrIdempotencyKeyReused):
		return nil, &Error{Code: CodeIdempotencyKeyReused, Field: "Idempotency-Key", Err: err,
			Message: "this Idempotency-Key already started another run; use a new key for a new request"}
	case errors.Is(err, store.ErrRecheckLimit):
		return nil, &Error{Code: CodeRecheckLimitReached, PlanID: sp.ID, Err: err,
			Message: fmt.Sprintf("plan %s has had its %d re-checks; start a new verification", sp.ID, s.cfg.MaxRechecks)}
	case errors.Is(err, store.ErrRecheckNotAllowed):
		return nil, &Error{Code: CodeRecheckNotAllowed, PlanID: sp.ID, Err: err, Message: "only a failed verification can be re-checked"}
	case errors.Is(err, store.ErrPlanNotApproved), errors.Is(err, store.ErrPlanRejected), errors.Is(err, store.ErrPlanHashMismatch):
		// The plan changed between our read and the transaction.
		return nil, &Error{Code: CodePlanIntegrity, PlanID: sp.ID, Err: err, Message: "plan " + sp.ID + " changed while the run was being started; nothing was charged"}
	case err != nil:
		return nil, internal(err)
	}
	if sv.ID != nr.ID {
		s.log.Info("run replayed", "verification", sv.ID, "plan", sp.ID, "recheck_of", recheckOf, "key", p.KeyID, "user", p.UserID)
		return s.verificationView(sv, sp), nil
	}
	s.log.Info("run queued", "verification", sv.ID, "plan", sp.ID, "recheck_of", recheckOf, "key", p.KeyID, "user", p.UserID)
	return s.verificationView(sv, sp), nil
}

// attemptTimeout is the upper bound of one attempt of plan sp's run: every
// journey using its whole budget, one after the other, plus a minute for
// evidence. The worker caps it with its own JobTimeout.
func (s *Service) attemptTimeout(sp *store.Plan) time.Duration {
	pl, err := plan.Parse(sp.JSON)
	if err != nil {
		return s.cfg.JobTimeout
	}
	return time.Duration(len(pl.Journeys))*s.cfg.JourneyTimeout + time.Minute
}

// sameSite checks that raw has the scheme and host of base and passes the
// target policy; it returns raw normalised.
func (s *Service) sameSite(base, raw string) (string, error) {
	u, err := s.checkTarget(raw)
	if err != nil {
		return "", err
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", internal(err)
	}
	if !strings.EqualFold(u.Scheme, b.Scheme) || !strings.EqualFold(u.Host, b.Host) {
		return "", &Error{Code: CodeRecheckHostMismatch, Field: "deployment_url",
			Message: fmt.Sprintf("deployment_url must be on %s://%s, where the plan was approved; another path there is allowed", b.Scheme, b.Host)}
	}
	return u.String(), nil
}

// GetVerification returns one verification, with its outcome once
// completed and its live progress while running.
func (s *Service) GetVerification(ctx context.Context, id string) (*Verification, error) {
	sv, err := s.store.GetVerification(ctx, id)
	if err != nil {
		return nil, s.storeErr(err, "verification "+id)
	}
	sp, err := s.store.GetPlan(ctx, sv.PlanID)
	if err != nil {
		return nil, internal(err)
	}
	v := s.verificationView(sv, sp)
	if sv.State == store.Running {
		v.Progress = s.progressOf(sv)
	}
	return v, nil
}

// ListVerifications returns the verifications f selects, newest first; an
// unknown f.Before is not_found.
func (s *Service) ListVerifications(ctx context.Context, f VerificationFilter) ([]*Verification, error) {
	svs, err := s.store.ListVerifications(ctx, f)
	if errors.Is(err, store.ErrNotFound) {
		return nil, &Error{Code: CodeNotFound, Field: "before", Message: "there is no verification " + f.Before + " to list after", Err: err}
	}
	if err != nil {
		return nil, internal(err)
	}
	plans := map[string]*store.Plan{}
	out := make([]*Verification, 0, len(svs))
	for _, sv := range svs {
		sp, ok := plans[sv.PlanID]
		if !ok {
			if sp, err = s.store.GetPlan(ctx, sv.PlanID); err != nil {
				return nil, internal(err)
			}
			plans[sv.PlanID] = sp
		}
		out = append(out, s.verificationView(sv, sp))
	}
	return out, nil
}

// results is the shape of store.Verification.Results.
type results struct {
	Requirements []RequirementResult `json:"requirements"`
	Evidence     *Evidence           `json:"evidence"`
}

func (s *Service) verificationView(sv *store.Verification, sp *store.Plan) *Verification {
	v := &Verification{
		ID:            sv.ID,
		State:         sv.State,
		PlanID:        sv.PlanID,
		ContractID:    "sha256:" + sv.PlanHash,
		DeploymentURL: sv.DeploymentURL,
		RecheckOf:     sv.RecheckOf,
		HumanReviewed: true,
		LaunchedBy:    Principal{KeyID: sv.LaunchedBy.KeyID, UserID: sv.LaunchedBy.UserID},
		CreatedAt:     sv.CreatedAt,
		StartedAt:     sv.StartedAt,
		CompletedAt:   sv.CompletedAt,
		Attempts:      sv.Attempts,
	}
	if sv.State == store.Completed {
		v.Decision, v.Reason, v.RepairPrompt = sv.Decision, sv.Reason, sv.RepairPrompt
		var r results
		if len(sv.Results) > 0 {
			if err := json.Unmarshal(sv.Results, &r); err != nil {
				s.log.Error("stored results do not parse", "verification", sv.ID, "err", err)
			}
		}
		v.Requirements, v.Evidence = r.Requirements, r.Evidence
	}
	if v.Requirements == nil {
		var reqs []RequirementResult
		if err := json.Unmarshal(sp.Requirements, &reqs); err != nil {
			s.log.Error("stored requirements do not parse", "plan", sp.ID, "err", err)
		}
		if sv.State == store.Completed {
			for i := range reqs {
				reqs[i].Result = Unknown
			}
		}
		v.Requirements = orEmpty(reqs)
	}
	return v
}

// EvidenceFile returns the path of a completed verification's evidence
// file and its artifact record. name must be one its manifest lists, or
// the manifest or the report; anything else is CodeNotFound.
func (s *Service) EvidenceFile(ctx context.Context, id, name string) (string, *Artifact, error) {
	v, err := s.GetVerification(ctx, id)
	if err != nil {
		return "", nil, err
	}
	if v.State != store.Completed || v.Evidence == nil {
		return "", nil, errorf(CodeEvidenceNotAvailable, "verification %s has no evidence yet", id)
	}
	dir := filepath.Join(s.cfg.DataDir, "evidence", id)
	if err := s.fetchEvidence(ctx, dir, id); err != nil {
		return "", nil, internal(fmt.Errorf("fetching the evidence of %s: %w", id, err))
	}
	if len(v.Evidence.Attempts) > 0 {
		if err := s.fetchEvidence(ctx, s.attemptsDir(id), "attempts/"+id); err != nil {
			return "", nil, internal(fmt.Errorf("fetching the earlier attempts of %s: %w", id, err))
		}
	}
	// An earlier attempt's file: served only when the result lists it.
	if rest, ok := strings.CutPrefix(name, "attempts/"); ok {
		for _, at := range v.Evidence.Attempts {
			if slices.Contains(at.Files, name) {
				return filepath.Join(s.attemptsDir(id), filepath.FromSlash(rest)), &Artifact{Kind: "attempt", File: name, MediaType: attemptMediaType(name)}, nil
			}
		}
	}
	if name == "" || filepath.Base(name) != name {
		return "", nil, errorf(CodeEvidenceNotAvailable, "verification %s has no evidence file %q", id, name)
	}
	for _, a := range v.Evidence.Artifacts {
		if a.File == name {
			return filepath.Join(dir, name), &a, nil
		}
	}
	switch name {
	case evidence.ManifestFile:
		return filepath.Join(dir, name), &Artifact{Kind: string(evidence.KindManifest), File: name, MediaType: "application/json"}, nil
	case v.Evidence.ReportFile:
		return filepath.Join(dir, name), &Artifact{Kind: string(evidence.Report), File: name, MediaType: "text/html; charset=utf-8"}, nil
	case v.Evidence.AttestationFile, v.Evidence.TestResultFile:
		if name != "" {
			return filepath.Join(dir, name), &Artifact{Kind: "attestation", File: name, MediaType: "application/json"}, nil
		}
	}
	return "", nil, errorf(CodeEvidenceNotAvailable, "verification %s has no evidence file %q", id, name)
}

// Usage counts billed verifications per UTC day and payer.
func (s *Service) Usage(ctx context.Context, f ChargeFilter) ([]UsageRow, error) {
	rows, err := s.store.Usage(ctx, f)
	if err != nil {
		return nil, internal(err)
	}
	return orEmpty(rows), nil
}

// Charges lists ledger entries, oldest first.
func (s *Service) Charges(ctx context.Context, f ChargeFilter) ([]Charge, error) {
	cs, err := s.store.Charges(ctx, f)
	if err != nil {
		return nil, internal(err)
	}
	return orEmpty(cs), nil
}
