package claim

import (
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Tabs of a place, said the other ways people say them. reach.go reads
// "In Preferences → Network, …", "On the Speed tab of Preferences, …" and
// "In Preferences, …"; people also write the place and tab as the subject
// ("Preferences > Torrents has 'Start when added' unchecked", "The Network
// tab in preferences has 'Enable uTP' turned off"), say what the place
// has ("The preferences have a 'Remote' tab"), and name the preferences
// or settings in lower case: an app's preferences are one place, opened
// by the control named "Preferences" (or "Edit Preferences…"). Each is
// said again in reach.go's form and read by it, so the opener is the same
// guess, marked reach.

// placeOrPrefs is a place: quoted or capitalised (placeName, 5 groups), or
// the preferences or settings in lower case (a 6th group); "the options"
// may be any options (of a list, a field) and is no place.
const placeOrPrefs = `(?:` + placeName + `|(?i:the )?(preferences|settings))`

// tabState is the state a control is said to have.
const tabState = `(ticked|unticked|checked|unchecked|selected|unselected|enabled|disabled|turned on|turned off|switched on|switched off)`

// tabLit is a quoted text.
const tabLit = `('[^']{1,80}'|"[^"]{1,80}"|‘[^’]{1,80}’|“[^”]{1,80}”)`

var (
	// "Preferences > Torrents has 'Start when added' unchecked"
	reArrowHas = lazyRE(`^(?i:the )?` + placeOrPrefs + placeKind + ` (?:→|->|>|») (?i:the )?` + placeName + `(?: tab)? (?:has|shows) (?i:the )?` + tabLit + ` ` + tabState + `$`)
	// "The Network tab in preferences has 'Enable uTP' turned off"
	reTabInHas = lazyRE(`^(?i:the )?` + placeName + ` tab (?:in|of|on) (?i:the )?` + placeOrPrefs + placeKind + ` (?:has|shows) (?i:the )?` + tabLit + ` ` + tabState + `$`)
	// "In the preferences, the Peers tab has 'Use PEX' unticked"
	reInTabHas = lazyRE(`^(?i:in|inside|within) (?i:the )?` + placeOrPrefs + placeKind + `, (?i:the )?` + placeName + ` tab (?:has|shows) (?i:the )?` + tabLit + ` ` + tabState + `$`)
	// "The preferences have a 'Remote' tab"
	rePlaceHas = lazyRE(`^(?i:the )?` + placeOrPrefs + placeKind + ` (?:has|have) ((?i:an?|the) ` + tabLit + ` tab)$`)
	// "The Peers tab of Preferences shows 'X'", "Switching to the Peers
	// tab in Preferences lists 'X'": what the tab shows.
	reTabShows = lazyRE(`^(?i:(?:switching|going|moving|flipping) to )?(?i:the )?` + placeName + ` tab (?:in|of|on) (?i:the )?` + placeOrPrefs + placeKind + `,? (shows|lists|says|displays|has|contains|offers) (.+)$`)
	// "Preferences > Speed shows 'X'"
	reArrowShows = lazyRE(`^(?i:the )?` + placeOrPrefs + placeKind + ` (?:→|->|>|») (?i:the )?` + placeName + `(?: tab)? (shows|lists|says|displays|has|contains|offers) (.+)$`)
	// "Under Preferences → Network, …": under is in.
	reUnder = lazyRE(`^(?i:under) (.+)$`)
	// "On the Accounts tab of settings, …": the tab of the lower-case
	// preferences or settings.
	reTabOfPrefs = lazyRE(`^(?i:on|in) (?i:the )?` + placeName + ` tab (?:of|in) (?i:the )?(preferences|settings), (.+)$`)
	// "In settings, Accounts tab, …", "In Settings, the Accounts tab, …":
	// the place, then its tab, as a path said with commas.
	rePrefsCommaTab = lazyRE(`^(?i:in|inside|within|on|under) (?i:the )?` + placeOrPrefs + placeKind + `, (?i:the )?` + placeName + ` tab, (.+)$`)
	// "Settings → Accounts: …", "Preferences > Network: …": a path, then
	// what is there after a colon.
	reArrowColon = lazyRE(`^(?i:the )?` + placeOrPrefs + placeKind + ` (?:→|->|>|») (?i:the )?` + placeName + `(?: tab)?: (.+)$`)
	// "In the preferences, …"
	reInPrefs = lazyRE(`^(?i:in|inside|within) (?i:the )?(preferences|settings), (.+)$`)
	// "On the Network tab, …", "Network tab: …": a tab named alone, opened
	// by the control of its name wherever it is (in a dialog not open,
	// the guess goes nowhere and the run is blocked).
	reTabAlone = lazyRE(`^(?:(?i:on|in|under) )?(?i:the )?` + placeName + ` tab(?:,|:) (.+)$`)
)

// sayPlace says a place's name as reach.go reads it: as it is when
// capitalised, quoted when a word of it is not ("Change kernel").
func sayPlace(n string) string {
	for _, w := range strings.Fields(n) {
		if !capitalised(w) {
			return plan.Quote(n)
		}
	}
	return n
}

// placeOf is the place matched from group i of placeOrPrefs: its name, or
// the lower-case preferences capitalised as the control names them.
func placeOf(m []string, i int) string {
	if n := firstOf(m, i); n != "" {
		return n
	}
	return upperFirst(strings.ToLower(m[i+5]))
}

// tabRewrite says a claim about a place's tab in the form reach.go reads;
// ok is false when it is in none of the forms here.
func tabRewrite(claim string) (said, place string, ok bool) {
	c := strings.TrimSuffix(strings.TrimSpace(claim), ".")
	if m := reLeadPath.FindStringSubmatch(c); m != nil {
		// "On /graph, Status > Rules shows …": the page kept before the
		// place's reading
		if said, place, ok = tabRewrite(upperFirst(m[2])); ok {
			return m[1] + ", " + lowerFirst(said), place, true
		}
		return "", "", false
	}
	switch {
	case reArrowHas.MatchString(c):
		m := reArrowHas.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "In " + place + " → " + sayPlace(firstOf(m, 7)) + ", " + m[12] + " is " + m[13], place, true
	case reTabInHas.MatchString(c):
		m := reTabInHas.FindStringSubmatch(c)
		place = placeOf(m, 6)
		return "On the " + firstOf(m, 1) + " tab of " + place + ", " + m[12] + " is " + m[13], place, true
	case reInTabHas.MatchString(c):
		m := reInTabHas.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "On the " + firstOf(m, 7) + " tab of " + place + ", " + m[12] + " is " + m[13], place, true
	case rePlaceHas.MatchString(c):
		m := rePlaceHas.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "In " + place + ", there is " + m[7], place, true
	case reTabShows.MatchString(c):
		m := reTabShows.FindStringSubmatch(c)
		place = placeOf(m, 6)
		return "On the " + firstOf(m, 1) + " tab of " + place + ", the page " + m[12] + " " + m[13], place, true
	case reArrowShows.MatchString(c):
		m := reArrowShows.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "In " + place + " → " + sayPlace(firstOf(m, 7)) + ", the page " + m[12] + " " + m[13], place, true
	case reUnder.MatchString(c):
		said = "In " + reUnder.FindStringSubmatch(c)[1]
		if _, names, ok := reachRewrite(said); ok {
			return said, names[0], true
		}
		if s2, place, ok := tabRewrite(said); ok {
			return s2, place, true
		}
		return "", "", false
	case reTabOfPrefs.MatchString(c):
		m := reTabOfPrefs.FindStringSubmatch(c)
		place = upperFirst(strings.ToLower(m[6]))
		return "On the " + firstOf(m, 1) + " tab of " + place + ", " + m[7], place, true
	case rePrefsCommaTab.MatchString(c):
		m := rePrefsCommaTab.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "On the " + firstOf(m, 7) + " tab of " + place + ", " + m[12], place, true
	case reArrowColon.MatchString(c):
		m := reArrowColon.FindStringSubmatch(c)
		place = placeOf(m, 1)
		return "In " + place + " → " + sayPlace(firstOf(m, 7)) + ", " + m[12], place, true
	case reInPrefs.MatchString(c):
		m := reInPrefs.FindStringSubmatch(c)
		place = upperFirst(strings.ToLower(m[1]))
		return "In " + place + ", " + m[2], place, true
	case reTabAlone.MatchString(c):
		m := reTabAlone.FindStringSubmatch(c)
		place = firstOf(m, 1)
		return "In " + place + ", " + m[6], place, true
	}
	return "", "", false
}

// deriveTabbed derives a claim about a place's tab said in one of the
// forms above, as reach.go derives it said in its own. Each form says the
// claim is about the place, so the place is what deriveReached's refusal
// reason is taken to be about.
func deriveTabbed(claim string) (Derivation, bool) {
	said, place, ok := tabRewrite(stripLabel(claim))
	if !ok {
		return Derivation{}, false
	}
	d, ok := deriveReached(said, "the claim looks inside "+place)
	if !ok {
		// Said in reach.go's form, the claim may be read by another
		// reader of places (a control's value, values.go): that reading
		// must open the place by the same guessed clicks.
		var err error
		if d, err = deriveOnce(said); err != nil || d.Plan == nil || len(reachNames(d)) == 0 {
			return Derivation{}, false
		}
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	return d, true
}

// "Clicking Cancel in the Open Torrent dialog makes 'Upload Torrent Files'
// go away": a control inside a named dialog, which is opened first by the
// control of its name (a guess, marked reach), as reach.go opens a place.
var reClickInPlace = lazyRE(`^(?i:clicking|click|clicks|tapping|tap|taps) (?i:the )?` + placeName + `(?: (?i:button|link))? (?i:in|on|inside) (?i:the )?` + placeName + ` (?i:dialog|window|panel|popup|modal|drawer),? (.+)$`)

// deriveClickInPlace derives a claim that clicks a control inside a named
// dialog it does not say how to open: the dialog's control is clicked
// first, marked reach, then the claim as said.
func deriveClickInPlace(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reClickInPlace.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	control, place := firstOf(m, 1), firstOf(m, 6)
	for _, n := range []string{control, place} {
		if n == "" || strings.ContainsAny(n, `'"`) || vaguePlace[strings.ToLower(n)] {
			return Derivation{}, false
		}
	}
	said := "After clicking " + plan.Quote(place) + ", clicking " + plan.Quote(control) + " " + m[11]
	d, r := derive(said)
	if r != nil || d.Plan == nil {
		return Derivation{}, false
	}
	opener := plan.Target{Kind: plan.ByText, Value: place, Exact: true}.String()
	for ji := range d.Plan.Journeys {
		steps := d.Plan.Journeys[ji].Steps
		if len(steps) < 3 || steps[0].Kind != plan.Visit || steps[1].Kind != plan.Click || steps[1].Target != opener {
			return Derivation{}, false
		}
		steps[1].Reach = true
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	note := reachNote(plan.Quote(place), []string{place})
	d.Notes = append([]string{note}, d.Notes...)
	return d, true
}
