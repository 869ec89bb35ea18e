package runner

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
)

// maxPromptJourneys bounds the journeys RepairPrompt spells out in full; the
// rest are listed by name and reason.
const maxPromptJourneys = 3

// RepairPrompt returns the run's repair prompt: a header, then the prompt of
// every failed or blocked journey (failed first), or "" when the run was
// verified. It reads only the manifest, so a stored manifest gives the same
// prompt again. It is plain text, deterministic (no timings), and meant for
// a developer or a coding assistant.
func RepairPrompt(m *evidence.Manifest) string {
	if m == nil || m.Decision == evidence.Verified {
		return ""
	}
	var bad []evidence.JourneyResult
	for _, d := range []evidence.Decision{evidence.Failed, evidence.Blocked} {
		for _, j := range m.Journeys {
			if j.Decision == d {
				bad = append(bad, j)
			}
		}
	}
	if len(bad) == 0 {
		return ""
	}
	var b strings.Builder
	verb := "failed"
	if m.Decision == evidence.Blocked {
		verb = "was blocked"
	}
	fmt.Fprintf(&b, "vouch verification of %q %s against %s: %d of %d journeys %s.\n",
		m.PlanName, verb, m.BaseURL, len(bad), len(m.Journeys), decisionWords(bad))
	for i, j := range bad {
		b.WriteString("\n")
		if i == maxPromptJourneys {
			b.WriteString("Also not verified:\n")
			for _, r := range bad[i:] {
				fmt.Fprintf(&b, "  - journey %d %q (%s): %s\n", r.Index, r.Name, r.Decision, r.Reason)
			}
			break
		}
		p := j.RepairPrompt
		if p == "" {
			p = fmt.Sprintf("Journey %d %q %s: %s\n", j.Index, j.Name, j.Decision, j.Reason)
		}
		b.WriteString(strings.TrimRight(p, "\n"))
		b.WriteString("\n")
	}
	return b.String()
}

func decisionWords(js []evidence.JourneyResult) string {
	f, bl := 0, 0
	for _, j := range js {
		if j.Decision == evidence.Failed {
			f++
		} else {
			bl++
		}
	}
	switch {
	case bl == 0:
		return "failed"
	case f == 0:
		return "were blocked"
	}
	return fmt.Sprintf("did not pass (%d failed, %d blocked)", f, bl)
}

