package claim

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Unquoted values a JSON response holds, said the way people write them
// when the value's boundary is plain: after a colon at the end ("returns
// exactly one task: Fix the login bug."), after "starts with" up to an
// aside or the end, in a list "A, then B, then C", as a field and its
// value ("answers with theme light"), "a 404 whose body is just {}",
// "has notes set to exactly 'Dark mode'". Each is said again in the claim
// language, the unquoted value quoted, and derived once more; the notes
// say the value was unquoted and read as written. A value that may be a
// description (it starts with a lower-case word, "the", "a", …) is not
// read. General rules and reasons around the check are in reasons.go.

// jvMark is a quoted text masked by maskQuoted.
const jvMark = `(?:"\x01\d+\x01"|'\x01\d+\x01')`

// jvPath is a path as the claim writes it.
const jvPath = `(/[^\s,()]*)`

// jvDescWords start a phrase that describes a value rather than being it.
var jvDescWords = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true, "these": true,
	"those": true, "its": true, "their": true, "his": true, "her": true, "all": true, "every": true, "each": true,
	"some": true, "any": true, "no": true, "none": true, "nothing": true, "nobody": true, "only": true, "just": true,
	"one": true, "two": true, "three": true, "four": true, "five": true, "it": true, "them": true, "both": true,
	"another": true, "other": true, "same": true, "first": true, "last": true, "second": true, "third": true}

// jvValue reports whether an unquoted run of words may be read as a value
// written as is: it starts with a capital letter, holds no quote, path,
// mask or bracket, is at most eight words, and its first word is no word
// that describes ("The login bug", "All tasks").
func jvValue(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, "\"'\x01/()[]{}:;") {
		return false
	}
	f := strings.Fields(v)
	if len(f) > 8 || !(v[0] >= 'A' && v[0] <= 'Z') {
		return false
	}
	if jvDescWords[strings.ToLower(f[0])] {
		return false
	}
	if _, n := wordNumber(strings.ToLower(f[0])); n {
		return false
	}
	return true
}

// jvReading is a claim said again: why, the notes, the unquoted values it
// quoted, and checks added after deriving it.
type jvReading struct {
	whys     []string
	notes    []string
	unquoted []string
	extra    []jvExtra
	// errorStatus: the plan must check an error status (a clause dropped
	// after "instead of" is decided by it).
	errorStatus bool
	// direct: a plan built here, not by deriving said.
	direct *plan.Plan
}

// jvExtra is one JSON check added to the derived plan, on its path.
type jvExtra struct {
	step plan.Step
	text string
	note string
	// a field whose quoted value (mark, masked) some item holds, filled
	// in once the quoted texts are back; capital: the letter the claim
	// says the value starts with
	field, mark, capital string
}

func (r *jvReading) why(w string) {
	if !slices.Contains(r.whys, w) {
		r.whys = append(r.whys, w)
	}
}

// quote quotes an unquoted value in the sentence, recording it.
func (r *jvReading) quote(v string) string {
	r.unquoted = append(r.unquoted, v)
	return "'" + v + "'"
}

