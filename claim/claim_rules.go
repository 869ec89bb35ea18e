package claim

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vouchdev/vouch/plan"
)

// The rules of the claim language, in the order the parser tries them.
// docs/claims.md describes them for people; a new phrasing needs a rule
// here, a line there and claims in fixtures/claims.

var regionAlt = alternation([]string{"footer", "header", "nav", "navigation", "navbar", "nav bar",
	"menu", "sidebar", "side bar", "banner", "counter", "count", "item count", "todo count",
	"list", "todo list", "table", "main content", "content", "body", "main area", "page body",
	"page content", "dialog", "modal", "popup", "form", "toast", "notification", "status bar",
	"status line", "summary", "card", "section", "panel", "hero", "hero section", "top bar",
	"result", "results", "output", "message", "message area", "alert", "response",
	"response body", "feed", "grid", "cart", "basket", "badge", "tooltip", "sidebar menu",
	"error message", "success message", "flash message", "greeting", "welcome message",
	"status", "status message", "subtitle", "tagline", "breadcrumb",
	"breadcrumbs", "main section", "article", "total", "price", "heading area"})

func buildRules() {
	// Connectors.
	addRule("then", cConn, false, `(?:, )?(?:and then|then|after that|afterwards|next|finally|and finally|subsequently|later|followed by)(?: ,)?`,
		func(m *match) ([]item, bool) { return []item{{kind: iConn, seq: true}}, true })
	addRule("possible", cConn, false, `(?:it (?:is|be) possible to|(?:users?|you|i|we|people|visitors|customers|a user|the user) (?:are |is |be )?able to|one can|there (?:is|be) a way to)`,
		func(m *match) ([]item, bool) { return []item{{kind: iConn}}, true })
	addRule("preamble", cConn, false, `(?:(?:please|kindly|you|we|i|let us) )*(?:`+
		`(?:verify|check|test|confirm|ensure|assert|validate|prove|vouch|expect|double-check|double check|see (?:that|if|whether)|make sure|i want to (?:verify|check|confirm|make sure|know|see)|i would like to (?:verify|check|confirm|see)|we need to (?:verify|check|confirm|make sure)|i need to (?:verify|check|confirm|make sure)|i expect|we expect|it is (?:true|the case)|scenario|claim|requirement|given|test case|acceptance criteria|ac)`+
		`(?: (?:that|if|whether|to see if|to see that|to see whether|for|:))*)(?: ,| :)?`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			// "Check 'Remember me'" ticks a box; "Check the terms box" too.
			low := m.low(0)
			if (strings.HasPrefix(low, "check") || strings.HasPrefix(low, "test") || strings.HasPrefix(low, "see")) &&
				!strings.Contains(low, " that") && !strings.Contains(low, " if") && !strings.Contains(low, " whether") && !strings.Contains(low, ":") {
				if nx := m.p.nextToken(m.end); nx == nil || nx.kind == tLit {
					return nil, false
				}
			}
			return []item{{kind: iConn}}, true
		})
	// "opens the hotkeys dialog, which lists 'Toggle turtle mode'": a
	// relative clause says what the element just checked holds.
	addRule("which shows", cNoop, false, `(?:which|that) (?:{show}|holds?|offers?|asks (?:you )?for|prompts (?:you )?for) ({lits})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l != nil && l.kind == iCheck && len(l.steps) == 1 && l.steps[0].Kind == plan.ExpectURL && m.p.nextToken(m.end) == nil {
				// "opens /users, which lists 'Ann Lee'": the page the
				// address belongs to is the one shown, so the texts are
				// looked for on it.
				var out []item
				for _, v := range m.lits(1) {
					c := check("presence", plan.Step{Kind: plan.ExpectText, Value: v})
					c.cont = contText
					out = append(out, c)
				}
				return out, len(out) > 0
			}
			if l == nil || l.kind != iCheck || len(l.steps) != 1 || l.steps[0].Kind != plan.ExpectVisible || !containerTarget(l.steps[0].Target) {
				return nil, false
			}
			var out []item
			for _, v := range m.lits(1) {
				c := check("presence", plan.Step{Kind: plan.ExpectText, Value: v, Target: l.steps[0].Target})
				c.cont = contText
				out = append(out, c)
			}
			return out, len(out) > 0
		})
	addRule("and", cConn, false, `(?:,|;|:|and|also|plus|as well as|and also|but also|but|and that|that|so that|so|while|where|and i|, and)(?: (?:that|also|then))?(?: (?:check|verify|ensure|confirm|assert|expect|make sure) (?:that|if|whether))?(?: (?:ensure|make sure|expect))?`,
		func(m *match) ([]item, bool) {
			if m.st.start {
				return nil, false
			}
			// ", then" is an order, however it is matched
			return []item{{kind: iConn, seq: strings.Contains(" "+m.low(0)+" ", " then ")}}, true
		})
	addRule("with element", cConn, false, `(?:with|containing|that has|which has|including|that contains|which contains|that includes)`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.cont != contElement || m.st.afterConn {
				return nil, false
			}
			return []item{{kind: iConn}}, true
		})
	addRule("empty form", cNoop, false, `(?:empty|blank|unfilled|with (?:an? |the )?(?:empty|blank) form|without filling (?:anything|in anything|the form|it)(?: in)?|with nothing filled in|with no fields filled in|with all fields empty)`,
		func(m *match) ([]item, bool) {
			// "submitting the form empty": a bare word only right after
			// the action it describes.
			if !strings.Contains(m.low(0), " ") {
				if l := m.st.last; l == nil || l.kind != iAction || m.st.afterConn {
					return nil, false
				}
			}
			return []item{{kind: iNoop, formClick: true, notes: []string{"An empty form needs no step: every journey starts on a fresh page."}}}, true
		})
	addRule("in region", cNoop, false, `(?:in|on|inside|within|from|at|under) (?:the |its |a |my |their )?(?:(?:cookie|consent|site|page|main|top|bottom|left|right) )?(?:header|footer|nav|navigation|navbar|nav bar|menu|main menu|sidebar|side bar|top bar|banner|cookie banner|consent banner|dialog|modal|popup|toolbar|hero|hero section|breadcrumbs?|card|panel|table|list|form|main content)`,
		func(m *match) ([]item, bool) {
			if m.st.last == nil || m.st.afterConn || m.st.last.kind == iCheck && !strings.HasPrefix(m.low(0), "from ") {
				// A check said of a part ("shows 'Privacy' in the
				// footer") is pinned to it or refused, never made on the
				// whole page.
				return nil, false
			}
			for _, s := range m.st.last.steps {
				if strings.Contains(s.Target, " nth=") {
					// "the last button in the toolbar": the place says
					// what is counted; the whole page's last button is
					// another element.
					return nil, false
				}
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
			if strings.HasSuffix(strings.TrimSpace(m.low(0)), "menu") {
				// "Choosing 'Settings' from the main menu": a menu's items
				// are hidden until it opens, so the menu readers open it
				// (menu.go); the whole page would miss the item, or click
				// another of its name.
				return nil, false
			}
			if part := landmarkPart(m.low(0)); part != "" && m.st.last.kind == iAction && pinActionIn(m.st.last, part) {
				// "clicking 'Docs' in the footer": the footer's link, not
				// the header's of the same name, which the whole page
				// would click first
				r := plan.Regions[part]
				return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q: the target is looked for inside the page's %s (<%s> or role=%s; a page without one blocks the run).", phrase, plan.RegionWord(part), r.Tag, r.Role)}}}, true
			}
			return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q is not pinned: the target is looked for on the whole page.", phrase)}}}, true
		})
	addRule("empty cart", cNoop, false, `(?:without (?:any )?(?:items|products|anything)(?: in (?:it|the cart|the basket|the bag))?|with (?:an? )?empty (?:cart|basket|bag)|with nothing in (?:the |my )?(?:cart|basket|bag))`,
		func(m *match) ([]item, bool) {
			return []item{{kind: iNoop, notes: []string{"A fresh browser has nothing in its cart, so no step is needed for that."}}}, true
		})
	addRule("noop", cNoop, false, `please|thanks|thank you|pls|(?:in|on|using|with) (?:the |a |real |headless )?(?:browser|chrome|chromium)|for real|right now|now|immediately|instantly|again|as well|too|successfully|correctly|properly`,
		func(m *match) ([]item, bool) {
			if m.st.start {
				return nil, false
			}
			return []item{{kind: iNoop}}, true
		})
	// "doesn't show 'undefined' anywhere": a page-wide text check already
	// looks everywhere on the page.
	addRule("anywhere", cNoop, false, `(?:anywhere|at all|whatsoever|anywhere at all)(?: (?:on|in) (?:the |this |that )?(?:page|screen|site|ui))?`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iCheck || m.st.afterConn || len(l.steps) != 1 {
				return nil, false
			}
			switch s := l.steps[0]; s.Kind {
			case plan.ExpectText, plan.ExpectNoText:
				if s.Target != "" {
					return nil, false
				}
			default:
				return nil, false
			}
			return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q: the text is looked for on the whole page.", strings.TrimSpace(m.p.lx.span(m.start, m.end)))}}}, true
		})
	// "As a visitor, I can …": a user story's role. Anyone's role is
	// what vouch's fresh, signed-out browser is; a role that needs an
	// account ("As an admin, …") would need its sign-in, which the claim
	// does not give.
	addRule("as role", cNoop, false, `as (?:a|an|the|any) ([a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?: ,|$| i | we )`,
		func(m *match) ([]item, bool) {
			if !m.st.start {
				return nil, false
			}
			role := m.low(1)
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.loc[3]))
			if !anyoneRoles[role] {
				m.p.setHint("unsupported", fmt.Sprintf("the claim speaks %q, which needs that account signed in: say how they sign in (\"signing in as … , clicking …\") or leave the role out if anyone may", phrase), m.start)
				return nil, false
			}
			// The match may have taken the " i " or " we " that starts
			// the story's sentence: give it back.
			end := m.loc[3]
			if m.end > end && m.p.lx.shape[end:m.end] == " ," {
				end = m.end
			}
			m.end = end
			return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q is taken as anyone: the journey runs signed out.", phrase)}}}, true
		})
	// "I want to click 'Docs' and see …": a user story's wish is what the
	// user can do, as "I can".
	addRule("story wish", cConn, false, `(?:i|we|you|users?|visitors?) (?:want|would like|'d like|need|wish|expect) to`,
		func(m *match) ([]item, bool) {
			if nx := m.p.nextToken(m.end); nx == nil || nx.low == "verify" || nx.low == "check" || nx.low == "confirm" || nx.low == "know" || nx.low == "make" {
				return nil, false
			}
			return []item{{kind: iConn}}, true
		})
	// "Going to /users to check on Bob shows …": a purpose clause says why
	// the user acts; what is checked is what follows it.
	addRule("purpose", cNoop, true, `(?:in order )?to (?:check|look|see|view|inspect|review|read|browse|find|peek|compare|study|examine|glance)(?: (?:on|at|out|over|into|through))? ({bare})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || m.st.afterConn || !(l.kind == iAction || l.kind == iPage && l.visit) {
				return nil, false
			}
			from, to := m.p.lx.tokensIn(m.bounds(1))
			if from >= to || to-from > 6 {
				return nil, false
			}
			for i := from; i < to; i++ {
				t := m.p.lx.toks[i]
				if t.kind != tWord && t.kind != tNumber || structural[t.low] || stopWords[t.low] || vague[t.low] || outOfReachWord[t.low] {
					return nil, false
				}
				if i == from && (t.low == "that" || t.low == "if" || t.low == "whether" || t.low == "how" || t.low == "what") {
					return nil, false
				}
			}
			// Only a check may follow: the purpose is not itself one.
			if nx := m.p.nextToken(m.end); nx == nil || !checkStart[nx.low] {
				return nil, false
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
			return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q says why the user acts; it is not checked itself.", phrase)}}}, true
		})
	// "shows one 'Save' button, not two": an exact count already excludes
	// any other number.
	addRule("not other count", cNoop, false, `(?:but )?not ({num})(?: (?:of them|times|or more))?`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iCheck || len(l.steps) != 1 || l.steps[0].Kind != plan.ExpectCount || l.steps[0].Ref != "" {
				return nil, false
			}
			n, ok := number(m.low(1))
			if !ok || n == l.steps[0].Count {
				return nil, false
			}
			return []item{{kind: iNoop, notes: []string{fmt.Sprintf("%q follows from the exact count of %d.", strings.TrimSpace(m.p.lx.span(m.start, m.end)), l.steps[0].Count)}}}, true
		})
	// "shows '201' and '400' (no '404')": an aside that names a text the
	// page does not show.
	addRule("aside absent", cNoop, false, `(?:but |and )?(?:no|not|never|without)(?: (?:a|an|any|the))? ({lits})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iCheck || m.st.afterConn || l.cont != contText {
				return nil, false
			}
			return m.texts(1, true)
		})
	// "clicking '+' twice", "pressing Tab three times": the action again.
	addRule("times", cNoop, false, `(twice|thrice|({num}) times)(?: in a row| over)?`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l != nil && l.kind == iReload && !m.st.afterConn && (m.low(1) == "twice" || m.ok(2)) {
				n := 2
				if m.ok(2) {
					var ok bool
					if n, ok = number(m.low(2)); !ok || n < 1 || n > 10 {
						return nil, false
					}
				}
				var out []item
				for i := 1; i < n; i++ {
					out = append(out, item{kind: iReload, rkind: "navigation", desc: "reload the page"})
				}
				if len(out) == 0 {
					return []item{{kind: iNoop}}, true
				}
				return out, true
			}
			if l == nil || l.kind != iAction || m.st.afterConn || len(l.steps) != 1 || l.deferred != nil {
				return nil, false
			}
			switch l.steps[0].Kind {
			case plan.Click, plan.Press, plan.DblClick:
			default:
				return nil, false
			}
			n := 2
			switch {
			case m.low(1) == "thrice":
				n = 3
			case m.ok(2):
				var ok bool
				if n, ok = number(m.low(2)); !ok || n < 1 || n > 10 {
					return nil, false
				}
			}
			if n == 1 {
				return []item{{kind: iNoop}}, true
			}
			var out []item
			for i := 1; i < n; i++ {
				a := action(l.rkind, l.steps[0])
				a.click, a.clickExact, a.desc = l.click, l.clickExact, l.desc
				out = append(out, a)
			}
			out[0].notes = []string{fmt.Sprintf("%q repeats the step before it: %d times in all.", strings.TrimSpace(m.p.lx.span(m.start, m.end)), n)}
			return out, true
		})
	// "double-clicking 'milk' lets you edit it": an edit field holding the
	// item shows up in the item.
	addRule("lets edit", cCheck, false, `(?:lets|let) (?:you|me|the user|users|us) (?:edit|rename|change) (?:it|the (?:item|task|todo|entry|text|name))|(?:opens|open|puts|put) (?:it|the (?:item|task|todo|entry)) (?:for editing|in edit mode|into edit mode)|(?:makes|make) it editable`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iAction || m.st.afterConn || len(l.steps) != 1 || l.steps[0].Kind != plan.DblClick && l.steps[0].Kind != plan.Click {
				return nil, false
			}
			t, err := plan.ParseTarget(l.steps[0].Target)
			if err != nil || t.Kind != plan.ByText || t.Within != "" {
				return nil, false
			}
			box := plan.Target{Kind: plan.ByRole, Value: "textbox", Within: t.Value}.String()
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: box})
			c.desc = fmt.Sprintf("an edit field shows in the item %q", t.Value)
			c.notes = []string{fmt.Sprintf("Editing is checked by a text field being visible inside the item showing %q (its smallest repeated item: list item, row, card).", t.Value)}
			return []item{c}, true
		})
	// "/api/contents without a token returns 403": a request with no
	// credentials is what every fresh journey sends; after an action the
	// words are a form's field ("submitting without a token"), not this.
	addRule("no credentials", cNoop, false, `(?:(?:without|with no) (?:an? |the |any )?(?:token|api key|api token|access token|auth token|bearer token|authentication|auth|credentials|session cookie|session|cookies?)|(?:no|without an?) (?:token|login|sign-in|auth|authentication|api key|credentials) (?:needed|required|necessary))`,
		func(m *match) ([]item, bool) {
			if m.st.acted {
				return nil, false
			}
			return []item{{kind: iNoop, notes: []string{"Every journey starts in a fresh browser with no cookies, token or credentials, so the request is sent without them."}}}, true
		})
	addRule("signed out", cNoop, false, `(?:while |when |as |being |if |but )?(?:signed|logged) out|(?:while |when |if )?not (?:signed|logged) in|as an? (?:guest|anonymous (?:user|visitor)|visitor|(?:logged|signed)[ -]out (?:user|visitor)|new visitor|first-time visitor|user who is not (?:signed|logged) in)|without (?:signing|logging) in|without being (?:signed|logged) in|anonymously|in a fresh (?:session|browser)|with (?:no|an empty) session|in (?:an )?incognito(?: mode| window)?|(?:for|to) (?:an? )?(?:logged-out|signed-out|anonymous) (?:users?|visitors?)`,
		func(m *match) ([]item, bool) {
			return []item{{kind: iNoop, notes: []string{"Every journey starts in a fresh browser with no cookies, so it is signed out."}}}, true
		})
	addRule("scroll", cNoop, false, `(?:scrolling|scroll|scrolls)(?: (?:down|up|to the bottom|to the top|to the footer|to the end|all the way down|all the way|to it|into view))*(?: of the page)?`,
		func(m *match) ([]item, bool) {
			return []item{{kind: iNoop, notes: []string{"Scrolling needs no step: vouch scrolls elements into view itself."}}}, true
		})
	addRule("wait time", cNoop, false, `(?:waiting|wait|waits|pausing|pause)(?: for)? (?:a (?:moment|second|bit|few seconds|while)|(?:\d+|a few|one|two|three|five|ten) (?:seconds?|secs?|s|ms|milliseconds?|minutes?))`,
		func(m *match) ([]item, bool) {
			return []item{{kind: iNoop, notes: []string{"Fixed waits are not part of plans: every step waits for its target within its time budget."}}}, true
		})
	// "Once the page has loaded, the title is …": the time the check is
	// made, which every step waits for anyway; not a check that the page
	// loads without errors (tried before "cond", which would read one).
	addRule("page loaded", cNoop, false, `(?:once|after|when|as soon as) (?:the )?(?:page|app|site|website|application|ui|web ui|web app|web interface|interface|screen|it|everything|editor|wiki|gui) (?:has |is |have )?(?:loaded|loads|load|finished loading|finishes loading|finish loading|done loading|fully loaded|completely loaded|is done loading|rendered|renders|render|is ready|ready|settled|settles|settle)(?: fully| completely| up)?(?: ,)?`,
		func(m *match) ([]item, bool) {
			said := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m.p.lx.shape[m.start:m.end]), ","))
			return []item{{kind: iNoop, notes: []string{"\"" + said + "\" says when the check is made: every step waits for its target within its time budget, so it needs no step."}}}, true
		})
	addRule("cond", cConn, false, `(?:right after|just after|directly after|after|when|whenever|once|if|upon|as soon as|on|given)(?: ,)?`,
		func(m *match) ([]item, bool) {
			// "on" alone is a page context ("on the home page"); only a
			// verb that follows makes it a condition ("on submitting").
			if m.low(0) == "on" || strings.HasPrefix(m.low(0), "on ") {
				nx := m.p.nextToken(m.end)
				if nx == nil || !strings.HasSuffix(nx.low, "ing") {
					return nil, false
				}
			}
			return []item{{kind: iCond}}, true
		})

	// Titles that name their page: "the title of /about is 'About us'".
	addRule("title of", cCheck, true, `(?:the )?(?:page |browser |tab |document |html |window )?title (?:of|on|for) ({page}) (?:is|be|says|reads|equals|=|:|shows|contains|contain|includes|include|matches|gets|will be)?(?: exactly)?(?: not)? ?({text})`,
		func(m *match) ([]item, bool) {
			if strings.Contains(m.p.lx.shape[m.loc[3]:m.loc[4]], " not ") {
				m.p.setHint("unsupported", "a title can be checked to be something, not to be something else", m.start)
				return nil, false
			}
			pg, ok := m.p.pageAt(m.bounds(1))
			if !ok {
				return nil, false
			}
			v, q, ok := m.text(2)
			if !ok {
				return nil, false
			}
			if titlePart(m.p.lx.shape[m.loc[3]:m.loc[4]]) {
				m.p.setHint("unsupported", "a title is checked whole, not for a part of it: write the full title in quotes", m.start,
					fmt.Sprintf("The title of %s is %q", pg.phrase, v))
				return nil, false
			}
			c := check("title", plan.Step{Kind: plan.ExpectTitle, Value: v})
			c.notes = bareNote(v, q)
			return []item{{kind: iPage, page: pg}, c}, true
		})

	// Pages: where the claim happens.
	addRule("on page", cCtx, false, `(?:on|at|in|from|inside|within|for|of|via|under|over at) ({page})`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.pageAt(m.bounds(1))
			if !ok {
				return nil, false
			}
			return []item{{kind: iPage, page: pg}}, true
		})
	// "Going to /users from the home page", "navigating from / to
	// /users": the first page is opened, then the path in the same tab,
	// so that going back returns to the first. Which link, if any, was
	// followed the claim does not say.
	addRule("visit from", cCtx, false, `{who}(?:(?:going|go|goes|navigating|navigate|navigates|moving|move|moves|heading|head|heads|browsing|browse|browses) (?:over )?to (/\S*) from ({page})|(?:going|go|goes|navigating|navigate|navigates|moving|move|moves|browsing|browse|browses) from ({page}) to (/\S*))`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			fa, fb, ta, tb := m.loc[4], m.loc[5], m.loc[2], m.loc[3]
			if m.loc[2] < 0 {
				fa, fb, ta, tb = m.loc[6], m.loc[7], m.loc[8], m.loc[9]
			}
			from, ok1 := m.p.pageAt(fa, fb)
			to, ok2 := m.p.pageAt(ta, tb)
			if !ok1 || !ok2 || from.generic || to.generic || from.path == "" || to.path == "" || from.path == to.path {
				return nil, false
			}
			// The second page is opened as an action of the journey that
			// starts on the first.
			second := action("navigation", plan.Step{Kind: plan.Visit, Value: to.path})
			second.desc = fmt.Sprintf("open %s", to.path)
			second.notes = []string{fmt.Sprintf("Going from %s to %s is done by opening %s in the same tab after %s; the claim does not say which link, if any, leads there.", from.path, to.path, to.path, from.path)}
			return []item{{kind: iPage, page: from, visit: true}, second}, true
		})

	addRule("visit", cCtx, false, `{who}(?:can )?(?:visiting|visit|visits|visited|opening|open|opened|loading|load|going to|go to|goes to|went to|navigating to|navigate to|navigates to|browsing to|browse to|browses to|heading to|head to|heads to|requesting|request|requests|asking for|asks for|querying|query|calling|call|pulling up|pull up|fetching|fetch|hitting|hit|hits|pointing (?:a |the )?browser (?:at|to)|get|landing on|land on|arriving at|arrive at|being on|am on|are on|is on|starting (?:on|at|from)|start (?:on|at|from)|starting with|start with|accessing|access|surfing to|reaching|reach)(?: the url| url| the address| address)? ({page})(?: directly| in the browser| in a browser| first)?`,
		func(m *match) ([]item, bool) {
			// "Clicking 'Docs' opens /docs" checks where the click leads;
			// only a separate clause visits ("..., then open /docs").
			if l := m.st.last; l != nil && (l.kind == iAction || l.kind == iReload) && !m.st.afterConn {
				return nil, false
			}
			// "Clicking 'Next' on /blog goes to /blog/2": the page after
			// the action is where it happens, the next one where it leads.
			if l := m.st.last; l != nil && l.kind == iPage && m.st.acted && !m.st.afterConn {
				return nil, false
			}
			// "... and you land on /pricing" after an action says where
			// it led; at the start it says where to begin.
			verb := m.p.lx.shape[m.start:m.loc[2]]
			if m.st.acted {
				for _, w := range []string{"land", "arriv", "am on", "are on", "is on", "being on", "reach"} {
					if strings.Contains(verb, w) {
						return nil, false
					}
				}
			}
			pg, ok := m.p.pageAt(m.bounds(1))
			if !ok {
				return nil, false
			}
			return []item{{kind: iPage, page: pg, visit: true}}, true
		})

	// "Checking /db, it contains …": looking at a path is visiting it. Only
	// a path: "checking 'Remember me'" ticks a box.
	addRule("check path", cCtx, false, `(?:checking|check|looking at|look at|inspecting|inspect|examining|examine)(?: out)? (/\S*|https?://\S+)`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			pg, ok := m.p.page(m.bounds(1))
			if !ok {
				return nil, false
			}
			return []item{{kind: iPage, page: pg, visit: true}}, true
		})

	// Actions.
	addRule("sign in", cAction, false, `{who}(?:can )?(?:(?:signing|sign|signs|signed|logging|log|logs|logged) (?:in|on)(?: to| into)?(?: (?:the app|the site|the application|the dashboard|my account|the account|their account|your account))?|authenticating|authenticate|authenticates)(?: (?:as|with (?:the )?(?:user|account|email|username|email address|login)(?: of)?) ({user})| with (\S+@\S+|"\d+"))?`,
		func(m *match) ([]item, bool) {
			return m.p.signIn(m)
		})
	credPre := `(?:, )?(?:/|with|using|via|and|by entering|by typing|entering|typing|providing|plus|and the|password in|password from)(?: (?:the|their|his|her|my|a|its))?(?: password)?(?: (?:from|in|stored in|kept in|held in|saved in|of|=|:|set to))?(?: the)?`
	credPost := `(?: (?:secrets?|env var|environment variable|variable))?(?: (?:as|for) (?:the |their |a |my )?(?:password|credentials))?`
	addRule("credentials", cAction, false, credPre+`(?: (?:secret|env(?:ironment)? variable|env var|variable|environment))? (?:\$\{?)?({secretname})(?:\})?`+credPost,
		func(m *match) ([]item, bool) {
			return m.p.credentials(m)
		})
	addRule("credentials after and", cAction, false, `(?:the |a )?(?:(?:secret|env var|environment variable) (?:\$\{?)?({secretname})(?:\})?|(?:\$\{?)?({secretname})(?:\})? (?:secret|env var|environment variable))`+credPost,
		func(m *match) ([]item, bool) {
			if !m.st.afterConn {
				return nil, false
			}
			if !m.ok(1) {
				m.loc[2], m.loc[3] = m.loc[4], m.loc[5]
				m.loc[4], m.loc[5] = -1, -1
			}
			return m.p.credentials(m)
		})
	addRule("two credentials", cAction, false, credPre+`(?: (?:secrets|env(?:ironment)? variables|env vars|variables))? (?:\$\{?)?({secretname})(?:\})?(?: and|,) (?:\$\{?)?({secretname})(?:\})?`+credPost,
		func(m *match) ([]item, bool) {
			return m.p.credentials(m)
		})
	addRule("submit", cAction, false, `{who}(?:can )?(?:submitting|submit|submits|submitted|sending|send|sends|sent|posting|post|posts|completing|complete|completes|filling (?:in|out)|fill (?:in|out)|fills (?:in|out))(?: (?:the|a|an|this|that|my|their|your))?(?: ("\d+"|[a-z][\w-]*(?: [a-z][\w-]*)?))? (?:form|request|message)|(?:submitting|submit|submits|submitted|sending|send|sends|sent)(?: it| the data| the details| the message)?`,
		func(m *match) ([]item, bool) {
			if nt := m.p.nextToken(m.end); nt != nil && (nt.low == "button" || nt.low == "buttons") {
				// "/login's submit button says 'Sign in'": a noun, the
				// form's submit button, not the action of submitting
				return nil, false
			}
			implied := false
			if w := strings.Fields(m.low(0)); len(w) > 0 && (strings.HasPrefix(w[0], "fill") || strings.HasPrefix(w[0], "complet")) {
				implied = true
				// "filling in the form shows 'Thanks'": filled with what?
				// Read as a bare submit it clicked the button of an empty
				// form (and twice, with "and submitting it" after)
				if nt := m.p.nextToken(m.end); nt == nil || nt.low != "with" && nt.low != "using" {
					m.p.setHint("unsupported", "\"filling in the form\" does not say what is typed: say the values (\"filling in the form with 'Ann' as the name\", \"typing 'Ann' into 'Name'\")", m.start)
					return nil, false
				}
			}
			items, ok := m.p.submit(m)
			if ok {
				items[len(items)-1].impliedSubmit = implied
			}
			return items, ok
		})
	emptyFill := func(m *match) ([]item, bool) {
		if !m.formContext() || !emptyFieldName(m.low(1)) || nounAfter(m) {
			return nil, false
		}
		t, notes, ok := m.p.field(m.bounds(1))
		if !ok {
			return nil, false
		}
		it := action("form", plan.Step{Kind: plan.Fill, Target: t})
		it.fillish, it.notes, it.cont = true, notes, contWith
		return m.beforeClick([]item{it}), true
	}
	addRule("empty field", cAction, true, `(?:with|having|and|but|while)? ?(?:an? |the )?(?:empty|blank|missing|no) ({field})`, emptyFill)
	addRule("an empty field", cAction, true, `(?:an?|the) (?:empty|blank|missing) ({field})`,
		func(m *match) ([]item, bool) {
			if !emptyFieldName(m.low(1)) || nounAfter(m) {
				return nil, false
			}
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok {
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			it.fillish, it.notes, it.cont = true, notes, contWith
			return []item{it}, true
		})
	addRule("leave empty", cAction, false, `(?:with|having|and|but|while)? ?(?:leaving|leave|leaves|with) (?:the |an? |my )?({field}) (?:left |still )?(?:empty|blank|unfilled|unset|cleared)`,
		func(m *match) ([]item, bool) {
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok {
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			it.fillish, it.notes, it.cont = true, notes, contWith
			// "clicking 'Save' with the 'Name' field empty": the field is
			// empty when the click is made, so it is cleared before it
			return m.beforeClick([]item{it}), true
		})
	addRule("clear field", cAction, false, `{who}(?:clearing|clear|clears|emptying|empty|empties|erasing|erase|erases|wiping|wipe|wipes|blanking|blank)(?: out)? (?:the |my |an? |your )?((?:(?:{name}|[a-z][\w-]*(?: [a-z][\w-]*){0,2}?) )?(?:text field|text box|text area|search box|input box|input field|field|input|textbox|textarea))`,
		func(m *match) ([]item, bool) {
			// Only a field said to be one: "clearing 'Name'" may remove an
			// item ("delete item"), and a box may be a check box ("check
			// box" refuses "clearing the 'Name' box").
			if outcomeVerb(m) {
				return nil, false // "clicking 'Reset' clears the 'Name' field": "field emptied"
			}
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok {
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			it.fillish, it.notes = true, notes
			return []item{it}, true
		})
	// "clicking 'Save' keeps 'Bob' in 'Name'": the field's value after the
	// action (the page's text never holds it).
	addRule("keeps in field", cCheck, false, `(?:keeps|leaves)(?: the (?:value|text))? ({lit}) in (?:the |my |your )?({field})`,
		func(m *match) ([]item, bool) {
			if !outcomeVerb(m) || inPlaceWords[m.low(2)] {
				// "leaves 'Draft' in place" keeps a text, no field
				// labelled "place"
				return nil, false
			}
			v, _, ok := m.text(1)
			if !ok {
				return nil, false
			}
			t, notes, ok := m.p.field(m.bounds(2))
			if !ok {
				return nil, false
			}
			c := check("value", plan.Step{Kind: plan.ExpectValue, Target: t, Value: v})
			c.notes = notes
			return []item{c}, true
		})
	// "clicking 'Reset' clears the 'Name' field": what an action does to
	// a field is its value after it, empty.
	addRule("field emptied", cCheck, false, `(?:clears|empties|erases|wipes|blanks|resets)(?: out)? (?:the |my |an? |your )?((?:(?:{name}|[a-z][\w-]*(?: [a-z][\w-]*){0,2}?) )?(?:text field|text box|text area|search box|input box|input field|field|input|textbox|textarea))`,
		func(m *match) ([]item, bool) {
			if !outcomeVerb(m) {
				return nil, false
			}
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok {
				return nil, false
			}
			c := check("emptied", plan.Step{Kind: plan.ExpectValue, Target: t})
			c.notes = notes
			return []item{c}, true
		})
	addRule("field is empty", cAction, false, `(?:the |an? |my )?({field}) (?:is|are|be|was|gets|get) (?:left )?(?:empty|blank|missing|not filled in|cleared)`,
		func(m *match) ([]item, bool) {
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok || m.st.last == nil && !m.st.afterConn || notFields[strings.ToLower(m.low(1))] || !conditionBefore(m.p.lx.shape[:m.start]) {
				// "On /signup, the 'Email' field is empty" says what the
				// page shows, not a form to send
				return nil, false
			}
			// "... shows an error when the email is empty": the form is
			// submitted with the field empty.
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			if f := strings.Fields(m.p.lx.shape[:m.start]); m.st.last != nil && m.st.last.click != "" && len(f) > 0 && (f[len(f)-1] == "while" || f[len(f)-1] == "when" || f[len(f)-1] == "if") {
				// "clicking 'Save' while the 'Name' field is empty": the
				// click said is the one made with the field empty
				it.fillish, it.notes, it.cont, it.beforeClick = true, notes, contWith, true
				return []item{it}, true
			}
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
			it.deferred, it.fillish, it.cont = &click, true, contWith
			it.notes = append(notes, "An empty field only shows an error once the form is sent: the plan sends it by the button or key the claim says next, else by the form's submit button (the first button in a form that submits it).")
			return []item{it}, true
		})
	addRule("bad email", cAction, false, `(?:typing|type|entering|enter|with|using|submitting|submit|filling in|giving|providing) (?:an? )?(invalid|bad|wrong|malformed|broken|incorrect) (?:email|e-mail|email address)`,
		func(m *match) ([]item, bool) {
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Email"}.String(), Value: "not-an-email"})
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
			if l := m.st.last; l == nil || l.deferred == nil {
				it.deferred = &click
			}
			it.fillish, it.cont = true, contWith
			it.notes = []string{"An invalid address is typed as \"not-an-email\" into the field labelled \"Email\", and the form is sent (by the button or key the claim says next, else its first submit button); edit the plan if your form differs."}
			return []item{it}, true
		})
	addRule("bad password", cAction, false, `(?:with|using|and|entering|typing) (?:an? |the )?(wrong|invalid|incorrect|bad|short|weak|too short) password`,
		func(m *match) ([]item, bool) {
			v := testPasswords[m.low(1)]
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Password"}.String(), Value: v})
			it.fillish, it.cont = true, contWith
			it.notes = []string{fmt.Sprintf("%q is typed as the %s password: a made-up value, not a secret; edit the plan to use another.", v, m.low(1))}
			switch l := m.st.last; {
			case l != nil && l.signin:
				it.replacePassword = true
			case !m.st.acted && m.low(1) != "short" && m.low(1) != "weak" && m.low(1) != "too short":
				// "with a wrong password, /login shows 'Invalid'": nothing
				// typed before it, so the account's email is typed too, as
				// a person trying it would (and as signing in with it
				// does): a form that requires an email is never sent with
				// the password alone, which failed a true claim
				email := plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Email"}.String(), Secret: "USER_EMAIL"}
				it.steps = append([]plan.Step{email}, it.steps...)
				click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
				it.deferred = &click
				it.notes = append(it.notes, "The claim types no email: the account's is typed from the secret USER_EMAIL, as a person trying a wrong password would (a form that requires an email is not sent without one).",
					"A wrong password shows only once the form is sent: the plan sends it by the button or key the claim says next, else by the form's first submit button.")
			case (l == nil || l.deferred == nil) && m.low(1) != "short" && m.low(1) != "weak" && m.low(1) != "too short":
				// "entering a@b.co and a wrong password shows 'Invalid'":
				// a wrong password is found out only once the form is sent
				// (a short one may be seen as it is typed)
				click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
				it.deferred = &click
				it.notes = append(it.notes, "A wrong password shows only once the form is sent: the plan sends it by the button or key the claim says next, else by the form's first submit button.")
			}
			return []item{it}, true
		})
	addRule("without field", cAction, true, `(?:without|omitting|skipping|not filling in|not entering) (?:an? |the |any |entering an? |filling in the |filling the )?({field})`, emptyFill)
	withFill := func(fg, vg int) func(m *match) ([]item, bool) {
		return func(m *match) ([]item, bool) {
			if !m.formContext() {
				return nil, false
			}
			items, ok := m.fill(fg, vg, contWith)
			return m.beforeClick(items), ok
		}
	}
	addRule("with field", cAction, true, `(?:with|having|and|using|, with)? ?(?:the |an? |my )?({field}) (?:set to|as|=|of|being|:|field) ({value})`, withFill(1, 2))
	addRule("with field literal", cAction, false, `(with |having |and |using |, with )?(?:the |an? |my )?({field}) ("\d+"|\S+@\S+|(?:the )?secret {secretname}|\$\{?{secretname}\}?)`,
		func(m *match) ([]item, bool) {
			// "clicking Send with email 'a@b.co'" fills a field; without
			// "with" (or a list of fields before it), "clicking 'Save'
			// tells you 'Saved'" says what happens, and no field is named.
			if !m.ok(1) && !m.st.afterConn {
				return nil, false
			}
			if f := strings.Fields(m.low(2)); !m.ok(1) && len(f) > 1 && (subjectVerbs[f[len(f)-1]] || seeVerbs[f[len(f)-1]]) {
				// "after logging in, the visitor sees 'Hi'": a person
				// and what they see, no field "visitor sees" to type into
				return nil, false
			}
			return withFill(2, 3)(m)
		})
	addRule("with selected", cAction, true, `(?:with|having|and) ({value}) (?:selected|chosen|picked|set) (?:as|in|for|under) (?:the |my )?({field})`,
		func(m *match) ([]item, bool) {
			t, notes, ok := m.p.field(m.bounds(2))
			if !ok {
				return nil, false
			}
			v, ok := m.p.value(m.bounds(1))
			if !ok || v.text == "" {
				return nil, false
			}
			if tt, _ := plan.ParseTarget(t); tt.Kind != plan.ByLabel {
				t, notes = plan.Target{Kind: plan.ByLabel, Value: tt.Value}.String(), nil
			}
			it := action("form", plan.Step{Kind: plan.Select, Target: t, Value: v.text})
			it.fillish, it.cont, it.notes = true, contWith, append(notes, bareNote(v.text, !v.bare)...)
			return m.beforeClick([]item{it}), true
		})
	addRule("with value as", cAction, true, `(?:with|and|using) ({value}) (?:as|in|for|in the) (?:the |my |an? )?({field})`, withFill(2, 1))
	addRule("with checked", cAction, false, `(?:with|and|having) (?:the )?({name}) (?:checkbox |box |option )?(checked|ticked|enabled|selected|on|unchecked|unticked|disabled|off|cleared)`,
		func(m *match) ([]item, bool) {
			if !m.formContext() {
				return nil, false
			}
			v, ok := m.boxName(1)
			if !ok {
				return nil, false
			}
			k := plan.Check
			switch m.low(2) {
			case "unchecked", "unticked", "disabled", "off", "cleared":
				k = plan.Uncheck
			}
			it := action("form", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByRole, Value: "checkbox", Name: v}.String()})
			it.fillish, it.cont = true, contWith
			if w := strings.Fields(m.low(0)); len(w) > 0 && w[0] != "and" {
				// "clicking 'Save' with 'Subscribe' ticked": ticked when
				// the click is made, so before it
				return m.beforeClick([]item{it}), true
			}
			return []item{it}, true
		})
	addRule("fill", cAction, true, `{who}(?:can )?(?:filling|fill|fills|filled|completing|complete|populating|populate)(?: in| out)? ({field}) (?:with|as|using|to|:) ({value})`,
		func(m *match) ([]item, bool) { return m.fill(1, 2, contFill) })
	addRule("set", cAction, true, `{who}(?:setting|set|sets|changing|change|changes|updating|update|updates|making|make|switching|switch|switches) (?:the )?({field}) (?:to|as|=|into) ({value})`,
		func(m *match) ([]item, bool) {
			// "adding 'milk' changes the counter to '1 item left'" says
			// what an action did, not what to type.
			if l := m.st.last; l != nil && (l.kind == iAction || l.kind == iReload) && !m.st.afterConn && strings.HasSuffix(strings.Fields(m.p.lx.shape[m.start:m.loc[2]])[0], "s") {
				return nil, false
			}
			return m.fill(1, 2, contFill)
		})
	addRule("select", cAction, true, `{who}(?:can )?(?:selecting|select|selects|selected|choosing|choose|chooses|chose|picking|pick|picks|picked|setting|set)(?: the)?(?: option| value)? ({value}) (?:from|in|on|for|as|under|within|inside) (?:the |my )?({field})`,
		func(m *match) ([]item, bool) {
			if f := m.low(2); strings.HasSuffix(f, " menu") || f == "menu" {
				// A menu is not a <select>: it opens on a click on a
				// button the claim does not name.
				m.p.setHint("unsupported", fmt.Sprintf("%q is a menu, opened by a button the claim does not name: say what to click (\"clicking 'Profile' and then 'Sign out' shows …\")", strings.TrimSpace(m.p.lx.span(m.bounds(2)))), m.start)
				return nil, false
			}
			t, notes, ok := m.p.field(m.bounds(2))
			if !ok {
				return nil, false
			}
			v, ok := m.p.value(m.bounds(1))
			if !ok || (v.text == "" && v.secret == "") {
				return nil, false
			}
			if tt, _ := plan.ParseTarget(t); tt.Kind == plan.ByPlaceholder || tt.Kind == plan.ByRole {
				t = plan.Target{Kind: plan.ByLabel, Value: tt.Value}.String()
				if tt.Kind == plan.ByRole {
					return nil, false
				}
				notes = nil
			}
			it := action("form", plan.Step{Kind: plan.Select, Target: t, Value: v.text, Secret: v.secret})
			it.fillish, it.notes = true, append(notes, bareNote(v.text, !v.bare)...)
			return []item{it}, true
		})
	addRule("type", cAction, true, `{who}(?:can )?(?:typing|type|types|typed|entering|enter|enters|entered|inputting|input|inputs|putting|put|puts|writing|write|writes|keying in|key in|pasting|paste|pastes|filling in|fill in|providing|provide|supplying|supply|giving|give)(?: in)? ({value}) (?:in|into|inside|to|on|as|in the|for|under|at) ({field})`,
		func(m *match) ([]item, bool) { return m.fill(2, 1, contFill) })
	addRule("press", cAction, true, `{who}(?:can )?(?:pressing|press|presses|pressed|hitting|hit|hits|tapping|tap|taps|striking|strike|typing|type|using|use)(?: the)? ({key})(?: key| button| on the keyboard)?(?: (?:in|on|inside|within|into) (?:the )?({field}))?`,
		func(m *match) ([]item, bool) {
			k, ok := keyName(m.low(1))
			if !ok {
				return nil, false
			}
			s := plan.Step{Kind: plan.Press, Value: k}
			var notes []string
			if m.ok(2) {
				if nt := m.p.nextToken(m.end); nt != nil && controlNoun[nt.low] {
					// "pressing Enter on the 'Skip' link": the key goes to
					// a link or button, not to a field of that label
					return nil, false
				}
				t, n, ok := m.p.field(m.bounds(2))
				if !ok {
					return nil, false
				}
				s.Target, notes = t, n
			}
			it := action("form", s)
			it.notes = notes
			return []item{it}, true
		})
	addRule("type no field", cAction, true, `{who}(?:can )?(?:typing|type|types|typed|entering|enter|inputting|writing|write|keying in)(?: in)? ({value})`,
		func(m *match) ([]item, bool) {
			v, ok := m.p.value(m.bounds(1))
			if !ok || v.text == "" && v.secret == "" {
				return nil, false
			}
			if v.text != "" && !v.bare && strings.HasSuffix(strings.TrimSpace(m.p.lx.shape[m.start:m.loc[2]]), " in") && m.p.litCount(v.text) == 1 {
				// "typing in 'Search'" types the text Search, or types
				// into the field called Search; a text the claim looks
				// for again ("type in 'milk' … shows 'milk'") is typed.
				verb := strings.Fields(m.p.lx.span(m.start, m.loc[2]))
				said := strings.Join(verb[:len(verb)-1], " ")
				m.p.setHint("ambiguous", fmt.Sprintf(`"%s in '%s'" may type the text '%s' or type into the field called '%s': say "%s '%s'" for the text, or what to type into the field ("%s 'hello' into the '%s' field")`, said, v.text, v.text, v.text, said, v.text, said, v.text), m.start,
					m.p.replaceSpan(m.start, m.end, fmt.Sprintf("%s %q", said, v.text)))
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: "role=textbox", Value: v.text, Secret: v.secret})
			it.fillish = true
			it.notes = append([]string{"No field named: the text is typed into the page's first text field."}, bareNote(v.text, !v.bare)...)
			return []item{it}, true
		})
	// "ticking the checkbox next to 'cleanup.py'": a row's own checkbox,
	// found inside the item that shows the name.
	addRule("checkbox next to", cAction, true, `{who}(?:can )?(ticking|tick|ticks|checking|check|checks|selecting|select|selects|unticking|untick|unticks|unchecking|uncheck|unchecks|deselecting|deselect) (?:the |a |its )?(?:checkbox|check box|tick box|tickbox|box) (?:next to|beside|by|for|of|in front of|in the row of|on the row of) (?:the )?({text})(?: (?:row|line|item|entry|file|folder|task))?`,
		func(m *match) ([]item, bool) {
			name, quoted, ok := m.text(2)
			if !ok || !quoted && !literalToken(name) {
				return nil, false // an unquoted name only when it reads as one ("cleanup.py")
			}
			box := plan.Target{Kind: plan.ByRole, Value: "checkbox", Within: name}.String()
			k, verb := plan.Check, "tick"
			if v := m.low(1); strings.HasPrefix(v, "un") || strings.HasPrefix(v, "de") {
				k, verb = plan.Uncheck, "untick"
			}
			a := action("form", plan.Step{Kind: k, Target: box})
			a.desc = fmt.Sprintf("%s the checkbox of %q", verb, name)
			a.notes = append([]string{fmt.Sprintf("The checkbox is the one inside the smallest repeated item (list item, row, card) whose text contains %q.", name)}, bareNote(name, quoted)...)
			return []item{a}, true
		})
	addRule("check box", cAction, true, `{who}(?:can )?(?:checking|check|checks|checked|ticking|tick|ticks|ticked|enabling|enable|enables|toggling on|toggle on|turning on|turn on|opting into|opting in to|opt in to|accepting|accept|accepts|agreeing to|agree to|marking|mark|marks|completing|complete|selecting|select|unchecking|uncheck|unchecks|unticking|untick|unticks|disabling|disable|disables|toggling off|toggle off|turning off|turn off|clearing|clear|deselecting|deselect|unmarking|unmark)(?: the| my)? ({name})(?: (checkbox|check box|box|tickbox|option|toggle|switch|radio|radio button|as done|as complete|as completed|done|complete|completed))?`,
		func(m *match) ([]item, bool) {
			verb := m.p.lx.shape[m.start:m.loc[2]]
			noun := ""
			if m.ok(2) {
				noun = m.low(2)
			}
			if (strings.Contains(verb, "select") || strings.Contains(verb, "complet") || strings.Contains(verb, "clear") || strings.HasPrefix(strings.TrimSpace(verb), "check")) && noun == "" {
				// "selecting 'Pro'" is a click; "checking 'Remember me'"
				// only ticks a box when the name reads like one.
				if !strings.HasPrefix(strings.TrimSpace(verb), "check") {
					return nil, false
				}
			}
			if fs := strings.Fields(verb); len(fs) > 0 && (fs[len(fs)-1] == "enables" || fs[len(fs)-1] == "disables") && noun == "" && saidOfAction(m) {
				// "ticking 'I agree' enables 'Create account'": what the
				// action brings about, not a box to tick; a quoted text
				// names no kind of control whose state can be read
				if v, q, ok := m.text(1); ok && q {
					said := fmt.Sprintf("%s the '%s' button", fs[len(fs)-1], v)
					m.p.setHint("unsupported", fmt.Sprintf("%q names no kind of control, so vouch cannot read whether it is %sd: say which (\"%s\")", v, strings.TrimSuffix(fs[len(fs)-1], "s"), said), m.start,
						m.p.replaceSpan(m.start, m.end, said))
				}
				return nil, false
			}
			v, ok := m.boxName(1)
			if !ok {
				return nil, false
			}
			if noun == "box" && strings.Contains(verb, "clear") {
				// "clearing the 'Name' box": a text box is emptied as
				// often as a check box is unticked
				m.p.setHint("ambiguous", fmt.Sprintf("\"clearing the '%s' box\" may empty a text box or untick a check box: say \"leaving the '%s' field empty\" or \"unticking the '%s' checkbox\"", v, v, v), m.start,
					m.p.replaceSpan(m.start, m.end, fmt.Sprintf("leaving the %q field empty", v)),
					m.p.replaceSpan(m.start, m.end, fmt.Sprintf("unticking the %q checkbox", v)))
				return nil, false
			}
			k := plan.Check
			for _, w := range []string{"uncheck", "untick", "disabl", "off", "clear", "deselect", "unmark"} {
				if strings.Contains(verb, w) {
					k = plan.Uncheck
				}
			}
			role := "checkbox"
			if strings.HasPrefix(noun, "radio") {
				role = "radio"
				if k == plan.Uncheck {
					return nil, false
				}
			}
			it := action("form", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByRole, Value: role, Name: v}.String()})
			it.fillish = true
			return []item{it}, true
		})
	addRule("reload", cAction, false, `{who}(?:reloading|reload|reloads|refreshing|refresh|refreshes)(?: the page| the browser| it| the tab)?|(?:an? |the )(?:page |browser |full )?(?:reload|refresh)`,
		func(m *match) ([]item, bool) {
			return []item{{kind: iReload, rkind: "navigation", desc: "reload the page"}}, true
		})
	addRule("wait for", cAction, false, `(?:waiting|wait|waits)(?: for| until)? ({lits})(?: (?:to )?(?:appear|appears|show up|shows up|is shown|is visible|to be shown|to be visible))?`,
		func(m *match) ([]item, bool) {
			var out []item
			for _, v := range m.lits(1) {
				out = append(out, action("navigation", plan.Step{Kind: plan.WaitFor, Target: plan.Target{Kind: plan.ByText, Value: v}.String()}))
			}
			return out, len(out) > 0
		})
	addRule("add to cart", cAction, false, `{who}(?:adding|add|adds|putting|put|puts) (?:{lits}|an? item|the item|it|a product|the product)(?: (?:to|into|in) (?:the |my |your |a )?(?:cart|basket|bag|shopping cart|wishlist|wish list|favorites|favourites))`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", "vouch cannot tell how your app adds a product to a cart: say which page and what to click", m.start,
				m.p.replaceSpan(m.start, m.end, `clicking "Add to cart"`))
			return nil, false
		})
	// "adding two tasks": a number of items the claim does not name are
	// example items, clearly synthetic ("vouch example 1", …), noted.
	addRule("add witnesses", cAction, false, `{who}(?:adding|add|adds|creating|create|creates|entering|enter)(?: (a|an|one|another|{num}))(?: new| more| example)? (?:items?|todos?|tasks?|entries|entry|notes?|rows?|things?)`,
		func(m *match) ([]item, bool) {
			if nx := m.p.nextToken(m.end); nx != nil && (nx.kind == tLit || nx.low == "called" || nx.low == "named" || nx.low == "titled" || nx.low == "saying" || nx.low == ":") {
				return nil, false // the items are named: "adding a task called 'x'"
			}
			if v := strings.Fields(m.p.lx.shape[m.start:m.end])[0]; (v == "adds" || v == "creates" || v == "enters") && m.st.last != nil && m.st.last.kind == iAction && !m.st.afterConn {
				// "clicking 'Load more' adds 10 more items": what the click
				// does, not items the journey adds
				m.p.setHint("unsupported", fmt.Sprintf("%q after an action says what the action does to the page, not items to add: say what is shown then (\"shows 'Item 20'\", \"the list has 20 items\")", strings.TrimSpace(m.p.lx.span(m.start, m.end))), m.start)
				return nil, false
			}
			n := 1
			if w := m.low(1); w != "a" && w != "an" && w != "another" {
				var ok bool
				if n, ok = number(w); !ok || n < 1 || n > 10 {
					return nil, false
				}
			}
			var out []item
			for i := 1; i <= n; i++ {
				it := addItem("role=textbox", fmt.Sprintf("vouch example %d", i))
				if i == 1 {
					it.notes = []string{fmt.Sprintf("The claim adds %d item(s) it does not name: they are example items with generated, clearly synthetic values (\"vouch example 1\" …), added for the test.", n),
						"'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
				}
				it.cont = contNone
				out = append(out, it)
			}
			return out, true
		})
	addRule("add", cAction, true, `{who}(?:can )?(?:adding|add|adds|added|creating|create|creates|created|saving|save|inserting|insert|appending|append)(?: (?:a|an|the|one|two|three|new|another|some))*(?: (?:items?|todos?|tasks?|entries|entry|notes?|rows?|things?))?(?: (?:called|named|titled|with the text|saying|for|:))? ({lits})(?: (?:to|into|in|on) (?:the |my |a )?(?:list|todo list|todos|list of todos|tasks|todo|({field})))?`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l != nil && l.kind == iAction && !m.st.afterConn {
				return nil, false // "pressing Enter adds 'milk' to the list" is a result
			}
			tgt := "role=textbox"
			var notes []string
			if m.ok(2) && cartWords[strings.TrimSuffix(m.low(2), " page")] {
				// "adding 'Desk Lamp' to the cart" puts a product in it;
				// no field called "cart" is typed into ("add to cart")
				return nil, false
			}
			if m.ok(2) {
				t, n, ok := m.p.field(m.bounds(2))
				if !ok {
					return nil, false
				}
				tgt, notes = t, n
			} else {
				notes = []string{"'Adding' an item types it into the page's first text field and presses Enter; name the field (\"into 'New todo'\") or edit the plan if the app adds items another way."}
			}
			var out []item
			for _, v := range m.lits(1) {
				it := addItem(tgt, v)
				it.notes = notes
				out = append(out, it)
			}
			return out, len(out) > 0
		})
	addRule("add bare", cAction, true, `{who}(?:can )?(?:adding|add|adds|added|creating|create|creates)(?: (?:a|an|the|new|another))*(?: (?:items?|todos?|tasks?|entry|note))?(?: (?:called|named|titled|saying|:))? ({bare})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(1)
			if !ok {
				return nil, false
			}
			if !q && (strings.Contains(" "+strings.ToLower(v)+" ", " to the ") || strings.Contains(" "+strings.ToLower(v)+" ", " to my ") || strings.Contains(" "+strings.ToLower(v)+" ", " into the ")) {
				// "adding the Stapler to the basket" is not text to type.
				m.p.setHint("unsupported", fmt.Sprintf("%q reads as putting something somewhere, not as text to type: say what to click (\"clicking 'Add to basket' next to 'Stapler'\") or quote the text to type", v), m.start)
				return nil, false
			}
			it := addItem("role=textbox", v)
			it.notes = append([]string{"'Adding' an item types it into the page's first text field and presses Enter; name the field (\"into 'New todo'\") or edit the plan if the app adds items another way."}, bareNote(v, q)...)
			return []item{it}, true
		})
	addRule("delete item", cAction, false, `(?:deleting|delete|deletes|removing|remove|removes|clearing|clear)(?: the)? ({lit}|it|them|that|this)(?: (?:item|todo|task|entry|row))?`,
		func(m *match) ([]item, bool) {
			a, b := m.start, m.end
			v, q, ok := m.text(1)
			if strings.HasPrefix(m.low(0), "clear") && ok && q {
				// "clearing 'Name'" empties a field as often as it removes
				// an item: neither is guessed
				m.p.setHint("ambiguous", fmt.Sprintf("\"clearing '%s'\" may empty a field or remove an item: say \"leaving '%s' empty\" for a field, or what to click for an item (\"clicking 'Delete' next to '%s'\")", v, v, v), a,
					m.p.replaceSpan(a, b, fmt.Sprintf("leaving %q empty", v)))
				return nil, false
			}
			// The item's own button is read ("clicking 'Delete' next to
			// 'Milk'"); its name is the claim's to say. The rephrasing
			// keeps the item and says the name is a guess.
			sugg, item := m.p.replaceSpan(a, b, `clicking "Delete"`), "Milk"
			if ok && q {
				item = v
				sugg = m.p.replaceSpan(a, b, fmt.Sprintf("clicking \"Delete\" next to %q", v)) + labelSep + fmt.Sprintf("a button called \"Delete\" inside the item showing %q does it; \"Delete\" is a guess at the button's name", v)
			}
			m.p.setHint("unsupported", fmt.Sprintf("vouch does not know how the app deletes one item: say what to click inside it (\"clicking 'Delete' next to '%s'\")", item), a, sugg)
			return nil, false
		})
	addRule("search", cAction, true, `{who}(?:searching|search|searches|looking up|look up|querying|query|filtering|filter|filters)(?: the (?:site|docs|page|app)|( (?:the|my|our|all|all the|all my) [a-z][\w-]*(?: [a-z][\w-]*)? for))?(?: for)? ({value})`,
		func(m *match) ([]item, bool) {
			what := ""
			if m.ok(1) {
				// "searching the transfers for 'x'": what is searched is a
				// description; the page's search box is where it is typed.
				from, to := m.p.lx.tokensIn(m.bounds(1))
				what = strings.TrimSpace(m.p.lx.span(m.p.lx.toks[from+1].start, m.p.lx.ends[to-2]))
				for i := from + 2; i < to-1; i++ {
					if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] || vague[l] {
						return nil, false
					}
				}
			}
			m.loc[2], m.loc[3] = m.loc[4], m.loc[5]
			v, ok := m.p.value(m.bounds(1))
			if !ok || v.text == "" || v.secret != "" {
				return nil, false
			}
			if v.bare {
				// "Filtering orders by status via /orders?status=paid": a
				// request described in words before its path, not words
				// typed into a search box
				from, _ := m.p.lx.tokensIn(m.start, m.end)
				for _, t := range m.p.lx.toks[from:] {
					if t.kind == tPath || t.kind == tURL {
						return nil, false
					}
				}
			}
			// The search box is a guess (the claim names no field): it is
			// waited for first, so a page whose search opens from a
			// button or a key blocks the run instead of failing it.
			it := action("form", plan.Step{Kind: plan.WaitFor, Target: "role=searchbox", Reach: true}, plan.Step{Kind: plan.Fill, Target: "role=searchbox", Value: v.text}, plan.Step{Kind: plan.Press, Target: "role=searchbox", Value: "Enter"})
			it.desc = fmt.Sprintf("search for %q", v.text)
			if what != "" {
				it.notes = append(it.notes, fmt.Sprintf("%q names what is searched; the text is typed into the page's search box.", what))
			}
			it.notes = append(it.notes, "Searching types into the page's search box (an input of type search) and presses Enter; edit the target if yours is a plain text field. The search box is waited for first: a page without one in sight blocks the run, never fails it.")
			it.notes = append(it.notes, bareNote(v.text, !v.bare)...)
			return []item{it}, true
		})
	addRule("subscribe", cAction, true, `{who}(?:subscribing|subscribe|subscribes|signing up|sign up|signs up|registering|register|registers|joining|join|joins)(?: (?:to|for) (?:the |our |a )?(newsletter|updates|mailing list|waitlist|waiting list|beta))? with ({value})`,
		func(m *match) ([]item, bool) {
			v, ok := m.p.value(m.bounds(2))
			if !ok || v.text == "" {
				return nil, false
			}
			var secret string
			if v.bare && strings.Contains(v.text, " ") {
				// "signing up with ann@x.co and the secret PW": the
				// address and the password, not one value of five words
				sm := reEmailAndSecret.FindStringSubmatch(v.text)
				if sm == nil || !secretName.MatchString(sm[2]) {
					return nil, false
				}
				v.text, secret = sm[1], sm[2]
			}
			path := "/signup"
			if m.ok(1) {
				path = "/newsletter"
			}
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Email"}.String(), Value: v.text, Secret: v.secret})
			it.deferred, it.cont, it.desc = &click, contWith, fmt.Sprintf("type %q into the field labelled \"Email\"", v.text)
			it.notes = append([]string{"The address is typed into the field labelled \"Email\" and the form's submit button is clicked; edit the plan if your form differs."}, bareNote(v.text, !v.bare)...)
			if secret != "" {
				it.steps = append(it.steps, plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Password"}.String(), Secret: secret})
				it.desc += fmt.Sprintf(", type the secret %s into the field labelled \"Password\"", secret)
				it.notes = append(it.notes, fmt.Sprintf("The secret %s is typed into the field labelled \"Password\".", secret))
			}
			ref := pageRef{path: path, phrase: m.p.lx.span(m.start, m.loc[4])}
			ref.note = fmt.Sprintf("%q is taken to happen on %s — name the page if it is elsewhere.", strings.TrimSpace(ref.phrase), path)
			return []item{{kind: iPage, page: ref, from: m.start, to: m.loc[4]}, it}, true
		})
	addRule("back", cAction, false, `(?:going|go|navigating|navigate|clicking|pressing|hitting) back|(?:clicking|pressing|hitting|using|tapping) the (?:(?:web )?browser(?: ?'s|s'?)? )?back button(?: (?:of|in|on) (?:the |your )?(?:web )?browser)?`,
		func(m *match) ([]item, bool) {
			if !m.st.acted {
				// A journey starts in a fresh tab: there is nothing to go
				// back to until a click or a visit has moved on.
				m.p.setHint("unsupported", "going back needs a page visited before it: say how the user got there (\"clicking 'Docs' on the home page, then going back, shows …\")", m.start)
				return nil, false
			}
			a := action("navigation", plan.Step{Kind: plan.GoBack})
			a.desc = "go back"
			return []item{a}, true
		})
	// "clicking the /users link": the link that goes there, by its href.
	addRule("click path link", cAction, false, `{who}(?:clicking|click|clicks|tapping|tap|taps|following|follow|follows|opening|open|opens|hitting|hit|using|use)(?: on)? (?:the |a )?(/\S*) link`,
		(*match).clickPathLink)
	// "Clicking /users on the home page": a path is no text to click but
	// the link that goes there, as with "the /users link". Only verbs of
	// clicking: "opening /users" is a visit.
	addRule("click bare path", cAction, false, `{who}(?:clicking|click|clicks|tapping|tap|taps|following|follow|follows)(?: on)? (/\S*)`,
		(*match).clickPathLink)
	// "clicking the 'books' tag", "expanding the 'Orders' section": the
	// noun describes what shows the quoted text, which is clicked.
	addRule("click described", cAction, false, `{who}(?:clicking|click|clicks|tapping|tap|taps|expanding|expand|expands|collapsing|collapse|collapses|opening|open|opens|toggling|toggle|toggles)(?: on)? (?:the )?({lit}) (tag|section|operation|endpoint|card|panel|group|category|model|schema|accordion|node|folder|resource|request)`,
		func(m *match) ([]item, bool) {
			v := m.lits(1)[0]
			a := action("navigation", plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByText, Value: v, Exact: true}.String()})
			a.notes = []string{fmt.Sprintf("%q describes what shows %q; it is clicked by that exact visible text.", m.low(2), v)}
			return []item{a}, true
		})
	// "clicking 'List books' expands the operation and shows 'Parameters'":
	// the check that follows "and" is how the expansion shows.
	addRule("expands and", cConn, false, `(?:expands|expand|collapses|collapse|opens up|unfolds|unfold|folds|fold|toggles|toggle) (?:it|them|the [a-z][\w-]*(?: [a-z][\w-]*)?)(?: ,)? and`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.kind != iAction || m.st.afterConn {
				return nil, false
			}
			if nx := m.p.nextToken(m.end); nx == nil || !checkStart[nx.low] || nx.low == "the" || nx.low == "and" || nx.low == "," || nx.low == "then" {
				return nil, false
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end-len(" and")))
			return []item{{kind: iConn, notes: []string{fmt.Sprintf("%q: the change is checked by what the claim says it shows.", phrase)}}}, true
		})
	// "collapses it, so 'List books' disappears": what follows "so" is how
	// the change shows, and is what is checked.
	addRule("so", cConn, false, `(?:collapses|collapse|expands|expand|closes|close|opens|open|folds|fold|unfolds|unfold|hides|hide|toggles|toggle|shrinks|shrink|refreshes|refresh|updates|update) (?:it|them|that|this|the section|the group|the list|the panel|the page)(?: ,)? so(?: that)?`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.kind != iAction || m.st.afterConn {
				return nil, false
			}
			// What follows "so" must be the check, not another action.
			if nx := m.p.nextToken(m.end); nx == nil || strings.HasSuffix(nx.low, "ing") || actionVerbs[nx.low] {
				return nil, false
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
			return []item{{kind: iConn, notes: []string{fmt.Sprintf("%q: the change is checked by what the claim says follows from it.", phrase)}}}, true
		})
	// "clicking the 'Open Torrent' toolbar button": a place, then the
	// control's name; the control is found by its name on the whole page.
	addRule("click placed control", cAction, false, `{who}(?:clicking|click|clicks|pressing|press|presses|tapping|tap|taps|hitting|hit|hits|using|use)(?: on)? (?:the )?({lit}) (toolbar|footer|header|sidebar|side bar|nav|navbar|nav bar|menu bar|top bar|bottom bar|status bar) (button|link|icon)`,
		func(m *match) ([]item, bool) {
			v := m.lits(1)[0]
			role := "button"
			if m.low(3) == "link" {
				role = "link"
			}
			a := action("navigation", plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByRole, Value: role, Name: v}.String()})
			a.notes = []string{fmt.Sprintf("%q says where the %s is; it is found by its name %q on the whole page (an icon by its title).", m.low(2), m.low(3), v)}
			return []item{a}, true
		})
	// "'Saved' appears once 'Save' is clicked", "after 'Escape' is
	// pressed": the passive says the same action.
	addRule("passive click", cAction, false, `({lit}) (?:is|gets|has been) (clicked|pressed|tapped|hit)`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			v := m.lits(1)[0]
			if m.low(2) == "pressed" || m.low(2) == "hit" {
				if k, ok := keyName(strings.ToLower(v)); ok && (strings.Contains(k, "+") || keyOnly[k] || k == "Enter") {
					return []item{action("navigation", plan.Step{Kind: plan.Press, Value: k})}, true
				}
			}
			if _, isKey := keyNames[strings.ToLower(v)]; isKey {
				return nil, false // "'Delete' is pressed": a key or a button?
			}
			it := action("navigation", plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByText, Value: v, Exact: true}.String()})
			it.click, it.cont, it.clickExact = v, contClick, true
			return []item{it}, true
		})
	// "switching to the 'Schema' tab": the tab named so is clicked.
	// "pressing the '?' key": a quoted key.
	addRule("press quoted key", cAction, false, `{who}(?:pressing|press|presses|hitting|hit|hits|tapping|tap|typing|type|striking|strike) (?:the )?({lit}) key`,
		func(m *match) ([]item, bool) {
			v := m.lits(1)[0]
			k, ok := keyName(strings.ToLower(v))
			if !ok {
				if utf8.RuneCountInString(v) != 1 || checkKey(v) != nil || unicode.IsSpace([]rune(v)[0]) {
					return nil, false
				}
				k = v
			}
			return []item{action("navigation", plan.Step{Kind: plan.Press, Value: k})}, true
		})
	// "pressing the comma key", "hitting the question mark key": a key
	// named by its character's name.
	addRule("press named key", cAction, false, `{who}(?:pressing|press|presses|hitting|hit|hits|tapping|tap|striking|strike) (?:the )?(`+alternation(keys(charKeyNames))+`) key`,
		func(m *match) ([]item, bool) {
			k, ok := charKeyNames[m.low(1)]
			if !ok || checkKey(k) != nil {
				return nil, false
			}
			return []item{action("navigation", plan.Step{Kind: plan.Press, Value: k})}, true
		})
	// "pressing i opens the 'Info' dialog": one unquoted letter or digit
	// pressed is a key, when what follows says what it does ("a" is an
	// article, never a key).
	addRule("press letter", cAction, false, `{who}(?:pressing|press|presses|hitting|hit|hits|striking|strike) (?:the )?([b-z0-9])(?: key)?`,
		func(m *match) ([]item, bool) {
			nx := m.p.nextToken(m.end)
			if nx == nil || !keyResultStart[nx.low] {
				return nil, false
			}
			// "pressing J shows 'Next'": a capital is the key as its
			// keycap names it, j, as "pressing i" is; the note says so.
			k := m.p.nextToken(m.loc[2]).raw
			a := action("navigation", plan.Step{Kind: plan.Press, Value: strings.ToLower(k)})
			if k != strings.ToLower(k) && k != "I" {
				a.notes = append(a.notes, fmt.Sprintf("%q is taken as the %s key, as a keyboard labels it; write 'Shift+%s' if the capital is meant.", k, strings.ToLower(k), k))
			}
			return []item{a}, true
		})
	addRule("switch tab", cAction, false, `{who}(?:switching|switch|switches|going|go|goes|moving|move|moves|changing|change|changes|flipping|flip|jumping|jump)(?: over| back)? to (?:the )?({lit}|{name}) tab`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(1)
			if !ok || !q && (!plainName(v) || !startsUpper(v)) {
				// "the new tab" describes a tab; "the Billing tab" names it.
				return nil, false
			}
			a := action("navigation", plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByRole, Value: "tab", Name: v}.String()})
			a.desc = fmt.Sprintf("switch to the %q tab", v)
			a.notes = append([]string{fmt.Sprintf("The %q tab is the element with the ARIA role tab named so.", v)}, bareNote(v, q)...)
			return []item{a}, true
		})
	addRule("click", cAction, true, `{who}(?:can )?(?:clicking|click|clicks|clicked|tapping|tap|taps|tapped|pressing|press|presses|pressed|hitting|hit|hits|choosing|choose|chooses|selecting|select|selects|following|follow|follows|activating|activate|opening|open|expanding|expand|expands|triggering|trigger)(?: on)?(?: link| button)? ((?:{el})|{text})`,
		func(m *match) ([]item, bool) { return m.p.click(m, plan.Click) })
	// "clicking 'Delete' next to 'renew passport'": the button inside the
	// item that shows that text (a hover-revealed button included).
	addRule("click in item", cAction, false, `{who}(?:can )?(?:clicking|click|clicks|pressing|press|hitting|hit|tapping|tap|using|use) (?:the )?({lit})(?: (button|link|icon))? (?:next to|beside|by|on|of|for|in the row of|in the row for|in the item|on the item|on the row|in the row) (?:the )?(?:(?:item|task|todo|row|entry|line) )?({lit})`,
		func(m *match) ([]item, bool) {
			role := "button"
			if m.ok(2) && m.low(2) == "link" {
				role = "link"
			}
			name, in := m.lits(1)[0], m.lits(3)[0]
			a := action("navigation", plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByRole, Value: role, Name: name, Within: in}.String()})
			a.desc = fmt.Sprintf("click the %q %s of the item showing %q", name, role, in)
			a.notes = []string{fmt.Sprintf("%q is the %s named so inside the smallest repeated item (list item, row, card) whose text contains %q; a button shown only on hover is found too.", name, role, in)}
			return []item{a}, true
		})
	addRule("double-click", cAction, true, `{who}(?:can )?(?:double-clicking|double clicking|double-click|double-clicks|double click|double clicks|double-clicked|dblclicking|dblclick)(?: on)? ((?:{el})|{text})`,
		func(m *match) ([]item, bool) { return m.p.click(m, plan.DblClick) })
	addRule("hover", cAction, true, `{who}(?:hovering|hover|hovers|mousing|mouse|moving the mouse|pointing)(?: the mouse)?(?: over| on| onto| above| at)? ((?:{el})|{text})`,
		func(m *match) ([]item, bool) {
			if m.st.start && strings.HasPrefix(strings.TrimSpace(m.p.lx.shape[m.end:]), ":") {
				// "Hover check: hovering 'Save' shows …": a topic, never
				// the text "check" hovered
				return nil, false
			}
			return m.p.click(m, plan.Hover)
		})

	// "The 'Forgot password?' link opens /forgot-password": the element is
	// clicked; what follows it is checked.
	addRule("element acts", cAction, false, `({ell})(?: (?:on|at|in) ({page}))? (?:{neg})(?:opens|open|goes to|go to|leads to|lead to|takes (?:you|me|the user|users|us) (?:to|home|back)|take (?:you|me) to|brings up|bring up|pops up|reveals|reveal|shows|show|displays|display|navigates to|navigate to|links to|link to|points to|point to|redirects to|redirect to|hides|closes|submits|sends|works|loads)`,
		func(m *match) ([]item, bool) {
			if m.st.last != nil && !m.st.afterConn && m.st.last.kind != iPage {
				return nil, false
			}
			e, ok := m.p.element(m.bounds(1))
			if !ok || e.text != "" || e.follow != "" || (e.role != "link" && e.role != "button" && e.role != "tab" && e.role != "menuitem" && !e.image) {
				return nil, false
			}
			if e.image && imageAsItself[lastWord(m.p.lx.shape[m.start:m.end])] && !strings.HasPrefix(strings.TrimSpace(m.p.lx.shape[m.end:]), `"`) {
				// "The 'Team photo' image loads", "… displays correctly":
				// said of the picture itself, never a click on it (a click
				// that did nothing, then the page's status, verified a
				// broken image).
				a, b := m.bounds(1)
				el := strings.TrimSpace(m.p.lx.span(a, b))
				m.p.setHint("unsupported", fmt.Sprintf("\"%s\", said of %s, is about the picture itself: vouch checks that an image is shown (\"%s is shown\"), not that its file loaded or looks right", lastWord(m.p.lx.shape[m.start:m.end]), strings.ToLower(el[:1])+el[1:], strings.ToLower(el[:1])+el[1:]), m.start,
					m.p.replaceSpan(a, len(m.p.lx.shape), el+" is shown")+labelSep+"the image is visible; it does not check that its picture loaded or how it looks")
				return nil, false
			}
			if showsOwnText(m, e.role, e.image) {
				// "The 'Cart' link shows '3'" may be the link's own text (a
				// badge, a count) as well as what clicking it brings: a
				// click reading would look for "3" on the next page.
				a, b := m.bounds(1)
				el := strings.TrimSpace(m.p.lx.span(a, b))
				el = strings.ToLower(el[:1]) + el[1:]
				m.p.setHint("ambiguous", fmt.Sprintf("%s followed by \"%s\" and a text may be what clicking it shows or what it shows itself (its own label, a count or a badge): say \"clicking %s shows …\" if that is what it means", el, lastWord(m.p.lx.shape[m.start:m.end]), el), m.start,
					m.p.replaceSpan(a, b, map[bool]string{true: "Clicking ", false: "clicking "}[a == 0]+el))
				return nil, false
			}
			var out []item
			if m.ok(2) {
				pg, ok := m.p.pageAt(m.bounds(2))
				if !ok {
					return nil, false
				}
				out = append(out, item{kind: iPage, page: pg, from: m.loc[4], to: m.loc[5]})
			}
			a := action("navigation", plan.Step{Kind: plan.Click, Target: e.target})
			a.notes = append(e.notes, "The element is clicked, and what the claim says it does is checked after.")
			out = append(out, a)
			// Leave the verb for the check that follows.
			m.consumed = m.loc[3]
			if m.ok(2) {
				m.consumed = m.loc[5]
			}
			return out, true
		})

	// "the Pro plan costs $12": a part of the page named by what it is.
	addRule("thing subject", cSubj, false, `(?:the |a |an |our |its )?(?:"\d+"|[a-z0-9][\w-]*(?: [a-z0-9][\w-]*)?) (?:plan|product|item|tier|package|subscription|option|offer|deal|card|price|order|invoice|total|subtotal|balance)(?: 's)?`,
		func(m *match) ([]item, bool) {
			from, to := m.p.lx.tokensIn(m.start, m.end)
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || vague[l] || quantifiers[l] || reOrdinal.MatchString(l) {
					// "the 3rd item says …": a position, never the name
					// an item shows
					return nil, false
				}
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
			if everyPart(phrase) {
				return nil, false
			}
			it := item{kind: iSubject, region: phrase, regionKey: m.p.lx.toks[to-1].low, notes: []string{fmt.Sprintf("%q is not pinned to one element: texts are looked for on the whole page.", phrase)}}
			if it.regionKey == "'s" && to-2 >= from {
				it.regionKey = m.p.lx.toks[to-2].low
			}
			// "the 'Pro' plan costs …": the quoted name is on the page too.
			lits := m.litsIn(m.start, m.end)
			for _, v := range lits {
				it.steps = append(it.steps, plan.Step{Kind: plan.ExpectText, Value: v})
			}
			it.regionName = thingName(m.p, from, to, lits)
			return []item{it}, true
		})

	// Subjects: what the checks that follow are about.
	addRule("page subject", cSubj, false, `({page})(?: 's)?`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.pageAt(m.bounds(1))
			if !ok {
				return nil, false
			}
			if bareNameAfterAction(m) {
				return nil, false
			}
			return []item{{kind: iPage, page: pg, subject: true}}, true
		})
	addRule("pronoun", cSubj, false, `{pron}`,
		func(m *match) ([]item, bool) { return []item{{kind: iSubject}}, true })
	addRule("console subject", cCheck, false, `(?:the )?(?:browser |js |javascript |dev ?tools |devtools |web )?console (?:{is} )?(?:clean|empty|error-free|error free|free of errors|quiet|silent)|(?:the )?(?:browser |js |javascript |dev |developer |devtools )?console (?:shows|has|logs|contains|gets|prints) (?:no|zero|0) (?:errors?|exceptions)|there (?:is|are|be) no (?:console |js |javascript |uncaught )?(?:errors?|exceptions)(?: (?:in|on) the (?:browser |js |javascript )?console)?|no (?:console |js |javascript |uncaught )?(?:errors?|exceptions) (?:are |is )?(?:logged|thrown|shown|reported)(?: (?:in|to) the console)?`,
		func(m *match) ([]item, bool) { return []item{consoleCheck()}, true })
	addRule("no console errors", cCheck, false, `(?:no|zero) (?:console |js |javascript |uncaught |script |browser )+(?:errors?|exceptions)`,
		func(m *match) ([]item, bool) { return []item{consoleCheck()}, true })
	addRule("region", cSubj, false, `(?:([a-z][\w.-]*) 's )?(?:the |a |an |its |their |my )?(?:(?:main|top|bottom|first|last|page|site|todo|item|todo item|items|whole|entire|"\d+"|[a-z][\w-]*) )?(`+regionAlt+`)(?: (?:area|section|bar|region|text|element))?`,
		func(m *match) ([]item, bool) {
			if m.ok(1) {
				// "Transmission's footer": the app's name, then a part of
				// its page.
				from, _ := m.p.lx.tokensIn(m.bounds(1))
				if !m.st.start || !appName(m.p, from, from+1) || docsNames[m.low(1)] {
					return nil, false
				}
			}
			m.loc[2], m.loc[3] = m.loc[4], m.loc[5]
			if from, to := m.p.lx.tokensIn(m.start, m.end); from < to {
				for i := from; i < to; i++ {
					if quantifiers[m.p.lx.toks[i].low] {
						// "every row says …" is a rule about each of them:
						// a text somewhere on the page would not prove it.
						return nil, false
					}
					if l := m.p.lx.toks[i].low; ordinalNth[l] != 0 || reNthWord.MatchString(l) {
						// "the first result shows 'Docs'": one of them by
						// position, which a text anywhere on the page
						// would not prove
						m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which element is %q, so it cannot check that one: say the page shows the text, or name rows or list items (\"the first row shows '…'\")", strings.TrimSpace(m.p.lx.span(m.start, m.end))), m.start)
						return nil, false
					}
				}
			}
			switch m.low(1) {
			case "menu":
				if name := namedMenu(m); name != "" && !m.st.acted {
					// "The Settings menu has …": a menu named by a
					// control drops down only once opened (reach.go opens
					// it by that name); a site's main menu is shown.
					m.p.setHint("unsupported", fmt.Sprintf("%q shows only once something opens it: say what opens it first, e.g. \"after clicking '%s', …\"", strings.TrimSpace(m.p.lx.span(m.start, m.end)), name), m.start)
					return nil, false
				}
			case "dialog", "modal", "popup", "tooltip", "toast", "notification":
				if low := m.p.lx.shape[m.start:m.end]; !m.st.acted && !strings.Contains(low, "cookie") && !strings.Contains(low, "consent") {
					// "The Hotkeys dialog lists …": a dialog shows only once
					// opened, and the claim does not say how (a cookie
					// banner shows on the first visit).
					m.p.setHint("unsupported", fmt.Sprintf("%q shows only once something opens it: say what opens it (\"pressing '?' opens the shortcuts dialog, which lists …\")", strings.TrimSpace(m.p.lx.span(m.start, m.end))), m.start)
					return nil, false
				}
			}
			phrase := m.p.lx.span(m.start, m.end)
			if everyPart(phrase) {
				return nil, false
			}
			it := item{kind: iSubject, region: phrase, regionKey: m.low(1), notes: []string{fmt.Sprintf("%q is not pinned to one element: texts are looked for on the whole page.", strings.TrimSpace(phrase))}}
			// "the 'orders' section": its quoted name is a text the page
			// shows, and is checked like any quoted text; the texts said
			// of the part are looked for in the item that shows it.
			lits := m.litsIn(m.start, m.end)
			for _, v := range lits {
				it.steps = append(it.steps, plan.Step{Kind: plan.ExpectText, Value: v})
			}
			if len(lits) == 1 {
				it.regionName = lits[0]
			}
			return []item{it}, true
		})

	// Checks.
	addRule("title", cCheck, true, `(?:'s )?{neg}(?:the )?(?:(?:page|browser|tab|document|html|window|meta|seo|head) )?title (?:of (?:the )?(?:page|it|the tab) )?(?:(?:in|on|of) the (?:browser )?(?:tab|window|title bar) )?(?:is|are|be|says|reads|equals|shows|becomes|=|:|matches|gets|get|changes to|set to|will be|contains|includes|reads as)?(?: exactly| now)? ?({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	// "Grafana's page title is 'Grafana'": an app's name owns the home
	// page's title.
	addRule("app title", cCheck, true, `([a-z0-9][\w.-]*) 's (?:(?:page|browser|tab|site|home page|homepage|main page|window) )?title (?:is|be|says|reads|equals|=|:|will be)(?: exactly)? ({text})`,
		func(m *match) ([]item, bool) {
			if !m.st.start {
				return nil, false
			}
			from, _ := m.p.lx.tokensIn(m.bounds(1))
			if !appName(m.p, from, from+1) || docsNames[m.low(1)] {
				return nil, false
			}
			name := strings.TrimSpace(m.p.lx.span(m.bounds(1)))
			pg := pageRef{path: "/", phrase: name + "'s page", note: fmt.Sprintf("%q taken as the app's name: its home page (/) is where the title is checked.", name)}
			items, ok := m.title(2)
			if !ok {
				return nil, false
			}
			return append([]item{{kind: iPage, page: pg, from: m.start, to: m.loc[3]}}, items...), true
		})
	addRule("has title", cCheck, true, `{neg}(?:has|have|shows|gets|uses|carries|sets|displays) (?:the |a |its |an? )?(?:(?:page|browser|tab|document|html|window) )?title(?: of| :)? ({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("titled", cCheck, true, `{neg}(?:(?:is|be) )?titled ({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("status", cCheck, false, `(?:returns?|responds?|answers?|gives|give|serves?|sends?(?: back)?|replies|reply|comes back|yields?|produces?|results? in|loads with|opens with|returns back|has|is|be|shows|gets)(?: (?:me|you|u|us|them|the user|users|back))?(?: with)?(?: an?| the)?(?: (?:http|status|status code|code|response|response code|http status|http status code|an http status|the status))*(?: of| :)? (\d{3})(?: (?:ok|okay|not found|unauthorized|unauthorised|forbidden|created|accepted|no content|moved permanently|found|see other|bad request|internal server error|server error|service unavailable|bad gateway|too many requests|gone|conflict|redirect|temporary redirect|permanent redirect|not modified|error|status|response|page|status code|code|success|successful))*`,
		func(m *match) ([]item, bool) {
			verb := m.p.lx.shape[m.start:m.loc[2]]
			// "shows 404" and "has 200" need a word that makes the
			// number a status ("shows a 404", "has status 200").
			if strings.HasPrefix(verb, "shows") || strings.HasPrefix(verb, "has") || strings.HasPrefix(verb, "is") || strings.HasPrefix(verb, "be") || strings.HasPrefix(verb, "gets") {
				if verb == "shows " || verb == "has " || verb == "gets " {
					return nil, false
				}
			}
			if verb == "is " || verb == "be " {
				// "/cart is 200", "the response is 404": a page or its
				// answer. "the total is 200" says what a part of the page
				// holds, never the HTTP status.
				prev := strings.Fields(m.p.lx.shape[:m.start])
				if len(prev) > 0 {
					if w := prev[len(prev)-1]; !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "http") && !statusSubjects[w] {
						m.p.setHint("unsupported", fmt.Sprintf("a number said of %q is what the page shows there, not its HTTP status: quote the text (\"shows '%s'\"), or say \"returns %s\" for the status", w, m.low(1), m.low(1)), m.start)
						return nil, false
					}
				}
			}
			n, _ := number(m.low(1))
			return statusCheck(n)
		})
	addRule("status s", cCheck, false, `(\d{3})s`,
		func(m *match) ([]item, bool) {
			n, _ := number(strings.TrimSuffix(m.low(0), "s"))
			return statusCheck(n)
		})
	addRule("ok", cCheck, false, `(?:returns?|responds?|answers?|gives|replies|comes back)(?: with)?(?: an?)? (?:ok|okay|success|successful response|successfully|a success status|200 ok)`,
		func(m *match) ([]item, bool) {
			if reLowerOK.MatchString(m.p.lx.text) && m.end >= len(strings.TrimSpace(m.p.lx.shape)) {
				// "/health returns ok": the status, or the text "ok" many
				// health checks answer with (a 200 saying "degraded"
				// passed)
				verb := strings.Fields(m.low(0))[0]
				m.p.setHint("ambiguous", fmt.Sprintf("\"%s ok\" may be the status (HTTP 200) or the text \"ok\" in the response: say \"%s 200\" or \"shows 'ok'\"", verb, verb), m.start,
					m.p.replaceSpan(m.start, m.end, verb+" 200"), m.p.replaceSpan(m.start, m.end, "shows 'ok'"))
				return nil, false
			}
			it, ok := statusCheck(200)
			it[0].notes = []string{"'OK' is checked as HTTP 200."}
			return it, ok
		})
	addRule("is up", cCheck, false, `{is} (?:up|online|reachable|available|alive|live|healthy|serving|running|operational|responding|up and running|reachable and healthy|not down)`,
		func(m *match) ([]item, bool) {
			it, ok := statusCheck(200)
			it[0].notes = []string{fmt.Sprintf("%q is checked as HTTP 200.", m.p.lx.span(m.start, m.end))}
			return it, ok
		})
	addRule("not found", cCheck, false, `{is} (?:not found|missing|a 404|gone|a 404 page|a not found page)|not exist|not exists|404s|404`,
		func(m *match) ([]item, bool) {
			// "/users/3 should 404": the status as a verb, said of a page.
			if m.low(0) == "404" {
				if l := m.st.last; l == nil || l.kind != iPage || !l.subject || m.st.afterConn {
					return nil, false
				}
			}
			// "the 'Help' panel is gone" is about a part of the page,
			// never the page's status.
			if l := m.st.last; l != nil && l.kind != iPage {
				return nil, false
			}
			it, ok := statusCheck(404)
			it[0].notes = []string{fmt.Sprintf("%q is checked as HTTP 404.", m.p.lx.span(m.start, m.end))}
			return it, ok
		})
	addRule("protected", cCheck, false, `(?:{is} )?(?:(?:password[- ])?(?:protected|private|restricted|locked|secured|gated|behind (?:a )?(?:login|sign in|auth\w*|paywall)|only for (?:signed-in|logged-in|authenticated) users)|(?:requires|require|needs|need) (?:a |an )?(?:login|sign in|log in|auth|authentication|authorization|an account|credentials|signing in|logging in|to sign in|to log in|a session))`,
		func(m *match) ([]item, bool) {
			m.p.setHint("ambiguous", "'protected' can be proven two ways — an HTTP status or a redirect to the sign-in page — and the claim does not say which", m.start,
				m.p.subjectSays(m, "returns 401"), m.p.subjectSays(m, "redirects to /login"))
			return nil, false
		})
	addRule("disabled", cCheck, false, `(?:(?:the |a |an |its )?(?:"\d+" |[\w-]+ )?(?:button|link|field|input|checkbox|control|tab|option|menu item) )?(?:{is} )?(?:not )?(?:disabled|enabled|greyed out|grayed out|inactive|clickable|unclickable|read-only|readonly|editable|focused|selected|checked|unchecked|ticked|expanded|collapsed)`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", stateHint, m.start)
			return nil, false
		})
	addRule("no 404", cCheck, false, `(?:not|never) (?:404|404s|return (?:a )?404|give (?:a )?404|show (?:a )?404|error|fail|break|crash)`,
		func(m *match) ([]item, bool) {
			if strings.Contains(m.low(0), "404") {
				it, ok := statusCheck(200)
				it[0].notes = []string{fmt.Sprintf("%q is checked as HTTP 200.", strings.TrimSpace(m.p.lx.span(m.start, m.end)))}
				return it, ok
			}
			return []item{healthCheck()}, true
		})
	addRule("hides it", cCheck, false, `(?:hides|closes|dismisses|removes|collapses) (?:it|itself|the (?:banner|dialog|modal|popup|message|notice|toast)|(the (?:"\d+"|[a-z][\w-]*(?: [a-z][\w-]*){0,3}) (?:dialog|modal|popup)))|makes (?:it|the (?:banner|dialog|modal|popup|message)) (?:disappear|go away|vanish|close)`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l != nil && l.kind == iAction && len(l.steps) == 1 && l.steps[0].Kind == plan.Press && !m.st.afterConn && !strings.Contains(m.low(0), " it") {
				// "pressing Escape closes the dialog": the dialog open
				// before the key is pressed is hidden after it.
				low := m.low(0)
				if !strings.Contains(low, "dialog") && !strings.Contains(low, "modal") && !strings.Contains(low, "popup") {
					return nil, false
				}
				t := plan.Target{Kind: plan.ByRole, Value: "dialog"}.String()
				if m.ok(1) {
					// "closes the hotkeys dialog": the dialog named so.
					e, ok := m.p.element(m.bounds(1))
					if !ok || e.role != "dialog" {
						return nil, false
					}
					t = e.target
				}
				c := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: t})
				c.pre = []plan.Step{{Kind: plan.ExpectVisible, Target: t}}
				c.notes = []string{"That the key closes the dialog is checked by a dialog (role=dialog) being visible just before it is pressed and hidden after."}
				if m.ok(1) {
					// the dialog's name is the claim's guess of the
					// page's: a dialog open decides, the name is found
					// (another name blocks, never fails)
					any := plan.Target{Kind: plan.ByRole, Value: "dialog"}.String()
					c.pre = []plan.Step{{Kind: plan.ExpectCount, Target: any, Count: 1, Compare: plan.CountAtLeast}, {Kind: plan.WaitFor, Target: t, Reach: true}}
					c.notes = []string{"That the key closes the dialog is checked by a dialog being open just before it is pressed and the named one hidden after; that the dialog is named so is a guess of the page's name for it: a dialog under another name blocks the run, never fails it."}
				}
				if m.st.actions < 2 {
					// "Pressing Esc closes the Preferences dialog": nothing
					// said opens it, so it is found open first, or blocked
					c.pre = []plan.Step{{Kind: plan.WaitFor, Target: t, Reach: true}}
					c.notes = []string{"That the key closes the dialog is checked by the dialog being hidden after it is pressed. The claim does not say what opens the dialog: it is found open first (only to reach the place the claim is about), and if it is not open the run is blocked, never failed."}
				}
				return []item{c}, true
			}
			if l == nil || l.kind != iAction || len(l.steps) != 1 || l.steps[0].Kind != plan.Click || m.st.afterConn || m.ok(1) {
				return nil, false
			}
			if t, err := plan.ParseTarget(l.steps[0].Target); err == nil && t.Within != "" {
				// "clicking 'Delete' next to 'milk' removes it": the item
				// goes, so its text does; its button may only hide.
				c := check("absence", plan.Step{Kind: plan.ExpectNoText, Value: t.Within})
				c.notes = []string{fmt.Sprintf("That the item goes away is checked by %q no longer being shown on the page.", t.Within)}
				return []item{c}, true
			}
			if strings.Contains(m.low(0), "it") && len(m.litsIn(0, m.start)) > 1 {
				// "clicking 'Open' shows 'Upload', and clicking 'Cancel'
				// makes it go away": "it" may be a text said before the
				// click, not what was clicked.
				m.p.setHint("ambiguous", "\"it\" may be what was clicked or a text named before it: quote what goes away", m.start)
				return nil, false
			}
			if t, err := plan.ParseTarget(l.steps[0].Target); err == nil && (t.In == "dialog" || reDialogClosed.MatchString(m.low(0))) {
				// "clicking 'Cancel' in the dialog closes the dialog" (or
				// "hides it"): the dialog may leave the page, and a target
				// pinned inside a part the page no longer has blocks the
				// step
				c := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: plan.Target{Kind: plan.ByRole, Value: "dialog"}.String()})
				c.notes = []string{"That the dialog closes is checked by no dialog (a <dialog>, role=dialog) being visible after the click."}
				return []item{c}, true
			}
			c := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: l.steps[0].Target})
			c.notes = []string{"That it goes away is checked by the clicked element no longer being visible."}
			c.hideClicked = true
			return []item{c}, true
		})
	addRule("warnings", cCheck, false, `{neg}(?:has|have|shows?|logs?|throws?|prints?|produces?|emits?)(?: no| zero| 0| any)? (?:console )?warnings?(?: (?:in|to) the console)?`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", "vouch checks console errors and uncaught exceptions, not warnings", m.start,
				m.p.subjectSays(m, "has no console errors"))
			return nil, false
		})
	addRule("console", cCheck, false, `{neg}(?:has|have|shows?|logs?|throws?|prints?|produces?|raises?|emits?|reports?|gives?|gets?|triggers?|causes?|outputs?|hits?)(?: no| zero| 0| any)? (?:console |js |javascript |uncaught |script |runtime |browser |client-side |client side )*(?:errors?|exceptions?)(?: (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)?`,
		func(m *match) ([]item, bool) {
			low := m.low(0)
			neg := m.negated()
			none := strings.Contains(low, " no ") || strings.Contains(low, " zero ") || strings.Contains(low, " 0 ")
			if neg == none { // "has errors" or "doesn't have no errors"
				return nil, false
			}
			return []item{consoleCheck()}, true
		})
	// "No javascript errors in the console when loading /alerts": the
	// check said with no verb, first in the claim; a bare "no errors"
	// could be the page's own messages, so the console or script is named.
	addRule("no console errors", cCheck, false, `(?:no|zero|0) (?:(?:console |js |javascript |uncaught |script |runtime |browser |client-side |client side )+(?:errors?|exceptions?)(?: (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)?|(?:errors?|exceptions?) (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			return []item{consoleCheck()}, true
		})
	addRule("url", cCheck, false, `{neg}(?:links to|link to|opens|open|goes to|go to|navigates to|navigate to|takes (?:me|you|us|them|the user|users|the visitor|visitors|him|her) to|take (?:me|you|us|them|the user) to|leads (?:me |you |the user |users )?to|lead (?:me |you )?to|lands (?:me |you |the user |users )?on|redirects (?:me |you |the user |users |them |visitors )?to|redirect (?:me |you |the user )?to|ends up (?:on|at)|end up (?:on|at)|brings (?:me|you|the user|up) to|sends (?:me|you|the user|users|them) (?:on |over |straight |right )?to|send (?:me|you) (?:on |over |straight |right )?to|bounces (?:me |you |the user |users )?(?:over |straight )?to|kicks (?:me|you|the user|users) (?:over |straight )?to|drops (?:me|you|the user|users) (?:on|at|into)|reaches|reach|arrives at|arrive at|changes the url to|updates the url to|moves to|switches to|directs (?:me |you |the user )?to|forwards (?:me |you |the user )?to|routes (?:me |you )?to|points to|(?:is|be|are|am|get|gets) (?:redirected|taken|sent|brought|forwarded|moved|navigated) to|(?:is|be|am|are) (?:on|at)|lands on|land on|loads|load|shows|show|displays|display|leaves (?:me |you )?on|stays on|stay on|remains on|remain on|returns (?:me |you |the user )?to|return (?:me |you )?to|(?:is|be) back (?:on|at)|goes back to|go back to|comes back to|navigates away to|keeps (?:me|you|the user|users|them) on|keep (?:me|you) on|(?:brings|takes|sends|leads|returns|gets) (?:me|you|the user|users|them|us) back to)(?: the)? ({page})`,
		func(m *match) ([]item, bool) {
			// "the 'Contact' button links to /contact" says where the
			// click leads; "the page links to /docs" has a link.
			if strings.HasPrefix(m.p.lx.shape[m.start:m.loc[2]], "link") {
				if !clickedJustBefore(m) {
					return nil, false
				}
			}
			a1, b1 := m.bounds(1)
			pg, ok := m.p.page(a1, b1)
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			if m.negated() {
				m.p.setHint("unsupported", "vouch can check where a page ends up, not where it does not", m.start)
				return nil, false
			}
			var c item
			if pg.guess {
				its, ok := m.p.guessedLanding(pg, a1, b1, false, m.signedInBefore())
				if !ok || its[0].steps[len(its[0].steps)-1].Kind != plan.ExpectURL {
					return its, ok
				}
				c = its[0]
			} else {
				at, note := pg.landing()
				c = check("url", plan.Step{Kind: plan.ExpectURL, Value: at})
				if note != "" {
					c.notes = []string{note}
				}
			}
			verb := m.p.lx.shape[m.start:m.loc[2]]
			if strings.HasPrefix(verb, "shows") || strings.HasPrefix(verb, "show") || strings.HasPrefix(verb, "displays") || strings.HasPrefix(verb, "display") || strings.HasPrefix(verb, "loads") || strings.HasPrefix(verb, "load") {
				if !strings.HasPrefix(pg.phrase, "/") {
					c.notes = append(c.notes, fmt.Sprintf("%q is checked by the address: %s.", strings.TrimSpace(m.p.lx.span(m.start, m.end)), pg.path))
				}
			}
			return []item{c}, true
		})
	addRule("takes home", cCheck, false, `(?:takes|take|brings|bring|sends|send|leads|lead|gets|get|returns|return) (?:me|you|the user|users|them|us) (?:back )?home`,
		func(m *match) ([]item, bool) {
			c := check("url", plan.Step{Kind: plan.ExpectURL, Value: "/"})
			c.notes = []string{"'home' is checked as the address /."}
			return []item{c}, true
		})
	addRule("url subject", cCheck, false, `(?:the )?(?:current |page |browser |final )?(?:url|address|location|path|address bar|route|pathname)(?: bar)? (?:is|be|becomes|become|changes to|change to|=|:|ends with|end with|contains|contain|matches|shows|updates to|update to|points to|reads|gets|is now|will be|should be)(?: now)? ({page})`,
		func(m *match) ([]item, bool) {
			a1, b1 := m.bounds(1)
			pg, ok := m.p.page(a1, b1)
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			if pg.guess {
				return m.p.guessedLanding(pg, a1, b1, true, false)
			}
			at, note := pg.landing()
			c := check("url", plan.Step{Kind: plan.ExpectURL, Value: at})
			if note != "" {
				c.notes = []string{note}
			}
			return []item{c}, true
		})
	addRule("vague works", cCheck, false, `(?:works|work|is working|functions|does what it should|does its job)(?: (?:fine|ok|okay|correctly|properly|as expected|as intended|well|great))*`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			generic := l == nil || l.kind == iSubject && l.region == "" || l.kind == iPage && l.page.generic
			// "The orders endpoint works": an API endpoint working is
			// more than a page loading.
			endpoint := l != nil && l.kind == iPage && strings.Contains(strings.ToLower(l.page.phrase), "endpoint")
			if endpoint {
				m.p.setHint("vague", "'works' does not say what an endpoint should answer: name a status or a text it shows", m.start)
				return nil, false
			}
			if !generic {
				return nil, false
			}
			subj := strings.TrimSpace(m.p.lx.span(0, m.start))
			if subj == "" || strings.EqualFold(subj, "it") || strings.EqualFold(subj, "everything") {
				subj = "The home page"
			}
			m.p.setHint("vague", "'works' does not say what a browser should see", m.start, subj+" loads without errors")
			return nil, false
		})
	addRule("health", cCheck, false, `(?:loads|load|loading|opens|open|renders|render|works|work|comes up|come up|starts|start|displays|is working|runs|run|is fine|is ok|is okay|is error-free|is error free|shows up|loads up|functions|boots)((?: (?:fine|ok|okay|correctly|properly|successfully|cleanly|normally|fully|completely|without (?:any |an |a single )?(?:errors?|problems|issues|crashing|crashes|exceptions|console errors|js errors|javascript errors|script errors|failures|failing|breaking)(?: (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)?|without (?:writing|logging|throwing|printing|showing|raising|reporting|producing|emitting|hitting|causing|triggering|getting) (?:any )?(?:console |js |javascript |script |uncaught )?(?:errors?|exceptions)(?: (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)?|with (?:no|zero|0) (?:console |js |javascript |script )?(?:errors?|problems|issues|exceptions|failures)(?: (?:in|to|into|on) the (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console)?|with (?:a )?(?:clean|empty|quiet|silent|error-free) (?:dev |developer |devtools |dev tools |browser |js |javascript |web )?console|without failing|without a hitch|and is error-free))*)`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l != nil && l.kind == iPage && strings.Contains(strings.ToLower(l.page.phrase), "endpoint") && strings.HasPrefix(m.low(0), "work") {
				return nil, false
			}
			if w := strings.Fields(strings.ToLower(m.p.lx.span(0, m.start))); len(w) > 0 && placeKinds[w[len(w)-1]] {
				// "the 'Add Folder' dialog opens": the dialog shown, no
				// page that loads
				return nil, false
			}
			if l := m.st.last; l != nil && l.kind == iAction && l.cont == contAdd && l.addVal != "" && !m.st.afterConn && strings.HasPrefix(m.low(0), "work") {
				// "adding 'Milk' works": the item added is shown, not only
				// a page without errors (an add that did nothing passed)
				c := check("presence", plan.Step{Kind: plan.ExpectText, Value: l.addVal})
				c.notes = []string{fmt.Sprintf("That adding %s works is checked by %s being shown after it, and the page loading without errors.", plan.Quote(l.addVal), plan.Quote(l.addVal))}
				return []item{c, healthCheck()}, true
			}
			return []item{healthCheck()}, true
		})
	addRule("count", cCheck, false, `{neg}(?:{show}|holds?|contains?|leaves|leave)(?: (?:exactly|precisely|only|just))? ({num}) ({countable})(?: (?:in total|in the list|on the page|in it|total|altogether|listed|shown))?(?: (?:in|on|inside|within|under) (?:(?:the |its )?({page}) 's |the |its )?(`+regionAlt+`)(?: (?:area|section|bar|region|element))?)?`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	addRule("there are count", cCheck, false, `there (?:is|are|be|exists?)(?: (?:exactly|precisely|only|just))? ({num}) ({countable})(?: (?:in total|in the list|on the page|listed|shown))?(?: (?:in|on|inside|within|under) (?:(?:the |its )?({page}) 's |the |its )?(`+regionAlt+`)(?: (?:area|section|bar|region|element))?)?`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	addRule("count subject", cCheck, false, `(?:exactly |only )?({num}) ({countable}) (?:{is} )?(?:shown|listed|displayed|visible|present|there|rendered|on the page|left|remaining|remain|appear|appears|exist|in the list)`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	// "has at least 3 links", "shows more than 2 'Buy' buttons", "there
	// are fewer than 5 rows": a bound on a count (expect_count at_least /
	// at_most)
	addRule("bounded count", cCheck, false, `(?:{show}|holds?|contains?|leaves|there (?:is|are|be)) (at least|no fewer than|not fewer than|no less than|not less than|a minimum of|more than|over|at most|no more than|not more than|up to|a maximum of|fewer than|less than|under) ({num}) ({countable})(?: (?:in total|in the list|on the page|listed|shown))?(?: (?:in|on|inside|within|under) (?:(?:the |its )?({page}) 's |the |its )?(`+regionAlt+`)(?: (?:area|section|bar|region|element))?)?`,
		func(m *match) ([]item, bool) {
			cmp, shift := plan.CountAtLeast, 0
			switch m.low(1) {
			case "more than", "over":
				shift = 1
			case "at most", "no more than", "not more than", "up to", "a maximum of":
				cmp = plan.CountAtMost
			case "fewer than", "less than", "under":
				cmp, shift = plan.CountAtMost, -1
			}
			return m.countBound(2, 3, cmp, shift, m.low(1)+" "+m.low(2))
		})
	// "has 3 or more links", "shows 5 rows or fewer": the bound said
	// after the number or after the noun
	addRule("count or more", cCheck, false, `(?:{show}|holds?|contains?|leaves|there (?:is|are|be)) ({num}) (?:(or more|or fewer|or less) )?({countable})(?: or (?:more|fewer|less))?(?: (?:in total|in the list|on the page|listed|shown))?(?: (?:in|on|inside|within|under) (?:(?:the |its )?({page}) 's |the |its )?(`+regionAlt+`)(?: (?:area|section|bar|region|element))?)?`,
		func(m *match) ([]item, bool) {
			// the bound after the noun is read from the words after it,
			// so that the page and the part keep their groups (countBound)
			after := strings.Fields(m.p.lx.shape[m.loc[7]:m.end])
			trailing := len(after) >= 2 && after[0] == "or" && (after[1] == "more" || after[1] == "fewer" || after[1] == "less")
			if m.ok(2) == trailing {
				return nil, false // no bound, or two
			}
			bound := "or more"
			if m.ok(2) {
				bound = m.low(2)
			} else if after[1] != "more" {
				bound = "or " + after[1]
			}
			cmp := plan.CountAtLeast
			if bound != "or more" {
				cmp = plan.CountAtMost
			}
			return m.countBound(1, 3, cmp, 0, m.low(1)+" "+bound)
		})
	addRule("at least", cCheck, false, `(?:{show}|holds?|there (?:is|are|be)) (?:at least|at most|more than|fewer than|less than|over|under|up to|several|many|multiple|a few|lots of|a lot of|plenty of|some|a number of|a bunch of|dozens of|hundreds of)`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", "a count is checked with its number: say how many (\"exactly 3\", \"at least 2\", \"fewer than 5\") of elements vouch can name (links, buttons, list items, rows), or that one is shown", m.start)
			return nil, false
		})
	addRule("heading says", cCheck, true, `{neg}(?:the )?(main |top |page |first |second |third |last |1st |2nd |3rd |primary |big |largest |h1 )?(heading|headline|h1|h2|h3|title heading|page heading) (?:is|be|says|say|reads|read|shows|show|displays|display|=|:|contains|contain|matches|match|becomes|become|changes to|change to|reads as|will be)? ?({text})`,
		func(m *match) ([]item, bool) {
			c, ok := m.headingSays(1, 2, 3)
			if !ok {
				return nil, false
			}
			return []item{c}, true
		})
	addRule("heading on page", cCheck, true, `(?:the )?(main |top |page |first |second |third |last |1st |2nd |3rd |primary |big |largest |h1 )?(heading|headline|h1|h2|h3|title heading|page heading) (?:on|of|at|in) ({page}) (?:is|be|says|say|reads|read|shows|show|displays|display|=|:|contains|contain|matches|match|reads as|will be) ({text})`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.pageAt(m.bounds(3))
			if !ok {
				return nil, false
			}
			c, ok := m.headingSays(1, 2, 4)
			if !ok {
				return nil, false
			}
			return []item{{kind: iPage, page: pg}, c}, true
		})
	addRule("as title", cCheck, true, `(?:has|have|uses|use|shows|carries) ({text}) as (?:its |the |a |their )?(?:page |browser |tab |document )?title`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("alt text", cCheck, true, `(?:the )?(?:(?:logo|hero|header|footer|profile|product|avatar|banner|main|cover) )?(?:image|logo|picture|img|icon|photo)(?: 's)?(?: (?:on|in) ({page}))? (?:has|have|with|uses|carries)? ?(?:an? |the |its )?alt(?:ernative)?(?: text| attribute)?(?: of| is| =| :| that says| saying)? ({text})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(2)
			if !ok {
				return nil, false
			}
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByAlt, Value: v}.String()})
			c.notes = bareNote(v, q)
			if m.ok(1) {
				pg, ok := m.p.pageAt(m.bounds(1))
				if !ok {
					return nil, false
				}
				return []item{{kind: iPage, page: pg, subject: true}, c}, true
			}
			return []item{c}, true
		})
	addRule("field placeholder", cCheck, true, `(?:the |an? )?({field}) (?:has|have|shows|with|uses|displays) (?:the |a |an )?placeholder(?: text)?(?: of| :| =| that says| saying)? ({text})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(2)
			if !ok {
				return nil, false
			}
			if !genericField(m.low(1)) {
				// "the 'Name' field has the placeholder 'Your name'": a
				// field named Name, and vouch cannot tie the placeholder
				// to that field; a placeholder anywhere would verify it.
				// The claim with "has a field with placeholder 'X'" in
				// place of what it said of the field: labelled as checking
				// less, since it does not say which field.
				before := strings.TrimSuffix(strings.TrimSpace(m.p.lx.span(0, m.start)), ",")
				sugg := ""
				switch l := strings.ToLower(before); {
				case strings.HasPrefix(l, "on ") || strings.HasPrefix(l, "at "):
					sugg = before + ", the page has a field with the placeholder " + plan.Quote(v)
				case before != "":
					sugg = before + " has a field with the placeholder " + plan.Quote(v)
				}
				m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which field has the placeholder %s, only that some field has it: write \"has a field with placeholder %s\" to check that, not which field it is", plan.Quote(v), plan.Quote(v)), m.start, sugg)
				return nil, false
			}
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByPlaceholder, Value: v}.String()})
			c.notes = bareNote(v, q)
			return []item{c}, true
		})
	addRule("links to", cCheck, false, `{neg}(?:links|link|points|point)(?: back)? to ({page})`,
		func(m *match) ([]item, bool) {
			if clickedJustBefore(m) {
				// "the 'Docs' link links to /docs": where the click on it
				// leads (the url rule), never a link to /docs somewhere
				// on the page it leads to
				return nil, false
			}
			pg, ok := m.p.page(m.bounds(1))
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			t, notes := linkTarget(pg)
			k, rk := plan.ExpectVisible, "presence"
			if m.negated() {
				k, rk = plan.ExpectHidden, "absence"
				t, notes = absentLink(t, pg, notes)
			}
			c := check(rk, plan.Step{Kind: k, Target: t})
			// "doesn't link to /admin and /debug": neither, so the link
			// the continuation adds is absent too
			c.notes, c.cont, c.neg = notes, contElement, k == plan.ExpectHidden
			c.desc = linkDesc(pg.path, c.neg)
			return []item{c}, true
		})
	addRule("links to names", cCheck, false, `{neg}(?:{show}) (?:a |the )?links? to ((?:{name})(?:(?: ,)? (?:and|&|,) (?:{name}))*)`,
		func(m *match) ([]item, bool) {
			names := splitNames(m.p, m.loc[2], m.loc[3])
			if len(names) == 0 {
				return nil, false
			}
			var out []item
			for _, n := range names {
				t := plan.Target{Kind: plan.ByRole, Value: "link", Name: n}.String()
				k, rk := plan.ExpectVisible, "presence"
				if m.negated() {
					k, rk = plan.ExpectHidden, "absence"
				}
				out = append(out, check(rk, plan.Step{Kind: k, Target: t}))
			}
			out[0].notes = []string{"Links named by where they go (\"links to GitHub\") are found by their text."}
			return out, true
		})
	addRule("list is empty", cCheck, false, `(?:{is} )?(?:empty|blank|cleared)`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iSubject || !strings.Contains(strings.ToLower(l.region), "list") {
				return nil, false
			}
			// Which list items belong to "the transfers list" vouch cannot
			// tell: a whole-page count would decide on menus and navs too.
			m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which elements make up %q: quote a text the empty list shows instead (\"shows 'No items yet'\")", strings.TrimSpace(l.region)), m.start)
			return nil, false
		})
	addRule("check for", cCheck, false, `(?:check|checking|look|looking|search|searching|scan|scanning)(?: the page)? for ({lits})`,
		func(m *match) ([]item, bool) { return m.texts(1, false) })
	addRule("adds to list", cCheck, false, `(?:adds|add|creates|puts|inserts|appends) ({lits}) (?:to|in|into|on) (?:the |my )?(?:list|todo list|todos|page|table|feed)`,
		func(m *match) ([]item, bool) {
			c, ok := m.texts(1, false)
			for i := range c {
				c[i].notes = append(c[i].notes, "That the item was added is checked by its text on the page.")
			}
			return c, ok
		})
	addRule("button says", cCheck, true, `{neg}(?:the )?(?:(main|primary|submit|only|first|big|second|third|last|1st|2nd|3rd) )?(button|link|cta) (?:says|say|reads|read|is labelled|be labelled|shows|show|displays|display|=|:|is|be|reads as) ({text})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(3)
			if !ok || !q && stateWords[strings.ToLower(v)] {
				return nil, false
			}
			role := "button"
			if m.low(2) == "link" {
				role = "link"
			}
			if m.ok(1) && (m.low(1) == "main" || m.low(1) == "primary" || m.low(1) == "big") {
				// "the primary button says 'Save'": which button is the
				// main one is a judgement of its look; a Save button
				// elsewhere would verify a false claim
				m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which %s is the %s one: say the page has a '…' %s, or name the part it is in", m.low(2), m.low(1), m.low(2)), m.start)
				return nil, false
			}
			if m.ok(1) && m.low(1) == "submit" && role == "button" && !m.negated() {
				// "the submit button says 'Send'": the form's submit button
				t := plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()
				c := check("presence", plan.Step{Kind: plan.ExpectText, Value: v, Target: t})
				c.desc = fmt.Sprintf("the form's submit button shows %s", plan.Quote(v))
				c.notes = append(bareNote(v, q), "The submit button is the form's submit control (a [type=submit], or a button with no type).")
				return []item{c}, true
			}
			if m.ok(1) && ordinalNth[m.low(1)] != 0 {
				n := ordinalNth[m.low(1)]
				// "the first link says 'Home'": that one link, by
				// position, says it; a Home link elsewhere does not
				if m.negated() {
					return nil, false
				}
				t := plan.Target{Kind: plan.ByRole, Value: role, Nth: n}.String()
				c := check("presence", plan.Step{Kind: plan.ExpectText, Value: v, Target: t})
				c.notes = append(bareNote(v, q), fmt.Sprintf("The %s %s is the %s of the page's visible %ss in document order.", m.low(1), role, m.low(1), role))
				return []item{c}, true
			}
			t := plan.Target{Kind: plan.ByRole, Value: role, Name: v}.String()
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: t})
			if m.negated() {
				c = check("absence", plan.Step{Kind: plan.ExpectHidden, Target: t})
			}
			c.notes = bareNote(v, q)
			return []item{c}, true
		})
	msg := `{neg}(?:{show}|pops up|brings up) (?:an? |the )?(?:(?:error|success|confirmation|warning|validation|info|information|status|flash|welcome|greeting|thank you|thank-you|thanks|inline|friendly|helpful) )*(?:message|notice|banner|toast|alert|notification|error|warning|confirmation|prompt|greeting|popup|text|label|heading text|note|hint|line|sentence|caption|string|words?|phrase|copy)`
	says := `(?:saying|that says|which says|reading|with the text|with text|stating|telling (?:me|you|the user|users)(?: that)?|like|of|=|:)`
	addRule("message with text", cCheck, false, msg+`(?: `+says+`)? ({lits})`,
		func(m *match) ([]item, bool) { return m.texts(1, m.negated()) })
	addRule("message saying", cCheck, true, msg+` `+says+` ({bare})`,
		func(m *match) ([]item, bool) { return m.texts(1, m.negated()) })
	// "has a link 'Installation' that opens /docs/installation": the link
	// is clicked and where it leads is checked.
	addRule("element that opens", cCheck, false, `{show} ({ell}) (?:that|which)`,
		func(m *match) ([]item, bool) {
			nx := m.p.nextToken(m.end)
			// "that goes to /x" and "that points to /x" are read with the
			// element itself.
			if nx == nil || !navVerbs[nx.low] || nx.low == "goes" || nx.low == "points" {
				return nil, false
			}
			e, ok := m.p.element(m.bounds(1))
			if !ok || e.text != "" || e.follow != "" || (e.role != "link" && e.role != "button" && e.role != "tab" && e.role != "menuitem") {
				return nil, false
			}
			a := action("navigation", plan.Step{Kind: plan.Click, Target: e.target})
			a.notes = append(e.notes, "The element is clicked, and what the claim says it does is checked after.")
			return []item{a}, true
		})
	addRule("element", cCheck, true, `{neg}(?:{show}|opens|open|brings up|pops up|gets|get) (?:no |any )?({el})`,
		func(m *match) ([]item, bool) {
			neg := m.negated()
			low := m.p.lx.shape[m.start:m.loc[2]]
			if strings.HasSuffix(low, " no ") {
				neg = !neg
			} else if strings.HasSuffix(low, " any ") && !neg {
				return nil, false
			}
			if el := strings.TrimSpace(m.low(1)); (el == "menu" || strings.HasSuffix(el, " menu")) && !strings.Contains(el, "nav") &&
				!strings.Contains(el, "main menu") && (reOpensVerb.MatchString(low) || m.st.acted) {
				if reMenuThatShows.MatchString(m.p.lx.shape[m.end:]) {
					// "opens a menu with 'Sign out'": what it shows is
					// read with it (compose.go), checked as texts
					return nil, false
				}
				// "opens the menu", or shows it after an action: what drops
				// down is rarely the page's navigation landmark, and no role
				// says which element it is
				m.p.setHint("unsupported", "vouch cannot tell which element is the menu that opens: say what it shows (\"opens a menu that lists 'Sign out'\")", m.start)
				return nil, false
			}
			return m.elementCheck(1, neg)
		})
	addRule("element list", cCheck, false, `{neg}(?:{show}|opens|open|brings up|bring up)(?: the)? ((?:{name})(?: , (?:{name}))*(?: ,)? and (?:{name})) (fields|inputs|text fields|boxes|buttons|links|checkboxes|tabs|headings|images|dropdowns|radio buttons)`,
		func(m *match) ([]item, bool) {
			names := splitNames(m.p, m.loc[2], m.loc[3])
			if len(names) < 2 {
				return nil, false
			}
			noun := strings.TrimSuffix(strings.TrimSuffix(m.low(2), "es"), "s")
			if noun == "checkbox" || noun == "box" {
				noun = m.low(2)[:len(m.low(2))-2]
			}
			var out []item
			for _, n := range names {
				var t plan.Target
				var note string
				switch noun {
				case "field", "input", "text field", "dropdown":
					t, note = fieldTarget(n, true)
				case "image":
					t = plan.Target{Kind: plan.ByAlt, Value: n}
				case "radio button":
					t = plan.Target{Kind: plan.ByRole, Value: "radio", Name: n}
				default:
					t = plan.Target{Kind: plan.ByRole, Value: nouns[noun].role, Name: n}
				}
				if t.Kind == plan.ByRole && t.Value == "" {
					return nil, false
				}
				k, rk := plan.ExpectVisible, "presence"
				if m.negated() {
					k, rk = plan.ExpectHidden, "absence"
				}
				c := check(rk, plan.Step{Kind: k, Target: t.String()})
				if note != "" {
					c.notes = []string{note}
				}
				out = append(out, c)
			}
			return out, true
		})
	// "there should not be an 'Admin' link": the modal dropped leaves the
	// negation before "be"
	addRule("there is", cCheck, true, `(?:there (?:is|are|be|exists?)|is there|are there)( no| not an?| not any| not)? ({el})|there not be ({el})`,
		func(m *match) ([]item, bool) {
			if m.ok(3) {
				return m.elementCheck(3, true)
			}
			return m.elementCheck(2, m.ok(1))
		})
	// "there's a 'Sign up' link but no 'Sign in' link": after an element
	// check, "and/but no '…' <kind>" is another element absent.
	addRule("and no element", cCheck, true, `(?:no|not an?|not any) ({el})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if !m.st.afterConn || l == nil || l.kind != iCheck || len(l.steps) != 1 || l.steps[0].Kind != plan.ExpectVisible && l.steps[0].Kind != plan.ExpectHidden {
				return nil, false
			}
			return m.elementCheck(1, true)
		})
	addRule("element is", cCheck, false, `({ell})(?: (?:on|at|in) {page})? (?:{is} )?{neg}(?:be )?(?:visible|shown|displayed|present|there|rendered|available|on the page|on screen|on the screen|showing|displaying|displayed on the page|hidden|gone|missing|absent|removed|not there|invisible|back|visible again|shown again|there again)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			if strings.HasSuffix(after, "back") || strings.HasSuffix(after, "again") {
				if !m.st.acted || negIn(after) {
					return nil, false
				}
			}
			neg := negIn(after) != hiddenWord(after)
			items, ok := m.elementCheck(1, neg)
			if ok && neg && changeWord(after) {
				m.foundBefore(items)
			}
			return m.withPageIn(items, m.loc[3], m.end), ok
		})
	addRule("element appears", cCheck, false, `({ell}) {neg}(?:appears?|exists?|shows up|show up|pops up|pop up|disappears?|vanishes|vanish|goes away|go away|is removed|gets removed)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			neg := negIn(after) != hiddenWord(after)
			items, ok := m.elementCheck(1, neg)
			if ok && neg && changeWord(after) {
				m.foundBefore(items)
			}
			return items, ok
		})
	// Outcomes said as a return: "brings 'Resources' back", "'Sign in' is
	// back", "'Cancel' comes back". The text is checked after the steps.
	addRule("brings back", cCheck, false, `(?:brings|bring|gets|get) ({lits}) back|(?:brings|bring) back ({lits})`,
		func(m *match) ([]item, bool) { return m.backTexts(m.firstGroup(1, 2)) })
	addRule("text is back", cCheck, false, `({lits}) (?:(?:{is} )?(?:back|visible again|shown again|there again|restored)|(?:comes|come) back|(?:reappears?|re-appears?|shows up again|appears again))`,
		func(m *match) ([]item, bool) { return m.backTexts(1) })
	// "takes you to a page showing 'Dark mode'": the text is checked on the
	// page the action leads to; which page it is, the claim does not say.
	addRule("page showing", cCheck, false, `(?:(?:takes|take|brings|bring|leads|lead|sends|send|gets|get|navigates|navigate|goes|go)(?: (?:you|me|the user|users|us|them|u))? to|opens|open|lands (?:you |me |the user )?on|loads|load) (?:a|another|a new|a different|a separate|the next) (?:page|screen|view)(?: (?:that|which))? (?:showing|shows|show|displaying|displays|with|saying|says|listing|lists|containing|contains|reading|reads)(?: the text)? ({lits})`,
		func(m *match) ([]item, bool) {
			items, ok := m.texts(1, false)
			if ok {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q is checked by the text shown after the steps before it; the page's address is not checked.", strings.TrimSpace(m.p.lx.span(m.start, m.loc[2]))))
			}
			return items, ok
		})
	// "pressing ',' brings up Preferences with the 'Speed' and 'Peers'
	// tabs": what opens is named, and shown by the elements it comes with,
	// which are checked.
	addRule("opens with elements", cCheck, false, `(?:opens|open|brings up|bring up|pops up|pop up|shows|show) (?:the )?([a-z][\w-]*(?: [a-z][\w-]*)?) with (?:the |a |an |its )?({lits}) (tabs?|buttons?|links?|headings?)`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.kind != iAction || m.st.afterConn {
				return nil, false
			}
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] || vague[l] {
					return nil, false
				}
			}
			role := strings.TrimSuffix(m.low(3), "s")
			var out []item
			for _, v := range m.lits(2) {
				out = append(out, check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: role, Name: v}.String()}))
			}
			out[0].notes = []string{fmt.Sprintf("%q names what opens; what is checked is the %s the claim names with it.", strings.TrimSpace(m.p.lx.span(m.bounds(1))), m.low(3))}
			return out, true
		})
	// "takes you to a page titled 'Docs'": the title of the page reached.
	addRule("page titled", cCheck, true, `(?:(?:takes|take|brings|bring|leads|lead|sends|send|gets|get|navigates|navigate|goes|go)(?: (?:you|me|the user|users|us|them|u))? to|opens|open|lands (?:you |me |the user )?on|loads|load) (?:a|another|a new|a different|the next) (?:page|screen|view) (?:titled|with the title|whose title is) ({lit})`,
		func(m *match) ([]item, bool) {
			items, ok := m.title(1)
			if ok {
				items[0].notes = append(items[0].notes, "The page reached is checked by its title; its address is not checked.")
			}
			return items, ok
		})
	// "warns it's 'deprecated'", "tells you that 'Saved'": reported speech;
	// the quoted text is what the page shows.
	addRule("warns", cCheck, false, `{neg}(?:(?:warns|warn|tells (?:you|me|the user|users|u)|informs (?:you|me|the user|users)|notifies (?:you|me|the user|users)|explains|states|announces|notes)(?: (?:that|about))?(?: (?:it|this|that|they) (?:is|are|was|has been))?|(?:says|say|reads|read)(?: that)? (?:it|this|that|they) (?:is|are|was|has been)) ({lits})`,
		func(m *match) ([]item, bool) { return m.texts(1, m.negated()) })
	addRule("text", cCheck, false, `{neg}{show}(?: (?:no|only))? (?:(?:the |a |an )?(?:text|message|words?|string|phrase|label|copy|caption|greeting|notice|heading text|line|sentence|wording)(?: of| saying| that says| reading| :)? )?({lits})`,
		func(m *match) ([]item, bool) {
			neg := m.negated()
			if strings.HasSuffix(m.p.lx.shape[m.start:m.loc[2]], " no ") {
				neg = !neg
			}
			if strings.HasSuffix(m.p.lx.shape[m.start:m.loc[2]], " only ") {
				// "shows only 'Welcome'" says nothing else is shown,
				// which a text check cannot see.
				m.p.setHint("unsupported", "\"only\" says nothing else is shown, which vouch cannot check: say what is shown, and what is not", m.start)
				return nil, false
			}
			return m.texts(1, neg)
		})
	addRule("text bare", cCheck, true, `{neg}{show} (?:(?:the |a |an )?(?:text|message|words?|string|phrase|label|copy|caption|greeting|notice|line|sentence|wording)(?: of| saying| that says| reading| :)? )?({bare})`,
		func(m *match) ([]item, bool) { return m.texts(1, m.negated()) })
	// General rules about items the claim never creates are tested on a
	// witness: an example item with a generated, clearly synthetic value.
	addRule("witness persists", cCheck, false, `(?:the |any |all |every )?(?:items?|tasks?|todos?|entries|entry|notes?)(?: (?:that|which))? (?:you|i|we|a user|users|people) (?:add|create|enter)(?: (?:are|is|stay|stays|remain|remains))?(?: still)?(?: there| listed| shown| saved| kept)? (?:after|across|through|on) (?:a |the )?(?:page )?(?:reloads?|refresh(?:es)?|reloading(?: the page)?|refreshing(?: the page)?)|(?:the |any |all |every )?(?:items?|tasks?|todos?|entries|entry|notes?)(?: (?:that|which))? (?:you|i|we|a user|users|people) (?:add|create|enter) (?:survive|survives|persist|persists|last through) (?:a |the )?(?:page )?(?:reloads?|refresh(?:es)?)`,
		func(m *match) ([]item, bool) {
			add := addItem("role=textbox", witnessValue)
			add.notes = []string{witnessNote, "'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
			c := check("presence", plan.Step{Kind: plan.ExpectText, Value: witnessValue})
			return []item{add, {kind: iReload, rkind: "navigation", desc: "reload the page"}, c}, true
		})
	// The same rule said in other words: "items added to the list survive
	// a page refresh", "a task I add is still there after reloading", "new
	// todos persist across reloads", "what you add stays after reloading".
	addRule("witness persists said otherwise", cCheck, false, `(?:(?:the |any |all |every |a |an |each )?(?:(?:new|newly added|added) )?(?:items?|tasks?|todos?|entries|entry|notes?|rows?)(?: (?:that|which))?(?: (?:you|i|we|a user|users|people) (?:add|create|enter)| (?:added|created|entered)(?: (?:to|in) (?:the |my )?(?:list|todo list|table))?)?|(?:what|whatever|anything) (?:you|i|we|a user|users) (?:add|create|enter))(?: (?:is|are))? (?:survive|survives|persist|persists|last|lasts|stay|stays|remain|remains|kept|saved|there|listed|shown|still there|still listed)(?:(?: (?:there|listed|shown|saved))? (?:after|across|through|on|over))? (?:a |the |page )*(?:reloads?|refresh(?:es)?|reloading(?: the page)?|refreshing(?: the page)?)`,
		func(m *match) ([]item, bool) {
			low := m.p.lx.shape[m.start:m.end]
			if !containsPhrase(low, "add") && !containsPhrase(low, "added") && !containsPhrase(low, "new") && !containsPhrase(low, "create") && !containsPhrase(low, "created") && !containsPhrase(low, "enter") && !containsPhrase(low, "entered") && !containsPhrase(low, "newly added") {
				return nil, false // items the claim does not add: which ones?
			}
			add := addItem("role=textbox", witnessValue)
			add.notes = []string{witnessNote, "'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
			c := check("presence", plan.Step{Kind: plan.ExpectText, Value: witnessValue})
			return []item{add, {kind: iReload, rkind: "navigation", desc: "reload the page"}, c}, true
		})
	addRule("witness checkbox", cCheck, false, `(?:ticking|checking|clicking|toggling|ticking off) (?:a|an|the|any|each|every) (?:task|todo|item|entry) ?(?:'s )?(?:checkbox|tick box|box|toggle) (strikes it through|crosses it out|marks it (?:as )?(?:done|completed|complete|finished)|strikes the task through|crosses the task out)`,
		func(m *match) ([]item, bool) {
			add := addItem("role=textbox", witnessValue)
			add.notes = []string{witnessNote, "'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
			box := plan.Target{Kind: plan.ByRole, Value: "checkbox", Within: witnessValue}.String()
			tick := action("form", plan.Step{Kind: plan.Check, Target: box})
			tick.desc = fmt.Sprintf("tick the checkbox of %q", witnessValue)
			var c item
			if strings.Contains(m.low(1), "done") || strings.Contains(m.low(1), "complete") || strings.Contains(m.low(1), "finished") {
				c = check("presence", plan.Step{Kind: plan.ExpectChecked, Target: box})
				c.notes = []string{"'Marked done' is checked as the item's checkbox being ticked."}
			} else {
				c = check("presence", plan.Step{Kind: plan.ExpectStyle, Target: plan.Target{Kind: plan.ByText, Value: witnessValue}.String(), Property: "text-decoration-line", Value: "line-through"})
			}
			return []item{add, tick, c}, true
		})
	// "done tasks are struck through": a rule about items in a state, tested
	// on an example item put in that state.
	addRule("witness done style", cCheck, false, `(?:the |all |any |every )?(?:(?:done|completed|finished|checked|ticked) (?:tasks?|todos?|items?|entries|entry)|(?:tasks?|todos?|items?|entries|entry) (?:that are|which are|marked(?: as)?|you mark as|you tick(?: off)?) (?:done|completed|complete|finished|checked|ticked))(?: (?:are|is|get|gets|appear|appears|are shown|is shown))? (struck through|crossed out|struck out|shown struck through|shown crossed out)`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			if l := m.st.last; l != nil && l.kind != iPage {
				return nil, false
			}
			add := addItem("role=textbox", witnessValue)
			add.notes = []string{witnessNote, "'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
			box := plan.Target{Kind: plan.ByRole, Value: "checkbox", Within: witnessValue}.String()
			tick := action("form", plan.Step{Kind: plan.Check, Target: box})
			tick.desc = fmt.Sprintf("tick the checkbox of %q", witnessValue)
			tick.notes = []string{"An item is marked done by ticking its checkbox; edit the plan if the app marks items done another way."}
			c := check("presence", plan.Step{Kind: plan.ExpectStyle, Target: plan.Target{Kind: plan.ByText, Value: witnessValue}.String(), Property: "text-decoration-line", Value: "line-through"})
			return []item{add, tick, c}, true
		})
	// "every task you add has a checkbox": the example item has one.
	addRule("witness has", cCheck, false, `(?:every|each|any|a|an) (?:new )?(?:task|todo|item|entry|note)(?: (?:that )?(?:you|i|we|a user|users) (?:add|create)| added)? (?:has|gets|comes with|shows) (?:a|an|its own) (checkbox|tick box|check box)`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			if l := m.st.last; l != nil && l.kind != iPage {
				return nil, false
			}
			add := addItem("role=textbox", witnessValue)
			add.notes = []string{witnessNote, "'Adding' an item types it into the page's first text field and presses Enter; edit the plan if the app adds items another way."}
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "checkbox", Within: witnessValue}.String()})
			c.desc = fmt.Sprintf("the item %q has a checkbox", witnessValue)
			return []item{add, c}, true
		})
	// "doesn't add anything to the list": the list's items are counted
	// before the actions and compared after.
	addRule("adds nothing", cCheck, false, `(?:does not|do not|not|never|will not|should not|must not) (?:add|adds|create|creates|put|puts|insert|inserts) (?:anything|any items?|an item|a new item|new items|items|an entry|any entries|a todo|any todos|a task|any tasks|anything new)(?: (?:to|in|into|on) (?:the |my )?(?:list|todo list|todos|tasks|table|page))?`,
		func(m *match) ([]item, bool) {
			if m.st.last == nil || !m.st.acted {
				return nil, false
			}
			c := check("count", plan.Step{Kind: plan.ExpectCount, Target: "role=listitem", Ref: "before"})
			c.remember = "role=listitem"
			c.desc = "the number of list items on the page is the same as before"
			c.notes = []string{"That nothing is added is checked by counting the page's list items (li) before the actions and after: the same number."}
			return []item{c}, true
		})
	// Order: "'A' comes before 'B'", "lists 'A' before 'B'", "'A', 'B' and
	// 'C' in that order", "in alphabetical order".
	addRule("order before", cCheck, false, `({lit}) (?:comes|come|is listed|is shown|appears|appear|is|are listed|are shown|is placed|is sorted|is put|sits|stands)(?: (?:right|just|directly|somewhere))? (before|above|ahead of|earlier than|after|below|later than) ({lit})`,
		func(m *match) ([]item, bool) {
			if m.low(2) == "then" && !orderVerbs[strings.Fields(m.low(0))[0]] {
				// "shows 'Loading' then 'Ready'" may be one text after
				// the other in time as well as on the page.
				m.p.setHint("ambiguous", "\"then\" may mean later in time or further down the page: say \"shows 'A' above 'B'\" for the page's order", m.start)
				return nil, false
			}
			if timeOrder(m) {
				return nil, false
			}
			return m.order(orderPair(m.lits(1)[0], m.low(2), m.lits(3)[0]), "")
		})
	// "'A' and 'B' come after 'C' and before 'D'": each between the two,
	// the order of A and B left unsaid.
	addRule("order between", cCheck, false, `({lits}) (?:comes|come|is listed|are listed|is shown|are shown|appears|appear|is|are|sits|sit)(?: (?:right|just|directly|somewhere))? (after|below|before|above) ({lit}) (?:and|but) (after|below|before|above) ({lit})`,
		func(m *match) ([]item, bool) {
			first, last := m.lits(3)[0], m.lits(5)[0]
			switch {
			case (m.low(2) == "after" || m.low(2) == "below") && (m.low(4) == "before" || m.low(4) == "above"):
			case (m.low(2) == "before" || m.low(2) == "above") && (m.low(4) == "after" || m.low(4) == "below"):
				first, last = last, first
			default:
				return nil, false
			}
			var out []item
			for _, t := range m.lits(1) {
				its, _ := m.order([]string{first, t, last}, "")
				out = append(out, its...)
			}
			return out, true
		})
	addRule("shows before", cCheck, false, `(?:{show}|puts|put|places|place|sorts|sort|ranks|rank|orders|order) ({lit})(?: (?:right|just|directly|somewhere))? (before|above|ahead of|then|after|below) ({lit})`,
		func(m *match) ([]item, bool) {
			if m.low(2) == "then" && !orderVerbs[strings.Fields(m.low(0))[0]] {
				// "shows 'Loading' then 'Ready'" may be one text after
				// the other in time as well as on the page.
				m.p.setHint("ambiguous", "\"then\" may mean later in time or further down the page: say \"shows 'A' above 'B'\" for the page's order", m.start)
				return nil, false
			}
			if timeOrder(m) {
				return nil, false
			}
			return m.order(orderPair(m.lits(1)[0], m.low(2), m.lits(3)[0]), "")
		})
	addRule("in order", cCheck, false, `{show} ({lits}) in (that|this|the given|alphabetical|alphabetic|a-z|reverse alphabetical|z-a) order`,
		func(m *match) ([]item, bool) {
			texts := m.lits(1)
			if len(texts) < 2 {
				return nil, false
			}
			how := m.low(2)
			switch how {
			case "alphabetical", "alphabetic", "a-z":
				texts = sortedFold(texts, false)
			case "reverse alphabetical", "z-a":
				texts = sortedFold(texts, true)
			}
			return m.order(texts, how)
		})
	addRule("comes first", cCheck, false, `({lit}) (?:comes|is listed|is shown|appears|is) (?:first|last|at the top|at the bottom)`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", "first or last among what the claim does not say: name what it comes before (\"'A' comes before 'B'\")", m.start)
			return nil, false
		})
	// Style: struck through, bold, a dark background.
	addRule("struck through", cCheck, false, `({lit}) {neg}(?:is |are |gets |appears |is shown )?(?:not )?(struck through|struck out|crossed out|crossed through|strikethrough|bold|in bold|bolded|italic|in italics|italicised|italicized|underlined)`,
		func(m *match) ([]item, bool) {
			prop, val := "text-decoration-line", "line-through"
			switch w := m.low(2); {
			case strings.Contains(w, "bold"):
				prop, val = "font-weight", "bold"
			case strings.Contains(w, "italic"):
				prop, val = "font-style", "italic"
			case w == "underlined":
				prop, val = "text-decoration-line", "underline"
			}
			neg := m.negated() || strings.Contains(m.p.lx.shape[m.loc[3]:m.end], " not ")
			if neg {
				m.p.setHint("unsupported", "a style is checked to be something, not to be something else", m.start)
				return nil, false
			}
			if strings.Contains(m.p.lx.shape[m.loc[3]:m.end], "are ") {
				// "clicking 'Go', 'A' and 'B' are bold": "are" says the
				// state of more texts than the one before it
				return nil, false
			}
			t := plan.Target{Kind: plan.ByText, Value: m.lits(1)[0]}.String()
			c := check("presence", plan.Step{Kind: plan.ExpectStyle, Target: t, Property: prop, Value: val})
			c.notes = []string{fmt.Sprintf("%q is found by its visible text and its computed %s is checked.", m.lits(1)[0], prop)}
			return []item{c}, true
		})
	addRule("dark background", cCheck, false, `(?:(?:has|have|uses|use|shows|show|gets|get|turns|turn|becomes|become|switches to|is in|is|gives the page|give the page) (?:a |an )?(dark|light)(?: background| mode| theme| colou?r scheme)|(?:turns|makes|sets) the (?:page |page's )?background (dark|light)|the (?:page |page's )?background (?:is|turns|becomes|goes|is now) (dark|light))`,
		func(m *match) ([]item, bool) {
			// The background a person sees may be the body's or an app's
			// container drawn over it (a docs page's dark mode darkens
			// its container and leaves the body light): no one element
			// is "the page's background".
			m.p.setHint("unsupported", "vouch cannot tell which element's background the claim means (the page body, or the app's container over it): name a part (\"the header is dark\") or a text that changes", m.start)
			return nil, false
		})
	// "shows the 'author' parameter", "the 'books' and 'orders' sections":
	// a noun after the text says what it is, and is noted, not checked.
	addRule("text described after", cCheck, false, `{neg}{show} (?:the |a |an )?({lits}) (sections?|parameters?|operations?|endpoints?|resources?|property|properties|schemas?|models?|category|categories|tags?|entry|entries|values?|versions?|settings?|options?|columns?|labels?|headings?)`,
		func(m *match) ([]item, bool) {
			items, ok := m.texts(1, m.negated())
			for i := range items {
				items[i].notes = append(items[i].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked, anywhere on the page.", m.low(2)))
			}
			return items, ok
		})
	// "lists the users Ann Lee and Bob Stone": a plural noun says what the
	// names are; each capitalised name is a text to look for. The noun is
	// never a text, and one name after a singular noun is not split.
	addRule("named things", cCheck, false, `{neg}{show} (?:the |our |its |their |both )?([a-z][\w-]*) (`+nameWord+`(?: `+nameWord+`){0,2}(?: (?:,|and|, and) `+nameWord+`(?: `+nameWord+`){0,2})*)`,
		func(m *match) ([]item, bool) {
			noun := m.low(1)
			if _, isEl := nouns[noun]; isEl || structural[noun] || stopWords[noun] || notText[noun] || vague[noun] {
				return nil, false
			}
			if _, isNum := numberWords[noun]; isNum {
				return nil, false
			}
			names, ok := capitalNames(m.p, m.loc[4], m.loc[5])
			if !ok || len(names) > 1 && !strings.HasSuffix(noun, "s") {
				return nil, false
			}
			var out []item
			for _, n := range names {
				var c item
				if m.negated() {
					c = check("absence", plan.Step{Kind: plan.ExpectNoText, Value: n})
				} else {
					c = check("presence", plan.Step{Kind: plan.ExpectText, Value: n})
				}
				c.notes = bareNote(n, false)
				out = append(out, c)
			}
			out[0].notes = append(out[0].notes, fmt.Sprintf("%q says what the names are; only the names are looked for, anywhere on the page.", noun))
			return out, true
		})
	// "only shows 'A', not 'B'": the contrast names what "only" excludes.
	addRule("only not", cCheck, false, `only (?:{show}) ({lits})(?: ,)? (?:but |and )?(?:not|never|no) ({lits})`,
		func(m *match) ([]item, bool) {
			in, out, ok := m.shownNotShown(1, 2)
			if !ok {
				return nil, false
			}
			in[0].notes = append(in[0].notes, "'Only' is checked as the claim spells it out: the texts named are shown and the texts after \"not\" are not; other texts on the page are not checked.")
			return append(in, out...), true
		})
	// "/tasks/2 shows that the task is done: '"done": true'": the quoted
	// text after the colon is how the page shows what is said before it.
	addRule("shows that colon", cCheck, false, `{neg}{show} (?:that )?((?:[a-z][\w'-]* ){1,6}): ({lits})`,
		func(m *match) ([]item, bool) {
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if t := m.p.lx.toks[i]; t.kind != tWord || vague[t.low] || outOfReachWord[t.low] {
					return nil, false
				}
			}
			items, ok := m.texts(2, m.negated())
			if ok {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q is checked by the quoted text after the colon, as the claim shows it.", strings.TrimSpace(m.p.lx.span(m.bounds(1)))))
			}
			return items, ok
		})
	// "says 'Congrats!' in a heading", "shows 'Save' as a button": the
	// text is the name of that element.
	addRule("text as element", cCheck, false, `{neg}{show} ({lit}) (in|as|on) (?:a|an|the) (?:(browser) )?(heading|headline|title heading|h1|h2|h3|button|link|tab)`,
		func(m *match) ([]item, bool) {
			if m.ok(3) || m.low(4) == "tab" && m.low(2) != "as" {
				// "shows 'Inbox' in the tab" may say the browser tab's
				// title or a tab's panel; "as a tab" names a tab
				m.p.setHint("unsupported", fmt.Sprintf("%q may be the browser tab's title or a tab of the page: say \"the title is '…'\" (the whole title) or \"shows a '…' tab\"", strings.TrimSpace(m.p.lx.span(m.loc[4], m.end))), m.start)
				return nil, false
			}
			v := m.lits(1)[0]
			var t plan.Target
			switch n := m.low(4); n {
			case "button", "link", "tab":
				t = plan.Target{Kind: plan.ByRole, Value: n, Name: v}
			case "h1", "h2", "h3":
				t = plan.Target{Kind: plan.ByRole, Value: "heading", Name: v, Level: int(n[1] - '0')}
			default:
				t = plan.Target{Kind: plan.ByRole, Value: "heading", Name: v}
			}
			k, rk := plan.ExpectVisible, "presence"
			if m.negated() {
				k, rk = plan.ExpectHidden, "absence"
			}
			return []item{check(rk, plan.Step{Kind: k, Target: t.String()})}, true
		})
	// "marks '2.1.0' as the 'latest' release", "shows 'Invoice 7' as
	// 'Paid'": the second text in the item that shows the first.
	addRule("marks as", cCheck, false, `{neg}(?:marks|mark|labels|label|flags|flag|tags|tag|shows|show|lists|list) ({lit}) as (?:the |a |an )?({lit})(?: (release|version|item|entry|task|order|invoice|status|one|option|plan))?`,
		func(m *match) ([]item, bool) {
			x, y := m.lits(1)[0], m.lits(2)[0]
			t := plan.Target{Kind: plan.ByText, Value: y, Within: x}.String()
			k, rk := plan.ExpectVisible, "presence"
			if m.negated() {
				k, rk = plan.ExpectHidden, "absence"
			}
			c := check(rk, plan.Step{Kind: k, Target: t})
			c.notes = []string{fmt.Sprintf("%q is looked for inside the smallest repeated item (list item, row, card) whose text contains %q.", y, x)}
			return []item{c}, true
		})
	// "'s' is listed as 'Start all'", "'2.1.0' is marked as the 'latest'
	// release": the same, said of the first text (places.go's class).
	addRule("listed as", cCheck, false, `({lit}) (?:is|are) (?:listed|shown|marked|labelled|labeled|flagged|tagged) as (?:the |a |an )?({lit})(?: (release|version|item|entry|task|order|invoice|status|one|option|plan))?`,
		func(m *match) ([]item, bool) {
			x, y := m.lits(1)[0], m.lits(2)[0]
			t := plan.Target{Kind: plan.ByText, Value: y, Within: x}.String()
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: t})
			c.notes = []string{fmt.Sprintf("%q is looked for inside the smallest repeated item (list item, row, card) whose text contains %q.", y, x)}
			return []item{c}, true
		})
	// "'Ideas' has the tag 'work'", "'Invoice 7' has a 'Paid' badge": a
	// marker the item shows, inside the item (it was offered as a click
	// on 'Ideas').
	addRule("has the tag", cCheck, false, `({lit}) (?:{is} )?{neg}(?:has|have|carries|carry|is marked with|is tagged with|is labelled with|is labeled with|shows|show) (?:the |a |an )?(?:(?:tag|label|badge|status|marker|chip|pill|flag) ({lit})|({lit}) (?:tag|label|badge|status|marker|chip|pill|flag))`,
		func(m *match) ([]item, bool) {
			x, y := m.lits(1), m.lits(m.firstGroup(2, 3))
			if len(x) != 1 || len(y) != 1 {
				return nil, false
			}
			k, rk := plan.ExpectVisible, "presence"
			if after := " " + m.p.lx.shape[m.loc[3]:m.end] + " "; strings.Contains(after, " not ") || strings.Contains(after, " never ") || strings.Contains(after, " no longer ") {
				k, rk = plan.ExpectHidden, "absence"
			}
			c := check(rk, plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByText, Value: y[0], Within: x[0]}.String()})
			c.notes = []string{fmt.Sprintf("%q is looked for inside the smallest repeated item (list item, row, card) whose text contains %q.", y[0], x[0])}
			return []item{c}, true
		})
	// "shows Bob's email as 'bob@example.com'": a description, then the
	// text that shows it.
	addRule("described as", cCheck, false, `{neg}{show} (?:the |a |an |our |its |their |your )?((?:[a-z][\w-]* (?:'s )?){1,3})as ({lits})`,
		func(m *match) ([]item, bool) {
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				l := m.p.lx.toks[i].low
				if l == "'s" && i > from {
					continue
				}
				if structural[l] || stopWords[l] || notText[l] || vague[l] || descStates[l] || stateWords[l] || doneVerbs[l] {
					return nil, false
				}
			}
			if unshownDesc(m, strings.TrimSpace(m.p.lx.span(m.bounds(1)))) {
				return nil, false
			}
			items, ok := m.texts(2, m.negated())
			if ok {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked.", strings.TrimSpace(m.p.lx.span(m.bounds(1)))))
			}
			return items, ok
		})
	addRule("described text", cCheck, false, `{neg}{show} (?:the |a |an |our |its |their |your )?((?:[a-z][\w-]* (?:'s )?){1,3})({lits})`,
		func(m *match) ([]item, bool) {
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; l == "'s" && i > from {
					continue // "Ann Lee's email 'ann@…'"
				}
				// "shows the deleted 'X'", "the latest 'v2'": a state
				// or a rank of the text, which checking the text alone
				// would drop
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] || descStates[l] || stateWords[l] || doneVerbs[l] {
					// (… "and enables 'Stop'": what the action does, no
					// description of a text shown)
					return nil, false
				}
			}
			desc := strings.TrimSpace(m.p.lx.span(m.bounds(1)))
			if unshownDesc(m, desc) {
				return nil, false
			}
			items, ok := m.texts(2, m.negated())
			if particleFirst[strings.ToLower(desc)] {
				// "gives back 'X'": the verb's particle, no description
				return items, ok
			}
			for i := range items {
				items[i].notes = append(items[i].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked.", desc))
			}
			return items, ok
		})
	// "clicking 'Delete' on 'Ann' keeps (leaves) 'Bob'", "… 'Bob' stays":
	// after an action, a text still shown, found just before it too
	// (uiItems). "Leaves 'Name' empty" is a field left empty.
	addRule("keeps text", cCheck, false, `(?:keeps|keep|leaves|leave)(?: the)? ({lits})(?: (?:there|in place|listed|shown|visible|on the page|in the list|alone|untouched))?|({lits}) (?:stays|stay|remains|remain)(?: (?:there|in place|listed|shown|visible|on the page|in the list))?`,
		func(m *match) ([]item, bool) {
			if m.st.actions != 1 {
				// after several actions ("clicking 'About' and going
				// back keeps 'Dark'") where it was found first is not said
				return nil, false
			}
			if nx := m.p.nextToken(m.end); nx != nil {
				switch nx.low {
				case "empty", "blank", "unfilled", "unset", "cleared", "unticked", "ticked", "checked", "unchecked", "in", "as", "at", "on", "selected", "enabled", "disabled", "open", "closed", "hidden", "visible", "focused":
					return nil, false
				}
			}
			return m.texts(m.firstGroup(1, 2), false)
		})
	// "'Welcome' rather than 'Hello' is shown": the one text shown, the
	// other not (a sketch paired them as "'Hello' next to 'Welcome'").
	addRule("instead of shown", cCheck, false, `({lit}) (?:instead of|rather than|and not) ({lit}) (?:{is} )?(?:shown|displayed|visible|listed|on the page|on screen|on the screen|showing|displaying|rendered|written|appears|appear)`,
		func(m *match) ([]item, bool) {
			in, out, ok := m.shownNotShown(1, 2)
			return append(in, out...), ok
		})
	addRule("text is shown", cCheck, false, `(?:is |are )?(?:the )?(?:(?:text|message|words?|string|phrase|label|copy|greeting|notice) )?((?:[a-z][\w-]* )?{lits}(?: (?:entry|task|todo|note|tag|section|card|record|post|comment|line|operation|endpoint|model|schema|label|option|file|folder|directory|package|branch|release|version|user|project|repository|repo))?|{barel}) (?:{is} )?(?:(?:all|both) )?{neg}(?:shown|displayed|visible|present|there|rendered|printed|listed|on the page|on screen|on the screen|showing|displaying|written|in the page|in the list|somewhere on the page|displayed on the page|hidden|gone|missing|absent|removed|invisible|deleted|added(?: to the (?:list|page|table))?|in the list|on the list)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			if quantNeg.MatchString(after) {
				// "are all not shown": none of them, or not all of them?
				return nil, false
			}
			return m.shownTexts(1, negIn(after) != hiddenWord(after), changeWord(after))
		})
	addRule("text appears", cCheck, false, `(?:the )?(?:(?:text|message|words?|string|phrase|label|copy|greeting|notice) )?((?:[a-z][\w-]* )?{lits}(?: (?:entry|task|todo|note|tag|section|card|record|post|comment|line|operation|endpoint|model|schema|label|option|file|folder|directory|package|branch|release|version|user|project|repository|repo))?|{barel}) {neg}(?:appears?|shows up|show up|pops up|pop up|disappears?|vanishes|vanish|goes away|go away|exists|is gone|is removed|is deleted|gets removed|gets deleted|comes up|is no longer there|is no longer shown|is no longer listed)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			return m.shownTexts(1, negIn(after) != hiddenWord(after), changeWord(after))
		})
	// "adding 'milk' removes 'Nothing to do'", "clicking 'Hide' hides
	// 'Secret'": a text an action takes away. It must be there first.
	addRule("removes text", cCheck, false, `(?:removes|hides|clears|deletes|dismisses) (?:the )?({lits})(?: (models?|schemas?|sections?|entries|entry|items?|rows?|operations?|messages?|notices?|tags?|labels?))?(?: (?:from|off) (?:the )?(?:list|page|screen|table|view))?`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			// "typing 'ann' shows 'Ann Lee' and hides 'Bob Stone'": a
			// second outcome of the same action, after "and"
			outcome := l != nil && l.kind == iCheck && m.st.afterConn && m.st.acted
			if !outcome && (l == nil || l.kind != iAction && l.kind != iReload || m.st.afterConn) {
				return nil, false
			}
			items, ok := m.shownTexts(1, true, true)
			if ok && m.ok(2) {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q describes the quoted texts; only the texts themselves are checked.", m.low(2)))
			}
			return items, ok
		})
	// "'Cancel' replaces 'Try it out'": the new text is shown after the
	// steps, the old one was there just before the last and is gone after.
	addRule("replaces", cCheck, false, `({lit}) (?:replaces|replace|takes the place of|appears instead of|is shown instead of|shows instead of)(?: the)? ({lit})`,
		func(m *match) ([]item, bool) {
			if !m.hasStep() {
				return nil, false
			}
			return m.replacedTexts(2, 1)
		})
	// "clicking 'Start' changes 'Stopped' to 'Running'", "after clicking
	// 'Start', 'Stopped' becomes 'Running'": the old text was there just
	// before the last step and is gone after, the new one is shown (as
	// "replaces"). Read as two texts shown it passed while the old one
	// stayed.
	changeTo := func(from, to int, subject bool) func(m *match) ([]item, bool) {
		return func(m *match) ([]item, bool) {
			if !m.hasStep() {
				return nil, false
			}
			a, b := m.lits(from), m.lits(to)
			if len(a) != 1 || len(b) != 1 {
				return nil, false
			}
			if strings.Contains(strings.ToLower(b[0]), strings.ToLower(a[0])) && strings.ContainsAny(a[0], " \t") {
				// the new text holds the old one, so the old one is never
				// gone from the page's text
				said := fmt.Sprintf("shows %q", b[0])
				if subject {
					said = "the page " + said
				}
				m.p.setHint("unsupported", fmt.Sprintf("%q contains %q, so the page shows %q whenever it shows %q: say what is shown after (\"shows '%s'\")", b[0], a[0], a[0], b[0], b[0]), m.start,
					m.p.replaceSpan(m.start, m.end, said)+labelSep+fmt.Sprintf("the page shows %q after; it does not check that %q was shown before", b[0], a[0]))
				return nil, false
			}
			return m.replacedTexts(from, to)
		}
	}
	addRule("changes from to", cCheck, false, `(?:(?:changes|change|turns|turn|switches|switch|updates|update|flips|flip|renames|rename|toggles|toggle)(?: the (text|label|status|value|word|caption|title|name|state|count|counter|number|total|badge|price|score|amount|quantity|button text|button label|item count)| (?:its|their) (status|value|state|count|counter|number|total|badge|price|score|amount|quantity))?(?: from)?|(?:goes|go|moves|move|jumps|jump|increases|increase|decreases|decrease|rises|rise|drops|drop|falls|fall)(?: up| down)? from) ({lit}) (?:to|into) ({lit})`,
		func(m *match) ([]item, bool) {
			items, ok := changeTo(3, 4, false)(m)
			if !ok {
				return nil, false
			}
			// "changes the count from '3' to '4'", "the total goes from
			// …": the part is not pinned, and a short new text or a value
			// is refused as such (guardShortUnpinned)
			part := ""
			if m.ok(1) {
				part = "the " + m.low(1)
			} else if m.ok(2) {
				part = "the " + m.low(2)
			} else if from, _ := m.p.lx.tokensIn(m.start, m.end); from >= 2 {
				t := m.p.lx.toks
				if t[from-1].kind == tWord && detWords[t[from-2].low] && valueParts[t[from-1].low] {
					part = "the " + t[from-1].low
				}
			}
			if part != "" {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q is not pinned to one element: the new text is looked for on the whole page.", part))
			}
			return items, true
		})
	addRule("becomes", cCheck, false, `({lit}) (?:becomes|become|changes to|change to|changes into|turns into|turn into|switches to|switch to|updates to|update to|flips to|is replaced by|is replaced with|gets replaced by|is renamed to|is changed to)(?: the text)? ({lit})`, changeTo(1, 2, true))
	// "changes the counter to '1 item left'": the outcome is the new text.
	addRule("changes to", cCheck, false, `(?:changes|updates|sets|turns|switches|flips|renames|filters|narrows|narrows down|reduces|cuts) (?:the |its |their )?((?:[a-z][\w-]* ){0,2}[a-z][\w-]*) (?:to|into) ({lit})`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.kind != iAction && l.kind != iReload || m.st.afterConn {
				return nil, false
			}
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] || vague[l] {
					return nil, false
				}
			}
			words := strings.Fields(m.low(1))
			if verb := strings.Fields(m.low(0))[0]; (verb == "filters" || verb == "narrows" || verb == "reduces" || verb == "cuts") && collectionNouns[words[len(words)-1]] {
				// "filters the table to 'Ann'": nothing else is left,
				// which a check that 'Ann' is shown does not prove (a
				// filter that did nothing passed)
				m.p.setHint("unsupported", fmt.Sprintf("%q says nothing else is left in the %s, which vouch cannot check: say what is shown, and what is not (\"shows '%s' and does not show '…'\")", verb, words[len(words)-1], m.lits(2)[0]), m.start,
					m.p.replaceSpan(m.start, m.end, "shows "+plan.Quote(m.lits(2)[0]))+labelSep+fmt.Sprintf("the page shows %s after; it does not check that nothing else is left in the %s", plan.Quote(m.lits(2)[0]), words[len(words)-1]))
				return nil, false
			}
			switch noun := words[len(words)-1]; noun {
			case "button", "link", "tab", "heading":
				// "turns the button into 'Cancel'": a button named so.
				c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: noun, Name: m.lits(2)[0]}.String()})
				return []item{c}, true
			}
			items, ok := m.texts(2, false)
			if ok {
				items[0].notes = append(items[0].notes, fmt.Sprintf("%q is not pinned to one element: the new text is looked for on the whole page.", strings.TrimSpace(m.p.lx.span(m.bounds(1)))))
			}
			return items, ok
		})
	// "the 'GET' badge next to 'List books' is visible", "shows 'Paid' next
	// to 'Invoice 7'": the text inside the item that shows the other one.
	addRule("next to", cCheck, false, `(?:(?:the )?({lit})(?: (badge|label|tag|icon|button|link|status|text|count|price|date))? (?:next to|beside|alongside) (?:the )?(?:(?:item|task|todo|row|entry|line|operation) )?({lit}) (?:{is} )?{neg}(?:visible|shown|displayed|present|there|listed)|{neg}{show} ({lit}) (?:next to|beside|alongside) (?:the )?(?:(?:item|task|todo|row|entry|line|operation) )?({lit})|({lit}) (?:{is} )?{neg}(?:visible|shown|displayed|present|listed) (?:next to|beside|alongside) (?:the )?(?:(?:item|task|todo|row|entry|line|operation) )?({lit}))`,
		func(m *match) ([]item, bool) {
			var x, y, noun string
			switch {
			case m.ok(1):
				x, y = m.lits(1)[0], m.lits(3)[0]
				if m.ok(2) {
					noun = m.low(2)
				}
			case m.ok(4):
				x, y = m.lits(4)[0], m.lits(5)[0]
			default:
				x, y = m.lits(6)[0], m.lits(7)[0]
			}
			t := plan.Target{Kind: plan.ByText, Value: x, Within: y}
			switch noun {
			case "button", "link":
				t = plan.Target{Kind: plan.ByRole, Value: noun, Name: x, Within: y}
			}
			k, rk := plan.ExpectVisible, "presence"
			if strings.Contains(" "+m.p.lx.shape[m.start:m.end]+" ", " not ") || strings.Contains(" "+m.p.lx.shape[m.start:m.end]+" ", " never ") {
				k, rk = plan.ExpectHidden, "absence"
			}
			c := check(rk, plan.Step{Kind: k, Target: t.String()})
			c.notes = []string{fmt.Sprintf("%q is looked for inside the smallest repeated item (list item, row, card) whose text contains %q.", x, y)}
			return []item{c}, true
		})
	// "'Desk Lamp' shows 'Out of stock'" may be what an item shows or what
	// clicking a control shows ("'Save' shows 'Saved'"): both offered,
	// the click first for a one-word name.
	addRule("text shows text", cCheck, false, `({lit}) (?:shows|displays) ({lit})`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l != nil && l.kind != iPage {
				return nil, false
			}
			x, y := m.lits(1), m.lits(2)
			if len(x) != 1 || len(y) != 1 {
				return nil, false
			}
			item := m.p.replaceSpan(m.start, m.end, fmt.Sprintf("the %q item shows %q", x[0], y[0]))
			click := m.p.replaceSpan(m.start, m.end, fmt.Sprintf("clicking %q shows %q", x[0], y[0]))
			if len(strings.Fields(x[0])) == 1 {
				item, click = click, item
			}
			m.p.setHint("ambiguous", fmt.Sprintf(`"'%s' shows '%s'" may say what the item '%s' shows or what clicking '%s' shows: say "the '%s' item shows '%s'" or "clicking '%s' shows '%s'"`, x[0], y[0], x[0], x[0], x[0], y[0], x[0], y[0]), m.start, item, click)
			return nil, false
		})
	// "'Last seen' says 'Never'", "the value of 'Hash' reads 'None'": a
	// label and the value the page shows for it, looked for in the value
	// the page pairs with the label (the rest of its table row, the dd
	// after its dt, the element after "Label:"), not anywhere. "shows" and
	// "is" are not read so: a named item showing a status, a field's
	// value. With nothing before it and no word that makes it a label, a
	// quoted name may be a dialog's title: not read so either.
	addRule("label says", cCheck, false, `(?:the )?((?:value|entry|reading) (?:of|for|beside|next to) (?:the )?)?({lit})( (?:label|row|line|entry|property|stat|statistic|value|column))? ((?:not |no longer |never )?(?:says|say|reads|read|displays|display)) ({lit})`,
		func(m *match) ([]item, bool) {
			l, v := m.lits(2), m.lits(5)
			if len(l) != 1 || len(v) != 1 || l[0] == v[0] {
				return nil, false
			}
			if m.st.last == nil && !m.ok(1) && !m.ok(3) {
				// "'Create invoice' says 'No line items'" with nothing
				// before it: a dialog or page named by its title may
				// say it as well as a label
				return nil, false
			}
			t := plan.Target{Kind: plan.ByText, Value: v[0], Beside: l[0]}
			k, rk := plan.ExpectVisible, "presence"
			if strings.Contains(m.low(4), " ") {
				k, rk = plan.ExpectHidden, "absence"
			}
			c := check(rk, plan.Step{Kind: k, Target: t.String()})
			c.notes = []string{besideNote(l[0], v[0])}
			return []item{c}, true
		})
	// "'Hash' and 'Location' both read 'None'": each label's value.
	addRule("labels say", cCheck, false, `({lit}) and ({lit}) (?:both |each )?((?:not |no longer |never )?(?:says|say|reads|read|displays|display)) ({lit})`,
		func(m *match) ([]item, bool) {
			a, b, v := m.lits(1), m.lits(2), m.lits(4)
			if m.st.last == nil || len(a) != 1 || len(b) != 1 || len(v) != 1 || a[0] == b[0] || a[0] == v[0] || b[0] == v[0] {
				return nil, false
			}
			k, rk := plan.ExpectVisible, "presence"
			if strings.Contains(m.low(3), " ") {
				k, rk = plan.ExpectHidden, "absence"
			}
			var out []item
			for _, l := range []string{a[0], b[0]} {
				c := check(rk, plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByText, Value: v[0], Beside: l}.String()})
				c.notes = []string{besideNote(l, v[0])}
				out = append(out, c)
			}
			return out, true
		})
	// "adding 'milk' makes it appear on the home page": what was added is
	// looked for there, in the same browser.
	addRule("makes it appear", cCheck, false, `(?:makes|make) (?:it|them) (?:appear|show up|visible|be listed|listed)(?: (?:on|in) ({page}))?`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iAction || l.addVal == "" || m.st.afterConn {
				return nil, false
			}
			var out []item
			if m.ok(1) {
				pg, ok := m.p.page(m.bounds(1))
				if !ok {
					return nil, false
				}
				out = append(out, item{kind: iPage, page: pg, visit: true, from: m.loc[2], to: m.loc[3]})
			}
			c := check("presence", plan.Step{Kind: plan.ExpectText, Value: l.addVal})
			c.notes = []string{fmt.Sprintf("\"It\" is %q, the item just added.", l.addVal)}
			return append(out, c), true
		})
	// "makes '1 item left' appear", "makes 'Saved' go away".
	addRule("makes appear", cCheck, false, `(?:makes|make|causes|cause|gets|get) ({lits}) (?:to )?(appear|show up|show|pop up|become visible|disappear|go away|vanish|become hidden)`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l == nil || l.kind != iAction && l.kind != iReload || m.st.afterConn {
				return nil, false
			}
			gone := hiddenWord(m.low(2)) || m.low(2) == "become hidden"
			return m.shownTexts(1, gone, gone)
		})

	// Continuations: "shows 'A' and 'B'", "adding 'milk' and 'eggs'".
	addRule("more texts", cCont, true, `(not |never |no )?(?:the )?(?:(?:text|message|words?) )?({text})`,
		func(m *match) ([]item, bool) {
			switch m.st.last.cont {
			case contText:
				// "shows 'Team' when scrolled down" is a condition, and
				// "in the nav and the footer" names a part of the page:
				// neither is one more text the page shows.
				if f := strings.Fields(m.p.lx.shape[:m.start]); len(f) > 0 && condWords[f[len(f)-1]] {
					return nil, false
				}
				if f := strings.Fields(m.p.lx.shape[:m.start]); len(f) > 0 && timeOrderWords[f[len(f)-1]] &&
					// "next to 'A'" is a place on the page, not a time
					!(f[len(f)-1] == "next" && strings.HasPrefix(strings.TrimLeft(m.p.lx.shape[m.start:], " "), "to ")) {
					// "shows 'Loading' then 'Ready'": one text after the
					// other in time, which no check reads; both present at
					// the end would prove another claim.
					m.p.setHint("unsupported", "vouch cannot check that one text replaces another over time: check each separately (\"shows 'Ready'\"), or name the action between them", m.start)
					return nil, false
				}
				if m.negAcrossBut() {
					return nil, false
				}
				if v, q, ok := m.text(2); ok && !q {
					if _, region := regionCSS[strings.ToLower(v)]; region || regionNames[strings.ToLower(v)] {
						return nil, false
					}
				}
				return m.texts(2, m.st.last.neg != m.ok(1))
			case contAdd:
				v, q, ok := m.text(2)
				if !ok || m.ok(1) || !q && actionVerbs[strings.ToLower(strings.Fields(v)[0])] {
					return nil, false
				}
				if !q && !bareAddMore(m.p.lx.shape[:m.start], v) {
					return nil, false
				}
				// "adding 'milk', the 'milk' entry is …" describes what was
				// added; it adds nothing more.
				nx := m.p.nextToken(m.end)
				if nx != nil && nx.kind == tWord && !stopWords[nx.low] && !structural[nx.low] {
					return nil, false
				}
				// "after adding 'Milk', the list shows 'Milk'": an unquoted
				// thing with an article, or with a verb after it, is the
				// subject of what follows, never one more item to add.
				if !q && (strings.HasPrefix(strings.TrimLeft(m.p.lx.shape[m.start:], " "), "the ") || nx != nil && subjectVerbs[nx.low]) {
					return nil, false
				}
				it := addItem(m.st.last.addTgt, v)
				it.notes = bareNote(v, q)
				return []item{it}, true
			}
			return nil, false
		})
	// "shows the release name 'Fermium Flea' and the line 'Syncthing is
	// Free'": one more quoted text, with what kind of text it is (as the
	// "described text" rule reads the first).
	addRule("more described texts", cCont, true, `(?:the |a |an )?((?:[a-z][\w-]* ){1,3})({lits})`,
		func(m *match) ([]item, bool) {
			if m.st.last.cont != contText || m.st.last.neg || m.negAcrossBut() {
				return nil, false
			}
			if f := strings.Fields(m.p.lx.shape[:m.start]); len(f) == 0 || f[len(f)-1] != "and" && f[len(f)-1] != "," {
				return nil, false
			}
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] || vague[l] || descStates[l] || stateWords[l] || doneVerbs[l] {
					return nil, false
				}
			}
			desc := strings.TrimSpace(m.p.lx.span(m.bounds(1)))
			if unshownDesc(m, desc) {
				return nil, false
			}
			items, ok := m.texts(2, false)
			for i := range items {
				items[i].notes = append(items[i].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked.", desc))
			}
			return items, ok
		})
	addRule("more clicks", cCont, true, `(?:on )?({lit}|{el})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l.cont != contClick {
				return nil, false
			}
			// "after clicking 'A', the toggle says 'B'": an element
			// followed by what it says is the subject of a check, not
			// one more thing clicked.
			if t := m.p.nextToken(m.end); t != nil && subjectVerbs[t.low] {
				// A quoted text is one more thing clicked ("clicking 'A',
				// 'B' shows 'C'"), but not after a comma that ends a
				// clause: "After clicking 'Statistics', 'Ratio' reads
				// 'None'" says what 'Ratio' shows, and clicking it would
				// check another claim.
				if m.p.lx.shape[m.loc[2]] != '"' || afterClauseComma(m.p.lx.shape[:m.start]) {
					return nil, false
				}
			}
			return m.p.click(m, plan.Click)
		})
	addRule("more elements", cCont, true, `({el})`,
		func(m *match) ([]item, bool) {
			if m.st.last.cont != contElement || m.negAcrossBut() {
				return nil, false
			}
			return m.elementCheck(1, m.st.last.neg)
		})
	addRule("more links", cCont, false, `({page})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l.cont != contElement || len(l.steps) != 1 || !strings.HasPrefix(l.steps[0].Target, "css=") || !strings.Contains(l.steps[0].Target, "a[href=") || m.negAcrossBut() {
				return nil, false
			}
			pg, ok := m.p.page(m.bounds(1))
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			t, notes := linkTarget(pg)
			k := plan.ExpectVisible
			if l.neg {
				k = plan.ExpectHidden
				t, notes = absentLink(t, pg, notes)
			}
			c := check(l.rkind, plan.Step{Kind: k, Target: t})
			c.notes, c.cont, c.neg = notes, contElement, l.neg
			c.desc = linkDesc(pg.path, l.neg)
			return []item{c}, true
		})
	addRule("more fills", cCont, true, `(?:the )?({field}) (?:with|as|=|to|:|set to) ({value})`,
		func(m *match) ([]item, bool) {
			if c := m.st.last.cont; c != contFill && c != contWith {
				return nil, false
			}
			return m.fill(1, 2, m.st.last.cont)
		})

	addRule("more typing", cCont, true, `({value}) (?:in|into|inside|as|for) (?:the |my )?({field})`,
		func(m *match) ([]item, bool) {
			if c := m.st.last.cont; c != contFill && c != contWith {
				return nil, false
			}
			return m.fill(2, 1, m.st.last.cont)
		})

	// Phrasings vouch recognises but cannot prove, with the reason why.
	// "No 'NaN' anywhere on the dashboard": a fragment of absence.
	addRule("no text anywhere", cCheck, false, `(?:no|never|not) ({lits})(?: (?:anywhere|at all|whatsoever|visible|shown))*`,
		func(m *match) ([]item, bool) {
			if !m.st.start && !m.st.afterConn {
				return nil, false
			}
			if l := m.st.last; l != nil && l.kind == iCheck && !pageTextCheck(l) {
				// "the title is 'About us' and not 'About'": the negation
				// is about the title, not the page's text.
				m.p.setHint("unsupported", "a bare \"not 'X'\" after a check of a title, an address or an element says what that is not, which no check reads: say \"the page does not show 'X'\" if that is meant", m.start)
				return nil, false
			}
			return m.texts(1, true)
		})
	// "returns 200 and 404": a second status for the same page (which
	// contradicts the first, and is refused for that).
	addRule("and status", cCheck, false, `(\d{3})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || !m.st.afterConn || l.kind != iCheck || len(l.steps) != 1 || l.steps[0].Kind != plan.ExpectStatus ||
				!strings.HasSuffix(strings.TrimSpace(m.p.lx.shape[:m.start]), " and") {
				return nil, false
			}
			n, _ := number(m.low(1))
			return statusCheck(n)
		})
	// "Dark mode: clicking ..." names the topic before the claim.
	addRule("topic", cConn, false, `[a-z][\w-]*(?: [a-z][\w-]*){0,2} :`,
		func(m *match) ([]item, bool) {
			if !m.st.start {
				return nil, false
			}
			return []item{{kind: iConn, notes: []string{fmt.Sprintf("%q names the topic; the claim is read from what follows.", strings.TrimSpace(m.p.lx.span(m.start, m.end-1)))}}}, true
		})
	addRule("either or", cConn, false, `or|either`,
		func(m *match) ([]item, bool) {
			m.p.setHint("ambiguous", orHint, m.start)
			return nil, false
		})
}

// --- handler helpers ---------------------------------------------------

func action(rkind string, s ...plan.Step) item { return item{kind: iAction, steps: s, rkind: rkind} }
func check(rkind string, s ...plan.Step) item  { return item{kind: iCheck, steps: s, rkind: rkind} }

func addItem(target, v string) item {
	it := action("form", plan.Step{Kind: plan.Fill, Target: target, Value: v}, plan.Step{Kind: plan.Press, Target: target, Value: "Enter"})
	if target == "role=textbox" {
		// the page's first text field is a guess at how items are added:
		// a page with none blocks the run, never fails it
		it.steps = append([]plan.Step{{Kind: plan.WaitFor, Target: target, Reach: true}}, it.steps...)
	}
	it.cont, it.addTgt, it.addVal = contAdd, target, v
	it.desc = fmt.Sprintf("add %q", v)
	return it
}

func healthCheck() item {
	c := check("health", plan.Step{Kind: plan.ExpectStatus, Status: 200}, plan.Step{Kind: plan.ExpectNoConsoleErrors})
	c.desc = "the page loads without errors (HTTP 200, no console errors or uncaught exceptions)"
	c.notes = []string{"'Loads without errors' means: the page answers HTTP 200 (after redirects) and the console shows no errors or uncaught exceptions."}
	return c
}

func consoleCheck() item {
	c := check("health", plan.Step{Kind: plan.ExpectNoConsoleErrors})
	c.desc = "the console shows no errors or uncaught exceptions"
	return c
}

func statusCheck(n int) ([]item, bool) {
	if n < 100 || n > 599 {
		return nil, false
	}
	return []item{check("status", plan.Step{Kind: plan.ExpectStatus, Status: n})}, true
}

func negIn(s string) bool {
	s = " " + s + " "
	return strings.Contains(s, " not ") || strings.Contains(s, " never ") || strings.Contains(s, " no longer ")
}

// hiddenWord reports a word that says a thing is not shown. "not there" and
// "no longer" are negations negIn already counts: counting them here too
// turned "'X' is no longer shown" into "shows 'X'".
func hiddenWord(s string) bool {
	for _, w := range []string{"hidden", "gone", "missing", "absent", "removed", "invisible", "disappear", "vanish", "go away", "goes away", "deleted"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// changeWord reports whether words say a text went away ("disappears",
// "is removed", "no longer"), not only that it is absent ("is hidden",
// "is missing"): only a change says it was there before.
func changeWord(s string) bool {
	for _, w := range []string{"disappear", "vanish", "go away", "goes away", "removed", "deleted", "gone", "no longer"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// literalToken reports whether an unquoted text is one token that can only
// be a literal: a file name, a version, an identifier with digits
// ("cleanup.py", "v5.0.7", "docs-q7k2m").
func literalToken(v string) bool {
	return !strings.ContainsAny(v, " \t") && reLiteralToken.MatchString(v)
}

var reLiteralToken = lazyRE(`^(?:[\w-]+\.[A-Za-z0-9]{1,5}|v?\d+(?:\.\d+)+[\w.+-]*|[A-Za-z]+[-_][\w-]*\d[\w-]*)$`)

func bareNote(v string, quoted bool) []string {
	if quoted || v == "" {
		return nil
	}
	return []string{fmt.Sprintf("Unquoted text %q is taken as written; put texts in quotes to mark where they start and end.", v)}
}

func keyName(low string) (string, bool) {
	parts := strings.FieldsFunc(low, func(r rune) bool { return r == '+' || r == '-' || r == ' ' })
	if len(parts) == 0 {
		return "", false
	}
	if k, ok := keyNames[low]; ok {
		return k, true
	}
	var mods []string
	i := 0
	for ; i < len(parts)-1; i++ {
		mod, ok := modifierNames[parts[i]]
		if !ok {
			break
		}
		mods = append(mods, mod)
	}
	rest := strings.Join(parts[i:], " ")
	k, ok := keyNames[rest]
	if !ok {
		if len(rest) != 1 || len(mods) == 0 {
			return "", false
		}
		k = rest
		if mods[len(mods)-1] != "Shift" {
			k = strings.ToLower(k)
		}
	}
	out := strings.Join(append(mods, k), "+")
	return out, checkKey(out) == nil
}

func (m *match) text(i int) (string, bool, bool) {
	if !m.ok(i) {
		return "", false, false
	}
	return m.p.textIn(m.loc[2*i], m.loc[2*i+1], false)
}

// litsIn returns the quoted texts within shape[a:b].
func (m *match) litsIn(a, b int) []string {
	from, to := m.p.lx.tokensIn(a, b)
	var out []string
	for k := from; k < to; k++ {
		if t := m.p.lx.toks[k]; t.kind == tLit {
			if v := strings.TrimSpace(t.raw); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// lits returns the quoted texts within group i.
func (m *match) lits(i int) []string {
	if !m.ok(i) {
		return nil
	}
	from, to := m.p.lx.tokensIn(m.bounds(i))
	var out []string
	for k := from; k < to; k++ {
		if t := m.p.lx.toks[k]; t.kind == tLit {
			if v := strings.TrimSpace(t.raw); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// negated reports whether the words before the first group negate it.
func (m *match) negated() bool {
	end := m.end
	if len(m.loc) > 2 && m.loc[2] >= 0 {
		end = m.loc[2]
	}
	pre := " " + m.p.lx.shape[m.start:end] + " "
	return strings.Contains(pre, " not ") || strings.Contains(pre, " never ") || strings.Contains(pre, " no longer ")
}

// formContext reports whether a "with ..." phrase can fill a field here:
// right after a submit, a sign-in or another such fill.
func (m *match) formContext() bool {
	l := m.st.last
	if l == nil || l.kind != iAction {
		return false
	}
	// "clicking Send with email a@b.co": the fill goes before the click.
	if l.click != "" && !m.st.afterConn {
		return true
	}
	return l.deferred != nil || l.cont == contWith
}

// outcomeVerb reports a verb said of what an action just did ("clicking
// 'Reset' clears …"): a third-person verb right after an action.
func outcomeVerb(m *match) bool {
	v := strings.Fields(m.low(0))[0]
	return strings.HasSuffix(v, "s") && saidOfAction(m)
}

// saidOfAction reports whether what the match says is said of what an
// action did: right after the action, or after "and" following a check of
// it ("clicking 'Send' shows 'Thanks' and clears the 'Message' field": a
// second outcome of the same action, not an action of its own).
func saidOfAction(m *match) bool {
	l := m.st.last
	if l == nil {
		return false
	}
	if (l.kind == iAction || l.kind == iReload) && !m.st.afterConn {
		return true
	}
	return l.kind == iCheck && m.st.afterConn && m.st.acted
}

// timeOrder reports, and says why, when "before" or "after" between two
// texts shown after an action may be their order in time rather than on
// the page: "clicking 'Go' shows 'Done' after 'Loading'" was read as
// "Loading" above "Done".
func timeOrder(m *match) bool {
	if !m.st.acted || (m.low(2) != "before" && m.low(2) != "after") {
		return false
	}
	switch strings.Fields(m.low(0))[0] {
	case "shows", "show", "displays", "display", "says", "say", "reads", "read", "gives", "renders", "reveals":
	default:
		if !strings.Contains(m.low(0), " shown ") && !strings.Contains(m.low(0), " appear") && !strings.Contains(m.low(0), " displayed ") {
			return false
		}
	}
	m.p.setHint("ambiguous", fmt.Sprintf("%q said of texts an action shows may mean later in time or further down the page: say \"shows 'A' above 'B'\" for the page's order, or check each text", m.low(2)), m.start)
	return true
}

// inPlaceWords end idioms of keeping ("leaves 'X' in place", "in view"),
// never a field's label.
var inPlaceWords = map[string]bool{"place": true, "position": true, "view": true, "sight": true, "order": true,
	"line": true, "step": true, "sync": true, "use": true, "effect": true, "full": true, "front": true}

// reLowerOK is "returns ok" in lower case, said last: the text many
// health checks answer with as much as the status.
var reLowerOK = lazyRE(`\b(?:returns?|responds?|answers?|gives|replies|comes back)(?: with)? ok$`)

// pressItem reports whether an action item is one key press ("pressing
// Enter with the 'Email' field empty": the field is emptied first).
func pressItem(it *item) bool {
	return it.kind == iAction && len(it.steps) == 1 && it.steps[0].Kind == plan.Press
}

// beforeClick marks fills read after a click (or a key press) they must
// precede.
func (m *match) beforeClick(items []item) []item {
	if l := m.st.last; l != nil && (l.click != "" || pressItem(l)) && !m.st.afterConn || l != nil && l.beforeClick && l.cont == contWith {
		for i := range items {
			items[i].beforeClick = true
		}
	}
	return items
}

// collectionNouns name what a filter narrows down to some of its items.
var collectionNouns = map[string]bool{"list": true, "table": true, "results": true, "items": true, "rows": true,
	"entries": true, "tasks": true, "todos": true, "view": true, "grid": true, "products": true, "users": true,
	"options": true, "suggestions": true, "catalogue": true, "catalog": true, "search": true}

// landmarkPart returns the landmark part (plan.Target.In) a place phrase
// names ("in the footer": footer), as regionCSS and regionParts read the
// part's last words; "" for a place that is none, or the main content.
func landmarkPart(phrase string) string {
	fs := strings.Fields(phrase)
	for n := min(2, len(fs)); n >= 1; n-- {
		if css, ok := regionCSS[strings.Join(fs[len(fs)-n:], " ")]; ok && css != "main" {
			// (the main content holds most of a page: another reader
			// reads it, and a pin there changes little)
			return regionParts[css]
		}
	}
	return ""
}

// reDialogClosed: "closes the dialog", "dismisses the modal": what goes is
// a dialog, not the control clicked (a "Cancel" may stay on the page
// behind it).
var reDialogClosed = lazyRE(`\b(?:closes|dismisses|hides) the (?:dialog|modal)$`)

// pinActionIn narrows the target of an action's last targeted step (and
// the wait for it) to a landmark part; false when the target is already
// narrowed or the action has none.
func pinActionIn(it *item, part string) bool {
	k := len(it.steps) - 1
	for k >= 0 && (it.steps[k].Target == "" || it.steps[k].Kind.IsAssertion() || it.steps[k].Kind == plan.WaitFor) {
		k--
	}
	if k < 0 {
		return false
	}
	old := it.steps[k].Target
	t, err := plan.ParseTarget(old)
	if err != nil || t.In != "" || t.Within != "" || t.Under != "" || t.Beside != "" || t.Nth != 0 || t.Kind == plan.ByCSS {
		return false
	}
	t.In = part
	pinned := t.String()
	for i := range it.steps {
		if it.steps[i].Target == old {
			it.steps[i].Target = pinned
		}
	}
	return true
}

// reEmailAndSecret is an address and a secret said together after
// "signing up with", as written.
var reEmailAndSecret = lazyRE(`^(\S+@\S+) (?i:and) (?:(?i:the) )?(?i:secret) ([A-Za-z_][A-Za-z0-9_]*)$`)

func (m *match) fill(fieldGroup, valueGroup int, cont contKind) ([]item, bool) {
	t, notes, ok := m.p.field(m.bounds(fieldGroup))
	if !ok {
		return nil, false
	}
	v, ok := m.p.value(m.bounds(valueGroup))
	if !ok {
		return nil, false
	}
	if v.secret == "" && v.text != "" && secretField(t) {
		if from, to := m.p.lx.tokensIn(m.bounds(fieldGroup)); to-from >= 2 && m.p.lx.toks[to-2].low == "secret" && secretName.MatchString(m.p.lx.toks[to-1].low) {
			// "signing in with the secret PW as demo@example.com": the
			// secret is the value, the address what is typed beside it,
			// not a password written out
			return nil, false
		}
		m.p.setHint("secret", "the claim puts a password in clear text; vouch never stores passwords in plans", m.start,
			secretSuggestion(m.p.lx, m.p.replaceSpan(m.loc[2*valueGroup], m.loc[2*valueGroup+1], "the secret PASSWORD"), "PASSWORD"))
		return nil, false
	}
	kind := plan.Fill
	if dropdownNoun(m.low(fieldGroup)) || strings.HasPrefix(m.low(0), "switch") {
		// "setting the Status dropdown to 'Paused'", "switching the
		// Show filter to 'Seeding'": an option is chosen, not typed.
		kind = plan.Select
	}
	it := action("form", plan.Step{Kind: kind, Target: t, Value: v.text, Secret: v.secret})
	it.fillish, it.cont = true, cont
	it.notes = append(notes, bareNote(v.text, !v.bare)...)
	return []item{it}, true
}

// dropdownNoun reports whether a field's words end with a noun that names
// a drop-down.
func dropdownNoun(field string) bool {
	for _, n := range []string{" dropdown", " drop-down", " select", " select box", " picker", " combobox"} {
		if strings.HasSuffix(" "+field, n) {
			return true
		}
	}
	return false
}

// secretField reports whether a target names a password-like field.
func secretField(target string) bool {
	return reSecretField.MatchString(target)
}

// reSecretField: the words of a password-like field's name; "pin" and
// the card codes as whole words ("Shipping" holds "pin").
var reSecretField = lazyRE(`(?i)password|passcode|passphrase|\bpin\b|secret|token|api ?key|\bcvc\b|\bcvv\b|card number`)

func (m *match) title(g int) ([]item, bool) {
	v, q, ok := m.text(g)
	if !ok {
		return nil, false
	}
	if a, _ := m.bounds(g); titlePart(m.p.lx.shape[m.start:a]) {
		m.p.setHint("unsupported", "a title is checked whole, not for a part of it: write the full title in quotes", m.start,
			fmt.Sprintf("The title is %q", v))
		return nil, false
	}
	if m.negated() {
		m.p.setHint("unsupported", "a title can be checked to be something, not to be something else", m.start)
		return nil, false
	}
	// "The user's title is 'Dr'": a person's title, not the page's.
	if l := m.st.last; l != nil && l.kind == iSubject && strings.HasPrefix(m.p.lx.shape[m.start:], "'s") {
		return nil, false
	}
	// "The product title says …", "the app title": the page's <title> or
	// a heading on it? Only a page's own title is unambiguous.
	if l := m.st.last; l != nil && l.kind == iPage && l.subject && !strings.HasPrefix(m.p.lx.shape[m.start:], "'s") {
		ws := strings.Fields(strings.ToLower(l.page.phrase))
		if w := ws[len(ws)-1]; !titleOwners[w] && !strings.HasPrefix(w, "/") && !strings.Contains(w, ".") {
			page := "the home page"
			if l.page.path != "/" && !l.page.generic && l.page.via == "" {
				page = l.page.path
			}
			m.p.setHint("ambiguous", fmt.Sprintf("%q can be the page's title (the browser tab) or a heading on the page", strings.TrimSpace(l.page.phrase)+" title"), m.start,
				upperFirst(fmt.Sprintf("the title of %s is %q", page, v)), upperFirst(fmt.Sprintf("%s has a heading %q", page, v)))
			return nil, false
		}
	}
	c := check("title", plan.Step{Kind: plan.ExpectTitle, Value: v})
	c.notes = bareNote(v, q)
	return []item{c}, true
}

// titleOwners are the words after which "title" is the page's <title>.
var titleOwners = map[string]bool{"page": true, "homepage": true, "home": true, "site": true,
	"website": true, "tab": true, "window": true, "browser": true, "document": true, "/": true}

// titlePart reports whether the words before a title's text ask for a
// part of it ("contains", "includes"): the runner compares whole titles.
// navVerbs are the verbs that say where a click leads.
var navVerbs = map[string]bool{"opens": true, "open": true, "goes": true, "go": true, "leads": true,
	"lead": true, "takes": true, "navigates": true, "links": true, "points": true, "redirects": true}

func titlePart(verb string) bool {
	for _, w := range strings.Fields(verb) {
		switch w {
		case "contains", "contain", "includes", "include":
			return true
		}
	}
	return false
}

func (m *match) texts(g int, neg bool) ([]item, bool) {
	var vals []string
	quoted := true
	if lits := m.lits(g); len(lits) > 0 && m.p.lx.shape[m.loc[2*g]] == '"' {
		vals = lits
	} else {
		v, q, ok := m.text(g)
		if !ok {
			return nil, false
		}
		vals, quoted = []string{v}, q
	}
	var out []item
	for _, v := range vals {
		var c item
		if neg {
			c = check("absence", plan.Step{Kind: plan.ExpectNoText, Value: v})
		} else {
			c = check("presence", plan.Step{Kind: plan.ExpectText, Value: v})
		}
		c.cont, c.neg = contText, neg
		c.notes = bareNote(v, quoted)
		out = append(out, c)
	}
	return out, len(out) > 0
}

// foundBefore makes an element said to go away after an action ("after
// clicking 'Accept', the cookie banner disappears", "the 'Settings'
// dialog is gone") be found just before the last action: it went away, so
// it was there; an element never shown would pass for nothing.
func (m *match) foundBefore(items []item) {
	if m.st.last == nil || m.st.last.kind != iAction || len(items) != 1 || len(items[0].steps) != 1 || items[0].steps[0].Kind != plan.ExpectHidden {
		return
	}
	items[0].pre = []plan.Step{{Kind: plan.WaitFor, Target: items[0].steps[0].Target, Reach: true}}
	items[0].notes = append(items[0].notes, "That it goes away is checked by finding it just before the last step (a page where it is not found then blocks the run) and not after.")
}

func (m *match) elementCheck(g int, neg bool) ([]item, bool) {
	a, b := m.bounds(g)
	if from, to := m.p.lx.tokensIn(a, b); to-from == 1 && from > 0 && m.p.lx.toks[from].kind == tWord && startsUpper(m.p.lx.toks[from].raw) {
		// "shows Alerts" names a text, as "clicking Menu" does; "shows
		// alerts" says the kind of element
		return nil, false
	}
	e, ok := m.p.element(a, b)
	if !ok {
		return nil, false
	}
	if e.follow != "" {
		if neg {
			return nil, false
		}
		a := action("navigation", plan.Step{Kind: plan.Click, Target: e.target})
		c := check("url", plan.Step{Kind: plan.ExpectURL, Value: e.follow})
		a.notes = e.notes
		return []item{a, c}, true
	}
	var c item
	switch {
	case e.text != "" && neg:
		c = check("absence", plan.Step{Kind: plan.ExpectNoText, Value: e.text})
	case e.text != "":
		c = check("presence", plan.Step{Kind: plan.ExpectText, Value: e.text})
	case neg:
		c = check("absence", plan.Step{Kind: plan.ExpectHidden, Target: e.target})
	default:
		c = check("presence", plan.Step{Kind: plan.ExpectVisible, Target: e.target})
	}
	c.notes, c.cont, c.neg = e.notes, contElement, neg
	return []item{c}, true
}

func (m *match) count(ng, eg int) ([]item, bool) { return m.countBound(ng, eg, "", 0, "") }

// countBound is count with a bound: cmp is plan.CountAtLeast or
// plan.CountAtMost ("" for exactly), and shift turns a strict bound said
// as bound ("more than 3") into one that includes its number (at least 4).
func (m *match) countBound(ng, eg int, cmp string, shift int, bound string) ([]item, bool) {
	n, ok := number(m.low(ng))
	if !ok {
		return nil, false
	}
	if cmp != "" {
		if w := m.low(ng); w == "no" || w == "none" || n+shift < 0 {
			return nil, false
		}
	}
	a, b := m.bounds(eg)
	e, ok := m.p.element(a, b)
	var notes []string
	if !ok || e.text != "" || e.target == "" {
		// "lists 3 products": what a list holds is its items.
		verb := m.p.lx.shape[m.start:m.loc[2*ng]]
		from, to := m.p.lx.tokensIn(a, b)
		if to-from > 2 || from >= to {
			return nil, false
		}
		for k := from; k < to; k++ {
			if t := m.p.lx.toks[k]; t.kind != tWord || structural[t.low] || stopWords[t.low] || notText[t.low] {
				return nil, false
			}
		}
		// "lists 6 operations": which elements are operations is a
		// guess (list items? rows? cards?), and a wrong guess decides
		// wrongly, so the claim is refused.
		noun := m.p.lx.span(a, b)
		_ = verb
		if unitWord(m.p.lx.toks[from].raw) {
			// "shows 0 kB/s": a value with its unit, never a count
			m.p.setHint("unsupported", fmt.Sprintf("%q is a value with its unit, which the page shows as text: quote it as the page writes it (\"shows '%s %s'\")", m.low(ng)+" "+noun, m.low(ng), m.p.lx.toks[from].raw), m.start)
			return nil, false
		}
		m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which elements are %q: name them as elements (list items, rows, buttons, links) or quote a text the page shows", noun), m.start)
		return nil, false
	} else if e.role == "listitem" {
		notes = []string{"Items are counted as list items (li) on the whole page, other lists included; edit the target if the page has other lists."}
	} else if e.role == "row" && e.target == "role=row" {
		// "the table has 10 rows": the rows that hold data; a header
		// row is a row too, and counting it would miss by one
		e.target = "css=" + dataRows
		notes = []string{"Rows are counted as rows with a data cell (td, cell or gridcell): a header row is not counted."}
	}
	if m.negated() {
		m.p.setHint("unsupported", "counts are checked exactly: say how many there are", m.start)
		return nil, false
	}
	// "The navigation has 6 links", "6 links in the nav", "in the home
	// page's nav bar": count inside it.
	region := ""
	var page []item
	if m.ok(eg + 2) {
		region = m.low(eg + 2)
		if m.ok(eg + 1) {
			pg, ok := m.p.pageAt(m.bounds(eg + 1))
			if !ok {
				return nil, false
			}
			page = []item{{kind: iPage, page: pg}}
		}
	} else if l := m.st.last; l != nil && l.kind == iSubject {
		region = l.regionKey
	} else if r := m.st.region; r != nil {
		region = r.regionKey
	}
	if r := m.st.region; !m.ok(eg+2) && r != nil && !countableRegion(r, region, e.target) {
		// "The footer on /about has 2 links", "the cart has 3 items":
		// a count in a part of the page the plan cannot pin would count
		// the whole page, which is another number.
		m.p.setHint("unsupported", fmt.Sprintf("vouch cannot count inside %q: count on the whole page, or in the nav, header, footer, sidebar, table, form or dialog", strings.TrimSpace(r.region)), m.start)
		return nil, false
	}
	unscoped := e.target
	if t, ok := scopedTarget(region, e.target); ok {
		e.target = t
		notes = []string{fmt.Sprintf("Counted inside the page's %s element (%s); edit the target if the region is marked up differently.", strings.Split(regionCSS[region], ",")[0], regionCSS[region])}
	} else if region == "" && e.target == "role=textbox" {
		e.target = "css=" + fieldCSS
		notes = []string{"Fields are counted as the page's visible fields a person fills in (text, email, password, number, date and the like, text areas and drop-downs), not buttons, checkboxes, radio buttons or file pickers."}
	} else if (region == "" || region == "list" || region == "lists") && e.target == "role=listitem" {
		// a page's nav, header and menus are lists too: their links
		// are no items of what the page lists
		e.target = "css=" + contentItems
		notes = []string{"Items are counted as the page's list items (li, or role=listitem) outside its nav, header, footer and menus; edit the target if the page has other lists."}
	}
	if m.ok(eg+2) && len(notes) == 0 {
		// A region vouch cannot pin ("in the cart") would count on the
		// whole page: a different claim.
		m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which element is %q: count on the whole page, or name the element", region), m.start)
		return nil, false
	}
	if w := m.low(ng); w == "no" || w == "none" {
		// "shows no items": none of the elements counted above (the
		// nav's list items are no items of what the page lists)
		tg := e.target
		if region != "" && !m.ok(eg+2) && tg != "css="+contentItems {
			// a region said as the subject ("the nav has no links") is
			// scoped with the claim's other checks, once
			tg, notes = unscoped, nil
		}
		c := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: tg})
		c.notes = append(e.notes, notes...)
		if e.target == "css="+contentItems {
			c.desc = "no list item is shown (outside the nav, header, footer and menus)"
		}
		return append(page, c), true
	}
	n += shift
	c := check("count", plan.Step{Kind: plan.ExpectCount, Target: e.target, Count: n, Compare: cmp})
	c.notes = append(e.notes, notes...)
	how := map[string]string{"": "exactly", plan.CountAtLeast: "at least", plan.CountAtMost: "at most"}[cmp]
	if shift != 0 {
		c.notes = append(c.notes, fmt.Sprintf("%q is checked as %s %d.", bound, how, n))
	}
	// the selectors say it to a browser; the requirement says it to the
	// person who approves it
	shown := func(one, many string) string {
		if n == 1 {
			return how + " 1 " + one + " is shown"
		}
		return fmt.Sprintf("%s %d %s are shown", how, n, many)
	}
	switch e.target {
	case "css=" + contentItems:
		c.desc = shown("list item", "list items") + " (outside the nav, header, footer and menus)"
	case "css=" + dataRows:
		c.desc = shown("table row with data", "table rows with data") + " (the header row not counted)"
	case "css=" + fieldCSS:
		c.desc = shown("field", "fields") + " (text, password, number, date and the like, text areas and drop-downs)"
	default:
		if unscoped == "role=textbox" && e.target != unscoped {
			c.desc = shown("field", "fields") + fmt.Sprintf(" inside the page's %s (text, password, number, date and the like, text areas and drop-downs)", strings.Split(regionCSS[region], ",")[0])
		}
	}
	return append(page, c), true
}

// click reads "clicking X": an element phrase, or a bare text that is
// resolved later (a button after form fills, any text otherwise).
// keyOnly are keys whose names are rarely a button's label.
var keyOnly = map[string]bool{"Escape": true, "Backspace": true, "ArrowUp": true, "ArrowDown": true,
	"ArrowLeft": true, "ArrowRight": true, "PageUp": true, "PageDown": true, "Tab": true}

// pressVerb reports whether the words before a click's target press a key
// ("pressing", "hit") rather than click.
func pressVerb(verb string) bool {
	for _, w := range strings.Fields(strings.ToLower(verb)) {
		switch w {
		case "pressing", "press", "presses", "pressed", "hitting", "hit", "hits", "striking", "strike":
			return true
		}
	}
	return false
}

func (p *parser) click(m *match, k plan.Kind) ([]item, bool) {
	a, b := m.bounds(1)
	// "clicking Menu" names a text; "clicking the menu" an element.
	from, to := p.lx.tokensIn(a, b)
	bareNoun := to-from == 1 && p.lx.toks[from].kind == tWord
	if pressVerb(p.lx.span(m.start, a)) && to-from == 1 && p.lx.toks[from].kind == tPath {
		// "pressing /" is the slash key, never the link to /; "hitting
		// /about" names no key.
		if r := p.lx.toks[from].raw; utf8.RuneCountInString(r) == 1 && checkKey(r) == nil {
			return []item{action("navigation", plan.Step{Kind: plan.Press, Value: r})}, true
		}
		return nil, false
	}
	if e, ok := p.element(a, b); ok && e.text == "" && !bareNoun {
		it := action("navigation", plan.Step{Kind: k, Target: e.target})
		it.notes = e.notes
		if k == plan.Click {
			it.cont = contClick
		}
		return []item{it}, true
	}
	v, q, ok := m.text(1)
	if !ok {
		return nil, false
	}
	if _, isKey := keyNames[strings.ToLower(v)]; isKey && !q {
		return nil, false
	}
	if !q && strings.EqualFold(v, "back") {
		// "pressing back" is the browser's back, never a text to click
		return nil, false
	}
	if pressVerb(m.p.lx.span(m.start, a)) {
		// "pressing '/'", "hitting 'Esc'": a key, never a text to click.
		if k, ok := keyName(strings.ToLower(v)); ok && q {
			// "Pressing 'Delete'" may be a key or a button labelled so:
			// only a key no button is named after is pressed.
			if strings.Contains(k, "+") || keyOnly[k] {
				return []item{action("navigation", plan.Step{Kind: plan.Press, Value: k})}, true
			}
			return nil, false
		}
		if utf8.RuneCountInString(v) == 1 && q && checkKey(v) == nil && !unicode.IsSpace([]rune(v)[0]) {
			return []item{action("navigation", plan.Step{Kind: plan.Press, Value: v})}, true
		}
		if utf8.RuneCountInString(v) <= 1 || !strings.ContainsFunc(v, unicode.IsLetter) {
			// vouch presses only named keys (Enter, Escape, Tab, arrows,
			// Ctrl+K …), so the claim is refused.
			return nil, false
		}
	}
	if f := strings.Fields(strings.ToLower(v)); !q && len(f) > 1 {
		// "pressing Enter with an empty field" presses a key.
		if _, isKey := keyNames[f[0]]; isKey {
			return nil, false
		}
	}
	if !q && to-from > 1 {
		// "Opening /reports to check …": a path starts no text to click;
		// "pressing Next three times": a number word is a quantity.
		for i := from; i < to; i++ {
			t := p.lx.toks[i]
			if _, isNum := numberWords[t.low]; t.kind == tPath || isNum && t.low != "no" || t.low == "times" || t.low == "twice" || t.low == "thrice" {
				return nil, false
			}
		}
	}
	if !q {
		// "Sign out from the profile menu": a place, not part of the
		// text to click.
		lv := " " + strings.ToLower(v) + " "
		for _, w := range []string{" from the ", " from my ", " in the ", " inside the ", " under the ", " within the ", " next to ", " beside "} {
			if strings.Contains(lv, w) {
				p.setHint("unsupported", fmt.Sprintf("%q names where to click as well as what: quote what to click, and say how to open the place it is in", v), m.start)
				return nil, false
			}
		}
	}
	it := action("navigation", plan.Step{Kind: k, Target: plan.Target{Kind: plan.ByText, Value: v, Exact: q || startsUpper(v)}.String()})
	if k == plan.Click {
		it.click, it.cont, it.clickExact = v, contClick, q || startsUpper(v)
	}
	it.notes = bareNote(v, q)
	return []item{it}, true
}

// signIn reads "signing in as demo@example.com": the sign-in form's
// fields, with the password from a secret, and a deferred click on the
// sign-in button so later ticks ("and ticking 'Remember me'") come first.
func (p *parser) signIn(m *match) ([]item, bool) {
	it := item{kind: iAction, rkind: "sign-in", signin: true, fillish: false}
	var user, prefix string
	userSecret := ""
	g := 1
	if !m.ok(1) && m.ok(2) {
		g = 2
	}
	if m.ok(g) {
		a, b := m.bounds(g)
		from, to := p.lx.tokensIn(a, b)
		switch {
		case to-from == 1 && p.lx.toks[from].kind == tEmail:
			user = p.lx.toks[from].raw
			prefix = strings.Split(user, "@")[0]
		case to-from == 1 && p.lx.toks[from].kind == tLit:
			user = strings.TrimSpace(p.lx.toks[from].raw)
			prefix = strings.Split(user, "@")[0]
		default:
			words := []string{}
			for k := from; k < to; k++ {
				w := p.lx.toks[k].low
				if determiners[w] || w == "user" || w == "account" {
					continue
				}
				if structural[w] || stopWords[w] {
					return nil, false
				}
				words = append(words, w)
			}
			if len(words) == 0 {
				words = []string{"user"}
			}
			prefix = strings.Join(words, "_")
			userSecret = secretFrom(prefix) + "_EMAIL"
		}
		if user == "" && userSecret == "" {
			return nil, false
		}
	} else {
		prefix = "user"
		userSecret = "USER_EMAIL"
	}
	pw := secretFrom(prefix) + "_PASSWORD"
	if !secretName.MatchString(pw) {
		pw = "PASSWORD"
	}
	userField := "Email"
	if user != "" && !strings.Contains(user, "@") {
		userField = "Username"
	}
	steps := []plan.Step{
		{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: userField}.String(), Value: user, Secret: userSecret},
		{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Password"}.String(), Secret: pw},
	}
	it.steps = steps
	// Enter in the password field submits the form it belongs to, whatever
	// its button says ("Sign in", "Log in", "Continue").
	click := plan.Step{Kind: plan.Press, Target: plan.Target{Kind: plan.ByLabel, Value: "Password"}.String(), Value: "Enter"}
	it.deferred = &click
	it.cont = contWith
	it.desc = "sign in"
	if user != "" {
		it.desc += " as " + user
	}
	it.notes = []string{fmt.Sprintf("Signing in fills the fields labelled %q and \"Password\" on the sign-in page and presses Enter in the password field to send the form; edit the plan if your form differs.", userField)}
	if userSecret != "" {
		it.notes = append(it.notes, fmt.Sprintf("The user name is typed from the secret %s.", userSecret))
	}
	it.secret = pw
	it.notes = append(it.notes, fmt.Sprintf("No secret named: the password is read from the secret %s when the plan runs, and never recorded.", pw))
	return []item{it}, true
}

// secretFrom makes an environment-style name: "demo" → DEMO.
func secretFrom(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
	}
	out := strings.Trim(b.String(), "_")
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = "USER"
	}
	return out
}

// credentials reads "with the secret DEMO_PASSWORD" after a sign-in.
func (p *parser) credentials(m *match) ([]item, bool) {
	l := m.st.last
	if l == nil || !l.signin || m.st.afterConn && !strings.Contains(p.lx.shape[m.start:m.end], "secret") {
		return nil, false
	}
	low := p.lx.shape[m.start:m.end]
	if !strings.Contains(low, "secret") && !strings.Contains(low, "$") && !strings.Contains(low, "env") && !strings.Contains(low, "variable") && !strings.Contains(low, "password") {
		return nil, false
	}
	name := p.rawSub(m.bounds(1))
	if !secretName.MatchString(name) || !envName(name) && (structural[strings.ToLower(name)] || stopWords[strings.ToLower(name)] || notText[strings.ToLower(name)] || strings.EqualFold(name, "password")) {
		return nil, false
	}
	it := item{kind: iCred, secret: name}
	if m.ok(2) {
		second := p.rawSub(m.bounds(2))
		if !secretName.MatchString(second) || !envName(second) {
			return nil, false
		}
		it.emailSec, it.secret = name, second
	}
	return []item{it}, true
}

// submit reads "submitting the contact form": a deferred click on the
// form's submit button, so fills named after it ("with an empty email")
// come first.
func (p *parser) submit(m *match) ([]item, bool) {
	click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: submitCSS}.String()}
	it := item{kind: iAction, rkind: "form", deferred: &click, cont: contWith, desc: "submit the form"}
	it.notes = []string{"Submitting a form clicks its submit button (the first button in a form that submits it)."}
	var out []item
	if m.ok(1) {
		name := m.low(1)
		if v, ok := p.lx.litAt(m.bounds(1)); ok {
			name = strings.ToLower(v)
		}
		path, ok := formPages[name]
		if !ok {
			if strings.ContainsAny(name, "\"") || structural[name] || notText[name] {
				return nil, false
			}
			path = "/" + slug(name)
			if path == "/" {
				return nil, false
			}
		}
		ref := pageRef{path: path, phrase: "the " + name + " form", formGuess: true}
		ref.note = fmt.Sprintf("%q taken as the form on %s, a guess: a form is found there first, so if the page has none the run is blocked, not failed — edit the plan if it lives elsewhere.", ref.phrase, path)
		out = append(out, item{kind: iPage, page: ref, from: m.start, to: m.loc[2]})
	}
	return append(out, it), true
}

// nextToken returns the token starting at or after shape offset pos.
func (p *parser) nextToken(pos int) *token {
	for i := range p.lx.toks {
		if p.lx.toks[i].start >= pos {
			return &p.lx.toks[i]
		}
	}
	return nil
}

// litCount counts the quoted texts of the claim that say s.
func (p *parser) litCount(s string) int {
	n := 0
	for _, t := range p.lx.toks {
		if t.kind == tLit && strings.EqualFold(t.raw, s) {
			n++
		}
	}
	return n
}

// replaceSpan rebuilds the claim with shape[a:b] replaced by s.
func (p *parser) replaceSpan(a, b int, s string) string {
	before := strings.TrimSpace(p.lx.span(0, a))
	after := strings.TrimSpace(p.lx.span(b, len(p.lx.shape)))
	out := strings.TrimSpace(before + " " + s)
	if after != "" {
		if strings.IndexByte(",;:", after[0]) < 0 {
			out += " "
		}
		out += after
	}
	return strings.ReplaceAll(out, "  ", " ")
}

// subjectSays builds "<subject of this claim> <says>": "/secret returns
// 401" from "/secret is protected".
func (p *parser) subjectSays(m *match, says string) string {
	subj := strings.TrimSpace(p.lx.span(0, m.start))
	if subj == "" || len(subj) > 200 {
		subj = "The home page"
	}
	return subj + " " + says
}

// envName reports whether s reads as an environment-style secret name
// (DEMO_PASSWORD, api_token) rather than an English word.
func envName(s string) bool {
	return strings.Contains(s, "_") || s == strings.ToUpper(s) && strings.ToLower(s) != s
}

// testPasswords are made-up passwords for claims about wrong ones: not
// secrets, so they may be written into a plan.
var testPasswords = map[string]string{
	"wrong": "vouch-wrong-password", "invalid": "vouch-wrong-password",
	"incorrect": "vouch-wrong-password", "bad": "vouch-wrong-password",
	"short": "abc", "too short": "abc", "weak": "password",
}

// doneVerbs say what an action does to the page ("… and enables
// 'Stop'"); they never describe a text shown.
var doneVerbs = map[string]bool{"enables": true, "disables": true, "clears": true, "empties": true,
	"removes": true, "hides": true, "deletes": true, "closes": true, "selects": true, "ticks": true,
	"unticks": true, "unchecks": true, "focuses": true, "submits": true, "saves": true, "adds": true,
	"creates": true, "toggles": true, "expands": true, "collapses": true, "resets": true, "restores": true,
	"disconnects": true, "archives": true, "dismisses": true}

// actionVerbs start an action, never a text that continues a list.
var actionVerbs = map[string]bool{
	"delete": true, "remove": true, "click": true, "press": true, "type": true,
	"fill": true, "select": true, "choose": true, "check": true, "tick": true,
	"sign": true, "log": true, "submit": true, "visit": true, "open": true, "go": true,
	"add": true, "hover": true, "reload": true, "refresh": true, "wait": true,
	"enter": true, "uncheck": true, "untick": true, "edit": true, "clear": true,
	"deleting": true, "removing": true, "editing": true, "clearing": true,
}

// regionCSS maps the regions claims name to the elements that hold them.
var regionCSS = map[string]string{
	"nav": "nav", "navigation": "nav", "navbar": "nav", "nav bar": "nav", "menu": "nav",
	"sidebar menu": "nav", "top bar": "nav", "footer": "footer", "header": "header",
	"sidebar": "aside", "side bar": "aside", "table": "table", "main content": "main",
	"content": "main", "main area": "main", "main section": "main", "article": "article",
	"form": "form", "dialog": "dialog, [role=dialog]", "modal": "dialog, [role=dialog]",
}

// contentItems are the list items of what a page lists, not of its nav,
// header, footer or menus.
const contentItems = "li:not(nav li, header li, footer li, [role=navigation] li, [role=menu] li, [role=menubar] li, [role=tablist] li), [role=listitem]:not(li)"

// dataRows are a table's rows that hold data, not its header row.
const dataRows = "tr:has(td), [role=row]:has([role=cell], [role=gridcell])"

// elementCSS gives the CSS of unnamed elements, to count them in a region.
var elementCSS = map[string]string{
	"role=link": "a[href]", "role=button": "button, [role=button], input[type=submit], input[type=button]",
	"css=img": "img", "role=listitem": "li", "role=row": "tr", "css=" + dataRows: "tr:has(td)",
	"role=heading": "h1, h2, h3, h4, h5, h6", "role=checkbox": "input[type=checkbox]",
	"role=textbox":          fieldCSS,
	"role=heading[level=1]": "h1", "role=heading[level=2]": "h2", "role=heading[level=3]": "h3",
	"role=heading[level=4]": "h4", "role=heading[level=5]": "h5", "role=heading[level=6]": "h6",
}

// fieldCSS are the fields a person fills in, counted as "fields": text,
// email, password, number, date and the like, text areas and drop-downs;
// not buttons, ticks, choices or file pickers (ARIA's textbox leaves out
// a password and a number field, so "the form has 4 fields" counted only
// some of them).
// (Chained :not()s, with no comma inside, which scopedTarget splits on.)
const fieldCSS = "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=range]):not([type=color]), textarea, select"

// countableRegion reports whether a count under a subject that names a
// part of the page can be made: the part is one the target can be scoped
// to, or a list whose items are the page's list items ("the list has 3
// items", noted as counting every list). An ordinal ("the first list",
// "the second table") picks one of several, which no target says.
func countableRegion(r *item, region, target string) bool {
	for _, w := range strings.Fields(strings.ToLower(r.region)) {
		if _, ord := ordinalWords[w]; ord {
			return false
		}
	}
	if _, ok := scopedTarget(region, target); ok {
		return true
	}
	return target == "role=listitem" && (region == "list" || region == "todo list")
}

// ordinalWords pick one of several parts of a page.
var ordinalWords = map[string]bool{"first": true, "second": true, "third": true, "last": true,
	"fourth": true, "fifth": true, "other": true, "left": true, "right": true, "bottom": true}

// scopedTarget narrows an unnamed element target to a region: the links
// of the nav are "css=nav a[href]".
func scopedTarget(region, target string) (string, bool) {
	rc, ok := regionCSS[region]
	if !ok {
		return "", false
	}
	ec, ok := elementCSS[target]
	if !ok {
		return "", false
	}
	var parts []string
	for _, r := range strings.Split(rc, ", ") {
		for _, e := range strings.Split(ec, ", ") {
			parts = append(parts, r+" "+e)
		}
	}
	return plan.Target{Kind: plan.ByCSS, Value: strings.Join(parts, ", ")}.String(), true
}

// splitNames reads "Name, Email and Password" as three names.
func splitNames(p *parser, a, b int) []string {
	from, to := p.lx.tokensIn(a, b)
	var out []string
	var cur []string
	flushName := func() bool {
		if len(cur) == 0 {
			return false
		}
		out = append(out, strings.Join(cur, " "))
		cur = nil
		return true
	}
	for i := from; i < to; i++ {
		t := p.lx.toks[i]
		switch {
		case t.kind == tLit:
			if len(cur) > 0 {
				return nil
			}
			cur = append(cur, strings.TrimSpace(t.raw))
		case t.low == "," || t.low == "and":
			if !flushName() && t.low == "," {
				return nil
			}
		default:
			cur = append(cur, t.raw)
		}
	}
	flushName()
	for _, n := range out {
		if n == "" || !plainName(n) && !strings.ContainsAny(n, "?.") {
			return nil
		}
	}
	return out
}

// withPageIn adds the page named in shape[a:b] ("the 'Save' button on
// /settings is visible") before the items.
func (m *match) withPageIn(items []item, a, b int) []item {
	from, to := m.p.lx.tokensIn(a, b)
	for i := from; i+1 < to; i++ {
		if l := m.p.lx.toks[i].low; l != "on" && l != "at" && l != "in" {
			continue
		}
		for j := to; j > i+1; j-- {
			if pg, ok := m.p.pageAt(m.p.lx.toks[i+1].start, m.p.lx.ends[j-1]); ok {
				return append([]item{{kind: iPage, page: pg}}, items...)
			}
		}
	}
	return items
}

// stateWords describe an element's state, never its name.
var stateWords = map[string]bool{"disabled": true, "enabled": true, "visible": true, "hidden": true,
	"clickable": true, "active": true, "inactive": true, "shown": true, "missing": true,
	"greyed out": true, "grayed out": true, "focused": true, "selected": true, "checked": true}

// conditionBefore reports whether the words before a clause make it a
// condition ("when", "if", "while", "once", "and" after one): "the email
// is empty" is then the state a form is sent in, not a check.
func conditionBefore(before string) bool {
	f := strings.Fields(before)
	if len(f) == 0 {
		return false
	}
	switch f[len(f)-1] {
	case "when", "if", "while", "whenever", "once", "and", "but", "because", "since", "unless", "as":
		return true
	}
	return false
}

// unshownDesc reports, and gives the reason, when the words that describe
// a quoted text name something a page does not show as text: "the meta
// description 'X'", "the og:title 'X'", "the aria-label 'X'", "the
// placeholder 'X'" — looking for 'X' among the page's texts would fail a
// true claim.
func unshownDesc(m *match, desc string) bool {
	for _, w := range strings.Fields(strings.ToLower(desc)) {
		if unshownWords[strings.Trim(w, ",.:")] || strings.HasPrefix(w, "og:") || strings.HasPrefix(w, "aria-") || strings.HasPrefix(w, "data-") {
			m.p.setHint("unsupported", fmt.Sprintf("%q is not a text the page shows, and vouch checks what the page shows: say a text, a title (\"the title is '…'\") or a field's placeholder (\"has a field with placeholder '…'\")", desc), m.start)
			return true
		}
	}
	return false
}

// unshownWords name what a page holds but does not show as text.
var unshownWords = map[string]bool{"meta": true, "canonical": true, "attribute": true, "attr": true,
	"placeholder": true, "favicon": true, "robots": true, "hreflang": true,
	"schema.org": true, "json-ld": true, "microdata": true}

// notFields are things that can be empty without being form fields.
var notFields = map[string]bool{"cart": true, "basket": true, "bag": true, "list": true,
	"inbox": true, "page": true, "table": true, "feed": true, "queue": true, "the cart": true,
	"search results": true, "results": true, "wishlist": true, "todo list": true,
	// "the empty state says 'No users yet'": what a page shows with no
	// data, no field to leave empty
	"state": true, "states": true, "view": true, "screen": true, "placeholder": true}

// negAcrossBut reports a negated check continued after "but" ("has no
// 'Sign in' link but a 'Sign out' link"): "but" turns the negation around,
// so carrying it over would check the opposite; the claim is refused.
func (m *match) negAcrossBut() bool {
	f := strings.Fields(m.p.lx.shape[:m.start])
	if !m.st.last.neg || len(f) == 0 {
		return false
	}
	switch f[len(f)-1] {
	case "but", "yet", "though", "although", "instead":
		return true
	}
	return len(f) > 1 && f[len(f)-2] == "but"
}

// bareNameAfterAction reports whether a page subject is a bare name said
// right after an action and "then" or "and" ("clicking 'Menu' then
// Settings shows 'Profile'"): most likely the next thing clicked, not a
// page to visit; a visit there would drop what the click opened. "Then
// the Settings page", a path or "the dashboard" say a page.
func bareNameAfterAction(m *match) bool {
	l := m.st.last
	if l == nil || l.kind != iAction || !m.st.afterConn {
		return false
	}
	f := strings.Fields(m.p.lx.shape[:m.start])
	if len(f) < 2 || f[len(f)-1] != "then" && f[len(f)-1] != "and" {
		return false
	}
	a, b := m.bounds(1)
	words := strings.Fields(m.p.lx.shape[a:b])
	return len(words) == 1 && !strings.HasPrefix(words[0], "/") && !strings.HasPrefix(words[0], "\"")
}

// bareAddMore reports whether unquoted words v after an added item
// (before is the shape up to them) can be one more item to add: not after
// "then" (what is done next), not a gerund ("then completing it", "and
// marking it done": an action), not words that point back at an item.
func bareAddMore(before, v string) bool {
	if f := strings.Fields(before); len(f) > 0 && timeOrderWords[f[len(f)-1]] {
		return false
	}
	ws := strings.Fields(strings.ToLower(v))
	if strings.HasSuffix(ws[0], "ing") && len(ws[0]) > 4 {
		return false
	}
	for _, w := range ws {
		switch w {
		case "it", "them", "this", "that", "these", "those":
			return false
		}
	}
	return true
}

// condWords join a condition, never one more text to a list of texts.
var condWords = map[string]bool{"when": true, "whenever": true, "if": true, "after": true,
	"once": true, "until": true, "while": true, "unless": true, "before": true}

// everyPart reports a subject about each of several parts ("each card",
// "every row", "all plans"): a text found once on the page would prove it
// of one part only.
func everyPart(phrase string) bool {
	w := strings.Fields(strings.ToLower(phrase))
	return len(w) > 0 && (w[0] == "each" || w[0] == "every" || w[0] == "all" || w[0] == "both" || w[0] == "any")
}

// emptyFieldName reports whether the words after "empty" or "no" can name
// a field to clear: "no longer" is a negation, and "the empty cart", "the
// empty pricing page", "an empty search" name a state of a page or a part
// of it, never a field (clearing one would check another claim).
// submitCSS finds a form's submit control (plan.SubmitCSS).
const submitCSS = plan.SubmitCSS

// nounAfter reports whether the word right after a match is the noun of
// an element that is no field ("the empty 'Save' button").
func nounAfter(m *match) bool {
	nx := m.p.nextToken(m.end)
	if nx == nil {
		return false
	}
	e, ok := nouns[nx.low]
	return ok && !e.field
}

func emptyFieldName(name string) bool {
	w := strings.Fields(name)
	if len(w) == 0 || notFields[name] || notFields[w[len(w)-1]] || pageSuffix[w[len(w)-1]] {
		return false
	}
	if e, ok := nouns[w[len(w)-1]]; ok && !e.field {
		// "the empty button says 'Save'": a button, heading or link is
		// no field to leave empty
		return false
	}
	switch w[0] {
	case "longer", "more", "search", "results":
		return false
	}
	switch w[len(w)-1] {
	case "anything", "something", "everything", "nothing":
		// "without changing anything" says no action comes first; it
		// names no field to leave empty
		return false
	}
	return true
}

// startsUpper reports whether s starts with an upper-case letter: people
// capitalise interface labels as they appear ("clicking Continue").
func startsUpper(s string) bool {
	for _, c := range s {
		return unicode.IsUpper(c)
	}
	return false
}

// order checks that texts appear in the given order on the page.
func (m *match) order(texts []string, how string) ([]item, bool) {
	c := check("presence", plan.Step{Kind: plan.ExpectOrder, Texts: texts})
	if how == "alphabetical" || how == "alphabetic" || how == "a-z" || strings.Contains(how, "reverse") || how == "z-a" {
		c.notes = []string{fmt.Sprintf("%s order of the quoted texts is %s; only these texts are checked, in that order.", upperFirst(how), strings.Join(quoteAll(texts), ", "))}
	}
	return []item{c}, true
}

// quantifiers make a subject a rule about each of many elements, which a
// page-wide check does not prove.
var quantifiers = map[string]bool{"every": true, "each": true, "all": true, "any": true,
	"both": true, "none": true, "no": true}

// nameWord is a word of a name: any word but "and", which joins names.
const nameWord = `(?:[b-z\x{80}-\x{10FFFF}][\pL\pN_'.-]*|a(?:[a-mo-z0-9'.-][\pL\pN_'.-]*|n(?:[a-ce-z0-9'.-][\pL\pN_'.-]*|d[\pL\pN_'.-]+)?)?)`

// capitalNames reads "Ann Lee and Bob Stone" as names: every word
// capitalised as written, names split at commas and "and".
func capitalNames(p *parser, a, b int) ([]string, bool) {
	from, to := p.lx.tokensIn(a, b)
	var out, cur []string
	flush := func() bool {
		if len(cur) == 0 {
			return false
		}
		out = append(out, strings.Join(cur, " "))
		cur = nil
		return true
	}
	for i := from; i < to; i++ {
		t := p.lx.toks[i]
		switch {
		case t.kind == tPunct && t.low == "," || t.low == "and":
			if !flush() {
				return nil, false
			}
		case t.kind == tWord && startsUpper(t.raw) && !structural[t.low] && !stopWords[t.low]:
			cur = append(cur, t.raw)
		case t.kind == tWord && len(cur) == 0 && literalToken(t.raw) && (i+1 == to || p.lx.toks[i+1].low == "," || p.lx.toks[i+1].low == "and"):
			// a name in lower case only when it can be nothing else
			// ("regions.json", "sales-2024.csv"), and alone
			cur = append(cur, t.raw)
		default:
			return nil, false
		}
	}
	if !flush() {
		return nil, false
	}
	return out, true
}

// shownNotShown checks the texts of group shown shown and those of group
// not not shown.
func (m *match) shownNotShown(shown, not int) (in, out []item, ok bool) {
	if in, ok = m.texts(shown, false); !ok {
		return nil, nil, false
	}
	if out, ok = m.texts(not, true); !ok {
		return nil, nil, false
	}
	return in, out, true
}

// hasStep reports whether a change said at this point has a step that
// makes it: one before, or one said after ("… after clicking 'Play'").
func (m *match) hasStep() bool {
	if m.st.acted {
		return true
	}
	nx := m.p.nextToken(m.end)
	if l := m.st.last; l != nil && l.kind != iPage || nx == nil {
		return false
	}
	switch nx.low {
	case "after", "when", "once", "if", "whenever":
		return true
	}
	return false
}

// replacedTexts checks that the text of group to is shown and that the
// text of group from was there just before the last step and is gone
// after it. Said before its action ("'Stopped' becomes 'Running' after
// clicking 'Start'"), the old text is still found before the action.
func (m *match) replacedTexts(from, to int) ([]item, bool) {
	in, ok := m.texts(to, false)
	if !ok {
		return nil, false
	}
	acted := m.st.acted
	m.st.acted = true
	gone, ok := m.shownTexts(from, true, true)
	m.st.acted = acted
	if !ok {
		return nil, false
	}
	if s := in[0].steps[0]; len(in) == 1 && len(in[0].steps) == 1 && s.Kind == plan.ExpectText && s.Target == "" && shortText(s.Value) &&
		len(gone) == 1 && len(gone[0].steps) == 1 && gone[0].steps[0].Kind == plan.ExpectHidden {
		// "changes '3' to '4'": the old text is the element that says
		// exactly it, and so is the new one; "4" anywhere ("2024", "4
		// days ago") is not the counter that now says 4
		in[0].steps[0] = plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByText, Value: s.Value, Exact: true}.String()}
		in[0].notes = append(in[0].notes, fmt.Sprintf("%q is short, so the element whose whole text is exactly %q is checked visible after, as the old one is checked.", s.Value, s.Value))
	}
	return append(in, gone...), true
}

// shownTexts checks the quoted texts of group g shown (or not). A text an
// action made go away must have been there before it: the plan checks it
// is shown just before the last action (a claim that something
// disappears is false when it never appeared). An unquoted text must be capitalised
// as written ("Welcome is shown"): a lower-case noun ("entry is visible")
// is no text the page shows. A noun after a quoted text ("the 'milk'
// entry") describes it and is noted.
func (m *match) shownTexts(g int, neg, gone bool) ([]item, bool) {
	a, b := m.bounds(g)
	from, to := m.p.lx.tokensIn(a, b)
	kind := ""
	if to-from == 2 && from > 0 && detWords[m.p.lx.toks[from-1].low] && kindNoun(m.p.lx.toks[from]) {
		// "the file sales-2024.csv is listed", "the tag 'v2' is shown":
		// the noun says what the text names
		if t := m.p.lx.toks[from+1]; t.kind == tLit || t.kind == tWord && literalToken(t.raw) {
			kind = m.p.lx.toks[from].low
			from++
			a = m.p.lx.toks[from].start
			m.loc[2*g] = a
		}
	}
	if from < to && m.p.lx.toks[from].kind != tLit && !startsUpper(m.p.lx.toks[from].raw) && (!literalToken(m.p.lx.span(a, b)) || !reDisplayWord.MatchString(m.p.lx.shape[b:m.end])) {
		// A lower-case subject is a noun ("sales is listed"), unless it
		// can only be a literal said to be shown ("sales-2024.csv is
		// listed"); "db.json is written" or "is deleted" may speak of
		// the file on the server.
		return nil, false
	}
	if from > 0 && from < to && m.p.lx.toks[from].kind != tLit && detWords[m.p.lx.toks[from-1].low] && headNouns[m.p.lx.toks[to-1].low] == "" {
		// "the Welcome banner is still there", "the Server response
		// from List orders is there": unquoted words after an article
		// describe a thing, and are not the text it shows (one ending in
		// an element's noun is refused as that, below)
		return nil, false
	}
	desc := ""
	if to-from >= 2 && m.p.lx.toks[to-1].kind == tWord && m.p.lx.toks[to-2].kind == tLit {
		desc = m.p.lx.toks[to-1].low
		m.loc[2*g+1] = m.p.lx.ends[to-2]
	}
	items, ok := m.texts(g, neg)
	if !ok {
		return nil, false
	}
	if desc != "" {
		items[0].notes = append(items[0].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked.", desc))
	}
	if kind != "" {
		items[0].notes = append(items[0].notes, fmt.Sprintf("%q says what the name is; only the name is looked for, anywhere on the page.", kind))
	}
	if gone && neg && m.st.acted {
		for i := range items {
			items[i].preGone = true
			v := items[i].steps[0].Value
			if !strings.ContainsAny(v, " \t") {
				// One word ("Book") is often part of other texts that
				// stay ("List books"): the element that says exactly it
				// is what goes.
				t := plan.Target{Kind: plan.ByText, Value: v, Exact: true}.String()
				items[i].steps = []plan.Step{{Kind: plan.ExpectHidden, Target: t}}
				items[i].pre = append(items[i].pre, plan.Step{Kind: plan.ExpectVisible, Target: t})
				items[i].notes = append(items[i].notes, fmt.Sprintf("%q is one word, so the element whose whole text is exactly %q is checked: visible just before the last step, hidden after.", v, v))
				continue
			}
			items[i].pre = append(items[i].pre, plan.Step{Kind: plan.ExpectText, Value: v})
		}
		items[0].notes = append(items[0].notes, "That a text goes away is checked by it being shown just before the last step and not shown after.")
	}
	return items, true
}

// reDisplayWord says a text is, or is not, shown on the page.
var reDisplayWord = lazyRE(`\b(?:shown|displayed|visible|listed|showing|displaying|on the page|on screen|on the screen|in the list|on the list|appears?|shows up|show up)\b`)

// reOrdinal is a word that says a position among matches.
var reOrdinal = lazyRE(`^(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|previous|top|bottom|middle)$`)

// reNthWord is an ordinal past the third ("fourth", "5th").
var reNthWord = lazyRE(`^(?:\d+(?:st|nd|rd|th)|fourth|fifth|sixth|seventh|eighth|ninth|tenth)$`)

// ordinalNth is the position an ordinal picks (plan.Target.Nth).
var ordinalNth = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "last": plan.NthLast}

// kindNoun reports whether a word in lower case says what kind of thing
// a name after it is ("file", "package", "tag"): one of kindNouns, no
// element vouch knows, no word of the claim language, no number. An
// adjective ("the big 'Hi'", "the deleted 'x.csv'") is none: it says
// something of the text that checking the text alone would drop.
func kindNoun(t token) bool {
	if t.kind != tWord || t.raw != t.low || !kindNouns[t.low] {
		return false
	}
	if _, isEl := nouns[t.low]; isEl || structural[t.low] || stopWords[t.low] || notText[t.low] || vague[t.low] {
		return false
	}
	_, isNum := numberWords[t.low]
	return !isNum
}

// kindNouns name kinds of things a page lists by name.
var kindNouns = map[string]bool{"file": true, "folder": true, "directory": true, "dir": true,
	"package": true, "tag": true, "branch": true, "release": true, "version": true, "user": true,
	"username": true, "project": true, "repository": true, "repo": true, "plugin": true,
	"module": true, "node": true, "flow": true, "dataset": true, "document": true, "notebook": true,
	"script": true, "torrent": true, "tiddler": true, "book": true, "library": true, "crate": true,
	"extension": true, "theme": true, "host": true, "device": true, "service": true, "job": true,
	"playlist": true, "album": true, "track": true, "channel": true, "team": true, "group": true,
	"role": true, "organisation": true, "organization": true, "workspace": true, "label": true,
	"topic": true, "category": true, "product": true, "recipe": true, "city": true, "country": true,
	"number": true, "phrase": true, "code": true, "email": true, "date": true, "id": true}

// backTexts checks texts said to be back after the steps before them.
func (m *match) backTexts(g int) ([]item, bool) {
	if !m.st.acted {
		// Back after nothing: the claim says no step that took it away.
		return nil, false
	}
	items, ok := m.texts(g, false)
	if ok {
		items[0].notes = append(items[0].notes, fmt.Sprintf("%q is checked as shown after the steps before it; that it was gone in between is not checked.", strings.TrimSpace(m.p.lx.span(m.start, m.end))))
	}
	return items, ok
}

// firstGroup returns the first of the groups that matched.
func (m *match) firstGroup(gs ...int) int {
	for _, g := range gs {
		if m.ok(g) {
			return g
		}
	}
	return gs[0]
}

// containerTarget reports whether a target is an element that holds
// others: a dialog, a tab panel, a list, a table, a form, a region.
func containerTarget(target string) bool {
	t, err := plan.ParseTarget(target)
	if err != nil || t.Within != "" {
		return false
	}
	switch t.Kind {
	case plan.ByRole:
		switch t.Value {
		case "dialog", "alertdialog", "tabpanel", "list", "table", "navigation", "form", "region", "menu", "listbox", "article", "complementary", "alert", "status":
			return true
		}
	case plan.ByCSS:
		switch t.Value {
		case "footer", "header", "form", "nav", "aside", "main":
			return true
		}
	}
	return false
}

// afterClauseComma reports whether shape, the claim up to a word, ends in
// a comma after a clause that opens with a word of time or condition
// ("after clicking 'A',", "when I click 'A',"): what follows the comma
// starts the main clause.
func afterClauseComma(shape string) bool {
	f := strings.Fields(shape)
	if len(f) == 0 || f[len(f)-1] != "," {
		return false
	}
	start := 0
	for i := len(f) - 2; i >= 0; i-- {
		if f[i] == "." || f[i] == ";" || f[i] == ":" || f[i] == "," {
			start = i + 1
			break
		}
	}
	if start >= len(f)-1 {
		return false
	}
	switch f[start] {
	case "after", "when", "once", "if", "upon", "whenever", "given", "as":
		return true
	}
	return false
}

// checkStart are words a check may start with, after a purpose clause.
// subjectVerbs follow the subject of a check ("the toggle says …").
var subjectVerbs = map[string]bool{"says": true, "shows": true, "reads": true, "displays": true,
	"lists": true, "is": true, "are": true, "has": true, "contains": true, "becomes": true,
	"turns": true, "changes": true, "stays": true, "remains": true, "gets": true}

var checkStart = map[string]bool{"shows": true, "show": true, "displays": true, "lists": true,
	"says": true, "reads": true, "opens": true, "reveals": true, "brings": true, "takes": true,
	"leads": true, "gives": true, "returns": true, "has": true, "contains": true, "then": true,
	",": true, "and": true, "i": true, "you": true, "it": true, "the": true, "loads": true}

// charKeyNames map the names of character keys, said before "key", to the
// character pressed: "the comma key" presses ",".
var charKeyNames = map[string]string{"comma": ",", "slash": "/", "forward slash": "/",
	"backslash": "\\", "question mark": "?", "period": ".", "full stop": ".", "dot": ".",
	"semicolon": ";", "colon": ":", "hyphen": "-", "minus": "-", "dash": "-", "plus": "+",
	"equals": "=", "equal": "=", "equals sign": "=", "asterisk": "*", "star": "*", "hash": "#",
	"exclamation mark": "!", "backtick": "`", "tilde": "~", "pipe": "|", "underscore": "_"}

