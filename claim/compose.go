package claim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// The compositional reader reads a claim the rules could not as
// [where] [actions in order] [outcomes], from tables: the pieces the lexer
// found (quoted texts, paths, numbers), the page reading (pageAt), targets
// named by a text and a head noun, action verbs with their objects, and
// outcome verbs with what each checks. Every word is consumed by a piece,
// a table entry or a listed function word, or the claim is refused. It
// makes the same items the rules make, so the assembly (journeys, the
// before/after of changes, notes, contradictions) is shared.

// cw is one word of the claim: a token, or one word of a token the lexer
// spelt as several ("isn't" is "is not").
type cw struct {
	low, raw string
	kind     tokKind
	a, b     int  // the token's span in the shape
	aside    bool // opened a bracket (token.aside)
}

type composer struct {
	p     *parser
	w     []cw
	i     int
	items []item
	notes []string
	// region is the part of the page the claim's texts are said of ("in
	// the footer", "the top nav"): text checks are pinned to its element.
	region, regionName string
	// last is the element the last action aimed at ("underlines it").
	last      *ctarget
	acted     bool
	needCheck bool
	lastSubj  *ctarget // the element the last outcome was said of ("… when you hover over it")
	openedBy  bool     // an opener clause said what opens the dialog
	lastGone  string
	page      bool   // a page was named
	dialog    string // the dialog the claim said opens, until it closes (compose_ui.go)
	dialogAt  int    // len(items) after its opening was checked
}

type subjKind uint8

const (
	sNone subjKind = iota
	sPage
	sRegion
	sTarget
	sText
	sBody
	sTexts // quoted texts said to appear, go or come back
	sNth   // one row or list item picked by its place: region holds its target
	// sTargets are quoted names said with a plural noun ("the 'Save' and
	// 'Cancel' buttons"): ts holds one element per name
	sTargets
)

type subject struct {
	kind   subjKind
	region string // sRegion: the CSS of the part
	name   string // its words, for notes
	t      *ctarget
	vals   []string   // sTexts
	ts     []*ctarget // sTargets
}

// ctarget is an element a claim names: a text with an optional head noun.
type ctarget struct {
	name   string // the text it shows or is called by
	quoted bool
	noun   string // the head noun's kind (headNouns)
	target string // a resolved target; empty: a click on a bare text
	notes  []string
	key    string // a key to press
	path   string // a link to this path
	item   bool   // a path said as the text of an item
	word   string // the head noun as written ("badge"), when one was said
}

// headNouns name what shows a text, and how it is found.
var headNouns = map[string]string{
	"button": "button", "btn": "button", "link": "link", "tab": "tab", "heading": "heading",
	"headline": "heading", "title": "heading", "checkbox": "checkbox", "toggle": "checkbox", "switch": "checkbox",
	"tickbox": "checkbox", "option": "checkbox", "setting": "checkbox",
	"field": "field", "input": "field", "textbox": "field", "box": "field",
	"dialog": "dialog", "modal": "dialog", "popup": "dialog", "window": "dialog",
	"dropdown": "select", "select": "select", "filter": "select", "selector": "select", "picker": "select",
	"menu": "menu", "submenu": "menu",
	"section": "text", "panel": "text", "operation": "text", "endpoint": "text", "entry": "text",
	"row": "text", "item": "text", "badge": "text", "tag": "text", "label": "text", "name": "text",
	"text": "text", "message": "text", "group": "text", "card": "text", "word": "text", "line": "text",
}

// openedNouns are parts an action opens that no element kind names ("opens
// the inspector showing 'X'"): what opens is checked by the texts it shows.
var openedNouns = map[string]bool{"inspector": true, "drawer": true, "pane": true, "overlay": true, "editor": true,
	"sheet": true, "sidebar": true, "flyout": true, "tray": true, "list": true, "form": true, "tooltip": true, "toast": true}

// placeWords are parts of a page whose element a text check is pinned to.
var placeWords = map[string]string{
	"footer": "footer", "header": "header", "nav": "nav", "navigation": "nav", "navbar": "nav",
	"top nav": "nav", "nav bar": "nav", "top bar": "nav", "top navigation": "nav", "menu bar": "nav",
	"sidebar": "aside", "side bar": "aside", "main content": "main", "page header": "header",
	"page footer": "footer", "site header": "header", "site footer": "footer",
}

// Verb tables. Each spelling is a phrase of lower-cased words.
var (
	textVerbs = phrases("shows", "show", "showing", "shown", "says", "say", "saying", "reads", "read",
		"displays", "display", "lists", "list", "listing", "mentions", "mention", "contains", "contain",
		"includes", "include", "has", "have", "gives", "give", "gives back", "give back", "returns", "return",
		"brings back", "bring back", "finds", "find", "answers with", "responds with", "comes back with",
		"comes back as", "complains", "complain", "warns", "warn", "tells you", "tell you", "prints", "outputs",
		"belongs to", "gets", "get", "sees", "see", "reveals", "reveal", "keeps", "keep", "still says", "still shows")
	negTextVerbs = phrases("leaves out", "leave out", "omits", "omit", "excludes", "exclude", "drops")
	statusVerbs  = phrases("answers", "answer", "returns", "return", "responds with", "respond with",
		"fails with", "fail with", "errors with", "errors out with", "error with",
		"gives", "give", "comes back with", "comes back as", "come back as", "answers with", "gets", "get")
	goneVerbs   = phrases("removes", "remove", "hides", "hide", "gets rid of", "clears away")
	goneIntrans = phrases("go away", "goes away", "disappear", "disappears", "vanish", "vanishes",
		"is removed", "are removed", "is gone", "are gone", "is hidden", "are hidden")
)

// phrases splits each spelling into words.
func phrases(ps ...string) [][]string {
	out := make([][]string, len(ps))
	for i, p := range ps {
		out[i] = strings.Fields(p)
	}
	// longest first, so "gives back" wins over "gives"
	for i := 1; i < len(out); i++ {
		for k := i; k > 0 && len(out[k]) > len(out[k-1]); k-- {
			out[k], out[k-1] = out[k-1], out[k]
		}
	}
	return out
}

// everyWords make a claim a rule about many elements, which one check on
// the page does not prove.
var everyWords = map[string]bool{"every": true, "each": true, "all": true, "any": true}

// composeWords is lx's tokens as the composer reads them: a token of
// several words (a phrase the lexer joined) is its words, each spanning it.
func composeWords(lx *lexed) []cw {
	var w []cw
	for _, t := range lx.toks {
		if t.kind == tWord && strings.Contains(t.low, " ") {
			for _, f := range strings.Fields(t.low) {
				w = append(w, cw{low: f, raw: f, kind: tWord, a: t.start, b: t.start + len(t.low)})
			}
			continue
		}
		w = append(w, cw{low: t.low, raw: t.raw, kind: t.kind, a: t.start, b: t.start + len(t.low), aside: t.aside})
	}
	return w
}

// composeRead reads lx compositionally. It returns the items the assembly
// builds journeys from, or false when some word is not accounted for.
func composeRead(lx *lexed) ([]item, bool) {
	c := &composer{p: &parser{lx: lx}}
	c.w = composeWords(lx)
	for i, w := range c.w {
		if w.kind == tWord && (everyWords[w.low] && !namedAll(c.w, i) || vague[w.low] || outOfReachWord[w.low] && !ordinalSecond(c.w, i)) {
			return nil, false
		}
	}
	if !c.claim() {
		return nil, false
	}
	checks := 0
	for _, it := range c.items {
		if it.kind == iCheck {
			checks++
		}
	}
	if checks == 0 {
		return nil, false
	}
	if len(c.notes) > 0 {
		// The notes ride on the first check, so the assembly keeps them.
		for k := range c.items {
			if c.items[k].kind == iCheck {
				c.items[k].notes = append(append([]string(nil), c.items[k].notes...), c.notes...)
				break
			}
		}
	}
	return c.items, true
}

func (c *composer) end() bool { return c.i >= len(c.w) }

// at reports whether the words from i spell ws.
func (c *composer) at(ws ...string) bool {
	if c.i+len(ws) > len(c.w) {
		return false
	}
	for k, w := range ws {
		if c.w[c.i+k].low != w {
			return false
		}
	}
	return true
}

func (c *composer) eat(ws ...string) bool {
	if c.at(ws...) {
		c.i += len(ws)
		return true
	}
	return false
}

// eatAny eats the longest phrase of the table found at i.
func (c *composer) eatAny(table [][]string) bool {
	for _, p := range table {
		if c.eat(p...) {
			return true
		}
	}
	return false
}

func (c *composer) eatDet() {
	for !c.end() && (c.at("the") || c.at("a") || c.at("an") || c.at("its") || c.at("their") || c.at("your") || c.at("this") || c.at("that")) {
		c.i++
	}
}

func (c *composer) lit() (string, bool) {
	if c.end() || c.w[c.i].kind != tLit {
		return "", false
	}
	c.i++
	return c.w[c.i-1].raw, true
}

// lits reads 'A', 'B' and 'C'.
func (c *composer) lits() []string {
	var out []string
	save := c.i
	for {
		v, ok := c.lit()
		if !ok {
			break
		}
		out = append(out, v)
		mark := c.i
		c.eat(",")
		if c.eat("and") || c.eat("as", "well", "as") || c.eat("plus") {
			c.eat("also")
			if c.end() || c.w[c.i].kind != tLit {
				c.i = mark
				break
			}
			continue
		}
		if c.end() || c.w[c.i].kind != tLit {
			c.i = mark
			break
		}
	}
	if len(out) == 0 {
		c.i = save
	}
	return out
}

func (c *composer) emit(its ...item) {
	for _, it := range its {
		if it.kind == iCheck {
			c.needCheck = false
		}
	}
	c.items = append(c.items, its...)
}

// claim := [preamble] clause {connector clause} [aside]
func (c *composer) claim() bool {
	c.preamble()
	for !c.end() {
		start := c.i
		switch {
		case c.connector():
		case c.aside():
		case c.condition():
		case c.request():
		case c.where():
		case c.actionClause():
		case c.outcomeClause():
		default:
			return false
		}
		if c.i == start {
			return false
		}
	}
	if c.needCheck {
		return false
	}
	// "the 'Save' button becomes disabled": a change with nothing done
	// to make it
	acts := false
	for _, it := range c.items {
		acts = acts || it.kind == iAction || it.kind == iReload
	}
	for _, it := range c.items {
		if it.kind == iCheck && len(it.pre) > 0 && !acts {
			return false
		}
	}
	// "the 'Save' button is disabled when 'Agree' is not ticked": a
	// condition must be something done; a state after "when" or "if" read
	// as a check asserts what the claim only supposes.
	for k, it := range c.items {
		if it.kind != iCond {
			continue
		}
		j := k + 1
		for j < len(c.items) && (c.items[j].kind == iConn || c.items[j].kind == iPage) {
			j++
		}
		if j < len(c.items) && c.items[j].kind == iCheck {
			return false
		}
	}
	// "shows 'Loading' then 'Ready'": an order in time with nothing done
	// between, which no check reads.
	prev := itemKind(255)
	seq := false
	for _, it := range c.items {
		switch it.kind {
		case iConn:
			seq = seq || it.seq
			continue
		case iCheck:
			if seq && prev == iCheck {
				return false
			}
		}
		if it.kind != iPage {
			prev = it.kind
		}
		seq = false
	}
	return true
}

var preambles = phrases("verify that", "check that", "make sure that", "make sure", "ensure that", "ensure",
	"please", "confirm that", "i want to make sure that", "i want to make sure", "scenario")

func (c *composer) preamble() {
	for c.eatAny(preambles) {
		c.eat(":")
		c.eat(",")
	}
}

func (c *composer) connector() bool {
	switch {
	case c.eat("and", "then"), c.eat(",", "then"), c.eat("then"), c.eat("after", "that"), c.eat(";"):
		c.emit(item{kind: iConn, seq: true})
	case c.pairColon():
		// "says 'name': 'Ann'" is one pair, a field and its value, never
		// two texts found anywhere apart (the API reader reads it)
		return false
	case c.lastActs() && c.eat("while"):
		// "clicking 'Submit' while 'Agree' is ticked": the state holds
		// when the click is made, as after "when"; a check after the
		// click asserted it and never set it
		c.eat("you")
		c.emit(item{kind: iCond})
	case c.eat(","), c.eat("and"), c.eat("but"), c.eat(":"), c.eat("while"), c.eat("whereas"):
		// "'A' is greyed out while 'B' stays clickable": both at once
		c.eat("also")
		c.emit(item{kind: iConn})
	default:
		return false
	}
	return true
}

// lastActs reports whether the last item read is an action.
func (c *composer) lastActs() bool {
	n := len(c.items)
	return n > 0 && c.items[n-1].kind == iAction
}

// pairColon reports whether a colon at the reading point sits between a
// quoted text and a value, as a pair is written.
func (c *composer) pairColon() bool {
	i := c.i
	if c.end() || c.w[i].raw != ":" || i == 0 || i+1 >= len(c.w) || c.w[i-1].kind != tLit {
		return false
	}
	n := c.w[i+1]
	return n.kind == tLit || n.kind == tNumber || n.kind == tWord && jsonScalar(n.low)
}

// asideWords open a clause that explains the claim rather than adds to it.
var asideWords = phrases("since", "because", "even though", "even tho", "although", "though")

// aside reads "since no backend is running" to the end of the claim: an
// explanation, taken as a note. One that names a text, path or number, or
// that negates, is a fact a plan would have to check, so the claim is
// refused.
func (c *composer) aside() bool {
	save := c.i
	if c.i == 0 || !c.eatAny(asideWords) {
		return false
	}
	if c.at("one", "of") || c.at("well") || c.end() {
		c.i = save
		return false
	}
	_ = c.i
	for k := c.i; k < len(c.w); k++ {
		w := c.w[k]
		if w.kind != tWord || w.low == "not" || w.low == "never" || w.low == "only" || w.low == "but" {
			c.i = save
			return false
		}
		if _, ok := number(w.low); ok {
			c.i = save
			return false
		}
	}
	c.notes = append(c.notes, fmt.Sprintf("%q is taken as an explanation of the claim, not as something to check.", c.p.lx.span(c.w[save].a, c.w[len(c.w)-1].b)))
	c.i = len(c.w)
	return true
}

// requestVerbs open a request described in words before its path:
// "Sorting tasks by title (/tasks?_sort=title) lists …".
var requestVerbs = phrases("asking for", "filtering", "sorting", "searching", "requesting", "fetching",
	"querying", "paging through", "paginating", "looking up", "listing")

