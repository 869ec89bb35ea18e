package claim

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/vouchdev/vouch/plan"
)

// Frames and plain restatements: words around a claim that say who
// claims it or where it comes from ("fyi", "PR #12:", "the customer says
// that", "Scenario: Sign-up."), and common ways of saying a check the
// readers know in other words ("there's 'X' on /p", "lacks 'X'", "then
// 'X' is shown"). A claim every reader refuses is said again without the
// frame or with the usual words, and derived once more; the note shows
// the sentence derived, so the approver sees what was dropped or
// replaced. No rewrite drops a word that says what to do or check.

// restatement is one rewrite: re matched against the claim, replaced by
// repl (a regexp.Expand template), and why says so in the note.
type restatement struct {
	re   *lazyRegexp
	repl string
	why  string
	// still: the words dropped say the page is in its first state ("by
	// default"), so the plan they leave may do nothing that changes it.
	still bool
}

// "shows neither 'A' nor 'B'" is "doesn't show 'A' and 'B'": a
// restatement for each verb, since the negation takes its base form.
func init() {
	for _, v := range [][2]string{{"shows", "show"}, {"displays", "display"}, {"lists", "list"}, {"has", "have"},
		{"contains", "contain"}, {"includes", "include"}, {"mentions", "mention"}} {
		restatements = append(restatements, restatement{lazyRE(`\b(?i:` + v[0] + `)\s+(?i:neither)\s+([^,;.]+?)\s+(?i:nor)\s+`),
			"doesn't " + v[1] + " $1 and ", `"neither A nor B" is "not A and not B"`, false})
	}
}

// namedItemNouns are kinds of item a list, a table or a set of cards shows one
// per row: never a control, a part of the page or a text's own kind.
const namedItemNouns = `(?i:folder|device|task|todo|item|entry|order|user|project|product|file|repo|repository|card|row|job|build|ticket|invoice|torrent|transfer|note|post|article|account|member|customer|contact|node|host|container|pipeline|deployment|release|book|recipe|server|service|plan|team|workspace|share|peer|site|app|alert|target|rule|flow|tiddler|package|plugin|notebook|kernel|instance)`

// itemStatusVerbs say what a named item shows of itself.
const itemStatusVerbs = `(?i:shows|says|displays|reads|shows as|is marked|is marked as|is shown as|is listed as|appears as|is labelled|is labeled|is tagged|is tagged as|has the status|has the label|has the badge)`

// trailingPlace is the page said after an item's status ("… on the
// alerts page", "… on /targets", "… on the dashboard"), moved before it.
const trailingPlace = `\s+(?i:on)\s+((?:(?i:the)\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?i:page)|(?i:the)\s+(?i:dashboard|home\s*page|start\s+page|front\s+page)|/\S*?)`

// survivesReload says a thing outlasts a reload: "survives a reload",
// "persists across reloads", "stays after a page refresh".
const survivesReload = `(?i:survives|persists\s+(?:after|across|through|over)|stays\s+(?:after|across|through)|remains\s+(?:after|across|through)|is\s+kept\s+(?:after|across|through)|sticks\s+(?:after|across|through))\s+(?:(?i:a|the|every|any)\s+)?(?:(?i:page|browser)\s+)?(?i:reloads?|refresh(?:es)?|reloading|refreshing)\b(?:\s+(?i:the|a)\s+(?i:page|tab|browser)\b)?`

// controlKinds are the kinds of control a release note names.
const controlKinds = `(?i:button|link|tab|field|checkbox|heading|menu item|option|toggle|column)`

// maskedText is a quoted text as restate masks it (maskQuoted): its
// index between \x01 marks, in the quotes the claim used.
const maskedText = `("\x01\d+\x01"|'\x01\d+\x01')`

// quotedRe is a quoted text as the lexer straightens it.
const quotedRe = `("[^"]+"|'[^']+')`

// orderSaid says that one text comes before another.
const orderSaid = `(?i:comes\s+before|comes\s+after|is\s+listed\s+(?:above|below|before|after)|is\s+(?:above|below)|appears\s+(?:above|below|before|after))`

// capMenu is the replacement that capitalises a menu's name ("the
// settings menu" → "the Settings menu").
const capMenu = "\x00capitalise"

// colouredShown is the replacement that says a coloured control shown as
// the control shown, then its colour.
const colouredShown = "\x00colouredshown"

// jsonPairText is the replacement that quotes a JSON pair written in
// double quotes as the one text it prints as.
const jsonPairText = "\x00jsonpair"

// keyRun is the replacement that says a key named again and again
// ("Tab, Tab, Tab and …") as that key pressed so many times.
const keyRun = "\x00keyrun"

// nthKey is the replacement that says "the sixth Tab lands on X" as Tab
// pressed six times, then the focus on X.
const nthKey = "\x00nthkey"

// ordinalNumbers are the ordinals a key press is counted with.
var ordinalNumbers = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
	"seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
	"6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10}

// statusNamed is the replacement that says a status given with its
// name ("shows 404 Not Found") as the status returned: only when the name
// is that status's own.
const statusNamed = "\x00statusnamed"

// keyAside is the replacement that quotes a character key named again in
// brackets ("pressing , (comma)" is "pressing ','"): only when the name
// is that character's (charKeyNames).
const keyAside = "\x00keyaside"

// comeBack is the replacement that says "Both users come back for /p"
// as "/p returns both users" (the quantity word no longer starts the
// sentence, so it is not a capitalised name).
const comeBack = "\x00comeback"

// slashAside is the replacement that drops "(no trailing slash)" after a
// path that has none, or "(with a trailing slash)" after one that ends
// in it: the path already says so.
const slashAside = "\x00slashaside"

// namedInBrackets is the replacement that reads "the description under
// the title ("Browse the catalogue.") is 14px" as the quoted text's
// check: the words before the brackets describe what the text names,
// unless they pick one of several (an ordinal, "every").
const namedInBrackets = "\x00namedinbrackets"

// pickWords pick one element of several, or all: a description with one
// is more than the quoted text says.
var pickWords = map[string]bool{"first": true, "second": true, "third": true, "fourth": true, "last": true,
	"next": true, "previous": true, "other": true, "every": true, "each": true, "all": true, "only": true,
	"both": true, "nth": true, "final": true, "middle": true, "another": true, "not": true, "no": true}

// signedOutWhy is the note of a signed-out premise dropped: what every
// journey is, so no step stands for it (a plan that signs in contradicts it).
const signedOutWhy = "every journey starts in a fresh browser, signed out"

// signedOutWords say the visitor is signed out, as a premise of a claim.
const signedOutWords = `(?:(?:for|to)\s+(?:an?\s+)?(?:anonymous|logged-out|signed-out|logged out|signed out)\s+(?:users?|visitors?)|as\s+an?\s+(?:guest|anonymous\s+(?:user|visitor)|visitor|(?:logged|signed)[ -]out\s+(?:user|visitor))|without\s+(?:signing|logging)\s+in|without\s+being\s+(?:signed|logged)\s+in|(?:while|when)\s+(?:signed|logged)\s+out|(?:while|when)\s+not\s+(?:signed|logged)\s+in)`

// reChangesLabelled is an action said to change a value named by its
// label ("clicking '+' changes the 'Total' to '$24'"), said again as
// changesLabelledAs.
var reChangesLabelled = lazyRE(`^((?i:on)\s+\S+,\s*)?((?i:clicking|pressing|choosing|selecting|typing|entering|adding|removing|ticking|unticking)\s[^,]*?)\s+(?i:changes|updates|sets|turns)\s+(?i:the)\s+` + quotedRe + `\s+(?i:to|into)\s+` + quotedRe)

const changesLabelledAs = "${1}after $2, the $3 says $4"

