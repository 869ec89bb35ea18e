package runner

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// overlapPage changes colour and fields at each action: the page's
// background turns red, then blue, at a click, and two fields take text.
const overlapPage = `<!doctype html><html lang="en"><head><title>Overlap</title>
<style>html,body{margin:0;height:100%;background:#fff}button,input{display:block;margin:8px;font-size:20px}</style></head><body>
<button id="r" onclick="document.body.style.background='#f00'">red</button>
<button id="b" onclick="document.body.style.background='#00f'">blue</button>
<input id="f" aria-label="first"><input id="g" aria-label="second">
</body></html>`

// TestEvidenceShowsThePageAsTheStepLeftIt checks that the screenshot and
// DOM snapshot of each action show the page after that action and before
// the next one, although they are taken while the next step looks for its
// target (actsAfterFinding): the next step waits for them before it acts.
// Its control: without that wait (beforeAct) the screenshots of the visit
// and of the first click show the next click's colour, and the test fails.
func TestEvidenceShowsThePageAsTheStepLeftIt(t *testing.T) {
	srv := servePages(t, map[string]string{"/": overlapPage})
	res := run(t, journeyPlan(t, `      - visit: /
      - click: css=#r
      - click: css=#b
      - fill: {target: css=#f, value: one}
      - fill: {target: css=#g, value: two}
      - press: {target: css=#g, key: Tab}
      - expect_visible: css=#b
`), Options{BaseURL: srv.URL})
	wantDecision(t, res, evidence.Verified)
	steps := res.Manifest.Journeys[0].Steps
	// The background well below the controls, in the scaled screenshot.
	colour := func(k int) (r, g, b int) {
		t.Helper()
		if steps[k].Screenshot == "" {
			t.Fatalf("step %d has no screenshot", k+1)
		}
		f, err := os.ReadFile(filepath.Join(res.Dir, steps[k].Screenshot))
		if err != nil {
			t.Fatal(err)
		}
		im, _, err := image.Decode(bytes.NewReader(f))
		if err != nil {
			t.Fatal(err)
		}
		bd := im.Bounds()
		cr, cg, cb, _ := im.At(bd.Min.X+bd.Dx()/2, bd.Max.Y-20).RGBA()
		return int(cr >> 8), int(cg >> 8), int(cb >> 8)
	}
	for _, c := range []struct {
		step    int // 0-based
		r, g, b bool
	}{
		{0, true, true, true},   // white after the visit
		{1, true, false, false}, // red after the first click, not yet blue
		{2, false, false, true}, // blue after the second
		{3, false, false, true}, // still blue
		{4, false, false, true},
	} {
		r, g, b := colour(c.step)
		if (r > 200) != c.r || (g > 200) != c.g || (b > 200) != c.b {
			t.Errorf("step %d (%s): the screenshot's background is rgb(%d,%d,%d)", c.step+1, steps[c.step].Kind, r, g, b)
		}
	}
	for _, c := range []struct {
		step       int
		has, lacks []string
	}{
		{1, []string{"rgb(255, 0, 0)"}, []string{"rgb(0, 0, 255)"}},
		{3, []string{`value="one"`}, []string{`value="two"`}},
		{4, []string{`value="one"`, `value="two"`}, nil},
	} {
		dom := readArtifact(t, res.Dir, steps[c.step].DOM)
		for _, s := range c.has {
			if !strings.Contains(dom, s) {
				t.Errorf("step %d (%s): the DOM snapshot lacks %s", c.step+1, steps[c.step].Kind, s)
			}
		}
		for _, s := range c.lacks {
			if strings.Contains(dom, s) {
				t.Errorf("step %d (%s): the DOM snapshot already holds %s, a later step's doing", c.step+1, steps[c.step].Kind, s)
			}
		}
	}
}
