package claim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The JSON-reach reader lets the API reader (compose_api.go, jsonverbs.go)
// take its JSON readings where the claim does not say the path answers
// JSON but says what it answers with a verb of a response: "/tasks?x=1
// returns only 'A' and 'B'", "/users?q=b matches Bob only", "… finds
// nobody", "… gives back tasks 1 and 3". Such a verb says the path
// answers, as an API does; "shows" and "lists" say what a page shows and
// keep the refusal that offers both readings. The expect_json steps of
// such a reading are marked reach: a page that turns out not to be JSON
// blocks the run (no evidence against the claim), while a JSON response
// without what the claim says fails it.

// apiResponseVerbs say what a path answers, as a request's response.
var apiResponseVerbs = map[string]bool{"returns": true, "return": true, "gives back": true, "give back": true,
	"brings back": true, "bring back": true, "gives": true, "give": true, "gives you": true, "give you": true, "finds": true, "find": true, "matches": true, "match": true,
	"answers with": true, "responds with": true, "comes back with": true, "comes back as": true,
	"is answered with": true, "i get": true, "you get": true, "we get": true, "i get back": true, "you get back": true, "we get back": true,
	// "/x?_start=-1 is just 'A'": the response is, as a request's answer
	"is": true, "are": true,
	// a filter keeps what it answers: "drops 'X' and keeps the other two",
	// "/x?id_ne=1 leaves only 'B'"
	"keeps": true, "keep": true, "leaves": true, "leave": true}

// responseVerb notes whether the outcome's verb, read from word from,
// is one of a response, for the outcome's JSON readings.
func (c *apiComposer) responseVerb(from int, neg bool) {
	c.guess, c.verb = false, ""
	if neg || c.json || from >= c.i {
		return
	}
	var said string
	for k := from; k < c.i; k++ {
		if k > from {
			said += " "
		}
		said += c.w[k].low
	}
	if apiResponseVerbs[said] {
		c.guess, c.verb = true, said
	}
}

// jsonOK reports whether the outcome being read may be read as JSON: the
// claim says so, or its verb is a response's (a guess, marked reach).
func (c *apiComposer) jsonOK() bool { return c.json || c.guess }

// emit adds items; where the outcome's JSON reading is a guess, its
// expect_json steps are marked reach and the item says why.
func (c *apiComposer) emit(its ...item) {
	if c.guess && !c.json {
		for k := range its {
			marked := false
			steps := append([]plan.Step(nil), its[k].steps...)
			for j := range steps {
				if steps[j].Kind == plan.ExpectJSON {
					steps[j].Reach = true
					marked = true
				}
			}
			if marked {
				verb := c.verb
				if verb == "" {
					verb = "answers"
				}
				its[k].steps = steps
				its[k].notes = append(append([]string(nil), its[k].notes...), fmt.Sprintf("The claim says the path %s this, not that it is an API: the response is taken to be JSON, and a page that is not JSON blocks the run rather than failing it.", verb))
			}
		}
	}
	c.composer.emit(its...)
}

// jrOrderVerbs say where a sorted collection answers an item: "lists X
// first", "puts X at the top", "returns X last".
var jrOrderVerbs = phrases("lists", "puts", "places", "returns", "gives back", "sorts", "shows")

// jrFirst and jrLast are the places in the response's order.
var (
	jrFirst = phrases("first", "at the top", "on top", "at the start", "at the head")
	jrLast  = phrases("last", "at the bottom", "at the end")
)

// jrOrder reads "VERB VALUE first|last" of a collection's path: the first
// (or last) item of the JSON list holds VALUE. Which field holds it is
// not said, so any of the item's fields may ("/0/*"). The value is a
// text: a quoted text or a capitalised name; a number or a description
// ("the oldest task") is not read. The order has no reading on an HTML
// page a step can check, so where the claim does not say JSON the JSON
// reading is the guess, marked reach.
func (c *apiComposer) jrOrder() bool {
	s := c.i
	if _, ok := c.apiCollection(); !ok {
		return false
	}
	if c.jrEdge(s) {
		return true
	}
	if !c.eatAny(jrOrderVerbs) {
		c.i = s
		return false
	}
	if !c.jrPlace(s) {
		c.i = s
		return false
	}
	return true
}

// jrFieldVerbs say what a collection's path answers, in order.
var jrFieldVerbs = phrases("returns", "return", "gives back", "give back", "gives", "lists", "comes back with", "come back with")

