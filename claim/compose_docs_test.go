package claim

import (
	"strings"
	"testing"
)

// Claims about interactive API documentation (an OpenAPI docs UI such as
// Swagger UI), on invented APIs: operations named by summary or by method
// and path, tried out, given a parameter, executed, and the response's
// status read from the live response only.

func TestDocsUIReadings(t *testing.T) {
	runClasses(t, []classCase{
		{"Trying out 'Get a recipe' with recipeId 12 and executing it shows a 200 response", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a recipe\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=recipeId","reach":true}`, `{"fill":{"target":"label=recipeId","value":"12"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Trying 'Search recipes' out with the cuisine set to Thai and pressing Execute returns 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Search recipes\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=cuisine","reach":true}`, `{"fill":{"target":"label=cuisine","value":"Thai"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Executing 'List ingredients' returns a 404 Not Found", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"404","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Executing 'List ingredients' does not return 500", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_no_text":{"text":"500","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Executing 'Create a recipe' with the example body answers 201", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a recipe\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"201","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Executing 'List ingredients' shows '503' and 'Service Unavailable'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"503","target":"css=.live-responses-table tbody .response-col_status"}}`, `{"expect_text":"Service Unavailable"}`}}},
		{"On 'Get a recipe', clicking Try it out, typing xyz as the recipeId and pressing Execute shows 'Value must be an integer'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a recipe\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=recipeId","reach":true}`, `{"remember_count":{"target":"text=Value must be an integer","as":"before_value_must_be_an_integer"}}`, `{"fill":{"target":"label=recipeId","value":"xyz"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"expect_text":"Value must be an integer"}`, `{"expect_count":{"target":"text=Value must be an integer","more_than":"before_value_must_be_an_integer"},"reach":true}`}}},
		{"Clicking 'Try it out' on the 'Delete a recipe' operation shows a 'recipeId' box", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Delete a recipe\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"expect_visible":"label=recipeId"}`}}},
		{"After clicking Try it out on 'Create a recipe', that button turns into 'Cancel'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Try it out","as":"before_try_it_out"}}`, `{"click":"text=\"Create a recipe\"","reach":true}`, `{"expect_text":"Try it out"}`, `{"expect_count":{"target":"text=Try it out","more_than":"before_try_it_out"},"reach":true}`, `{"click":"text=\"Try it out\""}`, `{"expect_no_text":"Try it out"}`, `{"expect_visible":"role=button[name=\"Cancel\"]"}`}}},
		{"Hitting 'Cancel' after trying out 'Search recipes' removes the 'Execute' button", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Search recipes\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"expect_visible":"text=\"Execute\""}`, `{"click":"text=\"Cancel\""}`, `{"expect_hidden":"text=\"Execute\""}`}}},
		{"Once 'List ingredients' has been executed, pressing 'Clear' removes the 'Server response' section", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Server response","as":"before_server_response"}}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"expect_text":"Server response"}`, `{"expect_count":{"target":"text=Server response","more_than":"before_server_response"},"reach":true}`, `{"click":"text=\"Clear\""}`, `{"expect_no_text":"Server response"}`}}},
		{"Expanding GET /recipes lists a 'page' parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"GET /recipes\"]","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr[data-param-name=\"page\"]"}`}}},
		{"Opening GET /recipes/{recipeId} has no 'cuisine' parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"GET /recipes/{recipeId}\"]","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_hidden":"css=.opblock.is-open tr[data-param-name=\"cuisine\"]"}`}}},
		{"Expanding DELETE /recipes/{recipeId} shows 'Recipe removed'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Recipe removed","as":"before_recipe_removed"}}`, `{"click":"role=button[name=\"DELETE /recipes/{recipeId}\"]","reach":true}`, `{"expect_text":"Recipe removed"}`, `{"expect_count":{"target":"text=Recipe removed","more_than":"before_recipe_removed"},"reach":true}`}}},
		{"The 'Search recipes' operation has a Try it out button", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Search recipes\"","reach":true}`, `{"expect_visible":"role=button[name=\"Try it out\"]"}`}}},
		{"The 'Search recipes' operation lists a 'cuisine' parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Search recipes\"","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr[data-param-name=\"cuisine\"]"}`}}},
		// the request shown: the curl command, the request URL; a reason
		// the claim gives is noted, not checked
		{"Trying out 'Search recipes' with the cuisine set to Thai and executing it produces a curl command containing cuisine=Thai", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Search recipes\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=cuisine","reach":true}`, `{"fill":{"target":"label=cuisine","value":"Thai"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.curl-command","reach":true}`, `{"expect_text":{"text":"cuisine=Thai","target":"css=.curl-command"}}`}}},
		{"Executing 'List ingredients' shows a request URL containing '/v2/ingredients'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.request-url","reach":true}`, `{"expect_text":{"text":"/v2/ingredients","target":"css=.request-url"}}`}}},
		{"Executing 'List ingredients' returns 503 since the kitchen service is down", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List ingredients\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"503","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
	})
	runRefused(t, []string{
		// no value for the parameter, or a box named by its kind only
		"Trying out 'Get a recipe' with recipeId and executing it shows a 200 response",
		"Trying out 'Get a recipe' with the box left empty shows 'Required field is not provided'",
		// a speed, a reason about the backend, a description: not read
		"Executing 'List ingredients' returns 200 quickly",
		"Executing 'List ingredients' returns recipes",
		// "running" and "trying" without "out" are not a docs UI's words
		"Running 'Backup' shows 'Done'",
		"Trying 'Pro' shows '$12'",
		// a rule about every operation; a look the UI gives
		"Executing every operation returns 200",
		"The 'Delete a recipe' operation is marked deprecated",
		// the API itself, not its docs: a status from a server
		"GET /recipes returns 200 from the server",
		// the rewrite's own marks are never a claim's text
		"Trying out 'Get a recipe' shows 'vouch-live-status-200'",
	})
}

