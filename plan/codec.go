package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// MaxSize is the largest plan document Parse accepts.
const MaxSize = 1 << 20

// Parse reads a plan from JSON or YAML, normalises its targets and validates
// it. The error, if any, is an Errors listing every problem with the journey,
// step and field it concerns; a plan with errors must not run.
func Parse(data []byte) (*Plan, error) {
	if len(data) > MaxSize {
		return nil, Errors{{Message: fmt.Sprintf("plan is %d bytes; the limit is %d", len(data), MaxSize)}}
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, Errors{{Message: "plan is empty"}}
	}
	if trimmed[0] != '{' {
		j, err := yamlToJSON(trimmed)
		if err != nil {
			return nil, Errors{{Message: "malformed YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}}
		}
		trimmed = j
	}
	p, errs := decode(trimmed)
	if p != nil {
		errs = append(errs, p.validate()...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return p, nil
}

// FieldError is one problem in a plan, located by journey, step and field.
type FieldError struct {
	Journey     int    // 1-based; 0 for the plan itself
	JourneyName string // as written, if known
	Step        int    // 1-based; 0 for the journey itself
	Field       string // e.g. "fill.target"
	Message     string
}

func (e *FieldError) Error() string {
	var b strings.Builder
	if e.Journey > 0 {
		fmt.Fprintf(&b, "journey %d", e.Journey)
		if e.JourneyName != "" {
			fmt.Fprintf(&b, " %q", e.JourneyName)
		}
	}
	if e.Step > 0 {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "step %d", e.Step)
	}
	if e.Field != "" {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "field %q", e.Field)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Errors is every problem found in a plan.
type Errors []*FieldError

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

type rawPlan struct {
	Version      *int          `json:"version"`
	Name         string        `json:"name"`
	Requirements []Requirement `json:"requirements"`
	Journeys     []rawJourney  `json:"journeys"`
}

type rawJourney struct {
	Name        string            `json:"name"`
	Requirement string            `json:"requirement"`
	Steps       []json.RawMessage `json:"steps"`
}

func decode(data []byte) (*Plan, Errors) {
	var rp rawPlan
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rp); err != nil {
		return nil, Errors{{Message: describeJSONError(data, err)}}
	}
	if dec.More() {
		return nil, Errors{{Message: "unexpected data after the plan"}}
	}
	p := &Plan{Version: Version, Name: rp.Name, Requirements: rp.Requirements}
	if rp.Version != nil {
		p.Version = *rp.Version
	}
	var errs Errors
	for ji, rj := range rp.Journeys {
		j := Journey{Name: rj.Name, Requirement: rj.Requirement}
		for si, raw := range rj.Steps {
			s, err := decodeStep(raw)
			if err != nil {
				err.Journey, err.JourneyName, err.Step = ji+1, rj.Name, si+1
				errs = append(errs, err)
				continue
			}
			j.Steps = append(j.Steps, s)
		}
		if len(rj.Steps) == 0 {
			j.Steps = nil
		}
		p.Journeys = append(p.Journeys, j)
	}
	return p, errs
}

func describeJSONError(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := position(data, se.Offset)
		return fmt.Sprintf("malformed JSON at line %d, column %d: %v", line, col, se)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q must be %s, not %s", te.Field, te.Type, te.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		f := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return fmt.Sprintf("unknown field %s (known: version, name, requirements, journeys; in a journey: name, requirement, steps)", f)
	case err.Error() == "unexpected EOF":
		return "malformed JSON: unexpected end of input"
	}
	return "malformed JSON: " + strings.TrimPrefix(err.Error(), "json: ")
}

func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// decodeStep reads one step object. The returned error has only Field and
// Message set; the caller adds the location.
func decodeStep(raw json.RawMessage) (Step, *FieldError) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		var word string
		if json.Unmarshal(raw, &word) == nil && Kind(word).Valid() {
			return Step{}, &FieldError{Message: fmt.Sprintf("step %q needs an argument, as in {%q: ...}", word, word)}
		}
		return Step{}, &FieldError{Message: "a step must be an object with one action or assertion, such as {\"visit\": \"/\"}"}
	}
	var s Step
	if t, ok := m["timeout"]; ok {
		d, err := decodeDuration(t)
		if err != nil {
			return Step{}, &FieldError{Field: "timeout", Message: err.Error()}
		}
		s.Timeout = d
		delete(m, "timeout")
	}
	if r, ok := m["reach"]; ok {
		if err := json.Unmarshal(r, &s.Reach); err != nil {
			return Step{}, &FieldError{Field: "reach", Message: "reach must be true or false"}
		}
		delete(m, "reach")
	}
	if len(m) == 0 {
		return Step{}, &FieldError{Message: "empty step: name one action or assertion"}
	}
	if len(m) > 1 {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return Step{}, &FieldError{Message: fmt.Sprintf("a step holds exactly one action or assertion; this one has %s (split it into separate steps)", strings.Join(keys, ", "))}
	}
	var key string
	var arg json.RawMessage
	for k, v := range m {
		key, arg = k, v
	}
	s.Kind = Kind(key)
	if !s.Kind.Valid() {
		names := make([]string, len(Kinds))
		for i, k := range Kinds {
			names[i] = string(k)
		}
		return Step{}, &FieldError{Field: key, Message: fmt.Sprintf("unknown step %q%s", key, suggest(key, names))}
	}
	if err := s.decodeArg(arg); err != nil {
		err.Field = key + dotted(err.Field)
		return Step{}, err
	}
	return s, nil
}

