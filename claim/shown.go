package claim

import (
	"strings"
	"unicode"

	"github.com/vouchdev/vouch/plan"
)

// A claim that an action shows a text ("clicking 'Menu' shows
// 'Settings'") is checked by the text being shown after the action; a
// page that showed the text before (a footer link, a status already
// there) passes that check whatever the action did. Where the claim's
// words do not say the text is new (countedAdds, countedErrors,
// countedCame make those a count), the plain check stays and a count
// follows it (shownBefore): the text's visible matches just before the
// last action (before the values it sends are typed), and more after, on
// the same page only (reach). As many or
// fewer there blocks the journey, since a page that showed the text
// before cannot tell whether the action showed it; a page the action led
// to is not compared, and the plain check decides.

// reKept matches the words that say a text stays through an action ("still
// shows", "remains", "keeps showing"): shown before and after is what the
// claim says, so no count is asked.
var reKept = lazyRE(`(?i)\b(?:still|remains?|remaining|stays?|staying|keeps?|keeping|kept|persists?|persisting|survives?|again|unchanged|no longer|anymore|any more)\b`)

// shownBefore follows each page-wide check of a text after an action on
// the same page with a reach count against the count taken just before
// the action, and returns the note that says so ("" when none was added).
func shownBefore(claim string, p *plan.Plan) string {
	if p == nil || reKept.MatchString(claim) {
		return ""
	}
	added, placed := false, false
	for ji := range p.Journeys {
		c := newCounter(&p.Journeys[ji])
		j := c.j
		first := -1  // the first action since the last check or visit
		last := -1   // the last action
		seen := -1   // the last visit
		acts := true // the group's actions are ones whose effect a count tells
		// opening: the group's actions all open the place the claim looks
		// inside (placeOpener), so the count goes before the first: a
		// tab of a dialog open by default shows its texts before its own
		// click, not before the dialog opened
		opening := false
		checking := false
		for i, s := range j.Steps {
			switch {
			case s.Kind == plan.Visit:
				first, seen, checking = -1, i, false
			case s.Kind == plan.WaitFor || s.Kind.IsAssertion() || s.Kind == plan.RememberCount || s.Kind == plan.Screenshot:
				checking = true
			case s.Reach && !menuChoice(s) && !placeOpener(s) || s.Kind == plan.Click && strings.HasPrefix(s.Target, plan.ByRole+"=tab"):
				// a guessed way to the place the claim is about, or a
				// tab (which may be open already): the place, not what
				// the claim says shows the text; the actions after it are
				first = -1
			default:
				if first < 0 || checking {
					first, acts, checking, opening = i, true, false, true
				}
				acts = acts && countedAct(s)
				opening = opening && placeOpener(s)
				last = i
			}
			if first < 0 || seen < 0 || !acts || s.Kind != plan.ExpectText || s.Target != "" || s.Reach ||
				strings.HasPrefix(s.Value, "vouch example") {
				continue
			}
			if shownUnknown(j.Steps[seen:i], first-seen, s.Value) {
				continue
			}
			// counted just before the last action, with the values it
			// sends typed after the count: what the actions before it
			// showed and took away ("adding 'milk' then deleting it shows
			// '0 items left'") is no effect of the one the check follows
			b := last
			if opening {
				b, placed = first, true
			}
			for b > first && (j.Steps[b-1].Kind == plan.Fill || j.Steps[b-1].Kind == plan.Select) {
				b--
			}
			// a step said twice ("pressing Tab twice") is one action: the
			// first Tab's focus is part of what the claim says shows it
			for b > first && sameStep(j.Steps[b-1], j.Steps[b]) {
				b--
			}
			added = c.follow(b, i) || added
		}
		c.splice()
	}
	if !added {
		return ""
	}
	if placed {
		return "That the action shows a text, or that the place the claim looks inside holds it, is checked after the action, and by counting the text's visible matches just before the action (or before the place is opened) and after it on the same page: as many as before blocks the journey (the page showed the text before, so what the action or the place showed cannot be told); a page the action leads to is not compared."
	}
	return "That the action shows a text is checked after it, and by counting the text's visible matches just before the action and after it on the same page: as many as before blocks the journey (the page showed the text before, so what the action did cannot be told); a page the action leads to is not compared."
}

