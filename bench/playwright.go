package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/testapp"
)

// PlaywrightVersion is the @playwright/test release the comparison
// installs (into a cache folder, never with a browser download).
const PlaywrightVersion = "1.65.1"

// Targets of the comparison with Playwright Test (trace on): vouch's
// figure divided by Playwright's must not exceed these.
const (
	TargetPWWall     = 0.40
	TargetPWCPU      = 0.30
	TargetPWPSS      = 0.50
	TargetPWEvidence = 0.50
	TargetPWOne      = 0.45
	TargetFailedSecs = 2.5
)

// PWConfig sets up a comparison with Playwright Test.
type PWConfig struct {
	// Journeys each side runs. Defaults to 12.
	Journeys int
	// Workers: journeys at once, the same on both sides. Defaults to 2.
	Workers int
	// Rounds: each side runs the journeys, the one journey and the failing
	// journey this many times, in turns; the median of each is reported.
	// Defaults to 1.
	Rounds int
	// ChromePath is the browser both sides use. Defaults to the runner's
	// choice (chromium-headless-shell when installed).
	ChromePath string
	// Vouch is the vouch executable. Defaults to this process's.
	Vouch string
	// Cache holds node_modules/@playwright/test. Defaults to
	// $XDG_CACHE_HOME/vouch/bench-playwright.
	Cache string
	// Log receives progress lines. Defaults to discarding.
	Log io.Writer
}

// Sample is one side's figures for one run.
type Sample struct {
	Wall     time.Duration
	CPU      time.Duration // user + system of the whole process tree
	PSSMB    float64       // peak proportional set size of the process tree, sampled
	Evidence int64         // bytes written to the output folder
	OK       bool          // every journey did what was expected
}