var (
	jvRespVerb = `(?i:returns|gives back|brings back|comes back with|answers with|responds with|finds|matches)`
	// "Slicing with /tasks?_start=1 returns …": the request in words
	jvGerundWith = lazyRE(`^([A-Z][a-z]+ing)\s+(with|by|via|using|through)\s+` + jvPath + `\s+(.+)$`)
	// "/releases?q=x matches the 2.1.0 release": an item named by a version
	jvVersionItem = lazyRE(`^(.*?/\S*)\s+(` + jvRespVerb + `)\s+(?i:the)\s+(\d+\.\d+(?:\.\d+)*)\s+([a-z]+)$`)
	// "/releases?notes=x gives back release 2.1.0": the item's noun first
	jvNounVersion = lazyRE(`^(.*?(/\S*))\s+(` + jvRespVerb + `)\s+(?i:the\s+)?([a-z]+)\s+(v?\d+\.\d+(?:\.\d+)*)\s*[.!]?$`)
	// "returns exactly one task: Fix the login bug.", "returns a single
	// task, Write the release notes."
	jvColonOne = lazyRE(`^(.*?\b` + jvRespVerb + `)\s+((?i:exactly |only |just )?)(?i:one|a single|1)\s+([a-z]+)\s*[:,]\s+([^\x01]+?)\s*[.!]?$`)
	// "gives back a single task, 'X'" / "returns a single task: 'X'"
	jvSingle = lazyRE(`\b(` + jvRespVerb + `)\s+((?i:exactly |only |just )?)(?i:a single)\s+([a-z]+)(\s*[,:]\s*` + jvMark + `)`)
	// "starts with Update dependencies (id 3)"
	jvStarts = lazyRE(`^(.*?)\s+(?i:starts|begins|opens) with\s+(` + jvMark + `|[^\x01()]+?)(?:\s*\(([^()]*)\))?\s*[.!]?$`)
	// "lists A, then B, then C"
	jvThen = lazyRE(`^(.*?\b(?i:lists|returns|gives back|brings back|puts|sorts|orders))\s+([^\x01]+?(?:,?\s+then\s+[^\x01]+?)+)\s*[.!]?$`)
	// "returns A, B, C in that order", "lists A, B and C, in this order"
	jvInOrder = lazyRE(`^(.*?\b(?i:lists|returns|gives back|brings back|gives you|comes back with))\s+([^\x01]+?),?\s+(?i:in (?:that|this|exactly that) order)\s*[.!]?$`)
	// "gets a 404 whose body is just {}"
	jvBody = lazyRE(`\b(?i:gets|returns|answers(?: with)?|gives|responds with|comes back with)\s+(?i:a |an )?([1-5]\d\d)(?:\s+[A-Za-z]+){0,2}\s+(?i:whose|with a|with an) (?i:body|response|response body) (?i:is |of )?(?i:just |only |exactly |simply )?(\{\}|\[\])\s*([.!]?)$`)
	// "has notes set to exactly 'Dark mode'"
	jvSetTo = lazyRE(`\b(?i:has) (?i:the |its )?([a-z_][a-z0-9_]*) (?i:set to|equal to|equals) (?i:exactly )?(` + jvMark + `)`)
	// "crashes with a 500 (TypeError)"
	jvCrash = lazyRE(`\b(?i:crashes|fails|errors out|blows up) (?i:with) (?i:a |an )?(5\d\d)(?: (?i:error))?(?:\s*\(([A-Z][A-Za-z]*(?:Error|Exception))\))?`)
	// "/settings?x=1 still answers with theme light"
	jvField = lazyRE(`^(?:(?i:get)\s+)?` + jvPath + `\s+(?:(?i:still)\s+)?(?i:answers with|responds with|comes back with|has)\s+([a-z_][a-z0-9_]*)\s+([A-Za-z0-9][A-Za-z0-9._@-]*)\s*[.!]?$`)
	// "the nested route /x/1/y comes back empty"
	jvEmpty = lazyRE(`^((?i:the)(?: [a-z][a-z-]*){1,3} )?` + jvPath + `\s+(?i:comes back|is returned|answers) (?i:empty)\s*[.!]?$`)
	// "If you pass done twice, /tasks?done=true&done=false, you get all three tasks back."
	jvIfYou = lazyRE(`^(?i:if you|when you|whenever you) ([a-z][a-z ]{2,60}?),\s*(?:(?i:like|e\.g\.|as in|say)\s+)?` + jvPath + `,\s*(?i:you get|you'll get|you get back|it returns|it gives back)\s+(?i:(all|only|just)\s+)?([a-z0-9]+)\s+([a-z]+)(?:\s+(?i:back))?\s*[.!]?$`)
)

