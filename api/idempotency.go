package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/service"
)

// MaxIdempotencyKeyLen is the longest Idempotency-Key accepted.
const MaxIdempotencyKeyLen = 255

// idempotencyKey returns the request's Idempotency-Key header, if any.
func idempotencyKey(r *http.Request) (string, bool) {
	v, ok := r.Header["Idempotency-Key"]
	if !ok || len(v) == 0 {
		return "", false
	}
	return v[0], true
}

// requestHash identifies what a request asks for, so that a retry can be
// told from another request under the same idempotency key. It covers the
// operation (not the /api/v1 or /v1 spelling) and the decoded body in its
// canonical form, so whitespace and field order do not matter.
func requestHash(op string, canonical []byte) string {
	h := sha256.New()
	h.Write([]byte(op))
	h.Write([]byte{0})
	h.Write(canonical)
	return hex.EncodeToString(h.Sum(nil))
}

// serveIdempotent runs a route under an idempotency key, scoped to the
// calling key: the first request runs and its successful response is
// stored for 24 h; a retry with the same body replays that response byte
// for byte (no second plan, run or charge); the same key with another body
// is 422 idempotency_key_reused; a retry while the first is in flight is
// 409 idempotency_request_in_progress. Error responses are not stored —
// they changed nothing, so a retry runs again.
//
// If the process dies after a run start or re-check committed its run and
// charge but before the response was stored here, the in-flight marker is
// taken over once abandoned (5 min) and the request runs again; the run
// recorded the key in its own transaction, so the service answers that run
// instead of starting and charging another. That answer is built from the
// stored run: equivalent to the lost response (same verification id), not
// byte for byte (the run may have progressed since).
func (a *API) serveIdempotent(w http.ResponseWriter, r *http.Request, rt route, c caller, key string, body any) {
	if strings.TrimSpace(key) == "" {
		WriteError(w, r, &service.Error{Code: service.CodeInvalidRequest, Field: "Idempotency-Key", Message: "the Idempotency-Key header is empty"})
		return
	}
	if len(key) > MaxIdempotencyKeyLen {
		WriteError(w, r, &service.Error{Code: service.CodeInvalidRequest, Field: "Idempotency-Key", Message: "the Idempotency-Key header is longer than 255 characters"})
		return
	}
	// The body was decoded before: a malformed one is refused without
	// touching the key. Its re-encoding is canonical (struct field order).
	canon, err := marshal(body)
	if err != nil {
		WriteError(w, r, err)
		return
	}
	// The service records runs under the same scope (CreateRequest).
	scope := c.IdempotencyScope()
	rec, err := a.svc.BeginIdempotent(r.Context(), scope, key, requestHash(rt.method+" "+rt.path+" "+r.PathValue("id"), canon))
	if err != nil {
		WriteError(w, r, err)
		return
	}
	if rec != nil {
		w.Header().Set("Idempotent-Replayed", "true")
		writeRaw(w, rec.Status, rec.Body)
		return
	}
	status, v, herr := rt.handle(w, r, c, body)
	if herr != nil {
		if err := a.svc.AbortIdempotent(r.Context(), scope, key); err != nil {
			a.log.Warn("idempotency abort", "request_id", RequestID(r), "err", err)
		}
		WriteError(w, r, herr)
		return
	}
	out, err := marshal(v)
	if err != nil {
		_ = a.svc.AbortIdempotent(r.Context(), scope, key)
		WriteError(w, r, err)
		return
	}
	if err := a.svc.CompleteIdempotent(r.Context(), scope, key, status, out); err != nil {
		// The work is done; the caller gets its answer, but a retry would
		// not be recognised, so say so in the log.
		a.log.Error("idempotency complete", "request_id", RequestID(r), "err", err)
	}
	writeRaw(w, status, out)
}
