package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The JSON-verbs reader extends the API reader (compose_api.go) with what
// API developers say a path answers:
//
//   - a JSON pair written in the claim ('returns 'X' with "done": false',
//     '(“done”: false)'): the pair is the record's field (an item's on a
//     filtered collection), and the pair itself says the path answers
//     JSON;
//   - "with an empty tasks list": the field holds [] (a JSON reading, so
//     only where the claim says JSON);
//   - "only"/"just" before or after the values ("returns only 'A' and 'B'",
//     "matches Bob Stone only"): the texts, and the response's number of
//     items, where the claim says the path answers a JSON collection;
//     elsewhere refused with the JSON reading offered;
//   - items named by id ("returns tasks 1 and 3"): some item's id is each
//     number, in JSON only;
//   - "finds nobody", "returns nothing": the response is [] (JSON only);
//   - a request described by the shape of its path before an example
//     ("an id that isn't a number, like /tasks/abc, gets a 404"): the
//     description is checked against the example path itself;
//   - a request named by what it does ("the not-equal filter /x"), noted;
//   - "keeps the other two tasks", "the one release": the number of items
//     (JSON only);
//   - a field set off before its value ("returns the current theme,
//     'light'"): that field, or the whole response when the field is the
//     path's own last segment; any other description is refused.

// jvState is what the JSON-verbs reader learnt of a claim that needs JSON
// the claim does not establish: the first such phrase, for the refusal.
type jvState struct {
	needJSON string
	bad      bool // a reading no check can prove ("only" said of one record)
}

// jvPairJSON reports whether the claim writes a JSON pair: a quoted field
// name, a colon and a value ('"done": false'). The pair says the path
// answers JSON.
func jvPairJSON(lx *lexed) bool {
	ws := composeWords(lx)
	for i := 0; i+2 < len(ws); i++ {
		if ws[i].kind == tLit && fieldWordRE.MatchString(ws[i].raw) && ws[i+1].raw == ":" &&
			(ws[i+2].kind == tLit || ws[i+2].kind == tNumber || ws[i+2].kind == tWord && (jsonScalar(ws[i+2].low) || jsonNumberRE.MatchString(ws[i+2].raw))) {
			return true
		}
	}
	return false
}

// jvPair reads a JSON pair written in the claim: "FIELD": VALUE, where
// VALUE is a JSON number, true, false, null or a quoted text.
func (c *apiComposer) jvPair() (apiVal, bool) {
	s := c.i
	if c.end() || c.w[c.i].kind != tLit || !fieldWordRE.MatchString(c.w[c.i].raw) || c.i+2 >= len(c.w) || c.w[c.i+1].raw != ":" {
		return apiVal{}, false
	}
	field := c.w[c.i].raw
	c.i += 2
	w := c.w[c.i]
	var v apiVal
	switch {
	case w.kind == tLit:
		// the quotes of a JSON pair say the value is a text
		v = apiVal{text: w.raw, bare: true, isString: true}
	case w.kind == tNumber || w.kind == tWord && (jsonScalar(w.low) || jsonNumberRE.MatchString(w.raw)) && w.raw == w.low:
		v = apiVal{text: w.raw, bare: true}
	default:
		c.i = s
		return apiVal{}, false
	}
	c.i++
	v = fieldPair(field, v)
	// written as JSON: quoted or not says the type, whatever the field
	v.isString = w.kind == tLit
	v.asserted = true
	return v, true
}

// jvEmptyField reads "an empty FIELD list" ("an empty tasks list", "an
// empty tags array"): the field holds an empty list.
func (c *apiComposer) jvEmptyField() (apiVal, bool) {
	s := c.i
	_ = c.eat("an") || c.eat("a")
	if !c.eat("empty") || c.end() || c.w[c.i].kind != tWord || !fieldWordRE.MatchString(c.w[c.i].raw) || apiNotField[c.w[c.i].low] {
		c.i = s
		return apiVal{}, false
	}
	field := c.w[c.i].raw
	c.i++
	if !c.eat("list") && !c.eat("array") {
		c.i = s
		return apiVal{}, false
	}
	v := fieldPair(field, apiVal{text: "[]", bare: true})
	v.asserted = true
	return v, true
}