// A status said of an executed operation is never looked for as a text
// anywhere on the page (the documented responses list the same codes),
// and every guess of the reading is noted.
func TestDocsUIStatusIsTheLiveResponse(t *testing.T) {
	d, err := Derive("Executing 'Add a pet' returns 201")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Plan.Journeys[0].Steps {
		if s.Value == "201" && s.Target != docsLiveStatus {
			t.Errorf("the status is looked for at %q, want %q", s.Target, docsLiveStatus)
		}
	}
	notes := strings.Join(d.Notes, " ")
	for _, want := range []string{"Try it out", "Execute", "Server response", `"Add a pet"`} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes do not mention %s: %s", want, notes)
		}
	}
	if strings.Contains(string(d.Plan.Canonical()), "vouch-") {
		t.Errorf("a mark of the rewrite is left in the plan: %s", d.Plan.Canonical())
	}
}

// The API docs named as a page without a path: the home page, once
// Swagger UI is found there (a guess: blocked, never failed, if not).
func TestDocsUIAsAPage(t *testing.T) {
	runClasses(t, []classCase{
		{"Swagger UI shows 'books'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_text":"books"}`}}},
		{"The Swagger page shows 'Add a pet'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_text":"Add a pet"}`}}},
		{"Swagger UI shows 'Petstore API'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_text":"Petstore API"}`}}},
		{"The Petstore API docs list 'Find pet by ID' before 'Add a pet'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_order":["Find pet by ID","Add a pet"]}`}}},
		{"On the API docs page, trying out 'Find pet by ID' with petId 3 and executing it returns 200", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=petId","reach":true}`, `{"fill":{"target":"label=petId","value":"3"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"The Swagger UI loads without errors", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_status":200}`, `{"expect_no_console_errors":true}`}}},
		{"The API docs page has a 'Authorize' button", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"expect_visible":"role=button[name=\"Authorize\"]"}`}}},
	})
	runRefused(t, []string{
		// "the docs page" is read in docs_page.go: the home page, once
		// API docs are found there (a documentation site blocks the run)
		"The Swagger page loads in under 1s",
		"The Swagger page looks nice",
		"The Swagger page and the API docs show 'x'",   // two places
		"On the Swagger page, the title is 'Petstore'", // the document's or the API's
	})
}

// More ways people say they tried an operation out and executed it, and
// what the response shows.
func TestDocsUIExecutePhrasings(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Try it out' and then 'Execute' on 'List pets' returns a 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List pets\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"click":"text=\"Execute\""}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Expanding 'List pets' and clicking Try it out shows an Execute button", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List pets\""}`, `{"click":"text=\"Try it out\""}`, `{"expect_visible":"role=button[name=\"Execute\"]"}`}}},
		{"After executing 'Find pet by ID' with petId 1, the response code is 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"wait_for":"label=petId","reach":true}`, `{"fill":{"target":"label=petId","value":"1"}}`, `{"click":"role=button[name=\"Execute\"]","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"After executing 'Find pet by ID' with petId 1, the response body contains 'doggie'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"wait_for":"label=petId","reach":true}`, `{"fill":{"target":"label=petId","value":"1"}}`, `{"click":"role=button[name=\"Execute\"]","reach":true}`, `{"hover":"css=.live-responses-table tbody .response-col_description","reach":true}`, `{"expect_text":{"text":"doggie","target":"css=.live-responses-table tbody .response-col_description"}}`}}},
		{"Executing 'Find pet by ID' with petId 1 shows 'doggie' in the response body", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"wait_for":"label=petId","reach":true}`, `{"fill":{"target":"label=petId","value":"1"}}`, `{"click":"role=button[name=\"Execute\"]","reach":true}`, `{"hover":"css=.live-responses-table tbody .response-col_description","reach":true}`, `{"expect_text":{"text":"doggie","target":"css=.live-responses-table tbody .response-col_description"}}`}}},
		{"'List pets' returns 200 when executed", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List pets\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"The 'List pets' operation returns 200 when you execute it", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List pets\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Executing GET /pets returns 200", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"GET /pets\"]","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Trying out GET /pets with limit=5 and executing returns 200", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"GET /pets\"]","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=limit","reach":true}`, `{"fill":{"target":"label=limit","value":"5"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Clicking Execute on 'List pets' returns 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List pets\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\""}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Clicking Execute on 'Find pet by ID' with petId 3 shows 'Pet not found'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"wait_for":"label=petId","reach":true}`, `{"remember_count":{"target":"text=Pet not found","as":"before_pet_not_found"}}`, `{"fill":{"target":"label=petId","value":"3"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"expect_text":"Pet not found"}`, `{"expect_count":{"target":"text=Pet not found","more_than":"before_pet_not_found"},"reach":true}`}}},
		{"After trying out 'Find pet by ID' and executing, the server response status is not 500", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"click":"text=\"Execute\""}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_no_text":{"text":"500","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"Try it out on 'Find pet by ID' with petId 3, then execute: the response body does not contain 'error'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"wait_for":"label=petId","reach":true}`, `{"fill":{"target":"label=petId","value":"3"}}`, `{"click":"role=button[name=\"Execute\"]"}`, `{"hover":"css=.live-responses-table tbody .response-col_description","reach":true}`, `{"expect_no_text":{"text":"error","target":"css=.live-responses-table tbody .response-col_description"}}`}}},
	})
	runRefused(t, []string{
		"Clicking Run on 'List pets' returns 200",       // not a docs UI's word
		"'List pets' returns 200 when executed quickly", // a speed
		"After executing 'List pets', the response is fine",
	})
}
