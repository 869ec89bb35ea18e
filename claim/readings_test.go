package claim

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// readingCase is a claim and what it must derive: the requirement texts
// joined by " | ", or "" when the claim must be refused. Each case is a
// claim a looser reading got wrong: a word of it was dropped, or read as
// something else, so the plan checked another claim.
type readingCase struct {
	claim string
	want  string
}

func checkReadings(t *testing.T, cases []readingCase) {
	t.Helper()
	for _, tc := range cases {
		d, err := Derive(tc.claim)
		if tc.want == "" {
			var np *NotProvableError
			if !errors.As(err, &np) {
				var got []string
				for _, r := range d.Requirements {
					got = append(got, r.Text)
				}
				t.Errorf("%q derived %q; want a refusal", tc.claim, strings.Join(got, " | "))
			}
			continue
		}
		if err != nil {
			t.Errorf("%q refused (%v); want %q", tc.claim, err, tc.want)
			continue
		}
		var got []string
		for _, r := range d.Requirements {
			got = append(got, r.Text)
		}
		if g := strings.Join(got, " | "); g != tc.want {
			t.Errorf("%q derived\n  %q\nwant\n  %q", tc.claim, g, tc.want)
		}
	}
}

// Words before "home page" are the app's name only when they read as a
// name; "the nav on the home page" and "the signed-in home page" say which
// part, or which state, of the page the claim is about.
func TestReadingsAppName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The Acme home page shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"The JSON Server home page shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"The nav on the home page shows 'Docs'", `On /, the element matching "nav" shows "Docs" (found first: a page without it blocks the run).`},
		{"The button on the home page says 'Save'", ""},
		{"The link on the home page says 'Docs'", ""},
		{"The signed-in home page shows 'Sign out'", ""},
		{"The admin home page shows 'Users'", `On the page the link "admin home" on / opens, the page shows "Users".`},
		{"The mobile home page shows 'Welcome'", ""},
		{"The old home page shows 'Welcome'", ""},
		{"The cached homepage shows 'Welcome'", ""},
	})
}

// A lower-case app name joined by a hyphen or a dot ("json-server",
// "foo.js") reads as a name before "home page", as "json-server's
// homepage" does; a hyphenated description or state does not.
func TestReadingsJoinedAppName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The json-server home page says 'Welcome'", `On /, the page shows "Welcome".`},
		{"The foo.js start page shows 'Hello'", `On /, the page shows "Hello".`},
		{"The foo.js web UI shows 'Hello'", `On /, the page shows "Hello".`},
		{"The user-facing home page shows 'Hello'", ""},
		{"The full-width home page shows 'Hello'", ""},
		{"The re-designed home page shows 'Hello'", ""},
		{"The logged-out home page shows 'Sign in'", ""},
		{"The sign-up home page shows 'Hello'", ""},
		{"The dark-mode home page shows 'Hello'", ""},
		{"The nav on the json-server home page has 3 links", "On /, exactly 3 visible elements match css=nav a[href]."},
	})
}

// A count under a subject that names a part of the page counts inside that
// part, or the claim is refused: "the footer on /about has 2 links" is not
// "/about has 2 links".
func TestReadingsCountInRegion(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The nav on the home page has 3 links", "On /, exactly 3 visible elements match css=nav a[href]."},
		{"The footer on /about has 2 links", "On /about, exactly 2 visible elements match css=footer a[href]."},
		{"The table on /widgets has 3 rows", "On /widgets, exactly 3 visible elements match css=table tr:has(td)."},
		{"The list on /todos has 3 items", "On /todos, exactly 3 list items are shown (outside the nav, header, footer and menus)."},
		{"/todos shows no items", "On /todos, no list item is shown (outside the nav, header, footer and menus)."},
		{"The nav has no links", `On /, wait until the element matching "nav" is visible (only to reach the place the claim is about: a guess) and the element matching "nav a[href]" is not visible.`},
		{"The first list on /todos has 3 items", ""},
		{"The bottom table on /widgets has 3 rows", ""},
		{"The cart on the home page has 3 items", ""},
		{"The card on /pricing has 2 buttons", ""},
		{"The Pro plan on /pricing has 2 buttons", ""},
	})
}

// Two pages joined as one subject are refused: reading the check of the
// last page alone would leave the first unchecked.
func TestReadingsJoinedPages(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page and /about show 'Acme'", ""},
		{"The home page and /about don't show 'Error'", ""},
		{"/about, /pricing and /docs show 'Acme'", ""},
		{"The home page, after clicking 'Docs', shows 'Guide'", `On /: click the text "Docs"; then the page shows "Guide".`},
	})
}

// A bare host is the deployment's home page as a subject, never as where a
// link goes: "links to github.com" is another site, and a[href="/"] (the
// logo's link home) would prove it.
func TestReadingsHostDestination(t *testing.T) {
	checkReadings(t, []readingCase{
		{"example.com shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"The home page links to github.com", ""},
		{"The home page has a link to github.com", ""},
		// a named link's destination is read from its href, the host
		// kept (linkdest.go): a[href="/"] does not prove it
		{"The 'GitHub' link goes to github.com", `On /, the link whose href is https://github.com (or with http://, or a slash at the end) shows "GitHub".`},
		{"Clicking 'GitHub' opens github.com", ""},
		{"The home page has a 'GitHub' link that goes to github.com", ""},
	})
}

// "no longer" and "not there" are negations, counted once: "'X' is no
// longer shown" read "shows 'X'".
func TestReadingsNoLonger(t *testing.T) {
	checkReadings(t, []readingCase{
		{"'Save' is no longer shown on the home page", `On /, the page does not show "Save".`},
		{"On /todos, 'milk' is no longer shown", `On /todos, the page does not show "milk".`},
		{"'Beta' is no longer visible on /", `On /, the page does not show "Beta".`},
		{"'Beta' is not there on /", `On /, the page does not show "Beta".`},
		{"'Beta' is not hidden on /", `On /, the page shows "Beta".`},
		{"'Beta' is not gone on /", `On /, the page shows "Beta".`},
		{"After clicking 'Save', 'Save' is no longer shown", `On /: the text "Save" is visible; then click the text "Save"; then the text "Save" is not visible.`},
		{"The 'Save' button is no longer there on /", `On /, the "Save" button is not visible.`},
	})
}

// "no" and "empty" clear a field only when the words after them can name
// one: "clicking 'Save' no longer shows 'Save'" cleared a field "longer"
// and checked the text present.
func TestReadingsEmptyField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking 'Save' no longer shows 'Save'", `On /: the page shows "Save"; then click the text "Save"; then the page does not show "Save".`},
		{"An empty search shows 'No results'", ""},
		{"Submitting the form with an empty email shows 'Email is required'", `On /: clear the field labelled "email", submit the form; then the page shows "Email is required".`},
	})
}

// A subject about each of several parts is refused: a text found once on
// the page proves it of one part only.
func TestReadingsEveryPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Each card on /pricing has a 'Buy' button", ""},
		{"Every plan costs '$12' on /pricing", ""},
		{"Every row on /widgets shows 'Delete'", ""},
		{"The card on /pricing shows 'Buy'", ""},
	})
}

// A quantity of elements is never a link's name or a text to look for, and
// a path never starts an unquoted text.
func TestReadingsQuantityNotText(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page shows 'Docs' and has 2 links", `On /, the page shows "Docs". | On /, exactly 2 visible elements match role=link.`},
		{"The home page has a few links", ""},
		{"The home page has about 10 links", ""},
		{"The home page has several links", ""},
		{"The home page has between 2 and 5 links", ""},
		{"The home page has 2-5 links", ""},
		{"The home page has an About link", `On /, the "About" link is visible.`},
		{"/about shows 'Acme' but /pricing doesn't", ""},
		{"The home page shows 'Welcome' and so does /about", ""},
		{"The Pro plan costs '$12' on /pricing", `On /pricing, the text "$12" in the item containing "Pro" is visible.`},
		{"The home page shows Welcome to testapp", `On /, the page shows "Welcome to testapp".`},
	})
}

// A list of texts goes on after "and" or a comma, never after a condition
// word, and a part of the page is never one of its texts.
func TestReadingsMoreTexts(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/about shows 'Team' in the nav and the footer", ""},
		{"/about shows 'Team' when scrolled down", ""},
		{"/about shows 'Team', 'Contact' and Jobs", `On /about, the page shows "Team". | On /about, the page shows "Contact". | On /about, the page shows "Jobs".`},
	})
}

// A page named right after the page that is the subject would replace it:
// "the settings page of the dashboard" checked /dashboard.
func TestReadingsPageOfPage(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The settings page of the dashboard shows 'Theme'", ""},
		{"/about on the home page shows 'Team'", ""},
		{"The about page at /about shows 'Team'", `On /about, the page shows "Team".`},
		{"The page at /about shows 'Team'", `On /about, the page shows "Team".`},
	})
}

// Before any action, a page named after the subject's check ("The home
// page shows 'Welcome' on /about") would move the check to it.
func TestReadingsCheckMovedToOtherPage(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page shows 'Welcome' on /about", ""},
		{"The home page shows 'Welcome' and /about shows 'Team'", `On /, the page shows "Welcome". | On /about, the page shows "Team".`},
		{"/status returns 200 and /secret returns 401", "On /status, the page answered HTTP 200. | On /secret, the page answered HTTP 401."},
	})
}

// "Clicking outside the dialog" clicks a place, not the text "outside the
// dialog".
func TestReadingsClickPlace(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking outside the dialog closes it", ""},
		{"Clicking anywhere on the page closes the menu", ""},
	})
}

// A rephrasing that never opens the home page the claim names is not
// faithful: it is labelled as checking less.
func TestReadingsHomeKeptInSuggestion(t *testing.T) {
	_, err := Derive("The home page and /about show 'Acme'")
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("derived; want a refusal")
	}
	if len(np.Suggestions) == 0 {
		t.Errorf("no suggestion; want /about's check, labelled")
	}
	for _, s := range np.Suggestions {
		if !strings.Contains(s, " — checks only that ") {
			t.Errorf("suggestion %q drops the home page without saying so", s)
		}
	}
}

// "but" turns a negation around: a negated check continued after "but" is
// refused, never carried over ("has no 'Sign in' link but a 'Sign out'
// link" checked both links absent).
func TestReadingsNegationAcrossBut(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page shows no 'Error' but 'Welcome'", ""},
		{"The home page has no 'Sign in' link but a 'Sign out' link", ""},
		{"The home page shows 'Welcome' but not 'Error'", `On /, the page shows "Welcome". | On /, the page does not show "Error".`},
		{"The home page doesn't show 'A' and 'B'", `On /, the page does not show "A". | On /, the page does not show "B".`},
	})
}

// "shows only 'X'" says nothing else is shown: refused, and a rephrasing
// without "only" says it checks less.
func TestReadingsShowsOnly(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page shows only 'Welcome'", ""},
		{"The home page has only 3 links", "On /, exactly 3 visible elements match role=link."},
	})
	_, err := Derive("The home page shows only 'Welcome'")
	var np *NotProvableError
	if !errors.As(err, &np) || len(np.Suggestions) == 0 {
		t.Fatalf("want a refusal with a suggestion, got %v", err)
	}
	for _, s := range np.Suggestions {
		if !strings.Contains(s, " — checks only that ") {
			t.Errorf("suggestion %q drops \"only\" without saying so", s)
		}
	}
}

// A condition word with nothing after it ("… once") says how often: a
// count of one, or refused, never dropped.
func TestReadingsTrailingCondition(t *testing.T) {
	checkReadings(t, []readingCase{
		{"'Acme' appears on the home page once", `On /, exactly 1 visible elements match text="Acme".`},
		{"The home page shows 'Acme' once", `On /, exactly 1 visible elements match text="Acme".`},
		{"The footer shows 'Acme' once", ""},
		{"Clicking 'Add' once shows '1'", `On /: click the text "Add"; then the page shows "1".`},
	})
}

// A rephrasing that drops how often ("once") says it checks less.
func TestReadingsOnceKeptInSuggestion(t *testing.T) {
	_, err := Derive("The footer shows 'Acme' once")
	var np *NotProvableError
	if !errors.As(err, &np) || len(np.Suggestions) == 0 {
		t.Fatalf("want a refusal with a suggestion, got %v", err)
	}
	for _, s := range np.Suggestions {
		if !strings.Contains(s, " — checks only that ") {
			t.Errorf("suggestion %q drops \"once\" without saying so", s)
		}
	}
}

// A text said of a part of the page is looked for inside that part: in
// the element a landmark or element kind names (footer, nav, dialog …),
// in the item that shows the part's name ("the Pro plan"), or the claim is
// refused; found elsewhere on the page it would prove another claim.
func TestReadingsTextInPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The footer on /about shows 'Contact'", `On /about, the element matching "footer" shows "Contact" (found first: a page without it blocks the run).`},
		{"The header on /shop doesn't show 'Sale'", `On /shop, the element matching "header" does not show "Sale" (found first: a page without it blocks the run).`},
		{"The sidebar on /inbox lists 'Drafts' and 'Sent'", `On /inbox, the element matching "aside" shows "Drafts" (found first: a page without it blocks the run). | On /inbox, the element matching "aside" shows "Sent" (found first: a page without it blocks the run).`},
		{"The nav menu on /docs has 'Guides'", `On /docs, the element matching "nav" shows "Guides" (found first: a page without it blocks the run).`},
		{"After clicking 'Share', the dialog shows 'Copy link'", `On /: click the text "Share"; then the element matching "dialog, [role=dialog]" shows "Copy link".`},
		{"The Basic tier costs '$9' on /plans", `On /plans, the text "$9" in the item containing "Basic" is visible.`},
		{"The error message on /signup says 'Taken'", `On /signup, the page shows "Taken".`},
		{"The card on /plans shows '$9'", ""},
		{"The hero on the home page says 'Ship faster'", ""},
		{"The left sidebar on /inbox shows 'Drafts'", ""},
		{"The cheapest tier costs '$9' on /plans", ""},
		{"The Basic tier doesn't cost '$19' on /plans", ""},
		{"The summary panel on /cart shows 'Total'", ""},
	})
}

// An ordinal before an element picks one match by position ("the first
// 'Delete' button" is nth=first), never any of them; one before a name said
// after the noun may count every element or the named ones: refused.
func TestReadingsOrdinalElement(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking the first 'Archive' button shows 'Archived'", `On /: click the "Archive" button (the first match); then the page shows "Archived".`},
		{"On /mail, clicking the last 'Reply' link shows 'Re:'", `On /mail: click the "Reply" link (the last match); then the page shows "Re:".`},
		{"Clicking the second tab on /settings shows 'Billing'", `On /settings: click a tab (the second match); then the page shows "Billing".`},
		{"Clicking the first button saying 'Archive' shows 'Archived'", ""},
		{"Clicking the first buttons shows 'Archived'", ""},
	})
}

// "then" between two things the page shows, with nothing done between,
// says one shows after the other in time (or further down the page):
// refused, and a rephrasing checking both says it drops the order.
func TestReadingsTextsInTime(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/upload shows 'Uploading' then 'Done'", ""},
		{"/upload shows 'Uploading' and then 'Done'", ""},
		{"/upload shows 'Uploading', and after that 'Done'", ""},
		{"/upload shows 'Uploading' then shows 'Done'", ""},
		{"Clicking 'Sync' shows 'Syncing' then 'Synced'", ""},
		{"/docs lists 'Intro' then 'Setup'", `On /docs, "Intro" comes before "Setup" on the page.`},
		{"Clicking 'Sync' shows 'Syncing', then clicking 'Stop' shows 'Stopped'", `On /: click the text "Sync"; then the page shows "Syncing"; then click the text "Stop"; then the page shows "Stopped".`},
	})
	_, err := Derive("/upload shows 'Uploading' then 'Done'")
	var np *NotProvableError
	if !errors.As(err, &np) || len(np.Suggestions) == 0 {
		t.Fatalf("want a refusal with a suggestion, got %v", err)
	}
	for _, s := range np.Suggestions {
		if !strings.Contains(s, " — checks only that ") {
			t.Errorf("suggestion %q drops the order in time without saying so", s)
		}
	}
}

// A bare "not 'X'" after a check of something other than the page's text
// (a title, an element) says what that is not: refused, never moved to the
// page's text.
func TestReadingsNegationStaysWithCheck(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The title of /blog is 'Blog · Acme' and not 'Blog'", ""},
		{"/blog's title is 'Blog · Acme', not 'Untitled'", ""},
		{"The 'Save' button on /edit is visible and not 'Saving'", ""},
		{"/blog shows 'Posts' and not 'Drafts'", `On /blog, the page shows "Posts". | On /blog, the page does not show "Drafts".`},
		{"The title of /blog is 'Blog' and the page doesn't show 'Drafts'", `On /blog, the title is "Blog". | On /blog, the page does not show "Drafts".`},
	})
}

// A sign-in said as a condition of a page's check ("/x shows 'Y' when
// signed in") happens on the sign-in page, then the page is opened; a
// sign-in said at a page ("signing in on /x") happens there.
func TestReadingsSignedInCondition(t *testing.T) {
	in := "sign in as the user in the secret USER_EMAIL with the password from the secret USER_PASSWORD"
	checkReadings(t, []readingCase{
		{"/billing shows 'Invoices' when signed in", `On /login: ` + in + `, go to /billing; then the page shows "Invoices".`},
		{"/billing shows 'Invoices' after logging in", `On /login: ` + in + `, go to /billing; then the page shows "Invoices".`},
		{"Logging in on /billing shows 'Invoices'", `On /billing: ` + in + `; then the page shows "Invoices".`},
		{"/signin shows 'Welcome' after signing in", `On /signin: ` + in + `; then the page shows "Welcome".`},
	})
}

