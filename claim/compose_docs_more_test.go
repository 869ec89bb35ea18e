package claim

import (
	"strings"
	"testing"
)

// More claims about an API docs UI (Swagger UI), on invented APIs (a
// payments API, a pet shop): an operation's texts, its example body, its
// deep link, a deprecated path, the request body's Schema tab, a
// documented response with what it is for, the dark mode toggle, an
// operation named without quotes, a parameter left empty.

const docsOpenAnyJSON = `css=.opblock:is(.is-open, .opblock-deprecated:has(.opblock-body))`

func TestDocsUIMoreReadings(t *testing.T) {
	o := docsOpenAnyJSON
	runClasses(t, []classCase{
		// an operation's own texts, looked for inside it
		{"'Create a payment' says 'No parameters' but does have a 'Request body'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_text":{"text":"No parameters","target":"` + o + `"}}`, `{"expect_text":{"text":"Request body","target":"` + o + `"}}`}}},
		{"The 'Refund a payment' operation shows 'paymentId' and 'amount' but has no 'Request body'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Refund a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_text":{"text":"paymentId","target":"` + o + `"}}`, `{"expect_text":{"text":"amount","target":"` + o + `"}}`, `{"expect_no_text":{"text":"Request body","target":"` + o + `"}}`}}},
		// the example of the request body
		{`The example body for 'Create a payment' has '"currency": "EUR"' in it`, [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + ` .opblock-section-request-body","reach":true}`, `{"expect_text":{"text":"\"currency\": \"EUR\"","target":"` + o + ` .opblock-section-request-body"}}`}}},
		{"The example request body for 'Create a payment' does not contain 'cardNumber'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + ` .opblock-section-request-body","reach":true}`, `{"expect_no_text":{"text":"cardNumber","target":"` + o + ` .opblock-section-request-body"}}`}}},
		// a deep link: the address with its fragment
		{"Expanding 'Create a payment' changes the address to /#/payments/createPayment.", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"expect_url":"/#/payments/createPayment"}`}}},
		// deprecated, and its path struck through in its own summary
		{"Because 'Delete a pet' is deprecated, its /pets/{petId} path is shown struck through.", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Delete a pet\"","reach":true}`, `{"hover":"css=.opblock:has(.opblock-body)","reach":true}`, `{"expect_visible":"css=.opblock.opblock-deprecated:has(.opblock-body)"}`, `{"expect_style":{"target":"css=.opblock.opblock-deprecated:has(.opblock-body) [data-path=\"/pets/{petId}\"]","property":"text-decoration-line","value":"line-through"}}`}}},
		// the request body's Schema tab
		{"In 'Add a pet', clicking the Schema tab of the request body shows the Pet model with its name field.", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Add a pet\"","reach":true}`, `{"hover":"` + o + ` .opblock-section-request-body","reach":true}`, `{"click":"` + o + ` .opblock-section-request-body [role=tab][data-name=\"model\"]","reach":true}`, `{"expect_text":{"text":"Pet","target":"` + o + ` .opblock-section-request-body .model-title"}}`, `{"expect_text":{"text":"name","target":"` + o + ` .opblock-section-request-body [role=tabpanel]"}}`}}},
		{"In 'Add a pet', clicking the Schema tab of the request body shows the Pet model with its 'name' and 'tag' fields", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Add a pet\"","reach":true}`, `{"hover":"` + o + ` .opblock-section-request-body","reach":true}`, `{"click":"` + o + ` .opblock-section-request-body [role=tab][data-name=\"model\"]","reach":true}`, `{"expect_text":{"text":"Pet","target":"` + o + ` .opblock-section-request-body .model-title"}}`, `{"expect_text":{"text":"name","target":"` + o + ` .opblock-section-request-body [role=tabpanel]"}}`, `{"expect_text":{"text":"tag","target":"` + o + ` .opblock-section-request-body [role=tabpanel]"}}`}}},
		// a documented response; what it is for is an aside
		{"Expanding 'Create a payment' lists a '402' response for declined cards", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_visible":"` + o + ` tr.response[data-code=\"402\"]"}`}}},
		{"'Create a payment' documents a '409' response for duplicate payments", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_visible":"` + o + ` tr.response[data-code=\"409\"]"}`}}},
		{"Expanding 'Create a payment' does not list a 500 response", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_hidden":"` + o + ` tr.response[data-code=\"500\"]"}`}}},
		// the dark mode toggle, by the name Swagger UI gives it
		{"Switching to dark mode changes the toggle to 'Switch to light mode'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Switch to dark mode\"]","reach":true}`, `{"expect_hidden":"role=button[name=\"Switch to dark mode\"]"}`, `{"expect_visible":"role=button[name=\"Switch to light mode\"]"}`}}},
		{"Dark mode sticks: after switching to it and reloading, the toggle still says 'Switch to light mode'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Switch to dark mode\"]","reach":true}`, `{"expect_visible":"role=button[name=\"Switch to light mode\"]"}`, `{"reload":true}`, `{"expect_visible":"role=button[name=\"Switch to light mode\"]"}`}}},
		// an operation named without quotes, up to the comma
		{"After you execute List payments, the response code is 200", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"List payments\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		{"After you execute Find pet by ID, the request URL shown contains '/v2/pet'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Find pet by ID\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"css=.request-url","reach":true}`, `{"expect_text":{"text":"/v2/pet","target":"css=.request-url"}}`}}},
		// a parameter left empty: nothing typed, the box checked empty
		// before Execute (a reach: a default filled in blocks), and the
		// complaint read in the docs UI's validation message
		{"Trying out 'Get a payment' and hitting Execute with the box left empty complains 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a payment\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"hover":"` + o + ` table.parameters \u003e tbody \u003e tr:only-child input:placeholder-shown","reach":true}`, `{"click":"text=\"Execute\""}`, `{"hover":"` + o + ` .validation-errors","reach":true}`, `{"expect_text":{"text":"Required field is not provided","target":"` + o + ` .validation-errors"}}`}}},
		{"Trying out 'Get a payment' and pressing Execute with paymentId left blank complains 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a payment\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"hover":"` + o + ` tr[data-param-name=\"paymentId\"] input:placeholder-shown","reach":true}`, `{"click":"text=\"Execute\""}`, `{"hover":"` + o + ` .validation-errors","reach":true}`, `{"expect_text":{"text":"Required field is not provided","target":"` + o + ` .validation-errors"}}`}}},
		{"On 'Get a payment', clicking Try it out and pressing Execute leaving the paymentId box empty complains 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a payment\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"hover":"` + o + ` tr[data-param-name=\"paymentId\"] input:placeholder-shown","reach":true}`, `{"click":"text=\"Execute\""}`, `{"hover":"` + o + ` .validation-errors","reach":true}`, `{"expect_text":{"text":"Required field is not provided","target":"` + o + ` .validation-errors"}}`}}},
		// other ways to say them
		{"Expanding 'Create a payment' puts #/payments/createPayment in the address bar", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"expect_url":"/#/payments/createPayment"}`}}},
		{"'Delete a pet' is deprecated, so its /pets/{petId} path is struck through", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Delete a pet\"","reach":true}`, `{"hover":"css=.opblock:has(.opblock-body)","reach":true}`, `{"expect_visible":"css=.opblock.opblock-deprecated:has(.opblock-body)"}`, `{"expect_style":{"target":"css=.opblock.opblock-deprecated:has(.opblock-body) [data-path=\"/pets/{petId}\"]","property":"text-decoration-line","value":"line-through"}}`}}},
		{"After switching to dark mode, the toggle says 'Switch to light mode'", [][]string{
			{`{"visit":"/"}`, `{"click":"role=button[name=\"Switch to dark mode\"]","reach":true}`, `{"expect_hidden":"role=button[name=\"Switch to dark mode\"]"}`, `{"expect_visible":"role=button[name=\"Switch to light mode\"]"}`}}},
		// the docs' page named first
		{"On /docs, expanding 'Create a payment' changes the address to /docs#/payments/createPayment", [][]string{
			{`{"visit":"/docs"}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"expect_url":"/docs#/payments/createPayment"}`}}},
		{"On the API docs page, 'Create a payment' says 'No parameters' but does have a 'Request body'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui","reach":true}`, `{"click":"text=\"Create a payment\"","reach":true}`, `{"hover":"` + o + `","reach":true}`, `{"expect_text":{"text":"No parameters","target":"` + o + `"}}`, `{"expect_text":{"text":"Request body","target":"` + o + `"}}`}}},
		{"Executing 'Get a payment' without filling in paymentId complains 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a payment\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"hover":"` + o + ` tr[data-param-name=\"paymentId\"] input:placeholder-shown","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"hover":"` + o + ` .validation-errors","reach":true}`, `{"expect_text":{"text":"Required field is not provided","target":"` + o + ` .validation-errors"}}`}}},
		{"On 'Get a payment', clicking Try it out and pressing Execute with nothing in the box complains 'Required field is not provided'", [][]string{
			{`{"visit":"/"}`, `{"click":"text=\"Get a payment\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"hover":"` + o + ` table.parameters \u003e tbody \u003e tr:only-child input:placeholder-shown","reach":true}`, `{"click":"text=\"Execute\""}`, `{"hover":"` + o + ` .validation-errors","reach":true}`, `{"expect_text":{"text":"Required field is not provided","target":"` + o + ` .validation-errors"}}`}}},
		// a complaint with no box left empty may be the response's: a
		// text of the page, as before
		{"Executing 'List payments' complains 'Failed to fetch'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Failed to fetch","as":"before_failed_to_fetch"}}`, `{"click":"text=\"List payments\"","reach":true}`, `{"click":"text=\"Try it out\"","reach":true}`, `{"click":"text=\"Execute\"","reach":true}`, `{"expect_text":"Failed to fetch"}`, `{"expect_count":{"target":"text=Failed to fetch","more_than":"before_failed_to_fetch"},"reach":true}`}}},
	})
	runRefused(t, []string{
		// where a text ends: no step checks it, and "contains" proves less
		"After you execute List payments, the request URL shown ends in '/v1/payments'",
		"Executing 'List payments' shows a request URL that ends with '/v1/payments'",
		// an unquoted name that runs into other words, or starts lower case
		"After you execute List payments with limit 5, the response code is 200",
		"After you execute list payments, the response code is 200",
		// a box left empty and no Execute; two boxes
		"Trying out 'Get a payment' with the box left empty complains 'Required field is not provided'",
		"Trying out 'Get a payment' and hitting Execute with the box and the amount box left empty complains 'Required field is not provided'",
		// an aside beside a bare number, with a number, or said of an absence
		"Expanding 'Create a payment' lists a 402 response for declined cards",
		"Expanding 'Create a payment' lists a '402' response for 3 declined cards",
		"Expanding 'Create a payment' does not list a '402' response for declined cards",
		// judgements, and what no element shows
		"The example body for 'Create a payment' looks right",
		"Switching to dark mode makes the docs easier to read",
		"Because 'Delete a pet' is old, its /pets/{petId} path is shown struck through",
		"In 'Add a pet', clicking the Schema tab of the request body shows the Pet model with its good fields",
		"'Create a payment' says 'No parameters' but maybe has a 'Request body'",
		"Expanding 'Create a payment' changes the address to /payments",                                 // no fragment: not the docs' own
		"Executing 'Get a payment' without entering a value complains 'Required field is not provided'", // which box?
		"Switching to dark mode changes the toggle to 'Switch to dark mode'",
		"'Delete a pet' is deprecated, so its /pets/{petId} path is struck through twice",
	})
}

// A reading of this file keeps every word of the claim: the notes name
// each guess, and an aside is said to be unchecked.
func TestDocsUIMoreNotes(t *testing.T) {
	for claim, want := range map[string][]string{
		"Expanding 'Create a payment' lists a '402' response for declined cards":                                            {"for declined cards", "aside", "blocked"},
		"Switching to dark mode changes the toggle to 'Switch to light mode'":                                               {`"Switch to dark mode"`, "blocked"},
		"After you execute List payments, the response code is 200":                                                         {"without quotes", `"List payments"`},
		"Trying out 'Get a payment' and hitting Execute with the box left empty complains 'Required field is not provided'": {"placeholder", "validation message"},
	} {
		d, err := Derive(claim)
		if err != nil {
			t.Fatalf("%s: %v", claim, err)
		}
		notes := strings.Join(d.Notes, " ")
		for _, w := range want {
			if !strings.Contains(notes, w) {
				t.Errorf("%s: the notes do not say %s: %s", claim, w, notes)
			}
		}
	}
	_, err := Derive("After you execute List payments, the request URL shown ends in '/v1/payments'")
	if err == nil || !strings.Contains(err.Error(), "ends in") {
		t.Errorf("the refusal does not name what no step checks: %v", err)
	}
}
