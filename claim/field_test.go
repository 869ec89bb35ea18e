package claim

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/vouchdev/vouch/claim/fieldapps"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

// The field corpus measures the claim language on real third-party apps
// (testdata/field/README.md): json-server, Swagger UI and Node-RED from
// npm, Transmission's web interface, Syncthing's web GUI, Prometheus's
// and Jupyter Notebook from Debian, TiddlyWiki and Verdaccio from npm, and
// a dead target, started by package fieldapps (whose own test runs the
// hand-written plans behind the expected decisions). Each claim carries
// the decision a person reached by looking at the app; the test derives
// it, runs the plan in Chromium, and prints per part how many claims were
// derived faithfully, decided wrongly, refused, and refused with a
// faithful first suggestion.

// fieldEntry is one claim of the field corpus.
type fieldEntry struct {
	App    string `yaml:"app"`
	Claim  string `yaml:"claim"`
	Expect string `yaml:"expect"` // verified, failed, refused or blocked
	// Known says why vouch decides this claim wrongly today: counted as a
	// wrong decision, but not a test failure.
	Known string `yaml:"known"`
}

func readField(t *testing.T, file string) []fieldEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata/field", file))
	if err != nil {
		t.Fatal(err)
	}
	var es []fieldEntry
	if err := yaml.Unmarshal(b, &es); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for i, e := range es {
		switch e.Expect {
		case "verified", "failed", "refused", "blocked":
		default:
			t.Fatalf("%s entry %d: expect %q", file, i+1, e.Expect)
		}
	}
	return es
}

// fieldOutcome is what vouch made of one claim.
type fieldOutcome struct {
	e          fieldEntry
	derived    bool
	faithful   bool   // every quoted text, path and number is in the plan
	decision   string // the run's decision, for derived claims
	refusal    *NotProvableError
	suggestion string // why the first suggestion is not faithful ("" when it is)
	// suggDecision is the run's decision on the first suggestion of a
	// refused claim a browser can decide.
	suggDecision string
}

