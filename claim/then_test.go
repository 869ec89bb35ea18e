package claim

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// "then 'B' is shown" says a check of 'B' with its verb: it was refused as
// a second click with its verb left out ("then clicking 'B'", a
// rephrasing that means something else). "… and then 'B', 'C' is gone"
// still leaves the verb of a second action out.
func TestThenTextIsShown(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /login, when I click 'Sign in', then 'Email is required' is shown", `On /login: click the text "Sign in"; then the page shows "Email is required".`},
		{"Given I am on /login, when I click 'Sign in', then 'Email is required' appears", `On /login: click the text "Sign in"; then the page shows "Email is required".`},
		{"On /login, click 'Sign in', then 'Email is required' is displayed", `On /login: click the text "Sign in"; then the page shows "Email is required".`},
		{"Given I open /plans, when I click 'Starter', then 'Up to 3 seats' is shown", `On /plans: click the text "Starter"; then the page shows "Up to 3 seats".`},
		{"Given I'm on /plans and I click 'Yearly', then 'Billed yearly' appears", `On /plans: click the text "Yearly"; then the page shows "Billed yearly".`},
		{"On /, clicking 'Open' and then 'Close', 'Menu' is gone", ""},
	})
}

// A check of the text a plan clicks is refused; the reason names that
// text (it named "" when the check was of a text, not of an element).
func TestShowsClickedNamesIt(t *testing.T) {
	for _, c := range []string{"On /, clicking 'Dark', then 'Dark' is shown", "On /, clicking 'Dark' shows 'Dark'"} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Errorf("%q derived; want a refusal", c)
			continue
		}
		if !strings.HasPrefix(np.Reason, `"Dark" is what the plan clicks`) {
			t.Errorf("%q: reason %q; want it to name \"Dark\"", c, np.Reason)
		}
	}
}

// After "adding 'Milk'," an unquoted subject is what the check is about:
// "the list shows 'Milk'" added an item called "list". A page guessed
// from its name that the journey is already on is not reopened (a reload
// would drop what the typing did).
func TestAddedThenSubject(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todos, after adding 'Milk', the list shows 'Milk'", ""},
		{"On /todos, adding 'Milk', the list has 'Milk'", ""},
		{"On /todos, after adding 'Milk', the todo list shows 'Milk'", `On /todos: add "Milk"; then the page shows "Milk".`},
		{"On /todos, adding 'Milk', 'Eggs' and 'Bread' shows '3 items left'", `On /todos: add "Milk", add "Eggs", add "Bread"; then the page shows "3 items left".`},
	})
	d, err := Derive("On /todos, after clicking 'About', the todo list shows 'Milk'")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(d.Plan.Journeys[0].Steps); n < 3 || d.Plan.Journeys[0].Steps[2].Kind != "visit" {
		t.Errorf("after a click the todo list is opened again: %+v", d.Plan.Journeys[0].Steps)
	}
}

// "'X' links to /p" is a link that goes there; "'X' opens /p" is clicking
// it: both were refused ("a quoted text needs a verb before it").
func TestQuotedLinksTo(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Docs' links to /docs", `On /: click the "Docs" link; then the address is /docs.`},
		{"On /, 'Docs' points to /docs", `On /: click the "Docs" link; then the address is /docs.`},
		{"'Docs' on / links to /docs", `On /: click the "Docs" link; then the address is /docs.`},
		{"On /, 'Get started' takes you to /signup", `On /: click the text "Get started"; then the address is /signup.`},
		{"On /, 'Docs' opens /docs", `On /: click the text "Docs"; then the address is /docs.`},
		{"'Docs' on / shows 'x'", ""},
	})
}

// "On /about, the footer has Privacy and Terms links" is read as "the
// footer on /about has …" (it was refused); said absent, or after "links
// to", the unquoted names stay refused (TestReadingsUnquotedNamesInPart).
func TestPartOnItsPage(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /about, the footer has Privacy and Terms links", `On /about, the "Privacy" link in the footer is visible. | On /about, the "Terms" link in the footer is visible.`},
		{"On /, the header has a Sign in button", `On /, the "Sign in" button in the header is visible.`},
		{"On /about, the footer doesn't have a Careers link", ""},
		{"On /about, the footer has links to Privacy and Terms", ""},
	})
}

// An unquoted phrase that ends in an image noun names an image: "/ has a
// GitHub icon" looked for the text "GitHub icon", and "the header has a
// GitHub icon" for any image in the header (a logo verified it).
func TestImageNamedUnquoted(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ has a GitHub icon", ""},
		{"/ shows the Acme logo", ""},
		{"On /, the header has a GitHub icon", ""},
		{"/ has a 'GitHub' icon", `On /, the image "GitHub" is visible.`},
		{"/ shows 'Acme logo'", `On /, the page shows "Acme logo".`},
		{"On /, the header has an image", `On /, the element matching "header img" is visible.`},
	})
}

// "ticking 'I agree' enables 'Create account'" was read as ticking a box
// named "Create account" (and refused for saying nothing happens): it is
// what the tick brings about, refused because a quoted text names no kind
// of control, with the button reading offered.
func TestEnablesQuotedText(t *testing.T) {
	_, err := Derive("On /signup, ticking 'I agree' enables 'Create account'")
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatal("derived; want a refusal")
	}
	if !strings.Contains(np.Reason, "names no kind of control") || len(np.Suggestions) == 0 {
		t.Fatalf("reason %q, suggestions %q", np.Reason, np.Suggestions)
	}
	d, err := Derive(np.Suggestions[0])
	if err != nil {
		t.Fatalf("the suggestion %q is refused: %v", np.Suggestions[0], err)
	}
	var got []string
	for _, r := range d.Requirements {
		got = append(got, r.Text)
	}
	if want := `On /signup: the "Create account" button is disabled; then tick the "I agree" checkbox; then the "Create account" button is enabled.`; strings.Join(got, " | ") != want {
		t.Errorf("the suggestion derives %q, want %q", got, want)
	}
	checkReadings(t, []readingCase{{"On /settings, enabling 'Dark mode' shows 'Saved'", `On /settings: tick the "Dark mode" checkbox; then the page shows "Saved".`}})
}

// "adding 'Desk Lamp' to the cart" typed "Desk Lamp" into a field
// labelled "cart": a cart is where a shop puts a product, never a field.
func TestAddToCartIsNoField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /products, adding 'Desk Lamp' to the cart shows '1 item in cart'", ""},
		{"On /products, adding 'Desk Lamp' to my basket shows '1 item'", ""},
		{"On /todos, adding 'Milk' to the 'New todo' field shows 'Milk'", `On /todos: add "Milk"; then the page shows "Milk".`},
	})
}

// "after logging in, the visitor sees 'Hi'" typed "Hi" into a field
// called "visitor sees"; "redirects unauthenticated users to /login" was
// refused though every journey's visitor is signed out.
func TestSignedInSeesAndSignedOutRedirects(t *testing.T) {
	d, err := Derive("After logging in, the visitor sees 'Welcome back'")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Plan.Journeys[0].Steps {
		if s.Kind == "fill" && s.Value == "Welcome back" {
			t.Errorf("types the text seen into a field: %+v", s)
		}
	}
	if r := d.Requirements[len(d.Requirements)-1].Text; !strings.HasSuffix(r, `then the page shows "Welcome back".`) {
		t.Errorf("requirement %q: want the text seen checked after signing in", r)
	}
	checkReadings(t, []readingCase{
		{"/dashboard redirects unauthenticated users to /login", "On /dashboard, the address is /login."},
		{"/dashboard sends logged-out visitors to /login", "On /dashboard, the address is /login."},
	})
}

// "typing 'ann' shows 'Ann Lee' and hides 'Bob Stone'": the second
// outcome of the action was refused; "the empty state says 'No users
// yet'" emptied a field called "state".
func TestSecondOutcomeAndEmptyState(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /users, typing 'ann' into the 'Search' box shows 'Ann Lee' and hides 'Bob Stone'", `On /users: the page shows "Bob Stone"; then type "ann" into the field with placeholder "Search"; then the page shows "Ann Lee" and the page does not show "Bob Stone".`},
		{"On /users, the empty state says 'No users yet'", ""},
		{"On /signup, submitting with an empty 'State' field shows 'State is required'", `On /signup: clear the field labelled "State", submit the form; then the page shows "State is required".`},
	})
	d, err := Derive("On /users, typing 'ann' into the search box shows 'Ann Lee' and hides 'Bob Stone'")
	if err != nil {
		t.Fatal(err)
	}
	steps := d.Plan.Journeys[0].Steps
	if steps[1].Kind != "expect_text" || steps[len(steps)-1].Kind != "expect_no_text" {
		t.Errorf("want 'Bob Stone' shown before the typing and gone after: %+v", steps)
	}
}

// "'United States' is selected in the 'Country' dropdown" is the
// drop-down's value; it was refused as a state of a control.
func TestSelectedInDropdown(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /contact, 'United States' is selected in the 'Country' dropdown", `On /contact, the field labelled "Country" holds "United States".`},
		{"On /contact, 'United States' is selected in the 'Country' menu", ""},
	})
}

