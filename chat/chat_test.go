package chat_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/chat"
	"github.com/vouchdev/vouch/service"
)

// Every error is the API's envelope with its status, naming the field at
// fault where there is one.
func TestErrors(t *testing.T) {
	e := newEnv(t, chat.Config{MaxBodyBytes: 4096})
	unknown := "vch_" + strings.Repeat("A", 36) // well formed, never issued
	user := `{"messages":[{"role":"user","content":"hi"}]}`
	tests := []struct {
		name, key, ct, body string
		status              int
		code, field         string
	}{
		{"no key", "", "application/json", user, 401, "unauthorized", ""},
		{"malformed key", "vch_typo", "application/json", user, 401, "unauthorized", ""},
		{"unknown key", unknown, "application/json", user, 401, "unauthorized", ""},
		{"not JSON", e.read, "application/json", `{"messages":`, 400, "invalid_request", "body"},
		{"empty body", e.read, "application/json", ``, 400, "invalid_request", "body"},
		{"an array", e.read, "application/json", `[]`, 400, "invalid_request", "body"},
		{"no messages", e.read, "application/json", `{"model":"vouch"}`, 400, "invalid_request", "messages"},
		{"messages not an array", e.read, "application/json", `{"messages":"hi"}`, 400, "invalid_request", "messages"},
		{"messages empty", e.read, "application/json", `{"messages":[]}`, 400, "invalid_request", "messages"},
		{"message not an object", e.read, "application/json", `{"messages":["hi"]}`, 400, "invalid_request", "messages[0]"},
		{"bad role", e.read, "application/json", `{"messages":[{"role":"user","content":"a"},{"role":"wizard","content":"b"}]}`, 400, "invalid_request", "messages[1].role"},
		{"tool role", e.read, "application/json", `{"messages":[{"role":"tool","content":"b"}]}`, 400, "invalid_request", "messages[0].role"},
		{"role missing", e.read, "application/json", `{"messages":[{"content":"b"}]}`, 400, "invalid_request", "messages[0].role"},
		{"role a number", e.read, "application/json", `{"messages":[{"role":"user","content":"a"},{"role":7,"content":"b"}]}`, 400, "invalid_request", "messages[1].role"},
		{"content missing", e.read, "application/json", `{"messages":[{"role":"user"}]}`, 400, "invalid_request", "messages[0].content"},
		{"content a number", e.read, "application/json", `{"messages":[{"role":"user","content":5}]}`, 400, "invalid_request", "messages[0].content"},
		{"image part", e.read, "application/json", `{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"x"}}]}]}`, 400, "invalid_request", "messages[0].content"},
		{"no user message", e.read, "application/json", `{"messages":[{"role":"system","content":"be nice"}]}`, 400, "invalid_request", "messages"},
		{"empty user message", e.read, "application/json", `{"messages":[{"role":"user","content":"  "}]}`, 400, "invalid_request", "messages[0].content"},
		{"stream not a boolean", e.read, "application/json", `{"stream":"yes","messages":[{"role":"user","content":"a"}]}`, 400, "invalid_request", "stream"},
		{"too large", e.read, "application/json", `{"messages":[{"role":"user","content":"` + strings.Repeat("x", 5000) + `"}]}`, 413, "payload_too_large", "body"},
		{"not JSON content type", e.read, "text/plain", user, 415, "unsupported_media_type", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.post(tt.key, tt.ct, tt.body)
			checkEnvelope(t, r, tt.status, tt.code, tt.field)
		})
	}
	t.Run("GET", func(t *testing.T) {
		res, err := http.Get(e.srv.URL + "/v1/chat")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		checkEnvelope(t, resp{status: res.StatusCode, header: res.Header, body: b}, 405, "method_not_allowed", "")
		if res.Header.Get("Allow") != "POST" {
			t.Errorf("Allow %q", res.Header.Get("Allow"))
		}
	})
}

func checkEnvelope(t *testing.T, r resp, status int, code, field string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	var env struct {
		Error map[string]any `json:"error"`
	}
	if err := json.Unmarshal(r.body, &env); err != nil || env.Error == nil {
		t.Fatalf("not an error envelope: %s", r.body)
	}
	if env.Error["code"] != code {
		t.Errorf("code %v, want %s: %s", env.Error["code"], code, r.body)
	}
	if got, _ := env.Error["field"].(string); got != field {
		t.Errorf("field %q, want %q: %s", got, field, r.body)
	}
	if msg, _ := env.Error["message"].(string); msg == "" || (field != "" && field != "body" && !strings.Contains(msg, field)) {
		t.Errorf("message %q does not name %q", msg, field)
	}
	if id, _ := env.Error["request_id"].(string); id == "" || id != r.header.Get("X-Request-Id") {
		t.Errorf("request_id %q, X-Request-Id %q", id, r.header.Get("X-Request-Id"))
	}
}

