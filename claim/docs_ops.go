package claim

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// What an OpenAPI docs UI documents about its operations, said as people
// say it, each read as a whole sentence and checked in the part Swagger UI
// draws for it, never as a text anywhere on the page (a method, a path, a
// parameter's name and a status code all show in several places):
//
//	The docs list a POST /invoices operation called 'Create an invoice'
//	The API docs do not list a DELETE /invoices/{id} operation
//	'Get an invoice' takes invoiceId as a required integer path parameter
//	Expanding 'List invoices' shows a customer query parameter for filtering invoices
//	'Create an invoice' answers 201 with the description 'Invoice created'
//	Clicking Try it out on 'Get an invoice' prefills the invoiceId field with 3
//
// An operation named by its method and path is the block whose opening
// arrow is named by the method (as deriveDocsCount counts them) and whose
// path element carries the path (data-path); one named by its summary is
// opened by clicking the summary (a guess, reach). A status said with a
// verb of its own ("'X' returns 200 when Y") may be the documented
// response or a live call's: it is refused with both readings
// (docsOpsAmbiguity).

// docsOpsSubject is the docs named as the sentence's subject, as the page
// readers say them again (deriveDocsPage, docsNamedSay): the home page.
const docsOpsSubject = `(?i:the home page)`

var (
	// "The home page lists a GET /books operation called 'List books'"
	reOpsListed = lazyRE(`^` + docsOpsSubject + ` (?:(does not|doesn't|do not|don't) )?(?i:lists?|shows?|has|have|documents?|includes?|contains?|offers?) (?:(?i:an?|the|one) )?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (/[\w\-./{}]*) (?i:operation|endpoint)(?:,? (?i:called|named|titled|labelled|labeled|summarized as|summarised as|with the summary) (` + docsQuoted + `)| ((?i:for) [a-z]+(?: [a-z]+){0,6}))?$`)
	// "'X' takes bookId as a required integer path parameter": the
	// operation, quoted or (before takes/accepts/expects) unquoted; an
	// adverb before the verb ("also accepts") is no word of its name.
	reOpsParam = lazyRE(`^(?:(?i:the) )?(?:(` + docsQuoted + `)(?: (?i:operation))? (?i:takes|accepts|expects)|([A-Z][\w-]*(?: [\w-]+){0,7}?)(?: (?i:also|too|still|now|even))? (?i:takes|accepts|expects)) (.+?) (?i:parameter|param)( (?i:for) [a-z]+(?: [a-z]+){0,6})?$`)
	// "Expanding 'X' shows a status query parameter"
	reOpsExpandParam = lazyRE(`^(?i:expanding|opening|clicking|clicking on) (?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))? (?i:shows|lists|reveals|displays) (.+?) (?i:parameter|param)( (?i:for) [a-z]+(?: [a-z]+){0,6})?$`)
	// "'X' answers 201 with the description 'Order placed'"
	reOpsRespDesc = lazyRE(`^(?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))? (?i:answers|returns|responds with|documents|lists|has|gives) (?:(?i:an?|the) )?(?:(?i:status|code|response) )?(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))(?: (?i:response|status|code))?,? (?i:with the description|with description|described as|whose description is|with the text) (` + docsQuoted + `)$`)
	// "'X' returns 200 when the book is deleted": documented, or live?
	reOpsRespWhen = lazyRE(`^(?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))? (?i:answers|returns|responds with|gives|sends)(?: (?i:back))? (?:(?i:an?|the) )?(?:(?i:status|code|http status) )?(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))(?: (?i:response|status|code))?(?: ((?i:when|if|once|after|on) [a-z]+(?: [a-z]+){0,7}))?$`)
	// "Clicking Try it out on 'X' prefills the bookId field with 1"
	reOpsPrefill = lazyRE(`^(?i:clicking|pressing|hitting|using) (?:(?i:the) )?(?:'Try it out'|"Try it out"|(?i:try it out))(?: (?i:button))? (?i:on|for|in) (?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))? (?i:prefills|pre-fills|fills in|fills|puts|sets) (?:(?i:the) )?(` + docsQuoted + `|[A-Za-z_][\w-]*) (?i:field|box|input|parameter)(?: (?i:in))? (?i:with) (` + docsQuoted + `|[\w.@:+-]+)$`)
	// "Clicking Try it out on 'X' fills the request body box with an example whose title is "string""
	reOpsBodyExample = lazyRE(`^(?i:clicking|pressing|hitting|using) (?:(?i:the) )?(?:'Try it out'|"Try it out"|(?i:try it out))(?: (?i:button))? (?i:on|for|in) (?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))? (?i:fills|prefills|pre-fills|fills in|puts) (?:(?i:the) )?(?i:request body)(?: (?i:box|field|editor|text area|textarea))? (?i:with) (?:(?i:an?|the) )?(?i:example)(?: (?i:body|value|request|payload))? (?i:whose|where the|in which the|in which) ([A-Za-z_][\w]{0,40}) (?i:is) ('[^'"]{1,60}'|"[^'"]{1,60}")$`)
	// "In 'X', the media type dropdown says it 'Controls Accept header.'"
	reOpsMediaNote = lazyRE(`^(?i:in|on|for) (?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))?,? (?:(?i:the) )?(?:(?i:response) )?(?i:media type|content type)(?: (?i:dropdown|drop-down|select|selector|list|menu|picker))? (?i:says|shows|reads|notes|explains)(?: (?i:that it|it))? (` + docsQuoted + `)$`)
	// "Clicking the Schemas heading hides the Book and Order models"
	reOpsModelsHide = lazyRE(`^(?i:clicking|clicking on|collapsing) (?:(?i:the) )?('Schemas'|"Schemas"|Schemas|'Models'|"Models"|Models)(?: (?i:heading|header|section|title))? (?i:hides|collapses) (?:(?i:the) )?([A-Z][\w]*(?:(?:, | and |, and )[A-Z][\w]*)*) (?i:models|schemas|model|schema)$`)
	// "Collapsing the books section and expanding it again brings back 'X'"
	reOpsTagToggle = lazyRE(`^(?i:collapsing|closing) (?:(?i:the) )?([\w-]{1,40}|'[\w-]{1,40}'|"[\w-]{1,40}") (?i:section|tag|group) (?i:and|then|and then) (?i:expanding|opening|reopening) (?i:it)(?: (?i:again))? (?i:brings back|shows|restores|shows again|brings) (` + docsQuoted + `)(?: (?i:back|again))?$`)
	// "The URL box in the top bar is prefilled with openapi.json"
	reOpsURLBox = lazyRE(`^(?:(?i:the) )?(?i:url|spec url|definition url|explore) (?i:box|field|input)(?: (?i:in|at|of) (?:(?i:the) )?(?i:top bar|topbar|header bar))? (?i:is prefilled with|is pre-filled with|is filled with|holds) (` + docsQuoted + `|[\w./:-]*[./][\w./:-]*)$`)
	// "Opening the docs at /#/books/deleteBook expands 'Delete a book' and shows its 'Deleted' response"
	reOpsDeepOpen = lazyRE(`^(?i:opening|visiting|loading|going to) (?:(?:(?i:the) )?(?:(?i:api) )?(?i:docs|documentation|page) (?i:at) )?(/[\w\-./]*#/[\w\-./{}~%]+) (?i:expands|opens) (?:(?i:the) )?(` + docsQuoted + `)(?: (?i:operation))?(?:,? (?i:and) (?i:shows) (?i:its) (` + docsQuoted + `) (?i:response))?$`)
)

