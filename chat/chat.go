package chat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// Config configures the chat endpoint.
type Config struct {
	// Service is the verification lifecycle the assistant acts on.
	// Required.
	Service *service.Service
	// Logger receives errors. Defaults to slog.Default().
	Logger *slog.Logger
	// Now is the clock (rate limits, created times). Defaults to time.Now.
	Now func() time.Time
	// RateLimit is the sustained requests per second allowed per key;
	// beyond it requests get 429 rate_limited with Retry-After. Defaults
	// to 2; a negative value disables the limit.
	RateLimit float64
	// RateBurst is how many requests a key may make at once. Defaults to
	// 10.
	RateBurst int
	// MaxBodyBytes bounds a request body; larger ones get 413. Defaults to
	// 1 MiB (api.MaxBodyBytes).
	MaxBodyBytes int64
	// MaxMessages bounds a conversation's length. Defaults to 200.
	MaxMessages int
	// Model is the model name answers carry. Defaults to "vouch".
	Model string
	// Upstream, if set, sends messages the built-in assistant does not
	// understand to an OpenAI-compatible model with vouch's operations
	// as tools. Defaults to nil: off. UpstreamFromEnv reads one from the
	// environment.
	Upstream *Upstream
	// Requests are the request conventions (X-Request-Id, panic recovery,
	// the request log). The server passes the API's, so that chat requests
	// go to its batched request log; defaults to chat's own, writing to
	// Service's request log.
	Requests *api.Requests
}

// Chat serves POST /api/v1/chat. Create it with New.
type Chat struct {
	cfg     Config
	svc     *service.Service
	log     *slog.Logger
	limiter *api.Limiter
	handler http.Handler
	// created is when the endpoint started: the model's "created" time.
	created int64
}

// Paths are where the endpoint is served: /api/v1/chat (interface-spec
// §4.1) and its /v1 spelling, and the same with /completions added, so
// that an OpenAI client given the base URL {vouch}/api/v1 finds it at the
// path it always calls (/chat/completions).
var Paths = []string{"/api/v1/chat", "/v1/chat", "/api/v1/chat/completions", "/v1/chat/completions",
	"/api/v1/models", "/v1/models", "/api/v1/models/{model}", "/v1/models/{model}"}

// isModels says whether a mux path is the models list or one model, which
// OpenAI clients and chat UIs read before they chat.
func isModels(p string) bool { return strings.Contains(p, "/models") }

// Routes are the endpoint's routes as api.Route: POST on each of Paths
// after the /api/v1 prefix (the /v1 spellings are the same routes), with
// every error code it may answer. The OpenAPI test of the assembled
// server holds api/openapi.json to them.
func Routes() []api.Route {
	codes := []service.Code{
		service.CodeInvalidRequest, service.CodeUnauthorized, service.CodeMethodNotAllowed,
		service.CodePayloadTooLarge, service.CodeUnsupportedMediaType, service.CodeRateLimited,
		service.CodeInternal, service.CodeServiceUnavailable,
	}
	models := []service.Code{
		service.CodeUnauthorized, service.CodeMethodNotAllowed, service.CodeRateLimited,
		service.CodeInternal, service.CodeServiceUnavailable,
	}
	var out []api.Route
	for _, p := range Paths {
		rest, ok := strings.CutPrefix(p, api.Prefixes[0])
		switch {
		case !ok:
		case isModels(p):
			c := slices.Clone(models)
			if strings.Contains(p, "{") {
				c = append(c, service.CodeNotFound)
				slices.Sort(c)
			}
			out = append(out, api.Route{Method: http.MethodGet, Path: rest, Codes: c})
		default:
			out = append(out, api.Route{Method: http.MethodPost, Path: rest, Codes: slices.Clone(codes)})
		}
	}
	return out
}