// PWReport is the outcome of ComparePlaywright.
type PWReport struct {
	Browser           string
	Journeys, Workers int
	Vouch, Playwright Sample // the journeys, median wall of the rounds
	// RoundWall is vouch's wall time over Playwright's in each round: two
	// runs side by side, under about the same load of a shared machine.
	RoundWall          []float64
	OneVouch, OnePW    Sample // one journey, end to end
	FailedVouch        Sample // a journey whose check fails on a settled page
	FailedPW           Sample
	FailedBudget       time.Duration
	PlaywrightExpectTO time.Duration
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func within(r, target float64) string {
	if r <= target {
		return fmt.Sprintf("≤ %.2f× target met", target)
	}
	return fmt.Sprintf("> %.2f× target MISSED", target)
}

// String prints the figures and the ratios, one line each.
func (r PWReport) String() string {
	var b strings.Builder
	line := func(f string, a ...any) { fmt.Fprintf(&b, f+"\n", a...) }
	line("browser: %s (both sides); %d journeys, %d at a time; full evidence (vouch) vs trace: 'on' (Playwright)", r.Browser, r.Journeys, r.Workers)
	for _, s := range []struct {
		name string
		x    Sample
	}{{"vouch", r.Vouch}, {"playwright", r.Playwright}} {
		line("%-11s wall %6.2fs  cpu %6.2fs  tree PSS %7.1f MiB  evidence %8.1f KB  ok=%v", s.name, s.x.Wall.Seconds(), s.x.CPU.Seconds(), s.x.PSSMB, float64(s.x.Evidence)/1000, s.x.OK)
	}
	v, p := r.Vouch, r.Playwright
	rw, rc := ratio(v.Wall.Seconds(), p.Wall.Seconds()), ratio(v.CPU.Seconds(), p.CPU.Seconds())
	rp, re := ratio(v.PSSMB, p.PSSMB), ratio(float64(v.Evidence), float64(p.Evidence))
	line("ratio vouch/playwright: wall %.2f× (%s), cpu %.2f× (%s), PSS %.2f× (%s), evidence %.2f× (%s)",
		rw, within(rw, TargetPWWall), rc, within(rc, TargetPWCPU), rp, within(rp, TargetPWPSS), re, within(re, TargetPWEvidence))
	if len(r.RoundWall) > 1 {
		var rs []string
		for _, x := range r.RoundWall {
			rs = append(rs, fmt.Sprintf("%.2f×", x))
		}
		line("wall ratio of each round (the two runs side by side): %s", strings.Join(rs, " "))
	}
	ro := ratio(r.OneVouch.Wall.Seconds(), r.OnePW.Wall.Seconds())
	line("one journey end to end: vouch %.2fs, playwright %.2fs: %.2f× (%s)", r.OneVouch.Wall.Seconds(), r.OnePW.Wall.Seconds(), ro, within(ro, TargetPWOne))
	verdict := "target met"
	if r.FailedVouch.Wall.Seconds() > TargetFailedSecs || !r.FailedVouch.OK {
		verdict = "target MISSED"
	}
	line("time to failed (settled page, default %s step budget): vouch %.2fs (≤ %.1fs %s); playwright %.2fs (expect timeout %s)",
		r.FailedBudget, r.FailedVouch.Wall.Seconds(), TargetFailedSecs, verdict, r.FailedPW.Wall.Seconds(), r.PlaywrightExpectTO)
	return b.String()
}

// ComparePlaywright runs the same journeys on testapp as a vouch plan (`vouch
// run`, full evidence) and as a Playwright Test spec (trace on), each a
// process of its own, in turns, with the same concurrency and browser
// binary, and measures wall time, CPU and peak PSS of each process tree and
// the evidence bytes. Then one journey each, and a journey that fails.
func ComparePlaywright(ctx context.Context, cfg PWConfig) (PWReport, error) {
	if cfg.Journeys <= 0 {
		cfg.Journeys = 12
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 2
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 1
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.ChromePath == "" {
		p, err := runner.FindChrome()
		if err != nil {
			return PWReport{}, err
		}
		cfg.ChromePath = p
	}
	if cfg.Vouch == "" {
		exe, err := os.Executable()
		if err != nil {
			return PWReport{}, err
		}
		cfg.Vouch = exe
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return PWReport{}, errors.New("the comparison needs Node.js (node on PATH) to run Playwright Test")
	}
	if cfg.Cache == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			c = os.TempDir()
		}
		cfg.Cache = filepath.Join(c, "vouch", "bench-playwright")
	}
	cli, err := installPlaywright(ctx, cfg.Cache, cfg.Log)
	if err != nil {
		return PWReport{}, err
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return PWReport{}, err
	}
	srv := &http.Server{Handler: testapp.New().Handler(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	base := "http://" + l.Addr().String()

	// Specs live below the cache, so that Node resolves @playwright/test
	// from its node_modules (ES modules ignore NODE_PATH).
	work, err := os.MkdirTemp(cfg.Cache, "run-")
	if err != nil {
		return PWReport{}, err
	}
	defer os.RemoveAll(work)

	const failBudget = 10 * time.Second // vouch's default step budget
	const pwExpect = 5 * time.Second    // Playwright's default expect timeout
	rep := PWReport{Journeys: cfg.Journeys, Workers: cfg.Workers, FailedBudget: failBudget, PlaywrightExpectTO: pwExpect}
	if v, err := exec.CommandContext(ctx, cfg.ChromePath, "--version").Output(); err == nil {
		rep.Browser = strings.TrimSpace(string(v)) + " (" + cfg.ChromePath + ")"
	} else {
		rep.Browser = cfg.ChromePath
	}

	// Each case is written both ways into its own folder.
	type side struct {
		name string
		run  func(out string) (*exec.Cmd, func() bool)
	}
	prepare := func(name string, p *plan.Plan, wantOK bool, workers int) ([2]side, error) {
		dir := filepath.Join(work, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return [2]side{}, err
		}
		planFile := filepath.Join(dir, "plan.json")
		b, err := json.Marshal(p)
		if err != nil {
			return [2]side{}, err
		}
		if err := os.WriteFile(planFile, b, 0o644); err != nil {
			return [2]side{}, err
		}
		spec, err := playwrightSpec(p)
		if err != nil {
			return [2]side{}, err
		}
		if err := os.WriteFile(filepath.Join(dir, "bench.spec.mjs"), []byte(spec), 0o644); err != nil {
			return [2]side{}, err
		}
		vouchSide := side{name: "vouch", run: func(out string) (*exec.Cmd, func() bool) {
			cmd := exec.CommandContext(ctx, cfg.Vouch, "run", "--url", base, "--out", out, "--workers", strconv.Itoa(workers),
				"--chrome", cfg.ChromePath, "--json", planFile)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			return cmd, func() bool {
				var r struct {
					Decision string `json:"decision"`
				}
				_ = json.Unmarshal(stdout.Bytes(), &r)
				if wantOK {
					return r.Decision == "verified"
				}
				return r.Decision == "failed"
			}
		}}
		pwSide := side{name: "playwright", run: func(out string) (*exec.Cmd, func() bool) {
			conf := filepath.Join(dir, "playwright.config.mjs")
			_ = os.WriteFile(conf, []byte(playwrightConfig(dir, out, cfg.ChromePath, base, workers)), 0o644)
			cmd := exec.CommandContext(ctx, node, cli, "test", "--config", conf)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1")
			var outb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &outb, &outb
			return cmd, func() bool {
				code := cmd.ProcessState.ExitCode()
				if wantOK {
					return code == 0
				}
				return code == 1 && strings.Contains(outb.String(), "1 failed")
			}
		}}
		return [2]side{vouchSide, pwSide}, nil
	}
	n := 0
	measure := func(s side) (Sample, error) {
		n++
		out := filepath.Join(work, fmt.Sprintf("out-%d-%s", n, s.name))
		cmd, ok := s.run(out)
		cmd.Stderr = orDiscard(cmd.Stderr)
		sample, err := runSampled(cmd)
		if err != nil {
			return sample, fmt.Errorf("%s: %w", s.name, err)
		}
		sample.OK = ok()
		sample.Evidence = dirBytes(out)
		_ = os.RemoveAll(out)
		fmt.Fprintf(cfg.Log, "  %-10s wall %.2fs cpu %.2fs pss %.0f MiB evidence %d B ok=%v\n", s.name, sample.Wall.Seconds(), sample.CPU.Seconds(), sample.PSSMB, sample.Evidence, sample.OK)
		return sample, nil
	}

	one := Journeys(2)
	one.Journeys = one.Journeys[1:] // sign in
	oneSides, err := prepare("one", one, true, 1)
	if err != nil {
		return rep, err
	}
	fmt.Fprintln(cfg.Log, "warming up (one journey each, not counted)")
	for _, s := range oneSides {
		if _, err := measure(s); err != nil {
			return rep, err
		}
	}

	many, err := prepare("many", Journeys(cfg.Journeys), true, cfg.Workers)
	if err != nil {
		return rep, err
	}
	var vs, ps []Sample
	for round := range cfg.Rounds {
		fmt.Fprintf(cfg.Log, "round %d of %d: %d journeys each\n", round+1, cfg.Rounds, cfg.Journeys)
		order := many
		if round%2 == 1 {
			order = [2]side{many[1], many[0]}
		}
		for _, s := range order {
			x, err := measure(s)
			if err != nil {
				return rep, err
			}
			if s.name == "vouch" {
				vs = append(vs, x)
			} else {
				ps = append(ps, x)
			}
		}
		rep.RoundWall = append(rep.RoundWall, ratio(vs[len(vs)-1].Wall.Seconds(), ps[len(ps)-1].Wall.Seconds()))
	}
	rep.Vouch, rep.Playwright = median(vs), median(ps)

	// The single runs are as noisy as the journeys on a shared machine, so
	// they take the same rounds, in turns, and report the median too.
	rounds := func(what string, sides [2]side) (Sample, Sample, error) {
		var v, p []Sample
		for round := range cfg.Rounds {
			fmt.Fprintf(cfg.Log, "%s, round %d of %d\n", what, round+1, cfg.Rounds)
			order := sides
			if round%2 == 1 {
				order = [2]side{sides[1], sides[0]}
			}
			for _, s := range order {
				x, err := measure(s)
				if err != nil {
					return Sample{}, Sample{}, err
				}
				if s.name == "vouch" {
					v = append(v, x)
				} else {
					p = append(p, x)
				}
			}
		}
		return median(v), median(p), nil
	}
	if rep.OneVouch, rep.OnePW, err = rounds("one journey", oneSides); err != nil {
		return rep, err
	}

	fail := &plan.Plan{Version: plan.Version, Name: "time to failed", Journeys: []plan.Journey{{Name: "settled page", Steps: []plan.Step{
		{Kind: plan.Visit, Value: "/late/settled"},
		{Kind: plan.ExpectText, Value: "Never shown"},
	}}}}
	failSides, err := prepare("fail", fail, false, 1)
	if err != nil {
		return rep, err
	}
	if rep.FailedVouch, rep.FailedPW, err = rounds("time to failed", failSides); err != nil {
		return rep, err
	}
	return rep, nil
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

func median(xs []Sample) Sample {
	if len(xs) == 0 {
		return Sample{}
	}
	slices.SortFunc(xs, func(a, b Sample) int { return int(a.Wall - b.Wall) })
	return xs[len(xs)/2]
}

// installPlaywright installs @playwright/test into cache unless there, with
// browser downloads off, and returns the path of its CLI.
func installPlaywright(ctx context.Context, cache string, log io.Writer) (string, error) {
	cli := filepath.Join(cache, "node_modules", "@playwright", "test", "cli.js")
	pkg := filepath.Join(cache, "node_modules", "@playwright", "test", "package.json")
	if b, err := os.ReadFile(pkg); err == nil {
		var p struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(b, &p) == nil && p.Version == PlaywrightVersion {
			return cli, nil
		}
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", errors.New("the comparison needs npm to install @playwright/test")
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(cache, "package.json")); err != nil {
		if err := os.WriteFile(filepath.Join(cache, "package.json"), []byte(`{"private":true,"type":"module"}`+"\n"), 0o644); err != nil {
			return "", err
		}
	}
	fmt.Fprintf(log, "installing @playwright/test@%s into %s (no browser download)\n", PlaywrightVersion, cache)
	cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--loglevel=error", "@playwright/test@"+PlaywrightVersion)
	cmd.Dir = cache
	cmd.Env = append(os.Environ(), "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install @playwright/test: %v\n%s", err, out)
	}
	return cli, nil
}

// playwrightConfig is the Playwright Test configuration of one case: the
// same browser binary and flags as vouch, trace on (Playwright's full
// evidence: a screenshot and DOM snapshot per action), no retries.
func playwrightConfig(dir, out, chrome, base string, workers int) string {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	return `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: ` + q(dir) + `,
  testMatch: 'bench.spec.mjs',
  outputDir: ` + q(out) + `,
  workers: ` + strconv.Itoa(workers) + `,
  fullyParallel: true,
  retries: 0,
  reporter: 'line',
  use: {
    baseURL: ` + q(base) + `,
    trace: 'on',
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: ` + q(chrome) + `,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
`
}

// playwrightSpec writes p's journeys as Playwright tests, step for step.
// It knows the step kinds and CSS targets the benchmark journeys use.
func playwrightSpec(p *plan.Plan) (string, error) {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	var b strings.Builder
	b.WriteString("import { test, expect } from '@playwright/test';\n\n")
	for _, j := range p.Journeys {
		fmt.Fprintf(&b, "test(%s, async ({ page }) => {\n", q(j.Name))
		for _, s := range j.Steps {
			loc := ""
			if s.Target != "" {
				t, err := plan.ParseTarget(s.Target)
				if err != nil || t.Kind != plan.ByCSS {
					return "", fmt.Errorf("the Playwright spec writer knows CSS targets only, not %q", s.Target)
				}
				loc = "page.locator(" + q(t.Value) + ")"
			}
			switch s.Kind {
			case plan.Visit:
				fmt.Fprintf(&b, "  await page.goto(%s);\n", q(s.Value))
			case plan.Click:
				fmt.Fprintf(&b, "  await %s.click();\n", loc)
			case plan.Fill:
				fmt.Fprintf(&b, "  await %s.fill(%s);\n", loc, q(s.Value))
			case plan.Press:
				fmt.Fprintf(&b, "  await %s.press(%s);\n", loc, q(s.Value))
			case plan.ExpectText:
				fmt.Fprintf(&b, "  await expect(page.locator('body')).toContainText(%s);\n", q(s.Value))
			default:
				return "", fmt.Errorf("the Playwright spec writer does not know %s steps", s.Kind)
			}
		}
		b.WriteString("});\n\n")
	}
	return b.String(), nil
}

// runSampled runs cmd, sampling the PSS of its process tree every 100 ms,
// and returns its wall time, the CPU time of the whole tree and the peak
// PSS. The CPU time is what this process's reaped children used while cmd
// ran: the rusage of a child counts only the descendants it reaped
// itself, and a browser killed at the end of a run (as vouch does) leaves
// its renderer and GPU processes to be reaped by someone else, so this
// process becomes their reaper (PR_SET_CHILD_SUBREAPER) and reaps them
// after cmd exits. Both sides are measured the same way.
func runSampled(cmd *exec.Cmd) (Sample, error) {
	subreaper()
	var before syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before)
	pre := orphans()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Sample{}, err
	}
	done := make(chan struct{})
	peak := make(chan float64, 1)
	go func() {
		var max float64
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if v := treePSSMB(cmd.Process.Pid); v > max {
				max = v
			}
			select {
			case <-done:
				peak <- max
				return
			case <-t.C:
			}
		}
	}()
	err := cmd.Wait()
	wall := time.Since(start)
	reapOrphans(pre, 5*time.Second)
	close(done)
	s := Sample{Wall: wall, PSSMB: <-peak}
	var after syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after) == nil {
		s.CPU = time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return s, err
	}
	return s, nil
}