// sameStep reports whether two steps do the same thing (a step repeated
// by "twice", "three times").
func sameStep(a, b plan.Step) bool {
	return a.Kind == b.Kind && a.Target == b.Target && a.Value == b.Value && a.Reach == b.Reach
}

// menuChoice reports whether a step chooses an item of a menu: marked
// reach because the item's role is a guess of how the menu is built, it
// is still the claim's own action ("choosing 'Duplicate' from the Actions
// menu shows …"), whose effect a count tells.
func menuChoice(s plan.Step) bool {
	return s.Kind == plan.Click && strings.HasPrefix(s.Target, plan.ByRole+"=menuitem")
}

// placeOpener reports whether a step is the guessed click that opens the
// place a claim looks inside ("In Preferences, the page shows 'Speed'",
// "in the Rename dialog, …"): a place shown on the same page, whose texts
// were not shown before it opened; a text the page showed all along
// passes a page-wide check whatever the place holds, so it is counted
// like the effect of any action (a link the click follows to another page
// is not compared).
func placeOpener(s plan.Step) bool {
	return s.Kind == plan.Click && s.Reach && !menuChoice(s)
}

// countedAct reports whether an action's effect on the page's texts is
// told by a count: a reload and a step back are not what the claim says
// shows the text, and a link to an address leads to another page. A hover
// and a Tab are counted: a text the page showed all along (a heading
// beside a button with a tooltip) passes the plain check whatever they
// did, and a tooltip drawn transparent, or a skip link kept off the page
// or clipped to a pixel, until hovered or focused is no match before
// (remembered counts count only what is drawn).
func countedAct(s plan.Step) bool {
	switch {
	case s.Kind == plan.Reload, s.Kind == plan.GoBack,
		// a link found by its address leads to another page, which is
		// not compared
		s.Kind == plan.Click && strings.HasPrefix(s.Target, plan.ByCSS+"=a[href"):
		return false
	}
	return true
}

// shownUnknown reports whether a count of text v around the actions that
// start at index first of steps (which begin at the page's visit) says
// nothing the journey does not: the text is looked for before the actions
// (found or found absent), or an action's own name holds it. A text that
// holds an action's name ("clicking 'Folder' shows 'Untitled Folder'") is
// counted: the control is not that text, so its count moves only with
// what the action did.
func shownUnknown(steps []plan.Step, first int, v string) bool {
	low := strings.ToLower(v)
	for i, s := range steps {
		t, err := plan.ParseTarget(s.Target)
		if i < first && (s.Kind.IsAssertion() || s.Kind == plan.WaitFor) &&
			(strings.EqualFold(s.Value, v) || err == nil && t.Kind == plan.ByText && strings.EqualFold(t.Value, v)) {
			return true
		}
		if i >= first && !s.Kind.IsAssertion() && s.Kind != plan.WaitFor && err == nil &&
			(wordsWithin(t.Value, low) || wordsWithin(t.Name, low)) {
			return true
		}
	}
	return false
}

// wordsWithin reports whether the words of b are words of a, in a row
// (case-insensitive); an empty b is in nothing.
func wordsWithin(a, b string) bool {
	words := func(s string) string {
		return " " + strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}), " ") + " "
	}
	wb := words(b)
	return wb != "  " && strings.Contains(words(a), wb)
}

// renderedWait returns the wait for the target of the action at index b
// when the action is the page's first step: right after the visit the page
// may not have rendered what it shows before the action, and a count taken
// then is too low. Not for a target scoped to an item or a part (a
// "Delete" button shown only while its item is hovered is not visible
// until the click reveals it): its item's text is waited for instead.
func renderedWait(steps []plan.Step, b int) (plan.Step, bool) {
	if b < 1 || steps[b-1].Kind != plan.Visit || steps[b].Target == "" || steps[b].Reach {
		// (a guessed opener may sit in a closed menu, which only its
		// click looks in: a wait for it would block the run where the
		// click finds it; its count may be taken early, never too high)
		return plan.Step{}, false
	}
	t, err := plan.ParseTarget(steps[b].Target)
	switch {
	case err != nil || t.Nth != 0 || t.In != "" || t.Under != "" || t.Beside != "":
		return plan.Step{}, false
	case t.Within != "":
		return plan.Step{Kind: plan.WaitFor, Target: plan.Target{Kind: plan.ByText, Value: t.Within}.String()}, true
	}
	return plan.Step{Kind: plan.WaitFor, Target: steps[b].Target}, true
}
