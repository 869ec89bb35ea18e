package claim

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A refused claim is often a sequence the rules can prove most of:
// "Clicking the 'Open Torrent' toolbar button shows 'Upload Torrent
// Files'" is a click and a check with a word ("toolbar") the grammar does
// not know. sketchClaim reads such a claim as the pieces each rule can
// derive on its own — the page, the actions in order, the texts to look
// for with their polarity — and composeSketch writes them back in the
// claim language, largest first, so the first suggestion keeps as much of
// the claim as can be proven and its label names the words it leaves out.

// sketchAct is one action a sketch keeps: a click on a quoted text (with
// the kind of element when the claim names one), a pressed key, a search,
// going back or reloading.
type sketchAct struct {
	kind string // click, press, search, back, reload
	lit  string
	noun string // button, link, tab: "the 'X' button"
}

// sketchCheck is a quoted text the claim says is shown (or not) after
// its actions.
type sketchCheck struct {
	lit   string
	neg   bool
	noun  string // button, link, tab, heading: "a 'X' button"
	count string // "two 'README' links": 2
}

// sketch is what a refused claim says, in pieces the rules derive.
type sketch struct {
	page   string // as written: "/users", "the landing page"; "" for the start page
	acts   []sketchAct
	checks []sketchCheck
	status string // an HTTP status the claim says its page answers
	// cut is set when the claim goes on with an action the sketch cannot
	// write (an unquoted "switching to dark mode", "closing it", an
	// "after …" clause in the middle): checks past it are left out, since
	// checking them without that action checks another state.
	cut bool
	// before are the quoted texts the claim names before any action or
	// check: descriptions ("the 'Fix the login bug' task's own page").
	before []string
	// title is the page title the claim names ("Transmission's page
	// title is 'X'"), checked whole.
	title string
}

// sketchClickVerbs click the quoted text after them.
var sketchClickVerbs = map[string]bool{"clicking": true, "click": true, "clicks": true,
	"expanding": true, "expand": true, "opening": true, "choosing": true, "choose": true,
	"selecting": true, "select": true, "tapping": true, "tap": true, "picking": true,
	"pick": true, "collapsing": true, "toggling": true}

// sketchActionVerbs are actions; one the sketch cannot write cuts it.
var sketchActionVerbs = map[string]bool{"closing": true, "close": true, "dismissing": true,
	"switching": true, "trying": true, "scrolling": true, "dragging": true, "typing": true,
	"filling": true, "adding": true, "deleting": true, "removing": true, "logging": true,
	"signing": true, "submitting": true, "entering": true, "ticking": true, "unticking": true,
	"checking": true, "unchecking": true, "hovering": true, "creating": true, "editing": true,
	"renaming": true, "uploading": true, "dropping": true, "sending": true, "saving": true,
	"starting": true, "stopping": true, "pausing": true, "resuming": true, "double-clicking": true,
	"navigating": true, "going": true, "visiting": true, "reloading": true, "refreshing": true,
	"searching": true, "filtering": true, "sorting": true, "hitting": true, "pressing": true,
	"add": true, "delete": true, "type": true, "fill": true, "enter": true, "submit": true,
	"tick": true, "untick": true, "sign": true, "log": true, "edit": true, "rename": true,
	"upload": true, "send": true, "save": true, "switch": true, "search": true, "reload": true,
	"refresh": true, "hover": true, "drag": true, "dismiss": true}

// visitVerbs, before a path, name the page: "Going to /users …",
// "Checking /db, …".
var visitVerbs = map[string]bool{"going": true, "visiting": true, "navigating": true,
	"opening": true, "hitting": true, "requesting": true, "fetching": true, "loading": true,
	"checking": true, "browsing": true}

// quoteLit quotes a text for a claim: in double quotes, or in single
// quotes when it holds a double one; "" when it holds both.
func quoteLit(l string) string {
	switch {
	case !strings.Contains(l, `"`):
		return `"` + l + `"`
	case !strings.Contains(l, "'"):
		return "'" + l + "'"
	}
	return ""
}

