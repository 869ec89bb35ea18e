package claim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// An app's API documentation named the way people name it: "the docs",
// "the docs page", "the documentation", "the API docs (page)", and the
// browser tab's title said as "the browser tab reads 'X'".
//
//	The docs page says 'Accept card payments in minutes.'
//	In the docs, 'List charges' is listed before 'Create a refund'
//	The docs list three 'GET' operations
//	The docs header reads 'Payments API' with a 2.1.0 version badge
//	The API title reads 'Payments API'
//	The browser tab for the API docs is titled 'Payments API docs'
//	The docs at /reference show 'Create a refund'
//
// Docs named without a path are guessed to be the deployment's home page,
// as an API's own docs UI is commonly served; the plan first checks that
// interactive API docs are there (Swagger UI, its API description loaded),
// a reach step: on a home page that is no API docs (a documentation site,
// an app whose docs live on /docs) the run is blocked, never failed and
// never verified. Docs named with their path ("the docs at /reference")
// are that page, and nothing is guessed.
//
// What only a docs UI draws is checked where it draws it: a count of
// operations by method counts Swagger UI's operations by the name of the
// arrow that opens each ("get /books"), once every tag section is open
// (collapsed tags draw none of their operations); the
// API's title and version are its heading (.info .title), never the
// document's title, which only "the browser tab", "the tab title", "the
// window title" or "the page title" name.

// docsInfoMark is Swagger UI with its API description loaded: the info
// block is drawn from it.
const docsInfoMark = "css=.swagger-ui .info"

// docsAllOpen is Swagger UI with operations drawn and every tag section
// open: a collapsed section draws none of its operations.
const docsAllOpen = "css=.swagger-ui:has(.opblock-summary):not(:has(.opblock-tag-section:not(.is-open)))"

// docsArrowsNamed is the operations' opening arrows named by their method
// and path (Swagger UI 4 and 5), said as a condition on the root: one
// component draws every operation, so one named arrow says they all are
// (CSS cannot nest :has to say it of each).
const docsArrowsNamed = ":has(.opblock-control-arrow[aria-label])"

// docsTitleBox is the API's title as Swagger UI draws it (with its
// version badges inside); docsVersionBox the version badge, not the
// OpenAPI version stamp beside it.
const (
	docsTitleBox   = "css=.swagger-ui .info .title"
	docsVersionBox = "css=.swagger-ui .info .title small:not(.version-stamp) pre.version"
	docsStampBox   = "css=.swagger-ui .info .title small.version-stamp"
)

const docsNamePat = `(?:(?i:the|our) )(?:(?i:api|openapi|swagger) )?(?i:docs|documentation)(?: (?i:page))?`

