package claim

import (
	"errors"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// refusalOf derives a claim that must be refused and returns the refusal.
func refusalOf(t *testing.T, claim string) *NotProvableError {
	t.Helper()
	d, err := Derive(claim)
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Errorf("%q derived %s; want a refusal", claim, d.Plan.Canonical())
		return &NotProvableError{}
	}
	return np
}

// refusedPlainly checks that each claim is refused with no rephrasing:
// any rephrasing would pick one of its readings.
func refusedPlainly(t *testing.T, claims ...string) {
	t.Helper()
	for _, c := range claims {
		if np := refusalOf(t, c); len(np.Suggestions) > 0 {
			t.Errorf("%q: suggestions %q, want none", c, np.Suggestions)
		}
	}
}

// firstSuggestion is np's first suggestion without its label, or "".
func firstSuggestion(np *NotProvableError) string {
	if len(np.Suggestions) == 0 {
		return ""
	}
	return stripLabel(np.Suggestions[0])
}

// TestSuggestionsKeepWhatOpensAndHowItLooks: the first suggestion of a
// refused claim keeps the action that opens what holds a text, a tab the
// claim names as holding it, a hover, a style and an order (each line a
// class of claim, about apps of no corpus).
func TestSuggestionsKeepWhatOpensAndHowItLooks(t *testing.T) {
	for _, tc := range []struct{ claim, first string }{
		// An opening action said after what it opens, with "by".
		{"Hitting Esc closes the 'Saved filters' panel you open by pressing 'f'", `Pressing "f", then pressing "Escape" hides "Saved filters"`},
		{"Pressing Escape dismisses the 'Keyboard help' overlay that you get by pressing '?'", `Pressing "?", then pressing "Escape" hides "Keyboard help"`},
		// A tab said to hold a text is chosen first.
		// Hovering, and a style said of what is hovered.
		{"hovering over 'Pricing' in the status bar underlines it", `After hovering over "Pricing", "Pricing" is underlined`},
		// A style after the text, with words between.
		{"On /invoices, the 'Overdue' label is shown in bold, as designed", `On /invoices, "Overdue" is bold`},
		// A key that closes a part: its text is shown before, gone after.
		{"Pressing 'x' closes the 'Tips' panel", `Pressing "x" hides "Tips"`},
		// A status with the text the page shows; a negation inside a
		// relative clause, or inside a quoted text, negates no check.
		{"/orders/7, which does not exist yet, answers 200 and shows 'Not found'", `/orders/7 returns 200 and shows "Not found"`},
		// An error page is checked by its status alone: the runner fails
		// a journey whose page answers an error it does not expect.
		{"A product that doesn't exist, like /products/999, answers 404 and shows only 'Not found'", `/products/999 returns 404`},
		// Typing a quoted text, then clicking a capitalised name; what is
		// typed is never looked for on the page.
		{"Typing 'nosuch.yaml' in the box at the very top and clicking Load gives 'File not found'", `Typing "nosuch.yaml", then clicking "Load" shows "File not found"`},
		// A named item said to hold texts, never opened: clicking it
		// first, labelled as a guess.
		{"'Create invoice' says 'No line items' but does have a 'Customer' field", `Clicking "Create invoice" shows "No line items" and "Customer"`},
		{"The Invoice model shows 'total' and 'currency'", `Clicking "Invoice" shows "total" and "currency"`},
		{"In 'Create user' the email is a 'required' field", `Clicking "Create user" shows "required"`},
		{"Clicking 'Run' on the 'Create user' operation shows a 'username' box", `Clicking "Create user", then clicking "Run" shows "username"`},
		// A background said of a part of the page is not offered as the
		// page's own: the rules check the body's, which an app may leave
		// light under a dark wrapper.
		{"Pressing 'd' gives the whole app a dark background", ""},
		// Clicking a path, and pressing back.
		{"Clicking /pricing on the home page and then pressing back brings the 'Welcome aboard' banner back", `On the home page, clicking the /pricing link, then going back shows "Welcome aboard"`},
	} {
		np := refusalOf(t, tc.claim)
		first := firstSuggestion(np)
		if first != tc.first {
			t.Errorf("%q: first suggestion %q, want %q (all: %q)", tc.claim, first, tc.first, np.Suggestions)
		}
		checkSuggestions(t, tc.claim, np)
		if strings.Contains(tc.claim, "Typing") {
			for _, sg := range np.Suggestions {
				if strings.Contains(stripLabel(sg), `shows "nosuch.yaml"`) {
					t.Errorf("%q: suggestion %q looks for what is typed", tc.claim, sg)
				}
			}
		}
		if strings.HasPrefix(first, "Clicking") && !strings.Contains(tc.claim, "licking") && !strings.Contains(np.Suggestions[0], "is a guess") {
			t.Errorf("%q: %q clicks what the claim never clicks without saying it is a guess", tc.claim, np.Suggestions[0])
		}
	}
}

