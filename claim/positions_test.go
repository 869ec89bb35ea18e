package claim

import (
	"errors"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// A position before a noun picks one of the page's elements of that kind;
// it is never a label or a name, and a check of any element with the text
// would drop it.
func TestReadingsPositionsAndKinds(t *testing.T) {
	checkReadings(t, []readingCase{
		// "the first heading" was read as the h1 named Welcome: an h2 that
		// comes first on the page was never looked at
		{"On /, the first heading says 'Welcome'", `On /, a heading (the first match) shows "Welcome".`},
		{"On /, the last heading reads 'Contact'", `On /, a heading (the last match) shows "Contact".`},
		{"The second h2 on / is 'Pricing'", `On /, an h2 heading (the second match) shows "Pricing".`},
		{"On /, the first heading does not say 'Welcome'", ""},
		// the main heading is the h1, and the requirement says so
		{"On /, the main heading says 'Welcome'", `On /, the "Welcome" h1 heading is visible.`},
		// "the first field" was a field labelled "first"
		{"On /, the first field is 'Email'", ""},
		{"On /, the first field is Email", ""},
		{"On /, the second dropdown shows 'Red'", ""},
		// a label that starts with a position word is still a label
		{"On /, the First name field is 'Ann'", `On /, the field labelled "First name" holds "Ann".`},
		{"On /, typing 'Ann' into the first name field shows 'Hi Ann'", `On /: type "Ann" into the field labelled "first name"; then the page shows "Hi Ann".`},
		// a placeholder said of a named field: any field with it verified
		// the claim, whichever field it was
		{"On /, the 'Name' field has the placeholder 'Your name'", ""},
		{"On /, the name field has the placeholder 'Your name'", ""},
		{"/ has an email input with placeholder 'you@x.com'", ""},
		{"On /, the field has the placeholder 'Your name'", `On /, the field with placeholder "Your name" is visible.`},
		{"/ has a search box with placeholder 'Filter'", `On /, the field with placeholder "Filter" is visible.`},
		// a kind noun said with a quoted name, before or after it
		{"On /tree, the file 'sales.csv' is listed", `On /tree, the page shows "sales.csv".`},
		{"On /tree, the 'sales.csv' file is listed", `On /tree, the page shows "sales.csv".`},
		{"On /tree, the file 'sales.csv' is not listed", `On /tree, the page does not show "sales.csv".`},
		{"On /, the package 'left-pad' appears", `On /, the page shows "left-pad".`},
		// an adjective is no kind: it says something the text alone drops
		{"On /tree, the deleted 'sales.csv' is listed", ""},
		{"On /, the big 'Hi' is shown", ""},
		{"On /, the big hi-2.csv is shown", ""},
	})
}

// "X links to /p" said of an element is where clicking it leads: it was
// read as a click and then a link to /p somewhere on the page it led to.
func TestReadingsElementLinksTo(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the 'Docs' link links to /docs", `On /: click the "Docs" link; then the address is /docs.`},
		{"On /about, the logo links to /", `On /about: click the image "logo"; then the address is /.`},
		{"On /, the 'Docs' button links to /docs", `On /: click the "Docs" button; then the address is /docs.`},
		// where it does not lead is not checked
		{"On /, the 'Docs' link doesn't link to /old", ""},
		// on the page it leads to, a click that does nothing would pass
		{"On /, the logo links to /", ""},
		{"On /, the logo links to the home page", ""},
		// a page's own link is still a link on it
		{"/ links to /docs", `On /, a link to /docs is shown.`},
	})
}