func dotted(f string) string {
	if f == "" {
		return ""
	}
	return "." + f
}

// stepArg is the object form of every step's argument; which fields a kind
// allows is checked in decodeArg.
type stepArg struct {
	Target    *string          `json:"target"`
	Value     *json.RawMessage `json:"value"`
	Secret    *string          `json:"secret"`
	Key       *string          `json:"key"`
	Text      *json.RawMessage `json:"text"`
	Count     *int             `json:"count"`
	Name      *string          `json:"name"`
	AtLeast   *int             `json:"at_least"`
	AtMost    *int             `json:"at_most"`
	SameAs    *string          `json:"same_as"`
	Plus      *int             `json:"plus"`
	MoreThan  *string          `json:"more_than"`
	FewerThan *string          `json:"fewer_than"`
	As        *string          `json:"as"`
	Property  *string          `json:"property"`
	Texts     *[]string        `json:"texts"`
	At        *string          `json:"at"`
	Equals    *json.RawMessage `json:"equals"`
	Every     *bool            `json:"every"`
	Options   *[]string        `json:"options"`
	Includes  *[]string        `json:"includes"`
}

var allowedArgs = map[Kind][]string{
	Fill:          {"target", "value", "secret"},
	Select:        {"target", "value", "secret"},
	Press:         {"key", "target"},
	ExpectText:    {"text", "target"},
	ExpectNoText:  {"text", "target"},
	ExpectCount:   {"target", "count", "at_least", "at_most", "same_as", "plus", "more_than", "fewer_than"},
	Screenshot:    {"name"},
	RememberCount: {"target", "as"},
	ExpectValue:   {"target", "value"},
	ExpectStyle:   {"target", "property", "value"},
	ExpectOrder:   {"target", "texts"},
	ExpectJSON:    {"at", "equals", "count", "at_least", "at_most", "every"},
	ExpectOptions: {"target", "options", "includes", "count"},
}

// targetKinds are the steps whose scalar argument is a target.
func (k Kind) takesTarget() bool {
	switch k {
	case Click, DblClick, Check, Uncheck, Hover, WaitFor, ExpectVisible, ExpectHidden,
		ExpectChecked, ExpectUnchecked, ExpectEnabled, ExpectDisabled, ExpectFocused:
		return true
	}
	return false
}

