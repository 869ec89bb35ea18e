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
// element said to be in a part ("hovering over 'Help' in the header", "in
// the nav, 'Acme' is bold", "the footer links to the FAQ") has no target
// that pins it there: role=, text= and label= find an element by its name
// anywhere on the page, within= scopes only to a repeated item, a dialog or
// a tab panel, and CSS selects no element by its text (`css=nav :is(…)`
// names tags and attributes, never "the element that says Acme"). Checking
// the name anywhere on the page would decide another claim (a bold "Acme"
// in the page's heading while the nav's is not), so such claims are
// refused, with the reason saying so and two labelled readings: the claim
// said of the page, and the text inside the part.

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
		s2 := c.i
		if c.eatAny(countTextVerbs) {
			c.eatDet()
			if _, found := c.lit(); found {
				if _, timed := c.timesAt(); timed {
					c.i = save
					return false, true
				}
			}
		}
		c.i = s2
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

// timesAt reads "twice", "thrice" or "N times" (N from 1 to 10).
func (c *composer) timesAt() (int, bool) {
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
	case 2:
		return "twice"
	case 3:
		return "three times"
	}
	return fmt.Sprintf("%d times", n)
}

// shownTimes is a quoted text said to be shown a number of times.
var shownTimes = regexp.MustCompile(`(?:\b(?:shows|show|displays|display|lists|list|says|say|reads|read|contains|contain|has|have|prints) (?:the |a )?"\d+" |"\d+" (?:is shown|is displayed|is listed|is visible|appears|shows up) )(?:twice|thrice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten) times)\b`)

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