var (
	// the docs named as a page; an optional preposition before, a path
	// after ("the docs at /reference").
	reDocsName = lazyRE(`(?:\b((?i:in|on|at|from|of|for|to)) )?\b` + docsNamePat + `\b(?: (?i:at|on|under) (/[\w\-./{}~%]*))?`)
	// the browser tab said as the page's title
	reBrowserTab = lazyRE(`^(.*?)\b(?i:the )?(?:(?i:web ui|ui|app|web app|site|website)(?:'s|’s) )?(?i:browser(?:'s)? (?:tab|window)(?:'s)?(?: title)?|browser tab title|web browser tab|(?:tab|window|page|browser|document) title)(?: (?i:on|for|of|at|showing) (.+?))? (?i:reads|says|shows|displays|is titled|is labelled|is labeled|is named|is called|reads as|has the title|shows the title|is) (` + docsQuoted + `|` + tabTitleWords + `)\.?$`)
	// a count of operations, by method or all of them
	reDocsCount = lazyRE(`^(?:(?:(?i:in|on) (.+?), (?i:there (?:are|is))|(.+?) (?i:lists?|shows?|has|have|documents?|contains?|includes?|displays?)) ((?i:exactly|at least|at most|only) )?(\d+|[a-z]+) (?:(` + `'(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)'|"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)"|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE) )?(?i:operations?|endpoints?)|(?i:there (?:are|is)) ((?i:exactly|at least|at most|only) )?(\d+|[a-z]+) (?:(` + `'(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)'|"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)"|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE) )?(?i:operations?|endpoints?) (?i:in|on) (.+?))$`)
	// a count of operations followed by their summaries
	reDocsCountNames = lazyRE(`^(.+ (?i:operations|endpoints))(?:,|:| -) ` + docsQList + `$`)
	// the docs' heading, or the API's title
	reDocsHeading = lazyRE(`^(?:(?i:the|our) )?(?:((?i:api|openapi|swagger) )?(?i:docs|documentation)(?: (?i:page))?(?:'s?)? (header|heading)|((?i:api)(?:'s)?) (title|heading|name)|(?i:the )?(title|heading) (?i:of|on) (?:the )?((?i:api)|` + docsNamePat + `))(?: (?i:reads|says|shows|is|displays))? (` + docsQuoted + `)(?:,? (?i:with|and) (?:(?i:a|an|the|its) )?(?:(?i:version)(?: (?i:badge|number|tag))? (` + docsQuoted + `|v?\d[\w.\-]*)|(` + docsQuoted + `|v?\d[\w.\-]*) (?i:version)(?: (?i:badge|number|tag))?))?(?:,? (?i:and|with) (?:(?i:an?|the) )?(?i:OAS|OpenAPI) ?(\d+(?:\.\d+)?) (?i:badge|stamp)(?: (?i:next to it|beside it|after it))?)?$`)
	// the words after a page that read on as a sentence about it
	reDocsAfter = lazyRE(`^(?:$|[,:]|(?i:shows?|says?|lists?|displays?|contains?|includes?|mentions?|describes?|documents?|has|have|reads?|renders?|loads?|offers?|gives?|is|are|was|were|does|do|doesn't|don't|should|must|will|can|cannot|can't|still|also|only|no longer|never|now|first|then|after|before|when|once|links?|opens?|starts?|begins?|ends?|puts?|keeps?|groups?|returns?|responds?|comes?|answers?)\b)`)
	// a title or tab the claim names: the document's or a heading's
	reDocsTitleWord = lazyRE(`(?i)\b(?:title|titled|browser|window)\b`)
)

// docsAgree is the verb that follows a plural "the docs", said of the
// single page that replaces it.
var docsAgree = map[string]string{"show": "shows", "say": "says", "list": "lists", "display": "displays",
	"contain": "contains", "include": "includes", "mention": "mentions", "describe": "describes",
	"document": "documents", "have": "has", "read": "reads", "render": "renders", "load": "loads",
	"offer": "offers", "give": "gives", "are": "is", "were": "was", "do": "does", "don't": "doesn't",
	"link": "links", "open": "opens", "start": "starts", "begin": "begins", "end": "ends", "put": "puts",
	"keep": "keeps", "group": "groups", "return": "returns", "respond": "responds", "come": "comes", "answer": "answers"}

// deriveDocsNamed derives a claim that names an app's docs as a page
// ("the docs", "the documentation page"); ok is false when it names none,
// or what it says of them does not derive. A claim that says "browser
// tab" or "window" is read by deriveBrowserTab first.
func deriveDocsNamed(claim string) (Derivation, bool) {
	c := normalizeClaim(stripLabel(claim))
	if d, ok := deriveBrowserTab(claim, c); ok {
		return d, true
	}
	if d, ok := deriveDocsCount(claim, c); ok {
		return d, true
	}
	if d, ok := deriveDocsHeading(claim, c); ok {
		return d, true
	}
	return docsNamedSay(claim, c, false)
}

