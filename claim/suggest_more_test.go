package claim

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// TestSuggestionsForNewClasses: the first suggestion of each class of
// refused claim suggest_more.go reads, on invented apps, and what its
// label must say (each line a class; "" for a claim that must get no
// suggestion).
func TestSuggestionsForNewClasses(t *testing.T) {
	for _, tc := range []struct{ claim, first, label string }{
		// A part never opened, opened by the control of its name: a
		// guess, said so.
		{"The profile menu shows 'Sign out' and 'Settings'", `In the "Profile" menu, the page shows "Sign out" and "Settings"`, `clicking "Profile menu" (or "Profile") is a guess`},
		{"The Shortcuts dialog of the editor lists 'Undo'", `In the "Shortcuts" dialog, the page shows "Undo"`, `"editor"`},
		{"In the keyboard shortcuts dialog, 'u' is listed as 'Undo last change'", `In the "Shortcuts" dialog, the page shows "Undo last change"`, `'"u"'`},
		{"The Import Wizard dialog has the 'Skip header row' box ticked by default", `In the "Import Wizard" dialog, "Skip header row" is ticked`, `"default"`},
		{"In the preferences, the privacy tab has 'Send usage data' unchecked", `In Preferences, "Send usage data" is not ticked`, `clicking "Preferences" is a guess`},
		{"The Sort menu > Order by offers Name, Size and Date.", `In the "Sort" menu, the page shows "Name", "Size" and "Date"`, `read as texts on the page, a guess`},
		// ("Clicking Close in the Share dialog makes 'X' go away", a part
		// whose name starts with a verb included, now derives: menu.go.)
		// A control named by unquoted capitalised words: its name, a
		// reading said so.
		{"There's a Subscribe button at the bottom of the blog for getting news", `The blog shows a "Subscribe" button`, `how the claim meant the unquoted "Subscribe"`},
		{"Clicking the Toggle Sidebar toolbar button with nothing open shows 'Outline'", `Clicking the "Toggle Sidebar" button shows "Outline"`, `"toolbar"`},
		// A control as the subject of what it opens is clicked first.
		{"The 'Export' button brings up 'Save as' and 'Cancel'", `Clicking the "Export" button shows "Save as" and "Cancel"`, ""},
		{"The Help link opens 'Getting started'", `Clicking the "Help" link shows "Getting started"`, `how the claim meant the unquoted "Help"`},
		// "A after B": B is done first; "after a while" is no action.
		{"Clicking 'Send' after typing 'hi there' shows 'Sent' in green", `Typing "hi there", then clicking "Send" shows "Sent"`, `"green"`},
		{"Clicking 'Send' shows 'Sent' after a while", `Clicking "Send" shows "Sent"`, `the rest of`},
		// Hitting a text that names no key clicks it, as the rules read it.
		{"Hitting 'Close' after clicking 'Share' hides the 'Copy link' button in the popup", `Clicking "Share", then pressing "Close" hides "Copy link"`, `"button in the popup"`},
		{"The 'Delete' button never opens 'Are you sure?'", `Clicking the "Delete" button does not show "Are you sure?"`, `"never"`},
		// The browser tab or window title is the page's title; a tab of
		// the page is not.
		{"The browser tab for the shop is titled 'Acme Store'", `The title of the page is "Acme Store"`, ""},
		{"On /about the window title says 'About us' in bold", `The title of /about is "About us"`, `"bold"`},
		// clicking the tab and checking the text clicked proves nothing
		// (guardShowsClicked): the text alone, labelled
		{"The Reviews tab reads 'Reviews'", `The home page shows "Reviews"`, `"Reviews tab"`},
		// A part on another page, or with no name, is not opened by a
		// guess from the home page.
		{"The export dialog on /reports lists 'CSV'", "", ""},
		{"The dialog shows 'Saved'", "", ""},
		// A rule about every item: its texts found once, said so.
		{"every invoice on /invoices says 'Paid'", `/invoices shows "Paid"`, `a text found once proves it of one item only`},
		// A text said after it to be absent stays absent.
		{"/items?limit=2 returns two items, so 'Carrots' is not in it", `/items?limit=2 does not show "Carrots"`, `"two items"`},
		{"/items?limit=2 returns two items, and 'Carrots' isn't there for guests", `/items?limit=2 does not show "Carrots"`, `"two items"`},
		{"/items?limit=2 returns two items, and 'Carrots' is missing from the list", `/items?limit=2 does not show "Carrots"`, `"two items"`},
		// A bound or a count is never read as an HTTP status.
		{"/api/v1 is rate limited to 300 requests a minute", "", ""},
		// A negation in a condition is no check's negation.
		{"With no files uploaded, the status bar reads '0 files'", `The home page shows "0 files"`, `"no files uploaded"`},
		// A word the claim also quotes ("saves" beside 'Save') is not
		// kept by the quoted text: the label names it.
		{"the 'Save' button saves", `The home page shows "Save"`, `"button saves"`},
		// Where the actions lead is kept as the address, never the page
		// they start on.
		{"Clicking 'Docs' changes the address to /guide", `Clicking "Docs" goes to /guide`, `"address"`},
		{"Clicking 'Docs' doesn't open /guide", "", ""},
		// A path the claim says is shown is a text on the page.
		{"Because 'Remove user' is deprecated, its /v2/users/{id} path is shown in bold", `On the home page, "/v2/users/{id}" is bold`, `"deprecated"`},
		{"The Endpoints list on the home page has a /reports entry", `The home page shows "/reports"`, `"entry"`},
		{"The landing page says 'Welcome' and lists /docs, /blog and /jobs under the Links column", `The landing page shows "Welcome", "/docs", "/blog" and "/jobs"`, `"Links column"`},
		// Unquoted names in an enumeration of three or more: texts, a
		// reading; fewer, or in lower case, are no reading.
		// (a drop-down's options are read by options.go: the subject
		// here is no drop-down)
		{"The Status column lists Open, Closed and Merged, in that order", `The home page shows "Open", "Closed" and "Merged" in that order`, `how the claim meant the unquoted "Open", "Closed" and "Merged"`},
		{"The Status column lists Open and Closed", "", ""},
		{"The status column lists open, closed and merged", "", ""},
		// A checkbox's state; "checked out" is no state of a box.
		{"On /library, 'Dune' is checked out", `/library shows "Dune"`, `"checked out"`},
		// A verb used as a name ("the search box") is no action; what a
		// box shows is its value or a text beside it, both offered
		// (values.go).
		{"On /library, the search box shows 'Type to search'", `On /library, "search" is set to "Type to search"`, ""},
	} {
		np := refusalOf(t, tc.claim)
		first := firstSuggestion(np)
		if first != tc.first {
			t.Errorf("%q: first suggestion %q, want %q (all: %q)", tc.claim, first, tc.first, np.Suggestions)
			continue
		}
		if tc.label != "" && !strings.Contains(np.Suggestions[0], tc.label) {
			t.Errorf("%q: label of %q does not say %s", tc.claim, np.Suggestions[0], tc.label)
		}
		checkSuggestions(t, tc.claim, np)
	}
}

