package client_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/server/servertest"
)

// newClient makes a client of env with a short poll interval and backoff.
func newClient(t *testing.T, base, key string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: base, APIKey: key, PollInterval: 100 * time.Millisecond,
		MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ctxFor(t *testing.T) context.Context {
	// A bound so a stuck run fails with a message rather than hanging
	// until go test's timeout; not a performance assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// The §4.6 sequence through the SDK against a real server and Chromium:
// Prepare (free), a person approves while WaitForApproval polls, Run (one
// charge), WaitForResult sees live progress and then the decision, for a
// verified, a failed (then re-checked after the fix) and a blocked run.
func TestSequence(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	c := newClient(t, env.URL, env.LaunchKey)
	ctx := ctxFor(t)
	dead := servertest.ClosedPort(t)
	tests := []struct {
		name     string
		target   string
		breakage string
		decision string
	}{
		{"verified", env.AppURL, "", client.Verified},
		{"failed", env.AppURL, "home-text", client.Failed},
		{"blocked", dead, "", client.Blocked},
	}
	charges := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env.App.Reset()
			if tt.breakage != "" {
				if err := env.App.Set(tt.breakage, true); err != nil {
					t.Fatal(err)
				}
			}
			p, err := c.Prepare(ctx, client.PrepareRequest{DeploymentURL: tt.target, Claim: servertest.HomeClaim})
			if err != nil {
				t.Fatal(err)
			}
			if p.State != client.StateReviewRequired || !strings.HasPrefix(p.PlanID, "pln_") || p.ApproveURL == "" ||
				len(p.Requirements) == 0 || len(p.Journeys()) == 0 || !strings.HasPrefix(p.ContractID, "sha256:") || p.HumanReviewed {
				t.Fatalf("prepared plan: %+v", p)
			}
			if env.Charges(t) != charges {
				t.Fatal("preparing a plan charged")
			}
			got, err := c.GetPlan(ctx, p.PlanID)
			if err != nil || got.State != client.StatePending || got.ApproveURL != p.ApproveURL || got.Claim != servertest.HomeClaim {
				t.Fatalf("GetPlan: %+v, %v", got, err)
			}
			// A run before approval is refused, not retried.
			if _, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID}); client.ErrorCode(err) != client.CodePlanNotApproved {
				t.Fatalf("run of a pending plan: %v", err)
			}
			// The person approves once the SDK is polling.
			var once sync.Once
			approved, err := c.WaitForApproval(ctx, p.PlanID, func(pl *client.Plan) {
				if pl.State == client.StatePending {
					once.Do(func() { env.Approve(t, p.PlanID) })
				}
			})
			if err != nil || approved.State != client.StateApproved || !approved.HumanReviewed || len(approved.Approvals) != 1 ||
				approved.Approvals[0].By != env.Email || approved.Approvals[0].PlanHash != p.ContractID {
				t.Fatalf("WaitForApproval: %+v, %v", approved, err)
			}
			v, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID})
			// Queued, or running when the SDK retried a slow answer: the
			// replay of the Idempotency-Key answers the run as it is now.
			if err != nil || !strings.HasPrefix(v.ID, "ver_") || v.State != client.StateQueued && v.State != client.StateRunning || v.PlanID != p.PlanID {
				t.Fatalf("Run: %+v, %v", v, err)
			}
			charges++
			var sawProgress bool
			done, err := c.WaitForResult(ctx, v.ID, func(u *client.Verification) {
				if u.Progress != nil && len(u.Progress.Journeys) == len(p.Journeys()) {
					sawProgress = true
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			checkDone(t, c, done, tt.decision)
			// At the end the progress holds each journey's decision.
			if tt.decision != client.Blocked {
				if done.Progress == nil || len(done.Progress.Journeys) != len(p.Journeys()) || done.Progress.Journeys[0].Decision != tt.decision {
					t.Fatalf("final progress: %+v", done.Progress)
				}
			}
			// A failed run waits out its step's budget: seconds of polls.
			if tt.decision == client.Failed && !sawProgress {
				t.Fatal("WaitForResult reported no journey progress while the run went on")
			}
			if env.Charges(t) != charges {
				t.Fatalf("charges %d, want %d", env.Charges(t), charges)
			}
			if tt.decision != client.Failed {
				if _, err := c.Recheck(ctx, client.RecheckRequest{ID: v.ID}); client.ErrorCode(err) != client.CodeRecheckNotAllowed {
					t.Fatalf("re-check of a %s verification: %v", tt.decision, err)
				}
				return
			}
			env.App.Reset()
			rc, err := c.Recheck(ctx, client.RecheckRequest{ID: v.ID})
			if err != nil || rc.RecheckOf != v.ID || rc.ID == v.ID {
				t.Fatalf("Recheck: %+v, %v", rc, err)
			}
			charges++
			d2, err := c.WaitForResult(ctx, rc.ID, nil)
			if err != nil || d2.Decision != client.Verified || d2.RecheckOf != v.ID {
				t.Fatalf("re-check after the fix: %+v, %v", d2, err)
			}
		})
	}
}

