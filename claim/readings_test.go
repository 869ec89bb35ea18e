package claim

import (
	"errors"
	"strings"
	"testing"
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
		{"The nav on the home page shows 'Docs'", `On /, the element matching "nav" shows "Docs".`},
		{"The button on the home page says 'Save'", ""},
		{"The link on the home page says 'Docs'", ""},
		{"The signed-in home page shows 'Sign out'", ""},
		{"The admin home page shows 'Users'", `On the page the link "admin home" on / opens, the page shows "Users".`},
		{"The mobile home page shows 'Welcome'", ""},
		{"The old home page shows 'Welcome'", ""},
		{"The cached homepage shows 'Welcome'", ""},
	})
}

// A count under a subject that names a part of the page counts inside that
// part, or the claim is refused: "the footer on /about has 2 links" is not
// "/about has 2 links".
func TestReadingsCountInRegion(t *testing.T) {
	checkReadings(t, []readingCase{
		{"The nav on the home page has 3 links", "On /, exactly 3 visible elements match css=nav a[href]."},
		{"The footer on /about has 2 links", "On /about, exactly 2 visible elements match css=footer a[href]."},
		{"The table on /widgets has 3 rows", "On /widgets, exactly 3 visible elements match css=table tr."},
		{"The list on /todos has 3 items", "On /todos, exactly 3 visible elements match role=listitem."},
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
		{"The home page, after clicking 'Docs', shows 'Docs'", `On /: click the text "Docs"; then the page shows "Docs".`},
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
		{"The 'GitHub' link goes to github.com", ""},
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
		{"Clicking 'Save' no longer shows 'Save'", `On /: click the text "Save"; then the page does not show "Save".`},
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

// A condition word with nothing after it ("… once") says how often, which
// no check reads: refused, never dropped.
func TestReadingsTrailingCondition(t *testing.T) {
	checkReadings(t, []readingCase{
		{"'Acme' appears on the home page once", ""},
		{"The home page shows 'Acme' once", ""},
		{"Clicking 'Add' once shows '1'", `On /: click the text "Add"; then the page shows "1".`},
	})
}

// A rephrasing that drops how often ("once") says it checks less.
func TestReadingsOnceKeptInSuggestion(t *testing.T) {
	_, err := Derive("The home page shows 'Acme' once")
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
		{"The footer on /about shows 'Contact'", `On /about, the element matching "footer" shows "Contact".`},
		{"The header on /shop doesn't show 'Sale'", `On /shop, the element matching "header" does not show "Sale".`},
		{"The sidebar on /inbox lists 'Drafts' and 'Sent'", `On /inbox, the element matching "aside" shows "Drafts". | On /inbox, the element matching "aside" shows "Sent".`},
		{"The nav menu on /docs has 'Guides'", `On /docs, the element matching "nav" shows "Guides".`},
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
