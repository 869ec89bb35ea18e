package e2e

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"github.com/vouchdev/vouch/service"
)

// 50 concurrent creates with one idempotency key: exactly one plan, no
// charge; every 202 is the same bytes; the rest are 409 in progress; a
// later retry replays the first answer byte for byte.
func TestConcurrentCreatesOneIdempotencyKey(t *testing.T) {
	e := start(t, options{noWorkers: true})
	body := map[string]any{"deployment_url": e.appURL, "claim": homeClaim}
	rs := e.parallel(50, func(int) req {
		return req{method: "POST", path: "/api/v1/verifications", key: e.read, body: body, header: map[string]string{"Idempotency-Key": "create-once"}}
	})
	var first []byte
	ok, busy := 0, 0
	for _, r := range rs {
		switch r.status {
		case http.StatusAccepted:
			ok++
			if first == nil {
				first = r.body
			} else if !bytes.Equal(first, r.body) {
				t.Fatalf("two different 202 bodies:\n%s\n%s", first, r.body)
			}
		case http.StatusConflict:
			busy++
			checkEnvelope(t, r, 409, "idempotency_request_in_progress")
		default:
			t.Fatalf("unexpected %d %s", r.status, r.body)
		}
	}
	if ok == 0 {
		t.Fatal("no create succeeded")
	}
	plans, err := e.svc.ListPlans(context.Background(), "", 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != 1 {
		t.Fatalf("%d plans, want exactly 1 (%d ok, %d in progress)", len(plans), ok, busy)
	}
	if n := e.usageTotal(); n != 0 {
		t.Fatalf("%d charges, want 0", n)
	}
	// A retry now replays the first answer exactly; /v1 is the same
	// operation.
	for _, p := range []string{"/api/v1/verifications", "/v1/verifications"} {
		r := e.do(req{method: "POST", path: p, key: e.read, body: body, header: map[string]string{"Idempotency-Key": "create-once"}})
		if r.status != http.StatusAccepted || !bytes.Equal(r.body, first) || r.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry on %s: %d replayed=%q\n%s\nfirst:\n%s", p, r.status, r.header.Get("Idempotent-Replayed"), r.body, first)
		}
	}
	// The key is scoped to the calling key: another key with the same
	// idempotency key is a new request.
	r := e.do(req{method: "POST", path: "/api/v1/verifications", key: e.launch, body: body, header: map[string]string{"Idempotency-Key": "create-once"}})
	if r.status != http.StatusAccepted || bytes.Equal(r.body, first) {
		t.Fatalf("another key's request was replayed: %d %s", r.status, r.body)
	}
}

// 50 concurrent run starts with one idempotency key: one run, one charge.
func TestConcurrentRunStartsOneIdempotencyKey(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.approved(e.appURL, homeClaim)
	body := map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "reviewed_plan_id": planID}
	rs := e.parallel(50, func(int) req {
		return req{method: "POST", path: "/api/v1/verifications", key: e.launch, body: body, header: map[string]string{"Idempotency-Key": "start-once"}}
	})
	ids := map[string]bool{}
	for _, r := range rs {
		switch r.status {
		case http.StatusAccepted:
			ids[r.str(t, "id")] = true
		case http.StatusConflict:
			checkEnvelope(t, r, 409, "idempotency_request_in_progress")
		default:
			t.Fatalf("unexpected %d %s", r.status, r.body)
		}
	}
	vs, err := e.svc.ListVerifications(context.Background(), service.VerificationFilter{PlanID: planID})
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 1 || len(vs) != 1 {
		t.Fatalf("%d ids answered, %d runs stored; want 1 and 1", len(ids), len(vs))
	}
	if n := e.usageTotal(); n != 1 {
		t.Fatalf("%d charges, want 1", n)
	}
	// Without an idempotency key, a second start is a second run (and
	// charge): the key is what makes a retry safe.
	e.startRun(planID, e.appURL, homeClaim)
	if n := e.usageTotal(); n != 2 {
		t.Fatalf("%d charges, want 2", n)
	}
}

// Errors are not stored under the key: after a refused start (plan not
// yet approved), the same key and body run once the plan is approved.
func TestIdempotencyDoesNotStoreErrors(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	body := map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "reviewed_plan_id": planID}
	h := map[string]string{"Idempotency-Key": "after-approval"}
	checkEnvelope(t, e.do(req{method: "POST", path: "/api/v1/verifications", key: e.launch, body: body, header: h}), 409, "plan_not_approved")
	if r := e.signIn(e.email, e.password).approve(planID); r.status != 200 {
		t.Fatalf("approve: %d", r.status)
	}
	r := e.do(req{method: "POST", path: "/api/v1/verifications", key: e.launch, body: body, header: h})
	if r.status != http.StatusAccepted {
		t.Fatalf("start after approval: %d %s", r.status, r.body)
	}
	again := e.do(req{method: "POST", path: "/api/v1/verifications", key: e.launch, body: body, header: h})
	if !bytes.Equal(again.body, r.body) || e.usageTotal() != 1 {
		t.Fatalf("replay differs or charged twice: %s / %s, %d charges", r.body, again.body, e.usageTotal())
	}
}
