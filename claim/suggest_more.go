package claim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Suggestions for classes of refused claim that used to get none or one
// that said something else, and the checks that keep suggestions honest.
//
// A claim that looks inside a part of the page it never opens ("The About
// box says …", "Choosing 'About' from the settings menu shows …") is
// offered once, with the part opened by the control of its name, in the
// words the reach rule reads ("In the "Settings" menu, clicking "About"
// shows …"): that click is marked reach, so a wrong guess blocks the run
// and never fails it, and the label says it is a guess.
//
// A rule about every item of a kind ("every task on /tasks says …") is
// offered as its texts on its page, labelled: a text found once proves the
// rule of one item only.
//
// The sketch (derive_suggest.go) reads more pieces with the helpers below:
// a checkbox's state, a value "listed as" a text, where actions lead, a
// path shown as a text, unquoted names of controls and of listed items
// (each a reading its label says), "A after B" in the order it happens;
// and never a count as a status, a condition's negation as a check's, or
// "'X' is not listed as 'Y'" as either text gone.

// deriveSuggestion derives a suggestion as Derive does, without making
// suggestions of its own: a place named but not opened is opened by the
// control of its name, marked reach.
func deriveSuggestion(c string) (Derivation, *refusal) {
	d, r := derive(c)
	if r != nil {
		if d2, ok, e := derivePlaced(c, r); ok && e == nil {
			return d2, nil
		}
		// a claim about an API docs page (compose_docs*.go, docs_page.go)
		for _, f := range []func(string) (Derivation, bool){deriveDocs, deriveDocsPart, deriveDocsPage, deriveDocsNamed} {
			if d2, ok := f(c); ok {
				return d2, nil
			}
		}
	}
	return d, r
}

// partKindSaid is how a suggestion names the kind of a part, in the words
// the reach rule reads: a box is a dialog, a submenu a menu.
var partKindSaid = map[string]string{"dialog": "dialog", "modal": "modal", "popup": "popup",
	"pop-up": "popup", "popover": "popup", "overlay": "popup", "menu": "menu", "submenu": "menu",
	"drawer": "drawer", "lightbox": "popup", "window": "window", "box": "dialog", "panel": "panel"}

