package webhook_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vouchdev/vouch/api/openapitest"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/webhook"
)

var (
	specOnce  sync.Once
	specCheck *openapitest.Check
	specErr   error
)

// specClient is a client whose every answer from the API is validated
// against api/openapi.json; TestAPI fails on any that does not conform.
func specClient(t *testing.T) *http.Client {
	t.Helper()
	specOnce.Do(func() { specCheck, specErr = openapitest.New(http.DefaultTransport) })
	if specErr != nil {
		t.Fatal(specErr)
	}
	return &http.Client{Transport: specCheck}
}

type apiResp struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func call(t *testing.T, base, method, path, key, body string) apiResp {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := specClient(t).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := apiResp{status: res.StatusCode, header: res.Header, raw: string(b)}
	_ = json.Unmarshal(b, &out.body)
	return out
}

// errCode checks an error envelope and returns its code and field.
func errCode(t *testing.T, r apiResp) (string, string) {
	t.Helper()
	e, ok := r.body["error"].(map[string]any)
	if !ok {
		t.Fatalf("not an error envelope (%d): %s", r.status, r.raw)
	}
	if id, _ := e["request_id"].(string); id == "" || id != r.header.Get("X-Request-Id") {
		t.Errorf("request_id %q, X-Request-Id %q", id, r.header.Get("X-Request-Id"))
	}
	if m, _ := e["message"].(string); m == "" {
		t.Errorf("empty message: %s", r.raw)
	}
	code, _ := e["code"].(string)
	field, _ := e["field"].(string)
	return code, field
}