// docsNamedSay reads c, the claim's text (or a rewrite of it), with the
// docs it names said as the page they are: the home page, once
// interactive API docs are found there, or the path the claim gives.
// titled says c's title is the document's (read from "the browser tab").
func docsNamedSay(claim, c string, titled bool) (Derivation, bool) {
	// a quoted text is never the docs' name ("Clicking 'Read the docs'")
	masked := reQuotedOne.ReplaceAllStringFunc(c, func(q string) string {
		return q[:1] + strings.Repeat("x", len(q)-2) + q[len(q)-1:]
	})
	locs := reDocsName.FindAllStringSubmatchIndex(masked, -1)
	if len(locs) != 1 {
		return Derivation{}, false // none, or two places
	}
	m := locs[0]
	prep, path := "", ""
	if m[2] >= 0 {
		prep = c[m[2]:m[3]]
	}
	if m[4] >= 0 {
		path = c[m[4]:m[5]]
	}
	nameFrom := m[0]
	if prep != "" {
		nameFrom = m[3] + 1
	}
	named := c[nameFrom:m[1]]
	if path != "" {
		named = strings.TrimSpace(c[nameFrom:m[4]])
		named = named[:strings.LastIndex(named, " ")]
	}
	rest := c[m[1]:]
	if strings.HasPrefix(rest, "'") || strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "/") {
		return Derivation{}, false // "the docs' sidebar", "the docs-site"
	}
	after := strings.TrimSpace(rest)
	// The docs are where the claim is: its subject, or the place it says
	// ("in the docs, …"); "opens the docs", "links to the docs" name them
	// as a destination, which this reading cannot check.
	switch strings.ToLower(prep) {
	case "":
		if m[0] != 0 {
			return Derivation{}, false
		}
	case "in", "on", "at":
	default:
		if !titled || strings.ToLower(prep) == "to" || strings.ToLower(prep) == "from" {
			return Derivation{}, false
		}
	}
	pageTitle := false
	if prep == "" {
		if strings.HasSuffix(strings.ToLower(named), " page") && strings.HasPrefix(strings.ToLower(after+" "), "title ") {
			pageTitle = true // "the docs page title": the page's title
		} else if !reDocsAfter.MatchString(after) {
			// "the docs header", "the docs sidebar": a part the plan
			// would look for as a generic element, which docs UIs do
			// not draw: refused.
			return Derivation{}, false
		}
	}
	if !titled && !pageTitle && reDocsTitleWord.MatchString(reQuotedOne.ReplaceAllString(c, "''")) {
		// "the title of the docs" is the document's or the API's own
		return Derivation{}, false
	}
	// The page that replaces the docs' name, with its verb agreeing.
	page := "the home page"
	if path != "" {
		page = path
	}
	plural := prep == "" && !strings.HasSuffix(strings.ToLower(named), " page") && strings.HasSuffix(strings.ToLower(named), "docs")
	if plural {
		w, tail, _ := strings.Cut(after, " ")
		if s, ok := docsAgree[strings.ToLower(w)]; ok {
			after = s
			if tail != "" {
				after += " " + tail
			}
			rest = " " + after
		}
	}
	head := c[:m[0]]
	switch strings.ToLower(prep) {
	case "":
	case "in", "at":
		head += matchCase(prep, "on") + " "
	default:
		head += prep + " "
	}
	said := head + page + rest
	if m[0] == 0 {
		said = upperFirst(said)
	}
	d, r := derive(said)
	if r != nil {
		var ok bool
		if d, ok = deriveDocs(said); !ok {
			if d, ok = deriveDocsPart(said); !ok {
				return Derivation{}, false
			}
		}
	} else if d.Plan != nil && path == "" && !docsNamedTargets(d.Plan) {
		return Derivation{}, false
	}
	if d.Plan == nil {
		return Derivation{}, false
	}
	for _, j := range d.Plan.Journeys {
		for i, s := range j.Steps {
			if s.Kind == plan.ExpectURL || s.Kind == plan.Visit && i > 0 {
				// another page, or an address: the docs are one page here
				return Derivation{}, false
			}
		}
	}
	var notes []string
	if path != "" {
		notes = append(notes, fmt.Sprintf("%q is read as the page at %s, the path the claim gives.", strings.TrimSpace(c[nameFrom:m[1]]), path))
	} else {
		if !afterHomeVisit(&d, docsInfoMark) {
			return Derivation{}, false
		}
		notes = append(notes, docsHomeNote(named))
	}
	if err := d.Plan.Validate(); err != nil {
		return Derivation{}, false
	}
	for _, n := range d.Notes {
		if strings.HasPrefix(strings.ToLower(n), `"the home page" taken as`) {
			continue // said by the note above
		}
		notes = append(notes, n)
	}
	d.Notes = notes
	d.Claim = claim
	d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
	return d, true
}

