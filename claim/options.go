package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A drop-down's options, as people say them: "the Country dropdown
// includes a 'Canada' option", "the Sort dropdown lists Newest, Oldest and
// Price, in that order", "the Region dropdown has exactly one entry, 'EU'"
// (expect_options); "you can pick 'Express' in the Shipping dropdown" (the
// option is chosen and then held); "the Status filter in the toolbar is
// set to 'All' when the page opens" (its chosen option, expect_value, read
// by values.go once the words it does not know are accounted for).
//
// Each form is anchored at both ends, so every word of the claim is taken
// by the reading or the claim is not read here. An unquoted drop-down name
// is a guess at its label: a hover of it, marked reach, comes first, so a
// wrong name blocks the run and never fails it. An unquoted option name is
// read only when it is clearly literal (one capitalised word, a number, a
// path or a URL); else the claim is refused with the names quoted.

const (
	optQuoted = `'[^']{1,80}'|"[^"]{1,80}"`
	// the drop-down's kind; "filter" alone or before another kind
	optNoun = `(?:filter )?(?:dropdown|drop-down|drop down|select box|select|selector|picker|combobox|combo box)|filter`
	// where on the page it is said to be: noted, not pinned
	optPlace = `(?:in|on|at) the (?:toolbar|tool bar|status bar|statusbar|footer|header|sidebar|side bar|top bar|bottom bar|filter bar|action bar|menu bar|nav bar|navbar|search bar)`
)

var (
	reOptClaim  = lazyRE(`^(?:(?i:on|at) (?P<path1>/\S*), )?(?i:the )?(?P<name>` + optQuoted + `|[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}?) (?P<noun>(?i:` + optNoun + `))(?: (?P<place>(?i:` + optPlace + `)))?(?: (?i:on|at) (?P<path2>/\S*))? (?P<rest>.+)$`)
	rePickClaim = lazyRE(`^(?:(?i:on|at) (?P<path1>/\S*), )?(?i:you|users|a user|people|customers) can (?i:pick|choose|select) (?P<opt>` + optQuoted + `|\S+) (?i:in|from) (?i:the )?(?P<name>` + optQuoted + `|[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}?) (?P<noun>(?i:` + optNoun + `))(?: (?P<place>(?i:` + optPlace + `)))?(?: (?i:on|at) (?P<path2>/\S*))?$`)

	optOne     = `(?P<o>` + optQuoted + `|\S+)`
	optKind    = `(?i:option|entry|choice|item)`
	reOptHasA  = lazyRE(`^(?i:includes|has|offers|contains|shows|lists|provides) (?i:an? |the )?` + optOne + ` ` + optKind + `$`)
	reOptHasA2 = lazyRE(`^(?i:includes|has|offers|contains|shows|provides) (?i:an? )?` + optKind + ` (?i:(?:called|named|labelled|labeled) )?` + optOne + `$`)
	reOptHasAs = lazyRE(`^(?i:has|offers|includes|shows) ` + optOne + ` as (?i:an? )?` + optKind + `$`)
	reOptOrder = lazyRE(`^(?i:lists|offers|shows|has|contains|includes) (?i:the |its )?(?:(?i:options|entries|choices|items):? )?(?P<list>.+?),? (?i:in (?:that|this) order)$`)
	reOptEach  = lazyRE(`^(?i:includes|offers|contains|has) (?i:the )?(?:(?i:options|entries|choices|items):? )?(?P<list>.+)$`)
	reOptLists = lazyRE(`^(?i:lists|shows) (?i:the |its )?(?:(?i:options|entries|choices|items):? )?(?P<list>.+)$`)
	reOptCount = lazyRE(`^(?i:has) (?P<q>(?i:exactly|only|just) )?(?P<n>\d+|[A-Za-z]+) (?i:options?|entries|entry|choices?|items?)(?:[,:] (?P<list>.+))?$`)
	reOptValue = lazyRE(`^(?P<verb>(?i:is set to|is|shows|reads)) (?P<v>` + optQuoted + `|\S+)(?P<open> (?i:when the page (?:first )?(?:opens|loads)|when it (?:first )?(?:opens|loads)|on (?:page )?load|at first|initially))?$`)

	reOptTok  = lazyRE(optQuoted + `|,|[^\s,]+`)
	reOptTail = lazyRE(`^(.+) (?i:on|at) (/\S*)$`)
	reOptLit  = lazyRE(`^(?:[A-Z][\w-]*|-?\d+(?:\.\d+)?|/\S*|https?://\S+)$`)
)

