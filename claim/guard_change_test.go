package claim

import "testing"

// TestGuardChange: claims about a change over time whose plans checked
// another change (found by probing with phrasings people use) are refused
// with no rephrasing; their near neighbours still derive.
func TestGuardChange(t *testing.T) {
	refusedPlainly(t,
		// a negated change read as the opposite change
		"On /p, the 'Save' button doesn't become enabled after typing 'A' into 'Name'",
		"On /p, the 'Save' button never gets disabled after clicking 'Save'",
		"On /p, 'Dark mode' doesn't get unticked after reloading",
		// an action said after its outcome was done last
		"On /cart, clicking 'Checkout' doesn't show 'Accept the terms' after ticking 'Terms'",
		"On /p, clicking 'Save' shows 'Saved' after typing 'Ann' into 'Name'",
		// "still" of a text the claim says the action shows
		"On /todos, adding 'Milk' shows '1 item left' and reloading still shows '1 item left'",
		"On /todos, adding 'Milk' shows 'Milk' and after reloading 'Milk' is still shown",
		"On /p, clicking 'Hide' hides 'Banner' and after reloading 'Banner' is still hidden",
		// what should happen, and what does
		"On /p, clicking 'Save' is supposed to show 'Saved' but shows 'Error'",
		// a text said to stay, a state said kept across an action
		"On /p, 'Error' does not go away after clicking 'Retry'",
		"On /settings, 'Notifications' stays ticked after clicking 'Save'",
		"On /p, the 'Notifications' checkbox is no longer ticked after clicking 'Reset'",
		// a value typed into a field looked for as a page text
		"On /p, typing 'Ann' into 'Name' and clicking 'Clear' removes 'Ann'",
		// a check made before the page the claim names
		"On /p, clicking 'Accept' doesn't show 'Cookies' again on /about",
	)
	checkReadings(t, []readingCase{
		{"On /todos, adding 'Milk' and reloading still shows 'Milk'", `On /todos: add "Milk"; then the page shows "Milk"; then reload the page; then the page shows "Milk".`},
		{"On /p, after reloading, 'Milk' is still shown", `On /p: the page shows "Milk"; then reload the page; then the page shows "Milk".`},
		{"On /p, typing 'Ann' into 'Name' and clicking 'Save' shows 'Saved'", `On /p: type "Ann" into the field labelled "Name", click the "Save" button; then the page shows "Saved".`},
		{"On /signup, ticking 'I agree' enables the 'Create account' button", `On /signup: the "Create account" button is disabled; then tick the "I agree" checkbox; then the "Create account" button is enabled.`},
	})
}

// TestDescribingNames: an unquoted participle or -able word before an
// element's kind describes the elements ("sorted items", "editable
// fields"); it was read as their name or label.
func TestDescribingNames(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /p, clicking 'Sort' shows sorted items", ""},
		{"On /p, clicking 'Edit' shows editable fields", ""},
		{"On /p, clicking 'Shuffle' shows random items", ""},
		{"On /p, clicking 'Filter' shows matching rows", ""},
		{"On /p, there is a Settings link", `On /p, the "Settings" link is visible.`},
	})
}

// TestTypedAfterDblClick: text typed after a double-click with no field
// named went into the page's first text field, often the one that adds a
// new item: refused.
func TestTypedAfterDblClick(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /todos, double-clicking 'Milk' and typing 'Oat milk' then pressing Enter shows 'Oat milk'", ""},
	})
}
