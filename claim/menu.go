package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Items chosen from a menu. A claim whose action goes through a menu
// ("Choosing 'About' from the settings menu shows …", "Opening the account
// menu and picking 'Sign out' shows …", "The About dialog (settings menu,
// then About) says …") is read as a person does it: open the menu by the
// control named for it, then choose the item of that name among what the
// menu shows. Both clicks are guesses of how the page is built, so both
// are marked reach: if there is no such control, or no such item once the
// menu is open, the run is blocked, never failed.
//
// The control is the button (or titled icon) named "<name> menu" for an
// unquoted menu ("the settings menu" → "Settings Menu", "Open settings
// menu"), the quoted name itself for a quoted one ("the 'File' menu"), and
// "menu" for "the menu". The item is a menu item of exactly the quoted or
// capitalised name (a trailing "…" on the page aside); the runner also
// finds it in menus built without ARIA roles (runner/locator.js,
// popupItems). What follows must derive on its own, said after the two
// clicks: nothing of the claim is left unread.

// menuAct is a verb of choosing an item.
const menuAct = `(?i:choosing|choose|chooses|selecting|select|selects|picking|pick|picks|clicking|click|clicks|opening|open|opens|tapping|tap|taps|using|use)`

// menuItemWord is a word after an item's name saying what it is.
const menuItemWord = `(?: (?i:item|entry|option|command|menu item))?`

// menuRef is a menu: quoted, or one or two lower-case words before "menu",
// or "menu" alone; 5 groups (four quotes, the words).
const menuRef = `(?i:the |a |my |your |its )?(?:'([^']{1,40})' |"([^"]{1,40})" |‘([^’]{1,40})’ |“([^”]{1,40})” |((?i:[a-z][\w-]*)(?: [a-z][\w-]*)?) )?(?i:menu)`

// menuPage is a page said before the action ("On /editor, …"), kept as it is.
const menuPage = `((?i:on|at) [^,]{1,60}, )?`

