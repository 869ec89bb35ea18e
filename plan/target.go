package plan

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Target kinds, in the selector style Playwright users know.
const (
	ByRole        = "role"        // role=button[name="Sign in"]
	ByText        = "text"        // text=Welcome, text="Exact text"
	ByLabel       = "label"       // label=Email
	ByPlaceholder = "placeholder" // placeholder=Search
	ByAlt         = "alt"         // alt=Logo (image alternative text)
	ByTestID      = "testid"      // testid=submit (data-testid)
	ByCSS         = "css"         // css=form .primary
)

var targetKinds = []string{ByRole, ByText, ByLabel, ByPlaceholder, ByAlt, ByTestID, ByCSS}

// Target is a parsed element selector.
//
// Text-like values (text, label, placeholder, alt, role names) match
// case-insensitively on whitespace-normalised text, preferring an exact match
// over a substring match; a value written in double quotes (text="Sign in")
// or a role name with the s flag ([name="Sign in" s]) must match exactly and
// case-sensitively.
//
// Modifiers narrow any target, written after it:
//
//	role=checkbox within="renew passport"   the checkbox inside the smallest
//	                                        repeated item (li, tr, article,
//	                                        listitem, row, card) whose text
//	                                        contains "renew passport"
//	role=button[name="Delete"] nth=last     the last of the matches
//
//	role=link[name="Docs"] in=footer        the "Docs" link inside a footer
//	                                        (a <footer> or role=contentinfo)
//	text="2 eggs" under="Ingredients"       the text in the section under
//	                                        the heading "Ingredients"
//	text="Never" beside="Last seen"         the text in the value the page
//	                                        pairs with the label "Last seen"
//
// nth takes first, second, third … tenth, last, or a 1-based number; it
// picks among the matches left after in, under, beside and within. in
// takes a part of the page: header, footer, nav, aside, main or dialog; under the
// text of a heading; beside the text of a label. The canonical spelling
// puts in before under, under before beside, beside before within, and
// within before nth.
type Target struct {
	Kind  string
	Value string // the text, label, role, test id or CSS selector
	Exact bool   // quoted value or s flag: exact, case-sensitive match
	Name  string // role only: accessible name; empty means any
	Level int    // role only: heading level; 0 means any
	// Within scopes the target to the smallest repeated item (a list item,
	// table row, article or card) whose text contains it,
	// case-insensitively. Empty means the whole page.
	Within string
	// Nth picks one match: 1 is the first, NthLast the last, 0 means the
	// usual rule (the first visible match).
	Nth int
	// In keeps the matches inside a part of the page: one of Regions
	// (an element of that tag or ARIA landmark role). Empty means the
	// whole page.
	In string
	// Under keeps the matches inside the section under a heading with
	// this text (case-insensitive, whole text): from the heading to the
	// next heading of its level or higher. Empty means the whole page.
	Under string
	// Beside keeps the matches inside the value the page pairs with a
	// label of this text (case-insensitive, whole text, a trailing colon
	// aside): the later cells of the label's table row, the dd after its
	// dt, the element after it, or the rest of an element that starts
	// "Label:". Empty means the whole page.
	Beside string
}

// Regions are the parts of the page in= pins a target inside, each with
// the tag and the ARIA landmark role that mark it.
var Regions = map[string]struct{ Tag, Role string }{
	"header": {"header", "banner"},
	"footer": {"footer", "contentinfo"},
	"nav":    {"nav", "navigation"},
	"aside":  {"aside", "complementary"},
	"main":   {"main", "main"},
	// a <dialog> or role=dialog (the runner also takes role=alertdialog):
	// "clicking 'Cancel' in the dialog" clicks the dialog's, not the
	// form's behind it
	"dialog": {"dialog", "dialog"},
}

// regionNames are Regions in the order errors list them.
var regionNames = []string{"header", "footer", "nav", "aside", "main", "dialog"}

// regionAliases are other words in= takes for a part: its landmark role,
// "sidebar", or "modal".
var regionAliases = map[string]string{"banner": "header", "contentinfo": "footer", "navigation": "nav",
	"sidebar": "aside", "complementary": "aside", "modal": "dialog", "alertdialog": "dialog"}

// RegionWord names a part of the page for people: "header", "sidebar",
// "main content".
func RegionWord(in string) string {
	switch in {
	case "aside":
		return "sidebar"
	case "main":
		return "main content"
	}
	return in
}