// docsParamIn are where a parameter goes, as Swagger UI prints it under
// its name ("(path)"); docsParamTypes the types it prints.
var (
	docsParamIn    = map[string]bool{"path": true, "query": true, "header": true, "cookie": true}
	docsParamTypes = map[string]bool{"integer": true, "string": true, "number": true, "boolean": true, "array": true, "object": true}
)

// docsParamDesc is a parameter as a claim describes it.
type docsParamDesc struct {
	name, in, typ string
	required      int // 1 required, -1 optional, 0 not said
}

// parseParamDesc reads "bookId as a required integer path", "an orderId
// path", "a status query" (the words before "parameter"); ok is false
// when a word is none of a name, required/optional, a type or a place.
func parseParamDesc(s string) (docsParamDesc, bool) {
	var p docsParamDesc
	if name, rest, ok := strings.Cut(s, " as "); ok {
		p.name = unq(strings.TrimSpace(name))
		s = rest
	}
	words := strings.Fields(s)
	if len(words) > 0 {
		switch strings.ToLower(words[0]) {
		case "a", "an", "the", "one":
			words = words[1:]
		}
	}
	for _, w := range words {
		l := strings.ToLower(w)
		switch {
		case l == "required" || l == "mandatory":
			if p.required != 0 {
				return p, false
			}
			p.required = 1
		case l == "optional":
			if p.required != 0 {
				return p, false
			}
			p.required = -1
		case docsParamTypes[l] && p.typ == "":
			p.typ = l
		case docsParamIn[l] && p.in == "":
			p.in = l
		case p.name == "" && (regexp.MustCompile(`^[A-Za-z_][\w\-\[\].]*$`).MatchString(w) || reQuotedOne.MatchString(w) && len(w) > 2 && (w[0] == '\'' || w[0] == '"')):
			p.name = unq(w)
		default:
			return p, false
		}
	}
	if p.name == "" || docsParamBad[strings.ToLower(p.name)] || !regexp.MustCompile(`^[\w\-\[\].]{1,40}$`).MatchString(p.name) {
		return p, false
	}
	return p, true
}

