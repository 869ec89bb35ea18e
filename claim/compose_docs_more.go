package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// More parts of an OpenAPI docs UI (Swagger UI) said as people say them,
// each read as a whole sentence (every word is matched by its pattern, or
// the reading does not apply) and checked inside the part Swagger UI draws
// for it:
//
//	'Add a pet' says 'No parameters' but does have a 'Request body'
//	The example body for 'Place an order' has '"status": "placed"' in it
//	Expanding 'Place an order' changes the address to /#/orders/placeOrder
//	Because 'Delete a pet' is deprecated, its /pets/{petId} path is shown struck through
//	In 'Add a pet', clicking the Schema tab of the request body shows the Pet model with its name field
//	Expanding 'Place an order' lists a '400' response for bad orders
//	Switching to dark mode changes the toggle to 'Switch to light mode'
//	Dark mode sticks: after switching to it and reloading, the toggle still says 'Switch to light mode'
//
// What the reading guesses (how an operation is opened, the control a tab
// or a mode is switched by, the part a text is looked for in) is a reach
// step: a docs UI without it blocks the run, never fails it.

// docsOpenAny is the operation Swagger UI shows opened: .is-open, or a
// deprecated one (which never gets .is-open) whose body is drawn.
const docsOpenAny = "css=.opblock:is(.is-open, .opblock-deprecated:has(.opblock-body))"

const docsQ = `('[^']{1,80}'|"[^"]{1,80}")`

// docsQList is one quoted text or several joined by commas and "and".
const docsQList = `((?:'[^']{1,80}'|"[^"]{1,80}")(?:(?:, | and |, and )(?:'[^']{1,80}'|"[^"]{1,80}"))*)`

