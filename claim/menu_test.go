package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestClassMenuChoice: an action through a menu opens the menu by the
// button named for it and chooses the item by its exact name, both clicks
// marked reach (a guess that blocks, never fails); what follows is read as
// it would be after the clicks. Near misses stay refused.
func TestClassMenuChoice(t *testing.T) {
	opener := func(name string) string {
		return `{"click":"role=button[name=\"` + name + `\"]","reach":true}`
	}
	item := func(name string) string {
		return `{"click":"role=menuitem[name=\"` + name + `\" s]","reach":true}`
	}
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		// "from/in the X menu"
		{"Choosing 'Log out' from the account menu shows 'See you soon'",
			j(`{"visit":"/"}`, opener("account menu"), `{"remember_count":{"target":"text=See you soon","as":"before_see_you_soon"}}`, item("Log out"), `{"expect_text":"See you soon"}`, `{"expect_count":{"target":"text=See you soon","more_than":"before_see_you_soon"},"reach":true}`)},
		{"Selecting 'Dark' in the theme menu shows 'Dark mode on'",
			j(`{"visit":"/"}`, opener("theme menu"), `{"remember_count":{"target":"text=Dark mode on","as":"before_dark_mode_on"}}`, item("Dark"), `{"expect_text":"Dark mode on"}`, `{"expect_count":{"target":"text=Dark mode on","more_than":"before_dark_mode_on"},"reach":true}`)},
		{"On /editor, picking 'Export' in the 'File' menu shows 'Exported'",
			j(`{"visit":"/editor"}`, `{"click":"role=button[name=\"File\" s]","reach":true}`, `{"remember_count":{"target":"text=Exported","as":"before_exported"}}`, item("Export"), `{"expect_text":"Exported"}`, `{"expect_count":{"target":"text=Exported","more_than":"before_exported"},"reach":true}`)},
		{"Clicking the Archive item from the message menu shows 'Moved to archive'",
			j(`{"visit":"/"}`, opener("message menu"), `{"remember_count":{"target":"text=Moved to archive","as":"before_moved_to_archive"}}`, item("Archive"), `{"expect_text":"Moved to archive"}`, `{"expect_count":{"target":"text=Moved to archive","more_than":"before_moved_to_archive"},"reach":true}`)},
		{"After choosing 'Shortcuts' from the help menu, the page shows 'Ctrl+K'",
			j(`{"visit":"/"}`, opener("help menu"), `{"remember_count":{"target":"text=Ctrl+K","as":"before_ctrl_k"}}`, item("Shortcuts"), `{"expect_text":"Ctrl+K"}`, `{"expect_count":{"target":"text=Ctrl+K","more_than":"before_ctrl_k"},"reach":true}`)},
		// "open the X menu and pick Y"
		{"Opening the overflow menu and picking 'Duplicate' shows 'Copy of Q3 report'",
			j(`{"visit":"/"}`, opener("overflow menu"), `{"remember_count":{"target":"text=Copy of Q3 report","as":"before_copy_of_q3_report"}}`, item("Duplicate"), `{"expect_text":"Copy of Q3 report"}`, `{"expect_count":{"target":"text=Copy of Q3 report","more_than":"before_copy_of_q3_report"},"reach":true}`)},
		{"After opening the user menu and choosing 'Profile', the page shows 'Edit your bio'",
			j(`{"visit":"/"}`, opener("user menu"), `{"remember_count":{"target":"text=Edit your bio","as":"before_edit_your_bio"}}`, item("Profile"), `{"expect_text":"Edit your bio"}`, `{"expect_count":{"target":"text=Edit your bio","more_than":"before_edit_your_bio"},"reach":true}`)},
		// "Y from the menu" (an unnamed menu: the button named "menu")
		{"'Keyboard shortcuts' from the menu opens a dialog",
			j(`{"visit":"/"}`, `{"click":"role=button[name=\"menu\"]","reach":true}`, item("Keyboard shortcuts"), `{"expect_visible":"role=dialog"}`)},
		// The menu and the item as a path, or the menu said first.
		{"Account menu > Billing shows 'Next invoice'",
			j(`{"visit":"/"}`, opener("Account menu"), `{"remember_count":{"target":"text=Next invoice","as":"before_next_invoice"}}`, item("Billing"), `{"expect_text":"Next invoice"}`, `{"expect_count":{"target":"text=Next invoice","more_than":"before_next_invoice"},"reach":true}`)},
		{"From the help menu, choosing 'Shortcuts' shows 'Ctrl+K'",
			j(`{"visit":"/"}`, opener("help menu"), `{"remember_count":{"target":"text=Ctrl+K","as":"before_ctrl_k"}}`, item("Shortcuts"), `{"expect_text":"Ctrl+K"}`, `{"expect_count":{"target":"text=Ctrl+K","more_than":"before_ctrl_k"},"reach":true}`)},
		// What an item opens or leads to is what choosing it does.
		{"The 'Licenses' item in the help menu opens a dialog",
			j(`{"visit":"/"}`, opener("help menu"), item("Licenses"), `{"expect_visible":"role=dialog"}`)},
		{"The account menu's 'Sign out' item leads to /login",
			j(`{"visit":"/"}`, opener("account menu"), item("Sign out"), `{"expect_url":"/login"}`)},
		// A dialog and, in brackets, the menu (and item) that open it.
		{"The Billing dialog (account menu, then Billing) shows 'Next invoice'",
			j(`{"visit":"/"}`, opener("account menu"), item("Billing"), `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"Next invoice","target":"css=dialog, [role=dialog]"}}`)},
		{"The Licenses dialog (from the help menu) lists 'MIT'",
			j(`{"visit":"/"}`, opener("help menu"), item("Licenses"), `{"wait_for":"css=dialog, [role=dialog]","reach":true}`, `{"expect_text":{"text":"MIT","target":"css=dialog, [role=dialog]"}}`)},
		// The menu has an item: it is shown once the menu is open.
		{"The share menu has a 'Copy link' entry",
			j(`{"visit":"/"}`, opener("share menu"), `{"expect_visible":"role=menuitem[name=\"Copy link\" s]"}`)},
		{"The View menu has a 'Zoom' submenu",
			j(`{"visit":"/"}`, opener("View menu"), `{"expect_visible":"role=menuitem[name=\"Zoom\" s]"}`)},
		{"There is a 'Sign Out' item in the account menu.",
			j(`{"visit":"/"}`, opener("account menu"), `{"expect_visible":"role=menuitem[name=\"Sign Out\" s]"}`)},
		// the page said after the menu, as a path
		{"The Kernel menu on /notebooks/a.ipynb has a 'Connect to Existing Kernel' entry.",
			j(`{"visit":"/notebooks/a.ipynb"}`, opener("Kernel menu"), `{"expect_visible":"role=menuitem[name=\"Connect to Existing Kernel\" s]"}`)},
		{"The user menu has a 'Logout' item",
			j(`{"visit":"/"}`, opener("user menu"), `{"expect_visible":"role=menuitem[name=\"Logout\" s]"}`)},
	})
	runRefused(t, []string{
		"Choosing 'Log out' from every menu shows 'See you soon'",            // which menu?
		"Choosing 'Log out' from this menu shows 'See you soon'",             // which menu?
		"Choosing 'Paste' from the context menu shows 'Pasted'",              // opened by a right click, not a click
		"Choosing log out from the account menu shows 'See you soon'",        // the item is no name
		"Choosing 'Log out' from the account menu is quick",                  // what follows is no check
		"The share menu has a 'Copy link' entry at the top",                  // where it is is not checked
		"The share menu doesn't have a 'Copy link' entry",                    // a missing item proves nothing of a menu built otherwise
		"'Log out' in the account menu shows a red icon",                     // the item itself, or what choosing it shows?
		"Choosing 'Log out' from the account menu's submenu shows 'Bye'",     // a submenu of a menu
		"The Billing dialog (account menu, then Billing) shows next invoice", // no quoted text
		// a menu named for its control is closed until pressed: never its
		// items looked for on the page as it loads
		"The user menu has a 'Logout' button",
		"The hamburger menu shows 'v5.0.7'",
		"The Kernel menu on the notebook page has a 'Connect' entry", // a page by its name, not a path
	})
}

