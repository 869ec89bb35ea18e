package claim

import (
	"errors"
	"strings"
	"testing"
)

// Claims about what a path answers (a JSON endpoint as a browser shows it)
// and unquoted literal values, on invented apps.

func TestAPIEndpointReadings(t *testing.T) {
	runClasses(t, []classCase{
		// a request described in words, then its path; an empty collection
		{"Filtering songs by a tag nobody uses (/songs?tag=x) comes back as an empty list, '[]'", [][]string{
			{`{"visit":"/songs?tag=x"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"Searching books with /books?q=zzz returns an empty array", [][]string{
			{`{"visit":"/books?q=zzz"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"Asking for an order that doesn't exist, /orders/999, answers 200 with an empty object", [][]string{
			{`{"visit":"/orders/999"}`, `{"expect_status":200}`},
			{`{"visit":"/orders/999"}`, `{"expect_visible":"text=\"{}\""}`}}},
		{"An invoice that doesn't exist, like /invoices/77, answers 404 and just shows '{}'", [][]string{
			{`{"visit":"/invoices/77"}`, `{"expect_status":404}`, `{"expect_visible":"text=\"{}\""}`}}},
		// a status, then what the response holds with the verb said once
		{"/orders/12 returns 404 and an empty object", [][]string{
			{`{"visit":"/orders/12"}`, `{"expect_status":404}`, `{"expect_visible":"text=\"{}\""}`}}},
		{"/orders/12 answers 404 and 'No such order'", [][]string{
			{`{"visit":"/orders/12"}`, `{"expect_status":404}`, `{"expect_text":"No such order"}`}}},
		// a record named by its item before its path: it shows the name
		{"The 'Gizmo' product page, /products/4, shows '$12'", [][]string{
			{`{"visit":"/products/4"}`, `{"expect_text":"Gizmo"}`},
			{`{"visit":"/products/4"}`, `{"expect_text":"$12"}`}}},
		// "there is no X collection:" is what the 404 shows
		{"There is no invoices resource: opening /invoices gives a 404", [][]string{
			{`{"visit":"/invoices"}`, `{"expect_status":404}`}}},
		// a premise about the data is noted
		{"Given the seeded data, /orders?paid=true includes 'Order 7' but neither 'Order 8' nor 'Order 9'", [][]string{
			{`{"visit":"/orders?paid=true"}`, `{"expect_text":"Order 7"}`},
			{`{"visit":"/orders?paid=true"}`, `{"expect_no_text":"Order 8"}`},
			{`{"visit":"/orders?paid=true"}`, `{"expect_no_text":"Order 9"}`}}},
		// a field and its value in the JSON response: any item's on a
		// filtered collection, the record's own on a record's path
		{"GET /posts?author=typicode returns the post whose author is typicode", [][]string{
			{`{"visit":"/posts?author=typicode"}`, `{"expect_json":{"at":"/**/author","equals":"typicode"}}`}}},
		{"GET /articles/3 returns the article titled 'Hello world'", [][]string{
			{`{"visit":"/articles/3"}`, `{"expect_json":{"at":"/title","equals":"Hello world"}}`}}},
		// typed: an unquoted number or boolean is that JSON value, a
		// quoted one a text
		{"GET /tasks/2 has done true", [][]string{
			{`{"visit":"/tasks/2"}`, `{"expect_json":{"at":"/done","equals":true}}`}}},
		{"GET /tasks/2 has id 2", [][]string{
			{`{"visit":"/tasks/2"}`, `{"expect_json":{"at":"/id","equals":2}}`}}},
		{"GET /tasks/2 says the title is 'Fix the login bug'", [][]string{
			{`{"visit":"/tasks/2"}`, `{"expect_json":{"at":"/title","equals":"Fix the login bug"}}`}}},
		// a path whose response's shape is not known: a member of any
		// object; "not 'fr'" follows from the field being 'de'
		{"The JSON at /api/config says the locale is 'de', not 'fr'", [][]string{
			{`{"visit":"/api/config"}`, `{"expect_json":{"at":"/**/locale","equals":"de"}}`}}},
		// a number as JSON writes it, whatever its size or point; a
		// version's "2.1" is a text
		{"/api/items/1 returns price 9.99", [][]string{
			{`{"visit":"/api/items/1"}`, `{"expect_json":{"at":"/price","equals":9.99}}`}}},
		{"/api/items/1 returns version 2.1", [][]string{
			{`{"visit":"/api/items/1"}`, `{"expect_json":{"at":"/version","equals":"2.1"}}`}}},
		{"GET /api/items/1 returns \"price\": 12.5", [][]string{
			{`{"visit":"/api/items/1"}`, `{"expect_json":{"at":"/price","equals":12.5}}`}}},
		{"GET /api/users returns the user named 'Ann'", [][]string{
			{`{"visit":"/api/users"}`, `{"expect_json":{"at":"/**/name","equals":"Ann"}}`}}},
		{"/api/users/1 has role 'admin'", [][]string{
			{`{"visit":"/api/users/1"}`, `{"expect_json":{"at":"/role","equals":"admin"}}`}}},
		{"/api/users/1 returns the email 'ann@example.com'", [][]string{
			{`{"visit":"/api/users/1"}`, `{"expect_json":{"at":"/email","equals":"ann@example.com"}}`}}},
		{"GET /tasks/2 says the title is 'Fix the login bug', not 'Fix login'", [][]string{
			{`{"visit":"/tasks/2"}`, `{"expect_json":{"at":"/title","equals":"Fix the login bug"}}`}}},
		// a field named without "is" where nothing says JSON: the value
		{"/members/5 shows the email carla@shop.test", [][]string{
			{`{"visit":"/members/5"}`, `{"expect_text":"carla@shop.test"}`}}},
		{"/flags/4 has enabled true", [][]string{
			{`{"visit":"/flags/4"}`, `{"expect_text":"\"enabled\": true"}`}}},
		// unquoted literal values: a status with a capitalised name and a
		// field's e-mail address, names with a negation, a bare number
		{"/members/5 answers 200 with Carla Mendez and the email carla@shop.test", [][]string{
			{`{"visit":"/members/5"}`, `{"expect_status":200}`},
			{`{"visit":"/members/5"}`, `{"expect_text":"Carla Mendez"}`},
			{`{"visit":"/members/5"}`, `{"expect_text":"carla@shop.test"}`}}},
		{"GET /members/5 answers 200 with the email carla@shop.test", [][]string{
			{`{"visit":"/members/5"}`, `{"expect_status":200}`},
			{`{"visit":"/members/5"}`, `{"expect_json":{"at":"/email","equals":"carla@shop.test"}}`}}},
		// counts of a JSON response's items, with the collection's noun or
		// a generic one; an empty list is the value []
		{"GET /tasks?done=true returns two tasks", [][]string{
			{`{"visit":"/tasks?done=true"}`, `{"expect_json":{"count":2}}`}}},
		{"The endpoint /releases has one release", [][]string{
			{`{"visit":"/releases"}`, `{"expect_json":{"count":1}}`}}},
		{"GET /api/users?role=admin returns 3 results", [][]string{
			{`{"visit":"/api/users?role=admin"}`, `{"expect_json":{"count":3}}`}}},
		{"GET /tasks?owner=nobody returns no tasks", [][]string{
			{`{"visit":"/tasks?owner=nobody"}`, `{"expect_json":{"count":0}}`}}},
		{"GET /tasks?_limit=2 returns only two tasks: 'Fix the login bug' and 'Write the docs'", [][]string{
			{`{"visit":"/tasks?_limit=2"}`, `{"expect_json":{"count":2}}`},
			{`{"visit":"/tasks?_limit=2"}`, `{"expect_text":"Fix the login bug"}`},
			{`{"visit":"/tasks?_limit=2"}`, `{"expect_text":"Write the docs"}`}}},
		// a count said with a quantifier, to the reader ("gives you"), of
		// a collection named with a format suffix
		{"GET /tasks?done=true returns all 3 tasks", [][]string{
			{`{"visit":"/tasks?done=true"}`, `{"expect_json":{"count":3}}`}}},
		{"GET /tasks?_end=1 still gives you all the two tasks", [][]string{
			{`{"visit":"/tasks?_end=1"}`, `{"expect_json":{"count":2}}`}}},
		{"GET /tasks.json returns the three tasks", [][]string{
			{`{"visit":"/tasks.json"}`, `{"expect_json":{"count":3}}`}}},
		// "comes back empty": no items, a list or an object
		{"/members?q=zzz comes back empty", [][]string{
			{`{"visit":"/members?q=zzz"}`, `{"expect_json":{"count":0},"reach":true}`}}},
		{"GET /api/members?q=zzz is empty", [][]string{
			{`{"visit":"/api/members?q=zzz"}`, `{"expect_json":{"count":0}}`}}},
		{"GET /entries?year=2031 returns an empty list", [][]string{
			{`{"visit":"/entries?year=2031"}`, `{"expect_json":{"equals":[]}}`}}},
		{"GET /orders/999 answers 404 and an empty object", [][]string{
			{`{"visit":"/orders/999"}`, `{"expect_status":404}`, `{"expect_json":{"equals":{}}}`}}},
		{"Searching members with /members?q=carla finds Carla Mendez and not Dev Patel", [][]string{
			{`{"visit":"/members?q=carla"}`, `{"expect_text":"Carla Mendez"}`},
			{`{"visit":"/members?q=carla"}`, `{"expect_no_text":"Dev Patel"}`}}},
		{"/counters/1 shows 42", [][]string{{`{"visit":"/counters/1"}`, `{"expect_text":"42"}`}}},
		// a query of a collection counted by its own noun: the response's
		// items, JSON a guess (reach); generic nouns are not read so
		{"/tasks?done=true has two tasks", [][]string{
			{`{"visit":"/tasks?done=true"}`, `{"expect_json":{"count":2},"reach":true}`}}},
		{"/tasks?_page=2 still lists all three tasks", [][]string{
			{`{"visit":"/tasks?_page=2"}`, `{"expect_json":{"count":3},"reach":true}`}}},
		{"/orders?_limit=2 lists two orders: 'Order 7' and 'Order 8'", [][]string{
			{`{"visit":"/orders?_limit=2"}`, `{"expect_json":{"count":2},"reach":true}`},
			{`{"visit":"/orders?_limit=2"}`, `{"expect_text":"Order 7"}`},
			{`{"visit":"/orders?_limit=2"}`, `{"expect_text":"Order 8"}`}}},
		// the values first, the response's verb after them
		{"GET /tasks?_end=1: only Fix the login bug comes back", [][]string{
			{`{"visit":"/tasks?_end=1"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/tasks?_end=1"}`, `{"expect_text":"Fix the login bug"}`}}},
		{"Given the seed data, when I GET /tasks?_end=1, then only 'Fix the login bug' comes back", [][]string{
			{`{"visit":"/tasks?_end=1"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/tasks?_end=1"}`, `{"expect_text":"Fix the login bug"}`}}},
		// a number that ends a capitalised name is part of it
		{"/context/global/siteName returns Warehouse 7.", [][]string{
			{`{"visit":"/context/global/siteName"}`, `{"expect_text":"Warehouse 7"}`}}},
		{"When I GET /users/2 I get Bob Stone", [][]string{
			{`{"visit":"/users/2"}`, `{"expect_text":"Bob Stone"}`}}},
		{"/users?_sort=name: 'Ann Lee' and 'Bob Stone' are returned", [][]string{
			{`{"visit":"/users?_sort=name"}`, `{"expect_text":"Ann Lee"}`},
			{`{"visit":"/users?_sort=name"}`, `{"expect_text":"Bob Stone"}`}}},
		// a field named before its value after a name, "with" or ", with"
		{"GET /users/2 returns Bob Stone, with the email bob@example.com", [][]string{
			{`{"visit":"/users/2"}`, `{"expect_text":"Bob Stone"}`},
			{`{"visit":"/users/2"}`, `{"expect_json":{"at":"/email","equals":"bob@example.com"}}`}}},
		// steps, then what they lead to, with no verb
		{"Steps: open /users/2. Expected: Bob Stone, with the email bob@example.com.", [][]string{
			{`{"visit":"/users/2"}`, `{"expect_text":"Bob Stone"}`},
			{`{"visit":"/users/2"}`, `{"expect_text":"bob@example.com"}`}}},
		// a page size given before the request, when the query sets that very size
		{"Given two orders per page, when I GET /orders?_page=2&_limit=2, then I get 1 order", [][]string{
			{`{"visit":"/orders?_page=2\u0026_limit=2"}`, `{"expect_json":{"count":1}}`}}},
		// a JSON pair in double quotes where no request is read: the text it prints as
		{`Following the /notes link from the home page lands on a page that shows "pinned": true`, [][]string{
			{`{"visit":"/"}`, `{"click":"css=a[href=\"/notes\"], a[href=\"/notes/\"], a[href=\"notes\"], a[href=\"./notes\"]"}`, `{"expect_text":"\"pinned\": true"}`}}},
		// a status the steps lead to, never a text "404"; a body's words after its status
		{"Steps: open /members/9. Expected: a 404.", [][]string{
			{`{"visit":"/members/9"}`, `{"expect_status":404}`}}},
		{"When I open /members/9, then I get a 404", [][]string{
			{`{"visit":"/members/9"}`, `{"expect_status":404}`}}},
		{"Bug: search crashes on a bracket. Steps: open /members?q=(. Expected: a 500 whose body says 'Invalid pattern'.", [][]string{
			{`{"visit":"/members?q=("}`, `{"expect_status":500}`, `{"expect_text":"Invalid pattern"}`}}},
		{"/members/9 answers 404 and the body reads 'Not found'", [][]string{
			{`{"visit":"/members/9"}`, `{"expect_status":404}`, `{"expect_text":"Not found"}`}}},
		{"/tasks?_sort=id&_order=desc starts with task 3", [][]string{
			{`{"visit":"/tasks?_sort=id\u0026_order=desc"}`, `{"expect_json":{"at":"/0/id","equals":3},"reach":true}`}}},
		{"PM: the releases endpoint at /releases has one release, 2.1.0", [][]string{
			{`{"visit":"/releases"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/releases"}`, `{"expect_text":"2.1.0"}`}}},
		// a failure said with its status
		{"Requesting /users/3 fails with 404", [][]string{
			{`{"visit":"/users/3"}`, `{"expect_status":404}`}}},
		// the path, then what it is; "GET on" a path
		{"The /users endpoint returns 2 users", [][]string{
			{`{"visit":"/users"}`, `{"expect_json":{"count":2}}`}}},
		{"The /users route gives back Ann Lee", [][]string{
			{`{"visit":"/users"}`, `{"expect_text":"Ann Lee"}`}}},
		{"GET on /users returns 2 users", [][]string{
			{`{"visit":"/users"}`, `{"expect_json":{"count":2}}`}}},
		// where a sorted list starts or ends
		{"/tasks?_sort=done ends with Fix the login bug", [][]string{
			{`{"visit":"/tasks?_sort=done"}`, `{"expect_json":{"at":"/-1/*","equals":"Fix the login bug"},"reach":true}`}}},
		{"Sorting on the done flag puts the finished task last - /tasks?_sort=done ends with 'Fix the login bug'", [][]string{
			{`{"visit":"/tasks?_sort=done"}`, `{"expect_json":{"at":"/-1/*","equals":"Fix the login bug"},"reach":true}`}}},
	})
}

func TestAPINearMisses(t *testing.T) {
	runRefused(t, []string{
		"/members lists members",                                                        // an unquoted noun is no text
		"/tasks returns Ann 2 tasks",                                                    // a number before a noun ends no name
		"Steps: open /users/2. Expected: Bob Stone is shown twice",                      // more than the values
		"Steps: open /users/9. Expected: a 404 page",                                    // "page": a status or a page saying so?
		"/about says 'Name': 'Ann'",                                                     // a label and its text, or a field: never two texts apart
		"Given three orders per page, when I GET /orders?_limit=2, then I get 2 orders", // the size given is not the query's
		"Clicking 'Team' shows 'role': 'admin'",                                         // the same after an action
		"Bug: /users is broken. Steps: open /users/2. Expected: a 404",                  // the title says something of a path
		"/users?_sort=name starts with Ann Lee and Bob Stone",                           // two values or one: not said
		"/orders?_limit=2 shows two orders: 'Order 7' and 'Order 8'",                    // a page shows elements; JSON text has none to count
		"/users?_sort=name: Ann Lee comes back twice",                                   // more than the value
		"/flags/4 shows enabled",                                                        // one lower-case word with no field before it
		"/menu shows the dish Salt and Pepper",                                          // where the unquoted name ends is not said
		"/orders?paid=true shows the one order, whose total is 12",                      // "the one": a count
		"/upload shows 'Uploading' and then 'Done'",                                     // an order in time, no field "then"
		"/songs returns every song whose genre is jazz",
		"/orders/12 returns 404 and then 'Gone'",                        // an order in time
		"There is no invoices resource: /invoices shows 'Nothing here'", // the absence needs the 404
		"The 'Gizmo' button, /products/4, shows '$12'",                  // a button is no record
		"There is no invoices page: opening /invoices gives a 404",      // a page is no collection
		// counts: only where the claim says JSON, of a collection, with its noun
		"/tasks shows three tasks",                                            // nothing says JSON and no query: a page's "tasks" are not its items
		"GET /tasks?done=true returns two users",                              // another collection's noun
		"GET /tasks?done=true returns all tasks",                              // "all" with no number: a rule
		"/members?q=zzz is empty",                                             // a page can be empty of many things
		"/members?q=zzz comes back empty-handed",                              // not the word "empty"
		"GET /tasks?done=true gives you the tasks",                            // no number
		"GET /tasks/2 returns one task",                                       // a record's path holds one item, not a list
		"GET /tasks?done=true returns about two tasks",                        // an estimate
		"GET /tasks?done=true doesn't return two tasks",                       // a negated count
		"GET /tasks?done=true returns two tasks and the rest",                 // what follows is not read                      // a rule about many
		"Requesting /songs?id=1&id=3 has songs 1 and 3 and leaves out 'Blue'", // numbers after a noun name items, not a field "songs"
		"/orders/12 answers 200 with order 12",                                // an id or a field "order"?
	})
}

// Readings of a path that may be an endpoint or a page are refused, with
// each reading offered.
func TestAPIAmbiguousReadings(t *testing.T) {
	cases := []struct {
		claim string
		why   string   // in the reason
		sugg  []string // leading suggestions, label cut off
	}{
		{"The gadgets endpoint shows 'Gizmo 7'", "names an endpoint, not a link", []string{"/gadgets shows 'Gizmo 7'"}},
		{"the widgets API route returns 'Lamp'", "names an endpoint", []string{"/widgets returns 'Lamp'"}},
		{"/notes/12 has the title 'Groceries'", "whose \"title\" may be a field", []string{`/notes/12 shows '"title": "Groceries"'`, "The title of /notes/12 is 'Groceries'"}},
		// a field said to hold a value where nothing says JSON: the pair
		// as a JSON response prints it, or the value as a text
		{"/profile says the theme is 'dark'", "may be a field of a JSON response or a text", []string{`GET /profile says the theme is "dark"`, "/profile shows 'dark'"}},
		{"/articles/3 returns the article titled 'Hello world'", "may be a field of a JSON response", []string{`GET /articles/3 returns the article titled "Hello world"`, "/articles/3 shows 'Hello world'"}},
		// a quoted value a JSON response may hold as a number or a text
		{"GET /tasks/2 says the id is '2'", "may be the JSON value 2 or the text", []string{`GET /tasks/2 shows '"id": 2'`, `GET /tasks/2 shows '"id": "2"'`}},
		{"GET /flags/4 says enabled is 'true'", "may be the JSON value true", []string{`GET /flags/4 shows '"enabled": true'`}},
		// "status 'ok'": the HTTP status line or a field of the response
		{"/api/health has status 'ok'", "may be the HTTP status line (200 OK) or a field", []string{`GET /api/health returns "status": "ok"`, "/api/health returns 200"}},
		{"/builds/9 shows version 3.2.1", "reads either as a text the page shows or as the field", []string{`/builds/9 shows '"version": "3.2.1"'`, "/builds/9 shows 'version 3.2.1'"}},
	}
	for _, tt := range cases {
		_, err := Derive(tt.claim)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Errorf("%q derived, want a refusal", tt.claim)
			continue
		}
		if !strings.Contains(np.Reason, tt.why) {
			t.Errorf("%q: reason %q, want it to say %q", tt.claim, np.Reason, tt.why)
		}
		for i, s := range tt.sugg {
			if i >= len(np.Suggestions) || stripLabel(np.Suggestions[i]) != s {
				t.Errorf("%q: suggestion %d is %q, want %q (all: %q)", tt.claim, i, at(np.Suggestions, i), s, np.Suggestions)
			}
		}
	}
	// the type or shape of a response is no text: refused, its status offered
	for _, c := range []string{"GET /gadgets returns a JSON array", "/gadgets responds with JSON", "/gadgets has content type application/json"} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) || !strings.Contains(np.Reason, "type or shape of a response") || len(np.Suggestions) == 0 || stripLabel(np.Suggestions[0]) != "/gadgets returns 200" {
			t.Errorf("%q: %v, want the shape refused with \"/gadgets returns 200\" offered", c, err)
		}
	}
	// a page that is no record keeps the document title; so does a claim
	// that says it is the page's title
	runClasses(t, []classCase{
		{"/about has the title 'About us'", [][]string{{`{"visit":"/about"}`, `{"expect_title":"About us"}`}}},
		{"The title of /notes/12 is 'Groceries'", [][]string{{`{"visit":"/notes/12"}`, `{"expect_title":"Groceries"}`}}},
	})
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

// A count on a page named by words that no reading opens is offered no
// count of the start page's items.
func TestAPICountOnNamedPage(t *testing.T) {
	for _, c := range []string{"the gadgets endpoint lists 2 gadgets", "the Widgets page lists 3 widgets"} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived, want a refusal", c)
		}
		for _, s := range np.Suggestions {
			if strings.Contains(s, "on /,") || strings.HasPrefix(s, "The home page has") || strings.HasPrefix(s, "The page has") {
				t.Errorf("%q: suggestion %q counts on the start page", c, s)
			}
		}
	}
	// a path keeps its readings
	_, err := Derive("/gadgets lists 2 gadgets")
	var np *NotProvableError
	if !errors.As(err, &np) || len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], "/gadgets has 2 list items") {
		t.Errorf("/gadgets lists 2 gadgets: %v, want the list-item reading first", err)
	}
}
