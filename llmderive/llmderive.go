// Package llmderive lets a language model translate a claim written
// freely into vouch's claim language, behind an OpenAI-compatible
// chat-completions endpoint (llama.cpp's llama-server, Ollama, vLLM or a
// hosted API).
//
// The model never writes plans and never decides anything. It is asked
// only about claims the rules (claim.Derive) refuse, and it answers, in
// JSON constrained by a schema, one to three sentences in the claim
// language. Each sentence goes through claim.Derive like any claim; the
// first that derives and keeps every quoted text, path and number of the
// original becomes the derivation, whose notes show the rewrite so the
// approver sees the original claim, the rewrite and the plan. A rewrite
// that drops what the claim said, does not derive, or a reply that is
// not the JSON asked for, leaves the rules' refusal standing. Claims that
// write a password out, are empty or too long are refused before any
// request is made, so they never leave the machine.
package llmderive

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vouchdev/vouch/claim"
)

// Environment variables read by ConfigFromEnv.
const (
	EnvURL   = "VOUCH_DERIVE_URL"   // base URL of the API, e.g. https://api.openai.com/v1
	EnvModel = "VOUCH_DERIVE_MODEL" // model name, e.g. gpt-4o-mini
	EnvKey   = "VOUCH_DERIVE_KEY"   // bearer token; empty for local servers
)

// ErrNotConfigured means the environment names no endpoint or model.
var ErrNotConfigured = errors.New("llmderive: not configured (set " + EnvURL + " and " + EnvModel + ")")

// ErrModel wraps failures to reach the model or read its HTTP answer:
// they say nothing about the claim, so they are errors, not refusals.
var ErrModel = errors.New("llmderive: model request failed")

// Config configures a Deriver.
type Config struct {
	// BaseURL is the API's base URL; requests go to BaseURL +
	// "/chat/completions". Required.
	BaseURL string
	// Model is the model name sent with each request. Required.
	Model string
	// APIKey is sent as "Authorization: Bearer <APIKey>". Defaults to
	// none, for local servers.
	APIKey string
	// HTTPClient sends the requests. Defaults to a client with Timeout.
	HTTPClient *http.Client
	// Timeout bounds one request. Defaults to 60 seconds.
	Timeout time.Duration
	// MaxReplyBytes bounds the response body read. Defaults to 1 MiB.
	MaxReplyBytes int64
}

// ConfigFromEnv reads a Config from VOUCH_DERIVE_URL, VOUCH_DERIVE_MODEL
// and VOUCH_DERIVE_KEY. It returns ErrNotConfigured when the URL or the
// model is missing.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{BaseURL: strings.TrimSpace(getenv(EnvURL)), Model: strings.TrimSpace(getenv(EnvModel)), APIKey: getenv(EnvKey)}
	if c.BaseURL == "" || c.Model == "" {
		return Config{}, ErrNotConfigured
	}
	return c, nil
}

// Deriver asks a model for plans. It implements claim.Deriver and is safe
// for concurrent use.
type Deriver struct {
	cfg      Config
	endpoint string
}

// New validates cfg, fills its defaults and returns a Deriver.
func New(cfg Config) (*Deriver, error) {
	if cfg.BaseURL == "" || cfg.Model == "" {
		return nil, ErrNotConfigured
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("llmderive: base URL %q must be an http(s) URL", cfg.BaseURL)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: cfg.Timeout}
	}
	if cfg.MaxReplyBytes <= 0 {
		cfg.MaxReplyBytes = 1 << 20
	}
	return &Deriver{cfg: cfg, endpoint: strings.TrimSuffix(cfg.BaseURL, "/") + "/chat/completions"}, nil
}

// neverSent are refusal causes decided before any model is asked.
var neverSent = map[string]bool{"empty": true, "too_long": true, "secret": true}

// maxRewrites bounds the sentences of a reply that are derived.
const maxRewrites = 3

