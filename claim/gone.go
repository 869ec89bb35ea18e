package claim

import (
	"fmt"
	"slices"
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
	// A reload after an action takes nothing away of its own ("'Milk' is
	// gone after clicking 'Delete' and reloading"): the thing is found
	// before the action the reload follows, unless only reloads came
	// since the last check.
	lastAct, real := -1, false
	for i, s := range j.Steps {
		switch {
		case s.Kind.IsAssertion():
			real = false
		case s.Kind == plan.Visit || s.Kind == plan.WaitFor:
		case s.Kind == plan.Reload && real:
		default:
			lastAct, real = i, s.Kind != plan.Reload
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
		case gone.Kind == plan.ExpectNoText && s.Kind == plan.ExpectCount && s.Ref != "" && s.Compare == plan.CountAtLeast && s.Count >= 1 &&
			strings.EqualFold(s.Target, plan.Target{Kind: plan.ByText, Value: gone.Value}.String()):
			// more matches than before an add (added.go): shown
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
	if !actsAny(p) && checksAbsent(p) && !strings.Contains(strings.ToLower(lx.text), "no longer") { // "no longer" has its own note
		// "'Loading' disappears": over time, with nothing done; the
		// absence is checked once the page has settled
		return "With nothing done, what the claim says goes away is checked not shown once the page has settled: that it was shown first is not checked."
	}
	if !insertBefore(p, goneGaps) {
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

// A claim that an action reveals a thing or makes it appear ("clicking
// 'More' reveals 'Export as CSV'", "after clicking 'Menu', the 'Settings'
// link appears") says it was not shown before: a plan that checks it only
// after the action passes a click that does nothing on a page that showed
// it all along. A named element (a link, a button, a field) is checked
// absent just before the action (absentFirst), once the action's target is
// there (the page has rendered what it shows before the action). A quoted
// text is counted instead (countedCame): it may be shown elsewhere on the
// page before ("Export as CSV" in the footer's help too), where a check of
// its absence would fail a true claim, so there must be more of it after
// the action than just before. Only after a click, a key or a typed value
// (what a hover or Tab shows is often on the page all along, out of
// sight), and only on the page the action is on.

// cameWords say that something not shown before shows up. "Appears" alone
// is often said of what is merely shown ("check that 'Welcome back'
// appears", on a sign-in page that says "Welcome back" itself), so it
// counts only caused: "makes 'X' appear".
var cameWords = []string{"appear", "appears", "reveal", "reveals", "revealed", "pops up", "pop up",
	"reappear", "reappears", "brings back", "bring back", "comes back", "come back"}

// cameTexts returns the quoted texts the claim says appear: the nearest
// quoted text before the word that says so ("'Draft saved' appears") or
// after it ("reveals 'Export as CSV'").
func cameTexts(lx *lexed) []string {
	var out []string
	toks := lx.toks
	for i, t := range toks {
		if t.kind != tWord || !slices.ContainsFunc(cameWords, func(w string) bool {
			return t.low == w || i+1 < len(toks) && w == t.low+" "+toks[i+1].low
		}) {
			continue
		}
		caused := t.low != "appear" && t.low != "appears"
		lit := func(k int) bool {
			if toks[k].kind == tLit {
				if caused || slices.ContainsFunc(toks[max(k-2, 0):k], func(b token) bool { return b.low == "makes" || b.low == "make" || b.low == "causes" }) {
					out = append(out, strings.TrimSpace(toks[k].raw))
				}
				return true
			}
			return toks[k].kind != tWord
		}
		for k := i - 1; k >= max(i-3, 0) && !lit(k); k-- {
		}
		for k := i + 1; k < min(i+4, len(toks)); k++ {
			if lit(k) {
				if toks[k].kind == tLit && caused {
					// "reveals 'Profile' and 'Sign out'": each of the list
					out = append(out, listedAfter(toks, k)...)
				}
				break
			}
		}
	}
	return append(out, openedWith(toks)...)
}

// listedAfter returns the quoted texts listed after the one at k ("'A',
// 'B' and 'C'"): joined by commas and "and", never "or", which says one of
// them.
func listedAfter(toks []token, k int) []string {
	var out []string
	for j := k + 1; j < len(toks); j++ {
		switch {
		case toks[j].kind == tPunct && toks[j].low == ",", toks[j].kind == tWord && toks[j].low == "and":
		case toks[j].kind == tLit && (toks[j-1].low == "and" || toks[j-1].low == ","):
			out = append(out, strings.TrimSpace(toks[j].raw))
		default:
			return out
		}
	}
	return out
}

// openers say an action brings up a container ("opens a dialog with
// 'Create account'"); openedBoxes are the containers, openedLinks the words
// that lead to what the container shows.
var (
	openers      = []string{"opens", "open", "brings up", "bring up", "pulls up", "pull up", "pops up", "pop up", "launches", "launch"}
	openedBoxes  = []string{"dialog", "modal", "popup", "pop-up", "popover", "panel", "drawer", "menu", "dropdown", "drop-down", "overlay", "sheet", "box", "window", "tooltip", "sidebar", "lightbox", "form"}
	openedLinks  = []string{"with", "showing", "listing", "saying", "containing", "holding", "that shows", "that lists", "that says", "that contains", "that has", "which shows", "which lists", "which says", "which contains", "which has"}
	openedFiller = []string{"a", "an", "the", "new", "small", "little", "confirmation", "sign-up", "signup", "login", "sign-in", "settings", "search", "share", "context", "side", "bottom"}
)

// openedWith returns the first quoted text of what an action opens, said
// as a container and what it holds ("opens a dialog with 'Create account'",
// "brings up a panel listing 'Export'"): the container was not open
// before the action, so neither was what it shows.
func openedWith(toks []token) []string {
	var out []string
	word := func(k int, ws []string) int {
		// the number of tokens one of ws spans at k (0: none)
		for _, w := range ws {
			n := len(strings.Fields(w))
			if k+n > len(toks) {
				continue
			}
			ok := true
			for j, f := range strings.Fields(w) {
				ok = ok && toks[k+j].kind == tWord && toks[k+j].low == f
			}
			if ok {
				return n
			}
		}
		return 0
	}
	for i := 0; i < len(toks); i++ {
		n := word(i, openers)
		if n == 0 {
			continue
		}
		k := i + n
		for word(k, openedFiller) == 1 {
			k++
		}
		if k == i+n || word(k, openedBoxes) != 1 {
			// "opens 'Settings'" is said of a page or a link; an article and
			// a kind of box are what make it a container
			continue
		}
		for word(k, openedBoxes) == 1 {
			k++ // "a dialog box", "a modal window"
		}
		m := word(k, openedLinks)
		if m == 0 {
			continue
		}
		k += m
		for word(k, []string{"a", "an", "the"}) == 1 {
			k++
		}
		if k < len(toks) && toks[k].kind == tLit {
			out = append(out, strings.TrimSpace(toks[k].raw))
			out = append(out, listedAfter(toks, k)...)
		}
	}
	return out
}

// absentFirst puts, before the action after which a claim says a thing
// appears, a check that it is not shown yet, and returns the note that
// says so ("" when nothing was added).
func absentFirst(lx *lexed, p *plan.Plan) string {
	texts := cameTexts(lx)
	if p == nil || len(texts) == 0 || saysGone(lx) {
		return ""
	}
	if !insertBefore(p, func(j plan.Journey) map[int][]plan.Step { return cameGaps(j, texts) }) {
		return ""
	}
	return "That it appears is checked by it not being shown just before the step after which it appears, and shown after: a page that showed it all along fails."
}

// countedCame counts what absentFirst leaves unchecked before the action
// (cameCounted) and returns the note that says so ("" when nothing was
// changed). Derive calls it once the guards, which read the plain checks,
// have passed the plan.
func countedCame(lx *lexed, p *plan.Plan) string {
	if p == nil || saysGone(lx) {
		return ""
	}
	counted := append(changedTo(lx.toks), cameTexts(lx)...)
	if len(counted) == 0 || !cameCounted(p, counted) {
		return ""
	}
	return "That a text appears or a part changes to it is checked by counting its visible matches just before the step after which it appears and after it: more after (the text may be shown elsewhere before, so its absence is not required)."
}

// changeVerbs say that a part of the page changes to a text ("changes the
// status to 'Running'", "turns the label into 'Done'").
var changeVerbs = []string{"changes", "change", "changed", "changing", "updates", "update", "updated", "updating",
	"switches", "switch", "switched", "switching", "turns", "turn", "turned", "turning", "sets", "set", "setting"}

// changedTo returns the quoted texts the claim says a part changes to:
// the quoted text after "to" or "into" within a few words of a change
// verb, unless the claim says what it changes from (read by the rule for
// "changes from 'A' to 'B'", which checks the old text first).
func changedTo(toks []token) []string {
	var out []string
	for i, t := range toks {
		if t.kind != tWord || !slices.Contains(changeVerbs, t.low) {
			continue
		}
		for k := i + 1; k < min(i+7, len(toks)-1); k++ {
			if toks[k].kind == tWord && toks[k].low == "from" {
				break
			}
			if toks[k].kind == tWord && (toks[k].low == "to" || toks[k].low == "into") {
				if toks[k+1].kind == tLit {
					out = append(out, strings.TrimSpace(toks[k+1].raw))
				}
				break
			}
			if toks[k].kind != tWord {
				// "changes 'Stopped' to 'Running'" says the old text, which
				// is checked first
				break
			}
		}
	}
	return out
}

// cameCounted turns each page-wide check of one of texts (a text the
// claim says appears, or a part changes to) after an
// action into a count against the count taken just before the action, and
// reports whether it turned any: the text may be shown elsewhere on the
// page before ("Export" of "Export as CSV" appearing, "Running" a filter's
// name), so its absence before cannot be asked, but a click that does
// nothing leaves as many as there were.
func cameCounted(p *plan.Plan, texts []string) bool {
	changed := false
	for ji := range p.Journeys {
		c := newCounter(&p.Journeys[ji])
		j := c.j
		lastAct := -1
		for i, s := range j.Steps {
			switch {
			case s.Kind == plan.Visit:
				lastAct = -1
			case s.Kind == plan.WaitFor || s.Kind.IsAssertion() || s.Kind == plan.RememberCount:
			default:
				lastAct = i
			}
			if lastAct < 0 || s.Kind != plan.ExpectText || s.Target != "" || s.Reach ||
				!slices.ContainsFunc(texts, func(t string) bool { return strings.EqualFold(t, s.Value) }) {
				continue
			}
			if a := j.Steps[lastAct]; a.Kind == plan.Hover || a.Kind == plan.Press && a.Value == "Tab" {
				continue
			}
			if t, err := plan.ParseTarget(j.Steps[lastAct].Target); err == nil && (containsWord(t.Value, strings.ToLower(s.Value)) || containsWord(t.Name, strings.ToLower(s.Value))) {
				// the clicked control's own name holds the word ("clicking
				// 'Show comments' reveals 'Comments'"): it may go with the
				// click; inClickedExact checks the element that says it
				continue
			}
			ref := newOfRef(plan.Target{Kind: plan.ByText, Value: s.Value}.String())
			if slices.ContainsFunc(j.Steps, func(b plan.Step) bool { return b.Kind == plan.RememberCount && b.Ref == ref }) {
				continue // counted already (an add's text)
			}
			c.count(lastAct, i)
		}
		changed = c.splice() || changed
	}
	return changed
}

// cameGaps returns, for each action after which one of texts is checked
// shown but not checked absent before it, the check that it is absent,
// after waiting for the action's target.
func cameGaps(j plan.Journey, texts []string) map[int][]plan.Step {
	lastAct := -1
	gaps := map[int][]plan.Step{}
	came := func(v string) bool {
		return slices.ContainsFunc(texts, func(t string) bool { return strings.EqualFold(t, v) })
	}
	for i, s := range j.Steps {
		switch {
		case s.Kind == plan.Visit:
			lastAct = -1 // the thing is said of another page
		case s.Kind == plan.WaitFor || s.Kind.IsAssertion() || s.Kind == plan.RememberCount:
		default:
			lastAct = i
		}
		if lastAct < 0 {
			continue
		}
		var absent plan.Step
		switch {
		case s.Kind == plan.ExpectVisible && came(namedBy(s.Target)):
			absent = plan.Step{Kind: plan.ExpectHidden, Target: s.Target}
		default:
			continue
		}
		if a := j.Steps[lastAct]; a.Kind == plan.Hover || a.Kind == plan.Press && a.Value == "Tab" {
			continue
		}
		if slices.ContainsFunc(j.Steps[:lastAct], func(b plan.Step) bool {
			return b.Kind == absent.Kind && b.Target == absent.Target && strings.EqualFold(b.Value, absent.Value)
		}) {
			continue
		}
		if len(gaps[lastAct]) == 0 {
			// Right after the visit the page may not have rendered yet,
			// and anything is absent: wait for the action's target.
			if a := j.Steps[lastAct]; a.Target != "" && lastAct > 0 && j.Steps[lastAct-1].Kind == plan.Visit {
				gaps[lastAct] = append(gaps[lastAct], plan.Step{Kind: plan.WaitFor, Target: a.Target})
			}
		}
		gaps[lastAct] = append(gaps[lastAct], absent)
	}
	return gaps
}

// namedBy returns the name a target finds one element by ("Settings" of
// role=link[name="Settings"], "Email" of label=Email), or "" when it
// finds no one named element (any link, an element inside an item or a
// part of the page).
func namedBy(target string) string {
	t, err := plan.ParseTarget(target)
	if err != nil || t.Within != "" || t.In != "" || t.Under != "" || t.Beside != "" || t.Nth != 0 {
		return ""
	}
	switch t.Kind {
	case plan.ByRole:
		return t.Name
	case plan.ByLabel:
		return t.Value
	}
	return ""
}

// insertBefore puts the steps gaps returns for each journey before the
// step at their index, and reports whether it put any.
func insertBefore(p *plan.Plan, gaps func(plan.Journey) map[int][]plan.Step) bool {
	added := false
	for ji, j := range p.Journeys {
		g := gaps(j)
		if len(g) == 0 {
			continue
		}
		p.Journeys[ji].Steps = spliced(j.Steps, g)
		added = true
	}
	return added
}

// spliced returns steps with at[i] put before the step at index i.
func spliced(steps []plan.Step, at map[int][]plan.Step) []plan.Step {
	var out []plan.Step
	for i, s := range steps {
		out = append(out, at[i]...)
		out = append(out, s)
	}
	return append(out, at[len(steps)]...)
}

// actsAny reports whether plan p does anything but visit, wait and check.
func actsAny(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind != plan.Visit && st.Kind != plan.WaitFor && st.Kind != plan.Screenshot && !st.Kind.IsAssertion() {
				return true
			}
		}
	}
	return false
}

// checksAbsent reports whether plan p checks a text or an element absent.
func checksAbsent(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.ExpectNoText || st.Kind == plan.ExpectHidden {
				return true
			}
		}
	}
	return false
}

