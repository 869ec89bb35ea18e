package claim

import (
	"errors"
	"strings"
	"testing"
)

// The tests here hold classes of phrasing, each with claims written for
// this test (about apps of every kind), never sentences of a corpus: a rule
// is general when differently worded claims of its kind read right.

// classCase is a claim and the steps of each journey it must derive, in
// canonical JSON, one journey per line group.
type classCase struct {
	claim string
	steps [][]string
}

func runClasses(t *testing.T, cases []classCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.claim, func(t *testing.T) {
			d, err := Derive(tt.claim)
			if err != nil {
				t.Fatal(err)
			}
			if miss := Missing(tt.claim, d.Plan); miss != "" {
				t.Errorf("the plan %s", miss)
			}
			if len(d.Plan.Journeys) != len(tt.steps) {
				t.Fatalf("%d journeys, want %d: %s", len(d.Plan.Journeys), len(tt.steps), d.Plan.Canonical())
			}
			for i, j := range d.Plan.Journeys {
				var got []string
				for _, s := range j.Steps {
					b, _ := s.MarshalJSON()
					got = append(got, string(b))
				}
				if strings.Join(got, "\n") != strings.Join(tt.steps[i], "\n") {
					t.Errorf("journey %d steps:\n%s\nwant:\n%s", i+1, strings.Join(got, "\n"), strings.Join(tt.steps[i], "\n"))
				}
			}
		})
	}
}

// runRefused: each claim must be refused (a reading vouch cannot be sure
// of), never derived.
func runRefused(t *testing.T, claims []string) {
	t.Helper()
	for _, c := range claims {
		if d, err := Derive(c); err == nil {
			t.Errorf("%q derived %s, want a refusal", c, d.Plan.Canonical())
		}
	}
}

func TestClassConsoleParaphrases(t *testing.T) {
	health := []string{`{"expect_status":200}`, `{"expect_no_console_errors":true}`}
	runClasses(t, []classCase{
		{"The dashboard loads without writing any errors to the dev console", [][]string{append([]string{`{"visit":"/dashboard","reach":true}`}, health...)}},
		{"/shop opens without logging errors in the browser console", [][]string{append([]string{`{"visit":"/shop"}`}, health...)}},
		{"The pricing page renders without throwing any exceptions", [][]string{append([]string{`{"visit":"/pricing","reach":true}`}, health...)}},
		{"The home page loads without any errors in the JS console", [][]string{append([]string{`{"visit":"/"}`}, health...)}},
		{"/ loads without an error", [][]string{append([]string{`{"visit":"/"}`}, health...)}},
		{"/about renders without a single error", [][]string{append([]string{`{"visit":"/about"}`}, health...)}},
		{"/admin has no errors in the developer console", [][]string{{`{"visit":"/admin"}`, `{"expect_no_console_errors":true}`}}},
	})
	runRefused(t, []string{
		"The home page loads without writing warnings to the console", // warnings are not checked
	})
}

func TestClassAppNamedHomePage(t *testing.T) {
	runClasses(t, []classCase{
		{"Grafana's home page shows 'Welcome to Grafana'", [][]string{{`{"visit":"/"}`, `{"expect_text":"Welcome to Grafana"}`}}},
		{"acme-shop's landing page has two 'Buy' buttons", [][]string{{`{"visit":"/"}`, `{"expect_count":{"target":"role=button[name=\"Buy\"]","count":2}}`}}},
		{"The Gitea web UI shows 'Explore'", [][]string{{`{"visit":"/"}`, `{"expect_text":"Explore"}`}}},
		{"The Jellyfin web interface loads without errors", [][]string{{`{"visit":"/"}`, `{"expect_status":200}`, `{"expect_no_console_errors":true}`}}},
	})
	runRefused(t, []string{
		"The user's home page shows 'Hi'",         // a person's page, not the app's
		"The customer's main page shows 'Orders'", // the same
		"The Redoc UI shows 'Pets'",               // a docs tool: its own site or an app's /docs
		// ("Swagger UI shows 'books'" is read by the docs reader: the home
		// page once Swagger UI is found there, else blocked; compose_docs_test.go)
	})
}

func TestClassAnywhere(t *testing.T) {
	runClasses(t, []classCase{
		{"The checkout doesn't show 'NaN' anywhere", [][]string{{`{"visit":"/checkout","reach":true}`, `{"expect_no_text":"NaN"}`}}},
		{"/about shows 'Our team' anywhere on the page", [][]string{{`{"visit":"/about"}`, `{"expect_text":"Our team"}`}}},
		{"On /cart, 'undefined' is not shown at all", [][]string{{`{"visit":"/cart"}`, `{"expect_no_text":"undefined"}`}}},
	})
	runRefused(t, []string{
		"Clicking 'Docs' anywhere opens /docs", // where to click is not a text check
	})
}

func TestClassStatusSpokenTo(t *testing.T) {
	runClasses(t, []classCase{
		{"Visiting /nope gives you a 404", [][]string{{`{"visit":"/nope"}`, `{"expect_status":404}`}}},
		{"/admin sends me a 403 Forbidden", [][]string{{`{"visit":"/admin"}`, `{"expect_status":403}`}}},
		{"requesting /api/v2/items gives u a 200 OK", [][]string{{`{"visit":"/api/v2/items"}`, `{"expect_status":200}`}}},
	})
	runRefused(t, []string{
		"opening /x tells u the 404 page", // no status verb: unquoted words
	})
}

func TestClassOrderWords(t *testing.T) {
	runClasses(t, []classCase{
		{"/products?sort=price puts 'Pencil' above 'Stapler'", [][]string{{`{"visit":"/products?sort=price"}`, `{"expect_order":["Pencil","Stapler"]}`}}},
		{"On /blog, 'Part 2' comes after 'Part 1'", [][]string{{`{"visit":"/blog"}`, `{"expect_order":["Part 1","Part 2"]}`}}},
		{"The /leaderboard page places 'Ann' before 'Bob'", [][]string{{`{"visit":"/leaderboard"}`, `{"expect_order":["Ann","Bob"]}`}}},
		{"/inbox lists 'Re: hello' below 'Invoice'", [][]string{{`{"visit":"/inbox"}`, `{"expect_order":["Invoice","Re: hello"]}`}}},
	})
	runRefused(t, []string{
		"'Ann' is listed under 'Admins' on /team", // a heading it belongs to, or order?
	})
}

func TestClassCountInPagesRegion(t *testing.T) {
	runClasses(t, []classCase{
		{"There are exactly four links in the home page's footer", [][]string{{`{"visit":"/"}`, `{"expect_count":{"target":"css=footer a[href]","count":4}}`}}},
		{"There are 2 buttons in the /settings page's header", [][]string{{`{"visit":"/settings"}`, `{"expect_count":{"target":"css=header button, header [role=button], header input[type=submit], header input[type=button]","count":2}}`}}},
		{"/guide has 5 links in its sidebar", [][]string{{`{"visit":"/guide"}`, `{"expect_count":{"target":"css=aside a[href]","count":5}}`}}},
	})
}