// optNotName are words that make an unquoted list item part of the
// sentence rather than an option's name.
var optNotName = map[string]bool{"not": true, "no": true, "nor": true, "but": true, "except": true,
	"only": true, "also": true, "too": true, "more": true, "others": true, "other": true, "etc": true,
	"many": true, "several": true, "all": true, "some": true, "any": true, "every": true, "each": true,
	"then": true, "without": true, "plus": true, "including": true, "so": true, "on": true, "options": true,
	"never": true, "either": true, "neither": true, "maybe": true, "perhaps": true,
	"by": true, "as": true, "at": true, "in": true, "to": true, "for": true, "with": true, "from": true,
	"when": true, "if": true, "is": true, "are": true, "was": true, "be": true, "selected": true,
	"chosen": true, "checked": true, "highlighted": true, "disabled": true, "enabled": true, "default": true}

// optReading is a claim about a drop-down read here.
type optReading struct {
	path, name, noun, place string
	quotedName              bool
	steps                   []plan.Step // after the visit (and the reach hover)
	notes                   []string
	// lit are option names the claim does not quote that read as literal
	// labels; with bare ones beside them, a rephrasing quotes them too.
	lit []string
	// bare are option names the claim does not quote and that are not
	// clearly literal: the claim is refused with them quoted.
	bare []string
	// lists is "lists A, B and C" without an order: the whole list or
	// some of it; refused with both readings.
	lists []string
	// value is the claim said again for values.go (a chosen option).
	value string
	// opens are the names clicked, marked reach, to open the place of
	// controls the claim puts the drop-down in (reach.go's reading).
	opens  []string
	prefix string
}

// optionItems splits "A, 'B' and C" into its option names; unquoted are
// the names said without quotes (an unquoted name may be several words).
func optionItems(s string) (items, unquoted []string, ok bool) {
	var cur []string
	sep := true // a separator came last: a name may start
	flush := func() bool {
		if len(cur) == 0 {
			return false
		}
		n := strings.Join(cur, " ")
		items, unquoted, cur = append(items, n), append(unquoted, n), nil
		return true
	}
	for _, tok := range reOptTok.FindAllString(s, -1) {
		switch {
		case tok == "," || strings.EqualFold(tok, "and"):
			if len(cur) > 0 {
				flush()
			} else if sep && len(items) > 0 && tok != "," {
				// ", and": the Oxford comma
			} else if sep {
				return nil, nil, false
			}
			sep = true
		case strings.HasPrefix(tok, "'") || strings.HasPrefix(tok, `"`):
			if !sep || len(cur) > 0 {
				return nil, nil, false
			}
			items = append(items, tok[1:len(tok)-1])
			sep = false
		default:
			if !sep && len(cur) == 0 {
				return nil, nil, false
			}
			switch strings.ToLower(tok) {
			case "or", "the", "a", "an", "etc", "etc.":
				return nil, nil, false
			}
			cur = append(cur, tok)
			sep = false
		}
	}
	if len(cur) > 0 {
		flush()
	} else if sep {
		return nil, nil, false
	}
	return items, unquoted, len(items) > 0
}

