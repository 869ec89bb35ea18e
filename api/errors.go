package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/vouchdev/vouch/service"
)

// statusOf maps every error code to its HTTP status. It is the only place
// where a service error becomes a status; openapi_test checks that every
// code here is described in openapi.json with this status.
var statusOf = map[service.Code]int{
	service.CodeInvalidRequest:        http.StatusBadRequest,
	service.CodeUnauthorized:          http.StatusUnauthorized,
	service.CodePlanRequiresHuman:     http.StatusForbidden,
	service.CodeInsufficientScope:     http.StatusForbidden,
	codeCSRF:                          http.StatusForbidden,
	service.CodeNotFound:              http.StatusNotFound,
	service.CodeEvidenceNotAvailable:  http.StatusNotFound,
	service.CodeMethodNotAllowed:      http.StatusMethodNotAllowed,
	service.CodePlanNotApproved:       http.StatusConflict,
	service.CodePlanRejected:          http.StatusConflict,
	service.CodePlanIntegrity:         http.StatusConflict,
	service.CodePlanNotPending:        http.StatusConflict,
	service.CodeRecheckWindowClosed:   http.StatusConflict,
	service.CodeRecheckNotAllowed:     http.StatusConflict,
	service.CodeIdempotencyInProgress: http.StatusConflict,
	service.CodeConflict:              http.StatusConflict,
	service.CodePayloadTooLarge:       http.StatusRequestEntityTooLarge,
	service.CodeUnsupportedMediaType:  http.StatusUnsupportedMediaType,
	service.CodeClaimNotProvable:      http.StatusUnprocessableEntity,
	service.CodeRecheckHostMismatch:   http.StatusUnprocessableEntity,
	service.CodeIdempotencyKeyReused:  http.StatusUnprocessableEntity,
	service.CodeTargetNotAllowed:      http.StatusUnprocessableEntity,
	service.CodeRecheckLimitReached:   http.StatusTooManyRequests,
	service.CodeRateLimited:           http.StatusTooManyRequests,
	service.CodeInternal:              http.StatusInternalServerError,
	service.CodeServiceUnavailable:    http.StatusServiceUnavailable,
}

// codeCSRF refuses a state change without the session's CSRF token or from
// another origin. It is the HTTP layer's own code: the service knows
// nothing of forms.
const codeCSRF service.Code = "csrf_failed"

// StatusOf returns the HTTP status of an error code; unknown codes are 500.
func StatusOf(c service.Code) int {
	if s, ok := statusOf[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// errorBody is the error envelope: {"error": {...}}.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code      service.Code `json:"code"`
	Message   string       `json:"message"`
	RequestID string       `json:"request_id"`
	// Field names the request field at fault, when there is one.
	Field string `json:"field,omitempty"`
	// ApproveURL is where a person approves the plan (plan_requires_human,
	// plan_not_approved).
	ApproveURL string `json:"approve_url,omitempty"`
	// RepairPrompt says how to make a refused claim provable
	// (claim_not_provable).
	RepairPrompt string `json:"repair_prompt,omitempty"`
	// Suggestions are provable rephrasings of a refused claim
	// (claim_not_provable), when there are any.
	Suggestions []string `json:"suggestions,omitempty"`
	// PlanID is the plan concerned, when there is one.
	PlanID string `json:"plan_id,omitempty"`
}

// apiErr makes a service error for conditions the HTTP layer detects
// itself (auth, decoding, routing).
func apiErr(code service.Code, msg string) *service.Error {
	return &service.Error{Code: code, Message: msg}
}

// WriteError writes err as the error envelope
// {"error":{"code","message","request_id",...}} with the status StatusOf
// gives its code, and records the code in the request log row. Errors
// without a code (not a *service.Error) are internal: their text is logged,
// never shown. 5xx answers are logged to the logger of the Requests
// handling r (slog.Default() outside one).
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, err, false)
}

func writeError(w http.ResponseWriter, r *http.Request, err error, openAI bool) {
	var se *service.Error
	if !errors.As(err, &se) {
		if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
			// The caller went away; nobody reads the answer.
			se = &service.Error{Code: service.CodeInternal, Message: "request cancelled", Err: err}
		} else {
			se = &service.Error{Code: service.CodeInternal, Message: "internal error", Err: err}
		}
	}
	status := StatusOf(se.Code)
	msg := se.Message
	id := RequestID(r)
	if status >= 500 {
		log := slog.Default()
		if ri := info(r); ri != nil && ri.log != nil {
			log = ri.log
		}
		log.ErrorContext(r.Context(), "request failed", "request_id", id, "method", r.Method, "path", r.URL.Path, "err", err)
		if se.Code == service.CodeInternal {
			msg = "internal error; quote request_id " + id + " when reporting it"
		}
	}
	if msg == "" {
		msg = http.StatusText(status)
	}
	detail := errorDetail{
		Code: se.Code, Message: msg, RequestID: id, Field: se.Field,
		ApproveURL: se.ApproveURL, RepairPrompt: se.RepairPrompt, Suggestions: se.Suggestions, PlanID: se.PlanID,
	}
	setErrorCode(r, se.Code)
	if openAI {
		var param *string
		if se.Field != "" && se.Field != "body" {
			param = &detail.Field
		}
		WriteJSON(w, status, openAIErrorBody{Error: openAIErrorDetail{errorDetail: detail, Type: openAIType(status), Param: param}})
		return
	}
	WriteJSON(w, status, errorBody{Error: detail})
}

// WriteOpenAIError writes err as WriteError does, adding OpenAI's error
// fields beside the envelope's: "type" (invalid_request_error,
// authentication_error, …) and "param" (the request field at fault, or
// null), so that OpenAI client libraries raise their usual exceptions.
// The chat endpoint and the models list answer errors with it.
func WriteOpenAIError(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, err, true)
}

// openAIErrorBody is the error envelope with OpenAI's fields added.
type openAIErrorBody struct {
	Error openAIErrorDetail `json:"error"`
}

type openAIErrorDetail struct {
	errorDetail
	Type  string  `json:"type"`
	Param *string `json:"param"`
}

// openAIType is the OpenAI error type of an HTTP status, as OpenAI's API
// and its client libraries name them.
func openAIType(status int) string {
	switch {
	case status == http.StatusUnauthorized:
		return "authentication_error"
	case status == http.StatusForbidden:
		return "permission_error"
	case status == http.StatusNotFound:
		return "not_found_error"
	case status == http.StatusTooManyRequests:
		return "rate_limit_error"
	case status >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

// WriteJSON writes v as JSON (not HTML-escaped, with a final newline) with
// status, Content-Length and Cache-Control: no-store.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	b, err := marshal(v)
	if err != nil {
		slog.Error("api: encoding response", "err", err)
		b = []byte(`{"error":{"code":"internal_error","message":"encoding the response failed","request_id":""}}`)
		status = http.StatusInternalServerError
	}
	writeRaw(w, status, b)
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// marshal encodes v as JSON followed by a newline, without HTML escaping
// (responses are JSON, not HTML, and URLs stay readable).
func marshal(v any) ([]byte, error) {
	var buf jsonBuffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.b, nil
}

type jsonBuffer struct{ b []byte }

func (j *jsonBuffer) Write(p []byte) (int, error) { j.b = append(j.b, p...); return len(p), nil }