// "The 'Cart' link shows '3'" may be the link's own text (a count, a badge)
// as well as what clicking it brings: it was read as a click, then "3"
// looked for anywhere on the next page. Refused, with the click reading
// offered; a tab's panel, "reveals" and "clicking … shows" stay read.
func TestControlShowsOwnText(t *testing.T) {
	for _, tc := range []struct{ claim, first string }{
		{"On /, the 'Cart' link shows '3 items'", `On /, clicking the "Cart" link shows "3 items"`},
		{"On /, the 'Cart' link displays '3'", `On /, clicking the "Cart" link displays "3"`},
		{"The 'Help' button shows 'Keyboard shortcuts'", `Clicking the "Help" button shows "Keyboard shortcuts"`},
		{"On /, the 'Help' button doesn't show 'Oops'", `On /, clicking the "Help" button doesn't show "Oops"`},
		{"On /, the 'Cart' icon shows '3'", `On /, clicking the "Cart" icon shows "3"`},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, "may be what clicking it shows or what it shows itself") {
			t.Errorf("%q: reason %q does not name both readings", tc.claim, np.Reason)
		}
		if len(np.Suggestions) == 0 || np.Suggestions[0] != tc.first {
			t.Errorf("%q: suggestions %q, want first %q", tc.claim, np.Suggestions, tc.first)
		}
	}
	checkReadings(t, []readingCase{
		{"On /, the 'Cart' tab shows '3 items'", `On /: click the "Cart" tab; then the page shows "3 items".`},
		{"On /, the 'Details' button reveals 'Serial 42'", `On /: click the "Details" button; then the page shows "Serial 42".`},
		{"On /, clicking the 'Cart' link shows '3 items'", `On /: click the "Cart" link; then the page shows "3 items".`},
		{"On /, the 'Help' link opens /help", `On /: click the "Help" link; then the address is /help.`},
	})
}

// "The 'Team photo' image loads" clicked the image, then checked the
// page's status: a broken picture verified. Said of an image, "loads",
// "works" and "displays" are about the picture, which no step checks:
// refused, with "… is shown" offered, labelled. A logo that opens a page is
// still clicked.
func TestImageSaidToLoad(t *testing.T) {
	for _, c := range []string{
		"On /, the 'Team photo' image loads",
		"On /, the 'Acme' logo loads",
		"On /, the 'Team photo' image works",
		"On /, the 'Team photo' image displays correctly",
	} {
		np := refusalOf(t, c)
		if !strings.Contains(np.Reason, "is about the picture itself") {
			t.Errorf("%q: reason %q", c, np.Reason)
		}
		if len(np.Suggestions) == 0 || !strings.HasSuffix(stripLabel(np.Suggestions[0]), "is shown") || !strings.Contains(np.Suggestions[0], "it does not check that its picture loaded") {
			t.Errorf("%q: suggestions %q, want a labelled '… is shown' first", c, np.Suggestions)
		}
	}
	checkReadings(t, []readingCase{
		{"On /, the 'Acme' logo opens /about", `On /: click the image "Acme"; then the address is /about.`},
		{"On /, the 'Team photo' image is shown", `On /, the image "Team photo" is visible.`},
	})
}

// "All images have alt text" was read as a JSON rule (field "alt" with the
// value "text") and offered "On GET /, all images have alt text", a check
// of a JSON response the claim never names. "text" is the kind of what a
// field holds, never its value.
func TestAltTextIsNoJSONValue(t *testing.T) {
	for _, c := range []string{"On /, all images have alt text", "Every image on / has alt text"} {
		np := refusalOf(t, c)
		for _, s := range np.Suggestions {
			if strings.Contains(s, "GET") {
				t.Errorf("%q: suggestion %q reads a JSON response", c, s)
			}
		}
		if strings.Contains(np.Reason, "JSON") {
			t.Errorf("%q: reason %q", c, np.Reason)
		}
	}
}

// "Clicking 'Save' doesn't show an error message" was checked as no
// role=alert on the page: a message in a plain paragraph is no alert, so a
// page showing "Name is required" verified it. Refused, with no rephrasing
// (one would invent the message); a message said shown, an alert the claim
// names, and an alert the journey finds before it goes stay read.
func TestGuessedAlertAbsent(t *testing.T) {
	for _, c := range []string{
		"On /, clicking 'Save' doesn't show an error message",
		"On /, clicking 'Save' doesn't show a success message",
		"No error message is shown on /contact",
		"On /, the page shows no error message",
	} {
		np := refusalOf(t, c)
		if !strings.HasPrefix(np.Reason, guessedAlertWhy) || len(np.Suggestions) != 0 {
			t.Errorf("%q: reason %q, suggestions %q", c, np.Reason, np.Suggestions)
		}
	}
	checkReadings(t, []readingCase{
		{"On /, clicking 'Save' without a name shows an error", `On /: clear the field labelled "name", click the "Save" button; then an alert is visible.`},
		{"On /, no alert is shown", `On /, an alert is not visible.`},
	})
}

// "'Done' is shown after clicking 'Next' and then 'Finish'" checked "Done"
// between the two clicks and nothing after 'Finish': a page that showed
// "Done" after 'Next' only verified it. Actions after "then" that end the
// claim belong to the condition; a "then" with its own check does not.
func TestAfterActionsThenAction(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Done' is shown after clicking 'Next' and then 'Finish'", `On /: click the text "Next", click the text "Finish"; then the page shows "Done".`},
		{"On /, 'Milk' is shown after clicking 'Delete' and then clicking 'Cancel'", `On /: click the text "Delete", click the text "Cancel"; then the page shows "Milk".`},
		{"On /, 'Done' is shown after clicking 'Next', and then clicking 'Finish' shows 'Bye'", `On /: click the text "Next"; then the page shows "Done"; then click the text "Finish"; then the page shows "Bye".`},
	})
}

// "A wrong password keeps you on /login" was refused as a claim that
// writes a password out ("keeps" taken for the password). A verb after
// "password" makes it the subject; a written password is still refused.
func TestPasswordAsSubject(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /login, signing in with a wrong password keeps you on /login", `On /login: sign in as the user in the secret USER_EMAIL with the password "vouch-wrong-password"; then the address is /login.`},
	})
	for _, c := range []string{"On /login, a wrong password keeps you on /login", "On /login, an expired password leads to /reset"} {
		if np := refusalOf(t, c); np.Cause == "secret" {
			t.Errorf("%q: refused as a written password: %q", c, np.Reason)
		}
	}
	for _, c := range []string{"On /login, signing in with password hunter2 shows 'Hi'", "On /login, the password hunter2 works"} {
		if np := refusalOf(t, c); np.Cause != "secret" {
			t.Errorf("%q: cause %q, want secret", c, np.Cause)
		}
	}
}

// "The 'Add to cart' button for 'Desk Lamp' is disabled" was refused while
// "clicking the 'Add to cart' button for 'Desk Lamp'" was read: a state of
// the control inside the item that shows the text. Only states that need
// the control found: said hidden, an item that is not there would pass.
func TestStateOfControlInItem(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /products, the 'Add to cart' button for 'Desk Lamp' is disabled", `On /products, the "Add to cart" button in the item containing "Desk Lamp" is disabled.`},
		{"On /products, the 'Add to cart' button next to 'Pencil' is enabled", `On /products, the "Add to cart" button in the item containing "Pencil" is enabled.`},
		{"On /todos, the 'Done' checkbox for 'Milk' is ticked", `On /todos, the "Done" checkbox in the item containing "Milk" is ticked.`},
		{"On /products, the 'Add to cart' button for 'Desk Lamp' is hidden", ""},
	})
}

// "'Milk' is shown after clicking 'Add' and reloading" checked "Milk"
// before the reload and nothing after it: an app that loses the item on a
// reload verified it. A reload joined on is the condition's too; a thing
// said gone is found before the action the reload follows (it was found
// between the two, after 'Delete' had taken it away).
func TestAfterActionAndReload(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todos, 'Milk' is shown after clicking 'Add' and reloading", `On /todos: click the text "Add", reload the page; then the page shows "Milk".`},
		{"On /todos, 'Milk' is gone after clicking 'Delete' and reloading", `On /todos: click the text "Delete", reload the page; then the page does not show "Milk".`},
		{"On /todos, 'Milk' is still shown after reloading", `On /todos: the page shows "Milk"; then reload the page; then the page shows "Milk".`},
	})
	// what goes away is found first: before 'Delete', or before a reload
	// that is the only action
	checkStepKinds(t, map[string]string{
		"On /todos, 'Milk' is gone after clicking 'Delete' and reloading":      `visit,expect_text,click,reload,expect_no_text`,
		"On /todos, 'Milk' is gone after reloading":                            `visit,expect_text,reload,expect_no_text`,
		"On /, 'Hi' is no longer shown after clicking 'Hide' and reloading":    `visit,expect_text,click,reload,expect_no_text`,
		"On /todos, 'Milk' is still shown after clicking 'Edit' and reloading": `visit,click,expect_text,reload,expect_text`,
	})
}

// "Clearing 'Name'" was read as deleting an item, and "deleting 'Milk'"
// offered "clicking 'Delete'", which drops the item (a page's first Delete
// button removes another). Clearing is refused as two readings with the
// field's offered; deleting offers the item's own button, labelled as a
// guess at its name.
func TestClearingAndDeletingNamed(t *testing.T) {
	np := refusalOf(t, "On /, after clearing 'Name', clicking 'Save' shows 'Required'")
	if !strings.Contains(np.Reason, "may empty a field or remove an item") || len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], `On /, after leaving "Name" empty, clicking "Save" shows "Required"`) {
		t.Errorf("clearing: %q %q", np.Reason, np.Suggestions)
	}
	np = refusalOf(t, "On /todos, deleting 'Milk' shows 'No todos'")
	if len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], `On /todos, clicking "Delete" next to "Milk" shows "No todos"`) || !strings.Contains(np.Suggestions[0], "a guess at the button's name") {
		t.Errorf("deleting: %q", np.Suggestions)
	}
	if !strings.Contains(np.Reason, "clicking 'Delete' next to 'Milk'") {
		t.Errorf("deleting: reason %q", np.Reason)
	}
}

