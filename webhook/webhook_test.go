package webhook_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/webhook"
)

// Sign's output is what the Standard Webhooks library accepts, and any
// change to the id, the timestamp, the body or the secret is refused.
func TestSignMatchesLibrary(t *testing.T) {
	secret, err := webhook.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	other, _ := webhook.NewSecret()
	if !strings.HasPrefix(secret, "whsec_") || secret == other {
		t.Fatalf("secrets %q, %q", secret, other)
	}
	if key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_")); err != nil || len(key) != 32 {
		t.Fatalf("secret key: %d bytes, %v", len(key), err)
	}
	now := time.Now()
	body := []byte(`{"type":"verification.completed","data":{"id":"ver_1"}}`)
	headers := func(id string, ts time.Time, b []byte, s string) http.Header {
		sig, err := webhook.Sign(s, id, ts, b)
		if err != nil {
			t.Fatal(err)
		}
		h := http.Header{}
		h.Set("webhook-id", id)
		h.Set("webhook-timestamp", strconv.FormatInt(ts.Unix(), 10))
		h.Set("webhook-signature", sig)
		return h
	}
	good := headers("evt_1", now, body, secret)
	tests := []struct {
		name    string
		body    []byte
		header  http.Header
		secret  string
		wantErr bool
	}{
		{"as signed", body, good, secret, false},
		{"tampered body", bytes.Replace(body, []byte("ver_1"), []byte("ver_2"), 1), good, secret, true},
		{"one byte appended", append(append([]byte{}, body...), ' '), good, secret, true},
		{"other secret", body, good, other, true},
		{"id changed", body, func() http.Header { h := good.Clone(); h.Set("webhook-id", "evt_2"); return h }(), secret, true},
		{"timestamp changed", body, func() http.Header {
			h := good.Clone()
			h.Set("webhook-timestamp", strconv.FormatInt(now.Unix()+1, 10))
			return h
		}(), secret, true},
		{"too old", body, headers("evt_1", now.Add(-10*time.Minute), body, secret), secret, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wh, err := standardwebhooks.NewWebhook(tt.secret)
			if err != nil {
				t.Fatal(err)
			}
			err = wh.Verify(tt.body, tt.header)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Verify = %v, want error: %v", err, tt.wantErr)
			}
		})
	}
	if _, err := webhook.Sign("not-a-secret", "evt_1", now, body); err == nil {
		t.Error("Sign accepted a secret without the whsec_ prefix")
	}
}

