package api

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

type openapiDoc struct {
	OpenAPI    string                          `json:"openapi"`
	ErrorCodes map[string]int                  `json:"x-error-codes"`
	Paths      map[string]map[string]operation `json:"paths"`
	Components struct {
		Schemas map[string]json.RawMessage `json:"schemas"`
	} `json:"components"`
}

type operation struct {
	OperationID string                     `json:"operationId"`
	Responses   map[string]json.RawMessage `json:"responses"`
	Codes       []string                   `json:"x-error-codes"`
}

func loadOpenAPI(t *testing.T) openapiDoc {
	t.Helper()
	var d openapiDoc
	if err := json.Unmarshal(OpenAPI(), &d); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return d
}

// specPath turns a mux pattern into its OpenAPI spelling:
// {file...} → {file}.
func specPath(p string) string {
	return regexp.MustCompile(`\{(\w+)\.\.\.\}`).ReplaceAllString("/api/v1"+p, "{$1}")
}

// Every route is described, and nothing else is.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	d := loadOpenAPI(t)
	if d.OpenAPI != "3.1.0" {
		t.Fatalf("openapi = %q, want 3.1.0", d.OpenAPI)
	}
	seen := map[string]bool{}
	for _, rt := range (&API{}).routes() {
		p := specPath(rt.path)
		op, ok := d.Paths[p][lower(rt.method)]
		if !ok {
			t.Errorf("route %s %s is not in openapi.json (as %s)", rt.method, rt.path, p)
			continue
		}
		seen[rt.method+" "+p] = true
		if op.OperationID == "" {
			t.Errorf("%s %s has no operationId", rt.method, p)
		}
		if len(op.Codes) == 0 {
			t.Errorf("%s %s lists no x-error-codes", rt.method, p)
		}
		// Every error code an operation may return has its status among
		// the operation's responses.
		for _, c := range op.Codes {
			st, ok := d.ErrorCodes[c]
			if !ok {
				t.Errorf("%s %s lists unknown code %q", rt.method, p, c)
				continue
			}
			if _, ok := op.Responses[strconv.Itoa(st)]; !ok {
				t.Errorf("%s %s may return %s (%d) but describes no %d response", rt.method, p, c, st, st)
			}
		}
		// Conversely every error status described names a code that has it.
		for s := range op.Responses {
			st, _ := strconv.Atoi(s)
			if st < 400 {
				continue
			}
			found := false
			for _, c := range op.Codes {
				if d.ErrorCodes[c] == st {
					found = true
				}
			}
			if !found {
				t.Errorf("%s %s describes a %d response but lists no code with that status", rt.method, p, st)
			}
		}
	}
	for p, ops := range d.Paths {
		for m := range ops {
			if !seen[upper(m)+" "+p] {
				t.Errorf("openapi.json describes %s %s, which is not a route", upper(m), p)
			}
		}
	}
}

// The document's code table is exactly statusOf: the one mapping.
func TestOpenAPIErrorCodesMatchStatusOf(t *testing.T) {
	d := loadOpenAPI(t)
	var codes []string
	for c, st := range statusOf {
		codes = append(codes, string(c))
		if got, ok := d.ErrorCodes[string(c)]; !ok || got != st {
			t.Errorf("code %s: openapi says %d, statusOf says %d", c, got, st)
		}
	}
	for c := range d.ErrorCodes {
		if _, ok := statusOf[codeOf(c)]; !ok {
			t.Errorf("openapi lists code %s that statusOf does not map", c)
		}
	}
	var schema struct {
		Enum []string `json:"enum"`
	}
	if err := json.Unmarshal(d.Components.Schemas["ErrorCode"], &schema); err != nil {
		t.Fatal(err)
	}
	sort.Strings(codes)
	sort.Strings(schema.Enum)
	if len(codes) != len(schema.Enum) {
		t.Fatalf("ErrorCode enum %v, statusOf codes %v", schema.Enum, codes)
	}
	for i := range codes {
		if codes[i] != schema.Enum[i] {
			t.Fatalf("ErrorCode enum %v, statusOf codes %v", schema.Enum, codes)
		}
	}
}

// The agreed statuses of the codes the spec leaves "not shown".
func TestAgreedStatuses(t *testing.T) {
	want := map[string]int{
		"claim_not_provable": 422, "plan_requires_human": 403, "plan_not_approved": 409, "plan_rejected": 409,
		"plan_integrity_error": 409, "recheck_window_closed": 409, "recheck_limit_reached": 429,
		"recheck_host_mismatch": 422, "recheck_not_allowed": 409, "idempotency_key_reused": 422,
		"idempotency_request_in_progress": 409, "invalid_request": 400, "unauthorized": 401,
		"insufficient_scope": 403, "not_found": 404, "method_not_allowed": 405, "payload_too_large": 413,
		"unsupported_media_type": 415, "rate_limited": 429, "target_not_allowed": 422, "internal_error": 500,
	}
	for c, st := range want {
		if got := StatusOf(codeOf(c)); got != st {
			t.Errorf("%s → %d, want %d", c, got, st)
		}
	}
	if got := StatusOf("no_such_code"); got != http.StatusInternalServerError {
		t.Errorf("unknown code → %d, want 500", got)
	}
}
