package claim

import (
	"strings"
	"testing"
)

// The docs named as a page ("the docs", "the docs page", "the
// documentation") on invented APIs: the home page, once interactive API
// docs are found there (a reach step: blocked, never failed, if not), or
// the path the claim gives.
func TestDocsNamedAsAPage(t *testing.T) {
	const visit, mark = `{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`
	runClasses(t, []classCase{
		{"The docs page says 'Accept card payments in minutes.'", [][]string{
			{visit, mark, `{"expect_text":"Accept card payments in minutes."}`}}},
		{"The docs page shows 'Create a refund'", [][]string{
			{visit, mark, `{"expect_text":"Create a refund"}`}}},
		{"The docs show version '2.1.0'", [][]string{
			{visit, mark, `{"expect_text":"2.1.0"}`}}},
		{"The documentation shows 'Webhooks'", [][]string{
			{visit, mark, `{"expect_text":"Webhooks"}`}}},
		{"The docs page does not show 'Internal endpoints'", [][]string{
			{visit, mark, `{"expect_no_text":"Internal endpoints"}`}}},
		{"In the docs, 'List charges' is listed before 'Create a refund'", [][]string{
			{visit, mark, `{"expect_order":["List charges","Create a refund"]}`}}},
		{"The docs list 'List products' before 'Add a product'", [][]string{
			{visit, mark, `{"expect_order":["List products","Add a product"]}`}}},
		{"'Cancel an order' appears in the docs", [][]string{
			{visit, mark, `{"expect_text":"Cancel an order"}`}}},
		{"The docs page has an 'Authorize' button", [][]string{
			{visit, mark, `{"expect_visible":"role=button[name=\"Authorize\"]"}`}}},
		// what a docs UI does, read as it is anywhere else in the docs
		{"In the docs, trying out 'List charges' and executing it returns 200", [][]string{
			{visit, mark, `{"click":"text=\"List charges\"","reach":true}`, `{"click":"text=\"Try it out\""}`, `{"click":"text=\"Execute\""}`, `{"hover":"css=.live-responses-table","reach":true}`, `{"expect_text":{"text":"200","target":"css=.live-responses-table tbody .response-col_status"}}`}}},
		// a path said is the page: nothing guessed
		{"The docs at /reference show 'Create a refund'", [][]string{
			{`{"visit":"/reference"}`, `{"expect_text":"Create a refund"}`}}},
	})
	runRefused(t, []string{
		// the docs as a destination, not the place the claim is about
		"Clicking 'API' opens the docs",
		"The 'Docs' link takes you to the docs",
		"The home page links to the docs",
		// a look; a speed
		"The docs page looks nice",
		"The docs page loads in under 1s",
		// the title of the docs: the document's or the API's own
		"The title of the docs is 'Payments API'",
		"The docs title is 'Payments API'",
		"The docs page is titled 'Payments API'",
		// two places; someone else's docs; a quoted text is no page
		"The docs page and the Swagger page show 'Refunds'",
		"The Stripe docs show 'Charges'",
		"Our docs explain how to authenticate",
		// an element named by its kind alone: a docs UI draws its own
		// markup (Swagger UI's filter box is no searchbox)
		"The docs have a search box",
		"The docs page has 3 links",
		"In the docs, searching for 'refund' shows 'Create a refund'",
	})
}

// The notes say what "the docs" were taken as and what is checked first.
func TestDocsNamedNotes(t *testing.T) {
	d, err := Derive("The docs page shows 'Create a refund'")
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.Notes, " ")
	for _, want := range []string{`"The docs page" is taken as the deployment's home page (/)`, "Swagger UI", "blocked, not failed"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes do not say %q: %s", want, notes)
		}
	}
	if strings.Contains(notes, `"the home page" taken as`) {
		t.Errorf("the notes speak of a home page the claim did not name: %s", notes)
	}
	if s := d.Plan.Journeys[0].Steps[1]; !s.Reach || s.Target != docsInfoMark {
		t.Errorf("step 2 is %+v, want the reach check of %s", s, docsInfoMark)
	}
	if p := d.Requirements[0].ProvenBy[0].Step; p != 3 {
		t.Errorf("the requirement is proven by step %d, want 3", p)
	}
}