// optionsRead reads a claim about a drop-down's options; ok is false when
// it is none of the forms here.
func optionsRead(claim string) (optReading, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(normalizeClaim(stripLabel(claim))), ".")
	var r optReading
	// a place of controls said first: "On the Shipping tab of Settings, …"
	var opens []string
	prefix := ""
	if m := reValPrefix.FindStringSubmatch(c); m != nil {
		if p, ok := placePrefix(m[1]); ok {
			_, names, ok := reachRewrite(p + ", it")
			if !ok {
				return r, false
			}
			opens, prefix, c = names, p, upperFirst(m[2])
		}
	}
	r.opens, r.prefix = opens, prefix
	// the page said last: "… includes a 'Canada' option on /signup"
	tail := ""
	if m := reOptTail.FindStringSubmatch(c); m != nil {
		c, tail = m[1], m[2]
	}
	group := func(re *lazyRegexp, m []string, n string) string { return m[re.SubexpIndex(n)] }
	if m := rePickClaim.FindStringSubmatch(c); m != nil {
		if !r.setSubject(group(rePickClaim, m, "name"), group(rePickClaim, m, "noun"), group(rePickClaim, m, "place"), group(rePickClaim, m, "path1"), group(rePickClaim, m, "path2"), tail) {
			return r, false
		}
		items, bare, ok := optionItems(group(rePickClaim, m, "opt"))
		if !ok || len(items) != 1 {
			return r, false
		}
		r.literal(bare)
		t := r.target()
		r.steps = []plan.Step{{Kind: plan.Select, Target: t, Value: items[0]}, {Kind: plan.ExpectValue, Target: t, Value: items[0]}}
		r.notes = append(r.notes, fmt.Sprintf("\"Can pick\" is read as choosing it: the plan chooses %s in the drop-down and checks that it is then chosen, so an option that is missing or disabled fails the claim.", plan.Quote(items[0])))
		return r, true
	}
	m := reOptClaim.FindStringSubmatch(c)
	if m == nil {
		return r, false
	}
	if !r.setSubject(group(reOptClaim, m, "name"), group(reOptClaim, m, "noun"), group(reOptClaim, m, "place"), group(reOptClaim, m, "path1"), group(reOptClaim, m, "path2"), tail) {
		return r, false
	}
	rest := group(reOptClaim, m, "rest")
	t := r.target()
	includes := func(items []string) {
		r.steps = []plan.Step{{Kind: plan.ExpectOptions, Target: t, Texts: items, Compare: plan.OptionsIncludes}}
	}
	if x := firstMatch(rest, reOptHasA, reOptHasA2, reOptHasAs); x != nil {
		items, bare, ok := optionItems(x[1])
		if !ok || len(items) != 1 {
			return r, false
		}
		r.literal(bare)
		includes(items)
		return r, true
	}
	if x := reOptCount.FindStringSubmatch(rest); x != nil {
		ok := r.count(x)
		return r, ok
	}
	if x := reOptOrder.FindStringSubmatch(rest); x != nil {
		items, bare, ok := optionItems(x[1])
		if !ok || len(items) < 2 || !distinct(items) {
			return r, false
		}
		r.literal(bare)
		r.steps = []plan.Step{{Kind: plan.ExpectOptions, Target: t, Texts: items}}
		r.notes = append(r.notes, "\"In that order\" is read of the whole list: the drop-down's options must be exactly these, in this order; an option besides them fails the claim.")
		return r, true
	}
	if x := reOptValue.FindStringSubmatch(rest); x != nil {
		ok := r.valueClaim(reOptValue, x)
		return r, ok
	}
	if x := reOptEach.FindStringSubmatch(rest); x != nil {
		items, bare, ok := optionItems(x[1])
		if !ok || !distinct(items) {
			return r, false
		}
		r.literal(bare)
		includes(items)
		if len(items) > 1 {
			r.notes = append(r.notes, "Other options may be there too: the plan checks that each of these is one of them.")
		}
		return r, true
	}
	if x := reOptLists.FindStringSubmatch(rest); x != nil {
		items, bare, ok := optionItems(x[1])
		if !ok || !distinct(items) {
			return r, false
		}
		r.literal(bare)
		r.lists = items
		return r, true
	}
	return r, false
}

