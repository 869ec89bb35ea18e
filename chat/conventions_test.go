package chat_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/vouchdev/vouch/chat"
)

// get sends a GET with the given key ("" for none).
func (e *env) get(key, path string) resp {
	e.t.Helper()
	req, err := http.NewRequest("GET", e.srv.URL+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

// Chat errors carry OpenAI's "type" and "param" beside the envelope's
// code, message, request_id and field, so OpenAI libraries map them to
// their exception classes.
func TestOpenAIErrorFields(t *testing.T) {
	e := newEnv(t, chat.Config{MaxBodyBytes: 4096})
	user := `{"messages":[{"role":"user","content":"hi"}]}`
	tests := []struct {
		name, key, ct, body string
		typ                 string
		param               any // nil for JSON null
	}{
		{"no key", "", "application/json", user, "authentication_error", nil},
		{"bad role", e.read, "application/json", `{"messages":[{"role":"wizard","content":"b"}]}`, "invalid_request_error", "messages[0].role"},
		{"not JSON", e.read, "application/json", `{"messages":`, "invalid_request_error", nil},
		{"not JSON content type", e.read, "text/plain", user, "invalid_request_error", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.post(tt.key, tt.ct, tt.body)
			var env struct {
				Error map[string]any `json:"error"`
			}
			if err := json.Unmarshal(r.body, &env); err != nil {
				t.Fatal(err)
			}
			if env.Error["type"] != tt.typ {
				t.Errorf("type %v, want %s: %s", env.Error["type"], tt.typ, r.body)
			}
			param, present := env.Error["param"]
			if !present || param != tt.param {
				t.Errorf("param %v (present %v), want %v: %s", param, present, tt.param, r.body)
			}
			for _, f := range []string{"code", "message", "request_id"} {
				if _, ok := env.Error[f]; !ok {
					t.Errorf("envelope field %s missing: %s", f, r.body)
				}
			}
		})
	}
}

// OpenAI's "developer" role is read as "system": context, not the
// message answered.
func TestDeveloperRole(t *testing.T) {
	e := newEnv(t, chat.Config{})
	r := e.post(e.read, "application/json", `{"messages":[{"role":"developer","content":"Answer briefly."},{"role":"user","content":"help"}]}`)
	if r.status != 200 {
		t.Fatalf("developer role: %d %s", r.status, r.body)
	}
	r = e.post(e.read, "application/json", `{"messages":[{"role":"developer","content":"help"}]}`)
	checkEnvelope(t, r, 400, "invalid_request", "messages")
}

// GET /api/v1/models lists the one model answers carry, as OpenAI's API
// does, and GET /api/v1/models/{id} returns it or 404.
func TestModels(t *testing.T) {
	e := newEnv(t, chat.Config{Model: "vouch-1"})
	for _, path := range []string{"/api/v1/models", "/v1/models"} {
		r := e.get(e.read, path)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
		var list chat.ModelList
		if err := json.Unmarshal(r.body, &list); err != nil {
			t.Fatal(err)
		}
		if list.Object != "list" || len(list.Data) != 1 || list.Data[0].ID != "vouch-1" || list.Data[0].Object != "model" || list.Data[0].Created == 0 || list.Data[0].OwnedBy == "" {
			t.Errorf("%s: %s", path, r.body)
		}
	}
	if r := e.get(e.read, "/api/v1/models/vouch-1"); r.status != 200 || r.json(t)["id"] != "vouch-1" {
		t.Errorf("retrieve: %d %s", r.status, r.body)
	}
	checkEnvelope(t, e.get(e.read, "/api/v1/models/gpt-4o"), 404, "not_found", "model")
	checkEnvelope(t, e.get("", "/api/v1/models"), 401, "unauthorized", "")
	req, _ := http.NewRequest("DELETE", e.srv.URL+"/api/v1/models", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	checkEnvelope(t, resp{status: res.StatusCode, header: res.Header, body: b}, 405, "method_not_allowed", "")
}
