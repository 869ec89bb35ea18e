package claim

import (
	"sort"
	"strings"
)

// This file holds the words of the claim language: page names, element
// nouns, keys, numbers, and the words that mark a claim a browser cannot
// prove. docs/claims.md documents them; keep the two in step.

// homeWords name the site's root page.
var homeWords = map[string]bool{
	"home page": true, "home": true, "landing page": true, "front page": true,
	"start page": true, "main page": true, "index page": true, "index": true,
	"root page": true, "root": true, "welcome page": true, "home screen": true,
	"landing": true, "main screen": true, "start screen": true, "main view": true,
}

// genericPages refer to the site or the page in front of the user, not to
// one path: "the app", "the page", "it".
// appUIWords name an app's whole interface: after the app's name ("the
// Transmission web UI", "Grafana's UI") they mean its home page.
var appUIWords = []string{"web ui", "ui", "web interface", "user interface", "gui", "web app", "webapp", "web frontend", "frontend", "front end"}

var genericPages = map[string]bool{
	"site": true, "website": true, "web site": true, "web app": true, "webapp": true,
	"app": true, "application": true, "web page": true, "page": true, "product": true,
	"service": true, "frontend": true, "front end": true, "front-end": true, "ui": true,
	"screen": true, "deployment": true, "current page": true, "same page": true,
	"web interface": true, "web ui": true, "user interface": true, "gui": true, "interface": true,
	"wiki": true,
}

// knownPages map page names to the path most apps use for them. Any other
// "the X page" becomes /x, with a note.
var knownPages = map[string]string{
	"about": "/about", "about us": "/about",
	"contact": "/contact", "contact us": "/contact", "contact form": "/contact",
	"login": "/login", "log in": "/login", "sign in": "/login", "signin": "/login",
	"sign up": "/signup", "register": "/register", "registration": "/register",
	"docs": "/docs", "documentation": "/docs", "doc": "/docs",
	"todo": "/todos", "todos": "/todos", "todo list": "/todos", "to do": "/todos",
	"faq": "/faq", "faqs": "/faq", "help": "/help", "support": "/support",
	"pricing": "/pricing", "prices": "/pricing", "price": "/pricing", "plans": "/pricing",
	"dashboard": "/dashboard", "settings": "/settings", "account": "/account",
	"profile": "/profile", "checkout": "/checkout", "cart": "/cart",
	"shopping cart": "/cart", "search": "/search", "blog": "/blog",
	"careers": "/careers", "jobs": "/jobs", "terms": "/terms",
	"terms of service": "/terms", "privacy": "/privacy", "privacy policy": "/privacy",
	"status": "/status", "health": "/health", "newsletter": "/newsletter",
	"admin": "/admin", "admin panel": "/admin", "inbox": "/inbox",
	"features": "/features", "products": "/products", "product": "/product",
	"team": "/team", "changelog": "/changelog", "news": "/news",
	"forgot password": "/forgot-password", "password reset": "/reset-password",
	"reset password": "/reset-password", "logout": "/logout", "log out": "/logout",
	"sign out": "/logout", "orders": "/orders", "billing": "/billing",
}

// barePages are page names understood without the word "page" after them:
// "the dashboard shows ...".
var barePages = []string{
	"dashboard", "checkout", "shopping cart", "cart", "settings", "docs",
	"documentation", "blog", "faq", "inbox", "admin panel", "contact form",
	"todo list", "login form", "sign in form", "signup form", "sign up form",
	"newsletter form", "search results",
}

// formPages map "the X form" to the page it usually lives on.
var formPages = map[string]string{
	"contact": "/contact", "login": "/login", "log in": "/login", "sign in": "/login",
	"sign up": "/signup", "signup": "/signup", "registration": "/register",
	"register": "/register", "newsletter": "/newsletter", "subscribe": "/newsletter",
	"subscription": "/newsletter", "search": "/search", "checkout": "/checkout",
	"feedback": "/feedback", "support": "/support",
}

