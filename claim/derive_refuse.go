package claim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// CodeNotProvable is the error code a refused claim maps to (HTTP 422).
const CodeNotProvable = "claim_not_provable"

// NotProvableError is Derive's refusal: the claim cannot be turned into
// browser checks. Nothing was derived, nothing runs and nothing is charged.
type NotProvableError struct {
	// Cause classifies the refusal: empty, too_long, secret, vague,
	// out_of_reach, contradiction, no_check, ambiguous, unsupported,
	// unrecognized, or invalid_plan (a model-backed deriver's output).
	Cause string `json:"cause"`
	// Reason says why in one line, without repeating any secret.
	Reason string `json:"reason"`
	// Prompt is the repair prompt: plain text a person or a coding
	// assistant can act on — the reason, what a provable claim looks like,
	// and rephrasings. RepairPrompt returns it.
	Prompt string `json:"repair_prompt"`
	// Suggestions are 1–3 provable rephrasings built from the claim's own
	// words; Derive accepts each of them.
	Suggestions []string `json:"suggestions"`
}

func (e *NotProvableError) Error() string { return "claim not provable: " + e.Reason }

// RepairPrompt returns the repair prompt; the service looks for this
// method on a deriver's errors.
func (e *NotProvableError) RepairPrompt() string { return e.Prompt }

// Code returns CodeNotProvable.
func (e *NotProvableError) Code() string { return CodeNotProvable }

// refusal is a NotProvableError before its suggestions are made.
type refusal struct {
	cause   string
	reason  string
	suggest []string
	// retry: the API reader may read the claim plainly (a field's value
	// where the claim says the path answers JSON); its reading is taken
	// when it passes the guard.
	retry bool
	// only: the suggestions are suggest's that derive and no others (the
	// readings of an ambiguous claim, each offered as it is).
	only bool
}

// notProvable completes a refusal with a repair prompt and suggestions,
// keeping only suggestions Derive accepts.
func (r *refusal) notProvable(claim string) *NotProvableError {
	return refuseWith(claim, r.cause, r.reason, r.suggest, r.only || r.cause == "secret")
}

// Refuse builds a *NotProvableError for a claim that a deriver could not
// prove for the given reason, with suggestions built from the claim's words
// (extra ones first) and kept only when Derive accepts them.
func Refuse(claim, cause, reason string, extra []string) *NotProvableError {
	return refuse(claim, cause, reason, extra)
}

func refuse(claim, cause, reason string, extra []string) *NotProvableError {
	return refuseWith(claim, cause, reason, extra, cause == "secret")
}

// refuseWith is refuse; with only, the suggestions are extra's that
// derive and no others (a password's claim, or the readings of an
// ambiguous claim, each offered as it is).
func refuseWith(claim, cause, reason string, extra []string, only bool) *NotProvableError {
	switch cause {
	case "unrecognized", "unsupported", "no_check", "out_of_reach":
		if why := needsTelling(claim); why != "" && !(cause == "unsupported" && strings.Contains(reason, "opens it")) {
			reason = why
			if r := reachedRefusal(claim); r != "" {
				reason = r
			}
		}
	}
	e := &NotProvableError{Cause: cause, Reason: reason}
	if only {
		// Only rephrasings that replace the password: the claim's other
		// words could carry it into a suggestion.
		// When none derives there is no suggestion: the generic
		// "loads without errors" would check something the claim never said.
		// A rephrasing offered as it stands says what the claim says:
		// none that changes its meaning or drops its "every" unsaid.
		out, ds := checkedPlans(extra)
		for i, sg := range out {
			if len(e.Suggestions) < 3 && (strings.Contains(sg, labelSep) || ChangesMeaning(claim, sg, ds[i].Plan) == "" && !droppedUniversal(claim, sg)) {
				e.Suggestions = append(e.Suggestions, sg)
			}
		}
	} else {
		var qs []string
		var qwhy map[string]string
		switch cause {
		case "unrecognized", "no_check":
			// The claim itself with its unquoted names quoted
			// (suggest_quote.go), after every other reading: one that
			// makes the same plan from the claim's pieces stays first.
			qs, qwhy = quoteReadings(claim)
		case "vague":
			// A judgement word inside a name ("the Recent changes link")
			// is the name's: only readings that quote it are offered.
			if w, err := strconv.QuotedPrefix(reason); err == nil {
				w, _ = strconv.Unquote(w)
				qs, qwhy = quoteReadings(claim)
				qs = slices.DeleteFunc(qs, func(q string) bool { return !quotesWord(q, w) })
			}
		}
		e.Suggestions = suggestions(claim, qs, qwhy, extra...)
	}
	if reason == noStartReason {
		e.Reason = startAdvice(claim, e.Suggestions)
		reason = e.Reason
	}
	var b strings.Builder
	fmt.Fprintf(&b, "vouch cannot prove this claim: %s.\n", reason)
	if cause == "secret" {
		b.WriteString("Put the password in a secret and name it in the claim (\"with the secret DEMO_PASSWORD\"): vouch reads it when the plan runs and never records it.\n")
	}
	b.WriteString("A provable claim names a page and something a browser can see there: a text in quotes, a button, link, field, heading or image, the page title, the address or an HTTP status; or what happens after clicking, typing, choosing or signing in.\n")
	if len(e.Suggestions) == 0 {
		b.WriteString("vouch found no rephrasing that keeps the claim's meaning; write one from the above.\n")
	} else {
		b.WriteString("Rephrase it, for example:\n")
	}
	for _, s := range e.Suggestions {
		fmt.Fprintf(&b, "  - %s\n", s)
	}
	e.Prompt = b.String()
	return e
}

// startAdvice is the reason for a claim the parser could not start
// reading: the words its best rephrasing leaves out, when it has one, and
// what kind of phrase would work.
func startAdvice(claim string, sugg []string) string {
	var tries []string
	for _, sg := range sugg {
		if strings.Contains(sg, labelSep) {
			tries = append(tries, sg)
		}
	}
	if len(tries) == 0 {
		// No rephrasing offered (each would have said something else):
		// the words around the claim's quoted texts and paths are still
		// what vouch could not read.
		lx := lexClaim(claim)
		var kept []string
		for _, t := range lx.toks {
			switch t.kind {
			case tLit:
				kept = append(kept, quoteLit(t.raw))
			case tPath:
				kept = append(kept, t.raw)
			}
		}
		if len(kept) > 0 {
			tries = append(tries, "shows "+strings.Join(kept, " "))
		}
	}
	for _, sg := range tries {
		if spans := leftOut(claim, sg); len(spans) > 0 && len(spans) <= 4 {
			q := make([]string, len(spans))
			var toks []token
			for i, sp := range spans {
				q[i] = `"` + sp + `"`
				if strings.Contains(sp, `"`) {
					q[i] = "'" + sp + "'"
				}
				toks = append(toks, lexClaim(sp).toks...)
			}
			return fmt.Sprintf("vouch could not read %s in the claim: %s", joinAnd(q), unreadAdvice(toks))
		}
	}
	return noStartReason + ": start with the page or an action (\"On /tasks, …\", \"Clicking 'Save' …\") and say what is seen (\"shows '…'\")"
}

// needsTelling says, in one line, what a claim must add before vouch can
// check it or offer a rephrasing that decides as it would ("" when
// nothing): how a dialog or menu it looks into is opened, or which item a
// rule about every item is said of.
func needsTelling(claim string) string {
	lx := lexClaim(claim)
	sk, _ := sketchClaim(lx)
	if part := unopenedPart(lx, sk); part != "" {
		it, is := "it", "is"
		if strings.HasSuffix(strings.ToLower(part), "s") {
			it, is = "they", "are"
		}
		name := openerName(part)
		return fmt.Sprintf("the claim looks inside %s but does not say how %s %s opened, and %s texts are hidden until then: say it first, e.g. \"after clicking '%s', …\" or \"after pressing '<key>', …\"",
			part, it, is, map[string]string{"it": "its", "they": "their"}[it], name)
	}
	if u := universalSubject(lx); u != "" {
		return fmt.Sprintf("%q is a rule about every item already on the page, and a text found once proves it of one item only: say it of one item by name, or say what no item shows (\"does not show '…'\")", u)
	}
	return regionTelling(claim) // a named element in a part of the page, or where it sits (regions.go)
}

// reachedRefusal says why a claim that looks inside a place vouch opens
// by its name ("In Preferences > Speed, …") is refused after all: the
// opening is read, what is checked inside is not. "" when the claim names
// no such place or its reading is not refused.
func reachedRefusal(claim string) string {
	said, names, ok := reachRewrite(stripLabel(claim))
	if !ok {
		return ""
	}
	_, r := derive(said)
	if r == nil || strings.Contains(r.reason, "does not say how") {
		return ""
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = plan.Quote(n)
	}
	return fmt.Sprintf("vouch would open the place by clicking %s (a guess, as for any place named in capitals), but what the claim checks there it cannot read: %s", strings.Join(q, ", then "), r.reason)
}

// openerName is the name a part of the page is likely opened by, for an
// example in a refusal: "the settings menu" → "Settings".
func openerName(part string) string {
	var ws []string
	for _, w := range strings.Fields(part) {
		lw := strings.ToLower(w)
		if determiners[lw] || closedParts[lw] && lw != "preferences" || lw == "box" {
			continue
		}
		ws = append(ws, upperFirst(w))
	}
	if len(ws) == 0 {
		return "…"
	}
	return strings.Join(ws, " ")
}

// maxSuggestionTries bounds the derivations Suggestions runs.
const maxSuggestionTries = 12

// Suggestions returns 1–3 provable rephrasings of a claim, built from its
// own words where it has any: the claim's pieces the rules can prove
// (its actions and the texts it says are shown or not, largest first),
// the part of it before a connector, its quoted texts on the page it
// names, or, for a claim about loading, that page loading without errors.
// extra candidates are tried first. Rephrasings that keep the claim's
// meaning come first, then those that keep most of its quoted texts,
// paths and numbers. Derive accepts every claim returned.
func Suggestions(claim string, extra ...string) []string {
	return suggestions(claim, nil, nil, extra...)
}

// suggestions is Suggestions with candidates tried after all others
// (last) and what their labels say they guess (lastWhy).
func suggestions(claim string, last []string, lastWhy map[string]string, extra ...string) []string {
	if utf8.RuneCountInString(claim) > MaxClaimLen {
		claim = string([]rune(claim)[:MaxClaimLen])
	}
	text := normalizeClaim(claim)
	lx := lexClaim(claim)
	cands := append([]string(nil), extra...)
	sk, ok := sketchClaim(lx)
	unquoted := map[string]string{}
	if items, order := unquotedList(lx); len(items) > 0 && len(lx.lits) == 0 && len(sk.checks) == 0 && len(sk.acts) == 0 {
		// "The Show dropdown lists All, Active and Paused": the names,
		// read as texts the page shows, a reading the label says.
		for _, it := range items {
			sk.checks = append(sk.checks, sketchCheck{lit: it})
		}
		sk.order, sk.cut, ok = order, false, true
		q := make([]string, len(items))
		for i, it := range items {
			q[i] = quoteLit(it)
		}
		unquoted["why"] = fmt.Sprintf("how the claim meant the unquoted %s: they are read as texts on the page, a guess", joinAnd(q))
	}
	if len(sk.unquoted) > 0 && unquoted["why"] == "" {
		q := make([]string, len(sk.unquoted))
		for i, it := range sk.unquoted {
			q[i] = quoteLit(it)
		}
		unquoted["why"] = fmt.Sprintf("how the claim meant the unquoted %s: read as the name of the control, a guess", joinAnd(q))
	}
	if part := unopenedPart(lx, sk); part != "" {
		// Every other rephrasing would look for the claim's texts where
		// they are not yet shown: only the claim with its part opened by
		// the control of its name is offered, labelled as the guess it is
		// (suggest_more.go). The refusal says what to add.
		opened, why := openedPartReadings(lx, sk, part)
		if u := unquoted["why"]; u != "" {
			for k, w := range why {
				why[k] = w + ", and " + u
			}
		}
		return finishSuggestions(text, append(cands, opened...), why)
	}
	hold, holdWhy := holderReadings(lx, sk)
	cands = append(cands, hold...)
	readings := countReadings(lx, sk)
	if ok {
		composed := composeSketch(sk)
		cands = append(cands, composed...)
		if u := unquoted["why"]; u != "" {
			readings = addReading(text, composed, u, readings)
		}
	}
	for s, why := range holdWhy {
		if readings == nil {
			readings = map[string]string{}
		}
		readings[s] = why
	}
	if rs := countReadingList(lx, sk); len(rs) > 1 {
		cands = append(cands, rs[1:]...)
	}
	if s, why := namesAsTexts(lx, sk); s != "" {
		cands = append(cands, s)
		if readings == nil {
			readings = map[string]string{}
		}
		readings[s] = why
	}
	for _, pre := range provablePrefixes(lx) {
		cands = append(cands, pre)
		if r, _, still, ok := restate(pre); ok && !still {
			// the prefix in the plain words its frames restate it in
			// ("The Schemas heading is #606060")
			cands = append(cands, r)
		}
	}
	// A path the claim's actions lead to, or one it shows as a text, is
	// no page its texts are looked for on.
	page, named := claimPageSkipping(lx, sk.notPage)
	if strings.HasPrefix(sk.page, "/") {
		// The path the claim reads its texts on, not a page word before
		// it ("the task's own page, /tasks/2, says …").
		page, named = sk.page, true
	}
	if pc, pwhy := positionReadings(text); len(pc) > 0 {
		cands = append(append(cands[:len(extra):len(extra)], pc...), cands[len(extra):]...)
		readings = mergeReadings(readings, pwhy)
	}
	if tc := timesReadings(text, page); len(tc) > 0 {
		cands = append(append(cands[:len(extra):len(extra)], tc...), cands[len(extra):]...)
	}
	// A negative claim's texts stay negative: "doesn't show 'undefined'"
	// never becomes "shows 'undefined'". A text the claim says appears
	// after an action is not looked for before it: that is another state.
	keys := pressedKeys(lx)
	for _, a := range sk.acts {
		if a.kind == "type" || a.kind == "search" || a.kind == "select" {
			// What the claim types is no text the page shows before.
			keys = append(keys, a.lit)
		}
	}
	neg := negatedLits(lx)
	after := afterAction(lx, sk)
	n := 0
	if st, _ := strconv.Atoi(sk.status); st >= 400 {
		// Its page answers an error: no text is looked for there alone.
		n = 2
	}
	for i, l := range lx.lits {
		if n == 2 {
			break
		}
		verb := "shows"
		if neg[i] {
			verb = "does not show"
		}
		if l = strings.TrimSpace(l); l != "" && len(l) < 200 && quoteLit(l) != "" && !contains(keys, l) && !after[i] {
			cands = append(cands, fmt.Sprintf("%s %s %s", page, verb, quoteLit(l)))
			n++
		}
	}
	if aboutLoading(text) && (named || !aboutSpeed(text)) {
		// The generic check only for a claim about a page loading, its
		// speed or its errors: for any other it checks something the
		// claim never said ("Downloads are fast" names no page).
		cands = append(cands, page+" loads without errors")
	}
	if rc, rwhy := regionReadings(text, page, named); len(rc) > 0 {
		// a named element in a part of the page (regions.go)
		cands = append(cands, rc...)
		readings = mergeReadings(readings, rwhy)
	}
	if u := universalSubject(lx); u != "" {
		// A text found once proves a rule about every item of one item
		// only: every rephrasing is labelled as checking that less, but
		// the every-item reader's own (the rule said of its JSON list,
		// expect_json every), which checks each item.
		labelled := cands
		if _, every := everyRead(claim); every {
			labelled = cands[len(extra):]
		}
		readings = universalReadings(text, labelled, u, readings)
	}
	return finishSuggestions(text, append(cands, last...), mergeReadings(readings, lastWhy))
}

