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
	addRule("and", cConn, false, `(?:,|;|:|and|also|plus|as well as|and also|but also|but|and that|that|so that|so|while|where|and i|, and)(?: (?:that|also|then))?(?: (?:check|verify|ensure|confirm|assert|expect|make sure) (?:that|if|whether))?(?: (?:ensure|make sure|expect))?`,
		func(m *match) ([]item, bool) {
			if m.st.start {
				return nil, false
			}
			return []item{{kind: iConn}}, true
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
			if m.st.last == nil || m.st.afterConn {
				return nil, false
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
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
	addRule("signed out", cNoop, false, `(?:while |when |as |being |if |but )?(?:signed|logged) out|(?:while |when |if )?not (?:signed|logged) in|as an? (?:guest|anonymous (?:user|visitor)|visitor|(?:logged|signed)[ -]out (?:user|visitor)|new visitor|first-time visitor|user who is not (?:signed|logged) in)|without (?:signing|logging) in|anonymously|in a fresh (?:session|browser)|with (?:no|an empty) session|in (?:an )?incognito(?: mode| window)?|(?:for|to) (?:a )?(?:logged-out|signed-out|anonymous) (?:users?|visitors?)`,
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
	addRule("visit", cCtx, false, `{who}(?:can )?(?:visiting|visit|visits|visited|opening|open|opened|loading|load|going to|go to|goes to|went to|navigating to|navigate to|navigates to|browsing to|browse to|browses to|heading to|head to|heads to|requesting|request|requests|fetching|fetch|hitting|hit|hits|pointing (?:a |the )?browser (?:at|to)|get|landing on|land on|arriving at|arrive at|being on|am on|are on|is on|starting (?:on|at|from)|start (?:on|at|from)|starting with|start with|accessing|access|surfing to|reaching|reach)(?: the url| url| the address| address)? ({page})(?: directly| in the browser| in a browser| first)?`,
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
			return m.p.submit(m)
		})
	emptyFill := func(m *match) ([]item, bool) {
		if !m.formContext() || !emptyFieldName(m.low(1)) {
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
			if !emptyFieldName(m.low(1)) {
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
	addRule("leave empty", cAction, false, `(?:with|having|and|but|while)? ?(?:leaving|leave|leaves|with) (?:the |an? |my )?({field}) (?:empty|blank|unfilled|unset|cleared)`,
		func(m *match) ([]item, bool) {
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok {
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			it.fillish, it.notes, it.cont = true, notes, contWith
			return []item{it}, true
		})
	addRule("field is empty", cAction, false, `(?:the |an? |my )?({field}) (?:is|are|be|was|gets|get) (?:left )?(?:empty|blank|missing|not filled in|cleared)`,
		func(m *match) ([]item, bool) {
			t, notes, ok := m.p.field(m.bounds(1))
			if !ok || m.st.last == nil && !m.st.afterConn || notFields[strings.ToLower(m.low(1))] {
				return nil, false
			}
			// "... shows an error when the email is empty": the form is
			// submitted with the field empty.
			it := action("form", plan.Step{Kind: plan.Fill, Target: t})
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: `form [type=submit], form button:not([type])`}.String()}
			it.deferred, it.fillish, it.cont = &click, true, contWith
			it.notes = append(notes, "An empty field only shows an error once the form is sent: the plan clicks the form's submit button (the first button in a form that submits it).")
			return []item{it}, true
		})
	addRule("bad email", cAction, false, `(?:typing|type|entering|enter|with|using|submitting|submit|filling in|giving|providing) (?:an? )?(invalid|bad|wrong|malformed|broken|incorrect) (?:email|e-mail|email address)`,
		func(m *match) ([]item, bool) {
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Email"}.String(), Value: "not-an-email"})
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: `form [type=submit], form button:not([type])`}.String()}
			if l := m.st.last; l == nil || l.deferred == nil {
				it.deferred = &click
			}
			it.fillish, it.cont = true, contWith
			it.notes = []string{"An invalid address is typed as \"not-an-email\" into the field labelled \"Email\", and the form is sent (its first submit button); edit the plan if your form differs."}
			return []item{it}, true
		})
	addRule("bad password", cAction, false, `(?:with|using|and|entering|typing) (?:an? |the )?(wrong|invalid|incorrect|bad|short|weak|too short) password`,
		func(m *match) ([]item, bool) {
			v := testPasswords[m.low(1)]
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Password"}.String(), Value: v})
			it.fillish, it.cont = true, contWith
			it.notes = []string{fmt.Sprintf("%q is typed as the %s password: a made-up value, not a secret; edit the plan to use another.", v, m.low(1))}
			if l := m.st.last; l != nil && l.signin {
				it.replacePassword = true
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
	addRule("with field literal", cAction, false, `(?:with|having|and|using|, with)? ?(?:the |an? |my )?({field}) ("\d+"|\S+@\S+|(?:the )?secret {secretname}|\$\{?{secretname}\}?)`, withFill(1, 2))
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
			return []item{it}, true
		})
	addRule("fill", cAction, true, `{who}(?:can )?(?:filling|fill|fills|filled|completing|complete|populating|populate)(?: in| out)? ({field}) (?:with|as|using|to|:) ({value})`,
		func(m *match) ([]item, bool) { return m.fill(1, 2, contFill) })
	addRule("set", cAction, true, `{who}(?:setting|set|sets|changing|change|changes|updating|update|updates|making|make) (?:the )?({field}) (?:to|as|=|into) ({value})`,
		func(m *match) ([]item, bool) { return m.fill(1, 2, contFill) })
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
			it := action("form", plan.Step{Kind: plan.Fill, Target: "role=textbox", Value: v.text, Secret: v.secret})
			it.fillish = true
			it.notes = append([]string{"No field named: the text is typed into the page's first text field."}, bareNote(v.text, !v.bare)...)
			return []item{it}, true
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
			v, ok := m.boxName(1)
			if !ok {
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
	addRule("add", cAction, true, `{who}(?:can )?(?:adding|add|adds|added|creating|create|creates|created|saving|save|inserting|insert|appending|append)(?: (?:a|an|the|one|two|three|new|another|some))*(?: (?:items?|todos?|tasks?|entries|entry|notes?|rows?|things?))?(?: (?:called|named|titled|with the text|saying|for|:))? ({lits})(?: (?:to|into|in|on) (?:the |my |a )?(?:list|todo list|todos|list of todos|tasks|todo|({field})))?`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l != nil && l.kind == iAction && !m.st.afterConn {
				return nil, false // "pressing Enter adds 'milk' to the list" is a result
			}
			tgt := "role=textbox"
			var notes []string
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
			m.p.setHint("unsupported", "vouch cannot aim at the Delete button of one particular item", a,
				m.p.replaceSpan(a, b, `clicking "Delete"`))
			return nil, false
		})
	addRule("search", cAction, true, `{who}(?:searching|search|searches|looking up|look up|querying|query)(?: the (?:site|docs|page|app))?(?: for)? ({value})`,
		func(m *match) ([]item, bool) {
			v, ok := m.p.value(m.bounds(1))
			if !ok || v.text == "" || v.secret != "" {
				return nil, false
			}
			it := action("form", plan.Step{Kind: plan.Fill, Target: "role=searchbox", Value: v.text}, plan.Step{Kind: plan.Press, Target: "role=searchbox", Value: "Enter"})
			it.desc = fmt.Sprintf("search for %q", v.text)
			it.notes = append([]string{"Searching types into the page's search box (an input of type search) and presses Enter; edit the target if yours is a plain text field."}, bareNote(v.text, !v.bare)...)
			return []item{it}, true
		})
	addRule("subscribe", cAction, true, `{who}(?:subscribing|subscribe|subscribes|signing up|sign up|signs up|registering|register|registers|joining|join|joins)(?: (?:to|for) (?:the |our |a )?(newsletter|updates|mailing list|waitlist|waiting list|beta))? with ({value})`,
		func(m *match) ([]item, bool) {
			v, ok := m.p.value(m.bounds(2))
			if !ok || v.text == "" {
				return nil, false
			}
			path := "/signup"
			if m.ok(1) {
				path = "/newsletter"
			}
			click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: `form [type=submit], form button:not([type])`}.String()}
			it := action("form", plan.Step{Kind: plan.Fill, Target: plan.Target{Kind: plan.ByLabel, Value: "Email"}.String(), Value: v.text, Secret: v.secret})
			it.deferred, it.cont, it.desc = &click, contWith, fmt.Sprintf("type %q into the field labelled \"Email\"", v.text)
			it.notes = append([]string{"The address is typed into the field labelled \"Email\" and the form's submit button is clicked; edit the plan if your form differs."}, bareNote(v.text, !v.bare)...)
			ref := pageRef{path: path, phrase: m.p.lx.span(m.start, m.loc[4])}
			ref.note = fmt.Sprintf("%q is taken to happen on %s — name the page if it is elsewhere.", strings.TrimSpace(ref.phrase), path)
			return []item{{kind: iPage, page: ref, from: m.start, to: m.loc[4]}, it}, true
		})
	addRule("back", cAction, false, `(?:going|go|navigating|navigate|clicking|pressing|hitting) back|(?:clicking|pressing|hitting|using) the (?:browser'?s? )?back button`,
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
		func(m *match) ([]item, bool) { return m.p.click(m, plan.Hover) })

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
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || vague[l] {
					return nil, false
				}
			}
			phrase := strings.TrimSpace(m.p.lx.span(m.start, m.end))
			if everyPart(phrase) {
				return nil, false
			}
			return []item{{kind: iSubject, region: phrase, notes: []string{fmt.Sprintf("%q is not pinned to one element: texts are looked for on the whole page.", phrase)}}}, true
		})

	// Subjects: what the checks that follow are about.
	addRule("page subject", cSubj, false, `({page})(?: 's)?`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.pageAt(m.bounds(1))
			if !ok {
				return nil, false
			}
			return []item{{kind: iPage, page: pg, subject: true}}, true
		})
	addRule("pronoun", cSubj, false, `{pron}`,
		func(m *match) ([]item, bool) { return []item{{kind: iSubject}}, true })
	addRule("console subject", cCheck, false, `(?:the )?(?:browser |js |javascript |dev ?tools |devtools |web )?console (?:{is} )?(?:clean|empty|error-free|error free|free of errors|quiet|silent)|(?:the )?(?:browser |js |javascript )?console (?:shows|has|logs|contains|gets|prints) (?:no|zero|0) (?:errors?|exceptions)|there (?:is|are|be) no (?:console |js |javascript |uncaught )?(?:errors?|exceptions)(?: (?:in|on) the (?:browser |js |javascript )?console)?|no (?:console |js |javascript |uncaught )?(?:errors?|exceptions) (?:are |is )?(?:logged|thrown|shown|reported)(?: (?:in|to) the console)?`,
		func(m *match) ([]item, bool) { return []item{consoleCheck()}, true })
	addRule("no console errors", cCheck, false, `(?:no|zero) (?:console |js |javascript |uncaught |script |browser )+(?:errors?|exceptions)`,
		func(m *match) ([]item, bool) { return []item{consoleCheck()}, true })
	addRule("region", cSubj, false, `(?:the |a |an |its |their |my )?(?:(?:main|top|bottom|first|last|page|site|todo|item|todo item|items|whole|entire|[a-z][\w-]*) )?(`+regionAlt+`)(?: (?:area|section|bar|region|text|element))?`,
		func(m *match) ([]item, bool) {
			phrase := m.p.lx.span(m.start, m.end)
			if everyPart(phrase) {
				return nil, false
			}
			return []item{{kind: iSubject, region: phrase, regionKey: m.low(1), notes: []string{fmt.Sprintf("%q is not pinned to one element: texts are looked for on the whole page.", strings.TrimSpace(phrase))}}}, true
		})

	// Checks.
	addRule("title", cCheck, true, `(?:'s )?{neg}(?:the )?(?:(?:page|browser|tab|document|html|window|meta|seo|head) )?title (?:of (?:the )?(?:page|it|the tab) )?(?:is|are|be|says|reads|equals|shows|becomes|=|:|matches|gets|get|changes to|set to|will be|contains|includes|reads as)?(?: exactly| now)? ?({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("has title", cCheck, true, `{neg}(?:has|have|shows|gets|uses|carries|sets|displays) (?:the |a |its |an? )?(?:(?:page|browser|tab|document|html|window) )?title(?: of| :)? ({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("titled", cCheck, true, `{neg}(?:(?:is|be) )?titled ({text})`,
		func(m *match) ([]item, bool) { return m.title(1) })
	addRule("status", cCheck, false, `(?:returns?|responds?|answers?|gives|give|serves?|sends?(?: back)?|replies|reply|comes back|yields?|produces?|results? in|loads with|opens with|returns back|has|is|be|shows|gets)(?: with)?(?: an?| the)?(?: (?:http|status|status code|code|response|response code|http status|http status code|an http status|the status))*(?: of| :)? (\d{3})(?: (?:ok|okay|not found|unauthorized|unauthorised|forbidden|created|accepted|no content|moved permanently|found|see other|bad request|internal server error|server error|service unavailable|bad gateway|too many requests|gone|conflict|redirect|temporary redirect|permanent redirect|not modified|error|status|response|page|status code|code|success|successful))*`,
		func(m *match) ([]item, bool) {
			verb := m.p.lx.shape[m.start:m.loc[2]]
			// "shows 404" and "has 200" need a word that makes the
			// number a status ("shows a 404", "has status 200").
			if strings.HasPrefix(verb, "shows") || strings.HasPrefix(verb, "has") || strings.HasPrefix(verb, "is") || strings.HasPrefix(verb, "be") || strings.HasPrefix(verb, "gets") {
				if verb == "shows " || verb == "has " || verb == "gets " {
					return nil, false
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
			it, ok := statusCheck(200)
			it[0].notes = []string{"'OK' is checked as HTTP 200."}
			return it, ok
		})
	addRule("is up", cCheck, false, `{is} (?:up|online|reachable|available|alive|live|accessible|healthy|serving|running|operational|responding|up and running|reachable and healthy|not down)`,
		func(m *match) ([]item, bool) {
			it, ok := statusCheck(200)
			it[0].notes = []string{fmt.Sprintf("%q is checked as HTTP 200.", m.p.lx.span(m.start, m.end))}
			return it, ok
		})
	addRule("not found", cCheck, false, `{is} (?:not found|missing|a 404|gone|a 404 page|a not found page)|not exist|not exists|404s`,
		func(m *match) ([]item, bool) {
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
			m.p.setHint("unsupported", "plans check what a page shows, not whether an element is enabled, checked or focused", m.start)
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
	addRule("hides it", cCheck, false, `(?:hides|closes|dismisses|removes|collapses) (?:it|itself|the (?:banner|dialog|modal|popup|message|notice|toast))|makes (?:it|the (?:banner|dialog|modal|popup|message)) (?:disappear|go away|vanish|close)`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l == nil || l.kind != iAction || len(l.steps) != 1 || l.steps[0].Kind != plan.Click || m.st.afterConn {
				return nil, false
			}
			if t, err := plan.ParseTarget(l.steps[0].Target); err == nil && t.Within != "" {
				// "clicking 'Delete' next to 'milk' removes it": the item
				// goes, so its text does; its button may only hide.
				c := check("absence", plan.Step{Kind: plan.ExpectNoText, Value: t.Within})
				c.notes = []string{fmt.Sprintf("That the item goes away is checked by %q no longer being shown on the page.", t.Within)}
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
	addRule("console", cCheck, false, `{neg}(?:has|have|shows?|logs?|throws?|prints?|produces?|raises?|emits?|reports?|gives?|gets?|triggers?|causes?|outputs?|hits?)(?: no| zero| 0| any)? (?:console |js |javascript |uncaught |script |runtime |browser |client-side |client side )*(?:errors?|exceptions?)(?: (?:in|to|on) the (?:browser |js |javascript )?console)?`,
		func(m *match) ([]item, bool) {
			low := m.low(0)
			neg := m.negated()
			none := strings.Contains(low, " no ") || strings.Contains(low, " zero ") || strings.Contains(low, " 0 ")
			if neg == none { // "has errors" or "doesn't have no errors"
				return nil, false
			}
			return []item{consoleCheck()}, true
		})
	addRule("url", cCheck, false, `{neg}(?:links to|link to|opens|open|goes to|go to|navigates to|navigate to|takes (?:me|you|us|them|the user|users|the visitor|visitors|him|her) to|take (?:me|you|us|them|the user) to|leads (?:me |you |the user |users )?to|lead (?:me |you )?to|lands (?:me |you |the user |users )?on|redirects (?:me |you |the user |users |them |visitors )?to|redirect (?:me |you |the user )?to|ends up (?:on|at)|end up (?:on|at)|brings (?:me|you|the user|up) to|sends (?:me|you|the user|users|them) to|send (?:me|you) to|reaches|reach|arrives at|arrive at|changes the url to|updates the url to|moves to|switches to|directs (?:me |you |the user )?to|forwards (?:me |you |the user )?to|routes (?:me |you )?to|points to|(?:is|be|are|am|get|gets) (?:redirected|taken|sent|brought|forwarded|moved|navigated) to|(?:is|be|am|are) (?:on|at)|lands on|land on|loads|load|shows|show|displays|display|leaves (?:me |you )?on|stays on|stay on|remains on|remain on|returns (?:me |you |the user )?to|return (?:me |you )?to|(?:is|be) back (?:on|at)|goes back to|go back to|comes back to|navigates away to|keeps (?:me|you|the user|users|them) on|keep (?:me|you) on|(?:brings|takes|sends|leads|returns|gets) (?:me|you|the user|users|them|us) back to)(?: the)? ({page})`,
		func(m *match) ([]item, bool) {
			// "the 'Contact' button links to /contact" says where the
			// click leads; "the page links to /docs" has a link.
			if strings.HasPrefix(m.p.lx.shape[m.start:m.loc[2]], "link") {
				l := m.st.last
				if l == nil || l.kind != iAction || m.st.afterConn || len(l.steps) != 1 || l.steps[0].Kind != plan.Click {
					return nil, false
				}
				if t, _ := plan.ParseTarget(l.steps[0].Target); t.Kind != plan.ByRole || t.Value != "button" {
					return nil, false
				}
			}
			pg, ok := m.p.page(m.bounds(1))
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			if m.negated() {
				m.p.setHint("unsupported", "vouch can check where a page ends up, not where it does not", m.start)
				return nil, false
			}
			c := check("url", plan.Step{Kind: plan.ExpectURL, Value: pg.path})
			if pg.note != "" {
				c.notes = []string{pg.note}
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
			pg, ok := m.p.page(m.bounds(1))
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			c := check("url", plan.Step{Kind: plan.ExpectURL, Value: pg.path})
			if pg.note != "" {
				c.notes = []string{pg.note}
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
	addRule("health", cCheck, false, `(?:loads|load|loading|opens|open|renders|render|works|work|comes up|come up|starts|start|displays|is working|runs|run|is fine|is ok|is okay|is error-free|is error free|shows up|loads up|functions|boots)((?: (?:fine|ok|okay|correctly|properly|successfully|cleanly|normally|fully|completely|without (?:any )?(?:errors?|problems|issues|crashing|crashes|exceptions|console errors|js errors|javascript errors|script errors|failures|failing|breaking)|with no (?:console |js |javascript |script )?(?:errors?|problems|issues|exceptions|failures)|without failing|without a hitch|and is error-free))*)`,
		func(m *match) ([]item, bool) {
			if l := m.st.last; l != nil && l.kind == iPage && strings.Contains(strings.ToLower(l.page.phrase), "endpoint") && strings.HasPrefix(m.low(0), "work") {
				return nil, false
			}
			return []item{healthCheck()}, true
		})
	addRule("count", cCheck, false, `{neg}(?:{show}|holds?|contains?|leaves|leave)(?: (?:exactly|precisely|only|just))? ({num}) ({countable})(?: (?:in total|in the list|on the page|in it|total|altogether|listed|shown))?(?: (?:in|on|inside|within|under) (?:the |its )?(`+regionAlt+`))?`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	addRule("there are count", cCheck, false, `there (?:is|are|be|exists?)(?: (?:exactly|precisely|only|just))? ({num}) ({countable})(?: (?:in total|in the list|on the page|listed|shown))?`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	addRule("count subject", cCheck, false, `(?:exactly |only )?({num}) ({countable}) (?:{is} )?(?:shown|listed|displayed|visible|present|there|rendered|on the page|left|remaining|remain|appear|appears|exist|in the list)`,
		func(m *match) ([]item, bool) { return m.count(1, 2) })
	addRule("at least", cCheck, false, `(?:{show}|holds?|there (?:is|are|be)) (?:at least|at most|more than|fewer than|less than|over|under|up to|several|many|multiple|a few|lots of|a lot of|plenty of|some|a number of|a bunch of|dozens of|hundreds of)`,
		func(m *match) ([]item, bool) {
			m.p.setHint("unsupported", "counts are checked exactly: say how many (\"exactly 3\"), or that one is shown", m.start)
			return nil, false
		})
	addRule("heading says", cCheck, true, `{neg}(?:the )?(main |top |page |first |primary |big |largest |h1 )?(heading|headline|h1|h2|h3|title heading|page heading) (?:is|be|says|reads|shows|displays|=|:|contains|matches|becomes|changes to|reads as|will be)? ?({text})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(3)
			if !ok {
				return nil, false
			}
			level := 0
			if m.ok(1) || m.low(2) == "h1" || m.low(2) == "page heading" {
				level = 1
			} else if l := m.low(2); l == "h2" || l == "h3" {
				level = int(l[1] - '0')
			}
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "heading", Name: v, Level: level}.String()})
			if m.negated() {
				c = check("absence", plan.Step{Kind: plan.ExpectHidden, Target: c.steps[0].Target})
			}
			c.notes = bareNote(v, q)
			return []item{c}, true
		})
	addRule("heading on page", cCheck, true, `(?:the )?(main |top |page |first |primary |big |largest |h1 )?(heading|headline|h1|h2|h3|title heading|page heading) (?:on|of|at|in) ({page}) (?:is|be|says|reads|shows|displays|=|:|contains|matches|reads as|will be) ({text})`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.pageAt(m.bounds(3))
			if !ok {
				return nil, false
			}
			v, q, ok := m.text(4)
			if !ok {
				return nil, false
			}
			level := 0
			if m.ok(1) || m.low(2) == "h1" || m.low(2) == "page heading" {
				level = 1
			} else if l := m.low(2); l == "h2" || l == "h3" {
				level = int(l[1] - '0')
			}
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByRole, Value: "heading", Name: v, Level: level}.String()})
			c.notes = bareNote(v, q)
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
			c := check("presence", plan.Step{Kind: plan.ExpectVisible, Target: plan.Target{Kind: plan.ByPlaceholder, Value: v}.String()})
			c.notes = bareNote(v, q)
			return []item{c}, true
		})
	addRule("links to", cCheck, false, `{neg}(?:links|link|points|point)(?: back)? to ({page})`,
		func(m *match) ([]item, bool) {
			pg, ok := m.p.page(m.bounds(1))
			if !ok || pg.generic || pg.host {
				return nil, false
			}
			t, notes := linkTarget(pg)
			k, rk := plan.ExpectVisible, "presence"
			if m.negated() {
				k, rk = plan.ExpectHidden, "absence"
			}
			c := check(rk, plan.Step{Kind: k, Target: t})
			c.notes, c.cont = notes, contElement
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
	addRule("button says", cCheck, true, `{neg}(?:the )?(?:(?:main|primary|submit|only|first|big) )?(button|link|cta) (?:says|reads|is labelled|shows|displays|=|:|is|be|reads as) ({text})`,
		func(m *match) ([]item, bool) {
			v, q, ok := m.text(2)
			if !ok || !q && stateWords[strings.ToLower(v)] {
				return nil, false
			}
			role := "button"
			if m.low(1) == "link" {
				role = "link"
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
			return m.elementCheck(1, neg)
		})
	addRule("element list", cCheck, false, `{neg}(?:{show}|opens|open) ((?:{name})(?: , (?:{name}))*(?: ,)? and (?:{name})) (fields|inputs|text fields|boxes|buttons|links|checkboxes|tabs|headings|images|dropdowns|radio buttons)`,
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
	addRule("there is", cCheck, true, `(?:there (?:is|are|be|exists?)|is there|are there)( no| not an?| not any| not)? ({el})`,
		func(m *match) ([]item, bool) { return m.elementCheck(2, m.ok(1)) })
	addRule("element is", cCheck, false, `({ell})(?: (?:on|at|in) {page})? (?:{is} )?{neg}(?:visible|shown|displayed|present|there|rendered|available|on the page|on screen|on the screen|showing|displaying|displayed on the page|hidden|gone|missing|absent|removed|not there|invisible)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			neg := negIn(after) != hiddenWord(after)
			items, ok := m.elementCheck(1, neg)
			return m.withPageIn(items, m.loc[3], m.end), ok
		})
	addRule("element appears", cCheck, false, `({ell}) {neg}(?:appears?|exists?|shows up|show up|pops up|pop up|disappears?|vanishes|vanish|goes away|go away|is removed|gets removed)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			neg := negIn(after) != hiddenWord(after)
			return m.elementCheck(1, neg)
		})
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
	addRule("order before", cCheck, false, `({lit}) (?:comes|come|is listed|is shown|appears|appear|is|are listed|are shown) (?:before|above|ahead of|earlier than) ({lit})`,
		func(m *match) ([]item, bool) {
			return m.order([]string{m.lits(1)[0], m.lits(2)[0]}, "")
		})
	addRule("shows before", cCheck, false, `{show} ({lit}) (?:before|above|ahead of|then) ({lit})`,
		func(m *match) ([]item, bool) {
			return m.order([]string{m.lits(1)[0], m.lits(2)[0]}, "")
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
			t := plan.Target{Kind: plan.ByText, Value: m.lits(1)[0]}.String()
			c := check("presence", plan.Step{Kind: plan.ExpectStyle, Target: t, Property: prop, Value: val})
			c.notes = []string{fmt.Sprintf("%q is found by its visible text and its computed %s is checked.", m.lits(1)[0], prop)}
			return []item{c}, true
		})
	addRule("dark background", cCheck, false, `(?:(?:has|have|uses|use|shows|show|gets|get|turns|turn|becomes|become|switches to|is in|is|gives the page|give the page) (?:a |an )?(dark|light)(?: background| mode| theme| colou?r scheme)|(?:turns|makes|sets) the (?:page |page's )?background (dark|light)|the (?:page |page's )?background (?:is|turns|becomes|goes|is now) (dark|light))`,
		func(m *match) ([]item, bool) {
			c := check("presence", plan.Step{Kind: plan.ExpectStyle, Target: plan.Target{Kind: plan.ByCSS, Value: "body"}.String(), Property: "background-color", Value: m.firstOf(1, 2, 3)})
			c.notes = []string{fmt.Sprintf("A %s background is the page body's computed background colour, by its lightness.", m.firstOf(1, 2, 3))}
			return []item{c}, true
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
	addRule("described text", cCheck, false, `{neg}{show} (?:the |a |an |our |its |their |your )?((?:[a-z][\w-]* ){1,3})({lits})`,
		func(m *match) ([]item, bool) {
			from, to := m.p.lx.tokensIn(m.bounds(1))
			for i := from; i < to; i++ {
				if l := m.p.lx.toks[i].low; structural[l] || stopWords[l] || notText[l] {
					return nil, false
				}
			}
			items, ok := m.texts(2, m.negated())
			for i := range items {
				items[i].notes = append(items[i].notes, fmt.Sprintf("%q describes the quoted text; only the text itself is checked.", strings.TrimSpace(m.p.lx.span(m.bounds(1)))))
			}
			return items, ok
		})
	addRule("text is shown", cCheck, false, `(?:is |are )?(?:the )?(?:(?:text|message|words?|string|phrase|label|copy|greeting|notice) )?({lits}|{barel}) (?:{is} )?{neg}(?:shown|displayed|visible|present|there|rendered|printed|listed|on the page|on screen|on the screen|showing|displaying|written|in the page|in the list|somewhere on the page|displayed on the page|hidden|gone|missing|absent|removed|invisible|deleted|added(?: to the (?:list|page|table))?|in the list|on the list)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			neg := negIn(after) != hiddenWord(after)
			return m.texts(1, neg)
		})
	addRule("text appears", cCheck, false, `(?:the )?(?:(?:text|message|words?|string|phrase|label|copy|greeting|notice) )?({lits}|{barel}) {neg}(?:appears?|shows up|show up|pops up|pop up|disappears?|vanishes|vanish|goes away|go away|exists|is gone|is removed|is deleted|gets removed|gets deleted|comes up|is no longer there|is no longer shown|is no longer listed)`,
		func(m *match) ([]item, bool) {
			after := m.p.lx.shape[m.loc[3]:m.end]
			neg := negIn(after) != hiddenWord(after)
			return m.texts(1, neg)
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
				it := addItem(m.st.last.addTgt, v)
				it.notes = bareNote(v, q)
				return []item{it}, true
			}
			return nil, false
		})
	addRule("more clicks", cCont, true, `(?:on )?({lit}|{el})`,
		func(m *match) ([]item, bool) {
			l := m.st.last
			if l.cont != contClick {
				return nil, false
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
			if l.cont != contElement || len(l.steps) != 1 || !strings.HasPrefix(l.steps[0].Target, "css=a[href=") || m.negAcrossBut() {
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
			}
			c := check(l.rkind, plan.Step{Kind: k, Target: t})
			c.notes, c.cont, c.neg = notes, contElement, l.neg
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
			m.p.setHint("ambiguous", "'or' leaves the outcome open: vouch proves each part of a claim, so pick one", m.start)
			return nil, false
		})
}

// --- handler helpers ---------------------------------------------------

func action(rkind string, s ...plan.Step) item { return item{kind: iAction, steps: s, rkind: rkind} }
func check(rkind string, s ...plan.Step) item  { return item{kind: iCheck, steps: s, rkind: rkind} }

func addItem(target, v string) item {
	it := action("form", plan.Step{Kind: plan.Fill, Target: target, Value: v}, plan.Step{Kind: plan.Press, Target: target, Value: "Enter"})
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

// beforeClick marks fills read after a click they must precede.
func (m *match) beforeClick(items []item) []item {
	if l := m.st.last; l != nil && l.click != "" && !m.st.afterConn || l != nil && l.beforeClick && l.cont == contWith {
		for i := range items {
			items[i].beforeClick = true
		}
	}
	return items
}

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
		m.p.setHint("secret", "the claim puts a password in clear text; vouch never stores passwords in plans", m.start,
			m.p.replaceSpan(m.loc[2*valueGroup], m.loc[2*valueGroup+1], "the secret PASSWORD"))
		return nil, false
	}
	it := action("form", plan.Step{Kind: plan.Fill, Target: t, Value: v.text, Secret: v.secret})
	it.fillish, it.cont = true, cont
	it.notes = append(notes, bareNote(v.text, !v.bare)...)
	return []item{it}, true
}

// secretField reports whether a target names a password-like field.
func secretField(target string) bool {
	l := strings.ToLower(target)
	for _, w := range []string{"password", "passcode", "passphrase", "pin", "secret", "token", "api key", "apikey", "cvc", "cvv", "card number"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

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

func (m *match) elementCheck(g int, neg bool) ([]item, bool) {
	e, ok := m.p.element(m.bounds(g))
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

func (m *match) count(ng, eg int) ([]item, bool) {
	n, ok := number(m.low(ng))
	if !ok {
		return nil, false
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
		m.p.setHint("unsupported", fmt.Sprintf("vouch cannot tell which elements are %q: name them as elements (list items, rows, buttons, links) or quote a text the page shows", noun), m.start)
		return nil, false
	} else if e.role == "listitem" {
		notes = []string{"Items are counted as list items (li) on the whole page, other lists included; edit the target if the page has other lists."}
	}
	if m.negated() {
		m.p.setHint("unsupported", "counts are checked exactly: say how many there are", m.start)
		return nil, false
	}
	if w := m.low(ng); w == "no" || w == "none" {
		c := check("absence", plan.Step{Kind: plan.ExpectHidden, Target: e.target})
		c.notes = e.notes
		return []item{c}, true
	}
	// "The navigation has 6 links", "6 links in the nav": count inside it.
	region := ""
	if m.ok(eg + 1) {
		region = m.low(eg + 1)
	} else if l := m.st.last; l != nil && l.kind == iSubject {
		region = l.regionKey
	} else if r := m.st.region; r != nil {
		region = r.regionKey
	}
	if r := m.st.region; !m.ok(eg+1) && r != nil && !countableRegion(r, region, e.target) {
		// "The footer on /about has 2 links", "the cart has 3 items":
		// a count in a part of the page the plan cannot pin would count
		// the whole page, which is another number.
		m.p.setHint("unsupported", fmt.Sprintf("vouch cannot count inside %q: count on the whole page, or in the nav, header, footer, sidebar, table, form or dialog", strings.TrimSpace(r.region)), m.start)
		return nil, false
	}
	if t, ok := scopedTarget(region, e.target); ok {
		e.target = t
		notes = []string{fmt.Sprintf("Counted inside the page's %s element (%s); edit the target if the region is marked up differently.", strings.Split(regionCSS[region], ",")[0], regionCSS[region])}
	}
	c := check("count", plan.Step{Kind: plan.ExpectCount, Target: e.target, Count: n})
	c.notes = append(e.notes, notes...)
	return []item{c}, true
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
	click := plan.Step{Kind: plan.Click, Target: plan.Target{Kind: plan.ByCSS, Value: `form [type=submit], form button:not([type])`}.String()}
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
		ref.note = fmt.Sprintf("%q taken as the form on %s — edit the plan if it lives elsewhere.", ref.phrase, path)
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

// elementCSS gives the CSS of unnamed elements, to count them in a region.
var elementCSS = map[string]string{
	"role=link": "a[href]", "role=button": "button, [role=button], input[type=submit], input[type=button]",
	"css=img": "img", "role=listitem": "li", "role=row": "tr",
	"role=heading": "h1, h2, h3, h4, h5, h6", "role=checkbox": "input[type=checkbox]",
	"role=textbox":          "input:not([type]), input[type=text], input[type=email], input[type=search], textarea",
	"role=heading[level=1]": "h1", "role=heading[level=2]": "h2", "role=heading[level=3]": "h3",
	"role=heading[level=4]": "h4", "role=heading[level=5]": "h5", "role=heading[level=6]": "h6",
}

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

// notFields are things that can be empty without being form fields.
var notFields = map[string]bool{"cart": true, "basket": true, "bag": true, "list": true,
	"inbox": true, "page": true, "table": true, "feed": true, "queue": true, "the cart": true,
	"search results": true, "results": true, "wishlist": true, "todo list": true}

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
func emptyFieldName(name string) bool {
	w := strings.Fields(name)
	if len(w) == 0 || notFields[name] || notFields[w[len(w)-1]] || pageSuffix[w[len(w)-1]] {
		return false
	}
	switch w[0] {
	case "longer", "more", "search", "results":
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

// firstOf returns the first of the groups that matched, lower-cased.
func (m *match) firstOf(gs ...int) string {
	for _, g := range gs {
		if m.ok(g) {
			return m.low(g)
		}
	}
	return ""
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