// sketchCheckVerbs start what should be seen.
var sketchCheckVerbs = map[string]bool{"shows": true, "show": true, "showing": true,
	"says": true, "say": true, "lists": true, "list": true, "listing": true, "contains": true,
	"contain": true, "displays": true, "display": true, "mentions": true, "mention": true,
	"warns": true, "reads": true, "includes": true, "include": true, "has": true, "have": true,
	"opens": true, "brings": true, "turns": true, "changes": true, "gives": true, "marks": true,
	"reveals": true, "see": true, "sees": true, "appears": true, "offers": true}

// sketchHideVerbs say that what follows is no longer shown.
var sketchHideVerbs = map[string]bool{"hides": true, "hide": true, "removes": true,
	"remove": true, "clears": true}

// sketchGoneAfter, after a quoted text, say it is no longer shown.
var sketchGoneAfter = map[string]bool{"disappears": true, "disappear": true,
	"vanishes": true, "vanish": true, "gone": true, "hidden": true}

// sketchNouns are kinds of element a quoted text can name, as the rules
// read them after the text.
var sketchNouns = map[string]string{"button": "button", "buttons": "button", "link": "link",
	"links": "link", "tab": "tab", "tabs": "tab", "heading": "heading"}

// keyLike reports whether a quoted text reads as a key to press: a
// single punctuation mark or a named key.
func keyLike(s string) bool {
	r := []rune(s)
	if len(r) == 1 {
		return !unicode.IsLetter(r[0]) && !unicode.IsDigit(r[0]) && !unicode.IsSpace(r[0])
	}
	return len(r) > 1 && checkKey(s) == nil
}