var restatements = []restatement{
	// "https://app.test/p the page shows 'Hello'", "https://app.test the
	// 'Save' button is disabled": an address pasted before a sentence with
	// a subject of its own is where the sentence holds
	{lazyRE(`^((?i:https?)://[^\s']+|/[^\s']*)\s+((?i:the|a|an|its|every|each|all|clicking|typing|pressing|choosing|selecting|ticking|after|when|once|if)\s.+|["'].+)$`), "On ${1}, ${2}",
		"an address said before the sentence is its page", false},
	// "On the Recent tab, 'A' comes before 'B'": a tab said first is
	// chosen before the order on it is checked, as "after clicking the
	// 'Recent' tab, …" reads
	{lazyRE(`^(?i:on|in)\s+(?i:the)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+(?i:tab),\s*(.+\s` + orderSaid + `\s.+)$`), "after clicking the '${1}' tab, ${2}",
		"a tab said first is chosen before the order on it is checked", false},
	{lazyRE(`^(?i:on|in)\s+(?i:the)\s+` + quotedRe + `\s+(?i:tab),\s*(.+\s` + orderSaid + `\s.+)$`), "after clicking the ${1} tab, ${2}",
		"a tab said first is chosen before the order on it is checked", false},
	// "searching for 'flour' shows 'Pancakes' in the results": what a
	// search finds is what the page shows after it (each text counted
	// around the search, so one shown before does not pass)
	{lazyRE(`^(.*\b(?i:searching|search|searches|filtering|filter|filters|typing|type|types)\b.*?` + quotedRe + `)\s+(?i:in|among|within)\s+(?i:the\s+)?(?:(?i:search|matching)\s+)?(?i:results|hits|matches)(?:\s+(?i:list|panel|pane|dropdown))?\s*$`), "${1}",
		"what a search brings up \"in the results\" is what the page shows after it", false},
	// "adding 'Milk' and reloading still shows it", "after adding 'Milk'
	// and refreshing, it's still there": "it" is the one item added
	{lazyRE(`^([^'"]*\b(?i:adding|creating|entering|typing)\s+)` + quotedRe + `([^'"]*\b(?i:reloading|refreshing|reload|refresh)\b[^'"]*?)\b(?:(?i:still)\s+)?(?i:shows|keeps|lists)\s+(?i:it)\s*$`), "${1}${2}${3}still shows ${2}",
		"\"it\" is the item added before the reload", false},
	{lazyRE(`^([^'"]*\b(?i:adding|creating|entering|typing)\s+)` + quotedRe + `([^'"]*\b(?i:reloading|refreshing|reload|refresh)\b[^'"]*?)\s*,?\s+(?:(?i:it)\s+(?i:is|stays|remains)|(?i:it's))\s+(?:(?i:still)\s+)?(?i:there|shown|listed|visible|on\s+the\s+page|in\s+the\s+list)\s*$`), "${1}${2}${3}, ${2} is still there",
		"\"it\" is the item added before the reload", false},
	// "adding 'Milk' makes it appear in the list", "'Milk' appears in the
	// list after adding it": "it" is the one item added, and what is in
	// the list is what the page shows ("… makes it appear on /feed" names
	// another page, read as such)
	{lazyRE(`^([^'"]*\b(?i:adding|creating|entering|typing)\s+)` + quotedRe + `([^'"]*?)\s+(?i:makes|make)\s+(?i:it)\s+(?i:appear|show\s+up)(?:\s+(?:(?i:in|on)\s+(?i:the|your|my)\s+(?:(?i:to-do|todo|task|shopping)\s+)?(?i:list)|(?i:on\s+the\s+page)))?\s*$`), "${1}${2}${3} shows ${2}",
		"\"it\" is the item added, and what is in the list is what the page shows", false},
	{lazyRE(`^((?i:on)\s+\S+,\s*)?` + quotedRe + `\s+(?i:appears|shows\s+up|is\s+shown|is\s+listed)\s+(?:(?i:in|on)\s+(?i:the|your|my)\s+(?:(?i:to-do|todo|task|shopping)\s+)?(?i:list)\s+)?(?i:after|once)\s+((?i:adding|creating))\s+(?i:it)\s*$`), "${1}${3} ${2} shows ${2}",
		"\"it\" is the item added, and what is in the list is what the page shows", false},
	// "typing 'Milk' and pressing Enter shows 'Milk' in the list": what
	// is in the list is what the page shows, as "'Milk' is in the list"
	// is read
	{lazyRE(`\b((?i:shows|show|displays|display|lists|list))\s+` + quotedRe + `\s+(?i:in|on)\s+(?i:the|your|my)\s+(?:(?i:to-do|todo|task|shopping)\s+)?(?i:list)\s*$`), "$1 $2",
		"what is in the list is what the page shows, as \"'X' is in the list\" is read", false},
	// "signing in with the secret PW as ann@x.co": who signs in said after
	// the secret, as "signing in as ann@x.co with the secret PW" reads it
	{lazyRE(`\b((?i:signing|logging|log|sign)\s+(?i:in|on))\s+(?i:with)\s+((?i:the\s+)?(?i:secret)\s+[A-Za-z_][A-Za-z0-9_]*)\s+(?i:as)\s+([^\s,;'"]+@[^\s,;'"]+)`), "$1 as $3 with $2",
		"who signs in, said after the secret, is the user name typed", false},
	// "'Settings' is hidden until you click 'Menu'": not shown before the
	// action, shown after it (a rephrasing offered "clicking 'Menu' does
	// not show 'Settings'", the opposite)
	{lazyRE(quotedRe + `\s+(?:(?i:is|are|stays|stay|remains|remain)\s+(?:(?i:hidden|invisible)|(?i:not)\s+(?i:shown|visible|displayed))|(?i:does\s+not|doesn't|do\s+not|don't)\s+(?i:show|appear|show\s+up))\s+(?i:until)\s+(?:(?i:you|the\s+user|a\s+user|i|someone)\s+)?(?i:click|clicks|press|presses|tick|ticks|check|checks|tap|taps)\s+(?:(?i:on)\s+)?` + quotedRe + `\s*$`), "the page does not show $1; clicking $2 shows $1",
		"hidden until an action: not shown before it, shown after", false},
	{lazyRE(quotedRe + `\s+(?:(?i:is|are|stays|stay|remains|remain)\s+(?:(?i:hidden|invisible)|(?i:not)\s+(?i:shown|visible|displayed))|(?i:does\s+not|doesn't|do\s+not|don't)\s+(?i:show|appear|show\s+up))\s+(?i:until)\s+` + quotedRe + `\s+(?i:is|gets)\s+(?i:clicked|pressed|tapped)\s*$`), "the page does not show $1; clicking $2 shows $1",
		"hidden until an action: not shown before it, shown after", false},
	// "neither 'A' nor 'B' is shown": the page shows neither, as "shows
	// neither 'A' nor 'B'" is read (not A and not B)
	{lazyRE(`\b(?i:neither)\s+` + quotedRe + `\s+(?i:nor)\s+` + quotedRe + `\s+(?:(?i:is|are)\s+(?:(?i:shown|visible|displayed|listed|present)\b|(?i:on\s+the\s+page)\b)|(?i:appears|appear|shows\s+up|show\s+up)\b)`), "the page shows neither $1 nor $2",
		`"neither A nor B is shown" is "the page shows neither A nor B"`, false},
	// "'A' is shown but 'B' is not", "'A' is shown; 'B' is not": the
	// elided state said again
	{lazyRE(quotedRe + `\s+(?i:is|are)\s+((?i:shown|visible|displayed|listed|present))\s*(?:,|;)?\s*(?:(?i:but|and|while|whereas)\s+)?` + quotedRe + `\s+(?i:is|are)\s+(?i:not)\s*$`), "$1 is $2 and $3 is not $2",
		"the state left out after \"is not\" is the one said before it", false},
	// "the 'Email me' box is ticked": a box said ticked or checked is a
	// checkbox (a text box is neither)
	{lazyRE(`\b(?i:the)\s+` + quotedRe + `\s+(?i:box|tick\s*box|check\s*box)\s+((?i:is|stays|remains|should\s+be|gets|becomes)\s+(?:(?i:not)\s+)?(?i:ticked|checked|unticked|unchecked)\b)`), "the $1 checkbox $2",
		"a box said ticked is a checkbox", false},
	// "adding 'Milk' twice" (two times): the item added once and then
	// again, as "adding 'Milk' and 'Milk'" is read
	{lazyRE(`\b((?i:adding|creating|entering))\s+` + quotedRe + `\s+(?i:twice|two\s+times|2\s+times)\b`), "$1 $2 and $2",
		"an item added twice is added once and then again", false},
	// "clicking '+' changes the 'Total' to '$24'": after the action the
	// value shown beside the label is the new one
	{reChangesLabelled, changesLabelledAs,
		"an action that changes a labelled value: after it, the value beside the label", false},
	// "Under the 'Team' heading, 'Ann' is shown": the section under it
	{lazyRE(`^(?i:on)\s+(/\S*),\s*(?i:under|in)\s+(?i:the)\s+` + quotedRe + `\s+(?i:heading|title|header|section)\s*,\s*`), "In the $2 section on $1, ",
		"what is under a heading is its section", false},
	{lazyRE(`^(?i:under)\s+(?i:the)\s+` + quotedRe + `\s+(?i:heading|title|header)\s+(?i:on|of)\s+(/\S*?)\s*,\s*`), "In the $1 section on $2, ",
		"what is under a heading is its section", false},
	// "On /about, the footer has Privacy and Terms links": the part on
	// its page, as "the footer on /about has …" is read
	{lazyRE(`^(?i:on)\s+(/[^\s,]*)\s*,\s*(?i:the)\s+(` + partPhrase + `)\s+((?i:has|have|contains|includes|shows|lists|links)\s)`), "The $2 on $1 $3",
		"the part of the page first, then its page", false},
	// "/dashboard redirects unauthenticated users to /login": the
	// visitor of every journey is signed out
	{lazyRE(`\b((?i:redirects|sends|bounces|takes|forwards))\s+(?i:unauthenticated|anonymous|logged[- ]out|signed[- ]out|guest|not[- ]logged[- ]in|not[- ]signed[- ]in)\s+(?i:users|visitors|people|requests)\s+(?i:to)\s+`), "redirects to ",
		signedOutWhy, false},
	// "'United States' is selected in the 'Country' dropdown": the
	// drop-down's chosen option, as "the 'Country' dropdown is set to
	// 'United States'" is read
	{lazyRE(quotedRe + `\s+(?i:is|stays|remains)\s+(?:(?i:already)\s+)?(?i:selected|chosen|picked)\s+(?i:in|on|from)\s+(?i:the)\s+` + quotedRe + `\s+((?i:dropdown|drop-down|drop\s+down|select|select\s+box|combo\s*box|picker))\b`), "the $2 $3 is set to $1",
		"the option selected in a drop-down is the value it is set to", false},
	// "'Docs' links to /docs", "'Docs' points to /docs": a link that
	// goes there, as "the 'Docs' link goes to /docs" is read
	{lazyRE(`(^|,\s*)` + quotedRe + `\s+(?i:links|link|points|point)\s+(?:(?i:through)\s+)?(?i:to)\s+(/[^\s,;]*)`), "${1}the $2 link goes to $3",
		`"'X' links to /p" is "the 'X' link goes to /p"`, false},
	// "'Docs' on / links to /docs": the page first, as the two above read
	{lazyRE(`^` + quotedRe + `\s+(?i:on)\s+(/[^\s,;]*)\s+((?i:links|points|opens|goes|leads|takes|navigates|brings|sends)\s)`), "On $2, $1 $3",
		"the page a link is on is said first", false},
	// "'Docs' opens /docs", "'Docs' takes you to /docs": clicking it does
	{lazyRE(`(^|,\s*)` + quotedRe + `\s+(?i:opens|goes\s+to|leads\s+to|takes\s+you\s+to|navigates\s+to|brings\s+you\s+to|sends\s+you\s+to)\s+(/[^\s,;]*)`), "${1}clicking $2 goes to $3",
		`"'X' opens /p" is "clicking 'X' goes to /p"`, false},
	// "the price of 'Lamp' is '$20'": what the item costs, as "'Lamp'
	// costs '$20'" reads (the price inside the item that shows Lamp)
	{lazyRE(`\b(?i:the)\s+(?i:price|cost)\s+(?i:of)\s+` + quotedRe + `\s+(?i:is)\s+` + quotedRe), "$1 costs $2",
		`"the price of 'X' is 'Y'" is "'X' costs 'Y'"`, false},
	// "'A' is shown in the header and the footer": each part shows it
	{lazyRE(quotedRe + `\s+(?i:is|are)\s+(?i:shown|visible|displayed|listed|present)\s+(?i:in|on)\s+(?i:the)\s+(?i:(header|footer|nav|sidebar|navbar))\s+(?i:and)\s+(?:(?i:in|on)\s+)?(?i:the)\s+(?i:(header|footer|nav|sidebar|navbar))\b`), "the $2 shows $1 and the $3 shows $1",
		"a text shown in two parts of the page is checked in each", false},
	// "the first list item is 'Milk'", "'Milk' is the first item in the
	// list", "the list starts with 'Milk'": the item at that position in
	// the page's content lists shows the text, as "the first item in the
	// list shows 'Milk'" is read
	{lazyRE(`\b(?i:the)\s+(?i:(first|second|third|last))\s+(?i:list\s+item|item\s+(?:in|on|of)\s+the\s+list|item|entry\s+(?:in|on)\s+the\s+list)\s+(?i:is|says|reads|shows)\s+` + quotedRe), "the $1 item in the list shows $2",
		"the item at that position in the list shows the text", false},
	{lazyRE(quotedRe + `\s+(?i:is)\s+(?i:the)\s+(?i:(first|second|third|last))\s+(?i:item|entry|list\s+item)(?:\s+(?i:in|of|on)\s+(?i:the)\s+(?i:list))?\b`), "the $2 item in the list shows $1",
		"the item at that position in the list shows the text", false},
	{lazyRE(`\b(?i:the)\s+(?i:list)\s+(?i:starts|begins)\s+(?i:with)\s+` + quotedRe), "the first item in the list shows $1",
		"the item at that end of the list shows the text", false},
	{lazyRE(`\b(?i:the)\s+(?i:list)\s+(?i:ends)\s+(?i:with)\s+` + quotedRe), "the last item in the list shows $1",
		"the item at that end of the list shows the text", false},
	// "Opening /x in a new browser tab shows 'Hi'": every journey opens
	// its page in a new tab of its own; a link that opens one is another
	// claim ("clicking 'Docs' opens a new tab"), which this leaves alone
	{lazyRE(`^((?i:opening|visiting|loading|going to|navigating to)\s+/\S*)\s+(?i:in)\s+(?i:a\s+)?(?i:new|fresh|separate|private|incognito)\s+(?i:browser\s+)?(?i:tab|window)\b`), "$1",
		"a new tab (or window) is where every journey opens its page", false},
	// "the row for 'Ann' shows 'Admin'": the item that shows Ann, as "the
	// 'Ann' row" is read (the smallest repeated item holding it)
	{lazyRE(`\b(?i:the)\s+(?i:(row|table row|entry|item|list item|card|line|record))\s+(?i:for|with|containing|showing|of|that has|that shows|that contains|which has|which shows)\s+` + quotedRe), "the $2 $1",
		"\"the row for 'X'\" said as \"the 'X' row\": the item that shows X", false},
	// "Once the editor has loaded, …": when the check is made, which every
	// step waits for anyway
	{lazyRE(`^(?i:once|after|when|as soon as)\s+(?:(?i:the)\s+)?(?i:page|app|site|website|application|ui|web ui|web app|web interface|interface|screen|it|everything|editor|wiki|gui)\s+(?:(?i:has|is|have)\s+)?(?i:loaded|finished loading|fully loaded|done loading|rendered|ready)\s*,?\s+`), "",
		"when the page has loaded is when every check is made", false},
	// "The sidebar's Tools tab says 'X'", "The 'Tools' tab lists 'X'":
	// what a tab shows is what its panel shows once it is chosen ("the
	// tab reads 'X'" may be its own label, so it is left alone)
	{lazyRE(`^(?i:the)\s+(?i:sidebar|header|footer|nav|navbar|navigation)'s\s+` + maskedText + `\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "Clicking the $1 tab shows ",
		"what a tab says is what it shows once chosen; the part of the page says where the tab is, and the tab is found by its name (an app may draw its sidebar with no element that marks it)", false},
	{lazyRE(`^(?i:the)\s+(?i:sidebar|header|footer|nav|navbar|navigation)'s\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "Clicking the '$1' tab shows ",
		"what a tab says is what it shows once chosen; the part of the page says where the tab is, and the tab is found by its name (an app may draw its sidebar with no element that marks it)", false},
	{lazyRE(`^(?i:the)\s+` + maskedText + `\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "Clicking the $1 tab shows ",
		"what a tab says is what it shows once chosen", false},
	{lazyRE(`^(?i:the)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "Clicking the '$1' tab shows ",
		"what a tab says is what it shows once chosen", false},
	// the same after the page: "On the lodash package page, the Versions
	// tab lists '4.17.21'"
	{lazyRE(`^((?i:on)\s+[^,]{1,60},\s*)(?i:the)\s+` + maskedText + `\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "${1}clicking the $2 tab shows ",
		"what a tab says is what it shows once chosen", false},
	{lazyRE(`^((?i:on)\s+[^,]{1,60},\s*)(?i:the)\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+(?i:tab)\s+(?i:says|shows|lists|displays|contains)\s+`), "${1}clicking the '$2' tab shows ",
		"what a tab says is what it shows once chosen", false},
	// "Going to a path that doesn't exist, like /no/such/page, gets a
	// 404": a page described, then the example the claim gives
	// An item of any kind said not to exist ("a package that doesn't
	// exist, like /-/web/detail/no-such-package") is a page that does not
	// exist too; an item described by its data ("a song that isn't jazz")
	// is not read so: the example may not be one.
	{lazyRE(`\b(?i:a|an|any|some)\s+(?:[\w'-]+\s+){0,2}(?:(?i:path|page|url|route|address|permalink|endpoint|uri)\b[^,;'"\x01/]{0,40}?|[a-z][\w-]*\s+(?i:that|which)\s+(?i:doesn't|does not|don't|do not|no longer)\s+(?i:exist|exists)),?\s+(?i:like|such as|e\.g\.,?|for example|for instance|say)\s+(/[^\s,]+),?`), "$1",
		"the page is the example the claim gives, and the claim is tested on it alone", false},
	// "'Docs' is a link", "On /, 'Save' is a button": an element of that
	// kind named by the text; "'Docs' is not a link": the text shown, and
	// no element of that kind named by it
	{lazyRE(`(^|,\s*)` + maskedText + `\s+(?i:is)\s+(?i:a|an)\s+(` + controlKinds + `)\b`), "${1}there's a $2 $3",
		"a text said to be a link, a button or a heading is an element of that kind named by it", false},
	{lazyRE(`(^|,\s*)` + maskedText + `\s+(?i:is not|isn't|is no longer)\s+(?i:a|an)\s+(` + controlKinds + `)\s*([.!]*)$`), "${1}the page shows $2 and has no $2 $3$4",
		"a text said not to be a link or a button is shown, and no element of that kind is named by it", false},
	{lazyRE(`^` + maskedText + `\s+(?i:is not|isn't|is no longer)\s+(?i:a|an)\s+(` + controlKinds + `)\s+(?i:on)\s+(/\S*?)\s*([.!]*)$`), "On $3, the page shows $1 and has no $1 $2$4",
		"a text said not to be a link or a button is shown, and no element of that kind is named by it", false},
	// "'X' appears once" at the end of the claim is a count ("once you
	// click" goes on, and is a time)
	{lazyRE(maskedText + `\s+((?i:appears|is shown|shows up|is displayed|is listed|is visible))\s+(?i:once)\s*([.!]*)$`), "$1 $2 exactly once$3",
		"a text shown once is shown exactly once", false},
	{lazyRE(`\b((?i:shows|displays|lists|says|contains|has))\s+` + maskedText + `\s+(?i:once)\s*([.!]*)$`), "$1 $2 exactly once$3",
		"a text shown once is shown exactly once", false},
	{lazyRE(`^` + maskedText + `\s+((?i:appears|is shown|shows up|is displayed|is listed|is visible))\s+((?i:on)\s+(?:/\S*?|(?i:the)\s+[\w-]+(?:\s+[\w-]+)?\s+(?i:page)|(?i:the)\s+(?i:home\s*page|start\s+page|front\s+page|dashboard)))\s+(?i:once)\s*([.!]*)$`), "$3, $1 $2 exactly once$4",
		"a text shown once is shown exactly once", false},
	// "'Beta' should not be visible", "won't be shown", "mustn't show up
	// anymore": a text said not to be shown, with a modal
	{lazyRE(maskedText + `\s+(?:(?i:should|must|will|shall|would)\s+(?i:not|never)|(?i:shouldn't|mustn't|won't|shan't|wouldn't))\s+(?i:be)\s+((?i:visible|shown|displayed|listed|present))\b`), "$1 is not $2",
		"a text that should not be shown is checked not shown", false},
	{lazyRE(maskedText + `\s+(?:(?i:should|must|will|shall|would)\s+(?i:not|never)|(?i:shouldn't|mustn't|won't|shan't|wouldn't))\s+(?i:appear|show\s+up|be\s+seen)\s+(?i:anymore|any\s+more)\b`), "$1 no longer appears",
		"a text that should not be shown is checked not shown", false},
	{lazyRE(maskedText + `\s+(?:(?i:should|must|will|shall|would)\s+(?i:not|never)|(?i:shouldn't|mustn't|won't|shan't|wouldn't))\s+(?i:appear|show\s+up|be\s+seen)\b`), "$1 does not appear",
		"a text that should not be shown is checked not shown", false},
	// "completing 'A'", "marking it done", "completing it": an item
	// marked done, as the rules read it (ticking its checkbox)
	{lazyRE(`\b(?i:completing|finishing|checking off|ticking off)\s+` + maskedText), "marking $1 as done",
		"an item completed is marked done", false},
	{lazyRE(`\b(?i:marking|completing|finishing|checking off|ticking off)\s+((?i:it|them))(?:\s+(?:(?i:as)\s+)?(?i:done|complete|completed|finished))?`), "ticking $1",
		"an item completed is marked done by ticking it", false},
	// "switching 'Notifications' off", "toggling on 'Beta'": a switch
	// turned on or off, said as the rules read it
	{lazyRE(`\b(?i:turning|switching|toggling|flipping)\s+` + maskedText + `\s+((?i:on|off))\b`), "turning $2 $1",
		"a switch turned on or off", false},
	{lazyRE(`\b(?i:switching|toggling|flipping)\s+((?i:on|off))\s+` + maskedText), "turning $1 $2",
		"a switch turned on or off", false},
	// "shows not only 'A' but also 'B'": both shown
	{lazyRE(`\b(?i:not\s+(?:only|just|merely))\s+((?i:shows?|says|lists|displays|has|contains)\s+)?` + maskedText + `\s*,?\s+(?i:but)\s+(?:(?i:also)\s+)?(?:(?i:shows?|says|lists|displays|has|contains)\s+)?` + maskedText + `(?:\s+(?i:too|as\s+well))?`), "${1}$2 and $3",
		`"not only A but also B" is A and B`, false},
	// "'Milk' survives a reload", "adding 'Milk' persists across
	// reloads": shown, and still shown after reloading
	{lazyRE(`\b((?i:adding|creating|entering|saving|typing)\s+` + maskedText + `)\s+` + survivesReload), "$1 and reloading still shows $2",
		"an item that survives a reload is still shown after reloading", false},
	{lazyRE(maskedText + `\s+` + survivesReload), "$1 is still shown after reloading",
		"a text that survives a reload is still shown after reloading", false},
	// "'Docs' takes you to /guide": where clicking it goes
	{lazyRE(`(^|,\s*)` + maskedText + `\s+(?i:takes you|takes me|takes the user|takes users|takes visitors|brings you|sends you|leads)\s+(?i:to)\s+(/)`), "${1}clicking $2 goes to $3",
		"where a text takes you is where clicking it goes", false},
	// "Searching for 'flour' finds 'Pancakes'": what a search shows
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?(?i:searching|search|typing|type|entering|enter|filtering|filter|looking up|look up)\s[^,;]*?)\s+(?i:finds|find|brings up|bring up|turns up|turn up|surfaces|yields|comes up with)\s+`), "$1 shows ",
		"what a search finds is what it shows", false},
	// "For an anonymous visitor the Deploy button is disabled", "…, as
	// a guest": the state every journey starts in, said as a premise.
	{lazyRE(`^(?i:` + signedOutWords + `)\s*,?\s+`), "", signedOutWhy, false},
	{lazyRE(`\s*,?\s+(?i:` + signedOutWords + `)\s*([.!]*)$`), "$1", signedOutWhy, false},
	// "The API description under the title ("Browse …") is 14px"
	{lazyRE(`^(?i:the|its|our|their)\s+([^()'"\x01,;:/]{1,60}?)\s*\(\s*` + maskedText + `\s*\)\s+((?i:is|are|has|uses)\s)`), namedInBrackets,
		"the words before the quoted text in brackets describe it; the text finds it", false},
	// "/profile's 'Country' dropdown is …": an element named by its text
	// on the page the path is (an unquoted noun after the possessive may
	// be a JSON field, "/users/1's email", and is left alone)
	{lazyRE(`^(/[^\s'"]+)'s\s+` + maskedText), "On $1, the $2",
		"an element of the page at the path, said with its possessive", false},
	// "/transmission (no trailing slash) redirects …": the path says it
	{lazyRE(`(/\S*?)\s*\(\s*((?i:no|without a|without the|without|with a|with the|with|incl\.?|including a))\s+(?i:trailing|final|ending|closing)\s+(?i:slash|/)\s*\)`), slashAside,
		"the path says whether it ends in a slash", false},
	// A bug report's title before its steps (before the label frames,
	// which would take "Bug:" alone): what is expected of the
	// steps is the claim, as a scenario's title before its steps. A
	// title that names a path says something of its own: kept.
	{lazyRE(`^(?i:bug(?: report)?|issue|defect|ticket)\s*:\s*[^:'"/]{1,120}?[.!]\s+((?i:steps?(?: to reproduce)?|repro(?: steps)?|str)\s*:)`), "$1",
		"the bug report's title", false},
	// "Keyboard: / opens the search": under a label that says keys, a
	// key (a bare "/" too) said as what acts is that key pressed
	{lazyRE(`^(?i:keyboard(?:\s+(?:check|test|shortcut|shortcuts|nav|navigation))?|shortcut|shortcuts|hotkey|hotkeys|key|keys)\s*:\s*(/|[A-Za-z?]\w*)\s+((?i:opens|toggles|focuses|closes|shows|brings up|jumps)\b)`), "Pressing $1 $2",
		`under a label that says keys, a key said as what acts is that key pressed`, false},
	// "Ctrl+K opens the search", "Shift+O opens …": a chord with a
	// modifier said as what acts is that chord pressed (a bare letter or
	// word is not: "o opens" could be a name)
	{lazyRE(`^((?i:ctrl|control|shift|alt|option|cmd|command|meta)\+(?:[A-Za-z0-9]|[,./;'\[\]\\=-]|(?i:enter|escape|esc|tab|space|backspace|delete|home|end|up|down|left|right|f\d{1,2})))\s+((?i:opens|toggles|focuses|closes|shows|brings up|jumps|hides|submits|saves|selects)\b)`), "Pressing $1 $2",
		`a key chord said as what acts is that chord pressed`, false},
	// "Hitting Escape while the 'Upload' dialog is open closes it": the
	// key closes that dialog, which is found open first
	{lazyRE(`^((?i:press(?:ing|es)?|hit(?:ting|s)?)\s+(?:(?i:the)\s+)?[A-Za-z]+(?:\s+(?i:key))?)\s+(?i:while|when|whilst)\s+((?i:the)\s+[^,;.]{1,60}?\s(?i:dialog|modal|popup|pop-up))\s+(?i:is)\s+(?i:open|opened|shown|showing|visible|up|displayed)\s*,?\s+((?i:closes|dismisses|hides|shuts))\s+(?i:it)\b`), "$1 $3 $2",
		"a key pressed while a dialog is open that closes it: the key closes that dialog", false},
	// "The 'Pause' button has the tooltip 'Pause all'", "the tooltip on
	// the 'Pause' button says 'Pause all'": what hovering it shows (the
	// runner reads a native tooltip, the title, after a hover)
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)(?:(?i:the)\s+)?` + maskedText + `\s+((?i:button|link))\s+(?i:has|shows|gets|carries)\s+(?:(?i:a|the)\s+)?(?i:tooltip|hover text|hover title)\s+(?:(?i:of|saying|reading|that says|which says)\s+)?` + maskedText), "${1}hovering the $2 $3 shows $4",
		"a tooltip is what hovering the element shows", false},
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)(?i:the)\s+(?i:tooltip|hover text)\s+(?i:on|of|for)\s+(?:(?i:the)\s+)?` + maskedText + `\s+((?i:button|link))\s+(?i:says|reads|is|shows)\s+` + maskedText), "${1}hovering the $2 $3 shows $4",
		"a tooltip is what hovering the element shows", false},
	// "The device name 'x' is shown in the top bar": the place shows the
	// text the words describe (the reader still judges the words)
	{lazyRE(`^(?i:the|its|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})\s+` + maskedText + `\s+(?:(?i:is|are)\s+(?i:shown|displayed|visible|listed|printed)|(?i:appears|shows up|is))\s+(?i:in|on|at)\s+((?i:the)\s+[^,;.'"]{1,40}?)\s*([.!]*)$`), "$3 shows the $1 $2$4",
		"a text said to be shown in a part: the part shows it", false},
	// "With /tasks?_sort=title the ids come back in the order 2, 3, 1":
	// what the path returns, in order
	{lazyRE(`^(?i:with|for|on|requesting|calling|fetching|hitting)\s+(/\S+?),?\s+(?i:the)\s+([a-z][a-z0-9_]*s)\s+(?i:come back|are returned|come out|are listed|are)\s+((?i:in the order|in order|as)\s+.+)$`), "$1 returns the $2 $3",
		"what a path's items come back as is what it returns", false},
	// "Requesting /tasks/2?_expand=user makes the server fall over with a
	// 500": the status is what a browser sees of the fall
	{lazyRE(`^((?i:requesting|calling|hitting|fetching|opening|visiting|loading|going to|asking for|a request (?:to|for)|a get (?:to|on))\s+/\S+?)\s+(?i:makes|causes|gets)\s+(?i:the)\s+(?i:server|app|api|backend)\s+(?:(?i:to)\s+)?(?i:fall over|crash|blow up|error out|choke|fail|break)\s+(?i:with)\s+(?:(?i:a|an)\s+)?(?:(?i:HTTP)\s+)?([1-5]\d\d)\b(?:\s+(?i:error|status|response))?\s*([.!]*)$`), "$1 returns $2$3",
		"a server said to fall over with a status answers that status", false},
	// "GET /rest/status straight from the browser is refused with a 403
	// and the text 'CSRF Error'": the path, its status and its text
	{lazyRE(`(/\S+)\s+(?:(?i:straight|directly|right)\s+)?(?i:from|in)\s+(?:(?i:the|a)\s+)?(?i:browser(?:\s+(?:tab|window))?|address bar|url bar)\b`), "$1",
		"a path opened from the browser is the path", false},
	{lazyRE(`(/\S+)((?:\s+(?i:without|with no)\s+(?:(?i:an?|the|any)\s+)?(?i:token|api key|access token|credentials|session|auth|authentication|login))?)\s+(?i:is|gets|are|get)\s+(?i:refused|rejected|denied|turned away)\s+(?i:with)\s+(?:(?i:a|an)\s+)?(?:(?i:HTTP)\s+)?(4\d\d)\b(?:\s+(?i:error|status|response))?`), "$1$2 returns $3",
		"a request refused with a client error status answers that status", false},
	{lazyRE(`\b((?i:returns|answers|responds with|comes back as))\s+(?:(?i:a|an)\s+)?(?:(?i:HTTP)\s+)?([1-5]\d\d)\s+(?i:and)\s+(?:(?i:with)\s+)?(?:(?i:the)\s+)?(?i:text|message|body|error)\s+` + maskedText), "$1 $2 and shows $3",
		"a status and the text its page shows", false},
	// "matches 'A' and 'B' and nothing else": only those
	{lazyRE(`\b((?i:shows|returns|lists|matches|finds|gives back|brings back|displays))\s+((?:"\x01\d+\x01"|'\x01\d+\x01')(?:\s*,\s*(?:"\x01\d+\x01"|'\x01\d+\x01'))*\s*,?\s*(?i:and)\s+(?:"\x01\d+\x01"|'\x01\d+\x01'))\s*,?\s*(?:(?i:and)\s+)?(?i:nothing else|no others?|none other|no other (?:items|results|rows|entries|tasks|users))\s*([.!]*)$`), "$1 only $2$3",
		`"A and B and nothing else" is "only A and B"`, false},
	// "is normal weight, not bold": the same look said twice
	{lazyRE(`\b((?i:is|are))\s+(?:(?i:in)\s+)?(?i:normal|regular)(?:\s+|-)(?i:weight)\s*,?\s+(?:(?i:and)\s+)?(?i:not)\s+(?i:bold)\b`), "$1 not bold",
		`"normal weight, not bold" says one look twice`, false},
	// "the 'Add Folder' dialog opens", "a dialog titled 'Add Folder'
	// pops up": the dialog appears
	{lazyRE(`\b((?i:the)\s+(?:"\x01\d+\x01"|'\x01\d+\x01')\s+(?i:dialog|modal|popup|window)|(?i:a|the)\s+(?i:dialog|modal|popup|window)\s+(?i:titled|called|named|headed)\s+(?:"\x01\d+\x01"|'\x01\d+\x01'))\s+(?i:opens|opens up|pops up|pops open|comes up|shows up)\b`), "$1 appears",
		"a dialog that opens is one that appears", false},
	// "The 'Team Documents' folder shows 'Up to Date'", "the 'Backup NAS'
	// device is shown as 'Disconnected'": a quoted name and a noun for a
	// kind of item (no control, no part of the page) is the item that
	// shows the name, and the text is looked for inside it
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)(?:(?i:the)\s+)?` + maskedText + `\s+` + namedItemNouns + `\s+(?i:shows|says|displays|reads|shows as|is marked|is marked as|is shown as|is listed as|appears as|is labelled|is labeled|is tagged|is tagged as|has the status|has the label|has the badge)\s+` + maskedText + `\s*([.!]*)$`), "${1}the page shows $3 next to $2$4",
		"a named item (a folder, a device, a task) showing a text: the text inside the item that shows the name", false},
	// "The remote device 'Backup NAS' is listed as 'Disconnected'": the
	// same, the kind of item said before its name
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)(?:(?i:the)\s+)?(?:(?i:remote|local|new|shared|paused|selected|first|second|last)\s+)?` + namedItemNouns + `\s+` + maskedText + `\s+(?i:shows|says|displays|reads|shows as|is marked|is marked as|is shown as|is listed as|appears as|is labelled|is labeled|is tagged|is tagged as|has the status|has the label|has the badge)\s+` + maskedText + `\s*([.!]*)$`), "${1}the page shows $3 next to $2$4",
		"a named item (a folder, a device, a task) showing a text: the text inside the item that shows the name", false},
	// "The 'InstanceDown' alert is 'FIRING' on the alerts page", "the
	// 'Camera Uploads' folder shows as 'Paused' on the dashboard": a
	// status said with "is" of an item of a named kind, and the page said
	// after it (a bare "'A' is 'B'" may be a field's value: not read so)
	{lazyRE(`^(?:(?i:the)\s+)?` + maskedText + `\s+` + namedItemNouns + `\s+(?:` + itemStatusVerbs + `|(?i:is|are))\s+` + maskedText + trailingPlace + `\s*([.!]*)$`), "On ${3}, the page shows $2 next to $1$4",
		"a named item (a folder, an alert, a target) showing a text: the text inside the item that shows the name", false},
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)(?:(?i:the)\s+)?` + maskedText + `\s+` + namedItemNouns + `\s+(?i:is|are)\s+` + maskedText + `\s*([.!]*)$`), "${1}the page shows $3 next to $2$4",
		"a named item (a folder, an alert, a target) showing a text: the text inside the item that shows the name", false},
	// "shows the site title 'Team Kitchen Wiki'": a title the page shows
	// is a text on it (the browser tab's title is no text the page shows)
	{lazyRE(`\b((?i:shows|displays|has))\s+(?:(?i:the|its|a)\s+)?(?i:site|wiki|app|application)(?:'s)?\s+(?i:title|name|tagline|subtitle)\s+` + maskedText), "$1 $2",
		"the site's title the page shows is a text on it", false},
	// "/-/healthy answers 'Prometheus Server is Healthy.'": a text a path
	// answers with is the text its page shows
	{lazyRE(`^((?:(?i:get)\s+)?/\S+)\s+(?i:answers|responds|replies|answers back)(?:\s+(?i:with))?\s+` + maskedText), "$1 shows $2",
		"the text a path answers with is what its page shows", false},
	// "sends you to the classic graph page at /classic/graph": the page
	// said by its path; the words before it describe it
	{lazyRE(`\b((?i:sends you|takes you|redirects you|brings you|sends|redirects))\s+(?i:to)\s+(?i:the)\s+(?:[a-z][\w-]*\s+){0,4}(?i:page|screen|view)\s+(?i:at|on)\s+(/[^\s,;]+)`), "$1 to $2",
		"a page said with its path is the path; the words before it describe it", false},
	// "An anonymous visitor who opens /x is told 'Sign in'": what the
	// page shows; every journey starts in a fresh browser, signed out
	{lazyRE(`^(?i:an?|the|any)\s+(?:(?i:anonymous|signed[- ]out|logged[- ]out|unauthenticated|new|first[- ]time)\s+)?(?i:visitor|user|person|guest|reader)\s+(?i:who|that)\s+(?i:opens|visits|goes to|lands on|loads|browses to|navigates to)\s+(/\S+?)\s+(?i:is told|sees|gets|is shown|is greeted with|is greeted by|is met with|is met by)\s+`), "Opening $1 shows ",
		"a visitor who opens a page sees what it shows; every journey starts in a fresh browser with no cookies, signed out, as an anonymous or first-time visitor does", false},
	// "/x shows 'Sorry' with a 'Go home' button": a page showing a
	// message and a control, both on it
	{lazyRE(`^((?:(?i:on|going to|opening|visiting)\s+)?/\S+\s+(?i:shows|displays)\s+(?:"\x01\d+\x01"|'\x01\d+\x01'))\s*,?\s+(?i:with)\s+((?i:a|an|the)\s+(?:"\x01\d+\x01"|'\x01\d+\x01')\s+(?i:button|link))\s*([.!]*)$`), "$1 and $2$3",
		"a page showing a text with a button or link shows both", false},
	// "shows 'X' with the subtitle 'Y' underneath": Y after X
	{lazyRE(`\b((?i:shows|displays))\s+` + maskedText + `\s*,?\s+(?i:with)\s+(?:(?i:the|a|its)\s+)?(?:(?i:subtitle|tagline|subheading|line|text|caption)\s+)?` + maskedText + `\s+(?i:underneath|under it|below it|beneath it|below|beneath)\s*([.!]*)$`), "$1 $2 above $3$4",
		"a text shown underneath another comes after it", false},
	// "lists the 'lodash' package", "finds the 'Pancakes' recipe": the
	// item's name is what the page shows; its kind describes it
	{lazyRE(`\b((?i:shows|lists|displays|finds|includes|returns|brings up|turns up))\s+(?:(?i:the|a|an)\s+)?((?:"\x01\d+\x01"|'\x01\d+\x01')(?:(?:\s*,\s*|,?\s+(?i:and)\s+)(?:"\x01\d+\x01"|'\x01\d+\x01'))*)\s+` + namedItemNouns + `(?:s)?\b`), "$1 $2",
		"an item said with its kind: the page shows its name", false},
	// "clicking the 'data' folder shows 'a.csv' inside it": what the
	// opened item holds is what the page shows once it is opened
	{lazyRE(`^(.*\b(?i:clicking|opening|expanding|double-clicking)\b.*\b(?i:shows|lists|displays)\s+.*` + maskedText + `)\s+(?i:inside it|in it|within it|inside)\s*([.!]*)$`), "$1$3",
		"what an item opened by the claim holds is what the page shows once it is opened", false},
	// "'Backup NAS' shows as 'Connected'": "shows as" says an item's status
	{lazyRE(`^((?:(?i:on)\s+/\S*?,?\s+)?)` + maskedText + `\s+(?i:shows as|is shown as|appears as|is marked as|is flagged as)\s+` + maskedText + `\s*([.!]*)$`), "${1}the page shows $3 next to $2$4",
		"a name shown as a status: the status inside the item that shows the name", false},
	{lazyRE(`^(?i:next to|beside|alongside)\s+` + maskedText + `,?\s+(?i:it|the page|there)\s+(?i:says|shows|reads|displays)\s+` + maskedText + `\s*([.!]*)$`), "The page shows $2 next to $1$3",
		"a text said next to a name: the text inside the item that shows the name", false},
	// Frames at the start: a label with a colon, a ticket or PR number.
	{lazyRE(`^(?i:(?:fyi|btw|ps|p\.s\.|heads[- ]up|note|nb|n\.b\.|psa|update|confirmed|verified|changed|improved|updated|qa(?: note)?|regression(?: test)?|smoke(?: test)?|sanity check|acceptance criteri(?:a|on)|ac|requirement|req|expected(?: behaviou?r| result)?|release notes?|changelog|(?:user )?story|ticket|bug|issue|todo|(?:[a-z0-9][\w/-]*(?: [a-z0-9][\w/-]*)? )?check|test|tl;?dr|(?:docs? |ui |api )?nit(?:pick)?|minor|observation|finding|reminder|claim|assertion|checklist|qa checklist|test case|support|pm|dev|product|feature|hotfix|fix|smoke|keyboard|accessibility|a11y|ux|ui|hover))\s*[:\-–—]\s+`), "",
		"a label before the claim", false},
	{lazyRE(`^(?i:(?:pr|pull request|ticket|issue|story|bug|mr)\s*#?\s*[A-Za-z]*-?\d+)(?:\s*\([a-z][a-z -]{0,40}\))?\s*[:\-–—]\s+`), "",
		"a ticket's number before the claim", false},
	// a label that names the kind of note: "Release notes check:", "Pagination test:"
	{lazyRE(`^(?i:[a-z][a-z-]*(?: [a-z][a-z-]*){0,3} (?:check|test|regression|smoke test|sanity check|checklist))\s*(?::|\s[\-–—])\s+`), "",
		"a label before the claim", false},
	{lazyRE(`^(?i:[A-Z][A-Z0-9]+-\d+)\s*[:\-–—]\s+`), "",
		"a ticket's number before the claim", false},
	// A wrong password as the subject: "A wrong password on /login shows
	// …" is the answer to signing in with it there (with the account's
	// email, as a person would try it; not an empty email field, which a
	// form may refuse before it checks the password).
	{lazyRE(`^(?i:an? |the )?((?i:wrong|bad|invalid|incorrect|mistyped) (?i:password))\s+(?i:on|at)\s+(/\S*?),?\s+((?i:shows|gives|displays|brings up|triggers|produces)\b)`), "Signing in on $2 with a $1 $3",
		"a wrong password said as what acts: signing in with it on the page named", false},
	// "On /login a wrong password shows …": signing in there with it.
	{lazyRE(`^(?i:on|at) (/\S*?),?\s+(?:(?i:entering|typing|using|submitting|trying) )?(?i:an? |the )?((?i:wrong|bad|invalid|incorrect|mistyped) (?i:password))\s+((?i:shows|gives|displays|brings up|triggers|produces)\b)`), "Signing in on $1 with a $2 $3",
		"a wrong password said as what acts: signing in with it on the page named", false},
	// Who is writing, in chat: "PM here -", "Dana from support here:".
	{lazyRE(`^(?i:(?:[a-z]+ (?:from|on|in) (?:the )?[a-z]+(?: team)? )?(?:pm|qa|support|dev|devs|design|ops|product|sre|[a-z]+ team)) (?i:here)\s*[:,\-–—]\s+`), "",
		"who is writing, before the claim", false},
	// Chat openers without a colon.
	{lazyRE(`^(?i:fyi|btw|so|also|for the record|just so you know|quick note|heads[- ]up|psa|reminder|side note)\s*,?\s+|^(?i:ok(?:ay)?)\s*,\s*`), "",
		"a chat word before the claim", false},
	// Interjections and hedges in chat: the claim is what follows.
	{lazyRE(`^(?i:hey|hi|hello|hmm+|um+|uh+|ok so|so yeah|yo)\s*[,!.]*\s+`), "",
		"a chat word before the claim", false},
	{lazyRE(`^(?i:i think|i believe|pretty sure|i'?m pretty sure|i'?m fairly sure|iirc|afaik|looks like|it looks like|seems like|it seems like|it seems|apparently)(?: that)?\s*[,:]?\s+`), "",
		"a hedge before the claim: it is checked as said", false},
	{lazyRE(`^(?i:can (?:someone|anyone|you|somebody) (?:confirm|check|verify)|could (?:someone|anyone|you|somebody) (?:confirm|check|verify)|is it true)(?: that| whether| if)?\s+(.+?)\s*\?*$`), "$1",
		"a question asking for the claim to be checked", false},
	{lazyRE(`\s*(?:\b(?i:lol|lmao|haha+|heh)\b|[\x{1F300}-\x{1FAFF}\x{2600}-\x{27BF}]+)\s*([.!?]*)\s*$`), "$1",
		"a chat remark after the claim", false},
	{lazyRE(`,?\s*(?i:right|correct|yes|no)\s*\?+\s*$`), "",
		"a question tag after the claim", false},
	{lazyRE(`^(?i:we'?re|we are|i'?m|i am|anyone else|is anyone else|everyone'?s|people are|users are|customers are)\s+(?i:seeing|getting|still seeing|still getting)\s+` + quotedRe + `\s+(?i:on|at)\s+(/\S*?)\s*[.!?]*$`), "$2 shows $1",
		"someone reports seeing it: the claim is what they see", false},
	{lazyRE(`\b((?i:doesn't|does not|don't|do not|isn't|is not|aren't|are not)\b.*?)\s+(?i:any ?more)\s*([.!?]*)$`), "$1$2",
		`"anymore" after a negation`, false},
	// Someone's report or confirmation: the claim is what they report.
	{lazyRE(`^(?i:just (?:checked|confirmed|tested|verified)|(?:i|we) (?:can )?confirm(?:ed)?(?: that)?|can confirm(?: that)?|confirmed that|(?:i|we) (?:checked|verified|tested) (?:that|and)|turns out(?: that)?)\s*[:,\-–—]?\s+`), "",
		"who checked it", false},
	{lazyRE(`^(?i:(?:the |a |one |our |some |several )?(?:customers?|clients?|users?|reporters?|testers?|qa|pms?|product managers?|designers?|support|someone|ops|devs?|developers?)(?: (?:on|from|in) [a-z ]{1,30}?)? (?:says?|said|reports?|reported|claims?|claimed|believes?|believed|thinks?|thought|mentions?|mentioned|noticed|notices|insists?|swears?|wrote|writes|tells us|told us)(?: that)?)\s*[:,]?\s+`), "",
		"who reports it: the claim is what they report", false},
	{lazyRE(`^(?i:according to (?:the |our |a )?(?:customers?|clients?|users?|reporters?|tickets?|spec|specification|release notes?|changelog|pr(?: description)?|readme|story|requirements?))\s*,\s*`), "",
		"where the claim comes from", false},
	// The change the claim is about: what holds after it is the claim.
	{lazyRE(`^(?i:(?:after|with|since|following) (?:this|the|that|our|my) (?:change|pr|pull request|fix|release|update|deploy(?:ment)?|patch|commit|merge|upgrade))\s*,?\s+`), "",
		"the change the claim follows", false},
	// A scenario's title before its steps.
	{lazyRE(`^(?i:scenario(?: outline)?)\s*:\s*[^.:'"]{1,80}[.:]\s+((?i:given|when|on|opening|open|visiting|visit|going|go|clicking|click|as)\b)`), "$1",
		"the scenario's title", false},
	// Remarks after the claim.
	{lazyRE(`\s*[(\[](?i:(?:checked|tested|verified|confirmed|seen|reproduced|repro'?d|observed)\b[^)\]]{0,60})[)\]]`), "",
		"a remark on who checked it", false},
	{lazyRE(`\s*[-–—,;]\s*(?i:confirmed|verified|as expected|lgtm|thanks|thx|ty|cheers|please check|pls check|can you check|see screenshot|see attached)[.!]*\s*$`), "",
		"a remark after the claim", false},
	// Words that add nothing a browser checks beyond the check itself.
	{lazyRE(`\s+(?i:by default)\b`), "",
		`"by default": the page as it opens, with nothing done first`, true},
	{lazyRE(`,?\s+(?i:as before|as it should|as it should be|as expected|like it should|like before)\s*([.!]*)$`), "$1",
		"a remark after the claim", false},
	// "no X anywhere on the page": in a negation, "anywhere" is the
	// whole page, as a check of absence is
	{lazyRE(`^(.*\b(?i:no|not|never|nothing|none|isn't|aren't|doesn't|don't|can't|cannot)\b.*?)\s+(?i:anywhere)(\s+(?i:on|in)\s+|\s*[.!]*$)`), "$1$2",
		`"anywhere" in a negation: the whole page`, false},
	{lazyRE(`\s+(?i:somewhere)\s*([.!]*)$`), "$1",
		`"somewhere": anywhere on the page`, false},
	{lazyRE(`^(?i:somewhere)\s+(?i:on|in)\s+`), "On ",
		`"somewhere": anywhere on the page`, false},
	{lazyRE(`\b(?i:now)\s+((?i:reads|says|shows|lists|displays|has))\b`), "$1",
		`"now": the page as it is`, false},
	{lazyRE(`\b(?i:already|currently)\s+`), "",
		`"already", "currently": the page as it is`, false},
	{lazyRE(`((?:^|\s)/[^\s()]*)\s*\((?i:the|our|its)\s+[a-z][a-z -]{0,30}\s(?i:page|screen|view)\)`), "$1",
		"the page's name in brackets after its path", false},
	{lazyRE(`\b(?i:you(?:'ll| will| should| would|'d)(?: be able to)?)\s+(?i:(see|get|find|notice))\b`), "you $1",
		`"you'll see" is "you see"`, false},
	{lazyRE(`\b(?i:gives you|gets you)\s+` + quotedRe), "shows $1",
		`"gives you 'X'" is "shows 'X'"`, false},
	// What a page or a dialog says to its reader, said of a quoted text.
	{lazyRE(`\b(?i:(?:also )?(?:asks|explains|prompts|states|offers|tells you|warns you))\s+` + quotedRe), "shows $1",
		`"asks 'X'", "explains 'X'", "offers 'X'" are "shows 'X'"`, false},
	// Steps and what is expected of them, as bug reports and test cases
	// write them: the steps are the actions, the expectation the check.
	{lazyRE(`^(?i:steps?(?: to reproduce)?|repro(?: steps)?|str)\s*:\s*(.+?)[.;]?\s+(?i:expected(?: result| behaviou?r)?|result|then)\s*:\s*(.+)$`), "When I $1, then $2",
		"the steps, then what is expected of them", false},
	{lazyRE(`^(?i:steps?(?: to reproduce)?|repro(?: steps)?|str)\s*:\s*(.+?)\s*(?:->|→|=>)\s*(.+)$`), "When I $1, then $2",
		"the steps, then what they lead to", false},
	{lazyRE(`^((?i:open|go to|visit|navigate to|browse to|head to|load)\s+/\S*.*?)\s*(?:->|=>)\s*(` + quotedRe + `.*)$`), "When I $1, then $2",
		"the steps, then what they lead to", false},
	// "Given I'm on /p, then …": the page, then the check; "Given I'm on
	// /p and I click …": the page opened, then the actions.
	{lazyRE(`^(?i:given\s+(?:i'?m|i am|we are|we're|the user is|a user is|a visitor is|the visitor is|you are|you're)\s+(?:on|at))\s+(/\S*?)\s+(?i:and)\s+(?i:(?:i|we|they|the user|you)\s+)?`), "When I open $1 and ",
		"the page given, then the actions", false},
	{lazyRE(`^(?i:given\s+(?:i'?m|i am|we are|we're|the user is|a user is|a visitor is|the visitor is|you are|you're)\s+(?:on|at))\s+(/\S*?),\s+(?i:then\s+)?`), "On $1, ",
		"the page given, then the check", false},
	// "When I GET /users?_limit=1, then the one user on that page is Ann
	// Lee": one item, and which
	{lazyRE(`^(?i:when)\s+(?i:i|you|we)\s+(?i:get|request|open|visit|call|fetch|load|hit)\s+(/\S+?)\s*,?\s+(?i:then\s+)?(?i:the|that)\s+(?i:one|only|single|sole)\s+([a-z]+)\s+(?:(?i:on that page|on it|on the page|returned|in the response|that comes back|listed|left)\s+)?(?i:is)\s+([^,;:]+?)\s*([.!]?)$`), "$1 returns one $2, $3$4",
		`"then the one user on that page is X": one item, and which`, false},
	// "Given the seeded users, when I request …": the data the deployment
	// starts with, so the plan may change none of it.
	{lazyRE(`^(?i:given|with|using)\s+(?i:the\s+|our\s+)?(?i:seeded|seed|default|demo|sample|stock|out-of-the-box|initial|starting)\s+(?:[a-z]+\s+){0,2}?(?i:data|dataset|database|db|[a-z]{2,}s)\s*,\s*`), "",
		"the data the deployment starts with: the claim is checked on it as it is", true},
	// Release notes: what was added, removed, renamed or fixed, said as
	// the state it leaves. A control's kind must be named, so the check is
	// of that control and not of a text that may show elsewhere.
	{lazyRE(`^(?i:added|adds|new|introduced)\s+(?i:an?\s+|the\s+)?` + quotedRe + `\s+(` + controlKinds + `)\s+(?i:to|on|in)\s+(/\S*?)[.!]?$`), "$3 has a $1 $2",
		"a release note: what was added is there now", false},
	{lazyRE(`^(?i:an?\s+|the\s+)?` + quotedRe + `\s+(` + controlKinds + `)\s+(?i:was|were|has been|have been|is now|got)\s+(?i:added|introduced)\s+(?i:to|on|in)\s+(/\S*?)[.!]?$`), "$3 has a $1 $2",
		"a release note: what was added is there now", false},
	{lazyRE(`^(?i:removed|removes|dropped|drops)\s+(?i:an?\s+|the\s+)?` + quotedRe + `\s+(` + controlKinds + `)\s+(?i:from|on|in)\s+(/\S*?)[.!]?$`), "$3 has no $1 $2",
		"a release note: what was removed is gone now", false},
	{lazyRE(`^(?i:an?\s+|the\s+)?` + quotedRe + `\s+(` + controlKinds + `)\s+(?i:was|were|has been|have been|is now|got)\s+(?i:removed|dropped)\s+(?i:from|on|in)\s+(/\S*?)[.!]?$`), "$3 has no $1 $2",
		"a release note: what was removed is gone now", false},
	{lazyRE(`^(?i:renamed|renames)\s+(?i:the\s+)?` + quotedRe + `\s+(` + controlKinds + `)\s+(?i:to)\s+` + quotedRe + `\s+(?i:on|in)\s+(/\S*?)[.!]?$`), "$4 has a $3 $2; $4 has no $1 $2",
		"a release note: the new name is there and the old one gone", false},
	{lazyRE(`^(?i:fixed|fixes)\s+(?i:a|the|an)\s+(?i:bug|issue|problem|glitch)\s+(?i:where|in which|that made|causing)\s+(/\S*?)\s+(?i:to\s+)?(?i:showed|show|displayed|display|said|say|listed|list|printed|print)\s+` + quotedRe + `[.!]?$`), "$1 does not show $2",
		"a release note: the bug fixed no longer shows", false},
	// A message named by its kind, then its words: the words are the
	// text looked for (the kind is noted, not checked).
	{lazyRE(`\b((?i:shows|displays|gives|pops up|raises|throws))\s+(?i:an?\s+|the\s+)?(?i:error|message|alert|notice|warning|toast|banner|notification|popup|prompt|tooltip|tool tip|hint)(?:\s+(?i:message|box|text))?\s*(?::|(?i:saying|that says|which says|reading|with the text))\s+` + quotedRe), "$1 $2",
		"a message named by its kind: its words are looked for, its kind is not checked", false},
	{lazyRE(`\b((?i:shows|displays|gives|pops up|raises|throws))\s+(?i:an?\s+|the\s+)?(?i:error|message|alert|notice|warning|toast|banner|notification|popup|prompt|tooltip|tool tip|hint)(?:\s+(?i:message|box|text))?(?:\s*:|\s+(?i:saying|that says|which says|reading|with the text))?\s+([A-Z][^'"]*?)\s*[.!]?$`), "$1 \"$2\"",
		"a message named by its kind: its words are looked for, its kind is not checked", false},
	// Checks said in other words.
	// Only after a condition ("when I click 'A', then 'B' is shown"):
	// "'A' is shown then 'B' is shown" is an order in time.
	{lazyRE(`^((?i:given|when|after|once|if)\b[^.]*?,\s*(?i:then)\s+)` + quotedRe + `\s+(?i:(?:is|are|gets|get)\s+(?:shown|displayed|listed|visible)|appears|shows up|pops up)\b`), "${1}the page shows $2",
		`"then 'X' is shown" is "then the page shows 'X'"`, false},
	{lazyRE(`^((?i:given|when|after|once|if)\b[^.]*?,\s*(?i:then)\s+)` + quotedRe + `\s*[.!]?$`), "${1}the page shows $2",
		`"then 'X'" is "then the page shows 'X'"`, false},
	{lazyRE(`^((?i:given|when|after|once|if)\b[^.]*?,\s*(?i:then)\s+)` + quotedRe + `\s+(?i:is not shown|isn't shown|is not displayed|isn't displayed|does not appear|doesn't appear|never appears|never shows up|does not show up|doesn't show up|is gone|disappears)\b`), "${1}the page does not show $2",
		`"then 'X' is not shown" is "then the page does not show 'X'"`, false},
	// "…, click 'Create account'. Expect 'Check your inbox'.": a test
	// case's expectation after its steps is what the page shows then
	{lazyRE(`([.,;])\s+(?i:and\s+|then\s+)?(?i:expect|i expect|you should see|i should see|expect to see|expected result:|expected:|result:)\s+` + quotedRe + `\s*[.!]?$`), "$1 then the page shows $2",
		`an expectation after the steps ("Expect 'X'") is what the page then shows`, false},
	{lazyRE(`^(?i:there(?:'s| is| are))\s+(?i:no)\s+` + quotedRe + `\s+(?i:on|at)\s+`), "The page does not show $1 on ",
		`"there is no 'X'" is "does not show 'X'"`, false},
	{lazyRE(`^(?i:there(?:'s| is| are))\s+` + quotedRe + `\s+(?i:on|at)\s+`), "The page shows $1 on ",
		`"there is 'X'" is "shows 'X'"`, false},
	{lazyRE(`,?\s+(?i:there(?:'s| is| are))\s+(?i:no)\s+` + quotedRe), ", the page does not show $1",
		`"there is no 'X'" is "does not show 'X'"`, false},
	{lazyRE(`,?\s+(?i:there(?:'s| is| are))\s+` + quotedRe), ", the page shows $1",
		`"there is 'X'" is "shows 'X'"`, false},
	{lazyRE(`^` + quotedRe + `\s+(?i:can be (?:found|seen)|is to be found)\s+(?i:on|at)\s+`), "$1 is shown on ",
		`"'X' can be found on" is "'X' is shown on"`, false},
	{lazyRE(`^` + quotedRe + `\s+(?i:is nowhere|appears nowhere|is not anywhere)\s+(?i:on|at)\s+`), "$1 is not shown on ",
		`"'X' is nowhere on" is "'X' is not shown on"`, false},
	{lazyRE(`\b(?i:(?:is|are) missing)\s+` + quotedRe), "does not show $1",
		`"is missing 'X'" is "does not show 'X'"`, false},
	{lazyRE(`\b(?i:lacks)\s+` + quotedRe), "does not show $1",
		`"lacks 'X'" is "does not show 'X'"`, false},
	{lazyRE(`\b(?i:has)\s+` + quotedRe + `\s+(?i:in it|on it|somewhere on it)\b`), "shows $1",
		`"has 'X' in it" is "shows 'X'"`, false},
	{lazyRE(`\b((?i:returns|return|finds|find|gives back|give back|lists|list|matches|match|shows|show))\s+` + quotedRe + `\s+(?i:and nothing else|and no other (?:item|task|result|user|entr(?:y|ie)|record|row|match)e?s?)\b`), "$1 only $2",
		`"'X' and nothing else" is "only 'X'"`, false},
	// "a Destination folder: field": the label's colon, as the page
	// writes it, before the kind of control
	{lazyRE(`\b((?i:a|an|the)\s+[A-Z][\w'-]*(?:\s+[\w'-]+){0,4}):\s+((?i:field|box|input|text field|dropdown|checkbox|select|menu))\b`), "$1 $2",
		`"a Name: field" is "a Name field"`, false},
	// A JSON pair written with JSON's double quotes where the API reader
	// cannot read it ("… lands on a page that shows "theme": "light""):
	// the text the pair prints as, never its two halves apart
	{lazyRE(`(^|[^'])"(\x01\d+\x01)":\s*("\x01\d+\x01"|-?\d+(?:\.\d+)?\b|true\b|false\b|null\b)`), jsonPairText,
		`a JSON pair in double quotes is the text it prints as ("f": "v"; printed compact, "f":"v", it matches too)`, false},
	// "the raw spec at /openapi.json says …": words that name what a
	// path serves, then the path, which is what is visited
	{lazyRE(`^(?i:the\s+)((?i:(?:raw|openapi|api|json|yaml|swagger|full|whole|static|public|main|start|landing|home|sample|generated)\s+){0,2}(?i:spec|specification|spec file|file|document|definition|schema|json|feed|manifest|listing|page|docs|documentation|index))\s+(?i:at|on|under|served at)\s+(/\S+)\s+((?i:says|shows|lists|has|contains|returns|includes|reads)\b)`), "$2 $3",
		"the words before the path name what it serves; the path is what is visited", false},
	// other words for what a request returns
	{lazyRE(`\b(?i:hands back|hand back|sends back|send back|spits out|spit out|serves up|serve up|hands you back)\b`), "returns",
		`"hands back", "sends back", "spits out" are "returns"`, false},
	// "leaves 'Ann Lee' out" is "leaves out 'Ann Lee'"
	{lazyRE(`\b((?i:leaves|leave|leaving))\s+('\x01\d+\x01'|"\x01\d+\x01"|[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3})\s+(?i:out)\b`), "$1 out $2",
		`"leaves X out" is "leaves out X"`, false},
	// "has a Proxy section": a part of the page named in capitals, as a
	// control is ("the Save button"), is the quoted name
	{lazyRE(`\b((?i:has|have|shows|show|lists|list|contains|contain|includes|include|gets|get|gains|gain|adds|add))\s+((?i:a|an|the|its))\s+([A-Z][\w-]*(?: [A-Z][\w-]*){0,2})\s+((?i:section|heading|column|category|group))\b`), "$1 $2 '$3' $4",
		`a part of the page named in capitals ("a Proxy section") is its name quoted`, false},
	// "shows a red 'Cancel' button": the button shown, and its colour
	{lazyRE(`\b((?i:shows|show|brings up|bring up|displays|reveals|has|gets|pops up|adds))\s+(?i:an?|the)\s+((?i:red|orange|yellow|green|blue|purple|pink|grey|gray|black|white))\s+('\x01\d+\x01'|"\x01\d+\x01"|[A-Z][\w-]*(?: [A-Z][\w-]*){0,3})\s+((?i:button|badge|tag|pill|chip|link|heading|label))\b`), colouredShown,
		`"a red 'X' button" is the button shown, and its colour`, false},
	// "Shift+Tab jumps straight to the README link": the key moves the
	// focus
	{lazyRE(`^(?:(?i:pressing|hitting|one press of|a press of)\s+)?((?i:shift\+tab|shift-tab|tab))(?:\s+(?i:key))?\s+((?i:on|from)\s+(?i:the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?i:page)|(?i:on)\s+/\S*)\s+(?i:jumps|goes|skips|moves|lands|takes you)(?:\s+(?i:straight|right|directly))?\s+(?i:to|on|onto)\s+`), "$2, pressing $1 moves the focus to ",
		`"Tab jumps to X" is "Tab moves the focus to X"`, false},
	// "the sixth Tab from a fresh load lands on X": Tab pressed six times
	{lazyRE(`^((?:[^,:;'"]{1,60}[,:]\s+)?)(?:(?i:the)\s+)?((?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|4th|5th|6th|7th|8th|9th|10th))\s+(?:(?i:press of|hit of)\s+)?(?:(?i:the)\s+)?((?i:shift\+tab|tab))(?:\s+(?i:press|keypress|key press|key|stop))?(?:\s+(?i:from a fresh load|from a fresh page load|after the page loads|from the top of the page|from page load|after load))?\s+(?:(?i:jumps|goes|skips|moves|lands|takes you|gets you)(?:\s+(?i:straight|right|directly))?\s+(?i:to|on|onto|in|into)|(?i:puts|leaves) (?i:you|the focus|the cursor) (?i:in|on|into)|(?i:focuses|reaches))\s+`), nthKey,
		`"the sixth Tab lands on X" is Tab pressed six times, then the focus on X`, false},
	{lazyRE(`^((?:(?i:pressing|hitting|one press of|a press of)\s+)?(?i:shift\+tab|shift-tab|tab)(?:\s+(?i:key))?(?:\s+(?i:once|twice|three times|\d+ times))?)\s+(?:(?i:jumps|goes|skips|moves|lands|takes you)(?:\s+(?i:straight|right|directly))?\s+(?i:to|on|onto|into)|(?i:puts|leaves) (?i:you|the focus|the cursor) (?i:in|on|into)|(?i:lands in))\s+`), "$1 moves the focus to ",
		`"Tab jumps to X" is "Tab moves the focus to X"`, false},
	// Every journey starts on a freshly loaded page: saying so adds nothing.
	{lazyRE(`\b(?i:on|from|at) (?i:a|the) (?i:freshly loaded|freshly reloaded|fresh|newly loaded|just loaded|freshly opened) ([a-z][\w-]*(?: [a-z][\w-]*)?) (?i:page)\b`), "on the $1 page",
		"the journey starts on a freshly loaded page", false},
	{lazyRE(`\s+(?i:on a freshly loaded page|on a fresh page load|from a fresh page load|from a freshly loaded page|on a fresh load|from a fresh load|on a clean load|from a clean load|after a fresh load|after a fresh page load|right after the page loads|straight after the page loads)\b`), "",
		"the journey starts on a freshly loaded page", false},
	{lazyRE(`^(?i:on a freshly loaded page|on a fresh page load|from a fresh page load|from a freshly loaded page|after a fresh page load|right after the page loads|from a fresh load|on a fresh load|after a fresh load|on first load|on a clean load|from a clean load),?\s+`), "",
		"the journey starts on a freshly loaded page", false},
	// "three presses of Tab" is pressing Tab three times
	{lazyRE(`^((?i:one|two|three|four|five|six|seven|eight|nine|ten|\d+))\s+(?i:presses|taps|hits)\s+(?i:of|on)\s+(?:(?i:the)\s+)?([A-Z][a-z]+|[a-z])(?:\s+(?i:key))?\s+((?i:puts|put|move|moves|give|gives|land|lands|focus|focuses|open|opens|bring|brings|select|selects|show|shows))\b`), "Pressing $2 $1 times $3",
		`"three presses of Tab" is pressing Tab three times`, false},
	// "Tab, Tab, Tab, then …": the key pressed as many times as it is named
	{lazyRE(`^(?:(?i:pressing|press|hitting|hit)\s+)?((?i:tab|shift\+tab|enter|space|escape|esc|arrowdown|arrowup|down|up))((?:\s*,\s*(?i:tab|shift\+tab|enter|space|escape|esc|arrowdown|arrowup|down|up)){1,9})(?:,?\s+(?i:and)\s+((?i:tab|shift\+tab|enter|space|escape|esc|arrowdown|arrowup|down|up)))?(?:\s*,\s*(?i:then|and)?|\s+(?i:then|and))\s+`), keyRun,
		`a key named again and again is that key pressed as many times`, false},
	// "shows 404 Not Found", "answers 405 Method Not Allowed": a status
	// with its own name is the status the page answers with
	{lazyRE(`\b(?:(?i:just|simply|only)\s+)?((?i:shows|show|gives you|give you|gives|give|answers with|answers|answer|responds with|respond with|comes back with|come back with|returns|return|serves|serve))\s+(?:(?i:a|an|the)\s+)?([1-5]\d\d)\s+([A-Z][A-Za-z'-]*(?:\s+[A-Za-z'-]+){0,4}?)(?:\s+(?i:page|error|response|status|error page))?([.!,;]|\s*$)`), statusNamed,
		`a status with its name ("404 Not Found") is the status the page answers with`, false},
	// "just gives you a 404 page": "just" says no more than the status
	{lazyRE(`\b(?i:just|simply)\s+((?i:gives you|gives|give you|give|shows|show|returns|return|answers with|answers|responds with|serves|throws))\s+((?:(?i:a|an)\s+)?[1-5]\d\d\b)`), "$1 $2",
		`"just gives a 404" is "gives a 404"`, false},
	// "the web UI's favicon, /favicon.png, is served": what a file is,
	// said before its path, names it; the path is what is visited
	{lazyRE(`^(?i:the\s+|our\s+|its\s+)?(?:[\w'’.-]+\s+){0,4}?(?i:favicon|logo|stylesheet|style sheet|script|icon|image|bundle|manifest|font|source map|sitemap)\s*,\s*(/\S+?)\s*,\s+`), "$1 ",
		"the words before the path name the file it serves; the path is what is visited", false},
	{lazyRE(`^(?i:the\s+|our\s+|its\s+)?(?:[\w'’.-]+\s+){0,4}?(?i:favicon|logo|stylesheet|style sheet|script|icon|image|bundle|manifest|font|source map|sitemap)` + fileUsedBy + `\s+(?i:is served|is|lives|is available|is hosted|can be found)\s+(?i:at|from|under)\s+(/\S+?)\s*([.!]?)$`), "$1 is served$2",
		"the words before the path name the file it serves; the path is what is visited", false},
	// "the logo lives at /x.png and loads with a 200": the path, then what
	// it answers
	{lazyRE(`^(?i:the\s+|our\s+|its\s+)?(?:[\w'’.-]+\s+){0,4}?(?i:favicon|logo|stylesheet|style sheet|script|icon|image|bundle|manifest|font|source map|sitemap)` + fileUsedBy + `\s+(?i:is served|is|lives|is available|is hosted|can be found)\s+(?i:at|from|under)\s+(/\S+?)\s+(?i:and)\s+((?i:loads|returns|answers|responds|gives)\s)`), "$1 $2",
		"the words before the path name the file it serves; the path is what is visited", false},
	// "The Bookshop API heading at the top is 36px": where the subject
	// sits describes it, and its name finds it; said anywhere else
	// ("there's a Checkout button at the top of the cart") where it sits
	// is what is claimed, and stays
	{lazyRE(`^((?i:the)\s+[^,;:]{1,40}?\s(?i:heading|headline|title|name|logo|label|link|button|badge))\s+(?i:at|in|on)\s+(?i:the)\s+(?:(?i:very)\s+)?(?i:top|bottom)(?:\s+(?i:left|right))?(?:\s+(?i:corner))?(?:\s+(?i:of)\s+(?i:the)\s+(?:(?i:start|home|landing|front|main)\s+)?(?i:page|screen))?\s+((?i:is|uses|has)\s)`), "$1 $2",
		"where the named subject sits describes it; the name finds it", false},
	// "light grey (#999)": the exact colour in brackets is what is
	// checked; "#222 rather than pure black": the exact colour decides it
	{lazyRE(`\b(?i:a|an)\s+(?:(?i:light|dark|pale|bright|brighter|darker|lighter|deep|soft|medium|mid|pure|plain|solid|true|very)[ -]){0,2}(?i:red|orange|yellow|green|blue|purple|pink|grey|gray|black|white|lavender|teal|cyan|navy|brown|blue-grey|blue-gray)\s*(?:\(\s*(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\s*\)|,?\s*(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})))\s+((?i:border|background|outline|fill|underline)\b)`), "a ${1}${2} ${3}",
		"the exact colour beside its name is what is checked", false},
	{lazyRE(`\b(?:(?i:a|an)\s+)?(?:(?i:light|dark|pale|bright|brighter|darker|lighter|deep|soft|medium|mid|pure|plain|solid|true|very)[ -]){0,2}(?i:red|orange|yellow|green|blue|purple|pink|grey|gray|black|white|lavender|teal|cyan|navy|brown|blue-grey|blue-gray)\s*(?:\(\s*(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\s*\)|,\s*(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\b|\s+(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\b)`), "${1}${2}${3}",
		"the exact colour beside its name is what is checked", false},
	{lazyRE(`(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\s*,?\s+(?i:rather than|instead of|and not|not)\s+(?:(?i:pure|plain|solid|true)\s+)?(?i:red|orange|yellow|green|blue|purple|pink|grey|gray|black|white)\b`), "$1",
		"an exact colour decides what it is not", false},
	// "uses a monospace font": the letters are drawn in one
	{lazyRE(`\b(?i:uses|use|is using|are using)\s+(?i:a\s+)?((?i:monospace|monospaced|serif|sans-serif))\s+(?i:font|typeface)\b`), "is in a $1 font",
		`"uses a monospace font" is "is in a monospace font"`, false},
	// "is set at 1.4rem, i.e. 22.4px": the size in px is what is computed
	{lazyRE(`\b(?i:is set at|is set to|is set in|is)\s+\d+(?:\.\d+)?r?em\s*,?\s+(?i:i\.e\.|ie|so|that is|which is|=|or)\s*,?\s*(\d+(?:\.\d+)?px)\b`), "is $1",
		"a size in rem or em, then in px: the px the browser computes", false},
	// "Both users come back for /users?q=a": what a request returns, said
	// before it
	{lazyRE(`^((?i:both|all|all the|all of the|only|just|exactly|no)\s+[^,;:/'"\x01]{1,40}?)\s+(?i:come back|comes back|are returned|is returned|get returned|gets returned)\s+(?i:for|from|on)\s+(?:(?i:get)\s+)?(/\S+?)\s*([.!]?)$`), comeBack,
		`"X come back for /p" is "/p returns X"`, false},
	// "/favicon.png is served": the path answers 200
	{lazyRE(`(^|\s)(/\S+?)\s+(?i:is served|is being served|gets served|is still served|is shipped|ships)(?:\s+(?i:fine|ok|okay|correctly|normally|just fine))?\s*([.!]?)$`), "$1$2 returns 200$3",
		`"is served" is answering 200`, false},
	// "loads fine (200)": the status in brackets is what "loads" says
	{lazyRE(`\s+(?i:loads|load|opens|open|comes up|come up|works|work|responds|respond|is served|gets served)(?:\s+(?i:fine|ok|okay|correctly|successfully|normally|properly))?\s*\(\s*(?i:http\s+|status\s+)?([1-5]\d\d)(?:\s+(?i:ok))?\s*\)`), " returns $1",
		`"loads fine (200)" is the status in brackets`, false},
	// "a mistyped address like /x gives …": the example path is what is
	// visited, the words before it say what kind of path it is
	{lazyRE(`^(?:(?i:opening|visiting|going to|hitting)\s+)?(?i:a|an|any|some)\s+(?:[\w-]+\s+){0,3}(?i:address|url|path|page|route|link|id)\s+(?i:like|such as|e\.g\.|for example|say)\s*,?\s+(/\S+?),?\s+`), "$1 ",
		"the claim is tested on the example path it gives", false},
	// "opening /x in a browser tab": every journey is in a browser tab
	// (not right after a quoted text: "shows 'Inbox' in the browser tab"
	// says the page's title)
	{lazyRE(`([^'"’”\s])\s+(?i:in a browser tab|in a browser window|in the browser|in a browser|in your browser|in the browser tab)\b`), "$1",
		`every journey runs in a browser tab`, false},
	// A menu's item said as a path through it: "Settings menu > About
	// opens …" is choosing About from the Settings menu (the menu reader
	// guesses what opens the menu, as for "from the Settings menu")
	{lazyRE(`^(?i:the\s+)?([A-Z][\w-]*(?: [A-Z]?[\w-]+){0,2}) (?i:menu)\s*(?:>|→|->|»)\s*([A-Z][\w-]*(?: [\w-]+){0,3}?)\s+((?i:opens|shows|brings up|pops up|displays)\b)`), "Choosing '$2' from the $1 menu $3",
		`a menu's item said as a path through the menu ("Settings menu > About") is choosing it from that menu`, false},
	// "I expect /x to return 'A'": the path does what is expected of it
	{lazyRE(`^(?i:i|we)\s+(?i:expect|want|would expect)\s+(/\S*)\s+(?i:to)\s+((?i:return|show|list|give|answer|respond|contain|have|include|display|redirect|find))\b`), "$1 ${2}s",
		`"I expect /x to return …" is "/x returns …"`, false},
	{lazyRE(`^(?i:i|we)\s+(?i:expect|want|would expect)\s+(/\S*)\s+(?i:to)\s+(?i:match)\b`), "$1 matches",
		`"I expect /x to return …" is "/x returns …"`, false},
	{lazyRE(`^(?i:i|we)\s+(?i:expect|want|would expect)\s+(/\S*)\s+(?i:to)\s+(?i:be)\b`), "$1 is",
		`"I expect /x to be …" is "/x is …"`, false},
	// "makes the 'Execute' button appear" is "shows the 'Execute' button"
	{lazyRE(`\b(?i:makes|make)\s+((?i:the\s+|a\s+|an\s+)?` + quotedRe + `(?:\s+(?i:button|link|field|tab|heading|dialog|message|menu|checkbox|banner|box))?)\s+(?i:appear|show up|pop up|become visible)\b`), "shows $1",
		`"makes 'X' appear" is "shows 'X'"`, false},
	// "Esc closes it", "and Enter submits it": a key said as what acts,
	// after the claim's first action; "gets rid of it" is "closes it"
	{lazyRE(`\b(?i:gets rid of|get rid of|getting rid of)\s+((?i:it|the\s+\w+(?:\s+(?:dialog|modal|popup|box|window|menu))?))\b`), "closes $1",
		`"gets rid of it" is "closes it"`, false},
	{lazyRE(`((?:,|\b(?i:and|then))\s+)((?i:esc|escape|enter|return|tab|space|backspace))\s+((?i:closes|dismisses|hides|clears|submits|opens|cancels)\b)`), "${1}pressing $2 $3",
		`a key said as what acts is that key pressed`, false},
	// "pressing , (comma)": the character, named again in brackets
	{lazyRE(`\b((?i:pressing|press|hitting|hit|tapping|tap|typing|type))\s+([,./?;:+=*#!|~_-])\s+\((?i:the\s+)?((?i:comma|period|full stop|dot|slash|forward slash|question mark|semicolon|colon|plus|minus|hyphen|dash|equals|equal|asterisk|star|hash|exclamation mark|pipe|tilde|underscore)(?i:\s+key|\s+sign)?)\)`), keyAside,
		`a key named again in brackets is the key`, false},
	// "the settings menu": the menu of that name, opened as a menu named
	// in capitals is (reach.go, menu.go), for the few names menus go by
	{lazyRE(`\b(?i:the)\s+(settings|options|preferences|account|profile|file|edit|view|help|tools|actions)\s+(menu)\b`), capMenu,
		`"the settings menu" is the menu named "Settings"`, false},
	// the same of a value in capitals, its end set by the words after it
	{lazyRE(`(\b(?i:returns|return|finds|find|gives back|give back|matches|match)|->)\s+([A-Z][\w'-]*(?:\s+[\w'-]+){0,5}?),?\s+(?i:and nothing else|and nobody else|and no one else|and no other (?:item|task|result|user|entr(?:y|ie)|record|row|match)e?s?)\b`), "$1 only $2",
		`"X and nobody else" is "only X"`, false},
}