func TestClassPurposeClause(t *testing.T) {
	runClasses(t, []classCase{
		{"Opening /orders to check on order 42 shows 'Shipped'", [][]string{{`{"visit":"/orders"}`, `{"expect_text":"Shipped"}`}}},
		{"Clicking 'Invoices' to look at last month shows 'March'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Invoices\""}`, `{"remember_count":{"target":"text=March","as":"before_march"}}`, `{"click":"text=\"Invoices\""}`, `{"expect_text":"March"}`, `{"expect_count":{"target":"text=March","more_than":"before_march"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"Opening /x to see how fast it is shows 'y'",  // a judgement inside the purpose
		"Opening /reports to check that it works",     // the purpose is the only check
		"Opening /reports to look at the charts",      // no check at all
		"Opening /x to see whether the cache is warm", // out of reach
	})
}

func TestClassBackAgain(t *testing.T) {
	runClasses(t, []classCase{
		{"On /inbox, clicking 'Undo' brings 'Invoice 7' back", [][]string{{`{"visit":"/inbox"}`, `{"wait_for":"text=\"Undo\""}`, `{"remember_count":{"target":"text=Invoice 7","as":"before_invoice_7"}}`, `{"click":"text=\"Undo\""}`, `{"expect_text":"Invoice 7"}`, `{"expect_count":{"target":"text=Invoice 7","more_than":"before_invoice_7"},"reach":true}`}}},
		{"Clicking 'Docs' and then going back, 'Welcome' is back", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Docs\""}`, `{"go_back":true}`, `{"expect_text":"Welcome"}`}}},
	})
	runRefused(t, []string{
		"On /inbox, 'Invoice 7' is back", // back after nothing the claim did
	})
}

func TestClassPageShowing(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Pricing' takes you to a page showing '$12 a month'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Pricing\""}`, `{"remember_count":{"target":"text=$12 a month","as":"before__12_a_month"}}`, `{"click":"text=\"Pricing\""}`, `{"expect_text":"$12 a month"}`, `{"expect_count":{"target":"text=$12 a month","more_than":"before__12_a_month"},"reach":true}`}}},
		{"On /blog, clicking 'Older' opens a page that lists 'Hello world'", [][]string{{`{"visit":"/blog"}`, `{"wait_for":"text=\"Older\""}`, `{"remember_count":{"target":"text=Hello world","as":"before_hello_world"}}`, `{"click":"text=\"Older\""}`, `{"expect_text":"Hello world"}`, `{"expect_count":{"target":"text=Hello world","more_than":"before_hello_world"},"reach":true}`}}},
		{"Clicking 'Help' takes you to a page titled 'Help center'", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Help\""}`, `{"expect_title":"Help center"}`}}},
	})
}

func TestClassSwitchTab(t *testing.T) {
	runClasses(t, []classCase{
		{"On /settings, switching to the 'Billing' tab shows 'Invoices'", [][]string{
			{`{"visit":"/settings"}`, `{"wait_for":"role=tab[name=\"Billing\"]","reach":true}`, `{"click":"role=tab[name=\"Billing\"]"}`, `{"wait_for":"role=tabpanel[name=\"Billing\"]","reach":true}`, `{"expect_text":{"text":"Invoices","target":"role=tabpanel[name=\"Billing\"]"}}`}}},
		{"On /account, going to the Members tab shows 'Two-factor'", [][]string{
			{`{"visit":"/account"}`, `{"wait_for":"role=tab[name=\"Members\"]","reach":true}`, `{"click":"role=tab[name=\"Members\"]"}`, `{"wait_for":"role=tabpanel[name=\"Members\"]","reach":true}`, `{"expect_text":{"text":"Two-factor","target":"role=tabpanel[name=\"Members\"]"}}`}}},
	})
	runRefused(t, []string{
		"On /account, switching to the new tab shows 'x'", // "new" describes, names no tab
	})
}

func TestClassReportedSpeech(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Save' tells you 'Saved'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"click":"text=\"Save\""}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
		{"On /billing, the footer warns that it is 'overdue'", [][]string{{`{"visit":"/billing"}`, `{"wait_for":"css=footer","reach":true}`, `{"expect_text":{"text":"overdue","target":"css=footer"}}`}}},
		{"/status says it's 'operational'", [][]string{{`{"visit":"/status"}`, `{"expect_text":"operational"}`}}},
	})
}

func TestClassAsides(t *testing.T) {
	runClasses(t, []classCase{
		{"/plans shows 'Free' and 'Pro' (no 'Enterprise')", [][]string{
			{`{"visit":"/plans"}`, `{"expect_text":"Free"}`}, {`{"visit":"/plans"}`, `{"expect_text":"Pro"}`}, {`{"visit":"/plans"}`, `{"expect_no_text":"Enterprise"}`}}},
		{"On /cart, clicking 'Empty' shows 'Your cart is empty' but not 'Total'", [][]string{{`{"visit":"/cart"}`, `{"wait_for":"text=\"Empty\""}`, `{"remember_count":{"target":"text=Your cart is empty","as":"before_your_cart_is_empty"}}`, `{"click":"text=\"Empty\""}`, `{"expect_text":"Your cart is empty"}`, `{"expect_count":{"target":"text=Your cart is empty","more_than":"before_your_cart_is_empty"},"reach":true}`, `{"expect_no_text":"Total"}`}}},
		{"/pricing shows 3 'Choose' buttons, not four", [][]string{{`{"visit":"/pricing"}`, `{"expect_count":{"target":"role=button[name=\"Choose\"]","count":3}}`}}},
	})
	runRefused(t, []string{
		"/pricing shows 3 'Choose' buttons, not three", // says the count twice, one denied
	})
}

func TestClassWhichHolds(t *testing.T) {
	runClasses(t, []classCase{
		{"Pressing '?' opens the shortcuts dialog, which lists 'Go to inbox'", [][]string{{`{"visit":"/"}`, `{"expect_hidden":"role=dialog[name=\"shortcuts\"]"}`, `{"press":"?"}`,
			`{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"shortcuts\"]","reach":true}`, `{"expect_text":{"text":"Go to inbox","target":"role=dialog[name=\"shortcuts\"]"}}`}}},
	})
	runRefused(t, []string{
		"Clicking 'Help' shows a 'Docs' link, which says 'Read the docs'", // a link holds no other text
	})
}

func TestClassSearchNamedCollection(t *testing.T) {
	runClasses(t, []classCase{
		{"On /library, searching the books for 'Dune' shows 'Frank Herbert'", [][]string{{`{"visit":"/library"}`, `{"wait_for":"role=searchbox","reach":true}`, `{"remember_count":{"target":"text=Frank Herbert","as":"before_frank_herbert"}}`, `{"fill":{"target":"role=searchbox","value":"Dune"}}`, `{"press":{"key":"Enter","target":"role=searchbox"}}`, `{"expect_text":"Frank Herbert"}`, `{"expect_count":{"target":"text=Frank Herbert","more_than":"before_frank_herbert"},"reach":true}`}}},
		{"Filtering the orders for 'pending' still shows '0 orders'", [][]string{{`{"visit":"/"}`, `{"expect_text":"0 orders"}`, `{"wait_for":"role=searchbox","reach":true}`, `{"fill":{"target":"role=searchbox","value":"pending"}}`,
			`{"press":{"key":"Enter","target":"role=searchbox"}}`, `{"expect_text":"0 orders"}`}}},
	})
}

func TestClassPageAtPath(t *testing.T) {
	d, err := Derive("The pricing page at /plans shows 'Pro'")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Plan.Journeys[0].Steps[0].Value; got != "/plans" {
		t.Errorf("visits %s, want /plans", got)
	}
	for _, n := range d.Notes {
		if strings.Contains(n, "guess") {
			t.Errorf("note %q: the claim names the path, nothing is guessed", n)
		}
	}
}

func TestClassLinkByPath(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking the /pricing link on /about shows 'Pro'", [][]string{{`{"visit":"/about"}`,
			`{"click":"css=a[href=\"/pricing\"], a[href=\"/pricing/\"], a[href=\"pricing\"], a[href=\"./pricing\"]"}`, `{"expect_text":"Pro"}`}}},
		{"Following the /docs/install link shows 'Requirements'", [][]string{{`{"visit":"/"}`,
			`{"click":"css=a[href=\"/docs/install\"], a[href=\"/docs/install/\"]"}`, `{"expect_text":"Requirements"}`}}},
	})
}

func TestClassStatusAsVerb(t *testing.T) {
	runClasses(t, []classCase{
		{"/orders/999 should 404", [][]string{{`{"visit":"/orders/999"}`, `{"expect_status":404}`}}},
		{"The /old-page page 404s", [][]string{{`{"visit":"/old-page"}`, `{"expect_status":404}`}}},
	})
	runRefused(t, []string{
		"Clicking 'X' 404", // a status said of an action, not a page
	})
}

func TestClassAppTitle(t *testing.T) {
	runClasses(t, []classCase{
		{"Grafana's page title is 'Grafana'", [][]string{{`{"visit":"/"}`, `{"expect_title":"Grafana"}`}}},
		{"Gitea's title is 'Gitea: Git with a cup of tea'", [][]string{{`{"visit":"/"}`, `{"expect_title":"Gitea: Git with a cup of tea"}`}}},
	})
	runRefused(t, []string{
		"The user's title is 'Dr'",     // a person's title
		"Swagger's title is 'Swagger'", // a docs tool: which page?
	})
}

func TestClassNamedThings(t *testing.T) {
	runClasses(t, []classCase{
		{"/team lists the founders Maria Diaz and Tom Baker", [][]string{{`{"visit":"/team"}`, `{"expect_text":"Maria Diaz"}`}, {`{"visit":"/team"}`, `{"expect_text":"Tom Baker"}`}}},
		{"/shop shows the product Desk Lamp", [][]string{{`{"visit":"/shop"}`, `{"expect_text":"Desk Lamp"}`}}},
		{"The home page doesn't list the cities Oslo, Bergen and Tromsø", [][]string{{`{"visit":"/"}`, `{"expect_no_text":"Oslo"}`}, {`{"visit":"/"}`, `{"expect_no_text":"Bergen"}`}, {`{"visit":"/"}`, `{"expect_no_text":"Tromsø"}`}}},
	})
	runRefused(t, []string{
		"/menu shows the dish Salt and Pepper", // one name or two? a singular noun says one
		"/team shows the tasks",                // a noun is never a text
		"/team lists the founders maria diaz",  // uncapitalised words name nothing for sure
		"/team lists the three founders",       // a number is a quantity
	})
}

func TestClassOnlyNot(t *testing.T) {
	runClasses(t, []classCase{
		{"/search?q=lamp only shows 'Desk lamp', not 'Stapler'", [][]string{{`{"visit":"/search?q=lamp"}`, `{"expect_text":"Desk lamp"}`}, {`{"visit":"/search?q=lamp"}`, `{"expect_no_text":"Stapler"}`}}},
	})
	runRefused(t, []string{
		"/search?q=lamp only shows 'Desk lamp'", // "only" with nothing it excludes named
	})
}

func TestClassClickDescribedAndSo(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking the 'pets' tag collapses it, so 'Find pet by ID' disappears", [][]string{{`{"visit":"/"}`, `{"expect_text":"Find pet by ID"}`, `{"click":"text=\"pets\""}`, `{"expect_no_text":"Find pet by ID"}`}}},
		{"On /faq, expanding the 'Billing' section shows 'Refunds'", [][]string{{`{"visit":"/faq"}`, `{"wait_for":"text=\"Billing\""}`, `{"remember_count":{"target":"text=Refunds","as":"before_refunds"}}`, `{"click":"text=\"Billing\""}`, `{"expect_text":"Refunds"}`, `{"expect_count":{"target":"text=Refunds","more_than":"before_refunds"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"Clicking 'Menu' opens it, so",                       // nothing follows "so"
		"Clicking 'Menu' opens it, so clicking 'Help' works", // an action, not the check of the change
		"The home page collapses it, so 'X' disappears",      // no action collapsed anything
	})
}

func TestClassOutcomesAsChange(t *testing.T) {
	runClasses(t, []classCase{
		// A text an action takes away is checked there just before it.
		{"On /inbox, clicking 'Dismiss' removes 'New: 3 messages'", [][]string{{`{"visit":"/inbox"}`, `{"expect_text":"New: 3 messages"}`,
			`{"click":"text=\"Dismiss\""}`, `{"expect_no_text":"New: 3 messages"}`}}},
		{"On /notes, adding 'call mom' and then clicking 'Delete' next to 'call mom' makes 'call mom' go away", [][]string{{`{"visit":"/notes"}`,
			`{"wait_for":"role=textbox","reach":true}`, `{"remember_count":{"target":"text=call mom","as":"before_call_mom"}}`, `{"fill":{"target":"role=textbox","value":"call mom"}}`, `{"press":{"key":"Enter","target":"role=textbox"}}`, `{"expect_count":{"target":"text=call mom","more_than":"before_call_mom"}}`,
			`{"click":"role=button[name=\"Delete\"] within=\"call mom\""}`, `{"expect_no_text":"call mom"}`}}},
		{"On /cart, clicking 'Remove' makes 'Blue mug' disappear", [][]string{{`{"visit":"/cart"}`, `{"expect_text":"Blue mug"}`, `{"click":"text=\"Remove\""}`, `{"expect_no_text":"Blue mug"}`}}},
		// One word is the element that says exactly it: "Pet" goes while "Add a pet" stays.
		{"Clicking 'Models' hides the 'Pet' and 'Tag' schemas", [][]string{{`{"visit":"/"}`, `{"expect_visible":"text=\"Pet\""}`, `{"expect_visible":"text=\"Tag\""}`,
			`{"click":"text=\"Models\""}`, `{"expect_hidden":"text=\"Pet\""}`, `{"expect_hidden":"text=\"Tag\""}`}}},
		// The new text of a changed part of the page.
		{"On /cart, clicking '+' changes the total to '2 items'", [][]string{{`{"visit":"/cart"}`, `{"wait_for":"text=\"+\""}`, `{"remember_count":{"target":"text=2 items","as":"before_2_items"}}`,
			`{"click":"text=\"+\""}`, `{"expect_count":{"target":"text=2 items","more_than":"before_2_items"}}`}}},
		{"On /profile, clicking 'Save' updates the greeting to 'Hi, Sam'", [][]string{{`{"visit":"/profile"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Hi, Sam","as":"before_hi__sam"}}`,
			`{"click":"text=\"Save\""}`, `{"expect_count":{"target":"text=Hi, Sam","more_than":"before_hi__sam"}}`}}},
		// "makes … appear": not shown before the action (gone.go)
		{"On /todos, adding 'bread' makes '1 item left' appear", [][]string{{`{"visit":"/todos"}`, `{"wait_for":"role=textbox","reach":true}`, `{"fill":{"target":"role=textbox","value":"bread"}}`, `{"remember_count":{"target":"text=1 item left","as":"before_1_item_left"}}`, `{"press":{"key":"Enter","target":"role=textbox"}}`, `{"expect_count":{"target":"text=1 item left","more_than":"before_1_item_left"}}`}}},
		// A noun after a quoted text describes it.
		{"On /todos, after adding 'bread', the 'bread' entry is visible", [][]string{{`{"visit":"/todos"}`, `{"wait_for":"role=textbox","reach":true}`, `{"remember_count":{"target":"text=bread","as":"before_bread"}}`, `{"fill":{"target":"role=textbox","value":"bread"}}`,
			`{"press":{"key":"Enter","target":"role=textbox"}}`, `{"expect_count":{"target":"text=bread","more_than":"before_bread"}}`}}},
	})
	runRefused(t, []string{
		"entry is visible on /todos",                          // a lower-case noun is no text
		"On /todos, after adding 'bread', the entry is shown", // the same
		"On /cart, clicking '+' changes the total",            // to what?
	})
}

func TestClassKeyClosesDialog(t *testing.T) {
	runClasses(t, []classCase{
		// nothing said opens the dialog: found open first, else blocked
		{"On /editor, pressing Escape closes the dialog", [][]string{{`{"visit":"/editor"}`, `{"wait_for":"role=dialog","reach":true}`, `{"press":"Escape"}`, `{"expect_hidden":"role=dialog"}`}}},
		{"Clicking 'Share' and then pressing Esc dismisses the modal", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Share\""}`, `{"expect_visible":"role=dialog"}`, `{"press":"Escape"}`, `{"expect_hidden":"role=dialog"}`}}},
	})
	runRefused(t, []string{
		"Pressing Escape closes the sidebar", // which element is the sidebar?
	})
}

func TestClassNumberOfExampleItems(t *testing.T) {
	add := func(n string) []string {
		return []string{`{"wait_for":"role=textbox","reach":true}`, `{"fill":{"target":"role=textbox","value":"vouch example ` + n + `"}}`, `{"press":{"key":"Enter","target":"role=textbox"}}`}
	}
	count := func(v string) []string {
		return []string{`{"remember_count":{"target":"text=` + v + `","as":"before_` + strings.ReplaceAll(v, " ", "_") + `"}}`}
	}
	shown := func(v string) []string {
		return []string{`{"expect_text":"` + v + `"}`, `{"expect_count":{"target":"text=` + v + `","more_than":"before_` + strings.ReplaceAll(v, " ", "_") + `"},"reach":true}`}
	}
	steps := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	runClasses(t, []classCase{
		// the text is counted just before the last add: shown before it,
		// it may say nothing of the adds
		{"On /list, adding three items shows '3 items'", [][]string{steps([]string{`{"visit":"/list"}`}, add("1"), add("2"), add("3")[:1], count("3 items"), add("3")[1:], shown("3 items"))}},
		{"On /notes, creating a note shows '1 note'", [][]string{steps([]string{`{"visit":"/notes"}`}, add("1")[:1], count("1 note"), add("1")[1:], shown("1 note"))}},
		{"On /notes, adding a note called 'Call Ann' shows 'Call Ann'", [][]string{{`{"visit":"/notes"}`, `{"wait_for":"role=textbox","reach":true}`, `{"remember_count":{"target":"text=Call Ann","as":"before_call_ann"}}`, `{"fill":{"target":"role=textbox","value":"Call Ann"}}`,
			`{"press":{"key":"Enter","target":"role=textbox"}}`, `{"expect_count":{"target":"text=Call Ann","more_than":"before_call_ann"}}`}}},
	})
	runRefused(t, []string{
		"On /list, adding 40 items shows '40 items'", // too many example items to type
	})
}

func TestClassAppearsElsewhere(t *testing.T) {
	runClasses(t, []classCase{
		{"On /compose, adding 'Hello' makes it appear on /feed", [][]string{{`{"visit":"/compose"}`, `{"wait_for":"role=textbox","reach":true}`, `{"fill":{"target":"role=textbox","value":"Hello"}}`,
			`{"press":{"key":"Enter","target":"role=textbox"}}`, `{"visit":"/feed"}`, `{"expect_text":"Hello"}`}}},
	})
	runRefused(t, []string{
		"On /compose, clicking 'Post' makes it appear on /feed", // "it" is nothing the claim added
	})
}

func TestClassCheckingAPath(t *testing.T) {
	runClasses(t, []classCase{
		{"Checking /api/status, it says 'ok'", [][]string{{`{"visit":"/api/status"}`, `{"expect_text":"ok"}`}}},
		{"Look at /changelog: it lists '2.0.0'", [][]string{{`{"visit":"/changelog"}`, `{"expect_text":"2.0.0"}`}}},
	})
	runRefused(t, []string{
		"Checking 'Remember me' keeps you signed in", // a box to tick, and no check
	})
}

func TestClassRepeatedAction(t *testing.T) {
	runClasses(t, []classCase{
		{"On /counter, clicking 'Increment' twice shows 'Count: 2'", [][]string{{`{"visit":"/counter"}`, `{"wait_for":"text=\"Increment\""}`, `{"remember_count":{"target":"text=Count: 2","as":"before_count__2"}}`, `{"click":"text=\"Increment\""}`, `{"click":"text=\"Increment\""}`, `{"expect_text":"Count: 2"}`, `{"expect_count":{"target":"text=Count: 2","more_than":"before_count__2"},"reach":true}`}}},
		{"On /carousel, pressing ArrowRight three times shows 'Slide 4'", [][]string{{`{"visit":"/carousel"}`, `{"remember_count":{"target":"text=Slide 4","as":"before_slide_4"}}`, `{"press":"ArrowRight"}`, `{"press":"ArrowRight"}`, `{"press":"ArrowRight"}`, `{"expect_text":"Slide 4"}`, `{"expect_count":{"target":"text=Slide 4","more_than":"before_slide_4"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"On /counter, clicking '+' 50 times shows '50'", // more steps than a claim should imply
	})
}

func TestClassEditInPlace(t *testing.T) {
	runClasses(t, []classCase{
		{"On /tasks, double-clicking 'Buy stamps' lets you edit it", [][]string{{`{"visit":"/tasks"}`, `{"dblclick":"text=\"Buy stamps\""}`, `{"expect_visible":"role=textbox within=\"Buy stamps\""}`}}},
		{"On /files, double-clicking 'notes.txt' puts it in edit mode", [][]string{{`{"visit":"/files"}`, `{"dblclick":"text=\"notes.txt\""}`, `{"expect_visible":"role=textbox within=\"notes.txt\""}`}}},
	})
	runRefused(t, []string{
		"On /tasks, double-clicking the title lets you edit it", // which text is "the title"?
	})
}

func TestClassExpandsAnd(t *testing.T) {
	runClasses(t, []classCase{
		{"On /faq, clicking 'Shipping' expands the answer and shows 'Free over $50'", [][]string{{`{"visit":"/faq"}`, `{"wait_for":"text=\"Shipping\""}`, `{"remember_count":{"target":"text=Free over $50","as":"before_free_over__50"}}`, `{"click":"text=\"Shipping\""}`, `{"expect_text":"Free over $50"}`, `{"expect_count":{"target":"text=Free over $50","more_than":"before_free_over__50"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"On /faq, clicking 'Shipping' expands the answer and clicking 'Returns'", // the expansion is never checked
	})
}

func TestClassNextTo(t *testing.T) {
	runClasses(t, []classCase{
		{"On /invoices, the 'Paid' badge next to 'Invoice 7' is visible", [][]string{{`{"visit":"/invoices"}`, `{"expect_visible":"text=Paid within=\"Invoice 7\""}`}}},
		{"On /invoices, the 'Pay' button next to 'Invoice 9' is shown", [][]string{{`{"visit":"/invoices"}`, `{"expect_visible":"role=button[name=\"Pay\"] within=\"Invoice 9\""}`}}},
		{"/orders shows 'Shipped' next to 'Order 12'", [][]string{{`{"visit":"/orders"}`, `{"expect_visible":"text=Shipped within=\"Order 12\""}`}}},
		// a path may be no text an item shows: it is found as a text
		// first, a reach step that blocks the run when it is not
		{"/orders shows 'Shipped' next to /orders/12", [][]string{{`{"visit":"/orders"}`, `{"hover":"text=/orders/12","reach":true}`, `{"expect_visible":"text=Shipped within=\"/orders/12\""}`}}},
	})
}

func TestClassRepeatedReload(t *testing.T) {
	runClasses(t, []classCase{
		{"On /notes, adding 'x' and then reloading twice still shows 'x'", [][]string{{`{"visit":"/notes"}`, `{"wait_for":"role=textbox","reach":true}`, `{"remember_count":{"target":"text=x","as":"before_x"}}`, `{"fill":{"target":"role=textbox","value":"x"}}`,
			`{"press":{"key":"Enter","target":"role=textbox"}}`, `{"reload":true}`, `{"expect_count":{"target":"text=x","more_than":"before_x"}}`, `{"reload":true}`, `{"expect_count":{"target":"text=x","more_than":"before_x"}}`}}},
	})
}

func TestClassPossessiveDescription(t *testing.T) {
	runClasses(t, []classCase{
		{"/team shows Maria's role 'Founder'", [][]string{{`{"visit":"/team"}`, `{"expect_text":"Founder"}`}}},
	})
}

func TestClassNamedDialogClosed(t *testing.T) {
	runClasses(t, []classCase{
		// the name is the claim's guess: a dialog open decides, the name
		// is found (reach)
		{"After pressing '?', pressing Escape closes the shortcuts dialog", [][]string{{`{"visit":"/"}`, `{"press":"?"}`,
			`{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"shortcuts\"]","reach":true}`,
			`{"press":"Escape"}`, `{"expect_hidden":"role=dialog[name=\"shortcuts\"]"}`}}},
		// "pressing /" is the slash key, not a link to the home page
		{"Pressing / opens the Hotkeys dialog and pressing Esc closes it", [][]string{{`{"visit":"/"}`,
			`{"expect_hidden":"role=dialog[name=\"Hotkeys\"]"}`, `{"press":"/"}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`,
			`{"wait_for":"role=dialog[name=\"Hotkeys\"]","reach":true}`, `{"press":"Escape"}`, `{"expect_hidden":"role=dialog[name=\"Hotkeys\"]"}`}}},
	})
	runRefused(t, []string{
		"/ opens the Hotkeys dialog",                // the home page or the "/" key
		"Clicking 'OK' closes the 'Confirm' dialog", // the click's own effect: not read yet
	})
}

func TestClassNamedRegion(t *testing.T) {
	runClasses(t, []classCase{
		{"The 'Pets' section lists 'Add a pet'", [][]string{{`{"visit":"/"}`, `{"expect_text":"Pets"}`}, {`{"visit":"/"}`, `{"expect_visible":"text=Add a pet under=\"Pets\""}`}}},
		{"Grafana's sidebar shows 'Dashboards'", [][]string{{`{"visit":"/"}`, `{"wait_for":"css=aside","reach":true}`, `{"expect_text":{"text":"Dashboards","target":"css=aside"}}`}}},
	})
	runRefused(t, []string{
		"The user's sidebar shows 'Inbox'", // a person's, not the app's
	})
}

func TestClassShowsThatColon(t *testing.T) {
	runClasses(t, []classCase{
		{"/orders/7 shows that the order shipped: 'Status: shipped'", [][]string{{`{"visit":"/orders/7"}`, `{"expect_text":"Status: shipped"}`}}},
	})
	runRefused(t, []string{
		"/status shows that everything is fine: 'OK'", // a judgement before the colon
	})
}

func TestClassWitnessInAState(t *testing.T) {
	add := []string{`{"wait_for":"role=textbox","reach":true}`, `{"fill":{"target":"role=textbox","value":"vouch example 1"}}`, `{"press":{"key":"Enter","target":"role=textbox"}}`}
	struck := append(append([]string{`{"visit":"/list"}`}, add...), `{"check":"role=checkbox within=\"vouch example 1\""}`,
		`{"expect_style":{"target":"text=vouch example 1","property":"text-decoration-line","value":"line-through"}}`)
	runClasses(t, []classCase{
		{"On /list, completed items are crossed out", [][]string{struck}},
		{"On /list, items that are checked are shown struck through", [][]string{struck}},
		{"On /list, each new item gets its own checkbox", [][]string{append(append([]string{`{"visit":"/list"}`}, add...), `{"expect_visible":"role=checkbox within=\"vouch example 1\""}`)}},
	})
	runRefused(t, []string{
		"On /list, every item says 'open'", // about the items already there: no witness can show it
	})
}

// TestClassUniversalSubjectsRefused: a rule about every element of a kind
// is never proven by one text somewhere on the page.
func TestClassUniversalSubjectsRefused(t *testing.T) {
	runRefused(t, []string{
		"On /list, every item says 'open'",
		"Every row on /orders shows 'Paid'",
		"On /orders, each card shows 'Paid'",
		"All the links in the footer say 'x'",
		"On /plans, every plan shows 'per month'",
		"On /cart, all products cost '$5'",
	})
}

func TestClassPageInsideAction(t *testing.T) {
	runClasses(t, []classCase{
		{"Searching at /help for 'refund' shows 'Refund policy'", [][]string{{`{"visit":"/help"}`, `{"wait_for":"role=searchbox","reach":true}`, `{"remember_count":{"target":"text=Refund policy","as":"before_refund_policy"}}`, `{"fill":{"target":"role=searchbox","value":"refund"}}`, `{"press":{"key":"Enter","target":"role=searchbox"}}`, `{"expect_text":"Refund policy"}`, `{"expect_count":{"target":"text=Refund policy","more_than":"before_refund_policy"},"reach":true}`}}},
		{"Submitting the form at /signup with an empty email shows 'Email is required'", [][]string{{`{"visit":"/signup"}`, `{"wait_for":"label=email","reach":true}`, `{"remember_count":{"target":"text=Email is required","as":"before_email_is_required"}}`, `{"fill":{"target":"label=email","value":""}}`, `{"click":"css=form [type=submit], form button:not([type])"}`, `{"expect_count":{"target":"text=Email is required","more_than":"before_email_is_required"}}`}}},
	})
}

func TestClassTextAsElement(t *testing.T) {
	runClasses(t, []classCase{
		{"/about says 'Our story' in a heading", [][]string{{`{"visit":"/about"}`, `{"expect_visible":"role=heading[name=\"Our story\"]"}`}}},
		{"/cart shows 'Checkout' as a button", [][]string{{`{"visit":"/cart"}`, `{"expect_visible":"role=button[name=\"Checkout\"]"}`}}},
	})
}

func TestClassMarksAs(t *testing.T) {
	runClasses(t, []classCase{
		{"/invoices marks 'Invoice 7' as 'Overdue'", [][]string{{`{"visit":"/invoices"}`, `{"expect_visible":"text=Overdue within=\"Invoice 7\""}`}}},
		{"/changelog labels '3.0' as the 'current' version", [][]string{{`{"visit":"/changelog"}`, `{"expect_visible":"text=current within=\"3.0\""}`}}},
	})
}

func TestClassDescribedAs(t *testing.T) {
	runClasses(t, []classCase{
		{"/profile shows Sam's plan as 'Pro'", [][]string{{`{"visit":"/profile"}`, `{"expect_text":"Pro"}`}}},
	})
	runRefused(t, []string{
		"/profile shows the best plan as 'Pro'", // a judgement in the description
	})
}

func TestClassQuotedKey(t *testing.T) {
	runClasses(t, []classCase{
		{"Pressing the '?' key shows 'Keyboard shortcuts'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Keyboard shortcuts","as":"before_keyboard_shortcuts"}}`, `{"press":"?"}`, `{"expect_text":"Keyboard shortcuts"}`, `{"expect_count":{"target":"text=Keyboard shortcuts","more_than":"before_keyboard_shortcuts"},"reach":true}`}}},
		{"On /editor, hitting the 'Escape' key shows 'Saved'", [][]string{{`{"visit":"/editor"}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"press":"Escape"}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
	})
}

func TestClassDialogBeforeItOpens(t *testing.T) {
	runRefused(t, []string{
		"The same dialog lists 'Theme'", // nothing opened it, and no name to open it by
		"The share link popup says 'Copy link'",
	})
	runClasses(t, []classCase{
		// A capitalised name: opened by the control of that name, a guess (reach.go).
		{"The Settings dialog lists 'Theme'", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Settings\"","reach":true}`, `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Theme","target":"css=dialog, [role=dialog]"}}`}}},
		// One lower-case word: the control of that name, capitalised (places.go).
		{"The settings dialog lists 'Theme'", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Settings\"","reach":true}`, `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Theme","target":"css=dialog, [role=dialog]"}}`}}},
		{"The cookie popup says 'We use cookies'", [][]string{{`{"visit":"/"}`, `{"expect_text":"We use cookies"}`}}},
	})
}

func TestClassQuotedSubjectName(t *testing.T) {
	runClasses(t, []classCase{
		{"The 'Team' plan costs '$49'", [][]string{{`{"visit":"/"}`, `{"expect_text":"Team"}`}, {`{"visit":"/"}`, `{"expect_visible":"text=$49 within=\"Team\""}`}}},
	})
}

func TestClassPersistenceSaidOtherwise(t *testing.T) {
	want := [][]string{{`{"visit":"/notes"}`, `{"wait_for":"role=textbox","reach":true}`, `{"fill":{"target":"role=textbox","value":"vouch example 1"}}`, `{"press":{"key":"Enter","target":"role=textbox"}}`,
		`{"reload":true}`, `{"expect_text":"vouch example 1"}`}}
	runClasses(t, []classCase{
		{"On /notes, notes added to the list survive a page refresh", want},
		{"On /notes, a note I add is still there after reloading", want},
		{"On /notes, new entries persist across reloads", want},
		{"On /notes, whatever you add stays after refreshing the page", want},
	})
	runRefused(t, []string{
		"On /notes, notes persist across reloads", // which notes? none is added
	})
}

func TestClassOpensWithElements(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Settings' opens Preferences with the 'General' and 'Privacy' tabs", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Settings\""}`,
			`{"expect_visible":"role=tab[name=\"General\"]"}`, `{"expect_visible":"role=tab[name=\"Privacy\"]"}`}}},
		{"On /editor, pressing 'k' brings up the palette with a 'Run' button", [][]string{{`{"visit":"/editor"}`, `{"press":"k"}`, `{"expect_visible":"role=button[name=\"Run\"]"}`}}},
	})
	runRefused(t, []string{
		"The home page opens settings with a 'Save' button", // nothing was done to open it
	})
}

