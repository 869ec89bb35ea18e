package claim

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Parts of an OpenAPI docs UI a claim names by their kind: a schema
// (model) and the fields it shows, an operation's documented responses,
// and whether a parameter is required. Each is opened by the control of
// its name (a guess, marked reach) and checked inside the part Swagger UI
// draws for it, never as a text anywhere on the page: a field's name, a
// status code or "required" also show elsewhere.
//
//	The 'Invoice' schema shows 'total' and 'currency'
//	The Invoice schema has no discount field
//	Clicking 'Invoice' under Schemas shows 'total'
//	'Create an invoice' documents a 409 response
//	The 'Get an invoice' operation does not document a 500 response
//	The customerId parameter of 'Get an invoice' is marked required

const (
	docsParamName = `('[\w.\-\[\]]{1,40}'|"[\w.\-\[\]]{1,40}"|[a-z_][\w]*)`
	docsName      = `('[^']{1,60}'|"[^"]{1,60}"|[A-Z][A-Za-z0-9_]*)`
	docsFieldQ    = `('[\w.\-\[\]]{1,40}'|"[\w.\-\[\]]{1,40}")`
	docsFieldW    = `(?:an? |the )?('[\w.\-\[\]]{1,40}'|"[\w.\-\[\]]{1,40}"|[a-z_][\w]*) (?i:field|property|attribute)`
)

var (
	// the 'Book' schema shows … ("the Invoice model" may be anything an
	// app calls a model: only "schema", or a model under Schemas, is read)
	reSchemaSubject = lazyRE(`^(?i:the )?` + docsName + ` (?i:schema) (has no|does not show|does not have|doesn't show|doesn't have|shows|lists|has|contains|includes) (.+)$`)
	// clicking 'Book' under Schemas shows …
	reSchemaClick = lazyRE(`^(?i:clicking|expanding|opening) (?:(?i:the) )?` + docsName + `(?: (?i:schema|model))? (?i:under|in) (?:(?i:the) )?(?:Schemas|Models|schemas|models)(?: (?i:section))?(?:,)? (has no|does not show|does not have|doesn't show|doesn't have|shows|lists|has|contains|includes) (.+)$`)
	// 'Add a book' documents a 404 response
	reDocumented = lazyRE(`^(?:(?i:the) )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:operation))? (documents|lists|does not document|doesn't document|documents no) (?:(?i:an?|the) )?(?:(?i:response|status) (?i:code )?)?(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))(?: (?i:response|status|status code|code))?$`)
	// In 'Find a book by ID' the bookId is a '(query)' parameter
	reParamIn = lazyRE(`^(?:(?i:in|on|for) ('[^']{1,80}'|"[^"]{1,80}"),? (?:(?i:the) )?` + docsParamName + `(?: (?i:parameter|param))?|(?:(?i:the) )?` + docsParamName + ` (?i:parameter|param) (?i:of|in|on) (?:(?i:the) )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:operation))?) (?i:is) (not )?(?i:an?) (?:'\(?(path|query|header|cookie)\)?'|"\(?(path|query|header|cookie)\)?"|\(?(path|query|header|cookie)\)?) (?i:parameter|param)$`)
	// The response media type shown for 'List books' is application/json
	reMediaType = lazyRE(`^(?:(?i:the) )?(?i:response) (?i:media type|content type)(?: (?i:shown|selected))? (?i:for|of|in) (?:(?i:the) )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:operation))? (?i:is) ('[\w.+-]+/[\w.+-]+'|"[\w.+-]+/[\w.+-]+"|[\w.+-]+/[\w.+-]+)$`)
	// the 'orders' section lists 'Place an order'; the Schemas section lists 'Book'
	reTagSection = lazyRE(`^(?:(?i:the) )?('[\w-]{1,40}'|"[\w-]{1,40}"|[\w-]{1,40}) (?i:section|tag)(?: (?i:of|in|on) the (?i:docs|swagger page|api docs))? (does not show|doesn't show|does not list|doesn't list|shows|lists|has|contains|includes|carries|says|is described as) (?:(?i:the description) )?(.+)$`)
	reQuotedList = lazyRE(`^(?:'[^']{1,80}'|"[^"]{1,80}")(?:(?:, | and |, and )(?:'[^']{1,80}'|"[^"]{1,80}"))*$`)
	reQuotedOne  = lazyRE(`'([^']{1,80})'|"([^"]{1,80})"`)
	reFieldsNoun = lazyRE(` (?i:fields|properties|attributes)$`)
	// a model's name as Swagger UI makes its id (#model-Name)
	reModelName = lazyRE(`^[A-Za-z][\w.-]*$`)
	// opening the 'Book' schema shows …
	reSchemaOpen = lazyRE(`^(?i:clicking|expanding|opening|clicking on) (?:(?i:the) )?` + docsName + ` (?i:schema),? (has no|does not show|does not have|doesn't show|doesn't have|shows|lists|has|contains|includes) (.+)$`)
	// 'Find a book by ID' requires a 'bookId' parameter
	reOpRequires = lazyRE(`^(?:(?i:the) )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:operation))? (?:(?i:requires|needs)|(?i:has) (?:(?i:an?|the) )?(?i:required)) (?:(?i:an?|the) )?` + docsParamName + ` (?i:parameter|param)$`)
	// the author parameter of 'List books' is marked required
	reParamRequired = lazyRE(`^(?:(?i:the) )?('[\w.\-\[\]]{1,40}'|"[\w.\-\[\]]{1,40}"|[a-z_][\w]*) (?i:parameter|param) (?i:of|in|on) (?:(?i:the) )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:operation))? (?i:is) (not )?(?:(?i:marked|shown as|flagged) )?(?i:(?:as )?required)$`)
)

