package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The link-destination reader reads where a named link goes when that is
// another site, and a text said to be no link:
//
//	The header's 'Docs' link goes to docs.example.com
//	On the home page, the 'Source' link points to github.com/acme/shop
//	In the home page footer, 'Acme Inc' is plain text, not a link
//
// A link to another site cannot be followed (the browser reaches the app
// only), so where it goes is read from its href: the link whose href is
// the destination, with https:// or http:// and with or without a slash
// at the end, shows the link's name. "Plain text, not a link" is the text
// shown exactly, and no link of exactly that name. A part of the page
// (header, footer, nav) pins both inside it (in=, which blocks on a page
// without one). No page named is the home page, said in a note. A link
// "under" a heading is refused: no target pins the part under a heading.
// A destination with a scheme or on the app's own paths is left to the
// rules (which click the link and check the address).

const (
	ldPage   = `(?i:the home ?page|the start page|the landing page)|/[^\s,]*`
	ldRegion = `(?i:header|footer|nav|top nav|navigation bar|nav bar|sidebar)`
	ldName   = `'[^']{1,60}'|"[^"]{1,60}"`
	// a host with a dot and a top-level name, then perhaps a path
	ldDest = `(?:https?://)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}(?:/[^\s]*)?`
)

var (
	// On the home page, / In the home page header, / In the header of /about,
	reLinkPre = `(?:(?i:on|in) (?:(?P<ppage>` + ldPage + `)(?:'s)?(?: (?P<preg>` + ldRegion + `))?|(?i:the) (?P<preg2>` + ldRegion + `)(?: (?i:of|on) (?P<ppage2>` + ldPage + `))?),? )?`
	// [the] [header's] NAME link [in the header] [on PAGE] points to DEST
	reLinkDest = lazyRE(`^` + reLinkPre + `(?:(?P<ppage3>` + ldPage + `)'s )?(?i:the )?(?:(?P<reg>` + ldRegion + `)'s )?(?P<name>` + ldName + `|[A-Z][\w.-]*(?: [A-Z][\w.-]*){0,2}) (?i:link)(?P<under> (?i:under|below|beneath) .+?)?(?: (?i:in|on) (?i:the) (?P<reg2>` + ldRegion + `))?(?: (?i:on|of) (?P<page>` + ldPage + `))? (?i:points|goes|leads|links|takes you|sends you|should point|should go) (?i:to) (?P<dest>` + ldDest + `)$`)
	// [In PAGE header,] 'X' [in the header] is plain text, not a link
	rePlainText = lazyRE(`^` + reLinkPre + `(?P<name>` + ldName + `)(?: (?i:in) (?i:the) (?P<reg>` + ldRegion + `))?(?: (?i:on) (?P<page>` + ldPage + `))? (?i:is) (?:(?i:just|only) )?(?i:plain text|text),? (?:(?i:and|but) )?(?i:not a link)$`)
)

// ldFileExt are endings of a file name, not a host ("index.html").
var ldFileExt = map[string]bool{"html": true, "htm": true, "json": true, "md": true, "txt": true, "js": true,
	"css": true, "png": true, "jpg": true, "svg": true, "pdf": true, "xml": true, "yaml": true, "yml": true, "php": true}

// ldRegions maps a claim's word for a part of the page to a plan region.
func ldRegionOf(w string) (string, bool) {
	switch strings.ToLower(w) {
	case "":
		return "", true
	case "header":
		return "header", true
	case "footer":
		return "footer", true
	case "nav", "top nav", "navigation bar", "nav bar":
		return "nav", true
	case "sidebar":
		return "aside", true
	}
	return "", false
}

// ldGroups reads a regexp's named groups.
func ldGroups(re *lazyRegexp, s string) (map[string]string, bool) {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	g := map[string]string{}
	for i, n := range re.SubexpNames() {
		if n != "" && m[i] != "" {
			if g[n] != "" {
				// said twice ("in the header … in the header")
				return nil, false
			}
			g[n] = m[i]
		}
	}
	// one name per group, whichever place it was said in
	for _, pair := range [][2]string{{"ppage2", "ppage"}, {"ppage3", "ppage"}, {"preg2", "preg"}, {"reg2", "reg"}} {
		if v := g[pair[0]]; v != "" {
			if g[pair[1]] != "" {
				return nil, false
			}
			g[pair[1]] = v
		}
	}
	return g, true
}

// ldPlace is the page and the part of it a link claim names; note says
// how the page was taken.
func ldPlace(g map[string]string) (page, region string, notes []string, ok bool) {
	pages := 0
	for _, k := range []string{"ppage", "page"} {
		if g[k] != "" {
			pages++
			page = g[k]
		}
	}
	regions := 0
	var word string
	for _, k := range []string{"preg", "reg"} {
		if g[k] != "" {
			regions++
			word = g[k]
		}
	}
	if pages > 1 || regions > 1 {
		return "", "", nil, false
	}
	region, ok = ldRegionOf(word)
	if !ok {
		return "", "", nil, false
	}
	switch {
	case page == "":
		page = "/"
		notes = append(notes, "No page is named: the home page (/) is taken.")
	case strings.HasPrefix(page, "/"):
		page = strings.TrimRight(page, ".")
	default:
		notes = append(notes, fmt.Sprintf("%q taken as /.", page))
		page = "/"
	}
	return page, region, notes, true
}