// request reads a request described in words, then its path: the path is
// visited, and the words are noted as describing it. Words that hold a
// quoted text, a number, "only" or a negation say more than the path
// does, so the claim is refused.
func (c *composer) request() bool {
	save := c.i
	if c.i != 0 && c.items != nil || !c.eatAny(requestVerbs) {
		c.i = save
		return false
	}
	from := c.i
	for !c.end() && c.w[c.i].kind == tWord && c.i-from < 10 {
		w := c.low()
		if _, n := number(w); n || numberWords[w] > 0 || w == "only" || w == "just" || w == "not" || w == "no" || w == "never" || everyWords[w] || vague[w] {
			c.i = save
			return false
		}
		c.i++
	}
	if c.i == from || c.end() || c.w[c.i].kind != tPath {
		c.i = save
		return false
	}
	words := c.p.lx.span(c.w[save].a, c.w[c.i-1].b)
	for _, w := range []string{"with", "via", "using", "at", "through", "like"} {
		words = strings.TrimSuffix(words, " "+w)
	}
	pg, ok := c.pageRef()
	if !ok || pg.generic {
		c.i = save
		return false
	}
	c.visitDescribed(pg, words)
	c.endPlace()
	return true
}

// condition reads "after", "once", "if", "when": what follows is done
// first (the assembly moves actions said after a check before it).
func (c *composer) condition() bool {
	if c.eat("after") || c.eat("once") || c.eat("if") || c.eat("when") || c.eat("whenever") {
		c.eat("you")
		c.eat("i")
		c.emit(item{kind: iCond})
		return true
	}
	return false
}

// where reads a page or a part of it said as the place: "on the home
// page", "in the footer", "at /tasks".
func (c *composer) where() bool {
	save := c.i
	if !(c.eat("on") || c.eat("at") || c.eat("in") || c.eat("from") || c.eat("visiting") || c.eat("opening") || c.eat("going", "to") || c.eat("open") || c.eat("visit") ||
		c.eat("requesting") || c.eat("fetching") || c.eat("loading") || c.eat("navigating", "to") || c.eat("browsing", "to")) {
		return false
	}
	visit := c.w[save].low != "on" && c.w[save].low != "at" && c.w[save].low != "in" && c.w[save].low != "from"
	if visit {
		// "opening the deep link /#/x", "visiting the URL /x"
		s2 := c.i
		c.eatDet()
		c.eat("deep")
		if !(c.eat("link") || c.eat("url") || c.eat("address")) || c.end() || c.w[c.i].kind != tPath {
			c.i = s2
		}
	}
	if !visit {
		if css, name, ok := c.regionRef(); ok {
			if !c.pinLast(css, name) {
				c.i = save
				return false
			}
			c.endPlace()
			return true
		}
	}
	if !visit && c.w[save].low == "in" && c.placeOpened() {
		return true
	}
	if pg, ok := c.pageRef(); ok {
		if !visit && c.page {
			// "The home page shows 'X' on /about": one page would go
			// unchecked.
			c.i = save
			return false
		}
		if c.region != "" && c.checkedSinceAct() {
			// "In the footer, 'Docs' is shown, and on /about 'Team' is
			// shown": is the second text in the footer too?
			c.i = save
			return false
		}
		it := item{kind: iPage, page: pg, visit: visit}
		c.emit(it)
		c.page = true
		c.endPlace()
		return true
	}
	c.i = save
	return false
}

// placeOpened reads "in Preferences (press ',')": a place named with what
// opens it, said as an imperative; the action is done first and the
// place's name is noted. A place with no opener is not read.
func (c *composer) placeOpened() bool {
	save := c.i
	n := len(c.items)
	c.eatDet()
	var ws []string
	for !c.end() && c.w[c.i].kind == tWord && len(ws) < 3 && !c.at("press") && !c.at("click") && !c.at("hit") {
		ws = append(ws, c.w[c.i].raw)
		c.i++
	}
	if len(ws) == 0 || c.end() || !(c.at("press") || c.at("click") || c.at("hit") || c.at("tap")) {
		c.i = save
		return false
	}
	if !c.action() || len(c.items) != n+1 {
		c.i, c.items = save, c.items[:n]
		return false
	}
	c.notes = append(c.notes, fmt.Sprintf("%q is the place the claim's first action opens; it is not looked for itself.", strings.Join(ws, " ")))
	c.openedBy = true
	c.endPlace()
	return true
}

// pinLast applies a part of the page said as a place: before anything
// else it scopes the checks that follow; after a clause of page-wide text
// checks it pins them; after anything else (an action on a named element)
// vouch cannot pin it, so the claim is refused.
func (c *composer) pinLast(css, name string) bool {
	k := len(c.items) - 1
	for k >= 0 && (c.items[k].kind == iConn || c.items[k].kind == iPage) {
		k--
	}
	if k < 0 {
		c.region, c.regionName = css, name
		return true
	}
	if k < len(c.items)-1 {
		// "'Docs' is shown, also in the footer": a place after a
		// connector or a page may add to the checks before it or be
		// said of all of them
		return false
	}
	n := 0
	for ; k >= 0 && c.items[k].kind == iCheck; k-- {
		s := c.items[k].steps
		if len(s) != 1 || s[0].Target != "" || s[0].Kind != plan.ExpectText && s[0].Kind != plan.ExpectNoText || len(c.items[k].pre) > 0 {
			return false
		}
		n++
	}
	if n == 0 {
		return false
	}
	for j := k + 1; j < len(c.items); j++ {
		c.items[j].steps = partSteps(css, plan.Step{Kind: c.items[j].steps[0].Kind, Value: c.items[j].steps[0].Value, Target: plan.Target{Kind: plan.ByCSS, Value: css}.String()})
		c.items[j].notes = append(c.items[j].notes, fmt.Sprintf("The text is looked for inside the page's %s element (the %s); edit the target if the part is marked up differently.", css, name))
		if len(c.items[j].steps) > 1 {
			c.items[j].notes = append(c.items[j].notes, partFirstNote(css))
		}
	}
	return true
}

func (c *composer) endPlace() {
	if c.eat(",") {
		c.emit(item{kind: iConn})
	}
}

// regionRef reads "the footer", "the top nav" [of <page>].
func (c *composer) regionRef() (string, string, bool) {
	save := c.i
	c.eatDet()
	for n := 2; n >= 1; n-- {
		p, ok := c.nextWords(n)
		if !ok {
			continue
		}
		if css, ok := placeWords[p]; ok {
			c.i += n
			c.partOfPage()
			return css, p, true
		}
	}
	c.i = save
	return "", "", false
}

// partOfPage reads the page a part is said to be of or on ("the footer
// of /about", "the first row on /users"), when one follows.
func (c *composer) partOfPage() {
	if !c.at("of") && !c.at("on") {
		return
	}
	s := c.i
	c.i++
	if pg, ok := c.pageRef(); ok {
		c.emit(item{kind: iPage, page: pg, subject: true})
		c.page = true
		return
	}
	c.i = s
}

// pageRef reads the longest page reference at i.
func (c *composer) pageRef() (pageRef, bool) {
	for n := 6; n >= 1; n-- {
		if c.i+n > len(c.w) {
			continue
		}
		a, b := c.w[c.i].a, c.w[c.i+n-1].b
		if n > 1 && c.w[c.i+n-1].a == c.w[c.i+n-2].a {
			continue // inside one token
		}
		hasLit := false
		for k := 0; k < n; k++ {
			if c.w[c.i+k].kind == tLit || c.w[c.i+k].kind == tPunct {
				hasLit = true
			}
		}
		if hasLit {
			continue
		}
		pg, ok := c.p.pageAt(a, b)
		if !ok || pg.host {
			continue
		}
		// a generic page is only the words that say so ("the page",
		// "the app"), never a pronoun the outcome verbs read
		if pg.generic && (c.w[c.i].low == "it" || c.w[c.i].low == "i" || c.w[c.i].low == "you") {
			continue
		}
		c.i += n
		return pg, true
	}
	return pageRef{}, false
}

// --- targets ---------------------------------------------------------------

// twoWordNouns are head nouns of two words.
var twoWordNouns = map[string]string{"text box": "field", "search box": "field", "text field": "field",
	"input field": "field", "menu item": "menu", "drop down": "select", "check box": "checkbox",
	"radio button": "checkbox"}

// nounAt reads a head noun at i.
func (c *composer) nounAt() (string, int) {
	if c.i+1 < len(c.w) {
		if k, ok := twoWordNouns[c.w[c.i].low+" "+c.w[c.i+1].low]; ok {
			return k, 2
		}
	}
	if c.i < len(c.w) && c.w[c.i].kind == tWord {
		w := c.w[c.i].low
		if k, ok := headNouns[w]; ok {
			return k, 1
		}
		if k, ok := headNouns[strings.TrimSuffix(w, "s")]; ok && k == "text" && strings.HasSuffix(w, "s") {
			return "", 0 // a plural is many elements
		}
	}
	return "", 0
}

// capWord is a capitalised word that may be part of a name.
func capWord(w cw) bool {
	if w.kind != tWord || w.raw == "" || w.raw == "'s" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w.raw)
	return unicode.IsUpper(r) && !determiners[w.low] && w.low != "i"
}

// versionWord reports whether w is a version number ("3.0", "1.4.0"),
// which a name may hold ("the OAS 3.0 badge") or be ("the 1.4.0 badge").
func versionWord(w cw) bool {
	return (w.kind == tNumber || w.kind == tWord) && versionRE.MatchString(w.raw) && strings.Contains(w.raw, ".")
}

// target reads an element: 'X' [noun], Capitalised Words [noun], the X
// noun, a /path [link], or a key for press.
func (c *composer) target(press bool) (*ctarget, bool) {
	save := c.i
	fail := func() (*ctarget, bool) { c.i = save; return nil, false }
	c.eatDet()
	if c.end() {
		return fail()
	}
	if ordinalWords[c.w[c.i].low] || quantifiers[c.w[c.i].low] {
		return fail()
	}
	t := &ctarget{}
	w := c.w[c.i]
	switch {
	case w.kind == tLit:
		t.name, t.quoted = w.raw, true
		c.i++
	case press && w.kind == tPath && w.raw == "/":
		// "pressing /": the slash key (a shortcut), never a link home
		c.i++
		c.eat("key")
		t.key = "/"
		return t, true
	case w.kind == tPath:
		t.path = w.raw
		c.i++
		if c.at("link") {
			c.i++
		}
		if checkLocation(t.path) != nil {
			return fail()
		}
		s, notes := linkTarget(pageRef{path: t.path})
		t.target, t.notes, t.noun = s, notes, "link"
		return t, true
	case press && w.kind == tWord:
		// an unquoted key: "pressing Esc", "hitting Enter"
		if k, ok := c.charKey(); ok {
			t.key = k
			return t, true
		}
		for n := 2; n >= 1; n-- {
			p, ok := c.nextWords(n)
			if !ok {
				continue
			}
			if k, ok := keyName(p); ok {
				c.i += n
				c.eat("key")
				t.key = k
				return t, true
			}
		}
		fallthrough
	default:
		var ws []string
		for !c.end() && (capWord(c.w[c.i]) || versionWord(c.w[c.i]) && (len(ws) > 0 || c.i+1 < len(c.w) && headNouns[c.w[c.i+1].low] != "")) && len(ws) < 4 {
			if _, n := c.nounAt(); n > 0 && len(ws) > 0 {
				break
			}
			ws = append(ws, c.w[c.i].raw)
			c.i++
		}
		if len(ws) > 0 {
			t.name = strings.Join(ws, " ")
		} else if !c.end() && c.w[c.i].kind == tWord && c.i+1 < len(c.w) && headNouns[c.w[c.i+1].low] == "text" && headNouns[c.w[c.i].low] == "" && plainName(c.w[c.i].low) && !stopWords[c.w[c.i].low] && !messageKinds[c.w[c.i].low] {
			// "the orders section": one lower-case word before a noun
			// that describes what shows it.
			t.name = c.w[c.i].raw
			c.i++
			t.notes = append(t.notes, fmt.Sprintf("The unquoted word %q is taken as the text the %s shows.", t.name, c.w[c.i].low))
		}
	}
	noun, n := c.nounAt()
	if n > 0 {
		t.word = c.w[c.i+n-1].low
	}
	c.i += n
	if press && t.quoted && noun == "" {
		// "pressing 'o'", "hitting 'Esc'": a key, never a text to click
		if k, ok := keyName(strings.ToLower(t.name)); ok {
			if !strings.Contains(k, "+") && !keyOnly[k] {
				// "pressing 'Delete'": a key, or a button called so
				return fail()
			}
			t.key = k
			c.eat("key")
			return t, true
		}
		if utf8.RuneCountInString(t.name) == 1 && checkKey(t.name) == nil && !unicode.IsSpace([]rune(t.name)[0]) {
			t.key = t.name
			c.eat("key")
			return t, true
		}
		if utf8.RuneCountInString(t.name) <= 1 || !strings.ContainsFunc(t.name, unicode.IsLetter) {
			return fail()
		}
	}
	if press && !t.quoted && t.name != "" && noun == "" {
		if _, isKey := keyNames[strings.ToLower(t.name)]; isKey {
			return fail()
		}
	}
	t.noun = noun
	if t.name == "" {
		if noun == "dialog" {
			return t, true // "the dialog": whichever is open
		}
		return fail()
	}
	if !t.quoted {
		t.notes = append(t.notes, bareNote(t.name, false)...)
	}
	within := ""
	if t.quoted && (noun == "button" || noun == "link" || noun == "checkbox") {
		within = c.itemOfState()
	}
	switch noun {
	case "":
		// a bare text: the assembly aims it (a form's button after
		// fields are filled, else the element that says exactly it)
	case "button", "link", "tab", "heading":
		t.target = plan.Target{Kind: plan.ByRole, Value: noun, Name: t.name, Within: within}.String()
	case "checkbox":
		t.target = plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: t.name, Within: within}.String()
	case "field":
		if !t.quoted {
			return fail()
		}
		tg, note := fieldTarget(t.name, true)
		t.target = tg.String()
		t.notes = append(t.notes, note)
	case "text":
		t.target = plan.Target{Kind: plan.ByText, Value: t.name, Exact: true}.String()
		t.notes = append(t.notes, fmt.Sprintf("The %s is found by the element whose whole text is %q; the noun says what shows it.", c.w[c.i-1].low, t.name))
	case "dialog":
	case "select":
		// a drop-down named in quotes is found by its label, or the text
		// just before it (label= does both); a menu's entries need what
		// opens it
		if !t.quoted {
			return fail()
		}
		t.target = plan.Target{Kind: plan.ByLabel, Value: t.name}.String()
		t.notes = append(t.notes, fmt.Sprintf("The drop-down %q is found by its label (or the text just before it).", t.name))
	default:
		return fail()
	}
	return t, true
}