// sketchClaim reads a claim's pieces; ok is false when it holds nothing
// the sketch can write.
func sketchClaim(lx *lexed) (sk sketch, ok bool) {
	toks := lx.toks
	word := func(i int) string {
		if i < 0 || i >= len(toks) || toks[i].kind != tWord {
			return ""
		}
		return toks[i].low
	}
	// prevWord is the closest word before i, skipping determiners.
	prevWord := func(i int) (string, int) {
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if toks[j].kind != tWord {
				return "", -1
			}
			if determiners[toks[j].low] {
				continue
			}
			return toks[j].low, j
		}
		return "", -1
	}
	nounAfter := func(i int) string {
		if n := sketchNouns[word(i+1)]; n != "" {
			return n
		}
		// "the 'Open Torrent' toolbar button": a part of the page
		// before the kind of element.
		if containerNouns[word(i+1)] {
			return sketchNouns[word(i+2)]
		}
		return ""
	}
	checking, neg := false, false
	used := map[int]bool{}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if sk.cut {
			break
		}
		switch t.kind {
		case tPath, tURL:
			if sk.page == "" && len(sk.acts) == 0 && !checking {
				sk.page = t.raw
			} else if checking {
				// Another page: what follows is not on the first.
				sk.cut = true
			}
			continue
		case tNumber:
			if n, err := strconv.Atoi(t.raw); err == nil && n >= 100 && n <= 599 && strings.HasPrefix(sk.page, "/") && len(sk.acts) == 0 {
				sk.status = t.raw
			}
			continue
		case tPunct:
			continue
		case tLit:
			l := strings.TrimSpace(t.raw)
			if l == "" || quoteLit(l) == "" {
				sk.cut = true
				continue
			}
			pw, pj := prevWord(i)
			if (pw == "after" || pw == "once" || pw == "when") && len(sk.acts) == 0 {
				// "after 'Try it out' …": something was done to the text,
				// the claim does not say what.
				sk.cut = true
				continue
			}
			if len(sk.acts) == 0 && !checking && sk.title == "" && titleBefore(toks, i) {
				sk.title = l
				continue
			}
			switch {
			case pressVerb(pw) && keyLike(l) || (pw == "with" || pw == "using") && keyLike(l) && len(sk.acts) == 0 && !checking:
				sk.acts = append(sk.acts, sketchAct{kind: "press", lit: l})
				used[pj] = true
				checking, neg = false, false
			case sketchClickVerbs[pw] || pressVerb(pw) || pw == "to" && word(pj-1) == "switching" || pw == "on" && word(pj-1) == "clicking":
				if checking {
					// An action after a check: a second part the sketch
					// does not write.
					sk.cut = true
					continue
				}
				sk.acts = append(sk.acts, sketchAct{kind: "click", lit: l, noun: nounAfter(i)})
				used[pj] = true
				if word(pj-1) == "switching" {
					used[pj-1] = true
				}
			case pw == "for" && (containsWordBefore(toks, i, "searching") || containsWordBefore(toks, i, "search")):
				sk.acts = append(sk.acts, sketchAct{kind: "search", lit: l})
				for j := i - 1; j >= 0; j-- {
					if toks[j].low == "searching" || toks[j].low == "search" {
						used[j] = true
						break
					}
				}
			case checking:
				c := sketchCheck{lit: l, neg: neg, noun: nounAfter(i)}
				if i > 0 && c.noun != "" {
					if n, ok := numberWords[toks[i-1].low]; ok {
						c.count = strconv.Itoa(n)
					} else if toks[i-1].kind == tNumber {
						c.count = toks[i-1].raw
					}
				}
				if sketchGoneAfter[word(i+1)] || word(i+1) == "is" && sketchGoneAfter[word(i+2)] || word(i+1) == "goes" && word(i+2) == "away" {
					c.neg = true
				}
				sk.checks = append(sk.checks, c)
			default:
				if sketchGoneAfter[word(i+1)] || word(i+1) == "is" && sketchGoneAfter[word(i+2)] {
					if len(sk.acts) > 0 {
						sk.checks = append(sk.checks, sketchCheck{lit: l, neg: true})
						checking, neg = true, true
					}
					continue
				}
				sk.before = append(sk.before, l)
			}
			continue
		}
		w := t.low
		if checking && (w == "page" || w == "screen") && i >= 2 && toks[i-2].low == "the" {
			// "… and the docs page shows …": another page.
			sk.cut = true
			continue
		}
		if w == "or" {
			// Either of two outcomes is no sequence of checks to write.
			sk.cut = true
			continue
		}
		switch {
		case reNegation.MatchString(t.raw) || w == "not":
			if checking || len(sk.acts) > 0 || i+1 < len(toks) {
				neg = true
			}
		case sketchHideVerbs[w]:
			checking, neg = true, true
		case sketchCheckVerbs[w]:
			// "doesn't show", "no longer shows": the negation before it
			// holds; a plain verb starts a positive check.
			n := false
			for j := i - 1; j >= 0 && j >= i-2; j-- {
				if reNegation.MatchString(toks[j].raw) || toks[j].low == "not" || toks[j].low == "longer" {
					n = true
				}
			}
			if w == "opens" && i+1 < len(toks) && toks[i+1].kind == tPath {
				// "opens /docs" is an address, which the rules read; the
				// sketch has no piece for it.
				sk.cut = true
				continue
			}
			checking, neg = true, n
		case w == "going" && word(i+1) == "back" || w == "navigating" && word(i+1) == "back":
			if checking {
				sk.cut = true
				continue
			}
			sk.acts = append(sk.acts, sketchAct{kind: "back"})
			used[i], used[i+1] = true, true
			i++
		case w == "reloading" || w == "refreshing":
			if checking {
				sk.cut = true
				continue
			}
			sk.acts = append(sk.acts, sketchAct{kind: "reload"})
		case visitVerbs[w] && i+1 < len(toks) &&
			(toks[i+1].kind == tPath || word(i+1) == "to" && i+2 < len(toks) && toks[i+2].kind == tPath):
			// "Going to /users …": the page, read at the path.
			if len(sk.acts) > 0 || checking {
				sk.cut = true
			}
		case w == "after" || w == "once" || w == "when" || w == "before":
			// A clause that puts an action before another, in the middle
			// of the claim: the order is not the sketch's to guess.
			if i > 0 {
				sk.cut = true
			}
		case sketchActionVerbs[w] && !used[i]:
			// An action the sketch cannot write; a pressed or clicked
			// text right after it is read with the literal.
			if litSoon(toks, i) || w == "going" && word(i+1) == "back" || w == "searching" && containsWordAfter(toks, i, "for") {
				continue
			}
			sk.cut = true
		}
	}
	if sk.page == "" {
		if pg, named := claimPage(lx); named {
			sk.page = pg
		}
	}
	return sk, len(sk.acts)+len(sk.checks) > 0 || sk.status != "" || sk.title != ""
}