// restate applies every restatement until none changes the claim, and
// returns the sentence and why each change was made; ok when the claim
// changed.
func restate(claim string) (said string, whys []string, still, ok bool) {
	said, quoted := maskQuoted(strings.TrimSpace(normalizeClaim(stripLabel(claim))))
	still = false
	if actualResult.MatchString(said) {
		// "Expected: A. Actual: B.": which one is the claim is the
		// reader's to say, not vouch's.
		return "", nil, false, false
	}
	if n, ok := numberedSteps(said); ok {
		said = n
		whys = append(whys, "numbered steps, the last what is expected")
	}
	for range 6 {
		changed := false
		for _, r := range restatements {
			n := ""
			if r.repl == keyAside {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					name := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(g[3]), " key"), " sign")
					if charKeyNames[name] != g[2] && charKeyNames[name+" sign"] != g[2] {
						return m
					}
					return g[1] + " '" + g[2] + "'"
				}))
			} else if r.repl == statusNamed {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					code, _ := strconv.Atoi(g[2])
					if !strings.EqualFold(http.StatusText(code), g[3]) {
						return m
					}
					return "returns " + g[2] + g[4]
				}))
			} else if r.repl == namedInBrackets {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					for _, w := range strings.Fields(strings.ToLower(g[1])) {
						if pickWords[w] || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
							return m
						}
					}
					return g[2] + " " + g[3]
				}))
			} else if r.repl == comeBack {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					return g[2] + " returns " + strings.ToLower(g[1][:1]) + g[1][1:] + g[3]
				}))
			} else if r.repl == slashAside {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					without := strings.HasPrefix(strings.ToLower(g[2]), "no") || strings.HasPrefix(strings.ToLower(g[2]), "without")
					if strings.HasSuffix(g[1], "/") == without {
						return m // the aside says the opposite of the path
					}
					return g[1]
				}))
			} else if r.repl == nthKey {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					k, pre := "Tab", "Pressing"
					if strings.Contains(strings.ToLower(g[3]), "shift") {
						k = "Shift+Tab"
					}
					if g[1] != "" {
						pre = g[1] + "pressing"
					}
					if c := ordinalNumbers[strings.ToLower(g[2])]; c > 1 {
						return fmt.Sprintf("%s %s %d times moves the focus to ", pre, k, c)
					}
					return fmt.Sprintf("%s %s once moves the focus to ", pre, k)
				}))
			} else if r.repl == keyRun {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					keys := strings.Split(g[2], ",")[1:]
					if g[3] != "" {
						keys = append(keys, g[3])
					}
					for _, k := range keys {
						if !strings.EqualFold(strings.TrimSpace(k), g[1]) {
							return m // a sequence of different keys is no count
						}
					}
					return fmt.Sprintf("Pressing %s %d times, then ", upperFirst(strings.ToLower(g[1])), len(keys)+1)
				}))
			} else if r.repl == colouredShown {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					name := unmaskQuoted(g[3], quoted)
					if strings.HasPrefix(name, "'") || strings.HasPrefix(name, `"`) {
						name = plan.Quote(name[1 : len(name)-1])
					}
					article := "a"
					if strings.ContainsRune("AEIOUaeiou", rune(strings.Trim(name, `'"`)[0])) {
						article = "an"
					}
					return fmt.Sprintf("%s %s %s %s and the %s %s is %s", g[1], article, g[3], g[4], name, g[4], strings.ToLower(g[2]))
				}))
			} else if r.repl == jsonPairText {
				// only a field named as JSON names fields ("theme", not
				// "Name": a page's label and its text)
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					g := r.re.FindStringSubmatch(m)
					if !fieldWordRE.MatchString(unmaskQuoted(g[2], quoted)) {
						return m
					}
					return g[1] + `'"` + g[2] + `": ` + g[3] + `'`
				}))
			} else if r.repl == capMenu {
				n = strings.TrimSpace(r.re.ReplaceAllStringFunc(said, func(m string) string {
					f := strings.Fields(m)
					return f[0] + " " + upperFirst(strings.ToLower(f[1])) + " " + f[2]
				}))
			} else {
				n = strings.TrimSpace(r.re.ReplaceAllString(said, r.repl))
			}
			if n != said && n != "" {
				said, changed = n, true
				still = still || r.still
				if !slices.Contains(whys, r.why) {
					whys = append(whys, r.why)
				}
			}
		}
		if !changed {
			break
		}
	}
	if len(whys) == 0 {
		return "", nil, false, false
	}
	said = unmaskQuoted(said, quoted)
	// A sentence starts with a capital, as the readers' own examples do.
	if said != "" && said[0] >= 'a' && said[0] <= 'z' && !strings.HasPrefix(said, "/") {
		said = strings.ToUpper(said[:1]) + said[1:]
	}
	return said, whys, still, true
}

