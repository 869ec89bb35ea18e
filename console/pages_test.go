package console_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// Without a session every page but sign-in leads to sign-in and back, and
// every form post is refused, whatever key comes with the request: a key
// never signs anyone in.
func TestPagesNeedSession(t *testing.T) {
	e := start(t, options{})
	launch, _ := e.newKey(auth.ScopeLaunch, "launch")
	p := e.approvedPlan(`The home page shows "Welcome to testapp"`)
	gets := []string{
		"/console/new", "/console/new?claim=x", "/console/verifications", "/console/verifications?decision=failed",
		"/console/verifications/ver_x", "/console/verifications/ver_x/progress", "/console/verifications/ver_x/files/manifest.json",
		"/console/verifications/ver_x/evidence.zip", "/console/keys", "/console/usage", "/console/requests?request_id=req_1",
		"/console/people", "/console/plans/" + p.ID,
	}
	headers := []map[string]string{nil, {"x-api-key": launch}, {"Authorization": "Bearer " + launch}}
	anon := e.anonymous()
	for _, path := range gets {
		for _, h := range headers {
			r := anon.do("GET", path, nil, h)
			want := "/console/sign-in?next=" + url.QueryEscape(path)
			if r.status != http.StatusSeeOther || r.header.Get("Location") != want {
				t.Errorf("GET %s with %v: %d → %q, want 303 → %q", path, h, r.status, r.header.Get("Location"), want)
			}
		}
	}
	posts := []string{
		"/console/new", "/console/plans/" + p.ID + "/run", "/console/verifications/ver_x/recheck",
		"/console/keys", "/console/keys/key_x/revoke", "/console/people", "/console/people/usr_x/disable", "/console/people/usr_x/enable",
	}
	form := url.Values{"deployment_url": {e.appURL}, "claim": {`The home page shows "Welcome"`}, "name": {"k"}, "scope": {"launch"},
		"email": {"x@example.com"}, "password": {"a long enough password"}, "csrf_token": {"anything"}}
	for _, path := range posts {
		for _, h := range headers {
			if r := anon.do("POST", path, form, mergeHeaders(h, map[string]string{"Content-Type": "application/x-www-form-urlencoded"})); r.status != http.StatusUnauthorized {
				t.Errorf("POST %s with %v: %d, want 401", path, h, r.status)
			}
		}
	}
	assertNothingChanged(t, e, 1, 1, 1, 0)
}

func mergeHeaders(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// assertNothingChanged checks the counts of plans, keys, people and runs.
func assertNothingChanged(t *testing.T, e *env, plans, keys, people, runs int) {
	t.Helper()
	ctx := context.Background()
	ps, _ := e.svc.ListPlans(ctx, "", 1000)
	ks, _ := e.svc.ListKeys(ctx)
	us, _ := e.svc.ListUsers(ctx)
	vs, _ := e.svc.ListVerifications(ctx, service.VerificationFilter{Limit: 1000})
	revoked := 0
	for _, k := range ks {
		if !k.RevokedAt.IsZero() {
			revoked++
		}
	}
	disabled := 0
	for _, u := range us {
		if u.Disabled {
			disabled++
		}
	}
	if len(ps) != plans || len(ks) != keys || len(us) != people || len(vs) != runs || revoked != 0 || disabled != 0 {
		t.Fatalf("state changed: %d plans, %d keys (%d revoked), %d people (%d disabled), %d runs; want %d, %d, %d, %d",
			len(ps), len(ks), revoked, len(us), disabled, len(vs), plans, keys, people, runs)
	}
}

// Every form post needs the session's CSRF token and the same origin;
// refused posts change nothing.
func TestPostsNeedCSRF(t *testing.T) {
	e := start(t, options{})
	_, key := e.newKey(auth.ScopeRead, "existing")
	other := e.addPerson("member@example.com", "another long password", false)
	p := e.approvedPlan(`The home page shows "Welcome to testapp"`)
	me := e.signIn(e.email, e.password)
	posts := []struct {
		path string
		form url.Values
	}{
		{"/console/new", url.Values{"deployment_url": {e.appURL}, "claim": {`The about page shows "About us"`}}},
		{"/console/plans/" + p.ID + "/run", nil},
		{"/console/keys", url.Values{"name": {"new"}, "scope": {"launch"}}},
		{"/console/keys/" + key.ID + "/revoke", nil},
		{"/console/people", url.Values{"email": {"new@example.com"}, "password": {"a long enough password"}}},
		{"/console/people/" + other.ID + "/disable", nil},
	}
	for _, tc := range posts {
		for _, attack := range []struct {
			name   string
			token  string
			header map[string]string
		}{
			{"no token", "", nil},
			{"wrong token", "x" + me.csrf, nil},
			{"cross-site", me.csrf, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}},
		} {
			form := url.Values{}
			for k, v := range tc.form {
				form[k] = v
			}
			if attack.token != "" {
				form.Set("csrf_token", attack.token)
			}
			r := me.do("POST", tc.path, form, attack.header)
			if r.status != http.StatusForbidden {
				t.Errorf("%s: POST %s: %d, want 403", attack.name, tc.path, r.status)
			}
		}
	}
	assertNothingChanged(t, e, 1, 1, 2, 0)
}

