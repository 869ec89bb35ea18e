package claim

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Guards for readings found wrong by probing the readers with phrasings
// people use. Derive runs them on every reader's plan, whichever reader
// made it (a rephrasing would pick one reading, so none is offered).

// probeGuards returns the reason of the first guard that refuses d's
// plan, or "".
func probeGuards(d Derivation) string {
	if d.Plan == nil {
		return ""
	}
	ws := guardWords(lexClaim(pageFirst(stripLabel(d.Claim))))
	var steps []plan.Step
	for _, j := range d.Plan.Journeys {
		steps = append(steps, j.Steps...)
	}
	for _, g := range []func([]gword, []plan.Step, Derivation) string{
		guardAttrValue, guardCurrentItem, guardAgainUncounted, guardAdjacent, guardSecondSubjectActs, guardBrowserCondition, guardShownAs,
		guardStateLabel, guardUnnamedSecondFill,
		guardAPIElements, guardSplitItem, guardContentType, guardSignInNegative, guardCollapseIt, guardClearedCount, guardPressInPart,
		guardURLPart, guardJSONPairValue, guardStatusAsText, guardAdjacentLits,
		guardNotStatus, guardNotBoth, guardKeepsYouOn, guardNeitherMixed, guardQuotedCount, guardNotKind, guardRadio, guardLabelUpdated, guardWorks,
	} {
		if why := g(ws, steps, d); why != "" {
			return why
		}
	}
	return ""
}

// reNotBoth: "doesn't show both 'A' and 'B'" holds when one is shown; the
// plan checked neither was.
var reNotBoth = lazyRE(`(?i)(?:\bnot|n't|\bnever)\s+(?:[a-z]+\s+)?both\b`)

const notBothWhy = " holds when one of them is shown, and the plan checks that neither is: say which is not shown (\"does not show 'B'\")"

func guardNotBoth(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reNotBoth)
	if m == "" {
		return ""
	}
	for _, s := range steps {
		if s.Kind == plan.ExpectNoText || s.Kind == plan.ExpectHidden {
			return fmt.Sprintf("%q"+notBothWhy, m)
		}
	}
	return ""
}

// reKeepsYouOn: "clicking 'Save' keeps you on /edit" says the page was
// /edit before the click; the plan started elsewhere and checked only
// that the click led there.
var reKeepsYouOn = lazyRE(`(?i)\b(?:keeps?|keeping|leaves?|leaving)\s+(?:you|me|the user|users|them|us)\s+(?:on|at|in)\b`)

const keepsYouOnWhy = " says the page was that one before the action too, and the plan starts elsewhere: say the page first (\"on /edit, clicking 'Save' keeps the address /edit\")"

func guardKeepsYouOn(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reKeepsYouOn)
	if m == "" {
		return ""
	}
	start := ""
	for _, s := range steps {
		switch {
		case s.Kind == plan.Visit && start == "":
			start = s.Value
		case s.Kind == plan.ExpectURL && !strings.EqualFold(strings.TrimSuffix(s.Value, "/"), strings.TrimSuffix(start, "/")):
			return fmt.Sprintf("%q"+keepsYouOnWhy, m)
		}
	}
	return ""
}

// guardNeitherMixed: "has neither a 'Save' nor a 'Delete' button" looked
// for "Save" as a text anywhere and "Delete" as a button: each name is
// of the kind said after the last.
func guardNeitherMixed(ws []gword, steps []plan.Step, _ Derivation) string {
	neither := false
	for _, w := range ws {
		if w.kind == tWord && w.low == "neither" {
			neither = true
		}
	}
	if !neither {
		return ""
	}
	text, element := false, false
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectNoText:
			text = true
		case plan.ExpectHidden:
			element = true
		}
	}
	if text && element {
		return "\"neither … nor\" names two things of one kind, and the plan looks for one as a text and the other as an element: say each (\"has no 'Save' button and no 'Delete' button\")"
	}
	return ""
}

