package claim

import (
	"errors"
	"strings"
	"testing"
)

// TestRestated: a claim in a frame, or a check said in other words, is
// derived as the sentence without the frame or with the usual words,
// which its first note gives; the requirement is the plain one. Claims
// about invented apps.
func TestRestated(t *testing.T) {
	for _, c := range []struct{ claim, said, req string }{
		{"fyi the pricing page shows 'Team plan'", "The pricing page shows 'Team plan'", ""},
		// a page described, then its example: the example is checked
		{"Going to a path that doesnt exist, like /no/such/page, gets a 404.", "Going to /no/such/page gets a 404", `On /no/such/page, the page answered HTTP 404.`},
		{"A permalink like /#Notes shows 'Weekly sync'.", "/#Notes shows 'Weekly sync'", ""},
		// when the page has loaded is when every check is made
		{"Once the editor has loaded, the browser tab is titled 'Acme : Main'.", "The browser tab is titled 'Acme : Main'", `On /, the title is "Acme : Main".`},
		// what a tab says is what it shows once chosen
		{"The sidebar's Tools tab says 'TiddlyWiki version 5.4.1'.", "Clicking the 'Tools' tab shows 'TiddlyWiki version 5.4.1'", ""},
		{"The 'Recent' tab lists 'Pancakes'", "Clicking the 'Recent' tab shows 'Pancakes'", ""},
		// what a search finds is what it shows
		{"Searching for 'flour' finds 'Pancakes'", "Searching for 'flour' shows 'Pancakes'", ""},
		{"On /recipes, searching for 'flour' brings up 'Pancakes'.", "On /recipes, searching for 'flour' shows 'Pancakes'", ""},
		// a signed-out premise is what every journey is
		{"For an anonymous visitor the Deploy button is disabled.", "The Deploy button is disabled", `On /, the "Deploy" button is disabled.`},
		{"The 'Deploy' button is disabled for anonymous visitors", "The 'Deploy' button is disabled", `On /, the "Deploy" button is disabled.`},
		{"As a guest, the 'Deploy' button is disabled", "The 'Deploy' button is disabled", ""},
		{"The 'Deploy' button is disabled when logged out.", "The 'Deploy' button is disabled", ""},
		// "anywhere" in a negation is the whole page
		{"There's no 'Delete' button anywhere on /plans.", "There's no 'Delete' button on /plans", ""},
		{"Clicking 'Try it out' makes the 'Execute' button appear", "Clicking 'Try it out' shows the 'Execute' button", ""},
		{"I expect /plans?x=1 to return 'Starter'", "/plans?x=1 returns 'Starter'", ""},
		{"We expect /plans/9 to be a 404", "/plans/9 is a 404", ""},
		{"QA checklist - /plans shows 'Starter'", "/plans shows 'Starter'", ""},
		{"Support: the web UI's browser tab is titled Acme Plans.", "The web UI's browser tab is titled Acme Plans", `On /, the title is "Acme Plans".`},
		// keys said as what acts
		{"Keyboard check: / opens the 'Shortcuts' dialog and Esc gets rid of it again.", "Pressing / opens the 'Shortcuts' dialog and pressing Esc closes it again", ""},
		{"Pressing '?' opens the 'Help' dialog, then Escape closes it", "Pressing '?' opens the 'Help' dialog, then pressing Escape closes it", ""},
		{"Ctrl+K opens the 'Search' dialog.", "Pressing Ctrl+K opens the 'Search' dialog", ""},
		{"Shift+O opens the 'Upload' dialog", "Pressing Shift+O opens the 'Upload' dialog", ""},
		{"btw, /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"PR #418: /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"PM here - /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"A wrong password on /login shows 'Try again'.", "Signing in on /login with a wrong password shows 'Try again'", ""},
		{"Sam from the billing team here: /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"After this change, /plans shows 'Starter'.", "/plans shows 'Starter'", `On /plans, the page shows "Starter".`},
		{"The customer says that /plans no longer shows 'Legacy'.", "/plans no longer shows 'Legacy'", `On /plans, the page does not show "Legacy".`},
		{"Two users reported the /plans page is missing 'Starter'.", "", ""}, // "Two users reported" is no frame it knows: refused below
		{"Users report that the /plans page is missing 'Starter'.", "The /plans page does not show 'Starter'", `On /plans, the page does not show "Starter".`},
		{"According to the changelog, /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Just verified - /plans lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"/plans lists 'Starter' (checked on staging).", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"/plans lists 'Starter' - confirmed.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Scenario: plan list. Given I open /plans, then 'Starter' is listed", "Given I open /plans, then the page shows 'Starter'", `On /plans, the page shows "Starter".`},
		{"On /plans there's 'Starter'.", "On /plans, the page shows 'Starter'", `On /plans, the page shows "Starter".`},
		{"There is no 'Legacy' on /plans.", "The page does not show 'Legacy' on /plans", `On /plans, the page does not show "Legacy".`},
		{"/plans asks 'Which plan suits you?' and also offers 'Compare plans'.", "/plans shows 'Which plan suits you?' and shows 'Compare plans'", ""},
		{"The /plans page prompts 'Pick a plan'", "The /plans page shows 'Pick a plan'", `On /plans, the page shows "Pick a plan".`},
		{"'Legacy' is nowhere on /plans.", "'Legacy' is not shown on /plans", `On /plans, the page does not show "Legacy".`},
		{"'Starter' can be found on /plans.", "'Starter' is shown on /plans", `On /plans, the page shows "Starter".`},
		{"/plans lacks 'Legacy'.", "/plans does not show 'Legacy'", `On /plans, the page does not show "Legacy".`},
		{"/plans has 'Starter' in it.", "/plans shows 'Starter'", `On /plans, the page shows "Starter".`},
		{"/plans lists 'Starter' by default.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Clicking 'Yearly' on /plans shows 'Billed yearly' by default.", "", ""}, // a default after an action
		{"/plans still shows 'Starter' as before.", "/plans still shows 'Starter'", ""},
		{"/plans currently lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"/plans (the pricing page) lists 'Starter'.", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Visiting /plans, you'll see 'Starter'.", "Visiting /plans, you see 'Starter'", `On /plans, the page shows "Starter".`},
		{"Clicking 'Yearly' on /plans gives you 'Billed yearly'.", "Clicking 'Yearly' on /plans shows 'Billed yearly'", ""},
		{"Somewhere on /plans it says 'Starter'.", "On /plans it says 'Starter'", `On /plans, the page shows "Starter".`},
		// A place opened by its name, then its first state: the click is a reach.
		{"In the preferences, 'Autosave' is ticked by default", "In the preferences, 'Autosave' is ticked", `On /: click the text "Preferences"; then the "Autosave" checkbox is ticked.`},
		{"The app works as expected", "", ""}, // nothing left to check once the remark is gone
		// Presses counted before the key; a freshly loaded page is where every journey starts.
		{"Keyboard: two presses of Tab on a freshly loaded page put the focus on the 'Search' field", "Pressing Tab two times put the focus on the 'Search' field", `On /: press Tab, press Tab; then the field with placeholder "Search" has the keyboard focus.`},
		{"a11y: Shift+Tab on a freshly loaded home page jumps straight to the Help link at the bottom.", "On the home page, pressing Shift+Tab moves the focus to the Help link at the bottom", `On /: press Shift+Tab; then the "Help" link has the keyboard focus.`},
		{"Tab on /plans goes right to the 'Skip to content' link", "On /plans, pressing Tab moves the focus to the 'Skip to content' link", `On /plans: press Tab; then the "Skip to content" link has the keyboard focus.`},
		{"Two presses of Tab from a fresh load put the cursor in the 'Search' box", "Pressing Tab Two times put the cursor in the 'Search' box", ""},
		{"Tab jumps to the Help section", "", ""}, // a section is no control that takes the focus
		// Other words for "returns".
		{"/orders?_limit=1 hands back 'Blue mug'", "/orders?_limit=1 returns 'Blue mug'", `On /orders?_limit=1, the page shows "Blue mug".`},
		// Words that name what a path serves, before the path.
		{"The raw spec at /spec.json says 'Bookshop'", "/spec.json says 'Bookshop'", `On /spec.json, the page shows "Bookshop".`},
		{"The empty cart at /cart says 'No items'", "", ""}, // a state, not what the path serves
		{"The shop's PNG favicon, /img/favicon.png, is served (200).", "/img/favicon.png returns 200", `On /img/favicon.png, the page answered HTTP 200.`},
		{"The logo is served at /img/logo.svg.", "/img/logo.svg returns 200", `On /img/logo.svg, the page answered HTTP 200.`},
		{"The logo the header uses lives at /img/logo.svg and loads with a 200.", "/img/logo.svg loads with a 200", `On /img/logo.svg, the page answered HTTP 200.`},
		{"The logo lives at /img/logo.svg and shows 'Acme'.", "", ""}, // an image shows no text: no reader takes it
		// an exact colour beside a named one
		{"'Total' on /cart is #222 rather than pure black", "'Total' on /cart is #222", `On /cart, the color of the text "Total" is #222.`},
		{"'Total' on /cart is a mid grey, #606060", "'Total' on /cart is #606060", `On /cart, the color of the text "Total" is #606060.`},
		{"'Total' on /cart is pure black (#000)", "'Total' on /cart is #000", `On /cart, the color of the text "Total" is #000.`},
		{"The 'Pay' button on /cart has a red (#f93e3e) border", "The 'Pay' button on /cart has a #f93e3e border", ""},
		{"The 'Hint' text on /signup is light grey (#999).", "The 'Hint' text on /signup is #999", ""},
		// a text named in brackets after what it is
		{`The note under the total ("Ships in 2 days") is 14px.`, `"Ships in 2 days" is 14px`, ""},
		{"The error message ('Card declined') is red", "'Card declined' is red", ""},
		{"The second row ('Blue mug') is bold", "", ""}, // which row is more than the text says
		{"/shop (no trailing slash) redirects to /shop/", "/shop redirects to /shop/", `On /shop, the address is /shop/.`},
		{"/shop/ (no trailing slash) redirects to /shop/home", "", ""}, // the aside says the opposite of the path
		{"/docs/ (with a trailing slash) shows 'Docs'", "/docs/ shows 'Docs'", `On /docs/, the page shows "Docs".`},
		{"The Welcome heading at the top of /home is 32px", "", ""}, // "of /home": the page, kept, and no reader takes it
		{"The Acme heading at the top is blue", "The Acme heading is blue", `On /, wait until the "Acme" heading is visible (only to reach the place the claim is about: a guess) and the colour of the "Acme" heading is a shade of blue.`},
		{"The 'Acme' title at the top left of the start page is set at 1.4rem, i.e. 22.4px", "The 'Acme' title is 22.4px", `On /, the font-size of the "Acme" heading is 22.4px.`},
		{"Both orders come back for /orders?status=open.", "/orders?status=open returns both orders", `On /orders?status=open, the JSON response is a list or object of exactly 2 items (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey).`},
		{"Only Blue mug comes back for /products?q=mug", "/products?q=mug returns only Blue mug", ""}, // a count of 1 and the text
		{"All three seeded tasks come back from /tasks?done=false", "", ""}, // "seeded": which three?
		{"/robots.txt is served", "/robots.txt returns 200", `On /robots.txt, the page answered HTTP 200.`},
		{"The empty cart, /cart, is served", "", ""}, // a state, not a file
		// A coloured control shown: the control, then its colour.
		{"On /cart, clicking 'Edit' shows a red 'Delete' button", `On /cart, clicking 'Edit' shows a 'Delete' button and the "Delete" button is red`, `On /cart: click the text "Edit"; then the "Delete" button is visible and the colour of the "Delete" button (its background where it is filled, else its text's) is a shade of red.`},
		// A menu's item said as a path through the menu.
		{"The Account menu > Sign out shows 'Signed out'", "Choosing 'Sign out' from the Account menu shows 'Signed out'", `On /: open the Account menu (the button named "Account menu"), choose the menu item "Sign out"; then the page shows "Signed out".`},
		{"Account menu → Keyboard shortcuts shows 'Ctrl+K'", "Choosing 'Keyboard shortcuts' from the Account menu shows 'Ctrl+K'", `On /: open the Account menu (the button named "Account menu"), choose the menu item "Keyboard shortcuts"; then the page shows "Ctrl+K".`},
		// Steps, and what is expected of them.
		{"1. Open /plans 2. Click 'Yearly' 3. See 'Billed yearly'", "When I open /plans, click 'Yearly', then the page shows 'Billed yearly'", `On /plans: click the text "Yearly"; then the page shows "Billed yearly".`},
		{"1. Open /plans. 2. Click 'Yearly'. 3. Verify that 'Billed yearly' is shown.", "When I open /plans, click 'Yearly', then the page shows 'Billed yearly'", `On /plans: click the text "Yearly"; then the page shows "Billed yearly".`},
		{"1. Open /plans 3. Click 'Yearly' 2. See 'Billed yearly'", "", ""}, // numbers out of order
		{"Steps: open /plans, click 'Yearly'. Expected: 'Billed yearly' is shown.", "When I open /plans, click 'Yearly', then the page shows 'Billed yearly'", `On /plans: click the text "Yearly"; then the page shows "Billed yearly".`},
		{"Repro: open /plans, click 'Yearly' -> 'Billed yearly' never shows up.", "When I open /plans, click 'Yearly', then the page does not show 'Billed yearly'", `On /plans: click the text "Yearly"; then the page does not show "Billed yearly".`},
		{"Steps: open /plans, click 'Yearly'. Expected: 'Billed yearly'. Actual: 'Billed monthly'.", "", ""}, // which is the claim?
		{"Given I'm on /plans, then the 'Buy' button is disabled.", "On /plans, the 'Buy' button is disabled", `On /plans, the "Buy" button is disabled.`},
		// The data the deployment starts with: checked as it is, changed by nothing.
		{"Given the seeded products, when I open /shop, then 'Blue mug' is shown", "When I open /shop, then the page shows 'Blue mug'", `On /shop, the page shows "Blue mug".`},
		{"Given the seeded orders, when I GET /orders?_page=2&_limit=1, then the one order on that page is Green teapot.", "/orders?_page=2&_limit=1 returns one order, Green teapot", ""},
		{"When I GET /orders?_limit=1, then the only order returned is 'Blue mug'", "/orders?_limit=1 returns one order, 'Blue mug'", ""},
		{"When I GET /orders?_limit=1, then the one order is not Blue mug", "", ""}, // a negation: no reader takes it
		{"With the demo data, /orders?_limit=1 returns 'Blue mug'", "/orders?_limit=1 returns 'Blue mug'", `On /orders?_limit=1, the page shows "Blue mug".`},
		{"Given the seed data, adding 'milk' on /todos shows '4 items left'", "", ""}, // an action changes the data given
		// Release notes, said as the state they leave.
		{"Added a 'Compare plans' button to /plans.", "/plans has a 'Compare plans' button", `On /plans, the "Compare plans" button is visible.`},
		{"The 'Compare plans' button was added to /plans.", "/plans has a 'Compare plans' button", `On /plans, the "Compare plans" button is visible.`},
		{"Removed the 'Legacy' link from /plans.", "/plans has no 'Legacy' link", `On /plans, the "Legacy" link is not visible.`},
		{"The 'Legacy' link has been removed from /plans.", "/plans has no 'Legacy' link", `On /plans, the "Legacy" link is not visible.`},
		{"Fixed a bug where /plans showed 'undefined'.", "/plans does not show 'undefined'", `On /plans, the page does not show "undefined".`},
		{"Changed: the /plans heading now reads 'Pricing'.", "The /plans heading reads 'Pricing'", `On /plans, the "Pricing" heading is visible.`},
		{"Removed: the 'Legacy' link on /plans.", "", ""},   // what a "Removed:" label names is gone, never read as there
		{"Renamed 'Buy' to 'Subscribe' on /plans.", "", ""}, // no control named: "Buy" may show in other texts
		// Chat: interjections, hedges, questions asking for a check.
		{"hey, /plans still says 'Beta' lol", "/plans still says 'Beta'", `On /plans, the page shows "Beta".`},
		{"hmm /plans doesn't show 'Starter' anymore", "/plans doesn't show 'Starter'", `On /plans, the page does not show "Starter".`},
		{"/plans shows 'Starter' 👍", "/plans shows 'Starter'", `On /plans, the page shows "Starter".`},
		{"pretty sure /plans lists 'Starter'", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Can someone confirm /plans lists 'Starter'?", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"Is it true that /plans lists 'Starter'?", "/plans lists 'Starter'", `On /plans, the page shows "Starter".`},
		{"/plans should list 'Starter', right?", "/plans should list 'Starter'", `On /plans, the page shows "Starter".`},
		{"we're seeing 'Error 500' on /plans", "/plans shows 'Error 500'", `On /plans, the page shows "Error 500".`},
		{"/plans is showing 'Beta' again", "", ""}, // "again" says what it showed before, which no check reads
		// A message named by its kind, then its words.
		{"/plans shows an error: Something went wrong.", `/plans shows "Something went wrong"`, `On /plans, the page shows "Something went wrong".`},
		{"/plans shows the message No plans found.", `/plans shows "No plans found"`, `On /plans, the page shows "No plans found".`},
		// A key named again and again is pressed as many times; a fresh page load is where a journey starts.
		{"Tab, Tab, Tab from a fresh page load and the Search button has the focus", "Pressing Tab 3 times, then the Search button has the focus", `On /: press Tab, press Tab, press Tab; then the "Search" button has the keyboard focus.`},
		{"A11y: pressing Tab, Tab and Tab, then the 'Cart' link has the focus", "Pressing Tab 3 times, then the 'Cart' link has the focus", ""},
		// A status with its own name, or in brackets after "loads".
		{"Opening /orders/upload in a browser tab shows 405 Method Not Allowed.", "Opening /orders/upload returns 405", `On /orders/upload, the page answered HTTP 405.`},
		{"/logo.svg loads fine (200)", "/logo.svg returns 200", `On /logo.svg, the page answered HTTP 200.`},
		{"A mistyped address like /ordres/ just gives you a 404 page.", "/ordres/ gives you a 404 page", `On /ordres/, the page answered HTTP 404.`},
		{"/items?id_ne=1 leaves 'Carrots' out", "/items?id_ne=1 leaves out 'Carrots'", `On /items?id_ne=1, the page does not show "Carrots".`},
		// "X check:" is a label, whatever X is.
		{"Sorting check: /items?_sort=name returns 'Apples'", "/items?_sort=name returns 'Apples'", `On /items?_sort=name, the page shows "Apples".`},
		// A part of the page named in capitals is its name quoted.
		{"/settings has a Proxy section", "/settings has a 'Proxy' section", `On /settings, the page shows "Proxy".`},
		// A quoted text is never rewritten.
		{"fyi /plans shows 'Seats (checked 2)'", "/plans shows 'Seats (checked 2)'", `On /plans, the page shows "Seats (checked 2)".`},
	} {
		t.Run(c.claim, func(t *testing.T) {
			d, err := Derive(c.claim)
			if c.said == "" {
				var np *NotProvableError
				if !errors.As(err, &np) {
					t.Fatalf("derived %+v, want a refusal", d.Requirements)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if len(d.Notes) == 0 || !strings.HasPrefix(d.Notes[0], "Read as “"+c.said+"” (") {
				t.Errorf("notes %q, want the first to give %q", d.Notes, c.said)
			}
			if d.Claim != c.claim {
				t.Errorf("claim %q, want the one given", d.Claim)
			}
			if c.req != "" && (len(d.Requirements) != 1 || d.Requirements[0].Text != c.req) {
				t.Errorf("requirements %+v, want %q", d.Requirements, c.req)
			}
		})
	}
}

// TestRestateLeavesAlone: a claim that derives as written is not
// restated, and words that are a check's own are kept.
func TestRestateLeavesAlone(t *testing.T) {
	for _, claim := range []string{
		"Heads up: /plans shows 'Starter'.", // the rules read the label themselves
		"/plans shows 'Starter'.",
	} {
		d, err := Derive(claim)
		if err != nil {
			t.Fatalf("%q refused: %v", claim, err)
		}
		for _, n := range d.Notes {
			if strings.HasPrefix(n, "Read as ") {
				t.Errorf("%q restated: %q", claim, n)
			}
		}
	}
	for _, c := range []struct{ claim, want string }{
		// A quoted text with an apostrophe-like mark stays whole.
		{`fyi /plans shows "there's no 'Legacy' plan"`, `/plans shows "there's no 'Legacy' plan"`},
		// "then 'X' is shown" only after a condition.
		{"'Loading' is shown then 'Ready' is shown", ""},
		{"OK button on /plans is disabled", ""}, // "OK" names the button: no chat word
		// A status with another name is no status's own name; keys that differ are no count.
		{"/orders shows 404 Lost Page", ""},
		{"Tab, Enter, Tab then the 'Cart' link has the focus", ""},
		{"When I open /plans, then 'Starter' is shown", "When I open /plans, then the page shows 'Starter'"},
		// "like" a thing that is no page is a likeness, left alone
		{"A button like 'Save' is green", ""},
	} {
		if said, _, _, ok := restate(c.claim); c.want == "" {
			if ok {
				t.Errorf("restate(%q) = %q, want it left alone", c.claim, said)
			}
			continue
		}
		if said, _, _, ok := restate(c.claim); !ok || said != c.want {
			t.Errorf("restate(%q) = %q, %v; want %q", c.claim, said, ok, c.want)
		}
	}
}

// "Searching for 'flour' shows 'Pancakes' in the results" and "typing
// 'flour' into the search box brings up 'Pancakes' and 'Banana Bread'"
// were refused ("in the results" no known place; "brings up" read only
// of one text). What a search brings up in its results is what the page
// shows after it, each text counted around the search.
func TestSearchResultsShown(t *testing.T) {
	checkStepKinds(t, map[string]string{
		"Searching for 'flour' shows 'Pancakes' in the results":                                     `visit,wait_for,remember_count,fill,press,expect_text,expect_count`,
		"Searching for 'flour' brings up 'Pancakes' and 'Banana Bread'":                             `visit,wait_for,remember_count,remember_count,fill,press,expect_text,expect_count,expect_text,expect_count`,
		"Typing 'flour' into the search box brings up 'Pancakes' and 'Banana Bread' in the results": `visit,wait_for,remember_count,remember_count,fill,expect_text,expect_count,expect_text,expect_count`,
		"On /, clicking 'Share' brings up 'Copy link' and 'Email'":                                  `visit,wait_for,remember_count,remember_count,click,expect_text,expect_count,expect_text,expect_count`,
	})
	// no search: "in the results" names no place vouch knows
	runRefused(t, []string{"On /docs, the page shows 'Pancakes' in the results", "Clicking 'Share' opens 'Copy link' and 'Email'"})
}
