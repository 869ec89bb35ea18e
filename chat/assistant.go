package chat

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/vouchdev/vouch/service"
)

// The built-in assistant turns a conversation into verification work with
// fixed rules: no model, the same answer for the same conversation and
// state. It never approves a plan: it creates plans and hands back the
// approve link a person opens.

// intent is what the last user message asks for.
type intent int

const (
	intentHelp intent = iota
	intentVerify
	intentStatus
	intentWhy
	intentRecheck
	intentRun
)

var (
	idRe      = regexp.MustCompile(`(?i)\b(ver|pln)_[a-z0-9]{4,64}\b`)
	urlRe     = regexp.MustCompile(`(?i)\bhttps?://[^\s<>"'\x60]+`)
	verifyRe  = regexp.MustCompile(`(?i)^\s*(?:please\s+|can you\s+|could you\s+)?(?:verify|check|prove|test|confirm)\b\s*(?:that\s+|whether\s+|if\s+)?`)
	recheckRe = regexp.MustCompile(`(?i)\b(?:re-?check|re-?run|run (?:it |this |that )?again|try (?:it )?again)\b`)
	runRe     = regexp.MustCompile(`(?i)^\s*(?:please\s+)?(?:run|start|launch)\b`)
	whyRe     = regexp.MustCompile(`(?i)\b(?:why|what went wrong|explain|repair|how (?:do|can) i fix)\b`)
	statusRe  = regexp.MustCompile(`(?i)\b(?:status|state|progress|result|decision|done|finished|how is|how's|what about)\b`)
)

// classify reads the last user message.
func classify(text string) intent {
	switch {
	case recheckRe.MatchString(text):
		return intentRecheck
	case verifyRe.MatchString(text) && !idRe.MatchString(text):
		return intentVerify
	case runRe.MatchString(text):
		return intentRun
	case whyRe.MatchString(text):
		return intentWhy
	case statusRe.MatchString(text), idRe.MatchString(strings.TrimSpace(text)) && len(strings.Fields(text)) <= 2:
		return intentStatus
	}
	return intentHelp
}

// assistant answers for one caller.
type assistant struct {
	svc *service.Service
	p   service.Principal
}

// reply answers the conversation; the last turn is the user's.
func (a *assistant) reply(ctx context.Context, turns []turn) (string, error) {
	last := turns[len(turns)-1].Text
	switch classify(last) {
	case intentVerify:
		return a.verify(ctx, last)
	case intentRecheck:
		return withID(turns, "ver", "Which verification should I re-check? Give its id (ver_…).", func(id string) (string, error) { return a.Recheck(ctx, id) })
	case intentRun:
		return withID(turns, "pln", "Which approved plan should I run? Give its id (pln_…).", func(id string) (string, error) { return a.Run(ctx, id) })
	case intentWhy:
		return withID(turns, "ver", "Which verification? Give its id (ver_…).", func(id string) (string, error) { return a.Explain(ctx, id) })
	case intentStatus:
		return withID(turns, "", "Which verification or plan? Give its id (ver_… or pln_…).", func(id string) (string, error) { return a.Status(ctx, id) })
	}
	return helpText, nil
}

// withID finds the id a message is about: one in the last user message,
// else the most recent one mentioned earlier in the conversation by
// either side ("recheck it"). kind limits it to ver or pln ("" for both).
func withID(turns []turn, kind, ask string, fn func(string) (string, error)) (string, error) {
	for i := len(turns) - 1; i >= 0; i-- {
		ids := idRe.FindAllString(turns[i].Text, -1)
		for j := len(ids) - 1; j >= 0; j-- {
			id := strings.ToLower(ids[j])
			if kind == "" || strings.HasPrefix(id, kind+"_") {
				return fn(id)
			}
		}
		if i == len(turns)-1 && len(ids) > 0 && kind != "" {
			// The user named an id of the other kind: say so rather than
			// reach back to an older one.
			return fmt.Sprintf("%s is not a %s id. %s", ids[0], map[string]string{"ver": "verification", "pln": "plan"}[kind], ask), nil
		}
	}
	return ask, nil
}

const helpText = `I am vouch's assistant. I turn a sentence into a browser verification of a live app, and report on it. I can:

- **verify**: "verify that https://staging.example.com shows 'Welcome'" derives the requirements and a plan, and gives you the link where a person approves it (nothing runs before that, and nothing is charged).
- **run**: "run pln_…" starts an approved plan (needs a launch key; billed as one verification).
- **status**: "what is the status of ver_…?" gives the state, or the decision once complete.
- **why**: "why did ver_… fail?" gives the repair prompt and the evidence links.
- **recheck**: "recheck ver_…" re-runs a failed verification's approved plan after a fix (needs a launch key).

I never approve plans: a signed-in person does, at the approve link.`

