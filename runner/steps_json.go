package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/vouchdev/vouch/plan"
)

// jsonBodyJS reads the document a visit loaded as the browser holds it: a
// JSON (or plain text) response is shown as one <pre> holding the body's
// text. An HTML or XML document is reported as such, never read as JSON.
// The response was fetched by the page's own navigation, so it went
// through the journey's cookies, target policy and network log.
const jsonBodyJS = `(() => {
  const ct = document.contentType || '', ready = document.readyState;
  if (/html|xml/i.test(ct)) return {ct, ready, doc: true};
  const b = document.body;
  const pre = b && b.querySelector(':scope > pre');
  const text = pre ? pre.textContent : (b ? b.textContent : (document.documentElement ? document.documentElement.textContent : ''));
  return {ct, ready, text};
})()`

type jsonBody struct {
	CT    string `json:"ct"`
	Ready string `json:"ready"`
	Doc   bool   `json:"doc"`
	Text  string `json:"text"`
}

// expectJSON checks the value at the step's pointer of the page's JSON
// response, or its number of items.
func (st *stepCtx) expectJSON() *verdict {
	jr := st.jr
	var body jsonBody
	var evalErr error
	got := false
	// The document is read, not polled through the recorder: a visit has
	// loaded it; only a document still loading is read again.
	for {
		res, err := cdp.Call(st.act, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: jsonBodyJS, ReturnByValue: new(true)})
		switch {
		case err != nil:
			evalErr = err
		case res.ExceptionDetails != nil || res.Result == nil:
			evalErr = fmt.Errorf("the page could not be read")
		default:
			evalErr = nil
			got = json.Unmarshal(res.Result.Value, &body) == nil
		}
		if got && body.Ready != "loading" {
			break
		}
		select {
		case <-st.ctx.Done():
		case <-time.After(50 * time.Millisecond):
			continue
		}
		break
	}
	exp := st.jsonExpected()
	// notJSON decides a page that is not JSON: failed where the plan
	// says the page answers JSON, blocked where that is its guess (reach).
	notJSON := func(why string) *verdict {
		if st.s.Reach {
			return notJSONReached(why)
		}
		return failed(exp, why)
	}
	switch {
	case !got && evalErr != nil:
		return st.errVerdict(evalErr)
	case !got:
		return notJSON("the page could not be read")
	case body.Doc:
		return notJSON(fmt.Sprintf("the page is not JSON: it is a %s document", body.CT))
	}
	doc, err := decodeJSON(body.Text)
	if err != nil {
		return notJSON(fmt.Sprintf("the page's text is not JSON (%v): %s", err, plan.Quote(clip(strings.Join(strings.Fields(body.Text), " "), 80))))
	}
	segs, _ := plan.PointerSegments(st.s.At) // validated
	if st.s.Value == "" {
		v, miss := jsonAt(doc, segs)
		if miss != "" {
			return failed(exp, miss)
		}
		n, ok := jsonItems(v)
		if !ok {
			return failed(exp, fmt.Sprintf("it is %s, which has no items", jsonShow(v)))
		}
		if n == st.s.Count || st.s.Compare == plan.CountAtLeast && n >= st.s.Count || st.s.Compare == plan.CountAtMost && n <= st.s.Count {
			return nil
		}
		return failed(exp, fmt.Sprintf("it has %d %s", n, plural(n, "item", "items")))
	}
	want, _ := decodeJSON(st.s.Value) // validated
	if st.s.Every {
		return st.jsonEvery(exp, doc, segs, want)
	}
	vals, miss := jsonAll(doc, segs)
	for _, v := range vals {
		if jsonEqual(v, want) {
			return nil
		}
	}
	if miss != "" && len(vals) == 0 {
		return failed(exp, miss)
	}
	if len(vals) == 1 && !strings.Contains(st.s.At+"/", "/*/") {
		return failed(exp, "it is "+jsonShow(vals[0]))
	}
	shown := make([]string, 0, len(vals))
	for _, v := range vals {
		shown = append(shown, jsonShow(v))
	}
	if len(vals) == 1 {
		return failed(exp, "no item has it; the one value there is "+shown[0])
	}
	return failed(exp, fmt.Sprintf("no item has it; the %d values there are %s", len(vals), clip(strings.Join(shown, ", "), 300)))
}

