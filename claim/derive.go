package claim

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// Derivation is what a claim becomes: requirements a person can check, the
// plan that proves them, and a note on every assumption made on the way.
type Derivation struct {
	Claim        string               `json:"claim"`
	Requirements []DerivedRequirement `json:"requirements"`
	Plan         *plan.Plan           `json:"plan"`
	Notes        []string             `json:"notes"`
}

// DerivedRequirement is a plan requirement with the assertions that prove
// it.
type DerivedRequirement struct {
	ID       string    `json:"id"`
	Text     string    `json:"text"`
	Kind     string    `json:"kind"`
	ProvenBy []StepRef `json:"proven_by"`
}

// StepRef points at one step of a plan.
type StepRef struct {
	Journey int    `json:"journey"` // 1-based index in Plan.Journeys
	Name    string `json:"name"`    // the journey's name
	Step    int    `json:"step"`    // 1-based index in the journey's steps
}

// Deriver turns a claim into a derivation, or refuses it with a
// *NotProvableError. Rules is the default; other derivers (a model, say)
// must pass their plans through Trace so the same rules hold.
type Deriver interface {
	Derive(ctx context.Context, claim string) (Derivation, error)
}

// Rules is the deterministic deriver: Derive behind the Deriver interface.
type Rules struct{}

// Derive calls the package's Derive; it never blocks, so ctx is unused.
func (Rules) Derive(_ context.Context, claim string) (Derivation, error) { return Derive(claim) }

// derivePlaced reads a claim the rules refused (r) whose action or checks
// are in a place it names: a menu, a place's tab, a control in a named
// dialog, a control's value, or a place named but not opened; ok with a
// refusal when the reading is ambiguous. Derive and the suggestions
// read them alike, so a suggestion's label describes the plan Derive
// makes of it.
func derivePlaced(claim string, r *refusal) (Derivation, bool, *NotProvableError) {
	// What has the keyboard focus, said again as a check the rules read
	// (focus.go).
	if d, e, ok := deriveFocus(claim); ok {
		return d, true, e
	}
	// The item chosen in a submenu, before a menu's item is read as
	// chosen (places.go).
	if d, ok := deriveMenuState(claim); ok {
		return d, true, nil
	}
	// the chosen item's mark said to move (menumoves.go)
	if d, ok := deriveMenuMove(claim); ok {
		return d, true, nil
	}
	// A drop-down's options, or its option picked (options.go).
	if d, e, ok := deriveOptions(claim); ok {
		return d, true, e
	}
	// An action through a menu: open the menu by its control, then
	// choose the item, both guesses that can block but never fail.
	if d, ok := deriveMenu(claim); ok {
		return d, true, nil
	}
	if e := menuAmbiguity(claim); e != nil {
		return Derivation{}, true, e
	}
	// A control's value or state said as people say it (values.go).
	if d, e, ok := deriveValue(claim); ok {
		return d, true, e
	}
	// A place's tab said as the subject, or the preferences in lower
	// case: read as the reach below reads its own forms.
	if d, ok := deriveTabbed(claim); ok {
		return d, true, nil
	}
	if d, ok := deriveClickInPlace(claim); ok {
		return d, true, nil
	}
	// A place named but not opened: open it by the control of its name,
	// a guess that can block the run but never fail it; a dialog named as
	// a box, a tab of the preferences named by the word before them
	// (openers.go), then the forms of reach.go.
	if d, ok := deriveAsideDialog(claim); ok {
		// its opener said in brackets (asides.go)
		return d, true, nil
	}
	if d, ok := deriveOpened(claim); ok {
		return d, true, nil
	}
	// A place said after the check, a menu's several items (places.go).
	if d, ok := derivePlaces(claim); ok {
		return d, true, nil
	}
	if why := unopenedRefusal(claim, r); why != "" {
		if d, ok := deriveReached(claim, why); ok {
			return d, true, nil
		}
	}
	// Lists and their entries with literal texts unquoted (lists.go).
	if d, e, ok := deriveLists(claim); ok {
		return d, true, e
	}
	return Derivation{}, false, nil
}

// Derive turns a one-sentence claim into requirements and a plan, or
// refuses it with a *NotProvableError that says why and offers provable
// rephrasings. It is deterministic and touches no network, browser or
// model; the claim language is described in docs/claims.md.
func Derive(claim string) (d Derivation, err error) {
	defer refuseOnPanic(claim, &d, &err)
	if tooDeep() {
		return Derivation{}, refuseDeep()
	}
	d, err = deriveRules(claim)
	if err != nil {
		// names said without quotes, each found first (guessed.go)
		if d2, ok := deriveGuessed(claim, err); ok {
			d, err = d2, nil
		}
	}
	if err == nil {
		guardGuesses(&d) // scopeguard.go
		statusFromText(&d)
		if r := apiFieldGuard(claim, d); r != nil {
			return Derivation{}, r // apifield.go
		}
		if why := twoSites(d); why != "" {
			return Derivation{}, refuseWith(claim, "out_of_reach", why, nil, true) // deployment.go
		}
		if why, r := saidOfLost(claim, d); why != "" {
			return Derivation{}, refuseWith(claim, "ambiguous", why, []string{r}, true) // beside.go
		}
		// Whichever reader made the plan, and from whichever restatement
		// of the claim: what the claim says goes away is found before the
		// action too, and its quoted texts are used (gone.go, guard.go).
		lx := lexClaim(stripLabel(claim))
		reachNoteOnPage(&d)
		changed := false
		for _, n := range []string{foundFirst(lx, d.Plan), absentFirst(lx, d.Plan), inClickedExact(d.Plan), countedAdds(lx, d.Plan), countedErrors(lx, d.Plan), countedCame(lx, d.Plan), tabPanelScoped(d.Plan), dialogScoped(lx, d.Plan), keptOverReload(claim, d.Plan), shownBefore(claim, d.Plan)} {
			changed = changed || n != ""
			if n != "" && !slices.Contains(d.Notes, n) {
				d.Notes = append(d.Notes, n)
			}
		}
		if changed {
			// steps were put in or changed: which steps prove each
			// requirement is read again
			d2, err2 := Trace(d.Claim, d.Plan, d.Notes)
			if err2 != nil {
				return Derivation{}, refuseWith(claim, "unrecognized", "vouch built a plan it could not validate ("+firstLine(err2.Error())+")", nil, false)
			}
			d = d2
		}
		if why := probeGuards(d); why != "" {
			return Derivation{}, refuseWith(claim, "ambiguous", why, nil, true) // guard_probe.go
		}
		var steps []plan.Step
		for _, j := range d.Plan.Journeys {
			steps = append(steps, j.Steps...)
		}
		whole := d
		whole.Claim = claim
		if why := guardQuotedKept(nil, steps, whole); why != "" {
			return Derivation{}, refuseWith(claim, "ambiguous", why, nil, false)
		}
	}
	var np *NotProvableError
	if errors.As(err, &np) {
		np.Suggestions = slices.DeleteFunc(np.Suggestions, func(s string) bool { return orderQuoted(claim, s) })
	}
	return d, err
}

// orderQuoted reports whether suggestion s quotes a text that holds the
// words that say an order ("Service Discovery in that order") while the
// claim quotes none such: a reading that ran a list's item into its order.
func orderQuoted(claim, s string) bool {
	_, said := maskQuoted(claim)
	_, texts := maskQuoted(s)
	for _, t := range texts {
		if reOrderWords.MatchString(t) && !slices.Contains(said, t) {
			return true
		}
	}
	return false
}

