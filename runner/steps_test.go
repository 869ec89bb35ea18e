package runner

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/testapp"
)

// TestSteps runs every step kind against the testapp, once where it holds
// and once where it does not. Failing cases use short step budgets.
func TestSteps(t *testing.T) {
	tests := []struct {
		name  string
		steps string
		want  evidence.Decision
		// For a failure: the step that fails and words its Actual holds.
		step   int
		actual []string
		// breaks are testapp switches turned on (a private app is used).
		breaks []string
	}{
		{name: "visit", want: evidence.Verified, steps: `
      - visit: /about
      - expect_text: About us`},
		{name: "visit 404", want: evidence.Failed, step: 1, actual: []string{"HTTP 404"}, steps: `
      - visit: /nowhere`},
		{name: "visit 404 expected", want: evidence.Verified, steps: `
      - visit: /nowhere
      - expect_status: 404`},
		{name: "visit 503 down", want: evidence.Failed, step: 1, actual: []string{"HTTP 503"}, breaks: []string{"down"}, steps: `
      - visit: /`},
		// The budget spent waiting says nothing of the claim (DESIGN.md);
		// TestSlowPageBlocks checks what the reason says.
		{name: "visit slow server", want: evidence.Blocked, steps: `
      - visit: /slow?ms=3000
        timeout: 1s`},
		{name: "visit redirect", want: evidence.Verified, steps: `
      - visit: /redirect?to=/docs
      - expect_url: /docs
      - expect_status: 200`},
		{name: "click link", want: evidence.Verified, steps: `
      - visit: /
      - click: role=link[name="Pricing"]
      - expect_url: /pricing
      - expect_title: Pricing`},
		{name: "click missing", want: evidence.Failed, step: 2, actual: []string{"no element", "closest", `"Sign in"`}, steps: `
      - visit: /login
      - click: role=button[name="Log in"]
        timeout: 1s`},
		{name: "click disabled", want: evidence.Failed, step: 2, actual: []string{"disabled"}, breaks: []string{"delayed-button"}, steps: `
      - visit: /delayed
      - click: testid=continue
        timeout: 1500ms`},
		{name: "wait for delayed then click", want: evidence.Verified, steps: `
      - visit: /delayed
      - wait_for: role=button[name="Continue"]
      - click: role=button[name="Continue"]
      - expect_text: {target: "role=status", text: Continued}`},
		{name: "wait for never", want: evidence.Failed, step: 2, actual: []string{"no element"}, steps: `
      - visit: /
      - wait_for: text=Never shown anywhere
        timeout: 500ms`},
		{name: "fill and press Enter", want: evidence.Verified, steps: `
      - visit: /todos
      - fill: {target: "placeholder=What needs to be done?", value: Buy bread}
      - press: Enter
      - expect_text: {target: "testid=todo-list", text: Buy bread}
      - expect_count: {target: "testid=todo-item", count: 1}
      - expect_text: 1 item left`},
		{name: "press Enter adds nothing when broken", want: evidence.Failed, step: 4, breaks: []string{"todos-add"}, actual: []string{"there are 0"}, steps: `
      - visit: /todos
      - fill: {target: "label=New todo", value: Buy bread}
      - press: {key: Enter, target: "label=New todo"}
      - expect_count: {target: "testid=todo-item", count: 1}
        timeout: 1s`},
		{name: "press keys: Tab, characters, Control+a", want: evidence.Verified, steps: `
      - visit: /contact
      - fill: {target: label=Name, value: Ada}
      - press: Tab
      - press: b
      - click: role=button[name="Send"]
      - expect_text: Enter a valid email
      - visit: /todos
      - fill: {target: label=New todo, value: abc}
      - press: Control+a
      - press: x
      - press: Enter
      - expect_text: {target: "testid=todo-item", text: x}
      - expect_no_text: abc`},
		{name: "fill clears first", want: evidence.Verified, steps: `
      - visit: /contact
      - fill: {target: label=Name, value: first}
      - fill: {target: label=Name, value: Ada}
      - fill: {target: label=Email, value: ada@example.com}
      - click: role=button[name="Send"]
      - expect_text: Thanks, we'll be in touch`},
		{name: "fill not editable", want: evidence.Failed, step: 2, actual: []string{"not an editable field"}, steps: `
      - visit: /login
      - fill: {target: "role=button[name=\"Sign in\"]", value: x}
        timeout: 500ms`},
		{name: "select and check", want: evidence.Verified, steps: `
      - visit: /contact
      - fill: {target: label=Email, value: ada@example.com}
      - select: {target: label=Topic, value: Support}
      - check: label=Subscribe to newsletter
      - check: label=Subscribe to newsletter
      - click: role=button[name="Send"]
      - expect_text: "Topic: Support"
      - expect_text: You are subscribed to the newsletter.`},
		{name: "select missing option", want: evidence.Failed, step: 2, actual: []string{"no such option", `"Sales", "Support", "Other"`}, steps: `
      - visit: /contact
      - select: {target: label=Topic, value: Billing}
        timeout: 500ms`},
		{name: "uncheck", want: evidence.Verified, steps: `
      - visit: /todos/seeded
      - check: label=Buy milk
      - expect_text: 2 items left
      - uncheck: label=Buy milk
      - expect_text: 3 items left`},
		{name: "check not a checkbox", want: evidence.Failed, step: 2, actual: []string{"not a checkbox"}, steps: `
      - visit: /login
      - check: label=Email`},
		{name: "press submits login", want: evidence.Verified, steps: `
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: demo-password}
      - press: Enter
      - expect_url: /dashboard
      - expect_text: Welcome back, demo@example.com`},
		{name: "hover reveals menu", want: evidence.Verified, steps: `
      - visit: /hostile/hover
      - hover: role=button[name="Menu"]
      - expect_visible: role=link[name="Settings"]
      - click: role=link[name="Settings"]
      - expect_url: /settings`},
		{name: "menu hidden without hover", want: evidence.Failed, step: 2, actual: []string{"hidden"}, steps: `
      - visit: /hostile/hover
      - expect_visible: role=link[name="Settings"]
        timeout: 500ms`},
		{name: "screenshot", want: evidence.Verified, steps: `
      - visit: /
      - screenshot: home`},
		{name: "expect_hidden", want: evidence.Verified, steps: `
      - visit: /login
      - expect_hidden: role=alert
      - expect_hidden: text=Invalid email or password`},
		{name: "expect_hidden fails", want: evidence.Failed, step: 2, actual: []string{"it is visible", "heading"}, steps: `
      - visit: /login
      - expect_hidden: role=heading[name="Sign in"]
        timeout: 500ms`},
		{name: "expect_text fails with closest", want: evidence.Failed, step: 2, breaks: []string{"home-text"}, actual: []string{"does not show", "Welcome to nothing"}, steps: `
      - visit: /
      - expect_text: Welcome to testapp
        timeout: 500ms`},
		{name: "expect_text within target", want: evidence.Failed, step: 2, actual: []string{"its text is", "Sign in"}, steps: `
      - visit: /login
      - expect_text: {target: "role=heading[level=1]", text: Dashboard}
        timeout: 500ms`},
		{name: "expect_no_text", want: evidence.Verified, steps: `
      - visit: /login
      - expect_no_text: Invalid email or password`},
		{name: "expect_no_text fails", want: evidence.Failed, step: 2, actual: []string{"shows it"}, steps: `
      - visit: /login
      - expect_no_text: demo account
        timeout: 600ms`},
		{name: "expect_url wildcard and query", want: evidence.Verified, steps: `
      - visit: /todos?seed=5
      - expect_url: /todos?seed=5
      - expect_url: /tod*
      - expect_count: {target: "testid=todo-item", count: 5}`},
		{name: "expect_url fails", want: evidence.Failed, step: 2, actual: []string{"the address is", "/about"}, steps: `
      - visit: /about
      - expect_url: /docs
        timeout: 300ms`},
		{name: "expect_title fails", want: evidence.Failed, step: 2, breaks: []string{"about-title"}, actual: []string{`the title is "About"`}, steps: `
      - visit: /about
      - expect_title: About us
        timeout: 300ms`},
		{name: "expect_count", want: evidence.Verified, steps: `
      - visit: /pricing
      - expect_count: {target: "role=button[name=\"Choose\"]", count: 3}
      - click: testid=plan-pro
      - expect_text: {target: "testid=plan-choice", text: You chose the Pro plan}`},
		{name: "expect_count fails", want: evidence.Failed, step: 2, breaks: []string{"pricing-plans"}, actual: []string{"there are 2"}, steps: `
      - visit: /pricing
      - expect_count: {target: "role=button[name=\"Choose\"]", count: 3}
        timeout: 600ms`},
		{name: "expect_status after click", want: evidence.Verified, steps: `
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: wrong}
      - click: role=button[name="Sign in"]
      - expect_status: 401
      - expect_visible: role=alert`},
		{name: "expect_status", want: evidence.Verified, steps: `
      - visit: /status/418
      - expect_status: 418
      - expect_title: 418 I'm a teapot`},
		{name: "expect_status fails", want: evidence.Failed, step: 5, actual: []string{"HTTP 401"}, steps: `
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, value: wrong}
      - press: Enter
      - expect_status: 200`},
		{name: "expect_no_console_errors", want: evidence.Verified, steps: `
      - visit: /
      - expect_no_console_errors: true`},
		{name: "console errors", want: evidence.Failed, step: 2, actual: []string{"boom from testapp", "exception", "uncaught boom"}, steps: `
      - visit: /console-errors
      - expect_no_console_errors: true`},
		{name: "broken image is a console error", want: evidence.Failed, step: 2, breaks: []string{"broken-logo"}, actual: []string{"404"}, steps: `
      - visit: /
      - expect_no_console_errors: true`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := Options{}
			if len(tc.breaks) > 0 {
				a := testapp.New()
				for _, b := range tc.breaks {
					if err := a.Set(b, true); err != nil {
						t.Fatal(err)
					}
				}
				srv := httptest.NewServer(a.Handler())
				defer srv.Close()
				o.BaseURL = srv.URL
			}
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), o)
			wantDecision(t, res, tc.want)
			if tc.step == 0 {
				return
			}
			j := res.Manifest.Journeys[0]
			s := j.Steps[tc.step-1]
			if s.Status != evidence.StepFailed {
				t.Fatalf("step %d is %s, want failed\n%s", tc.step, s.Status, explain(res))
			}
			for _, w := range tc.actual {
				if !strings.Contains(s.Actual, w) {
					t.Errorf("step %d actual %q lacks %q", tc.step, s.Actual, w)
				}
			}
			if s.Expected == "" {
				t.Errorf("step %d has no Expected", tc.step)
			}
			for _, later := range j.Steps[tc.step:] {
				if later.Status != evidence.StepSkipped {
					t.Errorf("step %d after the failure is %s, want skipped", later.Index, later.Status)
				}
			}
			if j.RepairPrompt == "" {
				t.Error("failed journey has no repair prompt")
			}
		})
	}
}
