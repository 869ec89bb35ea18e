package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

func init() {
	register(&command{
		name:    "run",
		summary: "Run a plan's journeys in headless Chromium against a base URL and decide.",
		usage:   "PLAN|- --url BASE [--out DIR] [--workers N] [--junit FILE] [--json]",
		run:     runCmd,
	})
}

// runFlags are the engine flags shared by run, replay and demo.
type runFlags struct {
	out         string
	workers     int
	junit       string
	json        bool
	chrome      string
	stepTimeout time.Duration
	noEvidence  bool
	headed      bool
	allow       string
}

func (f *runFlags) register(fs interface {
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
	BoolVar(*bool, string, bool, string)
	DurationVar(*time.Duration, string, time.Duration, string)
}) {
	fs.StringVar(&f.out, "out", "", "evidence directory (default ./vouch-out/<time>-<plan id>)")
	fs.IntVar(&f.workers, "workers", 4, "journeys run at once")
	fs.StringVar(&f.junit, "junit", "", "also write JUnit XML to this file (for CI systems)")
	fs.BoolVar(&f.json, "json", false, "print the result as JSON instead of text")
	fs.StringVar(&f.chrome, "chrome", "", "Chromium binary (default $VOUCH_CHROME, then Debian's chromium-headless-shell when headless, then chromium)")
	fs.DurationVar(&f.stepTimeout, "step-timeout", 10*time.Second, "default budget of one step")
	fs.BoolVar(&f.noEvidence, "no-evidence", false, "record no screenshots, DOM or HAR (results only)")
	fs.BoolVar(&f.headed, "headed", false, "show the browser window")
	fs.StringVar(&f.allow, "allow-targets", "", "comma-separated hosts or CIDRs the browser may reach (default: any but link-local and metadata addresses)")
}

func runCmd(ctx context.Context, e *env, args []string) int {
	c := commands["run"]
	fs := newFlags(e, c)
	var f runFlags
	var base string
	fs.StringVar(&base, "url", "", "base URL of the deployed app (required)")
	f.register(fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "give exactly one plan file, or - for standard input")
	}
	if base == "" {
		return usageError(e, c, "--url is required")
	}
	data, err := readInput(e, pos[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch run: %v\n", err)
		return runFailJSON(e, f.json, exitUsage, "usage", err.Error(), nil)
	}
	p, err := parsePlanDocument(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch run: the plan is refused; nothing ran:\n%v\n", indent(err.Error()))
		return runFailJSON(e, f.json, exitRefused, "invalid_plan", "the plan is refused; nothing ran", planProblems(err))
	}
	return runPlan(ctx, e, p, base, f)
}

// runFailJSON, with --json, prints an error that ended a local run before
// it decided as {"error": {"code", "message", "problems"?}, "exit_code": N}
// on stdout, the shape client commands print, so that a script reading
// stdout always gets JSON; it returns code.
func runFailJSON(e *env, asJSON bool, code int, errCode, msg string, problems []map[string]any) int {
	if asJSON {
		out := map[string]any{"code": errCode, "message": msg}
		if len(problems) > 0 {
			out["problems"] = problems
		}
		printJSON(e, map[string]any{"error": out, "exit_code": code})
	}
	return code
}

// planProblems lists a refused plan's problems with where each is:
// {"journey", "step", "field", "message"} (0 and "" when not about one).
func planProblems(err error) []map[string]any {
	var errs plan.Errors
	if !errors.As(err, &errs) {
		return []map[string]any{{"message": err.Error()}}
	}
	out := make([]map[string]any, 0, len(errs))
	for _, fe := range errs {
		out = append(out, map[string]any{"journey": fe.Journey, "step": fe.Step, "field": fe.Field, "message": fe.Message, "text": fe.Error()})
	}
	return out
}