func TestFieldCorpus(t *testing.T) {
	apps := fieldapps.Start(t, "testdata/field")
	r, err := runner.New(runner.Config{Evidence: runner.EvidenceOff, Workers: 2, StepTimeout: 30 * time.Second, // a budget, not a speed measure: a loaded CI machine must not turn a slow load into a wrong decision
		Policy: &netpolicy.Policy{Allow: []string{"127.0.0.1"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })

	// Every part's plans are started before any figure is counted, so the
	// runner's workers stay busy across parts (a part's last slow plan no
	// longer holds up the next part's first).
	type partRun struct {
		name string
		es   []fieldEntry
		out  []fieldOutcome
	}
	var parts []partRun
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	// runPlan runs p against base in the background, three at a time,
	// and hands the result to done.
	runPlan := func(p *plan.Plan, base string, done func(*runner.Result, error)) {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			done(r.Run(ctx, p, runner.Options{BaseURL: base}))
		})
	}
	// The first suggestions of refused claims are run only on request: a
	// figure for the notes, no verdict of the test, and a sixth of the
	// corpus's browser time.
	runSugg := os.Getenv("VOUCH_FIELD_SUGGESTIONS") != ""

	for _, part := range []struct{ name, file string }{{"tuned", "tuning.yaml"}, {"held-out", "heldout.yaml"}, {"held-out 2", "heldout2.yaml"}, {"held-out audit", "heldout-audit.yaml"}, {"held-out 3", "heldout3.yaml"}, {"held-out 4", "heldout4.yaml"}, {"held-out 5", "heldout5.yaml"}, {"held-out 6", "heldout6.yaml"}, {"held-out 7", "heldout7.yaml"}, {"held-out 8", "heldout8.yaml"}, {"held-out 9", "heldout9.yaml"}, {"held-out 10", "heldout10.yaml"}, {"held-out 11", "heldout11.yaml"}, {"held-out 12", "heldout12.yaml"}, {"held-out 13", "heldout13.yaml"}, {"held-out 14", "heldout14.yaml"}, {"held-out 15", "heldout15.yaml"}, {"held-out 16", "heldout16.yaml"}, {"held-out 17", "heldout17.yaml"}, {"held-out 18", "heldout18.yaml"}, {"held-out 19", "heldout19.yaml"}, {"held-out 20", "heldout20.yaml"}, {"held-out 21", "heldout21.yaml"}, {"held-out 22", "heldout22.yaml"}, {"held-out 23", "heldout23.yaml"}, {"held-out 24", "heldout24.yaml"}, {"held-out 25", "heldout25.yaml"}, {"held-out 26", "heldout26.yaml"}, {"held-out 27", "heldout27.yaml"}, {"held-out 28", "heldout28.yaml"}} {
		if only := os.Getenv("VOUCH_FIELD_PARTS"); only != "" && !slices.Contains(strings.Split(only, ","), part.file) {
			t.Logf("field corpus %s: not run (VOUCH_FIELD_PARTS=%s)", part.name, only)
			continue
		}
		es := readField(t, part.file)
		out := make([]fieldOutcome, len(es))
		parts = append(parts, partRun{part.name, es, out})
		for i, e := range es {
			out[i] = fieldOutcome{e: e}
			d, err := Derive(e.Claim)
			if err != nil {
				var np *NotProvableError
				if !errors.As(err, &np) {
					t.Fatalf("%q: %v", e.Claim, err)
				}
				out[i].refusal = np
				out[i].suggestion = suggestionFault(e.Claim, np)
				if runSugg && e.Expect != "refused" && out[i].suggestion == "" {
					// Run the first suggestion too: how often it decides
					// as a person decided the claim (a labelled one checks
					// less, so it may not).
					if sd, err := Derive(np.Suggestions[0]); err == nil {
						o := &out[i]
						runPlan(sd.Plan, apps[e.App], func(res *runner.Result, err error) {
							if err != nil {
								o.suggDecision = "error: " + err.Error()
								return
							}
							o.suggDecision = string(res.Decision)
						})
					}
				}
				continue
			}
			out[i].derived = true
			out[i].faithful = Missing(e.Claim, d.Plan) == ""
			o := &out[i]
			runPlan(d.Plan, apps[e.App], func(res *runner.Result, err error) {
				if err != nil {
					o.decision = "error: " + err.Error()
					return
				}
				o.decision = string(res.Decision)
				if res.Decision != evidence.Decision(o.e.Expect) && o.e.Expect != "refused" && res.Manifest != nil {
					for _, j := range res.Manifest.Journeys {
						if j.Reason != "" {
							o.decision += " (" + j.Reason + ")"
							break
						}
					}
				}
			})
		}
	}
	wg.Wait()
	for _, pr := range parts {
		part, es, out := pr, pr.es, pr.out
		var provable, faithful, wrong, known, refusals, goodFirst, labelled int
		// A run blocked because the plan's guess of how to reach the place
		// a claim is about went nowhere (a reach step), or because it needs
		// a secret the corpus gives no run, is no verdict, and so never a
		// wrong one: counted apart as not decided.
		var undecided int
		// Refusals of claims a browser can decide need a rephrasing; a
		// claim refused on purpose (speed, backups, judgements) is served
		// as well by none as by one that checks what it names.
		var provRefused, provGood, purpose, purposeNone, suggRun, suggSame int
		for _, o := range out {
			if o.e.Expect != "refused" {
				provable++
			}
			switch {
			case o.derived && o.e.Expect == "refused":
				wrong++
				t.Logf("WRONG %s %q: derived and ran (%s); it cannot be proven in a browser", part.name, o.e.Claim, o.decision)
			case o.derived && o.e.Expect != "blocked" && strings.HasPrefix(o.decision, "blocked ") && (strings.Contains(o.decision, "could not reach the place the claim is about") || strings.Contains(o.decision, "which this run was not given")):
				// (or one that needs secrets, a password say, that a
				// person gives when the run starts and the corpus does not)
				undecided++
				t.Logf("not decided %s %q: %s, a person decided %s", part.name, o.e.Claim, o.decision, o.e.Expect)
			case o.derived && strings.SplitN(o.decision, " ", 2)[0] != o.e.Expect:
				wrong++
				if o.e.Known != "" {
					known++
				}
				t.Logf("WRONG %s %q: %s, expected %s", part.name, o.e.Claim, o.decision, o.e.Expect)
			case o.derived && o.faithful:
				faithful++
			case o.derived:
				t.Logf("unfaithful %s %q: %s", part.name, o.e.Claim, Missing(o.e.Claim, mustDerive(o.e.Claim)))
			}
			if o.refusal != nil {
				refusals++
				if o.e.Expect == "refused" {
					purpose++
					if len(o.refusal.Suggestions) == 0 {
						purposeNone++
					}
				} else {
					provRefused++
					if o.suggestion == "" {
						provGood++
					}
					if o.suggDecision != "" {
						suggRun++
						if o.suggDecision == o.e.Expect {
							suggSame++
						} else {
							t.Logf("suggestion %s %q for %q: %s, a person decided the claim %s", part.name, o.refusal.Suggestions[0], o.e.Claim, o.suggDecision, o.e.Expect)
						}
					}
				}
				if o.suggestion == "" {
					goodFirst++
					if strings.Contains(o.refusal.Suggestions[0], labelSep) {
						labelled++
					}
				} else {
					t.Logf("refused %s %q (%s): first suggestion %s", part.name, o.e.Claim, o.refusal.Reason, o.suggestion)
				}
			}
		}
		line := fmt.Sprintf("field corpus %s: %d claims; faithful derivations %d/%d provable claims; wrong decisions %d; refusals %d (%d expected); faithful first suggestions %d/%d refusals (%d of them labelled as checking less); of provable claims refused %d/%d; refused on purpose %d, %d of them with no suggestion; not decided (blocked reaching a guessed place, or needing a secret) %d",
			part.name, len(es), faithful, provable, wrong, refusals, len(es)-provable, goodFirst, refusals, labelled, provGood, provRefused, purpose, purposeNone, undecided)
		fieldReport(t, line)
		if runSugg {
			fieldReport(t, fmt.Sprintf("field corpus %s: first suggestions of refused provable claims, run: %d/%d decide as a person decided the claim", part.name, suggSame, suggRun))
		}
		if wrong > known {
			t.Errorf("%s: %d wrong decisions (want 0; %d known)", part.name, wrong, known)
		}
	}
}

