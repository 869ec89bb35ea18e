package testapp

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// do sends one request straight to the handler and returns the response and body.
func do(t *testing.T, a *App, method, target string, form url.Values) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, target, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

var titleRE = regexp.MustCompile(`<title>([^<]*)</title>`)

func title(body string) string {
	m := titleRE.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return m[1]
}

func TestPages(t *testing.T) {
	tests := []struct {
		path   string
		status int
		title  string
		want   []string
	}{
		{"/", 200, "vouch testapp", []string{"<h1>Welcome to testapp</h1>", `alt="Logo"`, `src="/logo.svg"`,
			`href="/docs">Docs<`, `href="/pricing">Pricing<`, `href="/about">About<`, `href="/todos">Todos<`,
			`href="/login">Sign in<`, `href="/contact">Contact<`, "<footer>"}},
		{"/about", 200, "About us", []string{"<h1>About us</h1>"}},
		{"/docs", 200, "Documentation", []string{"<h1>Documentation</h1>", "Getting started"}},
		{"/pricing", 200, "Pricing", []string{"<h1>Pricing</h1>", `data-testid="plan-free"`, `data-testid="plan-pro"`, `data-testid="plan-team"`, ">Choose</button>"}},
		{"/login", 200, "Sign in", []string{`<label for="email">Email</label>`, `<label for="password">Password</label>`,
			`placeholder="you@example.com"`, `placeholder="Your password"`, `for="remember">Remember me</label>`, `<button type="submit">Sign in</button>`}},
		{"/todos", 200, "Todos", []string{`placeholder="What needs to be done?"`, `aria-label="New todo"`, "0 items left", "var seed = [];"}},
		{"/todos/seeded", 200, "Todos", []string{`["Buy milk","Walk dog","Write tests"]`}},
		{"/todos?seed=5", 200, "Todos", []string{`["Buy milk","Walk dog","Write tests","Todo 4","Todo 5"]`}},
		{"/todos?seed=x", 400, "", nil},
		{"/todos?seed=101", 400, "", nil},
		{"/contact", 200, "Contact us", []string{`<label for="name">Name</label>`, `<label for="email">Email</label>`, `<label for="message">Message</label>`,
			`<label for="topic">Topic</label>`, "<option>Sales</option>", "<option>Support</option>", "<option>Other</option>",
			`for="subscribe">Subscribe to newsletter</label>`, `<button type="submit">Send</button>`, `role="alert"`, "Email is required", "Enter a valid email"}},
		{"/newsletter", 200, "Newsletter", []string{`<label for="newsletter-email">Email</label>`, `<button type="submit">Subscribe</button>`}},
		{"/console-errors", 200, "Console errors", []string{"<h1>Console errors</h1>", `console.error("boom from testapp")`, "throw new Error"}},
		{"/delayed", 200, "Delayed button", []string{"Continue", "Continued", "300", "600", "900"}},
		{"/secret", 401, "Unauthorized", []string{"Unauthorized"}},
		{"/forbidden", 403, "Forbidden", []string{"<h1>Forbidden</h1>"}},
		{"/slow?ms=5", 200, "Slow page", []string{"<h1>Slow page</h1>", "Responded after 5 ms"}},
		{"/slow?ms=-1", 400, "", nil},
		{"/status", 200, "Status", []string{"OK"}},
		{"/settings", 200, "Settings", []string{"<h1>Settings</h1>"}},
		{"/dialogs", 200, "Dialogs", []string{"confirm('Are you sure?')", "alert('Saved to drafts')", "<h1>Dialogs</h1>"}},
		{"/hostile/alert", 200, "Alert", []string{`alert("hello from testapp")`, "<h1>After alert</h1>"}},
		{"/hostile/confirm-loop", 200, "Confirm loop", []string{"i <= 50", "confirm(", "<h1>After confirms</h1>"}},
		{"/hostile/popup", 200, "Popup", []string{`window.open("/about")`, `target="_blank"`}},
		{"/hostile/download", 200, "Download", []string{`href="/download/big" download`, ".click()"}},
		{"/hostile/spin", 200, "Spin", []string{"while (true) {}", "After spin"}},
		{"/hostile/hover", 200, "Hover menu", []string{">Menu</button>", `href="/settings">Settings</a>`, ".menu:hover"}},
		{"/logo.svg", 200, "", []string{"<svg"}},
		{"/favicon.ico", 204, "", nil},
		{"/tasks", 200, "Tasks", []string{`placeholder="Add a task"`, "localStorage.setItem", ".tasks li:hover .delete", "dblclick", "Clear completed"}},
		{"/tasks/volatile", 200, "Tasks (not saved)", []string{"in memory only"}},
		{"/widgets", 200, "Widgets", []string{`<dialog id="dlg" aria-labelledby="dlg-title">`, `role="menu"`, `role="tablist"`, `role="combobox"`}},
		{"/widgets/sloppy", 200, "Widgets (sloppy markup)", []string{`role="dialog"`, `role="menuitem"`, `role="tab"`, `placeholder="Fruit"`}},
		{"/nowhere", 404, "Not found", []string{"Page not found"}},
	}
	a := New()
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, body := do(t, a, "GET", tt.path, nil)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d; body:\n%s", res.StatusCode, tt.status, body)
			}
			if tt.title != "" && title(body) != tt.title {
				t.Errorf("title %q, want %q", title(body), tt.title)
			}
			if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") && tt.path != "/bare" {
				for _, s := range []string{"<!doctype html>", `<html lang="en">`, "<title>", `<link rel="icon" href="data:,">`} {
					if !strings.Contains(body, s) {
						t.Errorf("missing %q", s)
					}
				}
				// A missing map key or field would print this; it means a template bug.
				if strings.Contains(body, "<no value>") {
					t.Errorf("template printed <no value>")
				}
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("missing %q in:\n%s", s, body)
				}
			}
		})
	}
}

