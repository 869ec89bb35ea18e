package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The mark of a submenu's chosen item said to move: "Choosing Large under
// Text Size (view menu) moves the check mark from Medium to Large",
// "Picking 'Oldest' from Sort By in the list menu moves the bullet from
// 'Newest' to 'Oldest'". It is read as places.go reads the item chosen in
// a submenu, twice: the menu is opened (its control and the submenu are
// guesses, marked reach) and the first item is marked chosen; the item
// named is chosen; the menu is opened again and the item chosen is marked,
// the first no longer. The item chosen must be the one the mark moves to.

// moveMark is the mark said to move.
const moveMark = `(?i:the )?(?:bullet|dot|check ?mark|tick(?: mark)?|check|mark|radio mark|selection)`

var reMenuMove = lazyRE(`^` + menuAct + ` (?i:the )?` + placeName + menuItemWord +
	` (?i:under|in|from) (?i:the )?` + placeName + `(?: (?i:submenu|menu))?` +
	`(?: \((?i:in |from |on |under )?(` + menuRef + `)\)|,? (?i:in|from|on|under) (` + menuRef + `)),? (?i:moves) ` + moveMark +
	` (?i:from) (?i:the )?` + placeName + ` (?i:to) (?i:the )?` + placeName + `$`)

// deriveMenuMove derives the mark of a submenu's chosen item said to move;
// ok is false when the claim is not of that form or a part of its reading
// does not derive.
func deriveMenuMove(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reMenuMove.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	item, sub, from, to := firstOf(m, 1), firstOf(m, 6), firstOf(m, 23), firstOf(m, 28)
	menu := m[11]
	if menu == "" {
		menu = m[17]
	}
	for _, n := range []string{item, sub, from, to} {
		if n == "" || strings.ContainsAny(n, `'"`) || vaguePlace[strings.ToLower(n)] {
			return Derivation{}, false
		}
	}
	if item != to || from == to {
		// the mark moves to the item chosen, from another
		return Derivation{}, false
	}
	state := func(name string) (Derivation, bool) {
		return deriveMenuState("In " + menu + ", " + plan.Quote(sub) + " has " + plan.Quote(name) + " selected")
	}
	before, ok := state(from)
	if !ok {
		return Derivation{}, false
	}
	after, ok := state(to)
	if !ok || len(before.Plan.Journeys) != 1 || len(after.Plan.Journeys) != 1 {
		return Derivation{}, false
	}
	b, a := before.Plan.Journeys[0].Steps, after.Plan.Journeys[0].Steps
	if len(b) != 4 || len(a) != 4 {
		return Derivation{}, false
	}
	item0 := plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: from, Exact: true}.String()
	steps := append([]plan.Step{}, b...)
	steps = append(steps, plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: to, Exact: true}.String()})
	steps = append(steps, a[1:]...)
	steps = append(steps, plan.Step{Kind: plan.ExpectUnchecked, Target: item0})
	d := before
	j := &d.Plan.Journeys[0]
	j.Steps = steps
	if !strings.HasPrefix(strings.ToLower(menu), "the ") {
		menu = "the " + menu
	}
	text := fmt.Sprintf("In %s, the %s submenu marks %s chosen; choosing %s moves the mark to it, and %s is no longer marked.", menu, plan.Quote(sub), plan.Quote(from), plan.Quote(to), plan.Quote(from))
	for i := range d.Requirements {
		d.Requirements[i].Text = text
		d.Requirements[i].ProvenBy = []StepRef{{Journey: 1, Name: j.Name, Step: 4}, {Journey: 1, Name: j.Name, Step: 8}, {Journey: 1, Name: j.Name, Step: 9}}
	}
	for i := range d.Plan.Requirements {
		d.Plan.Requirements[i].Text = text
	}
	retell(&d, func(t string) string { return t })
	for i := range d.Requirements {
		for k := range d.Requirements[i].ProvenBy {
			d.Requirements[i].ProvenBy[k].Name = j.Name
		}
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, fmt.Sprintf("The mark moving is read as %s marked chosen before, then, once %s is chosen and the menu opened again the same way, %s marked chosen and %s not.", plan.Quote(from), plan.Quote(to), plan.Quote(to), plan.Quote(from)))
	if !strings.ContainsAny(c, `'"‘’“”`) {
		d.Notes = append(d.Notes, fmt.Sprintf("%s, %s and %s were not quoted: they are read as the names of the submenu and its items, as the menu shows them.", plan.Quote(sub), plan.Quote(from), plan.Quote(to)))
	}
	return d, true
}
