package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/plan"
)

func init() {
	register(&command{
		name:    "verify",
		summary: "Have a vouch server verify a claim: show the plan and approval link, wait for a person's approval, run it, report the decision.",
		usage:   `--url URL --claim "SENTENCE" | --plan ID  [--json] [--no-wait] [--timeout D] [--server URL] [--key KEY]`,
		run:     verifyCmd,
	})
}

func verifyCmd(ctx context.Context, e *env, args []string) int {
	c := commands["verify"]
	fs := newFlags(e, c)
	var cf clientFlags
	cf.register(fs, 30*time.Minute)
	target := fs.String("url", "", "the deployed app's `URL`")
	claim := fs.String("claim", "", "the one `sentence` to prove, e.g. \"Signing in as the demo user shows the dashboard\"")
	planID := fs.String("plan", "", "continue with this plan `ID` (from --no-wait): wait for its approval and run it")
	asJSON := fs.Bool("json", false, "print one JSON document (plan, verification) on stdout; progress stays on stderr")
	noWait := fs.Bool("no-wait", false, "only prepare: print the plan and approval link, then exit 0")
	withExitCodes(e, fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q (quote the claim and pass it with --claim)", pos[0])
	}
	if *planID == "" && (*target == "" || strings.TrimSpace(*claim) == "") {
		return usageError(e, c, "--url and --claim are required (or --plan ID to continue with a prepared plan)")
	}
	if *planID != "" && (*target != "" || *claim != "") {
		return usageError(e, c, "--plan runs an existing plan: drop --url and --claim")
	}
	if *planID != "" && *noWait {
		return usageError(e, c, "--no-wait only prepares a plan; with --plan there is nothing to prepare")
	}
	if cf.timeout <= 0 {
		return usageError(e, c, "--timeout must be positive")
	}
	cl, err := newAPIClient(e, cf)
	if err != nil {
		return reportError(e, "verify", err, *asJSON, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, cf.timeout)
	defer cancel()
	out := map[string]any{}
	fail := func(err error) int { return reportError(e, "verify", err, *asJSON, out) }

	var p *client.Plan
	if *planID != "" {
		p, err = cl.GetPlan(ctx, *planID)
	} else {
		p, err = cl.Prepare(ctx, client.PrepareRequest{DeploymentURL: *target, Claim: *claim})
		if err == nil && p.DeploymentURL == "" {
			p.DeploymentURL = *target // the create answer does not echo it
		}
	}
	if err != nil {
		return fail(err)
	}
	out["plan"] = p
	if !*asJSON {
		printPlan(e.stdout, p)
	}
	if *noWait {
		if *asJSON {
			printJSON(e, out)
		} else {
			fmt.Fprintf(e.stdout, "\nNot waiting (--no-wait). Once approved, run it with:\n  vouch verify --plan %s\n", p.PlanID)
		}
		return exitVerified
	}

	w := newWatcher(e, e.stderr)
	approved, err := waitApproval(ctx, cl, p, w)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(e.stderr, "vouch verify: gave up after %s: plan %s is still waiting for approval at %s\n  continue later with: vouch verify --plan %s\n",
				cf.timeout, p.PlanID, p.ApproveURL, p.PlanID)
		}
		return fail(err)
	}
	out["plan"] = approved
	if !*asJSON {
		fmt.Fprintf(e.stdout, "\nApproved%s. Running it (billed as one verification).\n", approvedBy(approved))
	}
	v, err := cl.Run(ctx, client.RunRequest{PlanID: approved.PlanID})
	if err != nil {
		return fail(err)
	}
	out["verification"] = v
	if !*asJSON {
		fmt.Fprintf(e.stdout, "Verification %s %s.\n", v.ID, v.State)
	}
	done, err := waitResult(ctx, cl, v.ID, w)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(e.stderr, "vouch verify: gave up after %s: verification %s is still running\n  its result later: vouch result %s\n", cf.timeout, v.ID, v.ID)
		}
		return fail(err)
	}
	out["verification"] = done
	if *asJSON {
		out["exit_code"] = decisionCode(done.Decision)
		printJSON(e, out)
	} else {
		printVerification(e.stdout, done)
	}
	return decisionCode(done.Decision)
}

