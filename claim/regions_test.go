package claim

import (
	"strings"
	"testing"
)

// TestRegionTextCounts: a quoted text said to be shown a number of times
// is one expect_count of the elements whose whole text is exactly it; an
// aside that says which is which ("once for March and once for April",
// as many as the count) is noted. Claims about invented apps.
func TestRegionTextCounts(t *testing.T) {
	count := func(v string, n string) string {
		return `{"expect_count":{"target":"text=\"` + v + `\"","count":` + n + `}}`
	}
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"The cart page shows '$0.00' twice", j(`{"visit":"/cart","reach":true}`, count("$0.00", "2"))},
		{"On /stats, 'Idle' is shown three times", j(`{"visit":"/stats"}`, count("Idle", "3"))},
		{"/orders lists 'Pending' 4 times", j(`{"visit":"/orders"}`, count("Pending", "4"))},
		{"On /queue, 'Waiting' appears thrice", j(`{"visit":"/queue"}`, count("Waiting", "3"))},
		{"The dashboard shows 'Paid' twice, once for March and once for April", j(`{"visit":"/dashboard","reach":true}`, count("Paid", "2"))},
		{"The dashboard shows 'Paid' twice - once for March, once for April", j(`{"visit":"/dashboard","reach":true}`, count("Paid", "2"))},
		{"On /cart, clicking 'Add' shows 'Mug' twice", j(`{"visit":"/cart"}`, `{"click":"text=\"Add\""}`, count("Mug", "2"))},
		// The action said twice stays a repeated action.
		{"On /cart, clicking 'Add' twice shows 'Mug'", j(`{"visit":"/cart"}`, `{"wait_for":"text=\"Add\""}`, `{"remember_count":{"target":"text=Mug","as":"before_mug"}}`, `{"click":"text=\"Add\""}`, `{"click":"text=\"Add\""}`, `{"expect_text":"Mug"}`, `{"expect_count":{"target":"text=Mug","more_than":"before_mug"},"reach":true}`)},
	})
	d, err := Derive("The dashboard shows 'Paid' twice, once for March and once for April")
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.Notes, "\n")
	for _, want := range []string{`whose whole text is exactly "Paid"`, `"once for March and once for April" says which match is which`} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes do not say %q:\n%s", want, notes)
		}
	}
	runRefused(t, []string{
		"The footer shows 'Contact' twice",                         // a count inside a part: text= finds it anywhere
		"On /cart, 'Mug' doesn't appear twice",                     // not twice: once, or three times?
		"The cart page shows '$0.00' twice, once for the subtotal", // the aside names one of two
		"/orders lists 'Pending' 40 times",                         // more than ten
		"The cart page shows '$0.00' twice, once for the subtotal and once for the tax because nothing was bought yet and it may change", // an aside with more
	})
}

