// Package plan holds plans: journeys of browser steps that prove requirements.
//
// A plan is pure data. JSON is its canonical form; YAML is accepted for plans
// people write by hand. A plan's identity is the sha256 of its canonical JSON,
// so the same plan written with other field order, whitespace or in YAML has
// the same ID. Nothing in this package touches a browser or the network.
package plan

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"
)

// Version is the only plan format version this package reads and writes.
const Version = 1

// Plan is a named list of journeys, each proving one requirement.
type Plan struct {
	Version      int           `json:"version"`
	Name         string        `json:"name"`
	Requirements []Requirement `json:"requirements,omitempty"`
	Journeys     []Journey     `json:"journeys"`
}

// Requirement is one sentence a person can check, proven by the journeys that
// name its ID.
type Requirement struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Kind classifies the requirement (presence, absence, navigation, form,
	// sign-in, count, status, health, title, url, sequence). Optional.
	Kind string `json:"kind,omitempty"`
}

// Journey is an ordered list of steps run in one fresh, isolated browser
// context.
type Journey struct {
	Name        string `json:"name"`
	Requirement string `json:"requirement,omitempty"`
	Steps       []Step `json:"steps"`
}

// Kind names a step: an action or an assertion.
type Kind string

// Actions.
const (
	Visit      Kind = "visit"
	Click      Kind = "click"
	Fill       Kind = "fill"
	Select     Kind = "select"
	Check      Kind = "check"
	Uncheck    Kind = "uncheck"
	Press      Kind = "press"
	Hover      Kind = "hover"
	WaitFor    Kind = "wait_for"
	Screenshot Kind = "screenshot"
	DblClick   Kind = "dblclick"
	Reload     Kind = "reload"
	GoBack     Kind = "go_back"
	// RememberCount counts the visible matches of a target and keeps the
	// number under a name, for a later expect_count to compare with.
	RememberCount Kind = "remember_count"
)

// Assertions.
const (
	ExpectVisible         Kind = "expect_visible"
	ExpectHidden          Kind = "expect_hidden"
	ExpectText            Kind = "expect_text"
	ExpectNoText          Kind = "expect_no_text"
	ExpectURL             Kind = "expect_url"
	ExpectTitle           Kind = "expect_title"
	ExpectCount           Kind = "expect_count"
	ExpectStatus          Kind = "expect_status"
	ExpectNoConsoleErrors Kind = "expect_no_console_errors"
	ExpectValue           Kind = "expect_value"
	ExpectChecked         Kind = "expect_checked"
	ExpectUnchecked       Kind = "expect_unchecked"
	ExpectEnabled         Kind = "expect_enabled"
	ExpectDisabled        Kind = "expect_disabled"
	ExpectFocused         Kind = "expect_focused"
	ExpectStyle           Kind = "expect_style"
	ExpectOrder           Kind = "expect_order"
	// ExpectJSON reads the page's document as JSON (a response a visit
	// loaded) and checks the value at a JSON pointer, or its number of
	// items.
	ExpectJSON Kind = "expect_json"
	// ExpectOptions checks a drop-down's options: exactly these labels
	// in this order, each of some labels among them, or their number.
	ExpectOptions Kind = "expect_options"
)

// Kinds lists every step kind in the order the documentation presents them.
var Kinds = []Kind{
	Visit, Click, DblClick, Fill, Select, Check, Uncheck, Press, Hover, WaitFor,
	Reload, GoBack, RememberCount, Screenshot,
	ExpectVisible, ExpectHidden, ExpectText, ExpectNoText, ExpectURL, ExpectTitle,
	ExpectCount, ExpectStatus, ExpectNoConsoleErrors,
	ExpectValue, ExpectChecked, ExpectUnchecked, ExpectEnabled, ExpectDisabled,
	ExpectFocused, ExpectStyle, ExpectOrder, ExpectJSON, ExpectOptions,
}

// IsAssertion reports whether k checks the page rather than acting on it.
func (k Kind) IsAssertion() bool {
	switch k {
	case ExpectVisible, ExpectHidden, ExpectText, ExpectNoText, ExpectURL,
		ExpectTitle, ExpectCount, ExpectStatus, ExpectNoConsoleErrors,
		ExpectValue, ExpectChecked, ExpectUnchecked, ExpectEnabled, ExpectDisabled,
		ExpectFocused, ExpectStyle, ExpectOrder, ExpectJSON, ExpectOptions:
		return true
	}
	return false
}

