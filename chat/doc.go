// Package chat is vouch's chat endpoint, POST /api/v1/chat (and
// /v1/chat), in the OpenAI Chat Completions wire format so that every
// OpenAI client library works against it unchanged: a request of
// {model, messages:[{role, content}], stream}, an answer that is a
// chat.completion object, or with "stream": true a text/event-stream of
// chat.completion.chunk events ending with "data: [DONE]".
//
// Callers authenticate with an API key as Authorization: Bearer. Errors
// use the API's envelope {"error":{"code","message","request_id","field"}}
// with the API's statuses: 401 without a key or with a bad one, 400 for
// malformed messages (the field is named, e.g. messages[2].role), 413 past
// the size limit, 415 for a body that is not JSON, 429 past the per-key
// rate limit.
//
// The built-in assistant is deterministic: "verify that <url> <claim>"
// derives a plan and answers with its requirements and approve link (it
// never approves); "status of <id>", "why did <id> fail?", "recheck
// <id>" and "run <plan id>" act on the service with the caller's key;
// anything else gets a help text. An id left out ("recheck it") is the
// latest one in the conversation. Optionally an OpenAI-compatible model
// (Upstream, off by default) answers the rest, with the same operations
// as tools. docs/chat.md documents the endpoint.
package chat
