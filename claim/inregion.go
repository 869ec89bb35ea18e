package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// A named element said to be in a part of the page a tag or landmark role
// marks ("hovering over 'Careers' in the header underlines it", "in the
// nav, 'Acme' is bold", "the 'Docs' link in the footer is underlined",
// "the footer links to the README"): the claim is read without the part,
// and every target that names what the part holds is pinned inside it
// with the in= modifier (plan/target.go). A name the plan would look for
// as a text of the whole page (expect_text, an order) cannot be pinned
// so, and such a claim is refused as before (regions.go).

// regionParts maps the element regionElement names to the in= value.
var regionParts = map[string]string{"header": "header", "footer": "footer", "nav": "nav", "aside": "aside", "main": "main",
	"dialog, [role=dialog]": "dialog"}

// regionPin is a claim that says a named element is in a part of the page
// the runner can pin a target inside.
type regionPin struct {
	r       regionUse
	in      string   // the in= value
	held    []string // the names the part holds
	without string   // the claim without the part
	caps    string   // an unquoted name in capitals read as a link's name
	// unquoted: the names are the claim's unquoted words in capitals,
	// read as the elements' names
	unquoted bool
}

// regionPinOf finds a claim's named element in a part of the page, or
// false when the claim says none.
func regionPinOf(text string) (regionPin, bool) {
	if positionTelling(text) != "" {
		return regionPin{}, false
	}
	r, ok := regionIn(text)
	if !ok || regionParts[r.css] == "" {
		return regionPin{}, false
	}
	names := partNamesSaid(text)
	unquoted := false
	if len(names) == 0 && reRegionElement.MatchString(text) {
		names = unquotedRoleNames(text, r.without)
		unquoted = len(names) > 0
	}
	if len(names) == 0 || !reRegionElement.MatchString(text) {
		return regionPin{}, false
	}
	p := regionPin{r: r, in: regionParts[r.css], without: r.without, unquoted: unquoted}
	if m := reCapsLink.FindStringSubmatch(text); m != nil {
		p.caps = m[1]
		// "links to the README", "has a link to the README": a link named so
		p.without = reCapsLinkPhrase.ReplaceAllLiteralString(p.without, "has a "+quoteLit(p.caps)+" link")
	}
	p.held = names
	if r.inline >= 0 {
		// "clicking 'Help' in the footer shows 'Contact us'": the part
		// holds what was named just before it
		p.held = nil
		for _, n := range names {
			if k := strings.Index(text, n); k >= 0 && k < r.inline {
				p.held = []string{n}
			}
		}
	}
	return p, len(p.held) > 0
}

