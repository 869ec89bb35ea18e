package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// movingPage inserts a banner above its buttons at the first mouse move
// onto the page:
// the page moves between the runner's hit test and its press, as a page
// does whose previous click expanded a section that fills in a moment
// later. A press at the old point lands on the banner.
const movingPage = `<!doctype html><html lang="en"><head><title>Moving</title>
<style>body{margin:0;font-size:20px} button{display:block;margin:4px}</style></head><body>
<script>
function hit(id) { document.getElementById('out').textContent += ' [' + id + ']'; }
let moved = false;
addEventListener('mousemove', (ev) => {
  if (moved || ev.clientY < 5) return; // the mouse's first move, to the corner, is the browser's
  moved = true;
  const b = document.createElement('div');
  b.style.height = '240px';
  b.onclick = () => hit('banner');
  b.ondblclick = () => hit('dbl:banner');
  document.body.insertBefore(b, document.body.firstChild);
});
</script>
<button id="a" onclick="hit('a')">first</button>
<button id="b" onclick="hit('b')" ondblclick="hit('dbl:b')">second</button>
<p id="out">hits:</p>
</body></html>`

// TestClickOnAMovingPage checks that a click lands on its target when the
// page moves as the pointer arrives: the press that lands elsewhere is
// swallowed and the target clicked where it now is, once. Its control:
// without the check (guardJS) the banner takes the click and the journey
// fails.
func TestClickOnAMovingPage(t *testing.T) {
	srv := servePages(t, map[string]string{"/": movingPage})
	tests := []struct {
		name, step, want string
	}{
		{"click", "click: css=#b", "hits: [b]"},
		{"double click", "dblclick: css=#b", "hits: [b] [b] [dbl:b]"},
		{"click by text", "click: text=second", "hits: [b]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := run(t, journeyPlan(t, `      - visit: /
      - `+tc.step+`
      - expect_text: {target: "css=#out", text: "`+tc.want+`"}
        timeout: 1s
      - expect_no_text: {target: "css=#out", text: "banner"}
        timeout: 1s
`), Options{BaseURL: srv.URL})
			wantDecision(t, res, evidence.Verified)
			if got := res.Manifest.Journeys[0].Steps[2].Actual; strings.Contains(got, "banner") {
				t.Errorf("the banner took a click: %s", got)
			}
		})
	}
}