// quotedCountNouns are plural nouns a quoted number before them counts: "shows
// '3' items" is three items, not an item named "3" or the text "3".
var quotedCountNouns = map[string]bool{"items": true, "rows": true, "results": true, "products": true, "entries": true,
	"records": true, "cards": true, "tasks": true, "todos": true, "users": true, "files": true, "messages": true,
	"comments": true, "posts": true, "orders": true, "links": true, "buttons": true, "tabs": true, "options": true,
	"pages": true, "lines": true, "columns": true, "elements": true, "things": true, "errors": true, "notifications": true,
	"images": true, "photos": true, "videos": true, "articles": true, "books": true, "packages": true, "devices": true, "folders": true}

var reDigits = regexp.MustCompile(`^\d+$`)

func guardQuotedCount(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 0; i+1 < len(ws); i++ {
		v := strings.TrimSpace(ws[i].raw)
		if ws[i].kind != tLit || !reDigits.MatchString(v) || ws[i+1].kind != tWord || !quotedCountNouns[ws[i+1].low] {
			continue
		}
		for _, s := range steps {
			if s.Kind == plan.ExpectCount {
				return "" // counted
			}
		}
		return fmt.Sprintf("'%s' %s counts %s, and the plan looks for the text %q: say the number without quotes (\"shows %s %s\") or quote the whole text (\"shows '%s %s'\")", v, ws[i+1].low, ws[i+1].low, v, v, ws[i+1].low, v, ws[i+1].low)
	}
	return ""
}

// reNotKind: "'Save' is a link, not a button" says the element named so
// is no button; the plan checked the page has no button at all.
var reNotKind = lazyRE(`(?i)(?:,|\band|\brather than|\binstead of)\s+(?:not\s+)?an?\s+(?:button|link|heading|checkbox|field|tab|image|menu item)\b`)

func guardNotKind(_ []gword, steps []plan.Step, d Derivation) string {
	if wordsMatched(writtenWords(d), reNotKind) == "" {
		return ""
	}
	for _, s := range steps {
		if s.Kind != plan.ExpectHidden {
			continue
		}
		if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByRole && t.Name == "" {
			return fmt.Sprintf("the plan checks the page has no %s at all, where the claim says the element it names is no %s: say \"no '…' %s is shown\"", t.Value, t.Value, t.Value)
		}
	}
	return ""
}

// guardRadio: radio buttons and toggle buttons were read as checkboxes
// (which never match a radio) and the word "button" as the kind of the
// next quoted text ("selecting the 'Express' radio button shows 'Fast'"
// looked for a "Fast" button).
func guardRadio(ws []gword, steps []plan.Step, _ Derivation) string {
	radio := ""
	for i, w := range ws {
		if w.kind == tWord && (w.low == "radio" || w.low == "toggle" && i+1 < len(ws) && ws[i+1].low == "button") {
			radio = w.low
		}
	}
	if radio == "" {
		return ""
	}
	buttons := map[string]bool{}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i].kind == tLit && (ws[i+1].low == "button" || ws[i+1].low == "btn") {
			buttons[strings.ToLower(strings.TrimSpace(ws[i].raw))] = true
		}
		if ws[i].kind == tWord && ws[i].low == "button" && ws[i+1].kind == tLit {
			buttons[strings.ToLower(strings.TrimSpace(ws[i+1].raw))] = true
		}
	}
	for _, s := range steps {
		t, err := plan.ParseTarget(s.Target)
		if err != nil || t.Kind != plan.ByRole {
			continue
		}
		switch {
		case t.Value == "checkbox" && radio == "radio":
			return fmt.Sprintf("the plan looks for %q as a checkbox, which a radio button is not", t.Name)
		case t.Value == "checkbox" && radio == "toggle":
			return fmt.Sprintf("the plan looks for %q as a checkbox, and a toggle button may be a button that stays pressed: say \"clicking the '%s' button\" or \"ticking '%s'\"", t.Name, t.Name, t.Name)
		case t.Value == "button" && t.Name != "" && !buttons[strings.ToLower(t.Name)]:
			return fmt.Sprintf("the plan looks for a %q button, which the claim does not call a button", t.Name)
		}
	}
	return ""
}

