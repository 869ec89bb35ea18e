package claim

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Parts of the page (header, nav, footer, sidebar, status bar, toolbar)
// said of what a claim acts on or checks, and how often a text is shown.
//
// A text said of a part is looked for inside the part's element
// ("the nav shows 'Docs'" → expect_text {text, target: css=nav}). A named
// element said to be in a part a tag or landmark role marks ("hovering
// over 'Help' in the header", "in the nav, 'Acme' is bold", "the footer
// links to the README") is derived with its targets pinned inside the
// part by in= (inregion.go); when that cannot be done (the name is looked
// for as a text of the page, or the claim without the part does not
// read), the claim is refused with the reason and two labelled readings:
// the claim said of the page, and the text inside the part. A part no tag
// or role marks (a status bar, a toolbar) holds no check at all.

// countPredicate reads how often a quoted text is shown: "shows 'X'
// twice", "lists 'X' three times", "'X' is shown twice", "'X' appears 4
// times", optionally followed by an aside that says which is which
// ("twice - once for down, once for up", with as many "once for …" as the
// count). It is one expect_count of the elements whose whole text is
// exactly X. handled is false when the words are none of these.
func (c *composer) countPredicate(subj *subject) (ok, handled bool) {
	save := c.i
	if c.negation() {
		c.i = save
		return false, false
	}
	var v string
	switch {
	case (subj.kind == sNone || subj.kind == sPage) && c.eatAny(countTextVerbs):
		c.eatDet()
		l, found := c.lit()
		if !found {
			c.i = save
			return false, false
		}
		v = l
	case len(subj.texts()) == 1 && (c.eat("is", "shown") || c.eat("is", "displayed") || c.eat("is", "listed") ||
		c.eat("appears") || c.eat("shows", "up") || c.eat("is", "visible")):
		v = subj.texts()[0]
	case subj.kind == sRegion:
		// "the footer shows 'X' twice": a count inside a part has no
		// target either (text= finds the text anywhere)
		if c.eatAny(countTextVerbs) {
			c.eatDet()
			if _, found := c.lit(); found {
				if _, timed := c.timesAt(); timed {
					c.i = save
					return false, true
				}
			}
		}
		c.i = save
		return false, false
	default:
		c.i = save
		return false, false
	}
	n, timed := c.timesAt()
	if !timed {
		c.i = save
		return false, false
	}
	which := c.onceFor(n)
	if !c.clauseEnds() {
		c.i = save
		return false, false
	}
	tg := plan.Target{Kind: plan.ByText, Value: v, Exact: true}.String()
	it := check("count", plan.Step{Kind: plan.ExpectCount, Target: tg, Count: n})
	it.notes = []string{fmt.Sprintf("%q shown %s is counted as the visible elements whose whole text is exactly %q; the text inside a longer one is not counted.", v, timesWord(n), v)}
	if which != "" {
		it.notes = append(it.notes, fmt.Sprintf("%q says which match is which, and is not checked: the matches are counted, not told apart.", which))
	}
	c.emit(it)
	return true, true
}

// countTextVerbs say a text is shown, for a count of it.
var countTextVerbs = phrases("shows", "show", "displays", "display", "lists", "list", "says", "say",
	"reads", "read", "contains", "contain", "has", "have", "prints")

// timesAt reads "once", "twice", "thrice" or "N times" (N from 2 to 10).
func (c *composer) timesAt() (int, bool) {
	// "once" ends its clause here (the caller checks), so "once you
	// click" is not read as a count
	if c.eat("once") || c.eat("only", "once") || c.eat("exactly", "once") || c.eat("just", "once") {
		return 1, true
	}
	if c.eat("twice") {
		return 2, true
	}
	if c.eat("thrice") {
		return 3, true
	}
	if c.end() || c.i+1 >= len(c.w) || c.w[c.i+1].low != "times" {
		return 0, false
	}
	n, ok := number(c.w[c.i].low)
	if !ok || n < 2 || n > 10 {
		return 0, false
	}
	c.i += 2
	return n, true
}

