package claim

import (
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A claim that something goes away ("the cookie banner disappears once
// you click 'Accept'", "'We use cookies' disappears after clicking
// 'Accept'") says it was there: a plan that only checks it absent after
// the action passes a page that never showed it. Whatever order the claim
// says things in, the thing is found just before the action that makes it
// go (foundFirst), and a plan without that check is refused (guardGone).

// goneWords say that something shown before goes away.
var goneWords = []string{"disappear", "vanish", "go away", "goes away", "went away", "gone",
	"close", "closes", "closed", "closing", "dismiss", "removes", "removed", "remove", "deleted", "deletes",
	"no longer", "hides", "hide", "collapse"}

// saysGone reports whether the claim says something goes away.
func saysGone(lx *lexed) bool {
	shape := " " + lx.shape + " "
	for _, w := range goneWords {
		if strings.Contains(shape, " "+w) {
			return true
		}
	}
	return false
}

// goneGaps returns, for each journey, the index of each action before
// which a thing checked gone after it was never found, with the step
// that finds it.
func goneGaps(j plan.Journey) map[int][]plan.Step {
	gaps := map[int][]plan.Step{}
	lastAct := -1
	for i, s := range j.Steps {
		switch {
		case s.Kind == plan.Visit || s.Kind == plan.WaitFor || s.Kind.IsAssertion():
		default:
			lastAct = i
		}
		var find plan.Step
		switch {
		case s.Kind == plan.ExpectHidden && s.Target != "":
			find = plan.Step{Kind: plan.WaitFor, Target: s.Target, Reach: true}
		case s.Kind == plan.ExpectNoText && s.Target == "" && s.Value != "":
			find = plan.Step{Kind: plan.ExpectText, Value: s.Value}
		default:
			continue
		}
		if lastAct < 0 || foundBetween(j.Steps[:lastAct], s) || actsOn(j.Steps[lastAct], s) {
			continue
		}
		gaps[lastAct] = append(gaps[lastAct], find)
	}
	return gaps
}

// actsOn reports whether the action finds what gone checks absent: it
// clicks the element itself ("clicking 'Accept' on the banner hides it"),
// or one inside the item that shows the text (`within="renew passport"`).
func actsOn(act, gone plan.Step) bool {
	if act.Target == "" {
		return false
	}
	if gone.Kind == plan.ExpectHidden {
		return act.Target == gone.Target
	}
	t, err := plan.ParseTarget(act.Target)
	if err != nil {
		return false
	}
	return strings.EqualFold(t.Within, gone.Value) || t.Kind == plan.ByText && strings.EqualFold(t.Value, gone.Value)
}

// foundBetween reports whether steps find what gone checks absent.
func foundBetween(steps []plan.Step, gone plan.Step) bool {
	for _, s := range steps {
		switch {
		case gone.Kind == plan.ExpectHidden && (s.Kind == plan.WaitFor || s.Kind == plan.ExpectVisible) && s.Target == gone.Target:
			return true
		case gone.Kind == plan.ExpectNoText && s.Kind == plan.ExpectText && s.Target == "" && strings.EqualFold(s.Value, gone.Value):
			return true
		}
	}
	return false
}

// foundFirst puts, before the action after which a claim says a thing
// goes away, a step that finds it, and returns the note that says so ("" when
// nothing was added).
func foundFirst(lx *lexed, p *plan.Plan) string {
	if p == nil || !saysGone(lx) {
		return ""
	}
	added := false
	for ji, j := range p.Journeys {
		gaps := goneGaps(j)
		if len(gaps) == 0 {
			continue
		}
		var steps []plan.Step
		for i, s := range j.Steps {
			steps = append(steps, gaps[i]...)
			steps = append(steps, s)
		}
		p.Journeys[ji].Steps = steps
		added = true
	}
	if !added {
		return ""
	}
	return "That it goes away is checked by finding it just before the step after which it goes (a page where it is not found then blocks or fails the run) and not after."
}

// guardGone: a plan from any reader that checks a thing gone after an
// action without finding it first.
func guardGone(_ []gword, _ []plan.Step, d Derivation) string {
	if d.Plan == nil || !saysGone(lexClaim(stripLabel(d.Claim))) {
		return ""
	}
	for _, j := range d.Plan.Journeys {
		for _, finds := range goneGaps(j) {
			what := finds[0].Target
			if what == "" {
				what = plan.Quote(finds[0].Value)
			}
			return "the claim says " + what + " goes away, and the plan would pass a page that never showed it: say that it is shown first (\"… shows 'X'; clicking 'Accept' hides it\")"
		}
	}
	return ""
}
