package claim

import (
	"errors"
	"testing"
)

// TestClassPlaces: a check said before the tab it is on, a menu said to
// have several items, and the item chosen in a submenu, each opened by
// reach steps (guesses that block, never fail), on invented apps.
func TestClassPlaces(t *testing.T) {
	j := func(steps ...string) [][]string { return [][]string{steps} }
	opener := func(name string) string {
		return `{"click":"role=button[name=\"` + name + `\"]","reach":true}`
	}
	hover := func(name string) string { return `{"hover":"text=` + name + `","reach":true}` }
	click := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	runClasses(t, []classCase{
		// The place said after the check.
		{"'Sync on start' is ticked on the Accounts tab of Preferences",
			j(`{"visit":"/"}`, click("Preferences"), click("Accounts"), `{"expect_checked":"role=checkbox[name=\"Sync on start\"]"}`)},
		{"'Show thumbnails' is unticked in Settings → Gallery",
			j(`{"visit":"/"}`, click("Settings"), click("Gallery"), `{"expect_unchecked":"role=checkbox[name=\"Show thumbnails\"]"}`)},
		{"'Autosave' is ticked (Preferences, Editor tab)",
			j(`{"visit":"/"}`, click("Preferences"), click("Editor"), `{"expect_checked":"role=checkbox[name=\"Autosave\"]"}`)},
		// A menu's several items.
		{"The help menu has 'Keyboard shortcuts' and 'Release notes' entries",
			j(`{"visit":"/"}`, opener("help menu"), `{"expect_visible":"role=menuitem[name=\"Keyboard shortcuts\" s]"}`, `{"expect_visible":"role=menuitem[name=\"Release notes\" s]"}`)},
		{"The file menu lists 'Open', 'Save' and 'Print' items",
			j(`{"visit":"/"}`, opener("file menu"), `{"expect_visible":"role=menuitem[name=\"Open\" s]"}`, `{"expect_visible":"role=menuitem[name=\"Save\" s]"}`, `{"expect_visible":"role=menuitem[name=\"Print\" s]"}`)},
		// A verb of listing with the names alone: they are the items.
		{"The Kernel menu lists 'Restart'",
			j(`{"visit":"/"}`, opener("Kernel menu"), `{"expect_visible":"role=menuitem[name=\"Restart\" s]"}`)},
		{"The Kernel menu on /notebooks/a.ipynb offers 'Restart' and 'Shutdown'.",
			j(`{"visit":"/notebooks/a.ipynb"}`, opener("Kernel menu"), `{"expect_visible":"role=menuitem[name=\"Restart\" s]"}`, `{"expect_visible":"role=menuitem[name=\"Shutdown\" s]"}`)},
		// A dialog named by one lower-case word, and a text said to be
		// listed as another (the second inside the item showing the first).
		{"In the shortcuts dialog, 'g' is listed as 'Go to inbox'",
			j(`{"visit":"/"}`, click("Shortcuts"), `{"expect_visible":"text=Go to inbox within=\"g\""}`)},
		{"The credits box lists 'Fonts'",
			j(`{"visit":"/"}`, click("Credits"), `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Fonts","target":"css=dialog, [role=dialog]"}}`)},
		{"On /plans, 'Team' is marked as the 'Popular' plan",
			j(`{"visit":"/plans"}`, `{"expect_visible":"text=Popular within=\"Team\""}`)},
		// The item chosen in a submenu.
		{"In the view menu, Zoom Level has Actual Size selected by default",
			j(`{"visit":"/"}`, opener("view menu"), hover("Zoom Level"), `{"expect_checked":"role=menuitem[name=\"Actual Size\" s]"}`)},
		{"View menu > Group Photos By has Date checked",
			j(`{"visit":"/"}`, opener("View menu"), hover("Group Photos By"), `{"expect_checked":"role=menuitem[name=\"Date\" s]"}`)},
		{"Player menu > Playback Speed has Normal checked, with a 'Fast (1.5x)' option below it",
			j(`{"visit":"/"}`, opener("Player menu"), hover("Playback Speed"), `{"expect_checked":"role=menuitem[name=\"Normal\" s]"}`,
				`{"expect_visible":"role=menuitem[name=\"Fast (1.5x)\" s]"}`, `{"expect_order":{"target":"role=menuitem","texts":["Normal","Fast (1.5x)"]}}`)},
		// A setting named by its label's words, then its kind.
		{"In Preferences → Sync, the Upload (MB/s) limit is switched off",
			j(`{"visit":"/"}`, click("Preferences"), click("Sync"), `{"expect_unchecked":"role=checkbox[name=\"Upload (MB/s)\"]"}`)},
		{"On /account, the Weekly Digest option is ticked",
			j(`{"visit":"/account"}`, `{"expect_checked":"role=checkbox[name=\"Weekly Digest\"]"}`)},
		{"The Theme submenu in the options menu has 'High contrast' unselected",
			j(`{"visit":"/"}`, opener("options menu"), hover("Theme"), `{"expect_unchecked":"role=menuitem[name=\"High contrast\" s]"}`)},
	})
}

