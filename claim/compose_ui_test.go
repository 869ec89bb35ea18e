package claim

import (
	"strings"
	"testing"
)

// UI workflows (compose_ui.go): claims about invented apps (boards, mail,
// a player, a wiki), never sentences of a corpus.

// A dialog that opens was closed before the action; one that a later
// action closes was open just before it.
func TestUIDialogLife(t *testing.T) {
	const kb = `role=dialog[name=\"Keyboard shortcuts\"]`
	runClasses(t, []classCase{
		{"Pressing 'k' opens the 'Keyboard shortcuts' dialog and pressing Escape closes it", [][]string{{`{"visit":"/"}`,
			`{"expect_hidden":"` + kb + `"}`, `{"press":"k"}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"` + kb + `","reach":true}`, `{"press":"Escape"}`, `{"expect_hidden":"` + kb + `"}`}}},
		{"On /boards, clicking 'New board' opens the 'Create board' dialog, and clicking 'Cancel' closes it", [][]string{{`{"visit":"/boards"}`,
			`{"expect_hidden":"role=dialog[name=\"Create board\"]"}`, `{"click":"text=\"New board\""}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"Create board\"]","reach":true}`,
			`{"click":"text=\"Cancel\""}`, `{"expect_hidden":"role=dialog[name=\"Create board\"]"}`}}},
		// "dismisses the dialog" closes the dialog, not the control clicked
		{"Clicking the 'Share' button opens the 'Share' popup and then clicking 'Done' dismisses the dialog", [][]string{{`{"visit":"/"}`,
			`{"expect_hidden":"role=dialog[name=\"Share\"]"}`, `{"click":"role=button[name=\"Share\"]"}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"Share\"]","reach":true}`,
			`{"click":"text=\"Done\""}`, `{"expect_hidden":"role=dialog[name=\"Share\"]"}`}}},
		{"On /player, hitting 'q' brings up the 'Queue' window and hitting Esc closes it again", [][]string{{`{"visit":"/player"}`,
			`{"expect_hidden":"role=dialog[name=\"Queue\"]"}`, `{"press":"q"}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"Queue\"]","reach":true}`,
			`{"press":"Escape"}`, `{"expect_hidden":"role=dialog[name=\"Queue\"]"}`}}},
		// a dialog shown after an action: a dialog opens, its name found
		{"Clicking 'Open' shows the 'Upload' dialog", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Open\""}`,
			`{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"Upload\"]","reach":true}`}}},
		// "opens" alone, read by the rules: closed before, open after
		{"On /mail, pressing 'c' opens the 'Compose' dialog", [][]string{{`{"visit":"/mail"}`,
			`{"expect_hidden":"role=dialog[name=\"Compose\"]"}`, `{"press":"c"}`, `{"expect_count":{"target":"role=dialog","at_least":1}}`, `{"wait_for":"role=dialog[name=\"Compose\"]","reach":true}`}}},
	})
	runRefused(t, []string{
		"Pressing 'k' opens the 'Keyboard shortcuts' dialog and closes it",                       // nothing done to close it
		"Pressing Escape closes it",                                                              // nothing opened
		"Pressing 'k' opens the 'Keys' dialog and pressing Escape doesn't close it",              // a negation the dialog table does not read
		"Clicking 'New' opens the 'Card' dialog, which says 'Title', and clicking 'X' closes it", // "it": the dialog, or the text said of it?
	})
}

// "still" says the text was shown before the last action too; "no longer"
// after an action says it was shown until then; "no longer" with nothing
// done is read as not shown now, with a note (never dropped silently).
func TestUIStillAndNoLonger(t *testing.T) {
	runClasses(t, []classCase{
		{"On /board, clicking 'Refresh' still shows 'Backlog'", [][]string{{`{"visit":"/board"}`, `{"expect_text":"Backlog"}`, `{"click":"text=\"Refresh\""}`, `{"expect_text":"Backlog"}`}}},
		{"After reloading /wiki, 'Draft saved' is still shown", [][]string{{`{"visit":"/wiki"}`, `{"expect_text":"Draft saved"}`, `{"reload":true}`, `{"expect_text":"Draft saved"}`}}},
		{"On /inbox, clicking 'Archive' no longer shows 'Weekly report'", [][]string{{`{"visit":"/inbox"}`, `{"expect_text":"Weekly report"}`, `{"click":"text=\"Archive\""}`, `{"expect_no_text":"Weekly report"}`}}},
		{"After clicking 'Hide', the 'Beta' badge is no longer shown", [][]string{{`{"visit":"/"}`, `{"expect_visible":"text=\"Beta\""}`, `{"click":"text=\"Hide\""}`, `{"expect_hidden":"text=\"Beta\""}`}}},
		// read differently: "still" of another text, "longer" as a word
		{"On /board, clicking 'Refresh' shows 'Still loading'", [][]string{{`{"visit":"/board"}`, `{"click":"text=\"Refresh\""}`, `{"expect_text":"Still loading"}`}}},
	})
	for _, c := range []string{"'Classic view' is no longer shown on /settings", "The 'Export' button is no longer there on /reports"} {
		d, err := Derive(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		if !strings.Contains(strings.Join(d.Notes, "\n"), noLongerNote) {
			t.Errorf("%q: the notes do not say what \"no longer\" is read as: %q", c, d.Notes)
		}
		for _, j := range d.Plan.Journeys {
			for _, s := range j.Steps {
				if s.Kind == "expect_text" || s.Kind == "expect_visible" {
					t.Errorf("%q: %s checks a state the claim says is gone", c, s.Kind)
				}
			}
		}
	}
}

// A part of the page named like a control, capitalised with no article
// ("then Status shows 'Saved'"), is an element vouch cannot find: refused,
// never read as the whole page. Lower-case, it is the page's text; as what
// is clicked, it is a target.
func TestUINamedPart(t *testing.T) {
	runClasses(t, []classCase{
		{"Clicking 'Save' and then the status shows 'Saved'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"click":"text=\"Save\""}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
		{"Clicking 'Status' shows 'All systems go'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Status\""}`, `{"remember_count":{"target":"text=All systems go","as":"before_all_systems_go"}}`, `{"click":"text=\"Status\""}`, `{"expect_text":"All systems go"}`, `{"expect_count":{"target":"text=All systems go","more_than":"before_all_systems_go"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"Clicking 'Save' and then Status shows 'Saved'",
		"Clicking 'Sync', then Output says 'Done'",
		"After pressing 'r', Notifications shows '3 new'",
	})
}

// An action that closes a dialog the claim names: open just before it,
// closed after; a control whose label an action changes: the new label
// hidden before, shown after.
func TestUIClosesAndRelabels(t *testing.T) {
	runClasses(t, []classCase{
		{"On /boards, pressing 'n' and then clicking 'Cancel' closes the 'New card' dialog", [][]string{{`{"visit":"/boards"}`, `{"press":"n"}`,
			`{"expect_visible":"role=dialog[name=\"New card\"]"}`, `{"click":"text=\"Cancel\""}`, `{"expect_hidden":"role=dialog[name=\"New card\"]"}`}}},
		{"Clicking the 'Follow' button turns it into 'Following'", [][]string{{`{"visit":"/"}`, `{"expect_hidden":"role=button[name=\"Following\"]"}`,
			`{"click":"role=button[name=\"Follow\"]"}`, `{"expect_visible":"role=button[name=\"Following\"]"}`}}},
		{"On /player, clicking 'Play' changes it to 'Pause'", [][]string{{`{"visit":"/player"}`, `{"expect_hidden":"text=\"Pause\""}`,
			`{"click":"text=\"Play\""}`, `{"expect_visible":"text=\"Pause\""}`}}},
		// a toggle named by what it does is a button, found by its label
		{"Clicking 'Turn on captions' changes it to 'Turn off captions'", [][]string{{`{"visit":"/"}`, `{"expect_hidden":"role=button[name=\"Turn off captions\"]"}`,
			`{"click":"role=button[name=\"Turn on captions\"]"}`, `{"expect_visible":"role=button[name=\"Turn off captions\"]"}`}}},
		{"The 'Pause All' toolbar button is greyed out", [][]string{{`{"visit":"/"}`, `{"expect_disabled":"role=button[name=\"Pause All\"]"}`}}},
	})
	runRefused(t, []string{
		"Clicking 'Play' changes it to 'Pause' and 'Stop'",                       // two new labels for one control
		"Pressing 'n' opens the 'New card' dialog and changes it to 'Edit card'", // nothing done between
		"The 'Edit' footer button is greyed out",                                 // a named element in the footer is never looked for on the whole page
		"On /docs, the 'Edit' header button is greyed out",
		"Clicking 'Cancel' closes the 'New card' dialog", // nothing in the claim opened it
	})
}

// What a place that opens shows: the tab it opens on (selected) and the
// state of a control in it; the place's unquoted name is noted, never
// looked for. A character key named in words is pressed.
func TestUIPlaceShowing(t *testing.T) {
	runClasses(t, []classCase{
		{"On /mail, pressing the comma key opens Settings on the General tab with 'Show previews' unticked", [][]string{{`{"visit":"/mail"}`, `{"press":","}`,
			`{"expect_checked":"role=tab[name=\"General\"]"}`, `{"expect_unchecked":"role=checkbox[name=\"Show previews\"]"}`}}},
		{"Clicking 'Gear' opens Account Settings with 'Two-factor login' ticked", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Gear\""}`,
			`{"expect_checked":"role=checkbox[name=\"Two-factor login\"]"}`}}},
		{"Hitting the question mark key opens Help on the 'Shortcuts' tab", [][]string{{`{"visit":"/"}`, `{"press":"?"}`, `{"expect_checked":"role=tab[name=\"Shortcuts\"]"}`}}},
	})
	runRefused(t, []string{
		"Pressing ',' opens Settings with 'Show previews'",        // no state of the control
		"Pressing ',' opens Settings on the General page",         // a page is no tab
		"Pressing ',' opens settings with 'Show previews' ticked", // a lower-case word is no name
	})
}
