package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The focus reader reads what has the keyboard focus, as QA and
// accessibility people say it:
//
//	Pressing '/' on /plans focuses the 'Search' box
//	On /plans, pressing Tab twice puts the focus on the 'Skip to content' link
//	After pressing Shift+Tab on /cart, the Checkout button has the focus
//	On /login, the 'Email' field is focused by default
//	Clicking 'Edit' puts the cursor in the 'Name' field
//
// The focus clause is said again as a check the rules read ("… shows the
// 'Search' box", "the Checkout button is visible"), so that every action,
// page and place before it is read as the rules read it, and that check,
// the plan's last, becomes expect_focused on the same target. What gets
// the focus must be a named control: a quoted text or a capitalised name
// with a control noun (link, button, field, box, …). A description ("the
// operations list", "the first result", "the search box") is refused: a
// focus check on a guessed element could fail a true claim. A quoted text
// with no noun is refused with the readings as a link, a button and a
// field ("Tab focuses 'Save'": the link or the button's name, or a
// field's label?). Tab, Shift+Tab and "N times" are the rules' key presses.

// focusNoun is a kind of control that takes the focus.
const focusNoun = `link|button|field|text field|box|text box|textbox|search box|search field|input|checkbox|check box|radio button|radio|tab|menu item|dropdown|drop-down|select|combobox|text area|textarea|switch|toggle|heading|dialog|slider`

const (
	fcQuoted = `'[^']{1,60}'|"[^"]{1,60}"`
	// the named control: [the] 'Q' [noun], or [the] Cap Name noun
	fcTarget = `(?P<x>(?i:the )?(?:(?P<q>` + fcQuoted + `)(?: (?P<qn>(?i:` + focusNoun + `)))?|(?P<cap>[A-Z][\w-]*(?: [\w-]+){0,3}?) (?P<cn>(?i:` + focusNoun + `))))`
	// what follows the check: a page, or "by default"
	fcTail  = `(?: (?i:at the (?:very )?(?:bottom|top|end))(?: (?i:of the page))?)?(?P<tail> (?i:on|at) /[^\s,]*| (?i:on) (?i:the) [a-z][\w-]*(?: [a-z][\w-]*)? page)?(?P<dflt> (?i:by default|on page load|on load|when the page loads|when it loads|when the page opens|right away|immediately))?`
	fcFocus = `(?:(?i:the )?(?i:keyboard |input )?(?i:focus))`
	fcCaret = `(?:(?i:the )?(?i:text )?(?i:cursor|caret))`
)

var (
	// ACTIONS focuses X · puts/moves/… the focus on X · keeps the focus on X
	reFocusVerb = lazyRE(`^(?P<pre>.+?),? (?:(?i:should |will |then )?(?P<verb>(?i:focuses|focusses|focus|focused|puts|places|sets|moves|brings|sends|takes|shifts|gives|returns|keeps|leaves|put|place|set|move|bring|send|take|shift|give|return|keep|leave)) (?:` + fcFocus + `|` + fcCaret + `) (?i:on|onto|to|into|in|inside) ` + fcTarget + `|(?i:should |will |then )?(?P<verb2>(?i:focuses|focusses|focus)) ` + fcTarget + `)` + fcTail + `$`)
	// [PREFIX, |and |then ] X is focused · X has/gets/receives the focus
	reFocusSubj = lazyRE(`^(?P<pre>.+?(?:,| (?i:and|then)|, (?i:and|then)) )?` + fcTarget + ` (?P<verb>(?i:is focused|gets focused|becomes focused|stays focused|remains focused|is in focus|is the focused element|(?:has|gets|receives|gains|takes|keeps|holds|retains|has got) ` + fcFocus + `))` + fcTail + `$`)
	// [PREFIX, ] the focus is on X · the cursor is in X
	reFocusOn = lazyRE(`^(?P<pre>.+?, )?(?:` + fcFocus + `|` + fcCaret + `) (?P<verb>(?i:is|lands|goes|moves|jumps|shifts|stays|remains|ends up|returns|is now|sits|is placed|is put|is set)) (?i:on|onto|to|into|in|inside|at) ` + fcTarget + fcTail + `$`)
	// a target that describes a control rather than naming it
	reFocusAny = lazyRE(`(?i)\b(?:focuses|focusses|focused|focus|cursor|caret)\b`)
)

