package bench

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// TestCompareDoesEqualWork runs a small comparison and checks that every way
// passed every journey, so the ratios compare equal work. It asserts no
// timings; `vouch bench` prints them.
func TestCompareDoesEqualWork(t *testing.T) {
	rep, err := Compare(context.Background(), Config{Journeys: 8, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.String())
	if len(rep.Ways) != 3 {
		t.Fatalf("%d ways measured, want 3", len(rep.Ways))
	}
	for _, w := range rep.Ways {
		if w.Passed != w.Journeys {
			t.Errorf("%s: %d of %d journeys passed", w.Name, w.Passed, w.Journeys)
		}
		if w.Wall <= 0 || w.PeakChromMB <= 0 {
			t.Errorf("%s: no measurement: %+v", w.Name, w)
		}
	}
}

func TestJourneysAreValid(t *testing.T) {
	for _, n := range []int{1, 4, 24, 25} {
		p := Journeys(n)
		if err := p.Validate(); err != nil {
			t.Fatalf("Journeys(%d): %v", n, err)
		}
		if len(p.Journeys) != n {
			t.Fatalf("Journeys(%d) has %d journeys", n, len(p.Journeys))
		}
	}
}

// TestPlaywrightSpecMatchesPlan checks that the Playwright spec holds one
// test per journey and one statement per step, so both sides do the same
// work. (The comparison itself runs from `vouch bench --vs-playwright`.)
func TestPlaywrightSpecMatchesPlan(t *testing.T) {
	p := Journeys(12)
	spec, err := playwrightSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for _, j := range p.Journeys {
		steps += len(j.Steps)
		if !strings.Contains(spec, "test("+strconv.Quote(j.Name)+", async") {
			t.Errorf("the spec lacks the test %q", j.Name)
		}
	}
	if got := strings.Count(spec, "  await "); got != steps {
		t.Errorf("the spec has %d statements, the plan %d steps", got, steps)
	}
}