// jvNobody reads "nobody", "no one", "nothing": a response with no items.
func (c *apiComposer) jvNobody() bool {
	return c.eat("nobody") || c.eat("no", "one") || c.eat("nothing") || c.eat("no", "results") || c.eat("no", "matches")
}

// jvIDs reads items named by id after the collection's noun: "tasks 1
// and 3", "task 2". Each is some item whose id is that number.
func (c *apiComposer) jvIDs() ([]int, bool) {
	s := c.i
	coll, ok := c.apiCollection()
	if !ok || c.end() || c.w[c.i].kind != tWord || apiGenericItems[c.low()] || !apiItemNoun(c.low(), coll) {
		return nil, false
	}
	c.i++
	var ids []int
	for !c.end() && c.w[c.i].kind == tNumber {
		n, ok := number(c.w[c.i].low)
		if !ok || n < 0 {
			break
		}
		ids = append(ids, n)
		c.i++
		if !(c.eat(",", "and") || c.eat("and") || c.eat(",")) || c.end() || c.w[c.i].kind != tNumber {
			break
		}
	}
	if len(ids) == 0 || !c.end() && c.w[c.i].kind == tNumber {
		c.i = s
		return nil, false
	}
	// a number left after a joiner: not a list of ids
	if c.i > 0 && (c.w[c.i-1].raw == "and" || c.w[c.i-1].raw == ",") {
		c.i--
		if c.w[c.i-1].raw == "," {
			c.i--
		}
	}
	return ids, true
}

// jvOnlyCount checks that a collection's response has n items: what
// "only" and "just" add to the values they precede or follow. Where the
// claim does not say JSON, or the path is one record's, it is noted as
// needing JSON and the claim is refused.
func (c *apiComposer) jvOnlyCount(n int, phrase string) {
	if _, coll := c.apiCollection(); c.jsonOK() && !coll {
		c.jv.bad = true
		return
	} else if !c.jsonOK() {
		if c.jv.needJSON == "" {
			c.jv.needJSON = phrase
		}
		return
	}
	it := check("count", plan.Step{Kind: plan.ExpectJSON, Count: n})
	unit := "items"
	if n == 1 {
		unit = "item"
	}
	it.notes = []string{fmt.Sprintf("%q is checked as the JSON response holding exactly %d %s.", phrase, n, unit)}
	c.emit(it)
}

// jvIDChecks checks that some item of the response has each id.
func (c *apiComposer) jvIDChecks(ids []int, phrase string) {
	if !c.jsonOK() {
		if c.jv.needJSON == "" {
			c.jv.needJSON = phrase
		}
		return
	}
	for _, id := range ids {
		it := check("presence", plan.Step{Kind: plan.ExpectJSON, At: "/*/id", Value: fmt.Sprint(id)})
		it.notes = []string{fmt.Sprintf("%q names items by id: an item of the JSON response has the id %d (the number).", phrase, id)}
		c.emit(it)
	}
}

// jvEmpty checks that the response is an empty list ("finds nobody").
func (c *apiComposer) jvEmpty(phrase string) {
	if !c.jsonOK() {
		if c.jv.needJSON == "" {
			c.jv.needJSON = phrase
		}
		return
	}
	it := check("presence", plan.Step{Kind: plan.ExpectJSON, Value: "[]"})
	it.notes = []string{fmt.Sprintf("%q is checked as the JSON response being an empty list, [].", phrase)}
	c.emit(it)
}

// jvRefusal refuses a claim whose words need the response to be JSON
// when the claim does not say so, offering the claim with GET before its
// path (which says it).
func (c *apiComposer) jvRefusal() *refusal {
	path := c.apiVisited()
	r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%q is about the items of a JSON response, and the claim does not say %s answers JSON: start with \"GET\" (\"GET %s …\") if it does, or name texts the page shows and does not show", c.jv.needJSON, path, path)}
	if path != "" && c.rest < len(c.w) {
		// the claim with GET before its path, then the path and what
		// it answers alone (Derive keeps those that derive)
		said := c.p.lx.span(c.w[0].a, c.w[len(c.w)-1].b)
		if i := strings.Index(said, path); i > 0 {
			r.suggest = append(r.suggest, said[:i]+"GET "+said[i:])
		}
		r.suggest = append(r.suggest, "GET "+path+" "+c.p.lx.span(c.w[c.rest].a, c.w[len(c.w)-1].b))
	}
	return r
}