// deriveRules is Derive without the reading of unquoted names as texts
// found first, which tries it on the claim's quoted readings.
func deriveRules(claim string) (d Derivation, err error) {
	if d, ok := deriveJSONPaths(claim); ok {
		// fields named by a dotted path, every word after the verb one
		// (jsonpaths.go): read before the sentence readers, which would
		// take "data.active = true" for a text
		return d, nil
	}
	if reMenuArrowAct.MatchString(strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")) {
		// "choosing New > Folder": a path through a menu, before the
		// sentence readers, which would take "New > Folder" for one
		// name (menu.go)
		if d, ok := deriveMenu(claim); ok {
			return d, nil
		}
	}
	d, err = deriveOnce(claim)
	if err != nil {
		// a claim in a frame or said in other words (frames.go)
		if d2, ok := deriveRestated(claim); ok {
			d, err = d2, nil
		} else if d2, ok := deriveJSONVals(claim); ok {
			// unquoted JSON values, a rule beside its example (jsonvals.go, reasons.go)
			d, err = d2, nil
		} else if e := jvDescribed(claim); e != nil && noSuggestions(err) {
			// an item described as what a path answers: say to quote it
			err = e
		}
	}
	stateEnded := false
	if err == nil && unquotedOrderTail(d) {
		// "lists Update dependencies first": the place is no part of the
		// text (jsonvals.go)
		d2, ok := deriveJSONVals(claim)
		if !ok {
			return Derivation{}, refuse(claim, "ambiguous", "an unquoted text ending in a place in the order (\"first\", \"last\") may be the value and its place: quote the value (\"lists 'X' first\")", nil)
		}
		d = d2
	}
	if err == nil {
		if why := orderInText(d); why != "" {
			// "has Runtime, Flags and Service Discovery in that order":
			// the order went unchecked, its words taken into a text
			return Derivation{}, refuse(claim, "ambiguous", why, nil)
		}
	}
	if err == nil {
		if why := pathInPlan(claim, d.Plan); why != "" {
			// "After choosing File > Save shows …": a path of names
			// taken for one text, which no control shows
			return Derivation{}, refuse(claim, "unrecognized", why, nil)
		}
	}
	if err == nil {
		if why := bareState(d); why != "" {
			d, err, stateEnded = Derivation{}, refuse(claim, "ambiguous", why, nil), true
		}
	}
	var np *NotProvableError
	if err != nil && (stateEnded || !errors.As(err, &np) || np.Cause != "ambiguous") {
		// a control named by its unquoted label, then its state
		// (labels.go); a claim another reader found ambiguous stays so
		if d2, ok := deriveLabelled(claim); ok {
			return d2, nil
		}
	}
	return d, err
}

// pathInPlan refuses a plan that looks for or acts on an unquoted path of
// names ("File > Save") as one text: the claim names several controls in
// a row, and a text of that whole would block or fail a true claim.
func pathInPlan(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			var vs []string
			if s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText {
				vs = append(vs, s.Value)
			}
			if t, err := plan.ParseTarget(s.Target); err == nil && (t.Kind == plan.ByText || t.Kind == plan.ByRole) {
				// (a CSS target's ">" is a child combinator)
				vs = append(vs, t.Value, t.Name)
			}
			for _, v := range vs {
				if v == "" || !pathOfNames([]string{v}) || quotedIn(claim, v) {
					continue
				}
				first, _, _ := strings.Cut(v, " ")
				return fmt.Sprintf("%q is a path of names, not one text: say it as a choice (\"choosing %s shows …\", which opens %s and chooses what follows) or quote each name (\"clicking '%s' and then …\")", v, v, plan.Quote(first), first)
			}
		}
	}
	return ""
}

// bareStateWords end an unquoted name when they say the state of the control
// it names: "has Use port forwarding unticked" is no text "… unticked".
var bareStateWords = map[string]bool{"ticked": true, "unticked": true, "checked": true, "unchecked": true,
	"selected": true, "unselected": true, "deselected": true, "enabled": true, "disabled": true,
	"on": true, "off": true, "set": true, "cleared": true, "greyed": true, "grayed": true, "hidden": true,
	"visible": true, "shown": true, "active": true, "inactive": true, "expanded": true, "collapsed": true}

// bareState refuses a derivation that looks for an unquoted text ending
// in a word that says a control's state: the claim may name a control and
// its state, and the text would fail a true claim.
func bareState(d Derivation) string {
	for _, v := range unquotedTexts(d) {
		f := strings.Fields(strings.ToLower(v))
		if len(f) > 1 && bareStateWords[strings.Trim(f[len(f)-1], ".,;:!?")] {
			return fmt.Sprintf("%q ends in %q, which may say the state of a control named %q rather than be part of a text: quote the name (\"'%s' is %s\") or the whole text", v, f[len(f)-1], strings.Join(strings.Fields(v)[:len(f)-1], " "), strings.Join(strings.Fields(v)[:len(f)-1], " "), f[len(f)-1])
		}
	}
	return ""
}

// reOrderWords are the words that say a list comes in an order.
var reOrderWords = lazyRE(`(?i)\bin (?:that|this|the same|the following|the right|the given|reverse|alphabetical|ascending|descending|numerical|chronological) order\b|\bin order\b`)

// orderInText refuses a derivation that looks for an unquoted text holding
// the words that say an order ("Service Discovery in that order"): the
// reader ran the list's last item into them, so the order the claim names
// is not checked, and the text fails a true claim.
func orderInText(d Derivation) string {
	for _, v := range unquotedTexts(d) {
		if m := reOrderWords.FindString(v); m != "" {
			return fmt.Sprintf("the unquoted text %q runs into %q, which says an order rather than being part of a text: quote each item (\"lists 'A', 'B' and 'C' %s\")", v, m, m)
		}
	}
	return ""
}

// unquotedTexts are the texts a derivation looks for that the claim did
// not quote, as its "Unquoted text “…” …" notes name them.
func unquotedTexts(d Derivation) []string {
	var out []string
	for _, n := range d.Notes {
		rest, ok := strings.CutPrefix(n, "Unquoted text ")
		if !ok {
			continue
		}
		v, err := strconv.QuotedPrefix(rest)
		if err != nil {
			continue
		}
		v, _ = strconv.Unquote(v)
		out = append(out, v)
	}
	return out
}

// deriveOnce is Derive without the restatements of frames.go, which
// derive the claim they restate with it.
func deriveOnce(claim string) (d Derivation, err error) {
	if tooDeep() {
		return Derivation{}, refuseDeep()
	}
	if d2, _, ok := deriveInRegion(claim); ok {
		// a named element in a part of the page, pinned there (inregion.go)
		return d2, nil
	}
	if d2, _, ok := deriveUnder(claim); ok {
		// texts listed under a heading, kept in its section (under.go)
		return d2, nil
	}
	d, r := derive(claim)
	if r == nil {
		// an unquoted literal read with the sentence's words (lists.go)
		if d2, e, ok := listsOverride(claim, d); ok {
			if e != nil {
				return Derivation{}, e
			}
			return d2, nil
		}
	}
	if r != nil {
		if d2, ok, e := derivePlaced(claim, r); ok {
			if e != nil {
				return Derivation{}, e
			}
			return d2, nil
		}
	}
	if r != nil {
		// A claim about an API docs UI ("trying out 'List books' …"):
		// said again in the claim language, with what it guesses marked
		// reach.
		if d2, ok := deriveDocs(claim); ok {
			return d2, nil
		}
		if d2, ok := deriveDocsPart(claim); ok {
			return d2, nil
		}
		if d2, ok := deriveDocsPage(claim); ok {
			return d2, nil
		}
		if d2, ok := deriveDocsNamed(claim); ok {
			// "the docs", "the browser tab" (docs_page.go)
			return d2, nil
		}
		if d2, ok := deriveDocsNames(claim); ok {
			// operations, schemas and sections named unquoted (docs_names.go)
			return d2, nil
		}
		if e := docsTitleAmbiguity(claim); e != nil {
			return Derivation{}, e
		}
		if e := docsOpsAmbiguity(claim); e != nil {
			// a status documented, or a live call's (docs_ops.go)
			return Derivation{}, e
		}
		if d2, ok := deriveEmpty(claim, stripLabel(claim)); ok {
			// an empty JSON response said in words (compose_every.go)
			return d2, nil
		}
		if dr := docsRefusal(claim); dr != nil {
			// "the request URL ends in '/api/books'" (compose_docs.go)
			r = dr
		}
		return Derivation{}, r.notProvable(claim)
	}
	reachChoices(claim, &d) // options.go
	return d, nil
}

