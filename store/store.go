// Package store is vouch's persistence interface: plans and their approval
// events, verifications (each run a River job in the same database), the billing ledger,
// idempotency records, API keys, people, sessions, the request log and the
// webhook outbox.
//
// The interface speaks in domain records and never in SQL; each backend
// (store/sqlite, store/postgres, sharing the SQL of store/sqlstore) lives in
// its own package, and store/storetest is the one test suite every backend must pass. Operations
// whose correctness depends on atomicity — creating a run together with its
// charge and its River job, recording a decision together with the job's
// completion, the re-check count, beginning an idempotent request — are
// single store operations so that each backend can make them atomic in its
// own way. The queue is River (github.com/riverqueue/river) on the store's
// own database: each backend holds River's driver for it (Queue).
package store

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Errors every backend returns (possibly wrapped); callers test with
// errors.Is.
var (
	// ErrNotFound: no record has the given id or key.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: a unique value (id, email, key hash) is taken.
	ErrConflict = errors.New("store: conflict")
	// ErrPlanNotPending: the plan was already approved or rejected.
	ErrPlanNotPending = errors.New("store: plan is not pending")
	// ErrPlanNotApproved: a run was requested on a plan that is pending.
	ErrPlanNotApproved = errors.New("store: plan is not approved")
	// ErrPlanRejected: a run was requested on a rejected plan.
	ErrPlanRejected = errors.New("store: plan is rejected")
	// ErrPlanHashMismatch: the plan's stored content no longer hashes to the
	// hash that was approved.
	ErrPlanHashMismatch = errors.New("store: plan hash does not match its approval")
	// ErrRecheckLimit: the plan already has its maximum number of re-checks.
	ErrRecheckLimit = errors.New("store: re-check limit reached")
	// ErrRecheckNotAllowed: the verification to re-check is not completed
	// with decision failed, or belongs to another plan.
	ErrRecheckNotAllowed = errors.New("store: re-check not allowed")
	// ErrLeaseLost: the worker no longer holds the webhook delivery's lease
	// (it expired and another worker took the delivery).
	ErrLeaseLost = errors.New("store: lease lost")
	// ErrNotCurrentAttempt: a run's attempt is no longer its current one
	// (River rescued the job from a stuck or dead worker and another
	// attempt began, or the run completed).
	ErrNotCurrentAttempt = errors.New("store: not the run's current attempt")
	// ErrIdempotencyKeyReused: the key was used with another request.
	ErrIdempotencyKeyReused = errors.New("store: idempotency key reused with another request")
	// ErrIdempotencyInProgress: the first request with the key is still in
	// flight.
	ErrIdempotencyInProgress = errors.New("store: idempotent request in progress")
)

