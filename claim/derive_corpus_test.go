package claim

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
	"go.yaml.in/yaml/v3"
)

// The -update flag (declared in plan_test.go) also rewrites
// fixtures/claims from what Derive makes of each claim; entries marked
// miss: are kept as written.

// corpusDir holds the claims corpus: YAML files of claims with the plan
// each must derive, or the refusal it must get.
// update rewrites fixtures/claims from what Derive makes of each claim.
var update = flag.Bool("update", false, "rewrite fixtures/claims from what Derive makes of each claim")

const corpusDir = "../fixtures/claims"

// corpusEntry is one claim of the corpus and what Derive must make of it.
type corpusEntry struct {
	Claim string `yaml:"claim"`
	// Plan is the expected plan; Notes the expected assumptions.
	Plan  yaml.Node `yaml:"plan,omitempty"`
	Notes []string  `yaml:"notes,omitempty"`
	// Refused is the expected refusal cause; Reason and Suggestions the
	// expected wording.
	Refused     string   `yaml:"refused,omitempty"`
	Reason      string   `yaml:"reason,omitempty"`
	Suggestions []string `yaml:"suggestions,omitempty"`
	// Miss marks a claim Derive gets wrong today: its plan or refusal is
	// written by hand, kept by -update, and counted against coverage.
	Miss string `yaml:"miss,omitempty"`
	// Testapp is the decision the plan gets against a healthy testapp;
	// Breaks names a testapp switch that makes it fail instead. The
	// end-to-end test runs these.
	Testapp string `yaml:"testapp,omitempty"`
	Breaks  string `yaml:"breaks,omitempty"`
}

type corpusFile struct {
	path    string
	entries []corpusEntry
}

func readCorpus(t testing.TB) []corpusFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusDir, "*.yaml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus in %s: %v", corpusDir, err)
	}
	sort.Strings(paths)
	var out []corpusFile
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var es []corpusEntry
		if err := yaml.Unmarshal(b, &es); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, corpusFile{path: p, entries: es})
	}
	return out
}

// expectedPlan reads an entry's plan.
func (e *corpusEntry) expectedPlan() (*plan.Plan, error) {
	if e.Plan.Kind == 0 {
		return nil, fmt.Errorf("no plan")
	}
	b, err := yaml.Marshal(&e.Plan)
	if err != nil {
		return nil, err
	}
	return plan.Parse(b)
}

