// Package api is vouch's HTTP API: the verification endpoints of
// interface-spec §4.2 under /api/v1/... and the same under /v1/..., plus
// GET /api/v1/usage, evidence files and the OpenAPI description at
// /api/v1/openapi.json.
//
// Callers authenticate with an API key in x-api-key (or Authorization:
// Bearer). A key with scope read may create plans (nothing runs, nothing is
// charged) and read; scope launch is needed to start runs and re-checks.
// Approving a plan is a person's act: the approve endpoint accepts only a
// signed-in person's session cookie with its CSRF token, and any request
// carrying an API key, valid or not, gets 403 plan_requires_human with the
// approve link.
//
// Every response carries X-Request-Id; every error is the envelope
// {"error":{"code","message","request_id"}}, its status chosen by the code
// in statusOf, the one place where codes become statuses. POST requests may
// carry an Idempotency-Key header: a retry with the same key and body
// replays the first response byte for byte. A run start or re-check
// records the key with its run and charge, so that after a crash before
// the response was stored the retry answers the same verification (an
// equivalent response built from the stored record, not byte for byte)
// and charges nothing more.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// Config configures the API.
type Config struct {
	// Service is the verification lifecycle. Required.
	Service *service.Service
	// Logger receives errors and panics. Defaults to slog.Default().
	Logger *slog.Logger
	// RateLimit is the sustained requests per second allowed per key (or
	// per signed-in person); beyond it requests get 429 rate_limited.
	// Defaults to 50; a negative value disables the limit.
	RateLimit float64
	// RateBurst is how many requests a caller may make at once. Defaults to
	// twice RateLimit, at least 1.
	RateBurst int
	// Now is the clock. Defaults to time.Now.
	Now func() time.Time
	// NoRequestLog turns the request log off. Defaults to false: every
	// request is logged to the service's request log.
	NoRequestLog bool
}

// API serves the HTTP API. Create it with New; it is an http.Handler.
type API struct {
	svc     *service.Service
	log     *slog.Logger
	now     func() time.Time
	limiter *Limiter
	req     *Requests
	cop     *http.CrossOriginProtection
	handler http.Handler
	mux     *http.ServeMux
}

