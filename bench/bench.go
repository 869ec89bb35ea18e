// Package bench measures the vouch runner against a minimal hand-written
// chromedp loop doing the same steps with the same concurrency, in one
// process run, and reports wall time, peak memory and their ratios.
//
// The baseline is the one place outside package runner that drives Chromium
// directly: it exists only to be measured against.
package bench

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/testapp"
)

// Config sets up a comparison.
type Config struct {
	// Journeys is the number of journeys each way runs. Defaults to 24.
	Journeys int
	// Workers is the concurrency of every way. Defaults to 4.
	Workers int
	// Rounds repeats each way, the ways taking turns; the median is
	// reported. Defaults to 3.
	Rounds int
	// ChromePath is the Chromium binary. Defaults to the runner's choice.
	ChromePath string
	// Dir receives the full-evidence runs' files. Defaults to a temp dir,
	// removed afterwards.
	Dir string
	// Log receives progress lines. Defaults to discarding.
	Log io.Writer
}

// Way is one measured way of running the journeys.
type Way struct {
	Name        string
	Wall        time.Duration // median over rounds
	PeakGoMB    float64       // peak Go heap in use
	PeakChromMB float64       // peak resident memory of the Chromium processes
	Journeys    int
	Passed      int // journeys whose every step held (all must, or the figures mean nothing)
}

// Report is the outcome of Compare.
type Report struct {
	Ways []Way // full evidence, evidence off, hand-written baseline
}

// Targets are the limits on the ratios to the baseline.
const (
	TargetFull = 1.25
	TargetOff  = 1.10
)

// String prints the figures and ratios, one line each.
func (r Report) String() string {
	var b strings.Builder
	for _, w := range r.Ways {
		fmt.Fprintf(&b, "%-22s %2d journeys (%2d passed)  wall %7.3fs  peak go heap %6.1f MB  peak chromium RSS %7.1f MB\n",
			w.Name, w.Journeys, w.Passed, w.Wall.Seconds(), w.PeakGoMB, w.PeakChromMB)
	}
	if len(r.Ways) == 3 {
		base := r.Ways[2]
		for i, target := range []float64{TargetFull, TargetOff} {
			w := r.Ways[i]
			ratio := w.Wall.Seconds() / base.Wall.Seconds()
			verdict := "within target"
			if ratio > target {
				verdict = "OVER target"
			}
			fmt.Fprintf(&b, "ratio %-16s wall %.2fx (target ≤ %.2fx, %s)  chromium RSS %.2fx  go heap %.2fx\n",
				w.Name+"/baseline", ratio, target, verdict,
				w.PeakChromMB/max(base.PeakChromMB, 1), w.PeakGoMB/max(base.PeakGoMB, 0.1))
		}
	}
	return b.String()
}

// Journeys builds the plan both sides run: n journeys cycling over four
// kinds of page work, with CSS targets so the baseline can do exactly the
// same steps with plain chromedp actions.
func Journeys(n int) *plan.Plan {
	p := &plan.Plan{Version: plan.Version, Name: "benchmark"}
	kinds := []func(i int) plan.Journey{
		func(i int) plan.Journey {
			return plan.Journey{Name: fmt.Sprintf("%02d home", i), Steps: []plan.Step{
				{Kind: plan.Visit, Value: "/"},
				{Kind: plan.ExpectText, Value: "Welcome to testapp"},
				{Kind: plan.Click, Target: "css=nav a[href='/docs']"},
				{Kind: plan.ExpectText, Value: "Getting started"},
			}}
		},
		func(i int) plan.Journey {
			return plan.Journey{Name: fmt.Sprintf("%02d sign in", i), Steps: []plan.Step{
				{Kind: plan.Visit, Value: "/login"},
				{Kind: plan.Fill, Target: "css=#email", Value: testapp.DemoEmail},
				{Kind: plan.Fill, Target: "css=#password", Value: testapp.DefaultPassword},
				{Kind: plan.Click, Target: "css=form button[type=submit]"},
				{Kind: plan.ExpectText, Value: "Welcome back"},
			}}
		},
		func(i int) plan.Journey {
			return plan.Journey{Name: fmt.Sprintf("%02d todos", i), Steps: []plan.Step{
				{Kind: plan.Visit, Value: "/todos"},
				{Kind: plan.Fill, Target: "css=#new-todo", Value: "milk"},
				{Kind: plan.Press, Target: "css=#new-todo", Value: "Enter"},
				{Kind: plan.Fill, Target: "css=#new-todo", Value: "eggs"},
				{Kind: plan.Press, Target: "css=#new-todo", Value: "Enter"},
				{Kind: plan.ExpectText, Value: "2 items left"},
			}}
		},
		func(i int) plan.Journey {
			return plan.Journey{Name: fmt.Sprintf("%02d contact", i), Steps: []plan.Step{
				{Kind: plan.Visit, Value: "/contact"},
				{Kind: plan.Fill, Target: "css=#name", Value: "Ada"},
				{Kind: plan.Click, Target: "css=form button[type=submit]"},
				{Kind: plan.ExpectText, Value: "Email is required"},
			}}
		},
	}
	for i := 0; i < n; i++ {
		p.Journeys = append(p.Journeys, kinds[i%len(kinds)](i+1))
	}
	return p
}