func (s *Step) decodeArg(arg json.RawMessage) *FieldError {
	arg = bytes.TrimSpace(arg)
	isObject := len(arg) > 0 && arg[0] == '{'
	allowed := allowedArgs[s.Kind]
	if isObject && allowed == nil {
		return &FieldError{Message: fmt.Sprintf("%s takes a single value, not an object", s.Kind)}
	}
	if isObject {
		var a stepArg
		dec := json.NewDecoder(bytes.NewReader(arg))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			msg := strings.TrimPrefix(err.Error(), "json: ")
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return &FieldError{Field: te.Field, Message: fmt.Sprintf("must be %s, not %s", te.Type, te.Value)}
			}
			if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
				f = strings.Trim(f, `"`)
				return &FieldError{Field: f, Message: fmt.Sprintf("%s does not take %q (allowed: %s)%s", s.Kind, f, strings.Join(allowed, ", "), suggest(f, allowed))}
			}
			return &FieldError{Message: fmt.Sprintf("%s (allowed: %s)", msg, strings.Join(allowed, ", "))}
		}
		var extra []string
		check := func(name string, set bool) {
			if set && !contains(allowed, name) {
				extra = append(extra, name)
			}
		}
		check("target", a.Target != nil)
		check("value", a.Value != nil)
		check("secret", a.Secret != nil)
		check("key", a.Key != nil)
		check("text", a.Text != nil)
		check("count", a.Count != nil)
		check("name", a.Name != nil)
		check("at_least", a.AtLeast != nil)
		check("at_most", a.AtMost != nil)
		check("same_as", a.SameAs != nil)
		check("plus", a.Plus != nil)
		check("more_than", a.MoreThan != nil)
		check("fewer_than", a.FewerThan != nil)
		check("as", a.As != nil)
		check("property", a.Property != nil)
		check("texts", a.Texts != nil)
		check("at", a.At != nil)
		check("equals", a.Equals != nil)
		check("every", a.Every != nil)
		check("options", a.Options != nil)
		check("includes", a.Includes != nil)
		if len(extra) > 0 {
			return &FieldError{Field: extra[0], Message: fmt.Sprintf("%s does not take %q (allowed: %s)%s", s.Kind, extra[0], strings.Join(allowed, ", "), suggest(extra[0], allowed))}
		}
		if s.Kind == ExpectJSON {
			if a.Equals == nil {
				// equals: null decodes to a nil pointer; it is a value
				var keys map[string]json.RawMessage
				if json.Unmarshal(arg, &keys) == nil && keys["equals"] != nil {
					null := json.RawMessage("null")
					a.Equals = &null
				}
			}
			return s.decodeJSON(&a)
		}
		if s.Kind == ExpectOptions {
			return s.decodeOptions(&a)
		}
		s.Target = deref(a.Target)
		s.Secret = deref(a.Secret)
		if a.Key != nil {
			s.Value = *a.Key
		}
		if a.Name != nil {
			s.Value = *a.Name
		}
		if s.Kind == ExpectCount {
			if err := s.decodeCount(&a); err != nil {
				return err
			}
		} else if a.Count != nil {
			s.Count = *a.Count
		}
		if a.As != nil {
			s.Ref = *a.As
		} else if s.Kind == RememberCount {
			return &FieldError{Field: "as", Message: "remember_count needs a name to remember the count as, such as as: before"}
		}
		s.Property = deref(a.Property)
		if a.Texts != nil {
			s.Texts = *a.Texts
		} else if s.Kind == ExpectOrder {
			return &FieldError{Field: "texts", Message: `expect_order needs texts, in the order they must appear, as in texts: [apples, pears]`}
		}
		if a.Value == nil && (s.Kind == ExpectValue || s.Kind == ExpectStyle) {
			return &FieldError{Field: "value", Message: fmt.Sprintf("%s needs a value", s.Kind)}
		}
		for _, f := range []struct {
			name string
			raw  *json.RawMessage
		}{{"value", a.Value}, {"text", a.Text}} {
			if f.raw == nil {
				continue
			}
			v, err := scalarString(*f.raw)
			if err != nil {
				return &FieldError{Field: f.name, Message: err.Error()}
			}
			s.Value = v
		}
		return nil
	}
	// Scalar forms.
	switch s.Kind {
	case ExpectStatus:
		var n int
		if err := json.Unmarshal(arg, &n); err != nil {
			return &FieldError{Message: "expect_status takes an HTTP status code such as 200"}
		}
		s.Status = n
		return nil
	case ExpectNoConsoleErrors, Reload, GoBack:
		if s.Kind != ExpectNoConsoleErrors && string(arg) == "null" {
			return nil // "- reload:" in YAML
		}
		var b bool
		if err := json.Unmarshal(arg, &b); err != nil || !b {
			return &FieldError{Message: fmt.Sprintf("%s takes true", s.Kind)}
		}
		return nil
	case ExpectOrder:
		var texts []string
		if err := json.Unmarshal(arg, &texts); err != nil {
			return &FieldError{Message: `expect_order takes a list of texts, as in [apples, pears], or {"target": ..., "texts": [...]}`}
		}
		s.Texts = texts
		return nil
	case RememberCount:
		return &FieldError{Message: `remember_count takes {"target": ..., "as": NAME}`}
	case ExpectValue:
		return &FieldError{Message: `expect_value takes {"target": ..., "value": ...}`}
	case ExpectStyle:
		return &FieldError{Message: `expect_style takes {"target": ..., "property": ..., "value": ...}`}
	case ExpectOptions:
		return &FieldError{Message: optionsForms}
	case ExpectJSON:
		return &FieldError{Message: `expect_json takes {"at": "/0/title", "equals": VALUE} or {"at": ..., "count": N} (or at_least, at_most instead of count; with equals, "every": true makes "*" every item)`}
	case Screenshot:
		if string(arg) == "null" || string(arg) == "true" {
			return nil
		}
	case Fill, Select:
		return &FieldError{Message: fmt.Sprintf(`%s takes {"target": ..., "value": ...} or {"target": ..., "secret": ...}`, s.Kind)}
	case ExpectCount:
		return &FieldError{Message: `expect_count takes {"target": ..., "count": N}, or at_least, at_most, same_as, more_than or fewer_than instead of count`}
	}
	v, err := scalarString(arg)
	if err != nil {
		return &FieldError{Message: err.Error()}
	}
	if s.Kind.takesTarget() {
		s.Target = v
	} else {
		s.Value = v
	}
	return nil
}