// openedPartReadings writes a claim that looks inside a part it never
// opens (part, as unopenedPart names it) with the part opened by the
// control of its name: "the settings menu" by "Settings", "the About box"
// by "About", the preferences by "Preferences". It returns the candidates
// and, for each, what its label says it guesses. A part on a page other
// than the start page, or whose name is more than three words or none,
// gets no candidate: the reach rule opens places on the home page by a
// short name only.
func openedPartReadings(lx *lexed, sk sketch, part string) ([]string, map[string]string) {
	if strings.HasPrefix(sk.page, "/") && sk.page != "/" || sk.cut || sk.title != "" || sk.status != "" {
		return nil, nil
	}
	ws := strings.Fields(part)
	var name []string
	for _, w := range ws {
		if !determiners[strings.ToLower(w)] {
			name = append(name, w)
		}
	}
	if len(name) == 0 {
		return nil, nil
	}
	kind := strings.ToLower(name[len(name)-1])
	name = name[:len(name)-1]
	lead, opener := "", ""
	switch {
	case kind == "preferences" || kind == "settings":
		// "the Peers preferences": the preferences are opened by their
		// own name; a word before it is a tab, left out (and said so).
		opener = upperFirst(kind)
		lead = "In " + opener + ", "
	case partKindSaid[kind] != "" && len(name) > 0:
		// The name is the word before the kind ("the settings menu" →
		// "Settings"), or the capitalised words there ("the Open Torrent
		// dialog"), up to three: words before those describe, they name
		// no control.
		k := len(name) - 1
		for k > 0 && k > len(name)-3 && capitalised(name[k]) && capitalised(name[k-1]) {
			k--
		}
		name = name[k:]
		for i, w := range name {
			if strings.ContainsAny(w, `'"‘’“”`) {
				return nil, nil
			}
			name[i] = upperFirst(w)
		}
		opener = strings.Join(name, " ")
		if vaguePlace[strings.ToLower(opener)] || closedParts[strings.ToLower(opener)] {
			return nil, nil
		}
		lead = fmt.Sprintf("In the %s %s, ", quoteLit(opener), partKindSaid[kind])
	default:
		return nil, nil
	}
	inner := sk
	inner.page = ""
	var out []string
	why := map[string]string{}
	for _, o := range composeSketch(inner) {
		var body string
		switch {
		case strings.HasPrefix(o, "The home page "):
			body = "the page " + strings.TrimPrefix(o, "The home page ")
		case startsWithAction(o):
			body = lowerFirst(o)
		case strings.HasPrefix(o, "On the home page, "):
			// A state or look said after the part opens: "In
			// Preferences, "X" is not ticked".
			body = strings.TrimPrefix(o, "On the home page, ")
		case strings.HasPrefix(o, "After ") && startsWithAction(strings.TrimPrefix(o, "After ")):
			// "In Preferences, clicking the "Peers" tab, "X" is ticked".
			body = lowerFirst(strings.TrimPrefix(o, "After "))
		default:
			// A title, a style said after the actions: not in the words
			// the reach rule reads.
			continue
		}
		s := lead + body
		is := "is"
		if strings.HasSuffix(strings.ToLower(part), "s") {
			is = "are"
		}
		w := fmt.Sprintf("how %s %s opened: clicking %s is a guess", part, is, quoteLit(opener))
		if kind == "menu" {
			// reach.go opens a menu by the control named for it
			w = fmt.Sprintf("how %s %s opened: clicking %s (or %s) is a guess", part, is, quoteLit(opener+" menu"), quoteLit(opener))
		}
		if spans := leftOut(lx.text, s); len(spans) > 0 && len(spans) <= 4 {
			w = fmt.Sprintf("what the claim says with %s, and %s", quoteSpans(spans), w)
		}
		out = append(out, s)
		why[s] = w
	}
	return out, why
}