// TestSuggestionsForUnopenedParts: a claim that looks inside a dialog,
// menu or the preferences without saying how they open, or states a rule
// about every item already on a page, has a reason that says what to add,
// and only rephrasings labelled with what they guess or leave out: the
// part opened by the control of its name (marked reach, so a wrong guess
// blocks the run), or the rule's texts found once (suggest_more_test.go).
func TestSuggestionsForUnopenedParts(t *testing.T) {
	for _, tc := range []struct{ claim, reason, first string }{
		{"The export options dialog lists 'CSV' and 'JSON'", `does not say how it is opened`, `In the "Options" dialog, the page shows "CSV" and "JSON"`},
		{"The account menu shows 'Log out' and 'Profile'", `"after clicking 'Account', …"`, `In the "Account" menu, the page shows "Log out" and "Profile"`},
		{"In the preferences, the sync tab has 'Sync on start' ticked", `inside the preferences but does not say how they are opened`, `In Preferences, "Sync on start" is ticked`},
		{"The About box of the editor says 'Version 3'", `the About box`, `In the "About" dialog, the page shows "Version 3"`},
		{"Every invoice on /invoices shows 'Paid'", `"Every invoice" is a rule about every item`, `/invoices shows "Paid"`},
		{"each row of /orders says 'shipped'", `"each row"`, `/orders shows "shipped"`},
		{"On /orders, every row says 'shipped'", `"every row"`, `/orders shows "shipped"`},
	} {
		np := refusalOf(t, tc.claim)
		if len(np.Suggestions) == 0 || stripLabel(np.Suggestions[0]) != tc.first {
			t.Errorf("%q: suggestions %q, want first %q", tc.claim, np.Suggestions, tc.first)
		}
		for _, sg := range np.Suggestions {
			if !strings.Contains(sg, "is a guess") && !strings.Contains(sg, "of one item only") {
				t.Errorf("%q: suggestion %q does not say what it guesses", tc.claim, sg)
			}
		}
		checkSuggestions(t, tc.claim, np)
		if !strings.Contains(np.Reason, tc.reason) {
			t.Errorf("%q: reason %q, want it to say %q", tc.claim, np.Reason, tc.reason)
		}
		if strings.Contains(np.Reason, "\n") {
			t.Errorf("%q: reason is more than one line: %q", tc.claim, np.Reason)
		}
	}
	// A kind of window, a control's name, a click on the part's own
	// control: no place the claim leaves unopened, and no hint to click
	// "Desktop-size" or "Tooltip Preferences".
	for _, c := range []string{
		"On a desktop-size window the start page's content column is 960px wide.",
		"Hovering the gear at the bottom left shows the tooltip Preferences.",
		"Clicking the wrench (Edit Preferences) a second time closes the Preferences window again.",
	} {
		if np := refusalOf(t, c); np != nil && strings.Contains(np.Reason, "does not say how") {
			t.Errorf("%q: reason %q", c, np.Reason)
		}
	}
	// "every" inside a sentence about something else is no such rule.
	if np := refusalOf(t, "The importer writes every change to disk at once"); strings.Contains(np.Reason, "rule about every item") {
		t.Errorf("reason %q reads a rule about items on a page", np.Reason)
	}
	// The part is opened by an action the claim names: rephrasings stay.
	for _, c := range []string{
		"Pressing 'e' shows a 'CSV' tab in the export dialog",
		"In the editor's preferences (press ','), the 'Fonts' tab lists 'Mono'",
	} {
		np := refusalOf(t, c)
		if len(np.Suggestions) == 0 {
			t.Errorf("%q: no suggestion (reason %q)", c, np.Reason)
		}
		checkSuggestions(t, c, np)
	}
}

