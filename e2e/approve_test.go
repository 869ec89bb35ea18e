package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/auth"
)

// §1 rule 2, §5.3: every kind of API key on the approve endpoint, valid or
// not, alone or beside a valid session and CSRF token, is 403
// plan_requires_human with the approve link, and the plan stays pending.
func TestApproveRefusesEveryKey(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	revoked, revokedID := e.newKey(auth.ScopeLaunch)
	if _, err := e.svc.RevokeKey(context.Background(), revokedID); err != nil {
		t.Fatal(err)
	}
	unknown, _ := auth.GenerateKey()
	p := e.signIn(e.email, e.password)
	tests := []struct {
		name    string
		headers map[string]string
		session bool
	}{
		{"valid launch key", map[string]string{"x-api-key": e.launch}, false},
		{"valid read key", map[string]string{"x-api-key": e.read}, false},
		{"revoked key", map[string]string{"x-api-key": revoked}, false},
		{"unknown key", map[string]string{"x-api-key": unknown.Secret}, false},
		{"malformed key", map[string]string{"x-api-key": "not-a-key"}, false},
		{"empty x-api-key", map[string]string{"x-api-key": ""}, false},
		{"bearer launch key", map[string]string{"Authorization": "Bearer " + e.launch}, false},
		{"bearer garbage", map[string]string{"Authorization": "Bearer garbage"}, false},
		{"authorization without bearer", map[string]string{"Authorization": "Basic ZGVtbzpkZW1v"}, false},
		{"launch key beside a signed-in session", map[string]string{"x-api-key": e.launch, "X-CSRF-Token": p.csrf}, true},
		{"bearer beside a signed-in session", map[string]string{"Authorization": "Bearer " + e.read, "X-CSRF-Token": p.csrf}, true},
	}
	for _, tt := range tests {
		for _, prefix := range []string{"/api/v1", "/v1"} {
			t.Run(tt.name+" "+prefix, func(t *testing.T) {
				hr, _ := http.NewRequest("POST", e.base+prefix+"/verifications/plans/"+planID+"/approve", nil)
				for k, v := range tt.headers {
					hr.Header[http.CanonicalHeaderKey(k)] = []string{v}
				}
				c := e.hc
				if tt.session {
					c = p.c
				}
				res, err := c.Do(hr)
				if err != nil {
					t.Fatal(err)
				}
				r := readResp(t, res)
				env := checkEnvelope(t, r, 403, "plan_requires_human")
				if env["approve_url"] != e.base+"/console/plans/"+planID {
					t.Fatalf("approve_url %v", env["approve_url"])
				}
			})
		}
	}
	// Unchanged: still pending, no approvals.
	g := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).json(t)
	if g["state"] != "pending" || len(g["approvals"].([]any)) != 0 || g["approve_url"] != e.base+"/console/plans/"+planID {
		t.Fatalf("plan after key attempts: %v", g)
	}
	// The same person, without a key, can approve.
	if r := p.approve(planID); r.status != 200 || r.str(t, "state") != "approved" {
		t.Fatalf("person's approval: %d %s", r.status, r.body)
	}
}

// The approval is an event of its own — who, which plan hash, when —
// readable on the plan, which no longer shows approve_url.
func TestApprovalEventOnPlan(t *testing.T) {
	e := start(t, options{noWorkers: true})
	planID := e.plan(e.appURL, homeClaim)
	before := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).json(t)
	r := e.signIn(e.email, e.password).approve(planID)
	if r.status != 200 {
		t.Fatalf("approve: %d %s", r.status, r.body)
	}
	for _, g := range []map[string]any{r.json(t), e.do(req{method: "GET", path: "/v1/verifications/plans/" + planID, key: e.launch}).json(t)} {
		aps := g["approvals"].([]any)
		if g["state"] != "approved" || len(aps) != 1 {
			t.Fatalf("plan: %v", g)
		}
		if _, ok := g["approve_url"]; ok {
			t.Fatalf("approve_url shown after approval: %v", g)
		}
		ap := aps[0].(map[string]any)
		if ap["action"] != "approved" || ap["by"] != e.email || ap["plan_hash"] != before["contract_id"] || !strings.HasPrefix(ap["at"].(string), "20") {
			t.Fatalf("approval event %v (contract %v)", ap, before["contract_id"])
		}
	}
}

func readResp(t *testing.T, res *http.Response) resp {
	t.Helper()
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp{status: res.StatusCode, header: res.Header, body: []byte(b.String())}
}
