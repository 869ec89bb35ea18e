package claim

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/vouchdev/vouch/plan"
)

// This file reads the parts of a claim that rules capture whole: pages,
// elements, fields, values and unquoted texts.

// pageRef is a page a claim names.
type pageRef struct {
	path string
	// abs is the whole address when the claim gives one with its host
	// ("https://docs.example.com/guide"): where a page ends up is checked
	// with it, since a host of another site is no path of the app's.
	abs     string
	phrase  string // as written
	generic bool   // "the app", "the page": the page in front of the user
	note    string
	// via names the link a person clicks on the home page to reach a
	// page named by what it shows ("the Releases page"): no path is
	// invented for it.
	via string
	// guess is a path guessed from the page's common name ("the pricing
	// page" on /pricing): visited as a reach step, so a path the app does
	// not have blocks the run instead of deciding it on an error page.
	guess bool
	// formGuess is a page guessed from a form's name ("the contact
	// form" on /contact): a page the claim names outright wins over it.
	formGuess bool
	// missing is the page a server answers for a path it does not have
	// ("the 404 page").
	missing bool
	// host is a bare host name ("example.com"): the deployment's home
	// page as a subject, but as where a link goes it is as likely another
	// site ("the GitHub link goes to github.com"), so no destination.
	host bool
}

// missingPath is a path no app serves, to see its "not found" page.
const missingPath = "/vouch-no-such-page"

var missingPageNames = map[string]bool{"404": true, "not found": true, "page not found": true,
	"404 error": true, "error 404": true, "404 not found": true, "missing": true, "missing page": true}

// page reads shape[a:b] as a page that has a path: a page reached by
// clicking a link (pageAt's via) is not one.
func (p *parser) page(a, b int) (pageRef, bool) {
	ref, ok := p.pageAt(a, b)
	if ok && ref.via != "" {
		return pageRef{phrase: ref.phrase}, false
	}
	return ref, ok
}

var reHost = sync.OnceValue(func() *lazyRegexp {
	return lazyRE(`^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:` + tlds + `)$`)
})

// inContainer returns how many of toks say "in the main menu" ("from the
// toolbar", "under the user dropdown"): a preposition, at most three
// words and a container noun; 0 when they do not.
func inContainer(toks []token) int {
	if len(toks) < 2 {
		return 0
	}
	switch toks[0].low {
	case "in", "from", "under", "inside", "within":
	default:
		return 0
	}
	for i := 1; i < len(toks) && i <= 4; i++ {
		if t := toks[i]; t.kind != tWord {
			return 0
		} else if containerNouns[t.low] && t.low != "list" && t.low != "section" && t.low != "card" && t.low != "box" {
			return i + 1
		}
	}
	return 0
}

// menuNouns are parts of a page that hold entries to click, never a
// field's name's last word.
var menuNouns = map[string]bool{"menu": true, "submenu": true, "toolbar": true, "sidebar": true,
	"navbar": true, "drawer": true, "menubar": true}

// containerNouns are parts of a page named after the words before them
// ("the settings menu"): those words then name no page.
var containerNouns = map[string]bool{"menu": true, "submenu": true, "dropdown": true, "drop-down": true,
	"panel": true, "pane": true, "sidebar": true, "drawer": true, "dialog": true, "modal": true,
	"popup": true, "pop-up": true, "popover": true, "toolbar": true, "tab": true, "tabs": true,
	"section": true, "bar": true, "widget": true, "card": true, "box": true, "list": true}

var pageSuffix = map[string]bool{"page": true, "screen": true, "view": true, "route": true,
	"endpoint": true, "url": true, "path": true}

var determiners = map[string]bool{"the": true, "my": true, "our": true, "your": true,
	"this": true, "that": true, "their": true, "a": true, "an": true, "its": true}

