package claim

import (
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Places reached by their name. A claim that looks inside a named place
// ("In Preferences, …", "On the Speed tab of Preferences, …", "The
// Statistics dialog shows …") without saying what opens it is read as a
// person would check it: open the place by clicking the control that bears
// its name, then check. That click is a guess, so it is marked reach: if
// no such control is there the run is blocked, never failed.
//
// The rule is narrow on purpose. The place's name must be quoted or
// capitalised ("Preferences", "the Statistics dialog", "the 'Speed' tab"):
// a lower-case place ("the settings menu", "the menu") names no control
// and stays refused. The control clicked is the one whose whole text (or
// icon title, without a trailing "…") is the name itself, without the
// kind of place ("the Statistics dialog" → "Statistics"); no other
// spelling is tried.

// placeName is a quoted or capitalised name of a place.
const placeName = `(?:'([^']{1,40})'|"([^"]{1,40})"|‘([^’]{1,40})’|“([^”]{1,40})”|([A-Z][\w-]*(?: [A-Z][\w-]*){0,2}))`

// placeKind is the kind of place after its name; preferences and settings
// are places of their own ("In Preferences", "in the Settings").
const placeKind = `(?: (?:dialog|menu|window|panel|pane|popup|modal|drawer|preferences|settings))?`

var (
	// "In Preferences, …", "Inside the Statistics dialog, …"
	reInPlace = lazyRE(`^(?i:in|inside|within) (?i:the )?` + placeName + placeKind + `, (.+)$`)
	// "On the Speed tab of Preferences, …", "In the 'Speed' tab of the Preferences dialog, …"
	reTabOfPlace = lazyRE(`^(?i:on|in) (?i:the )?` + placeName + ` tab (?:of|in) (?i:the )?` + placeName + placeKind + `, (.+)$`)
	// "In Preferences → Network, …", "In Preferences > Speed, …": the
	// place, then its tab.
	reArrowPlace = lazyRE(`^(?i:in|inside|within|on) (?i:the )?` + placeName + placeKind + ` (?:→|->|>|») (?i:the )?` + placeName + `(?: tab)?, (.+)$`)
	// "The Statistics dialog shows …": a dialog's texts are looked for
	// inside the dialog once it is open.
	reDialogSubject = lazyRE(`^(?i:the )?` + placeName + ` (dialog|window) (shows|lists|has|contains|says|displays) (.+)$`)
)

// firstOf returns the first non-empty submatch among m[i:i+5] (the five
// spellings of placeName).
func firstOf(m []string, i int) string {
	for _, s := range m[i : i+5] {
		if s != "" {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// reachRewrite returns the claim said with its opener ("After clicking
// 'Preferences', …") and the names clicked to reach the place, in order;
// ok is false when the claim does not look inside a named place.
func reachRewrite(claim string) (said string, names []string, ok bool) {
	c := strings.TrimSpace(claim)
	c = strings.TrimSuffix(c, ".")
	page := ""
	if m := reLeadPath.FindStringSubmatch(c); m != nil {
		// "On /graph, in Status → Rules, …": the page, then the place
		page, c = m[1]+", ", upperFirst(m[2])
	}
	var rest string
	if m := reTabOfPlace.FindStringSubmatch(c); m != nil {
		names = []string{firstOf(m, 6), firstOf(m, 1)}
		rest = m[11]
	} else if m := reArrowPlace.FindStringSubmatch(c); m != nil {
		names = []string{firstOf(m, 1), firstOf(m, 6)}
		rest = m[11]
	} else if m := reInPlace.FindStringSubmatch(c); m != nil {
		names = []string{firstOf(m, 1)}
		rest = m[6]
	} else if m := reDialogSubject.FindStringSubmatch(c); m != nil {
		names = []string{firstOf(m, 1)}
		rest = "the " + m[6] + " " + m[7] + " " + m[8]
	} else {
		return "", nil, false
	}
	clicks := make([]string, len(names))
	for i, n := range names {
		if n == "" || strings.ContainsAny(n, `'"`) || vaguePlace[strings.ToLower(n)] {
			return "", nil, false
		}
		clicks[i] = "clicking " + plan.Quote(n)
	}
	if page != "" {
		return page + "after " + strings.Join(clicks, " and ") + ", " + rest, names, true
	}
	return "After " + strings.Join(clicks, " and ") + ", " + rest, names, true
}

// reLeadPath is a page named by its path before the rest of a claim ("On
// /graph, …"): a page's name could be a place's.
var reLeadPath = lazyRE(`^((?i:on|at) /[^\s,]*), (.+)$`)

// vaguePlace are capitalised words that name no control of their own
// ("The Menu", "In The …" at a sentence's start).
var vaguePlace = map[string]bool{"the": true, "this": true, "that": true, "it": true,
	"menu": true, "dialog": true, "window": true, "panel": true, "tab": true, "app": true,
	"page": true, "here": true, "there": true}

// unopenedRefusal returns the reason of a refusal that is the one for a
// claim looking inside a place without saying what opens it, or "".
func unopenedRefusal(claim string, r *refusal) string {
	if strings.Contains(r.reason, "shows only once something opens it") {
		return r.reason
	}
	if r.cause == "unrecognized" {
		c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
		if m := reLeadPath.FindStringSubmatch(c); m != nil {
			c = upperFirst(m[2]) // the page said first
		}
		if m := reArrowPlace.FindStringSubmatch(c); m != nil {
			// "In Actions > About, …": a path of names, the claim's own
			// way to the place, its first name a word no rule reads
			return "the claim looks inside " + firstOf(m, 1)
		}
		if m := reTabOfPlace.FindStringSubmatch(strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")); m != nil {
			// "On the General tab of Settings, …": a place with a
			// page's common name ("Settings") is still opened by its
			// control, which a link to that page is as well
			return "the claim looks inside " + firstOf(m, 6)
		}
	}
	switch r.cause {
	case "unrecognized", "unsupported", "no_check", "out_of_reach":
		if why := needsTelling(claim); strings.Contains(why, "does not say how") {
			return why
		}
	}
	return ""
}

// deriveReached derives a claim that looks inside a named place, opened
// by clicking the control of its name: those clicks are marked reach and
// a note says they are a guess. ok is false when the claim names no such
// place, or its reading with the opener said is not provable either.
//
// why is the refusal's reason: the place it names must be the place read
// here ("In Firefox, the Statistics dialog …" names Firefox, not the
// place the refusal is about).
func deriveReached(claim, why string) (Derivation, bool) {
	said, names, ok := reachRewrite(stripLabel(claim))
	if !ok || !aboutPlace(claim, why, names[0]) {
		return Derivation{}, false
	}
	d, r := derive(said)
	if r != nil || d.Plan == nil {
		return Derivation{}, false
	}
	for ji := range d.Plan.Journeys {
		steps := d.Plan.Journeys[ji].Steps
		if len(steps) < 1+len(names) || steps[0].Kind != plan.Visit {
			return Derivation{}, false
		}
		for _, s := range steps {
			if s.Kind == plan.ExpectOrder && s.Target == "" && !menuPlace(claim) {
				// an order looked for on the whole page, where texts
				// outside the place opened may come first: no reading
				// of "under Schemas, A is above B" (a menu's entries
				// are shown once it opens, and nowhere else as a rule)
				return Derivation{}, false
			}
		}
		for i, n := range names {
			s := &steps[1+i]
			if s.Kind != plan.Click || s.Target != (plan.Target{Kind: plan.ByText, Value: n, Exact: true}).String() {
				// The opener must be the click the rewrite said, first
				// thing after the start page: anything else is not the
				// reading this rule makes.
				return Derivation{}, false
			}
			s.Reach = true
		}
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	note := reachNote(plan.Quote(names[0]), names)
	if placeIsMenu(claim, names[0]) {
		// "In the Settings menu, …": its control is the one named for
		// the menu, as menu.go opens it (Transmission's gear, titled
		// "Settings Menu"); the runner takes the control named without
		// "menu" when none is
		menu := names[0] + " menu"
		opener := plan.Target{Kind: plan.ByRole, Value: "button", Name: menu}.String()
		for ji := range d.Plan.Journeys {
			d.Plan.Journeys[ji].Steps[1].Target = opener
		}
		retell(&d, func(t string) string {
			return strings.Replace(t, "click the text "+plan.Quote(names[0]), "open the "+names[0]+" menu (the button named "+plan.Quote(menu)+")", 1)
		})
		note = strings.Replace(note, "from a control named "+plan.Quote(names[0]), "from the button (or titled icon) named "+plan.Quote(menu)+", or else "+plan.Quote(names[0]), 1)
		d.Notes = slices.DeleteFunc(d.Notes, func(n string) bool {
			return strings.HasPrefix(n, plan.Quote(names[0])+" is clicked by its exact visible text")
		})
	}
	d.Notes = append([]string{note}, d.Notes...)
	return d, true
}

// placeIsMenu reports whether the claim names the place name as a menu
// ("the Settings menu", "the 'Actions' menu").
func placeIsMenu(claim, name string) bool {
	l, n := strings.ToLower(claim), strings.ToLower(name)
	for _, q := range []string{"", "'", "’", `"`, "”"} {
		if i := strings.Index(l, n+q+" menu"); i >= 0 {
			end := i + len(n+q+" menu")
			if end == len(l) || !isWordByte(l[end]) {
				return true
			}
		}
	}
	return false
}

// menuPlace reports whether the claim names the place it looks inside as
// a menu or a submenu.
func menuPlace(claim string) bool {
	for _, w := range strings.Fields(strings.ToLower(claim)) {
		if w = strings.Trim(w, ",.:;"); w == "menu" || w == "submenu" {
			return true
		}
	}
	return false
}

var placeKinds = map[string]bool{"dialog": true, "menu": true, "window": true, "panel": true,
	"pane": true, "popup": true, "modal": true, "drawer": true, "preferences": true, "settings": true}

// aboutPlace reports whether a refusal's reason is about the place name
// names: it names it, or, for a quoted name, the kind of place after it
// ("the 'Torrent Options' window" is refused as looking inside "window").
func aboutPlace(claim, why, name string) bool {
	low := strings.ToLower(why)
	if strings.Contains(low, strings.ToLower(name)) {
		return true
	}
	for _, q := range []string{"'", `"`, "’", "”"} {
		if _, after, ok := strings.Cut(claim, name+q); ok {
			kind := strings.Trim(strings.Fields(after + " x")[0], ",.")
			k := strings.ToLower(kind)
			return placeKinds[k] && (strings.Contains(low, "inside "+k) || strings.Contains(low, " "+k+" but"))
		}
	}
	return false
}
