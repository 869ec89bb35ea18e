package runner

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
)

// scopedPage is a list whose checkboxes have no label of their own and whose
// Delete buttons show only while their item is hovered, a nested list, a
// table and cards. Each control writes its id to #out when clicked.
const scopedPage = `<!doctype html><html lang="en"><head><title>Scoped</title>
<style>.del{display:none} li:hover > .del{display:inline}</style></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<ul>
<li><input type="checkbox" onclick="hit('cb-milk')"> <span>milk</span> <button class="del" onclick="hit('del-milk')">Delete</button></li>
<li><input type="checkbox" onclick="hit('cb-oat')"> <span>oat milk</span> <button class="del" onclick="hit('del-oat')">Delete</button></li>
<li><input type="checkbox" onclick="hit('cb-passport')"> <span>renew passport</span> <button class="del" onclick="hit('del-passport')">Delete</button>
  <ul><li><input type="checkbox" onclick="hit('cb-photo')"> <span>get photo</span></li></ul></li>
</ul>
<table><tr><td>Alice</td><td><button onclick="hit('edit-alice')">Edit</button></td></tr>
<tr><td>Bob</td><td><button onclick="hit('edit-bob')">Edit</button></td></tr></table>
<div class="card"><h3>Pro</h3><button onclick="hit('choose-pro')">Choose</button></div>
<div class="card"><h3>Team</h3><button onclick="hit('choose-team')">Choose</button></div>
<button onclick="hit('page-ok')">OK</button>
<div role="dialog" aria-label="Confirm"><p>Delete it?</p><button onclick="hit('dialog-ok')">OK</button></div>
</body></html>`

// TestScopedTargets checks within= and nth=, and that a button shown only
// on hover is clicked after hovering its item.
func TestScopedTargets(t *testing.T) {
	srv := servePages(t, map[string]string{"/": scopedPage})
	tests := []struct {
		target string
		want   string // the id the click reports, or a text of the failure
	}{
		{`role=checkbox within="milk"`, "hit:cb-milk"},
		{`role=checkbox within="Oat Milk"`, "hit:cb-oat"},
		{`role=checkbox within="renew passport"`, "hit:cb-passport"},
		{`role=checkbox within="get photo"`, "hit:cb-photo"},
		{`role=button[name="Delete"] within="renew passport"`, "hit:del-passport"},
		{`role=button[name="Delete"] within="oat milk"`, "hit:del-oat"},
		{`role=button[name="Edit"] within="Bob"`, "hit:edit-bob"},
		{`role=button[name="Choose"] within="Team"`, "hit:choose-team"},
		{`role=button[name="OK"] within="Delete it?"`, "hit:dialog-ok"},
		{`role=checkbox nth=last`, "hit:cb-photo"},
		{`role=checkbox nth=second`, "hit:cb-oat"},
		{`role=button[name="Edit"] nth=first`, "hit:edit-alice"},
		{`role=checkbox within="milk" nth=2`, "only 1 element matches"}, // the item "milk" is preferred to "oat milk"
		{`role=checkbox within="bread"`, `the page does not show "bread"`},
		{`role=radio within="milk"`, "no element on the page matches role=radio, in any item"},
		{`role=button[name="Edit"] within="oat milk"`, `2 elements match role=button[name="Edit"] on the page, but none inside a list item, row or card containing "oat milk"`},
		{`role=checkbox nth=9`, "only 4 elements match, so there is no match number 9"},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, fmt.Sprintf("      - visit: /\n      - click: %q\n        timeout: 1500ms\n      - expect_text: {target: \"css=#out\", text: %q}\n        timeout: 1s\n", tc.target, tc.want))
			res := run(t, p, Options{BaseURL: srv.URL})
			if strings.HasPrefix(tc.want, "hit:") {
				wantDecision(t, res, evidence.Verified)
				return
			}
			wantDecision(t, res, evidence.Failed)
			if s := res.Manifest.Journeys[0].Steps[1]; !strings.Contains(s.Actual, tc.want) {
				t.Errorf("actual %q lacks %q", s.Actual, tc.want)
			}
		})
	}
}

