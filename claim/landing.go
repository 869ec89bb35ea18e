package claim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// guessedLandingHint ends the refusal of a guessed destination, which the
// compositional reader may still read otherwise ("opens Settings on the
// General tab": a place that opens, no page).
const guessedLandingHint = ", and an app that keeps that page elsewhere would fail; name its path"

// guessedLanding reads where an action ends up when the claim names the
// page by its common name only ("takes you to the pricing page"). A
// guessed path is safe to visit (a path the app lacks blocks the run),
// but as the address to end up on it would decide `failed` wherever the
// app keeps that page elsewhere (/users/sign_in, /plans). A sign-in page
// is known by what a person sees there, its password field; any other
// page's address is checked as a guess: ending up elsewhere blocks the
// run (no evidence against the claim), never fails it.
// When the claim speaks of the address itself ("the URL is the login
// page"), a password field is not what it asks about: refused.
func (p *parser) guessedLanding(pg pageRef, a, b int, address, afterSignIn bool) ([]item, bool) {
	if signInPath(pg.path) && !address {
		c := check("signin", plan.Step{Kind: plan.ExpectVisible, Target: "css=input[type=password]"})
		c.notes = []string{fmt.Sprintf("%q is recognised as a person does, by its password field; its path is not guessed (the address is not checked).", pg.phrase)}
		return []item{c}, true
	}
	if address {
		// "the URL is the dashboard": the address is what the claim is
		// about, and a guess of it would decide nothing either way.
		before := strings.TrimSpace(p.lx.span(0, a))
		if l := strings.ToLower(before); strings.HasSuffix(l, " the") {
			before = before[:len(before)-4]
		}
		sugg := strings.TrimSpace(before + " " + pg.path + " " + strings.TrimSpace(p.lx.span(b, len(p.lx.shape))))
		p.setHint("ambiguous", fmt.Sprintf("where %q lives is not said: vouch would check the address against a guess (%s)%s", strings.TrimSpace(pg.phrase), pg.path, guessedLandingHint), a, sugg)
		return nil, false
	}
	c := check("url", plan.Step{Kind: plan.ExpectURL, Value: pg.path, Reach: true})
	c.notes = []string{fmt.Sprintf("%q taken as %s, a guess from the common page name: the run ending up at another address is blocked, never failed — name the path if the page lives elsewhere.", strings.TrimSpace(pg.phrase), pg.path)}
	if afterSignIn {
		// "Signing in shows the dashboard": wherever the dashboard
		// lives, a sign-in form still there says the sign-in did not go
		// through, which decides the claim (a broken sign-in is failed,
		// not blocked by the guessed address)
		c.steps = append([]plan.Step{{Kind: plan.ExpectHidden, Target: "css=input[type=password]"}}, c.steps...)
		c.notes = append(c.notes, "After signing in, the sign-in form's password field must be gone: a form still there decides the claim false, wherever the page lives.")
	}
	return []item{c}, true
}

// reSignInSaid is a sign-in said in the claim before a place; reNoSignIn
// says there is none ("without logging in").
var (
	reSignInSaid = lazyRE(`\b(?:signing|logging|sign|log|signs|logs) in\b`)
	reNoSignIn   = lazyRE(`\b(?:without|not|before|never|no) (?:(?:being|first|even) )?(?:signing|logging|signed|logged|sign|log) in\b`)
)

// signedInBefore reports whether the claim signs in before shape offset
// at: the last action is a sign-in, or the claim said one after an
// action (the secret's words may follow the sign-in as their own item).
func (m *match) signedInBefore() bool {
	if signsInItem(m.st.last) {
		return true
	}
	before := m.p.lx.shape[:m.start]
	return m.st.acted && reSignInSaid.MatchString(before) && !reNoSignIn.MatchString(before)
}

// signsInItem reports whether an action signs in: it types a secret or
// into a password field.
func signsInItem(it *item) bool {
	if it == nil || it.kind != iAction {
		return false
	}
	if it.signin || it.rkind == "sign-in" {
		return true
	}
	return slices.ContainsFunc(it.steps, signInStep)
}

// signInStep reports whether a step signs in: it types a secret or into a
// password field.
func signInStep(s plan.Step) bool {
	return s.Kind == plan.Fill && (s.Secret != "" || strings.Contains(strings.ToLower(s.Target), "password"))
}