// keyResultStart are the words after an unquoted letter pressed that say
// what the key does: "pressing i opens …", "pressing j, …".
var keyResultStart = map[string]bool{"opens": true, "shows": true, "displays": true, "reveals": true,
	"brings": true, "takes": true, "leads": true, "lists": true, "toggles": true, "focuses": true,
	",": true, "then": true}

// outOfReachWord holds the one-word entries of outOfReach.
var outOfReachWord = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range outOfReach {
		if !strings.Contains(w, " ") {
			m[w] = true
		}
	}
	return m
}()

// qualifierTails say, after a text, when, how, where or to whom it is shown.
var qualifierTails = lazyRE(`(?i)\s(by default|(?:at|on) (?:first |initial )?(?:load|reload|startup|start|once|first)|in (?:bold|italics?|red|green|blue|grey|gray|black|white|orange|yellow|uppercase|lowercase|capitals|caps|(?:large|small|big|bold) (?:font|type|letters))|(?:for|to) (?:everyone|everybody|all(?: users)?|guests|visitors|users|admins|anyone|new users|me|you|them|us)|for (?:now|ever|good|a (?:second|moment|while|few seconds|bit))|at the moment|right now|any ?more|(?:in|on|at|inside|within|under|below|above|into) (?:the |a |an |its |this |their |my )?(?:list|table|page|screen|grid|sidebar|header|footer|nav|navigation|menu|toolbar|dialog|modal|box|panel|card|row|column|results|feed|form|section|inbox|cart|basket|top|bottom|middle|corner|view|window|popup|banner)|initially|twice|thrice|once|too|also|already|always|still|now|everywhere|somewhere|anywhere|immediately|instantly|automatically|correctly|properly|as well|afterwards|again)$`)

