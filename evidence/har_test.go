package evidence

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/har"
)

func TestEncodeHARRoundTrip(t *testing.T) {
	blocked := -1.0
	tests := []struct {
		name string
		in   *har.HAR
	}{
		{"fixture", mustParseHAR(t, readFixture(t, "network-1.har"))},
		{"binary body", &har.HAR{Log: &har.Log{Entries: []*har.Entry{{
			StartedDateTime: "2026-03-02T10:15:00.200Z",
			Request:         &har.Request{Method: "GET", URL: "http://127.0.0.1:8080/logo.png"},
			Response: &har.Response{Status: 200, Content: &har.Content{
				Size: 4, MimeType: "image/png", Text: []byte{0x89, 'P', 0xff, 0}}},
			Timings: &har.Timings{Blocked: &blocked, Wait: 3},
		}}}}},
		{"text body", &har.HAR{Log: &har.Log{Entries: []*har.Entry{{
			Request:  &har.Request{Method: "POST", URL: "http://x/a?b=1&c=2", PostData: &har.PostData{Text: `{"a":1}`}},
			Response: &har.Response{Status: 201, Content: &har.Content{MimeType: "application/json", Text: []byte(`{"ok":true}`)}},
		}}}}},
		{"no response", &har.HAR{Log: &har.Log{Entries: []*har.Entry{{
			Request: &har.Request{Method: "GET", URL: "http://10.0.0.1/"},
			Comment: "net::ERR_CONNECTION_REFUSED",
		}}}}},
		{"empty", &har.HAR{Log: &har.Log{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := EncodeHAR(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			checkHARShape(t, b)
			got, err := ParseHAR(b)
			if err != nil {
				t.Fatal(err)
			}
			if got.Log.Version != "1.2" || got.Log.Creator.Name != "vouch" {
				t.Errorf("log version %q creator %+v", got.Log.Version, got.Log.Creator)
			}
			if len(got.Log.Entries) != len(tt.in.Log.Entries) {
				t.Fatalf("%d entries, want %d", len(got.Log.Entries), len(tt.in.Log.Entries))
			}
			for i, e := range tt.in.Log.Entries {
				g := got.Log.Entries[i]
				if g.Request.URL != e.Request.URL || g.Request.Method != e.Request.Method || g.Comment != e.Comment {
					t.Errorf("entry %d request %+v, want %+v", i, g.Request, e.Request)
				}
				if e.Response != nil && e.Response.Content != nil &&
					!bytes.Equal(g.Response.Content.Text, e.Response.Content.Text) {
					t.Errorf("entry %d body %q, want %q", i, g.Response.Content.Text, e.Response.Content.Text)
				}
				if e.Response == nil && (g.Response.Status != 0 || g.Response.BodySize != -1) {
					t.Errorf("entry %d: missing response encoded as %+v", i, g.Response)
				}
			}
			// Encoding what was parsed gives the same file.
			again, err := EncodeHAR(got)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, b) {
				t.Errorf("second encoding differs:\n%s\n%s", b, again)
			}
		})
	}
}

// checkHARShape checks what HAR 1.2 requires and Chrome DevTools' importer
// reads without checking: arrays, not null, and objects that exist.
func checkHARShape(t *testing.T, b []byte) {
	t.Helper()
	var doc struct {
		Log struct {
			Version string
			Creator map[string]any
			Entries []map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Log.Version != "1.2" || doc.Log.Creator["name"] != "vouch" {
		t.Errorf("log %+v", doc.Log)
	}
	if !strings.Contains(string(b), `"entries":[`) {
		t.Error("entries is not an array")
	}
	for i, e := range doc.Log.Entries {
		for _, k := range []string{"startedDateTime", "time", "request", "response", "cache", "timings"} {
			if v, ok := e[k]; !ok || string(v) == "null" {
				t.Errorf("entry %d: %s is missing or null", i, k)
			}
		}
		var req, resp map[string]json.RawMessage
		json.Unmarshal(e["request"], &req)
		json.Unmarshal(e["response"], &resp)
		for _, k := range []string{"cookies", "headers", "queryString"} {
			if !bytes.HasPrefix(req[k], []byte("[")) {
				t.Errorf("entry %d: request.%s = %s, want an array", i, k, req[k])
			}
		}
		for _, k := range []string{"cookies", "headers"} {
			if !bytes.HasPrefix(resp[k], []byte("[")) {
				t.Errorf("entry %d: response.%s = %s, want an array", i, k, resp[k])
			}
		}
		if !bytes.HasPrefix(resp["content"], []byte("{")) {
			t.Errorf("entry %d: response.content = %s", i, resp["content"])
		}
	}
}

func TestEncodeHARBase64Body(t *testing.T) {
	h := mustParseHAR(t, readFixture(t, "network-2.har"))
	b, err := EncodeHAR(h)
	if err != nil {
		t.Fatal(err)
	}
	// A binary body is written as base64 with its encoding, as it was read.
	if !strings.Contains(string(b), `"text":"iVBORw0KGgo=",`) || !strings.Contains(string(b), `"encoding":"base64"`) {
		t.Errorf("base64 body not kept:\n%s", b)
	}
}

func TestEncodeHARDoesNotModifyInput(t *testing.T) {
	h := &har.HAR{Log: &har.Log{Entries: []*har.Entry{{Request: &har.Request{Method: "GET", URL: "http://x/"}}}}}
	before := *h.Log.Entries[0]
	if _, err := EncodeHAR(h); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*h.Log.Entries[0], before) || h.Log.Creator != nil {
		t.Errorf("EncodeHAR changed its input: %+v", h.Log.Entries[0])
	}
}

func TestHARErrors(t *testing.T) {
	for name, h := range map[string]*har.HAR{
		"nil":        nil,
		"no log":     {},
		"no request": {Log: &har.Log{Entries: []*har.Entry{{}}}},
	} {
		if _, err := EncodeHAR(h); err == nil {
			t.Errorf("EncodeHAR(%s) succeeded", name)
		}
	}
	for _, in := range []string{"", "{", `{}`, `{"log":{"entries":[{}]}}`, `{"log":{"entries":[{"request":{},"response":{"content":{"text":"%%","encoding":"base64"}}}]}}`} {
		if _, err := ParseHAR([]byte(in)); err == nil {
			t.Errorf("ParseHAR(%q) succeeded", in)
		}
	}
}

func mustParseHAR(t *testing.T, b []byte) *har.HAR {
	t.Helper()
	h, err := ParseHAR(b)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