// jvRead says a claim (quoted texts masked) again with its unquoted
// values quoted; ok when a rewrite applied.
func jvRead(s string, r *jvReading) (string, bool) {
	changed := false
	if m := jvIfYou.FindStringSubmatch(s); m != nil {
		desc, path, all, num, noun := m[1], m[2], strings.ToLower(m[3]), m[4], m[5]
		n, isNum := wordNumber(strings.ToLower(num))
		if !isNum || !jvDescOK(desc, path) {
			return s, false
		}
		s = fmt.Sprintf("%s returns %d %s", path, n, noun)
		if all == "only" || all == "just" {
			s = fmt.Sprintf("%s returns only %d %s", path, n, noun)
		}
		r.notes = append(r.notes, fmt.Sprintf("“If you %s” describes the request; %s is what is visited, and the words are not checked.", desc, path))
		if all == "all" {
			r.notes = append(r.notes, fmt.Sprintf("“all %s %s” is checked as the count, %d; that no other %s exist is not checked.", num, noun, n, noun))
		}
		r.why("a condition said as the request it makes")
		changed = true
	}
	if m := jvGerundWith.FindStringSubmatch(s); m != nil {
		s = m[3] + " " + m[4]
		r.notes = append(r.notes, fmt.Sprintf("“%s %s” describes the request; %s is what is visited, and the words are not checked.", m[1], m[2], m[3]))
		r.why("the words before the path describe the request")
		changed = true
	}
	if m := jvVersionItem.FindStringSubmatch(s); m != nil {
		s = fmt.Sprintf("%s %s %s", m[1], m[2], r.quote(m[3]))
		r.notes = append(r.notes, fmt.Sprintf("“the %s %s” is checked by its value, %s, on the page; which field holds it is not checked.", m[3], m[4], m[3]))
		r.why("an item named by its version")
		changed = true
	}
	if m := jvNounVersion.FindStringSubmatch(s); m != nil && apiItemNoun(strings.ToLower(m[4]), pathCollection(m[2])) {
		s = fmt.Sprintf("%s %s %s", m[1], m[3], r.quote(m[5]))
		r.notes = append(r.notes, fmt.Sprintf("“%s %s” is checked by its value, %s, on the page; which field holds it is not checked.", m[4], m[5], m[5]))
		r.why("an item named by its version")
		changed = true
	}
	if m := jvColonOne.FindStringSubmatch(s); m != nil {
		v := strings.TrimSpace(m[4])
		if !jvValue(v) || strings.Contains(v, ",") || strings.Contains(strings.ToLower(" "+v+" "), " and ") {
			return s, false
		}
		s = fmt.Sprintf("%s %sone %s: %s", m[1], m[2], m[3], r.quote(v))
		r.why("the value after the colon, to the end of the sentence")
		changed = true
	}
	if jvSingle.MatchString(s) {
		s = jvSingle.ReplaceAllString(s, "$1 ${2}one $3$4")
		r.why(`"a single" is "one"`)
		changed = true
	}
	if m := jvStarts.FindStringSubmatch(s); m != nil && strings.Contains(m[1], "/") {
		v := strings.TrimSpace(m[2])
		if !strings.HasPrefix(v, "'") && !strings.HasPrefix(v, `"`) {
			// "starts with Ann Lee and Bob Stone" names two values
			if !jvValue(v) || strings.Contains(v, ",") || strings.Contains(strings.ToLower(" "+v+" "), " and ") {
				return s, false
			}
			v = r.quote(v)
		}
		if m[3] != "" {
			f := strings.Fields(m[3])
			if len(f) != 2 || !regexp.MustCompile(`^[a-z_][a-z0-9_]*$`).MatchString(f[0]) {
				return s, false
			}
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return s, false
			}
			at := "/0/" + escapeJSONPointer(f[0])
			r.extra = append(r.extra, jvExtra{
				step: plan.Step{Kind: plan.ExpectJSON, At: at, Value: strconv.Itoa(n), Reach: true},
				text: fmt.Sprintf("the first item of the JSON response has %s %d", f[0], n),
				note: fmt.Sprintf("“(%s)” is checked as the first item's field %q holding the number %d (%s).", m[3], f[0], n, at),
			})
		}
		s = fmt.Sprintf("%s lists %s first", m[1], v)
		r.why(`"starts with" is "lists … first"`)
		changed = true
	}
	if s2, ok := jvOrderPair(s, r); ok && !changed {
		s = s2
		r.why("each value before its place in the order")
		changed = true
	}
	if m := jvOrderTail.FindStringSubmatch(s); m != nil && !changed {
		v := strings.TrimSpace(m[2])
		if !jvValue(v) || strings.Contains(v, ",") || strings.Contains(strings.ToLower(" "+v+" "), " and ") {
			return s, false
		}
		s = fmt.Sprintf("%s %s %s", m[1], r.quote(v), m[3])
		r.why("the value before its place in the order")
		changed = true
	}
	if m := jvThen.FindStringSubmatch(s); m != nil && strings.Contains(m[1], "/") {
		parts := regexp.MustCompile(`,?\s+then\s+`).Split(m[2], -1)
		var qs []string
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if !jvPlainValue(p) {
				return s, false
			}
			qs = append(qs, p)
		}
		var qq []string
		for _, p := range qs {
			qq = append(qq, r.quote(p))
		}
		verb := m[1]
		s = fmt.Sprintf("%s %s and %s in that order", verb, strings.Join(qq[:len(qq)-1], ", "), qq[len(qq)-1])
		r.why(`"A, then B" is the order`)
		changed = true
	}
	if m := jvInOrder.FindStringSubmatch(s); m != nil && strings.Contains(m[1], "/") && !changed {
		// the values are the commas' and the last "and"'s parts
		parts := regexp.MustCompile(`\s*,\s*(?:and\s+)?|\s+and\s+`).Split(m[2], -1)
		if len(parts) < 2 {
			return s, false
		}
		var qq []string
		for _, p := range parts {
			if p = strings.TrimSpace(p); !jvPlainValue(p) {
				return s, false
			}
			qq = append(qq, p)
		}
		for i, p := range qq {
			qq[i] = r.quote(p)
		}
		s = fmt.Sprintf("%s %s and %s in that order", m[1], strings.Join(qq[:len(qq)-1], ", "), qq[len(qq)-1])
		r.why("the values, then their order")
		changed = true
	}
	if m := jvBody.FindStringSubmatch(s); m != nil {
		s = jvBody.ReplaceAllString(s, "answers $1 and just shows '$2'$3")
		r.why("the body of the response is the text it shows")
		changed = true
	}
	if m := jvSetTo.FindString(s); m != "" {
		if strings.Contains(strings.ToLower(m), "exactly") {
			r.notes = append(r.notes, "“exactly”: the value is compared whole, case and spaces counting.")
		}
		s = jvSetTo.ReplaceAllStringFunc(s, func(m string) string {
			g := jvSetTo.FindStringSubmatch(m)
			be := "is"
			if strings.HasSuffix(g[1], "s") {
				be = "are"
			}
			return "says the " + g[1] + " " + be + " " + g[2]
		})
		r.why(`"has F set to V" is "the F is V"`)
		changed = true
	}
	if m := jvCrash.FindStringSubmatch(s); m != nil {
		rep := "returns " + m[1]
		if m[2] != "" {
			rep += " and shows " + r.quote(m[2])
		}
		s = strings.Replace(s, m[0], rep, 1)
		r.why(fmt.Sprintf("a crash with a %s is the status it answers", m[1]))
		changed = true
	}
	return s, changed
}