// jrFieldOrder reads "returns the ids in the order 2, 3, 1" and "lists
// the titles 'B', 'A' in that order": one field of each item of the
// collection's JSON list, item by item from the first. The values are
// numbers or quoted texts, two or more, and the order is said.
func (c *apiComposer) jrFieldOrder() bool {
	s := c.i
	fail := func() bool { c.i = s; return false }
	coll, ok := c.apiCollection()
	if !ok || !c.eatAny(jrFieldVerbs) {
		return fail()
	}
	c.eat("the")
	if c.end() || c.w[c.i].kind != tWord || !strings.HasSuffix(c.low(), "s") {
		return fail()
	}
	field := strings.TrimSuffix(c.low(), "s")
	if !jsonFieldName.MatchString(field) || field == coll || field+"s" == coll || apiGenericItems[c.low()] {
		return fail()
	}
	c.i++
	said := c.eat("in", "the", "order") || c.eat("in", "this", "order") || c.eat("in", "order")
	if !said {
		c.eat("as")
	}
	var vals []string
	for !c.end() {
		w := c.w[c.i]
		switch {
		case w.kind == tNumber:
			if _, err := strconv.ParseFloat(w.raw, 64); err != nil {
				return fail()
			}
			vals = append(vals, w.raw)
		case w.kind == tLit:
			vals = append(vals, fmt.Sprintf("%q", w.raw))
		default:
			return fail()
		}
		c.i++
		if !(c.eat(",") && (c.eat("and") || true) || c.eat("and") || c.eat("then")) {
			break
		}
	}
	if c.eat("in", "that", "order") || c.eat("in", "this", "order") || c.eat("in", "order") {
		said = true
	}
	if len(vals) < 2 || !said || !c.end() && !c.at(".") {
		return fail()
	}
	was := c.guess
	c.guess = !c.json
	c.verb = "orders"
	for k, v := range vals {
		it := check("presence", plan.Step{Kind: plan.ExpectJSON, At: fmt.Sprintf("/%d/%s", k, field), Value: v})
		if k == 0 {
			it.notes = []string{fmt.Sprintf("%q is checked item by item: the JSON list's item %d has %s as its %q, and so on; items after the last value named are not checked.", c.p.lx.span(c.w[s].a, c.w[c.i-1].b), 1, v, field)}
		}
		c.emit(it)
	}
	c.guess = was
	return true
}

// jsonFieldName is a field name a claim says in the plural ("ids",
// "titles", "user_ids" less the s).
var jsonFieldName = lazyRE(`^[a-z][a-z0-9_]{0,30}$`)

// jrPlace reads "'X' first", "Write the notes last" after an order's
// verb, or after a count ("all 3 tasks, 'X' first"); s is where the
// words the note quotes start.
func (c *apiComposer) jrPlace(s int) bool {
	if !c.jrOnePlace(s) {
		return false
	}
	// "'A' first and 'B' last": each value in its place
	for {
		at := c.i
		if !c.eat("and") && !(c.eat(",") && (c.eat("and") || true)) || !c.jrOnePlace(at+1) {
			c.i = at
			return true
		}
	}
}

// jrOnePlace reads one "VALUE first|last" of jrPlace.
func (c *apiComposer) jrOnePlace(s int) bool {
	from := c.i
	v, ok := c.apiLiteral(false)
	if !ok || v.bare && !v.name || jsonScalar(v.text) {
		c.i = from
		return false
	}
	at, place := "", ""
	switch {
	case c.eatAny(jrFirst):
		at, place = "/0/*", "first"
	case c.eatAny(jrLast):
		at, place = "/-1/*", "last"
	default:
		c.i = from
		return false
	}
	if !c.end() && !c.at(",") && !c.at("and") && !c.at("but") && !c.at(";") {
		// "first among …", "last of the open ones": more than the order
		c.i = from
		return false
	}
	c.jrEmitPlace(s, v, at, place)
	return true
}

// jrEdges say the response's list starts or ends with a value: "ends with
// Fix the login bug", "starts with 'Ann Lee'".
var (
	jrStarts = phrases("starts with", "start with", "begins with", "begin with", "opens with", "leads with")
	jrEnds   = phrases("ends with", "end with", "finishes with", "closes with")
)

