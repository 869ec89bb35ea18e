package claim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Lists and their entries, as people say them. The readers know quoted
// texts ("lists '/tasks' and '/users'", "shows '2x' next to '/releases'",
// "shows 'GET', 'POST' and 'PUT' in that order"); people leave texts
// unquoted that are plainly literal — a path, an upper-case token, a
// version — and say the order with a colon ("lists the HTTP methods in
// this order: GET, POST, PUT"), a tag after "tagged" ("/releases is
// tagged 1x"), and people's names bare after "lists" ("which lists Ann
// Lee and Bob Stone"). Each is said again in the readers' form, with the
// unquoted texts quoted, and read by the readers: every other word of the
// claim is read (or refused) by them as before, so a word the rewrite
// does not take is never dropped.
//
// Only tokens no reader could take for a word of the sentence are quoted:
//
//   - a path (/tasks, /api/v1/users?limit=2) in a list after a verb of
//     showing or after "next to" — never after "to", "on", "at", "opens",
//     "clicking", which make it a page or a link;
//   - an upper-case token of two or more letters (GET, DELETE, CSV);
//   - a version (2.1.0, v1.4);
//   - a tag of digits and at most three letters (1x, 10px) only as the
//     value of "tagged"/"next to";
//   - a person's name — two or three capitalised words, none of them a
//     word the readers know as a noun or a plural — only in a list right
//     after "lists", "shows" or "includes" whose every item is such a name.
//     "lists Tasks and Users" is not taken here (a capitalised noun may be
//     a heading's text or a description); the readers' own rule for
//     unquoted texts decides it, as before.
//
// A path read as a text may be only where a link goes ("Releases" linking
// to /releases): reachPaths finds it as a text first, a hover marked
// reach, so such a page blocks the run instead of failing it; and a path
// said not to be shown is never read (its text missing proves nothing).
// Texts listed "under" a heading are refused (no target pins the part
// under a heading). A claim the readers derived with an unquoted literal
// run into the sentence's words ("2.0.0 in that order" as one text) is
// read again quoted (listsOverride).

// listVerb are the verbs after which a list of literal texts is what the
// page shows.
const listVerb = `(?:lists|list|listing|shows|show|showing|displays|display|includes|include|contains|contain|mentions|mention|has|have|offers|offer)`

var (
	// an unquoted literal: a path, an upper-case token, a version
	litPath    = `/[A-Za-z0-9_\-./?=&%~+:]*[A-Za-z0-9_\-/?=&%~+]|/`
	litUpper   = `[A-Z][A-Z0-9_]*[A-Z0-9](?:-[A-Z0-9]+)*`
	litVersion = `v?\d+\.\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.]+)?`
	litTag     = `\d+[a-z]{1,3}|\d+(?:\.\d+)?`
	litAny     = `(?:` + litPath + `|` + litUpper + `|` + litVersion + `)`
	quotedLit  = `'[^']{1,80}'|"[^"]{1,80}"|‘[^’]{1,80}’|“[^”]{1,80}”`

	reLitWhole  = lazyRE(`^(?:` + litAny + `)$`)
	reTagWhole  = lazyRE(`^(?:` + litAny + `|` + litTag + `)$`)
	reNameWord  = lazyRE(`^[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?$`)
	reListStart = lazyRE(`(?:^|[ ,])((?i:(?:which |that |and |it )?` + listVerb + `))(?: (?i:the|its|their|our|both) ((?:[A-Z]{2,} )?[a-z][\w-]*(?: [a-z][\w-]*)?))? `)

	// "in this order: GET, POST, PUT"
	reOrderColon = lazyRE(`(?i:(?: in (?:this|that|the following) order| in order)): ([^.;]+?)\.?$`)

	// "In the home page's Resources list, /releases is tagged 1x and /settings 'object'"
	reTaggedPrefix  = lazyRE(`^(?i:in) (?P<page>.+?)'s (?P<list>[A-Z][\w-]*(?: [A-Z][\w-]*)?|` + quotedLit + `) (?P<kind>(?i:list|table|section|menu|sidebar)), (?P<body>.+?)\.?$`)
	reTaggedPrefix2 = lazyRE(`^(?i:on|in) (?P<page>[^,]+?), (?P<body>.+?)\.?$`)
	reTagPair       = lazyRE(`^(?P<subj>` + quotedLit + `|` + litAny + `) (?:(?i:is|are) )?(?:(?i:tagged|marked|labelled|labeled|badged|flagged)(?: (?i:as|with))? )?(?P<val>` + quotedLit + `|` + litAny + `|` + litTag + `)$`)

	// "/releases has '2x' next to it", "shows '3x' next to /tasks"
	reNextToIt    = lazyRE(`(^|, | and )(` + litAny + `) (has|shows) (` + quotedLit + `|` + litTag + `|` + litAny + `) (next to|beside) it\b`)
	reNextToThing = lazyRE(`\b(next to|beside) (` + litAny + `)([ ,.;]|$)`)
	reNextToVal   = lazyRE(`\b(shows|has) (` + litTag + `|` + litUpper + `) (next to|beside) '`)

	// "says json-server is 'successfully running'"
	reSaysIs = lazyRE(`^(?P<pre>.+? (?i:says|say|tells you|states|reports)) (?P<who>[A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*){0,2}) (?i:is|are|was|has been|is now) (?P<q>` + quotedLit + `)\.?$`)

	// "Asking for only two tasks with /tasks?_limit=2 leaves out 'X'"
	rePurpose  = lazyRE(`^(?P<purpose>(?i:asking for|asking|requesting|fetching|getting|filtering|sorting|paging|paginating|limiting)(?: [A-Za-z][\w-]*){0,5}) (?i:with|via|using|through|by calling|by visiting) (?P<path>/\S+) (?P<rest>.+)$`)
	reLeaveOut = lazyRE(`^(?i:leaves out|omits|excludes|drops|leaves off) (` + quotedLit + `(?:(?:,| and|, and) (?:` + quotedLit + `))*)\.?$`)
)