// jvDescOK reports whether words that describe a request may be noted
// without being checked: no number but "twice" said of a query that
// repeats a parameter, no "only", no negation.
func jvDescOK(desc, path string) bool {
	for _, w := range strings.Fields(strings.ToLower(desc)) {
		if w == "twice" {
			if !jvRepeatsParam(path) {
				return false
			}
			continue
		}
		if _, n := wordNumber(w); n || w == "only" || w == "just" || w == "not" || w == "no" || w == "never" || everyWords[w] || vague[w] || outOfReachWord[w] {
			return false
		}
	}
	return true
}

// jvRepeatsParam reports whether a path's query names a parameter twice.
func jvRepeatsParam(path string) bool {
	_, q, ok := strings.Cut(path, "?")
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(q, "&") {
		k, _, _ := strings.Cut(kv, "=")
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// jvDirect builds the plans no claim sentence says: a field and its value
// a path answers with, and an empty answer said without "GET".
func jvDirect(s, whole string, r *jvReading) bool {
	if m := jvField.FindStringSubmatch(s); m != nil {
		path, field, val := m[1], m[2], m[3]
		record := jvRecordPath(path)
		// The response's shape decides where the field is: a record's
		// path (a number last) or a subject the claim calls an object.
		if !record && !regexp.MustCompile(`(?i)\b(?:the|this|that)\s+[a-z_-]+\s+object\b`).MatchString(whole) {
			return false
		}
		jv, what := strconv.Quote(val), "a text, as written"
		if jsonScalar(val) {
			jv, what = val, "that JSON value"
		}
		at := "/" + escapeJSONPointer(field)
		text := fmt.Sprintf("On %s: the JSON response's field %s is %s.", path, field, jv)
		r.direct = &plan.Plan{Version: 1, Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
			Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
				Steps: []plan.Step{{Kind: plan.Visit, Value: path}, {Kind: plan.ExpectJSON, At: at, Value: jv, Reach: true}}}}}
		r.unquoted = append(r.unquoted, val)
		r.notes = append(r.notes, fmt.Sprintf("“%s %s” is read as the field %q holding %s (%s) at %s, the response being one object.", field, val, field, jv, what, at),
			"The claim says what the path answers with, not that it is an API: the response is taken to be JSON, and a page that is not JSON blocks the run rather than failing it.")
		if strings.Contains(strings.ToLower(s), " still ") {
			r.notes = append(r.notes, "“still”: the response as it is; nothing before it is checked.")
		}
		r.why("a field and its value")
		return true
	}
	if m := jvEmpty.FindStringSubmatch(s); m != nil {
		desc, path := strings.TrimSpace(m[1]), m[2]
		// the words must say the path is an API's route: "comes back
		// empty" of a page may be a page that shows nothing
		if !regexp.MustCompile(`(?i)\b(?:route|endpoint|resource)\b`).MatchString(desc) || !jvDescOK(desc, path) {
			return false
		}
		text := fmt.Sprintf("On %s: the JSON response has no items (an empty list or object).", path)
		r.direct = &plan.Plan{Version: 1, Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
			Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
				Steps: []plan.Step{{Kind: plan.Visit, Value: path}, {Kind: plan.ExpectJSON, Count: 0, Reach: true}}}}}
		if desc != "" {
			r.notes = append(r.notes, fmt.Sprintf("“%s” describes the request; %s is what is visited, and the words are not checked.", desc, path))
		}
		r.notes = append(r.notes, "“comes back empty” is checked as a JSON response with no items (an empty list or object); a page that is not JSON blocks the run rather than failing it.")
		r.why("an empty answer")
		return true
	}
	return false
}

