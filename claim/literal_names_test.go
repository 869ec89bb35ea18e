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

// A bound said after the number or after the noun ("3 or more links", "3
// links or fewer") bounds the count; "3+ results" is a count, never a text.
func TestReadingsCountOrMore(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/ has 3 or more links", "On /, at least 3 visible elements match role=link."},
		{"/ has 3 links or more", "On /, at least 3 visible elements match role=link."},
		{"/ has 3 links or fewer", "On /, at most 3 visible elements match role=link."},
		{"/ has 3 or less buttons", "On /, at most 3 visible elements match role=button."},
		{"/todos shows 2 or more items", "On /todos, at least 2 list items are shown (outside the nav, header, footer and menus)."},
		{"/ has 3 or fewer links in the nav", "On /, at most 3 visible elements match css=nav a[href]."},
		// two bounds, or a bound on nothing named: refused
		{"/ has 3 or more links or fewer", ""},
		{"/ shows 3 or more", ""},
		// "3+ results" was looked for as the text "3+ results"
		{"/ has 3+ results", ""},
		{"/ shows 10+ reviews", ""},
	})
}

// A position said of a link, a button or an item ("the first link says
// 'Home'") picks that one by position; it is never dropped, and never a
// name or a label.
func TestReadingsOrdinalSaid(t *testing.T) {
	checkReadings(t, []readingCase{
		// the first link was any link named "Home": a Home link last on
		// the page verified "the first link says 'Home'"
		{"On /tasks, the first link says 'Home'", `On /tasks, a link (the first match) shows "Home".`},
		{"On /tasks, the first button is 'Save'", `On /tasks, a button (the first match) shows "Save".`},
		{"On /tasks, the last button says 'Save'", `On /tasks, a button (the last match) shows "Save".`},
		{"On /tasks, the 2nd link says 'Home'", `On /tasks, a link (the second match) shows "Home".`},
		{"On /tasks, the button says 'Save'", `On /tasks, the "Save" button is visible.`},
		{"On /tasks, the first link doesn't say 'Home'", ""},
		// "3rd" was the name of an item, "2nd tab" a label
		{"On /tasks, the 3rd item says 'Walk dog'", ""},
		{"On /tasks, the 2nd tab says 'General'", ""},
		{"On /x, Last seen says Never", `On /x, the text "Never" shown as the value of "Last seen" is visible.`},
	})
}

// A word before a control's noun says which control: the form's submit
// button is that one; "main", "primary" or "big" is a judgement of its look
// and is refused (a Save button elsewhere verified "the primary button says
// 'Save'"); "empty" before a control that is no field never empties one.
func TestReadingsControlDescribed(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the submit button says 'Send'", `On /, the form's submit button shows "Send".`},
		{"On /, the primary button says 'Save'", ""},
		{"On /, the main button says 'Save'", ""},
		{"On /, the big button says 'Save'", ""},
		{"On /, the empty button says 'Save'", ""},
		{"On /, the empty 'Save' button is visible", ""},
		{"On /signup, submitting with an empty 'Email' field shows 'Required'", `On /signup: clear the field labelled "Email", submit the form; then the page shows "Required".`},
	})
}

// "In the (browser) tab" may say the page's title or a tab of the page;
// "in a browser tab" after a page is where it is open, never a tab to
// click.
func TestReadingsBrowserTab(t *testing.T) {
	checkReadings(t, []readingCase{
		// a tab named "Inbox" was looked for: a page titled "Inbox" failed
		{"/ shows 'Inbox' in the tab", ""},
		{"/ shows 'Inbox' in the browser tab", ""},
		{"On /, clicking 'Go' shows 'Done' in the browser tab", ""},
		{"/ shows 'Inbox' as a tab", `On /, the "Inbox" tab is visible.`},
		// the page's first tab was clicked
		{"Opening /x in a browser tab shows 'Hi'", `On /x, the page shows "Hi".`},
		{"On /, the browser tab says 'Inbox'", `On /, the title is "Inbox".`},
	})
}

// Words that say where a text is ("next to", "beside", "near") end an
// unquoted text: they were looked for as part of it, and a page showing
// both texts failed.
func TestReadingsUnquotedBeside(t *testing.T) {
	checkReadings(t, []readingCase{
		{"/tree lists sales-2024.csv next to q1.csv", ""},
		{"/ shows Welcome beside the logo", ""},
		{"/ shows Welcome near the logo", ""},
		{"/ shows Welcome next to the logo", ""},
		{"/ shows Welcome to testapp", `On /, the page shows "Welcome to testapp".`},
		{"/ shows Near Me", `On /, the page shows "Near Me".`},
	})
}

// A position before a part vouch cannot pin ("the first result") is
// refused: the part's texts were looked for on the whole page, so a text
// in the third result verified "the first result shows …".
func TestReadingsPositionOfUnpinnedPart(t *testing.T) {
	checkReadings(t, []readingCase{
		{"On /, the first result links to /docs", ""},
		{"On /, the first result shows 'Docs'", ""},
		{"On /, the last result shows 'Docs'", ""},
		{"On /, the first row shows 'Docs'", `On /, the first row shows "Docs".`},
	})
}
