package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// tabsPage has three kinds of tab set: one whose panels are labelled by
// their tabs, one whose tabs point at unnamed panels (aria-controls), and
// one drawn as TiddlyWiki draws it (one unnamed panel beside the buttons,
// showing the chosen tab's body); a heading outside every panel says
// "Apollo".
const tabsPage = `<title>tabs</title>
<h1>Apollo</h1>
<div role="tablist"><button role="tab" id="t1" aria-selected="true">Profile</button><button role="tab" id="t2" onclick="document.getElementById('p1').hidden=true;document.getElementById('p2').hidden=false">Billing</button></div>
<div role="tabpanel" id="p1" aria-labelledby="t1">Your name</div>
<div role="tabpanel" id="p2" aria-labelledby="t2" hidden>Invoices</div>
<div role="tablist"><button role="tab" aria-controls="q1">Peers</button><button role="tab" aria-controls="q2" onclick="document.getElementById('q1').hidden=true;document.getElementById('q2').hidden=false">Network</button></div>
<div role="tabpanel" id="q1">Peer limit</div>
<div role="tabpanel" id="q2" hidden>Listening port</div>
<div class="tab-set" role="tablist">
  <div><button role="tab" onclick="document.getElementById('body').textContent='Recent changes'">Recent</button><button role="tab" onclick="document.getElementById('body').textContent='Version 5.4.1'">Tools</button></div>
  <div role="tabpanel"><div id="body">Open tiddlers</div></div>
</div>`

// TestTabPanelOfTab checks that role=tabpanel named by a tab finds the
// panel of that tab however the app ties them (a label, aria-controls, or
// one panel beside the tab buttons), and never the page around it.
func TestTabPanelOfTab(t *testing.T) {
	pages := servePages(t, map[string]string{"/": tabsPage})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "panel labelled by its tab", want: evidence.Verified, steps: `
      - visit: /
      - click: role=tab[name="Billing"]
      - expect_text: {text: Invoices, target: 'role=tabpanel[name="Billing"]'}`},
		{name: "a text outside the panel", want: evidence.Failed, reason: []string{`does not show it`}, steps: `
      - visit: /
      - click: role=tab[name="Billing"]
      - expect_text: {text: Apollo, target: 'role=tabpanel[name="Billing"]'}
        timeout: 500ms`},
		{name: "panel the tab controls", want: evidence.Verified, steps: `
      - visit: /
      - click: role=tab[name="Network"]
      - expect_text: {text: Listening port, target: 'role=tabpanel[name="Network"]'}`},
		{name: "another tab's panel text", want: evidence.Failed, reason: []string{`does not show it`}, steps: `
      - visit: /
      - click: role=tab[name="Network"]
      - expect_text: {text: Your name, target: 'role=tabpanel[name="Network"]'}
        timeout: 500ms`},
		{name: "one panel beside the tab buttons", want: evidence.Verified, steps: `
      - visit: /
      - click: role=tab[name="Tools"]
      - expect_text: {text: Version 5.4.1, target: 'role=tabpanel[name="Tools"]'}`},
		{name: "one panel beside the buttons, a text outside it", want: evidence.Failed, reason: []string{`does not show it`}, steps: `
      - visit: /
      - click: role=tab[name="Tools"]
      - expect_text: {text: Peer limit, target: 'role=tabpanel[name="Tools"]'}
        timeout: 500ms`},
		{name: "no tab of that name: blocked", want: evidence.Blocked, steps: `
      - visit: /
      - wait_for: role=tabpanel[name="Security"]
        reach: true
        timeout: 500ms
      - expect_text: {text: Apollo, target: 'role=tabpanel[name="Security"]'}`},
	})
}