// Valid reports whether k is a known step kind.
func (k Kind) Valid() bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// Step is one action or assertion. Which fields are meaningful depends on
// Kind; the JSON form is a one-key object such as {"visit": "/login"} or
// {"fill": {"target": "label=Email", "value": "a@b.c"}}, plus an optional
// "timeout".
type Step struct {
	Kind Kind
	// Target is the element the step acts on or checks, in selector syntax
	// (see ParseTarget). Empty for visit, expect_url, expect_title,
	// expect_status, expect_no_console_errors, and for page-wide text checks.
	Target string
	// Value is the text to type (fill), the option to choose (select), the
	// key to press (press), the path or URL (visit, expect_url), the text
	// (expect_text, expect_no_text, expect_title), the screenshot's name,
	// the field's expected value (expect_value) or the expected style value
	// (expect_style). For expect_json it is the expected value as compact
	// JSON ("\"typicode\"", "2", "true"), or empty when Count is checked.
	Value string
	// Secret names a secret whose value is typed instead of Value (fill,
	// select). The value is looked up at run time and never recorded.
	Secret string
	// Count is the expected number of matches (expect_count), or of items
	// of the JSON value at At (expect_json with no Value). With Ref set
	// it is added to the remembered count: the expected number is
	// remembered[Ref] + Count.
	Count int
	// Compare is how expect_count compares: "" (exactly), CountAtLeast or
	// CountAtMost; for expect_options, what is checked: "" (the options
	// are exactly Texts, in order), OptionsIncludes (each of Texts is an
	// option) or OptionsCount (there are Count options).
	Compare string
	// Ref names a remembered count: the name remember_count stores under,
	// or the one expect_count compares with. Empty otherwise.
	Ref string
	// Property is the CSS property expect_style checks, such as
	// font-weight, color or text-decoration-line.
	Property string
	// At is the JSON pointer (RFC 6901) expect_json checks: "" is the
	// whole response, "/0/title" the first item's title; a "*" segment
	// on an array stands for any of its items (equals only); "/**/name"
	// for a member called name of any object at the shallowest depth that
	// has one (a list's items count as the top; equals only).
	At string
	// Every makes expect_json's "*" mean every item rather than any: each
	// item the "*" stands for must hold Value, and there must be at least
	// one (an empty list proves no "every"). Only with Value.
	Every bool
	// Texts are the texts expect_order wants in this order, or the
	// option labels expect_options checks.
	Texts []string
	// Status is the expected HTTP status of the last document navigation
	// (expect_status).
	Status int
	// Timeout bounds the step; zero means the runner's default.
	Timeout time.Duration
	// Reach marks an action that only reaches the place the claim is
	// about (a page by its link, a dialog by the control of its name):
	// a guess of the plan's author, not something the claim said. When
	// it does not pass, the journey is blocked, never failed: a wrong
	// guess is no evidence against the claim. On expect_json it marks the
	// guess that the page answers JSON: a page that is not JSON blocks the
	// journey, while a JSON response without the value still fails. On
	// expect_url it marks an address guessed from a page's common name
	// ("takes you to the pricing page" as /pricing): ending up elsewhere
	// blocks the journey. On expect_count more_than a remembered count it
	// marks a check of a text the page may have shown before the action:
	// only the page the count was taken on is compared, and as many or
	// fewer there blocks the journey (the action's effect cannot be told);
	// another page passes.
	Reach bool
}

// CanReach reports whether a step of kind k may be marked reach: the
// actions that move to a place, and wait_for, which finds first a text
// the claim names without quotes (a reading of where the name starts and
// ends, so a text the page does not show is no evidence against it).
func (k Kind) CanReach() bool {
	switch k {
	case Visit, Click, DblClick, Press, Hover, WaitFor:
		return true
	}
	return false
}

// Comparisons of expect_count.
const (
	CountAtLeast = "at_least"
	CountAtMost  = "at_most"
)

// What expect_options checks, besides the whole list (Compare "").
const (
	OptionsIncludes = "includes"
	OptionsCount    = "count"
)

// ID returns the plan's identity: the hex sha256 of its canonical JSON.
func (p *Plan) ID() string {
	sum := sha256.Sum256(p.Canonical())
	return hex.EncodeToString(sum[:])
}

// Canonical returns the plan's canonical JSON: fixed field order, no
// insignificant whitespace, one spelling per step.
func (p *Plan) Canonical() []byte {
	b, err := json.Marshal(p)
	if err != nil {
		// Every field is a plain string, int or slice of them: Marshal
		// cannot fail, so a failure is a programming error.
		panic("plan: canonical encoding: " + err.Error())
	}
	return b
}

// Assertions counts the assertion steps of the plan.
func (p *Plan) Assertions() int {
	n := 0
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if s.Kind.IsAssertion() {
				n++
			}
		}
	}
	return n
}

// Secrets lists the names of the secrets the plan refers to, in order of
// first use.
func (p *Plan) Secrets() []string {
	var out []string
	seen := map[string]bool{}
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if s.Secret != "" && !seen[s.Secret] {
				seen[s.Secret] = true
				out = append(out, s.Secret)
			}
		}
	}
	return out
}
