package claim

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/vouchdev/vouch/plan"
)

// The API reader reads claims about what a path answers — a JSON endpoint
// as a browser shows it: the response's text in the page. It runs only
// when the other readers refused, reads
//
//	[request in words] PATH [,] outcome {connector outcome}
//
// and makes the same items the other readers make. An outcome is a status,
// an empty list or object, or values the response shows or does not show:
// quoted texts, and unquoted values that are clearly literal (an e-mail
// address, a number not followed by a noun, a version, a capitalised
// name, or any one word after a field name and "is"). A field said to
// hold a value ("whose author is typicode", "the theme is 'light'",
// "titled 'X'") is checked as the pair a JSON response prints
// ("author": "typicode") where the claim says the path answers JSON (GET,
// endpoint, API, JSON, /api/), and refused with both readings elsewhere,
// since a page may show it as "Theme: light". A field named before its
// value without "is" ("the email bob@example.com") checks the value. A
// count of items, "only", or a value no rule reads makes the claim
// refused.

// apiComposer is the compositional reader with what the API reader keeps.
type apiComposer struct {
	*composer
	json   bool     // the claim says the path answers JSON (endpoint, API, GET, …)
	unsure []apiVal // fields said to hold a value where the claim does not say JSON
	typed  []apiVal // quoted values that read as a JSON number, boolean or null too
	rest   int      // the first word after the path
	jv     jvState  // what the JSON-verbs reader learnt (jsonverbs.go)
	// httpMeta is a part of the HTTP response outside its body the claim
	// names as a field ("has the header 'Content-Type: …'")
	httpMeta string
	// saidJSON: the claim's words or path say JSON; json alone may come
	// from a JSON pair written in it, which an HTML page may show too
	saidJSON bool
	// guess: the outcome being read says what the path answers with a
	// verb of a response ("returns", "matches", jsonreach.go), so its
	// JSON readings are taken, marked as a guess, where the claim does
	// not say JSON.
	guess bool
	verb  string // that verb, for the note
	when  bool   // the request was said after "when I"
	// ownNoun: a count is read only when its noun is the path's own
	// collection ("/tasks lists three tasks"), not a generic "items".
	ownNoun bool
	// onlyBefore: "only" was said before the response's verb ("just
	// returns 'A'"), so the values read after it are all there is.
	onlyBefore bool
}

// jsonWords say that a path answers data rather than a page.
var jsonWords = map[string]bool{"json": true, "api": true, "endpoint": true, "endpoints": true,
	"record": true, "field": true, "fields": true, "key": true, "keys": true, "property": true, "response": true}

// saysJSON reports whether a claim says its path answers JSON.
func saysJSON(lx *lexed) bool {
	for _, t := range lx.toks {
		switch {
		case t.kind == tWord && (jsonWords[t.low] || t.raw == "GET"):
			return true
		case t.kind == tPath && (strings.HasPrefix(t.raw, "/api/") || strings.Contains(strings.SplitN(t.raw, "?", 2)[0], ".json")):
			return true
		}
	}
	return false
}

// apiRead reads lx as a claim about what a path answers. It returns false
// when it cannot, and with it a refusal when it read the claim but a
// field's value could be a JSON field or a text a page shows.
func apiRead(lx *lexed) ([]item, *refusal, bool) {
	said := saysJSON(lx)
	c := &apiComposer{composer: &composer{p: &parser{lx: lx}}, json: said || jvPairJSON(lx), saidJSON: said}
	c.w = composeWords(lx)
	for i, w := range c.w {
		if w.kind == tWord && (everyWords[w.low] && !countedAll(c.w, i) || vague[w.low] && !apiVagueOK[w.low] || outOfReachWord[w.low] && !apiReachOK[w.low] && !ordinalSecond(c.w, i)) {
			return nil, nil, false
		}
	}
	if r := shapeRefusal(lx); r != nil {
		return nil, r, false
	}
	c.preamble()
	if c.eatAny(apiPremises) {
		c.notes = append(c.notes, "The data the claim assumes is not checked; the plan checks what the path answers.")
		c.eat(",")
	}
	c.apiPagePremise()
	c.apiWhen()
	absent := c.apiAbsent()
	if !c.request() && !c.apiRequest() && !c.jvShapeRequest() && !c.jvNamedRequest() && !c.jrDescribedRequest() && !c.apiSubject() {
		return nil, nil, false
	}
	c.eat(",")
	c.eat(":")
	then := false
	if c.when {
		// "When I GET /x, then …"
		then = c.eat("then")
	}
	c.rest = c.i
	first := true
	for !c.end() {
		if !first {
			switch {
			case c.eat(",", "and"), c.eat(",", "but"), c.eat("and"), c.eat("but"), c.eat(","), c.eat(";"):
			default:
				return nil, nil, false
			}
		}
		if first && then && c.apiThenStatus() {
			// "then a 404": the status the steps lead to
			first = false
			continue
		}
		if first && then && c.apiThenValues() {
			break
		}
		first = false
		if !c.apiOutcome() {
			return nil, nil, false
		}
	}
	checks := 0
	for _, it := range c.items {
		if it.kind == iCheck {
			checks++
		}
	}
	if c.httpMeta != "" {
		return nil, &refusal{cause: "out_of_reach", reason: fmt.Sprintf("the %s is part of the HTTP response outside its body: a plan reads what the response shows, its JSON and its status, not its headers or cookies", c.httpMeta)}, false
	}
	if c.jv.bad {
		return nil, nil, false
	}
	if c.jv.needJSON != "" {
		return nil, c.jvRefusal(), false
	}
	if len(c.unsure) > 0 {
		return nil, c.unsureRefusal(), false
	}
	if len(c.typed) > 0 {
		return nil, c.typedRefusal(), false
	}
	if absent {
		// "there is no projects collection: … gives a 404": only a
		// missing page's status says so
		gone := false
		for _, it := range c.items {
			for _, st := range it.steps {
				gone = gone || st.Kind == plan.ExpectStatus && (st.Status == 404 || st.Status == 410)
			}
		}
		if !gone {
			return nil, nil, false
		}
	}
	if checks == 0 {
		return nil, nil, false
	}
	if len(c.notes) > 0 {
		for k := range c.items {
			if c.items[k].kind == iCheck {
				c.items[k].notes = append(append([]string(nil), c.items[k].notes...), c.notes...)
				break
			}
		}
	}
	return c.items, nil, true
}

// apiVagueOK and apiReachOK are words the other readers refuse that a
// claim about an endpoint uses plainly: "like /tasks/10" gives an example
// path, "returns JSON" names what a browser shows as text.
var (
	apiVagueOK = map[string]bool{"like": true}
	apiReachOK = map[string]bool{"json": true}
)

// apiPagePremise reads a page size given before the request ("Given one
// task per page, when I open /tasks?_page=2&_limit=1, …"): only when the
// request's query sets that very size, which the run then asks for.
func (c *apiComposer) apiPagePremise() {
	s := c.i
	if !c.eat("given") {
		return
	}
	if c.end() {
		c.i = s
		return
	}
	n, ok := wordNumber(c.w[c.i].low)
	if !ok {
		c.i = s
		return
	}
	said := c.w[c.i].raw
	c.i++
	if c.end() || c.w[c.i].kind != tWord {
		c.i = s
		return
	}
	noun := c.w[c.i].raw
	c.i++
	if !(c.eat("per", "page") || c.eat("a", "page") || c.eat("to", "a", "page")) || !c.eat(",") {
		c.i = s
		return
	}
	for _, w := range c.w[c.i:] {
		if w.kind != tPath {
			continue
		}
		_, q, _ := strings.Cut(w.raw, "?")
		for _, kv := range strings.Split(q, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if pageSizeParams[k] && v == strconv.Itoa(n) {
				c.notes = append(c.notes, fmt.Sprintf("“Given %s %s per page” is the query's own %s=%s: the page size the request asks for, not checked apart.", said, noun, k, v))
				return
			}
		}
		break
	}
	c.i = s
}

// pageSizeParams are the query parameters that set a page's size.
var pageSizeParams = map[string]bool{"_limit": true, "limit": true, "per_page": true, "perPage": true, "_per_page": true,
	"page_size": true, "pageSize": true, "size": true}

// apiWhenVerbs request a path after "when I": "When I GET /tasks, then …".
var apiWhenVerbs = phrases("call", "hit", "fetch", "request", "open", "visit", "load", "query")

// apiWhen reads "when I" (you, we) before a request of a path: the
// request is the claim's, and "then" may start its outcome.
func (c *apiComposer) apiWhen() {
	s := c.i
	if !(c.eat("when") || c.eat("if") || c.eat("once")) || !(c.eat("i") || c.eat("you") || c.eat("we")) {
		c.i = s
		return
	}
	switch {
	case c.at("get") && c.i+1 < len(c.w) && c.w[c.i+1].kind == tPath:
		// "get" is the request's opener (apiOpeners)
	case c.eatAny(apiWhenVerbs) && !c.end() && c.w[c.i].kind == tPath:
	default:
		c.i = s
		return
	}
	c.when = true
}

// statusNumber reads an HTTP status as a number after its verb: "a 404",
// "HTTP status 201 Created", "code 204 no content"; loose also takes
// "error" and "response" after it ("then a 500 error"), which only a
// status said with no verb is followed by. It reads nothing when there is
// no status.
func (c *apiComposer) statusNumber(loose bool) (int, bool) {
	s := c.i
	_ = c.eat("a") || c.eat("an")
	c.eat("http")
	c.eat("status")
	c.eat("code")
	if c.end() || c.w[c.i].kind != tNumber {
		c.i = s
		return 0, false
	}
	n, _ := number(c.w[c.i].low)
	if n < 100 || n > 599 {
		c.i = s
		return 0, false
	}
	c.i++
	_ = c.eat("ok") || c.eat("not", "found") || c.eat("created") || c.eat("no", "content") || loose && (c.eat("error") || c.eat("response"))
	return n, true
}

// apiThenStatus reads a status said with no verb after "then" ("When I
// open /users/9, then a 404"; bug reports' "Expected: a 404"): the status
// the steps lead to, never a text "404" on the page.
func (c *apiComposer) apiThenStatus() bool {
	s := c.i
	n, ok := c.statusNumber(true)
	if !ok {
		return false
	}
	s2 := c.i
	if c.eatBodySays() {
		c.emit(check("status", plan.Step{Kind: plan.ExpectStatus, Status: n}))
		if c.apiValues(false) && c.outcomeEnds() {
			return true
		}
		c.items = c.items[:len(c.items)-1]
	}
	c.i = s2
	if !c.outcomeEnds() {
		c.i = s
		return false
	}
	c.emit(check("status", plan.Step{Kind: plan.ExpectStatus, Status: n}))
	return true
}

