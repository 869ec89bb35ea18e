package runner

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
)

// BenchmarkStepOverhead measures what a step costs with evidence on and
// off: a journey of 1 step (the visit) against one of 21 (the visit and 20
// alternating clicks and assertions); per-step cost = difference / 20. The
// two modes run interleaved on two Runners, so that both see the same load
// on a shared machine. It reports ms/step for each mode, their ratio, and
// the fixed cost of a one-step journey with evidence off (ms/journey, which
// includes getting a fresh browser context).
//
//	go test ./runner -run '^$' -bench StepOverhead -benchtime 10x
func BenchmarkStepOverhead(b *testing.B) {
	var steps strings.Builder
	steps.WriteString("      - visit: /pricing\n")
	for i := range 10 {
		name := []string{"free", "pro", "team"}[i%3]
		fmt.Fprintf(&steps, "      - click: testid=plan-%s\n", name)
		fmt.Fprintf(&steps, "      - expect_text: {target: \"testid=plan-choice\", text: %q}\n", "You chose the "+strings.ToUpper(name[:1])+name[1:]+" plan")
	}
	long := journeyPlan(b, steps.String())
	short := journeyPlan(b, "      - visit: /pricing\n")
	full, err := New(Config{Evidence: EvidenceFull, Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer full.Close()
	off, err := New(Config{Evidence: EvidenceOff, Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer off.Close()
	once := func(r *Runner, p *plan.Plan) time.Duration {
		o := Options{BaseURL: appURL}
		if r.cfg.Evidence == EvidenceFull {
			o.Dir = b.TempDir()
		}
		start := time.Now()
		res, err := r.Run(context.Background(), p, o)
		if err != nil {
			b.Fatal(err)
		}
		if res.Decision != evidence.Verified {
			b.Fatalf("decision %s\n%s", res.Decision, explain(res))
		}
		return time.Since(start)
	}
	once(full, short) // start the browsers
	once(off, short)
	var fullStep, offStep, offJourney time.Duration
	for b.Loop() {
		s := once(off, short)
		offJourney += s
		offStep += once(off, long) - s
		s = once(full, short)
		fullStep += once(full, long) - s
	}
	n := float64(b.N) * 20
	b.ReportMetric(float64(offJourney.Microseconds())/1000/float64(b.N), "ms/journey")
	b.ReportMetric(float64(offStep.Microseconds())/1000/n, "ms/step-off")
	b.ReportMetric(float64(fullStep.Microseconds())/1000/n, "ms/step-full")
	b.ReportMetric(float64(fullStep)/float64(offStep), "full/off")
}