// deriveJSONVals derives a claim every other reader refused, said again
// with its unquoted values quoted and its general rule or reason set
// apart (reasons.go); ok is false when no reading applies.
func deriveJSONVals(claim string) (Derivation, bool) {
	base := strings.TrimSpace(normalizeClaim(stripLabel(claim)))
	// the claim without its frame first (frames.go), then as written
	cands := []string{base}
	var frameWhys []string
	if s, whys, still, ok := restate(claim); ok && !still {
		cands = []string{s, base}
		frameWhys = whys
	}
	for ci, c := range cands {
		masked, quoted := maskQuoted(c)
		var r jvReading
		if ci == 0 && len(cands) == 2 {
			r.whys = append(r.whys, frameWhys...)
		}
		s, splitOK := splitReason(masked, &r)
		if !splitOK {
			continue
		}
		s2, changed := jvRead(s, &r)
		direct := jvDirect(s2, masked, &r)
		if !changed && !direct && s == masked {
			continue
		}
		for k := range r.notes {
			r.notes[k] = unmaskQuoted(r.notes[k], quoted)
		}
		if !jvFillExtra(&r, quoted) {
			continue
		}
		d, ok := jvDerive(claim, unmaskQuoted(s2, quoted), &r, direct)
		if ok {
			return d, true
		}
	}
	return Derivation{}, false
}

// jvDerive derives the sentence said (or the plan built), checks that each
// value quoted is in the plan, adds the extra checks and the notes.
func jvDerive(claim, said string, r *jvReading, direct bool) (Derivation, bool) {
	var d Derivation
	if direct {
		r.direct.Name = planName(normalizeClaim(stripLabel(claim)))
		dd, err := Trace(claim, r.direct, nil)
		if err != nil {
			return Derivation{}, false
		}
		d = dd
	} else {
		if lits, paths, _ := facts(said); len(lits)+len(paths) == 0 {
			return Derivation{}, false
		}
		dd, err := deriveOnce(said)
		if err != nil {
			return Derivation{}, false
		}
		d = dd
	}
	for _, v := range r.unquoted {
		if !planHolds(d.Plan, v) {
			return Derivation{}, false
		}
	}
	if r.errorStatus && !checksErrorStatus(d.Plan) {
		return Derivation{}, false
	}
	if len(r.extra) > 0 {
		p, ok := jvAddExtra(d.Plan, r.extra)
		if !ok {
			return Derivation{}, false
		}
		dd, err := Trace(claim, p, d.Notes)
		if err != nil {
			return Derivation{}, false
		}
		d = dd
		for _, e := range r.extra {
			d.Notes = append(d.Notes, e.note)
		}
	}
	var notes []string
	if !direct || len(r.whys) > 0 {
		notes = append(notes, fmt.Sprintf("Read as “%s” (%s).", strings.TrimRight(said, " "), strings.Join(r.whys, "; ")))
	}
	notes = append(notes, r.notes...)
	for _, v := range r.unquoted {
		notes = append(notes, fmt.Sprintf("Unquoted “%s” is read as the value, as written: the claim did not quote it; put texts in quotes to mark where they start and end.", v))
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(notes, d.Notes...)
	return d, true
}

// planHolds reports whether a step of the plan looks for the value.
func planHolds(p *plan.Plan, v string) bool {
	jv := strconv.Quote(v)
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Value == v || st.Value == jv || slices.Contains(st.Texts, v) || strings.Contains(st.Target, `"`+v+`"`) {
				return true
			}
		}
	}
	return false
}