// qualifierTail returns the qualifier unquoted words end in, or "".
func qualifierTail(s string) string {
	if m := qualifierTails.FindStringSubmatch(" " + strings.TrimSpace(s)); m != nil {
		return m[1]
	}
	return ""
}

// orderPair puts two texts in the order a claim says they appear: "'A'
// comes before 'B'" and "'B' comes after 'A'" both give A, B.
func orderPair(a, how, b string) []string {
	switch how {
	case "after", "below", "later than":
		return []string{b, a}
	}
	return []string{a, b}
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Quote(x)
	}
	return out
}

// sortedFold sorts texts case-insensitively, as people read alphabetical
// order.
func sortedFold(xs []string, reverse bool) []string {
	out := append([]string(nil), xs...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := strings.ToLower(out[i]), strings.ToLower(out[j])
		if reverse {
			return a > b
		}
		return a < b
	})
	return out
}

// witnessValue is the example item a general rule is tested on: generated,
// clearly synthetic, never a real item's text.
const witnessValue = "vouch example 1"

var witnessNote = fmt.Sprintf("The claim states a rule about items it does not name: it is tested on one example item, %q, added for the test.", witnessValue)

// boxName is the name of the box group i ticks: its text, or, for "it",
// "that" or "them", the value the claim last added ("adding 'milk' and
// ticking it").
func (m *match) boxName(i int) (string, bool) {
	v, _, ok := m.text(i)
	if low := m.low(i); low == "it" || low == "that" || low == "them" {
		if l := m.st.last; l != nil && l.addVal != "" {
			v, ok = l.addVal, true
		}
	}
	return v, ok
}

