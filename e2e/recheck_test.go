package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vouchdev/vouch/service"
)

// The re-check rows of §3 and the limits of §8, on a real run that failed:
// another host is refused, another path on the same host is allowed, at
// most 10 re-checks per plan (10 concurrent at the limit let exactly one
// through), only failed verifications are re-checked, and the window
// closes 24 h after approval. Evidence is served to authorized callers
// only.
func TestRecheckRefusals(t *testing.T) {
	needChrome(t)
	var offset atomic.Int64 // the service's clock runs this far ahead
	e := start(t, options{customize: func(c *service.Config) {
		c.Now = func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	}})
	if err := e.app.Set("home-text", true); err != nil {
		t.Fatal(err)
	}
	planID := e.approved(e.appURL, homeClaim)
	failed := e.startRun(planID, e.appURL, homeClaim)
	if d := e.wait(failed); d["decision"] != "failed" {
		t.Fatalf("decision %v", d["decision"])
	}
	recheck := func(id string, body any) resp {
		return e.do(req{method: "POST", path: "/api/v1/verifications/" + id + "/recheck", key: e.launch, body: body})
	}
	const op = "/api/v1/verifications/{id}/recheck"

	// Another host (localhost is not 127.0.0.1) is refused; another path
	// is allowed.
	other := strings.Replace(e.appURL, "127.0.0.1", "localhost", 1)
	checkEnvelope(t, recheck(failed, map[string]any{"deployment_url": other + "/"}), 422, "recheck_host_mismatch")
	declared(t, "POST", op, "recheck_host_mismatch", 422)
	first := recheck(failed, map[string]any{"deployment_url": e.appURL + "/about"})
	if first.status != 202 || first.str(t, "recheck_of") != failed || first.json(t)["deployment_url"] != e.appURL+"/about" {
		t.Fatalf("re-check at another path: %d %s", first.status, first.body)
	}
	// Every journey of the approved plan ran again.
	rv := e.wait(first.str(t, "id"))
	mf := fetchJSON(t, rv["evidence"].(map[string]any)["manifest_url"].(string), e.read)
	pl := e.do(req{method: "GET", path: "/api/v1/verifications/plans/" + planID, key: e.read}).json(t)
	if got, want := len(mf["journeys"].([]any)), len(pl["plan"].(map[string]any)["journeys"].([]any)); got != want {
		t.Fatalf("re-check ran %d journeys, the plan has %d", got, want)
	}

	// Up to 9 re-checks one by one, then 10 at once: exactly one more.
	for range 8 {
		if r := recheck(failed, nil); r.status != 202 {
			t.Fatalf("re-check: %d %s", r.status, r.body)
		}
	}
	rs := e.parallel(10, func(int) req {
		return req{method: "POST", path: "/api/v1/verifications/" + failed + "/recheck", key: e.launch}
	})
	through := 0
	for _, r := range rs {
		if r.status == 202 {
			through++
			continue
		}
		checkEnvelope(t, r, 429, "recheck_limit_reached")
	}
	if through != 1 {
		t.Fatalf("%d concurrent re-checks at the limit went through, want exactly 1", through)
	}
	checkEnvelope(t, recheck(failed, nil), 429, "recheck_limit_reached")
	declared(t, "POST", op, "recheck_limit_reached", 429)
	if n := e.usageTotal(); n != 11 {
		t.Fatalf("ledger holds %d charges, want 11 (1 run + 10 re-checks)", n)
	}

	// Only a failed decision is re-checked.
	e.app.Reset()
	okPlan := e.approved(e.appURL, `The about page shows "About us"`)
	verified := e.startRun(okPlan, e.appURL, `The about page shows "About us"`)
	vd := e.wait(verified)
	if vd["decision"] != "verified" {
		t.Fatalf("decision %v", vd["decision"])
	}
	checkEnvelope(t, recheck(verified, nil), 409, "recheck_not_allowed")
	declared(t, "POST", op, "recheck_not_allowed", 409)

	// Evidence: authorized callers only.
	ev := vd["evidence"].(map[string]any)
	murl := ev["manifest_url"].(string)
	if st, _ := fetch(t, murl, ""); st != http.StatusUnauthorized {
		t.Errorf("evidence without credentials: %d", st)
	}
	if st, _ := fetch(t, murl, "vch_bad"); st != http.StatusUnauthorized {
		t.Errorf("evidence with a bad key: %d", st)
	}
	p := e.signIn(e.email, e.password)
	res, err := p.c.Get(murl)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("evidence for a person: %d, CSP %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	checkEnvelope(t, e.do(req{method: "GET", path: "/api/v1/verifications/" + verified + "/evidence/nope.png", key: e.read}), 404, "evidence_not_available")
	for _, sneaky := range []string{"/evidence/../../vouch.db", "/evidence/..%2F..%2F..%2Fvouch.db", "/evidence/%2Fetc%2Fpasswd"} {
		if r := e.do(req{method: "GET", path: "/api/v1/verifications/" + verified + sneaky, key: e.read}); r.status != 404 {
			t.Errorf("GET %s: %d %s", sneaky, r.status, r.body)
		}
	}

	// The window: a failed run of a plan approved more than 24 h ago.
	if err := e.app.Set("home-text", true); err != nil {
		t.Fatal(err)
	}
	late := e.approved(e.appURL, homeClaim+" later")
	lf := e.startRun(late, e.appURL, homeClaim+" later")
	if d := e.wait(lf); d["decision"] != "failed" {
		t.Fatalf("decision %v", d["decision"])
	}
	offset.Store(int64(24*time.Hour + time.Minute))
	checkEnvelope(t, recheck(lf, nil), 409, "recheck_window_closed")
	declared(t, "POST", op, "recheck_window_closed", 409)
}

func fetchJSON(t *testing.T, u, key string) map[string]any {
	t.Helper()
	st, b := fetch(t, u, key)
	if st != 200 {
		t.Fatalf("GET %s: %d", u, st)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	return m
}
