package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// homeClaim is provable against testapp and fails with its home-text switch.
const homeClaim = `The home page shows "Welcome to testapp"`

// §4.6: create, a person approves, run, poll until a decision — to
// verified, to failed (a testapp switch breaks the claim; then a re-check
// after the fix verifies) and to blocked (nothing listens on the port).
func TestClientSequence(t *testing.T) {
	needChrome(t)
	e := start(t, options{realDeriver: true})
	dead := closedPort(t)
	tests := []struct {
		name     string
		target   func() string
		breakage string
		decision string
	}{
		{"verified", func() string { return e.appURL }, "", "verified"},
		{"failed", func() string { return e.appURL }, "home-text", "failed"},
		{"blocked", func() string { return dead }, "", "blocked"},
	}
	charges := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.app.Reset()
			if tt.breakage != "" {
				if err := e.app.Set(tt.breakage, true); err != nil {
					t.Fatal(err)
				}
			}
			target := tt.target()
			// 1. POST create; read approve_url.
			r := e.create(e.launch, map[string]any{"deployment_url": target, "claim": homeClaim})
			if r.status != http.StatusAccepted {
				t.Fatalf("create: %d %s", r.status, r.body)
			}
			c := r.json(t)
			planID, _ := c["plan_id"].(string)
			if c["state"] != "review_required" || !strings.HasPrefix(planID, "pln_") || c["human_reviewed"] != false ||
				c["approve_url"] != e.base+"/console/plans/"+planID || c["contract_version"] != "2026-11-01" ||
				!regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(c["contract_id"].(string)) {
				t.Fatalf("create answer: %s", r.body)
			}
			if _, ok := c["id"]; ok {
				t.Fatalf("create answer has a verification id: %s", r.body)
			}
			if reqs, _ := c["requirements"].([]any); len(reqs) == 0 {
				t.Fatalf("no requirements: %s", r.body)
			}
			if e.usageTotal() != charges {
				t.Fatal("creating a plan charged")
			}
			// 2. A person approves.
			if a := e.signIn(e.email, e.password).approve(planID); a.status != http.StatusOK {
				t.Fatalf("approve: %d %s", a.status, a.body)
			}
			// 3. POST create with reviewed_plan_id.
			r = e.create(e.launch, map[string]any{"deployment_url": target, "claim": homeClaim, "reviewed_plan_id": planID})
			if r.status != http.StatusAccepted {
				t.Fatalf("run start: %d %s", r.status, r.body)
			}
			v := r.json(t)
			id, _ := v["id"].(string)
			// The answer is the run as the store reads it once the charge
			// is committed: a free worker may have taken it by then.
			if !strings.HasPrefix(id, "ver_") || v["state"] != "queued" && v["state"] != "running" || v["plan_id"] != planID ||
				v["recheck_of"] != nil || v["human_reviewed"] != true {
				t.Fatalf("run start answer: %s", r.body)
			}
			if _, ok := v["recheck_of"]; !ok {
				t.Fatalf("recheck_of missing (must be null): %s", r.body)
			}
			charges++
			// 4. Poll until decision.
			done := e.wait(id)
			if done["decision"] != tt.decision {
				t.Fatalf("decision %v, want %s: %v", done["decision"], tt.decision, done)
			}
			checkCompleted(t, e, done, id, planID)
			// §3: completion enqueues one verification.completed event
			// (delivery is the webhook sender's; the outbox is what this
			// server owes it).
			if n := outboxEvents(t, e, id); n != 1 {
				t.Fatalf("%d verification.completed events for %s, want 1", n, id)
			}
			if e.usageTotal() != charges {
				t.Fatalf("ledger holds %d charges, want %d", e.usageTotal(), charges)
			}
			if tt.decision != "failed" {
				return
			}
			// 5. After a failed decision and a fix, POST recheck.
			e.app.Reset()
			before := e.do(req{method: "GET", path: "/api/v1/verifications/" + id, key: e.read}).body
			rc := e.do(req{method: "POST", path: "/api/v1/verifications/" + id + "/recheck", key: e.launch})
			if rc.status != http.StatusAccepted {
				t.Fatalf("recheck: %d %s", rc.status, rc.body)
			}
			nv := rc.json(t)
			nid, _ := nv["id"].(string)
			if nid == id || !strings.HasPrefix(nid, "ver_") || nv["recheck_of"] != id || nv["plan_id"] != planID {
				t.Fatalf("recheck answer: %s", rc.body)
			}
			charges++
			if d := e.wait(nid); d["decision"] != "verified" || d["recheck_of"] != id {
				t.Fatalf("re-check after the fix: %v", d)
			}
			after := e.do(req{method: "GET", path: "/api/v1/verifications/" + id, key: e.read}).body
			if string(before) != string(after) {
				t.Fatalf("the re-check modified the earlier record:\n%s\n%s", before, after)
			}
			if e.usageTotal() != charges {
				t.Fatalf("ledger holds %d charges, want %d", e.usageTotal(), charges)
			}
		})
	}
}

// checkCompleted checks a completed record's fields and downloads every
// evidence file, comparing its sha256.
func checkCompleted(t *testing.T, e *env, v map[string]any, id, planID string) {
	t.Helper()
	for _, f := range []string{"id", "state", "decision", "evidence", "recheck_of", "requirements", "human_reviewed", "plan_id", "deployment_url", "created_at", "started_at", "completed_at"} {
		if _, ok := v[f]; !ok {
			t.Errorf("completed record lacks %s: %v", f, v)
		}
	}
	if v["id"] != id || v["plan_id"] != planID || v["human_reviewed"] != true {
		t.Errorf("record %v", v)
	}
	rp, _ := v["repair_prompt"].(string)
	if (v["decision"] == "verified") != (rp == "") {
		t.Errorf("decision %v with repair_prompt %q", v["decision"], rp)
	}
	for _, rq := range v["requirements"].([]any) {
		res := rq.(map[string]any)["result"]
		if res != "met" && res != "not_met" && res != "unknown" {
			t.Errorf("requirement result %v", res)
		}
		if v["decision"] == "verified" && res != "met" {
			t.Errorf("verified with requirement %v", rq)
		}
	}
	ev := v["evidence"].(map[string]any)
	for _, u := range []string{ev["manifest_url"].(string)} {
		if !strings.HasPrefix(u, e.base+"/api/v1/verifications/"+id+"/evidence/") {
			t.Errorf("manifest_url %s", u)
		}
		if st, _ := fetch(t, u, e.read); st != http.StatusOK {
			t.Errorf("manifest: %d", st)
		}
	}
	arts, _ := ev["artifacts"].([]any)
	if len(arts) == 0 && v["decision"] != "blocked" {
		t.Errorf("no artifacts: %v", ev)
	}
	for _, a := range arts {
		am := a.(map[string]any)
		st, b := fetch(t, am["url"].(string), e.read)
		sum := sha256.Sum256(b)
		if st != http.StatusOK || hex.EncodeToString(sum[:]) != am["sha256"] || int(am["size"].(float64)) != len(b) {
			t.Errorf("artifact %v: status %d, %d bytes, sha256 %x", am, st, len(b), sum)
		}
	}
}

// fetch GETs an evidence URL with a key ("" for none); the default
// transport undoes a gzip Content-Encoding, as a browser does.
func fetch(t *testing.T, u, key string) (int, []byte) {
	t.Helper()
	r, _ := http.NewRequest("GET", u, nil)
	if key != "" {
		r.Header.Set("x-api-key", key)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}
