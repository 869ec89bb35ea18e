package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
)

// newTestAPI makes an API on a real service over real SQLite.
func newTestAPI(t *testing.T) (*API, *service.Service) {
	t.Helper()
	dir := t.TempDir()
	st, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(dir, "vouch.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc, err := service.New(service.Config{Store: st, DataDir: dir, NoWorkers: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(Config{Service: svc, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	return a, svc
}

// A panicking handler answers a 500 envelope with the request id, and the
// server keeps serving the next requests.
func TestPanicBecomes500AndServerKeepsServing(t *testing.T) {
	a, svc := newTestAPI(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/panic", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { WriteJSON(w, 200, map[string]string{"ok": "yes"}) })
	ts := httptest.NewServer(a.middleware(mux))
	defer ts.Close()
	for i := range 3 {
		res, err := http.Get(ts.URL + "/panic")
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var e errorDetail
		if err := json.Unmarshal(mustField(t, b), &e); err != nil {
			t.Fatalf("not an envelope: %s", b)
		}
		if res.StatusCode != 500 || e.Code != service.CodeInternal || e.RequestID == "" || e.RequestID != res.Header.Get("X-Request-Id") {
			t.Fatalf("panic answer %d %s (X-Request-Id %q)", res.StatusCode, b, res.Header.Get("X-Request-Id"))
		}
		if strings.Contains(string(b), "boom") {
			t.Fatalf("the panic value leaked to the caller: %s", b)
		}
	}
	res, err := http.Get(ts.URL + "/ok")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("after panics: %v %v", res, err)
	}
	res.Body.Close()
	// The request log got the 500s with their code.
	if err := a.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := svc.SearchRequests(context.Background(), store.RequestFilter{MinStatus: 500})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("request log has %d rows with status ≥ 500, want 3", len(rows))
	}
	for _, r := range rows {
		if r.ErrorCode != "internal_error" || r.Path != "/panic" || !strings.HasPrefix(r.RequestID, "req_") {
			t.Fatalf("log row %+v", r)
		}
	}
}

func mustField(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m["error"]
}

// Request ids are fresh for every request and never taken from the caller.
func TestRequestIDIsFreshAndNotForgeable(t *testing.T) {
	a, _ := newTestAPI(t)
	ts := httptest.NewServer(a)
	defer ts.Close()
	seen := map[string]bool{}
	for range 20 {
		r, _ := http.NewRequest("GET", ts.URL+"/api/v1/nowhere", nil)
		r.Header.Set("X-Request-Id", "forged")
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		id := res.Header.Get("X-Request-Id")
		if id == "forged" || !strings.HasPrefix(id, "req_") || seen[id] {
			t.Fatalf("request id %q", id)
		}
		seen[id] = true
	}
}