func TestClassPassiveAction(t *testing.T) {
	runClasses(t, []classCase{
		{"'Copied' appears once 'Copy link' is clicked", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Copy link\""}`, `{"remember_count":{"target":"text=Copied","as":"before_copied"}}`, `{"click":"text=\"Copy link\""}`, `{"expect_text":"Copied"}`, `{"expect_count":{"target":"text=Copied","more_than":"before_copied"},"reach":true}`}}},
		{"On /editor, after 'Escape' is pressed, 'Saved' is shown", [][]string{{`{"visit":"/editor"}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"press":"Escape"}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"On /todos, after 'Delete' is pressed, 'milk' is gone", // a key or a button called so?
	})
}

func TestClassReplaces(t *testing.T) {
	runClasses(t, []classCase{
		{"On /account, clicking 'Edit' and then 'Save' changes the button to 'Edit'", [][]string{{`{"visit":"/account"}`, `{"click":"text=\"Edit\""}`, `{"click":"text=\"Save\""}`, `{"expect_visible":"role=button[name=\"Edit\"]"}`}}},
		{"On /player, after clicking 'Play', 'Now playing' replaces 'Stopped'", [][]string{{`{"visit":"/player"}`, `{"expect_visible":"text=\"Stopped\""}`, `{"remember_count":{"target":"text=Now playing","as":"before_now_playing"}}`, `{"click":"text=\"Play\""}`, `{"expect_text":"Now playing"}`, `{"expect_count":{"target":"text=Now playing","more_than":"before_now_playing"},"reach":true}`, `{"expect_hidden":"text=\"Stopped\""}`}}},
	})
}