// tlds lets a bare domain ("example.com shows ...") stand for the home page.
const tlds = `com|org|net|io|dev|app|co|ai|de|uk|fr|nl|eu|us|ca|au|se|ch|xyz|site|tech|cloud|page|sh|me|info|biz|local|localhost|test|example`

// element is what a noun in a claim names on a page.
type element struct {
	role   string // ARIA role, when the element has one
	css    string // CSS, when it has no useful role
	field  bool   // a form field: found by label or placeholder
	image  bool   // found by alternative text
	plural bool
	desc   string // singular noun for requirement texts
}

// nouns maps element nouns to what they find. Plurals are listed so counts
// read naturally ("2 'Delete' buttons").
var nouns = func() map[string]element {
	m := map[string]element{}
	add := func(e element, words ...string) {
		for _, w := range words {
			m[w] = e
			pe := e
			pe.plural = true
			switch {
			case strings.HasSuffix(w, "x") || strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ch"):
				m[w+"es"] = pe
			case strings.HasSuffix(w, "y") && !strings.HasSuffix(w, "ey") && !strings.HasSuffix(w, "ay"):
				m[w[:len(w)-1]+"ies"] = pe
			default:
				m[w+"s"] = pe
			}
		}
	}
	add(element{role: "button", desc: "button"}, "button", "btn", "cta", "call to action", "call-to-action")
	// "the submit button" is the form's submit control, not any button
	add(element{css: submitCSS, desc: "submit button"}, "submit button")
	add(element{role: "link", desc: "link"}, "link", "hyperlink", "nav link", "navigation link", "menu link")
	add(element{role: "heading", desc: "heading"}, "heading", "headline", "title heading", "subheading", "page heading", "main heading", "section heading")
	add(element{field: true, desc: "field"}, "field", "input", "text field", "textbox", "text box",
		"input field", "input box", "form field", "textarea", "text area", "text input", "box", "entry field")
	add(element{role: "checkbox", desc: "checkbox"}, "checkbox", "tickbox", "tick box", "toggle", "switch")
	add(element{role: "radio", desc: "radio button"}, "radio", "radio button", "radio option")
	add(element{field: true, role: "combobox", desc: "dropdown"}, "dropdown", "select", "select box", "select menu", "combobox", "picker", "dropdown menu", "selector")
	add(element{image: true, desc: "image"}, "image", "img", "picture", "photo", "icon", "logo", "illustration", "avatar", "graphic", "banner image", "screenshot")
	add(element{role: "table", desc: "table"}, "table", "data table", "grid")
	add(element{role: "row", desc: "table row"}, "row", "table row")
	add(element{role: "list", desc: "list"}, "list", "bulleted list", "numbered list")
	add(element{role: "listitem", desc: "list item"}, "item", "list item", "bullet", "bullet point")
	add(element{css: "form", desc: "form"}, "form")
	add(element{role: "tab", desc: "tab"}, "tab")
	add(element{role: "menuitem", desc: "menu item"}, "menu item", "menu entry")
	add(element{role: "dialog", desc: "dialog"}, "dialog", "modal", "popup", "dialog box", "modal dialog", "lightbox",
		"confirmation dialog", "confirm dialog", "confirmation modal", "confirmation popup", "error dialog", "cookie banner", "cookie dialog")
	add(element{role: "navigation", desc: "navigation"}, "navigation", "nav", "navbar", "nav bar", "menu", "menu bar", "navigation bar", "navigation menu", "main menu")
	add(element{css: "footer", desc: "footer"}, "footer")
	add(element{css: "header", desc: "header"}, "header")
	add(element{css: "video", desc: "video"}, "video", "video player")
	add(element{css: "pre, code", desc: "code block"}, "code block", "code snippet", "code sample", "code example")
	add(element{role: "alert", desc: "error message"}, "error", "error message", "alert", "warning", "validation error", "validation message", "error banner", "error notice")
	add(element{role: "status", desc: "status message"}, "success message", "confirmation", "confirmation message", "status message", "toast", "notice", "flash message", "notification", "success banner", "success notice")
	add(element{role: "searchbox", desc: "search box"}, "search box", "search field", "search bar", "search input")
	add(element{css: "input[type=password]", desc: "password field"}, "password field", "password input", "password box")
	return m
}()