// pageAt reads shape[a:b] as a page reference: a path, the home page, a
// common page name (its usual path, noted as a guess), or a page named by
// what it shows, reached by clicking the link that says so.
func (p *parser) pageAt(a, b int) (pageRef, bool) {
	from, to := p.lx.tokensIn(a, b)
	ref := pageRef{phrase: p.lx.span(a, b)}
	for from < to && determiners[p.lx.toks[from].low] {
		from++
	}
	if from >= to {
		return ref, false
	}
	// "the shop's /products page": the owner names no page.
	if from+2 < to && p.lx.toks[from+1].low == "'s" && p.lx.toks[from+2].kind == tPath && p.lx.toks[from].kind == tWord {
		from += 2
	}
	for from+1 < to && p.lx.toks[from+1].kind == tPath && pathAdjectives[p.lx.toks[from].low] {
		from++
	}
	first := p.lx.toks[from]
	switch first.kind {
	case tPath:
		if to-from > 2 || (to-from == 2 && !pageSuffix[p.lx.toks[from+1].low]) {
			return ref, false
		}
		if checkLocation(first.raw) != nil || strings.ContainsAny(first.raw, "\"\\<>") {
			return ref, false
		}
		ref.path = first.raw
		return ref, true
	case tURL:
		if to-from != 1 {
			return ref, false
		}
		u, err := url.Parse(first.raw)
		if err != nil || u.Host == "" {
			return ref, false
		}
		ref.path = u.EscapedPath()
		if ref.path == "" {
			ref.path = "/"
		}
		if u.RawQuery != "" {
			ref.path += "?" + u.RawQuery
		}
		if u.Fragment != "" {
			// "https://app.test/#/cart": a hash route is the page; the
			// plan visited / without it
			ref.path += "#" + u.EscapedFragment()
		}
		if checkLocation(ref.path) != nil || strings.ContainsAny(ref.path, "\"\\<>") {
			return ref, false
		}
		ref.note = fmt.Sprintf("%q taken as %s on the base URL the plan runs against.", first.raw, ref.path)
		ref.abs = strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + ref.path
		return ref, true
	}
	words := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		t := p.lx.toks[i]
		if t.kind != tWord && t.kind != tLit && t.kind != tNumber {
			return ref, false
		}
		words = append(words, t.low)
	}
	all := strings.Join(words, " ")
	// "from the settings menu", "in the account dropdown": a part of a
	// page named by its topic, never a page path to guess.
	if to < len(p.lx.toks) && containerNouns[p.lx.toks[to].low] && !pageSuffix[words[len(words)-1]] {
		p.setHint("unsupported", fmt.Sprintf("%q is a part of a page, not a page: say which page it is on and what to click to open it", strings.TrimSpace(ref.phrase+" "+p.lx.toks[to].raw)), a)
		return ref, false
	}
	if n := inContainer(p.lx.toks[to:]); n > 0 && !pageSuffix[words[len(words)-1]] {
		// "Settings in the main menu opens …": an entry of a menu or a
		// bar, named by what it opens; not a page path to guess.
		p.setHint("unsupported", fmt.Sprintf("%q is an entry of a part of a page, not a page: say which page it is on and what to click to open it", strings.TrimSpace(p.lx.span(a, p.lx.ends[to+n-1]))), a)
		return ref, false
	}
	if len(words) == 1 && reHost().MatchString(all) {
		ref.path, ref.host = "/", true
		ref.note = fmt.Sprintf("%q taken as the home page (/) of the base URL the plan runs against.", p.lx.toks[from].raw)
		return ref, true
	}
	if homeWords[all] {
		ref.path = "/"
		ref.note = fmt.Sprintf("%q taken as /.", ref.phrase)
		return ref, true
	}
	if genericPages[all] {
		ref.path = "/"
		ref.generic = true
		return ref, true
	}
	// "json-server's homepage", "the Transmission web UI": the app's
	// name, then its home page or its whole interface.
	if ref, ok := p.ownedHome(ref, from, to, words); ok {
		return ref, true
	}
	suffixed := len(words) > 1 && pageSuffix[words[len(words)-1]]
	name := all
	if suffixed {
		name = strings.Join(words[:len(words)-1], " ")
		to--
	}
	if homeWords[name] && suffixed {
		ref.path = "/"
		ref.note = fmt.Sprintf("%q taken as /.", ref.phrase)
		return ref, true
	}
	// "the JSON Server home page", "Acme's landing page": a name, then
	// the home page.
	for _, hw := range []string{"home page", "homepage", "landing page", "front page", "start page", "main page"} {
		if !strings.HasSuffix(all, " "+hw) {
			continue
		}
		// The page words may be one token ("homepage" reads "home page").
		n := len(strings.Fields(hw))
		if words[len(words)-1] == hw {
			n = 1
		}
		if len(words) > n && len(words) <= n+3 {
			var raw []string
			for i := from; i < from+len(words)-n; i++ {
				raw = append(raw, p.lx.toks[i].raw)
			}
			owner := strings.Join(raw, " ")
			if structural[words[0]] || stopWords[words[0]] || notText[words[0]] || personWords[words[0]] {
				break
			}
			// Only a name can be dropped as the app's name: "the nav on
			// the home page", "the mobile home page", "the signed-in home
			// page" say where or which, and reading them as a name would
			// check the whole page, or another state of it: not a page.
			ownerTo := from + len(words) - n
			if !ownerIsName(p.lx.toks[from:ownerTo]) {
				return ref, false
			}
			ref.path = "/"
			ref.note = fmt.Sprintf("%q taken as the home page (/), %q as the app's name.", strings.TrimSpace(ref.phrase), strings.TrimSuffix(owner, " 's"))
			return ref, true
		}
	}
	bareOK := false
	for _, bp := range barePages {
		if bp == all {
			bareOK = true
		}
	}
	if !suffixed && !bareOK {
		return ref, false
	}
	if docsNames[all] || suffixed && docsNames[name] {
		// A documentation site is its own home page; an app's docs live
		// on /docs. Both readings are common, so neither is guessed.
		p.setHint("ambiguous", fmt.Sprintf("%q can be the deployment's own home page (a documentation site) or its /docs page", strings.TrimSpace(ref.phrase)), a,
			p.replaceSpan(a, b, map[bool]string{true: "The home page", false: "the home page"}[a == 0]), p.replaceSpan(a, b, "/docs"))
		return ref, false
	}
	if !suffixed {
		// "the contact form" lives on /contact; "the dashboard" on /dashboard.
		n := strings.TrimSuffix(strings.TrimSuffix(all, " form"), " results")
		if path, ok := formPages[n]; ok && strings.HasSuffix(all, " form") {
			ref.path = path
		} else if path, ok := knownPages[n]; ok {
			ref.path = path
		} else {
			ref.path = "/" + slug(n)
		}
		ref.note = fmt.Sprintf("%q taken as %s, a guess from the common page name: a path the app does not have (an error status) blocks the run — edit the plan if it lives elsewhere.", ref.phrase, ref.path)
		ref.guess = ref.path != "/"
		return ref, true
	}
	if missingPageNames[name] {
		ref.path, ref.missing = missingPath, true
		ref.note = fmt.Sprintf("%q is seen by visiting a path no app serves, %s, which must answer 404.", ref.phrase, missingPath)
		return ref, true
	}
	// "the 'About us' page", "the pricing page".
	var linkName, kind string
	if to-from == 1 && p.lx.toks[from].kind == tLit {
		if slug(p.lx.toks[from].raw) == "" {
			return ref, false
		}
		if path, ok := knownPages[strings.ToLower(p.lx.toks[from].raw)]; ok {
			ref.path = path
		} else {
			linkName = strings.TrimSpace(p.lx.toks[from].raw)
		}
	} else if path, ok := knownPages[name]; ok {
		ref.path = path
	} else {
		var raw []string
		for i := from; i < to; i++ {
			t := p.lx.toks[i]
			if t.raw == "&" && i > from && i+1 < to && startsUpper(p.lx.toks[i-1].raw) && startsUpper(p.lx.toks[i+1].raw) {
				// "the Runtime & Build Information page": an ampersand
				// between capitalised words is part of the link's name
				raw = append(raw, t.raw)
				continue
			}
			if t.kind == tLit || structural[t.low] || stopWords[t.low] || notText[t.low] {
				return ref, false
			}
			if freshWords[t.low] {
				// "a freshly loaded page" is how every journey starts,
				// never a link's name (frames.go drops the words)
				return ref, false
			}
			if pageStateWords[t.low] {
				// "the empty pricing page", "the German about page": a
				// state or a version of a page, never a link's name.
				p.setHint("unsupported", fmt.Sprintf("%q names a state or a version of a page (%q), which vouch cannot reach: name its path, or say what to do on the page to get there", strings.TrimSpace(ref.phrase), t.raw), a)
				return ref, false
			}
			raw = append(raw, t.raw)
		}
		if slug(name) == "" {
			return ref, false
		}
		// "the Pancakes recipe page", "the node-red-dashboard package
		// page": the kind of item names no word of its link, which shows
		// the item's name (a name in capitals or with a mark no word has;
		// "the blog post page" keeps its words: "blog" is no name)
		if len(raw) > 1 && itemNoun(strings.ToLower(raw[len(raw)-1])) && !startsUpper(raw[len(raw)-1]) && nameLike(raw[:len(raw)-1]) {
			kind = raw[len(raw)-1]
			raw = raw[:len(raw)-1]
		}
		linkName = strings.Join(raw, " ")
	}
	if linkName != "" {
		// Never an invented path: a person reaches the page by its link.
		ref.path, ref.via = "/", linkName
		ref.note = fmt.Sprintf("%q is reached as a person would: by clicking the link %q on the home page (/); no path is guessed.", ref.phrase, linkName)
		if kind != "" {
			ref.note = strings.TrimSuffix(ref.note, ".") + fmt.Sprintf(" (%q says the kind of item, not a word of its link).", kind)
		}
		return ref, true
	}
	ref.note = fmt.Sprintf("%q taken as %s, a guess from the common page name: a path the app does not have (an error status) blocks the run — edit the plan if it lives elsewhere.", ref.phrase, ref.path)
	ref.guess = ref.path != "/"
	return ref, true
}

// nameLike reports whether words look like an item's name rather than
// words of the sentence: a capital, a digit or a mark inside a word.
func nameLike(ws []string) bool {
	for _, w := range ws {
		if startsUpper(w) || strings.ContainsAny(w, "0123456789@/._-") {
			return true
		}
	}
	return false
}