// finishSuggestions keeps the candidates Derive accepts that do not
// change the claim's meaning, one per plan, labels those that check less
// and returns the first three.
func finishSuggestions(text string, cands []string, readings map[string]string) []string {
	for i, c := range cands {
		cands[i] = trimDangling(c)
	}
	var keep []string
	var keepD []*Derivation
	sugg, ds := checkedPlans(cands, text)
	seen := map[string]bool{}
	for i, sg := range sugg {
		var p *plan.Plan
		id := ""
		if ds[i] != nil {
			p = ds[i].Plan
			// Two wordings of one plan are one suggestion: the first
			// kept, which came from the claim's own words, stays. The
			// plan's name is its wording, so only the steps count.
			if id = planStepsKey(p); seen[id] {
				continue
			}
		}
		if lsg := strings.ToLower(sg); (strings.HasPrefix(lsg, "http://") || strings.HasPrefix(lsg, "https://")) &&
			!strings.HasPrefix(strings.ToLower(text), strings.Fields(lsg)[0]) {
			// "… links to https://github.com/acme": an address the claim
			// names as a link's destination is no page to visit (its
			// path would be looked for on the deployment)
			continue
		}
		if ChangesMeaning(text, sg, p) == "" {
			keep, keepD = append(keep, sg), append(keepD, ds[i])
			if id != "" {
				seen[id] = true
			}
		}
	}
	out := label(text, keep, keepD, readings)
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

// reHostLead is a suggestion that starts with a site's host name.
var reHostLead = lazyRE(`^(?i:on\s+)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?i:com|org|net|io|dev|app|example|test|local|co|uk|de))\b`)

// reTitlePart says a title holds a text, not that it is the text.
var reTitlePart = lazyRE(`(?i)\btitle\b.{0,40}\b(?:contains?|includes?|mentions?|starts? with|ends? with|begins? with|has .{0,20}\bin it)\b`)

// resultAtStart returns a quoted text the claim says is seen after an
// action that the plan looks for (shown or not) with no action at all:
// checking less would be the action's outcome unchecked; this checks
// another state of the page. A text the claim says goes away ("clicking
// 'Accept' hides 'We use cookies'") is shown before, as the claim says.
func resultAtStart(claim string, p *plan.Plan) string {
	if p == nil || actsAny(p) {
		return ""
	}
	lx := lexClaim(claim)
	gone := saysGone(lx)
	// the quoted texts after the first action verb, but the one it acts
	// on ("adding 'Milk'", "clicking the 'Delete' button")
	var later []string
	act := -1
	for i, t := range lx.toks {
		verbAt := i == 0 || lx.toks[i-1].kind == tPunct || lx.toks[i-1].low == "and" || lx.toks[i-1].low == "then" || strings.HasSuffix(t.low, "ing")
		switch {
		case t.kind == tWord && act < 0 && verbAt && (t.low == "opening" || t.low == "open") && i+1 < len(lx.toks) && lx.toks[i+1].kind == tPath:
			// "Opening /x shows 'Y'" visits /x: no action
		case t.kind == tWord && act < 0 && verbAt && (sketchClickVerbs[t.low] || sketchActionVerbs[t.low] || pressVerb(t.low) || baseActionVerbs[t.low]):
			act = i
		case t.kind == tLit && act >= 0 && i-act > 2:
			later = append(later, strings.ToLower(strings.TrimSpace(t.raw)))
		}
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			v := st.Value
			if t, err := plan.ParseTarget(st.Target); err == nil && v == "" {
				v = t.Value
			}
			shown := st.Kind == plan.ExpectText || st.Kind == plan.ExpectVisible || st.Kind == plan.ExpectCount || st.Kind == plan.ExpectTitle
			if !shown && st.Kind != plan.ExpectNoText && st.Kind != plan.ExpectHidden || gone && shown {
				continue
			}
			if slices.Contains(later, strings.ToLower(strings.TrimSpace(v))) {
				return v
			}
		}
	}
	return ""
}

// baseActionVerbs are the actions the sketch's verb lists leave out:
// commands ("Create a new tiddler …, then save") and the setting of a
// value ("changing the theme to Dark").
var baseActionVerbs = map[string]bool{"create": true, "add": true, "delete": true, "remove": true,
	"type": true, "enter": true, "fill": true, "submit": true, "save": true, "edit": true,
	"rename": true, "upload": true, "send": true, "open": true, "press": true,
	"changing": true, "setting": true, "turning": true}

// typedShown returns a quoted text the claim says is typed or given to a
// field ("typing 'abc'", "entering 'abc'", "the field accepts 'Ann'")
// that the plan looks for as a text shown without typing it, or "".
func typedShown(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	toks := lexClaim(claim).toks
	typed := map[string]bool{}
	for i, t := range toks {
		if t.kind != tLit {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-2; k-- {
			if typedVerbs[toks[k].low] {
				typed[strings.ToLower(strings.TrimSpace(t.raw))] = true
				break
			}
		}
	}
	if len(typed) == 0 {
		return ""
	}
	filled := map[string]bool{}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.Fill {
				filled[strings.ToLower(st.Value)] = true
			}
		}
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if v := strings.ToLower(strings.TrimSpace(st.Value)); (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && typed[v] && !filled[v] {
				return st.Value
			}
		}
	}
	return ""
}

// typedVerbs give a field the quoted text after them.
var typedVerbs = map[string]bool{"typing": true, "type": true, "types": true, "typed": true,
	"entering": true, "enter": true, "enters": true, "entered": true, "accepts": true, "accept": true,
	"rejects": true, "reject": true, "refuses": true, "refuse": true, "pasting": true, "paste": true,
	"pastes": true}

// planStepsKey is what a plan does, whatever it is called: its journeys'
// steps in order.
func planStepsKey(p *plan.Plan) string {
	var b strings.Builder
	for _, j := range p.Journeys {
		b.WriteString(stepsKey(j.Steps))
		b.WriteByte('\n')
	}
	return b.String()
}

// trimDangling cuts the connectives a candidate cut from its claim may end
// with ("… shows 'Saved' and"), which read as a sentence left unfinished.
func trimDangling(s string) string {
	for {
		t := strings.TrimRight(s, " ,;:—-")
		low := strings.ToLower(t)
		cut := false
		for _, w := range []string{"and", "or", "but", "then", "so", "and then", "while", "which", "that"} {
			if strings.HasSuffix(low, " "+w) {
				t, cut = t[:len(t)-len(w)-1], true
				break
			}
		}
		if !cut {
			return t
		}
		s = t
	}
}

// afterAction marks the claim's quoted texts that come after its first
// action and are not what the action clicks or presses: what the claim
// says is seen once it has acted.
func afterAction(lx *lexed, sk sketch) map[int]bool {
	acted := map[string]bool{}
	for _, a := range sk.acts {
		acted[a.lit] = true
	}
	out := map[int]bool{}
	seen, n := false, 0
	for _, t := range lx.toks {
		if t.kind == tWord && (sketchClickVerbs[t.low] || sketchActionVerbs[t.low] && !visitVerbs[t.low] || pressVerb(t.low) || t.low == "after" || t.low == "once") {
			seen = true
		}
		if t.kind != tLit {
			continue
		}
		if seen && !acted[strings.TrimSpace(t.raw)] {
			out[n] = true
		}
		n++
	}
	return out
}

var reNegation = lazyRE(`(?i)n[’']t\b|\b(?:not|never|no|none|nothing|nobody|cannot|neither|nor|nowhere|omits?|omitted|excludes?|excluded)\b|\b(?:fails?|failed|failing|unable)\s+to\b|\b(?:stops?|stopped|stopping|ceases?|ceased)\s+(?:showing|displaying|listing|rendering|appearing)\b|\b(?:leaves?|left|leaving)\s+(?:\S+\s+){0,5}?out\b|\b(?:keeps?|kept|keeping)\s+(?:\S+\s+){1,5}?out\b`)

// negatedClaim reports whether a claim says something is not so. An HTTP
// status's name ("404 Not Found") says nothing is not so.
func negatedClaim(claim string) bool {
	// The claim's shape: its quoted texts are placeholders, so "shows
	// 'Not found'" negates nothing.
	shape := lexClaim(claim).shape
	shape = reConditionNegation.ReplaceAllString(shape, "")
	return reNegation.MatchString(reStatusName.ReplaceAllString(reRelativeNegation.ReplaceAllString(shape, ""), ""))
}

// reRelativeNegation is a negation inside a relative clause that describes
// what the claim is about, with no quoted text in it ("a task that doesn't
// exist, like /tasks/10, …", "an email nobody has"): it negates no check.
var reRelativeNegation = lazyRE(`(?i)\b(?:that|which|who)\s+(?:(?:does|do|is|are|has|have|did)\s*n[’']t|(?:(?:does|do|is|are|has|have|did)\s+)?not|never)\s+[a-z]+\b|\b(?:nobody|no one)\s+(?:has|have|uses|owns|knows|wants)\b`)

var reStatusName = lazyRE(`(?i)\b[45]\d\d\s+not\s+(?:found|allowed|acceptable|modified|implemented)\b`)

// leaveWords, before "out", say a text is left out ("leaves out 'X'").
var leaveWords = map[string]bool{"leave": true, "leaves": true, "left": true, "leaving": true}

// negatedLits says, for each quoted text of a claim, whether the claim
// says it is not there: a negation among the few words since the text
// before it ("doesn't show 'undefined'", "'201', not '404'").
// clauseVerbs start what is said of a subject: after "and 'B'", a clause
// of its own.
var clauseVerbs = map[string]bool{"is": true, "are": true, "was": true, "stays": true, "remains": true,
	"shows": true, "has": true, "says": true, "appears": true, "becomes": true, "gets": true, "turns": true, "reads": true}

// relativeBefore reports a relative pronoun just before the negation at
// j ("that don't", "who aren't", "that are not").
func relativeBefore(toks []token, j int) bool {
	k := j - 1
	if k >= 0 && auxWords[toks[k].low] {
		k--
	}
	return k >= 0 && relativeWords[toks[k].low]
}

// auxWords stand between a relative pronoun and its negation.
var auxWords = map[string]bool{"is": true, "are": true, "was": true, "were": true, "do": true, "does": true, "did": true, "has": true, "have": true}

