package claim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
	kind string // click, press, search, back, reload, hover
	lit  string
	noun string // button, link, tab: "the 'X' button"
	at   int    // the token the action's text is at
	// implied is set for an action the claim implies rather than says:
	// "the 'Peers' tab shows 'X'" chooses the tab.
	implied bool
	// near is the item the clicked control is inside: "clicking 'Delete'
	// next to 'Milk'" (a page's first Delete removes another item).
	near string
}

// sketchCheck is a quoted text the claim says is shown (or not) after
// its actions.
type sketchCheck struct {
	lit   string
	neg   bool
	noun  string // button, link, tab, heading: "a 'X' button"
	count string // "two 'README' links": 2
	// gone is set when the claim says the text goes away ("hides 'X'",
	// "closes the 'X' dialog"): after an action it is written "hides".
	gone bool
	// style is how the text looks: bold, italic, underlined, struck
	// through ("'Total' is bold", "hovering over 'Docs' underlines it").
	style string
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
	// order is set when the claim says its texts come in that order
	// ("lists 'A', 'B' and 'C', in that order").
	order bool
	// dest is the address the claim says its actions lead to ("clicking
	// 'Docs' opens /docs", "changes the address to /#/x").
	dest string
	// unquoted are the names the sketch reads from the claim's unquoted
	// words ("an Authorize button"): a reading its label says.
	unquoted []string
	// notPage are the claim's paths that name no page it starts on: an
	// address its actions lead to, a path shown as a text.
	notPage map[int]bool
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
	"refresh": true, "hover": true, "drag": true, "dismiss": true, "executing": true, "execute": true,
	"running": true, "calling": true, "invoking": true, "collapse": true, "expand": true}

// pageWords name the page itself after "refreshing the".
var pageWords = map[string]bool{"page": true, "browser": true, "tab": true, "window": true, "site": true, "app": true}

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

// nearLit returns the index of the quoted text a clicked control at i is
// said to be next to ("'Delete' next to 'Milk'", "'Delete' beside
// 'Milk'", "the 'Delete' button for 'Milk'"), or 0.
func nearLit(toks []token, i int) int {
	j := i + 1
	if j < len(toks) && (toks[j].low == "button" || toks[j].low == "link" || toks[j].low == "icon") {
		j++
	}
	switch {
	case j+2 < len(toks) && toks[j].low == "next" && toks[j+1].low == "to" && toks[j+2].kind == tLit:
		return j + 2
	case j+1 < len(toks) && (toks[j].low == "beside" || toks[j].low == "for") && toks[j+1].kind == tLit:
		return j + 1
	}
	return 0
}

// relativeWords start a clause that says which thing is meant.
var relativeWords = map[string]bool{"that": true, "which": true, "who": true, "whose": true}

// sketchCheckVerbs start what should be seen.
var sketchCheckVerbs = map[string]bool{"shows": true, "show": true, "showing": true,
	"says": true, "say": true, "lists": true, "list": true, "listing": true, "contains": true,
	"contain": true, "displays": true, "display": true, "mentions": true, "mention": true,
	"warns": true, "reads": true, "includes": true, "include": true, "has": true, "have": true,
	"opens": true, "brings": true, "turns": true, "changes": true, "gives": true, "marks": true,
	"reveals": true, "see": true, "sees": true, "appears": true, "offers": true, "explains": true,
	"comes": true, "finds": true, "complains": true, "answers": true, "prints": true, "tells": true,
	"returns": true, "marked": true}

// sketchHideVerbs say that what follows is no longer shown.
var sketchHideVerbs = map[string]bool{"hides": true, "hide": true, "removes": true,
	"remove": true, "clears": true}