// Store is the persistence interface. Every method is safe for concurrent
// use. Times are stored with millisecond precision in UTC.
type Store interface {
	// CreatePlan stores a new pending plan.
	CreatePlan(ctx context.Context, p *Plan) error
	// GetPlan returns the plan with its approval event, if any.
	GetPlan(ctx context.Context, id string) (*Plan, error)
	// ListPlans returns plans, newest first.
	ListPlans(ctx context.Context, f PlanFilter) ([]*Plan, error)
	// DecidePlan approves or rejects a pending plan and records the event
	// (who, which plan hash, when) in one transaction. It returns
	// ErrPlanNotPending if the plan was already decided and
	// ErrPlanHashMismatch if d.PlanHash is not the plan's hash.
	DecidePlan(ctx context.Context, d PlanDecision) (*Plan, error)

	// CreateRun creates a queued verification, its one charge and its River
	// job (RunArgs, unique by arguments, with r.MaxAttempts and r.Timeout)
	// in one transaction. It checks that the plan is approved (ErrPlanNotApproved,
	// ErrPlanRejected) with r.PlanHash (ErrPlanHashMismatch). For a re-check
	// (r.RecheckOf set) it also checks that the earlier verification belongs
	// to the plan and completed with decision failed (ErrRecheckNotAllowed)
	// and that the plan has fewer than r.MaxRechecks re-checks
	// (ErrRecheckLimit); concurrent re-checks at the limit let exactly one
	// through.
	//
	// When r.IdempotencyKey is set, the run records (r.IdempotencyScope,
	// r.IdempotencyKey) in the same transaction, unique among runs created
	// within r.IdempotencyTTL. If a run already holds that pair, CreateRun
	// creates nothing and charges nothing: it returns that run (whose ID is
	// then not r.ID) when it is for the same plan, re-check and deployment
	// URL, and ErrIdempotencyKeyReused otherwise. That lookup comes before
	// the checks above, so a re-executed request is answered even when the
	// re-check limit has been reached since.
	CreateRun(ctx context.Context, r NewRun) (*Verification, error)
	// IdempotentRun returns the run created under (scope, key) after since
	// (ErrNotFound if there is none): the run an idempotent request created
	// even if its response was never stored.
	IdempotentRun(ctx context.Context, scope, key string, since time.Time) (*Verification, error)
	// GetVerification returns one verification.
	GetVerification(ctx context.Context, id string) (*Verification, error)
	// ListVerifications returns the verifications f selects, newest first:
	// by creation time, then by id, both descending. Filters and paging
	// happen in the backend (keyset pagination on that order), so a page
	// costs the same at any depth of a large history.
	ListVerifications(ctx context.Context, f VerificationFilter) ([]*Verification, error)
	// MarkRunning records that attempt (River's attempt number, from 1) of
	// run id has begun: the run becomes running, its Attempts is attempt
	// and its start time is set the first time. ErrNotFound if the run is
	// unknown or completed.
	MarkRunning(ctx context.Context, id string, attempt int, at time.Time) (*Verification, error)
	// RequeueRun marks attempt of run id queued again with no progress (the
	// attempt was cancelled and its job goes back to River);
	// ErrNotCurrentAttempt if another attempt began or the run completed.
	RequeueRun(ctx context.Context, id string, attempt int) error
	// SetProgress records a running run's live progress;
	// ErrNotCurrentAttempt if attempt is no longer the run's current one.
	SetProgress(ctx context.Context, id string, attempt int, progress []byte) error
	// CompleteRun records a run's outcome, enqueues its outbox events and
	// completes its River job (JobCompleteTx, when c.Job is set) in one
	// transaction; ErrNotCurrentAttempt if c.Attempt is no longer the run's
	// current attempt (the outcome is then discarded: the run's current
	// attempt records its own). Without c.Job (a run decided outside a
	// River worker) the run's job, if still queued, is cancelled in the
	// same transaction.
	CompleteRun(ctx context.Context, c Completion) error
	// Queue returns a River client on the store's database that works run
	// jobs (RunArgs) with cfg.Workers; the caller starts and stops it.
	// cfg's Queues, FetchPollInterval, JobTimeout and RescueStuckJobsAfter
	// are the caller's.
	Queue(cfg *river.Config) (Queue, error)

	// Charges lists ledger entries, oldest first.
	Charges(ctx context.Context, f ChargeFilter) ([]Charge, error)
	// Usage counts charges per UTC day and payer.
	Usage(ctx context.Context, f ChargeFilter) ([]UsageRow, error)

	// BeginIdempotent starts a request under an idempotency key. When no
	// live record exists it stores an in-flight marker and returns
	// (nil, nil): the caller runs the request and calls
	// CompleteIdempotent or AbortIdempotent. When a completed record with
	// the same request hash exists it returns it for replay. It returns
	// ErrIdempotencyKeyReused for another request hash and
	// ErrIdempotencyInProgress while the first request is in flight (an
	// in-flight marker older than b.StaleAfter is taken over).
	BeginIdempotent(ctx context.Context, b IdempotencyBegin) (*Idempotency, error)
	// CompleteIdempotent stores the response of the request begun with key.
	CompleteIdempotent(ctx context.Context, scope, key string, status int, body []byte, at time.Time) error
	// AbortIdempotent removes an in-flight marker so that the key can be
	// retried.
	AbortIdempotent(ctx context.Context, scope, key string) error
	// GetIdempotent returns a record that has not expired at now.
	GetIdempotent(ctx context.Context, scope, key string, now time.Time) (*Idempotency, error)
	// DeleteExpiredIdempotency removes records expired at now.
	DeleteExpiredIdempotency(ctx context.Context, now time.Time) (int, error)

	// CreateKey stores an API key (its hash, never the key).
	CreateKey(ctx context.Context, k *Key) error
	// GetKey returns a key by id.
	GetKey(ctx context.Context, id string) (*Key, error)
	// GetKeyByHash returns a key by the SHA-256 of its secret, revoked or
	// not (the caller decides).
	GetKeyByHash(ctx context.Context, hash []byte) (*Key, error)
	// ListKeys returns every key, newest first.
	ListKeys(ctx context.Context) ([]*Key, error)
	// RevokeKey marks a key revoked at at; revoking twice keeps the first
	// time.
	RevokeKey(ctx context.Context, id string, at time.Time) error
	// TouchKey sets a key's last use.
	TouchKey(ctx context.Context, id string, at time.Time) error

	// CreateUser stores a person; ErrConflict if the email is taken
	// (emails compare case-insensitively).
	CreateUser(ctx context.Context, u *User) error
	// GetUser returns a person by id.
	GetUser(ctx context.Context, id string) (*User, error)
	// GetUserByEmail returns a person by email, case-insensitively.
	GetUserByEmail(ctx context.Context, email string) (*User, error)
	// ListUsers returns every person, oldest first.
	ListUsers(ctx context.Context) ([]*User, error)
	// UpdateUser replaces a person's password hash, admin and disabled
	// fields.
	UpdateUser(ctx context.Context, u *User) error
	// CountUsers returns how many people exist.
	CountUsers(ctx context.Context) (int, error)

	// CreateSession stores a session (the hash of its token).
	CreateSession(ctx context.Context, s *Session) error
	// GetSession returns a session by token hash, expired or not.
	GetSession(ctx context.Context, tokenHash []byte) (*Session, error)
	// TouchSession sets a session's last use.
	TouchSession(ctx context.Context, id string, at time.Time) error
	// DeleteSession removes a session (sign out).
	DeleteSession(ctx context.Context, id string) error
	// DeleteUserSessions removes every session of a person.
	DeleteUserSessions(ctx context.Context, userID string) error
	// DeleteExpiredSessions removes sessions expired at now.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error)

	// AppendRequest adds a row to the request log.
	AppendRequest(ctx context.Context, r *RequestLog) error
	// AppendRequests adds rows to the request log in one transaction; the
	// API batches its log so a request costs no transaction of its own.
	AppendRequests(ctx context.Context, rows []*RequestLog) error
	// SearchRequests returns request log rows, newest first.
	SearchRequests(ctx context.Context, f RequestFilter) ([]*RequestLog, error)

	// PublishAttestationKey records the public half of a worker's signing
	// key, so that servers on other machines check what it signs.
	// Publishing a key id again changes nothing; ErrConflict if the id is
	// already published with another public key.
	PublishAttestationKey(ctx context.Context, k *AttestationKey) error
	// GetAttestationKey returns the published key with id.
	GetAttestationKey(ctx context.Context, id string) (*AttestationKey, error)
	// ListAttestationKeys returns every published key, newest first (by
	// creation time, then by id).
	ListAttestationKeys(ctx context.Context) ([]*AttestationKey, error)

	// Outbox lists webhook outbox events, oldest first.
	Outbox(ctx context.Context, limit int) ([]*OutboxEvent, error)

	// Webhooks holds endpoints and the deliveries fanned out from the
	// outbox (store/webhooks.go).
	Webhooks

	// Close releases the store's resources.
	Close() error
}

