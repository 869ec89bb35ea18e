package claim

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/vouchdev/vouch/plan"
)

// The claim parser reads a claim's shape (its lower-cased tokens) from left
// to right with an ordered list of rules. Each rule is an anchored regexp
// plus a handler that turns the match into items: a page, an action, a
// check, a connector. A rule whose last group is unquoted text may end that
// text at any stop word; the parser tries the shortest reading first and
// backtracks to longer ones when the rest of the claim does not parse, so
// "shows Welcome and has a link" and "shows Welcome on board" both read
// right. A budget bounds the search, so any input parses in bounded time.

// parseBudget bounds the rule attempts for one claim, and parseWork the
// bytes their regexps read; a claim that needs more is refused.
const (
	parseBudget = 6000
	parseWork   = 4 << 20
)

type itemKind uint8

const (
	iConn    itemKind = iota // and, then, a comma
	iCond                    // after, when, if: the actions that follow come first
	iPage                    // a page: the subject, the context or a visit
	iSubject                 // it, I, the footer: the page in front of the user
	iAction                  // click, fill, press, sign in, ...
	iCheck                   // an assertion
	iCred                    // the credentials of the sign-in before it
	iReload                  // visit the current page again
	iNoop                    // words that need no step (scrolling, "while signed out")
)

type ruleClass uint8

const (
	cConn ruleClass = iota
	cCtx
	cSubj
	cAction
	cCheck
	cCont
	cNoop
)

type contKind uint8

const (
	contNone contKind = iota
	contText
	contElement
	contAdd
	contFill
	contWith
	contClick
)

// item is one meaningful piece of a claim, in claim order.
type item struct {
	kind     itemKind
	seq      bool // iConn: "then", "after that"
	page     pageRef
	visit    bool        // iPage: "visiting /x", not "/x shows"
	steps    []plan.Step // iAction, iCheck
	rkind    string      // the requirement kind this item suggests
	desc     string      // how a requirement text says it; empty: from the steps
	notes    []string
	cont     contKind
	neg      bool
	deferred *plan.Step // iAction: a submit click that later form fills go before
	// impliedSubmit: deferred is said by "filling in the form (with …)",
	// so a "submitting it" after it is the same submit, not a second
	impliedSubmit   bool
	fillish         bool        // iAction: fill, select, check or uncheck
	click           string      // iAction: a click on a bare text, resolved by context
	region          string      // iSubject
	regionKey       string      // iSubject: the region noun ("footer")
	regionName      string      // iSubject: the text a part is called by ("the 'Pro' plan")
	postfix         bool        // iAction: said as a condition after the check ("… when signed in")
	pastAction      bool        // iPage: named after a check, and moved before an action it followed
	secret          string      // iCred: the password secret
	emailSec        string      // iCred: the secret holding the user name, if any
	signin          bool        // iAction: a sign-in
	subject         bool        // iPage: the subject of the checks that follow
	addTgt          string      // iAction: the field an "add" types into
	addVal          string      // iAction: the text an "add" typed
	replacePassword bool        // iAction: a made-up password replacing a sign-in's secret
	beforeClick     bool        // iAction: a fill said after the click it precedes
	hideClicked     bool        // iCheck: "hides it" after a click
	clickExact      bool        // iAction: the click's text was quoted or capitalised: match it whole
	formClick       bool        // iNoop: the click before it submits a form ("with an empty form")
	from, to        int         // where in the shape the item was read
	remember        string      // iCheck: a target counted before the journey's actions, to compare with
	pre             []plan.Step // iCheck: what must hold before the last action ("disappears": it was there)
	preGone         bool        // pre finds what goes away: it goes before the action trailing reloads follow
}

type rule struct {
	name  string
	class ruleClass
	re    *lazyRegexp
	tail  bool // the last group is text that may end at a stop word
	fn    func(m *match) ([]item, bool)
}

type hint struct {
	cause   string
	reason  string
	suggest []string
	at      int
}