// stylePage holds the style normalisations expect_style makes.
const stylePage = `<!doctype html><html lang="en"><head><title>Style</title></head><body>
<p id="bold" style="font-weight:bold">Bold</p><p id="normal">Normal</p><p id="w600" style="font-weight:600">Semi</p>
<ul><li style="text-decoration:line-through"><span id="struck">struck</span></li><li><span id="plain">plain</span></li></ul>
<div style="background:#111;color:#eee"><p id="dark">on dark</p></div><p id="light">on white</p>
<h1 id="red" style="color:red">Red</h1><p id="half" style="color:rgba(0,0,255,.5)">Half</p>
<p><span id="get" style="background:#61affe;color:#fff">GET</span> <span id="post" style="background:#49cc90;color:#fff">POST</span>
<span id="teal" style="background:#50e3c2">PATCH</span> <span id="depr" style="background:#ebebeb">DELETE</span>
<span id="put" style="background:#fca130">PUT</span> <span id="navy" style="color:#001f5c">navy</span></p>
<p><button id="filled" style="background:#4990e2;color:#fff;border:0">Run</button>
<button id="outlined" style="background:transparent;color:#ff6060;border:2px solid #ff6060">Stop</button>
<button id="plainbtn" style="background:#fff;color:#3b4151;border:1px solid #888">Plain</button>
<button id="noborder" style="background:#fff;color:#49cc90;border:0">Bare</button>
<input id="under" style="border:0;border-bottom:2px solid #49cc90;color:#000">
<input id="mixed" style="border:1px solid #888;border-bottom:2px solid #49cc90"></p>
<p><code id="code">a_path</code> <span id="serif" style="font-family:serif">Title</span> <span id="sans" style="font-family:Nonesuch, sans-serif">Body</span>
<span id="named" style="font-family:'Liberation Mono', 'DejaVu Sans Mono', monospace">mono</span>
<span id="narrow" style="font-family:'Liberation Sans Narrow'">Narrow</span></p>
<div style="opacity:.5"><p id="faded" style="opacity:.8">Faded</p></div><p id="solid">Solid</p>
</body></html>`

