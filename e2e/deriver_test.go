package e2e

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
)

// claimRe is the claim language of the tests' deriver: "The <page> page
// shows "<text>"", with anything after it kept in the plan's name (so
// tests can make distinct plans of one claim).
var claimRe = regexp.MustCompile(`^The (home|about|docs|pricing) page shows "([^"]+)"(.*)$`)

var pagePaths = map[string]string{"home": "/", "about": "/about", "docs": "/docs", "pricing": "/pricing"}

// A claim containing holdMarker is held in the deriver: the deriver says
// so on holdEntered and goes on when told on holdRelease, so a test can
// act while a request is in flight without guessing at timing.
const holdMarker = "(held)"

var holdEntered, holdRelease = make(chan struct{}), make(chan struct{})

type refusal struct{}

func (refusal) Error() string { return "no check can prove this claim" }
func (refusal) RepairPrompt() string {
	return `Name a page and what it shows, e.g. The home page shows "Welcome to testapp".`
}

// testDeriver derives the plans the tests need without depending on the
// wording claim.Derive accepts: a deriver is an input of the service, like
// the claim, not a part under test here.
func testDeriver(claim string) (service.Derivation, error) {
	if strings.Contains(claim, holdMarker) {
		holdEntered <- struct{}{}
		<-holdRelease
	}
	m := claimRe.FindStringSubmatch(claim)
	if m == nil {
		return service.Derivation{}, refusal{}
	}
	src := fmt.Sprintf(`{"version":1,"name":%q,
"requirements":[{"id":"R1","text":%q}],
"journeys":[{"name":"%s page","requirement":"R1","steps":[{"visit":%q},{"expect_text":%q},{"screenshot":"page"}]}]}`,
		claim, fmt.Sprintf("The %s page shows %q", m[1], m[2]), m[1], pagePaths[m[1]], m[2])
	p, err := plan.Parse([]byte(src))
	if err != nil {
		return service.Derivation{}, err
	}
	return service.Derivation{Plan: p, Notes: []string{"derived by the e2e test deriver"}}, nil
}
