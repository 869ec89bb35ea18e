package claim

import (
	"strings"
	"testing"
)

// Operations, schemas and controls of an API docs UI named without
// quotes, on invented APIs (a CRM's contacts, a wiki's pages): each read
// as its quoted form, with the opening click by the name a reach step.

func TestDocsNamesReadings(t *testing.T) {
	open := func(op string) string { return `{"click":"text=\"` + op + `\"","reach":true}` }
	opened := `css=.opblock:is(.is-open, .opblock-deprecated:has(.opblock-body))`
	runClasses(t, []classCase{
		// after a verb that opens, tries out or executes it
		{"Expanding List contacts shows 'No parameters'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=No parameters","as":"before_no_parameters"}}`, `{"click":"text=\"List contacts\"","reach":true}`, `{"expect_text":"No parameters"}`, `{"expect_count":{"target":"text=No parameters","more_than":"before_no_parameters"},"reach":true}`}}},
		{"Trying out List pages and executing it returns 200", [][]string{
			{`{"visit":"/"}`, open("List pages"), `{"click":"text=\"Try it out\""}`, `{"click":"text=\"Execute\""}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"After an Execute on List pages, hitting Clear removes the Server response section", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Server response","as":"before_server_response"}}`, `{"click":"text=\"List pages\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"expect_text":"Server response"}`, `{"expect_count":{"target":"text=Server response","more_than":"before_server_response"},"reach":true}`, `{"click":"text=\"Clear\""}`, `{"expect_no_text":"Server response"}`}}},
		{"Running List pages shows 'Welcome'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Welcome","as":"before_welcome"}}`, `{"click":"text=\"List pages\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"expect_text":"Welcome"}`, `{"expect_count":{"target":"text=Welcome","more_than":"before_welcome"},"reach":true}`}}},
		{"Given Get a page is expanded, when I click Try it out, then the button turns into Cancel", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Try it out","as":"before_try_it_out"}}`, `{"click":"text=\"Get a page\"","reach":true}`, `{"expect_text":"Try it out"}`, `{"expect_count":{"target":"text=Try it out","more_than":"before_try_it_out"},"reach":true}`, `{"click":"text=\"Try it out\""}`, `{"expect_no_text":"Try it out"}`, `{"expect_visible":"role=button[name=\"Cancel\"]"}`}}},
		// the subject of a docs verb, or before a possessive
		{"Create a contact says 'Request body' when you expand it", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Request body","as":"before_request_body"}}`, `{"click":"text=\"Create a contact\"","reach":true}`, `{"expect_text":"Request body"}`, `{"expect_count":{"target":"text=Request body","more_than":"before_request_body"},"reach":true}`}}},
		{"Create a contact documents a 409 response, 'Duplicate email'", [][]string{
			{`{"visit":"/"}`, open("Create a contact"), `{"hover":"` + opened + `","reach":true}`, `{"expect_visible":"` + opened + ` tr.response[data-code=\"409\"]"}`,
				`{"expect_text":{"text":"Duplicate email","target":"` + opened + ` tr.response[data-code=\"409\"] .response-col_description"}}`}}},
		// after "Try it out on"
		{"Clicking Try it out on List pages shows a 'Cancel' button", [][]string{
			{`{"visit":"/"}`, open("List pages"), `{"click":"text=\"Try it out\""}`, `{"expect_visible":"role=button[name=\"Cancel\"]"}`}}},
		// a documented response named with a possessive
		{"Create a contact's 409 response is described as Duplicate email.", [][]string{
			{`{"visit":"/"}`, open("Create a contact"), `{"hover":"` + opened + `","reach":true}`, `{"expect_visible":"` + opened + ` tr.response[data-code=\"409\"]"}`,
				`{"expect_text":{"text":"Duplicate email","target":"` + opened + ` tr.response[data-code=\"409\"] .response-col_description"}}`}}},
		{`List pages' 200 response is documented as "All pages"`, [][]string{
			{`{"visit":"/"}`, open("List pages"), `{"hover":"` + opened + `","reach":true}`, `{"expect_visible":"` + opened + ` tr.response[data-code=\"200\"]"}`,
				`{"expect_text":{"text":"All pages","target":"` + opened + ` tr.response[data-code=\"200\"] .response-col_description"}}`}}},
		{"Create a contact documents a 409 response", [][]string{
			{`{"visit":"/"}`, open("Create a contact"), `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr.response[data-code=\"409\"]"}`}}},
		{`Create a contact's example request body defaults stage to "lead"`, [][]string{
			{`{"visit":"/"}`, open("Create a contact"), `{"hover":"` + opened + ` .opblock-section-request-body","reach":true}`,
				`{"expect_text":{"text":"\"stage\": \"lead\"","target":"` + opened + ` .opblock-section-request-body"}}`}}},
		// an operation by its method and path, a position said of its parameters
		{"Expanding DELETE /pages/{slug} shows 'Warning: Deprecated' above its parameters", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"DELETE /pages/{slug}\"]","reach":true}`, `{"expect_order":["Warning: Deprecated","Parameters"]}`}}},
		// schemas: a property's required star
		{"The Contact schema marks email as required", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Contact\"]","reach":true}`, `{"hover":"css=#model-Contact","reach":true}`, `{"expect_text":{"text":"email*","target":"css=#model-Contact"}}`, `{"expect_visible":"text=\"email*\""}`}}},
		{"In the Page schema only slug carries the required asterisk; title and body don't", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Page\"]","reach":true}`, `{"hover":"css=#model-Page","reach":true}`,
				`{"expect_count":{"target":"css=#model-Page tr.property-row.required","count":1}}`, `{"expect_text":{"text":"slug*","target":"css=#model-Page"}}`, `{"expect_visible":"text=\"slug*\""}`,
				// the star on the whole name: "title*" inside the box would
				// also be part of a "subtitle*"
				`{"expect_text":{"text":"title","target":"css=#model-Page"}}`, `{"expect_hidden":"text=\"title*\""}`,
				`{"expect_text":{"text":"body","target":"css=#model-Page"}}`, `{"expect_hidden":"text=\"body*\""}`}}},
		{"Opening the Page schema marks slug, and only slug, as required", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Page\"]","reach":true}`, `{"hover":"css=#model-Page","reach":true}`,
				`{"expect_count":{"target":"css=#model-Page tr.property-row.required","count":1}}`, `{"expect_text":{"text":"slug*","target":"css=#model-Page"}}`, `{"expect_visible":"text=\"slug*\""}`}}},
		// a path clicked on a row named by its summary, and the address's fragment
		{"Clicking the /pages path on the List pages row updates the address bar to #/pages/listPages", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"/pages\" within=\"List pages\"","reach":true}`, `{"expect_url":"/#/pages/listPages"}`}}},
		// a control's label changing on a click (any UI)
		{"Clicking the theme toggle changes its label from 'Dark theme' to 'Light theme'", [][]string{
			{`{"visit":"/"}`, `{"expect_hidden":"text=\"Light theme\""}`, `{"click":"text=\"Dark theme\""}`, `{"expect_visible":"text=\"Light theme\""}`}}},
		{"Clicking the save button changes its label from 'Save' to 'Saved'", [][]string{
			{`{"visit":"/"}`, `{"expect_hidden":"role=button[name=\"Saved\"]"}`, `{"click":"role=button[name=\"Save\"]"}`, `{"expect_visible":"role=button[name=\"Saved\"]"}`}}},
	})
	runRefused(t, []string{
		"Expanding List pages with drafts shows 'No parameters'",                     // where the name ends is a guess
		"Expanding Create a new contact for the sales team now shows 'Request body'", // longer than a summary
		"List pages and then some says 'No parameters'",
		"Clicking the theme toggle changes its colour from 'Dark' to 'Light'",
		"Opening the Page schema marks slug, and only title, as required",
		"List contacts is fast when you expand it",
		"Create a contact's 409 response is described simply as Duplicate",  // "simply": the whole description, which a text inside it does not check
		"Create a contact's 409 response is described as the duplicate one", // a description of it, not its text
		"Search results shows 'Nothing found' for everyone",                 // no operation opened
		"The Contact schema marks the email as required",
		"Clicking the /pages path on the List pages with drafts row updates the address bar to #/pages/listPages",
		"Clicking the /pages path on the pages row updates the address bar to #/pages/listPages",
	})
}

func TestDocsNamesNotes(t *testing.T) {
	d, err := Derive("Create a contact documents a 409 response, 'Duplicate email'")
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(d.Notes, "\n")
	for _, want := range []string{"Unquoted operation name “Create a contact” read as the operation's summary", "read as that response's description"} {
		if !strings.Contains(all, want) {
			t.Errorf("notes lack %q:\n%s", want, all)
		}
	}
}