// record sets an entry's expectations from what Derive makes of it now.
func (e *corpusEntry) record(d Derivation, err error) {
	e.Plan, e.Notes, e.Refused, e.Reason, e.Suggestions = yaml.Node{}, nil, "", "", nil
	if err != nil {
		np := err.(*NotProvableError)
		e.Refused, e.Reason, e.Suggestions = np.Cause, np.Reason, np.Suggestions
		return
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(d.Plan.YAML(), &doc); err != nil {
		panic(err)
	}
	e.Plan = *doc.Content[0]
	e.Notes = d.Notes
}

// TestDeriveCorpus derives every claim of fixtures/claims and compares the
// result with the plan or refusal written there; it prints the coverage
// figures the issue asks for.
func TestDeriveCorpus(t *testing.T) {
	files := readCorpus(t)
	var provable, exact, unprovable, refusedOK int
	seen := map[string]string{}
	for fi := range files {
		f := &files[fi]
		name := filepath.Base(f.path)
		for i := range f.entries {
			e := &f.entries[i]
			if prev, dup := seen[e.Claim]; dup {
				t.Errorf("%s: claim %q is also in %s", name, e.Claim, prev)
			}
			seen[e.Claim] = name
			d, err := Derive(e.Claim)
			if *update && e.Miss == "" {
				e.record(d, err)
			}
			where := fmt.Sprintf("%s #%d %q", name, i+1, e.Claim)
			if e.Refused != "" {
				unprovable++
				ok := checkRefusal(t, where, e, err)
				if ok {
					refusedOK++
				} else if e.Miss != "" {
					t.Logf("known miss: %s: %s", where, e.Miss)
				} else {
					t.Errorf("%s: want refusal %q, got %v", where, e.Refused, errSummary(d, err))
				}
				continue
			}
			provable++
			want, perr := e.expectedPlan()
			if perr != nil {
				t.Errorf("%s: bad expected plan: %v", where, perr)
				continue
			}
			if err != nil {
				if e.Miss != "" {
					t.Logf("known miss: %s: %s", where, e.Miss)
				} else {
					t.Errorf("%s: refused: %v", where, err)
				}
				continue
			}
			checkDerivation(t, where, d)
			if d.Plan.ID() == want.ID() {
				exact++
				if e.Miss != "" {
					t.Errorf("%s: marked as a miss but now derived as expected: remove miss", where)
				}
				if !equalStrings(d.Notes, e.Notes) {
					t.Errorf("%s: notes differ (run with -update and review the diff):\n got %q\nwant %q", where, d.Notes, e.Notes)
				}
				continue
			}
			if e.Miss != "" {
				t.Logf("known miss: %s: %s", where, e.Miss)
				continue
			}
			t.Errorf("%s: derived plan differs (run with -update and review the diff):\n got %s\nwant %s", where, d.Plan.Canonical(), want.Canonical())
		}
	}
	if *update {
		for _, f := range files {
			writeCorpus(t, f)
		}
	}
	fmt.Printf("derivation coverage: %d/%d provable claims derived exactly as expected (%.1f%%)\n", exact, provable, pct(exact, provable))
	fmt.Printf("refusal coverage: %d/%d unprovable claims refused with a repair prompt (%.1f%%)\n", refusedOK, unprovable, pct(refusedOK, unprovable))
	if provable+unprovable < 200 {
		t.Errorf("the corpus has %d claims; it needs at least 200", provable+unprovable)
	}
	if provable > 0 && pct(exact, provable) < 95 {
		t.Errorf("derivation coverage %.1f%% is under the 95%% target", pct(exact, provable))
	}
	if refusedOK != unprovable {
		t.Errorf("refusal coverage %d/%d: every unprovable claim must be refused", refusedOK, unprovable)
	}
}

// checkRefusal reports whether err is the expected refusal with a repair
// prompt and suggestions that Derive itself accepts.
func checkRefusal(t *testing.T, where string, e *corpusEntry, err error) bool {
	np, ok := err.(*NotProvableError)
	if !ok || np.Cause != e.Refused {
		return false
	}
	if np.RepairPrompt() == "" || len(np.Suggestions) > 3 {
		t.Errorf("%s: refusal without a repair prompt or with %d suggestions", where, len(np.Suggestions))
		return false
	}
	for _, s := range np.Suggestions {
		if _, err := Derive(s); err != nil {
			t.Errorf("%s: suggestion %q is itself refused: %v", where, s, err)
			return false
		}
	}
	if e.Miss == "" && (np.Reason != e.Reason || !equalStrings(np.Suggestions, e.Suggestions)) {
		t.Errorf("%s: refusal wording differs (run with -update and review the diff):\n got %q %q\nwant %q %q", where, np.Reason, np.Suggestions, e.Reason, e.Suggestions)
	}
	return true
}

// checkDerivation checks what every derivation must satisfy: a plan that
// survives its canonical round trip, journeys that each prove a
// requirement, requirements that are each proven, and notes.
func checkDerivation(t *testing.T, where string, d Derivation) {
	t.Helper()
	q, err := plan.Parse(d.Plan.Canonical())
	if err != nil || q.ID() != d.Plan.ID() {
		t.Errorf("%s: plan does not survive Parse(Canonical()): %v", where, err)
	}
	if len(d.Requirements) == 0 || len(d.Requirements) != len(d.Plan.Requirements) {
		t.Errorf("%s: %d requirements for %d in the plan", where, len(d.Requirements), len(d.Plan.Requirements))
	}
	for _, r := range d.Requirements {
		if r.ID == "" || r.Text == "" || r.Kind == "" || len(r.ProvenBy) == 0 {
			t.Errorf("%s: requirement %+v lacks an id, text, kind or proof", where, r)
		}
		for _, ref := range r.ProvenBy {
			j := d.Plan.Journeys[ref.Journey-1]
			if j.Requirement != r.ID || !j.Steps[ref.Step-1].Kind.IsAssertion() {
				t.Errorf("%s: %s proven by %+v, which is not one of its assertions", where, r.ID, ref)
			}
		}
	}
	for _, j := range d.Plan.Journeys {
		if j.Requirement == "" {
			t.Errorf("%s: journey %q traces to no requirement", where, j.Name)
		}
	}
	if d.Notes == nil {
		t.Errorf("%s: nil notes", where)
	}
}

func writeCorpus(t *testing.T, f corpusFile) {
	t.Helper()
	old, _ := os.ReadFile(f.path)
	var header []string
	for _, l := range strings.SplitAfter(string(old), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		header = append(header, l)
	}
	var b bytes.Buffer
	b.WriteString(strings.Join(header, ""))
	for i, e := range f.entries {
		if i > 0 {
			b.WriteString("\n")
		}
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode([]corpusEntry{e}); err != nil {
			t.Fatal(err)
		}
		enc.Close()
	}
	if err := os.WriteFile(f.path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func errSummary(d Derivation, err error) string {
	if err != nil {
		return err.Error()
	}
	return string(d.Plan.Canonical())
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}