func TestClassReplacesNeedsAStep(t *testing.T) {
	runRefused(t, []string{
		"On /player, 'Now playing' replaces 'Stopped'", // nothing makes the change
	})
	runClasses(t, []classCase{
		// said before its step, the old text is found before it as well
		{"On /player, 'Now playing' replaces 'Stopped' after clicking 'Play'", [][]string{{`{"visit":"/player"}`, `{"expect_visible":"text=\"Stopped\""}`, `{"remember_count":{"target":"text=Now playing","as":"before_now_playing"}}`, `{"click":"text=\"Play\""}`, `{"expect_text":"Now playing"}`, `{"expect_count":{"target":"text=Now playing","more_than":"before_now_playing"},"reach":true}`, `{"expect_hidden":"text=\"Stopped\""}`}}},
	})
}

// TestClassAbsentIsNoChange: "is hidden" or "is missing" after an action
// says the text is absent, not that it went away: nothing is checked before.
func TestClassAbsentIsNoChange(t *testing.T) {
	runClasses(t, []classCase{
		{"On /search, after clicking 'Clear', 'Filters' is hidden", [][]string{{`{"visit":"/search"}`, `{"click":"text=\"Clear\""}`, `{"expect_no_text":"Filters"}`}}},
	})
}

func TestClassPlacedControl(t *testing.T) {
	runClasses(t, []classCase{
		{"On /editor, clicking the 'Bold' toolbar button shows 'Bold on'", [][]string{{`{"visit":"/editor"}`, `{"wait_for":"role=button[name=\"Bold\"]"}`, `{"remember_count":{"target":"text=Bold on","as":"before_bold_on"}}`, `{"click":"role=button[name=\"Bold\"]"}`, `{"expect_text":"Bold on"}`, `{"expect_count":{"target":"text=Bold on","more_than":"before_bold_on"},"reach":true}`}}},
		{"Clicking the 'Help' footer link shows 'Contact us'", [][]string{{`{"visit":"/"}`, `{"wait_for":"role=link[name=\"Help\"]"}`, `{"remember_count":{"target":"text=Contact us","as":"before_contact_us"}}`, `{"click":"role=link[name=\"Help\"]"}`, `{"expect_text":"Contact us"}`, `{"expect_count":{"target":"text=Contact us","more_than":"before_contact_us"},"reach":true}`}}},
	})
}