// TestExpectStyle checks expect_style's normalisations and what it reports.
func TestExpectStyle(t *testing.T) {
	srv := servePages(t, map[string]string{"/": stylePage})
	tests := []struct {
		target, prop, value string
		fail                string // a text of the failure; "" passes
		blocked             bool
	}{
		{"css=#bold", "font-weight", "bold", "", false},
		{"css=#w600", "font-weight", "bold", "", false},
		{"css=#bold", "font-weight", "700", "", false},
		{"css=#normal", "font-weight", "normal", "", false},
		{"css=#normal", "font-weight", "bold", "font-weight is 400", false},
		{"text=struck", "text-decoration-line", "line-through", "", false},
		{"text=struck", "text-decoration", "line-through", "", false},
		{"text=plain", "text-decoration-line", "line-through", "text-decoration-line is none", false},
		{"text=plain", "text-decoration-line", "none", "", false},
		{"css=#dark", "background-color", "dark", "", false},
		{"css=#light", "background-color", "light", "", false},
		{"css=#light", "background-color", "dark", "the background is rgb(255, 255, 255) (light)", false},
		{"css=#dark", "background-color", "#111", "", false},
		{"css=#red", "color", "red", "", false},
		{"css=#red", "color", "#ff0000", "", false},
		{"css=#red", "color", "rgb(255, 0, 0)", "", false},
		{"css=#red", "color", "blue", "color is rgb(255, 0, 0), expected rgb(0, 0, 255)", false},
		{"css=#half", "color", "rgba(0, 0, 255, 0.5)", "", false},
		{"css=#red", "color", "reddish", `"reddish" is not a colour the browser knows`, true},
		{"css=#red", "display", "block", "", false},
		// colour families: a shade a person names without saying which
		{"css=#get", "background-color", "~blue", "", false},
		{"css=#post", "background-color", "~green", "", false},
		{"css=#post", "background-color", "~blue", "background-color is rgb(73, 204, 144) (green)", false},
		{"css=#put", "background-color", "~orange", "", false},
		{"css=#depr", "background-color", "~grey", "", false},
		{"css=#depr", "background-color", "~red", "(white or grey)", false},
		{"css=#teal", "background-color", "~green", "", false}, // on the border: either
		{"css=#teal", "background-color", "~blue", "", false},
		{"css=#red", "color", "~red", "", false},
		{"css=#get", "color", "~white", "", false},
		{"css=#navy", "color", "~blue", "", false},
		{"css=#light", "background-color", "~white", "", false},
		{"css=#dark", "background-color", "~black", "", false},
		// a control's colour: a filled button's background, else its text's
		{"css=#filled", "control-color", "~blue", "", false},
		{"css=#filled", "control-color", "~white", "its background (background-color) is rgb(73, 144, 226) (blue)", false},
		{"css=#outlined", "control-color", "~red", "", false},
		{"css=#outlined", "control-color", "~blue", "its text (color), the background not painted is rgb(255, 96, 96) (red)", false},
		{"css=#plainbtn", "control-color", "~grey", "", false}, // white on white: the text's colour
		{"css=#plainbtn", "control-color", "~white", "(grey", false},
		{"css=#filled", "control-color", "#4990e2", "", false},
		{"css=#outlined", "control-color", "#ff6060", "", false},
		// a generic font family: how the letters are drawn
		{"css=#code", "font-family", "monospace", "", false},
		{"css=#named", "font-family", "monospace", "", false},
		{"css=#sans", "font-family", "monospace", "not monospaced", false},
		{"css=#serif", "font-family", "serif", "", false},
		{"css=#sans", "font-family", "sans-serif", "", false},
		{"css=#sans", "font-family", "serif", "drawn as the browser's sans-serif font", false},
		{"css=#code", "font-family", "serif", "(monospaced)", false},
		{"css=#narrow", "font-family", "serif", "drawn like neither", true}, // a font of its own: which kind cannot be told
		// a border's colour: the sides drawn, one colour, else no border
		{"css=#outlined", "border-color", "~red", "", false},
		{"css=#outlined", "border-color", "#ff6060", "", false},
		{"css=#plainbtn", "border-color", "~blue", "border-color is rgb(136, 136, 136) (grey)", false},
		{"css=#noborder", "border-color", "~green", "it has no border", false}, // its text is green, not a border
		{"css=#under", "border-color", "~green", "", false},
		{"css=#mixed", "border-color", "~green", "its border sides differ in colour", false},
		// opacity as drawn: the element's own times its ancestors'
		{"css=#faded", "opacity", "0.4", "", false},
		{"css=#faded", "opacity", "0.8", "opacity is 0.4 (0.8 of its own", false},
		{"css=#solid", "opacity", "1", "", false},
		// a text's background: the painted one behind it
		{"css=#dark", "background-color", "~black", "", false},
		{"css=#light", "background-color", "#fff", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.target+" "+tc.prop+" "+tc.value, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, fmt.Sprintf("      - visit: /\n      - expect_style: {target: %q, property: %q, value: %q}\n        timeout: 700ms\n", tc.target, tc.prop, tc.value))
			res := run(t, p, Options{BaseURL: srv.URL})
			switch {
			case tc.fail == "":
				wantDecision(t, res, evidence.Verified)
				return
			case tc.blocked:
				wantDecision(t, res, evidence.Blocked)
			default:
				wantDecision(t, res, evidence.Failed)
			}
			s := res.Manifest.Journeys[0].Steps[1]
			if !strings.Contains(s.Actual+s.Error, tc.fail) {
				t.Errorf("step reports %q, lacks %q", s.Actual+s.Error, tc.fail)
			}
		})
	}
}

// TestAppError checks which console entries count against
// expect_no_console_errors, and how a failed request is reported.
func TestAppError(t *testing.T) {
	now := time.Now()
	favicon := evidence.ConsoleEntry{Time: now, Level: "error", Source: "browser", URL: "http://127.0.0.1:1/favicon.ico",
		Text: "Failed to load resource: the server responded with a status of 404 (Not Found)"}
	img := favicon
	img.URL = "http://127.0.0.1:1/img/logo.png"
	refused := img
	refused.Text = "Failed to load resource: net::ERR_CONNECTION_REFUSED"
	scriptErr := evidence.ConsoleEntry{Time: now, Level: "error", Source: "console", Text: "boom", URL: "http://127.0.0.1:1/app.js", Line: 3}
	warn := evidence.ConsoleEntry{Time: now, Level: "warning", Source: "console", Text: "careful"}
	tests := []struct {
		e     evidence.ConsoleEntry
		error bool
		line  string
	}{
		{favicon, false, ""},
		{img, true, "request to http://127.0.0.1:1/img/logo.png failed: HTTP 404 (Not Found)"},
		{refused, true, "request to http://127.0.0.1:1/img/logo.png failed: the connection was refused"},
		{scriptErr, true, `error "boom" at http://127.0.0.1:1/app.js:3`},
		{warn, false, ""},
	}
	for _, tc := range tests {
		if got := appError(tc.e); got != tc.error {
			t.Errorf("appError(%s %s) = %v", tc.e.Text, tc.e.URL, got)
		}
		if tc.line != "" && !strings.Contains(consoleLine(tc.e), tc.line) {
			t.Errorf("consoleLine = %q, want %q", consoleLine(tc.e), tc.line)
		}
	}
}

