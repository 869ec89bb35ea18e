package runner

import (
	"strings"
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
	notes := map[int]string{}
	for _, a := range res.Manifest.Artifacts {
		if a.Kind == evidence.Screenshot {
			notes[a.Step] = a.Note
		}
	}
	// Steps 3 and 4 read a page that has settled once the button is
	// enabled (900 ms); each is listed, reused or not.
	for k := 1; k <= 4; k++ {
		if notes[k] == "" {
			t.Errorf("no screenshot artifact listed for step %d", k)
		}
	}
	if strings.Contains(notes[2], "unchanged") {
		t.Errorf("step 2 note %q", notes[2])
	}
	if steps[3].Screenshot == steps[2].Screenshot && !strings.Contains(notes[4], "unchanged since step") {
		t.Errorf("step 4 shares step 3's file but its note is %q", notes[4])
	}
}