// litSoon reports whether a quoted text follows the word at i, after at
// most "to", "for" and determiners ("switching to the 'Schema' tab").
func litSoon(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		switch {
		case toks[j].kind == tLit:
			return true
		case toks[j].kind == tWord && (determiners[toks[j].low] || toks[j].low == "to" || toks[j].low == "for" || toks[j].low == "on"):
		default:
			return false
		}
	}
	return false
}

// titleBefore reports whether the quoted text at i is what the claim
// says a page's title is: "title is 'X'", "title should be 'X'", "title
// reads 'X'".
func titleBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		switch toks[j].low {
		case "title":
			return true
		case "is", "be", "reads", "equals", "should", ":":
		default:
			return false
		}
	}
	return false
}

func containsWordAfter(toks []token, i int, w string) bool {
	for j := i + 1; j < len(toks) && j <= i+5; j++ {
		if toks[j].low == w {
			return true
		}
	}
	return false
}

func containsWordBefore(toks []token, i int, w string) bool {
	for j := i - 1; j >= 0 && j >= i-5; j-- {
		if toks[j].low == w {
			return true
		}
	}
	return false
}

// composeSketch writes a sketch back as claims the rules read, the
// largest first: every action and check, then each check alone after the
// actions, then the actions' first steps alone are not offered (an action
// with no check is no claim).
func composeSketch(sk sketch) []string {
	var out []string
	acts := make([]string, 0, len(sk.acts))
	for i, a := range sk.acts {
		var s string
		switch a.kind {
		case "click":
			if a.noun != "" {
				s = fmt.Sprintf("clicking the %s %s", quoteLit(a.lit), a.noun)
			} else {
				s = "clicking " + quoteLit(a.lit)
			}
		case "press":
			s = "pressing " + quoteLit(a.lit)
		case "search":
			s = "searching for " + quoteLit(a.lit)
		case "back":
			s = "going back"
		case "reload":
			s = "reloading the page"
		}
		if i > 0 {
			s = "then " + s
		}
		acts = append(acts, s)
	}
	lead := ""
	switch {
	case len(acts) > 0 && sk.page != "":
		lead = "On " + lowerFirst(sk.page) + ", " + strings.Join(acts, ", ")
	case len(acts) > 0:
		lead = strings.Join(acts, ", ")
	case sk.page != "":
		lead = sk.page
	default:
		lead = "The home page"
	}
	lead = upperFirst(lead)
	check := func(cs []sketchCheck) string {
		var pos, neg, counted []string
		npos := 0
		for _, c := range cs {
			if !c.neg && c.count == "" {
				npos++
			}
		}
		for _, c := range cs {
			q := quoteLit(c.lit)
			switch {
			case c.neg:
				neg = append(neg, "does not show "+q)
			case c.count != "" && c.noun != "":
				counted = append(counted, fmt.Sprintf("has %s %s %ss", c.count, q, c.noun))
			case c.noun != "" && npos == 1:
				pos = append(pos, fmt.Sprintf("a %s %s", q, c.noun))
			default:
				pos = append(pos, q)
			}
		}
		var parts []string
		if len(pos) > 0 {
			parts = append(parts, "shows "+joinAnd(pos))
		}
		parts = append(parts, counted...)
		parts = append(parts, neg...)
		return strings.Join(parts, " and ")
	}
	if len(sk.checks) > 0 {
		out = append(out, lead+" "+check(sk.checks))
		if len(sk.checks) > 1 {
			for _, c := range sk.checks {
				out = append(out, lead+" "+check([]sketchCheck{c}))
			}
		}
	}
	if sk.title != "" && len(sk.acts) == 0 {
		page := "the page"
		if sk.page != "" {
			page = lowerFirst(sk.page)
		}
		out = append([]string{"The title of " + page + " is " + quoteLit(sk.title)}, out...)
	}
	if sk.status != "" && len(sk.acts) == 0 {
		out = append(out, sk.page+" returns "+sk.status)
	}
	return out
}