// A completed verification reaches a registered receiver once, signed, with
// the documented payload; a receiver holding the same request with one
// byte of the body changed refuses it.
func TestDeliveredAndVerified(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, http.StatusOK)
	ep := e.register(rcv.URL())
	rcv.secret = ep.Secret
	first, _ := e.complete(outcome{decision: "failed", reason: "the heading was missing", repair: "Put the heading back."})
	id, evt := e.complete(outcome{decision: "failed", reason: "still missing", repair: "Fix it.", recheckOf: first})
	if n := e.runOnce(); n != 2 {
		t.Fatalf("attempts = %d, want 2", n)
	}
	if n := e.runOnce(); n != 0 {
		t.Fatalf("a second pass made %d attempts", n)
	}
	got := rcv.requests()
	if len(got) != 2 {
		t.Fatalf("receiver got %d requests, want 2", len(got))
	}
	var req received
	for _, r := range got {
		if r.verifyErr != nil {
			t.Fatalf("signature refused: %v", r.verifyErr)
		}
		if r.header.Get("webhook-id") == evt {
			req = r
		}
	}
	if req.body == nil {
		t.Fatalf("no request carried webhook-id %s", evt)
	}
	if ct := req.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	m := eventBody(t, req.body)
	if m["type"] != "verification.completed" || m["timestamp"] == nil {
		t.Errorf("envelope = %v", m)
	}
	data, _ := m["data"].(map[string]any)
	want := map[string]any{
		"id": id, "state": "completed", "decision": "failed", "reason": "still missing", "claim": claim,
		"repair_prompt": "Fix it.", "recheck_of": first, "human_reviewed": true,
		"result_url": "http://127.0.0.1:9/console/verifications/" + id,
		"url":        "http://127.0.0.1:9/api/v1/verifications/" + id,
	}
	for k, v := range want {
		if data[k] != v {
			t.Errorf("data.%s = %v, want %v", k, data[k], v)
		}
	}
	reqs, _ := data["requirements"].([]any)
	if len(reqs) != 1 || reqs[0].(map[string]any)["result"] != "not_met" {
		t.Errorf("requirements = %v", data["requirements"])
	}
	ev, _ := data["evidence"].(map[string]any)
	arts, _ := ev["artifacts"].([]any)
	if ev["manifest_url"] != "http://127.0.0.1:9/api/v1/verifications/"+id+"/evidence/manifest.json" || len(arts) != 1 ||
		arts[0].(map[string]any)["url"] != "http://127.0.0.1:9/api/v1/verifications/"+id+"/evidence/j1-s1.jpg" {
		t.Errorf("evidence = %v", data["evidence"])
	}

	// The receiver's check, on the same headers with the body tampered.
	wh, _ := standardwebhooks.NewWebhook(ep.Secret)
	tampered := bytes.Replace(req.body, []byte(`"decision":"failed"`), []byte(`"decision":"verified"`), 1)
	if bytes.Equal(tampered, req.body) {
		t.Fatal("the tampering changed nothing")
	}
	if err := wh.Verify(tampered, req.header); !errors.Is(err, standardwebhooks.ErrNoMatchingSignature) {
		t.Errorf("tampered body: Verify = %v, want ErrNoMatchingSignature", err)
	}
	if err := wh.Verify(req.body, req.header); err != nil {
		t.Errorf("untampered body: Verify = %v", err)
	}

	ds := e.deliveries(ep.ID)
	if len(ds) != 2 || ds[0].State != store.DeliveryDelivered || ds[0].Attempts != 1 || ds[0].LastStatus != 200 {
		t.Errorf("delivery log = %+v", ds)
	}
}

// A receiver that fails three times (500, 503, 429), then recovers, gets
// the event; every attempt has the same webhook-id and body, a fresh
// timestamp and a valid signature; waits follow the backoff.
func TestFailingThenRecovering(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, 500, 503, 429, 200)
	ep := e.register(rcv.URL())
	rcv.secret = ep.Secret
	_, evt := e.complete(outcome{decision: "verified"})
	for i := range 4 {
		if n := e.runOnce(); n != 1 {
			t.Fatalf("pass %d: %d attempts, want 1", i, n)
		}
		if n := e.runOnce(); n != 0 {
			t.Fatalf("pass %d: an attempt before the backoff ended", i)
		}
		ds := e.deliveries(ep.ID)
		if i < 3 {
			if ds[0].State != store.DeliveryPending {
				t.Fatalf("after attempt %d: %s", i+1, ds[0].State)
			}
			// With jitter 0.5 the wait is ¾ of 10 s·2^i.
			wait := ds[0].NextAttemptAt.Sub(e.clock.Now())
			if want := time.Duration(float64(10*time.Second<<i) * 0.75); wait != want {
				t.Errorf("wait after attempt %d = %s, want %s", i+1, wait, want)
			}
			e.clock.Set(ds[0].NextAttemptAt)
		}
	}
	got := rcv.requests()
	if len(got) != 4 {
		t.Fatalf("receiver got %d requests, want 4", len(got))
	}
	for i, r := range got {
		if r.verifyErr != nil {
			t.Errorf("request %d: signature refused: %v", i, r.verifyErr)
		}
		if r.header.Get("webhook-id") != evt {
			t.Errorf("request %d: webhook-id %q, want %q", i, r.header.Get("webhook-id"), evt)
		}
		if !bytes.Equal(r.body, got[0].body) {
			t.Errorf("request %d: body differs from the first", i)
		}
		if i > 0 && r.header.Get("webhook-timestamp") == got[0].header.Get("webhook-timestamp") {
			t.Errorf("request %d: timestamp not refreshed", i)
		}
	}
	d, attempts := e.delivery(ep.ID, e.deliveries(ep.ID)[0].ID)
	if d.State != store.DeliveryDelivered || d.Attempts != 4 || len(attempts) != 4 {
		t.Fatalf("delivery %+v with %d attempts", d, len(attempts))
	}
	for i, want := range []int{500, 503, 429, 200} {
		if attempts[i].Status != want || (want == 200) != (attempts[i].Error == "") {
			t.Errorf("attempt %d = %+v", i+1, attempts[i])
		}
	}
	if !strings.Contains(attempts[0].Response, "status 500") {
		t.Errorf("attempt 1 response %q", attempts[0].Response)
	}
}