// New checks cfg, fills its defaults and returns the endpoint.
func New(cfg Config) (*Chat, error) {
	if cfg.Service == nil {
		return nil, errors.New("chat: Config.Service is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RateLimit == 0 {
		cfg.RateLimit = 2
	}
	if cfg.RateBurst <= 0 {
		cfg.RateBurst = 10
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = api.MaxBodyBytes
	}
	if cfg.MaxMessages <= 0 {
		cfg.MaxMessages = 200
	}
	if cfg.Model == "" {
		cfg.Model = "vouch"
	}
	if u := cfg.Upstream; u != nil {
		if err := u.fill(); err != nil {
			return nil, err
		}
	}
	c := &Chat{cfg: cfg, svc: cfg.Service, log: cfg.Logger.With("component", "chat"), created: cfg.Now().Unix()}
	c.limiter = api.NewLimiter(cfg.RateLimit, cfg.RateBurst, cfg.Now)
	req := cfg.Requests
	if req == nil {
		req = api.NewRequests(api.RequestsConfig{Service: cfg.Service, Logger: c.log, Now: cfg.Now})
	}
	c.handler = req.WithLogger(c.log).Handler(http.HandlerFunc(c.serve))
	return c, nil
}

// ServeHTTP serves the chat endpoint at any path it is mounted on.
func (c *Chat) ServeHTTP(w http.ResponseWriter, r *http.Request) { c.handler.ServeHTTP(w, r) }

func (c *Chat) serve(w http.ResponseWriter, r *http.Request) {
	if isModels(r.URL.Path) {
		c.serveModels(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		api.WriteOpenAIError(w, r, apiErr(service.CodeMethodNotAllowed, "", "method "+r.Method+" is not allowed on "+r.URL.Path+"; allowed: POST"))
		return
	}
	p, err := c.authenticate(r)
	if err != nil {
		api.WriteOpenAIError(w, r, err)
		return
	}
	if !c.allow(w, r, p) {
		return
	}
	req, turns, err := c.decode(w, r)
	if err != nil {
		api.WriteOpenAIError(w, r, err)
		return
	}
	a := &assistant{svc: c.svc, p: p}
	text, model, err := c.answer(r.Context(), a, turns)
	if err != nil {
		api.WriteOpenAIError(w, r, err)
		return
	}
	prompt := 0
	for _, t := range turns {
		prompt += estimateTokens(t.Text)
	}
	usage := &Usage{PromptTokens: prompt, CompletionTokens: estimateTokens(text)}
	usage.TotalTokens = usage.PromptTokens + usage.CompletionTokens
	id := "chatcmpl-" + strings.TrimPrefix(api.RequestID(r), "req_")
	created := c.cfg.Now().Unix()
	if req.Stream {
		c.stream(w, r, id, created, model, text, usage, req.StreamOptions != nil && req.StreamOptions.IncludeUsage)
		return
	}
	api.WriteJSON(w, http.StatusOK, Completion{
		ID: id, Object: "chat.completion", Created: created, Model: model, Usage: usage,
		Choices: []Choice{{Index: 0, Message: ResponseMessage{Role: "assistant", Content: text}, FinishReason: "stop"}},
	})
}

// serveModels answers GET /api/v1/models with the one model answers
// carry, and GET /api/v1/models/{model} with it or 404, as OpenAI's API
// does; any key may list them.
func (c *Chat) serveModels(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		api.WriteOpenAIError(w, r, apiErr(service.CodeMethodNotAllowed, "", "method "+r.Method+" is not allowed on "+r.URL.Path+"; allowed: GET, HEAD"))
		return
	}
	p, err := c.authenticate(r)
	if err != nil {
		api.WriteOpenAIError(w, r, err)
		return
	}
	if !c.allow(w, r, p) {
		return
	}
	m := Model{ID: c.cfg.Model, Object: "model", Created: c.created, OwnedBy: "vouch"}
	if id := r.PathValue("model"); id != "" {
		if id != m.ID {
			api.WriteOpenAIError(w, r, apiErr(service.CodeNotFound, "model", fmt.Sprintf("model %q does not exist; the one model is %q", id, m.ID)))
			return
		}
		api.WriteJSON(w, http.StatusOK, m)
		return
	}
	api.WriteJSON(w, http.StatusOK, ModelList{Object: "list", Data: []Model{m}})
}

// allow takes a token of the caller's rate limit, answering 429 with
// Retry-After when none is left.
func (c *Chat) allow(w http.ResponseWriter, r *http.Request, p service.Principal) bool {
	ok, wait := c.limiter.Allow(p.KeyID)
	if ok {
		return true
	}
	secs := strconv.Itoa(max(1, int(math.Ceil(wait.Seconds()))))
	w.Header().Set("Retry-After", secs)
	api.WriteOpenAIError(w, r, apiErr(service.CodeRateLimited, "", "too many chat requests for this key; retry after "+secs+" s"))
	return false
}

// answer runs the built-in assistant, and the upstream model for what it
// does not understand when one is configured.
func (c *Chat) answer(ctx context.Context, a *assistant, turns []turn) (string, string, error) {
	if c.cfg.Upstream != nil && classify(turns[len(turns)-1].Text) == intentHelp {
		text, err := c.cfg.Upstream.complete(ctx, a, turns)
		if err == nil {
			return text, c.cfg.Upstream.Model, nil
		}
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		c.log.Warn("upstream model failed; answering with the built-in assistant", "err", err)
		return helpText + "\n\n(The configured model did not answer, so this is the built-in help.)", c.cfg.Model, nil
	}
	text, err := a.reply(ctx, turns)
	return text, c.cfg.Model, err
}

// stream writes the answer as server-sent chat.completion.chunk events:
// the role, the content in pieces, the finish reason, the usage when
// asked for, then "data: [DONE]".
func (c *Chat) stream(w http.ResponseWriter, r *http.Request, id string, created int64, model, text string, usage *Usage, withUsage bool) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	chunk := func(d Delta, finish *string, u *Usage, choices bool) bool {
		ch := Chunk{ID: id, Object: "chat.completion.chunk", Created: created, Model: model, Choices: []ChunkChoice{}}
		if choices {
			ch.Choices = []ChunkChoice{{Index: 0, Delta: d, FinishReason: finish}}
		}
		ch.Usage = u
		b, err := encode(ch)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !chunk(Delta{Role: "assistant"}, nil, nil, true) {
		return
	}
	for _, piece := range pieces(text) {
		if r.Context().Err() != nil || !chunk(Delta{Content: piece}, nil, nil, true) {
			return
		}
	}
	stop := "stop"
	if !chunk(Delta{}, &stop, nil, true) {
		return
	}
	if withUsage && !chunk(Delta{}, nil, usage, false) {
		return
	}
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
	_ = rc.Flush()
}

// pieces splits an answer into the chunks a stream sends: a few words
// each, so that clients render it progressively. Joined, they are the
// answer exactly.
func pieces(text string) []string {
	const words = 4
	var out []string
	start, n := 0, 0
	for i, r := range text {
		if r == ' ' || r == '\n' {
			n++
			if n == words {
				out = append(out, text[start:i+1])
				start, n = i+1, 0
			}
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// decode reads and validates the request body.
func (c *Chat) decode(w http.ResponseWriter, r *http.Request) (*Request, []turn, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, c.cfg.MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, nil, apiErr(service.CodePayloadTooLarge, "body", fmt.Sprintf("request body is larger than %d bytes", c.cfg.MaxBodyBytes))
		}
		return nil, nil, apiErr(service.CodeInvalidRequest, "body", "reading the request body: "+err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil, apiErr(service.CodeInvalidRequest, "body", `request body is empty; send {"messages":[{"role":"user","content":"…"}]}`)
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return nil, nil, apiErr(service.CodeUnsupportedMediaType, "", fmt.Sprintf("Content-Type must be application/json, got %q", r.Header.Get("Content-Type")))
	}
	// Messages are decoded one by one so that an error names its index.
	var wire struct {
		Request
		Messages json.RawMessage `json:"messages"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&wire); err != nil {
		return nil, nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, apiErr(service.CodeInvalidRequest, "body", "request body has data after the JSON object")
	}
	req := wire.Request
	if m := bytes.TrimSpace(wire.Messages); len(m) == 0 || bytes.Equal(m, []byte("null")) {
		return nil, nil, apiErr(service.CodeInvalidRequest, "messages", `messages is required: an array of {"role","content"} objects`)
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(wire.Messages, &raws); err != nil {
		return nil, nil, apiErr(service.CodeInvalidRequest, "messages", `messages must be an array of {"role","content"} objects`)
	}
	for i, raw := range raws {
		var m Message
		if err := json.Unmarshal(raw, &m); err != nil {
			field := fmt.Sprintf("messages[%d]", i)
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				field += "." + te.Field
				return nil, nil, apiErr(service.CodeInvalidRequest, field, fmt.Sprintf("%s must be %s, not %s", field, kindName(te.Type.Kind().String()), te.Value))
			}
			return nil, nil, apiErr(service.CodeInvalidRequest, field, field+` must be an object {"role","content"}`)
		}
		req.Messages = append(req.Messages, m)
	}
	if len(req.Messages) == 0 {
		return nil, nil, apiErr(service.CodeInvalidRequest, "messages", "messages is empty: send at least one user message")
	}
	if len(req.Messages) > c.cfg.MaxMessages {
		return nil, nil, apiErr(service.CodeInvalidRequest, "messages", fmt.Sprintf("messages has %d entries; at most %d are accepted", len(req.Messages), c.cfg.MaxMessages))
	}
	turns := make([]turn, 0, len(req.Messages))
	lastUser := -1
	for i, m := range req.Messages {
		field := fmt.Sprintf("messages[%d]", i)
		if m.Role == "" {
			return nil, nil, apiErr(service.CodeInvalidRequest, field+".role", field+".role is missing; use one of "+strings.Join(roles, ", "))
		}
		if !slices.Contains(roles, m.Role) {
			return nil, nil, apiErr(service.CodeInvalidRequest, field+".role", fmt.Sprintf("%s.role %q is not accepted; use one of %s", field, m.Role, strings.Join(roles, ", ")))
		}
		text, problem := m.text()
		if problem != "" {
			return nil, nil, apiErr(service.CodeInvalidRequest, field+".content", field+".content "+problem)
		}
		role := m.Role
		switch role {
		case "user":
			lastUser = i
		case "developer":
			role = "system"
		}
		turns = append(turns, turn{Role: role, Text: text})
	}
	if lastUser < 0 {
		return nil, nil, apiErr(service.CodeInvalidRequest, "messages", "messages has no user message: the assistant answers the last one")
	}
	if strings.TrimSpace(turns[lastUser].Text) == "" {
		return nil, nil, apiErr(service.CodeInvalidRequest, fmt.Sprintf("messages[%d].content", lastUser), fmt.Sprintf("messages[%d].content is empty", lastUser))
	}
	// The answer is to the last user message; what follows it (an
	// assistant prefill) is ignored.
	return &req, turns[:lastUser+1], nil
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		// The request is decoded through a wrapper that embeds Request.
		f := strings.TrimPrefix(te.Field, "Request.")
		return apiErr(service.CodeInvalidRequest, f, fmt.Sprintf("%s must be %s, not %s", f, kindName(te.Type.Kind().String()), te.Value))
	case errors.As(err, &te):
		return apiErr(service.CodeInvalidRequest, "body", "request body must be a JSON object, not "+te.Value)
	case errors.As(err, &se):
		return apiErr(service.CodeInvalidRequest, "body", fmt.Sprintf("request body is not valid JSON at byte %d: %v", se.Offset, se))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apiErr(service.CodeInvalidRequest, "body", "request body is truncated JSON")
	}
	return apiErr(service.CodeInvalidRequest, "body", "request body: "+err.Error())
}

func kindName(k string) string {
	switch k {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return k
}

// authenticate checks the bearer key. Any scope may chat; the operations
// that spend (run, recheck) need launch, which the service enforces.
func (c *Chat) authenticate(r *http.Request) (service.Principal, error) {
	key, present := auth.KeyFromRequest(r)
	if !present || key == "" {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "send an API key as Authorization: Bearer <key>")
	}
	if auth.CheckKey(key) != nil {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is malformed (a vouch key is vch_ followed by 36 letters and digits); check for a typo")
	}
	k, err := c.svc.AuthenticateKey(r.Context(), auth.HashKey(key))
	if err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is unknown or revoked")
		}
		return service.Principal{}, err
	}
	p := service.Principal{KeyID: k.ID, Scope: k.Scope}
	api.SetCaller(r, p)
	return p, nil
}

func apiErr(code service.Code, field, msg string) *service.Error {
	return &service.Error{Code: code, Field: field, Message: msg}
}

// encode marshals v without HTML escaping and without a newline.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
