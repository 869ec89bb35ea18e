package claim

import (
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// A file name, a version or an identifier with digits written without
// quotes can only be a text the page shows, even in lower case and as the
// subject; a word that says it is shown is never read as its value.
func TestReadingsLiteralNames(t *testing.T) {
	checkReadings(t, []readingCase{
		// "is listed" said the value "listed" beside a label "sales-2024.csv":
		// a page listing the file without a value beside it failed a true claim
		{"On /tree, sales-2024.csv is listed", `On /tree, the page shows "sales-2024.csv".`},
		{"On /tree, sales-2024.csv appears", `On /tree, the page shows "sales-2024.csv".`},
		{"On /tree, q1-forecast.ipynb is not listed", `On /tree, the page does not show "q1-forecast.ipynb".`},
		{"sales-2024.csv is listed on /tree", `On /tree, the page shows "sales-2024.csv".`},
		{"On /releases, v2.1.0 is shown", `On /releases, the page shows "v2.1.0".`},
		// a kind noun before the name says what it names
		{"On /tree, the file sales-2024.csv is listed", `On /tree, the page shows "sales-2024.csv".`},
		{"/tree/data lists the files sales-2024.csv and regions.json", `On /tree/data, the page shows "sales-2024.csv". | On /tree/data, the page shows "regions.json".`},
		{"/tree does not list the file q1-forecast.ipynb", `On /tree, the page does not show "q1-forecast.ipynb".`},
		// a value that says a text is shown, missing or present is no value
		{"On the flags page, web.enable-admin-api is listed", ""},
		{"On /settings, storage.tsdb.retention.time is missing", ""},
		// a lower-case word that is no literal stays a noun
		{"On /tree, sales is listed", ""},
		// a file said to be written or there may be the file on the server
		{"db.json is written", ""},
		{"On /, config.yml is present", ""},
		{"On /tree, the folder data is listed", ""},
		{"/tree lists the files sales-2024.csv and data", ""},
	})
}

// TestNoReadingFlipsALiteralName: a file name or version said without
// quotes, absent or kept in any of the negated tests' wordings, is never
// checked the other way round.
func TestNoReadingFlipsALiteralName(t *testing.T) {
	subjects := []string{"beta-2.0.zip", "the file beta-2.0.zip"}
	value := func(st plan.Step) bool { return st.Value == "beta-2.0.zip" || st.Target == `text="beta-2.0.zip"` }
	noReadingSays(t, wordings(subjects, negatedPreds), "beta-2.0.zip shown", func(st plan.Step, _ bool) bool {
		return value(st) && (st.Kind == plan.ExpectText || st.Kind == plan.ExpectVisible)
	})
	noReadingSays(t, wordings(subjects, keptPreds), "beta-2.0.zip not shown", func(st plan.Step, _ bool) bool {
		return value(st) && (st.Kind == plan.ExpectNoText || st.Kind == plan.ExpectHidden)
	})
}
