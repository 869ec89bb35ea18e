package claim

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// Texts said to be under a heading ("the recipe lists '2 eggs' and '300
// ml milk' under Ingredients", "Under 'Resources', the home page lists
// '/tasks'", "… under the Schemas heading", "In the 'Team' section, …"): the claim is read without the
// heading, and every check of what it lists there is kept in the section
// under that heading with the under= modifier (plan/target.go). The
// heading is quoted, followed by "heading" or "section", or written in
// capitals; a heading word that names a control ("under the Save button")
// or the page's parts is no heading, and "licensed under the GPL" says no
// place. What the claim lists is what follows its last verb before the
// heading, so "says 'Congrats!' and lists '/tasks' under Resources" keeps
// only "/tasks" there.

// underHeading is a heading's text in a claim: quoted (after or before
// "heading"/"section"), or in capitals, or lower case before
// "heading"/"section".
const underHeading = `(?:the\s+)?(?:(?:heading|section)\s+(?:'([^']+)'|"([^"]+)")|(?:'([^']+)'|"([^"]+)")(?:\s+(?:heading|section|title))?|((?-i:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,3}))(?:\s+(?:heading|section))?|([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:heading|section))`

var (
	// reUnderTrail: "… under Ingredients." at the end of the claim.
	reUnderTrail = lazyRE(`(?i)^(.*\S)\s+(?:(?:listed|shown|found)\s+)?(?:under|below|beneath|underneath)\s+` + underHeading + `\s*([.!]?)$`)
	// reUnderLead: "Under 'Resources', …" at its start.
	reUnderLead = lazyRE(`(?i)^(?:under|below|beneath|underneath)\s+` + underHeading + `\s*,\s*(.+)$`)
	// reSectionLead: "In the 'Resources' section, …" at its start.
	reSectionLead = lazyRE(`(?i)^in\s+the\s+(?:'([^']+)'|"([^"]+)"|((?-i:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,3})))\s+section(?:\s+(?:of|on)\s+(/\S*))?\s*,\s*(.+)$`)
	// reUnderPassive: "'Book' and 'Order' are listed" after a page, or
	// none.
	reUnderPassive = lazyRE(`(?i)^((?:on \S+,\s*)?)((?:'[^']+'|"[^"]+")(?:(?:,\s*|,?\s+and\s+)(?:'[^']+'|"[^"]+"))*)\s+(?:is|are)(\s+not|n't)?(?:\s+(?:listed|shown|found))?$`)
	// reUnderNoun: the heading is called one.
	reUnderNoun = lazyRE(`(?i)\s(?:heading|section)\s*[.!]?$`)
	// reUnderNotPlace: "licensed under", "released under": no place.
	reUnderNotPlace = lazyRE(`(?i)\b(?:licen[cs]ed|released|distributed|published|filed|runs?|running|works?|working)$`)
	// reUnderListVerb: the verbs after which a claim lists what is under
	// the heading.
	reUnderListVerb = lazyRE(`(?i)\b(?:lists?|listing|shows?|showing|has|have|says|contains?|displays?|includes?|reads|there (?:is|are)|appears?|is listed|are listed)\b`)
)

// underNotHeading are words after "under the" that name no heading.
var underNotHeading = map[string]bool{"header": true, "footer": true, "title": true, "form": true, "field": true,
	"page": true, "button": true, "link": true, "list": true, "table": true, "menu": true, "nav": true,
	"sidebar": true, "logo": true, "image": true, "hood": true}

// underPin is a claim that lists texts under a heading.
type underPin struct {
	heading string
	without string // the claim without the heading
	listed  string // the part of without whose texts are under it
}

// underPinOf finds the heading a claim lists texts under, or false.
func underPinOf(text string) (underPin, bool) {
	heading := func(m []string) string {
		for _, h := range m {
			if h != "" {
				return strings.TrimSpace(h)
			}
		}
		return ""
	}
	var p underPin
	if m := reSectionLead.FindStringSubmatch(text); m != nil {
		p = underPin{heading: heading(m[1:4]), without: strings.ToUpper(m[5][:1]) + m[5][1:]}
		p.listed = p.without
		if m[4] != "" {
			p.without = "On " + m[4] + ", " + m[5]
		}
	} else if m := reUnderLead.FindStringSubmatch(text); m != nil {
		p = underPin{heading: heading(m[1:7]), without: strings.ToUpper(m[7][:1]) + m[7][1:]}
		p.listed = p.without
	} else if m := reUnderTrail.FindStringSubmatch(text); m != nil && !reUnderNotPlace.MatchString(m[1]) {
		p = underPin{heading: heading(m[2:8]), without: m[1] + m[8]}
		if n := reUnderPassive.FindStringSubmatch(m[1]); n != nil {
			// "On /docs, 'Book' is listed under …": the page shows it
			shows := "the page shows "
			if n[3] != "" {
				shows = "the page does not show "
			}
			p.without, p.listed = n[1]+shows+n[2]+m[8], n[2]
			if n[1] == "" {
				p.without = strings.ToUpper(shows[:1]) + shows[1:] + n[2] + m[8]
			}
		} else if loc := reUnderListVerb.FindAllStringIndex(m[1], -1); len(loc) > 0 {
			p.listed = m[1][loc[len(loc)-1][1]:]
			// A name in capitals after "under" may be no heading ("includes
			// the task 'X' under Ann", a person in a JSON answer): read so
			// only after a verb that lists, or with "heading"/"section".
			verb := strings.ToLower(m[1][loc[len(loc)-1][0]:loc[len(loc)-1][1]])
			if m[6] != "" && !strings.HasPrefix(verb, "list") && !reUnderNoun.MatchString(text) {
				return underPin{}, false
			}
		} else {
			return underPin{}, false
		}
	} else {
		return underPin{}, false
	}
	f := strings.Fields(strings.ToLower(p.heading))
	if p.heading == "" || len(f) == 0 || underNotHeading[f[len(f)-1]] {
		return underPin{}, false
	}
	return p, true
}

