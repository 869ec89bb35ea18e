package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Values of form controls, as people say them. The readers know "'X' is
// set to 'V'" (an expect_value step: a field's value, a drop-down's
// chosen option) and "'X' is ticked"; people also name the control by its
// kind ("the Theme dropdown is set to 'Dark'", "the Max peers field holds
// '200'", "the 'Mode' dropdown shows 'Fast'": shows said of a drop-down is
// its chosen option), leave the name or a number unquoted ("encryption
// mode is set to 'Prefer'", "Max peers overall is 200"), and say the place
// in the middle or at the end ("Mode on the Peers tab of the preferences
// is set to 'Fast'", "… is 200 on the Peers tab of Preferences",
// "Preferences → Peers has the mode set to 'Fast'"). Each is said again
// as "<place>, 'X' is set to 'V'" and read by the readers (reach.go opens
// a place the claim names, its clicks marked reach).
//
// An unquoted value is read only where it is clearly literal: a number,
// or one capitalised word right after the verb at the claim's end (as
// compose_api.go reads a JSON value). "the 'Search' field shows 'None'"
// may be the field's value or a text by it: refused with both readings.

// valueNoun is a kind of control named after its name; "menu" is not one
// (a menu shows items, not a chosen one).
const valueNoun = `dropdown|drop-down|drop down|select|selector|picker|field|box|input|text box|textbox|setting|option`

// choiceNouns are the controls whose "shows" is the chosen option.
var choiceNouns = map[string]bool{"dropdown": true, "drop-down": true, "drop down": true, "select": true, "selector": true, "picker": true}

const (
	valQuoted = `'[^']{1,60}'|"[^"]{1,60}"|‘[^’]{1,60}’|“[^”]{1,60}”`
	valName   = `(?P<subj>` + valQuoted + `|[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,3}?)`
	valValue  = `(?P<val>` + valQuoted + `|-?\d+(?:\.\d+)?|[A-Z][\w-]*(?: [a-z][\w-]*){0,2})`
	valState  = `ticked|unticked|checked|unchecked|turned on|turned off|switched on|switched off`
)

var (
	// "the Theme dropdown [for …] [on the Peers tab of P] is set to 'Dark' [in P]"
	reValueBody = lazyRE(`^(?i:the )?` + valName + `(?: (?P<noun>(?i:` + valueNoun + `)))?(?: (?P<qual>for [a-z][a-z ]{0,60}?))?(?: (?P<pl1>(?i:on|in|under) [^,'"‘“]+?))? (?P<verb>(?i:is set to|is now set to|is|shows|holds|has the value|has a value of|has value|reads|starts on|defaults to)) ` + valValue + `(?: (?P<pl2>(?i:on|in|under) [^,'"‘“]+?))?(?P<dflt> by default)?$`)
	// "'Use PEX' on the Peers tab of Preferences is ticked"
	reStateBody = lazyRE(`^(?i:the )?(?P<subj>` + valQuoted + `)(?: (?P<noun>(?i:checkbox|box|toggle|switch|option)))? (?P<pl1>(?i:on|in|under) [^,'"‘“]+?) is (?P<state>` + valState + `)(?P<dflt> by default)?$`)
	// "Preferences → Peers has the encryption mode set to 'Fast'"
	reHasSet = lazyRE(`^(?P<pl1>[^,'"‘“]+?) (?:has|have) (?i:the |its )?` + valName + `(?: (?P<noun>(?i:` + valueNoun + `)))? set to ` + valValue + `$`)
	// the prefix "On the Peers tab of Preferences, …"
	reValPrefix = lazyRE(`^((?i:on|in|inside|within|under) [^,]+), (.+)$`)

	// places, said with or without their preposition
	plName    = `('[^']{1,40}'|"[^"]{1,40}"|[A-Z][\w-]*(?: [A-Z][\w-]*){0,2}|(?i:preferences|settings))`
	plKind    = `(?: (?i:dialog|window|panel|pane|preferences|settings))?`
	rePlTab   = lazyRE(`^(?:(?i:on|in|under) )?(?i:the )?` + plName + ` (?i:tab) (?i:of|in|on) (?i:the )?` + plName + plKind + `$`)
	rePlArrow = lazyRE(`^(?:(?i:on|in|under|inside|within) )?(?i:the )?` + plName + plKind + ` (?:→|->|>|») (?i:the )?` + plName + `(?: (?i:tab))?$`)
	rePlOnly  = lazyRE(`^(?:(?i:in|inside|within|under) )?(?i:the )?(?:` + plName + ` ((?i:dialog|window|panel|pane))|((?i:preferences|settings)))$`)
)