func TestSecretChallenge(t *testing.T) {
	a := New()
	res, _ := do(t, a, "GET", "/secret", nil)
	if got := res.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Basic ") {
		t.Errorf("WWW-Authenticate = %q, want Basic", got)
	}
	req := httptest.NewRequest("GET", "/secret", nil)
	req.SetBasicAuth(DemoEmail, DefaultPassword)
	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<h1>Secret</h1>") {
		t.Errorf("with credentials: %d %s", rec.Code, rec.Body)
	}
}

// newClient returns a client that keeps cookies but does not follow redirects,
// so tests see each hop.
func newClient(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func get(t *testing.T, c *http.Client, u string) (*http.Response, string) {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestLogin(t *testing.T) {
	a := New()
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()

	t.Run("dashboard needs a session", func(t *testing.T) {
		res, _ := get(t, newClient(t), srv.URL+"/dashboard")
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
			t.Errorf("got %d to %q, want 303 to /login", res.StatusCode, res.Header.Get("Location"))
		}
	})

	t.Run("success", func(t *testing.T) {
		c := newClient(t)
		res, err := c.PostForm(srv.URL+"/login", url.Values{"email": {"demo@example.com"}, "password": {"demo-password"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("got %d to %q, want 303 to /dashboard", res.StatusCode, res.Header.Get("Location"))
		}
		var sc *http.Cookie
		for _, ck := range res.Cookies() {
			if ck.Name == SessionCookie {
				sc = ck
			}
		}
		if sc == nil || !sc.HttpOnly || sc.Value == "" {
			t.Fatalf("session cookie = %+v, want a non-empty HttpOnly cookie", sc)
		}
		if sc.MaxAge != 0 {
			t.Errorf("without Remember me the cookie should end with the browser, MaxAge = %d", sc.MaxAge)
		}
		res, body := get(t, c, srv.URL+"/dashboard")
		if res.StatusCode != 200 || !strings.Contains(body, "<h1>Dashboard</h1>") || !strings.Contains(body, "Welcome back, demo@example.com") {
			t.Errorf("dashboard: %d\n%s", res.StatusCode, body)
		}

		// Signing out ends the session on the server, not only in the browser.
		if _, err := c.PostForm(srv.URL+"/logout", nil); err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("GET", srv.URL+"/dashboard", nil)
		req.AddCookie(sc)
		res, err = newClient(t).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("old cookie after sign out: %d, want 303", res.StatusCode)
		}
	})

	t.Run("remember me", func(t *testing.T) {
		res, err := newClient(t).PostForm(srv.URL+"/login", url.Values{"email": {"demo@example.com"}, "password": {"demo-password"}, "remember": {"1"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if cs := res.Cookies(); len(cs) != 1 || cs[0].MaxAge <= 0 {
			t.Errorf("cookies %+v, want one persistent cookie", cs)
		}
	})

	for _, tt := range []struct{ name, email, password string }{
		{"wrong password", "demo@example.com", "nope"},
		{"wrong email", "other@example.com", "demo-password"},
		{"empty", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := newClient(t).PostForm(srv.URL+"/login", url.Values{"email": {tt.email}, "password": {tt.password}})
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(b), "Invalid email or password") || !strings.Contains(string(b), `role="alert"`) {
				t.Errorf("got %d\n%s", res.StatusCode, b)
			}
			if len(res.Cookies()) != 0 {
				t.Errorf("failed sign-in set cookies %v", res.Cookies())
			}
		})
	}

	t.Run("SetPassword", func(t *testing.T) {
		b := New()
		b.SetPassword("s3cret")
		res, _ := do(t, b, "POST", "/login", url.Values{"email": {DemoEmail}, "password": {DefaultPassword}})
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("old password: %d, want 401", res.StatusCode)
		}
		res, _ = do(t, b, "POST", "/login", url.Values{"email": {DemoEmail}, "password": {"s3cret"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("new password: %d, want 303", res.StatusCode)
		}
		b.Reset()
		res, _ = do(t, b, "POST", "/login", url.Values{"email": {DemoEmail}, "password": {"s3cret"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("Reset must keep the password: %d, want 303", res.StatusCode)
		}
	})
}

func TestForms(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		form   url.Values
		status int
		want   []string
		not    []string
	}{
		{"contact empty email", "/contact", url.Values{"name": {"Ann"}, "email": {""}}, 400,
			[]string{`<p id="email-error" role="alert" data-testid="email-error">Email is required</p>`, `value="Ann"`, `aria-invalid="true"`}, []string{"Thanks"}},
		{"contact invalid email", "/contact", url.Values{"email": {"not-an-email"}}, 400,
			[]string{`role="alert" data-testid="email-error">Enter a valid email</p>`}, []string{"Thanks"}},
		{"contact ok", "/contact", url.Values{"name": {"Ann"}, "email": {"ann@example.com"}, "topic": {"Support"}, "subscribe": {"1"}, "message": {"hi"}}, 200,
			[]string{"Thanks, we'll be in touch", "Topic: Support", "You are subscribed"}, []string{"<form"}},
		{"newsletter empty", "/newsletter", url.Values{"email": {""}}, 400, []string{`role="alert">Email is required`}, nil},
		{"newsletter invalid", "/newsletter", url.Values{"email": {"x@y"}}, 400, []string{`role="alert">Enter a valid email`}, nil},
		{"newsletter ok", "/newsletter", url.Values{"email": {"ann@example.com"}}, 200, []string{"Thanks for subscribing"}, []string{"<form"}},
	}
	a := New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := do(t, a, "POST", tt.path, tt.form)
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d", res.StatusCode, tt.status)
			}
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("missing %q in:\n%s", s, body)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(body, s) {
					t.Errorf("unexpected %q", s)
				}
			}
		})
	}
}