// thingName is the name a part of the page is called by ("the 'Pro' plan",
// "the Team plan"): a quoted text, or words written with capitals. A
// lower-case word ("the cheapest plan") describes the part and names no
// text on it.
func thingName(p *parser, from, to int, lits []string) string {
	if len(lits) == 1 {
		return lits[0]
	}
	var words []string
	for i := from; i < to-1; i++ {
		t := p.lx.toks[i]
		if i == from && articles[t.low] {
			continue
		}
		if t.kind == tLit || t.low == "'s" {
			return ""
		}
		r := []rune(t.raw)
		if len(r) == 0 || !unicode.IsUpper(r[0]) && !unicode.IsDigit(r[0]) {
			return ""
		}
		words = append(words, t.raw)
	}
	return strings.Join(words, " ")
}

var articles = map[string]bool{"the": true, "a": true, "an": true, "our": true, "its": true}

// timeOrderWords, just before one more text, say it comes later in time
// ("shows 'Loading' then 'Ready'", "… and after that 'Done'").
var timeOrderWords = map[string]bool{"then": true, "that": true, "later": true,
	"afterwards": true, "afterward": true, "eventually": true, "finally": true, "next": true, "by": true}

// orderVerbs say where on the page things are, never when they show.
var orderVerbs = map[string]bool{"lists": true, "list": true, "listing": true, "puts": true, "put": true,
	"places": true, "place": true, "sorts": true, "sort": true, "ranks": true, "rank": true, "orders": true, "order": true}