// TestClassPlacesRefused: near misses stay refused — a menu no control
// names, an item in lower case, a described value, a single check with a
// bracket of its own.
func TestClassPlacesRefused(t *testing.T) {
	runRefused(t, []string{
		"In the context menu, Sort By has Name selected",
		"In the view menu, Zoom Level has the usual size selected",
		"The export rate in the file menu is capped at 5 MB",
		"The same menu has 'Open' and 'Save' entries",
		"The same menu lists 'Open'",
		"The hamburger menu shows 'v5'",
		"The Kernel menu lists Restart",
		"The same dialog shows 'Saved'",
		"In the new dialog, 'Name' is ticked",
		"The account settings dialog shows 'Saved'",
		"The floating popup shows 'Welcome'",
		"On /account, the Weekly Digest option is enabled",
		"Player menu > Playback Speed has Normal checked, with a faster option below it",
		"Colours (the ones shown) are ticked on the Theme tab of Preferences",
	})
}

// TestOutOfReachWordInShownName: an out-of-reach noun inside a run of
// capitalised words names an option the page shows, and is not refused
// as out of reach; said of the app, or a platform's name, it still is.
func TestOutOfReachWordInShownName(t *testing.T) {
	for _, tc := range []struct {
		claim string
		out   bool
	}{
		{"Tasks are listed by Queue Order by default", false},
		{"The Storage Used column is sorted by default", false},
		{"The queue is drained every night", true},
		{"The Queue is drained every night", true},
		{"The app works on Mobile Safari", true},
		// a page's own name for a part of it ("Server response" in API
		// docs); not an acronym nor a word said of the app
		{"Reloading the page keeps the Server response block", false},
		{"Dark mode keeps the Servers section light", false},
		{"The Server restarts every night", true},
		{"The server response is quick", true},
		{"Our CI runs stay green", true},
		// a part of the docs page named after what it documents
		{"The API description under the title reads 'Browse the catalogue' in italics", false},
		{"The info block links to the API's Terms of service", false},
		{"The deploy button sits at the far right of the header", false},
		{"The API returns books sorted by title", true},
		{"The deploy button starts a deploy to production", true},
		// what a page shows of the server: its version, its root page
		{"Help > About reports notebook server version 6.4.12", false},
		{"Hitting the server root without a token bounces you to the login page", false},
		{"The server is upgraded to version 7 next week", true},
	} {
		_, err := Derive(tc.claim)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Errorf("%q derived; want a refusal", tc.claim)
			continue
		}
		if got := np.Cause == "out_of_reach"; got != tc.out {
			t.Errorf("%q: cause %q (%s), want out of reach %v", tc.claim, np.Cause, np.Reason, tc.out)
		}
	}
}