var (
	// 'Add a book' says 'No parameters' but does have a 'Request body'
	reDocsOpSays = lazyRE(`^(?:(?i:the) )?` + docsQ + `(?: (?i:operation))?,? (?:(?i:when|once) (?i:expanded|opened),? )?(says|shows|lists|has|contains) (?:(?i:an?|the) )?` + docsQList + `,? (?i:but|and|yet) (?:(?i:it) )?(does have|does show|has|shows|also has|also shows|does not have|does not show|doesn't have|doesn't show|has no) (?:(?i:an?|the) )?` + docsQList + `$`)
	// the example body for 'Place an order' has '…' in it
	reDocsExampleBody = lazyRE(`^(?i:the )?(?i:example (?:request )?body|request body example|example request) (?i:for|of|in) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (has|contains|includes|shows|does not have|does not contain|does not include|does not show|doesn't have|doesn't contain|doesn't include|doesn't show) ` + docsQList + `(?: (?i:in it))?$`)
	// Expanding 'Place an order' changes the address to /#/orders/placeOrder
	reDocsDeepLink = lazyRE(`^(?i:expanding|opening|clicking|clicking on) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (?i:changes the (?:address|url) to|updates the (?:address|url) to|sets the (?:address|url) to|goes to|takes you to) (/[\w\-./{}]*#/[\w\-./{}~%]+)$`)
	// Expanding 'Place an order' puts #/orders/placeOrder in the address bar
	reDocsDeepFrag = lazyRE(`^(?i:expanding|opening|clicking|clicking on) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (?i:puts|adds|appends|sets) (#/[\w\-./{}~%]+) (?i:in|to|into|on) (?i:the) (?i:address|url|address bar|url bar|location)$`)
	// 'Delete a book' is deprecated, so its /books/{bookId} path is struck through
	reDocsDeprecated2 = lazyRE(`^(?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (?i:is deprecated)(?:,|, so|; so|, and| and| so) (?i:its) (/[\w\-./{}]*) (?i:path) (?i:is) (?:(?i:shown|drawn|displayed|rendered) )?(?i:struck through|struck-through|crossed out|in strikethrough)$`)
	// After switching to dark mode, the toggle says 'Switch to light mode'
	reDocsModeAfter = lazyRE(`^(?i:after|once) (?i:switching|changing|toggling|turning) (?i:to|on) ((?i:dark|light)) (?i:mode|theme),? (?i:the) (toggle|button|switch|control) (?i:says|shows|reads) ` + docsQ + `$`)
	// Because 'Delete a book' is deprecated, its /books/{bookId} path is shown struck through
	reDocsDeprecated = lazyRE(`^(?i:because|since|as) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (?i:is deprecated), (?i:its) (/[\w\-./{}]*) (?i:path) (?i:is) (?:(?i:shown|drawn|displayed|rendered) )?(?i:struck through|struck-through|crossed out|in strikethrough)$`)
	// In 'Add a book', clicking the Schema tab of the request body shows the Book model with its author field
	reDocsSchemaTab = lazyRE(`^(?i:in|on|for) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))?,? (?i:clicking|clicking on|switching to|opening) (?:(?i:the) )?(?:'Schema'|"Schema"|Schema) (?i:tab) (?i:of|in|under) (?i:the request body) (?i:shows|displays) (?:(?i:the) )?([A-Z][A-Za-z0-9_]*|'[A-Za-z][\w.-]*'|"[A-Za-z][\w.-]*") (?i:model|schema)(?: (?i:with) (?i:its) (.+))?$`)
	// Expanding 'Place an order' lists a '400' response for bad orders
	reDocsExpandResp = lazyRE(`^(?i:expanding|opening) (?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (lists|shows|documents|does not list|does not show|does not document|doesn't list|doesn't show|doesn't document) (?:(?i:an?|the) )?(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d)) (?i:response)( (?i:for) [a-z][a-z ]{2,40})?$`)
	// 'Create an invoice' documents a '409' response for duplicate numbers
	reDocsRespAside = lazyRE(`^(?:(?i:the) )?` + docsQ + `(?: (?i:operation))? (lists|documents) (?:(?i:an?|the) )?(?:'([1-5]\d\d)'|"([1-5]\d\d)") (?i:response) ((?i:for) [a-z][a-z ]{2,40})$`)
	// Switching to dark mode changes the toggle to 'Switch to light mode'
	reDocsModeSwitch = lazyRE(`^(?i:switching|changing|toggling|turning) (?i:to|on) ((?i:dark|light)) (?i:mode|theme) (?i:changes|turns|switches) (?i:the) (toggle|button|switch|control) (?i:to|into) ` + docsQ + `$`)
	// Dark mode sticks: after switching to it and reloading, the toggle still says 'Switch to light mode'
	reDocsModeSticks = lazyRE(`^((?i:dark|light)) (?i:mode|theme) (?i:sticks|persists|is remembered|stays on|survives a reload)(?::|,|;| -) (?i:after|once) (?i:switching|changing|toggling|turning) (?i:to it|it on) (?i:and) (?i:reloading|refreshing)(?: (?i:the page))?, (?i:the) (toggle|button|switch|control) (?i:still) (?i:says|shows|reads) ` + docsQ + `$`)
	// "On /docs, …", "On the home page, …": where the docs are
	reDocsMorePage = lazyRE(`^(?i:on|at) (/[\w\-./]*|(?i:the home page)),? `)
	// what a response is documented for, in words only
	reDocsAsideWords = lazyRE(`^for [a-z]+(?: [a-z]+){0,5}$`)
)

// docsTexts returns the quoted texts of a list.
func docsTexts(s string) []string {
	var out []string
	for _, q := range reQuotedOne.FindAllStringSubmatch(s, -1) {
		out = append(out, q[1]+q[2])
	}
	return out
}

// docsNeg reports whether a verb says a text is not there.
func docsNeg(v string) bool {
	v = strings.ToLower(v)
	return strings.Contains(v, "not") || strings.Contains(v, "n't") || strings.HasSuffix(v, " no")
}

// docsTextSteps checks each text inside target (or not).
func docsTextSteps(texts []string, target string, neg bool) []plan.Step {
	kind := plan.ExpectText
	if neg {
		kind = plan.ExpectNoText
	}
	var out []plan.Step
	for _, t := range texts {
		out = append(out, plan.Step{Kind: kind, Value: t, Target: target})
	}
	return out
}