// verify creates a plan from "verify that <url> <claim>".
func (a *assistant) verify(ctx context.Context, text string) (string, error) {
	deployment, claim, ok := splitVerify(text)
	if !ok {
		return "Which deployment should I verify? Name its URL, for example: verify that https://staging.example.com shows 'Welcome'.", nil
	}
	if claim == "" {
		return fmt.Sprintf("What should be true of %s? Say it in one sentence, for example: verify that %s shows 'Welcome'.", deployment, deployment), nil
	}
	return a.Verify(ctx, deployment, claim)
}

// Verify creates a plan for claim on deployment and describes it with its
// approve link.
func (a *assistant) Verify(ctx context.Context, deployment, claim string) (string, error) {
	p, err := a.svc.CreatePlan(ctx, a.p, service.CreateRequest{DeploymentURL: deployment, Claim: claim})
	if err != nil {
		var se *service.Error
		if errors.As(err, &se) && se.Code == service.CodeClaimNotProvable {
			var b strings.Builder
			fmt.Fprintf(&b, "I cannot verify that as said: %s\n", se.Message)
			if se.RepairPrompt != "" {
				fmt.Fprintf(&b, "\n%s\n", se.RepairPrompt)
			}
			if len(se.Suggestions) > 0 {
				b.WriteString("\nClaims I can prove instead:\n")
				for _, s := range se.Suggestions {
					fmt.Fprintf(&b, "- verify that %s %s\n", deployment, s)
				}
			}
			b.WriteString("\nNothing was created and nothing was charged.")
			return b.String(), nil
		}
		return userError(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "I derived plan **%s** for %s: %q.\n\nRequirements:\n", p.ID, p.DeploymentURL, p.Claim)
	for _, r := range p.Requirements {
		fmt.Fprintf(&b, "- %s: %s\n", r.ID, r.Text)
	}
	if p.Plan != nil {
		fmt.Fprintf(&b, "\nPlan %q: %d journey(s), each in a fresh browser:\n", p.Plan.Name, len(p.Plan.Journeys))
		for i, j := range p.Plan.Journeys {
			fmt.Fprintf(&b, "%d. %s (%d steps)\n", i+1, j.Name, len(j.Steps))
		}
	}
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "\nNote: %s", n)
	}
	if len(p.Notes) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nNothing runs until a person approves it here: %s\n", p.ApproveURL)
	fmt.Fprintf(&b, "Once approved, say \"run %s\" (with a launch key). Creating the plan was not charged.", p.ID)
	return b.String(), nil
}

