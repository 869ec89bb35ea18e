package claim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Guesses the readers make about the page, found first. These readings rest
// on what the plan's author guessed, not on the claim's words:
//
//   - "the dialog" is looked for by its markup (a <dialog> element or
//     role=dialog). An app whose dialog is a plain <div> has none, and
//     another one, hidden, may come first: a text check inside it would
//     then fail a true claim. The plan first waits for a dialog to be
//     shown (a wait_for marked reach): none shown blocks the run.
//   - An unquoted text a reader took as written ("hovering Use PEX to
//     find more peers": where does the name end?) and then clicks or
//     hovers is a guess of where the name ends: it is waited for first
//     (marked reach), so a name the page does not have blocks the run,
//     while a control that is there but cannot be clicked still fails it.
//   - A field whose value is checked in a place reached by a guessed
//     click is waited for first too: the place may not be the one meant.
//   - A tab clicked by its name is found by role=tab, which an app whose
//     tabs are plain links or buttons does not give them: waited for
//     first, so such an app blocks the run.

// dialogScope is the target the readers give "the dialog".
const dialogScope = "css=dialog, [role=dialog]"

// guardGuesses applies both to a derivation, in place.
func guardGuesses(d *Derivation) {
	if d.Plan == nil {
		return
	}
	unquoted := map[string]bool{}
	for _, v := range unquotedTexts(*d) {
		unquoted[v] = true
	}
	quoted := map[string]bool{}
	for _, l := range lexClaim(pageFirst(stripLabel(d.Claim))).lits {
		quoted[strings.ToLower(l)] = true
	}
	dialogNoted := false
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		guarded := false
		found := map[string]bool{}
		guessedPlace := false
		acted := false // an action of the claim's (or a reach step) came before
		// findFirst puts in a wait for the target, marked reach, before
		// the step at hand.
		findFirst := func(target string) {
			shiftRefs(d, ji+1, len(out)+1)
			out = append(out, plan.Step{Kind: plan.WaitFor, Target: target, Reach: true})
			found[target] = true
		}
		for k, s := range j.Steps {
			if s.Kind == plan.WaitFor && s.Reach && s.Target != dialogScope && k+1 < len(j.Steps) &&
				j.Steps[k+1].Kind == plan.Hover && j.Steps[k+1].Reach && j.Steps[k+1].Target == s.Target {
				// a hover marked reach on the same target, put in since,
				// finds it first already
				dropRef(d, ji+1, len(out)+1)
				continue
			}
			if s.Kind == plan.WaitFor && s.Reach && s.Target == dialogScope {
				guarded = true // a reading derived through Derive again
			}
			if !guarded && strings.HasPrefix(s.Target, dialogScope) && s.Kind.IsAssertion() {
				shiftRefs(d, ji+1, len(out)+1)
				out = append(out, plan.Step{Kind: plan.WaitFor, Target: dialogScope, Reach: true})
				guarded, dialogNoted = true, true
			}
			switch s.Kind {
			case plan.Click, plan.DblClick, plan.Hover:
				if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByText && unquoted[t.Value] && !s.Reach && !found[s.Target] {
					// Found first, marked reach; the click itself is not a
					// guess: a control that is there but disabled fails it.
					findFirst(s.Target)
				} else if err == nil && t.Kind == plan.ByRole && t.Value == "tab" && t.Name != "" && !s.Reach && !found[s.Target] {
					// "the Network tab" is found by its ARIA role, a guess
					// at its markup: tabs drawn as plain links or buttons
					// have none, so it is found first and such a page
					// blocks the run instead of failing a true claim.
					findFirst(s.Target)
					addNote(d, fmt.Sprintf("The %s tab is found by its role (role=tab), a guess at how the app marks its tabs: it is waited for first (marked reach), so an app whose tabs are plain links or buttons blocks the run, not fails it.", plan.Quote(t.Name)))
				}
			}
			if w := guessedImage(*d, s); w != "" && !s.Reach && !found[s.Target] {
				// "clicking the logo", "the avatar is shown": an image
				// whose alternative text holds the word is a guess (a logo's
				// is often the app's name), so it is found first and a page
				// whose image says otherwise blocks the run, not fails it.
				findFirst(s.Target)
				addNote(d, fmt.Sprintf("The %s is found by a guess (an image whose alternative text holds %q): it is waited for first (marked reach), so a page whose %s has another alternative text blocks the run, not fails it.", w, w, w))
			}
			if s.Reach && s.Kind != plan.Click {
				found[s.Target] = true // already found first ("hover" on it, a guard put in before)
			}
			if s.Kind == plan.ExpectValue && guessedPlace && !found[s.Target] {
				// In a place the plan guessed how to reach, a field
				// named by its label may be no field at all (a key and
				// its action in a table of shortcuts): found first, so
				// its absence blocks the run instead of failing it.
				if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByLabel {
					findFirst(s.Target)
					addNote(d, fmt.Sprintf("The field %q is waited for first (marked reach): the place it is in was reached by a guess, so if no such field is there the run is blocked, not failed.", t.Value))
				}
			}
			if (s.Kind == plan.ExpectHidden || s.Kind == plan.ExpectNoText) && !acted {
				// "does not show 'Paused' next to 'Team Documents'": with
				// no item showing the name, nothing is shown in it, so the
				// name is found first (reach) and its absence blocks; after
				// an action (a deletion) the item may rightly be gone
				if t, err := plan.ParseTarget(s.Target); err == nil && t.Within != "" {
					wt := plan.Target{Kind: plan.ByText, Value: t.Within}.String()
					if !found[wt] {
						findFirst(wt)
						addNote(d, fmt.Sprintf("%q is found first (marked reach): with no item showing it, nothing would be shown in it, so a page without it blocks the run.", t.Within))
					}
				}
			}
			if guessedControl(s, quoted) && !found[s.Target] && !s.Reach {
				// A field named without quotes ("the Explore box"): its
				// label is the plan's guess, so it is found first and a
				// page with no field of that label blocks the run; found,
				// what is typed and checked decides.
				t, _ := plan.ParseTarget(s.Target)
				findFirst(s.Target)
				what := "label"
				if t.Kind == plan.ByPlaceholder {
					what = "placeholder"
				}
				addNote(d, fmt.Sprintf("The field %q is named without quotes in the claim, so its %s is a guess: it is waited for first (marked reach), and a page with no field of that %s blocks the run, not fails it.", t.Value, what, what))
			}
			if clickedField(s) && !found[s.Target] && !s.Reach {
				// "Open the Status dropdown": what the claim calls a
				// dropdown or a box may be a menu's button, no labelled
				// field at all; found first, so a page without such a
				// field blocks the run instead of failing a true claim.
				t, _ := plan.ParseTarget(s.Target)
				findFirst(s.Target)
				addNote(d, fmt.Sprintf("The field labelled %q is clicked: what a claim calls a dropdown or a box may be a menu's button rather than a labelled field, so it is waited for first (marked reach), and a page with no field of that label blocks the run, not fails it.", t.Value))
			}
			if s.Reach && (s.Kind == plan.Click || s.Kind == plan.DblClick || s.Kind == plan.Hover) {
				guessedPlace = true
			}
			if k > 0 && !s.Kind.IsAssertion() && s.Kind != plan.WaitFor && s.Kind != plan.Visit {
				acted = true
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if dialogNoted && !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.HasPrefix(n, "The dialog is found by its markup") }) {
		d.Notes = append(d.Notes, "The dialog is found by its markup (a <dialog> element or role=dialog), a guess: the plan first waits for one to be shown (marked reach), so if the app's dialog is not marked up as one, the run is blocked, not failed.")
	}
}

