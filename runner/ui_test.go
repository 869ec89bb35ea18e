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

// The controls and windows of apps that give them no role, as a person
// sees them: icon controls named by a title and made clickable from
// script, windows drawn over the page with a heading, controls greyed out
// by a class, and short texts that are words of their own.

// footerPage has Transmission's footer: icons with a title, no pointer
// cursor and a click listener added from script (one title ends in "…");
// an icon with a title and nothing that makes it clickable; an icon whose
// listener sits on its parent (a delegated click names no control).
const footerPage = `<!doctype html><html lang="en"><head><title>Footer</title>
<style>.foot > div { display: inline-block; width: 24px; height: 24px; background: #ddd; }</style></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<div class="foot">
<div id="settings" title="Settings Menu">&nbsp;</div>
<div id="prefs" title="Edit Preferences…">&nbsp;</div>
<div id="deco" title="Decoration">&nbsp;</div>
</div>
<div class="foot" id="deleg"><div title="Compact View">&nbsp;</div></div>
<script>
document.getElementById('settings').addEventListener('click', () => hit('settings'));
document.getElementById('prefs').addEventListener('mousedown', () => {});
document.getElementById('prefs').addEventListener('click', () => hit('prefs'));
document.getElementById('deleg').addEventListener('click', () => hit('deleg'));
</script>
</body></html>`