// People management is for administrators: a member gets 403 on the page
// and its forms and no People link; an administrator adds a person, who
// can sign in, and disables them, which ends their session.
func TestPeopleAdminOnly(t *testing.T) {
	e := start(t, options{})
	e.addPerson("member@example.com", "member password 1", false)
	member := e.signIn("member@example.com", "member password 1")
	if r := member.get("/console/people"); r.status != http.StatusForbidden || !strings.Contains(r.body, "Only an administrator") {
		t.Errorf("member GET people: %d", r.status)
	}
	if r := member.postForm("/console/people", url.Values{"email": {"sneaky@example.com"}, "password": {"a long enough password"}}); r.status != http.StatusForbidden {
		t.Errorf("member POST people: %d", r.status)
	}
	if r := member.get("/console/verifications"); strings.Contains(r.body, `href="/console/people"`) {
		t.Error("a member's header links to People")
	}
	admin := e.signIn(e.email, e.password)
	if r := admin.get("/console/verifications"); !strings.Contains(r.body, `href="/console/people"`) {
		t.Error("an administrator's header lacks People")
	}
	tests := []struct {
		name, email, password string
		status                int
		want                  string
	}{
		{"bad email", "not an email", "a long enough password", http.StatusBadRequest, "Enter an email address"},
		{"short password", "new@example.com", "short", http.StatusBadRequest, "at least 12 characters"},
		{"taken", "member@example.com", "a long enough password", http.StatusConflict, "already has an account"},
		{"added", "new@example.com", "a long enough password", http.StatusOK, "Person added"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := admin.postForm("/console/people", url.Values{"email": {tt.email}, "password": {tt.password}})
			if r.status != tt.status || !strings.Contains(html.UnescapeString(r.body), tt.want) {
				t.Fatalf("%d, want %d with %q", r.status, tt.status, tt.want)
			}
		})
	}
	newcomer := e.signIn("new@example.com", "a long enough password")
	u, err := e.svc.GetUserByEmail(context.Background(), "new@example.com")
	if err != nil || u.Admin {
		t.Fatalf("added person: %+v, %v", u, err)
	}
	me, _ := e.svc.GetUserByEmail(context.Background(), e.email)
	if r := admin.postForm("/console/people/"+me.ID+"/disable", nil); r.status != http.StatusConflict {
		t.Errorf("disabling oneself: %d", r.status)
	}
	if r := admin.postForm("/console/people/"+u.ID+"/disable", nil); r.status != http.StatusOK || !strings.Contains(r.body, "Account disabled") {
		t.Fatalf("disable: %d", r.status)
	}
	if r := newcomer.get("/console/verifications"); r.url.Path != "/console/sign-in" {
		t.Errorf("a disabled person's session still opens pages (%s)", r.url)
	}
	if r := admin.postForm("/console/people/"+u.ID+"/enable", nil); r.status != http.StatusOK || !strings.Contains(r.body, "Account enabled") {
		t.Fatalf("enable: %d", r.status)
	}
	e.signIn("new@example.com", "a long enough password")
}