// itemOfState reads "for 'Desk Lamp'" after a control said to be in a
// state ("the 'Add to cart' button for 'Desk Lamp' is disabled"): the
// control inside the item that shows that text. Only before a state that
// needs the control found (disabled, enabled, ticked): a control said
// hidden or absent inside an item that is not there would pass.
func (c *composer) itemOfState() string {
	save := c.i
	for _, prep := range [][]string{{"next", "to"}, {"beside"}, {"for"}, {"of"}, {"on"}, {"in", "the", "row", "of"}, {"in", "the", "row", "for"}} {
		if !c.eat(prep...) {
			continue
		}
		c.eat("the")
		c.eatAny(itemWords)
		if !c.end() && c.w[c.i].kind == tLit {
			v := c.w[c.i].raw
			c.i++
			k := c.i
			for _, cop := range []string{"is", "are", "stays", "remains"} {
				if c.eat(cop) {
					break
				}
			}
			c.eat("not")
			if c.eatAny(itemStates) {
				c.i = k
				return v
			}
		}
		c.i = save
	}
	c.i = save
	return ""
}

var (
	itemWords  = phrases("item", "task", "todo", "row", "entry", "line", "product", "card")
	itemStates = phrases("disabled", "enabled", "greyed out", "grayed out", "clickable", "unclickable", "checked", "unchecked", "ticked", "unticked", "inactive")
)

// placedBox reads "the box at the top" / "the field at the bottom": a text
// box named by its place only, the first (or last) in the page's order.
func (c *composer) placedBox() (string, string, bool) {
	save := c.i
	c.eatDet()
	if k, n := c.nounAt(); k == "field" {
		c.i += n
		if c.eat("at", "the", "top") || c.eat("at", "the", "bottom") {
			nth, where := 1, "first"
			if c.w[c.i-1].low == "bottom" {
				nth, where = plan.NthLast, "last"
			}
			t := plan.Target{Kind: plan.ByRole, Value: "textbox", Nth: nth}.String()
			return t, fmt.Sprintf("The text box named by its place (%q) is taken as the page's %s text box (%s); edit the target if it is another.", strings.TrimSpace(c.p.lx.span(c.w[save].a, c.w[c.i-1].b)), where, t), true
		}
	}
	c.i = save
	return "", "", false
}

// aimed returns the target string of an element, or "" for a bare text.
func (t *ctarget) aimed() string {
	if t.target != "" {
		return t.target
	}
	if t.name != "" {
		return plan.Target{Kind: plan.ByText, Value: t.name, Exact: true}.String()
	}
	return ""
}

// --- actions ---------------------------------------------------------------

var (
	clickVerbs = phrases("click", "clicking", "clicks", "click on", "clicking on", "clicks on", "tap", "tapping", "taps",
		"tap on", "tapping on", "push", "pushing", "select", "selecting", "choose", "choosing", "pick", "picking",
		"hit", "hitting", "hits", "press", "pressing", "presses", "open", "opening", "expand", "expanding",
		"collapse", "collapsing", "toggle", "toggling", "switch to", "switching to",
		"go to", "going to", "follow", "following", "close", "closing")
	hoverVerbs = phrases("hover over", "hovering over", "hovers over", "hover on", "hovering on", "hover", "hovering",
		"mouse over", "mousing over", "moving the mouse over")
	typeVerbs   = phrases("type", "typing", "types", "enter", "entering", "enters", "paste", "pasting", "put", "putting")
	reloadVerbs = phrases("reload the page", "reloading the page", "reloads the page", "refresh the page",
		"refreshing the page", "reload", "reloading", "reloads", "refresh", "refreshing", "refreshes", "a reload",
		"a refresh", "a page reload", "reloading it", "refreshing it")
	backVerbsAct = phrases("go back", "going back", "goes back", "press back", "pressing back", "hit back",
		"hitting back", "navigate back", "navigating back", "click back", "clicking back", "using the back button",
		"pressing the back button", "clicking the back button", "going back in the browser", "back")
	tickVerbs = map[string]plan.Kind{"tick": plan.Check, "ticking": plan.Check, "ticks": plan.Check,
		"check": plan.Check, "checking": plan.Check, "untick": plan.Uncheck, "unticking": plan.Uncheck,
		"unticks": plan.Uncheck, "uncheck": plan.Uncheck, "unchecking": plan.Uncheck}
)

func (c *composer) actionClause() bool {
	save := c.i
	c.eat("you")
	c.eat("i")
	c.eat("then")
	if c.actions() {
		return true
	}
	c.i = save
	return false
}

// actions reads one or more actions joined by "and" / "then".
func (c *composer) actions() bool {
	if !c.action() {
		return false
	}
	for {
		save := c.i
		seq := false
		switch {
		case c.eat("and", "then"), c.eat(",", "then"), c.eat("then"):
			seq = true
		case c.eat("and"), c.eat(","):
		default:
			return true
		}
		c.eat("you")
		n := len(c.items)
		c.emit(item{kind: iConn, seq: seq})
		if !c.action() && (c.w[save].low == "," && !seq || !c.elided()) {
			c.items = c.items[:n]
			c.i = save
			return true
		}
	}
}

// passiveVerbs say an action done to a target, after "once", "after",
// "when" or "if": "once 'List orders' has been opened".
var passiveVerbs = map[string]string{"clicked": "click", "opened": "click", "expanded": "click", "collapsed": "click",
	"tapped": "click", "ticked": "tick", "checked": "tick", "unticked": "untick", "unchecked": "untick", "hovered": "hover"}

// passive reads "'X' has been clicked" as clicking 'X'.
func (c *composer) passive() bool {
	if n := len(c.items); n == 0 || c.items[n-1].kind != iCond {
		return false
	}
	save := c.i
	t, ok := c.target(false)
	if !ok || t.noun == "dialog" || t.noun == "field" {
		c.i = save
		return false
	}
	c.eat("has", "been")
	c.eat("have", "been")
	_ = c.eat("is") || c.eat("are") || c.eat("was") || c.eat("were") || c.eat("gets") || c.eat("got")
	// "when 'Agree' is not ticked": a box left unticked is unticked first
	not := c.eat("not")
	verb, ok := passiveVerbs[c.low()]
	if not && (verb == "tick" || verb == "untick") {
		verb = map[string]string{"tick": "untick", "untick": "tick"}[verb]
	} else if not {
		ok = false
	}
	if !ok || c.w[c.i-1].kind == tLit {
		c.i = save
		return false
	}
	c.i++
	said := c.w[c.i-1].low
	if not {
		said = "not " + said
	}
	c.notes = append(c.notes, fmt.Sprintf("%q being %s is done as a step (%s) before what follows.", t.name, said, verb))
	switch verb {
	case "tick", "untick":
		k := plan.Check
		if verb == "untick" {
			k = plan.Uncheck
		}
		if !(t.noun == "checkbox" || t.noun == "" && t.quoted) {
			c.i = save
			return false
		}
		it := action("form", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: t.name}.String()})
		it.fillish = true
		c.emit(it)
	case "hover":
		c.emit(action("navigation", plan.Step{Kind: plan.Hover, Target: t.aimed()}))
	default:
		return c.click(t)
	}
	c.acted, c.last = true, t
	return true
}

// click emits a click on t: a bare text is clicked by its exact text.
func (c *composer) click(t *ctarget) bool {
	it := action("navigation", plan.Step{Kind: plan.Click, Target: t.aimed()})
	if t.target == "" {
		it.click, it.clickExact = t.name, true
	}
	it.notes = t.notes
	c.emit(it)
	c.acted, c.last = true, t
	return true
}

// elided reads a target after "and then" with the verb of the action
// before it left out: "pressing 'o' and then Esc", "clicking 'A' and 'B'".
func (c *composer) elided() bool {
	var prev *item
	for k := len(c.items) - 1; k >= 0; k-- {
		if c.items[k].kind == iAction {
			prev = &c.items[k]
			break
		}
		if c.items[k].kind != iConn {
			return false
		}
	}
	if prev == nil || len(prev.steps) != 1 {
		return false
	}
	save := c.i
	k := prev.steps[0].Kind
	if k != plan.Press && k != plan.Click {
		return false
	}
	t, ok := c.target(k == plan.Press)
	if !ok || (k == plan.Press) != (t.key != "") || t.noun == "dialog" || !c.end() && (subjectVerbs[c.low()] || c.at("not")) {
		// "…, the 'Save' button is enabled": a subject, not a target
		c.i = save
		return false
	}
	if t.key != "" {
		c.emit(action("navigation", plan.Step{Kind: plan.Press, Value: t.key}))
		c.acted = true
		return true
	}
	return c.click(t)
}

// action reads one action.
func (c *composer) action() bool {
	save := c.i
	start := len(c.items)
	fail := func() bool { c.i = save; c.items = c.items[:start]; return false }
	if c.passive() {
		return true
	}
	switch {
	case c.eatAny(reloadVerbs):
		if !c.acted && !c.page && !c.end() && c.w[c.i].kind == tPath {
			// "reloading /notes": open it, then reload
			if pg, ok := c.pageRef(); ok {
				c.emit(item{kind: iPage, page: pg})
				c.page = true
			}
		}
		c.emit(item{kind: iReload})
		c.acted = true
		return true
	case c.eatAny(backVerbsAct):
		if c.w[c.i-1].low == "back" && c.i-save == 1 {
			return fail() // a bare "back" only after a verb
		}
		it := action("navigation", plan.Step{Kind: plan.GoBack})
		it.desc = "go back"
		c.emit(it)
		c.acted = true
		return true
	}
	if k, ok := tickVerbs[c.low()]; ok {
		c.i++
		t, ok := c.target(false)
		if !ok || t.noun != "" && t.noun != "checkbox" || !t.quoted && t.noun == "" {
			return fail()
		}
		it := action("form", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: t.name}.String()})
		it.notes, it.fillish = t.notes, true
		c.emit(it)
		c.acted, c.last = true, t
		return true
	}
	if c.eatAny(typeVerbs) {
		v, ok := c.lit()
		if !ok || !(c.eat("into") || c.eat("in")) {
			return fail()
		}
		if tg, note, ok := c.placedBox(); ok {
			// "in the box at the top": the page's first text box
			it := action("form", plan.Step{Kind: plan.Fill, Target: tg, Value: v})
			it.notes, it.fillish = []string{note}, true
			c.emit(it)
			c.acted = true
			return true
		}
		t, ok := c.target(false)
		if !ok || !(t.noun == "field" || t.noun == "" && t.quoted) {
			return fail()
		}
		tg := t.target
		notes := t.notes
		if t.noun == "" {
			x, note := fieldTarget(t.name, true)
			tg, notes = x.String(), append(notes, note)
		}
		it := action("form", plan.Step{Kind: plan.Fill, Target: tg, Value: v})
		it.notes, it.fillish = notes, true
		c.emit(it)
		c.acted = true
		return true
	}
	hover := c.eatAny(hoverVerbs)
	verb := ""
	if !hover {
		if !c.eatAny(clickVerbs) {
			return fail()
		}
		verb = c.w[save].low
	}
	if !hover && (verb == "go" || verb == "going" || verb == "open" || verb == "opening" || verb == "opens") {
		// "opening /x", "going to the pricing page": a page to visit
		s2 := c.i
		if pg, ok := c.pageRef(); ok {
			c.emit(item{kind: iPage, page: pg, visit: true})
			c.page = true
			return true
		}
		c.i = s2
		if verb == "go" || verb == "going" {
			return fail()
		}
	}
	press := verb == "press" || verb == "pressing" || verb == "presses" || verb == "hit" || verb == "hitting" || verb == "hits"
	var t *ctarget
	ok := false
	if c.eat("it") && c.lastSubj != nil && !press {
		t, ok = c.lastSubj, true
	} else {
		t, ok = c.target(press)
	}
	if !ok {
		return fail()
	}
	if t.key != "" {
		if hover {
			return fail()
		}
		c.emit(action("navigation", plan.Step{Kind: plan.Press, Value: t.key}))
		c.acted = true
		return true
	}
	if t.noun == "dialog" || t.noun == "checkbox" && !hover && verb != "toggle" && verb != "toggling" && verb != "click" && verb != "clicking" {
		return fail()
	}
	if (verb == "switch" || verb == "switching" || verb == "switches") && t.noun != "tab" {
		return fail()
	}
	if c.region != "" && !c.acted && t.path == "" {
		// a named element in a part of the page: vouch cannot pin it there
		return fail()
	}
	k := plan.Click
	if hover {
		k = plan.Hover
	}
	var it item
	if t.target == "" && k == plan.Click {
		it = action("navigation", plan.Step{Kind: k, Target: t.aimed()})
		it.click, it.clickExact = t.name, true
	} else {
		it = action("navigation", plan.Step{Kind: k, Target: t.aimed()})
	}
	it.notes = t.notes
	c.emit(it)
	c.acted, c.last = true, t

	return true
}

func (c *composer) low() string {
	if c.end() {
		return ""
	}
	return c.w[c.i].low
}

// opener reads what opens a dialog just named: "you get by pressing 'o'",
// "that opens when you click 'Upload'". The action goes before the
// claim's first action: the dialog is open before anything is done in it.
// openerPhrases say what opens a dialog named just before them.
var openerPhrases = phrases("you get by", "you open by", "opened by", "opens when you", "opens after you",
	"you get when you", "you get after", "shown by", "that appears when you", "appears when you",
	"that pops up when you", "pops up when you", "you see after", "you see when you")

// openerClause reports a claim that says what opens a dialog after
// naming it.
func openerClause(lx *lexed) bool {
	for _, p := range openerPhrases {
		if containsPhrase(lx.shape, strings.Join(p, " ")) {
			return true
		}
	}
	return false
}

func (c *composer) opener() bool {
	save := c.i
	c.eat("that")
	c.eat("which")
	if !c.eatAny(openerPhrases) {
		c.i = save
		return false
	}
	n := len(c.items)
	if !c.action() {
		c.i = save
		return false
	}
	op := append([]item(nil), c.items[n:]...)
	c.items = c.items[:n]
	at := len(c.items)
	for k, it := range c.items {
		if it.kind == iAction || it.kind == iReload || it.kind == iCond {
			at = k
			break
		}
	}
	rest := append(op, c.items[at:]...)
	c.items = append(c.items[:at:at], rest...)
	c.openedBy = true
	c.notes = append(c.notes, "What the claim says opens the dialog is done first, before the claim's other actions.")
	return true
}

