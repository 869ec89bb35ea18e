package claim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// The every reader reads a rule about every item of a JSON list a path
// answers, said with the field and value each item holds:
//
//	every task in GET /tasks?done=true has done true
//	all orders at /api/orders have status 'paid'
//	In /api/tasks?done=true, each task has done true
//	/api/tasks?done=true returns only tasks whose done is true
//	every task on /tasks says '"done": false'
//
// It is checked with expect_json's every form: each item of the list
// holds the value, and there is at least one item — "every item has X"
// said of an empty list is no evidence, so an empty list fails it and
// never verifies it. The field is a JSON field only where the claim says
// the path answers JSON (GET, API, endpoint, JSON, /api/, a quoted JSON
// member); elsewhere a page may show "Done: true", and the claim is
// refused with the JSON reading offered. A value no rule types plainly
// ('2' quoted: a text or a number?), a value that is only part of the
// field ("an '@example.com' email"), or a count ("all three") is not read.

const (
	everyQ     = `(?i:every|each|all(?: of)?(?: the)?)`
	everyNoun  = `([a-z][a-z-]*)`
	everyPrep  = `(?i:in|on|at|from|of|returned by|listed (?:at|by|on))`
	everyPath  = `(GET )?(/[^\s,]*)`
	everyField = `(?:(?:its|their|a|an) )?([A-Za-z_][\w]*)`
	everyValue = `('[^']{1,80}'|"[^"]{1,80}"|-?\d+(?:\.\d+)?|true|false|null|[A-Za-z][\w-]*)`
	everyLink  = `(?: (?i:set to|of|equal to|as|=|:|being))?`
)

var (
	// every task in /tasks has done true
	reEveryHas = lazyRE(`^` + everyQ + ` ` + everyNoun + ` ` + everyPrep + ` ` + everyPath + ` (?i:has|have) ` + everyField + everyLink + ` ` + everyValue + `$`)
	// every task in /tasks has a done of true, … whose done is true
	reEveryWhose = lazyRE(`^` + everyQ + ` ` + everyNoun + ` ` + everyPrep + ` ` + everyPath + ` (?i:has|have) (?:its |their )?` + `([A-Za-z_][\w]*) (?i:is|are) ` + everyValue + `$`)
	// In /tasks, every task has done true
	// the tasks in GET /tasks all have done true
	reEveryAll = lazyRE(`^(?i:the) ` + everyNoun + ` ` + everyPrep + ` ` + everyPath + ` (?i:all|each) (?i:have|has) ` + everyField + everyLink + ` ` + everyValue + `$`)
	// every task's done in GET /tasks is true; in GET /tasks, every task's done is true
	reEveryPoss   = lazyRE(`^` + everyQ + ` ` + everyNoun + `'s ([A-Za-z_][\w]*) ` + everyPrep + ` ` + everyPath + ` (?i:is|equals) ` + everyValue + `$`)
	reEveryInPoss = lazyRE(`^(?i:in|on|at|from) ` + everyPath + `, ` + everyQ + ` ` + everyNoun + `'s ([A-Za-z_][\w]*) (?i:is|equals) ` + everyValue + `$`)
	reEveryIn     = lazyRE(`^(?i:in|on|at|from) ` + everyPath + `, ` + everyQ + ` ` + everyNoun + ` (?i:has|have) ` + everyField + everyLink + ` ` + everyValue + `$`)
	// /tasks returns only tasks whose done is true / with done true
	reEveryOnly = lazyRE(`^` + everyPath + ` (?i:returns only|lists only|gives back only|answers with only|shows only|only returns|only lists|only gives back|only shows|contains only|only contains) ` + everyNoun + ` (?:(?i:whose) ([A-Za-z_][\w]*) (?i:is|are)|(?i:with|having|that have) ` + everyField + everyLink + `) ` + everyValue + `$`)
	// every task on /tasks says '"done": false'
	reEveryPair = lazyRE(`^` + everyQ + ` ` + everyNoun + ` ` + everyPrep + ` ` + everyPath + ` (?i:says|say|shows|show|has|have|contains|contain|includes|include) ('"[^"]{1,40}": ?[^']{1,80}'|"'[^']{1,40}': ?[^"]{1,80}")$`)
)

var reEveryNumber = lazyRE(`^-?\d+(?:\.\d+)?$`)

// everyBadNoun are words before a path that are no items ("every time").
var everyBadNoun = map[string]bool{"time": true, "times": true, "one": true, "request": true, "requests": true,
	"change": true, "changes": true, "write": true, "deploy": true, "page": true, "pages": true, "load": true,
	// kinds of element: "every button has an accessible name" is said of
	// the page's controls, not of a JSON list's items
	"button": true, "buttons": true, "link": true, "links": true, "image": true, "images": true,
	"heading": true, "headings": true, "field": true, "fields": true, "input": true, "inputs": true,
	"checkbox": true, "checkboxes": true, "form": true, "forms": true, "tab": true, "tabs": true,
	"icon": true, "icons": true, "control": true, "controls": true, "element": true, "elements": true}