var (
	// "Choosing 'About' from the settings menu shows …"
	reMenuChoose = lazyRE(`^` + menuPage + menuAct + `(?: on)? (?i:the )?` + placeName + menuItemWord + ` (?i:from|in|on|under|via) ` + menuRef + `,? (.+)$`)
	// "After choosing 'About' from the settings menu, …"
	reMenuAfter = lazyRE(`^` + menuPage + `(?i:after|once|when) (?i:you |i |the user |a user )?` + menuAct + `(?: on)? (?i:the )?` + placeName + menuItemWord + ` (?i:from|in|on|under|via) ` + menuRef + `, (.+)$`)
	// "Opening the account menu and picking 'Sign out' shows …"
	reMenuThen = lazyRE(`^` + menuPage + menuAct + ` ` + menuRef + ` (?i:and|then|and then) ` + menuAct + `(?: on)? (?i:the )?` + placeName + menuItemWord + `,? (.+)$`)
	// "After opening the account menu and picking 'Sign out', …"
	reMenuThenAfter = lazyRE(`^` + menuPage + `(?i:after|once|when) (?i:you |i |the user |a user )?` + menuAct + ` ` + menuRef + ` (?i:and|then|and then) ` + menuAct + `(?: on)? (?i:the )?` + placeName + menuItemWord + `, (.+)$`)
	// "'Edit Preferences' from the menu opens …": "from" says it is chosen.
	reMenuFrom = lazyRE(`^` + menuPage + placeName + menuItemWord + ` (?i:from) ` + menuRef + `,? (.+)$`)
	// "Settings menu > About shows …", "the account menu → 'Sign out'
	// leads to …": the menu, then the item, as a path.
	reMenuPath = lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + ` (?:→|->|>|») (?i:the )?` + placeName + menuItemWord + `,? (.+)$`)
	// "From the settings menu, choosing 'About' shows …"
	reMenuFromFirst = lazyRE(`^` + menuPage + `(?i:from|in|under) ` + menuRef + `, ` + menuAct + `(?: on)? (?i:the )?` + placeName + menuItemWord + `,? (.+)$`)
	// "The About dialog (settings menu, then About) says …", "The
	// Statistics dialog (from the settings menu) shows …": the dialog, and
	// in brackets the menu and the item that open it (the dialog's own
	// name when no item is said).
	reMenuDialog = lazyRE(`^(?i:the )?` + placeName + ` (dialog|window) \((?i:from |in |via |under |through )?` + menuRef + `(?:(?:,? (?i:then)|,| >| →| ->) (?i:the )?` + placeName + menuItemWord + `)?\) (shows|lists|has|contains|says|displays) (.+)$`)
	// "Choosing New > Folder shows …", "After clicking File > Save, …":
	// a path of two names after a verb of choosing, with no "menu" said:
	// the control of the first name's whole text opens what holds the
	// second (groups: page, after, the first name, the second, the rest).
	reMenuArrowAct = lazyRE(`^` + menuPage + `((?i:after|once|when) (?i:you |i |the user |a user )?)?` + menuAct + `(?: on)? (?i:the )?` + placeName + ` (?:→|->|>|») (?i:the )?` + placeName + menuItemWord + `(,)? (.+)$`)
	// "Actions > Settings opens the Settings dialog": a path of names as
	// the subject of a verb of choosing's effect (groups: page, the rest)
	reArrowOpens = lazyRE(`^` + menuPage + `(` + placeName + ` (?:→|->|>|») (?i:the )?` + placeName + ` (?i:opens|brings up|pops up|leads to|takes you to|navigates to|goes to) .+)$`)
	// "Kernel > Change kernel offers 'Python 3'": a menu's item in
	// sentence case, up to the verb (groups: page, the menu's name, the
	// item's, what it shows)
	reArrowSentenceCase = lazyRE(`^` + menuPage + `([A-Z][\w-]*(?: [A-Z][\w-]*){0,2}) (?:→|->|>|») ([A-Z][\w-]*(?: [a-z][\w-]*){1,3}) (?i:shows|lists|says|displays|offers|contains) (.+)$`)
	// "After opening the account menu, …": only the menu is opened.
	reMenuOpen = lazyRE(`^` + menuPage + `(?i:after|once|when) (?i:you |i |the user |a user )?(?i:opening|open|opens|clicking|click|clicks|expanding|expand|expands) ` + menuRef + `, (.+)$`)
	// "'Sign out' in the account menu shows …", "The account menu's 'Sign
	// out' item shows …": the item itself once the menu is open, or what
	// choosing it shows? Both are offered; neither is guessed.
	reMenuItemIn = lazyRE(`^` + menuPage + `(?i:the )?` + placeName + menuItemWord + ` (?i:in|on|under|of) ` + menuRef + ` (.+)$`)
	reMenuItemOf = lazyRE(`^` + menuPage + menuRef + `(?:'s|’s) (?i:the )?` + placeName + menuItemWord + ` (.+)$`)
	// "The account menu has a 'Sign out' item": the item is there once
	// the menu is open.
	reMenuHas = lazyRE(`^` + menuPage + `(?i:the )?` + menuRef + ` (?i:has|contains|offers|lists|includes) (?i:an? |the )?` + placeName + ` (?i:item|entry|option|command|submenu|menu item)(?: ((?i:for|to) [a-z][a-z'-]*(?: [a-z][a-z'-]*){0,8}))?$`)
	// "There is a 'Sign Out' item in the Actions menu": the same, said
	// from the item.
	// "The Kernel menu on /nb has a 'Connect' entry": the page said
	// after the menu, read as said before it ("On /nb, the Kernel menu
	// has …"); only a path, never a page's name.
	reMenuAtPage  = lazyRE(`^((?i:the )?` + menuRef + `) (?i:on|at|in) (/[^\s,]+),? ((?i:has|contains|offers|lists|includes) .+)$`)
	reMenuThereIs = lazyRE(`^` + menuPage + `(?i:there is|there's|there are|you'll find|you find) (?i:an? |the )?` + placeName + ` (?i:item|entry|option|command|submenu|menu item) (?i:in|on|under) ` + menuRef + `$`)
)

