package claim

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The docs reader reads claims about interactive API documentation (an
// OpenAPI docs UI such as Swagger UI) the way people write them: an
// operation named by its summary ('List books') or by its method and path
// (GET /books), tried out, given parameter values and executed, and the
// response the UI then shows.
//
//	Trying out 'Find a book by ID' with bookId 7 and executing it shows a 200 response
//	Expanding GET /books lists a 'limit' parameter
//	The 'List books' operation has a 'Try it out' button
//	On 'Add a pet', clicking Try it out and pressing Execute returns 400
//
// It runs only when the other readers refused, and reads by saying the
// claim again in the claim language ("Clicking 'Find a book by ID', then
// clicking 'Try it out', filling 'bookId' with '7' and clicking 'Execute'
// shows …"), which the other readers then derive; every part it does not
// rewrite is read as it would be anywhere. What the rewrite guesses is
// marked reach, so a UI without it blocks the run and never fails it:
// opening the operation by clicking its summary when the claim does not
// say so (or the button named by its method and path), the "Try it out"
// click an execution needs, and the live response section. A status said
// of an executed operation is the status in that section (Swagger UI's
// "Server response" table), never a text found anywhere on the page: the
// documented responses list the same codes.

// docsQuoted is a quoted text, as normalizeClaim leaves it.
const docsQuoted = `'[^']{1,80}'|"[^"]{1,80}"`

// docsMethodPath is an operation named by its method (upper case, as docs
// UIs print it) and path.
const docsMethodPath = `(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /[\w\-./{}]*`

// docsOp is an operation: its quoted summary or its method and path, with
// an optional "the" and "operation".
const docsOp = `(?:the )?(` + docsQuoted + `|` + docsMethodPath + `)(?: operation)?`

// docsValue is a parameter's value: quoted, or one unquoted word or number.
const docsValue = `(` + docsQuoted + `|[\w@.:/+-]+)`

// docsParam is a parameter's name: quoted, or an identifier.
const docsParam = `(?:the )?(` + docsQuoted + `|[A-Za-z_][\w-]*)(?: (?:box|field|parameter|input))?`

// docsWithParam is one parameter given right after the operation tried
// out or executed ("with bookId 7", "with the author set to Tolkien");
// a "with" anywhere else may be the outcome's ("a list with …").
const docsWithParam = `(?: (?i:with) ` + docsParam + `(?: (?i:set to|as|of|equal to|=)| ?=)? ?` + docsValue + `)?`

var (
	// "On 'Find a book by ID', …": the operation the actions are on.
	reDocsOnOp = lazyRE(`^(?i:on|in|for) ` + docsOp + `, (.+)$`)
	// "the 'List books' operation has …": the operation, opened, shows it.
	reDocsSubject = lazyRE(`^(?i:the )?(` + docsQuoted + `|` + docsMethodPath + `) operation (has|shows|lists|displays|contains|says|offers) (.+)$`)
	// "Expanding GET /books …": an operation opened by its method and path.
	reDocsExpandMP = lazyRE(`(?i:expanding|opening|clicking(?: on)?|expand|open|click(?: on)?) (?:the )?(` + docsMethodPath + `)(?: operation)?`)
	// "trying out 'X'", "trying 'X' out", "clicking Try it out on 'X'",
	// "'Try it out' on 'X'".
	reDocsTryOut = lazyRE(`(?:(?i:trying out|try out) ` + docsOp + `|(?i:trying|try) ` + docsOp + ` (?i:out))` + docsWithParam)
	reDocsTryOn  = lazyRE(`(?:(?i:clicking|pressing|hitting|using|click|press|hit) (?i:the )?)?(?:'Try it out'|"Try it out"|(?i:try it out))(?: (?i:button))? (?i:on|for|in) ` + docsOp + docsWithParam)
	// "clicking Execute on 'X'", "'X' returns 200 when executed"
	reDocsExecOn    = lazyRE(`(?:(?i:clicking|pressing|hitting|click|press|hit) (?i:the )?)(?:'Execute'|"Execute"|Execute)(?: (?i:button))? (?i:on|for|in) ` + docsOp + docsWithParam)
	reDocsTryExecOn = lazyRE(`(?i:clicking|pressing|hitting|click|press|hit) (?:'Try it out'|"Try it out"|Try it out) (?i:and|then|and then) (?:(?i:clicking|pressing|hitting) )?(?:'Execute'|"Execute"|Execute) (?i:on|for|in) ` + docsOp + docsWithParam)
	reDocsWhenExec  = lazyRE(`^(?:(?i:the) )?(` + docsQuoted + `|` + docsMethodPath + `)(?: (?i:operation))? (.+?),? (?i:when (?:it is |it's )?executed|when you execute it|once executed|after executing it|after it is executed)$`)
	// "executing 'X'", "'X' has been executed", "you execute 'X'".
	reDocsExecOp   = lazyRE(`(?i:executing|execute) ` + docsOp + `(?: (?i:after (?:'Try it out'|"Try it out"|try(?:ing)? it out|clicking (?:'Try it out'|"Try it out"|try it out))))?` + docsWithParam)
	reDocsOpExeced = lazyRE(`(?i:once|after) ` + docsOp + ` (?i:has been|is|was) executed`)
	reDocsYouExec  = lazyRE(`(?i:after|once|when) you (?i:execute) ` + docsOp)
	// "executing it", "hitting Execute", "pressing the 'Execute' button".
	reDocsExecIt = lazyRE(`(?i:executing it|execute it|(?:clicking|pressing|hitting|click|press|hit) (?:the )?(?:'Execute'|"Execute"|Execute)(?: button)?)`)
	// "… and executing, …", "then executing shows …": Execute, said bare.
	reDocsExecBare = lazyRE(`((?i:and|then|,) )(?i:executing|execute)\b`)
	// Unquoted controls of a docs UI clicked by name: "clicking Cancel".
	reDocsControl = lazyRE(`((?i:clicking|pressing|hitting|click|press|hit) (?i:the )?)(Try it out|Cancel|Clear)\b`)
	// "Try it out" and "Execute" named as controls: a docs UI's own words
	reDocsUIControl = lazyRE(`\b(?i:clicking|pressing|hitting|click|press|hit) (?i:the )?(?:Try it out|Execute)\b`)
	// "has a Try it out button"
	reDocsHasControl = lazyRE(`\b(an?|the) (Try it out|Execute|Cancel|Clear) button\b`)
	// Parameters: "with bookId 7", "with the author set to Tolkien",
	// "typing abc as the bookId", "entering 7 into the bookId box",
	// "setting limit to 5".
	reDocsTypeParam   = lazyRE(`(?i:typing|entering|putting) ` + docsValue + ` (?i:as|into|in|for) ` + docsParam)
	reDocsSetParam    = lazyRE(`(?i:setting) ` + docsParam + ` (?i:to) ` + docsValue)
	reDocsFillParam   = lazyRE(`(?i:filling(?: in)?) ` + docsParam + ` (?i:with) ` + docsValue)
	reDocsStatusWords = lazyRE(`(?i:(?:shows|returns|gets|gives|answers|responds with|comes back with|comes back|produces|yields)(?: back)? (?:(?:an?|the) )?(?:(?:http )?status(?: code)? )?)(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))(?i:(?: (?:response|status code|status|code))?(?: (?:ok|created|accepted|no content|bad request|unauthorized|forbidden|not found|conflict|unprocessable entity|internal server error))?(?: back)?(?: from the (?:server|api|backend))?)`)
	// "Hitting 'Cancel' after trying out 'X' …": the later action said
	// first, once the earlier ones are said in the claim language.
	reDocsAfterFirst = lazyRE(`^((?i:clicking|pressing|hitting|click|press|hit) (?i:the )?'[^']{1,40}'(?: (?i:button))?) (?i:after) (.*clicking '(?:Try it out|Execute)') (.+)$`)
	// What an action removes or turns one control into.
	reDocsRemoves    = lazyRE(`\b(?i:removes) (?i:the )?('[^']{1,80}'|"[^"]{1,80}")(?: (?i:button|section|box|panel))?`)
	reDocsNamedTurns = lazyRE(`('[^']{1,40}'|"[^"]{1,40}") (?i:tab|button|link|heading|label)$`)
	reDocsTurns      = lazyRE(`(?:,? )(?i:(?:the|that|this|teh) button turns into|turns into) ('[^']{1,40}'|"[^"]{1,40}")`)
	reDocsAppears    = lazyRE(`\b(?i:an?) ('[^']{1,40}'|"[^"]{1,40}") (?i:button) (?i:appears|shows up)`)
	reDocsParamNoun  = lazyRE(`\b(?:(?:an?|the) |(?i:has|shows|lists) (no) )('[\w.\-\[\]]{1,40}'|"[\w.\-\[\]]{1,40}") (?i:parameter|param)\b`)
	reDocsParamSent  = lazyRE(`^vouch-param-([\w.\-\[\]]+)$`)
	reDocsExample    = lazyRE(`,? (?i:with the example(?: request)? (?:body|values?|payload))`)
	reDocsNoStatus   = lazyRE(`(?i:(?:does not|doesn't|never) (?:return|give|get|answer|respond with)(?: back)? (?:(?:an?|the) )?(?:(?:http )?status(?: code)? )?)(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))(?i:(?: (?:response|status code|status|code))?)`)
	// "produces a curl command containing author=Tolkien", "the request
	// URL contains '/api/books'"; a value unquoted must look literal.
	reDocsShownRequest = lazyRE(`(?i:(?:produces|shows|gives) (?:a|the) (curl command|request url)|(?:and )?the (curl command|request url)(?: shown)?) (?i:containing|that contains|contains|including|includes|with) ('[^']{1,80}'|"[^"]{1,80}"|[\w.~%-]*[=/][\w.~%=&/?:-]*)`)
	// "the response code is 200", "the server response status is not 500"
	reDocsRespStatus = lazyRE(`(?i:(?:the )?(?:server |live )?response(?:'s)? (?:status code|status|code)|the (?:status code|status) (?:of the response|returned)) (?i:is|was|shows|reads|equals) (not )?(?:'([1-5]\d\d)'|"([1-5]\d\d)"|([1-5]\d\d))`)
	// "the response body contains 'doggie'", "shows 'doggie' in the response body"
	reDocsRespBody = lazyRE(`(?i:(?:the )?(?:server )?response body) (?i:(does not|doesn't) (?:contain|show|include)|contains|shows|includes|has) ('[^']{1,80}'|"[^"]{1,80}")`)
	// "shows 'doggie' in the response body"
	reDocsInBody = lazyRE(`(?i:(does not show|doesn't show)|shows|has) ('[^']{1,80}'|"[^"]{1,80}") (?i:in the (?:server )?response(?: body)?)`)
	// "returns the book with a 200": a body described, then its status
	reDocsBodyStatus = lazyRE(`\b((?i:returns|gets back|gives back|answers with|responds with)) ((?i:the|a|an)) ([a-z]{2,20}) (?i:with) (?:(?i:an?|the) )?([1-5]\d\d)\b`)
	reDocsReason     = lazyRE(`,? (?i:since|because) ([^,']{3,80})$`)
	reDocsComplains  = lazyRE(`\b(?i:complains|complains that|warns|warns that) ('[^']{1,80}'|"[^"]{1,80}")`)
	reDocsLeftEmpty  = lazyRE(`(?i)\b(?:left (?:empty|blank)|leaving (?:it|the \w+) (?:empty|blank)|with (?:nothing|no value) (?:in|typed))\b`)
	reDocsInside     = lazyRE(`^vouch-inside-(\d+)$`)
	reDocsQuotedStat = lazyRE(`'([1-5]\d\d)'|"([1-5]\d\d)"`)
	reDocsSentinel   = lazyRE(`vouch-live-status-(\d+)`)
	reDocsMPWhole    = lazyRE(`^` + docsMethodPath + `$`)
	// "… with the box left empty", "leaving bookId blank": a parameter
	// Execute is pressed without; named, or the operation's only one.
	reDocsEmptyParam = lazyRE(`,? (?:(?i:with) (?:(?i:the) )?(?:([A-Za-z_][\w-]*|'[^']{1,40}') )?(?i:box|field|input|parameter) (?i:left) (?i:empty|blank)|(?i:with) ([A-Za-z_][\w-]*|'[^']{1,40}') (?i:left) (?i:empty|blank)|(?i:leaving) (?:(?i:the) )?(?:([A-Za-z_][\w-]*|'[^']{1,40}') )?(?i:box|field|input|parameter) (?i:empty|blank)|(?i:leaving) ([A-Za-z_][\w-]*|'[^']{1,40}') (?i:empty|blank)|(?i:without) (?i:filling in|entering|typing|giving|providing) (?:(?i:an?|the) )?([A-Za-z_][\w-]*|'[^']{1,40}')(?: (?i:box|field|parameter|value))?|(?i:with nothing) (?i:in|typed in|typed into) (?:(?i:the) )?(?:([A-Za-z_][\w-]*|'[^']{1,40}') )?(?i:box|field|input)|(?i:with no) ([A-Za-z_][\w-]*|'[^']{1,40}')(?: (?i:value|box|field|parameter))? (?i:entered|typed|typed in|filled in|given))\b`)
	// An operation named by its summary without quotes, after the verb
	// that executes or tries it out and before a comma: "after you
	// execute List books, …".
	reDocsBareOp = lazyRE(`\b((?i:after you execute|once you execute|when you execute|after executing|once executing|executing|trying out|after trying out)) ([A-Z][A-Za-z0-9]*(?: [A-Za-z0-9][\w-]*){0,5}),`)
	// words that end an unquoted summary: what follows is no name
	docsBareOpStop = map[string]bool{"with": true, "and": true, "then": true, "set": true, "to": true, "as": true, "using": true, "for": true, "after": true, "before": true, "when": true, "while": true, "it": true, "again": true, "twice": true}
	// "ends in '/api/books'": a text's end, which no step checks
	reDocsEndsWith = lazyRE(`(?i)\b(?:ends|end|ending|starts|start|starting|begins|begin|beginning) (?:in|with)\b`)
	docsParamBad   = map[string]bool{"the": true, "a": true, "an": true, "it": true, "example": true, "body": true, "box": true, "field": true, "value": true, "values": true, "no": true, "nothing": true, "empty": true}
	docsValueBad   = map[string]bool{"and": true, "then": true, "but": true, "the": true, "a": true, "an": true, "it": true, "empty": true, "blank": true, "nothing": true}
)

// docsOpRef is an operation the rewrite opens.
type docsOpRef struct {
	name    string // the summary, or METHOD /path
	mp      bool   // named by its method and path
	implied bool   // the claim does not say it is opened
}

// docsRewrite is what docsSay made of a claim.
type docsRewrite struct {
	said      string
	ops       []docsOpRef
	tryGuess  bool // the "Try it out" click is not said, only needed
	execGuess bool // the Execute click is read from "executing 'X'"
	executed  bool
	statuses  bool
	example   bool // the example body is sent as the UI fills it in
	params    bool // a parameter is looked for in the opened operation
	inside    []docsInside
	fills     []string // the parameters the rewrite fills
	reason    string   // a reason the claim gives, not checked
	body      string   // what the response is said to be ("the book"), not checked
	empty     string   // the parameter left empty ("" with emptySaid: the only one)
	emptySaid bool
	bare      string // an operation named without quotes
}

// docsInside is a text looked for in a part of the executed request.
type docsInside struct{ part, text string }

// docsParts are where Swagger UI shows the request it sent.
var docsParts = map[string]string{"curl": "css=.curl-command", "url": "css=.request-url", "body": "css=.live-responses-table tbody .response-col_description",
	"errors": docsOpenAny + " .validation-errors"}

// unq returns a quoted text without its quotes, or s.
func unq(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// docsSay says a claim about an API docs UI again in the claim language;
// ok is false when the claim says nothing only a docs UI has.
func docsSay(claim string) (docsRewrite, bool) {
	c := normalizeClaim(claim)
	var rw docsRewrite
	if reDocsEndsWith.MatchString(c) {
		// where a text ends or starts: a step checks that a part holds a
		// text, and holding it is less than ending with it
		return rw, false
	}
	if m := reDocsEmptyParam.FindStringSubmatch(c); m != nil && len(reDocsEmptyParam.FindAllString(c, -1)) == 1 {
		p := unq(m[1] + m[2] + m[3] + m[4] + m[5] + m[6] + m[7])
		if docsParamBad[strings.ToLower(p)] {
			return rw, false
		}
		rw.empty, rw.emptySaid = p, true
		c = reDocsEmptyParam.ReplaceAllString(c, "")
	}
	if reDocsLeftEmpty.MatchString(c) {
		return rw, false // a box left as it is, said another way
	}
	if m := reDocsBareOp.FindStringSubmatch(c); m != nil && len(reDocsBareOp.FindAllString(c, -1)) == 1 {
		for _, w := range strings.Fields(strings.ToLower(m[2])) {
			if docsBareOpStop[w] {
				return rw, false
			}
		}
		rw.bare = m[2]
		c = strings.Replace(c, m[0], m[1]+" "+plan.Quote(m[2])+",", 1)
	}
	if strings.Contains(c, "vouch-live-status-") || strings.Contains(c, "vouch-param-") || strings.Contains(c, "vouch-inside-") {
		return rw, false // the rewrite's own marks, never a claim's text
	}
	if reDocsExample.MatchString(c) {
		// The example Swagger UI fills in on "Try it out" is what is sent.
		rw.example = true
		c = reDocsExample.ReplaceAllString(c, "")
	}
	addOp := func(name string, implied bool) string {
		name = unq(name)
		rw.ops = append(rw.ops, docsOpRef{name: name, mp: reDocsMPWhole.MatchString(name), implied: implied})
		return "clicking " + plan.Quote(name)
	}
	tryIt := "clicking 'Try it out'"
	docs := false
	bad := false
	param := func(p, v string) string {
		p, v = unq(p), unq(v)
		rw.fills = append(rw.fills, p)
		if docsParamBad[strings.ToLower(p)] || docsValueBad[strings.ToLower(v)] {
			bad = true
		}
		return "filling " + plan.Quote(p) + " with " + plan.Quote(v)
	}
	withParam := func(p, v string) string {
		if p == "" {
			return ""
		}
		return ", " + param(p, v)
	}
	// The operation the sentence is about, named first.
	if m := reDocsOnOp.FindStringSubmatch(c); m != nil && docsActions(m[2]) {
		c = upperFirst(addOp(m[1], true)) + ", then " + lowerFirst(m[2])
		docs = true
	} else if m := reDocsSubject.FindStringSubmatch(c); m != nil {
		c = upperFirst(addOp(m[1], true)) + " " + docsVerb(m[2]) + " " + m[3]
		docs = true
	}
	rep := func(re *lazyRegexp, f func(m []string) string) {
		c = replaceSubmatch(re, c, func(m []string) string {
			docs = true
			return f(m)
		})
	}
	rep(reDocsOpExeced, func(m []string) string {
		rw.tryGuess, rw.execGuess = true, true
		return "after " + addOp(m[1], true) + ", " + tryIt + " and clicking 'Execute'"
	})
	rep(reDocsYouExec, func(m []string) string {
		rw.tryGuess, rw.execGuess = true, true
		return "after " + addOp(m[1], true) + ", " + tryIt + " and clicking 'Execute'"
	})
	rep(reDocsTryExecOn, func(m []string) string {
		return addOp(m[1], true) + ", then " + tryIt + withParam(m[2], m[3]) + ", then clicking 'Execute'"
	})
	rep(reDocsExecOn, func(m []string) string {
		rw.tryGuess = true
		return addOp(m[1], true) + ", then " + tryIt + withParam(m[2], m[3]) + ", then clicking 'Execute'"
	})
	rep(reDocsWhenExec, func(m []string) string {
		// "'X' returns 200 when executed": the actions first
		rw.tryGuess, rw.execGuess = true, true
		return addOp(m[1], true) + ", then " + tryIt + ", then clicking 'Execute' " + m[2]
	})
	rep(reDocsTryOn, func(m []string) string { return addOp(m[1], true) + ", then " + tryIt + withParam(m[2], m[3]) })
	rep(reDocsTryOut, func(m []string) string {
		return addOp(m[1]+m[2], true) + ", then " + tryIt + withParam(m[3], m[4])
	})
	rep(reDocsExecOp, func(m []string) string {
		said := strings.Contains(strings.ToLower(m[0]), "try")
		rw.tryGuess = rw.tryGuess || !said
		rw.execGuess = true
		return addOp(m[1], true) + ", then " + tryIt + withParam(m[2], m[3]) + ", then clicking 'Execute'"
	})
	rep(reDocsExpandMP, func(m []string) string { return addOp(m[1], false) })
	if !docs && len(rw.ops) == 0 && !reDocsUIControl.MatchString(c) {
		return rw, false
	}
	// A parameter the opened operation lists: its row, never the name
	// anywhere on the page (an API's description may say "limit" too).
	c = replaceSubmatch(reDocsParamNoun, c, func(m []string) string {
		rw.params = true
		if strings.EqualFold(m[1], "no") {
			return "does not show 'vouch-param-" + unq(m[2]) + "'"
		}
		return "'vouch-param-" + unq(m[2]) + "'"
	})
	// Parameters typed by a verb, then the Execute click, then controls
	// by name.
	c = replaceSubmatch(reDocsTypeParam, c, func(m []string) string { return param(m[2], m[1]) })
	c = replaceSubmatch(reDocsSetParam, c, func(m []string) string { return param(m[1], m[2]) })
	c = replaceSubmatch(reDocsFillParam, c, func(m []string) string { return param(m[1], m[2]) })
	if bad {
		return rw, false
	}
	c = reDocsExecIt.ReplaceAllString(c, "clicking 'Execute'")
	c = reDocsExecBare.ReplaceAllString(c, "${1}clicking 'Execute'")
	c = reDocsControl.ReplaceAllString(c, "${1}'${2}'")
	c = reDocsHasControl.ReplaceAllString(c, "$1 '$2' button")
	if m := reDocsAfterFirst.FindStringSubmatch(c); m != nil {
		c = m[2] + ", then " + lowerFirst(m[1]) + " " + m[3]
	}
	c = reDocsRemoves.ReplaceAllString(c, "hides $1")
	c = reDocsAppears.ReplaceAllString(c, "shows a $1 button")
	if m := reDocsTurns.FindStringSubmatchIndex(c); m != nil {
		// The button just clicked is the one that turns into another,
		// unless the claim names another control that turns ("the
		// 'Example Value' tab turns into 'Edit Value'": the composer
		// reads that one).
		last := regexp.MustCompile(`clicking ('[^']{1,40}'|"[^"]{1,40}")`).FindAllStringSubmatch(c[:m[0]], -1)
		if len(last) == 0 {
			return rw, false
		}
		if n := reDocsNamedTurns.FindStringSubmatch(c[:m[0]]); n == nil || n[1][1:len(n[1])-1] == last[len(last)-1][1][1:len(last[len(last)-1][1])-1] {
			c = c[:m[0]] + " hides " + last[len(last)-1][1] + " and shows a " + c[m[2]:m[3]] + " button" + c[m[1]:]
		}
	}
	rw.executed = strings.Contains(c, "clicking 'Execute'") || strings.Contains(c, "then 'Execute'")
	if m := reDocsBodyStatus.FindStringSubmatch(c); m != nil && rw.executed && len(reDocsBodyStatus.FindAllString(c, -1)) == 1 && !docsParamBad[strings.ToLower(m[3])] {
		// "returns the book with a 200": the status is checked; what
		// the body is said to be is a description, noted
		rw.body = m[2] + " " + m[3]
		c = strings.Replace(c, m[0], m[1]+" "+m[4], 1)
	}
	if rw.executed {
		// After Execute, a status is the response's: said as a status
		// ("returns 201", "gets a '200' back"), or quoted alone ("shows
		// '404' and 'Error: Not Found'").
		c = replaceSubmatch(reDocsRespStatus, c, func(m []string) string {
			rw.statuses = true
			if m[1] != "" {
				return "does not show 'vouch-live-status-" + m[2] + m[3] + m[4] + "'"
			}
			return "shows 'vouch-live-status-" + m[2] + m[3] + m[4] + "'"
		})
		c = replaceSubmatch(reDocsRespBody, c, func(m []string) string {
			rw.inside = append(rw.inside, docsInside{part: "body", text: unq(m[2])})
			if m[1] != "" {
				return fmt.Sprintf("does not show 'vouch-inside-%d'", len(rw.inside)-1)
			}
			return fmt.Sprintf("shows 'vouch-inside-%d'", len(rw.inside)-1)
		})
		c = replaceSubmatch(reDocsInBody, c, func(m []string) string {
			rw.inside = append(rw.inside, docsInside{part: "body", text: unq(m[2])})
			if m[1] != "" {
				return fmt.Sprintf("does not show 'vouch-inside-%d'", len(rw.inside)-1)
			}
			return fmt.Sprintf("shows 'vouch-inside-%d'", len(rw.inside)-1)
		})
		c = replaceSubmatch(reDocsNoStatus, c, func(m []string) string {
			rw.statuses = true
			return "does not show 'vouch-live-status-" + m[1] + m[2] + m[3] + "'"
		})
		c = replaceSubmatch(reDocsStatusWords, c, func(m []string) string {
			rw.statuses = true
			return "shows 'vouch-live-status-" + m[1] + m[2] + m[3] + "'"
		})
		c = replaceSubmatch(reDocsQuotedStat, c, func(m []string) string {
			rw.statuses = true
			return "'vouch-live-status-" + m[1] + m[2] + "'"
		})
		// What the request shown holds: the curl command, the request URL.
		c = replaceSubmatch(reDocsShownRequest, c, func(m []string) string {
			part := "curl"
			if strings.Contains(strings.ToLower(m[1]+m[2]), "request url") {
				part = "url"
			}
			rw.inside = append(rw.inside, docsInside{part: part, text: unq(m[3])})
			return fmt.Sprintf("shows 'vouch-inside-%d'", len(rw.inside)-1)
		})
	}
	// A reason the claim gives ("since no backend is running") is why the
	// claim holds, not what is seen: noted, not checked.
	if m := reDocsReason.FindStringSubmatchIndex(c); m != nil && rw.executed {
		rw.reason = c[m[2]:m[3]]
		c = c[:m[0]]
	}
	if rw.executed && rw.emptySaid {
		// a complaint after Execute with a box left empty is the docs
		// UI's own, about the parameters: its validation message, not
		// the server response ("complains 'Failed to fetch'" without
		// one may be the response's, and stays a text of the page)
		c = replaceSubmatch(reDocsComplains, c, func(m []string) string {
			rw.inside = append(rw.inside, docsInside{part: "errors", text: unq(m[1])})
			return fmt.Sprintf("shows 'vouch-inside-%d'", len(rw.inside)-1)
		})
	} else if rw.emptySaid {
		return rw, false // a box left empty, and no Execute said
	}
	c = reDocsComplains.ReplaceAllString(c, "shows $1")
	c = strings.NewReplacer(", ,", ",", ",,", ",", " ,", ",", ", and ", " and ").Replace(c)
	c = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c), ","))
	rw.said = upperFirst(c)
	return rw, true
}