// derive is Derive without suggestions, which are themselves derived.
func derive(claim string) (Derivation, *refusal) {
	full := claim
	claim = stripLabel(claim)
	if len(claim) > 4*MaxClaimLen || utf8.RuneCountInString(claim) > MaxClaimLen {
		return Derivation{}, &refusal{cause: "too_long",
			reason: fmt.Sprintf("the claim is %d characters long; a claim is one sentence of at most %d", utf8.RuneCountInString(claim), MaxClaimLen)}
	}
	text := normalizeClaim(claim)
	lx := lexClaim(pageFirst(claim))
	if len(lx.toks) == 0 {
		return Derivation{}, &refusal{cause: "empty", reason: "the claim is empty"}
	}
	if r := secretLeak(lx); r != nil {
		return Derivation{}, r
	}
	if d, r, ok := deriveEvery(full, claim); ok {
		// a rule about every item of a JSON list (compose_every.go)
		return d, r
	}
	p := &parser{lx: lx}
	var items []item
	ok := false
	if openerClause(lx) {
		// "the 'X' dialog you get by pressing 'o'": what opens a dialog,
		// said after it, is read by the compositional reader only.
		if items, ok = composeRead(lx); !ok {
			if _, read := p.parseClaim(); !read {
				return Derivation{}, p.refusal()
			}
			return Derivation{}, &refusal{cause: "unrecognized", reason: "vouch could not read the claim with what opens its dialog: say it in order (\"pressing 'o' opens 'Upload', then pressing Escape …\")"}
		}
	} else if items, ok = uiRead(lx); ok {
		// a dialog that opens and closes (compose_ui.go)
	} else if items, ok = countRead(lx); ok {
		// a text shown a number of times (regions.go)
	} else if items, ok = p.parseClaim(); !ok {
		r := p.refusal()
		if d2, lr, read := deriveLinkDest(full, claim); read {
			// a link to another site, a text that is no link (linkdest.go)
			if lr != nil {
				return Derivation{}, lr
			}
			return d2, nil
		}
		if r.cause != "unrecognized" && !composeMayRead(r) {
			var ar *refusal
			if items, ar, ok = apiMayRead(r, lx); !ok {
				return Derivation{}, orRefusal(ar, r)
			}
		} else if items, ok = composeRead(lx); !ok {
			// The rules could not read it: read it compositionally, then
			// as a claim about what a path answers.
			var ar *refusal
			if items, ar, ok = apiRead(lx); !ok {
				return Derivation{}, orRefusal(ar, r)
			}
		}
	}
	items = uiItems(lx, items)
	a := &assembly{lx: lx}
	scens, r := a.scenarios(items)
	if r != nil && r.cause == "no_check" {
		// "On /profile, the 'Name' field is empty": the rules read a
		// field left empty, to send; the compositional reader, which
		// accounts for every word, may read it as the check it is
		if its, ok := composeRead(lx); ok {
			a2 := &assembly{lx: lx}
			if sc2, r2 := a2.scenarios(uiItems(lx, its)); r2 == nil {
				a, scens, r = a2, sc2, nil
			}
		}
	}
	if r != nil {
		if full == claim && r.cause == "no_check" {
			// "returns 404 and an empty object": the rules read an
			// action and no check; the API reader may read the check
			if d2, ar, ok := apiRetry(full, lx, text); ok {
				return d2, nil
			} else if ar != nil {
				return Derivation{}, ar
			}
		}
		return Derivation{}, r
	}
	pl, r := a.build(text, scens)
	if r != nil {
		return Derivation{}, r
	}
	if full != claim {
		a.note("The label after \"—\" says what the claim leaves out; it is not checked.")
	}
	if n := foundFirst(lx, pl); n != "" {
		a.note(n)
	}
	if n := absentFirst(lx, pl); n != "" {
		a.note(n)
	}
	d, err := Trace(full, pl, a.notes)
	if err != nil {
		// Derive's own plans always trace; a failure is a bug in the
		// rules, reported as a refusal rather than a broken plan.
		return Derivation{}, &refusal{cause: "unrecognized", reason: "vouch built a plan it could not validate (" + firstLine(err.Error()) + ")"}
	}
	if r := apiGuard(lx, d); r != nil {
		if r.retry && full == claim {
			if d2, _, ok := apiRetry(full, lx, text); ok {
				return d2, nil
			}
		}
		return Derivation{}, r
	}
	if r := guard(lx, d); r != nil {
		if full == claim {
			d2, ar, ok := apiRetry(full, lx, text)
			if ok {
				return d2, nil
			}
			r = orRefusal(ar, r)
		}
		return Derivation{}, r
	}
	return d, nil
}

// Trace links a plan's requirements to the assertions that prove them. It
// validates the plan, checks that it survives a canonical round trip, that
// every journey names an existing requirement and asserts something, and
// that every requirement is proven. Every deriver's plans pass through it.
func Trace(claim string, p *plan.Plan, notes []string) (Derivation, error) {
	if p == nil {
		return Derivation{}, plan.Errors{{Message: "no plan"}}
	}
	if err := p.Validate(); err != nil {
		return Derivation{}, err
	}
	q, err := plan.Parse(p.Canonical())
	if err != nil {
		return Derivation{}, err
	}
	if q.ID() != p.ID() {
		return Derivation{}, plan.Errors{{Message: "the plan changes when read back: its canonical form is not stable"}}
	}
	if len(p.Requirements) == 0 {
		return Derivation{}, plan.Errors{{Field: "requirements", Message: "a derived plan needs requirements that its journeys prove"}}
	}
	idx := map[string]int{}
	reqs := make([]DerivedRequirement, len(p.Requirements))
	for i, r := range p.Requirements {
		idx[r.ID] = i
		reqs[i] = DerivedRequirement{ID: r.ID, Text: r.Text, Kind: r.Kind}
	}
	var errs plan.Errors
	for ji, j := range p.Journeys {
		ri, ok := idx[j.Requirement]
		if !ok {
			errs = append(errs, &plan.FieldError{Journey: ji + 1, JourneyName: j.Name, Field: "requirement", Message: "every journey must name the requirement it proves"})
			continue
		}
		n := 0
		for si, s := range j.Steps {
			if s.Kind.IsAssertion() {
				reqs[ri].ProvenBy = append(reqs[ri].ProvenBy, StepRef{Journey: ji + 1, Name: j.Name, Step: si + 1})
				n++
			}
		}
		if n == 0 {
			errs = append(errs, &plan.FieldError{Journey: ji + 1, JourneyName: j.Name, Message: "the journey asserts nothing, so it proves nothing"})
		}
	}
	for i, r := range reqs {
		if len(r.ProvenBy) == 0 {
			errs = append(errs, &plan.FieldError{Field: fmt.Sprintf("requirements[%d]", i), Message: fmt.Sprintf("requirement %s is proven by no assertion", r.ID)})
		}
	}
	if len(errs) > 0 {
		return Derivation{}, errs
	}
	if notes == nil {
		notes = []string{}
	}
	return Derivation{Claim: claim, Requirements: reqs, Plan: p, Notes: notes}, nil
}

// --- assembly ------------------------------------------------------------

// submitsForm reports whether an action's steps are one click or an
// Enter: what sends a form the fields before it were filled in.
func submitsForm(steps []plan.Step) bool {
	return len(steps) == 1 && (steps[0].Kind == plan.Click || steps[0].Kind == plan.Press && steps[0].Value == "Enter")
}

// submitNames are the names of a button that sends what was typed.
var submitNames = []string{"add", "search", "go", "submit", "send", "save", "create", "post", "find", "ok", "enter", "done"}

// submitVerbs start a longer name of such a button ("Add item").
var submitVerbs = []string{"add", "search", "submit", "send", "save", "create", "post", "find"}

// again reports whether pt, an action said right after a value was typed
// and sent with Enter by the part before it ("adding 'Milk'", "searching
// for 'milk'"), sends that value again: a said Enter ("… and pressing
// Enter") is dropped from pt, and a click on a button that sends
// ("… and clicking 'Search'", "'Add item'") takes the place of the Enter,
// which is dropped from the part before. Sent twice, a value may be added
// twice or an empty field sent.
func again(parts []part, pt *part, click string) bool {
	if len(parts) == 0 {
		return false
	}
	last := &parts[len(parts)-1]
	k := len(last.steps) - 1
	if k < 1 || last.check || last.steps[k].Kind != plan.Press || last.steps[k].Value != "Enter" || last.steps[k].Target == "" ||
		last.steps[k-1].Kind != plan.Fill || last.steps[k-1].Target != last.steps[k].Target {
		return false
	}
	if len(pt.steps) == 1 && pt.steps[0].Kind == plan.Press && pt.steps[0].Value == "Enter" && (pt.steps[0].Target == "" || pt.steps[0].Target == last.steps[k].Target) {
		pt.steps = nil
		return true
	}
	name := click
	if name == "" && len(pt.steps) == 1 && pt.steps[0].Kind == plan.Click {
		if t, err := plan.ParseTarget(pt.steps[0].Target); err == nil {
			name = t.Value
			if t.Kind == plan.ByRole {
				name = t.Name
			}
		}
	}
	words := strings.Fields(strings.ToLower(name))
	switch {
	case len(words) == 1 && slices.Contains(submitNames, words[0]):
	case len(words) > 1 && len(words) <= 3 && slices.Contains(submitVerbs, words[0]):
		// "Add item", "Search books"; never "Go back", "Done editing"
	default:
		return false
	}
	last.steps = append([]plan.Step(nil), last.steps[:k]...)
	return true
}

