package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestCountBounds: expect_count with at_least / at_most on page elements
// (the claim language's "at least 3", "fewer than 4"): /dialogs has
// exactly three buttons.
func TestCountBounds(t *testing.T) {
	for _, tc := range []struct {
		name, bound string
		want        evidence.Decision
	}{
		{"at least as many", "at_least: 3", evidence.Verified},
		{"at least more", "at_least: 4", evidence.Failed},
		{"at most as many", "at_most: 3", evidence.Verified},
		{"at most fewer", "at_most: 2", evidence.Failed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			steps := "      - visit: /dialogs\n      - expect_count: {target: role=button, " + tc.bound + "}\n"
			res := run(t, journeyPlan(t, steps), Options{})
			wantDecision(t, res, tc.want)
			if tc.want == evidence.Failed {
				if a := res.Manifest.Journeys[0].Steps[1].Actual; !strings.Contains(a, "3") {
					t.Errorf("actual %q does not say how many there were", a)
				}
			}
		})
	}
}
