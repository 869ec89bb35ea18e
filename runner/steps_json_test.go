package runner

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// jsonServer answers JSON as json-server does (pretty-printed) and
// compactly, an HTML page, a text that is not JSON, and JSON sent as
// plain text.
func jsonServer(t *testing.T) *httptest.Server {
	t.Helper()
	bodies := map[string]struct{ ct, body string }{
		"/tasks": {"application/json; charset=utf-8", `[
  {
    "id": 2,
    "title": "Fix the login bug",
    "done": true,
    "tags": []
  },
  {
    "id": 5,
    "title": "Write the docs",
    "done": true,
    "tags": ["docs"]
  }
]`},
		"/compact": {"application/json", `{"id":3,"author":"typicode","price":12.50,"a/b":"slash","note":null,"items":[{"name":"Lamp"},{"name":"Desk"}]}`},
		"/empty":   {"application/json", `[]`},
		"/page":    {"text/html; charset=utf-8", `<!doctype html><title>Tasks</title><pre>[{"id": 2}]</pre>`},
		"/broken":  {"application/json", `{"id": 2,`},
		"/plain":   {"text/plain", `{"id": 7}`},
		"/lacking": {"application/json", `[{"id": 1, "done": true}, {"id": 2}]`},
		"/health":  {"application/json", `{"status": "DOWN", "components": {"db": {"status": "UP"}, "disk": {"status": "UP"}}}`},
		"/nested":  {"application/json", `{"data": {"items": [{"title": "A"}, {"title": "B"}]}}`},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := bodies[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", b.ct)
		fmt.Fprint(w, b.body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestExpectJSON checks values at pointers, counts, "*" and the failures,
// each with the actual value the repair prompt quotes.
func TestExpectJSON(t *testing.T) {
	srv := jsonServer(t)
	tests := []struct {
		name, path, step string
		fail             string // a text of the failure's actual; "" when it passes
	}{
		{"title", "/tasks", `{at: /0/title, equals: "Fix the login bug"}`, ""},
		{"count", "/tasks", `{count: 2}`, ""},
		{"number", "/tasks", `{at: /1/id, equals: 5}`, ""},
		{"boolean", "/tasks", `{at: /1/done, equals: true}`, ""},
		{"empty list at", "/tasks", `{at: /0/tags, count: 0}`, ""},
		{"any item", "/tasks", `{at: /*/title, equals: "Write the docs"}`, ""},
		{"whole item", "/tasks", `{at: /1, equals: {title: "Write the docs", id: 5, done: true, tags: [docs]}}`, ""},
		{"compact", "/compact", `{at: /author, equals: typicode}`, ""},
		{"number by value", "/compact", `{at: /price, equals: 12.5}`, ""},
		{"escaped pointer", "/compact", `{at: /a~1b, equals: slash}`, ""},
		{"null", "/compact", `{at: /note, equals: null}`, ""},
		{"members", "/compact", `{count: 6}`, ""},
		{"empty list", "/empty", `{count: 0}`, ""},
		{"plain text JSON", "/plain", `{at: /id, equals: 7}`, ""},
		{"wrong title", "/tasks", `{at: /0/title, equals: "Fix login"}`, `it is the string "Fix the login bug"`},
		{"wrong count", "/tasks", `{count: 3}`, "it has 2 items"},
		{"number is no string", "/tasks", `{at: /0/id, equals: "2"}`, "it is the number 2"},
		{"no such item", "/tasks", `{at: /4/title, equals: x}`, "there is no /4: the list at the top has 2 items"},
		{"no such member", "/compact", `{at: /title, equals: x}`, `the object at the top has no member "title" (its members: a/b, author, id, items, note, price)`},
		{"no item has it", "/tasks", `{at: /*/title, equals: "Buy milk"}`, `no item has it; the 2 values there are the string "Fix the login bug", the string "Write the docs"`},
		{"one item lacks it", "/compact", `{at: /items/*/name, equals: Chair}`, `no item has it; the 2 values there are the string "Lamp", the string "Desk"`},
		{"any item of an empty list", "/empty", `{at: /*/name, equals: x}`, "there is no item at /*: the list at the top is empty"},
		{"count of a value", "/compact", `{at: /author, count: 1}`, `it is the string "typicode", which has no items`},
		{"empty is not one", "/empty", `{count: 1}`, "it has 0 items"},
		// at_least, at_most: a bound on the number of items
		{"at least", "/tasks", `{at_least: 2}`, ""},
		{"at most", "/tasks", `{at_most: 2}`, ""},
		{"too few", "/tasks", `{at_least: 3}`, "it has 2 items"},
		{"too many", "/compact", `{at_most: 5}`, "it has 6 items"},
		{"empty at most", "/empty", `{at_most: 0}`, ""},
		// every: each item holds it, and there is at least one
		{"every item", "/tasks", `{at: /*/done, equals: true, every: true}`, ""},
		{"every item nested", "/compact", `{at: /items/*/name, equals: Lamp, every: true}`, `1 of 2 items is not: /items/1/name is the string "Desk"`},
		{"every item of an empty list", "/empty", `{at: /*/done, equals: true, every: true}`, "there is no item at /*: the list at the top is empty"},
		{"every item, one lacks it", "/lacking", `{at: /*/done, equals: true, every: true}`, `there is no /1/done: the object at /1 has no member "done" (its members: id)`},
		{"every item, none matches", "/tasks", `{at: /*/done, equals: false, every: true}`, `2 of 2 items are not: /0/done is true; /1/done is true`},
		// "**": a member of any object at any depth, compact or pretty
		{"any depth", "/compact", `{at: /**/name, equals: Desk}`, ""},
		{"any depth, top level", "/compact", `{at: /**/author, equals: typicode}`, ""},
		{"any depth, pretty", "/tasks", `{at: /**/title, equals: "Write the docs"}`, ""},
		{"any depth, no such value", "/compact", `{at: /**/name, equals: Chair}`, `the 2 values there are the string "Lamp", the string "Desk"`},
		{"any depth, no such member", "/tasks", `{at: /**/author, equals: x}`, `no object of the response, at any depth, has a member "author"`},
		// the shallowest members of that name: a nested component's
		// status is not the response's
		{"any depth, shallowest", "/health", `{at: /**/status, equals: DOWN}`, ""},
		{"any depth, not a nested one", "/health", `{at: /**/status, equals: UP}`, `it is the string "DOWN"`},
		{"any depth, items of a nested list", "/nested", `{at: /**/title, equals: B}`, ""},
		{"html page", "/page", `{at: /0/id, equals: 2}`, "the page is not JSON: it is a text/html document"},
		{"broken JSON", "/broken", `{at: /id, equals: 2}`, `the page's text is not JSON (unexpected EOF): “{"id": 2,”`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, fmt.Sprintf("      - visit: %s\n      - expect_json: %s\n        timeout: 2s\n", tc.path, tc.step))
			res := run(t, p, Options{BaseURL: srv.URL})
			if tc.fail == "" {
				wantDecision(t, res, evidence.Verified)
				return
			}
			wantDecision(t, res, evidence.Failed)
			if s := res.Manifest.Journeys[0].Steps[1]; !strings.Contains(s.Actual, tc.fail) {
				t.Errorf("actual %q lacks %q (expected %q)", s.Actual, tc.fail, s.Expected)
			}
		})
	}
}

// TestExpectJSONReach checks an expect_json marked reach: the plan's guess
// that the page answers JSON. A page that is not JSON blocks the journey
// (no evidence against the claim); a JSON response decides as usual. It
// also checks "*" over an object's members and "-1", a list's last item.
func TestExpectJSONReach(t *testing.T) {
	srv := jsonServer(t)
	tests := []struct {
		name, path, step string
		want             evidence.Decision
		actual           string // a text of the step's actual
	}{
		{"html page blocks", "/page", `{at: /*/id, equals: 2}`, evidence.Blocked, "could not reach the place the claim is about: the page is not JSON: it is a text/html document"},
		{"text not JSON blocks", "/broken", `{count: 1}`, evidence.Blocked, "could not reach the place the claim is about: the page's text is not JSON"},
		{"JSON holding it", "/tasks", `{at: /*/id, equals: 5}`, evidence.Verified, ""},
		{"JSON count", "/tasks", `{count: 2}`, evidence.Verified, ""},
		{"JSON not holding it fails", "/tasks", `{at: /*/id, equals: 9}`, evidence.Failed, "no item has it"},
		{"JSON wrong count fails", "/tasks", `{count: 1}`, evidence.Failed, "it has 2 items"},
		// order: any member of the first item, the last item
		{"first item's member", "/tasks", `{at: /0/*, equals: "Fix the login bug"}`, evidence.Verified, ""},
		{"first item lacks it", "/tasks", `{at: /0/*, equals: "Write the docs"}`, evidence.Failed, `no item has it`},
		{"last item's member", "/tasks", `{at: /-1/*, equals: "Write the docs"}`, evidence.Verified, ""},
		{"last item lacks it", "/tasks", `{at: /-1/*, equals: "Fix the login bug"}`, evidence.Failed, "no item has it"},
		{"last of an empty list", "/empty", `{at: /-1/*, equals: x}`, evidence.Failed, "there is no last item at /-1: the list at the top is empty"},
		{"last item's field", "/compact", `{at: /items/-1/name, equals: Desk}`, evidence.Verified, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, fmt.Sprintf("      - visit: %s\n      - expect_json: %s\n        reach: true\n        timeout: 2s\n", tc.path, tc.step))
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
			s := res.Manifest.Journeys[0].Steps[1]
			if got := s.Actual + s.Error; !strings.Contains(got, tc.actual) {
				t.Errorf("actual %q lacks %q", got, tc.actual)
			}
			if j := res.Manifest.Journeys[0]; tc.want == evidence.Blocked {
				if !strings.Contains(j.Reason, "could not reach the place the claim is about") {
					t.Errorf("reason %q does not say the place was not reached", j.Reason)
				}
				if !strings.Contains(j.RepairPrompt, "took the page to be a JSON response") {
					t.Errorf("repair prompt does not say the JSON was a guess:\n%s", j.RepairPrompt)
				}
			}
		})
	}
}
