package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Operations, schemas and controls of an API docs UI named without
// quotes, as people write them:
//
//	Expanding List contacts shows 'No parameters'
//	Create a contact documents a 409 response, 'Duplicate email'
//	Create a contact's example request body defaults status to "lead"
//	After an Execute on List pages, hitting Clear removes the Server response section
//	Given Get a page is expanded, when I click Try it out, then the button turns into Cancel
//	The Contact schema marks email as required
//	Clicking the theme toggle changes its label from 'Dark' to 'Light'
//
// An operation's summary is read only where its end is plain: after a
// verb that opens, tries out or executes it, ending at a comma, a
// possessive, a docs verb or the claim's end; or as the claim's subject,
// ending at a docs verb or a possessive. It starts with a capitalised
// verb (List, Add, Get, …) and has at most six words; a name that runs
// into "with", "and", "to" … is refused, as its end is a guess. The claim
// is then said again with the name quoted and derived by the readers that
// read quoted names; the click that opens the operation by that name is a
// reach step (the name is a guess at the summary's text), and the notes
// say what was read.

// docsSummaryVerbs start an operation's summary.
var docsSummaryVerbs = map[string]bool{"List": true, "Add": true, "Get": true, "Find": true, "Place": true, "Update": true,
	"Delete": true, "Create": true, "Remove": true, "Search": true, "Fetch": true, "Show": true, "Edit": true, "Upload": true,
	"Download": true, "Send": true, "Replace": true, "Register": true, "Retrieve": true, "Read": true, "Reset": true,
	"Archive": true, "Publish": true, "Rename": true, "Import": true, "Export": true, "Submit": true, "Approve": true}

// docsNameVerbs end a summary said as the claim's subject, or after the
// verb that opens it: what the operation shows or documents.
var docsNameVerbs = map[string]bool{"says": true, "shows": true, "lists": true, "documents": true, "displays": true,
	"has": true, "takes": true, "accepts": true, "expects": true, "returns": true, "answers": true, "offers": true,
	"requires": true, "needs": true, "does": true, "doesn't": true, "reveals": true, "hides": true, "changes": true,
	"updates": true, "puts": true, "brings": true, "gives": true, "produces": true}