// startsWithAction reports whether a composed suggestion starts with the
// claim's first action ("Clicking …", "Pressing …").
func startsWithAction(s string) bool {
	s = upperFirst(s)
	for _, p := range []string{"Clicking ", "Pressing ", "Hovering ", "Typing ", "Searching ", "Selecting ", "Going back", "Reloading "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// quoteSpans quotes words of a claim for a label, joined with "and".
func quoteSpans(spans []string) string {
	q := make([]string, len(spans))
	for i, sp := range spans {
		q[i] = `"` + sp + `"`
		if strings.Contains(sp, `"`) {
			q[i] = "'" + sp + "'"
		}
	}
	return joinAnd(q)
}

// universalReadings labels every candidate of a claim that states a rule
// about every item (u, as written: "every task") as checking less: the
// texts it finds once prove the rule of one item only.
func universalReadings(claim string, cands []string, u string, readings map[string]string) map[string]string {
	return addReading(claim, cands, fmt.Sprintf("that this holds for %s: a text found once proves it of one item only", lowerFirst(u)), readings)
}

// addReading labels every candidate with why, after the claim's words it
// leaves out; a candidate that already has a reading keeps it, with why
// added.
func addReading(claim string, cands []string, why string, readings map[string]string) map[string]string {
	if readings == nil {
		readings = map[string]string{}
	}
	done := map[string]bool{}
	for _, c := range cands {
		if done[c] {
			continue
		}
		done[c] = true
		w := why
		if spans := leftOut(claim, c); len(spans) > 0 && len(spans) <= 4 {
			w = fmt.Sprintf("what the claim says with %s, and %s", quoteSpans(spans), why)
		} else if len(spans) > 4 {
			w = fmt.Sprintf("the rest of %q, and %s", claim, why)
		}
		k := upperFirst(strings.TrimSpace(c))
		if r, ok := readings[k]; ok {
			w = r + ", nor " + why
		}
		readings[c], readings[k] = w, w
	}
	return readings
}

// inLeadingPart reports whether the action at act is done inside the part
// named at part by a leading clause: "In the 'Settings' menu, clicking
// 'About' …" clicks in the menu, which nothing in the claim opens.
func inLeadingPart(toks []token, part, act int) bool {
	if len(toks) == 0 || part >= act {
		return false
	}
	switch toks[0].low {
	case "in", "inside", "within":
	default:
		return false
	}
	for j := part + 1; j < act; j++ {
		if toks[j].kind == tPunct && toks[j].raw == "," {
			return true
		}
		if toks[j].kind != tWord || !determiners[toks[j].low] && !closedParts[toks[j].low] && toks[j].low != "box" {
			return false
		}
	}
	return false
}

// showsUpWords say a text is seen where "nowhere" after them says it is
// not.
var showsUpWords = map[string]bool{"shows": true, "show": true, "appears": true, "appear": true, "turns": true,
	"turn": true, "shown": true, "listed": true, "displayed": true, "mentioned": true, "found": true, "seen": true}

// modalWords come between a text and the negation of its being shown
// ("'Beta' should not be visible", "'X' does not appear").
var modalWords = map[string]bool{"should": true, "must": true, "will": true, "would": true, "can": true,
	"could": true, "shall": true, "does": true, "do": true, "did": true, "may": true, "might": true,
	"shouldn't": true, "mustn't": true, "won't": true, "wouldn't": true, "can't": true, "cannot": true,
	"couldn't": true, "doesn't": true, "don't": true, "didn't": true}

// absentAfter reports whether the words after the quoted text at i say it
// is not there: "'X' is not in it", "'X' isn't shown", "'X' is no longer
// listed", "'X' is nowhere to be seen". A look said not to hold ("'X' is
// not bold") or a control's state ("'X' is not ticked") is no absence.
func absentAfter(toks []token, i int) bool {
	j := i + 1
	if j < len(toks) && toks[j].kind == tWord && headNouns[toks[j].low] != "" {
		// "the 'Delete' button is not shown": the text's element
		j++
	}
	if j+1 < len(toks) && toks[j].low == "used" && toks[j+1].low == "to" {
		// "'Beta' used to be shown": it no longer is
		return true
	}
	if j < len(toks) && (toks[j].low == "is" || toks[j].low == "are" || toks[j].low == "was" || toks[j].low == "were" || toks[j].low == "remains" || toks[j].low == "stays") {
		j++
	}
	if j+1 < len(toks) && (toks[j].low == "has" || toks[j].low == "have" || toks[j].low == "had") && toks[j+1].low == "been" {
		// "has been removed"
		j += 2
	}
	if j < len(toks) && (toks[j].low == "all" || toks[j].low == "both") {
		// "'A' and 'B' are both not shown": said of each
		j++
	}
	if j < len(toks) && modalWords[toks[j].low] && !notWord(toks[j]) {
		// "'Beta' should not be visible", "must never appear": the
		// modal before the negation
		j++
	}
	if j >= len(toks) || toks[j].kind != tWord {
		return false
	}
	if k := j; showsUpWords[toks[k].low] {
		// "'Delete' shows up nowhere", "'Beta' appears nowhere"
		if k++; k < len(toks) && toks[k].low == "up" {
			k++
		}
		if k < len(toks) && toks[k].low == "nowhere" {
			return true
		}
	}
	switch w := toks[j].low; {
	case w == "nowhere" || w == "missing" || w == "gone" || w == "absent" || w == "excluded" || w == "omitted" || w == "hidden" ||
		w == "removed" || w == "deleted" || w == "dropped" || w == "retired":
		return true
	case (w == "left" || w == "filtered" || w == "dropped" || w == "taken" || w == "cut") && j+1 < len(toks) && toks[j+1].low == "out":
		// "'Ann Lee' is filtered out"
		return true
	case w == "never" || notWord(toks[j]):
	case w == "no" && j+1 < len(toks) && toks[j+1].low == "longer":
		j++
	default:
		return false
	}
	j++
	if j < len(toks) && (toks[j].low == "longer" || toks[j].low == "anymore" || toks[j].low == "ever") {
		j++
	}
	if j+1 < len(toks) && toks[j].low == "to" && toks[j+1].low == "be" {
		// "is not to be seen"
		j++
	}
	if j >= len(toks) || toks[j].kind == tPunct || toks[j].low == "and" || toks[j].low == "but" {
		return true
	}
	if toks[j].low == "be" || toks[j].low == "get" {
		// "should not be visible"
		j++
		if j >= len(toks) {
			return false
		}
	}
	switch toks[j].low {
	case "appear", "show", "display", "exist", "come", "pop", "render", "appears", "shows", "displays", "exists", "comes", "pops", "renders":
		// "shouldn't show up anymore", "must not appear", "doesn't
		// appear": the modal's verb
		return j+1 >= len(toks) || toks[j+1].kind != tLit && toks[j+1].low != "as" && toks[j+1].low != "with"
	}
	switch toks[j].low {
	case "shown", "listed", "visible", "displayed", "included", "seen", "found", "mentioned":
		// "'Ctrl+S' is not listed as 'Save'" says what it is not listed
		// as, not that it is gone.
		return j+1 >= len(toks) || toks[j+1].low != "as" && toks[j+1].low != "with" && toks[j+1].kind != tLit
	case "there", "in", "on", "present", "among", "anywhere", "part", "here":
		return true
	}
	return false
}

// asValue reports whether the word at i, with the next, says the quoted
// text after them is what something shows: "listed as 'X'", "shown as
// 'X'", "labelled as 'X'", "set to 'X'".
func asValue(toks []token, i int) bool {
	if i+2 >= len(toks) || toks[i+2].kind != tLit {
		return false
	}
	switch toks[i].low + " " + toks[i+1].low {
	case "listed as", "shown as", "labelled as", "labeled as", "displayed as", "set to":
		return true
	}
	return false
}

// negatedBefore reports whether one of the two words before i negates
// it: "is not set to", "isn't listed as".
func negatedBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if toks[j].kind == tWord && (reNegation.MatchString(toks[j].raw) || toks[j].low == "not") {
			return true
		}
	}
	return false
}

