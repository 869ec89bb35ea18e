package claim

import "testing"

// Classes the compositional reader (compose.go) reads: [where] [actions in
// order] [outcomes], each from its table. The claims are about invented
// apps (recipes, boards, a wiki, a player), never sentences of a corpus.

func TestComposeTextOutcomes(t *testing.T) {
	runClasses(t, []classCase{
		// outcome verbs of the text table, on a page with a query string
		{"/books?author=tolkien finds 'The Hobbit'", [][]string{{`{"visit":"/books?author=tolkien"}`, `{"expect_text":"The Hobbit"}`}}},
		{"The record at /orders/7 belongs to 'Dana Reyes'", [][]string{{`{"visit":"/orders/7"}`, `{"expect_text":"Dana Reyes"}`}}},
		{"The response for /api/health contains 'ok'", [][]string{{`{"visit":"/api/health"}`, `{"expect_text":"ok"}`}}},
		// negations: "leaves out", "none of the other …"
		{"/issues?state=open leaves out 'Fix typo'", [][]string{{`{"visit":"/issues?state=open"}`, `{"expect_no_text":"Fix typo"}`}}},
		{"/recipes?tag=vegan brings back 'Lentil soup' and none of the other recipes ('Beef stew', 'Fish pie')", [][]string{
			{`{"visit":"/recipes?tag=vegan"}`, `{"expect_text":"Lentil soup"}`},
			{`{"visit":"/recipes?tag=vegan"}`, `{"expect_no_text":"Beef stew"}`},
			{`{"visit":"/recipes?tag=vegan"}`, `{"expect_no_text":"Fish pie"}`}}},
		// a request described in words before its path: the path is visited
		{"Sorting books by year (/books?_sort=year) lists 'Dune' before 'Emma'", [][]string{{`{"visit":"/books?_sort=year"}`, `{"expect_order":["Dune","Emma"]}`}}},
		{"Sorting songs by year in reverse (/songs?_sort=year&_order=desc) puts 'Blue Train' above 'Giant Steps'", [][]string{{`{"visit":"/songs?_sort=year\u0026_order=desc"}`, `{"expect_order":["Blue Train","Giant Steps"]}`}}},
		{"Searching songs for blue with /songs?q=blue brings back 'Blue Train'", [][]string{{`{"visit":"/songs?q=blue"}`, `{"expect_text":"Blue Train"}`}}},
		{"Filtering orders by status via /orders?status=paid shows 'Order 7' but not 'Order 9'", [][]string{
			{`{"visit":"/orders?status=paid"}`, `{"expect_text":"Order 7"}`}, {`{"visit":"/orders?status=paid"}`, `{"expect_no_text":"Order 9"}`}}},
		// "in that order" after a described list
		{"The wiki's start page lists the sections 'Intro', 'Setup' and 'FAQ', in that order", [][]string{{`{"visit":"/"}`, `{"expect_order":["Intro","Setup","FAQ"]}`}}},
		// an aside that explains, noted and not checked
		{"/search?q=jazz returns 'Kind of Blue' even though the query is lower case", [][]string{{`{"visit":"/search?q=jazz"}`, `{"expect_text":"Kind of Blue"}`}}},
		{"Pressing 'n' opens 'Create a card'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Create a card","as":"before_create_a_card"}}`, `{"press":"n"}`, `{"expect_text":"Create a card"}`, `{"expect_count":{"target":"text=Create a card","more_than":"before_create_a_card"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"/search?q=jazz returns 'Kind of Blue' since only 2 albums match",                       // the aside states a number
		"Filtering songs by a tag nobody uses (/songs?tag=x) comes back as an empty list, 'no'", // "empty" with another text
		"/search?q=jazz returns 'Kind of Blue' even though it is not indexed",                   // the aside negates: a fact to check
		"/recipes?tag=vegan brings back 'Lentil soup' and every other salad",                    // a rule about many
		"The home page mentions 'Reports' as one of the menus you can open",                     // the aside says where it is
		"The home page shows the deleted 'Old post'",                                            // a state of the text, not a description
		"The releases page lists the latest version 'v2'",                                       // a rank among versions
	})
}

func TestComposeParts(t *testing.T) {
	runClasses(t, []classCase{
		// a part of the page pins the texts said of it
		{"The footer of the pricing page says 'All prices include VAT'", [][]string{{`{"visit":"/pricing","reach":true}`, `{"wait_for":"css=footer","reach":true}`, `{"expect_text":{"text":"All prices include VAT","target":"css=footer"}}`}}},
		{"In the sidebar, 'Archive' is shown", [][]string{{`{"visit":"/"}`, `{"wait_for":"css=aside","reach":true}`, `{"expect_text":{"text":"Archive","target":"css=aside"}}`}}},
		{"The footer has a link to /privacy", [][]string{{`{"visit":"/"}`, `{"expect_visible":"css=footer a[href=\"/privacy\"], footer a[href=\"/privacy/\"], footer a[href=\"privacy\"], footer a[href=\"./privacy\"]"}`}}},
		// a named element in a part: pinned inside it by in=
		{"The header contains a 'Sign up' link", [][]string{{`{"visit":"/"}`, `{"expect_visible":"role=link[name=\"Sign up\"] in=header"}`}}},
		{"The nav has a 'Pricing' button", [][]string{{`{"visit":"/"}`, `{"expect_visible":"role=button[name=\"Pricing\"] in=nav"}`}}},
		{"Hovering over 'Pricing' in the header underlines it", [][]string{{`{"visit":"/"}`, `{"hover":"text=\"Pricing\" in=header"}`, `{"expect_style":{"target":"text=\"Pricing\" in=header","property":"text-decoration-line","value":"underline"}}`}}},
		{"In the top bar, the 'Acme' name is shown in bold", [][]string{{`{"visit":"/"}`, `{"expect_style":{"target":"text=\"Acme\" in=nav","property":"font-weight","value":"bold"}}`}}},
	})
	runRefused(t, []string{
		// unquoted names after "links to": which texts are the links' names is a guess
		"The footer contains links to Twitter and GitHub",
	})
}

func TestComposeStates(t *testing.T) {
	runClasses(t, []classCase{
		// colours named without a shade: a badge's background, a text's letters
		{"The 'GET' badge on /docs is blue", [][]string{{`{"visit":"/docs"}`, `{"expect_style":{"target":"text=\"GET\"","property":"background-color","value":"~blue"}}`}}},
		{"On /login, 'Wrong password' is shown in red", [][]string{{`{"visit":"/login"}`, `{"expect_style":{"target":"text=\"Wrong password\"","property":"color","value":"~red"}}`}}},
		// a name with a version in it, unquoted: found first (a guess)
		{"On /docs, the OAS 3.0 badge is green, while the 1.4.0 badge is grey", [][]string{
			{`{"visit":"/docs"}`, `{"wait_for":"text=\"OAS 3.0\"","reach":true}`, `{"expect_style":{"target":"text=\"OAS 3.0\"","property":"background-color","value":"~green"}}`},
			{`{"visit":"/docs"}`, `{"wait_for":"text=\"1.4.0\"","reach":true}`, `{"expect_style":{"target":"text=\"1.4.0\"","property":"background-color","value":"~grey"}}`}}},
		// an exact colour in hex: the same property, compared as rgb
		{"The 'Total' label on /cart is #5e81ac", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"color","value":"#5e81ac"}}`}}},
		{"On /docs, the 'GET' badge is drawn in #61affe", [][]string{{`{"visit":"/docs"}`, `{"expect_style":{"target":"text=\"GET\"","property":"background-color","value":"#61affe"}}`}}},
		// a size in px: a text's letters, or the width/height of an element that is its own box
		{"The 'Congrats!' heading on /welcome is 32px", [][]string{{`{"visit":"/welcome"}`, `{"expect_style":{"target":"role=heading[name=\"Congrats!\"]","property":"font-size","value":"32px"}}`}}},
		{"The 'Congrats!' heading on /welcome is rendered at 32px", [][]string{{`{"visit":"/welcome"}`, `{"expect_style":{"target":"role=heading[name=\"Congrats!\"]","property":"font-size","value":"32px"}}`}}},
		{"On /cart, 'Total' is 14.5px", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"font-size","value":"14.5px"}}`}}},
		{"The 'Checkout' button on /cart is 40px high", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"role=button[name=\"Checkout\"]","property":"height","value":"40px"}}`}}},
		{"On /docs, the GET badge is 52px wide", [][]string{{`{"visit":"/docs"}`, `{"wait_for":"text=\"GET\"","reach":true}`, `{"expect_style":{"target":"text=\"GET\"","property":"width","value":"52px"}}`}}},
		// a colour after an action, said of what it aimed at
		{"On /docs, hovering over 'Pricing' turns it #81a1c1", [][]string{{`{"visit":"/docs"}`, `{"hover":"text=\"Pricing\""}`, `{"expect_style":{"target":"text=\"Pricing\"","property":"color","value":"#81a1c1"}}`}}},
		// "from A to B": the colour before the action too
		{"On /docs, hovering over the 'Pricing' link darkens it from #4990e2 to #1f69c0", [][]string{{`{"visit":"/docs"}`,
			`{"expect_style":{"target":"role=link[name=\"Pricing\"]","property":"color","value":"#4990e2"}}`, `{"hover":"role=link[name=\"Pricing\"]"}`,
			`{"expect_style":{"target":"role=link[name=\"Pricing\"]","property":"color","value":"#1f69c0"}}`}}},
		// a button's: its filled background, else its text's (the runner tells which)
		{"The 'Delete' button on /cart is red", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"role=button[name=\"Delete\"]","property":"control-color","value":"~red"}}`}}},
		{"After clicking 'Edit', the Save button is green", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Edit\""}`, `{"wait_for":"role=button[name=\"Save\"]","reach":true}`, `{"expect_style":{"target":"role=button[name=\"Save\"]","property":"control-color","value":"~green"}}`}}},
		{"The 'Help' link on /about is grey", [][]string{{`{"visit":"/about"}`, `{"expect_style":{"target":"role=link[name=\"Help\"]","property":"color","value":"~grey"}}`}}},
		{"The 'Archived' heading on /boards isn't bold", [][]string{{`{"visit":"/boards"}`, `{"expect_style":{"target":"role=heading[name=\"Archived\"]","property":"font-weight","value":"normal"}}`}}},
		{"The 'Total' label on /cart is bold", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"font-weight","value":"bold"}}`}}},
		// what a repeated item named by its text holds, inside it
		{"The 'Pro' card on /pricing has a 'Most popular' badge", [][]string{{`{"visit":"/pricing"}`, `{"expect_visible":"text=Most popular within=\"Pro\""}`}}},
		{"On /team, the 'Ann' row has an 'Edit' button", [][]string{{`{"visit":"/team"}`, `{"expect_visible":"role=button[name=\"Edit\"] within=\"Ann\""}`}}},
		// several texts in one state, each checked; struck through, italic
		{"On /cart, 'Subtotal' and 'Total' are bold", [][]string{
			{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Subtotal\"","property":"font-weight","value":"bold"}}`},
			{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"font-weight","value":"bold"}}`}}},
		{"After clicking 'Clear done', 'Milk' and 'Eggs' are struck through", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Clear done\""}`,
			`{"expect_style":{"target":"text=\"Milk\"","property":"text-decoration-line","value":"line-through"}}`,
			`{"expect_style":{"target":"text=\"Eggs\"","property":"text-decoration-line","value":"line-through"}}`}}},
		{"The 'Draft' label on /posts is italic", [][]string{{`{"visit":"/posts"}`, `{"expect_style":{"target":"text=\"Draft\"","property":"font-style","value":"italic"}}`}}},
		{"On /cart, 'Total' is bold and 24px", [][]string{
			{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"font-weight","value":"bold"}}`},
			{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\"","property":"font-size","value":"24px"}}`}}},
		{"Hovering over 'Help' underlines it", [][]string{{`{"visit":"/"}`, `{"hover":"text=\"Help\""}`, `{"expect_style":{"target":"text=\"Help\"","property":"text-decoration-line","value":"underline"}}`}}},
		{"The pricing page shows 'Pro' in bold", [][]string{{`{"visit":"/pricing","reach":true}`, `{"expect_style":{"target":"text=\"Pro\"","property":"font-weight","value":"bold"}}`}}},
		{"'Docs' gets underlined when you hover over it", [][]string{{`{"visit":"/"}`, `{"expect_style":{"target":"text=\"Docs\"","property":"text-decoration-line","value":"none"}}`, `{"hover":"text=\"Docs\""}`, `{"expect_style":{"target":"text=\"Docs\"","property":"text-decoration-line","value":"underline"}}`}}},
		{"The 'Blog' link is underlined when you hover it", [][]string{{`{"visit":"/"}`, `{"hover":"role=link[name=\"Blog\"]"}`, `{"expect_style":{"target":"role=link[name=\"Blog\"]","property":"text-decoration-line","value":"underline"}}`}}},
		// kept over the reload: checked before it too
		{"On /settings, the 'Beta' toggle stays on after reloading", [][]string{{`{"visit":"/settings"}`, `{"expect_checked":"role=checkbox[name=\"Beta\"]"}`, `{"reload":true}`, `{"expect_checked":"role=checkbox[name=\"Beta\"]"}`}}},
		{"On /signup, ticking 'I agree' enables the 'Create account' button", [][]string{{`{"visit":"/signup"}`, `{"expect_disabled":"role=button[name=\"Create account\"]"}`, `{"check":"role=checkbox[name=\"I agree\"]"}`, `{"expect_enabled":"role=button[name=\"Create account\"]"}`}}},
		// "until": the state just before the action, the opposite after
		{"On /signup the 'Create account' button stays disabled until you tick 'I agree'", [][]string{{`{"visit":"/signup"}`, `{"expect_disabled":"role=button[name=\"Create account\"]"}`, `{"check":"role=checkbox[name=\"I agree\"]"}`, `{"expect_enabled":"role=button[name=\"Create account\"]"}`}}},
		{"On /signup the 'Create account' button is disabled until 'I agree' is ticked", [][]string{{`{"visit":"/signup"}`, `{"expect_disabled":"role=button[name=\"Create account\"]"}`, `{"check":"role=checkbox[name=\"I agree\"]"}`, `{"expect_enabled":"role=button[name=\"Create account\"]"}`}}},
		{"On /profile the 'Save' button is disabled until you type 'Ann' into 'Name'", [][]string{{`{"visit":"/profile"}`, `{"expect_disabled":"role=button[name=\"Save\"]"}`, `{"fill":{"target":"label=Name","value":"Ann"}}`, `{"expect_enabled":"role=button[name=\"Save\"]"}`}}},
		{"Pressing ',' selects the 'Torrents' tab", [][]string{{`{"visit":"/"}`, `{"press":","}`, `{"expect_checked":"role=tab[name=\"Torrents\"]"}`}}},
		{"Both 'Free' and 'Pro' are listed on /pricing", [][]string{{`{"visit":"/pricing"}`, `{"expect_text":"Free"}`}, {`{"visit":"/pricing"}`, `{"expect_text":"Pro"}`}}},
		{"On /settings, 'Email me' is ticked", [][]string{{`{"visit":"/settings"}`, `{"expect_checked":"role=checkbox[name=\"Email me\"]"}`}}},
		{"On /settings, the 'Beta features' toggle is switched off", [][]string{{`{"visit":"/settings"}`, `{"expect_unchecked":"role=checkbox[name=\"Beta features\"]"}`}}},
		// a topic before a colon, even one that starts with a verb of acting
		{"Hover check: hovering 'Save' shows 'Saves the file'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Saves the file","as":"before_saves_the_file"}}`, `{"hover":"text=\"Save\""}`, `{"expect_text":"Saves the file"}`, `{"expect_count":{"target":"text=Saves the file","more_than":"before_saves_the_file"},"reach":true}`}}},
		{"On /settings, 'Beta features' is off", [][]string{{`{"visit":"/settings"}`, `{"expect_unchecked":"role=checkbox[name=\"Beta features\"]"}`}}},
		{"The /profile page has 'Public profile' checked", [][]string{{`{"visit":"/profile"}`, `{"expect_checked":"role=checkbox[name=\"Public profile\"]"}`}}},
		{"On /compose, the 'Send' button is greyed out", [][]string{{`{"visit":"/compose"}`, `{"expect_disabled":"role=button[name=\"Send\"]"}`}}},
		{"After clicking 'Edit', the 'Save' button is enabled", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Edit\""}`, `{"expect_enabled":"role=button[name=\"Save\"]"}`}}},
		// a style of a name in a part: pinned inside it
		{"The 'Total' label on /cart is bold in the footer", [][]string{{`{"visit":"/cart"}`, `{"expect_style":{"target":"text=\"Total\" in=footer","property":"font-weight","value":"bold"}}`}}},
		// a generic font family of a text
		{"On /docs, '/orders' is set in a monospace font", [][]string{{`{"visit":"/docs"}`, `{"expect_style":{"target":"text=\"/orders\"","property":"font-family","value":"monospace"}}`}}},
		{"The 'Shop' heading uses a serif font", [][]string{{`{"visit":"/"}`, `{"expect_style":{"target":"role=heading[name=\"Shop\"]","property":"font-family","value":"serif"}}`}}},
		// links by path inside a part, more than one
		{"The navbar has links to /about and /contact", [][]string{
			{`{"visit":"/"}`, `{"expect_visible":"css=nav a[href=\"/about\"], nav a[href=\"/about/\"], nav a[href=\"about\"], nav a[href=\"./about\"]"}`},
			{`{"visit":"/"}`, `{"expect_visible":"css=nav a[href=\"/contact\"], nav a[href=\"/contact/\"], nav a[href=\"contact\"], nav a[href=\"./contact\"]"}`}}},
		// a border's colour, of a control whose box is its own
		{"On /signup, the 'Email' field has a red border", [][]string{{`{"visit":"/signup"}`, `{"expect_style":{"target":"label=Email","property":"border-color","value":"~red"}}`}}},
		{"On /signup, after clicking 'Sign up', the 'Email' field gets a red border", [][]string{{`{"visit":"/signup"}`, `{"click":"text=\"Sign up\""}`, `{"expect_style":{"target":"label=Email","property":"border-color","value":"~red"}}`}}},
		{"After clicking 'Edit', the 'Save' button has a #49cc90 border", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Edit\""}`, `{"expect_style":{"target":"role=button[name=\"Save\"]","property":"border-color","value":"#49cc90"}}`}}},
	})
	runRefused(t, []string{
		"The 'Sort' filter starts on 'Newest'",
		"Hovering over 'Help' underlines the footer",                     // a part is no element to style
		"The 'Save' link on /cart is not green",                          // "not green" names no colour
		"The 'Email' field on /signup is red",                            // a control's colour: which part?
		"The 'Delete' button on /cart is not red",                        // "not red" names no colour to check
		"The 'Total' label on /cart is not #5e81ac",                      // nor does "not #5e81ac"
		"The 'Email' field on /signup is #ff0000",                        // a field's colour: which part?
		"On /docs, 'Pricing' turns it blue",                              // nothing was done to turn it
		"On /docs, hovering over 'Pricing' turns it 40px",                // a size, not a colour
		"On /docs, hovering over 'Pricing' changes it from 12px to 14px", // sizes, not colours
		"On /docs, hovering over 'Pricing' darkens it from #4990e2",      // from, but to what?
		"The 'Checkout' button on /cart is 40px",                         // a button's width or height?
		"The 'Pro' card on /pricing is 300px wide",                       // the text found is not the card
		"The 'Congrats!' heading is not 32px",                            // "not 32px" names no size
		"On /cart, the 'Coupon' dialog is 350px wide",                    // what opens it?
		// which element's background a person sees (the body, or an app's
		// container over it) no target says
		"Clicking 'Night mode' gives the docs a dark background",
		"The pricing page shows 'Pro' in bold and 'Free' in italics",            // a style no table holds
		"It is underlined when you hover over it",                               // "it" names nothing
		"'Delete' is disabled on /admin",                                        // a text is no control
		"Clicking 'Edit' enables 'Save'",                                        // a text is no control
		"The 'Send' button enables the 'Save' button",                           // nothing was done
		"'Save' is shown, then 'Saved' appears",                                 // an order in time
		"'Total' on /cart has a red border",                                     // a text's border may be any box around it
		"The 'Shop' heading is not in a serif font",                             // "not serif" names no family
		"The Welcome banner on /home is still there after a reload",             // unquoted words after "the" describe a thing
		"The menu on /home says see /about and /contact",                        // a path among unquoted words is no text
		"The Order summary from checkout is shown on /cart",                     // nor are they the text it shows
		"The 'Pro' card on /pricing is in a serif font",                         // a card holds many texts
		"The 'Pro' card on /pricing has a blue border",                          // the text found is not the card
		"The 'Save' button on /cart has a reddish border",                       // no colour it knows
		"The 'Email' field on /signup gets a red border",                        // "gets" with nothing done first
		"On /settings the 'Save' button is disabled until you change something", // no action named
		"On /signup the error message is red",                                   // a kind of message, not its text
		"On /cart, 'Subtotal', 'Total' is bold",                                 // "is": the state of one of them
		"Clicking the logo takes you home",                                      // starts at home: a click that does nothing passes
		"Clicking 'Home' goes to /",
		"On /posts, 'Draft' is not struck through",                      // a link's underline is a decoration too
		"On /signup the success banner is bold",                         // nor is "success"
		"The 'Pay' button on /cart is disabled until the form is valid", // a state, not an action
	})
}