// A count of operations said of the docs counts Swagger UI's method badges
// once every tag section is open; anything else is refused.
func TestDocsOperationCount(t *testing.T) {
	const all = `{"hover":"css=.swagger-ui:has(.opblock-summary):not(:has(.opblock-tag-section:not(.is-open)))","reach":true}`
	const open = `{"hover":"css=.swagger-ui:has(.opblock-summary):not(:has(.opblock-tag-section:not(.is-open))):has(.opblock-control-arrow[aria-label])","reach":true}`
	runClasses(t, []classCase{
		{"The docs list three 'GET' operations", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i]","count":3}}`}}},
		{"The docs list two 'DELETE' operations", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"delete \" i]","count":2}}`}}},
		{"The API docs show 4 POST endpoints", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"post \" i]","count":4}}`}}},
		{"The docs list at least two 'PUT' operations", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"put \" i]","at_least":2}}`}}},
		{"The docs list no 'PATCH' operations", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"patch \" i]","count":0}}`}}},
		{"The documentation lists seven operations", [][]string{
			{`{"visit":"/"}`, all, `{"expect_count":{"target":"css=.swagger-ui .opblock","count":7}}`}}},
		{"There are two 'DELETE' operations in the docs", [][]string{
			{`{"visit":"/"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"delete \" i]","count":2}}`}}},
		{"The docs at /reference list five 'GET' operations", [][]string{
			{`{"visit":"/reference"}`, open, `{"expect_count":{"target":"css=.swagger-ui .opblock .opblock-control-arrow[aria-label^=\"get \" i]","count":5}}`}}},
	})
	runRefused(t, []string{
		"The docs list three 'GET' operations under 'orders'", // a part of the docs
		"The docs list three 'GET' requests",                  // requests are not listed
		"The docs list three 'FETCH' operations",              // no such method
		"The home page lists three 'GET' operations",          // no docs named
		"Clicking 'Orders' lists three 'GET' operations",
	})
}

// The API's title is the docs' heading, never the document's title; the
// version badge beside it is checked in it.
func TestDocsHeading(t *testing.T) {
	const visit, mark = `{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`
	runClasses(t, []classCase{
		{"The docs header reads 'Payments API' with a 2.1.0 version badge", [][]string{
			{visit, mark, `{"expect_text":{"text":"Payments API","target":"css=.swagger-ui .info .title"}}`, `{"expect_text":{"text":"2.1.0","target":"css=.swagger-ui .info .title small:not(.version-stamp) pre.version"}}`}}},
		{"The API title reads 'Shop API'", [][]string{
			{visit, mark, `{"expect_text":{"text":"Shop API","target":"css=.swagger-ui .info .title"}}`}}},
		{"The API's title is 'Shop API' with version 'v3'", [][]string{
			{visit, mark, `{"expect_text":{"text":"Shop API","target":"css=.swagger-ui .info .title"}}`, `{"expect_text":{"text":"v3","target":"css=.swagger-ui .info .title small:not(.version-stamp) pre.version"}}`}}},
		{"The docs header reads 'Payments API' with a 2.1.0 version badge and an OAS 3.1 badge next to it", [][]string{
			{visit, mark, `{"expect_text":{"text":"Payments API","target":"css=.swagger-ui .info .title"}}`, `{"expect_text":{"text":"2.1.0","target":"css=.swagger-ui .info .title small:not(.version-stamp) pre.version"}}`, `{"expect_text":{"text":"3.1","target":"css=.swagger-ui .info .title small.version-stamp"}}`}}},
		{"The docs heading is 'Shop API'", [][]string{
			{visit, mark, `{"expect_text":{"text":"Shop API","target":"css=.swagger-ui .info .title"}}`}}},
	})
	runRefused(t, []string{
		"The docs title reads 'Shop API'",             // the document's or the API's
		"The title of the docs page reads 'Shop API'", // the same
		"The API title reads 'Shop API' in bold",
		"The docs header reads 'Shop API' with a red badge",
	})
}