// docsOpNote is the note on an operation opened by clicking its summary.
func docsOpNote(op string) string {
	return fmt.Sprintf("The operation %s is opened by clicking its summary, and what the claim says of it is looked for inside the operation Swagger UI shows opened (.opblock.is-open, or a deprecated one whose body is drawn), never anywhere on the page: a guess, so if there is none the run is blocked, not failed. Docs that show every operation open already (docExpansion: full) are closed by that click.", plan.Quote(op))
}

// deriveDocsMore derives the claims above; ok is false when the claim is
// none of them.
func deriveDocsMore(claim string) (Derivation, bool) {
	c, page := docsClaimPage(claim)
	reach, hover := reachClick, reachHover
	var steps []plan.Step
	var text string
	var notes []string
	switch {
	case reDocsOpSays.MatchString(c):
		m := reDocsOpSays.FindStringSubmatch(c)
		op := unq(m[1])
		first, second := docsTexts(m[3]), docsTexts(m[5])
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny))
		steps = append(steps, docsTextSteps(first, docsOpenAny, false)...)
		steps = append(steps, docsTextSteps(second, docsOpenAny, docsNeg(m[4]))...)
		says := "shows"
		if docsNeg(m[4]) {
			says = "does not show"
		}
		text = fmt.Sprintf("On "+page+": open the operation %s; then it shows %s and %s %s.", plan.Quote(op), docsQuoteJoin(first), says, docsQuoteJoin(second))
		notes = append(notes, docsOpNote(op))
	case reDocsExampleBody.MatchString(c):
		m := reDocsExampleBody.FindStringSubmatch(c)
		op := unq(m[1])
		body := docsOpenAny + " .opblock-section-request-body"
		texts := docsTexts(m[3])
		steps = append(steps, reach(docsExactText(op)), hover(body))
		steps = append(steps, docsTextSteps(texts, body, docsNeg(m[2]))...)
		says := "has"
		if docsNeg(m[2]) {
			says = "does not have"
		}
		text = fmt.Sprintf("On "+page+": open the operation %s; then the example of its request body %s %s.", plan.Quote(op), says, docsQuoteJoin(texts))
		notes = append(notes, docsOpNote(op), "The example body is the one Swagger UI shows in the operation's Request body section (.opblock-section-request-body, its Example Value), never a response's example: if there is no such section, the run is blocked, not failed.")
	case reDocsDeepLink.MatchString(c) || reDocsDeepFrag.MatchString(c):
		m := reDocsDeepLink.FindStringSubmatch(c)
		if m == nil {
			// a fragment alone: on the page the docs were opened on
			m = reDocsDeepFrag.FindStringSubmatch(c)
			m[2] = page + m[2]
		}
		op := unq(m[1])
		steps = append(steps, reach(docsExactText(op)), plan.Step{Kind: plan.ExpectURL, Value: m[2]})
		text = fmt.Sprintf("On "+page+": open the operation %s; then the address is %s (its fragment included).", plan.Quote(op), m[2])
		notes = append(notes, fmt.Sprintf("The operation %s is opened by clicking its summary: a guess, so if there is no such text the run is blocked, not failed. The address is compared with its fragment (#…), as the claim gives it.", plan.Quote(op)))
	case reDocsDeprecated.MatchString(c) || reDocsDeprecated2.MatchString(c):
		m := reDocsDeprecated.FindStringSubmatch(c)
		if m == nil {
			m = reDocsDeprecated2.FindStringSubmatch(c)
		}
		op, path := unq(m[1]), m[2]
		opened := "css=.opblock:has(.opblock-body)"
		steps = append(steps, reach(docsExactText(op)), hover(opened),
			plan.Step{Kind: plan.ExpectVisible, Target: "css=.opblock.opblock-deprecated:has(.opblock-body)"},
			plan.Step{Kind: plan.ExpectStyle, Target: `css=.opblock.opblock-deprecated:has(.opblock-body) [data-path="` + path + `"]`, Property: "text-decoration-line", Value: "line-through"})
		text = fmt.Sprintf("On "+page+": open the operation %s; then it is marked deprecated and its path %s is struck through.", plan.Quote(op), path)
		notes = append(notes, fmt.Sprintf("The operation %s is opened by clicking its summary so that its own summary is the one checked (paths repeat across methods): a guess, so if nothing opens the run is blocked, not failed. Deprecated is read as Swagger UI marks it (.opblock-deprecated), and the path as the element Swagger UI gives a data-path of %s.", plan.Quote(op), path))
	case reDocsSchemaTab.MatchString(c):
		m := reDocsSchemaTab.FindStringSubmatch(c)
		op, model := unq(m[1]), unq(m[2])
		var fields []string
		if m[3] != "" {
			var ok bool
			if fields, ok = docsFields(m[3], false); !ok {
				return Derivation{}, false
			}
		}
		body := docsOpenAny + " .opblock-section-request-body"
		steps = append(steps, reach(docsExactText(op)), hover(body),
			reach("css="+strings.TrimPrefix(body, "css=")+` [role=tab][data-name="model"]`),
			plan.Step{Kind: plan.ExpectText, Value: model, Target: body + " .model-title"})
		steps = append(steps, docsTextSteps(fields, body+" [role=tabpanel]", false)...)
		text = fmt.Sprintf("On "+page+": open the operation %s and the Schema tab of its request body; then it shows the model %s", plan.Quote(op), plan.Quote(model))
		if len(fields) > 0 {
			text += " with " + docsQuoteJoin(fields)
		}
		text += "."
		notes = append(notes, docsOpNote(op), "The Schema tab is the one of the request body (Swagger UI's tab data-name=model in .opblock-section-request-body), the model's name its title (.model-title) and its fields are looked for in the tab's panel: a guess, so if there is none the run is blocked, not failed.")
	case reDocsExpandResp.MatchString(c) || reDocsRespAside.MatchString(c):
		var op, code, verb, aside string
		if m := reDocsExpandResp.FindStringSubmatch(c); m != nil {
			op, verb, code, aside = unq(m[1]), m[2], m[3]+m[4]+m[5], strings.TrimSpace(m[6])
			if aside != "" && m[5] != "" {
				// an aside beside a bare number: the number may be part
				// of the words ("a 400 response for bad orders")
				return Derivation{}, false
			}
		} else {
			m := reDocsRespAside.FindStringSubmatch(c)
			op, verb, code, aside = unq(m[1]), m[2], m[3]+m[4], m[5]
		}
		if aside != "" && !reDocsAsideWords.MatchString(strings.ToLower(aside)) {
			return Derivation{}, false
		}
		row := docsOpenAny + ` tr.response[data-code="` + code + `"]`
		kind, says := plan.ExpectVisible, "documents"
		if docsNeg(verb) {
			if aside != "" {
				return Derivation{}, false // "no 400 response for X": for what, then?
			}
			kind, says = plan.ExpectHidden, "does not document"
		}
		steps = append(steps, reach(docsExactText(op)), hover(docsOpenAny), plan.Step{Kind: kind, Target: row})
		text = fmt.Sprintf("On "+page+": open the operation %s; then it %s the response %s.", plan.Quote(op), says, code)
		notes = append(notes, fmt.Sprintf("The operation %s is opened by clicking its summary, and the response is looked for among its documented responses (Swagger UI's responses table, row data-code=%s), never as a number anywhere on the page: a guess, so if there is none the run is blocked, not failed.", plan.Quote(op), code))
		if aside != "" {
			notes = append(notes, fmt.Sprintf("%q is taken as what the response is documented for, an aside: the plan checks that the response %s is documented, not its description.", aside, code))
		}
	case reDocsModeSwitch.MatchString(c) || reDocsModeAfter.MatchString(c):
		m := reDocsModeSwitch.FindStringSubmatch(c)
		if m == nil {
			// "after switching, the toggle says 'X'": the toggle switched
			// by, now named X
			m = reDocsModeAfter.FindStringSubmatch(c)
		}
		mode, label := strings.ToLower(m[1]), unq(m[3])
		ctl := plan.Target{Kind: plan.ByRole, Value: "button", Name: "Switch to " + mode + " mode"}.String()
		now := plan.Target{Kind: plan.ByRole, Value: "button", Name: label}.String()
		if ctl == now {
			return Derivation{}, false
		}
		steps = append(steps, reach(ctl), plan.Step{Kind: plan.ExpectHidden, Target: ctl}, plan.Step{Kind: plan.ExpectVisible, Target: now})
		text = fmt.Sprintf("On "+page+": switch to %s mode; then the toggle says %s instead.", mode, plan.Quote(label))
		notes = append(notes, fmt.Sprintf("Switching to %s mode is read as clicking the control named %q, as Swagger UI names its toggle: a guess, so if there is none the run is blocked, not failed. The toggle changed is that control, now named %s.", mode, "Switch to "+mode+" mode", plan.Quote(label)))
	case reDocsModeSticks.MatchString(c):
		m := reDocsModeSticks.FindStringSubmatch(c)
		mode, label := strings.ToLower(m[1]), unq(m[3])
		ctl := plan.Target{Kind: plan.ByRole, Value: "button", Name: "Switch to " + mode + " mode"}.String()
		now := plan.Target{Kind: plan.ByRole, Value: "button", Name: label}.String()
		steps = append(steps, reach(ctl), plan.Step{Kind: plan.ExpectVisible, Target: now},
			plan.Step{Kind: plan.Reload}, plan.Step{Kind: plan.ExpectVisible, Target: now})
		text = fmt.Sprintf("On "+page+": switch to %s mode and reload; then the toggle still says %s.", mode, plan.Quote(label))
		notes = append(notes, fmt.Sprintf("Switching to %s mode is read as clicking the control named %q, as Swagger UI names its toggle: a guess, so if there is none the run is blocked, not failed. \"Still\" is checked before the reload too; %q is what the rest of the claim says it means.", mode, "Switch to "+mode+" mode", upperFirst(mode)+" mode "+strings.Fields(strings.ToLower(c))[2]))
	default:
		return Derivation{}, false
	}
	pl := &plan.Plan{Version: 1, Name: planName(c),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
			Steps: append([]plan.Step{{Kind: plan.Visit, Value: page}}, steps...)}}}
	if page == "/" && !strings.HasPrefix(strings.ToLower(normalizeClaim(stripLabel(claim))), "on the home page") && !strings.HasPrefix(strings.ToLower(normalizeClaim(stripLabel(claim))), "at the home page") {
		notes = append(notes, "No page named: the journey starts on the home page (/); name the page (\"on /docs, ...\") if the docs are elsewhere.")
	}
	d, err := Trace(claim, pl, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d, true
}

// docsClaimPage is a docs claim without its label and full stop, and the
// page it is on: "On /docs, …" says the docs are there, and the rest is
// read as it is; the home page otherwise.
func docsClaimPage(claim string) (c, page string) {
	c = strings.TrimSuffix(normalizeClaim(stripLabel(claim)), ".")
	page = "/"
	if m := reDocsMorePage.FindStringSubmatch(c); m != nil {
		if strings.HasPrefix(m[1], "/") {
			page = m[1]
		}
		c = upperFirst(c[len(m[0]):])
	}
	return c, page
}

// reachClick and reachHover are a click and a hover on a control the
// claim names without saying how to reach it: a guess that blocks the
// run, never fails it, when the control is not there.
func reachClick(target string) plan.Step {
	return plan.Step{Kind: plan.Click, Target: target, Reach: true}
}

func reachHover(target string) plan.Step {
	return plan.Step{Kind: plan.Hover, Target: target, Reach: true}
}
