package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

func TestSmoke(t *testing.T) {
	p := journeyPlan(t, `
      - visit: /
      - expect_text: Welcome to testapp
      - click: role=link[name="About"]
      - expect_title: About us
`)
	res := run(t, p, Options{})
	t.Log(explain(res))
	wantDecision(t, res, evidence.Verified)
}
