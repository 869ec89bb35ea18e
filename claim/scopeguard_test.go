package claim

import (
	"strings"
	"testing"
)

// TestGuessedMarkupFoundFirst: a tab clicked by its name is found by
// role=tab, and a field named without quotes ("the search box") by a
// placeholder the plan guessed: each is waited for first, marked reach,
// so an app that marks them otherwise blocks the run rather than failing
// a true claim; the notes say so. A quoted placeholder is no guess.
func TestGuessedMarkupFoundFirst(t *testing.T) {
	runClasses(t, []classCase{
		{"On /settings, clicking the 'Network' tab shows 'Listening port'", [][]string{
			{`{"visit":"/settings"}`, `{"wait_for":"role=tab[name=\"Network\"]","reach":true}`, `{"click":"role=tab[name=\"Network\"]"}`, `{"wait_for":"role=tabpanel[name=\"Network\"]","reach":true}`, `{"expect_text":{"text":"Listening port","target":"role=tabpanel[name=\"Network\"]"}}`}}},
		{"On /recipes, typing 'flour' in the search box shows 'Pancakes'", [][]string{{`{"visit":"/recipes"}`, `{"wait_for":"placeholder=search","reach":true}`, `{"remember_count":{"target":"text=Pancakes","as":"before_pancakes"}}`, `{"fill":{"target":"placeholder=search","value":"flour"}}`, `{"expect_text":"Pancakes"}`, `{"expect_count":{"target":"text=Pancakes","more_than":"before_pancakes"},"reach":true}`}}},
		{"On /signup, typing 'x' into the 'Search…' box shows 'None'", [][]string{{`{"visit":"/signup"}`, `{"wait_for":"placeholder=Search…"}`, `{"remember_count":{"target":"text=None","as":"before_none"}}`, `{"fill":{"target":"placeholder=Search…","value":"x"}}`, `{"expect_text":"None"}`, `{"expect_count":{"target":"text=None","more_than":"before_none"},"reach":true}`}}},
	})
	for claim, want := range map[string]string{
		"On /settings, clicking the 'Network' tab shows 'Listening port'": `The "Network" tab is found by its role (role=tab), a guess`,
		"On /recipes, typing 'flour' in the search box shows 'Pancakes'":  `so its placeholder is a guess: it is waited for first`,
	} {
		d, err := Derive(claim)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Join(d.Notes, "\n"); !strings.Contains(n, want) {
			t.Errorf("%q: notes do not say %q:\n%s", claim, want, n)
		}
	}
}