// A password written out was offered with the run's secret in its place,
// unlabelled: "typing 'abc' as the password shows 'At least 8 characters'"
// became a claim about whatever password the run is given, which passes
// the length check. Outside signing in the rephrasing is labelled.
func TestSecretSuggestionLabelledOutsideSignIn(t *testing.T) {
	for c, labelled := range map[string]bool{
		"On /signup, typing 'abc' as the password shows 'At least 8 characters'":                        true,
		"On /settings, setting the password to 'abc' shows 'Too short'":                                 true,
		"On /login, signing in with password 'hunter2' shows 'Welcome'":                                 false,
		"On /login, typing 'hunter2' into the password field and clicking Sign in shows 'Welcome back'": false,
	} {
		np := refusalOf(t, c)
		if np.Cause != "secret" || len(np.Suggestions) == 0 {
			t.Fatalf("%q: %q %q", c, np.Cause, np.Suggestions)
		}
		if got := strings.Contains(np.Suggestions[0], labelSep); got != labelled || !strings.Contains(np.Suggestions[0], "the secret PASSWORD") {
			t.Errorf("%q: suggestion %q, labelled %v", c, np.Suggestions[0], labelled)
		}
		if _, err := Derive(np.Suggestions[0]); err != nil {
			t.Errorf("%q: suggestion does not derive: %v", c, err)
		}
	}
}

// "Clearing the 'Name' box" unticked a checkbox called Name, so a claim
// about a required text field failed on a page that holds it. A field
// said to be one is emptied; a "box" that is cleared is two readings.
func TestClearingAField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, clearing the 'Name' field shows 'Name is required'", `On /settings: clear the field labelled "Name"; then the page shows "Name is required".`},
		{"On /settings, emptying the 'Name' input field and clicking 'Save' shows 'Name is required'", `On /settings: clear the field labelled "Name", click the "Save" button; then the page shows "Name is required".`},
		{"On /settings, clearing the 'Name' box shows 'Name is required'", ""},
		{"On /settings, clearing the 'Remember me' checkbox shows 'Off'", `On /settings: untick the "Remember me" checkbox; then the page shows "Off".`},
	})
	np := refusalOf(t, "On /settings, clearing the 'Name' box shows 'Name is required'")
	if np.Cause != "ambiguous" || len(np.Suggestions) < 2 || !strings.HasPrefix(np.Suggestions[0], `On /settings, leaving the "Name" field empty shows`) || !strings.HasPrefix(np.Suggestions[1], `On /settings, unticking the "Name" checkbox shows`) {
		t.Errorf("box: %q %q", np.Cause, np.Suggestions)
	}
}

