package evidence

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// ConsoleEntry is one line of a journey's console log. A console artifact
// is a JSON array of them, in the order the browser reported them.
type ConsoleEntry struct {
	Time time.Time `json:"time"`
	// Level is "log", "info", "warning", "error" or "exception" (an
	// uncaught exception or unhandled rejection).
	Level string `json:"level"`
	Text  string `json:"text"`
	URL   string `json:"url,omitempty"`
	Line  int    `json:"line,omitempty"` // 1-based; 0 when unknown
	// Source is "console" (console.* calls), "exception" (uncaught) or
	// "browser" (the browser's own log: network errors, CSP, workers).
	Source string `json:"source"`
}

// IsError reports whether the entry is an error or an uncaught exception.
func (e ConsoleEntry) IsError() bool {
	return e.Level == "error" || e.Level == "exception"
}

// AppError reports whether the entry counts as the app's error, against
// expect_no_console_errors: an error or uncaught exception, except the
// browser's failed request for /favicon.ico, which it makes on its own
// when a page declares no icon.
func (e ConsoleEntry) AppError() bool {
	if !e.IsError() {
		return false
	}
	if e.Source == "browser" && strings.HasPrefix(e.Text, "Failed to load resource") {
		if u, err := url.Parse(e.URL); err == nil && u.Path == "/favicon.ico" {
			return false
		}
	}
	return true
}

// EncodeConsole returns the console artifact's content: an indented JSON
// array, "[]" for no entries.
func EncodeConsole(entries []ConsoleEntry) ([]byte, error) {
	if entries == nil {
		entries = []ConsoleEntry{}
	}
	b, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("evidence: encoding console log: %w", err)
	}
	return append(b, '\n'), nil
}

// ParseConsole reads a console artifact.
func ParseConsole(data []byte) ([]ConsoleEntry, error) {
	var out []ConsoleEntry
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("evidence: reading console log: %w", err)
	}
	return out, nil
}