// onceFor reads the aside after a count that says which match is which:
// ", once for down, once for up" (as many as the count, each of one or
// two plain words). It returns the aside's words, or "" and leaves i.
func (c *composer) onceFor(n int) string {
	save := c.i
	var ws []string
	for k := 0; k < n; k++ {
		s := c.i
		if k > 0 && !c.eat(",") && !c.eat("and") {
			c.i = save
			return ""
		}
		if k == 0 && !c.eat(",") && !c.eat(":") {
			c.i = save
			return ""
		}
		if k > 0 {
			c.eat("and")
		}
		if !c.eat("once", "for") {
			c.i = save
			return ""
		}
		c.eatDet()
		m := 0
		for !c.end() && c.w[c.i].kind == tWord && m < 2 && !stopWords[c.low()] && c.low() != "once" && c.low() != "and" &&
			!reNegation.MatchString(c.low()) {
			c.i++
			m++
		}
		if m == 0 {
			c.i = save
			return ""
		}
		for _, w := range c.w[s:c.i] {
			if w.low != "," {
				ws = append(ws, w.raw)
			}
		}
	}
	return strings.Join(ws, " ")
}

func timesWord(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	case 3:
		return "three times"
	}
	return fmt.Sprintf("%d times", n)
}

// shownTimes is a quoted text said to be shown a number of times.
var shownTimes = lazyRE(`(?:\b(?:shows|show|displays|display|lists|list|says|say|reads|read|contains|contain|has|have|prints) (?:the |a )?"\d+" |"\d+" (?:is shown|is displayed|is listed|is visible|appears|shows up) )(?:twice|thrice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten) times)\b`)

// countRead reads a claim that says how often a quoted text is shown
// compositionally before the rules do, which would read the text and
// drop how often (false when the claim is none, or the reader cannot read
// it).
func countRead(lx *lexed) ([]item, bool) {
	if !shownTimes.MatchString(lx.shape) {
		return nil, false
	}
	return composeRead(lx)
}

// timesAfter are the words after a quoted text and before "N times" in a
// count of it ("'X' appears 3 times").
var timesAfter = map[string]bool{"shown": true, "displayed": true, "listed": true, "visible": true,
	"appears": true, "up": true}

// --- a named element said to be in a part of the page ------------------------

// partPhrase name a part of the page, with the qualifiers that only say
// which part the page has one of ("the top nav", "the site footer").
const partPhrase = `(?:(?:top|main|site|page|global|primary) )?(?:nav ?bar|navigation bar|navigation|nav|header|footer|side ?bar|status ?bar|tool ?bar|menu ?bar|top bar|bottom bar)`

var (
	reRegionLead   = lazyRE(`(?i)^(?:in|inside|within|on) the (` + partPhrase + `)\s*,\s*`)
	reRegionInline = lazyRE(`(?i)\s+(?:in|inside|within|on|from|at) the (` + partPhrase + `)\b`)
	reRegionOf     = lazyRE(`(?i)^the (` + partPhrase + `) (?:of|on) `)
	reRegionSubj   = lazyRE(`(?i)^the (` + partPhrase + `) `)
	reRegionOfPage = lazyRE(`(?i)^the (?:` + partPhrase + `) (?:of|on) ((?:the )?[\w' .-]*?\bpage|/\S*)\s`)
	// reRegionElement: what a claim says of a named element in a part
	// that no target pins there: its look, a hover over it, an element
	// named by a head noun, a link to a name.
	reRegionElement = lazyRE(`(?i)\b(?:bold|underlined?|underlines|italic|italics|struck|crossed|strikethrough|hover(?:s|ing)?|mous(?:e|es|ing) over|click(?:s|ing)?|tap(?:s|ping)?|button|link|links|tab|heading|icon|checkbox|field|box|toggle)\b`)
	// reCapsLink: an unquoted name in capitals a claim says something
	// links to ("links to the README", "has a link to the FAQ").
	reCapsLink       = lazyRE(`\b(?:links|link) to (?:the |a |an )?([A-Z][A-Z0-9]+(?:[.-][A-Z0-9]+)*)\b`)
	reTextVerb       = lazyRE(`(?i)\b(?:shows?|shown|reads?|says?|displays?|displayed|lists?|listed|contains?)\b`)
	reSetTo          = lazyRE(`(?i)\b(?:set|defaults?|switched|changed) to\b`)
	reCapsLinkPhrase = lazyRE(`(?:\b(?:has|have|contains|contain|includes|include) an? )?\b(?:links|link) to (?:the |a |an )?[A-Z][A-Z0-9]+(?:[.-][A-Z0-9]+)*\b`)
	// reUnitValue: an unquoted number with a unit after a verb that says
	// what a text reads ("both read 0 kB/s").
	reUnitValue = lazyRE(`(?i)\b(both |all (?:two|three|four) )?(?:read|reads|show|shows|say|says|display|displays) (\d+(?:[.,]\d+)? ?(?:[kmgt]i?b/s|[kmgt]?b|%|ms|kbps|mbps))(?:\s|$)`)
)

