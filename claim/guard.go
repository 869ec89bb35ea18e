package claim

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// The guard is the last look at every derivation, whichever reader made
// it: a word of the claim that bears meaning must show in the plan, or the
// claim is refused. A reader that consumed a word without checking what it
// says ("three tasks", "only", "the inactive users", "may show", "the
// mobile nav", "when signed in") would otherwise decide another claim than
// the one written. Each rule is a class of words and what in the plan
// accounts for it.

// gword is one word of the claim outside quotes, paths and addresses.
type gword struct {
	low, raw string
	kind     tokKind
}

// guardWords splits the claim's tokens into words; a quoted text, a path,
// a URL or an address stays one token of its kind.
func guardWords(lx *lexed) []gword {
	var ws []gword
	for _, t := range lx.toks {
		if t.kind == tWord && strings.Contains(t.low, " ") {
			raws := strings.Fields(t.raw)
			for i, f := range strings.Fields(t.low) {
				r := f
				if i < len(raws) && len(raws) == len(strings.Fields(t.low)) {
					r = raws[i]
				}
				ws = append(ws, gword{low: f, raw: r, kind: tWord})
			}
			continue
		}
		ws = append(ws, gword{low: t.low, raw: t.raw, kind: t.kind})
	}
	return ws
}

// guard returns a refusal when the derivation leaves a meaning-bearing
// word of the claim unaccounted for.
func guard(lx *lexed, d Derivation) *refusal {
	if d.Plan == nil {
		return nil
	}
	ws := guardWords(lx)
	var steps []plan.Step
	for _, j := range d.Plan.Journeys {
		steps = append(steps, j.Steps...)
	}
	for _, rule := range []func([]gword, []plan.Step, Derivation) string{
		guardHedge, guardOnly, guardNumbers, guardQualifiedPart, guardPartDropped,
		guardDescribed, guardAside, guardSignedIn, guardLateCondition, guardUnquotedText,
		guardAdjectiveName, guardElidedAction, guardDuring, guardPaths, guardShownError,
		guardApprox, guardItemScope, guardRequestWords, guardUndoable, guardAgain, guardNestedAfter,
		guardGoneButNot, guardTiming, guardNamedPart, guardOpenContainer, guardUI, guardRegionDropped,
		guardSlashKey, guardNoMove, guardUnshown, guardNotAll, guardAbility, guardFuture, guardShortUnpinned, guardImageGuess, guardQuotedKept, guardGone, guardGuessedDialog, guardShowsClicked, guardGuessedAlert,
		guardOutcomeDone, guardNotOnly, guardNotAlways, guardClearsField,
		guardNegatedChange, guardLateAction, guardStillSaid, guardBugReport, guardNotGone, guardStaysState, guardTypedRemoved, guardContradiction, guardTypedAfterDblClick, guardVisitLast,
	} {
		if why := rule(ws, steps, d); why != "" {
			// A message said absent has no rephrasing from the claim's own
			// words: one would drop the action or invent the message.
			return &refusal{cause: "ambiguous", reason: why, suggest: append(valueLabelReading(d, why), andReadings(d, why)...), only: strings.HasPrefix(why, guessedAlertWhy) || strings.Contains(why, outcomeDoneWhy) || noRephrasing(why)}
		}
	}
	return nil
}

// hedgeWords make a claim true whether or not the page shows it: "may
// show 'X'" holds when it does not, and a plan that requires it decides
// failed.
var hedgeWords = map[string]bool{"may": true, "might": true, "could": true, "sometimes": true,
	"usually": true, "often": true, "occasionally": true, "possibly": true, "perhaps": true,
	"maybe": true, "probably": true, "likely": true, "mostly": true, "typically": true, "generally": true}

// writtenWords is the claim as written, its quoted texts blanked: the
// lexer drops modal verbs ("can", "may", "will") that some guards read.
func writtenWords(d Derivation) string {
	text := normalizeClaim(stripLabel(d.Claim))
	for _, l := range lexClaim(pageFirst(stripLabel(d.Claim))).lits {
		if l != "" {
			text = strings.ReplaceAll(text, l, " ")
		}
	}
	return text
}

func guardHedge(_ []gword, _ []plan.Step, d Derivation) string {
	// the lexer drops modal verbs as fillers ("should show" is "shows"),
	// so the hedges are looked for in the claim as written
	text := writtenWords(d)
	fs := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for i, f := range fs {
		if !hedgeWords[strings.ToLower(f)] || f == "May" {
			continue
		}
		if strings.EqualFold(f, "could") && i+1 < len(fs) && strings.EqualFold(fs[i+1], "not") {
			continue // "could not" is "cannot"
		}
		return fmt.Sprintf("%q makes the claim hold even when the page does not do it, and a plan can only require it: say what the page does", strings.ToLower(f))
	}
	return ""
}

// seenWords after "can be" say what a person sees, not what they can do:
// "'X' can be seen" is "'X' is shown".
var seenWords = map[string]bool{"seen": true, "found": true, "spotted": true, "read": true, "viewed": true, "noticed": true}

// reAbility is "can be <participle>" as written (the lexer drops "can" as a
// filler), with any adverb between.
var reAbility = lazyRE(`(?i)\b(can(?:not|['’]t| not)?)\s+(?:\w+ly\s+|also\s+|still\s+|then\s+)?be\s+([a-z]+)\b`)

// guardAbility: "'Buy milk' can be deleted" says a person is able to
// delete it, not that it is gone; read without "can" the plan would check
// it absent before anyone acts. "can be seen" stays a text shown.
func guardAbility(_ []gword, _ []plan.Step, d Derivation) string {
	for _, m := range reAbility.FindAllStringSubmatch(writtenWords(d), -1) {
		if seenWords[strings.ToLower(m[2])] {
			continue
		}
		return fmt.Sprintf("%q says what a person is able to do, not what the page shows: say the action and what the page shows after it (\"deleting 'X' removes it from the list\")", strings.ToLower(m[0]))
	}
	return ""
}

// reFutureChange is a change said to come ("will be removed", "is going
// to be dropped") as written: the lexer drops "will" and "is going to" as
// fillers.
var reFutureChange = lazyRE(`(?i)\b(?:will|(?:is|are)\s+going\s+to)\s+(?:soon\s+|eventually\s+|later\s+|also\s+)?be\s+(?:removed|deleted|dropped|retired|replaced|discontinued|gone|added|renamed)\b`)

// guardFuture: "'Beta' will be removed", with nothing done first, says
// what is to come; read without "will" the plan checks it gone now, when
// the claim says it is still there. After an action ("clicking 'Delete',
// 'Beta' will be removed") "will" is what the action does.
func guardFuture(_ []gword, steps []plan.Step, d Derivation) string {
	m := reFutureChange.FindString(writtenWords(d))
	if m == "" {
		return ""
	}
	for _, s := range steps {
		if s.Kind != plan.Visit && !s.Kind.IsAssertion() && s.Kind != plan.WaitFor {
			return ""
		}
	}
	return fmt.Sprintf("%q says what is to come, not what the page shows now: say the action that does it, or what the page shows today", strings.ToLower(m))
}

// guardOnly: "only", "just", "alone", "exclusively" say nothing else is
// shown; a plan that checks the text is shown proves less. A count, or a
// text said not to be shown beside it ("only shows 'A', not 'B'"), is what
// the plan makes of it.
func guardOnly(ws []gword, steps []plan.Step, _ Derivation) string {
	limits := false
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectCount, plan.ExpectNoText, plan.ExpectHidden:
			limits = true
		case plan.ExpectJSON:
			limits = limits || s.Value == "" // a count of the response's items
		}
	}
	for i, w := range ws {
		if w.kind != tWord {
			continue
		}
		switch w.low {
		case "only", "alone", "exclusively", "solely", "nothing":
		case "just":
			// "just 'A'", "just one": a limit; "just clicking" is "simply"
			if i+1 >= len(ws) || ws[i+1].kind == tWord && !isNumberWord(ws[i+1].low) && ws[i+1].low != "the" {
				continue
			}
		default:
			continue
		}
		if !limits {
			return fmt.Sprintf("%q says nothing else is shown, which the plan does not check: name what must not be shown (\"shows 'A', not 'B'\") or drop %q", w.low, w.low)
		}
	}
	return ""
}

func isNumberWord(s string) bool {
	n, ok := numberWords[s]
	return ok && n > 0
}

// guardNumbers: a quantity in the claim ("three tasks", "version 2",
// "after 3 seconds", "two users 'ann' and 'bob'") is a fact; the plan must
// count it (expect_count), repeat a step that often ("three times"), or
// check it as a status code. Otherwise a number the reader stepped over
// goes unchecked.
func guardNumbers(ws []gword, steps []plan.Step, d Derivation) string {
	counts := map[int]bool{}
	statuses := map[int]bool{}
	anyCount := false
	for _, s := range steps {
		if s.Kind == plan.ExpectCount || s.Kind == plan.ExpectJSON && s.Value == "" {
			counts[s.Count] = true
			anyCount = true
			// "more than 10" is at least 11, "fewer than 3" at most 2
			if s.Kind == plan.ExpectJSON && s.Compare == plan.CountAtLeast {
				counts[s.Count-1] = true
			} else if s.Kind == plan.ExpectJSON && s.Compare == plan.CountAtMost {
				counts[s.Count+1] = true
			}
		}
		if s.Kind == plan.ExpectStatus {
			statuses[s.Status] = true
		}
	}
	repeats := map[int]bool{}
	for i := 0; i < len(steps); {
		k := i + 1
		for k < len(steps) && stepsEqual(steps[k], steps[i]) {
			k++
		}
		for n := 1; n <= k-i; n++ {
			repeats[n] = true
		}
		i = k
	}
	for i, w := range ws {
		var n int
		switch {
		case w.kind == tNumber:
			v, err := strconv.Atoi(w.low)
			if err != nil {
				return fmt.Sprintf("the number %q is not something the plan checks", w.raw)
			}
			n = v
		case w.kind == tWord && isNumberWord(w.low) && w.low != "single":
			n = numberWords[w.low]
		default:
			continue
		}
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1].low
		}
		switch {
		case next == "times" || next == "time":
			if repeats[n] || counts[n] && i > 0 && (ws[i-1].kind == tLit || timesAfter[ws[i-1].low]) {
				// a step done n times, or a text shown n times (regions.go)
				continue
			}
		case statuses[n]:
			continue
		case counts[n]:
			continue
		case anyCount && i > 0 && ws[i-1].low == "not":
			// "shows one 'Try it out' button, not two"
			continue
		case len(statuses) > 0 && n >= 100 && n <= 599 && i > 0 && (ws[i-1].low == "not" || ws[i-1].low == "never"):
			// "doesn't 404": the status it answers instead
			continue
		case mentioned(w.raw, steps, d.Notes):
			// an unquoted text that holds it, or a note that says what
			// the reader made of it ("adds 3 items", "to check on
			// order 42")
			continue
		}
		return fmt.Sprintf("the claim says %q, which the plan does not check: vouch counts elements it can name (\"exactly 3 'Delete' buttons\") and drops no number", strings.TrimSpace(w.raw+" "+nextRaw(ws, i)))
	}
	return ""
}

