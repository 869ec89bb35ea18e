package console_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/server"
	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/testapp"
)

// These tests start the whole server (server/) in-process on
// 127.0.0.1:0 with a fresh SQLite database, so the console is tested as it
// is mounted, next to the API it shares the service with.

// env is a running vouch with testapp as its target.
type env struct {
	t        *testing.T
	srv      *server.Server
	svc      *service.Service
	base     string
	app      *testapp.App
	appURL   string
	email    string // an administrator
	password string
	se       *servertest.Env
}

type options struct {
	workers   bool // run verifications (real Chromium)
	customize func(*service.Config)
}

// start runs the whole server with testapp (servertest); the person is an
// administrator.
func start(t *testing.T, o options) *env {
	t.Helper()
	se := servertest.Start(t, servertest.Options{NoWorkers: !o.workers, Customize: o.customize, Admin: true, Email: "admin@example.com", NoKeys: true})
	return &env{t: t, srv: se.Server, svc: se.Service, base: se.URL, app: se.App, appURL: se.AppURL,
		email: se.Email, password: se.Password, se: se}
}

func (e *env) addPerson(email, password string, admin bool) *service.User {
	e.t.Helper()
	return e.se.AddPerson(e.t, email, password, admin)
}

func (e *env) newKey(scope auth.Scope, name string) (secret string, k *service.Key) {
	e.t.Helper()
	nk, err := auth.GenerateKey()
	if err != nil {
		e.t.Fatal(err)
	}
	k, err = e.svc.CreateKey(context.Background(), service.NewKey{Prefix: nk.Prefix, Hash: nk.Hash, Scope: string(scope), Name: name})
	if err != nil {
		e.t.Fatal(err)
	}
	return nk.Secret, k
}

// page is an answer to a browser-like request.
type page struct {
	status int
	header http.Header
	body   string
	url    *url.URL // where redirects ended
}

// person is a signed-in browser: a cookie jar and the session's CSRF token.
type person struct {
	e    *env
	c    *http.Client
	csrf string
}

func (e *env) signIn(email, password string) *person {
	e.t.Helper()
	sp := e.se.SignInAs(e.t, email, password)
	return &person{e: e, c: sp.Client, csrf: sp.CSRF}
}

func (p *person) do(method, path string, form url.Values, header map[string]string) page {
	p.e.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, p.e.base+path, body)
	if err != nil {
		p.e.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		p.e.t.Fatal(err)
	}
	return page{status: res.StatusCode, header: res.Header, body: string(b), url: res.Request.URL}
}

func (p *person) get(path string) page { return p.do("GET", path, nil, nil) }

func (p *person) post(path string, form url.Values) page { return p.do("POST", path, form, nil) }

// postForm posts a console form with the session's CSRF token.
func (p *person) postForm(path string, form url.Values) page {
	if form == nil {
		form = url.Values{}
	}
	form.Set("csrf_token", p.csrf)
	return p.post(path, form)
}

// anonymous is a browser without a session that does not follow
// redirects.
func (e *env) anonymous() *person {
	return &person{e: e, c: &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// api calls the JSON API with a key.
func (e *env) api(method, path, key string, body string) (int, http.Header, string) {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.base+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b)
}

// approvedPlan creates and approves a plan for claim as the
// administrator.
func (e *env) approvedPlan(claim string) *service.Plan {
	e.t.Helper()
	ctx := context.Background()
	u, err := e.svc.GetUserByEmail(ctx, e.email)
	if err != nil {
		e.t.Fatal(err)
	}
	who := service.Principal{UserID: u.ID}
	p, err := e.svc.CreatePlan(ctx, who, service.CreateRequest{DeploymentURL: e.appURL, Claim: claim})
	if err != nil {
		e.t.Fatal(err)
	}
	if p, err = e.svc.Approve(ctx, who, p.ID, p.ContractID); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// needChrome skips a test when Chromium is not installed, unless CI=true,
// where it fails.
func needChrome(t *testing.T) { t.Helper(); servertest.NeedChrome(t) }

// waitDone polls a verification until it completes; the bound turns a
// stuck run into a failure with a message, not a hang.
func (e *env) waitDone(id string) *service.Verification {
	e.t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		v, err := e.svc.GetVerification(context.Background(), id)
		if err != nil {
			e.t.Fatal(err)
		}
		if v.State == "completed" {
			return v
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("verification %s did not complete: %s", id, v.State)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
