package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Request is the body of POST /api/v1/chat: OpenAI's Chat Completions
// request. Fields vouch does not use (temperature, max_tokens, tools, …)
// are accepted and ignored, so that every OpenAI client's defaults pass.
type Request struct {
	Model    string    `json:"model,omitempty"`
	Messages []Message `json:"messages"`
	// Stream asks for server-sent events; Defaults to false.
	Stream        bool           `json:"stream,omitempty"`
	StreamOptions *StreamOptions `json:"stream_options,omitempty"`
}

// StreamOptions are OpenAI's stream options.
type StreamOptions struct {
	// IncludeUsage adds a last chunk with the token usage.
	IncludeUsage bool `json:"include_usage,omitempty"`
}

// Message is one message of the conversation. Content is a string, or
// OpenAI's array of content parts of which only "text" parts are read.
type Message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	Name    string          `json:"name,omitempty"`
}

// Roles accepted in a request. "developer" is OpenAI's newer name for
// the system role (its reasoning models' clients send it), read as
// "system".
var roles = []string{"system", "developer", "user", "assistant"}

// turn is a validated message: its role and its text.
type turn struct {
	Role string
	Text string
}

// text reads a message's content: a JSON string, or an array of parts
// whose "text" parts are joined. It returns an error message naming what
// is wrong.
func (m Message) text() (string, string) {
	c := bytes.TrimSpace(m.Content)
	if len(c) == 0 || bytes.Equal(c, []byte("null")) {
		return "", "is missing: send the message text as a string"
	}
	switch c[0] {
	case '"':
		var s string
		if err := json.Unmarshal(c, &s); err != nil {
			return "", "is not a valid JSON string"
		}
		return s, ""
	case '[':
		var parts []struct {
			Type string  `json:"type"`
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(c, &parts); err != nil {
			return "", "must be a string or an array of {\"type\":\"text\",\"text\":…} parts"
		}
		var b strings.Builder
		for i, p := range parts {
			if p.Type != "text" || p.Text == nil {
				return "", fmt.Sprintf("part %d is of type %q; only text parts are accepted", i, p.Type)
			}
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(*p.Text)
		}
		return b.String(), ""
	}
	return "", "must be a string"
}

// Completion is a chat.completion response.
type Completion struct {
	ID                string   `json:"id"`
	Object            string   `json:"object"` // "chat.completion"
	Created           int64    `json:"created"`
	Model             string   `json:"model"`
	Choices           []Choice `json:"choices"`
	Usage             *Usage   `json:"usage"`
	SystemFingerprint *string  `json:"system_fingerprint"`
}

// Choice is the one answer of a completion.
type Choice struct {
	Index        int             `json:"index"`
	Message      ResponseMessage `json:"message"`
	Logprobs     *struct{}       `json:"logprobs"`
	FinishReason string          `json:"finish_reason"`
}

// ResponseMessage is the assistant's message.
type ResponseMessage struct {
	Role    string  `json:"role"`
	Content string  `json:"content"`
	Refusal *string `json:"refusal"`
}

// Usage counts tokens. vouch has no tokenizer: counts are estimates of
// about four characters a token.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// Chunk is a chat.completion.chunk event of a streamed answer.
type Chunk struct {
	ID                string        `json:"id"`
	Object            string        `json:"object"` // "chat.completion.chunk"
	Created           int64         `json:"created"`
	Model             string        `json:"model"`
	SystemFingerprint *string       `json:"system_fingerprint"`
	Choices           []ChunkChoice `json:"choices"`
	// Usage is present, null until the last chunk, only when the request
	// asked for stream_options.include_usage.
	Usage *Usage `json:"usage,omitempty"`
}

// ChunkChoice is a chunk's piece of the answer.
type ChunkChoice struct {
	Index        int       `json:"index"`
	Delta        Delta     `json:"delta"`
	Logprobs     *struct{} `json:"logprobs"`
	FinishReason *string   `json:"finish_reason"`
}

// Delta is what a chunk adds to the message.
type Delta struct {
	Role    string `json:"role,omitempty"`
	Content string `json:"content,omitempty"`
}

// estimateTokens is a rough token count: about four characters a token.
func estimateTokens(s string) int {
	if s == "" {
		return 0
	}
	return (len(s) + 3) / 4
}

// Model is one entry of GET /api/v1/models: OpenAI's model object.
type Model struct {
	ID      string `json:"id"`
	Object  string `json:"object"` // "model"
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

// ModelList is the answer of GET /api/v1/models.
type ModelList struct {
	Object string  `json:"object"` // "list"
	Data   []Model `json:"data"`
}
