package claim

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/vouchdev/vouch/plan"
)

// Places looked into, said the ways reach.go, openers.go and menu.go do
// not read: the place said after the check ("'Sync on start' is ticked on
// the Accounts tab of Preferences", "… (Preferences, Speed tab)"), a menu
// said to have several items ("The share menu has 'Copy link' and 'Email'
// entries"), and the item chosen in a submenu of a menu ("In the view
// menu, Zoom has 100% selected", "View menu > Zoom has 100% selected",
// "Zoom in the view menu has 100% selected by default").
//
// Each opens the place as the readers it is said again for do: the
// place's control, its tab, the menu's control and the submenu are
// guesses, marked reach, so a missing one blocks the run, never fails it.
// The item chosen in a submenu is checked as ticked, which the runner
// reads from ARIA (aria-checked) or, in a menu that marks its chosen item
// with a mark the other items of its group lack (a bullet or check icon,
// as jQuery UI menus do), from that mark (runner/locator.js, checkedOf).

// describedOpener is the control a dialog named by one lower-case word
// is guessed to open from ("the hotkeys dialog" → "Hotkeys"): the word,
// capitalised as a control's name is. The click is a reach step like any
// guessed opener, so a page that names the control otherwise blocks the
// run, never fails it. Two words ("the torrent options dialog") or a word
// that names no control ("the same dialog", "the new dialog") are not
// guessed.
func describedOpener(words string) (string, bool) {
	w := strings.TrimSpace(words)
	if w == "" || strings.Contains(w, " ") {
		return "", false
	}
	l := strings.ToLower(w)
	if determiners[l] || quantifiers[l] || stopWords[l] || structural[l] || vaguePlace[l] || describedNot[l] {
		return "", false
	}
	return upperFirst(l), true
}

// describedNot are words before "dialog" that say which dialog, not what
// opens it.
var describedNot = map[string]bool{"same": true, "other": true, "new": true, "next": true,
	"previous": true, "first": true, "last": true, "current": true, "open": true, "main": true,
	"modal": true, "confirmation": true, "error": true, "warning": true, "success": true,
	"popup": true, "following": true, "above": true, "below": true, "second": true,
	"browser": true, "side": true, "left": true, "right": true, "top": true, "bottom": true,
	"floating": true, "small": true, "large": true, "big": true, "empty": true, "blank": true}

// placeTail is a place said after the check: a tab of a place, said three
// ways; each form has the check in group 1, the tab's name (5 groups) and
// the place's name (5 groups), in the order tabFirst says.
var placeTails = []struct {
	re       *lazyRegexp
	tabFirst bool
}{
	// "… on the Network tab of Preferences"
	{lazyRE(`^(.{3,}?) (?i:on|in|under) (?i:the )?` + placeName + ` tab (?i:of|in) (?i:the )?` + placeName + placeKind + `$`), true},
	// "… in Preferences → Network", "… under Settings > Team"
	{lazyRE(`^(.{3,}?) (?i:on|in|under) (?i:the )?` + placeName + placeKind + ` (?:→|->|>|») (?i:the )?` + placeName + `(?: tab)?$`), false},
	// "… (Preferences, Speed tab)", "… (Preferences → Speed)"
	{lazyRE(`^(.{3,}?) \((?i:in |on |under )?(?i:the )?` + placeName + placeKind + `(?:,| →| ->| >| ») (?i:the )?` + placeName + `(?: tab)?\)$`), false},
}

