package claim

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quoted readings: a claim refused because it names a control, an item
// or a value without quotes ("open List books, then Try it out", "starts
// with Update dependencies") is offered back with the names quoted, when
// that sentence derives. The suggestion is the claim's own sentence, so
// it keeps every action and check; only the person who wrote it can say
// whether the quoted words are the text the page shows, which is why it
// is a suggestion — unless every name it quotes is found on the page
// first, by a step whose failure blocks the run (guessed.go).

// maxQuoteTries bounds the sentences tried: each is derived once.
const maxQuoteTries = 10

// nameStops are capitalised words that start a sentence or a clause
// rather than a name: articles, prepositions, pronouns, conjunctions.
var nameStops = map[string]bool{"the": true, "a": true, "an": true, "on": true, "in": true, "at": true,
	"after": true, "before": true, "when": true, "while": true, "if": true, "given": true, "then": true,
	"and": true, "but": true, "or": true, "with": true, "without": true, "per": true, "under": true,
	"from": true, "to": true, "for": true, "of": true, "its": true, "it": true, "this": true, "that": true,
	"these": true, "those": true, "there": true, "here": true, "every": true, "each": true, "all": true,
	"no": true, "not": true, "only": true, "also": true, "yes": true, "i": true, "we": true, "you": true,
	"my": true, "our": true, "your": true, "they": true, "their": true, "once": true, "now": true,
	"just": true, "still": true, "by": true, "into": true, "as": true, "so": true, "because": true,
	"since": true, "both": true, "either": true, "neither": true, "none": true, "any": true, "some": true,
	"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true, "options": true,
	"is": true, "are": true, "was": true, "does": true, "do": true, "did": true, "has": true, "have": true,
	"can": true, "should": true, "must": true, "will": true, "would": true, "may": true,
	"home": true, "page": true, "dialog": true, "menu": true, "tab": true, "button": true, "link": true}

// nameInner are lower-case words a capitalised name may hold between its
// capitalised words ("Sort by Name", "Terms of Service").
var nameInner = map[string]bool{"a": true, "an": true, "the": true, "of": true, "by": true, "to": true,
	"for": true, "from": true, "in": true, "on": true, "my": true, "your": true, "with": true,
	"at": true, "as": true}

// qWord is one word of the claim with what the lexer would take apart.
type qWord struct {
	lead, core, trail string
}

// quoteReadings returns the claim (without its frame, frames.go) with its
// unquoted names quoted, the sentences that derive, best first: all the
// capitalised names at once, then each name with the words after it up
// to a comma or a bracket, longest first.
func quoteReadings(claim string) ([]string, map[string]string) {
	cands, why, _ := quoteCandidates(claim)
	var out []string
	for _, c := range cands {
		if _, r := deriveSuggestion(c); r == nil {
			out = append(out, c)
		} else {
			delete(why, c)
		}
	}
	return out, why
}

// quoteCand is what quoteCandidates says of one sentence: the names it
// quoted, as the claim wrote them, and whether two of them stand side by
// side with only "and" or "or" between ("Salt and Pepper": one name or
// two).
type quoteCand struct {
	names  []string
	joined bool
	titles bool // the first reading: every title-case name quoted
}