// listReading is a claim about a list said again in the readers' form.
type listReading struct {
	said  string
	notes []string
	// lits are the texts the rewrite quoted, as written.
	lits []string
	// names are capitalised names the rewrite quoted, where they start
	// and end a guess: each is waited for first (guessed.go).
	names []string
}

// listRewrite says a claim about a list or its entries in the readers'
// form; ok is false when nothing in it is one of the forms above.
func listRewrite(claim string) (listReading, bool) {
	c := strings.TrimSpace(claim)
	var r listReading
	if s, ok := rewriteTagged(c, &r); ok {
		c = s
	}
	if s, ok := rewriteSaysIs(c, &r); ok {
		c = s
	}
	if s, ok := rewritePurpose(c, &r); ok {
		c = s
	}
	if s, ok := rewriteWhose(c, &r); ok {
		c = s
	}
	if s, ok := rewriteWithQuery(c, &r); ok {
		c = s
	}
	c = rewriteOrderColon(c, &r)
	c = rewriteOrderPair(c, &r)
	c = rewriteOrderList(c, &r)
	c = rewriteOrderChain(c)
	c = quoteNextTo(c, &r)
	c = quoteLists(c, &r)
	if c == strings.TrimSpace(claim) {
		return r, false
	}
	r.said = c
	return r, true
}

// unquotedNote is the note on a literal the claim leaves unquoted.
func unquotedNote(r *listReading, lits []string) {
	if len(lits) == 0 {
		return
	}
	r.lits = append(r.lits, lits...)
	q := make([]string, len(lits))
	for i, l := range lits {
		q[i] = plan.Quote(l)
	}
	what := "is"
	if len(lits) > 1 {
		what = "are"
	}
	r.notes = append(r.notes, fmt.Sprintf("The unquoted %s %s read as literal text on the page, as written.", joinAnd(q), what))
}

// quote puts s in the quotes the claim does not use inside it.
func quote(s string) string {
	if strings.Contains(s, "'") {
		return `"` + s + `"`
	}
	return "'" + s + "'"
}

// inQuotes reports whether c[i] is inside a quoted text: c[:i] leaves a
// double or curly quote open, or a single quote that opens at a word's
// start ("shows 'It lists GET'"; an apostrophe, "page's", opens none).
func inQuotes(c string, i int) bool {
	if strings.Count(c[:i], `"`)%2 == 1 || strings.Count(c[:i], "“") > strings.Count(c[:i], "”") ||
		strings.Count(c[:i], "‘") > strings.Count(c[:i], "’") {
		return true
	}
	for _, sp := range reSingleQuoted.FindAllStringIndex(c, -1) {
		if sp[0] < i && i < sp[1] {
			return true
		}
	}
	return false
}

var reSingleQuoted = lazyRE(`(?:^|[\s(])'[^']+'`)

func isQuoted(s string) bool { return s != "" && strings.ContainsRune(`'"‘“`, []rune(s)[0]) }