// valueStop are first words of an unquoted name that name no control.
var valueStop = map[string]bool{"it": true, "this": true, "that": true, "there": true, "page": true,
	"everything": true, "nothing": true, "each": true, "all": true, "every": true, "no": true,
	"which": true, "what": true, "one": true, "he": true, "she": true, "they": true, "its": true}

// valueNotField are last words of an unquoted name that name a text or
// another element, not a field ("the heading is 'General'").
var valueNotField = map[string]bool{"heading": true, "title": true, "text": true, "message": true,
	"label": true, "button": true, "link": true, "banner": true, "header": true, "footer": true,
	"page": true, "dialog": true, "window": true, "menu": true, "badge": true, "icon": true,
	"image": true, "error": true, "warning": true, "notice": true, "tooltip": true, "caption": true,
	"version": true, "status": true, "count": true, "total": true, "url": true, "address": true}

// valueNotLiteral are capitalised words after "is" that are states or
// judgements, not a value ("the Beta option is On").
var valueNotLiteral = map[string]bool{"on": true, "off": true, "enabled": true, "disabled": true,
	"checked": true, "unchecked": true, "ticked": true, "unticked": true, "selected": true,
	"visible": true, "hidden": true, "shown": true, "empty": true, "blank": true, "required": true,
	"set": true, "available": true, "correct": true, "wrong": true, "there": true, "gone": true,
	// Words that say a text is or is not on the page: "sales-2024.csv is
	// listed" says the file is shown, not that its value reads "listed".
	"listed": true, "unlisted": true, "displayed": true, "present": true, "missing": true,
	"absent": true, "included": true, "mentioned": true, "found": true, "highlighted": true,
	"unset": true, "nothing": true, "something": true}

// placePrefix reads a place phrase and says it in reach.go's form ("On the
// Peers tab of Preferences"); ok is false when it is no place of controls.
func placePrefix(s string) (string, bool) {
	s = strings.TrimSpace(s)
	norm := func(n string) (string, bool) {
		n = strings.Trim(n, `'"`)
		l := strings.ToLower(n)
		if l == "preferences" || l == "settings" {
			return upperFirst(l), true
		}
		if n == "" || vaguePlace[l] {
			return "", false
		}
		return n, true
	}
	if m := rePlTab.FindStringSubmatch(s); m != nil {
		tab, ok1 := norm(m[1])
		place, ok2 := norm(m[2])
		if ok1 && ok2 && !strings.EqualFold(m[1], "preferences") && !strings.EqualFold(m[1], "settings") {
			return "On the " + tab + " tab of " + place, true
		}
		return "", false
	}
	if m := rePlArrow.FindStringSubmatch(s); m != nil {
		place, ok1 := norm(m[1])
		tab, ok2 := norm(m[2])
		if ok1 && ok2 {
			return "In " + place + " → " + tab, true
		}
		return "", false
	}
	if m := rePlOnly.FindStringSubmatch(s); m != nil {
		if m[3] != "" {
			return "In " + upperFirst(strings.ToLower(m[3])), true
		}
		// the kind stays: reach.go opens "the Export dialog" by "Export"
		if place, ok := norm(m[1]); ok && !strings.ContainsAny(m[1], `'"`) {
			return "In the " + place + " " + strings.ToLower(m[2]), true
		}
	}
	return "", false
}

// valueReading is a claim about a control's value said again in the
// readers' form, with what the rewrite leaves to a note.
type valueReading struct {
	said  string
	notes []string
	// other is a second reading the words allow ("shows" said of a
	// field): the claim is then refused with both.
	other string
	// guessed is the field's name when the claim does not quote it.
	guessed string
	// short is the reading of an unquoted value of several words as its
	// first word ("set to Dark mode": "Dark" or "Dark mode").
	short string
}

