// Package testapp is a small web app with switches that break features on purpose.
//
// vouch's tests drive it with real Chromium. Each breakage switch makes one true
// claim about the app false in a way a browser can see, so a test can expect
// "verified" with the switch off and "failed" (or "blocked") with it on.
// Switches are flipped in Go with [App.Set], over HTTP with
// POST /__testapp/break?name=NAME&on=1, or at start-up with --break.
// README.md beside this file lists the pages and switches.
package testapp

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	// DemoEmail is the only account that can sign in.
	DemoEmail = "demo@example.com"
	// DefaultPassword is DemoEmail's password until [App.SetPassword] changes it.
	DefaultPassword = "demo-password"
	// SessionCookie names the HttpOnly cookie set by a successful sign-in.
	SessionCookie = "testapp_session"
)

// Switches holds the breakage switches; the zero value is a working app.
// Each field's switch name is in [Breakages].
type Switches struct {
	HomeText          bool // home-text
	Login             bool // login
	TodosAdd          bool // todos-add
	TodoCount         bool // todo-count
	ContactValidation bool // contact-validation
	ConsoleErrorHome  bool // console-error-home
	AboutTitle        bool // about-title
	DocsLink          bool // docs-link
	Down              bool // down
	SlowHome          bool // slow-home
	DelayedButton     bool // delayed-button
	Newsletter        bool // newsletter
	PricingPlans      bool // pricing-plans
	BrokenLogo        bool // broken-logo
	TasksStyle        bool // tasks-style
	TasksOrder        bool // tasks-order
	TasksBlank        bool // tasks-blank
	TasksPersist      bool // tasks-persist
	WidgetsDialog     bool // widgets-dialog
	Favicon404        bool // favicon-404
}

// Breakage names a switch and says what turning it on breaks.
type Breakage struct {
	Name        string
	Description string
}

// breakages is the one table of switches: names, descriptions and fields stay in step.
var breakages = []struct {
	Breakage
	field func(*Switches) *bool
}{
	{Breakage{"home-text", `home h1 says "Welcome to nothing" instead of "Welcome to testapp"`}, func(s *Switches) *bool { return &s.HomeText }},
	{Breakage{"login", "valid credentials are rejected (401, \"Invalid email or password\")"}, func(s *Switches) *bool { return &s.Login }},
	{Breakage{"todos-add", "pressing Enter in the todo input clears it but adds no item"}, func(s *Switches) *bool { return &s.TodosAdd }},
	{Breakage{"todo-count", `the "N items left" footer is one too high`}, func(s *Switches) *bool { return &s.TodoCount }},
	{Breakage{"contact-validation", `an empty email on /contact is accepted with no "Email is required" message`}, func(s *Switches) *bool { return &s.ContactValidation }},
	{Breakage{"console-error-home", "the home page logs a console error"}, func(s *Switches) *bool { return &s.ConsoleErrorHome }},
	{Breakage{"about-title", `the /about <title> becomes "About" instead of "About us"`}, func(s *Switches) *bool { return &s.AboutTitle }},
	{Breakage{"docs-link", `the home "Docs" link goes to /nowhere, which is a 404`}, func(s *Switches) *bool { return &s.DocsLink }},
	{Breakage{"down", "every page returns 503 Service Unavailable (except /__testapp/)"}, func(s *Switches) *bool { return &s.Down }},
	{Breakage{"slow-home", "the home page responds after 3 seconds"}, func(s *Switches) *bool { return &s.SlowHome }},
	{Breakage{"delayed-button", `the /delayed "Continue" button is shown but never enabled`}, func(s *Switches) *bool { return &s.DelayedButton }},
	{Breakage{"newsletter", `subscribing on /newsletter fails with 500 "Something went wrong"`}, func(s *Switches) *bool { return &s.Newsletter }},
	{Breakage{"pricing-plans", "/pricing shows only 2 plans (Team is missing)"}, func(s *Switches) *bool { return &s.PricingPlans }},
	{Breakage{"broken-logo", "the home Logo image points at a missing file (404)"}, func(s *Switches) *bool { return &s.BrokenLogo }},
	{Breakage{"tasks-style", "on /tasks, starred tasks are not bold and done tasks are not struck through"}, func(s *Switches) *bool { return &s.TasksStyle }},
	{Breakage{"tasks-order", "on /tasks, a new task is added at the top instead of the bottom"}, func(s *Switches) *bool { return &s.TasksOrder }},
	{Breakage{"tasks-blank", "on /tasks, Enter in an empty input adds a blank task"}, func(s *Switches) *bool { return &s.TasksBlank }},
	{Breakage{"tasks-persist", "/tasks forgets its tasks on reload (nothing is read back from localStorage)"}, func(s *Switches) *bool { return &s.TasksPersist }},
	{Breakage{"widgets-dialog", "on /widgets, Save in the Rename dialog closes it without renaming"}, func(s *Switches) *bool { return &s.WidgetsDialog }},
	{Breakage{"favicon-404", "/favicon.ico answers 404 (the /bare page declares no icon, so the browser asks for it)"}, func(s *Switches) *bool { return &s.Favicon404 }},
}