// rewriteTagged reads "In the home page's Resources list, /releases is
// tagged 1x and /settings 'object'" as "On the home page, the Resources
// list marks '/releases' as '1x' and marks '/settings' as 'object'".
func rewriteTagged(c string, r *listReading) (string, bool) {
	page, list, body := "", "", ""
	if m := reTaggedPrefix.FindStringSubmatch(c); m != nil {
		page = m[1]
		list = "the " + m[2] + " " + strings.ToLower(m[3])
		body = m[4]
	} else if m := reTaggedPrefix2.FindStringSubmatch(c); m != nil {
		page, body = m[1], m[2]
	} else {
		return "", false
	}
	if !strings.Contains(strings.ToLower(body), " tagged ") && !strings.Contains(strings.ToLower(body), " marked ") &&
		!strings.Contains(strings.ToLower(body), " labelled ") && !strings.Contains(strings.ToLower(body), " labeled ") {
		return "", false
	}
	parts := splitPairs(body)
	if len(parts) == 0 {
		return "", false
	}
	var said, lits []string
	for i, p := range parts {
		m := reTagPair.FindStringSubmatch(p)
		if m == nil {
			return "", false
		}
		subj, val := m[1], m[2]
		// the first pair says "tagged"; the later ones may leave it out
		if i == 0 && !strings.Contains(strings.ToLower(p), " tagged") && !strings.Contains(strings.ToLower(p), " marked") &&
			!strings.Contains(strings.ToLower(p), " label") {
			return "", false
		}
		for _, x := range []*string{&subj, &val} {
			if !isQuoted(*x) {
				if !reTagWhole.MatchString(*x) {
					return "", false
				}
				lits = append(lits, *x)
				*x = quote(*x)
			}
		}
		said = append(said, "marks "+subj+" as "+val)
	}
	if list == "" {
		list = "the page"
	}
	out := "On " + page + ", " + list + " " + strings.Join(said, " and ")
	unquotedNote(r, lits)
	return out, true
}

// splitPairs splits "A is tagged x, B y and C z" at commas and "and".
func splitPairs(body string) []string {
	body = strings.ReplaceAll(body, ", and ", ", ")
	var out []string
	for _, p := range strings.Split(body, ", ") {
		for _, q := range strings.Split(p, " and ") {
			q = strings.TrimSpace(q)
			if q == "" {
				return nil
			}
			out = append(out, q)
		}
	}
	return out
}

// rewriteSaysIs reads "says json-server is 'successfully running'" as the
// quoted words: what the page says them of is noted, not looked for.
func rewriteSaysIs(c string, r *listReading) (string, bool) {
	m := reSaysIs.FindStringSubmatch(c)
	if m == nil {
		return "", false
	}
	who := m[2]
	// Only an app's or a product's name (capitalised, or with a hyphen
	// or a dot: json-server, next.js), said of a phrase, on a page not
	// said to answer JSON: "says enabled is 'true'" may be a JSON field.
	if strings.Contains(who, " ") || !(startsUpper(who) || strings.ContainsAny(who, "-.")) ||
		!strings.Contains(strings.Trim(m[3], `'"‘’“”`), " ") || jsonSaid(m[1]) {
		return "", false
	}
	for _, w := range strings.Fields(who) {
		if stopWords[strings.ToLower(w)] || w == "not" {
			return "", false
		}
	}
	r.notes = append(r.notes, fmt.Sprintf("%q is what the page says is %s; only the quoted words are looked for, anywhere on the page.", who, m[3]))
	return m[1] + " " + m[3], true
}

// rewritePurpose reads "Asking for only two tasks with /tasks?_limit=2
// leaves out 'X'" as "/tasks?_limit=2 does not show 'X'": the words
// before the path say what it is for and are noted.
func rewritePurpose(c string, r *listReading) (string, bool) {
	m := rePurpose.FindStringSubmatch(c)
	if m == nil {
		return "", false
	}
	lo := reLeaveOut.FindStringSubmatch(m[3])
	if lo == nil {
		return "", false
	}
	r.notes = append(r.notes, fmt.Sprintf("%q says what %s asks for; that is not checked apart, only what the claim says the page leaves out.", m[1], m[2]))
	r.notes = append(r.notes, "\"Leaves out\" is read as: the page does not show the text.")
	return m[2] + " does not show " + lo[1], true
}

// rewriteOrderColon reads "lists the HTTP methods in this order: GET,
// POST, PUT" as "lists the HTTP methods 'GET', 'POST' and 'PUT' in that
// order".
func rewriteOrderColon(c string, r *listReading) string {
	loc := reOrderColon.FindStringSubmatchIndex(c)
	if loc == nil {
		return c
	}
	items := splitPairs(c[loc[2]:loc[3]])
	if len(items) < 2 {
		return c
	}
	var q, lits []string
	for _, it := range items {
		switch {
		case isQuoted(it):
			q = append(q, it)
		case reLitWhole.MatchString(it):
			q = append(q, quote(it))
			lits = append(lits, it)
		default:
			return c
		}
	}
	unquotedNote(r, lits)
	list := strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
	return c[:loc[0]] + " " + list + " in that order"
}