// part is one action or check of a scenario, as the claim said it.
type part struct {
	steps []plan.Step
	check bool
	rkind string
	desc  string
	fill  bool // typed into a field (a later bare click is the form's button)
	// implied: a pending submit said by "filling in the form" (see
	// item.impliedSubmit)
	implied bool
	// byFill: a pending submit a fill implies ("typing an invalid
	// email", "with an empty name"), not one a verb says ("submitting")
	byFill bool
	silent bool   // said by the part before it (a sign-in's button click)
	click  string // a click on a bare text, resolved when the journey is built
	exact  bool   // that text is matched whole and case-sensitively
	button bool   // that click submits a form ("with an empty form")
	seq    bool   // "then" came before it
	notes  []string
	// remember is a target counted before the journey's first action
	// (remember_count "before"), for a check that compares with it.
	remember string
	// newOf is a kind of element said shown after an action ("clicking
	// 'Other' shows a text field"): counted just before the action this
	// check follows and found more often after it.
	newOf string
}

// scenario is one journey's worth of claim: a page, then actions and
// checks in order.
type scenario struct {
	page     *pageRef
	needPage *pageRef // the page an action implies (sign-in: /login)
	subjPage bool     // page is the subject of the claim's checks ("/about shows X when …")
	parts    []part
	actions  int
	checks   int
	pending  *part // a deferred submit click
}

type assembly struct {
	lx    *lexed
	notes []string
}

func (a *assembly) note(ns ...string) {
	for _, n := range ns {
		if n == "" {
			continue
		}
		dup := false
		for _, m := range a.notes {
			if m == n {
				dup = true
				break
			}
		}
		if !dup {
			a.notes = append(a.notes, n)
		}
	}
}

// drop removes a note that a later reading made untrue.
func (a *assembly) drop(n string) {
	out := a.notes[:0]
	for _, m := range a.notes {
		if m != n {
			out = append(out, m)
		}
	}
	a.notes = out
}

