package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/server"
	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/testapp"
)

// needChrome skips a test when Chromium is not installed, unless CI=true,
// where it fails.
func needChrome(t *testing.T) { t.Helper(); servertest.NeedChrome(t) }

// env is one running vouch with a target app, a person and two keys.
type env struct {
	t        *testing.T
	srv      *server.Server
	svc      *service.Service
	base     string // vouch's URL
	dataDir  string
	app      *testapp.App
	appURL   string
	launch   string // a launch key
	launchID string
	read     string // a read key
	readID   string
	email    string
	password string
	hc       *http.Client
	se       *servertest.Env
}

// options adjust a test server.
type options struct {
	rateLimit float64
	customize func(*service.Config)
	noWorkers bool
	// realDeriver uses vouch's own deriver (claim.Derive) instead of the
	// tests' one, for the tests that follow a claim end to end.
	realDeriver bool
	// allowTargets is --allow-targets.
	allowTargets []string
}

// start runs vouch in-process on 127.0.0.1:0 with a fresh data directory,
// and testapp on loopback (servertest).
func start(t *testing.T, o options) *env {
	t.Helper()
	var deriver service.Deriver = service.DeriverFunc(testDeriver)
	if o.realDeriver {
		deriver = nil
	}
	se := servertest.Start(t, servertest.Options{
		RateLimit: o.rateLimit, Customize: o.customize, NoWorkers: o.noWorkers,
		Deriver: deriver, AllowTargets: o.allowTargets,
	})
	return &env{t: t, srv: se.Server, svc: se.Service, base: se.URL, dataDir: se.DataDir, app: se.App, appURL: se.AppURL,
		launch: se.LaunchKey, launchID: se.LaunchKeyID, read: se.ReadKey, readID: se.ReadKeyID,
		email: se.Email, password: se.Password, hc: &http.Client{Timeout: 60 * time.Second}, se: se}
}

func (e *env) newKey(scope auth.Scope) (secret, id string) {
	e.t.Helper()
	return e.se.NewKeyID(e.t, scope, "test "+string(scope))
}

// resp is an HTTP answer.
type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("response %d is not a JSON object: %v\n%s", r.status, err, r.body)
	}
	return m
}

func (r resp) str(t *testing.T, field string) string {
	t.Helper()
	v, _ := r.json(t)[field].(string)
	return v
}

// req describes a request to vouch.
type req struct {
	method, path string
	key          string // sent as x-api-key when not empty
	body         any    // JSON-encoded unless []byte or string
	header       map[string]string
}

func (e *env) do(r req) resp {
	e.t.Helper()
	return doWith(e.t, e.hc, e.base, r)
}

