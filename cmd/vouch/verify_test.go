package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
)

// lockedBuffer is a bytes.Buffer a command writes while a test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// cli runs client commands in-process against a test server, with the
// environment a CI job would have.
type cli struct {
	t    *testing.T
	env  *servertest.Env
	vars map[string]string
}

func newCLI(t *testing.T, env *servertest.Env) *cli {
	return &cli{t: t, env: env, vars: map[string]string{
		"VOUCH_SERVER":    env.URL,
		"VOUCH_API_KEY":   env.LaunchKey,
		"XDG_CONFIG_HOME": t.TempDir(),
		"HOME":            t.TempDir(),
	}}
}

// running is a command started by start.
type running struct {
	stdout, stderr *lockedBuffer
	done           chan int
}

func (c *cli) start(ctx context.Context, stdin io.Reader, args ...string) *running {
	r := &running{stdout: &lockedBuffer{}, stderr: &lockedBuffer{}, done: make(chan int, 1)}
	vars := map[string]string{}
	for k, v := range c.vars {
		vars[k] = v
	}
	e := &env{stdin: stdin, stdout: r.stdout, stderr: r.stderr, getenv: func(k string) string { return vars[k] }}
	go func() { r.done <- Main(ctx, e, args) }()
	return r
}

// run runs a command to its end.
func (c *cli) run(args ...string) (int, string, string) {
	c.t.Helper()
	r := c.start(context.Background(), strings.NewReader(""), args...)
	code := r.wait(c.t)
	return code, r.stdout.String(), r.stderr.String()
}

func (r *running) wait(t *testing.T) int {
	t.Helper()
	// A bound so that a stuck command fails with its output instead of
	// hanging until go test's timeout; not a performance assertion.
	select {
	case code := <-r.done:
		return code
	case <-time.After(4 * time.Minute):
		t.Fatalf("command did not end\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
		return -1
	}
}

// waitFor waits until the command's stdout matches find, returning the
// match; it fails if the command ends first.
func (r *running) waitFor(t *testing.T, find func(string) string) string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if m := find(r.stdout.String()); m != "" {
			return m
		}
		select {
		case code := <-r.done:
			r.done <- code
			t.Fatalf("command ended (exit %d) before printing what was awaited\nstdout:\n%s\nstderr:\n%s", code, r.stdout, r.stderr)
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("timed out waiting\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	return ""
}

// vouch verify against a real server and Chromium: each decision and each
// refusal has its exit code, with the approval (or rejection) given by a
// signed-in person while the command waits.
func TestVerifyExitCodes(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	c := newCLI(t, env)
	dead := servertest.ClosedPort(t)
	tests := []struct {
		name     string
		args     []string
		vars     map[string]string // overrides
		breakage string
		person   string // "approve", "reject" or "" (nobody comes)
		code     int
		stdout   []string
		stderr   []string
		charged  int
	}{
		{name: "verified", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--poll", "100ms"}, person: "approve",
			code: exitVerified, charged: 1,
			stdout: []string{"Requirements:", "Journeys", "Approve: " + env.URL + "/console/plans/pln_", "Approved by " + env.Email, "VERIFIED", "met", "Evidence: " + env.URL},
			stderr: []string{"Waiting for a person to approve at", "Running ver_", "✓  R1 On /, the page shows \"Welcome to testapp\"  verified"}},
		{name: "failed", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--poll", "100ms"}, breakage: "home-text", person: "approve",
			code: exitFailed, charged: 1,
			stdout: []string{"FAILED", "not_met", "Repair prompt:", "Evidence: ", "vouch recheck ver_"},
			// Live progress, one plain line per change: the failing step
			// waits out its budget, so the running journey is seen.
			stderr: []string{"step 1/", "✗  R1 On /, the page shows \"Welcome to testapp\"  failed"}},
		{name: "blocked", args: []string{"--url", dead, "--claim", servertest.HomeClaim, "--poll", "100ms"}, person: "approve",
			code: exitBlocked, charged: 1, stdout: []string{"BLOCKED", "Repair prompt:"}},
		{name: "claim refused", args: []string{"--url", env.AppURL, "--claim", "Everyone loves this app", "--poll", "100ms"},
			code: exitRefused, stderr: []string{"claim_not_provable", "request_id req_", "Repair prompt:"}},
		{name: "plan rejected", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--poll", "100ms"}, person: "reject",
			code: exitRejected, stderr: []string{"rejected plan", "not this page", "plan_rejected"}},
		{name: "approval times out", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--poll", "100ms", "--timeout", "3s"},
			code: exitTimeout, stderr: []string{"gave up after 3s", "still waiting for approval", "vouch verify --plan pln_"}},
		{name: "no wait", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--no-wait"},
			code: exitVerified, stdout: []string{"Approve: ", "vouch verify --plan pln_"}},
		{name: "no credentials", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim},
			vars: map[string]string{"VOUCH_API_KEY": ""}, code: exitUsage, stderr: []string{"no API key", "vouch init"}},
		{name: "no server", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim},
			vars: map[string]string{"VOUCH_SERVER": ""}, code: exitUsage, stderr: []string{"no server"}},
		{name: "key refused", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim},
			vars: map[string]string{"VOUCH_API_KEY": "vch_wrong"}, code: exitError, stderr: []string{"unauthorized"}},
		{name: "read key cannot run", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--poll", "100ms"},
			vars: map[string]string{"VOUCH_API_KEY": env.ReadKey}, person: "approve", code: exitError, stderr: []string{"insufficient_scope"}},
		{name: "server down", args: []string{"--url", env.AppURL, "--claim", servertest.HomeClaim, "--server", dead, "--timeout", "1m"},
			code: exitError},
		{name: "missing claim", args: []string{"--url", env.AppURL}, code: exitUsage, stderr: []string{"--claim"}},
		{name: "positional claim", args: []string{"--url", env.AppURL, "The home page loads"}, code: exitUsage, stderr: []string{"--claim"}},
		{name: "unknown flag", args: []string{"--nope"}, code: exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env.App.Reset()
			if tt.breakage != "" {
				if err := env.App.Set(tt.breakage, true); err != nil {
					t.Fatal(err)
				}
			}
			tc := &cli{t: t, env: env, vars: map[string]string{}}
			for k, v := range c.vars {
				tc.vars[k] = v
			}
			for k, v := range tt.vars {
				tc.vars[k] = v
			}
			before := env.Charges(t)
			r := tc.start(context.Background(), strings.NewReader(""), append([]string{"verify"}, tt.args...)...)
			if tt.person != "" {
				id := r.waitFor(t, func(s string) string {
					if !strings.Contains(s, "Approve: ") {
						return ""
					}
					return servertest.PlanIDIn(s)
				})
				// The command is waiting for a person: on a pipe it says so
				// in plain lines, no spinner.
				p := env.SignIn(t)
				if tt.person == "approve" {
					p.Approve(t, id)
				} else {
					p.Reject(t, id, "not this page")
				}
			}
			code := r.wait(t)
			out, errs := r.stdout.String(), r.stderr.String()
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errs)
			}
			for _, want := range tt.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr lacks %q:\n%s", want, errs)
				}
			}
			if strings.Contains(errs, "\x1b[") {
				t.Errorf("terminal escapes written to a pipe:\n%q", errs)
			}
			if got := env.Charges(t) - before; got != tt.charged {
				t.Errorf("%d charges, want %d", got, tt.charged)
			}
		})
	}
}