// Plan approval states.
const (
	PlanPending  = "pending"
	PlanApproved = "approved"
	PlanRejected = "rejected"
)

// Plan is a stored plan: the plan JSON a person approves, with the claim and
// deployment it was derived for.
type Plan struct {
	ID   string // "pln_…"
	Hash string // hex sha256 of JSON: the plan's content identity
	// JSON is the plan's canonical JSON, stored as is: a run re-parses and
	// re-hashes it and compares with the approval's hash.
	JSON          []byte
	Claim         string
	DeploymentURL string
	// Requirements and Notes are the derivation's output, as JSON.
	Requirements []byte
	Notes        []byte
	State        string // PlanPending, PlanApproved or PlanRejected
	DryRun       bool   // created by a dry run
	CreatedBy    Principal
	CreatedAt    time.Time
	// Decision is the approval or rejection event; nil while pending.
	Decision *PlanEvent
	// Rechecks counts the plan's re-checks so far.
	Rechecks int
}

// PlanEvent is a person's approval or rejection of one plan hash.
type PlanEvent struct {
	State    string // PlanApproved or PlanRejected
	UserID   string
	PlanHash string
	At       time.Time
	Reason   string // optional, for rejections
}

// PlanDecision asks DecidePlan to approve or reject a plan.
type PlanDecision struct {
	PlanID   string
	PlanHash string // the hash the person saw
	State    string // PlanApproved or PlanRejected
	UserID   string
	At       time.Time
	Reason   string
}

