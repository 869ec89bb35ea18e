package service_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/testapp"
)

// The run tests share one Runner (one Chromium) and one testapp, as a
// server would; services under test use it through Config.Runner.
var (
	shared    *runner.Runner
	sharedErr error
	app       *testapp.App
	appURL    string
)

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	// Become the subreaper of our descendants, so that a Chromium child
	// that outlives its parent is still ours to find below.
	const prSetChildSubreaper = 36
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	app = testapp.New()
	srv := httptest.NewServer(app.Handler())
	appURL = srv.URL + "/"
	shared, sharedErr = runner.New(runner.Config{Workers: 2, StepTimeout: 5 * time.Second})
	code := m.Run()
	if shared != nil {
		if err := shared.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the runner:", err)
			code = 1
		}
	}
	srv.Close()
	if left := waitNoChromium(5 * time.Second); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: Chromium processes left: %v\n", left)
		code = 1
	}
	return code
}

// needBrowser skips a test that drives Chromium when there is none, saying
// why; in CI a missing browser fails instead.
func needBrowser(t *testing.T) *runner.Runner {
	t.Helper()
	if sharedErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the run tests need Chromium in CI: %v", sharedErr)
		}
		t.Skipf("SKIP: no Chromium for the run tests: %v", sharedErr)
	}
	return shared
}

// waitNoChromium waits for our Chromium descendants to exit and returns
// the pids of those still there.
func waitNoChromium(limit time.Duration) []int {
	deadline := time.Now().Add(limit)
	for {
		left := chromiumChildren()
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func chromiumChildren() []int {
	me := os.Getpid()
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 || !strings.Contains(strings.ToLower(s[:i]), "chrom") {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) > 1 && f[0] != "Z" && f[1] == strconv.Itoa(me) { // zombies are dead
			out = append(out, pid)
		}
	}
	return out
}
