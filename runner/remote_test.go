package runner

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
)

var devtoolsRe = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// startRemoteChromium starts a Chromium of its own on loopback with a
// DevTools port, as a browser pool would run it, and returns its websocket
// address and the process.
func startRemoteChromium(t *testing.T) (string, *exec.Cmd) {
	t.Helper()
	chrome, err := FindChrome()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chrome, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir="+t.TempDir(), "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devtoolsRe.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		// Keep draining, so the browser never blocks on a full pipe.
		for sc.Scan() {
		}
	}()
	select {
	case ws := <-found:
		return ws, cmd
	case <-time.After(30 * time.Second):
		t.Fatal("the remote Chromium printed no DevTools address")
		return "", nil
	}
}

// A runner attached to a Chromium it did not start (BrowserURL) runs
// journeys there with the target policy still applied: the browser
// contexts it creates send their traffic through the runner's policy
// proxy, so a redirect to a denied address is refused and never reaches
// it. Closing the runner leaves the pool's browser running.
func TestRemoteBrowser(t *testing.T) {
	ws, cmd := startRemoteChromium(t)
	can := newCanary(t)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, can.URL+"/redirected", http.StatusFound)
	}))
	defer redirect.Close()

	r, err := New(Config{BrowserURL: ws, StepTimeout: 5 * time.Second, Policy: &netpolicy.Policy{Deny: []string{canaryHost}}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tests := []struct {
		name, base string
		want       evidence.Decision
	}{
		{"verified on the remote browser", appURL, evidence.Verified},
		{"redirect to a denied address refused", redirect.URL, evidence.Blocked},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			steps := "      - visit: /\n      - expect_text: Welcome to testapp\n"
			res, err := r.Run(ctx, journeyPlan(t, steps), Options{BaseURL: tc.base, Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			wantDecision(t, res, tc.want)
			if tc.want == evidence.Blocked && !strings.Contains(res.Manifest.Journeys[0].Reason, canaryHost) {
				t.Errorf("blocked for %q, want the denied address named", res.Manifest.Journeys[0].Reason)
			}
			if b := res.Manifest.Browser; b == nil || !strings.HasPrefix(b.Path, "ws://127.0.0.1:") || b.Version == "" {
				t.Errorf("manifest browser %+v, want the remote address and its version", b)
			}
		})
	}
	if n := can.hits.Load(); n != 0 {
		t.Errorf("the denied address was reached %d times through the remote browser", n)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	// The pool's browser outlives the runner.
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the remote Chromium is gone after the runner closed: %v", err)
	}
}