func negatedLits(lx *lexed) []bool {
	out := make([]bool, len(lx.lits))
	// after: the text is said absent by words after it, which say so of
	// the texts listed before it too ("'A', 'B' and 'C' are all hidden")
	after := make([]bool, len(lx.lits))
	at := make([]int, len(lx.lits))
	n, last := 0, -1
	for i, t := range lx.toks {
		if t.kind != tLit {
			continue
		}
		if n >= len(out) {
			break
		}
		at[n] = i
		for j := i - 1; j > last && j >= i-4; j-- {
			if lx.toks[j].kind == tPunct && lx.toks[j].low == "," && j < i-1 {
				// "With nothing selected, the 'No Selection' heading …":
				// a negation before a comma is its own clause's
				break
			}
			if (lx.toks[j].low == "and" || lx.toks[j].low == "but") && i+1 < len(lx.toks) && clauseVerbs[lx.toks[i+1].low] {
				// "'A' isn't struck through and 'B' is": the text starts
				// a clause of its own, whose verb is not negated
				break
			}
			if lx.toks[i-1].low == "as" && i >= 2 && asValue(lx.toks, i-2) {
				// "'Ctrl+S' is not listed as 'Save'": a value it is not
				// given, not a text said to be absent.
				break
			}
			if j < i-2 && relativeBefore(lx.toks, j) {
				// "passwords that don't match show 'X'": the clause's
				// negation says which passwords, not that X is absent
				continue
			}
			if j > 0 && lx.toks[j-1].low == "with" && (lx.toks[j].low == "nothing" || lx.toks[j].low == "no") && checkVerbBetween(lx.toks, j, i) {
				// "with nothing open shows 'X'": a condition's negation,
				// before the check ("with no 'Beta' label" stays one).
				continue
			}
			// "leaves out 'X'": two words that together say X is not there.
			leavesOut := lx.toks[j].low == "out" && j > 0 && leaveWords[lx.toks[j-1].low] ||
				// "instead of the old 'Down' banner", "rather than 'X'"
				lx.toks[j].low == "of" && j > 0 && (lx.toks[j-1].low == "instead" || lx.toks[j-1].low == "place" && j > 1 && lx.toks[j-2].low == "in") ||
				// "shows 'Saved' without showing 'Error'"
				lx.toks[j].low == "without" ||
				lx.toks[j].low == "than" && j > 0 && lx.toks[j-1].low == "rather" ||
				// "is free of 'Beta'", "clear of", "devoid of"
				lx.toks[j].low == "of" && j == i-1 && j > 0 && (lx.toks[j-1].low == "free" || lx.toks[j-1].low == "clear" || lx.toks[j-1].low == "devoid")
			if lx.toks[j].kind == tWord && (reNegation.MatchString(lx.toks[j].raw) || sketchHideVerbs[lx.toks[j].low] || closeVerbs[lx.toks[j].low]) || leavesOut {
				out[n] = true
			}
		}
		// "doesn't show 'A' and 'B'": a text joined to a negated one by
		// "and" or a comma is negated too.
		if n > 0 && out[n-1] && last >= 0 {
			joined := true
			for j := last + 1; j < i; j++ {
				if l := lx.toks[j].low; l != "and" && l != "," && l != "nor" {
					joined = false
				}
			}
			if joined && i > last+1 {
				out[n] = true
			}
		}
		// "so 'Update dependencies' is not in it", "'Beta' isn't there".
		if absentAfter(lx.toks, i) {
			out[n], after[n] = true, true
		}
		// "leaves 'Ann Lee' out", "keeps 'Beta' out of the list"
		if i > 0 && leavesOutAround(lx.toks, i-1) {
			out[n] = true
		}
		// "all links but 'Admin'", "except 'Beta'", "'GA' replaces 'Beta'"
		if exceptBefore(lx.toks, i) || i > 0 && replacerWords[lx.toks[i-1].low] {
			out[n] = true
		}
		// "so 'List books' disappears", "'Error' is gone", "'C' are all
		// hidden".
		if goneAfter(lx.toks, i) {
			out[n], after[n] = true, true
		}
		n, last = n+1, i
	}
	for k := n - 1; k > 0; k-- {
		if after[k] && onlyJoiners(lx.toks, at[k-1], at[k]) {
			out[k-1], after[k-1] = true, true
		}
	}
	return out
}

// goneAfter reports whether the words right after the text at toks[i]
// say it goes away or is not shown ("disappears", "is gone", "goes away",
// "are all hidden").
func goneAfter(toks []token, i int) bool {
	end := i + 2
	if i+1 < len(toks) && toks[i+1].kind == tWord && headNouns[toks[i+1].low] != "" {
		end++ // "the 'Beta' label has disappeared": the text's element
	}
	for j := i + 1; j < len(toks) && j <= end; j++ {
		switch toks[j].low {
		case "all", "both":
			end++ // "are all hidden": the quantifier says it of each
		case "has", "have", "had", "got", "was", "were":
			end++ // "has disappeared", "got removed"
		}
	}
	for j := i + 1; j < len(toks) && j <= end; j++ {
		l := toks[j].low
		if l == "never" || notWord(toks[j]) {
			// "never goes away", "doesn't disappear": it stays
			return false
		}
		next := ""
		if j+1 < len(toks) {
			next = toks[j+1].low
		}
		if replacedWords[l] && (next == "with" || next == "by" || next == "to" || next == "into" || next == "as" || next == "called" || next == "named") ||
			l == "now" && (next == "called" || next == "named" || next == "reads" || next == "says" || next == "shows") ||
			(l == "becomes" || l == "became" || l == "become") && j+1 < len(toks) && toks[j+1].kind == tLit {
			// "'Beta' is replaced with 'GA'", "was renamed to", "is now
			// called 'GA'", "changes to", "turns into", "becomes 'GA'"
			return true
		}
		if sketchGoneAfter[l] || (l == "goes" || l == "go" || l == "went" || l == "gone") && next == "away" ||
			(l == "stopped" || l == "stops" || l == "stop" || l == "ceased" || l == "ceases") && (next == "appearing" || next == "showing" || next == "being") ||
			(l == "removed" || l == "deleted" || l == "dropped") && j > i+1 && toks[j-1].low == "got" {
			return true
		}
	}
	return false
}

// replacedWords, before "with", "by", "to" or "into", say the text before
// them gives way to another.
var replacedWords = map[string]bool{"replaced": true, "renamed": true, "changed": true, "changes": true,
	"change": true, "turns": true, "turned": true, "turn": true, "swapped": true, "switched": true, "switches": true}

// replacerWords before a text say another takes its place ("'GA'
// replaces 'Beta'").
var replacerWords = map[string]bool{"replaces": true, "replaced": true, "replacing": true, "supersedes": true, "superseded": true}

// exceptBefore reports whether the words just before the text at toks[i]
// except it from what is shown: "except 'Beta'", "apart from", "other
// than", "excluding", "save for", or "but" after "all"/"every" ("shows
// all links but 'Admin'").
func exceptBefore(toks []token, i int) bool {
	w := func(k int) string {
		if k < 0 || k >= len(toks) {
			return ""
		}
		return toks[k].low
	}
	switch {
	case w(i-1) == "except" || w(i-1) == "excluding":
		return true
	case w(i-1) == "for" && w(i-2) == "except", w(i-1) == "from" && w(i-2) == "apart",
		w(i-1) == "than" && w(i-2) == "other", w(i-1) == "for" && w(i-2) == "save":
		return true
	case w(i-1) == "but":
		for k := i - 2; k >= 0 && k >= i-5; k-- {
			switch w(k) {
			case "all", "every", "everything", "each", "any", "anything":
				return true
			}
		}
	}
	return false
}

// onlyJoiners reports whether the tokens strictly between toks[a] and
// toks[b] only join a list: commas, "and", "or", "nor".
func onlyJoiners(toks []token, a, b int) bool {
	if b <= a+1 {
		return false
	}
	for j := a + 1; j < b; j++ {
		if l := toks[j].low; l != "and" && l != "," && l != "or" && l != "nor" {
			return false
		}
	}
	return true
}

// leavesOutAround reports whether toks[i] is "leave" or "keep" whose
// "out" comes a few words later ("leaves 'Ann Lee' out"): what lies between
// is said not to be there.
func leavesOutAround(toks []token, i int) bool {
	w := toks[i].low
	if !leaveWords[w] && w != "keeps" && w != "keep" && w != "kept" && w != "keeping" {
		return false
	}
	for j := i + 2; j < len(toks) && j <= i+6; j++ {
		if toks[j].low == "out" {
			return true
		}
	}
	return false
}

// closeVerbs say that what they close goes away: "closes the 'Upload'
// dialog".
var closeVerbs = map[string]bool{"closes": true, "close": true, "closing": true,
	"dismisses": true, "dismiss": true, "dismissing": true}

// goneLits are the claim's quoted texts it says go away after an action
// ("hides 'X'", "closes the 'X' dialog", "'X' disappears"): a plan may check
// them shown before the action and gone after it.
func goneLits(lx *lexed) map[string]bool {
	out := map[string]bool{}
	neg := negatedLits(lx)
	n := 0
	for i, t := range lx.toks {
		if t.kind != tLit {
			continue
		}
		if n < len(neg) && neg[n] {
			gone := false
			for j := i - 1; j >= 0 && j >= i-4; j-- {
				if sketchHideVerbs[lx.toks[j].low] || closeVerbs[lx.toks[j].low] || j == i-1 && replacerWords[lx.toks[j].low] {
					gone = true
				}
			}
			if goneAfter(lx.toks, i) {
				gone = true
			}
			if gone {
				out[strings.TrimSpace(t.raw)] = true
			}
		}
		n++
	}
	return out
}

// aboutLoading reports whether a claim is about a page loading, its speed
// or its errors: the only claims "… loads without errors" rephrases.
func aboutLoading(claim string) bool {
	// "shows Loading for a moment": a capitalised word shown is a text
	claim = reShownWord.ReplaceAllString(claim, "")
	// a quoted text is what the page shows ("says 'Failed to load API
	// definition.'"), not what the claim says of it
	claim = reQuotedSpan.ReplaceAllString(claim, `""`)
	// "the error 'Invalid'", "an error message", "down to Error": a text
	// the page shows, not the page failing
	claim = reErrorShown.ReplaceAllString(reErrorName.ReplaceAllString(claim, "$1"), "")
	// "focused on load", "when the page loads": when, not whether it loads
	claim = reOnLoad.ReplaceAllString(claim, "")
	// "every target is UP": a status the page shows in capitals
	claim = reStatusCaps.ReplaceAllString(claim, "")
	// "every link in the nav works", "no broken links": the page's parts
	// working, not the page loading
	claim = rePartWorks.ReplaceAllString(claim, "")
	// "will keep working after we move …": a prediction, which a page
	// loading today does not tell
	if reFuture.MatchString(claim) {
		return false
	}
	// "a Parser error", "rather than a fetch error", "an error: expected
	// …", "with no torrents loaded", "load nope.json", "load(…)": a
	// message the page shows, or something loaded into it
	claim = reErrorMessage.ReplaceAllString(claim, "")
	claim = reLoadedInto.ReplaceAllString(claim, "")
	return reAboutLoading.MatchString(claim)
}

var (
	reErrorShown = lazyRE(`(?i)\berrors?\s+(?:message\s+|text\s+|banner\s+|saying\s+|that\s+says\s+|reading\s+)?["'“‘]|["”’]\s+errors?\b|\berror\s+(?:messages?|texts?|banners?|labels?|boxes|box|alerts?|states?|pages?)\b` +
		// "the error goes away after typing …": a message the page shows
		`|\b(?:the|an|that|this|its)\s+error\s+(?:goes\s+away|disappears|vanishes|clears|appears|shows\s+up|pops\s+up|stays|remains|turns|changes|under|below|above|next\s+to|beside|is\s+(?:gone|hidden|shown|cleared|removed|displayed|visible))\b`)
	reErrorName  = lazyRE(`(\S\s+)Errors?\b`)
	rePartWorks  = lazyRE(`(?i)\b(?:links?|buttons?|images?|forms?|fields?|menus?|tabs?|filters?|checkbox(?:es)?|toggles?|controls?|widgets?|sliders?|search|keys?|shortcuts?|hotkeys?|[\w/?]+\+[\w/?]+\)?)[^.,;]{0,30}?\b(?:works?|working|broken|breaks?)\b|\bbroken\s+(?:links?|images?|buttons?|forms?)\b`)
	reQuotedSpan = lazyRE(`"[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’`)
	reStatusCaps = lazyRE(`\b(?:UP|DOWN|ERROR|ERRORS|BROKEN|CRASHED|FAST|SLOW|LOADING|LOADED)\b`)
	reOnLoad     = lazyRE(`(?i)\b(?:on|at|after|upon|from)\s+(?:the\s+|a\s+)?(?:first\s+|initial\s+|fresh\s+|new\s+|clean\s+)?(?:page\s+)?(?:re)?load\b|\b(?:when|once|as soon as|while|after|before|until)\s+(?:the\s+|it\s+|a\s+)?(?:page\s+)?(?:first\s+)?(?:loads|is loading|is loaded|has loaded)\b`)
	reFuture     = lazyRE(`(?i)\b(?:will|going\s+to)\s+(?:still\s+|also\s+)?(?:keep|continue|stay|remain)\b|\bnext\s+(?:week|sprint|month|quarter|year|release)\b`)
	// a named error ("a Parser error", "the fetch error"), an error a
	// colon spells out: a message the page shows ("no errors", "instead
	// of an error" stay)
	reErrorMessage = lazyRE(`(?i)\b(?:an?|the)\s+[\w-]+\s+error\b|\b(?:an?|the)\s+error\s*:|\berrors?\s*:`)
	reLoadedInto   = lazyRE(`(?i)\bno\s+\w+\s+loaded\b|\bloads?\s+(?:the\s+)?[\w./-]+\.(?:json|ya?ml|css|js|html?|txt|xml)\b|\bload\(`)
)