// Past the per-key rate limit a key gets 429 with Retry-After; another
// key is not affected; time refills the bucket.
func TestRateLimit(t *testing.T) {
	e := newEnv(t, chat.Config{RateLimit: 1, RateBurst: 2})
	body := `{"messages":[{"role":"user","content":"hello"}]}`
	for i := range 2 {
		if r := e.post(e.read, "application/json", body); r.status != 200 {
			t.Fatalf("request %d: %d %s", i, r.status, r.body)
		}
	}
	r := e.post(e.read, "application/json", body)
	checkEnvelope(t, r, 429, "rate_limited", "")
	if r.header.Get("Retry-After") != "1" {
		t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if r := e.post(e.launch, "application/json", body); r.status != 200 {
		t.Errorf("another key: %d", r.status)
	}
	e.clock.Advance(time.Second)
	if r := e.post(e.read, "application/json", body); r.status != 200 {
		t.Errorf("after a second: %d %s", r.status, r.body)
	}
}

var (
	planRe = regexp.MustCompile(`pln_[a-z0-9]+`)
	verRe  = regexp.MustCompile(`ver_[a-z0-9]+`)
)

// A conversation from a claim to a re-check: the assistant derives a plan
// and gives the approve link (never approving), refuses to run it while
// pending, runs it once a person approved, explains the failure and
// re-checks it, taking ids from earlier messages.
func TestConversation(t *testing.T) {
	e := newEnv(t, chat.Config{})
	ask1 := "Please verify that https://staging.example.com shows 'Welcome'"
	a1 := e.say(e.read, ask1)
	planID := planRe.FindString(a1)
	for _, want := range []string{"Requirements:", `the page shows "Welcome"`, "http://127.0.0.1:9/console/plans/" + planID, "Nothing runs until a person approves"} {
		if !strings.Contains(a1, want) {
			t.Errorf("verify answer lacks %q:\n%s", want, a1)
		}
	}
	p, err := e.svc.GetPlan(e.ctx, planID)
	if err != nil || p.State != "pending" || p.DeploymentURL != "https://staging.example.com/" {
		t.Fatalf("plan %s: %+v, %v", planID, p, err)
	}
	conv := []string{ask1, a1}
	a2 := e.say(e.read, append(conv, "what is the status of it?")...)
	if !strings.Contains(a2, "waiting for a person's approval") {
		t.Errorf("status of a pending plan:\n%s", a2)
	}
	a3 := e.say(e.launch, append(conv, "run it")...)
	if !strings.Contains(a3, "plan_not_approved") || !strings.Contains(a3, "/console/plans/"+planID) {
		t.Errorf("run before approval:\n%s", a3)
	}
	if _, err := e.svc.Approve(e.ctx, e.person, planID, ""); err != nil {
		t.Fatal(err)
	}
	a4 := e.say(e.read, append(conv, "run it")...)
	if !strings.Contains(a4, "launch") {
		t.Errorf("run with a read key:\n%s", a4)
	}
	a5 := e.say(e.launch, append(conv, "run it")...)
	verID := verRe.FindString(a5)
	if verID == "" || !strings.Contains(a5, "billed as one verification") {
		t.Fatalf("run:\n%s", a5)
	}
	conv = append(conv, "run it", a5)
	if a := e.say(e.read, append(conv, "status?")...); !strings.Contains(a, verID+" is queued") {
		t.Errorf("status of a queued run:\n%s", a)
	}
	if got := e.completeRun("failed", "the heading was missing", "The home page no longer shows \"Welcome\"; put the heading back."); got != verID {
		t.Fatalf("completed %s, want %s", got, verID)
	}
	a6 := e.say(e.read, append(conv, "why did it fail?")...)
	for _, want := range []string{"**failed**", "put the heading back", "/api/v1/verifications/" + verID + "/evidence/j1-s2.jpg", "/console/verifications/" + verID} {
		if !strings.Contains(a6, want) {
			t.Errorf("why answer lacks %q:\n%s", want, a6)
		}
	}
	a7 := e.say(e.read, "how is "+verID+"?")
	if !strings.Contains(a7, "completed: **failed**") || !strings.Contains(a7, "✗ r1") {
		t.Errorf("status of a failed run:\n%s", a7)
	}
	conv = append(conv, "why did it fail?", a6)
	a8 := e.say(e.launch, append(conv, "recheck it")...)
	ids := verRe.FindAllString(a8, -1)
	if len(ids) < 2 || ids[0] == verID || !strings.Contains(a8, "re-checks "+verID) {
		t.Fatalf("recheck:\n%s", a8)
	}
	v, err := e.svc.GetVerification(e.ctx, ids[0])
	if err != nil || v.RecheckOf != verID {
		t.Errorf("re-check %s: %+v, %v", ids[0], v, err)
	}
	// Nothing the assistant did approved anything or charged without a
	// launch key: one run and one re-check.
	if cs, _ := e.svc.Charges(e.ctx, service.ChargeFilter{}); len(cs) != 2 {
		t.Errorf("%d charges, want 2", len(cs))
	}
}

// Questions the assistant cannot act on get a useful answer, not an
// error.
func TestAnswers(t *testing.T) {
	e := newEnv(t, chat.Config{})
	tests := []struct {
		name, say string
		want      []string
	}{
		{"help", "hello there", []string{"verify", "status", "recheck", "never approve"}},
		{"verify without a URL", "verify that the home page shows hi", []string{"Which deployment"}},
		{"verify without a claim", "verify https://staging.example.com", []string{"What should be true"}},
		{"unprovable claim", "verify that https://staging.example.com is fast and beautiful", []string{"cannot verify", "Nothing was created"}},
		{"unknown id", "status of ver_doesnotexist", []string{"not_found"}},
		{"recheck without an id", "recheck it", []string{"Which verification"}},
		{"why of a plan id", "why did pln_abcdef fail?", []string{"not a verification id"}},
		{"metadata target", "verify that http://169.254.169.254 shows 'x'", []string{"target_not_allowed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := e.say(e.read, tt.say)
			for _, w := range tt.want {
				if !strings.Contains(a, w) {
					t.Errorf("answer to %q lacks %q:\n%s", tt.say, w, a)
				}
			}
		})
	}
	if ps, _ := e.svc.ListPlans(e.ctx, "", 100); len(ps) != 0 {
		t.Errorf("%d plans created by answers that create none", len(ps))
	}
}

// A streamed answer is chat.completion.chunk events whose deltas add up to
// the non-streamed answer, a finish reason, the usage when asked, then
// [DONE].
func TestStreaming(t *testing.T) {
	e := newEnv(t, chat.Config{})
	msgs := `"messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hello"}]`
	plain := e.post(e.read, "application/json", `{`+msgs+`}`)
	want := plain.json(t)["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"].(string)
	for _, withUsage := range []bool{false, true} {
		body := `{"stream":true,` + msgs + `}`
		if withUsage {
			body = `{"stream":true,"stream_options":{"include_usage":true},` + msgs + `}`
		}
		r := e.post(e.read, "application/json", body)
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("stream: %d %s\n%s", r.status, r.header.Get("Content-Type"), r.body)
		}
		chunks, done := sse(t, r.body)
		if !done {
			t.Fatal("the stream did not end with [DONE]")
		}
		var text strings.Builder
		var finish []string
		var usage map[string]any
		for i, c := range chunks {
			if c["object"] != "chat.completion.chunk" || c["id"] != chunks[0]["id"] {
				t.Fatalf("chunk %d: %v", i, c)
			}
			if u, ok := c["usage"].(map[string]any); ok {
				usage = u
			}
			for _, ch := range c["choices"].([]any) {
				ch := ch.(map[string]any)
				d := ch["delta"].(map[string]any)
				if i == 0 && d["role"] != "assistant" {
					t.Errorf("first chunk's delta %v", d)
				}
				if s, ok := d["content"].(string); ok {
					text.WriteString(s)
				}
				if f, ok := ch["finish_reason"].(string); ok {
					finish = append(finish, f)
				}
			}
		}
		if text.String() != want {
			t.Errorf("streamed text differs:\n%q\nwant\n%q", text.String(), want)
		}
		if len(finish) != 1 || finish[0] != "stop" {
			t.Errorf("finish reasons %v", finish)
		}
		if len(chunks) < 4 {
			t.Errorf("the answer came in %d chunks: not streamed in pieces", len(chunks))
		}
		if withUsage != (usage != nil) {
			t.Errorf("usage %v with include_usage=%v", usage, withUsage)
		}
		if usage != nil && usage["total_tokens"].(float64) != usage["prompt_tokens"].(float64)+usage["completion_tokens"].(float64) {
			t.Errorf("usage %v", usage)
		}
	}
}