// reBareTab is Tab said as the action without a verb: "Tab focuses X",
// "On /x, Shift+Tab twice focuses X".
var reBareTab = lazyRE(`(?:^|, )((?i:the )?(?i:shift\+tab|shift-tab|tab)(?i: key)?(?: (?i:once|twice|three times|\d+ times))?),?\s*$`)

// reFocusNeg ends an action part that negates the focus clause after it.
var reFocusNeg = lazyRE(`(?i)(?:\bnot|n't|\bnever|\bno longer|\bfails to|\bshouldn't|\bwon't)(?: (?:should|will|then))?,?\s*$`)

// focusNotName are capitalised first words that name no control.
var focusNotName = map[string]bool{"The": true, "A": true, "An": true, "This": true, "That": true, "It": true,
	"Its": true, "Their": true, "Every": true, "Each": true, "First": true, "Last": true, "Next": true, "Main": true}

// focusGroups reads a regexp's named groups.
func focusGroups(re *lazyRegexp, s string) map[string]string {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	g := map[string]string{}
	for i, n := range re.SubexpNames() {
		if n != "" && m[i] != "" && g[n] == "" {
			g[n] = m[i]
		}
	}
	return g
}

// focusReading is a focus claim said again as a visibility check.
type focusReading struct {
	said  string // the claim with the focus clause as a check the rules read
	x     string // the control, as the claim names it
	dflt  string // "by default", "on page load": no action before the check
	notes []string
	// guess: the control's name is unquoted, so it is found first and a
	// name read wrongly blocks the run rather than failing it
	guess bool
}

// focusRewrite says a focus claim again with its focus clause as a
// visibility check of the same control; ok is false when the claim has
// no focus clause this reader knows. A clause whose control is no named
// one is a refusal.
func focusRewrite(c string) (focusReading, *refusal, bool) {
	var g map[string]string
	subj := false
	for _, re := range []*lazyRegexp{reFocusVerb, reFocusSubj, reFocusOn} {
		if g = focusGroups(re, c); g != nil {
			subj = re != reFocusVerb
			break
		}
	}
	if g == nil {
		return focusReading{}, nil, false
	}
	if m := reBareTab.FindStringSubmatchIndex(g["pre"]); m != nil {
		// "Tab focuses X": the key, which the rules would read as a tab
		// of the page
		g["pre"] = g["pre"][:m[2]] + "pressing " + g["pre"][m[2]:]
	}
	if reFocusNeg.MatchString(g["pre"]) {
		// "pressing Tab does not focus X": where the focus is not
		// is no check a step makes
		return focusReading{}, nil, false
	}
	x := g["x"]
	noun := strings.ToLower(g["qn"] + g["cn"])
	if g["cap"] != "" && focusNotName[strings.Fields(g["cap"])[0]] {
		return focusReading{}, nil, false
	}
	if g["q"] != "" && noun == "" {
		// "Tab focuses 'Save'": a link, a button or a field?
		r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%s names no kind of control, and a focus check needs one: the %s link, the %s button or the %s field? (a focus check on the wrong element could fail a true claim)", g["q"], g["q"], g["q"], g["q"])}
		for _, n := range []string{"link", "button", "field"} {
			// x is the claim's last mention of it ("typing 'a' into 'Note'
			// focuses 'Note'")
			i := strings.LastIndex(c, x)
			r.suggest = append(r.suggest, c[:i]+"the "+g["q"]+" "+n+c[i+len(x):])
		}
		return focusReading{}, r, true
	}
	fr := focusReading{x: x, dflt: strings.TrimSpace(g["dflt"])}
	check := x
	if g["cap"] != "" {
		// said with its name quoted, so that the rules read it as the
		// control's name and nothing else
		check = "the '" + g["cap"] + "' " + g["cn"]
		fr.notes = append(fr.notes, fmt.Sprintf("Unquoted %q is taken as the %s's name, a guess: the control is found first, so if the page has none of that name the run is blocked, not failed.", g["cap"], strings.ToLower(g["cn"])))
		fr.guess = true
	}
	if !strings.HasPrefix(strings.ToLower(check), "the ") {
		check = "the " + check
	}
	tail := g["tail"]
	if subj {
		pre := g["pre"]
		if pre == "" {
			fr.said = upperFirst(check) + " is visible" + tail
		} else {
			fr.said = pre + check + " is visible" + tail
		}
	} else {
		fr.said = strings.TrimSuffix(g["pre"], ",") + " shows " + check + tail
	}
	v := strings.ToLower(g["verb"] + " " + g["verb2"])
	switch {
	case strings.Contains(v, "keep") || strings.Contains(v, "stay") || strings.Contains(v, "remain") || strings.Contains(v, "retain") || strings.Contains(v, "hold") || strings.Contains(v, "leave"):
		fr.notes = append(fr.notes, "That the focus stays is checked after the actions: where it was before them is not checked.")
	case strings.Contains(v, "move") || strings.Contains(v, "shift") || strings.Contains(v, "return") || strings.Contains(v, "jump") || strings.Contains(v, "goes"):
		fr.notes = append(fr.notes, "Where the focus ends up is checked; where it was before is not.")
	}
	return fr, nil, true
}

