package client

import (
	"encoding/json"
	"time"
)

// Decisions of a completed verification.
const (
	Verified = "verified" // every assertion held
	Failed   = "failed"   // the app was reached and contradicted the plan
	Blocked  = "blocked"  // no verdict was possible for a reason outside the claim
)

// Plan states and verification states.
const (
	StateReviewRequired = "review_required" // the answer of Prepare and DryRun
	StatePending        = "pending"         // waiting for a person
	StateApproved       = "approved"
	StateRejected       = "rejected"

	StateQueued    = "queued"
	StateRunning   = "running"
	StateCompleted = "completed"
)

// PrepareRequest asks for requirements and a plan for a claim.
type PrepareRequest struct {
	// DeploymentURL is the live app (http or https).
	DeploymentURL string `json:"deployment_url"`
	// Claim is the one sentence to prove.
	Claim string `json:"claim"`
	// IdempotencyKey identifies this request across retries. Defaults to a
	// random key per call; set it to make a call repeated by another
	// process (a re-run CI job) replay the first answer.
	IdempotencyKey string `json:"-"`
}

// Requirement is one sentence a person can check, with the plan's
// assertion steps that prove it.
type Requirement struct {
	ID       string    `json:"id"`
	Text     string    `json:"text"`
	Kind     string    `json:"kind,omitempty"`
	ProvenBy []StepRef `json:"proven_by,omitempty"`
}

// StepRef points at one step of a plan.
type StepRef struct {
	Journey int    `json:"journey"` // 1-based index in the plan's journeys
	Name    string `json:"name"`    // the journey's name
	Step    int    `json:"step"`    // 1-based index in the journey's steps
}

// Approval is a person's decision on a plan: who, which plan hash, when.
type Approval struct {
	Action   string    `json:"action"` // "approved" or "rejected"
	By       string    `json:"by"`     // the person's email
	UserID   string    `json:"user_id"`
	PlanHash string    `json:"plan_hash"` // "sha256:…"
	At       time.Time `json:"at"`
	Reason   string    `json:"reason,omitempty"`
}

// Plan is a plan as Prepare, DryRun and GetPlan answer it. State is
// StateReviewRequired in the answer of Prepare and DryRun, and StatePending,
// StateApproved or StateRejected in the answer of GetPlan.
type Plan struct {
	PlanID string `json:"plan_id"`
	State  string `json:"state"`
	// Plan is the plan document itself (version, name, requirements,
	// journeys); Journeys decodes its outline.
	Plan         json.RawMessage `json:"plan"`
	Requirements []Requirement   `json:"requirements"`
	Notes        []string        `json:"notes"`
	// ApproveURL is where a person approves; set while approval is pending.
	ApproveURL string `json:"approve_url,omitempty"`
	// ContractID is "sha256:" and the plan's content hash: exactly what a
	// person approves.
	ContractID      string `json:"contract_id"`
	ContractVersion string `json:"contract_version"`
	HumanReviewed   bool   `json:"human_reviewed"`
	DryRun          bool   `json:"dry_run,omitempty"`

	// Set by GetPlan.
	Claim           string     `json:"claim,omitempty"`
	DeploymentURL   string     `json:"deployment_url,omitempty"`
	CreatedAt       time.Time  `json:"created_at,omitzero"`
	Approvals       []Approval `json:"approvals,omitempty"`
	Rechecks        int        `json:"rechecks,omitempty"`
	RecheckDeadline *time.Time `json:"recheck_deadline,omitempty"`
}

// Journey is the outline of one journey of a plan.
type Journey struct {
	Name        string            `json:"name"`
	Requirement string            `json:"requirement,omitempty"`
	Steps       []json.RawMessage `json:"steps"`
}

// Journeys decodes the outline of the plan's journeys; nil if the plan
// document cannot be read.
func (p *Plan) Journeys() []Journey {
	var doc struct {
		Journeys []Journey `json:"journeys"`
	}
	if json.Unmarshal(p.Plan, &doc) != nil {
		return nil
	}
	return doc.Journeys
}

// Rejection returns the person's rejection of the plan, or nil.
func (p *Plan) Rejection() *Approval {
	for i := range p.Approvals {
		if p.Approvals[i].Action == StateRejected {
			return &p.Approvals[i]
		}
	}
	return nil
}

// RunRequest starts a run of an approved plan. It is billed as one
// verification.
type RunRequest struct {
	// PlanID is the approved plan (reviewed_plan_id).
	PlanID string
	// DeploymentURL may name another path on the plan's scheme and host,
	// where the run starts. Defaults to the plan's deployment URL.
	DeploymentURL string
	// IdempotencyKey: see PrepareRequest. Defaults to a random key per call.
	IdempotencyKey string
}

