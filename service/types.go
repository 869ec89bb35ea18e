package service

import (
	"time"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/store"
)

// ContractVersion is the date version of the API contract that create
// responses carry as contract_version. It changes when the meaning of a
// plan or of a response field changes incompatibly; adding fields does not
// change it.
const ContractVersion = "2026-11-01"

// Defaults of the limits of §8.
const (
	DefaultRecheckWindow  = 24 * time.Hour
	DefaultMaxRechecks    = 10
	DefaultIdempotencyTTL = 24 * time.Hour
)

// Principal is the caller: an API key (KeyID and its Scope) or a signed-in
// person (UserID). The HTTP layer authenticates; the service enforces what
// each may do.
type Principal struct {
	KeyID  string
	Scope  string // store.ScopeRead or store.ScopeLaunch; keys only
	UserID string
}

// IsPerson reports whether the caller is a signed-in person, not a key.
func (p Principal) IsPerson() bool { return p.UserID != "" && p.KeyID == "" }

// IdempotencyScope is whose idempotency keys a request's key is among:
// the API key's id, or the person's id. Keys never share records.
func (p Principal) IdempotencyScope() string {
	if p.KeyID != "" {
		return p.KeyID
	}
	return p.UserID
}

// CreateRequest is the body of POST /verifications.
type CreateRequest struct {
	DeploymentURL  string
	Claim          string
	DryRun         bool
	ReviewedPlanID string
	// IdempotencyKey is the request's Idempotency-Key, if any, scoped to
	// the caller (Principal.IdempotencyScope). StartRun records it on the
	// run in the transaction that creates the run and its charge, so that
	// the request re-executed after a crash (its idempotency record never
	// completed) finds that run instead of starting and charging another.
	IdempotencyKey string
}

// RecheckRequest asks for a re-check of a failed verification.
type RecheckRequest struct {
	// ID is the failed verification to re-check.
	ID string
	// DeploymentURL may name another path on the plan's scheme and host.
	DeploymentURL string
	// IdempotencyKey is as in CreateRequest.
	IdempotencyKey string
}

// Derivation is what a Deriver makes of a claim.
type Derivation struct {
	// Requirements are the plan's requirements with the steps that prove
	// each. Empty: the plan's own requirements. A requirement without
	// ProvenBy is given the assertions of the journeys that name it; a
	// ProvenBy naming anything else is refused.
	Requirements []Requirement
	Plan         *plan.Plan
	Notes        []string
}

// Requirement is one sentence a person can check, with the steps of the
// plan that prove it.
type Requirement struct {
	ID       string    `json:"id"`
	Text     string    `json:"text"`
	Kind     string    `json:"kind,omitempty"`
	ProvenBy []StepRef `json:"proven_by"`
}

// StepRef points at one assertion step of a plan: "journey 1, step 4".
type StepRef struct {
	Journey int    `json:"journey"` // 1-based index in the plan's journeys
	Name    string `json:"name"`    // the journey's name
	Step    int    `json:"step"`    // 1-based index in the journey's steps
}

// Deriver turns a claim into requirements and a plan. A claim no check can
// prove is refused with an error carrying a repair prompt (an error with a
// RepairPrompt() string method, or a *Error with CodeClaimNotProvable).
type Deriver interface {
	Derive(claim string) (Derivation, error)
}

// DeriverFunc adapts a function to Deriver.
type DeriverFunc func(claim string) (Derivation, error)

// Derive calls f.
func (f DeriverFunc) Derive(claim string) (Derivation, error) { return f(claim) }

// Plan is a stored plan as callers see it.
type Plan struct {
	ID string // "pln_…"
	// ContractID is "sha256:" + the plan's content hash: exactly what a
	// person approves.
	ContractID      string
	ContractVersion string
	State           string // store.PlanPending, PlanApproved or PlanRejected
	Plan            *plan.Plan
	Requirements    []Requirement
	Notes           []string
	Claim           string
	DeploymentURL   string
	// ApproveURL is PublicURL + "/console/plans/{id}"; set on every plan,
	// though responses show it only while pending.
	ApproveURL string
	DryRun     bool
	CreatedBy  Principal
	CreatedAt  time.Time
	// Approval is the approval or rejection event; nil while pending.
	Approval *Approval
	// Rechecks counts the plan's re-checks so far; RecheckDeadline is when
	// the re-check window closes (zero unless approved).
	Rechecks        int
	RecheckDeadline time.Time
}

