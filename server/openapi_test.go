package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/api"
)

// The OpenAPI description is true to the whole server, not only to package
// api: every route the assembled server serves under /api/v1 (the API's,
// the chat endpoint's, the webhook API's, progress) is described with
// exactly the error codes it may answer, each with its status among the
// responses; nothing else is described; and every route listed is really
// served (a request reaches a handler, not the 404 or 405 of an unknown
// endpoint), under /api/v1 and /v1 alike.

type specDoc struct {
	ErrorCodes map[string]int                        `json:"x-error-codes"`
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
}

type specOp struct {
	Responses map[string]json.RawMessage `json:"responses"`
	Codes     []string                   `json:"x-error-codes"`
}

var wildcard = regexp.MustCompile(`\{(\w+)\.\.\.\}`)

// specPath is a route's path as openapi.json spells it.
func specPath(p string) string { return wildcard.ReplaceAllString(api.Prefixes[0]+p, "{$1}") }

// concrete fills a route's wildcards to make a request path.
func concrete(prefix, p string) string {
	p = wildcard.ReplaceAllString(p, "f/a.txt")
	return prefix + regexp.MustCompile(`\{\w+\}`).ReplaceAllString(p, "x1")
}

func newTestServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), NoWorkers: true, RateLimit: -1,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// probe answers an unauthenticated request through the whole server.
func probe(s *Server, method, path string) int {
	r := httptest.NewRequest(method, path, strings.NewReader("{}"))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	return w.Code
}

func TestServedRoutesAreListed(t *testing.T) {
	s := newTestServer(t)
	routes := s.Routes()
	if len(routes) == 0 {
		t.Fatal("Routes is empty")
	}
	// Whatever is mounted under a prefix says which routes it serves,
	// inside what it is mounted on, and /v1 mirrors /api/v1.
	perPrefix := map[string][]string{}
	for _, m := range s.mounts {
		for _, prefix := range api.Prefixes {
			if !underPrefix(m.pattern, prefix) {
				continue
			}
			if len(m.routes) == 0 {
				t.Errorf("%q is mounted under %s but lists no routes", m.pattern, prefix)
			}
			mp := patternPath(m.pattern)
			for _, rt := range m.routes {
				full := prefix + rt.Path
				if !(full == mp || strings.HasSuffix(mp, "/") && strings.HasPrefix(full, mp)) {
					t.Errorf("route %s %s is listed on %q, which does not serve it", rt.Method, full, m.pattern)
				}
				if meth, _, ok := strings.Cut(m.pattern, " "); ok && meth != rt.Method {
					t.Errorf("route %s %s is listed on %q", rt.Method, full, m.pattern)
				}
				perPrefix[prefix] = append(perPrefix[prefix], rt.Method+" "+rt.Path)
			}
		}
	}
	a, v := perPrefix[api.Prefixes[0]], perPrefix[api.Prefixes[1]]
	slices.Sort(a)
	slices.Sort(v)
	if !slices.Equal(slices.Compact(a), slices.Compact(v)) {
		t.Errorf("routes under /api/v1 %v differ from those under /v1 %v", a, v)
	}
	// Every listed route is served.
	for _, rt := range routes {
		for _, prefix := range api.Prefixes {
			path := concrete(prefix, rt.Path)
			if st := probe(s, rt.Method, path); st == http.StatusNotFound || st == http.StatusMethodNotAllowed {
				t.Errorf("route %s %s is listed but %s %s answers %d", rt.Method, prefix+rt.Path, rt.Method, path, st)
			}
		}
	}
}

func TestOpenAPIDescribesTheWholeServer(t *testing.T) {
	s := newTestServer(t)
	var d specDoc
	if err := json.Unmarshal(api.OpenAPI(), &d); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	served := map[string]api.Route{}
	for _, rt := range s.Routes() {
		served[rt.Method+" "+specPath(rt.Path)] = rt
	}
	methods := []string{"GET", "POST", "PUT", "PATCH", "DELETE"}
	for p, item := range d.Paths {
		for m := range item {
			if !slices.Contains(methods, strings.ToUpper(m)) {
				continue // parameters, summary, …
			}
			if _, ok := served[strings.ToUpper(m)+" "+p]; !ok {
				t.Errorf("openapi.json describes %s %s, which the server does not serve", strings.ToUpper(m), p)
			}
		}
		// Methods not described are not served either.
		for _, m := range methods {
			if _, ok := item[strings.ToLower(m)]; ok {
				continue
			}
			path := concrete("", strings.TrimPrefix(p, api.Prefixes[0]))
			for _, prefix := range api.Prefixes {
				if st := probe(s, m, prefix+path); st != http.StatusNotFound && st != http.StatusMethodNotAllowed {
					t.Errorf("%s %s answers %d but openapi.json does not describe %s %s", m, prefix+path, st, m, p)
				}
			}
		}
	}
	for k, rt := range served {
		meth, p, _ := strings.Cut(k, " ")
		raw, ok := d.Paths[p][strings.ToLower(meth)]
		if !ok {
			t.Errorf("served route %s is not in openapi.json", k)
			continue
		}
		var op specOp
		if err := json.Unmarshal(raw, &op); err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		var may []string
		for _, c := range rt.Codes {
			may = append(may, string(c))
			st, ok := d.ErrorCodes[string(c)]
			if !ok {
				t.Errorf("%s may answer %s, which openapi.json's x-error-codes does not map", k, c)
			} else if st != api.StatusOf(c) {
				t.Errorf("code %s: openapi.json says %d, the server answers %d", c, st, api.StatusOf(c))
			}
			if _, ok := op.Responses[strconv.Itoa(api.StatusOf(c))]; !ok {
				t.Errorf("%s may answer %s (%d) but describes no %d response", k, c, api.StatusOf(c), api.StatusOf(c))
			}
		}
		slices.Sort(may)
		doc := slices.Clone(op.Codes)
		slices.Sort(doc)
		if !slices.Equal(may, doc) {
			t.Errorf("%s: x-error-codes %v, the route may answer %v", k, doc, may)
		}
		for st := range op.Responses {
			n, err := strconv.Atoi(st)
			if err != nil || n < 400 {
				continue
			}
			found := false
			for _, c := range rt.Codes {
				if api.StatusOf(c) == n {
					found = true
				}
			}
			if !found {
				t.Errorf("%s describes a %d response but answers no code with that status", k, n)
			}
		}
	}
}
