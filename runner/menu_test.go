package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// menuPage is an app whose menus carry no ARIA roles: an icon <div> with a
// title and a click listener opens a <div> of <div> items, each with its
// own listener; a fixed header has an "About" link of its own, which is in
// no menu. A second menu is a role=menu list whose items have no role.
const menuPage = `<title>app</title>
<style>
  header { position: fixed; top: 0; left: 0; right: 0; height: 30px; background: #eee; }
  #menu { position: absolute; top: 60px; left: 10px; background: #fff; border: 1px solid #999; }
  .item { padding: 4px; cursor: default; }
  #gear { position: absolute; top: 40px; left: 10px; width: 16px; height: 16px; background: #333; }
  main { margin-top: 200px; }
</style>
<header><a href="/about">About</a></header>
<div id="gear" title="Settings Menu"></div>
<div id="menu" style="display:none">
  <div class="item" data-show="about">About</div>
  <div class="item" data-show="prefs"><span class="icon"></span>Edit Preferences…</div>
  <div class="item">Statistics</div>
</div>
<button id="acct" style="position: absolute; top: 40px; left: 200px" onclick="document.getElementById('acctmenu').hidden = false">Account</button>
<ul id="acctmenu" role="menu" style="position: absolute; top: 60px; left: 200px; margin: 0" hidden><li onclick="document.getElementById('out').textContent = 'Signed out'">Sign out</li></ul>
<ul class="nav" style="position: absolute; top: 40px; left: 400px; margin: 0; list-style: none">
  <li class="dropdown"><a href="#" class="dropdown-toggle" onclick="this.parentElement.classList.toggle('open'); return false">Actions</a>
    <ul class="dropdown-menu"><li><a href="#" onclick="document.getElementById('out').textContent = 'Device ID shown'; return false">Show ID</a></li></ul></li>
</ul>
<style>.dropdown-menu { display: none; } .open > .dropdown-menu { display: block; }</style>
<div style="display:none"><h4>Show ID</h4></div>
<main>
  <div id="about" style="display:none">App 2.1, a small app</div>
  <div id="prefs" style="display:none">Speed limits</div>
  <p id="out"></p>
</main>
<script>
  document.getElementById('gear').addEventListener('click', () => { document.getElementById('menu').style.display = 'block'; });
  for (const it of document.querySelectorAll('#menu .item')) {
    it.addEventListener('click', () => {
      document.getElementById('menu').style.display = 'none';
      if (it.dataset.show) document.getElementById(it.dataset.show).style.display = 'block';
    });
  }
</script>`

// TestMenuItems checks that a menu item target finds the items of menus
// built from divs (what the click before it revealed) and of role=menu
// lists with role-less items, never an element of the same name outside
// the menu, and that an item the menu lacks blocks a reach step.
func TestMenuItems(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/":      menuPage,
		"/about": `<title>about</title><p>App 2.1, a small app</p>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "div menu item by its name", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="settings menu"]
        reach: true
      - click: role=menuitem[name="About" s]
        reach: true
      - expect_text: App 2.1
      - expect_url: /`},
		{name: "item named without its ellipsis", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="settings menu"]
        reach: true
      - click: role=menuitem[name="Edit Preferences" s]
        reach: true
      - expect_text: Speed limits`},
		{name: "role=menu list with role-less items", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="Account"]
        reach: true
      - click: role=menuitem[name="Sign out" s]
        reach: true
      - expect_text: Signed out`},
		{name: "menu not opened: the header's link is no menu item", want: evidence.Blocked, reason: []string{`no menu item named "About"`}, steps: `
      - visit: /
      - click: role=menuitem[name="About" s]
        reach: true
        timeout: 500ms
      - expect_text: App 2.1`},
		{name: "another menu opened: the header's link is still no item", want: evidence.Blocked, reason: []string{`no menu item named "About"`}, steps: `
      - visit: /
      - click: role=button[name="Account"]
        reach: true
      - click: role=menuitem[name="About" s]
        reach: true
        timeout: 500ms
      - expect_text: anything`},
		{name: "menu opened by the control of its name alone", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="account menu"]
        reach: true
      - click: role=menuitem[name="Sign out" s]
        reach: true
      - expect_text: Signed out`},
		{name: "Bootstrap 3 dropdown: the press marks the control's parent open", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="Actions"]
        reach: true
      - click: role=menuitem[name="Show ID" s]
        reach: true
      - expect_text: Device ID shown`},
		{name: "Bootstrap 3 dropdown not opened: its item is no menu item", want: evidence.Blocked, reason: []string{`no menu item named "Show ID"`}, steps: `
      - visit: /
      - click: role=button[name="Account"]
        reach: true
      - click: role=menuitem[name="Show ID" s]
        reach: true
        timeout: 500ms
      - expect_text: anything`},
		{name: "order among a div menu's items", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="settings menu"]
        reach: true
      - expect_order: {target: role=menuitem, texts: [About, Edit Preferences…, Statistics]}`},
		{name: "order among a div menu's items, said the other way", want: evidence.Failed, reason: []string{`the order is "About", "Statistics"`}, steps: `
      - visit: /
      - click: role=button[name="settings menu"]
        reach: true
      - expect_order: {target: role=menuitem, texts: [Statistics, About]}
        timeout: 500ms`},
		{name: "order among menu items: the header's link is none", want: evidence.Failed, reason: []string{`no element on the page matches role=menuitem`}, steps: `
      - visit: /
      - expect_order: {target: role=menuitem, texts: [About, Statistics]}
        timeout: 500ms`},
		{name: "item the menu lacks: blocked", want: evidence.Blocked, reason: []string{`no menu item named "Hotkeys"`}, steps: `
      - visit: /
      - click: role=button[name="settings menu"]
        reach: true
      - click: role=menuitem[name="Hotkeys" s]
        reach: true
        timeout: 500ms
      - expect_text: anything`},
	})
}

// TestReachOpenerNamedByVerb checks that a reach step's control, named for
// the place it opens, is also the control named for opening it ("Edit
// Preferences…" for "Preferences"), as a person looking for Preferences
// clicks it; a step that is no reach keeps the exact name, and a control
// that does something else to the place ("Reset Preferences") is not it.
func TestReachOpenerNamedByVerb(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>app</title>
<div id="prefs-button" title="Edit Preferences…" style="width:20px;height:20px"></div>
<div id="prefs" role="dialog" aria-label="Preferences" hidden><p>Peer port 51413</p></div>
<script>document.getElementById('prefs-button').addEventListener('click', () => { document.getElementById('prefs').hidden = false; });</script>`,
		"/other": `<title>other</title><button onclick="document.body.append('reset')">Reset Preferences</button>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "by its text", want: evidence.Verified, steps: `
      - visit: /
      - click: text="Preferences"
        reach: true
      - expect_text: Peer port 51413`},
		{name: "by its role", want: evidence.Verified, steps: `
      - visit: /
      - click: role=button[name="Preferences"]
        reach: true
      - expect_text: Peer port 51413`},
		{name: "no reach: the exact name only", want: evidence.Failed, steps: `
      - visit: /
      - click: text="Preferences"
        timeout: 500ms
      - expect_text: Peer port 51413`},
		{name: "another verb is no opener", want: evidence.Blocked, steps: `
      - visit: /other
      - click: text="Preferences"
        reach: true
        timeout: 500ms
      - expect_text: Peer port 51413`},
	})
}