// mentioned reports a number written in a step's text or in a note.
func mentioned(raw string, steps []plan.Step, notes []string) bool {
	has := func(s string) bool {
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if strings.EqualFold(f, raw) {
				return true
			}
		}
		return false
	}
	for _, s := range steps {
		if has(s.Value) {
			return true
		}
	}
	for _, n := range notes {
		// a note that says what the plan does with the number: items
		// added for the test, or a purpose clause, which names why the
		// user acts (a note that sets words aside as a description, or
		// says a text "checks" them, does not account for a number), or
		// a page size given that is the query's own (apiPagePremise)
		if has(n) && (strings.HasPrefix(n, "The claim adds ") || strings.Contains(n, " says why the user acts") || strings.Contains(n, " is the query's own ") ||
			// a strict bound said as the bound that includes it ("more
			// than 3" is at least 4)
			strings.Contains(n, " is checked as at least ") || strings.Contains(n, " is checked as at most ")) {
			return true
		}
	}
	if n, ok := numberWords[strings.ToLower(raw)]; ok {
		return mentioned(strconv.Itoa(n), nil, notes)
	}
	return false
}

func nextRaw(ws []gword, i int) string {
	if i+1 < len(ws) && ws[i+1].kind == tWord {
		return ws[i+1].raw
	}
	return ""
}

func stepsEqual(a, b plan.Step) bool {
	return a.Kind == b.Kind && a.Target == b.Target && a.Value == b.Value && a.Secret == b.Secret &&
		!strings.HasPrefix(string(a.Kind), "expect") && a.Kind != plan.Visit
}

// partWords name a part of the page whose element a check is pinned to.
var partWords = map[string]string{"footer": "footer", "header": "header", "nav": "nav", "navigation": "nav",
	"navbar": "nav", "sidebar": "aside", "menubar": "nav"}

// partQualifiers pick one of several such parts, or a state of it, that
// the element found by its tag does not tell apart.
var partQualifiers = map[string]bool{"mobile": true, "desktop": true, "hidden": true, "collapsed": true,
	"expanded": true, "open": true, "opened": true, "closed": true, "left": true, "right": true, "bottom": true,
	"second": true, "third": true, "last": true, "other": true, "secondary": true, "inner": true, "outer": true,
	"small": true, "responsive": true, "hamburger": true, "sticky": true, "floating": true, "old": true,
	"new": true, "lower": true, "upper": true, "first": true, "mini": true, "compact": true}

// ownerWords name an element with a header or footer of its own.
var ownerWords = map[string]bool{"table": true, "column": true, "card": true, "section": true, "dialog": true, "modal": true,
	"panel": true, "list": true, "grid": true, "form": true, "article": true, "widget": true, "sidebar": true, "drawer": true, "popup": true}

func guardQualifiedPart(ws []gword, _ []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tWord || partWords[w.low] == "" && !(w.low == "bar" && i > 0 && ws[i-1].low == "nav") {
			continue
		}
		if i > 0 && ownerWords[ws[i-1].low] && (w.low == "header" || w.low == "footer") {
			// "the table header shows 'Name'": a table's header row, not
			// the page's <header>
			return fmt.Sprintf("%q is the %s of a %s, not the page's %s, which the plan would look in: quote the text and say it is shown (\"shows 'Name'\")", ws[i-1].low+" "+w.low, w.low, ws[i-1].low, w.low)
		}
		for k := i - 1; k >= 0 && k >= i-2 && ws[k].kind == tWord; k-- {
			if partQualifiers[ws[k].low] {
				return fmt.Sprintf("%q picks one %s, or a state of it, which the plan cannot tell apart from the page's other %s elements", ws[k].low+" "+w.low, w.low, w.low)
			}
			if ws[k].low == "the" || ws[k].low == "a" {
				break
			}
		}
	}
	return ""
}

// guardPartDropped: a text said of a part of the page ("the nav shows
// 'Docs' before 'Blog'") must be looked for inside it. A part named just
// before the noun of an element ("the 'Help' footer link") is where the
// element is, noted by the reader.
func guardPartDropped(ws []gword, steps []plan.Step, _ Derivation) string {
	pageWide, texts := false, false
	for _, s := range steps {
		if s.Target == "" && (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText || s.Kind == plan.ExpectOrder) {
			pageWide = true
		}
		if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByText && (s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectHidden) {
			texts = true
		}
	}
	if !pageWide && !texts {
		return ""
	}
	for i, w := range ws {
		css := partWords[w.low]
		if w.kind != tWord || css == "" {
			continue
		}
		if i >= 2 && ws[i-1].low == "the" && (ws[i-2].low == "in" || ws[i-2].low == "inside" || ws[i-2].low == "within" || ws[i-2].low == "from") &&
			(i+1 >= len(ws) || ws[i+1].kind != tWord || headNouns[ws[i+1].low] == "") {
			// "'Docs' is shown on /about in the footer"
			if !partPinned(steps, css) {
				return fmt.Sprintf("the claim is about the %s, but the plan looks at the whole page: say it of the %s alone (\"the %s shows 'X'\"), or of the page", w.low, w.low, w.low)
			}
			continue
		}
		if !pageWide {
			continue
		}
		k := i + 1
		for k < len(ws) && (ws[k].low == "bar" || ws[k].low == "menu" || ws[k].low == "also" || ws[k].low == "still" ||
			ws[k].low == "does" || ws[k].low == "doesn't" || ws[k].low == "not" || ws[k].low == "never") {
			k++
		}
		if k >= len(ws) || !partTextVerbs[ws[k].low] {
			continue
		}
		if !partPinned(steps, css) {
			return fmt.Sprintf("the claim is about the %s, but the plan looks at the whole page: say it of the %s alone (\"the %s shows 'X'\"), or of the page", w.low, w.low, w.low)
		}
	}
	return ""
}

func partPinned(steps []plan.Step, css string) bool {
	for _, s := range steps {
		if s.Target != "" && strings.Contains(s.Target, css) {
			return true
		}
	}
	return false
}

// partTextVerbs say what a part of the page shows.
var partTextVerbs = map[string]bool{"shows": true, "show": true, "lists": true, "list": true, "says": true,
	"say": true, "displays": true, "display": true, "contains": true, "contain": true, "mentions": true,
	"includes": true, "include": true, "reads": true, "has": true, "have": true}

// stateAdjectives say which of several things, or what state they are in:
// "the inactive users 'ann' and 'bob'" is a fact about ann and bob that
// finding their names does not check.
var stateAdjectives = map[string]bool{"new": true, "old": true, "active": true, "inactive": true,
	"current": true, "latest": true, "recent": true, "overdue": true, "open": true, "closed": true,
	"done": true, "pending": true, "unread": true, "read": true, "same": true, "next": true, "previous": true,
	"last": true, "first": true, "second": true, "third": true, "hidden": true, "visible": true, "empty": true,
	"default": true, "public": true, "private": true, "draft": true, "free": true, "paid": true, "admin": true,
	"red": true, "green": true, "blue": true, "yellow": true, "orange": true, "grey": true, "gray": true,
	"black": true, "white": true, "purple": true, "pink": true, "big": true, "small": true, "large": true,
	"tiny": true, "bold": true, "top": true, "bottom": true, "left": true, "right": true, "mobile": true,
	"desktop": true, "valid": true, "invalid": true, "wrong": true, "correct": true, "broken": true,
	"expired": true, "online": true, "offline": true, "primary": true, "secondary": true, "main": true,
	"incomplete": true, "complete": true, "unfinished": true, "finished": true, "important": true,
	"urgent": true, "favourite": true, "favorite": true, "starred": true, "pinned": true, "french": true,
	"german": true, "english": true, "spanish": true, "italic": true, "highlighted": true, "disabled": true,
	"enabled": true, "selected": true, "unselected": true, "checked": true, "unchecked": true,
	"ticked": true, "unticked": true, "upcoming": true, "past": true, "future": true, "old-style": true,
	"deprecated": true, "other": true, "remaining": true, "missing": true, "extra": true, "only": true,
	"real": true, "fake": true, "temporary": true, "permanent": true, "archived": true, "deleted": true,
	"blocked": true, "banned": true, "verified": true, "unverified": true, "premium": true, "trial": true,
	"beta": true, "live": true, "stale": true, "cached": true, "local": true, "remote": true, "signed": true}

// ingNouns end in -ing but name a thing, not a state.
var ingNouns = map[string]bool{"setting": true, "settings": true, "heading": true, "headings": true,
	"string": true, "strings": true, "thing": true, "things": true, "billing": true, "shipping": true,
	"pricing": true, "booking": true, "bookings": true, "listing": true, "listings": true, "rating": true,
	"ratings": true, "meeting": true, "meetings": true, "building": true, "morning": true, "evening": true,
	"spring": true, "ring": true, "king": true, "wing": true, "thing's": true, "following": true,
	"warning": true, "warnings": true, "loading": true, "padding": true, "routing": true, "mapping": true,
	"logging": true, "tracking": true, "parking": true, "ceiling": true, "clothing": true, "housing": true,
	"during": true, "nothing": true, "something": true, "anything": true, "everything": true}

// edNouns end in -ed but are not participles.
var edNouns = map[string]bool{"feed": true, "feeds": true, "speed": true, "seed": true, "need": true,
	"embed": true, "bed": true, "red": true, "shed": true, "hundred": true, "breed": true, "reed": true}

// stateWord reports a word that says a state of what it describes.
func stateWord(w string) bool {
	w = strings.ToLower(strings.Trim(w, ",.;:()"))
	if stateAdjectives[w] {
		return true
	}
	if len(w) > 4 && strings.HasSuffix(w, "ed") && !edNouns[w] {
		return true
	}
	if len(w) > 5 && strings.HasSuffix(w, "ing") && !ingNouns[w] {
		return true
	}
	if len(w) > 5 && (strings.HasPrefix(w, "un") || strings.HasPrefix(w, "non")) && !strings.HasPrefix(w, "under") &&
		!strings.HasPrefix(w, "unit") && !strings.HasPrefix(w, "union") && !strings.HasPrefix(w, "unix") {
		return true
	}
	return false
}

// guardDescribed: words a reader set aside as describing a text ("the
// inactive users 'ann'", the unquoted "new" of "the new section") must not
// say a state of it. The readers note what they set aside; the guard reads
// those notes.
func guardDescribed(_ []gword, steps []plan.Step, d Derivation) string {
	shown := false
	for _, s := range steps {
		if s.Kind == plan.ExpectText || s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectOrder || s.Kind == plan.ExpectCount || s.Kind == plan.ExpectJSON {
			shown = true
		}
	}
	for _, n := range d.Notes {
		var desc string
		switch {
		case strings.Contains(n, " describes the quoted text"):
			desc, _ = firstQuoted(n)
		case strings.HasPrefix(n, "The unquoted word "):
			// "the same section", "the new tag": a word that picks the
			// element, not the text it shows
			if w, ok := firstQuoted(n); ok && notAName[strings.ToLower(w)] {
				return fmt.Sprintf("%q says which element, not the text it shows: quote the text", w)
			}
			continue
		case strings.Contains(n, " describes what shows "):
			desc, _ = firstQuoted(n)
		default:
			continue
		}
		for _, w := range strings.Fields(desc) {
			// "never lists the deleted user 'ann'": what is not shown
			// needs no state
			if stateWord(w) && shown {
				return fmt.Sprintf("%q says something of the text the plan only looks for: quote the text that shows it, or drop %q", desc, w)
			}
		}
	}
	return ""
}