// "Signing in without a password" leaves the password field empty: the
// sign-in never fills it (and never needs its secret).
func TestReadingsSignInWithoutField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Logging in without a password shows 'Enter a password'", `On /login: sign in as the user in the secret USER_EMAIL with an empty password; then the page shows "Enter a password".`},
		{"Logging in with an empty password shows 'Enter a password'", `On /login: sign in as the user in the secret USER_EMAIL with an empty password; then the page shows "Enter a password".`},
		{"Logging in without an email shows 'Enter an email'", `On /login: sign in with an empty user name and the password from the secret USER_PASSWORD; then the page shows "Enter an email".`},
	})
	d, err := Derive("Logging in without a password shows 'Enter a password'")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Plan.Journeys[0].Steps {
		if s.Secret == "USER_PASSWORD" {
			t.Errorf("the plan fills the password it says is left empty: %s", d.Plan.Canonical())
		}
	}
}

// A page named after a check that follows an action, in a claim whose
// subject is another page, is where the action leads: the journey never
// starts there instead of the subject page.
func TestReadingsPageAfterActionCheck(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page, when I click 'Pricing', shows 'Plans' on /pricing", ""},
		{"/shop, after clicking 'Cart', shows 'Empty' on /cart", ""},
		{"Clicking 'Docs' on the home page opens /docs", `On /: click the text "Docs"; then the address is /docs.`},
		{"The pricing page at /plans shows 'Pro'", `On /plans, the page shows "Pro".`},
	})
}

// A word for a state, language or version of a page ("the empty cart
// page", "the German home page") is never an app's name nor a link's
// name: the claim is about a page vouch cannot reach by that reading.
func TestReadingsPageState(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The empty orders page shows 'No orders yet'", ""},
		{"The German home page shows 'Willkommen'", ""},
		{"The Spanish about page shows 'Equipo'", ""},
		{"The mobile pricing page shows 'Plans'", ""},
		{"The Acme home page shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"The invoices page shows 'No invoices'", `On the page the link "invoices" on / opens, the page shows "No invoices".`},
	})
}

// The guard: a word of the claim that bears meaning and that the plan does
// not show is refused, whichever reader made the plan. Each row is a claim
// a reader derived while stepping over such a word; the faithful rows
// beside them keep the guard from refusing what the plan does check.
func TestReadingsGuard(t *testing.T) {
	checkReadings(t, []readingCase{
		// a hedge holds when the page does not do it
		{"On /, clicking 'Save' may show 'Saved'", ""},
		{"On /, clicking 'Save' might show 'Saved'", ""},
		{"On /, clicking 'Save' could show 'Saved'", ""},
		{"On /, clicking 'Save' sometimes shows 'Error'", ""},
		{"On /, clicking 'Save' should show 'Saved'", `On /: click the text "Save"; then the page shows "Saved".`},
		// "only", "just": nothing else is shown
		{"/todos lists just 'A'", ""},
		{"/todos lists only 'A'", ""},
		{"/tasks?q=login only shows 'Fix the login bug', not 'Write the release notes'", `On /tasks?q=login, the page shows "Fix the login bug". | On /tasks?q=login, the page does not show "Write the release notes".`},
		// a number the plan does not count
		{"/todos lists three tasks: 'A' and 'B'", ""},
		{"The home page shows two tasks: 'A' and 'B'", ""},
		{"/users lists the two users 'ann' and 'bob'", ""},
		{"The nav has 3 links", "On /, exactly 3 visible elements match css=nav a[href]."},
		{"Expanding 'List books' shows one 'Try it out' button, not two", `On /: click the text "List books"; then exactly 1 visible elements match role=button[name="Try it out"].`},
		{"Make sure /careers doesn't 404", "On /careers, the page answered HTTP 200."},
		{"On /counter, clicking 'Increment' three times shows '3'", `On /counter: click the text "Increment", click the text "Increment", click the text "Increment"; then the page shows "3".`},
		// a part of the page picked by a word its tag does not tell
		{"The mobile nav shows 'Docs'", ""},
		{"The hidden sidebar shows 'Docs'", ""},
		{"The collapsed sidebar shows 'Docs'", ""},
		{"The footer shows '© 2024'", `On /, the element matching "footer" shows "© 2024" (found first: a page without it blocks the run).`},
		{"In the top nav, 'Docs' is shown", `On /, the element matching "nav" shows "Docs" (found first: a page without it blocks the run).`},
		// an order inside a part of the page is checked inside it
		{"The nav shows 'Docs' before 'Blog'", `On /, wait until the element matching "nav" is visible (only to reach the place the claim is about: a guess) and "Docs" comes before "Blog" among the elements matching css=nav.`},
		{"The nav shows 'Docs' after 'Blog'", `On /, wait until the element matching "nav" is visible (only to reach the place the claim is about: a guess) and "Blog" comes before "Docs" among the elements matching css=nav.`},
		// a part named by its heading is no element to look inside
		{"The 'Schemas' section lists 'Order' above 'Book'", ""},
		// a state of a text set aside as its description
		{"/users lists the inactive users 'ann' and 'bob'", ""},
		{"/todos lists the completed task 'A'", ""},
		{"/todos shows the overdue task 'A'", ""},
		{"/api/tasks returns the deleted task 'A'", ""},
		{"/api/tasks returns the admin users 'ann' and 'bob'", ""},
		{"/users lists the users 'ann' and 'bob'", `On /users, the page shows "ann". | On /users, the page shows "bob".`},
		{"/users doesn't list the deleted user 'ann'", ""},
		{"Clicking 'Schemas' hides the 'Book' and 'Order' models", `On /: the text "Book" is visible and the text "Order" is visible; then click the text "Schemas"; then the text "Book" is not visible and the text "Order" is not visible.`},
		// a word that picks an element taken for the text it shows
		{"On /, expanding the same section shows 'List users'", ""},
		{"On /, expanding the new section shows 'List users'", ""},
		{"On /, the new badge is visible", ""},
		{"Collapsing the orders section hides 'Place an order'", `On /: the page shows "Place an order"; then click the text "orders"; then the page does not show "Place an order".`},
		// an aside that says what the page does, or since when
		{"On /, clicking 'Save' shows 'Saved' since the last release", ""},
		{"On /, clicking 'Save' shows 'Saved' though the button then disappears", ""},
		{"On /, clicking 'Save' shows 'Saved' because the toast stays until dismissed", ""},
		{"On /, clicking 'Save' shows 'Saved' since the save always succeeds", ""},
		{"/users?q=stone finds 'Bob Stone' even tho the search is lower case", `On /users?q=stone, the page shows "Bob Stone".`},
		// a signed-in user, or a state said after the outcome
		{"On /, the signed-in user sees 'Sign out'", ""},
		{"Clicking 'Save' shows 'Saved' when signed in", ""},
		{"Clicking 'Save' shows 'Saved' when 'Remember me' is ticked", ""},
		{"On /, 'Saved' is shown when 'Remember me' is ticked", `On /: tick the "Remember me" checkbox; then the page shows "Saved".`},
		// words of the sentence taken for a text or a name
		{"On /, clicking 'Save' shows 'Saved' and keeps showing it", ""},
		{"On /settings, clicking 'About' and pressing back keeps 'Dark' on the page", ""},
		{"On /, clicking 'Go' shows results", ""},
		{"After clicking 'Add', the error dialog shows 'Drop files'", ""},
		{"After clicking 'Add', the dialog shows 'Drop files'", `On /: click the text "Add"; then the element matching "dialog, [role=dialog]" shows "Drop files".`},
		{"On /, clicking the settings icon shows 'Saved'", ""},
		{"On /, clicking 'Delete' pops up a confirm dialog saying 'Sure?'", ""},
		{"On /, clicking 'Add' opens a dialog titled 'Upload'", `On /: click the text "Add"; then at least 1 visible element matches role=dialog and a dialog shows "Upload".`},
		{"The home page shows Welcome to testapp", `On /, the page shows "Welcome to testapp".`},
		{"On /settings, clicking 'About' and pressing back brings back 'Dark'", `On /settings: click the text "About", go back; then the page shows "Dark".`},
		{"On /, the Beta badge is visible", ""},
		{"On /, clicking the red button shows 'Saved'", ""},
		{"On /, clicking the big Save button shows 'Saved'", ""},
		{"On /, the main heading is bold", ""},
		{"On /, clicking the Save button shows 'Saved'", `On /: click the "Save" button; then the page shows "Saved".`},
		{"The home page shows the users' list", ""},
		{"The home page shows 'Ann's tasks'", `On /, the page shows "Ann's tasks".`},
		{"The admin home page shows 'Users'", `On the page the link "admin home" on / opens, the page shows "Users".`},
		// an action after "then" with its verb left out, read as a text
		{"If you click 'Save' and then 'Cancel', 'Saved' is gone", ""},
		{"If you click 'A' and then 'B', 'C' is shown", ""},
		{"After clicking 'A' and then 'B', 'C' is gone", ""},
		{"Clicking 'Save' and then 'Cancel' hides 'Saved'", `On /: click the text "Save"; then the text "Saved" is visible; then click the text "Cancel"; then the text "Saved" is not visible.`},
		// what shows while the page is busy is over before the plan looks
		{"On /, 'Loading' is shown while loading", ""},
		{"On /, 'Loading' is shown until the page loads", ""},
		{"Visiting /dashboard while signed out redirects to /login", "On /dashboard, the address is /login."},
		// a page or a part the plan never looks at
		{"The footer on /about and /team shows 'Docs'", ""},
		{"'Docs' is shown on /about in the footer", ""},
		{"The footer of /about shows 'Contact'", `On /about, the element matching "footer" shows "Contact" (found first: a page without it blocks the run).`},
		// an error shown on the page is not the console
		{"On /, clicking 'Save' shows no error", ""},
		{"On /contact, typing 'Hello there' in the Message field and pressing Tab shows no error", ""},
		{"The home page has no console errors", "On /, the console shows no errors or uncaught exceptions."},
		// how soon, which the plan's step timeout does not check
		{"On /, clicking 'Save' shows 'Saved' immediately", ""},
		{"On /, clicking 'Save' instantly shows 'Saved'", ""},
		{"On /, clicking 'Save' shows 'Saved' right away", ""},
		// an estimate or a bound of a quoted text
		{"On /, the 'Pro' plan costs about '$29'", ""},
		{"On /pricing, the total is at least '$20'", ""},
		// a text or element said of a quoted item, found anywhere
		{"On /, the '204' response says 'Deleted'", ""},
		{"On /, the 'Pro' card has a 'Buy' button", ""},
		{"On /, the 'Billing' section has a 'Refund' button", ""},
		{"On /, expanding the 'Billing' section shows 'Refunds'", `On /: click the text "Billing"; then the page shows "Refunds".`},
		{"On /, the 'Pro' plan costs '$29' and the 'Free' plan costs '$0'", `On /, the page shows "Pro". | On /, the text "$29" in the item containing "Pro" is visible. | On /, the page shows "Free". | On /, the text "$0" in the item containing "Free" is visible.`},
		{"On /, the 'Pro' card shows 'Popular'", `On /, the page shows "Pro". | On /, the text "Popular" in the item containing "Pro" is visible.`},
	})
}

// "it" after a check said since the last action may be what was acted on
// or what the check named: the compositional reader read "clicking 'Save'
// shows 'Saved' and it stays there" as "Save" shown.
func TestReadingsPronounAfterCheck(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, clicking 'Save' shows 'Saved' and it stays there", ""},
		{"On /, clicking 'Save' shows 'Saved' and it is bold", ""},
		{"If you expand 'List books' and reload, it stays open ('Only books by this author' is still shown)", `On /: click the text "List books"; then the page shows "Only books by this author"; then reload the page; then the page shows "Only books by this author".`},
		{"On /, hovering over 'Docs' underlines it", `On /: hover over the text "Docs"; then the text "Docs" is underlined.`},
	})
}

// A part of the page said after a connector, or before a page named next,
// is not pinned to checks it may not be said of; the reader panicked on
// "'Docs' is shown, also in the footer".
func TestReadingsPlaceAfterConnector(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Docs' is shown, also in the footer", ""},
		{"On /, 'Docs' is shown, in the footer", ""},
		{"In the footer, 'Docs' is shown, and on /about 'Team' is shown", ""},
		{"In the footer, 'Docs' and 'Blog' are shown", `On /, the element matching "footer" shows "Docs" (found first: a page without it blocks the run). | On /, the element matching "footer" shows "Blog" (found first: a page without it blocks the run).`},
		{"Clicking 'Docs' shows 'Welcome' in the footer", `On /: click the text "Docs"; then the element matching "footer" shows "Welcome" (found first: a page without it blocks the run).`},
	})
}

// A condition is something done first; a state after "when" or "if" read
// as one more check asserts what the claim only supposes.
func TestReadingsConditionIsState(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, the 'Save' button is disabled when 'Agree' is not ticked", `On /settings: untick the "Agree" checkbox; then the "Save" button is disabled.`},
		{"On /settings, the 'Save' button is disabled when 'Agree' is not clicked", ""},
		{"On /settings, the 'Save' button is enabled when 'Agree' is ticked", `On /settings: tick the "Agree" checkbox; then the "Save" button is enabled.`},
		{"On /settings, after ticking 'Agree', the 'Save' button is enabled", `On /settings: tick the "Agree" checkbox; then the "Save" button is enabled.`},
	})
}

// "Enabled" and "disabled" said of a toggle can mean switched on or off
// as well as usable: "the 'Notifications' setting is enabled" checked that
// the checkbox could be clicked, not that notifications were on.
func TestReadingsToggleEnabled(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, the 'Notifications' setting is enabled", ""},
		{"On /settings, the 'Notifications' setting is disabled", ""},
		{"On /settings, the 'Dark mode' switch is enabled", ""},
		{"On /settings, the 'Dark mode' toggle is disabled", ""},
		{"On /settings, the 'Dark mode' checkbox is enabled", ""},
		{"On /settings, the 'Dark mode' toggle is greyed out", `On /settings, the "Dark mode" checkbox is disabled.`},
		{"On /settings, the 'Save' button is disabled", `On /settings, the "Save" button is disabled.`},
		{"On /settings, the 'Notifications' setting is ticked", `On /settings, the "Notifications" checkbox is ticked.`},
	})
}

// A change ("becomes disabled", "enables the button", "gets underlined")
// is checked from the state before it: a button enabled all along proved
// "ticking 'I agree' enables the button".
func TestReadingsChangeFromState(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, after typing 'x' into 'Email', the 'Save' button becomes disabled", `On /settings: the "Save" button is enabled; then type "x" into the field labelled "Email"; then the "Save" button is disabled.`},
		{"On /signup, ticking 'I agree' enables the 'Create account' button", `On /signup: the "Create account" button is disabled; then tick the "I agree" checkbox; then the "Create account" button is enabled.`},
		{"On /, after clicking 'Bold', 'Hello' becomes bold", `On /: the text "Hello" is not bold (font-weight under 600); then click the text "Bold"; then the text "Hello" is bold (font-weight 600 or more).`},
		{"On /, the 'Save' button becomes disabled", ""},
	})
}

// Words that describe a request before its path must agree with it: what
// it is sorted, filtered or searched by, its direction and rank.
func TestReadingsRequestWords(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Sorting books by year (/books?_sort=title) lists 'Dune' before 'Emma'", ""},
		{"Sorting books by year in reverse (/books?_sort=year) lists 'Dune' before 'Emma'", ""},
		{"Filtering the cheapest books (/books?_sort=price) lists 'Dune'", ""},
		{"Sorting books by year (/books?_sort=year) lists 'Dune' before 'Emma'", `On /books?_sort=year, "Dune" comes before "Emma" on the page.`},
		{"Sorting songs by year in reverse (/songs?_sort=year&_order=desc) puts 'Blue Train' above 'Giant Steps'", `On /songs?_sort=year&_order=desc, "Blue Train" comes before "Giant Steps" on the page.`},
		{"Searching for dune (/books?q=dune) lists 'Dune'", `On /books?q=dune, the page shows "Dune".`},
	})
}

// Something done that no plan step does ("scrolling down"), and an action
// said to be done again that the plan does once.
func TestReadingsUndoneActions(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, scrolling down shows 'More'", ""},
		{"On /, scrolling to the bottom shows 'More'", ""},
		{"On /, dragging 'A' onto 'B' shows 'Saved'", ""},
		{"On /, clicking 'Save' again shows 'Saved'", ""},
		{"On /, clicking 'Menu' shows 'Settings', and clicking 'Menu' again hides 'Settings'", `On /: click the text "Menu"; then the page shows "Settings" and the text "Settings" is visible; then click the text "Menu"; then the text "Settings" is not visible.`},
		{"On /, clicking 'Menu' twice hides 'Settings'", `On /: click the text "Menu"; then the text "Settings" is visible; then click the text "Menu"; then the text "Settings" is not visible.`},
	})
}

// An element after "and" followed by its own verb is the next clause's
// subject, not one more thing the first clause shows: "the 'Speed' tab
// shows 'Limit'" checked the Speed tab visible and 'Limit' on the Peers tab.
func TestReadingsElementStartsClause(t *testing.T) {
	checkReadings(t, []readingCase{
		{"In Preferences (press ','), the 'Peers' tab shows 'Use DHT' and the 'Speed' tab shows 'Limit'", `On /: press ,, click the "Peers" tab; then the page shows "Use DHT"; then click the "Speed" tab; then the page shows "Limit".`},
		{"Expanding 'List books' reveals the 'name' parameter and a 'Try it out' button", `On /: click the text "List books"; then the page shows "name" and the "Try it out" button is visible.`},
	})
}

