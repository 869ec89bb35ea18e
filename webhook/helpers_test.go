package webhook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
	"github.com/vouchdev/vouch/webhook"
)

// clock is the tests' injected clock: time moves only when a test says.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now().UTC().Truncate(time.Millisecond)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.t) {
		c.t = t
	}
}

func (c *clock) Advance(d time.Duration) { c.Set(c.Now().Add(d)) }

// env is a real SQLite store and service in a temporary directory, a
// person, a launch key and a deliverer on an injected clock.
type env struct {
	t      *testing.T
	ctx    context.Context
	st     *sqlite.Store
	svc    *service.Service
	clock  *clock
	wh     *webhook.Webhooks
	keyP   service.Principal // a launch key
	key    string            // its secret
	person service.Principal
}

// options adjust newEnv.
type options struct {
	policy    *netpolicy.Policy
	notifyURL string
	jitter    func() float64
}

func quiet(t *testing.T) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

type tWriter struct{ t *testing.T }

func (w tWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

func newEnv(t *testing.T, o options) *env {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(dir, "vouch.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clk := newClock()
	svc, err := service.New(service.Config{Store: st, DataDir: dir, NoWorkers: true, PublicURL: "http://127.0.0.1:9",
		Now: clk.Now, Logger: quiet(t)})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ctx: ctx, st: st, svc: svc, clock: clk}
	e.key, e.keyP = e.newKey(auth.ScopeLaunch)
	u, err := svc.CreateUser(ctx, service.NewUser{Email: "reviewer@example.com", PasswordHash: mustHash(t, "correct horse battery")})
	if err != nil {
		t.Fatal(err)
	}
	e.person = service.Principal{UserID: u.ID}
	jitter := o.jitter
	if jitter == nil {
		jitter = func() float64 { return 0.5 }
	}
	e.wh, err = webhook.New(webhook.Config{Store: st, Service: svc, Policy: o.policy, NotifyURL: o.notifyURL,
		Now: clk.Now, Jitter: jitter, Timeout: 10 * time.Second, Logger: quiet(t)})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mustHash(t *testing.T, pw string) string {
	t.Helper()
	h, err := auth.HashPassword(pw)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (e *env) newKey(scope auth.Scope) (string, service.Principal) {
	e.t.Helper()
	k, err := auth.GenerateKey()
	if err != nil {
		e.t.Fatal(err)
	}
	sk, err := e.svc.CreateKey(e.ctx, service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(scope), Name: "test"})
	if err != nil {
		e.t.Fatal(err)
	}
	return k.Secret, service.Principal{KeyID: sk.ID, Scope: sk.Scope}
}

// outcome is what complete records for a run.
type outcome struct {
	decision, reason, repair string
	recheckOf                string
}

const claim = `The home page shows "Welcome"`

// complete creates, approves and starts a run through the service, then
// records its outcome through the store exactly as the service's worker
// does (CompleteRun with one verification.completed outbox event); the
// browser run itself is the runner's business and is not needed here.
// It returns the verification id and the event id.
func (e *env) complete(o outcome) (string, string) {
	e.t.Helper()
	var v *service.Verification
	var err error
	if o.recheckOf != "" {
		v, err = e.svc.Recheck(e.ctx, e.keyP, o.recheckOf, "")
	} else {
		var p *service.Plan
		p, err = e.svc.CreatePlan(e.ctx, e.keyP, service.CreateRequest{DeploymentURL: "http://127.0.0.1:9/", Claim: claim})
		if err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.svc.Approve(e.ctx, e.person, p.ID, ""); err != nil {
			e.t.Fatal(err)
		}
		v, err = e.svc.StartRun(e.ctx, e.keyP, service.CreateRequest{ReviewedPlanID: p.ID})
	}
	if err != nil {
		e.t.Fatal(err)
	}
	now := e.clock.Now()
	if _, err := e.st.MarkRunning(e.ctx, v.ID, 1, now); err != nil {
		e.t.Fatal(err)
	}
	results, _ := json.Marshal(map[string]any{
		"requirements": []map[string]string{{"id": "r1", "text": `On /, the page shows "Welcome".`, "kind": "content", "result": map[bool]string{true: "met", false: "not_met"}[o.decision == "verified"]}},
		"evidence": map[string]any{"manifest_file": "manifest.json", "report_file": "report.html", "artifacts": []map[string]any{
			{"kind": "screenshot", "file": "j1-s1.jpg", "sha256": strings.Repeat("ab", 32), "size": 1234, "media_type": "image/jpeg", "journey": 1, "step": 1},
		}},
	})
	evt := "evt_" + strings.ToLower(v.ID[4:])
	payload, _ := json.Marshal(map[string]any{"type": webhook.EventCompleted, "verification_id": v.ID, "plan_id": v.PlanID,
		"decision": o.decision, "recheck_of": nil, "completed_at": now})
	if err := e.st.CompleteRun(e.ctx, store.Completion{ID: v.ID, Attempt: 1, Decision: o.decision, Reason: o.reason,
		RepairPrompt: o.repair, Results: results, At: now,
		Events: []store.OutboxEvent{{ID: evt, Type: webhook.EventCompleted, Payload: payload, CreatedAt: now}}}); err != nil {
		e.t.Fatal(err)
	}
	return v.ID, evt
}

// register registers an endpoint for url and returns it with its secret.
func (e *env) register(url string) *store.WebhookEndpoint {
	e.t.Helper()
	ep, err := e.wh.CreateEndpoint(e.ctx, e.person, webhook.NewEndpoint{URL: url})
	if err != nil {
		e.t.Fatal(err)
	}
	return ep
}

// runOnce delivers what is due now and returns the number of attempts.
func (e *env) runOnce() int {
	e.t.Helper()
	n, err := e.wh.RunOnce(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// deliveries returns an endpoint's deliveries (ChannelID for the channel).
func (e *env) deliveries(endpointID string) []*store.WebhookDelivery {
	e.t.Helper()
	ds, err := e.wh.Deliveries(e.ctx, endpointID, store.WebhookDeliveryFilter{})
	if err != nil {
		e.t.Fatal(err)
	}
	return ds
}

func (e *env) delivery(endpointID, id string) (*store.WebhookDelivery, []*store.WebhookAttempt) {
	e.t.Helper()
	d, as, err := e.wh.Delivery(e.ctx, endpointID, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return d, as
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
	// verifyErr is the Standard Webhooks library's verdict on it.
	verifyErr error
}

// receiver is a real HTTP receiver on 127.0.0.1 that verifies every
// request with the Standard Webhooks Go library and answers with the
// statuses it is given, one per request (the last one repeats).
type receiver struct {
	t        *testing.T
	srv      *httptest.Server
	secret   string
	tolerant bool // verify ignoring the timestamp (tests that move the clock by hours)

	mu       sync.Mutex
	statuses []int
	got      []received
	hold     chan struct{} // when set, requests wait for it to close
	arrived  chan struct{} // signalled when a request arrives
	redirect string
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	t.Helper()
	r := &receiver{t: t, statuses: statuses, arrived: make(chan struct{}, 100)}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) URL() string { return r.srv.URL + "/hooks/vouch" }

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	rec := received{header: req.Header.Clone(), body: body}
	if r.secret != "" {
		wh, err := standardwebhooks.NewWebhook(r.secret)
		if err != nil {
			r.t.Errorf("receiver: secret: %v", err)
		} else if r.tolerant {
			rec.verifyErr = wh.VerifyIgnoringTimestamp(body, req.Header)
		} else {
			rec.verifyErr = wh.Verify(body, req.Header)
		}
	}
	r.got = append(r.got, rec)
	status := http.StatusNoContent
	if len(r.statuses) > 0 {
		status = r.statuses[0]
		if len(r.statuses) > 1 {
			r.statuses = r.statuses[1:]
		}
	}
	hold, redirect := r.hold, r.redirect
	r.mu.Unlock()
	r.arrived <- struct{}{}
	if hold != nil {
		<-hold
	}
	if status >= 300 && status < 400 && redirect != "" {
		http.Redirect(w, req, redirect, status)
		return
	}
	w.WriteHeader(status)
	fmt.Fprintf(w, "status %d", status)
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// canary counts the connections made to it; tests check it stays at 0.
type canary struct {
	ln   net.Listener
	mu   sync.Mutex
	hits int
}

func newCanary(t *testing.T, addr string) *canary {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s (%v): this test needs the loopback stand-in", addr, err)
	}
	c := &canary{ln: ln}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			c.mu.Lock()
			c.hits++
			c.mu.Unlock()
			conn.Close()
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return c
}

func (c *canary) URL() string { return "http://" + c.ln.Addr().String() + "/hook" }

func (c *canary) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

// eventBody decodes a delivered webhook body.
func eventBody(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, b)
	}
	return m
}
