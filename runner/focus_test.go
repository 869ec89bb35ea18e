package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// focusPage has a skip link that sits off screen until it has the focus
// (as Swagger UI's and many sites' do), a search field, two "Edit"
// buttons, a link and a frame holding a button of its own.
const focusPage = `<!doctype html><html lang="en"><head><title>Focus</title>
<style>.skip{position:absolute;top:-40px;left:0} .skip:focus{top:0}</style></head><body>
<a class="skip" href="#content">Skip to content</a>
<header><a href="/about">About</a></header>
<label>Search <input id="q" type="search"></label>
<main id="content" tabindex="-1">
<h1>Plans</h1>
<ul><li>Basic <button>Edit</button></li><li>Pro <button>Edit</button></li></ul>
<button onclick="document.getElementById('q').focus()">Find</button>
<iframe srcdoc="<button>Inside</button>"></iframe>
</main>
</body></html>`

// autofocusPage focuses its field on load.
const autofocusPage = `<!doctype html><html lang="en"><head><title>Auto</title></head><body>
<label>Name <input autofocus></label> <label>Email <input type="email"></label></body></html>`

// TestFocusByKeys checks that the runner's Tab moves the focus as a
// person's does, and what expect_focused counts as focused.
func TestFocusByKeys(t *testing.T) {
	srv := servePages(t, map[string]string{"/": focusPage, "/auto": autofocusPage})
	tests := []struct {
		name  string
		steps string
		want  evidence.Decision
	}{
		{"tab once reaches the off-screen skip link", "- press: Tab\n- expect_focused: 'role=link[name=\"Skip to content\"]'", evidence.Verified},
		{"tab once is not the search field", "- press: Tab\n- expect_focused: label=Search", evidence.Failed},
		{"tab three times reaches search", "- press: Tab\n- press: Tab\n- press: Tab\n- expect_focused: label=Search", evidence.Verified},
		// Shift+Tab from the top goes to the last control, in the frame:
		// the frame element has the page's focus.
		{"shift tab", "- press: Shift+Tab\n- expect_focused: css=iframe", evidence.Verified},
		{"enter on the skip link", "- press: Tab\n- press: Enter\n- expect_focused: css=#content", evidence.Verified},
		{"enter on a target", "- press: {key: Enter, target: 'role=link[name=\"Skip to content\"]'}\n- expect_focused: css=#content", evidence.Verified},
		// Either of two buttons of the name counts.
		{"second edit", "- press: Tab\n- press: Tab\n- press: Tab\n- press: Tab\n- press: Tab\n- expect_focused: 'role=button[name=\"Edit\"]'", evidence.Verified},
		{"nothing focused at first", "- expect_focused: label=Search", evidence.Failed},
		// Tab goes on from where a click left the focus, not from the top.
		{"click then tab", "- click: 'role=button[name=\"Find\"]'\n- expect_focused: label=Search\n- press: Tab\n- expect_focused: 'role=button[name=\"Edit\"] nth=first'", evidence.Verified},
		{"autofocus", "- visit: /auto\n- expect_focused: label=Name", evidence.Verified},
		{"tab after autofocus", "- visit: /auto\n- press: Tab\n- expect_focused: label=Email", evidence.Verified},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			steps := "      - visit: /\n"
			for _, l := range strings.Split(tc.steps, "\n") {
				steps += "      " + l + "\n        timeout: 2s\n"
			}
			res := run(t, journeyPlan(t, steps), Options{BaseURL: srv.URL})
			wantDecision(t, res, tc.want)
		})
	}
}