// A receiver that never answers 2xx is retried with growing, jittered
// waits for at least 24 hours after the event, then given up on.
func TestRetriesForADay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	e := newEnv(t, options{jitter: rng.Float64})
	rcv := newReceiver(t, 500)
	ep := e.register(rcv.URL())
	rcv.secret, rcv.tolerant = ep.Secret, true
	e.complete(outcome{decision: "blocked", reason: "DNS"})
	start := e.clock.Now()
	var times []time.Time
	for range 100 {
		if n := e.runOnce(); n != 1 {
			t.Fatalf("attempt %d: %d attempts made", len(times)+1, n)
		}
		times = append(times, e.clock.Now())
		d := e.deliveries(ep.ID)[0]
		if d.State == store.DeliveryFailed {
			if !strings.Contains(d.LastError, "giving up") {
				t.Errorf("last error %q", d.LastError)
			}
			break
		}
		e.clock.Set(d.NextAttemptAt)
	}
	last := times[len(times)-1]
	if last.Sub(start) < 24*time.Hour {
		t.Fatalf("gave up %s after the event, before 24 h", last.Sub(start))
	}
	if len(times) < 10 {
		t.Errorf("only %d attempts in a day", len(times))
	}
	for i := 1; i < len(times); i++ {
		base := min(10*time.Second<<(i-1), 4*time.Hour)
		if wait := times[i].Sub(times[i-1]); wait < base/2 || wait > base {
			t.Errorf("wait %d = %s, want within [%s, %s]", i, wait, base/2, base)
		}
	}
	// The previous attempt was less than 24 h after the event: giving up
	// happens at the first failure past it.
	if prev := times[len(times)-2]; prev.Sub(start) >= 24*time.Hour {
		t.Errorf("kept retrying past 24 h (attempt at %s)", prev.Sub(start))
	}
	if n := len(rcv.requests()); n != len(times) {
		t.Errorf("receiver got %d requests for %d attempts", n, len(times))
	}
}

// 410 Gone disables the endpoint: the delivery fails without retries and
// later events are not sent to it; enabling it and redelivering sends
// the same webhook-id again.
func TestGoneDisablesEndpoint(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, http.StatusGone, http.StatusOK)
	ep := e.register(rcv.URL())
	rcv.secret = ep.Secret
	_, evt := e.complete(outcome{decision: "verified"})
	e.runOnce()
	got, _ := e.wh.GetEndpoint(e.ctx, ep.ID)
	if !got.Disabled || !strings.Contains(got.DisabledReason, "410") {
		t.Fatalf("endpoint after 410 = %+v", got)
	}
	d := e.deliveries(ep.ID)[0]
	if d.State != store.DeliveryFailed || d.LastStatus != 410 {
		t.Fatalf("delivery after 410 = %+v", d)
	}
	e.complete(outcome{decision: "verified"})
	if n := e.runOnce(); n != 0 {
		t.Errorf("%d attempts to a disabled endpoint", n)
	}
	if n := len(e.deliveries(ep.ID)); n != 1 {
		t.Errorf("a disabled endpoint got %d deliveries, want 1", n)
	}

	on := true
	if _, err := e.wh.UpdateEndpoint(e.ctx, ep.ID, webhook.EndpointUpdate{Enabled: &on}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.wh.Redeliver(e.ctx, ep.ID, d.ID); err != nil {
		t.Fatal(err)
	}
	if n := e.runOnce(); n != 1 {
		t.Fatalf("redelivery: %d attempts", n)
	}
	reqs := rcv.requests()
	if len(reqs) != 2 || reqs[1].header.Get("webhook-id") != evt || reqs[1].verifyErr != nil {
		t.Fatalf("redelivered request: %d requests, id %q, verify %v", len(reqs), reqs[len(reqs)-1].header.Get("webhook-id"), reqs[len(reqs)-1].verifyErr)
	}
	if d, _ := e.delivery(ep.ID, d.ID); d.State != store.DeliveryDelivered || d.Attempts != 2 {
		t.Errorf("after redelivery: %+v", d)
	}
}