type parser struct {
	lx     *lexed
	budget int
	far    int // the furthest shape offset any reading reached
	hint   *hint
	work   int // bytes the rules' regexps have read
	// memo holds each rule's match at each offset: a rule matches the
	// same text the same way whatever was read before, and backtracking
	// asks again.
	memo map[int][]int
}

// find returns rule ri's match at shape offset pos (absolute offsets), or
// nil, computing it once.
func (p *parser) find(ri, pos int, rest string) ([]int, bool) {
	key := pos*len(rules) + ri
	if loc, ok := p.memo[key]; ok {
		return loc, true
	}
	// Bound the text the regexps read in all: attempts alone do not bound
	// time when each reads a long claim.
	if p.work += len(rest); p.work > parseWork {
		p.budget = -1
		return nil, false
	}
	loc := rules[ri].re.FindStringSubmatchIndex(rest)
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += pos
		}
	}
	if p.memo == nil {
		p.memo = map[int][]int{}
	}
	p.memo[key] = loc
	return loc, true
}

type pstate struct {
	last      *item // the last item that was not a connector
	afterConn bool
	start     bool  // nothing read yet
	acted     bool  // an action came before
	actions   int   // how many actions came before
	region    *item // the part of the page the claim's subject names ("the nav on /x")
	subjPage  *item // the page the claim's checks are about, until an action
	condLast  bool  // the last item read is a condition word ("once", "when")
	seqConn   bool  // a connector since the last item said "then"
}

// match is one rule's match, with group offsets absolute in the shape.
type match struct {
	p        *parser
	loc      []int
	st       pstate
	start    int
	end      int
	consumed int // set by a handler that reads less than it matched
}

func (m *match) ok(i int) bool           { return 2*i < len(m.loc) && m.loc[2*i] >= 0 }
func (m *match) low(i int) string        { return m.p.lx.shape[m.loc[2*i]:m.loc[2*i+1]] }
func (m *match) bounds(i int) (int, int) { return m.loc[2*i], m.loc[2*i+1] }

func (p *parser) setHint(cause, reason string, at int, suggest ...string) {
	if p.hint == nil || at > p.hint.at {
		p.hint = &hint{cause: cause, reason: reason, suggest: suggest, at: at}
	}
}

// parseClaim reads the whole shape, or reports failure.
func (p *parser) parseClaim() ([]item, bool) {
	rulesOnce.Do(buildRules)
	p.budget = parseBudget
	return p.parse(0, pstate{start: true})
}

func (p *parser) parse(pos int, st pstate) ([]item, bool) {
	shape := p.lx.shape
	for pos < len(shape) && shape[pos] == ' ' {
		pos++
	}
	if pos > p.far {
		p.far = pos
	}
	if pos >= len(shape) {
		// A subject with nothing said about it is not a claim.
		if l := st.last; l != nil && (l.kind == iSubject || l.kind == iPage && l.subject) {
			return nil, false
		}
		// "'Acme' appears on the home page once": a condition word with
		// nothing after it says how often, which no check reads.
		if st.condLast {
			return nil, false
		}
		return nil, true
	}
	rest := shape[pos:]
	for ri := range rules {
		r := &rules[ri]
		if !allowed(r.class, st) {
			continue
		}
		if p.budget--; p.budget < 0 {
			return nil, false
		}
		loc, ok := p.find(ri, pos, rest)
		if !ok {
			return nil, false
		}
		if loc == nil {
			continue
		}
		ends := []int{loc[1]}
		gEnd := loc[1]
		if gEnd > loc[0] && shape[gEnd-1] == ' ' {
			gEnd--
		}
		// The tail group is the last group that ends where the match does.
		last := 0
		if r.tail {
			for g := len(loc)/2 - 1; g > 0; g-- {
				if loc[2*g] >= 0 && loc[2*g+1] == gEnd {
					last = g
					break
				}
			}
			if last > 0 {
				ends = p.cuts(loc[2*last], loc[2*last+1])
			}
		}
		for _, end := range ends {
			l := append([]int(nil), loc...)
			l[1] = end
			if last > 0 && l[2*last+1] > end {
				l[2*last+1] = end
			}
			m := &match{p: p, loc: l, st: st, start: pos, end: end}
			items, ok := r.fn(m)
			if !ok || pageJoined(st, items, rest) || !pinToRegion(p, st, items, pos) || checkThenCheck(p, st, items, pos) {
				continue
			}
			if m.consumed > pos {
				end = m.consumed
			}
			for i := range items {
				if items[i].from == 0 && items[i].to == 0 {
					items[i].from, items[i].to = pos, end
				}
			}
			nst := next(st, items)
			restItems, ok := p.parse(end, nst)
			if ok {
				return append(items, restItems...), true
			}
			if p.budget < 0 {
				return nil, false
			}
		}
	}
	return nil, false
}

