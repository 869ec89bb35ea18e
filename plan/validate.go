package plan

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MaxTimeout is the longest budget a single step may ask for.
const MaxTimeout = 5 * time.Minute

var secretName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Validate checks a plan built in code (Parse validates what it reads) and
// normalises its targets to their canonical spelling.
func (p *Plan) Validate() error {
	if errs := p.validate(); len(errs) > 0 {
		return errs
	}
	return nil
}

func (p *Plan) validate() Errors {
	var errs Errors
	add := func(e *FieldError) { errs = append(errs, e) }
	if p.Version != Version {
		add(&FieldError{Field: "version", Message: fmt.Sprintf("unsupported version %d (this vouch reads version %d)", p.Version, Version)})
	}
	if strings.TrimSpace(p.Name) == "" {
		add(&FieldError{Field: "name", Message: "a plan needs a name"})
	}
	reqs := map[string]bool{}
	for i, r := range p.Requirements {
		f := fmt.Sprintf("requirements[%d]", i)
		switch {
		case strings.TrimSpace(r.ID) == "":
			add(&FieldError{Field: f + ".id", Message: "a requirement needs an id"})
		case reqs[r.ID]:
			add(&FieldError{Field: f + ".id", Message: fmt.Sprintf("duplicate requirement id %q", r.ID)})
		}
		if strings.TrimSpace(r.Text) == "" {
			add(&FieldError{Field: f + ".text", Message: "a requirement needs text a person can check"})
		}
		reqs[r.ID] = true
	}
	if len(p.Journeys) == 0 {
		add(&FieldError{Field: "journeys", Message: "a plan needs at least one journey"})
	}
	names := map[string]bool{}
	proven := map[string]bool{}
	for ji := range p.Journeys {
		j := &p.Journeys[ji]
		loc := func(step int, field, msg string) {
			add(&FieldError{Journey: ji + 1, JourneyName: j.Name, Step: step, Field: field, Message: msg})
		}
		if strings.TrimSpace(j.Name) == "" {
			loc(0, "name", "a journey needs a name")
		} else if names[j.Name] {
			loc(0, "name", fmt.Sprintf("duplicate journey name %q", j.Name))
		}
		names[j.Name] = true
		if j.Requirement != "" && len(p.Requirements) > 0 && !reqs[j.Requirement] {
			loc(0, "requirement", fmt.Sprintf("no requirement has id %q", j.Requirement))
		}
		if len(j.Steps) == 0 {
			loc(0, "steps", "a journey needs at least one step")
			continue
		}
		if j.Steps[0].Kind != Visit {
			loc(1, string(j.Steps[0].Kind), "a journey starts in a fresh, empty browser: its first step must be visit")
		}
		var counted []string // names remember_count has stored so far
		for si := range j.Steps {
			s := &j.Steps[si]
			if msg, field := s.check(); msg != "" {
				loc(si+1, field, msg)
			} else if msg, field := s.checkRef(counted); msg != "" {
				loc(si+1, field, msg)
			}
			if s.Kind == RememberCount && !contains(counted, s.Ref) {
				counted = append(counted, s.Ref)
			}
			if s.Kind.IsAssertion() {
				proven[j.Requirement] = true
			}
		}
	}
	for i, r := range p.Requirements {
		if r.ID != "" && !proven[r.ID] {
			add(&FieldError{Field: fmt.Sprintf("requirements[%d]", i), Message: fmt.Sprintf("requirement %s is proven by no assertion: add a journey with requirement %s and an expect_ step", r.ID, r.ID)})
		}
	}
	return errs
}