// TestRegionNamedElementPinned: a named element, a style, a hover or a
// link said to be in a part a tag or landmark role marks is derived with
// every target that names it pinned inside the part by in=; the notes say
// so, and that a page without the part blocks. Claims about invented apps.
func TestRegionNamedElementPinned(t *testing.T) {
	style := func(tg, prop, v string) string {
		return `{"expect_style":{"target":"` + tg + `","property":"` + prop + `","value":"` + v + `"}}`
	}
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"hovering over 'Careers' in the header underlines it", j(`{"visit":"/"}`, `{"hover":"text=\"Careers\" in=header"}`,
			style(`text=\"Careers\" in=header`, "text-decoration-line", "underline"))},
		{"In the nav, 'Acme Shop' is bold", j(`{"visit":"/"}`, style(`text=Acme Shop in=nav`, "font-weight", "bold"))},
		{"In the top nav, the 'Acme Shop' name is shown in bold", j(`{"visit":"/"}`, style(`text=\"Acme Shop\" in=nav`, "font-weight", "bold"))},
		{"The 'Acme Shop' name in the sidebar is bold", j(`{"visit":"/"}`, style(`text=\"Acme Shop\" in=aside`, "font-weight", "bold"))},
		{"The 'Press' link in the footer is underlined", j(`{"visit":"/"}`, style(`role=link[name=\"Press\"] in=footer`, "text-decoration-line", "underline"))},
		{"The footer links to the FAQ", j(`{"visit":"/"}`, `{"expect_visible":"role=link[name=\"FAQ\"] in=footer"}`)},
		{"The footer of /recipes has a link to the LICENSE", j(`{"visit":"/recipes"}`, `{"expect_visible":"role=link[name=\"LICENSE\"] in=footer"}`)},
		{"The header contains a 'Log in' link", j(`{"visit":"/"}`, `{"expect_visible":"role=link[name=\"Log in\"] in=header"}`)},
		{"On /shop, clicking 'Help' in the footer shows 'Contact us'", j(`{"visit":"/shop"}`, `{"remember_count":{"target":"text=Contact us","as":"before_contact_us"}}`, `{"click":"text=\"Help\" in=footer"}`, `{"expect_text":"Contact us"}`, `{"expect_count":{"target":"text=Contact us","more_than":"before_contact_us"},"reach":true}`)},
	})
	d, err := Derive("The footer links to the FAQ")
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.Notes, "\n")
	for _, want := range []string{`"FAQ" is looked for only inside the page's footer (its <footer> or role=contentinfo); a page with none blocks the run`,
		"The unquoted FAQ is read as the name the link shows, a guess"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes do not say %q:\n%s", want, notes)
		}
	}
	if r := d.Requirements[0].Text; !strings.Contains(r, `the "FAQ" link in the footer`) {
		t.Errorf("requirement %q does not say the link is in the footer", r)
	}
}

// TestRegionNamedElementRefused: a name in a part that the plan would look
// for as a text of the whole page (what a click shows, said in the same
// part) cannot be pinned: the claim is refused with that reason, and the
// readings offered are each labelled.
func TestRegionNamedElementRefused(t *testing.T) {
	for _, tc := range []struct{ claim, reason string }{
		{"In the nav, clicking 'Plans' shows 'Monthly'", `cannot pin "Plans" and "Monthly" inside the nav: "Monthly" is looked for as a text of the page`},
		// a thing found by no quoted name would be looked for on the whole page
		{"The header contains a 'Sign in' button and the logo", `cannot pin "Sign in" inside the header: the image "logo" is found by no name the claim quotes`},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, tc.reason) {
			t.Errorf("%q: reason %q does not say %q", tc.claim, np.Reason, tc.reason)
		}
		for _, s := range np.Suggestions {
			if !strings.Contains(s, labelSep) {
				t.Errorf("%q: suggestion %q is not labelled, yet checks less", tc.claim, s)
			}
		}
		checkSuggestions(t, tc.claim, np)
	}
	// A lower-case word is no name: nothing reads it as one.
	np := refusalOf(t, "The footer of the recipes page links to the changelog of the app")
	for _, s := range np.Suggestions {
		if strings.Contains(s, `"changelog"`) {
			t.Errorf("suggestion %q reads the lower-case word as a name", s)
		}
	}
}

// TestRegionUnmarkedPart: a part no tag or role marks (a status bar, a
// toolbar) cannot hold a text check; an unquoted number with a unit that
// two texts "both read" is offered as that text counted on the page,
// labelled as the guess it is.
func TestRegionUnmarkedPart(t *testing.T) {
	for _, tc := range []struct{ claim, first string }{
		{"The CPU and memory gauges in the status bar both read 0%", `The home page shows "0%" twice`},
		{"On /player, the elapsed and total times in the status bar both read 0 ms", `/player shows "0 ms" twice`},
		{"'Ready' is shown in the status bar", `The home page shows "Ready"`},
		{"In the toolbar, the page shows 'Recording'", ""},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, "no tag or role marks it") {
			t.Errorf("%q: reason %q", tc.claim, np.Reason)
		}
		if tc.first != "" && (len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], tc.first)) {
			t.Errorf("%q: first suggestion is not %q (all: %q)", tc.claim, tc.first, np.Suggestions)
		}
		checkSuggestions(t, tc.claim, np)
	}
}