// checkDone checks a completed record and downloads its evidence,
// checking every artifact's sha256.
func checkDone(t *testing.T, c *client.Client, v *client.Verification, decision string) {
	t.Helper()
	if !v.Done() || v.Decision != decision || !v.HumanReviewed || v.Evidence == nil || v.Evidence.ManifestURL == "" {
		t.Fatalf("completed record: %+v", v)
	}
	if (decision == client.Verified) != (v.RepairPrompt == "") {
		t.Errorf("decision %s with repair prompt %q", decision, v.RepairPrompt)
	}
	if decision != client.Blocked && len(v.Evidence.Artifacts) == 0 {
		t.Errorf("no artifacts")
	}
	ctx := context.Background()
	for _, a := range v.Evidence.Artifacts {
		var b bytes.Buffer
		if err := c.DownloadArtifact(ctx, a, &b); err != nil {
			t.Errorf("artifact %s: %v", a.URL, err)
		}
	}
	var m bytes.Buffer
	if _, _, err := c.DownloadEvidence(ctx, v.Evidence.ManifestURL, &m); err != nil || !bytes.Contains(m.Bytes(), []byte(`"decision"`)) {
		t.Errorf("manifest: %v %.200s", err, m.String())
	}
}

// Typed errors carry the envelope: code, message, request id and the
// fields of that code.
func TestErrors(t *testing.T) {
	env := servertest.Start(t, servertest.Options{NoWorkers: true})
	ctx := ctxFor(t)
	launch := newClient(t, env.URL, env.LaunchKey)
	read := newClient(t, env.URL, env.ReadKey)
	bad := newClient(t, env.URL, "vch_notakey")
	p, err := read.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: servertest.HomeClaim})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		call   func() error
		status int
		code   string
		check  func(*client.Error) bool
	}{
		{"unprovable claim", func() error {
			_, err := read.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: "The app is fast and everyone loves it"})
			return err
		}, 422, client.CodeClaimNotProvable, func(e *client.Error) bool { return e.RepairPrompt != "" }},
		{"dry run of an unprovable claim", func() error {
			_, err := read.DryRun(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: "The app is fast and everyone loves it"})
			return err
		}, 422, client.CodeClaimNotProvable, func(e *client.Error) bool { return e.RepairPrompt != "" }},
		{"no claim", func() error {
			_, err := read.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: " "})
			return err
		}, 400, client.CodeInvalidRequest, func(e *client.Error) bool { return e.Field == "claim" }},
		{"refused target", func() error {
			_, err := read.Prepare(ctx, client.PrepareRequest{DeploymentURL: "ftp://x", Claim: servertest.HomeClaim})
			return err
		}, 422, client.CodeTargetNotAllowed, nil},
		{"unknown key", func() error { _, err := bad.GetPlan(ctx, p.PlanID); return err }, 401, client.CodeUnauthorized, nil},
		{"read key cannot run", func() error { _, err := read.Run(ctx, client.RunRequest{PlanID: p.PlanID}); return err }, 403, client.CodeInsufficientScope, nil},
		{"pending plan", func() error { _, err := launch.Run(ctx, client.RunRequest{PlanID: p.PlanID}); return err }, 409, client.CodePlanNotApproved,
			func(e *client.Error) bool { return e.ApproveURL == p.ApproveURL }},
		{"unknown verification", func() error { _, err := read.Get(ctx, "ver_nope"); return err }, 404, client.CodeNotFound, nil},
		{"unknown plan", func() error { _, err := read.GetPlan(ctx, "pln_nope"); return err }, 404, client.CodeNotFound, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			var e *client.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *client.Error", err, err)
			}
			if e.Status != tt.status || e.Code != tt.code || e.Message == "" || !strings.HasPrefix(e.RequestID, "req_") {
				t.Fatalf("error %+v, want %d %s with a message and request id", e, tt.status, tt.code)
			}
			if tt.check != nil && !tt.check(e) {
				t.Fatalf("error lacks its fields: %+v", e)
			}
			if !strings.Contains(e.Error(), tt.code) || !strings.Contains(e.Error(), e.RequestID) {
				t.Fatalf("Error() = %q", e.Error())
			}
		})
	}

	// A dry run is free and its plan can be approved like a prepared one.
	d, err := read.DryRun(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: servertest.HomeClaim})
	if err != nil || !d.DryRun || d.ApproveURL == "" || len(d.Requirements) == 0 {
		t.Fatalf("DryRun: %+v, %v", d, err)
	}
	// A rejected plan ends WaitForApproval with plan_rejected and the reason.
	env.SignIn(t).Reject(t, d.PlanID, "wrong page")
	rp, err := read.WaitForApproval(ctx, d.PlanID, nil)
	if client.ErrorCode(err) != client.CodePlanRejected || !strings.Contains(err.Error(), "wrong page") || rp == nil || rp.State != client.StateRejected {
		t.Fatalf("WaitForApproval of a rejected plan: %+v, %v", rp, err)
	}
	if env.Charges(t) != 0 {
		t.Fatal("refusals, plans and dry runs charged")
	}
	// A context that ends stops a wait with the context's error.
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if _, err := read.WaitForApproval(short, p.PlanID, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("WaitForApproval past its deadline: %v", err)
	}
}

