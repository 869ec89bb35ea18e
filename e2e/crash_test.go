package e2e

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/testapp"
)

// buildVouch builds cmd/vouch into a temporary directory.
// vouchOut runs the vouch binary bin with args, stdin on its standard
// input, and returns what it printed, trimmed; a failure ends the test.
func vouchOut(t *testing.T, bin, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("vouch %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// operatorKey adds the person email (password) and returns a new launch
// key, both in the store the flags where name.
func operatorKey(t *testing.T, bin, email, password string, where ...string) string {
	t.Helper()
	vouchOut(t, bin, password+"\n", append([]string{"users", "add", email, "--password-stdin"}, where...)...)
	return vouchOut(t, bin, "", append([]string{"keys", "create", "--scope", "launch"}, where...)...)
}

func buildVouch(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "vouch")
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/vouch")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// serveProc is a `vouch serve` subprocess in its own process group, so
// that killing it kills its Chromium too, as a machine crash would.
type serveProc struct {
	cmd    *exec.Cmd
	base   string
	exited chan struct{} // closed when the process has exited
	err    error         // its exit status, once exited
}

var servingRe = regexp.MustCompile(`vouch serving on (\S+)`)

func startServe(t testing.TB, bin, dir string, extra ...string) *serveProc {
	t.Helper()
	return startServeEnv(t, bin, dir, nil, extra...)
}

// startServeEnv is startServe with extra environment variables.
func startServeEnv(t testing.TB, bin, dir string, env []string, extra ...string) *serveProc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--workers", "2"}, extra...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = tWriter{t}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, exited: make(chan struct{})}
	t.Cleanup(func() { p.kill() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		t.Logf("serve: %s", sc.Text())
		if m := servingRe.FindStringSubmatch(sc.Text()); m != nil {
			p.base = "http://" + m[1]
			break
		}
	}
	if p.base == "" {
		t.Fatalf("vouch serve did not start: %v", sc.Err())
	}
	go func() {
		for sc.Scan() {
			t.Logf("serve: %s", sc.Text())
		}
		_, _ = io.Copy(io.Discard, out)
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p
}

// kill sends SIGKILL to the process group (vouch and its Chromium) and
// waits for vouch to exit.
func (p *serveProc) kill() {
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.exited
}

// wait waits for the process to exit and returns its exit status.
func (p *serveProc) wait() error {
	<-p.exited
	return p.err
}

// A `vouch serve` killed with SIGKILL mid-run, restarted on the same data
// directory, brings every run to a decision, and the ledger holds exactly
// one charge per run. Then SIGTERM stops it gracefully (exit 0) while a
// run is going, and the next start finishes everything.
func TestCrashAndRestart(t *testing.T) {
	needChrome(t)
	bin := buildVouch(t)
	dir := t.TempDir()
	app := testapp.New()
	ts := httptest.NewServer(app.Handler())
	defer ts.Close()
	// Every home page load takes 3 s, so runs are caught mid-way.
	if err := app.Set("slow-home", true); err != nil {
		t.Fatal(err)
	}

	const email, password = "ops@example.com", "a long enough password"
	key := operatorKey(t, bin, email, password, "--data", dir)

	// The default attempt bound (River's rescuer would wait half an hour):
	// the restarted process finds no other worker alive on the file and
	// takes the killed one's run back at once.
	p := startServe(t, bin, dir)
	e := &env{t: t, base: p.base, launch: key, read: key, email: email, password: password, hc: &http.Client{Timeout: 60 * time.Second}}
	planID := e.approved(ts.URL, homeClaim)
	var ids []string
	for range 3 {
		ids = append(ids, e.startRun(planID, ts.URL, homeClaim))
	}
	waitState(t, e, ids[0], "running")
	p.kill()
	if p.err == nil {
		t.Fatal("vouch serve exited cleanly after SIGKILL?")
	}

	// Restart on the same directory.
	p = startServe(t, bin, dir)
	e.base = p.base
	// Let one run get going again, then stop gracefully.
	waitAnyState(t, e, ids, "running")
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := p.wait(); err != nil {
		t.Fatalf("vouch serve after SIGTERM: %v (want exit 0)", err)
	}

	p = startServe(t, bin, dir)
	e.base = p.base
	for _, id := range ids {
		if d := e.wait(id); d["decision"] != "verified" {
			t.Fatalf("%s: decision %v (%v)", id, d["decision"], d["repair_prompt"])
		}
	}
	if n := e.usageTotal(); n != len(ids) {
		t.Fatalf("ledger holds %d charges for %d runs", n, len(ids))
	}
}

func waitState(t *testing.T, e *env, id, state string) {
	t.Helper()
	waitAnyState(t, e, []string{id}, state)
}

// waitAnyState polls until one of ids is in state (a bound stops a stuck
// test with a message; it is not a timing assertion).
func waitAnyState(t *testing.T, e *env, ids []string, state string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for ctx.Err() == nil {
		for _, id := range ids {
			if e.do(req{method: "GET", path: "/api/v1/verifications/" + id, key: e.read}).str(t, "state") == state {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("none of %v reached %s", ids, state)
}
