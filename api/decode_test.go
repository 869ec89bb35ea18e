package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/service"
)

func TestDecodeStrict(t *testing.T) {
	tests := []struct {
		name, body string
		field      string // "" means no error
		msg        string // a substring of the message
	}{
		{"ok", `{"deployment_url":"http://x","claim":"c"}`, "", ""},
		{"ok all fields", `{"deployment_url":"http://x","claim":"c","dry_run":true,"reviewed_plan_id":"pln_1"}`, "", ""},
		{"unknown field", `{"deployment_url":"http://x","claim":"c","colour":"red"}`, "colour", `unknown field "colour"`},
		{"wrong type string", `{"deployment_url":"http://x","claim":42}`, "claim", `field "claim" must be a string, not number`},
		{"wrong type bool", `{"claim":"c","dry_run":"yes"}`, "dry_run", `field "dry_run" must be a boolean, not string`},
		{"not an object", `[1,2]`, "body", "must be a JSON object"},
		{"syntax", `{"claim": }`, "body", "not valid JSON"},
		{"truncated", `{"claim": "c"`, "body", "truncated"},
		{"trailing data", `{"claim":"c"} {"claim":"d"}`, "body", "data after"},
		{"trailing garbage", `{"claim":"c"} x`, "body", "data after"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := decodeStrict([]byte(tt.body), new(createRequest))
			if tt.field == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var se *service.Error
			if !errors.As(err, &se) || se.Code != service.CodeInvalidRequest {
				t.Fatalf("err = %v, want invalid_request", err)
			}
			if se.Field != tt.field || !strings.Contains(se.Message, tt.msg) {
				t.Fatalf("field %q message %q; want field %q and %q", se.Field, se.Message, tt.field, tt.msg)
			}
		})
	}
}

func TestReadBody(t *testing.T) {
	tests := []struct {
		name     string
		ct, body string
		optional bool
		code     service.Code // "" means accepted
	}{
		{"json", "application/json", `{}`, false, ""},
		{"json charset", "application/json; charset=utf-8", `{}`, false, ""},
		{"problem+json", "application/merge-patch+json", `{}`, false, ""},
		{"no content type", "", `{}`, false, service.CodeUnsupportedMediaType},
		{"text", "text/plain", `{}`, false, service.CodeUnsupportedMediaType},
		{"form", "application/x-www-form-urlencoded", `a=b`, false, service.CodeUnsupportedMediaType},
		{"empty required", "application/json", ``, false, service.CodeInvalidRequest},
		{"empty optional, no type", "", ``, true, ""},
		{"too large", "application/json", `{"claim":"` + strings.Repeat("x", MaxBodyBytes) + `"}`, false, service.CodePayloadTooLarge},
		{"exactly the limit", "application/json", `"` + strings.Repeat("x", MaxBodyBytes-2) + `"`, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			if tt.ct != "" {
				r.Header.Set("Content-Type", tt.ct)
			}
			_, err := readBody(httptest.NewRecorder(), r, tt.optional)
			if got := service.ErrorCode(err); got != tt.code {
				t.Fatalf("code %q (%v), want %q", got, err, tt.code)
			}
		})
	}
}

func TestLimiter(t *testing.T) {
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	l := NewLimiter(1, 3, func() time.Time { return now })
	for i := range 3 {
		if ok, _ := l.Allow("k"); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow("k")
	if ok || wait <= 0 || wait > time.Second {
		t.Fatalf("4th request: ok=%v wait=%v; want refused with wait ≤ 1s", ok, wait)
	}
	if ok, _ := l.Allow("other"); !ok {
		t.Fatal("another key shares the bucket")
	}
	now = now.Add(1500 * time.Millisecond)
	if ok, _ := l.Allow("k"); !ok {
		t.Fatal("no token after refill")
	}
	if ok, _ := l.Allow("k"); ok {
		t.Fatal("1.5 s refilled more than one token")
	}
	var off *Limiter
	if ok, _ := off.Allow("k"); !ok {
		t.Fatal("nil limiter refuses")
	}
}

func TestStatusWriterKeepsFirstStatus(t *testing.T) {
	rec := httptest.NewRecorder()
	sw := &statusWriter{ResponseWriter: rec}
	_, _ = sw.Write([]byte("x"))
	sw.WriteHeader(http.StatusTeapot)
	if sw.status != http.StatusOK || sw.size != 1 {
		t.Fatalf("status %d size %d", sw.status, sw.size)
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		h  string
		ok bool
	}{
		{"", false},
		{"gzip", true},
		{"br, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0", false},
		{"identity", false},
		{"*", true},
		{"deflate, GZIP", true},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", tt.h)
		if got := acceptsGzip(r); got != tt.ok {
			t.Errorf("acceptsGzip(%q) = %v", tt.h, got)
		}
	}
}