// derivePlaceTail derives a check said before the place it is in, as the
// same check said after "On the '<tab>' tab of <place>, " (reach.go); ok
// is false when the claim is not of that form or that reading does not
// derive.
func derivePlaceTail(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	for _, f := range placeTails {
		m := f.re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		tab, place := firstOf(m, 2), firstOf(m, 7)
		if !f.tabFirst {
			tab, place = place, tab
		}
		if tab == "" || place == "" || strings.ContainsAny(tab+place, `'"`) {
			return Derivation{}, false
		}
		check := strings.TrimSpace(m[1])
		if strings.ContainsAny(check, "()") {
			// a bracket of its own: not one check said before its place
			return Derivation{}, false
		}
		said := "On the " + plan.Quote(tab) + " tab of " + place + ", " + check
		d, ok := deriveReached(said, "the claim looks inside "+place)
		if !ok {
			// a control named by its unquoted label ("… Stop seeding at
			// ratio is unticked in Preferences > Torrents"), which only
			// the whole derivation reads (labels.go)
			if d, ok = deriveTailed(claim, said, place, tab); !ok {
				return Derivation{}, false
			}
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		return d, true
	}
	if m := rePlaceKindTail.FindStringSubmatch(c); m != nil {
		// "… in the Torrents preferences", "… in the Statistics dialog",
		// "… in Preferences": the place said first, as reach.go reads it
		check := strings.TrimSpace(m[1])
		if strings.ContainsAny(check, "()") || strings.ContainsAny(m[2], `'"‘’“”`) {
			return Derivation{}, false
		}
		said := "In " + m[2] + ", " + check
		d, ok := deriveTailed(claim, said, "", "")
		if !ok {
			return Derivation{}, false
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		return d, true
	}
	return Derivation{}, false
}

// quotedIn reports whether the claim quotes v.
func quotedIn(claim, v string) bool {
	_, said := maskQuoted(claim)
	return slices.Contains(said, v)
}

// rePlaceKindTail is a place said after the check by its name and kind
// ("in the Torrents preferences", "inside the Statistics dialog"), or the
// preferences or settings alone. A menu is menu.go's to read.
var rePlaceKindTail = lazyRE(`^(.{3,}?) (?i:on|in|inside|within|under) ((?i:the )?(?:(?:[A-Z][\w-]*(?: [A-Z][\w-]*){0,2}) (?i:dialog|window|panel|pane|preferences|settings)|(?i:preferences|settings)))$`)

// deriveTailed derives a check said before its place as the check said
// after it, by the whole derivation; ok only when every journey opens the
// place first (its controls clicked, marked reach: a guess that blocks,
// never fails) and the plan keeps every text, path and number of the
// claim. place and tab, when given, are the names the clicks must hold.
func deriveTailed(claim, said, place, tab string) (Derivation, bool) {
	d, ok := deriveQuiet(said)
	if !ok {
		d, ok = deriveLabelled(said)
	}
	if !ok || d.Plan == nil || Missing(claim, d.Plan) != "" {
		return Derivation{}, false
	}
	for _, j := range d.Plan.Journeys {
		if len(j.Steps) < 3 || j.Steps[0].Kind != plan.Visit || j.Steps[1].Kind != plan.Click || !j.Steps[1].Reach {
			return Derivation{}, false
		}
		opened := false
		for _, s := range j.Steps[1:] {
			// the place's controls, then only checks: an action the
			// claim says ("Pressing ',' shows a tab in the preferences")
			// may be what opens the place, which clicking it first
			// would not test
			switch {
			case s.Kind == plan.Click && s.Reach && !opened:
			case s.Kind == plan.ExpectValue && !isNumber(s.Value) && !quotedIn(claim, s.Value):
				// an unquoted word value read only at the claim's end
				// (values.go): "is PNG on the Storage tab" may run on
				return Derivation{}, false
			case s.Kind.IsAssertion(), s.Kind == plan.WaitFor && s.Reach, s.Kind == plan.Hover && s.Reach:
				opened = true
			default:
				return Derivation{}, false
			}
		}
		for i, n := range []string{place, tab} {
			if n != "" && (j.Steps[1+i].Kind != plan.Click || !strings.Contains(j.Steps[1+i].Target, plan.Quote(n))) {
				return Derivation{}, false
			}
		}
	}
	d.Notes = append([]string{fmt.Sprintf("Read as “%s” (the place said after the check).", said)}, d.Notes...)
	return d, true
}

// quotedName is one quoted name, in any of the quotes people type.
const quotedName = `(?:'[^']{1,40}'|"[^"]{1,40}"|‘[^’]{1,40}’|“[^”]{1,40}”)`

var (
	// "The share menu has 'Copy link' and 'Email' entries"
	reMenuHasMany = lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + ` (?i:has|contains|offers|lists|includes) (` + quotedName + `(?:(?:, | and |, and )` + quotedName + `)+) (?i:items|entries|options|commands|menu items)$`)
	// "The Actions menu contains 'Settings', 'Show ID' and 'Logs', in
	// that order": the items said in an order, their kind left unsaid
	reMenuHasOrdered = lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + ` (?i:has|contains|offers|lists|includes|shows) (` + quotedName + `(?:(?:, | and |, and )` + quotedName + `)+)(?: (?i:items|entries|options|commands|menu items))?,? (?i:in (?:that|this|the same) order)$`)
	// "The Kernel menu lists 'Restart'", "The File menu offers 'Open'
	// and 'Save'": a verb of listing says the names are the menu's items
	// ("shows" and "says" may be any text in it: refused in menu.go)
	reMenuLists  = lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + `(?: (?i:on) /[^\s,]*)? (?i:contains|offers|lists|includes) (` + quotedName + `(?:(?:, | and |, and )` + quotedName + `)*)$`)
	reQuotedName = lazyRE(quotedName)
)