func TestClassConsoleWithNoErrors(t *testing.T) {
	health := []string{`{"expect_status":200}`, `{"expect_no_console_errors":true}`}
	runClasses(t, []classCase{
		{"The checkout page loads with no errors in the browser console", [][]string{append([]string{`{"visit":"/checkout","reach":true}`}, health...)}},
		{"/reports opens with zero errors in the dev console", [][]string{append([]string{`{"visit":"/reports"}`}, health...)}},
		{"The signup page renders with a clean console", [][]string{append([]string{`{"visit":"/signup","reach":true}`}, health...)}},
	})
	runRefused(t, []string{
		"The landing page loads with no warnings in the console", // warnings are not checked
	})
}

func TestClassClickBarePath(t *testing.T) {
	link := func(p string) string {
		return `{"click":"css=a[href=\"/` + p + `\"], a[href=\"/` + p + `/\"], a[href=\"` + p + `\"], a[href=\"./` + p + `\"]"}`
	}
	runClasses(t, []classCase{
		{"Clicking /invoices on the home page opens /invoices", [][]string{{`{"visit":"/"}`, link("invoices"), `{"expect_url":"/invoices"}`}}},
		// other words for a redirect
		{"Hitting the shop's root URL / sends you on to /shop/", [][]string{{`{"visit":"/"}`, `{"expect_url":"/shop/"}`}}},
		{"Opening /account bounces you to /login", [][]string{{`{"visit":"/account"}`, `{"expect_url":"/login"}`}}},
		{"On /shop, following /cart shows 'Your basket'", [][]string{{`{"visit":"/shop"}`, link("cart"), `{"expect_text":"Your basket"}`}}},
		// a relative clause after the address says what that page shows
		{"Clicking /teams on the home page opens /teams, which lists 'Red' and 'Blue'", [][]string{{`{"visit":"/"}`, link("teams"), `{"expect_url":"/teams"}`, `{"expect_text":"Red"}`, `{"expect_text":"Blue"}`}}},
	})
	runRefused(t, []string{
		"Clicking /teams on the home page opens /teams, which lists Red and Blue", // unquoted names
		"Clicking /teams opens /teams, which shows 'Red', and 'Blue' is hidden",   // the clause's reach is unclear
	})
}

