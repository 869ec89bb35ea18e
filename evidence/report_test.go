package evidence

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReportShowsRepeatedScreenshotOnce: an assertion that lists the
// previous step's screenshot again links to it rather than showing the
// picture twice.
func TestReportShowsRepeatedScreenshotOnce(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, ext, mt := fakeShot(t, 2, 1)
	shot := w.Put(Screenshot, ext, mt, data, 1, 1, "after step").File
	w.Put(Screenshot, ext, mt, data, 1, 2, "after step (the page is unchanged since step 1)")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	m := &Manifest{PlanName: "p", Decision: Verified, Journeys: []JourneyResult{{Index: 1, Name: "j", Decision: Verified, Steps: []StepResult{
		{Index: 1, Kind: "visit", Status: StepPassed, Screenshot: shot},
		{Index: 2, Kind: "expect_text", Status: StepPassed, Screenshot: shot},
	}}}, Artifacts: w.Artifacts()}
	if _, err := WriteReport(dir, m); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if n := strings.Count(page, `<img src="`+shot+`"`); n != 1 {
		t.Errorf("the screenshot is shown %d times, want once", n)
	}
	if !strings.Contains(page, `<a href="#j1-s1-shot">the same as step 1's</a>`) {
		t.Error("step 2 does not link to step 1's screenshot")
	}
}

func TestWriteReport(t *testing.T) {
	dir := t.TempDir()
	m := buildRun(t, dir)
	b, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)

	t.Run("shows the run", func(t *testing.T) {
		want := []string{
			`<span class="badge">✗ FAILED</span>`, // word and mark, not colour alone
			`<header class="d-failed">`,
			template.HTMLEscapeString(m.PlanName),
			"http://127.0.0.1:8080",
			"2026-03-02 10:15:00.000 UTC", "4.81 s",
			// Requirements ticked and crossed by their journeys.
			`<li class="d-failed"><span class="mk">✗</span><b>R1</b>`,
			`<li class="d-verified"><span class="mk">✓</span><b>R2</b>`,
			// The failing step, highlighted, with expected, actual, error.
			`<li class="step s-failed hl" id="j1-s5">`,
			"<dt>Expected</dt><dd><pre>Welcome back, Demo</pre></dd>",
			"<dt>Error</dt>",
			`<li class="step s-skipped" id="j1-s6">`,
			// Repair prompt in a <pre>.
			`<pre class="prompt">Journey 1 &#34;Sign in as the demo user&#34; failed at step 5`,
			// Dialogs, popups, downloads.
			"confirm: Leave &lt;b&gt;now&lt;/b&gt;? You have unsaved changes",
			"http://127.0.0.1:8080/help?from=dashboard",
			"orders.csv (http://127.0.0.1:8080/orders.csv)",
			// Console entries from the console artifact.
			"Console: 4 entries, 2 errors", "login page ready",
			// Network requests from the HAR.
			"Network: 3 requests",
			`<td class="n">401</td><td>POST</td><td class="u mono">http://127.0.0.1:8080/session</td>`,
			"net::ERR_CONNECTION_REFUSED", "38 ms",
			`<tr class="bad"><td class="n">failed</td>`,
			// Screenshots open large without script.
			`.shot:target{`, `href="#j1-s5-shot"`,
			`Content-Security-Policy" content="default-src 'none'; img-src 'self' data:`,
		}
		for _, j := range m.Journeys {
			for _, s := range j.Steps {
				want = append(want, template.HTMLEscapeString(s.Description))
			}
		}
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("report lacks %q", w)
			}
		}
	})

	t.Run("references screenshots, embeds the failing one", func(t *testing.T) {
		// Each journey's first failed or blocked step is embedded, so that
		// report.html alone shows the failure; every other screenshot is
		// the file beside it, not a copy.
		// A screenshot that is the previous step's too is shown once, and
		// the later step links to it.
		embedded, referenced, same := 0, 0, 0
		for _, j := range m.Journeys {
			hl := false
			prev := ""
			for k, s := range j.Steps {
				failing := !hl && (s.Status == StepFailed || s.Status == StepBlocked)
				hl = hl || failing
				if s.Screenshot == "" {
					continue
				}
				switch {
				case failing:
					embedded++
				case s.Screenshot == prev:
					same++
					link := fmt.Sprintf(`<a href="#j%d-s%d-shot">the same as step %d's</a>`, j.Index, j.Steps[k-1].Index, j.Steps[k-1].Index)
					if !strings.Contains(page, link) {
						t.Errorf("step %d repeats step %d's screenshot without %s", s.Index, j.Steps[k-1].Index, link)
					}
				default:
					referenced++
					if !strings.Contains(page, `<img src="`+s.Screenshot+`"`) {
						t.Errorf("step %d's screenshot %s is not referenced by name", s.Index, s.Screenshot)
					}
				}
				prev = s.Screenshot
			}
		}
		if n := strings.Count(page, "<img src="); n != embedded+referenced {
			t.Errorf("%d images in the page, want %d (%d repeats linked)", n, embedded+referenced, same)
		}

		got := strings.Count(page, `src="data:image/png;base64,iVBORw0KGgo`) +
			strings.Count(page, `src="data:image/jpeg;base64,/9j/`)
		if embedded == 0 || referenced == 0 || got != embedded {
			t.Errorf("%d screenshots embedded as data: URIs, want %d (and %d referenced)", got, embedded, referenced)
		}
	})

	t.Run("hostile text escaped", func(t *testing.T) {
		for _, bad := range []string{"<script", "<img src=x", "<svg", "<b>now", `"><svg`} {
			if strings.Contains(strings.ToLower(page), strings.ToLower(bad)) {
				t.Errorf("report holds unescaped %q", bad)
			}
		}
		for _, esc := range []string{
			"Invalid email or password&lt;/script&gt;&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
			"Uncaught TypeError: &lt;img src=x onerror=alert(2)&gt; is not a function",
			"/api/track?q=&#34;&gt;&lt;svg/onload=alert(3)&gt;",
		} {
			if !strings.Contains(page, esc) {
				t.Errorf("report lacks escaped %q", esc)
			}
		}
	})

	t.Run("needs no network", func(t *testing.T) {
		checkOffline(t, page)
	})
}