// TestGoBackWithoutHistory checks that go_back on the journey's first page
// fails with a reason instead of leaving the site.
func TestGoBackWithoutHistory(t *testing.T) {
	srv := servePages(t, map[string]string{"/": scopedPage})
	res := run(t, journeyPlan(t, "      - visit: /\n      - go_back: true\n"), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Failed)
	if s := res.Manifest.Journeys[0].Steps[1]; !strings.Contains(s.Actual, "no previous page") {
		t.Errorf("actual %q", s.Actual)
	}
}

// TestRememberCount checks that a remembered count is the baseline of a
// later expect_count and is shown in the step's evidence.
func TestRememberCount(t *testing.T) {
	srv := servePages(t, map[string]string{"/": scopedPage})
	res := run(t, journeyPlan(t, `      - visit: /
      - remember_count: {target: "role=checkbox", as: boxes}
      - expect_count: {target: "role=checkbox", same_as: boxes}
      - expect_count: {target: "role=button[name=\"Edit\"]", same_as: boxes, plus: -2}
      - expect_count: {target: "role=checkbox", more_than: boxes}
        timeout: 500ms
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Failed)
	steps := res.Manifest.Journeys[0].Steps
	if got := steps[1].Actual; got != `4 visible matches, remembered as "boxes"` {
		t.Errorf("remember_count evidence %q", got)
	}
	if steps[2].Status != evidence.StepPassed || steps[3].Status != evidence.StepPassed {
		t.Fatalf("comparisons with the remembered count failed:\n%s", explain(res))
	}
	if s := steps[4]; !strings.Contains(s.Expected, `more visible matches of a checkbox (role=checkbox) than the 4 remembered as "boxes"`) || !strings.Contains(s.Actual, "there are 4") {
		t.Errorf("expected %q, actual %q", s.Expected, s.Actual)
	}
}

// TestRememberedCountSameRule checks that a count compared with a
// remembered one counts whole and partial matches alike both times: a
// list holding "buy milk" before an add of "Milk" has one match before
// and two after, and an add that adds nothing leaves one.
func TestRememberedCountSameRule(t *testing.T) {
	page := func(adds bool) string {
		add := ""
		if adds {
			add = `const li = document.createElement('li'); li.textContent = i.value; document.getElementById('l').append(li);`
		}
		return `<!doctype html><html lang="en"><head><title>List</title></head><body>
<input id="i" aria-label="New item"><ul id="l"><li>buy milk</li></ul>
<script>document.getElementById('i').addEventListener('keydown', (e) => { const i = e.target; if (e.key !== 'Enter') return; ` + add + ` i.value = ''; });</script>
</body></html>`
	}
	srv := servePages(t, map[string]string{"/adds": page(true), "/broken": page(false)})
	for _, tc := range []struct {
		path string
		want evidence.Decision
	}{{"/adds", evidence.Verified}, {"/broken", evidence.Failed}} {
		res := run(t, journeyPlan(t, `      - visit: `+tc.path+`
      - remember_count: {target: "text=Milk", as: before}
      - fill: {target: "label=New item", value: Milk}
      - press: {target: "label=New item", key: Enter}
      - expect_count: {target: "text=Milk", more_than: before}
        timeout: 1s
`), Options{BaseURL: srv.URL})
		if res.Decision != tc.want {
			t.Errorf("%s: decision %s, want %s\n%s", tc.path, res.Decision, tc.want, explain(res))
		}
	}
}

// TestCountDataRows checks the CSS a claim counts "rows" with (claim's
// dataRows): the rows that hold data, in a table with a header and in an
// ARIA grid, never the header rows.
func TestCountDataRows(t *testing.T) {
	srv := servePages(t, map[string]string{"/": `<!doctype html><html lang="en"><head><title>Rows</title></head><body>
<table><thead><tr><th>Name</th></tr></thead><tbody><tr><td>Ann</td></tr><tr><td>Bob</td></tr></tbody></table>
<table><tr><th>Bare header</th></tr><tr><td>Cy</td></tr></table>
<div role="grid"><div role="row"><span role="columnheader">Name</span></div>
<div role="row"><span role="gridcell">Di</span></div><div role="row"><span role="cell">Ed</span></div></div>
</body></html>`})
	res := run(t, journeyPlan(t, `      - visit: /
      - expect_count: {target: "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell])", count: 5}
      - expect_count: {target: "role=row", count: 8}
      - expect_text: {text: Ann, target: "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell]) nth=first"}
      - expect_text: {text: Cy, target: "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell]) nth=third"}
      - expect_text: {text: Ed, target: "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell]) nth=last"}
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
	// "the second row shows 'Ann'": Ann is in the first data row only
	res = run(t, journeyPlan(t, `      - visit: /
      - expect_text: {text: Ann, target: "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell]) nth=second"}
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Failed)
}

// TestCountContentItems checks the CSS a claim counts "items" and picks
// "the second item in the list" with (claim's contentItems): the list
// items of what the page lists, not its nav's, header's or menu's.
func TestCountContentItems(t *testing.T) {
	items := "li:not(nav li, header li, footer li, [role=navigation] li, [role=menu] li, [role=menubar] li, [role=tablist] li), [role=listitem]:not(li)"
	srv := servePages(t, map[string]string{"/": `<!doctype html><html lang="en"><head><title>Items</title></head><body>
<header><ul><li>Logo</li></ul></header><nav><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></nav>
<main><ul><li>Milk</li><li>Oat milk</li></ul><div role="listitem">Bread</div>
<ul role="menu"><li role="menuitem">Edit</li></ul></main><footer><ul><li>Legal</li></ul></footer>
</body></html>`})
	res := run(t, journeyPlan(t, `      - visit: /
      - expect_count: {target: "css=`+items+`", count: 3}
      - expect_text: {text: Oat milk, target: "css=`+items+` nth=second"}
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
}

// TestFailedRequestNamesItsURL checks that a request a script makes and the
// server refuses is reported with the request's URL, not the script's: the
// browser's log entry carries the script's URL and line (jquery.min.js:4 on
// Transmission, whose first RPC, a synchronous XHR, answers 409 until the
// session id is sent).
// The 409 still counts as an error, retried or not, as DevTools shows it in
// red and Playwright reports it as a console error.
func TestFailedRequestNamesItsURL(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>RPC</title><p id="out">loading</p><script src="/js/lib.js"></script>`)
	})
	mux.HandleFunc("/js/lib.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		// Synchronous, as Transmission's first call is: the browser's entry
		// then takes the script's URL and line from the stack.
		fmt.Fprint(w, `function rpc(id) {
  const x = new XMLHttpRequest();
  x.open('POST', '/app/rpc', false);
  if (id) x.setRequestHeader('X-Session-Id', id);
  x.send('{}');
  if (x.status === 409) return rpc(x.getResponseHeader('X-Session-Id'));
  document.getElementById('out').textContent = x.responseText;
}
rpc('');`)
	})
	mux.HandleFunc("/app/rpc", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Session-Id") != "s1" {
			w.Header().Set("X-Session-Id", "s1")
			http.Error(w, "409: Conflict", http.StatusConflict)
			return
		}
		fmt.Fprint(w, "session ready")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	res := run(t, journeyPlan(t, "      - visit: /\n      - expect_text: session ready\n      - expect_no_console_errors: true\n"), Options{BaseURL: srv.URL, Dir: dir})
	wantDecision(t, res, evidence.Failed)
	j := res.Manifest.Journeys[0]
	want := "request to " + srv.URL + "/app/rpc failed: HTTP 409 (Conflict)"
	if s := j.Steps[2]; !strings.Contains(s.Actual, want) || strings.Contains(s.Actual, "lib.js") {
		t.Errorf("actual %q, want it to contain %q and not name the script", s.Actual, want)
	}
	console, err := evidence.ParseConsole([]byte(readArtifact(t, dir, j.Console)))
	if err != nil {
		t.Fatal(err)
	}
	if len(console) != 1 || console[0].URL != srv.URL+"/app/rpc" || console[0].Line != 0 {
		t.Errorf("console log %+v, want one entry for %s/app/rpc", console, srv.URL)
	}
}

// TestConsoleFromReachClick checks that expect_no_console_errors reads the
// console from the latest reach click, which opens the place the claim is
// about: an error of the start page on the way there does not count, one
// of the place does, and without a reach click the whole journey counts.
func TestConsoleFromReachClick(t *testing.T) {
	srv := servePages(t, map[string]string{
		"/":       `<title>start</title><script>console.error('start page boom')</script><a href="/clean">Alerts</a> <a href="/broken">Rules</a>`,
		"/clean":  `<title>alerts</title><p>No alerts</p>`,
		"/broken": `<title>rules</title><p>Rules</p><script>console.error('rules boom')</script>`,
	})
	cases := []decisionCase{
		{name: "the start page's error is on the way", want: evidence.Verified, steps: `
      - visit: /
      - click: role=link[name="Alerts"]
        reach: true
      - expect_text: No alerts
      - expect_no_console_errors: true`},
		{name: "the place's own error counts", want: evidence.Failed, reason: []string{"rules boom"}, steps: `
      - visit: /
      - click: role=link[name="Rules"]
        reach: true
      - expect_text: Rules
      - expect_no_console_errors: true`},
		{name: "no reach click: the whole journey counts", want: evidence.Failed, reason: []string{"start page boom"}, steps: `
      - visit: /
      - click: role=link[name="Alerts"]
      - expect_text: No alerts
      - expect_no_console_errors: true`},
	}
	runDecisionCases(t, srv.URL, cases)
}

// TestReachCountSamePage checks a reach expect_count more_than a count:
// on the page the count was taken on, as many as before blocks (the
// page showed the text before, so the click's effect cannot be told),
// more passes; a page the click led to (a new document, or a new address
// in the same one) is not compared.
func TestReachCountSamePage(t *testing.T) {
	menu := func(opens bool) string {
		js := ""
		if opens {
			js = `document.getElementById('m').hidden = false;`
		}
		return `<!doctype html><html lang="en"><head><title>Menu</title></head><body>
<button onclick="` + js + `">Menu</button><ul id="m" hidden><li>Settings</li></ul>
<footer><a href="/other">Settings</a></footer></body></html>`
	}
	srv := servePages(t, map[string]string{
		"/opens":  menu(true),
		"/broken": menu(false),
		"/nav":    `<!doctype html><html lang="en"><head><title>Nav</title></head><body><p>Settings</p><a href="/other">Menu</a></body></html>`,
		"/other":  `<!doctype html><html lang="en"><head><title>Other</title></head><body><p>Settings</p></body></html>`,
		"/spa": `<!doctype html><html lang="en"><head><title>Spa</title></head><body><p>Settings</p>
<button onclick="history.pushState({}, '', '/spa/next')">Menu</button></body></html>`,
	})
	for _, tc := range []struct {
		path string
		want evidence.Decision
	}{{"/opens", evidence.Verified}, {"/broken", evidence.Blocked}, {"/nav", evidence.Verified}, {"/spa", evidence.Verified}} {
		res := run(t, journeyPlan(t, `      - visit: `+tc.path+`
      - remember_count: {target: "text=Settings", as: before}
      - click: text="Menu"
      - expect_text: Settings
      - expect_count: {target: "text=Settings", more_than: before}
        reach: true
        timeout: 1s
`), Options{BaseURL: srv.URL})
		if res.Decision != tc.want {
			t.Errorf("%s: decision %s, want %s\n%s", tc.path, res.Decision, tc.want, explain(res))
		}
		if tc.want == evidence.Blocked && !strings.Contains(res.Manifest.Journeys[0].Reason, "before the action too (1 visible match before, 1 after") {
			t.Errorf("%s: reason %q does not say the page showed the text before", tc.path, res.Manifest.Journeys[0].Reason)
		}
	}
}
