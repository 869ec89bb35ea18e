package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

// approvalPlan is a vouch plan that approves a plan through vouch's own
// console: open approve_url, get sent to sign-in, sign in, come back to the
// plan and press Approve.
const approvalPlan = `
version: 1
name: a person approves a plan in the vouch console
requirements:
  - {id: R1, text: "A signed-in person approves the plan at its approve_url"}
journeys:
  - name: approve at approve_url
    requirement: R1
    steps:
      - visit: %s
      - expect_visible: 'role=button[name="Sign in"]'
      - fill: {target: "label=Email", value: %q}
      - fill: {target: "label=Password", secret: REVIEWER_PASSWORD}
      - click: 'role=button[name="Sign in"]'
      - expect_text: Waiting for a person's review
        timeout: 6s
      - click: 'role=button[name="Approve"]'
      - expect_text: Approved
      - expect_no_text: Waiting for a person's review
`

// The person's approval through the real sign-in and plan pages, driven in
// Chromium by vouch's own runner as a vouch plan. With a wrong password the
// same plan fails and the plan stays pending.
func TestApprovalThroughConsoleInChromium(t *testing.T) {
	needChrome(t)
	e := start(t, options{noWorkers: true})
	rn, err := runner.New(runner.Config{Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rn.Close() })
	tests := []struct {
		name     string
		password string
		decision evidence.Decision
		state    string
	}{
		{"right password", e.password, evidence.Verified, "approved"},
		{"wrong password", "not the password", evidence.Failed, "pending"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			planID := e.plan(e.appURL, homeClaim+" ("+tt.name+")")
			approveURL := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).str(t, "approve_url")
			p, err := plan.Parse(fmt.Appendf(nil, approvalPlan, approveURL, e.email))
			if err != nil {
				t.Fatal(err)
			}
			res, err := rn.Run(context.Background(), p, runner.Options{
				BaseURL: e.base, Dir: t.TempDir(), Secrets: map[string]string{"REVIEWER_PASSWORD": tt.password},
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Decision != tt.decision {
				t.Fatalf("decision %s, want %s; %s", res.Decision, tt.decision, res.Manifest.RepairPrompt)
			}
			g := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).json(t)
			if g["state"] != tt.state {
				t.Fatalf("plan state %v, want %s", g["state"], tt.state)
			}
			if tt.state == "approved" {
				ap := g["approvals"].([]any)[0].(map[string]any)
				if ap["by"] != e.email || ap["plan_hash"] != g["contract_id"] {
					t.Fatalf("approval event %v", ap)
				}
			}
		})
	}
}