// regionUse is a part of the page a claim names: its words as written,
// the CSS of its element ("" for a part no tag or role marks: a status
// bar, a toolbar) and the claim without it.
type regionUse struct {
	word, css, without string
	// inline: the part was said after what it holds ("'Help' in the
	// footer"), at this offset of the text; -1 otherwise
	inline int
}

// reBeAtEnd is a claim that ends in a bare "is" once the part it names
// is cut off ("the 'Log out' button is [in the header]").
var reBeAtEnd = lazyRE(`(?i)\b(is|are|is not|are not|isn't|aren't|sits|appears)\s*$`)

// regionIn finds the part of the page a claim names, in one of the
// forms people write it.
func regionIn(text string) (regionUse, bool) {
	r := regionUse{inline: -1}
	switch {
	case reRegionLead.MatchString(text):
		m := reRegionLead.FindStringSubmatchIndex(text)
		r.word, r.without = text[m[2]:m[3]], upperFirst(text[m[1]:])
	case reRegionInline.MatchString(text):
		m := reRegionInline.FindStringSubmatchIndex(text)
		r.word, r.without, r.inline = text[m[2]:m[3]], text[:m[0]]+text[m[1]:], m[0]
		if strings.TrimRight(text[m[1]:], " .!") == "" && reBeAtEnd.MatchString(text[:m[0]]) {
			// "the 'Log out' button is in the header": without the part,
			// what it holds is said to be shown
			r.without = reBeAtEnd.ReplaceAllStringFunc(text[:m[0]], func(v string) string {
				if l := strings.ToLower(strings.TrimSpace(v)); l == "sits" || l == "appears" {
					return "is shown"
				}
				return strings.TrimSpace(v) + " shown"
			})
		}
	case reRegionOf.MatchString(text):
		m := reRegionOf.FindStringSubmatchIndex(text)
		r.word, r.without = text[m[2]:m[3]], upperFirst(text[m[1]:])
	case reRegionSubj.MatchString(text):
		m := reRegionSubj.FindStringSubmatchIndex(text)
		if f := strings.Fields(text[m[1]:]); len(f) > 0 && headNouns[strings.ToLower(f[0])] != "" {
			// "the footer link 'Help'": the part names where the element
			// sits, as "the 'Help' footer link" does
			return r, false
		}
		r.word, r.without = text[m[2]:m[3]], "The page "+text[m[1]:]
	default:
		return r, false
	}
	r.word = strings.ToLower(r.word)
	r.css = regionElement(r.word)
	return r, true
}

// regionElement is the element a part's words name ("" for one no tag
// marks).
func regionElement(word string) string {
	fs := strings.Fields(word)
	if len(fs) > 1 {
		switch fs[0] {
		case "top", "main", "site", "page", "global", "primary":
			if fs[1] != "bar" {
				word = strings.Join(fs[1:], " ")
			}
		}
	}
	switch strings.ReplaceAll(word, " ", "") {
	case "nav", "navbar", "navigation", "navigationbar", "menubar", "topbar":
		return "nav"
	case "header":
		return "header"
	case "footer":
		return "footer"
	case "sidebar":
		return "aside"
	}
	return ""
}

