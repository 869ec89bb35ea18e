package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/service"
)

// Requests to the chat endpoint and the webhook API go to the API's
// request log, once each, with their error codes.
func TestChannelsRequestsLoggedOnce(t *testing.T) {
	s := newTestServer(t)
	ids := map[string]string{}
	for _, rq := range []struct{ method, path string }{
		{"POST", "/api/v1/chat"},
		{"POST", "/v1/chat/completions"},
		{"GET", "/api/v1/webhooks"},
		{"DELETE", "/v1/webhooks/x1"},
		{"GET", "/api/v1/usage"},
	} {
		r := httptest.NewRequest(rq.method, rq.path, strings.NewReader(`{}`))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, r)
		id := w.Header().Get("X-Request-Id")
		if w.Code != http.StatusUnauthorized || id == "" {
			t.Fatalf("%s %s: %d, X-Request-Id %q", rq.method, rq.path, w.Code, id)
		}
		ids[id] = rq.path
	}
	if err := s.api.Close(context.Background()); err != nil { // flushes the log
		t.Fatal(err)
	}
	for id, path := range ids {
		rows, err := s.Service().SearchRequests(context.Background(), service.RequestFilter{RequestID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Path != path || rows[0].Status != 401 || rows[0].ErrorCode != string(service.CodeUnauthorized) {
			t.Errorf("%s (%s): %d rows %+v", path, id, len(rows), rows)
		}
	}
}
