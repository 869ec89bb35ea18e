// Package mcpserver serves vouch to AI assistants over the Model Context
// Protocol, with the official Go SDK. Three tools, each with input and
// output JSON schemas:
//
//   - svc_verify: a deployment URL and a claim give requirements, a plan
//     summary and the approve link for the person; with reviewed_plan_id it
//     starts the run of the approved plan (billed as one verification).
//   - svc_status: a plan's approval state, or a verification's progress and,
//     once complete, a compact verdict: decision, requirement results,
//     repair prompt and links to the evidence (never the DOM or logs).
//   - svc_recheck: re-runs a failed verification's approved plan after a fix.
//
// An assistant can never approve a plan: there is no approve tool, and the
// server refuses every API key that tries (plan_requires_human). The person
// opens approve_url.
//
// The tools call the vouch HTTP API through package client. Two transports:
// ServeStdio (the vouch mcp command: one configured key), and HTTPHandler
// (streamable HTTP at /mcp on the server: each request's own key, from
// x-api-key or Authorization: Bearer).
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/plan"
)

// Tool names.
const (
	ToolVerify  = "svc_verify"
	ToolStatus  = "svc_status"
	ToolRecheck = "svc_recheck"
)

// Config configures the MCP server.
type Config struct {
	// Client returns the vouch client a tool call uses: one configured
	// client on stdio, a client with the caller's key over HTTP. Required.
	Client func(ctx context.Context, req *mcp.CallToolRequest) (*client.Client, error)
	// PollInterval is how often svc_status reads again while it waits.
	// Defaults to 1 s.
	PollInterval time.Duration
	// MaxWait caps svc_status's wait_seconds. Defaults to 50 s, under the
	// usual 60 s tool-call timeout of MCP clients.
	MaxWait time.Duration
	// Logger receives the server's diagnostics. Defaults to discarding.
	Logger *slog.Logger
}

// Limits that keep a result small enough for an assistant's context.
const (
	maxRepairPrompt = 4000
	maxRequirements = 25
	maxJourneys     = 12
	maxSteps        = 15
)

const instructions = `vouch proves a one-sentence claim about a deployed web app by running an approved plan in a real browser.
1. svc_verify {deployment_url, claim}: returns requirements, a plan summary and approve_url. Nothing runs and nothing is charged yet.
2. Give approve_url to the person: only a signed-in person can approve; you cannot.
3. svc_status {plan_id, wait_seconds}: until status is "approved".
4. svc_verify {reviewed_plan_id}: starts the run (billed as one verification).
5. svc_status {verification_id, wait_seconds}: until status is "completed"; read decision and repair_prompt.
6. After a "failed" decision and a fix: svc_recheck {verification_id}.`