func TestSwitches(t *testing.T) {
	loginForm := url.Values{"email": {DemoEmail}, "password": {DefaultPassword}}
	tests := []struct {
		name   string
		method string
		path   string
		form   url.Values
		status int    // with the switch on
		want   string // present only with the switch on (when set)
		normal string // present only with it off (when set)
	}{
		{"home-text", "GET", "/", nil, 200, "<h1>Welcome to nothing</h1>", "Welcome to testapp"},
		{"login", "POST", "/login", loginForm, 401, "Invalid email or password", ""},
		{"todos-add", "GET", "/todos", nil, 200, "var breakAdd = true ;", "var breakAdd = false ;"},
		{"todo-count", "GET", "/todos", nil, 200, "var breakCount = true ;", "var breakCount = false ;"},
		{"contact-validation", "POST", "/contact", url.Values{"email": {""}}, 200, "Thanks, we'll be in touch", ""},
		{"console-error-home", "GET", "/", nil, 200, "console.error(", ""},
		{"about-title", "GET", "/about", nil, 200, "<title>About</title>", "<title>About us</title>"},
		{"docs-link", "GET", "/", nil, 200, `href="/nowhere">Docs<`, `href="/docs">Docs<`},
		{"down", "GET", "/about", nil, 503, "Service unavailable", "About us"},
		{"delayed-button", "GET", "/delayed", nil, 200, "var neverEnable = true ;", "var neverEnable = false ;"},
		{"newsletter", "POST", "/newsletter", url.Values{"email": {"ann@example.com"}}, 500, "Something went wrong", "Thanks for subscribing"},
		{"pricing-plans", "GET", "/pricing", nil, 200, "", "plan-team"},
		{"broken-logo", "GET", "/", nil, 200, `src="/missing-logo.svg"`, `src="/logo.svg"`},
		{"tasks-style", "GET", "/tasks", nil, 200, ".tasks li.starred .title{font-weight:400}", ".tasks li.starred .title{font-weight:700}"},
		{"tasks-order", "GET", "/tasks", nil, 200, "var breakOrder = true ;", "var breakOrder = false ;"},
		{"tasks-blank", "GET", "/tasks/volatile", nil, 200, "var breakBlank = true ;", "var breakBlank = false ;"},
		{"tasks-persist", "GET", "/tasks", nil, 200, "var breakPersist = true ;", "var breakPersist = false ;"},
		{"widgets-dialog", "GET", "/widgets", nil, 200, "var breakDialog = true ;", "var breakDialog = false ;"},
		{"favicon-404", "GET", "/favicon.ico", nil, 404, "404 page not found", ""},
	}
	seen := map[string]bool{"slow-home": true} // tested in TestSlowHome
	for _, tt := range tests {
		seen[tt.name] = true
		t.Run(tt.name, func(t *testing.T) {
			a := New()
			// Off: the claim holds. Bodies are compared with whitespace collapsed,
			// because html/template pads values it puts into scripts.
			res, body := do(t, a, tt.method, tt.path, tt.form)
			body = collapse(body)
			if tt.want != "" && strings.Contains(body, tt.want) {
				t.Errorf("switch off but body has %q", tt.want)
			}
			if tt.normal != "" && !strings.Contains(body, tt.normal) {
				t.Errorf("switch off but body lacks %q", tt.normal)
			}
			off := res.StatusCode
			if err := a.Set(tt.name, true); err != nil {
				t.Fatal(err)
			}
			res, body = do(t, a, tt.method, tt.path, tt.form)
			body = collapse(body)
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d", res.StatusCode, tt.status)
			}
			if !strings.Contains(body, tt.want) {
				t.Errorf("switch on but body lacks %q:\n%s", tt.want, body)
			}
			if tt.normal != "" && strings.Contains(body, tt.normal) {
				t.Errorf("switch on but body still has %q", tt.normal)
			}
			// Off again: back to normal.
			if err := a.Set(tt.name, false); err != nil {
				t.Fatal(err)
			}
			if res, _ = do(t, a, tt.method, tt.path, tt.form); res.StatusCode != off {
				t.Errorf("after switching off: status %d, want %d", res.StatusCode, off)
			}
		})
	}
	for _, b := range Breakages() {
		if !seen[b.Name] {
			t.Errorf("breakage %q has no test", b.Name)
		}
		if b.Description == "" {
			t.Errorf("breakage %q has no description", b.Name)
		}
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestSlowHome(t *testing.T) {
	a := New()
	a.slowHome = 50 * time.Millisecond
	if err := a.Set("slow-home", true); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, body := do(t, a, "GET", "/", nil)
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("home answered in %v, want at least 50ms", d)
	}
	if res.StatusCode != 200 || !strings.Contains(body, "Welcome to testapp") {
		t.Errorf("got %d", res.StatusCode)
	}
	if New().slowHome != 3*time.Second {
		t.Errorf("slow-home default must be 3s")
	}
}