// New checks cfg, fills its defaults and returns the API.
func New(cfg Config) (*API, error) {
	if cfg.Service == nil {
		return nil, errors.New("api: Config.Service is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RateLimit == 0 {
		cfg.RateLimit = 50
	}
	if cfg.RateBurst <= 0 {
		cfg.RateBurst = max(1, int(2*cfg.RateLimit))
	}
	a := &API{svc: cfg.Service, log: cfg.Logger, now: cfg.Now, cop: http.NewCrossOriginProtection()}
	a.limiter = NewLimiter(cfg.RateLimit, cfg.RateBurst, cfg.Now)
	a.req = NewRequests(RequestsConfig{Service: cfg.Service, Logger: a.log, Now: a.now, NoRequestLog: cfg.NoRequestLog})
	a.mux = http.NewServeMux()
	for _, rt := range a.routes() {
		for _, prefix := range Prefixes {
			a.mux.Handle(rt.method+" "+prefix+rt.path, a.wrap(rt))
		}
	}
	a.handler = a.middleware(http.HandlerFunc(a.dispatch))
	return a, nil
}

// middleware applies the API's request conventions (Requests.Handler).
func (a *API) middleware(next http.Handler) http.Handler { return a.req.Handler(next) }

// Requests returns the API's request conventions, for handlers mounted
// beside it: their requests go to the API's request log, flushed by Close.
func (a *API) Requests() *Requests { return a.req }

// Prefixes are the two spellings of every path (§4.2).
var Prefixes = []string{"/api/v1", "/v1"}

// ServeHTTP serves the API.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.handler.ServeHTTP(w, r) }

// Handler returns the API as an http.Handler.
func (a *API) Handler() http.Handler { return a.handler }

// Close flushes the request log, until ctx ends.
func (a *API) Close(ctx context.Context) error { return a.req.Close(ctx) }

// dispatch routes a request, turning the mux's own 404 and 405 answers
// into error envelopes (405 keeps its Allow header).
func (a *API) dispatch(w http.ResponseWriter, r *http.Request) {
	h, pattern := a.mux.Handler(r)
	if pattern != "" {
		// ServeHTTP, not h: only the mux's own dispatch sets path values.
		a.mux.ServeHTTP(w, r)
		return
	}
	probe := &probeWriter{header: http.Header{}}
	h.ServeHTTP(probe, r)
	switch probe.status {
	case http.StatusMethodNotAllowed:
		allow := probe.header.Get("Allow")
		w.Header().Set("Allow", allow)
		WriteError(w, r, apiErr(service.CodeMethodNotAllowed, "method "+r.Method+" is not allowed on "+r.URL.Path+"; allowed: "+allow))
	case http.StatusMovedPermanently, http.StatusPermanentRedirect, http.StatusTemporaryRedirect, http.StatusFound:
		// The mux cleans paths (//, /./) with a redirect; keep it.
		for k, v := range probe.header {
			w.Header()[k] = v
		}
		w.WriteHeader(probe.status)
	default:
		WriteError(w, r, apiErr(service.CodeNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path))
	}
}

// probeWriter records what the mux's fallback handler would answer.
type probeWriter struct {
	header http.Header
	status int
}

func (p *probeWriter) Header() http.Header { return p.header }
func (p *probeWriter) WriteHeader(c int) {
	if p.status == 0 {
		p.status = c
	}
}
func (p *probeWriter) Write(b []byte) (int, error) {
	if p.status == 0 {
		p.status = http.StatusOK
	}
	return len(b), nil
}

// access says who may call a route.
type access int

const (
	public     access = iota // no credentials (the OpenAPI description)
	readKey                  // a key with read (or launch) scope, or a signed-in person
	launchKey                // a key with launch scope
	personOnly               // a signed-in person's session with its CSRF token; keys get plan_requires_human
)

// route is one endpoint. handle returns the status and value to encode, or
// an error that becomes the envelope.
type route struct {
	method string
	path   string // after the /api/v1 or /v1 prefix
	access access
	// body returns a new value to decode a JSON request body into; nil for
	// routes without a JSON body.
	body func() any
	// bodyOptional accepts an empty body (the zero value is passed on).
	bodyOptional bool
	// idempotent honours the Idempotency-Key header.
	idempotent bool
	// handle serves the request; body is the decoded body or nil.
	handle func(w http.ResponseWriter, r *http.Request, c caller, body any) (int, any, error)
	// rawResponse: handle writes the response itself (evidence files) and
	// returns only an error.
	rawResponse bool
	// codes are the error codes handle may return beyond those of the
	// route's access, body and idempotency (errorCodes adds those).
	codes []service.Code
}

// caller is an authenticated caller.
type caller struct {
	service.Principal
	person *service.User
}

// rateKey names the caller's rate-limit bucket.
func (c caller) rateKey() string {
	if c.KeyID != "" {
		return c.KeyID
	}
	return c.UserID
}

// wrap applies a route's authentication, scope, rate limit and
// idempotency, then encodes its answer.
func (a *API) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
		c, err := a.authenticate(r, rt.access)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		SetCaller(r, c.Principal)
		if rt.access != public {
			if !a.limiter.Limit(w, r, c.rateKey(), "requests") {
				return
			}
		}
		var body any
		if rt.body != nil {
			raw, err := readBody(w, r, rt.bodyOptional)
			if err != nil {
				WriteError(w, r, err)
				return
			}
			body = rt.body()
			if raw != nil {
				if err := decodeStrict(raw, body); err != nil {
					WriteError(w, r, err)
					return
				}
			}
		}
		if rt.idempotent {
			if key, ok := idempotencyKey(r); ok {
				a.serveIdempotent(w, r, rt, c, key, body)
				return
			}
		}
		if rt.rawResponse {
			if _, _, err := rt.handle(w, r, c, body); err != nil {
				WriteError(w, r, err)
			}
			return
		}
		status, v, err := rt.handle(w, r, c, body)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		WriteJSON(w, status, v)
	})
}