// RecheckRequest re-runs every journey of the approved plan of a failed
// verification. It is billed as one verification.
type RecheckRequest struct {
	// ID is the failed verification.
	ID string
	// DeploymentURL may name another path on the same scheme and host.
	DeploymentURL string
	// IdempotencyKey: see PrepareRequest. Defaults to a random key per call.
	IdempotencyKey string
}

// RequirementResult is a requirement with its result once the run
// completed: "met", "not_met" or "unknown".
type RequirementResult struct {
	ID     string `json:"id"`
	Text   string `json:"text"`
	Kind   string `json:"kind,omitempty"`
	Result string `json:"result,omitempty"`
}

// Artifact is one evidence file: a screenshot, DOM snapshot, network log
// (HAR), console log or the like. SHA256 and Size describe the file's
// content.
type Artifact struct {
	Kind      string `json:"kind"`
	URL       string `json:"url"`
	SHA256    string `json:"sha256"`
	Size      int64  `json:"size"`
	MediaType string `json:"media_type"`
	Journey   int    `json:"journey,omitempty"`
	Step      int    `json:"step,omitempty"`
}

// Evidence lists a completed verification's files.
type Evidence struct {
	ManifestURL string     `json:"manifest_url"`
	ReportURL   string     `json:"report_url,omitempty"`
	Artifacts   []Artifact `json:"artifacts"`
	// AttestationURL and TestResultURL are the run's signed statements
	// (DSSE envelopes); "" when the run was not signed.
	AttestationURL string `json:"attestation_url,omitempty"`
	TestResultURL  string `json:"test_result_url,omitempty"`
	// Attempts are the attempts before the one that decided, which ended
	// without a decision (a worker or its browser stopped), with the
	// evidence each kept; empty when the first attempt decided.
	Attempts []Attempt `json:"attempts,omitempty"`
}

// Attempt is an earlier attempt of a run and the URLs of its evidence.
type Attempt struct {
	Attempt      int      `json:"attempt"`
	Outcome      string   `json:"outcome"`
	EvidenceURLs []string `json:"evidence_urls"`
}

// AttestationStatus says whether a verification's evidence matches its
// signed statement, as the server checked it with its published keys.
type AttestationStatus struct {
	Valid    bool     `json:"valid"`
	Summary  string   `json:"summary"` // "signature valid (key …)" or why not
	KeyID    string   `json:"keyid,omitempty"`
	Problems []string `json:"problems,omitempty"`
}

// Verification is a verification record. While the run is queued or
// running the server shows only ID and State (and Progress, when the
// verification was read by WaitForResult on a server that reports it).
type Verification struct {
	ID           string              `json:"id"`
	State        string              `json:"state"`
	Decision     string              `json:"decision,omitempty"`
	Reason       string              `json:"reason,omitempty"`
	Evidence     *Evidence           `json:"evidence,omitempty"`
	RepairPrompt string              `json:"repair_prompt,omitempty"`
	RecheckOf    string              `json:"recheck_of,omitempty"` // "" unless a re-check
	Requirements []RequirementResult `json:"requirements,omitempty"`
	// HumanReviewed says a person approved the requirements.
	HumanReviewed bool       `json:"human_reviewed,omitempty"`
	PlanID        string     `json:"plan_id,omitempty"`
	ContractID    string     `json:"contract_id,omitempty"`
	DeploymentURL string     `json:"deployment_url,omitempty"`
	CreatedAt     time.Time  `json:"created_at,omitzero"`
	StartedAt     *time.Time `json:"started_at,omitempty"`
	CompletedAt   *time.Time `json:"completed_at,omitempty"`
	// Attestation is set when the server read one completed verification.
	Attestation *AttestationStatus `json:"attestation,omitempty"`

	// Progress is the per-journey progress, filled in by WaitForResult
	// when the server reports it: steps done while running, each
	// journey's decision once completed.
	Progress *Progress `json:"progress,omitempty"`
}

// Done reports whether the verification has a decision.
func (v *Verification) Done() bool { return v.State == StateCompleted }

// Progress is a verification's per-journey progress: while it runs, each
// journey's state and steps done; once completed, each one's decision.
type Progress struct {
	ID       string            `json:"id"`
	State    string            `json:"state"`
	Journeys []JourneyProgress `json:"journeys"`
}

// JourneyProgress is one journey's progress.
type JourneyProgress struct {
	Name     string `json:"name"`
	State    string `json:"state"` // "pending", "running" or a decision
	Step     int    `json:"step"`  // steps done
	Steps    int    `json:"steps"`
	Decision string `json:"decision,omitempty"`
}
