package runner

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// servePages serves HTML pages by path on loopback.
func servePages(t testing.TB, pages map[string]string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// locatorPage holds the decoys of the field guide's locator test: the
// target is the visible "Sign in" button made of two spans; around it a
// hidden "Sign in", "Sign in with Google", a "Sign in" button whose
// aria-label renames it "Log in", and an aria-hidden role=button. Each
// element writes its id to #out when clicked.
const locatorPage = `<!doctype html><html lang="en"><head><title>Locators</title></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<button style="display:none" onclick="hit('hidden')">Sign in</button>
<button onclick="hit('google')">Sign in with Google</button>
<button aria-label="Log in" onclick="hit('arialabel')">Sign in</button>
<div role="button" aria-hidden="true" onclick="hit('ariahidden')">Sign in</div>
<button onclick="hit('target')"><span>Sign</span> <span>in</span></button>
<h1 onclick="hit('h1')">Welcome back</h1>
<h2 onclick="hit('h2')">Welcome back</h2>
<nav aria-label="Main"><a href="#docs" onclick="hit('docs')">Docs</a> <a href="#docs2" onclick="hit('everything')">Docs for everything</a></nav>
<label for="email">Email address</label><input id="email" onclick="hit('email')">
<label>Password <input type="password" id="pw" onclick="hit('pw')"></label>
<input aria-label="Search the site" placeholder="Search…" onclick="hit('search')">
<span id="phone-label">Phone number</span><input aria-labelledby="phone-label" onclick="hit('phone')">
<img alt="Company logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20" onclick="hit('logo')">
<input type="submit" value="Send it" onclick="hit('submit'); return false">
<div data-testid="card" onclick="hit('card')">A card</div>
<input placeholder="Filter" onclick="hit('filter')"><input title="Quantity" onclick="hit('qty')">
<div class="op"><span onclick="hit('books')">List books</span> <span>/books</span></div>
<table><tr onclick="hit('row')"><td>Row one</td><td>1</td></tr></table>
<a href="#start" class="btn" onclick="hit('cta')">Get started</a>
<p class="note" onclick="hit('note')">Terms <b>and</b> conditions apply</p>
<div id="host"></div>
<script>
const root = document.getElementById('host').attachShadow({mode: 'open'});
root.innerHTML = '<button onclick="document.getElementById(\'out\').textContent=\'hit:shadow\'">Shadow button</button>';
</script>
</body></html>`

// TestLocators checks which element a target resolves to, by clicking it.
func TestLocators(t *testing.T) {
	srv := servePages(t, map[string]string{"/": locatorPage})
	tests := []struct {
		target string
		want   string // the id the click reports; "" when nothing may match
	}{
		{`role=button[name="Sign in"]`, "target"},
		{`role=button[name="sign in"]`, "target"},
		{`role=button[name="Log in"]`, "arialabel"},
		{`role=button[name="with Google"]`, ""}, // a click takes a name whole
		{`role=button[name="Sign In" s]`, ""},
		{`role=button[name="Sign in" s]`, "target"},
		{`role=heading[name="Welcome back"][level=2]`, "h2"},
		{`role=heading[name="Welcome back"]`, "h1"},
		{`role=link[name="Docs"]`, "docs"},
		{`role=link[name="everything"]`, ""},
		{`role=textbox[name="Email address"]`, "email"},
		{`role=textbox[name="Password"]`, "pw"},
		{`role=button[name="Send it"]`, "submit"},
		{`role=img[name="Company logo"]`, "logo"},
		{`role=button[name="Shadow button"]`, "shadow"},
		{`label=Email address`, "email"},
		{`label=email`, "email"},
		{`label="email address"`, ""},
		{`label=Password`, "pw"},
		{`label=Search the site`, "search"},
		{`label=Phone number`, "phone"},
		{`label=Filter`, "filter"}, // no label: its placeholder names it
		{`label=Filt`, ""},         // the fallback takes whole texts only
		{`label=Quantity`, "qty"},  // or its title
		{`label=Search…`, ""},      // a field with a label is not found by its placeholder
		{`role=row[name="Row one"]`, "row"},
		{`role=row[name="List books"]`, "books"}, // no row of that name: the text stands for its line
		{`role=row[name="List"]`, ""},
		{`placeholder=Search`, "search"},
		{`alt=company logo`, "logo"},
		{`testid=card`, "card"},
		{`css=p.note`, "note"},
		{`text=Terms and conditions apply`, "note"},
		{`text=and conditions`, ""},
		{`text="Welcome back"`, "h1"},
		{`text=A card`, "card"},
		{`text=Send it`, "submit"},
		{`text=Nothing like this`, ""},
		{`role=button[name="Register"]`, ""},
		// a link drawn as a button is a button to a person, when no
		// button has the name; a button of the name wins over a link
		{`role=button[name="Get started"]`, "cta"},
		{`role=link[name="Get started"]`, "cta"},
		{`role=button[name="Docs"]`, "docs"},
		{`role=button[name="Docs" s]`, "docs"},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
}

// TestClosestMatches checks the near misses a missing target reports.
func TestClosestMatches(t *testing.T) {
	srv := servePages(t, map[string]string{"/": locatorPage})
	tests := []struct {
		target string
		want   []string
	}{
		{`role=button[name="Sign up"]`, []string{`button "Sign in"`}},
		{`role=link[name="Documentation"]`, []string{`link "Docs`}},
		{`label=E-mail`, []string{`labelled "Email address"`}},
		{`text=Welcome bak`, []string{`"Welcome back"`}},
		{`placeholder=Find`, []string{`placeholder "Search…"`}},
		{`testid=cards`, []string{`data-testid="card"`}},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) {
			t.Parallel()
			q := strings.ReplaceAll(tc.target, `"`, `\"`)
			p := journeyPlan(t, fmt.Sprintf("      - visit: /\n      - click: \"%s\"\n        timeout: 300ms\n", q))
			res := run(t, p, Options{BaseURL: srv.URL})
			wantDecision(t, res, evidence.Failed)
			s := res.Manifest.Journeys[0].Steps[1]
			for _, w := range tc.want {
				if !strings.Contains(s.Actual, w) {
					t.Errorf("actual %q lacks %q", s.Actual, w)
				}
			}
		})
	}
}