// TestValueRewriteEnds: a value's rewrite whose refusal's suggestions
// rewrite it again ended only when the stack overflowed. It ends; the
// path of names before the comma is the way to the place (a guess, reach).
func TestValueRewriteEnds(t *testing.T) {
	d, err := Derive("In Settings > Sync, the sync interval box holds 5")
	if err != nil {
		t.Fatal(err)
	}
	steps := d.Plan.Journeys[0].Steps
	if len(steps) < 4 || !steps[1].Reach || !steps[2].Reach || steps[len(steps)-1].Kind != plan.ExpectValue {
		t.Errorf("steps %+v: want the two reach clicks, then the value", steps)
	}
}

// TestReachedPlaceRefusal: a claim that names a place vouch opens by its
// name ("In Settings > Sync, …") is refused for what it checks there, not
// for not saying how the place opens.
func TestReachedPlaceRefusal(t *testing.T) {
	for _, tc := range []struct{ claim, reason string }{
		{"In Preferences, 'Sync on start' is unticked and the interval box holds 2", `vouch would open the place by clicking "Preferences"`},
		{"The Billing window has a Refund button to clear the totals", `vouch would open the place by clicking "Billing"`},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.HasPrefix(np.Reason, tc.reason) || strings.Contains(np.Reason, "does not say how") {
			t.Errorf("%q: reason %q, want it to start %q", tc.claim, np.Reason, tc.reason)
		}
	}
}

// TestRefusalReasonsSayWhatToDo: a refusal's reason names the words vouch
// could not read and what kind of phrase would work, in one line.
func TestRefusalReasonsSayWhatToDo(t *testing.T) {
	for _, tc := range []struct{ claim, reason string }{
		{"/pricing finds 'Pro plan' for teams", `"finds" is not a check vouch reads; say "shows '…'"`},
		{"The dashboard shows the user's avatar", `quote the text the page shows`},
		{"On /signup, filling in all fields and clicking Join shows 'Welcome'", `say what "filling" acts on with a quoted text`},
		{"On /settings, alerts are switched off for 'Email'", `"switched" is a state of a control; vouch reads a state said of a named control`},
		{"asdf qwerty zxcv", `start with the page or an action`},
	} {
		np := refusalOf(t, tc.claim)
		if !strings.Contains(np.Reason, tc.reason) {
			t.Errorf("%q: reason %q, want it to say %q", tc.claim, np.Reason, tc.reason)
		}
		if strings.Contains(np.Reason, "\n") {
			t.Errorf("%q: reason is more than one line", tc.claim)
		}
	}
}