func TestComposeActions(t *testing.T) {
	runClasses(t, []classCase{
		{"Following the /changelog link from the home page shows 'v2.0'", [][]string{{`{"visit":"/"}`, `{"click":"css=a[href=\"/changelog\"], a[href=\"/changelog/\"], a[href=\"changelog\"], a[href=\"./changelog\"]"}`, `{"expect_text":"v2.0"}`}}},
		{"Clicking /docs on the home page and then going back brings the 'New' badge back", [][]string{{`{"visit":"/"}`, `{"click":"css=a[href=\"/docs\"], a[href=\"/docs/\"], a[href=\"docs\"], a[href=\"./docs\"]"}`, `{"go_back":true}`, `{"expect_text":"New"}`}}},
		{"On /player, clicking 'Shuffle' and then hitting back brings 'Now playing' back", [][]string{{`{"visit":"/player"}`, `{"click":"text=\"Shuffle\""}`, `{"go_back":true}`, `{"expect_text":"Now playing"}`}}},
		{"Typing 'pasta' into 'Search recipes' and pressing Enter shows 'Carbonara'", [][]string{{`{"visit":"/"}`, `{"wait_for":"placeholder=Search recipes"}`, `{"remember_count":{"target":"text=Carbonara","as":"before_carbonara"}}`, `{"fill":{"target":"placeholder=Search recipes","value":"pasta"}}`, `{"press":"Enter"}`, `{"expect_text":"Carbonara"}`, `{"expect_count":{"target":"text=Carbonara","more_than":"before_carbonara"},"reach":true}`}}},
		// a text box named by its place only
		{"Typing 'jazz' in the box at the top and clicking Search gives 'Kind of Blue'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Kind of Blue","as":"before_kind_of_blue"}}`, `{"fill":{"target":"role=textbox nth=first","value":"jazz"}}`, `{"click":"role=button[name=\"Search\"]"}`, `{"expect_text":"Kind of Blue"}`, `{"expect_count":{"target":"text=Kind of Blue","more_than":"before_kind_of_blue"},"reach":true}`}}},
		{"On /board, switching to the 'Done' tab shows 'Ship v1'", [][]string{
			{`{"visit":"/board"}`, `{"wait_for":"role=tab[name=\"Done\"]","reach":true}`, `{"click":"role=tab[name=\"Done\"]"}`, `{"wait_for":"role=tabpanel[name=\"Done\"]","reach":true}`, `{"expect_text":{"text":"Ship v1","target":"role=tabpanel[name=\"Done\"]"}}`}}},
		// "if you X and Y, Z": X and Y first; "stays open" is shown by the
		// check that follows it
		{"If you open 'Advanced' and refresh, it stays open ('Proxy settings' is still shown)", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Advanced\""}`, `{"expect_text":"Proxy settings"}`, `{"reload":true}`, `{"expect_text":"Proxy settings"}`}}},
		{"The home page shows 'Privacy' in the footer", [][]string{{`{"visit":"/"}`, `{"wait_for":"css=footer","reach":true}`, `{"expect_text":{"text":"Privacy","target":"css=footer"}}`}}},
		{"Reloading /notes keeps 'Groceries' on the page", [][]string{{`{"visit":"/notes"}`, `{"expect_text":"Groceries"}`, `{"reload":true}`, `{"expect_text":"Groceries"}`}}},
		{"'Saved' appears after clicking 'Save'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"click":"text=\"Save\""}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
	})
	runRefused(t, []string{
		"Pressing 'Delete' removes 'milk'",                              // a key or a button called so
		"If you open 'Advanced' and refresh, it stays open",             // nothing says how openness shows
		"Going back shows 'Home'",                                       // "back" needs a step before it? (read by the rules)
		"Typing 'jazz' into the box in the middle shows 'Kind of Blue'", // no order says which box
	})
}