// TestSuggestionsNeverSayOtherwise: suggestions that must not be offered
// for any claim of these classes — a number read as a status, a text
// said absent looked for as shown, a destination visited as the start
// page, a part's texts looked for without opening it.
func TestSuggestionsNeverSayOtherwise(t *testing.T) {
	for _, tc := range []struct{ claim, never string }{
		{"/api/v1 is rate limited to 300 requests a minute", "returns 300"},
		{"The page shows Loading for a moment", "loads without errors"},
		{"/search is capped at under 500 results", "returns 500"},
		{"/items?limit=2 returns two items, and 'Carrots' isn't there", `shows "Carrots"`},
		{"/users?id=2 returns Bob and 'Ann Lee' is left out", `shows "Ann Lee"`},
		{"Clicking 'Docs' changes the address to /guide", "/guide shows"},
		{"Clicking 'Docs' doesn't open /guide", "goes to /guide"},
		{"Choosing 'Sign out' from the profile menu shows 'Goodbye'", `The home page shows "Goodbye"`},
		{"The editor page loads with no errors in the console", "errors — checks only that on /editor"},
		{"The banner comes with no 'Beta' label", `shows "Beta"`},
		{"Clicking 'Save' with no 'Draft' tag shows 'Saved'", `shows "Draft"`},
		// A value a text is not given is no absence of either text.
		{"On /help, 'Ctrl+S' is not listed as 'Save'", `does not show "Save"`},
		{"On /help, 'Ctrl+S' is not listed as 'Save'", `does not show "Ctrl+S"`},
		{"In the help dialog, 'Ctrl+S' is not listed as 'Save'", `does not show`},
	} {
		for _, sg := range Suggestions(tc.claim) {
			if strings.Contains(sg, tc.never) {
				t.Errorf("%q: suggestion %q says %q", tc.claim, sg, tc.never)
			}
		}
	}
}