func firstMatch(s string, res ...*lazyRegexp) []string {
	for _, re := range res {
		if m := re.FindStringSubmatch(s); m != nil {
			return m
		}
	}
	return nil
}

func distinct(items []string) bool {
	seen := map[string]bool{}
	for _, x := range items {
		k := strings.ToLower(strings.Join(strings.Fields(x), " "))
		if k == "" || seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// setSubject takes the drop-down's name, kind, place and page.
func (r *optReading) setSubject(name, noun, place, path1, path2, path3 string) bool {
	n := 0
	for _, p := range []string{path1, path2, path3} {
		if p != "" {
			n++
		}
	}
	if n > 1 {
		return false
	}
	r.path = path1 + path2 + path3
	r.noun, r.place = strings.ToLower(noun), strings.ToLower(place)
	r.quotedName = strings.HasPrefix(name, "'") || strings.HasPrefix(name, `"`)
	r.name = strings.Trim(name, `'"`)
	if strings.TrimSpace(r.name) == "" || strings.ContainsAny(r.name, `'"`) {
		return false
	}
	if !r.quotedName {
		ws := strings.Fields(r.name)
		// the noun says it is a control: "the Status dropdown" is one
		if valueStop[strings.ToLower(ws[0])] {
			return false
		}
		for _, w := range ws {
			switch strings.ToLower(w) {
			case "is", "are", "has", "have", "the", "a", "an", "and", "or", "not", "no", "can", "you", "of", "in", "on":
				return false
			}
		}
	}
	if r.path != "" && checkPath(r.path) != nil {
		return false
	}
	return true
}

func checkPath(p string) error {
	pl := plan.Plan{Version: plan.Version, Name: "x", Journeys: []plan.Journey{{Name: "x", Steps: []plan.Step{{Kind: plan.Visit, Value: p}}}}}
	return pl.Validate()
}

func (r *optReading) target() string {
	return plan.Target{Kind: plan.ByLabel, Value: r.name}.String()
}

// literal notes the unquoted option names, or keeps those that are not
// clearly literal for the refusal.
func (r *optReading) literal(unquoted []string) {
	var lit []string
	for _, u := range unquoted {
		if reOptLit.MatchString(u) && !determiners[strings.ToLower(u)] {
			lit = append(lit, u)
		} else {
			r.bare = append(r.bare, u)
		}
	}
	r.lit = lit
	if len(lit) > 0 && len(r.bare) == 0 {
		r.notes = append(r.notes, fmt.Sprintf("The option %s unquoted in the claim and read as the literal %s %s.",
			map[bool]string{true: "name " + lit[0] + " is", false: "names " + strings.Join(lit, ", ") + " are"}[len(lit) == 1],
			map[bool]string{true: "label", false: "labels"}[len(lit) == 1], quoteJoin(lit)))
	}
}

func quoteJoin(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = plan.Quote(x)
	}
	return joinAnd(q)
}

// count reads "has exactly one entry, 'EU'" and "has 3 options".
func (r *optReading) count(x []string) bool {
	n, err := strconv.Atoi(x[reOptCount.SubexpIndex("n")])
	if err != nil {
		v, ok := numberWords[strings.ToLower(x[reOptCount.SubexpIndex("n")])]
		if !ok {
			return false
		}
		n = v
	}
	t := r.target()
	list := x[reOptCount.SubexpIndex("list")]
	if list == "" {
		r.steps = []plan.Step{{Kind: plan.ExpectOptions, Target: t, Count: n, Compare: plan.OptionsCount}}
		return true
	}
	items, bare, ok := optionItems(list)
	if !ok || len(items) != n || !distinct(items) {
		return false
	}
	r.literal(bare)
	if n == 1 {
		r.steps = []plan.Step{{Kind: plan.ExpectOptions, Target: t, Texts: items}}
		return true
	}
	// the options are these, in an order the claim does not say
	r.steps = []plan.Step{
		{Kind: plan.ExpectOptions, Target: t, Count: n, Compare: plan.OptionsCount},
		{Kind: plan.ExpectOptions, Target: t, Texts: items, Compare: plan.OptionsIncludes},
	}
	return true
}

// valueClaim reads "the Status filter in the toolbar is set to 'All' when
// the page opens": its chosen option, said again for values.go once the
// place and the time are accounted for.
func (r *optReading) valueClaim(re *lazyRegexp, x []string) bool {
	open := x[re.SubexpIndex("open")]
	if r.place == "" && open == "" && !strings.Contains(r.noun, "filter") {
		return false // values.go reads it as it is
	}
	verb, v := strings.ToLower(x[re.SubexpIndex("verb")]), x[re.SubexpIndex("v")]
	noun := r.noun
	if strings.Contains(noun, "filter") {
		// a filter may be a drop-down or a box: its value either way
		noun = "field"
		if verb == "shows" || verb == "reads" {
			return false
		}
	}
	name := r.name
	if r.quotedName {
		name = plan.Quote(name)
	}
	said := fmt.Sprintf("The %s %s %s %s", name, noun, verb, v)
	if r.prefix != "" {
		if r.path != "" {
			return false
		}
		said = fmt.Sprintf("%s, the %s %s %s %s", r.prefix, name, noun, verb, v)
	}
	if r.path != "" {
		said = fmt.Sprintf("On %s, the %s %s %s %s", r.path, name, noun, verb, v)
	}
	r.value = said
	if open != "" {
		r.notes = append(r.notes, fmt.Sprintf("%q is the state as the page opens: the plan checks it right after loading the page, before doing anything to it.", strings.TrimSpace(open)))
	}
	return true
}

// deriveOptions derives a claim about a drop-down read by optionsRead; a
// refusal when its option names must be quoted or it has two readings.
func deriveOptions(claim string) (Derivation, *NotProvableError, bool) {
	if d, ok := deriveSwitch(claim); ok {
		return d, nil, true
	}
	r, ok := optionsRead(claim)
	if !ok {
		return Derivation{}, nil, false
	}
	c := strings.TrimSuffix(strings.TrimSpace(normalizeClaim(stripLabel(claim))), ".")
	if len(r.bare) > 0 {
		for _, b := range r.bare {
			for _, w := range strings.Fields(strings.ToLower(b)) {
				if optNotName[w] {
					// "includes Canada, not Mexico", "and more": words of
					// the sentence, not an option's name
					return Derivation{}, nil, false
				}
			}
		}
		said := c
		for _, b := range append(append([]string(nil), r.bare...), r.lit...) {
			// every unquoted name, so that none is left to another
			// reading in the rephrasing
			said = regexp.MustCompile(`(^|[\s,])`+regexp.QuoteMeta(b)+`($|[\s,])`).ReplaceAllString(said, "${1}'"+b+"'${2}")
		}
		var readings []string
		if _, err := Derive(said); err == nil && said != c {
			readings = append(readings, said)
		}
		reason := fmt.Sprintf("the option %s not quoted, and may not be the literal label: quote each option's label", map[bool]string{true: "name " + plan.Quote(r.bare[0]) + " is", false: "names " + quoteJoin(r.bare) + " are"}[len(r.bare) == 1])
		return Derivation{}, ambiguous(claim, reason, readings), true
	}
	if r.lists != nil {
		base, tail := c, ""
		if m := reOptTail.FindStringSubmatch(c); m != nil {
			// the page said last stays last
			base, tail = m[1], c[len(m[1]):]
		}
		i := strings.LastIndex(strings.ToLower(base), " lists ")
		if i < 0 {
			i = strings.LastIndex(strings.ToLower(base), " shows ")
		}
		if i < 0 {
			return Derivation{}, nil, false
		}
		head := base[:i]
		q := quoteList(r.lists)
		readings := []string{}
		for _, s := range []string{head + " lists " + q + ", in that order" + tail, head + " includes " + q + tail} {
			if _, err := Derive(s); err == nil {
				readings = append(readings, s)
			}
		}
		reason := "a list of options said without \"in that order\" may be the whole list or some of the options: say \"…, in that order\" for the whole list, or \"includes …\""
		return Derivation{}, ambiguous(claim, reason, readings), true
	}
	if r.value != "" {
		d, err := Derive(r.value)
		if err != nil || d.Plan == nil {
			return Derivation{}, nil, false
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		for i, n := range d.Notes {
			if strings.Contains(r.noun, "filter") {
				d.Notes[i] = strings.Replace(n, " is a field is not checked apart", " is a "+r.noun+" is not checked apart", 1)
			}
		}
		d.Notes = append(d.Notes, r.notes...)
		if r.place != "" {
			d.Notes = append(d.Notes, r.placeNote())
		}
		return d, nil, true
	}
	d, err := r.derivation(claim)
	if err != nil {
		return Derivation{}, nil, false
	}
	return d, nil, true
}

// quoteList says option names quoted, as a claim lists them.
func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, x := range items {
		q[i] = "'" + x + "'"
		if strings.Contains(x, "'") {
			q[i] = `"` + x + `"`
		}
	}
	return joinAnd(q)
}

func (r *optReading) placeNote() string {
	return fmt.Sprintf("%q says where the %s is; the plan finds it by its name %s anywhere on the page, not only there.", r.place, r.noun, plan.Quote(r.name))
}

// derivation builds the plan: the page, a reach hover of a guessed name,
// then the steps.
func (r *optReading) derivation(claim string) (Derivation, error) {
	path := r.path
	var notes []string
	if path == "" {
		path = "/"
		notes = append(notes, "No page named: the journey starts on the home page (/); name the page (\"on /signup, ...\") if it starts elsewhere.")
	}
	steps := []plan.Step{{Kind: plan.Visit, Value: path}}
	if len(r.opens) > 0 {
		var clicks []string
		for _, n := range r.opens {
			steps = append(steps, plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByText, Value: n, Exact: true}.String(), Reach: true})
			clicks = append(clicks, plan.Quote(n))
		}
		notes = append(notes, fmt.Sprintf("The claim does not say how %s is opened: the plan guesses it opens by clicking the control named %s on the page. If no such control is there, the run is blocked, not failed; say how it is opened to be sure.", r.prefix[strings.Index(r.prefix, " ")+1:], strings.Join(clicks, ", then the tab named ")))
	}
	if !r.quotedName {
		steps = append(steps, plan.Step{Kind: plan.Hover, Target: r.target(), Reach: true})
		notes = append(notes, fmt.Sprintf("The drop-down's name %s is unquoted in the claim, so its label is a guess: the plan first finds it (a hover, marked reach); if no field has that label, the run is blocked, not failed.", plan.Quote(r.name)))
	}
	steps = append(steps, r.steps...)
	notes = append(notes, fmt.Sprintf("The drop-down %s is found by its label (or the text just before it); that it is a %s is checked by reading its options: a <select> or a listbox of options. Anything else blocks the run.", plan.Quote(r.name), r.noun))
	if r.place != "" {
		notes = append(notes, r.placeNote())
	}
	notes = append(notes, r.notes...)
	var says []string
	sep := " and "
	for _, s := range r.steps {
		d := s.Describe()
		d = strings.TrimPrefix(d, "Check that ")
		d = strings.TrimPrefix(d, "Choose ")
		if s.Kind == plan.Select {
			d, sep = "choose "+d, "; then "
		}
		says = append(says, d)
	}
	where := path
	if r.prefix != "" {
		where = path + ", " + lowerFirst(r.prefix)
	}
	text := fmt.Sprintf("On %s, %s.", where, strings.Join(says, sep))
	if r.steps[0].Kind == plan.Select {
		text = fmt.Sprintf("On %s: %s.", where, strings.Join(says, sep))
	}
	p := &plan.Plan{
		Version:      plan.Version,
		Name:         planName(normalizeClaim(stripLabel(claim))),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys:     []plan.Journey{{Name: shorten("R1 "+strings.TrimSuffix(text, "."), 80), Requirement: "R1", Steps: steps}},
	}
	if r.steps[0].Kind == plan.Select {
		p.Requirements[0].Kind = "form"
	}
	return Trace(claim, p, notes)
}