// decodeJSON reads expect_json's argument: an optional pointer and
// exactly one of equals (any JSON value, kept as compact JSON) and count.
func (s *Step) decodeJSON(a *stepArg) *FieldError {
	s.At = deref(a.At)
	s.Every = a.Every != nil && *a.Every
	switch {
	case s.Every && a.Equals == nil:
		return &FieldError{Field: "every", Message: `every goes with equals: every item the "*" in at stands for holds the value`}
	case countsGiven(a) > 1 || a.Equals != nil && countsGiven(a) > 0:
		return &FieldError{Field: "count", Message: "expect_json takes one of equals, count, at_least and at_most"}
	case a.Equals != nil:
		v, err := compactJSON(*a.Equals)
		if err != nil {
			return &FieldError{Field: "equals", Message: err.Error()}
		}
		s.Value = v
	case a.Count != nil:
		s.Count = *a.Count
	case a.AtLeast != nil:
		s.Count, s.Compare = *a.AtLeast, CountAtLeast
	case a.AtMost != nil:
		s.Count, s.Compare = *a.AtMost, CountAtMost
	default:
		return &FieldError{Message: "expect_json needs equals (the value at the pointer), or count, at_least or at_most (its number of items)"}
	}
	return nil
}

// countsGiven is how many of expect_json's counts an argument gives.
func countsGiven(a *stepArg) int {
	n := 0
	for _, p := range []*int{a.Count, a.AtLeast, a.AtMost} {
		if p != nil {
			n++
		}
	}
	return n
}

const optionsForms = `expect_options takes {"target": ..., "options": [A, B]} (exactly these options, in this order), {"target": ..., "includes": [A]} (each is among the options) or {"target": ..., "count": N}`

// decodeOptions reads expect_options' argument: a target and exactly one
// of options, includes and count.
func (s *Step) decodeOptions(a *stepArg) *FieldError {
	s.Target = deref(a.Target)
	var given []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"options", a.Options != nil}, {"includes", a.Includes != nil}, {"count", a.Count != nil}} {
		if f.set {
			given = append(given, f.name)
		}
	}
	switch len(given) {
	case 0:
		return &FieldError{Field: "options", Message: "expect_options needs options, includes or count: " + optionsForms}
	case 1:
	default:
		return &FieldError{Field: given[1], Message: fmt.Sprintf("expect_options takes one of options, includes and count; this one has %s", strings.Join(given, " and "))}
	}
	switch given[0] {
	case "options":
		s.Texts = *a.Options
		if s.Texts == nil {
			s.Texts = []string{}
		}
	case "includes":
		s.Texts, s.Compare = *a.Includes, OptionsIncludes
	case "count":
		s.Count, s.Compare = *a.Count, OptionsCount
	}
	return nil
}