// cuts lists where unquoted text in shape[a:b] may end: before each stop
// word or punctuation mark, shortest first, and at b.
func (p *parser) cuts(a, b int) []int {
	var out []int
	from, to := p.lx.tokensIn(a, b)
	for i := from + 1; i < to; i++ {
		t := p.lx.toks[i]
		if t.kind == tPunct || stopWords[t.low] || t.kind == tLit {
			out = append(out, p.lx.ends[i-1])
		}
	}
	return append(out, b)
}

// allowed gates rules by what came before: after a subject only a check
// may follow; two checks or a check and an action need a connector between.
func allowed(c ruleClass, st pstate) bool {
	if c == cCont {
		return st.last != nil && st.afterConn && st.last.cont != contNone
	}
	if st.last == nil || st.afterConn {
		return true
	}
	switch st.last.kind {
	case iSubject:
		return c == cCheck || c == cCtx
	case iCheck:
		return c == cConn || c == cCtx || c == cNoop
	}
	return true
}

// pageJoined reports a page subject joined to a page subject before it
// ("The home page and /about show 'Acme'"): the checks would be read of the
// last page alone, leaving the first unchecked.
func pageJoined(st pstate, items []item, rest string) bool {
	if !st.afterConn && strings.HasPrefix(rest, "at ") {
		// "The pricing page at /plans": the page's own address.
		return false
	}
	// "The home page shows 'Welcome' on /about": before any action, a
	// page named after the subject's checks would move them elsewhere.
	if sp := st.subjPage; sp != nil && !st.acted && len(items) > 0 && items[0].kind == iPage && !items[0].subject && !items[0].visit && !items[0].page.generic && items[0].page.path != sp.page.path {
		return true
	}
	l := st.last
	if l == nil || l.kind != iPage || !l.subject || len(items) == 0 || items[0].kind != iPage {
		return false
	}
	// "The settings page of the dashboard": a second page right after
	// the subject would replace it ("the page at /about" names one).
	return st.afterConn && items[0].subject || !st.afterConn && !l.page.generic && items[0].page.path != l.page.path
}

func next(st pstate, items []item) pstate {
	nst := st
	nst.start = false
	for i := range items {
		it := &items[i]
		nst.condLast = it.kind == iCond
		switch it.kind {
		case iConn, iCond:
			nst.afterConn = true
			nst.seqConn = nst.seqConn || it.seq
		case iNoop:
		default:
			nst.last = it
			nst.afterConn = false
			nst.seqConn = false
			if it.kind == iAction || it.kind == iReload {
				nst.acted = true
				nst.actions++
				nst.region = nil
				nst.subjPage = nil
			}
			if it.kind == iPage && it.subject && !it.page.generic {
				nst.subjPage = it
			}
			if it.kind == iSubject {
				// A page named after the part ("the nav on the home
				// page") keeps the part; a new subject replaces it.
				nst.region = nil
				if it.region != "" {
					nst.region = it
				}
			}
		}
	}
	return nst
}

// --- building rules ---------------------------------------------------