// upstream is a scripted OpenAI-compatible model on 127.0.0.1: it answers
// with the responses it is given, in order, and records the requests.
type upstream struct {
	srv     *httptest.Server
	mu      sync.Mutex
	answers []string
	got     []map[string]any
}

func newUpstream(t *testing.T, answers ...string) *upstream {
	u := &upstream{answers: answers}
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		u.mu.Lock()
		defer u.mu.Unlock()
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sk-test" {
			http.Error(w, `{"error":{"message":"wrong path or key"}}`, http.StatusUnauthorized)
			return
		}
		u.got = append(u.got, m)
		if len(u.answers) == 0 {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
			return
		}
		a := u.answers[0]
		u.answers = u.answers[1:]
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":`+a+`,"finish_reason":"stop"}]}`)
	}))
	t.Cleanup(u.srv.Close)
	return u
}

// With an upstream configured, free-form questions go to the model with
// vouch's operations as tools; the tools run with the caller's key; a
// failing model falls back to the built-in help. Built-in intents never
// reach the model.
func TestUpstream(t *testing.T) {
	if u, err := chat.UpstreamFromEnv(func(string) string { return "" }); u != nil || err != nil {
		t.Fatalf("upstream without environment: %v, %v", u, err)
	}
	if _, err := chat.UpstreamFromEnv(envMap{chat.EnvUpstreamURL: "http://127.0.0.1:1/v1"}.get); err == nil {
		t.Fatal("an upstream without a model was accepted")
	}
	toolCall := `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"vouch_verify","arguments":"{\"deployment_url\":\"https://shop.example.com\",\"claim\":\"The page /cart shows \\\"Checkout\\\"\"}"}}]}`
	final := `{"role":"assistant","content":"I prepared a plan; a person must approve it."}`
	up := newUpstream(t, toolCall, final)
	cfg, err := chat.UpstreamFromEnv(envMap{
		chat.EnvUpstreamURL: up.srv.URL + "/v1/", chat.EnvUpstreamModel: "test-model", chat.EnvUpstreamKey: "sk-test",
	}.get)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, chat.Config{Upstream: cfg})
	if a := e.say(e.read, "I'd like to be sure my shop's cart page has a checkout button"); a != "I prepared a plan; a person must approve it." {
		t.Errorf("answer %q", a)
	}
	up.mu.Lock()
	got := up.got
	up.mu.Unlock()
	if len(got) != 2 || got[0]["model"] != "test-model" || len(got[0]["tools"].([]any)) != 5 {
		t.Fatalf("upstream requests: %v", got)
	}
	msgs := got[1]["messages"].([]any)
	toolMsg := msgs[len(msgs)-1].(map[string]any)
	if toolMsg["role"] != "tool" || toolMsg["tool_call_id"] != "call_1" || !strings.Contains(toolMsg["content"].(string), "/console/plans/pln_") {
		t.Errorf("tool result sent to the model: %v", toolMsg)
	}
	ps, _ := e.svc.ListPlans(e.ctx, "pending", 10)
	if len(ps) != 1 || !strings.HasPrefix(ps[0].DeploymentURL, "https://shop.example.com") || !strings.Contains(ps[0].Claim, "/cart") {
		t.Errorf("plans after the tool call: %+v", ps[0])
	}
	// A built-in intent is answered without the model.
	if a := e.say(e.read, "status of "+ps[0].ID); !strings.Contains(a, "waiting for a person's approval") {
		t.Errorf("built-in answer: %s", a)
	}
	// The script is spent: the model now fails, and the help answers.
	if a := e.say(e.read, "tell me a joke"); !strings.Contains(a, "did not answer") {
		t.Errorf("fallback: %s", a)
	}
	up.mu.Lock()
	if len(up.got) != 3 {
		t.Errorf("upstream got %d requests, want 3 (the status question must not reach it)", len(up.got))
	}
	up.mu.Unlock()
}

type envMap map[string]string

func (m envMap) get(k string) string { return m[k] }
