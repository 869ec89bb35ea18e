package claim

import (
	"fmt"
	"strings"
)

// Claims that carry a general rule or their reason beside the concrete
// check: "Search ignores case: /users?q=STONE still finds …", "Routes are
// case-sensitive - /TASKS is a 404", "Exact filters don't care about
// case, so /x returns …", "… crashes with a 500 instead of ignoring it".
// The concrete check is derived; the general part, when it says nothing
// vouch could check on its own (no quoted text, no path, no status), is
// kept in a note that says it is checked only through the example the
// claim gives. A general part that says something checkable is never
// dropped: the claim is left to the other readers, which refuse it.

var (
	// a rule, then a colon, a semicolon or a dash, then the example
	reasonRuleFirst = lazyRE(`^([^\x01:;/]+?)\s*(?::|;|\s[-–—]\s)\s*(.+)$`)
	// a rule, then a comma (and "e.g." or "for example"), then the
	// example starting with its path
	reasonRuleComma = lazyRE(`^([^\x01:/,]+?),\s*(?:(?i:e\.g\.|eg|for example|for instance)\s*,?\s*)?((?:(?i:get)\s+)?/.+)$`)
	// a rule, then its example in brackets after "e.g."
	reasonRuleBracket = lazyRE(`^([^\x01:/,()]+?)\s*\(\s*(?i:e\.g\.|eg|for example|for instance),?\s*((?:(?i:get)\s+)?/[^()]+)\)\s*[.!]?$`)
	// a title or a purpose, then a colon, then the example
	reasonLabel = lazyRE(`^([^\x01:/]+?)\s*:\s*(.+)$`)
	// a rule, then "so", then the example
	reasonSo = lazyRE(`^(.+?),?\s+(?i:and so|so|which is why|that's why|hence|therefore)\s+(.+)$`)
	// a rule, then "and", then the example starting with its path
	reasonAnd = lazyRE(`^([^\x01/]+?)\s+(?i:and)\s+(/.+)$`)
	// the example, then "because"/"since", then the reason
	reasonBecause = lazyRE(`^(.+?),?\s+(?i:because|since)\s+(.+?)\s*[.!]?$`)
	// the example, then a concession
	reasonThough = lazyRE(`^(.+?),?\s+(?i:even though|although|though|even if)\s+(.+?)\s*[.!]?$`)
	// the example, then what does not happen
	reasonInstead = lazyRE(`^(.+?)\s+(?i:instead of|rather than)\s+(.+?)\s*[.!]?$`)
	// a status code
	reasonStatus = lazyRE(`\b[1-5]\d\d\b`)
	// the example, then its reason in brackets
	reasonBracketAfter = lazyRE(`^(.+?)\s*\(([^()]+)\)\s*[.!]?$`)
	// what the request does, said with a verb in -ing, then the request
	// between commas: "Searching for a lone space, /tasks?q=%20, matches …"
	reasonAppos = lazyRE(`^([A-Za-z][^\x01/,]*?),\s*((?:(?i:get)\s+)?/[^\s,]+),\s*(.+)$`)
	// a concession that another path answers: "even though /tasks/1 exists"
	reasonExists = lazyRE(`^(/[^\s]+)\s+(?i:exists|is there|works|does exist|is fine)$`)
)

// ruleVerbs are the verbs a general rule is said with.
var ruleVerbs = map[string]bool{"is": true, "are": true, "isn't": true, "aren't": true, "don't": true, "doesn't": true,
	"do": true, "does": true, "ignores": true, "ignore": true, "works": true, "work": true, "treats": true, "treat": true,
	"care": true, "cares": true, "belong": true, "belongs": true, "matters": true, "matter": true, "accepts": true,
	"accept": true, "allows": true, "allow": true, "supports": true, "support": true, "handles": true, "handle": true,
	"respects": true, "respect": true, "behaves": true, "behave": true, "applies": true, "apply": true, "needs": true,
	"need": true, "can": true, "can't": true, "cannot": true, "never": true, "always": true, "must": true, "should": true,
	"match": true, "matches": true, "reverses": true, "reverse": true, "sorts": true, "sort": true, "filters": true,
	"breaks": true, "break": true, "honours": true, "honors": true, "honour": true, "honor": true, "follows": true,
	"follow": true, "uses": true, "use": true, "keeps": true, "drops": true, "skips": true, "skip": true,
	"embeds": true, "expands": true, "searches": true, "stops": true, "survives": true, "survive": true,
	"paginates": true, "paginate": true, "wins": true, "win": true, "overrides": true, "override": true,
	"has": true, "have": true, "counts": true, "count": true, "cuts": true, "cut": true, "finds": true, "find": true,
	"combine": true, "combines": true, "stack": true, "stacks": true, "compose": true, "composes": true,
	"start": true, "starts": true, "begin": true, "begins": true, "means": true, "mean": true, "search": true,
	"puts": true, "put": true, "places": true, "ranks": true, "rank": true, "orders": true,
	"looks": true, "look": true, "scans": true, "scan": true, "compares": true, "compare": true,
	"checks": true, "check": true, "tolerates": true, "tolerated": true, "takes": true, "take": true,
	"contain": true, "contains": true, "falls": true, "fall": true, "defaults": true, "resets": true,
	"clamps": true, "caps": true, "rounds": true, "wraps": true, "validates": true, "validate": true,
	"trims": true, "collapses": true, "coerces": true, "parses": true, "sanitises": true, "sanitizes": true}