// deriveRestated derives a claim every reader refused, said again
// without its frame or with the usual words; the note gives the sentence
// derived.
func deriveRestated(claim string) (Derivation, bool) {
	said, whys, still, ok := restate(claim)
	if !ok {
		return Derivation{}, false
	}
	// A restatement keeps a text or a path to check: "The app works as
	// expected" is no claim about a page once the remark is gone.
	if lits, paths, _ := facts(said); len(lits)+len(paths) == 0 && !namesControl(said) {
		return Derivation{}, false
	}
	d, err := deriveOnce(said)
	if err != nil && slices.Contains(whys, signedOutWhy) && !tooDeep() {
		// the sentence left may name a control without quotes, then
		// its state ("The Deploy button is disabled"; labels.go)
		if d2, ok := deriveLabelled(said); ok {
			d, err = d2, nil
		}
	}
	if err != nil || still && changesPage(d.Plan) {
		return Derivation{}, false
	}
	if slices.Contains(whys, signedOutWhy) && signsIn(d.Plan) {
		// "signed out" and a sign-in: which state the claim is about is
		// not for vouch to pick
		return Derivation{}, false
	}
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	d.Notes = append([]string{fmt.Sprintf("Read as “%s” (%s).", said, strings.Join(whys, "; "))}, d.Notes...)
	return d, true
}

