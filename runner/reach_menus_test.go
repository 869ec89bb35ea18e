package runner

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// reachMenusPage is a notes app whose "About" and "Export" controls live
// in closed menus: a hamburger button (aria-haspopup, aria-expanded)
// holding "About", which opens a dialog, and an icon titled "Tools Menu"
// with role-less items holding "Export". Beside them stands a canary: an
// ordinary button, no menu opener, that the search must never press (it
// reports a press to the server), with two more: a button that opens a
// dialog (aria-haspopup="dialog") and a drop-down labelled "Sort menu". A
// "Help" link leads elsewhere and is no opener either.
const reachMenusPage = `<title>notes</title>
<style>
  #burger, #tools, #canary { position: absolute; top: 10px; width: 60px; height: 24px; }
  #burger { left: 10px; } #tools { left: 100px; background: #333; } #canary { left: 200px; }
  #main-menu, #tools-menu { position: absolute; top: 40px; background: #fff; border: 1px solid #999; margin: 0; padding: 0; }
  #main-menu { left: 10px; } #tools-menu { left: 100px; }
  #main-menu li, #tools-menu div { list-style: none; padding: 4px; }
</style>
<button id="canary" onclick="fetch('/canary')">Archive all</button>
<button style="position:absolute; top: 10px; left: 400px" aria-haspopup="dialog" onclick="fetch('/canary')">Delete all</button>
<label style="position:absolute; top: 10px; left: 500px">Sort menu <select onchange="fetch('/canary')"><option>Name</option><option>Date</option></select></label>
<a href="/help" style="position:absolute; top: 10px; left: 300px">Help</a>
<button id="burger" aria-haspopup="menu" aria-expanded="false" aria-controls="main-menu" aria-label="Main menu">&#9776;</button>
<ul id="main-menu" role="menu" hidden>
  <li role="menuitem" id="about-item">About</li>
  <li role="menuitem">Keyboard shortcuts</li>
</ul>
<div id="tools" title="Tools Menu"></div>
<div id="tools-menu" style="display:none">
  <div class="item" data-show="export">Export…</div>
</div>
<dialog id="about"><h2>About Notes</h2><p>Notes 3.2 by the Notes team</p></dialog>
<div id="export" style="display:none; margin-top: 200px">Export as Markdown</div>
<script>
  const burger = document.getElementById('burger'), menu = document.getElementById('main-menu');
  const setOpen = (o) => { menu.hidden = !o; burger.setAttribute('aria-expanded', String(o)); };
  burger.addEventListener('click', () => setOpen(menu.hidden));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') setOpen(false); });
  document.getElementById('about-item').addEventListener('click', () => { setOpen(false); document.getElementById('about').show(); });
  const tools = document.getElementById('tools'), tmenu = document.getElementById('tools-menu');
  tools.addEventListener('click', () => { tmenu.style.display = tmenu.style.display === 'none' ? 'block' : 'none'; });
  for (const it of tmenu.querySelectorAll('.item')) it.addEventListener('click', () => {
    tmenu.style.display = 'none';
    document.getElementById(it.dataset.show).style.display = 'block';
  });
</script>`

// bs3Page is the /bs3 page of TestReachInMenus.
const bs3Page = `<title>sync</title>
<style>.dropdown-menu { display: none; } .open > .dropdown-menu { display: block; } .panel-body { display: none; } .in { display: block; }</style>
<div class="panels">
  <button aria-expanded="false" onclick="this.nextElementSibling.classList.toggle('in'); this.setAttribute('aria-expanded', 'true')">Folder A</button><div class="panel-body">A files</div>
  <button aria-expanded="false" onclick="this.nextElementSibling.classList.toggle('in'); this.setAttribute('aria-expanded', 'true')">Folder B</button><div class="panel-body">B files</div>
  <button aria-expanded="false" onclick="this.nextElementSibling.classList.toggle('in'); this.setAttribute('aria-expanded', 'true')">Folder C</button><div class="panel-body">C files</div>
</div>
<ul class="nav"><li class="dropdown"><a href="" class="dropdown-toggle" data-toggle="dropdown" role="button">Actions</a>
  <ul class="dropdown-menu"><li><a href="" id="settings-item">Settings</a></li></ul></li></ul>
<div style="display:none"><span>Settings</span></div>
<p id="out"></p>
<script>
  const li = document.querySelector('.dropdown');
  document.querySelector('.dropdown-toggle').addEventListener('click', (e) => { e.preventDefault(); li.classList.toggle('open'); });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') li.classList.remove('open'); });
  document.getElementById('settings-item').addEventListener('click', (e) => { e.preventDefault(); li.classList.remove('open'); document.getElementById('out').textContent = 'Settings dialog open'; });
</script>`