// quoteCandidates returns the sentences quoteReadings tries, best first,
// with why each is a guess and what it quoted.
func quoteCandidates(claim string) ([]string, map[string]string, map[string]quoteCand) {
	base := claim
	if said, _, _, ok := restate(claim); ok {
		base = said
	}
	masked, texts := maskQuoted(strings.TrimSpace(normalizeClaim(stripLabel(base))))
	var ws []qWord
	for _, f := range strings.Fields(masked) {
		core := strings.TrimLeft(f, "([{")
		lead := f[:len(f)-len(core)]
		c2 := strings.TrimRight(core, ",.;:!?)]}")
		trail := core[len(c2):]
		if p, ok := strings.CutSuffix(c2, "'s"); ok && p != "" {
			// A possessive ends the name before it: "Place an order's body".
			c2, trail = p, "'s"+trail
		}
		ws = append(ws, qWord{lead, c2, trail})
	}
	// name reports whether word i may start a name.
	name := func(i int) bool {
		c := ws[i].core
		r, _ := utf8.DecodeRuneInString(c)
		if !unicode.IsUpper(r) || strings.ContainsAny(c, "\x01/\"'") || nameStops[strings.ToLower(c)] {
			return false
		}
		if i == 0 && strings.HasSuffix(strings.ToLower(c), "ing") {
			// "Clicking", "Expanding": the action, not its object.
			return false
		}
		return true
	}
	// plain reports whether word i may continue a name.
	plain := func(i int) bool {
		c := ws[i].core
		return c != "" && ws[i].lead == "" && !strings.ContainsAny(c, "\x01/\"") && !strings.HasPrefix(c, "#")
	}
	var cands []string
	why := map[string]string{}
	said := map[string]quoteCand{}
	add := func(spans [][2]int) {
		if len(spans) == 0 {
			return
		}
		s := render(ws, spans, texts)
		if s == "" || why[s] != "" {
			return
		}
		var names []string
		var qc quoteCand
		for k, sp := range spans {
			var n []string
			for _, w := range ws[sp[0] : sp[1]+1] {
				n = append(n, w.core)
			}
			raw := unmaskQuoted(strings.Join(n, " "), texts)
			qc.names = append(qc.names, raw)
			names = append(names, quoteLit(raw))
			if k > 0 && sp[0] == spans[k-1][1]+2 && ws[spans[k-1][1]].trail == "" && andOr(ws[sp[0]-1].core) {
				qc.joined = true
			}
		}
		said[s] = qc
		cands = append(cands, s)
		why[s] = fmt.Sprintf("how the claim meant the unquoted %s: read as the exact text the page shows, a guess", joinAnd(names))
	}
	// Title-case runs, all quoted at once.
	var titles [][2]int
	for i := 0; i < len(ws); i++ {
		if !name(i) {
			continue
		}
		j := i
		for j+1 < len(ws) && ws[j].trail == "" {
			k := j + 1
			for k < len(ws) && ws[k].trail == "" && nameInner[ws[k].core] && k-j < 3 {
				k++
			}
			if k < len(ws) && plain(k) && capital(ws[k].core) && !nameStops[strings.ToLower(ws[k].core)] {
				j = k
				continue
			}
			// A small word in capitals inside a title ("Pause All
			// Torrents", "Mark As Read") is the title's, when a
			// capitalised word follows it.
			if k == j+1 && k+1 < len(ws) && ws[k].trail == "" && plain(k) && capital(ws[k].core) &&
				plain(k+1) && capital(ws[k+1].core) && !nameStops[strings.ToLower(ws[k+1].core)] {
				j = k + 1
				continue
			}
			break
		}
		if j+1 < len(ws) && ws[j].trail == "" && appNameAfter(ws, j+1) || i == j && (ws[i].core == "UI" || ws[i].core == "GUI") && i > 0 && strings.EqualFold(ws[i-1].core, "web") {
			// "The Transmission web UI": the app's name, which the page
			// reader takes for its home page, not a text to quote
			i = j
			continue
		}
		titles = append(titles, [2]int{i, j})
		i = j
	}
	add(titles)
	if len(cands) == 1 {
		qc := said[cands[0]]
		qc.titles = true
		said[cands[0]] = qc
	}
	// Names in sentence case: the capitalised word and the words after
	// it, up to a comma, a bracket or a word that goes on with the
	// sentence ("Add to basket shows …"), never ending in a kind of
	// control or a small word ("the Export button", "Sign out on /a").
	var longest [][2]int
	for _, t := range titles {
		i, end := t[0], t[1]
		goesOn := func(k int) bool {
			// "changes" in "the Recent changes link" is the name's.
			return clauseWords[strings.ToLower(ws[k].core)] && !(k+1 < len(ws) && kindWords[strings.ToLower(ws[k+1].core)])
		}
		// Another capitalised name after it starts a name of its own.
		starts := func(k int) bool {
			return slices.ContainsFunc(titles, func(t [2]int) bool { return t[0] == k })
		}
		for end+1 < len(ws) && ws[end].trail == "" && plain(end+1) && !goesOn(end+1) && !starts(end+1) && !kindWords[strings.ToLower(ws[end+1].core)] && !andOr(ws[end+1].core) && end-i < 6 {
			end++
		}
		for end > t[1] && !endsName(ws, end) {
			end--
		}
		longest = append(longest, [2]int{i, end})
	}
	add(longest)
	for _, t := range longest {
		for j := t[1]; j >= t[0]; j-- {
			if endsName(ws, j) {
				add([][2]int{{t[0], j}})
			}
		}
	}
	if len(cands) > maxQuoteTries {
		cands = cands[:maxQuoteTries]
	}
	return cands, why, said
}

