// Package console is vouch's server-rendered pages for people: sign-in and
// sign-out, claim entry (New verification), the review queue and the plan
// page a person opens from approve_url to approve or reject a plan, the
// verifications list and result pages with their evidence and live
// progress, re-runs, API keys, usage, the request inspector and, for
// administrators, people. docs/console.md describes every page.
//
// Every page except sign-in needs a signed-in person's session; without one
// the person is sent to sign-in with a return path and comes back after.
// An API key in a header never signs anyone in: the console reads only its
// own session cookie. Every form is protected against CSRF twice: net/http's
// CrossOriginProtection refuses cross-origin browser posts, and each form
// carries the session's CSRF token (the sign-in form a double-submit cookie
// token), which also stops clients that send no browser headers.
//
// Pages are html/template files embedded with the stylesheet, so the console
// works offline. A page is a template defining "content", rendered inside
// the shared "layout" with the shared parts (parts.html); adding one is a
// template file, an entry in pageFiles and a route. Script is allowed only
// from the console's own static files (script-src 'self', no inline
// script): it adds live progress and copy buttons, and every page works
// without it.
package console

import (
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/webhook"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// pageFiles is the page registry: page name → template file. Each is parsed
// together with the layout.
var pageFiles = map[string]string{
	"sign_in": "templates/sign_in.html",
	"plan":    "templates/plan.html",
	"plans":   "templates/plans.html",
	"error":   "templates/error.html",
	// Pages of pages.go.
	"new":           "templates/new.html",
	"verifications": "templates/verifications.html",
	"verification":  "templates/verification.html",
	"keys":          "templates/keys.html",
	"key_created":   "templates/key_created.html",
	"usage":         "templates/usage.html",
	"requests":      "templates/requests.html",
	"people":        "templates/people.html",
	// Pages of webhooks.go.
	"webhooks":         "templates/webhooks.html",
	"webhook":          "templates/webhook.html",
	"webhook_created":  "templates/webhook_created.html",
	"webhook_delivery": "templates/webhook_delivery.html",
}

// navItem is a link in the header of signed-in pages.
type navItem struct {
	Path, Label string
	Admin       bool // shown to administrators only
}

// nav lists the header links, in the order of the flow.
var nav = []navItem{
	{Path: "/console/new", Label: "New verification"},
	{Path: "/console/plans", Label: "Review"},
	{Path: "/console/verifications", Label: "Verifications"},
	{Path: "/console/usage", Label: "Usage"},
	{Path: "/console/requests", Label: "Requests"},
	{Path: "/console/keys", Label: "API keys"},
	{Path: "/console/webhooks", Label: "Webhooks"},
	{Path: "/console/people", Label: "People", Admin: true},
}

// Config configures the console.
type Config struct {
	// Service is the verification lifecycle. Required.
	Service *service.Service
	// PublicURL decides whether cookies are Secure (https). Defaults to the
	// service's public URL.
	PublicURL string
	// SessionTTL is how long a sign-in lasts. Defaults to 12 h.
	SessionTTL time.Duration
	// Logger receives errors. Defaults to slog.Default().
	Logger *slog.Logger
	// Now is the clock. Defaults to time.Now.
	Now func() time.Time
	// MaxRechecks is the service's limit of re-checks per approved plan,
	// used to say before a click whether a re-run is still possible (the
	// service decides either way). Defaults to service.DefaultMaxRechecks.
	MaxRechecks int
	// Webhooks manages webhook endpoints and their deliveries, for the
	// webhook pages. Optional: without it there are no webhook pages.
	Webhooks *webhook.Webhooks
}

// Console serves the pages under /console/.
type Console struct {
	cfg   Config
	svc   *service.Service
	log   *slog.Logger
	pages map[string]*template.Template
	cop   *http.CrossOriginProtection
	mux   *http.ServeMux
	// hashing bounds concurrent password checks: each argon2id check
	// takes 19 MiB, so a burst of sign-ins must not take the machine's
	// memory.
	hashing chan struct{}
}

// New checks cfg, fills its defaults, parses the templates and returns the
// console.
func New(cfg Config) (*Console, error) {
	if cfg.Service == nil {
		return nil, errors.New("console: Config.Service is required")
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = cfg.Service.PublicURL()
	}
	if cfg.SessionTTL == 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxRechecks == 0 {
		cfg.MaxRechecks = service.DefaultMaxRechecks
	}
	c := &Console{cfg: cfg, svc: cfg.Service, log: cfg.Logger, pages: map[string]*template.Template{},
		cop: http.NewCrossOriginProtection(), hashing: make(chan struct{}, 4)}
	funcs := template.FuncMap{
		"fmtTime": func(t time.Time) string {
			if t.IsZero() {
				return ""
			}
			return t.UTC().Format("2006-01-02 15:04:05 UTC")
		},
		"inc": func(i int) int { return i + 1 },
	}
	for k, f := range pageFuncs {
		funcs[k] = f
	}
	for name, file := range pageFiles {
		t, err := template.New(name).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/parts.html", file)
		if err != nil {
			return nil, fmt.Errorf("console: page %s: %w", name, err)
		}
		c.pages[name] = t
	}
	c.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.fail(w, r, http.StatusForbidden, "Request refused", "This form was sent from another site, so it was refused. Go back and try again from the vouch console.")
	}))
	static, _ := fs.Sub(staticFS, "static")
	m := http.NewServeMux()
	m.Handle("GET /console/static/", http.StripPrefix("/console/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /console/sign-in", c.signInPage)
	m.HandleFunc("POST /console/sign-in", c.signIn)
	m.HandleFunc("POST /console/sign-out", c.signedIn(c.signOut))
	m.HandleFunc("GET /console/{$}", c.signedIn(func(w http.ResponseWriter, r *http.Request, s *session) {
		http.Redirect(w, r, "/console/plans", http.StatusSeeOther)
	}))
	m.HandleFunc("GET /console/plans", c.signedIn(c.plansPage))
	m.HandleFunc("GET /console/plans/{id}", c.signedIn(c.planPage))
	m.HandleFunc("POST /console/plans/{id}/approve", c.signedIn(c.decide(true)))
	m.HandleFunc("POST /console/plans/{id}/reject", c.signedIn(c.decide(false)))
	c.routes(m)
	c.webhookRoutes(m)
	// Unknown pages too need a session: without one, even a 404 is not
	// shown, only sign-in.
	m.HandleFunc("/console/", c.signedIn(func(w http.ResponseWriter, r *http.Request, _ *session) {
		c.fail(w, r, http.StatusNotFound, "Not found", "There is no page at "+r.URL.Path+".")
	}))
	c.mux = m
	return c, nil
}

