package claim

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxClaimLen is the longest claim Derive reads, in characters. A claim is
// one sentence; anything longer is refused before it is parsed.
const MaxClaimLen = 1000

// token is one word, quoted literal, path, URL, e-mail address, number or
// punctuation mark of a claim.
//
// Patterns match the lower-cased "low" spellings joined by spaces (the
// claim's shape); values are taken from "raw", so texts, paths and secret
// names keep the case they were written in.
type token struct {
	low   string // normalised spelling the grammar matches
	raw   string // as written; for a quoted literal, its content
	kind  tokKind
	start int // byte offset of low in the shape
	// aside: the word opened a bracket the lexer dropped ("(done)"): no
	// unquoted text runs on into it
	aside bool
}

type tokKind uint8

const (
	tWord   tokKind = iota
	tLit            // quoted text
	tPath           // /docs, /todos?x=1
	tURL            // https://example.com/docs
	tEmail          // demo@example.com
	tNumber         // 3, 200
	tPunct          // , ; :
)

// lexed is a claim cut into tokens, with its shape: the tokens' low
// spellings joined by single spaces.
type lexed struct {
	text   string // the normalised claim
	toks   []token
	lits   []string // quoted literals, by index
	shape  string
	ends   []int // ends[i] is the end offset of toks[i] in shape
	sawDup bool  // a quote was left unclosed
}

// normalizeClaim maps the many ways people type a sentence onto one
// spelling: straight quotes, single spaces, no control characters and no
// trailing full stop.
func normalizeClaim(s string) string {
	n, _ := normalize(s)
	return n
}

// normalize is normalizeClaim that also returns, for every quote it
// straightened, the rune it replaced, so quoted texts keep what was typed
// ("We’ll be in touch" is matched with its curly apostrophe).
func normalize(s string) (string, map[int]rune) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	b.Grow(len(s))
	var orig map[int]rune
	space := false
	for _, r := range s {
		was := r
		switch r {
		case '\u201C', '\u201D', '\u201E', '\u201F', '\u00AB', '\u00BB', '\u2033', '\uFF02':
			r = '"'
		case '\u2018', '\u2019', '\u201A', '\u201B', '\u2039', '\u203A', '\u2032', '\uFF07', '`', '\u00B4':
			r = '\''
		case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD':
			continue
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if was != r {
			if orig == nil {
				orig = map[int]rune{}
			}
			orig[b.Len()] = was
		}
		b.WriteRune(r)
	}
	out := b.String()
	// Trailing punctuation carries no meaning; a question mark is handled
	// by the grammar ("Does the home page show 'Welcome'?").
	for {
		t := strings.TrimRight(out, " .!;,")
		if t == out {
			break
		}
		out = t
	}
	return out, orig
}

// lexClaim cuts a claim into tokens.
func lexClaim(claim string) *lexed {
	s, orig := normalize(claim)
	lx := &lexed{text: s}
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' {
			i++
			continue
		}
		if c == '"' || (c == '\'' && opensQuote(s, i)) {
			if end := closingQuote(s, i); end > i {
				content := s[i+1 : end]
				if orig != nil {
					var cb strings.Builder
					for k := i + 1; k < end; k++ {
						if r, ok := orig[k]; ok {
							cb.WriteRune(r)
						} else {
							cb.WriteByte(s[k])
						}
					}
					content = cb.String()
				}
				lx.addLit(strings.TrimSpace(content))
				i = end + 1
				continue
			}
			if c == '"' {
				lx.sawDup = true
				i++
				continue
			}
		}
		// A run up to the next space or quote.
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '"' {
			if s[j] == '\'' && j > i && opensQuote(s, j) {
				break
			}
			j++
		}
		if j == i { // a lone quote that opens nothing
			i++
			continue
		}
		lx.addWord(s[i:j])
		i = j
	}
	lx.toks = dropFillers(lx.toks)
	for k := range lx.toks {
		if k > 0 {
			b.WriteByte(' ')
		}
		lx.toks[k].start = b.Len()
		b.WriteString(lx.toks[k].low)
		lx.ends = append(lx.ends, b.Len())
	}
	lx.shape = b.String()
	return lx
}

// opensQuote reports whether the ' at s[i] opens a quoted text rather than
// being an apostrophe (doesn't, user's).
func opensQuote(s string, i int) bool {
	if i > 0 {
		p := s[i-1]
		if p != ' ' && p != '(' && p != '[' && p != ':' && p != ',' && p != '=' && p != '/' {
			return false
		}
	}
	return closingQuote(s, i) > i
}

// closingQuote finds the quote that closes the one at s[i], or -1.
func closingQuote(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		if s[j] != q {
			continue
		}
		if q == '"' {
			return j
		}
		// A closing ' is followed by the end, a space or punctuation,
		// never by a letter (that would be an apostrophe: don't).
		if j+1 == len(s) || strings.IndexByte(" .,;:!?)]", s[j+1]) >= 0 {
			return j
		}
	}
	return -1
}

