package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// markedMenuPage is a menu built as jQuery UI builds one: role=menuitem
// list items, a submenu opened by pointing at its item, and the chosen
// item of a radio group marked by a bullet icon the group's other items
// lack (no aria-checked). A second submenu marks nothing.
const markedMenuPage = `<title>app</title>
<style>
  ul { list-style: none; margin: 0; padding: 0; }
  #menu { position: absolute; top: 40px; left: 10px; width: 160px; background: #fff; }
  #menu > li > ul { display: none; position: absolute; left: 160px; top: 0; width: 120px; background: #fff; }
  #menu > li:hover > ul { display: block; }
  .ui-icon { display: inline-block; width: 8px; height: 8px; background: #333; }
</style>
<ul id="menu" role="menu">
  <li role="menuitem" aria-haspopup="true">Zoom Level
    <ul role="menu">
      <li role="menuitem" radio-group="zoom">Fit Width</li>
      <li role="menuitem" radio-group="zoom"><span class="ui-icon ui-icon-bullet"></span>Actual Size</li>
      <li role="menuitem" class="x"><span class="ui-icon ui-icon-check"></span>Smooth</li>
    </ul>
  </li>
  <li role="menuitem" aria-haspopup="true">Layout
    <ul role="menu">
      <li role="menuitem">Single</li>
      <li role="menuitem">Double</li>
    </ul>
  </li>
</ul>`

// TestMenuItemMark checks that a menu item with no ARIA state is ticked
// when it bears its group's mark, not ticked when another item of its
// group bears it, and has no ticked state in a menu that marks nothing.
func TestMenuItemMark(t *testing.T) {
	pages := servePages(t, map[string]string{"/": markedMenuPage})
	tests := []struct {
		name   string
		steps  string
		want   evidence.Decision
		reason string
	}{
		{name: "the marked item is ticked", want: evidence.Verified, steps: `
      - visit: /
      - hover: text=Zoom Level
      - expect_checked: role=menuitem[name="Actual Size" s]
      - expect_unchecked: role=menuitem[name="Fit Width" s]`},
		{name: "an unmarked item of the group is not ticked", want: evidence.Failed, reason: "not ticked", steps: `
      - visit: /
      - hover: text=Zoom Level
      - expect_checked: role=menuitem[name="Fit Width" s]
        timeout: 500ms`},
		{name: "a menu that marks nothing has no ticked state", want: evidence.Failed, reason: "can be ticked", steps: `
      - visit: /
      - hover: text=Layout
      - expect_unchecked: role=menuitem[name="Single" s]
        timeout: 500ms`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{BaseURL: pages.URL})
			wantDecision(t, res, tc.want)
			if j := res.Manifest.Journeys[0]; !strings.Contains(j.Reason, tc.reason) {
				t.Errorf("reason %q lacks %q", j.Reason, tc.reason)
			}
		})
	}
}

// TestSwitchIsACheckbox checks that a role=switch toggle is found as a
// checkbox, its aria-checked read as ticked or not.
func TestSwitchIsACheckbox(t *testing.T) {
	pages := servePages(t, map[string]string{"/": `<title>app</title>
<button role="switch" aria-checked="false">Sync</button>
<label><input type="checkbox" checked> Backups</label>`})
	tests := []struct {
		name  string
		steps string
		want  evidence.Decision
	}{
		{name: "a switch that is off", want: evidence.Verified, steps: `
      - visit: /
      - expect_unchecked: role=checkbox[name="Sync"]
      - expect_checked: role=checkbox[name="Backups"]`},
		{name: "a switch said on when off", want: evidence.Failed, steps: `
      - visit: /
      - expect_checked: role=checkbox[name="Sync"]
        timeout: 500ms`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{BaseURL: pages.URL})
			wantDecision(t, res, tc.want)
		})
	}
}
