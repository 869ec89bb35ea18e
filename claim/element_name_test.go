package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestJudgementWordInElementName: a judgement or out-of-reach word that
// is a word of a capitalised name before an element or item noun ("the
// Recent tab", "the Migration Plan link") is the element's label, so the
// claim is not refused for it; the same word said of the page still is.
func TestJudgementWordInElementName(t *testing.T) {
	for _, tc := range []struct {
		claim, word string
		named       bool
	}{
		{"Clicking the Recent tab shows 'Journal'", "recent", true},
		{"Clicking the Migration Plan link opens the Migration Plan tiddler", "migration", true},
		{"The Fast Lane button is blue", "fast", true},
		{"The recent tab shows 'Journal'", "recent", false}, // lower case: a word of the sentence
		{"Recent changes link to /log", "recent", false},    // the sentence's first word
		{"The page is Fast", "fast", false},                 // no element noun after it
		{"The Migration Plan link is fast", "fast", false},
	} {
		if got := inElementName(lexClaim(tc.claim).toks, tc.word); got != tc.named {
			t.Errorf("%q: %q in an element's name = %v, want %v", tc.claim, tc.word, got, tc.named)
		}
	}
	for claim, bad := range map[string]string{
		"Clicking the 'Recent' tab shows 'Journal'":                       "",
		"In the sidebar's Recent tab, Journal 2026-11-30 is listed above": `"recent" is a judgement`,
		"Clicking the Migration Plan link shows 'Owner: Dana'":            `"migration" is out of a browser's reach`,
	} {
		_, err := Derive(claim)
		var np *NotProvableError
		if errors.As(err, &np) && bad != "" && strings.Contains(np.Reason, bad) {
			t.Errorf("%q refused as %q", claim, np.Reason)
		}
	}
	if _, err := Derive("The Migration Plan link is fast"); err == nil || !strings.Contains(err.Error(), `"fast" is a judgement`) {
		t.Errorf("a judgement said of a named element is not refused: %v", err)
	}
}

// TestItemPageLink: a page named by an item and its kind ("the Pancakes
// recipe page") is reached by the link showing the item's name, when the
// words look like a name; "the blog post page" keeps its words. A tab
// said to list something after the page is chosen first.
func TestItemPageLink(t *testing.T) {
	runClasses(t, []classCase{
		{"The Pancakes recipe page shows '2 eggs'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=2 eggs","as":"before_2_eggs"}}`, `{"click":"role=link[name=\"Pancakes\"]","reach":true}`, `{"expect_text":"2 eggs"}`, `{"expect_count":{"target":"text=2 eggs","more_than":"before_2_eggs"},"reach":true}`}}},
		{"The @acme/ui package page shows 'MIT'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=MIT","as":"before_mit"}}`, `{"click":"role=link[name=\"@acme/ui\"]","reach":true}`, `{"expect_text":"MIT"}`, `{"expect_count":{"target":"text=MIT","more_than":"before_mit"},"reach":true}`}}},
		{"The blog post page shows 'Comments'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Comments","as":"before_comments"}}`, `{"click":"role=link[name=\"blog post\"]","reach":true}`, `{"expect_text":"Comments"}`, `{"expect_count":{"target":"text=Comments","more_than":"before_comments"},"reach":true}`}}},
		// an ampersand between capitalised words is part of the link's name
		{"The Terms & Conditions page shows 'Refunds'", [][]string{
			{`{"visit":"/"}`, `{"remember_count":{"target":"text=Refunds","as":"before_refunds"}}`, `{"click":"role=link[name=\"Terms \u0026 Conditions\"]","reach":true}`, `{"expect_text":"Refunds"}`, `{"expect_count":{"target":"text=Refunds","more_than":"before_refunds"},"reach":true}`}}},
		// an item said with its kind: its name is what the page shows
		{"The home page lists the 'lodash' package", [][]string{{`{"visit":"/"}`, `{"expect_text":"lodash"}`}}},
		{"On /recipes, the page shows the 'Pancakes' and 'Waffles' recipes", [][]string{{`{"visit":"/recipes"}`, `{"expect_text":"Pancakes"}`}, {`{"visit":"/recipes"}`, `{"expect_text":"Waffles"}`}}},
		// what an opened item holds: the page once it is opened
		{"Clicking the 'data' folder on /tree shows 'a.csv' inside it.", [][]string{{`{"visit":"/tree"}`, `{"wait_for":"text=\"data\""}`, `{"remember_count":{"target":"text=a.csv","as":"before_a_csv"}}`, `{"click":"text=\"data\""}`, `{"expect_text":"a.csv"}`, `{"expect_count":{"target":"text=a.csv","more_than":"before_a_csv"},"reach":true}`}}},
		{"On /package/lodash, the Versions tab lists '4.17.21'", [][]string{
			{`{"visit":"/package/lodash"}`, `{"wait_for":"role=tab[name=\"Versions\"]","reach":true}`, `{"click":"role=tab[name=\"Versions\"]"}`, `{"wait_for":"role=tabpanel[name=\"Versions\"]","reach":true}`, `{"expect_text":{"text":"4.17.21","target":"role=tabpanel[name=\"Versions\"]"}}`}}},
	})
	runRefused(t, []string{
		"/tasks lists the 'Buy milk' task as done", // a state of the item, not only its name
		"The page shows the 'Buy milk' task first",
		"The terms & conditions page shows 'Refunds'",      // lower-case words joined: no link's name
		"On /x, the 'data' folder shows 'a.csv' inside it", // nothing opens it
	})
	d, err := Derive("The Pancakes recipe page shows '2 eggs'")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Join(d.Notes, "\n"); !strings.Contains(n, `("recipe" says the kind of item, not a word of its link)`) {
		t.Errorf("the note does not say the kind was left out of the link:\n%s", n)
	}
}