// reLabelUpdated: "updates 'Status' to 'Published'": the first text may be
// the label of what changes, which stays, or the old text; the plan
// checked it gone.
var reLabelUpdated = lazyRE(`(?i)\b(?:updates?|updating|updated|sets?|setting)\s*$`)

func guardLabelUpdated(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 1; i+2 < len(ws); i++ {
		if ws[i].kind != tLit || ws[i+1].low != "to" || ws[i+2].kind != tLit || !reLabelUpdated.MatchString(ws[i-1].low) {
			continue
		}
		old := strings.TrimSpace(ws[i].raw)
		for _, s := range steps {
			if s.Kind == plan.ExpectNoText && strings.EqualFold(s.Value, old) || s.Kind == plan.ExpectHidden && strings.Contains(s.Target, "text=") && strings.Contains(strings.ToLower(s.Target), strings.ToLower(old)) {
				return fmt.Sprintf("%q may be the label of what is updated, which stays, or its old text, which goes: say \"changes '%s' to '%s'\" for the old text, or \"the '%s' field shows '%s'\" after the action", old, old, strings.TrimSpace(ws[i+2].raw), old, strings.TrimSpace(ws[i+2].raw))
			}
		}
	}
	return ""
}

// reWorks: an action said to work, or not to fail, says no outcome; the
// plan checked only the status and the console.
var reWorks = lazyRE(`(?i)\b(?:works?|working|succeeds?|(?:does not|doesn't|do not|don't|never|won't|will not)\s+(?:fail|break|crash|error|throw))\b`)

func guardWorks(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reWorks)
	if m == "" {
		return ""
	}
	acted := false
	for _, s := range steps {
		switch s.Kind {
		case plan.Visit, plan.WaitFor, plan.ExpectStatus, plan.ExpectNoConsoleErrors, plan.Screenshot:
		case plan.Click, plan.Fill, plan.Press, plan.Check, plan.Uncheck, plan.Select, plan.Hover, plan.DblClick:
			acted = true
		default:
			return "" // an outcome is checked
		}
	}
	if !acted {
		return ""
	}
	return fmt.Sprintf("%q says the action does what it should, and the plan checks only that the page loaded and logged no console errors: say what it shows after (\"clicking 'Save' shows 'Saved'\"), or say \"… logs no console errors\"", m)
}

// reNotStatus: "never returns a 500" was read as the page not showing the
// text "500", which an error page need not show; no plan step checks that
// a status is not one number.
var reNotStatus = lazyRE(`(?i)(?:\bnot|n't|\bnever)\s+(?:\w+\s+)?(?:returns?|gives?|responds?|answers?|throws?|sends?)\s+(?:with\s+)?(?:back\s+)?(?:an?\s+)?(?:http\s+)?(?:status\s+)?[45]\d\d\b`)

func guardNotStatus(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(normalizeClaim(stripLabel(d.Claim)), reNotStatus)
	if m == "" {
		return ""
	}
	code := m[len(m)-3:]
	for _, s := range steps {
		// (a status shown in a cell of the page, as API docs show a
		// response's, is checked there, and stays)
		if s.Kind == plan.ExpectNoText && s.Target == "" && s.Value == code {
			return fmt.Sprintf("%q rules out one status, and a plan checks the status a page returns: say which it returns (\"returns 200\")", m)
		}
	}
	return ""
}

// apiPath reports whether a visited path answers data rather than a page:
// an API path or a data file.
func apiPath(v string) bool {
	l := strings.ToLower(strings.SplitN(v, "?", 2)[0])
	return strings.HasPrefix(l, "/api/") || l == "/api" || strings.HasPrefix(l, "/rest/") || strings.Contains(l, "/api/v") ||
		strings.HasSuffix(l, ".json") || strings.HasSuffix(l, ".xml") || strings.HasSuffix(l, ".csv")
}