// docsActions reports whether s does what only a docs UI offers.
func docsActions(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "try it out") || strings.Contains(l, "execut")
}

// docsVerb is a subject's verb said after an action ("has" → "shows").
func docsVerb(v string) string {
	switch v {
	case "has", "offers":
		return "shows"
	}
	return v
}

// replaceSubmatch is regexp's ReplaceAllStringFunc with the submatches.
func replaceSubmatch(re *lazyRegexp, s string, f func([]string) string) string {
	return re.ReplaceAllStringFunc(s, func(x string) string {
		return f(re.FindStringSubmatch(x))
	})
}

// docsStatusTarget is where Swagger UI shows the status of the response
// to an executed operation (its "Server response" table); the documented
// responses above it list codes too, so a status is never looked for
// anywhere else.
const (
	docsLiveSection = "css=.live-responses-table"
	docsLiveStatus  = "css=.live-responses-table tbody .response-col_status"
	// docsOpenOp is the operation Swagger UI shows opened.
	docsOpenOp = "css=.opblock.is-open"
)

// deriveDocs derives a claim about an API docs UI (see docsSay); ok is
// false when the claim is not one, or its rewrite does not derive.
func deriveDocs(claim string) (Derivation, bool) {
	if d, ok := deriveDocsMore(claim); ok {
		// a part of the docs read whole (compose_docs_more.go)
		return d, true
	}
	if d, ok := deriveDocsOps(claim); ok {
		// operations, parameters and responses documented (docs_ops.go)
		return d, true
	}
	rw, ok := docsSay(stripLabel(claim))
	if !ok {
		return Derivation{}, false
	}
	d, r := derive(rw.said)
	if r != nil || d.Plan == nil {
		return Derivation{}, false
	}
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var steps []plan.Step
		opened := map[string]bool{}
		tried, execed := false, false
		for _, s := range j.Steps {
			if execed && (s.Kind == plan.ExpectStatus || s.Kind == plan.ExpectNoConsoleErrors) {
				// the page's own status or health said of an executed
				// operation ("the response is fine") is not the response's
				return Derivation{}, false
			}
			if s.Kind == plan.Fill && (execed || !docsFilled(rw.fills, s.Target)) {
				// only the parameters the rewrite read are typed, and
				// before Execute: anything else is a reading of its own
				return Derivation{}, false
			}
			switch {
			case s.Kind == plan.Click && docsOpClick(rw.ops, s.Target) != nil && !opened[s.Target]:
				op := docsOpClick(rw.ops, s.Target)
				opened[s.Target] = true
				if op.mp {
					// A method and path are not a text of their own in a
					// docs UI: the control that opens the operation is
					// named by them (Swagger UI's arrow "get /books").
					s.Target = plan.Target{Kind: plan.ByRole, Value: "button", Name: op.name}.String()
				}
				s.Reach = op.implied || op.mp
			case s.Kind == plan.Click && s.Target == docsExactText("Try it out") && !tried:
				tried = true
				s.Reach = rw.tryGuess
			case s.Kind == plan.Click && (s.Target == docsExactText("Execute") || s.Target == `role=button[name="Execute"]`) && !execed:
				execed = true
				s.Reach = rw.execGuess
				if rw.emptySaid {
					// the box is empty as Execute is pressed: a box the
					// docs UI filled in (a default) is no box left empty
					steps = append(steps, plan.Step{Kind: plan.Hover, Target: docsEmptyBox(rw.empty), Reach: true})
				}
			case (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && reDocsParamSent.MatchString(s.Value):
				name := reDocsParamSent.FindStringSubmatch(s.Value)[1]
				kind := plan.ExpectVisible
				if s.Kind == plan.ExpectNoText {
					kind = plan.ExpectHidden
				}
				steps = append(steps, plan.Step{Kind: plan.Hover, Target: docsOpenOp, Reach: true})
				s = plan.Step{Kind: kind, Target: docsOpenOp + ` tr[data-param-name="` + name + `"]`, Timeout: s.Timeout}
			case (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && reDocsInside.MatchString(s.Value):
				n, _ := strconv.Atoi(reDocsInside.FindStringSubmatch(s.Value)[1])
				if n >= len(rw.inside) {
					return Derivation{}, false
				}
				in := rw.inside[n]
				steps = append(steps, plan.Step{Kind: plan.Hover, Target: docsParts[in.part], Reach: true})
				s.Value, s.Target = in.text, docsParts[in.part]
			case (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && reDocsSentinel.MatchString(s.Value):
				if s.Target != "" || !reDocsSentinel.MatchString(s.Value) || reDocsSentinel.FindString(s.Value) != s.Value {
					return Derivation{}, false
				}
				code := reDocsSentinel.FindStringSubmatch(s.Value)[1]
				steps = append(steps, plan.Step{Kind: plan.Hover, Target: docsLiveSection, Reach: true})
				s.Value = code
				s.Target = docsLiveStatus
			}
			steps = append(steps, s)
		}
		j.Steps = steps
	}
	var pairs []string
	for _, m := range reDocsSentinel.FindAllStringSubmatch(rw.said, -1) {
		pairs = append(pairs,
			`the page shows "`+m[0]+`"`, "the response shown under Server response has the status "+m[1],
			`the page does not show "`+m[0]+`"`, "the response shown under Server response does not have the status "+m[1],
			`"`+m[0]+`"`, m[1], m[0], m[1])
	}
	for _, m := range regexp.MustCompile(`vouch-param-([\w.\-\[\]]+)`).FindAllStringSubmatch(rw.said, -1) {
		pairs = append(pairs,
			`the page shows "`+m[0]+`"`, "the opened operation lists the parameter "+plan.Quote(m[1]),
			`the page does not show "`+m[0]+`"`, "the opened operation does not list the parameter "+plan.Quote(m[1]),
			`"`+m[0]+`"`, plan.Quote(m[1]), m[0], m[1])
	}
	for i, in := range rw.inside {
		m := fmt.Sprintf("vouch-inside-%d", i)
		what := map[string]string{"curl": "the curl command shown", "url": "the request URL shown", "body": "the response shown under Server response", "errors": "the validation message of the operation"}[in.part]
		pairs = append(pairs,
			`the page shows "`+m+`"`, what+" contains "+plan.Quote(in.text),
			`the page does not show "`+m+`"`, what+" does not contain "+plan.Quote(in.text),
			`"`+m+`"`, plan.Quote(in.text), m, in.text)
	}
	for _, op := range rw.ops {
		if op.mp {
			pairs = append(pairs, `click the text "`+op.name+`"`, `click the "`+op.name+`" button`)
		}
	}
	if rw.emptySaid {
		box := "the only parameter box"
		if rw.empty != "" {
			box = "the " + plan.Quote(rw.empty) + " box"
		}
		pairs = append(pairs, `click the text "Execute"`, `leave `+box+` empty, click the text "Execute"`,
			`click the "Execute" button`, `leave `+box+` empty, click the "Execute" button`)
	}
	fix := strings.NewReplacer(pairs...)
	for i := range d.Requirements {
		d.Requirements[i].Text = fix.Replace(d.Requirements[i].Text)
	}
	for i := range d.Plan.Requirements {
		d.Plan.Requirements[i].Text = fix.Replace(d.Plan.Requirements[i].Text)
	}
	for i := range d.Plan.Journeys {
		// A journey is named after its requirement's text (derive
		// shortens it, which can cut a sentinel in two).
		j := &d.Plan.Journeys[i]
		j.Name = fix.Replace(j.Name)
		for _, rq := range d.Plan.Requirements {
			if rq.ID == j.Requirement && strings.HasPrefix(j.Name, rq.ID+" ") {
				j.Name = rq.ID + " " + shorten(strings.TrimSuffix(rq.Text, "."), 72)
			}
		}
	}
	for i := range d.Requirements {
		for k := range d.Requirements[i].ProvenBy {
			p := &d.Requirements[i].ProvenBy[k]
			p.Name = d.Plan.Journeys[p.Journey-1].Name
			p.Step = docsShift(d.Plan.Journeys[p.Journey-1].Steps, p.Step)
		}
	}
	var notes []string
	for i := range d.Notes {
		d.Notes[i] = fix.Replace(d.Notes[i])
	}
	notes = append(notes, "Read as a claim about interactive API documentation (an OpenAPI docs UI such as Swagger UI): "+strconv.Quote(rw.said)+" in the claim language.")
	for _, op := range rw.ops {
		switch {
		case op.mp:
			notes = append(notes, fmt.Sprintf("The operation %s is opened by the button named by its method and path, as Swagger UI names it: a guess, so if there is none the run is blocked, not failed.", op.name))
		case op.implied:
			notes = append(notes, fmt.Sprintf("The claim does not say how the operation %s is opened: the plan clicks its summary, a guess, so if there is no such text the run is blocked, not failed. Docs that show every operation open already (Swagger UI's docExpansion: full) are closed by that click: say so in the claim if yours do.", plan.Quote(op.name)))
		}
	}
	if rw.tryGuess {
		notes = append(notes, `An operation is executed after clicking "Try it out", as Swagger UI needs: the claim does not say so, so if there is no such button the run is blocked, not failed.`)
	}
	if rw.execGuess {
		notes = append(notes, `"Executing" an operation is read as clicking its "Execute" button: if there is none, the run is blocked, not failed.`)
	}
	if rw.example {
		notes = append(notes, `"With the example body" is read as sending what the docs UI fills in on "Try it out": nothing is typed.`)
	}
	if rw.params {
		notes = append(notes, "A parameter is looked for as a row of the opened operation's parameters (Swagger UI's data-param-name), never as a text anywhere on the page. If no operation shows opened, the run is blocked, not failed.")
	}
	if rw.bare != "" {
		notes = append(notes, fmt.Sprintf("The operation named without quotes (%s) is taken as its summary, the words up to the comma.", plan.Quote(rw.bare)))
	}
	if rw.emptySaid {
		box := "the operation's only parameter box"
		if rw.empty != "" {
			box = "the box of the parameter " + plan.Quote(rw.empty)
		}
		notes = append(notes, fmt.Sprintf("Nothing is typed, and before Execute the plan checks that %s shows its placeholder (empty, no default filled in): if it does not, or there is no such box, the run is blocked, not failed.", box))
	}
	for _, in := range rw.inside {
		if in.part == "errors" {
			notes = append(notes, "What the docs UI complains is looked for in its validation message inside the operation (Swagger UI's .validation-errors, shown when Execute finds a parameter missing or wrong), never in the server response: if there is none, the run is blocked, not failed.")
			break
		}
	}
	if docsShownParts(rw.inside) {
		notes = append(notes, "The curl command, request URL and response body are the ones the docs UI shows after Execute (Swagger UI's .curl-command, .request-url and Server response table): if they do not appear, the run is blocked, not failed.")
	}
	if rw.body != "" {
		notes = append(notes, fmt.Sprintf("%q is what the claim says the response is, a description no step can look for: only the status is checked.", rw.body))
	}
	if rw.reason != "" {
		notes = append(notes, fmt.Sprintf("The reason the claim gives (%q) is why it holds, not something seen: it is not checked.", rw.reason))
	}
	if rw.statuses {
		notes = append(notes, "The status is the one of the response the docs UI shows after Execute (Swagger UI's Server response table), never a code found elsewhere on the page: the documented responses list codes too. If that section does not appear, the run is blocked, not failed.")
	}
	d.Notes = append(notes, d.Notes...)
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	if canon := string(d.Plan.Canonical()); strings.Contains(canon, "vouch-live-status-") || strings.Contains(canon, "vouch-param-") || strings.Contains(canon, "vouch-inside-") {
		return Derivation{}, false
	}
	if err := d.Plan.Validate(); err != nil {
		return Derivation{}, false
	}
	return d, true
}

// docsShift returns where step n (1-based, counted before the hovers
// deriveDocs added) now is among steps.
func docsShift(steps []plan.Step, n int) int {
	added := 0
	orig := 0
	for i, s := range steps {
		if s.Kind == plan.Hover && (s.Target == docsLiveSection || s.Target == docsOpenOp || s.Target == docsParts["curl"] || s.Target == docsParts["url"] || s.Target == docsParts["body"] || strings.HasPrefix(s.Target, docsOpenAny)) && s.Reach {
			added++
			continue
		}
		orig++
		if orig == n {
			return i + 1
		}
	}
	return n + added
}

// docsShownParts reports whether a text is looked for in the request or
// response the docs UI shows after Execute.
func docsShownParts(in []docsInside) bool {
	for _, x := range in {
		if x.part != "errors" {
			return true
		}
	}
	return false
}

// docsRefusal is the refusal of a claim about an API docs UI that says
// where a text ends or starts ("the request URL shown ends in
// '/api/books'"): no step checks it, and "contains" proves less. Nil
// when the claim is no such claim.
func docsRefusal(claim string) *refusal {
	c := normalizeClaim(stripLabel(claim))
	loc := reDocsEndsWith.FindStringIndex(c)
	if loc == nil || len(reDocsEndsWith.FindAllStringIndex(c, -1)) > 1 {
		return nil
	}
	alt := c[:loc[0]] + "contains" + c[loc[1]:]
	if _, ok := deriveDocs(alt); !ok {
		return nil
	}
	return &refusal{cause: "unsupported",
		reason:  fmt.Sprintf("%q says where the text is, at the end or the start, and no step checks that: a step checks that the part contains the text, which proves less; say \"contains\" if that is what you mean", c[loc[0]:loc[1]]),
		suggest: []string{alt}}
}

// docsEmptyBox is the box of a parameter (or of the operation's only
// one) showing its placeholder: left empty.
func docsEmptyBox(param string) string {
	if param == "" {
		return docsOpenAny + " table.parameters > tbody > tr:only-child input:placeholder-shown"
	}
	return docsOpenAny + ` tr[data-param-name="` + param + `"] input:placeholder-shown`
}

// docsFilled reports whether a fill's target is one of the parameters the
// rewrite read.
func docsFilled(fills []string, target string) bool {
	for _, f := range fills {
		if target == (plan.Target{Kind: plan.ByLabel, Value: f}).String() {
			return true
		}
	}
	return false
}

// docsExactText is the target of "clicking 'name'".
func docsExactText(name string) string {
	return plan.Target{Kind: plan.ByText, Value: name, Exact: true}.String()
}

// docsOpClick returns the operation a click target opens, or nil.
func docsOpClick(ops []docsOpRef, target string) *docsOpRef {
	for i := range ops {
		if target == docsExactText(ops[i].name) {
			return &ops[i]
		}
	}
	return nil
}

// The API docs named as a page ("the Swagger page", "Swagger UI", "the
// API docs"): a docs UI the claim does not give a path for. The plan
// guesses it is the deployment's home page, the way a Swagger UI
// deployment serves it, and first checks that Swagger UI is there: if it
// is not (the docs are at /docs, say), the run is blocked, never failed.
// A bare "the docs" is not read here: a documentation site has docs too.

// reDocsPage is an API docs UI named as a page.
var reDocsPage = lazyRE(`\b(?:(?i:the|our) )?(?:(?i:swagger(?:[- ]ui)?(?: page| docs| documentation| ui)?)|(?:[A-Z][\w-]* )?(?i:(?:open)?api (?:docs|documentation)(?: page)?))\b`)

// reDocsTitle is a title said of API docs, which may be the document's
// or the API's own (the heading).
var reDocsTitle = lazyRE(`(?i)\b(?:title|titled|heading|tab)\b`)

// docsUIRoot is the element Swagger UI draws into.
const docsUIRoot = "css=.swagger-ui"

// deriveDocsPage derives a claim that names the API docs as a page; ok is
// false when it names none, or what it says of them does not derive.
func deriveDocsPage(claim string) (Derivation, bool) {
	c := normalizeClaim(stripLabel(claim))
	loc := reDocsPage.FindStringIndex(c)
	if loc == nil || len(reDocsPage.FindAllStringIndex(c, -1)) > 1 || reDocsTitle.MatchString(c) {
		// "the title" of API docs is the page's or the API's: refused
		return Derivation{}, false
	}
	named := c[loc[0]:loc[1]]
	said := c[:loc[0]] + "the home page" + c[loc[1]:]
	if loc[0] == 0 {
		said = upperFirst(said)
	}
	d, r := derive(said)
	if r != nil {
		var ok bool
		if d, ok = deriveDocs(said); !ok {
			if d, ok = deriveDocsPart(said); !ok {
				return Derivation{}, false
			}
		}
	}
	if !afterHomeVisit(&d, docsUIRoot) {
		return Derivation{}, false
	}
	if err := d.Plan.Validate(); err != nil {
		return Derivation{}, false
	}
	d.Notes = append([]string{fmt.Sprintf("The claim names %q without a path: the plan guesses it is Swagger UI on the deployment's home page (/) and first checks that Swagger UI is there; if it is not (the docs are elsewhere, or another docs UI), the run is blocked, not failed. Name the path (\"on /docs, …\") to be sure.", named)}, d.Notes...)
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	return d, true
}

// afterHomeVisit puts a reach hover on mark right after each journey's
// visit of the home page, where the docs must be; false when a journey
// starts elsewhere (the docs are the home page in this reading, and nothing
// else).
func afterHomeVisit(d *Derivation, mark string) bool {
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		if len(j.Steps) == 0 || j.Steps[0].Kind != plan.Visit || j.Steps[0].Value != "/" {
			return false
		}
		j.Steps = append([]plan.Step{j.Steps[0], {Kind: plan.Hover, Target: mark, Reach: true}}, j.Steps[1:]...)
	}
	for i := range d.Requirements {
		for k := range d.Requirements[i].ProvenBy {
			d.Requirements[i].ProvenBy[k].Step++
		}
	}
	return true
}