// waitApproval waits for a person's decision on p with a spinner.
func waitApproval(ctx context.Context, cl *client.Client, p *client.Plan, w *watcher) (*client.Plan, error) {
	if p.State == client.StateApproved {
		return p, nil
	}
	w.status("Waiting for a person to approve at " + p.ApproveURL)
	defer w.stop()
	return cl.WaitForApproval(ctx, p.PlanID, func(*client.Plan) { w.tick() })
}

// waitResult follows a run to its decision, showing each journey.
func waitResult(ctx context.Context, cl *client.Client, id string, w *watcher) (*client.Verification, error) {
	w.status("Running " + id)
	defer w.stop()
	return cl.WaitForResult(ctx, id, func(v *client.Verification) {
		if v.Progress != nil {
			w.journeys(v.Progress.Journeys)
		}
		if !v.Done() {
			w.status(strings.ToUpper(v.State[:1]) + v.State[1:] + " " + id)
		}
	})
}

func approvedBy(p *client.Plan) string {
	for _, a := range p.Approvals {
		if a.Action == client.StateApproved && a.By != "" {
			return " by " + a.By
		}
	}
	return ""
}

// decisionCode is the exit code of a decision.
func decisionCode(d string) int {
	switch d {
	case client.Verified:
		return exitVerified
	case client.Failed:
		return exitFailed
	}
	return exitBlocked
}

// printPlan shows what the person is asked to approve: requirements, the
// journeys and their steps, and the link.
func printPlan(w io.Writer, p *client.Plan) {
	target := p.DeploymentURL
	if target != "" {
		target = " for " + target
	}
	switch p.State {
	case client.StateApproved, client.StateRejected:
		fmt.Fprintf(w, "Plan %s%s (%s).\n", p.PlanID, target, p.State)
	default:
		fmt.Fprintf(w, "Plan %s%s, waiting for a person's approval: nothing has run, nothing is charged.\n", p.PlanID, target)
	}
	fmt.Fprintln(w, "\nRequirements:")
	for _, r := range p.Requirements {
		fmt.Fprintf(w, "  %-4s %s\n", r.ID, r.Text)
	}
	if doc, err := plan.Parse(p.Plan); err == nil {
		fmt.Fprintln(w, "\nJourneys (each in a fresh browser context):")
		for i, j := range doc.Journeys {
			req := ""
			if j.Requirement != "" {
				req = " [" + j.Requirement + "]"
			}
			fmt.Fprintf(w, "  %d. %s%s\n", i+1, j.Name, req)
			for _, s := range j.Steps {
				fmt.Fprintf(w, "       %s\n", s.Describe())
			}
		}
	}
	for _, n := range p.Notes {
		fmt.Fprintf(w, "\nNote: %s\n", n)
	}
	if p.ApproveURL != "" {
		fmt.Fprintf(w, "\nApprove: %s\n", p.ApproveURL)
	}
}

// printVerification shows a completed verification: the decision, each
// requirement's result, the repair prompt and the evidence link.
func printVerification(w io.Writer, v *client.Verification) {
	if !v.Done() {
		fmt.Fprintf(w, "Verification %s is %s.\n", v.ID, v.State)
		return
	}
	fmt.Fprintf(w, "\n%s  %s  %s\n", strings.ToUpper(v.Decision), v.ID, v.DeploymentURL)
	if v.Reason != "" {
		fmt.Fprintf(w, "  %s\n", v.Reason)
	}
	if v.RecheckOf != "" {
		fmt.Fprintf(w, "  re-check of %s\n", v.RecheckOf)
	}
	for _, r := range v.Requirements {
		fmt.Fprintf(w, "  %-8s %-4s %s\n", r.Result, r.ID, r.Text)
	}
	if v.RepairPrompt != "" {
		fmt.Fprintf(w, "\nRepair prompt:\n%s\n", indent(strings.TrimRight(v.RepairPrompt, "\n")))
	}
	if e := v.Evidence; e != nil {
		if e.ReportURL != "" {
			fmt.Fprintf(w, "\nEvidence: %s\n", e.ReportURL)
		} else {
			fmt.Fprintf(w, "\nEvidence: %s\n", e.ManifestURL)
		}
		if a := v.Attestation; a != nil {
			fmt.Fprintf(w, "Attestation: %s\n", a.Summary)
		}
	}
	if v.Decision == client.Failed {
		fmt.Fprintf(w, "After a fix: vouch recheck %s\n", v.ID)
	}
}