// guardAPIElements: "/api/items has no item named 'Bread'" looked for a
// list item of a page in a JSON answer, which holds none, so the absence
// passed for nothing (and a presence failed).
func guardAPIElements(_ []gword, steps []plan.Step, _ Derivation) string {
	api := ""
	for _, s := range steps {
		if s.Kind == plan.Visit {
			api = ""
			if apiPath(s.Value) {
				api = s.Value
			}
			continue
		}
		if api == "" || s.Target == "" || !s.Kind.IsAssertion() {
			continue
		}
		if t, err := plan.ParseTarget(s.Target); err == nil && (t.Kind == plan.ByRole || t.Kind == plan.ByLabel || t.Kind == plan.ByPlaceholder) {
			return fmt.Sprintf("%s answers data, not a page, and the plan looks there for %s: say the value it returns (\"returns 'Milk'\", \"returns \\\"name\\\": \\\"Milk\\\"\")", api, t.Describe())
		}
	}
	return ""
}

// guardSplitItem: "/api/items returns 'Milk' with a price of '$1.50'"
// checked "Milk" and a price of any item apart, so another item's price
// passed; two values said of one item may sit on two.
func guardSplitItem(_ []gword, steps []plan.Step, d Derivation) string {
	if strings.Contains(d.Claim, "{") {
		// a JSON object written out whole ("returns {\"status\":
		// \"ok\", …}") is one object, whose members the checks find
		return ""
	}
	anyItem, keys, texts := 0, map[string]bool{}, 0
	for _, s := range steps {
		switch {
		case s.Kind == plan.ExpectJSON && (strings.Contains(s.At, "/**/") || strings.HasPrefix(s.At, "/*/")) && !s.Every:
			anyItem++
			keys[s.At] = true
		case s.Kind == plan.ExpectText && s.Target == "":
			texts++
		}
	}
	if anyItem > 0 && (len(keys) > 1 || texts > 0) {
		return "the claim says values of one item, and the plan checks each on any item of the answer, so values of two items pass: say one value, or the item's place (\"the first item's price is '$1.50'\")"
	}
	return ""
}

// reContentType: a kind of file or a content type ("returns XML", "has
// content type text/csv"), which the plan looked for as a text.
var reContentType = lazyRE(`(?i)\b(?:returns?|serves?|sends?|gives?|is|as)\s+(?:an?\s+)?(?:valid\s+)?(?:xml|csv|pdf|html|yaml|plain text|png|jpe?g|gif|svg|zip|image)\b|\bcontent[- ]type\b|\bmime[- ]type\b`)

func guardContentType(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reContentType)
	if m == "" {
		return ""
	}
	for _, s := range steps {
		v := strings.ToLower(s.Value)
		if s.Kind == plan.ExpectText && (strings.Contains(v, "xml") || strings.Contains(v, "csv") || strings.Contains(v, "pdf") || strings.Contains(v, "html") ||
			strings.Contains(v, "yaml") || strings.Contains(v, "content type") || strings.Contains(v, "png") || strings.Contains(v, "image") || strings.Contains(v, "zip")) {
			return fmt.Sprintf("%q says a kind of file or content type, which no check reads, and the plan looks for it as a text: say what the answer shows (\"returns '<urlset'\")", m)
		}
	}
	return ""
}

// guardSignInNegative: after a sign-in, checks that only rule something
// out (no 'Delete' button, a 403) pass when the sign-in failed, since a
// visitor who is not signed in sees neither.
func guardSignInNegative(_ []gword, steps []plan.Step, _ Derivation) string {
	signed, positive, negative := false, false, false
	for _, s := range steps {
		switch {
		case s.Kind == plan.Fill && (strings.Contains(strings.ToUpper(s.Secret), "PASSWORD") || secretField(s.Target)):
			signed, positive, negative = true, false, false
		case !signed || !s.Kind.IsAssertion() || s.Reach:
		case s.Kind == plan.ExpectHidden && strings.Contains(strings.ToLower(s.Target), "password"):
			// the sign-in form gone: the sign-in is checked
			positive = true
		case s.Kind == plan.ExpectHidden, s.Kind == plan.ExpectNoText, s.Kind == plan.ExpectStatus && s.Status >= 400:
			negative = true
		default:
			positive = true
		}
	}
	if signed && negative && !positive {
		return "after the sign-in the plan checks only what is not there (or an error status), which a sign-in that failed passes too: say what the page shows once signed in (\"… shows 'Signed in as Ann' and no 'Delete' button\")"
	}
	return ""
}

