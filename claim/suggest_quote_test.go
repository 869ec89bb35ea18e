package claim

import (
	"slices"
	"strings"
	"testing"
)

func TestQuoteReadings(t *testing.T) {
	for _, tc := range []struct {
		claim string
		want  string // the first reading; "" for none
		never []string
	}{
		{`On /shop, clicking Add to basket shows 'Added'`, `On /shop, clicking "Add to basket" shows 'Added'`, nil},
		{`Clicking Sign out on /account shows "Goodbye".`, `Clicking "Sign out" on /account shows "Goodbye"`, []string{`"Sign out on"`}},
		{`/contacts has a New contact button`, `/contacts has a "New contact" button`, []string{`"New contact button"`}},
		{`On /wiki the Recent changes link goes to /wiki/recent`, `On /wiki the "Recent changes" link goes to /wiki/recent`, nil},
		{`On /shop clicking Add to basket shows Added to your basket`, `On /shop clicking "Add to basket" shows "Added to your basket"`, nil},
		// a list is two names, never one
		{`/team shows Ada Byron and Alan Turing`, `/team shows "Ada Byron" and "Alan Turing"`, []string{`"Ada Byron and Alan Turing"`}},
		// the kind of control ends the name
		{`Clicking the Toggle Sidebar toolbar button shows 'Outline'`, `Clicking the "Toggle Sidebar" toolbar button shows 'Outline'`, []string{`"Toggle Sidebar toolbar`}},
		// "but not" ends a name, and the next capitalised word starts one
		{`GET /tasks returns Write the notes and Fix the bug but not Update deps`, `GET /tasks returns "Write the notes" and "Fix the bug" but not "Update deps"`, []string{`"Fix the bug but`}},
		// nothing capitalised to quote
		{`the page works`, ``, nil},
		// an action word that starts the sentence is no name
		{`Clicking Save on /notes shows "Saved"`, `Clicking "Save" on /notes shows "Saved"`, []string{`"Clicking`}},
	} {
		got, why := quoteReadings(tc.claim)
		first := ""
		if len(got) > 0 {
			first = got[0]
		}
		if first != tc.want {
			t.Errorf("%q: first reading %q, want %q (all %q)", tc.claim, first, tc.want, got)
		}
		for _, g := range got {
			if why[g] == "" || !strings.Contains(why[g], "a guess") {
				t.Errorf("%q: reading %q has no label saying it guesses (%q)", tc.claim, g, why[g])
			}
			if _, r := deriveSuggestion(g); r != nil {
				t.Errorf("%q: reading %q does not derive: %s", tc.claim, g, r.reason)
			}
			for _, n := range tc.never {
				if strings.Contains(g, n) {
					t.Errorf("%q: reading %q quotes %s", tc.claim, g, n)
				}
			}
		}
	}
}

// A refused claim is offered back with its names quoted, labelled as
// reading them as exact texts; a judgement is not.
func TestRefusalOffersQuotedReading(t *testing.T) {
	_, err := Derive(`On /wiki the Recent changes link goes to /wiki/recent`)
	np, ok := err.(*NotProvableError)
	if !ok {
		t.Fatalf("want a refusal, got %v", err)
	}
	if !slices.ContainsFunc(np.Suggestions, func(s string) bool {
		return strings.HasPrefix(s, `On /wiki the "Recent changes" link goes to /wiki/recent`+labelSep) && strings.Contains(s, "a guess")
	}) {
		t.Errorf("no quoted reading among %q", np.Suggestions)
	}
	_, err = Derive(`The site has good SEO`)
	if np, ok := err.(*NotProvableError); !ok || slices.ContainsFunc(np.Suggestions, func(s string) bool { return strings.Contains(s, `"SEO"`) }) {
		t.Errorf("a judgement got a quoted reading: %v", err)
	}
}

// An app's name before "web UI" is the page's, never a text to quote.
func TestQuoteSkipsAppName(t *testing.T) {
	cands, _, _ := quoteCandidates("The Acme web UI has a Save Changes button")
	if len(cands) == 0 {
		t.Fatal("no candidates")
	}
	for _, c := range cands {
		if strings.Contains(c, `"Acme"`) {
			t.Errorf("candidate %q quotes the app's name", c)
		}
	}
	if !slices.ContainsFunc(cands, func(c string) bool { return strings.Contains(c, `"Save Changes"`) }) {
		t.Errorf("candidates %q: none quotes the control's name", cands)
	}
}