// The plan says the clicks are guesses, and its requirement names the menu
// and the item, not texts clicked.
func TestMenuChoiceNotes(t *testing.T) {
	d, err := Derive("Choosing 'Log out' from the account menu shows 'See you soon'")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Notes) == 0 || !strings.Contains(d.Notes[0], `clicking the button (or titled icon) named "account menu"`) || !strings.Contains(d.Notes[0], "blocked, not failed") {
		t.Errorf("first note %q does not say the clicks are a guess", d.Notes)
	}
	for _, n := range d.Notes {
		if strings.Contains(n, "exact visible text") {
			t.Errorf("a note speaks of clicking by text: %q", n)
		}
	}
	if got := d.Requirements[0].Text; !strings.Contains(got, `open the account menu (the button named "account menu")`) || !strings.Contains(got, `choose the menu item "Log out"`) {
		t.Errorf("requirement %q", got)
	}
}

// TestMenuItemAmbiguous: what an item in a menu "shows" may be said of the
// item itself or of what choosing it shows: refused as ambiguous, with
// both readings offered, each of which derives.
func TestMenuItemAmbiguous(t *testing.T) {
	for _, c := range []string{
		"'Log out' in the account menu shows 'Ctrl+Q'",
		"The account menu's 'Log out' item shows 'Ctrl+Q'",
	} {
		_, err := Derive(c)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Fatalf("%q derived, want a refusal", c)
		}
		if np.Cause != "ambiguous" || !strings.Contains(np.Reason, "may be said of the item") {
			t.Errorf("%q: cause %q, reason %q", c, np.Cause, np.Reason)
		}
		want := []string{"Choosing 'Log out' from the account menu shows 'Ctrl+Q'", "After opening the account menu, the 'Log out' item shows 'Ctrl+Q'"}
		if strings.Join(np.Suggestions, "|") != strings.Join(want, "|") {
			t.Errorf("%q: suggestions %q, want %q", c, np.Suggestions, want)
		}
		for _, s := range np.Suggestions {
			if _, err := Derive(s); err != nil {
				t.Errorf("suggestion %q does not derive: %v", s, err)
			}
		}
	}
}