// reCollapseIt: "clicking 'FAQ' collapses it" hid the clicked control,
// which stays to open the section again; so does a control clicked twice.
var reCollapseIt = lazyRE(`(?i)\b(?:collapses|collapse|folds|folds up)\s+(?:it|itself|them)\b|\btwice\b.*\b(?:closes|hides|collapses|dismisses)\s+(?:it|itself)\b`)

func guardCollapseIt(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reCollapseIt)
	if m == "" {
		return ""
	}
	clicked := map[string]bool{}
	for _, s := range steps {
		switch s.Kind {
		case plan.Click:
			clicked[s.Target] = true
		case plan.ExpectHidden:
			if clicked[s.Target] {
				return fmt.Sprintf("%q is said of what the control opens, and the plan checks the control itself hidden, which a toggle keeps: quote what goes (\"hides 'Shipping takes 3 days'\")", m)
			}
		}
	}
	return ""
}

// guardClearedCount: "searching 'milk' then clearing the search box shows
// 'Bread'" counted "Bread" before the search, so the same count after
// clearing failed a true claim.
func guardClearedCount(_ []gword, steps []plan.Step, _ Derivation) string {
	counting, typed := false, ""
	for _, s := range steps {
		switch {
		case s.Kind == plan.RememberCount:
			counting, typed = true, ""
		case counting && s.Kind == plan.Fill && s.Value != "":
			typed = s.Target
		case counting && typed != "" && s.Kind == plan.Fill && s.Value == "" && s.Secret == "" &&
			(s.Target == typed || strings.Contains(strings.ToLower(s.Target), "search")):
			return "the text is counted before what is typed and cleared again, so the page it comes back to shows it as often as before: say what clearing shows against what the search showed (\"searching 'milk' hides 'Bread', and clicking 'Clear' shows it\")"
		case s.Kind == plan.ExpectCount:
			counting = false
		}
	}
	return ""
}

// partLabels are parts of a page read as a field's label after "in".
var partLabels = map[string]bool{"dialog": true, "modal": true, "popup": true, "menu": true, "sidebar": true, "page": true,
	"form": true, "window": true, "panel": true, "drawer": true, "list": true, "table": true, "editor": true}

// guardPressInPart: "pressing Escape in the dialog" pressed the key in a
// field labelled "dialog".
func guardPressInPart(_ []gword, steps []plan.Step, _ Derivation) string {
	for _, s := range steps {
		if s.Kind != plan.Press || s.Target == "" {
			continue
		}
		if t, err := plan.ParseTarget(s.Target); err == nil && t.Kind == plan.ByLabel && partLabels[strings.ToLower(strings.TrimPrefix(strings.ToLower(t.Value), "the "))] {
			return fmt.Sprintf("the key is pressed in a field labelled %q, which names a part of the page: say the field, or what the key does (\"pressing Escape closes the dialog\")", t.Value)
		}
	}
	return ""
}

// reURLPart: "the URL ends with /step-2" (or starts with, contains) was
// checked as the whole address.
var reURLPart = lazyRE(`(?i)\b(?:url|address|path|location)\b.*\b(?:ends?|ending|starts?|starting|begins?|beginning)\s+with\b|\b(?:url|address|path)\s+(?:contains|includes|has)\b`)

func guardURLPart(_ []gword, steps []plan.Step, d Derivation) string {
	part := wordsMatched(writtenWords(d), reURLPart) != ""
	for _, s := range steps {
		if s.Kind != plan.ExpectURL {
			continue
		}
		if part && !strings.Contains(s.Value, "*") {
			return fmt.Sprintf("the claim says a part of the address, and the plan checks the whole address is %s: say the whole path (\"the address is /wizard/step-2\")", s.Value)
		}
		if strings.Contains(s.Value, "/:") || strings.ContainsAny(s.Value, "{}<>") {
			return fmt.Sprintf("%s is a pattern of addresses, and the plan checks it as written: say one address (\"goes to /items/1\")", s.Value)
		}
	}
	return ""
}