// notAName are words that pick an element among others or say its state;
// a section or tag is never called by them.
var notAName = map[string]bool{"same": true, "next": true, "previous": true, "other": true, "new": true,
	"old": true, "current": true, "hidden": true, "visible": true, "first": true, "last": true, "empty": true,
	"expanded": true, "collapsed": true, "open": true, "opened": true, "closed": true, "selected": true,
	"whole": true, "entire": true, "above": true, "below": true, "top": true, "bottom": true, "left": true,
	"right": true, "highlighted": true, "active": true, "inactive": true, "disabled": true, "enabled": true,
	"deprecated": true, "red": true, "green": true, "blue": true, "big": true, "small": true, "main": true,
	"second": true, "third": true, "latest": true, "newest": true, "oldest": true, "only": true, "single": true}

// firstQuoted returns the first Go-quoted string of a note.
func firstQuoted(n string) (string, bool) {
	i := strings.IndexByte(n, '"')
	if i < 0 {
		return "", false
	}
	s, err := strconv.QuotedPrefix(n[i:])
	if err != nil {
		return "", false
	}
	v, err := strconv.Unquote(s)
	return v, err == nil
}

// asideFacts in a clause taken as an explanation ("since …", "though …")
// are things a browser would see — the page doing something, when, how
// often — so the aside is a claim the plan leaves unchecked.
var asideFacts = map[string]bool{"then": true, "until": true, "after": true, "before": true, "when": true,
	"whenever": true, "once": true, "always": true, "every": true, "again": true, "still": true,
	"twice": true, "stays": true, "stay": true, "remains": true, "remain": true, "disappears": true,
	"disappear": true, "appears": true, "appear": true, "reloads": true, "reload": true, "reloading": true,
	"shows": true, "show": true, "shown": true, "opens": true, "open": true, "closes": true, "close": true,
	"hides": true, "hidden": true, "redirects": true, "clicks": true, "click": true, "clicking": true,
	"changes": true, "change": true, "updates": true, "turns": true, "becomes": true, "fades": true,
	"persists": true, "survives": true, "vanishes": true, "goes": true, "comes": true, "displays": true,
	"displayed": true, "visible": true, "lists": true, "listed": true, "says": true, "reads": true,
	"dismissed": true, "pops": true, "blinks": true, "flashes": true, "moves": true, "scrolls": true,
	"refreshes": true, "navigates": true, "takes": true, "seconds": true, "second": true, "minutes": true,
	"later": true, "first": true, "last": true, "also": true, "too": true, "instead": true, "sent": true,
	"twice.": true, "bold": true, "underlined": true, "ticked": true, "disabled": true, "enabled": true}

// asideVerbs make the words after "since" a reason ("since no backend is
// running"); without one, "since the last release" is a time.
var asideVerbs = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true,
	"have": true, "had": true, "does": true, "do": true, "did": true, "can": true, "will": true,
	"runs": true, "run": true, "works": true, "uses": true, "use": true, "lives": true, "exists": true,
	"isn't": true, "aren't": true, "doesn't": true, "don't": true, "not": true, "cannot": true}

func guardAside(_ []gword, _ []plan.Step, d Derivation) string {
	for _, n := range d.Notes {
		if !strings.Contains(n, " is taken as an explanation of the claim") {
			continue
		}
		aside, ok := firstQuoted(n)
		if !ok {
			continue
		}
		fs := strings.Fields(strings.ToLower(aside))
		for _, w := range fs[1:] {
			if asideFacts[strings.Trim(w, ",.;:")] {
				return fmt.Sprintf("%q says what the page does, which the plan does not check: make it part of the claim, or leave it out", aside)
			}
		}
		if len(fs) > 0 && fs[0] == "since" {
			verb := false
			for _, w := range fs[1:] {
				if asideVerbs[w] || strings.HasSuffix(w, "n't") {
					verb = true
				}
			}
			if !verb {
				return fmt.Sprintf("%q reads as a time (since when), which the plan does not check", aside)
			}
		}
	}
	return ""
}

// guardSignedIn: a claim about a signed-in user ("the signed-in user
// sees", "when logged in", "as an admin") needs a plan that signs in, and
// a state said of the whole claim ("clicking 'Save' shows 'Saved' when
// signed in") holds before its first action.
func guardSignedIn(ws []gword, steps []plan.Step, _ Derivation) string {
	said := -1
	for i, w := range ws {
		if w.kind != tWord {
			continue
		}
		l := w.low
		if (l == "signed" || l == "logged") && i+1 < len(ws) && ws[i+1].low == "in" ||
			l == "signed-in" || l == "logged-in" || l == "authenticated" || l == "admins" ||
			(l == "admin" || l == "administrator") && i > 0 && (ws[i-1].low == "as" || ws[i-1].low == "an") ||
			(l == "admin" || l == "administrator") && i+1 < len(ws) && (ws[i+1].low == "sees" || ws[i+1].low == "can" || ws[i+1].low == "user" || ws[i+1].low == "users") {
			if i > 0 && (ws[i-1].low == "not" || ws[i-1].low == "without") ||
				i > 1 && ws[i-1].low == "being" && ws[i-2].low == "without" {
				continue // "without being logged in"
			}
			said = i
			break
		}
	}
	if said < 0 {
		return ""
	}
	first := -1
	signIn := -1
	for k, s := range steps {
		if s.Secret != "" && signIn < 0 {
			signIn = k
		}
		if first < 0 && (s.Kind == plan.Click || s.Kind == plan.Check || s.Kind == plan.Uncheck || s.Kind == plan.Select ||
			s.Kind == plan.Hover || s.Kind == plan.Press && s.Value != "Enter" || s.Kind == plan.Reload || s.Kind == plan.GoBack ||
			s.Kind == plan.Fill && s.Secret == "" && !signInFieldTarget(s.Target)) {
			first = k
		}
	}
	if signIn < 0 {
		return fmt.Sprintf("the claim is about a signed-in user (%q), but the plan does not sign in: say who signs in (\"signing in as demo@example.com with the secret DEMO_PASSWORD, …\")", ws[said].raw)
	}
	if first >= 0 && first < signIn {
		return "the claim says it holds when signed in, but its plan acts before signing in: say the sign-in first (\"after signing in as …, clicking …\")"
	}
	return ""
}

func signInFieldTarget(t string) bool {
	l := strings.ToLower(t)
	return strings.Contains(l, "email") || strings.Contains(l, "username") || strings.Contains(l, "user name") || strings.Contains(l, "login")
}

// guardLateCondition: "clicking 'Save' shows 'Saved' when 'Remember me' is
// ticked" names a state that holds while clicking; a plan that clicks first
// and ticks after checks another order. A condition said after the outcome
// of an action is refused unless the plan has a single action.
func guardLateCondition(ws []gword, steps []plan.Step, _ Derivation) string {
	acts := 0
	for _, s := range steps {
		switch s.Kind {
		case plan.Click, plan.Check, plan.Uncheck, plan.Fill, plan.Select, plan.Hover, plan.Reload, plan.GoBack, plan.Press, plan.DblClick:
			acts++
		}
	}
	if acts < 2 {
		return ""
	}
	acted, checked := false, false
	for i, w := range ws {
		if w.kind != tWord {
			continue
		}
		switch {
		case !acted && strings.HasSuffix(w.low, "ing") && (actionVerbs[w.low] || composeActionWord(w.low)):
			acted = true
		case acted && !checked && (w.low == "shows" || w.low == "show" || w.low == "displays" || w.low == "hides" ||
			w.low == "removes" || w.low == "makes" || w.low == "opens" || w.low == "brings" || w.low == "says" ||
			w.low == "lists" || w.low == "keeps" || w.low == "changes" || w.low == "turns" || w.low == "takes"):
			checked = true
		case checked && (w.low == "when" || w.low == "whenever" || w.low == "if" || w.low == "while" || w.low == "once" || w.low == "unless"):
			if i > 0 && openerBefore[ws[i-1].low] {
				// "the dialog that opens when you click 'New'": what
				// opens it, read by the opener clause
				continue
			}
			return fmt.Sprintf("%q after the outcome may name a state that holds before the first action, or a step after it: say the steps in order (\"ticking 'X' and clicking 'Y' shows …\")", w.low)
		}
	}
	return ""
}

var openerBefore = map[string]bool{"opens": true, "appears": true, "up": true, "get": true, "see": true,
	"shown": true, "opened": true, "open": true}

func composeActionWord(w string) bool {
	for _, tb := range [][][]string{clickVerbs, hoverVerbs, typeVerbs, reloadVerbs} {
		for _, p := range tb {
			if len(p) == 1 && p[0] == w {
				return true
			}
		}
	}
	_, ok := tickVerbs[w]
	return ok
}

// guardOutcomeDone: "clicking 'Save' shows 'Saved' and selects 'Draft'"
// says what the click does after what it shows; a plan that ends by
// selecting 'Draft' itself (or ticking, adding, typing) checks nothing of
// it. A journey that ends in an action, after a check, with a verb of
// what an action does said after "and", is refused.
func guardOutcomeDone(ws []gword, _ []plan.Step, d Derivation) string {
	if d.Plan == nil {
		return ""
	}
	endsActing := false
	for _, j := range d.Plan.Journeys {
		n := len(j.Steps)
		if n < 2 {
			continue
		}
		last := j.Steps[n-1]
		checked := slices.ContainsFunc(j.Steps[:n-1], func(s plan.Step) bool { return s.Kind.IsAssertion() })
		if checked && !last.Kind.IsAssertion() && last.Kind != plan.WaitFor && last.Kind != plan.Screenshot && last.Kind != plan.Visit {
			endsActing = true
		}
		if checked && last.Kind == plan.Press && n >= 2 && j.Steps[n-2].Kind == plan.Fill {
			endsActing = true // an item added: typed, then Enter
		}
	}
	if !endsActing {
		return ""
	}
	for i := 1; i < len(ws); i++ {
		if (ws[i-1].low == "and" || ws[i-1].low == ",") && doneActs[ws[i].low] {
			return fmt.Sprintf("%q%s: say what the page shows after it (\"… and the 'X' checkbox is ticked\", \"… and shows 'X'\")", ws[i].low, outcomeDoneWhy)
		}
	}
	return ""
}

// outcomeDoneWhy is the heart of guardOutcomeDone's reason; its refusal
// offers no rephrasing (one that drops the verb, "shows 'Saved' and
// 'Details'" for "… and expands 'Details'", says something else).
const outcomeDoneWhy = ", said after what the action shows, is what it does to the page, but the plan would do it itself and check nothing of it"

// doneActs are verbs of an action said in the third person: after "and",
// following a check, they say what the action did.
var doneActs = map[string]bool{"selects": true, "checks": true, "ticks": true, "unticks": true, "unchecks": true,
	"adds": true, "clicks": true, "types": true, "enters": true, "fills": true, "presses": true, "chooses": true,
	"picks": true, "toggles": true, "expands": true, "collapses": true, "marks": true, "unmarks": true}