// A popup, a lightbox or a cookie banner is found as a dialog, a guess:
// said absent with no dialog found open first, a banner the page does not
// mark up as a dialog passed.
func TestReadingsGuessedDialogAbsent(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the popup is not shown", ""},
		{"On /, there is no popup", ""},
		{"On /, the cookie banner is not shown", ""},
		{"On /, after clicking 'Accept', the cookie banner is hidden", ""},
		{"On /, after clicking 'Accept' and reloading, the cookie banner stays hidden", ""},
		{"On /, after clicking 'Accept', the popup is hidden", ""},
		// found open (a reach) and gone: a wrong guess blocks or fails, never verifies
		{"On /, the cookie banner disappears after clicking 'Accept'", `On /: click the text "Accept"; then a dialog is not visible.`},
		{"On /, pressing Escape closes the popup", `On /: wait until a dialog is visible (only to reach the place the claim is about: a guess); then press Escape; then a dialog is not visible.`},
		// shown, and a dialog by its own name
		{"On /, clicking 'Open' shows a popup", `On /: click the text "Open"; then a dialog is visible.`},
		{"On /, no dialog is shown", `On /, a dialog is not visible.`},
	})
}

// A named element said of a landmark after "On /," is pinned inside it,
// as "The header on / has …" was: it was refused.
func TestReadingsNamedElementInLandmark(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the header has a 'Pricing' link", `On /, the "Pricing" link in the header is visible.`},
		{"On /, the header has a link 'Pricing'", `On /, the "Pricing" link in the header is visible.`},
		{"On /, the sidebar has an 'Inbox' link", `On /, the "Inbox" link in the sidebar is visible.`},
		// "company" describes the logo, and any image in the sidebar
		// would pass for it: refused, as "/ shows the company logo" is
		{"The sidebar has a 'Home' link and the company logo", ""},
		{"The sidebar has a 'Home' link and an image", `On /, the "Home" link in the sidebar is visible. | On /, the element matching "aside img" is visible.`},
		{"On /, the footer has no 'Careers' link", `On /, wait until the element matching "footer" is visible (only to reach the place the claim is about: a guess) and the "Careers" link in the footer is not visible.`},
	})
}

// "the row for 'Ann'" is the item that shows Ann, as "the 'Ann' row" is.
func TestReadingsRowFor(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /users, the row for 'Ann' shows 'Admin'", `On /users, the text "Admin" in the item containing "Ann" is visible.`},
		{"On /users, the row with 'Ann' shows 'Admin'", `On /users, the text "Admin" in the item containing "Ann" is visible.`},
		{"On /users, the card for 'Ann' says 'Admin'", `On /users, the text "Admin" in the item containing "Ann" is visible.`},
		{"On /users, the row for 'Ann' has a 'Delete' button", `On /users, the "Delete" button in the item containing "Ann" is visible.`},
	})
}

// A check that the text just clicked is shown passes whatever the click
// did: "selecting 'French' changes the language to French" verified on
// any page that still shows the word it clicked.
func TestReadingsShowsWhatWasClicked(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, clicking 'Dark' shows 'Dark'", ""},
		{"On /settings, clicking 'French' changes the language to 'French'", ""},
		{"On /settings, selecting 'French' switches the language to French", ""},
		{"On /, clicking 'Next' twice shows 'Next'", ""},
		// another text after the click is evidence of what it did
		{"On /, clicking 'Show more' shows 'Show less'", `On /: click the text "Show more"; then the page shows "Show less".`},
	})
}

// "GET /tasks/1 has the title 'X'": the method says the record's JSON is
// read, which has no page title; a rephrasing that drops "title" checks a
// text, not the title, and is labelled.
func TestReadingsGetRecordTitle(t *testing.T) {
	checkReadings(t, []readingCase{
		{"GET /tasks/1 has the title 'Buy milk'", `On /tasks/1, the value at /title of the JSON response is "Buy milk".`},
		{"/tasks/1 has the title 'Buy milk'", ""},
		{"GET /about has the title 'About'", ""},
	})
	np := refusalOf(t, "The title of GET /tasks/1 is 'Buy milk'")
	if np == nil || len(np.Suggestions) == 0 || !strings.Contains(np.Suggestions[0], labelSep) {
		t.Errorf("the first suggestion drops \"title\" unlabelled: %+v", np)
	}
}

