package claim

import (
	"errors"
	"strings"
	"testing"
)

// Claims written for this test about invented apps: a row or list item
// picked by its place, "second" as a place, the empty JSON list written
// bare, "both", "in that order" after a path's values, and rules whose
// condition counts.
func TestClassPlacesAndOrders(t *testing.T) {
	rows := "css=tr:has(td), [role=row]:has([role=cell], [role=gridcell])"
	runClasses(t, []classCase{
		{"On /invoices, the first row shows 'INV-001'.", [][]string{
			{`{"visit":"/invoices"}`, `{"expect_text":{"text":"INV-001","target":"` + jsonEsc(rows) + ` nth=first"}}`}}},
		{"The last row of the table on /members shows 'Zoe Park'", [][]string{
			{`{"visit":"/members"}`, `{"expect_text":{"text":"Zoe Park","target":"` + jsonEsc(rows) + ` nth=last"}}`}}},
		{"On /cart, the second item in the list says 'Oat milk'", [][]string{
			{`{"visit":"/cart"}`, `{"expect_text":{"text":"Oat milk","target":"` + jsonEsc("css="+contentItems) + ` nth=second"}}`}}},
		{"GET /products?q=zzz returns []", [][]string{
			{`{"visit":"/products?q=zzz"}`, `{"expect_json":{"equals":[]}}`}}},
		{"/products?q=zzz returns [].", [][]string{
			{`{"visit":"/products?q=zzz"}`, `{"expect_visible":"text=\"[]\""}`}}},
		{"GET /prefs returns {}", [][]string{
			{`{"visit":"/prefs"}`, `{"expect_json":{"equals":{}}}`}}},
		{"/staff?active=true still returns both 'Ann Cole' and 'Raj Patel'", [][]string{
			{`{"visit":"/staff?active=true"}`, `{"expect_text":"Ann Cole"}`},
			{`{"visit":"/staff?active=true"}`, `{"expect_text":"Raj Patel"}`}}},
		{"GET /books?_sort=year returns 'Dune', 'Emma' and 'Ulysses' in that order", [][]string{
			{`{"visit":"/books?_sort=year"}`, `{"expect_order":["Dune","Emma","Ulysses"]}`}}},
		{"/books?_sort=title returns Dune, Emma, Ulysses in that order.", [][]string{
			{`{"visit":"/books?_sort=title"}`, `{"expect_order":["Dune","Emma","Ulysses"]}`}}},
		{"If _sort names two keys, only the first one counts: /books?_sort=year,title returns 'Emma'", [][]string{
			{`{"visit":"/books?_sort=year,title"}`, `{"expect_text":"Emma"}`}}},
		{"A page number that isn't a number counts as 1: /books?_page=x returns 'Dune'", [][]string{
			{`{"visit":"/books?_page=x"}`, `{"expect_text":"Dune"}`}}},
	})
	runRefused(t, []string{
		// no markup says what a card or a task is
		"On /plans, the first card shows 'Free'",
		// with no row at all, nothing would be shown in it
		"On /queue, the third list item does not show 'Failed'",
		"On /queue, the first row does not show 'Failed'",
		// "both" of three values, "both" with "only"
		"GET /staff returns both 'Ann', 'Raj' and 'Li'",
		"GET /staff returns both 'Ann' and 'Raj' only",
		// a count in the rule itself is a check of its own
		"Only 2 books match: /books?q=e returns 'Emma'",
	})
}

// jsonEsc escapes a target as canonical JSON writes it.
func jsonEsc(s string) string {
	return strings.NewReplacer(`"`, `\"`).Replace(s)
}

func TestOrdinalSecond(t *testing.T) {
	for _, tt := range []struct {
		claim   string
		ordinal bool
	}{
		{"the second row shows 'Bob'", true},
		{"clicking 'More' a second time hides it", true},
		{"the second 'Delete' button removes 'Ann'", true},
		{"the page loads in under a second", false},
		{"it shows 'Done' within a second of clicking", false},
		{"wait 1 second and it shows 'Done'", false},
		{"it takes a second or two", false},
		{"the banner goes away after a second", false},
	} {
		ws := composeWords(lexClaim(tt.claim))
		got := false
		for i, w := range ws {
			if w.low == "second" {
				got = ordinalSecond(ws, i)
			}
		}
		if got != tt.ordinal {
			t.Errorf("%q: ordinal %v, want %v", tt.claim, got, tt.ordinal)
		}
	}
}

// A word a judgement list holds that says a place, a likeness or "also"
// gets a reason that says so, or no refusal for it at all.
func TestNotJudgedReasons(t *testing.T) {
	for _, tt := range []struct{ claim, reason string }{
		{"The 'Help' link sits right under the 'Docs' heading on /", "where an element sits"},
		{"On /settings, the 'Log out' link is in the top right corner", "where an element sits"},
		{"The 'Clear' button is red like the 'Cancel' button", `"like …"`},
		{"The pricing page shows the right prices", "judgement"},
		{"Users like the new dashboard", "judgement"},
	} {
		_, err := Derive(tt.claim)
		var np *NotProvableError
		if !errors.As(err, &np) || !strings.Contains(np.Reason, tt.reason) {
			t.Errorf("%q: %v, want a refusal saying %q", tt.claim, err, tt.reason)
		}
	}
	// a capitalised out-of-reach word before an element's noun names it
	if _, err := Derive("On /, the Servers dropdown is disabled"); err != nil && strings.Contains(err.Error(), "out of a browser's reach") {
		t.Errorf("the Servers dropdown: %v, want no refusal that calls it out of reach", err)
	}
	if _, err := Derive("The server restarts nightly"); err == nil || !strings.Contains(err.Error(), "out of a browser's reach") {
		t.Errorf("the server: %v, want out of reach", err)
	}
	// "as well" at a clause's end is "also"
	if _, err := Derive("Plain ids work as well: GET /books?id=2 returns 'Emma'"); err != nil {
		t.Errorf("as well: %v", err)
	}
}