// checksErrorStatus reports whether the plan checks a status of 400 or more.
func checksErrorStatus(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if st.Kind == plan.ExpectStatus && st.Status >= 400 {
				return true
			}
		}
	}
	return false
}

// jvFillExtra makes the checks of a field's quoted value, once the quoted
// texts are known; ok is false when one cannot be made.
func jvFillExtra(r *jvReading, quoted []string) bool {
	for k, e := range r.extra {
		if e.field == "" {
			continue
		}
		v := unmaskQuoted(strings.Trim(e.mark, `'"`), quoted)
		if v == "" || strings.Contains(v, "\x01") {
			return false
		}
		if e.capital != "" && !strings.HasPrefix(v, e.capital) {
			return false
		}
		at := "/*/" + escapeJSONPointer(e.field)
		r.extra[k].step = plan.Step{Kind: plan.ExpectJSON, At: at, Value: strconv.Quote(v), Reach: true}
		r.extra[k].text = fmt.Sprintf("an item of the JSON response has %s %q", e.field, v)
		r.extra[k].note = fmt.Sprintf("“its %s … %q” is checked as an item of the JSON list holding %q as its field %q (%s), case and spaces counting", e.field, v, v, e.field, at)
		if e.capital != "" {
			r.extra[k].note += fmt.Sprintf("; “with a capital %s” is what the exact comparison checks", e.capital)
		}
		r.extra[k].note += "."
	}
	return true
}

// jvAddExtra adds each extra check as a requirement of its own, on the
// path the plan's first journey visits (the one it is an aside of).
func jvAddExtra(p *plan.Plan, extra []jvExtra) (*plan.Plan, bool) {
	path := ""
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			if path == "" && st.Kind != plan.Visit && len(j.Steps) > 0 && j.Steps[0].Kind == plan.Visit {
				path = j.Steps[0].Value
			}
		}
	}
	if path == "" {
		return nil, false
	}
	q := *p
	q.Requirements = slices.Clone(p.Requirements)
	q.Journeys = slices.Clone(p.Journeys)
	for _, e := range extra {
		if e.field != "" && jvRecordPath(path) {
			// a record's path answers the one object: its own field
			e.step.At = "/" + escapeJSONPointer(e.field)
			e.text = fmt.Sprintf("the JSON response's field %s is %s", e.field, e.step.Value)
		}
		id := fmt.Sprintf("R%d", len(q.Requirements)+1)
		text := fmt.Sprintf("On %s, %s (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey).", path, e.text)
		q.Requirements = append(q.Requirements, plan.Requirement{ID: id, Text: text, Kind: "presence"})
		q.Journeys = append(q.Journeys, plan.Journey{Name: id + " " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: id,
			Steps: []plan.Step{{Kind: plan.Visit, Value: path}, e.step}})
	}
	return &q, true
}

// jvRecordPath reports whether a path names one record: a number last
// ("/orders/12").
func jvRecordPath(path string) bool {
	base, _, _ := strings.Cut(path, "?")
	segs := strings.Split(strings.Trim(base, "/"), "/")
	return len(segs) > 1 && jvDigits.MatchString(segs[len(segs)-1])
}

var jvDigits = lazyRE(`^\d+$`)

// jvOrderTail is an unquoted value said before its place in the order
// ("lists Update dependencies first"): the readers that take it as a
// text take the place word with it.
var jvOrderTail = lazyRE(`^(.*?/\S*.*?\b(?i:lists|puts|returns|gives back|shows))\s+([^\x01]+?)\s+((?i:first|last|at the top|at the bottom|at the end))\s*[.!]?$`)