func doWith(t *testing.T, hc *http.Client, base string, r req) resp {
	t.Helper()
	out, err := tryDo(hc, base, r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tryDo sends a request; safe to call from any goroutine.
func tryDo(hc *http.Client, base string, r req) (resp, error) {
	var body io.Reader
	ct := ""
	switch b := r.body.(type) {
	case nil:
	case []byte:
		body, ct = bytes.NewReader(b), "application/json"
	case string:
		body, ct = strings.NewReader(b), "application/json"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return resp{}, err
		}
		body, ct = bytes.NewReader(j), "application/json"
	}
	hr, err := http.NewRequest(r.method, base+r.path, body)
	if err != nil {
		return resp{}, err
	}
	if ct != "" {
		hr.Header.Set("Content-Type", ct)
	}
	if r.key != "" {
		hr.Header.Set("x-api-key", r.key)
	}
	for k, v := range r.header {
		if v == "\x00delete" {
			hr.Header.Del(k)
			continue
		}
		hr.Header.Set(k, v)
	}
	res, err := hc.Do(hr)
	if err != nil {
		return resp{}, fmt.Errorf("%s %s: %w", r.method, r.path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return resp{}, err
	}
	return resp{status: res.StatusCode, header: res.Header, body: b}, nil
}

// create posts a create request and returns the answer.
func (e *env) create(key string, body map[string]any) resp {
	e.t.Helper()
	return e.do(req{method: "POST", path: "/api/v1/verifications", key: key, body: body})
}

// plan creates a plan for claim on deployment and returns its id.
func (e *env) plan(deployment, claim string) string {
	e.t.Helper()
	r := e.create(e.read, map[string]any{"deployment_url": deployment, "claim": claim})
	if r.status != http.StatusAccepted {
		e.t.Fatalf("create: %d %s", r.status, r.body)
	}
	return r.str(e.t, "plan_id")
}

// startRun starts a run of an approved plan and returns the verification id.
func (e *env) startRun(planID, deployment, claim string) string {
	e.t.Helper()
	r := e.create(e.launch, map[string]any{"deployment_url": deployment, "claim": claim, "reviewed_plan_id": planID})
	if r.status != http.StatusAccepted {
		e.t.Fatalf("run start: %d %s", r.status, r.body)
	}
	return r.str(e.t, "id")
}

// wait polls a verification until it completes and returns the record.
func (e *env) wait(id string) map[string]any {
	e.t.Helper()
	return waitFor(e.t, e.hc, e.base, e.read, id)
}

func waitFor(t *testing.T, hc *http.Client, base, key, id string) map[string]any {
	t.Helper()
	// A bound so that a stuck run fails the test with a message instead of
	// hanging until go test's timeout; not a performance assertion.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		r := doWith(t, hc, base, req{method: "GET", path: "/api/v1/verifications/" + id, key: key})
		if r.status != http.StatusOK {
			t.Fatalf("GET verification %s: %d %s", id, r.status, r.body)
		}
		m := r.json(t)
		if m["state"] == "completed" {
			return m
		}
		// While in progress, exactly id and state (§2.2).
		if len(m) != 2 || m["id"] != id || (m["state"] != "queued" && m["state"] != "running") {
			t.Fatalf("in-progress read is not exactly {id, state}: %s", r.body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("verification %s did not complete; last: %s", id, r.body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// person is a signed-in person's HTTP client.
type person struct {
	e    *env
	c    *http.Client
	csrf string
}

// signIn signs in through the console's form, as a browser would.
func (e *env) signIn(email, password string) *person {
	e.t.Helper()
	p := servertest.SignIn(e.t, e.base, email, password)
	return &person{e: e, c: p.Client, csrf: p.CSRF}
}

func get(t *testing.T, c *http.Client, u string) string {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// approve approves a plan through the API's approve endpoint with the
// person's session and CSRF token.
func (p *person) approve(planID string) resp {
	p.e.t.Helper()
	return doWith(p.e.t, p.c, p.e.base, req{method: "POST", path: "/api/v1/verifications/plans/" + planID + "/approve",
		header: map[string]string{"X-CSRF-Token": p.csrf}})
}

// reject rejects a plan through the console's form.
func (p *person) reject(planID, reason string) {
	p.e.t.Helper()
	res, err := p.c.PostForm(p.e.base+"/console/plans/"+planID+"/reject", url.Values{"csrf_token": {p.csrf}, "reason": {reason}})
	if err != nil {
		p.e.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Request.URL.Path != "/console/plans/"+planID {
		p.e.t.Fatalf("reject ended at %s with %d", res.Request.URL, res.StatusCode)
	}
}

// approved creates and approves a plan, returning its id.
func (e *env) approved(deployment, claim string) string {
	e.t.Helper()
	id := e.plan(deployment, claim)
	if r := e.signIn(e.email, e.password).approve(id); r.status != http.StatusOK {
		e.t.Fatalf("approve: %d %s", r.status, r.body)
	}
	return id
}

// usageTotal returns how many verifications the ledger holds.
func (e *env) usageTotal() int {
	e.t.Helper()
	r := e.do(req{method: "GET", path: "/api/v1/usage", key: e.read})
	if r.status != http.StatusOK {
		e.t.Fatalf("usage: %d %s", r.status, r.body)
	}
	return int(r.json(e.t)["total"].(float64))
}

// closedPort returns a loopback URL nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// checkEnvelope checks an error answer: its status, code, the envelope's
// fields and the X-Request-Id header, which must equal request_id.
func checkEnvelope(t *testing.T, r resp, status int, code string) map[string]any {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d (%s): %s", r.status, status, code, r.body)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("error Content-Type %q", ct)
	}
	var env struct {
		Error map[string]any `json:"error"`
	}
	if err := json.Unmarshal(r.body, &env); err != nil || env.Error == nil {
		t.Fatalf("not an error envelope: %s", r.body)
	}
	if env.Error["code"] != code {
		t.Fatalf("code %v, want %s: %s", env.Error["code"], code, r.body)
	}
	if msg, _ := env.Error["message"].(string); msg == "" {
		t.Fatalf("empty message: %s", r.body)
	}
	rid, _ := env.Error["request_id"].(string)
	if rid == "" || rid != r.header.Get("X-Request-Id") {
		t.Fatalf("request_id %q, X-Request-Id %q", rid, r.header.Get("X-Request-Id"))
	}
	return env.Error
}

// parallel sends n requests at once (released together) and returns the
// answers in order.
func (e *env) parallel(n int, mk func(i int) req) []resp {
	e.t.Helper()
	out := make([]resp, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			out[i], errs[i] = tryDo(e.hc, e.base, mk(i))
		}()
	}
	close(gate)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		e.t.Fatal(err)
	}
	return out
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func testLogger(t *testing.T) *slog.Logger { return servertest.Logger(t) }

// tWriter writes a child process's output to the test's log.
type tWriter struct{ t testing.TB }

func (w tWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

var csrfRe = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)