// "has the value" says a field's value, as "is set to" does.
func TestReadingsHasTheValue(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the 'Name' field has the value 'Ann'", `On /, the field labelled "Name" holds "Ann".`},
		{"On /, the 'Name' field has a value of 'Ann'", `On /, the field labelled "Name" holds "Ann".`},
	})
}

// "a minimum of", "a maximum of", "not less than" bound a count.
func TestReadingsCountBoundWords(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ has a minimum of 3 links", `On /, at least 3 visible elements match role=link.`},
		{"/ has a maximum of 3 links", `On /, at most 3 visible elements match role=link.`},
		{"/ has not less than 3 links", `On /, at least 3 visible elements match role=link.`},
	})
}

// A modal before the verb leaves its base form ("should say"), which the
// heading, link and button readers now take as "says".
func TestReadingsModalBeforeSays(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the main heading should say 'Welcome'", `On /, the "Welcome" h1 heading is visible.`},
		{"On /, the first link should say 'Home'", `On /, a link (the first match) shows "Home".`},
		{"On /, the first heading must say 'Welcome'", `On /, a heading (the first match) shows "Welcome".`},
		{"On /, the heading should not say 'Welcome'", ""},
		{"On /, the heading may say 'Welcome'", ""},
	})
}

// "should not be visible", "there should not be": the modal dropped leaves
// the negation before "be", which the element readers now take.
func TestReadingsModalNegatedBe(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the 'Subscribe' button should not be visible", `On /, the "Subscribe" button is not visible.`},
		{"On /, the 'Subscribe' button must not be visible", `On /, the "Subscribe" button is not visible.`},
		{"On /, the 'Subscribe' button should not be hidden", `On /, the "Subscribe" button is visible.`},
		{"On /, there should not be an 'Admin' link", `On /, the "Admin" link is not visible.`},
		{"On /, there must not be a 'Delete' button", `On /, the "Delete" button is not visible.`},
		{"On /, there should not be a popup", ""},
	})
}

// A page opened in a new tab is where every journey opens it; a click
// said to open a page in a new tab is a claim about that tab, never
// checked by the address of the tab the click was made in.
func TestReadingsNewTab(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Opening /x in a new browser tab shows 'Hi'", `On /x, the page shows "Hi".`},
		{"Visiting /x in a private window shows 'Hi'", `On /x, the page shows "Hi".`},
		{"Clicking 'Docs' opens /docs in a new tab", ""},
	})
}

// A position in the list said as "is", "starts with" or "ends with" is
// the item at that position, as "the first item in the list shows" is.
func TestReadingsListPosition(t *testing.T) {
	first := `On /, the first item in the list shows "Milk".`
	checkReadings(t, []readingCase{
		{"On /, the first item is 'Milk'", first},
		{"On /, the first list item says 'Milk'", first},
		{"On /, 'Milk' is the first item in the list", first},
		{"On /, the list starts with 'Milk'", first},
		{"On /, the first item is not 'Milk'", ""},
		{"On /, 'Milk' is not the first item", ""},
	})
}

// "Filling in the form" says values: without them it was a bare submit of
// an empty form, and with "and submitting it" after, two clicks.
func TestReadingsFillingInTheForm(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /signup, filling in the form shows 'Thanks'", ""},
		{"On /signup, completing the form shows 'Thanks'", ""},
		{"On /signup, filling in the form and submitting it shows 'Thanks'", ""},
		{"On /signup, submitting the form shows 'Thanks'", `On /signup: submit the form; then the page shows "Thanks".`},
	})
	for _, c := range []struct {
		claim  string
		clicks int
	}{
		{"On /signup, filling in the form with 'Ann' as the name and submitting it shows 'Thanks'", 1},
		{"On /signup, filling in the form with 'Ann' as the name shows 'Thanks'", 1},
		{"On /signup, submitting the form and submitting it again shows 'Already sent'", 2},
	} {
		d, err := Derive(c.claim)
		if err != nil {
			t.Errorf("%q: %v", c.claim, err)
			continue
		}
		n := 0
		for _, s := range d.Plan.Journeys[0].Steps {
			if s.Kind == plan.Click {
				n++
			}
		}
		if n != c.clicks {
			t.Errorf("%q clicks %d times, want %d", c.claim, n, c.clicks)
		}
	}
}

