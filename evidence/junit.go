package evidence

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// WriteJUnit writes m as JUnit XML, the format CI systems (GitHub Actions
// reporters, GitLab, Jenkins, CircleCI) show as test results: one
// <testsuite> for the plan and one <testcase> per journey, named by the
// journey with the plan's name as classname.
//
// The document validates against both schemas CI plugins check JUnit
// with: the Apache Ant JUnit schema and the Jenkins xunit plugin's
// (evidence/testdata/xsd). They allow properties and system-out only on
// the <testsuite>, so the plan's and each journey's facts are suite
// properties and the steps of every journey are the suite's system-out.
//
// A failed journey gets a <failure> with its reason as message and the
// reason, failing step and repair prompt as text. A blocked journey gets an
// <error>, not <skipped>: CI systems pass a build with skipped tests, and a
// blocked run proved nothing, so it must not look green; <error> is JUnit's
// "could not complete" as blocked is ours.
func WriteJUnit(w io.Writer, m *Manifest) error { return WriteJUnitAttempts(w, m, nil) }

// PriorAttempt is an attempt of a run that ended without a decision (its
// worker or browser stopped) before the attempt that decided, with the
// evidence it left.
type PriorAttempt struct {
	N       int      // 1 for the first attempt
	Outcome string   // e.g. "interrupted"
	Files   []string // its evidence, as names or URLs
}

// WriteJUnitAttempts is WriteJUnit for a run that took more than one
// attempt: each earlier attempt is listed as a suite property
// (vouch.attempt.N) and in the system-out with the evidence it kept, so a
// pass after a crash never reads as a first-time pass.
func WriteJUnitAttempts(w io.Writer, m *Manifest, prior []PriorAttempt) error {
	if m == nil {
		return fmt.Errorf("evidence: no manifest")
	}
	name := m.PlanName
	if strings.TrimSpace(name) == "" {
		name = "vouch plan"
	}
	stamp := m.Started
	if stamp.IsZero() {
		// The Ant schema requires a timestamp; a run that never started
		// has none, and the epoch says so rather than inventing one.
		stamp = time.Unix(0, 0)
	}
	suite := junitSuite{
		Name:      name,
		Package:   name,
		Hostname:  junitHost(m.BaseURL),
		Tests:     len(m.Journeys),
		Time:      seconds(m.Started, m.Ended),
		Timestamp: junitTime(stamp),
		Properties: []junitProperty{
			{Name: "vouch.plan_id", Value: m.PlanID},
			{Name: "vouch.base_url", Value: m.BaseURL},
			{Name: "vouch.decision", Value: string(m.Decision)},
		},
	}
	var out strings.Builder
	if len(prior) > 0 {
		suite.Properties = append(suite.Properties, junitProperty{Name: "vouch.attempts", Value: fmt.Sprint(len(prior) + 1)})
		for _, a := range prior {
			suite.Properties = append(suite.Properties, junitProperty{
				Name: fmt.Sprintf("vouch.attempt.%d", a.N), Value: fmt.Sprintf("%s, %d evidence files", a.Outcome, len(a.Files))})
			fmt.Fprintf(&out, "Attempt %d: %s before a decision; its evidence:\n", a.N, a.Outcome)
			if len(a.Files) == 0 {
				out.WriteString("  (none written)\n")
			}
			for _, f := range a.Files {
				fmt.Fprintf(&out, "  %s\n", f)
			}
		}
		fmt.Fprintf(&out, "Attempt %d decided the run:\n", len(prior)+1)
	}
	for i, j := range m.Journeys {
		tc := junitCase{
			Name:      j.Name,
			Classname: name,
			Time:      seconds(j.Started, j.Ended),
		}
		if j.Requirement != "" {
			suite.Properties = append(suite.Properties, junitProperty{Name: fmt.Sprintf("vouch.journey.%d.requirement", i+1), Value: j.Requirement})
		}
		fmt.Fprintf(&out, "Journey %d: %s [%s]\n%s\n", i+1, j.Name, Combine(j.Decision), junitSteps(&j))
		switch Combine(j.Decision) {
		case Failed:
			suite.Failures++
			tc.Failure = &junitProblem{Message: j.Reason, Type: string(Failed), Text: xmlText(junitDetail(&j))}
		case Blocked:
			suite.Errors++
			tc.Error = &junitProblem{Message: j.Reason, Type: string(Blocked), Text: xmlText(junitDetail(&j))}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	suite.SystemOut = junitText{xmlText(strings.TrimSuffix(out.String(), "\n"))}
	doc := junitSuites{Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("evidence: writing JUnit XML: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitSuites is the root. The Ant schema allows no attributes on it;
// readers add up the suites.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

// junitSuite holds the attributes both schemas allow, those the Ant
// schema requires among them (package, id, hostname, timestamp).
type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Package    string          `xml:"package,attr"`
	ID         int             `xml:"id,attr"`
	Hostname   string          `xml:"hostname,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	SystemOut  junitText       `xml:"system-out"`
	SystemErr  junitText       `xml:"system-err"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
}

// junitText is multi-line text kept readable in the file as CDATA.
type junitText struct {
	Text string `xml:",cdata"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

// junitHost is the suite's hostname: the host the plan ran against, as
// the Ant schema requires one.
func junitHost(base string) string {
	if u, err := url.Parse(base); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "localhost"
}

// seconds is a duration as JUnit writes it, "0.000" when unknown.
func seconds(start, end time.Time) string {
	d := 0.0
	if !start.IsZero() && end.After(start) {
		d = end.Sub(start).Seconds()
	}
	return fmt.Sprintf("%.3f", d)
}

// junitTime is the timestamp shape of the JUnit schema: ISO 8601 without a
// zone, so always UTC.
func junitTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05")
}

func junitSteps(j *JourneyResult) string {
	var b strings.Builder
	for _, s := range j.Steps {
		fmt.Fprintf(&b, "%d. [%s] %s", s.Index, s.Status, s.Description)
		if s.Status != StepSkipped {
			fmt.Fprintf(&b, " (%s)", fmtMS(s.DurationMS))
		}
		b.WriteString("\n")
		if s.URL != "" {
			fmt.Fprintf(&b, "   at %s\n", s.URL)
		}
	}
	return xmlText(b.String())
}

// xmlText replaces what XML 1.0 cannot hold (control characters, invalid
// UTF-8), which pages and consoles do produce, with U+FFFD. encoding/xml
// does so for attributes and character data but not for CDATA.
func xmlText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r',
			r >= 0x20 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
			return r
		}
		return '\uFFFD'
	}, s)
}

func junitDetail(j *JourneyResult) string {
	var b strings.Builder
	b.WriteString(j.Reason)
	b.WriteString("\n")
	for _, s := range j.Steps {
		if s.Status != StepFailed && s.Status != StepBlocked {
			continue
		}
		fmt.Fprintf(&b, "\nStep %d: %s\n", s.Index, s.Description)
		if s.Expected != "" {
			fmt.Fprintf(&b, "Expected: %s\n", s.Expected)
		}
		if s.Actual != "" {
			fmt.Fprintf(&b, "Actual: %s\n", s.Actual)
		}
		if s.Error != "" {
			fmt.Fprintf(&b, "Error: %s\n", s.Error)
		}
		break
	}
	if j.RepairPrompt != "" {
		fmt.Fprintf(&b, "\nRepair prompt:\n%s\n", j.RepairPrompt)
	}
	return b.String()
}