// TestReachInMenus checks that a reach click whose control is in no
// visible place is looked for in the page's closed menus (a hamburger
// with ARIA, an icon titled "… Menu" with role-less items) and clicked
// there, that a control no menu holds still blocks the journey (never
// fails it), that a reach step's own checks still decide, and that the
// search never presses anything but a menu opener (the canary).
func TestReachInMenus(t *testing.T) {
	var canary atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, reachMenusPage)
		case "/busy":
			// The same app, never settled: a clock redrawn every 50 ms.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, reachMenusPage+`<p id="clock"></p><script>setInterval(() => { document.getElementById('clock').textContent = Date.now(); }, 50);</script>`)
		case "/late":
			// No menu: the control shows on the page itself, late.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<title>late</title><div id="x"></div><script>setTimeout(() => { document.getElementById('x').innerHTML = '<button onclick="this.textContent = \'Opened\'">Filters</button>'; }, 2500);</script>`)
		case "/covered":
			// The control is there at once, under a splash that lifts late.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<title>covered</title><button onclick="this.textContent = 'Opened'">Filters</button><div id="splash" style="position:fixed; inset:0; background:#fff"></div><script>setTimeout(() => document.getElementById('splash').remove(), 3000);</script>`)
		case "/bs3":
			// Bootstrap 3 markup: three collapsed panels come first, then a
			// navbar dropdown toggle with an empty href and no ARIA popup,
			// whose list shows when its parent li is marked open; a hidden
			// dialog's heading has the same name as the menu's item.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, bs3Page)
		case "/canary":
			canary.Add(1)
		case "/help":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<title>help</title><p>Help</p>`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	cases := []decisionCase{
		{name: "About found in the hamburger menu, dialog checked", want: evidence.Verified, steps: `
      - visit: /
      - click: text="About"
        reach: true
      - expect_text: {text: Notes 3.2, target: 'css=dialog, [role=dialog]'}`},
		{name: "About found, the dialog's check contradicted", want: evidence.Failed, reason: []string{"step 3"}, steps: `
      - visit: /
      - click: text="About"
        reach: true
      - expect_text: {text: Notes 4.0, target: 'css=dialog, [role=dialog]'}
        timeout: 1s`},
		{name: "Export found in the role-less tools menu, its trailing ellipsis aside", want: evidence.Verified, steps: `
      - visit: /
      - click: text="Export"
        reach: true
      - expect_text: Export as Markdown`},
		{name: "a control no menu holds: blocked, menus named", want: evidence.Blocked,
			reason: []string{"step 2", "could not reach the place the claim is about", `no control named "Statistics"`, `"Main menu"`, `"Tools Menu"`}, steps: `
      - visit: /
      - click: text="Statistics"
        reach: true
      - expect_text: Sessions`},
		{name: "a Bootstrap 3 dropdown is opened before collapsed panels", want: evidence.Verified, steps: `
      - visit: /bs3
      - click: text="Settings"
        reach: true
      - expect_text: Settings dialog open`},
		{name: "a page that never settles: the menus still get their turn", want: evidence.Verified, steps: `
      - visit: /busy
      - click: text="About"
        reach: true
        timeout: 6s
      - expect_text: {text: Notes 3.2, target: 'css=dialog, [role=dialog]'}`},
		{name: "a control shown late on a page without menus", want: evidence.Verified, steps: `
      - visit: /late
      - click: text="Filters"
        reach: true
        timeout: 4s
      - expect_text: Opened`},
		{name: "a control covered past half the budget keeps the rest of it", want: evidence.Verified, steps: `
      - visit: /covered
      - click: text="Filters"
        reach: true
        timeout: 5s
      - expect_text: Opened`},
		{name: "a later reach step does not search menus", want: evidence.Blocked, reason: []string{"step 3", `"Keyboard shortcuts", which is hidden`}, steps: `
      - visit: /
      - click: text="Export"
        reach: true
      - click: text="Keyboard shortcuts"
        reach: true
        timeout: 3s
      - expect_text: Export as Markdown`},
		{name: "an unmarked click does not search menus", want: evidence.Failed, reason: []string{"step 2"}, steps: `
      - visit: /
      - click: text="About"
        timeout: 1500ms
      - expect_text: Notes 3.2`},
	}
	runDecisionCases(t, srv.URL, cases)
	// A later reach step's reason names no menu: none was looked in.
	res0 := run(t, journeyPlan(t, "      - visit: /\n      - click: text=\"Export\"\n        reach: true\n      - click: text=\"Keyboard shortcuts\"\n        reach: true\n        timeout: 3s\n"), Options{BaseURL: srv.URL})
	if r := res0.Manifest.Journeys[0].Reason; strings.Contains(r, "nor in the menu") {
		t.Errorf("a later reach step searched the menus: %s", r)
	}
	// A control found in a menu says which menu held it.
	res := run(t, journeyPlan(t, "      - visit: /\n      - click: text=\"About\"\n        reach: true\n"), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
	if a := res.Manifest.Journeys[0].Steps[1].Actual; !strings.Contains(a, `found in the menu opened by "Main menu"`) {
		t.Errorf("the reach step's actual %q does not say the menu that held it", a)
	}
	// The unmarked click must not have opened a menu either: its reason
	// names none.
	res = run(t, journeyPlan(t, "      - visit: /\n      - click: text=\"About\"\n        timeout: 1500ms\n"), Options{BaseURL: srv.URL})
	if r := res.Manifest.Journeys[0].Reason; strings.Contains(r, "nor in the menu") {
		t.Errorf("an unmarked click searched the menus: %s", r)
	}
	if n := canary.Load(); n != 0 {
		t.Errorf("the canary button (no menu opener) was pressed %d times", n)
	}
}