var (
	// "After an Execute on List pages," is "After executing List pages,".
	reNamesExecOn  = lazyRE(`\b(?i:an execute (?:on|of)|a run of)\b|^(?i:running|calling|invoking) [A-Z]|\b(?i:(?:after|once|when) (?:running|calling|invoking)) [A-Z]`)
	reNamesRunVerb = lazyRE(`(?i:running|calling|invoking)`)
	// "Given X is expanded, when I click Y, then Z"
	reNamesGiven = lazyRE(`^(?i:given) (.+?) (?i:is|has been) (?i:expanded|open|opened), (?i:when) (?i:I|you|we) (?i:click|press|hit) (.+?), (?i:then) (.+)$`)
	// a docs UI's own controls, unquoted after "turns into"
	reNamesTurnsInto = lazyRE(`\b((?i:turns into|changes to|becomes) )(Try it out|Cancel|Clear|Execute)\b`)
	// "brings 'X' back", "brings back 'X'": it shows again
	reNamesBringsBack = lazyRE(`\b(?i:brings) ('[^']{1,80}'|"[^"]{1,80}") (?i:back)\b|\b(?i:brings back) ('[^']{1,80}'|"[^"]{1,80}")`)
	// "removes the Server response section": a section named by its heading
	reNamesSection = lazyRE(`\b((?i:removes|hides|clears) (?i:the) )([A-Z][a-z]+(?: [a-z]+){0,3}) ((?i:section|panel|table))\b`)
	// the verbs a summary follows
	reNamesOpVerb = lazyRE(`\b(?i:(?:after |once |when )?(?:opening|open|expanding|expand|collapsing|collapse|trying out|try out|executing|execute|(?:clicking |hitting |pressing )?(?:the )?try it out(?: button)? (?:on|for|in)))(?: the)? `)
	// "Clicking the theme toggle changes its label from 'Dark' to 'Light'"
	reNamesLabelChange = lazyRE(`^((?i:clicking|pressing|tapping|hitting|toggling)) (?:(?i:the|a|an) )?([\w-]{1,30}(?: [\w-]{1,30}){0,3}) ((?i:toggle|button|switch|link|control)) (?i:changes|switches|turns) (?i:its) (?i:label|text|caption|name|wording) (?i:from) ('[^']{1,60}'|"[^"]{1,60}") (?i:to|into) ('[^']{1,60}'|"[^"]{1,60}")$`)
	// "'X' says 'Y' when you expand it": the opening said last
	reNamesWhenExpand = lazyRE(`^('[^']{1,80}'|"[^"]{1,80}") (says|shows|lists|has|displays) (.+?),? (?i:when (?:you expand it|you open it|it is expanded|it's expanded|expanded|opened)|once (?:expanded|opened))$`)
	// "'X' documents a 400 response, 'Y'": the response's description
	// "List books' 200 response is described as 'A list of books'": an
	// operation's documented response, named with a possessive. "simply
	// as" is not read: the description would have to be that text and
	// nothing more, which a text looked for inside it does not check.
	reNamesRespPoss = lazyRE(`^([A-Z][\w-]*(?: [\w-]+){0,6}?)(?:'s|') ([1-5]\d\d) (?i:response) (?i:is) (?i:described|documented) (?i:as) ('[^']{1,80}'|"[^"]{1,80}"|[A-Z][^'"]{0,79})$`)
	reNamesRespDesc = lazyRE(`^('[^']{1,80}'|"[^"]{1,80}") (documents|lists|has) (?:an?|the) ([1-5]\d\d) (?i:response),? ('[^']{1,80}'|"[^"]{1,80}")$`)
	// "'X''s example request body defaults status to 'placed'"
	reNamesExampleDefault = lazyRE(`^(?:(?i:the) )?((?:'[^']{1,80}'|"[^"]{1,80}")(?:'s)?) (?i:example(?: request)? body|request body example) (?i:defaults|sets) ([A-Za-z_]\w{0,40}) (?i:to) ('[^'"]{1,60}'|"[^'"]{1,60}")$`)
	// "shows 'X' above its parameters": above the operation's Parameters heading
	reNamesAboveParams = lazyRE(`\b((?i:shows|displays) ('[^']{1,80}'|"[^"]{1,80}")) (?i:above|before) (?i:its|the) (?i:parameters)$`)
)

// docsOpName is an operation's summary found unquoted at [start, end) of a
// claim.
type docsOpName struct {
	name       string
	start, end int
}

// docsNameAt reads a summary starting at byte i of c: words from a
// summary verb up to a comma, a possessive, one of stops or the end. ok is
// false when no summary starts there; bad is true when one starts there
// but its end is not plain (it runs into "with", "and", …, or past six
// words), so the claim is refused rather than read with a guessed end.
func docsNameAt(c string, i int, stops map[string]bool, endOK bool) (n docsOpName, ok, bad bool) {
	rest := c[i:]
	words := strings.Fields(rest)
	if len(words) == 0 {
		return n, false, false
	}
	first := strings.TrimRight(words[0], ",.;")
	first = strings.TrimSuffix(first, "'s")
	if !docsSummaryVerbs[first] {
		return n, false, false
	}
	var took []string
	pos := 0 // bytes of rest consumed
	for k, w := range words {
		at := strings.Index(rest[pos:], w) + pos
		if k > 0 && (stops[strings.ToLower(w)] || docsNameEnds(words[k:])) {
			n = docsOpName{name: strings.Join(took, " "), start: i, end: i + at - 1}
			return n, true, false
		}
		if strings.ContainsAny(w, `'"`) && !strings.HasSuffix(w, "'s") && !strings.HasSuffix(w, "'s,") {
			return n, false, true
		}
		if k > 0 && docsBareOpStop[strings.ToLower(strings.TrimRight(w, ",.;"))] {
			return n, false, true
		}
		if len(took) == 6 {
			return n, false, true
		}
		switch {
		case strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "'s,"):
			took = append(took, strings.TrimSuffix(strings.TrimSuffix(w, ","), "'s"))
			n = docsOpName{name: strings.Join(took, " "), start: i, end: i + at + strings.Index(w, "'s")}
			return n, true, false
		case strings.HasSuffix(w, ","):
			took = append(took, strings.TrimSuffix(w, ","))
			n = docsOpName{name: strings.Join(took, " "), start: i, end: i + at + len(w) - 1}
			return n, endOK, !endOK
		}
		took = append(took, w)
		pos = at + len(w)
	}
	if !endOK {
		return n, false, true
	}
	last := strings.TrimRight(took[len(took)-1], ".")
	took[len(took)-1] = last
	n = docsOpName{name: strings.Join(took, " "), start: i, end: i + strings.LastIndex(rest, last) + len(last)}
	return n, true, false
}