func TestComposeChanges(t *testing.T) {
	runClasses(t, []classCase{
		{"On /inbox, clicking 'Archive' makes 'Weekly report' go away", [][]string{{`{"visit":"/inbox"}`, `{"expect_text":"Weekly report"}`, `{"click":"text=\"Archive\""}`, `{"expect_no_text":"Weekly report"}`}}},
		{"Collapsing the archived section hides 'Old board', and a reload brings it back", [][]string{{`{"visit":"/"}`, `{"expect_text":"Old board"}`, `{"wait_for":"text=\"archived\"","reach":true}`, `{"click":"text=\"archived\""}`, `{"expect_no_text":"Old board"}`, `{"reload":true}`, `{"expect_text":"Old board"}`}}},
		// what opens a dialog, said after it, comes first
		{"Pressing Escape closes the 'Keyboard shortcuts' dialog you get by pressing '?'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Keyboard shortcuts","as":"before_keyboard_shortcuts"}}`, `{"press":"?"}`, `{"expect_text":"Keyboard shortcuts"}`, `{"expect_count":{"target":"text=Keyboard shortcuts","more_than":"before_keyboard_shortcuts"},"reach":true}`, `{"press":"Escape"}`, `{"expect_no_text":"Keyboard shortcuts"}`}}},
		{"Hitting Esc closes the 'New issue' dialog that opens when you click 'New'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"New\""}`, `{"remember_count":{"target":"text=New issue","as":"before_new_issue"}}`, `{"click":"text=\"New\""}`, `{"expect_text":"New issue"}`, `{"expect_count":{"target":"text=New issue","more_than":"before_new_issue"},"reach":true}`, `{"press":"Escape"}`, `{"expect_no_text":"New issue"}`}}},
	})
	runRefused(t, []string{
		"Clicking 'OK' closes the 'Confirm' dialog",                // nothing in the claim opens it
		"The 'Help' dialog you get by pressing 'h' lists 'Search'", // a text said of a dialog is not pinned to it
		"'Draft' is back", // back after nothing that took it away
	})
}