// compactJSON returns a JSON value in one spelling: no whitespace, object
// keys sorted, numbers as written.
func compactJSON(raw []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("not a JSON value: %v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return "", fmt.Errorf("not one JSON value")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// decodeCount reads expect_count's comparison: exactly one of count,
// at_least, at_most, same_as (with an optional plus), more_than and
// fewer_than.
func (s *Step) decodeCount(a *stepArg) *FieldError {
	var given []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"count", a.Count != nil}, {"at_least", a.AtLeast != nil}, {"at_most", a.AtMost != nil},
		{"same_as", a.SameAs != nil}, {"more_than", a.MoreThan != nil}, {"fewer_than", a.FewerThan != nil}} {
		if f.set {
			given = append(given, f.name)
		}
	}
	switch len(given) {
	case 0:
		return &FieldError{Field: "count", Message: "expect_count needs a count (or at_least, at_most, same_as, more_than, fewer_than)"}
	case 1:
	default:
		return &FieldError{Field: given[1], Message: fmt.Sprintf("expect_count takes one of count, at_least, at_most, same_as, more_than, fewer_than; this one has %s", strings.Join(given, " and "))}
	}
	if a.Plus != nil && a.SameAs == nil {
		return &FieldError{Field: "plus", Message: "plus goes with same_as, as in {same_as: before, plus: 1}"}
	}
	switch given[0] {
	case "count":
		s.Count = *a.Count
	case "at_least":
		s.Count, s.Compare = *a.AtLeast, CountAtLeast
	case "at_most":
		s.Count, s.Compare = *a.AtMost, CountAtMost
	case "same_as":
		s.Ref = *a.SameAs
		if a.Plus != nil {
			s.Count = *a.Plus
		}
	case "more_than":
		s.Ref, s.Count, s.Compare = *a.MoreThan, 1, CountAtLeast
	case "fewer_than":
		s.Ref, s.Count, s.Compare = *a.FewerThan, -1, CountAtMost
	}
	return nil
}

func scalarString(raw json.RawMessage) (string, error) {
	var v any
	// A number keeps the text it was written as: 1.50 is looked for as
	// "1.50", not "1.5".
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	case nil:
		return "", fmt.Errorf("missing value")
	}
	return "", fmt.Errorf("must be a string")
}

func decodeDuration(raw json.RawMessage) (time.Duration, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var ms float64
		if err := json.Unmarshal(raw, &ms); err != nil {
			return 0, fmt.Errorf(`timeout must be a duration such as "5s" or a number of milliseconds`)
		}
		return time.Duration(ms * float64(time.Millisecond)), nil
	}
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf(`timeout %q is not a duration such as "5s" or "500ms"`, s)
	}
	return d, nil
}