// valueRewrite says a claim about a control's value or state in the
// readers' form; ok is false when it is none here.
func valueRewrite(claim string) (valueReading, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(claim), ".")
	prefix, body := "", c
	// placed: the claim names a place of controls (a path is no such place)
	placed := false
	if m := reValPrefix.FindStringSubmatch(c); m != nil {
		prefix, body = m[1], m[2]
		if p, ok := placePrefix(prefix); ok {
			prefix, placed = p, true
		} else if !rePathPrefix.MatchString(prefix) {
			// only a place of controls, or a path ("On /settings")
			return valueReading{}, false
		}
	}
	var r valueReading
	group := func(re *lazyRegexp, m []string, name string) string {
		if i := re.SubexpIndex(name); i >= 0 {
			return m[i]
		}
		return ""
	}
	var re *lazyRegexp
	var m []string
	for _, x := range []*lazyRegexp{reStateBody, reHasSet, reValueBody} {
		if m = x.FindStringSubmatch(body); m != nil {
			re = x
			break
		}
	}
	if m == nil {
		return r, false
	}
	subj, noun := group(re, m, "subj"), strings.ToLower(group(re, m, "noun"))
	qual, verb, val, state := group(re, m, "qual"), strings.ToLower(group(re, m, "verb")), group(re, m, "val"), group(re, m, "state")
	if re == reHasSet {
		verb = "is set to"
	}
	// The place: said once, before the body or inside it.
	for _, pl := range []string{group(re, m, "pl1"), group(re, m, "pl2")} {
		if pl == "" {
			continue
		}
		p, ok := placePrefix(pl)
		if !ok || prefix != "" {
			return r, false
		}
		prefix, placed = p, true
	}
	quotedSubj := strings.ContainsAny(subj[:1], `'"‘“`)
	name := strings.Trim(subj, `'"‘’“”`)
	if !quotedSubj {
		ws := strings.Fields(name)
		if valueStop[strings.ToLower(ws[0])] || noun == "" && valueNotField[strings.ToLower(ws[len(ws)-1])] || reOrdinal.MatchString(strings.ToLower(name)) {
			// "the first field is 'Email'": a position among the fields,
			// never a label
			return r, false
		}
		for _, w := range ws {
			switch strings.ToLower(w) {
			case "is", "are", "has", "have", "tab", "the", "a", "an", "and", "or", "not", "no":
				return r, false
			}
		}
	}
	if strings.ContainsAny(name, `'"‘’“”`) {
		return r, false
	}
	if state != "" {
		r.said = plan.Quote(name) + " is " + state
	} else {
		quotedVal := strings.ContainsAny(val[:1], `'"‘“`)
		v := strings.Trim(val, `'"‘’“”`)
		if v == "" || strings.ContainsAny(v, `'"‘’“”`) {
			return r, false
		}
		first := strings.Fields(v)[0]
		if !quotedVal && !isNumber(v) {
			// one capitalised word, right after the verb, at the end
			if group(re, m, "pl2") != "" || group(re, m, "dflt") != "" || valueNotLiteral[strings.ToLower(first)] {
				return r, false
			}
			switch verb {
			case "is", "is set to", "is now set to", "shows", "starts on", "defaults to":
			default:
				return r, false
			}
		}
		switch {
		case verb == "shows" || verb == "reads":
			// said of a drop-down, its chosen option; of a field, its
			// value or a text by it
			if noun == "" {
				return r, false
			}
			if !choiceNouns[noun] {
				r.other = "the page shows " + plan.Quote(v)
			}
		case verb == "is" || verb == "holds" || strings.HasPrefix(strings.ToLower(verb), "has ") || verb == "starts on" || verb == "defaults to":
			// "X is 200" is a control's value only when the claim says
			// it is a control or puts it in a place of controls
			if noun == "" && !placed {
				return r, false
			}
		}
		if !quotedVal {
			r.notes = append(r.notes, fmt.Sprintf("The value %s is unquoted in the claim and read as the literal text %s.", v, plan.Quote(v)))
		}
		r.said = plan.Quote(name) + " is set to " + plan.Quote(v)
		if first != v && !quotedVal {
			r.short = plan.Quote(name) + " is set to " + plan.Quote(first)
		}
		if !quotedSubj {
			r.guessed = name
		}
	}
	if qual != "" {
		if !quotedSubj || noun == "" {
			return r, false
		}
		for _, w := range strings.Fields(qual)[1:] {
			switch w {
			case "the", "a", "an", "this", "that", "each", "every", "first", "second", "third", "last", "row", "item", "one":
				return r, false
			}
		}
		r.notes = append(r.notes, fmt.Sprintf("%q says what the %s is for; the plan finds it by its name %s only.", qual, noun, plan.Quote(name)))
	}
	if noun != "" && state == "" {
		r.notes = append(r.notes, fmt.Sprintf("That %s is a %s is not checked apart: the plan finds the control by its label.", plan.Quote(name), noun))
	}
	if prefix != "" {
		r.said = prefix + ", " + r.said
		if r.other != "" {
			r.other = prefix + ", " + r.other
		}
		if r.short != "" {
			r.short = prefix + ", " + r.short
		}
	}
	if group(re, m, "dflt") != "" {
		r.notes = append(r.notes, "\"By default\" is the state as the page opens: the plan checks it before doing anything to it.")
	}
	return r, true
}