func TestComposeItemsAndPassives(t *testing.T) {
	runClasses(t, []classCase{
		// a text beside an item's name: inside the item that shows it
		{"On /boards, 'Sprint 3' has 'Closed' next to it", [][]string{{`{"visit":"/boards"}`, `{"expect_visible":"text=Closed within=\"Sprint 3\""}`}}},
		// "the 'A' response 'B'": B inside the item that shows A
		{"Expanding 'Add a pet' shows 'Deprecated' and the '405' response 'Invalid input'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Add a pet\""}`, `{"remember_count":{"target":"text=Deprecated","as":"before_deprecated"}}`, `{"click":"text=\"Add a pet\""}`, `{"expect_text":"Deprecated"}`, `{"expect_count":{"target":"text=Deprecated","more_than":"before_deprecated"},"reach":true}`, `{"expect_visible":"text=Invalid input within=\"405\""}`}}},
		{"After expanding 'Find a pet', 'petId' is marked 'required'", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Find a pet\""}`, `{"expect_visible":"text=required within=\"petId\""}`}}},
		{"On /invoices, 'Invoice 7' is marked 'Paid'", [][]string{{`{"visit":"/invoices"}`, `{"expect_visible":"text=Paid within=\"Invoice 7\""}`}}},
		// passives after "once", "after": the action
		{"Once 'List orders' has been opened, clicking 'Clear' removes 'Server response'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"List orders\""}`, `{"remember_count":{"target":"text=Server response","as":"before_server_response"}}`, `{"click":"text=\"List orders\""}`, `{"expect_text":"Server response"}`, `{"expect_count":{"target":"text=Server response","more_than":"before_server_response"},"reach":true}`, `{"click":"text=\"Clear\""}`, `{"expect_no_text":"Server response"}`}}},
		{"Once 'Notify me' is ticked, the 'Email' field is enabled", [][]string{{`{"visit":"/"}`, `{"check":"role=checkbox[name=\"Notify me\"]"}`, `{"expect_enabled":"label=Email"}`}}},
		// texts as the subject: appear, go away, no longer shown
		{"'Draft saved' and 'Undo' appear after clicking 'Save'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Save\""}`, `{"remember_count":{"target":"text=Draft saved","as":"before_draft_saved"}}`, `{"remember_count":{"target":"text=Undo","as":"before_undo"}}`, `{"click":"text=\"Save\""}`, `{"expect_text":"Draft saved"}`, `{"expect_count":{"target":"text=Draft saved","more_than":"before_draft_saved"},"reach":true}`, `{"expect_text":"Undo"}`, `{"expect_count":{"target":"text=Undo","more_than":"before_undo"},"reach":true}`}}},
		{"After clicking 'Dismiss', 'Cookie notice' is no longer shown", [][]string{{`{"visit":"/"}`, `{"expect_text":"Cookie notice"}`, `{"click":"text=\"Dismiss\""}`, `{"expect_no_text":"Cookie notice"}`}}},
		{"'Beta' and 'Alpha' are both shown on /labs", [][]string{{`{"visit":"/labs"}`, `{"expect_text":"Beta"}`}, {`{"visit":"/labs"}`, `{"expect_text":"Alpha"}`}}},
		{"After clicking 'Close', the 'Help' panel is gone", [][]string{{`{"visit":"/"}`, `{"expect_visible":"text=\"Help\""}`, `{"click":"text=\"Close\""}`, `{"expect_hidden":"text=\"Help\""}`}}},
		{"Expanding 'Add a pet' reveals the 'name' parameter and a 'Try it out' button", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Add a pet\""}`, `{"remember_count":{"target":"text=name","as":"before_name"}}`, `{"click":"text=\"Add a pet\""}`, `{"expect_count":{"target":"text=name","more_than":"before_name"}}`, `{"expect_visible":"role=button[name=\"Try it out\"]"}`}}},
		{"Clicking 'More' reveals 'Export as CSV'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"More\""}`, `{"remember_count":{"target":"text=Export as CSV","as":"before_export_as_csv"}}`, `{"click":"text=\"More\""}`, `{"expect_count":{"target":"text=Export as CSV","more_than":"before_export_as_csv"}}`}}},
		// a deep link, and "already open, showing …"
		{"Opening the deep link /#/pets/addPet has 'Add a pet' already open, showing 'Pet object'", [][]string{
			{`{"visit":"/#/pets/addPet"}`, `{"expect_text":"Add a pet"}`}, {`{"visit":"/#/pets/addPet"}`, `{"expect_text":"Pet object"}`}}},
	})
	runRefused(t, []string{
		"On the home page /orders is marked 'list' rather than with a count", // a comparison no check reads
		"Expanding 'Add a pet' shows the '405' answer 'Invalid input'",       // no item noun says which item
		"'Loading' is shown then 'Ready' is shown",                           // an order in time
		"Opening the deep link /#/pets has 'Add a pet' already open",         // nothing says how openness shows
		"The home page shows 'Welcome' even if you reload",                   // a condition, not an explanation
		"The home page shows 'Welcome' as the greeting",                      // "as" says what it is
		"'Email me' is checked, then 'Saved' appears",                        // a state, not an action, before "then"
	})
}

