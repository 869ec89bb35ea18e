package claim

import (
	"errors"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// showsText reports whether p checks the text "Beta" shown.
func showsText(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if (st.Kind == plan.ExpectText && st.Value == "Beta") || (st.Kind == plan.ExpectVisible && st.Target == `text="Beta"`) {
				return true
			}
		}
	}
	return false
}

// TestNoReadingShowsANegatedText: a text said to be absent, gone or not
// to be shown, in any of many wordings, is never checked shown — neither
// by the plan derived nor by any rephrasing offered.
func TestNoReadingShowsANegatedText(t *testing.T) {
	subjects := []string{"'Beta'", "the 'Beta' label", "the word 'Beta'", "the text 'Beta'"}
	preds := []string{
		"is not shown", "isn't visible", "is hidden", "is gone", "is absent", "is missing", "has been removed", "was removed",
		"has disappeared", "disappeared", "is no longer there", "isn't there anymore", "is nowhere", "doesn't show", "never appears",
		"should not appear", "should not be shown", "must not be visible", "cannot be seen", "can't be seen", "is not displayed",
		"is not present", "is not on the page", "is not to be found", "is not found", "no longer shows up", "does not exist",
		"is not rendered", "won't appear", "will not be shown", "is invisible", "is not in the nav", "isn't in the list",
		"has gone", "has vanished", "went away", "is removed", "got removed", "was deleted", "was dropped", "is not included",
		"is excluded", "is left out", "is omitted", "should be hidden", "must be hidden", "should be gone", "is not listed",
		"is never shown", "never shows", "no longer appears", "stopped appearing", "stops showing", "isn't shown any more",
	}
	// what the text is excepted from, or replaced by
	for _, c := range []string{"/ shows all links but 'Beta'", "/ lists every task apart from 'Beta'", "/ shows every tab except 'Beta'",
		"/ shows everything other than 'Beta'", "On /, 'Beta' is replaced with 'GA'", "On /, 'GA' replaces 'Beta'",
		"On /, 'Beta' was renamed to 'GA'", "On /, 'Beta' is now called 'GA'", "On /, 'Beta' changed to 'GA'", "On /, 'Beta' becomes 'GA'"} {
		d, err := Derive(c)
		if err == nil {
			if showsText(d.Plan) {
				t.Errorf("%q derived a plan that checks 'Beta' shown", c)
			}
			continue
		}
		var np *NotProvableError
		if errors.As(err, &np) {
			for _, sg := range np.Suggestions {
				if sd, err := Derive(sg); err == nil && showsText(sd.Plan) {
					t.Errorf("%q: the rephrasing %q checks 'Beta' shown", c, sg)
				}
			}
		}
	}
	for _, s := range subjects {
		for _, p := range preds {
			for _, c := range []string{"On /, " + s + " " + p, s + " " + p + " on /about"} {
				d, err := Derive(c)
				if err == nil {
					if showsText(d.Plan) {
						t.Errorf("%q derived a plan that checks 'Beta' shown", c)
					}
					continue
				}
				var np *NotProvableError
				if !errors.As(err, &np) {
					continue
				}
				for _, sg := range np.Suggestions {
					sd, err := Derive(sg)
					if err == nil && showsText(sd.Plan) {
						t.Errorf("%q: the rephrasing %q checks 'Beta' shown", c, sg)
					}
				}
			}
		}
	}
}

// hidesText reports whether p checks the text "Beta" not shown.
func hidesText(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if (st.Kind == plan.ExpectNoText && st.Value == "Beta") || (st.Kind == plan.ExpectHidden && st.Target == `text="Beta"`) {
				return true
			}
		}
	}
	return false
}

// TestNoReadingHidesAKeptText: a text said to stay ("never goes away",
// "doesn't disappear"), or that an action fails to hide, is never checked
// not shown — neither by the plan derived nor by any rephrasing offered.
func TestNoReadingHidesAKeptText(t *testing.T) {
	claims := []string{
		"On /, clicking 'Close' fails to hide 'Beta'",
		"On /, clicking 'Close' failed to remove 'Beta'",
		"On /, clicking 'Close' is unable to hide 'Beta'",
		"On /, clicking 'Close' does not hide 'Beta'",
		"On /, clicking 'Close' never hides 'Beta'",
		"On /, 'Beta' never goes away, even after clicking 'Close'",
		"On /, 'Beta' doesn't disappear after clicking 'Close'",
	}
	subjects := []string{"'Beta'", "the 'Beta' label", "the word 'Beta'"}
	for _, s := range subjects {
		for _, p := range []string{"is shown", "appears", "is visible", "shows up", "is displayed", "is there", "is present",
			"never disappears", "doesn't disappear", "isn't hidden", "is not gone", "never goes away", "won't disappear",
			"is not missing", "does not go away", "is never hidden", "is not removed", "doesn't vanish", "is still there", "still shows"} {
			claims = append(claims, "On /, "+s+" "+p, s+" "+p+" on /about")
		}
	}
	for _, c := range claims {
		d, err := Derive(c)
		if err == nil {
			if hidesText(d.Plan) {
				t.Errorf("%q derived a plan that checks 'Beta' not shown", c)
			}
			continue
		}
		var np *NotProvableError
		if !errors.As(err, &np) {
			continue
		}
		for _, sg := range np.Suggestions {
			if sd, err := Derive(sg); err == nil && hidesText(sd.Plan) {
				t.Errorf("%q: the rephrasing %q checks 'Beta' not shown", c, sg)
			}
		}
	}
}

// shownAfterAct reports whether p checks "Beta" shown after an action.
func shownAfterAct(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		acted := false
		for _, st := range j.Steps {
			if st.Kind == plan.Click || st.Kind == plan.Press || st.Kind == plan.Fill || st.Kind == plan.Check {
				acted = true
			}
			if acted && st.Kind == plan.ExpectText && st.Value == "Beta" {
				return true
			}
		}
	}
	return false
}

// TestNoReadingShowsWhatAnActionHides: what an action is said to hide,
// remove or stop showing is never checked shown after it — neither by
// the plan derived nor by any rephrasing offered.
func TestNoReadingShowsWhatAnActionHides(t *testing.T) {
	acts := []string{"clicking 'Close'", "pressing Escape", "ticking 'Hide beta'", "typing 'x' into 'Search'"}
	preds := []string{"doesn't show 'Beta'", "no longer shows 'Beta'", "hides 'Beta'", "removes 'Beta'", "makes 'Beta' disappear",
		"makes 'Beta' go away", "gets rid of 'Beta'", "clears 'Beta'", "dismisses 'Beta'", "closes 'Beta'", "stops showing 'Beta'",
		"takes away 'Beta'", "leaves no 'Beta'", "shows no 'Beta'", "never shows 'Beta'", "won't show 'Beta'", "should not show 'Beta'",
		"must not show 'Beta'", "does not display 'Beta'", "fails to show 'Beta'", "deletes 'Beta'", "filters out 'Beta'", "collapses 'Beta'"}
	for _, a := range acts {
		for _, p := range preds {
			c := "On /, " + a + " " + p
			d, err := Derive(c)
			if err == nil {
				if shownAfterAct(d.Plan) {
					t.Errorf("%q derived a plan that checks 'Beta' shown after the action", c)
				}
				continue
			}
			var np *NotProvableError
			if !errors.As(err, &np) {
				continue
			}
			for _, sg := range np.Suggestions {
				if sd, err := Derive(sg); err == nil && shownAfterAct(sd.Plan) {
					t.Errorf("%q: the rephrasing %q checks 'Beta' shown after the action", c, sg)
				}
			}
		}
	}
}
