package claim

import (
	"strings"
	"testing"
)

// Unquoted title-case names read as texts found first (guessed.go), on
// invented apps: each name is waited for, marked reach, before its first
// use, and a reading whose check could not fail once the name is found
// is not made.

func TestGuessedNames(t *testing.T) {
	runClasses(t, []classCase{
		// an order of two names: both found first, then their order
		{"Repro: open /people?sort=name. Expected: Zoe Quinn is listed before Abe Lincoln.", [][]string{
			{`{"visit":"/people?sort=name"}`, `{"wait_for":"text=Zoe Quinn","reach":true}`, `{"wait_for":"text=Abe Lincoln","reach":true}`,
				`{"expect_order":["Zoe Quinn","Abe Lincoln"]}`}}},
		// a control clicked by its name, and a name that must go: both
		// found before the click
		{"On /board, clicking Archive Done hides Old Card", [][]string{
			{`{"visit":"/board"}`, `{"wait_for":"text=Old Card","reach":true}`, `{"expect_text":"Old Card"}`,
				`{"wait_for":"text=\"Archive Done\"","reach":true}`, `{"click":"text=\"Archive Done\""}`, `{"expect_no_text":"Old Card"}`}}},
	})
}

func TestGuessedNamesRefused(t *testing.T) {
	runRefused(t, []string{
		"/menu shows the dish Salt and Pepper",                                // one name or two
		"/team lists the people Ada Byron and Alan Turing",                    // nor here
		"On /board, clicking Show Archived shows Old Card",                    // "Old Card" could only be found: the check cannot fail
		"Pressing ',' opens Settings on the General page",                     // a place, not a text
		"The site has good SEO",                                               // a judgement outside the name
		"On /recipes, pressing Enter on 'Skip' focuses the 'Recipes' heading", // a key, not a control
		"Expanding List pages with drafts shows 'No parameters'",              // a name in sentence case runs on
	})
}

// TestGuessedNotes checks that the approver is told which names are read
// as texts and what happens when the page does not show them.
func TestGuessedNotes(t *testing.T) {
	d, err := Derive("On /people, Zoe Quinn comes before Abe Lincoln")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{`"Zoe Quinn" is not quoted`, `"Abe Lincoln" is not quoted`} {
		found := false
		for _, note := range d.Notes {
			found = found || strings.Contains(note, n) && strings.Contains(note, "blocked, not failed")
		}
		if !found {
			t.Errorf("no note says %s and that a missing name blocks; notes: %q", n, d.Notes)
		}
	}
	for _, r := range d.Requirements {
		for _, ref := range r.ProvenBy {
			s := d.Plan.Journeys[ref.Journey-1].Steps[ref.Step-1]
			if s.Reach || !s.Kind.IsAssertion() {
				t.Errorf("requirement %s is proven by step %d, a %s", r.ID, ref.Step, s.Kind)
			}
		}
	}
}