// ruleOpeners start no rule: an action, a check or a condition.
var ruleOpeners = map[string]bool{"if": true, "when": true, "whenever": true, "after": true, "once": true,
	"open": true, "opening": true, "visit": true, "visiting": true, "go": true, "going": true, "click": true,
	"clicking": true, "on": true, "given": true, "then": true, "get": true, "post": true, "put": true,
	"patch": true, "delete": true, "steps": true, "expected": true, "actual": true}

// hasCheck reports whether words say something vouch could check on their
// own: a quoted text, a path or a status.
func hasCheck(s string) bool {
	return strings.Contains(s, "\x01") || strings.Contains(s, "/") || reasonStatus.MatchString(s)
}

// ruleOK reports whether words read as a general rule with no check of
// its own: two to fourteen words, a verb of a rule, no quoted text, path
// or status, and no action, check or condition first.
func ruleOK(s string) bool {
	if hasCheck(s) {
		return false
	}
	f := strings.Fields(strings.ToLower(s))
	long := 14
	if ruleCondition(f) {
		long = 20 // the condition, then the rule
	}
	if len(f) < 2 || len(f) > long || ruleOpeners[f[0]] && !ruleCondition(f) || f[0] == "there" || f[0] == "there's" {
		// "there is no invoices resource": what exists is a check
		return false
	}
	// "if _sort names two fields, …": a number in the rule's condition
	// describes the request, no count of items
	condEnd := 0
	if ruleCondition(f) {
		for k, w := range f {
			if strings.HasSuffix(w, ",") {
				condEnd = k
				break
			}
		}
	}
	for i, w := range f {
		if i < condEnd {
			continue
		}
		// "only 2 albums match", "only Ann matches": a count is a check
		// of its own; "only" before the rule's verb ("_like only matches
		// at the start") limits the rule
		w = strings.Trim(w, ",.;")
		// ("a single record" describes; "one", "no" are too common to tell)
		// "only the first q counts": which of a repeated parameter is used
		// ("only the first page counts" is refused: which pages count is
		// a check of its own)
		firstLast := w == "only" && i+3 < len(f) && f[i+1] == "the" && (f[i+2] == "first" || f[i+2] == "last") && paramWord(f[i+3])
		// "_start counts from 1", "pages start at 1": where numbering
		// starts, no count of items
		// ("counts as 0", "is treated as 1": the value it stands for)
		base := i > 0 && (f[i-1] == "from" || f[i-1] == "at" || f[i-1] == "as") && (w == "0" || w == "1" || w == "zero" || w == "one")
		if n := numberWords[w]; !base && (n >= 2 || jvDigits.MatchString(w)) || w == "only" && !firstLast && (i+1 == len(f) || !ruleVerbs[strings.Trim(f[i+1], ",.;")]) {
			return false
		}
	}
	for _, w := range f {
		if ruleVerbs[strings.Trim(w, ",.;")] {
			return true
		}
	}
	return false
}

// paramWord reports whether a word names a query parameter or one of its
// values: "_sort", "q", "filter", "value".
func paramWord(w string) bool {
	return strings.HasPrefix(w, "_") || len(w) <= 2 || w == "param" || w == "parameter" || w == "filter" || w == "value" || w == "one"
}

// ruleCondition reports whether words that start with "when" or "if" are
// a rule's condition on the request ("when both are given, _end wins over
// _limit"), not an action of the claim: no action, and no person who acts
// ("when you open …", "if I click …").
func ruleCondition(f []string) bool {
	if f[0] != "when" && f[0] != "if" && f[0] != "whenever" {
		return false
	}
	for _, w := range f[1:] {
		w = strings.Trim(w, ",.;")
		if premiseActs[w] && !limitWords[w] || ruleOpeners[w] && w != "given" || w == "i" || w == "you" || w == "we" || w == "user" || w == "users" || w == "someone" {
			return false
		}
	}
	return true
}

