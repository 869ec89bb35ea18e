package e2e

import (
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

func noRedirect(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// No page but sign-in opens without a session, whatever headers come with
// the request: a key never signs anyone in.
func TestConsoleNeedsSession(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	c := noRedirect(nil)
	for _, path := range []string{"/console/", "/console/plans", "/console/plans/" + planID, "/console/plans/pln_nope", "/console/no-such-page"} {
		for _, hdr := range []map[string]string{nil, {"x-api-key": e.launch}, {"Authorization": "Bearer " + e.launch}} {
			r := doWith(t, c, e.base, req{method: "GET", path: path, header: hdr})
			want := "/console/sign-in?next=" + url.QueryEscape(path)
			if r.status != http.StatusSeeOther || r.header.Get("Location") != want {
				t.Errorf("GET %s with %v: %d → %q, want 303 → %q", path, hdr, r.status, r.header.Get("Location"), want)
			}
		}
	}
	// Posts without a session are refused and change nothing.
	r := doWith(t, c, e.base, req{method: "POST", path: "/console/plans/" + planID + "/approve", key: e.launch})
	if r.status != http.StatusUnauthorized {
		t.Errorf("POST approve without session: %d", r.status)
	}
	if st := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).str(t, "state"); st != "pending" {
		t.Fatalf("plan %s after refused posts", st)
	}
	// The sign-in page opens, with the fields and button the spec names.
	page := get(t, c, e.base+"/console/sign-in")
	for _, want := range []string{`<label for="email">Email</label>`, `<label for="password">Password</label>`, `<button type="submit">Sign in</button>`, `type="password"`} {
		if !strings.Contains(page, want) {
			t.Errorf("sign-in page lacks %s", want)
		}
	}
}

// Sign-in returns to the page asked for; a wrong password or email is
// refused alike; sign-out ends the session for good.
func TestSignInAndOut(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	// Visiting the plan page leads to sign-in, which leads back.
	res, err := c.Get(e.base + "/console/plans/" + planID)
	if err != nil {
		t.Fatal(err)
	}
	page := readResp(t, res)
	if res.Request.URL.Path != "/console/sign-in" {
		t.Fatalf("ended at %s", res.Request.URL)
	}
	token := csrfRe.FindStringSubmatch(string(page.body))[1]
	next := res.Request.URL.Query().Get("next")
	for _, bad := range []struct{ email, pw string }{{e.email, "wrong password"}, {"nobody@example.com", e.password}, {e.email, ""}} {
		res, err := c.PostForm(e.base+"/console/sign-in", url.Values{"email": {bad.email}, "password": {bad.pw}, "csrf_token": {token}, "next": {next}})
		if err != nil {
			t.Fatal(err)
		}
		r := readResp(t, res)
		if r.status != http.StatusUnauthorized || !strings.Contains(string(r.body), "Wrong email or password") {
			t.Fatalf("bad sign-in %v: %d", bad, r.status)
		}
		token = csrfRe.FindStringSubmatch(string(r.body))[1]
	}
	// A sign-in post without the form's token is refused (login CSRF).
	res, err = c.PostForm(e.base+"/console/sign-in", url.Values{"email": {e.email}, "password": {e.password}, "next": {next}})
	if err != nil {
		t.Fatal(err)
	}
	if r := readResp(t, res); r.status != http.StatusForbidden {
		t.Fatalf("sign-in without token: %d", r.status)
	}
	token = csrfRe.FindStringSubmatch(get(t, c, e.base+"/console/sign-in"))[1]
	nr := noRedirect(jar)
	res, err = nr.PostForm(e.base+"/console/sign-in", url.Values{"email": {strings.ToUpper(e.email)}, "password": {e.password}, "csrf_token": {token}, "next": {next}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/console/plans/"+planID {
		t.Fatalf("sign-in: %d → %s", res.StatusCode, res.Header.Get("Location"))
	}
	var cookie string
	for _, sc := range res.Header.Values("Set-Cookie") {
		if strings.HasPrefix(sc, "vouch_session=") {
			cookie = sc
		}
	}
	for _, want := range []string{"HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("session cookie %q lacks %s", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("cookie over plain http is Secure: %q", cookie)
	}
	planPage := get(t, c, e.base+"/console/plans/"+planID)
	if !strings.Contains(planPage, ">Approve</button>") {
		t.Fatalf("not on the plan page after sign-in")
	}
	// Sign out; the old cookie no longer opens anything.
	old := jar.Cookies(mustURL(t, e.base))
	token = csrfRe.FindStringSubmatch(planPage)[1]
	res, err = c.PostForm(e.base+"/console/sign-out", url.Values{"csrf_token": {token}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Request.URL.Path != "/console/sign-in" {
		t.Fatalf("sign-out ended at %s", res.Request.URL)
	}
	stale, _ := cookiejar.New(nil)
	stale.SetCookies(mustURL(t, e.base), old)
	r := doWith(t, noRedirect(stale), e.base, req{method: "GET", path: "/console/plans"})
	if r.status != http.StatusSeeOther {
		t.Fatalf("old session still works: %d", r.status)
	}
}

// Behind https (X-Forwarded-Proto), the session cookie is Secure.
func TestSecureCookieBehindTLS(t *testing.T) {
	e := start(t, options{noWorkers: true})
	jar, _ := cookiejar.New(nil)
	c := noRedirect(jar)
	page := doWith(t, c, e.base, req{method: "GET", path: "/console/sign-in"})
	token := csrfRe.FindStringSubmatch(string(page.body))[1]
	form := url.Values{"email": {e.email}, "password": {e.password}, "csrf_token": {token}}.Encode()
	hr, _ := http.NewRequest("POST", e.base+"/console/sign-in", strings.NewReader(form))
	hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	hr.Header.Set("X-Forwarded-Proto", "https")
	for _, ck := range jar.Cookies(mustURL(t, e.base+"/console/sign-in")) {
		hr.AddCookie(ck)
	}
	res, err := http.DefaultTransport.RoundTrip(hr)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	found := false
	for _, sc := range res.Header.Values("Set-Cookie") {
		if strings.HasPrefix(sc, "vouch_session=") {
			found = true
			if !strings.Contains(sc, "Secure") || !strings.Contains(sc, "HttpOnly") {
				t.Fatalf("cookie behind https: %q", sc)
			}
		}
	}
	if !found {
		t.Fatalf("no session cookie (%d)", res.StatusCode)
	}
}

// The plan page shows the requirements, every journey's steps as
// sentences, the plan hash, who created it and when, the buttons, and
// after a decision the approval history. Its forms need the session's
// CSRF token and the same origin.
func TestPlanPage(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	g := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read})
	rec := g.json(t)
	p := e.signIn(e.email, e.password)
	page := html.UnescapeString(get(t, p.c, e.base+"/console/plans/"+planID))
	var pl plan.Plan
	raw := struct {
		Plan *plan.Plan `json:"plan"`
	}{&pl}
	if err := jsonUnmarshal(g.body, &raw); err != nil {
		t.Fatal(err)
	}
	wants := []string{rec["contract_id"].(string), "API key " + e.readID, ">Approve</button>", ">Reject</button>", "Waiting for a person"}
	for _, rq := range pl.Requirements {
		wants = append(wants, rq.Text)
	}
	for _, j := range pl.Journeys {
		for _, s := range j.Steps {
			wants = append(wants, s.Describe())
		}
	}
	if len(pl.Journeys) == 0 {
		t.Fatal("plan without journeys")
	}
	for _, w := range wants {
		if !strings.Contains(page, w) {
			t.Errorf("plan page lacks %q", w)
		}
	}
	if strings.Contains(strings.ToLower(page), "approved") {
		t.Error(`a pending plan's page says "approved"`)
	}
	// A form post without the token, or from another site, is refused.
	for _, tc := range []struct {
		name  string
		form  url.Values
		extra map[string]string
	}{
		{"no token", url.Values{"plan_hash": {rec["contract_id"].(string)}}, nil},
		{"wrong token", url.Values{"csrf_token": {"x" + p.csrf}}, nil},
		{"cross-site", url.Values{"csrf_token": {p.csrf}}, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}},
	} {
		hr, _ := http.NewRequest("POST", e.base+"/console/plans/"+planID+"/approve", strings.NewReader(tc.form.Encode()))
		hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range tc.extra {
			hr.Header.Set(k, v)
		}
		res, err := p.c.Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", tc.name, res.StatusCode)
		}
	}
	if st := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).str(t, "state"); st != "pending" {
		t.Fatalf("refused posts changed the plan: %s", st)
	}
	// Approve through the page's own form.
	res, err := p.c.PostForm(e.base+"/console/plans/"+planID+"/approve", url.Values{"csrf_token": {p.csrf}, "plan_hash": {rec["contract_id"].(string)}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	after := html.UnescapeString(string(b))
	for _, w := range []string{"Approved", e.email, rec["contract_id"].(string), "Approval history"} {
		if !strings.Contains(after, w) {
			t.Errorf("approved page lacks %q", w)
		}
	}
	if strings.Contains(after, ">Approve</button>") {
		t.Error("approved page still offers Approve")
	}
	// Reject another plan through its form.
	other := e.plan(e.appURL, `The about page shows "About us"`)
	p.reject(other, "wrong page")
	o := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + other, key: e.read}).json(t)
	ap := o["approvals"].([]any)
	if o["state"] != "rejected" || len(ap) != 1 || ap[0].(map[string]any)["action"] != "rejected" || ap[0].(map[string]any)["reason"] != "wrong page" {
		t.Fatalf("rejected plan: %v", o)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
