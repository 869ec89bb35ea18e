package claim

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// UI workflows: claims about what an action on a real app's controls makes
// appear, stay or go ("pressing 'o' opens the 'Upload' dialog and pressing
// Escape closes it", "reloading still shows '0 Transfers'"). The words of
// time in them say what held before the action too: a dialog that opens was
// closed before, a text that is still shown was shown before, a text that
// is no longer shown was shown until something took it away. These readings
// work on the items of either reader (uiItems), on the compositional
// reader's outcomes (uiPredicate) and in the guard (guardUI).

// --- the earlier state, on the items of either reader -----------------------

// openWords say a dialog opens: what the action opens was closed before.
var openWords = lazyRE(`\b(?:opens|open|opening|brings up|bring up|pops up|pop up|shows up)\s+(?:(?:a|an|the)\s+)?$`)

// stillBefore and stillAfter find "still" said of a quoted text: "still
// shows 'X'", "'X' is still shown".
var (
	// ("keeps 'X'", "leaves 'X'", "'X' stays": the same)
	stillBefore = lazyRE(`\b(?:still|keeps|leaves)\s+(?:[a-z]+\s+){0,2}$`)
	stillAfter  = lazyRE(`^\s*(?:(?:is|are|remains|stays)\s+still\b|(?:stays|remains|stay|remain)\b)`)
	// "no longer shows 'X'", "'X' is no longer shown", "the 'X' button is
	// no longer there", "'X' isn't shown any more"
	longerBefore = lazyRE(`\bno longer\s+(?:[a-z]+\s+){0,2}$`)
	longerAfter  = lazyRE(`^\s*no longer\b|^\s*(?:[a-z]+\s+)?(?:is|are)\s+no longer\b|^\s*(?:is|are)\s*n[o']t\s+(?:[a-z]+\s+){0,2}any ?more\b`)
)