var (
	attrRe = regexp.MustCompile(`(?i)\s(src|href|action|formaction|poster|srcset|data|background|xlink:href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)`)
	urlRe  = regexp.MustCompile(`(?i)https?://`)
)

// checkOffline fails when the page could load anything: every URL attribute
// is a data: image, a fragment or a file in the run directory, and there is
// no script, stylesheet link, import, url() or frame. http(s) URLs may appear
// only as text (the network log, base URL, step URLs).
func checkOffline(t *testing.T, page string) {
	t.Helper()
	for _, m := range attrRe.FindAllStringSubmatch(page, -1) {
		v := strings.Trim(m[2], `"'`)
		switch {
		case strings.HasPrefix(v, "data:image/"), strings.HasPrefix(v, "#"), localName(v):
		default:
			t.Errorf("report refers to %s=%q", m[1], v)
		}
	}
	low := strings.ToLower(page)
	for _, bad := range []string{"<script", "<link", "<iframe", "<object", "<embed", "@import", "url(", "<base"} {
		if strings.Contains(low, bad) {
			t.Errorf("report holds %q", bad)
		}
	}
	// Every http(s):// is in text, never inside a tag.
	inTag := false
	for i := 0; i < len(page); i++ {
		switch page[i] {
		case '<':
			inTag = true
		case '>':
			inTag = false
		}
		if inTag && urlRe.MatchString(page[i:min(i+8, len(page))]) {
			t.Errorf("URL inside a tag near %q", page[max(0, i-40):min(i+40, len(page))])
		}
	}
}

func TestWriteReportHostileManifest(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(t.TempDir(), "secret.png")
	os.WriteFile(secret, []byte("\x89PNG secret"), 0o600)
	m := &Manifest{
		PlanName: `</title><script>alert(1)</script>`,
		BaseURL:  `javascript:alert(1)`,
		Decision: "<b>verified</b>",
		Journeys: []JourneyResult{{
			Index: 1, Name: `"><img src=x onerror=alert(1)>`, Decision: Failed,
			HAR: "../../etc/passwd", Console: "https://evil.example/console.json",
			Steps: []StepResult{
				{Index: 1, Status: StepFailed, Description: "x", Screenshot: "../" + filepath.Base(secret)},
				{Index: 2, Status: StepPassed, Description: "y", Screenshot: "https://evil.example/a.png", DOM: "javascript:alert(2)"},
				{Index: 3, Status: StepPassed, Description: "z", Screenshot: "missing.png"},
			},
		}},
		Artifacts: []Artifact{{Kind: Screenshot, File: "javascript:alert(3)", MediaType: "image/png"}},
	}
	if _, err := WriteReport(dir, m); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, ReportFile))
	page := string(b)
	checkOffline(t, page)
	leaked := base64.StdEncoding.EncodeToString([]byte("\x89PNG secret"))
	for _, bad := range []string{"<script", "<img src=x", `="javascript:`, leaked, "<b>verified", `href="https://evil`} {
		if strings.Contains(page, bad) {
			t.Errorf("report holds %q", bad)
		}
	}
	for _, want := range []string{
		`<header class="d-blocked">`, // an unknown decision is shown as blocked
		"Network log ../../etc/passwd could not be read",
		"is not a file in the run directory",
		"Screenshot missing.png is missing",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestFmtMS(t *testing.T) {
	for ms, want := range map[float64]string{
		-1: "–", 0: "0.0 ms", 0.44: "0.4 ms", 18.9: "19 ms", 999.4: "999 ms",
		1500.3: "1.50 s", 59999: "60.00 s", 61000: "1m1s", 3600000: "1h0m0s",
	} {
		if got := fmtMS(ms); got != want {
			t.Errorf("fmtMS(%v) = %q, want %q", ms, got, want)
		}
	}
}
