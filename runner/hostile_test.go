package runner

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
)

// TestHostilePages checks that pages which try to hang a browser finish
// within their budgets and leave a record of what they did.
func TestHostilePages(t *testing.T) {
	home, _ := os.UserHomeDir()
	download := filepath.Join(home, "Downloads", "big.bin")
	_, err := os.Stat(download)
	hadDownload := err == nil

	tests := []struct {
		name  string
		steps string
		want  evidence.Decision
		check func(t *testing.T, j evidence.JourneyResult)
	}{
		{name: "alert", want: evidence.Verified, steps: `
      - visit: /hostile/alert
      - expect_text: After alert`,
			check: func(t *testing.T, j evidence.JourneyResult) {
				if len(j.Dialogs) != 1 || j.Dialogs[0] != "alert: hello from testapp" {
					t.Errorf("dialogs %q, want the one alert", j.Dialogs)
				}
			}},
		{name: "confirm loop", want: evidence.Verified, steps: `
      - visit: /hostile/confirm-loop
      - expect_text: {target: "testid=confirm-result", text: Accepted 50 of 50}`,
			check: func(t *testing.T, j evidence.JourneyResult) {
				if len(j.Dialogs) != 50 || !strings.HasPrefix(j.Dialogs[49], "confirm: Confirm 50 of 50") {
					t.Errorf("%d dialogs recorded, want 50 confirms", len(j.Dialogs))
				}
			}},
		{name: "popup", want: evidence.Verified, steps: `
      - visit: /hostile/popup
      - expect_title: Popup
      - click: role=link[name="Open About in a new tab"]
      - expect_url: /about`,
			check: func(t *testing.T, j evidence.JourneyResult) {
				// The script's window.open is closed and recorded; the
				// target=_blank link the plan clicks is followed in the
				// journey's tab, as a person reads the page it opens.
				if len(j.Popups) != 1 || !strings.HasSuffix(j.Popups[0], "/about") {
					t.Errorf("popups %q, want the one window.open of .../about", j.Popups)
				}
				if a := j.Steps[2].Actual; !strings.Contains(a, "new tab") {
					t.Errorf("step 3 actual %q does not say the link's new tab was followed here", a)
				}
			}},
		{name: "download", want: evidence.Verified, steps: `
      - visit: /hostile/download
      - expect_no_text: Never shown`,
			check: func(t *testing.T, j evidence.JourneyResult) {
				if len(j.Downloads) != 1 || !strings.Contains(j.Downloads[0], "big.bin") {
					t.Errorf("downloads %q, want big.bin refused", j.Downloads)
				}
			}},
		{name: "spin", want: evidence.Failed, steps: `
      - visit: /hostile/spin
        timeout: 2s
      - expect_text: After spin`,
			check: func(t *testing.T, j evidence.JourneyResult) {
				s := j.Steps[0]
				if !strings.Contains(s.Actual, "busy") || !strings.Contains(s.Actual, "stopped") {
					t.Errorf("step 1 actual %q does not say the page was busy and stopped", s.Actual)
				}
				if s.Screenshot == "" {
					t.Error("no screenshot of the stopped page")
				}
			}},
	}
	t.Run("pages", func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				// No wall-clock bound: a loaded machine is slow, and a page
				// that held the run up would show as a blocked journey.
				res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{})
				wantDecision(t, res, tc.want)
				if tc.check != nil {
					tc.check(t, res.Manifest.Journeys[0])
				}
			})
		}
	})
	t.Run("browser still works", func(t *testing.T) {
		// Runs after the parallel cases above have finished.
		res := run(t, journeyPlan(t, "      - visit: /\n      - expect_text: Welcome to testapp\n"), Options{})
		wantDecision(t, res, evidence.Verified)
		if _, err := os.Stat(download); err == nil && !hadDownload {
			t.Errorf("a download reached %s", download)
		}
	})
}