// pageTextCheck reports a check of the page's text ("shows 'A'"), which a
// bare "and not 'B'" may continue.
func pageTextCheck(it *item) bool {
	for _, s := range it.steps {
		if s.Kind != plan.ExpectText && s.Kind != plan.ExpectNoText || s.Target != "" {
			return false
		}
	}
	return len(it.steps) > 0
}

// linkDesc says a link check to the person who approves it.
func linkDesc(path string, neg bool) string {
	if neg {
		return "no link to " + path + " is shown"
	}
	return "a link to " + path + " is shown"
}

// clickPathLink clicks the link to the path of group 1, by its href.
func (m *match) clickPathLink() ([]item, bool) {
	pg, ok := m.p.page(m.bounds(1))
	if !ok || pg.generic || pg.path == "" {
		return nil, false
	}
	t, notes := linkTarget(pg)
	a := action("navigation", plan.Step{Kind: plan.Click, Target: t})
	a.desc = fmt.Sprintf("click the link to %s", pg.path)
	a.notes = notes
	return []item{a}, true
}

// anyoneRoles are a user story's roles that any visitor has: no account.
var anyoneRoles = map[string]bool{"user": true, "visitor": true, "guest": true, "reader": true,
	"anonymous user": true, "anonymous visitor": true, "new user": true, "new visitor": true,
	"first-time visitor": true, "first time visitor": true, "site visitor": true, "web user": true,
	"end user": true, "end-user": true, "person": true, "visitor to the site": true}