// uiItems adds to the checks the state the claim's words say held before
// the last action: "still shows 'X'" (X was shown before it too) and
// "opens the 'X' dialog" (the dialog was closed). A check already holding
// an earlier state is left as it is.
func uiItems(lx *lexed, items []item) []item {
	if strings.Contains(lx.shape, "toolbar button") {
		noted := false
		for _, it := range items {
			for _, n := range it.notes {
				noted = noted || strings.Contains(strings.ToLower(n), "toolbar")
			}
		}
		for k := range items {
			if !noted && items[k].kind == iCheck {
				items[k].notes = append(append([]string(nil), items[k].notes...), toolbarNote)
				noted = true
			}
		}
	}
	acted := false
	for k := range items {
		it := &items[k]
		switch it.kind {
		case iAction, iReload:
			acted = true
			continue
		case iCheck:
		default:
			continue
		}
		if len(it.pre) > 0 || len(it.steps) != 1 {
			continue
		}
		// "'X' no longer appears after clicking 'Y'": the action said
		// after the check is done before it
		acted := acted || condActsAfter(items, k)
		if !acted && it.steps[0].Kind != plan.ExpectNoText && it.steps[0].Kind != plan.ExpectHidden {
			continue
		}
		s := it.steps[0]
		switch {
		case s.Kind == plan.ExpectNoText && said(lx.text, s.Value, longerBefore, longerAfter):
			if !acted {
				it.notes = append(append([]string(nil), it.notes...), noLongerNote)
				continue
			}
			it.pre, it.preGone = []plan.Step{{Kind: plan.ExpectText, Value: s.Value, Target: s.Target}}, true
			it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("\"no longer\": %q is checked shown just before the last step, and not shown after.", s.Value))
		case s.Kind == plan.ExpectHidden && s.Target != "":
			t, err := plan.ParseTarget(s.Target)
			if err != nil || !said(lx.text, targetName(t), longerBefore, longerAfter) {
				continue
			}
			if !acted {
				it.notes = append(append([]string(nil), it.notes...), noLongerNote)
				continue
			}
			it.pre, it.preGone = []plan.Step{{Kind: plan.ExpectVisible, Target: s.Target}}, true
			it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("\"no longer\": %s is checked visible just before the last step, and hidden after.", t.Describe()))
		case s.Kind == plan.ExpectText && said(lx.text, s.Value, stillBefore, stillAfter):
			it.pre = []plan.Step{s}
			it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("\"still\": %q is checked just before the last step too.", s.Value))
		case s.Kind == plan.ExpectVisible && s.Target != "":
			t, err := plan.ParseTarget(s.Target)
			if err != nil || t.Kind != plan.ByRole || t.Value != "dialog" || t.Name == "" {
				continue
			}
			opened := saidOpened(lx.text, t.Name)
			if opened {
				it.pre = []plan.Step{{Kind: plan.ExpectHidden, Target: s.Target}}
			}
			// The name is the claim's for the dialog, which the page may
			// not give it (a dialog with tabs for a title): that a dialog
			// opens decides; that it bears the name is found, else blocked.
			anyDialog := plan.Target{Kind: plan.ByRole, Value: "dialog"}.String()
			// (counted among the visible dialogs: a page may hold others,
			// hidden, before the one that opens)
			it.steps = []plan.Step{{Kind: plan.ExpectCount, Target: anyDialog, Count: 1, Compare: plan.CountAtLeast}, {Kind: plan.WaitFor, Target: s.Target, Reach: true}}
			if saidTitled(lx.text, t.Name) {
				// "a dialog titled 'Upload'": the title is said, and
				// decides, as a text of the dialog that opens
				it.steps = []plan.Step{{Kind: plan.ExpectCount, Target: anyDialog, Count: 1, Compare: plan.CountAtLeast}, {Kind: plan.ExpectText, Target: anyDialog, Value: t.Name}}
				it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("The title %q is checked as a text of the dialog that opens.", t.Name))
				continue
			}
			if opened {
				it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("That the %q dialog opens is checked by it being closed just before the last step and a dialog open after; that the dialog is named %q is a guess of the page's name for it: a dialog under another name blocks the run, never fails it.", t.Name, t.Name))
			} else {
				it.notes = append(append([]string(nil), it.notes...), fmt.Sprintf("That the %q dialog shows after the action is checked by a dialog open; that it is named %q is a guess of the page's name for it: a dialog under another name blocks the run, never fails it.", t.Name, t.Name))
			}
		}
	}
	return items
}

// condActsAfter reports whether the check at k is followed by "after",
// "once", "when" or "if" and an action: the assembly moves that action
// before the check.
func condActsAfter(items []item, k int) bool {
	j := k + 1
	for j < len(items) && (items[j].kind == iConn || items[j].kind == iPage) {
		j++
	}
	if j >= len(items) || items[j].kind != iCond {
		return false
	}
	for _, it := range items[j+1:] {
		switch it.kind {
		case iAction, iReload:
			return true
		case iCheck:
			return false
		}
	}
	return false
}

// quotedAt returns where v is written quoted (or, unquoted, as a whole
// word) in text: the offsets before and after it, or false.
func quotedAt(text, v string) (int, int, bool) {
	for _, q := range []string{"'", "\"", "`"} {
		if i := strings.Index(text, q+v+q); i >= 0 {
			return i, i + len(v) + 2*len(q), true
		}
	}
	low := strings.ToLower(text)
	lv := strings.ToLower(v)
	for i := strings.Index(low, lv); i >= 0; {
		j := i + len(lv)
		if (i == 0 || !wordRune(low[:i], true)) && (j == len(low) || !wordRune(low[j:], false)) {
			return i, j, true
		}
		n := strings.Index(low[i+1:], lv)
		if n < 0 {
			break
		}
		i += 1 + n
	}
	return 0, 0, false
}