// unquotedAndWhy starts the reason guardUnquotedText gives for an
// unquoted value holding "and"; andReadings offers its two readings.
const unquotedAndWhy = "the unquoted value "

// andReadings rephrases a claim refused for an unquoted value holding
// "and": each part quoted, then the whole quoted. None when the value
// names a secret or the parts are not plain words.
func andReadings(d Derivation, why string) []string {
	if !strings.HasPrefix(why, unquotedAndWhy) {
		return nil
	}
	v, ok := firstQuoted(why)
	claim := stripLabel(d.Claim)
	i := strings.Index(claim, v)
	if !ok || i < 0 || containsWord(strings.ToLower(v), "secret") {
		return nil
	}
	var parts []string
	for _, p := range strings.Split(strings.ReplaceAll(v, ",", " and "), " and ") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, "'"+p+"'")
		}
	}
	if len(parts) < 2 {
		return nil
	}
	each := strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	return []string{claim[:i] + each + claim[i+len(v):], claim[:i] + "'" + v + "'" + claim[i+len(v):]}
}

// describedValue reports an unquoted value to type that is lower-case
// words describing a value ("mismatched passwords", "an invalid date",
// "existing email") rather than the value itself.
func describedValue(v string) bool {
	if v == "" || strings.ToLower(v) != v || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' && r != '-' }) {
		return false
	}
	fs := strings.Fields(v)
	return valueKindNouns[fs[len(fs)-1]] || len(fs) > 1 && valueDescribers[fs[0]]
}

// valueKindNouns name a kind of value; valueDescribers say which value of
// a kind, not what it is.
var (
	valueKindNouns = map[string]bool{"password": true, "passwords": true, "email": true, "emails": true, "e-mail": true,
		"name": true, "names": true, "number": true, "numbers": true, "date": true, "dates": true, "address": true,
		"addresses": true, "value": true, "values": true, "code": true, "codes": true, "username": true, "usernames": true,
		"url": true, "urls": true, "phone": true, "amount": true, "quantity": true, "query": true, "input": true}
	valueDescribers = map[string]bool{"mismatched": true, "mismatching": true, "different": true, "matching": true,
		"invalid": true, "valid": true, "wrong": true, "correct": true, "incorrect": true, "existing": true,
		"duplicate": true, "unknown": true, "same": true, "other": true, "another": true, "fake": true, "bogus": true,
		"bad": true, "long": true, "short": true, "weak": true, "strong": true, "empty": true, "blank": true,
		"used": true, "taken": true, "unique": true, "negative": true, "malformed": true, "misspelled": true}
)

// guardUnquotedText: a text the claim did not quote is looked for as
// written only when it reads as one: an unquoted phrase that ends in the
// noun of an element ("the Beta badge") or carries a pronoun ("keeps
// showing it") is the reader having taken words of the sentence for a text.
func guardUnquotedText(_ []gword, steps []plan.Step, d Derivation) string {
	quoted := map[string]bool{}
	lx := lexClaim(pageFirst(stripLabel(d.Claim)))
	for _, l := range lx.lits {
		quoted[l] = true
	}
	for _, s := range steps {
		if s.Kind == plan.Fill && !quoted[s.Value] && containsWord(s.Value, "and") {
			// "adding milk and bread" added one item "milk and bread"
			return fmt.Sprintf("%s%q may be one value or several: quote each value (\"'milk' and 'bread'\"), or the one value whole (\"'milk and bread'\")", unquotedAndWhy, s.Value)
		}
		if s.Kind == plan.Fill && !quoted[s.Value] && describedValue(s.Value) {
			// "entering mismatched passwords" typed the words
			// "mismatched passwords" into the first field
			return fmt.Sprintf("the unquoted %q describes what is typed rather than saying it, and the plan would type those words: quote each value typed (\"typing 'abc123' as the password\")", s.Value)
		}
		if s.Kind == plan.Click || s.Kind == plan.Hover || s.Kind == plan.DblClick {
			// "pressing back keeps 'Dark'" clicked the text "back keeps"
			if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByText && !quoted[t.Value] {
				for _, f := range strings.Fields(strings.ToLower(t.Value)) {
					if subjectVerbs[f] || checkStart[f] || f == "keeps" || f == "stays" || f == "brings" || f == "goes" {
						return fmt.Sprintf("the unquoted %q to click holds a verb of the sentence: quote what to click", t.Value)
					}
				}
			}
		}
		if s.Kind != plan.ExpectText && s.Kind != plan.ExpectNoText || quoted[s.Value] {
			continue
		}
		if s.Value != "" && strings.ToLower(s.Value) == s.Value && !strings.ContainsFunc(s.Value, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' }) {
			// "clicking 'Go' shows results": a lower-case noun says what
			// kind of thing shows, not the text it shows
			return fmt.Sprintf("the unquoted %q reads as what kind of thing is shown, not a text the page shows: quote the text", s.Value)
		}
		fs := strings.Fields(strings.ToLower(s.Value))
		if len(fs) < 2 {
			continue
		}
		if raw := strings.Fields(s.Value); len(raw) == 2 && fieldWordRE.MatchString(raw[0]) && raw[0] == fs[0] &&
			(unicode.IsUpper([]rune(raw[1])[0]) || jsonNumberRE.MatchString(raw[1])) {
			// "/api/users/1 has name Ann": a field and its value, which
			// no page shows as the words "name Ann"
			return fmt.Sprintf("the unquoted %q reads as a field and its value, not a text the page shows: quote the value (\"has %s '%s'\") or write the pair as JSON ('\"%s\": \"%s\"')", s.Value, raw[0], raw[1], raw[0], raw[1])
		}
		if headNouns[fs[len(fs)-1]] != "" {
			return fmt.Sprintf("the unquoted %q ends in the noun of an element, not a text the page shows: quote the text", s.Value)
		}
		if raw := strings.Fields(s.Value); raw[0] == fs[0] && (strings.HasSuffix(fs[0], "ed") && len(fs[0]) > 4 || framingWords[fs[0]]) {
			// "gets wrapped in cb(...)", "comes back as a(...)": words
			// that say how the text comes, before the text itself
			return fmt.Sprintf("the unquoted %q starts with words of the sentence (%q), not a text the page shows: quote the text", s.Value, fs[0])
		}
		for _, f := range fs {
			if f == "it" || f == "them" || f == "they" || f == "showing" || f == "keeps" || f == "stays" || pronounForms[f] {
				return fmt.Sprintf("the unquoted %q reads as part of the sentence, not a text the page shows: quote the text", s.Value)
			}
		}
	}
	return ""
}

// pronounForms are contractions of a pronoun and "is": "says it's X" is
// X said of something, not the text "it's X".
var pronounForms = map[string]bool{"it's": true, "it’s": true, "that's": true, "that’s": true, "they're": true,
	"they’re": true, "there's": true, "there’s": true, "he's": true, "she's": true, "we're": true, "you're": true}

// framingWords start a phrase that says how a text comes, not the text.
var framingWords = map[string]bool{"in": true, "as": true, "with": true, "into": true, "by": true, "inside": true,
	"within": true, "like": true, "under": true, "than": true, "of": true, "to": true}

// looksWords say how an element looks.
var looksWords = map[string]bool{"bold": true, "italic": true, "underlined": true, "yellow": true,
	"orange": true, "grey": true, "gray": true, "black": true, "white": true, "purple": true, "pink": true,
	"large": true, "tiny": true, "huge": true, "round": true, "square": true, "blinking": true, "greyed": true}

// describingWord reports whether an unquoted lower-case word says how
// elements are rather than naming one: a participle or an -able word
// ("sorted", "matching", "editable"), or a word of kind or quantity.
func describingWord(w string) bool {
	if w == "" || !unicode.IsLower([]rune(w)[0]) {
		return false
	}
	if describingWords[w] {
		return true
	}
	for _, suf := range []string{"ed", "ing", "able", "ible"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

var describingWords = map[string]bool{"random": true, "active": true, "inactive": true, "visible": true, "empty": true,
	"full": true, "other": true, "same": true, "different": true, "extra": true, "several": true, "many": true,
	"valid": true, "invalid": true, "recent": true, "old": true, "current": true, "previous": true, "next": true}

// guardAdjectiveName: an element's unquoted name that starts with a word
// of how it looks or where it is ("the red button", "the big Save
// button", "the main heading is bold" read as a heading named "bold") is
// a description, not the name the element has.
func guardAdjectiveName(_ []gword, steps []plan.Step, d Derivation) string {
	quoted := map[string]bool{}
	lx := lexClaim(pageFirst(stripLabel(d.Claim)))
	for _, l := range lx.lits {
		quoted[l] = true
	}
	for _, s := range steps {
		if s.Target == "" {
			continue
		}
		t, err := plan.ParseTarget(s.Target)
		if err == nil && t.Kind == plan.ByRole && t.Value == "dialog" && quoted[t.Name] && saidAsContent(d.Claim, t.Name) {
			// "a dialog saying 'Sure?'": what it says, not its title
			return fmt.Sprintf("%q is what the dialog says, but the plan looks for a dialog titled so: say \"a dialog titled %q\" or that the page shows it", t.Name, t.Name)
		}
		if err == nil && t.Kind == plan.ByLabel && !quoted[t.Value] && !strings.Contains(t.Value, " ") && describingWord(t.Value) {
			// "clicking 'Edit' shows editable fields": a field that can
			// be edited, not one labelled "editable"
			return fmt.Sprintf("%q describes the field, it is not its label: quote the label it shows", t.Value)
		}
		if err != nil || t.Kind != plan.ByRole || t.Name == "" || quoted[t.Name] {
			continue
		}
		if fs := strings.Fields(t.Name); len(fs) == 1 && describingWord(fs[0]) {
			// "shows sorted items", "matching rows": how they are, not a
			// name they show
			return fmt.Sprintf("%q describes the %s, it is not its name: quote the name it shows", fs[0], t.Value)
		}
		fs := strings.Fields(t.Name)
		r, _ := utf8.DecodeRuneInString(fs[0])
		if last := fs[len(fs)-1]; strings.HasSuffix(last, "'") || strings.HasSuffix(last, "'s") {
			// "the users' list": whose it is, not what it is called
			return fmt.Sprintf("%q says whose the %s is, not its name: quote the name it shows", t.Name, t.Value)
		}
		if unicode.IsLower(r) && (notAName[fs[0]] || looksWords[fs[0]]) {
			return fmt.Sprintf("%q describes the %s, it is not its name: quote the name it shows", fs[0], t.Value)
		}
		if unicode.IsLower(r) && unnamedRoles[t.Value] {
			// "shows the product list": a list (a table, a form) takes a
			// name only from a label the page rarely gives it, so the
			// lower-case words say what it holds
			return fmt.Sprintf("%q says what the %s holds, not a name the page gives it (a %s is rarely named): quote a text it shows (\"shows '…'\")", t.Name, t.Value, t.Value)
		}
	}
	return ""
}

// unnamedRoles are roles whose elements a page seldom names (only an
// aria-label or a caption does).
var unnamedRoles = map[string]bool{"list": true, "table": true, "grid": true, "form": true, "region": true,
	"group": true, "figure": true, "article": true, "listbox": true}

// guardElidedAction: "clicking 'A' and then 'B'" leaves the verb of the
// second action out; a plan that checks 'B' as a text ("… and then 'B',
// 'C' is gone" read as 'B' and 'C' gone) never does it.
func guardElidedAction(ws []gword, steps []plan.Step, _ Derivation) string {
	acted := func(v string) bool {
		for _, s := range steps {
			switch s.Kind {
			case plan.Click, plan.DblClick, plan.Hover, plan.Check, plan.Uncheck, plan.Press, plan.Select, plan.Fill:
				if s.Value == v {
					return true
				}
				if t, err := plan.ParseTarget(s.Target); err == nil && (t.Value == v || t.Name == v) {
					return true
				}
			}
		}
		return false
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i].low != "then" || ws[i+1].kind != tLit {
			continue
		}
		k := i - 1
		for k >= 0 && (ws[k].low == "and" || ws[k].low == ",") {
			k--
		}
		if k < 0 || ws[k].kind != tLit || !acted(ws[k].raw) {
			continue
		}
		if i+2 < len(ws) && thenSaysOf[ws[i+2].low] {
			continue // "… then 'B' is shown": a check of 'B', its verb said
		}
		if !acted(ws[i+1].raw) {
			return fmt.Sprintf("%q after \"then\" reads as one more action with its verb left out, which the plan does not do: say the verb (\"then clicking %s\")", ws[i+1].raw, "'"+ws[i+1].raw+"'")
		}
	}
	return ""
}

// thenSaysOf are the verbs after "then 'B'" that make 'B' the subject of
// a check ("then 'B' is shown", "then 'B' appears").
var thenSaysOf = map[string]bool{"is": true, "are": true, "appears": true, "appear": true,
	"shows": true, "becomes": true, "should": true, "must": true, "will": true, "pops": true}

// processWords name something the page goes through on its own; what
// shows "while loading" is gone by the time a plan looks.
var processWords = map[string]bool{"loading": true, "loads": true, "saving": true, "saves": true,
	"submitting": true, "uploading": true, "uploads": true, "fetching": true, "waiting": true,
	"processing": true, "sending": true, "sends": true, "running": true, "searching": true,
	"starting": true, "booting": true, "connecting": true, "syncing": true, "refreshing": true}

// guardDuring: a state said to hold while the page is busy ("'Loading' is
// shown while loading", "during the upload") is seen only before the plan
// looks, which it cannot time.
func guardDuring(ws []gword, _ []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tWord || w.low != "while" && w.low != "during" && w.low != "until" {
			continue
		}
		if i+1 < len(ws) && (ws[i+1].low == "signed" || ws[i+1].low == "logged" || ws[i+1].low == "not" || ws[i+1].low == "being") {
			continue // "while signed out sends you to /login": a state, not a process
		}
		for k := i + 1; k < len(ws) && k <= i+4 && ws[k].kind == tWord; k++ {
			if processWords[ws[k].low] || w.low == "during" && (ws[k].low == "upload" || ws[k].low == "load" || ws[k].low == "save") {
				return fmt.Sprintf("%q says what shows while the page is busy, which is over before the plan looks: say what it shows after", w.low+" "+ws[k].low)
			}
		}
	}
	return ""
}