// check validates one step and normalises its target. It returns a message
// and the field it concerns, or "" when the step is fine.
func (s *Step) check() (msg, field string) {
	k := string(s.Kind)
	if !s.Kind.Valid() {
		return fmt.Sprintf("unknown step %q", k), k
	}
	if s.Timeout < 0 || s.Timeout > MaxTimeout {
		return fmt.Sprintf("timeout must be between 0 and %s", MaxTimeout), "timeout"
	}
	if s.Reach && !s.Kind.CanReach() && s.Kind != ExpectJSON && s.Kind != ExpectURL && !s.reachCount() {
		return fmt.Sprintf("reach marks an action that reaches the place the claim is about (visit, click, dblclick, press, hover), a wait_for that finds a text the claim names without quotes, an expect_json whose response is taken to be JSON, an expect_url whose address is guessed, or an expect_count more_than a remembered count that only the same page is compared with; %s cannot be a guess of the way there", k), "reach"
	}
	needsTarget := s.Kind.takesTarget()
	switch s.Kind {
	case Fill, Select, ExpectCount, RememberCount, ExpectValue, ExpectStyle, ExpectOptions:
		needsTarget = true
	}
	if needsTarget && strings.TrimSpace(s.Target) == "" {
		return k + " needs a target such as label=Email or role=button[name=\"Save\"]", k + ".target"
	}
	if s.Target != "" {
		t, err := ParseTarget(s.Target)
		if err != nil {
			return fmt.Sprintf("bad target %q: %v", s.Target, err), targetField(s.Kind)
		}
		s.Target = t.String()
	}
	switch s.Kind {
	case Visit, ExpectURL:
		if err := checkLocation(s.Value); err != nil {
			return err.Error(), k
		}
	case Fill, Select:
		if s.Secret != "" {
			if s.Value != "" {
				return "give either value or secret, not both", k + ".secret"
			}
			if !secretName.MatchString(s.Secret) {
				return fmt.Sprintf("secret %q must be a name such as DEMO_PASSWORD (letters, digits, _), not the secret itself", s.Secret), k + ".secret"
			}
		}
		if s.Kind == Select && s.Value == "" && s.Secret == "" {
			return "select needs the option's label or value", k + ".value"
		}
	case Press:
		if err := checkKey(s.Value); err != nil {
			return err.Error(), k
		}
	case ExpectText, ExpectNoText:
		if strings.TrimSpace(s.Value) == "" {
			return k + " needs the text to look for", k
		}
	case ExpectTitle:
		if strings.TrimSpace(s.Value) == "" {
			return "expect_title needs the title", k
		}
	case ExpectCount:
		if msg, field := s.checkCount(); msg != "" {
			return msg, field
		}
	case RememberCount:
		if !countName.MatchString(s.Ref) {
			return fmt.Sprintf("remember_count needs a name such as before or items_at_start (letters, digits, _), got %q", s.Ref), k + ".as"
		}
	case ExpectStyle:
		if msg, field := s.checkStyle(); msg != "" {
			return msg, field
		}
	case ExpectOrder:
		if len(s.Texts) < 2 {
			return "expect_order needs at least two texts, in the order they must appear", k + ".texts"
		}
		seen := map[string]bool{}
		for _, x := range s.Texts {
			n := strings.ToLower(strings.Join(strings.Fields(x), " "))
			if n == "" {
				return "expect_order: a text is empty", k + ".texts"
			}
			if seen[n] {
				return fmt.Sprintf("expect_order: %q is listed twice", x), k + ".texts"
			}
			seen[n] = true
		}
	case ExpectJSON:
		if msg, field := s.checkJSON(); msg != "" {
			return msg, field
		}
	case ExpectOptions:
		if msg, field := s.checkOptions(); msg != "" {
			return msg, field
		}
	case ExpectStatus:
		if s.Status < 100 || s.Status > 599 {
			return fmt.Sprintf("expect_status takes an HTTP status between 100 and 599, got %d", s.Status), k
		}
	}
	return "", ""
}

func targetField(k Kind) string {
	switch k {
	case Fill, Select, Press, ExpectText, ExpectNoText, ExpectCount,
		RememberCount, ExpectValue, ExpectStyle, ExpectOrder, ExpectOptions:
		return string(k) + ".target"
	}
	return string(k)
}

// checkJSON validates expect_json: a pointer as RFC 6901 writes it, and
// either a JSON value (kept in one spelling) or a count.
func (s *Step) checkJSON() (msg, field string) {
	k := string(s.Kind)
	segs, err := PointerSegments(s.At)
	if err != nil {
		return err.Error(), k + ".at"
	}
	if s.Value == "" {
		if s.Every {
			return `every goes with equals: every item the "*" in at stands for holds the value`, k + ".every"
		}
		switch s.Compare {
		case "", CountAtLeast, CountAtMost:
		default:
			return fmt.Sprintf("unknown comparison %q (known: count, %s, %s)", s.Compare, CountAtLeast, CountAtMost), k
		}
		if s.Count < 0 {
			return "count must be 0 or more", k + "." + map[string]string{"": "count", CountAtLeast: "at_least", CountAtMost: "at_most"}[s.Compare]
		}
		if contains(segs, "*") || contains(segs, "**") {
			return "count takes a pointer to one value: \"*\" (any item) and \"**\" (any depth) go with equals", k + ".at"
		}
		return "", ""
	}
	for i, seg := range segs {
		if seg == "**" && (i != 0 || len(segs) != 2 || segs[1] == "*" || segs[1] == "**") {
			// one shape only: a member named so in any object, at any depth
			return `"**" stands for any depth and is written only as /**/name: a member called name in any object of the response`, k + ".at"
		}
	}
	if s.Every && contains(segs, "**") {
		return `every needs a "*" in at, not "**": "**" finds a member at any depth`, k + ".every"
	}
	if s.Count != 0 || s.Compare != "" {
		return "expect_json takes one of equals, count, at_least and at_most", k + ".count"
	}
	if s.Every && !contains(segs, "*") {
		return `every needs a "*" in at, the items it stands for (at: /*/done)`, k + ".every"
	}
	v, err := compactJSON([]byte(s.Value))
	if err != nil {
		return fmt.Sprintf("equals: %v", err), k + ".equals"
	}
	s.Value = v
	return "", ""
}