// A redirect is never followed: the attempt fails with the 3xx and the
// redirect's target is never contacted.
func TestRedirectNotFollowed(t *testing.T) {
	e := newEnv(t, options{})
	target := newCanary(t, "127.0.0.1:0")
	for _, status := range []int{301, 302, 307, 308} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			rcv := newReceiver(t, status)
			rcv.redirect = target.URL()
			ep := e.register(rcv.URL())
			e.complete(outcome{decision: "verified"})
			e.runOnce()
			d := e.deliveries(ep.ID)[0]
			if d.State != store.DeliveryPending || d.LastStatus != status || !strings.Contains(d.LastError, "redirects are not followed") {
				t.Errorf("delivery = %+v", d)
			}
			if err := e.wh.DeleteEndpoint(e.ctx, ep.ID); err != nil {
				t.Fatal(err)
			}
		})
	}
	if n := target.Hits(); n != 0 {
		t.Errorf("the redirect target was contacted %d times", n)
	}
}

// Deliveries obey the target policy: registration refuses a denied or
// metadata address with the policy's reason, and a delivery to an
// endpoint the policy refuses by the time it is sent (registered before
// the deny entry) fails at once without a connection. 127.0.0.2 stands in
// for a forbidden address, with a canary listening on it.
func TestPolicyRefusesDelivery(t *testing.T) {
	cnry := newCanary(t, "127.0.0.2:0")
	policy := &netpolicy.Policy{Deny: []string{"127.0.0.2"}}
	e := newEnv(t, options{policy: policy})
	for _, u := range []string{cnry.URL(), "http://169.254.169.254/latest/meta-data/", "http://metadata.google.internal/x"} {
		_, err := e.wh.CreateEndpoint(e.ctx, e.person, webhook.NewEndpoint{URL: u})
		var se *service.Error
		if !errors.As(err, &se) || se.Code != service.CodeTargetNotAllowed || se.Field != "url" {
			t.Errorf("registering %s: %v, want target_not_allowed on url", u, err)
		}
	}
	for _, u := range []string{"", "ftp://127.0.0.1/x", "http://user:pw@127.0.0.1/x", "not a url"} {
		_, err := e.wh.CreateEndpoint(e.ctx, e.person, webhook.NewEndpoint{URL: u})
		if service.ErrorCode(err) != service.CodeInvalidRequest {
			t.Errorf("registering %q: %v, want invalid_request", u, err)
		}
	}
	// As if registered before the policy denied it.
	secret, _ := webhook.NewSecret()
	ep := &store.WebhookEndpoint{ID: "whe_old", URL: cnry.URL(), Secret: secret, Events: []string{webhook.EventCompleted}, CreatedAt: e.clock.Now()}
	if err := e.st.CreateWebhookEndpoint(e.ctx, ep); err != nil {
		t.Fatal(err)
	}
	e.complete(outcome{decision: "verified"})
	if n := e.runOnce(); n != 1 {
		t.Fatalf("%d attempts", n)
	}
	d := e.deliveries(ep.ID)[0]
	if d.State != store.DeliveryFailed || !strings.Contains(d.LastError, "refused by the target policy") || d.LastStatus != 0 {
		t.Errorf("delivery = %+v", d)
	}
	if n := cnry.Hits(); n != 0 {
		t.Errorf("the refused address was contacted %d times", n)
	}
}