// regionTelling is the reason for a refused claim that says a named
// element is in a part of the page ("hovering over 'Help' in the
// header", "in the nav, 'Acme' is bold", "the footer links to the FAQ"),
// or says a text of a part no element marks ("the status bar reads …").
func regionTelling(claim string) string {
	text := normalizeClaim(claim)
	if why := positionTelling(claim); why != "" {
		return why
	}
	r, ok := regionIn(text)
	if !ok {
		return ""
	}
	if r.css == "" {
		if !reTextVerb.MatchString(text) || reSetTo.MatchString(text) {
			// a control's value, a click: the part is not what stops it
			return ""
		}
		return fmt.Sprintf("vouch cannot tell which element is the %s: no tag or role marks it, so a text cannot be looked for inside it; say the page shows the text (\"the page shows '…'\"), or name the footer, header, nav or sidebar", r.word)
	}
	names := partNamesSaid(text)
	if len(names) == 0 || !reRegionElement.MatchString(text) {
		return ""
	}
	_, why, _ := deriveInRegion(claim)
	if why == "" {
		return ""
	}
	return fmt.Sprintf("vouch cannot pin %s inside the %s: %s; say it of the page, or say what the %s shows (\"the %s shows '%s'\")",
		quoteNames(names), r.word, why, r.word, r.word, names[0])
}

// partNamesSaid are the names a claim gives, quoted or in capitals after
// "links to".
func partNamesSaid(text string) []string {
	lx := lexClaim(text)
	var out []string
	for _, l := range lx.lits {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	if m := reCapsLink.FindStringSubmatch(text); m != nil {
		out = append(out, m[1])
	}
	return out
}

func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoteLit(n)
	}
	return joinAnd(q)
}

// regionReadings are the readings offered for a claim the rules refuse
// that says a named element is in a part of the page: the claim said of
// the whole page, labelled as not checking the part, and each name as a
// text inside the part. An unquoted name in capitals after "links to" is
// read as the link's name, and an unquoted number with a unit said by
// two or more texts ("both read 0 kB/s") as that text counted, each
// labelled as the reading it is.
func regionReadings(text, page string, named bool) ([]string, map[string]string) {
	r, ok := regionIn(text)
	if !ok {
		return nil, nil
	}
	var cands []string
	why := map[string]string{}
	names := partNamesSaid(text)
	caps := ""
	if m := reCapsLink.FindStringSubmatch(text); m != nil {
		caps = m[1]
	}
	where := "the " + r.word
	if named && strings.HasPrefix(page, "/") && regexp.MustCompile(`(?i)\b(?:opens|open|goes to|go to|leads to|lead to|takes you to|links to|link to|navigates to|redirects to) `+regexp.QuoteMeta(page)).MatchString(text) {
		// where a link leads is no page its part is on
		page, named = "The home page", false
	}
	if m := reRegionOfPage.FindStringSubmatch(text); m != nil {
		// "the footer of the recipes page": the page as the claim says it
		page, named = m[1], true
	}
	switch strings.ToLower(page) {
	case "the page", "the site", "the app", "the web ui", "the web interface":
		named = false
	}
	if named {
		if strings.HasPrefix(page, "/") {
			where += " on " + page
		} else {
			where += " of " + lowerFirst(page)
		}
	}
	unq := ""
	if caps != "" {
		unq = fmt.Sprintf(", and how the claim meant the unquoted %s: read as the name the link shows, a guess", caps)
	}
	if m := reUnitValue.FindStringSubmatch(text); m != nil && m[1] != "" {
		// "the download and upload speeds in the status bar both read
		// 0 kB/s": the value counted on the page
		n := 2
		if f := strings.Fields(m[1]); len(f) > 1 {
			n, _ = number(f[1])
		}
		s := fmt.Sprintf("%s shows %s %s", page, quoteLit(m[2]), timesWord(n))
		cands = append(cands, s)
		why[s] = fmt.Sprintf("that the texts are the ones the claim describes, in the %s: the text is counted on the whole page, and how the claim meant the unquoted %s: read as a text, a guess", r.word, m[2])
	}
	if len(names) == 0 {
		return cands, why
	}
	if r.css != "" {
		for _, n := range names {
			s := fmt.Sprintf("%s shows %s", upperFirst(where), quoteLit(n))
			if n == caps {
				cands = append(cands, s)
				why[s] = fmt.Sprintf("that %s is a link%s", quoteLit(n), strings.Replace(unq, "the name the link shows", "a text the "+r.word+" shows", 1))
				continue
			}
			cands = append(cands, s)
		}
	}
	if !reRegionElement.MatchString(text) {
		return cands, why
	}
	without := r.without
	if caps != "" {
		// "links to the README", "has a link to the README": a link named so
		without = reCapsLinkPhrase.ReplaceAllLiteralString(without, "has a "+quoteLit(caps)+" link")
	}
	held := names
	if r.inline >= 0 {
		// "clicking 'Help' in the footer shows 'Contact us'": the part
		// holds what was named just before it
		held = nil
		for _, n := range names {
			if k := strings.Index(text, n); k >= 0 && k < r.inline {
				held = []string{n}
			}
		}
		if len(held) == 0 {
			return cands, why
		}
	}
	one := "is the one"
	if len(held) > 1 {
		one = "are the ones"
	}
	cands = append(cands, without)
	why[without] = fmt.Sprintf("that %s %s in the %s: it is looked for on the whole page%s", quoteNames(held), one, r.word, unq)
	return cands, why
}

