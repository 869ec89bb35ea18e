package plan

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestIdentityIgnoresSpelling(t *testing.T) {
	y, err := Parse(readFile(t, "signin.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	j, err := Parse(readFile(t, "signin.json"))
	if err != nil {
		t.Fatal(err)
	}
	if y.ID() != j.ID() {
		t.Errorf("YAML and JSON spellings of one plan differ:\n%s\n%s", y.Canonical(), j.Canonical())
	}
	// The canonical form reads back to itself.
	again, err := Parse(y.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if again.ID() != y.ID() {
		t.Errorf("canonical JSON does not round-trip")
	}
	// So does the YAML rendering.
	fromYAML, err := Parse(y.YAML())
	if err != nil {
		t.Fatalf("YAML rendering does not parse: %v\n%s", err, y.YAML())
	}
	if fromYAML.ID() != y.ID() {
		t.Errorf("YAML rendering changes the plan:\n%s", y.YAML())
	}
	golden(t, "signin.canonical.json", append(y.Canonical(), '\n'))
	golden(t, "signin.rendered.yaml", y.YAML())
	if got := y.Secrets(); len(got) != 1 || got[0] != "DEMO_PASSWORD" {
		t.Errorf("Secrets() = %v", got)
	}
}

func TestIdentityChangesWithContent(t *testing.T) {
	a, err := Parse(readFile(t, "signin.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Parse(readFile(t, "signin.yaml"))
	b.Journeys[0].Steps[5].Value = "Welcome back!"
	if a.ID() == b.ID() {
		t.Error("a changed step kept the plan's ID")
	}
}

func TestEveryStepKind(t *testing.T) {
	p, err := Parse(readFile(t, "every-step.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Kind]bool{}
	for _, s := range p.Journeys[0].Steps {
		seen[s.Kind] = true
	}
	for _, k := range Kinds {
		if !seen[k] {
			t.Errorf("fixture lacks step kind %s", k)
		}
	}
	again, err := Parse(p.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if again.ID() != p.ID() {
		t.Errorf("round trip changed the plan:\n%s\n%s", p.Canonical(), again.Canonical())
	}
	var lines []string
	for _, s := range p.Journeys[0].Steps {
		lines = append(lines, s.Describe())
	}
	golden(t, "every-step.described.txt", []byte(strings.Join(lines, "\n")+"\n"))
	golden(t, "every-step.canonical.json", append(p.Canonical(), '\n'))
}

func TestParseErrors(t *testing.T) {
	const head = "version: 1\nname: x\njourneys:\n  - name: j\n    steps:\n      - visit: /\n"
	tests := []struct {
		name, doc string
		want      []string // substrings of the error
	}{
		{"empty", "", []string{"plan is empty"}},
		{"malformed yaml", "name: [unclosed\n", []string{"malformed YAML"}},
		{"malformed json", `{"name": "x",`, []string{"malformed JSON"}},
		{"json syntax position", "{\n\"name\": \"x\"\n\"journeys\": []}", []string{"line 3"}},
		{"unknown top field", "name: x\njournies: []\n", []string{`unknown field "journies"`}},
		{"no journeys", "name: x\njourneys: []\n", []string{"at least one journey"}},
		{"no name", "journeys:\n  - name: j\n    steps:\n      - visit: /\n", []string{`field "name"`, "needs a name"}},
		{"bad version", "version: 2\nname: x\njourneys:\n  - name: j\n    steps:\n      - visit: /\n", []string{"unsupported version 2"}},
		{"empty journey", "name: x\njourneys:\n  - name: j\n    steps: []\n", []string{`journey 1 "j"`, "at least one step"}},
		{"unknown step", head + "      - clik: text=Go\n", []string{`journey 1 "j", step 2`, `unknown step "clik"`, `did you mean "click"`}},
		{"two kinds in one step", head + "      - click: text=A\n        hover: text=B\n", []string{"step 2", "exactly one"}},
		{"bad target kind", head + "      - click: lable=Email\n", []string{"step 2", `field "click"`, `unknown target kind "lable"`, `did you mean "label"`}},
		{"unquoted role name", head + "      - click: role=button[name=Save]\n", []string{"must be quoted"}},
		{"bad role attribute", head + "      - click: 'role=button[label=\"Save\"]'\n", []string{`unknown attribute "label"`}},
		{"unclosed role bracket", head + "      - click: 'role=button[name=\"Save\"'\n", []string{"unclosed ["}},
		{"xpath", head + "      - click: //button\n", []string{"XPath"}},
		{"fill without target", head + "      - fill: {value: x}\n", []string{`field "fill.target"`, "needs a target"}},
		{"fill scalar", head + "      - fill: hello\n", []string{"fill takes"}},
		{"fill value and secret", head + "      - fill: {target: label=A, value: x, secret: B}\n", []string{"either value or secret"}},
		{"secret that looks like a password", head + "      - fill: {target: label=A, secret: \"hunter2!\"}\n", []string{"not the secret itself"}},
		{"unknown arg field", head + "      - fill: {target: label=A, text: x}\n", []string{`does not take "text"`}},
		{"object for scalar step", head + "      - click: {target: text=A}\n", []string{"takes a single value"}},
		{"first step not visit", "name: x\njourneys:\n  - name: j\n    steps:\n      - click: text=A\n", []string{"step 1", "must be visit"}},
		{"bad visit", head + "      - visit: ftp://x/\n", []string{"path starting with /"}},
		{"protocol-relative visit", head + "      - visit: //evil.test/\n", []string{"path starting with /"}},
		{"bad key", head + "      - press: Entr\n", []string{`unknown key "Entr"`, `did you mean "Enter"`}},
		{"bad modifier", head + "      - press: Ctrl+A\n", []string{`unknown modifier "Ctrl"`}},
		{"bad status", head + "      - expect_status: 999\n", []string{"between 100 and 599"}},
		{"status not a number", head + "      - expect_status: ok\n", []string{"HTTP status code"}},
		{"count missing", head + "      - expect_count: {target: css=li}\n", []string{"needs a count"}},
		{"negative count", head + "      - expect_count: {target: css=li, count: -1}\n", []string{"0 or more"}},
		{"console false", head + "      - expect_no_console_errors: false\n", []string{"takes true"}},
		{"bad timeout", head + "      - expect_text: Hi\n        timeout: soon\n", []string{`field "timeout"`, "not a duration"}},
		{"huge timeout", head + "      - expect_text: Hi\n        timeout: 1h\n", []string{"timeout must be between"}},
		{"duplicate journey", "name: x\njourneys:\n  - name: j\n    steps: [{visit: /}]\n  - name: j\n    steps: [{visit: /}]\n", []string{"duplicate journey name"}},
		{"unknown requirement", "name: x\nrequirements: [{id: R1, text: t}]\njourneys:\n  - name: j\n    requirement: R2\n    steps: [{visit: /}, {expect_text: a}]\n", []string{`no requirement has id "R2"`, "R1 is proven by no assertion"}},
		{"unproven requirement", "name: x\nrequirements: [{id: R1, text: t}]\njourneys:\n  - name: j\n    requirement: R1\n    steps: [{visit: /}]\n", []string{"R1 is proven by no assertion"}},
		{"step not an object", head + "      - visit\n", []string{"needs an argument"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.doc))
			if err == nil {
				t.Fatalf("no error; plan %s", p.Canonical())
			}
			if p != nil {
				t.Error("a plan with errors was returned")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in, canonical string
		want          Target
	}{
		{`role=button[name="Sign in"]`, `role=button[name="Sign in"]`, Target{Kind: ByRole, Value: "button", Name: "Sign in"}},
		{`role=button[name='Sign in']`, `role=button[name="Sign in"]`, Target{Kind: ByRole, Value: "button", Name: "Sign in"}},
		{`role=button[name="Sign in" s]`, `role=button[name="Sign in" s]`, Target{Kind: ByRole, Value: "button", Name: "Sign in", Exact: true}},
		{`role=heading[name="A [b]"][level=2]`, `role=heading[name="A [b]"][level=2]`, Target{Kind: ByRole, Value: "heading", Name: "A [b]", Level: 2}},
		{`role=link`, `role=link`, Target{Kind: ByRole, Value: "link"}},
		{`text=Welcome`, `text=Welcome`, Target{Kind: ByText, Value: "Welcome"}},
		{`text="Welcome back"`, `text="Welcome back"`, Target{Kind: ByText, Value: "Welcome back", Exact: true}},
		{`label=Email`, `label=Email`, Target{Kind: ByLabel, Value: "Email"}},
		{`placeholder=What needs to be done?`, `placeholder=What needs to be done?`, Target{Kind: ByPlaceholder, Value: "What needs to be done?"}},
		{`alt=Logo`, `alt=Logo`, Target{Kind: ByAlt, Value: "Logo"}},
		{`testid=plan-free`, `testid=plan-free`, Target{Kind: ByTestID, Value: "plan-free", Exact: true}},
		{`css=form > button.primary`, `css=form > button.primary`, Target{Kind: ByCSS, Value: "form > button.primary", Exact: true}},
		{`#main .title`, `css=#main .title`, Target{Kind: ByCSS, Value: "#main .title"}},
		{`input[name=q]`, `css=input[name=q]`, Target{Kind: ByCSS, Value: "input[name=q]"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTarget(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != tt.want.Kind || got.Value != tt.want.Value || got.Name != tt.want.Name || got.Level != tt.want.Level || (tt.want.Kind != ByCSS && got.Exact != tt.want.Exact) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if got.String() != tt.canonical {
				t.Errorf("String() = %s, want %s", got, tt.canonical)
			}
			again, err := ParseTarget(got.String())
			if err != nil || again.String() != got.String() {
				t.Errorf("canonical spelling does not round-trip: %v %s", err, again)
			}
		})
	}
}

func TestKindClassification(t *testing.T) {
	for _, k := range Kinds {
		if k.IsAssertion() != strings.HasPrefix(string(k), "expect_") {
			t.Errorf("%s: IsAssertion = %v", k, k.IsAssertion())
		}
	}
	if Kind("expect_magic").Valid() {
		t.Error("unknown kind reported valid")
	}
}

func TestDescribeNeverShowsSecrets(t *testing.T) {
	p, err := Parse(readFile(t, "signin.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	got := p.Journeys[0].Steps[2].Describe()
	if !strings.Contains(got, "DEMO_PASSWORD") || strings.Contains(got, "demo-password") {
		t.Errorf("Describe() = %q", got)
	}
}

func TestSizeLimit(t *testing.T) {
	big := bytes.Repeat([]byte("x"), MaxSize+1)
	if _, err := Parse(big); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("oversized plan: %v", err)
	}
}
