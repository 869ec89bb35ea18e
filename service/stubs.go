package service

import (
	"context"
	"time"
)

var errTODO = &Error{Code: CodeInternal, Message: "not implemented yet"}

// CreatePlan derives a plan from req.Claim for req.DeploymentURL and stores
// it pending approval. With req.DryRun the plan is stored too (so that it
// can be approved) and the result says DryRun. Nothing runs, nothing is
// charged. A claim no check can prove is refused with
// CodeClaimNotProvable and a repair prompt.
func (s *Service) CreatePlan(ctx context.Context, p Principal, req CreateRequest) (*Plan, error) {
	return nil, errTODO
}

// GetPlan returns a plan with its approval state and event.
func (s *Service) GetPlan(ctx context.Context, id string) (*Plan, error) { return nil, errTODO }

// ListPlans returns plans in state ("" for all), newest first: the review
// queue is ListPlans(ctx, "pending", n).
func (s *Service) ListPlans(ctx context.Context, state string, limit int) ([]*Plan, error) {
	return nil, errTODO
}

// Approve records a person's approval of a pending plan. planHash, if not
// empty, is the hash the person was shown (hex or "sha256:"-prefixed); a
// plan whose content changed since is refused with CodePlanIntegrity. A
// principal that is not a person gets CodePlanRequiresHuman.
func (s *Service) Approve(ctx context.Context, p Principal, planID, planHash string) (*Plan, error) {
	return nil, errTODO
}

// Reject records a person's rejection of a pending plan.
func (s *Service) Reject(ctx context.Context, p Principal, planID, reason string) (*Plan, error) {
	return nil, errTODO
}

// StartRun queues a run of the approved plan req.ReviewedPlanID and
// charges it once. It needs a launch key or a person.
func (s *Service) StartRun(ctx context.Context, p Principal, req CreateRequest) (*Verification, error) {
	return nil, errTODO
}

// Recheck queues a new run of the plan of the failed verification id,
// optionally at another path of the same scheme and host.
func (s *Service) Recheck(ctx context.Context, p Principal, id, deploymentURL string) (*Verification, error) {
	return nil, errTODO
}

// GetVerification returns one verification, with its outcome once
// completed and its live progress while running.
func (s *Service) GetVerification(ctx context.Context, id string) (*Verification, error) {
	return nil, errTODO
}

// ListVerifications returns verifications, newest first.
func (s *Service) ListVerifications(ctx context.Context, f VerificationFilter) ([]*Verification, error) {
	return nil, errTODO
}

// EvidenceFile returns the path of a completed verification's evidence
// file and its artifact record; name must be one its manifest lists (or
// the manifest or report itself).
func (s *Service) EvidenceFile(ctx context.Context, id, name string) (string, *Artifact, error) {
	return "", nil, errTODO
}

// Usage counts billed verifications per UTC day and payer.
func (s *Service) Usage(ctx context.Context, f ChargeFilter) ([]UsageRow, error) {
	return nil, errTODO
}

// Charges lists ledger entries.
func (s *Service) Charges(ctx context.Context, f ChargeFilter) ([]Charge, error) {
	return nil, errTODO
}

// CreateKey stores a key auth generated; the id is assigned here.
func (s *Service) CreateKey(ctx context.Context, k NewKey) (*Key, error) { return nil, errTODO }

// AuthenticateKey returns the live key with this SHA-256 and records its
// use; CodeUnauthorized if there is none or it is revoked.
func (s *Service) AuthenticateKey(ctx context.Context, hash []byte) (*Key, error) {
	return nil, errTODO
}

// ListKeys returns every key, newest first.
func (s *Service) ListKeys(ctx context.Context) ([]*Key, error) { return nil, errTODO }

// RevokeKey revokes a key by id or by its visible prefix.
func (s *Service) RevokeKey(ctx context.Context, idOrPrefix string) (*Key, error) {
	return nil, errTODO
}

// CreateUser stores a person; CodeConflict if the email is taken.
func (s *Service) CreateUser(ctx context.Context, u NewUser) (*User, error) { return nil, errTODO }

// GetUser returns a person by id.
func (s *Service) GetUser(ctx context.Context, id string) (*User, error) { return nil, errTODO }

// GetUserByEmail returns a person by email (case-insensitive).
func (s *Service) GetUserByEmail(ctx context.Context, email string) (*User, error) {
	return nil, errTODO
}

// ListUsers returns every person.
func (s *Service) ListUsers(ctx context.Context) ([]*User, error) { return nil, errTODO }

// UpdateUser saves a person's password hash, admin and disabled fields;
// disabling a person ends their sessions.
func (s *Service) UpdateUser(ctx context.Context, u *User) error { return errTODO }

// CountUsers returns how many people exist (0 on first start).
func (s *Service) CountUsers(ctx context.Context) (int, error) { return 0, errTODO }

// CreateSession stores a session for a person.
func (s *Service) CreateSession(ctx context.Context, n NewSession) (*Session, error) {
	return nil, errTODO
}

// GetSession returns the live session with this token hash and its
// person; CodeUnauthorized if it is unknown, expired, or its person is
// disabled.
func (s *Service) GetSession(ctx context.Context, tokenHash []byte) (*Session, *User, error) {
	return nil, nil, errTODO
}

// DeleteSession ends a session.
func (s *Service) DeleteSession(ctx context.Context, id string) error { return errTODO }

// BeginIdempotent starts a request under an idempotency key, scoped to the
// caller (scope: its key id). It returns (nil, nil) when the caller should
// run the request and then CompleteIdempotent (or AbortIdempotent), or the
// stored record to replay. Errors: CodeIdempotencyKeyReused for another
// request hash, CodeIdempotencyInProgress while the first is in flight,
// CodeInvalidRequest for a key over 255 characters.
func (s *Service) BeginIdempotent(ctx context.Context, scope, key, requestHash string) (*Idempotency, error) {
	return nil, errTODO
}

// CompleteIdempotent stores the response to replay.
func (s *Service) CompleteIdempotent(ctx context.Context, scope, key string, status int, body []byte) error {
	return errTODO
}

// AbortIdempotent forgets an in-flight request so its key can be retried.
func (s *Service) AbortIdempotent(ctx context.Context, scope, key string) error { return errTODO }

// LogRequest appends a request log row.
func (s *Service) LogRequest(ctx context.Context, r *RequestLog) error { return errTODO }

// SearchRequests returns request log rows, newest first.
func (s *Service) SearchRequests(ctx context.Context, f RequestFilter) ([]*RequestLog, error) {
	return nil, errTODO
}

var _ = time.Second