// deriveUnder derives a claim that lists texts under a heading, with each
// check of them kept in the heading's section. why says, when the claim
// is of that form but cannot be kept so, what stops it.
func deriveUnder(claim string) (d Derivation, why string, ok bool) {
	if l := strings.ToLower(claim); stripLabel(claim) != claim || !strings.Contains(l, "under ") && !strings.Contains(l, " section") {
		return Derivation{}, "", false
	}
	text := normalizeClaim(claim)
	p, found := underPinOf(text)
	if !found {
		return Derivation{}, "", false
	}
	d, rf := derive(p.without)
	if rf != nil || d.Plan == nil {
		return Derivation{}, fmt.Sprintf("read without the heading (%q), the claim is not one vouch can check", p.without), false
	}
	listed := strings.ToLower(p.listed)
	held := func(v string) bool { return heldIn(listed, strings.ToLower(v)) }
	var kept, ordered []string
	described := map[string]string{}
	for ji := range d.Plan.Journeys {
		steps := d.Plan.Journeys[ji].Steps
		for si := range steps {
			s := &steps[si]
			switch {
			case (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && held(s.Value):
				// a text of the page becomes an element showing it in the
				// section
				t := plan.Target{Kind: plan.ByText, Value: s.Value, Under: p.heading}
				kind := plan.ExpectVisible
				if s.Kind == plan.ExpectNoText {
					kind = plan.ExpectHidden
				}
				*s = plan.Step{Kind: kind, Target: t.String(), Timeout: s.Timeout}
				kept = append(kept, t.Value)
			case s.Target != "":
				t, err := plan.ParseTarget(s.Target)
				if err != nil {
					return Derivation{}, "", false
				}
				name := t.Value
				if t.Kind == plan.ByRole {
					name = t.Name
				}
				if t.Kind == plan.ByCSS || t.Kind == plan.ByTestID || !held(name) || t.Under != "" {
					if s.Kind.IsAssertion() && s.Kind != plan.ExpectURL && s.Kind != plan.ExpectTitle {
						return Derivation{}, fmt.Sprintf("%s is not a text the claim lists under %s, so it cannot be kept in that section", t.Describe(), quoteLit(p.heading)), false
					}
					continue
				}
				was := t.Describe()
				t.Under = p.heading
				s.Target = t.String()
				described[was] = t.Describe()
				kept = append(kept, name)
			case s.Kind == plan.ExpectOrder && s.Target == "" && len(s.Texts) > 0 && allHeld(s.Texts, held):
				// an order of texts in the section: every element in it,
				// in document order, is where a text first appears
				s.Target = plan.Target{Kind: plan.ByCSS, Value: "*", Under: p.heading}.String()
				ordered = append(ordered, s.Texts...)
			default:
				for _, v := range append([]string{s.Value}, s.Texts...) {
					if s.Kind.IsAssertion() && held(v) {
						return Derivation{}, fmt.Sprintf("%s is looked for as a text of the page, which no target keeps in the section under %s", quoteLit(v), quoteLit(p.heading)), false
					}
				}
			}
		}
	}
	if len(kept)+len(ordered) == 0 {
		return Derivation{}, fmt.Sprintf("no check finds a text the claim lists under %s", quoteLit(p.heading)), false
	}
	retellPinned(&d, described)
	reqs := d.Plan.Requirements
	for i := range reqs {
		for _, k := range kept {
			reqs[i].Text = underRetell(reqs[i].Text, k, p.heading)
		}
		if len(ordered) > 0 && strings.Contains(reqs[i].Text, plan.Quote(ordered[0])) {
			reqs[i].Text = strings.Replace(reqs[i].Text, " on the page", " in the section under the heading "+plan.Quote(p.heading), 1)
		}
	}
	d.Plan.Name = planName(text)
	names := dedupe(append(append([]string(nil), kept...), ordered...))
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	notes := []string{fmt.Sprintf("%s %s looked for only in the section under the heading %s (from that heading to the next of its level or higher); a page that shows no such heading blocks the run rather than failing it.",
		quoteNames(names), verb, quoteLit(p.heading))}
	return traceGuarded(claim, d, append(notes, d.Notes...))
}

// underRetell says in a requirement that a text is shown under the
// heading: `shows "2 eggs"` → `shows "2 eggs" under the heading "Ingredients"`.
func underRetell(req, text, heading string) string {
	q := plan.Quote(text)
	if !strings.Contains(req, q) || strings.Contains(req, q+" under the heading") {
		return req
	}
	return strings.Replace(req, q, q+" under the heading "+plan.Quote(heading), 1)
}

// heldIn reports whether text v is said in s as a whole: not inside a
// word ("A" is not held in "above").
func heldIn(s, v string) bool {
	if v == "" {
		return false
	}
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; ; {
		k := strings.Index(s[i:], v)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(v)
		before, _ := utf8.DecodeLastRuneInString(s[:a])
		after, _ := utf8.DecodeRuneInString(s[b:])
		if (a == 0 || !word(before)) && (b == len(s) || !word(after)) {
			return true
		}
		i = a + 1
	}
}

// allHeld reports whether every text is one the claim lists.
func allHeld(texts []string, held func(string) bool) bool {
	for _, x := range texts {
		if !held(x) {
			return false
		}
	}
	return true
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[strings.ToLower(x)] {
			seen[strings.ToLower(x)] = true
			out = append(out, x)
		}
	}
	return out
}