// guardJSONPairValue: `returns "name": "Milk" first` compared each value
// with the whole pair as a string.
func guardJSONPairValue(_ []gword, steps []plan.Step, _ Derivation) string {
	for _, s := range steps {
		if s.Kind == plan.ExpectJSON && strings.Contains(s.Value, `":`) {
			return "the plan compares a value with a whole key and value: say the item's place and key (\"the first item's name is 'Milk'\")"
		}
	}
	return ""
}

// reStatusAfterAnd: "returns \"status\": \"ok\" and 200": a status said
// after other things returned, read as a text.
var reStatusAfterAnd = lazyRE(`(?i)\b(?:and|with)\s+(?:an?\s+)?(?:http\s+)?(?:status\s+)?(?:code\s+)?([1-5]\d\d)\b`)

func guardStatusAsText(_ []gword, steps []plan.Step, d Derivation) string {
	m := reStatusAfterAnd.FindStringSubmatch(writtenWords(d))
	if m == nil {
		return ""
	}
	for _, s := range steps {
		if (s.Kind == plan.ExpectText || s.Kind == plan.ExpectNoText) && s.Target == "" && s.Value == m[1] {
			return fmt.Sprintf("%s after \"and\" may be the HTTP status, and the plan looks for it as a text: say \"returns %s\" apart, or quote the text", m[1], m[1])
		}
	}
	return ""
}

// guardAdjacentLits: "returns 'status' 'ok'" is a key and its value,
// checked as two texts anywhere.
func guardAdjacentLits(ws []gword, steps []plan.Step, _ Derivation) string {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i].kind != tLit || ws[i+1].kind != tLit {
			continue
		}
		a, b := strings.TrimSpace(ws[i].raw), strings.TrimSpace(ws[i+1].raw)
		found := 0
		for _, s := range steps {
			if s.Kind == plan.ExpectText && s.Target == "" && (strings.EqualFold(s.Value, a) || strings.EqualFold(s.Value, b)) {
				found++
			}
		}
		if found >= 2 {
			return fmt.Sprintf("'%s' '%s' may be a key and its value, and the plan looks for each as a text anywhere: say \"returns \\\"%s\\\": \\\"%s\\\"\" or each text apart", a, b, a, b)
		}
	}
	return ""
}

// Guards from the third probe.

// reAttrValue: an attribute or setting named before a quoted value ("has
// lang 'en'", "has the class 'dark'", "uses the font 'Inter'"), which the
// plan looked for as a text of the page.
var reAttrValue = lazyRE(`(?i)\b(?:has|have|with|uses?|sets?|of)\s+(?:the\s+|a\s+|an\s+)?(?:lang|language|class|class name|classes|role|id|charset|encoding|viewport|dir|direction|cookie|href|src|font|font family|colou?r|background|background colou?r|width|height|style|locale|header|script|stylesheet|session|token|rel|method|action|type|target|tabindex|title attribute|data attribute)\s+["'\x01]`)

func guardAttrValue(_ []gword, steps []plan.Step, d Derivation) string {
	m := reAttrValue.FindString(normalizeClaim(stripLabel(d.Claim)))
	if m == "" {
		return ""
	}
	for _, s := range steps {
		if s.Kind == plan.ExpectText || s.Kind == plan.ExpectVisible && strings.HasPrefix(s.Target, "text=") {
			return fmt.Sprintf("%q names an attribute or setting of the page, and the plan looks for its value as a text the page shows: say what the page shows", strings.TrimRight(m, `"'`+"\x01 "))
		}
	}
	return ""
}

// reCurrentItem: "the current page link is 'Home'" says which link is
// marked current; the plan checked only that a Home link is there.
var reCurrentItem = lazyRE(`(?i)\b(?:current|active|selected|highlighted)\s+(?:\w+\s+)?(?:link|button|tab|item|page|nav|menu item|entry|option)\b`)