// everyBadField are words where a field's name would be that name none.
var everyBadField = map[string]bool{"the": true, "a": true, "an": true, "no": true, "not": true, "value": true,
	"field": true, "one": true, "some": true, "only": true, "been": true, "set": true, "to": true}

// everyClaim is a rule read by the every reader.
type everyClaim struct {
	path, field string
	value       string // compact JSON
	quoted      string // the claim's quoted text, kept in the requirement
	json        bool   // the claim says the path answers JSON
	get         bool   // the claim names the path with GET
}

// everyRead reads claim as a rule about every item of a JSON list; ok is
// false when it is not one.
func everyRead(claim string) (everyClaim, bool) {
	c := normalizeClaim(claim)
	var e everyClaim
	var noun, value string
	if m := reEveryPair.FindStringSubmatch(c); m != nil {
		noun, e.get, e.path = m[1], m[2] != "", m[3]
		e.quoted = m[4][1 : len(m[4])-1]
		field, v, ok := jsonMember(e.quoted)
		if !ok {
			return e, false
		}
		e.field, e.value, e.json = field, v, true
	} else if m := reEveryHas.FindStringSubmatch(c); m != nil {
		noun, e.get, e.path, e.field, value = m[1], m[2] != "", m[3], m[4], m[5]
	} else if m := reEveryWhose.FindStringSubmatch(c); m != nil {
		noun, e.get, e.path, e.field, value = m[1], m[2] != "", m[3], m[4], m[5]
	} else if m := reEveryIn.FindStringSubmatch(c); m != nil {
		e.get, e.path, noun, e.field, value = m[1] != "", m[2], m[3], m[4], m[5]
	} else if m := reEveryAll.FindStringSubmatch(c); m != nil {
		noun, e.get, e.path, e.field, value = m[1], m[2] != "", m[3], m[4], m[5]
	} else if m := reEveryPoss.FindStringSubmatch(c); m != nil {
		noun, e.field, e.get, e.path, value = m[1], m[2], m[3] != "", m[4], m[5]
	} else if m := reEveryInPoss.FindStringSubmatch(c); m != nil {
		e.get, e.path, noun, e.field, value = m[1] != "", m[2], m[3], m[4], m[5]
	} else if m := reEveryOnly.FindStringSubmatch(c); m != nil {
		e.get, e.path, noun, e.field, value = m[1] != "", m[2], m[3], m[4]+m[5], m[6]
	} else {
		return e, false
	}
	if everyBadNoun[strings.ToLower(noun)] || everyBadField[strings.ToLower(e.field)] {
		return e, false
	}
	if everyKindNoun[strings.ToLower(value)] {
		// "has a done flag", "has an email field": the kind of the
		// field, not its value
		return e, false
	}
	if e.value == "" {
		v, quoted, ok := everyTyped(value)
		if !ok {
			return e, false
		}
		e.value, e.quoted = v, quoted
	}
	lx := lexClaim(c)
	e.json = e.json || e.get || saysJSON(lx)
	return e, true
}

// everyTyped types a value as the API reader does: true, false, null and
// numbers unquoted are those JSON values; a quoted text is a string,
// unless it reads as a number or boolean too (then it is not read); one
// unquoted word is a string.
func everyTyped(v string) (value, quoted string, ok bool) {
	if q := unq(v); q != v {
		if jsonScalar(q) {
			return "", "", false
		}
		b, _ := json.Marshal(q)
		return string(b), "", true
	}
	switch {
	case v == "true" || v == "false" || v == "null":
		return v, "", true
	case reEveryNumber.MatchString(v):
		return v, "", true
	case everyBadField[strings.ToLower(v)] || v == "and" || v == "or":
		return "", "", false
	}
	b, _ := json.Marshal(v)
	return string(b), "", true
}

// jsonMember reads a quoted JSON member ('"done": false') as its name and
// its value in compact JSON.
func jsonMember(s string) (field, value string, ok bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "'") {
		return "", "", false
	}
	dec := json.NewDecoder(strings.NewReader("{" + s + "}"))
	dec.UseNumber()
	var m map[string]json.RawMessage
	if dec.Decode(&m) != nil || dec.More() || len(m) != 1 {
		return "", "", false
	}
	for k, raw := range m {
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			return "", "", false
		}
		return k, b.String(), true
	}
	return "", "", false
}

