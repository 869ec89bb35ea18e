package claim

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Fields of a JSON response named by a dotted path from its root, the way
// API docs and jq write them: "GET /api/v1/status/buildinfo returns status
// 'success' with data.version '2.42.0+ds'". A dotted path says where the
// field is, so each is checked at its own pointer (/data/version), never at
// any depth; a plain name beside one is read from the root as well. Plain
// names alone are fields too when the claim says the response is JSON or
// names the request by its method ("GET /health returns JSON with status
// 'ok'"): both say an API answers, not a page. Values are quoted texts or
// the JSON scalars true, false, null and numbers.

var (
	// the request and its verb; the rest holds the fields
	jpHead = regexp.MustCompile(`^(?i:(get)\s+)?(/[^\s,()"']*)\s+(?i:still\s+)?(?i:returns|answers with|answers|responds with|comes back with|gives back|serves|sends back|has)\s+(?i:(?:an?\s+)?(json)(?:\s+(?:object|response|body|document))?\s+(?:with|whose|where|in which)\s+)?(.+?)\s*[.!]?$`)
	// ", no token needed": what every fresh journey sends anyway
	jpNoCreds = regexp.MustCompile(`(?i)\s*[,;—-]\s*(?:no (?:token|login|sign-in|auth|authentication|api key|credentials) (?:needed|required|necessary)|without (?:an? |the |any )?(?:token|api key|credentials|login|signing in|logging in|auth|authentication))\s*([.!]?)$`)
	// a number that is an HTTP status
	jpHTTPStatus = regexp.MustCompile(`^[1-5]\d\d$`)
	// one field and its value, then what joins the next
	jpPair = regexp.MustCompile(`^([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\s*(?:=|:|\s(?i:is|of|equal to|set to)\s)?\s*("[^"]*"|'[^']*'|“[^”]*”|true|false|null|\d+(?:\.\d+){2,}(?:[-+][\w.+-]*)?|-?\d+(?:\.\d+)?)(?:\s*,\s*(?:and\s+)?|\s+(?:and|with)\s+|$)`)
)

// jpPageWord are plain names that say something of a page rather than a
// field ("GET /about has title 'About us'"): only a dotted path or a claim
// that says JSON makes them fields.
var jpPageWord = map[string]bool{"title": true, "heading": true, "headline": true, "text": true,
	"page": true, "header": true, "body": true, "content": true, "code": true, "http": true}

// jpNotField are words that go on the sentence rather than name a field.
var jpNotField = map[string]bool{"shows": true, "says": true, "has": true, "have": true, "lists": true,
	"contains": true, "displays": true, "reads": true, "includes": true, "returns": true, "gives": true, "is": true,
	"then": true, "also": true, "not": true, "no": true, "the": true, "a": true, "an": true}

// jpAdverb are words said before a value that name no field ("returns
// only 'Blue Train'", "returns just …").
var jpAdverb = map[string]bool{"only": true, "just": true, "exactly": true, "simply": true, "merely": true,
	"precisely": true, "still": true, "always": true, "never": true, "nothing": true, "something": true,
	"everything": true, "one": true, "again": true, "instead": true, "back": true, "also": true, "even": true,
	"solely": true, "purely": true, "literally": true, "correctly": true, "properly": true, "text": true}

// jpField is one field the claim names and the JSON value it holds.
type jpField struct {
	path, value string // value as compact JSON
}

// readJSONPaths reads the claim's request and fields; ok only when every
// word after the verb is a field and its value, and one field is dotted or
// the claim says JSON or GET.
func readJSONPaths(claim string) (path string, fields []jpField, ok bool) {
	c := strings.TrimSpace(normalizeClaim(stripLabel(claim)))
	c = jpNoCreds.ReplaceAllString(c, "$1")
	m := jpHead.FindStringSubmatch(c)
	if m == nil {
		return "", nil, false
	}
	get, path, json, rest := m[1] != "", m[2], m[3] != "", m[4]
	dotted, plain := false, false
	for rest != "" {
		p := jpPair.FindStringSubmatch(rest)
		if p == nil {
			return "", nil, false
		}
		name, v := p[1], p[2]
		if strings.Contains(name, ".") {
			dotted = true
		} else if l := strings.ToLower(name); jpNotField[l] || jpAdverb[l] || stopWords[l] || determiners[l] || quantifiers[l] {
			return "", nil, false // "and shows 'Welcome'": a check, no field
		} else {
			low := strings.ToLower(name)
			if jpPageWord[low] && !json {
				plain = true // a page's title, never a field, unless JSON is said
			}
			if low == "status" && jpHTTPStatus.MatchString(v) {
				return "", nil, false // "returns status 200": the HTTP status
			}
		}
		var val string
		switch {
		case strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'") || strings.HasPrefix(v, "“"):
			r := []rune(v)
			val = strconv.Quote(string(r[1 : len(r)-1]))
		case strings.Count(v, ".") >= 2:
			// "version 6.4.12": a version is no JSON number, so its text
			val = strconv.Quote(v)
		default:
			val = v
		}
		fields = append(fields, jpField{path: name, value: val})
		rest = rest[len(p[0]):]
	}
	if !dotted && !json {
		// the method alone: quoted values only ("GET /health returns status
		// 'ok'"); "GET /tasks/2 has done true" is the API readers' own
		for _, f := range fields {
			if !strings.HasPrefix(f.value, `"`) {
				return "", nil, false
			}
		}
	}
	return path, fields, len(fields) > 0 && (dotted || (json || get) && !plain)
}

// deriveJSONPaths derives a claim whose fields are named by dotted paths.
func deriveJSONPaths(claim string) (Derivation, bool) {
	path, fields, ok := readJSONPaths(claim)
	if !ok {
		return Derivation{}, false
	}
	p := &plan.Plan{Version: 1, Name: planName(normalizeClaim(stripLabel(claim)))}
	var notes []string
	if jpNoCreds.MatchString(strings.TrimSpace(normalizeClaim(stripLabel(claim)))) {
		notes = append(notes, "Every journey starts in a fresh browser with no cookies, token or credentials, so the request is sent without them.")
	}
	for i, f := range fields {
		var at strings.Builder
		for _, seg := range strings.Split(f.path, ".") {
			at.WriteString("/" + escapeJSONPointer(seg))
		}
		id := fmt.Sprintf("R%d", i+1)
		text := fmt.Sprintf("On %s: the JSON response's %s is %s.", path, f.path, f.value)
		p.Requirements = append(p.Requirements, plan.Requirement{ID: id, Text: text, Kind: "presence"})
		p.Journeys = append(p.Journeys, plan.Journey{Name: id + " " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: id,
			Steps: []plan.Step{{Kind: plan.Visit, Value: path}, {Kind: plan.ExpectJSON, At: at.String(), Value: f.value, Reach: true}}})
		what := "a text, as written"
		if !strings.HasPrefix(f.value, `"`) {
			what = "that JSON value"
		}
		notes = append(notes, fmt.Sprintf("%s is read as a path from the response's root (%s), holding %s (%s).", f.path, at.String(), f.value, what))
	}
	why := "The fields are named by a path"
	if !slices.ContainsFunc(fields, func(f jpField) bool { return strings.Contains(f.path, ".") }) {
		why = "The claim says the response is JSON, or names the request by its method"
	}
	notes = append(notes, why+", so the response is taken to be JSON: a page that is not JSON blocks the run rather than failing it.")
	d, err := Trace(claim, p, nil)
	if err != nil {
		return Derivation{}, false
	}
	d.Notes = append(notes, d.Notes...)
	return d, true
}