func (a *assembly) scenarios(items []item) ([]*scenario, *refusal) {
	items = mergeCredentials(items)
	items = moveSuffixPages(items)
	items = movePostfixConditions(items)

	var out []*scenario
	cur := &scenario{}
	seq := false
	finish := func() {
		if len(cur.parts) > 0 || cur.pending != nil {
			out = append(out, cur)
		}
	}
	flush := func() {
		if cur.pending != nil {
			cur.parts = append(cur.parts, *cur.pending)
			cur.pending = nil
		}
	}
	for i := range items {
		it := &items[i]
		switch it.kind {
		case iConn:
			if it.seq {
				seq = true
			}
			a.note(it.notes...)
			continue
		case iCond, iSubject:
			a.note(it.notes...)
			if len(it.steps) > 0 {
				// A subject named by a quoted text ("the 'orders'
				// section") shows that text.
				flush()
				cur.parts = append(cur.parts, part{steps: append([]plan.Step(nil), it.steps...), check: true, rkind: "presence", seq: seq})
				cur.checks++
			}
			continue
		case iNoop:
			a.note(it.notes...)
			if it.formClick {
				for k := len(cur.parts) - 1; k >= 0; k-- {
					if cur.parts[k].click != "" {
						cur.parts[k].button = true
						break
					}
				}
			}
			continue
		case iPage:
			pg := it.page
			switch {
			case pg.formGuess && cur.page != nil && !cur.page.formGuess && cur.actions == 0:
				// "On /help/, sending the contact form …": the form is on
				// the page the claim names.
				a.note(fmt.Sprintf("%q taken as the form on %s.", strings.TrimSpace(pg.phrase), cur.page.path))
				seq = false
				continue
			case pg.generic && (cur.page != nil || cur.actions > 0 || cur.checks > 0):
				// "then the page shows": the page in front of the user.
			case cur.page == nil && cur.checks == 0 && (cur.actions == 0 || cur.needPage == nil):
				cur.page = &pg
				cur.subjPage = it.subject
			case cur.actions > 0 && pg.guess && pg.via == "" && cur.page != nil && cur.page.path == pg.path && cur.pending == nil && inPlace(cur.parts):
				// "On /todos, after adding 'Milk', the todo list shows …":
				// the place guessed from its name is the page the journey
				// is on, and typing never left it; opening it again would
				// reload away what the actions did.
				a.note(fmt.Sprintf("%q taken as %s, the page the journey is on: it is not opened again.", strings.TrimSpace(pg.phrase), pg.path))
				seq = false
				continue
			case cur.actions > 0:
				if afterCond(items, i) && cur.page != nil && cur.page.path != pg.path {
					// "Clicking 'Logout' on the dashboard (after /tree)":
					// the page said after "after" comes first, yet the
					// action already has a page of its own: a path said
					// there replaces a page guessed from its name (as
					// "the status page at /status" does); any other pair
					// of pages is refused.
					if cur.page.guess && strings.HasPrefix(strings.TrimSpace(pg.phrase), "/") && !slices.ContainsFunc(cur.parts, func(p part) bool {
						return slices.ContainsFunc(p.steps, func(s plan.Step) bool { return s.Kind == plan.Visit })
					}) {
						a.drop(cur.page.note)
						a.note(fmt.Sprintf("%q is taken to be the page at %s, which the claim says comes first.", strings.TrimSpace(cur.page.phrase), pg.path))
						cur.page = &pg
						a.note(pg.note)
						seq = false
						continue
					}
					return nil, &refusal{cause: "ambiguous", reason: fmt.Sprintf("the claim acts on %s and says it comes after %s: say where the action happens, e.g. \"After opening %s, clicking …\"", pageDesc(*cur.page), pg.path, pg.path)}
				}
				// A page named mid-flow is visited in the same browser,
				// so a session survives: "after signing in, /settings ...".
				flush()
				cur.parts = append(cur.parts, part{steps: viaSteps(pg), rkind: "navigation", desc: "go to " + pageDesc(pg), seq: seq})
				cur.actions++
				a.note(fmt.Sprintf("%s is visited in the same browser after the steps before it, so a session carries over.", pageDesc(pg)))
			case cur.checks > 0:
				finish()
				cur = &scenario{page: &pg}
			case it.pastAction && cur.page != nil && cur.subjPage && cur.page.path != pg.path:
				// "The home page, when I click 'About', shows 'Team' on
				// /about": the claim starts on its subject page and names
				// where the action leads; starting on the second page
				// would skip the first.
				return nil, &refusal{cause: "ambiguous", reason: fmt.Sprintf("the claim starts on %s and names %s after an action: say \"clicking … opens %s\" to check where it leads, or name one page", cur.page.path, pg.path, pg.path)}
			default:
				// "The status page at /status": the path the claim names
				// replaces the guess from the page's name.
				if cur.page != nil && (cur.page.note != "" || cur.page.generic && cur.page.phrase != "") && strings.HasPrefix(strings.TrimSpace(pg.phrase), "/") {
					// ("The page at /x": neither the guess nor the home page)
					a.drop(cur.page.note)
					a.drop(homePageNote(cur.page.phrase))
					a.note(fmt.Sprintf("%q is the page at %s.", strings.TrimSpace(cur.page.phrase), pg.path))
				}
				cur.page = &pg
			}
			if !pg.generic || cur.page == &pg {
				a.note(pg.note)
			}
			if pg.generic && cur.page == &pg && pg.phrase != "" {
				a.note(homePageNote(pg.phrase))
			}
			seq = false
		case iAction, iReload:
			if cur.checks > 0 && cur.actions == 0 && !seq {
				// "The home page shows X and clicking Docs opens /docs":
				// a separate journey on the same page.
				page := cur.page
				finish()
				cur = &scenario{page: page}
			}
			var after *pageRef
			if it.signin && it.postfix && cur.page != nil && cur.subjPage && cur.actions == 0 && !signInPath(cur.page.path) {
				// "/about shows 'Team' when signed in": sign in on the
				// sign-in page, then open the page the checks are about.
				after, cur.page = cur.page, nil
			}
			if it.signin && cur.page == nil && cur.needPage == nil {
				cur.needPage = &pageRef{path: "/login", guess: true, note: "The sign-in form is taken to be on /login, a guess: a path the app does not have (an error status) blocks the run — name the page (\"on /signin, signing in ...\") if it lives elsewhere."}
			}

			if it.kind == iReload {
				flush()
				cur.parts = append(cur.parts, part{rkind: "navigation", desc: "reload the page", seq: seq, steps: []plan.Step{{Kind: plan.Reload}}})
				cur.actions++
				seq = false
				continue
			}
			if it.replacePassword && len(cur.parts) > 0 && cur.parts[len(cur.parts)-1].rkind == "sign-in" {
				// "signing in with a wrong password": the made-up password
				// replaces the secret.
				last := &cur.parts[len(cur.parts)-1]
				last.steps = append([]plan.Step(nil), last.steps...)
				last.steps[1] = it.steps[0]
				last.desc = strings.SplitN(last.desc, " with the password", 2)[0] + fmt.Sprintf(" with the password %q", it.steps[0].Value)
				var notes []string
				for _, n := range last.notes {
					if !strings.HasPrefix(n, "No secret named") {
						notes = append(notes, n)
					}
				}
				last.notes = append(notes, it.notes...)
				continue
			}
			if n := len(cur.parts); n > 0 && cur.parts[n-1].rkind == "sign-in" && len(it.steps) == 1 && it.steps[0].Kind == plan.Fill && it.steps[0].Value == "" && it.steps[0].Secret == "" {
				// "signing in without a password": the field the sign-in
				// would fill is left empty, rather than filled and cleared.
				last := &cur.parts[n-1]
				if k := signInField(last.steps, it.steps[0].Target); k >= 0 {
					last.steps = append([]plan.Step(nil), last.steps...)
					last.steps[k] = plan.Step{Kind: plan.Fill, Target: last.steps[k].Target}
					if k == 1 {
						last.desc = strings.SplitN(last.desc, " with the password", 2)[0] + " with an empty password"
					} else {
						_, pw, _ := strings.Cut(last.desc, " with the password")
						last.desc = "sign in with an empty user name and the password" + pw
					}
					continue
				}
			}
			pt := part{steps: append([]plan.Step(nil), it.steps...), rkind: it.rkind, desc: it.desc, seq: seq, notes: it.notes}
			if it.signin {
				pt.rkind = "sign-in"
				pt.desc = signInDesc(it)
			}
			for _, s := range it.steps {
				switch s.Kind {
				case plan.Fill, plan.Select, plan.Check, plan.Uncheck:
					pt.fill = true
				}
			}
			pt.click, pt.exact = it.click, it.clickExact
			if d := it.deferred; d != nil && len(it.steps) == 0 && cur.pending != nil && cur.pending.implied && len(cur.pending.steps) == 1 &&
				cur.pending.steps[0].Kind == d.Kind && cur.pending.steps[0].Target == d.Target {
				// "filling in the form with 'Ann' as the name and
				// submitting it": one submit, not two clicks
				cur.pending = nil
			}
			if p := cur.pending; p != nil && (p.implied || p.byFill) && !p.silent && !it.fillish && it.deferred == nil && submitsForm(it.steps) {
				// "typing an invalid email and clicking 'Sign up'": the
				// click (or Enter) the claim says is the submit the fill
				// implied, not a second one
				cur.pending = nil
			}
			if !it.fillish || cur.pending == nil {
				flush()
			}
			if again(cur.parts, &pt, it.click) {
				a.note("The Enter or the button the claim says after typing the value is the one that sends it: it is pressed or clicked once.")
				if len(pt.steps) == 0 && pt.click == "" {
					continue
				}
			}
			switch n := len(cur.parts); {
			case len(pt.steps) == 0:
			case it.beforeClick && n > 0 && len(cur.parts[n-1].steps) == 1 && (cur.parts[n-1].steps[0].Kind == plan.Click || cur.parts[n-1].steps[0].Kind == plan.Press):
				// "clicking Send with email a@b.co": fill, then click; said
				// of a repeated click ("clicking Send twice with …"), before
				// the first of them
				k := n - 1
				for k > 0 && len(cur.parts[k-1].steps) == 1 && reflect.DeepEqual(cur.parts[k-1].steps[0], cur.parts[n-1].steps[0]) {
					k--
				}
				cur.parts = append(cur.parts[:k], append([]part{pt}, cur.parts[k:]...)...)
			default:
				cur.parts = append(cur.parts, pt)
			}
			if it.deferred != nil {
				cur.pending = &part{steps: []plan.Step{*it.deferred}, rkind: pt.rkind, desc: "submit the form", silent: it.signin, implied: it.impliedSubmit, byFill: it.fillish && len(it.steps) > 0}
			}
			cur.actions++
			seq = false
			if after != nil {
				flush()
				cur.parts = append(cur.parts, part{steps: viaSteps(*after), rkind: "navigation", desc: "go to " + pageDesc(*after)})
				cur.actions++
				a.note(fmt.Sprintf("%s is visited in the same browser after signing in, so the session carries over.", pageDesc(*after)))
			}
		case iCheck:
			flush()
			for _, st := range it.steps {
				if (st.Kind == plan.ExpectText || st.Kind == plan.ExpectNoText) && nativeValidation(st.Value) {
					return nil, &refusal{cause: "out_of_reach", reason: fmt.Sprintf("%q reads like the browser's own validation bubble, which it draws outside the page: no page text holds it, so a plan would decide failed whatever the form does; quote a message the page itself shows, or say where the page stays (\"… stays on /x\")", st.Value)}
				}
			}
			if it.rkind == "emptied" {
				// "clicking 'Reset' clears the 'Name' field" holds of a
				// field that was empty all along unless something was
				// typed into it first
				if !typedInto(cur.parts, it.steps[0].Target) {
					return nil, &refusal{cause: "unsupported", reason: "a field said to be cleared must hold something first, or an empty field passes whatever the action did: say what is typed into it before (\"after typing 'Bob' in 'Name', clicking 'Reset' clears the 'Name' field\")"}
				}
				it.rkind = "value"
			}
			if f, v := keptValue(cur.parts, it.steps); f != "" {
				// "typing 'Bob' into 'Name' and reloading keeps 'Bob'":
				// what a field keeps over a reload is its value, which
				// the page's text does not hold
				kept := func(ss []plan.Step) []plan.Step {
					out := append([]plan.Step(nil), ss...)
					for k := range out {
						if out[k].Kind == plan.ExpectText && out[k].Target == "" && out[k].Value == v {
							out[k] = plan.Step{Kind: plan.ExpectValue, Target: f, Value: v}
						}
					}
					return out
				}
				it.steps, it.pre, it.desc = kept(it.steps), kept(it.pre), ""
				it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("%q was typed into a field and the page reloaded with nothing sent: what is kept is checked as the field's value, which the page's text does not include.", v))
			}
			if len(it.pre) > 0 {
				// What the last action takes away is checked just before
				// it: "adding 'milk' and deleting it makes 'milk' go".
				// What goes away is found before the action it goes
				// after, not before a reload that follows that action
				// ("'Hi' is no longer shown after clicking 'Hide' and
				// reloading"); what stays ("still") is found just
				// before the reload.
				at := -1
				for k := len(cur.parts) - 1; k >= 0; k-- {
					if cur.parts[k].check {
						if at >= 0 {
							break
						}
						continue
					}
					at = k
					if !it.preGone || !reloadOnly(cur.parts[k]) {
						break
					}
				}
				if at >= 0 {
					pre := part{steps: append([]plan.Step(nil), it.pre...), check: true, rkind: "presence"}
					cur.parts = append(cur.parts[:at], append([]part{pre}, cur.parts[at:]...)...)
				}
			}
			pt := part{steps: append([]plan.Step(nil), it.steps...), check: true, rkind: it.rkind, desc: it.desc, seq: seq, notes: it.notes, remember: it.remember}
			if cur.actions > 0 && len(it.pre) == 0 && it.remember == "" && len(it.steps) == 1 && it.steps[0].Kind == plan.ExpectVisible && bareKind(it.steps[0].Target) {
				newShown(&pt)
			}
			cur.parts = append(cur.parts, pt)
			cur.checks++
			seq = false
		}
	}
	flush()
	if len(cur.parts) == 0 && cur.page != nil && len(out) > 0 {
		return nil, &refusal{cause: "no_check", reason: fmt.Sprintf("the claim names %s but says nothing about it", cur.page.path)}
	}
	finish()
	if len(out) == 0 {
		return nil, &refusal{cause: "no_check", reason: "the claim says where to go but not what should be there"}
	}
	for _, s := range out {
		if s.checks == 0 {
			r := &refusal{cause: "no_check", reason: "the claim says what to do but not what should happen then"}
			// Only a bare action ("Clicking 'Docs'") gets a guessed
			// destination: a claim that says more would be changed by one.
			if len(a.lx.lits) == 1 && len(a.lx.toks) <= 4 {
				if sl := slug(a.lx.lits[0]); sl != "" {
					r.suggest = append(r.suggest, a.lx.text+" opens /"+sl)
				}
			}
			r.suggest = append(r.suggest, a.lx.text+" loads without errors")
			return nil, r
		}
	}
	return out, nil
}

func signInDesc(it *item) string {
	d := "sign in"
	if u := it.steps[0]; u.Secret != "" {
		d += " as the user in the secret " + u.Secret
	} else if u.Value != "" {
		d += " as " + u.Value
	}
	return d + " with the password from the secret " + it.steps[1].Secret
}

// sendsForm reports steps that send the form they fill: Enter pressed.
func sendsForm(steps []plan.Step) bool {
	for _, st := range steps {
		if st.Kind == plan.Press && strings.EqualFold(st.Value, "Enter") {
			return true
		}
	}
	return false
}