// deriveMenuHasMany derives a menu said to have several items as menu.go
// derives it said to have one, each item then looked for in the open
// menu; ok is false when the claim is not of that form.
func deriveMenuHasMany(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	ix := reMenuHasMany.FindStringSubmatchIndex(c)
	ordered := false
	if ix == nil {
		ix, ordered = reMenuHasOrdered.FindStringSubmatchIndex(c), true
	}
	if ix == nil {
		ix, ordered = reMenuLists.FindStringSubmatchIndex(c), false
	}
	if ix == nil {
		return Derivation{}, false
	}
	list := c[ix[14]:ix[15]]
	var names []string
	for _, q := range reQuotedName.FindAllString(list, -1) {
		names = append(names, strings.TrimSpace(strings.Trim(q, `'"‘’“”`)))
	}
	if len(names) == 0 {
		return Derivation{}, false
	}
	// The first item said as menu.go reads one ("… has a 'X' item").
	one := c[:ix[14]] + "a " + plan.Quote(names[0]) + " item"
	d, ok := deriveMenu(one)
	if !ok || len(d.Plan.Journeys) != 1 || len(d.Requirements) != 1 {
		return Derivation{}, false
	}
	j := &d.Plan.Journeys[0]
	for _, n := range names[1:] {
		if strings.ContainsAny(n, `'"`) {
			return Derivation{}, false
		}
		j.Steps = append(j.Steps, plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: n, Exact: true}.String()})
		d.Requirements[0].ProvenBy = append(d.Requirements[0].ProvenBy, StepRef{Journey: 1, Name: j.Name, Step: len(j.Steps)})
	}
	if len(names) == 1 {
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		return d, true
	}
	var qs []string
	for _, n := range names {
		qs = append(qs, plan.Quote(n))
	}
	all := strings.Join(qs[:len(qs)-1], ", ") + " and " + qs[len(qs)-1]
	retell(&d, func(t string) string {
		return strings.Replace(t, "the menu item "+plan.Quote(names[0]), "the menu items "+all, 1)
	})
	for i, n := range d.Notes {
		d.Notes[i] = strings.Replace(n, "a menu item named "+plan.Quote(names[0]), "menu items named "+all, 1)
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	if ordered {
		// their order among the menu's items only: a text elsewhere on
		// the page (a footer's "About") takes no part
		j.Steps = append(j.Steps, plan.Step{Kind: plan.ExpectOrder, Target: plan.Target{Kind: plan.ByRole, Value: "menuitem"}.String(), Texts: names})
		d2, err := Trace(claim, d.Plan, d.Notes)
		if err != nil {
			return Derivation{}, false
		}
		retell(&d2, func(t string) string {
			return strings.Replace(t, "the menu items "+all, "the menu items "+all+", in that order", 1)
		})
		return d2, true
	}
	return d, true
}

