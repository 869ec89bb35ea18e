package claim

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// CodeNotProvable is the error code a refused claim maps to (HTTP 422).
const CodeNotProvable = "claim_not_provable"

// NotProvableError is Derive's refusal: the claim cannot be turned into
// browser checks. Nothing was derived, nothing runs and nothing is charged.
type NotProvableError struct {
	// Cause classifies the refusal: empty, too_long, secret, vague,
	// out_of_reach, contradiction, no_check, ambiguous, unsupported,
	// unrecognized, or invalid_plan (a model-backed deriver's output).
	Cause string `json:"cause"`
	// Reason says why in one line, without repeating any secret.
	Reason string `json:"reason"`
	// Prompt is the repair prompt: plain text a person or a coding
	// assistant can act on — the reason, what a provable claim looks like,
	// and rephrasings. RepairPrompt returns it.
	Prompt string `json:"repair_prompt"`
	// Suggestions are 1–3 provable rephrasings built from the claim's own
	// words; Derive accepts each of them.
	Suggestions []string `json:"suggestions"`
}

func (e *NotProvableError) Error() string { return "claim not provable: " + e.Reason }

// RepairPrompt returns the repair prompt; the service looks for this
// method on a deriver's errors.
func (e *NotProvableError) RepairPrompt() string { return e.Prompt }

// Code returns CodeNotProvable.
func (e *NotProvableError) Code() string { return CodeNotProvable }

// refusal is a NotProvableError before its suggestions are made.
type refusal struct {
	cause   string
	reason  string
	suggest []string
}

// notProvable completes a refusal with a repair prompt and suggestions,
// keeping only suggestions Derive accepts.
func (r *refusal) notProvable(claim string) *NotProvableError {
	return refuse(claim, r.cause, r.reason, r.suggest)
}

// Refuse builds a *NotProvableError for a claim that a deriver could not
// prove for the given reason, with suggestions built from the claim's words
// (extra ones first) and kept only when Derive accepts them.
func Refuse(claim, cause, reason string, extra []string) *NotProvableError {
	return refuse(claim, cause, reason, extra)
}