// resolveClicks aims each click on a bare text: after fields are filled
// (or when the claim says a form is sent) it is the form's button,
// otherwise whatever shows that text.
func resolveClicks(parts []part) {
	filled := false
	for i := range parts {
		pt := &parts[i]
		if pt.fill {
			filled = true
		}
		if sendsForm(pt.steps) || pt.rkind == "sign-in" {
			// signing in presses Enter: the form is sent, and what is
			// clicked next is on the page that follows
			filled = false
		}
		if pt.click == "" {
			continue
		}
		pt.steps = append([]plan.Step(nil), pt.steps...)
		if !filled && !pt.button && commandLabel(pt.click) {
			// "Clicking 'Switch to dark mode'": a text that says what a
			// control toggles is a button's name, often only its
			// aria-label (an icon button), which the visible text misses.
			pt.retarget(plan.Target{Kind: plan.ByRole, Value: "button", Name: pt.click})
			pt.notes = append(append([]string(nil), pt.notes...), fmt.Sprintf("%q says what a control toggles, so it is taken as a button's name (its text or label).", pt.click))
			continue
		}
		if filled || pt.button {
			pt.retarget(plan.Target{Kind: plan.ByRole, Value: "button", Name: pt.click})
			why := "After fields are filled"
			if !filled {
				why = "Sending a form"
			}
			filled = false // the button sends the form
			pt.notes = append(append([]string(nil), pt.notes...), fmt.Sprintf("%s, %q is taken as the form's button.", why, pt.click))
		} else {
			// A whole, case-sensitive match waits for the element that
			// says exactly this, rather than a paragraph that mentions it.
			pt.retarget(plan.Target{Kind: plan.ByText, Value: pt.click, Exact: pt.exact})
			how := "its visible text"
			if pt.exact {
				how = "its exact visible text"
			}
			pt.notes = append(append([]string(nil), pt.notes...), fmt.Sprintf("%q is clicked by %s (a link, a button or any element showing it).", pt.click, how))
		}
	}
}

// retarget aims the part's click at t, keeping the part of the page the
// click was pinned inside ("clicking 'Cancel' in the dialog"), in every
// step that looked for the same target.
func (pt *part) retarget(t plan.Target) {
	old := pt.steps[0].Target
	if o, err := plan.ParseTarget(old); err == nil {
		t.In = o.In
	}
	for i := range pt.steps {
		if pt.steps[i].Target == old {
			pt.steps[i].Target = t.String()
		}
	}
}

// mergeCredentials folds "with the secret X" into the sign-in before it.
func mergeCredentials(items []item) []item {
	out := items[:0:0]
	for _, it := range items {
		if it.kind != iCred {
			out = append(out, it)
			continue
		}
		for k := len(out) - 1; k >= 0; k-- {
			if out[k].signin {
				s := out[k]
				s.steps = append([]plan.Step(nil), s.steps...)
				s.steps[1].Secret = it.secret
				if it.emailSec != "" {
					s.steps[0].Value, s.steps[0].Secret = "", it.emailSec
				}
				s.secret = it.secret
				var notes []string
				for _, n := range s.notes {
					if !strings.HasPrefix(n, "No secret named") && !(it.emailSec != "" && strings.HasPrefix(n, "The user name is typed")) {
						notes = append(notes, n)
					}
				}
				s.notes = notes
				out[k] = s
				break
			}
		}
	}
	return out
}

// moveSuffixPages moves "... on the home page" to the start of what it
// qualifies: "clicking 'Docs' on the home page opens /docs".
func moveSuffixPages(items []item) []item {
	for i := 1; i < len(items); i++ {
		it := items[i]
		if it.kind != iPage || it.visit {
			continue
		}
		pk := items[i-1].kind
		if pk != iAction && pk != iCheck && pk != iReload {
			continue
		}
		j := i - 1
		for j >= 0 {
			k := items[j].kind
			if k == iAction || k == iReload || k == iNoop || k == iCheck {
				j--
				continue
			}
			if k == iConn && !items[j].seq && j > 0 && items[j-1].kind != iCheck {
				j--
				continue
			}
			break
		}
		at := j + 1
		for k := at; k < i; k++ {
			if items[k].kind == iAction || items[k].kind == iReload {
				it.pastAction = true
			}
		}
		copy(items[at+1:i+1], items[at:i])
		items[at] = it
	}
	return items
}

// typedInto reports whether parts type a text into the field target.
func typedInto(parts []part, target string) bool {
	for _, pt := range parts {
		for _, st := range pt.steps {
			if st.Kind == plan.Fill && st.Target == target && (st.Value != "" || st.Secret != "") {
				return true
			}
		}
	}
	return false
}

// keptValue returns the field a check's text was typed into, and the
// text, when the check looks for that text on the page after a reload
// and nothing was sent since the typing (no click, no key): then the
// text can only be the field's value.
func keptValue(parts []part, steps []plan.Step) (field, value string) {
	if len(steps) != 1 || steps[0].Kind != plan.ExpectText || steps[0].Target != "" {
		return "", ""
	}
	v := steps[0].Value
	reloaded := false
	for k := len(parts) - 1; k >= 0; k-- {
		pt := parts[k]
		switch {
		case pt.check:
		case reloadOnly(pt):
			reloaded = true
		default:
			for _, st := range pt.steps {
				if st.Kind != plan.Fill && st.Kind != plan.WaitFor {
					return "", ""
				}
			}
			for _, st := range pt.steps {
				if st.Kind == plan.Fill && st.Value == v && st.Secret == "" && reloaded {
					return st.Target, v
				}
			}
			return "", ""
		}
	}
	return "", ""
}

// reloadOnly reports whether a part only reloads the page.
func reloadOnly(pt part) bool {
	for _, st := range pt.steps {
		if st.Kind != plan.Reload {
			return false
		}
	}
	return len(pt.steps) > 0
}

// onlyActionsAfter reports whether items hold actions (and what joins
// them) to the end, and no check, condition or subject.
func onlyActionsAfter(items []item) bool {
	for _, it := range items {
		switch it.kind {
		case iAction, iCred, iReload, iNoop, iConn:
		default:
			return false
		}
	}
	return true
}

// movePostfixConditions turns "X is shown after doing Y" into "doing Y,
// X is shown", and "doing X after doing Y" into "doing Y, doing X".
func movePostfixConditions(items []item) []item {
	items = moveActionAfterAction(items)
	for c := 0; c < len(items); c++ {
		if items[c].kind != iCond {
			continue
		}
		k := c - 1
		for k >= 0 && items[k].kind == iNoop {
			k--
		}
		if k < 0 || items[k].kind != iCheck {
			continue
		}
		g := k
		for g > 0 {
			pk := items[g-1].kind
			if pk == iCheck || pk == iSubject || pk == iPage && !items[g-1].visit || pk == iConn && !items[g-1].seq {
				g--
				continue
			}
			break
		}
		ins := g
		for ins < c && items[ins].kind == iPage {
			ins++
		}
		e := c + 1
		for e < len(items) {
			kk := items[e].kind
			if kk == iAction || kk == iCred || kk == iReload || kk == iNoop || kk == iPage {
				e++
				continue
			}
			// "… after clicking 'Add' and reloading": a reload joined on is
			// the condition's too (the check went before it).
			if kk == iConn && !items[e].seq && e+1 < len(items) && (items[e+1].kind == iAction || items[e+1].kind == iCred || items[e+1].kind == iReload) {
				e++
				continue
			}
			// "'Milk' is still there after clicking 'Delete' and then
			// 'Cancel'": actions after "then" that end the claim with no
			// check of their own are the condition's too (the check went
			// between them, and nothing was checked after 'Cancel').
			if kk == iConn && items[e].seq && e+1 < len(items) && (items[e+1].kind == iAction || items[e+1].kind == iCred || items[e+1].kind == iReload) && onlyActionsAfter(items[e+1:]) {
				e++
				continue
			}
			break
		}
		if e == c+1 {
			continue
		}
		moved := append([]item(nil), items[c+1:e]...)
		for x := range moved {
			moved[x].postfix = true
		}
		rest := append([]item(nil), items[ins:c]...)
		out := append(append(append(items[:ins:ins], moved...), rest...), items[e:]...)
		items = out
		c = ins + len(moved) + len(rest) - 1
	}
	return items
}

// errorStatus reports whether the parts expect an error status (400 and
// up). Such a page's other checks stay in its journey: the runner fails a
// journey whose visit meets an error status it does not expect, so a
// journey of its own for "shows 'Not found'" would decide failed.
func errorStatus(parts []part) bool {
	for _, pt := range parts {
		for _, st := range pt.steps {
			if st.Kind == plan.ExpectStatus && st.Status >= 400 {
				return true
			}
		}
	}
	return false
}