// checkOptions validates expect_options: option labels that are not
// empty, none listed twice in includes, or a count of 0 or more.
func (s *Step) checkOptions() (msg, field string) {
	k := string(s.Kind)
	switch s.Compare {
	case "", OptionsIncludes, OptionsCount:
	default:
		return fmt.Sprintf("unknown check %q (known: options, %s, %s)", s.Compare, OptionsIncludes, OptionsCount), k
	}
	if s.Compare == OptionsCount {
		if len(s.Texts) > 0 {
			return "expect_options takes one of options, includes and count", k + ".count"
		}
		if s.Count < 0 {
			return "count must be 0 or more", k + ".count"
		}
		return "", ""
	}
	f := k + ".options"
	if s.Compare == OptionsIncludes {
		f = k + ".includes"
		if len(s.Texts) == 0 {
			return "includes needs at least one option label, as in includes: [Canada]", f
		}
	}
	if s.Count != 0 {
		return "expect_options takes one of options, includes and count", k + ".count"
	}
	seen := map[string]bool{}
	for _, x := range s.Texts {
		n := strings.ToLower(strings.Join(strings.Fields(x), " "))
		if n == "" {
			return "an option label is empty", f
		}
		if s.Compare == OptionsIncludes && seen[n] {
			return fmt.Sprintf("%q is listed twice", x), f
		}
		seen[n] = true
	}
	return "", ""
}