// jvShapeWords describe a path by its own shape before an example of it:
// "an id that isn't a number, like /tasks/abc".
var jvShapeWords = phrases("that is not a number", "that isn't a number", "that not a number", "which is not a number",
	"that is not numeric", "that not numeric", "with letters in it", "made of letters")

// jvShapeRequest reads "a(n) NOUN that isn't a number, like PATH," (or "a
// non-numeric NOUN, like PATH,"): the description is checked against the
// example path — its last segment is not a number — and the path is
// visited.
func (c *apiComposer) jvShapeRequest() bool {
	save := c.i
	if c.i != 0 || !(c.eat("an") || c.eat("a")) {
		return false
	}
	nonNum := c.eat("non-numeric") || c.eat("non", "numeric") || c.eat("nonnumeric")
	if c.end() || c.w[c.i].kind != tWord || !fieldWordRE.MatchString(c.w[c.i].raw) {
		c.i = save
		return false
	}
	c.i++
	if !nonNum && !c.eatAny(jvShapeWords) {
		c.i = save
		return false
	}
	to := c.i
	c.eat(",")
	if !(c.eat("like") || c.eat("such", "as") || c.eat("e.g.") || c.eat("say")) || c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic || pg.via != "" {
		c.i = save
		return false
	}
	segs := strings.Split(strings.Trim(strings.SplitN(pg.path, "?", 2)[0], "/"), "/")
	if _, n := number(segs[len(segs)-1]); n || len(segs) < 2 {
		// the example does not show what the words describe
		c.i = save
		return false
	}
	c.emit(item{kind: iPage, page: pg, subject: true})
	c.page = true
	c.notes = append(c.notes, fmt.Sprintf("%q describes the request; %s, whose last segment %q is not a number, is the example visited.", c.p.lx.span(c.w[save].a, c.w[to-1].b), pg.path, segs[len(segs)-1]))
	c.eat(",")
	return true
}

// jvWith eats "with" between values when a JSON pair or an empty field
// follows: "returns 'X' with "done": false", "returns Ann Lee with an
// empty tasks list".
func (c *apiComposer) jvWith() bool {
	s := c.i
	c.eat(",")
	if !c.eat("with") {
		c.i = s
		return false
	}
	s2 := c.i
	if _, ok := c.jvPair(); ok {
		c.i = s2
		return true
	}
	if _, ok := c.jvEmptyField(); ok {
		c.i = s2
		return true
	}
	// "Bob Stone, with the email bob@example.com": a field named
	// before its value
	_ = c.eat("the") || c.eat("its") || c.eat("an") || c.eat("a")
	if _, ok := c.apiFieldValue(); ok {
		c.i = s2
		return true
	}
	c.i = s
	return false
}

// jvOthers reads "the other two tasks", "the remaining 3 tasks", "the two
// other tasks": the rest of the collection, said with its number, which
// is the response's number of items (what they are not is said beside
// it: "drops 'X' and keeps the other two tasks").
func (c *apiComposer) jvOthers() (int, bool) {
	s := c.i
	if !c.eat("the") {
		return 0, false
	}
	other := c.eat("other") || c.eat("remaining") || c.eat("rest", "of", "the")
	if c.end() {
		c.i = s
		return 0, false
	}
	n, ok := wordNumber(c.low())
	if !ok {
		c.i = s
		return 0, false
	}
	c.i++
	other = c.eat("other") || c.eat("remaining") || other
	coll, isColl := c.apiCollection()
	if !other || c.end() || c.w[c.i].kind != tWord || !isColl || !apiItemNoun(c.low(), coll) {
		c.i = s
		return 0, false
	}
	c.i++
	return n, true
}

