package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/api/openapitest"
)

// TestMain fails the run when a Chromium process started by these tests
// (a child of this process) is still alive at the end: every runner and
// server must close its browser.
//
// It also validates every API response the tests receive against
// api/openapi.json (openapitest.Check) and fails the run on any that does not
// conform.
func TestMain(m *testing.M) {
	spec, err := openapitest.New(http.DefaultTransport)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	http.DefaultTransport = spec
	code := m.Run()
	fmt.Fprint(os.Stderr, "e2e: ")
	if !spec.Report(os.Stderr) && code == 0 {
		code = 1
	}
	if leaks := chromiumChildren(); len(leaks) > 0 {
		fmt.Fprintf(os.Stderr, "e2e: Chromium processes leaked: %s\n", strings.Join(leaks, ", "))
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// chromiumChildren lists live Chromium processes whose parent is this
// process (Linux /proc; elsewhere it finds none).
func chromiumChildren() []string {
	me := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []string
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		// pid (comm) state ppid ...: comm may hold spaces, so cut at ')'.
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open {
			continue
		}
		comm := s[open+1 : close]
		f := strings.Fields(s[close+1:])
		if len(f) < 2 || f[0] == "Z" || f[1] != me {
			continue
		}
		if strings.Contains(strings.ToLower(comm), "chrom") {
			out = append(out, strings.TrimSpace(s[:open])+" "+comm)
		}
	}
	return out
}
