package claim

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Places opened by their name, said the other ways people say them.
// reach.go opens a place named by capitalised or quoted words ("In the
// Statistics dialog, …", "The Statistics dialog shows …"); people also
// call a dialog a box, a modal or a popup ("the Export box", "the About
// box"), name a tab of the
// preferences by the word before them ("the Privacy preferences" is the
// Privacy tab of the preferences), and restate a state in brackets ("Sync
// is switched on in the Accounts preferences ('Sync on start' is
// ticked)"). Each is said again in reach.go's form, with the place's name
// as the control's, and read by it: the opener is the same guess,
// a click marked reach, so a missing control blocks the run, never fails
// it. The runner looks for that control inside the page's closed menus
// when it is not shown (runner/reach_menus.go); the note says so.
// A place named by lower-case words ("the export options dialog") is
// described, not named: it stays refused, as in reach.go, its suggestions
// saying the guess; one word ("the export dialog") is read as the name of
// its control, capitalised (places.go, describedOpener).
//
// What the place is said to show is read as the rules read it after the
// click: an unquoted value ("shows the ratio as 0.00") is read only where
// a rule already reads it as a text, and the claim stays refused
// otherwise.

// openerKinds are the kinds of place opened by a control of their name,
// and the kind reach.go's words say for each: a box, a modal, a popup is
// a dialog, whose texts are looked for inside the page's dialog element.
var openerKinds = map[string]string{"dialog": "dialog", "box": "dialog", "modal": "dialog",
	"popup": "dialog", "pop-up": "dialog", "window": "window", "panel": "panel", "pane": "panel",
	"drawer": "drawer"}

// dialogBoxes, besides boxKinds, are the last words of a name that make
// a box a dialog box: what a dialog does ("the Export box", "the Print
// Options box"), never what a field holds ("the Search box").
var dialogBoxes = map[string]bool{"export": true, "import": true, "print": true, "share": true,
	"save": true, "options": true, "properties": true, "preferences": true, "settings": true,
	"statistics": true, "details": true, "upload": true, "download": true, "help": true,
	"shortcuts": true, "hotkeys": true, "credits": true, "license": true}

// openerPlace is a place: a quoted or capitalised name (5 groups, as
// placeName), or one or two lower-case words (a 6th group, read only to
// be declined: openerNameOf), then its kind (a 7th group).
const openerPlace = `(?i:the |an? )?(?:` + placeName + `|([a-z][\w-]*(?: [a-z][\w-]*)?)) (dialog|box|modal|popup|pop-up|window|panel|pane|drawer)`

// prefsPlace is a tab of the preferences named by the word before them
// ("the Privacy preferences", "the Junk settings"): a name (5 groups) or
// a lower-case word (a 6th, declined as above), then "preferences" or
// "settings" (a 7th).
const prefsPlace = `(?i:the )?(?:` + placeName + `|([a-z][\w-]*)) (preferences|settings)`

// openerVerb is what a dialog is said to show.
const openerVerb = `(shows|lists|has|contains|says|displays|reads|offers|credits|mentions)`

var (
	// "The Export box lists …", "The About box says …"
	reOpenerSubject = lazyRE(`^` + openerPlace + ` ` + openerVerb + ` (.+)$`)
	// "In the Filters dialog, …", "In the Export box, …"
	reOpenerIn = lazyRE(`^(?i:in|inside|within|on|per|according to) ` + openerPlace + `, (.+)$`)
	// "In the Privacy preferences, …"
	rePrefsIn = lazyRE(`^(?i:in|inside|within|on) ` + prefsPlace + `, (.+)$`)
	// "About in the help menu reports 'Notes 3.2'": what an item reports
	// or tells is what choosing it shows; the item's own text reports
	// nothing (menu.go offers both readings of "shows").
	reMenuReports = lazyRE(`^` + menuPage + `(?i:the )?` + placeName + menuItemWord + ` (?i:in|on|under|from) (` + menuRef + `) (?:reports|tells you|tells) (.+)$`)
	// "Sync is switched on in the Accounts preferences ('Sync on start'
	// is ticked)": the state, the place, and in brackets the control
	// whose state says it.
	reRestated = lazyRE(`^(.{1,60}?) (?:is|are) ` + tabState + ` (?:in|on) (.{1,60}?) \(` + tabLit + ` (?:is|are) ` + tabState + `\)$`)
)