// The chat channel gets one Slack-format message per completed
// verification, with the decision, the claim and the result link.
func TestChannelMessage(t *testing.T) {
	ch := newReceiver(t, http.StatusOK)
	e := newEnv(t, options{notifyURL: ch.URL()})
	idV, _ := e.complete(outcome{decision: "verified"})
	idF, _ := e.complete(outcome{decision: "failed", reason: "the heading <h1> was missing\nmore", repair: "x"})
	e.runOnce()
	got := ch.requests()
	if len(got) != 2 {
		t.Fatalf("channel got %d messages", len(got))
	}
	texts := map[string]string{}
	for _, r := range got {
		m := eventBody(t, r.body)
		if len(m) != 1 {
			t.Errorf("message has fields besides text: %v", m)
		}
		text, _ := m["text"].(string)
		if r.header.Get("webhook-signature") != "" {
			t.Error("the channel message is signed: Slack has no secret to check it")
		}
		for _, id := range []string{idV, idF} {
			if strings.Contains(text, id) {
				texts[id] = text
			}
		}
	}
	tests := []struct {
		id   string
		want []string
	}{
		{idV, []string{"✅ *verified*", "“The home page shows \"Welcome\"”", "<http://127.0.0.1:9/console/verifications/" + idV + "|" + idV + ">"}},
		{idF, []string{"❌ *failed*", "the heading &lt;h1&gt; was missing", "<http://127.0.0.1:9/console/verifications/" + idF + "|" + idF + ">"}},
	}
	for _, tt := range tests {
		for _, w := range tt.want {
			if !strings.Contains(texts[tt.id], w) {
				t.Errorf("message for %s lacks %q:\n%s", tt.id, w, texts[tt.id])
			}
		}
	}
	if strings.Contains(texts[idF], "more") {
		t.Errorf("message carries more than the reason's first line:\n%s", texts[idF])
	}
	if ds := e.deliveries(webhook.ChannelID); len(ds) != 2 || ds[0].State != store.DeliveryDelivered {
		t.Errorf("channel log = %+v", ds)
	}
}

// Deleting an endpoint cancels its pending deliveries; its log stays.
func TestDeleteCancelsPending(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, 500)
	ep := e.register(rcv.URL())
	e.complete(outcome{decision: "verified"})
	e.runOnce()
	d := e.deliveries(ep.ID)[0]
	if err := e.wh.DeleteEndpoint(e.ctx, ep.ID); err != nil {
		t.Fatal(err)
	}
	e.clock.Set(d.NextAttemptAt)
	if n := e.runOnce(); n != 0 {
		t.Errorf("%d attempts after deletion", n)
	}
	got, _, err := e.st.GetWebhookDelivery(e.ctx, d.ID)
	if err != nil || got.State != store.DeliveryCancelled {
		t.Errorf("after deletion: %+v, %v", got, err)
	}
	if _, err := e.wh.GetEndpoint(e.ctx, ep.ID); service.ErrorCode(err) != service.CodeNotFound {
		t.Errorf("GetEndpoint after deletion: %v", err)
	}
}

// Start/Stop: the background deliverer sends what is due without being
// driven, and Stop waits for an attempt in flight.
func TestBackgroundDelivery(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, http.StatusOK)
	rcv.hold = make(chan struct{})
	ep := e.register(rcv.URL())
	rcv.secret = ep.Secret
	e.complete(outcome{decision: "verified"})
	if err := e.wh.Start(e.ctx); err != nil {
		t.Fatal(err)
	}
	e.wh.Kick()
	<-rcv.arrived // the attempt is in flight
	stopped := make(chan error, 1)
	go func() { stopped <- e.wh.Stop(context.Background()) }()
	close(rcv.hold)
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	if d := e.deliveries(ep.ID)[0]; d.State != store.DeliveryDelivered {
		t.Errorf("after Stop: %+v", d)
	}
}

// An event whose verification cannot be read (removed by hand, say) is
// still delivered, with the outbox's own payload as its data.
func TestEventWithoutVerification(t *testing.T) {
	e := newEnv(t, options{})
	rcv := newReceiver(t, http.StatusOK)
	ep := e.register(rcv.URL())
	rcv.secret = ep.Secret
	now := e.clock.Now()
	if _, err := e.st.DB().ExecContext(e.ctx, `INSERT INTO webhook_outbox (id, type, payload, created_at, next_attempt_at)
		VALUES ('evt_orphan', 'verification.completed', '{"verification_id":"ver_gone","decision":"verified"}', ?, ?)`,
		now.UnixMilli(), now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if n := e.runOnce(); n != 1 {
		t.Fatalf("%d attempts", n)
	}
	got := rcv.requests()
	if len(got) != 1 || got[0].verifyErr != nil || got[0].header.Get("webhook-id") != "evt_orphan" {
		t.Fatalf("requests: %+v", got)
	}
	data, _ := eventBody(t, got[0].body)["data"].(map[string]any)
	if data["verification_id"] != "ver_gone" || data["decision"] != "verified" {
		t.Errorf("data = %v", data)
	}
}
