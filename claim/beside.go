package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A label and its value said without quotes. People write what a page
// shows beside a label as it reads: "Last seen says Never", "On the flags
// page, web.enable-admin-api reads false", "In the inspector, Hash says
// None". The label runs from the place before it and its comma or colon
// (a claim with nothing before the label is not read so: a dialog named
// by its title says things too) to the verb; the value from the verb to
// the end. It is
// derived again as "'Last seen' says 'Never'" (the "label says" rule):
// the value is looked for in what the page pairs with the label, never
// anywhere on the page. Only "says", "reads" and "displays": "shows" and
// "is" also say an item's status or a field's value.

// reLabelSays is a label, the verb and the value: prefix, label, verb,
// value.
var reLabelSays = lazyRE(`^((?:.+?(?:, |: ))?)(?:(?i:the) )?([A-Za-z0-9][^,:;'"‘’“”]{0,59}?) ((?i:says|reads|displays|say|read|display|does not say|doesn't say|does not read|doesn't read|do not say|don't say|do not read|don't read|no longer says|no longer reads|no longer say|no longer read)) ("[^"]+"|'[^']+'|[A-Za-z0-9][^,;'"‘’“”]{0,39})$`)

// reKeySays is a setting's key (a lower-case identifier with dots,
// dashes or underscores, as config tables list them) said with "is" too,
// and after a page without a comma: "On the flags page
// storage.tsdb.retention.time is 1w". No form field is labelled so.
var reKeySays = lazyRE(`^((?:.+?(?:, |: ))|(?i:on|in) (?:(?i:the) )?.+? (?i:page|tab|screen|view|table) )([a-z][a-z0-9]*(?:[._-][a-z0-9]+)+) ((?i:is|is set to|=|reads|says|displays)) ("[^"]+"|'[^']+'|[A-Za-z0-9][^,;'"‘’“”]{0,39})$`)