// parseRegion reads the value of in=.
func parseRegion(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if a, ok := regionAliases[v]; ok {
		v = a
	}
	if _, ok := Regions[v]; ok {
		return v, nil
	}
	return "", fmt.Errorf("in=%s is not a part of the page (known: %s)%s", v, strings.Join(regionNames, ", "), suggest(v, regionNames))
}

// NthLast is Target.Nth for the last match.
const NthLast = -1

// nthWords are the ordinal words nth= accepts, 1-based.
var nthWords = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

var (
	withinSuffix = regexp.MustCompile(`\s+within=("(?:[^"\\]|\\.)*"|'[^']*')\s*$`)
	underSuffix  = regexp.MustCompile(`\s+under=("(?:[^"\\]|\\.)*"|'[^']*')\s*$`)
	besideSuffix = regexp.MustCompile(`\s+beside=("(?:[^"\\]|\\.)*"|'[^']*')\s*$`)
	nthSuffix    = regexp.MustCompile(`\s+nth=([A-Za-z0-9-]+)\s*$`)
	inSuffix     = regexp.MustCompile(`\s+in=([A-Za-z-]*)\s*$`)
)

// targetMods are the scoping modifiers a target string may end with.
type targetMods struct {
	within, in, under, beside string
	nth                       int
}

// cutModifiers removes trailing in=, under=, within= and nth= modifiers
// from s.
func cutModifiers(s string) (rest string, md targetMods, err error) {
	seen := map[string]bool{}
	once := func(name string) error {
		if seen[name] {
			return fmt.Errorf("%s= given twice", name)
		}
		seen[name] = true
		return nil
	}
	for {
		if m := inSuffix.FindStringSubmatchIndex(s); m != nil {
			if err := once("in"); err != nil {
				return "", md, err
			}
			if md.in, err = parseRegion(s[m[2]:m[3]]); err != nil {
				return "", md, err
			}
			s = s[:m[0]]
			continue
		}
		if name, v, rest, ok, err := cutQuoted(s); ok {
			if err != nil {
				return "", md, err
			}
			if err := once(name); err != nil {
				return "", md, err
			}
			switch name {
			case "under":
				md.under = v
			case "beside":
				md.beside = v
			default:
				md.within = v
			}
			s = rest
			continue
		}
		if m := nthSuffix.FindStringSubmatchIndex(s); m != nil {
			if err := once("nth"); err != nil {
				return "", md, err
			}
			if md.nth, err = parseNth(s[m[2]:m[3]]); err != nil {
				return "", md, err
			}
			s = s[:m[0]]
			continue
		}
		break
	}
	for _, w := range []string{"within", "under", "beside"} {
		if i := strings.Index(s, " "+w+"="); i >= 0 && !strings.Contains(s[:i], "[") && strings.Count(s[:i], `"`)%2 == 0 {
			return "", md, fmt.Errorf(`%s= takes quoted text at the end of the target, as in role=checkbox %s="renew passport"`, w, w)
		}
	}
	return strings.TrimSpace(s), md, nil
}

// quotedMods are the modifiers that take a quoted text, with the example
// their error gives.
var quotedMods = []struct {
	name, what, eg string
	re             *regexp.Regexp
}{
	{"under", "the text of a heading", "Ingredients", underSuffix},
	{"beside", "the text of a label", "Last seen", besideSuffix},
	{"within", "the text of the item", "renew passport", withinSuffix},
}

// cutQuoted cuts a trailing under=, beside= or within= modifier from s:
// its name, its text and what is left; ok is false when s ends in none.
func cutQuoted(s string) (name, v, rest string, ok bool, err error) {
	for _, q := range quotedMods {
		if m := q.re.FindStringSubmatchIndex(s); m != nil {
			if v = strings.TrimSpace(unquote(s[m[2]:m[3]])); v == "" {
				return q.name, "", "", true, fmt.Errorf(`%s= needs %s, as in %s=%q`, q.name, q.what, q.name, q.eg)
			}
			return q.name, v, s[:m[0]], true, nil
		}
	}
	return "", "", s, false, nil
}

func parseNth(v string) (int, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "last" {
		return NthLast, nil
	}
	for i, w := range nthWords {
		if v == w {
			return i + 1, nil
		}
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 1 {
			return 0, fmt.Errorf("nth=%s: positions count from 1 (nth=1 is the first); use nth=last for the last", v)
		}
		return n, nil
	}
	return 0, fmt.Errorf("nth=%q is not a position (first, second, … tenth, last, or a number from 1)%s", v, suggest(v, append([]string{"last"}, nthWords...)))
}