// "Ticking 'Other' shows a text field" was a plain visibility check of any
// text field, which a form's Name field passed whatever the tick did. A
// kind of element said shown by an action is counted just before the
// action and found more often after it.
func TestActionShowsANewKind(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /form, ticking 'Other' shows a text field", `On /form: tick the "Other" checkbox; then a textbox is visible that was not shown before.`},
		{"On /post, clicking 'Reply' shows a form", `On /post: click the text "Reply"; then the element matching "form" is visible that was not shown before.`},
		{"On /, the page shows a text field", `On /, a textbox is visible.`},
	})
	checkStepKinds(t, map[string]string{
		"On /form, ticking 'Other' shows a text field":                      `visit,wait_for,remember_count,check,expect_count`,
		"On /, typing 'x' in 'Name' and clicking 'Next' shows a text field": `visit,fill,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Edit' shows the 'Title' field":                     `visit,click,expect_visible`,
	})
}

// "Clicking 'Start' changes 'Stopped' to 'Running'" was refused with
// "clicking 'Start' shows 'Stopped' and 'Running'" offered unlabelled: a
// page that kept "Stopped" and added "Running" passed it. The change is
// read (the old text found before the click, gone after; the new one
// shown), and a rephrasing that drops the change is labelled.
func TestChangesOneTextToAnother(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Start' changes 'Stopped' to 'Running'":               "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /, after clicking 'Start', 'Stopped' becomes 'Running'":           "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /, 'Stopped' becomes 'Running' after clicking 'Start'":            "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /, clicking 'Swap' changes the text from 'Old name' to 'New one'": "visit,expect_text,remember_count,click,expect_text,expect_count,expect_no_text",
	})
	// the new text holds the old one: the old one is never gone
	np := refusalOf(t, "On /, clicking 'Go' changes 'Not started yet' to 'Not started yet, waiting'")
	for _, s := range np.Suggestions {
		if !strings.Contains(s, labelSep) {
			t.Errorf("unlabelled suggestion %q", s)
		}
	}
	if Faithful("On /, clicking 'Start' changes 'Stopped' to 'Running'", `On /, clicking "Start" shows "Stopped" and "Running"`, mustDerive(`On /, clicking "Start" shows "Stopped" and "Running"`)) {
		t.Error(`"shows 'Stopped' and 'Running'" is taken as faithful to "changes 'Stopped' to 'Running'"`)
	}
}

// "There are no 404s" was refused as a timing ("404s" read as seconds)
// with "/ has no list items" offered: statuses counted over a page's
// requests are named as such, and never counted as elements.
func TestStatusesCounted(t *testing.T) {
	for _, c := range []string{"On /, there are no 404s", "On /, the page has no 500s"} {
		np := refusalOf(t, c)
		if strings.Contains(np.Reason, "timings") || !strings.Contains(np.Reason, "not of every request a page makes") {
			t.Errorf("%q: reason %q", c, np.Reason)
		}
		for _, s := range np.Suggestions {
			if strings.Contains(s, "list item") {
				t.Errorf("%q: suggestion %q counts elements", c, s)
			}
		}
	}
	checkReadings(t, []readingCase{{"/users/3 404s", "On /users/3, the page answered HTTP 404."}})
}

// "Passwords that don't match show 'Passwords do not match'" offered
// "/signup does not show 'Passwords do not match'" (labelled, but the
// opposite of the claim): a negation inside a clause that says which
// thing is meant negates no check.
func TestRelativeClauseNegatesNoCheck(t *testing.T) {
	for _, c := range []string{
		"On /signup, passwords that don't match show 'Passwords do not match'",
		"On /, items that are not done show 'Pending'",
		"On /, users who aren't signed in see 'Sign in'",
	} {
		np := refusalOf(t, c)
		for _, s := range np.Suggestions {
			if strings.Contains(stripLabel(s), "does not show") {
				t.Errorf("%q: suggestion %q says the text is absent", c, s)
			}
		}
	}
	checkReadings(t, []readingCase{{"On /, the page doesn't show 'Beta'", `On /, the page does not show "Beta".`}})
}

// "The 'Log out' button is in the header" was refused: read without the
// header it ended in a bare "is". What the part holds is said shown.
func TestElementIsInRegion(t *testing.T) {
	for c, want := range map[string]string{
		"On /dashboard, the 'Log out' button is in the header":    `expect_visible role=button[name="Log out"] in=header`,
		"On /dashboard, the 'Log out' button sits in the header":  `expect_visible role=button[name="Log out"] in=header`,
		"On /dashboard, the 'Log out' button isn't in the header": `expect_hidden role=button[name="Log out"] in=header`,
		"On /dashboard, the 'Help' link is in the footer":         `expect_visible role=link[name="Help"] in=footer`,
	} {
		d, err := Derive(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		st := d.Plan.Journeys[0].Steps[len(d.Plan.Journeys[0].Steps)-1]
		if got := string(st.Kind) + " " + st.Target; got != want {
			t.Errorf("%q: %s, want %s", c, got, want)
		}
	}
}

// "Typing 'Bob' in 'Name' and reloading keeps 'Bob'" looked for "Bob" in
// the page's text, which a field's value is not part of: a page that kept
// the value failed. With nothing sent between the typing and the reload,
// the kept text is the field's value.
func TestReloadKeepsTypedValue(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /settings, typing 'Bob' in 'Name' and reloading keeps 'Bob'":                    `visit,fill,expect_value,reload,expect_value`,
		"On /settings, typing 'Bob' in 'Name' shows 'Bob'":                                  "visit,wait_for,remember_count,fill,expect_text,expect_count",
		"On /settings, typing 'Bob' in 'Name', clicking 'Save' and reloading shows 'Bob'":   `visit,fill,click,reload,expect_text`,
		"On /todos, typing 'Milk' in 'New todo', pressing Enter and reloading shows 'Milk'": `visit,fill,press,reload,expect_text`,
	})
}

// "Clicking 'Delete' next to 'Milk' removes it but keeps 'Eggs'" offered
// "clicking 'Delete' hides 'Eggs'": the opposite of "keeps", and the
// page's first Delete rather than Milk's. What is kept is shown, and the
// item a clicked control is next to stays with the click.
func TestSketchKeepsAndNextTo(t *testing.T) {
	// read now: Eggs found before and after, Milk gone
	checkStepKinds(t, map[string]string{
		"On /todos, clicking 'Delete' next to 'Milk' removes it but keeps 'Eggs'": `visit,expect_text,click,expect_no_text,expect_text`,
	})
	np := refusalOf(t, "On /todos, clicking 'Delete' next to 'Milk' removes it but keeps 'Eggs' forever")
	if len(np.Suggestions) == 0 {
		t.Fatal("no suggestion")
	}
	for _, s := range np.Suggestions {
		if strings.Contains(stripLabel(s), `hides "Eggs"`) || strings.Contains(stripLabel(s), `does not show "Eggs"`) {
			t.Errorf("suggestion %q says Eggs goes", s)
		}
		if strings.Contains(s, `clicking "Delete"`) && !strings.Contains(s, `clicking "Delete" next to "Milk"`) {
			t.Errorf("suggestion %q clicks another item's Delete", s)
		}
	}
}

// After signing in (Enter sends the form) a bare click was aimed as the
// form's button: "clicking 'Log out'" looked for a button only, so a Log
// out link failed the claim. A sent form's button is not looked for again;
// and "the secret PW sets …" names a secret, never writes a password.
func TestClickAfterSentForm(t *testing.T) {
	for c, want := range map[string]string{
		"On /login, after signing in as a@b.co with the secret PW, clicking 'Log out' shows 'Sign in'":   `text="Log out"`,
		"On /todos, typing 'Milk' in 'New todo' and pressing Enter, then clicking 'Active' shows 'Milk'": `text="Active"`,
		"On /settings, typing 'Bob' in 'Name' and clicking 'Save' shows 'Saved'":                         `role=button[name="Save"]`,
		"On /settings, typing 'Bob' in 'Name', clicking 'Save' and then clicking 'Back' shows 'Home'":    `text="Back"`,
	} {
		d, err := Derive(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		var last string
		for _, st := range d.Plan.Journeys[0].Steps {
			if st.Kind == plan.Click {
				last = st.Target
			}
		}
		if last != want {
			t.Errorf("%q: last click %s, want %s", c, last, want)
		}
	}
	if np := refusalOf(t, "On /login, signing in as a@b.co with the secret PW sets a cookie"); np.Cause == "secret" {
		t.Errorf("a secret's name read as a written password: %q", np.Reason)
	}
}

// checkStepKinds derives each claim and compares the kinds of its first
// journey's steps, joined by commas, with the wanted ones.
func checkStepKinds(t *testing.T, cases map[string]string) {
	t.Helper()
	for c, want := range cases {
		d, err := Derive(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		var js []string
		for _, j := range d.Plan.Journeys {
			var kinds []string
			for _, st := range j.Steps {
				kinds = append(kinds, string(st.Kind))
			}
			js = append(js, strings.Join(kinds, ","))
		}
		if got := strings.Join(js, " | "); got != want {
			t.Errorf("%q: steps %s, want %s", c, got, want)
		}
	}
}

// "Every page shows 'Acme' in the footer" offered "The footer shows
// 'Acme'" unlabelled: one page's footer for every page's. A rephrasing
// that drops "every", "each" or "all" checks less, and says so.
func TestUniversalDroppedIsLabelled(t *testing.T) {
	np := refusalOf(t, "Every page shows 'Acme' in the footer")
	for _, s := range np.Suggestions {
		if !strings.Contains(s, labelSep) && !containsWord(s, "every") {
			t.Errorf("unlabelled suggestion %q", s)
		}
	}
	if Faithful("Every page shows 'Acme' in the footer", `The footer shows "Acme"`, mustDerive(`The footer shows "Acme"`)) {
		t.Error(`"The footer shows 'Acme'" taken as faithful to "Every page shows 'Acme' in the footer"`)
	}
}

// "Clicking 'Reset' clears the 'Name' field" was read as a second action
// (emptying the field) with no check, and "clicking 'Save' keeps 'Bob' in
// 'Name'" was offered as "shows 'Bob' and 'Name'". What an action does to
// a field is its value after it; a field said cleared must hold a typed
// text first, or an empty field would pass.
func TestActionOnFieldValue(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /form, after typing 'Bob' in 'Name', clicking 'Reset' clears the 'Name' field": `visit,fill,click,expect_value`,
		"On /form, clicking 'Save' keeps 'Bob' in 'Name'":                                  `visit,click,expect_value`,
		"On /settings, clearing the 'Name' field shows 'Name is required'":                 `visit,wait_for,remember_count,fill,expect_text,expect_count`,
	})
	np := refusalOf(t, "On /form, clicking 'Reset' clears the 'Name' field")
	if !strings.Contains(np.Reason, "must hold something first") {
		t.Errorf("reason %q", np.Reason)
	}
	for _, s := range np.Suggestions {
		if strings.Contains(stripLabel(s), `hides "Name"`) {
			t.Errorf("suggestion %q hides the field's label", s)
		}
	}
}

// "typing in 'Search' shows 'Clear'" typed the text Search into the
// page's first field, though it as often names the field typed into. A
// text the claim looks for again is what is typed; otherwise both
// readings are offered.
func TestTypingInQuotedIsAmbiguous(t *testing.T) {
	for _, c := range []string{
		"On /, typing in 'Search' shows 'Clear'",
		"On /, the 'Save' button appears after you type in 'Name'",
	} {
		np := refusalOf(t, c)
		if np.Cause != "ambiguous" || !strings.Contains(np.Reason, "type into the field called") {
			t.Errorf("%q: %s %q", c, np.Cause, np.Reason)
		}
		for _, s := range np.Suggestions {
			if !strings.Contains(s, labelSep) && strings.Contains(s, " in \"") {
				t.Errorf("%q: suggestion %q keeps the ambiguous \"in\"", c, s)
			}
		}
	}
	checkStepKinds(t, map[string]string{
		"On /, type in 'hello' and press Enter; 'hello' is shown": "visit,wait_for,remember_count,fill,press,expect_text,expect_count",
		"On /, typing 'Bob' shows 'Hi Bob'":                       "visit,wait_for,remember_count,fill,expect_text,expect_count",
	})
}

// "Clicking 'Advanced' reveals the 'Timeout' field" checked only that
// the field is visible after the click, which a page showing it all
// along passes. A named element said revealed (made to appear, popped
// up) is checked hidden just before the action, once the action's
// target is there (the page has rendered).
func TestRevealedElementHiddenFirst(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Advanced' reveals the 'Timeout' field":                  `visit,wait_for,expect_hidden,click,expect_visible`,
		"On /, clicking 'Menu' makes the 'Settings' link appear":                 `visit,wait_for,expect_hidden,click,expect_visible`,
		"On /, clicking 'More' reveals 'Export as CSV'":                          `visit,wait_for,remember_count,click,expect_count`,
		"On /, typing 'a' in 'Name' and clicking 'More' reveals 'Export as CSV'": `visit,fill,remember_count,click,expect_count`,
		"On /, clicking 'Edit' shows the 'Save' button":                          `visit,click,expect_visible`,
		"On /, after clicking 'Menu', the 'Settings' link appears":               `visit,click,expect_visible`,
	})
}

// "'Welcome' rather than 'Hello' is shown" was refused with "/ shows
// 'Hello' next to 'Welcome'" offered (labelled, but checking that Hello
// is shown, the opposite); "there's a 'Sign up' link but no 'Sign in'
// link" was refused as a bare "not 'X'". Both read now.
func TestInsteadOfAndNoElement(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, 'Welcome' rather than 'Hello' is shown":                `visit,expect_text | visit,expect_no_text`,
		"On /, 'Welcome' instead of 'Hello' is shown":                 `visit,expect_text | visit,expect_no_text`,
		"On /, there's a 'Sign up' link but no 'Sign in' link":        `visit,expect_visible | visit,expect_hidden`,
		"On /, the page has a 'Sign up' link and no 'Sign in' button": `visit,expect_visible | visit,expect_hidden`,
	})
	p := mustDerive("On /, there's a 'Sign up' link but no 'Sign in' link")
	var hidden string
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if s.Kind == plan.ExpectHidden {
				hidden = s.Target
			}
		}
	}
	if hidden != `role=link[name="Sign in"]` {
		t.Errorf("hidden %q", hidden)
	}
}

// "typing 'Milk' and pressing Enter empties the text box" looked for a
// field labelled "text" (and was refused as never typed into): "the text
// box", "the input", "the input field" name a kind of field, the page's
// first text field, the one an unnamed typing fills.
func TestKindOnlyFieldIsFirstTextField(t *testing.T) {
	for c, want := range map[string]string{
		"On /todos, typing 'Milk' and pressing Enter empties the text box":           "role=textbox",
		"On /todos, typing 'Milk' and pressing Enter clears the input":               "role=textbox",
		"On /todos, typing 'Milk' in the text field and pressing Enter shows 'Milk'": "role=textbox",
		"On /todos, after typing 'Milk' in the 'Text' field, 'Milk' is shown":        "label=Text",
	} {
		d, err := Derive(c)
		if err != nil {
			t.Errorf("%q: %v", c, err)
			continue
		}
		for _, s := range d.Plan.Journeys[0].Steps {
			if (s.Kind == plan.Fill || s.Kind == plan.ExpectValue) && s.Target != want {
				t.Errorf("%q: %s on %q, want %q", c, s.Kind, s.Target, want)
			}
		}
	}
}

// "typing an invalid email and clicking 'Sign up'" sent the form twice:
// the submit the invalid email implies, then the click the claim says.
// The click (or Enter) said after such a fill is that submit; a submit a
// verb says ("submitting the form and clicking 'Close'") stays.
func TestSaidClickIsTheImpliedSubmit(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /signup, typing an invalid email and clicking 'Sign up' shows 'Invalid email'":             `visit,wait_for,remember_count,fill,click,expect_count`,
		"On /signup, typing an invalid email and pressing Enter shows 'Invalid email'":                 `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /contact, filling in the form with 'Ann' as the name and clicking 'Send' shows 'Thanks'":   "visit,wait_for,remember_count,fill,click,expect_text,expect_count",
		"On /signup, typing an invalid email shows 'Invalid email'":                                    `visit,wait_for,remember_count,fill,click,expect_count`,
		"On /contact, submitting the form and clicking 'Close' shows 'Bye'":                            "visit,click,remember_count,click,expect_text,expect_count",
		"On /login, signing in as a@b.co with the secret PW and clicking 'Log out' shows 'Signed out'": "visit,wait_for,fill,wait_for,fill,press,remember_count,click,expect_text,expect_count",
	})
}

