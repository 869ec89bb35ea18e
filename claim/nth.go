package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// One row of a table or item of a list picked by its place: "the first
// row shows 'Ann Lee'", "the second item in the list says 'Milk'", "the
// last row of the table on /users shows 'Bob Stone'". What the claim says
// it shows is looked for inside that one element (nth= of the plan
// language). Rows are the rows with a data cell, as a person counts
// them, never the header row; list items are those outside the page's
// nav, header, footer and menus (contentItems). Any other
// noun ("the first card", "the second task") says nothing of how the page
// marks it up, and is left to the other readers.

// nthPlaces are the ordinal words of a place, 1-based; last is NthLast.
var nthPlaces = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
	"seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
	"last": plan.NthLast, "top": 1, "bottom": plan.NthLast}

// nthRef reads "the second row", "the last list item", "the first item in
// the list", optionally "of the table" and the page ("on /users"). It
// returns the target of that element and the words that named it.
func (c *composer) nthRef() (string, string, bool) {
	save := c.i
	if !c.eat("the") || c.end() {
		c.i = save
		return "", "", false
	}
	n, ok := nthPlaces[c.low()]
	if !ok {
		c.i = save
		return "", "", false
	}
	from := c.i
	c.i++
	var tg plan.Target
	switch {
	case c.eat("table", "row") || c.eat("row"):
		c.eat("of", "the", "table") // "in the table" is said as often
		_ = c.eat("in", "the", "table")
		tg = plan.Target{Kind: plan.ByCSS, Value: dataRows, Nth: n}
	case c.eat("list", "item") || c.eat("bullet", "point") || c.eat("bullet") ||
		c.eat("item") && (c.eat("in", "the", "list") || c.eat("of", "the", "list")):
		tg = plan.Target{Kind: plan.ByCSS, Value: contentItems, Nth: n}
	default:
		c.i = save
		return "", "", false
	}
	name := c.p.lx.span(c.w[from].a, c.w[c.i-1].b)
	c.partOfPage()
	return tg.String(), name, true
}

// nthNote says where the text is looked for.
func nthNote(name string) string {
	if strings.Contains(name, "row") {
		return fmt.Sprintf("The text is looked for inside “the %s”: the page's rows with a data cell, counted in document order across its tables; the header row is not counted.", name)
	}
	return fmt.Sprintf("The text is looked for inside “the %s”: the page's list items, counted in document order across its lists, those of its nav, header, footer and menus not counted.", name)
}

// ordinalSecond reports whether "second" at i of ws is a place ("the
// second row", "a second time", "the second 'Delete' button"), not a
// duration ("within a second", "1 second", "a second or two").
func ordinalSecond(ws []cw, i int) bool {
	if ws[i].low != "second" || i+1 >= len(ws) || ws[i+1].kind != tWord && ws[i+1].kind != tLit {
		return false
	}
	if i > 0 && (ws[i-1].kind == tNumber || numberWords[ws[i-1].low] > 0 || ws[i-1].low == "per" || ws[i-1].low == "half") {
		return false
	}
	if i > 1 && ws[i-1].low == "a" && timeBefore[ws[i-2].low] {
		// "in under a second", "within a second"
		return false
	}
	return !secondGoesOn[ws[i+1].low]
}

// timeBefore come before "a second" said of time.
var timeBefore = map[string]bool{"under": true, "within": true, "in": true, "than": true, "about": true,
	"around": true, "over": true, "only": true, "just": true, "takes": true, "took": true, "take": true,
	"for": true, "after": true, "wait": true, "waits": true, "least": true, "most": true}

// secondGoesOn follow "second" said of time.
var secondGoesOn = map[string]bool{"of": true, "or": true, "and": true, "to": true, "later": true, "after": true,
	"before": true, "ago": true, "per": true, "in": true, "at": true, "on": true, "for": true, "delay": true,
	"wait": true, "pause": true, "timeout": true, "longer": true, "until": true, "then": true, "so": true,
	"while": true, "when": true, "once": true, "is": true, "passes": true, "has": true, "max": true, "maximum": true}

// allOrdinal reports whether every "second" of a claim is a place.
func allOrdinal(lx *lexed) bool {
	ws := composeWords(lx)
	for i, w := range ws {
		if w.low == "second" && !ordinalSecond(ws, i) {
			return false
		}
	}
	return true
}