// statusSubjects are the words a bare "is 200" may follow as the status of
// a page: the page itself, its answer, or "it".
var statusSubjects = map[string]bool{"page": true, "homepage": true, "home": true, "site": true,
	"app": true, "url": true, "endpoint": true, "route": true, "path": true, "api": true,
	"status": true, "code": true, "response": true, "answer": true, "reply": true, "it": true,
	"request": true, "document": true, "resource": true, "link": true, "server": true, "screen": true}

// controlNoun are the kinds of control a key cannot be typed into.
var controlNoun = map[string]bool{"link": true, "button": true, "tab": true, "checkbox": true, "menu": true, "heading": true, "option": true, "toggle": true}

// shownMenus are the words before "menu" of a menu a page shows without
// being opened.
var shownMenus = map[string]bool{"main": true, "top": true, "side": true, "sidebar": true, "nav": true,
	"navigation": true, "site": true, "primary": true, "global": true, "footer": true, "header": true,
	"mobile": true, "left": true, "right": true, "bottom": true, "the": true, "a": true, "an": true}

// droppedMenus are the lower-case names of menus that drop down from a
// control of their name (frames.go says them capitalised).
var droppedMenus = map[string]bool{"settings": true, "options": true, "preferences": true, "account": true,
	"profile": true, "file": true, "edit": true, "view": true, "help": true, "tools": true, "actions": true,
	// menus named for the control that shows them, hidden until pressed
	"user": true, "avatar": true, "hamburger": true, "burger": true, "overflow": true, "kebab": true,
	"gear": true, "cog": true, "dropdown": true, "drop-down": true}