// menuReading is a claim said with its menu opened by clicks: said derives
// as a claim of clicks, then the clicks' targets are made the menu's.
type menuReading struct {
	said   string
	opener plan.Target // the control that opens the menu
	item   string      // the item chosen, "" when the claim only looks
	menu   string      // the menu as the note names it
	has    bool        // the claim says the menu has the item (reMenuHas)
	// purpose is what the claim says the item is for ("for installing
	// new nodes"): noted, not checked.
	purpose string
	// path is set for a path of names ("New > Folder"): the first is
	// the control of that whole text, whatever its role (a menu bar's
	// entries are often links).
	path bool
}

// purposeWords reports whether words after an item say what it is for,
// with a verb in -ing after "for" or a bare verb after "to", and nothing
// a browser could check (no quoted text, number or path).
func purposeWords(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) < 2 || strings.ContainsAny(s, "0123456789/'\"") {
		return false
	}
	if f[0] == "for" {
		return strings.HasSuffix(f[1], "ing") && len(f[1]) > 4
	}
	return !determiners[f[1]] && !stopWords[f[1]]
}

// menuOpener is the control that opens a menu named m (5 groups of
// menuRef from i), and the menu as a note names it.
func menuOpener(m []string, i int) (plan.Target, string, bool) {
	for _, q := range m[i : i+4] {
		if q != "" {
			q = strings.TrimSpace(q)
			return plan.Target{Kind: plan.ByRole, Value: "button", Name: q, Exact: true}, "the " + plan.Quote(q) + " menu", q != ""
		}
	}
	words := strings.TrimSpace(m[i+4])
	if words == "" {
		return plan.Target{Kind: plan.ByRole, Value: "button", Name: "menu"}, "the menu", true
	}
	for _, w := range strings.Fields(strings.ToLower(words)) {
		// "every menu", "this menu", "the same menu" name no control.
		if determiners[w] || quantifiers[w] || stopWords[w] || structural[w] || vaguePlace[w] || w == "same" || w == "other" || w == "context" || w == "right-click" {
			return plan.Target{}, "", false
		}
	}
	name := words + " menu"
	return plan.Target{Kind: plan.ByRole, Value: "button", Name: name}, "the " + name, true
}

// menuForms are the forms of a choice through a menu that say the item
// and the menu in groups (item, opener) and the rest in group 12; after:
// the choice is said before what follows it ("After choosing …, …").
var menuForms = []struct {
	re           *lazyRegexp
	item, opener int
	after        bool
}{
	{reMenuChoose, 2, 7, false},
	{reMenuAfter, 2, 7, true},
	{reMenuThen, 7, 2, false},
	{reMenuThenAfter, 7, 2, true},
	{reMenuPath, 7, 2, false},
	{reMenuFromFirst, 7, 2, false},
	{reMenuFrom, 2, 7, false},
}

