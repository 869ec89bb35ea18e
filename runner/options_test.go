package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestOptionsDecides checks what expect_options decides on a shop's
// drop-downs: a native <select> (option groups flattened, labels
// whitespace-normalised), one named by the text just before it, an ARIA
// listbox and a combobox that controls one; a target that is no
// drop-down blocks, never fails.
func TestOptionsDecides(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>shop</title>
<label>Sort <select><option hidden value="">Sort by…</option><option>Newest</option><option>  Oldest
  first </option><option label="Price">price-asc</option></select></label>
<label>Country <select><optgroup label="Americas"><option>Canada</option><option>Mexico</option></optgroup><optgroup label="Europe"><option>France</option></optgroup></select></label>
<div>Region <select id="region"><option>EU</option></select></div>
<label id="szl">Size</label><ul role="listbox" aria-labelledby="szl"><li role="option">Small</li><li role="option">Large</li></ul>
<label id="shl">Shipping</label><div role="combobox" aria-labelledby="shl" aria-controls="ship" tabindex="0">Standard</div>
<ul role="listbox" id="ship" hidden><li role="option">Standard</li><li role="option">Express</li></ul>
<label id="stl">Status</label><div role="button" aria-labelledby="stl" tabindex="0">All</div>
<label>Colour <select id="colour"></select></label>
<div><span class="servers-title">Servers</span><div class="servers"><label for="servers"><select id="servers"><option value="/api">/api</option></select></label></div></div>
<script>setTimeout(() => { for (const c of ['Red', 'Blue']) document.getElementById('colour').add(new Option(c)); }, 300);</script>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "exactly these, in order", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Sort, options: [Newest, Oldest first, Price]}`},
		{name: "another order fails", want: evidence.Failed, reason: []string{"its 3 options are", `"Newest", "Oldest first", "Price"`}, steps: `
      - visit: /
      - expect_options: {target: label=Sort, options: [Oldest first, Newest, Price]}
        timeout: 500ms`},
		{name: "one missing fails", want: evidence.Failed, steps: `
      - visit: /
      - expect_options: {target: label=Sort, options: [Newest, Price]}
        timeout: 500ms`},
		{name: "groups flattened", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Country, options: [Canada, Mexico, France]}
      - expect_options: {target: label=Country, includes: [france, Canada]}
      - expect_options: {target: label=Country, count: 3}`},
		{name: "includes one that is not there fails", want: evidence.Failed, reason: []string{`offers the option "Spain"`, "Canada"}, steps: `
      - visit: /
      - expect_options: {target: label=Country, includes: [Spain]}
        timeout: 500ms`},
		{name: "a group's label is no option", want: evidence.Failed, steps: `
      - visit: /
      - expect_options: {target: label=Country, includes: [Europe]}
        timeout: 500ms`},
		{name: "named by the text before it", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Region, options: [EU]}`},
		{name: "a label with no text of its own: the text before its wrappers names it", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Servers, options: [/api]}
      - select: {target: label=Servers, value: /api}`},
		{name: "a listbox", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Size, options: [Small, Large]}`},
		{name: "a combobox controlling a listbox", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Shipping, includes: [Express]}`},
		{name: "options that arrive later", want: evidence.Verified, steps: `
      - visit: /
      - expect_options: {target: label=Colour, options: [Red, Blue]}`},
		{name: "not a drop-down: blocked", want: evidence.Blocked, reason: []string{"not a drop-down"}, steps: `
      - visit: /
      - expect_options: {target: label=Status, includes: [Closed]}
        timeout: 500ms`},
		{name: "wrong count fails", want: evidence.Failed, reason: []string{"exactly 1 option", `its 2 options are "Red", "Blue"`}, steps: `
      - visit: /
      - expect_options: {target: label=Region, count: 1}
      - expect_options: {target: label=Colour, count: 1}
        timeout: 2s`},
	})
}

// TestOptionsFailsEarlyOnASettledPage: a wrong option list on a page
// that has settled is decided before the step's budget runs out.
func TestOptionsFailsEarlyOnASettledPage(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>shop</title><label>Sort <select><option hidden value="">Sort by…</option><option>Newest</option><option>Oldest</option></select></label>`,
	})
	res := run(t, journeyPlan(t, "      - visit: /\n      - expect_options: {target: label=Sort, includes: [Price]}\n        timeout: 30s\n"), Options{BaseURL: pages.URL})
	wantDecision(t, res, evidence.Failed)
	s := res.Manifest.Journeys[0].Steps[1]
	if s.SettledMS == 0 {
		t.Fatalf("the check waited out its budget on a settled page\n%s", explain(res))
	}
	if r := res.Manifest.Journeys[0].Reason; !strings.Contains(r, `"Newest", "Oldest"`) {
		t.Errorf("reason %q lacks the options", r)
	}
}