// leftOut names the words of a claim a suggestion does not keep, as the
// claim wrote them ("toolbar button", "twice - once for down, once for
// up"), for the label of a suggestion that checks less.
func leftOut(claim, suggestion string) []string {
	lx := lexClaim(claim)
	kept := map[string]bool{}
	keptLit := map[string]bool{}
	for _, t := range lexClaim(stripLabel(suggestion)).toks {
		if t.kind == tLit {
			keptLit[strings.ToLower(strings.TrimSpace(t.raw))] = true
			// The claim's unquoted words a suggestion quotes are kept.
			for _, w := range strings.Fields(strings.ToLower(t.raw)) {
				kept[w] = true
			}
			continue
		}
		kept[t.low] = true
	}
	// A suggestion says "clicking" for the claim's "expanding" and
	// "shows" for its "lists": the same action, the same check.
	if kept["clicking"] {
		for w := range sketchClickVerbs {
			kept[w] = true
		}
		kept["switching"] = true
	}
	for _, t := range lexClaim(stripLabel(suggestion)).toks {
		if t.kind == tPath {
			// The suggestion visits the page the claim goes to.
			for w := range visitVerbs {
				kept[w] = true
			}
			break
		}
	}
	for _, w := range []string{"you", "u", "it", "i", "we", "they", "them", "its"} {
		kept[w] = true
	}
	for _, t := range lexClaim(stripLabel(suggestion)).toks {
		if t.kind == tNumber {
			// Counts are exact.
			kept["exactly"] = true
		}
	}
	if kept["pressing"] {
		for _, w := range []string{"press", "hitting", "hit"} {
			kept[w] = true
		}
	}
	if kept["shows"] {
		for _, w := range []string{"show", "showing", "says", "say", "lists", "list", "listed", "displays", "display", "mentions", "contains", "reads", "includes", "has", "have", "see", "sees", "appears"} {
			kept[w] = true
		}
	}
	if kept["not"] {
		for w := range sketchHideVerbs {
			kept[w] = true
		}
		for w := range sketchGoneAfter {
			kept[w] = true
		}
		kept["no"] = true
	}
	loose := func(t token) bool {
		return t.kind == tPunct || stopWords[t.low] || determiners[t.low] || looseWords[t.low] || t.low == "'s"
	}
	covered := func(t token) bool {
		switch t.kind {
		case tLit:
			return keptLit[strings.ToLower(strings.TrimSpace(t.raw))]
		case tPunct:
			return true
		}
		if n, ok := numberWords[t.low]; ok && kept[strconv.Itoa(n)] {
			return true
		}
		return kept[t.low] || kept[t.low+"s"] || kept[strings.TrimSuffix(t.low, "s")]
	}
	// A span is a run of words the suggestion does not keep; loose words
	// ("the", "on", "page") join two such words but never start or end
	// a span, and a kept word ends it.
	var spans []string
	for i := 0; i < len(lx.toks); i++ {
		t := lx.toks[i]
		if covered(t) || loose(t) {
			continue
		}
		end := i
		for j := i + 1; j < len(lx.toks) && !covered(lx.toks[j]); j++ {
			if !loose(lx.toks[j]) {
				end = j
			}
		}
		spans = append(spans, lx.span(t.start, lx.ends[end]))
		i = end
	}
	return spans
}