// mergeReadings adds b's labels to a's.
func mergeReadings(a, b map[string]string) map[string]string {
	if a == nil {
		a = map[string]string{}
	}
	for k, v := range b {
		a[k] = v
	}
	return a
}

// reTextTimes is a quoted text said to be shown a number of times, with
// the aside that says which is which.
var reTextTimes = lazyRE(`(?i)(?:'([^']+)'|"([^"]+)") (twice|thrice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten) times)((?:\s*[-,:]\s*once for [a-z]+(?: [a-z]+)?)(?:(?:,| and|, and) once for [a-z]+(?: [a-z]+)?)*)?\s*$`)

// timesReadings offers, for a refused claim that says how often a quoted
// text is shown, the count on the page the claim names (its other words
// left out, as the label says).
func timesReadings(text, page string) []string {
	m := reTextTimes.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	v := m[1] + m[2]
	aside := strings.TrimSpace(m[4])
	if aside != "" {
		aside = ", " + strings.TrimLeft(aside, "-,: ")
	}
	return []string{fmt.Sprintf("%s shows %s %s%s", page, quoteLit(v), strings.ToLower(m[3]), aside)}
}

// --- where an element sits ----------------------------------------------------

// rePosition is where an element sits on the screen, said after it: "at
// the top of the docs", "sits above the list", "to the left of 'Save'".
var rePosition = lazyRE(`(?i)\s+(?:(?:sits|is|are|appears|lives|is placed|is located|is shown|shows up)\s+)?(?:at the (?:very )?(?:top|bottom) of|(?:right |just |directly )?(?:above|below|beneath|underneath)|to the (?:left|right) of|on the (?:left|right)(?: side)? of)\s+(.+)$`)

// reElementSubject is an element a claim opens with: "There's an
// Authorize button", "A 'Filter by tag' search box", "The 'Save' button".
var reElementSubject = lazyRE(`(?i)^(?:there's |there is |the |an? )(?:an? |the )?('[^']+'|"[^"]+"|[A-Z][\w-]*(?: [A-Z][\w-]*)*) ((?:search |text |primary )?(?:button|link|field|box|input|heading|tab|checkbox|toggle|icon))$`)