// signsIn reports whether a plan signs in: it types a secret or into a
// password field.
func signsIn(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		if slices.ContainsFunc(j.Steps, signInStep) {
			return true
		}
	}
	return false
}

// reNamedControl is a control named by a capitalised name and its kind:
// "no Authorize button".
var reNamedControl = lazyRE(`\b[A-Z][\w-]*(?: [A-Z][\w-]*){0,3} (?i:button|link|tab|checkbox|field|heading|menu|dialog)\b`)

// namesControl reports whether a restated claim still names something to
// check without quotes: a control by its capitalised name.
func namesControl(s string) bool {
	return reNamedControl.MatchString(s) || reNamedTitle.MatchString(s)
}

// reNamedTitle is a title said without quotes: "the browser tab is titled
// Acme Web Interface".
var reNamedTitle = lazyRE(`(?i:browser tab|tab title|page title|window title|is titled)\b.* [A-Z]`)

// quotedSpan is a quoted text: in double quotes, or in single quotes
// that open after a space or a bracket and close before one (not the
// apostrophe of "there's").
var quotedSpan = lazyRE(`"[^"]+"|(?:^|[\s(\[:,])'[^']+'(?:$|[\s.,;:!?)\]])`)

// maskQuoted replaces what each quoted text says by a numbered mark, so
// no rewrite changes a text the claim quotes; unmaskQuoted puts them back.
func maskQuoted(s string) (string, []string) {
	var texts []string
	out := quotedSpan.ReplaceAllStringFunc(s, func(m string) string {
		q := strings.IndexAny(m, `"'`)
		end := strings.LastIndexByte(m, m[q])
		texts = append(texts, m[q+1:end])
		return m[:q+1] + fmt.Sprintf("\x01%d\x01", len(texts)-1) + m[end:]
	})
	return out, texts
}