// fragments are named pieces of pattern, written {name} in rules. Their
// groups are made non-capturing where they are used, so each rule's groups
// are only the ones it writes itself; handlers re-read a fragment's parts
// with its own anchored regexp.
var fragments = map[string]string{}

func init() {
	bare := `[^ ,;:"]+(?: [^ ,;:"]+)*`
	name := `"\d+"|[a-z0-9][\w'-]*(?: [a-z0-9][\w'-]*){0,3}`
	name2 := `"\d+"|[^ ,;"]+(?: [^ ,;"]+){0,5}`
	fragments["bare"] = bare
	fragments["barel"] = `[^ ,;:"]+?(?: [^ ,;:"]+?)*?`
	fragments["lit"] = `"\d+"`
	fragments["text"] = `"\d+"|` + bare
	fragments["lits"] = `"\d+"(?:(?: ,)?(?: and| plus| as well as| &)? "\d+")*`
	fragments["num"] = numAlt
	fragments["countable"] = `(?:"\d+" )?(?:[\w'-]+ ){0,2}?(?:h[1-6](?: headings?| titles?| tags?| elements?)?|` + nounAlt + `)(?: (?:labelled|named|called|saying|with (?:the )?(?:text|label|name)) (?:"\d+"|[\w-]+))?|(?:"\d+" )?[\w'-]+`
	fragments["neg"] = `(?:to )?(?:(?:not|no longer|never) )?`
	fragments["page"] = pageFrag
	fragments["name"] = name
	fragments["el"] = `(?:(?:an?|the|one|any|that|this|its|their|your) )?(?:first |1st |second |2nd |third |3rd |last |only )?(?:(?:` + name + `) )?(?:h[1-6](?: headings?| titles?| tags?| elements?)?|` + nounAlt + `)` +
		`(?: (?:labelled|named|called|titled|saying|reading|that says|which says|with (?:the )?(?:text|label|name|title|caption)) (?:` + name + `)` +
		`| with (?:the |an )?alt(?:ernative)?(?: text)?(?: of| =)? (?:` + name + `)` +
		`| with (?:the |a )?placeholder(?: text)?(?: of| =)? (?:` + name2 + `)` +
		`| (?:to|pointing to|linking to|that goes to|going to|that points to|which goes to|for) (?:` + pageFrag + `)` +
		`| "\d+")?`
	fragments["ell"] = strings.Replace(fragments["el"], `(?:(?:`+name+`) )?`, `(?:(?:`+name+`) )??`, 1)
	fragments["field"] = `(?:the |an? |my |your )?(?:` +
		`(?:field|input|box|textbox) (?:labelled|named|called|for|with (?:the )?label) (?:` + name + `)` +
		`|(?:(?:field|input|box|textbox|text field) )?with (?:the |a )?placeholder(?: text)?(?: of)? (?:` + name2 + `)` +
		`|(?:"\d+"|[a-z][\w-]*(?: [a-z][\w-]*){0,2})(?: (?:` + fieldNounAlt + `))?)`
	fragments["value"] = `"\d+"|(?:the )?secret [a-z_][a-z0-9_]*|\$\{?[a-z_][a-z0-9_]*\}?|(?:the )?[a-z_][a-z0-9_]* secret|nothing|an empty (?:string|value)|[^ ,;"]+(?: [^ ,;"]+){0,5}`
	fragments["key"] = `(?:(?:ctrl|control|cmd|command|meta|alt|option|shift)(?:\+|-| )?)*(?:` + keyAlt + `|[a-z0-9])`
	fragments["keyonly"] = keyAlt
	fragments["user"] = `\S+@\S+|"\d+"|(?:the |an? |our |my )?(?:[a-z][\w-]* )?(?:user|account|admin|administrator|customer|member|editor|owner|tester|viewer|manager)|[a-z][\w.-]*`
	fragments["secretname"] = `[a-z_][a-z0-9_]*`
	fragments["show"] = `(?:(?:expects?|expected|wants?|hopes?) to (?:see|find|get)|costs?|is priced at|sells for|gives|shows?|showing|displays?|displaying|contains?|containing|includes?|including|has|have|having|renders?|presents?|features?|says?|saying|reads?|prints?|outputs?|lists?|listing|sees?|seeing|mentions?|gets?|receives?|greets (?:me|you|the user|users|visitors) with|welcomes (?:me|you|the user|users) with|comes up with|reveals?|offers?|provides?|carries|appears with|suggests?)`
	fragments["is"] = `(?:is|are|be|gets|get|becomes|become|stays|stay|remains|remain|is now|are now)`
	fragments["pron"] = `(?:it|i|you|we|they|he|she|the user|a user|users|the visitor|a visitor|visitors|someone|people|one|the customer|a customer|customers|the person|a person|everyone|anyone|anybody|somebody|the browser|a signed-in user|the signed-in user)`
	fragments["who"] = `(?:(?:i|you|we|they|the user|a user|users|a visitor|visitors|someone|the customer) )?`
}