// ownedHome reads an app's name before its home page or interface
// ("json-server's homepage", "Transmission's main page", "the Grafana web
// UI") as the home page, noting the name. A documentation tool's name
// ("Swagger UI") stays ambiguous (docsNames), and a person's page ("the
// user's home page") is no app's.
func (p *parser) ownedHome(ref pageRef, from, to int, words []string) (pageRef, bool) {
	all := strings.Join(words, " ")
	for _, w := range appUIWords {
		rest, ok := strings.CutSuffix(all, " "+w)
		if !ok {
			continue
		}
		owner := strings.TrimSuffix(rest, " 's")
		n := len(strings.Fields(owner))
		if n == 0 || n > 2 || docsNames[owner+" "+w] || docsNames[owner] || !appName(p, from, from+n) {
			return ref, false
		}
		ref.path = "/"
		ref.note = fmt.Sprintf("%q taken as the app's home page (/), %q as the app's name.", strings.TrimSpace(ref.phrase), p.lx.span(p.lx.toks[from].start, p.lx.ends[from+n-1]))
		return ref, true
	}
	for hw := range homeWords {
		rest, ok := strings.CutSuffix(all, " 's "+hw)
		if !ok {
			continue
		}
		if n := len(strings.Fields(rest)); n == 0 || n > 2 || docsNames[rest] || !appName(p, from, from+n) {
			return ref, false
		}
		ref.path = "/"
		ref.note = fmt.Sprintf("%q taken as the home page (/), %q as the app's name.", strings.TrimSpace(ref.phrase), p.lx.span(p.lx.toks[from].start, p.lx.ends[from+len(strings.Fields(rest))-1]))
		return ref, true
	}
	return ref, false
}

// appName reports whether toks[from:to] can name an app: words that are
// not grammar, not a person ("the user's home page") and not a page.
func appName(p *parser, from, to int) bool {
	for i := from; i < to; i++ {
		t := p.lx.toks[i]
		if t.kind != tWord && t.kind != tLit {
			return false
		}
		l := t.low
		if structural[l] || stopWords[l] || notText[l] || determiners[l] || personWords[l] || genericPages[l] || homeWords[l] || vague[l] {
			return false
		}
	}
	return true
}

// personWords own pages of their own ("the user's home page"), never an
// app's.
var personWords = map[string]bool{"user": true, "users": true, "admin": true, "customer": true,
	"member": true, "owner": true, "editor": true, "author": true, "account": true, "person": true,
	"visitor": true, "profile": true, "team": true, "company": true, "student": true, "teacher": true,
	"seller": true, "buyer": true, "employee": true, "manager": true, "tester": true, "viewer": true}

// docsNames name a documentation page, which is the deployment's own
// home page on a documentation site and /docs on an app.
var docsNames = map[string]bool{"docs": true, "documentation": true, "api docs": true,
	"api documentation": true, "api reference": true, "reference": true, "swagger": true,
	"swagger ui": true, "openapi": true, "redoc": true, "doc": true}

// viaSteps are the steps that reach a page: a visit, and for a page named
// by what it shows, the click on its link — marked reach, since the link
// is a guess: its absence blocks the journey rather than failing it.
func viaSteps(pg pageRef) []plan.Step {
	steps := []plan.Step{{Kind: plan.Visit, Value: pg.path, Reach: pg.guess}}
	if pg.missing {
		steps = append(steps, plan.Step{Kind: plan.ExpectStatus, Status: 404})
	}
	if pg.via != "" {
		steps = append(steps, plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByRole, Value: "link", Name: pg.via}.String(), Reach: true})
	}
	if pg.formGuess {
		// a page guessed from the form's name: a page without a form
		// (a 404, the form elsewhere) blocks the run, never fails it
		steps = append(steps, plan.Step{Kind: plan.WaitFor, Target: plan.Target{Kind: plan.ByCSS, Value: "form"}.String(), Reach: true})
	}
	return steps
}

// slug turns a page name into a path segment: "About us" → about-us.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// elemRef is an element a claim names, ready to be a step's target.
type elemRef struct {
	target string
	text   string // alerts and messages named by their text: check the text
	plural bool
	notes  []string
	role   string
	follow string // a named link that should lead here: click it, check the address
	image  bool
}

var reEl = sync.OnceValue(func() *lazyRegexp {
	return anchored(`(?:(?:an?|the|one|any|that|this|its|their|your) )?(?:first |1st |second |2nd |third |3rd |last |only )?(?:(` + nonCapturing(fragments0("name")) + `) )??(h[1-6](?: headings?| titles?| tags?| elements?)?|` + nounAlt + `)` +
		`(?: (?:labelled|named|called|titled|saying|reading|that says|which says|with (?:the )?(?:text|label|name|title|caption)) (` + nonCapturing(fragments0("name")) + `)` +
		`| with (?:the |an )?alt(?:ernative)?(?: text)?(?: of| =)? (` + nonCapturing(fragments0("name")) + `)` +
		`| with (?:the |a )?placeholder(?: text)?(?: of| =)? (` + nonCapturing(fragments0("name2")) + `)` +
		`| (?:to|pointing to|linking to|that goes to|going to|that points to|which goes to|for) (` + nonCapturing(pageFrag) + `)` +
		`| ("\d+"))?`)
})

// fragments0 gives the raw fragments needed before init has run.
func fragments0(n string) string {
	switch n {
	case "name":
		return `"\d+"|[a-z0-9][\w'-]*(?: [a-z0-9][\w'-]*){0,3}`
	case "name2":
		return `"\d+"|[^ ,;"]+(?: [^ ,;"]+){0,5}`
	}
	panic("plan: unknown fragment " + n)
}