// A text looked for after a click that the clicked control's own name
// holds ("clicking 'Unfollow' shows 'Follow'") is found in that name
// whatever the click did: the page-wide check passes while the button
// still says "Unfollow". The text is checked as the element whose whole
// text is exactly it (inClickedExact).

// inClickedExact turns each page-wide text check that a text clicked
// before it holds into a check of the element that says exactly that
// text, and returns the note that says so ("" when none was changed).
func inClickedExact(p *plan.Plan) string {
	if p == nil {
		return ""
	}
	var said []string
	for ji := range p.Journeys {
		var clicked []string
		for k, s := range p.Journeys[ji].Steps {
			switch s.Kind {
			case plan.Visit:
				clicked = nil
			case plan.Click, plan.DblClick, plan.Press, plan.Check, plan.Uncheck:
				if t, err := plan.ParseTarget(s.Target); err == nil && !s.Reach {
					// (a click marked reach is the plan's guess at an
					// opener, not the claim's action)
					switch t.Kind {
					case plan.ByText:
						clicked = append(clicked, strings.ToLower(t.Value))
					case plan.ByRole:
						clicked = append(clicked, strings.ToLower(t.Name))
					}
				}
			case plan.ExpectText:
				v := strings.ToLower(strings.TrimSpace(s.Value))
				if s.Target != "" || v == "" || !slices.ContainsFunc(clicked, func(c string) bool { return c != v && strings.Contains(c, v) }) {
					continue
				}
				p.Journeys[ji].Steps[k] = plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: s.Value, Exact: true}.String(), Ref: s.Ref}
				said = append(said, s.Value)
			}
		}
	}
	if len(said) == 0 {
		return ""
	}
	return fmt.Sprintf("%s is part of a text the plan clicks, so it is checked as the element whose whole text is exactly it: looked for anywhere, it would be found in the clicked control's own name whatever the click did.", plan.Quote(said[0]))
}