// menuRewrite reads a claim that goes through a menu; ok is false when it
// names none in a form read here.
func menuRewrite(claim string) (menuReading, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(claim), ".")
	if m := reMenuAtPage.FindStringSubmatch(c); m != nil {
		c = "On " + m[7] + ", " + m[1] + " " + m[8]
	}
	if m := reArrowOpens.FindStringSubmatch(c); m != nil {
		// "Actions > Settings opens the Settings dialog": choosing it
		c = m[1] + "Choosing " + m[2]
	} else if m := reArrowSentenceCase.FindStringSubmatch(c); m != nil {
		// "Kernel > Change kernel offers 'Python 3'": what the item
		// opens shows, each text counted around the choice (a kernel's
		// name may be on the page before the menu opens)
		c = m[1] + "After choosing " + m[2] + " > " + plan.Quote(m[3]) + ", the page shows " + m[4]
	}
	var r menuReading
	var item, rest, page string
	var ok bool
	clicks := func(item string) string {
		// The opener's name is said quoted so the clicks derive; its
		// target is set afterwards.
		return "clicking " + plan.Quote(r.opener.Name) + " and then " + plan.Quote(item)
	}
	matched := false
	for _, f := range menuForms {
		m := f.re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		page, item, rest = m[1], firstOf(m, f.item), m[12]
		if r.opener, r.menu, ok = menuOpener(m, f.opener); !ok {
			return r, false
		}
		if f.after {
			r.said = page + "After " + clicks(item) + ", " + rest
		} else {
			r.said = page + upperFirst(clicks(item)) + " " + rest
		}
		matched = true
		break
	}
	switch {
	case matched:
	case reMenuDialog.MatchString(c):
		m := reMenuDialog.FindStringSubmatch(c)
		item = firstOf(m, 12)
		if item == "" {
			// "The Statistics dialog (settings menu)": the item is
			// named for the dialog, as reach.go guesses a dialog's
			// control.
			item = firstOf(m, 1)
		}
		if r.opener, r.menu, ok = menuOpener(m, 7); !ok {
			return r, false
		}
		r.said = "After " + clicks(item) + ", the " + m[6] + " " + m[17] + " " + m[18]
	case reMenuOpen.MatchString(c):
		m := reMenuOpen.FindStringSubmatch(c)
		page, rest = m[1], m[7]
		if r.opener, r.menu, ok = menuOpener(m, 2); !ok {
			return r, false
		}
		r.said = page + "After " + "clicking " + plan.Quote(r.opener.Name) + ", " + rest
		if strings.ContainsAny(r.opener.Name, `'"`) {
			return r, false
		}
		return r, true
	case reMenuHas.MatchString(c) || reMenuThereIs.MatchString(c):
		m := reMenuHas.FindStringSubmatch(c)
		it, op := 7, 2
		if m == nil {
			m, it, op = reMenuThereIs.FindStringSubmatch(c), 2, 7
		}
		page, item = m[1], firstOf(m, it)
		if r.opener, r.menu, ok = menuOpener(m, op); !ok {
			return r, false
		}
		r.has = true
		if len(m) > 12 && m[12] != "" {
			if !purposeWords(m[12]) {
				return r, false
			}
			r.purpose = m[12]
		}
		r.said = page + upperFirst("clicking "+plan.Quote(r.opener.Name)) + " shows " + plan.Quote(item)
	case reMenuItemIn.MatchString(c) && reChoiceVerb.MatchString(reMenuItemIn.FindStringSubmatch(c)[12]):
		// "The 'About' item in the settings menu opens …"
		m := reMenuItemIn.FindStringSubmatch(c)
		page, item, rest = m[1], firstOf(m, 2), m[12]
		if r.opener, r.menu, ok = menuOpener(m, 7); !ok {
			return r, false
		}
		r.said = page + upperFirst(clicks(item)) + " " + rest
	case reMenuItemOf.MatchString(c) && reChoiceVerb.MatchString(reMenuItemOf.FindStringSubmatch(c)[12]):
		// "The account menu's 'Sign out' item leads to …"
		m := reMenuItemOf.FindStringSubmatch(c)
		page, item, rest = m[1], firstOf(m, 7), m[12]
		if r.opener, r.menu, ok = menuOpener(m, 2); !ok {
			return r, false
		}
		r.said = page + upperFirst(clicks(item)) + " " + rest
	case reMenuArrowAct.MatchString(c):
		m := reMenuArrowAct.FindStringSubmatch(c)
		page, item, rest = m[1], firstOf(m, 8), m[14]
		name := firstOf(m, 3)
		if vaguePlace[strings.ToLower(name)] || (m[2] != "") != (m[13] != "") {
			// "After choosing A > B shows …" is not a sentence
			return r, false
		}
		r.opener = plan.Target{Kind: plan.ByRole, Value: "button", Name: name, Exact: true}
		r.menu = "the " + plan.Quote(name) + " menu"
		r.path = true
		if m[2] != "" {
			r.said = page + "After " + clicks(item) + ", " + rest
		} else {
			r.said = page + upperFirst(clicks(item)) + " " + rest
		}
	default:
		return r, false
	}
	if item == "" || strings.ContainsAny(item+r.opener.Name, `'"`) || vaguePlace[strings.ToLower(item)] {
		return r, false
	}
	r.item = item
	return r, true
}