func TestClassVisitFrom(t *testing.T) {
	runClasses(t, []classCase{
		{"Going to /orders from the home page, then going back, shows 'Welcome'", [][]string{{`{"visit":"/"}`, `{"visit":"/orders"}`, `{"go_back":true}`, `{"expect_text":"Welcome"}`}}},
		{"Navigating from /shop to /cart and pressing the browser's back button shows 'Shop'", [][]string{{`{"visit":"/shop"}`, `{"visit":"/cart"}`, `{"go_back":true}`, `{"expect_text":"Shop"}`}}},
		{"Heading to /faq from the pricing page shows 'Questions'", [][]string{{`{"visit":"/pricing","reach":true}`, `{"visit":"/faq"}`, `{"expect_text":"Questions"}`}}},
	})
}

func TestClassDropdownChosen(t *testing.T) {
	runClasses(t, []classCase{
		{"Setting the Region dropdown to 'Europe' shows 'EU prices'", [][]string{{`{"visit":"/"}`, `{"hover":"label=Region","reach":true}`, `{"remember_count":{"target":"text=EU prices","as":"before_eu_prices"}}`, `{"select":{"target":"label=Region","value":"Europe"}}`, `{"expect_text":"EU prices"}`, `{"expect_count":{"target":"text=EU prices","more_than":"before_eu_prices"},"reach":true}`}}},
		{"Switching the 'Sort' filter to 'Newest' still shows 'Item 1'", [][]string{{`{"visit":"/"}`, `{"expect_text":"Item 1"}`, `{"select":{"target":"label=Sort","value":"Newest"}}`, `{"expect_text":"Item 1"}`}}},
		{"On /settings, switching the language to 'Deutsch' shows 'Willkommen'", [][]string{{`{"visit":"/settings"}`, `{"hover":"label=language","reach":true}`, `{"remember_count":{"target":"text=Willkommen","as":"before_willkommen"}}`, `{"select":{"target":"label=language","value":"Deutsch"}}`, `{"expect_text":"Willkommen"}`, `{"expect_count":{"target":"text=Willkommen","more_than":"before_willkommen"},"reach":true}`}}},
		// an unlabelled drop-down is found by the text before it (runner)
		{"Switching the Sort filter to 'Newest' still says '12 results'", [][]string{{`{"visit":"/"}`, `{"expect_text":"12 results"}`, `{"hover":"label=Sort","reach":true}`, `{"select":{"target":"label=Sort","value":"Newest"}}`, `{"expect_text":"12 results"}`}}},
		// a text filter is typed into
		{"Setting the Name filter to 'ann' shows 'Ann Lee'", [][]string{{`{"visit":"/"}`, `{"wait_for":"label=Name","reach":true}`, `{"remember_count":{"target":"text=Ann Lee","as":"before_ann_lee"}}`, `{"fill":{"target":"label=Name","value":"ann"}}`, `{"expect_text":"Ann Lee"}`, `{"expect_count":{"target":"text=Ann Lee","more_than":"before_ann_lee"},"reach":true}`}}},
	})
}