// eatBodySays reads what introduces the text of a response's body after
// its status: "a 500 whose body says 'X'", "… and the body reads 'X'".
func (c *apiComposer) eatBodySays() bool {
	s := c.i
	if !(c.eat("whose") || c.eat("with", "a") || c.eat("with", "the") || c.eat("and", "the") || c.eat(",", "the") || c.eat("and", "its")) {
		return false
	}
	c.eat("response")
	if !(c.eat("body") || c.eat("page") || c.eat("text")) || !c.eatAny(bodySayVerbs) {
		c.i = s
		return false
	}
	return true
}

// bodySayVerbs say what a response's body holds.
var bodySayVerbs = phrases("says", "say", "reads", "contains", "shows", "mentions", "saying", "reading", "containing", "showing", "mentioning")

// apiThenValues reads values said with no verb after "When I open /x,
// then" — what the steps lead to, as bug reports write it ("Steps: open
// /users/2. Expected: Bob Stone, with the email bob@example.com"): what
// the response holds, as after "returns". The values must end the claim.
func (c *apiComposer) apiThenValues() bool {
	s := c.i
	c.guess, c.verb = !c.json, "returns"
	vals := c.apiValueList()
	if len(vals) == 0 || !c.end() {
		c.guess, c.verb = false, ""
		return c.fromTo(s, false)
	}
	c.apiChecks(vals, false)
	c.guess, c.verb = false, ""
	return true
}

// apiPremises say what data the claim assumes.
var apiPremises = phrases("given the seeded data", "given the seed data", "given the sample data",
	"given the test data", "given the default data", "with the seeded data", "with the seed data")

// apiMissing describe a path by what it does not hold: "a task that
// doesn't exist", "an email nobody has". Said of the request, they are
// not checked.
var apiMissing = phrases("that does not exist", "that doesn't exist", "which does not exist",
	"that is not there", "nobody has", "no one has", "that nobody has",
	// the lexer reads "doesn't" as "not"
	"that not exist", "which not exist", "that not exists")

// apiRequest reads a request described in words, then its path, as
// request does, and also when the words say it asks for something that is
// not there ("Asking for a task that doesn't exist, /tasks/42, …", "a task
// that doesn't exist, like /tasks/10, …"). Numbers, "only" and other
// negations in the words still make the claim refused.
func (c *apiComposer) apiRequest() bool {
	save := c.i
	if c.i != 0 && c.items != nil {
		return false
	}
	if !c.eatAny(requestVerbs) && !c.at("a") && !c.at("an") {
		return false
	}
	from := c.i
	missing := false
	for !c.end() && c.w[c.i].kind == tWord && c.i-from < 12 {
		if c.eatAny(apiMissing) {
			missing = true
			continue
		}
		w := c.low()
		// a number, "only" or a negation says more than the path does
		if _, n := wordNumber(w); n || w == "only" || w == "just" || w == "not" || w == "no" || w == "never" || everyWords[w] || vague[w] && w != "like" {
			c.i = save
			return false
		}
		c.i++
	}
	to := c.i
	c.eat(",")
	_ = c.eat("like") || c.eat("such", "as") || c.eat("e.g.") || c.eat("say")
	if !missing || to == from || c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic || pg.via != "" {
		c.i = save
		return false
	}
	c.visitDescribed(pg, c.p.lx.span(c.w[save].a, c.w[to-1].b))
	c.eat(",")
	return true
}

// apiOpeners are the words before a path that say it is requested.
// apiPathNouns say what a path is after it: "the /users endpoint".
var (
	apiPathNouns    = map[string]bool{"endpoint": true, "route": true, "api": true, "resource": true, "collection": true}
	apiPathNounList = phrases("endpoint", "route", "api", "resource", "collection")
)

var apiOpeners = phrases("get on", "a get on", "get against", "a get against", "a get request on", "get request on", "get", "filtering", "searching", "sorting", "querying", "a get request to", "a get to", "get request to", "hitting", "calling",
	"requesting", "asking for", "a request to", "a request for", "opening", "visiting", "going to", "fetching", "loading", "the endpoint", "the api endpoint",
	"the route", "the path", "the url", "the json at", "the json from", "the json of", "the response at",
	"the response from", "the response of", "the response for", "the json response of", "the json response from")

// apiSubject reads the path the claim is about, with what requests it.
func (c *apiComposer) apiSubject() bool {
	save := c.i
	named, isNamed := c.apiNamedRecord()
	pathNoun := false
	if !isNamed {
		if c.at("the") && c.i+2 < len(c.w) && c.w[c.i+1].kind == tPath && apiPathNouns[c.w[c.i+2].low] {
			// "The /users endpoint returns …": the path, then what it is
			c.i++
			pathNoun = true
		} else if c.at("the") && c.i+4 < len(c.w) && c.w[c.i+1].kind == tWord && apiPathNouns[c.w[c.i+2].low] &&
			(c.w[c.i+3].low == "at" || c.w[c.i+3].low == "on") && c.w[c.i+4].kind == tPath &&
			strings.HasPrefix(pathCollection(c.w[c.i+4].raw), c.w[c.i+1].low) {
			// "the releases endpoint at /releases": named, then its path
			c.i += 4
		} else {
			c.eatAny(apiOpeners)
			c.eat(",")
		}
	}
	if c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic || pg.via != "" || pg.path == "" || isNamed && !c.eat(",") {
		c.i = save
		return false
	}
	if pathNoun && !apiPathNouns[c.w[c.i-1].low] && !c.eatAny(apiPathNounList) {
		c.i = save
		return false
	}
	c.emit(item{kind: iPage, page: pg, subject: true})
	c.page = true
	if isNamed {
		// "the 'Fix the login bug' task's own page, /tasks/2, …": the
		// record is that item's if it shows its name
		it := check("presence", plan.Step{Kind: plan.ExpectText, Value: named})
		it.notes = []string{fmt.Sprintf("%s is taken to be the record of %q because it shows %q.", pg.path, named, named)}
		c.emit(it)
	}
	return true
}

// apiRecordNouns end the words that name a record before its path.
var apiRecordNouns = map[string]bool{"page": true, "record": true, "entry": true, "endpoint": true,
	"url": true, "resource": true, "path": true}

// apiNamedRecord reads "the 'X' task's own page," before a path: the quoted
// name of the item whose record the path is.
func (c *apiComposer) apiNamedRecord() (string, bool) {
	s := c.i
	c.eat("the")
	name, ok := c.lit()
	if !ok {
		c.i = s
		return "", false
	}
	for k := 0; k < 5 && !c.end() && c.w[c.i].kind == tWord; k++ {
		c.i++
	}
	if !apiRecordNouns[c.w[c.i-1].low] || c.w[c.i-1].kind != tWord || !c.eat(",") || c.end() || c.w[c.i].kind != tPath {
		c.i = s
		return "", false
	}
	return name, true
}

// getVerbs say what the asker gets; before a number they say a status.
var getVerbs = phrases("i get", "you get", "we get", "i get back", "you get back", "we get back", "gets", "get")

// apiTextVerbs say a response holds values.
var apiTextVerbs = phrases("shows", "show", "says", "say", "lists", "list", "contains", "contain",
	"includes", "include", "has", "have", "returns", "return", "gives back", "give back", "gives you", "give you", "gets you", "get you", "gives", "brings back",
	"bring back", "finds", "find", "matches", "match", "answers with", "responds with", "comes back with",
	"comes back as", "is answered with", "i get", "you get", "we get", "i get back", "you get back", "we get back", "displays", "prints", "outputs", "holds", "mentions", "dumps", "reads",
	"keeps", "keep", "leaves", "leave")

// apiOutcome reads one outcome: a status, an empty collection, or values.
func (c *apiComposer) apiOutcome() bool {
	save := c.i
	fail := func() bool { c.i, c.onlyBefore = save, false; return false }
	neg := c.eat("does", "not") || c.eat("doesn't") || c.eat("do", "not") || c.eat("don't") || c.eat("never")
	if !neg && (c.jrOrder() || c.jrFieldOrder()) {
		return true
	}
	if !neg && c.eatAny(negTextVerbs) {
		return c.apiValues(true) || fail()
	}
	if !neg {
		// a status, then perhaps what the response holds
		s2 := c.i
		// "I get a 404": a status, never a text "404"
		if c.eatAny(statusVerbs) || c.eat("comes", "back") || c.eat("should") || c.eatAny(getVerbs) {
			_ = c.eat("with") || c.eat("as")
			if n, ok := c.statusNumber(false); ok {
				c.emit(check("status", plan.Step{Kind: plan.ExpectStatus, Status: n}))
				s3 := c.i
				if c.eat("and") && (c.apiEmpty(false) || c.apiQuoted()) {
					// "returns 404 and an empty object", "answers 404
					// and 'Not found'": the verb said once
					return true
				}
				c.i = s3
				if c.eat("with") && c.apiEmpty(false) {
					// "comes back as a 404 with an empty {} body"
					return true
				}
				c.i = s3
				if c.eat("with") || c.eat("and") {
					// "answers 200 with all 3 tasks": the response's
					// items, JSON a guess unless the claim says so
					c.guess, c.verb = !c.json, "answers"
					if c.apiCount() {
						return true
					}
					c.guess, c.verb = false, ""
				}
				c.i = s3
				if c.eatBodySays() || c.eat("with") || c.eat("and", "shows") || c.eat("and", "lists") || c.eat("and", "returns") || c.eat("and", "just", "shows") {
					if c.apiValues(false) {
						return true
					}
				}
				c.i = s3
				return true
			}
		}
		c.i = s2
	}
	if !neg && c.apiBareEmpty() {
		return true
	}
	if !neg && c.apiLeftOut() {
		return true
	}
	if !neg && c.apiComesBack() {
		return true
	}
	// "just returns 'A'", "only gives back 'A'": "only" said before the
	// verb, as "returns only 'A'"
	pre := !neg && (c.eat("just") || c.eat("only"))
	vs := c.i
	if !c.eatAny(apiTextVerbs) && !(!pre && (c.eat("is") || c.eat("are"))) {
		return fail()
	}
	c.responseVerb(vs, neg)
	c.onlyBefore = pre
	// the person the response is given to: "gives me 'X'", "shows you 'X'"
	_ = c.eat("me") || c.eat("us") || c.eat("you") || c.eat("them")
	if !neg && c.jsonOK() && c.apiCount() {
		c.onlyBefore = false
		return true
	}
	if said := c.p.lx.span(c.w[vs].a, c.w[c.i-1].b); !neg && !c.jsonOK() && strings.Contains(c.apiVisited(), "?") && apiListVerbs[strings.ToLower(said)] {
		// "/tasks?_page=2 lists all three tasks": items counted by the
		// path's own collection noun on a query of it are the
		// response's items, JSON a guess as after a response's verb (a
		// page that is not JSON blocks the run, never fails it); on a
		// plain path ("/gadgets lists 2 gadgets") which elements are
		// counted is not said, and the claim is refused; nor is a count
		// a page "shows", which speaks of elements a JSON text has none of
		c.guess, c.verb, c.ownNoun = true, said, true
		ok := c.apiCount()
		c.ownNoun = false
		if ok {
			c.onlyBefore = false
			return true
		}
		c.guess, c.verb = false, ""
	}
	return c.apiValues(neg) || fail()
}

