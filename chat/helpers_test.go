package chat_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/chat"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
)

// clock is an injected clock that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// env is vouch's service on a real SQLite store, the chat endpoint on a
// real HTTP server on 127.0.0.1, a person, and a read and a launch key.
type env struct {
	t      *testing.T
	ctx    context.Context
	st     *sqlite.Store
	svc    *service.Service
	clock  *clock
	srv    *httptest.Server
	read   string
	launch string
	person service.Principal
}

func newEnv(t *testing.T, cfg chat.Config) *env {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(dir, "vouch.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clk := &clock{t: time.Now().UTC().Truncate(time.Millisecond)}
	svc, err := service.New(service.Config{Store: st, DataDir: dir, NoWorkers: true, PublicURL: "http://127.0.0.1:9",
		Now: clk.Now, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ctx: ctx, st: st, svc: svc, clock: clk}
	e.read = e.newKey(auth.ScopeRead)
	e.launch = e.newKey(auth.ScopeLaunch)
	h, _ := auth.HashPassword("correct horse battery")
	u, err := svc.CreateUser(ctx, service.NewUser{Email: "reviewer@example.com", PasswordHash: h})
	if err != nil {
		t.Fatal(err)
	}
	e.person = service.Principal{UserID: u.ID}
	cfg.Service = svc
	if cfg.Now == nil {
		cfg.Now = clk.Now
	}
	if cfg.RateLimit == 0 {
		cfg.RateLimit = -1 // the limit has its own test
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	c, err := chat.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for _, p := range chat.Paths {
		mux.Handle(p, c)
	}
	e.srv = httptest.NewServer(mux)
	t.Cleanup(e.srv.Close)
	return e
}

func (e *env) newKey(scope auth.Scope) string {
	e.t.Helper()
	k, err := auth.GenerateKey()
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.svc.CreateKey(e.ctx, service.NewKey{Prefix: k.Prefix, Hash: k.Hash, Scope: string(scope), Name: "t"}); err != nil {
		e.t.Fatal(err)
	}
	return k.Secret
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("not JSON (%d): %s", r.status, r.body)
	}
	return m
}

// post sends a raw body with the given key ("" for none).
func (e *env) post(key, contentType, body string) resp {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/chat", strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
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

// say sends a conversation (alternating user/assistant, starting with
// user) and returns the assistant's answer.
func (e *env) say(key string, conversation ...string) string {
	e.t.Helper()
	var msgs []map[string]string
	for i, c := range conversation {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, map[string]string{"role": role, "content": c})
	}
	b, _ := json.Marshal(map[string]any{"model": "vouch", "messages": msgs})
	r := e.post(key, "application/json", string(b))
	if r.status != 200 {
		e.t.Fatalf("chat: %d %s", r.status, r.body)
	}
	m := r.json(e.t)
	choices, _ := m["choices"].([]any)
	if m["object"] != "chat.completion" || len(choices) != 1 {
		e.t.Fatalf("not a chat.completion: %s", r.body)
	}
	msg := choices[0].(map[string]any)["message"].(map[string]any)
	if msg["role"] != "assistant" || choices[0].(map[string]any)["finish_reason"] != "stop" {
		e.t.Fatalf("choice: %s", r.body)
	}
	return msg["content"].(string)
}

// sse reads a streamed answer: the chunks' data and whether it ended with
// [DONE].
func sse(t *testing.T, body []byte) ([]map[string]any, bool) {
	t.Helper()
	var chunks []map[string]any
	done := false
	sc := bufio.NewScanner(strings.NewReader(string(body)))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			t.Fatalf("not an SSE data line: %q", line)
		}
		if done {
			t.Fatalf("data after [DONE]: %q", line)
		}
		if data == "[DONE]" {
			done = true
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Fatalf("chunk is not JSON: %q", data)
		}
		chunks = append(chunks, m)
	}
	return chunks, done
}

// completeRun records the outcome of the oldest queued run through the
// store, as the service's worker does (the browser run is the runner's
// business, tested there).
func (e *env) completeRun(decision, reason, repair string) string {
	e.t.Helper()
	now := e.clock.Now()
	queued, err := e.st.ListVerifications(e.ctx, store.VerificationFilter{State: store.Queued})
	if err != nil || len(queued) == 0 {
		e.t.Fatalf("no queued run: %v", err)
	}
	v, err := e.st.MarkRunning(e.ctx, queued[len(queued)-1].ID, 1, now) // the oldest
	if err != nil {
		e.t.Fatal(err)
	}
	results, _ := json.Marshal(map[string]any{
		"requirements": []map[string]string{{"id": "r1", "text": `On /, the page shows "Welcome".`, "kind": "content", "result": "not_met"}},
		"evidence": map[string]any{"manifest_file": "manifest.json", "report_file": "report.html", "artifacts": []map[string]any{
			{"kind": "screenshot", "file": "j1-s2.jpg", "sha256": strings.Repeat("cd", 32), "size": 99, "media_type": "image/jpeg", "journey": 1, "step": 2},
		}},
	})
	if err := e.st.CompleteRun(e.ctx, store.Completion{ID: v.ID, Attempt: 1, Decision: decision, Reason: reason,
		RepairPrompt: repair, Results: results, At: now}); err != nil {
		e.t.Fatal(err)
	}
	return v.ID
}
