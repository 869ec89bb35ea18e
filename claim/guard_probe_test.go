package claim

import (
	"strings"
	"testing"
)

// TestProbedGuards: readings found wrong by probing with phrasings people
// use are refused with no rephrasing; their near neighbours still derive.
func TestProbedGuards(t *testing.T) {
	for _, tc := range []struct{ claim, why string }{
		{"On /p, doesn't show both 'A' and 'B'", "holds when one of them is shown"},
		{"On /p, clicking 'Save' keeps you on /edit", "says the page was that one before"},
		{"On /p, has neither a 'Save' nor a 'Delete' button", "neither … nor"},
		{"On /p, shows '3' items", "counts items"},
		{"On /p, shows '12' products", "counts products"},
		{"On /p, selecting the 'Express' radio button shows 'Fast'", "does not call a button"},
		{"On /p, the 'Express' radio button is checked", "which a radio button is not"},
		{"On /p, clicking the 'Dark' toggle button shows 'Dark theme'", "toggle button"},
		{"On /p, clicking 'Publish' updates 'Status' to 'Published'", "may be the label"},
		{"On /p, clicking 'Save' works", "does what it should"},
		{"On /p, clicking 'Save' does not fail", "does what it should"},
		{"On /p, the page has no errors", "the developer console"},
		{"On /p, clicking 'Save' has no errors", "the developer console"},
		{"On /p, the table header shows 'Name'", "the header of a table"},
		{"On https://app.test, has a link to https://twitter.com/acme", "two sites"},
		{"/api/items never returns a 500", "rules out one status"},
		// checked "1.2.0" anywhere and a title of any item apart: two
		// items passed for "its title" (guard_probe.go)
		{"/pages?q=setup matches the 1.2.0 page even though its title is spelled 'Set-Up' with a capital S", "values of one item"},
		{"/api/items has no item named 'Bread'", "answers data, not a page"},
		{"/api/items returns 'Milk' with a price of '$1.50'", "values of one item"},
		{"/sitemap.xml returns XML", "content type"},
		{"After signing in as ann@example.com, /users has no 'Delete' button", "a sign-in that failed"},
		{"On /, clicking 'FAQ' collapses it", "a toggle keeps"},
		{"On /items, searching 'milk' then clearing the search box shows 'Bread'", "counted before"},
		{"On /form, pressing Escape in the dialog hides 'Confirm'", "names a part of the page"},
		{"On /wizard, after clicking 'Next' the URL ends with /step-2", "a part of the address"},
		{"On /items, clicking 'Milk' goes to /items/:id", "a pattern of addresses"},
		{"/api/items returns \"name\": \"Milk\" first", "a whole key and value"},
		{"/api/status returns 'status' 'ok'", "a key and its value"},
		// the third probe
		{"On /cart, the page has lang 'en'", "attribute or setting"},
		{"On /p, after clicking 'Dark mode', the page has class 'dark'", "attribute or setting"},
		{"On /p, the current page link is 'Home'", "marked current"},
		{"On /p, clicking 'Hide' then 'Show' shows 'Secret' again", "was gone before"},
		{"On /p, 'Bread' comes right after 'Milk'", "nothing comes between"},
		{"On /p, clicking 'Save' shows 'Saved', and 'Undo' brings back 'Draft'", "never acts on it"},
		{"On /p, clicking 'Sign in' with JavaScript disabled shows 'Enable JavaScript'", "condition of the browser"},
		{"On /p, '£9.999' is shown as '£10.00'", "shown formatted"},
		{"On /p, the logo image has alt text", "alt text"},
		{"On /p, the selected option is 'Card'", "labelled \"selected\""},
		{"On /p, typing 'a' in 'Name' shows '1/20' and typing 'ab' shows '2/20'", "say the field again"},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, tc.why) {
			t.Errorf("%q: reason %q, want one about %q", tc.claim, np.Reason, tc.why)
		}
		if len(np.Suggestions) > 0 && !strings.Contains(tc.why, "console") && !strings.Contains(tc.why, "header") {
			// (the console and the page are both offered, each labelled
			// or as the page's own words)
			t.Errorf("%q: suggestions %q, want none", tc.claim, np.Suggestions)
		}
	}
	checkStepKinds(t, map[string]string{
		"On /login, typing 'a' into 'Email' and pressing Escape keeps me on /login":    "visit,fill,press,expect_url",
		"On /p, clicking 'Publish' changes 'Draft' to 'Published'":                     "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /p, has no console errors":                                                 "visit,expect_no_console_errors",
		"On /todos, adding 'Milk' works":                                               "visit,wait_for,remember_count,fill,press,expect_count,expect_status,expect_no_console_errors",
		"On /p, typing 'abc' into 'Shipping address' shows 'Saved'":                    "visit,wait_for,remember_count,fill,expect_text,expect_count",
		"On /settings, switching 'Notifications' off hides 'Email me'":                 "visit,expect_text,uncheck,expect_no_text",
		"On /signup, submitting the form and submitting it again shows 'Already sent'": "visit,click,click,expect_text",
	})
}

