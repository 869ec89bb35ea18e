package plan

import (
	"fmt"
	"strings"
)

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
		out = s.describeCount()
	case DblClick:
		out = "Double-click " + t
	case Reload:
		out = "Reload the page"
	case GoBack:
		out = "Go back to the previous page"
	case RememberCount:
		out = fmt.Sprintf("Count the visible elements matching %s and remember the number as %s", s.Target, Quote(s.Ref))
	case ExpectValue:
		if s.Value == "" {
			out = "Check that " + t + " is empty"
		} else {
			out = fmt.Sprintf("Check that %s holds %s", t, Quote(s.Value))
		}
	case ExpectChecked:
		out = "Check that " + t + " is ticked"
	case ExpectUnchecked:
		out = "Check that " + t + " is not ticked"
	case ExpectEnabled:
		out = "Check that " + t + " is enabled"
	case ExpectDisabled:
		out = "Check that " + t + " is disabled"
	case ExpectFocused:
		out = "Check that " + t + " has the keyboard focus"
	case ExpectStyle:
		out = s.describeStyle(t)
	case ExpectOrder:
		where := "on the page"
		if s.Target != "" {
			where = "among the elements matching " + s.Target
		}
		if len(s.Texts) == 2 {
			out = fmt.Sprintf("Check that %s comes before %s %s", Quote(s.Texts[0]), Quote(s.Texts[1]), where)
		} else {
			out = fmt.Sprintf("Check that %s appear in this order %s", quoteJoin(s.Texts), where)
		}
	case ExpectJSON:
		out = s.describeJSON()
	case ExpectOptions:
		switch s.Compare {
		case OptionsIncludes:
			if len(s.Texts) == 1 {
				out = fmt.Sprintf("Check that %s offers the option %s", t, Quote(s.Texts[0]))
			} else {
				out = fmt.Sprintf("Check that %s offers each of the options %s", t, quoteJoin(s.Texts))
			}
		case OptionsCount:
			out = fmt.Sprintf("Check that %s has exactly %d %s", t, s.Count, map[bool]string{true: "option", false: "options"}[s.Count == 1])
		default:
			switch len(s.Texts) {
			case 0:
				out = fmt.Sprintf("Check that %s has no options", t)
			case 1:
				out = fmt.Sprintf("Check that the only option of %s is %s", t, Quote(s.Texts[0]))
			default:
				out = fmt.Sprintf("Check that the options of %s are exactly %s, in this order", t, quoteJoin(s.Texts))
			}
		}
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
	if s.Reach && s.Kind == ExpectURL {
		out += " (the address is guessed from the page's common name: another address blocks the journey)"
	} else if s.Reach && s.Kind == ExpectJSON {
		out += " (the page is taken to be JSON: a guess; a page that is not JSON blocks the journey)"
	} else if s.Reach && s.Kind == ExpectCount {
		out += " (on the same page only: as many as before blocks the journey, as the action's effect cannot be told; another page is not compared)"
	} else if s.Reach && s.Kind == WaitFor && strings.HasPrefix(s.Target, ByText+"=") {
		out += " (only to find a text the claim names without quotes: a guess)"
	} else if s.Reach {
		out += " (only to reach the place the claim is about: a guess)"
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

func (s Step) describeCount() string {
	if s.Ref == "" {
		many := fmt.Sprintf("visible elements match %s", s.Target)
		if s.Count == 1 {
			many = fmt.Sprintf("visible element matches %s", s.Target)
		}
		switch s.Compare {
		case CountAtLeast:
			return fmt.Sprintf("Check that at least %d %s", s.Count, many)
		case CountAtMost:
			return fmt.Sprintf("Check that at most %d %s", s.Count, many)
		}
		// The original wording: descriptions of existing plans stay as they were.
		return fmt.Sprintf("Check that exactly %d visible elements match %s", s.Count, s.Target)
	}
	n := fmt.Sprintf("Check that the number of visible elements matching %s is", s.Target)
	was := "the count remembered as " + Quote(s.Ref)
	switch {
	case s.Compare == CountAtLeast:
		return fmt.Sprintf("%s more than %s", n, was)
	case s.Compare == CountAtMost:
		return fmt.Sprintf("%s less than %s", n, was)
	case s.Count > 0:
		return fmt.Sprintf("%s %d more than %s", n, s.Count, was)
	case s.Count < 0:
		return fmt.Sprintf("%s %d less than %s", n, -s.Count, was)
	}
	return fmt.Sprintf("%s the same as %s", n, was)
}

func (s Step) describeStyle(t string) string {
	p, v := s.Property, s.Value
	switch {
	case p == "font-weight" && v == "bold":
		return "Check that " + t + " is bold (font-weight 600 or more)"
	case p == "font-weight" && v == "normal":
		return "Check that " + t + " is not bold (font-weight under 600)"
	case (p == "text-decoration" || p == "text-decoration-line") && v == "line-through":
		return "Check that " + t + " is struck through"
	case (p == "text-decoration" || p == "text-decoration-line") && v == "underline":
		return "Check that " + t + " is underlined"
	case p == "font-style" && v == "italic":
		return "Check that " + t + " is in italics"
	case p == "background-color" && (v == "dark" || v == "light"):
		return fmt.Sprintf("Check that %s has a %s background", t, v)
	case p == "control-color" && strings.HasPrefix(v, "~"):
		return fmt.Sprintf("Check that the colour of %s (its background where it is filled, else its text's) is a shade of %s", t, strings.TrimPrefix(v, "~"))
	case p == "control-color":
		return fmt.Sprintf("Check that the colour of %s (its background where it is filled, else its text's) is %s", t, v)
	case IsColorProperty(p) && strings.HasPrefix(v, "~"):
		return fmt.Sprintf("Check that the %s of %s is a shade of %s", strings.ReplaceAll(strings.ReplaceAll(p, "-", " "), "color", "colour"), t, strings.TrimPrefix(v, "~"))
	case IsColorProperty(p):
		return fmt.Sprintf("Check that the %s of %s is %s", strings.ReplaceAll(p, "-", " "), t, v)
	}
	return fmt.Sprintf("Check that the %s of %s is %s", p, t, v)
}

// describeJSON says what expect_json checks, the expected value as JSON
// writes it, so that its type shows ("2" is a text, 2 a number).
func (s Step) describeJSON() string {
	where := "the JSON response"
	if s.At != "" {
		where = "the value at " + s.At + " of the JSON response"
	}
	if s.Value == "" {
		items := map[bool]string{true: "item", false: "items"}[s.Count == 1]
		switch s.Compare {
		case CountAtLeast:
			return fmt.Sprintf("Check that %s is a list or object of at least %d %s", where, s.Count, items)
		case CountAtMost:
			return fmt.Sprintf("Check that %s is a list or object of at most %d %s", where, s.Count, items)
		}
		if s.Count == 0 {
			return fmt.Sprintf("Check that %s is an empty list or object", where)
		}
		return fmt.Sprintf("Check that %s is a list or object of exactly %d %s", where, s.Count, map[bool]string{true: "item", false: "items"}[s.Count == 1])
	}
	if name, ok := strings.CutPrefix(s.At, "/**/"); ok {
		return fmt.Sprintf("Check that some object of the JSON response, at the shallowest depth that has it, has %s at %s", s.Value, Quote(strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")))
	}
	if i := strings.Index(s.At+"/", "/*/"); i >= 0 {
		in, rest := s.At[:i], s.At[i+2:]
		list := "the JSON response"
		if in != "" {
			list = "the list at " + in + " of the JSON response"
		}
		item := "an item"
		if rest == "" && (in == "/0" || in == "/-1") {
			// "*" over the members of the first or last item
			place := map[string]string{"/0": "first", "/-1": "last"}[in]
			return fmt.Sprintf("Check that the %s item of the JSON response has %s in one of its fields", place, s.Value)
		}
		if s.Every {
			// at least one: an empty list proves no "every"
			item = "every item (at least one)"
		}
		if rest == "" {
			return fmt.Sprintf("Check that %s of %s is %s", item, list, s.Value)
		}
		return fmt.Sprintf("Check that %s of %s has %s at %s", item, list, s.Value, rest)
	}
	return fmt.Sprintf("Check that %s is %s", where, s.Value)
}

func quoteJoin(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = Quote(x)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
