package claim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Guessed names: a claim refused only because it names texts without
// quotes ("lists Bob Stone before Ann Lee", "collapsing the books tag
// hides List orders") is derived as the claim with those names quoted
// (suggest_quote.go) when every name the reading quoted is found on the
// page before anything is decided about it: a wait_for marked reach, just
// before the name's first use. Where the name starts and ends is the
// plan's reading, not the claim's words, so a page that does not show the
// name blocks the run (no evidence against the claim) and never fails it;
// once the page shows it, the checks after decide as the claim says.
//
// A name first used in a check of absence is looked for before the
// claim's first action instead (it must be there for "hides List orders"
// to say anything); with no action before such a check the reading is not
// made, since it could never verify. Names used where no text on the page
// shows them (a typed or chosen value, a field's value, a title, an
// address, a count) and two names with only "and" or "or" between them
// ("Salt and Pepper": one name or two) are not read this way either.

// guessedCauses are the refusals a guessed reading may answer: the claim
// was not read, or a judgement word was found that the quoted reading
// shows to be a name's or a frame's ("the Recent changes link",
// "Expected: …"); the reading must still derive, so a judgement outside
// the names keeps the claim refused.
var guessedCauses = map[string]bool{"unrecognized": true, "no_check": true, "vague": true}

// deriveGuessed derives claim by its quoted reading with each quoted name
// found first; ok is false when no reading derives under those rules.
func deriveGuessed(claim string, err error) (Derivation, bool) {
	var np *NotProvableError
	if !errors.As(err, &np) || !guessedCauses[np.Cause] {
		return Derivation{}, false
	}
	cands, _, said := quoteCandidates(claim)
	for _, c := range cands {
		qc := said[c]
		if !qc.titles {
			// Only the title-case names: a name in sentence case may run
			// on into the sentence ("List payments with limit 5").
			continue
		}
		if qc.joined || len(qc.names) == 0 || np.Cause == "vague" && !judgementNamed(claim, np.Reason, qc.names) || pathOfNames(qc.names) {
			return Derivation{}, false
		}
		d, err := deriveRules(c)
		if err != nil || d.Plan == nil || len(d.Plan.Journeys) == 0 || guessesMore(d) {
			return Derivation{}, false
		}
		if !guardNames(&d, qc.names) {
			return Derivation{}, false
		}
		d.Claim = claim
		d.Plan.Name = planName(normalizeClaim(stripLabel(claim)))
		for _, n := range qc.names {
			if headingOnly(d.Plan, n) {
				// a heading read in the claim as written, by the rules
				// for a name in capitals (under.go), or none
				if p, ok := underPinOf(normalizeClaim(stripLabel(claim))); !ok || !strings.EqualFold(p.heading, n) {
					return Derivation{}, false
				}
				d.Notes = append(d.Notes, fmt.Sprintf("%s is not quoted in the claim: it is read as the whole text of a heading, a guess of where the name starts and ends; if the page shows no such heading, the run is blocked, not failed.", plan.Quote(n)))
				continue
			}
			d.Notes = append(d.Notes, guessedNameNote(n))
		}
		return d, true
	}
	return Derivation{}, false
}

// pathOfNames reports whether a name is a path of names ("File > Save",
// "Preferences → Speed"): several controls, read by menu.go and reach.go
// where the sentence says how, never one text.
func pathOfNames(names []string) bool {
	for _, n := range names {
		for _, sep := range []string{" > ", " → ", " -> ", " » "} {
			if strings.Contains(n, sep) {
				return true
			}
		}
	}
	return false
}

// headingOnly reports whether a plan uses name n only as the heading a
// target is kept under.
func headingOnly(p *plan.Plan, n string) bool {
	for _, j := range p.Journeys {
		for _, s := range j.Steps {
			if u, _ := nameUse(s, n); u != unused && u != heading {
				return false
			}
		}
	}
	return true
}