// docsNameEnds reports whether words start with what plainly follows an
// operation's name: "with the example body" (the body Swagger UI fills
// in), "and executing it", "and then".
func docsNameEnds(words []string) bool {
	if len(words) < 2 {
		return false
	}
	a, b := strings.ToLower(words[0]), strings.ToLower(words[1])
	switch {
	case a == "with" && b == "the" && len(words) > 2 && strings.HasPrefix(strings.ToLower(words[2]), "example"):
		return true
	case a == "and" && (b == "then" || strings.HasSuffix(b, "ing") && len(b) > 5):
		return true
	}
	return false
}

// docsNamesSay says a claim with the unquoted names of an API docs UI in
// quotes; names are the operations' summaries it quoted. ok is false
// when it quoted nothing, or a name's end is not plain.
func docsNamesSay(claim string) (said string, names, notes []string, ok bool) {
	c := strings.TrimSuffix(normalizeClaim(stripLabel(claim)), ".")
	orig := c
	if m := reNamesGiven.FindStringSubmatch(c); m != nil {
		// Given the operation is open, when a control is clicked, then …
		c = "Expanding " + m[1] + ", then clicking " + m[2] + ", " + m[3]
		notes = append(notes, "“Given … is expanded, when I click …, then …” is read as opening the operation, clicking the control, then the checks.")
	}
	if m := reNamesLabelChange.FindStringSubmatch(c); m != nil {
		// the control named by the label it had, turned into the other
		// one: the UI reader's "clicking 'A' turns it into 'B'"
		ctl := m[4]
		if k := strings.ToLower(m[3]); k == "button" || k == "link" {
			ctl = "the " + m[4] + " " + k
		}
		c = m[1] + " " + ctl + " turns it into " + m[5]
		notes = append(notes, fmt.Sprintf("“the %s %s” is read as the control labelled %s before the click.", m[2], strings.ToLower(m[3]), m[4]))
	}
	c = reNamesExecOn.ReplaceAllStringFunc(c, func(m string) string {
		// "After running X" keeps its "After"
		if w := reNamesRunVerb.FindString(m); w != "" {
			return strings.Replace(m, w, "executing", 1)
		}
		return "executing"
	})
	if m := reNamesRespPoss.FindStringSubmatch(c); m != nil {
		desc := m[3]
		if !strings.HasPrefix(desc, "'") && !strings.HasPrefix(desc, `"`) {
			if !jvValue(desc) {
				return "", nil, nil, false
			}
			notes = append(notes, fmt.Sprintf("Unquoted “%s” is read as the whole description, to the end of the claim.", desc))
			desc = plan.Quote(desc)
		}
		c = fmt.Sprintf("%s answers %s described as %s", m[1], m[2], desc)
	}
	var found []docsOpName
	// the claim's subject
	if n, ok, bad := docsNameAt(c, 0, docsNameVerbs, false); bad {
		return "", nil, nil, false
	} else if ok {
		found = append(found, n)
	}
	for _, loc := range reNamesOpVerb.FindAllStringIndex(c, -1) {
		if n, ok, bad := docsNameAt(c, loc[1], docsNameVerbs, true); bad {
			return "", nil, nil, false
		} else if ok {
			found = append(found, n)
		}
	}
	for k := len(found) - 1; k >= 0; k-- {
		n := found[k]
		if n.name == "" || strings.Contains(n.name, ",") {
			return "", nil, nil, false
		}
		c = c[:n.start] + plan.Quote(n.name) + c[n.end:]
		names = append(names, n.name)
		notes = append(notes, fmt.Sprintf("Unquoted operation name “%s” read as the operation's summary: the click that opens it is a guess, so if there is no such operation the run is blocked, not failed.", n.name))
	}
	c = reNamesTurnsInto.ReplaceAllString(c, "${1}'${2}'")
	c = replaceSubmatch(reNamesBringsBack, c, func(m []string) string { return "shows " + m[1] + m[2] })
	c = replaceSubmatch(reNamesSection, c, func(m []string) string {
		notes = append(notes, fmt.Sprintf("“the %s %s” is read as the %s headed %s.", m[2], m[3], strings.ToLower(m[3]), plan.Quote(m[2])))
		return m[1] + plan.Quote(m[2]) + " " + m[3]
	})
	if m := reNamesWhenExpand.FindStringSubmatch(c); m != nil {
		v := map[string]string{"says": "shows", "has": "shows", "displays": "shows"}[m[2]]
		if v == "" {
			v = m[2]
		}
		c = "Expanding " + m[1] + " " + v + " " + m[3]
	}
	if m := reNamesRespDesc.FindStringSubmatch(c); m != nil {
		c = fmt.Sprintf("%s %s a %s response with the description %s", m[1], m[2], m[3], m[4])
		notes = append(notes, fmt.Sprintf("The text %s after the %s response is read as that response's description.", m[4], m[3]))
	}
	if m := reNamesExampleDefault.FindStringSubmatch(c); m != nil {
		op := strings.TrimSuffix(m[1], "'s")
		pair := `"` + m[2] + `": "` + unq(m[3]) + `"`
		c = "The example body for " + op + " has '" + pair + "' in it"
		notes = append(notes, fmt.Sprintf("“defaults %s to %s” is read as the example request body Swagger UI shows holding %s.", m[2], m[3], pair))
	}
	if m := reNamesAboveParams.FindStringSubmatch(c); m != nil {
		c = strings.Replace(c, m[0], m[1]+" above 'Parameters'", 1)
		notes = append(notes, "“its parameters” is read as the operation's “Parameters” heading, which Swagger UI prints above them: the text must come before it.")
	}
	if c == orig || strings.Contains(c, "vouch-") {
		return "", nil, nil, false
	}
	return upperFirst(c), names, notes, true
}