// NewServer returns the MCP server with the three tools.
func NewServer(cfg Config) (*mcp.Server, error) {
	if cfg.Client == nil {
		return nil, errors.New("mcpserver: Config.Client is required")
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.MaxWait <= 0 {
		cfg.MaxWait = 50 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	t := &tools{cfg: cfg}
	s := mcp.NewServer(&mcp.Implementation{Name: "vouch", Title: "vouch browser verification", Version: client.Version},
		&mcp.ServerOptions{Instructions: instructions, Logger: cfg.Logger, Capabilities: &mcp.ServerCapabilities{}})
	no, yes := false, true
	mcp.AddTool(s, &mcp.Tool{
		Name:  ToolVerify,
		Title: "Verify a claim about a deployed web app",
		Description: "With deployment_url and claim: derives requirements and a browser plan and returns approve_url for the person " +
			"(nothing runs, nothing is charged; you cannot approve). With reviewed_plan_id of an approved plan: starts the run " +
			"(billed as one verification) and returns verification_id for svc_status.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &yes},
	}, t.verify)
	mcp.AddTool(s, &mcp.Tool{
		Name:  ToolStatus,
		Title: "Status of a plan or a verification",
		Description: "With plan_id: whether the person approved the plan. With verification_id: progress while running, then the " +
			"decision (verified, failed or blocked), requirement results, repair_prompt and evidence links. wait_seconds waits up " +
			"to that long for the approval or the decision.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
	}, t.status)
	mcp.AddTool(s, &mcp.Tool{
		Name:  ToolRecheck,
		Title: "Re-check a failed verification",
		Description: "After fixing the app: re-runs every journey of the approved plan of a failed verification (billed as one " +
			"verification; within 24 h of approval, at most 10 times). Returns the new verification_id for svc_status.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &yes},
	}, t.recheck)
	return s, nil
}

// VerifyInput is svc_verify's input.
type VerifyInput struct {
	DeploymentURL  string `json:"deployment_url,omitempty" jsonschema:"the live app to verify, an http or https URL; required without reviewed_plan_id"`
	Claim          string `json:"claim,omitempty" jsonschema:"one sentence about what the app does, e.g. 'The home page shows Welcome'; required without reviewed_plan_id"`
	ReviewedPlanID string `json:"reviewed_plan_id,omitempty" jsonschema:"plan_id of a plan the person approved: starts its run"`
}

// StatusInput is svc_status's input.
type StatusInput struct {
	PlanID         string `json:"plan_id,omitempty" jsonschema:"a plan_id from svc_verify: is it approved yet?"`
	VerificationID string `json:"verification_id,omitempty" jsonschema:"a verification_id from svc_verify or svc_recheck: progress or result"`
	WaitSeconds    int    `json:"wait_seconds,omitempty" jsonschema:"wait up to this many seconds (at most 50) for the approval or the decision before answering; 0 answers at once"`
}

// RecheckInput is svc_recheck's input.
type RecheckInput struct {
	VerificationID string `json:"verification_id" jsonschema:"the verification that failed"`
	DeploymentURL  string `json:"deployment_url,omitempty" jsonschema:"another path on the same scheme and host to start from; defaults to the original URL"`
}

// Result is every tool's output: a status, a one-line message, what to do
// next, and the fields that status has.
type Result struct {
	Status         string              `json:"status" jsonschema:"awaiting_approval, approved, rejected, claim_not_provable, refused, queued, running or completed"`
	Message        string              `json:"message" jsonschema:"one line for the person"`
	Next           string              `json:"next,omitempty" jsonschema:"what to do next"`
	PlanID         string              `json:"plan_id,omitempty"`
	ApproveURL     string              `json:"approve_url,omitempty" jsonschema:"the link the person opens to approve the plan"`
	VerificationID string              `json:"verification_id,omitempty"`
	RecheckOf      string              `json:"recheck_of,omitempty" jsonschema:"the failed verification this one re-checks"`
	DeploymentURL  string              `json:"deployment_url,omitempty"`
	Decision       string              `json:"decision,omitempty" jsonschema:"verified, failed or blocked"`
	Reason         string              `json:"reason,omitempty" jsonschema:"why the decision, in a few words"`
	Code           string              `json:"code,omitempty" jsonschema:"the server's code of a refusal"`
	Requirements   []RequirementResult `json:"requirements,omitempty"`
	Journeys       []JourneySummary    `json:"journeys,omitempty" jsonschema:"the plan's journeys, or their progress while running"`
	RepairPrompt   string              `json:"repair_prompt,omitempty" jsonschema:"what to fix (failed, blocked) or how to rephrase the claim (claim_not_provable)"`
	ReportURL      string              `json:"report_url,omitempty" jsonschema:"the evidence report (screenshots, steps), for the person"`
	ManifestURL    string              `json:"manifest_url,omitempty" jsonschema:"the evidence manifest (JSON)"`
	Signature      string              `json:"signature,omitempty" jsonschema:"whether the evidence matches its signed attestation: 'signature valid (key …)' or why not"`
}

// RequirementResult is a requirement and, once complete, its result.
type RequirementResult struct {
	ID     string `json:"id"`
	Text   string `json:"text"`
	Result string `json:"result,omitempty" jsonschema:"met, not_met or unknown"`
}

// JourneySummary is one journey: its steps in a plan summary, its
// progress while running.
type JourneySummary struct {
	Name        string   `json:"name"`
	Requirement string   `json:"requirement,omitempty"`
	Steps       []string `json:"steps,omitempty" jsonschema:"the steps, described"`
	State       string   `json:"state,omitempty" jsonschema:"pending, running or a decision"`
	StepsDone   int      `json:"steps_done,omitempty"`
	StepsTotal  int      `json:"steps_total,omitempty"`
}

type tools struct{ cfg Config }

func (t *tools) verify(ctx context.Context, req *mcp.CallToolRequest, in VerifyInput) (*mcp.CallToolResult, Result, error) {
	c, err := t.cfg.Client(ctx, req)
	if err != nil {
		return nil, Result{}, err
	}
	if in.ReviewedPlanID != "" {
		return t.start(ctx, c, in)
	}
	if strings.TrimSpace(in.DeploymentURL) == "" || strings.TrimSpace(in.Claim) == "" {
		return nil, Result{}, errors.New("give deployment_url and claim to get a plan, or reviewed_plan_id to run an approved plan")
	}
	p, err := c.Prepare(ctx, client.PrepareRequest{DeploymentURL: in.DeploymentURL, Claim: in.Claim})
	if err != nil {
		var ce *client.Error
		if errors.As(err, &ce) && ce.Code == client.CodeClaimNotProvable {
			r := Result{Status: "claim_not_provable", Code: ce.Code, Message: ce.Message, RepairPrompt: clip(ce.RepairPrompt, maxRepairPrompt),
				Next: "Rephrase the claim as the repair_prompt says and call svc_verify again. Nothing was charged."}
			return text(r), r, nil
		}
		return nil, Result{}, toolError(err)
	}
	r := Result{
		Status: "awaiting_approval", PlanID: p.PlanID, ApproveURL: p.ApproveURL, DeploymentURL: in.DeploymentURL,
		Requirements: requirements(p.Requirements), Journeys: journeys(p),
		Message: fmt.Sprintf("Plan %s is ready: %d requirement(s), %d journey(s). Nothing has run and nothing is charged.", p.PlanID, len(p.Requirements), len(p.Journeys())),
		Next: "Ask the person to open approve_url and approve the plan (you cannot approve). Then call svc_status with plan_id " +
			"(wait_seconds up to 50) until status is approved, and svc_verify with reviewed_plan_id to run it.",
	}
	return text(r), r, nil
}

// start runs an approved plan, or says why not.
func (t *tools) start(ctx context.Context, c *client.Client, in VerifyInput) (*mcp.CallToolResult, Result, error) {
	p, err := c.GetPlan(ctx, in.ReviewedPlanID)
	if err != nil {
		return nil, Result{}, toolError(err)
	}
	switch p.State {
	case client.StatePending:
		r := planResult(p)
		return text(r), r, nil
	case client.StateRejected:
		r := planResult(p)
		return text(r), r, nil
	}
	v, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID, DeploymentURL: in.DeploymentURL})
	if err != nil {
		return nil, Result{}, toolError(err)
	}
	r := verificationResult(v, p)
	return text(r), r, nil
}