// element reads shape[a:b] as an element.
func (p *parser) element(a, b int) (elemRef, bool) {
	var ref elemRef
	loc := p.sub(reEl(), a, b)
	if loc == nil {
		return ref, false
	}
	noun := p.lx.shape[loc[4]:loc[5]]
	if (noun == "tab" || noun == "tabs" || noun == "window") && (strings.Contains(" "+p.lx.shape[a:loc[4]], " browser ") || strings.HasSuffix(strings.TrimSpace(p.lx.shape[:a]), " browser")) {
		// "in a browser tab": where the page is open, never a tab of the
		// page to click
		return ref, false
	}
	e, known := nouns[noun]
	level := 0
	if !known && len(noun) >= 2 && noun[0] == 'h' && noun[1] >= '1' && noun[1] <= '6' {
		e = element{role: "heading", desc: "heading", plural: strings.HasSuffix(noun, "s")}
		level = int(noun[1] - '0')
	} else if noun == "main heading" || noun == "page heading" || noun == "title heading" {
		level = 1
	}
	ref.plural = e.plural
	ref.role = e.role
	ref.image = e.image
	name, quoted := "", false
	for _, g := range []int{1, 3, 7} {
		if loc[2*g] >= 0 {
			v, q, ok := p.textIn(loc[2*g], loc[2*g+1], true)
			if !ok || !q && !plainName(v) {
				return ref, false
			}
			if name != "" {
				return ref, false // named twice
			}
			name, quoted = v, q
		}
	}
	// "the first 'Delete' button": one of the matches, by position. An
	// ordinal before a name said after the noun ("the first button
	// saying 'Save'") may count every button or the Save ones: refused.
	nth, ordWord := 0, ""
	head := loc[4]
	if loc[2] >= 0 {
		head = loc[2]
	}
	for _, w := range strings.Fields(p.lx.shape[a:head]) {
		switch w {
		case "first", "1st":
			nth, ordWord = 1, "first"
		case "second", "2nd":
			nth, ordWord = 2, "second"
		case "third", "3rd":
			nth, ordWord = 3, "third"
		case "last":
			nth, ordWord = plan.NthLast, "last"
		}
	}
	if nth != 0 && (loc[6] >= 0 || loc[14] >= 0 || e.plural) {
		return ref, false
	}
	region := ""
	if name != "" && !quoted && e.role == "link" {
		if _, ok := regionCSS[strings.ToLower(name)]; ok {
			region, name = strings.ToLower(name), ""
		}
	}
	var t plan.Target
	switch {
	case loc[12] >= 0: // a link to a page
		// "a 'Get started' button that goes to /signup": a named button
		// said to go somewhere is followed as a link is
		goes := strings.Contains(p.lx.shape[:loc[12]], "goes to") || strings.Contains(p.lx.shape[:loc[12]], "going to")
		if e.role != "link" && !(e.role == "button" && name != "" && goes) {
			return ref, false
		}
		pg, ok := p.page(loc[12], loc[13])
		if !ok || pg.generic || pg.host {
			return ref, false
		}
		if name != "" {
			// "a 'Docs' link that goes to /docs": follow it and see.
			ref.target = plan.Target{Kind: plan.ByRole, Value: e.role, Name: name}.String()
			ref.follow = pg.path
			if pg.note != "" {
				ref.notes = append(ref.notes, pg.note)
			}
			ref.notes = append(ref.notes, fmt.Sprintf("That the %q %s goes to %s is checked by clicking it and checking the address.", name, e.role, pg.path))
			return ref, true
		}
		var s string
		s, ref.notes = linkTarget(pg)
		t, _ = plan.ParseTarget(s)
	case loc[8] >= 0: // alt text
		if !e.image || name != "" {
			return ref, false
		}
		v, _, ok := p.textIn(loc[8], loc[9], true)
		if !ok {
			return ref, false
		}
		t = plan.Target{Kind: plan.ByAlt, Value: v}
	case loc[10] >= 0: // placeholder
		if !e.field || name != "" {
			return ref, false
		}
		v, _, ok := p.textIn(loc[10], loc[11], true)
		if !ok {
			return ref, false
		}
		t = plan.Target{Kind: plan.ByPlaceholder, Value: v}
	case e.image:
		switch {
		case name != "" && quoted:
			t = plan.Target{Kind: plan.ByAlt, Value: name}
		case name != "":
			// "a hero image": the words describe it; they are rarely its
			// alternative text.
			t = plan.Target{Kind: plan.ByCSS, Value: "img"}
			ref.notes = append(ref.notes, fmt.Sprintf("%q describes the image, so any image is looked for; quote its alternative text to pin it (\"an image with alt 'Logo'\").", name))
		case strings.HasPrefix(noun, "logo") || strings.HasPrefix(noun, "avatar"):
			w := strings.TrimSuffix(noun, "s")
			t = plan.Target{Kind: plan.ByAlt, Value: w}
			ref.notes = append(ref.notes, fmt.Sprintf("'the %s' taken as an image whose alternative text contains %q.", w, w))
		default:
			t = plan.Target{Kind: plan.ByCSS, Value: "img"}
		}
	case e.role == "combobox":
		if name != "" {
			t = plan.Target{Kind: plan.ByLabel, Value: name}
		} else {
			t = plan.Target{Kind: plan.ByRole, Value: "combobox"}
		}
	case e.field:
		if name == "" {
			t = plan.Target{Kind: plan.ByRole, Value: "textbox"}
		} else {
			var note string
			t, note = fieldTarget(name, quoted)
			ref.notes = append(ref.notes, note)
		}
	case e.role == "alert" || e.role == "status":
		if name != "" {
			if !quoted {
				return ref, false // "console warnings" names no message
			}
			ref.text = name
			return ref, true
		}
		t = plan.Target{Kind: plan.ByRole, Value: e.role}
		ref.notes = append(ref.notes, fmt.Sprintf("%q is found by its ARIA role %q (role=%s), which is how accessible apps mark such messages.", noun, e.role, e.role))
	case e.role != "":
		if e.role == "navigation" && name != "" && (noun == "menu" || noun == "menu bar") {
			// "the account menu" may drop down from a control rather
			// than be a navigation landmark of that name
			return ref, false
		}
		if e.role == "tab" && name != "" && !quoted && !startsUpper(name) {
			// "the database tab" describes a tab; "the Billing tab" and
			// "the 'billing' tab" name one.
			return ref, false
		}
		if (e.role == "button" || e.role == "link") && name != "" && !quoted && !startsUpper(name) {
			// "the gear button", "the light bulb button": lower-case
			// words before the noun may be the control's label or what
			// its icon looks like, and an icon's button is named
			// otherwise ("Settings"); a guessed name would decide
			// failed where the control is there. "the Save button" and
			// "the 'save' button" name one.
			p.setHint("unrecognized", fmt.Sprintf("%q before %q may describe the %s (an icon, a colour) rather than name it: quote the %s's name as the page shows it (\"the 'Settings' %s\"), capitalised as a label is", name, noun, noun, noun, noun), a)
			return ref, false
		}
		t = plan.Target{Kind: plan.ByRole, Value: e.role, Name: name, Level: level}
	case e.css != "":
		if name != "" {
			if e.css != "form" {
				return ref, false
			}
			t = plan.Target{Kind: plan.ByRole, Value: "form", Name: name}
		} else {
			t = plan.Target{Kind: plan.ByCSS, Value: e.css}
		}
	default:
		return ref, false
	}
	if nth != 0 {
		if ref.text != "" || region != "" || t.Kind == "" {
			return ref, false
		}
		t.Nth = nth
		ref.notes = append(ref.notes, fmt.Sprintf("%q picks one of the matches by its place in the page's order (nth=%s).", ordWord, ordWord))
	}
	s := t.String()
	if region != "" {
		scoped, ok := scopedTarget(region, s)
		if !ok && strings.HasPrefix(s, "css=a[href=") {
			rc := regionCSS[region]
			var parts []string
			for _, p := range strings.Split(strings.TrimPrefix(s, "css="), ", ") {
				parts = append(parts, strings.Split(rc, ", ")[0]+" "+p)
			}
			scoped, ok = plan.Target{Kind: plan.ByCSS, Value: strings.Join(parts, ", ")}.String(), true
		}
		if !ok {
			return ref, false
		}
		s = scoped
		ref.notes = append(ref.notes, fmt.Sprintf("Looked for inside the page's %s element.", strings.Split(regionCSS[region], ",")[0]))
	}
	if rt, err := plan.ParseTarget(s); err != nil || rt.String() != s {
		return ref, false
	}
	ref.target = s
	return ref, true
}

func cssString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// fieldTarget finds a form field by the words a claim uses for it: a label,
// or a placeholder when the words read like a prompt ("What needs to be
// done?", "you@example.com").
func fieldTarget(name string, quoted bool) (plan.Target, string) {
	if promptLike(name) {
		return plan.Target{Kind: plan.ByPlaceholder, Value: name}, fmt.Sprintf("%q reads like a prompt, so the field is found by its placeholder; edit the target if it is the field's label.", name)
	}
	return plan.Target{Kind: plan.ByLabel, Value: name}, fmt.Sprintf("The field %q is found by its label; edit the target if it only has a placeholder.", name)
}

