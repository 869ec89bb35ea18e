package e2e

import (
	"context"
	"strings"
	"testing"
)

// The rows of §3's table that need no browser; the rows after a run
// completes are in TestClientSequence and TestRecheckRefusals.
func TestStateTable(t *testing.T) {
	e := start(t, options{noWorkers: true})
	countPlans := func() int {
		ps, err := e.svc.ListPlans(context.Background(), "", 1000)
		if err != nil {
			t.Fatal(err)
		}
		return len(ps)
	}

	t.Run("create, provable: plan pending, 202, no run, no charge", func(t *testing.T) {
		r := e.create(e.read, map[string]any{"deployment_url": e.appURL, "claim": homeClaim})
		c := r.json(t)
		if r.status != 202 || c["state"] != "review_required" {
			t.Fatalf("%d %s", r.status, r.body)
		}
		for _, f := range []string{"requirements", "plan", "approve_url", "contract_id", "contract_version"} {
			if _, ok := c[f]; !ok {
				t.Errorf("no %s", f)
			}
		}
		if _, ok := c["id"]; ok {
			t.Error("a verification id on create")
		}
		g := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + c["plan_id"].(string), key: e.read}).json(t)
		if g["state"] != "pending" || g["approve_url"] != c["approve_url"] {
			t.Errorf("plan %v", g)
		}
		if e.usageTotal() != 0 {
			t.Error("charged")
		}
	})

	t.Run("dry run: 200, the same plan and approve_url, no charge", func(t *testing.T) {
		claim := `The about page shows "About us"`
		n := countPlans()
		dry := e.create(e.read, map[string]any{"deployment_url": e.appURL, "claim": claim, "dry_run": true})
		d := dry.json(t)
		if dry.status != 200 || d["dry_run"] != true || d["state"] != "review_required" || !strings.HasSuffix(d["approve_url"].(string), "/console/plans/"+d["plan_id"].(string)) {
			t.Fatalf("%d %s", dry.status, dry.body)
		}
		full := e.create(e.read, map[string]any{"deployment_url": e.appURL, "claim": claim}).json(t)
		if full["contract_id"] != d["contract_id"] {
			t.Errorf("dry run plan %v, create plan %v", d["contract_id"], full["contract_id"])
		}
		if countPlans() != n+2 || e.usageTotal() != 0 {
			t.Errorf("plans %d (was %d), charges %d", countPlans(), n, e.usageTotal())
		}
		// The dry run's plan is the one a person approves.
		if r := e.signIn(e.email, e.password).approve(d["plan_id"].(string)); r.status != 200 {
			t.Errorf("approving the dry run's plan: %d %s", r.status, r.body)
		}
	})

	t.Run("create, not provable: 422 with repair prompt, no plan, no charge", func(t *testing.T) {
		n := countPlans()
		for _, dry := range []bool{false, true} {
			r := e.create(e.read, map[string]any{"deployment_url": e.appURL, "claim": "Make the app better", "dry_run": dry})
			env := checkEnvelope(t, r, 422, "claim_not_provable")
			if rp, _ := env["repair_prompt"].(string); rp == "" {
				t.Error("no repair prompt")
			}
		}
		if countPlans() != n || e.usageTotal() != 0 {
			t.Errorf("plans %d (was %d), charges %d", countPlans(), n, e.usageTotal())
		}
	})

	t.Run("pending, a person approves: approved, event recorded", func(t *testing.T) {
		id := e.plan(e.appURL, homeClaim+" once")
		r := e.signIn(e.email, e.password).approve(id)
		ap := r.json(t)["approvals"].([]any)
		if r.status != 200 || r.str(t, "state") != "approved" || len(ap) != 1 {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})

	t.Run("pending, a key approves: unchanged, 403 with the link", func(t *testing.T) {
		id := e.plan(e.appURL, homeClaim+" twice")
		env := checkEnvelope(t, e.do(req{method: "POST", path: "/api/v1/verifications/plans/" + id + "/approve", key: e.launch}), 403, "plan_requires_human")
		if env["approve_url"] != e.base+"/console/plans/"+id {
			t.Errorf("approve_url %v", env["approve_url"])
		}
		if st := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + id, key: e.read}).str(t, "state"); st != "pending" {
			t.Errorf("state %s", st)
		}
	})

	t.Run("approved, create with reviewed_plan_id and a launch key: run queued, one charge", func(t *testing.T) {
		before := e.usageTotal()
		id := e.approved(e.appURL, homeClaim+" thrice")
		r := e.create(e.launch, map[string]any{"deployment_url": e.appURL, "claim": homeClaim + " thrice", "reviewed_plan_id": id})
		v := r.json(t)
		if r.status != 202 || v["state"] != "queued" || v["plan_id"] != id || v["human_reviewed"] != true {
			t.Fatalf("%d %s", r.status, r.body)
		}
		// The run is of exactly the approved plan: same contract.
		p := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + id, key: e.read}).json(t)
		if v["contract_id"] != p["contract_id"] {
			t.Errorf("run contract %v, plan contract %v", v["contract_id"], p["contract_id"])
		}
		if e.usageTotal() != before+1 {
			t.Errorf("charges %d, want %d", e.usageTotal(), before+1)
		}
		// While queued, a read shows exactly id and state.
		g := e.do(req{method: "GET", path: "/v1/verifications/" + v["id"].(string), key: e.read}).json(t)
		if len(g) != 2 || g["state"] != "queued" {
			t.Errorf("queued read %v", g)
		}
	})

	t.Run("usage per day and per key", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/v1/usage", key: e.read})
		u := r.json(t)
		rows := u["usage"].([]any)
		if len(rows) != 1 {
			t.Fatalf("usage %s", r.body)
		}
		row := rows[0].(map[string]any)
		if row["key_id"] != e.launchID || row["count"].(float64) != u["total"].(float64) || len(row["day"].(string)) != 10 {
			t.Fatalf("usage row %v", row)
		}
		if r := e.do(req{method: "GET", path: "/api/v1/usage?key_id=" + e.readID, key: e.read}).json(t); r["total"].(float64) != 0 {
			t.Fatalf("read key usage %v", r)
		}
	})
}