// Breakages lists every switch name with a one-line description, in a stable order.
func Breakages() []Breakage {
	out := make([]Breakage, len(breakages))
	for i, b := range breakages {
		out[i] = b.Breakage
	}
	return out
}

// App is the demo app. It is safe for concurrent use.
type App struct {
	mu       sync.Mutex
	sw       Switches
	password string
	sessions map[string]session // by cookie value
	hits     map[string]int     // by URL path

	// slowHome is how long slow-home delays the home page; tests shorten it.
	slowHome time.Duration

	handler http.Handler
}

type session struct {
	email    string
	remember bool
}

// New returns a working app (all switches off) whose demo password is DefaultPassword.
func New() *App {
	a := &App{
		password: DefaultPassword,
		sessions: map[string]session{},
		hits:     map[string]int{},
		slowHome: 3 * time.Second,
	}
	a.handler = a.routes()
	return a
}

// Handler returns the app's HTTP handler, including the /__testapp/ control endpoints.
func (a *App) Handler() http.Handler { return a.handler }

// Set turns the named breakage switch on or off. An unknown name is an error.
func (a *App) Set(name string, on bool) error {
	for _, b := range breakages {
		if b.Name == name {
			a.mu.Lock()
			*b.field(&a.sw) = on
			a.mu.Unlock()
			return nil
		}
	}
	return fmt.Errorf("testapp: unknown breakage %q (known: %s)", name, strings.Join(names(), ", "))
}

// Switches returns a copy of the current switches.
func (a *App) Switches() Switches {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sw
}

// SetPassword changes the demo account's password. Reset keeps it, because it is
// configuration rather than state.
func (a *App) SetPassword(p string) {
	a.mu.Lock()
	a.password = p
	a.mu.Unlock()
}

// Reset turns every switch off and clears sessions and hit counts.
func (a *App) Reset() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.sw = Switches{}
	clear(a.sessions)
	clear(a.hits)
}

// Hits reports how many requests reached path (e.g. "/about"), whatever their
// method or outcome. Requests to /__testapp/ are not counted, so that a reset over
// HTTP leaves zero behind.
func (a *App) Hits(path string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.hits[path]
}

func names() []string {
	out := make([]string, len(breakages))
	for i, b := range breakages {
		out[i] = b.Name
	}
	return out
}

// state maps every switch name to whether it is on; it is what the control endpoints return.
func (a *App) state() map[string]bool {
	sw := a.Switches()
	out := make(map[string]bool, len(breakages))
	for _, b := range breakages {
		out[b.Name] = *b.field(&sw)
	}
	return out
}

const controlPrefix = "/__testapp/"

// serve counts the request and applies the "down" switch before routing, so a
// down app refuses everything a browser could ask for, favicon included.
func (a *App) serve(control, mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, controlPrefix) {
			control.ServeHTTP(w, r)
			return
		}
		a.mu.Lock()
		a.hits[r.URL.Path]++
		down := a.sw.Down
		a.mu.Unlock()
		// Pages change with the switches; a cached copy would hide a flip.
		w.Header().Set("Cache-Control", "no-store")
		if down {
			a.render(w, http.StatusServiceUnavailable, "down", view{Title: "Service unavailable"})
			return
		}
		mux.ServeHTTP(w, r)
	})
}

func (a *App) handleBreak(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	on := true // "?name=x" alone turns it on: the common case
	if v := r.FormValue("on"); v != "" {
		var ok bool
		if on, ok = parseBool(v); !ok {
			http.Error(w, fmt.Sprintf("testapp: on=%q is not a boolean (use 1 or 0)", v), http.StatusBadRequest)
			return
		}
	}
	if err := a.Set(name, on); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	a.writeState(w)
}

func (a *App) handleReset(w http.ResponseWriter, r *http.Request) {
	a.Reset()
	a.writeState(w)
}

func (a *App) writeState(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(a.state())
}

func parseBool(v string) (on, ok bool) {
	switch strings.ToLower(v) {
	case "1", "true", "on", "yes":
		return true, true
	case "0", "false", "off", "no":
		return false, true
	}
	return false, false
}

// signIn checks credentials and returns a new session token, or "" when they
// are wrong (or the login switch is on).
func (a *App) signIn(email, password string, remember bool) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	okEmail := strings.EqualFold(strings.TrimSpace(email), DemoEmail)
	okPass := subtle.ConstantTimeCompare([]byte(password), []byte(a.password)) == 1
	if !okEmail || !okPass || a.sw.Login {
		return ""
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	token := hex.EncodeToString(b)
	a.sessions[token] = session{email: DemoEmail, remember: remember}
	return token
}

func (a *App) session(r *http.Request) (session, bool) {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return session{}, false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.sessions[c.Value]
	return s, ok
}

func (a *App) signOut(r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		a.mu.Lock()
		delete(a.sessions, c.Value)
		a.mu.Unlock()
	}
}