// build makes the plan: one journey per scenario, or per check when a
// scenario only looks at a page (but see errorStatus).
func (a *assembly) build(text string, scens []*scenario) (*plan.Plan, *refusal) {
	pl := &plan.Plan{Version: plan.Version, Name: planName(text)}
	type journey struct {
		j   plan.Journey
		req plan.Requirement
	}
	var js []journey
	for _, s := range scens {
		page := s.page
		if page == nil || page.generic && page.path == "" {
			switch {
			case s.needPage != nil:
				page = s.needPage
			default:
				page = &pageRef{path: "/"}
				a.note("No page named: the journey starts on the home page (/); name the page (\"on /signup, ...\") if it starts elsewhere.")
			}
		}
		a.note(page.note)
		resolveClicks(s.parts)
		groups := [][]part{s.parts}
		if s.actions == 0 && s.checks > 1 && !errorStatus(s.parts) {
			groups = nil
			for _, pt := range s.parts {
				groups = append(groups, []part{pt})
			}
		}
		for _, g := range groups {
			steps := viaSteps(*page)
			for _, pt := range g {
				if pt.remember != "" {
					steps = append(steps, plan.Step{Kind: plan.RememberCount, Target: pt.remember, Ref: "before"})
					break
				}
			}

			counts := countsBefore(g)
			for k, pt := range g {
				ps := pt.steps
				if c := counts[k]; len(c) > 0 {
					// The count waits for the action's target, so the page
					// has rendered what it had before the action.
					if ps[0].Kind == plan.WaitFor {
						steps, ps = append(steps, ps[0]), ps[1:]
					} else if ps[0].Target != "" {
						steps = append(steps, plan.Step{Kind: plan.WaitFor, Target: ps[0].Target})
					}
					steps = append(steps, c...)
				}
				steps = append(steps, ps...)
				a.note(pt.notes...)
			}
			js = append(js, journey{j: plan.Journey{Steps: steps}, req: plan.Requirement{Text: reqText(pageDesc(*page), g), Kind: reqKind(g)}})
		}
	}
	// The same journey said twice is checked once.
	var uniq []journey
	var plain []plan.Journey
	seen := map[string]bool{}
	for _, j := range js {
		b := stepsKey(j.j.Steps)
		if seen[b] {
			a.note("A part of the claim is said twice; it is checked once.")
			continue
		}
		seen[b] = true
		uniq = append(uniq, j)
		plain = append(plain, j.j)
	}
	if r := contradictions(plain); r != nil {
		return nil, r
	}
	for i, j := range uniq {
		id := fmt.Sprintf("R%d", i+1)
		j.req.ID = id
		j.j.Requirement = id
		j.j.Name = id + " " + shorten(strings.TrimSuffix(j.req.Text, "."), 72)
		pl.Requirements = append(pl.Requirements, j.req)
		pl.Journeys = append(pl.Journeys, j.j)
	}
	for _, j := range pl.Journeys {
		for _, s := range j.Steps {
			if (s.Kind == plan.Fill || s.Kind == plan.Select) && s.Value != "" && secretField(s.Target) && !madeUpPassword(s.Value) {
				return nil, &refusal{cause: "secret", reason: "the claim puts a password in clear text; vouch never stores passwords in plans"}
			}
		}
	}
	return pl, nil
}

// pageDesc names a page in a requirement: its path, or how it is reached.
func pageDesc(pg pageRef) string {
	if pg.via != "" {
		return fmt.Sprintf("the page the link %q on / opens", pg.via)
	}
	return pg.path
}

// stepsKey is a journey's steps in canonical form, to compare journeys.
func stepsKey(steps []plan.Step) string {
	var b strings.Builder
	for _, s := range steps {
		x, _ := s.MarshalJSON()
		b.Write(x)
	}
	return b.String()
}

// contradictions finds two checks of the same page state that cannot both
// hold: "shows 'A'" and "doesn't show 'A'", two titles, two statuses.
func contradictions(js []plan.Journey) *refusal {
	type seen struct {
		key string
		s   plan.Step
	}
	var all []seen
	for _, j := range js {
		var key strings.Builder
		for _, s := range j.Steps {
			if !s.Kind.IsAssertion() {
				x, _ := s.MarshalJSON()
				key.Write(x)
				continue
			}
			all = append(all, seen{key.String(), s})
		}
	}
	for i := range all {
		for k := i + 1; k < len(all); k++ {
			if all[i].key != all[k].key {
				continue
			}
			if clash(all[i].s, all[k].s) || clash(all[k].s, all[i].s) {
				return &refusal{cause: "contradiction", reason: fmt.Sprintf("the claim contradicts itself: %s, and %s",
					strings.TrimPrefix(lowerFirst(all[i].s.Describe()), "check that "), strings.TrimPrefix(lowerFirst(all[k].s.Describe()), "check that "))}
			}
		}
	}
	return nil
}

func clash(a, b plan.Step) bool {
	switch {
	case a.Kind == plan.ExpectText && b.Kind == plan.ExpectNoText:
		return a.Target == b.Target && strings.Contains(strings.ToLower(a.Value), strings.ToLower(b.Value))
	case a.Kind == plan.ExpectVisible && b.Kind == plan.ExpectHidden:
		return a.Target == b.Target
	case a.Kind == b.Kind && a.Kind == plan.ExpectTitle:
		return !strings.EqualFold(a.Value, b.Value)
	case a.Kind == b.Kind && a.Kind == plan.ExpectStatus:
		return a.Status != b.Status
	case a.Kind == b.Kind && a.Kind == plan.ExpectURL:
		return a.Value != b.Value
	case a.Kind == b.Kind && a.Kind == plan.ExpectCount:
		return a.Target == b.Target && a.Count != b.Count
	case a.Kind == plan.ExpectCount && b.Kind == plan.ExpectVisible:
		return a.Target == b.Target && a.Count == 0
	}
	return false
}

// reqText writes a requirement as a sentence a reviewer can check.
func reqText(path string, parts []part) string {
	var segs []string
	var acts, checks []string
	flushSeg := func() {
		if len(acts) > 0 && len(checks) > 0 {
			segs = append(segs, strings.Join(acts, ", ")+"; then "+joinAnd(checks))
		} else if len(acts) > 0 {
			segs = append(segs, strings.Join(acts, ", "))
		} else if len(checks) > 0 {
			segs = append(segs, joinAnd(checks))
		}
		acts, checks = nil, nil
	}
	hasAction := false
	for _, pt := range parts {
		if pt.check {
			checks = append(checks, partDesc(pt))
			continue
		}
		hasAction = true
		if len(checks) > 0 {
			flushSeg()
		}
		if d := partDesc(pt); d != "" && !pt.silent {
			acts = append(acts, d)
		}
	}
	flushSeg()
	if !hasAction {
		return fmt.Sprintf("On %s, %s.", path, strings.Join(segs, "; "))
	}
	return fmt.Sprintf("On %s: %s.", path, strings.Join(segs, "; then "))
}