// labelOK reports whether words before a colon are a title ("Release
// filter") or a purpose ("To get the newest user"): one to six words,
// nothing checkable, no action or condition first, and no verb of a rule
// (a rule is ruleOK's to read).
func labelOK(s string) bool {
	if hasCheck(s) {
		return false
	}
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || len(f) > 6 || ruleOpeners[f[0]] || f[0] == "there" || f[0] == "there's" {
		return false
	}
	for _, w := range f {
		w = strings.Trim(w, ",.;")
		if ruleVerbs[w] || premiseActs[w] {
			return false
		}
	}
	return true
}

// limitWords limit or deny what a rule says; in a rule's condition they
// are no action ("if the id is not a number, …").
var limitWords = map[string]bool{"not": true, "no": true, "never": true, "only": true, "without": true}

// premiseActs are actions: words before an example that say what to do
// are part of what to check, never a title.
var premiseActs = map[string]bool{"click": true, "clicking": true, "tap": true, "press": true, "pressing": true,
	"type": true, "typing": true, "enter": true, "entering": true, "fill": true, "filling": true, "submit": true,
	"submitting": true, "select": true, "selecting": true, "choose": true, "choosing": true, "sign": true,
	"signed": true, "signing": true, "log": true, "logged": true, "logging": true, "login": true, "logout": true,
	"upload": true, "uploading": true, "hover": true, "hovering": true, "reload": true, "reloading": true,
	"refresh": true, "refreshing": true, "add": true, "adding": true, "delete": true, "deleting": true,
	"remove": true, "removing": true, "create": true, "creating": true, "edit": true, "editing": true,
	"save": true, "saving": true, "not": true, "no": true, "never": true, "only": true, "without": true}

// reasonExample is an example that is a request's check: its path first,
// after "GET" or a few words that name it ("the nested route /x").
var reasonExample = lazyRE(`^(?:(?i:get)\s+|(?i:the)(?: [a-z-]+){1,3} )?/`)

