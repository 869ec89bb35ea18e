package runner

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// sectionPage names the same texts in several sections: flat headings
// followed by their lists (the common markup of a document), a nested h3
// inside an h2's section, a heading inside its own wrapper, a fieldset's
// legend, a section after the last heading that a <section> ends, and
// "Ingredients" (with a colon) both as a heading and as plain text.
const sectionPage = `<!doctype html><html lang="en"><head><title>Sections</title></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<p>Ingredients are listed below. <a href="#0" onclick="hit('intro')">Edit</a></p>
<h2>Ingredients:</h2>
<ul><li>2 eggs</li><li>300 ml milk</li></ul>
<a href="#1" onclick="hit('ingredients')">Edit</a>
<h3>Optional</h3>
<ul><li>Sugar</li></ul>
<a href="#2" onclick="hit('optional')">Edit</a>
<h2>Method</h2>
<ol><li>Whisk the eggs</li></ol>
<a href="#3" onclick="hit('method')">Edit</a>
<section><div class="hd"><h4>Schemas</h4></div><div>Book</div><div>Order</div></section>
<fieldset><legend>Downloading</legend><label>Folder <input value="/srv"></label><a href="#4" onclick="hit('downloading')">Edit</a></fieldset>
<h2>Pseudo</h2>
<p>Sugar and Order again, outside every section</p>
<div class="title">Folders</div><div>Camera Uploads</div>
</body></html>`

// TestUnder: under= keeps the matches in the section under a heading —
// from the heading to the next heading of its level or higher, nested
// headings' sections included, inside the heading's sectioning element;
// a name found only outside the section fails saying so, and a page with
// no such heading blocks the step (it never fails).
func TestUnder(t *testing.T) {
	srv := servePages(t, map[string]string{"/": sectionPage})
	for _, tc := range []struct{ target, want string }{
		{`role=link[name="Edit"]`, "intro"},
		{`role=link[name="Edit"] under="Ingredients"`, "ingredients"},       // the heading's colon aside, any case
		{`role=link[name="Edit"] under="ingredients" nth=last`, "optional"}, // h3's section is inside the h2's
		{`role=link[name="Edit"] under="Optional"`, "optional"},
		{`role=link[name="Edit"] under="Method"`, "method"},
		{`role=link[name="Edit"] under="Downloading"`, "downloading"},
	} {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
	runStepCases(t, srv.URL, []stepCase{
		{`expect_visible: "text=\"300 ml milk\" under=\"Ingredients\""`, evidence.Verified, ""},
		{`expect_visible: "text=Sugar under=\"Ingredients\""`, evidence.Verified, ""},
		{`expect_visible: "text=Book under=\"Schemas\""`, evidence.Verified, ""},
		{`expect_value: {target: "label=Folder under=\"Downloading\"", value: /srv}`, evidence.Verified, ""},
		{`expect_visible: "text=\"Whisk the eggs\" under=\"Ingredients\""`, evidence.Failed, `but none in the section under the heading "Ingredients"`},
		{`expect_visible: "text=Sugar under=\"Method\""`, evidence.Failed, "but none in the section"},
		// The section of the last heading in a <section> ends with it.
		{`expect_visible: "text=\"Sugar and Order again, outside every section\" under=\"Schemas\""`, evidence.Failed, "but none in the section"},
		{`expect_hidden: "text=Sugar under=\"Method\""`, evidence.Verified, ""},
		// An order in a section: every element in it, in document order.
		{`expect_order: {target: "css=* under=\"Ingredients\"", texts: ["2 eggs", "300 ml milk", "Sugar"]}`, evidence.Verified, ""},
		{`expect_order: {target: "css=* under=\"Ingredients\"", texts: ["300 ml milk", "2 eggs"]}`, evidence.Failed, ""},
		{`expect_order: {target: "css=* under=\"Schemas\"", texts: ["Order", "Book"]}`, evidence.Failed, ""},
		{`expect_order: {target: "css=* under=\"Ingredients\"", texts: ["2 eggs", "Whisk the eggs"]}`, evidence.Failed, "Whisk the eggs"},
		// A title drawn without a heading element: nothing is decided.
		{`expect_visible: "text=\"Camera Uploads\" under=\"Folders\""`, evidence.Blocked, `the page shows no heading "Folders"`},
		{`expect_hidden: "text=Sugar under=\"Folders\""`, evidence.Blocked, `the page shows no heading "Folders"`},
	})
}

// stepCase is one step run after a visit of the page at /: the decision
// it must reach, and words its reason or actual must hold.
type stepCase struct {
	step string
	want evidence.Decision
	says string
}

// runStepCases runs each case as its own journey against base, in
// parallel, with a short budget.
func runStepCases(t *testing.T, base string, cases []stepCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.step, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /\n      - "+tc.step+"\n        timeout: 700ms\n")
			res := run(t, p, Options{BaseURL: base})
			wantDecision(t, res, tc.want)
			j := res.Manifest.Journeys[0]
			if got := j.Reason + " " + j.Steps[1].Actual; !strings.Contains(got, tc.says) {
				t.Errorf("reason and actual %q do not say %q", got, tc.says)
			}
		})
	}
}
