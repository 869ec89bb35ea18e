package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Prepare derives requirements and a plan for a claim (POST
// /verifications). Nothing runs and nothing is charged: a person approves
// the plan at ApproveURL, then Run starts it. A claim no check can prove is
// an *Error with code claim_not_provable and a RepairPrompt.
func (c *Client) Prepare(ctx context.Context, req PrepareRequest) (*Plan, error) {
	return c.create(ctx, req, false)
}

// DryRun derives the plan and checks that the claim is provable, like
// Prepare, and is not charged; its plan can be approved at ApproveURL like
// a prepared one.
func (c *Client) DryRun(ctx context.Context, req PrepareRequest) (*Plan, error) {
	return c.create(ctx, req, true)
}

func (c *Client) create(ctx context.Context, req PrepareRequest, dry bool) (*Plan, error) {
	body := struct {
		DeploymentURL string `json:"deployment_url"`
		Claim         string `json:"claim"`
		DryRun        bool   `json:"dry_run,omitempty"`
	}{req.DeploymentURL, req.Claim, dry}
	ok := http.StatusAccepted
	if dry {
		ok = http.StatusOK
	}
	var p Plan
	err := c.do(ctx, call{method: "POST", path: "/verifications", body: body, idemKey: orNewKey(req.IdempotencyKey), ok: []int{ok}}, &p)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// GetPlan reads a plan: its document, its approval state and, while
// pending, the approve link.
func (c *Client) GetPlan(ctx context.Context, planID string) (*Plan, error) {
	if planID == "" {
		return nil, errors.New("client: GetPlan: empty plan id")
	}
	var p Plan
	if err := c.do(ctx, call{method: "GET", path: "/verifications/plans/" + url.PathEscape(planID)}, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// WaitForApproval polls the plan until a person approves or rejects it,
// calling onPoll (if not nil) with each reading. It returns the approved
// plan; a rejection is an *Error with code plan_rejected (and the plan as
// it stands). Bound the wait with ctx.
func (c *Client) WaitForApproval(ctx context.Context, planID string, onPoll func(*Plan)) (*Plan, error) {
	for {
		p, err := c.GetPlan(ctx, planID)
		if err != nil {
			return nil, err
		}
		if onPoll != nil {
			onPoll(p)
		}
		switch p.State {
		case StateApproved:
			return p, nil
		case StateRejected:
			msg := "a person rejected plan " + planID
			if r := p.Rejection(); r != nil {
				if r.By != "" {
					msg = r.By + " rejected plan " + planID
				}
				if r.Reason != "" {
					msg += ": " + r.Reason
				}
			}
			return p, &Error{Code: CodePlanRejected, Message: msg, PlanID: planID}
		}
		if err := sleep(ctx, c.cfg.PollInterval); err != nil {
			return nil, fmt.Errorf("client: waiting for approval of %s: %w", planID, err)
		}
	}
}

// Run starts a run of an approved plan (POST /verifications with
// reviewed_plan_id); it needs a key with launch scope and is billed as one
// verification. It returns the queued verification: WaitForResult follows
// it.
func (c *Client) Run(ctx context.Context, req RunRequest) (*Verification, error) {
	if req.PlanID == "" {
		return nil, errors.New("client: Run: empty plan id")
	}
	body := struct {
		ReviewedPlanID string `json:"reviewed_plan_id"`
		DeploymentURL  string `json:"deployment_url,omitempty"`
	}{req.PlanID, req.DeploymentURL}
	var v Verification
	err := c.do(ctx, call{method: "POST", path: "/verifications", body: body, idemKey: orNewKey(req.IdempotencyKey), ok: []int{http.StatusAccepted}}, &v)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Get reads a verification. While it runs the record holds only ID and
// State; once completed, the decision, requirement results, repair prompt
// and evidence.
func (c *Client) Get(ctx context.Context, id string) (*Verification, error) {
	if id == "" {
		return nil, errors.New("client: Get: empty verification id")
	}
	var v Verification
	if err := c.do(ctx, call{method: "GET", path: "/verifications/" + url.PathEscape(id)}, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// GetProgress reads a running verification's per-journey progress (GET
// /verifications/{id}/progress). A server without that endpoint answers
// an *Error with code not_found.
func (c *Client) GetProgress(ctx context.Context, id string) (*Progress, error) {
	var p Progress
	if err := c.do(ctx, call{method: "GET", path: "/verifications/" + url.PathEscape(id) + "/progress"}, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// WaitForResult polls a verification until it completes and returns the
// completed record. onPoll, if not nil, is called with each reading; these
// carry Progress when the server reports it: each journey's steps while the
// run goes on, and its decision at the end. Bound the wait with ctx.
func (c *Client) WaitForResult(ctx context.Context, id string, onPoll func(*Verification)) (*Verification, error) {
	progress := onPoll != nil
	var last *Progress
	for {
		if progress {
			p, err := c.GetProgress(ctx, id)
			switch {
			case err == nil && p.State != StateCompleted:
				onPoll(&Verification{ID: id, State: p.State, Progress: p})
				if err := sleep(ctx, c.cfg.PollInterval); err != nil {
					return nil, fmt.Errorf("client: waiting for %s: %w", id, err)
				}
				continue
			case err == nil:
				// Completed: read the whole record below; the progress
				// holds each journey's decision.
				last = p
			case ErrorCode(err) == CodeNotFound:
				// The server does not report progress (the record itself
				// exists, or Get says otherwise below).
				progress = false
			default:
				return nil, err
			}
		}
		v, err := c.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if v.Done() && last != nil && len(last.Journeys) > 0 {
			v.Progress = last
		}
		if onPoll != nil {
			onPoll(v)
		}
		if v.Done() {
			return v, nil
		}
		if err := sleep(ctx, c.cfg.PollInterval); err != nil {
			return nil, fmt.Errorf("client: waiting for %s: %w", id, err)
		}
	}
}

// Recheck re-runs every journey of the approved plan of a failed
// verification (POST /verifications/{id}/recheck) and returns the new,
// queued verification; the earlier record is not modified. It needs a key
// with launch scope and is billed as one verification. Refusals carry the
// codes recheck_window_closed, recheck_limit_reached, recheck_not_allowed
// and recheck_host_mismatch.
func (c *Client) Recheck(ctx context.Context, req RecheckRequest) (*Verification, error) {
	if req.ID == "" {
		return nil, errors.New("client: Recheck: empty verification id")
	}
	var body any
	if req.DeploymentURL != "" {
		body = struct {
			DeploymentURL string `json:"deployment_url"`
		}{req.DeploymentURL}
	}
	var v Verification
	err := c.do(ctx, call{method: "POST", path: "/verifications/" + url.PathEscape(req.ID) + "/recheck", body: body,
		idemKey: orNewKey(req.IdempotencyKey), ok: []int{http.StatusAccepted}}, &v)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Check makes one authenticated read (today's usage) to prove the server
// answers and accepts the key.
func (c *Client) Check(ctx context.Context) error {
	day := time.Now().UTC().Format(time.DateOnly)
	return c.do(ctx, call{method: "GET", path: "/usage?from=" + day + "&to=" + day}, nil)
}

func orNewKey(k string) string {
	if k != "" {
		return k
	}
	return newIdempotencyKey()
}