// A value said of the part that shows it ("the total says '$10'") is
// not looked for on the whole page, where an item priced $10 would prove
// it: refused, with the reading beside the part's label first. A longer
// text ("3 items left") says what it is wherever it is shown.
func TestValueOfPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /cart, the total says '$10'", ""},
		{"On /cart, the total reads '$10.00'", ""},
		{"On /cart, the subtotal shows '€9.99'", ""},
		{"On /account, the balance says '1,200'", ""},
		{"On /cart, clicking '+' changes the total to '$24'", ""},
		{"On /cart, clicking '+' changes the 'Total' to '$24'", `On /cart: click the text "+"; then the text "$24" shown as the value of "Total" is visible.`},
		{"On /todos, the counter shows '3 items left'", `On /todos, the page shows "3 items left".`},
		{"On /cart, the 'Total' says '$10'", `On /cart, the text "$10" shown as the value of "Total" is visible.`},
	})
	for claim, first := range map[string]string{
		"On /cart, the total says '$10'":                    "On /cart, the 'Total' says '$10'",
		"On /cart, clicking '+' changes the total to '$24'": "On /cart, after clicking '+', the 'Total' says '$24'",
	} {
		_, err := Derive(claim)
		var np *NotProvableError
		if !errors.As(err, &np) || len(np.Suggestions) == 0 || !strings.HasPrefix(np.Suggestions[0], first) {
			t.Errorf("%q: first suggestion %v, want %q", claim, err, first)
		}
	}
}

// Common ways of saying two texts' states: "neither … nor … is shown",
// "'A' is shown but 'B' is not", a text "in the header and the footer";
// and a kind noun before a quoted text ("the number '42'").
func TestPairedStates(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, neither 'Beta' nor 'Alpha' is shown", `On /, the page does not show "Beta". | On /, the page does not show "Alpha".`},
		{"On /, 'Beta' is shown but 'Alpha' is not", `On /, the page shows "Beta". | On /, the page does not show "Alpha".`},
		{"On /, 'Beta' is visible; 'Alpha' is not", `On /, the page shows "Beta". | On /, the page does not show "Alpha".`},
		{"On /, 'Beta' is shown in the header and the footer", `On /, the element matching "header" shows "Beta" (found first: a page without it blocks the run). | On /, the element matching "footer" shows "Beta" (found first: a page without it blocks the run).`},
		{"On /, the number '42' is shown", `On /, the page shows "42".`},
		{"On /products, the price of 'Lamp' is '$20'", `On /products, the text "$20" in the item containing "Lamp" is visible.`},
		// "is not" with nothing before it to repeat stays refused
		{"On /, 'Alpha' is not", ""},
	})
}

// "the 'X' box is ticked" is a checkbox; an item added "twice" (or "two
// times") is added once and then again.
func TestBoxesTwiceKeeps(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, the 'Email me' box is ticked", `On /settings, the "Email me" checkbox is ticked.`},
		{"On /settings, the 'Email me' box is not ticked", `On /settings, the "Email me" checkbox is not ticked.`},
	})
	for _, c := range []struct {
		claim string
		kinds string
	}{
		{"On /todos, adding 'Milk' twice shows 'Milk already exists'", "visit wait_for fill press wait_for remember_count fill press expect_text expect_count"},
		{"On /todos, adding 'Milk' two times shows '2 items left'", "visit wait_for fill press wait_for remember_count fill press expect_text expect_count"},
	} {
		d, err := Derive(c.claim)
		if err != nil {
			t.Errorf("%q: %v", c.claim, err)
			continue
		}
		var ks []string
		for _, s := range d.Plan.Journeys[0].Steps {
			ks = append(ks, string(s.Kind))
		}
		if g := strings.Join(ks, " "); g != c.kinds {
			t.Errorf("%q: steps %s, want %s", c.claim, g, c.kinds)
		}
	}
}

