package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Controls named by their label without quotes. People write a setting's
// label as it reads on the page, unquoted, then its state or value:
// "Settings > Accounts has Check mail on start unticked", "In Settings →
// Privacy, Block remote images is ticked", "Export: Colour space is Adobe
// RGB". The label is delimited on both sides — after the place and its
// comma or colon (or "has"), before the state word ("ticked", "switched
// on", "greyed out") or, for a drop-down, "is" and a capitalised value —
// so it is read as the control's label and the claim is derived again
// with it quoted; a note says so. A label that would carry sentence words
// (a determiner first, "is", "and", a comma) is not read: the claim stays
// refused. A label holding quotes of its own ('Append ".part" to files'
// names') is carried through the derivation under a placeholder, since a
// quote cannot be written inside a quote of the claim language.
//
// The reading must come out as a control of that label whose state or
// value is checked (expect_checked, expect_value, …), never as a text
// looked for: otherwise the claim stays refused.

// labelState is a control's state said after its label: group 1.
const labelState = `(ticked|unticked|checked|unchecked|not ticked|not checked|selected|unselected|enabled|disabled|turned on|turned off|switched on|switched off|greyed out|grayed out)`

// labelStatePlaced adds "on" and "off", read as a state only after a
// place said before the label ("In Preferences, Enable uTP is off").
const labelStatePlaced = `(ticked|unticked|checked|unchecked|not ticked|not checked|selected|unselected|enabled|disabled|turned on|turned off|switched on|switched off|greyed out|grayed out|on|off)`

// labelKind is a word after a label saying what control it is, kept.
const labelKind = `(?: (box|checkbox|check box|option|toggle|switch|setting|button|field|drop-down|dropdown|select|menu))?`

// labelRun is an unquoted label: capitalised first, then anything but the
// sentence's commas and colons (checked by plainLabel).
const labelRun = `([A-Z0-9][^,:;]{0,79}?)`

var labelForms = []struct {
	re    *lazyRegexp
	value bool // the last group is a drop-down's value, not a state
	bare  bool // no place before it: a short label with no clause word
}{
	// "Settings > Accounts has Check mail on start unticked", "… has its
	// Start minimised box ticked"
	{lazyRE(`^(.+? (?i:has|have|with) )(?i:its |the |their )?` + labelRun + labelKind + ` ` + labelStatePlaced + `((?: (?i:by default))?)$`), false, false},
	// "In Settings, Accounts tab, Check mail on start is ticked",
	// "Settings → Privacy: Block remote images is switched off"
	{lazyRE(`^(.+?(?:, |: ))(?i:the )?` + labelRun + labelKind + ` (?:is|are) ` + labelStatePlaced + `((?: (?i:by default))?)$`), false, false},
	// "The Deploy button is disabled", "For a guest the Remember me box
	// is unticked": no place, so "the" and the kind of control delimit it
	{lazyRE(`^((?:.+? )?(?i:the ))` + labelRun + ` (box|checkbox|check box|option|toggle|switch|button|field|drop-down|dropdown|select) (?:is|are) ` + labelState + `((?: (?i:by default))?)$`), false, true},
	// "Export: Colour space is Adobe RGB"
	{lazyRE(`^(.+?(?:, |: ))(?i:the )?` + labelRun + labelKind + ` (?:is|is set to|reads|shows) ([A-Z0-9][^,:;'"‘’“”]{0,39})((?: (?i:by default))?)$`), true, false},
}

// bareLabel reports whether a label said with no place before it reads as
// a name alone: up to four words, none that goes on the sentence ("Place
// order button stays disabled until the terms").
func bareLabel(s string) bool {
	ws := strings.Fields(strings.ToLower(s))
	if len(ws) > 4 {
		return false
	}
	for _, w := range ws {
		if bareNotLabel[w] || stateWords[w] || isElementNoun(w) {
			return false
		}
	}
	return true
}

var bareNotLabel = map[string]bool{"until": true, "unless": true, "when": true, "while": true, "stays": true,
	"stay": true, "remains": true, "becomes": true, "is": true, "are": true, "and": true, "or": true, "after": true, "before": true}

// labelPlaceholder stands for a label holding quotes while the claim is
// derived; it is put back in the plan, its requirements and notes.
const labelPlaceholder = "Vouchlabel"

