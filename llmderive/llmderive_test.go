package llmderive

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vouchdev/vouch/claim"
	"github.com/vouchdev/vouch/plan"
)

// server speaks the chat-completions wire format and answers every request
// with one recorded reply from testdata.
type server struct {
	*httptest.Server
	requests atomic.Int32
	last     atomic.Value // chat
}

func newServer(t *testing.T, file string, status int) *server {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if r.Header.Get("Authorization") != "Bearer test-key" {
			http.Error(w, `{"error":{"message":"bad key"}}`, http.StatusUnauthorized)
			return
		}
		var c chat
		if err := json.NewDecoder(r.Body).Decode(&c); err != nil || c.Model != "recorded" || len(c.Messages) != 2 || c.Messages[0].Role != "system" {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		s.last.Store(c)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(body)
	}))
	t.Cleanup(s.Close)
	return s
}

func deriver(t *testing.T, s *server, rulesFirst bool) *Deriver {
	t.Helper()
	d, err := New(Config{BaseURL: s.URL + "/v1", Model: "recorded", APIKey: "test-key", RulesFirst: rulesFirst, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

const testClaim = "The pricing page offers a free plan"

func TestDeriveFromModel(t *testing.T) {
	for _, file := range []string{"good.json", "fenced.json"} {
		t.Run(file, func(t *testing.T) {
			s := newServer(t, file, http.StatusOK)
			var pd claim.Deriver = deriver(t, s, false)
			d, err := pd.Derive(context.Background(), testClaim)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Requirements) != 1 || len(d.Requirements[0].ProvenBy) != 2 {
				t.Errorf("requirements %+v", d.Requirements)
			}
			if q, err := plan.Parse(d.Plan.Canonical()); err != nil || q.ID() != d.Plan.ID() {
				t.Errorf("plan does not round-trip: %v", err)
			}
			if len(d.Notes) != 3 || !strings.Contains(d.Notes[0], "model") {
				t.Errorf("notes %q", d.Notes)
			}
			if got := s.last.Load().(chat).Messages[1].Content; got != testClaim {
				t.Errorf("sent %q", got)
			}
		})
	}
}

// TestBrokenRepliesAreRefused checks that every kind of bad answer becomes
// a refusal with a repair prompt and provable suggestions, never a plan.
func TestBrokenRepliesAreRefused(t *testing.T) {
	tests := []struct{ file, cause, reason string }{
		{"unknown_step.json", "invalid_plan", `unknown step "tap"`},
		{"untraced.json", "invalid_plan", "R2 is proven by no assertion"},
		{"no_requirement.json", "invalid_plan", "requirements"},
		{"not_json.json", "invalid_plan", "no JSON object"},
		{"truncated.json", "invalid_plan", "not a valid plan"},
		{"password.json", "invalid_plan", "password field"},
		{"refusal.json", "unrecognized", "not visible in a browser"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s := newServer(t, tt.file, http.StatusOK)
			_, err := deriver(t, s, false).Derive(context.Background(), testClaim)
			var np *claim.NotProvableError
			if !errors.As(err, &np) {
				t.Fatalf("got %v, want a refusal", err)
			}
			if np.Cause != tt.cause || !strings.Contains(np.Reason, tt.reason) {
				t.Errorf("cause %q reason %q, want %q with %q", np.Cause, np.Reason, tt.cause, tt.reason)
			}
			if np.RepairPrompt() == "" || len(np.Suggestions) == 0 {
				t.Errorf("no repair prompt or suggestions: %+v", np)
			}
			for _, sug := range np.Suggestions {
				if _, err := claim.Derive(sug); err != nil {
					t.Errorf("suggestion %q is not provable: %v", sug, err)
				}
			}
		})
	}
}

func TestTransportFailuresAreErrors(t *testing.T) {
	for _, tt := range []struct {
		file   string
		status int
		want   string
	}{
		{"error_500.json", http.StatusInternalServerError, "overloaded"},
		{"no_choices.json", http.StatusOK, "no choices"},
	} {
		s := newServer(t, tt.file, tt.status)
		_, err := deriver(t, s, false).Derive(context.Background(), testClaim)
		var np *claim.NotProvableError
		if !errors.Is(err, ErrModel) || errors.As(err, &np) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want ErrModel with %q", tt.file, err, tt.want)
		}
	}
	d, _ := New(Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m", Timeout: time.Second})
	if _, err := d.Derive(context.Background(), testClaim); !errors.Is(err, ErrModel) {
		t.Errorf("unreachable server: %v", err)
	}
}

// TestWhatNeverReachesTheModel checks that claims with a password, empty
// or too long claims, and (with RulesFirst) claims the rules prove are
// answered without a request.
func TestWhatNeverReachesTheModel(t *testing.T) {
	s := newServer(t, "good.json", http.StatusOK)
	d := deriver(t, s, true)
	for _, c := range []string{
		"Signing in as demo@example.com with password hunter2 shows 'Dashboard'",
		"",
		strings.Repeat("x", 5000),
	} {
		if _, err := d.Derive(context.Background(), c); err == nil {
			t.Errorf("%.40q: derived", c)
		}
	}
	if _, err := d.Derive(context.Background(), "The home page shows 'Welcome'"); err != nil {
		t.Fatal(err)
	}
	if n := s.requests.Load(); n != 0 {
		t.Errorf("%d requests reached the model", n)
	}
	if _, err := d.Derive(context.Background(), testClaim); err != nil {
		t.Fatal(err)
	}
	if n := s.requests.Load(); n != 1 {
		t.Errorf("%d requests; the claim the rules refuse should have reached the model once", n)
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if _, err := ConfigFromEnv(getenv); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("empty environment: %v", err)
	}
	env[EnvURL], env[EnvModel], env[EnvKey] = "http://localhost:11434/v1", "llama3", "k"
	c, err := ConfigFromEnv(getenv)
	if err != nil || c.Model != "llama3" || c.APIKey != "k" {
		t.Errorf("%+v %v", c, err)
	}
	if _, err := New(Config{BaseURL: "ftp://x", Model: "m"}); err == nil {
		t.Error("ftp base URL accepted")
	}
}