// sketchGoneAfter, after a quoted text, say it is no longer shown.
var sketchGoneAfter = map[string]bool{"disappears": true, "disappear": true, "disappeared": true,
	"vanishes": true, "vanish": true, "vanished": true, "gone": true, "hidden": true}

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
	nearAt := map[int]bool{} // quoted items a click is next to
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
	// gone is set after a verb that says what follows goes away.
	checking, neg, gone := false, false, false
	// listingPaths is set while the claim lists paths as texts.
	listingPaths := false
	if name, noun, end := namedControl(toks, 0); name != "" && end+1 < len(toks) && openerVerbs[toks[end+1].low] {
		// "The Open Torrent toolbar button brings up 'Upload …'": the
		// control, by its unquoted name, clicked first.
		sk.acts = append(sk.acts, sketchAct{kind: "click", lit: name, noun: noun, at: 1, implied: true})
		sk.unquoted = append(sk.unquoted, name)
	}
	used := map[int]bool{}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if sk.cut {
			break
		}
		if t.kind == tWord && (t.low == "until" || t.low == "till") && len(sk.checks) > 0 {
			// "'A' is hidden until you click 'B'": what comes after is
			// done after the state said; a sketch would check the state
			// after it (the opposite)
			sk.cut = true
			break
		}
		switch t.kind {
		case tPath, tURL:
			if t.kind == tPath && (checking || len(sk.acts) > 0) && destinationPath(toks, i) && !negatedBefore(toks, i-1) && !(checking && neg) {
				// "… opens /users", "changes the address to /#/x": where
				// the actions lead, checked as the address.
				sk.notPage = markIndex(sk.notPage, i)
				if len(sk.acts) > 0 && sk.dest == "" && len(sk.checks) == 0 {
					sk.dest = t.raw
					checking, neg, gone = true, false, false
				} else {
					sk.cut = true
				}
				continue
			}
			if t.kind == tPath && checking && !neg && i > 0 && (toks[i-1].low == "lists" || toks[i-1].low == "list" || listingPaths && (toks[i-1].low == "," || toks[i-1].low == "and")) {
				// "lists /tasks, /users and /settings": paths the page
				// shows, not pages.
				listingPaths = true
				sk.notPage = markIndex(sk.notPage, i)
				if l := pathText(lx, i); quoteLit(l) != "" {
					sk.checks = append(sk.checks, sketchCheck{lit: strings.TrimRight(l, ",")})
				}
				continue
			}
			if t.kind == tPath && shownPath(toks, i) {
				// "its /books/{id} path is shown struck through", "has a
				// /posts entry": the path is a text on the page.
				sk.notPage = markIndex(sk.notPage, i)
				c := sketchCheck{lit: pathText(lx, i)}
				if st, negStyle, _ := styleAfter(toks, i+1); st != "" && !negStyle {
					c.style = st
				}
				if quoteLit(c.lit) != "" {
					sk.checks = append(sk.checks, c)
				}
				continue
			}
			if pw, _ := prevWord(i); sketchClickVerbs[pw] && pw != "opening" && t.kind == tPath && !checking {
				// ("opening /admin" visits it: the sketch's page)
				// "Clicking /tasks": the link to that path.
				sk.acts = append(sk.acts, sketchAct{kind: "link", lit: t.raw, at: i})
				continue
			}
			if sk.page == "" && len(sk.acts) == 0 && !checking {
				after := map[int]bool{}
				for k := i; k < len(toks); k++ {
					after[k] = true
				}
				if pg, named := claimPageSkipping(lx, after); named && i > 0 && namesHome(lx.span(0, toks[i].start)) && (toks[0].low == "on" || toks[0].low == "in") {
					// "On the home page /settings is marked 'object'": the
					// page is named first; the path is something on it.
					sk.page = pg
					sk.before = append(sk.before, t.raw)
					continue
				}
				sk.page = t.raw
			} else if checking {
				// Another page: what follows is not on the first.
				sk.cut = true
			}
			continue
		case tNumber:
			if n, err := strconv.Atoi(t.raw); err == nil && n >= 100 && n <= 599 && strings.HasPrefix(sk.page, "/") && len(sk.acts) == 0 && statusNumber(toks, i) {
				sk.status = t.raw
			}
			continue
		case tPunct:
			continue
		case tLit:
			l := strings.TrimSpace(t.raw)
			if nearAt[i] {
				// the item a clicked control is inside, kept with the click
				continue
			}
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
			if len(sk.acts) == 0 && sk.title == "" && browserTabTitle(toks, i) {
				// "The browser tab for the docs is titled 'Swagger UI'":
				// the page's title.
				sk.title = l
				continue
			}
			if len(sk.acts) == 0 && !checking && sk.title == "" && titleBefore(toks, i) {
				sk.title = l
				continue
			}
			if (pressVerb(pw) || sketchClickVerbs[pw]) && word(pj-1) == "by" && (checking || len(sk.acts) > 0) {
				// "the dialog you get by pressing 'o'": how what the claim
				// looks at is opened, done first.
				a := sketchAct{kind: "click", lit: l, noun: nounAfter(i), at: i}
				if pressVerb(pw) {
					a = sketchAct{kind: "press", lit: l, at: i}
				}
				sk.acts = append([]sketchAct{a}, sk.acts...)
				used[pj] = true
				continue
			}
			if st := stateAfter(toks, i); st != "" && (pw == "" || !sketchClickVerbs[pw] && !pressVerb(pw) && pw != "ticking" && pw != "unticking") {
				// "'Sync on start' is unticked", "has 'X' ticked": the
				// state of the checkbox the text names, which the rules
				// check ("'X' is not ticked").
				sk.checks = append(sk.checks, sketchCheck{lit: l, style: st})
				continue
			}
			if st, negStyle, noun := styleAfter(toks, i); st != "" && (pw == "" || !sketchClickVerbs[pw] && !pressVerb(pw)) {
				// "'Total' is bold", "the 'Resources' heading isn't bold":
				// a style the rules check; one said not to hold is no
				// check they write, so the text alone is kept (with the
				// kind of element the claim names).
				c := sketchCheck{lit: l, style: st, noun: noun}
				if negStyle {
					c.style = ""
				}
				sk.checks = append(sk.checks, c)
				continue
			}
			switch {
			case pw == "over" && (word(pj-1) == "hovering" || word(pj-1) == "hover") || pw == "hovering":
				if checking {
					sk.cut = true
					continue
				}
				sk.acts = append(sk.acts, sketchAct{kind: "hover", lit: l, at: i})
				used[pj] = true
				if pw == "over" {
					used[pj-1] = true
				}
			case (pw == "typing" || pw == "type" || pw == "entering") && !checking:
				// "Typing 'missing.json' in the box at the top": typed into
				// the page's text field (which one the claim says in words
				// the label names).
				sk.acts = append(sk.acts, sketchAct{kind: "type", lit: l, at: i})
				used[pj] = true
			case pressVerb(pw) && !checking || (pw == "with" || pw == "using") && keyLike(l) && len(sk.acts) == 0 && !checking:
				sk.acts = append(sk.acts, sketchAct{kind: "press", lit: l, at: i})
				used[pj] = true
				checking, neg = false, false
			case !checking && len(sk.acts) == 0 && (word(i+1) == "button" || word(i+1) == "link") && (openerVerbs[word(i+2)] || (word(i+2) == "never" || word(i+2) == "no") && openerVerbs[word(i+3)]):
				// "The 'Export' button brings up 'Save as'": what the
				// button shows once clicked.
				sk.acts = append(sk.acts, sketchAct{kind: "click", lit: l, noun: word(i + 1), at: i, implied: true})
			case !checking && word(i+1) == "tab" && !sketchClickVerbs[pw] && !pressVerb(pw) && sketchCheckVerbSoon(toks, i+2):
				// "the 'Peers' tab shows 'X'": what the tab holds shows
				// once the tab is chosen.
				sk.acts = append(sk.acts, sketchAct{kind: "click", lit: l, noun: "tab", at: i, implied: true})
			case sketchClickVerbs[pw] || pressVerb(pw) || pw == "to" && word(pj-1) == "switching" || pw == "on" && word(pj-1) == "clicking":
				if checking {
					// An action after a check: a second part the sketch
					// does not write.
					sk.cut = true
					continue
				}
				a := sketchAct{kind: "click", lit: l, noun: nounAfter(i), at: i}
				if j := nearLit(toks, i); j > 0 {
					a.near = strings.TrimSpace(toks[j].raw)
					nearAt[j] = true
				}
				sk.acts = append(sk.acts, a)
				used[pj] = true
				if word(pj-1) == "switching" {
					used[pj-1] = true
				}
			case pw == "for" && (containsWordBefore(toks, i, "searching") || containsWordBefore(toks, i, "search")):
				sk.acts = append(sk.acts, sketchAct{kind: "search", lit: l, at: i})
				for j := i - 1; j >= 0; j-- {
					if toks[j].low == "searching" || toks[j].low == "search" {
						used[j] = true
						break
					}
				}
			case checking && gone && (word(i+1) == "field" || word(i+1) == "box" || word(i+1) == "input"):
				// "clicking 'Reset' clears the 'Name' field": the field's
				// value goes, not the text that names it
				sk.cut = true
			case checking:
				c := sketchCheck{lit: l, neg: neg, noun: nounAfter(i)}
				if i > 0 && c.noun != "" {
					if n, ok := numberWords[toks[i-1].low]; ok {
						c.count = strconv.Itoa(n)
					} else if toks[i-1].kind == tNumber {
						c.count = toks[i-1].raw
					}
				}
				if sketchGoneAfter[word(i+1)] || word(i+1) == "is" && sketchGoneAfter[word(i+2)] || word(i+1) == "goes" && word(i+2) == "away" || absentAfter(toks, i) {
					c.neg = true
				}
				c.gone = c.neg && gone
				sk.checks = append(sk.checks, c)
			default:
				if sketchGoneAfter[word(i+1)] || word(i+1) == "is" && sketchGoneAfter[word(i+2)] || (word(i+1) == "go" || word(i+1) == "goes") && word(i+2) == "away" {
					if len(sk.acts) > 0 {
						sk.checks = append(sk.checks, sketchCheck{lit: l, neg: true, gone: true})
						checking, neg = true, true
					}
					continue
				}
				if absentAfter(toks, i) && len(sk.acts) == 0 {
					// "'Carrots' isn't there": not shown.
					sk.checks = append(sk.checks, sketchCheck{lit: l, neg: true})
					continue
				}
				if shownAfter(toks, i) {
					// "'Only books by this author' is still shown".
					sk.checks = append(sk.checks, sketchCheck{lit: l})
					continue
				}
				sk.before = append(sk.before, l)
			}
			continue
		}
		w := t.low
		if (w == "that" || w == "which" || w == "who") && (word(i+1) == "not" || word(i+1) == "never") && i+2 < len(toks) && toks[i+2].kind == tWord {
			// "a task that doesn't exist": a description, no check.
			i += 2
			continue
		}
		if (w == "nobody" || w == "noone") && (word(i+1) == "has" || word(i+1) == "have" || word(i+1) == "uses" || word(i+1) == "owns") {
			i++
			continue
		}
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
		case (w == "keeps" || w == "keep" || w == "leaves" || w == "leave") && word(i+1) != "out" && litSoon(toks, i) && (checking || len(sk.acts) > 0):
			// "removes it but keeps 'Eggs'": what stays is shown
			checking, neg, gone = true, false, false
		case reNegation.MatchString(t.raw) || w == "not":
			if checking || len(sk.acts) > 0 || i+1 < len(toks) {
				neg = true
			}
		case sketchHideVerbs[w] || (w == "closes" || w == "dismisses") && litSoon(toks, i):
			checking, neg, gone = true, true, true
		case (w == "underlines" || w == "bolds") && word(i+1) == "it" && len(sk.acts) > 0:
			// "hovering over 'Docs' underlines it".
			st := "underlined"
			if w == "bolds" {
				st = "bold"
			}
			sk.checks = append(sk.checks, sketchCheck{lit: sk.acts[len(sk.acts)-1].lit, style: st})
			checking, neg, gone = true, false, false
		case (w == "switching" || w == "setting" || w == "changing" || w == "switch" || w == "set" || w == "change") && !checking && !used[i] && selectAt(toks, i) > 0 && quotedSelectName(toks, i):
			// "Switching the 'Sort' filter to 'Newest'": choosing that
			// option of the dropdown the claim names in quotes. An
			// unquoted name ("the Show filter") is often a text beside
			// the dropdown, not its label: choosing by it fails for a
			// true claim, so that reading is not offered.
			k := selectAt(toks, i)
			var name []string
			for j := i + 1; j < k-2; j++ {
				if !determiners[toks[j].low] {
					name = append(name, strings.TrimSpace(toks[j].raw))
				}
			}
			sk.acts = append(sk.acts, sketchAct{kind: "select", lit: strings.TrimSpace(toks[k].raw), noun: strings.Join(name, " "), at: k})
			used[i] = true
			i = k
		case pressVerb(w) && keyNames[word(i+1)] != "" && !used[i]:
			// "Hitting Esc": a key named without quotes.
			if checking {
				sk.cut = true
				continue
			}
			sk.acts = append(sk.acts, sketchAct{kind: "press", lit: keyNames[word(i+1)], at: i + 1})
			used[i] = true
			i++
		case pressVerb(w) && word(i+1) == "back" && !used[i]:
			// "pressing back": the browser's back.
			if checking {
				sk.cut = true
				continue
			}
			sk.acts = append(sk.acts, sketchAct{kind: "back", at: i})
			used[i] = true
			i++
		case (w == "is" || w == "are") && (word(i+1) == "a" || word(i+1) == "an") && i+2 < len(toks) && toks[i+2].kind == tLit && !checking:
			// "the bookId is a '(query)' parameter": the text is shown.
			checking, neg, gone = true, false, false
		case w == "order" && (word(i-1) == "that" || word(i-1) == "this") && word(i-2) == "in":
			sk.order = true
		case w == "tab" && i > 0 && !checking && !used[i] && toks[i-1].kind == tWord && capitalised(toks[i-1].raw) && sketchCheckVerbSoon(toks, i+1):
			// "the Peers tab has 'X'": an unquoted tab name, chosen.
			sk.acts = append(sk.acts, sketchAct{kind: "click", lit: toks[i-1].raw, noun: "tab", at: i - 1, implied: true})
		case asValue(toks, i) && !checking && !negatedBefore(toks, i):
			// "'s' is listed as 'Start'", "the mode is set to 'Prefer
			// encryption'": the quoted value is shown. Not so the value
			// of "is not listed as 'Save'": 'Save' may be shown for
			// another key.
			checking, neg, gone = true, false, false
		case (w == "a" || w == "an") && !used[i] && namedControlAt(toks, i):
			// "There's an Authorize button", "has a Sign up link": a
			// control by its unquoted name, shown.
			name, noun, end := namedControl(toks, i)
			sk.checks = append(sk.checks, sketchCheck{lit: name, noun: noun})
			sk.unquoted = append(sk.unquoted, name)
			checking, neg, gone = true, false, false
			i = end
		case w == "list" && i > 1 && (determiners[toks[i-1].low] || toks[i-1].kind == tWord && capitalised(toks[i-1].raw)):
			// "The Endpoints list on the home page has …": a noun.
		case sketchCheckVerbs[w]:
			// "doesn't show", "no longer shows": the negation before it
			// holds; a plain verb starts a positive check.
			n := false
			for j := i - 1; j >= 0 && j >= i-2; j-- {
				if j > 0 && toks[j-1].low == "with" && (toks[j].low == "nothing" || toks[j].low == "no") {
					// "with nothing open shows …": a condition's negation.
					continue
				}
				if j < i-1 && relativeBefore(toks, j) {
					// "passwords that don't match show …": the clause's
					// negation says which passwords
					continue
				}
				if toks[j].kind == tWord && (reNegation.MatchString(toks[j].raw) || toks[j].low == "not" || toks[j].low == "longer") {
					n = true
				}
			}
			if w == "opens" && i+1 < len(toks) && toks[i+1].kind == tPath {
				// "opens /docs" is an address, which the rules read; the
				// sketch keeps it as where the actions lead (the path's
				// own case), or has no piece for it.
				if len(sk.acts) == 0 {
					sk.cut = true
				}
				continue
			}
			checking, neg, gone = true, n, false
		case w == "going" && word(i+1) == "back" || w == "navigating" && word(i+1) == "back":
			if checking {
				sk.cut = true
				continue
			}
			sk.acts = append(sk.acts, sketchAct{kind: "back"})
			used[i], used[i+1] = true, true
			i++
		case w == "reloading" || w == "refreshing" || (w == "reload" || w == "refresh") && word(i-1) != "a" && word(i-1) != "the":
			if (determiners[word(i+1)] || word(i+1) == "its") && !pageWords[word(i+2)] {
				// "refreshing the global context": a control's refresh,
				// not the page's
				sk.cut = true
				continue
			}
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
		case w == "after" && i > 0 && len(sk.acts) > 0 && !checking && !sk.cut && actionAt(toks, i+1).kind != "":
			// "Hitting 'Cancel' after clicking 'Try it out' …": the action
			// after "after" is done first.
			a := actionAt(toks, i+1)
			sk.acts = append([]sketchAct{a}, sk.acts...)
			i = a.at
			if i+1 < len(toks) && sketchNouns[toks[i+1].low] != "" {
				i++
			}
		case w == "after" || w == "once" || w == "when" || w == "before":
			// A clause that puts an action before another, in the middle
			// of the claim: the order is not the sketch's to guess.
			if i > 0 {
				sk.cut = true
			}
		case sketchClickVerbs[w] && !used[i] && !litSoon(toks, i) && !(i+1 < len(toks) && toks[i+1].kind == tPath) && !(w == "opening" && i+1 < len(toks) && toks[i+1].kind == tPath):
			// "Collapsing the orders section …": a click on something the
			// claim does not quote; what follows is checked after it.
			if len(sk.acts) == 0 && !checking && pathBeforeCheck(toks, i) {
				continue
			}
			if name, noun, end := namedControl(toks, i+1); name != "" && !checking {
				// "clicking the Toggle Inspector toolbar button": the
				// control by its unquoted name, a reading.
				sk.acts = append(sk.acts, sketchAct{kind: "click", lit: name, noun: noun, at: i + 1})
				sk.unquoted = append(sk.unquoted, name)
				i = end
				continue
			}
			if i+1 < len(toks) && toks[i+1].kind == tWord && capitalised(toks[i+1].raw) && !checking {
				// "clicking Explore": a capitalised name is the control's
				// text, as the rules read it.
				sk.acts = append(sk.acts, sketchAct{kind: "click", lit: toks[i+1].raw, at: i + 1})
				i++
				continue
			}
			sk.cut = true
		case sketchActionVerbs[w] && !used[i] && nounUse(toks, i):
			// "the upload dialog", "a search box": a name, not an action.
		case sketchActionVerbs[w] && !used[i]:
			// An action the sketch cannot write; a pressed or clicked
			// text right after it is read with the literal.
			if litSoon(toks, i) || w == "going" && word(i+1) == "back" || w == "searching" && containsWordAfter(toks, i, "for") {
				continue
			}
			if len(sk.acts) == 0 && !checking && pathBeforeCheck(toks, i) {
				// "Filtering users by an email nobody has
				// (/users?email=…) comes back as …": the action is
				// described in words and given as the path it opens.
				continue
			}
			sk.cut = true
		}
	}
	if sk.page == "" {
		links := map[int]bool{}
		for _, a := range sk.acts {
			if a.kind == "link" {
				links[a.at] = true
			}
		}
		for k := range sk.notPage {
			links[k] = true
		}
		if pg, named := claimPageSkipping(lx, links); named && !(len(sk.acts) > 0 && genericPages[strings.TrimPrefix(strings.ToLower(pg), "the ")]) {
			sk.page = pg
		}
	}
	return sk, len(sk.acts)+len(sk.checks) > 0 || sk.status != "" || sk.title != ""
}

