package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A dialog whose opener is said in brackets after its name: "The Compose
// dialog (toolbar, New Message) has 'Send later' unticked", "The Crop
// window (Crop button) shows 'Aspect ratio'". menu.go reads the bracket
// when it names a menu ("(settings menu, then About)"); here it names a
// part of the page and the control there, or the control alone with its
// kind. The plan clicks the control of that name (a guess of which
// element it is, marked reach: missing, the run is blocked, never
// failed), then checks what the claim says the dialog has, and that the
// dialog's name is shown. The part of the page is not checked to hold the
// control: the note says so.

// asideWhere is a part of the page a control is said to be in.
const asideWhere = `(toolbar|tool bar|footer|header|sidebar|side bar|status bar|bottom bar|top bar|menu bar|action bar)`

var (
	// "The Compose dialog (toolbar, New Message) has …", "… (from the
	// toolbar's New Message button) …", "… (New Message button) …"
	reAsideDialog = lazyRE(`^(?i:the )?` + placeName + ` (dialog|window|box|modal|popup) \((?i:from |via |through |in |on |under )?(?:(?i:the )?` + asideWhere + `(?:,|,? then| →| ->| >|'s|’s) (?i:the )?)?` + placeName + `( (?i:button|icon))?\) (shows|lists|has|contains|says|displays|offers) (.+)$`)
	// What the dialog has: a control of a quoted label in a state.
	reAsideState = lazyRE(`^(?i:its |the |a |an )?` + tabLit + `(?: (?i:box|checkbox|check box|option|toggle|switch))? ` + tabState + `((?: (?i:by default))?)$`)
)

// deriveAsideDialog derives a dialog said with its opener in brackets, as
// the claim said after clicking that opener; ok is false when the claim is
// not of that form or that reading does not derive.
func deriveAsideDialog(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reAsideDialog.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	name, kind, where, opener, button, verb, rest := firstOf(m, 1), strings.ToLower(m[6]), m[7], firstOf(m, 8), m[13], m[14], m[15]
	if where == "" && button == "" {
		// "(Settings)": a bare name may be a menu, a tab or a page.
		return Derivation{}, false
	}
	for _, n := range []string{name, opener} {
		if n == "" || strings.ContainsAny(n, `'"`) || vaguePlace[strings.ToLower(n)] {
			return Derivation{}, false
		}
	}
	if kind == "box" && !dialogBoxes[strings.ToLower(lastWord(name))] && !boxKinds[strings.ToLower(lastWord(name))] {
		return Derivation{}, false
	}
	if verb == "offers" {
		verb = "has"
	}
	after := "After clicking " + plan.Quote(opener) + ", "
	var said []string
	if s := reAsideState.FindStringSubmatch(rest); s != nil && (verb == "has" || verb == "shows") {
		// "has 'Send later' unticked": the control's state, once the
		// dialog of that name is shown.
		said = append(said, after+s[1]+" is "+s[2]+s[3]+" and the page shows "+plan.Quote(name))
	} else {
		said = append(said, after+"the "+plan.Quote(name)+" dialog "+verb+" "+rest)
	}
	for _, s := range said {
		d, r := derive(s)
		if r != nil || d.Plan == nil {
			continue
		}
		click := plan.Target{Kind: plan.ByText, Value: opener, Exact: true}.String()
		ok := true
		for ji := range d.Plan.Journeys {
			steps := d.Plan.Journeys[ji].Steps
			if len(steps) < 3 || steps[0].Kind != plan.Visit || steps[1].Kind != plan.Click || steps[1].Target != click || !showsName(steps[2:], name) {
				ok = false
				break
			}
			steps[1].Reach = true
		}
		if !ok {
			continue
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		in := ""
		if where != "" {
			in = " in the " + strings.ToLower(where)
		}
		note := fmt.Sprintf("The claim says %s opens from %s%s: the plan clicks the control named %s (its text or icon title), a guess of which element that is, so if there is none the run is blocked, not failed; that it is%s is not checked. The dialog is taken as open when the page shows %s.", plan.Quote(name+" "+kind), plan.Quote(opener), in, plan.Quote(opener), in, plan.Quote(name))
		d.Notes = append([]string{note}, d.Notes...)
		return d, true
	}
	return Derivation{}, false
}

// showsName reports whether steps look for the text name.
func showsName(steps []plan.Step, name string) bool {
	for _, s := range steps {
		if s.Kind == plan.ExpectText && s.Value == name {
			return true
		}
	}
	return false
}

// lastWord is the last word of s.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