// checkSuggestions checks every suggestion of a refusal: it derives, does
// not change the claim's meaning, and keeps it or says what it leaves out.
func checkSuggestions(t *testing.T, claim string, np *NotProvableError) {
	t.Helper()
	for _, s := range np.Suggestions {
		d, err := Derive(s)
		if err != nil {
			t.Errorf("%q: suggestion %q does not derive: %v", claim, s, err)
			continue
		}
		if why := ChangesMeaning(claim, s, d.Plan); why != "" {
			t.Errorf("%q: suggestion %q %s", claim, s, why)
		}
		labelled := strings.Contains(s, labelSep) && strings.Contains(s, "; it does not check")
		if a := DropsActionUnsaid(claim, s); labelled && a != "" {
			t.Errorf("%q: suggestion %q leaves out %q without its label saying so", claim, s, a)
		}
		if !labelled && !Faithful(claim, s, d.Plan) {
			t.Errorf("%q: suggestion %q checks something else without saying so", claim, s)
		}
	}
}

// TestRefusalNamesUnreadWords: a claim the parser cannot start gets a
// reason that names the words it could not read, also when every
// rephrasing is withheld for saying something else.
func TestRefusalNamesUnreadWords(t *testing.T) {
	for _, c := range []struct{ claim, words string }{
		// its only rephrasing would look at the page before a password is entered
		{"A wrong password on /login shows 'Invalid email or password' under the form.", `"wrong password"`},
		{"Signing up with an email that's already taken shows 'Email already in use'", `"Signing up with an email that's already taken"`},
	} {
		np := refusalOf(t, c.claim)
		if len(np.Suggestions) != 0 {
			t.Errorf("%q: suggestions %q, want none", c.claim, np.Suggestions)
		}
		if !strings.Contains(np.Reason, "could not read "+c.words) {
			t.Errorf("%q: reason %q does not name %s", c.claim, np.Reason, c.words)
		}
	}
}

// TestRephrasingKeepsTheActions: a rephrasing that checks the result of
// fewer actions than the claim's (one left out, or a repetition dropped)
// says another claim.
func TestRephrasingKeepsTheActions(t *testing.T) {
	for _, c := range []struct {
		claim, sugg string
		changes     bool
	}{
		{"On /, clicking 'Menu' then 'Help' shows 'Docs'", `On /, clicking "Menu" shows "Docs"`, true},
		{"On /, clicking 'Next' three times shows 'Page 4'", `On /, clicking "Next" shows "Page 4"`, true},
		{"On /, clicking 'Next' three times shows 'Page 4'", `On /, clicking "Next" three times shows "Page 4"`, false},
		{"On /, clicking 'Menu' then 'Help' shows 'Docs'", `On /, clicking "Menu" then "Help" shows "Docs"`, false},
	} {
		d, err := Derive(c.sugg)
		if err != nil {
			t.Fatalf("%q does not derive: %v", c.sugg, err)
		}
		if why := ChangesMeaning(c.claim, c.sugg, d.Plan); (why != "") != c.changes {
			t.Errorf("ChangesMeaning(%q, %q) = %q, want a change: %v", c.claim, c.sugg, why, c.changes)
		}
	}
}

// Three suggestions checked another state than the claim's without
// saying so: "Opening the Order schema lists four properties …" and
// "Without signing in, the home page lists 7 packages" were offered a
// count of the start page's list items (the opening, the signed-out
// state dropped), and "refreshing the global context shows …" was
// offered a reload of the page. None is offered now.
func TestSuggestionKeepsTheState(t *testing.T) {
	for _, c := range []string{
		"Opening the Order schema lists four properties: id, bookId, quantity and status.",
		"Without signing in, the home page lists 7 packages.",
		"In the Context Data sidebar, refreshing the global context shows siteName set to \"Warehouse 7\".",
	} {
		np := refusalOf(t, c)
		for _, s := range np.Suggestions {
			if strings.Contains(s, "list items") || strings.Contains(strings.ToLower(s), "reload") {
				t.Errorf("%q: suggestion %q checks another state", c, s)
			}
		}
	}
	// a count of the page said alone is still offered
	if np := refusalOf(t, "The home page lists 7 packages."); len(np.Suggestions) == 0 || !strings.Contains(np.Suggestions[0], "7 list items") {
		t.Errorf("the count of a page said alone: %q", np.Suggestions)
	}
}