// Two orders in one sentence nest: "A after B after C" is C, B, A, and a
// reader that takes each "after" alone put the steps B, A, C.
func TestReadingsNestedAfter(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, clicking 'A' after clicking 'B' after clicking 'C' shows 'D'", ""},
		{"Clicking 'B' after clicking 'A' shows 'C'", `On /: click the text "A", click the text "B"; then the page shows "C".`},
		{"After clicking 'A', clicking 'B' shows 'C'", `On /: click the text "A", click the text "B"; then the page shows "C".`},
	})
}

// "Removes 'A' but not 'B'" says 'B' stays; the rules checked 'B' not
// shown. A text removed "from the sidebar" is looked for in it.
func TestReadingsGoneButNot(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todos, clicking 'Delete' removes 'A' but not 'B'", ""},
		{"On /todos, clicking 'Clear' hides 'A' and not 'B'", `On /todos: the text "A" is visible; then click the text "Clear"; then the text "A" is not visible and the page shows "B".`},
		{"On /todos, clicking 'Delete' removes 'A' from the sidebar", `On /todos: the text "A" in the sidebar is visible; then click the text "Delete"; then the text "A" in the sidebar is not visible.`},
		{"On /todos, clicking 'Delete' removes 'A'", `On /todos: the text "A" is visible; then click the text "Delete"; then the text "A" is not visible.`},
		{"Clicking \"Pricing\" in the header goes to /pricing", `On /: click the text "Pricing" in the header; then the address is /pricing.`},
	})
}

// What an action "keeps" was there before it too.
func TestReadingsKeeps(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Reloading /settings keeps 'Dark' on the page", `On /settings: the page shows "Dark"; then reload the page; then the page shows "Dark".`},
	})
}

// A reader's panic is a refusal without suggestions, never a crash: the
// compositional reader panicked on "'Docs' is shown, also in the footer".
// Opening a dialog, menu or other container without saying what opens it
// is refused: clicking the container itself opens nothing.
func TestReadingsOpenContainer(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Opening the upload dialog and clicking Cancel closes it", ""},
		{"Opening the settings menu shows 'About'", ""},
		{"On /app, opening the share dialog shows 'Copy link'", ""},
		{"Hovering over the main menu shows 'Docs'", ""},
		{"On /, clicking 'Settings' shows 'About'", `On /: click the text "Settings"; then the page shows "About".`},
	})
}

// A page expected to answer an error status keeps its other checks in the
// same journey: alone, a journey whose visit meets the error fails.
func TestReadingsErrorPageChecks(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The /nope page returns 404 and shows 'Not found'", `On /nope, the page answered HTTP 404 and the page shows "Not found".`},
		{"/tasks/10 answers 404 and shows '{}'", `On /tasks/10, the page answered HTTP 404 and the page shows "{}".`},
	})
}

func TestRefuseOnPanic(t *testing.T) {
	var d Derivation
	var err error
	func() {
		defer refuseOnPanic("x", &d, &err)
		panic("index out of range")
	}()
	var np *NotProvableError
	if !errors.As(err, &np) || np.Cause != "unrecognized" || len(np.Suggestions) != 0 || d.Plan != nil {
		t.Fatalf("got %v, %+v", err, d)
	}
}

// An out-of-reach word inside a file name, a path or a media type
// ("openapi.json", "application/json"), or naming a page, its docs, its
// title or its tab ("the API docs page", "the API title"), is no claim
// about the server: the refusal, if any, says what vouch could not read
// instead. Said of the app itself, it stays out of reach.
func TestReadingsOutOfReachInName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The database page at /db lists 'posts'", `On /db, the page shows "posts".`},
		{"The JSON view at /db lists 'posts'", `On /db, the page shows "posts".`},
		{"The home page links to /openapi.json", "On /, a link to /openapi.json is shown."},
		{"The API answers in under 100 ms", ""},
		{"The database is backed up", ""},
	})
	for _, tc := range []struct{ claim, cause string }{
		{"On the API docs page, the title is 'Petstore'", "ambiguous"},
		// "The browser tab for the API docs is titled 'Petstore'" and "The
		// API title is 'Petstore'" are read (docs_page_test.go)
		{"The 'URL' field is prefilled with openapi.json", "unrecognized"},
		{"The response media type is application/json", "unrecognized"},
		{"The API answers in under 100 ms", "out_of_reach"},
		{"The API answers quickly", "out_of_reach"},
		{"The API returns JSON", "out_of_reach"},
		{"The endpoint returns JSON", "out_of_reach"},
		{"The database is backed up", "out_of_reach"},
		{"The API docs are backed up", "out_of_reach"},
		{"The app writes to the database", "out_of_reach"},
		{"The page reads from /api/users and the API returns 200", "out_of_reach"},
	} {
		_, err := Derive(tc.claim)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Errorf("%q derived; want a refusal (%s)", tc.claim, tc.cause)
			continue
		}
		if np.Cause != tc.cause {
			t.Errorf("%q refused as %s (%s); want %s", tc.claim, np.Cause, np.Reason, tc.cause)
		}
	}
}

// One unquoted letter or digit pressed, when what follows says what it
// does, and a character key named before "key" ("the comma key") are key
// presses; "a" is an article, and an unknown name is no key.
func TestReadingsPressNamedKey(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Pressing i opens the 'Info' dialog", `On /: the "Info" dialog is not visible; then press i; then at least 1 visible element matches role=dialog and wait until the "Info" dialog is visible (only to reach the place the claim is about: a guess).`},
		{"On /mail, pressing j shows 'Next'", `On /mail: press j; then the page shows "Next".`},
		{"Pressing q, the page shows 'Quit'", `On /: press q; then the page shows "Quit".`},
		{"Pressing the comma key shows 'Settings'", `On /: press ,; then the page shows "Settings".`},
		{"Pressing the slash key shows 'Search'", `On /: press /; then the page shows "Search".`},
		// a character key named again in brackets; a name that is not its
		{"Pressing , (comma) shows 'Settings'", `On /: press ,; then the page shows "Settings".`},
		{"Pressing / (question mark) shows 'Help'", ""},
		// "'A' and 'B' come after 'C' and before 'D'": each between the two
		{"On /menu, 'Stats' and 'Keys' come after 'Tip Jar' and before 'Rates'", `On /menu, "Tip Jar", "Stats" and "Rates" appear in this order on the page. | On /menu, "Tip Jar", "Keys" and "Rates" appear in this order on the page.`},
		// "the settings menu" is the menu named "Settings"
		{"In the settings menu, 'Stats' comes after 'Tip Jar'", `On /: open the Settings menu (the button named "Settings menu"); then "Tip Jar" comes before "Stats" on the page.`},
		// greyed out or clickable, a bare name is the button named so, found first
		{"On /jobs, 'Stop Selected Jobs' is greyed out while 'Stop All Jobs' stays clickable", `On /jobs, wait until the "Stop Selected Jobs" button is visible (only to reach the place the claim is about: a guess) and the "Stop Selected Jobs" button is disabled. | On /jobs, wait until the "Stop All Jobs" button is visible (only to reach the place the claim is about: a guess) and the "Stop All Jobs" button is enabled.`},
		{"On /jobs, Stop Selected Jobs is greyed out while Stop All Jobs stays clickable", `On /jobs, wait until the "Stop Selected Jobs" button is visible (only to reach the place the claim is about: a guess) and the "Stop Selected Jobs" button is disabled. | On /jobs, wait until the "Stop All Jobs" button is visible (only to reach the place the claim is about: a guess) and the "Stop All Jobs" button is enabled.`},
		{"On /jobs, 'Notifications' is disabled", ""},
		// a label's colon before the kind of control, as the page writes it
		{"On /upload, there is a Target folder: field", `On /upload, the field labelled "Target folder" is visible.`},
		// a bare slash pressed is the key, never the link to /
		{"Pressing / on the main screen opens the 'Search' dialog", `On /: the "Search" dialog is not visible; then press /; then at least 1 visible element matches role=dialog and wait until the "Search" dialog is visible (only to reach the place the claim is about: a guess).`},
		{"Pressing the question mark key opens the 'Shortcuts' dialog", `On /: the "Shortcuts" dialog is not visible; then press ?; then at least 1 visible element matches role=dialog and wait until the "Shortcuts" dialog is visible (only to reach the place the claim is about: a guess).`},
		{"Pressing a opens the 'Add' dialog", ""},
		{"Pressing i", ""},
		{"Pressing b toggles the sidebar", ""},
		{"Pressing the foo key shows 'X'", ""},
		{"Pressing the plus button shows 'Added'", ""},
	})
}

// The browser's Back button, however it is said, goes back; a Back button
// of the page or of the app is no browser's.
func TestReadingsBrowserBackButton(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking 'Docs' on the home page, then pressing the browser's Back button, shows 'Welcome'", `On /: click the text "Docs", go back; then the page shows "Welcome".`},
		{"Clicking 'Docs' on the home page, then pressing the Back button of the browser, shows 'Welcome'", `On /: click the text "Docs", go back; then the page shows "Welcome".`},
		{"Pressing the browser's Back button shows 'Home'", ""},
		{"Clicking 'Docs' on the home page, then pressing the Back button of the form, shows 'Welcome'", ""},
		{"Clicking 'Docs' on the home page, then pressing the app's Back button, shows 'Welcome'", ""},
	})
}

// A capital letter pressed is the key its keycap names, as a lower-case
// one is, when what follows says what it does; a word pressed is still a
// text to click, and a capital with nothing after it is no claim.
func TestReadingsPressCapitalLetter(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Pressing J shows 'Next'", `On /: press j; then the page shows "Next".`},
		{"On /mail, hitting K opens the 'Keys' dialog", `On /mail: the "Keys" dialog is not visible; then press k; then at least 1 visible element matches role=dialog and wait until the "Keys" dialog is visible (only to reach the place the claim is about: a guess).`},
		{"Pressing Q, the page shows 'Quit'", `On /: press q; then the page shows "Quit".`},
		{"Pressing 7 shows 'Seven'", `On /: press 7; then the page shows "Seven".`},
		{"Pressing Save shows 'Saved'", `On /: click the text "Save"; then the page shows "Saved".`},
		{"Pressing J", ""},
		{"Pressing J toggles the sidebar", ""},
		{"Pressing A opens the 'Add' dialog", ""},
	})
}

// A lower-case word before "tab" describes a tab ("the database tab");
// only a quoted or capitalised name names one.
func TestReadingsLowerCaseTabName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /docs, the Database tab shows 'Tables'", `On /docs: click the "Database" tab; then the page shows "Tables".`},
		{"On /settings, the 'billing' tab shows 'Invoices'", `On /settings: click the "billing" tab; then the page shows "Invoices".`},
		{"On /settings, clicking the Billing tab shows 'Invoices'", `On /settings: click the "Billing" tab; then the page shows "Invoices".`},
		{"On /docs, the database tab shows 'Tables'", ""},
		{"On /settings, clicking the billing tab shows 'Invoices'", ""},
		{"On /settings, the billing tab opens /billing", ""},
	})
}

// A lower-case name before "button" or "link" may say what its icon
// looks like ("the gear button", "the light bulb button"), and an icon's
// control is named otherwise: refused, as a tab's is; a quoted or
// capitalised name names one.
func TestReadingsLowerCaseButtonName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /board, clicking the Archive button hides 'Old card'", `On /board: the page shows "Old card"; then click the "Archive" button; then the page does not show "Old card".`},
		{"On /board, clicking the 'archive' button shows 'Archived'", `On /board: click the "archive" button; then the page shows "Archived".`},
		{"On /board, clicking the gear button shows 'Settings'", ""},
		{"On /board, hovering the light bulb button shows 'Dark mode'", ""},
		{"On /board, clicking the trash can button hides 'Old card'", ""},
		// a modal's word inside a name is kept: "the Trash can button"
		{"On /board, clicking the Trash can button hides 'Old card'", `On /board: the page shows "Old card"; then click the "Trash can" button; then the page does not show "Old card".`},
		{"On /board, the help link opens /help", ""},
	})
}

// "homepage", one word, after an app's name reads as "home page" does; a
// state or a part of the page before it still names no app.
func TestReadingsAppNameHomepageOneWord(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The Acme homepage says 'Welcome'", `On /, the page shows "Welcome".`},
		{"The json-server homepage says 'Welcome'", `On /, the page shows "Welcome".`},
		{"The JSON Server homepage shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"On the Acme homepage, the page shows 'Welcome'", `On /, the page shows "Welcome".`},
		{"The nav on the homepage shows 'Docs'", `On /, the element matching "nav" shows "Docs" (found first: a page without it blocks the run).`},
		{"The cached homepage shows 'Welcome'", ""},
		{"The mobile homepage shows 'Welcome'", ""},
		{"The signed-in homepage shows 'Sign out'", ""},
		{"The user homepage shows 'Hi'", ""},
		{"The button on the homepage says 'Save'", ""},
	})
}

// TestLandingKeepsHost: where a click ends up, given as an address with a
// host, is checked with the host: a link to another site that the app
// points at its own "/" must not verify "goes to https://docs.example.com".
func TestLandingKeepsHost(t *testing.T) {
	for _, c := range []struct{ claim, want string }{
		{"The 'Docs' link on the home page points to https://docs.example.com", "https://docs.example.com/"},
		{"Clicking 'Docs' on /help opens https://docs.example.com/guide", "https://docs.example.com/guide"},
		{"The 'Docs' link on /help points to /guide", "/guide"},
	} {
		d, err := Derive(c.claim)
		if err != nil {
			t.Fatalf("%q refused: %v", c.claim, err)
		}
		steps := d.Plan.Journeys[0].Steps
		if last := steps[len(steps)-1]; last.Kind != plan.ExpectURL || last.Value != c.want {
			t.Errorf("%q: last step %+v, want expect_url %s", c.claim, last, c.want)
		}
	}
}

// TestKeyOnControlIsNoField: a key pressed on a named link or button is
// not typed into a field of that label (which read the noun as the next
// check's: "the 'Plans' link").
func TestKeyOnControlIsNoField(t *testing.T) {
	for _, claim := range []string{
		"On /plans, pressing Enter on the 'Skip' link shows 'Plans'",
		"On /plans, hitting Space on the 'Yearly' button shows 'Billed yearly'",
	} {
		d, err := Derive(claim)
		if err != nil {
			continue
		}
		for _, s := range d.Plan.Journeys[0].Steps {
			if s.Kind == plan.Press && strings.HasPrefix(s.Target, "label=") {
				t.Errorf("%q: key typed into a field: %+v", claim, d.Plan.Journeys[0].Steps)
			}
		}
	}
}

// TestBareStateIsNoText: an unquoted name followed by a control's state
// is refused, never looked for as one text with the state in it.
func TestBareStateIsNoText(t *testing.T) {
	for _, claim := range []string{
		"Settings > Privacy has Share usage data unticked.",
		"On /settings, the page has Dark mode enabled.",
	} {
		d, err := Derive(claim)
		if err != nil {
			continue
		}
		for _, s := range d.Plan.Journeys[0].Steps {
			if s.Kind == plan.ExpectText && strings.Contains(strings.ToLower(s.Value), " unticked") || strings.HasSuffix(strings.ToLower(s.Value), " enabled") {
				t.Errorf("%q: looks for the state as text: %+v", claim, d.Plan.Journeys[0].Steps)
			}
		}
	}
}

// Words that say how a text comes ("wrapped in", "it's") are the
// sentence's, not the text's: reported speech drops its frame, and a
// participle or preposition before code-like words is refused.
func TestReadingsTextFrame(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Opening the About dialog says it's Acme 2.0", ""},
		{"/about says it's Acme 2.0", `On /about, the page shows "Acme 2.0".`},
		{"/about shows that's Acme", `On /about, the page shows "Acme".`},
		{"/status says it's closed", ""},
		{"/tasks?callback=cb gets wrapped in cb(...)", ""},
		{"/tasks?callback=cb comes back as cb(...)", ""},
		{"/tasks?callback=cb is returned inside cb(...)", ""},
		{"/tasks?callback=cb gets cb(...)", `On /tasks?callback=cb, the page shows "cb(...)".`},
	})
}

// A look said of a named element: the colour behind it, how opaque it is
// drawn, its box, and several looks said together.
func TestReadingsLooks(t *testing.T) {
	checkReadings(t, []readingCase{
		{"'Book' has a #505050 background", `On /, the background color of the text "Book" is #505050.`},
		{"The 'Save' button has a light grey (#e6e6e6) background", `On /, the background color of the "Save" button is #e6e6e6.`},
		{"'Total' is white on a #333 background", `On /, the colour of the text "Total" is a shade of white. | On /, the background color of the text "Total" is #333.`},
		{"On /, after clicking 'Go', 'Book' gets a grey background", `On /: click the text "Go"; then the background colour of the text "Book" is a shade of grey.`},
		{"'Book' doesn't have a grey background", ""},
		{"The 'Cancel' link sits at 80% opacity", `On /, the opacity of the "Cancel" link is 0.8.`},
		{"'Book' has an opacity of 0.5", `On /, the opacity of the text "Book" is 0.5.`},
		{"'Book' is fully opaque", `On /, the opacity of the text "Book" is 1.`},
		{"'Book' has 150% opacity", ""},
		{"'Book' has opacity 5", ""},
		{"The 'Go' button is 34px by 34px", `On /, the width of the "Go" button is 34px and the height of the "Go" button is 34px.`},
		{"'Go' is 34px by 34px", ""}, // a text's box is not the element's a person means
		{"'Book' and 'Order' are 16px text in a dark grey, #505050", `On /, the font-size of the text "Book" is 16px. | On /, the color of the text "Book" is #505050. | On /, the font-size of the text "Order" is 16px. | On /, the color of the text "Order" is #505050.`},
		{"On /, the 'Total' heading is a large 18px title", `On /, the font-size of the "Total" heading is 18px.`},
		{"On /, 'Total' is small 12px text", `On /, the font-size of the text "Total" is 12px.`},
		{"On /, the 'Total' heading is a large title", ""}, // a size word with no size
		{"'Total' is bold, 24px and red", `On /, the text "Total" is bold (font-weight 600 or more). | On /, the font-size of the text "Total" is 24px. | On /, the colour of the text "Total" is a shade of red.`},
	})
}