// journeyPrompt writes the repair prompt of a failed or blocked journey:
// what was claimed, the step and what it expected, what the page showed,
// and the evidence files to open. jr is nil for a journey that never
// reached the browser.
func (rs *runState) journeyPrompt(res *evidence.JourneyResult, jr *journeyRun) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	j := rs.p.Journeys[res.Index-1]

	// Which step ended the journey.
	at := -1
	for i, s := range res.Steps {
		if s.Status == evidence.StepFailed || s.Status == evidence.StepBlocked {
			at = i
			break
		}
	}
	guessed := at >= 0 && at < len(j.Steps) && j.Steps[at].Reach && res.Decision == evidence.Blocked
	guessedJSON := guessed && j.Steps[at].Kind == plan.ExpectJSON
	guessedText := guessed && j.Steps[at].Kind == plan.WaitFor && strings.HasPrefix(j.Steps[at].Target, "text=")
	if res.Decision == evidence.Failed {
		line("Journey %d %s failed: the app did not do what the plan says.", res.Index, plan.Quote(res.Name))
	} else if guessedJSON {
		line("Journey %d %s was blocked: the plan took the page to be a JSON response and it is not, so no verdict on the claim.", res.Index, plan.Quote(res.Name))
	} else if guessedText {
		line("Journey %d %s was blocked: the page does not show a name the claim gives without quotes, as the plan read it, so no verdict on the claim.", res.Index, plan.Quote(res.Name))
	} else if guessed {
		line("Journey %d %s was blocked: vouch could not reach the place the claim is about by the way the plan guessed, so no verdict on the claim.", res.Index, plan.Quote(res.Name))
	} else {
		line("Journey %d %s was blocked: vouch could not reach a verdict, for a reason outside the claim.", res.Index, plan.Quote(res.Name))
	}
	if req := requirement(rs.p, j.Requirement); req != nil {
		line("Requirement %s: %s", req.ID, req.Text)
	}
	line("Plan: %s (%s)", rs.p.Name, shortID(rs.p.ID()))
	if at < 0 {
		line("Reason: %s", res.Reason)
		return b.String()
	}
	sr := res.Steps[at]
	ps := j.Steps[at]
	b.WriteString("\n")
	line("Step %d of %d: %s", sr.Index, len(res.Steps), sr.Description)
	if spec, err := json.Marshal(ps); err == nil {
		line("  as written: %s", spec)
	}
	if sr.Expected != "" {
		line("  expected: %s", sr.Expected)
	}
	if sr.Actual != "" {
		line("  actual: %s", sr.Actual)
	}
	if sr.Error != "" {
		line("  why: %s", sr.Error)
	}
	if sr.SettledMS > 0 {
		line("  decided after %.1f s, before the step's time budget: the page had settled for %d ms (no navigation, request in flight, DOM change, animation or pending timer), so waiting longer could not change the outcome", sr.DurationMS/1000, sr.SettledMS)
	}
	if jr != nil && jr.page.URL != "" {
		p := "  page: " + jr.page.URL
		if jr.page.Status > 0 {
			p += fmt.Sprintf(" (HTTP %d)", jr.page.Status)
		}
		if jr.page.Title != "" {
			p += ", title " + plan.Quote(jr.page.Title)
		}
		line("%s", p)
		if len(jr.page.Messages) > 0 {
			q := make([]string, len(jr.page.Messages))
			for i, m := range jr.page.Messages {
				q[i] = strconv.Quote(m)
			}
			line("  the page says: %s", strings.Join(q, "; "))
		}
	}
	if jr != nil && jr.failure != nil && len(jr.failure.v.closest) > 0 && !strings.Contains(sr.Actual, "closest") {
		line("  closest matches on the page: %s", strings.Join(jr.failure.v.closest, "; "))
	}
	if at > 0 {
		line("")
		line("Steps before it passed:")
		for _, s := range res.Steps[:at] {
			line("  %d. %s", s.Index, s.Description)
		}
	}
	if rest := len(res.Steps) - at - 1; rest > 0 {
		line("%d later %s not run.", rest, plural(rest, "step was", "steps were"))
	}

	ev := evidenceLines(res, sr, jr)
	if len(ev) > 0 {
		line("")
		line("Evidence (files in the run directory):")
		for _, e := range ev {
			line("  %s", e)
		}
	}
	if len(res.Dialogs) > 0 {
		line("Dialogs the page opened (accepted): %s", strings.Join(firstN(res.Dialogs, 3), "; "))
	}
	if len(res.Popups) > 0 {
		line("Popups the page opened (closed): %s", strings.Join(firstN(res.Popups, 3), "; "))
	}
	if len(res.Downloads) > 0 {
		line("Downloads the page started (refused): %s", strings.Join(firstN(res.Downloads, 3), "; "))
	}
	line("")
	if res.Decision == evidence.Failed {
		line("What to do: change the app so that step %d holds as written, then re-run the same plan. If the app is right and the claim is out of date, write a new claim; do not edit the approved plan to fit the app.", sr.Index)
	} else if guessedJSON {
		line("What to do: say what the page shows (\"shows 'X'\") if it is a page rather than a JSON response, derive the plan again, and run it.")
	} else if guessedText {
		line("What to do: put the name in quotes in the claim, exactly as the page shows it, derive the plan again, and run it. If the page should show that text, change the app.")
	} else if guessed {
		line("What to do: say in the claim how the place is opened (\"after clicking 'Settings', the Preferences dialog shows …\", or the page's path), derive the plan again, and run it. If the app should have the control the plan looked for, add it.")
	} else {
		line("What to do: remove the obstacle (make the deployment reachable from the vouch runner, allow it in the target policy, supply the missing secret, or give the step more time), then re-run the same plan.")
	}
	return b.String()
}

// evidenceLines lists the files that show the failure.
func evidenceLines(res *evidence.JourneyResult, sr evidence.StepResult, jr *journeyRun) []string {
	var out []string
	if sr.Screenshot != "" {
		out = append(out, fmt.Sprintf("screenshot after step %d: %s", sr.Index, sr.Screenshot))
	} else {
		for i := len(res.Steps) - 1; i >= 0; i-- {
			if s := res.Steps[i]; s.Screenshot != "" {
				out = append(out, fmt.Sprintf("last screenshot (after step %d): %s", s.Index, s.Screenshot))
				break
			}
		}
	}
	if sr.DOM != "" {
		out = append(out, fmt.Sprintf("DOM snapshot at step %d: %s", sr.Index, sr.DOM))
	}
	if res.HAR != "" {
		out = append(out, "network log (HAR, opens in Chrome DevTools): "+res.HAR)
	}
	if res.Console != "" {
		c := "console log: " + res.Console
		if jr != nil {
			n := 0
			for _, e := range jr.console {
				if appError(e) {
					n++
				}
			}
			if n > 0 {
				c += fmt.Sprintf(" (%d %s)", n, plural(n, "error", "errors"))
			}
		}
		out = append(out, c)
	}
	return out
}

func requirement(p *plan.Plan, id string) *plan.Requirement {
	for i := range p.Requirements {
		if p.Requirements[i].ID == id {
			return &p.Requirements[i]
		}
	}
	return nil
}

func shortID(id string) string {
	if len(id) > 12 {
		return "plan " + id[:12]
	}
	return id
}

func firstN(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(append([]string(nil), xs[:n]...), fmt.Sprintf("and %d more", len(xs)-n))
}
