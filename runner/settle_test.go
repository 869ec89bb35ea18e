package runner

import (
	"compress/gzip"
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

// TestEarlyFailureNeverWrong runs pages that change only after a long quiet
// spell, each with a check that holds once they do: none may fail early.
// The settled control fails before its budget, and says how long the page
// had settled. (The shared runner's step budget is 5 s, its settle period
// the default 1 s.)
func TestEarlyFailureNeverWrong(t *testing.T) {
	// Pages that change late through a path the testapp does not show: a
	// clock polled by an interval, and a 2.5 s timer set from a 0.5 s one.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/clock":
			fmt.Fprint(w, `<title>clock</title><p id=o></p><script>
const t0 = Date.now();
const iv = setInterval(() => { if (Date.now() - t0 > 3000) { document.getElementById('o').textContent = 'Time is up'; clearInterval(iv); } }, 250);
</script>`)
		case "/meta":
			fmt.Fprint(w, `<title>meta</title><meta http-equiv="refresh" content="2;url=/arrived"><p>moving soon</p>`)
		case "/header":
			w.Header().Set("Refresh", "2;url=/arrived")
			fmt.Fprint(w, `<title>header</title><p>moving soon</p>`)
		case "/arrived":
			fmt.Fprint(w, `<title>arrived</title><p>Arrived</p>`)
		case "/wasm":
			// The compile's wrapper must keep the page working.
			fmt.Fprint(w, `<title>wasm</title><p id=o></p><script>
WebAssembly.compile(new Uint8Array([0,97,115,109,1,0,0,0])).then(() => setTimeout(() => { document.getElementById('o').textContent = 'Compiled'; }, 2000));
</script>`)
		case "/fetch":
			// The wrappers of fetch and Response must keep the page working.
			fmt.Fprint(w, `<title>fetch</title><p id=o></p><script>
fetch('/data').then((r) => r.json()).then((d) => { document.getElementById('o').textContent = d.msg; });
</script>`)
		case "/data":
			time.Sleep(1500 * time.Millisecond)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"msg": "Fetched late"}`)
			return
		case "/chain":
			fmt.Fprint(w, `<title>chain</title><p id=o></p><script>
setTimeout(() => setTimeout(() => { document.getElementById('o').textContent = 'Chained'; }, 2500), 500);
</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	tests := []struct {
		name, base, steps string
	}{
		{"a timer of 3 s", appURL, "      - visit: /late/timer\n      - expect_text: Appeared late\n"},
		{"a slow XHR", appURL, "      - visit: /late/xhr\n      - expect_text: Loaded late\n"},
		{"a streaming list", appURL, "      - visit: /late/stream\n      - expect_count: {target: role=listitem, count: 4}\n"},
		{"a streaming list, text", appURL, "      - visit: /late/stream\n      - expect_text: Item 4\n"},
		{"a clock polled by an interval", srv.URL, "      - visit: /clock\n      - expect_text: Time is up\n"},
		{"a slow fetch read as JSON", srv.URL, "      - visit: /fetch\n      - expect_text: Fetched late\n"},
		{"a chain of timers", srv.URL, "      - visit: /chain\n      - expect_text: Chained\n"},
		{"a meta refresh", srv.URL, "      - visit: /meta\n      - expect_text: Arrived\n"},
		{"a Refresh header", srv.URL, "      - visit: /header\n      - expect_text: Arrived\n"},
		{"a meta refresh, address", srv.URL, "      - visit: /meta\n      - expect_url: /arrived\n"},
		{"WebAssembly, then a timer", srv.URL, "      - visit: /wasm\n      - expect_text: Compiled\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, tc.steps), Options{BaseURL: tc.base})
			wantDecision(t, res, evidence.Verified)
		})
	}

	t.Run("a settled page fails early and says so", func(t *testing.T) {
		res := run(t, journeyPlan(t, "      - visit: /late/settled\n      - expect_text: Never shown\n"), Options{})
		wantDecision(t, res, evidence.Failed)
		j := res.Manifest.Journeys[0]
		s := j.Steps[1]
		if s.SettledMS < shared.cfg.Settle.Milliseconds() {
			t.Fatalf("step 2 settled_ms = %d, want ≥ %d (decided early on a settled page)\n%s", s.SettledMS, shared.cfg.Settle.Milliseconds(), explain(res))
		}
		if want := fmt.Sprintf("the page had settled for %d ms", s.SettledMS); !strings.Contains(j.RepairPrompt, want) {
			t.Errorf("the repair prompt does not say %q:\n%s", want, j.RepairPrompt)
		}
	})
	t.Run("a target that never appears on a settled page fails early", func(t *testing.T) {
		res := run(t, journeyPlan(t, "      - visit: /late/settled\n      - click: role=button[name=\"Go\"]\n"), Options{})
		wantDecision(t, res, evidence.Failed)
		if s := res.Manifest.Journeys[0].Steps[1]; s.SettledMS == 0 {
			t.Fatalf("the click waited out its budget on a settled page\n%s", explain(res))
		}
	})
	t.Run("a failing check waits for a pending timer", func(t *testing.T) {
		// The check never holds, but the page is not settled until its 3 s
		// timer has run: the failure shows the page after it.
		dir := t.TempDir()
		res := run(t, journeyPlan(t, "      - visit: /late/timer\n      - expect_text: Never shown\n"), Options{Dir: dir})
		wantDecision(t, res, evidence.Failed)
		s := res.Manifest.Journeys[0].Steps[1]
		if s.DOM == "" {
			t.Fatalf("no DOM snapshot at the failure\n%s", explain(res))
		}
		html := readGz(t, filepath.Join(dir, s.DOM))
		if !strings.Contains(html, "Appeared late") {
			t.Fatalf("decided before the pending timer ran (settled_ms %d): the page at the failure lacks its text\n%s", s.SettledMS, explain(res))
		}
	})
}