// styleWords are how the rules name a text's look, by the words people
// use for it.
var styleWords = map[string]string{"bold": "bold", "italic": "italic", "italics": "italic",
	"italicised": "italic", "italicized": "italic", "underlined": "underlined",
	"strikethrough": "struck through", "struck": "struck through", "crossed": "struck through"}

// styleAfter reads the look a claim gives the quoted text at i: "'Total'
// is bold", "the 'JSON Server' name is shown in bold", "the 'Resources'
// heading isn't bold". neg is set when the claim says the look does not
// hold, and noun is the kind of element named after the text (heading,
// button, link, tab).
func styleAfter(toks []token, i int) (style string, neg bool, noun string) {
	j := i + 1
	if j < len(toks) && toks[j].kind == tWord {
		if n := sketchNouns[toks[j].low]; n != "" {
			noun = n
			j++
		} else if toks[j].low == "name" || toks[j].low == "text" || toks[j].low == "label" || toks[j].low == "title" {
			j++
		}
	}
	for k := j; k < len(toks) && k <= j+8; k++ {
		t := toks[k]
		if t.kind == tPath && k > 0 && toks[k-1].low == "on" {
			// "the 'Archive' heading on /notes isn't bold".
			continue
		}
		if t.kind != tWord {
			return "", false, ""
		}
		if st := styleWords[t.low]; st != "" {
			if st == "struck through" && k+1 < len(toks) && toks[k+1].low != "through" && toks[k+1].low != "out" {
				return "", false, ""
			}
			return st, neg, noun
		}
		switch {
		case reNegation.MatchString(t.raw) || t.low == "not":
			neg = true
		case t.low == "is" || t.low == "are" || t.low == "still" || t.low == "shown" || t.low == "displayed" ||
			t.low == "written" || t.low == "rendered" || t.low == "set" || t.low == "in" || t.low == "now" ||
			t.low == "should" || t.low == "be" || t.low == "appears" || t.low == "looks":
		case t.low == "on" || t.low == "of" || determiners[t.low] || t.low == "page" || homeWords[t.low]:
			// "the 'Resources' heading on the landing page isn't bold".
		default:
			return "", false, ""
		}
	}
	return "", false, ""
}