// deriveMenu derives a claim whose action goes through a menu: the clicks
// said by menuRewrite, their targets made the menu's control and its
// item, both marked reach. ok is false when the claim names no menu in a
// form read here, or its reading with the clicks said does not derive.
func deriveMenu(claim string) (Derivation, bool) {
	r, ok := menuRewrite(stripLabel(claim))
	if !ok {
		return Derivation{}, false
	}
	d, ref := derive(r.said)
	if ref != nil || d.Plan == nil {
		return Derivation{}, false
	}
	said := func(s plan.Step, name string) bool {
		return s.Kind == plan.Click && s.Target == (plan.Target{Kind: plan.ByText, Value: name, Exact: true}).String()
	}
	item := plan.Target{Kind: plan.ByRole, Value: "menuitem", Name: r.item, Exact: true}.String()
	for ji := range d.Plan.Journeys {
		steps := d.Plan.Journeys[ji].Steps
		if len(steps) < 3 || steps[0].Kind != plan.Visit || !said(steps[1], r.opener.Name) {
			// The clicks must be the first thing after the start page:
			// anything else is not the reading made here.
			return Derivation{}, false
		}
		steps[1].Target = r.opener.String()
		if r.path {
			steps[1].Target = plan.Target{Kind: plan.ByText, Value: r.opener.Name, Exact: true}.String()
		}
		steps[1].Reach = true
		if r.item == "" {
			continue
		}
		if r.has {
			if len(steps) != 3 || steps[2].Kind != plan.ExpectText || steps[2].Value != r.item || steps[2].Target != "" {
				return Derivation{}, false
			}
			// The item is in the menu, not merely somewhere on the page.
			steps[2] = plan.Step{Kind: plan.ExpectVisible, Target: item}
			continue
		}
		k := 2
		for k < len(steps)-1 && (steps[k].Kind.IsAssertion() || steps[k].Kind == plan.RememberCount) {
			// checks of the state before the choice ("opens the
			// Settings dialog" checks it closed first)
			k++
		}
		if !said(steps[k], r.item) {
			return Derivation{}, false
		}
		steps[k].Target = item
		steps[k].Reach = true
	}
	// The clicks said by their text are the menu's control and item, in
	// the requirements and the journeys named after them.
	say := func(t string) string {
		if r.has {
			t = strings.Replace(t, "then the page shows "+plan.Quote(r.item), "then it shows the menu item "+plan.Quote(r.item), 1)
		}
		if r.path {
			t = strings.Replace(t, "click the text "+plan.Quote(r.opener.Name), "open "+r.menu+" (the control of that text)", 1)
		} else {
			t = strings.Replace(t, "click the text "+plan.Quote(r.opener.Name), "open "+r.menu+" (the button named "+plan.Quote(r.opener.Name)+")", 1)
		}
		if r.item != "" {
			t = strings.Replace(t, "click the text "+plan.Quote(r.item), "choose the menu item "+plan.Quote(r.item), 1)
		}
		return t
	}
	retell(&d, say)
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	var notes []string
	for _, n := range d.Notes {
		// The notes on the clicks said by their text are not the plan's.
		if strings.Contains(n, "is clicked by its exact visible text") {
			continue
		}
		notes = append(notes, n)
	}
	how := fmt.Sprintf("The claim does not say what opens %s: the plan guesses it opens by clicking the button (or titled icon) named %s", r.menu, plan.Quote(r.opener.Name))
	if r.path {
		how = fmt.Sprintf("The path %s > %s is read as a menu: the plan clicks the control whose whole text is %s to open it", plan.Quote(r.opener.Name), plan.Quote(r.item), plan.Quote(r.opener.Name))
	}
	if r.item == "" {
		// only opened
	} else if r.has {
		how += fmt.Sprintf(", and checks that it then shows a menu item named %s (or an element of that whole text in what opened)", plan.Quote(r.item))
	} else {
		how += fmt.Sprintf(", then the menu item named %s (or the element of that whole text in what opened)", plan.Quote(r.item))
	}
	how += ". If such a control is not there, the run is blocked, not failed; say how the menu is opened to be sure."
	d.Notes = append([]string{how}, notes...)
	if r.purpose != "" {
		d.Notes = append(d.Notes, fmt.Sprintf("%q says what the item is for; that is not checked, only that the menu shows it.", r.purpose))
	}
	return d, true
}