func readGz(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReasonsHaveNoBackslashes: quotes inside a target or a text reach
// people as written, not as \" (result page, MCP text, API reason).
func TestReasonsHaveNoBackslashes(t *testing.T) {
	res := run(t, journeyPlan(t, `      - visit: /late/settled
      - expect_text: {target: 'css=p[id="done"]', text: 'say "hi"'}
`), Options{})
	wantDecision(t, res, evidence.Failed)
	j := res.Manifest.Journeys[0]
	// The prompt quotes the step as written in JSON, where \" is the syntax.
	var prompt []string
	for _, l := range strings.Split(j.RepairPrompt, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "as written: {") {
			prompt = append(prompt, l)
		}
	}
	for name, s := range map[string]string{"reason": j.Reason, "repair prompt": strings.Join(prompt, "\n"), "expected": j.Steps[1].Expected, "description": j.Steps[1].Description} {
		if strings.Contains(s, `\"`) {
			t.Errorf("the %s has backslash-escaped quotes: %s", name, s)
		}
	}
	if !strings.Contains(j.Steps[1].Expected, `“say "hi"”`) {
		t.Errorf("expected = %s; want the text quoted as “say \"hi\"”", j.Steps[1].Expected)
	}
}

// TestEarlyFailureOfTheAddress: an address check, decided outside the page,
// fails early on a settled page, and still passes when a timer changes the
// address late.
func TestEarlyFailureOfTheAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/later":
			// history.pushState after 2.5 s: no navigation, no request.
			fmt.Fprint(w, `<title>later</title><p>wait</p><script>setTimeout(() => history.pushState({}, '', '/moved'), 2500);</script>`)
		default:
			fmt.Fprint(w, `<title>still</title><p>nothing happens here</p>`)
		}
	}))
	defer srv.Close()
	res := run(t, journeyPlan(t, "      - visit: /later\n      - expect_url: /moved\n"), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)

	res = run(t, journeyPlan(t, "      - visit: /still\n      - expect_url: /elsewhere\n"), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Failed)
	if s := res.Manifest.Journeys[0].Steps[1]; s.SettledMS < shared.cfg.Settle.Milliseconds() {
		t.Fatalf("the address check on a settled page waited out its budget (settled_ms %d)\n%s", s.SettledMS, explain(res))
	}
}

// TestAbsenceWaitsForPendingTimer: a check that something is not shown
// waits for the page's timers due soon, so that a form that moves on
// after a short timer, or a message a timer shows, is seen; a page whose
// timer never stops (a clock) is still checked, once the wait runs out.
func TestAbsenceWaitsForPendingTimer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/form":
			fmt.Fprint(w, `<title>form</title><button onclick="setTimeout(() => { location.href = '/arrived'; }, 800)">Go</button>`)
		case "/toast":
			fmt.Fprint(w, `<title>toast</title><button onclick="setTimeout(() => { const p = document.createElement('p'); p.setAttribute('role', 'alert'); p.textContent = 'Saved'; document.body.append(p); }, 800)">Save</button>`)
		case "/arrived":
			fmt.Fprint(w, `<title>arrived</title><h1>Dashboard</h1>`)
		case "/clock":
			fmt.Fprint(w, `<title>clock</title><p id=o></p><script>setInterval(() => { document.getElementById('o').textContent = String(Date.now()); }, 200);</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	tests := []struct {
		name, steps string
		want        evidence.Decision
	}{
		{"a navigation a timer makes", "      - visit: /form\n      - click: text=Go\n      - expect_no_text: Dashboard\n", evidence.Failed},
		{"an element a timer shows", "      - visit: /toast\n      - click: text=Save\n      - expect_hidden: role=alert\n", evidence.Failed},
		{"a text a timer shows", "      - visit: /toast\n      - click: text=Save\n      - expect_no_text: Saved\n", evidence.Failed},
		{"a clock that never stops", "      - visit: /clock\n      - expect_no_text: Never shown\n", evidence.Verified},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, journeyPlan(t, tc.steps), Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
		})
	}
}