// Derive derives claim with the rules and, when they refuse it, asks the
// model to rewrite it in the claim language; or refuses it with a
// *claim.NotProvableError. Transport failures wrap ErrModel.
func (d *Deriver) Derive(ctx context.Context, text string) (claim.Derivation, error) {
	rd, err := claim.Derive(text)
	if err == nil {
		return rd, nil
	}
	var np *claim.NotProvableError
	if !errors.As(err, &np) {
		return claim.Derivation{}, err
	}
	if neverSent[np.Cause] {
		return claim.Derivation{}, err
	}
	content, err := d.ask(ctx, text)
	if err != nil {
		return claim.Derivation{}, err
	}
	return fromReply(text, np, content)
}

// reply is the JSON the model must answer, as replySchema describes it.
type reply struct {
	Rewrites   []string `json:"rewrites"`
	Unprovable string   `json:"unprovable"`
}

// replySchema constrains the model's output (OpenAI's response_format
// json_schema, which llama-server, Ollama and vLLM also honour).
var replySchema = json.RawMessage(`{
  "type": "object",
  "additionalProperties": false,
  "required": ["rewrites", "unprovable"],
  "properties": {
    "rewrites": {"type": "array", "maxItems": 3, "items": {"type": "string", "minLength": 1, "maxLength": 1000}},
    "unprovable": {"type": "string", "maxLength": 300}
  }
}`)

// fromReply derives the model's rewrites with the rules. The rules'
// refusal np stands when none of them derives and keeps the claim's
// quoted texts, paths and numbers.
func fromReply(text string, np *claim.NotProvableError, content string) (claim.Derivation, error) {
	refuse := func(why string, extra []string) error {
		return claim.Refuse(text, np.Cause, np.Reason+" ("+why+")", extra)
	}
	obj := extractJSON(content)
	if obj == "" {
		return claim.Derivation{}, refuse("the model's rewrite could not be used: no JSON object in its answer", nil)
	}
	var r reply
	dec := json.NewDecoder(strings.NewReader(obj))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return claim.Derivation{}, refuse("the model's rewrite could not be used: "+firstLine(err.Error()), nil)
	}
	var derivable []string
	var why []string
	for i, rw := range r.Rewrites {
		if i == maxRewrites {
			break
		}
		rw = strings.TrimSpace(rw)
		if rw == "" {
			continue
		}
		d, err := claim.Derive(rw)
		if err != nil {
			// Not quoted: a rewrite the rules refuse may carry a password.
			var rp *claim.NotProvableError
			cause := "refused"
			if errors.As(err, &rp) {
				cause = rp.Cause
			}
			why = append(why, fmt.Sprintf("rewrite %d does not derive (%s)", i+1, cause))
			continue
		}
		if miss := claim.Missing(text, d.Plan); miss != "" {
			// A rewrite that drops a quoted text, a path or a number
			// is about another claim; it is offered, labelled, at most.
			why = append(why, fmt.Sprintf("%q %s of the claim", rw, miss))
			derivable = append(derivable, rw)
			continue
		}
		if miss := claim.Unaccounted(text, d); miss != "" {
			// A rewrite that drops a word that bears meaning ("only",
			// "may", "the mobile nav") checks another claim too.
			why = append(why, fmt.Sprintf("%q leaves a word of the claim unchecked: %s", rw, miss))
			derivable = append(derivable, rw)
			continue
		}
		notes := append([]string{fmt.Sprintf("A model rewrote the claim as %q, which the rules derived; check that it means what the claim says before approving.", rw)}, d.Notes...)
		out, err := claim.Trace(text, d.Plan, notes)
		if err != nil {
			why = append(why, fmt.Sprintf("%q: %s", rw, firstLine(err.Error())))
			continue
		}
		return out, nil
	}
	switch {
	case len(why) > 0:
		return claim.Derivation{}, refuse("the model's rewrites were not used: "+strings.Join(why, "; "), derivable)
	case strings.TrimSpace(r.Unprovable) != "":
		return claim.Derivation{}, refuse("the model agrees: "+firstLine(r.Unprovable), nil)
	}
	return claim.Derivation{}, refuse("the model offered no rewrite", nil)
}

