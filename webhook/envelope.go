package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// The API's conventions, kept here because package api does not export
// its writer: every response carries X-Request-Id, every error is the
// envelope {"error":{"code","message","request_id","field"}} with the
// status api.StatusOf gives its code, and every request goes to the
// request log.

type reqKey struct{}

// reqState is what a request learns while it is handled.
type reqState struct {
	id     string
	mu     sync.Mutex
	code   service.Code
	keyID  string
	userID string
}

func stateOf(r *http.Request) *reqState {
	if s, ok := r.Context().Value(reqKey{}).(*reqState); ok {
		return s
	}
	return &reqState{}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(c int) {
	if s.status == 0 {
		s.status = c
	}
	s.ResponseWriter.WriteHeader(c)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// withRequest gives a request its id, turns a panic into a 500 envelope
// and writes the request log row.
func withRequest(svc *service.Service, log *slog.Logger, now func() time.Time, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := now()
		st := &reqState{id: api.NewRequestID()}
		r = r.WithContext(context.WithValue(r.Context(), reqKey{}, st))
		w.Header().Set("X-Request-Id", st.id)
		sw := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.Error("panic in handler", "request_id", st.id, "panic", p, "stack", string(debug.Stack()))
				if sw.status == 0 {
					writeError(sw, r, log, &service.Error{Code: service.CodeInternal, Err: fmt.Errorf("panic: %v", p)})
				}
			}
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			d := now().Sub(start)
			st.mu.Lock()
			row := &store.RequestLog{RequestID: st.id, At: start, Method: r.Method, Path: r.URL.Path, Status: status,
				Duration: d, KeyID: st.keyID, UserID: st.userID, RemoteAddr: r.RemoteAddr, ErrorCode: string(st.code)}
			st.mu.Unlock()
			// Off the request's path: the answer never waits for the log.
			go func() {
				if err := svc.LogRequest(context.Background(), row); err != nil {
					log.Warn("request log", "err", err)
				}
			}()
		}()
		next.ServeHTTP(sw, r)
	})
}

// errorBody is the API's error envelope.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code      service.Code `json:"code"`
	Message   string       `json:"message"`
	RequestID string       `json:"request_id"`
	Field     string       `json:"field,omitempty"`
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var se *service.Error
	if !errors.As(err, &se) {
		se = &service.Error{Code: service.CodeInternal, Message: "internal error", Err: err}
	}
	st := stateOf(r)
	status := api.StatusOf(se.Code)
	msg := se.Message
	if status >= 500 {
		log.Error("request failed", "request_id", st.id, "method", r.Method, "path", r.URL.Path, "err", err)
		if se.Code == service.CodeInternal {
			msg = "internal error; quote request_id " + st.id + " when reporting it"
		}
	}
	if msg == "" {
		msg = http.StatusText(status)
	}
	st.mu.Lock()
	st.code = se.Code
	st.mu.Unlock()
	writeJSON(w, status, errorBody{Error: errorDetail{Code: se.Code, Message: msg, RequestID: st.id, Field: se.Field}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encode(v)
	if err != nil {
		b, status = []byte(`{"error":{"code":"internal_error","message":"encoding the response failed","request_id":""}}`), 500
	}
	b = append(b, '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func apiErr(code service.Code, field, msg string) *service.Error {
	return &service.Error{Code: code, Field: field, Message: msg}
}

// authenticateKey checks the request's API key (x-api-key or
// Authorization: Bearer) and its scope.
func authenticateKey(svc *service.Service, r *http.Request, need auth.Scope) (service.Principal, error) {
	key, present := auth.KeyFromRequest(r)
	if !present || key == "" {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "send an API key in the x-api-key header or as Authorization: Bearer")
	}
	if auth.CheckKey(key) != nil {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is malformed (a vouch key is vch_ followed by 36 letters and digits); check for a typo")
	}
	k, err := svc.AuthenticateKey(r.Context(), auth.HashKey(key))
	if err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is unknown or revoked")
		}
		return service.Principal{}, err
	}
	st := stateOf(r)
	st.mu.Lock()
	st.keyID = k.ID
	st.mu.Unlock()
	if !auth.Scope(k.Scope).Allows(need) {
		return service.Principal{}, apiErr(service.CodeInsufficientScope, "", "this key has scope "+k.Scope+"; this request needs scope "+string(need))
	}
	return service.Principal{KeyID: k.ID, Scope: k.Scope}, nil
}

// maxBody bounds a webhook API request body.
const maxBody = 64 << 10

// decodeBody reads a JSON object into v, refusing unknown fields, wrong
// types and trailing data with a message naming the field.
func decodeBody(w http.ResponseWriter, r *http.Request, v any, optional bool) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return apiErr(service.CodePayloadTooLarge, "body", fmt.Sprintf("request body is larger than %d bytes", maxBody))
		}
		return apiErr(service.CodeInvalidRequest, "body", "reading the request body: "+err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil
		}
		return apiErr(service.CodeInvalidRequest, "body", "request body is empty; send a JSON object")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return apiErr(service.CodeUnsupportedMediaType, "", fmt.Sprintf("Content-Type must be application/json, got %q", r.Header.Get("Content-Type")))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return apiErr(service.CodeInvalidRequest, "body", "request body has data after the JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return apiErr(service.CodeInvalidRequest, te.Field, fmt.Sprintf("field %q must be %s, not %s", te.Field, te.Type.Kind(), te.Value))
	case errors.As(err, &te):
		return apiErr(service.CodeInvalidRequest, "body", "request body must be a JSON object, not "+te.Value)
	case errors.As(err, &se):
		return apiErr(service.CodeInvalidRequest, "body", fmt.Sprintf("request body is not valid JSON at byte %d: %v", se.Offset, se))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apiErr(service.CodeInvalidRequest, "body", "request body is truncated JSON")
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name := strings.Trim(f, `"`)
		return apiErr(service.CodeInvalidRequest, name, fmt.Sprintf("unknown field %q", name))
	}
	return apiErr(service.CodeInvalidRequest, "body", "request body: "+err.Error())
}