// splitReason sets the general part of a claim (quoted texts masked)
// apart from its concrete check; ok is false when a part it would drop
// says something checkable.
func splitReason(s string, r *jvReading) (string, bool) {
	concrete := s
	if m := reasonLabel.FindStringSubmatch(s); m != nil && (labelOK(m[1]) || ruleOK(m[1])) && !reasonExample.MatchString(m[2]) {
		// a title or a rule, then a colon, then a rule and its example:
		// "Heads-up for the search form: a + counts as a space, /x …"
		n := len(r.notes)
		if inner, ok := splitReason(m[2], r); ok && inner != strings.TrimSpace(m[2]) && len(r.notes) > n {
			r.notes = append(r.notes[:n], append([]string{fmt.Sprintf("“%s” introduces what follows; it is not checked on its own.", strings.TrimSpace(m[1]))}, r.notes[n:]...)...)
			return inner, true
		}
		r.notes = r.notes[:n]
	}
	if m := reasonRuleFirst.FindStringSubmatch(s); m != nil && ruleOK(m[1]) && reasonExample.MatchString(m[2]) {
		concrete = r.ruleExample(m[1], m[2])
	} else if m := reasonRuleComma.FindStringSubmatch(s); m != nil && ruleOK(m[1]) && reasonExample.MatchString(m[2]) {
		concrete = r.ruleExample(m[1], m[2])
	} else if m := reasonRuleBracket.FindStringSubmatch(s); m != nil && ruleOK(m[1]) && reasonExample.MatchString(m[2]) {
		concrete = r.ruleExample(m[1], m[2])
	} else if m := reasonLabel.FindStringSubmatch(s); m != nil && labelOK(m[1]) && reasonExample.MatchString(m[2]) {
		r.notes = append(r.notes, fmt.Sprintf("“%s” names what the example shows; only the example is checked: %s", strings.TrimSpace(m[1]), strings.TrimRight(m[2], ".!")))
		r.why("a title or a purpose, then the example")
		concrete = m[2]
	} else if m := reasonSo.FindStringSubmatch(s); m != nil && reasonExample.MatchString(m[2]) && !strings.Contains(m[1], "/") {
		if !ruleOK(m[1]) {
			return s, false
		}
		concrete = r.ruleExample(m[1], m[2])
	} else if m := reasonAnd.FindStringSubmatch(s); m != nil && ruleOK(m[1]) {
		concrete = r.ruleExample(m[1], m[2])
	} else if m := reasonAppos.FindStringSubmatch(s); m != nil && gerundFirst(m[1]) && !hasCheck(m[1]) {
		r.notes = append(r.notes, fmt.Sprintf("“%s” says what the request %s does; the request is checked: %s %s", strings.TrimSpace(m[1]), m[2], m[2], strings.TrimRight(m[3], ".!")))
		r.why("what the request does, then the request")
		concrete = m[2] + " " + m[3]
	}
	if concrete != s && saysJSON(lexClaim(s[:len(s)-len(concrete)])) && !saysJSON(lexClaim(concrete)) && strings.HasPrefix(concrete, "/") {
		// "The settings endpoint doesn't mind a trailing slash: /settings/
		// says the theme is light": the rule says the path answers JSON
		r.notes = append(r.notes, "The rule says the path is an endpoint, so its response is read as JSON.")
		concrete = "GET " + concrete
	}
	if m := reasonBracketAfter.FindStringSubmatch(concrete); m != nil && concrete != s && reasonExample.MatchString(m[1]) && ruleOK(m[2]) && !reNegation.MatchString(m[2]) && !strings.Contains(strings.ToLower(m[2]), "without") {
		// "… gives back just X (Y sorts after a bare U)": the reason the
		// example holds, checked only through it (a reason that denies is
		// a check of its own, never dropped)
		r.notes = append(r.notes, fmt.Sprintf("The reason in brackets “%s” is checked only through the example the claim gives.", strings.TrimSpace(m[2])))
		r.why("the reason in brackets after the check")
		concrete = m[1]
	}
	if m := reasonBecause.FindStringSubmatch(concrete); m != nil && reasonExample.MatchString(m[1]) && !strings.Contains(m[2], "/") {
		if !ruleOK(m[2]) {
			return s, false
		}
		r.notes = append(r.notes, fmt.Sprintf("The reason “%s” is checked only through the example the claim gives.", m[2]))
		r.why("the reason after the check")
		concrete = m[1]
	}
	if m := reasonThough.FindStringSubmatch(concrete); m != nil && strings.Contains(m[1], "/") {
		// a concession says what else holds: checkable, it is never
		// dropped; read when it is an item's field and its quoted value,
		// or another path that answers
		if e := reasonExists.FindStringSubmatch(strings.TrimSpace(m[2])); e != nil {
			r.notes = append(r.notes, fmt.Sprintf("“%s” is checked as %s answering 200.", strings.TrimSpace(m[2]), e[1]))
			r.why("a concession that another path answers, checked too")
			concrete = strings.TrimRight(m[1], " ,") + ", and " + e[1] + " returns 200"
		} else if !concession(m[2], r) {
			return s, false
		} else {
			concrete = m[1]
		}
	}
	if m := reasonInstead.FindStringSubmatch(concrete); m != nil && strings.Contains(m[1], "/") {
		if hasCheck(m[2]) || !reasonStatus.MatchString(m[1]) {
			return s, false
		}
		r.errorStatus = true
		r.notes = append(r.notes, fmt.Sprintf("“instead of %s” says what does not happen: the error status the claim names already decides it.", m[2]))
		r.why(`"instead of …" decided by the status`)
		concrete = m[1]
	}
	return strings.TrimSpace(concrete), true
}

// gerundFirst reports whether words start with a verb in -ing ("Searching
// for …", "Excluding …"): what a request does, not a rule or a check.
func gerundFirst(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	return len(f) >= 2 && len(f) <= 10 && len(f[0]) > 5 && strings.HasSuffix(f[0], "ing") && !ruleOpeners[f[0]] && !premiseActs[f[0]]
}

// reasonField is a concession that says an item's field holds a quoted
// value: "its notes are spelled 'Dark mode' with a capital D".
var reasonField = lazyRE(`^(?i:its|their) ([a-z_][a-z0-9_]*) (?i:is|are) (?:(?i:spelled|spelt|written) )?('\x01(\d+)\x01'|"\x01(\d+)\x01")(?: (?i:with a capital) ([A-Za-z]))?$`)

// concession reads a concession that is a field's value as one more check
// of the JSON response: some item's field (a record's own field is
// reached the same way, as the response's member). ok is false when it is
// not one.
func concession(s string, r *jvReading) bool {
	m := reasonField.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	r.extra = append(r.extra, jvExtra{field: m[1], mark: m[2], capital: m[5]})
	r.why("a concession that names a field's value, checked too")
	return true
}

// ruleExample notes a general rule checked only on the example the claim
// gives, and returns the example.
func (r *jvReading) ruleExample(rule, example string) string {
	r.notes = append(r.notes, fmt.Sprintf("The rule “%s” is checked on the example the claim gives: %s", strings.TrimSpace(rule), strings.TrimRight(example, ".!")))
	r.why("a general rule, then its example")
	return example
}
