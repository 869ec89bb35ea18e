package claim

import (
	"strings"
	"testing"
)

// Unquoted values a JSON response holds, where the value's boundary is
// plain (jsonvals.go), on invented apps: a shop's /orders, a wiki's
// /pages, a league's /players.
func TestJSONValsReadings(t *testing.T) {
	runClasses(t, []classCase{
		// a value in sentence case, ended by the claim's end, a comma or "and" before the next
		{"Search ignores case, /notes?q=RYE still finds Buy rye bread", [][]string{
			{`{"visit":"/notes?q=RYE"}`, `{"expect_text":"Buy rye bread"}`}}},
		// which of a repeated parameter counts, after a chat word
		{"heads up, only the first q counts: /notes?q=rye&q=bank just returns Buy rye bread", [][]string{
			{`{"visit":"/notes?q=rye\u0026q=bank"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/notes?q=rye\u0026q=bank"}`, `{"expect_text":"Buy rye bread"}`}}},
		// the reason after the check, with a verb of looking
		{"/notes?q=true only brings back Pay rent, because q also looks at the done flag", [][]string{
			{`{"visit":"/notes?q=true"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/notes?q=true"}`, `{"expect_text":"Pay rent"}`}}},
		// where numbering starts is no count of items
		{"_start counts from 1, so /notes?_start=2 gives Pay rent", [][]string{
			{`{"visit":"/notes?_start=2"}`, `{"expect_text":"Pay rent"}`}}},
		// a rule under a condition on the request, then its example
		{"When both are given, _end wins over _limit, so /notes?_limit=3&_end=1 returns Buy rye bread", [][]string{
			{`{"visit":"/notes?_limit=3\u0026_end=1"}`, `{"expect_text":"Buy rye bread"}`}}},
		{"GET /notes?id_lte=2 returns Buy rye bread and Call the bank but not Pay rent", [][]string{
			{`{"visit":"/notes?id_lte=2"}`, `{"expect_text":"Buy rye bread"}`},
			{`{"visit":"/notes?id_lte=2"}`, `{"expect_text":"Call the bank"}`},
			{`{"visit":"/notes?id_lte=2"}`, `{"expect_no_text":"Pay rent"}`}}},
		// the person a response is given to is no field ("gives me")
		// a path keeps the brackets it opened
		{"/notes?title_like=^(pay|call) returns Pay rent and Call the bank", [][]string{
			{`{"visit":"/notes?title_like=^(pay|call)"}`, `{"expect_text":"Pay rent"}`},
			{`{"visit":"/notes?title_like=^(pay|call)"}`, `{"expect_text":"Call the bank"}`}}},
		// an item named by its collection's noun and its version
		{"/releases?notes=Dark%20mode gives back release 2.1.0", [][]string{
			{`{"visit":"/releases?notes=Dark%20mode"}`, `{"expect_text":"2.1.0"}`}}},
		// an order between two unquoted values: each in its place
		{"/notes?_sort=title lists Pay rent before Call the bank", [][]string{
			{`{"visit":"/notes?_sort=title"}`, `{"expect_order":["Pay rent","Call the bank"]}`}}},
		{"Sorting ignores case: /notes?_order=DESC lists Pay rent first and Call the bank last", [][]string{
			{`{"visit":"/notes?_order=DESC"}`, `{"expect_json":{"at":"/0/*","equals":"Pay rent"},"reach":true}`},
			{`{"visit":"/notes?_order=DESC"}`, `{"expect_json":{"at":"/-1/*","equals":"Call the bank"},"reach":true}`}}},
		{"/orders?_sort=date puts 'Order 9' first and 'Order 1' last", [][]string{
			{`{"visit":"/orders?_sort=date"}`, `{"expect_json":{"at":"/0/*","equals":"Order 9"},"reach":true}`},
			{`{"visit":"/orders?_sort=date"}`, `{"expect_json":{"at":"/-1/*","equals":"Order 1"},"reach":true}`}}},
		// a rule before its example, said with "start" or "means"
		{"Ids start at zero, so /notes/0 is Pay rent", [][]string{
			{`{"visit":"/notes/0"}`, `{"expect_text":"Pay rent"}`}}},
		{"_end=0 means no end, so /notes?_end=0 still returns all three notes", [][]string{
			{`{"visit":"/notes?_end=0"}`, `{"expect_json":{"count":3},"reach":true}`}}},
		// a value said to be left out of the response, and "gets you"
		{"QA: /users?name_gte=B -> Bob Stone only, Ann Lee is filtered out.", [][]string{
			{`{"visit":"/users?name_gte=B"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/users?name_gte=B"}`, `{"expect_text":"Bob Stone"}`},
			{`{"visit":"/users?name_gte=B"}`, `{"expect_no_text":"Ann Lee"}`}}},
		{"/items?limit=2 returns two items, and 'Carrots' isn't there", [][]string{
			{`{"visit":"/items?limit=2"}`, `{"expect_json":{"count":2},"reach":true}`},
			{`{"visit":"/items?limit=2"}`, `{"expect_no_text":"Carrots"}`}}},
		{"/users?q=1 gets you Ann Lee and not Bob", [][]string{
			{`{"visit":"/users?q=1"}`, `{"expect_text":"Ann Lee"}`},
			{`{"visit":"/users?q=1"}`, `{"expect_no_text":"Bob"}`}}},
		{"GET /notes?id_ne=2 gives me Call the bank", [][]string{
			{`{"visit":"/notes?id_ne=2"}`, `{"expect_text":"Call the bank"}`}}},
		{"GET /notes/1 shows you 'Pay rent'", [][]string{
			{`{"visit":"/notes/1"}`, `{"expect_text":"Pay rent"}`}}},
		// a request named by a noun, its path in brackets
		{"The notes list without Pay rent (/notes?title_ne=Pay%20rent) returns Call the bank.", [][]string{
			{`{"visit":"/notes?title_ne=Pay%20rent"}`, `{"expect_text":"Call the bank"}`}}},
		// a label with a comma; "X and nobody else" is "only X"
		{"Smoke list, note search: /notes?q=rye -> Buy rye bread, and nothing else.", [][]string{
			{`{"visit":"/notes?q=rye"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/notes?q=rye"}`, `{"expect_text":"Buy rye bread"}`}}},
		// "is just": the response is, JSON a guess marked reach
		{"A negative start counts from the back, /notes?_start=-1 is just Pay rent.", [][]string{
			{`{"visit":"/notes?_start=-1"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/notes?_start=-1"}`, `{"expect_text":"Pay rent"}`}}},
		// a reason said with "has" after the check
		{"/notes?id_gte=9 answers with a 404 because no note has an id that high.", [][]string{
			{`{"visit":"/notes?id_gte=9"}`, `{"expect_status":404}`}}},
		// after a colon at the end
		{"/orders?_start=3&_end=4 returns exactly one order: Blue mug for Ana.", [][]string{
			{`{"visit":"/orders?_start=3\u0026_end=4"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?_start=3\u0026_end=4"}`, `{"expect_text":"Blue mug for Ana"}`}}},
		{"Paging with /pages?_page=3 gives back one page: Getting started", [][]string{
			{`{"visit":"/pages?_page=3"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/pages?_page=3"}`, `{"expect_text":"Getting started"}`}}},
		// "a single" is "one"
		{"GET /pages?_page=2 gives back a single page, 'Install guide'", [][]string{
			{`{"visit":"/pages?_page=2"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/pages?_page=2"}`, `{"expect_text":"Install guide"}`}}},
		// "starts with", to an aside or the end
		{"/pages?_sort=updated&_order=desc starts with Release checklist", [][]string{
			{`{"visit":"/pages?_sort=updated\u0026_order=desc"}`, `{"expect_json":{"at":"/0/*","equals":"Release checklist"},"reach":true}`}}},
		{"/orders?_sort=id&_order=desc starts with Green teapot (id 9)", [][]string{
			{`{"visit":"/orders?_sort=id\u0026_order=desc"}`, `{"expect_json":{"at":"/0/*","equals":"Green teapot"},"reach":true}`},
			{`{"visit":"/orders?_sort=id\u0026_order=desc"}`, `{"expect_json":{"at":"/0/id","equals":9},"reach":true}`}}},
		// the value before its place, unquoted: the place is no part of it
		{"/pages?_sort=title lists Install guide first", [][]string{
			{`{"visit":"/pages?_sort=title"}`, `{"expect_json":{"at":"/0/*","equals":"Install guide"},"reach":true}`}}},
		// "A, then B, then C": the order
		{"/players?_sort=rank lists Lin Park, then Sam Oduya, then Ada Quinn.", [][]string{
			{`{"visit":"/players?_sort=rank"}`, `{"expect_order":["Lin Park","Sam Oduya","Ada Quinn"]}`}}},
		// a field and its value, of a record's path
		{"/orders/12 answers with status shipped", [][]string{
			{`{"visit":"/orders/12"}`, `{"expect_json":{"at":"/status","equals":"shipped"},"reach":true}`}}},
		{"/orders/12 responds with paid true", [][]string{
			{`{"visit":"/orders/12"}`, `{"expect_json":{"at":"/paid","equals":true},"reach":true}`}}},
		// a body said to be empty
		{"An order that doesn't exist, /orders/99, gets a 404 whose body is just {}.", [][]string{
			{`{"visit":"/orders/99"}`, `{"expect_status":404}`, `{"expect_visible":"text=\"{}\""}`}}},
		// a field set to a value, where the claim says JSON
		{"GET /pages/4 has title set to exactly 'Home'", [][]string{
			{`{"visit":"/pages/4"}`, `{"expect_json":{"at":"/title","equals":"Home"}}`}}},
		// a count said as what you get back
		{"If you filter twice, /orders?paid=true&paid=false, you get all four orders back.", [][]string{
			{`{"visit":"/orders?paid=true\u0026paid=false"}`, `{"expect_json":{"count":4},"reach":true}`}}},
		// an empty answer
		{"The nested route /pages/2/orders comes back empty.", [][]string{
			{`{"visit":"/pages/2/orders"}`, `{"expect_json":{"count":0},"reach":true}`}}},
		// "finds nothing" of a query: the filtered collection is empty
		{"/orders?item_like=zzz finds nothing.", [][]string{
			{`{"visit":"/orders?item_like=zzz"}`, `{"expect_json":{"count":0},"reach":true}`}}},
		{"Search needs the whole word: /pages?q=setu matches nothing", [][]string{
			{`{"visit":"/pages?q=setu"}`, `{"expect_json":{"count":0},"reach":true}`}}},
		// "only" said before the verb, and a filter that "leaves" what it answers
		{"/orders?paid=true just returns Blue mug", [][]string{
			{`{"visit":"/orders?paid=true"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?paid=true"}`, `{"expect_text":"Blue mug"}`}}},
		{"/orders?id_ne=2&id_ne=3 leaves only Blue mug.", [][]string{
			{`{"visit":"/orders?id_ne=2\u0026id_ne=3"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?id_ne=2\u0026id_ne=3"}`, `{"expect_text":"Blue mug"}`}}},
		// "a single order, X": the value after a comma, to the end
		{"/orders?_end=1 returns a single order, Blue mug.", [][]string{
			{`{"visit":"/orders?_end=1"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?_end=1"}`, `{"expect_text":"Blue mug"}`}}},
		// "only" before the rule's verb limits the rule
		{"Paid only counts when true: /orders?paid=true returns only Blue mug", [][]string{
			{`{"visit":"/orders?paid=true"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?paid=true"}`, `{"expect_text":"Blue mug"}`}}},
	})
}