// reShownWord is a capitalised word after a verb of showing: a text.
var reShownWord = lazyRE(`\b(?i:shows?|says?|reads?|displays?)\s+[A-Z][\w…]*`)

var reAboutLoading = lazyRE(`(?i)\b(?:load|loads|loading|loaded|errors?|crash\w*|broken|break|breaks|fast|slow|speed|quick|quickly|perform\w*|up and running|is up|is down|works|working)\b|\bvisit(?:ing)?\s+/`)

// aboutSpeed reports whether a claim is about speed alone: "… loads
// without errors" then rephrases it only when it names a page.
func aboutSpeed(claim string) bool { return !reAboutPage.MatchString(claim) }

var reAboutPage = regexp.MustCompile(`(?i)\b(?:load|loads|loading|loaded|errors?|crash\w*|broken|break|breaks|up and running|visit\w*|is up|is down|works|working)\b`)

// pressedKeys are the claim's quoted texts pressed as keys ("pressing '/'").
func pressedKeys(lx *lexed) []string {
	var out []string
	for i := 1; i < len(lx.toks); i++ {
		t := lx.toks[i]
		if t.kind != tLit {
			continue
		}
		j := i - 1
		if lx.toks[j].low == "the" && j > 0 {
			j--
		}
		if pressVerb(lx.toks[j].low) || (lx.toks[j].low == "with" || lx.toks[j].low == "using") && keyLike(strings.TrimSpace(t.raw)) {
			out = append(out, strings.TrimSpace(t.raw))
		}
	}
	return out
}

// InventedPath returns a path a suggestion names that its claim does not
// ("" when none): a guess at where the claim's page is.
func InventedPath(claim, suggestion string) string {
	_, paths, _ := facts(claim)
	lc := strings.ToLower(claim)
	for _, t := range lexClaim(stripLabel(suggestion)).toks {
		if t.kind == tPath && !contains(paths, t.raw) && !strings.Contains(lc, strings.ToLower(t.raw)) {
			return t.raw
		}
	}
	return ""
}

// reActionInPart is an action on something in a part of the page, then a
// check: "Clicking the second button in the footer shows 'Saved'".
var reActionInPart = lazyRE(`(?i)\b(?:click|clicks|clicking|hover|hovers|hovering|press|presses|pressing|tap|taps|tapping|choose|chooses|choosing|select|selects|selecting|open|opens|opening)\b[^.;]*?\b(?:in|on|inside|within|at) (?:the |its )?(header|footer|nav|navigation|navbar|sidebar|aside|main)\b[^.;]*?\b(?:shows?|displays?|says?|reads?|lists?|gives|brings up|opens)\b`)

// rePartSays is a part of the page, the word before it and a verb said of
// it: "in the footer shows", "the header has".
var rePartSays = lazyRE(`(?i)(\w+ )?\b(?:the |its )?(header|footer|nav|navigation|navbar|sidebar|aside|main)(?:'s)? (?:shows?|displays?|says?|reads?|lists?|has|holds|contains)\b`)

// partSubject reports whether s says a check of the part itself ("the
// footer shows …"), not of something in it ("… in the footer shows …").
func partSubject(s, part string) bool {
	for _, m := range rePartSays.FindAllStringSubmatch(s, -1) {
		if !strings.EqualFold(m[2], part) {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(m[1])) {
		case "in", "on", "inside", "within", "at", "from":
		default:
			return true
		}
	}
	return false
}

// reMethodOn is an HTTP method said as what something is: "is a GET on
// /api/books", "a POST to /orders".
var reMethodOn = lazyRE(`\b(?:is|are|uses|use)\s+(?:a|an)?\s*(GET|POST|PUT|PATCH|DELETE)\s+(?:on|to|at|against|request)\b`)

// ChangesMeaning says how a suggestion says something other than its
// claim ("" when it does not), whether or not it is labelled as checking
// less: it negates what the claim asserts (or asserts what the claim
// negates), offers the generic "loads without errors" for a claim about
// something else, or turns a key the claim presses into a click or a text.
// reTitleSaid is a claim about the document's title.
var reTitleSaid = lazyRE(`(?i)\b(?:page|browser|tab|document|html|window)(?:'s)?\s+title\b|\btitle\s+(?:contains|includes|mentions|starts|ends|has)\b|(?:^|[,;:]\s*|\b(?:and|but|its|whose)\s+)(?:the\s+)?title\s+(?:is|isn['’]t|reads|says|shows|doesn['’]t|does not|remains|stays|becomes|changes)\b`)

func ChangesMeaning(claim, suggestion string, p *plan.Plan) string {
	claim = normalizeClaim(claim)
	s := stripLabel(suggestion)
	if m := reNotAlways.FindString(claim); m != "" {
		// "'A' is not necessarily shown": shown some of the time; a check
		// either way is another claim
		return fmt.Sprintf("checks one state where the claim says %q", m)
	}
	if m := reMethodOn.FindStringSubmatch(claim); m != nil && !strings.Contains(s, m[1]) {
		// "'List books' is a GET on /api/books" says what an operation of
		// the docs is; visiting /api/books checks what it answers
		return fmt.Sprintf("drops the HTTP method %s the claim says an operation is", m[1])
	}
	if m := reActionInPart.FindStringSubmatch(claim); m != nil && !partSubject(claim, m[1]) && partSubject(s, m[1]) {
		// "Clicking the second button in the footer shows 'Saved'": the
		// footer is where the button is, not where 'Saved' shows
		return fmt.Sprintf("looks for a text inside the %s, where the claim puts only what it acts on", m[1])
	}
	if m := reHostLead.FindStringSubmatch(s); m != nil && p != nil && !strings.Contains(strings.ToLower(string(p.Canonical())), strings.ToLower(m[1])+"/") {
		// "Docs.example.com shows 'Docs'" checked the deployment's home
		// page: the sentence names a site it never visits
		return fmt.Sprintf("names %s as its page but checks the deployment's own", m[1])
	}
	if p != nil && reTitlePart.MatchString(claim) {
		titled := false
		for _, j := range p.Journeys {
			for _, st := range j.Steps {
				titled = titled || st.Kind == plan.ExpectTitle
			}
		}
		switch {
		case !titled:
			// "the title of /about includes 'About'": a text of the
			// page is not the title
			return "drops the page title the claim is about"
		case !reTitlePart.MatchString(s):
			// "the title contains 'Dashboard'": a title of "Dashboard -
			// Acme" holds it and is not it
			return "checks the whole title where the claim says only a part of it"
		}
	}
	if v := resultAtStart(claim, p); v != "" {
		// "Adding 'Milk' shows '1 item left'" offered as "/ shows '1
		// item left'": the after-state looked for before anything is done
		return fmt.Sprintf("looks for %q, which the claim says follows an action, before anything is done", v)
	}
	if v := typedShown(claim, p); v != "" {
		// "the email field rejects 'abc'": a value typed, which the
		// page shows only once someone types it
		return fmt.Sprintf("checks %q, which the claim types into a field, as a text the page shows", v)
	}
	if p != nil && reTitleSaid.MatchString(claim) {
		// "the page title contains 'Acme'": a text of the page is not
		// the title
		titled := false
		for _, j := range p.Journeys {
			for _, st := range j.Steps {
				titled = titled || st.Kind == plan.ExpectTitle
			}
		}
		if !titled {
			return "drops the page title the claim is about"
		}
	}
	prefix := strings.HasPrefix(strings.ToLower(claim), strings.ToLower(strings.TrimSpace(s))) || beforeNegation(claim, s)
	if negatedClaim(claim) && !negatedClaim(s) && !prefix && !(withoutErrors(s) && onlyErrorsNegated(claim)) {
		return "drops the claim's negation"
	}
	if p != nil {
		// A text the claim says is there must not be checked absent, and
		// one it says is absent must not be checked present.
		lx := lexClaim(claim)
		neg := negatedLits(lx)
		gone := goneLits(lx)
		present, absent := map[string]bool{}, map[string]bool{}
		for i, l := range lx.lits {
			l = strings.TrimSpace(l)
			if neg[i] {
				absent[l] = true
			} else {
				present[l] = true
			}
		}
		for _, l := range lx.lits {
			l = strings.TrimSpace(l)
			for _, j := range p.Journeys {
				for _, st := range j.Steps {
					if st.Value != l {
						continue
					}
					// a text that goes away is found before the action that
					// takes it away; with nothing done it is only gone
					if st.Kind == plan.ExpectText && !present[l] && (!gone[l] || !actsAny(p)) || st.Kind == plan.ExpectNoText && !absent[l] {
						return fmt.Sprintf("flips the claim's negation of %q", l)
					}
				}
			}
		}
	}
	if w := probedMeaningChange(claim, suggestion, p); w != "" {
		return w // suggest_probe.go
	}
	if l := notOnlyAbsent(claim, p); l != "" {
		// "/ doesn't just show 'Home'" says it shows Home and more; never
		// that it does not show Home
		return fmt.Sprintf("reads \"not only\" as a negation of %q, which the claim says is shown", l)
	}
	if l := skippedAction(claim, p); l != "" {
		// "clicking 'Next' three times then 'Prev' shows 'Page 3'" offered
		// as "clicking 'Next' shows 'Page 3'": the result of other actions
		return fmt.Sprintf("looks for what the claim says follows acting on %q without acting on it", l)
	}
	if l := untilStateAtStart(claim, p); l != "" {
		// "'Save' is disabled until 'Agree' is ticked" offered as "'Agree'
		// is ticked": the state the claim says comes later, checked first
		return fmt.Sprintf("checks the state of %q that the claim says comes only later (\"until …\"), before anything is done", l)
	}
	if n := boundAsText(claim, p); n != "" {
		// "/ shows 3 or more" offered as "/ shows 3": the page showing
		// the text "3" is another claim than a count of at least three
		return fmt.Sprintf("looks for the number %s, which the claim says is a bound of a count, as a text", n)
	}
	if v := placeholderAsText(claim, p); v != "" {
		// "the 'Name' field has the placeholder 'Your name'" offered as
		// "/ shows 'Your name'": a placeholder is no text the page shows,
		// so the rephrasing fails where the claim holds
		return fmt.Sprintf("looks for the placeholder %q as a text the page shows", v)
	}
	if n := statusNotSaid(claim, p); n != 0 {
		return fmt.Sprintf("reads the number %d as an HTTP status the claim does not say", n)
	}
	if w := scopeLeftOut(claim, s, p); w != "" {
		return w
	}
	if strings.HasSuffix(strings.ToLower(s), "loads without errors") && !aboutLoading(claim) {
		return "offers the generic \"loads without errors\" for a claim about something else"
	}
	if p != nil {
		for _, k := range pressedKeys(lexClaim(claim)) {
			if utf8.RuneCountInString(k) > 1 && checkKey(k) != nil {
				// "Hitting 'Cancel'" names no key: the rules click it.
				continue
			}
			for _, j := range p.Journeys {
				for _, st := range j.Steps {
					if (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && st.Value == k ||
						st.Kind == plan.Click && strings.Contains(st.Target, strconv.Quote(k)) {
						return fmt.Sprintf("turns the key %q the claim presses into a click or a text", k)
					}
				}
			}
		}
	}
	return ""
}

// reTargetPlace is a quoted target of an action and the words after it
// that say where it is: "clicking 'Delete' in the second row".
var reTargetPlace = lazyRE(`(?i)\b(?:click|press|hit|tap|choos|select|tick|check|untick|uncheck|hover|toggl)\w*\s+(?:on\s+)?(?:the\s+)?(?:"\x01\d+\x01"|'\x01\d+\x01')(?:\s+(?:button|link|icon|tab|checkbox|box|option|item|entry))?\s+((?:in|on|inside|within|of|next to|beside|by|under|for|from|at)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,2})`)

// targetPlaceLeftOut returns the words that say where an action's target
// is ("in the second row") when the left-out spans hold one of them, or
// "".
func targetPlaceLeftOut(claim string, spans []string) string {
	masked, _ := maskQuoted(claim)
	for _, m := range reTargetPlace.FindAllStringSubmatch(masked, -1) {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if determiners[w] || w == "in" || w == "on" || w == "of" || w == "at" || w == "by" || w == "for" || w == "from" || w == "to" || w == "next" {
				continue
			}
			for _, sp := range spans {
				if slices.Contains(strings.Fields(strings.ToLower(sp)), w) {
					return strings.TrimSpace(m[1])
				}
			}
		}
	}
	return ""
}

// reCountBound is a number said as a bound of a count: "at least 3",
// "3 or more".
var reCountBound = lazyRE(`(?i)\b(?:at least|at most|more than|fewer than|less than|over|under|up to|no more than|no fewer than|not more than|not fewer than|a minimum of|a maximum of)\s+(\d+)\b|\b(\d+)\s+or\s+(?:more|fewer|less)\b|\b(\d+)\+`)