func guardCurrentItem(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reCurrentItem)
	if m == "" {
		return ""
	}
	for _, s := range steps {
		switch s.Kind {
		case plan.ExpectChecked, plan.ExpectStyle, plan.ExpectFocused, plan.ExpectValue:
			return ""
		}
	}
	return fmt.Sprintf("%q says which element is marked current, and the plan checks only that it is there: say how the page marks it (\"the 'Home' link is bold\")", m)
}

// guardAgainUncounted: "clicking 'Hide' then 'Show' shows 'Secret' again"
// checked only that Secret is shown at the end, which holds when neither
// click did anything.
func guardAgainUncounted(ws []gword, steps []plan.Step, _ Derivation) string {
	// the texts said shown "again" ("shows 'Secret' again"); "submitting
	// it again" repeats an action
	againText := map[string]bool{}
	for i, w := range ws {
		if w.kind == tWord && w.low == "again" && i > 0 && ws[i-1].kind == tLit {
			againText[strings.ToLower(strings.TrimSpace(ws[i-1].raw))] = true
		}
	}
	if len(againText) == 0 {
		return ""
	}
	acts, lastAct := 0, -1
	for i, s := range steps {
		switch s.Kind {
		case plan.Click, plan.Press, plan.Fill, plan.Check, plan.Uncheck, plan.Select, plan.DblClick:
			acts++
			lastAct = i
		}
	}
	if acts == 0 {
		return ""
	}
	for _, s := range steps[lastAct+1:] {
		if s.Kind != plan.ExpectText || s.Target != "" || !againText[strings.ToLower(s.Value)] {
			continue
		}
		seen := false
		for _, b := range steps[:lastAct] {
			// (a text counted, said gone or clicked before: "clicking
			// Cancel after Try it out … shows 'Try it out' again")
			seen = seen || (b.Kind == plan.ExpectNoText || b.Kind == plan.RememberCount || b.Kind == plan.ExpectHidden || b.Kind == plan.ExpectCount || b.Kind == plan.Click) &&
				(strings.EqualFold(b.Value, s.Value) || strings.Contains(strings.ToLower(b.Target), strings.ToLower(s.Value)))
		}
		if !seen {
			return fmt.Sprintf("\"again\" says %q was gone before the last action, and the plan checks only that it is shown at the end, which holds when the actions did nothing: say it goes first (\"clicking 'Hide' hides 'Secret', and clicking 'Show' shows it again\")", s.Value)
		}
	}
	return ""
}

// reAdjacent: "'Bread' comes right after 'Milk'" says nothing is between;
// the plan checked only the order.
var reAdjacent = lazyRE(`(?i)\b(?:right|directly|just|immediately)\s+(?:after|before|above|below|under|beneath|next to|beside)\b`)

func guardAdjacent(_ []gword, steps []plan.Step, d Derivation) string {
	m := wordsMatched(writtenWords(d), reAdjacent)
	if m == "" {
		return ""
	}
	for _, s := range steps {
		if s.Kind == plan.ExpectOrder {
			return fmt.Sprintf("%q says nothing comes between them, and the plan checks only their order: say the order (\"'Milk' comes before 'Bread'\")", m)
		}
	}
	return ""
}

// reSecondSubjectActs: "clicking 'Save' shows 'Saved', and 'Undo' brings
// back 'Draft'": the second quoted control acts too, and the plan never
// clicked it.
var reSecondSubjectActs = lazyRE(`(?i)\b(?:clicking|pressing|tapping|choosing|selecting)\s+["']?\x01\d+\x01["']?.*?(?:,|\band\b|\bbut\b|\bwhile\b|\bwhereas\b)\s+(?:then\s+)?["']?\x01(\d+)\x01["']?\s+(?:shows|brings|goes|hides|restores|opens|closes|takes|switches|returns|turns|makes|gives|removes|adds|undoes|reverts|leads)\b`)