// "'Desk Lamp' shows 'Out of stock'" was refused with only "clicking
// 'Desk Lamp' shows …" offered (a guess at an action the claim may not
// say); "'Out of stock' is shown next to 'Desk Lamp'" was refused though
// its suggestion was its reading. The first offers both readings, the
// second reads as the text inside the item.
func TestItemShowsText(t *testing.T) {
	np := refusalOf(t, "On /shop, 'Desk Lamp' shows 'Out of stock'")
	if np.Cause != "ambiguous" || len(np.Suggestions) < 2 {
		t.Fatalf("%s %q %q", np.Cause, np.Reason, np.Suggestions)
	}
	if s := np.Suggestions[0]; s != `On /shop, the "Desk Lamp" item shows "Out of stock"` {
		t.Errorf("first suggestion %q", s)
	}
	if !strings.Contains(np.Suggestions[1], `clicking "Desk Lamp"`) {
		t.Errorf("second suggestion %q", np.Suggestions[1])
	}
	checkReadings(t, []readingCase{
		{"On /shop, 'Out of stock' is shown next to 'Desk Lamp'", `On /shop, the text "Out of stock" in the item containing "Desk Lamp" is visible.`},
	})
}

// "Opening /admin while signed out sends you to /login" was refused as a
// state "while" the page is busy ("while … sends"), and "Opening /x …"
// claims were offered "Clicking the /x link …" from the home page (an
// action the claim never says, in place of the visit). "While signed
// out" is who visits; opening a path visits it.
func TestOpeningPathIsAVisit(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"Opening /admin while signed out sends you to /login":    `visit,expect_url`,
		"Opening /admin while not logged in sends you to /login": `visit,expect_url`,
	})
	np := refusalOf(t, "Opening /rest/system/version in the browser shows the version JSON with 'v1.19.2-ds1'")
	if len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], `/rest/system/version shows "v1.19.2-ds1"`) {
		t.Errorf("suggestions %q", np.Suggestions)
	}
	for _, s := range np.Suggestions {
		if strings.Contains(s, "link") {
			t.Errorf("suggestion %q clicks a link the claim never names", s)
		}
	}
}

// "'Ideas' has the tag 'work'" was offered as "clicking 'Ideas' shows
// 'work'": a marker an item carries is the text inside the item, and
// "does not have" is its absence there.
func TestItemHasTag(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /notes, 'Ideas' has the tag 'work'", `On /notes, the text "work" in the item containing "Ideas" is visible.`},
		{"On /invoices, 'Invoice 7' has a 'Paid' badge", `On /invoices, the text "Paid" in the item containing "Invoice 7" is visible.`},
	})
	checkStepKinds(t, map[string]string{
		"On /invoices, 'Invoice 7' does not have a 'Paid' badge": `visit,wait_for,expect_hidden`,
	})
}

// "'Advanced options' are hidden until you click 'Show more'" was refused
// with "clicking 'Show more' does not show 'Advanced options'" offered:
// the opposite of the claim. Hidden until an action is not shown before
// it and shown after; a sketch stops at "until".
func TestHiddenUntilAction(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, 'Settings' is hidden until you click 'Menu'":               "visit,expect_no_text | visit,wait_for,remember_count,click,expect_text,expect_count",
		"On /, 'Advanced options' are hidden until you click 'Show more'": "visit,expect_no_text | visit,wait_for,remember_count,click,expect_text,expect_count",
		"On /, 'Settings' doesn't show until 'Menu' is clicked":           "visit,expect_no_text | visit,wait_for,remember_count,click,expect_text,expect_count",
	})
	np := refusalOf(t, "On /, 'Advanced options' are not shown until you quickly click 'Show more'")
	for _, s := range np.Suggestions {
		if strings.Contains(stripLabel(s), `clicking "Show more" does not show`) {
			t.Errorf("suggestion %q says the opposite of the claim", s)
		}
	}
}

// "clicking 'Delete' on 'Ann' removes 'Ann'; 'Bob' stays" was offered as
// "clicking 'Delete' hides 'Ann' and 'Bob'" (Bob gone, the opposite):
// after one action, a text kept (left, staying, remaining) is shown just
// before the action and after it. After several actions where it was
// found first is not said: refused.
func TestKeptTextAfterAction(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /users, clicking 'Delete' on 'Ann' keeps 'Bob'":                       `visit,expect_text,click,expect_text`,
		"On /users, clicking 'Delete' on 'Ann' removes 'Ann'; 'Bob' stays":        `visit,expect_visible,expect_text,click,expect_hidden,expect_text`,
		"On /users, clicking 'Delete' on 'Ann' removes 'Ann' and leaves 'Bob'":    `visit,expect_visible,expect_text,click,expect_hidden,expect_text`,
		"On /users, clicking 'Delete' on 'Ann' removes 'Ann' while 'Bob' remains": `visit,expect_visible,expect_text,click,expect_hidden,expect_text`,
	})
	refusalOf(t, "On /settings, clicking 'About' and pressing back keeps 'Dark' on the page")
}

// "neither 'Free' nor 'Trial' appears" was refused while "… is shown"
// read: "appears" and "shows up" say the same of a text.
func TestNeitherNorAppears(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, neither 'Free' nor 'Trial' appears":                        `visit,expect_no_text | visit,expect_no_text`,
		"On /, after clicking 'Pro', neither 'Free' nor 'Trial' shows up": `visit,click,expect_no_text,expect_no_text`,
	})
}

// "submitting the empty form shows 'Please fill out this field.'" looked
// for the browser's own validation bubble in the page's text, which never
// holds it: a form that shows the bubble failed. Such a message is
// refused, saying why; a message the page writes is still read.
func TestNativeValidationMessage(t *testing.T) {
	for _, c := range []string{
		"On /contact, submitting the empty form shows 'Please fill out this field.'",
		"On /signup, typing 'abc' as the email and submitting shows \"Please include an '@' in the email address.\"",
	} {
		np := refusalOf(t, c)
		if np.Cause != "out_of_reach" || !strings.Contains(np.Reason, "validation bubble") {
			t.Errorf("%q: %s %q", c, np.Cause, np.Reason)
		}
	}
	checkStepKinds(t, map[string]string{"On /contact, submitting the empty form shows 'Please enter your name'": "visit,wait_for,remember_count,click,expect_text,expect_count"})
}

// "entering a@b.co and a wrong password shows 'Invalid'" typed both and
// looked for the message without sending the form, so a login page that
// rejects the password failed the claim. A wrong password is sent (by the
// click or Enter the claim says, else the form's button); a short one,
// which a page may flag as it is typed, is not.
func TestWrongPasswordIsSent(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /login, entering a@b.co and a wrong password shows 'Invalid'":                        `visit,wait_for,remember_count,fill,wait_for,fill,click,expect_count`,
		"On /login, entering a@b.co and a wrong password and clicking 'Sign in' shows 'Invalid'": `visit,wait_for,remember_count,fill,wait_for,fill,click,expect_count`,
		"On /login, signing in as a@b.co with a wrong password shows 'Invalid'":                  `visit,wait_for,remember_count,fill,wait_for,fill,press,expect_count`,
		"On /signup, typing a short password shows 'Too short'":                                  "visit,wait_for,remember_count,fill,expect_text,expect_count",
	})
}

// "With a wrong password, /login shows 'Invalid'" typed the password alone:
// a form that requires an email was never sent, and the claim failed on a
// page that says it (seen in Chromium). With nothing typed before it, the
// account's email is typed too, from the secret USER_EMAIL; after a typed
// email or a click, the claim's own steps stand.
func TestWrongPasswordAloneTypesTheEmail(t *testing.T) {
	for c, want := range map[string]bool{
		"With a wrong password, /login shows 'Invalid'":                     true,
		"Entering a wrong password on /login shows 'Invalid'":               true,
		"On /login, entering a wrong password shows 'Invalid'":              true,
		"On /login, entering a@b.co and a wrong password shows 'Invalid'":   false,
		"On /login, clicking 'Use password' and a wrong password shows 'X'": false,
	} {
		p := mustDerive(c)
		secret := false
		for _, s := range p.Journeys[0].Steps {
			secret = secret || s.Kind == plan.Fill && s.Target == "label=Email" && s.Secret == "USER_EMAIL"
		}
		if secret != want {
			t.Errorf("%q: types the email from USER_EMAIL %v, want %v\n%s", c, secret, want, p.Canonical())
		}
	}
	checkStepKinds(t, map[string]string{
		"With a wrong password, /login shows 'Invalid'": `visit,wait_for,remember_count,fill,wait_for,fill,click,expect_count`,
	})
}

// "clicking 'Sign up' opens a dialog with 'Create account'" looked for
// the text only after the click, so a page that showed it all along and
// whose button did nothing verified. What a container an action opens
// shows was not shown before the action (a text of two words or more, or
// a named element; one word, likely shown elsewhere, is counted before and
// after); a box not said ("opens 'Settings'") is not read so.
func TestOpenedContainerShowsNew(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Sign up' opens a dialog with 'Create account'":        `visit,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Share' brings up a popup listing 'Copy link'":         `visit,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Sign up' opens a dialog with an 'Email' field":        `visit,wait_for,expect_hidden,click,expect_visible,expect_visible`,
		"On /, clicking 'Sign up' opens a modal dialog with a 'Submit' button": `visit,wait_for,expect_hidden,click,expect_visible,expect_visible`,
		"On /, clicking 'Sign up' opens a dialog with 'Email'":                 `visit,wait_for,remember_count,click,expect_count`,
	})
}