// "Choosing New > Folder shows …" was read as one unquoted text, "New >
// Folder", waited for and clicked: no control shows it, so a true claim
// was blocked. A path of two names after a verb of choosing opens the
// control of the first name's text and chooses the item of the second
// (both reach), and the item chosen is counted as the claim's action; a
// path taken whole as a text is refused with the reading to say.
func TestMenuPathChosen(t *testing.T) {
	opener := func(name string) string { return `{"click":"text=\"` + name + `\"","reach":true}` }
	item := func(name string) string {
		return `{"click":"role=menuitem[name=\"` + name + `\" s]","reach":true}`
	}
	counted := func(text, ref string, steps ...string) []string {
		out := []string{`{"remember_count":{"target":"text=` + text + `","as":"` + ref + `"}}`}
		out = append(out, steps...)
		return append(out, `{"expect_text":"`+text+`"}`, `{"expect_count":{"target":"text=`+text+`","more_than":"`+ref+`"},"reach":true}`)
	}
	j := func(steps ...string) [][]string { return [][]string{steps} }
	runClasses(t, []classCase{
		{"On /tree, choosing New > Folder shows 'Untitled Folder'",
			j(append([]string{`{"visit":"/tree"}`, opener("New")}, counted("Untitled Folder", "before_untitled_folder", item("Folder"))...)...)},
		{"After clicking File → Save, the page shows 'Saved'",
			j(append([]string{`{"visit":"/"}`, opener("File")}, counted("Saved", "before_saved", item("Save"))...)...)},
		{"On /nb, picking 'Kernel' > 'Restart' shows 'Kernel ready'",
			j(append([]string{`{"visit":"/nb"}`, opener("Kernel")}, counted("Kernel ready", "before_kernel_ready", item("Restart"))...)...)},
	})
	for _, c := range []string{
		"After choosing File > Save shows 'Saved'",
		"On /tree, choosing New > Folder, the page shows 'Untitled Folder'",
	} {
		np := refusalOf(t, c)
		if !strings.Contains(np.Reason, "is a path of names") {
			t.Errorf("%q refused for %q, want the path of names said", c, np.Reason)
		}
	}
	// quoted whole, it is the text the claim names
	mustDerive("On /tree, clicking 'New > Folder' shows 'Untitled Folder'")
}

// "Status > Rules shows …" opened Status, then Rules (reach); said after
// the page ("On /graph, Status > Rules shows …") it was refused.
func TestPlacePathAfterPage(t *testing.T) {
	want := [][]string{{`{"visit":"/graph"}`, `{"remember_count":{"target":"text=instance:up:all","as":"before_instance_up_all"}}`, `{"click":"text=\"Status\"","reach":true}`, `{"click":"text=\"Rules\"","reach":true}`, `{"expect_text":"instance:up:all"}`, `{"expect_count":{"target":"text=instance:up:all","more_than":"before_instance_up_all"},"reach":true}`}}
	runClasses(t, []classCase{
		{"On /graph, Status > Rules shows 'instance:up:all'", want},
		{"On /graph, in Status > Rules, the page shows 'instance:up:all'", want},
		{"On /graph, Status → Rules: the page shows 'instance:up:all'", want},
	})
}

// "Kernel > Change kernel offers 'Python 3'" (a menu's item in sentence
// case) and "Actions > Settings opens the Settings dialog" (a path as the
// subject of what choosing does) were refused. Both choose the item
// through the menu; what it shows is counted around the choice, so a
// kernel name already on the page does not pass a menu that never opened.
func TestMenuPathSaidAsSubject(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"On /nb, Kernel > Change kernel offers 'Python 3'":                      `visit,click,remember_count,click,expect_text,expect_count`,
		"On /nb, File > Download as lists 'Python (.py)' and 'PDF (.pdf)'":      `visit,click,remember_count,remember_count,click,expect_text,expect_count,expect_text,expect_count`,
		"On /, Actions > Settings opens the Settings dialog":                    `visit,click,expect_hidden,click,expect_count,wait_for`,
		"Choosing 'Settings' from the 'Actions' menu opens the Settings dialog": `visit,click,expect_hidden,click,expect_count,wait_for`,
	})
	d := mustDerive("On /nb, Kernel > Change kernel offers 'Python 3'")
	if s := d.Journeys[0].Steps[3]; s.Target != `role=menuitem[name="Change kernel" s]` || !s.Reach {
		t.Errorf("the choice is %+v, want the menu item 'Change kernel', reach", s)
	}
}