// boundAsText returns a number the claim bounds a count with that plan p
// looks for as a text, or "".
func boundAsText(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	bounds := map[string]bool{}
	masked, _ := maskQuoted(claim)
	for _, m := range reCountBound.FindAllStringSubmatch(masked, -1) {
		bounds[m[1]+m[2]+m[3]] = true
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && bounds[st.Value] {
				return st.Value
			}
		}
	}
	return ""
}

// rePlaceholderText is a quoted text said as a placeholder.
var rePlaceholderText = lazyRE(`(?i)\bplaceholder(?:\s+text)?(?:\s+(?:of|is|=|:|that says|saying|reads|reading))?\s*(?:"\x01(\d+)\x01"|'\x01(\d+)\x01')`)

// placeholderAsText returns a text the claim says is a placeholder that
// plan p looks for among the page's texts, or "".
func placeholderAsText(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	said := quotedMatched(rePlaceholderText, claim)
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && said[st.Value] {
				return st.Value
			}
			if t, err := plan.ParseTarget(st.Target); err == nil && t.Kind == plan.ByText && said[t.Value] {
				return t.Value
			}
		}
	}
	return ""
}

// notOnlyAbsent returns a quoted text said after "not only", "doesn't
// just", "not merely" (which say it is shown, and more) that plan p checks
// absent, or "".
func notOnlyAbsent(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	after := map[string]bool{}
	// reNotOnly covers "doesn't just show" and "doesn't show just 'A'";
	// the lexer drops "simply" as a filler, so the texts quoted after the
	// words as written
	if loc := reNotOnly.FindStringIndex(normalizeClaim(claim)); loc != nil {
		for _, l := range lexClaim(normalizeClaim(claim)[loc[1]:]).lits {
			after[strings.ToLower(strings.TrimSpace(l))] = true
		}
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.ExpectNoText && after[strings.ToLower(st.Value)] {
				return st.Value
			}
		}
	}
	return ""
}

// skippedAction returns a quoted text the claim acts on ("then 'Prev'",
// "clicking 'Prev'") before a text plan p checks, which p never uses, or a
// repetition ("three times") p leaves out while it acts: the plan checks
// the result after other actions than the claim's. "" when neither.
func skippedAction(claim string, p *plan.Plan) string {
	if p == nil || !actsAny(p) {
		return ""
	}
	js, _ := json.Marshal(p.Journeys)
	body := jsonText(js)
	lx := lexClaim(claim)
	var acted []string
	for i, t := range lx.toks {
		if t.kind != tLit || i == 0 {
			continue
		}
		prev := lx.toks[i-1]
		if prev.kind == tWord && prev.low == "the" && i > 1 {
			prev = lx.toks[i-2]
		}
		l := strings.TrimSpace(t.raw)
		if prev.kind == tWord && (prev.low == "then" || sketchClickVerbs[prev.low] || pressVerb(prev.low)) {
			if !inJSON(body, l) {
				acted = append(acted, l)
			}
			continue
		}
		for _, a := range acted {
			if inJSON(body, l) {
				return a
			}
		}
	}
	masked, _ := maskQuoted(claim)
	m := reRepeatWord.FindString(masked)
	if m == "" {
		return ""
	}
	counts := map[string]int{}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.Click || st.Kind == plan.Press {
				if counts[st.Target+"\x00"+st.Value]++; counts[st.Target+"\x00"+st.Value] > 1 {
					return "" // the repetition is kept
				}
			}
		}
	}
	return m
}

// reRepeatWord says an action is done more than once.
var reRepeatWord = lazyRE(`(?i)\b(?:twice|thrice|(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+times)\b`)

// untilStateAtStart returns a quoted text said after "until" whose
// element's state (ticked, enabled, its value) plan p checks with nothing
// done first, or "".
func untilStateAtStart(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	lx := lexClaim(claim)
	var later []string
	on := false
	for _, t := range lx.toks {
		if t.kind == tWord && (t.low == "until" || t.low == "till" || t.low == "unless") {
			on = true
		}
		if on && t.kind == tLit {
			later = append(later, strings.TrimSpace(t.raw))
		}
	}
	if len(later) == 0 {
		return ""
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			switch st.Kind {
			case plan.Visit, plan.WaitFor, plan.Screenshot:
			case plan.ExpectChecked, plan.ExpectUnchecked, plan.ExpectEnabled, plan.ExpectDisabled, plan.ExpectValue:
				for _, l := range later {
					if strings.Contains(strings.ToLower(st.Target), strings.ToLower(strconv.Quote(l))) || strings.Contains(strings.ToLower(st.Target), "="+strings.ToLower(l)) {
						return l
					}
				}
			default:
				if !strings.HasPrefix(string(st.Kind), "expect_") {
					// something is done: a later state
					return ""
				}
			}
		}
	}
	return ""
}

// reScopeWord matches words that limit who, where or how often a claim's
// check holds: "hardly any page", "except for the header", "few rows".
var reScopeWord = lazyRE(`(?i)\b(?:except|excluding|apart from|other than|hardly|barely|scarcely|few|fewer|rarely|seldom)\b|` +
	// who sees it: a journey's visitor is signed out and no admin
	`\b(?:signed[- ]in|logged[- ]in|authenticated|premium|paying|returning)\b|\b(?:admin|administrator|paid|pro)\s+(?:users?|visitors?|customers?|accounts?|members?|people)\b`)

// reWhenWord matches words that say when, how often or on what the
// claim's check holds — a time other than now, a frequency, a device,
// browser or mode a journey does not have: "/ used to show 'Beta'",
// "sometimes shows", "on mobile", "in dark mode". A rephrasing without
// them checks another claim, not less of it: the page today, on desktop
// Chromium, in its default look. (A first visit is what every journey
// is.)
var reWhenWord = lazyRE(`(?i)\b(?:used to|previously|formerly|sometimes|often|usually|occasionally|frequently|intermittently|randomly|at random|` +
	`mobile|phones?|tablets?|ipad|iphone|android|ios|firefox|safari|edge|offline|dark mode|light mode|high contrast|small screens?|redesign)\b`)

// reInputGiven matches an input a claim describes rather than quotes:
// "a wrong password", "invalid credentials", "an empty name".
var reInputGiven = lazyRE(`(?i)\b(?:wrong|invalid|incorrect|bad|empty|blank|missing|short|long|mistyped|unknown|expired|duplicate|malformed|bogus)\s+(?:[\w-]+\s+)?(?:passwords?|credentials|e-?mails?|usernames?|user\s+names?|logins?|names?|codes?|tokens?|inputs?|values?|numbers?|dates?|phones?|address(?:es)?|cards?|pins?|otps?|details|data|query|queries|urls?)\b`)

// reOnlyLimits matches an "only" that limits who or what the claim is
// about ("only admins see", "only the 'Pro' plan shows", "is only enabled
// when"); "shows only 'Not found'" limits what is shown, and a list's
// trailing "only" ("tasks 2 and 3 only") the list: a rephrasing that checks
// part of either still implies it.
var (
	reOnlyLimits = lazyRE(`(?i)(?:^|[,;:(]\s*|\b(?:is|are|was|were|be|gets?|can|and)\s+)only\s+["'\w]`)
	reOnlyWord   = lazyRE(`(?i)\bonly\b`)
)

// reEveryWord matches quantifiers and positions of items: dropped from a
// claim that a text is shown they only widen where it is looked for, but a
// rephrasing that checks a text absent from the page says more than "not
// every row shows 'Paid'" or "the first task isn't 'Buy milk'".
var reEveryWord = lazyRE(`(?i)\b(?:every|each|all|any|first|second|third|last|top|bottom|next|previous)\b`)

// unquote drops quote marks, so that a left-out span ('"Zip"') is found in
// the claim as written ('Zip').
var unquote = strings.NewReplacer(`"`, "", "'", "", "“", "", "”", "", "‘", "", "’", "")

// reNotAll matches a negated quantifier: "not both", "isn't all".
var reNotAll = lazyRE(`(?i)(?:\bnot|n[’']t)\s+(?:both|all|every|each)\b`)

// scopeLeftOut says why a rephrasing that checks less than its claim checks
// something the claim does not say ("" when it does not): the claim's
// words it leaves out limit what it checks (the rephrasing would check
// "Delete" shown to anyone for "only admins see 'Delete'", and a visitor
// is no admin), or it checks a text absent and leaves out a quantifier or
// a quoted text, which may be what the text is absent from ("the 'Pro'
// plan no longer costs '$20'" is no claim that no plan costs $20).
func scopeLeftOut(claim, suggestion string, p *plan.Plan) string {
	if m := reNotAll.FindString(claim); m != "" {
		// "'A' and 'B' are not both shown": neither is said shown, nor
		// said absent
		return fmt.Sprintf("checks one text where the claim's %q says only that some are not shown", m)
	}
	spans := leftOut(claim, suggestion)
	for _, sp := range spans {
		if reScopeWord.MatchString(sp) || reOnlyWord.MatchString(sp) && reOnlyLimits.MatchString(claim) {
			return fmt.Sprintf("leaves out %q, which limits what the claim checks", sp)
		}
	}
	if w := targetPlaceLeftOut(claim, spans); w != "" {
		// "clicking 'Delete' in the second row removes 'B'" offered as
		// "clicking 'Delete' hides 'B'": another button, maybe the first
		// row's, is clicked
		return fmt.Sprintf("acts on what the claim names without %q, which says which one it is", w)
	}
	for _, sp := range spans {
		if m := reInputGiven.FindString(sp); m != "" {
			// "wrong credentials show 'Invalid login'" offered as "/login
			// shows 'Invalid login'": the page before anything is entered
			return fmt.Sprintf("leaves out %q, an input the claim gives: it would look at the page before anything is entered", m)
		}
	}
	// The claim is searched, its left-out words compared: "used to" and
	// "at random" leave out only "used" and "random".
	masked, _ := maskQuoted(claim)
	for _, m := range reWhenWord.FindAllString(masked, -1) {
		for _, sp := range spans {
			ws := strings.Fields(strings.ToLower(sp))
			if slices.ContainsFunc(strings.Fields(strings.ToLower(m)), func(w string) bool { return slices.Contains(ws, w) }) {
				return fmt.Sprintf("leaves out %q, which says when or where the claim holds", m)
			}
		}
	}
	if p == nil {
		return ""
	}
	absent := false
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			absent = absent || st.Kind == plan.ExpectNoText || st.Kind == plan.ExpectHidden
		}
	}
	if !absent {
		return ""
	}
	low := strings.ToLower(claim)
	for _, sp := range spans {
		if !reEveryWord.MatchString(sp) && !strings.ContainsAny(sp, "\"'") && !namesWhere(claim, sp) {
			continue
		}
		// Only words of the clause that says the text absent can say
		// what it is absent from ("the first task isn't 'X'", "'X' isn't
		// listed before 'Y'"): "returns just the first two tasks, so 'X'
		// is not in it" limits nothing of 'X'.
		for _, j := range p.Journeys {
			for _, st := range j.Steps {
				if st.Kind != plan.ExpectNoText || st.Value == "" {
					continue
				}
				at := strings.Index(low, strings.ToLower(st.Value))
				if at < 0 {
					continue
				}
				clause, rest := low[:at], low[at:]
				if k := strings.LastIndexAny(clause, ",;—"); k >= 0 {
					clause = clause[k:]
				}
				if k := strings.IndexAny(rest, ",;—"); k >= 0 {
					rest = rest[:k]
				}
				// the clause on both sides: "'A' isn't listed before 'B'"
				clause += rest
				if strings.Contains(unquote.Replace(clause), unquote.Replace(strings.ToLower(sp))) {
					return fmt.Sprintf("checks a text absent and leaves out %q, which may be what the claim says it is absent from", sp)
				}
			}
		}
	}
	return ""
}

// namesWhere reports whether a span left out of a claim names a part of
// the page or a kind of item ("no button says 'Delete'", "the completed
// task doesn't show 'Edit'", "not shown for archived items"): left out of
// a text said absent, it may be what the text is absent from, and the
// page-wide check fails a page that shows the text elsewhere. A noun
// right after a quoted text names what that text is ("the 'Saved
// filters' panel"), not where.
func namesWhere(claim, sp string) bool {
	low := strings.ToLower(claim)
	for _, w := range strings.Fields(unquote.Replace(strings.ToLower(sp))) {
		w = strings.Trim(w, ",.;:!?()")
		if !whereNouns[w] {
			continue
		}
		if i := strings.Index(low, w); i > 0 && strings.ContainsAny(lastRune(strings.TrimRight(low[:i], " ")), `'"’”`) {
			continue
		}
		return true
	}
	return false
}

// lastRune returns the last character of s, or "".
func lastRune(s string) string {
	r, n := utf8.DecodeLastRuneInString(s)
	if n == 0 {
		return ""
	}
	return string(r)
}

// whereNouns name a part of a page or one item a text may be absent from
// (items in the plural may be all the page lists: "asking for two
// entries … leaves out 'Carrots'").
var whereNouns = map[string]bool{"button": true, "buttons": true, "link": true, "links": true,
	"row": true, "rows": true, "cell": true, "cells": true, "column": true, "columns": true,
	"task": true, "item": true, "entry": true,
	"card": true, "cards": true, "header": true, "footer": true, "nav": true, "navbar": true,
	"sidebar": true, "section": true, "table": true, "heading": true, "headings": true,
	"field": true, "fields": true, "toolbar": true, "banner": true, "badge": true}