// "the status goes from 'Pending' to 'Approved'", "changes its status
// from …" were refused, and "changes '3' to '4'" looked for "4" anywhere,
// so a counter that jumped to 5 on a page saying "Posted 4 days ago"
// verified. A change said with "goes from", "increases from" or of a
// named part is read as "changes … from … to …"; a short new text is the
// element that says exactly it, as the old one is; a value of an unpinned
// part is refused as such.
func TestChangesFromTo(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, after clicking 'Approve' the status goes from 'Pending' to 'Approved'": "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /, clicking 'Approve' changes its status from 'Pending' to 'Approved'":    "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /, clicking 'Like' changes '3' to '4'":                                    `visit,expect_visible,click,expect_visible,expect_hidden`,
		"On /, after clicking '+', '0' becomes '1'":                                   `visit,expect_visible,click,expect_visible,expect_hidden`,
	})
	d, err := Derive("On /, clicking 'Like' changes '3' to '4'")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Plan.Journeys[0].Steps[3].Target; got != `text="4"` {
		t.Errorf("new short text looked for as %q, want the element that says exactly it", got)
	}
	if np := refusalOf(t, "On /, clicking 'Add' changes the total from '$10' to '$20'"); !strings.Contains(np.Reason, "is a value") {
		t.Errorf("a value of the unpinned total: %q", np.Reason)
	}
}

// "clicking the logo goes to /" clicked an image whose alternative text
// holds "logo", a guess (a logo's is often the app's name), so a page
// whose logo says "Acme" failed a true claim. The guessed image is found
// first, marked reach: such a page blocks the run.
func TestGuessedImageFoundFirst(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /about, clicking the logo goes to /":                  `visit,wait_for,click,expect_url`,
		"On /, hovering over the avatar shows 'Signed in as Ann'": `visit,wait_for,remember_count,hover,expect_text,expect_count`,
		"On /, the 'Acme' logo is shown":                          `visit,expect_visible`,
	})
	d := mustDerive("On /about, clicking the logo goes to /")
	if s := d.Journeys[0].Steps[1]; !s.Reach || s.Target != "alt=logo" {
		t.Errorf("logo found first as %+v, want alt=logo marked reach", s)
	}
}

// "entering mismatched passwords shows 'Passwords do not match'" typed the
// words "mismatched passwords" into the page's first field. Lower-case
// words that describe a value (a kind of value, or which one) are refused;
// a value said as written ("searching for milk") is typed.
func TestDescribedValueNotTyped(t *testing.T) {
	for _, c := range []string{
		"On /signup, entering mismatched passwords shows 'Passwords do not match'",
		"On /signup, entering different passwords shows 'Passwords do not match'",
	} {
		if np := refusalOf(t, c); !strings.Contains(np.Reason, "describes what is typed") {
			t.Errorf("%q: %q", c, np.Reason)
		}
	}
	checkStepKinds(t, map[string]string{
		"On /, typing gibberish shows 'No results'": "visit,wait_for,remember_count,fill,expect_text,expect_count",
		"On /, searching for milk shows 'Milk'":     "visit,wait_for,remember_count,fill,press,expect_text,expect_count",
	})
}

// "signing in with the secret PW as demo@example.com" was refused as a
// password written out, offering "signing in with the secret PW as the
// secret PASSWORD": the address read as the password. Who signs in, said
// after the secret, is the user name typed.
func TestSecretBeforeUser(t *testing.T) {
	d := mustDerive("On /login, signing in with the secret PW as demo@example.com shows 'Dashboard'")
	var typed, secret string
	for _, s := range d.Journeys[0].Steps {
		if s.Kind == plan.Fill && s.Value != "" {
			typed = s.Value
		}
		if s.Kind == plan.Fill && s.Secret != "" {
			secret = s.Secret
		}
	}
	if typed != "demo@example.com" || secret != "PW" {
		t.Errorf("typed %q with secret %q, want demo@example.com with PW", typed, secret)
	}
	np := refusalOf(t, "On /login, filling the password with 'hunter2' shows 'Dashboard'")
	if np.Cause != "secret" {
		t.Errorf("a password written out: %s %q", np.Cause, np.Reason)
	}
}

// "searching 'ann' filters the table to 'Ann'" checked only that 'Ann'
// is shown after, so a filter that did nothing verified. Filtering,
// narrowing or reducing a list to a text says nothing else is left:
// refused, with the reading that checks less offered labelled. A count
// reduced to a text is still read ("reduces the count to '2 items left'").
func TestFilteredToRefused(t *testing.T) {
	for _, c := range []string{
		"On /users, searching 'ann' filters the table to 'Ann'",
		"On /products, typing 'lamp' narrows the list to 'Desk Lamp'",
	} {
		np := refusalOf(t, c)
		if !strings.Contains(np.Reason, "nothing else is left") || len(np.Suggestions) == 0 || !strings.Contains(np.Suggestions[0], labelSep) {
			t.Errorf("%q: %q %q", c, np.Reason, np.Suggestions)
		}
	}
	checkStepKinds(t, map[string]string{"On /, clicking 'Done' reduces the count to '2 items left'": "visit,wait_for,remember_count,click,expect_text,expect_count"})
}

// "typing 'Milk' and pressing Enter shows 'Milk' in the list" was refused
// (or offered without "in the list", unlabelled), while "'Milk' is in the
// list" was read: what a check shows in the list is what the page shows.
func TestShownInTheList(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /todos, typing 'Milk' and pressing Enter shows 'Milk' in the list": "visit,wait_for,remember_count,fill,press,expect_text,expect_count",
		"On /todos, adding 'Milk' does not show 'Milk' in the list":            `visit,wait_for,fill,press,expect_no_text`,
	})
}

// "On /, every button has an accessible name" offered "On GET /, every
// button has an accessible name" unlabelled: a JSON reading of a rule
// about the page's controls. A kind of element is no JSON list's item.
func TestEveryElementNotJSON(t *testing.T) {
	np := refusalOf(t, "On /, every button has an accessible name")
	for _, s := range np.Suggestions {
		if strings.Contains(s, "GET /") {
			t.Errorf("JSON reading offered for the page's buttons: %q", s)
		}
	}
	checkStepKinds(t, map[string]string{"On /api/users, every user has role admin": `visit,expect_json`})
}

// "GET /api/users has the header 'Content-Type: application/json'" was
// read as a member "header" of the JSON body. A header or a cookie is
// outside the body: refused as out of reach.
func TestHTTPHeaderNotJSON(t *testing.T) {
	for _, c := range []string{
		"GET /api/users has the header 'Content-Type: application/json'",
		"GET /api/users returns the header 'X-Total-Count'",
		"GET /api/users has the cookie 'session=1'",
	} {
		if np := refusalOf(t, c); np.Cause != "out_of_reach" || !strings.Contains(np.Reason, "outside its body") {
			t.Errorf("%q: %s %q", c, np.Cause, np.Reason)
		}
	}
	checkStepKinds(t, map[string]string{"GET /api/users/1 has name 'Ann'": `visit,expect_json`})
}

// "going back shows the product list" looked for a list named "product",
// which a page almost never names (only an aria-label does), with no note:
// a true claim failed. Lower-case words before a list, table or form say
// what it holds: refused. A quoted name is still looked for.
func TestDescribedListRefused(t *testing.T) {
	for _, c := range []string{
		"On /products, clicking 'Pen' and then going back shows the product list",
		"On /users, the users table is shown",
	} {
		if np := refusalOf(t, c); !strings.Contains(np.Reason, "says what the") {
			t.Errorf("%q: %q", c, np.Reason)
		}
	}
	checkStepKinds(t, map[string]string{"On /, the page shows the 'Todos' list": `visit,expect_visible`})
}

// "clicking 'Docs' in the footer goes to /docs" clicked the page's first
// "Docs", often the header's, so a broken footer link verified. An
// action said in the header, footer, nav or sidebar is pinned there
// (in=); another place is still noted as not pinned.
func TestActionPinnedToLandmark(t *testing.T) {
	for c, want := range map[string]string{
		"On /, clicking 'Docs' in the footer goes to /docs":                  `text="Docs" in=footer`,
		"On /, clicking the 'Pricing' link in the header goes to /pricing":   `role=link[name="Pricing"] in=header`,
		"On /, clicking 'Sign in' in the nav shows 'Email'":                  `text="Sign in" in=nav`,
		"On /products/pen, clicking 'Products' in the breadcrumb goes to /x": `text="Products"`,
	} {
		st := mustDerive(c).Journeys[0].Steps
		i := slices.IndexFunc(st, func(s plan.Step) bool { return s.Kind == plan.Click })
		if got := st[max(i, 0)].Target; got != want {
			t.Errorf("%q: clicks %s, want %s", c, got, want)
		}
	}
}

// "signing up with ann@example.com and the secret PW" typed the words
// "ann@example.com and the secret PW" into the Email field. The address
// and the secret are typed into Email and Password; other words after the
// address are refused, not typed.
func TestSignUpWithAddressAndSecret(t *testing.T) {
	d := mustDerive("On /signup, signing up with ann@example.com and the secret PW shows 'Welcome, Ann'")
	var typed, secret string
	for _, s := range d.Journeys[0].Steps {
		if s.Kind == plan.Fill && s.Target == "label=Email" {
			typed = s.Value
		}
		if s.Kind == plan.Fill && s.Target == "label=Password" {
			secret = s.Secret
		}
	}
	if typed != "ann@example.com" || secret != "PW" {
		t.Errorf("typed %q into Email and secret %q into Password", typed, secret)
	}
	refusalOf(t, "On /signup, signing up with Ann Lee shows 'Welcome'")
}