func (lx *lexed) addLit(content string) {
	n := len(lx.lits)
	lx.lits = append(lx.lits, content)
	lx.toks = append(lx.toks, token{low: `"` + strconv.Itoa(n) + `"`, raw: content, kind: tLit})
}

// addWord splits a run of non-space characters into tokens: leading and
// trailing punctuation, possessive 's, and the word itself.
func (lx *lexed) addWord(w string) {
	// An empty JSON list or object is a word of its own, not brackets.
	if core := strings.TrimRight(w, ",;:.!?"); core == "[]" || core == "{}" {
		lx.toks = append(lx.toks, token{low: core, raw: core, kind: tWord})
		for _, r := range w[len(core):] {
			if strings.ContainsRune(",;:", r) {
				lx.toks = append(lx.toks, token{low: string(r), raw: string(r), kind: tPunct})
			}
		}
		return
	}
	opened := false
	for w != "" && strings.IndexByte("([{", w[0]) >= 0 {
		w, opened = w[1:], true
	}
	if opened {
		n := len(lx.toks)
		defer func() {
			if len(lx.toks) > n {
				lx.toks[n].aside = true
			}
		}()
	}
	var trail []string
	for w != "" {
		last := w[len(w)-1]
		if strings.IndexByte(",;:", last) >= 0 {
			trail = append(trail, string(last))
			w = w[:len(w)-1]
			continue
		}
		if open := map[byte]string{')': "(", ']': "[", '}': "{"}[last]; open != "" && strings.Count(w, open) >= strings.Count(w, string(last)) {
			// Keep a bracket the word opened: "/tasks?title_like=^(fix|update)".
			break
		}
		if strings.IndexByte(")]}!?.", last) >= 0 {
			// Keep a dot that belongs to the word (example.com, e.g.).
			if last == '.' && strings.Count(w, ".") > 1 && !strings.HasSuffix(w, "..") {
				break
			}
			w = w[:len(w)-1]
			continue
		}
		break
	}
	if w != "" {
		lx.addBare(w)
	}
	for k := len(trail) - 1; k >= 0; k-- {
		lx.toks = append(lx.toks, token{low: trail[k], raw: trail[k], kind: tPunct})
	}
}

func (lx *lexed) addBare(w string) {
	lw := lowerASCII(w)
	switch lw {
	case "\u2014", "\u2013", "\u2012", "\u2015", "-", "--":
		lx.toks = append(lx.toks, token{low: ",", raw: ",", kind: tPunct})
		return
	case "->", "=>", "\u2192", "\u27f6", "\u21d2", "-->":
		lx.toks = append(lx.toks, token{low: "gives", raw: w, kind: tWord})
		return
	}
	switch {
	case strings.HasPrefix(lw, "http://") || strings.HasPrefix(lw, "https://"):
		lx.toks = append(lx.toks, token{low: lw, raw: w, kind: tURL})
		return
	case w[0] == '/':
		raw, poss := strings.CutSuffix(w, "'s")
		lx.toks = append(lx.toks, token{low: lowerASCII(raw), raw: raw, kind: tPath})
		if poss {
			lx.toks = append(lx.toks, token{low: "'s", raw: "'s", kind: tWord})
		}
		return
	case strings.Contains(w, "@") && strings.Contains(w[strings.Index(w, "@"):], ".") && w[0] != '@':
		lx.toks = append(lx.toks, token{low: lw, raw: w, kind: tEmail})
		return
	case isDigits(w):
		lx.toks = append(lx.toks, token{low: w, raw: w, kind: tNumber})
		return
	}
	if x, ok := contractions[lw]; ok {
		lx.toks = append(lx.toks, token{low: x, raw: w, kind: tWord})
		return
	}
	if x, ok := spellings[lw]; ok {
		lx.toks = append(lx.toks, token{low: x, raw: w, kind: tWord})
		return
	}
	if base, ok := strings.CutSuffix(lw, "'s"); ok && base != "" {
		lx.addBare(w[:len(base)])
		lx.toks = append(lx.toks, token{low: "'s", raw: "'s", kind: tWord})
		return
	}
	lx.toks = append(lx.toks, token{low: lw, raw: w, kind: tWord})
}

// contractions are spelled out so the grammar sees one form of negation.
var contractions = map[string]string{
	"doesn't": "does not", "don't": "do not", "didn't": "did not",
	"isn't": "is not", "aren't": "are not", "wasn't": "is not", "weren't": "are not",
	"won't": "will not", "can't": "can not", "cannot": "can not", "couldn't": "can not",
	"shouldn't": "should not", "mustn't": "must not", "wouldn't": "will not",
	"hasn't": "has not", "haven't": "have not", "hadn't": "has not",
	"it's": "it is", "that's": "that is", "there's": "there is", "there're": "there are",
	"i'm": "i am", "you're": "you are", "we're": "we are", "they're": "they are",
	"i'll": "i will", "you'll": "you will", "it'll": "it will", "let's": "let us",
	"i've": "i have", "you've": "you have", "what's": "what is", "here's": "here is",
}

