package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestClassControlValues: a form control's value (a drop-down's chosen
// option) said as people say it, read as an expect_value step; the place
// the claim names but does not open is opened by reach clicks. Readings
// that could mean something else are refused.
func TestClassControlValues(t *testing.T) {
	reach := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	val := func(label, v string) string {
		return `{"expect_value":{"target":"label=` + label + `","value":"` + v + `"}}`
	}
	// an unquoted name is a guess at the label: the field is found
	// first by a hover marked reach, so a guess that finds nothing blocks
	guess := func(label string) string {
		return `{"hover":"label=` + label + `","reach":true}`
	}
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		// the control named by its kind, its name quoted or not
		{"On /account, the Language dropdown is set to 'Deutsch'", j(`{"visit":"/account"}`, guess("Language"), val("Language", "Deutsch"))},
		{"On /account, the 'Language' dropdown is set to 'Deutsch'", j(`{"visit":"/account"}`, val("Language", "Deutsch"))},
		{"On /cart, the Quantity field holds '3'", j(`{"visit":"/cart"}`, guess("Quantity"), val("Quantity", "3"))},
		{"On /cart, the 'Shipping speed' select shows 'Express'", j(`{"visit":"/cart"}`, val("Shipping speed", "Express"))},
		{"The 'Sort by' picker starts on 'Newest'", j(`{"visit":"/"}`, val("Sort by", "Newest"))},
		{"On /editor, the Font size setting defaults to 14", j(`{"visit":"/editor"}`, guess("Font size"), val("Font size", "14"))},
		// a long name is a label, not a prompt
		{"On /account, 'Days to keep deleted mail' is set to '30'", j(`{"visit":"/account"}`, val("Days to keep deleted mail", "30"))},
		// the place said before, inside or after the body
		{"Retry limit on the Network tab of the preferences is set to '5'",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Network"), guess("Retry limit"), val("Retry limit", "5"))},
		{"On the Editor tab of Preferences, line width is set to '80'",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Editor"), guess("line width"), val("line width", "80"))},
		{"Cache size is 512 on the Storage tab of Preferences",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Storage"), guess("Cache size"), val("Cache size", "512"))},
		{"Preferences → Display has the color scheme set to 'Solarized'",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Display"), guess("color scheme"), val("color scheme", "Solarized"))},
		{"On the Display tab of Preferences, the 'Start page' dropdown for new windows shows Homepage",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Display"), `{"wait_for":"label=Start page","reach":true}`, val("Start page", "Homepage"))},
		{"In the Export dialog, Format is PNG",
			j(`{"visit":"/"}`, reach("Export"), guess("Format"), val("Format", "PNG"))},
		{"Quality is 90 in the Export dialog",
			j(`{"visit":"/"}`, reach("Export"), guess("Quality"), val("Quality", "90"))},
		// "by default" is the value as the page opens
		{"On /account, the 'Language' dropdown is set to 'Deutsch' by default", j(`{"visit":"/account"}`, val("Language", "Deutsch"))},
		// a quoted field in a place reached by a guess is found first too
		{"In the Hotkeys dialog, 'Enter' is 'Confirm dialog'",
			j(`{"visit":"/"}`, reach("Hotkeys"), `{"wait_for":"label=Enter","reach":true}`, val("Enter", "Confirm dialog"))},
		// a checkbox's state with the place inside the sentence
		{"'Send crash reports' on the Privacy tab of Preferences is unticked",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Privacy"), `{"expect_unchecked":"role=checkbox[name=\"Send crash reports\"]"}`)},
	})
	runRefused(t, []string{
		"On /cart, Subtotal is 40",                                                                         // a text or a field: no control said
		"On /cart, Quantity is 3",                                                                          // the same
		"On /account, the Language dropdown is set to deutsch",                                             // a lower-case word may be a word of the sentence
		"On /account, the Language dropdown shows 'Deutsch' and 'English'",                                 // the options, not the chosen one
		"On /account, the Language menu shows 'Deutsch'",                                                   // a menu shows items
		"On the Display tab of Preferences, the 'Start page' dropdown for the first window shows Homepage", // which one: not checked
		"In the Export dialog, Format is Enabled",                                                          // a state, not a value
		"Cache size is large on the Storage tab of Preferences",                                            // no literal value
		"In the Export dialog, it is PNG",                                                                  // no control named
		"Cache size is PNG on the Storage tab of Preferences",                                              // a word value only at the claim's end
		"On the Storage tab of Preferences, the status is 'Idle'",                                          // the same
	})
}

// TestValueOfSeveralUnquotedWordsIsAmbiguous: "set to Dark mode" may
// be the text "Dark mode" or "Dark", the rest describing it: refused with
// both.
func TestValueOfSeveralUnquotedWordsIsAmbiguous(t *testing.T) {
	c := "On /account, the Language dropdown is set to High contrast"
	_, err := Derive(c)
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("%q derived, want a refusal with both readings", c)
	}
	want := []string{`On /account, "Language" is set to "High contrast"`, `On /account, "Language" is set to "High"`}
	if np.Cause != "ambiguous" || strings.Join(np.Suggestions, "|") != strings.Join(want, "|") {
		t.Errorf("%q: cause %q, suggestions %q; want %q", c, np.Cause, np.Suggestions, want)
	}
}

// TestValueShowsOfAFieldIsAmbiguous: "shows" said of a text field may be
// its value or a text shown by it; the claim is refused with both.
func TestValueShowsOfAFieldIsAmbiguous(t *testing.T) {
	for _, c := range []string{
		"On /search, the 'Query' field shows 'No results'",
		"On /search, the Query box reads 'No results'",
	} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived, want a refusal with both readings", c)
		}
		if np.Cause != "ambiguous" || len(np.Suggestions) != 2 ||
			!strings.Contains(np.Suggestions[0], `is set to "No results"`) || !strings.Contains(np.Suggestions[1], labelSep) {
			t.Errorf("%q: cause %q, suggestions %q; want the value and the page's text, the second labelled", c, np.Cause, np.Suggestions)
		}
		for _, s := range np.Suggestions {
			if _, err := Derive(strings.SplitN(s, labelSep, 2)[0]); err != nil {
				t.Errorf("%q: reading %q does not derive: %v", c, s, err)
			}
		}
	}
}