// Status describes a verification's state or decision, or a plan's state.
func (a *assistant) Status(ctx context.Context, id string) (string, error) {
	if strings.HasPrefix(id, "pln_") {
		p, err := a.svc.GetPlan(ctx, id)
		if err != nil {
			return userError(err)
		}
		switch p.State {
		case "pending":
			return fmt.Sprintf("Plan %s is waiting for a person's approval at %s. Nothing has run.", id, p.ApproveURL), nil
		case "approved":
			by := ""
			if p.Approval != nil {
				by = fmt.Sprintf(" by %s on %s", p.Approval.UserEmail, p.Approval.At.UTC().Format("2006-01-02 15:04 UTC"))
			}
			return fmt.Sprintf("Plan %s was approved%s. Say \"run %s\" to start a run (needs a launch key).", id, by, id), nil
		}
		return fmt.Sprintf("Plan %s was rejected; it will never run. Start again with a new claim.", id), nil
	}
	v, err := a.svc.GetVerification(ctx, id)
	if err != nil {
		return userError(err)
	}
	if v.State != "completed" {
		return fmt.Sprintf("Verification %s is %s.", id, v.State), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Verification %s completed: **%s**", id, v.Decision)
	if v.Reason != "" && v.Decision != "verified" {
		fmt.Fprintf(&b, " (%s)", v.Reason)
	}
	b.WriteString(".\n")
	for _, r := range v.Requirements {
		fmt.Fprintf(&b, "- %s %s: %s\n", resultMark(r.Result), r.ID, r.Text)
	}
	if v.RecheckOf != "" {
		fmt.Fprintf(&b, "It re-checked %s.\n", v.RecheckOf)
	}
	fmt.Fprintf(&b, "Result: %s", resultURL(a.svc, id))
	if v.Decision == "failed" {
		fmt.Fprintf(&b, "\nAsk \"why did %s fail?\" for the repair prompt, or \"recheck %s\" after a fix.", id, id)
	}
	return b.String(), nil
}

func resultMark(r string) string {
	switch r {
	case service.Met:
		return "✓"
	case "":
		return "•"
	}
	return "✗"
}

// Explain gives a completed verification's repair prompt and evidence.
func (a *assistant) Explain(ctx context.Context, id string) (string, error) {
	v, err := a.svc.GetVerification(ctx, id)
	if err != nil {
		return userError(err)
	}
	if v.State != "completed" {
		return fmt.Sprintf("Verification %s is still %s; ask again once it completes.", id, v.State), nil
	}
	if v.Decision == "verified" {
		return fmt.Sprintf("Verification %s did not fail: every requirement held (verified). Result: %s", id, resultURL(a.svc, id)), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Verification %s was **%s**", id, v.Decision)
	if v.Reason != "" {
		fmt.Fprintf(&b, ": %s", v.Reason)
	}
	b.WriteString(".\n")
	if v.RepairPrompt != "" {
		fmt.Fprintf(&b, "\nRepair prompt:\n\n%s\n", v.RepairPrompt)
	}
	if e := v.Evidence; e != nil {
		base := a.svc.PublicURL() + "/api/v1/verifications/" + id + "/evidence/"
		b.WriteString("\nEvidence (needs a read key):\n")
		if e.ReportFile != "" {
			fmt.Fprintf(&b, "- report: %s%s\n", base, e.ReportFile)
		}
		fmt.Fprintf(&b, "- manifest: %s%s\n", base, e.ManifestFile)
		shown := 0
		for _, art := range e.Artifacts {
			if shown == 8 {
				fmt.Fprintf(&b, "- and %d more in the manifest\n", len(e.Artifacts)-shown)
				break
			}
			fmt.Fprintf(&b, "- %s: %s%s\n", art.Kind, base, art.File)
			shown++
		}
	}
	fmt.Fprintf(&b, "\nResult: %s", resultURL(a.svc, id))
	return b.String(), nil
}

// Recheck starts a re-check of a failed verification.
func (a *assistant) Recheck(ctx context.Context, id string) (string, error) {
	v, err := a.svc.Recheck(ctx, a.p, id, "")
	if err != nil {
		return userError(err)
	}
	return fmt.Sprintf("Re-check started: verification **%s** (re-checks %s), billed as one verification. Ask \"status of %s\" to follow it.", v.ID, id, v.ID), nil
}

// Run starts a run of an approved plan.
func (a *assistant) Run(ctx context.Context, id string) (string, error) {
	v, err := a.svc.StartRun(ctx, a.p, service.CreateRequest{ReviewedPlanID: id})
	if err != nil {
		return userError(err)
	}
	return fmt.Sprintf("Run started: verification **%s** of plan %s, billed as one verification. Ask \"status of %s\" to follow it.", v.ID, id, v.ID), nil
}

// userError turns a refusal into the assistant's answer: the conversation
// goes on; only internal errors fail the request.
func userError(err error) (string, error) {
	var se *service.Error
	if !errors.As(err, &se) || se.Code == service.CodeInternal || se.Code == service.CodeServiceUnavailable {
		return "", err
	}
	msg := se.Message
	switch se.Code {
	case service.CodeInsufficientScope:
		msg = "This needs an API key with scope launch, because it starts a run and is billed; this conversation uses a read key."
	case service.CodePlanNotApproved:
		if se.ApproveURL != "" {
			msg += " A person approves it at " + se.ApproveURL
		}
	}
	return fmt.Sprintf("I could not do that (%s): %s", se.Code, msg), nil
}

func resultURL(svc *service.Service, id string) string {
	return svc.PublicURL() + "/console/verifications/" + id
}

// splitVerify reads "verify that <url> <claim>" (the URL may come first,
// last or after a colon) into the deployment URL and the claim. A URL
// with a path becomes the site's root and the path is named in the claim,
// which is how the claim language says which page.
func splitVerify(text string) (deployment, claim string, ok bool) {
	rest := verifyRe.ReplaceAllString(text, "")
	loc := urlRe.FindStringIndex(rest)
	if loc == nil {
		return "", "", false
	}
	raw := strings.TrimRight(rest[loc[0]:loc[1]], ".,;:!?)]")
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "", "", false
	}
	before := strings.TrimSpace(rest[:loc[0]])
	after := strings.TrimSpace(rest[loc[0]+len(raw):])
	page := "the home page"
	if p := u.EscapedPath(); p != "" && p != "/" {
		page = p
	}
	deployment = u.Scheme + "://" + u.Host + "/"
	if u.RawQuery != "" {
		// A query belongs to the page, not the site: keep the URL whole.
		deployment, page = raw, "the page"
	}
	switch {
	case before == "" && after == "":
		return deployment, "", true
	case before == "" && strings.ContainsRune(":,—-", firstRune(after)):
		claim = strings.TrimSpace(strings.TrimLeft(after, ":,—- "))
	case before == "":
		claim = page + " " + after
	default:
		before = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(before), " on"), " at"))
		claim = strings.TrimSpace(before + " " + after)
	}
	claim = strings.TrimSpace(strings.TrimRight(claim, ".!? "))
	return deployment, claim, true
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