// TestOpenedPartSuggestionIsReach: the click that opens a part the claim
// never opens is marked reach in the suggestion's plan, so a wrong guess
// blocks the run instead of failing it.
func TestOpenedPartSuggestionIsReach(t *testing.T) {
	for _, c := range []string{
		"The profile menu shows 'Sign out' and 'Settings'",
		"The About box of the viewer says 'Version 2'",
	} {
		np := refusalOf(t, c)
		if len(np.Suggestions) == 0 {
			t.Errorf("%q: no suggestion", c)
			continue
		}
		d, err := Derive(np.Suggestions[0])
		if err != nil {
			t.Errorf("%q: %q does not derive: %v", c, np.Suggestions[0], err)
			continue
		}
		// the first action, after the waits and counts before it
		steps := d.Plan.Journeys[0].Steps
		k := 1
		for k < len(steps) && (steps[k].Kind == plan.WaitFor || steps[k].Kind == plan.RememberCount) {
			k++
		}
		if k >= len(steps) || steps[k].Kind != plan.Click || !steps[k].Reach {
			t.Errorf("%q: %q opens the part by %+v, want a click marked reach", c, np.Suggestions[0], steps)
		}
	}
}

// TestFaithfulErrorsKeepThePage: "loads without errors" keeps a claim
// about errors only when it keeps the claim's page and words; otherwise
// it is labelled.
func TestFaithfulErrorsKeepThePage(t *testing.T) {
	for _, tc := range []struct {
		claim, sugg string
		want        bool
	}{
		{"The home page loads without errors", "The home page loads without errors", true},
		{"The editor page loads with no errors in the console", "The page loads without errors", false},
		{"The editor page loads with no errors", "The editor page loads without errors", true},
	} {
		d, err := Derive(tc.sugg)
		if err != nil {
			t.Fatal(err)
		}
		if got := Faithful(tc.claim, tc.sugg, d.Plan); got != tc.want {
			t.Errorf("Faithful(%q, %q) = %v, want %v", tc.claim, tc.sugg, got, tc.want)
		}
	}
	// A labelled suggestion that drops an action must name it.
	if a := DropsActionUnsaid("Clicking 'Save' shows 'Saved'", `The home page shows "Saved"`+labelSep+`on /, the page shows "Saved"; it does not check what the claim says with "Save"`); a != "Clicking" {
		t.Errorf("DropsActionUnsaid = %q, want Clicking", a)
	}
	if a := DropsActionUnsaid("Clicking 'Save' shows 'Saved'", `The home page shows "Saved"`+labelSep+`on /, the page shows "Saved"; it does not check what the claim says with "Clicking"`); a != "" {
		t.Errorf("DropsActionUnsaid = %q, want none", a)
	}
	// "opening /x" is the visit a suggestion on /x keeps; "opening the
	// menu" is an action
	if a := DropsActionUnsaid("Opening /api shows the JSON with 'v1'", `/api shows "v1"`+labelSep+`on /api, the page shows "v1"; it does not check what the claim says with "JSON"`); a != "" {
		t.Errorf("DropsActionUnsaid = %q, want none", a)
	}
	if a := DropsActionUnsaid("Opening the menu shows 'v1'", `The home page shows "v1"`+labelSep+`on /, the page shows "v1"; it does not check what the claim says with "menu"`); a != "Opening" {
		t.Errorf("DropsActionUnsaid = %q, want Opening", a)
	}
}