// shownAfter reports whether the quoted text at i is said to be shown:
// "'X' is still shown", "'X' is visible".
func shownAfter(toks []token, i int) bool {
	for k := i + 1; k < len(toks) && k <= i+3; k++ {
		switch toks[k].low {
		case "is", "are", "still", "remains", "stays":
		case "shown", "visible", "displayed", "there":
			return true
		default:
			return false
		}
	}
	return false
}

// sketchCheckVerbSoon reports whether a check verb follows within a few
// words of i ("the 'Peers' tab of the dialog shows …").
func sketchCheckVerbSoon(toks []token, i int) bool {
	for k := i; k < len(toks) && k <= i+5; k++ {
		if toks[k].kind == tWord && (sketchCheckVerbs[toks[k].low] || toks[k].low == "explains") {
			return true
		}
		if toks[k].kind == tLit {
			return false
		}
	}
	return false
}

// capitalised reports whether a word starts with a capital letter.
func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// pathBeforeCheck reports whether a path follows the word at i before
// any quoted text or check verb.
func pathBeforeCheck(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+10; j++ {
		switch {
		case toks[j].kind == tPath:
			return true
		case toks[j].kind == tWord && toks[j-1].low == "nobody":
			// "an email nobody has": a description.
		case toks[j].kind == tLit || toks[j].kind == tWord && (sketchCheckVerbs[toks[j].low] || sketchActionVerbs[toks[j].low]):
			return false
		}
	}
	return false
}

