package claim

import (
	"errors"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// TestPlacesReachedByTheirName: a claim that looks inside a quoted or
// capitalised place without saying what opens it is opened by clicking the
// control of that name, marked reach (a guess that blocks, never fails);
// near misses stay refused.
func TestPlacesReachedByTheirName(t *testing.T) {
	for _, tc := range []struct {
		claim  string
		clicks []string // names clicked with reach, in order; nil: refused
		last   string   // the JSON of the plan's last step, when derived
	}{
		{"In Preferences, 'Stop seeding at ratio' is unticked", []string{"Preferences"}, `{"expect_unchecked":"role=checkbox[name=\"Stop seeding at ratio\"]"}`},
		{"In the Preferences dialog, 'Stop seeding at ratio' is ticked", []string{"Preferences"}, `{"expect_checked":"role=checkbox[name=\"Stop seeding at ratio\"]"}`},
		{"Inside the 'Torrent Options' window, 'Stop seeding at ratio' is ticked.", []string{"Torrent Options"}, `{"expect_checked":"role=checkbox[name=\"Stop seeding at ratio\"]"}`},
		// A quoted name with no kind of place is not a place the claim
		// looks inside.
		{"Inside 'Edit Preferences', 'Stop seeding at ratio' is ticked.", nil, ""},
		{"On the Speed tab of Preferences, '50 kB/s' is shown", []string{"Preferences", "Speed"}, `{"expect_text":"50 kB/s"}`},
		// a place with a page's common name: its control (or link) opens it
		{"On the General tab of Settings, 'Dark theme' is shown", []string{"Settings", "General"}, `{"expect_text":"Dark theme"}`},
		{"On the 'Network' tab of the Preferences dialog, 'Peer port' is shown", []string{"Preferences", "Network"}, `{"expect_text":"Peer port"}`},
		{"In Preferences → Network, 'Enable uTP for peer communication' is ticked.", []string{"Preferences", "Network"}, `{"expect_checked":"role=checkbox[name=\"Enable uTP for peer communication\"]"}`},
		{"In Preferences > Speed, '50 kB/s' is shown", []string{"Preferences", "Speed"}, `{"expect_text":"50 kB/s"}`},
		{"In preferences → network, 'Enable uTP' is ticked", nil, ""},
		{"The Statistics dialog shows '0 B'", []string{"Statistics"}, `{"expect_text":{"text":"0 B","target":"css=dialog, [role=dialog]"}}`},
		{"The Settings dialog lists 'Theme'", []string{"Settings"}, `{"expect_text":{"text":"Theme","target":"css=dialog, [role=dialog]"}}`},
		// Near misses: a lower-case or vague place names no control.
		// The preferences in lower case are the place of that name (tabs.go).
		{"In the preferences, 'Stop seeding at ratio' is unticked", []string{"Preferences"}, `{"expect_unchecked":"role=checkbox[name=\"Stop seeding at ratio\"]"}`},
		{"In the menu, 'About' is shown", nil, ""},
		{"The export options dialog lists 'CSV' and 'JSON'", nil, ""},
		{"The share link popup says 'Copy link'", nil, ""},
		// What is checked must still be readable once the place is open.
		{"The Statistics dialog shows 0 B downloaded in total", nil, ""},
		// A menu's items cannot be looked for inside the menu: refused as
		// when the claim says what opens it.
		{"The Settings menu has 'Transmission Homepage'", nil, ""},
		// A named menu drops down only once opened: never looked for on
		// the page as it loads, nor as a navigation landmark of its name.
		{"The 'File' menu shows 'Save'", nil, ""},
		{"The Help menu shows 'About'", nil, ""},
		{"Clicking 'Account' opens the account menu", nil, ""},
		{"Clicking 'Account' opens the account menu, which shows 'Sign out'", nil, ""},
		{"Clicking 'Menu' opens the menu, which shows 'Sign out'", nil, ""},
		{"Clicking 'Menu' shows the menu", nil, ""},
		// The place the refusal is about must be the place named first.
		{"In Firefox, the Statistics dialog shows '0 B'", nil, ""},
		// Said how it is opened: no guess.
		{"After clicking 'Preferences', 'Stop seeding at ratio' is unticked", []string{}, `{"expect_unchecked":"role=checkbox[name=\"Stop seeding at ratio\"]"}`},
	} {
		t.Run(tc.claim, func(t *testing.T) {
			d, err := Derive(tc.claim)
			if tc.clicks == nil {
				var np *NotProvableError
				if !errors.As(err, &np) {
					t.Fatalf("derived %s, want a refusal", d.Plan.Canonical())
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if d.Plan.Name != tc.claim && d.Plan.Name != strings.TrimSuffix(tc.claim, ".") {
				t.Errorf("plan name %q, want the claim", d.Plan.Name)
			}
			for _, j := range d.Plan.Journeys {
				var reached []string
				for _, s := range j.Steps {
					// (the waits for the place and its opener, and a count around
					// the opening, are the place's: shown.go)
					if s.Reach && s.Kind != plan.WaitFor && s.Kind != plan.ExpectCount {
						tg, _ := plan.ParseTarget(s.Target)
						if s.Kind != plan.Click || tg.Kind != plan.ByText || !tg.Exact {
							t.Errorf("reach step %s %s, want a click on the exact text", s.Kind, s.Target)
						}
						reached = append(reached, tg.Value)
					}
				}
				if strings.Join(reached, "|") != strings.Join(tc.clicks, "|") {
					t.Errorf("reach clicks %q, want %q", reached, tc.clicks)
				}
				end := len(j.Steps) - 1
				if end > 0 && j.Steps[end].Kind == plan.ExpectCount && j.Steps[end].Reach {
					end--
				}
				last, _ := j.Steps[end].MarshalJSON()
				if string(last) != tc.last {
					t.Errorf("last step %s, want %s", last, tc.last)
				}
			}
			guessNoted := false
			for _, n := range d.Notes {
				if strings.Contains(n, "does not say how") && strings.Contains(n, "blocked, not failed") {
					guessNoted = true
				}
			}
			if guessNoted != (len(tc.clicks) > 0) {
				t.Errorf("notes %q: the guess noted = %v, want %v", d.Notes, guessNoted, len(tc.clicks) > 0)
			}
		})
	}
}
