package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestOpenersByName: a place a claim names by a name but does not open
// (a mail client's Filters dialog, a photo app's Export box, a tab of
// the preferences named by the word before them) is opened by a click,
// marked reach, on the control of that name, and the claim's checks run
// inside; the note says the guess and that the runner looks in the
// page's menus. Near misses stay refused, their suggestions keeping the
// opener.
func TestOpenersByName(t *testing.T) {
	dialog := func(text string) string {
		return `{"expect_text":{"text":"` + text + `","target":"css=dialog, [role=dialog]"}}`
	}
	// the dialog found first by its markup, a guess (scopeguard.go)
	shown := `{"wait_for":"css=dialog, [role=dialog]","reach":true}`
	for _, tc := range []struct {
		claim string
		steps []string // nil: refused
		place string   // the place the note names
	}{
		// A dialog called a box, a modal, a popup: its texts are looked
		// for in the page's dialog element.
		{"The Export box lists 'JPEG' and 'PNG'", []string{`{"visit":"/"}`, `{"click":"text=\"Export\"","reach":true}`, shown, dialog("JPEG"), dialog("PNG")}, "the Export box"},
		{"The About box says 'Lumen Photos 5.1'", []string{`{"visit":"/"}`, `{"click":"text=\"About\"","reach":true}`, shown, dialog("Lumen Photos 5.1")}, "the About box"},
		{"The Filters modal lists 'Newsletters'", []string{`{"visit":"/"}`, `{"click":"text=\"Filters\"","reach":true}`, shown, dialog("Newsletters")}, "the Filters modal"},
		{"The Filters dialog reads 'No filters yet'", []string{`{"visit":"/"}`, `{"click":"text=\"Filters\"","reach":true}`, shown, dialog("No filters yet")}, "the Filters dialog"},
		// A control it has is looked for once the place is open.
		{"The Export box has a 'Width' field", []string{`{"visit":"/"}`, `{"click":"text=\"Export\"","reach":true}`, `{"expect_visible":"label=Width"}`}, "the Export box"},
		{"The Filters popup offers a 'New filter' button", []string{`{"visit":"/"}`, `{"click":"text=\"Filters\"","reach":true}`, `{"expect_visible":"role=button[name=\"New filter\"]"}`}, "the Filters popup"},
		{"In the Export box, 'Keep metadata' is ticked", []string{`{"visit":"/"}`, `{"click":"text=\"Export\"","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Keep metadata\"]"}`}, "the Export box"},
		// "The Junk preferences": the Junk tab of the preferences.
		{"In the Junk preferences, 'Move spam to Junk' is ticked", []string{`{"visit":"/"}`, `{"click":"text=\"Preferences\"","reach":true}`, `{"click":"text=\"Junk\"","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Move spam to Junk\"]"}`}, "the Junk preferences"},
		{"In the Privacy settings, 'Load remote images' is unticked", []string{`{"visit":"/"}`, `{"click":"text=\"Settings\"","reach":true}`, `{"click":"text=\"Privacy\"","reach":true}`, `{"expect_unchecked":"role=checkbox[name=\"Load remote images\"]"}`}, "the Privacy settings"},
		// A state restated in brackets on the control that holds it.
		{"Spam is switched on in the Junk preferences ('Move spam to Junk' is ticked)", []string{`{"visit":"/"}`, `{"click":"text=\"Preferences\"","reach":true}`, `{"click":"text=\"Junk\"","reach":true}`, `{"expect_checked":"role=checkbox[name=\"Move spam to Junk\"]"}`}, "the Junk preferences"},
		{"Geotags are turned off in Preferences ('Save geotags' is unticked)", []string{`{"visit":"/"}`, `{"click":"text=\"Preferences\"","reach":true}`, `{"expect_unchecked":"role=checkbox[name=\"Save geotags\"]"}`}, "Preferences"},
		{"Geotags are turned off on the Location tab of Preferences ('Save geotags' is unticked)", []string{`{"visit":"/"}`, `{"click":"text=\"Preferences\"","reach":true}`, `{"click":"text=\"Location\"","reach":true}`, `{"expect_unchecked":"role=checkbox[name=\"Save geotags\"]"}`}, "the Location tab of Preferences"},
		// The bracket must say the same: the same state, of a control
		// whose label holds what the state was said of.
		{"Spam is switched on in the Junk preferences ('Move spam to Junk' is unticked)", nil, ""},
		{"Sync is switched on in the Junk preferences ('Move spam to Junk' is ticked)", nil, ""},
		// A box named for what a field holds is a field, not a dialog.
		{"The Search box says 'Type to search'", nil, ""},
		// Lower case describes a place; it names no control (reach.go).
		{"The export options box lists 'JPEG'", nil, ""},
		{"The filters dialog reads 'No filters yet'", nil, ""},
		// A panel's texts have no element to be looked for in.
		{"The Export panel lists 'JPEG'", nil, ""},
		// An unquoted description is read only where a rule reads it.
		{"The Export box shows the quality as 80", nil, ""},
	} {
		t.Run(tc.claim, func(t *testing.T) {
			d, err := Derive(tc.claim)
			if tc.steps == nil {
				var np *NotProvableError
				if !errors.As(err, &np) {
					t.Fatalf("derived %s, want a refusal", d.Plan.Canonical())
				}
				for _, s := range np.Suggestions {
					// A suggestion that looks for the claim's texts keeps
					// the place's opener, or says what it leaves out.
					if !strings.Contains(s, "dialog") && !strings.Contains(s, "Preferences") && !strings.Contains(s, "Clicking") && !strings.Contains(s, "—") {
						t.Errorf("suggestion %q drops the opener", s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if miss := Missing(tc.claim, d.Plan); miss != "" {
				t.Errorf("the plan %s", miss)
			}
			if d.Plan.Name != strings.TrimSuffix(tc.claim, ".") {
				t.Errorf("plan name %q, want the claim", d.Plan.Name)
			}
			if len(d.Plan.Journeys) != 1 {
				t.Fatalf("%d journeys, want 1: %s", len(d.Plan.Journeys), d.Plan.Canonical())
			}
			var got []string
			for _, s := range d.Plan.Journeys[0].Steps {
				b, _ := s.MarshalJSON()
				got = append(got, string(b))
			}
			if strings.Join(got, "\n") != strings.Join(tc.steps, "\n") {
				t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.steps, "\n"))
			}
			if len(d.Notes) == 0 || !strings.HasPrefix(d.Notes[0], "The claim does not say how "+tc.place+" ") ||
				!strings.Contains(d.Notes[0], "looking inside the page's menus") || !strings.Contains(d.Notes[0], "blocked, not failed") {
				t.Errorf("first note %q, want the guess of how %s opens, the menus and the block", d.Notes, tc.place)
			}
		})
	}
}

// TestMenuItemReports: what an item chosen from a menu reports is what
// the page shows once it is chosen (menu.go's clicks, both reach).
func TestMenuItemReports(t *testing.T) {
	runClasses(t, []classCase{
		{"About in the help menu reports 'Mailer 2.4'", [][]string{{`{"visit":"/"}`, `{"click":"role=button[name=\"help menu\"]","reach":true}`,
			`{"remember_count":{"target":"text=Mailer 2.4","as":"before_mailer_2_4"}}`, `{"click":"role=menuitem[name=\"About\" s]","reach":true}`, `{"expect_text":"Mailer 2.4"}`, `{"expect_count":{"target":"text=Mailer 2.4","more_than":"before_mailer_2_4"},"reach":true}`}}},
		{"Statistics in the view menu reports '12 folders'", [][]string{{`{"visit":"/"}`, `{"click":"role=button[name=\"view menu\"]","reach":true}`,
			`{"remember_count":{"target":"text=12 folders","as":"before_12_folders"}}`, `{"click":"role=menuitem[name=\"Statistics\" s]","reach":true}`, `{"expect_text":"12 folders"}`, `{"expect_count":{"target":"text=12 folders","more_than":"before_12_folders"},"reach":true}`}}},
	})
	runRefused(t, []string{
		// What the item tells may be said of the item itself, shown in
		// the open menu: both readings derive, menu.go asks which.
		"The 'Storage' item in the account menu tells you '2 GB free'",
		"About in every menu reports 'Mailer 2.4'", // no menu of its own
		"About in the help menu reports the version",
	})
}