// nounAlt is the alternation of every element noun, longest first so the
// regexp prefers "search box" over "box".
var nounAlt = alternation(keys(nouns))

// keyNames maps the spoken names of keys to the names press takes.
var keyNames = map[string]string{
	"enter": "Enter", "return": "Enter", "tab": "Tab", "escape": "Escape", "esc": "Escape",
	"space": "Space", "spacebar": "Space", "space bar": "Space", "backspace": "Backspace",
	"delete": "Delete", "del": "Delete", "arrow up": "ArrowUp", "up arrow": "ArrowUp",
	"arrow down": "ArrowDown", "down arrow": "ArrowDown", "arrow left": "ArrowLeft",
	"left arrow": "ArrowLeft", "arrow right": "ArrowRight", "right arrow": "ArrowRight",
	"up": "ArrowUp", "down": "ArrowDown", "home": "Home", "end": "End",
	"page up": "PageUp", "page down": "PageDown", "pageup": "PageUp", "pagedown": "PageDown",
	"arrowup": "ArrowUp", "arrowdown": "ArrowDown", "arrowleft": "ArrowLeft", "arrowright": "ArrowRight",
}

var keyAlt = alternation(keys(keyNames))

var modifierNames = map[string]string{
	"ctrl": "Control", "control": "Control", "cmd": "Meta", "command": "Meta",
	"meta": "Meta", "alt": "Alt", "option": "Alt", "shift": "Shift",
}

var numberWords = map[string]int{
	"zero": 0, "no": 0, "none": 0, "one": 1, "a single": 1, "single": 1, "two": 2,
	"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "a dozen": 12,
}

var numAlt = `\d+|` + alternation(keys(numberWords))

// stopWords may end an unquoted text: "shows Welcome and ..." stops before
// "and". The parser also tries the longer reading when the short one leads
// nowhere ("Welcome on board").
var stopWords = map[string]bool{
	"and": true, "then": true, "on": true, "at": true, "when": true, "after": true,
	"once": true, "if": true, "but": true, "while": true, "before": true, "until": true,
	"whenever": true, "so": true, "or": true, "within": true, "from": true, "with": true,
	"in": true, "into": true, "as": true, "for": true, "of": true, "to": true, "is": true,
	"are": true, "without": true, "by": true, "under": true, "using": true, "via": true,
	"also": true, "next": true, "finally": true, "afterwards": true, "plus": true,
	"shows": true, "displays": true, "opens": true, "returns": true, "works": true,
	"work": true, "loads": true, "redirects": true, "takes": true, "leads": true,
	"reveals": true, "brings": true, "makes": true, "causes": true, "triggers": true,
	"adds": true, "removes": true, "changes": true, "updates": true, "navigates": true,
	"goes": true, "lands": true, "lists": true, "says": true, "reads": true, "has": true,
	"have": true, "contains": true, "pops": true, "leaves": true, "gives": true,
	"should": true, "must": true, "will": true, "filters": true, "hides": true, "clears": true,
	"expands": true, "collapses": true, "closes": true, "warns": true, "tells": true, "puts": true,
	"places": true, "marks": true, "turns": true, "switches": true,
}

// notText are words an unquoted text does not start with: a description
// ("the right price") is not a text a browser can look for.
var notText = map[string]bool{
	"a": true, "an": true, "the": true, "some": true, "any": true, "my": true,
	"our": true, "your": true, "their": true, "its": true, "this": true, "that": true,
	"these": true, "those": true, "all": true, "every": true, "each": true, "no": true,
	"not": true, "how": true, "whether": true, "what": true, "which": true, "who": true,
	"it": true, "them": true, "they": true, "he": true, "she": true, "we": true,
	"i": true, "you": true, "me": true, "us": true, "something": true, "anything": true,
	"nothing": true, "everything": true, "up": true, "correctly": true, "properly": true,
	"'s": true, "more": true, "less": true, "fewer": true, "at": true, "least": true,
	"most": true, "exactly": true, "only": true, "still": true, "again": true,
	// "clicking outside the dialog": a place, not a text to click.
	"outside": true, "anywhere": true, "elsewhere": true, "somewhere": true,
}

