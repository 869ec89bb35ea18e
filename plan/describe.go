package plan

import "fmt"

// Describe renders the step as a sentence a reviewer understands at a
// glance: "Go to /login", "Type into the field labelled \"Email\"".
// Secret values are named, never shown.
func (s Step) Describe() string {
	t := describeTarget(s.Target)
	var out string
	switch s.Kind {
	case Visit:
		out = "Go to " + s.Value
	case Click:
		out = "Click " + t
	case Fill:
		if s.Secret != "" {
			out = fmt.Sprintf("Type the secret %s into %s", s.Secret, t)
		} else if s.Value == "" {
			out = "Clear " + t
		} else {
			out = fmt.Sprintf("Type %s into %s", Quote(s.Value), t)
		}
	case Select:
		if s.Secret != "" {
			out = fmt.Sprintf("Choose the secret %s in %s", s.Secret, t)
		} else {
			out = fmt.Sprintf("Choose %s in %s", Quote(s.Value), t)
		}
	case Check:
		out = "Tick " + t
	case Uncheck:
		out = "Untick " + t
	case Press:
		if s.Target != "" {
			out = fmt.Sprintf("Press %s in %s", s.Value, t)
		} else {
			out = "Press " + s.Value
		}
	case Hover:
		out = "Hover over " + t
	case WaitFor:
		out = "Wait until " + t + " is visible"
	case Screenshot:
		out = "Take a screenshot"
		if s.Value != "" {
			out += " " + Quote(s.Value)
		}
	case ExpectVisible:
		out = "Check that " + t + " is visible"
	case ExpectHidden:
		out = "Check that " + t + " is not visible"
	case ExpectText:
		out = fmt.Sprintf("Check that the page shows %s", Quote(s.Value))
		if s.Target != "" {
			out = fmt.Sprintf("Check that %s shows %s", t, Quote(s.Value))
		}
	case ExpectNoText:
		out = fmt.Sprintf("Check that the page does not show %s", Quote(s.Value))
		if s.Target != "" {
			out = fmt.Sprintf("Check that %s does not show %s", t, Quote(s.Value))
		}
	case ExpectURL:
		out = "Check that the address is " + s.Value
	case ExpectTitle:
		out = fmt.Sprintf("Check that the title is %s", Quote(s.Value))
	case ExpectCount:
		out = fmt.Sprintf("Check that exactly %d visible elements match %s", s.Count, s.Target)
	case ExpectStatus:
		out = fmt.Sprintf("Check that the page answered HTTP %d", s.Status)
	case ExpectNoConsoleErrors:
		out = "Check that the console shows no errors or uncaught exceptions"
	default:
		out = string(s.Kind)
	}
	if s.Timeout > 0 {
		out += fmt.Sprintf(" (within %s)", s.Timeout)
	}
	return out
}

func describeTarget(s string) string {
	if s == "" {
		return ""
	}
	t, err := ParseTarget(s)
	if err != nil {
		return s
	}
	return t.Describe()
}
