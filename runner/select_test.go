package runner

import (
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestSelectDecides checks what a select step decides: a native drop-down
// without the option fails the claim, while a drop-down the app draws
// itself (no <select>) blocks the journey, since vouch could not operate
// it and so proved nothing either way.
func TestSelectDecides(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/": `<title>app</title>
<label>Topic <select><option>Sales</option><option>Support</option></select></label>
<label id="sl">Status</label><div role="combobox" aria-labelledby="sl" tabindex="0">All</div>
<div>Show <select id="mode"><option>All</option><option>Paused</option></select>
<select id="other"><option>Any</option></select> <input type="search" placeholder="Filter"></div>
<div class="row"><div class="key">Encryption mode:</div><div class="value"><select id="enc"><option>Allow encryption</option><option selected>Prefer encryption</option></select></div></div>
<div class="row"><div class="key"><input type="checkbox" id="lim"> Limit:</div><div class="value"><input type="number" id="limv" value="5"></div></div>
<label for="p1">Max peers per torrent:</label><input type="number" id="p1" value="50">
<label for="p2">Max peers overall:</label><input type="number" id="p2" value="200">
<div id="out"></div>
<script>document.getElementById('mode').onchange = (e) => { document.getElementById('out').textContent = 'showing ' + e.target.value; };</script>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "native, option there", want: evidence.Verified, steps: `
      - visit: /
      - select: {target: label=Topic, value: Support}
      - expect_text: Topic`},
		{name: "native, option missing: failed", want: evidence.Failed, reason: []string{"no such option", "Sales"}, steps: `
      - visit: /
      - select: {target: label=Topic, value: Billing}
        timeout: 500ms`},
		{name: "drawn by the app: blocked", want: evidence.Blocked, reason: []string{"not a drop-down (<select>)", "write the clicks instead"}, steps: `
      - visit: /
      - select: {target: label=Status, value: Seeding}
        timeout: 500ms`},
		{name: "typed into a drop-down: blocked", want: evidence.Blocked, reason: []string{"does not type into", "choosing"}, steps: `
      - visit: /
      - fill: {target: label=Topic, value: Support}
        timeout: 500ms`},
		{name: "unlabelled, named by the text before it", want: evidence.Verified, steps: `
      - visit: /
      - select: {target: label=Show, value: Paused}
      - expect_text: showing Paused`},
		{name: "a field alone in its wrapper, named by the text before the wrapper", want: evidence.Verified, steps: `
      - visit: /
      - expect_value: {target: label=Encryption mode, value: Prefer encryption}`},
		{name: "the text before a wrapper names no field past another control", want: evidence.Failed, reason: []string{"no element"}, steps: `
      - visit: /
      - expect_value: {target: label=Limit, value: "5"}
        timeout: 500ms`},
		{name: "a label several fields hold in part names none: blocked", want: evidence.Blocked, reason: []string{"several in part", "Max peers overall"}, steps: `
      - visit: /
      - expect_value: {target: label=Max peers, value: "200"}
        timeout: 500ms`},
		{name: "a whole label with its colon", want: evidence.Verified, steps: `
      - visit: /
      - expect_value: {target: label=Max peers overall, value: "200"}`},
		{name: "the text before names only the next field", want: evidence.Failed, reason: []string{"no such option", "Paused"}, steps: `
      - visit: /
      - select: {target: label=Show, value: Any}
        timeout: 500ms`},
	})
}