// nounUse reports whether the action verb at i names a thing instead:
// after a determiner and before the kind of a part or control ("the
// upload dialog", "a search box", "the Send button").
func nounUse(toks []token, i int) bool {
	if i == 0 || i+1 >= len(toks) || !determiners[toks[i-1].low] {
		return false
	}
	j := i + 1
	// "the Upload Torrent Files dialog": a name of capitalised words.
	for j < len(toks) && j < i+4 && capitalised(toks[j].raw) && toks[j].kind == tWord && capitalised(toks[i].raw) {
		j++
	}
	if j >= len(toks) {
		return false
	}
	n := toks[j].low
	return closedParts[n] || n == "box" || n == "field" || n == "button" || n == "form" || n == "bar" || n == "panel" || n == "tab" || n == "section" || n == "page"
}

// stateAfter reads the state a claim gives the checkbox the quoted text at
// i names, as the rules write it ("ticked", "not ticked"), or "": "'X' is
// unticked", "'X' is not checked", "has 'X' ticked by default".
func stateAfter(toks []token, i int) string {
	j := i + 1
	if j < len(toks) && (toks[j].low == "box" || toks[j].low == "checkbox" || toks[j].low == "option") {
		j++
	}
	if j < len(toks) && (toks[j].low == "is" || toks[j].low == "are" || toks[j].low == "stays" || toks[j].low == "remains") {
		j++
	}
	neg := false
	if j < len(toks) && notWord(toks[j]) {
		neg = true
		j++
	}
	if j >= len(toks) {
		return ""
	}
	on := false
	switch toks[j].low {
	case "ticked", "checked":
		on = true
	case "unticked", "unchecked":
		if neg {
			// "not unticked": said twice over, not read.
			return ""
		}
	default:
		return ""
	}
	if k := j + 1; k < len(toks) && toks[k].kind == tWord && !(toks[k].low == "by" || toks[k].low == "and" || toks[k].low == "but" || toks[k].low == "on" || toks[k].low == "in") {
		// "'X' is checked out", "is checked against …": another sense.
		return ""
	}
	if on != neg {
		return "ticked"
	}
	return "not ticked"
}

