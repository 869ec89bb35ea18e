package claim

import (
	"fmt"

	"github.com/vouchdev/vouch/plan"
)

// tabPanelScoped keeps a text said of a tab inside the tab's panel: after
// a click on a tab (role=tab), a page-wide check that a text is shown
// looks inside the panel of that tab (role=tabpanel of the tab's name: the
// panel the tab labels or controls, or the one shown panel of its tab set,
// as the runner finds it), found first with a wait marked reach, so an
// app whose tabs have no panel that way blocks the run rather than
// failing it. The page-wide check passed on a text shown
// outside the panel: "the Billing tab shows 'Apollo'" was verified on a
// page whose heading said "Apollo". A text said to be gone stays
// page-wide (inside the new panel it is gone already), and so does any
// check after the next action or visit. It returns the note that says so
// ("" when nothing was scoped).
func tabPanelScoped(p *plan.Plan) string {
	if p == nil {
		return ""
	}
	scoped := ""
	for ji := range p.Journeys {
		j := &p.Journeys[ji]
		var out []plan.Step
		panel := "" // the panel of the tab clicked last, while no other action follows
		waited := false
		for _, s := range j.Steps {
			switch {
			case s.Kind == plan.Click:
				panel, waited = "", false
				if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByRole && t.Value == "tab" && t.Name != "" &&
					t.Within == "" && t.In == "" && t.Under == "" && t.Beside == "" && t.Nth == 0 {
					panel = plan.Target{Kind: plan.ByRole, Value: "tabpanel", Name: t.Name}.String()
				}
			case s.Kind == plan.Visit || !s.Kind.IsAssertion() && s.Kind != plan.WaitFor && s.Kind != plan.RememberCount && s.Kind != plan.Screenshot:
				panel, waited = "", false
			case panel != "" && s.Kind == plan.ExpectText && s.Target == "" && !s.Reach:
				if !waited {
					out = append(out, plan.Step{Kind: plan.WaitFor, Target: panel, Reach: true})
					waited = true
				}
				s.Target = panel
				scoped = panel
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if scoped == "" {
		return ""
	}
	return fmt.Sprintf("A text said of a tab is looked for inside the tab's panel (%s: the panel the tab labels or controls, or the one shown panel of its tab set), not anywhere on the page; an app whose tabs have no such panel blocks the run, never fails it.", scoped)
}