// MarshalJSON writes the step in its canonical form: the scalar spelling
// when the step has only its main argument, the object spelling otherwise.
func (s Step) MarshalJSON() ([]byte, error) {
	var arg any
	switch s.Kind {
	case Fill, Select:
		a := struct {
			Target string  `json:"target"`
			Value  *string `json:"value,omitempty"`
			Secret string  `json:"secret,omitempty"`
		}{Target: s.Target, Secret: s.Secret}
		if s.Secret == "" {
			a.Value = &s.Value
		}
		arg = a
	case Press:
		if s.Target == "" {
			arg = s.Value
		} else {
			arg = struct {
				Key    string `json:"key"`
				Target string `json:"target"`
			}{s.Value, s.Target}
		}
	case ExpectText, ExpectNoText:
		if s.Target == "" {
			arg = s.Value
		} else {
			arg = struct {
				Text   string `json:"text"`
				Target string `json:"target"`
			}{s.Value, s.Target}
		}
	case ExpectCount:
		arg = s.countArg()
	case ExpectStatus:
		arg = s.Status
	case ExpectNoConsoleErrors, Reload, GoBack:
		arg = true
	case RememberCount:
		arg = struct {
			Target string `json:"target"`
			As     string `json:"as"`
		}{s.Target, s.Ref}
	case ExpectValue:
		arg = struct {
			Target string `json:"target"`
			Value  string `json:"value"`
		}{s.Target, s.Value}
	case ExpectStyle:
		arg = struct {
			Target   string `json:"target"`
			Property string `json:"property"`
			Value    string `json:"value"`
		}{s.Target, s.Property, s.Value}
	case ExpectJSON:
		switch {
		case s.Value == "" && s.Compare == CountAtLeast:
			arg = struct {
				At      string `json:"at,omitempty"`
				AtLeast int    `json:"at_least"`
			}{s.At, s.Count}
		case s.Value == "" && s.Compare == CountAtMost:
			arg = struct {
				At     string `json:"at,omitempty"`
				AtMost int    `json:"at_most"`
			}{s.At, s.Count}
		case s.Value == "":
			arg = struct {
				At    string `json:"at,omitempty"`
				Count int    `json:"count"`
			}{s.At, s.Count}
		default:
			eq := json.RawMessage(s.Value)
			if !json.Valid(eq) {
				// Validate refuses it; encoding must not fail meanwhile.
				eq, _ = json.Marshal(s.Value)
			}
			arg = struct {
				At     string          `json:"at,omitempty"`
				Equals json.RawMessage `json:"equals"`
				Every  bool            `json:"every,omitempty"`
			}{s.At, eq, s.Every}
		}
	case ExpectOptions:
		arg = s.optionsArg()
	case ExpectOrder:
		texts := s.Texts
		if texts == nil {
			texts = []string{}
		}
		if s.Target == "" {
			arg = texts
		} else {
			arg = struct {
				Target string   `json:"target"`
				Texts  []string `json:"texts"`
			}{s.Target, texts}
		}
	default:
		if s.Kind.takesTarget() {
			arg = s.Target
		} else { // visit, expect_url, expect_title, screenshot
			arg = s.Value
		}
	}
	a, err := json.Marshal(arg)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{`)
	k, _ := json.Marshal(string(s.Kind))
	b.Write(k)
	b.WriteByte(':')
	b.Write(a)
	if s.Timeout > 0 {
		b.WriteString(`,"timeout":`)
		t, _ := json.Marshal(s.Timeout.String())
		b.Write(t)
	}
	if s.Reach {
		// Written only when set, so plans without it keep their identity.
		b.WriteString(`,"reach":true`)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// countArg is expect_count's argument in its canonical spelling; a plain
// exact count keeps the original {target, count} form.
func (s Step) countArg() any {
	switch {
	case s.Ref == "" && s.Compare == CountAtLeast:
		return struct {
			Target  string `json:"target"`
			AtLeast int    `json:"at_least"`
		}{s.Target, s.Count}
	case s.Ref == "" && s.Compare == CountAtMost:
		return struct {
			Target string `json:"target"`
			AtMost int    `json:"at_most"`
		}{s.Target, s.Count}
	case s.Ref == "":
		return struct {
			Target string `json:"target"`
			Count  int    `json:"count"`
		}{s.Target, s.Count}
	case s.Compare == CountAtLeast && s.Count == 1:
		return struct {
			Target   string `json:"target"`
			MoreThan string `json:"more_than"`
		}{s.Target, s.Ref}
	case s.Compare == CountAtMost && s.Count == -1:
		return struct {
			Target    string `json:"target"`
			FewerThan string `json:"fewer_than"`
		}{s.Target, s.Ref}
	}
	return struct {
		Target string `json:"target"`
		SameAs string `json:"same_as"`
		Plus   int    `json:"plus,omitempty"`
	}{s.Target, s.Ref, s.Count}
}

// optionsArg is expect_options' argument in its canonical spelling.
func (s Step) optionsArg() any {
	texts := s.Texts
	if texts == nil {
		texts = []string{}
	}
	switch s.Compare {
	case OptionsIncludes:
		return struct {
			Target   string   `json:"target"`
			Includes []string `json:"includes"`
		}{s.Target, texts}
	case OptionsCount:
		return struct {
			Target string `json:"target"`
			Count  int    `json:"count"`
		}{s.Target, s.Count}
	}
	return struct {
		Target  string   `json:"target"`
		Options []string `json:"options"`
	}{s.Target, texts}
}

// UnmarshalJSON reads one step in any accepted spelling. Plans should be
// read with Parse, which also validates and locates errors.
func (s *Step) UnmarshalJSON(b []byte) error {
	st, err := decodeStep(b)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// yamlToJSON converts a YAML document to JSON so that one decoder, with one
// set of rules and messages, reads both. Scalars keep the text the person
// wrote: YAML would read "expect_text: 2026-12-05" as a timestamp and
// "expect_text: 1.50" as the number 1.5, and the run would then look for a
// text nobody approved.
func yamlToJSON(data []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := writeJSON(&b, &doc, 0); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeJSON writes n as JSON: strings, timestamps and anything else that is
// not a number, a boolean or null as the scalar's own text; a number as
// written when that is a JSON number (1.50 stays 1.50), else as its text. Aliases are
// followed (depth bounds a document that nests them without end) and
// merge keys ("<<") fill the keys a mapping does not set itself.
func writeJSON(b *bytes.Buffer, n *yaml.Node, depth int) error {
	if depth > 64 {
		return errors.New("the document nests deeper than 64 levels (or its aliases refer to each other)")
	}
	switch n.Kind {
	case 0:
		b.WriteString("null")
		return nil
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			b.WriteString("null")
			return nil
		}
		return writeJSON(b, n.Content[0], depth+1)
	case yaml.AliasNode:
		return writeJSON(b, n.Alias, depth+1)
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, c, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	case yaml.MappingNode:
		keys, vals, err := mappingPairs(n, depth)
		if err != nil {
			return err
		}
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kj, _ := json.Marshal(k)
			b.Write(kj)
			b.WriteByte(':')
			if err := writeJSON(b, vals[i], depth+1); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	switch n.ShortTag() {
	case "!!null":
		b.WriteString("null")
		return nil
	case "!!bool":
		var v bool
		if err := n.Decode(&v); err != nil {
			return err
		}
		b.WriteString(strconv.FormatBool(v))
		return nil
	case "!!int", "!!float":
		// A number JSON writes the same way stays a number; 007, 0x1F,
		// 1_000 or .inf stay the text they were written as.
		if json.Valid([]byte(n.Value)) {
			b.WriteString(n.Value)
			return nil
		}
	}
	j, _ := json.Marshal(n.Value)
	b.Write(j)
	return nil
}

// mappingPairs lists a mapping's keys and values in order, a later key
// replacing an earlier one, with the keys of merged mappings ("<<: *base")
// that the mapping does not set itself.
func mappingPairs(n *yaml.Node, depth int) ([]string, []*yaml.Node, error) {
	var keys []string
	var vals []*yaml.Node
	at := map[string]int{}
	set := func(k string, v *yaml.Node, override bool) {
		if i, ok := at[k]; ok {
			if override {
				vals[i] = v
			}
			return
		}
		at[k] = len(keys)
		keys = append(keys, k)
		vals = append(vals, v)
	}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			merges = append(merges, v)
			continue
		}
		if k.Kind != yaml.ScalarNode {
			return nil, nil, fmt.Errorf("line %d: a mapping key must be a plain value", k.Line)
		}
		set(k.Value, v, true)
	}
	for _, m := range merges {
		for m.Kind == yaml.AliasNode {
			m = m.Alias
		}
		from := []*yaml.Node{m}
		if m.Kind == yaml.SequenceNode {
			from = m.Content
		}
		for _, f := range from {
			for f.Kind == yaml.AliasNode {
				f = f.Alias
			}
			if f.Kind != yaml.MappingNode {
				return nil, nil, fmt.Errorf("line %d: << merges a mapping, not this value", m.Line)
			}
			if depth > 64 {
				return nil, nil, errors.New("merged mappings nest deeper than 64 levels")
			}
			ks, vs, err := mappingPairs(f, depth+1)
			if err != nil {
				return nil, nil, err
			}
			for i, k := range ks {
				set(k, vs[i], false)
			}
		}
	}
	return keys, vals, nil
}

// YAML renders the plan as YAML for people, with the same content and
// field order as its canonical JSON.
func (p *Plan) YAML() []byte {
	node, err := jsonToNode(p.Canonical())
	if err != nil {
		panic("plan: yaml rendering: " + err.Error())
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		panic("plan: yaml rendering: " + err.Error())
	}
	return b.Bytes()
}

func jsonToNode(data []byte) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return nodeFrom(dec)
}

func nodeFrom(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &yaml.Node{Kind: yaml.MappingNode}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := nodeFrom(dec)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k.(string)}, v)
			}
			_, err := dec.Token()
			// Small all-scalar maps such as {target, value} read best inline;
			// a single-key step reads best as "- visit: /".
			if len(n.Content) >= 4 && len(n.Content) <= 6 && allScalar(n.Content) {
				n.Style = yaml.FlowStyle
			}
			return n, err
		case '[':
			n := &yaml.Node{Kind: yaml.SequenceNode}
			for dec.More() {
				v, err := nodeFrom(dec)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, v)
			}
			_, err := dec.Token()
			return n, err
		}
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}, nil
	case json.Number:
		tag := "!!int"
		if strings.ContainsAny(t.String(), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

func allScalar(ns []*yaml.Node) bool {
	for _, n := range ns {
		if n.Kind != yaml.ScalarNode {
			return false
		}
	}
	return true
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