// deriveDocsOps derives the claims above; ok is false when the claim is
// none of them.
func deriveDocsOps(claim string) (Derivation, bool) {
	c, page := docsClaimPage(claim)
	reach, hover := reachClick, reachHover
	var steps []plan.Step
	var text string
	var notes []string
	aside := func(a string) {
		if a = strings.TrimSpace(a); a != "" {
			notes = append(notes, fmt.Sprintf("%q is taken as what it is for, an aside: a docs UI shows no such fact, and it is not checked.", a))
		}
	}
	switch {
	case reOpsListed.MatchString(c):
		m := reOpsListed.FindStringSubmatch(c)
		neg, method, path, summary := m[1] != "", m[2], m[3], unq(m[4])
		if neg && (summary != "" || m[5] != "") {
			// "no GET /x called 'Y'": no such operation, or another name?
			return Derivation{}, false
		}
		op := fmt.Sprintf(`css=.swagger-ui .opblock:has(.opblock-control-arrow[aria-label^="%s " i]):has([data-path="%s"])`, strings.ToLower(method), path)
		steps = append(steps, hover(docsAllOpen+docsArrowsNamed))
		if neg {
			steps = append(steps, plan.Step{Kind: plan.ExpectHidden, Target: op})
			text = fmt.Sprintf("On %s: the API docs list no %s %s operation.", page, method, path)
		} else {
			steps = append(steps, plan.Step{Kind: plan.ExpectVisible, Target: op})
			text = fmt.Sprintf("On %s: the API docs list a %s %s operation", page, method, path)
			if summary != "" {
				steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: summary, Target: op + " .opblock-summary-description"})
				text += " whose summary is " + plan.Quote(summary)
			}
			text += "."
		}
		notes = append(notes, fmt.Sprintf("The operation is the block Swagger UI draws whose opening arrow is named by the method (\"%s %s\") and whose path element carries the path (data-path), looked for once Swagger UI has drawn its operations with every tag section open and its arrows named so: if it has not, the run is blocked, not failed.", strings.ToLower(method), path))
		if summary != "" {
			notes = append(notes, "Its summary is the text beside the path (.opblock-summary-description).")
		}
		aside(m[5])
	case reOpsParam.MatchString(c) || reOpsExpandParam.MatchString(c):
		var op, desc, asideText string
		bare := false
		if m := reOpsParam.FindStringSubmatch(c); m != nil {
			op, desc, asideText = unq(m[1]), m[3], m[4]
			if m[1] == "" {
				op, bare = m[2], true
				if strings.HasPrefix(strings.ToLower(op), "the ") {
					return Derivation{}, false
				}
			}
		} else {
			m := reOpsExpandParam.FindStringSubmatch(c)
			op, desc, asideText = unq(m[1]), m[2], m[3]
		}
		p, ok := parseParamDesc(desc)
		if !ok {
			return Derivation{}, false
		}
		row := docsOpenAny + ` tr[data-param-name="` + p.name + `"]`
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny), plan.Step{Kind: plan.ExpectVisible, Target: row})
		var said []string
		if p.required == 1 {
			steps = append(steps, plan.Step{Kind: plan.ExpectVisible, Target: row + " .parameter__name.required"})
			said = append(said, "marked required")
		} else if p.required == -1 {
			steps = append(steps, plan.Step{Kind: plan.ExpectHidden, Target: row + " .parameter__name.required"})
			said = append(said, "not marked required")
		}
		if p.typ != "" {
			steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: p.typ, Target: row + " .parameter__type"})
			said = append(said, "of type "+plan.Quote(p.typ))
		}
		if p.in != "" {
			steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: "(" + p.in + ")", Target: row + " .parameter__in"})
			said = append(said, "a "+p.in+" parameter ("+plan.Quote("("+p.in+")")+")")
		}
		text = fmt.Sprintf("On %s: open the operation %s; then it lists the parameter %s", page, plan.Quote(op), plan.Quote(p.name))
		if len(said) > 0 {
			text += ", " + strings.Join(said, ", ")
		}
		text += "."
		notes = append(notes, docsOpNote(op), fmt.Sprintf("The parameter %s is the row of the opened operation's parameters Swagger UI names by it (data-param-name); required is its name's mark (.parameter__name.required), the type and place (\"(path)\") what Swagger UI prints under the name (.parameter__type, .parameter__in).", plan.Quote(p.name)))
		if bare {
			notes = append(notes, fmt.Sprintf("The operation named without quotes (%s) is taken as its summary, the words before the verb.", plan.Quote(op)))
		}
		aside(asideText)
	case reOpsRespDesc.MatchString(c):
		m := reOpsRespDesc.FindStringSubmatch(c)
		op, code, desc := unq(m[1]), m[2]+m[3]+m[4], unq(m[5])
		row := docsOpenAny + ` tr.response[data-code="` + code + `"]`
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny), plan.Step{Kind: plan.ExpectVisible, Target: row},
			plan.Step{Kind: plan.ExpectText, Value: desc, Target: row + " .response-col_description"})
		text = fmt.Sprintf("On %s: open the operation %s; then it documents the response %s with the description %s.", page, plan.Quote(op), code, plan.Quote(desc))
		notes = append(notes, docsOpNote(op), fmt.Sprintf("A response with a description is a documented one: the row of the operation's responses table Swagger UI names by its code (data-code=%s), its description in that row (.response-col_description), never a live call's answer.", code))
	case reOpsPrefill.MatchString(c):
		m := reOpsPrefill.FindStringSubmatch(c)
		op, param, value := unq(m[1]), unq(m[2]), unq(m[3])
		if docsParamBad[strings.ToLower(param)] || docsValueBad[strings.ToLower(value)] {
			return Derivation{}, false
		}
		box := docsOpenAny + ` tr[data-param-name="` + param + `"] input`
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny), reach(docsExactText("Try it out")),
			hover(box), plan.Step{Kind: plan.ExpectValue, Target: box, Value: value})
		text = fmt.Sprintf("On %s: open the operation %s and click \"Try it out\"; then the box of its parameter %s holds %s.", page, plan.Quote(op), plan.Quote(param), plan.Quote(value))
		notes = append(notes, docsOpNote(op), fmt.Sprintf("The box of the parameter %s is the input in its row (Swagger UI's data-param-name), found after \"Try it out\": if there is none, the run is blocked, not failed. Its value is what it holds, never its placeholder.", plan.Quote(param)))
	case reOpsDeepOpen.MatchString(c) && page == "/":
		m := reOpsDeepOpen.FindStringSubmatch(c)
		page = m[1]
		op, resp := unq(m[2]), unq(m[3])
		opened := "css=.opblock:has(.opblock-body)"
		steps = append(steps, hover(opened), plan.Step{Kind: plan.ExpectVisible, Target: opened + " within=" + strconv.Quote(op)})
		text = fmt.Sprintf("On %s: the operation %s is open", page, plan.Quote(op))
		if resp != "" {
			steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: resp, Target: opened + " .responses-table within=" + strconv.Quote(op)})
			text += fmt.Sprintf(", its responses showing %s", plan.Quote(resp))
		}
		text += "."
		notes = append(notes, fmt.Sprintf("An operation is open when Swagger UI draws its body (.opblock-body), and the open one is the one showing %s (the smallest repeated item holding it): if no operation opens, the run is blocked, not failed.", plan.Quote(op)))
		if resp != "" {
			notes = append(notes, "Its response is looked for in its own responses table (.responses-table), by the response's description or code.")
		}
	case reOpsBodyExample.MatchString(c):
		m := reOpsBodyExample.FindStringSubmatch(c)
		op, field, value := unq(m[1]), m[2], unq(m[3])
		box := docsOpenAny + " .opblock-section-request-body textarea"
		pair := `"` + field + `": "` + value + `"`
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny), reach(docsExactText("Try it out")), hover(box),
			plan.Step{Kind: plan.ExpectText, Value: pair, Target: box})
		text = fmt.Sprintf("On %s: open the operation %s and click \"Try it out\"; then its request body box holds %s.", page, plan.Quote(op), plan.Quote(pair))
		notes = append(notes, docsOpNote(op), fmt.Sprintf("The request body box is the one Swagger UI shows after \"Try it out\" (a textarea in .opblock-section-request-body), filled with the example as JSON: the field %s with the text %s is looked for as %s in it. If there is no such box, the run is blocked, not failed.", plan.Quote(field), plan.Quote(value), pair))
	case reOpsMediaNote.MatchString(c):
		m := reOpsMediaNote.FindStringSubmatch(c)
		op, note := unq(m[1]), unq(m[2])
		ctl := docsOpenAny + " .responses-wrapper .response-control-media-type"
		steps = append(steps, reach(docsExactText(op)), hover(ctl), plan.Step{Kind: plan.ExpectText, Value: note, Target: ctl})
		text = fmt.Sprintf("On %s: open the operation %s; then the media type control of its responses says %s.", page, plan.Quote(op), plan.Quote(note))
		notes = append(notes, docsOpNote(op), "The media type dropdown is the one of the operation's responses, with the words Swagger UI prints beside it (.response-control-media-type): a guess, so if there is none the run is blocked, not failed.")
	case reOpsModelsHide.MatchString(c):
		m := reOpsModelsHide.FindStringSubmatch(c)
		heading := unq(m[1])
		models := regexp.MustCompile(`, and |, | and `).Split(m[2], -1)
		steps = append(steps, hover("css=.swagger-ui section.models"))
		for _, md := range models {
			steps = append(steps, plan.Step{Kind: plan.ExpectVisible, Target: "css=#model-" + md})
		}
		steps = append(steps, reach(plan.Target{Kind: plan.ByRole, Value: "button", Name: heading}.String()))
		for _, md := range models {
			steps = append(steps, plan.Step{Kind: plan.ExpectHidden, Target: "css=#model-" + md})
		}
		text = fmt.Sprintf("On %s: the models %s are shown; after clicking the %s heading they are not.", page, docsQuoteJoin(models), plan.Quote(heading))
		notes = append(notes, fmt.Sprintf("A model is the box Swagger UI draws for it under the heading (#model-Name), checked shown before the click (hiding says they were): if one is not, the check fails. The heading is clicked as the button named %s, a guess: if there is none, the run is blocked, not failed.", plan.Quote(heading)))
	case reOpsTagToggle.MatchString(c):
		m := reOpsTagToggle.FindStringSubmatch(c)
		tag, what := unq(m[1]), unq(m[2])
		if docsParamBad[strings.ToLower(tag)] {
			return Derivation{}, false
		}
		head := "css=#operations-tag-" + tag
		ctl := head + " .expand-operation"
		section := "css=.opblock-tag-section:has(#operations-tag-" + tag + ")"
		steps = append(steps, hover(head), plan.Step{Kind: plan.ExpectText, Value: what, Target: section},
			reach(ctl), plan.Step{Kind: plan.ExpectNoText, Value: what, Target: section},
			reach(ctl), plan.Step{Kind: plan.ExpectText, Value: what, Target: section})
		text = fmt.Sprintf("On %s: the section of the tag %s shows %s; after collapsing it, it does not, and after expanding it again it does.", page, plan.Quote(tag), plan.Quote(what))
		notes = append(notes, fmt.Sprintf("The section is the one Swagger UI draws for the tag (heading #operations-tag-%s), collapsed and expanded by the arrow button in its heading (.expand-operation), a guess: if there is none, the run is blocked, not failed. \"Brings back\" says the collapse hid it: that is checked too, inside the section.", tag))
	case reOpsURLBox.MatchString(c):
		m := reOpsURLBox.FindStringSubmatch(c)
		value := unq(m[1])
		box := "css=.swagger-ui .topbar input.download-url-input"
		steps = append(steps, hover(box), plan.Step{Kind: plan.ExpectValue, Target: box, Value: value})
		text = fmt.Sprintf("On %s: the URL box of the docs' top bar holds %s.", page, plan.Quote(value))
		notes = append(notes, "The URL box is the one Swagger UI's top bar draws to load another API description (input.download-url-input in .topbar), a guess: if there is none, the run is blocked, not failed. Its value is compared whole.")
	default:
		return Derivation{}, false
	}
	pl := &plan.Plan{Version: 1, Name: planName(c),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
			Steps: append([]plan.Step{{Kind: plan.Visit, Value: page}}, steps...)}}}
	if page == "/" && !strings.HasPrefix(strings.ToLower(c), "the home page") && !reDocsMorePage.MatchString(normalizeClaim(stripLabel(claim))) {
		notes = append(notes, "No page named: the journey starts on the home page (/); name the page (\"on /docs, ...\") if the docs are elsewhere.")
	}
	d, err := Trace(claim, pl, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d, true
}