// state is what a state word checks, and its negation.
type cstate struct {
	kind, negKind plan.Kind
	prop          string
	val, negVal   string
	checkbox      bool
	tab           bool // said of a tab (aria-selected)
	// onOff: said of a toggle, the word can mean switched on or off
	// ("the 'Notifications' setting is enabled") as well as usable
	onOff bool
	// colour: a colour family ("~blue"), of the text or of the
	// background, which the element's noun says (colourCheck)
	colour bool
	// size: a length in px ("is 32px", "is 350px wide"), exact
	size bool
	// font: a generic font family ("in a monospace font"), of a text
	font bool
	// bg: the colour behind an element ("on a #ccc background"), as a
	// person sees it: its own background, else the nearest painted one
	bg bool
	// opacity: how opaque an element is drawn, its ancestors' included
	opacity bool
	// also: a second state said with the first ("34px by 34px": the
	// height after the width)
	also *cstate
}

var cstates = withColours(map[string]cstate{
	"bold":              {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "bold", negVal: "normal"},
	"in bold":           {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "bold", negVal: "normal"},
	"shown in bold":     {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "bold", negVal: "normal"},
	"set in bold":       {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "bold", negVal: "normal"},
	"normal weight":     {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "normal", negVal: "bold"},
	"in normal weight":  {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "normal", negVal: "bold"},
	"regular weight":    {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "normal", negVal: "bold"},
	"in regular weight": {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "normal", negVal: "bold"},
	"written in bold":   {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-weight", val: "bold", negVal: "normal"},
	"set in italics":    {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-style", val: "italic", negVal: "normal"},
	"in italic":         {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-style", val: "italic", negVal: "normal"},
	"underlined":        {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "text-decoration-line", val: "underline", negVal: "none"},
	// struck through and italic: a text's own style; "not struck
	// through" is not read (a link's underline is a decoration too, so no
	// one value of text-decoration-line says it)
	"struck through":  {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "text-decoration-line", val: "line-through", negVal: ""},
	"crossed out":     {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "text-decoration-line", val: "line-through", negVal: ""},
	"struck out":      {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "text-decoration-line", val: "line-through", negVal: ""},
	"crossed through": {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "text-decoration-line", val: "line-through", negVal: ""},
	"italic":          {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-style", val: "italic", negVal: "normal"},
	"in italics":      {kind: plan.ExpectStyle, negKind: plan.ExpectStyle, prop: "font-style", val: "italic", negVal: "normal"},
	"ticked":          {kind: plan.ExpectChecked, negKind: plan.ExpectUnchecked, checkbox: true},
	"checked":         {kind: plan.ExpectChecked, negKind: plan.ExpectUnchecked, checkbox: true},
	"turned on":       {kind: plan.ExpectChecked, negKind: plan.ExpectUnchecked, checkbox: true},
	"switched on":     {kind: plan.ExpectChecked, negKind: plan.ExpectUnchecked, checkbox: true},
	"unticked":        {kind: plan.ExpectUnchecked, negKind: plan.ExpectChecked, checkbox: true},
	"unchecked":       {kind: plan.ExpectUnchecked, negKind: plan.ExpectChecked, checkbox: true},
	"turned off":      {kind: plan.ExpectUnchecked, negKind: plan.ExpectChecked, checkbox: true},
	"switched off":    {kind: plan.ExpectUnchecked, negKind: plan.ExpectChecked, checkbox: true},
	"off":             {kind: plan.ExpectUnchecked, negKind: plan.ExpectChecked, checkbox: true},
	"enabled":         {kind: plan.ExpectEnabled, negKind: plan.ExpectDisabled, onOff: true},
	"disabled":        {kind: plan.ExpectDisabled, negKind: plan.ExpectEnabled, onOff: true},
	"greyed out":      {kind: plan.ExpectDisabled, negKind: plan.ExpectEnabled},
	"grayed out":      {kind: plan.ExpectDisabled, negKind: plan.ExpectEnabled},
	"clickable":       {kind: plan.ExpectEnabled, negKind: plan.ExpectDisabled},
	"unclickable":     {kind: plan.ExpectDisabled, negKind: plan.ExpectEnabled},
	"visible":         {kind: plan.ExpectVisible, negKind: plan.ExpectHidden},
	"hidden":          {kind: plan.ExpectHidden, negKind: plan.ExpectVisible},
	"selected":        {kind: plan.ExpectChecked, negKind: plan.ExpectUnchecked, tab: true},
})

// withColours adds the colour families and the generic font families to
// the state words.
func withColours(m map[string]cstate) map[string]cstate {
	for _, g := range []string{"monospace", "serif", "sans-serif"} {
		st := cstate{kind: plan.ExpectStyle, prop: "font-family", val: g, font: true}
		for _, w := range []string{"in a " + g + " font", "set in a " + g + " font", "in " + g, "set in " + g, "in a " + g + " typeface", "set in a " + g + " typeface"} {
			m[w] = st
		}
	}
	m["monospaced"] = m["in monospace"]
	m["in a monospaced font"] = m["in monospace"]
	m["set in a monospaced font"] = m["in monospace"]
	for _, f := range plan.ColorFamilies {
		st := cstate{kind: plan.ExpectStyle, prop: "color", val: "~" + f, colour: true}
		for _, w := range []string{f, "in " + f, "shown in " + f, "written in " + f, "coloured " + f, "colored " + f} {
			m[w] = st
			if f == "grey" {
				m[strings.Replace(w, "grey", "gray", 1)] = st
			}
		}
	}
	return m
}

// colourFill are the nouns of elements whose colour is their background:
// "the GET badge is blue" is a blue badge with white letters.
var colourFill = map[string]bool{"badge": true, "tag": true, "pill": true, "chip": true, "banner": true, "bar": true}

var cstateList = func() [][]string {
	var ks []string
	for k := range cstates {
		ks = append(ks, k)
	}
	return phrases(ks...)
}()

// stateCheck makes the check of a state word on an element.
func stateCheck(t *ctarget, st cstate, neg bool) (item, bool) {
	if t == nil || t.key != "" || t.path != "" && st.prop != "" || st.onOff && t.noun == "checkbox" {
		return item{}, false
	}
	if st.colour {
		// A colour said of a badge is its background's; of a text, a
		// heading, a link or a label, its letters'. A button's is its
		// background where it is filled, else its text's (control-color,
		// the runner tells which); another control's is not said, and
		// "not red" names no colour to check.
		switch {
		case neg || t.name == "":
			return item{}, false
		case colourFill[t.word]:
			st.prop = "background-color"
		case t.noun == "button":
			st.prop = "control-color"
		case t.noun == "" && t.quoted || t.noun == "heading" || t.noun == "link" || t.noun == "text":
		default:
			return item{}, false
		}
	}
	if (st.bg || st.opacity) && (neg || t.name == "" || t.noun == "dialog" || t.noun == "menu") {
		// "not on a grey background" names no colour to check
		return item{}, false
	}
	if st.font && (neg || t.name == "" || !(t.noun == "" && t.quoted || fontNouns[t.word])) {
		// a font is a text's letters'; "not serif" names no family
		return item{}, false
	}
	if st.size {
		// A text's size is its letters' (font-size); a width or a
		// height may be said of any element. "32px" said of a button,
		// a card or a bar names no dimension, and "not 32px" no value.
		switch {
		case neg || t.name == "" || t.noun == "dialog" || t.noun == "menu":
			return item{}, false
		case st.prop != "font-size":
			// the element found must be the one measured: a button, a
			// field, a link or a badge, never the text inside a card
			if !boxNouns[t.word] && t.noun != "button" && t.noun != "field" && t.noun != "select" {
				return item{}, false
			}
		case t.noun == "" && t.quoted || fontNouns[t.word]:
		default:
			return item{}, false
		}
	}
	tg := t.aimed()
	if st.checkbox {
		switch {
		case t.noun == "checkbox" && t.target != "":
			// the checkbox as aimed, inside its item when one is named
			tg = t.target
		case t.noun == "checkbox" || t.noun == "" && t.quoted:
			tg = plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: t.name}.String()
		default:
			return item{}, false
		}
	}
	if tg == "" || t.noun == "dialog" || st.tab && t.noun != "tab" {
		return item{}, false
	}
	guard := false
	if (st.kind == plan.ExpectEnabled || st.kind == plan.ExpectDisabled) && t.noun == "" {
		// a bare text is no control: the element that says it (a label
		// inside a button) is never itself disabled. Greyed out or
		// clickable, a quoted name is the button named so, found first
		// (a wait marked reach): no such button blocks the run, and
		// never fails it. "Disabled" of a bare name may be a setting
		// switched off, so it stays unread.
		if st.onOff || !t.quoted || t.key != "" {
			return item{}, false
		}
		tg, guard = plan.Target{Kind: plan.ByRole, Value: "button", Name: t.name}.String(), true
	}
	k, v := st.kind, st.val
	if neg {
		k, v = st.negKind, st.negVal
		if st.prop != "" && v == "" {
			return item{}, false
		}
	}
	s := plan.Step{Kind: k, Target: tg}
	if st.prop != "" {
		s.Property, s.Value = st.prop, v
	}
	it := check("presence", s)
	if st.also != nil {
		it.steps = append(it.steps, plan.Step{Kind: st.also.kind, Target: tg, Property: st.also.prop, Value: st.also.val})
	}
	it.notes = append([]string(nil), t.notes...)
	if guard {
		it.steps = []plan.Step{{Kind: plan.WaitFor, Target: tg, Reach: true}, s}
		it.notes = append(it.notes, fmt.Sprintf("%s is taken to be the button named so, found first: if the page has no such button, the run is blocked, not failed.", plan.Quote(t.name)))
	} else if (st.colour || st.size || st.font || st.bg || st.opacity) && !t.quoted {
		// an unquoted name is a guess at what the element shows: found
		// first, so a name read wrongly blocks the run, never fails it
		it.steps = []plan.Step{{Kind: plan.WaitFor, Target: tg, Reach: true}, s}
		it.notes = append(it.notes, fmt.Sprintf("The unquoted name %s is a guess, so the element is found first: if the page shows no such element, the run is blocked, not failed.", plan.Quote(t.name)))
	}
	if st.colour && !strings.HasPrefix(v, "~") {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its %s is checked to be exactly %s (the same red, green and blue, give or take one).", t.name, tg, map[bool]string{true: "colour (its background where it is a filled button, else its text's)", false: "computed " + st.prop}[st.prop == "control-color"], v))
	} else if st.colour && st.prop == "control-color" {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its colour is checked as a shade of %s: the button's own background where it is filled (painted and standing out from what is behind it), else the colour of its text, as a person names an outlined button's colour.", t.name, tg, strings.TrimPrefix(v, "~")))
	} else if st.colour {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its computed %s is checked as a shade of %s (any colour a person would call %s; colours on the border of two are either).", t.name, tg, st.prop, strings.TrimPrefix(v, "~"), strings.TrimPrefix(v, "~")))
	} else if st.font {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its letters are checked to be drawn in a %s font, whatever the font's name: %s.", t.name, tg, v, map[bool]string{true: "monospaced when \"i\" and \"M\" are as wide", false: "drawn exactly as the browser's own " + v + " font; a font drawn like neither blocks the run"}[v == "monospace"]))
	} else if st.size && st.also != nil {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its computed %s and %s are checked to be exactly %s and %s, as the browser computes them.", t.name, tg, st.prop, st.also.prop, v, st.also.val))
	} else if st.size {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its computed %s is checked to be exactly %s, as the browser computes it (a size set in rem or em is computed in px).", t.name, tg, st.prop, v))
	} else if st.bg {
		what := "exactly " + v + " (the same red, green and blue, give or take one)"
		if strings.HasPrefix(v, "~") {
			what = "a shade of " + v[1:] + " (any colour a person would call " + v[1:] + ")"
		}
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and the background behind it (its own where painted, else the nearest painted one around it) is checked to be %s.", t.name, tg, what))
	} else if st.opacity {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and the opacity it is drawn at (its own times that of every element around it) is checked to be %s.", t.name, tg, v))
	} else if st.prop != "" {
		it.notes = append(it.notes, fmt.Sprintf("%q is found by %s and its computed %s is checked.", t.name, tg, st.prop))
	}
	return it, true
}

// checkedSinceAct reports a check said after the last action: "clicking
// 'Save' shows 'Saved' and it stays there" — "it" may be what was clicked
// or what it showed, so the pronoun names neither.
func (c *composer) checkedSinceAct() bool {
	for k := len(c.items) - 1; k >= 0; k-- {
		switch c.items[k].kind {
		case iCheck:
			return true
		case iAction, iReload:
			return false
		}
	}
	return false
}

// opposites pair each state check, and each style value, with the state
// a change starts from.
var (
	oppositeKinds = map[plan.Kind]plan.Kind{
		plan.ExpectChecked: plan.ExpectUnchecked, plan.ExpectUnchecked: plan.ExpectChecked,
		plan.ExpectEnabled: plan.ExpectDisabled, plan.ExpectDisabled: plan.ExpectEnabled,
		plan.ExpectVisible: plan.ExpectHidden, plan.ExpectHidden: plan.ExpectVisible,
	}
	oppositeStyles = map[string]string{"bold": "normal", "normal": "bold", "underline": "none", "none": "underline"}
)

// oppositeStep is the check of the state a change starts from.
func oppositeStep(s plan.Step) (plan.Step, bool) {
	o := s
	if k, ok := oppositeKinds[s.Kind]; ok {
		o.Kind = k
		return o, true
	}
	if v, ok := oppositeStyles[s.Value]; ok && s.Kind == plan.ExpectStyle {
		o.Value = v
		return o, true
	}
	return s, false
}

// messageKinds say what kind of message a text is, never what it reads:
// "the error message" is any message that reports an error, not an
// element whose whole text is "error".
var messageKinds = map[string]bool{"error": true, "errors": true, "success": true, "warning": true, "info": true,
	"information": true, "confirmation": true, "validation": true, "status": true, "notification": true,
	"alert": true, "flash": true, "toast": true, "help": true, "hint": true, "placeholder": true, "empty": true,
	"loading": true, "welcome": true, "default": true, "failure": true, "feedback": true, "inline": true}

// subjectRef reads what a clause is about.
func (c *composer) subjectRef() *subject {
	save := c.i
	switch {
	case c.eat("it"), c.eat("they"):
		if c.last != nil && !c.checkedSinceAct() {
			return &subject{kind: sTarget, t: c.last}
		}
		c.i = save
		return nil
	case c.eat("you"), c.eat("i"), c.eat("the", "user"):
		return &subject{kind: sNone}
	}
	if css, name, ok := c.regionRef(); ok {
		return &subject{kind: sRegion, region: css, name: name}
	}
	if tg, name, ok := c.nthRef(); ok {
		return &subject{kind: sNth, region: tg, name: name}
	}
	if c.page && !c.acted && !c.end() && c.w[c.i].kind == tPath {
		// "On the home page, /releases has '2x' next to it": a path is no
		// text an item shows for sure, and no second page either
		return nil
	}
	// "the record at /users/2", "the response for /tasks/10"
	s2 := c.i
	c.eatDet()
	if !c.end() && recordNouns[c.low()] {
		c.i++
		if c.eat("at") || c.eat("of") || c.eat("for") || c.eat("from") {
			if pg, ok := c.pageRef(); ok {
				c.emit(item{kind: iPage, page: pg, subject: true})
				c.notes = append(c.notes, fmt.Sprintf("%q is what %s shows.", c.w[s2].raw+" "+c.w[s2+1].raw, pg.path))
				c.page = true
				return &subject{kind: sPage}
			}
		}
	}
	c.i = s2
	if !c.end() && c.w[c.i].kind != tLit {
		if pg, ok := c.pageRef(); ok {
			if c.acted && !pg.generic {
				c.i = save
				return nil
			}
			c.emit(item{kind: iPage, page: pg, subject: true})
			c.page = true
			return &subject{kind: sPage}
		}
	}
	if c.eat("the", "docs") || c.eat("the", "page") || c.eat("the", "app") {
		return &subject{kind: sBody}
	}
	s3 := c.i
	c.eat("both")
	the := c.eat("the")
	if vals := c.lits(); len(vals) > 1 {
		if noun, ok := pluralNouns[c.low()]; ok {
			// "the 'Save' and 'Cancel' buttons": each one such element
			c.i++
			var ts []*ctarget
			for _, v := range vals {
				ts = append(ts, &ctarget{name: v, quoted: true, noun: noun, word: noun,
					target: plan.Target{Kind: plan.ByRole, Value: noun, Name: v}.String()})
			}
			return &subject{kind: sTargets, ts: ts}
		}
		if !the {
			return &subject{kind: sTexts, vals: vals}
		}
	}
	c.i = s3
	if t, ok := c.target(false); ok {
		if t.noun == "dialog" {
			c.opener()
		}
		return &subject{kind: sTarget, t: t}
	}
	c.i = save
	return nil
}

// namedAll reports whether "all" at i sums up quoted names said just
// before ("the 'Save' and 'Cancel' buttons are all disabled"), no
// quantifier over elements the claim does not name.
func namedAll(w []cw, i int) bool {
	return w[i].low == "all" && i >= 3 && (w[i-1].low == "are" || w[i-1].low == "were") && pluralNouns[w[i-2].low] != "" && w[i-3].kind == tLit
}

// pluralNouns are the plural head nouns a list of quoted names may take,
// each naming the role its elements have.
var pluralNouns = map[string]string{"buttons": "button", "links": "link", "tabs": "tab", "headings": "heading",
	"checkboxes": "checkbox", "toggles": "checkbox", "switches": "checkbox", "tickboxes": "checkbox"}

// descStates are words before a quoted text that say more than what kind
// of text it is.
var descStates = map[string]bool{"deleted": true, "removed": true, "old": true, "new": true, "previous": true, "current": true,
	"latest": true, "bold": true, "underlined": true, "ticked": true, "unticked": true, "unchecked": true,
	"crossed": true, "struck": true, "highlighted": true, "red": true, "green": true, "expanded": true,
	"collapsed": true, "open": true, "closed": true, "empty": true, "same": true, "correct": true}

// descNouns after a quoted text say what kind of text it is.
var descNouns = map[string]bool{"key": true, "value": true, "property": true, "parameter": true,
	"column": true, "attribute": true, "label": true, "text": true, "message": true, "word": true,
	"code": true, "badge": true, "tag": true, "version": true, "status": true, "error": true}

// recordNouns name what a path answers.
var recordNouns = map[string]bool{"record": true, "response": true, "resource": true, "json": true,
	"result": true, "results": true, "output": true, "data": true, "body": true}

// descWords may describe quoted texts before them ("lists the methods
// 'GET' and 'POST'"); they are noted, not checked.
func (c *composer) descBefore() string {
	save := c.i
	c.eatDet()
	var ws []string
	for !c.end() && c.w[c.i].kind == tWord && len(ws) < 3 {
		w := c.w[c.i].low
		if stopWords[w] || notText[w] && w != "other" || quantifiers[w] || w == "only" || w == "just" || w == "exactly" {
			break
		}
		if stateWords[w] || ordinalWords[w] && w != "other" || hiddenWord(w) || changeWord(w) || headNouns[w] != "" && headNouns[w] != "text" || descStates[w] {
			// "shows the deleted 'X'", "the first 'X'", "a button 'X'":
			// a state, a place or an element, not a description
			c.i = save
			return ""
		}
		if _, isNum := number(w); isNum {
			break
		}
		if _, isNum := numberWords[w]; isNum {
			break
		}
		ws = append(ws, c.w[c.i].raw)
		c.i++
	}
	if c.end() || c.w[c.i].kind != tLit {
		c.i = save
		return ""
	}
	return strings.Join(ws, " ")
}

func (c *composer) outcomeClause() bool {
	save := c.i
	start := len(c.items)
	notes := len(c.notes)
	fail := func() bool { c.i = save; c.items = c.items[:start]; c.notes = c.notes[:notes]; return false }
	c.eat("then")
	subj := c.subjectRef()
	if subj == nil {
		subj = &subject{kind: sNone}
	}
	if subj.kind == sTarget && subj.t.key == "" && subj.t.noun != "dialog" {
		c.lastSubj = subj.t
	}
	if c.region != "" && subj.kind == sNone {
		subj = &subject{kind: sRegion, region: c.region, name: c.regionName}
	}
	if subj.kind == sTarget || subj.kind == sRegion {
		// "the 'Resources' heading on the landing page"
		s2 := c.i
		if (c.eat("on") || c.eat("of")) && !c.acted {
			if pg, ok := c.pageRef(); ok {
				c.emit(item{kind: iPage, page: pg, subject: true})
				c.page = true
			} else {
				c.i = s2
			}
		}
	}
	c.eat("also")
	if subj.kind == sTarget && subj.t.noun == "tab" && c.openedBy && c.at("shows") {
		// "In Preferences (press ','), the 'Peers' tab shows 'X'": the
		// tab is opened, then its texts are looked for
		c.emit(action("navigation", plan.Step{Kind: plan.Click, Target: subj.t.target}))
		c.notes = append(c.notes, fmt.Sprintf("The %q tab is clicked to show what the claim says it shows.", subj.t.name))
		subj = &subject{kind: sNone}
	}
	if !c.predicate(subj) {
		return fail()
	}
	c.eat("anywhere")
	return true
}

func (c *composer) negation() bool {
	return c.eat("not") || c.eat("never") || c.eat("no", "longer")
}

// partSteps are the steps of a text check s pinned to the part css: the
// part is found first (reach), so a page that marks up no such part (its
// footer a plain div) blocks the run: a text said there is neither shown
// nor absent in a part that is not there. A dialog is found by what
// opens it.
func partSteps(css string, s plan.Step) []plan.Step {
	if strings.Contains(css, "dialog") {
		return []plan.Step{s}
	}
	return []plan.Step{{Kind: plan.WaitFor, Target: plan.Target{Kind: plan.ByCSS, Value: css}.String(), Reach: true}, s}
}

// partFirstNote says why a part of the page is waited for before a text
// is looked for in it.
func partFirstNote(css string) string {
	return fmt.Sprintf("The page's %s is found first (marked reach): a page that marks up no such part blocks the run, not fails or passes it, since the text may be shown in an element marked up otherwise.", strings.Split(css, ",")[0])
}

// textChecks makes one check per text, pinned to the subject's part.
func (c *composer) textChecks(subj *subject, vals []string, neg bool) bool {
	switch subj.kind {
	case sNone, sPage, sRegion, sBody:
	case sNth:
		if neg {
			// with no such row or item, no text is shown in it
			return false
		}
	default:
		return false
	}
	for _, v := range vals {
		s := plan.Step{Kind: plan.ExpectText, Value: v}
		rk := "presence"
		if neg {
			s.Kind, rk = plan.ExpectNoText, "absence"
		}
		it := check(rk, s)
		if subj.kind == sRegion {
			s.Target = plan.Target{Kind: plan.ByCSS, Value: subj.region}.String()
			it.steps[0] = s
			it.notes = append(it.notes, fmt.Sprintf("The text is looked for inside the page's %s element (the %s); edit the target if the part is marked up differently.", subj.region, subj.name))
			if st := partSteps(subj.region, s); len(st) > 1 {
				it.steps = st
				it.notes = append(it.notes, partFirstNote(subj.region))
			}
		}
		if subj.kind == sNth {
			s.Target = subj.region
			it.steps[0] = s
			it.notes = append(it.notes, nthNote(subj.name))
			// the approver reads "the first item in the list", not its CSS
			it.desc = fmt.Sprintf("the %s shows %s", subj.name, plan.Quote(v))
		}
		c.emit(it)
	}
	return len(vals) > 0
}

func (c *composer) predicate(subj *subject) bool {
	if ok, handled := c.uiPredicate(subj); handled {
		return ok
	}
	if ok, handled := c.countPredicate(subj); handled {
		return ok
	}
	save := c.i
	neg := c.negation()
	if subj.kind == sTarget && subj.t.quoted && subj.t.noun == "" && !neg && (c.at("has") || c.at("is", "marked") || c.at("is", "labelled")) {
		// "/releases has '2x' next to it", "'Invoice 7' is marked 'Paid'":
		// the text inside the item that shows the name
		s2 := c.i
		c.i += 1
		if c.w[s2].low == "is" {
			c.i++
		}
		v, ok := c.lit()
		if ok && (c.w[s2].low != "has" || c.eat("next", "to", "it") || c.eat("beside", "it")) {
			it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: v, Within: subj.t.name}.String()})
			it.notes = []string{fmt.Sprintf("%q is looked for inside the repeated item (list item, row, card) that shows %q.", v, subj.t.name)}
			c.emit(it)
			return true
		}
		c.i = s2
	}
	if c.heldInItem(subj, neg) || c.pricedItem(subj, neg) {
		return true
	}
	if c.renamed(subj, neg) {
		return true
	}
	if subj.kind == sTarget && !neg && (c.styleHas(subj.t) || c.borderColour(subj.t)) {
		return true
	}
	// copula: "is not bold", "stays open", "is set to 'X'"
	if c.at("gets") || c.at("becomes") || c.at("turns") || c.at("get") || c.at("become") || c.at("turn") {
		// "gets underlined", "turns bold": a state after a change
		c.i++
		if c.stateNext() {
			n := len(c.items)
			if !c.copula(subj, neg) {
				return false
			}
			// a change: the state did not hold just before the last
			// step, or "becomes disabled" is proven by a button that
			// was disabled all along
			if len(c.items) != n+1 || c.items[n].kind != iCheck || len(c.items[n].steps) != 1 {
				return false
			}
			opp, ok := oppositeStep(c.items[n].steps[0])
			if !ok {
				return false
			}
			c.items[n].pre = append(c.items[n].pre, opp)
			c.items[n].notes = append(c.items[n].notes, "That it changes is checked by the opposite state just before the last step.")
			return true
		}
		c.i--
	}
	if (c.at("sits") || c.at("sit")) && func() bool { c.i++; ok := c.stateNext(); c.i--; return ok }() {
		// "sits at 80% opacity", "sits on a grey background"
		c.i++
		return c.copula(subj, neg)
	}
	if c.eat("is") || c.eat("are") || c.eat("stays") || c.eat("stay") || c.eat("remains") || c.eat("remain") || c.eat("looks") {
		neg = c.negation() || neg
		if subj.kind == sTexts {
			c.eat("both")
		}
		return c.copula(subj, neg)
	}
	switch {
	case c.eat("starts", "on") || c.eat("starts", "as"):
		return false
	case !neg && c.eatAny(negTextVerbs):
		return c.textChecks(subj, c.lits(), true) && c.noMore()
	case c.eat("opens") || c.eat("open") || c.eat("brings", "up") || c.eat("pops", "up"):
		if neg || subj.kind != sNone {
			return false
		}
		// "brings up 'A' and 'B'" says what is shown; "opens 'X'" alone
		// may be a page or a link
		up := c.i >= 1 && c.w[c.i-1].low == "up"
		what := ""
		if c.at("a") || c.at("the") {
			// "opens a dialog listing 'X'", "brings up a panel with 'X'"
			c.i++
			what = c.low()
			if k, _ := c.nounAt(); k != "dialog" && k != "text" && k != "menu" && !openedNouns[c.low()] {
				return false
			}
			c.i++
			if !(c.eat("listing") || c.eat("showing") || c.eat("with") || c.eat("saying") || c.eat("containing") || c.eat("that", "lists") || c.eat("that", "shows") || c.eat("that", "says") || c.eat("that", "has") || c.eat("that", "contains") || c.eat("which", "lists") || c.eat("which", "shows") || c.eat("which", "has") || c.eat("which", "contains")) {
				return false
			}
		}
		vals := c.lits()
		if len(vals) == 0 || what == "" && len(vals) != 1 && !up || !c.acted {
			return false
		}
		if what != "" {
			c.notes = append(c.notes, fmt.Sprintf("The %s that opens is checked by the texts it shows, after the steps before it; it is not pinned to one element.", what))
		} else {
			c.notes = append(c.notes, fmt.Sprintf("What opens is checked by its text %q, shown after the steps before it.", vals[0]))
		}
		return c.textChecks(subj, vals, false)
	case c.eatAny(goneVerbs):
		if neg {
			return false
		}
		return c.gone(subj, c.lits())
	case c.eat("makes"), c.eat("make"):
		if neg {
			return false
		}
		vals := c.lits()
		if len(vals) == 0 {
			return false
		}
		if c.eatAny(goneIntrans) {
			return c.gone(subj, vals)
		}
		if c.eat("appear") || c.eat("show", "up") {
			return c.textChecks(subj, vals, false)
		}
		return false
	case c.acted && (c.eat("brings") || c.eat("bring") || c.eat("gets")):
		if neg {
			return false
		}
		var vals []string
		if c.eat("back") {
			c.descBefore()
			vals = c.lits()
		} else {
			if c.eat("it") && c.lastGone != "" {
				vals = []string{c.lastGone}
			} else if t, ok := c.target(false); ok && t.quoted && (t.noun == "text" || t.noun == "") {
				// "brings 'X' back", "brings the '3x' badge back"
				vals = []string{t.name}
				c.notes = append(c.notes, t.notes...)
			}
			if !c.eat("back") {
				return false
			}
		}
		if len(vals) == 0 {
			return false
		}
		c.notes = append(c.notes, "What comes back is checked as shown after the steps before it; that it was gone in between is not checked.")
		return c.textChecks(subj, vals, false)
	case c.eat("closes") || c.eat("close") || c.eat("dismisses"):
		if neg {
			return false
		}
		t, ok := c.target(false)
		if !ok || t.noun != "dialog" || t.name == "" {
			return false
		}
		if !c.opener() && !c.openedBy {
			// a dialog nothing in the claim opened
			return false
		}
		c.notes = append(c.notes, fmt.Sprintf("The %q dialog is found by its title text.", t.name))
		return c.gone(&subject{kind: sNone}, []string{t.name})
	case c.at("enables") || c.at("disables") || c.at("greys", "out") || c.at("grays", "out") || c.at("selects"):
		// "ticking 'Terms' enables the 'Sign up' button": a state the
		// action brings about
		if neg || !c.acted {
			return false
		}
		st := cstates["enabled"]
		switch c.low() {
		case "disables", "greys", "grays":
			st = cstates["disabled"]
		case "selects":
			st = cstates["selected"]
		}
		c.i++
		c.eat("out")
		t, ok := c.target(false)
		if !ok {
			return false
		}
		it, ok := stateCheck(t, st, false)
		if !ok {
			return false
		}
		if st.kind == plan.ExpectChecked {
			it.notes = append(it.notes, "The state is checked after the steps before it; what it was before them is not checked.")
		} else if opp, ok := oppositeStep(it.steps[0]); ok {
			// "enables the button": it was disabled just before, or a
			// button enabled all along would prove it
			it.pre = append(it.pre, opp)
			it.notes = append(it.notes, "That it changes is checked by the opposite state just before the last step.")
		}
		c.emit(it)
		return true
	case c.eat("underlines"):
		if neg {
			return false
		}
		t := c.objectTarget()
		it, ok := stateCheck(t, cstates["underlined"], false)
		if !ok || !c.acted {
			return false
		}
		c.emit(it)
		return true
	case c.at("strikes") || c.at("crosses"):
		// "ticking 'Buy milk' strikes it through", "… crosses it out":
		// the struck-through look after the action
		save := c.i
		c.i++
		before := c.eat("through") || c.eat("out") // "strikes through 'X'"
		t := c.objectTarget()
		if neg || !c.acted || t == nil || !before && !(c.eat("through") || c.eat("out")) {
			c.i = save
			return false
		}
		it, ok := stateCheck(t, cstates["struck through"], false)
		if !ok {
			c.i = save
			return false
		}
		c.emit(it)
		return true
	case c.at("turns", "it") || c.at("colours", "it") || c.at("colors", "it") || c.at("changes", "it") || c.at("darkens", "it") || c.at("lightens", "it"):
		// "hovering over 'Docs' turns it #81a1c1": the colour after
		// the action, as "underlines it"; "darkens it from #4990e2 to
		// #1f69c0": the colour before it too
		if neg || !c.acted {
			return false
		}
		save := c.i
		c.i++
		t := c.objectTarget()
		colour := func() (item, bool) {
			st, ok := c.stateAfter()
			if !ok || !st.colour {
				return item{}, false
			}
			return stateCheck(t, st, false)
		}
		var from *item
		if c.eat("from") {
			it0, ok := colour()
			if !ok || !c.eat("to") {
				c.i = save
				return false
			}
			from = &it0
		} else {
			c.eat("to")
		}
		it, ok := colour()
		if !ok {
			c.i = save
			return false
		}
		if from != nil {
			it.pre = append(it.pre, from.steps[len(from.steps)-1])
			it.notes = append(it.notes, "The colour before is checked just before the last step, the colour after it once it is done.")
		} else {
			it.notes = append(it.notes, "The colour is checked after the steps before it; what it was before them is not checked.")
		}
		c.emit(it)
		return true
	}
	if vals := subj.texts(); len(vals) > 0 {
		switch {
		case c.eat("appears") || c.eat("appear") || c.eat("shows", "up") || c.eat("show", "up") || c.eat("pops", "up") || c.eat("pop", "up"):
			return !neg && c.textChecks(c.place(), vals, false)
		case c.eatAny(goneIntrans):
			return !neg && c.gone(&subject{kind: sNone}, vals)
		case c.eat("comes", "back") || c.eat("come", "back") || c.eat("reappears") || c.eat("reappear"):
			if neg || !c.acted {
				return false
			}
			c.notes = append(c.notes, "What comes back is checked as shown after the steps before it; that it was gone in between is not checked.")
			return c.textChecks(c.place(), vals, false)
		}
	}
	if subj.kind == sTarget && subj.t.item {
		return false
	}
	c.i = save
	neg = c.negation()
	if c.eatAny(statusVerbs) {
		s2 := c.i
		c.eat("a")
		c.eat("an")
		c.eat("http")
		c.eat("status")
		if !c.end() && c.w[c.i].kind == tNumber {
			n, _ := number(c.w[c.i].low)
			c.i++
			if n < 100 || n > 599 || neg || subj.kind != sNone && subj.kind != sPage {
				return false
			}
			c.emit(check("status", plan.Step{Kind: plan.ExpectStatus, Status: n}))
			return true
		}
		c.i = s2
		c.i = save
		c.negation()
	}
	if !neg && (subj.kind == sNone || subj.kind == sPage) && (c.at("puts") || c.at("places") || c.at("ranks") || c.at("lists")) {
		// "puts 'B' above 'A'": the page's order
		s8 := c.i
		c.i++
		a, ok := c.lit()
		if ok && (c.at("before") || c.at("above") || c.at("after") || c.at("below")) {
			rev := c.at("after") || c.at("below")
			c.i++
			if b, ok := c.lit(); ok {
				texts := []string{a, b}
				if rev {
					texts = []string{b, a}
				}
				c.emit(check("presence", plan.Step{Kind: plan.ExpectOrder, Texts: texts}))
				return true
			}
		}
		c.i = s8
	}
	verbAt := c.i
	if !c.eatAny(textVerbs) {
		return false
	}
	// an element: "has a 'Magnet link' field"
	if t, ok := c.elementObject(); ok {
		if subj.kind != sNone && subj.kind != sPage {
			return false
		}
		if st, ok2 := c.stateAfter(); ok2 {
			// "has 'Start when added' unchecked"
			it, ok3 := stateCheck(t, st, neg)
			if !ok3 {
				return false
			}
			c.emit(it)
			return true
		}
		if t.target == "" {
			c.i = c.i - 0
			return false
		}
		k := plan.ExpectVisible
		if neg {
			k = plan.ExpectHidden
		}
		it := check("presence", plan.Step{Kind: k, Target: t.target})
		it.notes = t.notes
		c.emit(it)
		return true
	}
	if !neg && (subj.kind == sNone || subj.kind == sPage) && c.itemTexts() {
		return true
	}
	desc := c.descBefore()
	vals := c.lits()
	if len(vals) == 0 {
		return false
	}
	if neg {
		// "doesn't show 'A' or 'B'": neither is shown
		for s7 := c.i; c.eat("or") || c.eat(",", "or") || c.eat("nor") || c.eat(",", "nor"); s7 = c.i {
			more := c.lits()
			if len(more) == 0 {
				c.i = s7
				break
			}
			vals = append(vals, more...)
		}
	}
	if len(vals) == 1 && !neg && (subj.kind == sNone || subj.kind == sPage) && (c.at("next", "to") || c.at("beside")) {
		// "shows '3x' next to /tasks": inside the item that shows the name
		s5 := c.i
		if !c.eat("next", "to") {
			c.eat("beside")
		}
		c.eatDet()
		name := ""
		// a path is no text an item shows for sure (a link to /tasks may
		// say "Tasks"), so only a quoted name is read
		if !c.end() && c.w[c.i].kind == tLit {
			name = c.w[c.i].raw
			c.i++
		}
		if name == "" {
			c.i = s5
			return false
		}
		it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: vals[0], Within: name}.String()})
		it.notes = []string{fmt.Sprintf("%q is looked for inside the repeated item (list item, row, card) that shows %q.", vals[0], name)}
		c.emit(it)
		return true
	}
	if len(vals) == 1 && !neg && desc == "" {
		s4 := c.i
		c.eat("already")
		if !neg && subj.kind == sTarget && !c.page && !c.acted && (c.at("on") || c.at("at")) {
			if handled, ok := c.subjectOnPage(subj); handled {
				return ok
			}
		}
		if c.eat("open") || c.eat("expanded") || c.eat("opened") {
			// "has 'List books' already open, showing 'X'": the text
			// that shows it open must follow
			if !c.textChecks(subj, vals, false) {
				return false
			}
			c.needCheck = true
			c.notes = append(c.notes, fmt.Sprintf("That %q is open is checked by what the claim says it shows.", vals[0]))
			return true
		}
		c.i = s4
	}
	if len(vals) == 1 && !c.end() && descNouns[c.low()] {
		// "returns the 'theme' key", "shows the 'author' parameter"
		desc = strings.TrimSpace(desc + " " + c.w[c.i].raw)
		c.i++
	}
	if desc != "" {
		c.notes = append(c.notes, fmt.Sprintf("%q describes the quoted texts; only the texts themselves are checked.", desc))
	}
	if !neg && len(vals) == 1 && (subj.kind == sNone || subj.kind == sPage) && (c.at("before") || c.at("above") || c.at("after") || c.at("below")) {
		// "lists 'A' before 'B'": the page's order
		s7 := c.i
		rev := c.at("after") || c.at("below")
		c.i++
		if b, ok := c.lit(); ok {
			texts := []string{vals[0], b}
			if rev {
				texts = []string{b, vals[0]}
			}
			c.emit(check("presence", plan.Step{Kind: plan.ExpectOrder, Texts: texts}))
			return true
		}
		c.i = s7
	}
	if !neg && len(vals) > 1 && (c.eat(",", "in", "that", "order") || c.eat("in", "that", "order") || c.eat(",", "in", "this", "order") || c.eat("in", "this", "order")) {
		if subj.kind != sNone && subj.kind != sPage {
			return false
		}
		c.emit(check("presence", plan.Step{Kind: plan.ExpectOrder, Texts: vals}))
		return true
	}
	if !neg && (subj.kind == sNone || subj.kind == sPage) && (c.at("in", "bold") || c.at("underlined")) {
		// "shows 'Total' in bold": the element that says it, styled
		st := cstates["underlined"]
		if c.eat("in", "bold") {
			st = cstates["bold"]
		} else {
			c.i++
		}
		for _, v := range vals {
			it, ok := stateCheck(&ctarget{name: v, quoted: true}, st, false)
			if !ok {
				return false
			}
			c.emit(it)
		}
		return true
	}
	if c.w[verbAt].low == "keeps" || c.w[verbAt].low == "keep" {
		// "reloading keeps 'X' on the page": still shown after the steps
		if neg || !c.acted {
			return false
		}
		_ = c.eat("on", "the", "page") || c.eat("on", "screen") || c.eat("there") || c.eat("visible") || c.eat("in", "the", "list")
	}
	kept := len(c.items)
	if !c.textChecks(subj, vals, neg) {
		return false
	}
	if c.w[verbAt].low == "keeps" || c.w[verbAt].low == "keep" {
		// what is kept was there before the last step too
		for k := kept; k < len(c.items); k++ {
			c.items[k].pre = append(c.items[k].pre, c.items[k].steps[0])
		}
	}
	// "shows 'A' and the '204' response 'Deleted'", "… and a 'Try it out'
	// button"
	if s6 := c.i; (subj.kind == sNone || subj.kind == sPage) && c.eat("and") && !(!neg && c.itemTexts()) {
		if t, ok := c.elementObject(); ok && t.target != "" && !c.stateNext() && (c.end() || !subjectVerbs[c.low()] && !checkStart[c.low()] && c.low() != "not" && c.low() != "doesn't") {
			// "… and the 'Speed' tab shows 'Limit'": the element is the
			// subject of the next clause, not one more thing shown
			k := plan.ExpectVisible
			if neg {
				k = plan.ExpectHidden
			}
			it := check("presence", plan.Step{Kind: k, Target: t.target})
			it.notes = t.notes
			c.emit(it)
		} else {
			c.i = s6
		}
	}
	// "and none of the other tasks ('A', 'B')"
	s3 := c.i
	if !neg && (c.eat("and", "none", "of") || c.eat(",", "none", "of") || c.eat("but", "none", "of") || c.eat("and", "not") || c.eat("but", "not") || c.eat(",", "not") ||
		c.eat("instead", "of") || c.eat(",", "instead", "of") || c.eat("rather", "than") || c.eat(",", "rather", "than")) {
		// "shows 'Ann' instead of 'Loading'": the other text is not shown
		c.descBefore()
		more := c.lits()
		if len(more) == 0 || !c.textChecks(subj, more, true) {
			c.i = s3
		}
	}
	return true
}

