// Package openapitest holds Check, an http.RoundTripper for tests that
// validates every answer of vouch's API against api/openapi.json with
// libopenapi-validator. The end-to-end suite and the webhook API's tests
// send all their requests through it.
package openapitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/vouchdev/vouch/api"
)

// Check validates every response its clients receive from vouch's API
// (/api/v1 and /v1 on loopback) against api/openapi.json with
// libopenapi-validator: status, media type and body schema. Installed as
// http.DefaultTransport, it covers every client that does not bring its
// own, so no test has to opt in. A method the document does not describe
// on a described path must get 405 with the error envelope and an Allow
// header listing the described methods, as the document's description
// says. Create it with New.
type Check struct {
	base  http.RoundTripper
	v     validator.Validator
	paths []specPath

	mu       sync.Mutex
	checked  int
	ops      map[string]bool
	failures []string
}

type specPath struct {
	template string
	re       *regexp.Regexp
	methods  []string // upper case
}

// New returns a Check that sends requests through base.
func New(base http.RoundTripper) (*Check, error) {
	doc, err := libopenapi.NewDocument(api.OpenAPI())
	if err != nil {
		return nil, err
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapi validator: %v", errs)
	}
	var raw struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &raw); err != nil {
		return nil, err
	}
	c := &Check{base: base, v: v, ops: map[string]bool{}}
	for tmpl, item := range raw.Paths {
		re := "^" + regexp.MustCompile(`\\\{\w+\\\}`).ReplaceAllString(regexp.QuoteMeta(tmpl), `[^/]+`) + "$"
		sp := specPath{template: tmpl, re: regexp.MustCompile(re)}
		for m := range item {
			switch m {
			case "get", "put", "post", "delete", "patch", "head", "options", "trace":
				sp.methods = append(sp.methods, strings.ToUpper(m))
			}
		}
		sort.Strings(sp.methods)
		c.paths = append(c.paths, sp)
	}
	// Literal segments beat parameters (/verifications/plans/{id} before
	// /verifications/{id}/…): try templates with fewer parameters first.
	sort.Slice(c.paths, func(i, j int) bool {
		pi, pj := strings.Count(c.paths[i].template, "{"), strings.Count(c.paths[j].template, "{")
		if pi != pj {
			return pi < pj
		}
		return c.paths[i].template < c.paths[j].template
	})
	return c, nil
}

// apiPath is the document's spelling of a request path: /v1/… is served
// as /api/v1/…; "" when the path is not the API's.
func apiPath(p string) string {
	switch {
	case strings.HasPrefix(p, "/api/v1/"):
		return p
	case strings.HasPrefix(p, "/v1/"):
		return "/api" + p
	}
	return ""
}

// RoundTrip sends r and checks the answer.
func (c *Check) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := c.base.RoundTrip(r)
	p := apiPath(r.URL.Path)
	if err != nil || p == "" || (r.URL.Hostname() != "127.0.0.1" && r.URL.Hostname() != "localhost") {
		return res, err
	}
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt == "text/event-stream" {
		// A stream may last as long as the run it follows: reading it
		// here would change what the test sees. Its status and media
		// type are still checked.
		c.check(r, p, res, nil, true)
		return res, nil
	}
	body, rerr := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil {
		return res, nil // the test sees the same truncated body
	}
	c.check(r, p, res, body, false)
	return res, nil
}

func (c *Check) check(r *http.Request, p string, res *http.Response, body []byte, stream bool) {
	var sp *specPath
	for i := range c.paths {
		if c.paths[i].re.MatchString(p) {
			sp = &c.paths[i]
			break
		}
	}
	where := fmt.Sprintf("%s %s → %d", r.Method, r.URL.Path, res.StatusCode)
	var problems []string
	switch {
	case sp == nil && res.StatusCode/100 == 3 && res.Header.Get("Location") != "" && path.Clean(r.URL.Path) != r.URL.Path:
		// net/http's mux redirects a path with . or .. segments to its
		// clean form before any handler sees it.
		return
	case sp == nil:
		// Not a described path (a typo in a test, an unknown route):
		// vouch answers 404 or 405 with the envelope.
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusMethodNotAllowed {
			problems = append(problems, "a path the document does not describe answered other than 404/405")
		}
		problems = append(problems, envelopeProblems(body)...)
	case !slices.Contains(sp.methods, r.Method) && !(r.Method == http.MethodHead && slices.Contains(sp.methods, http.MethodGet)):
		if res.StatusCode != http.StatusMethodNotAllowed {
			problems = append(problems, "a method the document does not describe on "+sp.template+" answered other than 405")
		}
		allow := strings.Split(strings.ReplaceAll(res.Header.Get("Allow"), " ", ""), ",")
		for _, m := range sp.methods {
			if !slices.Contains(allow, m) {
				problems = append(problems, fmt.Sprintf("Allow %q lacks %s", res.Header.Get("Allow"), m))
			}
		}
		problems = append(problems, envelopeProblems(body)...)
	case stream || r.Method == http.MethodHead:
		c.count(r.Method + " " + sp.template)
		return
	default:
		vr := r.Clone(r.Context())
		vr.URL.Path = p
		vr.Body = http.NoBody
		vres := *res
		vres.Body = io.NopCloser(bytes.NewReader(body))
		vres.Request = vr
		c.mu.Lock()
		ok, errs := c.v.ValidateHttpResponse(vr, &vres)
		c.mu.Unlock()
		if !ok {
			for _, e := range errs {
				msg := e.Message
				if e.Reason != "" {
					msg += ": " + e.Reason
				}
				for _, se := range e.SchemaValidationErrors {
					msg += fmt.Sprintf(" [%s at %s]", se.Reason, se.FieldPath)
				}
				problems = append(problems, msg)
			}
			if len(errs) == 0 {
				problems = append(problems, "invalid")
			}
		}
		c.count(r.Method + " " + sp.template)
	}
	if len(problems) > 0 {
		b := body
		if len(b) > 300 {
			b = append(b[:300:300], "…"...)
		}
		c.mu.Lock()
		c.failures = append(c.failures, fmt.Sprintf("%s: %s\n    body: %s", where, strings.Join(problems, "; "), b))
		c.mu.Unlock()
	}
}

func (c *Check) count(op string) {
	c.mu.Lock()
	c.checked++
	c.ops[op] = true
	c.mu.Unlock()
}

// envelopeProblems checks an error body is {"error":{"code","message","request_id"}}.
func envelopeProblems(body []byte) []string {
	var env struct {
		Error *struct {
			Code      string `json:"code"`
			Message   string `json:"message"`
			RequestID string `json:"request_id"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &env); err != nil || env.Error == nil || env.Error.Code == "" || env.Error.Message == "" || env.Error.RequestID == "" {
		return []string{"the body is not the error envelope"}
	}
	return nil
}

// Failures returns a line per response that did not conform so far.
func (c *Check) Failures() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.failures)
}

// Report prints what was checked (the counts, the operations seen and
// each failure) and returns whether every response conformed.
func (c *Check) Report(w io.Writer) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(w, "%d API responses from %d operations validated against api/openapi.json; %d did not conform\n",
		c.checked, len(c.ops), len(c.failures))
	ops := make([]string, 0, len(c.ops))
	for op := range c.ops {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	fmt.Fprintf(w, "operations seen: %s\n", strings.Join(ops, ", "))
	for _, f := range c.failures {
		fmt.Fprintln(w, "  "+f)
	}
	return len(c.failures) == 0
}