// homeBefore are the words after which a lone "/" names the home page.
var homeBefore = map[string]bool{"on": true, "at": true, "to": true, "from": true, "of": true, "in": true,
	"visiting": true, "visit": true, "visits": true, "opening": true, "open": true, "opens": true,
	"loading": true, "load": true, "loads": true, "page": true, "root": true, "via": true, "is": true,
	"and": true, "or": true, "both": true, "than": true, "returning": true, "going": true, "back": true}

// guardPaths: every path the claim names is visited, expected, or aimed
// at by the plan; "the footer on /about and /team shows 'Docs'" checked
// /team alone.
func guardPaths(ws []gword, steps []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tPath {
			continue
		}
		p := strings.TrimSuffix(w.raw, "/")
		if p == "" {
			p = "/"
			if i > 0 && !homeBefore[ws[i-1].low] {
				// "jane@example.com / secret …": a slash between
				// words, not the home page
				continue
			}
		}
		used := false
		for _, s := range steps {
			if p == "/" {
				// Every path holds a slash: the home page is used only
				// when the plan goes there or expects to end up there
				// ("On /, the newsletter form shows …" must not be
				// checked on a guessed /newsletter).
				if (s.Kind == plan.Visit || s.Kind == plan.ExpectURL) && (s.Value == "/" || strings.HasPrefix(s.Value, "/?") || strings.HasPrefix(s.Value, "/#")) {
					used = true
					break
				}
				continue
			}
			if s.Value != "" && strings.Contains(s.Value, p) || strings.Contains(s.Target, p) {
				used = true
				break
			}
		}
		if !used {
			return fmt.Sprintf("the plan never visits or looks for %s, which the claim names: say one page per claim, or what %s does", w.raw, w.raw)
		}
	}
	return ""
}

// slashKeyVerbs follow a key that does something: "/ opens the search".
var slashKeyVerbs = map[string]bool{"opens": true, "open": true, "toggles": true, "toggle": true, "brings": true,
	"pops": true, "focuses": true, "focus": true, "jumps": true, "triggers": true, "launches": true}

// guardSlashKey: "/ opens the Hotkeys dialog" says the slash key as often
// as the home page; a plan that visits / and finds the dialog open
// decides another claim than "pressing / opens it".
func guardSlashKey(ws []gword, steps []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tPath || w.raw != "/" || i+1 >= len(ws) || !slashKeyVerbs[ws[i+1].low] {
			continue
		}
		if i > 0 && (ws[i-1].low == "pressing" || ws[i-1].low == "press" || ws[i-1].low == "hitting" || ws[i-1].low == "hit" || ws[i-1].low == "typing") {
			continue
		}
		return `"/ ` + ws[i+1].raw + ` …" may be the home page or the "/" key: say "pressing '/' ` + ws[i+1].raw + ` …" for the key, or "on /, …" for the page`
	}
	return ""
}

// guardShownError: "shows no error" is about the page — a form's message
// under a field — not the developer console; a plan that checks only the
// console verifies a page that shows "Message too short". "Loads without
// errors" and "no console errors" say the console.
func guardShownError(ws []gword, steps []plan.Step, _ Derivation) string {
	console := false
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectNoConsoleErrors:
			console = true
		case plan.ExpectHidden, plan.ExpectNoText, plan.ExpectCount:
			return ""
		}
	}
	if !console {
		return ""
	}
	for i := 0; i+2 < len(ws); i++ {
		v := ws[i].low
		if (v == "shows" || v == "show" || v == "displays" || v == "display" || v == "gives" || v == "renders" || v == "has" || v == "have" ||
			v == "are" || v == "is" || v == "causes" || v == "cause" || v == "produces" || v == "produce" || v == "gets" || v == "get") &&
			(ws[i+1].low == "no" || ws[i+1].low == "any") && (ws[i+2].low == "error" || ws[i+2].low == "errors") {
			if i+3 < len(ws) && (ws[i+3].low == "in" || ws[i+3].low == "on") {
				continue // "shows no errors in the console"
			}
			return fmt.Sprintf("%q can be a message on the page or the developer console, and the plan checks only the console: quote the message (\"doesn't show 'Required'\") or say \"no console errors\"", v+" "+ws[i+1].low+" "+ws[i+2].low)
		}
	}
	return ""
}

// approxWords before a quoted text make it a bound or an estimate: "costs
// about '$29'" holds for "$28.99", which the text "$29" is not in.
var approxWords = map[string]bool{"about": true, "around": true, "roughly": true, "approximately": true,
	"nearly": true, "almost": true, "circa": true, "approx": true, "~": true}

func guardApprox(ws []gword, _ []plan.Step, _ Derivation) string {
	for i := 0; i+1 < len(ws); i++ {
		w := ws[i].low
		bound := i+2 < len(ws) && ws[i+2].kind == tLit && (w == "at" && (ws[i+1].low == "least" || ws[i+1].low == "most") ||
			(w == "more" || w == "less" || w == "fewer") && ws[i+1].low == "than" || w == "up" && ws[i+1].low == "to")
		if approxWords[w] && ws[i+1].kind == tLit || bound {
			return fmt.Sprintf("%q makes the quoted text an estimate or a bound, and the plan looks for it exactly: quote the text the page shows", ws[i].raw)
		}
	}
	return ""
}

// scopeNouns name a repeated item a text is said of: "the 'Pro' card has
// a 'Buy' button" is a button inside the Pro card.
var scopeNouns = map[string]bool{"plan": true, "card": true, "row": true, "item": true, "entry": true,
	"tile": true, "response": true, "product": true, "order": true, "invoice": true, "task": true,
	"post": true, "user": true, "record": true, "line": true, "option": true, "column": true,
	"section": true, "panel": true, "group": true, "tag": true, "operation": true, "endpoint": true, "model": true}

// guardItemScope: a text or element said of a quoted item ("the '204'
// response says 'Deleted'") must be looked for inside that item; found
// anywhere on the page it proves another item's.
func guardItemScope(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 0; i+2 < len(ws); i++ {
		if ws[i].kind != tLit || !scopeNouns[ws[i+1].low] || !partTextVerbs[ws[i+2].low] && ws[i+2].low != "costs" && ws[i+2].low != "cost" {
			continue
		}
		if j := i - 1; j >= 0 && (ws[j].low == "the" || ws[j].low == "a") && j-1 >= 0 && (actionVerbs[ws[j-1].low] || composeActionWord(ws[j-1].low)) ||
			i > 0 && (actionVerbs[ws[i-1].low] || composeActionWord(ws[i-1].low)) {
			continue // "expanding the 'Billing' section shows 'Refunds'": what the action shows
		}
		item := ws[i].raw
		for k := i + 3; k < len(ws); k++ {
			if ws[k].kind != tLit {
				if ws[k].low == "and" || ws[k].low == "," || ws[k].low == "a" || ws[k].low == "an" || ws[k].low == "the" ||
					headNouns[ws[k].low] != "" || ws[k].low == "not" || ws[k].low == "no" {
					continue
				}
				break
			}
			if k+1 < len(ws) && scopeNouns[ws[k+1].low] {
				break // the next item: "… and the 'Free' plan costs '$0'"
			}
			v := ws[k].raw
			for _, s := range steps {
				about := s.Value == v
				t, err := plan.ParseTarget(s.Target)
				if err == nil && (t.Value == v || t.Name == v) {
					about = true
				}
				if about && (err != nil || t.Within != item && t.Under != item) {
					return fmt.Sprintf("%q is said of the %q %s, but the plan looks for it on the whole page", v, item, ws[i+1].low)
				}
			}
		}
	}
	return unquotedItemScope(ws, steps)
}