// docsOpsAmbiguity refuses a status said of an operation with a verb of
// its own ("'Delete a book' returns 200 when the book is deleted"): the
// response the docs document, or the one a live call gets. Both readings
// are offered. Nil for any other claim.
func docsOpsAmbiguity(claim string) *NotProvableError {
	m := reOpsRespWhen.FindStringSubmatch(strings.TrimSuffix(normalizeClaim(stripLabel(claim)), "."))
	if m == nil {
		return nil
	}
	op, code := m[1], m[2]+m[3]+m[4]
	readings := []string{
		fmt.Sprintf("%s documents a %s response", op, code),
		fmt.Sprintf("Executing %s returns %s", op, code),
	}
	var ok []string
	for _, r := range readings {
		if _, err := Derive(r); err == nil {
			ok = append(ok, r)
		}
	}
	if len(ok) < 2 {
		return nil
	}
	reason := fmt.Sprintf("a status said of %s can be a response the docs document for it or the answer of a live call made from the docs (Try it out, Execute): say which", op)
	if w := strings.TrimSpace(m[5]); w != "" {
		reason += fmt.Sprintf("; %q is a condition no step can set up as said", w)
	}
	e := refuseWith(claim, "ambiguous", reason, nil, true)
	e.Suggestions = ok
	e.Prompt = strings.Replace(e.Prompt, "vouch found no rephrasing that keeps the claim's meaning; write one from the above.\n",
		"Rephrase it, for example:\n  - "+strings.Join(ok, "\n  - ")+"\n", 1)
	return e
}
