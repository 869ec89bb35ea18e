package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestClassDropdownOptions: a drop-down's options said as people say them
// (a shop, a blog, an issue tracker), read as expect_options; an unquoted
// drop-down name is a guess at its label, found first by a hover marked
// reach, so a wrong guess blocks and never fails.
func TestClassDropdownOptions(t *testing.T) {
	guess := func(label string) string { return `{"hover":"label=` + label + `","reach":true}` }
	opts := func(label, key string, xs ...string) string {
		return `{"expect_options":{"target":"label=` + label + `","` + key + `":["` + strings.Join(xs, `","`) + `"]}}`
	}
	count := func(label, n string) string {
		return `{"expect_options":{"target":"label=` + label + `","count":` + n + `}}`
	}
	home := `{"visit":"/"}`
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		// one option among others
		{"The Country dropdown includes a 'Canada' option", j(home, guess("Country"), opts("Country", "includes", "Canada"))},
		{"On /checkout, the Country dropdown has a 'Canada' option", j(`{"visit":"/checkout"}`, guess("Country"), opts("Country", "includes", "Canada"))},
		{"The 'Ship to' dropdown offers an option called 'Canada'", j(home, opts("Ship to", "includes", "Canada"))},
		{"The Size filter dropdown includes a 'Large' option", j(home, guess("Size"), opts("Size", "includes", "Large"))},
		{"The Category filter includes 'Recipes' on /blog", j(`{"visit":"/blog"}`, guess("Category"), opts("Category", "includes", "Recipes"))},
		{"The Currency picker offers 'EUR', 'USD' and 'GBP'", j(home, guess("Currency"), opts("Currency", "includes", "EUR", "USD", "GBP"))},
		{"The Author dropdown in the sidebar includes an 'Anonymous' option", j(home, guess("Author"), opts("Author", "includes", "Anonymous"))},
		// the whole list, in order; unquoted names that are clearly literal
		{"The Sort dropdown lists Newest, Oldest and Price, in that order", j(home, guess("Sort"), opts("Sort", "options", "Newest", "Oldest", "Price"))},
		{"The 'Priority' select lists 'Low', 'Medium', 'High' in that order", j(home, opts("Priority", "options", "Low", "Medium", "High"))},
		{"The Results per page dropdown lists 10, 25 and 50, in that order", j(home, guess("Results per page"), opts("Results per page", "options", "10", "25", "50"))},
		// a number of entries, with or without their names
		{"The Region dropdown has exactly one entry, 'EU'", j(home, guess("Region"), opts("Region", "options", "EU"))},
		{"The Servers dropdown has exactly one entry, '/api'", j(home, guess("Servers"), opts("Servers", "options", "/api"))},
		{"The Assignee dropdown has 4 options", j(home, guess("Assignee"), count("Assignee", "4"))},
		{"The 'Sort by' dropdown has two options, 'Name' and 'Date'", j(home, count("Sort by", "2"), opts("Sort by", "includes", "Name", "Date"))},
		// in a place of controls, opened by the control of its name (reach)
		{"On the Billing tab of Settings, the Currency dropdown includes 'EUR'", j(home, `{"click":"text=\"Settings\"","reach":true}`, `{"click":"text=\"Billing\"","reach":true}`,
			guess("Currency"), opts("Currency", "includes", "EUR"))},
		{"In the Export dialog, the Format dropdown lists PNG, JPEG and WebP, in that order", j(home, `{"click":"text=\"Export\"","reach":true}`,
			guess("Format"), opts("Format", "options", "PNG", "JPEG", "WebP"))},
		// "you can pick": the option is chosen and then held
		{"You can pick 'Express' in the Shipping dropdown", j(home, guess("Shipping"),
			`{"select":{"target":"label=Shipping","value":"Express"}}`, `{"expect_value":{"target":"label=Shipping","value":"Express"}}`)},
		{"On /docs, you can pick 'https://api.example.com' in the Servers dropdown", j(`{"visit":"/docs"}`, guess("Servers"),
			`{"select":{"target":"label=Servers","value":"https://api.example.com"}}`, `{"expect_value":{"target":"label=Servers","value":"https://api.example.com"}}`)},
		// a filter's chosen option: "when the page opens" is no action, the place is noted
		{"The Status filter in the toolbar is set to 'All' when the page opens", j(home, guess("Status"), `{"expect_value":{"target":"label=Status","value":"All"}}`)},
		{"On /issues, the Label filter is set to 'Bug'", j(`{"visit":"/issues"}`, guess("Label"), `{"expect_value":{"target":"label=Label","value":"Bug"}}`)},
		// choosing in a drop-down named without quotes: reach-checked first
		{"Switching the Status filter to 'Closed' still says '0 results'", j(home, `{"expect_text":"0 results"}`, guess("Status"),
			`{"select":{"target":"label=Status","value":"Closed"}}`, `{"expect_text":"0 results"}`)},
		{"Switching the View filter to 'Archived' still says '0 notes'", j(home, `{"expect_text":"0 notes"}`, guess("View"),
			`{"select":{"target":"label=View","value":"Archived"}}`, `{"expect_text":"0 notes"}`)},
		{"On /tickets, setting the Show dropdown to 'Open' shows 'Ticket #12'", j(`{"visit":"/tickets"}`, guess("Show"), `{"remember_count":{"target":"text=Ticket #12","as":"before_ticket__12"}}`,
			`{"select":{"target":"label=Show","value":"Open"}}`, `{"expect_text":"Ticket #12"}`, `{"expect_count":{"target":"text=Ticket #12","more_than":"before_ticket__12"},"reach":true}`)},
		{"Switching the 'Status' filter to 'Closed' shows '0 results'", j(home, `{"wait_for":"label=Status"}`, `{"remember_count":{"target":"text=0 results","as":"before_0_results"}}`,
			`{"select":{"target":"label=Status","value":"Closed"}}`, `{"expect_text":"0 results"}`, `{"expect_count":{"target":"text=0 results","more_than":"before_0_results"},"reach":true}`)},
	})
	runRefused(t, []string{
		"The Country dropdown may include a 'Canada' option",                    // a hedge
		"The Country dropdown includes a 'Canada' and a 'Mexico' option",        // not a form read here
		"The Sort dropdown lists Newest, Oldest and Price",                      // the whole list or some of it
		"The Sort dropdown lists newest first, Oldest and Price, in that order", // not clearly literal
		"The 'Sort by' dropdown has three options, 'Name' and 'Date'",           // three said, two named
		"The Country dropdown has Canada selected",                              // a state, not an option's name
		"The Country dropdown includes Canada, not Mexico",                      // words of the sentence
		"It dropdown includes a 'Canada' option",                                // no name
		"The Sort dropdown lists 'A', 'B' and 'A', in that order",               // one listed twice
	})
}