// rulesOnce compiles the rules on the first claim read, not at package
// init: every vouch process links this package, and most (a worker, the
// CLI's other commands) never derive a claim, so they skip the rules'
// compile time and memory.
var rulesOnce sync.Once

var fieldNounAlt = alternation([]string{"field", "input", "box", "textbox", "text box", "text field",
	"input field", "input box", "area", "textarea", "text area", "dropdown", "select", "select box",
	"menu", "picker", "combobox", "field box", "entry", "search box", "checkbox", "option", "filter"})

var pageFrag = `(?:(?:the|my|our|your|this|that|their|a) )?(?:` +
	`(?:[a-z][\w-]* 's )?(?:(?:old|new|legacy|former|deprecated|archived|public|private|internal|page|url|route|path|endpoint) )?/\S*(?: (?:page|route|path|url|screen|view|endpoint))?` +
	`|https?://\S+` +
	`|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:` + tlds + `)` +
	`|(?:"\d+"|[a-z0-9][\w-]*)(?: [a-z0-9][\w-]*){0,3} (?:page|screen|view|route|section|endpoint|url|path)` +
	`|(?:"\d+"|[a-z0-9][\w.-]*)(?: [a-z0-9][\w.-]*)? (?:'s )?(?:` + alternation(appUIWords) + `)` +
	`|(?:"\d+"|[a-z0-9][\w.-]*)(?: [a-z0-9][\w.-]*)? 's (?:` + alternation(keys(homeWords)) + `)` +
	`|` + alternation(barePages) +
	`|` + alternation(keys(homeWords)) +
	`|` + alternation(keys(genericPages)) + `)`

var fragRef = lazyRE(`\{[a-z]+\}`)

// expand replaces {name} with the fragment, its groups made non-capturing.
func expand(p string) string {
	return fragRef.ReplaceAllStringFunc(p, func(ref string) string {
		f, ok := fragments[ref[1:len(ref)-1]]
		if !ok {
			panic("plan: unknown claim fragment " + ref)
		}
		return "(?:" + nonCapturing(f) + ")"
	})
}

// nonCapturing turns every "(" that opens a group into "(?:".
func nonCapturing(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
			continue
		}
		if c == '(' && (i+1 >= len(p) || p[i+1] != '?') {
			b.WriteString("(?:")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

var rules []rule

func addRule(name string, class ruleClass, tail bool, pattern string, fn func(m *match) ([]item, bool)) {
	re := lazyRE(`^(?:` + expand(pattern) + `)(?: |$)`)
	rules = append(rules, rule{name: name, class: class, re: re, tail: tail, fn: fn})
}

// anchored compiles a fragment with its groups for re-reading a span.
func anchored(p string) *lazyRegexp {
	return lazyRE(`^(?:` + p + `)$`)
}

// sub re-reads shape[a:b] with re and returns absolute group offsets.
func (p *parser) sub(re *lazyRegexp, a, b int) []int {
	if a < 0 || b > len(p.lx.shape) || a > b {
		return nil
	}
	loc := re.FindStringSubmatchIndex(p.lx.shape[a:b])
	if loc == nil {
		return nil
	}
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += a
		}
	}
	return loc
}

