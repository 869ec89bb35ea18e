package claim

import (
	"errors"
	"strings"
	"testing"
)

// Rules about every item of a JSON list, on invented APIs: each item holds
// the field's value, checked with expect_json's every form (at least one
// item: an empty list never verifies "every").

func TestEveryItemReadings(t *testing.T) {
	runClasses(t, []classCase{
		{"every invoice in GET /invoices?paid=true has paid true", [][]string{
			{`{"visit":"/invoices?paid=true"}`, `{"expect_json":{"at":"/*/paid","equals":true,"every":true}}`}}},
		{"All orders at /api/orders have status 'shipped'", [][]string{
			{`{"visit":"/api/orders"}`, `{"expect_json":{"at":"/*/status","equals":"shipped","every":true}}`}}},
		{"Each song from GET /songs?genre=jazz has genre jazz", [][]string{
			{`{"visit":"/songs?genre=jazz"}`, `{"expect_json":{"at":"/*/genre","equals":"jazz","every":true}}`}}},
		{"In /api/devices?online=false, every device has online false", [][]string{
			{`{"visit":"/api/devices?online=false"}`, `{"expect_json":{"at":"/*/online","equals":false,"every":true}}`}}},
		{"/api/users?role=admin returns only users whose role is admin", [][]string{
			{`{"visit":"/api/users?role=admin"}`, `{"expect_json":{"at":"/*/role","equals":"admin","every":true}}`}}},
		{"GET /api/books?year=1999 lists only books with year 1999", [][]string{
			{`{"visit":"/api/books?year=1999"}`, `{"expect_json":{"at":"/*/year","equals":1999,"every":true}}`}}},
		{"every note on /notes says '\"archived\": false'", [][]string{
			{`{"visit":"/notes"}`, `{"expect_json":{"at":"/*/archived","equals":false,"every":true}}`}}},
		{"Every tag returned by /api/tags has count 0", [][]string{
			{`{"visit":"/api/tags"}`, `{"expect_json":{"at":"/*/count","equals":0,"every":true}}`}}},
		// "only returns", "all have" after the subject, a possessive
		{"GET /api/pets?status=sold only returns pets with status sold", [][]string{
			{`{"visit":"/api/pets?status=sold"}`, `{"expect_json":{"at":"/*/status","equals":"sold","every":true}}`}}},
		{"The pets in GET /api/pets?status=sold all have status 'sold'", [][]string{
			{`{"visit":"/api/pets?status=sold"}`, `{"expect_json":{"at":"/*/status","equals":"sold","every":true}}`}}},
		{"Every pet's status in GET /api/pets?status=sold is 'sold'", [][]string{
			{`{"visit":"/api/pets?status=sold"}`, `{"expect_json":{"at":"/*/status","equals":"sold","every":true}}`}}},
		{"In GET /api/pets?status=sold, each pet's status is sold", [][]string{
			{`{"visit":"/api/pets?status=sold"}`, `{"expect_json":{"at":"/*/status","equals":"sold","every":true}}`}}},
		{"GET /api/pets?status=sold contains only pets whose status is sold", [][]string{
			{`{"visit":"/api/pets?status=sold"}`, `{"expect_json":{"at":"/*/status","equals":"sold","every":true}}`}}},
	})
	runRefused(t, []string{
		// a value that is only part of the field, a count, no value
		"All users at GET /api/users have an '@example.com' email",
		"All three tasks at GET /tasks have done false",
		"every task in GET /tasks has done",
		"every task in GET /tasks is done",
		// a quoted number: a text or a number?
		"Every task in GET /tasks has priority '2'",
		// not items
		"Every time GET /api/tasks loads it has done true",
		"Every request to /api/tasks has status 200",
		"The pets in /pets?status=sold all have status sold", // a page may show "Status: sold"
	})
}

// A rule said of a path that may be a page is refused, with the same rule
// said of the JSON response offered.
func TestEveryItemOfAPageIsRefused(t *testing.T) {
	_, err := Derive("every invoice in /invoices?paid=true has paid true")
	var np *NotProvableError
	if !errors.As(err, &np) {
		t.Fatalf("derived, want a refusal: %v", err)
	}
	if !strings.Contains(np.Reason, `start the path with "GET"`) {
		t.Errorf("reason %q does not say to start with GET", np.Reason)
	}
	if len(np.Suggestions) == 0 || np.Suggestions[0] != "Every invoice in GET /invoices?paid=true has paid true" {
		t.Errorf("suggestions %q, want the rule said of GET /invoices?paid=true", np.Suggestions)
	}
}

// The plan's notes say that an empty list fails the rule.
func TestEveryItemNotesTheEmptyList(t *testing.T) {
	d, err := Derive("every invoice in GET /invoices has paid true")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(d.Notes, " "), "empty list never verifies") {
		t.Errorf("notes %q do not say what an empty list does", d.Notes)
	}
}

// An empty JSON response said in words, where the claim says JSON.
func TestEmptyJSONInWords(t *testing.T) {
	runClasses(t, []classCase{
		{"GET /api/users?role=ghost returns an empty list of users", [][]string{
			{`{"visit":"/api/users?role=ghost"}`, `{"expect_json":{"equals":[]}}`}}},
		{"The list at GET /api/users?role=ghost is empty", [][]string{
			{`{"visit":"/api/users?role=ghost"}`, `{"expect_json":{"equals":[]}}`}}},
		{"GET /api/users?role=ghost comes back empty", [][]string{
			{`{"visit":"/api/users?role=ghost"}`, `{"expect_json":{"count":0}}`}}},
		{"The list of users at GET /api/users?role=ghost is empty", [][]string{
			{`{"visit":"/api/users?role=ghost"}`, `{"expect_json":{"equals":[]}}`}}},
		{"The response of GET /api/users?role=ghost is empty", [][]string{
			{`{"visit":"/api/users?role=ghost"}`, `{"expect_json":{"count":0}}`}}},
		{"/api/settings returns an empty object", [][]string{
			{`{"visit":"/api/settings"}`, `{"expect_json":{"equals":{}}}`}}},
		// "comes back" is a response's verb: the JSON is a guess, and a
		// page that shows no users some other way blocks the run
		{"/users?role=ghost comes back empty", [][]string{
			{`{"visit":"/users?role=ghost"}`, `{"expect_json":{"count":0},"reach":true}`}}},
	})
	runRefused(t, []string{
		"The list of users is empty", // which path?
		"GET /api/users?role=ghost comes back mostly empty",
	})
}