// PlanFilter selects plans. Zero fields match everything.
type PlanFilter struct {
	State string
	Limit int // Defaults to 100.
	// Before returns only plans created before this one (by id), for paging.
	Before string
}

// Principal is who acted: an API key or a signed-in person.
type Principal struct {
	KeyID  string
	UserID string
}

// Verification states.
const (
	Queued    = "queued"
	Running   = "running"
	Completed = "completed"
)

// Verification is one run of an approved plan; its job is a River job
// (JobID) in the same database.
type Verification struct {
	ID            string // "ver_…"
	PlanID        string
	PlanHash      string
	DeploymentURL string
	RecheckOf     string // "" unless a re-check
	LaunchedBy    Principal
	State         string // Queued, Running or Completed
	CreatedAt     time.Time
	StartedAt     time.Time // zero until first claimed
	CompletedAt   time.Time // zero until completed

	// Job fields.
	JobID    int64  // the run's River job (river_job.id)
	Attempts int    // River's attempt number of the latest attempt
	Progress []byte // live progress JSON while running

	// Outcome, set when completed.
	Decision     string // "verified", "failed" or "blocked"
	Reason       string // short cause for failed/blocked
	RepairPrompt string
	EvidenceDir  string
	// Results holds per-requirement results and artifacts as JSON, shaped
	// by the service.
	Results []byte
}

// NewRun asks CreateRun for a queued verification and its charge.
type NewRun struct {
	ID            string
	PlanID        string
	PlanHash      string // the approved hash, re-checked in the transaction
	DeploymentURL string
	RecheckOf     string
	MaxRechecks   int // for re-checks; Defaults to 10.
	LaunchedBy    Principal
	ChargeID      string
	At            time.Time
	// IdempotencyScope and IdempotencyKey name the idempotent request
	// (the caller and its Idempotency-Key) that creates the run; empty
	// when there is none. See CreateRun.
	IdempotencyScope string
	IdempotencyKey   string
	// IdempotencyTTL is how long the key stays bound to the run: an older
	// run no longer holds it. Defaults to 24 h.
	IdempotencyTTL time.Duration
	// MaxAttempts is the River job's maximum number of attempts. Defaults
	// to 4.
	MaxAttempts int
	// Timeout bounds one attempt of the run (River's per-job timeout), from
	// the plan's upper bound. Zero: the worker's client default.
	Timeout time.Duration
}

// RunKind is the River job kind of a run.
const RunKind = "vouch_run"

// RunArgs are the River job arguments of a run: the verification row
// holds everything else. Unique by arguments, so a run has one job.
type RunArgs struct {
	VerificationID string `json:"verification_id" river:"unique"`
	// TimeoutMS is the attempt timeout in milliseconds (0: the client's).
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
}

// Kind is River's job kind.
func (RunArgs) Kind() string { return RunKind }

// Queue is a River client on a store's database (*river.Client of the
// store's driver).
type Queue interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
	JobGet(ctx context.Context, id int64) (*rivertype.JobRow, error)
	JobCancel(ctx context.Context, id int64) (*rivertype.JobRow, error)
}

// Completion records a run's outcome.
type Completion struct {
	ID string
	// Attempt is the attempt that decided; it must still be the run's
	// current one.
	Attempt int
	// Job is the River job being worked (its row as River's worker gave
	// it), completed with JobCompleteTx in the transaction; nil for a run
	// decided outside a River worker.
	Job          *rivertype.JobRow
	Decision     string
	Reason       string
	RepairPrompt string
	EvidenceDir  string
	Results      []byte
	At           time.Time
	// Events are enqueued in the webhook outbox in the same transaction.
	Events []OutboxEvent
}