// authenticate finds who is calling and checks they may call a route with
// the given access.
func (a *API) authenticate(r *http.Request, acc access) (caller, error) {
	if acc == public {
		return caller{}, nil
	}
	key, present := auth.KeyFromRequest(r)
	if acc == personOnly {
		// Checked before anything else: a key, valid or not, never approves.
		if present {
			id := r.PathValue("id")
			return caller{}, &service.Error{Code: service.CodePlanRequiresHuman, PlanID: id,
				ApproveURL: a.svc.ApproveURL(id),
				Message:    "an API key can never approve a plan: a signed-in person approves it at approve_url"}
		}
		return a.person(r, true)
	}
	if !present {
		if acc == readKey && auth.SessionToken(r) != "" && isSafe(r.Method) {
			return a.person(r, false)
		}
		return caller{}, apiErr(service.CodeUnauthorized, "send an API key in the x-api-key header")
	}
	if key == "" {
		return caller{}, apiErr(service.CodeUnauthorized, "the API key is empty")
	}
	if err := auth.CheckKey(key); err != nil {
		// Caught by the format or the checksum: no database lookup.
		return caller{}, apiErr(service.CodeUnauthorized, "the API key is malformed (a vouch key is vch_ followed by 36 letters and digits); check for a typo")
	}
	k, err := a.svc.AuthenticateKey(r.Context(), auth.HashKey(key))
	if err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return caller{}, apiErr(service.CodeUnauthorized, "the API key is unknown or revoked")
		}
		return caller{}, err
	}
	c := caller{Principal: service.Principal{KeyID: k.ID, Scope: k.Scope}}
	need := auth.ScopeRead
	if acc == launchKey {
		need = auth.ScopeLaunch
	}
	if !auth.Scope(k.Scope).Allows(need) {
		return caller{}, apiErr(service.CodeInsufficientScope, "this key has scope "+k.Scope+"; this request needs scope "+string(need))
	}
	return c, nil
}

// person authenticates a signed-in person by session cookie; withCSRF
// also requires the request to be same-origin and to carry the session's
// CSRF token (X-CSRF-Token header or csrf_token form field).
func (a *API) person(r *http.Request, withCSRF bool) (caller, error) {
	tok := auth.SessionToken(r)
	if tok == "" {
		return caller{}, a.needsSignIn(r)
	}
	sess, user, err := a.svc.GetSession(r.Context(), auth.HashSessionToken(tok))
	if err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return caller{}, a.needsSignIn(r)
		}
		return caller{}, err
	}
	if withCSRF {
		if err := a.cop.Check(r); err != nil {
			return caller{}, apiErr(codeCSRF, "cross-origin request refused: "+err.Error())
		}
		got := r.Header.Get("X-CSRF-Token")
		if got == "" && isForm(r) {
			got = r.PostFormValue("csrf_token")
		}
		if !auth.CheckCSRF(sess.CSRFToken, got) {
			return caller{}, apiErr(codeCSRF, "missing or wrong CSRF token: send the session's token in X-CSRF-Token")
		}
	}
	return caller{Principal: service.Principal{UserID: user.ID}, person: user}, nil
}

func (a *API) needsSignIn(r *http.Request) error {
	e := &service.Error{Code: service.CodeUnauthorized, Message: "sign in first: this request needs a signed-in person's session"}
	if id := r.PathValue("id"); id != "" && strings.HasSuffix(r.URL.Path, "/approve") {
		e.ApproveURL, e.PlanID = a.svc.ApproveURL(id), id
	}
	return e
}

func isSafe(m string) bool { return m == http.MethodGet || m == http.MethodHead }

func isForm(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	return strings.HasPrefix(ct, "application/x-www-form-urlencoded") || strings.HasPrefix(ct, "multipart/form-data")
}