func promptLike(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…") {
		return true
	}
	l := strings.ToLower(t)
	for _, pre := range []string{"e.g.", "eg ", "search", "enter ", "type ", "your ", "add ", "write ", "what ", "how ", "ex:", "example", "start typing"} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return strings.Contains(t, "@") || len(strings.Fields(t)) >= 4
}

// valueFieldTarget is the target of a field whose value is checked: by its
// label unless the name reads like a prompt by its shape ("Search…",
// "e.g. Ann"), not merely by its length. A long label ("Max peers per
// torrent") is a label; the runner's label lookup falls back to a whole
// placeholder when no label matches.
func valueFieldTarget(name string) (plan.Target, string) {
	if promptLike(name) && (len(strings.Fields(name)) < 4 || promptLike(strings.Join(strings.Fields(name)[:3], " "))) {
		return fieldTarget(name, true)
	}
	return plan.Target{Kind: plan.ByLabel, Value: name}, fmt.Sprintf("The field %q is found by its label (or, with none, a placeholder of the same text).", name)
}

var reField = sync.OnceValue(func() *lazyRegexp {
	return anchored(`(?:the |an? |my |your )?(?:` +
		`(?:field|input|box|textbox) (?:labelled|named|called|for|with (?:the )?label) (` + nonCapturing(fragments0("name")) + `)` +
		`|(?:(?:field|input|box|textbox|text field) )?with (?:the |a )?placeholder(?: text)?(?: of)? (` + nonCapturing(fragments0("name2")) + `)` +
		`|("\d+"|[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?: (` + fieldNounAlt + `))?)`)
})

// field reads shape[a:b] as a form field and returns its target.
func (p *parser) field(a, b int) (string, []string, bool) {
	loc := p.sub(reField(), a, b)
	if loc == nil {
		return "", nil, false
	}
	if from, to := p.lx.tokensIn(a, b); to > from && menuNouns[p.lx.toks[to-1].low] {
		return "", nil, false // "in the main menu"
	}
	if nt := p.nextToken(b); nt != nil && menuNouns[nt.low] {
		// "Settings in the main menu": the words name a menu or a bar,
		// never a field to type into
		return "", nil, false
	}
	var t plan.Target
	var notes []string
	switch {
	case loc[2] >= 0:
		v, _, ok := p.textIn(loc[2], loc[3], true)
		if !ok {
			return "", nil, false
		}
		t = plan.Target{Kind: plan.ByLabel, Value: v}
	case loc[4] >= 0:
		v, _, ok := p.textIn(loc[4], loc[5], true)
		if !ok {
			return "", nil, false
		}
		t = plan.Target{Kind: plan.ByPlaceholder, Value: v}
	default:
		v, quoted, ok := p.textIn(loc[6], loc[7], true)
		if !ok {
			return "", nil, false
		}
		noun := ""
		if loc[8] >= 0 {
			noun = p.lx.shape[loc[8]:loc[9]]
		}
		if !quoted && kindOnlyField(strings.ToLower(v), noun) {
			// "the text box", "the input": a kind of field, no name
			t = plan.Target{Kind: plan.ByRole, Value: "textbox"}
			notes = append(notes, fmt.Sprintf("%q names no field: the page's first text field is meant.", strings.TrimSpace(v+" "+noun)))
			break
		}
		if !quoted {
			switch strings.ToLower(v) {
			case "it", "that", "them", "this", "one", "list", "page", "form", "the list", "field", "input":
				return "", nil, false
			}
			if !plainName(v) {
				return "", nil, false
			}
			for _, w := range strings.Fields(strings.ToLower(v)) {
				if stopWords[w] && w != "of" {
					return "", nil, false
				}
			}
			if reOrdinal.MatchString(strings.ToLower(v)) {
				// "the first field": a position among the fields, never
				// a label ("the first name field" has one)
				return "", nil, false
			}
		}
		switch noun {
		case "checkbox", "option":
			t = plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: v}
		case "dropdown", "select", "select box", "menu", "picker", "combobox":
			t = plan.Target{Kind: plan.ByLabel, Value: v}
		case "search box":
			t = plan.Target{Kind: plan.ByRole, Value: "searchbox"}
		default:
			var note string
			t, note = fieldTarget(v, quoted)
			notes = append(notes, note)
		}
	}
	s := t.String()
	if rt, err := plan.ParseTarget(s); err != nil || rt.String() != s {
		return "", nil, false
	}
	return s, notes, true
}

// kindOnlyField reports whether an unquoted field name and its noun say
// only a kind of text field ("the text box", "the input field", "the
// textbox"), which names no label.
func kindOnlyField(name, noun string) bool {
	switch noun {
	case "", "field", "box", "input", "area", "input field", "input box", "text field", "text box":
	default:
		return false
	}
	switch name {
	case "input", "textbox", "textarea":
		return true
	case "text", "entry", "text input":
		return noun != ""
	}
	return false
}

// valueRef is what a claim types or chooses: a text or a secret's name.
type valueRef struct {
	text   string
	secret string
	bare   bool
}

var reValue = sync.OnceValue(func() *lazyRegexp {
	return anchored(`("\d+")|(?:the )?secret ([a-z_][a-z0-9_]*)|\$\{?([a-z_][a-z0-9_]*)\}?|(?:the )?([a-z_][a-z0-9_]*) secret|(nothing|an empty (?:string|value))|([^ ,;"]+(?: [^ ,;"]+){0,5})`)
})

func (p *parser) value(a, b int) (valueRef, bool) {
	loc := p.sub(reValue(), a, b)
	if loc == nil {
		return valueRef{}, false
	}
	switch {
	case loc[2] >= 0:
		v, _ := p.lx.litAt(loc[2], loc[3])
		return valueRef{text: v}, true
	case loc[4] >= 0, loc[6] >= 0, loc[8] >= 0:
		g := 2
		if loc[6] >= 0 {
			g = 3
		} else if loc[8] >= 0 {
			g = 4
		}
		name := strings.Trim(p.rawSub(loc[2*g], loc[2*g+1]), "${}")
		l := strings.ToLower(name)
		if !secretName.MatchString(name) || !envName(name) && (structural[l] || stopWords[l] || notText[l]) {
			return valueRef{}, false
		}
		return valueRef{secret: name}, true
	case loc[10] >= 0:
		return valueRef{}, true
	}
	v, _, ok := p.textIn(loc[12], loc[13], false)
	if !ok {
		return valueRef{}, false
	}
	return valueRef{text: v, bare: true}, true
}

// textIn reads shape[a:b] as one text: a quoted literal, or unquoted words
// that read as a text and not as a description. names allows the words
// that only name things ("sign in" button).
// sayVerbs report what a page says.
var sayVerbs = map[string]bool{"shows": true, "show": true, "says": true, "say": true, "reads": true, "read": true, "tells": true, "mentions": true, "states": true}