// deriveLabelSays derives a label and its value said unquoted as the
// claim with both quoted; ok only when the plan then looks for the value
// beside that label.
func deriveLabelSays(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(strings.TrimSpace(stripLabel(claim)), ".")
	m := reLabelSays.FindStringSubmatch(c)
	if k := reKeySays.FindStringSubmatch(c); k != nil {
		prefix := strings.TrimSpace(k[1])
		if !strings.HasSuffix(prefix, ",") && !strings.HasSuffix(prefix, ":") {
			prefix += ","
		}
		m = []string{k[0], prefix + " ", k[2], "reads", k[4], k[3]}
	}
	if m == nil {
		return Derivation{}, false
	}
	said := m[3]
	if len(m) > 5 {
		said = m[5] // the key's own verb; "reads" is how the rules say it
	}
	prefix, label, verb, value := m[1], strings.TrimSpace(m[2]), m[3], strings.TrimSpace(m[4])
	if x := reTwoLabels.FindStringSubmatch(label); x != nil {
		return deriveLabelsSay(claim, prefix, x[1], x[2], verb, value)
	}
	if !plainLabel(label) || prefix == "" || strings.HasSuffix(strings.TrimSpace(prefix), "'") || !labelWords(label) {
		return Derivation{}, false
	}
	quotedValue := strings.HasPrefix(value, `"`) || strings.HasPrefix(value, "'")
	if !quotedValue && !plainValue(value) {
		return Derivation{}, false
	}
	if !quotedValue {
		value = "'" + value + "'"
	}
	d, err := Derive(prefix + "'" + label + "' " + verb + " " + value)
	if err != nil || d.Plan == nil || !checksBeside(d, label) {
		return Derivation{}, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	what := "it is"
	if !quotedValue {
		what = "both are"
	}
	d.Notes = append(d.Notes, fmt.Sprintf("%s was not quoted: it is read as a label the page shows, delimited by the place before it and %q; %s taken as written.", plan.Quote(label), said, what))
	return d, true
}

// reTwoLabels is two labels said to share a value: "Hash and Location
// both".
var reTwoLabels = lazyRE(`^(.+?) (?i:and) (.+?) (?i:both|each)$`)

// deriveLabelsSay derives two unquoted labels said to show one value
// ("In the inspector, Hash and Location both read None") as the claim
// with each quoted; ok only when the plan looks beside each.
func deriveLabelsSay(claim, prefix, a, b, verb, value string) (Derivation, bool) {
	if prefix == "" || strings.HasSuffix(strings.TrimSpace(prefix), "'") {
		return Derivation{}, false
	}
	for _, l := range []string{a, b} {
		if !plainLabel(l) || !labelWords(l) {
			return Derivation{}, false
		}
	}
	if !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, "'") {
		if !plainValue(value) {
			return Derivation{}, false
		}
		value = "'" + value + "'"
	}
	d, err := Derive(prefix + "'" + a + "' and '" + b + "' both " + verb + " " + value)
	if err != nil || d.Plan == nil || !checksBeside(d, a) || !checksBeside(d, b) {
		return Derivation{}, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(d.Notes, fmt.Sprintf("%s and %s were not quoted: each is read as a label the page shows, delimited by the place before them, \"and\" and %q.", plan.Quote(a), plan.Quote(b), "both"))
	return d, true
}

// checksBeside reports whether every journey of a derivation looks for a
// value beside the label.
func checksBeside(d Derivation, label string) bool {
	if len(d.Plan.Journeys) == 0 {
		return false
	}
	for _, j := range d.Plan.Journeys {
		found := false
		for _, s := range j.Steps {
			if t, err := plan.ParseTarget(s.Target); err == nil && t.Beside == label {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// plainValue reports whether an unquoted value reads as one text the page
// shows: one to six words, none that makes it a clause or a state.
func plainValue(v string) bool {
	ws := strings.Fields(v)
	if len(ws) == 0 || len(ws) > 6 || !literalValue(v) {
		return false
	}
	for _, w := range ws {
		if lw := strings.ToLower(w); labelClause[lw] || determiners[lw] || pronounWords[lw] {
			return false
		}
	}
	return true
}

// labelWords reports whether an unquoted label reads as a name the page
// shows: capitalised, or one identifier ("web.enable-admin-api"), and no
// determiner or pronoun inside ("delete a book" is a clause).
func labelWords(l string) bool {
	ws := strings.Fields(l)
	if last := strings.ToLower(ws[len(ws)-1]); len(ws) > 1 && reOrdinal.MatchString(strings.ToLower(ws[0])) && (itemNoun(last) || isElementNoun(last)) {
		// "the 3rd item says …": a position among items, no label
		return false
	}
	if c := l[0]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') && (len(ws) > 1 || !strings.ContainsAny(l, ".-_")) {
		return false
	}
	for _, w := range ws {
		if lw := strings.ToLower(w); determiners[lw] || pronounWords[lw] {
			return false
		}
	}
	return true
}

// pronounWords stand for something said elsewhere: never a label's or a
// value's word.
var pronounWords = map[string]bool{"it": true, "its": true, "they": true, "their": true, "them": true,
	"he": true, "she": true, "his": true, "her": true, "this": true, "that": true, "these": true, "those": true}

// besideNote says how a value said of a label is looked for.
func besideNote(label, value string) string {
	return fmt.Sprintf("%q is read as a label and %q as the value the page shows for it: it is looked for in the value paired with the label (the rest of its table row, the dd after its dt, or what follows \"%s:\"), not anywhere on the page. A page that shows no such label, or pairs no value with it, blocks the run rather than failing it.", label, value, label)
}

// reSaidOf is a quoted text that says another ("'B' says 'C'"), in the
// claim with its quoted texts masked: the subject's index, the other's.
var reSaidOf = lazyRE(`(?:^|,|\b(?i:and|then|the))\s+["']\x01(\d+)\x01["']\s+((?:(?i:does not|doesn't|no longer|never)\s+)?(?i:says|say|reads|read|displays|display))\s+["']\x01(\d+)\x01["']`)

// saidOfLost refuses a derivation that looks for a text the claim says a
// quoted subject says ("shows 'A' and 'B' says 'C'") anywhere on the
// page, with nothing tying it to the subject: 'C' shown elsewhere would
// prove a claim about 'B'. "" when each such text is looked for in what
// its subject holds or pairs with it, or no text is said so.
func saidOfLost(claim string, d Derivation) (why, rephrased string) {
	masked, texts := maskQuoted(claim)
	for _, m := range reSaidOf.FindAllStringSubmatchIndex(masked, -1) {
		var a, b int
		fmt.Sscan(masked[m[2]:m[3]], &a)
		fmt.Sscan(masked[m[6]:m[7]], &b)
		if a >= len(texts) || b >= len(texts) {
			continue
		}
		subj, said := texts[a], texts[b]
		for _, j := range d.Plan.Journeys {
			for _, s := range j.Steps {
				if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Value == said && s.Target == "" {
					// the same claim with the subject said as a label
					at := strings.LastIndex(masked[:m[3]+2], masked[m[2]-2:m[2]])
					r := masked[:at] + "the value of " + masked[at:m[4]] + strings.Replace(masked[m[4]:m[5]], "says", "reads", 1) + masked[m[5]:]
					return fmt.Sprintf("the claim says %s says %s, but the reading looks for %s anywhere on the page: say each check on its own (\"the value of '%s' reads '%s'\")", plan.Quote(subj), plan.Quote(said), plan.Quote(said), subj, said), unmaskQuoted(r, texts)
				}
			}
		}
	}
	return "", ""
}