// VerificationFilter selects verifications. Zero fields match everything.
type VerificationFilter struct {
	PlanID string
	State  string // Queued, Running or Completed
	// Decision selects completed verifications with this decision
	// ("verified", "failed" or "blocked").
	Decision string
	// CreatedFrom and CreatedBefore select verifications created at or
	// after CreatedFrom and before CreatedBefore; a zero time leaves that
	// side open.
	CreatedFrom, CreatedBefore time.Time
	Limit                      int // Defaults to 100.
	// Before is the keyset cursor: the id of the last verification of the
	// previous page. Only verifications after it in the list's order
	// (created earlier, or at the same millisecond with a smaller id) are
	// returned; an id that does not exist returns ErrNotFound.
	Before string
}

// Charge is one ledger entry: one run billed as one verification.
type Charge struct {
	ID             string
	VerificationID string
	PlanID         string
	Payer          Principal
	Day            string // UTC, 2006-01-02
	At             time.Time
}

// ChargeFilter selects charges. Zero fields match everything.
type ChargeFilter struct {
	KeyID    string
	UserID   string
	From, To string // UTC days, inclusive
}

// UsageRow counts the verifications billed to one payer on one UTC day.
type UsageRow struct {
	Day   string
	Payer Principal
	Count int
}

// IdempotencyBegin starts an idempotent request.
type IdempotencyBegin struct {
	Scope       string // who: the key id (keys never share records)
	Key         string
	RequestHash string
	Now         time.Time
	TTL         time.Duration // Defaults to 24 h.
	StaleAfter  time.Duration // Defaults to 5 min.
}

// Idempotency is a stored idempotent request and, once complete, its
// response.
type Idempotency struct {
	Scope       string
	Key         string
	RequestHash string
	Done        bool
	Status      int
	Body        []byte
	CreatedAt   time.Time
	ExpiresAt   time.Time
}

// Key scopes.
const (
	ScopeRead   = "read"
	ScopeLaunch = "launch"
)

// Key is an API key as stored: its SHA-256, never the key itself.
type Key struct {
	ID        string // "key_…"
	Prefix    string // the visible start of the key, for identification
	Hash      []byte // SHA-256 of the whole key
	Scope     string // ScopeRead or ScopeLaunch
	Name      string
	CreatedAt time.Time
	LastUsed  time.Time // zero if never used
	RevokedAt time.Time // zero unless revoked
}

// User is a person who can sign in and approve plans.
type User struct {
	ID           string // "usr_…"
	Email        string
	PasswordHash string // argon2id, in its encoded form
	Admin        bool
	Disabled     bool
	CreatedAt    time.Time
}

// Session is a signed-in person's session.
type Session struct {
	ID        string
	TokenHash []byte // SHA-256 of the cookie's token
	UserID    string
	CSRFToken string
	CreatedAt time.Time
	LastSeen  time.Time
	ExpiresAt time.Time
}

// RequestLog is one HTTP request, for a request inspector.
type RequestLog struct {
	ID         int64 // assigned by AppendRequest
	RequestID  string
	At         time.Time
	Method     string
	Path       string
	Status     int
	Duration   time.Duration
	KeyID      string
	UserID     string
	RemoteAddr string
	ErrorCode  string
}

// RequestFilter selects request log rows. Zero fields match everything.
type RequestFilter struct {
	KeyID      string
	UserID     string
	RequestID  string
	PathPrefix string
	MinStatus  int
	Since      time.Time
	Limit      int   // Defaults to 100.
	BeforeID   int64 // for paging
}

// AttestationKey is a published public signing key. The store keeps it
// as given: readers recompute ID from PublicKey before trusting it.
type AttestationKey struct {
	ID          string // "SHA256:…", the fingerprint of PublicKey
	Algorithm   string // "ed25519"
	PublicKey   string // PKIX PEM
	Host        string // the host name of the worker that published it first
	CreatedAt   time.Time
	PublishedAt time.Time
}

// OutboxEvent is a webhook event waiting to be delivered.
type OutboxEvent struct {
	ID          string
	Type        string // e.g. "verification.completed"
	Payload     []byte // JSON
	CreatedAt   time.Time
	Attempts    int
	DeliveredAt time.Time
}