// deriveDocsNames derives a claim that names an API docs UI's operations,
// sections or controls without quotes (see docsNamesSay); ok is false when
// it names none, or the claim said with them quoted does not derive.
func deriveDocsNames(claim string) (Derivation, bool) {
	if d, ok := deriveSchemaRequired(claim); ok {
		return d, true
	}
	if d, ok := derivePathClick(claim); ok {
		return d, true
	}
	said, names, notes, ok := docsNamesSay(claim)
	if !ok {
		return Derivation{}, false
	}
	d, err := deriveOnce(said)
	if err != nil {
		return Derivation{}, false
	}
	for _, n := range names {
		if !docsOpensByName(d.Plan, n) {
			// the name is read as an operation only when the plan opens it
			return Derivation{}, false
		}
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append(append([]string{fmt.Sprintf("Read as “%s”.", said)}, notes...), d.Notes...)
	return d, true
}

// docsOpensByName reports whether p clicks the operation named name, and
// makes every such click a reach step: the name is a guess at the
// summary's text.
func docsOpensByName(p *plan.Plan, name string) bool {
	opened := false
	for ji := range p.Journeys {
		for si := range p.Journeys[ji].Steps {
			st := &p.Journeys[ji].Steps[si]
			if st.Kind != plan.Click {
				continue
			}
			t, err := plan.ParseTarget(st.Target)
			if err != nil || t.Within != "" || t.In != "" {
				continue
			}
			if (t.Kind == plan.ByText && t.Value == name) || (t.Kind == plan.ByRole && t.Name == name) {
				st.Reach = true
				opened = true
			}
		}
	}
	return opened
}

// Which properties a schema marks required: Swagger UI draws a required
// property's name with a star after it ("title*") in a row of class
// required. "Only" is a count of those rows.
var (
	// In the Book schema only title carries the required asterisk; id and author don't
	reSchemaOnlyReq = lazyRE(`^(?i:in) (?:(?i:the) )?([A-Z][A-Za-z0-9_]*) (?i:schema|model),? (?i:only) ([a-z_]\w*) (?i:carries|has|gets|shows) (?:(?i:the|a) )?(?i:required )?(?i:asterisk|star|required marker)(?:;|,) ((?:[a-z_]\w*)(?:(?:, | and |, and )[a-z_]\w*)*) (?i:don't|do not)$`)
	// Opening the Book schema under Schemas marks title, and only title, as required with an asterisk
	reSchemaMarksOnly = lazyRE(`^(?i:opening|expanding|clicking) (?:(?i:the) )?([A-Z][A-Za-z0-9_]*) (?i:schema|model)(?: (?i:under|in) (?:(?i:the) )?(?:Schemas|Models|schemas|models))? (?i:marks) ([a-z_]\w*),? (?i:and only) ([a-z_]\w*),? (?i:as required)(?: (?i:with an asterisk|with a star))?$`)
	// The Order schema marks quantity as required
	reSchemaMarks = lazyRE(`^(?:(?i:the) )?([A-Z][A-Za-z0-9_]*) (?i:schema|model) (?i:marks) ((?:[a-z_]\w*)(?:(?:, | and |, and )[a-z_]\w*)*) (?i:as required)(?: (?i:with an asterisk|with a star))?$`)
	reNamesList   = lazyRE(`, and |, | and `)
	// words that are no property's name
	docsPropBad = map[string]bool{"the": true, "a": true, "an": true, "it": true, "no": true, "nothing": true, "all": true, "every": true, "only": true, "none": true, "others": true, "rest": true}
)

// deriveSchemaRequired derives which properties a schema, named without
// quotes, marks required; ok is false when the claim says nothing of it.
func deriveSchemaRequired(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(normalizeClaim(stripLabel(claim)), ".")
	var model string
	var req, not []string
	only := false
	if m := reSchemaOnlyReq.FindStringSubmatch(c); m != nil {
		model, req, not, only = m[1], []string{m[2]}, reNamesList.Split(m[3], -1), true
	} else if m := reSchemaMarksOnly.FindStringSubmatch(c); m != nil && m[2] == m[3] {
		model, req, only = m[1], []string{m[2]}, true
	} else if m := reSchemaMarks.FindStringSubmatch(c); m != nil {
		model, req = m[1], reNamesList.Split(m[2], -1)
	} else {
		return Derivation{}, false
	}
	for _, p := range append(append([]string{}, req...), not...) {
		if docsPropBad[strings.ToLower(p)] || docsBareOpStop[strings.ToLower(p)] {
			return Derivation{}, false
		}
	}
	box := "css=#model-" + model
	steps := []plan.Step{{Kind: plan.Visit, Value: "/"}, reachClick(plan.Target{Kind: plan.ByRole, Value: "button", Name: model}.String()), reachHover(box)}
	if only {
		steps = append(steps, plan.Step{Kind: plan.ExpectCount, Target: box + " tr.property-row.required", Count: len(req)})
	}
	// The star is looked for on the property's whole name too: inside the
	// box, "id*" is also part of "bookId*".
	exact := func(p string) string { return plan.Target{Kind: plan.ByText, Value: p + "*", Exact: true}.String() }
	for _, p := range req {
		steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: p + "*", Target: box},
			plan.Step{Kind: plan.ExpectVisible, Target: exact(p)})
	}
	for _, p := range not {
		steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: p, Target: box},
			plan.Step{Kind: plan.ExpectHidden, Target: exact(p)})
	}
	text := fmt.Sprintf("On /: open the schema %s (click its name under Schemas); then it marks %s required", plan.Quote(model), docsQuoteJoin(req))
	if only {
		text += fmt.Sprintf(", and no other property (%d required)", len(req))
	}
	if len(not) > 0 {
		text += fmt.Sprintf("; it shows %s without the mark", docsQuoteJoin(not))
	}
	text += "."
	notes := []string{
		fmt.Sprintf("Unquoted schema name “%s” read as the model %s under Schemas, opened by clicking its name; its properties are looked for inside Swagger UI's model box #model-%s: a guess, so if there is none the run is blocked, not failed.", model, plan.Quote(model), model),
		"A required property is the one Swagger UI draws with a star after its name (“title*”, in a row of class required).",
		"No page named: the journey starts on the home page (/); name the page (\"on /docs, ...\") if the docs are elsewhere.",
	}
	return docsTrace(claim, c, text, steps, notes)
}