// apiListVerbs say a collection's response holds its items.
var apiListVerbs = map[string]bool{"lists": true, "list": true, "has": true, "have": true, "contains": true,
	"contain": true, "includes": true, "include": true, "holds": true, "hold": true}

// apiComeBack say, after the values, that the response holds them.
var apiComeBack = phrases("comes back", "come back", "is returned", "are returned", "gets returned", "get returned",
	"is what comes back", "are what comes back")

// apiComesBack reads the values first and the response's verb after
// them: "only Fix the login bug comes back", "'A' and 'B' are returned".
// The values are read as after "returns" (a JSON reading a guess where
// the claim does not say JSON), and must be all the words before the
// verb, which ends the outcome.
func (c *apiComposer) apiComesBack() bool {
	s := c.i
	only := c.eat("only") || c.eat("just")
	k := c.i
	for ; k < len(c.w); k++ {
		if c.w[k].kind == tPunct && c.w[k].raw != "," {
			return c.fromTo(s, false)
		}
		c2 := *c.composer
		c2.i = k
		if c2.eatAny(apiComeBack) && (c2.end() || c2.at(",") || c2.at(";") || c2.at("and") || c2.at("but")) {
			break
		}
	}
	if k == len(c.w) || k == c.i {
		return c.fromTo(s, false)
	}
	full := c.w
	c.w = full[:k]
	vals := c.apiValueList()
	done := c.end()
	c.w = full
	if len(vals) == 0 || !done {
		return c.fromTo(s, false)
	}
	for _, v := range vals {
		if v.field != "" {
			return c.fromTo(s, false)
		}
	}
	c.eatAny(apiComeBack)
	c.guess, c.verb = !c.json, "returns"
	if only {
		c.jvOnlyCount(len(vals), c.p.lx.span(c.w[s].a, c.w[c.i-1].b))
	}
	c.apiChecks(vals, false)
	c.guess, c.verb = false, ""
	return true
}

// fromTo puts the reader back at s and returns ok.
func (c *apiComposer) fromTo(s int, ok bool) bool {
	c.i = s
	return ok
}

// apiLeftOutWords say a value is not in the response.
var apiLeftOutWords = phrases("filtered out", "left out", "excluded", "missing", "dropped", "gone", "not there",
	"not included", "not in it", "not in the response", "not in the list", "not returned", "not listed")

// apiLeftOut reads "Ann Lee is filtered out" after another outcome
// ("… -> Bob Stone only, Ann Lee is filtered out"): a quoted text or a
// capitalised name the response does not show. The words must end the
// outcome: "missing from the header" says where, which is more.
func (c *apiComposer) apiLeftOut() bool {
	s := c.i
	v, ok := c.apiLiteral(false)
	if !ok || v.bare && !v.name || jsonScalar(v.text) || !(c.eat("is") || c.eat("are")) || !c.eatAny(apiLeftOutWords) ||
		!c.end() && !c.at(",") && !c.at("and") && !c.at("but") && !c.at(";") {
		c.i = s
		return false
	}
	c.apiChecks([]apiVal{v}, true)
	return true
}

// apiValues reads the values after an outcome verb: an empty collection,
// or values joined by commas and "and", then "but not …" / "and not …".
func (c *apiComposer) apiValues(neg bool) bool {
	if c.apiEmpty(neg) {
		return true
	}
	from := c.i
	if !neg && c.jvNobody() {
		c.jvEmpty(c.p.lx.span(c.w[from].a, c.w[c.i-1].b))
		return true
	}
	if phrase, ok := c.jvTheOne(); ok && !neg {
		c.jvOnlyCount(1, phrase)
		if c.end() || c.w[c.i].kind != tWord {
			return true
		}
		vals := c.apiValueList()
		if len(vals) == 0 {
			return false
		}
		c.apiChecks(vals, false)
		return true
	}
	if n, ok := c.jvOthers(); ok && !neg {
		c.jvOnlyCount(n, c.p.lx.span(c.w[from].a, c.w[c.i-1].b))
		return true
	}
	only := !neg && (c.onlyBefore || c.eat("only") || c.eat("just"))
	c.onlyBefore = false
	// "both A and B": the two values, no more is said by "both"
	if bothAt := c.i; c.eat("both") {
		if vals := c.apiValueList(); len(vals) != 2 || !c.outcomeEnds() && !c.at(",") {
			c.i = bothAt
			return false
		}
		c.i = bothAt + 1
	}
	if ids, ok := c.jvIDs(); ok && !neg {
		phrase := c.p.lx.span(c.w[from].a, c.w[c.i-1].b)
		c.jvIDChecks(ids, phrase)
		if only {
			c.jvOnlyCount(len(ids), phrase)
		}
		return true
	}
	vals := c.apiValueList()
	if len(vals) == 0 {
		return false
	}
	only = c.eat("only") && !neg || only
	if !neg && !only && len(vals) >= 2 && c.apiInOrder(vals) {
		return true
	}
	if only {
		for _, v := range vals {
			if v.field != "" {
				// "only tasks whose done is true" is a rule about every
				// item (compose_every.go), not a count
				return false
			}
		}
		c.jvOnlyCount(len(vals), c.p.lx.span(c.w[from].a, c.w[c.i-1].b))
	}
	c.apiChecks(vals, neg)
	s := c.i
	if !neg && (c.eat(",", "not") || c.eat("and", "not") || c.eat(",", "and", "not") || c.eat("but", "not") || c.eat(",", "but", "not") || c.eat("and", "none", "of") || c.eat("but", "none", "of")) {
		more := c.apiValueList()
		if len(more) == 0 {
			c.i = s
			return true
		}
		if c.fieldAlternative(vals, more) {
			return true
		}
		c.apiChecks(more, true)
		return true
	}
	if !neg && (c.eat("but", "neither") || c.eat("and", "neither") || c.eat(",", "neither")) {
		a := c.apiValueList()
		if len(a) == 0 || !c.eat("nor") {
			c.i = s
			return true
		}
		b := c.apiValueList()
		if len(b) == 0 {
			c.i = s
			return true
		}
		c.apiChecks(append(a, b...), true)
	}
	return true
}

// apiInOrder reads "in that order" after two or more plain values: the
// texts in that order in what the path answers (a JSON response's text
// keeps its items' order).
func (c *apiComposer) apiInOrder(vals []apiVal) bool {
	s := c.i
	c.eat(",")
	if !(c.eat("in", "that", "order") || c.eat("in", "this", "order")) || !c.outcomeEnds() {
		c.i = s
		return false
	}
	var texts []string
	for _, v := range vals {
		if v.field != "" || v.whole {
			c.i = s
			return false
		}
		texts = append(texts, v.text)
	}
	it := check("presence", plan.Step{Kind: plan.ExpectOrder, Texts: texts})
	for _, v := range vals {
		it.notes = append(it.notes, v.notes...)
	}
	c.emit(it)
	return true
}

// apiEmpty reads "an empty list", "[]", "an empty object", "{}": the
// response's whole text is the empty collection.
// isEmptyToken reports whether word i is [] or {}, quoted or not.
func (c *apiComposer) isEmptyToken(i int) bool {
	return i < len(c.w) && (c.w[i].kind == tLit || c.w[i].kind == tWord) && (c.w[i].raw == "[]" || c.w[i].raw == "{}")
}

func (c *apiComposer) apiEmpty(neg bool) bool {
	s := c.i
	c.eat("just")
	c.eat("an")
	c.eat("a")
	text := ""
	switch {
	case c.eat("empty", "list") || c.eat("empty", "array") || c.eat("empty", "json", "array") || c.eat("empty", "json", "list"):
		text = "[]"
	case c.eat("empty", "object") || c.eat("empty", "json", "object"):
		text = "{}"
	case c.isEmptyToken(c.i) || c.at("empty") && c.isEmptyToken(c.i+1):
		// quoted or not, [] and {} have one reading ("an empty {} body")
		c.eat("empty")
		text = c.w[c.i].raw
		c.i++
		// the noun after it names the same thing
		_ = c.eat("json", "body") || c.eat("body") || c.eat("response") || c.eat("object") && text == "{}" || c.eat("array") && text == "[]" || c.eat("list") && text == "[]"
	default:
		c.i = s
		return false
	}
	// "an empty list, '[]'": the same thing said twice
	s2 := c.i
	_ = c.eat(",") || c.eat("(")
	if !c.end() && (c.w[c.i].kind == tLit || c.w[c.i].kind == tWord) && c.w[c.i].raw == text {
		c.i++
		c.eat(")")
	} else {
		c.i = s2
	}
	if c.json && !neg {
		// the value itself: [] or {} however the response is spaced
		it := check("presence", plan.Step{Kind: plan.ExpectJSON, Value: text})
		it.notes = []string{fmt.Sprintf("The JSON response is checked to be %s: an empty %s, not a list or object with items, nor the other kind.", text, map[string]string{"[]": "list", "{}": "object"}[text])}
		c.emit(it)
		return true
	}
	k := plan.ExpectVisible
	if neg {
		k = plan.ExpectHidden
	}
	it := check("presence", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByText, Value: text, Exact: true}.String()})
	it.notes = []string{fmt.Sprintf("An empty collection is checked as an element whose whole text is exactly %q, as a browser shows an empty JSON response.", text)}
	c.emit(it)
	return true
}