// plainLabel reports whether s reads as one control's label: one to ten
// words, no determiner or pronoun first, no word that makes it a clause,
// quotes only inside it and balanced.
func plainLabel(s string) bool {
	ws := strings.Fields(s)
	if len(ws) == 0 || len(ws) > 10 {
		return false
	}
	first := strings.ToLower(ws[0])
	if determiners[first] || quantifiers[first] || labelNotFirst[first] || vaguePlace[first] {
		return false
	}
	for _, w := range ws {
		if labelClause[strings.ToLower(strings.Trim(w, `"'“”‘’`))] {
			return false
		}
	}
	if strings.ContainsAny(s[:1]+s[len(s)-1:], `"“”‘`) || strings.ContainsAny(s, "()[]") && !balancedBrackets(s) {
		return false
	}
	return strings.Count(s, `"`)%2 == 0 && strings.Count(s, "“") == strings.Count(s, "”")
}

// balancedBrackets reports whether every bracket of s is closed, in order.
func balancedBrackets(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// labelNotFirst are words that begin a sentence's subject, not a label.
var labelNotFirst = map[string]bool{"it": true, "they": true, "there": true, "this": true,
	"that": true, "these": true, "those": true, "its": true, "their": true, "when": true,
	"after": true, "once": true, "if": true, "while": true, "then": true, "clicking": true,
	"pressing": true, "choosing": true, "selecting": true}

// labelClause are words that make a run of words a clause, not a label.
var labelClause = map[string]bool{"is": true, "are": true, "was": true, "were": true,
	"and": true, "or": true, "but": true, "has": true, "have": true, "shows": true,
	"should": true, "must": true, "will": true, "not": true, "no": true}

// stateSaid is a state word said in the claim language.
func stateSaid(s string) string {
	switch s {
	case "greyed out", "grayed out":
		return "disabled"
	case "not checked":
		return "not ticked"
	case "on", "off":
		return "turned " + s
	}
	return s
}

// deriveLabelled derives a claim naming a control by its unquoted label,
// delimited as labelForms say, as the claim with that label quoted; ok is
// false when it is in none of the forms, or that reading does not derive
// or does not read the label as a control's.
func deriveLabelled(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	for _, f := range labelForms {
		m := f.re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		prefix, label, kind, last, dflt := m[1], strings.TrimSpace(m[2]), m[3], m[4], m[5]
		if !plainLabel(label) || strings.HasSuffix(strings.TrimSpace(prefix), "'") || f.bare && !bareLabel(label) || reOrdinal.MatchString(strings.ToLower(label)) {
			// "the first field is 'Email'": a position, never a label
			continue
		}
		said := label
		if strings.ContainsAny(label, `'"‘’“”`) {
			said = labelPlaceholder
		}
		rewrite := prefix + "'" + said + "'"
		if kind != "" {
			rewrite += " " + kind
		}
		if f.value {
			if !plainLabel(last) || !literalValue(last) {
				continue
			}
			rewrite += " is '" + last + "'" + dflt
		} else if strings.HasSuffix(strings.TrimSpace(strings.ToLower(prefix)), " has") || strings.HasSuffix(strings.TrimSpace(strings.ToLower(prefix)), " have") || strings.HasSuffix(strings.TrimSpace(strings.ToLower(prefix)), " with") {
			rewrite += " " + stateSaid(last) + dflt
		} else {
			rewrite += " is " + stateSaid(last) + dflt
		}
		d, err := Derive(rewrite)
		if err != nil || d.Plan == nil {
			continue
		}
		if said != label {
			putLabelBack(&d, label)
		}
		if !readsControl(d, label, f.value) {
			continue
		}
		reachLabel(&d, label)
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		what := "state"
		if f.value {
			what = "value (" + plan.Quote(last) + ", also unquoted, read as the option shown)"
		}
		d.Notes = append(d.Notes, fmt.Sprintf("%s was not quoted: it is read as the label of the control whose %s the claim states, delimited by the place before it and what is said of it after. The plan first finds that control (a hover, marked reach): if no control has that label, the run is blocked, not failed.", plan.Quote(label), what))
		return d, true
	}
	if d, ok := deriveLabelSays(claim); ok {
		// a label and the value shown for it, after a control's value
		// ("the Listening port reads 51413" is a field's) (beside.go)
		return d, true
	}
	if d, ok := deriveLabelList(c, claim); ok {
		return d, true
	}
	return deriveStateList(c, claim)
}

// reStateList is several quoted controls said to share a state: "'Enable
// Relaying', 'Global Discovery' and 'Local Discovery' are all unchecked".
var reStateList = lazyRE(`^(.*?)(` + quotedName + `(?:, ` + quotedName + `)+,? (?i:and) ` + quotedName + `) (?:are|is) (?:(?i:all|both) )?` + labelStatePlaced + `((?: (?i:by default))?)$`)

// deriveStateList derives reStateList as each control said with the
// state ("'A' is unchecked, 'B' is unchecked and 'C' is unchecked"); ok
// only when every control's state is what the plan checks.
func deriveStateList(c, claim string) (Derivation, bool) {
	m := reStateList.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	names := reQuotedName.FindAllString(m[2], -1)
	if len(names) < 3 {
		return Derivation{}, false
	}
	said := make([]string, len(names))
	for i, n := range names {
		said[i] = n + " is " + stateSaid(m[3]) + m[4]
	}
	rewrite := m[1] + strings.Join(said[:len(said)-1], ", ") + " and " + said[len(said)-1]
	d, err := Derive(rewrite)
	if err != nil || d.Plan == nil {
		return Derivation{}, false
	}
	for _, n := range names {
		if !checksControl(d, strings.Trim(n, `'"‘’“”`), false) {
			return Derivation{}, false
		}
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append([]string{fmt.Sprintf("Read as “%s” (the state said once of every control named).", rewrite)}, d.Notes...)
	return d, true
}

var (
	// a place, then its controls' states or values, joined by "and"
	reLabelListPrefix = lazyRE(`^(.+?(?:, |: ))(.+ (?i:and) .+)$`)
	reLabelListSplit  = lazyRE(`(?:,? (?i:and) |, )`)
	reLabelItemState  = lazyRE(`^(?i:the )?` + labelRun + labelKind + ` (?:is|are) ` + labelStatePlaced + `$`)
	reLabelItemValue  = lazyRE(`^(?i:the )?` + labelRun + labelKind + ` (?:is|is set to|reads|shows) ([A-Z0-9][^,:;'"‘’“”]{0,39})$`)
)

// deriveLabelList derives several controls of one place named by their
// unquoted labels, each with its state or value ("Preferences > Peers:
// Max peers per torrent is 50 and Max peers overall is 200"), as the
// claim with every label (and value) quoted; ok is false when a part is
// no such control, or the reading does not check each label's control.
func deriveLabelList(c, claim string) (Derivation, bool) {
	m := reLabelListPrefix.FindStringSubmatch(c)
	if m == nil || strings.HasSuffix(strings.TrimSpace(m[1]), "'") {
		return Derivation{}, false
	}
	type part struct {
		label string
		value bool
	}
	var parts []part
	var said []string
	for _, p := range reLabelListSplit.Split(m[2], -1) {
		p = strings.TrimSpace(p)
		if x := reLabelItemState.FindStringSubmatch(p); x != nil {
			if !plainLabel(strings.TrimSpace(x[1])) || strings.ContainsAny(x[1], `'"‘’“”`) {
				return Derivation{}, false
			}
			parts = append(parts, part{label: strings.TrimSpace(x[1])})
			said = append(said, "'"+strings.TrimSpace(x[1])+"'"+kindSaid(x[2])+" is "+stateSaid(x[3]))
			continue
		}
		x := reLabelItemValue.FindStringSubmatch(p)
		if x == nil || !plainLabel(strings.TrimSpace(x[1])) || strings.ContainsAny(x[1], `'"‘’“”`) || !plainLabel(x[3]) || !literalValue(x[3]) {
			return Derivation{}, false
		}
		parts = append(parts, part{label: strings.TrimSpace(x[1]), value: true})
		said = append(said, "'"+strings.TrimSpace(x[1])+"'"+kindSaid(x[2])+" is set to '"+x[3]+"'")
	}
	if len(parts) < 2 {
		return Derivation{}, false
	}
	rewrite := m[1] + strings.Join(said[:len(said)-1], ", ") + " and " + said[len(said)-1]
	d, err := Derive(rewrite)
	if err != nil || d.Plan == nil {
		return Derivation{}, false
	}
	var labels []string
	for _, p := range parts {
		if !checksControl(d, p.label, p.value) {
			return Derivation{}, false
		}
		reachLabel(&d, p.label)
		labels = append(labels, plan.Quote(p.label))
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, fmt.Sprintf("%s were not quoted: each is read as the label of a control whose state or value the claim states, delimited by the place before them and what is said of each after (a value unquoted too is read as the literal text). The plan first finds each control (a hover, marked reach): if no control has that label, the run is blocked, not failed.", joinAnd(labels)))
	return d, true
}

// kindSaid is the kind of control said after a label, kept in a rewrite.
func kindSaid(k string) string {
	if k == "" {
		return ""
	}
	return " " + k
}

// checksControl reports whether some journey of a derivation checks the
// state (or value) of a control labelled label, and none looks for the
// label as a text.
func checksControl(d Derivation, label string, value bool) bool {
	found := false
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Value == label {
				return false
			}
			if s.Kind == plan.ExpectValue != value || !isStateCheck(s.Kind) {
				continue
			}
			if t, err := plan.ParseTarget(s.Target); err == nil && (t.Name == label || t.Value == label) {
				found = true
			}
		}
	}
	return found
}

