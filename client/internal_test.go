package client

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestRetryable(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want bool
	}{
		{"connection error", nil, true},
		{"500 internal", &Error{Status: 500, Code: CodeInternal}, true},
		{"502 from a proxy", &Error{Status: 502, Code: "http_502"}, true},
		{"503 stopping", &Error{Status: 503, Code: CodeServiceUnavailable}, true},
		{"429 rate limited", &Error{Status: 429, Code: CodeRateLimited}, true},
		{"429 from a proxy", &Error{Status: 429, Code: "http_429"}, true},
		{"429 recheck limit: waiting changes nothing", &Error{Status: 429, Code: CodeRecheckLimitReached}, false},
		{"409 same request in flight", &Error{Status: 409, Code: CodeIdempotencyInProgress}, true},
		{"409 plan not approved", &Error{Status: 409, Code: CodePlanNotApproved}, false},
		{"400", &Error{Status: 400, Code: CodeInvalidRequest}, false},
		{"401", &Error{Status: 401, Code: CodeUnauthorized}, false},
		{"403", &Error{Status: 403, Code: CodeInsufficientScope}, false},
		{"404", &Error{Status: 404, Code: CodeNotFound}, false},
		{"422 claim", &Error{Status: 422, Code: CodeClaimNotProvable}, false},
		{"422 key reused", &Error{Status: 422, Code: CodeIdempotencyKeyReused}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retryable(tt.err); got != tt.want {
				t.Fatalf("retryable(%+v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

// Backoff doubles from the minimum up to the maximum, never below half of
// the nominal delay (equal jitter), and varies between calls.
func TestBackoff(t *testing.T) {
	minD, maxD := 100*time.Millisecond, time.Second
	tests := []struct {
		attempt int
		nominal time.Duration
	}{{0, 100 * time.Millisecond}, {1, 200 * time.Millisecond}, {2, 400 * time.Millisecond}, {3, 800 * time.Millisecond}, {4, time.Second}, {40, time.Second}}
	for _, tt := range tests {
		seen := map[time.Duration]bool{}
		for range 200 {
			d := backoff(tt.attempt, minD, maxD)
			if d < tt.nominal/2 || d > tt.nominal {
				t.Fatalf("attempt %d: %v outside [%v, %v]", tt.attempt, d, tt.nominal/2, tt.nominal)
			}
			seen[d] = true
		}
		if len(seen) < 10 {
			t.Errorf("attempt %d: only %d distinct delays in 200: no jitter", tt.attempt, len(seen))
		}
	}
}

func TestRetryAfter(t *testing.T) {
	future := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	tests := []struct {
		value    string
		min, max time.Duration
	}{
		{"", 0, 0},
		{"3", 3 * time.Second, 3 * time.Second},
		{"0", 0, 0},
		{"-5", 0, 0},
		{"junk", 0, 0},
		{"100000", maxRetryAfter, maxRetryAfter},
		{future, 28 * time.Second, 30 * time.Second},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.value != "" {
			h.Set("Retry-After", tt.value)
		}
		if got := retryAfter(h); got < tt.min || got > tt.max {
			t.Errorf("Retry-After %q: %v, want [%v, %v]", tt.value, got, tt.min, tt.max)
		}
	}
}

func TestEvidencePath(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"https://vouch.example.com/api/v1/verifications/ver_1/evidence/manifest.json", "/api/v1/verifications/ver_1/evidence/manifest.json", true},
		{"http://10.0.0.1:8080/v1/verifications/ver_1/evidence/j1/s2.jpg", "/api/v1/verifications/ver_1/evidence/j1/s2.jpg", true},
		{"https://proxy.example.com/vouch/api/v1/verifications/ver_1/evidence/report.html", "/api/v1/verifications/ver_1/evidence/report.html", true},
		{"https://evil.example.com/steal", "", false},
		{"https://x/api/v1/verifications/ver_1/recheck", "", false},
		{"https://x/api/v1/verifications//evidence/a", "", false},
		{"https://x/api/v1/verifications/ver_1/evidence/", "", false},
	}
	for _, tt := range tests {
		got, err := evidencePath(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("evidencePath(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestNewConfig(t *testing.T) {
	tests := []struct {
		name, base, key string
		wantBase        string
		wantErr         string
	}{
		{"plain", "http://127.0.0.1:8080", "k", "http://127.0.0.1:8080", ""},
		{"trailing slash", "https://v.example.com/", "k", "https://v.example.com", ""},
		{"api prefix", "https://v.example.com/api/v1", "k", "https://v.example.com", ""},
		{"short prefix", "https://v.example.com/v1/", "k", "https://v.example.com", ""},
		{"sub path", "https://x.example.com/vouch", "k", "https://x.example.com/vouch", ""},
		{"no key", "http://x", "", "", "APIKey"},
		{"no url", "", "k", "", "BaseURL"},
		{"ftp", "ftp://x", "k", "", "not an http"},
		{"query", "http://x/?a=1", "k", "", "query"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(Config{BaseURL: tt.base, APIKey: tt.key})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || c.BaseURL() != tt.wantBase {
				t.Fatalf("BaseURL %q, err %v; want %q", c.BaseURL(), err, tt.wantBase)
			}
		})
	}
}

func TestParseError(t *testing.T) {
	hdr := http.Header{"X-Request-Id": {"req_h"}}
	tests := []struct {
		name   string
		status int
		body   string
		want   Error
	}{
		{"envelope", 422, `{"error":{"code":"claim_not_provable","message":"no check","request_id":"req_1","repair_prompt":"name a page","suggestions":["The home page shows \"Welcome\""]}}`,
			Error{Status: 422, Code: "claim_not_provable", Message: "no check", RequestID: "req_1", RepairPrompt: "name a page", Suggestions: []string{`The home page shows "Welcome"`}}},
		{"envelope without id", 403, `{"error":{"code":"plan_requires_human","message":"m","approve_url":"http://a/p","plan_id":"pln_1"}}`,
			Error{Status: 403, Code: "plan_requires_human", Message: "m", RequestID: "req_h", ApproveURL: "http://a/p", PlanID: "pln_1"}},
		{"proxy page", 502, "<html>Bad gateway</html>", Error{Status: 502, Code: "http_502", Message: "Bad Gateway: <html>Bad gateway</html>", RequestID: "req_h"}},
		{"empty", 504, "", Error{Status: 504, Code: "http_504", Message: "Gateway Timeout", RequestID: "req_h"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseError(&http.Response{StatusCode: tt.status, Header: hdr}, []byte(tt.body))
			if !reflect.DeepEqual(*got, tt.want) {
				t.Fatalf("got %+v\nwant %+v", *got, tt.want)
			}
		})
	}
}