// deriveEvery derives a rule about every item of a JSON list (see
// everyRead): nil refusal and ok when it does; a refusal and ok when it
// read the claim but the path may be a page; ok false when the claim is
// not one.
func deriveEvery(full, claim string) (Derivation, *refusal, bool) {
	e, ok := everyRead(claim)
	if !ok {
		return Derivation{}, nil, false
	}
	if !e.json {
		r := &refusal{cause: "ambiguous", reason: fmt.Sprintf("%q with the value %s may be a field of each item of a JSON response or a text the page shows: start the path with \"GET\" (\"… in GET %s …\") if it answers JSON", e.field, e.value, e.path)}
		r.suggest = []string{strings.Replace(normalizeClaim(claim), " "+e.path, " GET "+e.path, 1)}
		return Derivation{}, r, true
	}
	segs, err := plan.PointerSegments("/*/" + e.field)
	if err != nil || len(segs) != 2 {
		return Derivation{}, nil, false
	}
	what := e.field + " " + e.value
	if e.quoted != "" {
		// the claim's own words, kept so that the plan says them
		what = e.field + " " + e.value + " (the claim's '" + e.quoted + "')"
	}
	text := fmt.Sprintf("On %s: every item of the JSON list (at least one) has %s.", e.path, what)
	pl := &plan.Plan{Version: 1, Name: planName(normalizeClaim(claim)),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1", Steps: []plan.Step{
			{Kind: plan.Visit, Value: e.path},
			{Kind: plan.ExpectJSON, At: "/*/" + escapeJSONPointer(e.field), Value: e.value, Every: true},
		}}}}
	notes := []string{
		fmt.Sprintf("\"Every\" is checked on each item of the list %s answers (the response itself is the list): each must hold %s at %q.", e.path, e.value, e.field),
		"An empty list fails the check: \"every item has it\" said of no item is no evidence, so an empty list never verifies the claim.",
	}
	d, err := Trace(full, pl, notes)
	if err != nil {
		return Derivation{}, nil, false
	}
	return d, nil, true
}

// everyKindNoun say what kind of thing a field is ("a done flag"), never
// its value.
var everyKindNoun = map[string]bool{"flag": true, "field": true, "key": true, "value": true, "property": true,
	"attribute": true, "member": true, "column": true, "entry": true, "boolean": true, "string": true, "number": true,
	// "every image has alt text": the kind of what the field holds
	"text": true}

// escapeJSONPointer escapes a member name for a JSON pointer.
func escapeJSONPointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// An empty JSON response said in words, where the claim says the path
// answers JSON: "GET /api/users?role=x returns an empty list of users",
// "the list of users at GET /api/users?role=x is empty", "GET /x comes
// back empty". A list is checked as [] ; "empty" alone as no items (an
// empty list or object).
var (
	reEmptyReturns = lazyRE(`^` + everyPath + ` (?i:returns|gives back|comes back with|answers with|answers) (?i:an )?(?i:empty) (?i:(list|array|object))(?: (?i:of) [a-z][a-z-]*)?$`)
	reEmptyIs      = lazyRE(`^` + everyPath + ` (?i:comes back|is|returns) (?i:empty)$`)
	reEmptyThe     = lazyRE(`^(?i:the) (?i:(list|array|response|result|results|json))(?: (?i:of) [a-z][a-z-]*)? (?i:at|from|of|returned by) ` + everyPath + ` (?i:is|are|comes back) (?i:empty)$`)
)

// deriveEmpty derives an empty JSON response said in words; ok is false
// when the claim is not one, or does not say the path answers JSON.
func deriveEmpty(full, claim string) (Derivation, bool) {
	c := normalizeClaim(claim)
	var get, path, kind string
	if m := reEmptyReturns.FindStringSubmatch(c); m != nil {
		get, path, kind = m[1], m[2], strings.ToLower(m[3])
	} else if m := reEmptyIs.FindStringSubmatch(c); m != nil {
		get, path = m[1], m[2]
	} else if m := reEmptyThe.FindStringSubmatch(c); m != nil {
		kind, get, path = strings.ToLower(m[1]), m[2], m[3]
	} else {
		return Derivation{}, false
	}
	if get == "" && !saysJSON(lexClaim(c)) {
		return Derivation{}, false
	}
	step := plan.Step{Kind: plan.ExpectJSON, Count: 0}
	what := "no items (an empty list or object)"
	switch kind {
	case "list", "array":
		step, what = plan.Step{Kind: plan.ExpectJSON, Value: "[]"}, "an empty list, []"
	case "object":
		step, what = plan.Step{Kind: plan.ExpectJSON, Value: "{}"}, "an empty object, {}"
	}
	text := fmt.Sprintf("On %s: the JSON response is %s.", path, what)
	pl := &plan.Plan{Version: 1, Name: planName(c),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys: []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1",
			Steps: []plan.Step{{Kind: plan.Visit, Value: path}, step}}}}
	d, err := Trace(full, pl, []string{"The response is read as JSON: " + what + "; a page that shows no items some other way fails."})
	if err != nil {
		return Derivation{}, false
	}
	return d, true
}
