package evidence

import (
	"bytes"
	"encoding/xml"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func TestWriteJUnit(t *testing.T) {
	w, err := NewWriter(t.TempDir(), fixtureSecrets)
	if err != nil {
		t.Fatal(err)
	}
	failed := w.MaskManifest(loadFixture(t))
	blocked := w.MaskManifest(loadFixture(t))
	blocked.Decision = Blocked
	blocked.Journeys[0].Decision = Blocked
	blocked.Journeys[0].Reason = "net::ERR_CONNECTION_REFUSED at http://127.0.0.1:8080/login"
	blocked.Journeys[0].RepairPrompt = "The app at http://127.0.0.1:8080 refused the connection: start it and run again."
	blocked.Journeys[0].Steps = blocked.Journeys[0].Steps[:1]
	blocked.Journeys[0].Steps[0].Status = StepBlocked
	blocked.Journeys[0].Steps[0].Error = "net::ERR_CONNECTION_REFUSED"
	tests := []struct {
		name       string
		m          *Manifest
		tests      int
		failures   int
		errors     int
		controlChr bool
	}{
		{"failed-run", failed, 2, 1, 0, false},
		{"blocked-run", blocked, 2, 0, 1, false},
		{"empty", &Manifest{PlanName: "nothing ran", Decision: Blocked}, 0, 0, 0, false},
		{"control characters", &Manifest{PlanName: "p\x1b[31m", Journeys: []JourneyResult{{
			Name: "j\x00", Decision: Failed, Reason: "bad \x07 bell ]]> end \xff",
			Steps: []StepResult{{Index: 1, Status: StepFailed, Description: "<![CDATA[ \x00 ]]>", Error: "]]>"}},
		}}}, 1, 1, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteJUnit(&b, tt.m); err != nil {
				t.Fatal(err)
			}
			// Valid XML that decodes to what was counted.
			var doc junitSuites
			if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
				t.Fatalf("invalid XML: %v\n%s", err, b.Bytes())
			}
			if len(doc.Suites) != 1 {
				t.Fatalf("%d suites", len(doc.Suites))
			}
			s := doc.Suites[0]
			if s.Tests != tt.tests || s.Failures != tt.failures || s.Errors != tt.errors || len(s.Cases) != tt.tests {
				t.Errorf("counts: suites %+v suite %+v", doc, s)
			}
			for _, c := range s.Cases {
				if c.Classname != tt.m.PlanName && !tt.controlChr {
					t.Errorf("classname %q, want the plan name", c.Classname)
				}
			}
			validateJUnit(t, b.Bytes())
			if tt.controlChr {
				if got := s.Cases[0].Failure.Text; !bytes.Contains([]byte(got), []byte("bell ]]> end \uFFFD")) {
					t.Errorf("failure text %q", got)
				}
				return
			}
			golden := filepath.Join("testdata", tt.name+".junit.xml")
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("JUnit XML differs from %s (run with -update to accept):\n%s", golden, b.Bytes())
			}
		})
	}
}

func TestWriteJUnitNil(t *testing.T) {
	if err := WriteJUnit(&bytes.Buffer{}, nil); err == nil {
		t.Error("WriteJUnit(nil) succeeded")
	}
}

// junitSchemas are the schemas CI plugins validate JUnit against, vendored
// with their licences in testdata/xsd (see its README).
var junitSchemas = []string{"ant-junit.xsd", "jenkins-junit.xsd"}

// validateJUnit checks doc against every schema of junitSchemas with
// xmllint (Debian's libxml2-utils, which .ci/run installs).
func validateJUnit(t *testing.T, doc []byte) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("xmllint is not installed (apt-get install libxml2-utils), and CI=true")
		}
		t.Skip("skipping the XSD check: xmllint is not installed (apt-get install libxml2-utils)")
	}
	f := filepath.Join(t.TempDir(), "junit.xml")
	if err := os.WriteFile(f, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, xsd := range junitSchemas {
		out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "xsd", xsd), f).CombinedOutput()
		if err != nil {
			t.Errorf("JUnit XML does not validate against %s: %v\n%s\n%s", xsd, err, out, doc)
		}
	}
}

// A run decided on its third attempt lists the two interrupted ones, with
// their evidence, in a document both CI schemas accept.
func TestWriteJUnitAttempts(t *testing.T) {
	w, err := NewWriter(t.TempDir(), fixtureSecrets)
	if err != nil {
		t.Fatal(err)
	}
	m := w.MaskManifest(loadFixture(t))
	prior := []PriorAttempt{
		{N: 1, Outcome: "interrupted"},
		{N: 2, Outcome: "interrupted", Files: []string{"attempts/2/0a1b.jpg", "attempts/2/2c3d.har"}},
	}
	var b bytes.Buffer
	if err := WriteJUnitAttempts(&b, m, prior); err != nil {
		t.Fatal(err)
	}
	validateJUnit(t, b.Bytes())
	var doc junitSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	s := doc.Suites[0]
	props := map[string]string{}
	for _, p := range s.Properties {
		props[p.Name] = p.Value
	}
	if props["vouch.attempts"] != "3" || props["vouch.attempt.1"] != "interrupted, 0 evidence files" || props["vouch.attempt.2"] != "interrupted, 2 evidence files" {
		t.Errorf("attempt properties: %v", props)
	}
	for _, want := range []string{"Attempt 1: interrupted before a decision", "(none written)", "attempts/2/2c3d.har", "Attempt 3 decided the run"} {
		if !bytes.Contains([]byte(s.SystemOut.Text), []byte(want)) {
			t.Errorf("system-out lacks %q:\n%s", want, s.SystemOut.Text)
		}
	}
	// The journeys are the deciding attempt's, counted as before.
	var one bytes.Buffer
	if err := WriteJUnit(&one, m); err != nil {
		t.Fatal(err)
	}
	var single junitSuites
	if err := xml.Unmarshal(one.Bytes(), &single); err != nil {
		t.Fatal(err)
	}
	if s.Tests != single.Suites[0].Tests || s.Failures != single.Suites[0].Failures || len(s.Cases) != len(single.Suites[0].Cases) {
		t.Errorf("attempts changed the journeys' counts: %+v vs %+v", s, single.Suites[0])
	}
}