// iconPage has icon controls named only by their title, as in
// Transmission's toolbar: one clickable by its pointer cursor and a
// listener added from script, one by an onclick handler; one with a title
// and nothing that makes it clickable; and a heading whose text is also an
// icon's title, which the text keeps.
const iconPage = `<!doctype html><html lang="en"><head><title>Icons</title>
<style>#toolbar > div { cursor: pointer; display: inline-block; width: 24px; height: 24px; background: #ccc; }</style></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<div id="toolbar"><div id="open" title="Open Torrent"></div><div id="sep"></div><div title="Upload Files" id="upload-icon"></div></div>
<div title="Pause All" style="display:inline-block;width:24px;height:24px" onclick="hit('pauseall')"></div>
<div title="Decoration" style="display:inline-block;width:24px;height:24px"></div>
<h3 onclick="hit('heading')">Upload Files</h3>
<button onclick="hit('close')"><svg width="16" height="16" viewBox="0 0 16 16"><title>Close</title><path d="M2 2L14 14M14 2L2 14" stroke="black"/></svg></button>
<button onclick="hit('menu')"><svg width="16" height="16" aria-label="Menu" viewBox="0 0 16 16"><path d="M2 4H14" stroke="black"/></svg></button>
<button onclick="hit('hidden-icon')"><svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><title>Trash</title><path d="M2 4H14" stroke="black"/></svg></button>
<script>
document.getElementById('open').addEventListener('click', () => hit('open'));
document.getElementById('upload-icon').addEventListener('click', () => hit('upload-icon'));
</script>
</body></html>`

// TestTitledIconControls: an icon control with no role and no text is
// found by its title when it is clickable, by text= and as a button; an
// icon button drawn by an SVG by the SVG's title or label.
func TestTitledIconControls(t *testing.T) {
	srv := servePages(t, map[string]string{"/": iconPage})
	tests := []struct {
		target string
		want   string // the id the click reports; "" when nothing may match
	}{
		{`text="Open Torrent"`, "open"},
		{`role=button[name="Open Torrent"]`, "open"},
		{`text=Pause All`, "pauseall"},
		{`role=button[name="pause all"]`, "pauseall"},
		{`text="Decoration"`, ""},
		{`role=button[name="Decoration"]`, ""},
		{`text="Upload Files"`, "heading"},
		{`role=button[name="Pause"]`, ""},
		// an icon button drawn by an SVG alone is named by its <title> or
		// aria-label, not by an icon hidden from assistive technology
		{`role=button[name="Close"]`, "close"},
		{`role=button[name="Menu"]`, "menu"},
		{`role=button[name="Trash"]`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
}

// clickHits clicks target on base's home page, whose elements write
// "hit:NAME" into #out when clicked: the click must hit the element named
// want, or, when want is "", fail for finding no element.
func clickHits(t *testing.T, base, target, want string) {
	t.Helper()
	t.Parallel()
	q := strings.ReplaceAll(target, `"`, `\"`)
	p := journeyPlan(t, fmt.Sprintf(`
      - visit: /
      - click: "%s"
        timeout: 700ms
      - expect_text: {target: "css=#out", text: "hit:%s"}
        timeout: 1s
`, q, want)[1:])
	res := run(t, p, Options{BaseURL: base})
	if want == "" {
		wantDecision(t, res, evidence.Failed)
		if s := res.Manifest.Journeys[0].Steps[1]; s.Status != evidence.StepFailed || !strings.Contains(s.Actual, "no element") {
			t.Fatalf("step 2 should fail for a missing target:\n%s", explain(res))
		}
		return
	}
	wantDecision(t, res, evidence.Verified)
}

// TestLabelParts checks that a label target matches a part of a label only
// on a form field and as whole words: an API parameter shown as a field
// with a placeholder is that field (found by its placeholder), not the
// button whose aria-label mentions it.
func TestLabelParts(t *testing.T) {
	srv := servePages(t, map[string]string{"/": `<!doctype html><html lang="en"><head><title>Labels</title></head><body>
<script>function hit(id) { document.getElementById('out').textContent = 'hit:' + id; }</script>
<p id="out">none</p>
<button aria-label="Try bookId lookup" onclick="hit('button')">Go</button>
<input placeholder="bookId" onclick="hit('placeholder')">
<label>Book title <input onclick="hit('title')"></label>
<input aria-label="Filter by author" onclick="hit('author')">
<button aria-label="Close" onclick="hit('close')">×</button>
</body></html>`})
	tests := []struct {
		target string
		want   string
	}{
		{`label=bookId`, "placeholder"},       // the unlabelled field it names, never the button whose aria-label mentions it
		{`label=Try bookId lookup`, "button"}, // the whole aria-label names it
		{`label=Close`, "close"},
		{`label=book`, "title"}, // a whole word of a field's label
		{`label=ook`, ""},       // not a whole word
		{`label=author`, "author"},
		{`placeholder=bookId`, "placeholder"},
	}
	for _, tc := range tests {
		t.Run(tc.target, func(t *testing.T) { clickHits(t, srv.URL, tc.target, tc.want) })
	}
}