// "The sixth Tab lands on X" counts key presses from the page's load.
func TestReadingsNthKeyPress(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the third Tab lands on the 'Email' field", `On /: press Tab, press Tab, press Tab; then the field labelled "Email" has the keyboard focus.`},
		{"From a fresh load, pressing Tab three times puts you in the 'Filter' field", `On /: press Tab, press Tab, press Tab; then the field labelled "Filter" has the keyboard focus.`},
		{"On /signup, the 2nd Tab press puts the focus on the 'Password' field", `On /signup: press Tab, press Tab; then the field labelled "Password" has the keyboard focus.`},
		{"On /, the third Tab lands on 'Email'", ""}, // which kind of control is not said
	})
}

// What an action does is no action of the journey, and a price is looked
// for as the page writes it.
func TestReadingsOutcomeNotAction(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking 'Load more' adds 10 more items", ""},
		{"Clicking 'Import' creates 3 tasks", ""},
		{"Adding 2 tasks shows '2 items left'", `On /: add "vouch example 1", add "vouch example 2"; then the page shows "2 items left".`},
		{"On /pricing, the Pro plan costs $29 per month", ""},
		{"/cart shows $12.50 total", ""},
		{"On /pricing, the Pro plan costs $29", `On /pricing, the text "$29" in the item containing "Pro" is visible.`},
	})
}

// "Doesn't link to A and B" is neither link, each looked for on the wide
// side (an absolute address ending in the path counts).
func TestReadingsNoLinks(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ doesn't link to /admin and /debug", "On /, no link to /admin is shown. | On /, no link to /debug is shown."},
		{"The footer doesn't link to /admin", "On /, no link to /admin is shown in the page's footer (found first: a page without a footer blocks the run)."},
		{"/ links to /about and /blog", "On /, a link to /about is shown. | On /, a link to /blog is shown."},
	})
	d, err := Derive("/ doesn't link to /admin")
	if err != nil {
		t.Fatal(err)
	}
	if tg := d.Plan.Journeys[0].Steps[1].Target; !strings.Contains(tg, `a[href*="://"][href$="/admin"]`) {
		t.Errorf("absence of a link to /admin misses absolute links: %s", tg)
	}
}

// A link said of a part vouch cannot pin is refused (a link elsewhere on
// the page proves another claim); an absence inside a pinned part needs
// the part.
func TestReadingsLinkInPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The Documentation section of the home page links to /docs", ""},
		{"The Pro plan links to /signup", ""},
		{"The footer links to /docs", "On /, a link to /docs is shown in the page's footer."},
		{"The footer doesn't link to /admin", "On /, no link to /admin is shown in the page's footer (found first: a page without a footer blocks the run)."},
	})
}

// "Neither A nor B" is not A and not B.
func TestReadingsNeitherNor(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The nav shows neither 'Admin' nor 'Debug'", `On /, the element matching "nav" does not show "Admin" (found first: a page without it blocks the run). | On /, the element matching "nav" does not show "Debug" (found first: a page without it blocks the run).`},
		{"/ has neither a 'Login' link nor a 'Signup' link", `On /, the "Login" link is not visible. | On /, the "Signup" link is not visible.`},
	})
}

// A text that starts a clause of its own after "and" is not under the
// negation before it: no suggestion says it is absent.
func TestSuggestionsClauseAfterAnd(t *testing.T) {
	for _, c := range []string{"'A' isn't struck through and 'B' is", "The 'Save' button is not disabled and 'Cancel' is"} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived; want a refusal", c)
		}
		for _, s := range np.Suggestions {
			if strings.Contains(s, `does not show "B"`) || strings.Contains(s, `does not show "Cancel"`) {
				t.Errorf("%q: suggestion %q says the opposite of the claim", c, s)
			}
		}
	}
}

// A count said of what an API answers is suggested as the response's
// items; a count inside a condition is suggested as nothing.
func TestSuggestionsCounts(t *testing.T) {
	first := func(c string) string {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived; want a refusal", c)
		}
		if len(np.Suggestions) == 0 {
			return ""
		}
		return np.Suggestions[0]
	}
	if s := first("/api/users has no admins"); !strings.HasPrefix(s, "/api/users returns []") {
		t.Errorf("API count suggestion %q, want the response's items", s)
	}
	if s := first("/api/users returns an empty array when there are no users"); s != "" {
		t.Errorf("a count in a condition was suggested: %q", s)
	}
	if s := first("The home page shows 3 plans"); !strings.HasPrefix(s, "The home page has 3 list items") {
		t.Errorf("page count suggestion %q", s)
	}
}

// An element said to go away after an action was there before it: found
// first, so one never shown cannot pass for nothing.
func TestReadingsElementGoesAway(t *testing.T) {
	checkReadings(t, []readingCase{
		{"After clicking 'Accept', the cookie banner disappears", `On /: wait until a dialog is visible (only to reach the place the claim is about: a guess); then click the text "Accept"; then a dialog is not visible.`},
		{"After clicking 'Close', the 'Settings' dialog is gone", `On /: wait until the "Settings" dialog is visible (only to reach the place the claim is about: a guess); then click the text "Close"; then the "Settings" dialog is not visible.`},
	})
}

// Words said of a password are not a password written out.
func TestReadingsPasswordWords(t *testing.T) {
	for _, c := range []string{"/login rejects a password shorter than 8 characters", "The password stays masked"} {
		_, err := Derive(c)
		var np *NotProvableError
		if errors.As(err, &np) && np.Cause == "secret" {
			t.Errorf("%q refused as a password written out", c)
		}
	}
	_, err := Derive("Signing in with password hunter2 shows 'Welcome'")
	var np *NotProvableError
	if !errors.As(err, &np) || np.Cause != "secret" {
		t.Errorf("a password written out was not refused: %v", err)
	}
}

// Quoted names said with a plural noun are that many elements of its role,
// each with the state the claim gives; "not all" says some, and is unread.
func TestReadingsPluralNamedControls(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, the 'Save' and 'Cancel' buttons are disabled", `On /settings, the "Save" button is disabled. | On /settings, the "Cancel" button is disabled.`},
		{"On /settings, the 'A', 'B' and 'C' checkboxes are all unticked", `On /settings, the "A" checkbox is not ticked. | On /settings, the "B" checkbox is not ticked. | On /settings, the "C" checkbox is not ticked.`},
		{"After clicking 'Edit', the 'Save' and 'Cancel' buttons are enabled", `On /: click the text "Edit"; then the "Save" button is enabled and the "Cancel" button is enabled.`},
		{"On /settings, the 'A' and 'B' buttons are not all disabled", ""},
		{"The 'A' and 'B' texts are bold", ""},
	})
}

// A status said with "comes back as" is a status, and an empty {} or []
// after it is the body.
func TestReadingsComesBackAs(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/tasks/99 comes back as a 404", "On /tasks/99, the page answered HTTP 404."},
		{"/tasks/99 comes back as a 404 with an empty {} body", `On /tasks/99, the page answered HTTP 404 and the text "{}" is visible.`},
		{"/tasks?x=1 returns an empty [] array", `On /tasks?x=1, the text "[]" is visible.`},
	})
}

// A key pressed while a dialog is open closes that dialog; a dialog named
// in capitals without quotes is its name; a tooltip is what a hover shows.
func TestReadingsDialogKeyTooltip(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Hitting Escape while the Upload Torrent Files dialog is open closes it.", `On /: wait until the "Upload Torrent Files" dialog is visible (only to reach the place the claim is about: a guess); then press Escape; then the "Upload Torrent Files" dialog is not visible.`},
		{"Pressing Esc while the 'Settings' dialog is shown dismisses it", `On /: wait until the "Settings" dialog is visible (only to reach the place the claim is about: a guess); then press Escape; then the "Settings" dialog is not visible.`},
		{"Pressing Escape closes the big red dialog", ""},
		{"The 'Pause' button has a tooltip 'Pause all'", `On /: hover over the "Pause" button; then the page shows "Pause all".`},
		{"On /x the tooltip on the 'Pause' button says 'Pause all'", `On /x: hover over the "Pause" button; then the page shows "Pause all".`},
	})
}

// A text said of a part of the page is looked for after the part is found
// (reach): a page that marks up no such part blocks, so neither "the
// footer shows X" fails nor "the footer doesn't show X" passes for it.
func TestReadingsPartFoundFirst(t *testing.T) {
	for _, c := range []string{"The footer shows 'Acme'", "The footer doesn't show 'Beta'", "'vouch-test' is shown in the top bar", "The nav doesn't say 'Admin'"} {
		d := mustDerive(c)
		st := d.Journeys[0].Steps
		if len(st) < 3 || st[1].Kind != plan.WaitFor || !st[1].Reach || st[2].Target != st[1].Target {
			t.Errorf("%q: the part is not found first: %+v", c, st)
		}
	}
}

// A field of each item of a path's JSON list, in the order said; "A and B
// and nothing else" is "only A and B".
func TestReadingsJSONFieldOrder(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/tasks?_sort=title returns the ids 2, 3 in that order", "On /tasks?_sort=title, the value at /0/id of the JSON response is 2 (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey). | On /tasks?_sort=title, the value at /1/id of the JSON response is 3 (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey)."},
		{"With /users?_sort=name the names come back in the order 'Ann' and 'Bob'.", `On /users?_sort=name, the value at /0/name of the JSON response is "Ann" (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey). | On /users?_sort=name, the value at /1/name of the JSON response is "Bob" (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey).`},
		// no order said: the values may be anywhere
		{"/tasks?_sort=title returns the ids 2, 3, 1", ""},
		{"On /search?q=a the page shows 'Apple' and 'Avocado' and nothing else", ""},
	})
}

// A dialog said to open after an action is a dialog shown, never a page
// that loads; "normal weight, not bold" is one look said twice; "the site
// title 'X'" the page shows is a text, and a text "underneath" comes after.
func TestReadingsDialogOpensWeight(t *testing.T) {
	checkReadings(t, []readingCase{
		{"After clicking 'Add Folder', a dialog titled 'Add Folder' opens", `On /: click the text "Add Folder"; then at least 1 visible element matches role=dialog and a dialog shows "Add Folder".`},
		{"'Congrats!' is normal weight, not bold", `On /, the text "Congrats!" is not bold (font-weight under 600).`},
		// a site's title the page shows is a text on it; a text
		// underneath another comes after it; "the wiki" is the site
		{"The wiki's home page shows the site title 'Team Kitchen Wiki'", `On /, the page shows "Team Kitchen Wiki".`},
		{"Opening the wiki shows the site title 'Acme' with the subtitle 'Fast builds' underneath.", `On /, "Acme" comes before "Fast builds" on the page.`},
		{"On /about, the page shows 'Acme' with 'Fast builds' below it", `On /about, "Acme" comes before "Fast builds" on the page.`},
	})
	for _, c := range []string{"After clicking 'Add Folder', the 'Add Folder' dialog opens"} {
		for _, j := range mustDerive(c).Journeys {
			for _, s := range j.Steps {
				if s.Kind == plan.ExpectStatus || s.Kind == plan.ExpectNoConsoleErrors {
					t.Errorf("%q read as a page that loads: %+v", c, j.Steps)
				}
			}
		}
	}
}

// A quoted name with a noun for a kind of item is the item showing the
// name ("is" too, and a page said after it); an absence inside such an
// item needs the item there first.
func TestReadingsNamedItem(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The 'Team Documents' folder shows 'Up to Date'", `On /, the text "Up to Date" in the item containing "Team Documents" is visible.`},
		{"The remote device 'Backup NAS' is listed as 'Disconnected'", `On /, the text "Disconnected" in the item containing "Backup NAS" is visible.`},
		{"The task 'Buy milk' shows as 'Done'", `On /, the text "Done" in the item containing "Buy milk" is visible.`},
		{"Next to 'Camera Uploads' it says 'Paused'", `On /, the text "Paused" in the item containing "Camera Uploads" is visible.`},
		// "is" of an item of a named kind; the page said after it
		{"The 'Pro' plan is '$10'", `On /, the text "$10" in the item containing "Pro" is visible.`},
		{"The 'InstanceDown' alert is 'FIRING' on /alerts", `On /alerts, the text "FIRING" in the item containing "InstanceDown" is visible.`},
		{"the 'Camera Uploads' folder shows as 'Paused' on the dashboard", `On /dashboard, the text "Paused" in the item containing "Camera Uploads" is visible.`},
		// "shows as" of a bare name says its status
		{"On /devices, 'Backup NAS' shows as 'Connected'", `On /devices, the text "Connected" in the item containing "Backup NAS" is visible.`},
	})
	// A bare "'A' is 'B'" may be a field's value: not read as an item.
	if _, err := Derive("On /settings, 'Theme' is 'Dark'"); err == nil {
		if st := mustDerive("On /settings, 'Theme' is 'Dark'").Journeys[0].Steps; strings.Contains(st[len(st)-1].Target, "within=") {
			t.Errorf("a bare name and value read as an item: %+v", st)
		}
	}
	// Names left unquoted are found first one by one, never the checked
	// target whole: a guard equal to the check would make it never fail.
	st0 := mustDerive("The InstanceDown alert is FIRING on /alerts.").Journeys[0].Steps
	var guards []string
	for _, s := range st0 {
		if s.Kind == plan.WaitFor {
			guards = append(guards, s.Target)
		}
	}
	if strings.Join(guards, " | ") != "text=InstanceDown | text=FIRING" || st0[len(st0)-1].Target != `text=FIRING within="InstanceDown"` {
		t.Errorf("guards %q before %+v", guards, st0[len(st0)-1])
	}
	st := mustDerive("The home page does not show 'Paused' next to 'Team Documents'").Journeys[0].Steps
	if len(st) != 3 || st[1].Kind != plan.WaitFor || !st[1].Reach || st[1].Target != `text=Team Documents` {
		t.Errorf("the item is not found first: %+v", st)
	}
}

// An order's words are never read into a text: the claim is refused, or
// its capitalised names are read one by one and their order checked.
func TestReadingsOrderWordsInText(t *testing.T) {
	for _, c := range []string{
		"Open the Status dropdown - it has Runtime & Build Information, Command-Line Flags, Configuration, Rules, Targets and Service Discovery in that order",
		"The Status menu has Runtime, Flags and Service Discovery in this order",
		"The Status menu has Runtime, flags and service discovery in this order",
	} {
		d, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			ordered := false
			for _, j := range d.Plan.Journeys {
				for _, s := range j.Steps {
					for _, v := range append([]string{s.Value, s.Target}, s.Texts...) {
						if strings.Contains(v, " order") {
							t.Errorf("%q: %+v holds the order's words", c, s)
						}
					}
					ordered = ordered || s.Kind == plan.ExpectOrder && len(s.Texts) >= 3
				}
			}
			if !ordered {
				t.Errorf("%q derived without checking the order", c)
			}
			continue
		}
		for _, s := range np.Suggestions {
			if orderQuoted(c, s) {
				t.Errorf("%q: suggestion %q quotes a text holding the order's words", c, s)
			}
		}
	}
	// quoted by the claim, the words are the text's own
	if orderQuoted(`The page shows 'Sorted in that order'`, `The page shows "Sorted in that order"`) {
		t.Error("a text the claim quotes is dropped")
	}
}

func TestReadingsClickedDropdownFoundFirst(t *testing.T) {
	for _, c := range []string{"Open the 'Status' dropdown: it shows 'Rules'", "Open the Status dropdown: it shows 'Rules'"} {
		// (a count of the text shown after may be taken between them)
		st := slices.DeleteFunc(mustDerive(c).Journeys[0].Steps, func(s plan.Step) bool { return s.Kind == plan.RememberCount })
		if len(st) < 3 || st[1].Kind != plan.WaitFor || !st[1].Reach || st[1].Target != "label=Status" || st[2].Kind != plan.Click {
			t.Errorf("%q: the clicked field is not found first: %+v", c, st)
		}
	}
}

func TestReadingsAskingForServerFalls(t *testing.T) {
	checkReadings(t, []readingCase{
		{`Asking for /tasks?id=1 returns "Write the release notes"`, `On /tasks?id=1, the page shows "Write the release notes".`},
		{"A request to /tasks/9 comes back as a 404", "On /tasks/9, the page answered HTTP 404."},
		{"Requesting /tasks/2?_expand=user makes the server fall over with a 500", "On /tasks/2?_expand=user, the page answered HTTP 500."},
		{"Hitting /boom causes the app to crash with a 500 error", "On /boom, the page answered HTTP 500."},
	})
}