var rePathPrefix = lazyRE(`^(?i:on|at) /\S*$`)

var reNumber = lazyRE(`^-?\d+(?:\.\d+)?$`)

func isNumber(s string) bool { return reNumber.MatchString(s) }

// deriveValue derives a claim about a control's value or state said in a
// form valueRewrite knows; err is an ambiguity's refusal.
func deriveValue(claim string) (Derivation, *NotProvableError, bool) {
	r, ok := valueRewrite(stripLabel(claim))
	if !ok || r.said == strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".") {
		// said as the readers say it already: nothing more to read
		return Derivation{}, nil, false
	}
	// Derived without suggestions of its own: a refusal here is thrown
	// away, and its suggestions, derived in turn, could come back to
	// this rewrite without end.
	d, ok2 := deriveQuiet(r.said)
	if !ok2 || d.Plan == nil {
		return Derivation{}, nil, false
	}
	if r.other != "" {
		// Each reading says which it is: neither keeps "shows" as said.
		readings := []string{upperFirst(r.said) + labelSep + "the field's value is it; it does not check that the page shows it as a text"}
		if _, ok := deriveQuiet(r.other); ok {
			readings = append(readings, upperFirst(r.other)+labelSep+"the page shows it; it does not check it is the field's value")
		}
		reason := "\"shows\" said of a field may be its value or a text shown by it: say which (\"… is set to '…'\" for its value)"
		return Derivation{}, ambiguous(claim, reason, readings), true
	}
	if r.short != "" {
		// the whole text, or its first word with the rest describing it
		readings := []string{upperFirst(r.said)}
		if _, err := Derive(r.short); err == nil {
			readings = append(readings, upperFirst(r.short))
		}
		reason := "an unquoted value of several words may be all of them or only the first, the rest describing it: quote the value"
		return Derivation{}, ambiguous(claim, reason, readings), true
	}
	if r.guessed != "" && !reachField(&d, r.guessed) {
		return Derivation{}, nil, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, r.notes...)
	return d, nil, true
}

// reachField puts a hover of the field, marked reach, before each check of
// its value: an unquoted name is the plan's guess at the field's label, and
// a guess that finds no field is no evidence against the claim (blocked,
// never failed). A hover neither types, ticks nor opens a drop-down.
func reachField(d *Derivation, name string) bool {
	n := 0
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		for _, s := range j.Steps {
			if s.Kind == plan.ExpectValue {
				out = append(out, plan.Step{Kind: plan.Hover, Target: s.Target, Reach: true})
				n++
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	if n == 0 {
		return false
	}
	d.Notes = append(d.Notes, fmt.Sprintf("The field's name %s is unquoted in the claim, so its label is a guess: the plan first finds the field (a hover, marked reach); if no field has that label, the run is blocked, not failed.", plan.Quote(name)))
	return true
}

// ambiguous refuses a claim with its readings, each derived already (by
// Derive: a reading may open a place, which derive alone does not read).
func ambiguous(claim, reason string, readings []string) *NotProvableError {
	e := refuseWith(claim, "ambiguous", reason, nil, true)
	e.Suggestions = readings
	var b strings.Builder
	b.WriteString("Rephrase it, for example:\n")
	for _, s := range readings {
		fmt.Fprintf(&b, "  - %s\n", s)
	}
	e.Prompt = strings.Replace(e.Prompt, "vouch found no rephrasing that keeps the claim's meaning; write one from the above.\n", b.String(), 1)
	return e
}

// deriveQuiet derives a claim as Derive does when it is provable, without
// making suggestions when it is not (deriveSuggestion's readings).
func deriveQuiet(claim string) (Derivation, bool) {
	d, r := deriveSuggestion(claim)
	if r != nil {
		return Derivation{}, false
	}
	guardGuesses(&d)
	return d, true
}