func refuse(claim, cause, reason string, extra []string) *NotProvableError {
	e := &NotProvableError{Cause: cause, Reason: reason}
	if cause == "secret" {
		// Only rephrasings that replace the password: the claim's other
		// words could carry it into a suggestion.
		e.Suggestions = checked(append(extra, fallbackSuggestion))
	} else {
		e.Suggestions = Suggestions(claim, extra...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "vouch cannot prove this claim: %s.\n", reason)
	if cause == "secret" {
		b.WriteString("Put the password in a secret and name it in the claim (\"with the secret DEMO_PASSWORD\"): vouch reads it when the plan runs and never records it.\n")
	}
	b.WriteString("A provable claim names a page and something a browser can see there: a text in quotes, a button, link, field, heading or image, the page title, the address or an HTTP status; or what happens after clicking, typing, choosing or signing in.\n")
	b.WriteString("Rephrase it, for example:\n")
	for _, s := range e.Suggestions {
		fmt.Fprintf(&b, "  - %s\n", s)
	}
	e.Prompt = b.String()
	return e
}

// fallbackSuggestion is provable whatever the claim said.
const fallbackSuggestion = "The home page loads without errors"

// maxSuggestionTries bounds the derivations Suggestions runs.
const maxSuggestionTries = 5

// Suggestions returns 1–3 provable rephrasings of a claim, built from its
// own words where it has any: the part of it that can be proven, its quoted
// texts on the page it names, or that page loading without errors. extra
// candidates are tried first. Derive accepts every claim returned.
func Suggestions(claim string, extra ...string) []string {
	if utf8.RuneCountInString(claim) > MaxClaimLen {
		claim = string([]rune(claim)[:MaxClaimLen])
	}
	text := normalizeClaim(claim)
	lx := lexClaim(claim)
	cands := append([]string(nil), extra...)
	cands = append(cands, provablePrefixes(lx)...)
	page := pagePhrase(lx)
	for i, l := range lx.lits {
		if i == 2 {
			break
		}
		if l = strings.TrimSpace(l); l != "" && len(l) < 200 && !strings.Contains(l, `"`) {
			cands = append(cands, fmt.Sprintf("%s shows %q", page, l))
		}
	}
	cands = append(cands, page+" loads without errors")
	return checked(cands, text)
}

// checked keeps the first three candidates Derive accepts, skipping the
// given claims themselves; it always returns at least one.
func checked(cands []string, skip ...string) []string {
	var out []string
	tries := 0
	for _, c := range cands {
		if len(out) == 3 || tries == maxSuggestionTries {
			break
		}
		c = upperFirst(strings.TrimSpace(c))
		if c == "" || contains(out, c) || contains(skip, c) || len(skip) > 0 && c == upperFirst(skip[0]) {
			continue
		}
		tries++
		if _, r := derive(c); r == nil {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		out = []string{fallbackSuggestion}
	}
	return out
}

// provablePrefixes are the claim cut before a connector, longest first:
// "The app shows 'Welcome' and is fast" offers "The app shows 'Welcome'".
func provablePrefixes(lx *lexed) []string {
	var out []string
	for i := len(lx.toks) - 1; i > 0 && len(out) < 2; i-- {
		t := lx.toks[i]
		if t.kind == tPunct || t.low == "and" || t.low == "but" || t.low == "then" || t.low == "while" || t.low == "or" {
			s := strings.TrimSpace(lx.span(0, t.start))
			s = strings.TrimRight(s, " ,;:")
			if len(strings.Fields(s)) >= 3 {
				out = append(out, s)
			}
		}
	}
	return out
}

// pagePhrase returns the first page the claim names, as written, or "The
// home page".
func pagePhrase(lx *lexed) string {
	p := &parser{lx: lx}
	for i := range lx.toks {
		for n := 4; n >= 1; n-- {
			if i+n > len(lx.toks) {
				continue
			}
			a, b := lx.toks[i].start, lx.ends[i+n-1]
			ref, ok := p.page(a, b)
			if !ok || ref.phrase == "" {
				continue
			}
			phrase := ref.phrase
			if ref.generic && !strings.Contains(strings.ToLower(phrase), " ") {
				phrase = "the " + phrase
			}
			return upperFirst(phrase)
		}
	}
	return "The home page"
}

// refusal explains why the parser could not read a claim.
func (p *parser) refusal() *refusal {
	shape := p.lx.shape
	for _, t := range p.lx.toks {
		if t.kind == tWord && reDuration.MatchString(t.low) {
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("timings (%q) are not something a plan checks: every step has a time budget instead", t.raw)}
		}
	}
	for _, w := range outOfReach {
		if containsPhrase(shape, w) {
			switch w {
			case "milliseconds", "ms", "seconds", "second", "minutes", "hours", "latency", "p99", "p95", "uptime", "downtime":
				return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("timings (%q) are not something a plan checks: every step has a time budget instead", w)}
			}
			return &refusal{cause: "out_of_reach", reason: fmt.Sprintf("%q is out of a browser's reach: vouch only sees what the deployed pages show", w)}
		}
	}
	if p.hint != nil && p.hint.at+1 >= p.far-40 {
		return &refusal{cause: p.hint.cause, reason: p.hint.reason, suggest: p.hint.suggest}
	}
	for _, w := range vagueWords {
		if containsPhrase(shape, w) {
			return &refusal{cause: "vague", reason: fmt.Sprintf("%q is a judgement, not something a browser can see on a page", w)}
		}
	}
	if p.hint != nil {
		return &refusal{cause: p.hint.cause, reason: p.hint.reason, suggest: p.hint.suggest}
	}
	if p.far == 0 {
		return &refusal{cause: "unrecognized", reason: "vouch found no page, action or check it knows in the claim"}
	}
	if p.far >= len(shape) {
		return &refusal{cause: "no_check", reason: "the claim names a page but says nothing about it"}
	}
	rest := strings.TrimSpace(p.lx.span(p.far, len(shape)))
	return &refusal{cause: "unrecognized", reason: fmt.Sprintf("vouch could not read %q as a page, an action or a check", shorten(rest, 60))}
}