func TestReadingsRefusedWithStatus(t *testing.T) {
	checkReadings(t, []readingCase{
		{`GET /rest/system/status straight from the browser is refused with a 403 and the text "CSRF Error".`, `On /rest/system/status, the page answered HTTP 403 and the page shows "CSRF Error".`},
		{"/rest/system/status is rejected with a 403", "On /rest/system/status, the page answered HTTP 403."},
		{`/admin returns a 401 and the message "Sign in first"`, `On /admin, the page answered HTTP 401 and the page shows "Sign in first".`},
	})
}

// The page's search box is a guess when the claim names no field: it is
// waited for first (reach), so a search that opens from a button or a
// key blocks the run instead of failing it.
func TestReadingsGuessedSearchBoxFoundFirst(t *testing.T) {
	for _, c := range []string{
		"On /library, searching the books for 'Dune' shows 'Frank Herbert'",
		`Searching the flows for "mqtt" says "No matches found".`,
	} {
		d, err := Derive(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		steps := d.Plan.Journeys[0].Steps
		steps = slices.DeleteFunc(steps, func(s plan.Step) bool { return s.Kind == plan.RememberCount })
		i := slices.IndexFunc(steps, func(s plan.Step) bool { return s.Kind == plan.Fill })
		if i < 1 || steps[i-1].Kind != plan.WaitFor || !steps[i-1].Reach || steps[i-1].Target != "role=searchbox" {
			t.Errorf("%q: want a reach wait for role=searchbox before the fill, got %+v", c, steps)
		}
	}
}

// Words that say how an action is done, or where an entry sits, are no
// field and no part of an unquoted name: refused, never typed or clicked.
func TestReadingsNoFieldFromMenuOrManner(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Once logged in as admin, Settings in the main menu opens the User Settings dialog with a Keyboard tab.", ""},
		{"Signed in as admin, Settings in the main menu shows 'x'", ""},
		{"Clicking Save without changing anything shows 'Nothing to save'", ""},
		{`After signing in as admin, clicking Deploy without changing anything says "No changes to deploy".`, ""},
		// a field left empty is still read
		{"Submitting the form at /signup without an email shows 'Email is required'", `On /signup: clear the field labelled "email", submit the form; then the page shows "Email is required".`},
	})
}

// "In A > B, …" is the claim's own way to the place, whatever the first
// name: both are clicked by their names (reach), as "In Preferences >
// Speed, …" always was; and one more quoted text after "and" may say what
// kind of text it is ("the line '…'").
func TestReadingsArrowPathAndDescribedTexts(t *testing.T) {
	checkReadings(t, []readingCase{
		{`In Actions > About, the page shows the release name "Fermium Flea" and the line "Syncthing is Free"`, `On /: click the text "Actions", click the text "About"; then the page shows "Fermium Flea" and the page shows "Syncthing is Free".`},
		{`Actions > About shows the release name "Fermium Flea" and the line "Syncthing is Free"`, `On /: click the text "Actions", click the text "About"; then the page shows "Fermium Flea" and the page shows "Syncthing is Free".`},
		{`On /about, the page shows "A" and the line "B"`, `On /about, the page shows "A". | On /about, the page shows "B".`},
		// a state of the text is no kind of text: refused
		{`On /about, the page shows "A" and the deleted line "B"`, ""},
		// a lower-case place is no name to click
		{`In the actions > about, the page shows "A"`, ""},
	})
}

// A capitalised word after "shows" names a text, as "clicking Menu" does:
// "shows Alerts" is the page's "Alerts" (a nav entry, a heading), and a
// list of such names inside a part is looked for there. In lower case the
// word still says the kind of element.
func TestReadingsCapitalisedNounIsName(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The page shows Alerts.", `On /, the page shows "Alerts".`},
		{"The page shows alerts.", `On /, an alert is visible.`},
		{"The navbar shows Alerts, Graph and Help.", `On /, the element matching "nav" shows "Alerts" (found first: a page without it blocks the run). | On /, the element matching "nav" shows "Graph" (found first: a page without it blocks the run). | On /, the element matching "nav" shows "Help" (found first: a page without it blocks the run).`},
	})
}

// "Once the page has loaded" says when a check is made, which every step
// waits for anyway: it adds no step, and never the checks of "loads
// without errors", which the claim does not make.
func TestReadingsPageLoadedIsWhen(t *testing.T) {
	checkReadings(t, []readingCase{
		{`Once the page has loaded, the title is "Board".`, `On /, the title is "Board".`},
		{`After the page loads, the tab title reads "Board"`, `On /, the title is "Board".`},
		{`On /a, once the app has finished loading, it shows "Ready".`, `On /a, the page shows "Ready".`},
		{`After the page loads without errors, it shows "Ready"`, `On /, the page loads without errors (HTTP 200, no console errors or uncaught exceptions). | On /, the page shows "Ready".`},
	})
}

// "No javascript errors in the console when loading /x": the console
// check said first and without a verb; a bare "no errors" could be the
// page's own messages and is left alone.
func TestReadingsNoConsoleErrorsFirst(t *testing.T) {
	checkReadings(t, []readingCase{
		{`No javascript errors in the console when loading /alerts.`, `On /alerts, the console shows no errors or uncaught exceptions.`},
		{`No errors in the console when you open /alerts`, `On /alerts, the console shows no errors or uncaught exceptions.`},
		{`On /a, no console errors.`, `On /a, the console shows no errors or uncaught exceptions.`},
		{`No errors when loading /alerts`, ``},
	})
}

// "Clicking 'Logout' on the dashboard (after /tree?token=abc)": the page
// said after "after" comes first. A path there replaces a page guessed
// from its common name; any other page of the action is a second reading,
// refused — never a visit made after the action.
func TestReadingsAfterPageOfAction(t *testing.T) {
	checkReadings(t, []readingCase{
		{`Clicking 'Logout' on the dashboard (after /tree?token=abc) shows 'Logged out'`, `On /tree?token=abc: click the text "Logout"; then the page shows "Logged out".`},
		{`Clicking 'Logout' (after /tree) shows 'Logged out'`, `On /tree: click the text "Logout"; then the page shows "Logged out".`},
		{`Clicking 'Logout' on /a (after /tree) shows 'Logged out'`, ``},
		{`Clicking 'Logout' on the Files page (after /tree) shows 'Logged out'`, ``},
	})
}

// "/api/contents without a token returns 403": a request with no
// credentials is what every fresh journey sends; after an action the
// words name a form's field.
func TestReadingsWithoutToken(t *testing.T) {
	checkReadings(t, []readingCase{
		{`/api/contents without a token returns 403.`, `On /api/contents, the page answered HTTP 403.`},
		{`/api/contents without the token is refused with 403 Forbidden.`, `On /api/contents, the page answered HTTP 403.`},
		{`GET /api returns 200, no token needed.`, `On /api, the page answered HTTP 200.`},
	})
}

// "simply" and "basically" change nothing a browser checks; "which asks
// for 'X'" says what the page just reached shows.
func TestReadingsFillersAndAsksFor(t *testing.T) {
	checkReadings(t, []readingCase{
		{`Visiting /a simply shows 'Welcome'`, `On /a, the page shows "Welcome".`},
		{`Clicking 'Sign in' opens a dialog, which asks for 'Password or token'`, `On /: click the text "Sign in"; then a dialog is visible and a dialog shows "Password or token".`},
	})
}

// "Choosing 'Settings' from the main menu": a menu's items are hidden
// until it opens, so the menu is opened first (a guess, reach), never the
// whole page searched; "without being logged in" is the fresh journey.
func TestReadingsChoiceFromMenu(t *testing.T) {
	checkReadings(t, []readingCase{
		{`Choosing 'Settings' from the main menu shows 'Preferences'`, `On /: open the main menu (the button named "main menu"), choose the menu item "Settings"; then the page shows "Preferences".`},
		{`Visiting /admin without being logged in shows 'Sign in'`, `On /admin, the page shows "Sign in".`},
	})
}

// "The Deploy button is disabled": an unquoted label with no place before
// it, delimited by "the" and the kind of control, is found first (reach);
// a run of words that goes on the sentence is no label.
func TestReadingsBareLabelState(t *testing.T) {
	for _, tc := range []struct{ claim, target string }{
		{"The Deploy button is disabled.", `role=button[name="Deploy"]`},
		{"the Remember me checkbox is ticked by default", `role=checkbox[name="Remember me"]`},
		{"On /cart/checkout the Place order button stays disabled until the terms checkbox is ticked.", ""},
	} {
		d, err := Derive(tc.claim)
		if tc.target == "" {
			if err == nil && len(d.Plan.Journeys) > 0 && strings.Contains(d.Plan.Journeys[0].Steps[1].Target, "stays disabled") {
				t.Errorf("%q read a clause as a label: %v", tc.claim, d.Plan.Journeys[0].Steps)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q refused: %v", tc.claim, err)
			continue
		}
		steps := d.Plan.Journeys[0].Steps
		if len(steps) != 3 || steps[1].Kind != plan.Hover || !steps[1].Reach || steps[2].Target != tc.target {
			t.Errorf("%q derived %v; want a reach hover then the state of %s", tc.claim, steps, tc.target)
		}
	}
}

// "ticking the checkbox next to 'cleanup.py'": the row's own checkbox,
// inside the item showing the name; "brings up the 'A' and 'B' buttons".
func TestReadingsCheckboxNextTo(t *testing.T) {
	checkReadings(t, []readingCase{
		{`On /tree, ticking the checkbox next to 'cleanup.py' brings up the 'Rename' and 'Move' buttons.`, `On /tree: tick the checkbox of "cleanup.py"; then the "Rename" button is visible and the "Move" button is visible.`},
		{`Ticking the checkbox next to cleanup.py (on /tree) brings up the Rename and Move buttons.`, `On /tree: tick the checkbox of "cleanup.py"; then the "Rename" button is visible and the "Move" button is visible.`},
		{`On /tree, unticking the box next to 'cleanup.py' hides 'Rename'`, `On /tree: the text "Rename" is visible; then untick the checkbox of "cleanup.py"; then the text "Rename" is not visible.`},
	})
}

// An unquoted name is read as a literal only when it can be nothing else:
// a file name, a version, an identifier with digits.
func TestLiteralToken(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want bool
	}{
		{"cleanup.py", true}, {"sales-2024.csv", true}, {"v5.0.7", true}, {"6.4.12", true}, {"docs-q7k2m", true},
		{"Buy milk", false}, {"milk", false}, {"Settings", false},
	} {
		if got := literalToken(tc.v); got != tc.want {
			t.Errorf("literalToken(%q) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// A quoted text after the comma that ends a clause of time or condition
// is the subject of the main clause, never one more thing clicked:
// clicking 'Ratio' and looking for 'None' anywhere checks another claim.
func TestReadingsClauseSubjectNotClicked(t *testing.T) {
	checkReadings(t, []readingCase{
		{"When I click 'A', 'B' shows 'C'", ""},
		// a label and its value (beside.go), never a click of the label
		{"After clicking 'Statistics', 'Ratio' reads 'None'", `On /: click the text "Statistics"; then the text "None" shown as the value of "Ratio" is visible.`},
		{"When I expand Backup NAS under Remote Devices, Last seen says Never.", ""},
		// a list of clicks stays one
		{"Clicking 'A', 'B' shows 'C'", `On /: click the text "A", click the text "B"; then the page shows "C".`},
		{"After clicking 'A', 'B' is shown", `On /: click the text "A"; then the page shows "B".`},
	})
}

// A place the plan cannot pin is dropped from an action's target only when
// the target is named: "the last button in the toolbar" counts buttons in
// the toolbar, and the page's last button is another element.
func TestReadingsOrdinalInPlace(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Hovering the last button in the toolbar shows 'Show Inspector'", ""},
		{"Hovering the first button in the toolbar shows Remove Selected Torrents.", ""},
		{"Clicking the Save button in the toolbar shows 'Saved'", `On /: click the "Save" button; then the page shows "Saved".`},
		{"Hovering the Save button shows the tooltip Save changes", `On /: hover over the "Save" button; then the page shows "Save changes".`},
	})
}

// A place said after a check of a control named by its unquoted label is
// opened first, as when it is said first; after an action it stays
// unread: the action may be what opens it.
func TestReadingsPlaceSaidLast(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Stop seeding at ratio is unticked in Preferences > Torrents", `On /: click the text "Preferences", click the text "Torrents"; then the "Stop seeding at ratio" checkbox is not ticked.`},
		{`Append ".part" to incomplete files' names is ticked in the Torrents preferences`, `On /: click the text "Preferences", click the text "Torrents"; then the “Append ".part" to incomplete files' names” checkbox is ticked.`},
		{"Pressing ',' shows a 'Privacy' tab in the preferences", ""},
		{"Clicking 'Save' shows 'Saved' in Preferences", ""},
	})
}

// Several controls of one place named by their unquoted labels, each with
// its state or value, are read as each control's; "on" and "off" are a
// state after a place; a part that is no such control leaves the claim
// refused.
func TestReadingsLabelList(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Preferences > Peers: Max peers per torrent is 50 and Max peers overall is 200", `On /: click the text "Preferences", click the text "Peers"; then the field labelled "Max peers per torrent" holds "50" and the field labelled "Max peers overall" holds "200".`},
		{"In Preferences, Use PEX is on and Use DHT is off", `On /: click the text "Preferences"; then the "Use PEX" checkbox is ticked and the "Use DHT" checkbox is not ticked.`},
		{"On the Network tab of the preferences, Enable uTP for peer communication is off", `On /: click the text "Preferences", click the text "Network"; then the "Enable uTP for peer communication" checkbox is not ticked.`},
		{"Settings > General: Theme is Dark, Font size is 12 and Start minimised is ticked", `On /: click the text "Settings", click the text "General"; then the field labelled "Theme" holds "Dark", the field labelled "Font size" holds "12" and the "Start minimised" checkbox is ticked.`},
		{"Preferences > Peers: Max peers per torrent is 50 and the blocklist is empty", ""},
		{"The Save button is off", ""},
	})
}

// Two capitalised names in an order after a menu are each waited for
// first (where a name ends is a guess), then their order is checked.
func TestReadingsOrderPairUnquoted(t *testing.T) {
	checkReadings(t, []readingCase{
		{"In the settings menu, Statistics comes before Hotkeys", `On /: open the Settings menu (the button named "Settings menu"); then "Statistics" comes before "Hotkeys" on the page.`},
		{"In the settings menu, It comes before Hotkeys", ""},
		{"In the Hotkeys list, ESC comes before Enter.", ""},
	})
}

// A tab said first, then an order on it: the tab is chosen first, as
// "after clicking the 'Recent' tab, …" reads.
func TestReadingsOrderOnTab(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On the Recent tab, 'Journal' comes before 'Shopping List'", `On /: click the "Recent" tab; then "Journal" comes before "Shopping List" on the page.`},
		{"In the 'Recent' tab, 'Journal' is listed above 'Shopping List'", `On /: click the "Recent" tab; then "Journal" comes before "Shopping List" on the page.`},
		{"On the recent tab, 'Journal' comes before 'Shopping List'", ""},
	})
}

// A menu's items said in an order are checked as its menu items, in that
// order among them; unquoted capitalised names are each found first.
func TestReadingsMenuItemsInOrder(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The Actions menu contains 'Settings', 'Show ID' and 'Logs', in that order.", `On /: open the Actions menu (the button named "Actions menu"); then it shows the menu items "Settings", "Show ID" and "Logs", in that order.`},
		{"The Actions menu contains Settings, Show ID, Shutdown and Logs, in that order.", `On /: open the Actions menu (the button named "Actions menu"); then it shows the menu items "Settings", "Show ID", "Shutdown" and "Logs", in that order.`},
		{"The Help menu offers 'About'", `On /: open the Help menu (the button named "Help menu"); then it shows the menu item "About".`},
		{"The Help menu shows 'About'", ""},
	})
	st := mustDerive("The Actions menu contains Settings, Show ID and Logs, in that order.").Journeys[0].Steps
	last := st[len(st)-1]
	if last.Kind != plan.ExpectOrder || last.Target != "role=menuitem" || strings.Join(last.Texts, "|") != "Settings|Show ID|Logs" {
		t.Errorf("the order is not checked among the menu items: %+v", last)
	}
	if st[2].Kind != plan.WaitFor || !st[2].Reach || st[2].Target != `role=menuitem[name="Settings" s]` {
		t.Errorf("an unquoted item is not found first: %+v", st[2])
	}
}

// What a menu's item is said to be for is noted, not checked; words that
// could be checked there leave the claim refused.
func TestReadingsMenuItemPurpose(t *testing.T) {
	checkReadings(t, []readingCase{
		{`The main menu has a "Manage palette" entry for installing new nodes.`, `On /: open the main menu (the button named "main menu"); then it shows the menu item "Manage palette".`},
		{"The main menu has a 'Manage palette' entry to install nodes", `On /: open the main menu (the button named "main menu"); then it shows the menu item "Manage palette".`},
		{"The main menu has a 'Manage palette' entry for 2 users", ""},
		{"The main menu has a 'Manage palette' entry for the admin", ""},
	})
}