// rawSub returns shape[a:b] as written, even when a and b fall inside one
// token ("$DEMO_PASSWORD" read as DEMO_PASSWORD).
func (p *parser) rawSub(a, b int) string {
	for i, t := range p.lx.toks {
		end := p.lx.ends[i]
		if t.start <= a && b <= end {
			if len(t.raw) == len(t.low) {
				return t.raw[a-t.start : b-t.start]
			}
			return t.low[a-t.start : b-t.start]
		}
	}
	return p.lx.span(a, b)
}

// textRegionCSS holds the parts of a page a text check can be pinned to:
// each is one kind of element (or landmark) the page marks up as such.
var textRegionCSS = map[string]string{
	"footer": "footer", "header": "header", "nav": "nav", "navigation": "nav",
	"navbar": "nav", "nav bar": "nav", "sidebar": "aside", "side bar": "aside",
	"table": "table", "form": "form", "dialog": "dialog, [role=dialog]",
	"modal": "dialog, [role=dialog]", "main content": "main", "main area": "main",
	"main section": "main", "article": "article",
}

// textRegions are subjects that name the text itself ("the error message
// says 'X'", "the counter shows '2 left'") or the whole page ("the page
// body"): a text found on the page is what they show.
var textRegions = map[string]bool{
	"body": true, "page body": true, "content": true, "page content": true,
	"counter": true, "count": true, "item count": true, "todo count": true,
	"result": true, "results": true, "output": true, "message": true,
	"message area": true, "alert": true, "response": true, "response body": true,
	"badge": true, "tooltip": true, "toast": true, "notification": true, "popup": true,
	"error message": true, "success message": true, "flash message": true,
	"greeting": true, "welcome message": true, "status": true, "status message": true,
	"subtitle": true, "tagline": true, "total": true, "price": true, "status line": true,
	"subtotal": true, "balance": true,
}