// statusFollow are words that may follow an HTTP status in a claim: its
// name ("404 Not Found") or what comes after the check ("404 for a
// missing task").
var statusFollow = map[string]bool{"ok": true, "not": true, "found": true, "created": true,
	"accepted": true, "no": true, "content": true, "forbidden": true, "unauthorized": true,
	"moved": true, "permanently": true, "bad": true, "request": true, "internal": true,
	"server": true, "error": true, "gone": true, "status": true, "code": true, "response": true,
	"and": true, "or": true, "but": true, "with": true, "when": true, "for": true, "if": true,
	"as": true, "instead": true, "back": true, "on": true, "from": true, "unprocessable": true,
	"conflict": true, "redirect": true, "temporarily": true, "method": true, "too": true}

// statusBefore are words after which a number is a bound or a count, never
// a status: "rate limited to 100", "under 200", "more than 300".
var statusBefore = map[string]bool{"to": true, "than": true, "under": true, "over": true,
	"of": true, "per": true, "within": true, "about": true, "least": true, "most": true,
	"up": true, "limit": true, "top": true, "first": true, "last": true, "every": true}

// statusNumber reports whether the number at i reads as an HTTP status
// ("answers 404", "/x is a 404", "returns 201 Created"), not a bound or a
// count ("is rate limited to 100 requests a minute").
func statusNumber(toks []token, i int) bool {
	if i > 0 && statusBefore[toks[i-1].low] {
		return false
	}
	if i > 1 && (toks[i-1].low == "is" || toks[i-1].low == "be") && toks[i-2].kind == tWord && !statusSubjects[toks[i-2].low] {
		// "the total is 200": what a part of the page holds
		return false
	}
	if i+1 < len(toks) && toks[i+1].kind == tWord && !statusFollow[toks[i+1].low] {
		return false
	}
	return true
}

// statusNotSaid returns a status a plan expects that its claim writes only
// as a bound or a count (0 when none): "/api is rate limited to 100
// requests" is no claim that /api answers 100.
func statusNotSaid(claim string, p *plan.Plan) int {
	if p == nil {
		return 0
	}
	toks := lexClaim(claim).toks
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind != plan.ExpectStatus {
				continue
			}
			n := strconv.Itoa(st.Status)
			asStatus, written := false, false
			for i, t := range toks {
				if t.kind == tNumber && t.raw == n {
					written = true
					asStatus = asStatus || statusNumber(toks, i)
				}
			}
			if written && !asStatus {
				return st.Status
			}
		}
	}
	return 0
}

// reConditionNegation is a negation in a condition a claim is checked
// under, not in what it checks: "With no torrents added, …", "with nothing
// selected", "when no file is chosen".
var reConditionNegation = lazyRE(`(?i)^(?:with|when|while|if)\s+(?:no|nothing|none)\b[^,]*,|\bwith\s+(?:nothing|no\s+[a-z]+)\s+(?:selected|added|chosen|open|opened|ticked|checked|loaded|running|entered|filled|typed|set)\b`)

// reErrorsNegated is "no errors", "without any errors", "doesn't log
// errors": what "loads without errors" says.
var reErrorsNegated = lazyRE(`(?i)\b(?:no|zero|without)\s+(?:[a-z]+\s+)?errors?\b|(?:n[’']t|\bnot|\bnever)\s+(?:[a-z]+\s+){0,3}errors?\b`)

