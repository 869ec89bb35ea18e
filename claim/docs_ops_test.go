package claim

import (
	"strings"
	"testing"
)

// What an OpenAPI docs UI documents about its operations, on an invented
// invoicing API: operations named by method and path, parameters with
// their place, type and whether required, a documented response with its
// description, what Try it out fills in, a count of operations with their
// summaries, a tag's description, a parameter not entered, a deep link.

func TestDocsOpsReadings(t *testing.T) {
	o := docsOpenAnyJSON
	arrows := `{"hover":"css=.swagger-ui:has(.opblock-summary):not(:has(.opblock-tag-section:not(.is-open))):has(.opblock-control-arrow[aria-label])","reach":true}`
	opMP := func(method, path string) string {
		return `css=.swagger-ui .opblock:has(.opblock-control-arrow[aria-label^=\"` + method + ` \" i]):has([data-path=\"` + path + `\"])`
	}
	row := func(p string) string { return o + ` tr[data-param-name=\"` + p + `\"]` }
	open := func(op string) []string {
		return []string{`{"visit":"/"}`, `{"click":"text=\"` + op + `\"","reach":true}`, `{"hover":"` + o + `","reach":true}`}
	}
	runClasses(t, []classCase{
		// an operation by its method and path, with its summary
		{"The API docs list a POST /invoices operation called 'Create an invoice'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, arrows, `{"expect_visible":"` + opMP("post", "/invoices") + `"}`,
				`{"expect_text":{"text":"Create an invoice","target":"` + opMP("post", "/invoices") + ` .opblock-summary-description"}}`}}},
		{"The docs list a DELETE /invoices/{invoiceId} operation", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`, arrows, `{"expect_visible":"` + opMP("delete", "/invoices/{invoiceId}") + `"}`}}},
		{"The API docs do not list a PATCH /invoices/{invoiceId} operation", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, arrows, `{"expect_hidden":"` + opMP("patch", "/invoices/{invoiceId}") + `"}`}}},
		// what it is for: an aside, noted and not checked
		{"The API docs list a GET /customers operation for finding customers", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, arrows, `{"expect_visible":"` + opMP("get", "/customers") + `"}`}}},
		// a parameter: its row, marked required, its type and place
		{"'Get an invoice' takes invoiceId as a required integer path parameter", [][]string{
			append(open("Get an invoice"), `{"expect_visible":"`+row("invoiceId")+`"}`, `{"expect_visible":"`+row("invoiceId")+` .parameter__name.required"}`,
				`{"expect_text":{"text":"integer","target":"`+row("invoiceId")+` .parameter__type"}}`, `{"expect_text":{"text":"(path)","target":"`+row("invoiceId")+` .parameter__in"}}`)}},
		{"Get an invoice takes invoiceId as a required integer path parameter", [][]string{
			append(open("Get an invoice"), `{"expect_visible":"`+row("invoiceId")+`"}`, `{"expect_visible":"`+row("invoiceId")+` .parameter__name.required"}`,
				`{"expect_text":{"text":"integer","target":"`+row("invoiceId")+` .parameter__type"}}`, `{"expect_text":{"text":"(path)","target":"`+row("invoiceId")+` .parameter__in"}}`)}},
		// "also" says the parameter is one of more: no word of the name
		{"Get an invoice also takes an invoiceId path parameter", [][]string{
			append(open("Get an invoice"), `{"expect_visible":"`+row("invoiceId")+`"}`, `{"expect_text":{"text":"(path)","target":"`+row("invoiceId")+` .parameter__in"}}`)}},
		{"'Get an invoice' takes an invoiceId path parameter", [][]string{
			append(open("Get an invoice"), `{"expect_visible":"`+row("invoiceId")+`"}`, `{"expect_text":{"text":"(path)","target":"`+row("invoiceId")+` .parameter__in"}}`)}},
		{"'List invoices' accepts an optional string currency query parameter", [][]string{
			append(open("List invoices"), `{"expect_visible":"`+row("currency")+`"}`, `{"expect_hidden":"`+row("currency")+` .parameter__name.required"}`,
				`{"expect_text":{"text":"string","target":"`+row("currency")+` .parameter__type"}}`, `{"expect_text":{"text":"(query)","target":"`+row("currency")+` .parameter__in"}}`)}},
		{"Expanding 'List invoices' shows a customer query parameter for filtering invoices", [][]string{
			append(open("List invoices"), `{"expect_visible":"`+row("customer")+`"}`, `{"expect_text":{"text":"(query)","target":"`+row("customer")+` .parameter__in"}}`)}},
		// a documented response, with its description
		{"'Create an invoice' answers 201 with the description 'Invoice created'", [][]string{
			append(open("Create an invoice"), `{"expect_visible":"`+o+` tr.response[data-code=\"201\"]"}`,
				`{"expect_text":{"text":"Invoice created","target":"`+o+` tr.response[data-code=\"201\"] .response-col_description"}}`)}},
		// what Try it out fills in: the box's value
		{"Clicking Try it out on 'Get an invoice' prefills the invoiceId field with 3", [][]string{
			append(open("Get an invoice"), `{"click":"text=\"Try it out\"","reach":true}`, `{"hover":"`+row("invoiceId")+` input","reach":true}`,
				`{"expect_value":{"target":"`+row("invoiceId")+` input","value":"3"}}`)}},
		// a count with the operations' summaries
		{"The docs list exactly three GET operations, 'List invoices', 'Get an invoice' and 'List customers'", [][]string{
			{`{"visit":"/"}`, arrows, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i]","count":3}}`,
				`{"expect_visible":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i] within=\"List invoices\""}`,
				`{"expect_visible":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i] within=\"Get an invoice\""}`,
				`{"expect_visible":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i] within=\"List customers\""}`}}},
		// a tag's description, in its heading
		{"The invoices section is described as 'Billing and payments'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=#operations-tag-invoices","reach":true}`, `{"expect_text":{"text":"Billing and payments","target":"css=#operations-tag-invoices"}}`}}},
		// a parameter not entered: its box checked empty before Execute
		{"Pressing Execute on 'Get an invoice' with no invoiceId entered shows 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`,
				`{"hover":"` + row("invoiceId") + ` input:placeholder-shown","reach":true}`, `{"remember_count":{"target":"text=Required field is not provided","as":"before_required_field_is_not_provided"}}`, `{"click":"text=\"Execute\""}`, `{"expect_text":"Required field is not provided"}`,
				`{"expect_count":{"target":"text=Required field is not provided","more_than":"before_required_field_is_not_provided"},"reach":true}`}}},
		// a deep link that opens an operation
		{"Opening the docs at /#/invoices/getInvoice expands 'Get an invoice' and shows its 'Invoice not found' response", [][]string{
			{`{"visit":"/#/invoices/getInvoice"}`, `{"hover":"css=.opblock:has(.opblock-body)","reach":true}`, `{"expect_visible":"css=.opblock:has(.opblock-body) within=\"Get an invoice\""}`,
				`{"expect_text":{"text":"Invoice not found","target":"css=.opblock:has(.opblock-body) .responses-table within=\"Get an invoice\""}}`}}},
		// the example Try it out fills the request body box with
		{"Clicking Try it out on 'Create an invoice' fills the request body box with an example whose currency is 'EUR'", [][]string{
			append(open("Create an invoice"), `{"click":"text=\"Try it out\"","reach":true}`, `{"hover":"`+o+` .opblock-section-request-body textarea","reach":true}`,
				`{"expect_text":{"text":"\"currency\": \"EUR\"","target":"`+o+` .opblock-section-request-body textarea"}}`)}},
		// the words beside the responses' media type dropdown
		{"In 'List invoices', the media type dropdown says 'Controls Accept header.'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List invoices\"","reach":true}`, `{"hover":"` + o + ` .responses-wrapper .response-control-media-type","reach":true}`,
				`{"expect_text":{"text":"Controls Accept header.","target":"` + o + ` .responses-wrapper .response-control-media-type"}}`}}},
		// the models heading: shown before, hidden after
		{"Clicking the Models heading hides the Invoice and Customer models", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui section.models","reach":true}`, `{"expect_visible":"css=#model-Invoice"}`, `{"expect_visible":"css=#model-Customer"}`,
				`{"click":"role=button[name=\"Models\"]","reach":true}`, `{"expect_hidden":"css=#model-Invoice"}`, `{"expect_hidden":"css=#model-Customer"}`}}},
		// a tag section collapsed and expanded: its operation gone, then back
		{"Collapsing the invoices section and expanding it again brings back 'Get an invoice'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=#operations-tag-invoices","reach":true}`,
				`{"expect_text":{"text":"Get an invoice","target":"css=.opblock-tag-section:has(#operations-tag-invoices)"}}`,
				`{"click":"css=#operations-tag-invoices .expand-operation","reach":true}`,
				`{"expect_no_text":{"text":"Get an invoice","target":"css=.opblock-tag-section:has(#operations-tag-invoices)"}}`,
				`{"click":"css=#operations-tag-invoices .expand-operation","reach":true}`,
				`{"expect_text":{"text":"Get an invoice","target":"css=.opblock-tag-section:has(#operations-tag-invoices)"}}`}}},
		// a live call: the status checked, what the body is said to be noted
		{"Executing 'Get an invoice' with invoiceId 3 returns the invoice with a 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"wait_for":"label=invoiceId","reach":true}`, `{"fill":{"target":"label=invoiceId","value":"3"}}`, `{"click":"role=button[name=\"Execute\"]","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		// the top bar's URL box, compared whole
		{"The URL box in the top bar is prefilled with spec/invoices.yaml", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui .topbar input.download-url-input","reach":true}`,
				`{"expect_value":{"target":"css=.swagger-ui .topbar input.download-url-input","value":"spec/invoices.yaml"}}`}}},
	})
}