func TestDownKeepsControl(t *testing.T) {
	a := New()
	a.Set("down", true)
	for _, p := range []string{"/", "/status", "/logo.svg", "/favicon.ico", "/nowhere"} {
		if res, _ := do(t, a, "GET", p, nil); res.StatusCode != 503 {
			t.Errorf("%s: %d, want 503", p, res.StatusCode)
		}
	}
	if res, _ := do(t, a, "POST", "/__testapp/reset", nil); res.StatusCode != 200 {
		t.Fatalf("reset while down: %d", res.StatusCode)
	}
	if res, _ := do(t, a, "GET", "/", nil); res.StatusCode != 200 {
		t.Errorf("after reset: %d, want 200", res.StatusCode)
	}
}

func TestSetUnknown(t *testing.T) {
	if err := New().Set("no-such-switch", true); err == nil {
		t.Error("Set of an unknown name succeeded")
	}
}

func TestControlEndpoints(t *testing.T) {
	a := New()
	tests := []struct {
		target string
		status int
		on     bool // home-text afterwards
	}{
		{"/__testapp/break?name=home-text&on=1", 200, true},
		{"/__testapp/break?name=home-text&on=0", 200, false},
		{"/__testapp/break?name=home-text", 200, true},
		{"/__testapp/break?name=home-text&on=false", 200, false},
		{"/__testapp/break?name=home-text&on=maybe", 400, false},
		{"/__testapp/break?name=bogus&on=1", 400, false},
		{"/__testapp/break", 400, false},
	}
	for _, tt := range tests {
		res, body := do(t, a, "POST", tt.target, nil)
		if res.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d (%s)", tt.target, res.StatusCode, tt.status, body)
		}
		if got := a.Switches().HomeText; got != tt.on {
			t.Errorf("%s: home-text %v, want %v", tt.target, got, tt.on)
		}
		if tt.status == 200 && !strings.Contains(body, fmt.Sprintf(`"home-text":%v`, tt.on)) {
			t.Errorf("%s: state body %s", tt.target, body)
		}
	}
	if res, _ := do(t, a, "GET", "/__testapp/break?name=home-text", nil); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET break: %d, want 405", res.StatusCode)
	}
	a.Set("login", true)
	a.Set("down", true)
	if res, _ := do(t, a, "POST", "/__testapp/reset", nil); res.StatusCode != 200 {
		t.Errorf("reset: %d", res.StatusCode)
	}
	if a.Switches() != (Switches{}) {
		t.Errorf("after reset: %+v", a.Switches())
	}
}