func (c *apiComposer) apiChecks(vals []apiVal, neg bool) {
	for _, v := range vals {
		if httpMetaFields[strings.ToLower(v.field)] {
			// a header or a cookie is no member of the JSON body
			c.httpMeta = strings.ToLower(v.field)
			continue
		}
		if c.json && v.whole && !neg && json.Valid([]byte(v.value)) {
			// '2' quoted as the whole response: the number or the text
			c.jv.bad = true
			continue
		}
		if c.json && v.whole && !neg {
			// "GET /config/locale returns the current locale, 'de'":
			// the path answers the field's value itself
			val, _ := json.Marshal(v.value)
			it := check("presence", plan.Step{Kind: plan.ExpectJSON, Value: string(val)})
			it.notes = []string{fmt.Sprintf("%q names the path's own last segment: the whole JSON response is checked to be the text %s.", v.field, val)}
			c.emit(it)
			continue
		}
		// a field said to hold a value may be a text the page shows
		// ("Title: X"), so a guessed JSON reading takes only the empty
		// list, which a page shows no other way
		if (c.json || c.guess && v.value == "[]" && v.bare) && v.field != "" && !neg {
			if at, ok := c.apiFieldAt(v.field); ok {
				if !v.bare && json.Valid([]byte(v.value)) {
					// "the id is '2'": the quotes mark where the value
					// ends, not that it is a text rather than a number
					c.typed = append(c.typed, v)
					continue
				}
				c.emit(c.apiFieldCheck(v, at))
				continue
			}
		}
		if v.field != "" && !c.json && v.value == "[]" && v.bare {
			// "with an empty tasks list" is a JSON reading: an HTML
			// page shows an empty list otherwise
			if c.jv.needJSON == "" {
				c.jv.needJSON = "an empty " + v.field + " list"
			}
			continue
		}
		if v.field != "" && !c.json && (!v.bare || v.isString) {
			// A page may show the field's value as "Theme: light": the
			// pair is checked only where the claim says JSON.
			if v.asserted {
				c.unsure = append(c.unsure, v)
				continue
			}
			// "the email bob@example.com": the value, the field noted
			v.text = v.value
			v.notes = []string{fmt.Sprintf("%q names the field that holds %q; the value is looked for in the response, not that field.", v.field, v.value)}
		}
		if v.field != "" && c.guess && !c.json && v.text != v.value {
			// a field's pair beside a guessed JSON reading ('"total":
			// 12'): a page may show it another way ("Total: 12"), so
			// the claim is refused with GET offered
			if c.jv.needJSON == "" {
				c.jv.needJSON = "the " + v.field + " " + v.value
			}
			continue
		}
		s := plan.Step{Kind: plan.ExpectText, Value: v.text}
		rk := "presence"
		if neg {
			s.Kind, rk = plan.ExpectNoText, "absence"
		}
		it := check(rk, s)
		it.notes = v.notes
		c.emit(it)
	}
}

// countedNoun reads the noun of the items a count is said of: the
// collection's own ("tasks" of /tasks) or a generic one ("items"), never
// a generic one where the claim names the collection's.
func (c *apiComposer) countedNoun() bool {
	coll, ok := c.apiCollection()
	if !ok || c.end() || c.w[c.i].kind != tWord || !apiItemNoun(c.low(), coll) || c.ownNoun && apiGenericItems[c.low()] {
		return false
	}
	c.i++
	return true
}

// apiBoundCount reads a bound on the number of the response's items:
// "at least 1 item", "at most 5 items", "more than 10 items", "fewer than
// 3 tasks", "up to 20 results", "no more than 5". The bound is an
// expect_json at_least or at_most.
func (c *apiComposer) apiBoundCount() bool {
	s := c.i
	cmp, shift := "", 0
	switch {
	case c.eat("at", "least") || c.eat("no", "fewer", "than") || c.eat("not", "fewer", "than") || c.eat("no", "less", "than"):
		cmp = plan.CountAtLeast
	case c.eat("more", "than") || c.eat("over"):
		cmp, shift = plan.CountAtLeast, 1
	case c.eat("at", "most") || c.eat("no", "more", "than") || c.eat("not", "more", "than") || c.eat("up", "to"):
		cmp = plan.CountAtMost
	case c.eat("fewer", "than") || c.eat("less", "than") || c.eat("under"):
		cmp, shift = plan.CountAtMost, -1
	default:
		return false
	}
	n := -1
	if !c.end() && (c.w[c.i].kind == tNumber || c.w[c.i].kind == tWord) {
		if v, ok := wordNumber(c.low()); ok {
			n = v + shift
			c.i++
		}
	}
	if n < 0 || !c.countedNoun() {
		c.i = s
		return false
	}
	it := check("count", plan.Step{Kind: plan.ExpectJSON, Count: n, Compare: cmp})
	how := map[string]string{plan.CountAtLeast: "at least", plan.CountAtMost: "at most"}[cmp]
	it.notes = []string{fmt.Sprintf("%q is checked as the JSON response holding %s %d %s (a list's items, or an object's members).", c.p.lx.span(c.w[s].a, c.w[c.i-1].b), how, n, map[bool]string{true: "item", false: "items"}[n == 1])}
	c.emit(it)
	return true
}

// apiCount reads a count of the response's items where the claim says the
// path answers JSON: "two tasks", "only one release", "no users", said of
// a collection's path with its own noun or a generic one ("items"), then
// perhaps what they are ("two tasks: 'A' and 'B'"). The number is the
// claim's: a count said of a record's path, or with another noun, is not
// read (the claim is refused).
func (c *apiComposer) apiCount() bool {
	s := c.i
	if c.apiBoundCount() {
		return true
	}
	_ = c.eat("only") || c.eat("just") || c.eat("exactly")
	// "all 3 tasks", "the three tasks", "all the two users": a count said
	// with a quantifier is the count; the number must follow
	if c.eat("all", "the") || c.eat("all") || c.eat("the") {
		if c.end() {
			c.i = s
			return false
		}
		// "the one album, whose …" describes one item (jsonverbs.go)
		if v, ok := wordNumber(c.low()); !ok || v < 2 {
			c.i = s
			return false
		}
	}
	n := -1
	switch {
	case c.eat("no"):
		n = 0
	case c.i == s && c.eat("both"):
		// "gives back both users": the two of them
		n = 2
	case !c.end() && (c.w[c.i].kind == tNumber || c.w[c.i].kind == tWord):
		if v, ok := wordNumber(c.low()); ok {
			n = v
			c.i++
		}
	}
	if n < 0 || !c.countedNoun() {
		c.i = s
		return false
	}
	it := check("count", plan.Step{Kind: plan.ExpectJSON, Count: n})
	it.notes = []string{fmt.Sprintf("%q is checked as the number of items of the JSON response (a list's items, or an object's members).", c.p.lx.span(c.w[s].a, c.w[c.i-1].b))}
	c.emit(it)
	// "all 3 tasks, 'Write the notes' first": where one of them is
	s2 := c.i
	if (c.eat(",") || c.eat("with") || c.eat("and")) && c.jrPlace(s) {
		return true
	}
	c.i = s2
	// "two tasks: 'A' and 'B'": what they are
	if c.eat(":") || c.eat(",") {
		if vals := c.apiValueList(); len(vals) > 0 {
			c.apiChecks(vals, false)
		} else {
			c.i = s2
		}
	}
	return true
}

// apiBareEmpty reads "comes back empty", "returns empty", "is empty" said
// of what a path answers: a JSON response of no items, a list or an
// object (which one the claim does not say). Said with a response's verb
// the JSON is a guess, marked reach; "is empty" needs the claim to say
// the path answers JSON.
func (c *apiComposer) apiBareEmpty() bool {
	s := c.i
	if !c.apiNothing() && (!(c.eat("comes", "back") || c.eat("come", "back") || c.eat("returns") || c.eat("return") ||
		c.eat("is") || c.eat("are")) || !c.eat("empty") || !c.outcomeEnds()) {
		c.i = s
		return false
	}
	c.guess = false
	if !c.json {
		if said := c.w[s].low; said == "is" || said == "are" {
			c.i = s
			return false
		}
		c.guess = true
	}
	it := check("count", plan.Step{Kind: plan.ExpectJSON, Count: 0})
	it.notes = []string{fmt.Sprintf("%q is checked as a JSON response of no items: an empty list or an empty object.", c.p.lx.span(c.w[s].a, c.w[c.i-1].b))}
	c.emit(it)
	return true
}

// apiNothing reads "finds nothing", "returns nothing", "matches nothing"
// at the end of the outcome, said of a query ("/tasks?q=zzz finds
// nothing"): the filtered collection is empty. Of a plain path "returns
// nothing" may as well be an empty body, and is left to the other readers.
func (c *apiComposer) apiNothing() bool {
	s := c.i
	if !strings.Contains(c.apiVisited(), "?") || !c.eatAny(apiNothingVerbs) || !c.eat("nothing") || !c.outcomeEnds() {
		c.i = s
		return false
	}
	return true
}

// outcomeEnds reports whether the outcome read ends here: the claim
// ends, or "and" goes on with another.
func (c *apiComposer) outcomeEnds() bool {
	return c.end() || c.w[c.i].kind == tWord && c.w[c.i].low == "and"
}

// apiNothingVerbs say what a query's response holds, before "nothing".
var apiNothingVerbs = phrases("finds", "find", "returns", "return", "matches", "match", "gives back", "give back",
	"brings back", "bring back", "turns up", "turn up", "comes back with", "come back with")

// countedAll reports whether "all" at i is said of a number ("all 3
// tasks", "all the two users"): a count, not a rule about every item.
func countedAll(ws []cw, i int) bool {
	if ws[i].low != "all" {
		return false
	}
	if i+1 < len(ws) && ws[i+1].low == "the" {
		i++
	}
	if i+1 >= len(ws) {
		return false
	}
	_, ok := wordNumber(ws[i+1].low)
	return ok
}

// apiGenericItems name a response's items whatever the collection.
var apiGenericItems = map[string]bool{"item": true, "items": true, "result": true, "results": true,
	"record": true, "records": true, "entry": true, "entries": true, "object": true, "objects": true}

// apiItemNoun reports whether a noun names the items of the collection at
// coll ("task" and "tasks" for /tasks, "entries" for /entries).
func apiItemNoun(noun, coll string) bool {
	if apiGenericItems[noun] {
		return true
	}
	for _, f := range []string{noun, noun + "s", noun + "es", strings.TrimSuffix(noun, "y") + "ies"} {
		if f == coll {
			return true
		}
	}
	return false
}

// apiVisited is the path the claim visits.
func (c *apiComposer) apiVisited() string {
	for _, it := range c.items {
		if it.kind == iPage {
			return it.page.path
		}
	}
	return ""
}

// apiCollection is the collection the visited path names — "tasks" for
// /tasks?done=true or /api/tasks — and false for a record's path
// (/tasks/2), whose response is one item.
func (c *apiComposer) apiCollection() (string, bool) {
	last := pathCollection(c.apiVisited())
	return last, last != ""
}