// The browser tab shows the page's title; a tab in the page does not.
func TestBrowserTabTitle(t *testing.T) {
	runClasses(t, []classCase{
		{"The browser tab on the shop's home page reads 'Acme Shop'", [][]string{
			{`{"visit":"/"}`, `{"expect_title":"Acme Shop"}`}}},
		{"The browser tab on /cart says 'Your cart'", [][]string{
			{`{"visit":"/cart"}`, `{"expect_title":"Your cart"}`}}},
		{"On /checkout, the browser tab reads 'Checkout'", [][]string{
			{`{"visit":"/checkout"}`, `{"expect_title":"Checkout"}`}}},
		{"The browser tab reads 'Acme Shop'", [][]string{
			{`{"visit":"/"}`, `{"expect_title":"Acme Shop"}`}}},
		{"The browser tab for the API docs is titled 'Payments API docs'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`, `{"expect_title":"Payments API docs"}`}}},
		{"The window title on the docs page says 'Payments API docs'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`, `{"expect_title":"Payments API docs"}`}}},
		{"The docs page title is 'Payments API docs'", [][]string{
			{`{"visit":"/"}`, `{"hover":"css=.swagger-ui .info","reach":true}`, `{"expect_title":"Payments API docs"}`}}},
		{"The tab title is 'Acme Shop'", [][]string{
			{`{"visit":"/"}`, `{"expect_title":"Acme Shop"}`}}},
		// a title said without quotes, to the end of the claim
		{"The web UI's browser tab is titled Acme Web Interface.", [][]string{
			{`{"visit":"/"}`, `{"expect_title":"Acme Web Interface"}`}}},
		{"The browser tab on /about reads About Us", [][]string{
			{`{"visit":"/about"}`, `{"expect_title":"About Us"}`}}},
		// the tab said as a page's own
		{"The start page's browser tab says JSON Server.", [][]string{
			{`{"visit":"/"}`, `{"expect_title":"JSON Server"}`}}},
		{"/about's tab title is 'About us'", [][]string{
			{`{"visit":"/about"}`, `{"expect_title":"About us"}`}}},
	})
	runRefused(t, []string{
		"The Shipping tab reads 'Free over $50'",           // a tab in the page
		"The tab on /cart reads 'Your cart'",               // which tab?
		"The browser tab does not read 'Error'",            // a title is checked to be something
		"The browser tab contains 'Shop'",                  // a part of a title
		"The browser tab on /cart flashes 'Sale'",          // not a title's verb
		"The browser tab says Home when you are signed in", // words after the title
		"The browser tab reads Acme Shop and loads",        // a clause, not a title's "and"
		"The browser tab is titled Dashboard in Chrome",    // where, not the title's words
	})
}

// A title said of the docs without saying whose is refused with both
// readings, each of which derives.
func TestDocsTitleBothReadings(t *testing.T) {
	for _, c := range []string{
		"The docs title is 'Payments API'",
		"The title of the API docs reads 'Payments API'",
		"The docs page is titled 'Payments API'",
		"On the Swagger page, the title is 'Payments API'",
	} {
		_, err := Derive(c)
		np, ok := err.(*NotProvableError)
		if !ok || np.Cause != "ambiguous" {
			t.Errorf("%q: got %v, want an ambiguous refusal", c, err)
			continue
		}
		if len(np.Suggestions) != 2 {
			t.Errorf("%q: suggestions %q, want the two readings", c, np.Suggestions)
		}
		kinds := map[string]bool{}
		for _, s := range np.Suggestions {
			d, err := Derive(s)
			if err != nil {
				t.Errorf("%q: the suggestion %q does not derive: %v", c, s, err)
				continue
			}
			for _, st := range d.Plan.Journeys[0].Steps {
				if st.Kind == "expect_title" || st.Target == docsTitleBox {
					kinds[string(st.Kind)+st.Target] = true
				}
			}
		}
		if len(kinds) != 2 {
			t.Errorf("%q: the suggestions do not check both the page's title and the API's: %v", c, kinds)
		}
	}
}