// withoutErrors reports whether a suggestion is the check that a page
// loads without errors.
func withoutErrors(s string) bool {
	return strings.HasSuffix(strings.ToLower(strings.TrimSpace(s)), "loads without errors")
}

// onlyErrorsNegated reports whether the only thing a claim says is not so
// is errors: "loads with no errors in the browser console".
func onlyErrorsNegated(claim string) bool {
	shape := lexClaim(claim).shape
	return reErrorsNegated.MatchString(shape) && !negatedClaim(reErrorsNegated.ReplaceAllString(shape, ""))
}

func markIndex(m map[int]bool, i int) map[int]bool {
	if m == nil {
		m = map[int]bool{}
	}
	m[i] = true
	return m
}

// destWords, a few words before "to" and a path, say the path is where
// something leads: "goes to /x", "changes the address to /x".
var destWords = map[string]bool{"goes": true, "go": true, "going": true, "navigates": true,
	"navigating": true, "redirects": true, "redirected": true, "changes": true, "changed": true,
	"takes": true, "taken": true, "leads": true, "switches": true, "moves": true, "brings": true,
	"address": true, "url": true, "location": true, "sends": true}

// destinationPath reports whether the path at i is where the claim's
// actions lead, not a page it starts on: "opens /users", "goes to /docs",
// "changes the address to /#/x", "lands on /done".
func destinationPath(toks []token, i int) bool {
	if i == 0 {
		return false
	}
	switch toks[i-1].low {
	case "opens", "open", "reaches", "loads":
		return true
	case "to":
		for j := i - 2; j >= 0 && j >= i-4; j-- {
			if destWords[toks[j].low] {
				return true
			}
		}
	case "on", "at":
		if i >= 2 {
			switch toks[i-2].low {
			case "lands", "landing", "up", "arrives", "ends":
				return true
			}
		}
	}
	return false
}

// shownPathNouns, after a path, say it is a text the page shows: "its
// /books/{id} path", "a /posts entry".
var shownPathNouns = map[string]bool{"path": true, "entry": true, "route": true, "row": true,
	"item": true, "line": true, "badge": true}

// shownPath reports whether the path at i is something the page shows
// rather than a page: a noun like "path" or "entry" follows it.
func shownPath(toks []token, i int) bool {
	return i+1 < len(toks) && shownPathNouns[toks[i+1].low]
}

// pathText is the path at i as the claim wrote it, with what the lexer
// left out of it ("/books/{bookId}" keeps its closing brace).
func pathText(lx *lexed, i int) string {
	raw := lx.toks[i].raw
	k := strings.Index(lx.text, raw)
	if k < 0 {
		return raw
	}
	rest := lx.text[k:]
	if e := strings.IndexAny(rest, " \t"); e >= 0 {
		rest = rest[:e]
	}
	return strings.TrimRight(rest, ".,;:")
}

// listTriggers, before an unquoted enumeration, say the page shows it:
// "lists All, Active and Paused", "in this order: GET, POST, PUT".
var listTriggers = map[string]bool{"lists": true, "list": true, "shows": true, "show": true,
	"offers": true, "offer": true, "displays": true, "display": true, "includes": true,
	"include": true, "has": true, "have": true, "order": true, ":": true, "reads": true}