func (t *tools) status(ctx context.Context, req *mcp.CallToolRequest, in StatusInput) (*mcp.CallToolResult, Result, error) {
	if (in.PlanID == "") == (in.VerificationID == "") {
		return nil, Result{}, errors.New("give exactly one of plan_id and verification_id")
	}
	if in.WaitSeconds < 0 {
		return nil, Result{}, errors.New("wait_seconds must not be negative")
	}
	c, err := t.cfg.Client(ctx, req)
	if err != nil {
		return nil, Result{}, err
	}
	wait := min(time.Duration(in.WaitSeconds)*time.Second, t.cfg.MaxWait)
	deadline := time.Now().Add(wait)
	for {
		var r Result
		var final bool
		if in.PlanID != "" {
			p, err := c.GetPlan(ctx, in.PlanID)
			if err != nil {
				return nil, Result{}, toolError(err)
			}
			r, final = planResult(p), p.State != client.StatePending
		} else {
			v, err := t.readVerification(ctx, c, in.VerificationID)
			if err != nil {
				return nil, Result{}, toolError(err)
			}
			r, final = verificationResult(v, nil), v.Done()
		}
		if final || !time.Now().Add(t.cfg.PollInterval).Before(deadline) {
			return text(r), r, nil
		}
		select {
		case <-ctx.Done():
			return nil, Result{}, ctx.Err()
		case <-time.After(t.cfg.PollInterval):
		}
	}
}

// readVerification reads a verification and its progress when the server
// reports it: steps while it runs, each journey's decision once complete.
func (t *tools) readVerification(ctx context.Context, c *client.Client, id string) (*client.Verification, error) {
	v, err := c.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	p, err := c.GetProgress(ctx, id)
	switch {
	case err != nil:
		// A server without progress: the record alone.
	case !v.Done() && p.State != client.StateCompleted:
		v.State, v.Progress = p.State, p
	case v.Done() && len(p.Journeys) > 0:
		v.Progress = p // each journey's decision
	}
	return v, nil
}

