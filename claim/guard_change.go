package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Guards on claims about a change over time whose plan checked another
// change: found by probing the readers with phrasings people use (a
// negated change read as the opposite change, an action said after its
// outcome done last, "still" checked before the action that causes it).
// Each refuses; where one rephrasing would pick a reading, none is offered.

// reNegatedChange is a change said not to happen: "doesn't become
// enabled", "never gets disabled", "doesn't get unticked".
var reNegatedChange = lazyRE(`(?i)(?:\bnot|n't|\bnever)\s+(?:become|becomes|get|gets|turn|turns|go|goes|grow|grows)\s+(?:enabled|disabled|ticked|unticked|checked|unchecked|selected|unselected|active|inactive|visible|hidden|greyed\s+out|grayed\s+out|clickable|editable|empty)\b`)

// negatedChangeWhy is guardNegatedChange's reason.
const negatedChangeWhy = " says a state stays as it was, and was read as the opposite change: say the state before and after (\"the 'Save' button is disabled, and typing 'A' into 'Name' leaves it disabled\")"

// guardNegatedChange: "the 'Save' button doesn't become enabled after
// typing" was read as "enabled before, disabled after".
func guardNegatedChange(_ []gword, _ []plan.Step, d Derivation) string {
	if m := wordsMatched(writtenWords(d), reNegatedChange); m != "" {
		return fmt.Sprintf("%q"+negatedChangeWhy, m)
	}
	return ""
}

// reLateAction is an action said after the outcome it leads to: "clicking
// 'Save' shows 'Saved' after typing 'Ann' into 'Name'".
var reLateAction = lazyRE(`(?i)\b(?:after|once|when|upon|on)\s+(?:typing|entering|filling|ticking|unticking|checking|unchecking|selecting|choosing|picking|clicking|pressing|adding|setting|uploading|dragging|hovering|scrolling|signing|logging)\b`)

// lateActionWhy is guardLateAction's reason.
const lateActionWhy = " comes after the action and outcome it should come before, and was done last: say the steps in the order they happen (\"typing 'Ann' into 'Name' and clicking 'Save' shows 'Saved'\")"

// guardLateAction: an action said with "after" once another action and
// its outcome have been said was done after them, so the outcome was
// checked of a form not yet filled.
func guardLateAction(_ []gword, steps []plan.Step, d Derivation) string {
	text := writtenWords(d)
	loc := reLateAction.FindStringIndex(text)
	if loc == nil || !reActionWord.MatchString(text[:loc[0]]) {
		return ""
	}
	// an outcome said between the first action and the late one
	if !reOutcomeWord.MatchString(text[:loc[0]]) {
		return ""
	}
	return fmt.Sprintf("%q"+lateActionWhy, strings.TrimSpace(text[loc[0]:loc[1]]))
}

var (
	reActionWord  = lazyRE(`(?i)\b(?:clicking|pressing|typing|entering|filling|ticking|unticking|selecting|choosing|submitting|adding|tapping|hitting)\b`)
	reOutcomeWord = lazyRE(`(?i)\b(?:shows?|displays?|gives|works|leads|takes|opens|hides|removes|adds|enables|disables|reveals|brings\s+up|keeps|leaves)\b`)
)

// reStillSaid is "still" (or "again") said of a text the claim has
// already said an action shows.
var reStillSaid = lazyRE(`(?i)\b(?:still|again|remains|stays)\b`)

// stillWhy is guardStillSaid's reason.
const stillWhy = " said of a text the claim says an action shows was checked before that action too: say what is shown after each step (\"adding 'Milk' shows 'Milk', and reloading shows 'Milk'\")"

// guardStillSaid: "adding 'Milk' shows '1 item left' and reloading still
// shows '1 item left'" required the text before anything was added.
func guardStillSaid(_ []gword, steps []plan.Step, d Derivation) string {
	text := normalizeClaim(stripLabel(d.Claim))
	loc := reStillSaid.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	before := lexClaim(pageFirst(text[:loc[0]])).lits
	after := lexClaim(pageFirst(text[loc[1]:])).lits
	if len(after) == 0 && len(before) > 1 {
		// "… and after reloading 'Milk' is still shown": the text said
		// just before "still"
		after, before = before[len(before)-1:], before[:len(before)-1]
	}
	if len(after) == 0 || !reOutcomeWord.MatchString(text[:loc[0]]) || !reActionWord.MatchString(text[:loc[0]]) {
		return ""
	}
	for _, a := range after {
		for _, b := range before {
			if a != "" && strings.EqualFold(a, b) && checkedBeforeActing(steps, a) {
				return fmt.Sprintf("%q"+stillWhy, strings.TrimSpace(text[loc[0]:loc[1]]))
			}
		}
	}
	return ""
}

// checkedBeforeActing reports whether steps check text before their first
// action.
func checkedBeforeActing(steps []plan.Step, text string) bool {
	for _, s := range steps {
		switch s.Kind {
		case plan.Click, plan.Fill, plan.Press, plan.Check, plan.Uncheck, plan.Select, plan.Reload, plan.Hover, plan.DblClick:
			return false
		case plan.ExpectText, plan.ExpectVisible, plan.ExpectHidden, plan.ExpectNoText:
			if strings.Contains(s.Value+s.Target, text) {
				return true
			}
		}
	}
	return false
}