// beforeNegation reports whether a suggestion is cut from the part of
// its claim before the claim's first negation: it has quoted texts, and
// every one of them is written there ("Expanding 'Add a book' shows '201'"
// from "… shows '201' (no '404')").
func beforeNegation(claim, suggestion string) bool {
	lx := lexClaim(claim)
	var before []string
	for k, t := range lx.toks {
		if t.kind == tWord && (reNegation.MatchString(t.raw) || t.low == "not" || failWords[t.low]) || t.kind == tLit && reNegation.MatchString(t.raw) {
			break
		}
		if k+1 < len(lx.toks) && stopWords2[t.low] && showingWords[lx.toks[k+1].low] {
			break // "stops showing"
		}
		if i := slices.IndexFunc(lx.toks, func(u token) bool { return u.start == t.start }); i >= 0 && leavesOutAround(lx.toks, i) {
			// "leaves 'X' out": the negation starts at its verb
			break
		}
		// (a number too: "does not return 500" offered "returns 500")
		if t.kind == tLit || t.kind == tPath || t.kind == tNumber {
			before = append(before, strings.ToLower(strings.TrimSpace(t.raw)))
		}
	}
	sl := lexClaim(suggestion)
	n := 0
	for _, t := range sl.toks {
		if t.kind == tLit || t.kind == tPath || t.kind == tNumber {
			if !contains(before, strings.ToLower(strings.TrimSpace(t.raw))) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// failWords before "to" negate the verb after them ("fails to hide").
var failWords = map[string]bool{"fails": true, "fail": true, "failed": true, "failing": true, "unable": true}

// stopWords2 before showingWords negate them ("stops showing 'Beta'").
var (
	stopWords2   = map[string]bool{"stop": true, "stops": true, "stopped": true, "stopping": true, "ceases": true, "ceased": true, "cease": true}
	showingWords = map[string]bool{"showing": true, "displaying": true, "listing": true, "rendering": true, "appearing": true}
)

// labelSep starts the label a rephrasing that checks less than the claim
// carries; Derive reads a claim only up to it.
const labelSep = " — checks only that "

// label orders suggestions that keep the claim's meaning first (readings,
// guesses at which elements a count means, never do), then
// those that keep most of the claim's quoted texts, paths and numbers, and
// marks each that checks less than the claim ("… — checks only that …;
// it does not check …", naming the claim's words it leaves out), so a
// person who picks one knows what it leaves out.
func label(claim string, sugg []string, ds []*Derivation, readings map[string]string) []string {
	var faithful []string
	type part struct {
		s    string
		kept int
	}
	var partial []part
	for i, s := range sugg {
		if strings.Contains(s, labelSep) {
			partial = append(partial, part{s, 1 << 20})
			continue
		}
		var d Derivation
		if ds[i] != nil {
			d = *ds[i]
		} else if dd, r := deriveSuggestion(s); r == nil {
			d = dd
		} else {
			continue
		}
		// A reading of which elements a count means is a guess: it is
		// labelled even when its words are the claim's.
		why, reading := readings[s]
		if !reading && Faithful(claim, s, d.Plan) {
			faithful = append(faithful, s)
			continue
		}
		guess := ""
		if pa := InventedPath(claim, s); pa != "" {
			guess = fmt.Sprintf("; the path %s is a guess, not in the claim", pa)
		}
		if strings.HasSuffix(s, " loads without errors") && len(faithful)+len(partial) > 0 {
			// The generic check is offered only when nothing closer is.
			continue
		}
		var reqs []string
		for _, q := range d.Requirements {
			reqs = append(reqs, lowerFirst(strings.TrimSuffix(q.Text, ".")))
		}
		rest := fmt.Sprintf("the rest of %q", claim)
		if spans := leftOut(claim, s); len(spans) > 0 && len(spans) <= 4 {
			for k, sp := range spans {
				if strings.Contains(sp, `"`) {
					spans[k] = "'" + sp + "'"
				} else {
					spans[k] = `"` + sp + `"`
				}
			}
			rest = "what the claim says with " + joinAnd(spans)
		}
		if reading {
			rest = why
		}
		partial = append(partial, part{s + labelSep + strings.Join(reqs, "; and ") + guess + "; it does not check " + rest, factsKept(claim, d.Plan)})
	}
	// The suggestion that keeps most of the claim first; ties keep the
	// order they were made in (the claim's pieces, largest first).
	slices.SortStableFunc(partial, func(a, b part) int { return b.kept - a.kept })
	out := faithful
	for _, p := range partial {
		out = append(out, p.s)
	}
	return out
}

// factsKept counts the claim's quoted texts, paths and numbers a plan
// holds.
func factsKept(claim string, p *plan.Plan) int {
	if p == nil {
		return 0
	}
	body := strings.ToLower(string(p.Canonical()))
	has := func(s string) bool {
		q := strconv.Quote(strings.ToLower(s))
		return strings.Contains(body, q[1:len(q)-1])
	}
	lits, paths, numbers := facts(claim)
	n := 0
	for _, x := range append(append(lits, paths...), numbers...) {
		if has(strings.TrimSuffix(x, "/")) || has(x) {
			n++
		}
	}
	return n
}

// stripLabel cuts a suggestion's label off, so a labelled suggestion
// derives as the claim it labels.
func stripLabel(claim string) string {
	if i := strings.Index(claim, labelSep); i > 0 {
		return claim[:i]
	}
	return claim
}

// universalWords make what follows them a rule about many things.
var universalWords = map[string]bool{"every": true, "each": true, "all": true}

// droppedUniversal reports whether the claim says "every", "each" or "all"
// and rephrasing s does not.
func droppedUniversal(claim, s string) bool {
	has := func(x string) bool {
		for _, f := range strings.Fields(strings.ToLower(x)) {
			if universalWords[strings.Trim(f, ",.;:")] {
				return true
			}
		}
		return false
	}
	return has(claim) && !has(stripLabel(s))
}

// Faithful reports whether a rephrasing keeps what a claim says exactly:
// every quoted text, path and number of the claim is in the rephrasing's
// plan, and the claim had at least one of them (a claim with none, "the
// app is fast", has no exact words a rephrasing could keep). A generic
// "loads without errors" is faithful only to a claim about loading or
// errors.
func Faithful(claim, rephrasing string, p *plan.Plan) bool {
	if ChangesMeaning(claim, rephrasing, p) != "" || InventedPath(claim, rephrasing) != "" {
		return false
	}
	lits, paths, numbers := facts(claim)
	if len(lits)+len(paths)+len(numbers) == 0 {
		lc := strings.ToLower(claim)
		if !strings.Contains(lc, "error") || !strings.Contains(strings.ToLower(rephrasing), "error") {
			return false
		}
		// Past the errors, the page it names and every other word are
		// kept too (the checks below): "The editor page loads with no
		// errors" is not "The page loads without errors".
	}
	if strings.Contains(strings.ToLower(rephrasing), "loads without errors") && !strings.Contains(strings.ToLower(claim), "error") {
		return false
	}
	if Missing(claim, p) != "" || droppedRepeat(claim, rephrasing) != "" || flattenedKey(claim, p) != "" {
		return false
	}
	// "'A' or 'B'" is not "'A' and 'B'".
	if containsWord(claim, "or") && !containsWord(rephrasing, "or") {
		return false
	}
	clx := lexClaim(claim)
	ctoks := clx.toks
	for i, t := range ctoks {
		// "Every page shows 'Acme' in the footer" is not "The footer shows
		// 'Acme'": a rule about every page or item holds of more than one.
		universal := universalWords[t.low] && i+1 < len(ctoks) && ctoks[i+1].kind == tWord && !(i > 0 && ctoks[i-1].low == "at")
		// "changes 'A' to 'B'" is not "shows 'A' and 'B'".
		change := changeWords[t.low] && changeOfTexts(ctoks, i)
		if (universal || change) && !containsWord(rephrasing, t.low) {
			return false
		}
	}
	// "shows only 'Welcome'" is not "shows 'Welcome'".
	if containsWord(claim, "only") && !containsWord(rephrasing, "only") && !containsWord(rephrasing, "exactly") {
		return false
	}
	// "shows exactly 'todos'" says the case and the whole text, which a
	// text looked for case-insensitively does not check; a count is exact
	// whatever words say it.
	// "'Save' works" says what clicking it does; that it is shown is less.
	for _, w := range []string{"works", "work", "working", "functions", "functional"} {
		if containsWord(claim, w) && !containsWord(rephrasing, w) && !withoutErrors(rephrasing) {
			return false
		}
	}
	_, _, counts := facts(rephrasing)
	for _, w := range []string{"exactly", "precisely", "verbatim"} {
		if containsWord(claim, w) && !containsWord(rephrasing, w) && len(counts) == 0 {
			return false
		}
	}
	// "shows 'Acme' once" is not "shows 'Acme'" ("Once signed in, …"
	// opens a condition, which the rephrasing words differently).
	for i, t := range ctoks {
		if i > 0 && t.kind == tWord && (t.low == "once" || t.low == "twice") && !containsWord(rephrasing, t.low) {
			return false
		}
	}
	// "shows 'Loading' then 'Ready'" is an order in time: a rephrasing
	// that checks both texts, with nothing done between, drops it.
	if thenBetweenTexts(clx) && !thenBetweenTexts(lexClaim(rephrasing)) {
		return false
	}
	// "The home page and /about show 'Acme'": a plan that never opens the
	// home page the claim names checks another page.
	if namesHome(claim) && !visitsHome(p) {
		return false
	}
	// "The title of /x is 'Y'" is not "/x shows 'Y'": the word names
	// what is checked (the title, the address), not a text.
	for _, w := range []string{"title", "url"} {
		if containsWord(claim, w) && !strings.Contains(strings.ToLower(stripLabel(rephrasing)), w) {
			return false // ("'\"title\": \"X\"'" keeps it, quoted)
		}
	}
	// Every other word that carries meaning is kept too: a rephrasing
	// that drops "focuses the search box" checks something else.
	kept := map[string]bool{}
	for _, t := range lexClaim(rephrasing).toks {
		kept[t.low] = true
	}
	for i, t := range ctoks {
		if t.kind != tWord || kept[t.low] || kept[t.low+"s"] || kept[strings.TrimSuffix(t.low, "s")] {
			continue
		}
		if actionWords[t.low] {
			return false
		}
		if stateParticles[t.low] && i > 0 && copulas[ctoks[i-1].low] {
			// "'Dark mode' is on", "'Beta' is up": a state, not a
			// preposition
			return false
		}
		if stopWords[t.low] || notText[t.low] || structural[t.low] || determiners[t.low] || looseWords[t.low] {
			continue
		}
		return false
	}
	return true
}

// stateParticles after "is" say a state ("'Dark mode' is on", "'API' is
// down"), which a rephrasing that only shows the text leaves out.
var (
	stateParticles = map[string]bool{"on": true, "off": true, "up": true, "down": true, "out": true, "in": true}
	copulas        = map[string]bool{"is": true, "are": true, "was": true, "were": true, "stays": true, "remains": true, "becomes": true}
)

// namesHome reports whether a claim names the home page in words.
func namesHome(claim string) bool {
	lc := strings.ToLower(claim)
	for _, w := range []string{"home page", "homepage", "landing page", "front page"} {
		if strings.Contains(lc, w) {
			return true
		}
	}
	return false
}

// visitsHome reports whether a plan opens the home page.
func visitsHome(p *plan.Plan) bool {
	if p == nil {
		return false
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.Visit && (st.Value == "/" || st.Value == "") {
				return true
			}
		}
	}
	return false
}

func containsWord(s, w string) bool {
	for _, t := range lexClaim(s).toks {
		if t.kind == tWord && t.low == w {
			return true
		}
	}
	return false
}

// actionWords are what a person does; a rephrasing without them drops an
// action.
var actionWords = map[string]bool{"clicking": true, "click": true, "pressing": true, "press": true,
	"typing": true, "type": true, "filling": true, "fill": true, "signing": true, "logging": true,
	"adding": true, "add": true, "selecting": true, "select": true, "choosing": true, "choose": true,
	"submitting": true, "submit": true, "entering": true, "enter": true, "ticking": true,
	"checking": true, "hovering": true, "hover": true, "tapping": true, "creating": true,
	"reloading": true, "refreshing": true, "expanding": true, "opening": true, "deleting": true,
	"removing": true, "searching": true, "visiting": true, "going": true}

// looseWords may change between a claim and a faithful rephrasing: how
// a page or a check is named, not what is checked.
var looseWords = map[string]bool{"page": true, "home": true, "homepage": true, "landing": true,
	"front": true, "site": true, "website": true, "app": true, "show": true, "say": true,
	"display": true, "mention": true, "mentions": true, "contain": true, "list": true,
	"include": true, "includes": true, "should": true, "must": true, "can": true, "see": true,
	"sees": true, "i": true, "user": true, "users": true, "there": true, "text": true,
	"still": true, "does": true, "doesn't": true, "don't": true, "isn't": true, "reads": true,
	"web": true, "interface": true, "ui": true, "docs": true, "get": true, "returns": true,
	"return": true, "status": true, "http": true, "respond": true, "responds": true}

// facts are a claim's exact words: quoted texts, paths and numbers.
func facts(claim string) (lits, paths, numbers []string) {
	lx := lexClaim(claim)
	for _, l := range lx.lits {
		if l = strings.TrimSpace(l); l != "" {
			lits = append(lits, l)
		}
	}
	for _, tk := range lx.toks {
		switch tk.kind {
		case tPath:
			paths = append(paths, tk.raw)
		case tNumber:
			numbers = append(numbers, tk.raw)
		}
	}
	return
}

// jsonText is JSON lowered, with the escapes of &, < and > (\u0026)
// undone: a path with a query ("?a=1&b=2") is found as written.
func jsonText(b []byte) string {
	return strings.NewReplacer(`\u0026`, "&", `\u003c`, "<", `\u003e`, ">").Replace(strings.ToLower(string(b)))
}

// reJSONPair is a quoted text that is a JSON member: "\"done\": false".
var reJSONPair = lazyRE(`^\s*"([^"]+)"\s*:\s*(.+?)\s*$`)

// jsonPairChecked reports whether plan p checks the JSON member a quoted
// text writes out ("\"done\": false"): an expect_json step at that key
// with that value.
func jsonPairChecked(p *plan.Plan, lit string) bool {
	m := reJSONPair.FindStringSubmatch(lit)
	if m == nil {
		return false
	}
	var want any
	if json.Unmarshal([]byte(m[2]), &want) != nil {
		return false
	}
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind != plan.ExpectJSON || st.Value == "" || !strings.HasSuffix(st.At, "/"+m[1]) {
				continue
			}
			var got any
			if json.Unmarshal([]byte(st.Value), &got) == nil && reflect.DeepEqual(got, want) {
				return true
			}
		}
	}
	return false
}