func (t *tools) recheck(ctx context.Context, req *mcp.CallToolRequest, in RecheckInput) (*mcp.CallToolResult, Result, error) {
	if in.VerificationID == "" {
		return nil, Result{}, errors.New("verification_id is required")
	}
	c, err := t.cfg.Client(ctx, req)
	if err != nil {
		return nil, Result{}, err
	}
	v, err := c.Recheck(ctx, client.RecheckRequest{ID: in.VerificationID, DeploymentURL: in.DeploymentURL})
	if err != nil {
		var ce *client.Error
		if errors.As(err, &ce) {
			switch ce.Code {
			case client.CodeRecheckWindowClosed, client.CodeRecheckLimitReached, client.CodeRecheckNotAllowed, client.CodeRecheckHostMismatch:
				r := Result{Status: "refused", Code: ce.Code, Message: ce.Message, VerificationID: in.VerificationID,
					Next: "Nothing ran and nothing was charged. " + recheckAdvice(ce.Code)}
				return text(r), r, nil
			}
		}
		return nil, Result{}, toolError(err)
	}
	r := verificationResult(v, nil)
	return text(r), r, nil
}

func recheckAdvice(code string) string {
	switch code {
	case client.CodeRecheckWindowClosed, client.CodeRecheckLimitReached:
		return "Start a new verification with svc_verify (deployment_url and claim); the person approves its plan."
	case client.CodeRecheckHostMismatch:
		return "deployment_url must keep the scheme and host of the original; only the path may differ."
	}
	return "Only a completed verification with decision failed can be re-checked; check it with svc_status."
}

// planResult describes a plan's approval state.
func planResult(p *client.Plan) Result {
	r := Result{PlanID: p.PlanID, DeploymentURL: p.DeploymentURL, Requirements: requirements(p.Requirements)}
	switch p.State {
	case client.StateApproved:
		r.Status = "approved"
		by := ""
		if len(p.Approvals) > 0 && p.Approvals[0].By != "" {
			by = " by " + p.Approvals[0].By
		}
		r.Message = "Plan " + p.PlanID + " was approved" + by + "."
		r.Next = "Call svc_verify with reviewed_plan_id to run it (billed as one verification)."
	case client.StateRejected:
		r.Status = "rejected"
		r.Message = "The person rejected plan " + p.PlanID + "."
		if rj := p.Rejection(); rj != nil && rj.Reason != "" {
			r.Reason = rj.Reason
			r.Message += " Reason: " + rj.Reason
		}
		r.Next = "Nothing can run from this plan. Talk to the person; a new claim makes a new plan (svc_verify)."
	default:
		r.Status = "awaiting_approval"
		r.ApproveURL = p.ApproveURL
		r.Message = "Plan " + p.PlanID + " is waiting for a person's approval."
		r.Next = "Ask the person to open approve_url (you cannot approve), then call svc_status with plan_id and wait_seconds."
	}
	return r
}

// verificationResult is the compact verdict or progress of a
// verification. p, when known, names the plan's journeys while queued.
func verificationResult(v *client.Verification, p *client.Plan) Result {
	r := Result{VerificationID: v.ID, Status: v.State, RecheckOf: v.RecheckOf, DeploymentURL: v.DeploymentURL, PlanID: v.PlanID}
	if !v.Done() {
		r.Message = "Verification " + v.ID + " is " + v.State + "."
		r.Next = "Call svc_status with verification_id and wait_seconds until status is completed."
		if v.Progress != nil {
			for _, j := range v.Progress.Journeys {
				r.Journeys = append(r.Journeys, JourneySummary{Name: j.Name, State: j.State, StepsDone: j.Step, StepsTotal: j.Steps})
			}
			r.Journeys = clipJourneys(r.Journeys)
		} else if p != nil {
			for _, j := range p.Journeys() {
				r.Journeys = append(r.Journeys, JourneySummary{Name: j.Name, State: "pending", StepsTotal: len(j.Steps)})
			}
			r.Journeys = clipJourneys(r.Journeys)
		}
		return r
	}
	r.Decision, r.Reason = v.Decision, v.Reason
	if v.Progress != nil {
		for _, j := range v.Progress.Journeys {
			r.Journeys = append(r.Journeys, JourneySummary{Name: j.Name, State: j.State, StepsDone: j.Step, StepsTotal: j.Steps})
		}
		r.Journeys = clipJourneys(r.Journeys)
	}
	r.RepairPrompt = clip(v.RepairPrompt, maxRepairPrompt)
	for i, q := range v.Requirements {
		if i == maxRequirements {
			r.Requirements = append(r.Requirements, RequirementResult{ID: "…", Text: fmt.Sprintf("%d more", len(v.Requirements)-i)})
			break
		}
		r.Requirements = append(r.Requirements, RequirementResult{ID: q.ID, Text: q.Text, Result: q.Result})
	}
	if e := v.Evidence; e != nil {
		r.ReportURL, r.ManifestURL = e.ReportURL, e.ManifestURL
	}
	if a := v.Attestation; a != nil {
		r.Signature = a.Summary
	}
	switch v.Decision {
	case client.Verified:
		r.Message = "Verified: every requirement held in a real browser."
		r.Next = "Done. The report_url shows the evidence."
	case client.Failed:
		r.Message = "Failed: the app contradicted the plan."
		if v.Reason != "" {
			r.Message += " " + v.Reason
		}
		r.Next = "Fix the app as repair_prompt says, deploy, then call svc_recheck with verification_id."
	default:
		r.Message = "Blocked: no verdict was possible for a reason outside the claim."
		if v.Reason != "" {
			r.Message += " " + v.Reason
		}
		r.Next = "Remove the obstacle repair_prompt names (reachability, credentials, budget), then start again with svc_verify."
	}
	return r
}