// menuState is the state of an item chosen in a submenu (group: the
// state; "by default" is the state the page opens with, as checked).
const menuState = ` (selected|checked|ticked|chosen|not selected|unselected|not checked|unchecked|not ticked|unticked)(?: (?i:by default))?` + menuBelow + `$`

// menuBelow is an item said to come after the chosen one (group 18, its
// name, quoted): ", with a 'Custom' option below it".
const menuBelow = `(?:,? with (?:an? |the )?(` + quotedName + `) (?i:option|item|entry) (?i:below|after|under|beneath) it)?`

// menuSub is a submenu's name, then the item's (5 groups each).
const menuSub = `(?i:the )?` + placeName + `(?: (?i:submenu|menu))?`
const menuHasItem = ` (?i:has) (?i:the )?` + placeName + `(?: (?i:item|entry|option))?` + menuState

// menuStateForms: the menu (5 groups from menu), the submenu (5 groups
// from sub), the item (5 groups from 12), the state in group 17.
var menuStateForms = []struct {
	re        *lazyRegexp
	menu, sub int
}{
	// "In the view menu, Zoom has 100% selected"
	{lazyRE(`^` + menuPage + `(?i:in|on|under|from) ` + menuRef + `, ` + menuSub + menuHasItem), 2, 7},
	// "View menu > Zoom has 100% selected"
	{lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + ` (?:→|->|>|») ` + menuSub + menuHasItem), 2, 7},
	// "Zoom in the view menu has 100% selected"
	{lazyRE(`^` + menuPage + menuSub + ` (?i:in|on|under|of) ` + menuRef + menuHasItem), 7, 2},
}