// readsControl reports whether every journey of a derivation checks the
// state (or value) of a control labelled label, and none looks for the
// label as a text.
func readsControl(d Derivation, label string, value bool) bool {
	if len(d.Plan.Journeys) == 0 {
		return false
	}
	for _, j := range d.Plan.Journeys {
		found := false
		for _, s := range j.Steps {
			if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Value == label {
				return false
			}
			switch s.Kind {
			case plan.ExpectChecked, plan.ExpectUnchecked, plan.ExpectDisabled, plan.ExpectEnabled:
				if value {
					continue
				}
			case plan.ExpectValue:
				if !value {
					continue
				}
			default:
				continue
			}
			if t, err := plan.ParseTarget(s.Target); err == nil && (t.Name == label || t.Value == label) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// putLabelBack replaces the placeholder a quoted-holding label was derived
// under with the label, in the plan's targets and values and in the texts
// people read.
func putLabelBack(d *Derivation, label string) {
	for ji := range d.Plan.Journeys {
		for si := range d.Plan.Journeys[ji].Steps {
			s := &d.Plan.Journeys[ji].Steps[si]
			if t, err := plan.ParseTarget(s.Target); err == nil && (t.Name == labelPlaceholder || t.Value == labelPlaceholder) {
				if t.Name == labelPlaceholder {
					t.Name = label
				}
				if t.Value == labelPlaceholder {
					t.Value = label
				}
				s.Target = t.String()
			}
			if s.Value == labelPlaceholder {
				s.Value = label
			}
		}
	}
	say := func(t string) string {
		t = strings.ReplaceAll(t, plan.Quote(labelPlaceholder), plan.Quote(label))
		return strings.ReplaceAll(t, labelPlaceholder, label)
	}
	retell(d, say)
	for i := range d.Notes {
		d.Notes[i] = say(d.Notes[i])
	}
}

// reachLabel puts a hover of the control, marked reach, before each check
// of its state or value: an unquoted label is the plan's reading of where
// the name ends, and a reading that finds no control is no evidence
// against the claim (blocked, never failed), as values.go does for a
// field. The steps after it, and the requirements' references to them,
// move one on.
func reachLabel(d *Derivation, label string) {
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		for _, s := range j.Steps {
			if t, err := plan.ParseTarget(s.Target); err == nil && (t.Name == label || t.Value == label) && isStateCheck(s.Kind) {
				shiftRefs(d, ji+1, len(out)+1) // the hover's 1-based index
				out = append(out, plan.Step{Kind: plan.Hover, Target: s.Target, Reach: true})
			}
			out = append(out, s)
		}
		j.Steps = out
	}
}

// shiftRefs moves the requirements' references to steps of journey j (1-
// based) at or after step at (1-based) one on, for a step put in at at.
func shiftRefs(d *Derivation, j, at int) {
	for ri := range d.Requirements {
		for k := range d.Requirements[ri].ProvenBy {
			if r := &d.Requirements[ri].ProvenBy[k]; r.Journey == j && r.Step >= at {
				r.Step++
			}
		}
	}
}

// isStateCheck is whether a step checks a control's state or value.
func isStateCheck(k plan.Kind) bool {
	switch k {
	case plan.ExpectChecked, plan.ExpectUnchecked, plan.ExpectDisabled, plan.ExpectEnabled, plan.ExpectValue:
		return true
	}
	return false
}

// literalValue reports whether an unquoted value names an option shown,
// not a state or a judgement ("is Enabled", "is On").
func literalValue(v string) bool {
	for _, w := range strings.Fields(strings.ToLower(v)) {
		if valueNotLiteral[w] || bareStateWords[w] {
			return false
		}
	}
	return true
}