// "adding milk and bread shows '2 items left'" added one item, "milk and
// bread"; "entering ann@example.com and the secret PW" typed the whole
// phrase. An unquoted value holding "and" may be one value or several:
// refused, each reading offered.
func TestUnquotedValueWithAnd(t *testing.T) {
	np := refusalOf(t, "On /todos, adding milk and bread shows '2 items left'")
	if np.Cause != "ambiguous" || len(np.Suggestions) < 2 ||
		!strings.HasPrefix(np.Suggestions[0], "On /todos, adding 'milk' and 'bread' shows") ||
		!strings.HasPrefix(np.Suggestions[1], "On /todos, adding 'milk and bread' shows") {
		t.Errorf("%s %q %q", np.Cause, np.Reason, np.Suggestions)
	}
	refusalOf(t, "On /contact, entering ann@example.com and the secret PW shows 'Thanks'")
	checkStepKinds(t, map[string]string{
		"On /contact, filling Email with ann@example.com and Name with Ann shows 'Thanks'": "visit,wait_for,fill,wait_for,remember_count,fill,expect_text,expect_count",
	})
}

// "adding 'Milk' and reloading still shows it", "after adding 'Milk' and
// refreshing, it's still there" were refused ("it"): "it" is the one item
// added before the reload.
func TestItAfterReloadIsTheItemAdded(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /todos, adding 'Milk' and reloading still shows it":           `visit,wait_for,remember_count,fill,press,expect_count,reload,expect_count`,
		"On /todos, after adding 'Milk' and refreshing, it's still there": `visit,wait_for,remember_count,fill,press,expect_count,reload,expect_count`,
		"On /todos, adding 'Milk', then reloading, it is still there":     `visit,wait_for,remember_count,fill,press,expect_count,reload,expect_count`,
	})
	refusalOf(t, "On /todos, adding 'Milk' and 'Eggs' and reloading still shows it")
}

// "clicking 'Unfollow' shows 'Follow'" looked for "Follow" anywhere, and
// found it in "Unfollow" whatever the click did. A text a clicked name
// holds is checked as the element that says exactly it.
func TestShownTextInClickedName(t *testing.T) {
	d := mustDerive("On /, clicking 'Unfollow' shows 'Follow'")
	if s := d.Journeys[0].Steps[2]; s.Kind != plan.ExpectVisible || s.Target != `text="Follow"` {
		t.Errorf("checked as %+v, want the element that says exactly \"Follow\"", s)
	}
	checkStepKinds(t, map[string]string{"On /, clicking 'Show more' shows 'Show less'": "visit,wait_for,remember_count,click,expect_text,expect_count"})
}

// "adding 'Milk' works" checked only that the page loaded without errors
// after the add, so an add that did nothing verified. The item added is
// checked shown too.
func TestAddingWorksShowsTheItem(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /todos, adding 'Milk' works": `visit,wait_for,remember_count,fill,press,expect_count,expect_status,expect_no_console_errors`,
	})
	// a click said to work says no outcome: a Save that did nothing passed
	refusalOf(t, "On /, clicking 'Save' works")
}

// "sending a message shows 'Thanks' and clears the 'Message' field"
// emptied the field itself (an action) instead of checking it emptied;
// "clicking 'Start' shows 'Running' and enables 'Stop'" ticked a checkbox
// named Stop. A verb after "and" following a check of an action is a
// second outcome of that action: read as the one right after it is.
func TestSecondOutcomeAfterCheck(t *testing.T) {
	for _, c := range []string{
		"On /contact, sending a message shows 'Thanks' and clears the 'Message' field",
		"On /contact, clicking 'Send' shows 'Thanks' and empties the 'Message' field",
		"On /, clicking 'Start' shows 'Running' and enables 'Stop'",
	} {
		refusalOf(t, c)
	}
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Start' shows 'Running' and enables the 'Stop' button":                                      "visit,expect_disabled,remember_count,click,expect_text,expect_count,expect_enabled",
		"On /contact, typing 'Hi' into 'Message' and clicking 'Send' shows 'Thanks' and clears the 'Message' field": "visit,wait_for,remember_count,fill,click,expect_text,expect_count,expect_value",
	})
}

// "clicking 'Save' shows 'Saved' and selects 'Draft'" (unticks, checks,
// adds …) ended the plan with that action done by the plan itself, so
// nothing checked what the click did to 'Draft'. Refused.
func TestOutcomeVerbNotDone(t *testing.T) {
	for _, c := range []string{
		"On /, clicking 'Save' shows 'Saved' and selects 'Draft'",
		"On /, clicking 'Done' shows 'Finished' and unticks 'Notify me'",
		"On /, clicking 'Reset' shows 'Cleared' and checks 'Remember me'",
	} {
		if np := refusalOf(t, c); !strings.Contains(np.Reason, "the plan would do it itself") {
			t.Errorf("%q: %q", c, np.Reason)
		}
	}
	// a rephrasing that drops the verb says something else
	refusedPlainly(t, "On /, clicking 'Save' shows 'Saved' and expands 'Details'")
	checkStepKinds(t, map[string]string{"On /, clicking 'Next' shows 'Step 2' and removes 'Step 1'": "visit,expect_text,remember_count,click,expect_text,expect_count,expect_no_text"})
}

// "adding 'Milk' … still shows 'Milk'" checked the text page-wide after
// the add, and a list that held "buy milk" before passed it whatever the
// add did (testapp /tasks with its persistence broken: verified). The
// added text is counted before it is typed and checked more after; a
// search, which adds nothing, and a value looked for on another page keep
// the plain check.
func TestAddedTextCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /tasks, adding 'Milk' and reloading still shows 'Milk'":           `visit,wait_for,remember_count,fill,press,expect_count,reload,expect_count`,
		"On /todos, typing 'Milk' and pressing Enter adds 'Milk' to the list": `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /todos, searching for 'milk' shows 'Milk'":                        "visit,wait_for,remember_count,fill,press,expect_text,expect_count",
		"On /compose, adding 'Hello' makes it appear on /feed":                `visit,wait_for,fill,press,visit,expect_text`,
	})
	d := mustDerive("On /tasks, adding 'Milk' and reloading still shows 'Milk'")
	for _, i := range []int{2, 5, 7} {
		if s := d.Journeys[0].Steps[i]; s.Target != "text=Milk" || s.Ref != "before_milk" {
			t.Errorf("step %d: %+v, want the count of text=Milk remembered as before_milk", i+1, s)
		}
	}
	// what an add removes again is found first by the count
	checkStepKinds(t, map[string]string{
		"On /notes, adding 'call mom' and then clicking 'Delete' next to 'call mom' makes 'call mom' go away": `visit,wait_for,remember_count,fill,press,expect_count,click,expect_no_text`,
	})
}

// "sending the form with an empty email shows 'Required'" checked the
// message page-wide after the send, and a form labelled "Email
// (required)" passed it whatever the form did (Chromium: a form with its
// check broken verified). The message is counted before the form is
// filled and checked more after the send; a sign-in with right values,
// which says nothing wrong, keeps the plain check.
func TestErrorMessageCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /contact, sending the form with an empty email shows 'Required'":            `visit,wait_for,remember_count,fill,click,expect_count`,
		"On /login, signing in with a wrong password shows 'Invalid email or password'": `visit,wait_for,remember_count,fill,wait_for,fill,press,expect_count`,
		"On /login, signing in as demo@example.com with the secret PW shows 'Welcome'":  "visit,wait_for,fill,wait_for,remember_count,fill,press,expect_text,expect_count",
	})
}

// "clicking 'Menu' reveals 'Settings'" checked "Settings" only after the
// click, so a menu that never opened passed on a page whose footer says
// "Settings" (Chromium: verified); "clicking 'Start' changes the status to
// 'Running'" passed a Start that did nothing on a page whose nav says
// "Running". A one-word text said to appear or come back, and a text a
// part is said to change to, are counted before the action and checked
// more after; a word the clicked control's own name holds is left to the
// exact-element check.
func TestCameWordCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Menu' reveals 'Settings'":          `visit,wait_for,remember_count,click,expect_count`,
		"On /todos, clicking 'Undo' brings back 'Milk'":     `visit,wait_for,remember_count,click,expect_count`,
		"On /, after clicking 'Undo', 'Milk' reappears":     `visit,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Show comments' reveals 'Comments'": `visit,click,expect_visible`,
		"On /, clicking 'More' reveals 'Export as CSV'":     `visit,wait_for,remember_count,click,expect_count`,
		"On /, hovering over 'Help' reveals 'Docs'":         `visit,wait_for,remember_count,hover,expect_text,expect_count`,
		// a part said to change to a text: counted, whatever its length
		"On /, clicking 'Start' changes the status to 'Running'":         `visit,wait_for,remember_count,click,expect_count`,
		"On /cart, clicking '+' changes the total to '2 items'":          `visit,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Start' turns the label into 'Running'":          `visit,wait_for,remember_count,click,expect_count`,
		"On /, clicking 'Start' changes 'Stopped' to 'Running'":          "visit,expect_visible,remember_count,click,expect_text,expect_count,expect_hidden",
		"On /settings, setting the language to 'French' shows 'Bonjour'": "visit,wait_for,remember_count,fill,expect_text,expect_count",
	})
}

// "searching for 'milk' and pressing Enter", "adding 'Milk' and pressing
// Enter" pressed Enter twice (the search's own, then the one said), and
// "… and clicking 'Search'" sent the value by Enter, then by the button:
// sent twice, a value may be added twice. The said Enter or sending
// button is the one that sends it; another button stays a second action.
func TestValueSentOnce(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /todos, searching for 'milk' and pressing Enter shows 'Milk'":      "visit,wait_for,remember_count,fill,press,expect_text,expect_count",
		"On /todos, adding 'Milk' and pressing Enter shows 'Milk'":             `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /todos, searching for 'milk' and clicking 'Search' shows 'Milk'":   "visit,wait_for,remember_count,fill,click,expect_text,expect_count",
		"On /todos, adding 'Milk' and clicking 'Add item' shows '1 item left'": "visit,wait_for,remember_count,fill,click,expect_text,expect_count",
		"On /todos, adding 'Milk' and clicking 'Clear completed' shows 'Milk'": `visit,wait_for,remember_count,fill,press,click,expect_count`,
		"On /todos, searching for 'milk' and clicking 'Go back' shows 'Home'":  "visit,wait_for,fill,press,remember_count,click,expect_text,expect_count",
	})
}