// deriveMenuState derives the item chosen in a submenu: open the menu by
// its control, point at the submenu by its name (both reach), then the
// item of that name is ticked (or not); ok is false when the claim is not
// of that form.
func deriveMenuState(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	for _, f := range menuStateForms {
		m := f.re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		opener, menu, ok := menuOpener(m, f.menu)
		if !ok {
			return Derivation{}, false
		}
		sub, item := firstOf(m, f.sub), firstOf(m, 12)
		for _, n := range []string{sub, item, opener.Name} {
			if n == "" || strings.ContainsAny(n, `'"`) || vaguePlace[strings.ToLower(n)] {
				return Derivation{}, false
			}
		}
		on := !strings.HasPrefix(m[17], "not ") && !strings.HasPrefix(m[17], "un")
		state := "ticked"
		if !on {
			state = "not ticked"
		}
		said := m[1] + "After clicking " + plan.Quote(opener.Name) + " and " + plan.Quote(sub) + ", " + plan.Quote(item) + " is " + state
		d, r := derive(said)
		if r != nil || d.Plan == nil || len(d.Plan.Journeys) != 1 {
			return Derivation{}, false
		}
		steps := d.Plan.Journeys[0].Steps
		click := func(s plan.Step, name string) bool {
			return s.Kind == plan.Click && s.Target == (plan.Target{Kind: plan.ByText, Value: name, Exact: true}).String()
		}
		want := plan.ExpectChecked
		if !on {
			want = plan.ExpectUnchecked
		}
		if len(steps) != 4 || steps[0].Kind != plan.Visit || !click(steps[1], opener.Name) || !click(steps[2], sub) || steps[3].Kind != want {
			return Derivation{}, false
		}
		steps[1] = plan.Step{Kind: plan.Click, Target: opener.String(), Reach: true}
		// A submenu opens when pointed at; its row holds its items' texts
		// too, so its name is matched in part, as a person finds it.
		steps[2] = plan.Step{Kind: plan.Hover, Target: plan.Target{Kind: plan.ByText, Value: sub}.String(), Reach: true}
		steps[3].Target = plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: item, Exact: true}.String()
		below := strings.TrimSpace(strings.Trim(m[18], `'"‘’“”`))
		if m[18] != "" {
			if below == "" || strings.ContainsAny(below, `'"`) {
				return Derivation{}, false
			}
			// The item after it is shown in the open submenu, and comes
			// after it among the menu items shown.
			steps = append(steps,
				plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: below, Exact: true}.String()},
				plan.Step{Kind: plan.ExpectOrder, Target: plan.Target{Kind: plan.ByRole, Value: "menuitem"}.String(), Texts: []string{item, below}})
			d.Plan.Journeys[0].Steps = steps
			j := d.Plan.Journeys[0]
			d.Requirements[0].ProvenBy = append(d.Requirements[0].ProvenBy, StepRef{Journey: 1, Name: j.Name, Step: 5}, StepRef{Journey: 1, Name: j.Name, Step: 6})
		}
		word := "marked chosen"
		if !on {
			word = "not marked chosen"
		}
		retell(&d, func(t string) string {
			t = strings.Replace(t, "click the text "+plan.Quote(opener.Name), "open "+menu+" (the button named "+plan.Quote(opener.Name)+")", 1)
			t = strings.Replace(t, "click the text "+plan.Quote(sub), "point at its submenu "+plan.Quote(sub), 1)
			for _, s := range []string{"is ticked", "is not ticked"} {
				after := ""
				if below != "" {
					after = ", with the menu item " + plan.Quote(below) + " shown after it"
				}
				t = strings.Replace(t, "the "+plan.Quote(item)+" checkbox "+s, "the menu item "+plan.Quote(item)+" is "+word+after, 1)
			}
			return t
		})
		var notes []string
		for _, n := range d.Notes {
			if strings.Contains(n, "is clicked by its exact visible text") {
				continue
			}
			notes = append(notes, n)
		}
		how := fmt.Sprintf("The claim does not say what opens %s: the plan guesses it opens by clicking the button (or titled icon) named %s, and that pointing at the item named %s opens its submenu. If such a control is not there, the run is blocked, not failed; say how the menu is opened to be sure.", menu, plan.Quote(opener.Name), plan.Quote(sub))
		chosen := fmt.Sprintf("%s is read as the menu item being marked chosen: ticked for assistive technology (aria-checked), or, in a menu that marks the chosen item of a group with a bullet or check mark the group's other items lack, bearing that mark.", upperFirst(m[17]))
		d.Notes = append([]string{how, chosen}, notes...)
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		return d, true
	}
	return Derivation{}, false
}

// reNamedSetting is a setting named by unquoted capitalised words (with a
// bracketed unit: "Download (kB/s)") and the kind of setting, then its
// state: "the Download (kB/s) limit is switched on". The words are the
// label of the control switching it; "enabled" is not read (a button's
// state as much as a tick's).
var reNamedSetting = lazyRE(`^(.*?)(?i:the) ([A-Z][\w-]*(?: (?:[A-Z][\w-]*|\([^()'"]{1,20}\)))*) ((?i:limit|option|setting|switch|toggle|checkbox)) (?:is|are) (switched on|switched off|turned on|turned off|ticked|unticked|checked|unchecked)((?: (?i:by default))?)$`)

// deriveNamedSetting derives a setting named by its label's words as the
// claim said with the label quoted; ok is false when it is not of that
// form or that reading does not derive.
func deriveNamedSetting(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reNamedSetting.FindStringSubmatch(c)
	if m == nil || vaguePlace[strings.ToLower(m[2])] {
		return Derivation{}, false
	}
	state := "not ticked"
	if stateOn(m[4]) {
		state = "ticked"
	}
	said := m[1] + plan.Quote(m[2]) + " is " + state + m[5]
	d, err := Derive(said)
	if err != nil || d.Plan == nil {
		return Derivation{}, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, fmt.Sprintf("The %s %s is read as the control labelled %s, which switches it.", m[2], strings.ToLower(m[3]), plan.Quote(m[2])))
	return d, true
}

