package claim

import "testing"

// Parts of an API docs UI named by their kind, on invented APIs: a schema
// and its fields, an operation's documented responses, a required
// parameter — each looked for inside the part, never anywhere on the page.

func TestDocsUIPartReadings(t *testing.T) {
	runClasses(t, []classCase{
		{"The 'Invoice' schema shows 'total' and 'currency'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Invoice\"]","reach":true}`, `{"hover":"css=#model-Invoice","reach":true}`, `{"expect_text":{"text":"total","target":"css=#model-Invoice"}}`, `{"expect_text":{"text":"currency","target":"css=#model-Invoice"}}`}}},
		{"The Invoice schema has no discount field", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Invoice\"]","reach":true}`, `{"hover":"css=#model-Invoice","reach":true}`, `{"expect_no_text":{"text":"discount","target":"css=#model-Invoice"}}`}}},
		{"The Invoice schema does not show 'discount'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Invoice\"]","reach":true}`, `{"hover":"css=#model-Invoice","reach":true}`, `{"expect_no_text":{"text":"discount","target":"css=#model-Invoice"}}`}}},
		{"Clicking 'Invoice' under Schemas shows 'total'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Invoice\"]","reach":true}`, `{"hover":"css=#model-Invoice","reach":true}`, `{"expect_text":{"text":"total","target":"css=#model-Invoice"}}`}}},
		{"Expanding the Customer model in the Schemas section lists 'email', 'name' and 'phone'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Customer\"]","reach":true}`, `{"hover":"css=#model-Customer","reach":true}`, `{"expect_text":{"text":"email","target":"css=#model-Customer"}}`, `{"expect_text":{"text":"name","target":"css=#model-Customer"}}`, `{"expect_text":{"text":"phone","target":"css=#model-Customer"}}`}}},
		{"'Create an invoice' documents a 409 response", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create an invoice\"","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr.response[data-code=\"409\"]"}`}}},
		{"The 'Get an invoice' operation does not document a 500 response", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_hidden":"css=.opblock.is-open tr.response[data-code=\"500\"]"}`}}},
		{"'Get an invoice' lists a '404' response", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"hover":"css=.opblock.is-open","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr.response[data-code=\"404\"]"}`}}},
		{"The customerId parameter of 'Get an invoice' is marked required", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"customerId\"]","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr[data-param-name=\"customerId\"] .parameter__name.required"}`}}},
		{"The 'limit' parameter of 'List invoices' is not required", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List invoices\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"limit\"]","reach":true}`, `{"expect_hidden":"css=.opblock.is-open tr[data-param-name=\"limit\"] .parameter__name.required"}`}}},
		// where a parameter goes; the media type its responses are shown in
		{"In 'Find a book by ID' the bookId is a '(query)' parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find a book by ID\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"bookId\"]","reach":true}`, `{"expect_text":{"text":"(query)","target":"css=.opblock.is-open tr[data-param-name=\"bookId\"] .parameter__in"}}`}}},
		{"The 'limit' parameter of 'List invoices' is a query parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List invoices\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"limit\"]","reach":true}`, `{"expect_text":{"text":"(query)","target":"css=.opblock.is-open tr[data-param-name=\"limit\"] .parameter__in"}}`}}},
		{"In 'Get an invoice', invoiceId is not a header parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get an invoice\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"invoiceId\"]","reach":true}`, `{"expect_no_text":{"text":"(header)","target":"css=.opblock.is-open tr[data-param-name=\"invoiceId\"] .parameter__in"}}`}}},
		{"The response media type shown for 'List books' is application/json.", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List books\"","reach":true}`, `{"hover":"css=.opblock.is-open .responses-wrapper .response-control-media-type select","reach":true}`, `{"expect_value":{"target":"css=.opblock.is-open .responses-wrapper .response-control-media-type select","value":"application/json"}}`}}},
		// a required parameter said of the operation; the noun said once
		// after a list of fields; opening a schema
		{"'Find pet by ID' requires a 'petId' parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"petId\"]","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr[data-param-name=\"petId\"] .parameter__name.required"}`}}},
		{"The 'Find pet by ID' operation has a required petId parameter", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"hover":"css=.opblock.is-open tr[data-param-name=\"petId\"]","reach":true}`, `{"expect_visible":"css=.opblock.is-open tr[data-param-name=\"petId\"] .parameter__name.required"}`}}},
		{"The Pet schema has 'id', 'name' and 'status' fields", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Pet\"]","reach":true}`, `{"hover":"css=#model-Pet","reach":true}`, `{"expect_text":{"text":"id","target":"css=#model-Pet"}}`, `{"expect_text":{"text":"name","target":"css=#model-Pet"}}`, `{"expect_text":{"text":"status","target":"css=#model-Pet"}}`}}},
		{"Opening the Pet schema shows 'photoUrls'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Pet\"]","reach":true}`, `{"hover":"css=#model-Pet","reach":true}`, `{"expect_text":{"text":"photoUrls","target":"css=#model-Pet"}}`}}},
		{"The Pet schema has 'id' and a name field", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Pet\"]","reach":true}`, `{"hover":"css=#model-Pet","reach":true}`, `{"expect_text":{"text":"id","target":"css=#model-Pet"}}`, `{"expect_text":{"text":"name","target":"css=#model-Pet"}}`}}},
		// a tag's section (open: a collapsed one shows nothing), the Schemas section
		{"The store section carries the description 'Access to Petstore orders'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.opblock-tag-section.is-open:has(#operations-tag-store)","reach":true}`, `{"expect_text":{"text":"Access to Petstore orders","target":"css=.opblock-tag-section.is-open:has(#operations-tag-store)"}}`}}},
		{"The Schemas section lists 'Pet' and 'Order'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=section.models","reach":true}`, `{"expect_text":{"text":"Pet","target":"css=section.models"}}`, `{"expect_text":{"text":"Order","target":"css=section.models"}}`}}},
		{"The pets tag does not show 'Place an order'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.opblock-tag-section.is-open:has(#operations-tag-pets)","reach":true}`, `{"expect_no_text":{"text":"Place an order","target":"css=.opblock-tag-section.is-open:has(#operations-tag-pets)"}}`}}},
		{"The pets section lists 'List pets' and 'Add a pet'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.opblock-tag-section.is-open:has(#operations-tag-pets)","reach":true}`, `{"expect_text":{"text":"List pets","target":"css=.opblock-tag-section.is-open:has(#operations-tag-pets)"}}`, `{"expect_text":{"text":"Add a pet","target":"css=.opblock-tag-section.is-open:has(#operations-tag-pets)"}}`}}},
	})
	runRefused(t, []string{
		"The 'Delete a recipe' operation is marked deprecated", // a look, not a part
		"The Invoice model has no discount or tax field",       // "or" across a shared noun
		"The Invoice schema is complete",
		"The pets section lists pets",                                 // an unquoted noun is no text                              // a judgement
		"'Create an invoice' documents a 409 response for duplicates", // a reason no element shows
		"The limit parameter of 'List invoices' is required for admins",
		"The 'Invoice Line' schema shows 'total'", // no id Swagger UI would give it
		// the request's or the response's? not said
		"The content type of 'Get an invoice' is 'application/pdf'",
		"In 'Get an invoice', invoiceId is a body parameter",
	})
}
