package runner

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/testapp"
)

// The suite shares one Runner (and so one Chromium) and one testapp, as a
// server would: starting Chromium costs ~0.4 s.
var (
	shared *Runner
	app    *testapp.App
	appURL string
)

// canaryHost is a loopback address the shared policy denies: tests point
// pages at a server there and check that it is never reached.
const canaryHost = "127.0.0.2"

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	chrome, err := FindChrome()
	if err != nil {
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "runner tests need Chromium in CI:", err)
			return 1
		}
		fmt.Fprintln(os.Stderr, "SKIP runner tests: no Chromium:", err)
		return 0
	}
	// Become the subreaper of our descendants, so a Chromium child that
	// outlives its parent is still ours to find below.
	const prSetChildSubreaper = 36
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)

	goroutines := runtime.NumGoroutine()
	app = testapp.New()
	srv := httptest.NewServer(app.Handler())
	appURL = srv.URL
	shared, err = New(Config{
		ChromePath:  chrome,
		StepTimeout: 5 * time.Second,
		Policy:      &netpolicy.Policy{Deny: []string{canaryHost}},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	code := m.Run()
	if err := shared.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "closing the runner:", err)
		code = 1
	}
	srv.Close()
	if left := waitNoChromium(5 * time.Second); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: Chromium processes left after Close: %v\n", left)
		code = 1
	}
	if leaked := waitGoroutines(goroutines, 5*time.Second); leaked != "" {
		fmt.Fprintf(os.Stderr, "FAIL: goroutines left after Close:\n%s\n", leaked)
		code = 1
	}
	return code
}

// descendants lists the live (not zombie) processes below this one whose
// command line names chromium.
func descendants() []string {
	me := os.Getpid()
	parent := map[int]int{}
	info := map[int]string{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 || f[0] == "Z" {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		parent[pid] = ppid
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		info[pid] = strings.ReplaceAll(string(cmd), "\x00", " ")
	}
	var out []string
	for pid, cmd := range info {
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == me {
				if strings.Contains(cmd, "chrom") {
					out = append(out, fmt.Sprintf("%d %s", pid, clip(cmd, 80)))
				}
				break
			}
		}
	}
	return out
}

func waitNoChromium(d time.Duration) []string {
	deadline := time.Now().Add(d)
	for {
		left := descendants()
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitGoroutines waits for the goroutine count to fall back to base and
// returns the stacks of runner and chromedp goroutines still alive if not.
func waitGoroutines(base int, d time.Duration) string {
	deadline := time.Now().Add(d)
	for {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		var leaked []string
		for g := range strings.SplitSeq(string(buf[:n]), "\n\n") {
			if strings.Contains(g, "chromedp") || strings.Contains(g, "vouch/runner.") && !strings.Contains(g, "testMain") && !strings.Contains(g, "TestMain") ||
				strings.Contains(g, "vouch/netpolicy.") {
				leaked = append(leaked, g)
			}
		}
		if len(leaked) == 0 {
			return ""
		}
		if time.Now().After(deadline) {
			return strings.Join(leaked, "\n\n")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// mustPlan parses a YAML plan.
func mustPlan(t testing.TB, src string) *plan.Plan {
	t.Helper()
	p, err := plan.Parse([]byte(src))
	if err != nil {
		t.Fatalf("bad test plan: %v\n%s", err, src)
	}
	return p
}

// journeyPlan wraps steps (YAML list items, indented by 4) in a one-journey plan.
func journeyPlan(t testing.TB, steps string) *plan.Plan {
	t.Helper()
	return mustPlan(t, "version: 1\nname: test\njourneys:\n  - name: j\n    steps:\n"+steps)
}

// run runs p on the shared runner against the testapp with evidence on.
func run(t testing.TB, p *plan.Plan, o Options) *Result {
	t.Helper()
	if o.BaseURL == "" {
		o.BaseURL = appURL
	}
	if o.Dir == "" {
		o.Dir = t.TempDir()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := shared.Run(ctx, p, o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// explain renders a result for a failure message.
func explain(res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "decision %s\n", res.Decision)
	for _, j := range res.Manifest.Journeys {
		fmt.Fprintf(&b, "journey %d %q: %s %s\n", j.Index, j.Name, j.Decision, j.Reason)
		for _, s := range j.Steps {
			fmt.Fprintf(&b, "  %d %s [%s] %.0fms expected=%q actual=%q error=%q url=%s\n", s.Index, s.Description, s.Status, s.DurationMS, s.Expected, s.Actual, s.Error, s.URL)
		}
	}
	return b.String()
}

func wantDecision(t testing.TB, res *Result, want evidence.Decision) {
	t.Helper()
	if res.Decision != want {
		t.Fatalf("decision %s, want %s\n%s", res.Decision, want, explain(res))
	}
}