func (p *parser) textIn(a, b int, names bool) (string, bool, bool) {
	if v, ok := p.lx.litAt(a, b); ok {
		v = strings.TrimSpace(v)
		return v, true, v != "" && !strings.ContainsAny(v, "\x00")
	}
	from, to := p.lx.tokensIn(a, b)
	if !names && to-from > 1 && from > 0 && sayVerbs[p.lx.toks[from-1].low] && pronounForms[strings.ToLower(p.lx.toks[from].raw)] {
		// "About says it's Transmission 3.00": what is said, reported
		from++
		a = p.lx.toks[from].start
	}
	if from >= to || to-from > 8 {
		return "", false, false
	}
	for i := from; i < to; i++ {
		t := p.lx.toks[i]
		if t.kind == tLit || t.kind == tPunct || t.kind == tURL {
			return "", false, false
		}
		if structural[t.low] && !(names && (t.low == "page" || t.low == "title")) {
			return "", false, false
		}
		if i == from && (notText[t.low] || stopWords[t.low]) {
			return "", false, false
		}
		if i > from && t.low == "without" {
			// "clicking Deploy without changing anything": how the
			// action is done, never part of the name clicked
			p.setHint("unrecognized", fmt.Sprintf("the unquoted %q goes on past %q: quote the text the page shows", p.lx.span(a, b), t.raw), a)
			return "", false, false
		}
		if i > from && t.low == "under" && i+1 < to && p.lx.toks[i+1].raw != p.lx.toks[i+1].low {
			// "expand Backup NAS under Remote Devices": a name and the
			// section it is in, never one text
			p.setHint("unrecognized", fmt.Sprintf("the unquoted %q goes on past %q: quote the text the page shows", p.lx.span(a, b), t.raw), a)
			return "", false, false
		}
		if t.kind == tPath && to-from > 1 {
			// "has links to /about and /contact": a path among unquoted
			// words is a place the words say something of, not part of
			// a text the page shows
			return "", false, false
		}
	}
	if !names {
		for i := from; i < to; i++ {
			if vague[p.lx.toks[i].low] {
				return "", false, false
			}
		}
		if last := p.lx.toks[to-1].low; to-from > 1 && imageNouns[last] {
			// "/ has a GitHub icon": an image, not the text "GitHub icon"
			p.setHint("unsupported", fmt.Sprintf("the unquoted %q names an image, not a text the page shows: quote its alternative text (\"an image with alt 'GitHub'\")", p.lx.span(a, b)), a)
			return "", false, false
		}
		// "shows 24 products" counts things vouch cannot name; quoted,
		// "24 products" is a text.
		// A number is a quantity, never the start of an unquoted text:
		// "has 4 resources listed" counts things vouch cannot name.
		// Nor is a status code inside one ("gives u a 404 Not Found"):
		// the words around it are no text the page shows.
		for i := from + 1; i < to; i++ {
			if n, err := strconv.Atoi(p.lx.toks[i].raw); err == nil && p.lx.toks[i].kind == tNumber && n >= 100 && n <= 599 && len(p.lx.toks[i].raw) == 3 {
				p.setHint("unsupported", fmt.Sprintf("%q is not quoted and holds what reads as an HTTP status: quote the exact text the page shows, or say \"returns 404\" for a status", p.lx.span(a, b)), a)
				return "", false, false
			}
		}
		if first := p.lx.toks[from]; first.kind == tWord && particleFirst[first.raw] && to-from > 1 && from > 0 && phrasalVerbs[p.lx.toks[from-1].low] {
			// "gives back release 2.1.0": the verb's own particle, never
			// the start of a text
			p.setHint("unrecognized", fmt.Sprintf("the unquoted %q starts with %q, which belongs to the verb before it: quote the text the page shows", p.lx.span(a, b), first.raw), a)
			return "", false, false
		}
		if reNumberPlus.MatchString(p.lx.toks[from].raw) {
			// "has 3+ results": at least three of something, never the
			// text "3+ results"
			p.setHint("unsupported", fmt.Sprintf("%q reads as a number of elements, not a text: vouch counts elements it can name (\"has at least 3 links\"), or quote the text the page shows", p.lx.span(a, b)), a)
			return "", false, false
		}
		_, numWord := numberWords[p.lx.toks[from].low]
		// a number first is a count, refused below with its own reason
		countFirst := p.lx.toks[from].kind == tNumber || numWord
		if q := qualifierTail(p.lx.span(a, b)); q != "" && to-from > 1 && !countFirst {
			// "shows Congrats by default", "the heading says Resources in
			// big letters": what the words after a text or a name say of
			// it is no part of it
			p.setHint("unrecognized", fmt.Sprintf("the unquoted %q ends in %q, which says how, when or where it is shown rather than being part of it: quote the text the page shows", p.lx.span(a, b), q), a)
			return "", false, false
		}
		for i := from; i < to && !countFirst; i++ {
			t := p.lx.toks[i]
			// a state said after a text in lower case ("Fix the bug
			// marked done"), "with" and a determiner ("with a tick"),
			// "or" ("Resources or Congrats": either)
			runsOn := i > from && t.aside || i > from && t.raw == t.low && stateParticiples[t.low] ||
				i > from && t.low == "with" && i+1 < to && determiners[p.lx.toks[i+1].low] ||
				i > from && (t.low == "or" || t.low == "nor") ||
				// "the Bookshop API docs render there": a verb in lower
				// case says what the words before it do, never part of them
				i > from && t.raw == t.low && showingVerbs[t.low]
			if i > from && clauseGoesOn[t.low] || runsOn {
				// "shows Write the notes as not done": the words after
				// the name say something of it; where the text ends is
				// a guess, so the claim is refused, its quoted reading
				// offered
				p.setHint("unrecognized", fmt.Sprintf("the unquoted %q goes on past a text with %q: quote the text the page shows", p.lx.span(a, b), p.lx.toks[i].raw), a)
				return "", false, false
			}
			// An order said inside unquoted words ("lists Write the
			// notes first", "Update dependencies before Fix the bug") is
			// no text the page shows either.
			if i > from && t.raw == t.low && (besideWords[t.low] || t.low == "next" && i+1 < to && p.lx.toks[i+1].low == "to") {
				// "lists sales-2024.csv next to q1.csv": where a text is,
				// said of another, never one text
				p.setHint("unrecognized", fmt.Sprintf("the unquoted %q holds %q, which says where a text is rather than being part of it: quote the texts (\"shows 'A' next to 'B'\")", p.lx.span(a, b), t.raw), a)
				return "", false, false
			}
			if orderWords[p.lx.toks[i].low] {
				p.setHint("unrecognized", fmt.Sprintf("the unquoted %q holds %q, which says an order rather than a text: quote the texts (\"lists 'A' before 'B'\", \"lists 'A' first\")", p.lx.span(a, b), p.lx.toks[i].raw), a)
				return "", false, false
			}
		}
		if to-from > 1 && priceRE.MatchString(p.lx.toks[from].raw) {
			// "costs $29 per month": a page writes the period its own way
			// ("$29/mo", "$29 / month"), so the words after the price are
			// no text to look for as written
			p.setHint("unsupported", fmt.Sprintf("the unquoted %q is a price with words after it, which a page may write its own way (\"%s/mo\", \"%s per month\"): quote the text exactly as the page shows it", p.lx.span(a, b), p.lx.toks[from].raw, p.lx.toks[from].raw), a)
			return "", false, false
		}
		// Chat words and pronouns ("u", "you", "me") start no text a page shows.
		if chatWords[p.lx.toks[from].low] {
			return "", false, false
		}
		// A path starts no text: "/about shows 'A' and /pricing doesn't"
		// is about another page, never the text "/pricing doesn't".
		if p.lx.toks[from].kind == tPath {
			return "", false, false
		}
		// "has about 10 links", "has several links", "has 2-5 links": a
		// quantity of elements, never a text ("Quick links" is one).
		if e, ok := nouns[p.lx.toks[to-1].low]; ok && e.plural && to-from > 1 {
			for i := from; i < to-1; i++ {
				if t := p.lx.toks[i]; strings.ContainsAny(t.raw, "0123456789") || quantityWords[t.low] {
					p.setHint("unsupported", fmt.Sprintf("%q reads as a number of elements, not a text: vouch counts elements it can name (\"has 10 links\", \"at least 2 links\"), or quote the text the page shows", p.lx.span(a, b)), a)
					return "", false, false
				}
				if _, isNum := numberWords[p.lx.toks[i].low]; isNum {
					return "", false, false
				}
			}
		}
		if _, isWord := numberWords[p.lx.toks[from].low]; p.lx.toks[from].kind == tNumber || isWord {
			if to-from > 1 && unitWord(p.lx.toks[from+1].raw) {
				// "0 kB/s", "12 MB": a value the page shows, never a count
				p.setHint("unsupported", fmt.Sprintf("%q is a value with its unit, which the page shows as text: quote it as the page writes it (\"shows '%s'\")", p.lx.span(a, b), p.lx.span(p.lx.toks[from].start, p.lx.ends[from+1])), a)
				return "", false, false
			}
			if to-from > 1 {
				p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which elements are %q: name them as elements (list items, rows, buttons, links) or quote a text the page shows", p.lx.span(p.lx.toks[from+1].start, b)), a)
			}
			return "", false, false
		}
	}
	return p.lx.span(a, b), false, true
}