// countNouns are kinds of element the rules count; a count of anything
// else ("6 operations", "three tasks") names no element.
var countNouns = map[string]bool{"links": true, "link": true, "buttons": true, "button": true,
	"headings": true, "heading": true, "images": true, "image": true}

// regionWords are parts of a page the rules count in ("6 links in the nav").
var regionWords = map[string]string{"nav": "nav", "navigation": "nav", "navbar": "nav",
	"footer": "footer", "header": "header", "sidebar": "sidebar"}

// countReadings offers the readings of a count the rules cannot take as it
// is: "lists 6 operations" as list items or as rows (which elements are
// the operations the claim does not say, so both are offered and labelled
// with the noun they leave out), and "three links in the home page's nav
// bar" as the links of that part of the page.
func countReadings(lx *lexed, sk sketch) map[string]string {
	rs := countReadingList(lx, sk)
	if len(rs) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, r := range rs[1:] {
		if rs[0] != "" {
			// Links in a part of the page are elements: no guess.
			out[r] = rs[0]
		}
	}
	return out
}

// countReadingList returns what a reading's label says it guesses ("" for
// none), then the readings, or nil.
func countReadingList(lx *lexed, sk sketch) []string {
	if len(sk.acts)+len(sk.checks) > 0 || len(lx.lits) > 0 {
		return nil
	}
	toks := lx.toks
	page := "The home page"
	if sk.page != "" {
		page = upperFirst(sk.page)
	}
	// "The transfers list is empty": none of the list's items.
	if k := len(toks); k >= 3 && toks[k-1].low == "empty" && toks[k-2].low == "is" && (toks[k-3].low == "list" || toks[k-3].low == "table") {
		what := lx.span(toks[0].start, toks[k-3].start+len(toks[k-3].low))
		for _, w := range toks[:k-2] {
			if countBounds[w.low] || partNouns[w.low] && w.low != "table" {
				return nil
			}
		}
		why := fmt.Sprintf("that these make up %q: which elements do is a guess", lowerFirst(what))
		return []string{why, page + " has no list items", page + " has no rows"}
	}
	for i, t := range toks {
		n := ""
		switch {
		case t.kind == tNumber:
			n = t.raw
		case t.kind == tWord && numberWords[t.low] > 0:
			n = strconv.Itoa(numberWords[t.low])
		case t.kind == tWord && t.low == "no" && i+1 < len(toks) && toks[i+1].kind == tWord && strings.HasSuffix(toks[i+1].low, "s"):
			n = "no"
		default:
			continue
		}
		if i+1 >= len(toks) || toks[i+1].kind != tWord || stopWords[toks[i+1].low] || determiners[toks[i+1].low] {
			continue
		}
		noun := toks[i+1].low
		if !countable(toks, i, noun, n) {
			return nil
		}
		if countNouns[noun] {
			for _, u := range toks[i+2:] {
				if r, ok := regionWords[u.low]; ok {
					return []string{"", fmt.Sprintf("%s's %s has %s %s", page, r, n, plural(noun))}
				}
			}
			return nil
		}
		why := fmt.Sprintf("that these are the %q the claim counts: which elements those are is a guess", toks[i+1].raw)
		if n == "1" {
			return []string{why, page + " has 1 list item", page + " has 1 row"}
		}
		return []string{why, page + " has " + n + " list items", page + " has " + n + " rows"}
	}
	return nil
}