// reStepKey is a key of a step's JSON.
var reStepKey = lazyRE(`"[a-z_]+":`)

// stepText is the plan's steps as jsonText, without their keys: the
// values a run acts on and checks.
func stepText(p *plan.Plan) string {
	var sb strings.Builder
	for _, j := range p.Journeys {
		b, err := json.Marshal(j.Steps)
		if err != nil {
			continue
		}
		sb.WriteString(reStepKey.ReplaceAllString(jsonText(b), `"":`))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// inJSON reports whether text s, quoted as JSON quotes it, is in body (a
// jsonText), case-insensitively.
func inJSON(body, s string) bool {
	q := strconv.Quote(strings.ToLower(s))
	return strings.Contains(body, q[1:len(q)-1])
}

// Missing says which of a claim's quoted texts, paths and numbers a plan
// leaves out ("" when none): a plan that drops one proves another claim.
//
// A text counts only where the steps hold it: the plan's keys ("name",
// "text"), its name (the claim itself) and its requirements' prose are no
// evidence of a text. A text found only inside a longer text of the claim
// is not found ("'Name'" is not kept by a plan that checks only "Your
// name"). A text the claim rules out beside a value the plan checks for
// equality ("the locale is 'de', not 'fr'") is kept by that equality.
// Numbers are looked for in the whole plan, where a bound may be said
// ("more than 10" as at_least 11) in the requirement.
func Missing(claim string, p *plan.Plan) string {
	if p == nil {
		return "no plan"
	}
	whole := jsonText(p.Canonical())
	has := func(s string) bool { return inJSON(whole, s) }
	lits, paths, numbers := facts(claim)
	var miss []string
	contrasted := quotedMatched(reContrasted, claim)
	equality := checksEquality(p)
	seen := map[string]bool{}
	var byLen []string
	for _, l := range lits {
		if k := strings.ToLower(l); !seen[k] {
			seen[k] = true
			byLen = append(byLen, l)
		}
	}
	slices.SortStableFunc(byLen, func(a, b string) int { return len(b) - len(a) })
	masked := stepText(p)
	for _, l := range byLen {
		q := strconv.Quote(strings.ToLower(l))
		q = q[1 : len(q)-1]
		switch {
		case strings.Contains(masked, q):
			masked = strings.ReplaceAll(masked, q, "\x00")
		case jsonPairChecked(p, l), contrasted[l] && equality:
		default:
			miss = append(miss, fmt.Sprintf("text %q", l))
		}
	}
	for _, pa := range paths {
		if !has(strings.TrimSuffix(pa, "/")) {
			miss = append(miss, "path "+pa)
		}
	}
	for _, n := range numbers {
		if !has(n) {
			miss = append(miss, "number "+n)
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return "leaves out " + strings.Join(miss, ", ")
}

// reContrasted is a quoted text the claim rules out beside another:
// "'de', not 'fr'", "rather than 'fr'", "instead of 'fr'".
var reContrasted = lazyRE(`(?i)(?:,\s*|\s)(?:not|rather than|instead of|and not|but not)\s+["']\x01(\d+)\x01`)

// quotedMatched returns the claim's quoted texts (trimmed) that re, matched on
// the claim with its quotes masked (maskQuoted), captures by index: each
// group that matched holds a text's number.
func quotedMatched(re *lazyRegexp, claim string) map[string]bool {
	masked, lits := maskQuoted(claim)
	out := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(masked, -1) {
		if i, err := strconv.Atoi(strings.Join(m[1:], "")); err == nil && i < len(lits) {
			out[strings.TrimSpace(lits[i])] = true
		}
	}
	return out
}

// checksEquality reports whether plan p checks a value for equality (a
// JSON value, a field's value, the title or the address), which rules out
// every other value.
func checksEquality(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			switch {
			case st.Kind == plan.ExpectJSON && st.Value != "", st.Kind == plan.ExpectValue, st.Kind == plan.ExpectTitle, st.Kind == plan.ExpectURL:
				return true
			}
		}
	}
	return false
}

// checkedPlans derives up to maxSuggestionTries candidates and returns
// the first six that derive, with their derivations.
func checkedPlans(cands []string, skip ...string) ([]string, []*Derivation) {
	var out []string
	var ds []*Derivation
	tries := 0
	for _, c := range cands {
		if len(out) == 6 || tries == maxSuggestionTries {
			break
		}
		c = upperFirst(strings.TrimSpace(c))
		if c == "" || contains(out, c) || contains(skip, c) || len(skip) > 0 && c == upperFirst(skip[0]) {
			continue
		}
		tries++
		if d, r := deriveSuggestion(c); r == nil {
			out = append(out, c)
			ds = append(ds, &d)
		} else if d, ok := deriveMenu(c); ok {
			// A reading through a menu, which Derive accepts too.
			out = append(out, c)
			ds = append(ds, &d)
		}
	}
	return out, ds
}

// tailConditions start a condition said after what it conditions.
var tailConditions = map[string]bool{"when": true, "whenever": true, "if": true, "once": true, "after": true,
	"unless": true, "until": true, "before": true, "provided": true, "only": true, "as": true}

// provablePrefixes are the claim cut before a connector, longest first:
// "The app shows 'Welcome' and is fast" offers "The app shows 'Welcome'".
func provablePrefixes(lx *lexed) []string {
	var out []string
	for i := len(lx.toks) - 1; i > 0 && len(out) < 2; i-- {
		t := lx.toks[i]
		if t.kind == tPunct || t.low == "and" || t.low == "but" || t.low == "then" || t.low == "while" || t.low == "or" {
			if k := i + 1; t.kind == tPunct && k < len(lx.toks) && tailConditions[lx.toks[k].low] {
				// "X shows 'Y', once you have signed in": the tail is a
				// condition of what comes before, which without it says
				// something else
				continue
			}
			s := strings.TrimSpace(lx.span(0, t.start))
			s = strings.TrimRight(s, " ,;:")
			if len(strings.Fields(s)) >= 3 {
				out = append(out, s)
			}
		}
	}
	return out
}

// claimPageSkipping returns the first page the claim names, as written,
// and true, or "The home page" and false when it names none, for a claim
// whose tokens in skip name no page: "Clicking /pricing on the home page"
// clicks /pricing on the home page.
func claimPageSkipping(lx *lexed, skip map[int]bool) (string, bool) {
	p := &parser{lx: lx}
	for i := range lx.toks {
		for n := 4; n >= 1; n-- {
			if i+n > len(lx.toks) {
				continue
			}
			skipped := false
			for k := i; k < i+n; k++ {
				skipped = skipped || skip[k]
			}
			if skipped {
				continue
			}
			a, b := lx.toks[i].start, lx.ends[i+n-1]
			ref, ok := p.page(a, b)
			if !ok || ref.phrase == "" {
				continue
			}
			phrase := ref.phrase
			if _, rest, ok := strings.Cut(phrase, "'s "); ok {
				// "json-server's homepage": the owner names no page.
				phrase = "the " + rest
			}
			if ref.generic && !strings.Contains(strings.ToLower(phrase), " ") {
				phrase = "the " + phrase
			}
			return upperFirst(phrase), true
		}
	}
	return "The home page", false
}

// reExpectedJudged is "expected" said as a judgement ("works as
// expected"), not as a bug report's label ("Expected: …").
var reExpectedJudged = lazyRE(`(?i)\bexpected\b(?:\s*[^:\s]|\s*$)`)

// refusal explains why the parser could not read a claim.
func (p *parser) refusal() *refusal {
	shape := p.lx.shape
	for _, t := range p.lx.toks {
		if t.kind == tWord && reStatusPlural.MatchString(t.low) {
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("vouch checks the status of a page the claim names (\"/x returns 200\"), not of every request a page makes (%q): name the page or the address", t.raw)}
		}
		if t.kind == tWord && reDuration.MatchString(t.low) {
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("timings (%q) are not something a plan checks: every step has a time budget instead", t.raw)}
		}
	}
	for _, w := range outOfReach {
		if outOfReachIn(shape, w) && !inShownName(p.lx.toks, w) && !inElementName(p.lx.toks, w) && !capitalisedName(p.lx.toks, w) && !(w == "second" && allOrdinal(p.lx)) {
			switch w {
			case "milliseconds", "ms", "seconds", "second", "minutes", "hours", "latency", "p99", "p95", "uptime", "downtime":
				return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("timings (%q) are not something a plan checks: every step has a time budget instead", w)}
			}
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("%q is out of a browser's reach: vouch only sees what the deployed pages show", w)}
		}
	}
	if p.hint != nil && p.hint.at+1 >= p.far-40 {
		return &refusal{cause: p.hint.cause, reason: p.hint.reason, suggest: p.hint.suggest}
	}
	for _, w := range vagueWords {
		if w == "expected" && !reExpectedJudged.MatchString(shape) {
			// "Expected: …" is a bug report's label, never a judgement
			continue
		}
		if containsPhrase(shape, w) && !inElementName(p.lx.toks, w) {
			if r := notJudged(p.lx, w); r != nil {
				return r
			}
			if w == "accessible" && !strings.Contains(shape, "screen") && !strings.Contains(shape, "assistive") && !strings.Contains(shape, "keyboard") {
				// "/ is accessible" may say it answers, or that people
				// using assistive technology can use it: two claims
				return &refusal{cause: "vague", reason: `"accessible" can mean that the page answers (say "is reachable" or "returns 200") or that people using assistive technology can use it, which is a judgement, not something a browser can see on a page`}
			}
			return &refusal{cause: "vague", reason: fmt.Sprintf("%q is a judgement, not something a browser can see on a page", w)}
		}
	}
	if p.hint != nil {
		return &refusal{cause: p.hint.cause, reason: p.hint.reason, suggest: p.hint.suggest}
	}
	if p.far == 0 {
		return &refusal{cause: "unrecognized", reason: noStartReason}
	}
	if p.far >= len(shape) {
		return &refusal{cause: "no_check", reason: "the claim names a page but says nothing about it"}
	}
	rest := strings.TrimSpace(p.lx.span(p.far, len(shape)))
	from, _ := p.lx.tokensIn(p.far, len(shape))
	return &refusal{cause: "unrecognized", reason: fmt.Sprintf("vouch could not read %s as a page, an action or a check: %s", quoteSpan(shorten(rest, 60)), unreadAdvice(p.lx.toks[from:]))}
}

// capitalisedName reports whether every use of the one word w is a
// name the page shows: written with a capital inside a sentence, not
// first nor after a colon, and followed by a word for a part of a page
// ("the Server response table", "the Servers bar"; not "The Queue is
// drained", nor "Backup NAS shows as Connected": first). A
// refusal that says the page's own heading is out of a browser's reach
// sends its writer the wrong way; the claim is refused for what vouch
// could not read instead.
func capitalisedName(toks []token, w string) bool {
	if !pageNameWords[w] {
		return false // CI, CPU, Safari: what they name is out of reach
	}
	seen := false
	for i, t := range toks {
		if t.kind != tWord || t.low != w {
			continue
		}
		seen = true
		if i == 0 || t.raw == "" || t.raw[0] < 'A' || t.raw[0] > 'Z' || toks[i-1].kind == tPunct && toks[i-1].low == ":" ||
			i+1 >= len(toks) || toks[i+1].kind != tWord || !namePartWords[toks[i+1].raw] && !isElementNoun(toks[i+1].raw) {
			return false
		}
	}
	return seen
}

