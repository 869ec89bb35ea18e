package claim

import (
	"strings"
	"testing"
)

// TestClassUnquotedLabels: a control named by its unquoted label in a
// place the claim names, delimited by the place (a comma, a colon, "has")
// and the state or value after it, is read as that control's label; the
// note says so. Place paths said with commas and colons open the place
// and its tab as reach.go does. Near misses stay refused.
func TestClassUnquotedLabels(t *testing.T) {
	reach := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		// a mail client's settings
		{"Settings > Accounts has Check mail on start unticked",
			j(`{"visit":"/"}`, reach("Settings"), reach("Accounts"), `{"hover":"role=checkbox[name=\"Check mail on start\"]","reach":true}`, `{"expect_unchecked":"role=checkbox[name=\"Check mail on start\"]"}`)},
		{"In Settings, the Accounts tab, Check mail every 10 minutes is ticked",
			j(`{"visit":"/"}`, reach("Settings"), reach("Accounts"), `{"hover":"role=checkbox[name=\"Check mail every 10 minutes\"]","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Check mail every 10 minutes\"]"}`)},
		{"On the Privacy tab of settings, Block remote images is switched on",
			j(`{"visit":"/"}`, reach("Settings"), reach("Privacy"), `{"hover":"role=checkbox[name=\"Block remote images\"]","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Block remote images\"]"}`)},
		{"In Preferences > Network, the Listening port reads 51413",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Network"), `{"hover":"label=Listening port","reach":true}`, `{"expect_value":{"target":"label=Listening port","value":"51413"}}`)},
		{"Preferences → Composing: Reply style is Quote original",
			j(`{"visit":"/"}`, reach("Preferences"), reach("Composing"), `{"hover":"label=Reply style","reach":true}`, `{"expect_value":{"target":"label=Reply style","value":"Quote original"}}`)},
		// a label holding quotes of its own
		{`In settings, Files tab, Add ".bak" to the owner's copies is ticked`,
			j(`{"visit":"/"}`, reach("Settings"), reach("Files"), `{"hover":"role=checkbox[name=\"Add \\\".bak\\\" to the owner's copies\"]","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Add \\\".bak\\\" to the owner's copies\"]"}`)},
		// a photo editor's dialog, its opener said in brackets
		{"The Export dialog (toolbar, Save As) has its Keep metadata box unticked",
			j(`{"visit":"/"}`, reach("Save As"), `{"hover":"role=checkbox[name=\"Keep metadata\"]","reach":true}`, `{"expect_unchecked":"role=checkbox[name=\"Keep metadata\"]"}`, `{"expect_text":"Export"}`)},
	})
	runRefused(t, []string{
		"Settings > Accounts has check mail on start unticked",            // lower case: a description, not a label
		"Settings > Accounts has The sync option unticked",                // a determiner first
		"Settings > Accounts has Sync and Backup unticked",                // two controls, or one?
		"Preferences → Composing: Reply style is quoted",                  // a lower-case value is no option shown
		"Settings, Accounts, Check mail on start is ticked",               // no place said as one
		"In Settings, the Accounts tab, Check mail is on start is ticked", // a clause, not a label
	})
	d, err := Derive("Settings > Accounts has Check mail on start unticked")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(d.Notes, " "), `"Check mail on start" was not quoted: it is read as the label of the control`) {
		t.Errorf("no note says the label was unquoted: %q", d.Notes)
	}
}

// TestClassAsideOpener: a dialog said with the control that opens it in
// brackets is opened by clicking that control (reach), and its name is
// looked for once open; a bracket that does not say a control stays
// refused.
func TestClassAsideOpener(t *testing.T) {
	reach := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"The Compose dialog (toolbar, New Message) has 'Send later' ticked",
			j(`{"visit":"/"}`, `{"remember_count":{"target":"text=Compose","as":"before_compose"}}`, reach("New Message"), `{"expect_checked":"role=checkbox[name=\"Send later\"]"}`, `{"expect_text":"Compose"}`, `{"expect_count":{"target":"text=Compose","more_than":"before_compose"},"reach":true}`)},
		{"The Resize window (from the toolbar's Resize Image button) shows 'Width'",
			j(`{"visit":"/"}`, reach("Resize Image"), `{"expect_text":"Resize"}`, `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Width","target":"css=dialog, [role=dialog]"}}`)},
	})
	runRefused(t, []string{
		"The Compose dialog (Settings) has 'Send later' ticked",          // a bare name: a menu, a tab or a page?
		"The Compose dialog (toolbar, new message) has 'Send later' set", // no state, a lower-case opener
	})
}

// TestClassOpenerVerbs: "credits" and "mentions" say a dialog shows a
// text; "per" and "according to" say where it is looked for.
func TestClassOpenerVerbs(t *testing.T) {
	reach := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"The About box credits 'Ada Lovelace'",
			j(`{"visit":"/"}`, reach("About"), `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Ada Lovelace","target":"css=dialog, [role=dialog]"}}`)},
		{"According to the Shortcuts dialog, the page shows 'New message'",
			j(`{"visit":"/"}`, `{"remember_count":{"target":"text=New message","as":"before_new_message"}}`, reach("Shortcuts"), `{"expect_text":"New message"}`, `{"expect_count":{"target":"text=New message","more_than":"before_new_message"},"reach":true}`)},
	})
	runRefused(t, []string{
		"The Search box credits 'Ada Lovelace'", // a search box is a field, no dialog
	})
}

// TestClassMenuMove: a submenu's chosen mark said to move is read as the
// item marked before, chosen, then marked after with the other not;
// near misses stay refused.
func TestClassMenuMove(t *testing.T) {
	reach := func(s string) string { return s[:len(s)-1] + `,"reach":true}` }
	j := func(steps ...string) [][]string { return [][]string{steps} }
	open := []string{reach(`{"click":"role=button[name=\"view menu\"]"}`), reach(`{"hover":"text=Text Size"}`)}
	runClasses(t, []classCase{
		{"Choosing Large under Text Size (view menu) moves the check mark from Medium to Large",
			j(`{"visit":"/"}`, open[0], open[1], `{"expect_checked":"role=menuitem[name=\"Medium\" s]"}`,
				`{"click":"role=menuitem[name=\"Large\" s]"}`, open[0], open[1],
				`{"expect_checked":"role=menuitem[name=\"Large\" s]"}`, `{"expect_unchecked":"role=menuitem[name=\"Medium\" s]"}`)},
	})
	runRefused(t, []string{
		"Choosing Large under Text Size (view menu) moves the check mark from Medium to Small", // the mark moves elsewhere than the item chosen
		"Choosing Large under Text Size moves the check mark from Medium to Large",             // no menu said
	})
}