func TestReset(t *testing.T) {
	a := New()
	for _, b := range Breakages() {
		if err := a.Set(b.Name, true); err != nil {
			t.Fatal(err)
		}
	}
	a.Set("down", false)
	a.Set("slow-home", false)
	a.Set("login", false)
	res, _ := do(t, a, "POST", "/login", url.Values{"email": {DemoEmail}, "password": {DefaultPassword}})
	var sc *http.Cookie
	for _, c := range res.Cookies() {
		sc = c
	}
	if sc == nil {
		t.Fatal("no session cookie")
	}
	do(t, a, "GET", "/about", nil)

	a.Reset()
	if a.Switches() != (Switches{}) {
		t.Errorf("switches after Reset: %+v", a.Switches())
	}
	if n := a.Hits("/about"); n != 0 {
		t.Errorf("hits after Reset: %d", n)
	}
	req := httptest.NewRequest("GET", "/dashboard", nil)
	req.AddCookie(sc)
	rec := httptest.NewRecorder()
	a.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Errorf("session survived Reset: %d", rec.Code)
	}
	_, body := do(t, a, "GET", "/", nil)
	if !strings.Contains(body, "Welcome to testapp") {
		t.Error("home still broken after Reset")
	}
}

func TestHits(t *testing.T) {
	a := New()
	for range 3 {
		do(t, a, "GET", "/about", nil)
	}
	do(t, a, "GET", "/about?x=1", nil)
	do(t, a, "GET", "/nowhere", nil)
	do(t, a, "POST", "/__testapp/break?name=home-text", nil)
	for path, want := range map[string]int{"/about": 4, "/nowhere": 1, "/": 0, "/__testapp/break": 0} {
		if got := a.Hits(path); got != want {
			t.Errorf("Hits(%q) = %d, want %d", path, got, want)
		}
	}
}