func partDesc(pt part) string {
	if pt.desc != "" {
		return pt.desc
	}
	var ds []string
	for i, s := range pt.steps {
		if s.Kind == plan.WaitFor && s.Reach && i+1 < len(pt.steps) && pt.steps[i+1].Target == s.Target && (pt.steps[i+1].Kind == plan.ExpectText || pt.steps[i+1].Kind == plan.ExpectNoText) {
			// the part a text is looked for in, found first: said with
			// the check, which is what the requirement is about
			continue
		}
		d := lowerFirst(s.Describe())
		d = strings.TrimPrefix(d, "check that ")
		if i > 0 && pt.steps[i-1].Kind == plan.WaitFor && pt.steps[i-1].Reach && pt.steps[i-1].Target == s.Target && (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) {
			d += " (found first: a page without it blocks the run)"
		}
		ds = append(ds, d)
	}
	if pt.check {
		return joinAnd(ds)
	}
	return strings.Join(ds, ", ")
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// reqKind names what a journey proves, by its most telling part.
func reqKind(parts []part) string {
	var signin, fill, nav, checkThenAct, seq bool
	checked := false
	actions, adds := 0, 0
	for _, pt := range parts {
		if pt.check {
			checked = true
			continue
		}
		actions++
		if strings.HasPrefix(pt.desc, "add ") {
			if adds++; adds > 1 {
				seq = true
			}
		}
		if checked {
			checkThenAct = true
		}
		if pt.seq && actions > 1 {
			seq = true
		}
		switch pt.rkind {
		case "sign-in":
			signin = true
		case "form":
			fill = true
		default:
			nav = true
		}
	}
	switch {
	case signin:
		return "sign-in"
	case checkThenAct || seq:
		return "sequence"
	case fill:
		return "form"
	case nav:
		return "navigation"
	}
	for _, pt := range parts {
		if pt.check {
			return pt.rkind
		}
	}
	return "presence"
}

func planName(text string) string {
	return shorten(text, 200)
}

func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func madeUpPassword(v string) bool {
	for _, p := range testPasswords {
		if v == p {
			return true
		}
	}
	return false
}

// reActionAt finds a page named inside the action that opens a claim:
// "Signing in at /account/ as bob@…", "Sending the contact form at /help/
// with …".
var reActionAt = lazyRE(`(?i)^((?:signing|logging) in|(?:sending|submitting|filling in|filling out) the (?:[\w -]{1,30}? )?form|searching|filtering) (?:at|on) (/\S*)\s+`)

// pageFirst says the page of such a claim first ("On /account/, signing in
// as bob@…"), which is how the rules read a page and the steps on it.
func pageFirst(claim string) string {
	m := reActionAt.FindStringSubmatchIndex(claim)
	if m == nil {
		return claim
	}
	return "On " + claim[m[4]:m[5]] + ", " + claim[m[2]:m[3]] + " " + claim[m[1]:]
}

// signInPath reports a path that reads as a sign-in page, where a claim's
// sign-in happens itself.
func signInPath(path string) bool {
	l := strings.ToLower(path)
	for _, w := range []string{"login", "log-in", "signin", "sign-in", "sign_in", "auth", "session"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// signInField is the index of the sign-in's fill (0: the user, 1: the
// password) of the field target names, or -1.
func signInField(steps []plan.Step, target string) int {
	for k := 0; k < 2 && k < len(steps); k++ {
		if steps[k].Kind == plan.Fill && strings.EqualFold(steps[k].Target, target) {
			return k
		}
	}
	return -1
}

// moveActionAfterAction reads "pressing Escape after pressing 'o' hides X"
// in the order it happens: the actions said after "after" (or "once",
// "when") that follows an action directly come first.
func moveActionAfterAction(items []item) []item {
	for c := 1; c < len(items); c++ {
		if items[c].kind != iCond || !isAct(items[c-1].kind) {
			continue
		}
		g := c - 1
		for g > 0 && (isAct(items[g-1].kind) || items[g-1].kind == iNoop || items[g-1].kind == iConn && !items[g-1].seq && g > 1 && isAct(items[g-2].kind)) {
			g--
		}
		e := c + 1
		for e < len(items) && (isAct(items[e].kind) || items[e].kind == iCred || items[e].kind == iNoop ||
			items[e].kind == iConn && !items[e].seq && e+1 < len(items) && (isAct(items[e+1].kind) || items[e+1].kind == iCred)) {
			e++
		}
		if e == c+1 {
			continue
		}
		before := append([]item(nil), items[g:c]...)
		moved := append([]item(nil), items[c+1:e]...)
		out := append(append(append(append(items[:g:g], moved...), item{kind: iConn, seq: true}), before...), items[e:]...)
		items = out
		c = g + len(moved) + 1 + len(before)
	}
	return items
}

func isAct(k itemKind) bool { return k == iAction || k == iReload }

// afterCond reports whether the item at i is said right after a condition
// word ("after /tree"), connectors and words of no step aside.
func afterCond(items []item, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch items[k].kind {
		case iCond:
			return true
		case iNoop, iConn:
			continue
		}
		return false
	}
	return false
}

// commandLabel reports a text that says what a control toggles ("Switch
// to dark mode", "Toggle sidebar", "Turn off sound"): a button's name.
func commandLabel(s string) bool {
	l := strings.ToLower(s)
	for _, p := range []string{"switch to ", "toggle ", "turn on ", "turn off ", "enable ", "disable "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// maxDeriveFrames bounds how deep readings may nest: a claim is read by
// rewriting it and reading the rewrite, and its refusal's suggestions are
// read the same way, so a rewrite that comes back to itself would recurse
// until the goroutine's stack overflows, which no recover catches and
// which ends the process. Ordinary claims nest a few hundred frames deep.
const maxDeriveFrames = 4000

// tooDeep reports whether the caller is nested deeper than
// maxDeriveFrames; it walks at most that many frames.
func tooDeep() bool {
	var pcs [maxDeriveFrames]uintptr
	return runtime.Callers(1, pcs[:]) == len(pcs)
}

// refuseDeep is the refusal of a claim whose readings nest too deep: no
// suggestions, since deriving them would nest deeper still.
func refuseDeep() error {
	reason := "vouch could not read the claim: its readings nested too deep (a rewrite that leads back to itself)"
	return &NotProvableError{Cause: "unrecognized", Reason: reason,
		Prompt: "vouch cannot prove this claim: " + reason + ".\nRephrase it as a page and something a browser can see there, in order.\n"}
}

// inPlace reports steps that keep the browser on its page: typing,
// ticking, choosing and checks, but no click, visit or reload.
func inPlace(parts []part) bool {
	for _, p := range parts {
		for _, s := range p.steps {
			switch s.Kind {
			case plan.Fill, plan.Press, plan.Check, plan.Uncheck, plan.Select, plan.WaitFor:
			default:
				if !s.Kind.IsAssertion() {
					return false
				}
			}
		}
	}
	return true
}

// bareKind reports a target that names a kind of element and nothing
// more: role=textbox, role=button, css=form, css=img.
func bareKind(target string) bool {
	t, err := plan.ParseTarget(target)
	if err != nil || t.Within != "" || t.Nth != 0 {
		return false
	}
	switch t.Kind {
	case plan.ByRole:
		// Kinds a page shows only after something happens (a dialog, an
		// alert, a menu) are not counted: one already there is rare, and
		// the menu and dialog readings build on the plain check.
		switch t.Value {
		case "dialog", "alertdialog", "alert", "status", "menu", "listbox", "tooltip":
			return false
		}
		return t.Name == ""
	case plan.ByCSS:
		return t.Value == "form" || t.Value == "img"
	}
	return false
}

// newShown turns "an action shows a <kind>" into one more of that kind
// than just before the action: a page that already shows a text field
// (or a button, a form, an image) would pass a plain visibility check
// whatever the action did.
func newShown(pt *part) {
	st := pt.steps[0]
	if pt.desc == "" {
		pt.desc = partDesc(*pt) + " that was not shown before"
	}
	pt.newOf = st.Target
	pt.steps = []plan.Step{{Kind: plan.ExpectCount, Target: st.Target, Ref: newOfRef(st.Target), Compare: plan.CountAtLeast, Count: 1}}
	what := st.Target
	if t, err := plan.ParseTarget(st.Target); err == nil {
		what = t.Describe()
	}
	pt.notes = append(append([]string(nil), pt.notes...), fmt.Sprintf("That the action shows %s is checked by counting the visible matches just before the action and after it: one more after (a page the action leads to is compared with the page it left).", what))
}

// newOfRef is the name a count taken for newShown is remembered under.
func newOfRef(target string) string {
	t, _ := plan.ParseTarget(target)
	return "before_" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, strings.ToLower(t.Value))
}

// countsBefore returns, for each action part of g, the counts to take
// before it: one of each kind a later check says the action shows (newOf).
func countsBefore(g []part) map[int][]plan.Step {
	out := map[int][]plan.Step{}
	for i, pt := range g {
		if pt.newOf == "" {
			continue
		}
		k := i - 1
		for k >= 0 && g[k].check {
			k--
		}
		if k < 0 || len(g[k].steps) == 0 {
			continue
		}
		out[k] = append(out[k], plan.Step{Kind: plan.RememberCount, Target: pt.newOf, Ref: newOfRef(pt.newOf)})
	}
	return out
}

// reNativeValidation matches the messages browsers show in their own
// bubble when a form control fails its constraints (Chromium's and
// Firefox's English wording); the page's text never holds them.
var reNativeValidation = lazyRE(`(?i)^\s*(?:please (?:fill (?:out|in) this field|include an '@' in the email address|enter an email address|enter a (?:url|number|valid value|date)|match the (?:requested|format requested)|select an item in the list|select one of these options|check this box|lengthen this text|shorten this text|use at least \d+ characters)|value must be (?:greater|less) than or equal to)`)

// nativeValidation reports whether a text is a browser's constraint
// validation message.
func nativeValidation(v string) bool {
	return reNativeValidation.MatchString(v)
}

// homePageNote says a page the claim names generically ("the page", "the
// app") is taken as the home page.
func homePageNote(phrase string) string {
	return fmt.Sprintf("%q taken as its home page (/).", strings.TrimSpace(phrase))
}
