package e2e

import (
	"net/http"
	"testing"
)

// TestAPISurface calls the routes the other tests do not (the description,
// the models list, chat, the webhook API, progress), a method no route
// describes and some refusals, so that the OpenAPI check of TestMain
// (openapitest.Check) sees every kind of answer the document describes. The
// statuses are checked here; the bodies, media types and the 405s' Allow
// headers there.
func TestAPISurface(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	hook := map[string]any{"url": e.appURL + "/hook", "description": "ci"}
	created := e.do(req{method: "POST", path: "/api/v1/webhooks", key: e.launch, body: hook})
	if created.status != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", created.status, created.body)
	}
	hookID := created.str(t, "id")
	calls := []struct {
		r      req
		status int
	}{
		{req{method: "GET", path: "/api/v1/openapi.json"}, 200},
		{req{method: "GET", path: "/api/v1/models", key: e.read}, 200},
		{req{method: "GET", path: "/v1/models/vouch", key: e.read}, 200},
		{req{method: "GET", path: "/api/v1/models/gpt-4o", key: e.read}, 404},
		{req{method: "GET", path: "/api/v1/models"}, 401},
		{req{method: "POST", path: "/api/v1/chat", key: e.read, body: map[string]any{"messages": []map[string]string{
			{"role": "developer", "content": "Answer briefly."}, {"role": "user", "content": "help"}}}}, 200},
		{req{method: "POST", path: "/v1/chat/completions", key: e.read, body: map[string]any{"messages": []map[string]string{
			{"role": "user", "content": "status of " + planID}}}}, 200},
		{req{method: "POST", path: "/api/v1/chat", key: e.read, body: map[string]any{"messages": []map[string]string{{"role": "wizard", "content": "x"}}}}, 400},
		{req{method: "POST", path: "/api/v1/chat", body: map[string]any{"messages": []map[string]string{{"role": "user", "content": "x"}}}}, 401},
		{req{method: "GET", path: "/api/v1/webhooks", key: e.read}, 200},
		{req{method: "GET", path: "/api/v1/webhooks/" + hookID, key: e.read}, 200},
		{req{method: "GET", path: "/api/v1/webhooks/" + hookID + "/deliveries", key: e.read}, 200},
		{req{method: "POST", path: "/api/v1/webhooks", key: e.read, body: hook}, 403},
		{req{method: "POST", path: "/api/v1/webhooks", key: e.launch, body: map[string]any{"url": "http://169.254.169.254/latest"}}, 422},
		{req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}, 200},
		{req{method: "GET", path: "/api/v1/verifications/ver_doesnotexist0000000000000/progress", key: e.read}, 404},
		{req{method: "GET", path: "/api/v1/usage", key: e.read}, 200},
		// Methods no route describes: 405 with Allow.
		{req{method: "DELETE", path: "/api/v1/verifications", key: e.launch}, 405},
		{req{method: "PUT", path: "/api/v1/usage", key: e.read}, 405},
		{req{method: "DELETE", path: "/api/v1/verifications/plans/" + planID, key: e.launch}, 405},
		{req{method: "GET", path: "/api/v1/chat", key: e.read}, 405},
		{req{method: "DELETE", path: "/api/v1/webhooks/" + hookID, key: e.launch}, 200},
	}
	for _, c := range calls {
		if r := e.do(c.r); r.status != c.status {
			t.Errorf("%s %s: %d, want %d: %s", c.r.method, c.r.path, r.status, c.status, r.body)
		}
	}
}