// docsNamedTargets reports whether every element p looks for is named by
// its text, label or name: a docs UI draws its own markup, so an element
// found by its kind alone ("a search box", "3 links", "the sidebar") is
// not what a reader of the docs means by it (Swagger UI's filter box is
// no searchbox, and its links are not the docs' own).
func docsNamedTargets(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if s.Target == "" {
				continue
			}
			t, err := plan.ParseTarget(s.Target)
			if err != nil || t.Kind == plan.ByCSS || t.Kind == plan.ByTestID || t.Kind == plan.ByRole && t.Name == "" {
				return false
			}
		}
	}
	return true
}

// docsHomeNote says what the plan guessed of docs named without a path.
func docsHomeNote(named string) string {
	return fmt.Sprintf("%q is taken as the deployment's home page (/), where an API's docs UI is commonly served: the plan first checks that interactive API docs are there (Swagger UI with its API description loaded, %s); if they are not (a documentation site, or docs at another path), the run is blocked, not failed. Name the path (\"the docs at /docs …\") to be sure.", strings.TrimSpace(named), strings.TrimPrefix(docsInfoMark, "css="))
}

// matchCase returns w with its first letter in the case of like's.
func matchCase(like, w string) string {
	if like != "" && like[:1] != strings.ToLower(like[:1]) {
		return upperFirst(w)
	}
	return w
}

// tabTitleWords is a title said without quotes: capitalised words, with
// the small words a title joins them by (titleWordsOK checks them).
const tabTitleWords = `[A-Z][\w.]*(?: (?:[A-Z0-9][\w.]*|of|the|for|to|a|an|and|-|–|\|)){0,7}`

// titleWordsOK reports whether an unquoted title is only a title's words:
// "and" between two capitalised words, never a clause ("and it loads").
func titleWordsOK(v string) bool {
	f := strings.Fields(v)
	for i, w := range f {
		if w == "and" && (i == len(f)-1 || !startsUpper(f[i+1])) {
			return false
		}
	}
	return startsUpper(v)
}

// deriveBrowserTab derives "the browser tab (on PAGE) reads 'X'" as the
// title of that page: the browser tab shows the document's title. A tab
// in the page ("the Speed tab reads …") is not the browser's and is not
// read here.
func deriveBrowserTab(claim, c string) (Derivation, bool) {
	name := planName(c)
	if m := reTabOwner.FindStringSubmatch(c); m != nil {
		// "The start page's browser tab says X": the tab of that page
		c = "The browser tab of the " + m[1] + m[2]
		if strings.HasPrefix(m[1], "/") {
			c = "The browser tab of " + m[1] + m[2]
		}
	}
	m := reBrowserTab.FindStringSubmatch(c)
	if m == nil || strings.TrimSpace(m[1]) != "" && !reDocsPlacePrefix.MatchString(strings.TrimSpace(m[1])) {
		return Derivation{}, false
	}
	said := m[1] + "the title"
	if m[2] != "" {
		said += " of " + m[2]
	}
	val := m[3]
	unquoted := !strings.HasPrefix(val, "'") && !strings.HasPrefix(val, `"`)
	if unquoted {
		val = strings.TrimSuffix(val, ".")
		if !titleWordsOK(val) {
			return Derivation{}, false
		}
		val = plan.Quote(val)
	}
	said += " is " + val
	said = upperFirst(said)
	d, r := derive(said)
	if r != nil {
		var ok bool
		if d, ok = docsNamedSay(claim, said, true); !ok {
			return Derivation{}, false
		}
	}
	if d.Plan == nil || !docsHasTitle(d.Plan) {
		return Derivation{}, false
	}
	d.Notes = append([]string{"The browser tab shows the page's title (<title>): that is what is checked."}, d.Notes...)
	if unquoted {
		d.Notes = append(d.Notes, fmt.Sprintf("Unquoted %s is read as the whole title, to the end of the claim; put texts in quotes to mark where they start and end.", val))
	}
	d.Claim = claim
	d.Plan.Name = name
	return d, true
}