// quoteNextTo quotes the literal beside which a text is said to be:
// "/releases has '2x' next to it", "shows '3x' next to /tasks".
func quoteNextTo(c string, r *listReading) string {
	var lits []string
	c = reNextToIt.ReplaceAllStringFunc(c, func(s string) string {
		m := reNextToIt.FindStringSubmatch(s)
		val := m[4]
		if !isQuoted(val) {
			lits = append(lits, val)
			val = quote(val)
		}
		lits = append(lits, m[2])
		return m[1] + quote(m[2]) + " " + m[3] + " " + val + " " + m[5] + " it"
	})
	c = reNextToThing.ReplaceAllStringFunc(c, func(s string) string {
		m := reNextToThing.FindStringSubmatch(s)
		lits = append(lits, m[2])
		return m[1] + " " + quote(m[2]) + m[3]
	})
	c = reNextToVal.ReplaceAllStringFunc(c, func(s string) string {
		m := reNextToVal.FindStringSubmatch(s)
		lits = append(lits, m[2])
		return m[1] + " " + quote(m[2]) + " " + m[3] + " '"
	})
	// "shows '3x' next to '/a' and '1x' next to '/b'": the verb said
	// again before each pair, as the readers read pairs
	for {
		loc := reNextToPairs.FindStringSubmatchIndex(c)
		if loc == nil {
			break
		}
		verb := c[loc[2]:loc[3]]
		c = c[:loc[4]] + verb + " " + c[loc[4]:]
	}
	unquotedNote(r, lits)
	return c
}

var reNextToPairs = lazyRE(`\b(shows|has|lists) (?:` + quotedLit + `) (?:next to|beside) (?:` + quotedLit + `)(?:,|, and| and) ()(?:` + quotedLit + `) (?:next to|beside) `)

// quoteLists quotes a list of unquoted literals (or of people's names)
// right after a verb of showing: "lists /tasks, /users and /settings",
// "which lists Ann Lee and Bob Stone".
func quoteLists(c string, r *listReading) string {
	var lits []string
	var b strings.Builder
	pos := 0
	for pos < len(c) {
		loc := reListStart.FindStringSubmatchIndex(c[pos:])
		if loc == nil {
			break
		}
		start := pos + loc[1] // where the list would begin
		if inQuotes(c, start) {
			b.WriteString(c[pos:start])
			pos = start
			continue
		}
		verb := strings.ToLower(c[pos+loc[2] : pos+loc[3]])
		noun := loc[4] >= 0
		items, names := literalList(c, start)
		if len(items) == 0 || names && (noun || !nameVerb(verb)) {
			b.WriteString(c[pos:start])
			pos = start
			continue
		}
		if last := strings.Fields(verb); last[len(last)-1] == "has" || last[len(last)-1] == "have" {
			// "has GET" may be a page with that method; "has a /posts
			// entry" is read below by its own form
			if !names && !noun {
				b.WriteString(c[pos:start])
				pos = start
				continue
			}
		}
		b.WriteString(c[pos:start])
		q := make([]string, len(items))
		for i, it := range items {
			q[i] = quote(c[it[0]:it[1]])
			lits = append(lits, c[it[0]:it[1]])
		}
		// the separators as written
		prev := start
		for i, it := range items {
			b.WriteString(c[prev:it[0]])
			b.WriteString(q[i])
			prev = it[1]
		}
		pos = prev
		if names {
			r.notes = append(r.notes, "The capitalised words after \""+strings.Fields(verb)[len(strings.Fields(verb))-1]+"\" are read as names, each a whole text on the page.")
		}
	}
	b.WriteString(c[pos:])
	// "has a /posts entry": the entry's text is its path
	out := reEntry.ReplaceAllStringFunc(b.String(), func(s string) string {
		m := reEntry.FindStringSubmatch(s)
		lits = append(lits, m[2])
		return m[1] + quote(m[2]) + " " + m[3]
	})
	unquotedNote(r, lits)
	return out
}

var reEntry = lazyRE(`\b((?i:has|have|shows|lists|includes|contains) (?i:a|an|the) )(` + litAny + `) ((?i:entry|item|row|line|option|tag|endpoint|route|resource))\b`)

// nameVerb: after these a bare list of capitalised words is names.
func nameVerb(verb string) bool {
	ws := strings.Fields(verb)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "lists", "list", "listing", "shows", "show", "showing", "includes", "include":
		return len(ws) == 1 || len(ws) == 2 && (ws[0] == "which" || ws[0] == "that" || ws[0] == "and" || ws[0] == "it")
	}
	return false
}