// reachChoices puts a hover of the drop-down, marked reach, before a
// choice in a drop-down the claim names without quotes ("switching the
// Status filter to 'Closed'"): its name is a guess at the label, and a
// guess that finds no drop-down is no evidence against the claim (blocked,
// never failed), as values.go does for a field's value.
func reachChoices(claim string, d *Derivation) {
	if d.Plan == nil {
		return
	}
	quoted := map[string]bool{}
	for _, l := range lexClaim(pageFirst(stripLabel(claim))).lits {
		quoted[strings.ToLower(strings.TrimSpace(l))] = true
	}
	var named []string
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		done := map[string]bool{}
		for i, s := range j.Steps {
			if s.Kind == plan.Select && !done[s.Target] {
				done[s.Target] = true
				t, err := plan.ParseTarget(s.Target)
				prev := i > 0 && j.Steps[i-1].Reach && j.Steps[i-1].Target == s.Target
				if err == nil && t.Kind == plan.ByLabel && !t.Exact && t.Within == "" && t.Nth == 0 && !quoted[strings.ToLower(t.Value)] && !prev {
					out = append(out, plan.Step{Kind: plan.Hover, Target: s.Target, Reach: true})
					if !slices.Contains(named, t.Value) {
						named = append(named, t.Value)
					}
				}
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if len(named) == 0 {
		return
	}
	notes := append(append([]string{}, d.Notes...), fmt.Sprintf("The drop-down's name %s is unquoted in the claim, so its label is a guess: the plan first finds it (a hover, marked reach) before choosing in it; if no field has that label, the run is blocked, not failed.", quoteJoin(named)))
	if d2, err := Trace(d.Claim, d.Plan, notes); err == nil {
		*d = d2
	}
}

// reSwitch is a choice in a drop-down named without quotes by a word the
// rules read otherwise ("switching the Show filter to 'Seeding' …": "show"
// is a verb to them).
var reSwitch = lazyRE(`^(?P<pre>(?:(?i:on|at) /\S*, )?(?i:switching|setting|changing) (?i:the ))(?P<name>[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}?) (?P<noun>(?i:` + optNoun + `)) (?P<post>(?i:to) (?:` + optQuoted + `) .+)$`)

// deriveSwitch reads "switching the Show filter to 'Seeding' still says
// '0 Transfers'" as the rules read it with the name quoted, the choice
// reach-checked first (reachChoices): the name is a guess at the label.
func deriveSwitch(claim string) (Derivation, bool) {
	c := strings.TrimSpace(normalizeClaim(stripLabel(claim)))
	m := reSwitch.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	name := m[reSwitch.SubexpIndex("name")]
	ws := strings.Fields(name)
	if valueStop[strings.ToLower(ws[0])] {
		return Derivation{}, false
	}
	said := m[reSwitch.SubexpIndex("pre")] + "'" + name + "' " + m[reSwitch.SubexpIndex("noun")] + " " + m[reSwitch.SubexpIndex("post")]
	d, r := derive(said)
	if r != nil || d.Plan == nil {
		return Derivation{}, false
	}
	label := plan.Target{Kind: plan.ByLabel, Value: name}.String()
	n := 0
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		done := false
		for _, s := range j.Steps {
			if s.Kind == plan.Select && s.Target == label && !done {
				out = append(out, plan.Step{Kind: plan.Hover, Target: label, Reach: true})
				done = true
				n++
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if n != len(d.Plan.Journeys) {
		return Derivation{}, false
	}
	notes := append(append([]string{}, d.Notes...), fmt.Sprintf("The drop-down's name %s is unquoted in the claim, so its label is a guess: the plan first finds it (a hover, marked reach) before choosing in it; if no field has that label, the run is blocked, not failed.", plan.Quote(name)))
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d2, err := Trace(claim, d.Plan, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d2, true
}