// openerNameOf is the control a place named by words is opened by: the
// quoted or capitalised name as said; ok is false for lower-case words
// ("the export dialog", "the sync preferences"), which describe a place
// rather than name a control (reach.go), and for vague names.
func openerNameOf(name, lower string) (string, bool) {
	if name == "" || lower != "" || strings.ContainsAny(name, `'"`) || vaguePlace[strings.ToLower(name)] {
		return "", false
	}
	return name, true
}

// openerRewrite says a claim about a place it does not open in the form
// reach.go reads: said (candidates, the first that derives wins), the
// place as the claim names it, and the control's name; ok is false when
// the claim is in none of the forms here.
func openerRewrite(claim string) (said []string, place, name string, ok bool) {
	c := strings.TrimSuffix(strings.TrimSpace(claim), ".")
	if m := reRestated.FindStringSubmatch(c); m != nil {
		// The bracket restates the state on a control: read the bracket
		// in the place, only when the two agree and the control's label
		// holds the words the state was said of.
		if !restates(m[1], m[2], m[4], m[5]) {
			return nil, "", "", false
		}
		inner := "In " + m[3] + ", " + m[4] + " is " + m[5]
		if s, p, n, ok := openerRewrite(inner); ok {
			return s, p, n, true
		}
		if _, names, ok := reachRewrite(inner); ok {
			return []string{inner}, m[3], names[0], true
		}
		if s, p, ok := tabRewrite(inner); ok {
			return []string{s}, p, p, true
		}
		return nil, "", "", false
	}
	if m := rePrefsIn.FindStringSubmatch(c); m != nil {
		// "In the Privacy preferences, …": the Privacy tab of the
		// preferences, opened by the control named for them.
		tab, ok := openerNameOf(firstOf(m, 1), m[6])
		if !ok {
			return nil, "", "", false
		}
		prefs := upperFirst(strings.ToLower(m[7]))
		words := firstOf(m, 1)
		if words == "" {
			words = m[6]
		}
		return []string{"On the " + plan.Quote(tab) + " tab of " + prefs + ", " + m[8]}, "the " + words + " " + strings.ToLower(m[7]), prefs, true
	}
	var m []string
	var rest string
	subject := false
	if m = reOpenerIn.FindStringSubmatch(c); m != nil {
		rest = m[8]
	} else if m = reOpenerSubject.FindStringSubmatch(c); m != nil {
		subject = true
		rest = m[9]
	} else {
		return nil, "", "", false
	}
	name, ok = openerNameOf(firstOf(m, 1), m[6])
	if !ok {
		// "the hotkeys dialog": one lower-case word names the control
		// the place is named for, capitalised as controls are (places.go).
		if name, ok = describedOpener(m[6]); !ok {
			return nil, "", "", false
		}
	}
	kind := openerKinds[strings.ToLower(m[7])]
	if strings.EqualFold(m[7], "box") {
		// "the Search box" is a field: a box is a dialog only when its
		// name says so ("the About box", "the Export box").
		ws := strings.Fields(strings.ToLower(name))
		if !boxKinds[ws[len(ws)-1]] && !dialogBoxes[ws[len(ws)-1]] {
			return nil, "", "", false
		}
	}
	words := firstOf(m, 1)
	if words == "" {
		words = m[6]
	}
	place = "the " + words + " " + strings.ToLower(m[7])
	q := plan.Quote(name)
	if !subject {
		return []string{"In the " + q + " " + kind + ", " + rest}, place, name, true
	}
	if kind != "dialog" && kind != "window" {
		// What a panel or a drawer shows has no element to look in:
		// the page would be searched, where more than the place shows.
		return nil, "", "", false
	}
	verb := m[8]
	if verb == "reads" {
		verb = "says"
	}
	if verb == "offers" {
		verb = "has"
	}
	if verb == "credits" || verb == "mentions" {
		// "The About box credits 'Jane Doe'": the text is shown in it.
		verb = "shows"
	}
	said = []string{"The " + q + " dialog " + verb + " " + rest}
	if verb == "has" || verb == "contains" {
		// "The export box has a 'Format' field": a control, looked for
		// once the place is open, as "In the 'Export' dialog, there is a
		// 'Format' field" reads it.
		said = append(said, "In the "+q+" dialog, there is "+rest)
	}
	return said, place, name, true
}

