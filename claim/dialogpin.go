package claim

import (
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// dialogWith are the words after "dialog" that say what the dialog holds:
// "shows a dialog with a 'Cancel' button".
var dialogWith = []string{"with", "containing", "holding", "showing", "listing", "offering"}

// dialogScoped pins inside the dialog the elements a claim says a dialog
// holds ("shows a dialog with a 'Cancel' button"): the checks that follow
// a plain "a dialog is visible" looked for the button anywhere on the page,
// so a page's own "Cancel" passed for the dialog's. Only a role, label or
// placeholder named by a text the claim quotes after "dialog with" is
// pinned; the dialog is visible just before, so the part is there.
func dialogScoped(lx *lexed, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	held := map[string]bool{}
	for i, t := range lx.toks {
		if t.kind != tWord || t.low != "dialog" && t.low != "modal" || i+1 >= len(lx.toks) || !slices.Contains(dialogWith, lx.toks[i+1].low) {
			continue
		}
		for _, u := range lx.toks[i+2:] {
			if u.kind == tLit {
				held[strings.ToLower(strings.TrimSpace(u.raw))] = true
			}
		}
	}
	if len(held) == 0 {
		return ""
	}
	pinned := false
	for ji := range p.Journeys {
		steps := p.Journeys[ji].Steps
		for i := 0; i < len(steps); i++ {
			if steps[i].Kind != plan.ExpectVisible || steps[i].Target != "role=dialog" {
				continue
			}
			for k := i + 1; k < len(steps) && steps[k].Kind == plan.ExpectVisible; k++ {
				t, err := plan.ParseTarget(steps[k].Target)
				if err != nil || t.In != "" || t.Within != "" || t.Under != "" || t.Beside != "" || t.Nth != 0 {
					continue
				}
				name := t.Value
				switch t.Kind {
				case plan.ByRole:
					name = t.Name
				case plan.ByLabel, plan.ByPlaceholder:
				default:
					continue
				}
				if name == "" || !held[strings.ToLower(name)] {
					continue
				}
				t.In = "dialog"
				steps[k].Target = t.String()
				pinned = true
			}
		}
	}
	if !pinned {
		return ""
	}
	return "What the claim says the dialog holds is looked for inside the dialog (in=dialog: a <dialog>, role=dialog or role=alertdialog), not anywhere on the page."
}
