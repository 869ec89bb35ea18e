package claim

import (
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A "field" of an API's response is a member of its JSON ("/api/users/1
// includes an email field", "has no password field"), not a form's input:
// read as an input, the first claim fails on any JSON response and the
// second holds on every one, whatever the JSON holds. A plan that looks
// for form controls on a path that reads as an API, with nothing typed or
// clicked there, is refused.

// apiPathRE is a path that reads as an API's: an "api" or version
// segment, or a JSON file.
var apiPathRE = lazyRE(`(?i)(^|/)(api|rest|graphql|v[0-9]+)(/|$|\?)|\.json($|\?)`)

// apiClaimRE finds words that say a claim is about what a path answers as
// data: "GET /users/1", "the JSON", "the response", "the endpoint".
var apiClaimRE = lazyRE(`\bGET\s+/|(?i)\b(json|endpoint|api|response|payload|record)\b`)

// apiFieldGuard returns the refusal of a plan that checks form controls on
// an API's path, or nil.
func apiFieldGuard(claim string, d Derivation) *NotProvableError {
	if d.Plan == nil {
		return nil
	}
	apiWords := apiClaimRE.MatchString(claim)
	for _, j := range d.Plan.Journeys {
		page, acted := "", false
		for _, s := range j.Steps {
			switch {
			case s.Kind == plan.Visit:
				page, acted = s.Value, false
			case !s.Kind.IsAssertion():
				acted = true
			case page != "" && !acted && (apiWords || apiPathRE.MatchString(page)) && formControl(s.Target):
				return refuse(claim, "ambiguous", fmt.Sprintf("the claim reads %s as an API's answer (the path or its words say so), so its \"field\" is a member of the JSON, which vouch does not look for by name (a form's field would be checked instead, deciding the claim wrongly): name the value it holds (\"%s returns 'ann@example.com'\")", page, page), nil)
			}
		}
	}
	return nil
}

// formControl reports whether a target is a form's input: by its label
// or placeholder, a text box or checkbox role, or an input element.
func formControl(target string) bool {
	t, err := plan.ParseTarget(target)
	if err != nil {
		return false
	}
	switch t.Kind {
	case plan.ByLabel, plan.ByPlaceholder:
		return true
	case plan.ByRole:
		return t.Value == "textbox" || t.Value == "checkbox" || t.Value == "combobox" || t.Value == "searchbox"
	case plan.ByCSS:
		v := strings.ToLower(t.Value)
		return strings.Contains(v, "input") || strings.Contains(v, "textarea") || strings.Contains(v, "select")
	}
	return false
}
