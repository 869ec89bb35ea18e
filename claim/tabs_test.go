package claim

import "testing"

// TestClassPlaceTabs: a place's tab said as the subject, a place that has
// a tab, and the preferences or settings in lower case are read as
// reach.go reads "In Preferences → Network, …": the place and the tab are
// opened by clicks marked reach. Near misses stay refused.
func TestClassPlaceTabs(t *testing.T) {
	reach := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"Settings > Privacy has 'Send usage data' unticked",
			j(`{"visit":"/"}`, reach("Settings"), reach("Privacy"), `{"expect_unchecked":"role=checkbox[name=\"Send usage data\"]"}`)},
		{"Options → Display shows 'Show line numbers' checked",
			j(`{"visit":"/"}`, reach("Options"), reach("Display"), `{"expect_checked":"role=checkbox[name=\"Show line numbers\"]"}`)},
		{"The Editor tab in preferences has 'Word wrap' turned on",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Editor"), `{"expect_checked":"role=checkbox[name=\"Word wrap\"]"}`)},
		{"The 'Sync' tab of the Account Settings has 'Sync on start' ticked",
			j(`{"visit":"/"}`, reach("Account Settings"), reach("Sync"), `{"expect_checked":"role=checkbox[name=\"Sync on start\"]"}`)},
		{"In the preferences, the Audio tab has 'Mute on start' unchecked",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Audio"), `{"expect_unchecked":"role=checkbox[name=\"Mute on start\"]"}`)},
		{"The preferences have a 'Shortcuts' tab",
			j(`{"visit":"/"}`, reach("Preferences"), `{"expect_visible":"role=tab[name=\"Shortcuts\"]"}`)},
		{"The Export dialog has a 'Advanced' tab",
			j(`{"visit":"/"}`, reach("Export"), `{"expect_visible":"role=tab[name=\"Advanced\"]"}`)},
		// A tab named alone, before a comma or a colon: opened by the
		// control of its name wherever it is.
		{"On the Display tab, 'Show line numbers' is checked",
			j(`{"visit":"/"}`, reach("Display"), `{"expect_checked":"role=checkbox[name=\"Show line numbers\"]"}`)},
		{"Privacy tab: 'Send usage data' is unticked",
			j(`{"visit":"/"}`, reach("Privacy"), `{"expect_unchecked":"role=checkbox[name=\"Send usage data\"]"}`)},
		// What a tab shows, the tab said as the subject or as a path.
		{"The Billing tab of Settings shows 'Visa ending 4242'",
			j(`{"visit":"/"}`, `{"remember_count":{"target":"text=Visa ending 4242","as":"before_visa_ending_4242"}}`, reach("Settings"), reach("Billing"), `{"expect_text":"Visa ending 4242"}`, `{"expect_count":{"target":"text=Visa ending 4242","more_than":"before_visa_ending_4242"},"reach":true}`)},
		{"Switching to the Fonts tab in the preferences lists 'Fira Code'",
			j(`{"visit":"/"}`, `{"remember_count":{"target":"text=Fira Code","as":"before_fira_code"}}`, reach("Preferences"), reach("Fonts"), `{"expect_text":"Fira Code"}`, `{"expect_count":{"target":"text=Fira Code","more_than":"before_fira_code"},"reach":true}`)},
		{"Settings > Team has a 'Invite member' button",
			j(`{"visit":"/"}`, reach("Settings"), reach("Team"), `{"expect_visible":"role=button[name=\"Invite member\"]"}`)},
		// "under" is "in".
		{"Under Settings → Privacy, 'Send usage data' is unticked",
			j(`{"visit":"/"}`, reach("Settings"), reach("Privacy"), `{"expect_unchecked":"role=checkbox[name=\"Send usage data\"]"}`)},
		{"In the preferences, 'Autosave' is ticked",
			j(`{"visit":"/"}`, reach("Preferences"), `{"expect_checked":"role=checkbox[name=\"Autosave\"]"}`)},
	})
	runRefused(t, []string{
		"Settings > Privacy has 'Send usage data' set to weekly",        // no state of a control
		"Settings > Privacy has send usage data unticked",               // the control is no name
		"The privacy tab in preferences has 'Send usage data' unticked", // a lower-case tab names no control
		"The preferences have a 'Shortcuts' tab at the top",             // where is not checked
		"The app's preferences have a 'Shortcuts' tab",                  // whose preferences: the app is no place
		"In the preferences of the editor, 'Autosave' is ticked",        // a place inside another
		"The billing tab of Settings shows 'Visa ending 4242'",          // a lower-case tab names no control
		"Settings > Team shows the members",                             // no quoted text
		"Under the table, 'Total' is shown",                             // a part of the page is no place to open
	})
}

// TestClassClickInPlace: a control clicked inside a named dialog that the
// claim does not say how to open: the dialog's control first (reach), then
// the claim as said. Near misses stay refused.
func TestClassClickInPlace(t *testing.T) {
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"Clicking 'Save' in the 'Edit Profile' dialog shows 'Profile saved'",
			j(`{"visit":"/"}`, `{"click":"text=\"Edit Profile\"","reach":true}`, `{"remember_count":{"target":"text=Profile saved","as":"before_profile_saved"}}`, `{"click":"text=\"Save\""}`, `{"expect_text":"Profile saved"}`, `{"expect_count":{"target":"text=Profile saved","more_than":"before_profile_saved"},"reach":true}`)},
		{"Clicking Discard in the New Note window makes 'Untitled note' go away",
			j(`{"visit":"/"}`, `{"remember_count":{"target":"text=Untitled note","as":"before_untitled_note"}}`, `{"click":"text=\"New Note\"","reach":true}`, `{"expect_text":"Untitled note"}`, `{"expect_count":{"target":"text=Untitled note","more_than":"before_untitled_note"},"reach":true}`, `{"click":"text=\"Discard\""}`, `{"expect_no_text":"Untitled note"}`)},
	})
	runRefused(t, []string{
		"Clicking Cancel in the upload dialog closes it",        // a lower-case dialog names no control
		"Clicking 'Save' in the 'Edit Profile' dialog is quick", // no check
		"Clicking 'Save' in every dialog shows 'Saved'",         // which dialog?
	})
}