// PointerSegments splits a JSON pointer (RFC 6901) into its unescaped
// segments: "" is the whole document, "/a~1b/0" is ["a/b", "0"].
func PointerSegments(at string) ([]string, error) {
	if at == "" {
		return nil, nil
	}
	if !strings.HasPrefix(at, "/") {
		return nil, fmt.Errorf("at %q must be a JSON pointer: empty for the whole response, or starting with / as in /0/title", at)
	}
	parts := strings.Split(at[1:], "/")
	for i, p := range parts {
		for j := 0; j < len(p); j++ {
			if p[j] == '~' && (j+1 == len(p) || p[j+1] != '0' && p[j+1] != '1') {
				return nil, fmt.Errorf("at %q: ~ is written ~0, and / inside a name ~1", at)
			}
		}
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return parts, nil
}

var countName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// checkCount validates expect_count's comparison (see decodeCount for the
// spellings): only the forms that have a spelling are accepted, so that a
// step built in code encodes to what it means.
func (s *Step) checkCount() (msg, field string) {
	k := string(s.Kind)
	switch s.Compare {
	case "", CountAtLeast, CountAtMost:
	default:
		return fmt.Sprintf("unknown comparison %q (known: exactly, %s, %s)", s.Compare, CountAtLeast, CountAtMost), k
	}
	if s.Ref == "" {
		if s.Count < 0 {
			return "count must be 0 or more", k + "." + map[string]string{"": "count", CountAtLeast: "at_least", CountAtMost: "at_most"}[s.Compare]
		}
		return "", ""
	}
	switch {
	case s.Compare == "", s.Compare == CountAtLeast && s.Count == 1, s.Compare == CountAtMost && s.Count == -1:
		return "", ""
	}
	return "a remembered count is compared with same_as (and plus), more_than or fewer_than", k
}

// reachCount reports whether s is an expect_count more than a remembered
// count, which reach makes compare only on the page the count was taken
// on: fewer or as many there blocks the journey, another page passes.
func (s *Step) reachCount() bool {
	return s.Kind == ExpectCount && s.Ref != "" && s.Compare == CountAtLeast && s.Count == 1
}

// checkRef checks that expect_count compares with a count remembered
// earlier in the same journey.
func (s *Step) checkRef(counted []string) (msg, field string) {
	if s.Kind != ExpectCount || s.Ref == "" || contains(counted, s.Ref) {
		return "", ""
	}
	f := string(s.Kind) + "." + map[string]string{"": "same_as", CountAtLeast: "more_than", CountAtMost: "fewer_than"}[s.Compare]
	if len(counted) == 0 {
		return fmt.Sprintf("no count named %q was remembered before this step: add a remember_count step with as: %s earlier in the journey", s.Ref, s.Ref), f
	}
	return fmt.Sprintf("no count named %q was remembered before this step (remembered: %s)%s", s.Ref, strings.Join(counted, ", "), suggest(s.Ref, counted)), f
}

// StyleProperties are the CSS properties expect_style checks, as computed
// by the browser. text-decoration is read as text-decoration-line;
// control-color is no CSS property but the colour a person names for a
// button: its own painted background, else its text's.
var StyleProperties = []string{
	"color", "background-color", "border-color", "outline-color", "control-color",
	"font-weight", "font-style", "font-size", "font-family",
	"text-decoration", "text-decoration-line", "text-transform", "text-align",
	"display", "visibility", "opacity", "cursor",
	"width", "height", "border-style", "border-width",
}

// IsColorProperty reports whether expect_style compares p as a colour.
func IsColorProperty(p string) bool { return strings.HasSuffix(p, "color") }

// ColorFamilies are the colours people name without a shade: an
// expect_style value "~blue" passes for any shade a person calls blue.
var ColorFamilies = []string{"red", "orange", "yellow", "green", "blue", "purple", "pink", "grey", "black", "white"}

var colorValue = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\([^()]*\)|[a-zA-Z]+)$`)

func (s *Step) checkStyle() (msg, field string) {
	k := string(s.Kind)
	s.Property = strings.ToLower(strings.TrimSpace(s.Property))
	if s.Property == "" {
		return "expect_style needs a property such as font-weight, color or text-decoration-line", k + ".property"
	}
	if !contains(StyleProperties, s.Property) {
		return fmt.Sprintf("expect_style cannot check %q (known: %s)%s", s.Property, strings.Join(StyleProperties, ", "), suggest(s.Property, StyleProperties)), k + ".property"
	}
	v := strings.TrimSpace(s.Value)
	if v == "" {
		return "expect_style needs the value to compare with", k + ".value"
	}
	switch {
	case s.Property == "font-weight":
		if _, err := strconv.Atoi(v); err != nil && v != "bold" && v != "normal" {
			return fmt.Sprintf("font-weight is bold, normal or a number such as 700, not %q", v), k + ".value"
		}
	case IsColorProperty(s.Property) && strings.HasPrefix(v, "~"):
		if !contains(ColorFamilies, strings.TrimPrefix(v, "~")) {
			return fmt.Sprintf("%q is no colour family: after ~ comes one of %s", v, strings.Join(ColorFamilies, ", ")), k + ".value"
		}
	case IsColorProperty(s.Property):
		if !colorValue.MatchString(v) {
			return fmt.Sprintf("%q is not a colour: use a name (red), #rrggbb, rgb(…), or dark / light for a background", v), k + ".value"
		}
	case s.Property == "text-decoration" || s.Property == "text-decoration-line":
		known := []string{"line-through", "underline", "overline", "none"}
		if !contains(known, v) {
			return fmt.Sprintf("%s is one of %s, not %q%s", s.Property, strings.Join(known, ", "), v, suggest(v, known)), k + ".value"
		}
	}
	return "", ""
}

// checkLocation accepts a path on the base URL ("/login") or an absolute
// http(s) URL; the runner refuses absolute URLs on another origin.
func checkLocation(v string) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return fmt.Errorf("needs a path such as /login or an http(s) URL")
	}
	if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		if _, err := url.Parse(v); err != nil {
			return fmt.Errorf("bad path %q: %v", v, err)
		}
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("%q must be a path starting with / or an http(s) URL", v)
	}
	return nil
}

// Keys are the named keys press accepts, besides single characters.
var Keys = []string{
	"Enter", "Tab", "Escape", "Backspace", "Delete", "Space",
	"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
	"Home", "End", "PageUp", "PageDown",
}

var modifiers = []string{"Control", "Shift", "Alt", "Meta"}

func checkKey(v string) error {
	if v == "" {
		return fmt.Errorf("press needs a key such as Enter, Tab or Control+A")
	}
	parts := strings.Split(v, "+")
	for _, m := range parts[:len(parts)-1] {
		if !contains(modifiers, m) {
			return fmt.Errorf("unknown modifier %q (known: %s)", m, strings.Join(modifiers, ", "))
		}
	}
	key := parts[len(parts)-1]
	if len([]rune(key)) == 1 || contains(Keys, key) {
		return nil
	}
	return fmt.Errorf("unknown key %q (known: a single character or %s)%s", key, strings.Join(Keys, ", "), suggest(key, Keys))
}