// Claim entry: a provable claim becomes a pending plan shown with its
// requirements, assumptions and steps; a refused one comes back with its
// repair prompt, suggestions and the claim kept for editing; nothing runs
// and nothing is charged either way.
func TestNewVerification(t *testing.T) {
	e := start(t, options{})
	me := e.signIn(e.email, e.password)
	form := func(claim string) url.Values { return url.Values{"deployment_url": {e.appURL}, "claim": {claim}} }

	r := me.postForm("/console/new", form(`Signing in as demo@example.com shows the dashboard`))
	body := html.UnescapeString(r.body)
	if r.status != http.StatusOK || !strings.HasPrefix(r.url.Path, "/console/plans/pln_") {
		t.Fatalf("provable claim ended at %s with %d", r.url, r.status)
	}
	for _, want := range []string{"Plan derived", "Requirements", "Assumptions and notes", "Go to /login", "DEMO_PASSWORD", ">Approve</button>", "Waiting for a person"} {
		if !strings.Contains(body, want) {
			t.Errorf("plan page after derive lacks %q", want)
		}
	}
	tests := []struct {
		name, url, claim string
		status           int
		wants            []string
	}{
		{"not provable", e.appURL, "The app is fast and delightful", http.StatusUnprocessableEntity,
			[]string{"vouch cannot prove this claim", "How to make it provable", "Claims vouch can prove", "Use this claim", ">The app is fast and delightful</textarea>"}},
		{"bad url", "ftp://example.com", `The home page shows "Welcome"`, http.StatusUnprocessableEntity,
			[]string{`aria-invalid="true"`, `>The home page shows "Welcome"</textarea>`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := me.postForm("/console/new", url.Values{"deployment_url": {tt.url}, "claim": {tt.claim}})
			body := html.UnescapeString(r.body)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d", r.status, tt.status)
			}
			for _, w := range tt.wants {
				if !strings.Contains(body, w) {
					t.Errorf("refusal page lacks %q", w)
				}
			}
		})
	}
	// A suggestion's link fills the form with the suggested claim.
	r = me.postForm("/console/new", form("The app is fast and delightful"))
	m := regexp.MustCompile(`href="(/console/new\?deployment_url=[^"]+)">Use this claim`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatal("no suggestion link")
	}
	link := html.UnescapeString(m[1])
	u, _ := url.Parse(link)
	filled := html.UnescapeString(me.get(link).body)
	if !strings.Contains(filled, ">"+u.Query().Get("claim")+"</textarea>") || !strings.Contains(filled, `value="`+e.appURL+`"`) {
		t.Errorf("suggestion link %s does not fill the form", link)
	}
	if n, _ := e.svc.Usage(context.Background(), service.ChargeFilter{}); len(n) != 0 {
		t.Errorf("claim entry charged: %v", n)
	}
}