// litSoon reports whether a quoted text follows the word at i, after at
// most "to", "for" and determiners ("switching to the 'Schema' tab").
func litSoon(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		switch {
		case toks[j].kind == tLit:
			return true
		case toks[j].kind == tWord && (determiners[toks[j].low] || toks[j].low == "to" || toks[j].low == "for" || toks[j].low == "on" || toks[j].low == "over"):
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
			if a.near != "" {
				s += " next to " + quoteLit(a.near)
			}
		case "press":
			s = "pressing " + quoteLit(a.lit)
		case "search":
			s = "searching for " + quoteLit(a.lit)
		case "back":
			s = "going back"
		case "reload":
			s = "reloading the page"
		case "hover":
			s = "hovering over " + quoteLit(a.lit)
		case "link":
			s = "clicking the " + a.lit + " link"
		case "type":
			s = "typing " + quoteLit(a.lit)
		case "select":
			s = fmt.Sprintf("selecting %s from the %s dropdown", quoteLit(a.lit), quoteLit(a.noun))
		}
		if i > 0 {
			s = "then " + s
		}
		acts = append(acts, s)
	}
	// A text's look is said after the actions: "After hovering over
	// 'Docs', 'Docs' is underlined", "On /x, 'Total' is bold".
	var styled, plain []sketchCheck
	for _, c := range sk.checks {
		if c.style != "" && !c.neg {
			styled = append(styled, c)
		} else {
			plain = append(plain, c)
		}
	}
	styleLead := ""
	if len(styled) > 0 {
		page := "the home page"
		if sk.page != "" {
			page = lowerFirst(sk.page)
		}
		switch {
		case len(acts) > 0 && sk.page != "":
			styleLead = "On " + page + ", after " + strings.TrimPrefix(strings.Join(acts, ", "), "then ") + ", "
		case len(acts) > 0:
			styleLead = "After " + strings.Join(acts, ", ") + ", "
		default:
			styleLead = "On " + page + ", "
		}
	}
	styleCheck := func(cs []sketchCheck) string {
		var parts []string
		for _, c := range cs {
			parts = append(parts, quoteLit(c.lit)+" is "+c.style)
		}
		return strings.Join(parts, " and ")
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
		var pos, neg, counted, hid []string
		npos := 0
		for _, c := range cs {
			if !c.neg && c.count == "" {
				npos++
			}
		}
		for _, c := range cs {
			q := quoteLit(c.lit)
			switch {
			case c.neg && c.gone && len(acts) > 0:
				hid = append(hid, q)
			case c.neg:
				neg = append(neg, "does not show "+q)
			case c.count != "" && c.noun != "":
				counted = append(counted, fmt.Sprintf("has %s %s %ss", c.count, q, c.noun))
			case c.noun != "" && npos == 1:
				pos = append(pos, fmt.Sprintf("%s %s %s", article(c.lit), q, c.noun))
			default:
				pos = append(pos, q)
			}
		}
		var parts []string
		if len(pos) > 0 {
			if sk.order && len(pos) > 1 && len(pos) == len(sk.checks) {
				parts = append(parts, "shows "+joinAnd(pos)+" in that order")
			} else {
				parts = append(parts, "shows "+joinAnd(pos))
			}
		}
		parts = append(parts, counted...)
		if len(hid) > 0 {
			parts = append(parts, "hides "+joinAnd(hid))
		}
		parts = append(parts, neg...)
		return strings.Join(parts, " and ")
	}
	if sk.dest != "" && len(acts) > 0 {
		// "Clicking 'Docs' goes to /docs and shows 'Guide'": where the
		// actions lead, then what is seen there.
		if len(plain) > 0 && len(styled) == 0 {
			out = append(out, lead+" goes to "+sk.dest+" and "+check(plain))
		}
		out = append(out, lead+" goes to "+sk.dest)
	}
	switch {
	case len(styled) > 0 && len(plain) > 0:
		out = append(out, styleLead+styleCheck(styled)+" and the page "+check(plain))
		out = append(out, styleLead+styleCheck(styled), lead+" "+check(plain))
	case len(styled) > 0:
		out = append(out, styleLead+styleCheck(styled))
		if len(styled) > 1 {
			for _, c := range styled {
				out = append(out, styleLead+styleCheck([]sketchCheck{c}))
			}
		}
	case len(plain) > 0:
		out = append(out, lead+" "+check(plain))
		if len(plain) > 1 {
			for _, c := range plain {
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
	if n, _ := strconv.Atoi(sk.status); n >= 400 && len(sk.acts) == 0 {
		// The runner fails a journey whose page answers an error status it
		// does not expect: a text looked for there in a journey of its own
		// fails whatever the page shows, so only the status is offered.
		return []string{sk.page + " returns " + sk.status}
	}
	if sk.status != "" && len(sk.acts) == 0 {
		if len(plain) > 0 && len(styled) == 0 && len(out) > 0 {
			// "/tasks/10 answers 404 and shows '{}'": both, first.
			out = append([]string{sk.page + " returns " + sk.status + " and " + check(plain)}, out...)
		}
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
	said := map[string]bool{}
	for _, t := range lx.toks {
		if t.kind == tLit {
			said[strings.ToLower(strings.TrimSpace(t.raw))] = true
		}
	}
	for _, t := range lexClaim(stripLabel(suggestion)).toks {
		if t.kind == tLit {
			l := strings.ToLower(strings.TrimSpace(t.raw))
			keptLit[l] = true
			if said[l] {
				// The claim's own quoted text keeps no unquoted word:
				// "saves" in "the 'Save' button saves" is left out.
				continue
			}
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
	if kept["reloading"] {
		for _, w := range []string{"reload", "reloads", "reloaded", "refresh", "refreshing", "refreshed"} {
			kept[w] = true
		}
	}
	if kept["shows"] || kept["hides"] {
		for _, w := range []string{"shown", "visible", "displayed"} {
			kept[w] = true
		}
	}
	if kept["title"] {
		// "The title of the page is 'X'" says what the claim's browser
		// tab is titled.
		for _, w := range []string{"titled", "browser", "tab", "window"} {
			kept[w] = true
		}
	}
	if kept["hides"] {
		// "hides 'X'" says the claim's "'X' goes away".
		for _, w := range []string{"go", "goes", "away", "disappears", "vanishes"} {
			kept[w] = true
		}
	}
	if kept["ticked"] {
		// "is not ticked" checks the claim's "unchecked" box.
		for _, w := range []string{"unticked", "checked", "unchecked", "box", "checkbox"} {
			kept[w] = true
		}
	}
	if kept["selecting"] {
		for _, w := range []string{"switching", "setting", "changing", "choosing", "picking", "filter", "select", "selector", "picker", "set", "switch", "change"} {
			kept[w] = true
		}
	}
	if kept["returns"] {
		kept["answers"], kept["responds"], kept["gives"] = true, true, true
	}
	if kept["pressing"] {
		for _, w := range []string{"press", "hitting", "hit"} {
			kept[w] = true
		}
	}
	if kept["shows"] {
		for _, w := range []string{"show", "showing", "says", "say", "lists", "list", "listed", "displays", "display", "mentions", "contains", "reads", "includes", "has", "have", "see", "sees", "appears", "finds", "complains", "prints", "explains"} {
			kept[w] = true
		}
	}
	if kept["no"] {
		// "has no 'Docs' button" keeps the claim's "is not a button"
		kept["not"] = true
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
		case tPath:
			// A path the suggestion quotes as a text it shows.
			for l := range keptLit {
				if strings.HasPrefix(l, t.low) {
					return true
				}
			}
		}
		if kept["not"] && notWord(t) {
			// "isn't" is kept as "does not".
			return true
		}
		if n, ok := numberWords[t.low]; ok && kept[strconv.Itoa(n)] {
			return true
		}
		if k := keyNames[t.low]; k != "" && kept[strings.ToLower(k)] {
			// "Esc" is pressed as "Escape".
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
	// "changes 'A' to 'B'", "'A' becomes 'B'": one text goes, another
	// comes; a suggestion that shows both ("shows 'A' and 'B'") keeps the
	// texts but not the change, and the change words are stop words.
	for i, t := range lx.toks {
		if changeWords[t.low] && !kept[t.low] && changeOfTexts(lx.toks, i) && !slices.ContainsFunc(spans, func(sp string) bool { return containsWord(sp, t.low) }) {
			spans = append(spans, t.raw)
		}
	}
	return spans
}

// changeWords say one text turns into another.
var changeWords = map[string]bool{"changes": true, "change": true, "turns": true, "turn": true,
	"becomes": true, "become": true, "switches": true, "updates": true, "flips": true, "renames": true}

// changeOfTexts reports a change word at toks[i] with a quoted text on
// each side of a "to" or "into" after it ("changes 'A' to 'B'", "changes
// the label from 'A' into 'B'"), or between two quoted texts ("'A'
// becomes 'B'").
func changeOfTexts(toks []token, i int) bool {
	if i > 0 && i+1 < len(toks) && toks[i-1].kind == tLit && toks[i+1].kind == tLit {
		return true
	}
	for j := i + 1; j < len(toks) && j <= i+5; j++ {
		if toks[j].kind == tLit {
			return j+2 < len(toks) && (toks[j+1].low == "to" || toks[j+1].low == "into") && toks[j+2].kind == tLit
		}
	}
	return false
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

// apiWords reports a claim about what an API answers: its page is an
// API's path or a JSON file, or its words say so.
func apiWords(page string, toks []token) bool {
	if strings.Contains(page, "/api") || strings.Contains(page, ".json") {
		return true
	}
	for _, t := range toks {
		switch t.low {
		case "returns", "return", "json", "api", "endpoint", "response", "responds":
			return true
		}
	}
	return false
}

// countReadingList returns what a reading's label says it guesses ("" for
// none), then the readings, or nil.
func countReadingList(lx *lexed, sk sketch) []string {
	if len(sk.acts)+len(sk.checks) > 0 || len(lx.lits) > 0 {
		return nil
	}
	toks := lx.toks
	for _, t := range toks {
		if (sketchActionVerbs[t.low] || sketchClickVerbs[t.low]) && strings.HasSuffix(t.low, "ing") {
			// "Opening the Order schema lists four properties",
			// "Without signing in, …": a count of the start page would
			// be of another state than the claim's
			return nil
		}
	}
	page := "The home page"
	if sk.page != "" {
		page = upperFirst(sk.page)
	}
	if countPageLost(lx, page) {
		return nil
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
		for _, w := range toks[:i] {
			if w.low == "when" || w.low == "if" || w.low == "while" || w.low == "unless" || w.low == "whenever" || w.low == "once" {
				// "returns [] when there are no users": a count in a
				// condition vouch cannot set up is no count to check
				return nil
			}
		}
		noun := toks[i+1].low
		if !countable(toks, i, noun, n) || unitWord(toks[i+1].raw) {
			// ("0 kB/s": a value with its unit counts nothing)
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
		if apiWords(page, toks) {
			// "/api/users returns no users": what an API answers is
			// JSON, where list items and rows are never shown
			why = fmt.Sprintf("that these are the %q the claim counts: the response's items are counted, whatever they are", toks[i+1].raw)
			if n == "no" {
				return []string{why, page + " returns []"}
			}
			return []string{why, page + " returns " + n + " items"}
		}
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
	if countUnits[noun] || !strings.HasSuffix(noun, "s") && n != "1" || reStatusPlural.MatchString(noun) {
		// "no 404s" counts failed requests, never elements
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

// closedParts are parts of a page that show their texts only once
// something opens them.
var closedParts = map[string]bool{"dialog": true, "modal": true, "popup": true, "pop-up": true,
	"popover": true, "overlay": true, "menu": true, "submenu": true, "drawer": true,
	"lightbox": true, "window": true, "preferences": true}

// boxKinds, before "box", name a dialog: "the About box", "a message box".
var boxKinds = map[string]bool{"about": true, "dialog": true, "message": true, "alert": true,
	"info": true, "confirm": true, "confirmation": true}

// partInside are the words that put what comes before them inside a part
// of the page: "choosing 'About' from the settings menu".
var partInside = map[string]bool{"from": true, "in": true, "inside": true, "within": true, "on": true, "of": true}

// unopenedPart names, as the claim wrote it, a part of the page that shows
// its texts only once opened — a dialog, a menu, the preferences — which
// the claim looks into but never says how to open ("" when there is none).
// A text looked for on the page without opening it decides another claim:
// the part's texts are hidden until then.
func unopenedPart(lx *lexed, sk sketch) string {
	toks := lx.toks
	part, at := "", -1
	for i, t := range toks {
		if t.kind != tWord {
			continue
		}
		closed := closedParts[t.low] || t.low == "box" && i > 0 && boxKinds[toks[i-1].low]
		if t.low == "preferences" && i+1 < len(toks) && (pageSuffix[toks[i+1].low] || toks[i+1].low == "screen") {
			closed = false
		}
		if t.low == "window" && i+1 < len(toks) && toks[i+1].low == "title" {
			// "the window title": the page's title, no part of it.
			closed = false
		}
		if t.low == "preferences" && (i > 0 && namingWords[toks[i-1].low] || i+1 < len(toks) && elementAfterName[toks[i+1].low]) {
			// "the tooltip Preferences", "the Preferences button": a
			// control's name, no place
			closed = false
		}
		if closed && indefinitePart(toks, i) {
			// "a desktop-size window", "a dialog": no place the app names
			closed = false
		}
		if !closed {
			continue
		}
		// "opens the shortcuts dialog": the claim says what opens it.
		for j := i - 1; j >= 0 && j >= i-5; j-- {
			if toks[j].kind == tLit || partInside[toks[j].low] {
				// "Opening 'Statistics' from the settings menu" opens
				// what is in the menu, not the menu.
				break
			}
			if w := toks[j].low; (w == "opens" || w == "open" || w == "opening" || w == "brings" || w == "pops" || w == "launches") && !(j > 0 && capitalised(toks[j].raw) && determiners[toks[j-1].low]) {
				// "the Open Torrent dialog" is a name, not what opens it.
				return ""
			}
			if clickedPart(toks, j, i) {
				// "Clicking the wrench (Edit Preferences)": what the
				// claim clicks is the part's own control
				return ""
			}
		}
		start := i
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			w := toks[j]
			if w.kind != tWord || stopWords[w.low] || structural[w.low] || partInside[w.low] || reNegation.MatchString(w.raw) {
				break
			}
			start = j
			if determiners[w.low] {
				break
			}
		}
		if start > 0 && start == i-3 && toks[start-1].kind == tWord && toks[start-1].low == "the" {
			// "the Upload Torrent Files dialog": a name of three words
			// keeps its article
			start--
		}
		part, at = lx.span(toks[start].start, lx.ends[i]), i
		if determiners[toks[start].low] {
			// "The settings menu" is named in the middle of a sentence.
			part = toks[start].low + part[len(toks[start].low):]
		}
		break
	}
	if part == "" {
		return ""
	}
	for _, a := range sk.acts {
		if a.implied {
			continue
		}
		// An action done inside the part ("'About' from the settings
		// menu") does not open it.
		inside := false
		for j := a.at + 1; j < len(toks) && j <= a.at+5 && j <= at; j++ {
			if toks[j].kind == tLit || sketchCheckVerbs[toks[j].low] {
				break
			}
			if partInside[toks[j].low] {
				inside = j < at
				break
			}
		}
		if !inside && !inLeadingPart(toks, at, a.at) {
			return ""
		}
	}
	return part
}

// namingWords, before "Preferences", make it a control's name or text
// ("the tooltip Preferences"); elementAfterName, after it, make it the
// name of an element ("the Preferences button").
var (
	namingWords      = map[string]bool{"tooltip": true, "label": true, "labelled": true, "labeled": true, "title": true, "titled": true, "named": true, "called": true, "word": true, "text": true}
	elementAfterName = map[string]bool{"button": true, "link": true, "icon": true, "tab": true, "tooltip": true, "label": true, "item": true, "entry": true, "option": true, "gear": true}
)

// indefinitePart reports whether the part word at i is named with "a",
// "an" or "any" a few words before it ("a desktop-size window"): a kind
// of part, not one the app shows by name.
func indefinitePart(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if toks[j].kind != tWord {
			return false
		}
		switch toks[j].low {
		case "a", "an", "any":
			return true
		case "the", "this", "that", "its", "their", "our", "your":
			return false
		}
	}
	return false
}

// clickedPart reports whether the word at j is a click on the part named
// at i, with only the part's words between ("clicking the wrench (Edit
// Preferences)"): the claim says how the part opens.
func clickedPart(toks []token, j, i int) bool {
	switch toks[j].low {
	case "click", "clicks", "clicking", "clicked", "tap", "taps", "tapping", "tapped":
	default:
		return false
	}
	for k := j + 1; k < i; k++ {
		w := toks[k]
		if w.kind != tWord {
			continue
		}
		// a capitalised verb is a word of the control's name ("Edit
		// Preferences"); closing words say what the click does
		if closingWords[w.low] || partInside[w.low] ||
			!capitalised(w.raw) && (sketchCheckVerbs[w.low] || sketchActionVerbs[w.low] || sketchClickVerbs[w.low]) {
			return false
		}
	}
	return true
}

// closingWords say a click closes or leaves a part, which it does not
// open.
var closingWords = map[string]bool{"closes": true, "close": true, "closing": true, "hides": true, "hide": true,
	"dismisses": true, "dismiss": true, "shuts": true, "shut": true, "exits": true, "exit": true, "leaves": true, "cancels": true}

// universalSubject names a claim's subject that is every item of a kind
// already on the page ("every task", "All users", "each row"), as written;
// "" when the claim has none. One text on the page proves such a rule of
// one item only.
func universalSubject(lx *lexed) string {
	toks := lx.toks
	for i, t := range toks {
		if t.kind == tLit || t.kind == tWord && (sketchCheckVerbs[t.low] || sketchClickVerbs[t.low] || sketchActionVerbs[t.low]) {
			return ""
		}
		// Only a subject: "every task on /tasks says …", "On /tasks, every
		// row says …"; "writes every change" is no rule about items on a
		// page.
		subject := i == 0 || toks[i-1].kind != tWord || determiners[toks[i-1].low] || i == 1 && fillers[toks[0].low]
		if subject && t.kind == tWord && (t.low == "every" || t.low == "each" || t.low == "all") && i+1 < len(toks) && toks[i+1].kind == tWord {
			j := i + 1
			if toks[j].low == "the" || toks[j].low == "of" && j+2 < len(toks) && toks[j+1].low == "the" {
				for j < len(toks)-1 && (toks[j].low == "the" || toks[j].low == "of") {
					j++
				}
			}
			if stopWords[toks[j].low] || structural[toks[j].low] {
				return ""
			}
			return lx.span(t.start, lx.ends[j])
		}
	}
	return ""
}

// rowNouns are the items of a list a claim names by a text they show
// ("the row for 'Ann'").
var rowNouns = map[string]bool{"row": true, "line": true, "entry": true, "item": true, "card": true, "tile": true, "record": true}

// holderNouns are parts of a page that often hold their texts folded away
// until clicked open: "the 'Find a book by ID' operation", "the Book schema".
var holderNouns = map[string]bool{"operation": true, "endpoint": true, "section": true,
	"schema": true, "model": true, "accordion": true, "group": true, "panel": true}

// holderReadings offers, for a claim that says a named item holds texts
// ("'Add a book' says 'No parameters'", "The Book schema shows 'price'",
// "clicking 'Try it out' on the 'Find a book by ID' operation shows …") but
// never opens it, two honest readings: clicking the item first — labelled
// as a guess, since the claim does not say how it opens — and, with no
// action, the texts inside the item that shows its name. It returns the
// candidates and, for the guess, what its label says it guesses.
func holderReadings(lx *lexed, sk sketch) ([]string, map[string]string) {
	if sk.cut || len(sk.checks) == 0 || sk.title != "" || sk.status != "" {
		return nil, nil
	}
	var lits []string
	for _, c := range sk.checks {
		if c.neg || c.style != "" || c.count != "" {
			return nil, nil
		}
		lits = append(lits, quoteLit(c.lit))
	}
	toks := lx.toks
	holder, inAct := "", false
	firstCheck := len(toks)
	for i, t := range toks {
		if t.kind == tWord && sketchCheckVerbs[t.low] {
			firstCheck = i
			break
		}
	}
	path := false
	for i, t := range toks[:firstCheck] {
		switch {
		case t.kind == tPath && len(sk.acts) == 0 && contains(sk.before, t.raw):
			// "On the home page, /releases has '2x' next to it": the path
			// is shown on the page, next to the texts.
			holder, path = t.raw, true
		case t.kind == tLit && len(sk.acts) == 0 && contains(sk.before, strings.TrimSpace(t.raw)) && !describesPage(toks, i):
			holder = strings.TrimSpace(t.raw)
			switch {
			case i > 0 && timeOrderWords[toks[i-1].low]:
				// "'Loading' is shown, next 'Ready'": one text after
				// the other in time, no item that holds the other
				return nil, nil
			case i > 1 && toks[i-1].low == "to" && toks[i-2].low == "next" || i > 0 && (toks[i-1].low == "beside" || toks[i-1].low == "by") ||
				i > 1 && (toks[i-1].low == "for" || toks[i-1].low == "of") && rowNouns[toks[i-2].low]:
				// "'Sale' is shown next to 'A'", "the row for 'Ann'":
				// where it is, not what clicking 'A' opens
				path = true
			}
		case t.kind == tLit && len(sk.acts) > 0 && i+1 < len(toks) && holderNouns[toks[i+1].low] && contains(sk.before, strings.TrimSpace(t.raw)):
			holder, inAct = strings.TrimSpace(t.raw), true
		case t.kind == tWord && len(sk.acts) == 0 && i > 0 && capitalised(t.raw) && i+1 < len(toks) && holderNouns[toks[i+1].low]:
			holder = t.raw
		}
		if holder != "" {
			break
		}
	}
	if holder == "" || quoteLit(holder) == "" {
		return nil, nil
	}
	q := quoteLit(holder)
	if path {
		return []string{nextTo(sk.page, lits, q)}, nil
	}
	acts := "clicking " + q
	if inAct {
		var more []string
		for _, a := range sk.acts {
			switch a.kind {
			case "click":
				if a.noun != "" {
					more = append(more, fmt.Sprintf("clicking the %s %s", quoteLit(a.lit), a.noun))
				} else {
					more = append(more, "clicking "+quoteLit(a.lit))
				}
			case "press":
				more = append(more, "pressing "+quoteLit(a.lit))
			default:
				return nil, nil
			}
		}
		acts += ", then " + strings.Join(more, ", then ")
	}
	lead := upperFirst(acts)
	if sk.page != "" {
		lead = "On " + lowerFirst(sk.page) + ", " + acts
	}
	guess := lead + " shows " + joinAnd(lits)
	why := fmt.Sprintf("how %s is opened: clicking it is a guess", q)
	if spans := leftOut(lx.text, guess); len(spans) > 0 && len(spans) <= 4 {
		for k, sp := range spans {
			spans[k] = `"` + sp + `"`
			if strings.Contains(sp, `"`) {
				spans[k] = "'" + sp + "'"
			}
		}
		why = fmt.Sprintf("what the claim says with %s, and how %s is opened: clicking it is a guess", joinAnd(spans), q)
	}
	out := []string{guess}
	why2 := map[string]string{guess: why}
	if !inAct {
		// Its texts inside the item showing its name: a reading too,
		// since an item folded away shows none of them until opened.
		nt := nextTo(sk.page, lits, q)
		out = append(out, nt)
		why2[nt] = fmt.Sprintf("whether %s must be opened first: its texts are looked for in the item showing it as it is, a reading", q)
		if spans := leftOut(lx.text, nt); len(spans) > 0 && len(spans) <= 4 {
			for k, sp := range spans {
				spans[k] = `"` + sp + `"`
				if strings.Contains(sp, `"`) {
					spans[k] = "'" + sp + "'"
				}
			}
			why2[nt] = fmt.Sprintf("what the claim says with %s, and whether %s must be opened first: its texts are looked for in the item showing it as it is, a reading", joinAnd(spans), q)
		}
	}
	return out, why2
}

// describesPage reports whether the quoted text at i describes a page
// rather than names an item on it: "the 'Fix the login bug' task's own
// page, /tasks/2, says …".
func describesPage(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if toks[j].low == "'s" || pageSuffix[toks[j].low] {
			return true
		}
		if toks[j].kind != tWord {
			return false
		}
	}
	return false
}

// quotedSelectName reports whether the dropdown after the verb at i is
// named by a quoted text: "setting the 'Sort' dropdown to 'Newest'".
func quotedSelectName(toks []token, i int) bool {
	j := i + 1
	for j < len(toks) && determiners[toks[j].low] {
		j++
	}
	return j+1 < len(toks) && toks[j].kind == tLit && selectNouns[toks[j+1].low]
}

// selectNouns name a control whose options are chosen.
var selectNouns = map[string]bool{"filter": true, "dropdown": true, "drop-down": true,
	"select": true, "selector": true, "picker": true}

// selectAt returns the index of the quoted option in "switching the Show
// filter to 'Seeding'" (the verb at i), or 0 when the words after i are
// not a named dropdown set to a quoted text.
func selectAt(toks []token, i int) int {
	j := i + 1
	for j < len(toks) && determiners[toks[j].low] {
		j++
	}
	start := j
	for j < len(toks) && j <= start+3 && (toks[j].kind == tWord || toks[j].kind == tLit) && !selectNouns[toks[j].low] && !stopWords[toks[j].low] {
		j++
	}
	if j == start || j+2 >= len(toks) || !selectNouns[toks[j].low] || toks[j+1].low != "to" || toks[j+2].kind != tLit {
		return 0
	}
	return j + 2
}

// nextTo writes texts shown inside the item that shows a name: "The home
// page shows "A" next to "X" and shows "B" next to "X"".
func nextTo(page string, lits []string, q string) string {
	if page == "" {
		page = "The home page"
	}
	parts := make([]string, len(lits))
	for i, l := range lits {
		parts[i] = "shows " + l + " next to " + q
	}
	return upperFirst(page) + " " + strings.Join(parts, " and ")
}