// literalList reads a list of unquoted literals at c[i:], items joined by
// ", ", " and " or ", and ", ending where the sentence moves on; or, with
// names, a list of people's names. It returns the items' bounds.
func literalList(c string, i int) (items [][2]int, names bool) {
	ws := tokenizeList(c, i)
	if len(ws) == 0 {
		return nil, false
	}
	// literals
	var cur [][2]int
	k := 0
	for k < len(ws) {
		w := ws[k]
		if !reLitWhole.MatchString(w.s) {
			break
		}
		cur = append(cur, [2]int{w.a, w.b})
		k++
		if k < len(ws) && ws[k].sep {
			// a separator continues the list only if a literal follows
			if k+1 < len(ws) && reLitWhole.MatchString(ws[k+1].s) {
				k++
				continue
			}
		}
		break
	}
	if len(cur) > 0 {
		if k < len(ws) && !ws[k].sep && !listEnds(ws[k].s) {
			return nil, false
		}
		return cur, false
	}
	// names: two or three capitalised words each
	k = 0
	var nm [][2]int
	for k < len(ws) {
		n := 0
		a := ws[k].a
		b := a
		for k < len(ws) && !ws[k].sep && reNameWord.MatchString(ws[k].s) && n < 4 {
			low := strings.ToLower(ws[k].s)
			if _, isNoun := nouns[low]; isNoun || stopWords[low] || structural[low] || notText[low] || vague[low] || strings.HasSuffix(low, "s") {
				return nil, false
			}
			b = ws[k].b
			n++
			k++
		}
		if n < 2 || n > 3 {
			return nil, false
		}
		nm = append(nm, [2]int{a, b})
		if k < len(ws) && ws[k].sep && k+1 < len(ws) && reNameWord.MatchString(ws[k+1].s) {
			k++
			continue
		}
		break
	}
	if k < len(ws) && !ws[k].sep && !listEnds(ws[k].s) {
		return nil, false
	}
	if k < len(ws) && ws[k].sep && k+1 < len(ws) && startsUpper(ws[k+1].s) {
		// "Ann Lee and Bob" — a word that is no name ends nothing
		return nil, false
	}
	return nm, len(nm) > 0
}

// listEnds are words after which a list has ended and the sentence moves
// on: the readers read them.
func listEnds(w string) bool {
	switch strings.ToLower(w) {
	case "in", "on", "at", "under", "then", "and", "but", "so", "while", "when", "after", "before", "once", "first", "last", "as", "too":
		return true
	}
	return false
}

type listWord struct {
	s    string
	a, b int
	sep  bool // ", ", " and ", ", and "
}

// tokenizeList splits c[i:] into words and separators up to a clause's
// end (";", ". ", a quote, or the end).
func tokenizeList(c string, i int) []listWord {
	var out []listWord
	j := i
	for j < len(c) {
		switch {
		case strings.HasPrefix(c[j:], ", and "):
			out = append(out, listWord{s: ",", a: j, b: j + 6, sep: true})
			j += 6
			continue
		case strings.HasPrefix(c[j:], ", "):
			out = append(out, listWord{s: ",", a: j, b: j + 2, sep: true})
			j += 2
			continue
		case c[j] == ' ':
			j++
			continue
		case c[j] == ';' || strings.ContainsRune(`'"‘“`, rune(c[j])):
			return out
		}
		k := j
		for k < len(c) && c[k] != ' ' && !(c[k] == ',' && (k+1 == len(c) || c[k+1] == ' ')) && c[k] != ';' {
			k++
		}
		w := c[j:k]
		// a full stop ends the sentence
		if strings.HasSuffix(w, ".") && k == len(c) {
			w = w[:len(w)-1]
			k--
		}
		if w == "and" {
			out = append(out, listWord{s: "and", a: j, b: k, sep: true})
		} else {
			out = append(out, listWord{s: w, a: j, b: k})
		}
		if k < len(c) && c[k] == '.' {
			return out
		}
		j = k
	}
	return out
}

// deriveLists derives a claim about a list said in a form listRewrite
// knows.
func deriveLists(claim string) (Derivation, *NotProvableError, bool) {
	if e := firstLastRefusal(claim); e != nil {
		return Derivation{}, e, true
	}
	c := strings.TrimSpace(stripLabel(claim))
	r, ok := listRewrite(c)
	if !ok || strings.TrimSuffix(r.said, ".") == strings.TrimSuffix(c, ".") {
		return Derivation{}, nil, false
	}
	// read as Derive reads it, without the suggestions a refusal of the
	// rewrite would make (the claim's own refusal makes them)
	d, rr := deriveSuggestion(r.said)
	if rr != nil || d.Plan == nil {
		if d2, ok := listedUnder(claim, c, r); ok {
			return d2, nil, true
		}
		if e := underRefusal(claim, r.said); e != nil {
			return Derivation{}, e, true
		}
		// With its texts quoted the readers read the claim through and
		// refused it for a reason of their own ("which element is the
		// Resources list?"): that reason, not where they stopped reading.
		if rr != nil && rr.cause == "unsupported" {
			return Derivation{}, refuse(claim, rr.cause, rr.reason, nil), true
		}
		return Derivation{}, nil, false
	}
	if pathAbsent(d.Plan, r.lits) {
		return Derivation{}, nil, false
	}
	d2, ok := traceList(claim, c, r, d)
	return d2, nil, ok
}