// reTabOwner is a browser tab said as a page's own: "The start page's
// browser tab says …", "/about's tab title is …".
var reTabOwner = lazyRE(`^(?:(?i:the) )?((?i:start|home|landing|front|main|index) (?i:page)|/[^\s']*)(?:'s|’s) (?i:browser(?:'s)? (?:tab|window)(?: title)?|tab title|browser tab title)( .+)$`)

// reDocsPlacePrefix is the page said first: "On /checkout, …".
var reDocsPlacePrefix = lazyRE(`(?i)^(?:on|at|in) [^,]+,$`)

// docsHasTitle reports whether every journey of p checks a title.
func docsHasTitle(p *plan.Plan) bool {
	for _, j := range p.Journeys {
		found := false
		for _, s := range j.Steps {
			found = found || s.Kind == plan.ExpectTitle
		}
		if !found {
			return false
		}
	}
	return len(p.Journeys) > 0
}

// docsPlaceOf reads where docs named in a count or a heading claim are:
// the home page (guessed, with its reach check) or the path given.
func docsPlaceOf(s string) (path, named string, ok bool) {
	s = strings.TrimSpace(s)
	if m := reDocsPlaceName.FindStringSubmatch(s); m != nil {
		if m[1] != "" {
			return m[1], s, true
		}
		return "/", s, true
	}
	if reDocsPlaceTool.MatchString(s) {
		return "/", s, true
	}
	if reDocsPlacePath.MatchString(s) {
		return s, s, true
	}
	return "", "", false
}

var (
	reDocsPlaceName = lazyRE(`^` + docsNamePat + `(?: (?i:at|on|under) (/[\w\-./{}~%]*))?$`)
	reDocsPlaceTool = lazyRE(`^(?:(?i:the|our) )?(?i:swagger(?: ui| page| docs)?|swagger-ui|api reference(?: page)?)$`)
	reDocsPlacePath = lazyRE(`^/[\w\-./{}~%]*$`)
)