// ldHrefs are the hrefs a link to dest may have.
func ldHrefs(dest string) ([]string, bool) {
	dest = strings.TrimRight(dest, ".")
	host := dest
	scheme := ""
	for _, s := range []string{"https://", "http://"} {
		if strings.HasPrefix(strings.ToLower(host), s) {
			scheme = s
			host = host[len(s):]
		}
	}
	h := strings.SplitN(host, "/", 2)[0]
	labels := strings.Split(h, ".")
	if len(labels) < 2 || ldFileExt[strings.ToLower(labels[len(labels)-1])] {
		return nil, false
	}
	host = strings.TrimSuffix(host, "/")
	var out []string
	schemes := []string{"https://", "http://"}
	if scheme != "" {
		schemes = []string{scheme}
	}
	for _, s := range schemes {
		out = append(out, s+host, s+host+"/")
	}
	return out, true
}

// deriveLinkDest derives a claim about where a named link to another site
// goes, or a text that is no link; ok false when the claim is neither. A
// link "under" a heading is refused.
func deriveLinkDest(full, claim string) (Derivation, *refusal, bool) {
	said := strings.TrimSuffix(strings.TrimSpace(normalizeClaim(claim)), ".")
	if g, ok := ldGroups(reLinkDest, said); ok {
		if strings.HasPrefix(strings.ToLower(g["dest"]), "http") {
			// the rules read a URL with a scheme
			return Derivation{}, nil, false
		}
		if g["under"] != "" {
			r := &refusal{cause: "unsupported", reason: fmt.Sprintf("%q places the link under a heading, and no target pins the part of a page under a heading: say where the link goes without it", strings.TrimSpace(g["under"]))}
			r.suggest = []string{strings.Replace(said, g["under"], "", 1)}
			return Derivation{}, r, true
		}
		page, region, notes, ok := ldPlace(g)
		hrefs, ok2 := ldHrefs(g["dest"])
		if !ok || !ok2 {
			return Derivation{}, nil, false
		}
		name := strings.Trim(g["name"], `'"`)
		if !strings.ContainsAny(g["name"][:1], `'"`) {
			notes = append(notes, fmt.Sprintf("Unquoted %q is taken as the link's text.", name))
		}
		sels := make([]string, len(hrefs))
		for i, h := range hrefs {
			sels[i] = "a[href=" + cssString(h) + "]"
		}
		tg := plan.Target{Kind: plan.ByCSS, Value: strings.Join(sels, ", "), In: region}.String()
		where := ""
		if region != "" {
			where = " in the " + region
		}
		text := fmt.Sprintf("On %s, the link%s whose href is %s (or with http://, or a slash at the end) shows %s.", page, where, hrefs[0], plan.Quote(name))
		if strings.HasPrefix(strings.ToLower(g["dest"]), "http") {
			text = fmt.Sprintf("On %s, the link%s whose href is %s (or with a slash at the end) shows %s.", page, where, hrefs[0], plan.Quote(name))
		}
		notes = append(notes, fmt.Sprintf("A link to another site is not followed (the browser reaches the app only): where it goes is read from its href, %s. A link within the app written as a path (href=\"/docs\") does not match: if %s is this app, name the path instead.", strings.Join(hrefs, ", "), g["dest"]))
		return ldPlan(full, claim, page, text, "presence", notes, plan.Step{Kind: plan.ExpectText, Value: name, Target: tg})
	}
	if g, ok := ldGroups(rePlainText, said); ok {
		page, region, notes, ok := ldPlace(g)
		if !ok {
			return Derivation{}, nil, false
		}
		name := strings.Trim(g["name"], `'"`)
		shown := plan.Target{Kind: plan.ByText, Value: name, Exact: true, In: region}.String()
		link := plan.Target{Kind: plan.ByRole, Value: "link", Name: name, Exact: true, In: region}.String()
		where := ""
		if region != "" {
			where = " in the " + region
		}
		text := fmt.Sprintf("On %s, the text %s is shown%s, and no link%s is named exactly %s.", page, plan.Quote(name), where, where, plan.Quote(name))
		notes = append(notes, fmt.Sprintf("\"Plain text, not a link\": an element%s whose whole text is %s is visible, and no link%s has exactly that name (a longer link name containing it does not count).", where, plan.Quote(name), where))
		return ldPlan(full, claim, page, text, "presence", notes,
			plan.Step{Kind: plan.ExpectVisible, Target: shown},
			plan.Step{Kind: plan.ExpectHidden, Target: link})
	}
	return Derivation{}, nil, false
}

// ldPlan is a plan of one journey: the page, then the checks.
func ldPlan(full, claim, page, text, kind string, notes []string, checks ...plan.Step) (Derivation, *refusal, bool) {
	steps := append([]plan.Step{{Kind: plan.Visit, Value: page}}, checks...)
	pl := &plan.Plan{Version: 1, Name: planName(normalizeClaim(claim)),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: kind}},
		Journeys:     []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1", Steps: steps}}}
	d, err := Trace(full, pl, notes)
	if err != nil {
		return Derivation{}, nil, false
	}
	return d, nil, true
}