func TestRedirect(t *testing.T) {
	tests := []struct {
		to       string
		status   int
		location string
	}{
		{"/about", 302, "/about"},
		{"/todos?seed=2", 302, "/todos?seed=2"},
		{"", 400, ""},
		{"about", 400, ""},
		{"http://example.com/", 400, ""},
		{"https://example.com/about", 400, ""},
		{"//example.com/about", 400, ""},
		{`/\example.com`, 400, ""},
		{"javascript:alert(1)", 400, ""},
	}
	a := New()
	for _, tt := range tests {
		res, _ := do(t, a, "GET", "/redirect?to="+url.QueryEscape(tt.to), nil)
		if res.StatusCode != tt.status || res.Header.Get("Location") != tt.location {
			t.Errorf("to=%q: %d Location %q, want %d %q", tt.to, res.StatusCode, res.Header.Get("Location"), tt.status, tt.location)
		}
	}
}

func TestStatusCodes(t *testing.T) {
	tests := []struct {
		code   string
		status int
		want   string
	}{
		{"200", 200, "200 OK"},
		{"404", 404, "404 Not Found"},
		{"418", 418, "I&#39;m a teapot"},
		{"500", 500, "500 Internal Server Error"},
		{"503", 503, "503 Service Unavailable"},
		{"599", 599, "599 Unknown status"},
		{"204", 204, ""},
		{"100", 400, ""},
		{"99", 400, ""},
		{"600", 400, ""},
		{"abc", 400, ""},
		{"-1", 400, ""},
	}
	a := New()
	for _, tt := range tests {
		res, body := do(t, a, "GET", "/status/"+tt.code, nil)
		if res.StatusCode != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("/status/%s: %d %q, want %d containing %q", tt.code, res.StatusCode, body, tt.status, tt.want)
		}
	}
}

func TestDownloadBig(t *testing.T) {
	a := New()
	res, body := do(t, a, "GET", "/download/big", nil)
	if res.StatusCode != 200 || len(body) != 5<<20 || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("got %d, %d bytes, %q", res.StatusCode, len(body), res.Header.Get("Content-Disposition"))
	}
	if _, body := do(t, a, "GET", "/download/big?bytes=10", nil); len(body) != 10 {
		t.Errorf("bytes=10 gave %d bytes", len(body))
	}
	if _, body := do(t, a, "GET", "/download/big?bytes=999999999", nil); len(body) != 5<<20 {
		t.Errorf("cap: %d bytes", len(body))
	}
}

func TestSlowCapAndCancel(t *testing.T) {
	a := New()
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	// A client that gives up must release the handler well before the 10s cap.
	c := &http.Client{Timeout: 50 * time.Millisecond}
	start := time.Now()
	if _, err := c.Get(srv.URL + "/slow?ms=999999"); err == nil {
		t.Fatal("expected a client timeout")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestConcurrentUse(t *testing.T) {
	a := New()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 20 {
				a.Set("home-text", i%2 == 0)
				do(t, a, "GET", "/", nil)
				a.Hits("/")
			}
		})
	}
	wg.Wait()
	if got := a.Hits("/"); got != 160 {
		t.Errorf("Hits = %d, want 160", got)
	}
}