// unquotedItemScope: the same said of an item named by unquoted
// capitalised words ("the Pro card has a Buy button"): a check of an
// element or a text that the plan does not look for inside that item
// would be proven by another item's.
func unquotedItemScope(ws []gword, steps []plan.Step) string {
	for i := 1; i+2 < len(ws); i++ {
		if ws[i].kind != tWord || !scopeNouns[ws[i+1].low] || !partTextVerbs[ws[i+2].low] && ws[i+2].low != "costs" && ws[i+2].low != "cost" {
			continue
		}
		k := i
		for k > 0 && ws[k].kind == tWord && startsUpper(ws[k].raw) {
			k--
		}
		if k == i || ws[k].low != "the" {
			continue // "the card has …", "Pro card …" at the start
		}
		if k > 0 && (actionVerbs[ws[k-1].low] || composeActionWord(ws[k-1].low)) {
			continue // "expanding the Billing section shows 'Refunds'"
		}
		var names []string
		for _, w := range ws[k+1 : i+1] {
			names = append(names, w.raw)
		}
		item := strings.Join(names, " ")
		for _, s := range steps {
			if !strings.HasPrefix(string(s.Kind), "expect_") || s.Kind == plan.ExpectURL || s.Kind == plan.ExpectStatus || s.Kind == plan.ExpectTitle {
				continue
			}
			t, err := plan.ParseTarget(s.Target)
			scoped := err == nil && s.Target != "" && (strings.EqualFold(t.Within, item) || t.In != "" || t.Under != "")
			if !scoped {
				return fmt.Sprintf("what is said of the %s %s is looked for on the whole page, where another %s's would prove it: quote the %s's name and say what it shows (\"the '%s' %s shows '…'\")", item, ws[i+1].low, ws[i+1].low, ws[i+1].low, item, ws[i+1].low)
			}
		}
	}
	return ""
}

// guardRequestWords: words that describe a request before its path
// ("Sorting books by year (/books?_sort=title)") must agree with the path:
// what it is sorted or filtered by, and what is searched for, is in it; a
// direction or a rank ("in reverse", "the newest") is in it too.
func guardRequestWords(_ []gword, _ []plan.Step, d Derivation) string {
	for _, n := range d.Notes {
		i := strings.Index(n, " describes the request; ")
		if i < 0 {
			continue
		}
		words, ok := firstQuoted(n)
		if !ok {
			continue
		}
		rest := n[i+len(" describes the request; "):]
		path := strings.ToLower(strings.SplitN(rest, " ", 2)[0])
		fs := strings.Fields(strings.ToLower(words))
		for k, f := range fs {
			f = strings.Trim(f, ",.;:()")
			miss := ""
			switch {
			case (f == "by" || f == "for") && k+1 < len(fs):
				w := strings.Trim(fs[k+1], ",.;:()'\"")
				if determiners[w] || w == "a" || w == "an" {
					if k+2 >= len(fs) {
						continue
					}
					w = strings.Trim(fs[k+2], ",.;:()'\"")
				}
				if !strings.Contains(path, strings.TrimSuffix(w, "s")) {
					miss = w
				}
			case f == "reverse" || f == "descending" || f == "desc" || f == "backwards":
				if !strings.Contains(path, "desc") && !strings.Contains(path, "=-") {
					miss = f
				}
			case k > 0 && !strings.Contains(path, f) && (stateWord(f) || len(f) > 5 && strings.HasSuffix(f, "est") && !strings.HasSuffix(f, "quest") && !strings.HasSuffix(f, "interest")):
				miss = f
			}
			if miss != "" {
				return fmt.Sprintf("%q says %q of the request, which %s does not show: say the request by its path alone", words, miss, path)
			}
		}
	}
	return ""
}

// undoable are things a person does that no plan step does: a claim that
// says them ("scrolling down shows 'More'") is checked without them.
var undoable = map[string]bool{"scroll": true, "scrolls": true, "scrolling": true, "scrolled": true,
	"drag": true, "drags": true, "dragging": true, "dragged": true, "dropping": true,
	"resize": true, "resizes": true, "resizing": true, "resized": true, "swipe": true, "swipes": true,
	"swiping": true, "swiped": true, "zooming": true, "zoomed": true, "pinching": true,
	"uploading": true, "downloading": true, "printing": true, "right-click": true,
	"right-clicking": true, "long-press": true, "long-pressing": true, "middle-click": true,
	"middle-clicking": true, "shift-click": true, "shift-clicking": true, "ctrl-click": true,
	"ctrl-clicking": true, "rotating": true, "shaking": true}

func guardUndoable(ws []gword, _ []plan.Step, _ Derivation) string {
	for _, w := range ws {
		if w.kind == tWord && undoable[w.low] {
			return fmt.Sprintf("%q is something no plan step does, so the plan would check the claim without it", w.raw)
		}
	}
	return ""
}

// guardAgain: "clicking 'Save' again" is a second click; a plan that
// clicks once checks the first.
func guardAgain(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 1; i < len(ws); i++ {
		if ws[i].low != "again" && !(ws[i].low == "more" && ws[i-1].low == "once") {
			continue
		}
		k := i - 1
		if ws[i].low == "more" {
			k--
		}
		if k < 1 || ws[k].kind != tLit || !(actionVerbs[ws[k-1].low] || composeActionWord(ws[k-1].low)) {
			continue
		}
		v := ws[k].raw
		n := 0
		for _, s := range steps {
			switch s.Kind {
			case plan.Click, plan.DblClick, plan.Hover, plan.Check, plan.Uncheck, plan.Press:
				if s.Value == v {
					n++
				} else if t, err := plan.ParseTarget(s.Target); err == nil && (t.Value == v || t.Name == v) {
					n++
				}
			}
		}
		if n < 2 {
			return fmt.Sprintf("%q again is a second time, but the plan does it once: say what is done first", v)
		}
	}
	return ""
}

// guardNestedAfter: "clicking 'A' after clicking 'B' after clicking 'C'"
// nests one order in another (C, B, A); reading each "after" alone puts
// the steps in another order.
func guardNestedAfter(ws []gword, _ []plan.Step, _ Derivation) string {
	n := 0
	for i := 0; i+1 < len(ws); i++ {
		if ws[i].low != "after" && ws[i].low != "before" {
			continue
		}
		k := i + 1
		for k < len(ws) && (ws[k].low == "you" || ws[k].low == "i" || ws[k].low == "first") {
			k++
		}
		if k < len(ws) && (actionVerbs[ws[k].low] || composeActionWord(ws[k].low)) {
			n++
		}
	}
	if n >= 2 {
		return "two orders in one sentence (\"after … after …\") nest, and the steps could go in more than one order: say them in order (\"clicking 'C', then 'B', then 'A' …\")"
	}
	return ""
}

// goneVerbWords take texts away; "removes 'A' but not 'B'" says 'B'
// stays, which a plan that checks 'B' not shown reverses.
var goneVerbWords = map[string]bool{"removes": true, "remove": true, "hides": true, "hide": true,
	"clears": true, "deletes": true, "delete": true, "dismisses": true, "closes": true, "collapses": true}

func guardGoneButNot(ws []gword, steps []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tWord || !goneVerbWords[w.low] {
			continue
		}
		for k := i + 1; k+1 < len(ws); k++ {
			if ws[k].kind == tWord && (actionVerbs[ws[k].low] || composeActionWord(ws[k].low) || ws[k].low == "then") {
				break
			}
			if ws[k].low != "not" || ws[k+1].kind != tLit {
				continue
			}
			v := ws[k+1].raw
			for _, s := range steps {
				t, _ := plan.ParseTarget(s.Target)
				if s.Kind == plan.ExpectNoText && s.Value == v || s.Kind == plan.ExpectHidden && (t.Value == v || t.Name == v) {
					return fmt.Sprintf("%q after \"%s … not\" stays on the page, but the plan checks it is not shown", v, w.low)
				}
			}
		}
	}
	return ""
}

// guardTiming: "immediately", "instantly", "right away", "at once" say how
// soon; a plan waits up to its step timeout, so a text that shows after
// four seconds would prove "shows 'Saved' immediately".
func guardTiming(ws []gword, steps []plan.Step, d Derivation) string {
	for _, s := range steps {
		if s.Timeout > 0 {
			return ""
		}
	}
	text := " " + strings.ToLower(normalizeClaim(stripLabel(d.Claim))) + " "
	for _, l := range lexClaim(pageFirst(stripLabel(d.Claim))).lits {
		if l != "" {
			text = strings.ReplaceAll(text, strings.ToLower(l), " ")
		}
	}
	for _, p := range []string{"immediately", "instantly", "right away", "at once", "straight away", "without delay", "without any delay", "with no delay", "in real time", "in realtime", "quickly", "fast"} {
		if strings.Contains(text, " "+p+" ") || strings.Contains(text, " "+p+",") {
			return fmt.Sprintf("%q says how soon, and the plan waits as long as its step timeout: drop it, or say the time the page has", p)
		}
	}
	return ""
}

// saidAsContent reports a quoted text said as what something says
// ("saying 'X'", "that says 'X'", "with 'X'"), not what it is called.
func saidAsContent(claim, v string) bool {
	ws := guardWords(lexClaim(pageFirst(stripLabel(claim))))
	for i, w := range ws {
		if w.kind != tLit || w.raw != v || i == 0 {
			continue
		}
		switch ws[i-1].low {
		case "saying", "says", "reading", "reads", "with", "showing", "shows", "asking", "containing", "contains":
			return true
		}
	}
	return false
}

// guardNamedPart: "the error dialog shows 'X'" names which dialog; a plan
// that looks inside whichever dialog is open checks another claim. Clicking
// "the settings icon" as the page's first image likewise drops the word
// that says which.
func guardNamedPart(ws []gword, steps []plan.Step, _ Derivation) string {
	anyDialog, anyImage := false, false
	for _, s := range steps {
		if s.Target == `css=dialog, [role=dialog]` || s.Target == "css=dialog,[role=dialog]" {
			anyDialog = true
		}
		if (s.Kind == plan.Click || s.Kind == plan.Hover) && s.Target == "css=img" {
			anyImage = true
		}
	}
	for i := 1; i < len(ws); i++ {
		w, prev := ws[i].low, ws[i-1]
		if prev.kind != tWord || determiners[prev.low] || prev.low == "a" || prev.low == "an" || prev.low == "this" {
			continue
		}
		if anyDialog && (w == "dialog" || w == "modal" || w == "popup") {
			return fmt.Sprintf("%q names which dialog, but the plan looks inside whichever is open: quote its title", prev.raw+" "+w)
		}
		if anyImage && (w == "icon" || w == "image" || w == "picture") {
			return fmt.Sprintf("%q names which image, but the plan clicks the page's first one: quote its title or alt text", prev.raw+" "+w)
		}
	}
	return ""
}

// containerRoles hold other elements; a person opens one with a control
// ("the Settings button", the key 'o'), never by clicking the container.
var containerRoles = map[string]bool{"dialog": true, "alertdialog": true, "navigation": true,
	"menu": true, "menubar": true, "region": true, "tabpanel": true, "list": true, "table": true,
	"form": true, "complementary": true, "banner": true, "contentinfo": true, "main": true,
	"toolbar": true, "group": true, "listbox": true, "tree": true, "grid": true}