func TestClassUserStory(t *testing.T) {
	runClasses(t, []classCase{
		{"As a visitor, I can click 'Pricing' on the home page and see '$12 a month'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Pricing\""}`, `{"remember_count":{"target":"text=$12 a month","as":"before__12_a_month"}}`, `{"click":"text=\"Pricing\""}`, `{"expect_text":"$12 a month"}`, `{"expect_count":{"target":"text=$12 a month","more_than":"before__12_a_month"},"reach":true}`}}},
		{"As a guest I want to open /faq and see 'Shipping'", [][]string{{`{"visit":"/faq"}`, `{"expect_text":"Shipping"}`}}},
		{"As a new user, clicking 'Sign up' on the home page shows 'Create your account'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Sign up\""}`, `{"remember_count":{"target":"text=Create your account","as":"before_create_your_account"}}`, `{"click":"text=\"Sign up\""}`, `{"expect_text":"Create your account"}`, `{"expect_count":{"target":"text=Create your account","more_than":"before_create_your_account"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"As an admin, I can click 'Delete' on /users and see 'Removed'",   // the admin's sign-in is not given
		"As a paying customer I want /billing to show 'Invoices'",         // an account the claim does not sign in
		"Clicking 'Export' on /reports, as a manager, shows 'Downloaded'", // the role comes late: no reading
	})
	d, err := Derive("As a reader, I can open /blog and see 'Archive'")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), `"As a reader" is taken as anyone`) {
		t.Errorf("notes %q do not say how the role is taken", d.Notes)
	}
}

func TestClassNumberOfAPartIsNoStatus(t *testing.T) {
	runClasses(t, []classCase{
		{"The /orders page is 200", [][]string{{`{"visit":"/orders"}`, `{"expect_status":200}`}}},
		{"On /orders, the response is 404", [][]string{{`{"visit":"/orders"}`, `{"expect_status":404}`}}},
	})
	runRefused(t, []string{
		"On /cart, the total is 200",    // the total shown on the page
		"On /stats the count is 404",    // a count, not the status
		"The basket's subtotal is 500.", // a part's value
	})
	for _, c := range []string{"On /cart, the total is 200", "On /stats the count is 404"} {
		for _, sg := range Suggestions(c) {
			if strings.Contains(sg, "returns") {
				t.Errorf("%q: suggestion %q reads the number as a status", c, sg)
			}
		}
	}
}

// A number with its unit is a value the page shows, never a count of
// elements: no "has 0 list items" is offered for it.
func TestUnitValueNoCount(t *testing.T) {
	for _, c := range []string{"The footer shows 0 kB/s down", "/stats shows 12 MB used"} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived, want a refusal", c)
		}
		if !strings.Contains(np.Reason, "value with its unit") {
			t.Errorf("%q: reason %q, want the unit's", c, np.Reason)
		}
		for _, s := range np.Suggestions {
			if strings.Contains(s, "list item") || strings.Contains(s, "rows") {
				t.Errorf("%q: suggestion %q counts elements", c, s)
			}
		}
	}
}

// A list of names before their kind ("Open, Start and Pause buttons") is
// offered back with the kind no part of the last name.
func TestListKindNotInName(t *testing.T) {
	_, err := Derive("The toolbar has Open, Remove, Start and Pause buttons")
	var np *NotProvableError
	if !errors.As(err, &np) || len(np.Suggestions) == 0 {
		t.Fatalf("err %v, want a refusal with suggestions", err)
	}
	for _, s := range np.Suggestions {
		if strings.Contains(s, `"Pause buttons"`) {
			t.Errorf("suggestion %q quotes the kind with the name", s)
		}
	}
}

// An HTTP method said as what an operation is ("is a GET on /x") is no
// visit of /x: a suggestion that visits it and drops the method says
// something else.
func TestMethodOnNotAVisit(t *testing.T) {
	c := "'List books' is a GET on /api/books"
	if why := ChangesMeaning(c, `/api/books shows "List books"`, nil); why == "" {
		t.Errorf("dropping GET not flagged")
	}
	_, err := Derive(c)
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("%q derived, want a refusal", c)
	}
	for _, s := range np.Suggestions {
		if !strings.Contains(s, "GET") && !strings.Contains(s, labelSep) {
			t.Errorf("suggestion %q drops the method unlabelled", s)
		}
	}
}

// "instead of"/"rather than" after a text shown: the other text is not
// shown; "no longer" with the action said after the check: the text was
// shown just before it.
func TestClassInsteadAndNoLonger(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Refresh' on /feed shows 'Up to date' instead of 'Loading'", [][]string{
			{`{"visit":"/feed"}`, `{"wait_for":"text=\"Refresh\""}`, `{"remember_count":{"target":"text=Up to date","as":"before_up_to_date"}}`, `{"click":"text=\"Refresh\""}`, `{"expect_text":"Up to date"}`, `{"expect_count":{"target":"text=Up to date","more_than":"before_up_to_date"},"reach":true}`, `{"expect_no_text":"Loading"}`}}},
		{"On /billing, clicking 'Pay' shows 'Paid' rather than 'Declined'", [][]string{
			{`{"visit":"/billing"}`, `{"wait_for":"text=\"Pay\""}`, `{"remember_count":{"target":"text=Paid","as":"before_paid"}}`, `{"click":"text=\"Pay\""}`, `{"expect_text":"Paid"}`, `{"expect_count":{"target":"text=Paid","more_than":"before_paid"},"reach":true}`, `{"expect_no_text":"Declined"}`}}},
		{"On /team, 'Raj Patel' no longer appears after clicking 'Remove'", [][]string{
			{`{"visit":"/team"}`, `{"expect_text":"Raj Patel"}`, `{"click":"text=\"Remove\""}`, `{"expect_no_text":"Raj Patel"}`}}},
	})
	// a suggestion never asserts the text the claim says is replaced
	_, err := Derive("/status shows 'Up' instead of the old 'Down' banner")
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("derived: %v", err)
	}
	for _, s := range np.Suggestions {
		if strings.Contains(s, `shows "Down"`) || strings.Contains(s, `and "Down"`) {
			t.Errorf("suggestion %q shows the replaced text", s)
		}
	}
}

// "has name Ann" of a record's path is the field and its value; of any
// other path no text "name Ann" is looked for.
func TestClassFieldAndValue(t *testing.T) {
	runClasses(t, []classCase{
		{"GET /api/staff/4 has name Raj.", [][]string{
			{`{"visit":"/api/staff/4"}`, `{"expect_json":{"at":"/name","equals":"Raj"},"reach":true}`}}},
		{"/api/staff/4 has team Platform", [][]string{
			{`{"visit":"/api/staff/4"}`, `{"expect_json":{"at":"/team","equals":"Platform"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"/api/staff has name Raj",
		"The profile page shows name Raj",
	})
}

// A negation in a condition before a comma does not negate the text
// after it: no rephrasing says that text is not shown.
func TestSuggestionsKeepConditionNegation(t *testing.T) {
	for _, c := range []string{
		"With nothing selected, the 'No Selection' heading is underlined in grey",
		"With no filter set, the 'All' tab is outlined",
	} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived: %v", c, err)
		}
		for _, s := range np.Suggestions {
			if strings.Contains(s, "does not show") {
				t.Errorf("%q: suggestion %q says the text is not shown", c, s)
			}
		}
	}
}