// A state or an absence said once of several quoted names is each one's;
// "all" or "both" before a negation leaves which of them unsaid.
func TestReadingsSaidOfEach(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, 'Enable Relaying', 'Global Discovery' and 'Local Discovery' are all unchecked.", `On /settings, the "Enable Relaying" checkbox is not ticked. | On /settings, the "Global Discovery" checkbox is not ticked. | On /settings, the "Local Discovery" checkbox is not ticked.`},
		{"'A', 'B' and 'C' are all hidden", `On /, the page does not show "A". | On /, the page does not show "B". | On /, the page does not show "C".`},
		{"'A' and 'B' are all not shown", ""},
	})
	// no suggestion checks shown what the claim says is not
	for _, c := range []string{"'A' and 'B' are all not shown", "'A' and 'B' are both not shown"} {
		np := refusalOf(t, c)
		for _, s := range np.Suggestions {
			if strings.Contains(s, `shows "A"`) || strings.Contains(s, `shows "B"`) {
				t.Errorf("%q: suggestion %q checks shown a text the claim says is not", c, s)
			}
		}
	}
}

// A status (count, price, total) said of a named item is that item's: its
// text is looked for inside the item, where another item's would not
// prove it; the page's own status is the page's.
func TestReadingsOwnedStatus(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The 'Team Documents' status reads 'Up to Date'", `On /, the page shows "Team Documents". | On /, the text "Up to Date" in the item containing "Team Documents" is visible.`},
		{"The 'Pro' price shows '$12'", `On /, the page shows "Pro". | On /, the text "$12" in the item containing "Pro" is visible.`},
		{"The status shows 'Saved'", `On /, the page shows "Saved".`},
	})
}

// A part of the page that holds what the claim acts on is not where its
// check looks: no suggestion moves the checked text into it.
func TestSuggestionsKeepThePartOnTheAction(t *testing.T) {
	for _, c := range []string{
		"Clicking the second button in the footer shows 'Saved'",
		"Hovering the last icon in the header shows 'Help'",
	} {
		np := refusalOf(t, c)
		for _, s := range np.Suggestions {
			if partSubject(stripLabel(s), "footer") || partSubject(stripLabel(s), "header") {
				t.Errorf("%q: suggestion %q looks for the text inside the part", c, s)
			}
		}
	}
	if why := ChangesMeaning("Clicking the second button in the footer shows 'Saved'", `The footer shows "Saved"`, nil); why == "" {
		t.Error("a check moved into the part the action names is not seen")
	}
	if why := ChangesMeaning("The footer shows 'Saved' after clicking 'Save'", `The footer shows "Saved"`, nil); why != "" {
		t.Errorf("a check of the part itself is flagged: %s", why)
	}
}

// A claim that names the home page is checked there: a part of it named
// like a common page ("the newsletter form") is not moved to a guessed
// path of its own, where another page could decide the claim.
func TestReadingsHomePageKept(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the newsletter form shows 'Subscribe'", ""},
		{"On /, the login form has a 'Sign in' button", ""},
		{"The newsletter form on / shows 'Subscribe'", `On /, the element matching "form" shows "Subscribe" (found first: a page without it blocks the run).`},
		{"On /, clicking 'Docs' opens /docs", `On /: click the text "Docs"; then the address is /docs.`},
		{"Visiting / redirects to /login", `On /, the address is /login.`},
		{"On /?tab=2, the page shows 'Two'", `On /?tab=2, the page shows "Two".`},
	})
}

// A state said with a particle ("is on", "is up") is a word a rephrasing
// that only shows the text leaves out: it is labelled, never offered as
// keeping the claim.
func TestSuggestionsKeepAStateParticle(t *testing.T) {
	for _, c := range []struct {
		claim, sugg string
		faithful    bool
	}{
		{"On /settings, 'Dark mode' is on", `/settings shows "Dark mode"`, false},
		{"On /, 'Beta' is up", `/ shows "Beta"`, false},
		{"On /status, 'API' is down", `/status shows "API"`, false},
		{"On /, 'Delete' shows up", `/ shows "Delete"`, true},
	} {
		d, err := Derive(c.sugg)
		if err != nil {
			t.Fatalf("%q does not derive: %v", c.sugg, err)
		}
		if got := Faithful(c.claim, c.sugg, d.Plan); got != c.faithful {
			t.Errorf("Faithful(%q, %q) = %v, want %v", c.claim, c.sugg, got, c.faithful)
		}
	}
}

// "Not both" says one text at least is absent, not which: checking each
// absent would fail a page the claim allows.
func TestReadingsNotBoth(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /tasks, 'Buy milk' and 'Walk dog' are not both shown", ""},
		{"On /tasks, 'Buy milk' and 'Walk dog' aren't both shown", ""},
		{"On /tasks, the page shows neither 'A' nor 'B'", `On /tasks, the page does not show "A". | On /tasks, the page does not show "B".`},
	})
}

// A text said to be an element of a kind is that element named by it;
// said not to be one, the text is shown and no such element is named by
// it; where a text takes you is where clicking it goes.
func TestReadingsTextIsAnElement(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Docs' is a link", `On /, the "Docs" link is visible.`},
		{"'Docs' is a link on /about", `On /about, the "Docs" link is visible.`},
		{"On /, 'Save' is a button", `On /, the "Save" button is visible.`},
		{"On /, 'Docs' is not a link", `On /, the page shows "Docs". | On /, the "Docs" link is not visible.`},
		{"'Docs' isn't a link on /about.", `On /about, the page shows "Docs". | On /about, the "Docs" link is not visible.`},
		{"On /, 'Docs' takes you to /guide", `On /: click the text "Docs"; then the address is /guide.`},
		// not a kind of element: still refused
		{"On /tasks, 'Buy milk' is a task", ""},
	})
}

// "Once" at the end of a check is a count of one; "once you click" is a
// time.
func TestReadingsShownOnce(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /tasks, 'Buy milk' appears once", `On /tasks, exactly 1 visible elements match text="Buy milk".`},
		{"On /tasks, 'Buy milk' appears only once", `On /tasks, exactly 1 visible elements match text="Buy milk".`},
		{"/tasks shows 'Buy milk' exactly once.", `On /tasks, exactly 1 visible elements match text="Buy milk".`},
		{"/tasks shows 'Buy milk' once.", `On /tasks, exactly 1 visible elements match text="Buy milk".`},
		{"On /tasks, 'Saved' appears once you click 'Save'", `On /tasks: click the text "Save"; then the page shows "Saved".`},
	})
}

// Unquoted names in capitals before the kind of element, said of a part
// of the page, are pinned inside it as they are read on the whole page;
// after "links to" (where links go) or said absent (a wrong guess would
// pass), refused.
func TestReadingsUnquotedNamesInPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The footer has Privacy and Terms links", `On /, the "Privacy" link in the footer is visible. | On /, the "Terms" link in the footer is visible.`},
		{"The header has a Sign in button", `On /, the "Sign in" button in the header is visible.`},
		{"The footer has links to Privacy and Terms", ""},
		{"The footer doesn't have a Careers link", ""},
	})
	d, err := Derive("The footer has Privacy and Terms links")
	if err != nil || !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, "unquoted") && strings.Contains(n, "a guess") }) {
		t.Errorf("no note says the unquoted names are a guess: %v %q", err, d.Notes)
	}
}

// A path that may answer JSON: "has 3 items" may count the response's
// items or a page's list items, and "has a title of" may name a field or
// the page's title; refused with both readings.
func TestReadingsJSONOrPage(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/api/tasks has 3 items", ""},
		{"/tasks.json has 3 items", ""},
		{"/api/tasks/1 has a title of 'Buy milk'", ""},
		{"/api/tasks returns 3 items", "On /api/tasks, the JSON response is a list or object of exactly 3 items."},
		{"/api/tasks has 3 list items", "On /api/tasks, exactly 3 list items are shown (outside the nav, header, footer and menus)."},
		{"The title of /api/tasks/1 is 'Buy milk'", `On /api/tasks/1, the title is "Buy milk".`},
	})
	np := refusalOf(t, "/api/tasks has 3 items")
	if want := []string{"/api/tasks returns 3 items", "/api/tasks has 3 list items"}; !slices.Equal(np.Suggestions, want) {
		t.Errorf("suggestions %q, want %q", np.Suggestions, want)
	}
}

// "Not only A but also B" says both are shown; "doesn't just show A" is
// no negation of A, and no rephrasing checks A absent.
func TestReadingsNotOnly(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ shows not only 'Home' but also 'About'", `On /, the page shows "Home". | On /, the page shows "About".`},
		{"Clicking 'Save' not only shows 'Saved' but also 'Done'", `On /: click the text "Save"; then the page shows "Saved" and the page shows "Done".`},
		{"/ doesn't just show 'Home'", ""},
		// the limiting word after the verb, or one the lexer drops
		{"/ doesn't show just 'Home'", ""},
		{"/ does not simply show 'Home'", ""},
		{"Clicking 'Save' doesn't show merely 'Saved'", ""},
		{"/ does not show 'Home'", `On /, the page does not show "Home".`},
	})
	for claim, shown := range map[string]string{"/ doesn't just show 'Home'": "Home", "/ does not only show 'Home'": "Home",
		"Clicking 'Save' doesn't only show 'Saved'": "Saved", "/ doesn't merely say 'Home'": "Home",
		"/ doesn't show just 'Home'": "Home", "/ does not simply show 'Home'": "Home"} {
		for _, s := range refusalOf(t, claim).Suggestions {
			d, err := Derive(s)
			if err != nil {
				continue
			}
			for _, j := range d.Plan.Journeys {
				for _, st := range j.Steps {
					if st.Kind == plan.ExpectNoText && st.Value == shown {
						t.Errorf("%q: suggestion %q checks %q absent", claim, s, shown)
					}
				}
			}
		}
	}
}

// A bound on a count of elements vouch can name: at_least / at_most, a
// strict bound checked as the one that includes it.
func TestReadingsBoundedCount(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ has at least 3 links", "On /, at least 3 visible elements match role=link."},
		{"/ has more than 3 links", "On /, at least 4 visible elements match role=link."},
		{"/ has fewer than 3 'Buy' buttons", `On /, at most 2 visible elements match role=button[name="Buy"].`},
		{"/ has no more than 3 links", "On /, at most 3 visible elements match role=link."},
		{"/todo shows at least 2 items", "On /todo, at least 2 list items are shown (outside the nav, header, footer and menus)."},
		{"/ has at least 3 tasks", ""},
		{"/ has fewer than 0 links", ""},
	})
}

// Unquoted words after an added item are one more item only when they
// can be one: never after "then", never an action ("completing it",
// "marking it done"), never words that point back at an item; an item
// completed is ticked.
func TestReadingsAddedThenActed(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todo, adding 'A' then marking it done shows '0 items left'", `On /todo: add "A", tick the "A" checkbox; then the page shows "0 items left".`},
		{"On /todo, adding 'A' then completing it shows '0 items left'", `On /todo: add "A", tick the "A" checkbox; then the page shows "0 items left".`},
		{"On /todo, completing 'A' shows '0 items left'", `On /todo: tick the "A" checkbox; then the page shows "0 items left".`},
		{"On /todo, adding 'A' then foo bar shows '0 items left'", ""},
		{"On /todo, adding 'A' and 'B' shows '2 items left'", `On /todo: add "A", add "B"; then the page shows "2 items left".`},
	})
}

// A bare name right after an action and "then" is the next thing
// clicked, never a page visited (which would drop what the click opened);
// "then the Settings page" says a page.
func TestReadingsBareNameAfterAction(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, clicking 'Menu' then Settings shows 'Profile'", `On /: click the text "Menu", click the text "Settings"; then the page shows "Profile".`},
		{"On /, clicking 'Menu', then the Settings page shows 'Profile'", `On /: click the text "Menu", go to /settings; then the page shows "Profile".`},
	})
}

// A text said with a modal not to be shown ("should not be visible",
// "won't be shown", "shouldn't show up anymore") is checked not shown,
// and no rephrasing checks it shown.
func TestReadingsModalNegation(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Beta' should not be visible", `On /, the page does not show "Beta".`},
		{"On /, 'Beta' won't be shown", `On /, the page does not show "Beta".`},
		{"'Beta' should never be visible on /about", `On /about, the page does not show "Beta".`},
		{"On /, 'Beta' shouldn't show up anymore", `On /, the page does not show "Beta".`},
	})
	checkReadings(t, []readingCase{
		// "free of" is no JSON field "free"
		{"GET / is free of 'Beta'", ""},
	})
	d, _ := Derive(`/ shows "Beta"`)
	for _, claim := range []string{"On /, 'Beta' should not be visible", "On /, 'Beta' shouldn't show up anymore", "On /, 'Beta' won't be shown", "On /, 'Beta' mustn't ever be displayed here",
		"'Beta' has disappeared from /", "On /, 'Beta' is not to be seen", "/ is free of 'Beta'"} {
		if ChangesMeaning(claim, `/ shows "Beta"`, d.Plan) == "" {
			t.Errorf("%q: the rephrasing that checks 'Beta' shown is offered", claim)
		}
	}
}

// A switch turned on or off, with the particle before or after its name.
func TestReadingsSwitchedOnOff(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /settings, switching 'Notifications' off hides 'Email me'", `On /settings: the page shows "Email me"; then untick the "Notifications" checkbox; then the page does not show "Email me".`},
		{"On /settings, switching off 'Notifications' hides 'Email me'", `On /settings: the page shows "Email me"; then untick the "Notifications" checkbox; then the page does not show "Email me".`},
		{"On /settings, toggling 'Beta' on shows 'Beta features'", `On /settings: tick the "Beta" checkbox; then the page shows "Beta features".`},
	})
}

// A text said to go away with nothing done is checked absent once the
// page has settled, and a note says that it was shown first is not
// checked.
func TestReadingsGoneWithNothingDone(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, 'Loading' disappears", `On /, the page does not show "Loading".`},
	})
	d, err := Derive("On /, 'Loading' disappears")
	if err != nil || !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, "that it was shown first is not checked") }) {
		t.Errorf("no note says the text is not found first: %v %q", err, d.Notes)
	}
}

// A text or an added item said to survive a reload is shown, then still
// shown after reloading.
func TestReadingsSurvivesReload(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todo, 'Milk' survives a reload", `On /todo: the page shows "Milk"; then reload the page; then the page shows "Milk".`},
		{"On /todo, 'Milk' persists across reloads", `On /todo: the page shows "Milk"; then reload the page; then the page shows "Milk".`},
		{"On /todo, 'Milk' stays after a page refresh.", `On /todo: the page shows "Milk"; then reload the page; then the page shows "Milk".`},
		{"On /todo, adding 'Milk' persists after reloading the page", `On /todo: add "Milk"; then the page shows "Milk"; then reload the page; then the page shows "Milk".`},
	})
}

// "Can be deleted" says what a person is able to do, "will be removed"
// what is to come: read without "can" or "will"
// (fillers) each was a text checked absent before anyone acted.
func TestReadingsAbilityAndFutureRefused(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /tasks, 'Buy milk' can be deleted", ""},
		{"On /tasks, 'Buy milk' can be removed from the list", ""},
		{"On /tasks, 'Buy milk' can't be hidden", ""},
		{"On /tasks, 'Buy milk' is deleted", `On /tasks, the page does not show "Buy milk".`},
		// a change to come: read without "will" it was checked done now
		{"On /, 'Beta' will be removed", ""},
		{"On /, 'Beta' is going to be dropped", ""},
		{"On /, 'Save' will be hidden", `On /, the page does not show "Save".`},
		{"On /, the page says 'This page will be removed soon'", `On /, the page shows "This page will be removed soon".`},
		{"On /, clicking 'Delete' and 'Beta' will be removed", `On /: the text "Beta" is visible; then click the text "Delete"; then the text "Beta" is not visible.`},
	})
}

