package testapp

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

//go:embed templates/*.html
var templateFS embed.FS

// pages holds one template set per page: each is the layout plus that page's
// "content" (and optional "script") definitions.
var pages = func() map[string]*template.Template {
	layout := template.Must(template.ParseFS(templateFS, "templates/layout.html"))
	entries, err := templateFS.ReadDir("templates")
	if err != nil {
		panic(err)
	}
	out := map[string]*template.Template{}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".html")
		if name == "layout" {
			continue
		}
		t := template.Must(layout.Clone())
		out[name] = template.Must(t.ParseFS(templateFS, "templates/"+e.Name()))
	}
	return out
}()

// view is everything a template may show; each page uses the fields it needs.
type view struct {
	Title string
	Nav   bool // the full site navigation (home only); other pages link back home
	S     Switches

	Email     string            // login, dashboard, contact, newsletter
	Name      string            // contact
	Message   string            // contact
	Topic     string            // contact
	Subscribe bool              // contact
	Errors    map[string]string // field → message, shown with role=alert
	Error     string            // a whole-form message (login, newsletter)
	Done      bool              // the form was accepted
	Remember  bool              // dashboard
	Seed      []string          // todos
	Ms        int               // slow
	Code      int               // status
	Text      string            // status
	Persist   bool              // tasks: kept in localStorage
}

func (a *App) render(w http.ResponseWriter, status int, page string, v view) {
	t, ok := pages[page]
	if !ok {
		panic("testapp: no template " + page) // a programming error, caught by tests
	}
	v.S = a.Switches()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := t.ExecuteTemplate(w, "layout", v); err != nil {
		// Headers are gone; all we can do is make the failure visible in the body.
		fmt.Fprintf(w, "<!-- template error: %s -->", template.HTMLEscapeString(err.Error()))
	}
}

// static returns a handler for a page with no per-request data.
func (a *App) static(page, title string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a.render(w, http.StatusOK, page, view{Title: title})
	}
}

func (a *App) routes() http.Handler {
	// The control endpoints get their own mux so that the site's catch-all 404
	// page never answers for them (a wrong method gets 405).
	control := http.NewServeMux()
	control.HandleFunc("POST /__testapp/break", a.handleBreak)
	control.HandleFunc("POST /__testapp/reset", a.handleReset)
	control.HandleFunc("GET /__testapp/state", func(w http.ResponseWriter, r *http.Request) { a.writeState(w) })

	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", a.home)
	mux.HandleFunc("GET /about", a.about)
	mux.HandleFunc("GET /docs", a.static("docs", "Documentation"))
	mux.HandleFunc("GET /pricing", a.static("pricing", "Pricing"))
	mux.HandleFunc("GET /settings", a.static("settings", "Settings"))

	mux.HandleFunc("GET /login", a.loginPage)
	mux.HandleFunc("POST /login", a.login)
	mux.HandleFunc("POST /logout", a.logout)
	mux.HandleFunc("GET /dashboard", a.dashboard)

	mux.HandleFunc("GET /todos", a.todos)
	mux.HandleFunc("GET /todos/seeded", a.todos)

	mux.HandleFunc("GET /tasks", func(w http.ResponseWriter, r *http.Request) {
		a.render(w, http.StatusOK, "tasks", view{Title: "Tasks", Persist: true})
	})
	mux.HandleFunc("GET /tasks/volatile", func(w http.ResponseWriter, r *http.Request) {
		a.render(w, http.StatusOK, "tasks", view{Title: "Tasks (not saved)"})
	})
	mux.HandleFunc("GET /widgets", a.static("widgets", "Widgets"))
	mux.HandleFunc("GET /widgets/sloppy", a.static("widgets-sloppy", "Widgets (sloppy markup)"))
	mux.HandleFunc("GET /bare", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, bareHTML)
	})

	mux.HandleFunc("GET /contact", a.static("contact", "Contact us"))
	mux.HandleFunc("POST /contact", a.contact)
	mux.HandleFunc("GET /newsletter", a.static("newsletter", "Newsletter"))
	mux.HandleFunc("POST /newsletter", a.newsletter)

	mux.HandleFunc("GET /console-errors", a.static("console-errors", "Console errors"))
	mux.HandleFunc("GET /delayed", a.static("delayed", "Delayed button"))
	mux.HandleFunc("GET /secret", a.secret)
	mux.HandleFunc("GET /forbidden", func(w http.ResponseWriter, r *http.Request) {
		a.render(w, http.StatusForbidden, "forbidden", view{Title: "Forbidden"})
	})
	mux.HandleFunc("GET /slow", a.slow)
	mux.HandleFunc("GET /status", a.static("health", "Status"))
	mux.HandleFunc("GET /status/{code}", a.status)
	mux.HandleFunc("GET /redirect", a.redirect)
	a.lateRoutes(mux)

	mux.HandleFunc("GET /dialogs", a.static("dialogs", "Dialogs"))
	mux.HandleFunc("GET /hostile/alert", a.static("hostile-alert", "Alert"))
	mux.HandleFunc("GET /hostile/confirm-loop", a.static("hostile-confirm-loop", "Confirm loop"))
	mux.HandleFunc("GET /hostile/popup", a.static("hostile-popup", "Popup"))
	mux.HandleFunc("GET /hostile/download", a.static("hostile-download", "Download"))
	mux.HandleFunc("GET /hostile/spin", a.static("hostile-spin", "Spin"))
	mux.HandleFunc("GET /hostile/hover", a.static("hostile-hover", "Hover menu"))
	mux.HandleFunc("GET /download/big", downloadBig)

	mux.HandleFunc("GET /logo.svg", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		io.WriteString(w, logoSVG)
	})
	// Pages declare an empty data: icon, but a browser may still ask; answer
	// without a 404 so it never shows up as an error in a run's network log.
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		if a.Switches().Favicon404 {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})

	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		a.render(w, http.StatusNotFound, "notfound", view{Title: "Not found"})
	})
	return a.serve(control, mux)
}