// structural words belong to the claim's grammar, never to an unquoted
// text: "shows Welcome and clicking Docs opens /docs" is two parts.
var structural = map[string]bool{
	"shows": true, "show": true, "displays": true, "opens": true, "returns": true,
	"redirects": true, "contains": true, "lists": true, "loads": true, "is": true,
	"are": true, "has": true, "have": true, "should": true, "must": true, "will": true,
	"does": true, "do": true, "clicking": true, "typing": true, "filling": true,
	"signing": true, "logging": true, "pressing": true, "hitting": true, "adding": true,
	"selecting": true, "choosing": true, "submitting": true, "visiting": true,
	"going": true, "opening": true, "navigating": true, "entering": true,
	"checking": true, "ticking": true, "hovering": true, "tapping": true, "creating": true,
	"reloading": true, "refreshing": true, "waiting": true, "scrolling": true,
	"then": true, "when": true, "after": true, "page": true, "title": true,
	"url": true, "appears": true, "visible": true, "takes": true, "leads": true,
	"responds": true, "renders": true, "includes": true, "verify": true, "ensure": true,
	"gives": true, "lands": true, "'s": true,
}

// vagueWords are judgements a browser cannot observe.
var vagueWords = []string{
	"fast", "faster", "quick", "quickly", "slow", "slowly", "speedy", "snappy", "performant",
	"responsive", "beautiful", "pretty", "nice", "nicely", "good", "great", "better", "best",
	"awesome", "amazing", "clean", "modern", "intuitive", "easy", "easily", "simple",
	"user-friendly", "user friendly", "friendly", "accessible", "usable", "usability",
	"love", "loves", "like", "likes", "happy", "enjoy", "enjoys", "satisfied", "popular",
	"professional", "polished", "reliable", "robust", "stable", "smooth", "smoothly",
	"seamless", "seamlessly", "bug-free", "bug free", "no bugs", "high quality",
	"high-quality", "seo", "well designed", "well-designed", "looks", "look", "feels",
	"feel", "pleasant", "delightful", "elegant", "ugly", "bad", "terrible", "perfect",
	"perfectly", "correct", "correctly", "right", "proper", "properly", "appropriate",
	"accurate", "valid", "relevant", "expected", "as expected", "as intended", "sensible",
	"reasonable", "consistent", "helpful", "useful", "impressive", "engaging", "convert",
	"conversion", "trust", "trustworthy", "mobile-friendly", "mobile friendly",
	"converts", "conversion rate", "well", "everything", "all features", "every feature", "all pages", "every page", "all the pages",
	"all links", "every link", "any page", "lightweight", "efficient", "optimized",
	"optimised", "scalable", "scales", "secure", "security", "safe", "broken",
	"recent", "latest", "newest", "up to date", "up-to-date", "fresh",
}