// TestRegionPositions: where an element sits on the screen is no check;
// the element alone is offered, on the page the claim names after it,
// labelled with the position it leaves out.
func TestRegionPositions(t *testing.T) {
	for _, tc := range []struct{ claim, first string }{
		{"There's a Checkout button at the top of the cart", `The cart shows a "Checkout" button`},
		{"A 'Search recipes' search box sits above the list of recipes", `The home page shows a "Search recipes" search box`},
		{"The 'Sign up' button is at the bottom of the pricing page", `The pricing page shows a "Sign up" button`},
		{"The 'Export' button sits below the 'Import' button", `The home page shows an "Export" button`},
		{"There's a Donate button at the top of the blog for supporting the authors", `The blog shows a "Donate" button`},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, "says where the element sits on the screen") {
			t.Errorf("%q: reason %q", tc.claim, np.Reason)
		}
		if len(np.Suggestions) == 0 || stripLabel(np.Suggestions[0]) != tc.first {
			t.Errorf("%q: first suggestion is not %q (all: %q)", tc.claim, tc.first, np.Suggestions)
		} else if !strings.Contains(np.Suggestions[0], "where an element sits on the screen is not checked") {
			t.Errorf("%q: label of %q does not say the position is left out", tc.claim, np.Suggestions[0])
		}
		checkSuggestions(t, tc.claim, np)
	}
	// An order of two texts is the page's order, read as before.
	runClasses(t, []classCase{
		{"/shop lists 'Apples' above 'Pears'", [][]string{{`{"visit":"/shop"}`, `{"expect_order":["Apples","Pears"]}`}}},
	})
}

// TestRegionNotDropped: a part said with a word that says which one the
// page has ("the top nav", "the site header") is pinned or refused, never
// dropped; a text said of it is looked for inside its element.
func TestRegionNotDropped(t *testing.T) {
	runClasses(t, []classCase{
		{"In the top nav, 'Recipes' is shown", [][]string{{`{"visit":"/"}`, `{"wait_for":"css=nav","reach":true}`, `{"expect_text":{"text":"Recipes","target":"css=nav"}}`}}},
		{"The site footer shows '© Acme'", [][]string{{`{"visit":"/"}`, `{"wait_for":"css=footer","reach":true}`, `{"expect_text":{"text":"© Acme","target":"css=footer"}}`}}},
		// A link clicked in a part is pinned inside it.
		{"Clicking the 'Pricing' link in the header goes to /pricing", [][]string{{`{"visit":"/"}`, `{"click":"role=link[name=\"Pricing\"] in=header"}`, `{"expect_url":"/pricing"}`}}},
		{"In the site header, the page has a 'Docs' link", [][]string{{`{"visit":"/"}`, `{"expect_visible":"role=link[name=\"Docs\"] in=header"}`}}},
	})
	runRefused(t, []string{
		"In the top nav, the page shows 'Recipes'",
		"In the main nav, the page shows 'Recipes'",
	})
	np := refusalOf(t, "In the top nav, the page shows 'Recipes'")
	if len(np.Suggestions) == 0 || stripLabel(np.Suggestions[0]) != `The top nav shows "Recipes"` {
		t.Errorf("first suggestion is not the text inside the top nav: %q", np.Suggestions)
	}
	checkSuggestions(t, "In the top nav, the page shows 'Recipes'", np)
}

// TestRegionTellsYouTo: "tells you to …" around a quoted text reads only
// when every word is accounted for; otherwise the text inside the part
// is offered, labelled with the words it leaves out.
func TestRegionTellsYouTo(t *testing.T) {
	c := "The footer of the blog tells you to email 'help@blog.test' for help"
	np := refusalOf(t, c)
	var got []string
	for _, s := range np.Suggestions {
		got = append(got, stripLabel(s))
	}
	if !contains(got, `The footer of the blog shows "help@blog.test"`) {
		t.Errorf("no reading inside the footer: %q", np.Suggestions)
	}
	checkSuggestions(t, c, np)
}