// reNamesPathClick is an operation's path clicked on its row, named by the
// summary, and the address it leads to: "Clicking the /pages path on the
// List pages row updates the address bar to #/pages/listPages".
var reNamesPathClick = lazyRE(`^(?i:clicking|clicking on) (?:(?i:the) )?(/[\w\-./{}]*) (?i:path) (?i:on|in) (?:(?i:the) )?([A-Z][a-z]+(?: [\w{}-]+){0,5}) (?i:row|operation|block) (?i:updates|changes|sets) (?i:the) (?i:address|url|address bar|url bar) (?i:to) (/?#/[\w\-./{}~%]+)$`)

// derivePathClick derives a path clicked on an operation's row: the path's
// text inside the block that shows the summary (a guess, reach), then the
// address with its fragment, on the home page where the docs are guessed
// to be.
func derivePathClick(claim string) (Derivation, bool) {
	c := strings.TrimSuffix(normalizeClaim(stripLabel(claim)), ".")
	m := reNamesPathClick.FindStringSubmatch(c)
	if m == nil || !docsSummaryVerbs[strings.Fields(m[2])[0]] {
		return Derivation{}, false
	}
	path, op, frag := m[1], m[2], m[3]
	for _, w := range strings.Fields(strings.ToLower(op))[1:] {
		if docsBareOpStop[w] {
			return Derivation{}, false
		}
	}
	addr := "/" + strings.TrimPrefix(frag, "/")
	target := plan.Target{Kind: plan.ByText, Value: path, Exact: true, Within: op}.String()
	steps := []plan.Step{{Kind: plan.Visit, Value: "/"}, reachClick(target), {Kind: plan.ExpectURL, Value: addr}}
	text := fmt.Sprintf("On /: click the path %s on the operation %s; then the address is %s.", plan.Quote(path), plan.Quote(op), addr)
	notes := []string{
		fmt.Sprintf("Unquoted operation name “%s” read as the operation's summary: the path %s is clicked inside the block that shows it, a guess, so if there is none the run is blocked, not failed.", op, plan.Quote(path)),
		fmt.Sprintf("“the address bar to %s” is the page's address with that fragment, on the home page (/) where the docs are guessed to be.", frag),
	}
	return docsTrace(claim, c, text, steps, notes)
}