// wordRune reports whether the rune at the end (last) or start of s is a
// letter or digit.
func wordRune(s string, last bool) bool {
	var r rune
	if last {
		r, _ = utf8.DecodeLastRuneInString(s)
	} else {
		r, _ = utf8.DecodeRuneInString(s)
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// noLongerNote says what "no longer" means when nothing in the claim
// takes the text away: a change across versions, which no page shows.
const noLongerNote = "\"no longer\" is read as not shown now: that it was shown before (in an earlier version, or before something the claim does not name) is not checked."

// said reports whether v is written, quoted or as words, with before
// matching the words just before it or after the words just after it.
func said(text, v string, before, after *lazyRegexp) bool {
	if v == "" {
		return false
	}
	for from := 0; from < len(text); {
		a, b, ok := quotedAt(text[from:], v)
		if !ok {
			return false
		}
		if before.MatchString(strings.ToLower(text[:from+a])) || after.MatchString(strings.ToLower(text[from+b:])) {
			return true
		}
		from += b
	}
	return false
}

// targetName is the name a target is called by in a claim.
func targetName(t plan.Target) string {
	if t.Kind == plan.ByRole {
		return t.Name
	}
	return t.Value
}

// saidOpened reports a dialog's name written right after "opens the".
func saidOpened(text, name string) bool {
	for from := 0; from < len(text); {
		a, b, ok := quotedAt(text[from:], name)
		if !ok {
			return false
		}
		if openWords.MatchString(strings.ToLower(text[:from+a])) {
			return true
		}
		from += b
	}
	return false
}

// saidTitled reports whether text says a dialog's title is name
// ("titled 'Upload'", "called 'Upload'").
func saidTitled(text, name string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"titled", "called", "named", "headed", "entitled"} {
		for _, q := range []string{"'", `"`} {
			if strings.Contains(low, w+" "+q+strings.ToLower(name)+q) {
				return true
			}
		}
	}
	return false
}

// --- dialogs that open and close, in the compositional reader ---------------

// dialogLife finds a claim that says a dialog opens and, after a later
// action, closes: the rules read the closing as the clicked control going
// away ("clicking 'Done' dismisses the dialog" hid "Done"), or refuse "it".
var dialogLife = lazyRE(`\b(?:opens|open|brings up|pops up) (?:a |an |the )?(?:"\d+" |[a-z]+ ){0,4}(?:dialog|window|popup|modal)\b.* (?:closes|close|dismisses|dismiss) (?:it|the dialog|the window|the popup)(?: again)?(?: ,|$| and| then)`)

// uiRead reads a claim about a dialog's life compositionally before the
// rules do (false when the claim is none, or the reader cannot read it).
func uiRead(lx *lexed) ([]item, bool) {
	if !dialogLife.MatchString(lx.shape) {
		return nil, false
	}
	return composeRead(lx)
}

// uiPredicate reads the outcomes of a dialog's life: "opens the 'X'
// dialog" (the window named X is visible after the action) and, after a
// later action, "closes it" / "closes the dialog" (that window, open just
// before the action, is closed after it). handled is false when the words
// are none of these.
func (c *composer) uiPredicate(subj *subject) (ok, handled bool) {
	if subj.kind != sNone || !c.acted {
		return false, false
	}
	save := c.i
	switch {
	case c.eat("opens") || c.eat("open") || c.eat("brings", "up") || c.eat("pops", "up"):
		verbEnd := c.i
		t, found := c.target(false)
		if !found || t.noun != "dialog" || t.name == "" || !c.clauseEnds() {
			c.i = verbEnd
			if c.placeShowing() {
				return true, true
			}
			c.i = save
			return false, false
		}
		tg := plan.Target{Kind: plan.ByRole, Value: "dialog", Name: t.name}.String()
		it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: tg})
		it.notes = append(append([]string(nil), t.notes...), fmt.Sprintf("The %q dialog is the window (a dialog, or a window drawn over the page) whose title or heading is %q.", t.name, t.name))
		c.emit(it)
		c.dialog, c.dialogAt = tg, len(c.items)
		return true, true
	case c.at("closes") || c.at("close") || c.at("dismisses") || c.at("dismiss"):
		c.i++
		if c.dialog == "" && !c.checkedSinceAct() {
			// "pressing 'o' and then clicking 'Cancel' closes the 'Upload'
			// dialog": the dialog named so, open just before the last
			// action and closed after; something done before that action
			// must have opened it ("clicking 'OK' closes the 'Confirm'
			// dialog" says nothing of what opened it)
			acts := 0
			for _, x := range c.items {
				if x.kind == iAction || x.kind == iReload {
					acts++
				}
			}
			t, found := c.target(false)
			if !found || t.noun != "dialog" || t.name == "" || acts < 2 || !c.clauseEnds() {
				c.i = save
				return false, false
			}
			tg := plan.Target{Kind: plan.ByRole, Value: "dialog", Name: t.name}.String()
			it := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: tg})
			it.pre = []plan.Step{{Kind: plan.ExpectVisible, Target: tg}}
			it.notes = append(append([]string(nil), t.notes...), fmt.Sprintf("That the action closes the %q dialog is checked by it being open just before the action and closed after.", t.name))
			c.emit(it)
			return true, true
		}
		if c.dialog == "" || c.checkedSinceAct() {
			// nothing the claim opened, or no action since it opened
			c.i = save
			return false, false
		}
		if !(c.eat("it") || c.eat("the", "dialog") || c.eat("the", "window") || c.eat("the", "popup")) || !c.clauseEnds() {
			c.i = save
			return false, false
		}
		it := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: c.dialog})
		acts := 0
		for _, x := range c.items[c.dialogAt:] {
			if x.kind != iConn {
				acts++
			}
		}
		if acts != 1 {
			// the dialog's opening was not checked just before the action
			it.pre = []plan.Step{{Kind: plan.ExpectVisible, Target: c.dialog}}
		}
		it.notes = []string{"That the action closes the dialog is checked by it being open just before the action and closed after."}
		c.emit(it)
		c.dialog = ""
		return true, true
	case c.eat("changes", "it", "to") || c.eat("turns", "it", "into") || c.eat("makes", "it", "say") || c.eat("changes", "its", "label", "to"):
		// "clicking 'Dark' changes it to 'Light'": the control clicked
		// now says the new text, which it did not say before
		l := c.last
		v, found := c.lit()
		if !found || l == nil || l.name == "" || l.key != "" || l.path != "" || c.checkedSinceAct() || !c.clauseEnds() {
			c.i = save
			return false, false
		}
		tg := plan.Target{Kind: plan.ByText, Value: v, Exact: true}
		if t, err := plan.ParseTarget(l.aimed()); err == nil && t.Kind == plan.ByRole && t.Name != "" && t.Within == "" && t.Nth == 0 {
			tg = plan.Target{Kind: plan.ByRole, Value: t.Value, Name: v}
		} else if l.target == "" && (commandLabel(l.name) || commandLabel(v)) {
			// a toggle named by what it does is a button, often named
			// only by its aria-label (see the assembly's commandLabel)
			tg = plan.Target{Kind: plan.ByRole, Value: "button", Name: v}
		}
		it := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: tg.String()})
		it.pre = []plan.Step{{Kind: plan.ExpectHidden, Target: tg.String()}}
		it.notes = []string{fmt.Sprintf("That %q changes to %q is checked by %s being hidden just before the action and visible after; that %q is gone is not checked (another element may say it).", l.name, v, tg.Describe(), l.name)}
		c.emit(it)
		return true, true
	}
	return false, false
}