// texts are the quoted texts a subject names, for verbs said of texts.
func (s *subject) texts() []string {
	switch {
	case s.kind == sTexts:
		return s.vals
	case s.kind == sTarget && s.t.quoted && (s.t.noun == "" || s.t.noun == "text") && !s.t.item:
		return []string{s.t.name}
	}
	return nil
}

// place is the part of the page the claim's texts are said of.
func (c *composer) place() *subject {
	if c.region != "" {
		return &subject{kind: sRegion, region: c.region, name: c.regionName}
	}
	return &subject{kind: sNone}
}

// itemNouns name a repeated item by a text it shows: "the '204' response
// 'Deleted'" is the response row showing 204, which says Deleted.
var itemNouns = map[string]bool{"response": true, "row": true, "entry": true, "item": true,
	"line": true, "option": true, "plan": true, "status": true, "code": true, "record": true}

// itemTexts reads "the 'A' <noun> 'B'" (and more, joined by "and"): B
// inside the repeated item that shows A.
func (c *composer) itemTexts() bool {
	save := c.i
	start := len(c.items)
	for {
		if !(c.eat("the") || c.eat("a") || c.eat("an")) {
			break
		}
		a, ok := c.lit()
		if !ok || c.end() || !itemNouns[c.low()] {
			break
		}
		noun := c.low()
		c.i++
		b, ok := c.lit()
		if !ok {
			break
		}
		it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: b, Within: a}.String()})
		it.notes = []string{fmt.Sprintf("\"the %q %s %q\" is read as %q inside the repeated item (row, list item, card) that shows %q.", a, noun, b, b, a)}
		c.emit(it)
		s2 := c.i
		if c.eat("and") && c.at("the") {
			continue
		}
		c.i = s2
		return true
	}
	c.i = save
	c.items = c.items[:start]
	return false
}