// positionTelling is the reason for a refused claim that says where an
// element sits.
func positionTelling(claim string) string {
	text := normalizeClaim(claim)
	m := rePosition.FindStringSubmatchIndex(text)
	if m == nil || !reElementSubject.MatchString(strings.TrimSpace(text[:m[0]])) {
		return ""
	}
	return fmt.Sprintf("%q says where the element sits on the screen, which vouch does not check (a position is no text, state or address); say what the page has (\"the page has a '…' button\"), or the order of two texts (\"shows 'A' before 'B'\")",
		strings.TrimSpace(text[m[0]:m[2]])+" "+firstWords(text[m[2]:m[3]], 4))
}

// positionReadings offers the element alone, on the page the claim
// names, labelled as not checking where it sits.
func positionReadings(text string) ([]string, map[string]string) {
	m := rePosition.FindStringSubmatchIndex(text)
	if m == nil {
		return nil, nil
	}
	sm := reElementSubject.FindStringSubmatch(strings.TrimSpace(text[:m[0]]))
	if sm == nil {
		return nil, nil
	}
	name, noun, unq := sm[1], sm[2], ""
	if strings.HasPrefix(name, "'") || strings.HasPrefix(name, `"`) {
		name = name[1 : len(name)-1]
	} else {
		unq = fmt.Sprintf(", and how the claim meant the unquoted %s: read as the name of the control, a guess", quoteLit(name))
	}
	el := quoteLit(name) + " " + noun
	// the page is the one the claim names after the element ("at the top
	// of the cart"), never a word of the element's name ("a Checkout
	// button")
	page := "The home page"
	if pg, named := claimPageSkipping(lexClaim(text[m[0]:]), nil); named {
		page = pg
	}
	s := fmt.Sprintf("%s shows %s %s", page, article(name), el)
	return []string{s}, map[string]string{s: fmt.Sprintf("what the claim says with %q: where an element sits on the screen is not checked%s", strings.TrimSpace(text[m[0]:]), unq)}
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		return strings.Join(f[:n], " ") + " …"
	}
	return strings.Join(f, " ")
}

// --- a part of the page dropped -----------------------------------------------

// regionQualifiers say which part the page has one of ("the top nav", "the
// site footer"); the part's element is the same.
var regionQualifiers = map[string]bool{"top": true, "main": true, "site": true, "page": true,
	"global": true, "primary": true}

// guardRegionDropped: a claim said "in the top nav", "in the site
// header", "in the footer" of what it checks, and the plan pins nothing to
// that part's element ("In the site header, the page has a 'Docs' link"
// checked on the whole page decides another claim).
func guardRegionDropped(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 0; i+2 < len(ws); i++ {
		switch ws[i].low {
		case "in", "inside", "within":
		default:
			continue
		}
		if ws[i+1].low != "the" {
			continue
		}
		k := i + 2
		if regionQualifiers[ws[k].low] && k+1 < len(ws) {
			k++
		}
		part := ws[k].low
		if (part == "nav" || part == "side" || part == "navigation") && k+1 < len(ws) && ws[k+1].low == "bar" {
			part += " bar"
			k++
		}
		css := regionElement(part)
		if css == "" || partWords[ws[k].low] == "" && !strings.HasSuffix(part, " bar") {
			continue
		}
		if k+1 < len(ws) && ws[k+1].kind == tWord && headNouns[ws[k+1].low] != "" {
			// "in the footer link": the part names the element
			continue
		}
		pinned, checked := false, false
		for _, s := range steps {
			if s.Target != "" && strings.Contains(s.Target, css) {
				pinned = true
			}
			switch s.Kind {
			case plan.ExpectURL, plan.ExpectStatus, plan.ExpectTitle, plan.ExpectNoConsoleErrors, plan.ExpectJSON:
				// an address, status or title is the page's, in no part
			default:
				if strings.HasPrefix(string(s.Kind), "expect_") {
					checked = true
				}
			}
		}
		if !pinned && checked {
			w := strings.TrimPrefix(strings.Join(lowWords(ws[i+2:k+1]), " "), "")
			return fmt.Sprintf("the claim is about the %s, but the plan looks at the whole page: say it of the %s alone (\"the %s shows 'X'\"), or of the page", w, w, w)
		}
	}
	return ""
}

func lowWords(ws []gword) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.low
	}
	return out
}