// deriveFocus derives a focus claim; ok is false when the claim has no
// focus clause this reader knows, true with a refusal when it has one
// whose control is not named or whose reading the rules refuse.
func deriveFocus(claim string) (Derivation, *NotProvableError, bool) {
	c := strings.TrimSpace(normalizeClaim(stripLabel(claim)))
	c = strings.TrimRight(c, ".!")
	if !reFocusAny.MatchString(c) {
		return Derivation{}, nil, false
	}
	fr, r, ok := focusRewrite(c)
	if !ok {
		if why := focusDescribed(c); why != "" {
			return Derivation{}, refuse(claim, "unsupported", why, nil), true
		}
		return Derivation{}, nil, false
	}
	if r != nil {
		return Derivation{}, refuseWith(claim, r.cause, r.reason, r.suggest, true), true
	}
	d, err := deriveOnce(fr.said)
	if err != nil {
		return Derivation{}, nil, false
	}
	d2, ok := focusSwap(claim, d, fr)
	if !ok {
		return Derivation{}, nil, false
	}
	return d2, nil, true
}

// focusSwap turns the visibility check that ends each journey into a
// focus check of the same target; ok is false when the plan is not of
// that shape (the check is not last, the target names no control, or it
// is checked elsewhere too).
func focusSwap(claim string, d Derivation, fr focusReading) (Derivation, bool) {
	pl := d.Plan
	if pl == nil || len(pl.Journeys) == 0 {
		return Derivation{}, false
	}
	var target string
	for ji := range pl.Journeys {
		j := &pl.Journeys[ji]
		n := len(j.Steps)
		if n == 0 {
			return Derivation{}, false
		}
		last := &j.Steps[n-1]
		if last.Kind != plan.ExpectVisible || last.Reach || (target != "" && last.Target != target) {
			return Derivation{}, false
		}
		target = last.Target
		t, err := plan.ParseTarget(target)
		if err != nil || !focusNamed(t) {
			return Derivation{}, false
		}
		acts := 0
		for _, s := range j.Steps[:n-1] {
			if s.Kind.IsAssertion() && s.Target == target {
				// "appears": a check before the actions of the same
				// control, which a focus claim does not make
				return Derivation{}, false
			}
			if s.Kind == plan.Press && s.Target != "" {
				// "pressing Enter on 'Skip'": the rules take 'Skip' for
				// a field's label, and a link or button of that name
				// would fail the claim
				return Derivation{}, false
			}
			if !s.Kind.IsAssertion() && s.Kind != plan.Visit && !s.Reach {
				acts++
				if at, err := plan.ParseTarget(s.Target); s.Target != "" && (err != nil || at.Kind == plan.ByRole && at.Name == "") {
					// "Tab" read as a tab of the page, not the key
					return Derivation{}, false
				}
			}
		}
		if fr.dflt != "" && acts > 0 {
			return Derivation{}, false
		}
		last.Kind = plan.ExpectFocused
		if fr.guess {
			j.Steps = append(j.Steps[:n-1], plan.Step{Kind: plan.WaitFor, Target: target, Reach: true}, *last)
		}
	}
	reqs := make([]plan.Requirement, len(pl.Requirements))
	copy(reqs, pl.Requirements)
	for i := range reqs {
		t := reqs[i].Text
		if !strings.HasSuffix(t, " is visible.") {
			return Derivation{}, false
		}
		reqs[i].Text = strings.TrimSuffix(t, " is visible.") + " has the keyboard focus."
	}
	pl.Requirements = reqs
	for ji := range pl.Journeys {
		j := &pl.Journeys[ji]
		for _, r := range reqs {
			if j.Requirement == r.ID {
				j.Name = r.ID + " " + shorten(strings.TrimSuffix(r.Text, "."), 72)
			}
		}
	}
	pl.Name = planName(normalizeClaim(stripLabel(claim)))
	notes := append([]string{}, d.Notes...)
	notes = append(notes, fmt.Sprintf("%s is checked to have the keyboard focus (the page's focused element is it, or a field inside it, or the field its label names).", upperFirst(strings.TrimSpace(fr.x))))
	if fr.dflt != "" {
		notes = append(notes, fmt.Sprintf("%q: checked once the page has loaded, with nothing done first.", fr.dflt))
	}
	notes = append(notes, fr.notes...)
	d2, err := Trace(claim, pl, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d2, true
}

// focusNamed is true of a target that names one control: a role with a
// name, a label or a placeholder.
func focusNamed(t plan.Target) bool {
	switch t.Kind {
	case plan.ByRole:
		return t.Name != ""
	case plan.ByLabel, plan.ByPlaceholder:
		return t.Value != ""
	}
	return false
}

// reFocusDescribed finds a focus clause whose control is described, not
// named: "moves the focus to the operations list", "the first result is
// focused".
var reFocusDescribed = lazyRE(`(?i)(?:(?:focuses|focusses|focus|cursor|caret) (?:(?:is |lands |goes |moves |jumps |stays |remains |ends up |returns )?(?:on|onto|to|into|in|inside) )?(?P<a>the [a-z][\w -]{0,40}?)|(?P<b>the [a-z][\w -]{0,40}?) (?:is focused|gets focused|becomes focused|(?:has|gets|receives|gains|takes|keeps) (?:the )?(?:keyboard )?focus))(?: on /\S*| by default)?$`)

// focusDescribed says why a focus clause whose control is described is
// refused; "" when the claim has none, or when the rest of it is refused
// too (named, the control would not make it derive): that refusal is
// the one to give.
func focusDescribed(c string) string {
	g := focusGroups(reFocusDescribed, c)
	if g == nil {
		return ""
	}
	what := g["a"] + g["b"]
	i := strings.LastIndex(c, what)
	if fr, r, ok := focusRewrite(c[:i] + "the 'Named' link" + c[i+len(what):]); !ok || r != nil {
		return ""
	} else if _, err := deriveOnce(fr.said); err != nil {
		return ""
	}
	return fmt.Sprintf("%q describes what gets the focus without naming it: a focus check on a guessed element could fail a true claim; name the control by its text, quoted, with its kind (\"the 'Search' box\", \"the 'Skip to content' link\")", what)
}
