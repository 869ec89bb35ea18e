package claim

import (
	"errors"
	"strings"
	"testing"
)

// What a path answers, said the way API developers say it (jsonverbs.go),
// on invented apps.

func TestJSONVerbReadings(t *testing.T) {
	runClasses(t, []classCase{
		// a JSON pair written in the claim says the path answers JSON
		{`/orders/5 comes back with 'Blue mug' and "paid": true`, [][]string{
			{`{"visit":"/orders/5"}`, `{"expect_text":"Blue mug"}`},
			{`{"visit":"/orders/5"}`, `{"expect_json":{"at":"/paid","equals":true}}`}}},
		{`GET /notes/7 returns 'Groceries' with "pinned": false`, [][]string{
			{`{"visit":"/notes/7"}`, `{"expect_text":"Groceries"}`},
			{`{"visit":"/notes/7"}`, `{"expect_json":{"at":"/pinned","equals":false}}`}}},
		{`GET /notes/7 returns "owner": "kim"`, [][]string{
			{`{"visit":"/notes/7"}`, `{"expect_json":{"at":"/owner","equals":"kim"}}`}}},
		// an embedded list that is empty
		{"GET /authors/2?_embed=books returns Ada Byron with an empty books list", [][]string{
			{`{"visit":"/authors/2?_embed=books"}`, `{"expect_text":"Ada Byron"}`},
			{`{"visit":"/authors/2?_embed=books"}`, `{"expect_json":{"at":"/books","equals":[]}}`}}},
		// "only" / "just": the texts and the number of items
		{"GET /songs?genre=jazz returns only 'Blue Train' and 'So What'", [][]string{
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_json":{"count":2}}`},
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"Blue Train"}`},
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"So What"}`}}},
		{"The endpoint /songs?_limit=1 gives back just 'Blue Train'", [][]string{
			{`{"visit":"/songs?_limit=1"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/songs?_limit=1"}`, `{"expect_text":"Blue Train"}`}}},
		{"GET /players?team=red matches Lin Park only", [][]string{
			{`{"visit":"/players?team=red"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/players?team=red"}`, `{"expect_text":"Lin Park"}`}}},
		// items named by id
		{"GET /songs?id=4&id=9 returns songs 4 and 9 and leaves out 'Blue Train'", [][]string{
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":4}}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":9}}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_no_text":"Blue Train"}`}}},
		{"GET /songs?id=4&id=9 returns only songs 4 and 9", [][]string{
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":4}}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":9}}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"count":2}}`}}},
		// a request named by what it does; the rest of the collection
		{"The genre filter GET /songs?genre_ne=jazz drops 'Blue Train' and keeps the other two songs", [][]string{
			{`{"visit":"/songs?genre_ne=jazz"}`, `{"expect_no_text":"Blue Train"}`},
			{`{"visit":"/songs?genre_ne=jazz"}`, `{"expect_json":{"count":2}}`}}},
		// "the one NOUN": exactly one item, and what it holds
		{"GET /albums?year=1959 gives back the one album, whose label is 'Blue Note'", [][]string{
			{`{"visit":"/albums?year=1959"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/albums?year=1959"}`, `{"expect_json":{"at":"/**/label","equals":"Blue Note"}}`}}},
		// a field set off before its value: checked with it
		{"GET /users/4 returns its email, 'kim@x.io'", [][]string{
			{`{"visit":"/users/4"}`, `{"expect_json":{"at":"/email","equals":"kim@x.io"}}`}}},
		{"GET /config/locale returns the current locale, 'de'", [][]string{
			{`{"visit":"/config/locale"}`, `{"expect_json":{"equals":"de"}}`}}},
		// an empty result said with a pronoun
		{"GET /players?name_like=zed finds nobody", [][]string{
			{`{"visit":"/players?name_like=zed"}`, `{"expect_json":{"equals":[]}}`}}},
		// a request described by its path's shape before an example
		{"An id that isn't a number, like /songs/xyz, gets a 404", [][]string{
			{`{"visit":"/songs/xyz"}`, `{"expect_status":404}`}}},
	})
}