// reNumberPlus is a number with a plus after it: "3+", at least three.
var reNumberPlus = lazyRE(`^\d+\+$`)

// clauseGoesOn are words that, inside unquoted words after a verb of
// showing, go on with the sentence rather than the text.
var clauseGoesOn = map[string]bool{"not": true, "no": true, "never": true, "as": true, "because": true,
	"since": true, "when": true, "while": true, "if": true, "unless": true, "until": true, "so": true,
	"but": true, "which": true, "who": true, "whose": true, "where": true, "although": true,
	"though": true, "whereas": true, "instead": true, "again": true, "anymore": true}

// showingVerbs, in lower case inside unquoted words, say what the words
// before them do on the page (or what a key or control does).
var showingVerbs = map[string]bool{"render": true, "renders": true, "load": true, "loads": true,
	"appear": true, "appears": true, "work": true, "works": true, "display": true, "displays": true,
	"show": true, "shows": true, "exist": true, "exists": true, "pop": true, "pops": true,
	"come": true, "comes": true, "sit": true, "sits": true, "live": true, "lives": true,
	// what a key or a control does ("SHIFT + a selects all torrents"):
	// a clause about the page, which writes it otherwise
	"selects": true, "opens": true, "closes": true, "saves": true, "deletes": true, "removes": true,
	"adds": true, "toggles": true, "starts": true, "stops": true, "pauses": true, "resumes": true,
	"hides": true, "moves": true, "sorts": true, "creates": true, "sends": true, "clears": true,
	"focuses": true, "triggers": true, "launches": true, "refreshes": true, "reloads": true}

// stateParticiples say a state of what the words before them name.
var stateParticiples = map[string]bool{"marked": true, "shown": true, "displayed": true, "listed": true,
	"labelled": true, "labeled": true, "highlighted": true, "ticked": true, "checked": true,
	"unticked": true, "unchecked": true, "selected": true, "crossed": true, "struck": true,
	"greyed": true, "grayed": true, "underlined": true, "bolded": true, "coloured": true,
	"colored": true, "flagged": true, "disabled": true, "enabled": true, "hidden": true}

// unitWord reports whether a word after a number is a unit of what the
// page shows (a size, a speed, a share): "0 kB/s" is a value, not a count
// of elements called "kB/s".
func unitWord(w string) bool {
	return reUnit.MatchString(w)
}

var reUnit = lazyRE(`^(?i:[kmgtp]?i?b(?:/s|ps)?|[kmg]bit/s|bytes?|kb|mb|gb|tb|%|px|em|rem|ms|s|sec|secs|seconds?|minutes?|mins?|hours?|h|days?|°[cf]?|kg|g|km|m|cm|mm|mph|kph|fps|hz|khz|mhz|ghz)$`)

// particleFirst are lower-case particles of a phrasal verb ("gives
// back", "brings up", "turns out", "comes over"): an unquoted text never
// starts with one.
var particleFirst = map[string]bool{"back": true, "up": true, "out": true, "off": true, "away": true, "over": true}

// phrasalVerbs take a particle of particleFirst after them.
var phrasalVerbs = map[string]bool{"gives": true, "give": true, "brings": true, "bring": true, "comes": true,
	"come": true, "gets": true, "get": true, "sends": true, "send": true, "hands": true, "hand": true,
	"turns": true, "turn": true, "spits": true, "spit": true, "pulls": true, "pull": true}

// orderWords say where a text sits among others.
var orderWords = map[string]bool{"first": true, "last": true, "before": true, "after": true,
	"above": true, "below": true, "then": true, "ahead": true, "followed": true, "earlier": true,
	"later": true, "top": true, "bottom": true, "firstly": true, "lastly": true, "preceded": true}

// besideWords, in lower case inside unquoted words, say where a text is
// beside another.
var besideWords = map[string]bool{"beside": true, "alongside": true, "underneath": true, "beneath": true, "near": true, "besides": true}

// quantityWords say how many without a number.
var quantityWords = map[string]bool{"many": true, "several": true, "few": true, "some": true,
	"between": true, "about": true, "around": true, "approximately": true, "roughly": true,
	"over": true, "under": true, "lots": true, "numerous": true, "multiple": true,
	"dozens": true, "more": true, "fewer": true, "less": true, "least": true, "most": true}

// chatWords are pronouns and chat shorthand: unquoted words that start
// with one address a person, not quote the page.
var chatWords = map[string]bool{"u": true, "you": true, "ya": true, "me": true, "us": true,
	"them": true, "him": true, "her": true, "ur": true, "your": true, "my": true}

var vague = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range vagueWords {
		if !strings.Contains(w, " ") {
			m[w] = true
		}
	}
	return m
}()

// number reads a count: digits or a word up to twenty.
func number(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n <= 10000
	}
	n, ok := numberWords[s]
	return n, ok
}

// linkTarget finds a link by where it goes: an <a> whose href is the path,
// with or without a trailing slash.
func linkTarget(pg pageRef) (string, []string) {
	var notes []string
	if pg.note != "" {
		notes = append(notes, pg.note)
	}
	base := strings.TrimSuffix(pg.path, "/")
	notes = append(notes, fmt.Sprintf("A link to %s is an <a> whose href is exactly %s or %s/; edit the target if your links are absolute or relative.", pg.path, base, base))
	v := fmt.Sprintf(`a[href=%s], a[href=%s]`, cssString(base), cssString(base+"/"))
	if seg := strings.TrimPrefix(base, "/"); seg != "" && !strings.ContainsAny(seg, "/?#") {
		// A relative href ("users") reaches /users from the home page,
		// where links to top-level pages are checked.
		v += fmt.Sprintf(`, a[href=%s], a[href=%s]`, cssString(seg), cssString("./"+seg))
		notes[len(notes)-1] = fmt.Sprintf("A link to %s is an <a> whose href is %s, %s/, %s or ./%s; edit the target if your links are absolute.", pg.path, base, base, seg, seg)
	}
	if base == "" {
		v = `a[href="/"]`
		notes[len(notes)-1] = "A link to / is an <a> whose href is exactly /; edit the target if your links are absolute."
	}
	return plan.Target{Kind: plan.ByCSS, Value: v}.String(), notes
}