// TestProbedSuggestions: rephrasings that changed a claim's meaning are no
// longer offered as faithful: a text said absent checked present, a state
// said to hold when acting checked after the act, a hidden element checked
// shown, an action said impossible checked as an absent text, and a
// repetition, a "more", a "still" or a "next to" dropped without a label.
func TestProbedSuggestions(t *testing.T) {
	for _, tc := range []struct{ claim, suggestion string }{
		{"On /p, clicking 'Save' shows 'Saved' without showing 'Error'", `On /p, clicking "Save" shows "Saved" and "Error"`},
		{"On /p, shows 'Saved' in place of 'Save'", `/p shows "Saved" and "Save"`},
		{"On /p, with 'Agree' ticked, clicking 'Submit' shows 'Thanks'", `On /p, after clicking "Submit", "Agree" is ticked and the page shows "Thanks"`},
		{"On /p, unless 'Agree' is ticked, clicking 'Submit' shows 'Please agree'", `On /p, after clicking "Submit", "Agree" is ticked and the page shows "Please agree"`},
		{"On /p, has a hidden 'Save' button", `/p shows a "Save" button`},
		{"On /p, you can't click 'Save'", `/p does not show "Save"`},
		{"On /settings, has 3 'Delete' buttons and no 'Edit' button", `/settings has 3 "Delete" buttons and does not show "Edit"`},
		{"/api/items does not return 500", "/api/items returns 500"},
		{"On /items, 'Milk' is visible without clicking 'Load more'", `On /items, clicking "Load more" shows "Milk"`},
		{"On /todos, 'Milk' is ticked but 'Eggs' is not", `On /todos, "Milk" is ticked and the page does not show "Eggs"`},
	} {
		d, err := Derive(tc.suggestion)
		if err != nil {
			t.Errorf("%q does not derive: %v", tc.suggestion, err)
			continue
		}
		if ChangesMeaning(tc.claim, tc.suggestion, d.Plan) == "" {
			t.Errorf("%q offered for %q keeps its meaning, want a change found", tc.suggestion, tc.claim)
		}
	}
	for _, tc := range []struct{ claim, suggestion string }{
		{"On /p, clicking 'Add' again shows 'Count: 2'", `On /p, clicking "Add" shows "Count: 2"`},
		{"On /p, clicking 'Add' shows more 'Remove' buttons", `On /p, clicking "Add" shows a "Remove" button`},
		{"On /p, clicking 'Edit' next to 'Milk' shows a 'Save' button next to 'Milk'", `On /p, clicking "Edit" next to "Milk" shows a "Save" button`},
		{`/api/status returns "status": "ok" with status 200`, `/api/status returns 200 and shows "status" and "ok"`},
	} {
		d, err := Derive(tc.suggestion)
		if err != nil {
			t.Errorf("%q does not derive: %v", tc.suggestion, err)
			continue
		}
		if Faithful(tc.claim, tc.suggestion, d.Plan) {
			t.Errorf("%q taken as faithful to %q", tc.suggestion, tc.claim)
		}
	}
}

// TestClosesDialogAndKeptOverReload: "closes the dialog" after a click is
// no dialog visible (the clicked "Cancel" may stay on the page behind it),
// and a state said kept over a reload is checked before the reload too.
func TestClosesDialogAndKeptOverReload(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /p, clicking 'Delete' then 'Cancel' closes the dialog":         "visit,click,wait_for,click,expect_hidden",
		"On /settings, the 'Remember me' box stays ticked after reloading": "visit,expect_checked,reload,expect_checked",
		"On /settings, the 'Save' button stays disabled after reloading":   "visit,expect_disabled,reload,expect_disabled",
	})
	d := mustDerive("On /p, clicking 'Delete' then 'Cancel' closes the dialog")
	if s := d.Journeys[0].Steps[4]; s.Target != "role=dialog" {
		t.Errorf("closed dialog checked as %+v, want role=dialog hidden", s)
	}
}

// TestAddressBeforeSentence: an address pasted before a sentence with a
// subject of its own is the sentence's page (it was refused).
func TestAddressBeforeSentence(t *testing.T) {
	checkReadings(t, []readingCase{
		{"https://app.test the 'Save' button is disabled", `On /, the "Save" button is disabled.`},
		{"https://app.test/p the page shows 'Hello'", `On /p, the page shows "Hello".`},
	})
}

// TestOnlySuggestionsKeepMeaning: a refusal's own rephrasings, offered as
// they stand, drop none that changes the claim's meaning or its "every"
// (`"done": true on every item` was offered as returns "done": "true").
func TestOnlySuggestionsKeepMeaning(t *testing.T) {
	np := refusalOf(t, `/api/items has "done": true on every item`)
	for _, s := range np.Suggestions {
		if !strings.Contains(s, labelSep) && !strings.Contains(strings.ToLower(s), "every") {
			t.Errorf("offered %q, which drops \"every\" unsaid", s)
		}
	}
	np = refusalOf(t, "On /login, typing 'hunter2' into 'Password' shows 'Welcome'")
	if len(np.Suggestions) == 0 || !strings.Contains(np.Suggestions[0], "the secret PASSWORD") {
		t.Errorf("suggestions %q, want the password replaced by a secret", np.Suggestions)
	}
}