// Handler returns the console's handler, for paths under /console/.
func (c *Console) Handler() http.Handler {
	return c.headers(c.cop.Handler(c.mux))
}

// headers sets the security headers of every page: a strict CSP (script,
// styles, images and fetches from the console's origin only, no inline
// script; frames only of the console's own sandboxed evidence views), no
// framing, no sniffing. Evidence responses replace the CSP with a
// sandboxing one (pages.go).
func (c *Console) headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", consoleCSP)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		if h.Get("X-Request-Id") == "" {
			h.Set("X-Request-Id", newRequestID())
		}
		next.ServeHTTP(w, r)
	})
}

func newRequestID() string {
	t, err := auth.RandomToken(12)
	if err != nil {
		return ""
	}
	return "req_" + t
}

// session is the signed-in person of a request.
type session struct {
	s    *service.Session
	user *service.User
}

// Person returns the signed-in person of r, if any: the session cookie
// alone decides; headers such as x-api-key are never looked at.
func (c *Console) Person(r *http.Request) (*service.User, *service.Session, bool) {
	s, ok := c.lookup(r)
	if !ok {
		return nil, nil, false
	}
	return s.user, s.s, true
}

func (c *Console) lookup(r *http.Request) (*session, bool) {
	tok := auth.SessionToken(r)
	if tok == "" {
		return nil, false
	}
	s, u, err := c.svc.GetSession(r.Context(), auth.HashSessionToken(tok))
	if err != nil {
		if service.ErrorCode(err) != service.CodeUnauthorized {
			c.log.Error("console: session lookup", "err", err)
		}
		return nil, false
	}
	return &session{s: s, user: u}, true
}