// notJSONReached is the verdict of a reach expect_json on a page that is
// not JSON: the plan guessed the page answers JSON, and a wrong guess is
// no evidence against the claim, so the journey is blocked, worded as a
// reach step's is (see unreached).
func notJSONReached(why string) *verdict {
	reason := fmt.Sprintf("could not reach the place the claim is about: %s (the plan took the response to be JSON)", why)
	return &verdict{blocked: true, actual: reason, reason: reason}
}

// jsonEvery checks that every value the pointer's "*" stands for equals
// want. An item without the value fails, and so does a list with no item:
// "every item has X" said of nothing is no evidence, so it is never
// verified by an empty list.
func (st *stepCtx) jsonEvery(exp string, doc any, segs []string, want any) *verdict {
	vals, paths, miss := jsonAllPaths(doc, segs)
	if miss != "" {
		return failed(exp, miss)
	}
	if len(vals) == 0 {
		return failed(exp, "there is no item to check")
	}
	var off []string
	for i, v := range vals {
		if !jsonEqual(v, want) {
			off = append(off, fmt.Sprintf("%s is %s", paths[i], jsonShow(v)))
		}
	}
	if len(off) == 0 {
		return nil
	}
	return failed(exp, fmt.Sprintf("%d of %d %s %s not: %s", len(off), len(vals), plural(len(vals), "item", "items"), plural(len(off), "is", "are"), clip(strings.Join(off, "; "), 300)))
}

// jsonExpected says what the step wants, the value as JSON writes it so
// that its type shows.
func (st *stepCtx) jsonExpected() string {
	where := "the JSON response"
	if st.s.At != "" {
		where = "the JSON response's value at " + st.s.At
	}
	if st.s.Value == "" {
		how := map[string]string{"": "exactly", plan.CountAtLeast: "at least", plan.CountAtMost: "at most"}[st.s.Compare]
		return fmt.Sprintf("%s to hold %s %d %s", where, how, st.s.Count, plural(st.s.Count, "item", "items"))
	}
	if st.s.Every {
		return fmt.Sprintf("every item of the JSON response (at least one) to have %s at %s", jsonShow(mustJSON(st.s.Value)), st.s.At)
	}
	if strings.Contains(st.s.At+"/", "/*/") {
		return fmt.Sprintf("an item of the JSON response to have %s at %s", jsonShow(mustJSON(st.s.Value)), st.s.At)
	}
	return fmt.Sprintf("%s to be %s", where, jsonShow(mustJSON(st.s.Value)))
}

func mustJSON(s string) any {
	v, _ := decodeJSON(s)
	return v
}

// decodeJSON reads one JSON value, numbers kept as written.
func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one value")
	}
	return v, nil
}

// jsonAt follows a pointer; miss says where it ends when it does not
// lead to a value.
func jsonAt(doc any, segs []string) (any, string) {
	vals, miss := jsonAll(doc, segs)
	if len(vals) == 0 {
		return nil, miss
	}
	return vals[0], ""
}

// jsonAll follows a pointer in which "*" on an array is each of its
// items, "*" on an object each of its members, and "-1" on an array its
// last item, returning every value reached and, when some path ends early,
// the first place it ends.
func jsonAll(doc any, segs []string) ([]any, string) {
	vals, _, miss := jsonAllPaths(doc, segs)
	return vals, miss
}