// pathCollection is the collection a path names, or "" for a record's
// path or none.
func pathCollection(path string) string {
	segs := strings.Split(strings.Trim(strings.SplitN(path, "?", 2)[0], "/"), "/")
	// "/tasks.json" names the collection tasks, as a format suffix does
	last := strings.TrimSuffix(strings.ToLower(segs[len(segs)-1]), ".json")
	if _, n := number(last); n {
		return ""
	}
	return last
}

// fieldAlternative reads "the locale is 'de', not 'fr'" after a field's
// value was checked: the field holding 'de' is what makes it not 'fr', so
// no text is looked for (a short 'fr' is inside many other values).
func (c *apiComposer) fieldAlternative(vals, more []apiVal) bool {
	n := len(c.items)
	if len(vals) != 1 || vals[0].field == "" || n == 0 || c.items[n-1].kind != iCheck || len(c.items[n-1].steps) != 1 {
		return false
	}
	if s := c.items[n-1].steps[0]; s.Kind != plan.ExpectJSON || s.At == "" {
		return false
	}
	for _, m := range more {
		if m.field != "" || strings.EqualFold(m.text, vals[0].value) {
			return false
		}
	}
	for _, m := range more {
		c.items[n-1].notes = append(c.items[n-1].notes, fmt.Sprintf("That the %s is not %q follows from it being %q; it is not looked for elsewhere in the response.", vals[0].field, m.text, vals[0].value))
	}
	return true
}

// httpMetaFields name parts of an HTTP response outside its body.
var httpMetaFields = map[string]bool{"header": true, "headers": true, "response header": true, "http header": true,
	"cookie": true, "cookies": true, "content-type": true, "content type": true, "etag": true, "cache-control": true}

// apiFieldAt is the JSON pointer of a field the response is said to hold:
// the record's own field on a record's path (/tasks/2: /title), any
// object's at any depth on a query (/posts?author=x: /**/author). Elsewhere
// (/api/users, /api/config) the shape is not known: any object's member
// at any depth (/**/name), compact or pretty-printed, where the claim
// says JSON; as text otherwise.
func (c *apiComposer) apiFieldAt(field string) (string, bool) {
	path := c.apiVisited()
	f := strings.ReplaceAll(strings.ReplaceAll(field, "~", "~0"), "/", "~1")
	if _, ok := c.apiCollection(); !ok && path != "" {
		return "/" + f, true
	}
	if strings.Contains(path, "?") {
		// a query answers a list (json-server's /tasks?done=true) or an
		// object that holds one (/search?q=x: {"results": […]}): an
		// object's member at any depth holds for both
		return "/**/" + f, true
	}
	if c.json && path != "" {
		return "/**/" + f, true
	}
	return "", false
}

// apiFieldCheck checks a field's value in the JSON response: a number,
// true, false or null written unquoted is that JSON value, anything else
// a string (the quoted '2' is the text "2", not the number 2).
func (c *apiComposer) apiFieldCheck(v apiVal, at string) item {
	val, _ := json.Marshal(v.value)
	if v.bare && !v.isString && json.Valid([]byte(v.value)) {
		val = []byte(v.value)
	}
	var notes []string
	for _, n := range v.notes {
		if !strings.HasPrefix(n, "The field and its value are looked for as ") {
			notes = append(notes, n)
		}
	}
	where := "the record's"
	switch {
	case strings.HasPrefix(at, "/*/"):
		where = "an item's"
	case strings.HasPrefix(at, "/**/"):
		where = "some object's (at any depth)"
	}
	notes = append(notes, fmt.Sprintf("%q is checked as %s field %q in the JSON response, compact or pretty-printed, by type: %s.", v.value, where, v.field, apiTypeNote(val)))
	it := check("presence", plan.Step{Kind: plan.ExpectJSON, At: at, Value: string(val)})
	if strings.HasPrefix(at, "/**/") && !c.saidJSON {
		// only the pair says JSON: a page that shows it as text (an API's
		// docs) is not what the claim is about, so it blocks
		it.steps[0].Reach = true
		notes = append(notes, "That the page answers JSON is a guess from the pair the claim writes: a page that is not JSON blocks the run.")
	}
	it.notes = notes
	return it
}

// apiTypeNote says which JSON value a claim's value was taken as.
func apiTypeNote(val []byte) string {
	switch {
	case val[0] == '"':
		return "a text, as written"
	case val[0] == '[':
		return "a list"
	case val[0] == '{':
		return "an object"
	case string(val) == "true" || string(val) == "false" || string(val) == "null":
		return "the JSON " + string(val) + ", not the text"
	}
	return "a number, not a text"
}

// apiVal is one value the response is said to hold.
type apiVal struct {
	text     string
	notes    []string
	bare     bool // written without quotes
	name     bool // an unquoted capitalised name
	field    string
	value    string // the value alone, as written
	asserted bool   // the claim says the field holds it ("is", "whose", "titled")
	isString bool   // not a JSON number, boolean or null
	whole    bool   // the field is the path's own last segment: its value is the whole response
}

// apiValueList reads values joined by "," and "and".
func (c *apiComposer) apiValueList() []apiVal {
	var out []apiVal
	for {
		s := c.i
		v, ok := c.apiValue()
		if !ok {
			c.i = s
			break
		}
		out = append(out, v)
		if len(out) > 1 && (out[len(out)-1].name && !strings.Contains(out[len(out)-1].text, " ") || out[len(out)-2].name && !strings.Contains(out[len(out)-2].text, " ")) {
			// "Salt and Pepper", "Bob and Ann": one name or two
			return nil
		}
		mark := c.i
		if c.jvWith() || c.eat(",", "and") || c.eat("and") || c.eat(",") || c.eat("as", "well", "as") {
			if c.at("not") || c.at("none") || c.at("neither") || c.at("but") {
				c.i = mark
				break
			}
			s2 := c.i
			if _, ok := c.apiValue(); ok && !c.at("is") && !c.at("are") {
				// "A, and B is left out": B starts a clause of its own
				c.i = s2
				continue
			}
			c.i = mark
		}
		break
	}
	return out
}

// fieldWordRE is a JSON field's name as people write it.
var fieldWordRE = lazyRE(`^[a-z][a-z0-9_]*$`)

// apiNotField are words that never name a field before a value.
var apiNotField = map[string]bool{"the": true, "a": true, "an": true, "and": true, "but": true, "not": true,
	"no": true, "with": true, "is": true, "are": true, "of": true, "to": true, "in": true, "on": true,
	"it": true, "that": true, "which": true, "only": true, "just": true, "also": true, "both": true,
	"neither": true, "nor": true, "none": true, "one": true, "first": true, "last": true, "status": true,
	"page": true, "text": true, "word": true, "words": true, "same": true, "other": true, "others": true,
	// "is free of 'Beta'" says the text is absent, not a field "free"
	"free": true, "clear": true, "devoid": true,
	// words of time and order are never a field ("shows 'A' and then 'B'")
	"then": true, "after": true, "before": true, "still": true, "now": true, "again": true,
	"when": true, "while": true, "once": true, "if": true, "so": true, "later": true, "finally": true, "too": true,
	// a person spoken to or of is never a field ("gives me 'X'", "shows you 'X'")
	"me": true, "you": true, "us": true, "them": true, "him": true, "her": true, "u": true, "ya": true,
	"back": true, "exactly": true, "precisely": true, "simply": true}

// apiValue reads one value: a quoted text, an unquoted literal, or either
// after a field name ("the email bob@example.com", "the theme is 'light'",
// "the post whose author is typicode", "the post titled 'X'").
func (c *apiComposer) apiValue() (apiVal, bool) {
	s := c.i
	if v, ok := c.jvPair(); ok {
		return v, true
	}
	if v, ok := c.jvEmptyField(); ok {
		return v, true
	}
	if v, ok := c.jvApposition(); ok {
		return v, true
	}
	c.eat("the")
	c.eat("a")
	c.eat("an")
	// "the post whose author is typicode", "the task titled 'X'"
	if !c.end() && c.w[c.i].kind == tWord && fieldWordRE.MatchString(c.w[c.i].raw) && !apiNotField[c.w[c.i].low] && numberWords[c.w[c.i].low] == 0 && c.i+1 < len(c.w) {
		noun := c.w[c.i].low
		s2 := c.i
		c.i++
		c.eat(",")
		switch {
		case c.eat("whose") || c.eat("where") || c.eat("with"):
			c.eat("the")
			if v, ok := c.apiFieldValue(); ok {
				v.asserted = true
				v.notes = append(v.notes, fmt.Sprintf("%q describes the item that holds it; which item holds it is not checked.", noun))
				return v, true
			}
		case c.eat("titled") || c.eat("named") || c.eat("called"):
			field := map[string]string{"titled": "title", "named": "name", "called": "name"}[c.w[c.i-1].low]
			if v, ok := c.apiLiteral(false); ok {
				v = fieldPair(field, v)
				v.asserted = true
				v.notes = append(v.notes, fmt.Sprintf("%q describes the item that holds it; which item holds it is not checked.", noun))
				return v, true
			}
		}
		c.i = s2
		if v, ok := c.apiFieldValue(); ok {
			return v, true
		}
		c.i = s2
	}
	if v, ok := c.apiLiteral(false); ok {
		// "the 'Fix the login bug' task": a noun that says what it is
		if !c.end() && c.w[c.i].kind == tWord && (valueNouns[c.w[c.i].low] ||
			c.w[c.i-1].kind != tLit && strings.Contains(v.text, " ") && c.pathNoun(c.w[c.i].raw) && (c.i+1 == len(c.w) || c.w[c.i+1].kind == tPunct)) {
			noun := c.w[c.i].low
			c.i++
			c.eat("notes")
			v.notes = append(v.notes, fmt.Sprintf("%q describes the text; only the text is checked.", noun))
		}
		return v, true
	}
	c.i = s
	return apiVal{}, false
}

// apiFieldValue reads FIELD [is|=|:|of|says] VALUE.
func (c *apiComposer) apiFieldValue() (apiVal, bool) {
	s := c.i
	if c.end() || c.w[c.i].kind != tWord || !fieldWordRE.MatchString(c.w[c.i].raw) || apiNotField[c.w[c.i].low] || numberWords[c.w[c.i].low] > 0 {
		return apiVal{}, false
	}
	field := c.w[c.i].raw
	c.i++
	copula := c.eat("is") || c.eat("are") || c.eat("=") || c.eat(":") || c.eat("of") || c.eat("says") || c.eat("say") || c.eat("set", "to") || c.eat("equals") || c.eat("as")
	v, ok := c.apiLiteral(copula)
	if ok && c.w[c.i-2].low == "of" && (collectionWords[strings.ToLower(field)] || v.bare && !v.name && !jsonScalar(v.text) && !(c.w[c.i-1].kind == tNumber)) {
		// "a list of users", "an array of tasks": what the response is,
		// not a field "list" whose value is "users"; "a price of 12",
		// "a title of 'X'" name a field's value
		ok = false
	}
	if ok && !copula && v.bare && v.name {
		// "the dish Salt and Pepper": where an unquoted name ends is
		// not said
		ok = false
	}
	if ok && !copula && c.itemNoun(field) {
		// "returns tasks 1 and 3", "with order 12" on /orders/12: a
		// number after a plural or the collection's own noun with no
		// "is" names items (ids or positions), not a field's value; and
		// "returns the task 'Fix the bug'" names the item by its text
		ok = false
	}
	if !ok {
		c.i = s
		return apiVal{}, false
	}
	v = fieldPair(field, v)
	v.asserted = copula
	return v, true
}