// noMore is true: a hook for clauses that must end their sentence part.
func (c *composer) noMore() bool { return true }

// objectTarget reads "it" or a target.
func (c *composer) objectTarget() *ctarget {
	if c.eat("it") {
		return c.last
	}
	t, ok := c.target(false)
	if !ok {
		return nil
	}
	return t
}

// elementObject reads an element named with a head noun after a verb.
func (c *composer) elementObject() (*ctarget, bool) {
	save := c.i
	if !(c.at("a") || c.at("an") || c.at("the")) && (c.end() || c.w[c.i].kind != tLit) {
		return nil, false
	}
	t, ok := c.target(false)
	if !ok || t.noun == "" && !c.stateNext() || t.noun == "text" || t.noun == "dialog" {
		c.i = save
		return nil, false
	}
	return t, true
}

func (c *composer) stateNext() bool {
	save := c.i
	_, ok := c.stateAfter()
	c.i = save
	return ok
}

func (c *composer) stateAfter() (cstate, bool) {
	for _, p := range cstateList {
		if c.eat(p...) {
			return cstates[strings.Join(p, " ")], true
		}
	}
	// an exact colour: "is #5e81ac", "drawn in #fff"
	s := c.i
	_ = c.eat("coloured") || c.eat("colored") || c.eat("drawn", "in") || c.eat("shown", "in") || c.eat("written", "in") || c.eat("in")
	if !c.end() && c.w[c.i].kind == tWord && hexColour.MatchString(c.w[c.i].raw) {
		v := c.w[c.i].raw
		c.i++
		return cstate{kind: plan.ExpectStyle, prop: "color", val: v, colour: true}, true
	}
	c.i = s
	if st, ok := c.sizeAfter(); ok {
		return st, true
	}
	c.i = s
	if st, ok := c.backgroundAfter(); ok {
		return st, true
	}
	c.i = s
	if st, ok := c.opacityAfter(); ok {
		return st, true
	}
	c.i = s
	return cstate{}, false
}