// TestDropdownOptionsRefusedWithReadings: a list said without "in that
// order" is refused with the whole list and "includes" as readings; an
// unquoted option name that is not clearly literal, with it quoted. Each
// reading derives.
func TestDropdownOptionsRefusedWithReadings(t *testing.T) {
	for _, tc := range []struct {
		claim string
		want  []string
	}{
		{"The Sort dropdown lists Newest, Oldest and Price", []string{
			"The Sort dropdown lists 'Newest', 'Oldest' and 'Price', in that order",
			"The Sort dropdown includes 'Newest', 'Oldest' and 'Price'"}},
		{"The Tag picker shows News and Events on /blog", []string{
			"The Tag picker lists 'News' and 'Events', in that order on /blog",
			"The Tag picker includes 'News' and 'Events' on /blog"}},
		{"The Sort dropdown lists newest first, Oldest and Price, in that order", []string{
			"The Sort dropdown lists 'newest first', 'Oldest' and 'Price', in that order"}},
		// a name read as literal beside ones that are not is quoted too:
		// left bare, the rephrasing read "Folder" otherwise
		{"The New dropdown on /tree offers Python 3 (ipykernel), Text File and Folder", []string{
			"The New dropdown on /tree offers 'Python 3 (ipykernel)', 'Text File' and 'Folder'"}},
		{"You can pick express in the Shipping dropdown", []string{
			"You can pick 'express' in the Shipping dropdown"}},
	} {
		_, err := Derive(tc.claim)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived, want a refusal", tc.claim)
		}
		if np.Cause != "ambiguous" || strings.Join(np.Suggestions, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: cause %q, suggestions %q; want %q", tc.claim, np.Cause, np.Suggestions, tc.want)
		}
		for _, s := range np.Suggestions {
			if _, err := Derive(s); err != nil {
				t.Errorf("%q: reading %q does not derive: %v", tc.claim, s, err)
			}
		}
	}
}

// TestDropdownOptionsNotes: what a reading leaves to a guess or reads
// strictly is said in its notes.
func TestDropdownOptionsNotes(t *testing.T) {
	for _, tc := range []struct{ claim, note string }{
		{"The Sort dropdown lists Newest, Oldest and Price, in that order", "must be exactly these, in this order"},
		{"The Sort dropdown lists Newest, Oldest and Price, in that order", `read as the literal labels "Newest", "Oldest" and "Price"`},
		{"The Currency picker offers 'EUR', 'USD' and 'GBP'", "Other options may be there too"},
		{"The Status filter in the toolbar is set to 'All' when the page opens", `"in the toolbar" says where the filter is`},
		{"The Status filter in the toolbar is set to 'All' when the page opens", `"when the page opens" is the state as the page opens`},
		{"The Country dropdown includes a 'Canada' option", "if no field has that label, the run is blocked, not failed"},
		{"You can pick 'Express' in the Shipping dropdown", "an option that is missing or disabled fails the claim"},
	} {
		d, err := Derive(tc.claim)
		if err != nil {
			t.Fatalf("%q: %v", tc.claim, err)
		}
		if !strings.Contains(strings.Join(d.Notes, "\n"), tc.note) {
			t.Errorf("%q: notes lack %q:\n%s", tc.claim, tc.note, strings.Join(d.Notes, "\n"))
		}
	}
}
