package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
)

// declared checks that openapi.json lists code, with status, for the
// operation method path (in its /api/v1 spelling).
func declared(t *testing.T, method, path, code string, status int) {
	t.Helper()
	var doc struct {
		Codes map[string]int `json:"x-error-codes"`
		Paths map[string]map[string]struct {
			Codes []string `json:"x-error-codes"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Codes[code] != status {
		t.Errorf("openapi.json maps %s to %d; the server answered %d", code, doc.Codes[code], status)
	}
	ops := doc.Paths[path]
	op, ok := ops[strings.ToLower(method)]
	if !ok && code == "method_not_allowed" {
		// A method the path does not have: its operations declare the 405.
		for _, o := range ops {
			op, ok = o, true
		}
	}
	if !ok {
		t.Errorf("openapi.json has no %s %s", method, path)
		return
	}
	for _, c := range op.Codes {
		if c == code {
			return
		}
	}
	t.Errorf("openapi.json does not list %s for %s %s", code, method, path)
}

// Every error code the API answers without running a browser, each with
// its status, the envelope, X-Request-Id equal to request_id, and its
// entry in openapi.json. The codes that need a completed run are in
// TestRecheckRefusals; internal_error is api's panic test.
func TestErrorCodes(t *testing.T) {
	e := start(t, options{noWorkers: true})
	pending := e.plan(e.appURL, homeClaim)
	approvedID := e.approved(e.appURL, homeClaim+" today")
	rejectedID := e.plan(e.appURL, homeClaim+" now")
	e.signIn(e.email, e.password).reject(rejectedID, "wrong page")
	tampered := e.approved(e.appURL, `The about page shows "About us"`)
	tamper(t, e, tampered)
	decided := e.approved(e.appURL, `The docs page shows "Documentation"`)
	queued := e.startRun(approvedID, e.appURL, homeClaim+" today")

	revoked, revokedID := e.newKey(auth.ScopeLaunch)
	if _, err := e.svc.RevokeKey(context.Background(), revokedID); err != nil {
		t.Fatal(err)
	}
	unknown, _ := auth.GenerateKey()
	good := map[string]any{"deployment_url": e.appURL, "claim": homeClaim}
	p := e.signIn(e.email, e.password)

	const (
		create  = "/api/v1/verifications"
		getV    = "/api/v1/verifications/{id}"
		getP    = "/api/v1/verifications/plans/{id}"
		approve = "/api/v1/verifications/plans/{id}/approve"
		recheck = "/api/v1/verifications/{id}/recheck"
		usage   = "/api/v1/usage"
		evid    = "/api/v1/verifications/{id}/evidence/{file}"
	)
	type tc struct {
		name   string
		r      req
		client *http.Client // default e.hc
		status int
		code   string
		op     string // openapi path
		check  func(t *testing.T, env map[string]any, r resp)
	}
	withField := func(f string) func(t *testing.T, env map[string]any, r resp) {
		return func(t *testing.T, env map[string]any, r resp) {
			if env["field"] != f || !strings.Contains(env["message"].(string), f) {
				t.Errorf("field %v, message %q; want both to name %q", env["field"], env["message"], f)
			}
		}
	}
	tests := []tc{
		{name: "no key", r: req{method: "POST", path: create, body: good}, status: 401, code: "unauthorized", op: create},
		{name: "malformed key", r: req{method: "POST", path: create, key: "vch_nope", body: good}, status: 401, code: "unauthorized", op: create},
		{name: "key with a typo", r: req{method: "POST", path: create, key: e.launch[:10] + flip(e.launch[10]) + e.launch[11:], body: good}, status: 401, code: "unauthorized", op: create},
		{name: "unknown key", r: req{method: "POST", path: create, key: unknown.Secret, body: good}, status: 401, code: "unauthorized", op: create},
		{name: "revoked key", r: req{method: "POST", path: create, key: revoked, body: good}, status: 401, code: "unauthorized", op: create},
		{name: "bearer garbage", r: req{method: "GET", path: "/api/v1/usage", header: map[string]string{"Authorization": "Bearer nope"}}, status: 401, code: "unauthorized", op: usage},
		{name: "unknown field", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": e.appURL, "claim": "x", "colour": 1}}, status: 400, code: "invalid_request", op: create, check: withField("colour")},
		{name: "wrong type", r: req{method: "POST", path: create, key: e.read, body: `{"deployment_url":"` + e.appURL + `","claim":["a"]}`}, status: 400, code: "invalid_request", op: create, check: withField("claim")},
		{name: "wrong type bool", r: req{method: "POST", path: create, key: e.read, body: `{"deployment_url":"` + e.appURL + `","claim":"c","dry_run":"yes"}`}, status: 400, code: "invalid_request", op: create, check: withField("dry_run")},
		{name: "missing claim", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": e.appURL}}, status: 400, code: "invalid_request", op: create, check: withField("claim")},
		{name: "missing deployment_url", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"claim": homeClaim}}, status: 400, code: "invalid_request", op: create, check: withField("deployment_url")},
		{name: "not JSON", r: req{method: "POST", path: create, key: e.read, body: `{"claim":`}, status: 400, code: "invalid_request", op: create},
		{name: "empty body", r: req{method: "POST", path: create, key: e.read, body: ``}, status: 400, code: "invalid_request", op: create},
		{name: "dry run with a reviewed plan", r: req{method: "POST", path: create, key: e.launch, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "dry_run": true, "reviewed_plan_id": approvedID}}, status: 400, code: "invalid_request", op: create, check: withField("dry_run")},
		{name: "idempotency key over 255", r: req{method: "POST", path: create, key: e.read, body: good, header: map[string]string{"Idempotency-Key": strings.Repeat("k", 256)}}, status: 400, code: "invalid_request", op: create, check: withField("Idempotency-Key")},
		{name: "bad usage day", r: req{method: "GET", path: usage + "?from=yesterday", key: e.read}, status: 400, code: "invalid_request", op: usage, check: withField("from")},
		{name: "body over 1 MiB", r: req{method: "POST", path: create, key: e.read, body: `{"claim":"` + strings.Repeat("x", 2<<20) + `"}`}, status: 413, code: "payload_too_large", op: create},
		{name: "not JSON content type", r: req{method: "POST", path: create, key: e.read, body: `{}`, header: map[string]string{"Content-Type": "text/plain"}}, status: 415, code: "unsupported_media_type", op: create},
		{name: "method", r: req{method: "DELETE", path: create, key: e.read}, status: 405, code: "method_not_allowed", op: create,
			check: func(t *testing.T, _ map[string]any, r resp) {
				if r.header.Get("Allow") != "POST" {
					t.Errorf("Allow %q", r.header.Get("Allow"))
				}
			}},
		{name: "method on /v1", r: req{method: "PUT", path: "/v1/usage", key: e.read}, status: 405, code: "method_not_allowed", op: usage,
			check: func(t *testing.T, _ map[string]any, r resp) {
				if r.header.Get("Allow") != "GET, HEAD" {
					t.Errorf("Allow %q", r.header.Get("Allow"))
				}
			}},
		{name: "unknown verification", r: req{method: "GET", path: "/api/v1/verifications/ver_nope", key: e.read}, status: 404, code: "not_found", op: getV},
		{name: "unknown plan", r: req{method: "GET", path: "/v1/verifications/plans/pln_nope", key: e.read}, status: 404, code: "not_found", op: getP},
		{name: "run of an unknown plan", r: req{method: "POST", path: create, key: e.launch, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "reviewed_plan_id": "pln_nope"}}, status: 404, code: "not_found", op: create},
		{name: "evidence of a queued run", r: req{method: "GET", path: "/api/v1/verifications/" + queued + "/evidence/manifest.json", key: e.read}, status: 404, code: "evidence_not_available", op: evid},
		{name: "read key starts a run", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim + " today", "reviewed_plan_id": approvedID}}, status: 403, code: "insufficient_scope", op: create},
		{name: "read key re-checks", r: req{method: "POST", path: "/api/v1/verifications/" + queued + "/recheck", key: e.read}, status: 403, code: "insufficient_scope", op: recheck},
		{name: "key approves", r: req{method: "POST", path: "/api/v1/verifications/plans/" + pending + "/approve", key: e.launch}, status: 403, code: "plan_requires_human", op: approve},
		{name: "person without CSRF token", r: req{method: "POST", path: "/api/v1/verifications/plans/" + pending + "/approve"}, client: p.c, status: 403, code: "csrf_failed", op: approve},
		{name: "person from another site", r: req{method: "POST", path: "/api/v1/verifications/plans/" + pending + "/approve", header: map[string]string{"X-CSRF-Token": p.csrf, "Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"}}, client: p.c, status: 403, code: "csrf_failed", op: approve},
		{name: "nobody approves", r: req{method: "POST", path: "/api/v1/verifications/plans/" + pending + "/approve"}, status: 401, code: "unauthorized", op: approve,
			check: func(t *testing.T, env map[string]any, _ resp) {
				if env["approve_url"] != e.base+"/console/plans/"+pending {
					t.Errorf("approve_url %v", env["approve_url"])
				}
			}},
		{name: "run of a pending plan", r: req{method: "POST", path: create, key: e.launch, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim, "reviewed_plan_id": pending}}, status: 409, code: "plan_not_approved", op: create},
		{name: "run of a rejected plan", r: req{method: "POST", path: create, key: e.launch, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim + " now", "reviewed_plan_id": rejectedID}}, status: 409, code: "plan_rejected", op: create},
		{name: "run of a tampered plan", r: req{method: "POST", path: create, key: e.launch, body: map[string]any{"deployment_url": e.appURL, "claim": `The about page shows "About us"`, "reviewed_plan_id": tampered}}, status: 409, code: "plan_integrity_error", op: create},
		{name: "approve a rejected plan", r: req{method: "POST", path: "/api/v1/verifications/plans/" + rejectedID + "/approve", header: map[string]string{"X-CSRF-Token": p.csrf}}, client: p.c, status: 409, code: "plan_rejected", op: approve},
		{name: "re-check of a queued run", r: req{method: "POST", path: "/api/v1/verifications/" + queued + "/recheck", key: e.launch}, status: 409, code: "recheck_not_allowed", op: recheck},
		{name: "unprovable claim", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": e.appURL, "claim": "Make the app better"}}, status: 422, code: "claim_not_provable", op: create,
			check: func(t *testing.T, env map[string]any, _ resp) {
				if rp, _ := env["repair_prompt"].(string); rp == "" {
					t.Error("claim_not_provable without repair_prompt")
				}
			}},
		{name: "metadata address", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": "http://169.254.169.254/", "claim": homeClaim}}, status: 422, code: "target_not_allowed", op: create},
		{name: "not http", r: req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": "file:///etc/passwd", "claim": homeClaim}}, status: 422, code: "target_not_allowed", op: create},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.client
			if c == nil {
				c = e.hc
			}
			r := doWith(t, c, e.base, tt.r)
			env := checkEnvelope(t, r, tt.status, tt.code)
			declared(t, tt.r.method, tt.op, tt.code, tt.status)
			if tt.check != nil {
				tt.check(t, env, r)
			}
		})
	}
	// idempotency_key_reused: the same key with another body.
	first := e.do(req{method: "POST", path: create, key: e.read, body: good, header: map[string]string{"Idempotency-Key": "reuse-me"}})
	if first.status != 202 {
		t.Fatalf("first: %d %s", first.status, first.body)
	}
	other := e.do(req{method: "POST", path: create, key: e.read, body: map[string]any{"deployment_url": e.appURL, "claim": homeClaim + " again"}, header: map[string]string{"Idempotency-Key": "reuse-me"}})
	checkEnvelope(t, other, 422, "idempotency_key_reused")
	declared(t, "POST", create, "idempotency_key_reused", 422)

	// Approving an approved plan again is harmless: the same plan, one
	// approval event.
	twice := doWith(t, p.c, e.base, req{method: "POST", path: "/api/v1/verifications/plans/" + decided + "/approve", header: map[string]string{"X-CSRF-Token": p.csrf}})
	if twice.status != 200 || len(twice.json(t)["approvals"].([]any)) != 1 {
		t.Fatalf("approve twice: %d %s", twice.status, twice.body)
	}

	// idempotency_request_in_progress: a retry while the first request is
	// still being derived (held in the deriver until the retry is answered).
	held := map[string]any{"deployment_url": e.appURL, "claim": homeClaim + " " + holdMarker}
	hk := map[string]string{"Idempotency-Key": "in-flight"}
	firstDone := make(chan resp, 1)
	go func() {
		r, err := tryDo(e.hc, e.base, req{method: "POST", path: create, key: e.read, body: held, header: hk})
		if err != nil {
			t.Error(err)
		}
		firstDone <- r
	}()
	<-holdEntered
	checkEnvelope(t, e.do(req{method: "POST", path: create, key: e.read, body: held, header: hk}), 409, "idempotency_request_in_progress")
	declared(t, "POST", create, "idempotency_request_in_progress", 409)
	holdRelease <- struct{}{}
	if r := <-firstDone; r.status != 202 {
		t.Fatalf("the held request: %d %s", r.status, r.body)
	}

	// Nothing above charged anything but the one queued run.
	if n := e.usageTotal(); n != 1 {
		t.Fatalf("ledger holds %d charges, want 1", n)
	}
	// Unknown paths anywhere get the envelope too.
	for _, path := range []string{"/api/v1/nothing", "/v1/nothing", "/nothing"} {
		checkEnvelope(t, e.do(req{method: "GET", path: path, key: e.read}), 404, "not_found")
	}
}

// rate_limited: a key over its budget gets 429 with Retry-After, and
// another key is not affected.
func TestRateLimit(t *testing.T) {
	e := start(t, options{rateLimit: 0.001, noWorkers: true}) // burst 1, refill in 1000 s
	r := e.do(req{method: "GET", path: "/api/v1/usage", key: e.read})
	if r.status != 200 {
		t.Fatalf("first: %d %s", r.status, r.body)
	}
	r = e.do(req{method: "GET", path: "/api/v1/usage", key: e.read})
	checkEnvelope(t, r, 429, "rate_limited")
	declared(t, "GET", "/api/v1/usage", "rate_limited", 429)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if r := e.do(req{method: "GET", path: "/api/v1/usage", key: e.launch}); r.status != 200 {
		t.Fatalf("another key was limited: %d", r.status)
	}
}

// --allow-targets restricts deployment URLs to the listed hosts and CIDRs.
func TestAllowTargets(t *testing.T) {
	e := start(t, options{noWorkers: true, allowTargets: []string{"example.com", "10.0.0.0/8"}})
	r := e.create(e.read, map[string]any{"deployment_url": e.appURL, "claim": homeClaim})
	env := checkEnvelope(t, r, 422, "target_not_allowed")
	if !strings.Contains(env["message"].(string), "127.0.0.1") {
		t.Errorf("message does not name the host: %v", env["message"])
	}
	ok := start(t, options{noWorkers: true, allowTargets: []string{"127.0.0.1"}})
	if r := ok.create(ok.read, map[string]any{"deployment_url": ok.appURL, "claim": homeClaim}); r.status != 202 {
		t.Fatalf("allowed target: %d %s", r.status, r.body)
	}
}

// tamper changes an approved plan's stored content behind vouch's back,
// as a bad disk or a bad actor with database access would.
func tamper(t *testing.T, e *env, planID string) {
	t.Helper()
	if n := e.se.Exec(t, `UPDATE plans SET plan_json = replace(plan_json, 'About us', 'About them') WHERE id = ?`, planID); n != 1 {
		t.Fatalf("tampered %d plans", n)
	}
}

// outboxEvents counts the verification.completed events enqueued for a
// verification.
func outboxEvents(t *testing.T, e *env, id string) int {
	t.Helper()
	return e.se.QueryInt(t, `SELECT count(*) FROM webhook_outbox WHERE type = 'verification.completed' AND payload LIKE '%' || ? || '%'`, id)
}

// flip changes one base62 character, as a typo would.
func flip(c byte) string {
	if c == 'a' {
		return "b"
	}
	return "a"
}