// API keys: the secret is on the creation answer only, works against the
// API, is never listed; revoking it makes the API refuse it.
func TestKeysPage(t *testing.T) {
	e := start(t, options{})
	me := e.signIn(e.email, e.password)
	for _, bad := range []url.Values{{"name": {""}, "scope": {"read"}}, {"name": {"x"}, "scope": {"admin"}}} {
		if r := me.postForm("/console/keys", bad); r.status != http.StatusBadRequest {
			t.Errorf("bad key form %v: %d", bad, r.status)
		}
	}
	r := me.postForm("/console/keys", url.Values{"name": {"ci-bot"}, "scope": {"launch"}})
	secret := regexp.MustCompile(`vch_[0-9A-Za-z]{36}`).FindString(r.body)
	if r.status != http.StatusCreated || secret == "" || !strings.Contains(r.body, "shown only once") || r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("create: %d, secret %q, Cache-Control %q", r.status, secret, r.header.Get("Cache-Control"))
	}
	list := me.get("/console/keys").body
	if strings.Contains(list, secret) || !strings.Contains(list, secret[:12]+"…") || !strings.Contains(list, "ci-bot") {
		t.Fatal("the key list shows the secret, or not the prefix and name")
	}
	if st, _, _ := e.api("GET", "/api/v1/usage", secret, ""); st != http.StatusOK {
		t.Fatalf("new key against the API: %d", st)
	}
	if strings.Contains(me.get("/console/keys").body, ">never</td>") {
		t.Error("a used key still shows as never used")
	}
	ks, _ := e.svc.ListKeys(context.Background())
	r = me.postForm("/console/keys/"+ks[0].ID+"/revoke", nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, "Key revoked") || !strings.Contains(r.body, "revoked") {
		t.Fatalf("revoke: %d", r.status)
	}
	if st, _, _ := e.api("GET", "/api/v1/usage", secret, ""); st != http.StatusUnauthorized {
		t.Fatalf("revoked key against the API: %d", st)
	}
	// A key's prefix is not an id: the form revokes by id only.
	if r := me.postForm("/console/keys/"+secret[:12]+"/revoke", nil); r.status != http.StatusNotFound {
		t.Errorf("revoke by prefix: %d", r.status)
	}
}

// The request inspector finds a request by the X-Request-Id its answer
// carried, with its method, path, status and key prefix.
func TestRequestInspector(t *testing.T) {
	e := start(t, options{})
	secret, key := e.newKey(auth.ScopeRead, "reader")
	st, h, _ := e.api("GET", "/api/v1/verifications/ver_missing", secret, "")
	id := h.Get("X-Request-Id")
	if st != http.StatusNotFound || id == "" {
		t.Fatalf("API answer %d, id %q", st, id)
	}
	e.api("GET", "/api/v1/usage", secret, "")
	waitLogged(t, e, id)
	me := e.signIn(e.email, e.password)
	r := me.get("/console/requests?request_id=" + url.QueryEscape(id))
	for _, want := range []string{id, "/api/v1/verifications/ver_missing", ">404<", key.Prefix, "not_found"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("search result lacks %q", want)
		}
	}
	if strings.Contains(r.body, "/api/v1/usage") {
		t.Error("search by id shows other requests")
	}
	if r := me.get("/console/requests?request_id=req_nothing"); !strings.Contains(r.body, "No request has the id") {
		t.Error("unknown id: no message")
	}
	all := me.get("/console/requests").body
	if !strings.Contains(all, "/api/v1/usage") || !strings.Contains(all, id) {
		t.Error("recent requests lack the requests made")
	}
	if errs := me.get("/console/requests?errors=1").body; strings.Contains(errs, "/api/v1/usage") || !strings.Contains(errs, id) {
		t.Error("errors only: wrong rows")
	}
}