// runPlan runs p against base with the engine and reports the result. It is
// shared by run, replay and demo.
func runPlan(ctx context.Context, e *env, p *plan.Plan, base string, f runFlags) int {
	policy := &netpolicy.Policy{}
	if f.allow != "" {
		allow, err := netpolicy.Parse(f.allow)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch: --allow-targets: %v\n", err)
			return runFailJSON(e, f.json, exitUsage, "usage", "--allow-targets: "+err.Error(), nil)
		}
		policy.Allow = allow
	}
	if _, err := policy.CheckURL(base); err != nil {
		fmt.Fprintf(e.stderr, "vouch: --url %s: %v\n", base, err)
		return runFailJSON(e, f.json, exitUsage, "target_not_allowed", "--url "+base+": "+err.Error(), nil)
	}
	mode := runner.EvidenceFull
	if f.noEvidence {
		mode = runner.EvidenceOff
	}
	dir := f.out
	if dir == "" && mode == runner.EvidenceFull {
		dir = filepath.Join("vouch-out", time.Now().UTC().Format("20060102-150405")+"-"+p.ID()[:8])
	}
	// $VOUCH_TIMING prints where the run's time went, on stderr.
	var timing io.Writer
	if e.getenv("VOUCH_TIMING") != "" {
		timing = e.stderr
	}
	r, err := runner.New(runner.Config{
		ChromePath:  f.chrome,
		Workers:     f.workers,
		StepTimeout: f.stepTimeout,
		Evidence:    mode,
		Headed:      f.headed,
		Policy:      policy,
		Timing:      timing,
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch: %v\n", err)
		return runFailJSON(e, f.json, exitUsage, "usage", err.Error(), nil)
	}
	defer r.Close()

	prog := newProgress(e.stderr, p, f.json, e.getenv)
	runStart := time.Now()
	res, err := r.Run(ctx, p, runner.Options{
		BaseURL:  base,
		Dir:      dir,
		Secrets:  secretsFromEnv(p, e.getenv),
		Progress: prog.event,
	})
	prog.done()
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch: %v\n", err)
		return runFailJSON(e, f.json, exitError, "run_error", err.Error(), nil)
	}
	if f.junit != "" {
		if err := writeJUnit(f.junit, res.Manifest); err != nil {
			fmt.Fprintf(e.stderr, "vouch: --junit: %v\n", err)
			return runFailJSON(e, f.json, exitError, "run_error", "--junit: "+err.Error(), nil)
		}
	}
	runEnd := time.Now()
	// The browser is no longer needed: it closes (~0.1 s) while the
	// evidence is signed and the result printed.
	closed := make(chan time.Time, 1)
	go func() {
		r.Close()
		closed <- time.Now()
	}()
	signed := signLocalRun(ctx, e, res)
	if timing != nil {
		signEnd := time.Now()
		closeEnd := <-closed
		closed <- closeEnd
		fmt.Fprintf(timing, "timing: process: start to run %.1f ms (of which Go package initialisation %.1f ms), run %.1f ms, then alongside each other the signature %.1f ms and the browser's close %.1f ms; CPU of vouch itself %.1f ms, of the browser %.1f ms\n",
			ms(runStart.Sub(processStart)), ms(mainStart.Sub(processStart)), ms(runEnd.Sub(runStart)), ms(signEnd.Sub(runEnd)), ms(closeEnd.Sub(runEnd)), ms(cpuTime(false)), ms(cpuTime(true)))
	}
	defer func() { <-closed }()
	if f.json {
		printResultJSON(e.stdout, p, res)
	} else {
		printResult(e.stdout, res)
		if signed != "" {
			fmt.Fprintf(e.stdout, "Signed: %s (check with vouch evidence verify %s)\n", signed, res.Dir)
		}
	}
	return decisionExit(res.Decision)
}

func decisionExit(d evidence.Decision) int {
	switch d {
	case evidence.Verified:
		return exitVerified
	case evidence.Failed:
		return exitFailed
	}
	return exitBlocked
}