// namedMenu returns the name of the menu a region match names by a
// capitalised or quoted word before "menu" ("The Settings menu", "the
// 'File' menu"), or "".
func namedMenu(m *match) string {
	from, to := m.p.lx.tokensIn(m.start, m.end)
	if to-from < 2 || m.p.lx.toks[to-1].low != "menu" {
		return ""
	}
	t := m.p.lx.toks[to-2]
	switch {
	case t.kind == tLit:
		return strings.TrimSpace(t.raw)
	case t.kind == tWord && t.raw != "" && t.raw[0] >= 'A' && t.raw[0] <= 'Z' && !shownMenus[t.low] &&
		!premiseActs[t.low] && !strings.HasSuffix(t.low, "ing"):
		// ("Clicking Menu …": an action, not the menu's name)
		return t.raw
	case t.kind == tWord && droppedMenus[t.low]:
		return strings.ToUpper(t.low[:1]) + t.low[1:]
	}
	return ""
}

// reOpensVerb is a verb that opens what follows it.
var reOpensVerb = lazyRE(`\b(?:opens|open|brings up|pops up)\b`)

// reMenuThatShows is what follows a menu that opens when the claim says
// what it shows: "… with 'Settings' and 'Sign out'".
var reMenuThatShows = lazyRE(`^ (?:with|listing|showing|containing|(?:that|which) (?:lists|shows|has|contains)) "\d+"`)