// deriveDocsCount derives a count of the operations the docs list, by
// method ("the docs list three 'GET' operations") or all of them. Swagger
// UI draws each operation as a block whose opening arrow is named by its
// method and path ("get /books"), deprecated ones too (their block
// carries opblock-deprecated instead of the method's class, and the
// method badge is text, which no target selects by), so the count is of
// those arrows, once every tag section is open: a collapsed section draws
// none of its operations, and then the run is blocked, not failed.
func deriveDocsCount(claim, c string) (Derivation, bool) {
	var names []string
	orig := c
	if n := reDocsCountNames.FindStringSubmatch(strings.TrimSuffix(c, ".")); n != nil {
		// "exactly two POST operations, 'A' and 'B'": which ones, by
		// their summaries
		orig = c
		c, names = n[1], docsTexts(n[2])
	}
	m := reDocsCount.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	where, mod, num, method := m[1]+m[2], m[3], m[4], m[5]
	if m[6]+m[7]+m[8]+m[9] != "" {
		mod, num, method, where = m[6], m[7], m[8], m[9]
	}
	path, named, ok := docsPlaceOf(where)
	if !ok {
		return Derivation{}, false
	}
	n, ok := number(strings.ToLower(num))
	if !ok {
		return Derivation{}, false
	}
	method = strings.ToLower(unq(method))
	target, reach := "css=.swagger-ui .opblock", docsAllOpen
	what := "operations"
	if method != "" {
		// An operation's block carries its method as a class
		// (opblock-get), but a deprecated one carries opblock-deprecated
		// instead and shows its method as text only. The arrow that opens
		// an operation is named by its method and path on every block
		// ("get /books", as the docs reader opens it), so that is what is
		// counted, once the arrows are found to be named so.
		target = fmt.Sprintf(`css=.swagger-ui .opblock .opblock-control-arrow[aria-label^="%s " i]`, method)
		reach += docsArrowsNamed
		what = plan.Quote(strings.ToUpper(method)) + " operations"
	}
	cmp, says := "", "exactly"
	switch strings.ToLower(strings.TrimSpace(mod)) {
	case "at least":
		cmp, says = plan.CountAtLeast, "at least"
	case "at most":
		cmp, says = plan.CountAtMost, "at most"
	}
	if len(names) > 0 && (len(names) > n || cmp == "" && len(names) != n || cmp == plan.CountAtMost) {
		// named ones that are not all of them, or more than counted
		return Derivation{}, false
	}
	text := fmt.Sprintf("On %s: the API docs list %s %d %s.", path, says, n, what)
	steps := []plan.Step{{Kind: plan.Visit, Value: path},
		{Kind: plan.Hover, Target: reach, Reach: true},
		{Kind: plan.ExpectCount, Target: target, Count: n, Compare: cmp}}
	for _, name := range names {
		// the operation whose summary is name is one of those counted:
		// the counted element inside the operation showing it
		t := target + " within=" + strconv.Quote(name)
		if method == "" {
			t = "css=.swagger-ui .opblock within=" + strconv.Quote(name)
		}
		steps = append(steps, plan.Step{Kind: plan.ExpectVisible, Target: t})
	}
	if len(names) > 0 {
		text = strings.TrimSuffix(text, ".") + ", among them " + docsQuoteJoin(names) + "."
	}
	notes := []string{fmt.Sprintf("The operations are counted as Swagger UI lists them (%s), once the plan has found Swagger UI with its operations drawn and every tag section open (a collapsed section draws none of its operations): if it does not, the run is blocked, not failed. An operation listed under two tags is listed, and counted, twice.", strings.TrimPrefix(target, "css="))}
	if len(names) > 0 {
		notes = append(notes, "An operation named by its summary is one of those counted when the counted element is inside the operation showing that summary (the smallest repeated item holding the text): if no operation shows it, the check fails.")
	}
	if method != "" {
		notes = append(notes, "An operation's method is read from the name of the arrow that opens it (\"get /books\"), which every operation has, deprecated ones too (their block does not carry the method): if one has no such name, the run is blocked, not failed.")
	}
	if path == "/" {
		notes = append([]string{fmt.Sprintf("%q is taken as the deployment's home page (/), where an API's docs UI is commonly served; if Swagger UI is not there (a documentation site, or docs at another path), the run is blocked, not failed. Name the path (\"the docs at /docs …\") to be sure.", named)}, notes...)
	} else {
		notes = append([]string{fmt.Sprintf("%q is read as the page at %s, the path the claim gives.", named, path)}, notes...)
	}
	return docsTrace(claim, orig, text, steps, notes)
}

// deriveDocsHeading derives the docs' heading, or the API's title, and
// the version badge beside it: Swagger UI's .info .title, never the
// document's title.
func deriveDocsHeading(claim, c string) (Derivation, bool) {
	m := reDocsHeading.FindStringSubmatch(c)
	if m == nil {
		return Derivation{}, false
	}
	// m[2] header|heading of the docs; m[3]/m[4] the API's title; m[5]/m[6] "the title of X"
	if m[5] != "" {
		if strings.EqualFold(m[5], "title") && !strings.EqualFold(m[6], "api") {
			return Derivation{}, false // "the title of the docs": the document's or the API's
		}
		if !strings.EqualFold(m[6], "api") {
			if _, _, ok := docsPlaceOf(m[6]); !ok {
				return Derivation{}, false
			}
		}
	}
	title := unq(m[7])
	version := unq(m[8] + m[9])
	named := "the API docs"
	if m[2] != "" {
		named = strings.TrimSpace(c[:strings.Index(c, " "+m[2])]) // "the docs" of "the docs header"
	}
	steps := []plan.Step{{Kind: plan.Visit, Value: "/"}, {Kind: plan.Hover, Target: docsInfoMark, Reach: true},
		{Kind: plan.ExpectText, Value: title, Target: docsTitleBox}}
	text := fmt.Sprintf("On /: the API docs' heading (the API's title) shows %s", plan.Quote(title))
	if version != "" {
		steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: version, Target: docsVersionBox})
		text += fmt.Sprintf(", with the version badge %s", plan.Quote(version))
	}
	if oas := m[10]; oas != "" {
		// "an OAS 3.0 badge": the OpenAPI version stamp beside the title
		// ("OAS 3.0"); its number is checked, as the stamp spells the
		// rest its own way
		steps = append(steps, plan.Step{Kind: plan.ExpectText, Value: oas, Target: docsStampBox})
		text += fmt.Sprintf(", and the OpenAPI version stamp %s", plan.Quote(oas))
	}
	notes := []string{docsHomeNote(named),
		"The API's title is the heading Swagger UI draws from the API description (.info .title), not the page's <title>; it holds the version badges too, so it is checked to contain the text." +
			map[bool]string{true: " The version badge is the one beside the title (pre.version), not the OpenAPI version stamp (small.version-stamp).", false: ""}[version != "" || m[10] != ""]}
	return docsTrace(claim, c, text+".", steps, notes)
}