// TestSpinningScript covers a script that starts spinning after the page
// loaded: the assertion's wait is cut off and the script stopped.
func TestSpinningScript(t *testing.T) {
	srv := servePages(t, map[string]string{
		"/": `<title>t</title><h1>Loaded</h1><button onclick="setTimeout(() => { while (true) {} }, 10)">Spin</button>`,
	})
	p := journeyPlan(t, `      - visit: /
      - click: role=button[name="Spin"]
      - expect_text: Something
        timeout: 1s
`)
	// The decision and step 3's words show the cut-off; a script that was
	// never stopped would leave the evidence unanswered and block the run.
	res := run(t, p, Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Failed)
	if s := res.Manifest.Journeys[0].Steps[2]; !strings.Contains(s.Actual, "busy") {
		t.Errorf("step 3 actual %q does not say the page was busy", s.Actual)
	}
}

// TestBeforeUnload leaves a page that asks "leave site?" after a click gave
// it user activation: the dialog is accepted and the visit goes on.
func TestBeforeUnload(t *testing.T) {
	srv := servePages(t, map[string]string{
		"/": `<title>stay</title><button onclick="this.textContent='Armed'">Arm</button>
<script>addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = ''; });</script>`,
		"/other": `<title>other</title><h1>Other page</h1>`,
	})
	p := journeyPlan(t, `      - visit: /
      - click: role=button[name="Arm"]
      - visit: /other
        timeout: 3s
      - expect_text: Other page
`)
	res := run(t, p, Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
	if d := res.Manifest.Journeys[0].Dialogs; len(d) != 1 || d[0] != "beforeunload" {
		t.Errorf("dialogs %q, want one beforeunload", d)
	}
}

// TestHangingSubresource visits a page whose image never arrives: the page
// parsed, so the visit passes after a bounded wait for its load event.
func TestHangingSubresource(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hang.png" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<title>hang</title><h1>Parsed</h1><img src="/hang.png">`)
	}))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	res := run(t, journeyPlan(t, "      - visit: /\n      - expect_text: Parsed\n"), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
	// Only the lower bound: the visit waited for the load event. An upper
	// bound would measure the machine.
	if took := time.Since(start); took < loadGrace {
		t.Errorf("took %s, want at least the %s load grace", took, loadGrace)
	}
}

// TestBlankLinkFollowed: a target=_blank link the plan clicks is followed
// in the journey's tab, and the target policy applies to it as to any
// link: one to an allowed page verifies, one to a host the policy denies
// blocks the journey without the host being reached.
func TestBlankLinkFollowed(t *testing.T) {
	can := newCanary(t)
	pages := servePages(t, map[string]string{
		"/": fmt.Sprintf(`<title>links</title><a href="/next" target="_blank">Next page</a>
<a href="%s/page" target="_blank" rel="noopener">Canary in a new tab</a>`, can.URL),
		"/next": `<title>next</title><h1>The next page</h1>`,
	})
	for _, tc := range []struct {
		name, steps string
		want        evidence.Decision
	}{
		{"allowed", `
      - visit: /
      - click: role=link[name="Next page"]
      - expect_url: /next
      - expect_text: The next page`, evidence.Verified},
		{"denied", `
      - visit: /
      - click: role=link[name="Canary in a new tab"]
      - expect_text: canary reached`, evidence.Blocked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, strings.TrimPrefix(tc.steps, "\n")+"\n"), Options{BaseURL: pages.URL})
			wantDecision(t, res, tc.want)
			j := res.Manifest.Journeys[0]
			if len(j.Popups) != 0 {
				t.Errorf("popups %q, want none: the link is followed in the tab", j.Popups)
			}
			if tc.want == evidence.Blocked && !strings.Contains(j.Reason, "policy") {
				t.Errorf("reason %q does not name the policy", j.Reason)
			}
		})
	}
	if n := can.hits.Load(); n != 0 {
		t.Errorf("the canary on %s was reached %d times", canaryHost, n)
	}
}