// Words that may describe a value rather than be one, or whose boundary
// is unclear, are refused.
func TestJSONValsRefusals(t *testing.T) {
	runRefused(t, []string{
		"/orders?_start=3&_end=4 returns exactly one order: the blue mug",       // a description
		"/orders?_start=3&_end=4 returns exactly one order: The blue mug order", // "The": a description
		"/orders?_start=3&_end=4 returns two orders: Blue mug, Green teapot",    // a list after the colon
		"/orders?_start=3 returns exactly one order: Blue mug and Green teapot", // where does it end
		"The home page shows Congrats by default",                               // what the words after a text say of it is no part of it
		"/releases?notes=Dark%20mode gives back release notes",                  // "back" is the verb's, never a text's first word
		"The home page shows Congrats in bold",
		"The home page shows Congrats for everyone",
		"The heading says Resources in big letters",                             // a name, too, ends before its qualifier
		"/notes shows Pay rent marked done",                                     // a state said after the text
		"Opening /index.html redirects to / and the Shop API docs render there", // a verb in lower case is no part of a name
		"The help page says CTRL + s saves the draft",                           // what a key does, a clause the page writes otherwise
		"/notes shows Pay rent with a tick",                                     // "with" and a determiner
		"/notes/2 shows Pay rent (done)",                                        // a bracket the text would run on into
		"GET /notes/2 returns Pay rent (done)",
		"The page shows Resources or Congrats",       // either
		"Adding Buy milk shows Buy milk in the list", // where the text is, said after it
		"The page heading reads Congrats everywhere",
		"The home page says Congrats too",
		"/notes/1 shows Pay rent as not done",                                          // the unquoted words go on past the text
		"GET /notes/2 returns the note 'Pay rent'",                                     // the item named by its text, no field "note"
		"GET /notes/2 returns note Pay rent",                                           // the same, unquoted
		"/notes?done=true returns exactly Pay rent",                                    // "exactly" is no field
		"/notes?_sort=title lists Pay rent before call the bank",                       // a lower-case second value
		"/notes?_sort=title lists Pay rent first and Call the bank last of all",        // more than the order
		"/notes?_sort=title lists Pay rent first and Call the bank after Buy milk",     // an order word inside a value
		"/notes?_sort=title puts Buy rye bread, Pay rent first and Call the bank last", // a list where one value is said
		"/notes?_sort=title lists Pay rent first and then Call the bank",               // "first and" is no part of a value
		"/notes puts Pay rent before Call the bank in the list",                        // a qualifier after the value
		"/notes lists Call the bank before Pay rent was added",                         // the sentence goes on after it
		"/notes?q=rent gives you Pay rent back",                                        // the verb's particle after the value
		"/notes?q=bread finds Buy rye bread first",                                     // "first": the value's end unclear
		"/notes?q=bread finds Buy rye bread with its date",                             // the words after go on with the sentence
		"/pages?_sort=updated starts with the newest page",                             // a description
		"/pages?_sort=updated starts with Release checklist (the newest)",              // an aside not read
		"/players?_sort=rank lists Lin Park, then the others",                          // a description in the list
		"/orders answers with status shipped",                                          // object or list: not said
		"If you filter three times, /orders?paid=true, you get all four orders back",   // a number the path does not show
		"/orders?id=1 returns the blue mug order",                                      // a description
		"/orders finds nothing",                                                        // a plain path: an empty body, or no items?
		"/orders?_end=1 returns a single order, sorted by date",                        // a description after the comma
		"/orders?paid=true just returns Blue mug and then 'Paid'",                      // the outcome goes on
	})
}