// menuAmbiguity refuses a claim about an item in a menu that can be read
// two ways ("'Sign out' in the account menu shows 'Ctrl+Q'": the item
// itself shows it once the menu is open, or choosing it shows it),
// offering each reading that derives; nil when the claim is not of that
// form or neither reading derives.
func menuAmbiguity(claim string) *NotProvableError {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	var page, item, rest string
	var m []string
	mi := 0
	if m = reMenuItemIn.FindStringSubmatch(c); m != nil {
		page, item, mi, rest = m[1], firstOf(m, 2), 7, m[12]
	} else if m = reMenuItemOf.FindStringSubmatch(c); m != nil {
		page, item, mi, rest = m[1], firstOf(m, 7), 2, m[12]
	} else {
		return nil
	}
	if _, _, ok := menuOpener(m, mi); !ok || item == "" || strings.ContainsAny(item, `'"`) || vaguePlace[strings.ToLower(item)] {
		return nil
	}
	if reChoiceVerb.MatchString(rest) {
		// What an item opens or leads to is what choosing it does: no
		// other reading (deriveMenu reads the claim said so).
		return nil
	}
	menu := "the menu"
	if q := firstOf(m, mi); q != "" && m[mi+4] == "" {
		menu = "the " + plan.Quote(q) + " menu"
	} else if w := strings.TrimSpace(m[mi+4]); w != "" {
		menu = "the " + w + " menu"
	}
	chosen := page + "Choosing '" + item + "' from " + menu + " " + rest
	itself := page + "After opening " + menu + ", the '" + item + "' item " + rest
	var readings []string
	for _, s := range []string{chosen, itself} {
		if _, ok := deriveMenu(s); ok {
			readings = append(readings, upperFirst(s))
		}
	}
	if len(readings) == 0 {
		return nil
	}
	reason := fmt.Sprintf("%s may be said of the item %s itself once %s is open, or of what choosing it shows: say which", plan.Quote(rest), plan.Quote(item), menu)
	return refuseWith(claim, "ambiguous", reason, readings, true)
}

// reChoiceVerb starts what only choosing an item does: it opens, leads or
// takes somewhere, or signs out.
var reChoiceVerb = lazyRE(`^(?i:opens|brings up|pops up|leads to|takes you to|navigates to|goes to|logs you out|signs you out)\b`)

// retell rewrites the requirements' texts with say and names each journey
// after its requirement again, as derive names it.
func retell(d *Derivation, say func(string) string) {
	for i := range d.Requirements {
		d.Requirements[i].Text = say(d.Requirements[i].Text)
	}
	for i := range d.Plan.Requirements {
		d.Plan.Requirements[i].Text = say(d.Plan.Requirements[i].Text)
	}
	for i := range d.Plan.Journeys {
		j := &d.Plan.Journeys[i]
		// Named after its requirement, as derive names it.
		for _, q := range d.Plan.Requirements {
			if q.ID == j.Requirement && strings.HasPrefix(j.Name, q.ID+" ") {
				j.Name = q.ID + " " + shorten(strings.TrimSuffix(q.Text, "."), 72)
			}
		}
	}
}