// derivePlaces derives a claim in one of the forms above but the item
// chosen in a submenu (deriveMenuState is tried before menu.go reads a
// menu's item as chosen); ok is false when it is in none of them or its
// reading does not derive.
func derivePlaces(claim string) (Derivation, bool) {
	if d, ok := deriveNamedSetting(claim); ok {
		return d, true
	}
	if d, ok := deriveMenuHasMany(claim); ok {
		return d, true
	}
	return derivePlaceTail(claim)
}

// inShownName reports whether every use of the one-word out-of-reach word
// w is part of a name the page shows: a run of capitalised words, not at
// the sentence's start ("sorted by Queue Order" names a menu's option,
// not the server's queue). Such a word is a text a browser sees. Only
// the common nouns a page's options are named with: a platform or a
// browser ("Mobile Safari", "Docker Swarm") stays out of reach.
func inShownName(toks []token, w string) bool {
	upper := func(i int) bool {
		return i >= 0 && i < len(toks) && toks[i].kind == tWord && toks[i].raw != "" && toks[i].raw[0] >= 'A' && toks[i].raw[0] <= 'Z'
	}
	// a capital first in the sentence proves nothing alone; with the next
	// word capitalised too it starts a name ("Backup NAS shows …")
	capital := func(i int) bool {
		return upper(i) && (i >= 1 || upper(i+1) && !determiners[toks[0].low] && toks[0].low != "the")
	}
	if !shownNameWords[w] {
		return false
	}
	seen := false
	for i, t := range toks {
		if t.kind != tWord || t.low != w {
			continue
		}
		seen = true
		// "Queue Order", or "the Servers dropdown": a capitalised word
		// beside another, or before the noun of an element
		named := i+1 < len(toks) && toks[i+1].kind == tWord && isElementNoun(toks[i+1].low)
		if !capital(i) || !(capital(i-1) || capital(i+1) || named) {
			return false
		}
	}
	return seen
}

// inElementName reports whether every use of w in the claim is a word of
// a name in capitals that an element noun follows ("the Recent tab", "the
// Migration Plan link"): the element's label, not a judgement or a thing
// out of a browser's reach.
func inElementName(toks []token, w string) bool {
	upper := func(i int) bool {
		return i >= 0 && i < len(toks) && toks[i].kind == tWord && toks[i].raw != "" && toks[i].raw[0] >= 'A' && toks[i].raw[0] <= 'Z'
	}
	seen := false
	for i, t := range toks {
		if t.kind != tWord || t.low != w {
			continue
		}
		seen = true
		// not the sentence's first word alone: "Recent changes link" may
		// be a capital of the sentence
		if !upper(i) || i == 0 {
			return false
		}
		k := i
		for k+1 < len(toks) && upper(k+1) && k-i < 3 {
			k++
		}
		if k+1 >= len(toks) || toks[k+1].kind != tWord || !isElementNoun(toks[k+1].low) && !itemNoun(toks[k+1].low) {
			return false
		}
	}
	return seen
}

// itemNoun reports whether w is one of namedItemNouns (frames.go).
func itemNoun(w string) bool {
	namedNounsOnce.Do(func() {
		namedNouns = map[string]bool{}
		for _, n := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(namedItemNouns, "(?i:"), ")"), "|") {
			namedNouns[n] = true
		}
	})
	return namedNouns[w]
}

var (
	namedNounsOnce sync.Once
	namedNouns     map[string]bool
)

// shownNameWords are the out-of-reach words that also name options and
// columns pages show ("Queue Order", "Storage Used", "Cache Size").
var shownNameWords = map[string]bool{"queue": true, "worker": true, "workers": true,
	"server": true, "servers": true, "storage": true, "backup": true, "backups": true,
	"cache": true, "memory": true, "disk": true, "database": true, "logs": true,
	"analytics": true, "tracking": true, "json": true, "deploy": true}