// A rephrasing that checks less must check only what the claim implies:
// words that limit who or where ("only admins", "except for the header",
// "hardly any page") are not dropped, and a text the claim says is absent
// from one thing ("the 'Pro' plan", "not every row") is not checked absent
// from the whole page.
func TestSuggestionsKeepTheClaimsScope(t *testing.T) {
	for _, c := range []struct{ claim, sugg string }{
		{"Only admins see 'Delete'", `The home page shows "Delete"`},
		{"Hardly any page shows 'Beta'", `The page shows "Beta"`},
		{"Few rows show 'Paid'", `The home page shows "Paid"`},
		{"'Checkout' is only enabled when the cart has items", `The cart shows "Checkout"`},
		{"Not every row shows 'Paid'", `The home page does not show "Paid"`},
		{"Except for the header, nothing shows 'Beta'", `The home page does not show "Beta"`},
		{"The 'Pro' plan no longer costs '$20'", `The home page does not show "$20"`},
		{"Typing 'abc' into 'Zip' doesn't show 'Invalid zip' until you leave the field", `Typing "abc" does not show "Invalid zip"`},
		{"On /pricing, only the 'Pro' plan shows 'Popular'", `On /pricing, clicking "Pro" shows "Popular"`},
		{"On /tasks, the first task isn't 'Buy milk'", `/tasks does not show "Buy milk"`},
		{"On /tasks, 'Buy milk' isn't listed before 'Walk dog'", `/tasks does not show "Buy milk"`},
		{"On /tasks, 'Buy milk' and 'Walk dog' are not both shown", `/tasks shows "Buy milk"`},
		{"On /tasks, not all of 'A', 'B' are shown", `/tasks does not show "A"`},
		{"On /, 'Delete' shows up nowhere", `/ shows "Delete"`},
		{"On /, 'Beta' appears nowhere", `/ shows "Beta"`},
		{"On /, 'Beta' was removed", `/ shows "Beta"`},
		{"On /, 'Beta' has been removed", `/ shows "Beta"`},
		{"On /, 'Beta' used to be shown", `/ shows "Beta"`},
		// when, how often, on what: another time, device or look than a
		// journey's
		{"/ used to show 'Beta'", `/ shows "Beta"`},
		{"Clicking 'Save' used to show 'Saved'", `Clicking "Save" shows "Saved"`},
		{"/ sometimes shows 'Beta'", `/ shows "Beta"`},
		{"/ usually shows 'Beta'", `/ shows "Beta"`},
		{"/ shows 'Beta' at random", `/ shows "Beta"`},
		{"/ shows 'Beta' on mobile", `/ shows "Beta"`},
		{"/ shows 'Beta' in Safari on an iPad", `/ shows "Beta"`},
		{"/ shows 'Beta' in dark mode", `/ shows "Beta"`},
		{"/ shows 'Beta' when offline", `/ shows "Beta"`},
		// an error the page shows going away is no page failing to load
		{"On /signup, the error goes away after typing a valid email", `/signup loads without errors`},
		// the result of other actions than the claim's
		{"On /, clicking 'Next' three times then 'Prev' shows 'Page 3'", `On /, clicking "Next" shows "Page 3"`},
		// the state said to come later ("until …"), checked first
		{"On /, 'Save' is disabled until 'Agree' is ticked", `On /, "Agree" is ticked`},
		{"On /, the 'Send' button stays greyed out until 'Email' is filled with 'a@b.co'", `On /, "Email" is set to "a@b.co"`},
		// an input described, not quoted: the page before it is entered
		{"On /login, wrong credentials show 'Invalid login'", `/login shows "Invalid login"`},
		{"A wrong password on /login shows 'Invalid email or password' under the form", `/login shows "Invalid email or password"`},
		// the title is no text of the page's body
		{"On /, the title is not 'Untitled'", `/ does not show "Untitled"`},
		// who sees it: every journey's visitor is signed out, and no admin
		{"Signed-in users see 'Dashboard' on /", `/ shows "Dashboard"`},
		{"On /, premium users see 'Export'", `/ shows "Export"`},
		// a part of the title is neither the whole title nor a text
		{"The page title contains 'Dashboard'", `The title is "Dashboard"`},
		{"The title of /about includes 'About'", `/about shows "About"`},
		// a site the suggestion names and never visits
		{"Clicking 'Docs' goes to docs.example.com", `Docs.example.com shows "Docs"`},
		// what follows an action, looked for before anything is done
		{"On /tasks, adding 'Milk' eventually shows '1 item left'", `/tasks shows "1 item left"`},
		{"On /, clicking 'Delete' eventually removes 'Walk dog'", `/ does not show "Walk dog"`},
		{"On /settings, changing the theme to 'Dark' and saving persists after reload", `/settings shows "Dark"`},
		// a value typed into a field is no text the page shows before
		{"On /signup, the email field rejects 'abc'", `/signup shows "abc"`},
		{"On /signup, the name field accepts 'Ann'", `/signup shows "Ann"`},
		// a part a text is said absent from
		{"No button says 'Delete'", `The home page does not show "Delete"`},
		{"On /tasks, the completed task doesn't show 'Edit'", `/tasks does not show "Edit"`},
		// a bound of a count is no text: "3 or more" is not the page showing "3"
		{"/ shows 3 or more", `/ shows 3`},
		{"/ shows at least 3", `/ shows 3`},
		// the place of what is clicked: without it another button is
		{"On /, clicking 'Delete' in the second row removes 'B'", `On /, clicking "Delete" hides "B"`},
		{"On /, clicking 'Delete' on the first row removes 'A'", `On /, clicking "Delete" hides "A"`},
	} {
		d, err := Derive(c.sugg)
		if err != nil {
			t.Fatalf("%q does not derive: %v", c.sugg, err)
		}
		if ChangesMeaning(c.claim, c.sugg, d.Plan) == "" {
			t.Errorf("%q: the rephrasing %q is taken as checking less", c.claim, c.sugg)
		}
		if np := refusalOf(t, c.claim); np != nil {
			for _, s := range np.Suggestions {
				if stripLabel(s) == c.sugg {
					t.Errorf("%q: suggested %q", c.claim, s)
				}
			}
		}
	}
	// Dropping words from a claim that a text is shown only widens where
	// it is looked for; a list's own "only" and a reason around an absent
	// text leave what is kept implied.
	for _, c := range []struct{ claim, sugg string }{
		{"GET /tasks?id_gte=2 returns tasks 2 and 3 only", `GET /tasks?id_gte=2 returns tasks 2`},
		{"All users at /users have an '@example.com' email", `/users shows "@example.com"`},
		{"/tasks?_limit=2 returns just the first two tasks, so 'Update dependencies' is not in it.", `/tasks?_limit=2 does not show "Update dependencies"`},
		{"The page shows 'Welcome' unless you are signed in", `The page shows "Welcome"`},
		{"The API description under the title reads 'Browse the catalogue'", `The home page shows "Browse the catalogue"`},
	} {
		d, err := Derive(c.sugg)
		if err != nil {
			t.Fatalf("%q does not derive: %v", c.sugg, err)
		}
		if why := ChangesMeaning(c.claim, c.sugg, d.Plan); why != "" {
			t.Errorf("%q: the rephrasing %q is rejected: %s", c.claim, c.sugg, why)
		}
	}
}

// A label and the value the page shows for it: the value is looked for in
// what the page pairs with the label, not anywhere. Unquoted, the label
// runs from the start (or the place) to the verb; "shows" and "is" are
// not read so (a named item's status, a field's value), nor words that
// make a clause of the label or the value.
func TestReadingsLabelSays(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /devices, 'Last seen' says 'Never'", `On /devices, the text "Never" shown as the value of "Last seen" is visible.`},
		{"On /x, the value of 'Hash' reads 'None'", `On /x, the text "None" shown as the value of "Hash" is visible.`},
		{"On /x, the 'Status' row doesn't say 'Down'", `On /x, the text "Down" shown as the value of "Status" is not visible.`},
		{"On /devices, Last seen says Never.", `On /devices, the text "Never" shown as the value of "Last seen" is visible.`},
		{"Last seen says Never", ""},
		{"'Last seen' says 'Never'", ""},
		{"The value of 'Last seen' reads 'Never'", `On /, the text "Never" shown as the value of "Last seen" is visible.`},
		{"In the Statistics window, 'Ratio' reads 'None'", `On /: click the text "Statistics"; then the text "None" shown as the value of "Ratio" is visible.`},
		{"After clicking 'Preferences', Hash says None", `On /: click the text "Preferences"; then the text "None" shown as the value of "Hash" is visible.`},
		{"On /flags, web.enable-admin-api reads false", `On /flags, the text "false" shown as the value of "web.enable-admin-api" is visible.`},
		// two labels said to share a value: each looked for beside its own
		{"After pressing 'i', 'Hash' and 'Location' both read 'None'", `On /: press i; then the text "None" shown as the value of "Hash" is visible and the text "None" shown as the value of "Location" is visible.`},
		{"In the Statistics window, Uploaded and Downloaded both read 0 B", `On /: click the text "Statistics"; then the text "0 B" shown as the value of "Uploaded" is visible and the text "0 B" shown as the value of "Downloaded" is visible.`},
		// one label or two?
		{"On /x, Hash and Location read None", ""},
		// a clause, not a label and its value
		{"delete a book says its 204 response means Deleted", ""},
		// a name and its section, never one text
		{"When I expand Backup NAS under Remote Devices, Last seen says Never.", ""},
		// "shows" and "is": a named item's status, a field's value
		{"On /x, 'Status' shows 'Up'", ""},
		{"On /x, 'Status' is 'Up'", ""},
	})
}

// Ways of saying what a page shows that name who looks or where the
// title is shown: each reads as the check it says, and no more.
func TestReadingsVisitorAndTab(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The home page title in the browser tab is 'Verdaccio'", `On /, the title is "Verdaccio".`},
		{"The title in the browser tab reads 'Acme'", `On /, the title is "Acme".`},
		{"An anonymous visitor who opens /private is told 'Sign in first'", `On /private, the page shows "Sign in first".`},
		{"A visitor who opens /about sees 'Team'", `On /about, the page shows "Team".`},
		// signed in is a state the claim does not say how to reach
		{"A signed-in user who opens /about sees 'Team'", ""},
		// an item said not to exist is a page that does not exist; one
		// described by its data may not be what the example is
		{"Going to a package that doesn't exist, like /p/none, shows 'Sorry'", `On /p/none, the page shows "Sorry".`},
		{"A song that isn't jazz, like /songs/12, shows 'Sorry'", ""},
		// a page showing a message with a button shows both
		{"/x shows 'Sorry' with a 'Home' button", `On /x, the page shows "Sorry". | On /x, the "Home" button is visible.`},
	})
}

// A text a path answers with is what its page shows; a page said with
// its path after words that describe it is the path.
func TestReadingsAnswersAndSendsTo(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/-/healthy answers 'Prometheus Server is Healthy.'", `On /-/healthy, the page shows "Prometheus Server is Healthy.".`},
		{"/ping answers 200", `On /ping, the page answered HTTP 200.`},
		{"Opening / sends you to the classic graph page at /classic/graph", `On /, the address is /classic/graph.`},
		// no path: which page is meant is not said
		{"Opening / sends you to the classic graph page", ""},
	})
}

// A setting's key, a lower-case identifier with dots, dashes or
// underscores, is a label with "is" too, and after a page said without a
// comma; a capitalised name with "is" may be a field's value: not so.
func TestReadingsKeyIs(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /classic/flags, storage.tsdb.retention.time is 1w", `On /classic/flags, the text "1w" shown as the value of "storage.tsdb.retention.time" is visible.`},
		{"On /x, max_connections = 100", `On /x, the text "100" shown as the value of "max_connections" is visible.`},
		{"On /x, Theme is Dark", ""},
	})
}

// A quoted text said to say another ("and 'B' says 'C'") is never read as
// one more text shown with the other looked for anywhere: the claim is
// refused with the label reading offered, which keeps every check.
func TestReadingsSaidOfKept(t *testing.T) {
	checkReadings(t, []readingCase{
		{"Clicking 'X' shows 'A' and 'B' says 'C'", ""},
		{"On /x, the page shows 'A' and 'B' reads 'C'", ""},
		// the action says it: no subject
		{"Clicking 'Save' says 'Saved'", `On /: click the text "Save"; then the page shows "Saved".`},
	})
	np := refusalOf(t, "Clicking 'X' shows 'A' and 'B' says 'C'")
	if len(np.Suggestions) == 0 || np.Suggestions[0] != "Clicking 'X' shows 'A' and the value of 'B' reads 'C'" {
		t.Errorf("suggestions %q", np.Suggestions)
	}
}

// "The counter shows '3'" names one element, but the text is looked for
// on the whole page: a number or a one-letter text may be shown anywhere
// else, so it is refused; a longer one is what the claim says.
func TestReadingsShortTextUnpinned(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /tasks, the counter shows '3'", ""},
		{"On /cart, the badge reads '12'", ""},
		{"On /tasks, the counter doesn't show '0'", ""},
		{"On /tasks, the counter shows '3 items left'", `On /tasks, the page shows "3 items left".`},
		{"On /tasks, the page shows '3'", `On /tasks, the page shows "3".`},
	})
}

// "Shows exactly 'todos'" says the case and the whole text; a text is
// looked for case-insensitively as part of what the page shows, so the
// rephrasing without "exactly" is offered only labelled as checking less.
func TestSuggestionsKeepExactly(t *testing.T) {
	for _, c := range []struct{ claim, sugg string }{
		{"The home page shows exactly 'todos'", `The home page shows "todos"`},
		{"On /, the heading reads precisely 'Todos'", `/ shows "Todos"`},
		// "works" says what using it does
		{"On /, 'Save' works", `/ shows "Save"`},
	} {
		d, err := Derive(c.sugg)
		if err != nil {
			t.Fatalf("%q does not derive: %v", c.sugg, err)
		}
		if Faithful(c.claim, c.sugg, d.Plan) {
			t.Errorf("%q: %q is taken as faithful", c.claim, c.sugg)
		}
		if np := refusalOf(t, c.claim); np != nil {
			for _, s := range np.Suggestions {
				if s == c.sugg {
					t.Errorf("%q: suggested %q without a label", c.claim, s)
				}
			}
		}
	}
	// a count is exact whatever words say it
	if d, err := Derive("On /tasks, the page has 3 rows"); err != nil || !Faithful("On /tasks, the page has exactly 3 rows", "On /tasks, the page has 3 rows", d.Plan) {
		t.Errorf("a count without 'exactly' is taken as checking less (%v)", err)
	}
}

// An error the page shows as a text ("the error 'Invalid'", "an error
// message", a column named Error) is no claim about the page failing to
// load, nor is a state "on load": the generic "… loads without errors" is
// no suggestion for them.
func TestSuggestionsNoGenericForAnErrorText(t *testing.T) {
	for _, c := range []string{
		"On /, the error 'Invalid' is not shown until you submit",
		"The targets table headers are Endpoint, State, Labels and Error.",
		"After a failed search the error box has a pale red tint",
		"The 'Required' error message sits under the field on /signup",
		// "on load", "when the page loads" say when, not that it loads
		"On /signup, the name field is focused on load",
		"Compact view is on when the page first loads",
		// a part of the page working, not the page loading
		"On /, every link in the nav works",
		"On /, the footer has no broken links",
		"The search works on /",
		// a status the page shows in capitals
		"On /targets, every target is UP",
		"The node target is UP on the targets page.",
		// a message the page shows, something loaded into the page, a
		// prediction, a visit count, a key that works
		"Bug: empty the URL box and click Explore and you get 'Unable to render this definition' rather than a fetch error.",
		"Entering rate(up) in the expression browser and executing it shows an error: expected type range vector",
		"With no torrents loaded, Start All is greyed out along with the other toolbar buttons.",
		"Adding ?url=nope.json to the docs address makes Swagger UI load nope.json instead of the Bookshop spec.",
		"json-server will keep working with our fixtures after we move the CI runners to Node 22 next quarter.",
		"Our Swagger page gets more visits than the old wiki page ever did.",
		"a11y: the fifth Tab press after the page loads lands on the openapi.json link under the title",
		"Keyboard walk-through on the docs page: the sixth Tab from a fresh load lands on the Servers dropdown.",
		"? (so Shift+/) works too and pops up the Hotkeys window.",
	} {
		if np := refusalOf(t, c); np != nil {
			for _, s := range np.Suggestions {
				if strings.Contains(s, "loads without errors") {
					t.Errorf("%q: suggested %q", c, s)
				}
			}
		}
	}
	// a claim about errors or loading still gets it
	for _, c := range []string{
		"The checkout page is error-free and snappy",
		"The orders endpoint works",
	} {
		np := refusalOf(t, c)
		if np == nil || len(np.Suggestions) == 0 || !strings.Contains(np.Suggestions[0], "loads without errors") {
			t.Errorf("%q: a claim about errors gets no \"loads without errors\": %+v", c, np)
		}
	}
}

// An image named by describing words or by a part vouch does not pin is
// looked for as any image, and "the logo" by a guessed alternative text:
// each is refused where the guess could pass a claim that is not so.
func TestReadingsImageGuesses(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the hero image is shown", ""},
		{"On /, the team photo is shown", ""},
		{"On /, the logo is not shown", ""},
		{"On /, there is no avatar", ""},
		{"On /, there is an image", `On /, the element matching "img" is visible.`},
		{"On /, there's no image", `On /, the element matching "img" is not visible.`},
	})
}

// A record's "field" may be a key of its JSON response or a form field:
// read as a form field, "/tasks/1 doesn't have a 'secret' field" passed
// whatever the response held. Both readings are offered.
func TestReadingsRecordField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/tasks/1 doesn't have a 'secret' field", ""},
		{"/tasks/1 has a 'title' field", ""},
		{"/tasks/1 has no field labelled 'secret'", `On /tasks/1, the field labelled "secret" is not visible.`},
		{"/signup has an 'Email' field", `On /signup, the field labelled "Email" is visible.`},
	})
	np := refusalOf(t, "/tasks/1 doesn't have a 'secret' field")
	if np == nil || len(np.Suggestions) < 2 {
		t.Fatalf("suggestions: %+v", np)
	}
	if !slices.Contains(np.Suggestions, "/tasks/1 has no field labelled 'secret'") {
		t.Errorf("the form reading is not offered: %q", np.Suggestions)
	}
}

// A rephrasing cut from the claim ends where a sentence ends, never on a
// connective ("… shows 'Saved' and"); the same plan is offered once.
func TestSuggestionsEndWhole(t *testing.T) {
	np := refusalOf(t, "On /, clicking 'Save' shows 'Saved' and then it disappears")
	if np == nil {
		t.Fatal("derived")
	}
	for _, s := range np.Suggestions {
		for _, w := range []string{" and", " then", " or", ","} {
			if strings.HasSuffix(stripLabel(s), w) {
				t.Errorf("suggested %q", s)
			}
		}
	}
	if n := len(np.Suggestions); n != 2 {
		t.Errorf("%d suggestions, want 2 (one plan offered once): %q", n, np.Suggestions)
	}
}

// A quoted text the plan's steps never use is a claim the plan does not
// check: "'Admins' see 'Delete' on /users" checked only "Admins".
func TestReadingsQuotedTextKept(t *testing.T) {
	checkReadings(t, []readingCase{
		{"'Admins' see 'Delete' on /users", ""},
		// a note says how the plan accounts for it
		{`GET /settings says the theme is "light", not "dark"`, `On /settings, some object of the JSON response, at the shallowest depth that has it, has "light" at "theme".`},
	})
}

