package claim

import (
	"testing"

	"github.com/vouchdev/vouch/plan"
)

func TestNamedStatus(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		{"404", 404},
		{"404 : Not Found", 404},
		{"404 - Page not found", 404},
		{"Error 404", 404},
		{"HTTP 500", 500},
		{"500 Internal Server Error", 500},
		{"Status: 403", 403},
		{"404 Oops", 0},            // not the status's reason
		{"Order 404 shipped", 0},   // a number among words
		{"499", 0},                 // no status of that number
		{"200 OK", 0},              // not an error status
		{"Not Found", 0},           // no number: the status is not said
		{"Found 404 results", 0},   // a count
		{"Room 404: Not Found", 0}, // words before the number
	} {
		if got := namedStatus(tc.text); got != tc.want {
			t.Errorf("namedStatus(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

// A claim that a page shows a text naming an error status checks that
// status too: without it the visit of a page answering 404 would fail a
// true claim. The requirement still points at the text check.
func TestStatusFromText(t *testing.T) {
	for _, tc := range []struct {
		claim string
		kinds []plan.Kind
	}{
		{`A made-up page like /this-does-not-exist shows "404 : Not Found".`, []plan.Kind{plan.Visit, plan.ExpectStatus, plan.ExpectText}},
		{`/x shows "Error 404".`, []plan.Kind{plan.Visit, plan.ExpectStatus, plan.ExpectText}},
		{`/x answers 404 and shows "404 Not Found".`, []plan.Kind{plan.Visit, plan.ExpectStatus, plan.ExpectText}},
		{`/x shows "Order 404 shipped".`, []plan.Kind{plan.Visit, plan.ExpectText}},
		{`/x shows "Not Found".`, []plan.Kind{plan.Visit, plan.ExpectText}},
	} {
		d, err := Derive(tc.claim)
		if err != nil {
			t.Errorf("%q refused: %v", tc.claim, err)
			continue
		}
		steps := d.Plan.Journeys[0].Steps
		var got []plan.Kind
		for _, s := range steps {
			got = append(got, s.Kind)
		}
		if len(got) != len(tc.kinds) {
			t.Errorf("%q derived steps %v, want %v", tc.claim, got, tc.kinds)
			continue
		}
		for i := range got {
			if got[i] != tc.kinds[i] {
				t.Errorf("%q derived steps %v, want %v", tc.claim, got, tc.kinds)
				break
			}
		}
		for _, r := range d.Requirements {
			for _, ref := range r.ProvenBy {
				if k := steps[ref.Step-1].Kind; k == plan.Visit {
					t.Errorf("%q: requirement %q proven by step %d, a visit", tc.claim, r.Text, ref.Step)
				}
			}
		}
	}
}