// reBugReport is a claim that says what should happen and what happens:
// "is supposed to show 'Saved' but shows 'Error'".
var reBugReport = lazyRE(`(?i)\b(?:supposed|meant|expected|should|ought)\b.*\bbut\b`)

// bugReportWhy is guardBugReport's reason.
const bugReportWhy = "the claim says what should happen and what happens now: say which one the run is to check"

func guardBugReport(_ []gword, _ []plan.Step, d Derivation) string {
	if reBugReport.MatchString(normalizeClaim(stripLabel(d.Claim))) {
		return bugReportWhy
	}
	return ""
}

// reNotGone is a text said not to go away: "'Error' does not go away
// after clicking 'Retry'", read as shown more often after the click.
var reNotGone = lazyRE(`(?i)(?:\bnot|n't|\bnever)\s+(?:go\s+away|goes\s+away|disappear|disappears|vanish|vanishes|clear|clears)\b`)

const notGoneWhy = " says a text stays as it was, and was read as one the action shows: say it is shown before and after (\"'Error' is shown, and clicking 'Retry' still shows 'Error'\")"

func guardNotGone(_ []gword, _ []plan.Step, d Derivation) string {
	if m := wordsMatched(writtenWords(d), reNotGone); m != "" {
		return fmt.Sprintf("%q"+notGoneWhy, m)
	}
	return ""
}

// reStaysState is a control said to keep its state across an action:
// "'Notifications' stays ticked after reloading".
var reStaysState = lazyRE(`(?i)\b(?:stays|stay|remains|remain|is\s+still|are\s+still|still)\s+(?:ticked|unticked|checked|unchecked|enabled|disabled|selected|greyed\s+out|grayed\s+out|on|off|empty)\b`)

const staysStateWhy = " says a state is kept, but the plan checks it only after the action: say the state before too (\"'Notifications' is ticked, and reloading keeps it ticked\")"

// guardStaysState: a state said kept must be checked before the action as
// well; a plan that checks it only after passes a box the action ticked.
func guardStaysState(_ []gword, steps []plan.Step, d Derivation) string {
	why := staysStateWhy
	m := wordsMatched(writtenWords(d), reStaysState)
	if m == "" {
		// "the 'Notifications' checkbox is no longer ticked after
		// clicking 'Reset'": it was ticked before
		if m = wordsMatched(writtenWords(d), reNoLongerState); m == "" {
			return ""
		}
		why = noLongerStateWhy
	}
	acted := false
	for _, s := range steps {
		switch s.Kind {
		case plan.Reload:
			// a reload sets no state: a box ticked after it was ticked
			// before, or is ticked on every load ("stays on after
			// reloading" keeps its reading)
		case plan.Click, plan.Fill, plan.Press, plan.Check, plan.Uncheck, plan.Select, plan.Hover, plan.DblClick:
			acted = true
		case plan.ExpectChecked, plan.ExpectUnchecked, plan.ExpectEnabled, plan.ExpectDisabled, plan.ExpectValue:
			if !acted {
				return "" // the state before is checked
			}
		}
	}
	if !acted {
		return ""
	}
	return fmt.Sprintf("%q"+why, m)
}

// reNoLongerState is a control said to have left a state: "is no longer
// ticked after clicking 'Reset'".
var reNoLongerState = lazyRE(`(?i)\bno\s+longer\s+(?:ticked|unticked|checked|unchecked|enabled|disabled|selected|greyed\s+out|grayed\s+out|on|off|empty)\b`)

const noLongerStateWhy = " says the state was the opposite before the action, but the plan checks it only after: say the state before too (\"'Notifications' is ticked, and clicking 'Reset' unticks it\")"

// guardTypedRemoved: "typing 'Ann' into 'Name' and clicking 'Clear'
// removes 'Ann'" looked for "Ann" as a text of the page, which a field's
// value is not.
func guardTypedRemoved(_ []gword, steps []plan.Step, _ Derivation) string {
	typed := map[string]bool{}
	for _, s := range steps {
		if s.Kind == plan.Fill && s.Value != "" {
			typed[s.Value] = true
		}
		if (s.Kind == plan.ExpectHidden || s.Kind == plan.ExpectVisible) && strings.HasPrefix(s.Target, "text=") {
			v := strings.Trim(strings.TrimPrefix(s.Target, "text="), `"`)
			if typed[v] {
				return fmt.Sprintf("%q"+typedNoTextWhy, v)
			}
		}
	}
	return ""
}

// contradictionWhy is guardContradiction's reason.
const contradictionWhy = " is checked both shown and not shown with no step between: one reading of the claim contradicts another"