// The registration API: errors in the API's envelope, the secret only in
// the creation answer, the delivery log, redelivery and deletion.
func TestAPI(t *testing.T) {
	e := newEnv(t, options{})
	srv := httptest.NewServer(e.wh.APIHandler())
	t.Cleanup(srv.Close)
	readKey, _ := e.newKey(auth.ScopeRead)
	rcv := newReceiver(t, 500, 200)

	errorsTable := []struct {
		name, method, path, key, body string
		status                        int
		code, field                   string
	}{
		{"no key", "GET", "/api/v1/webhooks", "", "", 401, "unauthorized", ""},
		{"bad key", "GET", "/api/v1/webhooks", "vch_nope", "", 401, "unauthorized", ""},
		{"read key registers", "POST", "/api/v1/webhooks", readKey, `{"url":"` + rcv.URL() + `"}`, 403, "insufficient_scope", ""},
		{"unknown field", "POST", "/api/v1/webhooks", e.key, `{"url":"` + rcv.URL() + `","secret":"x"}`, 400, "invalid_request", "secret"},
		{"url missing", "POST", "/api/v1/webhooks", e.key, `{}`, 400, "invalid_request", "url"},
		{"wrong type", "POST", "/api/v1/webhooks", e.key, `{"url":5}`, 400, "invalid_request", "url"},
		{"unknown event", "POST", "/api/v1/webhooks", e.key, `{"url":"` + rcv.URL() + `","events":["verification.started"]}`, 400, "invalid_request", "events[0]"},
		{"metadata address", "POST", "/api/v1/webhooks", e.key, `{"url":"http://169.254.169.254/"}`, 422, "target_not_allowed", "url"},
		{"too large", "POST", "/api/v1/webhooks", e.key, `{"url":"` + strings.Repeat("a", 70<<10) + `"}`, 413, "payload_too_large", "body"},
		{"missing endpoint", "GET", "/api/v1/webhooks/whe_nope", readKey, "", 404, "not_found", ""},
		{"wrong method", "PUT", "/api/v1/webhooks", e.key, "", 405, "method_not_allowed", ""},
		{"unknown path", "GET", "/api/v1/webhooks/x/y/z/w", readKey, "", 404, "not_found", ""},
		{"bad state filter", "GET", "/api/v1/webhooks/channel/deliveries?state=lost", readKey, "", 400, "invalid_request", "state"},
	}
	for _, tt := range errorsTable {
		t.Run(tt.name, func(t *testing.T) {
			r := call(t, srv.URL, tt.method, tt.path, tt.key, tt.body)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d: %s", r.status, tt.status, r.raw)
			}
			code, field := errCode(t, r)
			if code != tt.code || field != tt.field {
				t.Errorf("code %q field %q, want %q %q", code, field, tt.code, tt.field)
			}
		})
	}

	r := call(t, srv.URL, "POST", "/v1/webhooks", e.key, `{"url":"`+rcv.URL()+`","description":"CI bot"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.raw)
	}
	id, _ := r.body["id"].(string)
	secret, _ := r.body["secret"].(string)
	if !strings.HasPrefix(id, "whe_") || !strings.HasPrefix(secret, "whsec_") || r.body["enabled"] != true ||
		r.body["description"] != "CI bot" || r.body["events"].([]any)[0] != webhook.EventCompleted {
		t.Fatalf("create answer: %s", r.raw)
	}
	rcv.secret = secret
	for _, path := range []string{"/api/v1/webhooks", "/api/v1/webhooks/" + id} {
		r := call(t, srv.URL, "GET", path, readKey, "")
		if r.status != 200 || strings.Contains(r.raw, secret) || strings.Contains(r.raw, `"secret"`) {
			t.Errorf("GET %s shows the secret or fails: %d %s", path, r.status, r.raw)
		}
	}

	_, evt := e.complete(outcome{decision: "verified"})
	e.runOnce()
	r = call(t, srv.URL, "GET", "/api/v1/webhooks/"+id+"/deliveries", readKey, "")
	ds, _ := r.body["deliveries"].([]any)
	if r.status != 200 || len(ds) != 1 {
		t.Fatalf("deliveries: %d %s", r.status, r.raw)
	}
	d := ds[0].(map[string]any)
	did, _ := d["id"].(string)
	if d["webhook_id"] != evt || d["state"] != "pending" || d["last_status"] != float64(500) || d["next_attempt_at"] == nil {
		t.Errorf("delivery after a 500: %v", d)
	}
	r = call(t, srv.URL, "POST", "/api/v1/webhooks/"+id+"/deliveries/"+did+"/redeliver", readKey, "")
	if code, _ := errCode(t, r); r.status != 403 || code != "insufficient_scope" {
		t.Errorf("redeliver with a read key: %d %s", r.status, r.raw)
	}
	r = call(t, srv.URL, "POST", "/api/v1/webhooks/"+id+"/deliveries/"+did+"/redeliver", e.key, "")
	if r.status != http.StatusAccepted {
		t.Fatalf("redeliver: %d %s", r.status, r.raw)
	}
	// Redelivered now, before its backoff ends.
	if n := e.runOnce(); n != 1 {
		t.Fatalf("redelivery made %d attempts", n)
	}
	r = call(t, srv.URL, "GET", "/api/v1/webhooks/"+id+"/deliveries/"+did, readKey, "")
	log, _ := r.body["attempt_log"].([]any)
	if r.status != 200 || r.body["state"] != "delivered" || len(log) != 2 || r.body["payload"].(map[string]any)["type"] != webhook.EventCompleted {
		t.Fatalf("delivery detail: %d %s", r.status, r.raw)
	}
	if reqs := rcv.requests(); len(reqs) != 2 || reqs[1].verifyErr != nil || reqs[1].header.Get("webhook-id") != evt {
		t.Errorf("receiver: %d requests", len(reqs))
	}
	if r := call(t, srv.URL, "GET", "/api/v1/webhooks/other/deliveries/"+did, readKey, ""); r.status != 404 {
		t.Errorf("a delivery under another endpoint: %d", r.status)
	}

	r = call(t, srv.URL, "PATCH", "/api/v1/webhooks/"+id, e.key, `{"enabled":false}`)
	if r.status != 200 || r.body["enabled"] != false {
		t.Errorf("disable: %d %s", r.status, r.raw)
	}
	r = call(t, srv.URL, "DELETE", "/api/v1/webhooks/"+id, e.key, "")
	if r.status != 200 {
		t.Errorf("delete: %d %s", r.status, r.raw)
	}
	if r := call(t, srv.URL, "GET", "/api/v1/webhooks/"+id, readKey, ""); r.status != 404 {
		t.Errorf("GET after delete: %d", r.status)
	}
	// Every answer, the delivery detail with its payload included, is what
	// api/openapi.json describes.
	var report strings.Builder
	if !specCheck.Report(&report) {
		t.Errorf("answers that do not conform to api/openapi.json:\n%s", report.String())
	}
	// Every request went to the request log with its id.
	rows, err := e.svc.SearchRequests(e.ctx, service.RequestFilter{PathPrefix: "/api/v1/webhooks", Limit: 500})
	if err != nil || len(rows) == 0 {
		t.Errorf("request log: %d rows, %v", len(rows), err)
	}
}