// unquotedList reads an enumeration of unquoted names a claim says a page
// shows ("lists All, Active, Seeding and Paused", "in this order: GET,
// POST, PUT"): three to eight items, each starting with a capital letter,
// separated by commas, the last after "and" or a comma. order is set when
// the claim says they come in that order. A shorter run, or one whose
// items start in lower case, is as often a description: no reading.
func unquotedList(lx *lexed) (items []string, order bool) {
	toks := lx.toks
	for i := 0; i < len(toks); i++ {
		if !listTriggers[toks[i].low] {
			continue
		}
		j := i + 1
		var cur []string
		var got []string
		ok := true
		for ; j < len(toks); j++ {
			t := toks[j]
			if t.kind == tPunct && t.raw == "," || t.low == "and" && len(cur) > 0 {
				if len(cur) == 0 {
					continue
				}
				got = append(got, strings.Join(cur, " "))
				cur = nil
				continue
			}
			if t.kind != tWord && t.kind != tNumber {
				break
			}
			if len(cur) == 0 && !capitalised(t.raw) {
				break
			}
			if len(cur) >= 5 {
				ok = false
				break
			}
			cur = append(cur, t.raw)
		}
		if len(cur) > 1 && kindWords[strings.ToLower(cur[len(cur)-1])] {
			// "Open, Start and Pause buttons": the kind of all of them,
			// no part of the last name
			cur = cur[:len(cur)-1]
		}
		if len(cur) > 0 {
			got = append(got, strings.Join(cur, " "))
		}
		if !ok || len(got) < 3 || len(got) > 8 {
			continue
		}
		for _, g := range got {
			if quoteLit(g) == "" {
				return nil, false
			}
		}
		order = toks[i].low == "order" || toks[i].low == ":" && i > 0 && toks[i-1].low == "order"
		for k := j; k < len(toks); k++ {
			if k > 0 && toks[k].low == "order" && (toks[k-1].low == "that" || toks[k-1].low == "this" || toks[k-1].low == "the") {
				order = true
			}
		}
		return got, order
	}
	return nil, false
}

// DropsActionUnsaid returns an action a labelled suggestion leaves out of
// its claim without its label saying so ("" when none): "Clicking 'Save'
// shows 'Saved'" offered as "The home page shows 'Saved' — checks only
// that …; it does not check what the claim says with 'Saved'" checks
// another state than the claim, and the label must say the click is gone.
func DropsActionUnsaid(claim, suggestion string) string {
	s, label := stripLabel(suggestion), ""
	if i := strings.Index(suggestion, labelSep); i >= 0 {
		label = strings.ToLower(suggestion[i:])
	}
	if label == "" {
		return ""
	}
	kept := map[string]bool{}
	for _, t := range lexClaim(s).toks {
		kept[t.low] = true
	}
	keptAct := kept["clicking"] || kept["pressing"] || kept["typing"] || kept["selecting"] || kept["hovering"] || kept["searching"] || kept["going"] || kept["reloading"]
	if strings.Contains(label, "the rest of") {
		return ""
	}
	ctoks := lexClaim(claim).toks
	for i, t := range ctoks {
		if t.kind != tWord || !actionWords[t.low] || kept[t.low] {
			continue
		}
		if keptAct && (sketchClickVerbs[t.low] || pressVerb(t.low)) {
			// Said as "clicking" or "pressing".
			continue
		}
		if visitVerbs[t.low] && (t.low != "opening" || i+1 < len(ctoks) && ctoks[i+1].kind == tPath) {
			// ("opening /x" visits it; "opening the menu" acts)
			continue
		}
		if !strings.Contains(label, t.low) {
			return t.raw
		}
	}
	return ""
}

// notWord reports whether a word says "not": "not", "isn't" (which the
// lexer reads as "is not"), "doesn't".
func notWord(t token) bool {
	if t.kind != tWord {
		return false
	}
	w := strings.ReplaceAll(t.low, "’", "'")
	return w == "not" || strings.HasSuffix(w, " not") || strings.HasSuffix(w, "n't")
}