// Compare runs the journeys three ways against a testapp on loopback and
// reports the figures.
func Compare(ctx context.Context, cfg Config) (Report, error) {
	if cfg.Journeys <= 0 {
		cfg.Journeys = 24
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 3
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Dir == "" {
		d, err := os.MkdirTemp("", "vouch-bench-")
		if err != nil {
			return Report{}, err
		}
		defer os.RemoveAll(d)
		cfg.Dir = d
	}
	p := Journeys(cfg.Journeys)
	if err := p.Validate(); err != nil {
		return Report{}, err
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Report{}, err
	}
	srv := &http.Server{Handler: testapp.New().Handler(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	base := "http://" + l.Addr().String()

	// The three ways stay alive side by side and their rounds are
	// interleaved, in a rotating order, so that a load that comes and goes
	// on a shared machine weighs on each way alike. Each way's memory is
	// that of its own Chromium.
	type way struct {
		Way
		pids  []int // the way's Chromium processes (direct children)
		walls []time.Duration
		run   func(round int) (int, error)
	}
	var ways []*way
	start := func(name string, warm func() error) (*way, error) {
		before := children()
		if err := warm(); err != nil {
			return nil, err
		}
		w := &way{Way: Way{Name: name, Journeys: cfg.Journeys}}
		for _, pid := range children() {
			if !slices.Contains(before, pid) {
				w.pids = append(w.pids, pid)
			}
		}
		ways = append(ways, w)
		return w, nil
	}
	for _, mode := range []struct {
		name string
		ev   runner.EvidenceMode
	}{{"vouch full evidence", runner.EvidenceFull}, {"vouch evidence off", runner.EvidenceOff}} {
		r, err := runner.New(runner.Config{ChromePath: cfg.ChromePath, Workers: cfg.Workers, Evidence: mode.ev})
		if err != nil {
			return Report{}, err
		}
		defer r.Close()
		// Warm up: start the browser outside the measurement, as vouch serve does.
		w, err := start(mode.name, func() error {
			warm := &plan.Plan{Version: plan.Version, Name: "warm", Journeys: p.Journeys[:1]}
			_, err := r.Run(ctx, warm, runner.Options{BaseURL: base, Dir: filepath.Join(cfg.Dir, "warm")})
			return err
		})
		if err != nil {
			return Report{}, err
		}
		w.run = func(round int) (int, error) {
			res, err := r.Run(ctx, p, runner.Options{BaseURL: base, Dir: filepath.Join(cfg.Dir, fmt.Sprintf("%d-%d", mode.ev, round))})
			if err != nil {
				return 0, err
			}
			passed := 0
			for _, j := range res.Manifest.Journeys {
				if j.Decision == "verified" {
					passed++
				}
			}
			return passed, nil
		}
	}
	var b *baseline
	w, err := start("hand-written chromedp", func() error {
		var err error
		if b, err = newBaseline(cfg.ChromePath, cfg.Workers); err != nil {
			return err
		}
		_, err = b.run(ctx, base, p.Journeys[:1])
		return err
	})
	if b != nil {
		defer b.close()
	}
	if err != nil {
		return Report{}, err
	}
	w.run = func(int) (int, error) { return b.run(ctx, base, p.Journeys) }

	for round := 0; round < cfg.Rounds; round++ {
		for i := range ways {
			w := ways[(round+i)%len(ways)]
			if err := measure(ctx, cfg, w.pids, round, &w.Way, &w.walls, w.run); err != nil {
				return Report{}, err
			}
		}
	}
	var rep Report
	for _, w := range ways {
		slices.Sort(w.walls)
		w.Wall = w.walls[len(w.walls)/2]
		rep.Ways = append(rep.Ways, w.Way)
	}
	return rep, nil
}

// measure runs fn once, sampling memory while it runs, and records its
// wall time in walls and its peak memory (of the processes under pids) in w.
func measure(ctx context.Context, cfg Config, pids []int, round int, w *Way, walls *[]time.Duration, fn func(round int) (int, error)) error {
	runtime.GC()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peakGo, peakChrome float64
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(25 * time.Millisecond)
		defer t.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peakGo = max(peakGo, float64(ms.HeapInuse)/(1<<20))
			peakChrome = max(peakChrome, chromiumRSSMB(pids))
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	start := time.Now()
	passed, err := fn(round)
	wall := time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil {
		return err
	}
	*walls = append(*walls, wall)
	w.Passed = passed
	w.PeakGoMB = max(w.PeakGoMB, peakGo)
	w.PeakChromMB = max(w.PeakChromMB, peakChrome)
	fmt.Fprintf(cfg.Log, "%s round %d: %.3fs, %d/%d journeys passed\n", w.Name, round+1, wall.Seconds(), passed, cfg.Journeys)
	return ctx.Err()
}

// children returns the process IDs whose parent is this process.
func children() []int {
	var out []int
	self := os.Getpid()
	for pid, ppid := range procParents() {
		if ppid == self {
			out = append(out, pid)
		}
	}
	return out
}

// procParents maps every process to its parent.
func procParents() map[int]int {
	parents := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := statFields(e.Name()); len(f) > 1 {
			ppid, _ := strconv.Atoi(f[1])
			parents[pid] = ppid
		}
	}
	return parents
}

// statFields returns the fields of /proc/PID/stat after the parenthesised
// command name: state ppid ... (rss is index 21), or nil.
func statFields(pid string) []string {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return nil
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(s[i+1:])
}

// chromiumRSSMB sums the resident memory of the processes in roots and
// their descendants: one way's Chromium.
func chromiumRSSMB(roots []int) float64 {
	parents := map[int]int{}
	rss := map[int]float64{}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		f := statFields(e.Name())
		if len(f) < 22 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pages, _ := strconv.ParseFloat(f[21], 64)
		parents[pid] = ppid
		rss[pid] = pages * float64(os.Getpagesize()) / (1 << 20)
	}
	total := 0.0
	for pid, r := range rss {
		for p, hops := pid, 0; p != 0 && hops < 20; p, hops = parents[p], hops+1 {
			if slices.Contains(roots, p) {
				total += r
				break
			}
		}
	}
	return total
}