// judgementNamed reports whether the judgement word a refusal names is
// a name's ("the Recent changes link") or a frame's label ("Expected:").
func judgementNamed(claim, reason string, names []string) bool {
	w, err := strconv.QuotedPrefix(reason)
	if err != nil {
		return false
	}
	w, _ = strconv.Unquote(w)
	for _, n := range names {
		if containsWord(n, w) {
			return true
		}
	}
	return strings.Contains(strings.ToLower(claim), strings.ToLower(w)+":")
}

// guessedKinds are the steps a guessed reading may hold: the names are
// found, clicked or hovered, and the checks are of texts, their order,
// the states of controls or JSON values. Other steps (a key pressed, the
// focus, a title, an address, a status after an action) rest on readings
// of the words around a name that a quoted name does not settle.
var guessedKinds = map[plan.Kind]bool{plan.Visit: true, plan.Click: true, plan.Hover: true,
	plan.WaitFor: true, plan.ExpectText: true, plan.ExpectNoText: true, plan.ExpectVisible: true,
	plan.ExpectHidden: true, plan.ExpectOrder: true, plan.ExpectChecked: true, plan.ExpectUnchecked: true,
	plan.ExpectEnabled: true, plan.ExpectDisabled: true, plan.ExpectJSON: true}

// guessesMore reports whether the quoted reading holds steps a guessed
// reading may not, or guesses at other unquoted words itself.
func guessesMore(d Derivation) bool {
	for _, n := range d.Notes {
		if strings.Contains(strings.ToLower(n), "unquoted") {
			return true
		}
	}
	for _, j := range d.Plan.Journeys {
		for _, s := range j.Steps {
			if !guessedKinds[s.Kind] {
				return true
			}
		}
	}
	return false
}

// use is how a step uses a name: not at all, as something the page must
// show, as something it must not, or in a way no text on the page checks.
type use int

const (
	unused use = iota
	shown
	absent
	unseen
	heading // the heading of a section the target is kept in (under=)
)

// nameUse says how step s uses the name n, and the target a wait_for
// finds it by.
func nameUse(s plan.Step, n string) (use, string) {
	eq := func(v string) bool { return strings.EqualFold(strings.TrimSpace(v), n) }
	text := "text=" + n
	if strings.ContainsAny(n, `"=`) {
		text = "text=" + plan.Quote(n)
	}
	in := func() bool {
		t, err := plan.ParseTarget(s.Target)
		return err == nil && (eq(t.Value) && (t.Kind == plan.ByText || t.Kind == plan.ByLabel) || eq(t.Name) || eq(t.Within))
	}
	said := false
	for _, v := range s.Texts {
		said = said || eq(v)
	}
	switch s.Kind {
	case plan.ExpectText:
		if eq(s.Value) || s.Target != "" && in() {
			return shown, text
		}
	case plan.ExpectNoText:
		if eq(s.Value) {
			return absent, text
		}
		if s.Target != "" && in() {
			return unseen, ""
		}
	case plan.ExpectHidden:
		if in() {
			return absent, text
		}
	case plan.ExpectOrder:
		if said || s.Target != "" && in() {
			return shown, text
		}
	case plan.ExpectJSON:
		if eq(strings.Trim(s.Value, `"`)) && strings.HasPrefix(s.Value, `"`) {
			return shown, text
		}
	case plan.Click, plan.DblClick, plan.Hover, plan.WaitFor, plan.ExpectVisible, plan.ExpectEnabled, plan.ExpectDisabled,
		plan.ExpectChecked, plan.ExpectUnchecked, plan.Check, plan.Uncheck:
		if in() {
			// A name in a checked target scoped to an item is found
			// alone: the item by its name, the text without the item
			// (finding the whole target first would make the check one
			// that can never fail). An action's target is found whole:
			// where it is not, the run is blocked.
			if t, _ := plan.ParseTarget(s.Target); t.Within != "" && s.Kind.IsAssertion() {
				if eq(t.Within) {
					return shown, plan.Target{Kind: plan.ByText, Value: t.Within}.String()
				}
				t.Within = ""
				return shown, t.String()
			}
			return shown, s.Target
		}
	}
	// The heading a target is kept under: a page that shows no such
	// heading blocks the run already.
	if t, err := plan.ParseTarget(s.Target); s.Target != "" && err == nil && eq(t.Under) && !strings.EqualFold(s.Value, n) && !said {
		return heading, ""
	}
	// Anything else naming it: a typed or chosen value, a field's value,
	// a title, an address, a count, an option list.
	v := strings.ToLower(s.Value + " " + s.Target + " " + strings.Join(s.Texts, " "))
	if strings.Contains(v, strings.ToLower(n)) {
		return unseen, ""
	}
	return unused, ""
}

