package claim

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// reStatusInText finds an error status a quoted text names as a status:
// "404", "Error 404", "HTTP 500", "404 : Not Found", "404 - Page not found".
var reStatusInText = regexp.MustCompile(`(?i)^(?:(?:http|error|status|code)\s*:?\s*)?([45]\d\d)(?:\s*[:\-–—|.]?\s*(.*))?$`)

// namedStatus returns the HTTP error status text t names as its own, or 0:
// the number alone or after "Error"/"HTTP", or followed by that status's
// reason ("404 : Not Found", "404 - Page not found"). A number among other
// words ("Order 404 shipped") names no status.
func namedStatus(t string) int {
	m := reStatusInText.FindStringSubmatch(strings.TrimSpace(t))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	reason := http.StatusText(n)
	if reason == "" {
		return 0
	}
	if rest := strings.ToLower(m[2]); rest == "" || strings.Contains(rest, strings.ToLower(reason)) {
		return n
	}
	return 0
}

// statusFromText puts an expect_status after a visit whose page the claim
// says shows a text naming an error status ("/nope shows '404 : Not
// Found'"): a visit that answers an error status fails unless the journey
// expects that status, so without it a true claim about an error page
// would fail. The status checked is the one the text itself names.
func statusFromText(d *Derivation) {
	if d.Plan == nil {
		return
	}
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		if slices.ContainsFunc(j.Steps, func(s plan.Step) bool { return s.Kind == plan.ExpectStatus }) {
			continue
		}
		for k := 0; k < len(j.Steps); k++ {
			s := j.Steps[k]
			if s.Kind != plan.Visit || s.Reach {
				continue
			}
			n := 0
			for _, c := range j.Steps[k+1:] {
				if !c.Kind.IsAssertion() {
					break
				}
				if c.Kind == plan.ExpectText && c.Target == "" {
					if got := namedStatus(c.Value); got != 0 && (n == 0 || n == got) {
						n = got
					} else if got != 0 {
						n = -1
					}
				}
			}
			if n <= 0 {
				continue
			}
			shiftRefs(d, ji+1, k+2)
			j.Steps = append(j.Steps[:k+1], append([]plan.Step{{Kind: plan.ExpectStatus, Status: n}}, j.Steps[k+1:]...)...)
			d.Notes = append(d.Notes, fmt.Sprintf("The page at %s is expected to answer HTTP %d, the status the text it shows names (a page answering an error status fails unless the plan expects that status).", s.Value, n))
			k++
		}
	}
}