// valueNouns say what an unquoted value names ("the 'X' task").
var valueNouns = map[string]bool{"task": true, "record": true, "user": true, "release": true, "post": true, "item": true, "entry": true}

// pathNoun reports whether a word is the collection one of the claim's
// paths names, singular or plural ("task" on /tasks?title=x).
func (c *apiComposer) pathNoun(word string) bool {
	w := strings.ToLower(word)
	for _, t := range c.w {
		if t.kind != tPath {
			continue
		}
		for _, seg := range strings.Split(strings.SplitN(t.raw, "?", 2)[0], "/") {
			seg = strings.ToLower(seg)
			if seg != "" && (seg == w || seg == w+"s" || seg == w+"es") {
				return true
			}
		}
	}
	return false
}

// itemNoun reports whether a word before a number names items rather than
// a field: a plural ("tasks 1 and 3") or a collection of one of the
// claim's paths, singular or plural ("order 12" on /orders/12).
func (c *apiComposer) itemNoun(word string) bool {
	w := strings.ToLower(word)
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") || c.pathNoun(w)
}

// fieldPair binds a value to its field as a JSON response prints it
// ("title": "X", "done": false), so a value held by another field, or a
// longer value, does not match.
func fieldPair(field string, v apiVal) apiVal {
	v.field, v.value = field, v.text
	if v.bare && !v.isString && versionFields[strings.ToLower(field)] && !jsonScalar(v.text) {
		// "version 2.1": a version is written as a text, never the
		// number 2.1
		v.isString = true
	}
	val := strconv.Quote(v.text)
	if v.bare && !v.isString {
		val = v.text
	}
	v.text = fmt.Sprintf("%q: %s", field, val)
	v.notes = append(v.notes, fmt.Sprintf("The field and its value are looked for as %s, as json-server and most pretty-printed JSON show them, or compact (%q:%s).", v.text, field, val))
	return v
}

// apiLiteral reads a quoted text or an unquoted literal. anyWord: one
// unquoted word is a value too (after a field and "is").
func (c *apiComposer) apiLiteral(anyWord bool) (apiVal, bool) {
	s := c.i
	v, bare, ok := c.apiLiteralRaw(anyWord)
	if !ok {
		return apiVal{}, false
	}
	if f := strings.Fields(strings.ToLower(v)); bare && len(f) > 1 && imageNouns[f[len(f)-1]] {
		// "/ has a GitHub icon": an image, not the text "GitHub icon"
		c.i = s
		return apiVal{}, false
	}
	out := apiVal{text: v}
	if bare && c.i > 0 && capName(c.w[c.i-1]) || bare && c.i-s > 1 && capName(c.w[s]) {
		// a name in capitals, or in sentence case ("Fix the login bug")
		out.name = true
	}
	if bare {
		out.bare = true
		// "price 9.99", "-3", "20000": a JSON number, however written
		out.isString = !jsonScalar(v) && !jsonNumberRE.MatchString(v)
		out.notes = []string{fmt.Sprintf("Unquoted %q is taken as the literal value; put texts in quotes to mark where they start and end.", v)}
	} else {
		out.isString = true
	}
	return out, true
}

func (c *apiComposer) apiLiteralRaw(anyWord bool) (string, bool, bool) {
	if c.end() {
		return "", false, false
	}
	w := c.w[c.i]
	switch w.kind {
	case tLit:
		if w.raw == "" {
			return "", false, false
		}
		c.i++
		return w.raw, false, true
	case tEmail:
		c.i++
		return w.raw, true, true
	case tNumber:
		// a number before a noun is a count ("two tasks", "3 users")
		if c.i+1 < len(c.w) && c.w[c.i+1].kind == tWord && !apiAfterValue[c.w[c.i+1].low] {
			return "", false, false
		}
		c.i++
		return w.raw, true, true
	case tWord:
		if versionRE.MatchString(w.raw) {
			c.i++
			return w.raw, true, true
		}
		if jsonScalar(w.low) && w.raw == w.low {
			c.i++
			return w.raw, true, true
		}
		if anyWord && literalWordRE.MatchString(w.raw) && !apiNotField[w.low] && numberWords[w.low] == 0 && !apiAfterValue[w.low] {
			c.i++
			return w.raw, true, true
		}
		if c.i > 0 {
			if v, k, ok := c.sentenceName(); ok {
				c.i = k
				return v, true, true
			}
		}
		// a capitalised name: "Bob Stone", "Ann Lee"
		var ws []string
		k := c.i
		for k < len(c.w) && len(ws) < 3 && c.w[k].kind == tWord && capName(c.w[k]) {
			ws = append(ws, c.w[k].raw)
			k++
		}
		if len(ws) > 0 && k < len(c.w) && c.w[k].kind == tNumber && (k+1 == len(c.w) || apiAfterValue[c.w[k+1].low]) {
			// "Warehouse 7", "Room 101": a number that ends the name is
			// part of it; one before a noun ("Ann 2 tasks") is not
			ws = append(ws, c.w[k].raw)
			k++
		}
		if len(ws) > 0 && c.i > 0 {
			c.i = k
			return strings.Join(ws, " "), true, true
		}
	}
	return "", false, false
}

// apiAfterValue are words that may follow a value: connectors, not nouns.
var apiAfterValue = map[string]bool{"and": true, "but": true, "not": true, "or": true, "nor": true,
	"too": true, "as": true, "in": true, "on": true, "for": true, "ok": true, "with": true}

var (
	versionRE     = lazyRE(`^v?\d+(\.\d+){1,3}$`)
	literalWordRE = lazyRE(`^[A-Za-z0-9][A-Za-z0-9_.@+-]*$`)
)

// jsonNumberRE is a JSON number as written.
var jsonNumberRE = lazyRE(`^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$`)

// versionFields hold versions, codes and names, whose "2.1" is a text.
var versionFields = map[string]bool{"version": true, "ver": true, "release": true, "tag": true, "build": true,
	"semver": true, "name": true, "title": true, "sku": true, "code": true, "zip": true, "postcode": true,
	"phone": true, "label": true, "number": true}

// jsonScalar reports whether a value is a JSON number, boolean or null.
func jsonScalar(v string) bool {
	switch v {
	case "true", "false", "null":
		return true
	}
	if _, ok := number(v); ok {
		return true
	}
	return false
}

// capName reports whether a word is part of a capitalised name: upper
// case first, then letters, and no word the claim language reads.
func capName(w cw) bool {
	r := []rune(w.raw)
	if len(r) < 2 || !unicode.IsUpper(r[0]) {
		return false
	}
	for _, x := range r[1:] {
		if !unicode.IsLetter(x) {
			return false
		}
	}
	switch w.low {
	case "get", "post", "put", "patch", "delete", "json", "api", "http", "ok", "not", "and", "but", "the":
		return false
	}
	return true
}

// apiMayRead reads, as a claim about what a path answers, a claim the rules
// refused for a reason other than not reading it: a word they take as a
// judgement or out of reach ("like /tasks/10", "returns JSON"), or a
// description they cannot pin ("the post titled 'X'"), which the API
// reader's stricter grammar reads or refuses in turn.
func apiMayRead(r *refusal, lx *lexed) ([]item, *refusal, bool) {
	switch r.cause {
	case "unsupported", "vague", "out_of_reach", "ambiguous", "no_check":
		return apiRead(lx)
	}
	return nil, nil, false
}

// apiRetry reads, as a claim about what a path answers, a claim whose
// derivation by the other readers the guard refused ("/tasks/1 has done
// false" read as the text "done false"); the API reader's derivation must
// pass the guard in turn.
func apiRetry(full string, lx *lexed, text string) (Derivation, *refusal, bool) {
	items, ar, ok := apiRead(lx)
	if !ok {
		return Derivation{}, ar, false
	}
	a := &assembly{lx: lx}
	scens, r := a.scenarios(items)
	if r != nil {
		return Derivation{}, nil, false
	}
	pl, r := a.build(text, scens)
	if r != nil {
		return Derivation{}, nil, false
	}
	d, err := Trace(full, pl, a.notes)
	if err != nil || guard(lx, d) != nil {
		return Derivation{}, nil, false
	}
	return d, nil, true
}

// pairGuard refuses a plan that looks for a pair's field name as a text
// of its own: "says 'version': '2.0'" is a field and its value, and two
// texts found anywhere apart would pass where version is 1.0 and 2.0 is
// elsewhere. The API reader reads the pair (retry); where it cannot, the
// claim is refused with both readings.
func pairGuard(lx *lexed, d Derivation) *refusal {
	ws := composeWords(lx)
	var field, val string
	for i := 0; i+2 < len(ws); i++ {
		if ws[i].kind == tLit && ws[i+1].raw == ":" && (ws[i+2].kind == tLit || ws[i+2].kind == tNumber || ws[i+2].kind == tWord && jsonScalar(ws[i+2].low)) {
			field, val = ws[i].raw, ws[i+2].raw
			break
		}
	}
	if field == "" {
		return nil
	}
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Value == field {
				r := &refusal{cause: "ambiguous", retry: true, only: true,
					reason: fmt.Sprintf("%s: %s is a field and its value (or a label and its text), not two texts found anywhere apart: say \"GET /x returns '%s': '%s'\" for a JSON response's field, or quote the text as the page shows it (\"shows '%s: %s'\")", plan.Quote(field), plan.Quote(val), field, val, field, val)}
				for _, t := range lx.toks {
					if t.kind == tPath {
						r.suggest = []string{fmt.Sprintf("%s shows '%s: %s'", t.raw, field, val)}
						if fieldWordRE.MatchString(field) {
							r.suggest = append([]string{fmt.Sprintf("GET %s returns \"%s\": %s", t.raw, field, strconv.Quote(val))}, r.suggest...)
						}
						break
					}
				}
				return r
			}
		}
	}
	return nil
}