// traceList finishes the derivation d of a list's rewrite r as one of
// claim (c is claim without its label): its name, the rewrite's notes,
// each unquoted path found first.
func traceList(claim, c string, r listReading, d Derivation) (Derivation, bool) {
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(c))
	d.Notes = append(d.Notes, r.notes...)
	reachPaths(&d, r.lits)
	if len(r.names) > 0 && !guardNames(&d, r.names) {
		return Derivation{}, false
	}
	for _, n := range r.names {
		d.Notes = append(d.Notes, guessedNameNote(n))
	}
	d2, err := Trace(claim, d.Plan, d.Notes)
	if err != nil {
		return Derivation{}, false
	}
	return d2, true
}

// swallowed reports whether a plan the readers made of the claim holds an
// unquoted literal with words of the sentence after it as one text
// ("lists 2.1.0 and 2.0.0 in that order" read as the text "2.0.0 in that
// order"): the readers' bare text ran past where the literal ends.
func swallowed(p *plan.Plan, lits []string) bool {
	if p == nil {
		return false
	}
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			vals := append([]string{s.Value}, s.Texts...)
			for _, v := range vals {
				for _, l := range lits {
					if strings.HasPrefix(v, l+" ") || strings.HasSuffix(v, " "+l) {
						return true
					}
				}
			}
		}
	}
	return false
}

// listsOverride reads again a claim the readers derived (d) when their
// reading took an unquoted literal together with words of the sentence as
// one text: the claim with its literals quoted is derived instead, or
// refused as it is.
func listsOverride(claim string, d Derivation) (Derivation, *NotProvableError, bool) {
	c := strings.TrimSpace(stripLabel(claim))
	r, ok := listRewrite(c)
	if !ok || !swallowed(d.Plan, append(r.lits, r.names...)) {
		return Derivation{}, nil, false
	}
	d2, rr := deriveSuggestion(r.said)
	if rr != nil || d2.Plan == nil {
		if d3, ok := listedUnder(claim, c, r); ok {
			return d3, nil, true
		}
		if e := underRefusal(claim, r.said); e != nil {
			return Derivation{}, e, true
		}
		if rr != nil {
			return Derivation{}, refuse(claim, rr.cause, rr.reason, nil), true
		}
		return Derivation{}, refuse(claim, "unrecognized", "vouch could not read where the claim's unquoted texts end: quote them", nil), true
	}
	if pathAbsent(d2.Plan, r.lits) {
		return Derivation{}, refuse(claim, "unsupported", "a path said not to be shown may still be linked to under another name: quote the text the page must not show", nil), true
	}
	d3, ok := traceList(claim, c, r, d2)
	return d3, nil, ok
}

// reFirstLast is "puts 'A' first and 'B' last" (or "at the top … at the
// bottom"): that nothing comes before A or after B needs all the items.
var reFirstLast = lazyRE(`^(?P<pre>.+?) (?i:puts|lists|shows|has|sorts|orders|places|returns) (?P<a>` + quotedLit + `) (?i:first|at the top|on top) (?i:and|,|, and) (?P<b>` + quotedLit + `) (?i:last|at the bottom)\.?$`)

// reBarePath is a request said by its path alone.
var reBarePath = lazyRE(`^(?:(?i:GET) )?/\S*$`)

// firstLastRefusal refuses "puts 'A' first and 'B' last" with what can
// be checked offered: "A" comes before "B". That A is first of all
// and B last of all is not proven by their order.
func firstLastRefusal(claim string) *NotProvableError {
	m := reFirstLast.FindStringSubmatch(strings.TrimSpace(stripLabel(claim)))
	if m == nil || reBarePath.MatchString(m[1]) {
		// what a path answers is read as JSON, whose first and last
		// items can be checked (jsonreach.go)
		return nil
	}
	sugg := m[1] + " lists " + m[2] + " before " + m[3]
	return refuse(claim, "unsupported", "\"first\" and \"last\" say nothing comes before or after them, which the order of the two texts does not prove: say what each comes before (\"lists 'A' before 'B'\")", []string{sugg})
}

// reWhose is "returns the one release, whose notes say 'Dark mode'": a
// count of what a path answers, then a text said of a field of it.
var reWhose = lazyRE(`^(?P<pre>.+?) (?i:returns|gives back|answers with|responds with|sends back) (?:(?i:the|just the|only the|exactly) )?(?P<n>(?i:one|a single|two|three|four|five|\d+)) (?P<noun>[a-z][a-z-]*), (?i:whose|with its|with their) (?P<field>[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?i:says?|shows?|reads?|is|are|includes?|contains?|mentions?) (?P<q>` + quotedLit + `)\.?$`)