func TestComposeElisionsAndOpens(t *testing.T) {
	runClasses(t, []classCase{
		// the verb of the action before is left out
		{"If you hit 'n' and then Esc, 'New card' goes away", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=New card","as":"before_new_card"}}`, `{"press":"n"}`, `{"expect_text":"New card"}`, `{"expect_count":{"target":"text=New card","more_than":"before_new_card"},"reach":true}`, `{"press":"Escape"}`, `{"expect_no_text":"New card"}`}}},
		// what opens, shown by the texts it lists
		// a place named with what opens it: the opener first, then the tab
		{"In Options (press 'p'), the 'Audio' tab shows 'Master volume'", [][]string{
			{`{"visit":"/"}`, `{"press":"p"}`, `{"wait_for":"role=tab[name=\"Audio\"]","reach":true}`, `{"click":"role=tab[name=\"Audio\"]"}`, `{"wait_for":"role=tabpanel[name=\"Audio\"]","reach":true}`, `{"expect_text":{"text":"Master volume","target":"role=tabpanel[name=\"Audio\"]"}}`}}},
		{"Hitting '?' opens a dialog listing 'Go to inbox'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Go to inbox","as":"before_go_to_inbox"}}`, `{"press":"?"}`, `{"expect_count":{"target":"text=Go to inbox","more_than":"before_go_to_inbox"}}`}}},
		// a part no element kind names, opened and said with what it shows
		{"On /, pressing 'i' opens the inspector showing 'No Selection'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=No Selection","as":"before_no_selection"}}`, `{"press":"i"}`, `{"expect_text":"No Selection"}`, `{"expect_count":{"target":"text=No Selection","more_than":"before_no_selection"},"reach":true}`}}},
		// a menu that opens, said with what it shows (never just "opens
		// the menu": no role says which element that is)
		{"Clicking 'Menu' opens a menu with 'Settings' and 'Sign out'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Menu\""}`, `{"remember_count":{"target":"text=Settings","as":"before_settings"}}`, `{"remember_count":{"target":"text=Sign out","as":"before_sign_out"}}`, `{"click":"text=\"Menu\""}`, `{"expect_count":{"target":"text=Settings","more_than":"before_settings"}}`, `{"expect_count":{"target":"text=Sign out","more_than":"before_sign_out"}}`}}},
		{"Clicking 'Menu' opens a menu containing 'Settings'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Menu\""}`, `{"remember_count":{"target":"text=Settings","as":"before_settings"}}`, `{"click":"text=\"Menu\""}`, `{"expect_count":{"target":"text=Settings","more_than":"before_settings"}}`}}},
		{"Clicking 'Menu' opens a menu that has 'Settings'", [][]string{{`{"visit":"/"}`, `{"wait_for":"text=\"Menu\""}`, `{"remember_count":{"target":"text=Settings","as":"before_settings"}}`, `{"click":"text=\"Menu\""}`, `{"expect_count":{"target":"text=Settings","more_than":"before_settings"}}`}}},
		{"Pressing 'g' brings up 'Go to…'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=Go to…","as":"before_go_to_"}}`, `{"press":"g"}`, `{"expect_text":"Go to…"}`, `{"expect_count":{"target":"text=Go to…","more_than":"before_go_to_"},"reach":true}`}}},
		// an element said to be on a page
		{"The 'Pricing' heading is on the home page", [][]string{{`{"visit":"/"}`, `{"expect_visible":"role=heading[name=\"Pricing\"]"}`}}},
		// a request verb, and a noun after the quoted text describing it
		{"Requesting /config returns the 'locale' key", [][]string{{`{"visit":"/config"}`, `{"expect_text":"locale"}`}}},
	})
	runRefused(t, []string{
		// an element after a click, then what it says: the subject of a
		// check, not one more click (nothing names the toggle)
		"After clicking 'Dark mode', the toggle says 'Light mode'",
		"If you hit 'n', the 'New' button is",                 // a state left unsaid
		"Clicking 'Menu' opens the menu",                      // which element is the menu
		"In the options, the Audio tab shows 'Master volume'", // nothing opens the options
		"In Options, 'Mute' is unticked",
		"Clicking 'Save', 'Cancel' is disabled and 'Undo'", // a text with nothing said of it
	})
}

func TestComposeOrderOfActions(t *testing.T) {
	runClasses(t, []classCase{
		// "X after Y": Y happens first, whichever reader reads it
		{"Hitting Escape after pressing 'n' hides 'New card'", [][]string{{`{"visit":"/"}`, `{"remember_count":{"target":"text=New card","as":"before_new_card"}}`, `{"press":"n"}`, `{"expect_text":"New card"}`, `{"expect_count":{"target":"text=New card","more_than":"before_new_card"},"reach":true}`, `{"press":"Escape"}`, `{"expect_no_text":"New card"}`}}},
		{"Clicking 'Save' after typing 'milk' into 'Item' shows 'Saved'", [][]string{{`{"visit":"/"}`, `{"wait_for":"label=Item"}`, `{"remember_count":{"target":"text=Saved","as":"before_saved"}}`, `{"fill":{"target":"label=Item","value":"milk"}}`, `{"click":"role=button[name=\"Save\"]"}`, `{"expect_text":"Saved"}`, `{"expect_count":{"target":"text=Saved","more_than":"before_saved"},"reach":true}`}}},
		{"After pressing ',' the 'Speed' tab is selected", [][]string{{`{"visit":"/"}`, `{"press":","}`, `{"expect_checked":"role=tab[name=\"Speed\"]"}`}}},
	})
	runRefused(t, []string{
		// "it" may be the text named before the click
		"Clicking 'Share' shows 'Copy link', and clicking 'Close' makes it go away",
		"Clicking 'Open' shows 'Upload', then clicking 'Cancel' hides it",
	})
}

// The compositional reader reads only what the rules could not read (or
// refused as a state, a style or an item's text it holds): a claim the
// rules refuse on purpose stays refused.
func TestComposeKeepsPurposefulRefusals(t *testing.T) {
	runRefused(t, []string{
		"The home page shows 'Welcome' and is fast",             // a judgement
		"The docs show a search box",                            // which docs? (a docs UI's own markup)
		"The home page shows 'A' or 'B'",                        // an open outcome
		"Every row on /orders says 'Paid'",                      // a rule about many
		"The same dialog lists 'Theme'",                         // nothing opens it
		"The home page loads in under 2 seconds",                // a timing
		"Pressing ',' shows a 'Privacy' tab in the preferences", // a place the claim does not pin
	})
}

// A named control that turns into another after an action: the new name
// shows and the old one is gone afterwards, the other way round before.
func TestComposeRenamedControl(t *testing.T) {
	runClasses(t, []classCase{
		{`On /docs, after clicking 'Try it out', the 'Example Value' tab turns into 'Edit Value'`, [][]string{{
			`{"visit":"/docs"}`,
			`{"expect_hidden":"role=tab[name=\"Edit Value\"]"}`, `{"expect_visible":"role=tab[name=\"Example Value\"]"}`,
			`{"click":"text=\"Try it out\""}`,
			`{"expect_visible":"role=tab[name=\"Edit Value\"]"}`, `{"expect_hidden":"role=tab[name=\"Example Value\"]"}`}}},
	})
	runRefused(t, []string{
		`On /notes the 'Edit' button turns into 'Done'`,                         // no action to turn it
		`On /notes, after clicking 'Save', the 'Edit' button turns into 'Edit'`, // no change
		`On /notes, after clicking 'Save', the 'Edit' button turns into Done`,   // the new name unquoted
	})
}