// apiGuard refuses derivations that read a claim about an endpoint as
// something else, offering the readings the claim may mean:
//
//   - "the users endpoint returns 'Ann Lee'" reached by clicking a link
//     "users" on the home page: an endpoint is no link to click, and its
//     path is not in the claim (offered as /users, labelled a guess);
//   - "/tasks/1 has the title 'X'" read as the document's title, where the
//     path is a record's (a number last) or the claim says it is an API:
//     the title may be the record's field (both are offered);
//   - "/releases/1 shows version 2.1.1" read as the text "version 2.1.1":
//     a field and its value, or that text (both are offered).
func apiGuard(lx *lexed, d Derivation) *refusal {
	if d.Plan == nil {
		return nil
	}
	claim := normalizeClaim(stripLabel(d.Claim))
	for _, n := range d.Notes {
		phrase, ok := firstQuoted(n)
		if !ok || !strings.Contains(n, " is reached as a person would: by clicking the link ") {
			continue
		}
		lp := strings.ToLower(phrase)
		if !strings.Contains(lp, "endpoint") && !strings.Contains(lp, "api") && !strings.Contains(lp, "route") && !strings.Contains(lp, "resource") {
			continue
		}
		link := strings.TrimSuffix(n[strings.Index(n, "clicking the link ")+len("clicking the link "):], " on the home page (/); no path is guessed.")
		link, _ = strconv.Unquote(link)
		var ws []string
		for _, w := range strings.Fields(link) {
			if lw := strings.ToLower(w); lw != "api" && lw != "endpoint" && lw != "route" && lw != "resource" {
				ws = append(ws, w)
			}
		}
		link = strings.Join(ws, " ")
		r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%q names an endpoint, not a link to click, and its path is not in the claim: name the path (\"/%s returns …\")", phrase, slug(link))}
		if i := strings.Index(claim, phrase); i >= 0 && slug(link) != "" {
			r.suggest = []string{claim[:i] + "/" + slug(link) + claim[i+len(phrase):]}
		}
		return r
	}
	if r := shapeRefusal(lx); r != nil {
		// "has content type application/json" read as a text
		quoted := map[string]bool{}
		for _, l := range lx.lits {
			quoted[l] = true
		}
		for _, j := range d.Plan.Journeys {
			for _, st := range j.Steps {
				lv := strings.ToLower(st.Value)
				if (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && !quoted[st.Value] && (strings.Contains(lv, "json") || strings.Contains(lv, "content")) {
					return r
				}
			}
		}
	}
	if r := pairGuard(lx, d); r != nil {
		return r
	}
	if r := describedField(lx, d); r != nil {
		return r
	}
	var path string
	record := false
	api := false
	for _, t := range lx.toks {
		switch {
		case t.kind == tPath && path == "":
			path = t.raw
			segs := strings.Split(strings.Trim(strings.SplitN(t.raw, "?", 2)[0], "/"), "/")
			if _, n := number(segs[len(segs)-1]); n && len(segs) > 1 {
				record = true
			}
			if segs[0] == "api" || strings.HasSuffix(segs[len(segs)-1], ".json") {
				api = true
			}
		case t.kind == tWord && (t.low == "endpoint" || t.low == "api" || t.low == "json" || t.raw == "GET"):
			api = true
		}
	}
	if path == "" {
		return nil
	}
	quoted := map[string]bool{}
	for _, l := range lx.lits {
		quoted[l] = true
	}
	lc := strings.ToLower(claim)
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			switch {
			case api && s.Kind == plan.ExpectCount && s.Target == "css="+contentItems && !strings.Contains(lc, "list item"):
				// "/api/tasks has 3 items": the items of a JSON list, or
				// the list items of a page
				return &refusal{cause: "ambiguous",
					reason: fmt.Sprintf("%s may answer JSON, whose items are no list items on a page: say which (\"%s returns %d items\" counts the JSON response's items, \"%s has %d list items\" the page's)", path, path, s.Count, path, s.Count),
					suggest: []string{
						fmt.Sprintf("%s returns %d items", path, s.Count),
						fmt.Sprintf("%s has %d list items", path, s.Count),
					}}
			case s.Kind == plan.ExpectTitle && (record || api) && !strings.Contains(lc, "page title") && !strings.Contains(lc, "tab") &&
				!strings.Contains(lc, "browser") && !strings.Contains(lc, "document") && !strings.Contains(lc, "window") && !reTitleOfPage.MatchString(lc):
				// "GET /tasks/1 has the title 'X'": the method says the
				// response is read, which has no page title; the API
				// reader reads the field of a record (retry)
				return &refusal{cause: "ambiguous", retry: record && getSaid(lx),
					reason: fmt.Sprintf("%s answers a record, whose \"title\" may be a field of the response rather than the page's title: say which (\"%s shows '\\\"title\\\": \\\"%s\\\"'\", or \"the page title of %s is '%s'\")", path, path, s.Value, path, s.Value),
					suggest: []string{
						fmt.Sprintf("%s shows '\"title\": \"%s\"'", path, s.Value),
						fmt.Sprintf("The title of %s is '%s'", path, s.Value),
					}}
			case (record || api) && (s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectHidden) && formFieldTarget(s.Target) != "" && !formSaid(lc):
				// "/tasks/1 doesn't have a 'secret' field": a key of the
				// record, which no form field would show
				name := formFieldTarget(s.Target)
				verb, has := "shows", "a"
				if s.Kind == plan.ExpectHidden {
					verb, has = "does not show", "no"
				}
				return &refusal{cause: "ambiguous",
					reason:  fmt.Sprintf("%s answers a record, whose %q field may be a key of the response rather than a form field: say which (\"%s %s '\\\"%s\\\":'\", or \"%s has %s field labelled '%s'\")", path, name, path, verb, name, path, has, name),
					suggest: []string{fmt.Sprintf("%s %s '\"%s\":'", path, verb, name), fmt.Sprintf("%s has %s field labelled '%s'", path, has, name)}}
			case (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && !quoted[s.Value]:
				fs := strings.Fields(s.Value)
				if len(fs) != 2 || !fieldWordRE.MatchString(fs[0]) || apiNotField[fs[0]] || headNouns[fs[0]] != "" {
					continue
				}
				v := fs[1]
				if !versionRE.MatchString(v) && !jsonScalar(v) && !strings.Contains(v, "@") {
					continue
				}
				if v == "true" || v == "false" || v == "null" {
					// "has enabled true" is no text a page shows: the
					// guard refuses it, and the API reader reads the field
					continue
				}
				val := strconv.Quote(v)
				if jsonScalar(v) {
					val = v
				}
				pair := fmt.Sprintf("%q: %s", fs[0], val)
				verb := "shows"
				if s.Kind == plan.ExpectNoText {
					verb = "does not show"
				}
				return &refusal{cause: "ambiguous", retry: api,
					reason: fmt.Sprintf("the unquoted %q reads either as a text the page shows or as the field %q of a JSON response with the value %s: quote the one meant", s.Value, fs[0], val),
					suggest: []string{
						fmt.Sprintf("%s %s '%s'", path, verb, pair),
						fmt.Sprintf("%s %s '%s'", path, verb, s.Value),
					}}
			}
		}
	}
	return nil
}

// formSaid reports whether a claim says its field is a form's.
func formSaid(lc string) bool {
	for _, w := range []string{"labelled", "labeled", "placeholder", "form", "input", "text box", "textbox"} {
		if strings.Contains(lc, w) {
			return true
		}
	}
	return false
}

// formFieldTarget returns the name of a form field a target finds by its
// label or placeholder, or "".
func formFieldTarget(target string) string {
	t, err := plan.ParseTarget(target)
	if err != nil || t.Kind != plan.ByLabel && t.Kind != plan.ByPlaceholder {
		return ""
	}
	return t.Value
}

// notFieldDesc are words that describe a quoted text without naming a
// field of a response: "the 'theme' key", "the value 'x'".
var notFieldDesc = map[string]bool{"key": true, "keys": true, "field": true, "fields": true, "parameter": true,
	"parameters": true, "property": true, "properties": true, "value": true, "values": true, "text": true,
	"texts": true, "string": true, "strings": true, "word": true, "message": true, "entry": true, "entries": true,
	"item": true, "items": true, "record": true, "records": true, "label": true, "phrase": true}

// describedField refuses, for the API reader to read again, a claim about
// a JSON response whose quoted value a field's name was set aside as
// describing: "/api/users/1 returns the role 'admin'" looked for "admin"
// anywhere in the response, which holds it in another field as well.
func describedField(lx *lexed, d Derivation) *refusal {
	if !saysJSON(lx) {
		return nil
	}
	for _, n := range d.Notes {
		if !strings.Contains(n, " describes the quoted text") {
			continue
		}
		desc, _ := firstQuoted(n)
		if desc == "status" {
			if r := statusWordRefusal(lx, d); r != nil {
				return r
			}
		}
		if httpMetaFields[desc] {
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("the %s is part of the HTTP response outside its body: a plan reads what the response shows, its JSON and its status, not its headers or cookies", desc)}
		}
		if !fieldWordRE.MatchString(desc) || apiNotField[desc] || notFieldDesc[desc] {
			continue
		}
		return &refusal{cause: "ambiguous", retry: true,
			reason: fmt.Sprintf("%q may name the field of the JSON response that holds the quoted value, or only describe it: say \"the %s is '…'\" to check that field", desc, desc)}
	}
	return nil
}

// statusWordRefusal refuses "/api/health has status 'ok'": the HTTP
// status ("200 OK") or a field "status" of the response, offering both.
func statusWordRefusal(lx *lexed, d Derivation) *refusal {
	path, val := "", ""
	for _, t := range lx.toks {
		if t.kind == tPath {
			path = t.raw
			break
		}
	}
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			if s.Kind == plan.ExpectText && val == "" {
				val = s.Value
			}
		}
	}
	if path == "" || val == "" {
		return nil
	}
	if _, n := number(val); n {
		return nil
	}
	return &refusal{cause: "ambiguous", only: true,
		reason: fmt.Sprintf("\"status\" with the value %s may be the HTTP status line (200 OK) or a field \"status\" of the JSON response: say which", quoteLit(val)),
		suggest: []string{
			fmt.Sprintf("GET %s returns %s", path, strconv.Quote("status")+": "+strconv.Quote(val)),
			fmt.Sprintf("%s returns 200", path),
		}}
}

