package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestReachSteps checks that a step marked reach (the plan's guess of the
// way to the place a claim is about) decides nothing itself: when it
// passes, the checks after it decide as usual; when its target is absent,
// the journey and the run are blocked, never failed.
func TestReachSteps(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>app</title>
<button onclick="document.getElementById('prefs').hidden = false">Preferences</button>
<div title="Settings Menu…" style="width:20px;height:20px" onclick="document.getElementById('menu').hidden = false"></div>
<a href="/releases">Releases</a>
<div id="prefs" role="dialog" aria-label="Preferences" hidden>
  <label><input type="checkbox"> Stop seeding at ratio</label>
  <label><input type="checkbox" checked> Use port forwarding</label>
</div>
<ul id="menu" role="menu" hidden><li role="menuitem">Transmission Homepage</li></ul>`,
		"/releases": `<title>releases</title><h1>Releases</h1><p>v1.2.0</p>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "reached, check holds", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="Preferences"]
        reach: true
      - expect_unchecked: role=checkbox[name="Stop seeding at ratio"]`},
		{name: "reached, check contradicted", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - click: role=button[name="Preferences"]
        reach: true
      - expect_unchecked: role=checkbox[name="Use port forwarding"]
        timeout: 500ms`},
		{name: "icon control reached by its title", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="Settings Menu"]
        reach: true
      - expect_text: Transmission Homepage`},
		{name: "page reached by its link", want: evidence.Verified, steps: `
      - visit: /
      - click: role=link[name="Releases"]
        reach: true
      - expect_text: v1.2.0`},
		{name: "guessed path that answers", want: evidence.Verified, steps: `
      - visit: /releases
        reach: true
      - expect_no_text: Error`},
		// a guessed path the app does not have: its error page shows no
		// "Error" either, yet says nothing of the claim
		{name: "guessed path that answers 404: blocked", want: evidence.Blocked,
			reason: []string{"step 1", "could not reach the place the claim is about", "HTTP 404"}, steps: `
      - visit: /dashboard
        reach: true
      - expect_no_text: v1.2.0`},
		{name: "a path the claim names that answers 404: failed", want: evidence.Failed, reason: []string{"HTTP 404"}, steps: `
      - visit: /dashboard
      - expect_no_text: v1.2.0`},
		{name: "opener absent: blocked", want: evidence.Blocked,
			reason: []string{"step 2", "could not reach the place the claim is about", `no control named "Options"`, "guessed"},
			prompt: []string{"by the way the plan guessed", "say in the claim how the place is opened"}, steps: `
      - visit: /
      - click: role=button[name="Options"]
        reach: true
        timeout: 500ms
      - expect_unchecked: role=checkbox[name="Stop seeding at ratio"]`},
		{name: "control by its text absent: blocked", want: evidence.Blocked, reason: []string{`no control named "Statistics"`}, steps: `
      - visit: /
      - click: text="Statistics"
        reach: true
        timeout: 500ms
      - expect_text: 0 B`},
		{name: "unquoted name found first", want: evidence.Verified, steps: `
      - visit: /
      - wait_for: text=Preferences
        reach: true
      - expect_order: [Preferences, Releases]`},
		{name: "unquoted name absent: blocked", want: evidence.Blocked,
			reason: []string{"step 2", "could not reach the place the claim is about", `the page does not show "Settings"`, "without quotes"},
			prompt: []string{"a name the claim gives without quotes", "put the name in quotes"}, steps: `
      - visit: /
      - wait_for: text=Settings
        reach: true
        timeout: 500ms
      - expect_order: [Settings, Releases]`},
		{name: "control by its text reached", want: evidence.Verified, steps: `
      - visit: /
      - click: text="Preferences"
        reach: true
      - expect_unchecked: role=checkbox[name="Stop seeding at ratio"]`},
		{name: "icon control by its text (title) reached", want: evidence.Verified, steps: `
      - visit: /
      - click: text="Settings Menu"
        reach: true
      - expect_text: Transmission Homepage`},
		{name: "link absent: blocked", want: evidence.Blocked, reason: []string{`no link named "Changelog"`}, steps: `
      - visit: /
      - click: role=link[name="Changelog"]
        reach: true
        timeout: 500ms
      - expect_text: v1.2.0`},
		{name: "tab absent after its dialog opened: blocked", want: evidence.Blocked, reason: []string{`no tab named "Speed"`}, steps: `
      - visit: /
      - click: role=button[name="Preferences"]
        reach: true
      - click: role=tab[name="Speed"]
        reach: true
        timeout: 500ms
      - expect_text: 50 kB/s`},
		// an address guessed from a page's common name ("takes you to the
		// releases page"): the page at it verifies, another blocks
		{name: "guessed address reached", want: evidence.Verified, steps: `
      - visit: /
      - click: role=link[name="Releases"]
      - expect_url: /releases
        reach: true`},
		{name: "guessed address not reached: blocked", want: evidence.Blocked,
			reason: []string{"step 3", "could not reach the place the claim is about", "/releases", "guessed its address"}, steps: `
      - visit: /
      - click: role=link[name="Releases"]
      - expect_url: /changelog
        reach: true
        timeout: 500ms`},
		{name: "an address the claim names still fails", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - click: role=link[name="Releases"]
      - expect_url: /changelog
        timeout: 500ms`},
		{name: "the same click unmarked still fails", want: evidence.Failed, reason: []string{"step 2", "no element"}, steps: `
      - visit: /
      - click: role=button[name="Options"]
        timeout: 500ms
      - expect_text: anything`},
	})
}

