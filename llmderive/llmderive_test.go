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

func deriver(t *testing.T, s *server) *Deriver {
	t.Helper()
	d, err := New(Config{BaseURL: s.URL + "/v1", Model: "recorded", APIKey: "test-key", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Claims the rules refuse: one with no quoted text, one with.
const (
	testClaim   = "The pricing page offers a free plan"
	quotedClaim = "Our pricing page has gotta offer the 'Free' tier"
)

// TestRewriteDerives checks that a rewrite the rules derive becomes the
// derivation, for the original claim, with the rewrite in its notes.
func TestRewriteDerives(t *testing.T) {
	for _, tt := range []struct{ file, claim string }{
		{"rewrite.json", testClaim},
		{"rewrite_fenced.json", testClaim},
		{"rewrite_second.json", testClaim},
		{"rewrite.json", quotedClaim},
	} {
		t.Run(tt.file, func(t *testing.T) {
			s := newServer(t, tt.file, http.StatusOK)
			var pd claim.Deriver = deriver(t, s)
			d, err := pd.Derive(context.Background(), tt.claim)
			if err != nil {
				t.Fatal(err)
			}
			if d.Claim != tt.claim || len(d.Requirements) != 1 || len(d.Requirements[0].ProvenBy) == 0 {
				t.Errorf("derivation %+v", d)
			}
			if !strings.Contains(d.Notes[0], `rewrote the claim as "The pricing page shows 'Free'"`) {
				t.Errorf("the notes do not show the rewrite: %q", d.Notes)
			}
			want, _ := claim.Derive("The pricing page shows 'Free'")
			if d.Plan.ID() != want.Plan.ID() {
				t.Errorf("plan %s, want the rules' plan of the rewrite %s", d.Plan.Canonical(), want.Plan.Canonical())
			}
			c := s.last.Load().(chat)
			if c.Messages[1].Content != tt.claim || c.ResponseFormat == nil || c.ResponseFormat.Type != "json_schema" || !json.Valid(c.ResponseFormat.JSONSchema.Schema) {
				t.Errorf("request %+v", c)
			}
		})
	}
}

// TestBadRepliesKeepTheRefusal checks that wrong and malformed answers
// never become a plan: the rules' refusal stands, with a repair prompt and
// suggestions that derive.
func TestBadRepliesKeepTheRefusal(t *testing.T) {
	tests := []struct{ file, claim, reason string }{
		{"rewrite_drops_text.json", quotedClaim, `leaves out text "Free"`},
		// the rewrite keeps 'Free' but drops "may", which makes the
		// claim true when the page does not offer it
		{"rewrite.json", "Our pricing page may offer the 'Free' tier", `leaves a word of the claim unchecked: "may"`},
		{"rewrite_not_language.json", testClaim, "does not derive"},
		{"rewrite_password.json", testClaim, "does not derive"},
		{"unprovable.json", testClaim, "the model agrees: whether customers are delighted"},
		{"empty_reply.json", testClaim, "no rewrite"},
		{"plan_instead.json", testClaim, `unknown field "plan"`},
		{"not_json.json", testClaim, "no JSON object"},
		{"truncated.json", testClaim, "could not be used"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s := newServer(t, tt.file, http.StatusOK)
			_, err := deriver(t, s).Derive(context.Background(), tt.claim)
			var np *claim.NotProvableError
			if !errors.As(err, &np) {
				t.Fatalf("got %v, want a refusal", err)
			}
			if !strings.Contains(np.Reason, tt.reason) {
				t.Errorf("reason %q, want %q in it", np.Reason, tt.reason)
			}
			if strings.Contains(np.Prompt, "hunter2") || strings.Contains(np.Reason, "hunter2") {
				t.Errorf("a password from the model's answer is repeated: %q", np.Reason)
			}
			// No suggestion is offered when none keeps the claim's meaning.
			if np.RepairPrompt() == "" || len(np.Suggestions) > 3 {
				t.Errorf("no repair prompt or too many suggestions: %+v", np)
			}
			for _, sug := range np.Suggestions {
				d, err := claim.Derive(sug)
				if err != nil {
					t.Errorf("suggestion %q is not provable: %v", sug, err)
					continue
				}
				if !claim.Faithful(tt.claim, sug, d.Plan) && !strings.Contains(sug, "checks only that") {
					t.Errorf("suggestion %q checks something else without saying so", sug)
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
		_, err := deriver(t, s).Derive(context.Background(), testClaim)
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
// or too long claims, and claims the rules derive are answered without a
// request.
func TestWhatNeverReachesTheModel(t *testing.T) {
	s := newServer(t, "rewrite.json", http.StatusOK)
	d := deriver(t, s)
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