// jvRequestNouns name a request by what it does: "the not-equal filter
// /tasks?done_ne=true".
var jvRequestNouns = map[string]bool{"filter": true, "query": true, "request": true, "search": true, "lookup": true, "call": true}

// jvNamedRequest reads "the WORDS filter PATH" at the start: the words
// describe the request (noted, not checked); the path is visited.
// Numbers, "only" and negations in the words say more than the path does
// and are not read.
func (c *apiComposer) jvNamedRequest() bool {
	save := c.i
	if c.i != 0 || !c.eat("the") {
		return false
	}
	from := c.i
	for k := 0; k < 4 && !c.end() && c.w[c.i].kind == tWord && c.w[c.i].raw != "GET"; k++ {
		w := c.low()
		if _, n := wordNumber(w); n || w == "only" || w == "just" || w == "not" || w == "no" || w == "never" || everyWords[w] || vague[w] {
			c.i = save
			return false
		}
		c.i++
	}
	noun := c.i - 1
	_ = c.at("get") && c.w[c.i].raw == "GET" && c.eat("get")
	if noun-from < 1 || !jvRequestNouns[c.w[noun].low] || c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic || pg.via != "" {
		c.i = save
		return false
	}
	c.visitDescribed(pg, c.p.lx.span(c.w[save].a, c.w[noun].b))
	c.eat(",")
	return true
}

// jvTheOne reads "the one release", "just the one task": the response
// holds exactly one item, the collection's own noun. The noun is left
// to be read when what the item holds follows ("the one release, whose
// notes say 'X'"). "That one task" is not read: "that" points at an item
// the claim names elsewhere, which the count does not check.
func (c *apiComposer) jvTheOne() (string, bool) {
	s := c.i
	c.eat("just")
	if !c.eat("the", "one") && !c.eat("the", "single") && !c.eat("the", "only") {
		c.i = s
		return "", false
	}
	coll, ok := c.apiCollection()
	if !ok || c.end() || c.w[c.i].kind != tWord || !apiItemNoun(c.low(), coll) {
		c.i = s
		return "", false
	}
	phrase := c.p.lx.span(c.w[s].a, c.w[c.i].b)
	if c.i+2 < len(c.w) && c.w[c.i+1].raw == "," && (c.w[c.i+2].low == "whose" || c.w[c.i+2].low == "with" || c.w[c.i+2].low == "titled" || c.w[c.i+2].low == "named") {
		return phrase, true
	}
	c.i++
	return phrase, true
}

// jvApposition reads a field named before its value, set off by a comma:
// "the current theme, 'light'", "the locale, 'de'". The description is
// the field, checked with the value; any other word before it ("the third
// task", "the newest theme") is a description no check proves, and the
// value is not read (the claim is refused). A field that is the path's
// own last segment ("/settings/theme returns the current theme, 'light'")
// is the whole response.
func (c *apiComposer) jvApposition() (apiVal, bool) {
	s := c.i
	if !c.eat("the") && !c.eat("its") {
		return apiVal{}, false
	}
	c.eat("current")
	if c.end() || c.w[c.i].kind != tWord || !fieldWordRE.MatchString(c.w[c.i].raw) || apiNotField[c.w[c.i].low] || numberWords[c.w[c.i].low] > 0 || c.i+2 >= len(c.w) || c.w[c.i+1].raw != "," || c.w[c.i+2].kind != tLit {
		c.i = s
		return apiVal{}, false
	}
	field := c.w[c.i].raw
	segs := strings.Split(strings.Trim(strings.SplitN(c.apiVisited(), "?", 2)[0], "/"), "/")
	whole := len(segs) > 1 && strings.EqualFold(segs[len(segs)-1], field)
	if coll, ok := c.apiCollection(); !whole && (ok && apiItemNoun(strings.ToLower(field), coll) || apiGenericItems[strings.ToLower(field)]) {
		// "the task, 'X'": an item, not a field
		c.i = s
		return apiVal{}, false
	}
	c.i += 2
	v, ok := c.apiLiteral(false)
	if !ok {
		c.i = s
		return apiVal{}, false
	}
	v = fieldPair(field, v)
	v.asserted = true
	v.whole = whole
	return v, true
}