// watcher shows waiting and progress on stderr: on a terminal a spinner
// line under one redrawn line per journey; elsewhere (CI logs) plain lines,
// one per change, and a reminder once a minute while nothing changes.
type watcher struct {
	w   io.Writer
	tty bool

	mu       sync.Mutex
	line     string    // what is being waited for
	began    time.Time // when line was set
	lines    []string  // one per journey
	drawn    int       // lines on screen (tty)
	frame    int
	said     time.Time // last plain line
	jstate   map[string]string
	ticking  bool
	stopTick chan struct{}
}

// watchTTY is whether the watcher may draw on w (canDraw); a variable so
// tests can draw.
var watchTTY = canDraw

// canDraw says whether w is a terminal that takes cursor movement: not a
// pipe or file, and not TERM=dumb (Emacs shells, some CI consoles) or an
// unset TERM, where escapes would print as garbage.
func canDraw(w io.Writer, getenv func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	t := getenv("TERM")
	return t != "" && t != "dumb"
}

func newWatcher(e *env, w io.Writer) *watcher {
	return &watcher{w: w, tty: watchTTY(w, e.getenv), jstate: map[string]string{}}
}

var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// status sets what is being waited for.
func (wt *watcher) status(s string) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if s == wt.line {
		return
	}
	wt.line, wt.began = s, time.Now()
	if !wt.tty {
		fmt.Fprintln(wt.w, s)
		wt.said = time.Now()
		return
	}
	if !wt.ticking {
		wt.ticking = true
		wt.stopTick = make(chan struct{})
		go wt.spin(wt.stopTick)
	}
	wt.draw()
}

// tick is called on every poll: in plain mode it says "still waiting"
// once a minute.
func (wt *watcher) tick() {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if !wt.tty && time.Since(wt.said) >= time.Minute {
		fmt.Fprintf(wt.w, "  still waiting (%s)\n", time.Since(wt.began).Round(time.Second))
		wt.said = time.Now()
	}
}

// journeys shows each journey's progress.
func (wt *watcher) journeys(js []client.JourneyProgress) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	wt.lines = wt.lines[:0]
	for _, j := range js {
		var l string
		switch j.State {
		case "pending":
			l = fmt.Sprintf("  …  %s  waiting", j.Name)
		case "running":
			l = fmt.Sprintf("  ▶  %s  step %d/%d", j.Name, j.Step, j.Steps)
		default:
			l = fmt.Sprintf("  %s  %s  %s", badge(j.State), j.Name, j.State)
		}
		wt.lines = append(wt.lines, l)
		if !wt.tty {
			key := j.State + fmt.Sprint(j.Step)
			if wt.jstate[j.Name] != key {
				wt.jstate[j.Name] = key
				fmt.Fprintln(wt.w, strings.TrimSpace(l))
				wt.said = time.Now()
			}
		}
	}
	if wt.tty {
		wt.draw()
	}
}

func (wt *watcher) spin(stop chan struct{}) {
	t := time.NewTicker(120 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			wt.mu.Lock()
			wt.frame++
			wt.draw()
			wt.mu.Unlock()
		}
	}
}

// draw redraws the journey lines and the spinner line in place. Called
// with mu held.
func (wt *watcher) draw() {
	if wt.drawn > 0 {
		fmt.Fprintf(wt.w, "\x1b[%dA", wt.drawn)
	}
	for _, l := range wt.lines {
		fmt.Fprintf(wt.w, "\r\x1b[2K%s\n", l)
	}
	fmt.Fprintf(wt.w, "\r\x1b[2K%s %s (%s)\n", spinner[wt.frame%len(spinner)], wt.line, time.Since(wt.began).Round(time.Second))
	wt.drawn = len(wt.lines) + 1
}

// stop ends the spinner, leaving the journey lines on screen.
func (wt *watcher) stop() {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if wt.ticking {
		close(wt.stopTick)
		wt.ticking = false
	}
	if wt.tty && wt.drawn > 0 {
		// Remove the spinner line; keep the journeys.
		fmt.Fprintf(wt.w, "\x1b[1A\r\x1b[2K")
		wt.drawn = 0
		wt.lines = wt.lines[:0]
	}
	wt.line = ""
}