// signedIn wraps a handler that needs a signed-in person: without one, a
// GET is redirected to sign-in with the page as return path, anything else
// is refused. Non-GET requests must carry the session's CSRF token.
func (c *Console) signedIn(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := c.lookup(r)
		if !ok {
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				http.Redirect(w, r, "/console/sign-in?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			c.fail(w, r, http.StatusUnauthorized, "Signed out", "Your session has ended. Sign in again, then repeat what you were doing.")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
			if !auth.CheckCSRF(s.s.CSRFToken, r.PostFormValue("csrf_token")) {
				c.fail(w, r, http.StatusForbidden, "Request refused", "The form's security token is missing or stale. Reload the page and try again.")
				return
			}
		}
		h(w, r, s)
	}
}

// view is what every page template receives.
type view struct {
	Title  string
	Person *service.User
	CSRF   string
	Nav    []navItem
	Flash  string
	Data   any
	// Path is the page's path, to mark the current header link.
	Path string
}

func (c *Console) render(w http.ResponseWriter, r *http.Request, status int, page string, s *session, title string, data any) {
	v := view{Title: title, Data: data, Flash: flashText(r.URL.Query().Get("done"))}
	if s != nil {
		v.Person, v.CSRF, v.Nav = s.user, s.s.CSRFToken, navFor(s.user)
	}
	v.Path = r.URL.Path
	var buf strings.Builder
	if err := c.pages[page].ExecuteTemplate(&buf, "layout", v); err != nil {
		c.log.Error("console: render", "page", page, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(buf.String()))
}

// flashText is the message shown after a redirect (?done=...); only known
// values are shown, so the query string cannot inject text.
func flashText(done string) string {
	switch done {
	case "approved":
		return "Approved. Runs of this plan may now start."
	case "rejected":
		return "Rejected. This plan will never run."
	}
	if m, ok := moreFlashes[done]; ok {
		return m
	}
	return webhookFlashes[done]
}

func (c *Console) fail(w http.ResponseWriter, r *http.Request, status int, title, msg string) {
	s, _ := c.lookup(r)
	c.render(w, r, status, "error", s, title, map[string]string{"Message": msg, "RequestID": w.Header().Get("X-Request-Id")})
}

// failErr shows a service error as a page.
func (c *Console) failErr(w http.ResponseWriter, r *http.Request, err error) {
	var se *service.Error
	if errors.As(err, &se) {
		switch se.Code {
		case service.CodeNotFound:
			c.fail(w, r, http.StatusNotFound, "Not found", se.Message)
			return
		case service.CodePlanNotPending, service.CodePlanIntegrity, service.CodeConflict:
			c.fail(w, r, http.StatusConflict, "Not possible", se.Message)
			return
		case service.CodeInvalidRequest:
			c.fail(w, r, http.StatusBadRequest, "Not possible", se.Message)
			return
		case service.CodeInternal:
		default:
			// Every other domain error has a message meant for people.
			c.fail(w, r, statusOf(se.Code), "Not possible", se.Message)
			return
		}
	}
	c.log.Error("console", "path", r.URL.Path, "err", err)
	c.fail(w, r, http.StatusInternalServerError, "Something went wrong", "The request failed on the server. It has been logged.")
}

// safeNext returns a local return path: only paths under /console/, never
// another host (//evil, /\evil) or a scheme.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/console/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n") {
		return "/console/"
	}
	if u, err := url.Parse(next); err != nil || u.Host != "" || u.Scheme != "" {
		return "/console/"
	}
	return next
}
