package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestListsUnquotedLiterals: lists and entries whose texts are left
// unquoted where they are plainly literal (paths, upper-case tokens,
// versions, people's names), about invented apps. A path read as a text
// is found first by a hover marked reach: it may be only where a link
// goes, and a guess that finds nothing blocks the run, never fails it.
func TestListsUnquotedLiterals(t *testing.T) {
	seen := func(p string) string { return `{"hover":"text=` + p + `","reach":true}` }
	text := func(s string) string { return `{"expect_text":"` + s + `"}` }
	runClasses(t, []classCase{
		// paths listed after a verb of showing, with a quoted text before
		{"The home page says 'Welcome' and lists /lamps, /desks and /chairs.", [][]string{
			{`{"visit":"/"}`, text("Welcome")},
			{`{"visit":"/"}`, seen("/lamps"), text("/lamps")},
			{`{"visit":"/"}`, seen("/desks"), text("/desks")},
			{`{"visit":"/"}`, seen("/chairs"), text("/chairs")},
		}},
		// an entry named by its path
		{"The home page has a /posts entry", [][]string{{`{"visit":"/"}`, seen("/posts"), text("/posts")}}},
		// a text beside an entry: inside the item that shows it
		{"The blog shows '4 comments' next to /posts/7", [][]string{{`{"visit":"/blog","reach":true}`, seen("/posts/7"), `{"expect_visible":"text=4 comments within=\"/posts/7\""}`}}},
		{"On /status, /api has 'OK' next to it", [][]string{{`{"visit":"/status"}`, seen("/api"), `{"expect_visible":"text=OK within=\"/api\""}`}}},
		{"On /files, /tmp has '3 files' next to it and /var has '12 files' next to it", [][]string{
			{`{"visit":"/files"}`, seen("/tmp"), `{"expect_visible":"text=3 files within=\"/tmp\""}`},
			{`{"visit":"/files"}`, seen("/var"), `{"expect_visible":"text=12 files within=\"/var\""}`},
		}},
		// several texts, each next to its entry
		{"The home page shows '3x' next to /tasks and '1x' next to /users", [][]string{
			{`{"visit":"/"}`, seen("/tasks"), `{"expect_visible":"text=3x within=\"/tasks\""}`},
			{`{"visit":"/"}`, seen("/users"), `{"expect_visible":"text=1x within=\"/users\""}`},
		}},
		{"/shop shows 'Sale' next to 'Lamp', 'New' next to 'Desk' and 'Sold out' next to 'Chair'", [][]string{
			{`{"visit":"/shop"}`, `{"expect_visible":"text=Sale within=\"Lamp\""}`},
			{`{"visit":"/shop"}`, `{"expect_visible":"text=New within=\"Desk\""}`},
			{`{"visit":"/shop"}`, `{"expect_visible":"text=Sold out within=\"Chair\""}`},
		}},
		// an order said link by link, the query said before its path
		{"With ?_sort=year, /books puts 'Emma' before 'Dune', and that before 'Ulysses'.", [][]string{
			{`{"visit":"/books?_sort=year"}`, `{"expect_order":["Emma","Dune","Ulysses"]}`}}},
		// quoted texts are never quoted again
		{"The page shows 'It lists GET and POST' and lists /a", [][]string{
			{`{"visit":"/"}`, text("It lists GET and POST")},
			{`{"visit":"/"}`, seen("/a"), text("/a")},
		}},
		// an action on the item that shows the path: found first too
		{"On /orders, clicking 'Delete' next to /orders/12 shows 'Deleted'", [][]string{{`{"visit":"/orders"}`, seen("/orders/12"),
			`{"remember_count":{"target":"text=Deleted","as":"before_deleted"}}`, `{"click":"role=button[name=\"Delete\"] within=\"/orders/12\""}`, text("Deleted"),
			`{"expect_count":{"target":"text=Deleted","more_than":"before_deleted"},"reach":true}`}}},
		{"On /catalog, /lamps is tagged 3x", [][]string{{`{"visit":"/catalog"}`, seen("/lamps"), `{"expect_visible":"text=3x within=\"/lamps\""}`}}},
		{"In the home page's Products list, /lamps is tagged 12 and /desks 'new'.", [][]string{
			{`{"visit":"/"}`, seen("/lamps"), `{"expect_visible":"text=12 within=\"/lamps\""}`},
			{`{"visit":"/"}`, seen("/desks"), `{"expect_visible":"text=new within=\"/desks\""}`},
		}},
		// an order said after a colon, of upper-case tokens
		{"/api-docs lists the verbs in this order: GET, PUT, DELETE.", [][]string{{`{"visit":"/api-docs"}`, `{"expect_order":["GET","PUT","DELETE"]}`}}},
		// versions before "in that order": never one text with the words after
		{"/changelog lists 2.1.0 and 2.0.0 in that order", [][]string{{`{"visit":"/changelog"}`, `{"expect_order":["2.1.0","2.0.0"]}`}}},
		// people's names right after "lists", on a page opened by a click
		{"Clicking /team on the home page opens /team, which lists Maria Diaz and Tom Baker.", [][]string{{`{"visit":"/"}`,
			`{"click":"css=a[href=\"/team\"], a[href=\"/team/\"], a[href=\"team\"], a[href=\"./team\"]"}`, `{"expect_url":"/team"}`, text("Maria Diaz"), text("Tom Baker")}}},
		// versions listed under a heading: its section (under.go)
		{"/blog lists v1.2 and v1.3 under Releases", [][]string{
			{`{"visit":"/blog"}`, `{"expect_visible":"text=v1.2 under=\"Releases\""}`},
			{`{"visit":"/blog"}`, `{"expect_visible":"text=v1.3 under=\"Releases\""}`}}},
		// a purpose before the path, and "leaves out"
		{"Asking for only three books with /books?_limit=3 leaves out 'Emma'", [][]string{{`{"visit":"/books?_limit=3"}`, `{"expect_no_text":"Emma"}`}}},
		// an app's name before a quoted phrase the page says of it
		{"The status page says Grafana is 'up and running'", [][]string{{`{"visit":"/status","reach":true}`, text("up and running")}}},
		// a count the readers check on a JSON response, and the field the
		// item holds (jsonverbs.go: "the one book, whose title is …")
		{"GET /api/books?isbn=42 gives back the one book, whose title is 'Dune'", [][]string{
			{`{"visit":"/api/books?isbn=42"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/api/books?isbn=42"}`, `{"expect_json":{"at":"/**/title","equals":"Dune"}}`},
		}},
	})
	runRefused(t, []string{
		"/team lists Ann Lee and bob stone",                                // a lower-case word may be a word of the sentence
		"On /store, /lamps is tagged new",                                  // an unquoted word is no literal tag
		"On /store, /lamps is tagged 'new' and /desks hot",                 // the same, in the second pair
		"The home page says 'Hi' and includes /a and /b under Resources",   // "Resources" after no listing verb may be no heading
		"/store says Acme is 'open'",                                       // one word: a JSON field's value or a text?
		"/profile says the theme is 'dark'",                                // a field of a JSON response, or a text
		"GET /api/status says Acme is 'up and running'",                    // JSON: "Acme" may be a field
		"/orders?paid=true shows the one order, whose total is '12'",       // "the one" is a count no page shows
		"The Resources list on /admin has a /posts entry",                  // no element is "the Resources list"
		"The orders page puts 'Order 9' first and 'Order 1' last",          // nothing before or after them: all items
		"/api-docs mentions 'TRACE' as one of the HTTP verbs you can send", // the aside says where it is: a text elsewhere proves another claim
		"The home page doesn't list /admin",                                // a path not shown may still be linked to
		"The home page lists /docs but not /admin",                         // the same
	})
}

