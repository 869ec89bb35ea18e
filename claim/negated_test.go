package claim

import (
	"errors"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// noReadingSays checks that for none of claims the plan derived, nor any
// rephrasing offered, has a step for which bad holds (what says the
// opposite of the claim).
func noReadingSays(t *testing.T, claims []string, what string, bad func(plan.Step, bool) bool) {
	t.Helper()
	says := func(p *plan.Plan) bool {
		for _, j := range p.Journeys {
			acted := false
			for _, st := range j.Steps {
				acted = acted || st.Kind == plan.Click || st.Kind == plan.Press || st.Kind == plan.Fill || st.Kind == plan.Check
				if bad(st, acted) {
					return true
				}
			}
		}
		return false
	}
	for _, c := range claims {
		d, err := Derive(c)
		if err == nil {
			if says(d.Plan) {
				t.Errorf("%q derived a plan that checks %s", c, what)
			}
			continue
		}
		var np *NotProvableError
		if !errors.As(err, &np) {
			continue
		}
		for _, sg := range np.Suggestions {
			if sd, err := Derive(sg); err == nil && says(sd.Plan) {
				t.Errorf("%q: the rephrasing %q checks %s", c, sg, what)
			}
		}
	}
}

// betaShown and betaHidden are steps that check the text "Beta" shown or not.
func betaShown(st plan.Step, _ bool) bool {
	return st.Kind == plan.ExpectText && st.Value == "Beta" || st.Kind == plan.ExpectVisible && st.Target == `text="Beta"`
}

func betaHidden(st plan.Step, _ bool) bool {
	return st.Kind == plan.ExpectNoText && st.Value == "Beta" || st.Kind == plan.ExpectHidden && st.Target == `text="Beta"`
}

// wordings puts each predicate after each subject, with the page before and
// after.
func wordings(subjects, preds []string) []string {
	var out []string
	for _, s := range subjects {
		for _, p := range preds {
			out = append(out, "On /, "+s+" "+p, s+" "+p+" on /about")
		}
	}
	return out
}

// negatedPreds say a text is absent, gone or not to be shown.
var negatedPreds = []string{
	"is not shown", "isn't visible", "is hidden", "is gone", "is absent", "is missing", "has been removed", "was removed",
	"has disappeared", "disappeared", "is no longer there", "isn't there anymore", "is nowhere", "doesn't show", "never appears",
	"should not appear", "should not be shown", "must not be visible", "cannot be seen", "can't be seen", "is not displayed",
	"is not present", "is not on the page", "is not to be found", "is not found", "no longer shows up", "does not exist",
	"is not rendered", "won't appear", "will not be shown", "is invisible", "is not in the nav", "isn't in the list",
	"has gone", "has vanished", "went away", "is removed", "got removed", "was deleted", "was dropped", "is not included",
	"is excluded", "is left out", "is omitted", "should be hidden", "must be hidden", "should be gone", "is not listed",
	"is never shown", "never shows", "no longer appears", "stopped appearing", "stops showing", "isn't shown any more",
}

// TestNoReadingShowsANegatedText: a text said to be absent, gone or not
// to be shown, in any of many wordings, or excepted or replaced, is never
// checked shown.
func TestNoReadingShowsANegatedText(t *testing.T) {
	claims := wordings([]string{"'Beta'", "the 'Beta' label", "the word 'Beta'", "the text 'Beta'"}, negatedPreds)
	claims = append(claims, "/ shows all links but 'Beta'", "/ lists every task apart from 'Beta'", "/ shows every tab except 'Beta'",
		"/ shows everything other than 'Beta'", "On /, 'Beta' is replaced with 'GA'", "On /, 'GA' replaces 'Beta'",
		"On /, 'Beta' was renamed to 'GA'", "On /, 'Beta' is now called 'GA'", "On /, 'Beta' changed to 'GA'", "On /, 'Beta' becomes 'GA'")
	noReadingSays(t, claims, "'Beta' shown", betaShown)
}

// keptPreds say a text is shown, or stays.
var keptPreds = []string{"is shown", "appears", "is visible",
	"shows up", "is displayed", "is there", "is present", "never disappears", "doesn't disappear", "isn't hidden", "is not gone",
	"never goes away", "won't disappear", "is not missing", "does not go away", "is never hidden", "is not removed",
	"doesn't vanish", "is still there", "still shows"}

// TestNoReadingHidesAKeptText: a text said to stay ("never goes away",
// "doesn't disappear"), or that an action fails to hide, is never checked
// not shown.
func TestNoReadingHidesAKeptText(t *testing.T) {
	claims := wordings([]string{"'Beta'", "the 'Beta' label", "the word 'Beta'"}, keptPreds)
	claims = append(claims,
		"On /, clicking 'Close' fails to hide 'Beta'",
		"On /, clicking 'Close' failed to remove 'Beta'",
		"On /, clicking 'Close' is unable to hide 'Beta'",
		"On /, clicking 'Close' does not hide 'Beta'",
		"On /, clicking 'Close' never hides 'Beta'",
		"On /, 'Beta' never goes away, even after clicking 'Close'",
		"On /, 'Beta' doesn't disappear after clicking 'Close'")
	noReadingSays(t, claims, "'Beta' not shown", betaHidden)
}

// TestNoReadingShowsWhatAnActionHides: what an action is said to hide,
// remove or stop showing is never checked shown after it.
func TestNoReadingShowsWhatAnActionHides(t *testing.T) {
	var claims []string
	for _, a := range []string{"clicking 'Close'", "pressing Escape", "ticking 'Hide beta'", "typing 'x' into 'Search'"} {
		for _, p := range []string{"doesn't show 'Beta'", "no longer shows 'Beta'", "hides 'Beta'", "removes 'Beta'", "makes 'Beta' disappear",
			"makes 'Beta' go away", "gets rid of 'Beta'", "clears 'Beta'", "dismisses 'Beta'", "closes 'Beta'", "stops showing 'Beta'",
			"takes away 'Beta'", "leaves no 'Beta'", "shows no 'Beta'", "never shows 'Beta'", "won't show 'Beta'", "should not show 'Beta'",
			"must not show 'Beta'", "does not display 'Beta'", "fails to show 'Beta'", "deletes 'Beta'", "filters out 'Beta'", "collapses 'Beta'"} {
			claims = append(claims, "On /, "+a+" "+p)
		}
	}
	noReadingSays(t, claims, "'Beta' shown after the action", func(st plan.Step, acted bool) bool {
		return acted && st.Kind == plan.ExpectText && st.Value == "Beta"
	})
}