// absentLink widens a link target for a check that no such link is
// shown: an absolute address ending in the path ("https://app.example/
// admin") is a link there too, and missing it would verify a claim the
// page contradicts. A link elsewhere with the same path counts as well:
// for an absence, looking wider is the safe side.
func absentLink(t string, pg pageRef, notes []string) (string, []string) {
	base := strings.TrimSuffix(pg.path, "/")
	if base == "" || !strings.HasPrefix(t, "css=") {
		return t, notes
	}
	t += fmt.Sprintf(`, a[href*="://"][href$=%s], a[href*="://"][href$=%s]`, cssString(base), cssString(base+"/"))
	return t, append(notes, fmt.Sprintf("An absolute link whose address ends in %s counts too, whatever its host: that no such link is shown is checked on the wide side.", base))
}

// plainName reports whether unquoted words can name an element: "Sign in"
// can, "nav with a Docs" and "broken" cannot.
func plainName(v string) bool {
	ws := strings.Fields(strings.ToLower(v))
	if len(ws) == 0 {
		return false
	}
	if ws[0][0] >= '0' && ws[0][0] <= '9' {
		return false
	}
	if _, isNum := numberWords[ws[0]]; isNum {
		return false
	}
	for _, w := range ws {
		if determiners[w] || badNames[w] || w == "with" || w == "and" || w == "or" || vague[w] {
			return false
		}
		// "has 2 links", "about 10 links", "a few links": a quantity
		// or a verb of the claim, never a link's name.
		if _, isNum := number(w); isNum || structural[w] {
			return false
		}
	}
	return true
}

var badNames = map[string]bool{"broken": true, "missing": true, "any": true, "new": false,
	"other": true, "some": true, "all": true, "empty": true, "blank": true, "every": true,
	"second": true, "third": true, "last": true, "nth": true, "several": true, "many": true,
	"few": true, "couple": true, "dozen": true, "dozens": true, "numerous": true, "multiple": true,
	"own": true, "both": true, "either": true, "neither": true, "each": true}

// pathAdjectives may stand before a path: "the old /pricing-2023 page".
var pathAdjectives = map[string]bool{"old": true, "new": true, "legacy": true, "former": true,
	"page": true, "url": true, "route": true, "path": true, "endpoint": true,
	"deprecated": true, "archived": true, "public": true, "private": true, "internal": true}

// regionNames are parts of a page and elements on it, never an app's name.
var regionNames = map[string]bool{"nav": true, "navigation": true, "navbar": true,
	"header": true, "footer": true, "banner": true, "table": true, "form": true,
	"button": true, "link": true, "links": true, "field": true, "badge": true, "icon": true,
	"heading": true, "title": true, "image": true, "logo": true, "cart": true, "basket": true,
	"breadcrumb": true, "breadcrumbs": true, "toast": true, "counter": true, "hero": true}

// ownerIsName reports whether the words before "home page" read as an
// app's name: quoted, capitalised words ("Acme", "JSON Server") or a
// possessive ("the shop's"), none of them a word of the claim's grammar or a part of a
// page. A lower-case word ("mobile", "admin", "signed-in") describes a
// version or a state of the page, which the plan would not check.
func ownerIsName(toks []token) bool {
	// "the shop's home page": a possessive names an owner whatever its case.
	if len(toks) == 0 || toks[0].low == "'s" {
		return false
	}
	possessive := strings.HasSuffix(toks[len(toks)-1].low, "'s")
	for _, t := range toks {
		if t.kind == tLit {
			continue
		}
		if t.low == "'s" {
			continue
		}
		if structural[t.low] || stopWords[t.low] || notText[t.low] || regionNames[t.low] || containerNouns[t.low] || pageStateWords[t.low] {
			return false
		}
		r := []rune(t.raw)
		if len(r) == 0 || !possessive && !(unicode.IsUpper(r[0]) || unicode.IsDigit(r[0])) && !(len(toks) == 1 && joinedName(t.low)) {
			return false
		}
	}
	return true
}

// joinedName reports whether a lower-case word is written as a package's
// or a program's name, its parts joined by a hyphen or a dot
// ("json-server", "foo.js"), rather than as a description ("user-facing",
// "re-designed", "full-width").
func joinedName(w string) bool {
	parts := strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '.' })
	if len(parts) < 2 || strings.Trim(w, "-.") != w || strings.Contains(w, "--") || strings.Contains(w, "..") {
		return false
	}
	for _, part := range parts {
		for _, r := range part {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return false
			}
		}
		if pageStateWords[part] || structural[part] || stopWords[part] || vague[part] {
			return false
		}
	}
	if strings.Contains(w, ".") {
		return true
	}
	last := parts[len(parts)-1]
	for _, suf := range []string{"ed", "ing", "in", "out", "up", "off", "only", "wide", "width", "style", "like", "based", "facing", "friendly", "free", "level", "size", "sized", "page", "time", "first"} {
		if strings.HasSuffix(last, suf) {
			return false
		}
	}
	return true
}

// pageStateWords say which state, language or version of a page a claim means
// ("the empty cart page", "the German home page", "the mobile site"): never
// an app's name, nor the name of a link to the page.
// freshWords say a page is as it loads, which is where every journey
// starts.
var freshWords = map[string]bool{"fresh": true, "freshly": true, "loaded": true, "reloaded": true, "refreshed": true, "opened": true}

var pageStateWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`empty blank full new old legacy former current previous next
		mobile desktop tablet dark light printable print offline online cached default
		beta alpha staging draft archived hidden public private logged-in logged-out signed-in
		signed-out anonymous translated localized localised
		english german french spanish italian dutch portuguese russian chinese japanese korean
		arabic hebrew polish swedish norwegian danish finnish turkish greek czech hungarian
		ukrainian hindi indonesian vietnamese thai brazilian american british canadian
		australian european international`) {
		m[w] = true
	}
	return m
}()

// landing is what an expect_url checks for a page a claim says something
// ends up on: the whole address when the claim gave its host, else the
// path on the base URL.
func (r pageRef) landing() (value, note string) {
	if r.abs != "" {
		return r.abs, fmt.Sprintf("%q is checked with its host: the run must end up on that site, not on %s of the app.", r.phrase, r.path)
	}
	return r.path, r.note
}

// imageNouns end an unquoted phrase that names an image ("the Acme logo"),
// which is never a text to look for.
var imageNouns = map[string]bool{"icon": true, "icons": true, "logo": true, "logos": true, "image": true,
	"images": true, "picture": true, "pictures": true, "photo": true, "photos": true, "avatar": true,
	"avatars": true, "illustration": true, "thumbnail": true, "thumbnails": true, "screenshot": true}
