package runner

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestSlowPageBlocks: a page still loading when its step's budget is
// spent, because the server is slow rather than the page's scripts busy,
// says nothing of the claim. It is blocked, never failed (DESIGN.md:
// budget spent); a spinning script still fails (TestHostilePages).
func TestSlowPageBlocks(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/stream":
			// The start of the document, the rest never within the budget.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, "<title>slow</title><h1>Part")
			w.(http.Flusher).Flush()
		case "/silent":
			// No answer at all.
		default:
			http.NotFound(w, r)
			return
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() {
		close(release)
		srv.Close()
	})
	for _, tc := range []struct{ path, says string }{
		{"/stream", "did not finish loading"},
		{"/silent", "no response"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			res := run(t, journeyPlan(t, "      - visit: "+tc.path+"\n        timeout: 2s\n      - expect_text: Part\n"), Options{BaseURL: srv.URL})
			wantDecision(t, res, evidence.Blocked)
			j := res.Manifest.Journeys[0]
			if s := j.Steps[0]; s.Status != evidence.StepBlocked || !strings.Contains(j.Reason, tc.says) || !strings.Contains(j.Reason, "more time") {
				t.Errorf("step 1 %s, journey reason %q: want blocked, saying %q and what to do", s.Status, j.Reason, tc.says)
			}
		})
	}
}