func TestDocsOpsRefused(t *testing.T) {
	runRefused(t, []string{
		// no such operation, or one of another name?
		"The API docs do not list a GET /customers operation called 'Find customers'",
		// a parameter without a name
		"'List invoices' takes a required parameter",
		// a status with a condition: documented, or a live call's?
		"'Create an invoice' returns 409 when the number is taken",
		// summaries that are not all the operations counted
		"The docs list exactly three GET operations, 'List invoices' and 'Get an invoice'",
		// two places at once
		"'List invoices' takes a customer query path parameter",
		// descriptions, not texts or models by name
		"Collapsing the invoices section and expanding it again brings back the operations",
		"Clicking the Schemas heading hides the models",
		// an unquoted value in the example: a number or a text?
		"Clicking Try it out on 'Create an invoice' fills the request body box with an example whose total is 12",
	})
}

func TestDocsOpsAmbiguityOffersBoth(t *testing.T) {
	_, err := Derive("'Create an invoice' returns 409 when the number is taken")
	e, ok := err.(*NotProvableError)
	if !ok {
		t.Fatalf("got %v, want a refusal", err)
	}
	want := []string{"'Create an invoice' documents a 409 response", "Executing 'Create an invoice' returns 409"}
	if strings.Join(e.Suggestions, "|") != strings.Join(want, "|") {
		t.Errorf("suggestions %q, want %q", e.Suggestions, want)
	}
}