// jrEdge reads "starts with VALUE" and "ends with VALUE" as the first
// and last item of the collection's JSON list, as jrOnePlace reads
// "VALUE first": the value is quoted or a capitalised name, and the
// outcome ends with it.
func (c *apiComposer) jrEdge(s int) bool {
	at, place := "", ""
	switch {
	case c.eatAny(jrStarts):
		at, place = "/0/*", "first"
	case c.eatAny(jrEnds):
		at, place = "/-1/*", "last"
	default:
		return false
	}
	if c.jrEdgeID(s, at, place) {
		return true
	}
	v, ok := c.apiLiteral(false)
	if !ok || v.bare && !v.name || jsonScalar(v.text) || !c.end() && !c.at(",") && !c.at("and") && !c.at("but") && !c.at(";") {
		c.i = s
		return false
	}
	c.jrEmitPlace(s, v, at, place)
	return true
}

// jrEdgeID reads "starts with task 3": the collection's noun and an id,
// the first (last) item's id.
func (c *apiComposer) jrEdgeID(s int, at, place string) bool {
	from := c.i
	coll, ok := c.apiCollection()
	if !ok || c.i+1 >= len(c.w) || c.w[c.i].kind != tWord || apiGenericItems[c.low()] || !apiItemNoun(c.low(), coll) || c.w[c.i+1].kind != tNumber {
		return false
	}
	n, ok := number(c.w[c.i+1].low)
	if !ok || n < 0 {
		return false
	}
	c.i += 2
	if !c.end() && !c.at(",") && !c.at("and") && !c.at("but") && !c.at(";") {
		c.i = from
		return false
	}
	ptr := strings.TrimSuffix(at, "*") + "id"
	it := check("presence", plan.Step{Kind: plan.ExpectJSON, At: ptr, Value: fmt.Sprint(n)})
	it.notes = []string{fmt.Sprintf("%q is checked as the %s item of the JSON list having the id %d (%s).", c.p.lx.span(c.w[s].a, c.w[c.i-1].b), place, n, ptr)}
	was := c.guess
	c.guess = !c.json
	c.verb = "orders"
	c.emit(it)
	c.guess = was
	return true
}

// jrEmitPlace checks that the item at (first or last) holds v.
func (c *apiComposer) jrEmitPlace(s int, v apiVal, at, place string) {
	val := fmt.Sprintf("%q", v.text)
	it := check("presence", plan.Step{Kind: plan.ExpectJSON, At: at, Value: val})
	it.notes = append(v.notes, fmt.Sprintf("%q is checked as the %s item of the JSON list holding the text %s as the whole value of one of its fields (%s): which field is not said.", c.p.lx.span(c.w[s].a, c.w[c.i-1].b), place, val, at))
	was := c.guess
	c.guess = !c.json
	c.verb = "orders"
	c.emit(it)
	c.guess = was
}

// jrGerunds start a request described in words before its path.
var jrGerunds = phrases("sorting", "filtering", "searching", "querying", "requesting", "asking for", "fetching", "paging through", "ordering")

// jrDescribedRequest reads "GERUND WORDS (PATH)" or "GERUND WORDS, PATH," at
// the start: "Sorting tasks by their done flag (/tasks?_sort=done)", or
// "THE WORDS (PATH)": "The users list without Ann (/users?name_ne=Ann)". The
// words describe the request the path makes (noted, not checked); the
// path is visited. Numbers, "only", negations and judgements in the words
// say more than the path does and are not read.
func (c *apiComposer) jrDescribedRequest() bool {
	save := c.i
	if c.i != 0 {
		return false
	}
	gerund := c.eatAny(jrGerunds)
	if !gerund && !(c.eat("the") || c.eat("a") || c.eat("an")) {
		return false
	}
	from := c.i
	for k := 0; k < 8 && !c.end() && c.w[c.i].kind == tWord && !c.at("(") && !c.at(","); k++ {
		w := c.low()
		if _, n := wordNumber(w); n || w == "only" || w == "just" || w == "not" || w == "no" || w == "never" || everyWords[w] || vague[w] || outOfReachWord[w] {
			c.i = save
			return false
		}
		c.i++
	}
	to := c.i
	paren := c.eat("(")
	inText := false
	if !paren && !c.end() && c.w[c.i].kind == tPath && strings.Contains(c.p.lx.text, "("+c.w[c.i].raw) {
		// the lexer drops the brackets around a path: the text keeps them
		paren, inText = true, true
	}
	// a request named by a noun ("The users list without Ann (/x)") is
	// set off by brackets only: after a comma the words may be a check
	if !paren && (!gerund || !c.eat(",")) || to == from || c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic || pg.via != "" || paren && !inText && !c.eat(")") || !paren && !c.eat(",") {
		c.i = save
		return false
	}
	c.visitDescribed(pg, c.p.lx.span(c.w[save].a, c.w[to-1].b))
	return true
}