// TestScriptedIconControls: an icon with no role, no text and no pointer
// cursor is a control when a script listens for its clicks; its title
// names it with or without a trailing ellipsis.
func TestScriptedIconControls(t *testing.T) {
	srv := servePages(t, map[string]string{"/": footerPage})
	tests := []struct {
		target string
		want   string // the id the click reports; "" when nothing may match
	}{
		{`role=button[name="Settings Menu"]`, "settings"},
		{`text="Settings Menu"`, "settings"},
		{`role=button[name="Edit Preferences"]`, "prefs"},
		{`role=button[name="Edit Preferences…"]`, "prefs"},
		{`text="Edit Preferences"`, "prefs"},
		{`text="Edit Preferences..."`, ""}, // three dots are not the title's ellipsis
		{`role=button[name="Decoration"]`, ""},
		{`role=button[name="Compact View"]`, ""},
		{`role=button[name="Settings"]`, ""}, // whole titles only
		{`alt=Settings Menu`, "settings"},    // an icon drawn by CSS: its title
		{`alt=Decoration`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
}

// overlayPage has Transmission's upload window: a positioned <div> over
// the page with an <h2>, shown by a button and closed by Escape or its
// Cancel link, no role anywhere; beside it an app frame positioned to fill
// the page (over nothing but the body) and a section with a heading that
// is part of the page.
const overlayPage = `<!doctype html><html lang="en"><head><title>Overlay</title>
<style>
#frame { position: absolute; top: 0; left: 0; width: 100%; }
#upload { position: absolute; top: 0; left: 0; width: 100%; height: 100%; display: none; }
#upload .win { position: relative; z-index: 10; width: 300px; margin: 0 auto; top: 80px; background: #eee; }
</style></head><body>
<div id="frame">
<h1>Torrents</h1>
<button id="open">Open</button>
<section><h2>Statistics</h2><p>0 B uploaded</p></section>
<div style="height: 400px; background: #fafafa">list</div>
</div>
<div id="upload"><div class="win"><h2>Upload Torrent Files</h2><p>Or enter a URL:</p><a href="#cancel" id="cancel">Cancel</a></div></div>
<script>
const up = document.getElementById('upload');
document.getElementById('open').addEventListener('click', () => { up.style.display = 'block'; });
document.getElementById('cancel').addEventListener('click', (e) => { e.preventDefault(); up.style.display = 'none'; });
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') up.style.display = 'none'; });
</script>
</body></html>`

// TestOverlayDialogs: a window drawn over the page with a heading is a
// dialog named by its heading; the app's frame and a section of the page
// are not.
func TestOverlayDialogs(t *testing.T) {
	// /built also holds the app's other dialogs, built with the role but
	// closed (as jQuery UI leaves them): an unnamed dialog target still
	// sees the window that opens.
	built := strings.Replace(overlayPage, `<div id="frame">`, `<div role="dialog" aria-label="Hotkeys" style="display:none"><p>keys</p></div><div id="frame">`, 1)
	srv := servePages(t, map[string]string{"/": overlayPage, "/built": built})
	tests := []struct {
		name  string
		steps string
		want  evidence.Decision
	}{
		{"opens by name", `
      - expect_hidden: role=dialog[name="Upload Torrent Files"]
      - click: role=button[name="Open"]
      - expect_visible: role=dialog[name="Upload Torrent Files"]
      - expect_text: {target: 'role=dialog[name="Upload Torrent Files"]', text: "Or enter a URL:"}`, evidence.Verified},
		{"any dialog, closed by Escape", `
      - click: role=button[name="Open"]
      - expect_visible: role=dialog
      - press: Escape
      - expect_hidden: role=dialog`, evidence.Verified},
		{"closed by Cancel", `
      - click: role=button[name="Open"]
      - click: role=link[name="Cancel"]
      - expect_hidden: role=dialog[name="Upload Torrent Files"]`, evidence.Verified},
		{"closed until opened", `
      - expect_visible: role=dialog[name="Upload Torrent Files"]`, evidence.Failed},
		{"the app's frame is no dialog", `
      - expect_visible: role=dialog[name="Torrents"]`, evidence.Failed},
		{"a section is no dialog", `
      - click: role=button[name="Open"]
      - expect_visible: role=dialog[name="Statistics"]`, evidence.Failed},
		{"no dialog open", `
      - expect_visible: role=dialog`, evidence.Failed},
		{"a window among closed dialogs", `built
      - click: role=button[name="Open"]
      - expect_count: {target: role=dialog, at_least: 1}`, evidence.Verified},
		{"closed dialogs are none open", `built
      - expect_count: {target: role=dialog, at_least: 1}`, evidence.Failed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /"+tc.steps+"\n")
			if tc.want == evidence.Failed {
				// the failing check is the last step
				p.Journeys[0].Steps[len(p.Journeys[0].Steps)-1].Timeout = 700 * time.Millisecond
			}
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
		})
	}
}

// disabledPage marks controls disabled by a class, as Transmission's
// toolbar and Bootstrap's pagination do, beside enabled ones.
const disabledPage = `<!doctype html><html lang="en"><head><title>Disabled</title>
<style>.bar > div { cursor: pointer; display: inline-block; width: 24px; height: 24px; background: #ccc; } .disabled { opacity: .25 }</style></head><body>
<div class="bar"><div title="Remove Selected Torrents" class="disabled"></div><div title="Start All Torrents"></div></div>
<button class="btn disabled">Save</button>
<button class="btn">Send</button>
<button class="btn btn--disabled">Archive</button>
<button class="not-disabled-yet">Reset</button>
<ul class="pagination"><li class="page-item disabled"><a class="page-link" href="#prev">Previous</a></li><li class="page-item"><a class="page-link" href="#next">Next</a></li></ul>
</body></html>`

// TestClassDisabled: a class that greys a control out makes it disabled.
func TestClassDisabled(t *testing.T) {
	srv := servePages(t, map[string]string{"/": disabledPage})
	tests := []struct {
		target string
		kind   string
		want   evidence.Decision
	}{
		{`role=button[name="Remove Selected Torrents"]`, "expect_disabled", evidence.Verified},
		{`role=button[name="Start All Torrents"]`, "expect_enabled", evidence.Verified},
		{`role=button[name="Save"]`, "expect_disabled", evidence.Verified},
		{`role=button[name="Send"]`, "expect_enabled", evidence.Verified},
		{`role=button[name="Archive"]`, "expect_disabled", evidence.Verified},
		{`role=button[name="Reset"]`, "expect_enabled", evidence.Verified},
		{`role=link[name="Previous"]`, "expect_disabled", evidence.Verified},
		{`role=link[name="Next"]`, "expect_enabled", evidence.Verified},
		{`role=button[name="Send"]`, "expect_disabled", evidence.Failed},
		{`role=link[name="Previous"]`, "expect_enabled", evidence.Failed},
	}
	for _, tc := range tests {
		t.Run(tc.kind+" "+tc.target, func(t *testing.T) {
			t.Parallel()
			q := strings.ReplaceAll(tc.target, `"`, `\"`)
			p := journeyPlan(t, fmt.Sprintf("      - visit: /\n      - %s: \"%s\"\n        timeout: 700ms\n", tc.kind, q))
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
		})
	}
}

// wordsPage holds short texts inside longer words ("output", "target",
// "posts", "4040") and as words of their own.
const wordsPage = `<!doctype html><html lang="en"><head><title>Words</title></head><body>
<p>Set the output target to /posts and read 4040 lines.</p>
<ul><li>GET</li><li>POST</li><li>PUT</li></ul>
<p>Status: 404.</p>
<button>Go</button><span>Gone</span>
<p>请登录以继续</p>
<p>Your key: vch_0SXZkM</p>
<p>Pen: $2.50, rate 0.75, Mug: €3</p>
</body></html>`

// TestShortTextsAreWords: a short text matches as a word of its own, never
// inside a longer word or number; a longer one anywhere.
func TestShortTextsAreWords(t *testing.T) {
	srv := servePages(t, map[string]string{"/": wordsPage})
	tests := []struct {
		step string
		want evidence.Decision
	}{
		{`expect_text: GET`, evidence.Verified},
		{`expect_text: "404"`, evidence.Verified},
		{`expect_text: "Status: 404"`, evidence.Verified},
		{`expect_text: arget`, evidence.Verified}, // five letters: anywhere
		{`expect_text: "rget"`, evidence.Failed},
		{`expect_text: "040"`, evidence.Failed},
		{`expect_no_text: "HEAD"`, evidence.Verified},
		{`expect_no_text: "ets"`, evidence.Verified},
		{`expect_no_text: "PUT"`, evidence.Failed},
		{`expect_order: [GET, POST, PUT]`, evidence.Verified}, // "target" and "posts" come first on the page
		{`expect_order: [PUT, GET]`, evidence.Failed},         // "output" comes before "target"
		{`expect_order: [POST, GET]`, evidence.Failed},
		{`expect_text: {target: "css=ul", text: "GET"}`, evidence.Verified},
		{`expect_visible: text=Go`, evidence.Verified},
		{`expect_text: 登录`, evidence.Verified}, // no spaces between words: anywhere
		{`click: text=Go`, evidence.Verified},
		{`expect_text: "vch_"`, evidence.Verified}, // ends in no word character: a prefix
		{`expect_text: "key:"`, evidence.Verified},
		{`expect_text: "0SX"`, evidence.Failed}, // inside a longer word
		// a short number is never part of a longer one: "$2" is not "$2.50"
		{`expect_text: "$2"`, evidence.Failed},
		{`expect_text: "75"`, evidence.Failed},
		{`expect_text: "2.5"`, evidence.Failed},
		{`expect_text: "€3"`, evidence.Verified},
		{`expect_text: "$2.50"`, evidence.Verified},
	}
	for _, tc := range tests {
		t.Run(tc.step, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /\n      - "+tc.step+"\n        timeout: 700ms\n")
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
		})
	}
}