// extractJSON finds the JSON object in a reply, which models like to wrap
// in prose or a ```json fence.
func extractJSON(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "```"); i >= 0 {
		rest := s[i+3:]
		rest = strings.TrimPrefix(rest, "json")
		if j := strings.Index(rest, "```"); j >= 0 {
			s = strings.TrimSpace(rest[:j])
		}
	}
	start, end := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}')
	if start < 0 || end < start {
		return ""
	}
	return s[start : end+1]
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// chat is the chat-completions request body.
type chat struct {
	Model          string          `json:"model"`
	Messages       []message       `json:"messages"`
	Temperature    float64         `json:"temperature"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type responseFormat struct {
	Type       string     `json:"type"`
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema json.RawMessage `json:"schema"`
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type completion struct {
	Choices []struct {
		Message message `json:"message"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// ask sends one chat completion and returns the assistant's content.
func (d *Deriver) ask(ctx context.Context, text string) (string, error) {
	body, _ := json.Marshal(chat{Model: d.cfg.Model, Temperature: 0, Messages: []message{
		{Role: "system", Content: systemPrompt},
		{Role: "user", Content: text},
	}, ResponseFormat: &responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: "claim_rewrites", Strict: true, Schema: replySchema}}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.endpoint, bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrModel, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if d.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+d.cfg.APIKey)
	}
	resp, err := d.cfg.HTTPClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrModel, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, d.cfg.MaxReplyBytes))
	if err != nil {
		return "", fmt.Errorf("%w: reading the answer: %v", ErrModel, err)
	}
	var c completion
	jerr := json.Unmarshal(b, &c)
	if resp.StatusCode != http.StatusOK {
		msg := resp.Status
		if jerr == nil && c.Error != nil && c.Error.Message != "" {
			msg += ": " + firstLine(c.Error.Message)
		}
		return "", fmt.Errorf("%w: %s", ErrModel, msg)
	}
	if jerr != nil {
		return "", fmt.Errorf("%w: the answer is not chat-completions JSON: %v", ErrModel, jerr)
	}
	if len(c.Choices) == 0 {
		return "", fmt.Errorf("%w: the answer has no choices", ErrModel)
	}
	return c.Choices[0].Message.Content, nil
}

// systemPrompt teaches the model the claim language it translates into.
const systemPrompt = `You rewrite one sentence about a deployed web app (a "claim") into vouch's claim language, so that vouch's rules can turn it into browser checks. You never write plans and never judge whether the claim is true.

Answer JSON: {"rewrites": [1 to 3 sentences in the claim language, best first], "unprovable": ""}. If no browser could check the claim (speed, backups, "easy to use", what happens on the server), answer {"rewrites": [], "unprovable": "one line saying why"}.

Each rewrite must mean exactly what the claim means: keep every action and every check, keep every quoted text exactly as written (in quotes), every path and every number. Put the words the page shows in quotes. Do not add checks, guess texts, or invent paths; if a page is named by what it shows, say "the X page".

The claim language, by example:
- The home page shows 'Welcome'  /  /pricing doesn't show 'Beta'
- The title of /about is 'About us'  /  /status returns 200  /  The home page loads without errors
- The home page has a 'Sign in' button  /  has a link to /docs  /  has a heading 'Pricing'  /  has a 'Email' field
- /todos lists 3 items  /  The navigation has 6 links
- Clicking 'Docs' on the home page opens /docs  /  Clicking 'List books' shows 'Try it out'
- On /todos, typing 'milk' into 'What needs to be done?' and pressing Enter shows 'milk'
- Filling 'Email' with 'a@b.c' and clicking 'Subscribe' shows 'Thanks'
- Choosing 'Support' as the topic on /contact and submitting shows 'Sent'
- Signing in as demo@example.com with the secret DEMO_PASSWORD shows 'Dashboard'
- Visiting /dashboard while signed out redirects to /login
- Reloading /todos still shows 'milk'  /  'Apples' comes before 'Pears' on /shop  /  On /todos, 'milk' is struck through
Never write a password: name a secret ("with the secret DEMO_PASSWORD").`
