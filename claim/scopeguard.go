package claim

import (
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Guesses the readers make about the page, found first. Two readings rest
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
	dialogNoted := false
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		guarded := false
		found := map[string]bool{}
		for _, s := range j.Steps {
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
					shiftRefs(d, ji+1, len(out)+1)
					out = append(out, plan.Step{Kind: plan.WaitFor, Target: s.Target, Reach: true})
					found[s.Target] = true
				}
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if dialogNoted && !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.HasPrefix(n, "The dialog is found by its markup") }) {
		d.Notes = append(d.Notes, "The dialog is found by its markup (a <dialog> element or role=dialog), a guess: the plan first waits for one to be shown (marked reach), so if the app's dialog is not marked up as one, the run is blocked, not failed.")
	}
}