// TestListsNamesOnlyCapitalised: a bare list after "lists" is read as
// people's names only when every item is two or three capitalised words,
// none a noun or a plural; else the rewrite leaves it to the readers.
func TestListsNamesOnlyCapitalised(t *testing.T) {
	for _, tc := range []struct {
		claim string
		want  string // the rewrite, "" for none
	}{
		{"/team lists Ann Lee and Bob Stone", "/team lists 'Ann Lee' and 'Bob Stone'"},
		{"/team, which lists Ann Lee, Bob Stone and Li Wei", "/team, which lists 'Ann Lee', 'Bob Stone' and 'Li Wei'"},
		{"/team lists Tasks and Users", ""},                    // one word each: a heading or a description
		{"/team lists Open Issues and Ann Lee", ""},            // a plural is a noun
		{"/team lists the founders Ann Lee and Bob Stone", ""}, // the readers read a noun's names
		{"/docs lists GET, POST and DELETE", "/docs lists 'GET', 'POST' and 'DELETE'"},
		{"/docs shows GET /users", ""}, // a literal followed by more words: not a list
		{"Clicking /users opens /users", ""},
	} {
		r, ok := listRewrite(tc.claim)
		got := ""
		if ok {
			got = r.said
		}
		if got != tc.want {
			t.Errorf("listRewrite(%q) = %q, want %q", tc.claim, got, tc.want)
		}
	}
}

// TestListsFirstLastOffersOrder: "'A' first and 'B' last" is refused —
// their order does not prove nothing comes before A or after B — with
// the order of the two offered first, labelled.
func TestListsFirstLastOffersOrder(t *testing.T) {
	c := "The orders page puts 'Order 9' first and 'Order 1' last"
	_, err := Derive(c)
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("%q derived, want a refusal", c)
	}
	if len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], "The orders page lists 'Order 9' before 'Order 1'"+labelSep) {
		t.Fatalf("first suggestion of %q: %q", c, np.Suggestions)
	}
	for _, s := range np.Suggestions {
		if _, err := Derive(s); err != nil {
			t.Errorf("suggestion %q does not derive: %v", s, err)
		}
	}
}

// TestListsNotesSayWhatIsGuessed: the notes name the unquoted texts and
// the reach step on a path.
func TestListsNotesSayWhatIsGuessed(t *testing.T) {
	d, err := Derive("On /catalog, /lamps is tagged 3x")
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(d.Notes, "\n")
	for _, want := range []string{`The unquoted "/lamps" and "3x" are read as literal text`, "blocked, not failed"} {
		if !strings.Contains(all, want) {
			t.Errorf("notes lack %q:\n%s", want, all)
		}
	}
	if d.Claim != "On /catalog, /lamps is tagged 3x" || d.Plan.Name != "On /catalog, /lamps is tagged 3x" {
		t.Errorf("claim %q, plan name %q: want the claim as said", d.Claim, d.Plan.Name)
	}
}