// proxy sits between the SDK and the real server on loopback and breaks
// chosen attempts the way networks and gateways do.
type proxy struct {
	t      *testing.T
	target *url.URL
	// act says what to do with the n-th attempt (from 1) of a request
	// that matches; requests that do not match are forwarded.
	match func(r *http.Request) bool
	act   func(n int) action

	mu       sync.Mutex
	attempts []attempt
}

type action int

const (
	forward         action = iota
	forwardThenDrop        // the server does the work, the answer is lost
	badGateway             // a gateway answers 502 without forwarding
)

type attempt struct {
	key    string
	at     time.Time
	status int // the server's, 0 if not forwarded
	action action
}

func newProxy(t *testing.T, target string, match func(*http.Request) bool, act func(n int) action) (*proxy, string) {
	u, _ := url.Parse(target)
	p := &proxy{t: t, target: u, match: match, act: act}
	ts := httptest.NewServer(p)
	t.Cleanup(ts.Close)
	return p, ts.URL
}

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	act := forward
	matched := p.match(r)
	if matched {
		p.mu.Lock()
		act = p.act(len(p.attempts) + 1)
		p.mu.Unlock()
	}
	status := 0
	var res *http.Response
	if act != badGateway {
		out, _ := http.NewRequestWithContext(r.Context(), r.Method, p.target.String()+r.URL.RequestURI(), bytes.NewReader(body))
		out.Header = r.Header.Clone()
		var err error
		res, err = http.DefaultTransport.RoundTrip(out)
		if err != nil {
			p.t.Errorf("proxy: %v", err)
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		status = res.StatusCode
	}
	if matched {
		p.mu.Lock()
		p.attempts = append(p.attempts, attempt{key: r.Header.Get("Idempotency-Key"), at: time.Now(), status: status, action: act})
		p.mu.Unlock()
	}
	switch act {
	case badGateway:
		http.Error(w, "upstream connect error", http.StatusBadGateway)
	case forwardThenDrop:
		_, _ = io.Copy(io.Discard, res.Body)
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			p.t.Errorf("proxy: hijack: %v", err)
			return
		}
		conn.Close()
	default:
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		_, _ = io.Copy(w, res.Body)
	}
}

func (p *proxy) log() []attempt {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]attempt(nil), p.attempts...)
}