// moreStates reads the states said after a first one of the same
// element: "bold and 24px", "16px text in #505050", "white on a #333
// background", "bold, 24px and red".
func (c *composer) moreStates(neg bool) []cstate {
	var out []cstate
	for !neg {
		s := c.i
		switch {
		case c.eat("and") || c.eat(",", "and") || c.eat(","):
		case c.at("in") || c.at("on") || c.at("with") || c.at("against"):
			// "16px text in #505050": the next state's own word joins it
		default:
			return out
		}
		st, ok := c.stateAfter()
		if !ok || c.at("until") {
			c.i = s
			return out
		}
		out = append(out, st)
	}
	return out
}

// colourWord reads a colour at i: an exact one in hex, or a family a
// person names ("grey"); the family is returned as "~grey".
func (c *composer) colourWord() (string, bool) {
	if c.end() || c.w[c.i].kind != tWord {
		return "", false
	}
	w := c.w[c.i]
	switch {
	case hexColour.MatchString(w.raw):
		c.i++
		return w.raw, true
	case w.low == "gray":
		c.i++
		return "~grey", true
	case slices.Contains(plan.ColorFamilies, w.low):
		c.i++
		return "~" + w.low, true
	}
	return "", false
}

// backgroundAfter reads the colour behind an element: "on a #ccc
// background", "with a grey background", "against a white background".
func (c *composer) backgroundAfter() (cstate, bool) {
	s := c.i
	if !(c.eat("on", "a") || c.eat("on", "an") || c.eat("with", "a") || c.eat("with", "an") || c.eat("against", "a") || c.eat("against", "an") || c.eat("over", "a")) {
		return cstate{}, false
	}
	v, ok := c.colourWord()
	if !ok || !(c.eat("background") || c.eat("backdrop")) {
		c.i = s
		return cstate{}, false
	}
	return cstate{kind: plan.ExpectStyle, prop: "background-color", val: v, bg: true}, true
}

// opacityAfter reads how opaque an element is drawn: "at 80% opacity",
// "80% opaque", "fully opaque", "at opacity 0.8".
func (c *composer) opacityAfter() (cstate, bool) {
	s := c.i
	_ = c.eat("drawn", "at") || c.eat("shown", "at") || c.eat("set", "at") || c.eat("at")
	val := ""
	switch {
	case c.eat("fully", "opaque") || c.eat("completely", "opaque") || c.eat("full", "opacity") || c.eat("100%", "opaque") || c.eat("100%", "opacity"):
		val = "1"
	case c.eat("opacity"):
		if !c.end() && c.w[c.i].kind == tWord {
			val = opacityValue(c.w[c.i].low)
			c.i++
		}
	case !c.end() && strings.HasSuffix(c.w[c.i].low, "%"):
		val = opacityValue(c.w[c.i].low)
		c.i++
		if !(c.eat("opacity") || c.eat("opaque")) {
			val = ""
		}
	}
	if val == "" {
		c.i = s
		return cstate{}, false
	}
	return cstate{kind: plan.ExpectStyle, prop: "opacity", val: val, opacity: true}, true
}

// opacityValue turns "80%" or "0.8" into the computed opacity ("0.8"),
// or "" when the word is no opacity.
func opacityValue(w string) string {
	pct := strings.HasSuffix(w, "%")
	f, err := strconv.ParseFloat(strings.TrimSuffix(w, "%"), 64)
	if err != nil {
		return ""
	}
	if pct {
		f /= 100
	}
	if f < 0 || f > 1 || !pct && !strings.Contains(w, ".") && f != 0 && f != 1 {
		return ""
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// sizeAfter reads a length in pixels: "32px" (a text's font size),
// "350px wide" (width), "36px high" or "36px tall" (height). The
// computed value is compared exactly, as the browser writes it ("32px").
func (c *composer) sizeAfter() (cstate, bool) {
	s := c.i
	// "is rendered at 10px", "is set at 24px": the size the letters are
	// drawn at
	_ = c.eat("rendered", "at") || c.eat("set", "at") || c.eat("displayed", "at") || c.eat("drawn", "at") || c.eat("shown", "at") || c.eat("sized", "at")
	// "is a large 18px title": the word of size is what the number says
	sized := ""
	if c.at("a") || c.at("an") {
		c.i++
	}
	if !c.end() && sizeWords[c.w[c.i].low] {
		sized = c.w[c.i].low
		c.i++
	}
	if c.end() {
		c.i = s
		return cstate{}, false
	}
	m := pxLength.FindStringSubmatch(c.w[c.i].low)
	if m == nil || c.w[c.i].kind != tWord {
		c.i = s
		return cstate{}, false
	}
	c.i++
	st := cstate{kind: plan.ExpectStyle, prop: "font-size", val: m[1] + "px", size: true}
	switch {
	case c.eat("wide"):
		st.prop = "width"
	case c.eat("high") || c.eat("tall"):
		st.prop = "height"
	case c.at("by") || c.at("x") || c.at("×"):
		// "34px by 34px": width by height
		s2 := c.i
		c.i++
		h := c.end() || c.w[c.i].kind != tWord
		var m2 []string
		if !h {
			m2 = pxLength.FindStringSubmatch(c.w[c.i].low)
		}
		if m2 == nil {
			c.i = s2
			return st, true
		}
		c.i++
		_ = c.eat("square") || c.eat("box")
		st.prop = "width"
		st.also = &cstate{kind: plan.ExpectStyle, prop: "height", val: m2[1] + "px", size: true}
	case c.eat("font", "size") || c.eat("text") || c.eat("type") || c.eat("font") || c.eat("letters"):
		// "16px text": the letters' size
	case !c.end() && fontNouns[c.w[c.i].low] && c.w[c.i].low != "link" && c.w[c.i].low != "name":
		// "an 18px title", "a 14px heading"
		c.i++
	}
	if sized != "" {
		c.notes = append(c.notes, fmt.Sprintf("%q is read as the size the claim gives, %s; it is not checked against other texts.", sized, st.val))
	}
	return st, true
}

var (
	// sizeWords say a size the number after them gives ("a large 18px title")
	sizeWords = map[string]bool{"large": true, "big": true, "small": true, "tiny": true, "huge": true, "little": true}
	pxLength  = lazyRE(`^(\d{1,4}(?:\.\d{1,3})?)px$`)
	// fontNouns are the nouns of a text whose size is its letters'.
	fontNouns = map[string]bool{"heading": true, "headline": true, "title": true, "link": true, "label": true,
		"name": true, "text": true, "message": true, "word": true, "line": true}
	// boxNouns are the nouns of a text said as an element whose box is
	// the text's own, so its width and height are the element's.
	boxNouns = map[string]bool{"link": true, "badge": true, "tag": true, "pill": true, "chip": true, "label": true}
)

// borderColour reads "has a green border", "has a #49cc90 border" said
// of a control whose box is its own (a button, a field, a select, a
// badge): the colour of the border's drawn sides. Said of a text, the
// border may be any box around it, so it is not read.
func (c *composer) borderColour(t *ctarget) bool {
	s := c.i
	// "gets a red border" after an action: the border it has then
	gets := c.acted && (c.eat("gets", "a") || c.eat("get", "a") || c.eat("gets", "an") || c.eat("get", "an"))
	if !(gets || c.eat("has", "a") || c.eat("has", "an") || c.eat("have", "a") || c.eat("have", "an")) || c.end() ||
		t.name == "" || t.key != "" || !(t.noun == "button" || t.noun == "field" || t.noun == "select" || colourFill[t.word] && t.word != "banner" && t.word != "bar") {
		c.i = s
		return false
	}
	v, ok := c.colourWord()
	if !ok || !c.eat("border") {
		c.i = s
		return false
	}
	it := check("style", plan.Step{Kind: plan.ExpectStyle, Target: t.aimed(), Property: "border-color", Value: v})
	what := "a shade of " + strings.TrimPrefix(v, "~") + " (any colour a person would call " + strings.TrimPrefix(v, "~") + ")"
	if !strings.HasPrefix(v, "~") {
		what = "exactly " + v
	}
	it.notes = []string{fmt.Sprintf("The border of %q is checked to be %s on every side it is drawn (a side with a style and a width); an element with no border fails.", t.name, what)}
	if gets {
		it.notes = append(it.notes, "\"Gets\": the border after the steps before it is checked; what it was before them is not.")
	}
	c.emit(it)
	return true
}

// styleHas reads a look said with "has": "has a #ccc background", "has
// a grey background", "has 80% opacity", "has an opacity of 0.8"; after
// an action, "gets a grey background".
func (c *composer) styleHas(t *ctarget) bool {
	s := c.i
	gets := c.acted && (c.eat("gets") || c.eat("get"))
	if !gets && !(c.eat("has") || c.eat("have")) || t.name == "" || t.key != "" {
		c.i = s
		return false
	}
	st, ok := c.hasStyle()
	if !ok {
		c.i = s
		return false
	}
	it, ok := stateCheck(t, st, false)
	if !ok {
		c.i = s
		return false
	}
	if gets {
		it.notes = append(it.notes, "\"Gets\": the look after the steps before it is checked; what it was before them is not.")
	}
	c.emit(it)
	return true
}

// hasStyle reads the look after "has": a background's colour or an
// opacity.
func (c *composer) hasStyle() (cstate, bool) {
	s := c.i
	_ = c.eat("a") || c.eat("an")
	if v, ok := c.colourWord(); ok && (c.eat("background") || c.eat("backdrop")) {
		return cstate{kind: plan.ExpectStyle, prop: "background-color", val: v, bg: true}, true
	}
	c.i = s
	_ = c.eat("a") || c.eat("an") || c.eat("the")
	if c.eat("background", "of") || c.eat("background", "colour", "of") || c.eat("background", "color", "of") {
		if v, ok := c.colourWord(); ok {
			return cstate{kind: plan.ExpectStyle, prop: "background-color", val: v, bg: true}, true
		}
	}
	c.i = s
	if c.eat("an", "opacity", "of") || c.eat("opacity", "of") {
		if !c.end() && c.w[c.i].kind == tWord {
			if v := opacityValue(c.w[c.i].low); v != "" {
				c.i++
				return cstate{kind: plan.ExpectStyle, prop: "opacity", val: v, opacity: true}, true
			}
		}
	}
	c.i = s
	if st, ok := c.opacityAfter(); ok && c.w[c.i-1].low != "opaque" {
		return st, true
	}
	c.i = s
	return cstate{}, false
}

// hexColour is a colour written as CSS writes it in hex.
var hexColour = lazyRE(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// copula reads what follows "is": a state, a value, shown or gone.
func (c *composer) copula(subj *subject, neg bool) bool {
	bareText := len(subj.texts()) > 0
	if bareText && c.w[c.i-1].low == "longer" && (c.eat("shown") || c.eat("displayed") || c.eat("listed") || c.eat("there") || c.eat("visible")) {
		// "'X' is no longer shown": it went away, so it was there before
		return c.gone(&subject{kind: sNone}, subj.texts())
	}
	if bareText && (c.at("visible") || c.at("hidden")) {
		// "'Saved' is visible": the page shows the text (a whole-text
		// match would miss it inside a longer line)
		if c.eat("hidden") {
			neg = !neg
		} else {
			c.eat("visible")
		}
		place := &subject{kind: sNone}
		if c.region != "" {
			place = &subject{kind: sRegion, region: c.region, name: c.regionName}
		}
		return c.textChecks(place, subj.texts(), neg)
	}
	if subj.kind == sTarget && subj.t.noun == "checkbox" && (c.at("on") || c.at("off")) {
		// "the 'Beta' toggle is on": a switch's state (never a page:
		// "on the home page" has one)
		if c.i+1 == len(c.w) || c.w[c.i+1].kind == tPunct || c.w[c.i+1].low == "after" || c.w[c.i+1].low == "and" || c.w[c.i+1].low == "once" || c.w[c.i+1].low == "when" {
			st := cstates["turned "+c.low()]
			c.i++
			it, ok := stateCheck(subj.t, st, neg)
			if !ok {
				return false
			}
			c.emit(it)
			return true
		}
	}
	if subj.kind == sTargets {
		// "the 'Save' and 'Cancel' buttons are disabled": one state (or
		// several) of each; nothing else is read of them
		if c.region != "" || !c.pluralVerb() {
			return false
		}
		if !neg && !c.eat("all") {
			// "are not all disabled" says some are not: no check of each
			c.eat("both")
		}
		st, ok := c.stateAfter()
		if !ok {
			return false
		}
		sts := append([]cstate{st}, c.moreStates(neg)...)
		var its []item
		for _, t := range subj.ts {
			for _, st := range sts {
				it, ok := stateCheck(t, st, neg)
				if !ok {
					return false
				}
				its = append(its, it)
			}
		}
		if c.at("until") {
			return false
		}
		c.emit(its...)
		return true
	}
	if subj.kind == sTexts && c.region == "" && c.pluralVerb() {
		// "'Book' and 'Order' are bold": the state of each text
		s0 := c.i
		if st, ok := c.stateAfter(); ok {
			var its []item
			sts := append([]cstate{st}, c.moreStates(neg)...)
			for _, v := range subj.vals {
				for _, st := range sts {
					it, ok := stateCheck(&ctarget{name: v, quoted: true}, st, neg)
					if !ok || c.at("until") {
						its = nil
						break
					}
					its = append(its, it)
				}
				if its == nil {
					break
				}
			}
			if len(its) > 0 {
				c.emit(its...)
				return true
			}
		}
		c.i = s0
	}
	if st, ok := c.stateAfter(); ok {
		if subj.kind != sTarget || c.region != "" && subj.t.name != "" && st.prop != "" && !c.acted {
			if !(subj.kind == sTarget) {
				return false
			}
		}
		if c.region != "" && subj.kind == sTarget {
			return false // a named element in a part of the page
		}
		it, ok := stateCheck(subj.t, st, neg)
		if !ok {
			return false
		}
		if c.at("until") {
			return c.until(it)
		}
		c.emit(it)
		// "'Total' is bold and 24px": another state of the same element
		for _, st2 := range c.moreStates(neg) {
			it2, ok := stateCheck(subj.t, st2, neg)
			if !ok {
				return false
			}
			c.emit(it2)
		}
		return true
	}
	if !neg && subj.kind == sTarget && !c.page && !c.acted && (c.at("on") || c.at("at")) {
		if handled, ok := c.subjectOnPage(subj); handled {
			return ok
		}
	}
	if c.eat("open") || c.eat("expanded") || c.eat("opened") {
		// how it shows is the check that must follow ("('X' is shown)")
		if neg || subj.kind != sTarget || !c.acted {
			return false
		}
		c.needCheck = true
		c.notes = append(c.notes, "That it is open is checked by what the claim says it shows.")
		return true
	}
	if subj.kind == sTarget && subj.t.quoted && subj.t.noun == "field" && (c.at("empty") || c.at("blank")) {
		// "the 'Name' field is empty": its value is "" ("is not empty"
		// says no value a plan can check)
		c.i++
		if neg {
			return false
		}
		tg, note := valueFieldTarget(subj.t.name)
		it := check("presence", plan.Step{Kind: plan.ExpectValue, Target: tg.String(), Value: ""})
		it.notes = []string{note, "“empty”: the field's value is checked to be empty (spaces aside)."}
		c.emit(it)
		return true
	}
	if c.eat("set", "to") {
		v, ok := c.lit()
		if !ok || neg || subj.kind != sTarget || !subj.t.quoted || subj.t.noun != "" && subj.t.noun != "field" {
			return false
		}
		tg, note := valueFieldTarget(subj.t.name)
		it := check("presence", plan.Step{Kind: plan.ExpectValue, Target: tg.String(), Value: v})
		it.notes = []string{note}
		c.emit(it)
		return true
	}
	vals := subj.texts()
	if len(vals) == 0 {
		return false
	}
	place := c.place()
	switch {
	case c.eat("shown") || c.eat("displayed") || c.eat("listed") || c.eat("there") || c.eat("present") || c.eat("visible"):
		return c.textChecks(place, vals, neg)
	case c.eat("gone") || c.eat("removed"):
		if neg {
			return false
		}
		return c.gone(&subject{kind: sNone}, vals)
	case c.eat("back"):
		if neg || !c.acted {
			return false
		}
		c.notes = append(c.notes, "What comes back is checked as shown after the steps before it; that it was gone in between is not checked.")
		return c.textChecks(place, vals, false)
	}
	return false
}

// repeatedNouns are the nouns of a repeated item a claim names by the
// text it shows: a card, a row, a tile.
var repeatedNouns = map[string]bool{"card": true, "row": true, "tile": true, "entry": true, "item": true, "panel": true}

// heldInItem reads "the 'Pro' card has a 'Most popular' badge", "the
// 'Ann' row has an 'Edit' button": what the repeated item showing the
// subject's text holds, looked for inside it.
func (c *composer) heldInItem(subj *subject, neg bool) bool {
	if neg || subj.kind != sTarget || !subj.t.quoted || subj.t.name == "" || !repeatedNouns[subj.t.word] {
		return false
	}
	if !(c.at("has") || c.at("shows") || c.at("contains") || c.at("includes")) {
		return false
	}
	s := c.i
	c.i++
	t, ok := c.target(false)
	if !ok || !t.quoted || t.name == "" || !(c.end() || c.w[c.i].kind == tPunct && c.i+1 == len(c.w)) {
		c.i = s
		return false
	}
	tg := plan.Target{Kind: plan.ByText, Value: t.name, Within: subj.t.name}
	switch t.noun {
	case "", "text":
	case "button", "link":
		tg = plan.Target{Kind: plan.ByRole, Value: t.noun, Name: t.name, Within: subj.t.name}
	default:
		c.i = s
		return false
	}
	it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: tg.String()})
	it.notes = []string{fmt.Sprintf("%q is looked for inside the repeated item (card, row, list item) that shows %q.", t.name, subj.t.name)}
	c.emit(it)
	return true
}

// pricedItem reads a price said of an item named by its text: "'Pen'
// costs '$2'", "'Pen' is priced at $2", "'Pen' sells for £3.50": the price
// is looked for inside the repeated item that shows the name. An
// unquoted price is read only when it starts with its currency sign.
func (c *composer) pricedItem(subj *subject, neg bool) bool {
	if neg || subj.kind != sTarget || !subj.t.quoted || subj.t.name == "" || subj.t.noun != "" {
		return false
	}
	s := c.i
	if !(c.eat("costs") || c.eat("is", "priced", "at") || c.eat("is", "listed", "at") || c.eat("is", "listed", "for") ||
		c.eat("sells", "for") || c.eat("is", "sold", "for") || c.eat("is", "on", "sale", "for")) {
		return false
	}
	v := ""
	switch {
	case c.end():
	case c.w[c.i].kind == tLit:
		v = c.w[c.i].raw
	case c.w[c.i].kind == tWord && priceRE.MatchString(c.w[c.i].raw):
		v = c.w[c.i].raw
	}
	if v == "" {
		c.i = s
		return false
	}
	c.i++
	it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: v, Within: subj.t.name}.String()})
	it.notes = []string{fmt.Sprintf("The price %q is looked for inside the repeated item (card, row, list item) that shows %q.", v, subj.t.name)}
	c.emit(it)
	return true
}