// docsTrace makes a one-journey derivation of steps proving text.
func docsTrace(claim, c, text string, steps []plan.Step, notes []string) (Derivation, bool) {
	pl := &plan.Plan{Version: 1, Name: planName(c),
		Requirements: []plan.Requirement{{ID: "R1", Text: text, Kind: "presence"}},
		Journeys:     []plan.Journey{{Name: "R1 " + shorten(strings.TrimSuffix(text, "."), 72), Requirement: "R1", Steps: steps}}}
	d, err := Trace(claim, pl, notes)
	if err != nil {
		return Derivation{}, false
	}
	return d, true
}

// reDocsTitleSaid is a title said of API docs without saying whose: "the
// docs title is 'X'", "the title of the API docs reads 'X'", "the docs
// page is titled 'X'", "On the Swagger page, the title is 'X'".
var reDocsTitleSaid = lazyRE(`^(?:(?i:on|in) (` + docsNamePat + `|(?i:the )?(?i:swagger)(?: (?i:ui|page))?),? (?i:the )?(?i:title)|(` + docsNamePat + `)(?:'s)? (?i:title)|(?i:the )?(?i:title) (?i:of|on) (` + docsNamePat + `)) (?i:is|reads|says|shows) (` + docsQuoted + `)$|^(` + docsNamePat + `) (?i:is|are) (?i:titled) (` + docsQuoted + `)$`)

// docsTitleAmbiguity refuses a title said of API docs without saying
// whose, offering both readings: the page's title (the browser tab) and
// the API's title (the docs' heading). It is nil for any other claim.
func docsTitleAmbiguity(claim string) *NotProvableError {
	m := reDocsTitleSaid.FindStringSubmatch(normalizeClaim(stripLabel(claim)))
	if m == nil {
		return nil
	}
	docs := strings.TrimSpace(m[1] + m[2] + m[3] + m[5])
	text := plan.Quote(unq(m[4] + m[6]))
	tabOf := lowerFirst(docs)
	if strings.Contains(strings.ToLower(docs), "swagger") {
		tabOf = "the API docs" // the name the tab reading reads
	}
	readings := []string{
		fmt.Sprintf("The browser tab for %s reads %s", tabOf, text),
		fmt.Sprintf("The API title reads %s", text),
	}
	var ok []string
	for _, r := range readings {
		if _, err := Derive(r); err == nil {
			ok = append(ok, r)
		}
	}
	if len(ok) < 2 {
		return nil
	}
	reason := fmt.Sprintf("the title of %s can be the page's title (the browser tab) or the API's title (the heading the docs show): say which", lowerFirst(docs))
	// Both readings are offered as they are: they derive through the
	// docs readers, which the suggestions' own check does not try.
	e := refuseWith(claim, "ambiguous", reason, nil, true)
	e.Suggestions = ok
	e.Prompt = strings.Replace(e.Prompt, "vouch found no rephrasing that keeps the claim's meaning; write one from the above.\n",
		"Rephrase it, for example:\n  - "+strings.Join(ok, "\n  - ")+"\n", 1)
	return e
}