func TestJSONVerbRefusals(t *testing.T) {
	runRefused(t, []string{
		"An id that isn't a number, like /songs/12, gets a 404", // the example is a number
		"A song that isn't jazz, like /songs/12, gets a 404",    // a description of the data, not the path
		"GET /songs/4 returns just 'Blue Train'",                // "just" said of one record
		"/config returns the current theme, 'dark'",
		"GET /config/locale returns the current locale, '7'",                          // the number or the text
		"GET /config returns the newest locale, 'de'",                                 // a description no check proves
		"GET /albums/3 gives back the one album",                                      // a record's path holds one item
		"GET /albums?year=1959 returns that one album",                                // "that": an item named elsewhere
		"Every song in GET /songs has a genre flag",                                   // the kind of a field, not its value
		"The new filter GET /songs?new=1 drops 'Help' and keeps the other two albums", // another collection's noun             // a description before the value is not dropped
		"GET /songs?_page=2 returns the fourth song, 'So What'",                       // a position the response does not have
	})
}

// Words that need a JSON response where the claim does not say JSON, said
// with a verb of a page ("shows", "lists", "has"), are refused, with the
// claim said of GET offered.
func TestJSONVerbNeedsJSON(t *testing.T) {
	// (a verb of a response, "returns", "matches", takes the JSON
	// reading as a guess: jsonreach_test.go)
	cases := []struct{ claim, sugg string }{
		{"/songs?genre=jazz shows only 'Blue Train' and 'So What'", `GET /songs?genre=jazz shows only "Blue Train" and "So What"`},
		{"/players?team=red lists Lin Park only", "GET /players?team=red lists Lin Park only"},
		{"The date filter /shows?year_gte=2020 has the other three shows", "The date filter GET /shows?year_gte=2020 has the other three shows"},
		{"/players?name_like=zed shows nobody", "GET /players?name_like=zed shows nobody"},
		{"/config/locale shows the current locale, 'de'", `GET /config/locale shows the current locale, "de"`},
	}
	for _, tt := range cases {
		_, err := Derive(tt.claim)
		var np *NotProvableError
		if !errors.As(err, &np) {
			t.Errorf("%q derived, want a refusal", tt.claim)
			continue
		}
		if !strings.Contains(np.Reason, "does not say") && !strings.Contains(np.Reason, "may be a field of a JSON response") || len(np.Suggestions) == 0 || stripLabel(np.Suggestions[0]) != tt.sugg {
			t.Errorf("%q: %q, suggestions %q; want %q first", tt.claim, np.Reason, np.Suggestions, tt.sugg)
		}
	}
}

// Where a link to another site goes, read from its href; a text that is
// no link.
func TestLinkDestReadings(t *testing.T) {
	runClasses(t, []classCase{
		{"The footer's 'Status' link goes to status.acme.io", [][]string{
			{`{"visit":"/"}`, `{"expect_text":{"text":"Status","target":"css=a[href=\"https://status.acme.io\"], a[href=\"https://status.acme.io/\"], a[href=\"http://status.acme.io\"], a[href=\"http://status.acme.io/\"] in=footer"}}`}}},
		{"On /about, the Source link points to gitlab.com/acme/shop", [][]string{
			{`{"visit":"/about"}`, `{"expect_text":{"text":"Source","target":"css=a[href=\"https://gitlab.com/acme/shop\"], a[href=\"https://gitlab.com/acme/shop/\"], a[href=\"http://gitlab.com/acme/shop\"], a[href=\"http://gitlab.com/acme/shop/\"]"}}`}}},
		{"The home page's 'Docs' link points to docs.acme.io", [][]string{
			{`{"visit":"/"}`, `{"expect_text":{"text":"Docs","target":"css=a[href=\"https://docs.acme.io\"], a[href=\"https://docs.acme.io/\"], a[href=\"http://docs.acme.io\"], a[href=\"http://docs.acme.io/\"]"}}`}}},
		{"In the home page footer, 'Acme Inc' is plain text, not a link", [][]string{
			{`{"visit":"/"}`, `{"expect_visible":"text=\"Acme Inc\" in=footer"}`, `{"expect_hidden":"role=link[name=\"Acme Inc\" s] in=footer"}`}}},
		{"On /pricing, 'Enterprise' is just plain text and not a link", [][]string{
			{`{"visit":"/pricing"}`, `{"expect_visible":"text=\"Enterprise\""}`, `{"expect_hidden":"role=link[name=\"Enterprise\" s]"}`}}},
	})
	runRefused(t, []string{
		"The Blog link under Community on the home page points to blog.acme.io",   // under a heading: no target pins it
		"The 'Guide' link points to guide.html",                                   // a file, not a host
		"In the header of /about, 'Acme' in the footer is plain text, not a link", // two parts
	})
}