// fieldReport prints a figure line, and appends it to the file
// $VOUCH_FIELD_REPORT names: "go test ./..." prints nothing of a package
// that passes, so a CI run keeps its figures there.
func fieldReport(t *testing.T, line string) {
	fmt.Println(line)
	t.Log(line)
	if f := os.Getenv("VOUCH_FIELD_REPORT"); f != "" {
		w, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Errorf("VOUCH_FIELD_REPORT: %v", err)
			return
		}
		defer w.Close()
		if _, err := fmt.Fprintln(w, line); err != nil {
			t.Errorf("VOUCH_FIELD_REPORT: %v", err)
		}
	}
}

func mustDerive(text string) *plan.Plan {
	d, err := Derive(text)
	if err != nil {
		return nil
	}
	return d.Plan
}

// suggestionFault says why a refusal's first suggestion is not a faithful
// rephrasing ("" when it is): it must derive, and either keep the claim's
// meaning (Faithful) or carry the label that says what it leaves out.
func suggestionFault(text string, np *NotProvableError) string {
	if len(np.Suggestions) == 0 {
		return "missing"
	}
	s := np.Suggestions[0]
	d, err := Derive(s)
	if err != nil {
		return fmt.Sprintf("%q does not derive", s)
	}
	// A suggestion that says something else is unfaithful even labelled:
	// a flipped negation, the generic "loads without errors" for a claim
	// about something else, a pressed key turned into a click or a text.
	if why := ChangesMeaning(text, s, d.Plan); why != "" {
		return fmt.Sprintf("%q %s", s, why)
	}
	labelled := strings.Contains(s, labelSep) && strings.Contains(s, "; it does not check")
	if pa := InventedPath(text, s); pa != "" && !(labelled && strings.Contains(s, "is a guess")) {
		return fmt.Sprintf("%q invents the path %s without saying it is a guess", s, pa)
	}
	if labelled {
		// A label must name an action the suggestion leaves out: without
		// it the suggestion checks another state and does not say so.
		if a := DropsActionUnsaid(text, s); a != "" {
			return fmt.Sprintf("%q leaves out %q without its label saying so", s, a)
		}
		return ""
	}
	if !Faithful(text, s, d.Plan) {
		return fmt.Sprintf("%q checks something else without saying so", s)
	}
	return ""
}