// guardContradiction: a text checked present and absent with no action
// between fails whatever the page does ("hides 'Banner' and after
// reloading 'Banner' is still hidden" checked it shown before the reload).
func guardContradiction(_ []gword, steps []plan.Step, _ Derivation) string {
	shown, gone := map[string]bool{}, map[string]bool{}
	for _, s := range steps {
		var text string
		present := true
		switch s.Kind {
		case plan.ExpectText:
			text = s.Value
		case plan.ExpectNoText:
			text, present = s.Value, false
		case plan.ExpectVisible, plan.ExpectHidden:
			if !strings.HasPrefix(s.Target, "text=") {
				continue
			}
			text, present = strings.Trim(strings.TrimPrefix(s.Target, "text="), `"`), s.Kind == plan.ExpectVisible
		case plan.Visit, plan.Click, plan.Fill, plan.Press, plan.Check, plan.Uncheck, plan.Select, plan.Reload, plan.Hover, plan.DblClick, plan.GoBack:
			shown, gone = map[string]bool{}, map[string]bool{}
			continue
		default:
			continue
		}
		if present && gone[text] || !present && shown[text] {
			return fmt.Sprintf("%q"+contradictionWhy, text)
		}
		if present {
			shown[text] = true
		} else {
			gone[text] = true
		}
	}
	return ""
}

// changeWhys are the reasons of these guards, none of which offers a
// rephrasing.
var changeWhys = []string{negatedChangeWhy, lateActionWhy, stillWhy, bugReportWhy, notGoneWhy, staysStateWhy, noLongerStateWhy, contradictionWhy, typedNoTextWhy, visitLastWhy, notBothWhy, keepsYouOnWhy}

// typedNoTextWhy and visitLastWhy are the parts of two reasons that
// noRephrasing finds them by.
const (
	typedNoTextWhy = " is typed into a field, and a field's value is no text of the page: say \"the 'Name' field is empty\" or what the page shows"
	visitLastWhy   = " the check was made before "
)

// noRephrasing reports whether a guard's reason offers no rephrasing.
func noRephrasing(why string) bool {
	for _, w := range changeWhys {
		if strings.Contains(why, w) {
			return true
		}
	}
	return strings.Contains(why, someOfTheTimeWhy) || strings.Contains(why, shownAndMoreWhy) || strings.Contains(why, clearsFieldWhy)
}

// guardTypedAfterDblClick: "double-clicking 'Milk' and typing 'Oat milk'"
// typed into the page's first text field, often the one that adds a new
// item, so an edit in place that does not work passed.
func guardTypedAfterDblClick(_ []gword, steps []plan.Step, _ Derivation) string {
	dbl := false
	for _, s := range steps {
		switch {
		case s.Kind == plan.DblClick:
			dbl = true
		case s.Kind == plan.Fill && dbl && s.Target == "role=textbox":
			return "the text typed after the double-click names no field, and the page's first text field may be another one (the one that adds an item): say which field (\"typing 'Oat milk' into the 'Edit' field\")"
		}
	}
	return ""
}

// guardVisitLast: a journey that ends by visiting a page checks nothing
// there ("clicking 'Accept' doesn't show 'Cookies' again on /about"
// checked /p, then went to /about).
func guardVisitLast(_ []gword, _ []plan.Step, d Derivation) string {
	for _, j := range d.Plan.Journeys {
		if n := len(j.Steps); n > 1 && j.Steps[n-1].Kind == plan.Visit {
			return fmt.Sprintf("the claim names %s after its check, and"+visitLastWhy+"%s was visited: say the page first (\"on %s, …\")", j.Steps[n-1].Value, j.Steps[n-1].Value, j.Steps[n-1].Value)
		}
	}
	return ""
}

// keptOverReload: "the 'Remember me' box stays ticked after reloading"
// checked the box only after the reload, so a box that was unticked and
// comes back ticked passed. The state the claim says is kept is checked
// just before the reload too; the note says so ("" when nothing changed).
func keptOverReload(claim string, p *plan.Plan) string {
	if p == nil || wordsMatched(normalizeClaim(stripLabel(claim)), reStaysState) == "" {
		return ""
	}
	changed := false
	for ji := range p.Journeys {
		j := &p.Journeys[ji]
		for i, s := range j.Steps {
			if s.Kind != plan.Reload {
				continue
			}
			for k := i + 1; k < len(j.Steps); k++ {
				c := j.Steps[k]
				if !stateKinds[c.Kind] {
					continue
				}
				before := false
				for _, b := range j.Steps[:i] {
					before = before || b.Kind == c.Kind && b.Target == c.Target
				}
				if !before {
					pre := plan.Step{Kind: c.Kind, Target: c.Target, Value: c.Value}
					j.Steps = append(j.Steps[:i:i], append([]plan.Step{pre}, j.Steps[i:]...)...)
					changed = true
				}
				break
			}
			break
		}
	}
	if !changed {
		return ""
	}
	return "A state said kept over a reload is checked just before the reload too, and after it."
}

// stateKinds are the checks of a control's state.
var stateKinds = map[plan.Kind]bool{plan.ExpectChecked: true, plan.ExpectUnchecked: true, plan.ExpectEnabled: true, plan.ExpectDisabled: true, plan.ExpectValue: true}