// treePSSMB sums Pss of root and its descendants (smaps_rollup), in MiB.
func treePSSMB(root int) float64 {
	parents := procParents()
	in := map[int]bool{root: true}
	for changed := true; changed; {
		changed = false
		for pid, pp := range parents {
			if !in[pid] && in[pp] {
				in[pid], changed = true, true
			}
		}
	}
	var kb float64
	for pid := range in {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "Pss:") {
				f := strings.Fields(l)
				if len(f) >= 2 {
					v, _ := strconv.ParseFloat(f[1], 64)
					kb += v
				}
				break
			}
		}
	}
	return kb / 1024
}

// dirBytes is the size of the files under dir.
func dirBytes(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if i, err := d.Info(); err == nil {
				n += i.Size()
			}
		}
		return nil
	})
	return n
}

// TimeVouch runs the comparison's journeys once with `vouch run` (after a
// warm-up run of one journey, not counted), with $VOUCH_TIMING set, and
// returns the run's wall time and its breakdown of where the time went
// (the runner's "timing:" lines). It needs neither Node.js nor Playwright.
func TimeVouch(ctx context.Context, cfg PWConfig) (string, error) {
	if cfg.Journeys <= 0 {
		cfg.Journeys = 12
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 2
	}
	if cfg.ChromePath == "" {
		p, err := runner.FindChrome()
		if err != nil {
			return "", err
		}
		cfg.ChromePath = p
	}
	if cfg.Vouch == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", err
		}
		cfg.Vouch = exe
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	srv := &http.Server{Handler: testapp.New().Handler(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	base := "http://" + l.Addr().String()
	work, err := os.MkdirTemp("", "vouch-timing-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)

	one := Journeys(2)
	one.Journeys = one.Journeys[1:]
	var out strings.Builder
	for i, p := range []*plan.Plan{one, Journeys(cfg.Journeys)} {
		planFile := filepath.Join(work, fmt.Sprintf("plan-%d.json", i))
		b, err := json.Marshal(p)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(planFile, b, 0o644); err != nil {
			return "", err
		}
		cmd := exec.CommandContext(ctx, cfg.Vouch, "run", "--url", base, "--out", filepath.Join(work, fmt.Sprintf("out-%d", i)),
			"--workers", strconv.Itoa(cfg.Workers), "--chrome", cfg.ChromePath, "--json", planFile)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if i == 1 {
			cmd.Env = append(os.Environ(), "VOUCH_TIMING=1")
		}
		s, err := runSampled(cmd)
		if err != nil {
			return "", err
		}
		var r struct {
			Decision string `json:"decision"`
		}
		_ = json.Unmarshal(stdout.Bytes(), &r)
		if r.Decision != "verified" {
			return "", fmt.Errorf("vouch run decided %q, want verified:\n%s", r.Decision, stderr.String())
		}
		if i == 0 {
			continue
		}
		fmt.Fprintf(&out, "vouch run: %d journeys, %d at a time: wall %.2fs, cpu %.2fs\n", cfg.Journeys, cfg.Workers, s.Wall.Seconds(), s.CPU.Seconds())
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(line, "timing: ") {
				out.WriteString(line + "\n")
			}
		}
	}
	return out.String(), nil
}

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

// subreaper makes this process the reaper of its orphaned descendants, so
// their CPU time is counted in its RUSAGE_CHILDREN once reaped.
func subreaper() {
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

// reapOrphans waits for the descendants a finished run left behind (a
// killed browser's renderers), the children that were not there before it
// started (pre), and reaps them; any still alive after wait are killed
// first, so none runs into the next measurement.
func reapOrphans(pre map[int]bool, wait time.Duration) {
	deadline := time.Now().Add(wait)
	for {
		left := 0
		for c := range orphans() {
			if pre[c] {
				continue
			}
			var ws syscall.WaitStatus
			if pid, err := syscall.Wait4(c, &ws, syscall.WNOHANG, nil); err == nil && pid == c {
				continue
			}
			left++
			if time.Now().After(deadline) {
				_ = syscall.Kill(c, syscall.SIGKILL)
			}
		}
		if left == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// orphans are this process's children (reparented descendants).
func orphans() map[int]bool {
	out := map[int]bool{}
	me := os.Getpid()
	for pid, pp := range procParents() {
		if pp == me {
			out[pid] = true
		}
	}
	return out
}