// "adding 'Milk' makes it appear in the list" and "'Milk' appears in the
// list after adding it" were refused ("in the list" no known place): "it"
// is the one item added, and what is in the list is what the page shows.
func TestItemAddedAppears(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /todos, adding 'Milk' makes it appear in the list":    `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /todos, 'Milk' appears in the list after adding it":   `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /todos, 'Milk' shows up after adding it":              `visit,wait_for,remember_count,fill,press,expect_count`,
		"On /new, adding 'milk' makes it appear on the home page": `visit,wait_for,fill,press,visit,expect_text`,
	})
}

// "clicking 'Account' reveals 'Profile' and 'Sign out'" checked only
// "Profile" new; "Sign out", said appearing too, was checked only after.
// Each text of a list said to appear is counted; "or" says one of them.
func TestCameListCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /, clicking 'Account' reveals 'Profile' and 'Sign out'":                `visit,wait_for,remember_count,remember_count,click,expect_count,expect_count`,
		"On /, clicking 'Account' reveals 'Profile', 'Settings' and 'Sign out'":    `visit,wait_for,remember_count,remember_count,remember_count,click,expect_count,expect_count,expect_count`,
		"On /, clicking 'Share' brings up a popup listing 'Copy link' and 'Email'": `visit,wait_for,remember_count,remember_count,click,expect_count,expect_count`,
		"On /, clicking 'More' reveals 'Export' and the page shows 'Help'":         "visit,wait_for,remember_count,remember_count,click,expect_count,expect_text,expect_count",
	})
}

// "Clicking 'Menu' shows 'Settings'" was verified on a page whose footer
// links "Settings" and whose menu never opened: the text was checked
// page-wide after the click only. It is now also counted just before the
// action and compared after it on the same page (reach: as many blocks).
// Not where the claim says the text stays, where it is looked for before
// the action already, where the control's own name holds it, or after a
// tab or a guessed way to the place. A hover and a Tab are counted: the
// heading beside a button passed "hovering 'Rename' shows 'Apollo'".
func TestShownBeforeCounted(t *testing.T) {
	d := mustDerive("On /menu, clicking 'Menu' shows 'Settings'")
	last := d.Journeys[0].Steps[len(d.Journeys[0].Steps)-1]
	if !last.Reach || last.Ref != "before_settings" || last.Compare != plan.CountAtLeast {
		t.Errorf("the count after is %+v, want a reach more_than before_settings", last)
	}
	checkStepKinds(t, map[string]string{
		"On /menu, clicking 'Menu' shows 'Settings'":                     `visit,wait_for,remember_count,click,expect_text,expect_count`,
		"On /, pressing '?' shows 'Keyboard shortcuts'":                  `visit,remember_count,press,expect_text,expect_count`,
		"On /, typing 'x' into 'Name' and clicking 'Go' shows 'Hello x'": `visit,wait_for,remember_count,fill,click,expect_text,expect_count`,
		"On /tasks, clicking 'Clear' still shows 'Milk'":                 `visit,expect_text,click,expect_text`,
		"On /, clicking 'Show comments' shows 'Comments'":                `visit,click,expect_visible`,
		"On /, hovering over 'Row' shows 'Copy path'":                    `visit,wait_for,remember_count,hover,expect_text,expect_count`,
		"On /widgets, pressing Tab shows 'Apollo'":                       `visit,remember_count,press,expect_text,expect_count`,
		// a step said twice is one action: counted before the first
		"On /, pressing Tab twice shows 'Skip to content'":                 `visit,remember_count,press,press,expect_text,expect_count`,
		"On /settings, clicking the 'Network' tab shows 'Listening port'":  `visit,wait_for,click,wait_for,expect_text`, // inside the tab's panel (tabpanel.go)
		"On /, clicking 'Save' shows 'Saved' and the page still says 'Hi'": `visit,expect_text,click,expect_text,expect_text`,
		// counted before the last action: the add showed and took away
		// "0 items left" before the delete
		"On /todos, adding 'milk' then clicking 'Delete' shows '0 items left'": `visit,wait_for,fill,press,remember_count,click,expect_text,expect_count`,
	})
	// a control shown only while its item is hovered is not waited for
	// (it is not visible before the click reveals it): its item is
	d = mustDerive("On /tasks, clicking 'Delete' next to 'buy milk' shows '1 task left'")
	if w := d.Journeys[0].Steps[1]; w.Kind != plan.WaitFor || w.Target != "text=buy milk" {
		t.Errorf("step 2 is %+v, want a wait for the item's text", w)
	}
}

// "Clicking 'Folder' shows 'Untitled Folder'" was checked only after the
// click, page-wide: a page that listed an "Untitled Folder" already passed
// whatever the click did. A text that holds the clicked control's name is
// counted before the action and compared after, as any other; only a
// text the control's own name holds is left to the exact-element check.
func TestTextHoldingControlNameCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /files, clicking 'Folder' shows 'Untitled Folder'":                   `visit,wait_for,remember_count,click,expect_text,expect_count`,
		"On /contact, typing 'x' into Email and clicking Send shows 'Bad email'": `visit,wait_for,remember_count,fill,click,expect_text,expect_count`,
		"On /, clicking 'Show comments' shows 'Comments'":                        `visit,click,expect_visible`,
	})
}

// "Choosing 'Duplicate' from the 'Actions' menu shows 'Rename'" was
// verified in Chromium on testapp's /widgets, whose Rename button is there
// before the menu opens: the menu's item, a click marked reach because its
// role is a guess, was taken for a way to a place, and the text was not
// counted. The item chosen is the claim's action: counted like any other.
func TestMenuChoiceCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /widgets, choosing 'Duplicate' from the 'Actions' menu shows 'Rename'": `visit,click,remember_count,click,expect_text,expect_count`,
		"Choosing 'About' from the settings menu shows 'Transmission 3.00'":        `visit,click,remember_count,click,expect_text,expect_count`,
		// a place opened by a guess and looked inside is counted too,
		// before it opens
		"In Preferences, the page shows 'Speed Limits'": `visit,remember_count,click,expect_text,expect_count`,
	})
}

// TestPlaceOpenerCounted: a text looked for inside a place the plan opens
// by a guessed click ("in the Rename dialog, the page shows 'Apollo'") is
// counted before the place opens, so a text the page showed all along
// cannot pass for the place's; a chain of openers is counted before the
// first (a tab open by default shows its texts before its own click), and
// the claim's own action after the place still gets its count just
// before it.
func TestPlaceOpenerCounted(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /widgets, in the Rename dialog, the page shows 'Apollo'":         `visit,remember_count,click,expect_text,expect_count`,
		"On the General tab of Settings, 'Dark theme' is shown":              `visit,remember_count,click,click,expect_text,expect_count`,
		"Clicking 'Save' in the 'Edit Profile' dialog shows 'Profile saved'": `visit,click,remember_count,click,expect_text,expect_count`,
	})
	d, err := Derive("On the General tab of Settings, 'Dark theme' is shown")
	if err != nil {
		t.Fatal(err)
	}
	steps := d.Plan.Journeys[0].Steps
	// No wait for the guessed opener before the count: it may sit in a
	// closed menu, which only its click looks in (a wait would block).
	if steps[1].Kind != plan.RememberCount || steps[2].Target != `text="Settings"` {
		t.Errorf("the count is not taken before the first opener: %s", d.Plan.Canonical())
	}
}

// TestTabTextInPanel: a text said of a tab is looked for inside the panel
// the tab names ("the Billing tab shows 'Apollo'" was verified on a page
// whose heading said "Apollo"), after a wait marked reach for that panel;
// a text said to go away stays page-wide.
func TestTabTextInPanel(t *testing.T) {
	panel := `role=tabpanel[name="Billing"]`
	for _, c := range []string{
		"On /widgets, the Billing tab shows 'Apollo'",
		"On /settings, clicking the 'Billing' tab shows 'Invoices'",
		"On /settings, switching to the 'Billing' tab lists 'Visa'",
	} {
		d := mustDerive(c)
		if d == nil {
			t.Errorf("%q: refused", c)
			continue
		}
		steps := d.Journeys[0].Steps
		last := steps[len(steps)-1]
		wait := steps[len(steps)-2]
		if last.Kind != plan.ExpectText || last.Target != panel || wait.Kind != plan.WaitFor || wait.Target != panel || !wait.Reach {
			t.Errorf("%q: %s, want the text looked for in %s after a reach wait for it", c, d.Canonical(), panel)
		}
	}
	d := mustDerive("On /widgets, clicking the 'Billing' tab hides 'Your name and photo.'")
	if last := d.Journeys[0].Steps[len(d.Journeys[0].Steps)-1]; last.Kind != plan.ExpectNoText || last.Target != "" {
		t.Errorf("a text said gone is scoped: %s", d.Canonical())
	}
}
