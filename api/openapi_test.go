package api

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
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

// Every route of the API is described, with exactly the codes it may
// answer. The document also describes the routes mounted beside the API
// (chat, webhooks, progress): server's test holds it to the whole
// server, both ways.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	d := loadOpenAPI(t)
	if d.OpenAPI != "3.1.0" {
		t.Fatalf("openapi = %q, want 3.1.0", d.OpenAPI)
	}
	for _, rt := range Routes() {
		p := specPath(rt.Path)
		op, ok := d.Paths[p][lower(rt.Method)]
		if !ok {
			t.Errorf("route %s %s is not in openapi.json (as %s)", rt.Method, rt.Path, p)
			continue
		}
		var may []string
		for _, c := range rt.Codes {
			may = append(may, string(c))
		}
		doc := append([]string(nil), op.Codes...)
		sort.Strings(may)
		sort.Strings(doc)
		if strings.Join(may, " ") != strings.Join(doc, " ") {
			t.Errorf("%s %s: x-error-codes %v, the route may answer %v", rt.Method, p, doc, may)
		}
	}
}

// Every operation is well formed: an operationId (unique), error codes
// whose statuses are among its responses and the other way round.
func TestOpenAPIOperations(t *testing.T) {
	d := loadOpenAPI(t)
	ids := map[string]string{}
	for p, ops := range d.Paths {
		if !strings.HasPrefix(p, "/api/v1/") {
			t.Errorf("path %s is not under /api/v1", p)
		}
		for m, op := range ops {
			if op.OperationID == "" {
				t.Errorf("%s %s has no operationId", upper(m), p)
			} else if prev, dup := ids[op.OperationID]; dup {
				t.Errorf("operationId %s is used by %s and %s %s", op.OperationID, prev, upper(m), p)
			}
			ids[op.OperationID] = upper(m) + " " + p
			if len(op.Codes) == 0 {
				t.Errorf("%s %s lists no x-error-codes", upper(m), p)
			}
			// Every error code an operation may return has its status
			// among the operation's responses.
			for _, c := range op.Codes {
				st, ok := d.ErrorCodes[c]
				if !ok {
					t.Errorf("%s %s lists unknown code %q", upper(m), p, c)
					continue
				}
				if _, ok := op.Responses[strconv.Itoa(st)]; !ok {
					t.Errorf("%s %s may return %s (%d) but describes no %d response", upper(m), p, c, st, st)
				}
			}
			// Conversely every error status described names a code that
			// has it.
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
					t.Errorf("%s %s describes a %d response but lists no code with that status", upper(m), p, st)
				}
			}
		}
	}
}

// The document is shaped as OpenAPI 3.1: the required top-level fields,
// path items of operations only, responses on every operation, error
// responses in the one envelope, security schemes that exist, and every
// $ref resolving inside the document.
func TestOpenAPIShape(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.json is not JSON: %v", err)
	}
	info, _ := doc["info"].(map[string]any)
	if info["title"] == nil || info["version"] == nil {
		t.Errorf("info needs title and version: %v", info)
	}
	comps, _ := doc["components"].(map[string]any)
	schemes, _ := comps["securitySchemes"].(map[string]any)
	for _, name := range []string{"apiKey", "bearer", "session"} {
		if schemes[name] == nil {
			t.Errorf("securitySchemes lacks %s", name)
		}
	}
	if k, _ := schemes["apiKey"].(map[string]any); k["in"] != "header" || k["name"] != "x-api-key" {
		t.Errorf("apiKey scheme = %v, want the x-api-key header", k)
	}
	if b, _ := schemes["bearer"].(map[string]any); b["type"] != "http" || b["scheme"] != "bearer" {
		t.Errorf("bearer scheme = %v, want http bearer", b)
	}
	methods := map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}
	checkOps := func(where string, items map[string]any) {
		for p, raw := range items {
			item, ok := raw.(map[string]any)
			if !ok {
				t.Errorf("%s %s is not a path item", where, p)
				continue
			}
			for m, rawOp := range item {
				if !methods[m] {
					if m != "parameters" && m != "summary" && m != "description" {
						t.Errorf("%s %s has %q, which is not a method", where, p, m)
					}
					continue
				}
				op, _ := rawOp.(map[string]any)
				resp, _ := op["responses"].(map[string]any)
				if len(resp) == 0 {
					t.Errorf("%s %s %s has no responses", where, m, p)
				}
				for st, r := range resp {
					rm, _ := r.(map[string]any)
					if rm["description"] == nil {
						t.Errorf("%s %s %s response %s has no description", where, m, p, st)
					}
					if n, err := strconv.Atoi(st); err == nil && n >= 400 && where == "paths" {
						b, _ := json.Marshal(rm["content"])
						if !strings.Contains(string(b), `"#/components/schemas/Error"`) && !strings.Contains(string(b), `"#/components/schemas/ChatError"`) {
							t.Errorf("%s %s response %s is not the error envelope", m, p, st)
						}
					}
				}
				sec, _ := op["security"].([]any)
				for _, req := range sec {
					for name := range req.(map[string]any) {
						if schemes[name] == nil {
							t.Errorf("%s %s %s names security scheme %s, which is not defined", where, m, p, name)
						}
					}
				}
			}
		}
	}
	paths, _ := doc["paths"].(map[string]any)
	checkOps("paths", paths)
	hooks, _ := doc["webhooks"].(map[string]any)
	if hooks["verification.completed"] == nil {
		t.Error("webhooks does not describe verification.completed")
	}
	checkOps("webhooks", hooks)
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				if !resolves(doc, ref) {
					t.Errorf("$ref %s does not resolve", ref)
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
}

// resolves says whether a local $ref (#/a/b/c) names something in doc.
func resolves(doc map[string]any, ref string) bool {
	p, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return false
	}
	var cur any = doc
	for _, part := range strings.Split(p, "/") {
		m, ok := cur.(map[string]any)
		if !ok {
			return false
		}
		if cur, ok = m[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]; !ok {
			return false
		}
	}
	return true
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
