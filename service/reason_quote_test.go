package service

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

// TestCompletionReasonHasNoBackslashes: the API's reason quotes a journey
// name that holds quotes as people write them, not as \".
func TestCompletionReasonHasNoBackslashes(t *testing.T) {
	name := `R1 On /, the element matching “a[href="/docs"]” is visible`
	res := &runner.Result{Decision: evidence.Failed, Manifest: &evidence.Manifest{
		Decision: evidence.Failed,
		Journeys: []evidence.JourneyResult{{Index: 1, Name: name, Decision: evidence.Failed,
			Reason: `step 2 (Check that the element matching “a[href="/docs"]” is visible): no element on the page matches it`}},
	}}
	c := completion(&plan.Plan{Name: "p"}, res, nil)
	if strings.Contains(c.Reason, `\"`) || !strings.Contains(c.Reason, name) {
		t.Fatalf("reason = %s", c.Reason)
	}
}
