package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestClassFocus: what has the keyboard focus, after keys, clicks or
// typing or on load, said of a named control, is an expect_focused step
// on the control the rules name. Controls described rather than named
// stay refused.
func TestClassFocus(t *testing.T) {
	j := func(steps ...string) [][]string { return [][]string{steps} }
	tab := `{"press":"Tab"}`
	runClasses(t, []classCase{
		{"Pressing 'k' on /inbox focuses the 'Filter' box",
			j(`{"visit":"/inbox"}`, `{"press":"k"}`, `{"expect_focused":"label=Filter"}`)},
		{"On /recipes, pressing Tab focuses the 'Skip to main content' link",
			j(`{"visit":"/recipes"}`, tab, `{"expect_focused":"role=link[name=\"Skip to main content\"]"}`)},
		{"On /recipes, pressing Tab once puts the focus on the 'Skip to recipes' link",
			j(`{"visit":"/recipes"}`, tab, `{"expect_focused":"role=link[name=\"Skip to recipes\"]"}`)},
		{"On /recipes, pressing Tab twice moves the keyboard focus to the 'Print' button",
			j(`{"visit":"/recipes"}`, tab, tab, `{"expect_focused":"role=button[name=\"Print\"]"}`)},
		{"On /recipes, pressing Tab three times focuses the 'Servings' field",
			j(`{"visit":"/recipes"}`, tab, tab, tab, `{"expect_focused":"label=Servings"}`)},
		// an unquoted name is a guess: found first, so a name read
		// wrongly blocks the run
		{"After pressing Shift+Tab on /basket, the Pay now button has the focus",
			j(`{"visit":"/basket"}`, `{"press":"Shift+Tab"}`, `{"wait_for":"role=button[name=\"Pay now\"]","reach":true}`, `{"expect_focused":"role=button[name=\"Pay now\"]"}`)},
		{"On /basket, after pressing Tab, the 'Coupon' field gets focus",
			j(`{"visit":"/basket"}`, tab, `{"expect_focused":"label=Coupon"}`)},
		{"On /signin, the 'Username' field is focused by default",
			j(`{"visit":"/signin"}`, `{"expect_focused":"label=Username"}`)},
		{"On /signin, the 'Username' field has the keyboard focus",
			j(`{"visit":"/signin"}`, `{"expect_focused":"label=Username"}`)},
		{"Clicking 'Rename' on /files puts the cursor in the 'File name' field",
			j(`{"visit":"/files"}`, `{"click":"text=\"Rename\""}`, `{"expect_focused":"label=File name"}`)},
		{"On /files, clicking 'Rename' and then pressing Tab gives focus to the 'Cancel' button",
			j(`{"visit":"/files"}`, `{"click":"text=\"Rename\""}`, tab, `{"expect_focused":"role=button[name=\"Cancel\"]"}`)},
		{"On /notes, typing 'hi' into 'Title' keeps the focus on the 'Title' field",
			j(`{"visit":"/notes"}`, `{"fill":{"target":"label=Title","value":"hi"}}`, `{"expect_focused":"label=Title"}`)},
		{"On /notes, after pressing Tab, the focus is on the 'Body' text area",
			j(`{"visit":"/notes"}`, tab, `{"expect_focused":"label=Body"}`)},
		{"On /notes, the cursor is in the 'Title' field",
			j(`{"visit":"/notes"}`, `{"expect_focused":"label=Title"}`)},
		{"On /settings, pressing Tab focuses the 'Dark mode' checkbox",
			j(`{"visit":"/settings"}`, tab, `{"expect_focused":"role=checkbox[name=\"Dark mode\"]"}`)},
		// the key said without "pressing" is the key, not a tab of the page
		{"On /recipes, Tab focuses the 'Print' button",
			j(`{"visit":"/recipes"}`, tab, `{"expect_focused":"role=button[name=\"Print\"]"}`)},
		{"On /recipes, Shift+Tab focuses the 'Print' button",
			j(`{"visit":"/recipes"}`, `{"press":"Shift+Tab"}`, `{"expect_focused":"role=button[name=\"Print\"]"}`)},
	})
	runRefused(t, []string{
		"On /recipes, pressing Enter on 'Skip' focuses the 'Recipes' heading",               // 'Skip': a field's label or a link?
		"On /recipes, pressing Tab does not focus the 'Print' button",                       // where the focus is not
		"On /recipes, pressing Tab never puts the focus on the 'Print' button",              // where the focus is not
		"On /recipes, the 'Print' button is not focused",                                    // where the focus is not
		"On /recipes, pressing Tab focuses the 'Print' button or the 'Share' button",        // which?
		"On /recipes, pressing Tab moves the focus to the recipe list",                      // a description
		"On /recipes, pressing Tab focuses the first result",                                // a description
		"On /recipes, the search box is focused",                                            // no name
		"On /recipes, pressing Tab focuses 'Print'",                                         // a link, a button or a field?
		"On /recipes, pressing Tab focuses the main content",                                // a description
		"On /recipes, the focus is on the page",                                             // no control
		"On /signin, typing 'x' into 'Username' focuses 'Username' by default",              // an action and "by default"
		"On /recipes, pressing Tab twice focuses the 'Print' button and the 'Share' button", // two controls
	})
}

// TestFocusReadings: a quoted name with no kind of control is refused
// with its readings as a link, a button and a field.
func TestFocusReadings(t *testing.T) {
	_, err := Derive("On /recipes, pressing Tab focuses 'Print'")
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("got %v, want a refusal", err)
	}
	if np.Cause != "ambiguous" || len(np.Suggestions) != 3 {
		t.Fatalf("cause %q, suggestions %q", np.Cause, np.Suggestions)
	}
	for i, n := range []string{"link", "button", "field"} {
		if !strings.HasSuffix(np.Suggestions[i], "the 'Print' "+n) {
			t.Errorf("suggestion %d: %q", i, np.Suggestions[i])
		}
	}
}