// bareHTML is a page without the layout and without an icon link, so
// the browser asks for /favicon.ico on its own.
const bareHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare page</title></head>
<body><h1>Bare page</h1><p>No stylesheet, no script, no icon.</p></body></html>
`

const logoSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
	`<rect width="64" height="64" rx="12" fill="#0b57d0"/>` +
	`<path d="M18 33l9 9 19-20" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`

// wait sleeps for d unless the client goes away first; it reports whether the
// full time passed.
func wait(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (a *App) home(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	slow, delay := a.sw.SlowHome, a.slowHome
	a.mu.Unlock()
	if slow && !wait(r, delay) {
		return
	}
	a.render(w, http.StatusOK, "home", view{Title: "vouch testapp", Nav: true})
}

func (a *App) about(w http.ResponseWriter, r *http.Request) {
	title := "About us"
	if a.Switches().AboutTitle {
		title = "About"
	}
	a.render(w, http.StatusOK, "about", view{Title: title})
}

func (a *App) loginPage(w http.ResponseWriter, r *http.Request) {
	a.render(w, http.StatusOK, "login", view{Title: "Sign in"})
}

func (a *App) login(w http.ResponseWriter, r *http.Request) {
	email := r.PostFormValue("email")
	remember := r.PostFormValue("remember") != ""
	token := a.signIn(email, r.PostFormValue("password"), remember)
	if token == "" {
		a.render(w, http.StatusUnauthorized, "login", view{Title: "Sign in", Email: email, Error: "Invalid email or password"})
		return
	}
	c := &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode}
	if remember {
		c.MaxAge = 30 * 24 * 60 * 60
	}
	http.SetCookie(w, c)
	http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
}

func (a *App) logout(w http.ResponseWriter, r *http.Request) {
	a.signOut(r)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, MaxAge: -1})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

func (a *App) dashboard(w http.ResponseWriter, r *http.Request) {
	s, ok := a.session(r)
	if !ok {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	a.render(w, http.StatusOK, "dashboard", view{Title: "Dashboard", Email: s.email, Remember: s.remember})
}

// seedNames are the items /todos/seeded starts with; ?seed=N past three adds "Todo N".
var seedNames = []string{"Buy milk", "Walk dog", "Write tests"}

const maxSeed = 100

func (a *App) todos(w http.ResponseWriter, r *http.Request) {
	n := 0
	if r.URL.Path == "/todos/seeded" {
		n = len(seedNames)
	} else if v := r.URL.Query().Get("seed"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 || n > maxSeed {
			http.Error(w, fmt.Sprintf("seed must be a whole number from 0 to %d", maxSeed), http.StatusBadRequest)
			return
		}
	}
	seed := make([]string, 0, n) // never nil: the page's script wants [] not null
	for i := range n {
		if i < len(seedNames) {
			seed = append(seed, seedNames[i])
		} else {
			seed = append(seed, fmt.Sprintf("Todo %d", i+1))
		}
	}
	a.render(w, http.StatusOK, "todos", view{Title: "Todos", Seed: seed})
}

// emailRE matches the check the pages' scripts make, so both sides agree.
var emailRE = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// checkEmail returns the message to show for an email field, or "".
func checkEmail(email string, allowEmpty bool) string {
	switch {
	case email == "" && allowEmpty:
		return ""
	case email == "":
		return "Email is required"
	case !emailRE.MatchString(email):
		return "Enter a valid email"
	}
	return ""
}

func (a *App) contact(w http.ResponseWriter, r *http.Request) {
	v := view{
		Title:     "Contact us",
		Name:      r.PostFormValue("name"),
		Email:     strings.TrimSpace(r.PostFormValue("email")),
		Message:   r.PostFormValue("message"),
		Topic:     r.PostFormValue("topic"),
		Subscribe: r.PostFormValue("subscribe") != "",
	}
	switch v.Topic {
	case "Sales", "Support", "Other":
	default:
		v.Topic = "Other" // a tampered select falls back rather than failing the form
	}
	if msg := checkEmail(v.Email, a.Switches().ContactValidation); msg != "" {
		v.Errors = map[string]string{"email": msg}
		a.render(w, http.StatusBadRequest, "contact", v)
		return
	}
	v.Done = true
	a.render(w, http.StatusOK, "contact", v)
}

func (a *App) newsletter(w http.ResponseWriter, r *http.Request) {
	v := view{Title: "Newsletter", Email: strings.TrimSpace(r.PostFormValue("email"))}
	if msg := checkEmail(v.Email, false); msg != "" {
		v.Errors = map[string]string{"email": msg}
		a.render(w, http.StatusBadRequest, "newsletter", v)
		return
	}
	if a.Switches().Newsletter {
		v.Error = "Something went wrong"
		a.render(w, http.StatusInternalServerError, "newsletter", v)
		return
	}
	v.Done = true
	a.render(w, http.StatusOK, "newsletter", v)
}

// secret always challenges for Basic auth; the demo account's credentials get in,
// so a runner that supports HTTP credentials has something to succeed against.
func (a *App) secret(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if ok {
		a.mu.Lock()
		want := a.password
		a.mu.Unlock()
		if strings.EqualFold(user, DemoEmail) && pass == want {
			a.render(w, http.StatusOK, "secret", view{Title: "Secret"})
			return
		}
	}
	w.Header().Set("WWW-Authenticate", `Basic realm="testapp", charset="UTF-8"`)
	a.render(w, http.StatusUnauthorized, "unauthorized", view{Title: "Unauthorized"})
}

const (
	slowDefault = 1500
	slowMax     = 10000
)

func (a *App) slow(w http.ResponseWriter, r *http.Request) {
	ms := slowDefault
	if v := r.URL.Query().Get("ms"); v != "" {
		var err error
		if ms, err = strconv.Atoi(v); err != nil || ms < 0 {
			http.Error(w, "ms must be a whole number of milliseconds", http.StatusBadRequest)
			return
		}
		ms = min(ms, slowMax)
	}
	if !wait(r, time.Duration(ms)*time.Millisecond) {
		return
	}
	a.render(w, http.StatusOK, "slow", view{Title: "Slow page", Ms: ms})
}

func (a *App) status(w http.ResponseWriter, r *http.Request) {
	code, err := strconv.Atoi(r.PathValue("code"))
	if err != nil || code < 100 || code > 599 {
		http.Error(w, "status code must be a number from 200 to 599", http.StatusBadRequest)
		return
	}
	if code < 200 {
		// net/http sends 1xx as an interim response and then a 200, so the
		// browser would never see the code asked for: refuse rather than mislead.
		http.Error(w, "1xx codes are interim responses and cannot end a request; use 200 to 599", http.StatusBadRequest)
		return
	}
	text := http.StatusText(code)
	if text == "" {
		text = "Unknown status"
	}
	title := fmt.Sprintf("%d %s", code, text)
	if code == http.StatusNoContent || code == http.StatusNotModified {
		w.WriteHeader(code) // these may not carry a body
		return
	}
	a.render(w, code, "status", view{Title: title, Code: code, Text: text})
}

// redirect only follows same-origin paths, so the app can never be used to
// bounce a browser to another host.
func (a *App) redirect(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("to")
	if !sameOriginPath(to) {
		http.Error(w, "to must be a path on this site, like /about", http.StatusBadRequest)
		return
	}
	http.Redirect(w, r, to, http.StatusFound)
}

func sameOriginPath(to string) bool {
	// "//host" and "/\host" are read by browsers as another host.
	if !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, `/\`) {
		return false
	}
	if strings.ContainsAny(to, "\r\n\t") {
		return false
	}
	u, err := url.Parse(to)
	return err == nil && u.Scheme == "" && u.Host == ""
}

const (
	bigDefault = 5 << 20
	bigChunk   = 32 << 10
)

// downloadBig streams zeros as an attachment, up to 5 MB (?bytes=N for less),
// stopping as soon as the client gives up.
func downloadBig(w http.ResponseWriter, r *http.Request) {
	n := bigDefault
	if v := r.URL.Query().Get("bytes"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 {
			http.Error(w, "bytes must be a whole number", http.StatusBadRequest)
			return
		}
		n = min(n, bigDefault)
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="big.bin"`)
	w.Header().Set("Content-Length", strconv.Itoa(n))
	zeros := make([]byte, bigChunk)
	for n > 0 {
		k := min(n, bigChunk)
		if _, err := w.Write(zeros[:k]); err != nil {
			return
		}
		n -= k
	}
}
