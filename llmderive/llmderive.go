// Package llmderive derives plans from free-form claims with a language
// model behind an OpenAI-compatible chat-completions endpoint.
//
// It is optional and off unless configured: claim.Rules stays the default
// deriver. A model's answer is never trusted as is. The reply must be a
// plan in vouch's format, and it passes through exactly the checks
// claim.Derive's own plans pass — plan.Parse, then claim.Trace, which
// requires every requirement to be proven by an assertion and every
// journey to trace to a requirement. Anything else (no JSON, an unknown
// step, an untraced journey, a password typed in clear) becomes a
// *claim.NotProvableError with a repair prompt, never a run. Claims that
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
	"github.com/vouchdev/vouch/plan"
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
	// RulesFirst answers claims that claim.Derive proves without asking
	// the model; only claims the rules refuse go to it. Defaults to false
	// (every claim goes to the model).
	RulesFirst bool
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

// Derive turns claim into a derivation with the model's help, or refuses
// it with a *claim.NotProvableError. Transport failures wrap ErrModel.
func (d *Deriver) Derive(ctx context.Context, text string) (claim.Derivation, error) {
	rd, err := claim.Derive(text)
	var np *claim.NotProvableError
	switch {
	case err == nil && d.cfg.RulesFirst:
		return rd, nil
	case errors.As(err, &np) && neverSent[np.Cause]:
		return claim.Derivation{}, err
	}
	content, err := d.ask(ctx, text)
	if err != nil {
		return claim.Derivation{}, err
	}
	return fromReply(text, content)
}

// reply is what the model is told to answer.
type reply struct {
	Plan    json.RawMessage `json:"plan"`
	Notes   []string        `json:"notes"`
	Refusal *struct {
		Reason      string   `json:"reason"`
		Suggestions []string `json:"suggestions"`
	} `json:"refusal"`
}

// fromReply checks a model's reply as strictly as claim.Derive's own plans.
func fromReply(text, content string) (claim.Derivation, error) {
	invalid := func(why string) error {
		return claim.Refuse(text, "invalid_plan", "the model's answer is not a valid plan ("+why+")", nil)
	}
	obj := extractJSON(content)
	if obj == "" {
		return claim.Derivation{}, invalid("no JSON object in the reply")
	}
	var r reply
	dec := json.NewDecoder(strings.NewReader(obj))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return claim.Derivation{}, invalid("malformed JSON: " + firstLine(err.Error()))
	}
	if r.Refusal != nil {
		reason := strings.TrimSpace(r.Refusal.Reason)
		if reason == "" {
			reason = "the model found nothing a browser can check in the text"
		}
		return claim.Derivation{}, claim.Refuse(text, "unrecognized", firstLine(reason), r.Refusal.Suggestions)
	}
	if len(r.Plan) == 0 || string(r.Plan) == "null" {
		return claim.Derivation{}, invalid("no plan")
	}
	p, err := plan.Parse(r.Plan)
	if err != nil {
		return claim.Derivation{}, invalid(firstLine(err.Error()))
	}
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if (s.Kind == plan.Fill || s.Kind == plan.Select) && s.Value != "" && looksSecret(s.Target) {
				return claim.Derivation{}, invalid("it types a value into a password field instead of naming a secret")
			}
		}
	}
	notes := []string{"Derived by a model: review every step before approving."}
	for _, n := range r.Notes {
		if n = strings.TrimSpace(n); n != "" {
			notes = append(notes, firstLine(n))
		}
	}
	d, err := claim.Trace(text, p, notes)
	if err != nil {
		return claim.Derivation{}, invalid(firstLine(err.Error()))
	}
	return d, nil
}

func looksSecret(target string) bool {
	t := strings.ToLower(target)
	return strings.Contains(t, "password") || strings.Contains(t, "passcode") || strings.Contains(t, "token") || strings.Contains(t, "api key")
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
	Model       string    `json:"model"`
	Messages    []message `json:"messages"`
	Temperature float64   `json:"temperature"`
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
	}})
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

// systemPrompt teaches the model vouch's plan format and the rules its
// answer is checked against.
const systemPrompt = `You turn one sentence about a deployed web app (a "claim") into a vouch plan: browser journeys that prove it. Answer with one JSON object and nothing else.

If the claim can be proven in a browser, answer {"plan": PLAN, "notes": [assumptions you made, one sentence each]}.
If it cannot (vague like "the app is fast", out of a browser's reach like "the database is backed up", contradictory), answer {"refusal": {"reason": "one line", "suggestions": ["1 to 3 provable rephrasings using the claim's own words"]}}.

PLAN is:
{"version": 1, "name": "<the claim>",
 "requirements": [{"id": "R1", "text": "a sentence a person can check", "kind": "presence|absence|navigation|form|sign-in|count|status|health|title|url|sequence"}],
 "journeys": [{"name": "unique name", "requirement": "R1", "steps": [STEP, ...]}]}

Every journey names the requirement it proves and contains at least one assertion; every requirement is proven by at least one journey. Each journey starts with a visit, in a fresh browser with no cookies. Paths are relative to the app ("/login").

STEP is a one-key object. Actions: {"visit": "/path"}, {"click": TARGET}, {"fill": {"target": TARGET, "value": "text"}} or {"fill": {"target": TARGET, "secret": "SECRET_NAME"}}, {"select": {"target": TARGET, "value": "option"}}, {"check": TARGET}, {"uncheck": TARGET}, {"press": "Enter"} or {"press": {"key": "Enter", "target": TARGET}}, {"hover": TARGET}, {"wait_for": TARGET}.
Assertions: {"expect_text": "text"} (page text contains it), {"expect_no_text": "text"}, {"expect_visible": TARGET}, {"expect_hidden": TARGET}, {"expect_url": "/path"}, {"expect_title": "exact title"}, {"expect_count": {"target": TARGET, "count": N}}, {"expect_status": 200}, {"expect_no_console_errors": true}.

TARGET is a selector: role=button[name="Sign in"], role=link[name="Docs"], role=heading[name="Pricing"], role=checkbox[name="Remember me"], text=Welcome, label=Email, placeholder=Search, alt=Logo, testid=submit, css=form button.

Never put a password, token or other secret in a plan: type it with {"fill": {"target": ..., "secret": "NAME"}} where NAME is an environment-style name (DEMO_PASSWORD). Use only what the claim says; note every assumption (a page's path, a field's label).`