func unmaskQuoted(s string, texts []string) string {
	for i, t := range texts {
		// every copy: a rewrite may say a text twice ("shows 'A' and
		// has no 'A' link")
		s = strings.ReplaceAll(s, fmt.Sprintf("\x01%d\x01", i), t)
	}
	return s
}

// changesPage reports whether a plan does anything that may change the
// page's state: more than visiting, hovering, waiting and opening a place
// by a reach click.
func changesPage(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			switch {
			case st.Kind == plan.Visit, st.Kind == plan.Hover, st.Kind == plan.WaitFor, st.Kind == plan.Screenshot:
			case st.Kind == plan.Click && st.Reach:
			case strings.HasPrefix(string(st.Kind), "expect_"):
			default:
				return true
			}
		}
	}
	return false
}

var (
	actualResult = lazyRE(`(?i)\bactual(?:ly)?(?: result| behaviou?r)?\s*:`)
	stepNumber   = lazyRE(`(?:^|\s)(\d{1,2})[.)]\s+`)
	stepCheck    = lazyRE(`^(?i:(?:i\s+)?(?:see|should see|check(?: that)?|verify(?: that)?|expect(?: that)?|confirm(?: that)?|observe(?: that)?|result:|expected:))\s*`)
)

// numberedSteps reads "1. Open /p 2. Click 'A' 3. See 'B'" as "When I
// open /p, click 'A', then I see 'B'": numbered from 1 in order, at least
// two, the last one what is seen.
func numberedSteps(s string) (string, bool) {
	locs := stepNumber.FindAllStringSubmatchIndex(s, -1)
	if len(locs) < 2 || locs[0][0] != 0 {
		return "", false
	}
	var items []string
	for i, l := range locs {
		if s[l[2]:l[3]] != fmt.Sprint(i+1) {
			return "", false
		}
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		it := strings.TrimRight(strings.TrimSpace(s[l[1]:end]), ".;,")
		if it == "" {
			return "", false
		}
		items = append(items, lowerFirst(it))
	}
	last := items[len(items)-1]
	if !stepCheck.MatchString(last) {
		return "", false
	}
	rest := stepCheck.ReplaceAllString(last, "")
	then := ", then I see "
	if strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "the ") {
		// "verify that 'B' is shown": a clause of its own
		then = ", then "
	}
	return "When I " + strings.Join(items[:len(items)-1], ", ") + then + rest, true
}

// fileUsedBy is a short clause that says what uses a file named before
// its path ("the logo the dialogs use"): a description, as the words
// before the file's noun are.
const fileUsedBy = `(?:\s+(?i:that\s+|which\s+)?(?i:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?\s+(?i:use|uses|used|show|shows|load|loads|need|needs))?`