// deriveDocsPart derives a claim about a part of an API docs UI; ok is
// false when the claim names none.
func deriveDocsPart(claim string) (Derivation, bool) {
	c := normalizeClaim(stripLabel(claim))
	var steps []plan.Step
	var text, note string
	reach := reachClick
	if m := reSchemaSubject.FindStringSubmatch(c); m != nil || reSchemaClick.MatchString(c) || reSchemaOpen.MatchString(c) {
		if m == nil {
			m = reSchemaClick.FindStringSubmatch(c)
		}
		if m == nil {
			m = reSchemaOpen.FindStringSubmatch(c)
		}
		name := unq(m[1])
		if !reModelName.MatchString(name) {
			return Derivation{}, false
		}
		neg := strings.Contains(m[2], "not") || strings.Contains(m[2], "n't") || strings.HasSuffix(m[2], " no")
		fields, ok := docsFields(m[3], neg && m[2] == "has no")
		if !ok {
			return Derivation{}, false
		}
		box := "css=#model-" + name
		steps = append(steps, reach(plan.Target{Kind: plan.ByRole, Value: "button", Name: name}.String()),
			plan.Step{Kind: plan.Hover, Target: box, Reach: true})
		kind, says := plan.ExpectText, "shows"
		if neg {
			kind, says = plan.ExpectNoText, "does not show"
		}
		for _, f := range fields {
			steps = append(steps, plan.Step{Kind: kind, Value: f, Target: box})
		}
		text = fmt.Sprintf("On /: open the schema %s (click its name under Schemas); then it %s %s.", plan.Quote(name), says, docsQuoteJoin(fields))
		note = fmt.Sprintf("The schema %s is opened by clicking its name under Schemas and its fields are looked for inside it (Swagger UI's model box #model-%s): a guess, so if there is none the run is blocked, not failed.", plan.Quote(name), name)
	} else if m := reDocumented.FindStringSubmatch(c); m != nil {
		op := unq(m[1])
		code := m[3] + m[4] + m[5]
		row := `css=.opblock.is-open tr.response[data-code="` + code + `"]`
		kind, says := plan.ExpectVisible, "documents"
		if m[2] != "documents" && m[2] != "lists" {
			kind, says = plan.ExpectHidden, "does not document"
		}
		steps = append(steps, reach(docsExactText(op)), plan.Step{Kind: plan.Hover, Target: docsOpenOp, Reach: true},
			plan.Step{Kind: kind, Target: row})
		text = fmt.Sprintf("On /: open the operation %s; then it %s the response %s.", plan.Quote(op), says, code)
		note = fmt.Sprintf("The operation %s is opened by clicking its summary, and the response is looked for among its documented responses (Swagger UI's responses table, row data-code=%s), never as a number anywhere on the page: a guess, so if there is none the run is blocked, not failed.", plan.Quote(op), code)
	} else if m := reParamRequired.FindStringSubmatch(c); m != nil || reOpRequires.MatchString(c) {
		var param, op, not string
		if m != nil {
			param, op, not = unq(m[1]), unq(m[2]), m[3]
		} else {
			m = reOpRequires.FindStringSubmatch(c)
			op, param = unq(m[1]), unq(m[2])
		}
		star := `css=.opblock.is-open tr[data-param-name="` + param + `"] .parameter__name.required`
		steps = append(steps, reach(docsExactText(op)),
			plan.Step{Kind: plan.Hover, Target: `css=.opblock.is-open tr[data-param-name="` + param + `"]`, Reach: true})
		kind, says := plan.ExpectVisible, "is marked required"
		if not != "" {
			kind, says = plan.ExpectHidden, "is not marked required"
		}
		steps = append(steps, plan.Step{Kind: kind, Target: star})
		text = fmt.Sprintf("On /: open the operation %s; then its parameter %s %s.", plan.Quote(op), plan.Quote(param), says)
		note = fmt.Sprintf("The operation %s is opened by clicking its summary, and the parameter %s is looked for as its row (Swagger UI's data-param-name), marked required as Swagger UI marks it (.parameter__name.required): a guess, so if the row is not there the run is blocked, not failed.", plan.Quote(op), plan.Quote(param))
	} else if m := reParamIn.FindStringSubmatch(c); m != nil {
		op, param := unq(m[1]+m[4]), unq(m[2]+m[3])
		in := m[6] + m[7] + m[8]
		row := `css=.opblock.is-open tr[data-param-name="` + param + `"]`
		kind, says := plan.ExpectText, "is"
		if m[5] != "" {
			kind, says = plan.ExpectNoText, "is not"
		}
		steps = append(steps, reach(docsExactText(op)), plan.Step{Kind: plan.Hover, Target: row, Reach: true},
			plan.Step{Kind: kind, Value: "(" + in + ")", Target: row + " .parameter__in"})
		text = fmt.Sprintf("On /: open the operation %s; then its parameter %s %s a %s parameter (%s).", plan.Quote(op), plan.Quote(param), says, in, plan.Quote("("+in+")"))
		note = fmt.Sprintf("The operation %s is opened by clicking its summary, and where the parameter %s goes is read as Swagger UI prints it under its name (.parameter__in, \"(%s)\"): a guess, so if the row is not there the run is blocked, not failed.", plan.Quote(op), plan.Quote(param), in)
	} else if m := reMediaType.FindStringSubmatch(c); m != nil {
		op, mt := unq(m[1]), unq(m[2])
		sel := "css=.opblock.is-open .responses-wrapper .response-control-media-type select"
		steps = append(steps, reach(docsExactText(op)), plan.Step{Kind: plan.Hover, Target: sel, Reach: true},
			plan.Step{Kind: plan.ExpectValue, Target: sel, Value: mt})
		text = fmt.Sprintf("On /: open the operation %s; then the media type chosen for its responses is %s.", plan.Quote(op), plan.Quote(mt))
		note = fmt.Sprintf("The operation %s is opened by clicking its summary, and the media type is the one its responses' Media type list shows (Swagger UI's .response-control-media-type): a guess, so if there is none the run is blocked, not failed.", plan.Quote(op))
	} else if m := reTagSection.FindStringSubmatch(c); m != nil && reQuotedList.MatchString(m[3]) {
		tag := unq(m[1])
		// an open section only: a collapsed one shows none of its
		// operations, which is no evidence either way
		section := `css=.opblock-tag-section.is-open:has(#operations-tag-` + tag + `)`
		what := "the section of the tag " + plan.Quote(tag)
		if strings.EqualFold(tag, "schemas") || strings.EqualFold(tag, "models") {
			section, what = "css=section.models", "the Schemas section"
		}
		if m[2] == "is described as" {
			// a description is the tag's own, drawn in its heading (a
			// collapsed section shows it too)
			section, what = "css=#operations-tag-"+tag, "the heading of the tag "+plan.Quote(tag)
		}
		kind, says := plan.ExpectText, "shows"
		if strings.Contains(m[2], "not") || strings.Contains(m[2], "n't") {
			kind, says = plan.ExpectNoText, "does not show"
		}
		var texts []string
		for _, q := range reQuotedOne.FindAllStringSubmatch(m[3], -1) {
			texts = append(texts, q[1]+q[2])
		}
		steps = append(steps, plan.Step{Kind: plan.Hover, Target: section, Reach: true})
		for _, t := range texts {
			steps = append(steps, plan.Step{Kind: kind, Value: t, Target: section})
		}
		text = fmt.Sprintf("On /: %s %s %s.", what, says, docsQuoteJoin(texts))
		note = fmt.Sprintf("%s is the part Swagger UI draws for it (%s), and its texts are looked for inside it, never anywhere on the page: a guess, so if there is none the run is blocked, not failed.", upperFirst(what), strings.TrimPrefix(section, "css="))
	} else {
		return Derivation{}, false
	}
	pl := &plan.Plan{Version: 1, Name: planName(c),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
			Steps: append([]plan.Step{{Kind: plan.Visit, Value: "/"}}, steps...)}}}
	notes := []string{note, "No page named: the journey starts on the home page (/); name the page (\"on /docs, ...\") if the docs are elsewhere."}
	d, err := Trace(claim, pl, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d, true
}

// docsFields reads the fields a schema is said to show: quoted names, or
// names followed by "field" ("a price field"), joined by commas and "and"
// (or "or" after "has no"); ok is false when anything else is said.
func docsFields(s string, noOr bool) ([]string, bool) {
	sep := regexp.MustCompile(`, and |, | and `)
	if noOr {
		sep = regexp.MustCompile(`, or |, | or | and `)
	}
	var out []string
	if t := reFieldsNoun.ReplaceAllString(strings.TrimSpace(s), ""); t != strings.TrimSpace(s) && !strings.Contains(t, " field") {
		// "'id', 'name' and 'status' fields": the noun said once
		s = t
	}
	one := regexp.MustCompile(`^(?:` + docsFieldQ + `|` + docsFieldW + `)$`)
	for _, part := range sep.Split(strings.TrimSpace(s), -1) {
		m := one.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			return nil, false
		}
		f := unq(m[1] + m[2])
		if everyBadField[strings.ToLower(f)] {
			return nil, false
		}
		out = append(out, f)
	}
	return out, len(out) > 0
}

// docsQuoteJoin quotes texts and joins them: "a", "b" and "c".
func docsQuoteJoin(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = plan.Quote(x)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