// pinToRegion scopes the page-wide text checks said of a part of the page
// ("the footer says 'X'") to that part's element, and refuses them when
// the part names no element kind ("the card on /pricing shows '$12'"): a
// text found elsewhere on the page would prove another claim.
func pinToRegion(p *parser, st pstate, items []item, at int) bool {
	r := st.region
	if r == nil {
		return true
	}
	key := strings.ToLower(r.regionKey)
	css, pin := textRegionCSS[key]
	words := strings.Fields(strings.ToLower(r.region))
	if !pin && !textRegions[key] {
		// "the nav menu", "the footer links": a word before the part
		// says which landmark holds it.
		for _, w := range words {
			if c, ok := textRegionCSS[w]; ok {
				css, pin = c, true
			}
		}
	}
	for _, w := range words {
		if ordinalWords[w] {
			pin = false // "the bottom table": one of several
		}
	}
	var needPart [][2]int
	defer func() {
		// the part is found first (reach): a page without it blocks
		for k := len(needPart) - 1; k >= 0; k-- {
			it := &items[needPart[k][0]]
			j := needPart[k][1]
			w := plan.Step{Kind: plan.WaitFor, Target: plan.Target{Kind: plan.ByCSS, Value: css}.String(), Reach: true}
			it.steps = append(it.steps[:j:j], append([]plan.Step{w}, it.steps[j:]...)...)
			it.notes = append(it.notes, fmt.Sprintf("The page's %s is found first: a page without one blocks the run, since no element inside a missing part proves nothing.", strings.Split(css, ",")[0]))
			if it.desc != "" {
				it.desc += fmt.Sprintf(" (found first: a page without a %s blocks the run)", strings.Split(css, ",")[0])
			}
		}
	}()
	for i := range items {
		it := &items[i]
		if it.kind != iCheck && !(it.kind == iAction && pin) {
			continue
		}
		for j := range it.steps {
			s := &it.steps[j]
			if it.kind == iAction && s.Kind != plan.Click {
				// "the footer has a 'Privacy' link that goes to /privacy":
				// the link clicked is the part's; other actions are
				// where they are
				continue
			}
			if (s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectHidden || s.Kind == plan.Click && !s.Reach) && s.Target != "" && pin {
				// "The header contains a 'Log in' link": an element said
				// of a part is looked for inside it, or the claim is
				// refused; a link elsewhere on the page proves nothing.
				scoped := ""
				ec, ok := elementCSS[s.Target]
				if v, isCSS := strings.CutPrefix(s.Target, "css="); isCSS && !ok {
					ec, ok = v, true // a link to a path: a[href=…]
				}
				if ok {
					var parts []string
					for _, rc := range strings.Split(css, ", ") {
						for _, e := range strings.Split(ec, ", ") {
							parts = append(parts, rc+" "+e)
						}
					}
					scoped = plan.Target{Kind: plan.ByCSS, Value: strings.Join(parts, ", ")}.String()
				}
				if t, err := plan.ParseTarget(s.Target); scoped == "" && err == nil && t.In == "" && t.Kind == plan.ByRole && t.Name != "" && slices.Contains(p.lx.lits, t.Name) {
					// "On /, the header has a 'Pricing' link": an element
					// named by a quoted text, pinned to a landmark with in=
					// (its tag or ARIA role), as "the header on / has …"
					// reads; an unquoted name or an image is a guess,
					// which the part's own readers weigh
					tag := strings.Split(css, ",")[0]
					for name, reg := range plan.Regions {
						if name == "dialog" {
							// what a claim calls a dialog ("popup",
							// "window" read as one) may be a menu or a
							// plain box, which in=dialog would block on;
							// the dialog's readers weigh it
							continue
						}
						if tag == reg.Tag {
							t.In = name
							scoped = t.String()
							break
						}
					}
				}
				if scoped == "" {
					p.setHint("unsupported", fmt.Sprintf("vouch cannot look for a named element inside %q: say the page has it, or name the text the part shows", strings.TrimSpace(r.region)), at)
					// No looser reading of the same words ("links to
					// Twitter" as a text) may take its place.
					p.budget = -1
					return false
				}
				s.Target = scoped
				if s.Kind == plan.ExpectHidden {
					// "the nav has no link to /admin": on a page without
					// the part, no such element would pass for nothing
					needPart = append(needPart, [2]int{i, j})
				}
				if strings.HasPrefix(it.desc, "a link to ") || strings.HasPrefix(it.desc, "no link to ") {
					// "no link to /admin is shown in the footer"
					it.desc = strings.TrimSuffix(it.desc, " is shown") + " is shown in the page's " + strings.Split(css, ",")[0]
				} else {
					it.desc = ""
				}
				if t, err := plan.ParseTarget(s.Target); err == nil && t.In != "" {
					it.notes = append(it.notes, fmt.Sprintf("The element is looked for inside the page's %s (its <%s> or role=%s).", t.In, plan.Regions[t.In].Tag, plan.Regions[t.In].Role))
				} else {
					it.notes = append(it.notes, fmt.Sprintf("The element is looked for inside the page's %s element (%s).", strings.Split(css, ",")[0], css))
				}
				r.notes = nil
				continue
			}
			if (s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectHidden) && strings.HasPrefix(s.Target, "css=") && strings.Contains(s.Target, "a[href") &&
				!pin && !textRegions[key] {
				// "the Documentation section links to /docs": a link found
				// anywhere on the page proves another claim
				p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which element is %q, so it cannot look for a link inside it: name the page's footer, header, nav, sidebar or main content, or say the page links there", strings.TrimSpace(r.region)), at)
				p.budget = -1
				return false
			}
			if s.Kind == plan.ExpectOrder && s.Target == "" && !textRegions[key] {
				// "the footer lists 'A' before 'B'": the order inside the
				// part; on the whole page the first 'A' may be elsewhere
				if !pin {
					p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which element is %q, so it cannot check an order inside it: name the page's footer, header, nav, sidebar, main content, table or list, or say the page lists them in that order", strings.TrimSpace(r.region)), at)
					p.budget = -1
					return false
				}
				s.Target = plan.Target{Kind: plan.ByCSS, Value: css}.String()
				it.desc = ""
				it.notes = append(it.notes, fmt.Sprintf("The order is checked inside the page's %s element (%s); edit the target if the part is marked up differently.", strings.Split(css, ",")[0], css))
				r.notes = nil
				if !strings.Contains(css, "dialog") {
					needPart = append(needPart, [2]int{i, j})
				}
				continue
			}
			if (s.Kind != plan.ExpectText && s.Kind != plan.ExpectNoText) || s.Target != "" {
				continue
			}
			switch {
			case pin:
				s.Target = plan.Target{Kind: plan.ByCSS, Value: css}.String()
				it.desc = ""
				it.notes = append(it.notes, fmt.Sprintf("The text is looked for inside the page's %s element (%s); edit the target if the part is marked up differently.", strings.Split(css, ",")[0], css))
				r.notes = nil
				if !strings.Contains(css, "dialog") && (j == 0 || it.steps[j-1].Kind != plan.WaitFor || it.steps[j-1].Target != s.Target) {
					// the part is found first: a page that marks up no
					// such part blocks, never fails
					needPart = append(needPart, [2]int{i, j})
				}
			case textRegions[key] && !(r.regionName != "" && ownedText[key]):
			case r.regionName != "" && s.Kind == plan.ExpectText && (key == "section" || key == "sections"):
				// "the 'Team' section lists 'Ann'": a section is what
				// follows its heading, as "in the 'Team' section" reads;
				// a page with no such heading blocks
				*s = plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: s.Value, Under: r.regionName}.String()}
				it.desc = ""
				it.notes = append(it.notes, fmt.Sprintf("The text is looked for in the section under the heading %q (up to the next heading of its level).", r.regionName))
				r.notes = nil
			case r.regionName != "" && s.Kind == plan.ExpectText:
				// "the Pro plan costs $12": the text inside the item
				// (card, row, list item) that shows the part's name.
				*s = plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: s.Value, Within: r.regionName}.String()}
				it.desc = ""
				it.notes = append(it.notes, fmt.Sprintf("The text is looked for inside the repeated item (card, row, list item) that shows %q.", r.regionName))
				r.notes = nil
			default:
				p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which element is %q, so it cannot look for a text inside it: name the page's footer, header, nav, sidebar, main content, table, form or dialog, or say the page shows the text", strings.TrimSpace(r.region)), at)
				return false
			}
		}
	}
	return true
}

// checkThenCheck reports a check said to come "then" after another with
// no action between ("shows 'Loading' then shows 'Ready'"): an order in
// time that two separate checks would not prove.
func checkThenCheck(p *parser, st pstate, items []item, at int) bool {
	if !st.seqConn || st.last == nil || st.last.kind != iCheck || len(items) == 0 {
		return false
	}
	// "'Save' is shown, then 'Saved' appears": the second check may be
	// read with its text as a subject first.
	first := itemKind(255)
	for _, it := range items {
		if it.kind == iCheck || it.kind == iAction || it.kind == iReload || it.kind == iPage {
			first = it.kind
			break
		}
	}
	if first != iCheck {
		return false
	}
	p.setHint("unsupported", "vouch cannot check that one thing shows after another with nothing done between them: name the action between them, or check each separately", at)
	return true
}

// ownedText are parts that show one text of an item, when the claim says
// whose ("the 'Team Documents' status reads 'Up to Date'"): the text is
// looked for in that item, never anywhere on the page, where another
// item's status would prove it.
var ownedText = map[string]bool{"status": true, "count": true, "total": true, "price": true,
	"subtotal": true, "balance": true, "badge": true, "result": true, "counter": true}