// secretsFromEnv looks up each secret the plan names as VOUCH_SECRET_<NAME>,
// then <NAME>. A missing secret is left out: the runner decides blocked and
// says which one.
func secretsFromEnv(p *plan.Plan, getenv func(string) string) map[string]string {
	out := map[string]string{}
	for _, name := range p.Secrets() {
		if v := getenv("VOUCH_SECRET_" + name); v != "" {
			out[name] = v
		} else if v := getenv(name); v != "" {
			out[name] = v
		}
	}
	return out
}

func readInput(e *env, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(e.stdin, plan.MaxSize+1))
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read the plan: %w", err)
	}
	if st.Size() > plan.MaxSize {
		return nil, fmt.Errorf("%s is %d bytes; a plan may be at most %d", name, st.Size(), plan.MaxSize)
	}
	return os.ReadFile(name)
}

// parsePlanDocument reads a plan, or the JSON that `vouch derive --json`
// prints (an object with a "plan" field), so the two commands pipe.
func parsePlanDocument(data []byte) (*plan.Plan, error) {
	t := bytes.TrimSpace(data)
	if len(t) > 0 && t[0] == '{' {
		var probe struct {
			Plan     json.RawMessage `json:"plan"`
			Journeys json.RawMessage `json:"journeys"`
		}
		if json.Unmarshal(t, &probe) == nil && len(probe.Plan) > 0 && len(probe.Journeys) == 0 {
			return plan.Parse(probe.Plan)
		}
	}
	return plan.Parse(data)
}

func writeJUnit(path string, m *evidence.Manifest) error {
	var b bytes.Buffer
	if err := evidence.WriteJUnit(&b, m); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func printResult(w io.Writer, res *runner.Result) {
	m := res.Manifest
	fmt.Fprintf(w, "\n%s  %s\n", strings.ToUpper(string(res.Decision)), m.PlanName)
	for _, j := range m.Journeys {
		line := fmt.Sprintf("  %-8s %s", j.Decision, j.Name)
		if j.Reason != "" {
			line += " — " + j.Reason
		}
		fmt.Fprintln(w, line)
	}
	for _, j := range m.Journeys {
		if j.RepairPrompt != "" {
			fmt.Fprintf(w, "\nRepair prompt (%s):\n%s\n", j.Name, indent(strings.TrimRight(j.RepairPrompt, "\n")))
		}
	}
	if res.Report != "" {
		fmt.Fprintf(w, "\nReport: %s\n", res.Report)
	}
}

type journeyJSON struct {
	Name         string            `json:"name"`
	Requirement  string            `json:"requirement,omitempty"`
	Decision     evidence.Decision `json:"decision"`
	Reason       string            `json:"reason,omitempty"`
	RepairPrompt string            `json:"repair_prompt,omitempty"`
}

func printResultJSON(w io.Writer, p *plan.Plan, res *runner.Result) {
	out := struct {
		Decision     evidence.Decision `json:"decision"`
		PlanID       string            `json:"plan_id"`
		PlanName     string            `json:"plan_name"`
		BaseURL      string            `json:"base_url"`
		Journeys     []journeyJSON     `json:"journeys"`
		RepairPrompt string            `json:"repair_prompt,omitempty"`
		Dir          string            `json:"dir,omitempty"`
		Report       string            `json:"report,omitempty"`
		Attestation  string            `json:"attestation,omitempty"`
	}{Decision: res.Decision, PlanID: p.ID(), PlanName: p.Name, BaseURL: res.Manifest.BaseURL,
		RepairPrompt: res.Manifest.RepairPrompt, Dir: res.Dir, Report: res.Report, Attestation: attestationPath(res.Dir)}
	for _, j := range res.Manifest.Journeys {
		out.Journeys = append(out.Journeys, journeyJSON{j.Name, j.Requirement, j.Decision, j.Reason, j.RepairPrompt})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(out)
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