// rewriteWhose says "returns the one release, whose notes say 'X'" as
// "returns one release and shows 'X'": the count is read by the readers
// (a JSON response's items, where the claim says the path answers JSON,
// else refused); the field is noted, the text looked for in the whole
// response.
func rewriteWhose(c string, r *listReading) (string, bool) {
	m := reWhose.FindStringSubmatch(c)
	if m == nil {
		return "", false
	}
	n := strings.ToLower(m[2])
	if n == "a single" {
		n = "one"
	}
	r.notes = append(r.notes, fmt.Sprintf("%q names where %s is in the %s; the text is looked for in the whole response.", m[4], m[5], m[3]))
	return m[1] + " returns " + n + " " + m[3] + " and shows " + m[5], true
}

// reachPaths puts a hover of each unquoted path read as a text, marked
// reach, before the first check that looks for it: a path a claim names
// may be shown as a text or only be a link's address ("Releases" linking
// to /releases). If the page does not show it as a text, the run is
// blocked, never failed. A hover neither types, ticks nor navigates.
func reachPaths(d *Derivation, lits []string) {
	var paths []string
	for _, l := range lits {
		if strings.HasPrefix(l, "/") && !slices.Contains(paths, l) {
			paths = append(paths, l)
		}
	}
	if len(paths) == 0 {
		return
	}
	uses := func(st plan.Step, p string) bool {
		if st.Kind.IsAssertion() && (st.Value == p || slices.Contains(st.Texts, p)) {
			return st.Kind != plan.ExpectNoText
		}
		if st.Kind == plan.ExpectHidden || st.Target == "" {
			return false
		}
		// a check or an action on what holds the path as a text
		t, err := plan.ParseTarget(st.Target)
		return err == nil && (t.Within == p || t.Kind == plan.ByText && t.Value == p)
	}
	n := 0
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		var out []plan.Step
		done := map[string]bool{}
		for _, st := range j.Steps {
			for _, p := range paths {
				if !done[p] && uses(st, p) {
					done[p] = true
					out = append(out, plan.Step{Kind: plan.Hover, Target: plan.Target{Kind: plan.ByText, Value: p}.String(), Reach: true})
					n++
				}
			}
			out = append(out, st)
		}
		j.Steps = out
	}
	if n > 0 {
		q := make([]string, len(paths))
		for i, p := range paths {
			q[i] = plan.Quote(p)
		}
		d.Notes = append(d.Notes, fmt.Sprintf("A path the claim leaves unquoted (%s) may be shown as a text or only be where a link goes: the plan first finds it as a text (a hover, marked reach); if the page does not show it, the run is blocked, not failed.", joinAnd(q)))
	}
}

// jsonSaid reports whether words say a path answers JSON.
func jsonSaid(s string) bool {
	l := " " + strings.ToLower(s) + " "
	return strings.Contains(l, " get /") || strings.Contains(l, "/api") || strings.Contains(l, " json") ||
		strings.Contains(l, " api ") || strings.Contains(l, " endpoint")
}

// reListUnder is a list of quoted texts placed "under" a name at the end:
// "lists '/a' and '/b' under Resources".
var reListUnder = lazyRE(`^(?P<list>.+(?:` + quotedLit + `)) (?i:under|below|beneath) (?:(?i:the) )?(?P<name>` + quotedLit + `|[A-Z][\w-]*(?: [A-Z][\w-]*)?)(?: (?i:heading|section|header|title))?\.?$`)

// underRefusal refuses texts said to be listed under a name that
// listedUnder cannot read as a heading's section: a text elsewhere on
// the page would prove another claim. The suggestions are the usual ones: the
// texts anywhere, labelled with what they leave out.
func underRefusal(claim, said string) *NotProvableError {
	m := reListUnder.FindStringSubmatch(said)
	if m == nil {
		return nil
	}
	name := strings.Trim(m[2], `'"‘’“”`)
	reason := fmt.Sprintf("vouch cannot tell whether %q is a heading the texts are listed under (a name after \"under\" may be a person, a field or a control): say \"lists … under the %s heading\", or that the page shows the texts, or name a part it knows (footer, nav, sidebar, table, dialog)", name, name)
	return refuse(claim, "unsupported", reason, nil)
}

// listedUnder derives the rewrite of a claim whose texts are listed under
// a heading, kept in its section (under.go).
func listedUnder(claim, c string, r listReading) (Derivation, bool) {
	d, _, ok := deriveUnder(r.said)
	if !ok || pathAbsent(d.Plan, r.lits) {
		return Derivation{}, false
	}
	return traceList(claim, c, r, d)
}

// pathAbsent reports whether a plan checks that a path the claim left
// unquoted is not shown: a page may link to it under another name
// ("Admin" to /admin), so its text missing proves nothing.
func pathAbsent(p *plan.Plan, lits []string) bool {
	for _, j := range p.Journeys {
		for _, st := range j.Steps {
			for _, l := range lits {
				if !strings.HasPrefix(l, "/") {
					continue
				}
				if st.Kind == plan.ExpectNoText && st.Value == l {
					return true
				}
				if st.Kind == plan.ExpectHidden || st.Kind == plan.ExpectNoText {
					if t, err := plan.ParseTarget(st.Target); err == nil && (t.Within == l || t.Value == l) {
						return true
					}
				}
			}
		}
	}
	return false
}