// Approval is a person's decision on one plan hash.
type Approval struct {
	State     string // store.PlanApproved or store.PlanRejected
	UserID    string
	UserEmail string
	PlanHash  string // hex sha256 the person approved
	At        time.Time
	Reason    string
}

// Requirement results.
const (
	Met     = "met"
	NotMet  = "not_met"
	Unknown = "unknown"
)

// RequirementResult is a requirement with its result once the run
// completed ("" before).
type RequirementResult struct {
	ID     string `json:"id"`
	Text   string `json:"text"`
	Kind   string `json:"kind,omitempty"`
	Result string `json:"result,omitempty"`
}

// Artifact is one evidence file of a completed verification. File is the
// name inside the verification's evidence directory; the HTTP layer turns
// it into a URL and serves it with EvidenceFile.
type Artifact struct {
	Kind      string `json:"kind"`
	File      string `json:"file"`
	SHA256    string `json:"sha256"`
	Size      int64  `json:"size"`
	MediaType string `json:"media_type"`
	Encoding  string `json:"encoding,omitempty"`
	Journey   int    `json:"journey,omitempty"`
	Step      int    `json:"step,omitempty"`
}

// Evidence lists a completed verification's files.
type Evidence struct {
	ManifestFile string     `json:"manifest_file"` // "manifest.json"
	ReportFile   string     `json:"report_file"`   // "" if the run wrote none
	Artifacts    []Artifact `json:"artifacts"`

	// AttestationFile and TestResultFile are the signed statements'
	// envelopes (package attest); "" when the run was not signed.
	AttestationFile string `json:"attestation_file,omitempty"`
	TestResultFile  string `json:"test_result_file,omitempty"`

	// Attempts are the attempts before the one that decided, which ended
	// without a decision (a worker or browser stopped); empty for a run
	// decided at its first attempt.
	Attempts []Attempt `json:"attempts,omitempty"`
}

// Attempt is an earlier attempt of a run and the evidence it left.
type Attempt struct {
	N       int    `json:"attempt"` // 1 for the first
	Outcome string `json:"outcome"` // "interrupted"
	// Files are its evidence files, named as EvidenceFile takes them
	// ("attempts/1/<sha256>.jpg").
	Files []string `json:"files"`
}

// Verification is one run of an approved plan.
type Verification struct {
	ID            string // "ver_…"
	State         string // store.Queued, store.Running or store.Completed
	PlanID        string
	ContractID    string
	DeploymentURL string
	RecheckOf     string // "" unless a re-check
	HumanReviewed bool   // always true: runs start only from approved plans
	Requirements  []RequirementResult
	LaunchedBy    Principal
	CreatedAt     time.Time
	StartedAt     time.Time
	CompletedAt   time.Time
	Attempts      int

	// Set when completed.
	Decision     string // "verified", "failed" or "blocked"
	Reason       string
	RepairPrompt string // failed and blocked
	Evidence     *Evidence

	// Progress is the live per-journey progress while running.
	Progress *Progress
}

// Progress is a running verification's live progress.
type Progress struct {
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

// VerificationFilter selects verifications.
type VerificationFilter = store.VerificationFilter

// Usage and charges.
type (
	UsageRow     = store.UsageRow
	ChargeFilter = store.ChargeFilter
	Charge       = store.Charge
)

// Keys, people, sessions, idempotency and the request log are stored as
// the store holds them.
type (
	Key           = store.Key
	User          = store.User
	Session       = store.Session
	Idempotency   = store.Idempotency
	RequestLog    = store.RequestLog
	RequestFilter = store.RequestFilter
)

// NewKey is an API key to store: auth generates and hashes it, the service
// never sees the key itself.
type NewKey struct {
	Prefix string
	Hash   []byte // SHA-256 of the whole key
	Scope  string // store.ScopeRead or store.ScopeLaunch
	Name   string
}

// NewUser is a person to store.
type NewUser struct {
	Email        string
	PasswordHash string // argon2id, encoded by auth
	Admin        bool
}

// NewSession is a session to store.
type NewSession struct {
	TokenHash []byte
	UserID    string
	CSRFToken string
	TTL       time.Duration // Defaults to 12 h.
}