// guardOpenContainer refuses a plan that clicks, hovers or double-clicks
// a dialog, menu or other container: "opening the upload dialog" does not
// say what opens it, and clicking the closed dialog decides failed.
func guardOpenContainer(_ []gword, steps []plan.Step, _ Derivation) string {
	for _, s := range steps {
		if s.Kind != plan.Click && s.Kind != plan.Hover && s.Kind != plan.DblClick {
			continue
		}
		t, err := plan.ParseTarget(s.Target)
		if err != nil || t.Kind != plan.ByRole || !containerRoles[t.Value] {
			continue
		}
		what := t.Value
		if t.Name != "" {
			what = fmt.Sprintf("the %q %s", t.Name, t.Value)
		}
		return fmt.Sprintf("the claim opens %s without saying how: name what opens it (\"after clicking 'Settings'\", \"after pressing 'o'\")", what)
	}
	return ""
}

// Unaccounted says which meaning-bearing word of a claim a derivation
// leaves unchecked ("" when none), by the rules Derive applies to its own
// plans. A model-backed deriver checks a rewrite's plan against the
// claim as written with it, as with Missing.
func Unaccounted(claim string, d Derivation) string {
	d.Claim = claim
	if r := guard(lexClaim(pageFirst(stripLabel(claim))), d); r != nil {
		return r.reason
	}
	return ""
}

// refuseOnPanic turns a reader's panic on some claim into a refusal: a bug
// in the rules never takes the server or the run down, and never yields a
// plan.
func refuseOnPanic(_ string, d *Derivation, err *error) {
	if p := recover(); p != nil {
		// no suggestions: deriving them could meet the same bug
		reason := fmt.Sprintf("vouch could not read the claim (an internal error: %v)", p)
		*d = Derivation{}
		*err = &NotProvableError{Cause: "unrecognized", Reason: reason,
			Prompt: "vouch cannot prove this claim: " + reason + ".\nRephrase it as a page and something a browser can see there, in order.\n"}
	}
}

// moveVerbs say that an action leads somewhere else.
var moveVerbs = map[string]bool{"takes": true, "take": true, "goes": true, "go": true, "leads": true, "lead": true,
	"brings": true, "bring": true, "sends": true, "send": true, "navigates": true, "navigate": true,
	"redirects": true, "redirect": true, "returns": true, "moves": true, "jumps": true, "opens": true,
	"links": true, "link": true, "points": true, "point": true, "lands": true, "land": true, "forwards": true, "routes": true, "directs": true}

// guardNotAll: "'A' and 'B' are not both shown" says one of them at
// least is absent, not which; checking each absent would fail a page that
// shows one of them, which the claim allows. "not every", "not all" and
// "not each" likewise.
func guardNotAll(ws []gword, _ []plan.Step, _ Derivation) string {
	for i := 0; i+1 < len(ws); i++ {
		w := ws[i]
		if w.kind != tWord || w.low != "not" && !strings.HasSuffix(w.low, "n't") && !strings.HasSuffix(w.low, "n’t") {
			continue
		}
		if n := ws[i+1]; n.kind == tWord && (n.low == "both" || n.low == "all" || n.low == "every" || n.low == "each") {
			return fmt.Sprintf("%q says that some are not, not which: say which one is not (\"doesn't show 'A'\"), or that none is (\"shows neither 'A' nor 'B'\")", w.raw+" "+n.raw)
		}
	}
	return ""
}

// guardNoMove: "clicking the logo takes you home", derived on the home
// page, checks an address the journey is at before it acts, so a click
// that does nothing passes. A move said of a journey that starts where it
// is said to lead proves nothing; the claim must say where it starts.
func guardNoMove(ws []gword, _ []plan.Step, d Derivation) string {
	moves := false
	for _, w := range ws {
		moves = moves || moveVerbs[w.low]
	}
	if !moves {
		return ""
	}
	same := func(a, b string) bool {
		return strings.TrimSuffix(a, "/") == strings.TrimSuffix(b, "/")
	}
	for _, j := range d.Plan.Journeys {
		if len(j.Steps) == 0 || j.Steps[0].Kind != plan.Visit {
			continue
		}
		start, acted := j.Steps[0].Value, false
		for _, s := range j.Steps[1:] {
			switch {
			case s.Kind == plan.Visit || s.Kind == plan.GoBack || s.Kind == plan.Reload:
				start, acted = s.Value, false
			case !s.Kind.IsAssertion() && s.Kind != plan.WaitFor:
				acted = true
			case s.Kind == plan.ExpectURL && acted && same(s.Value, start) && !strings.ContainsAny(s.Value, "*?"):
				return fmt.Sprintf("the journey starts on %s, where the claim says it leads, so an action that does nothing would pass: name the page it starts on (\"on /about, …\")", start)
			}
		}
	}
	return ""
}

// guardUnshown: a quoted text said to be a meta tag's, an attribute's or a
// placeholder ("the meta description 'X'", "the aria-label 'Close'", "the
// placeholder 'Search'") is not among the texts a page shows; a plan that
// looks for it there fails a true claim.
func guardUnshown(ws []gword, steps []plan.Step, _ Derivation) string {
	asText := map[string]bool{}
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectText, plan.ExpectNoText:
			asText[s.Value] = true
		}
		if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByText {
			asText[t.Value] = true
		}
	}
	for i, w := range ws {
		if w.kind != tLit || !asText[w.raw] {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			x := strings.Trim(ws[k].low, ",.:")
			if ws[k].kind != tWord {
				break
			}
			if unshownWords[x] || strings.HasPrefix(x, "og:") || strings.HasPrefix(x, "aria-") || strings.HasPrefix(x, "data-") {
				return fmt.Sprintf("%q is not a text the page shows (%s), and the plan would look for it among the page's texts: say a text the page shows, or a field's placeholder (\"has a field with placeholder '…'\")", w.raw, ws[k].raw)
			}
		}
	}
	return ""
}

// guardShortUnpinned: "the counter shows '3'" names one element, but the
// plan looks for the text on the whole page, where a number or a
// one-letter text is likely shown somewhere else too ("3 days ago",
// "Step 3"): the plan would verify a counter that shows 2. A longer text
// is what the claim says wherever it is shown; a short one is refused.
func guardShortUnpinned(_ []gword, steps []plan.Step, d Derivation) string {
	part := unpinnedPart(d)
	if part == "" {
		return ""
	}
	for _, s := range steps {
		if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && shortText(s.Value) {
			return fmt.Sprintf("%q is too short to look for on the whole page, and %q is not pinned to one element: the text may be shown elsewhere on the page; quote more of what it shows (\"'%s items'\")", s.Value, part, s.Value)
		}
		if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && valueParts[strings.TrimPrefix(strings.ToLower(part), "the ")] && !strings.ContainsFunc(s.Value, unicode.IsLetter) {
			return fmt.Sprintf("%s%q is a value, and %q is not pinned to one element: the same amount or number may be shown elsewhere on the page (an item's price, a quantity); say the label it is shown beside (\"the '%s' says '%s'\")", valueUnpinned, s.Value, part, labelCase(strings.TrimPrefix(part, "the ")), s.Value)
		}
	}
	return ""
}

// valueParts name one value a page shows among others like it: a claim
// that "the total says '$10'" is not proven by an item priced $10.
var valueParts = map[string]bool{"total": true, "subtotal": true, "grand total": true, "balance": true,
	"price": true, "cost": true, "amount": true, "count": true, "counter": true, "item count": true,
	"todo count": true}

// valueUnpinned starts the reason guardShortUnpinned gives for a value,
// which valueLabelReading rephrases.
const valueUnpinned = "the text "

// unpinnedPart is the part of the page the derivation notes as not pinned
// to one element ("the total"), or "".
func unpinnedPart(d Derivation) string {
	for _, n := range d.Notes {
		if i := strings.Index(n, `" is not pinned to one element: `); i > 0 && strings.Contains(n, "on the whole page") {
			return n[1:i]
		}
	}
	return ""
}

// labelCase capitalises a part's name as a page labels it ("Total").
func labelCase(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// valueLabelReading rephrases a claim guardShortUnpinned refused for a
// value: the part named as the label the value is shown beside ("the
// total says '$10'" → "the 'Total' says '$10'").
func valueLabelReading(d Derivation, why string) []string {
	part := unpinnedPart(d)
	if !strings.HasPrefix(why, valueUnpinned) || part == "" {
		return nil
	}
	claim := d.Claim
	name := strings.TrimPrefix(strings.ToLower(part), "the ")
	lc := strings.ToLower(claim)
	i, n := strings.Index(lc, "the "+name), len("the "+name)
	if i < 0 {
		i, n = strings.Index(lc, name), len(name)
	}
	if i < 0 {
		return nil
	}
	said := claim[:i] + "the '" + labelCase(name) + "'" + claim[i+n:]
	out := []string{said}
	if reChangesLabelled.MatchString(said) {
		// "clicking '+' changes the 'Total' to '$24'", as its restatement
		// reads it
		out = append(out, reChangesLabelled.ReplaceAllString(said, changesLabelledAs))
	}
	return out
}

// shortText reports whether v is a bare number of up to three digits or a
// text of up to two characters: texts a page shows in many places (a price
// or a percentage says more).
func shortText(v string) bool {
	v = strings.TrimSpace(v)
	if utf8.RuneCountInString(v) <= 2 {
		return true
	}
	digits := 0
	for _, r := range v {
		switch {
		case unicode.IsDigit(r):
			digits++
		case r == '.' || r == ',':
		default:
			return false
		}
	}
	return digits <= 3
}

// guardImageGuess: an image named by words that describe it ("a team
// photo") or by a part of the page vouch does not pin ("the hero image")
// is looked for as any image, and "the logo" as an image whose
// alternative text holds "logo" — guesses. Any image on the page would
// verify "the hero image is shown", and a logo whose alternative text is
// the app's name would verify "the logo is not shown".
func guardImageGuess(_ []gword, steps []plan.Step, d Derivation) string {
	described, guessed := "", ""
	for _, n := range d.Notes {
		if strings.Contains(n, "describes the image, so any image is looked for") {
			described, _ = firstQuoted(n)
		}
		if i := strings.Index(n, `" is not pinned to one element: `); i > 0 && described == "" {
			// "the hero image": the part that holds it is not found
			described = n[1:i] + " image"
		}
		if strings.Contains(n, "taken as an image whose alternative text contains") {
			guessed = "the " + strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(n, "' taken as", 2)[0], "'the "), "'")
		}
	}
	for _, s := range steps {
		switch {
		case described != "" && anyImage(s.Target) && (s.Kind == plan.ExpectVisible || s.Kind == plan.ExpectHidden):
			where := "on the page"
			if s.Target != "css=img" {
				where = "in that part of the page"
			}
			return fmt.Sprintf("%q describes one image, and the plan would look for any image %s: quote its alternative text (\"an image with alt 'Team photo'\")", described, where)
		case guessed != "" && strings.HasPrefix(s.Target, "alt=") && s.Kind == plan.ExpectHidden:
			return fmt.Sprintf("%q is found by a guess (an image whose alternative text holds %q), so a page that shows it under another alternative text would pass: quote its alternative text (\"no image with alt 'Acme'\")", guessed, strings.TrimPrefix(s.Target, "alt="))
		}
	}
	return ""
}