// spellings folds variant spellings of words the grammar knows.
var spellings = map[string]string{
	"homepage": "home page", "home-page": "home page", "landing-page": "landing page",
	"sign-in": "sign in", "signin": "sign in", "sign-up": "sign up", "signup": "sign up",
	"log-in": "log in", "log-out": "log out", "logout": "log out", "sign-out": "sign out",
	"e-mail": "email", "check-box": "checkbox", "drop-down": "dropdown", "combo-box": "combobox",
	"text-box": "textbox", "todo-list": "todo list", "to-do": "todo", "to-dos": "todos",
	"web-site": "website", "webpage": "web page", "web-page": "web page",
	"labeled": "labelled", "pop-up": "popup", "url's": "url", "h1's": "h1",
	"&": "and", "+": "and", "w/": "with", "w/o": "without", "pls": "please", "plz": "please",
	"=": "=", "==": "=", "===": "=", "thats": "that is", "doesnt": "does not", "dont": "do not",
	"isnt": "is not", "cant": "can not", "wont": "will not", "shouldnt": "should not",
	"loggin": "log in", "clicks": "clicks",
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// tokensIn returns the indexes [from, to) of the tokens that lie within
// shape[a:b].
func (lx *lexed) tokensIn(a, b int) (from, to int) {
	from = len(lx.toks)
	for i, t := range lx.toks {
		if t.start >= a {
			from = i
			break
		}
	}
	to = from
	for to < len(lx.toks) && lx.ends[to] <= b {
		to++
	}
	return from, to
}

// span returns the claim's words in shape[a:b] as written.
func (lx *lexed) span(a, b int) string {
	from, to := lx.tokensIn(a, b)
	var sb strings.Builder
	for i := from; i < to; i++ {
		t := lx.toks[i]
		if i > from && t.kind != tPunct && t.low != "'s" {
			sb.WriteByte(' ')
		}
		if t.kind == tLit {
			sb.WriteString(`"` + t.raw + `"`)
		} else {
			sb.WriteString(t.raw)
		}
	}
	return sb.String()
}

// litAt returns the literal whose placeholder is exactly shape[a:b].
func (lx *lexed) litAt(a, b int) (string, bool) {
	s := lx.shape[a:b]
	if len(s) < 3 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	n, err := strconv.Atoi(s[1 : len(s)-1])
	if err != nil || n < 0 || n >= len(lx.lits) {
		return "", false
	}
	return lx.lits[n], true
}

// fillers are words that change nothing a browser can check: modal verbs
// ("should show" is "shows"), auxiliaries and emphasis.
var fillers = map[string]bool{
	"should": true, "must": true, "shall": true, "would": true, "could": true,
	"might": true, "may": true, "will": true, "can": true, "does": true, "do": true,
	"did": true, "always": true, "actually": true, "really": true, "definitely": true,
	"certainly": true, "still": true, "correctly": false, "simply": true, "basically": true,
	"indeed": true,
}

var fillerPairs = map[string]bool{
	"has to": true, "have to": true, "needs to": true, "need to": true, "ought to": true,
	"is able to": true, "are able to": true, "be able to": true, "is supposed to": true,
	"are supposed to": true, "is expected to": true, "are expected to": true,
	"is going to": true, "are going to": true, "want to be able to": true,
}

func dropFillers(toks []token) []token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tWord {
			out = append(out, t)
			continue
		}
		if aux, ok := strings.CutSuffix(t.low, " not"); ok && fillers[aux] {
			t.low = "not"
			out = append(out, t)
			continue
		}
		if t.low == "as" && i+1 < len(toks) && toks[i+1].kind == tWord && toks[i+1].low == "well" &&
			(i+2 == len(toks) || toks[i+2].kind == tPunct) {
			// "works as well:" is "also", no judgement ("as well as" is
			// kept: it joins another thing)
			i++
			continue
		}
		skip := 0
		for n := 4; n >= 2 && skip == 0; n-- {
			if i+n > len(toks) {
				continue
			}
			words := make([]string, n)
			ok := true
			for k := 0; k < n; k++ {
				if toks[i+k].kind != tWord {
					ok = false
					break
				}
				words[k] = toks[i+k].low
			}
			if ok && fillerPairs[strings.Join(words, " ")] {
				skip = n
			}
		}
		if skip > 0 {
			i += skip - 1
			continue
		}
		if fillers[t.low] && !(i > 0 && toks[i-1].kind == tWord && i+1 < len(toks) && toks[i+1].kind == tWord && isElementNoun(toks[i+1].low)) {
			// "the trash can button": a modal before an element's noun
			// is a word of the name, kept
			continue
		}
		out = append(out, t)
	}
	return out
}

// isElementNoun reports whether w names a kind of element ("button",
// "link", "icon").
func isElementNoun(w string) bool {
	_, ok := nouns[w]
	return ok
}
