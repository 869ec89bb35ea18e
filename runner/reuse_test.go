package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// An assertion after which the page cannot have changed lists the previous
// capture again; one after a DOM change gets its own.
func TestScreenshotReuse(t *testing.T) {
	t.Parallel()
	res := run(t, journeyPlan(t, `      - visit: /delayed
      - expect_visible: testid=continue
      - expect_text: Delayed button
      - expect_title: Delayed button
`), Options{})
	wantDecision(t, res, evidence.Verified)
	steps := res.Manifest.Journeys[0].Steps
	for _, s := range steps {
		if s.Screenshot == "" {
			t.Fatalf("step %d has no screenshot\n%s", s.Index, explain(res))
		}
	}
	// The button appeared after the visit's capture: a DOM mutation.
	if steps[1].Screenshot == steps[0].Screenshot {
		t.Errorf("step 2 reused step 1's screenshot although the button appeared since")
	}
	// Each file is listed once, where it was first recorded: a reused
	// capture adds a reference from the step, not another listing.
	listed := map[string]int{}
	for _, a := range res.Manifest.Artifacts {
		listed[a.File]++
		if a.Kind == evidence.Screenshot && a.Step > 0 && steps[a.Step-1].Screenshot != a.File {
			t.Errorf("screenshot %s is listed at step %d, which shows %s", a.File, a.Step, steps[a.Step-1].Screenshot)
		}
	}
	for _, s := range steps {
		if listed[s.Screenshot] != 1 {
			t.Errorf("step %d's screenshot %s is listed %d times, want once", s.Index, s.Screenshot, listed[s.Screenshot])
		}
	}
}