// jvFirstLast and jvBefore are two unquoted values with their places in
// the order: "lists Write the release notes first and Fix the login bug
// last", "lists Update dependencies before Fix the login bug".
var (
	jvFirstLast = lazyRE(`^(.*?/\S*.*?\b(?i:lists|puts|returns|gives back|shows|sorts|orders))\s+([^\x01]+?)\s+((?i:first|at the top))\s*,?\s*(?i:and|then)\s+([^\x01]+?)\s+((?i:last|at the bottom|at the end))\s*[.!]?$`)
	jvBefore    = lazyRE(`^(.*?/\S*.*?\b(?i:lists|puts|returns|gives back|shows|sorts|orders))\s+([^\x01]+?)\s+(?i:before|ahead of)\s+([^\x01]+?)\s*[.!]?$`)
)

// jvOrderPair says the two values of jvFirstLast or jvBefore quoted. Each
// is read as a sentence-case name (jvValue) that holds no word of order
// itself, else the split between them is a guess.
func jvOrderPair(s string, r *jvReading) (string, bool) {
	var vals []string
	m := jvFirstLast.FindStringSubmatch(s)
	if m != nil {
		vals = []string{m[2], m[4]}
	} else if m = jvBefore.FindStringSubmatch(s); m != nil {
		vals = []string{m[2], m[3]}
	} else {
		return "", false
	}
	for _, v := range vals {
		if !jvPlainValue(v) {
			return "", false
		}
	}
	if len(m) == 6 {
		return fmt.Sprintf("%s %s %s and %s %s", m[1], r.quote(strings.TrimSpace(m[2])), m[3], r.quote(strings.TrimSpace(m[4])), m[5]), true
	}
	return fmt.Sprintf("%s %s before %s", m[1], r.quote(strings.TrimSpace(m[2])), r.quote(strings.TrimSpace(m[3]))), true
}

// jvPlainValue reports whether v reads as one value with plain ends: a
// value (jvValue) with no comma, no "and", no word of order, no word that
// goes on with the sentence ("as", "because", "was added", "marked"), and
// no qualifier at its end ("in the list", "by default").
func jvPlainValue(v string) bool {
	if !jvValue(v) || strings.Contains(v, ",") || qualifierTail(v) != "" {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(v)) {
		if w == "and" || orderWords[w] || clauseGoesOn[w] || stateParticiples[w] || jvLinkVerbs[w] {
			return false
		}
	}
	return true
}

// jvLinkVerbs go on with a sentence after a value ("… was added").
var jvLinkVerbs = map[string]bool{"is": true, "are": true, "was": true, "were": true, "been": true,
	"gets": true, "got": true, "has": true, "had": true, "stays": true, "remains": true}

// unquotedOrderTail reports whether a derivation looks for an unquoted
// text that ends in a place in the order: "… first" is no text.
func unquotedOrderTail(d Derivation) bool {
	for _, v := range unquotedTexts(d) {
		l := strings.ToLower(v)
		for _, w := range []string{" first", " last", " at the top", " at the bottom", " at the end"} {
			if strings.HasSuffix(l, w) {
				return true
			}
		}
	}
	return false
}

// jvDescribedItem is an item described, not named, as what a path answers:
// "/tasks?title=x returns the login bug task".
var jvDescribedItem = lazyRE(`^` + jvPath + `\s+(` + jvRespVerb + `)\s+((?i:the)\s+[a-z][a-z -]*?[a-z])\s*[.!]?$`)

// jvDescribed refuses a claim whose check, its rule set apart, is an item
// described by words a response does not hold, with the quoted form to
// write instead; nil when the claim is not one.
func jvDescribed(claim string) *NotProvableError {
	masked, _ := maskQuoted(strings.TrimSpace(normalizeClaim(stripLabel(claim))))
	var r jvReading
	s, ok := splitReason(masked, &r)
	if !ok {
		return nil
	}
	m := jvDescribedItem.FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	return refuse(claim, "ambiguous", fmt.Sprintf("%q describes what %s %s rather than saying it: quote the value the response holds (\"%s %s '…'\")", m[3], m[1], m[2], m[1], m[2]), nil)
}

// noSuggestions reports whether a refusal offers no rephrasing, so a
// clearer reason may replace it without losing one.
func noSuggestions(err error) bool {
	var np *NotProvableError
	return errors.As(err, &np) && len(np.Suggestions) == 0
}