// outOfReach are things that happen where a browser cannot look.
var outOfReach = []string{
	"database", "db", "backup", "backups", "backed up", "server", "servers", "cpu",
	"memory", "ram", "disk", "cron", "queue", "worker", "workers", "logs", "log file",
	"log files", "email is sent", "emails are sent", "email gets sent", "sent an email",
	"an email is sent", "receives email", "gets an email", "confirmation email", "welcome email", "sends an email", "send an email", "sends email",
	"receives an email", "receive an email", "email arrives", "inbox receives", "sms",
	"text message", "push notification", "webhook", "webhooks", "latency", "uptime",
	"sla", "p99", "p95", "milliseconds", "ms", "seconds", "second", "minutes", "hours",
	"encrypted", "encryption", "gdpr", "compliant", "compliance", "hipaa", "soc 2",
	"soc2", "concurrent users", "load test", "under load", "cache", "cached", "cdn",
	"replicated", "replication", "migrations", "migration", "index is", "kubernetes",
	"container", "docker", "deploy", "deployed", "deployment pipeline", "ci", "tests pass",
	"unit tests", "api rate", "rate limit", "rate limited", "billing system", "charged",
	"payment is processed", "payment processed", "invoice is sent", "stripe", "analytics",
	"tracking", "cookies are", "backend", "back end", "back-end", "storage", "s3", "bucket",
	"lambda", "microservice", "the api", "api returns", "graphql", "endpoint returns json",
	"other browsers", "safari", "firefox", "internet explorer", "ie11", "mobile", "iphone",
	"android", "tablet", "screen readers", "screen reader", "wcag", "lighthouse",
	"memory leak", "leaks", "crash", "crashes", "downtime", "restarts",
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// alternation joins words into a regexp alternation, longest first, with
// spaces and regexp metacharacters escaped as needed.
func alternation(words []string) string {
	ws := append([]string(nil), words...)
	sort.Slice(ws, func(i, j int) bool {
		if len(ws[i]) != len(ws[j]) {
			return len(ws[i]) > len(ws[j])
		}
		return ws[i] < ws[j]
	})
	for i, w := range ws {
		ws[i] = regexpQuote(w)
	}
	return strings.Join(ws, "|")
}

func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// containsPhrase reports whether the space-separated words of phrase occur
// in shape as whole words.
func containsPhrase(shape, phrase string) bool {
	return wholePhrase(shape, phrase, func(int, int) bool { return true })
}

// wholePhrase reports whether phrase occurs in shape as whole words at a
// place where keep(start, end) holds.
func wholePhrase(shape, phrase string, keep func(j, end int) bool) bool {
	for i := 0; ; {
		j := strings.Index(shape[i:], phrase)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(phrase)
		i = j + 1
		if (j == 0 || !isWordByte(shape[j-1])) && (end == len(shape) || !isWordByte(shape[end])) && keep(j, end) {
			return true
		}
	}
}

// outOfReachIn reports whether an out-of-reach phrase occurs in shape as
// something the claim says of the app, not as part of a file name, a path
// or a media type ("openapi.json", "/api/users", "application/json") nor
// as a word naming a page, its docs, its title or its tab ("the API docs
// page", "the API title", "the database page").
func outOfReachIn(shape, phrase string) bool {
	return wholePhrase(shape, phrase, func(j, end int) bool {
		if j > 0 && strings.ContainsRune("./+@:", rune(shape[j-1])) {
			return false
		}
		if end < len(shape) && (shape[end] == '/' || shape[end] == '.' && end+1 < len(shape) && isWordByte(shape[end+1])) {
			return false
		}
		if (strings.HasPrefix(shape[end:], "'s ") || strings.HasPrefix(shape[end:], " 's ")) && strings.HasPrefix(phrase, "the ") {
			// "the API's Terms of service": what its docs page shows
			return false
		}
		next := strings.Fields(shape[end:])
		return len(next) == 0 || !pageModified[strings.Trim(next[0], ",.;:")]
	})
}

// pageModified are the words after which an out-of-reach word names a page
// or a part of one: "the API docs", "the database page", "the API title",
// "the Servers dropdown", "the API description", "the deploy button", or
// what a page shows of it: "the notebook server version", "the server
// root" (its / page). Never a table, a row or a column, which a database
// has as well.
var pageModified = map[string]bool{"version": true, "root": true, "docs": true, "doc": true, "documentation": true, "reference": true,
	"page": true, "pages": true, "title": true, "tab": true, "tabs": true, "homepage": true,
	"description": true, "info": true, "dropdown": true,
	"section": true, "bar": true, "button": true, "link": true, "menu": true, "field": true,
	"label": true, "heading": true, "header": true, "panel": true, "badge": true, "icon": true,
	"selector": true, "tooltip": true, "banner": true}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}