// A general rule or a reason beside its example (reasons.go): the example
// is checked, the rule noted as checked only through it.
func TestReasonsReadings(t *testing.T) {
	runClasses(t, []classCase{
		{"Search ignores accents: /pages?q=cafe still finds Café Noir.", [][]string{
			{`{"visit":"/pages?q=cafe"}`, `{"expect_text":"Café Noir"}`}}},
		{"Paths are case-sensitive - /ORDERS is a 404.", [][]string{
			{`{"visit":"/ORDERS"}`, `{"expect_status":404}`}}},
		{"The admin bundle isn't shipped; /admin.js is a 404.", [][]string{
			{`{"visit":"/admin.js"}`, `{"expect_status":404}`}}},
		// a status with a count, a count with the item listed first
		{"/orders?_sort=nope answers 200 with all 3 orders", [][]string{
			{`{"visit":"/orders?_sort=nope"}`, `{"expect_status":200}`},
			{`{"visit":"/orders?_sort=nope"}`, `{"expect_json":{"count":3},"reach":true}`}}},
		{"/orders?_sort=total returns all 3 orders, 'Blue mug' first", [][]string{
			{`{"visit":"/orders?_sort=total"}`, `{"expect_json":{"count":3},"reach":true}`},
			{`{"visit":"/orders?_sort=total"}`, `{"expect_json":{"at":"/0/*","equals":"Blue mug"},"reach":true}`}}},
		// more verbs of a rule, a comma before the example, a title or a purpose
		{"Filters match on prefixes, so /orders?item=blue returns Blue Mug.", [][]string{
			{`{"visit":"/orders?item=blue"}`, `{"expect_text":"Blue Mug"}`}}},
		{"sorting on its own reverses nothing, /orders?_order=desc gives back both orders", [][]string{
			{`{"visit":"/orders?_order=desc"}`, `{"expect_json":{"count":2},"reach":true}`}}},
		{"Order filter: /orders?paid=true returns 'Blue mug' and nothing else", [][]string{
			{`{"visit":"/orders?paid=true"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?paid=true"}`, `{"expect_text":"Blue mug"}`}}},
		{"To see the cheapest order: /orders?_sort=total&_limit=1 -> only Blue Mug.", [][]string{
			{`{"visit":"/orders?_sort=total\u0026_limit=1"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/orders?_sort=total\u0026_limit=1"}`, `{"expect_text":"Blue Mug"}`}}},
		{"Tags don't belong to orders, so the nested route /orders/1/tags comes back empty", [][]string{
			{`{"visit":"/orders/1/tags"}`, `{"expect_json":{"count":0},"reach":true}`}}},
		{"_limit=0 is accepted and /orders?_limit=0 comes back as an empty list", [][]string{
			{`{"visit":"/orders?_limit=0"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"The config object ignores filters: /config?lang=fr still answers with lang en.", [][]string{
			{`{"visit":"/config?lang=fr"}`, `{"expect_json":{"at":"/lang","equals":"en"},"reach":true}`}}},
		{"/orders?_expand=buyer crashes with a 500 (TypeError) instead of ignoring the relation", [][]string{
			{`{"visit":"/orders?_expand=buyer"}`, `{"expect_status":500}`, `{"expect_text":"TypeError"}`}}},
		{"/ORDERS returns 404 because paths are case-sensitive", [][]string{
			{`{"visit":"/ORDERS"}`, `{"expect_status":404}`}}},
		// an example after "e.g.", after a comma or in brackets
		{"Old URLs still work, e.g. /order/2 gives you Green teapot.", [][]string{
			{`{"visit":"/order/2"}`, `{"expect_text":"Green teapot"}`}}},
		{"Filters stack, for example /orders?paid=true&id=2 returns an empty list.", [][]string{
			{`{"visit":"/orders?paid=true\u0026id=2"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"Filters stack (e.g. /orders?paid=true&id=2 returns an empty list).", [][]string{
			{`{"visit":"/orders?paid=true\u0026id=2"}`, `{"expect_visible":"text=\"[]\""}`}}},
		// an unquoted value in sentence case, then its place
		{"/orders?_sort=nope answers 200 with all 3 orders, Blue mug first.", [][]string{
			{`{"visit":"/orders?_sort=nope"}`, `{"expect_status":200}`},
			{`{"visit":"/orders?_sort=nope"}`, `{"expect_json":{"count":3},"reach":true}`},
			{`{"visit":"/orders?_sort=nope"}`, `{"expect_json":{"at":"/0/*","equals":"Blue mug"},"reach":true}`}}},
		// a title, then a rule, then the example; a reason in brackets
		// after it; what the request does between commas; another path
		// that answers, conceded
		{"Note for the app team: item filters ignore case, /orders?item=DESK%20LAMP returns the Desk lamp order.", [][]string{
			{`{"visit":"/orders?item=DESK%20LAMP"}`, `{"expect_text":"Desk lamp"}`}}},
		{"Ranges compare text, so /orders?item_gte=C returns all 2 orders (both names start after a C).", [][]string{
			{`{"visit":"/orders?item_gte=C"}`, `{"expect_json":{"count":2},"reach":true}`}}},
		{"Filtering out the paid ones, /orders?paid=false, leaves an empty list [].", [][]string{
			{`{"visit":"/orders?paid=false"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"Ids are matched as written, so /orders/02 is a 404 even though /orders/2 exists.", [][]string{
			{`{"visit":"/orders/02"}`, `{"expect_status":404}`},
			{`{"visit":"/orders/2"}`, `{"expect_status":200}`}}},
		{"The config endpoint ignores a trailing slash: /config/ says the lang is en.", [][]string{
			{`{"visit":"/config/"}`, `{"expect_json":{"at":"/**/lang","equals":"en"}}`}}},
		// ", and not" as "and not"
		{"/orders?q=mug still finds Blue Mug, and not Green Teapot.", [][]string{
			{`{"visit":"/orders?q=mug"}`, `{"expect_text":"Blue Mug"}`},
			{`{"visit":"/orders?q=mug"}`, `{"expect_no_text":"Green Teapot"}`}}},
	})
	d, err := Derive("Paths are case-sensitive - /ORDERS is a 404.")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), "The rule “Paths are case-sensitive” is checked on the example the claim gives") {
		t.Errorf("no note of the rule: %q", d.Notes)
	}
}

// A general part that says something checkable is never dropped; "instead
// of" is dropped only where the status decides it.
func TestReasonsRefusals(t *testing.T) {
	runRefused(t, []string{
		"/orders?paid=true drops 'Blue mug', so 'Green teapot' is first",                               // the part after "so" is a check
		"/orders?q=mug matches the mug order even though its note says 'Blue mug'",                     // a concession with a check
		"/pages?q=setup matches 'Setup' even though its title is 'Set-Up' with a capital X",            // the capital is not the value's
		"/pages?_sort=title lists the install guide first",                                             // a description before the place
		"/orders?_expand=buyer answers 200 instead of ignoring the relation",                           // a 200 does not decide it
		"/orders?_expand=buyer shows 'Error' instead of a 404",                                         // the status is in the dropped part
		"Exact filters don't care about case, so /orders?item=blue%20mug returns the blue mug order",   // a description
		"When you click Save it works: /notes returns Buy rye bread",                                   // a condition that acts is no rule
		"only 2 notes match, so /notes?q=a gives Pay rent",                                             // a count in the rule is a check of its own
		"/search?q=jazz returns 'Kind of Blue' since only 2 albums match",                              // a count in the reason
		"Only admins: /admin shows 'Users'",                                                            // "only" bounds who, a check
		"Only the first page counts: /orders?_page=1 returns 'Blue mug'",                               // "only" not before the rule's verb
		"Two orders, /orders?paid=true returns 'Blue mug'",                                             // a count before the example
		"Filters stack (e.g. /orders?paid=true returns 'Blue mug') and /orders is sorted",              // more after the brackets
		"Filters on /orders stack, e.g. /orders?paid=true returns 'Blue mug'",                          // a path in the rule
		"Ranges compare text, so /orders?item_gte=C returns all 2 orders (Green teapot is not one)",    // a reason that denies is a check
		"Ids are matched as written, so /orders/02 is a 404 even though /orders/2 says 'Green teapot'", // a concession with a check
	})
}

// An item described as what a path answers is refused with the quoted
// form to write.
func TestJSONValsDescribedItem(t *testing.T) {
	_, err := Derive("Exact filters ignore case, so /orders?item=blue%20mug returns the blue mug order")
	if err == nil || !strings.Contains(err.Error(), `quote the value the response holds ("/orders?item=blue%20mug returns '…'")`) {
		t.Fatalf("got %v", err)
	}
}

// TestAPIFieldIsNoFormField: a "field" of what an API path answers is a
// member of its JSON; read as a form's input, "has no password field"
// would hold on every JSON response. A page's form keeps its fields.
func TestAPIFieldIsNoFormField(t *testing.T) {
	runRefused(t, []string{
		"/api/users/1 includes an email field",
		"/api/users/1 has no password field",
		"GET /users/1 has no password field",
		"The JSON at /users/1 includes an email field",
		"/v2/orders/7 has a 'Total' field",
	})
	runClasses(t, []classCase{
		{"/login has no password field", [][]string{{`{"visit":"/login"}`, `{"expect_hidden":"css=input[type=password]"}`}}},
		{"On /api/docs, typing 'x' into the 'Search' field shows 'No results'", [][]string{
			{`{"visit":"/api/docs"}`, `{"wait_for":"placeholder=Search"}`, `{"remember_count":{"target":"text=No results","as":"before_no_results"}}`, `{"fill":{"target":"placeholder=Search","value":"x"}}`, `{"expect_text":"No results"}`, `{"expect_count":{"target":"text=No results","more_than":"before_no_results"},"reach":true}`}}},
	})
}