// anyImage reports a target of any image, on the page or in a part of
// it ("css=header img").
func anyImage(target string) bool {
	v, ok := strings.CutPrefix(target, "css=")
	if !ok {
		return false
	}
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "img" && !strings.HasSuffix(p, " img") {
			return false
		}
	}
	return true
}

// guardGuessedDialog: a popup, a lightbox or a cookie banner is looked
// for as a dialog (role=dialog), a guess at how the page marks it up. Said
// absent ("the popup is not shown", "after clicking 'Accept' the cookie
// banner is hidden"), no dialog is no evidence: a banner the page does
// not mark up as a dialog would pass. The absence stands only when the
// journey also finds the dialog open (a reach or a check), so that a wrong
// guess cannot verify the claim.
func guardGuessedDialog(ws []gword, steps []plan.Step, _ Derivation) string {
	noun := ""
	for i, w := range ws {
		switch {
		case w.low == "popup" || w.low == "popups" || w.low == "pop-up" || w.low == "lightbox":
			noun = w.raw
		case (w.low == "banner" || w.low == "bar" || w.low == "notice") && i > 0 && (ws[i-1].low == "cookie" || ws[i-1].low == "consent" || ws[i-1].low == "cookies"):
			noun = ws[i-1].raw + " " + w.raw
		}
	}
	if noun == "" {
		return ""
	}
	// Each journey starts with a visit: one that checks a dialog shown
	// somewhere decides failed or blocked when the guess is wrong, never
	// verified; one that only checks none is shown may verify wrongly.
	if goneUnseen(steps, "dialog") != "" {
		return fmt.Sprintf("%q is looked for as a dialog, a guess at how the page marks it up, and no dialog is no evidence that it is gone: say a text it shows (\"does not show 'We use cookies'\"), or what opens it first", noun)
	}
	return ""
}

// guardShowsClicked: "selecting 'French' changes the language to
// French", "clicking 'Dark' shows 'Dark'": the text checked after the
// click is the text clicked, which the page showed to be clicked at all and
// most often still shows; the check passes whatever the click did. Unless
// the plan saw the text gone in between, the claim is refused.
func guardShowsClicked(_ []gword, steps []plan.Step, _ Derivation) string {
	clicked, said := "", ""
	for _, st := range steps {
		t, _ := plan.ParseTarget(st.Target)
		name := t.Name
		if t.Kind == plan.ByText {
			name = t.Value
		}
		switch {
		case st.Kind == plan.Visit:
			clicked = ""
		case st.Kind == plan.Click || st.Kind == plan.DblClick:
			clicked, said = strings.ToLower(name), name
		case clicked == "":
		case st.Kind == plan.ExpectNoText && strings.ToLower(st.Value) == clicked,
			st.Kind == plan.ExpectHidden && strings.ToLower(name) == clicked:
			clicked = "" // seen gone: its coming back is evidence
		case st.Kind == plan.ExpectText && st.Target == "" && strings.ToLower(st.Value) == clicked,
			st.Kind == plan.ExpectVisible && t.Kind == plan.ByText && strings.ToLower(t.Value) == clicked:
			return fmt.Sprintf("%q is what the plan clicks, so the page shows it before the click and, most often, after it: a check that it is shown passes whatever the click did; say what else the page shows after it", said)
		case !st.Kind.IsAssertion() && st.Kind != plan.WaitFor:
			clicked = ""
		}
	}
	return ""
}

// guardQuotedKept: a quoted text is what the claim says exactly, and a
// plan whose steps never use it checks another claim ("'Admins' see
// 'Delete' on /users" checked only that the page shows "Admins"). A note
// may say how the plan accounts for it ("that the theme is not 'dark'
// follows from it being 'light'"). The plan's name, the claim itself,
// does not count.
func guardQuotedKept(_ []gword, steps []plan.Step, d Derivation) string {
	lits, paths, _ := facts(stripLabel(d.Claim))
	if len(lits)+len(paths) == 0 {
		return ""
	}
	js, _ := json.Marshal(steps)
	body := jsonText(js)
	for _, l := range lits {
		if inJSON(body, l) || slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, strconv.Quote(l)) }) || wordsIn(l, body) {
			continue
		}
		return fmt.Sprintf("the plan does not use the quoted %q, so it would check another claim: say what %q is (\"shows '%s'\", \"clicking '%s'\")", l, l, l, l)
	}
	for _, pa := range paths {
		if inJSON(body, strings.TrimSuffix(pa, "/")) || slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, pa) }) {
			continue
		}
		return fmt.Sprintf("the plan does not use the path %s, so it would check another claim: say what %s is (\"on %s, …\", \"goes to %s\")", pa, pa, pa, pa)
	}
	return ""
}

// wordsIn reports whether every word of a quoted text that holds JSON
// punctuation is in body: '"done": false' is checked as the field done
// and the value false.
func wordsIn(lit, body string) bool {
	if !strings.ContainsAny(lit, `:{}[]"`) {
		return false
	}
	ws := strings.FieldsFunc(strings.ToLower(lit), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.'
	})
	for _, w := range ws {
		if !strings.Contains(body, w) {
			return false
		}
	}
	return len(ws) > 0
}

// guardGuessedAlert: "clicking 'Save' doesn't show an error message" is
// checked as no role=alert (or role=status) on the page, a guess at how the
// page marks its messages up: a message in a plain paragraph is no alert,
// so the check passed whatever the page said. As for a dialog, the absence
// stands only when the journey also finds such an element shown, or when
// the claim names the role itself ("no alert is shown").
const guessedAlertWhy = "a message said not to be shown is looked for as role="

func guardGuessedAlert(ws []gword, steps []plan.Step, _ Derivation) string {
	for _, w := range ws {
		if w.kind == tWord && (w.low == "alert" || w.low == "alerts" || w.low == "status") {
			return ""
		}
	}
	if gone := goneUnseen(steps, "alert", "status"); gone != "" {
		return fmt.Sprintf(guessedAlertWhy+"%s, a guess at how the page marks it up, and no such element is no evidence that no message is shown: quote the message (\"doesn't show 'Name is required'\")", gone)
	}
	return ""
}

// goneUnseen returns the role of the roles that a journey of steps checks
// gone (hidden, or none counted) without finding it shown first, or "":
// a role guessed for something said absent is no evidence unless the
// journey also finds it.
func goneUnseen(steps []plan.Step, roles ...string) string {
	var journeys [][]plan.Step
	for _, st := range steps {
		if st.Kind == plan.Visit || len(journeys) == 0 {
			journeys = append(journeys, nil)
		}
		journeys[len(journeys)-1] = append(journeys[len(journeys)-1], st)
	}
	for _, j := range journeys {
		shown := map[string]bool{}
		gone := ""
		for _, st := range j {
			t, err := plan.ParseTarget(st.Target)
			if err != nil || t.Kind != plan.ByRole || !slices.Contains(roles, t.Value) {
				continue
			}
			switch {
			case st.Kind == plan.ExpectVisible || st.Kind == plan.WaitFor || st.Kind == plan.ExpectText || st.Kind == plan.ExpectCount && st.Compare == plan.CountAtLeast && st.Count > 0:
				shown[t.Value] = true
			case st.Kind == plan.ExpectHidden || st.Kind == plan.ExpectCount && st.Count == 0 && st.Compare != plan.CountAtLeast:
				gone = t.Value
			}
		}
		if gone != "" && !shown[gone] {
			return gone
		}
	}
	return ""
}

// reNotOnly is a negation with "only", "just", "merely", "simply" or
// "solely" after it, the verb between or not: "doesn't show just 'A'",
// "does not simply show 'A'".
var reNotOnly = lazyRE(`(?i)(?:\bnot|n't|\bnever)\s+(?:[a-z]+\s+)?(?:only|just|merely|simply|solely)\b`)

// guardNotOnly: "the page doesn't show just 'A'" says it shows A and more,
// and was read as "does not show 'A'" ("simply" is a filler elsewhere, and
// "just" after the verb was dropped): the opposite of the claim.
func guardNotOnly(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reNotOnly)
	if m == "" {
		return ""
	}
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectNoText, plan.ExpectHidden, plan.ExpectCount:
			return fmt.Sprintf("%q"+shownAndMoreWhy, m)
		}
	}
	return ""
}

// wordsMatched returns re's first match in text widened to whole words
// ("doesn't show just", not "n't show just"), or "".
func wordsMatched(text string, re *lazyRegexp) string {
	loc := re.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	start := strings.LastIndexByte(text[:loc[0]], ' ') + 1
	return strings.TrimSpace(text[start:loc[1]])
}

// The reasons of guardNotAlways and guardNotOnly: no rephrasing from the
// claim's own words keeps its meaning, so none is offered.
const (
	someOfTheTimeWhy = " says it holds some of the time, which one run cannot tell: say what the page shows in the state the run sees (\"shows 'A'\", \"does not show 'A'\")"
	shownAndMoreWhy  = " says a text is shown and more besides, not that it is not shown: say what is shown (\"shows 'A' and 'B'\")"
)

// reNotAlways is a negation of "always" ("is not always enabled", "doesn't
// always appear", "not necessarily", "not every time").
var reNotAlways = lazyRE(`(?i)(?:\bnot|n't)\s+(?:always|necessarily|every\s+time|each\s+time|all\s+the\s+time|consistently|reliably)\b`)

// guardNotAlways: "'A' does not always appear" says it sometimes does and
// sometimes not; the lexer drops "always" as a filler, so it was read as
// "does not show 'A'", which a run that sees it shown fails.
func guardNotAlways(_ []gword, _ []plan.Step, d Derivation) string {
	if m := wordsMatched(writtenWords(d), reNotAlways); m != "" {
		return fmt.Sprintf("%q"+someOfTheTimeWhy, m)
	}
	return ""
}

// reClearsQuoted is "clears 'X'" with no kind after the name.
var reClearsQuoted = lazyRE(`(?i)\b(?:clears|clear|empties|empty|wipes|wipe|resets|reset)\s+(?:the\s+)?(?:'([^']+)'|"([^"]+)")(\s+(?:field|box|input|text\s+box|search\s+box|textbox))?`)

// clearsFieldWhy is guardClearsField's reason: either reading offered
// alone would pick one.
const clearsFieldWhy = " may empty a field or a section of that name, or remove a text"

// guardClearsField: "pressing Escape clears 'Search'" empties the Search
// field as likely as it removes a text "Search"; it was read as the text
// going away, which a field's placeholder never shows.
func guardClearsField(_ []gword, steps []plan.Step, d Derivation) string {
	m := reClearsQuoted.FindStringSubmatch(normalizeClaim(stripLabel(d.Claim)))
	if m == nil || m[3] != "" {
		return ""
	}
	// any name: a field's ("clears 'Search'"), a section's ("clears
	// 'History'", whose heading stays) or an item's; only "removes" says
	// the text goes
	name := m[1] + m[2]
	for _, s := range steps {
		if (s.Kind == plan.ExpectHidden || s.Kind == plan.ExpectNoText) && strings.Contains(s.Target+s.Value, name) {
			return fmt.Sprintf("%q"+clearsFieldWhy+": say \"empties the '%s' field\" (after typing into it) or \"removes '%s'\"", strings.TrimSpace(m[0]), name, name)
		}
	}
	return ""
}