var reDuration = regexp.MustCompile(`^\d+(?:\.\d+)?(?:ms|s|sec|secs|seconds?|milliseconds?|mins?|minutes?)$`)

// secretWords name what must never be written in a claim.
var secretWords = map[string]bool{"password": true, "passphrase": true, "passwd": true,
	"pwd": true, "passcode": true, "pw": true}

// afterSecretWord are words that may follow "password" without a password
// following them: "the password field", "password from the secret X".
var afterSecretWord = map[string]bool{
	"from": true, "in": true, "stored": true, "kept": true, "held": true, "saved": true,
	"the": true, "a": true, "an": true, "secret": true, "secrets": true, "env": true,
	"environment": true, "variable": true, "field": true, "box": true, "input": true,
	"and": true, "with": true, "as": true, "for": true, "required": true, "reset": true,
	"page": true, "manager": true, "not": true, "to": true, "on": true, "into": true,
	"label": true, "placeholder": true, "strength": true, "hint": true, "error": true,
	"it": true, "their": true, "be": true, "are": true, "empty": true, "blank": true,
	"missing": true, "wrong": true, "incorrect": true, "invalid": true, "too": true,
	"must": true, "should": true, "shows": true, "is": true, "'s": true, "fields": true,
	"secret's": true, "that": true, "which": true, "of": true, "or": true, "by": true,
	"then": true, "when": true, "but": true, "again": true, "twice": true, "confirmation": true,
	"only": true, "mismatch": true, "length": true, "rules": true, "policy": true,
}

// secretLeak refuses a claim that writes a password out: "with password
// hunter2", "typing 'hunter2' into the password field". Refusing (rather
// than deriving with a secret reference) keeps the password out of the
// stored claim, plan and requirements.
func secretLeak(lx *lexed) *refusal {
	for i, t := range lx.toks {
		if t.kind == tWord && secretWords[t.low] {
			k := i + 1
			for k < len(lx.toks) && (lx.toks[k].low == "is" || lx.toks[k].low == "of" || lx.toks[k].low == "=" || lx.toks[k].low == ":" || lx.toks[k].low == "being") {
				k++
			}
			if k >= len(lx.toks) {
				continue
			}
			n := lx.toks[k]
			leak := false
			switch n.kind {
			case tLit, tNumber, tEmail, tURL, tPath:
				leak = true
			case tWord:
				leak = !afterSecretWord[n.low] && !strings.HasPrefix(n.low, "$") && !structural[n.low] && !stopWords[n.low]
			}
			if leak {
				start := t.start
				if i > 0 && (lx.toks[i-1].low == "the" || lx.toks[i-1].low == "a" || lx.toks[i-1].low == "their" || lx.toks[i-1].low == "my") {
					start = lx.toks[i-1].start
				}
				return secretRefusal(lx, start, lx.ends[k])
			}
		}
		// "typing 'hunter2' into the password field".
		if t.kind == tLit && i+2 < len(lx.toks) {
			k := i + 1
			if l := lx.toks[k].low; l == "in" || l == "into" || l == "as" || l == "for" {
				k++
				for k < len(lx.toks) && determiners[lx.toks[k].low] {
					k++
				}
				if k < len(lx.toks) && secretWords[lx.toks[k].low] {
					return secretRefusal(lx, t.start, lx.ends[i])
				}
			}
		}
	}
	return nil
}

func secretRefusal(lx *lexed, a, b int) *refusal {
	name := "PASSWORD"
	for i, t := range lx.toks {
		if t.kind == tEmail {
			name = secretFrom(strings.Split(t.raw, "@")[0]) + "_PASSWORD"
			break
		}
		// "log in as admin with password ..." → ADMIN_PASSWORD.
		if t.low == "as" && i+1 < len(lx.toks) && lx.toks[i+1].kind == tWord && !determiners[lx.toks[i+1].low] && !secretWords[lx.toks[i+1].low] {
			name = secretFrom(lx.toks[i+1].raw) + "_PASSWORD"
		}
	}
	p := &parser{lx: lx}
	return &refusal{cause: "secret", reason: "the claim writes a password out in clear; vouch never stores passwords in plans",
		suggest: []string{p.replaceSpan(a, b, "the secret "+name)}}
}