// --json prints one document a machine can read, with the exit code, and
// --plan continues with a plan prepared by --no-wait.
func TestVerifyJSONAndPlan(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	c := newCLI(t, env)
	code, out, errs := c.run("verify", "--url", env.AppURL, "--claim", servertest.HomeClaim, "--no-wait", "--json")
	var prepared struct {
		Plan struct {
			PlanID     string `json:"plan_id"`
			ApproveURL string `json:"approve_url"`
			State      string `json:"state"`
		} `json:"plan"`
	}
	if err := json.Unmarshal([]byte(out), &prepared); code != 0 || err != nil || prepared.Plan.ApproveURL == "" || prepared.Plan.State != "review_required" {
		t.Fatalf("exit %d, %v\nstdout:\n%s\nstderr:\n%s", code, err, out, errs)
	}
	env.Approve(t, prepared.Plan.PlanID)
	code, out, errs = c.run("verify", "--plan", prepared.Plan.PlanID, "--json", "--poll", "100ms")
	var doc struct {
		Plan         struct{ State string }
		Verification struct {
			ID, Decision string
			Evidence     struct {
				ReportURL string `json:"report_url"`
			}
		}
		ExitCode *int `json:"exit_code"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitVerified || doc.Plan.State != "approved" ||
		doc.Verification.Decision != "verified" || doc.ExitCode == nil || *doc.ExitCode != 0 || doc.Verification.Evidence.ReportURL == "" {
		t.Fatalf("exit %d, %v\nstdout:\n%s\nstderr:\n%s", code, err, out, errs)
	}
	// A refusal in --json is an error document on stdout.
	code, out, _ = c.run("verify", "--url", env.AppURL, "--claim", "Everyone loves this app", "--json")
	var refusal struct {
		Error struct {
			Code         string `json:"code"`
			RepairPrompt string `json:"repair_prompt"`
		}
		ExitCode int `json:"exit_code"`
	}
	if err := json.Unmarshal([]byte(out), &refusal); err != nil || code != exitRefused || refusal.ExitCode != exitRefused ||
		refusal.Error.Code != "claim_not_provable" || refusal.Error.RepairPrompt == "" {
		t.Fatalf("refusal: exit %d, %v\n%s", code, err, out)
	}
}

// The watcher draws a spinner and redraws journey lines in place on a
// terminal.
func TestWatcherOnTerminal(t *testing.T) {
	old := watchTTY
	watchTTY = func(io.Writer, func(string) string) bool { return true }
	defer func() { watchTTY = old }()
	var b lockedBuffer
	w := newWatcher(&env{getenv: func(string) string { return "" }}, &b)
	w.status("Waiting for a person to approve at http://x/console/plans/pln_1")
	time.Sleep(300 * time.Millisecond) // two spinner frames
	w.stop()
	out := b.String()
	if !strings.Contains(out, "\x1b[2K") || !strings.Contains(out, "\x1b[1A") || strings.Count(out, "Waiting for a person") < 2 {
		t.Fatalf("no spinner drawn in place:\n%q", out)
	}
	frames := 0
	for _, f := range spinner {
		if strings.Contains(out, f) {
			frames++
		}
	}
	if frames < 2 {
		t.Fatalf("spinner did not turn: %q", out)
	}
}