// guardNames puts, in every journey of d, a wait_for marked reach before
// each name's first use, and moves the requirements' references on. It
// reports false, leaving d in no state to use, when a name is used in a
// way a text on the page cannot be found first, or in no journey at all.
func guardNames(d *Derivation, names []string) bool {
	usedAnywhere := map[string]bool{}
	for ji := range d.Plan.Journeys {
		j := &d.Plan.Journeys[ji]
		type guard struct {
			at     int // insert before this step (0-based, in the unguarded steps)
			target string
		}
		var guards []guard
		for _, n := range names {
			first, kind, target := -1, unused, ""
			for si, s := range j.Steps {
				u, t := nameUse(s, n)
				if u == unseen {
					return false
				}
				if u != unused && first < 0 {
					first, kind, target = si, u, t
					if s.Reach {
						kind = unused // already a guess that blocks when it goes nowhere
					}
				}
			}
			if first < 0 {
				continue
			}
			usedAnywhere[n] = true
			switch kind {
			case shown:
				if onlyPresence(j.Steps, n) {
					// Every check would be the guard again: a claim that a
					// name is shown could then never fail, and a page
					// showing the name anywhere would verify it.
					return false
				}
				guards = append(guards, guard{first, target})
			case absent:
				// Found before the claim's first action, which must come
				// before the check of absence.
				act := -1
				for si, s := range j.Steps[:first] {
					// (a reach step, as the docs page's hover, is the
					// plan's way there, not the claim's action)
					if si > 0 && !s.Kind.IsAssertion() && s.Kind != plan.WaitFor && !s.Reach {
						act = si
						break
					}
				}
				if act < 0 {
					return false
				}
				guards = append(guards, guard{act, target})
			}
		}
		if len(guards) == 0 {
			continue
		}
		var out []plan.Step
		for si, s := range j.Steps {
			for _, g := range guards {
				if g.at != si {
					continue
				}
				shiftRefs(d, ji+1, len(out)+1) // the guard's 1-based index
				out = append(out, plan.Step{Kind: plan.WaitFor, Target: g.target, Reach: true})
			}
			out = append(out, s)
		}
		j.Steps = out
	}
	for _, n := range names {
		if !usedAnywhere[n] {
			return false
		}
	}
	return d.Plan.Validate() == nil
}

// onlyPresence reports whether the steps use the name n in nothing but
// checks that the page shows it somewhere.
func onlyPresence(steps []plan.Step, n string) bool {
	for _, s := range steps {
		if u, _ := nameUse(s, n); u != unused && !samePresence(s, n) {
			return false
		}
	}
	return true
}

// samePresence reports whether step s checks no more than that the page
// shows the name n somewhere, as the guard before it does.
func samePresence(s plan.Step, n string) bool {
	switch s.Kind {
	case plan.ExpectText:
		return s.Target == ""
	case plan.ExpectVisible:
		t, err := plan.ParseTarget(s.Target)
		return err == nil && t.Kind == plan.ByText && t.Within == "" && strings.EqualFold(t.Value, n)
	}
	return false
}

// guessedNameNote is the note on a name the claim leaves unquoted, read
// as the exact text shown and waited for first (guardNames).
func guessedNameNote(n string) string {
	return fmt.Sprintf("%s is not quoted in the claim: it is read as the exact text the page shows, a guess of where the name starts and ends. The plan first waits for that text (marked reach): if the page does not show it, the run is blocked, not failed.", plan.Quote(n))
}