// deriveMenuReports derives "<item> in <menu> reports …" as choosing the
// item from the menu and seeing what it reports (menu.go); ok is false
// when the claim is not of that form or that reading does not derive.
func deriveMenuReports(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reMenuReports.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	item := firstOf(m, 2)
	if item == "" || strings.ContainsAny(item, `'"`) || vaguePlace[strings.ToLower(item)] {
		return Derivation{}, false
	}
	said := m[1] + "Choosing " + plan.Quote(item) + " from " + m[7] + " shows " + m[13]
	d, ok := deriveMenu(said)
	if !ok {
		return Derivation{}, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, fmt.Sprintf("What %s reports is read as what the page shows once it is chosen from %s.", plan.Quote(item), strings.TrimSpace(m[7])))
	return d, true
}

// restates reports whether "<what> is <state> (… '<label>' is <state2>)"
// says one thing twice: both states on, or both off, and every word of
// what the state was said of in the control's label ("DHT" in "Use DHT
// to find more peers").
func restates(what, state, label, state2 string) bool {
	if stateOn(state) != stateOn(state2) {
		return false
	}
	l := strings.ToLower(strings.Trim(label, `'"‘’“”`))
	ws := strings.Fields(strings.ToLower(what))
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if determiners[w] {
			continue
		}
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(l) {
			return false
		}
	}
	return true
}

// stateOn is whether a state word says on (ticked, enabled, …).
func stateOn(s string) bool {
	switch s {
	case "ticked", "checked", "selected", "enabled", "turned on", "switched on":
		return true
	}
	return false
}

// deriveOpened derives a claim about a place it names but does not open,
// said in one of the forms above, as reach.go derives it said in its own;
// ok is false when it is in none of them or no reading derives.
func deriveOpened(claim string) (Derivation, bool) {
	if d, ok := deriveMenuReports(claim); ok {
		return d, true
	}
	said, place, name, ok := openerRewrite(stripLabel(claim))
	if !ok {
		return Derivation{}, false
	}
	for _, s := range said {
		d, ok := deriveReached(s, "the claim looks inside "+name)
		if !ok {
			if d, ok = deriveTabbed(s); !ok {
				continue
			}
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		if len(d.Notes) > 0 && strings.HasPrefix(d.Notes[0], "The claim does not say how ") {
			// The place as the claim names it, not the control's name.
			d.Notes[0] = reachNote(place, reachNames(d))
		}
		return d, true
	}
	return Derivation{}, false
}

// reachNames are the names of a derivation's reach clicks, in order (its
// first journey's: every journey opens the place alike).
func reachNames(d Derivation) []string {
	var names []string
	if len(d.Plan.Journeys) == 0 {
		return nil
	}
	for _, s := range d.Plan.Journeys[0].Steps {
		if !s.Reach {
			continue
		}
		if t, err := plan.ParseTarget(s.Target); err == nil {
			if t.Kind == plan.ByText {
				names = append(names, t.Value)
			} else {
				names = append(names, t.Name)
			}
		}
	}
	return names
}

// reachNoteOnPage puts the page a guessed opener is looked for on into
// its note (reachNote says the home page): "On /widgets, in the Rename
// dialog, …" looks for "Rename" on /widgets.
func reachNoteOnPage(d *Derivation) {
	if len(d.Plan.Journeys) == 0 || len(d.Plan.Journeys[0].Steps) == 0 {
		return
	}
	first := d.Plan.Journeys[0].Steps[0]
	if first.Kind != plan.Visit || first.Value == "/" || !strings.HasPrefix(first.Value, "/") {
		return
	}
	for i, n := range d.Notes {
		if strings.HasPrefix(n, "The claim does not say how ") {
			d.Notes[i] = strings.Replace(n, " on the home page (/)", " on "+first.Value, 1)
		}
	}
}

// reachNote is the note of a place opened by the control of its name
// (names: the control, then a tab's), said of the place as named (what).
func reachNote(what string, names []string) string {
	is := "is"
	head := strings.ToLower(strings.Trim(what, `"”`))
	if i := strings.Index(head, " of "); i > 0 {
		head = head[:i] // "the Location tab of Preferences" is a tab
	}
	if strings.HasSuffix(head, "s") {
		is = "are"
	}
	opener := "from a control named " + plan.Quote(names[0]) + " on the home page (/)"
	if len(names) == 2 {
		opener += ", then the tab named " + plan.Quote(names[1])
	}
	return fmt.Sprintf("The claim does not say how %s %s opened: the plan guesses it opens %s, looking inside the page's menus if the control is not shown. If no such control is there, the run is blocked, not failed; say how it is opened to be sure.", what, is, opener)
}