// nthString renders Nth in its canonical spelling.
func nthString(n int) string {
	if n == NthLast {
		return "last"
	}
	if n >= 1 && n <= len(nthWords) {
		return nthWords[n-1]
	}
	return strconv.Itoa(n)
}

// ParseTarget parses a selector such as `role=button[name="Sign in"]`,
// `label=Email` or `css=#main`. A string without a known "kind=" prefix is
// taken as CSS, as Playwright does.
func ParseTarget(s string) (Target, error) {
	s, md, err := cutModifiers(strings.TrimSpace(s))
	if err != nil {
		return Target{}, err
	}
	t, err := parseBase(s)
	if err != nil {
		return Target{}, err
	}
	t.Within, t.Nth, t.In, t.Under, t.Beside = md.within, md.nth, md.in, md.under, md.beside
	return t, nil
}

func parseBase(s string) (Target, error) {
	if s == "" {
		return Target{}, fmt.Errorf("empty target")
	}
	kind, rest, ok := strings.Cut(s, "=")
	if !ok || !isWord(kind) {
		if strings.HasPrefix(s, "//") || strings.HasPrefix(s, "xpath=") {
			return Target{}, fmt.Errorf("XPath targets are not supported; use role=, text=, label=, placeholder=, alt=, testid= or css=")
		}
		return Target{Kind: ByCSS, Value: s}, nil
	}
	switch kind {
	case ByCSS, ByTestID:
		v := strings.TrimSpace(rest)
		if kind == ByTestID {
			v = unquote(v)
		}
		if v == "" {
			return Target{}, fmt.Errorf("%s= needs a value", kind)
		}
		return Target{Kind: kind, Value: v, Exact: true}, nil
	case ByText, ByLabel, ByPlaceholder, ByAlt:
		v := strings.TrimSpace(rest)
		exact := len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"')
		v = unquote(v)
		if v == "" {
			return Target{}, fmt.Errorf("%s= needs a value", kind)
		}
		return Target{Kind: kind, Value: v, Exact: exact}, nil
	case ByRole:
		return parseRole(rest)
	}
	if strings.Contains(kind, "xpath") {
		return Target{}, fmt.Errorf("XPath targets are not supported")
	}
	return Target{}, fmt.Errorf("unknown target kind %q (known: %s)%s", kind,
		strings.Join(targetKinds, ", "), suggest(kind, targetKinds))
}

func parseRole(rest string) (Target, error) {
	role, attrs, _ := strings.Cut(rest, "[")
	role = strings.TrimSpace(role)
	if !isRole(role) {
		return Target{}, fmt.Errorf("role= needs an ARIA role such as button, link, heading, textbox, checkbox; got %q", role)
	}
	t := Target{Kind: ByRole, Value: role}
	if attrs == "" {
		return t, nil
	}
	attrs = "[" + attrs
	for attrs != "" {
		if attrs[0] != '[' {
			return Target{}, fmt.Errorf("role=%s: expected [attribute] at %q", role, attrs)
		}
		end := closingBracket(attrs)
		if end < 0 {
			return Target{}, fmt.Errorf("role=%s: unclosed [ in %q", role, attrs)
		}
		body := strings.TrimSpace(attrs[1:end])
		attrs = strings.TrimSpace(attrs[end+1:])
		key, val, _ := strings.Cut(body, "=")
		key = strings.TrimSpace(key)
		val = strings.TrimSpace(val)
		switch key {
		case "name":
			flag := ""
			if n := len(val); n >= 2 && (val[n-1] == 's' || val[n-1] == 'i') && (val[n-2] == ' ' || val[n-2] == '"' || val[n-2] == '\'') {
				flag = val[n-1:]
				val = strings.TrimSpace(val[:n-1])
			}
			if len(val) < 2 || (val[0] != '"' && val[0] != '\'') || val[len(val)-1] != val[0] {
				return Target{}, fmt.Errorf(`role=%s: name must be quoted, as in [name="Sign in"]`, role)
			}
			t.Name = unquote(val)
			t.Exact = flag == "s"
			if t.Name == "" {
				return Target{}, fmt.Errorf("role=%s: empty name", role)
			}
		case "level":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 6 {
				return Target{}, fmt.Errorf("role=%s: level must be 1 to 6, got %q", role, val)
			}
			t.Level = n
		default:
			return Target{}, fmt.Errorf("role=%s: unknown attribute %q (known: name, level)", role, key)
		}
	}
	return t, nil
}