// resetPage behaves as Swagger UI's URL box: the box shows the app's URL
// and is editable at once; a moment later the app loads its definition
// (the box disabled meanwhile) and, when it has loaded, renders the box
// from its own state again, throwing away what was typed, and shows
// Explore. Explore loads the URL in the box and shows an error when it is
// missing.
const resetPage = `<!doctype html><html lang="en"><head><title>Reset</title></head><body>
<input id="url" type="text" value="def.json"> <button id="explore" style="display:none">Explore</button>
<p id="msg"></p>
<script>
const box = document.getElementById('url'), msg = document.getElementById('msg'), btn = document.getElementById('explore');
let url = 'def.json';
function load(u) {
  box.disabled = true;
  return fetch(u).then((r) => {
    box.disabled = false;
    box.value = url; // the app renders the box from its state
    btn.style.display = '';
    msg.textContent = r.ok ? 'Loaded ' + u : 'Failed to load API definition';
  });
}
setTimeout(() => load('def.json'), 150);
btn.addEventListener('click', () => { url = box.value; load(url); });
</script>
</body></html>`

// TestFillKeptAfterReset: typing that the app throws away as it finishes
// loading is typed again, so the steps after it act on what was typed.
func TestFillKeptAfterReset(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, resetPage)
		case "/def.json":
			time.Sleep(300 * time.Millisecond)
			fmt.Fprint(w, "{}")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	p := journeyPlan(t, `
      - visit: /
      - fill: {target: "role=textbox nth=first", value: missing.json}
      - click: role=button[name="Explore"]
      - expect_text: Failed to load API definition
`[1:])
	res := run(t, p, Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
}

// keyupPage filters a list on key-up only, as older jQuery apps do
// (Node-RED's search box), and has a typeahead that opens on the key-up of
// any key but a modifier or an arrow (Bootstrap's typeahead, Prometheus's
// expression box) over the button below it.
const keyupPage = `<!doctype html><html lang="en"><head><title>Keyup</title>
<style>#menu { position: absolute; top: 2.2rem; left: 0; width: 20rem; height: 6rem; background: #eee; }</style></head><body>
<label for="filter">Filter colours</label> <input id="filter" type="text">
<ul id="colours"><li>Red</li><li>Green</li><li>Blue</li><li>Orange</li></ul>
<div style="position: relative">
<label for="expr">Expression</label> <input id="expr" type="text">
<div id="menu" hidden>suggestions</div>
<p><button type="button" id="run">Run</button></p>
</div>
<p id="out">idle</p>
<script>
const filter = document.getElementById('filter');
filter.addEventListener('keyup', () => {
  const q = filter.value.toLowerCase();
  for (const li of document.querySelectorAll('#colours li')) li.hidden = !li.textContent.toLowerCase().includes(q);
});
document.getElementById('expr').addEventListener('keyup', (e) => {
  if ([16, 17, 18, 37, 38, 39, 40].includes(e.keyCode)) return;
  document.getElementById('menu').hidden = false;
});
document.getElementById('run').addEventListener('click', () => { document.getElementById('out').textContent = 'ran'; });
</script>
</body></html>`

// TestFillFiresKeyUp: a fill ends with the key-up a person's typing ends
// with, so a list filtered on key-up is filtered; the key is a modifier,
// so a typeahead that opens on typed keys stays shut and the button under
// it can still be clicked.
func TestFillFiresKeyUp(t *testing.T) {
	srv := servePages(t, map[string]string{"/": keyupPage})
	p := journeyPlan(t, `
      - visit: /
      - fill: {target: "label=Filter colours", value: re}
      - expect_hidden: text=Blue
      - expect_visible: text=Green
      - fill: {target: "label=Expression", value: up}
      - click: role=button[name="Run"]
      - expect_text: ran
`[1:])
	res := run(t, p, Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
}