// placeShowing reads what a place that opens shows, after "opens": an
// unquoted capitalised name, then "on the 'Torrents' tab" (that tab is the
// one selected) and "with 'Start when added' unticked" (a state of a
// control in it), at least one of them. The name says what opens and is
// noted, not looked for: the checks say how it shows.
func (c *composer) placeShowing() bool {
	start, n := c.i, len(c.items)
	fail := func() bool { c.i, c.items = start, c.items[:n]; return false }
	var ws []string
	for !c.end() && capWord(c.w[c.i]) && len(ws) < 3 {
		if _, k := c.nounAt(); k > 0 {
			return fail()
		}
		ws = append(ws, c.w[c.i].raw)
		c.i++
	}
	if len(ws) == 0 {
		return fail()
	}
	checks := 0
	if c.eat("on") || c.eat("at") {
		t, ok := c.target(false)
		if !ok || t.noun != "tab" || t.name == "" {
			return fail()
		}
		it, ok := stateCheck(t, cstates["selected"], false)
		if !ok {
			return fail()
		}
		it.notes = append(it.notes, fmt.Sprintf("\"on the %s tab\": the %q tab is checked to be the one selected.", t.name, t.name))
		c.emit(it)
		checks++
	}
	if c.eat("with") {
		t, ok := c.target(false)
		if !ok || t.name == "" {
			return fail()
		}
		st, ok := c.stateAfter()
		if !ok {
			return fail()
		}
		it, ok := stateCheck(t, st, false)
		if !ok {
			return fail()
		}
		c.emit(it)
		checks++
	}
	if checks == 0 || !c.clauseEnds() {
		return fail()
	}
	c.notes = append(c.notes, fmt.Sprintf("%q names what opens; it is not looked for itself: what the claim says it shows is checked.", strings.Join(ws, " ")))
	return true
}