// priceRE is a price written with its currency sign first.
var priceRE = lazyRE(`^[$€£¥₹][0-9][0-9.,]*$`)

// pluralVerb reports whether the copula just read is plural ("are",
// "stay"): several texts said to be in a state, never one of them ("'A',
// 'B' is ticked" says the state of 'B' only).
func (c *composer) pluralVerb() bool {
	for k := c.i - 1; k >= 0; k-- {
		switch c.w[k].low {
		case "not", "both", "all":
			continue
		case "are", "were", "stay", "remain", "look":
			return true
		}
		return false
	}
	return false
}

// until reads the action that ends a state: "the 'Submit' button is
// disabled until you tick 'I agree'" (or "until 'I agree' is ticked") holds
// the state before the action and its opposite after it. An ending that is
// not an action ("until the form is valid") is refused.
func (c *composer) until(before item) bool {
	if len(before.steps) != 1 {
		return false
	}
	after, ok := oppositeStep(before.steps[0])
	if !ok {
		return false
	}
	c.i++
	save, n := c.i, len(c.items)
	c.eat("you")
	c.eat("i")
	if !c.actions() {
		// the passive form, read as after "once": "until 'I agree' is
		// ticked"
		c.i = save
		c.emit(item{kind: iCond})
		if !c.passive() {
			return false
		}
		c.items = append(c.items[:n], c.items[n+1:]...)
	}
	it := check(before.rkind, after)
	it.pre = before.steps
	it.notes = append(before.notes, "\"Until\" is checked by the state just before the last step and the opposite state after it.")
	c.emit(it)
	return true
}

// gone checks texts that an action takes away: shown just before the last
// action, not shown after.
func (c *composer) gone(subj *subject, vals []string) bool {
	if len(vals) == 0 || !c.acted || subj.kind != sNone && subj.kind != sBody {
		return false
	}
	for _, v := range vals {
		var it item
		if !strings.ContainsAny(v, " \t") {
			t := plan.Target{Kind: plan.ByText, Value: v, Exact: true}.String()
			it = check("absence", plan.Step{Kind: plan.ExpectHidden, Target: t})
			it.pre = []plan.Step{{Kind: plan.ExpectVisible, Target: t}}
			it.notes = []string{fmt.Sprintf("%q is one word, so the element whose whole text is exactly %q is checked: visible just before the last step, hidden after.", v, v)}
		} else {
			it = check("absence", plan.Step{Kind: plan.ExpectNoText, Value: v})
			it.pre = []plan.Step{{Kind: plan.ExpectText, Value: v}}
		}
		it.preGone = true
		c.emit(it)
		c.lastGone = v
	}
	c.notes = append(c.notes, "That a text goes away is checked by it being shown just before the last step and not shown after.")
	return true
}

// composeMayRead reports a refusal of the rules that the compositional
// reader may still read: one about a reading its tables hold (a state, a
// style to be normal, an item's text beside a name), never one refused on
// purpose (a count, "every", a dialog nothing opens, a judgement).
func composeMayRead(r *refusal) bool {
	return r.reason == stateHint || r.reason == orHint || strings.HasPrefix(r.reason, "vouch cannot check that one text replaces another") ||
		strings.HasPrefix(r.reason, "a style is checked to be something") || strings.HasSuffix(r.reason, guessedLandingHint)
}

// orHint is the rules' refusal of "or", which the compositional reader
// reads after a negation ("doesn't show 'A' or 'B'": neither).
const orHint = "'or' leaves the outcome open: vouch proves each part of a claim, so pick one"

// stateHint is the rules' refusal of a state ("is disabled", "is
// ticked"), which the compositional reader reads with its state table.
const stateHint = "vouch reads an element's state (disabled, ticked, focused) as the page shows it, after an action or until one (\"until you tick 'Agree'\"), of an element named by its text: name the element and say what is done"

// subjectOnPage reads the page a subject is said to be on ("the
// 'Resources' heading is on the home page") and looks for the subject
// there. handled is false, and the position kept, when no page follows.
func (c *composer) subjectOnPage(subj *subject) (handled, ok bool) {
	s2 := c.i
	c.i++
	pg, found := c.pageRef()
	if !found || pg.generic {
		c.i = s2
		return false, false
	}
	c.emit(item{kind: iPage, page: pg, subject: true})
	c.page = true
	if vals := subj.texts(); len(vals) > 0 {
		return true, c.textChecks(&subject{kind: sNone}, vals, false)
	}
	if subj.t.target == "" || subj.t.noun == "dialog" {
		return true, false
	}
	it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: subj.t.target})
	it.notes = subj.t.notes
	c.emit(it)
	return true, true
}

// nextWords joins the next n words, lower-cased; false when fewer are left.
func (c *composer) nextWords(n int) (string, bool) {
	if c.i+n > len(c.w) {
		return "", false
	}
	ws := make([]string, n)
	for k := range ws {
		ws[k] = c.w[c.i+k].low
	}
	return strings.Join(ws, " "), true
}

// visitDescribed visits pg, the path of a request the claim describes in
// words, and notes that the words are not checked.
func (c *composer) visitDescribed(pg pageRef, words string) {
	c.emit(item{kind: iPage, page: pg, subject: true})
	c.page = true
	c.notes = append(c.notes, fmt.Sprintf("%q describes the request; %s is what is visited, and the words are not checked.", words, pg.path))
}

// renamed reads "the 'Example Value' tab turns into 'Edit Value'", "the
// 'Edit' button changes to 'Done'" after an action: the control of that
// kind is named by the new text afterwards and no longer by the old one,
// and the other way round just before the last step, so the change is
// proven by the action.
func (c *composer) renamed(subj *subject, neg bool) bool {
	if subj.kind != sTarget || !subj.t.quoted || subj.t.target == "" || neg || !c.acted {
		return false
	}
	s := c.i
	if !(c.eat("turns", "into") || c.eat("turn", "into") || c.eat("changes", "to") || c.eat("change", "to") ||
		c.eat("becomes") || c.eat("switches", "to") || c.eat("is", "renamed", "to") || c.eat("gets", "renamed", "to")) {
		return false
	}
	y, ok := c.lit()
	old, err := plan.ParseTarget(subj.t.target)
	if !ok || err != nil || old.Kind != plan.ByRole || old.Name != subj.t.name || old.Within != "" || strings.EqualFold(y, old.Name) ||
		!(c.end() || c.w[c.i].kind == tPunct || c.at("and")) {
		c.i = s
		return false
	}
	nw := old
	nw.Name = y
	appear := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: nw.String()})
	appear.pre = []plan.Step{{Kind: plan.ExpectHidden, Target: nw.String()}}
	gone := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: old.String()})
	gone.pre = []plan.Step{{Kind: plan.ExpectVisible, Target: old.String()}}
	appear.notes = []string{fmt.Sprintf("%q turning into %q is checked as the %s named %q shown and none named %q after the last step, and the other way round just before it.",
		old.Name, y, old.Value, y, old.Name)}
	c.emit(appear, gone)
	return true
}
