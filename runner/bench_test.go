package runner

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// BenchmarkHARBytes counts what recording response bodies adds to the
// evidence: it runs the sign-in and todos fixture plans against the
// testapp plus a page with a stylesheet, a script and JSON (replayApp),
// and reports the HARs' bytes with bodies, the same HARs with the bodies
// taken out (the baseline: what vouch wrote before it kept bodies), their
// ratio, and the bodies' share of the whole evidence directory.
//
//	go test ./runner -run '^$' -bench HARBytes -benchtime 1x
func BenchmarkHARBytes(b *testing.B) {
	plans := []struct {
		file, base string
		secrets    map[string]string
	}{
		{"../fixtures/plans/signin.yaml", appURL, map[string]string{"DEMO_PASSWORD": "demo-password"}},
		{"../fixtures/plans/todos.yaml", appURL, nil},
	}
	app := replayApp(b)
	plans = append(plans, struct {
		file, base string
		secrets    map[string]string
	}{"", app.URL, nil})
	var withBodies, without, dirBytes int64
	for b.Loop() {
		withBodies, without, dirBytes = 0, 0, 0
		for _, pl := range plans {
			p := journeyPlan(b, "      - visit: /\n      - expect_text: \"items: 3\"\n")
			if pl.file != "" {
				src, err := os.ReadFile(pl.file)
				if err != nil {
					b.Fatal(err)
				}
				p = mustPlan(b, string(src))
			}
			dir := b.TempDir()
			res := run(b, p, Options{BaseURL: pl.base, Dir: dir, Secrets: pl.secrets})
			for _, j := range res.Manifest.Journeys {
				if j.HAR == "" {
					continue
				}
				raw := []byte(readArtifact(b, dir, j.HAR))
				h, err := evidence.ParseHAR(raw)
				if err != nil {
					b.Fatal(err)
				}
				for _, e := range h.Log.Entries {
					if e.Response != nil && e.Response.Content != nil {
						e.Response.Content.Text = nil
					}
				}
				bare, err := evidence.EncodeHAR(h)
				if err != nil {
					b.Fatal(err)
				}
				withBodies += int64(len(raw))
				without += int64(len(bare))
			}
			dirBytes += dirSize(b, dir)
		}
	}
	b.ReportMetric(float64(withBodies), "HAR-bytes")
	b.ReportMetric(float64(without), "HAR-bytes-no-bodies")
	b.ReportMetric(float64(withBodies)/float64(without), "with/without")
	b.ReportMetric(float64(withBodies-without)/float64(dirBytes), "bodies/evidence")
}

func dirSize(tb testing.TB, dir string) int64 {
	tb.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