// deriveInRegion derives a claim that says a named element is in a part
// of the page, with the element's targets pinned inside the part. why
// says, when the claim is of that form but cannot be pinned, what stops
// it ("" when the claim is not of that form, or derives).
func deriveInRegion(claim string) (d Derivation, why string, ok bool) {
	if stripLabel(claim) != claim {
		return Derivation{}, "", false
	}
	text := normalizeClaim(claim)
	p, found := regionPinOf(text)
	if !found {
		return Derivation{}, "", false
	}
	d, rf := derive(p.without)
	if rf != nil || d.Plan == nil {
		return Derivation{}, fmt.Sprintf("read without the %s (%q), the claim is not one vouch can check", p.r.word, p.without), false
	}
	held := map[string]bool{}
	for _, n := range p.held {
		held[strings.ToLower(n)] = true
	}
	pinned := map[string]bool{}
	described := map[string]string{} // a target as described → pinned
	for ji := range d.Plan.Journeys {
		steps := d.Plan.Journeys[ji].Steps
		for si := range steps {
			s := &steps[si]
			if s.Target != "" {
				t, err := plan.ParseTarget(s.Target)
				if err != nil {
					return Derivation{}, "", false
				}
				name := t.Value
				if t.Kind == plan.ByRole {
					name = t.Name
				}
				if t.Kind != plan.ByCSS && t.Kind != plan.ByTestID && held[strings.ToLower(name)] && t.In == "" {
					was := t.Describe()
					t.In = p.in
					s.Target = t.String()
					described[was] = t.Describe()
					pinned[strings.ToLower(name)] = true
					continue
				}
			}
			// A name the plan looks for as a text, not as a target: no
			// modifier pins it inside the part.
			for _, v := range append([]string{s.Value}, s.Texts...) {
				if v != "" && held[strings.ToLower(v)] {
					return Derivation{}, fmt.Sprintf("%s is looked for as a text of the page, which no target pins inside the %s", quoteLit(v), p.r.word), false
				}
			}
			// "The header contains a 'Sign in' button and the logo": the
			// part holds everything the claim checks, and a thing found
			// by no name it holds ("the logo") would be looked for on the
			// whole page.
			if p.r.inline < 0 && s.Kind.IsAssertion() && s.Target != "" {
				if t, err := plan.ParseTarget(s.Target); err == nil && t.In == "" {
					return Derivation{}, fmt.Sprintf("%s is found by no name the claim quotes, so it cannot be pinned inside the %s", t.Describe(), p.r.word), false
				}
			}
		}
	}
	for _, n := range p.held {
		if !pinned[strings.ToLower(n)] {
			return Derivation{}, fmt.Sprintf("no step finds %s by its name, so none is pinned inside the %s", quoteLit(n), p.r.word), false
		}
	}
	retellPinned(&d, described)
	d.Plan.Name = planName(text)
	rg := plan.Regions[p.in]
	notes := []string{fmt.Sprintf("%s is looked for only inside the page's %s (its <%s> or role=%s); a page with none blocks the run rather than failing it.",
		quoteNames(p.held), plan.RegionWord(p.in), rg.Tag, rg.Role)}
	if p.unquoted {
		are := "are"
		if len(p.held) == 1 {
			are = "is"
		}
		notes = append(notes, fmt.Sprintf("The unquoted %s %s read as the names the elements show, a guess: an element named otherwise does not count; quote the names to say them exactly.", quoteNames(p.held), are))
	}
	if p.caps != "" {
		notes = append(notes, fmt.Sprintf("The unquoted %s is read as the name the link shows, a guess: a link named otherwise does not count.", p.caps))
	}
	return traceGuarded(claim, d, append(notes, d.Notes...))
}

// retellPinned says in d's requirements and journey names each target as
// described after it was pinned (described maps before → after).
func retellPinned(d *Derivation, described map[string]string) {
	retell(d, func(s string) string {
		for was, now := range described {
			s = strings.ReplaceAll(s, was, now)
		}
		return s
	})
}

// traceGuarded traces d's plan as claim's with notes, and refuses it as
// the guard would (the reason returned).
func traceGuarded(claim string, d Derivation, notes []string) (Derivation, string, bool) {
	d2, err := Trace(claim, d.Plan, notes)
	if err != nil {
		return Derivation{}, "", false
	}
	if r := guard(lexClaim(pageFirst(claim)), d2); r != nil {
		return Derivation{}, r.reason, false
	}
	return d2, "", true
}

// unquotedRoleNames are the names the claim said without the part gives
// its links or buttons, when each is a word in capitals the claim writes
// unquoted before the kind of element ("the footer has Privacy and Terms
// links", "a Sign in button"): pinned inside the part, they are what the
// part holds.
func unquotedRoleNames(text, without string) []string {
	if reLinksTo.MatchString(text) {
		// "links to Twitter": where the links go, whose names (an icon's)
		// are a guess
		return nil
	}
	d, rf := derive(without)
	if rf != nil || d.Plan == nil {
		return nil
	}
	var out []string
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			if s.Target == "" {
				continue
			}
			if s.Kind == plan.ExpectHidden {
				// a name guessed wrongly would pass as absent
				return nil
			}
			t, err := plan.ParseTarget(s.Target)
			if err != nil || t.Kind != plan.ByRole || t.Name == "" {
				return nil
			}
			r, _ := utf8.DecodeRuneInString(t.Name)
			if !unicode.IsUpper(r) || !regexp.MustCompile(`\b`+regexp.QuoteMeta(t.Name)+`\b`).MatchString(text) {
				return nil
			}
			if !slices.Contains(out, t.Name) {
				out = append(out, t.Name)
			}
		}
	}
	return out
}

var reLinksTo = lazyRE(`(?i)\blinks?\s+to\b`)