// reWithQuery is "With ?_sort=title, /tasks …": the query said before
// the path it is asked of.
var reWithQuery = lazyRE(`^(?i:with) (\?[^\s,]+), (/[^\s?#,]*) (.+)$`)

// rewriteWithQuery says "With ?_sort=title, /tasks puts …" as
// "/tasks?_sort=title puts …".
func rewriteWithQuery(c string, r *listReading) (string, bool) {
	m := reWithQuery.FindStringSubmatch(c)
	if m == nil {
		return "", false
	}
	r.notes = append(r.notes, fmt.Sprintf("%q is asked of %s: the page visited is %s.", m[1], m[2], m[2]+m[1]))
	return m[2] + m[1] + " " + m[3], true
}

// reOrderChain is "'A' before 'B', and that before 'C'": an order said
// link by link.
var reOrderChain = lazyRE(`\b(?i:puts|lists|shows|has|sorts|orders|places|returns) (` + quotedLit + `) (?i:before|above|ahead of) (` + quotedLit + `)((?:,? (?i:and|then|and then) (?i:that|it|this|that one|the latter) (?i:before|above|ahead of) (?:` + quotedLit + `))+)\.?$`)

var reChainLink = lazyRE(quotedLit)

// rewriteOrderChain says "puts 'A' before 'B', and that before 'C'" as
// "lists 'A', 'B' and 'C' in that order": each "that" is the text just
// named.
func rewriteOrderChain(c string) string {
	loc := reOrderChain.FindStringSubmatchIndex(c)
	if loc == nil {
		return c
	}
	items := []string{c[loc[2]:loc[3]], c[loc[4]:loc[5]]}
	items = append(items, reChainLink.FindAllString(c[loc[6]:loc[7]], -1)...)
	return c[:loc[0]] + "lists " + strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1] + " in that order"
}

// reOrderPair is two names in an order, said after a place: "In the
// settings menu, Statistics comes before Hotkeys", "In the Hotkeys list,
// ESC comes before Enter". Each name is capitalised words (or one upper-
// case token), bounded by the place's comma, the verb of order and the
// claim's end.
var reOrderPair = lazyRE(`^((?i:in|on|inside|within|under) [^,'"‘“]{2,60}?, )(` + orderName + `) (?i:comes|come|is listed|are listed|appears|appear|is|are|sits|shows up|show up) ((?i:before|after|above|below|ahead of)) (` + orderName + `)\.?$`)

const orderName = `[A-Z][\w-]*(?: [A-Z][\w-]*){0,3}`

// rewriteOrderPair quotes the two names of reOrderPair; a name that is a
// word of the readers' grammar (an element's noun, "It") is no name.
func rewriteOrderPair(c string, r *listReading) string {
	m := reOrderPair.FindStringSubmatch(c)
	if m == nil {
		return c
	}
	for _, n := range []string{m[2], m[4]} {
		for _, w := range strings.Fields(strings.ToLower(n)) {
			if isElementNoun(w) || stopWords[w] || determiners[w] || vaguePlace[w] || labelNotFirst[w] {
				return c
			}
		}
	}
	r.names = append(r.names, m[2], m[4])
	return m[1] + quote(m[2]) + " comes " + strings.ToLower(m[3]) + " " + quote(m[4])
}

// reOrderList is a list of three or more capitalised names in an order,
// after a verb of showing: "The Actions menu contains Settings, Show ID,
// Shutdown and Logs, in that order". Each name is bounded by the commas,
// the last "and" and the words of the order.
var reOrderList = lazyRE(`^(.+? (?i:contains|contain|has|have|lists|list|offers|offer|includes|include|shows|show|displays|display) )(` + listName + `(?:, ` + listName + `)+,? (?i:and) ` + listName + `),? (?i:in (?:that|this|the same) order)\.?$`)

const listName = `[A-Z][\w-]*(?: (?:&|[A-Z][\w-]*)){0,4}`

// rewriteOrderList quotes the names of reOrderList; a name holding a word
// of the readers' grammar (an element's noun, a determiner) leaves the
// claim as it is.
func rewriteOrderList(c string, r *listReading) string {
	m := reOrderList.FindStringSubmatch(c)
	if m == nil {
		return c
	}
	items := splitPairs(m[2])
	if len(items) < 3 {
		return c
	}
	q := make([]string, len(items))
	for i, it := range items {
		for _, w := range strings.Fields(strings.ToLower(it)) {
			if isElementNoun(w) || stopWords[w] || determiners[w] || labelNotFirst[w] {
				return c
			}
		}
		q[i] = quote(it)
	}
	r.names = append(r.names, items...)
	return m[1] + strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1] + " in that order"
}
