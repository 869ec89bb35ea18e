package runner

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
)

func TestURLMatches(t *testing.T) {
	base, _ := url.Parse("http://app.test:8080")
	sub, _ := url.Parse("https://example.com/app/")
	tests := []struct {
		base *url.URL
		want string
		got  string
		ok   bool
	}{
		{base, "/dashboard", "http://app.test:8080/dashboard", true},
		{base, "/dashboard", "http://app.test:8080/dashboard/", true},
		{base, "/dashboard", "http://app.test:8080/dashboard?tab=1", true},
		{base, "/dashboard", "http://app.test:8080/dashboard#top", true},
		{base, "/dashboard", "http://other.test:8080/dashboard", false},
		{base, "/dashboard", "http://app.test:8080/login", false},
		{base, "/dashboard?tab=1", "http://app.test:8080/dashboard?tab=1", true},
		{base, "/dashboard?tab=1", "http://app.test:8080/dashboard?tab=2", false},
		{base, "/dashboard?tab=*", "http://app.test:8080/dashboard?tab=2", true},
		{base, "/users/*/edit", "http://app.test:8080/users/42/edit", true},
		{base, "/users/*", "http://app.test:8080/users/42/edit", true},
		{base, "/users/*/edit", "http://app.test:8080/users/42/show", false},
		{base, "/#done", "http://app.test:8080/#done", true},
		{base, "/#done", "http://app.test:8080/#other", false},
		{base, "/", "http://app.test:8080", true},
		{base, "https://sso.test/login", "https://sso.test/login?next=1", true},
		{base, "https://*.test/login", "https://sso.test/login", true},
		{base, "https://sso.test/login", "http://sso.test/login", false},
		{base, "https://sso.test", "https://sso.test/", true},
		{sub, "/login", "https://example.com/app/login", true},
		{sub, "/login", "https://example.com/login", false},
		// a path written from the origin, its first segment the mount's
		{sub, "/app/login", "https://example.com/app/login", true},
		{sub, "/app/login", "https://example.com/app/app/login", false},
	}
	for _, tc := range tests {
		if got := urlMatches(tc.base, tc.want, tc.got); got != tc.ok {
			t.Errorf("urlMatches(%s, %q, %q) = %v, want %v", tc.base, tc.want, tc.got, got, tc.ok)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct{ base, loc, want string }{
		{"http://a.test", "/login", "http://a.test/login"},
		{"http://a.test/", "/login?x=1#f", "http://a.test/login?x=1#f"},
		{"https://a.test/app", "/login", "https://a.test/app/login"},
		{"https://a.test/app/", "/", "https://a.test/app/"},
		{"http://a.test", "http://a.test/x", "http://a.test/x"},
		// written from the origin: the mount's first segment, or that segment misspelt
		{"http://a.test/transmission/web/", "/transmission/rpc", "http://a.test/transmission/rpc"},
		{"http://a.test/transmission/web/", "/transmission/web/index.html", "http://a.test/transmission/web/index.html"},
		{"http://a.test/transmission/web/", "/transmision/web/", "http://a.test/transmision/web/"},
		{"http://a.test/transmission/web/", "/index.html", "http://a.test/transmission/web/index.html"},
		{"https://a.test/app", "/apps", "https://a.test/app/apps"}, // a short mount is compared exactly
	}
	for _, tc := range tests {
		b, _ := url.Parse(tc.base)
		u, err := resolve(b, tc.loc)
		if err != nil || u.String() != tc.want {
			t.Errorf("resolve(%s, %s) = %v, %v; want %s", tc.base, tc.loc, u, err, tc.want)
		}
	}
	b, _ := url.Parse("http://a.test")
	if _, err := resolve(b, "ftp://a.test/x"); err == nil {
		t.Error("resolve accepted an ftp URL")
	}
}

func TestKeyEvents(t *testing.T) {
	tests := []struct {
		spec string
		// type/key/code/text of each event, "|"-joined
		want []string
		vk   int64 // windows key code of the main key's keyDown
	}{
		{"Enter", []string{"keyDown/Enter/Enter/\r", "keyUp/Enter/Enter/"}, 13},
		{"a", []string{"keyDown/a/KeyA/a", "keyUp/a/KeyA/"}, 65},
		{"A", []string{"keyDown/A/KeyA/A", "keyUp/A/KeyA/"}, 65},
		{"Tab", []string{"rawKeyDown/Tab/Tab/", "keyUp/Tab/Tab/"}, 9},
		{"Escape", []string{"rawKeyDown/Escape/Escape/", "keyUp/Escape/Escape/"}, 27},
		{"ArrowDown", []string{"rawKeyDown/ArrowDown/ArrowDown/", "keyUp/ArrowDown/ArrowDown/"}, 40},
		{"Space", []string{"keyDown/ / /Space", "keyUp/ /Space/"}, 32},
		{"Control+a", []string{"rawKeyDown/Control/ControlLeft/", "rawKeyDown/a/KeyA/", "keyUp/a/KeyA/", "keyUp/Control/ControlLeft/"}, 65},
		{"Shift+Tab", []string{"rawKeyDown/Shift/ShiftLeft/", "rawKeyDown/Tab/Tab/", "keyUp/Tab/Tab/", "keyUp/Shift/ShiftLeft/"}, 9},
	}
	for _, tc := range tests {
		evs, err := keyEvents(tc.spec)
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		var got []string
		var vk int64
		for _, e := range evs {
			got = append(got, string(e.Type)+"/"+e.Key+"/"+e.Code+"/"+e.Text)
			if e.Type != kb.KeyUp && e.Key != "Control" && e.Key != "Shift" {
				vk = e.WindowsVirtualKeyCode
			}
		}
		// Space's key is " ": compare loosely.
		if tc.spec == "Space" {
			if len(got) != 2 || evs[0].Text != " " || evs[0].Code != "Space" {
				t.Errorf("Space: %q", got)
			}
			continue
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: events %q, want %q", tc.spec, got, tc.want)
		}
		if vk != tc.vk {
			t.Errorf("%s: key code %d, want %d", tc.spec, vk, tc.vk)
		}
	}
	if _, err := keyEvents("Hyper+x"); err == nil {
		t.Error("accepted an unknown modifier")
	}
	if _, err := keyEvents("F13"); err == nil {
		t.Error("accepted an unknown key")
	}
}

func TestNewConfig(t *testing.T) {
	r, err := New(Config{ChromePath: "/nonexistent/chrome"})
	if err != nil {
		t.Fatal(err)
	}
	c := r.cfg
	if c.Workers != 4 || c.StepTimeout.Seconds() != 10 || c.JourneyTimeout.Minutes() != 2 || c.RunTimeout.Minutes() != 10 ||
		c.ScreenshotQuality != 40 || c.Policy == nil || c.Logger == nil || c.Evidence != EvidenceFull {
		t.Errorf("defaults not filled: %+v", c)
	}
	for _, bad := range []Config{
		{Workers: -1},
		{StepTimeout: -1},
		{ScreenshotQuality: 101},
		{Evidence: EvidenceMode(7)},
		{Policy: &netpolicy.Policy{Allow: []string{"not a host!"}}},
		{BrowserURL: "chrome.internal:9222"},
		{BrowserURL: "ftp://chrome.internal:9222"},
		{ProxyListen: "10.0.0.5"},
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%+v) accepted a bad config", bad)
		}
	}
	// A browser that cannot start blocks the run; it is not a misuse.
	res, err := r.Run(context.Background(), journeyPlan(t, "      - visit: /\n"), Options{BaseURL: "http://127.0.0.1:1", Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	wantDecision(t, res, evidence.Blocked)
	if !strings.Contains(res.Manifest.Journeys[0].Reason, "could not start") {
		t.Errorf("reason %q", res.Manifest.Journeys[0].Reason)
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}
	if err := r.Close(); err != nil {
		t.Error("second Close:", err)
	}
	if _, err := r.Run(context.Background(), journeyPlan(t, "      - visit: /\n"), Options{BaseURL: appURL, Dir: t.TempDir()}); err == nil {
		t.Error("Run after Close succeeded")
	}
}

// TestRunMisuse checks the errors Run returns for misuse, before anything
// runs.
func TestRunMisuse(t *testing.T) {
	good := journeyPlan(t, "      - visit: /\n")
	invalid := *good
	invalid.Journeys = nil
	cross := journeyPlan(t, "      - visit: http://other.test/\n")
	ro := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    *plan.Plan
		o    Options
		want string
	}{
		{"no plan", nil, Options{BaseURL: appURL, Dir: t.TempDir()}, "no plan"},
		{"invalid plan", &invalid, Options{BaseURL: appURL, Dir: t.TempDir()}, "invalid plan"},
		{"bad base URL", good, Options{BaseURL: "ftp://x", Dir: t.TempDir()}, "BaseURL"},
		{"no base URL", good, Options{Dir: t.TempDir()}, "BaseURL"},
		{"no dir", good, Options{BaseURL: appURL}, "Dir"},
		{"another origin", cross, Options{BaseURL: appURL, Dir: t.TempDir()}, "not on the deployment"},
	}
	if os.Geteuid() != 0 { // root writes anywhere
		tests = append(tests, struct {
			name string
			p    *plan.Plan
			o    Options
			want string
		}{"unwritable dir", good, Options{BaseURL: appURL, Dir: ro}, "not writable"})
	}
	for _, tc := range tests {
		_, err := shared.Run(context.Background(), tc.p, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one naming %q", tc.name, err, tc.want)
		}
	}
}

// TestProgress checks the events a run reports, in order per journey.
func TestProgress(t *testing.T) {
	p := mustPlan(t, `
version: 1
name: progress
journeys:
  - name: one
    steps: [{visit: /}, {expect_text: Welcome}]
  - name: two
    steps: [{visit: /about}, {expect_title: Wrong, timeout: 200ms}, {expect_text: never}]
`)
	var mu sync.Mutex
	var evs []Event
	res := run(t, p, Options{Progress: func(e Event) {
		mu.Lock()
		evs = append(evs, e)
		mu.Unlock()
	}})
	wantDecision(t, res, evidence.Failed)
	per := map[int][]string{}
	var last Event
	for _, e := range evs {
		if e.Time.IsZero() {
			t.Errorf("event %s has no time", e.Type)
		}
		last = e
		if e.Journey > 0 {
			s := string(e.Type)
			if e.Type == StepFinished {
				s += ":" + e.Status
			}
			if e.Type == JourneyFinished {
				s += ":" + string(e.Decision)
			}
			per[e.Journey] = append(per[e.Journey], s)
		}
	}
	want := map[int]string{
		1: "journey_started step_finished:passed step_finished:passed journey_finished:verified",
		2: "journey_started step_finished:passed step_finished:failed journey_finished:failed",
	}
	for j, w := range want {
		if got := strings.Join(per[j], " "); got != w {
			t.Errorf("journey %d events %q, want %q", j, got, w)
		}
	}
	if last.Type != RunFinished || last.Decision != evidence.Failed {
		t.Errorf("last event %+v, want run_finished failed", last)
	}
}

func TestRepairPromptVerified(t *testing.T) {
	if RepairPrompt(nil) != "" || RepairPrompt(&evidence.Manifest{Decision: evidence.Verified}) != "" {
		t.Error("a verified or missing manifest has a repair prompt")
	}
}

// lateTimer is a context whose deadline has passed but whose timer has not
// run yet, as on a loaded machine.
type lateTimer struct {
	context.Context
	dl time.Time
}

func (c lateTimer) Deadline() (time.Time, bool) { return c.dl, true }

func TestSpent(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		want bool
	}{
		{"no deadline", context.Background(), false},
		{"cancelled", cancelled, true},
		{"deadline ahead", lateTimer{context.Background(), time.Now().Add(time.Hour)}, false},
		{"deadline passed, timer late", lateTimer{context.Background(), time.Now().Add(-time.Millisecond)}, true},
	}
	for _, tc := range tests {
		if got := spent(tc.ctx); got != tc.want {
			t.Errorf("%s: spent = %v, want %v", tc.name, got, tc.want)
		}
	}
}