// decisionCase is a one-journey plan's steps and what the run must decide.
type decisionCase struct {
	name   string
	steps  string
	want   evidence.Decision
	reason []string // words the journey's Reason holds
	prompt []string // words the repair prompt holds
}

// runDecisionCases runs each case against base and checks its decision,
// reason and repair prompt.
func runDecisionCases(t *testing.T, base string, cases []decisionCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{BaseURL: base})
			wantDecision(t, res, tc.want)
			if res.Manifest.Decision != tc.want {
				t.Errorf("run decided %s, want %s", res.Manifest.Decision, tc.want)
			}
			j := res.Manifest.Journeys[0]
			for _, w := range tc.reason {
				if !strings.Contains(j.Reason, w) {
					t.Errorf("reason %q lacks %q", j.Reason, w)
				}
			}
			for _, w := range tc.prompt {
				if !strings.Contains(j.RepairPrompt, w) {
					t.Errorf("repair prompt lacks %q:\n%s", w, j.RepairPrompt)
				}
			}
		})
	}
}

// TestReachBlockedCombines checks that a blocked reach journey makes the
// run blocked beside a verified one, and that a failed one still wins.
func TestReachBlockedCombines(t *testing.T) {
	pages := servePages(t, map[string]string{"/": `<title>app</title><h1>Hello</h1>`})
	blockedJ := `  - name: guessed
    steps:
      - visit: /
      - click: role=button[name="Preferences"]
        reach: true
        timeout: 300ms
      - expect_text: Hello
`
	for _, tc := range []struct {
		name  string
		other string
		want  evidence.Decision
	}{
		{"with a verified journey", "      - expect_text: Hello\n", evidence.Blocked},
		{"with a failed journey", "      - expect_text: Goodbye\n        timeout: 300ms\n", evidence.Failed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPlan(t, "version: 1\nname: test\njourneys:\n"+blockedJ+"  - name: other\n    steps:\n      - visit: /\n"+tc.other)
			res := run(t, p, Options{BaseURL: pages.URL})
			if res.Manifest.Decision != tc.want {
				t.Errorf("run decided %s, want %s", res.Manifest.Decision, tc.want)
			}
			if d := res.Manifest.Journeys[0].Decision; d != evidence.Blocked {
				t.Errorf("the guessed journey decided %s, want blocked", d)
			}
		})
	}
}