// closingBracket finds the ] that closes s[0]=='[', skipping quoted text.
func closingBracket(s string) int {
	var quote byte
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case quote == 0 && c == ']':
			return i
		}
	}
	return -1
}

// String renders the target in its canonical spelling.
func (t Target) String() string {
	s := t.base()
	if t.In != "" {
		s += " in=" + t.In
	}
	if t.Under != "" {
		s += " under=" + strconv.Quote(t.Under)
	}
	if t.Beside != "" {
		s += " beside=" + strconv.Quote(t.Beside)
	}
	if t.Within != "" {
		s += " within=" + strconv.Quote(t.Within)
	}
	if t.Nth != 0 {
		s += " nth=" + nthString(t.Nth)
	}
	return s
}

func (t Target) base() string {
	switch t.Kind {
	case ByRole:
		s := "role=" + t.Value
		if t.Name != "" {
			s += "[name=" + strconv.Quote(t.Name)
			if t.Exact {
				s += " s"
			}
			s += "]"
		}
		if t.Level > 0 {
			s += "[level=" + strconv.Itoa(t.Level) + "]"
		}
		return s
	case ByCSS, ByTestID:
		return t.Kind + "=" + t.Value
	default:
		if t.Exact {
			return t.Kind + "=" + strconv.Quote(t.Value)
		}
		return t.Kind + "=" + t.Value
	}
}

// Describe renders the target for people: "the 'Sign in' button", "a
// checkbox in the item containing \"renew passport\"".
func (t Target) Describe() string {
	s := t.describeBase()
	if t.Kind == ByCSS && t.Value == "*" && t.Under != "" {
		// every element of a section: the section itself
		s, t.Under = "the section under the heading "+Quote(t.Under), ""
	}
	if t.In != "" {
		s += " in the " + RegionWord(t.In)
	}
	if t.Under != "" {
		s += " in the section under the heading " + Quote(t.Under)
	}
	if t.Beside != "" {
		s += " shown as the value of " + Quote(t.Beside)
	}
	if t.Within != "" {
		s += " in the item containing " + Quote(t.Within)
	}
	switch {
	case t.Nth == NthLast:
		s += " (the last match)"
	case t.Nth > 0 && t.Nth <= len(nthWords):
		s += " (the " + nthWords[t.Nth-1] + " match)"
	case t.Nth > 0:
		s += fmt.Sprintf(" (match number %d)", t.Nth)
	}
	return s
}

func (t Target) describeBase() string {
	switch t.Kind {
	case ByRole:
		noun := t.Value
		if t.Level > 0 {
			// the level is part of what is checked: "an h1 heading"
			noun = fmt.Sprintf("h%d %s", t.Level, t.Value)
		}
		if t.Name != "" {
			return fmt.Sprintf("the %s %s", Quote(t.Name), noun)
		}
		if strings.ContainsRune("aeiouh", rune(noun[0])) && (noun[0] != 'h' || t.Level > 0) {
			return "an " + noun
		}
		return "a " + noun
	case ByText:
		return "the text " + Quote(t.Value)
	case ByLabel:
		return "the field labelled " + Quote(t.Value)
	case ByPlaceholder:
		return "the field with placeholder " + Quote(t.Value)
	case ByAlt:
		return "the image " + Quote(t.Value)
	case ByTestID:
		return "the element with test id " + Quote(t.Value)
	}
	if t.Kind == ByCSS && t.Value == SubmitCSS {
		return "the form's submit button"
	}
	return "the element matching " + Quote(t.Value)
}

// SubmitCSS finds a form's submit control: a [type=submit], or a button
// with no type (a form's default button type is submit).
const SubmitCSS = `form [type=submit], form button:not([type])`

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		if v[0] == '"' {
			if u, err := strconv.Unquote(v); err == nil {
				return u
			}
		}
		return v[1 : len(v)-1]
	}
	return v
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

func isRole(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// suggest returns ` (did you mean "x"?)` for the closest known word, if any.
func suggest(got string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := EditDistance(got, k); d < bestD {
			best, bestD = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// EditDistance is the Levenshtein distance between a and b (bytes): how
// far a misspelt name is from the one meant.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