// appNameAfter reports whether the words from k say that the name before
// them is an app's: "web UI", "web interface", "app", "UI".
func appNameAfter(ws []qWord, k int) bool {
	w := strings.ToLower(ws[k].core)
	next := ""
	if k+1 < len(ws) {
		next = strings.ToLower(ws[k+1].core)
	}
	switch {
	case w == "web" && (next == "ui" || next == "interface" || next == "app" || next == "client"):
		return true
	case w == "ui" || w == "app" || w == "gui":
		return true
	}
	return false
}

// render writes the words back with the spans quoted and the masked
// texts restored.
func render(ws []qWord, spans [][2]int, texts []string) string {
	var b strings.Builder
	k := 0
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.lead)
		open := k < len(spans) && spans[k][0] == i
		if open {
			b.WriteByte('"')
		}
		b.WriteString(w.core)
		if k < len(spans) && spans[k][1] == i {
			b.WriteByte('"')
			k++
		}
		b.WriteString(w.trail)
	}
	return unmaskQuoted(b.String(), texts)
}

// clauseWords go on with the sentence after a name.
var clauseWords = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true,
	"have": true, "had": true, "does": true, "do": true, "did": true, "shows": true, "show": true,
	"says": true, "reads": true, "opens": true, "lists": true, "returns": true, "goes": true,
	"leads": true, "becomes": true, "turns": true, "moves": true, "changes": true, "appears": true,
	"displays": true, "contains": true, "when": true, "while": true, "then": true, "after": true,
	"before": true, "until": true, "if": true, "because": true, "so": true, "gives": true,
	"takes": true, "brings": true, "hides": true, "removes": true, "stays": true, "remains": true,
	"can": true, "should": true, "must": true, "will": true, "would": true, "isn't": true,
	"doesn't": true, "don't": true, "aren't": true, "also": true, "still": true, "now": true,
	"which": true, "that": true, "where": true, "who": true, "but": true, "yet": true, "except": true,
	"whereas": true, "than": true, "instead": true, "first": true, "last": true, "above": true,
	"below": true, "followed": true, "ahead": true, "earlier": true, "later": true,
	// verbs of what an action causes: "Clicking X on List books makes …"
	"makes": true, "make": true, "causes": true, "lets": true, "triggers": true, "reveals": true,
	"expands": true, "collapses": true, "closes": true, "switches": true, "toggles": true, "puts": true,
	"sends": true, "loads": true, "fails": true, "works": true, "ends": true, "starts": true}

// kindWords name a kind of control or place after its name.
var kindWords = map[string]bool{"button": true, "buttons": true, "link": true, "links": true,
	"tab": true, "tabs": true, "field": true, "box": true, "menu": true, "dialog": true, "page": true,
	"checkbox": true, "option": true, "heading": true, "column": true, "section": true, "list": true,
	"toggle": true, "panel": true, "item": true, "icon": true, "label": true, "dropdown": true,
	"window": true, "modal": true, "row": true, "card": true, "form": true, "toolbar": true}

// nameEnd reports whether a name may end with the word.
func nameEnd(w string) bool {
	l := strings.ToLower(w)
	return !nameInner[l] && !nameStops[l] && !kindWords[l] && !clauseWords[l]
}

// endsName is nameEnd, and a word that could go on with the sentence
// but names a control of the kind after it ("the Recent changes link").
func endsName(ws []qWord, k int) bool {
	l := strings.ToLower(ws[k].core)
	return nameEnd(l) || clauseWords[l] && k+1 < len(ws) && kindWords[strings.ToLower(ws[k+1].core)]
}

// quotesWord reports whether the word is inside one of the sentence's
// quoted texts.
func quotesWord(s, w string) bool {
	_, texts := maskQuoted(s)
	for _, t := range texts {
		if containsWord(t, w) {
			return true
		}
	}
	return false
}

func andOr(w string) bool {
	l := strings.ToLower(w)
	return l == "and" || l == "or" || l == "nor"
}

func capital(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}
