package chat

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
)

// Environment variables that configure an upstream model.
const (
	EnvUpstreamURL   = "VOUCH_CHAT_UPSTREAM_URL"   // base URL, e.g. https://api.openai.com/v1
	EnvUpstreamModel = "VOUCH_CHAT_UPSTREAM_MODEL" // e.g. gpt-4o-mini
	EnvUpstreamKey   = "VOUCH_CHAT_UPSTREAM_KEY"   // its API key; may be empty for local servers
)

// Upstream is an OpenAI-compatible Chat Completions server that answers
// what the built-in assistant does not understand. It is offered vouch's
// operations as tools (verify, status, explain, recheck, run), which run
// with the caller's key exactly as the built-in assistant runs them, so
// the model can never approve a plan or spend beyond the key's scope.
type Upstream struct {
	// BaseURL is the API's base, to which /chat/completions is added.
	// Required.
	BaseURL string
	// Model is the model to ask. Required.
	Model string
	// APIKey is sent as Authorization: Bearer. Defaults to none.
	APIKey string
	// Timeout bounds the whole answer, tool rounds included. Defaults to
	// 60 s.
	Timeout time.Duration
	// MaxRounds bounds the tool-calling rounds. Defaults to 5.
	MaxRounds int
	// Client makes the requests. Defaults to a client with Timeout.
	Client *http.Client
}

// UpstreamFromEnv reads an upstream from VOUCH_CHAT_UPSTREAM_URL,
// VOUCH_CHAT_UPSTREAM_MODEL and VOUCH_CHAT_UPSTREAM_KEY. It returns nil
// when the URL is not set: the upstream is off by default.
func UpstreamFromEnv(getenv func(string) string) (*Upstream, error) {
	base := strings.TrimSpace(getenv(EnvUpstreamURL))
	if base == "" {
		return nil, nil
	}
	u := &Upstream{BaseURL: base, Model: strings.TrimSpace(getenv(EnvUpstreamModel)), APIKey: getenv(EnvUpstreamKey)}
	return u, u.fill()
}

func (u *Upstream) fill() error {
	p, err := url.Parse(u.BaseURL)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return fmt.Errorf("chat: upstream base URL %q is not an http(s) URL", u.BaseURL)
	}
	if u.Model == "" {
		return fmt.Errorf("chat: an upstream needs a model (%s)", EnvUpstreamModel)
	}
	u.BaseURL = strings.TrimRight(u.BaseURL, "/")
	if u.Timeout <= 0 {
		u.Timeout = 60 * time.Second
	}
	if u.MaxRounds <= 0 {
		u.MaxRounds = 5
	}
	if u.Client == nil {
		u.Client = &http.Client{Timeout: u.Timeout}
	}
	return nil
}

const systemPrompt = `You are vouch's assistant. vouch verifies claims about live web apps in a real browser. ` +
	`Use the tools for anything about verifications: vouch_verify derives a plan from a deployment URL and a one-sentence claim and returns the link where a person approves it; ` +
	`nothing runs before a person approves, and you can never approve. vouch_run starts an approved plan, vouch_status reports on a plan or verification, ` +
	`vouch_explain gives a failed verification's repair prompt and evidence, vouch_recheck re-runs a failed verification. ` +
	`Report the tools' answers faithfully, with their ids and links. Be brief.`

// upstreamMessage is a message in the upstream conversation.
type upstreamMessage struct {
	Role       string     `json:"role"`
	Content    *string    `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func str(s string) *string { return &s }

// tools are vouch's operations as OpenAI function tools.
var tools = func() []map[string]any {
	obj := func(props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	s := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	fn := func(name, desc string, params map[string]any) map[string]any {
		return map[string]any{"type": "function", "function": map[string]any{"name": name, "description": desc, "parameters": params}}
	}
	id := obj(map[string]any{"id": s("a verification id (ver_…) or plan id (pln_…)")}, "id")
	return []map[string]any{
		fn("vouch_verify", "Derive requirements and a plan for a claim about a deployed app; returns the approve link. Nothing runs, nothing is charged.",
			obj(map[string]any{"deployment_url": s("the app's URL, http or https"), "claim": s("one sentence that should be true of the app")}, "deployment_url", "claim")),
		fn("vouch_status", "The state of a plan or verification, or its decision once complete.", id),
		fn("vouch_explain", "Why a verification failed: its repair prompt and evidence links.", id),
		fn("vouch_recheck", "Re-run a failed verification's approved plan after a fix; billed as one verification.", id),
		fn("vouch_run", "Start a run of an approved plan; billed as one verification.", id),
	}
}()

// call runs one tool call with the caller's key.
func (a *assistant) call(ctx context.Context, name, args string) string {
	var in struct {
		ID            string `json:"id"`
		DeploymentURL string `json:"deployment_url"`
		Claim         string `json:"claim"`
	}
	if err := json.Unmarshal([]byte(args), &in); err != nil {
		return "error: the arguments are not a JSON object: " + err.Error()
	}
	var out string
	var err error
	switch name {
	case "vouch_verify":
		out, err = a.Verify(ctx, in.DeploymentURL, in.Claim)
	case "vouch_status":
		out, err = a.Status(ctx, strings.ToLower(in.ID))
	case "vouch_explain":
		out, err = a.Explain(ctx, strings.ToLower(in.ID))
	case "vouch_recheck":
		out, err = a.Recheck(ctx, strings.ToLower(in.ID))
	case "vouch_run":
		out, err = a.Run(ctx, strings.ToLower(in.ID))
	default:
		return "error: no tool " + name
	}
	if err != nil {
		return "error: vouch failed internally; try again later"
	}
	return out
}

// complete asks the model, running the tools it calls, until it answers
// in text or MaxRounds is spent.
func (u *Upstream) complete(ctx context.Context, a *assistant, turns []turn) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, u.Timeout)
	defer cancel()
	msgs := []upstreamMessage{{Role: "system", Content: str(systemPrompt)}}
	for _, t := range turns {
		msgs = append(msgs, upstreamMessage{Role: t.Role, Content: str(t.Text)})
	}
	for range u.MaxRounds {
		m, err := u.ask(ctx, msgs)
		if err != nil {
			return "", err
		}
		if len(m.ToolCalls) == 0 {
			if m.Content == nil || strings.TrimSpace(*m.Content) == "" {
				return "", errors.New("the model answered with no text")
			}
			return *m.Content, nil
		}
		msgs = append(msgs, upstreamMessage{Role: "assistant", Content: m.Content, ToolCalls: m.ToolCalls})
		for _, tc := range m.ToolCalls {
			msgs = append(msgs, upstreamMessage{Role: "tool", ToolCallID: tc.ID, Content: str(a.call(ctx, tc.Function.Name, tc.Function.Arguments))})
		}
	}
	return "", fmt.Errorf("the model was still calling tools after %d rounds", u.MaxRounds)
}

func (u *Upstream) ask(ctx context.Context, msgs []upstreamMessage) (*upstreamMessage, error) {
	body, err := json.Marshal(map[string]any{"model": u.Model, "messages": msgs, "tools": tools})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.BaseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if u.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.APIKey)
	}
	resp, err := u.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("upstream answered %d: %.300s", resp.StatusCode, b)
	}
	var out struct {
		Choices []struct {
			Message upstreamMessage `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("upstream answer: %w", err)
	}
	if len(out.Choices) == 0 {
		return nil, errors.New("upstream answered with no choices")
	}
	return &out.Choices[0].Message, nil
}
