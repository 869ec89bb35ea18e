package plan

import (
	"bytes"
	"encoding/json"
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
	seen := map[Kind]bool{}
	for _, name := range []string{"every-step", "new-steps", "json-steps", "options-steps"} {
		p, err := Parse(readFile(t, name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Journeys[0].Steps {
			seen[s.Kind] = true
		}
		again, err := Parse(p.Canonical())
		if err != nil {
			t.Fatal(err)
		}
		if again.ID() != p.ID() {
			t.Errorf("round trip changed the plan:\n%s\n%s", p.Canonical(), again.Canonical())
		}
		fromYAML, err := Parse(p.YAML())
		if err != nil || fromYAML.ID() != p.ID() {
			t.Errorf("YAML rendering changes the plan (%v):\n%s", err, p.YAML())
		}
		var lines []string
		for _, s := range p.Journeys[0].Steps {
			lines = append(lines, s.Describe())
		}
		golden(t, name+".described.txt", []byte(strings.Join(lines, "\n")+"\n"))
		golden(t, name+".canonical.json", append(p.Canonical(), '\n'))
	}
	for _, k := range Kinds {
		if !seen[k] {
			t.Errorf("fixtures lack step kind %s", k)
		}
	}
}

// TestOldPlansKeepTheirIDs pins the ids of plans written before the
// format grew: approvals bind to them.
func TestOldPlansKeepTheirIDs(t *testing.T) {
	for _, line := range strings.Split(string(readFile(t, "stable/ids.txt")), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, name, _ := strings.Cut(line, " ")
		p, err := Parse(readFile(t, "stable/"+name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.ID() != id {
			t.Errorf("%s: id %s, was %s\n%s", name, p.ID(), id, p.Canonical())
		}
	}
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
		{"json without a check", head + "      - expect_json: {at: /0}\n", []string{"step 2", "expect_json needs equals", "or count"}},
		{"json with both", head + "      - expect_json: {equals: 1, count: 1}\n", []string{`field "expect_json.count"`, "one of equals, count, at_least and at_most"}},
		{"json with two counts", head + "      - expect_json: {at_least: 1, at_most: 3}\n", []string{`field "expect_json.count"`, "one of equals, count, at_least and at_most"}},
		{"json negative at_least", head + "      - expect_json: {at_least: -1}\n", []string{`field "expect_json.at_least"`, "0 or more"}},
		{"json pointer without slash", head + "      - expect_json: {at: 0/title, equals: x}\n", []string{`field "expect_json.at"`, "must be a JSON pointer", "/0/title"}},
		{"json pointer bad escape", head + "      - expect_json: {at: /a~2, equals: x}\n", []string{"~0", "~1"}},
		{"json count of any item", head + "      - expect_json: {at: /*/tags, count: 1}\n", []string{`"*" (any item) and "**" (any depth) go with equals`}},
		{"json negative count", head + "      - expect_json: {count: -1}\n", []string{"count must be 0 or more"}},
		{"json scalar", head + "      - expect_json: 2\n", []string{`expect_json takes {"at": "/0/title", "equals": VALUE}`}},
		{"json unknown field", head + "      - expect_json: {path: /x, count: 1}\n", []string{`expect_json does not take "path"`}},
		{"json every without equals", head + "      - expect_json: {at: /*/done, count: 1, every: true}\n", []string{`field "expect_json.every"`, "every goes with equals"}},
		{"json every without a star", head + "      - expect_json: {at: /0/done, equals: true, every: true}\n", []string{`field "expect_json.every"`, `every needs a "*" in at`}},
		{"json any depth deeper", head + "      - expect_json: {at: /**/items/name, equals: x}\n", []string{`field "expect_json.at"`, `written only as /**/name`}},
		{"json any depth not first", head + "      - expect_json: {at: /0/**/name, equals: x}\n", []string{`written only as /**/name`}},
		{"json any depth count", head + "      - expect_json: {at: /**/name, count: 1}\n", []string{`"**" (any depth) go with equals`}},
		{"json any depth every", head + "      - expect_json: {at: /**/done, equals: true, every: true}\n", []string{`every needs a "*" in at, not "**"`}},
		{"options scalar", head + "      - expect_options: label=Sort\n", []string{"step 2", `expect_options takes {"target": ..., "options": [A, B]}`}},
		{"options without a check", head + "      - expect_options: {target: label=Sort}\n", []string{`field "expect_options.options"`, "needs options, includes or count"}},
		{"options and includes", head + "      - expect_options: {target: label=Sort, options: [A], includes: [B]}\n", []string{`field "expect_options.includes"`, "one of options, includes and count"}},
		{"options without target", head + "      - expect_options: {options: [A]}\n", []string{`field "expect_options.target"`, "needs a target"}},
		{"options bad target", head + "      - expect_options: {target: lable=Sort, options: [A]}\n", []string{`field "expect_options.target"`, `did you mean "label"`}},
		{"options empty label", head + "      - expect_options: {target: label=Sort, options: [A, \" \"]}\n", []string{`field "expect_options.options"`, "an option label is empty"}},
		{"includes nothing", head + "      - expect_options: {target: label=Sort, includes: []}\n", []string{`field "expect_options.includes"`, "at least one"}},
		{"includes twice", head + "      - expect_options: {target: label=Sort, includes: [A, a]}\n", []string{`"a" is listed twice`}},
		{"options negative count", head + "      - expect_options: {target: label=Sort, count: -1}\n", []string{`field "expect_options.count"`, "0 or more"}},
		{"options unknown field", head + "      - expect_options: {target: label=Sort, texts: [A]}\n", []string{`expect_options does not take "texts"`}},
		{"options labels not a list", head + "      - expect_options: {target: label=Sort, options: A}\n", []string{`field "expect_options.options"`}},
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
		{"reach not a boolean", head + "      - click: text=Go\n        reach: yes please\n", []string{`field "reach"`, "true or false"}},
		{"reach on an assertion", head + "      - expect_text: Hi\n        reach: true\n", []string{"reach marks an action", "expect_text cannot be a guess"}},
		{"huge timeout", head + "      - expect_text: Hi\n        timeout: 1h\n", []string{"timeout must be between"}},
		{"duplicate journey", "name: x\njourneys:\n  - name: j\n    steps: [{visit: /}]\n  - name: j\n    steps: [{visit: /}]\n", []string{"duplicate journey name"}},
		{"unknown requirement", "name: x\nrequirements: [{id: R1, text: t}]\njourneys:\n  - name: j\n    requirement: R2\n    steps: [{visit: /}, {expect_text: a}]\n", []string{`no requirement has id "R2"`, "R1 is proven by no assertion"}},
		{"unproven requirement", "name: x\nrequirements: [{id: R1, text: t}]\njourneys:\n  - name: j\n    requirement: R1\n    steps: [{visit: /}]\n", []string{"R1 is proven by no assertion"}},
		{"step not an object", head + "      - visit\n", []string{"needs an argument"}},
		{"misspelt new step", head + "      - double_click: text=A\n", []string{`unknown step "double_click"`}},
		{"dblclick typo", head + "      - dbclick: text=A\n", []string{`did you mean "dblclick"`}},
		{"reload false", head + "      - reload: false\n", []string{"reload takes true"}},
		{"count and at_least", head + "      - expect_count: {target: css=li, count: 1, at_least: 2}\n", []string{"one of count, at_least", "count and at_least"}},
		{"count arg typo", head + "      - expect_count: {target: css=li, at_leats: 2}\n", []string{`does not take "at_leats"`, `did you mean "at_least"`}},
		{"negative at_least", head + "      - expect_count: {target: css=li, at_least: -1}\n", []string{`field "expect_count.at_least"`, "0 or more"}},
		{"plus without same_as", head + "      - expect_count: {target: css=li, count: 1, plus: 1}\n", []string{"plus goes with same_as"}},
		{"unremembered count", head + "      - expect_count: {target: css=li, same_as: before}\n", []string{`field "expect_count.same_as"`, `no count named "before"`, "remember_count"}},
		{"count name typo", head + "      - remember_count: {target: css=li, as: before}\n      - expect_count: {target: css=li, more_than: befor}\n", []string{"step 3", `did you mean "before"`}},
		{"remembered later", head + "      - expect_count: {target: css=li, same_as: n}\n      - remember_count: {target: css=li, as: n}\n", []string{"step 2", `no count named "n"`}},
		{"remember without as", head + "      - remember_count: {target: css=li}\n", []string{"needs a name"}},
		{"remember bad name", head + "      - remember_count: {target: css=li, as: \"two words\"}\n", []string{"letters, digits"}},
		{"remember scalar", head + "      - remember_count: css=li\n", []string{"remember_count takes"}},
		{"expect_value without value", head + "      - expect_value: {target: label=A}\n", []string{"expect_value needs a value"}},
		{"expect_value scalar", head + "      - expect_value: x\n", []string{"expect_value takes"}},
		{"expect_checked without target", head + "      - expect_checked: \"\"\n", []string{"needs a target"}},
		{"style property typo", head + "      - expect_style: {target: text=A, property: font-wieght, value: bold}\n", []string{`cannot check "font-wieght"`, `did you mean "font-weight"`}},
		{"style bad weight", head + "      - expect_style: {target: text=A, property: font-weight, value: heavy}\n", []string{"bold, normal or a number"}},
		{"style bad decoration", head + "      - expect_style: {target: text=A, property: text-decoration-line, value: linethrough}\n", []string{`did you mean "line-through"`}},
		{"style bad colour", head + "      - expect_style: {target: text=A, property: color, value: \"very red!\"}\n", []string{"not a colour"}},
		{"style no property", head + "      - expect_style: {target: text=A, value: bold}\n", []string{"needs a property"}},
		{"order of one", head + "      - expect_order: [A]\n", []string{"at least two texts"}},
		{"order duplicate", head + "      - expect_order: [A, b, a]\n", []string{`"a" is listed twice`}},
		{"order without texts", head + "      - expect_order: {target: css=li}\n", []string{"needs texts"}},
		{"nth typo", head + "      - click: css=li nth=frist\n", []string{`did you mean "first"`}},
		{"nth zero", head + "      - click: css=li nth=0\n", []string{"count from 1"}},
		{"within unquoted", head + "      - click: role=checkbox within=milk\n", []string{"within= takes quoted text"}},
		{"within empty", head + "      - click: role=checkbox within=\"\"\n", []string{"within= needs the text"}},
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
		{`role=checkbox within="renew passport"`, `role=checkbox within="renew passport"`, Target{Kind: ByRole, Value: "checkbox", Within: "renew passport"}},
		{`role=checkbox within='renew passport'`, `role=checkbox within="renew passport"`, Target{Kind: ByRole, Value: "checkbox", Within: "renew passport"}},
		{`role=button[name="Delete"] nth=last within="a \"b\""`, `role=button[name="Delete"] within="a \"b\"" nth=last`, Target{Kind: ByRole, Value: "button", Name: "Delete", Within: `a "b"`, Nth: NthLast}},
		{`text=Buy milk nth=2`, `text=Buy milk nth=second`, Target{Kind: ByText, Value: "Buy milk", Nth: 2}},
		{`css=li nth=12`, `css=li nth=12`, Target{Kind: ByCSS, Value: "li", Nth: 12}},
		{`li nth=First`, `css=li nth=first`, Target{Kind: ByCSS, Value: "li", Nth: 1}},
		{`role=button[name="x within=y"]`, `role=button[name="x within=y"]`, Target{Kind: ByRole, Value: "button", Name: "x within=y"}},
		{`text="say nth=2"`, `text="say nth=2"`, Target{Kind: ByText, Value: "say nth=2", Exact: true}},
		{`text="say within=me" nth=last`, `text="say within=me" nth=last`, Target{Kind: ByText, Value: "say within=me", Exact: true, Nth: NthLast}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTarget(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != tt.want.Kind || got.Value != tt.want.Value || got.Name != tt.want.Name || got.Level != tt.want.Level || (tt.want.Kind != ByCSS && got.Exact != tt.want.Exact) ||
				got.Within != tt.want.Within || got.Nth != tt.want.Nth {
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

// FuzzTargetCanonical checks that a target's canonical spelling parses back
// to itself, modifiers included.
func FuzzTargetCanonical(f *testing.F) {
	for _, s := range []string{
		`role=checkbox within="renew passport"`, `text=Buy milk nth=2`, `css=li nth=last within='a "b"'`,
		`role=button[name="Delete"] within="x" nth=first`, `text="say nth=2"`, `label=Email`, `#main .x nth=3`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ParseTarget(s)
		if err != nil {
			return
		}
		again, err := ParseTarget(tg.String())
		if err != nil {
			t.Fatalf("%q → %q does not parse: %v", s, tg.String(), err)
		}
		if again.String() != tg.String() || again.Within != tg.Within || again.Nth != tg.Nth {
			t.Fatalf("%q → %q → %q", s, tg.String(), again.String())
		}
	})
}

// TestReachOnWaitFor: a wait_for may carry reach (a text the claim names
// without quotes, found first), and so may an expect_url (an address
// guessed from a page's common name); it is kept in the canonical form,
// round trips, and its description says it is a guess.
func TestReachOnWaitFor(t *testing.T) {
	for _, tc := range []struct {
		step, canonical, desc string
		kind                  Kind
	}{
		{"wait_for: text=Bob Stone", `{"wait_for":"text=Bob Stone","reach":true}`, "only to find a text the claim names without quotes: a guess", WaitFor},
		{"expect_url: /pricing", `{"expect_url":"/pricing","reach":true}`, "the address is guessed from the page's common name: another address blocks the journey", ExpectURL},
	} {
		t.Run(string(tc.kind), func(t *testing.T) {
			src := "version: 1\nname: r\njourneys:\n  - name: j\n    steps:\n      - visit: /\n      - " + tc.step + "\n        reach: true\n      - expect_text: Bob Stone\n"
			p, err := Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			s := p.Journeys[0].Steps[1]
			if !s.Reach || s.Kind != tc.kind {
				t.Fatalf("step 2 is %+v, want a %s marked reach", s, tc.kind)
			}
			if !strings.Contains(string(p.Canonical()), tc.canonical) {
				t.Errorf("canonical form lacks the reach: %s", p.Canonical())
			}
			again, err := Parse(p.Canonical())
			if err != nil || again.ID() != p.ID() {
				t.Errorf("round trip: %v", err)
			}
			if d := s.Describe(); !strings.Contains(d, tc.desc) {
				t.Errorf("description %q does not say it is a guess", d)
			}
		})
	}
}

// A plan written in YAML runs the texts its author wrote: YAML's own
// reading of a scalar (a timestamp, the number 1.5) must not change them.
func TestYAMLScalarsKeepTheirText(t *testing.T) {
	for _, c := range []struct{ step, want string }{
		{`expect_text: 2026-12-05`, `{"expect_text":"2026-12-05"}`},
		{`expect_text: 2026-12-05 10:30:00`, `{"expect_text":"2026-12-05 10:30:00"}`},
		{`expect_text: 1.50`, `{"expect_text":"1.50"}`},
		{`expect_text: 007`, `{"expect_text":"007"}`},
		{`expect_text: 1_000`, `{"expect_text":"1_000"}`},
		{`expect_text: .inf`, `{"expect_text":".inf"}`},
		{`expect_text: 12`, `{"expect_text":"12"}`},
		{`fill: {target: "label=Zip", value: 01234}`, `{"fill":{"target":"label=Zip","value":"01234"}}`},
		{`expect_value: {target: "label=Price", value: 10.00}`, `{"expect_value":{"target":"label=Price","value":"10.00"}}`},
		{`expect_json: {at: /0/due, equals: 2026-12-05}`, `{"expect_json":{"at":"/0/due","equals":"2026-12-05"}}`},
		{`expect_json: {at: /0/id, equals: 2}`, `{"expect_json":{"at":"/0/id","equals":2}}`},
		{`expect_count: {target: "role=listitem", count: 3}`, `{"expect_count":{"target":"role=listitem","count":3}}`},
		{`expect_text: "1.50"`, `{"expect_text":"1.50"}`},
		{`expect_text: true`, `{"expect_text":"true"}`},
	} {
		t.Run(c.step, func(t *testing.T) {
			p, err := Parse([]byte("name: scalars\njourneys:\n  - name: j\n    steps:\n      - visit: /\n      - " + c.step + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(p.Journeys[0].Steps[1])
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// Anchors, aliases and merge keys read as YAML defines them.
func TestYAMLAliasesAndMerges(t *testing.T) {
	src := `name: aliases
journeys:
  - name: first
    steps: &steps
      - visit: /
      - expect_text: Welcome
  - name: second
    steps: *steps
`
	p, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Journeys) != 2 || len(p.Journeys[1].Steps) != 2 || p.Journeys[1].Steps[1].Value != "Welcome" {
		t.Fatalf("alias not followed: %+v", p.Journeys)
	}
	merged := `name: merges
journeys:
  - &base
    name: base
    steps:
      - visit: /
  - <<: *base
    name: other
`
	p, err = Parse([]byte(merged))
	if err != nil {
		t.Fatal(err)
	}
	if p.Journeys[1].Name != "other" || len(p.Journeys[1].Steps) != 1 {
		t.Fatalf("merge not applied, or it replaced the mapping's own key: %+v", p.Journeys[1])
	}
	if _, err := Parse([]byte("name: x\njourneys:\n  - &a [*a]\n")); err == nil {
		t.Fatal("a self-referring alias parsed")
	}
}

// TestReachOnCount: an expect_count more_than a remembered count may carry
// reach (compared on the same page only) and says so; any other count
// may not.
func TestReachOnCount(t *testing.T) {
	head := "version: 1\nname: r\njourneys:\n  - name: j\n    steps:\n      - visit: /\n      - remember_count: {target: text=Saved, as: before}\n      - click: text=Save\n"
	p, err := Parse([]byte(head + "      - expect_count: {target: text=Saved, more_than: before}\n        reach: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := p.Journeys[0].Steps[3]
	if !s.Reach || !strings.Contains(s.Describe(), "on the same page only: as many as before blocks the journey") {
		t.Errorf("step %+v described %q", s, s.Describe())
	}
	for _, c := range []string{
		"      - expect_count: {target: text=Saved, same_as: before}\n        reach: true\n",
		"      - expect_count: {target: text=Saved, fewer_than: before}\n        reach: true\n",
		"      - expect_count: {target: text=Saved, at_least: 1}\n        reach: true\n",
	} {
		if _, err := Parse([]byte(head + c)); err == nil || !strings.Contains(err.Error(), "reach marks") {
			t.Errorf("%q: error %v, want reach refused", c, err)
		}
	}
}
