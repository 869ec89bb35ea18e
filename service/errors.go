package service

import (
	"errors"
	"fmt"
)

// Code names an error for callers; the HTTP layer maps each code to a status
// in one place. The statuses in the comments are the agreed mapping.
type Code string

// Error codes.
const (
	CodeClaimNotProvable      Code = "claim_not_provable"              // 422
	CodePlanRequiresHuman     Code = "plan_requires_human"             // 403
	CodePlanNotApproved       Code = "plan_not_approved"               // 409: run start on a pending plan
	CodePlanRejected          Code = "plan_rejected"                   // 409
	CodePlanIntegrity         Code = "plan_integrity_error"            // 409: stored plan no longer hashes to its approval
	CodeRecheckWindowClosed   Code = "recheck_window_closed"           // 409
	CodeRecheckLimitReached   Code = "recheck_limit_reached"           // 429
	CodeRecheckHostMismatch   Code = "recheck_host_mismatch"           // 422
	CodeRecheckNotAllowed     Code = "recheck_not_allowed"             // 409: decision not failed, or still running
	CodeIdempotencyKeyReused  Code = "idempotency_key_reused"          // 422
	CodeIdempotencyInProgress Code = "idempotency_request_in_progress" // 409
	CodeInvalidRequest        Code = "invalid_request"                 // 400: message names the field
	CodeUnauthorized          Code = "unauthorized"                    // 401
	CodeInsufficientScope     Code = "insufficient_scope"              // 403
	CodeNotFound              Code = "not_found"                       // 404
	CodeMethodNotAllowed      Code = "method_not_allowed"              // 405
	CodePayloadTooLarge       Code = "payload_too_large"               // 413
	CodeUnsupportedMediaType  Code = "unsupported_media_type"          // 415
	CodeRateLimited           Code = "rate_limited"                    // 429
	CodeTargetNotAllowed      Code = "target_not_allowed"              // 422: deployment URL refused by the target policy
	CodeInternal              Code = "internal_error"                  // 500
	CodeConflict              Code = "conflict"                        // 409: a unique value (email) is taken
	CodeServiceUnavailable    Code = "service_unavailable"             // 503: the service is stopping
	CodePlanNotPending        Code = "plan_not_pending"                // 409: approve/reject of a decided plan
	CodeEvidenceNotAvailable  Code = "evidence_not_available"          // 404: no such evidence file
)

// Error is a domain error: a code, a message for the user and, for some
// codes, data the response carries.
type Error struct {
	Code    Code
	Message string
	// Field names the request field at fault (invalid_request and others).
	Field string
	// RepairPrompt tells how to make a refused claim provable
	// (claim_not_provable).
	RepairPrompt string
	// Suggestions are provable rephrasings of a refused claim
	// (claim_not_provable), when the deriver offers them.
	Suggestions []string
	// ApproveURL is the plan's approval link (plan_requires_human,
	// plan_not_approved).
	ApproveURL string
	// PlanID is the plan concerned, when there is one.
	PlanID string
	// Err is the underlying cause, for logs; never shown to callers.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrorCode returns err's code: the Code of an *Error in its chain, or
// CodeInternal for any other non-nil error, or "" for nil.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

func invalid(field, format string, args ...any) *Error {
	return &Error{Code: CodeInvalidRequest, Field: field, Message: fmt.Sprintf(format, args...)}
}

func internal(err error) *Error {
	return &Error{Code: CodeInternal, Message: "internal error", Err: err}
}
