package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/vouchdev/vouch/claim"
	"github.com/vouchdev/vouch/llmderive"
	"github.com/vouchdev/vouch/plan"
)

func init() {
	register(&command{
		name:    "derive",
		summary: "Turn a one-sentence claim into requirements and a plan, or say why it cannot be proven.",
		usage:   `"CLAIM"|- [--url BASE] [--json] [--model]`,
		run:     deriveCmd,
	})
}

// derivation is what --json prints: the derivation, its plan's identity
// and the base URL it was derived for. `vouch run -` reads its "plan".
type derivation struct {
	claim.Derivation
	PlanID  string `json:"plan_id"`
	BaseURL string `json:"base_url,omitempty"`
}

func deriveCmd(ctx context.Context, e *env, args []string) int {
	c := commands["derive"]
	fs := newFlags(e, c)
	var base string
	var asJSON, model bool
	fs.StringVar(&base, "url", "", "base URL the plan will run against: shown with each page, and checked against URLs in the claim")
	fs.BoolVar(&asJSON, "json", false, "print the derivation as JSON (pipe it to: vouch run - --url BASE)")
	fs.BoolVar(&model, "model", false, "let the model configured by VOUCH_DERIVE_URL, VOUCH_DERIVE_MODEL and VOUCH_DERIVE_KEY rewrite claims the rules refuse into the claim language (the rules still derive the plan)")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(e, c, "give the claim, in quotes, or - to read it from standard input")
	}
	text := strings.Join(pos, " ")
	if text == "-" {
		b, err := io.ReadAll(io.LimitReader(e.stdin, 4*claim.MaxClaimLen+1))
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch derive: reading the text: %v\n", err)
			return exitUsage
		}
		text = strings.TrimSpace(string(b))
	}
	var baseURL *url.URL
	if base != "" {
		u, err := url.Parse(base)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return usageError(e, c, "--url %q must be an http(s) URL such as https://app.example.com", base)
		}
		baseURL = u
	}

	var d claim.Deriver = claim.Rules{}
	if model {
		cfg, err := llmderive.ConfigFromEnv(e.getenv)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch derive: --model: %v\n", err)
			return exitUsage
		}
		md, err := llmderive.New(cfg)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch derive: --model: %v\n", err)
			return exitUsage
		}
		d = md
	}
	var res claim.Derivation
	var err error
	if _, rules := d.(claim.Rules); rules && baseURL != nil {
		// A --url that names a page (…/about.html) is the page the claim
		// means; the plan runs against its directory.
		var runBase *url.URL
		if res, runBase, err = claim.DeriveAt(text, baseURL); err == nil && runBase != nil {
			baseURL, base = runBase, runBase.String()
		}
	} else {
		res, err = d.Derive(ctx, text)
	}
	if err != nil {
		var np *claim.NotProvableError
		if !errors.As(err, &np) {
			fmt.Fprintf(e.stderr, "vouch derive: %v\n", err)
			return exitError
		}
		if asJSON {
			deriveWriteJSON(e.stdout, map[string]any{"error": map[string]any{
				"code": np.Code(), "cause": np.Cause, "message": np.Reason,
				"repair_prompt": np.RepairPrompt(), "suggestions": np.Suggestions,
			}})
		}
		fmt.Fprintf(e.stderr, "vouch derive: text not provable; nothing to run.\n\n%s", np.RepairPrompt())
		return exitRefused
	}
	warnOtherOrigins(e.stderr, text, baseURL)
	if asJSON {
		deriveWriteJSON(e.stdout, derivation{Derivation: res, PlanID: res.Plan.ID(), BaseURL: base})
		return 0
	}
	printDerivation(e.stdout, res, baseURL)
	return 0
}

// printDerivation writes the plan as YAML, preceded by the requirements
// and assumptions as comments, so the output is itself a plan file that
// `vouch run` reads.
func printDerivation(w io.Writer, d claim.Derivation, base *url.URL) {
	fmt.Fprintf(w, "# vouch derive: %s\n", deriveOneLine(d.Claim))
	fmt.Fprintf(w, "# plan id: %s\n#\n# Requirements (each proven by the assertions listed):\n", d.Plan.ID())
	for _, r := range d.Requirements {
		fmt.Fprintf(w, "#   %s [%s] %s\n", r.ID, r.Kind, deriveOneLine(r.Text))
		var refs []string
		for _, p := range r.ProvenBy {
			refs = append(refs, fmt.Sprintf("journey %d step %d", p.Journey, p.Step))
		}
		fmt.Fprintf(w, "#      proven by %s\n", strings.Join(refs, ", "))
	}
	if base != nil {
		fmt.Fprintf(w, "#\n# Pages, on %s:\n", base.String())
		for _, j := range d.Plan.Journeys {
			if len(j.Steps) > 0 && j.Steps[0].Kind == plan.Visit {
				fmt.Fprintf(w, "#   %s  %s\n", j.Requirement, derivePageURL(base, j.Steps[0].Value))
			}
		}
	}
	if len(d.Notes) > 0 {
		fmt.Fprintf(w, "#\n# Assumptions (edit the plan if one is wrong):\n")
		for _, n := range d.Notes {
			fmt.Fprintf(w, "#   - %s\n", deriveOneLine(n))
		}
	}
	if secrets := d.Plan.Secrets(); len(secrets) > 0 {
		fmt.Fprintf(w, "#\n# Secrets the run needs (set VOUCH_SECRET_<NAME> or <NAME>): %s\n", strings.Join(secrets, ", "))
	}
	fmt.Fprintf(w, "#\n")
	w.Write(d.Plan.YAML())
}

func derivePageURL(base *url.URL, path string) string {
	ref, err := url.Parse(path)
	if err != nil {
		return path
	}
	if ref.IsAbs() || !strings.HasPrefix(path, "/") {
		return base.ResolveReference(ref).String()
	}
	// As the runner joins them: a path is appended to the base URL's path.
	u := *base
	u.Path = strings.TrimSuffix(base.Path, "/") + ref.Path
	u.RawPath, u.RawQuery, u.Fragment = "", ref.RawQuery, ref.Fragment
	return u.String()
}

// warnOtherOrigins notes URLs in the claim that are not on --url: Derive
// keeps only their paths, so they run against the base URL.
func warnOtherOrigins(w io.Writer, claim string, base *url.URL) {
	if base == nil {
		return
	}
	for _, f := range strings.Fields(claim) {
		f = strings.Trim(f, `"'.,;:()“”‘’`)
		u, err := url.Parse(f)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		if u.Scheme != base.Scheme || u.Host != base.Host {
			fmt.Fprintf(w, "vouch derive: note: the claim names %s, but the plan runs its path against %s\n", f, base.String())
		}
	}
}

func deriveOneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func deriveWriteJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
