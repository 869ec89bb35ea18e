package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// regionPage has the same names inside and outside the parts of the page:
// a "Docs" link before the header (first in document order), two in the
// header, one in a footer marked only by its landmark role, and one in an
// article's own header (not the page's); a "Pricing"
// link in no header; and "Edit" buttons on rows named alike inside and
// outside the sidebar; "Cancel" in a form behind a role=dialog and in
// it, and "OK" in a form and in a <dialog open> with role=alertdialog. The
// style of the header's "Docs" is underlined, the one before it is not.
const regionPage = `<!doctype html><html lang="en"><head><title>Regions</title>
<style>a { text-decoration: none } header a { text-decoration: underline }</style></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<a href="#top" onclick="hit('top')">Docs</a>
<header><a href="#h1" onclick="hit('head')">Docs</a> <a href="#h2" onclick="hit('head2')">Docs</a></header>
<main><a href="#p" onclick="hit('pricing')">Pricing</a>
<ul><li>Alice <button onclick="hit('alice-main')">Edit</button></li></ul></main>
<aside><ul><li>Alice <button onclick="hit('alice-aside')">Edit</button></li><li>Bob <button onclick="hit('bob-aside')">Edit</button></li></ul></aside>
<div role="contentinfo"><a href="#f" onclick="hit('foot')">Docs</a></div>
<article><header><a href="#a" onclick="hit('article')">Docs</a></header><footer><a href="#af" onclick="hit('article-foot')">Press</a></footer></article>
<form onsubmit="return false"><button onclick="hit('form-cancel')">Cancel</button><button onclick="hit('form-ok')">OK</button></form>
<div role="dialog" aria-label="Delete?"><p>Delete?</p><button onclick="hit('dialog-cancel')">Cancel</button></div>
<dialog open role="alertdialog"><button onclick="hit('alert-ok')">OK</button></dialog>
</body></html>`

// bareRegionPage draws its header with plain divs: no <header>, no
// banner; the only <header> and <footer> are a section's own.
const bareRegionPage = `<!doctype html><html lang="en"><head><title>Bare</title>
<style>.top a { text-decoration: underline }</style></head><body>
<div class="top"><a href="#d">Docs</a></div><p>Welcome</p>
<section><header>Latest</header><footer><a href="#m">Docs</a></footer></section>
</body></html>`

// TestInRegion: in= keeps only the matches inside the part of the page
// (its tag or landmark role), combines with nth= and within=, and a name
// found only outside the part fails, saying where it is.
func TestInRegion(t *testing.T) {
	srv := servePages(t, map[string]string{"/": regionPage})
	for _, tc := range []struct{ target, want string }{
		{`role=link[name="Docs"]`, "top"}, // unpinned: the first on the page
		{`role=link[name="Docs"] in=header`, "head"},
		{`text=Docs in=header nth=last`, "head2"},
		{`role=link[name="Docs"] in=footer`, "foot"}, // role=contentinfo
		{`role=link[name="Pricing"] in=main`, "pricing"},
		{`role=button[name="Edit"] within="Alice"`, "alice-main"},
		{`role=button[name="Edit"] in=aside within="Alice"`, "alice-aside"},
		{`role=button[name="Edit"] within="Bob" in=sidebar`, "bob-aside"},
		{`role=button[name="Edit"] in=aside nth=last`, "bob-aside"},
		{`role=button[name="Cancel"]`, "form-cancel"},
		{`role=button[name="Cancel"] in=dialog`, "dialog-cancel"},
		{`text=OK in=modal`, "alert-ok"}, // role=alertdialog
	} {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
	for _, tc := range []struct{ target, part string }{
		{`role=link[name=\"Pricing\"] in=header`, "header"},
		{`text=Press in=footer`, "footer"}, // an article's own footer is not the page's
	} {
		t.Run("outside "+tc.target, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /\n      - click: \""+tc.target+"\"\n        timeout: 500ms\n")
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, evidence.Failed)
			if s := res.Manifest.Journeys[0].Steps[1]; !strings.Contains(s.Actual, "but none inside the "+tc.part) {
				t.Errorf("actual %q does not say the match is outside the %s", s.Actual, tc.part)
			}
		})
	}
	t.Run("style", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct {
			target string
			want   evidence.Decision
		}{
			{`text="Docs" in=header`, evidence.Verified},
			{`text="Docs"`, evidence.Failed},
		} {
			p := journeyPlan(t, fmt.Sprintf("      - visit: /\n      - expect_style: {target: %q, property: text-decoration-line, value: underline}\n        timeout: 500ms\n", tc.target))
			wantDecision(t, run(t, p, Options{BaseURL: srv.URL}), tc.want)
		}
	})
}

// TestInRegionMissing: a page with no element of the part blocks the
// step, whatever it checks (even that a name is absent), and the reason
// says the page has no such part; it never fails.
func TestInRegionMissing(t *testing.T) {
	srv := servePages(t, map[string]string{"/": bareRegionPage})
	for _, step := range []string{
		`click: "text=Docs in=header"`,
		`expect_visible: "role=link[name=\"Docs\"] in=header"`,
		`expect_hidden: "text=Pricing in=header"`,
		`expect_style: {target: "text=Docs in=header", property: text-decoration-line, value: underline}`,
		`expect_text: {target: "css=a in=footer", text: "Docs"}`,
		`click: "text=Docs in=dialog"`,
	} {
		t.Run(step, func(t *testing.T) {
			t.Parallel()
			p := journeyPlan(t, "      - visit: /\n      - "+step+"\n        timeout: 700ms\n")
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, evidence.Blocked)
			j := res.Manifest.Journeys[0]
			t.Log(j.Reason)
			if s := j.Steps[1]; s.Status != evidence.StepBlocked {
				t.Errorf("step 2 is %s, want blocked", s.Status)
			}
			if !strings.Contains(j.Reason, "the page has no ") || !strings.Contains(j.Reason, "role=") {
				t.Errorf("reason %q does not say the page has no such part", j.Reason)
			}
		})
	}
}
