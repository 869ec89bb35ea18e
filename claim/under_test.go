package claim

import (
	"strings"
	"testing"
)

// TestUnderHeading: texts a claim lists under a heading — quoted, in
// capitals after a verb that lists, or called a heading or section —
// are looked for in that heading's section (under=), leading or
// trailing, with a page or after an action; what the claim says before
// the listing verb stays a check of the whole page. The notes say so and
// that a page without the heading blocks. Claims about invented apps.
func TestUnderHeading(t *testing.T) {
	under := func(text, heading string) string {
		return `{"expect_visible":"text=` + text + ` under=\"` + heading + `\""}`
	}
	j := func(steps ...string) []string { return steps }
	runClasses(t, []classCase{
		{`The recipe page (/recipes/1) lists "2 eggs" and "300 ml milk" under Ingredients.`, [][]string{
			j(`{"visit":"/recipes/1"}`, under("2 eggs", "Ingredients")), j(`{"visit":"/recipes/1"}`, under("300 ml milk", "Ingredients"))}},
		{"Under 'Resources', the home page lists '/tasks'", [][]string{j(`{"visit":"/"}`, under("/tasks", "Resources"))}},
		{"In the 'Team' section, /about shows 'Ann Lee'", [][]string{j(`{"visit":"/about"}`, under("Ann Lee", "Team"))}},
		{"Under the Team heading, /about shows 'Ann Lee'", [][]string{j(`{"visit":"/about"}`, under("Ann Lee", "Team"))}},
		{"On /docs, 'Book' is listed under the Schemas heading", [][]string{j(`{"visit":"/docs"}`, under("Book", "Schemas"))}},
		{"On /x, the page lists 'A' under the heading 'Results'", [][]string{j(`{"visit":"/x"}`, under("A", "Results"))}},
		{"On /x, clicking 'Go' shows 'Done' under 'Results'", [][]string{j(`{"visit":"/x"}`, `{"click":"text=\"Go\""}`, under("Done", "Results"))}},
		{"On /shop, 'Mug' is not listed under the 'Sale' section", [][]string{j(`{"visit":"/shop"}`, `{"expect_hidden":"text=Mug under=\"Sale\""}`)}},
		// an order in the section: expect_order over every element in it
		{"Under 'Schemas', 'Book' is listed above 'Order'", [][]string{j(`{"visit":"/"}`, `{"expect_order":{"target":"css=* under=\"Schemas\"","texts":["Book","Order"]}}`)}},
		{"In the Schemas section of /docs, 'Order' comes before 'Book'", [][]string{j(`{"visit":"/docs"}`, `{"expect_order":{"target":"css=* under=\"Schemas\"","texts":["Order","Book"]}}`)}},
		// names in capitals: each found first, the heading by the section
		// rule (a page without it blocks)
		{"Under Folders, Camera Uploads is listed above Team Documents.", [][]string{j(`{"visit":"/"}`,
			`{"wait_for":"text=Camera Uploads","reach":true}`, `{"wait_for":"text=Team Documents","reach":true}`,
			`{"expect_order":{"target":"css=* under=\"Folders\"","texts":["Camera Uploads","Team Documents"]}}`)}},
		// only what follows the last listing verb is under the heading
		{"The home page says 'Welcome' and lists '/tasks' under Resources", [][]string{
			j(`{"visit":"/"}`, `{"expect_text":"Welcome"}`), j(`{"visit":"/"}`, under("/tasks", "Resources"))}},
	})
	d, err := Derive(`The recipe page (/recipes/1) lists "2 eggs" and "300 ml milk" under Ingredients.`)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.Notes, "\n")
	if !strings.Contains(notes, `"2 eggs" and "300 ml milk" are looked for only in the section under the heading "Ingredients"`) || !strings.Contains(notes, "blocks the run rather than failing it") {
		t.Errorf("notes do not say where the texts are looked for:\n%s", notes)
	}
	if r := d.Requirements[0].Text; !strings.Contains(r, `"2 eggs" under the heading "Ingredients"`) {
		t.Errorf("requirement %q does not say the heading", r)
	}
	runRefused(t, []string{
		"The About page says the app is licensed under the GPL",         // no place
		"On /users/1, the JSON includes the task 'Ship it' under Ann",   // a name in capitals, not after a listing verb
		"The home page shows 'Email is required' under the email field", // a control, not a heading
		"On /x, the page shows 'Save' under the Save button",            // a control
		"On /x, 'A' is listed above 'B' under 'Results'",                // is "A" under it too? ("A" is no word of "above")
	})
}
