package console_test

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// The plan page says which steps prove each requirement, as the API does:
// the claim's two checks are steps 5 and 6 of its one journey.
func TestPlanPageSaysWhichStepsProveEachRequirement(t *testing.T) {
	e := start(t, options{})
	key, _ := e.newKey(auth.ScopeRead, "reader")
	claim := `Signing in as demo@example.com with the secret DEMO_PASSWORD shows "Dashboard" and the heading "Welcome back"`
	u, err := e.svc.GetUserByEmail(context.Background(), e.email)
	if err != nil {
		t.Fatal(err)
	}
	p, err := e.svc.CreatePlan(context.Background(), service.Principal{UserID: u.ID}, service.CreateRequest{DeploymentURL: e.appURL, Claim: claim})
	if err != nil {
		t.Fatal(err)
	}

	status, _, body := e.api("GET", "/api/v1/verifications/plans/"+p.ID, key, "")
	if status != http.StatusOK {
		t.Fatalf("GET plan: %d %s", status, body)
	}
	var got struct {
		Requirements []struct {
			ID       string `json:"id"`
			ProvenBy []struct {
				Journey int    `json:"journey"`
				Name    string `json:"name"`
				Step    int    `json:"step"`
			} `json:"proven_by"`
		} `json:"requirements"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	// the text, its count against the one before the sign-in, the heading
	if len(got.Requirements) != 1 || len(got.Requirements[0].ProvenBy) != 3 ||
		got.Requirements[0].ProvenBy[0].Step != 8 || got.Requirements[0].ProvenBy[2].Step != 10 ||
		got.Requirements[0].ProvenBy[0].Journey != 1 || got.Requirements[0].ProvenBy[0].Name != p.Plan.Journeys[0].Name {
		t.Errorf("API requirements: %s", body)
	}

	page := e.signIn(e.email, e.password).get("/console/plans/" + p.ID)
	text := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(page.body, ""))
	if !strings.Contains(text, "R1 is proven by journey 1, steps 8–10") {
		t.Errorf("the plan page does not say what proves R1:\n%s", page.body)
	}
	if !strings.Contains(page.body, `href="#journey-1"`) || !strings.Contains(page.body, `id="journey-1"`) {
		t.Error("the proof does not link to its journey")
	}
}