// When the answer to a call that creates something is lost after the
// server did the work, the SDK retries with the same idempotency key and
// the server replays its answer: one plan, one run, one re-check, one
// charge each. Gateways' 502s are retried the same way; 4xx answers never.
func TestRetriesAreIdempotent(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	ctx := ctxFor(t)
	posts := func(r *http.Request) bool { return r.Method == "POST" }
	dropFirst := func(n int) action {
		if n == 1 {
			return forwardThenDrop
		}
		return forward
	}

	// Prepare: the first answer is lost.
	px, base := newProxy(t, env.URL, posts, dropFirst)
	c := newClient(t, base, env.LaunchKey)
	plans := env.Plans(t)
	p, err := c.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: servertest.HomeClaim})
	if err != nil {
		t.Fatal(err)
	}
	checkAttempts(t, "Prepare", px.log(), 2)
	if n := env.Plans(t); n != plans+1 {
		t.Fatalf("%d plans stored by one Prepare with a retry", n-plans)
	}
	env.Approve(t, p.PlanID)

	// Run: the first answer is lost.
	px, base = newProxy(t, env.URL, posts, dropFirst)
	c = newClient(t, base, env.LaunchKey)
	if err := env.App.Set("home-text", true); err != nil {
		t.Fatal(err)
	}
	v, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID})
	if err != nil {
		t.Fatal(err)
	}
	checkAttempts(t, "Run", px.log(), 2)
	if env.Verifications(t) != 1 || env.Charges(t) != 1 {
		t.Fatalf("one Run with a retry: %d verifications, %d charges", env.Verifications(t), env.Charges(t))
	}
	done, err := c.WaitForResult(ctx, v.ID, nil)
	if err != nil || done.Decision != client.Failed {
		t.Fatalf("run: %+v, %v", done, err)
	}

	// Recheck: a gateway answers 502 twice, then the answer is lost, then
	// it goes through.
	env.App.Reset()
	px, base = newProxy(t, env.URL, posts, func(n int) action {
		switch n {
		case 1, 2:
			return badGateway
		case 3:
			return forwardThenDrop
		}
		return forward
	})
	c = newClient(t, base, env.LaunchKey)
	rc, err := c.Recheck(ctx, client.RecheckRequest{ID: v.ID})
	if err != nil || rc.RecheckOf != v.ID {
		t.Fatalf("Recheck: %+v, %v", rc, err)
	}
	checkAttempts(t, "Recheck", px.log(), 4)
	if env.Verifications(t) != 2 || env.Charges(t) != 2 {
		t.Fatalf("one Recheck with retries: %d verifications, %d charges", env.Verifications(t), env.Charges(t))
	}
	// Two calls are two keys: a second Recheck is a second re-check.
	rc2, err := c.Recheck(ctx, client.RecheckRequest{ID: v.ID})
	if err != nil || rc2.ID == rc.ID {
		t.Fatalf("second Recheck: %+v, %v", rc2, err)
	}
	if l := px.log(); l[len(l)-1].key == l[0].key {
		t.Fatal("a second call reused the first call's idempotency key")
	}

	// A 4xx is never retried, even behind a flaky gateway.
	px, base = newProxy(t, env.URL, posts, func(int) action { return forward })
	c = newClient(t, base, env.LaunchKey)
	if _, err := c.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: ""}); client.ErrorCode(err) != client.CodeInvalidRequest {
		t.Fatalf("bad request: %v", err)
	}
	if n := len(px.log()); n != 1 {
		t.Fatalf("a 400 was sent %d times", n)
	}
	// With retries off, one 502 is the answer.
	px, base = newProxy(t, env.URL, posts, func(int) action { return badGateway })
	c0, _ := client.New(client.Config{BaseURL: base, APIKey: env.LaunchKey, MaxRetries: -1})
	if _, err := c0.Prepare(ctx, client.PrepareRequest{DeploymentURL: env.AppURL, Claim: servertest.HomeClaim}); client.ErrorCode(err) != "http_502" || len(px.log()) != 1 {
		t.Fatalf("no retries: %v after %d attempts", err, len(px.log()))
	}
}

// checkAttempts checks that a call reached the proxy n times, all with
// one idempotency key, and that the server answered exactly one attempt
// with new work: every later attempt it answered was a replay.
func checkAttempts(t *testing.T, call string, log []attempt, n int) {
	t.Helper()
	if len(log) != n {
		t.Fatalf("%s: %d attempts, want %d: %+v", call, len(log), n, log)
	}
	for _, a := range log {
		if a.key == "" || a.key != log[0].key {
			t.Fatalf("%s: idempotency keys differ across retries: %+v", call, log)
		}
		if a.status != 0 && a.status != http.StatusAccepted {
			t.Fatalf("%s: the server answered %d: %+v", call, a.status, log)
		}
	}
}

// A 429 rate_limited answer is retried no sooner than its Retry-After.
func TestRateLimitRetryAfter(t *testing.T) {
	env := servertest.Start(t, servertest.Options{RateLimit: 0.5, NoWorkers: true})
	ctx := ctxFor(t)
	gets := func(r *http.Request) bool { return r.Method == "GET" }
	px, base := newProxy(t, env.URL, gets, func(int) action { return forward })
	c := newClient(t, base, env.ReadKey)
	// The burst is 1 request; the second at once is limited.
	for i := range 2 {
		if _, err := c.Get(ctx, "ver_nope"); client.ErrorCode(err) != client.CodeNotFound {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	log := px.log()
	if len(log) != 3 || log[1].status != http.StatusTooManyRequests || log[2].status != http.StatusNotFound {
		t.Fatalf("attempts: %+v", log)
	}
	// Retry-After is whole seconds: at least 1.
	if gap := log[2].at.Sub(log[1].at); gap < 900*time.Millisecond {
		t.Fatalf("retried %v after a 429, before its Retry-After", gap)
	}
}
