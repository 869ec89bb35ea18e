package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Error codes a caller typically acts on. The server's full list is in its
// OpenAPI description (GET /api/v1/openapi.json).
const (
	CodeClaimNotProvable      = "claim_not_provable"              // 422: nothing to approve; RepairPrompt says why
	CodePlanRequiresHuman     = "plan_requires_human"             // 403: only a signed-in person approves
	CodePlanNotApproved       = "plan_not_approved"               // 409: run of a plan still pending
	CodePlanRejected          = "plan_rejected"                   // 409: a person rejected the plan (also WaitForApproval)
	CodePlanIntegrity         = "plan_integrity_error"            // 409
	CodeRecheckWindowClosed   = "recheck_window_closed"           // 409
	CodeRecheckLimitReached   = "recheck_limit_reached"           // 429, never retried
	CodeRecheckHostMismatch   = "recheck_host_mismatch"           // 422
	CodeRecheckNotAllowed     = "recheck_not_allowed"             // 409
	CodeIdempotencyKeyReused  = "idempotency_key_reused"          // 422
	CodeIdempotencyInProgress = "idempotency_request_in_progress" // 409, retried
	CodeInvalidRequest        = "invalid_request"                 // 400
	CodeUnauthorized          = "unauthorized"                    // 401
	CodeInsufficientScope     = "insufficient_scope"              // 403
	CodeNotFound              = "not_found"                       // 404
	CodeTargetNotAllowed      = "target_not_allowed"              // 422
	CodeRateLimited           = "rate_limited"                    // 429, retried after Retry-After
	CodeInternal              = "internal_error"                  // 500, retried
	CodeServiceUnavailable    = "service_unavailable"             // 503, retried
)

// Error is an error answered by the server (its envelope
// {"error":{code,message,request_id,…}}), or a refusal WaitForApproval
// reports (Code CodePlanRejected, Status 0).
type Error struct {
	// Status is the HTTP status; 0 for an error the client concluded.
	Status int
	// Code is the envelope's machine-readable code, e.g. "claim_not_provable".
	// An answer that is not an envelope (a proxy's error page) gets
	// "http_<status>".
	Code string
	// Message is for people.
	Message string
	// RequestID is the server's id of the request (X-Request-Id): quote it
	// when reporting a problem.
	RequestID string
	// Field names the request field at fault, when there is one.
	Field string
	// ApproveURL is where a person approves the plan (plan_requires_human,
	// plan_not_approved).
	ApproveURL string
	// RepairPrompt says how to make a refused claim provable
	// (claim_not_provable).
	RepairPrompt string
	// Suggestions are provable rephrasings of a refused claim
	// (claim_not_provable), when the server offers any.
	Suggestions []string
	// PlanID is the plan concerned, when there is one.
	PlanID string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("vouch: ")
	if e.Code != "" {
		b.WriteString(e.Code)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if e.RequestID != "" {
		b.WriteString(" (request_id ")
		b.WriteString(e.RequestID)
		b.WriteString(")")
	}
	return b.String()
}

// ErrorCode returns the code of the *Error in err's chain, or "".
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// ErrChecksum is returned when a downloaded evidence file does not match
// the sha256 its record names.
var ErrChecksum = errors.New("vouch: evidence file does not match its sha256")

// parseError turns a non-2xx answer into an *Error.
func parseError(res *http.Response, body []byte) *Error {
	var env struct {
		Error *struct {
			Code         string   `json:"code"`
			Message      string   `json:"message"`
			RequestID    string   `json:"request_id"`
			Field        string   `json:"field"`
			ApproveURL   string   `json:"approve_url"`
			RepairPrompt string   `json:"repair_prompt"`
			Suggestions  []string `json:"suggestions"`
			PlanID       string   `json:"plan_id"`
		} `json:"error"`
	}
	e := &Error{Status: res.StatusCode, RequestID: res.Header.Get("X-Request-Id")}
	if json.Unmarshal(body, &env) == nil && env.Error != nil && env.Error.Code != "" {
		d := env.Error
		e.Code, e.Message, e.Field = d.Code, d.Message, d.Field
		e.ApproveURL, e.RepairPrompt, e.PlanID = d.ApproveURL, d.RepairPrompt, d.PlanID
		e.Suggestions = d.Suggestions
		if d.RequestID != "" {
			e.RequestID = d.RequestID
		}
		return e
	}
	// Not vouch's envelope: a proxy or load balancer answered.
	e.Code = fmt.Sprintf("http_%d", res.StatusCode)
	e.Message = http.StatusText(res.StatusCode)
	if s := strings.TrimSpace(string(body)); s != "" && utf8.ValidString(s) {
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		e.Message += ": " + s
	}
	return e
}