// guardQuotedKept on plans made by hand: a quoted text or a path of the
// claim that no step uses is refused, unless a note accounts for it.
func TestGuardQuotedKept(t *testing.T) {
	visit := func(p string) plan.Step { return plan.Step{Kind: plan.Visit, Value: p} }
	for _, c := range []struct {
		claim string
		steps []plan.Step
		notes []string
		want  string // "" when kept
	}{
		{"On /users, 'Admins' see 'Delete'", []plan.Step{visit("/users"), {Kind: plan.ExpectText, Value: "Admins"}}, nil, `quoted "Delete"`},
		{"On /users, 'Admins' see 'Delete'", []plan.Step{visit("/users"), {Kind: plan.ExpectText, Value: "Admins"}, {Kind: plan.ExpectText, Value: "delete"}}, nil, ""},
		{"/old redirects to /new", []plan.Step{visit("/old"), {Kind: plan.ExpectURL, Value: "/elsewhere"}}, nil, "path /new"},
		{"/old redirects to /new/", []plan.Step{visit("/old"), {Kind: plan.ExpectURL, Value: "/new"}}, nil, ""},
		{"On /a, 'B' is not 'C'", []plan.Step{visit("/a"), {Kind: plan.ExpectText, Value: "B"}}, []string{`That it is not "C" follows from it being "B".`}, ""},
		// a label's quoted words are not the claim's
		{`/a shows "B" — checks only that on /a, the page shows "B"; it does not check what the claim says with "C"`, []plan.Step{visit("/a"), {Kind: plan.ExpectText, Value: "B"}}, nil, ""},
	} {
		d := Derivation{Claim: c.claim, Notes: c.notes, Plan: &plan.Plan{Journeys: []plan.Journey{{Steps: c.steps}}}}
		got := guardQuotedKept(nil, c.steps, d)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q: %q, want %q", c.claim, got, c.want)
		}
	}
}

// "Next to 'A'" says where a text is, "next 'Ready'" when: neither is read
// as an item to click open, and neither as the other.
func TestSuggestionsNextToAndNext(t *testing.T) {
	// read as its suggestion was ("/ shows 'Sale' next to 'A'")
	checkReadings(t, []readingCase{{"On /, 'Sale' is shown next to 'A'", `On /, the text "Sale" in the item containing "A" is visible.`}})
	// "the row for 'Ann'" names the item by a text it shows: read as the
	// suggestion "shows 'Admin' next to 'Ann'" was (TestReadingsRowFor)
	checkReadings(t, []readingCase{{"On /users, the row for 'Ann' says 'Admin'", `On /users, the text "Admin" in the item containing "Ann" is visible.`}})
	np := refusalOf(t, "On /, 'Loading' is shown, next 'Ready'")
	if np == nil {
		t.Fatal("derived")
	}
	for _, s := range np.Suggestions {
		if strings.Contains(s, "clicking") || strings.Contains(s, "next to") {
			t.Errorf("next in time suggested as %q", s)
		}
	}
	if len(np.Suggestions) != 2 {
		t.Errorf("want the two texts, each once: %q", np.Suggestions)
	}
}

// A thing said to go away was there: whatever order the claim says it in,
// the plan finds it just before the action after which it goes, so a page
// that never showed it does not pass.
func TestGoneIsFoundFirst(t *testing.T) {
	for _, c := range []struct{ claim, found string }{
		{"On /, the cookie banner disappears once you click 'Accept'", `{"wait_for":"role=dialog","reach":true}`},
		{"On /, the dialog goes away when you press Escape", `{"wait_for":"role=dialog","reach":true}`},
		{"On /, 'We use cookies' disappears after clicking 'Accept'", `{"expect_text":"We use cookies"}`},
		{"On /, after clicking 'Accept', the cookie banner disappears", `{"wait_for":"role=dialog","reach":true}`},
	} {
		d, err := Derive(c.claim)
		if err != nil {
			t.Fatalf("%q: %v", c.claim, err)
		}
		steps := d.Plan.Journeys[0].Steps
		found, acted := -1, -1
		for i, s := range steps {
			b, _ := json.Marshal(s)
			if string(b) == c.found && found < 0 {
				found = i
			}
			if s.Kind == plan.Click || s.Kind == plan.Press {
				acted = i
			}
		}
		if found < 0 || found > acted {
			t.Errorf("%q: %s is not found before the action: %v", c.claim, c.found, steps)
		}
	}
	// a plan made by another reader without it is refused
	steps := []plan.Step{{Kind: plan.Visit, Value: "/"}, {Kind: plan.Click, Target: `text="Accept"`}, {Kind: plan.ExpectNoText, Value: "We use cookies"}}
	d := Derivation{Claim: "On /, 'We use cookies' disappears after clicking 'Accept'", Plan: &plan.Plan{Journeys: []plan.Journey{{Steps: steps}}}}
	if guardGone(nil, steps, d) == "" {
		t.Error("a plan that never finds what goes away passes the guard")
	}
	// "absent" after an action says nothing about before
	if r := guardGone(nil, steps, Derivation{Claim: "On /, after clicking 'Accept', 'We use cookies' is absent", Plan: d.Plan}); r != "" {
		t.Errorf("absent read as gone: %s", r)
	}
}

// What an action reveals or makes appear was not shown before it: its
// text is checked absent or counted just before the action, a hover's and
// a Tab's too (a remembered count counts only what is drawn).
func TestRevealedIsAbsentFirst(t *testing.T) {
	for _, c := range []struct {
		claim string
		added bool
	}{
		{"On /, clicking 'More' reveals 'Export as CSV'", true},
		{"On /, clicking 'Save' makes 'Draft saved' appear", true},
		{"On /, pressing Enter pops up 'Are you sure?'", true},
		{"On /, clicking 'More' reveals 'Details'", true},
		{"On /, 'Draft saved' appears after clicking 'Save'", true},
		{"On /, hovering over 'Row' reveals 'Copy path'", true},
		{"On /, clicking 'More' shows 'Export as CSV'", true},
	} {
		d, err := Derive(c.claim)
		if err != nil {
			t.Fatalf("%q: %v", c.claim, err)
		}
		steps := d.Plan.Journeys[0].Steps
		absent, acted := -1, -1
		for i, s := range steps {
			if (s.Kind == plan.ExpectNoText || s.Kind == plan.RememberCount) && absent < 0 {
				// checked absent, or counted, before the action
				absent = i
			}
			if s.Kind == plan.Click || s.Kind == plan.Press || s.Kind == plan.Hover {
				acted = i
			}
		}
		if got := absent >= 0 && absent < acted; got != c.added {
			t.Errorf("%q: checked absent before the action %v, want %v: %v", c.claim, got, c.added, steps)
		}
	}
}

// What typing "suggests" is a text shown after it (and counted before it,
// so a text the page showed all along does not pass); said of a field
// with nothing typed, it stays refused.
func TestReadingsSuggests(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /search, typing 'ap' suggests 'Apple'", `On /search: type "ap" into a textbox; then the page shows "Apple".`},
		{"On /search, typing 'ap' does not suggest 'Banana'", `On /search: type "ap" into a textbox; then the page does not show "Banana".`},
		{"The search box suggests 'Apple'", ""},
	})
	st := mustDerive("On /search, typing 'ap' suggests 'Apple'").Journeys[0].Steps
	if last := st[len(st)-1]; last.Kind != plan.ExpectCount || !last.Reach {
		t.Errorf("last step %+v, want the count after the typing", last)
	}
}

// A field said empty while a click is made is cleared before that click:
// it was cleared after it (and "left empty" typed as a value), so a form
// whose live check complains on clearing passed a save that accepted the
// empty field.
func TestReadingsEmptyDuringClick(t *testing.T) {
	want := `On /p: clear the field labelled "Display name", click the "Save" button; then the page shows "Required".`
	checkReadings(t, []readingCase{
		{"On /p, clicking 'Save' with the 'Display name' field empty shows 'Required'", want},
		{"On /p, clicking 'Save' with 'Display name' empty shows 'Required'", want},
		{"On /p, clicking 'Save' with the 'Display name' field left empty shows 'Required'", want},
		{"On /p, clicking 'Save' while the 'Display name' field is empty shows 'Required'", want},
		{"On /p, clicking 'Save' when the 'Display name' field is empty shows 'Required'", want},
		{"On /p, clicking 'Save' leaving 'Display name' blank shows 'Required'", want},
		{"On /p, leaving 'Display name' empty and clicking 'Save' shows 'Required'", want},
		{"On /p, clicking 'Clear' and the 'Name' field is empty", `On /p: click the text "Clear"; then the field labelled "Name" is empty.`},
		// a box ticked, or a key pressed, the same way
		{"On /p, clicking 'Save' with the 'Subscribe' box ticked shows 'Required'", `On /p: tick the "Subscribe" checkbox, click the "Save" button; then the page shows "Required".`},
		{"On /p, clicking 'Save' with 'Subscribe' unticked shows 'Required'", `On /p: untick the "Subscribe" checkbox, click the "Save" button; then the page shows "Required".`},
		{"On /p, pressing Enter with the 'Display name' field empty shows 'Required'", `On /p: clear the field labelled "Display name", press Enter; then the page shows "Required".`},
		{"On /p, clicking 'Save' twice with the 'Display name' field empty shows 'Required'", `On /p: clear the field labelled "Display name", click the "Save" button, click the text "Save"; then the page shows "Required".`},
		{"On /p, clicking 'Save' and 'Subscribe' is ticked", `On /p: click the text "Save"; then the "Subscribe" checkbox is ticked.`},
	})
}

// "Not always", "not necessarily", "not every time" say a state holds
// some of the time: "always" is a filler elsewhere, so "'A' does not
// always appear" was read as "does not show 'A'". Refused, with no
// rephrasing that checks one state.
func TestReadingsNotAlways(t *testing.T) {
	refusedPlainly(t,
		"On /p, 'A' does not always appear",
		"On /p, the 'Save' button is not always enabled",
		"On /p, clicking 'Go' doesn't always show 'Done'",
		"On /p, 'A' is not necessarily shown",
		"On /p, 'A' is not shown every time",
	)
	checkReadings(t, []readingCase{{"On /p, 'A' is always shown", `On /p, the page shows "A".`}})
}

// "Before" or "after" between two texts an action shows may be their order
// in time ("clicking 'Go' shows 'Done' after 'Loading'") or on the page:
// refused; "above", "comes after" and a page with no action keep the
// page's order.
func TestReadingsTimeOrder(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /p, clicking 'Go' shows 'Done' after 'Loading'", ""},
		{"On /p, after clicking 'Go', 'Done' is shown after 'Loading'", ""},
		{"On /p, clicking 'Go' shows 'Done' before 'Next'", ""},
		{"On /p, clicking 'Go' shows 'Done' above 'Loading'", `On /p: click the text "Go"; then "Done" comes before "Loading" on the page.`},
		{"On /p, after clicking 'Go', 'Done' comes after 'Loading'", `On /p: click the text "Go"; then "Loading" comes before "Done" on the page.`},
		{"On /p, clicking 'Sort' lists 'B' after 'A'", `On /p: click the text "Sort"; then "A" comes before "B" on the page.`},
		{"On /p, the page shows 'B' after 'A'", `On /p, "A" comes before "B" on the page.`},
	})
}

// "Leaves 'Draft' in place" keeps a text: "place" (view, position, …)
// was read as the label of a field that should hold it.
func TestReadingsKeptInPlace(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /p, clicking 'Save' leaves 'Draft' in place", `On /p: the page shows "Draft"; then click the text "Save"; then the page shows "Draft".`},
		{"On /p, clicking 'Save' keeps 'Draft' in view", ""},
		{"On /p, clicking 'Save' leaves 'Ann' in 'Name'", `On /p: click the text "Save"; then the field labelled "Name" holds "Ann".`},
	})
}

// "/health returns ok", the last words in lower case: the status or the
// text many health checks answer with. Refused with both offered; "OK",
// "200 OK" and "an ok" stay the status.
func TestReadingsLowerOK(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/api/health returns ok", ""},
		{"/api/health responds with ok.", ""},
		{"/api/health returns OK", `On /api/health, the page answered HTTP 200.`},
		{"/api/health returns 200 OK", `On /api/health, the page answered HTTP 200.`},
	})
	np := refusalOf(t, "/api/health returns ok")
	if len(np.Suggestions) < 2 || !strings.Contains(np.Suggestions[0], "returns 200") || !strings.Contains(np.Suggestions[1], "shows 'ok'") {
		t.Errorf("suggestions %q, want the status and the text", np.Suggestions)
	}
}

// "Clears 'X'" with no kind after the name may empty a field or a section
// of that name or remove a text: refused, no reading picked; "removes
// 'Milk'" is a text that goes away.
func TestReadingsClearsField(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /p, pressing Escape clears 'Search'", ""},
		{"On /p, clicking 'X' clears 'Email'", ""},
		{"On /p, clicking 'Reset' clears 'Milk'", ""},
		{"On /p, clicking 'Clear' clears 'History'", ""},
		{"On /p, typing 'Ann' into 'Name' and clicking 'Reset' clears 'Name'", ""},
		{"On /p, clicking 'Reset' removes 'Milk'", `On /p: the text "Milk" is visible; then click the text "Reset"; then the text "Milk" is not visible.`},
		{"On /p, typing 'abc' into 'Search' and pressing Escape clears the 'Search' field", `On /p: type "abc" into the field with placeholder "Search", press Escape; then the field with placeholder "Search" is empty.`},
	})
	refusedPlainly(t, "On /p, pressing Escape clears 'Search'")
}

// TestClickInDialog: "in the dialog" pins the click inside the dialog (a
// "Cancel" of the form behind it was clicked first), and "closes the
// dialog" after it is no dialog visible; a "popup" may be a menu, and
// stays unpinned.
func TestClickInDialog(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /p, clicking 'Delete' and then 'Cancel' in the modal closes the modal": "visit,click,wait_for,click,expect_hidden",
	})
	for c, want := range map[string][]string{
		"On /p, clicking 'Delete' and then 'Cancel' in the dialog closes the dialog":    {`text="Delete"`, `text="Cancel" in=dialog`, `role=dialog`},
		"On /p, clicking 'Cancel' in the dialog hides it":                               {`text="Cancel" in=dialog`, `role=dialog`},
		"On /p, typing 'a' into 'Name' and clicking 'Save' in the dialog shows 'Saved'": {`role=button[name="Save"] in=dialog`},
		"On /p, clicking 'Cancel' in the popup hides it":                                {`text="Cancel"`, `text="Cancel"`},
	} {
		d, err := Derive(c)
		if err != nil {
			t.Errorf("%q: %v", c, err)
			continue
		}
		var got []string
		for _, s := range d.Plan.Journeys[0].Steps {
			if s.Kind == plan.Click || s.Kind == plan.ExpectHidden {
				got = append(got, s.Target)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: clicked and checked hidden %q, want %q", c, got, want)
		}
	}
}

// TestDialogHolds: what a claim says a dialog holds is pinned inside it
// (the page's own "Cancel" passed for the dialog's).
func TestDialogHolds(t *testing.T) {
	d, err := Derive("On /p, clicking 'Delete' shows a dialog with a 'Cancel' button")
	if err != nil {
		t.Fatal(err)
	}
	steps := d.Plan.Journeys[0].Steps
	if last := steps[len(steps)-1]; last.Target != `role=button[name="Cancel"] in=dialog` {
		t.Errorf("last step %+v, want the Cancel button pinned in the dialog", last)
	}
}

// TestWhileState: a state said after "while" with an action before it
// holds when the action is made: set before it ("while 'Agree' is
// ticked" was checked after the click and never set); a state that cannot
// be set first is refused.
func TestWhileState(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /p, clicking 'Submit' while 'Agree' is ticked shows 'Thanks'", `On /p: tick the "Agree" checkbox, click the "Submit" button; then the page shows "Thanks".`},
		{"On /p, clicking 'Submit' while 'Agree' is not ticked shows 'Please agree'", `On /p: untick the "Agree" checkbox, click the "Submit" button; then the page shows "Please agree".`},
		{"On /p, clicking 'Submit' while the 'Save' button is disabled does not show 'Saved'", ""},
		{"On /p, 'A' is greyed out while 'B' stays clickable", `On /p, wait until the "A" button is visible (only to reach the place the claim is about: a guess) and the "A" button is disabled. | On /p, wait until the "B" button is visible (only to reach the place the claim is about: a guess) and the "B" button is enabled.`},
	})
}

// TestHashRoute: the route after "#" in a claim's address is the page
// ("https://app.test/#/cart" visited /).
func TestHashRoute(t *testing.T) {
	checkReadings(t, []readingCase{
		{"https://app.test/#/cart does not show 'Empty'", `On /#/cart, the page does not show "Empty".`},
	})
}

// TestTwoSites: an address on another host than the claim's own was
// taken as a path of the deployment ("https://example.com" as /).
func TestTwoSites(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On https://app.test, has a link to https://example.com", ""},
		{"On https://app.test, does not link to https://evil.com", ""},
		// the redirect from http to https: the plan ran on the base URL's
		// scheme only, and the address checked was the one it started on
		{"http://example.com redirects to https://example.com", ""},
		{"On https://app.test, the 'Twitter' link goes to https://twitter.com/acme", `On /: click the "Twitter" link; then the address is https://twitter.com/acme.`},
		{"On https://app.test, has a link to https://www.app.test/about", `On /, the element matching “a[href="/about"], a[href="/about/"], a[href="about"], a[href="./about"]” is visible.`},
	})
}