// pageNameWords are the out-of-reach words that pages use as names of
// their own parts: Swagger UI's "Server response", Node-RED's "Deploy".
var pageNameWords = map[string]bool{"server": true, "servers": true, "backup": true, "backups": true,
	"database": true, "storage": true, "deploy": true, "queue": true, "worker": true, "workers": true,
	"logs": true, "cache": true, "tracking": true, "encryption": true}

// namePartWords are lower-case words for a part of a page that may follow a
// page's name for it, besides the element nouns.
var namePartWords = map[string]bool{"response": true, "responses": true, "bar": true, "section": true,
	"block": true, "area": true, "strip": true, "label": true, "box": true, "list": true}

// noStartReason is the reason for a claim the parser could not start
// reading; refuse names the words its best rephrasing leaves out instead
// when it has one.
const noStartReason = "vouch found no page, action or check it knows in the claim"

// controlStateWords say what state a control is in, which no claim checks
// directly.
var controlStateWords = map[string]bool{"ticked": true, "unticked": true, "checked": true, "unchecked": true,
	"selected": true, "unselected": true, "enabled": true, "disabled": true, "set": true,
	"switched": true, "turned": true, "toggled": true, "on": false, "off": true}

// unreadAdvice says what kind of phrase would work in place of the words a
// claim's reading stopped at.
func unreadAdvice(rest []token) string {
	if len(rest) == 0 {
		return "say what should be seen"
	}
	for _, t := range rest {
		if t.kind == tWord && controlStateWords[t.low] {
			return fmt.Sprintf("%q is a state of a control; vouch reads a state said of a named control (\"the '…' checkbox is ticked\", \"'…' is not ticked\", \"the '…' button is disabled\"), or say what the page shows (\"shows '…'\")", t.raw)
		}
	}
	for _, t := range rest {
		if t.kind == tWord && (styleWords[t.low] != "" || t.low == "background") {
			return "say the look as vouch checks it: \"gives the page a dark background\", \"'…' is bold\", \"'…' is struck through\""
		}
	}
	first := rest[0]
	second := token{}
	if len(rest) > 1 {
		second = rest[1]
	}
	switch {
	case first.kind == tWord && sketchCheckVerbs[first.low] && second.kind == tWord && !litWithin(rest, 5):
		return "a description is not a text vouch can look for; quote the text the page shows (\"shows 'Ann Lee'\")"
	case first.kind == tWord && (sketchActionVerbs[first.low] || sketchClickVerbs[first.low]) && second.kind == tWord:
		return fmt.Sprintf("say what %q acts on with a quoted text (\"clicking 'Send'\", \"filling 'Email' with 'a@b.co'\")", first.raw)
	case first.kind == tLit:
		return "a quoted text needs a verb before it, such as \"shows '…'\", \"does not show '…'\" or \"clicking '…'\""
	case first.kind == tWord && (first.low == "in" || first.low == "inside" || first.low == "within" || first.low == "at" || first.low == "under" || first.low == "from"):
		return "vouch does not know that place or condition; name the page (\"on /x\"), a part it knows (footer, header, nav, sidebar, main content, or a dialog the claim opens), or say the page shows the text"
	case first.kind == tWord && !stopWords[first.low] && !structural[first.low] && !determiners[first.low] && strings.HasSuffix(first.low, "s") && len(rest) > 1:
		return fmt.Sprintf("%q is not a check vouch reads; say \"shows '…'\" or \"does not show '…'\" (or \"has a '…' button\", \"'…' is bold\")", first.raw)
	}
	return "write it as a check (\"shows '…'\", \"has a '…' button\") or an action (\"clicking '…'\")"
}

// quoteSpan quotes words of a claim for a reason: in double quotes, or in
// single ones when they hold a double quote (so no backslash shows).
func quoteSpan(s string) string {
	if strings.Contains(s, `"`) && !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	return strconv.Quote(s)
}

// litWithin reports whether one of the first n tokens is a quoted text.
func litWithin(toks []token, n int) bool {
	for i := 0; i < len(toks) && i < n; i++ {
		if toks[i].kind == tLit {
			return true
		}
	}
	return false
}

// reStatusPlural is HTTP statuses counted ("no 404s", "500s"), which
// reDuration would take for seconds.
var reStatusPlural = lazyRE(`^[1-5]\d\ds$|^[1-5]xxs?$`)

var reDuration = lazyRE(`^\d+(?:\.\d+)?(?:ms|s|sec|secs|seconds?|milliseconds?|mins?|minutes?)$`)

// secretWords name what must never be written in a claim.
var secretWords = map[string]bool{"password": true, "passphrase": true, "passwd": true,
	"pwd": true, "passcode": true, "pw": true}

// afterSecretWord are words that may follow "password" without a password
// following them: "the password field", "password from the secret X".
var afterSecretWord = map[string]bool{
	"from": true, "in": true, "stored": true, "kept": true, "held": true, "saved": true,
	"the": true, "a": true, "an": true, "secret": true, "secrets": true, "env": true,
	"environment": true, "variable": true, "field": true, "box": true, "input": true,
	"and": true, "with": true, "as": true, "for": true, "required": true, "reset": true,
	"page": true, "manager": true, "not": true, "to": true, "on": true, "into": true,
	"label": true, "placeholder": true, "strength": true, "hint": true, "error": true,
	"it": true, "their": true, "be": true, "are": true, "empty": true, "blank": true,
	"missing": true, "wrong": true, "incorrect": true, "invalid": true, "too": true,
	"must": true, "should": true, "shows": true, "is": true, "'s": true, "fields": true,
	"secret's": true, "that": true, "which": true, "of": true, "or": true, "by": true,
	"then": true, "when": true, "but": true, "again": true, "twice": true, "confirmation": true,
	"only": true, "mismatch": true, "length": true, "rules": true, "policy": true,
	// what is said of a password, never one: "a password shorter than 8
	// characters", "the password stays masked"
	"shorter": true, "longer": true, "under": true, "over": true, "less": true, "more": true,
	"fewer": true, "without": true, "containing": true, "has": true, "have": true, "was": true,
	"gets": true, "stays": true, "remains": true, "masked": true, "hidden": true, "visible": true,
	"visibility": true, "toggle": true, "meter": true, "needs": true, "can": true, "cannot": true,
	"will": true, "does": true, "characters": true, "chars": true, "requirements": true,
	// a verb after it makes the password the subject: "a wrong password
	// keeps you on /login", "an expired password leads to /reset"
	"keeps": true, "leaves": true, "fails": true, "triggers": true, "returns": true,
	"gives": true, "causes": true, "locks": true, "blocks": true, "sends": true,
	"takes": true, "leads": true, "redirects": true, "displays": true, "produces": true,
	"brings": true, "results": true, "works": true, "opens": true, "says": true,
	"doesn't": true, "isn't": true, "won't": true, "never": true, "still": true,
}

// secretLeak refuses a claim that writes a password out: "with password
// hunter2", "typing 'hunter2' into the password field". Refusing (rather
// than deriving with a secret reference) keeps the password out of the
// stored claim, plan and requirements.
func secretLeak(lx *lexed) *refusal {
	for i, t := range lx.toks {
		if t.kind == tWord && secretWords[t.low] && !(i > 0 && (lx.toks[i-1].low == "secret" || lx.toks[i-1].low == "secrets")) {
			// "with the secret PW sets a cookie": PW names a secret, and
			// what follows it is no password
			k := i + 1
			for k < len(lx.toks) && (lx.toks[k].low == "is" || lx.toks[k].low == "of" || lx.toks[k].low == "=" || lx.toks[k].low == ":" || lx.toks[k].low == "being") {
				k++
			}
			if k >= len(lx.toks) {
				continue
			}
			n := lx.toks[k]
			leak := false
			switch n.kind {
			case tNumber:
				// "a wrong password 3 times": a count, not the password
				leak = !(k+1 < len(lx.toks) && (lx.toks[k+1].low == "times" || lx.toks[k+1].low == "time" || lx.toks[k+1].low == "attempts" || lx.toks[k+1].low == "tries"))
			case tLit, tEmail, tURL, tPath:
				leak = true
			case tWord:
				leak = !afterSecretWord[n.low] && !strings.HasPrefix(n.low, "$") && !structural[n.low] && !stopWords[n.low]
			}
			if leak {
				start := t.start
				if i > 0 && (lx.toks[i-1].low == "the" || lx.toks[i-1].low == "a" || lx.toks[i-1].low == "their" || lx.toks[i-1].low == "my") {
					start = lx.toks[i-1].start
				}
				return secretRefusal(lx, start, lx.ends[k])
			}
		}
		// "typing 'hunter2' into the password field".
		if t.kind == tLit && i+2 < len(lx.toks) {
			k := i + 1
			if l := lx.toks[k].low; l == "in" || l == "into" || l == "as" || l == "for" {
				k++
				for k < len(lx.toks) && determiners[lx.toks[k].low] {
					k++
				}
				if k < len(lx.toks) && secretWords[lx.toks[k].low] {
					return secretRefusal(lx, t.start, lx.ends[i])
				}
			}
		}
	}
	return nil
}

func secretRefusal(lx *lexed, a, b int) *refusal {
	name := "PASSWORD"
	for i, t := range lx.toks {
		if t.kind == tEmail {
			name = secretFrom(strings.Split(t.raw, "@")[0]) + "_PASSWORD"
			break
		}
		// "log in as admin with password ..." → ADMIN_PASSWORD.
		if t.low == "as" && i+1 < len(lx.toks) && lx.toks[i+1].kind == tWord && !determiners[lx.toks[i+1].low] && !secretWords[lx.toks[i+1].low] {
			name = secretFrom(lx.toks[i+1].raw) + "_PASSWORD"
		}
	}
	p := &parser{lx: lx}
	return &refusal{cause: "secret", reason: "the claim writes a password out in clear; vouch never stores passwords in plans",
		suggest: []string{secretSuggestion(lx, p.replaceSpan(a, b, "the secret "+name), name)}}
}

// secretSuggestion labels a rephrasing that types a secret in place of
// the password a claim writes out, unless the claim signs in. Signing in
// takes the account's password, which the secret holds; a value typed
// into a password field elsewhere ("typing 'abc' as the password shows
// 'At least 8 characters'") is often the point of the claim, and the
// secret the run is given is another password.
func secretSuggestion(lx *lexed, s, name string) string {
	if reSignInSaid.MatchString(lx.shape) && !reNoSignIn.MatchString(lx.shape) {
		return s
	}
	return s + labelSep + "typing the password the run is given as the secret " + name + " does this; it does not check the password the claim writes out unless the run is given that one"
}

// thenBetweenTexts reports "then" (or "after that", "followed by", "later")
// right before a quoted text or a check word, after a quoted text: one
// thing said to show after another.
func thenBetweenTexts(lx *lexed) bool {
	toks := lx.toks
	for i := 1; i < len(toks); i++ {
		if toks[i-1].kind != tLit {
			continue
		}
		j := i
		for j < len(toks) && (toks[j].kind == tPunct || toks[j].low == "and") {
			j++
		}
		if j < len(toks) && (timeOrderWords[toks[j].low] && toks[j].low != "that" && toks[j].low != "by" || toks[j].low == "followed" || toks[j].low == "after") {
			return true
		}
	}
	return false
}

// notJudged is the refusal of a claim whose vague word says a place or a
// likeness rather than a judgement: "right under the heading", "in the
// top right corner", "red like the 'Cancel' button". Nil when the word
// is a judgement.
func notJudged(lx *lexed, w string) *refusal {
	ws := composeWords(lx)
	for i, x := range ws {
		if x.kind != tWord || x.low != w {
			continue
		}
		prev, next := "", ""
		if i > 0 {
			prev = ws[i-1].low
		}
		if i+1 < len(ws) {
			next = ws[i+1].low
		}
		switch {
		case w == "right" && (rightPlaceNext[next] || rightPlacePrev[prev] || prev == "the" && (i+1 == len(ws) || ws[i+1].kind == tPunct)):
			return &refusal{cause: "unsupported", reason: "where an element sits on the page (\"right under …\", \"top right\") is not something vouch checks: say what the page shows, or the part it is in (header, footer, nav, sidebar)"}
		case w == "like" && !likePeople[prev]:
			return &refusal{cause: "unsupported", reason: "\"like …\" (an example, or a likeness to another element) is not something vouch reads: name each element and say what it shows or how it looks on its own (\"'Clear' is red\")"}
		}
	}
	return nil
}

// rightPlaceNext and rightPlacePrev make "right" a place.
var (
	rightPlaceNext = map[string]bool{"under": true, "above": true, "below": true, "next": true, "beside": true,
		"after": true, "before": true, "of": true, "side": true, "corner": true, "hand": true, "right-hand": true,
		"column": true, "panel": true, "edge": true, "at": true, "behind": true, "underneath": true, "on": true}
	rightPlacePrev = map[string]bool{"top": true, "bottom": true, "to": true, "upper": true, "lower": true,
		"far": true}
	likePeople = map[string]bool{"i": true, "you": true, "we": true, "they": true, "users": true, "people": true,
		"customers": true, "would": true, "really": true, "all": true}
)
