package service_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// Which steps prove each requirement goes from the derivation to the
// stored plan: the deriver's own when it names them (the rules deriver
// does), else the assertions of the journeys that name the requirement;
// a deriver naming a step that proves nothing is refused and stores
// nothing.
func TestRequirementsCarryTheirProofs(t *testing.T) {
	about, err := plan.Parse([]byte(plans[claimAbout]))
	if err != nil {
		t.Fatal(err)
	}
	twice, err := plan.Parse([]byte(strings.Replace(plans[claimAbout], "      - expect_title: About us\n",
		"      - expect_title: About us\n      - expect_visible: role=heading[name=\"About us\"]\n", 1)))
	if err != nil || len(twice.Journeys[0].Steps) != 3 {
		t.Fatalf("a journey with two assertions: %v", err)
	}
	// The rules deriver itself passes on which steps prove what.
	const rulesClaim = `Signing in as demo@example.com with the secret DEMO_PASSWORD shows "Dashboard" and the heading "Welcome back"`
	rd, err := service.RulesDeriver{}.Derive(rulesClaim)
	if err != nil || len(rd.Requirements) != 1 || len(rd.Requirements[0].ProvenBy) != 3 {
		t.Fatalf("RulesDeriver.Derive(%q) = %+v, %v; want one requirement proven by three steps (the text, its count, the heading)", rulesClaim, rd.Requirements, err)
	}
	ref := func(j int, name string, s int) service.StepRef {
		return service.StepRef{Journey: j, Name: name, Step: s}
	}
	tests := []struct {
		name    string
		deriver service.Deriver
		claim   string
		want    string // fmt of each requirement's ID and ProvenBy
		refused bool
	}{
		{"the rules deriver", service.RulesDeriver{}, rulesClaim, "R1 [{1 sign in 8} {1 sign in 9} {1 sign in 10}]", false},
		{"from the plan", service.DeriverFunc(testDeriver), claimAbout,
			"R1 [{1 about title 2}]; R2 [{2 about heading 2}]", false},
		{"named by the deriver", service.DeriverFunc(func(string) (service.Derivation, error) {
			return service.Derivation{Plan: twice, Requirements: []service.Requirement{
				{ID: "R1", Text: "titled", ProvenBy: []service.StepRef{ref(1, "", 3)}}, // of two assertions
				{ID: "R2", Text: "a heading"},
			}}, nil
		}), claimAbout, "R1 [{1 about title 3}]; R2 [{2 about heading 2}]", false},
		{"a step that is not an assertion", service.DeriverFunc(func(string) (service.Derivation, error) {
			return service.Derivation{Plan: about, Requirements: []service.Requirement{
				{ID: "R1", Text: "titled", ProvenBy: []service.StepRef{ref(1, "about title", 1)}},
			}}, nil
		}), claimAbout, "", true},
		{"a journey proving another requirement", service.DeriverFunc(func(string) (service.Derivation, error) {
			return service.Derivation{Plan: about, Requirements: []service.Requirement{
				{ID: "R1", Text: "titled", ProvenBy: []service.StepRef{ref(2, "about heading", 2)}},
			}}, nil
		}), claimAbout, "", true},
		{"a journey the plan lacks", service.DeriverFunc(func(string) (service.Derivation, error) {
			return service.Derivation{Plan: about, Requirements: []service.Requirement{
				{ID: "R1", Text: "titled", ProvenBy: []service.StepRef{ref(3, "", 1)}},
			}}, nil
		}), claimAbout, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *service.Config) { c.Deriver = tt.deriver })
			p, err := e.svc.CreatePlan(e.ctx, e.read, service.CreateRequest{DeploymentURL: "http://127.0.0.1:9/", Claim: tt.claim})
			if tt.refused {
				wantCode(t, tt.name, err, service.CodeInternal)
				if ps, _ := e.svc.ListPlans(e.ctx, "", 10); len(ps) != 0 {
					t.Errorf("a refused derivation stored %d plans", len(ps))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if _, ok := tt.deriver.(service.RulesDeriver); ok {
				// The journey's name is the derived one.
				want = strings.ReplaceAll(want, "sign in", p.Plan.Journeys[0].Name)
			}
			for _, got := range []*service.Plan{p, e.getPlan(p.ID)} {
				s := ""
				for i, r := range got.Requirements {
					if i > 0 {
						s += "; "
					}
					s += fmt.Sprint(r.ID, " ", r.ProvenBy)
				}
				if s != want {
					t.Errorf("requirements proven by %s, want %s", s, want)
				}
			}
		})
	}
}

func (e *env) getPlan(id string) *service.Plan {
	e.t.Helper()
	p, err := e.svc.GetPlan(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// A plan stored before plans recorded their proofs (requirements without
// proven_by) is shown with the proofs its journeys give.
func TestStoredPlanWithoutProofs(t *testing.T) {
	e := newEnv(t)
	p, err := plan.Parse([]byte(plans[claimAbout]))
	if err != nil {
		t.Fatal(err)
	}
	sp := &store.Plan{ID: "pln_old", Hash: p.ID(), JSON: p.Canonical(), Claim: claimAbout, DeploymentURL: "http://127.0.0.1:9/",
		Requirements: []byte(`[{"id":"R1","text":"titled"},{"id":"R2","text":"a heading"}]`), Notes: []byte(`[]`),
		State: store.PlanPending, CreatedBy: store.Principal{KeyID: "key_a"}, CreatedAt: e.clock.Now()}
	if err := e.store.CreatePlan(e.ctx, sp); err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, r := range e.getPlan("pln_old").Requirements {
		got += fmt.Sprint(r.ID, " ", r.ProvenBy, "; ")
	}
	if want := "R1 [{1 about title 2}]; R2 [{2 about heading 2}]; "; got != want {
		t.Errorf("proven by %s, want %s", got, want)
	}
}
