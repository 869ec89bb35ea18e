package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// wholeNamesPage has controls whose names hold a shorter name in part:
// "Delete all", "Sign in with Google", "Export CSV", a tab "Settings
// (advanced)"; and names whose rest is no word: an arrow, a count, a
// trailing icon; and a button whose visible text is whole though its
// label says more.
const wholeNamesPage = `<!doctype html><html lang="en"><head><title>Names</title></head><body>
<button>Delete all</button>
<button>Sign in with Google</button>
<a href="#e">Export CSV</a>
<div role="tablist"><button role="tab" aria-selected="true">Settings (advanced)</button></div>
<button>Save &#9662;</button>
<a href="#i">Inbox (3)</a>
<a href="#n">Next &raquo;</a>
<label><input type="checkbox" checked> Remember me on this device</label>
<button aria-label="Duplicate selected">Duplicate</button>
</body></html>`

// TestWholeNames: a check that a control is there, or in a state, is not
// verified by a control whose name holds the claimed name among other
// words ("has a 'Delete' button" of a "Delete all" button); a name whose
// rest is an icon, an arrow or a count still matches. A check that the
// control is absent still counts the longer name as present; a click
// does not take it, but a reach step (a guessed way to the place) may.
func TestWholeNames(t *testing.T) {
	srv := servePages(t, map[string]string{"/": wholeNamesPage})
	for _, tc := range []struct {
		step string
		want evidence.Decision
	}{
		{`expect_visible: "role=button[name=\"Delete\"]"`, evidence.Failed},
		{`expect_visible: "role=button[name=\"Delete all\"]"`, evidence.Verified},
		{`expect_visible: "role=button[name=\"Sign in\"]"`, evidence.Failed},
		{`expect_visible: "role=link[name=\"Export\"]"`, evidence.Failed},
		{`expect_checked: "role=tab[name=\"Settings\"]"`, evidence.Failed},
		{`expect_count: {target: "role=button[name=\"Delete\"]", at_least: 1}`, evidence.Failed},
		{`expect_count: {target: "role=button[name=\"Delete\"]", count: 1}`, evidence.Failed},
		{`expect_enabled: "role=button[name=\"Sign in\"]"`, evidence.Failed},
		// the text a person reads on it is whole, though its label is longer
		{`expect_visible: "role=button[name=\"Duplicate\"]"`, evidence.Verified},
		// the rest of the name is no word: an icon, a count, an arrow
		{`expect_visible: "role=button[name=\"Save\"]"`, evidence.Verified},
		{`expect_visible: "role=link[name=\"Inbox\"]"`, evidence.Verified},
		{`expect_visible: "role=link[name=\"Next\"]"`, evidence.Verified},
		// an absence counts the longer name as present
		{`expect_hidden: "role=button[name=\"Delete\"]"`, evidence.Failed},
		{`expect_count: {target: "role=button[name=\"Delete\"]", count: 0}`, evidence.Failed},
		// a page text is a part of the page's text, as before
		{`expect_text: "Delete"`, evidence.Verified},
		// nor does a click take the longer name ("clicking 'Delete'"
		// would delete all); a reach step, a guess of the way, may
		{`click: "role=button[name=\"Delete\"]"`, evidence.Failed},
		{`click: "text=Delete"`, evidence.Failed},
		{`click: "text=Save"`, evidence.Verified},
		{"click: \"text=Delete\"\n        reach: true", evidence.Verified},
	} {
		t.Run(tc.step, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /\n      - "+tc.step+"\n        timeout: 600ms\n")
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
			if tc.want == evidence.Failed && strings.Contains(tc.step, "expect_visible") {
				if s := res.Manifest.Journeys[0].Steps[1]; !strings.Contains(s.Actual, "Delete all") && !strings.Contains(s.Actual, "Sign in with Google") && !strings.Contains(s.Actual, "Export CSV") {
					t.Errorf("actual %q names no near miss", s.Actual)
				}
			}
		})
	}
}