func requirements(rs []client.Requirement) []RequirementResult {
	var out []RequirementResult
	for i, q := range rs {
		if i == maxRequirements {
			out = append(out, RequirementResult{ID: "…", Text: fmt.Sprintf("%d more", len(rs)-i)})
			break
		}
		out = append(out, RequirementResult{ID: q.ID, Text: q.Text})
	}
	return out
}

// journeys summarises a plan's journeys with their steps described in
// words (the plan package's descriptions), bounded in number.
func journeys(p *client.Plan) []JourneySummary {
	doc, err := plan.Parse(p.Plan)
	if err != nil {
		var out []JourneySummary
		for _, j := range p.Journeys() {
			out = append(out, JourneySummary{Name: j.Name, Requirement: j.Requirement, StepsTotal: len(j.Steps)})
		}
		return clipJourneys(out)
	}
	var out []JourneySummary
	for _, j := range doc.Journeys {
		s := JourneySummary{Name: j.Name, Requirement: j.Requirement, StepsTotal: len(j.Steps)}
		for i, st := range j.Steps {
			if i == maxSteps {
				s.Steps = append(s.Steps, fmt.Sprintf("… %d more steps", len(j.Steps)-i))
				break
			}
			s.Steps = append(s.Steps, st.Describe())
		}
		out = append(out, s)
	}
	return clipJourneys(out)
}

func clipJourneys(js []JourneySummary) []JourneySummary {
	if len(js) <= maxJourneys {
		return js
	}
	n := len(js) - maxJourneys
	return append(js[:maxJourneys], JourneySummary{Name: fmt.Sprintf("… %d more journeys", n)})
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// text renders a result as the short text content clients without
// structured output show the model.
func text(r Result) *mcp.CallToolResult {
	var b strings.Builder
	b.WriteString(r.Message)
	field := func(name, v string) {
		if v != "" {
			fmt.Fprintf(&b, "\n%s: %s", name, v)
		}
	}
	field("status", r.Status)
	field("plan_id", r.PlanID)
	field("approve_url", r.ApproveURL)
	field("verification_id", r.VerificationID)
	field("decision", r.Decision)
	for _, q := range r.Requirements {
		line := q.ID + " " + q.Text
		if q.Result != "" {
			line += " — " + q.Result
		}
		field("requirement", line)
	}
	for _, j := range r.Journeys {
		line := j.Name
		if j.State != "" {
			line += fmt.Sprintf(" — %s (%d/%d steps)", j.State, j.StepsDone, j.StepsTotal)
		} else if len(j.Steps) > 0 {
			line += ": " + strings.Join(j.Steps, "; ")
		}
		field("journey", line)
	}
	field("repair_prompt", r.RepairPrompt)
	field("report_url", r.ReportURL)
	field("next", r.Next)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}
}

// toolError turns an API error into the tool error the model reads: the
// code and message, and the request id to quote.
func toolError(err error) error {
	var ce *client.Error
	if errors.As(err, &ce) {
		msg := ce.Code + ": " + ce.Message
		if ce.ApproveURL != "" {
			msg += " (approve_url: " + ce.ApproveURL + ")"
		}
		if ce.RequestID != "" {
			msg += " [request_id " + ce.RequestID + "]"
		}
		return errors.New(msg)
	}
	return err
}