func plural(w string) string {
	if strings.HasSuffix(w, "s") {
		return w
	}
	return w + "s"
}

// countable reports whether the number at i counts things a page lists
// ("lists 6 operations", "shows only one task", "there are no torrents"),
// not a time, a bound or the parts of a named element.
func countable(toks []token, i int, noun, n string) bool {
	if countUnits[noun] || !strings.HasSuffix(noun, "s") && n != "1" {
		return false
	}
	for j := 0; j < i; j++ {
		if w := toks[j].low; countBounds[w] || containerNouns[w] || partNouns[w] {
			return false
		}
	}
	j := i - 1
	for j >= 0 && (toks[j].low == "only" || toks[j].low == "exactly" || toks[j].low == "just") {
		j--
	}
	if j < 0 {
		return false
	}
	switch toks[j].low {
	case "lists", "list", "shows", "show", "has", "have", "are", "contains", "displays":
		return n != "1" || j < i-1
	}
	return false
}

// countUnits are what a number counts that no page lists.
var countUnits = map[string]bool{"seconds": true, "second": true, "minutes": true, "minute": true,
	"hours": true, "hour": true, "days": true, "day": true, "ms": true, "times": true,
	"attempts": true, "requests": true, "columns": true, "rows": true, "cards": true,
	"items": true, "steps": true, "pages": true, "characters": true, "words": true}

// countBounds make a count no exact number, or name a time.
var countBounds = map[string]bool{"least": true, "most": true, "than": true, "within": true,
	"after": true, "under": true, "over": true, "every": true, "per": true, "up": true}

// partNouns name a part of a page whose parts a count would be.
var partNouns = map[string]bool{"table": true, "grid": true, "wizard": true, "carousel": true,
	"form": true, "chart": true, "gallery": true}

// namesAsTexts reads the unquoted names a claim says a page shows ("lists
// the users Ann Lee and Bob Stone") as texts to look for — a reading, since
// the claim does not quote them, labelled as one. It returns the
// suggestion and what its label says it leaves out, or "".
func namesAsTexts(lx *lexed, sk sketch) (string, string) {
	if len(lx.lits)+len(sk.acts) > 0 {
		return "", ""
	}
	toks := lx.toks
	var names []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			names = append(names, strings.Join(cur, " "))
			cur = nil
		}
	}
	checking := false
	for i, t := range toks {
		if t.kind == tWord && !checking {
			switch t.low {
			case "lists", "list", "shows", "show", "displays", "mentions", "says":
				checking = true
			}
			continue
		}
		if !checking {
			continue
		}
		r := []rune(t.raw)
		if t.kind == tWord && i > 0 && len(r) > 1 && unicode.IsUpper(r[0]) && !stopWords[t.low] {
			cur = append(cur, t.raw)
			continue
		}
		flush()
		if t.kind != tWord || !(t.low == "and" || t.low == "," || determiners[t.low] || t.kind == tWord && unicode.IsLower(r[0])) {
			return "", ""
		}
	}
	flush()
	if len(names) == 0 || len(names) > 4 {
		return "", ""
	}
	for _, n := range names {
		if !strings.Contains(n, " ") {
			// One capitalised word ("SEO", "Docs") is as often a
			// description as a name.
			return "", ""
		}
	}
	page := "The home page"
	if sk.page != "" {
		page = upperFirst(sk.page)
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoteLit(n)
	}
	sugg := page + " shows " + joinAnd(q)
	why := fmt.Sprintf("how the claim meant the unquoted %s: they are read as texts on the page, a guess", joinAnd(q))
	if spans := leftOut(lx.text, sugg); len(spans) > 0 {
		why = fmt.Sprintf("what the claim says with %q, and the unquoted %s are read as texts on the page, a guess", strings.Join(spans, " "), joinAnd(q))
	}
	return sugg, why
}