// guessedImage returns the word ("logo", "avatar") a step clicks, hovers
// or finds visible an image by, when the derivation took the image's
// alternative text from that word of the claim; "" otherwise.
func guessedImage(d Derivation, s plan.Step) string {
	switch s.Kind {
	case plan.Click, plan.DblClick, plan.Hover, plan.ExpectVisible:
	default:
		return ""
	}
	t, err := plan.ParseTarget(s.Target)
	if err != nil || t.Kind != plan.ByAlt || t.Within != "" || t.In != "" {
		return ""
	}
	if !slices.Contains(d.Notes, fmt.Sprintf("'the %s' taken as an image whose alternative text contains %q.", t.Value, t.Value)) {
		return ""
	}
	return t.Value
}

// guessedControl reports whether step s fills, chooses in or checks the
// value of a field found by a label the claim does not quote.
func guessedControl(s plan.Step, quoted map[string]bool) bool {
	// Fields only: a field is drawn where it is, while a checkbox may be
	// an input hidden behind its styled label, never "visible" to wait for.
	switch s.Kind {
	case plan.Fill, plan.Select, plan.ExpectValue:
	default:
		return false
	}
	t, ok := byLabelOnly(s.Target)
	return ok && !quoted[strings.ToLower(t.Value)]
}

// clickedField reports whether step s clicks a field found by its label.
func clickedField(s plan.Step) bool {
	if s.Kind != plan.Click && s.Kind != plan.DblClick {
		return false
	}
	_, ok := byLabelOnly(s.Target)
	return ok
}

// byLabelOnly parses a target that finds a field by its label (or its
// placeholder: "the search box" is placeholder=search) alone, no item,
// place or index narrowing it.
func byLabelOnly(target string) (plan.Target, bool) {
	t, err := plan.ParseTarget(target)
	return t, err == nil && (t.Kind == plan.ByLabel || t.Kind == plan.ByPlaceholder) && t.Within == "" && t.Nth == 0 && t.In == "" && t.Under == ""
}

// addNote adds note n to d unless it is there already.
func addNote(d *Derivation, n string) {
	if !slices.Contains(d.Notes, n) {
		d.Notes = append(d.Notes, n)
	}
}

// dropRef renumbers the steps the requirements name in journey j (from 1)
// once the step at (from 1) is taken out.
func dropRef(d *Derivation, j, at int) {
	for ri := range d.Requirements {
		for k := range d.Requirements[ri].ProvenBy {
			if r := &d.Requirements[ri].ProvenBy[k]; r.Journey == j && r.Step > at {
				r.Step--
			}
		}
	}
}