// "or" after a negation joins texts none of which is shown; any other
// "or" leaves the outcome open and is refused.
func TestClassNegatedOr(t *testing.T) {
	runClasses(t, []classCase{
		{"/reports doesn't show 'NaN' or 'undefined'", [][]string{
			{`{"visit":"/reports"}`, `{"expect_no_text":"NaN"}`},
			{`{"visit":"/reports"}`, `{"expect_no_text":"undefined"}`}}},
		{"After clicking 'Export' on /reports, the page does not show 'Error', 'Failed' or 'Timeout'", [][]string{
			{`{"visit":"/reports"}`, `{"click":"text=\"Export\""}`, `{"expect_no_text":"Error"}`, `{"expect_no_text":"Failed"}`, `{"expect_no_text":"Timeout"}`}}},
	})
	runRefused(t, []string{
		"/reports shows 'Ready' or 'Queued'",
		"Clicking 'Export' or 'Print' on /reports shows 'Done'",
		"/reports does not show 'A' or shows 'B'",
	})
}

// "the 'X' field is empty" said of the page is the field's value; said
// in a condition it is the state a form is sent in.
func TestClassFieldEmpty(t *testing.T) {
	runClasses(t, []classCase{
		{"On /account, the 'Nickname' field is empty", [][]string{
			{`{"visit":"/account"}`, `{"expect_value":{"target":"label=Nickname","value":""}}`}}},
		{"After clicking 'Reset' on /filters, the 'Keyword' box is blank", [][]string{
			{`{"visit":"/filters"}`, `{"click":"text=\"Reset\""}`, `{"expect_value":{"target":"label=Keyword","value":""}}`}}},
		{"On /account, the 'Nickname' field is empty and the page shows 'Save'", [][]string{
			{`{"visit":"/account"}`, `{"expect_value":{"target":"label=Nickname","value":""}}`},
			{`{"visit":"/account"}`, `{"expect_text":"Save"}`}}},
		{"On /account, the page shows 'Required' when the 'Nickname' field is empty", [][]string{
			{`{"visit":"/account"}`, `{"wait_for":"label=Nickname"}`, `{"remember_count":{"target":"text=Required","as":"before_required"}}`, `{"fill":{"target":"label=Nickname","value":""}}`, `{"click":"css=form [type=submit], form button:not([type])"}`, `{"expect_count":{"target":"text=Required","more_than":"before_required"}}`}}},
		{"/account's 'Country' dropdown is set to 'Chile'", [][]string{
			{`{"visit":"/account"}`, `{"expect_value":{"target":"label=Country","value":"Chile"}}`}}},
	})
	runRefused(t, []string{
		"On /account, the 'Nickname' field is not empty",
		"/users/1's email is 'ann@x.io'",
	})
}

// "strikes it through", "crosses it out": the struck-through look after
// the action.
func TestClassStrikesThrough(t *testing.T) {
	struck := `{"expect_style":{"target":"text=\"Pay rent\"","property":"text-decoration-line","value":"line-through"}}`
	runClasses(t, []classCase{
		{"On /chores, ticking 'Pay rent' strikes it through", [][]string{
			{`{"visit":"/chores"}`, `{"check":"role=checkbox[name=\"Pay rent\"]"}`, struck}}},
		{"On /chores, clicking 'Done' crosses out 'Pay rent'", [][]string{
			{`{"visit":"/chores"}`, `{"click":"text=\"Done\""}`, struck}}},
	})
	runRefused(t, []string{"On /chores, 'Pay rent' strikes it through", "On /chores, ticking 'Pay rent' does not strike it through"})
}

// A bound on the number of a JSON response's items.
func TestClassJSONBounds(t *testing.T) {
	runClasses(t, []classCase{
		{"GET /api/parts?limit=5 returns at most 5 parts", [][]string{
			{`{"visit":"/api/parts?limit=5"}`, `{"expect_json":{"at_most":5}}`}}},
		{"GET /api/parts returns at least one part", [][]string{
			{`{"visit":"/api/parts"}`, `{"expect_json":{"at_least":1}}`}}},
		{"GET /api/parts returns more than 10 items", [][]string{
			{`{"visit":"/api/parts"}`, `{"expect_json":{"at_least":11}}`}}},
		{"GET /api/parts?q=zz returns fewer than 3 parts", [][]string{
			{`{"visit":"/api/parts?q=zz"}`, `{"expect_json":{"at_most":2}}`}}},
		{"GET /api/parts?page_size=20 returns up to 20 parts", [][]string{
			{`{"visit":"/api/parts?page_size=20"}`, `{"expect_json":{"at_most":20}}`}}},
	})
	runRefused(t, []string{
		// a record's path holds no items to count
		"GET /api/parts/4 returns at least 2 parts",
	})
}

// A price said of an item named by its text is inside that item.
func TestClassPricedItem(t *testing.T) {
	runClasses(t, []classCase{
		{"On /shop, 'Lamp' costs $40", [][]string{
			{`{"visit":"/shop"}`, `{"expect_visible":"text=$40 within=\"Lamp\""}`}}},
		{"On /shop, 'Lamp' is priced at '€35.00'", [][]string{
			{`{"visit":"/shop"}`, `{"expect_visible":"text=€35.00 within=\"Lamp\""}`}}},
		{"On /shop, 'Desk lamp' sells for £3.50", [][]string{
			{`{"visit":"/shop"}`, `{"expect_visible":"text=£3.50 within=\"Desk lamp\""}`}}},
	})
	runRefused(t, []string{"On /shop, 'Lamp' costs 40 dollars", "On /shop, 'Lamp' does not cost $40", "On /shop, 'Lamp' costs a lot"})
}

// A test case's expectation after its steps is what the page then shows.
func TestClassExpectAfterSteps(t *testing.T) {
	steps := [][]string{{`{"visit":"/join"}`, `{"wait_for":"label=Name"}`, `{"remember_count":{"target":"text=Welcome, Kim","as":"before_welcome__kim"}}`, `{"fill":{"target":"label=Name","value":"Kim"}}`, `{"click":"role=button[name=\"Join\"]"}`, `{"expect_text":"Welcome, Kim"}`, `{"expect_count":{"target":"text=Welcome, Kim","more_than":"before_welcome__kim"},"reach":true}`}}
	runClasses(t, []classCase{
		{"Go to /join, fill 'Name' with 'Kim', click 'Join'. Expect 'Welcome, Kim'.", steps},
		{"Go to /join, fill 'Name' with 'Kim', click 'Join', and expect 'Welcome, Kim'", steps},
		{"Go to /join, fill 'Name' with 'Kim', click 'Join'. Expected: 'Welcome, Kim'", steps},
	})
	runRefused(t, []string{"Expect 'Welcome, Kim'"})
}

// A text said to be a meta tag's, an attribute's or a placeholder is not
// looked for among the page's texts.
func TestClassUnshownTexts(t *testing.T) {
	runClasses(t, []classCase{
		{"/signin has a field with placeholder 'Work email'", [][]string{
			{`{"visit":"/signin"}`, `{"expect_visible":"placeholder=Work email"}`}}},
	})
	runRefused(t, []string{
		"/team has the meta description 'Meet the team'",
		"/team shows the og:title 'Team'",
		"/team shows the placeholder 'Search people'",
		"The close button on /team has the aria-label 'Close'",
	})
}

// A drop-down named in quotes is found by its label for its state.
func TestClassDropdownState(t *testing.T) {
	runClasses(t, []classCase{
		{"On /billing, the 'Currency' dropdown is disabled", [][]string{
			{`{"visit":"/billing"}`, `{"expect_disabled":"label=Currency"}`}}},
		{"On /billing, the 'Currency' dropdown is enabled after ticking 'Edit'", [][]string{
			{`{"visit":"/billing"}`, `{"check":"role=checkbox[name=\"Edit\"]"}`, `{"expect_enabled":"label=Currency"}`}}},
	})
	runRefused(t, []string{"On /billing, the 'Currency' dropdown is red"})
}