// "the submit button" is the form's submit control, never any button
// (it clicked the page's first button), and "/login's submit button
// says 'X'" no longer submits the form; "accessible" is refused, since
// it may mean that the page answers or that assistive technology can
// use it.
func TestSubmitButtonAccessible(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /login, clicking the submit button shows 'Hi'", `On /login: click the form's submit button; then the page shows "Hi".`},
		{"On /login, there is a submit button", `On /login, the form's submit button is visible.`},
		{"/login's submit button says 'Sign in'", `On /login, the form's submit button shows "Sign in".`},
		{"On /login, the submit button works", ""},
		{"/ is accessible", ""},
		{"/ is reachable", `On /, the page answered HTTP 200.`},
	})
}

// What is said of a part is looked for inside it: a link of the footer
// that goes somewhere is the footer's link (it clicked a link of that
// name anywhere), and what an item named by unquoted capitalised words
// has ("the Pro card has a Buy button") is refused when the plan would
// look for it on the whole page.
func TestPartsKeepTheirs(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the footer has a 'Privacy' link that goes to /privacy", `On /: click the "Privacy" link in the footer; then the address is /privacy.`},
		{"On /, the header has a 'Docs' link that opens /docs", `On /: click the "Docs" link in the header; then the address is /docs.`},
		{"On /pricing, the Pro card has a Buy button", ""},
		{"On /pricing, the Pro Plus card has a 'Buy' button", ""},
		{"On /pricing, the Pro plan costs '$12'", `On /pricing, the text "$12" in the item containing "Pro" is visible.`},
	})
}

// "fields" counts the fields a person fills in, password and number
// fields and drop-downs too: counted as ARIA textboxes, a form of four
// text fields and a password field verified "the form has 4 fields".
func TestFieldsCounted(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /signup, the page has 4 fields", "On /signup, exactly 4 fields are shown (text, password, number, date and the like, text areas and drop-downs)."},
		{"On /signup, the form has 5 fields", "On /signup, exactly 5 fields are shown inside the page's form (text, password, number, date and the like, text areas and drop-downs)."},
	})
	d, err := Derive("On /signup, the form has 5 fields")
	if err != nil {
		t.Fatal(err)
	}
	if tg := d.Plan.Journeys[0].Steps[1].Target; !strings.Contains(tg, "form select") || !strings.Contains(tg, ":not([type=checkbox])") || strings.Contains(tg, "[type=password]") {
		t.Errorf("target %s: want every field of the form but ticks and buttons", tg)
	}
}

// A section is what follows its heading: "the 'Team' section lists
// 'Ann'" looked for Ann in a repeated item holding "Team" (a list item, a
// card), and "under the 'Team' heading, 'Ann' is shown" was refused.
func TestSectionsUnderHeadings(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /about, the 'Team' section shows 'Ann'", `On /about, the page shows "Team". | On /about, the text "Ann" in the section under the heading "Team" is visible.`},
		{"On /about, under the 'Team' heading, 'Ann' is shown", `On /about, the page shows "Ann" under the heading "Team".`},
		{"Under the 'Team' heading on /about, 'Ann' is shown", `On /about, the page shows "Ann" under the heading "Team".`},
		{"On /about, in the 'Team' section, 'Ann' is not shown", `On /about, the page does not show "Ann" under the heading "Team".`},
	})
}