// unsureRefusal refuses a claim that says a field holds a value without
// saying the path answers JSON, offering both readings: the pair as a
// JSON response prints it, and the value as a text.
func (c *apiComposer) unsureRefusal() *refusal {
	v := c.unsure[0]
	path := ""
	for _, it := range c.items {
		if it.kind == iPage {
			path = it.page.path
			break
		}
	}
	r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%q with the value %q may be a field of a JSON response or a text the page shows: start with \"GET\" (\"GET /path …\") if the path answers JSON, or quote what the page shows", v.field, v.value)}
	if path != "" && c.rest < len(c.w) {
		// the claim said of the path as JSON, then the value as a text
		r.suggest = []string{
			"GET " + path + " " + c.p.lx.span(c.w[c.rest].a, c.w[len(c.w)-1].b),
			fmt.Sprintf("%s shows '%s'", path, v.value),
		}
	}
	return r
}

// typedRefusal refuses a quoted value that a JSON response may hold as a
// number, boolean or null, or as a text ("the id is '2'": 2 or "2"),
// offering both as the text the response shows.
func (c *apiComposer) typedRefusal() *refusal {
	v := c.typed[0]
	path := c.apiVisited()
	r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%q quoted may be the JSON value %s or the text %q in the field %q: write it unquoted for the value (\"%s %s\"), or say the text the response shows", v.value, v.value, v.value, v.field, v.field, v.value)}
	if path != "" {
		r.suggest = []string{
			fmt.Sprintf("GET %s shows '\"%s\": %s'", path, v.field, v.value),
			fmt.Sprintf("GET %s shows '\"%s\": \"%s\"'", path, v.field, v.value),
		}
	}
	return r
}

// orRefusal is a, when the API reader refused with its own reason, else b.
func orRefusal(a, b *refusal) *refusal {
	if a != nil {
		return a
	}
	return b
}

// apiQuoted reads quoted texts said after a status with the verb left out
// ("answers 404 and 'Not found'"): what the response shows.
func (c *apiComposer) apiQuoted() bool {
	vals := c.lits()
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		c.emit(check("presence", plan.Step{Kind: plan.ExpectText, Value: v}))
	}
	return true
}

// wordNumber reads a number written in digits or words ("2", "two").
func wordNumber(w string) (int, bool) {
	if n, ok := number(w); ok {
		return n, true
	}
	if n := numberWords[w]; n > 0 {
		return n, true
	}
	return 0, false
}

// apiAbsent reads "there is no projects collection:" before the path that
// shows it: the claim's point, which the 404 the claim names checks.
func (c *apiComposer) apiAbsent() bool {
	s := c.i
	if !(c.eat("there", "is", "no") || c.eat("there's", "no") || c.eat("there", "are", "no")) {
		return false
	}
	for k := 0; k < 3 && !c.end() && c.w[c.i].kind == tWord; k++ {
		c.i++
		if c.at(":") || c.at(",") {
			break
		}
	}
	head := c.w[c.i-1].low
	if head != "collection" && head != "resource" && head != "endpoint" && head != "route" && head != "table" || !(c.eat(":") || c.eat(",")) {
		c.i = s
		return false
	}
	c.notes = append(c.notes, fmt.Sprintf("%q is checked by the status the claim names for the path.", c.p.lx.span(c.w[s].a, c.w[c.i-2].b)))
	return true
}

// shapeRefusal refuses a claim about the kind of a response — "returns a
// JSON array", "responds with JSON", "has content type application/json" —
// with why: no step reads a response's type or shape, only its text and
// status. The status of its path is offered, labelled as checking less.
func shapeRefusal(lx *lexed) *refusal {
	path := ""
	shape := false
	for i, t := range lx.toks {
		if t.kind == tPath && path == "" {
			path = t.raw
		}
		if t.kind == tWord && (t.low == "content-type" || t.low == "content type" || t.low == "application/json") {
			shape = true
		}
		if t.kind == tWord && t.low == "json" {
			// "a JSON array", "returns JSON"; not "the JSON at /x" (the
			// response) nor "an empty JSON array" (its text)
			prev, next := "", ""
			if i > 0 {
				prev = lx.toks[i-1].low
			}
			if i+1 < len(lx.toks) {
				next = lx.toks[i+1].low
			}
			switch {
			case prev == "empty":
			case next == "array" || next == "list" || next == "object" || next == "document" || next == "body":
				shape = true
			case prev == "returns" || prev == "return" || prev == "with" || prev == "is" || prev == "valid" || prev == "serves" || prev == "gives" || prev == "answers":
				shape = true
			}
		}
		if t.kind == tPath && strings.HasSuffix(t.raw, "/json") && i > 0 && lx.toks[i-1].low == "application" {
			shape = true
		}
	}
	if !shape || path == "" {
		return nil
	}
	r := &refusal{cause: "unsupported", reason: "vouch cannot check the type or shape of a response (JSON, an array, a content type): a plan reads what the page shows and its status; name a value it holds (\"GET /items shows 'Lamp'\") or its status"}
	r.suggest = []string{path + " returns 200"}
	return r
}

// countPageLost reports whether a count reading would be said of the start
// page while the claim counts on another page it names by words — "the
// posts endpoint lists 2 posts", "the Releases page lists 2 releases" —
// which the reading would never open.
func countPageLost(lx *lexed, page string) bool {
	lp := strings.ToLower(page)
	if lp != "the home page" && lp != "the page" && lp != "the app" {
		return false
	}
	for i, t := range lx.toks {
		if t.kind != tWord {
			continue
		}
		switch t.low {
		case "endpoint", "screen", "view", "route", "resource", "collection":
			return true
		case "page", "pages":
			prev := ""
			if i > 0 {
				prev = lx.toks[i-1].low
			}
			if prev != "home" && prev != "landing" && prev != "start" && prev != "main" && prev != "front" && prev != "the" && prev != "this" {
				return true
			}
		}
	}
	return false
}

// sentenceInner are words a sentence-case name never holds: they go on
// with the claim ("Bob first", "Ann Lee too", "Fix the bug with its id").
var sentenceInner = map[string]bool{"with": true, "without": true, "for": true, "as": true, "by": true,
	"from": true, "because": true, "since": true, "so": true, "only": true, "too": true, "also": true,
	"first": true, "last": true, "then": true, "and": true, "but": true, "or": true, "nor": true,
	"not": true, "is": true, "are": true, "was": true, "has": true, "have": true, "again": true,
	"still": true, "now": true, "instead": true, "either": true, "both": true, "before": true,
	"after": true, "when": true, "while": true, "which": true, "that": true, "who": true,
	"whose": true, "where": true, "if": true, "unless": true, "until": true, "nothing": true,
	"nobody": true, "else": true, "alone": true, "each": true, "every": true, "all": true,
	"any": true, "no": true, "in": true, "on": true, "at": true}

// textKindWords name a kind of text before its words ("the message No
// plans found").
var textKindWords = map[string]bool{"message": true, "error": true, "text": true, "notice": true,
	"label": true, "warning": true, "banner": true, "title": true, "heading": true, "caption": true,
	"hint": true, "toast": true, "alert": true, "prompt": true}

// sentenceName reads a value written in sentence case at c.i: a
// capitalised word, then up to five lower-case words ("Update
// dependencies", "Write the release notes"), ending where the claim
// plainly ends the value: at the claim's end, a comma or a full stop, or
// "and", "or", "but" or "but not" before the next capitalised value. Anywhere else the words
// after the capital may go on with the sentence, so no such name is read.
func (c *apiComposer) sentenceName() (string, int, bool) {
	if !capName(c.w[c.i]) || c.w[c.i-1].raw == ":" || textKindWords[c.w[c.i-1].low] {
		// after a colon, the colon's reader (jsonvals.go) reads the
		// value; after "the message", the frames' reader (frames.go)
		return "", 0, false
	}
	ws := []string{c.w[c.i].raw}
	k := c.i + 1
	for k < len(c.w) && len(ws) < 6 {
		w := c.w[k]
		if w.kind != tWord || w.raw != w.low || sentenceInner[w.low] || !literalWordRE.MatchString(w.raw) ||
			stateParticiples[w.low] || clauseGoesOn[w.low] || orderWords[w.low] || besideWords[w.low] || w.aside ||
			w.low == "next" && k+1 < len(c.w) && c.w[k+1].low == "to" ||
			particleFirst[w.low] && (k+1 == len(c.w) || c.w[k+1].kind == tPunct) {
			// ("gives you Write the notes back": the verb's particle)
			break
		}
		ws = append(ws, w.raw)
		k++
	}
	if n := len(ws); n > 2 && c.w[c.i-1].low == "the" && (c.pathNoun(ws[n-1]) || valueNouns[ws[n-1]]) {
		// "returns the Update dependencies task": the noun says what the
		// value names (apiValue notes it)
		ws, k = ws[:n-1], k-1
	}
	if len(ws) < 2 {
		return "", 0, false
	}
	switch {
	case k == len(c.w):
	case (valueNouns[c.w[k].low] || c.pathNoun(c.w[k].raw)) && c.w[c.i-1].low == "the":
		// "the Desk lamp order" on /orders: the noun ends the name
	case c.w[k].kind == tPunct && (c.w[k].raw == "," || c.w[k].raw == "." || c.w[k].raw == ";"):
	case (c.w[k].low == "and" || c.w[k].low == "or" || c.w[k].low == "but") && k+1 < len(c.w) && capName(c.w[k+1]):
	case c.w[k].low == "but" && k+2 < len(c.w) && c.w[k+1].low == "not" && capName(c.w[k+2]):
	case (c.w[k].low == "first" || c.w[k].low == "last") && (k+1 == len(c.w) || c.w[k+1].kind == tPunct || c.w[k+1].low == "and"):
		// "all 3 tasks, Write the release notes first": its place
	default:
		return "", 0, false
	}
	v := strings.Join(ws, " ")
	if qualifierTail(v) != "" {
		// "Pay rent twice", "Pay rent in the list"
		return "", 0, false
	}
	return v, k, true
}

// collectionWords say what a response is made of ("a list of users"),
// never a field before "of".
var collectionWords = map[string]bool{"list": true, "array": true, "collection": true, "set": true, "page": true,
	"bunch": true, "number": true, "count": true, "lot": true, "lots": true, "couple": true, "pair": true,
	"total": true, "series": true, "stream": true, "group": true, "batch": true, "map": true, "object": true, "dictionary": true}

// reTitleOfPage is "the title of /p" or "of the page": the page's own
// title, whatever the path answers ("has a title of 'X'" is not).
var reTitleOfPage = lazyRE(`title of\s+(?:the\s+)?(?:/|page|tab|site|document)`)

// getSaid reports whether the claim names the method GET, as written.
func getSaid(lx *lexed) bool {
	for _, t := range lx.toks {
		if t.kind == tWord && t.raw == "GET" {
			return true
		}
	}
	return false
}
