package claim

import "testing"

// A path said to return, match or find something without saying it is an
// API: the JSON reading, its expect_json steps marked reach (jsonreach.go),
// on invented apps.
func TestJSONReachReadings(t *testing.T) {
	runClasses(t, []classCase{
		// "only"/"just": the texts and the number of items, a guess
		{"/songs?genre=jazz returns only 'Blue Train' and 'So What'", [][]string{
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_json":{"count":2},"reach":true}`},
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"Blue Train"}`},
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"So What"}`}}},
		{"/songs?_limit=1 gives back just 'Blue Train'", [][]string{
			{`{"visit":"/songs?_limit=1"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/songs?_limit=1"}`, `{"expect_text":"Blue Train"}`}}},
		{"/players?team=red matches Lin Park only", [][]string{
			{`{"visit":"/players?team=red"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/players?team=red"}`, `{"expect_text":"Lin Park"}`}}},
		{"/players?team=red responds with only Lin Park and Sam Oduya", [][]string{
			{`{"visit":"/players?team=red"}`, `{"expect_json":{"count":2},"reach":true}`},
			{`{"visit":"/players?team=red"}`, `{"expect_text":"Lin Park"}`},
			{`{"visit":"/players?team=red"}`, `{"expect_text":"Sam Oduya"}`}}},
		// items by id; what is left out is a text, unguessed
		{"Requesting /songs?id=4&id=9 returns songs 4 and 9 and leaves out 'Blue Train'", [][]string{
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":4},"reach":true}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_json":{"at":"/*/id","equals":9},"reach":true}`},
			{`{"visit":"/songs?id=4\u0026id=9"}`, `{"expect_no_text":"Blue Train"}`}}},
		// the rest of the collection, kept by a filter
		{"The year filter /shows?year_ne=1999 drops 'Pilot' and keeps the other three shows", [][]string{
			{`{"visit":"/shows?year_ne=1999"}`, `{"expect_no_text":"Pilot"}`},
			{`{"visit":"/shows?year_ne=1999"}`, `{"expect_json":{"count":3},"reach":true}`}}},
		{"/players?name_like=zed finds nobody", [][]string{
			{`{"visit":"/players?name_like=zed"}`, `{"expect_json":{"equals":[]},"reach":true}`}}},
		{"/authors/2?_embed=books comes back with Ada Byron with an empty books list", [][]string{
			{`{"visit":"/authors/2?_embed=books"}`, `{"expect_text":"Ada Byron"}`},
			{`{"visit":"/authors/2?_embed=books"}`, `{"expect_json":{"at":"/books","equals":[]},"reach":true}`}}},
		// said to be JSON: no guess
		{"GET /songs?genre=jazz returns only 'Blue Train'", [][]string{
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_json":{"count":1}}`},
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"Blue Train"}`}}},
		// texts alone need no JSON: no guess
		{"/songs?genre=jazz returns 'Blue Train'", [][]string{
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_text":"Blue Train"}`}}},
	})
}

// The order a sorted collection answers in: the first or last item holds
// the text in some field.
func TestJSONReachOrder(t *testing.T) {
	runClasses(t, []classCase{
		{"/players?_sort=name lists Ada Quinn first", [][]string{
			{`{"visit":"/players?_sort=name"}`, `{"expect_json":{"at":"/0/*","equals":"Ada Quinn"},"reach":true}`}}},
		{"/songs?_sort=title&_order=desc puts 'So What' at the top", [][]string{
			{`{"visit":"/songs?_sort=title\u0026_order=desc"}`, `{"expect_json":{"at":"/0/*","equals":"So What"},"reach":true}`}}},
		{"/songs?_sort=year puts 'Blue Train' last", [][]string{
			{`{"visit":"/songs?_sort=year"}`, `{"expect_json":{"at":"/-1/*","equals":"Blue Train"},"reach":true}`}}},
		{"Sorting albums by their year (/albums?_sort=year) returns 'Kind of Blue' at the bottom", [][]string{
			{`{"visit":"/albums?_sort=year"}`, `{"expect_json":{"at":"/-1/*","equals":"Kind of Blue"},"reach":true}`}}},
		{"GET /songs?_sort=title lists 'Airegin' first", [][]string{
			{`{"visit":"/songs?_sort=title"}`, `{"expect_json":{"at":"/0/*","equals":"Airegin"}}`}}},
		{"Filtering players by team, /players?team=red, matches Lin Park only", [][]string{
			{`{"visit":"/players?team=red"}`, `{"expect_json":{"count":1},"reach":true}`},
			{`{"visit":"/players?team=red"}`, `{"expect_text":"Lin Park"}`}}},
	})
}

func TestJSONReachRefusals(t *testing.T) {
	runRefused(t, []string{
		"/songs/4 lists 'Blue Train' first",                                         // a record's path has no order
		"/songs?_sort=year puts the oldest song first",                              // a description, not a text
		"/songs?_sort=year puts '1959' first",                                       // the number or the text
		"/songs?_sort=year puts 'Blue Train' first among the jazz",                  // more than the order
		"/songs?_sort=year puts 'Blue Train' second",                                // a place not read
		"Sorting the best songs (/songs?_sort=rank) lists 'Airegin' first",          // a judgement in the words
		"Sorting only two songs (/songs?_sort=rank&_limit=2) lists 'Airegin' first", // "only" in the words
		"/songs?_page=2 returns the third song, 'So What'",                          // a position the response does not have
		"/config/locale returns the current locale, 'de'",                           // a field's value: a page may show it
		"/orders?paid=true gives back the one order, whose total is 12",             // the count guessed, the field not
		"/albums?year=1959 returns that one album",                                  // "that": an item named elsewhere
	})
}