// jsonAllPaths is jsonAll with the pointer of each value reached.
func jsonAllPaths(doc any, segs []string) ([]any, []string, string) {
	cur := []jsonHit{{doc, ""}}
	miss := ""
	for si, seg := range segs {
		var next []jsonHit
		if si > 0 && segs[si-1] == "**" {
			// a member called seg of any object at any depth: the values
			// that are no such object are passed over
			for _, c := range cur {
				if x, ok := c.v.(map[string]any); ok {
					if e, ok := x[seg]; ok {
						next = append(next, jsonHit{e, c.path + "/" + escapePointer(seg)})
					}
				}
			}
			if len(next) == 0 && miss == "" {
				miss = fmt.Sprintf("no object of the response, at any depth, has a member %q", seg)
			}
			cur = shallowest(next)
			continue
		}
		for _, c := range cur {
			p := c.path + "/" + escapePointer(seg)
			if seg == "**" {
				// the value and every value inside it, at any depth
				next = descend(c.v, c.path, next)
				continue
			}
			switch x := c.v.(type) {
			case []any:
				if seg == "*" {
					for i, e := range x {
						next = append(next, jsonHit{e, c.path + "/" + strconv.Itoa(i)})
					}
					if len(x) == 0 && miss == "" {
						miss = fmt.Sprintf("there is no item at %s: the list at %s is empty", p, orRoot(c.path))
					}
					continue
				}
				if seg == "-1" {
					// the list's last item
					if len(x) == 0 {
						if miss == "" {
							miss = fmt.Sprintf("there is no last item at %s: the list at %s is empty", p, orRoot(c.path))
						}
						continue
					}
					next = append(next, jsonHit{x[len(x)-1], c.path + "/" + strconv.Itoa(len(x)-1)})
					continue
				}
				i, err := strconv.Atoi(seg)
				if err != nil || i < 0 || (len(seg) > 1 && seg[0] == '0') || i >= len(x) {
					if miss == "" {
						miss = fmt.Sprintf("there is no %s: the list at %s has %d %s", p, orRoot(c.path), len(x), plural(len(x), "item", "items"))
					}
					continue
				}
				next = append(next, jsonHit{x[i], p})
			case map[string]any:
				if seg == "*" {
					// any member, in the order of their names
					for _, k := range memberNames(x) {
						if e, ok := x[k]; ok {
							next = append(next, jsonHit{e, c.path + "/" + escapePointer(k)})
						}
					}
					if len(x) == 0 && miss == "" {
						miss = fmt.Sprintf("there is no member at %s: the object at %s is empty", p, orRoot(c.path))
					}
					continue
				}
				e, ok := x[seg]
				if !ok {
					if miss == "" {
						miss = fmt.Sprintf("there is no %s: the object at %s has no member %q (its members: %s)", p, orRoot(c.path), seg, clip(strings.Join(memberNames(x), ", "), 200))
					}
					continue
				}
				next = append(next, jsonHit{e, p})
			default:
				if miss == "" {
					miss = fmt.Sprintf("there is no %s: the value at %s is %s", p, orRoot(c.path), jsonShow(c.v))
				}
			}
		}
		cur = next
	}
	out := make([]any, len(cur))
	paths := make([]string, len(cur))
	for i, c := range cur {
		out[i], paths[i] = c.v, c.path
	}
	return out, paths, miss
}

// jsonHit is a value a pointer reaches, and its own pointer.
type jsonHit struct {
	v    any
	path string
}

// descend appends v and every value inside it, depth first, with their
// pointers.
// shallowest keeps the hits under the fewest object members: "/**/status"
// of a health check whose top says "DOWN" is that status, not the "UP" of
// a component nested inside it; the items of a list count as the top
// ("/**/title" of a list of tasks is each task's title).
func shallowest(hits []jsonHit) []jsonHit {
	depth := func(p string) int {
		n := 0
		for _, seg := range strings.Split(p, "/")[1:] {
			if _, err := strconv.Atoi(seg); err != nil {
				n++
			}
		}
		return n
	}
	least := -1
	for _, h := range hits {
		if d := depth(h.path); least < 0 || d < least {
			least = d
		}
	}
	var out []jsonHit
	for _, h := range hits {
		if depth(h.path) == least {
			out = append(out, h)
		}
	}
	return out
}

func descend(v any, path string, out []jsonHit) []jsonHit {
	out = append(out, jsonHit{v, path})
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			out = descend(e, path+"/"+strconv.Itoa(i), out)
		}
	case map[string]any:
		for _, k := range memberNames(x) {
			out = descend(x[k], path+"/"+escapePointer(k), out)
		}
	}
	return out
}

func orRoot(p string) string {
	if p == "" {
		return "the top"
	}
	return p
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func memberNames(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	if len(ks) == 0 {
		return []string{"none"}
	}
	return ks
}

// jsonItems is the number of items of a list or members of an object.
func jsonItems(v any) (int, bool) {
	switch x := v.(type) {
	case []any:
		return len(x), true
	case map[string]any:
		return len(x), true
	}
	return 0, false
}

// jsonEqual compares JSON values by type and value: numbers by their
// value (2 equals 2.0), never a number with a string ("2"), objects
// whatever their members' order.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	}
	return a == b // string, bool, nil
}

// jsonShow writes a value as JSON, with its type where JSON alone would
// hide the difference people miss ("2" and 2).
func jsonShow(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	s := clip(strings.TrimSpace(b.String()), 200)
	switch v.(type) {
	case string:
		return "the string " + s
	case json.Number:
		return "the number " + s
	case []any:
		return "a list " + s
	case map[string]any:
		return "an object " + s
	}
	return s
}