// charKey reads a character key named in words before "key": "the comma
// key" presses ",", as the rules read it.
func (c *composer) charKey() (string, bool) {
	for n := 2; n >= 1; n-- {
		p, ok := c.nextWords(n)
		if !ok || c.i+n >= len(c.w) || c.w[c.i+n].low != "key" {
			continue
		}
		if k, ok := charKeyNames[p]; ok {
			c.i += n + 1
			return k, true
		}
	}
	return "", false
}

// clauseEnds reports that the words at i end an outcome: the claim's end,
// a comma, "and", "then" or "again".
func (c *composer) clauseEnds() bool {
	if c.end() {
		return true
	}
	switch c.low() {
	case ",", ";", "and", "then":
		return true
	case "again":
		c.i++
		return c.clauseEnds()
	}
	return false
}

// --- words the plan must account for -----------------------------------------

// partNames are nouns of a part of the page that the rules read as the
// page itself ("the status shows 'Saved'"): said capitalised with no
// article ("Status shows 'Saved'") they are a name, of a part vouch cannot
// find.
var partNames = map[string]bool{"status": true, "summary": true, "result": true, "results": true,
	"output": true, "message": true, "messages": true, "notification": true, "notifications": true,
	"total": true, "price": true, "badge": true, "counter": true, "count": true, "greeting": true,
	"response": true, "feed": true, "cart": true, "basket": true, "inbox": true, "alert": true}

// guardUI refuses a derivation that drops what a claim says of a UI
// workflow: a part named like a control ("then Status shows 'Saved'":
// which element is "Status"?) whose name the plan does not hold.
func guardUI(ws []gword, steps []plan.Step, _ Derivation) string {
	for i, w := range ws {
		if w.kind != tWord {
			continue
		}
		if i == 0 || !partNames[w.low] || !startsUpper(w.raw) || determiners[ws[i-1].low] || ws[i-1].low == "'s" {
			continue
		}
		if !planNames(steps, w.raw) {
			return fmt.Sprintf("%q names a part of the page by its name, and vouch cannot tell which element that is: quote the text it shows and say where (\"the '%s' row shows '…'\"), or say what the page shows", w.raw, w.raw)
		}
	}
	return ""
}

// planNames reports whether a step of the plan holds the name.
func planNames(steps []plan.Step, name string) bool {
	l := strings.ToLower(name)
	for _, s := range steps {
		for _, x := range append([]string{s.Target, s.Value}, s.Texts...) {
			if strings.Contains(strings.ToLower(x), l) {
				return true
			}
		}
	}
	return false
}

// A control named with the toolbar it sits in ("the 'Start' toolbar
// button"): the name finds it, and the toolbar, which no element of its own
// marks, is noted, not pinned, as the rules read it (uiItems adds the
// note). The footer, header and nav are never dropped so: a named element
// said of them is refused.
func init() {
	twoWordNouns["toolbar button"] = "button"
}

// toolbarNote says what "toolbar button" is read as.
const toolbarNote = "\"toolbar\" says where the button sits; it is not pinned: the button is found by its name anywhere on the page."