// waitLogged waits until the API's request log (written in the
// background) holds id.
func waitLogged(t *testing.T, e *env, id string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		rows, err := e.svc.SearchRequests(context.Background(), service.RequestFilter{RequestID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("request %s never reached the request log", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Usage counts the verifications billed per day and payer: a run started
// in the console is the person's, one started with a key the key's.
func TestUsagePage(t *testing.T) {
	e := start(t, options{})
	launch, key := e.newKey(auth.ScopeLaunch, "ci")
	p := e.approvedPlan(`The home page shows "Welcome to testapp"`)
	me := e.signIn(e.email, e.password)
	for range 2 {
		if r := me.postForm("/console/plans/"+p.ID+"/run", nil); r.status != http.StatusOK || !strings.HasPrefix(r.url.Path, "/console/verifications/ver_") {
			t.Fatalf("run from the console: %d at %s", r.status, r.url)
		}
	}
	st, _, body := e.api("POST", "/api/v1/verifications", launch, `{"deployment_url":"`+e.appURL+`","claim":"The home page shows \"Welcome to testapp\"","reviewed_plan_id":"`+p.ID+`"}`)
	if st != http.StatusAccepted {
		t.Fatalf("run with key: %d %s", st, body)
	}
	admin, _ := e.svc.GetUserByEmail(context.Background(), e.email)
	tests := []struct {
		query        string
		total        string
		bars         int
		wants, nopes []string
	}{
		{"", ">3<", 1, []string{e.email, key.Prefix}, nil},
		{"?payer=" + key.ID, ">1<", 1, []string{"billed from"}, nil},
		{"?payer=" + admin.ID + "&days=7", ">2<", 1, []string{"Last 7 days"}, nil},
		{"?payer=key_nobody", ">0<", 0, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			r := me.get("/console/usage" + tt.query)
			if r.status != http.StatusOK {
				t.Fatalf("status %d", r.status)
			}
			if !strings.Contains(r.body, `id="usage-total">`+strings.Trim(tt.total, "<>")+`<`) {
				t.Errorf("total is not %s", tt.total)
			}
			if n := strings.Count(r.body, `<rect class="bar"`); n != tt.bars {
				t.Errorf("%d bars, want %d", n, tt.bars)
			}
			if !strings.Contains(r.body, "<svg") {
				t.Error("no chart")
			}
			for _, w := range tt.wants {
				if !strings.Contains(r.body, w) {
					t.Errorf("lacks %q", w)
				}
			}
		})
	}
	if r := me.get("/console/usage?days=nine"); r.status != http.StatusBadRequest {
		t.Errorf("bad days: %d", r.status)
	}
	// The runs started in the console are listed, queued, launched by
	// the person.
	list := me.get("/console/verifications?decision=queued")
	if n := strings.Count(list.body, `class="badge badge-queued"`); n != 3 {
		t.Errorf("%d queued rows, want 3", n)
	}
	if !strings.Contains(list.body, e.email) || !strings.Contains(list.body, "API key ci ("+key.Prefix) {
		t.Error("list does not name who launched")
	}
	if !strings.Contains(list.body, `data-reload-every="5"`) || !strings.Contains(list.body, `<noscript><meta http-equiv="refresh" content="5">`) {
		t.Error("a list with runs in progress does not refresh itself")
	}
	if r := me.get("/console/verifications?decision=failed"); strings.Contains(r.body, "badge-queued") || strings.Contains(r.body, "data-reload-every") {
		t.Error("decision filter lets queued runs through, or a finished list refreshes")
	}
	if r := me.get("/console/verifications?from=2000-01-01&to=2000-01-02"); strings.Contains(r.body, "badge-queued") {
		t.Error("date filter lets today's runs through")
	}
}

// Every page carries the strict CSP and no inline script; the only script
// is the console's own file.
func TestPagesHaveStrictCSP(t *testing.T) {
	e := start(t, options{})
	p := e.approvedPlan(`The home page shows "Welcome to testapp"`)
	me := e.signIn(e.email, e.password)
	v := me.postForm("/console/plans/"+p.ID+"/run", nil).url.Path
	inline := regexp.MustCompile(`<script(?:\s[^>]*)?>`)
	for _, path := range []string{"/console/new", "/console/plans", "/console/plans/" + p.ID, "/console/verifications", v, "/console/keys", "/console/usage", "/console/requests", "/console/people", "/console/sign-in"} {
		r := me.get(path)
		if r.status != http.StatusOK {
			t.Errorf("GET %s: %d", path, r.status)
			continue
		}
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		for _, tag := range inline.FindAllString(r.body, -1) {
			if tag != `<script src="/console/static/console.js" defer>` {
				t.Errorf("%s: script tag %s", path, tag)
			}
		}
		if strings.Contains(r.body, "http://") && strings.Contains(r.body, `src="http`) {
			t.Errorf("%s loads something from another origin", path)
		}
	}
	// While queued, the result page refreshes itself without script and
	// polls with it.
	r := me.get(v)
	if !strings.Contains(r.body, `<noscript><meta http-equiv="refresh"`) || !strings.Contains(r.body, `data-progress-url="`+v+`/progress"`) {
		t.Error("running result page has no live progress")
	}
	js := me.get("/console/static/console.js")
	if js.status != http.StatusOK || !strings.HasPrefix(js.header.Get("Content-Type"), "text/javascript") {
		t.Errorf("console.js: %d %s", js.status, js.header.Get("Content-Type"))
	}
}