// detWords are articles and possessives: unquoted words after one name a
// thing, not a text.
var detWords = map[string]bool{"the": true, "a": true, "an": true, "our": true, "its": true, "their": true, "your": true, "my": true}

// quantNeg is "all" or "both" before a negation: which of the texts it
// denies is not said.
var quantNeg = lazyRE(`\b(?:all|both) (?:not|never|no longer|n't)\b`)

// genericField reports whether the words name a form field by its kind
// alone ("the field", "an input", "the text box"): no label, name or
// other placeholder that a check of a placeholder would leave unchecked.
func genericField(words string) bool {
	w := strings.TrimSpace(words)
	// the rule's words may start at the verb ("has a search box with
	// placeholder 'X'")
	for _, d := range []string{"has ", "have ", "shows ", "contains ", "includes ", "offers ", "provides ", "the ", "an ", "a ", "my ", "your ", "only ", "one "} {
		w = strings.TrimPrefix(w, d)
	}
	switch w {
	case "field", "input", "box", "textbox", "text box", "text field", "input field", "input box",
		"text input", "textarea", "text area", "entry", "entry field", "form field",
		"search box", "search field", "search input", "search bar", "searchbox":
		return true
	}
	return false
}

// headingSays reads "the (main|first|…) heading says X": group adj holds
// the word before the noun, noun the noun, text the text. The main, top,
// page or primary heading is the h1; a position (the first, the 2nd
// heading) is that heading among all the page's headings in document
// order, whatever its level, and it must show the text: an h1 named X
// further down would not make "the first heading says X" true.
func (m *match) headingSays(adj, noun, text int) (item, bool) {
	v, q, ok := m.text(text)
	if !ok {
		return item{}, false
	}
	pos := ""
	if m.ok(adj) {
		pos = strings.TrimSpace(m.low(adj))
	}
	if n := ordinalNth[pos]; n != 0 {
		if m.negated() {
			return item{}, false
		}
		role := plan.Target{Kind: plan.ByRole, Value: "heading"}
		if l := m.low(noun); len(l) == 2 && l[0] == 'h' {
			role.Level = int(l[1] - '0')
		}
		role.Nth = n
		c := check("presence", plan.Step{Kind: plan.ExpectText, Value: v, Target: role.String()})
		kind := "headings, of any level"
		if role.Level != 0 {
			kind = m.low(noun) + " headings"
		}
		c.notes = append(bareNote(v, q), fmt.Sprintf("The %s heading is the %s of the page's visible %s, in document order.", pos, pos, kind))
		return c, true
	}
	level := 0
	if pos != "" || m.low(noun) == "h1" || m.low(noun) == "page heading" {
		level = 1
	} else if l := m.low(noun); l == "h2" || l == "h3" {
		level = int(l[1] - '0')
	}
	c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "heading", Name: v, Level: level}.String()})
	if m.negated() {
		c = check("absence", plan.Step{Kind: plan.ExpectHidden, Target: c.steps[0].Target})
	}
	c.notes = bareNote(v, q)
	return c, true
}

// clickedJustBefore reports whether the item just before the match is one
// click, with no connective between ("the 'Docs' link links to /docs":
// the element is clicked, and the words after say where it leads).
func clickedJustBefore(m *match) bool {
	l := m.st.last
	return l != nil && l.kind == iAction && !m.st.afterConn && len(l.steps) == 1 && l.steps[0].Kind == plan.Click
}

// cartWords are where a shop puts a product: never a field to type into.
var cartWords = map[string]bool{"cart": true, "basket": true, "bag": true, "shopping cart": true, "shopping basket": true,
	"shopping bag": true, "wishlist": true, "wish list": true, "favorites": true, "favourites": true, "trolley": true}

// seeVerbs say what a person sees or gets: never the last word of a
// field's name.
var seeVerbs = map[string]bool{"sees": true, "see": true, "get": true, "receives": true, "receive": true,
	"finds": true, "find": true, "notices": true, "notice": true, "show": true, "say": true, "read": true}

// showsOwnText reports whether an "element acts" match is a link or button
// (or an image: "the 'Cart' icon") said to show or display a quoted text:
// "the 'Cart' link shows '3'".
func showsOwnText(m *match, role string, image bool) bool {
	if role != "link" && role != "button" && !image {
		return false
	}
	switch lastWord(m.p.lx.shape[m.start:m.end]) {
	case "shows", "show", "displays", "display":
	default:
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(m.p.lx.shape[m.end:]), `"`)
}

// imageAsItself are the verbs of "element acts" that, said of an image,
// are about the picture itself ("the logo loads"), not what a click on it
// brings.
var imageAsItself = map[string]bool{"loads": true, "works": true, "shows": true, "show": true, "displays": true, "display": true, "hides": true, "closes": true, "submits": true, "sends": true}