func guardSecondSubjectActs(_ []gword, steps []plan.Step, d Derivation) string {
	masked, lits := maskQuoted(normalizeClaim(stripLabel(d.Claim)))
	m := reSecondSubjectActs.FindStringSubmatch(masked)
	if m == nil {
		return ""
	}
	i, err := strconv.Atoi(m[1])
	if err != nil || i >= len(lits) {
		return ""
	}
	b := strings.TrimSpace(lits[i])
	for _, s := range steps {
		if (s.Kind == plan.Click || s.Kind == plan.Press) && (strings.Contains(strings.ToLower(s.Target), strings.ToLower(b)) || strings.EqualFold(s.Value, b)) {
			return ""
		}
	}
	return fmt.Sprintf("%q does something in the claim, and the plan never acts on it: say \"clicking '%s' …\"", b, b)
}

// browserConditions are conditions of the browser or the network, which
// no step sets, read as a form control ("with JavaScript disabled").
var browserConditions = []string{"javascript", "cookies", "network", "internet", "connection", "notifications", "offline", "wifi", "wi-fi"}

func guardBrowserCondition(ws []gword, steps []plan.Step, _ Derivation) string {
	quoted := map[string]bool{}
	for _, w := range ws {
		if w.kind == tLit {
			quoted[strings.ToLower(strings.TrimSpace(w.raw))] = true
		}
	}
	for _, s := range steps {
		if s.Kind != plan.Check && s.Kind != plan.Uncheck && s.Kind != plan.Fill {
			continue
		}
		t, err := plan.ParseTarget(s.Target)
		if err != nil {
			continue
		}
		if quoted[strings.ToLower(t.Name)] || quoted[strings.ToLower(t.Value)] {
			continue // a control the claim names in quotes
		}
		name := strings.ToLower(t.Name + " " + t.Value)
		for _, w := range browserConditions {
			if strings.Contains(name, w) {
				return fmt.Sprintf("%q is a condition of the browser or the network, which no plan step sets, and the plan reads it as a control of the page", w)
			}
		}
	}
	return ""
}

// reShownAs: "'£9.999' is shown as '£10.00'" says the raw value is shown
// formatted; the plan required the raw value on the page.
var reShownAs = lazyRE(`(?i)["']?\x01\d+\x01["']?\s+(?:is|are|gets|get)\s+(?:shown|displayed|rendered|formatted|printed|written|rounded|converted)\s+(?:as|to|like)\s+["']?\x01`)

func guardShownAs(_ []gword, _ []plan.Step, d Derivation) string {
	masked, _ := maskQuoted(normalizeClaim(stripLabel(d.Claim)))
	if reShownAs.MatchString(masked) {
		return "the claim says a value the page holds is shown formatted, which the page does not show as written: say what the page shows (\"shows '£10.00'\")"
	}
	return ""
}

// stateLabels are states read as a field's label ("the selected option is
// 'Card'", "the focused field is 'Email'").
var stateLabels = map[string]bool{"selected": true, "checked": true, "default": true, "focused": true, "current": true, "active": true, "chosen": true, "highlighted": true}

func guardStateLabel(_ []gword, steps []plan.Step, _ Derivation) string {
	for _, s := range steps {
		if t, err := plan.ParseTarget(s.Target); err == nil && (t.Kind == plan.ByLabel || t.Kind == plan.ByAlt) && (stateLabels[strings.ToLower(t.Value)] || t.Kind == plan.ByAlt && (strings.EqualFold(t.Value, "text") || strings.EqualFold(t.Value, "attribute"))) {
			return fmt.Sprintf("the plan looks for an element labelled %q, a word the claim says of an element's state or its alt text: name the element (\"the 'Payment' drop-down shows 'Card'\")", t.Value)
		}
	}
	return ""
}

// guardUnnamedSecondFill: "typing 'a' in 'Name' … and typing 'ab' shows
// …" typed the second value into the page's first text field.
func guardUnnamedSecondFill(_ []gword, steps []plan.Step, _ Derivation) string {
	named := false
	for _, s := range steps {
		if s.Kind != plan.Fill {
			continue
		}
		if s.Target == "role=textbox" && named {
			return "a value is typed with no field named after one typed into a named field, and the page's first text field may be another: say the field again (\"typing 'ab' into 'Name'\")"
		}
		named = named || s.Target != "role=textbox"
	}
	return ""
}