// namedControl reads a control named by unquoted capitalised words at i,
// after a determiner: "the Toggle Inspector toolbar button", "an Authorize
// button", "the Sign up link" (one to three words, the first capitalised,
// a part of the page between them and the kind allowed). It returns the
// name, the kind (button, link) and the index of the kind's word, or "".
func namedControl(toks []token, i int) (name, noun string, end int) {
	if i >= len(toks) || !determiners[toks[i].low] {
		return "", "", 0
	}
	j := i + 1
	if j >= len(toks) || toks[j].kind != tWord || !capitalised(toks[j].raw) || stopWords[toks[j].low] {
		return "", "", 0
	}
	var ws []string
	for j < len(toks) && j <= i+3 && toks[j].kind == tWord && sketchNouns[toks[j].low] == "" && (!containerNouns[toks[j].low] || capitalised(toks[j].raw)) {
		ws = append(ws, toks[j].raw)
		j++
	}
	if j < len(toks) && containerNouns[toks[j].low] {
		// "the Open Torrent toolbar button".
		j++
	}
	if j >= len(toks) || len(ws) == 0 {
		return "", "", 0
	}
	switch n := sketchNouns[toks[j].low]; n {
	case "button", "link":
		name = strings.Join(ws, " ")
		if quoteLit(name) == "" {
			return "", "", 0
		}
		return name, n, j
	}
	return "", "", 0
}

// namedControlAt reports whether a control named by unquoted words starts
// at i ("an Authorize button").
func namedControlAt(toks []token, i int) bool {
	n, _, _ := namedControl(toks, i)
	return n != ""
}

// checkVerbBetween reports whether a check verb ("shows", "says") comes
// between the tokens at a and b.
func checkVerbBetween(toks []token, a, b int) bool {
	for k := a + 1; k < b && k < len(toks); k++ {
		if toks[k].kind == tWord && sketchCheckVerbs[toks[k].low] {
			return true
		}
	}
	return false
}

// openerVerbs, after a control the claim names as its subject, say what
// clicking it shows: "The 'Export' button brings up 'Save as'".
var openerVerbs = map[string]bool{"brings": true, "opens": true, "pops": true, "launches": true,
	"reveals": true, "toggles": true, "expands": true}

// article is "an" before a name that starts with a vowel, else "a".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}

// actionAt reads one action said with its quoted text at i: "clicking
// 'Try it out'", "clicking the 'Edit' button", "pressing 'o'", "typing
// 'hello'", "hitting Esc". Its kind is "" when the words at i are no such
// action; at is the index of its text.
func actionAt(toks []token, i int) sketchAct {
	if i >= len(toks) || toks[i].kind != tWord {
		return sketchAct{}
	}
	v := toks[i].low
	j := i + 1
	for j < len(toks) && (determiners[toks[j].low] || toks[j].low == "on") && toks[j].kind == tWord {
		j++
	}
	if j >= len(toks) {
		return sketchAct{}
	}
	switch {
	case pressVerb(v) && toks[j].kind == tWord && keyNames[toks[j].low] != "":
		return sketchAct{kind: "press", lit: keyNames[toks[j].low], at: j}
	case toks[j].kind != tLit:
		return sketchAct{}
	}
	l := strings.TrimSpace(toks[j].raw)
	if l == "" || quoteLit(l) == "" {
		return sketchAct{}
	}
	switch {
	case pressVerb(v):
		return sketchAct{kind: "press", lit: l, at: j}
	case sketchClickVerbs[v]:
		noun := ""
		if j+1 < len(toks) {
			noun = sketchNouns[toks[j+1].low]
		}
		return sketchAct{kind: "click", lit: l, noun: noun, at: j}
	case v == "typing" || v == "entering":
		return sketchAct{kind: "type", lit: l, at: j}
	}
	return sketchAct{}
}

// browserTabTitle reports whether the quoted text at i is what the claim
// says the browser tab (the page's title) reads: "The browser tab for the
// docs is titled 'Swagger UI'", "the browser tab on the home page reads
// 'Acme'", "the window title says 'Acme'". A tab of the page ("the Peers
// tab reads 'X'") is no browser tab.
func browserTabTitle(toks []token, i int) bool {
	if i == 0 {
		return false
	}
	switch toks[i-1].low {
	case "titled", "reads", "says", "shows", "is":
	default:
		return false
	}
	if toks[i-1].low == "titled" {
		return true
	}
	for j := 1; j < i-1; j++ {
		if toks[j].low == "tab" && toks[j-1].low == "browser" || toks[j].low == "title" && toks[j-1].low == "window" {
			return true
		}
	}
	return false
}
