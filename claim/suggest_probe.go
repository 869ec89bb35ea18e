package claim

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// Rephrasings found to change a claim's meaning by probing the readers
// (each is refused as a suggestion by ChangesMeaning).

var (
	// reCondState: a state said to hold when an action is made ("with
	// 'Agree' ticked, clicking …", "unless 'Agree' is ticked").
	reCondState = regexp.MustCompile(`(?i)\b(?:with|unless|when|while|if|once)\s+(?:the\s+)?["']([^"']+)["']\s+(?:\w+\s+)?(?:is\s+|are\s+|being\s+)?(?:not\s+)?(?:ticked|checked|unticked|unchecked|selected|enabled|disabled|empty|on|off)\b`)
	// reHiddenNamed: "a hidden 'Save' button".
	reHiddenNamed = regexp.MustCompile(`(?i)\b(?:hidden|invisible|concealed)\s+["']([^"']+)["']`)
	// reCannotAct: an action said impossible ("you can't click 'Save'"),
	// which a control that is there but disabled makes true.
	reCannotAct = regexp.MustCompile(`(?i)(?:can['’]?t|cannot|can not|unable to|not able to|(?:doesn['’]?t|does not|won['’]?t|will not)\s+let\s+(?:you|me|users?|them|people)(?:\s+to)?)\s+(?:click|press|tap|select|choose|type|open|submit|tick|check)\b`)
	// reNoNamedElement: "no 'Edit' button" is an element, not a text.
	reNoNamedElement = regexp.MustCompile(`(?i)\bno\s+["']([^"']+)["']\s+(?:button|link|field|checkbox|tab|heading|image|menu item|option)s?\b`)
	// repeatWords say an action or a state again, more, or kept, or where
	// it is: a rephrasing without them checks another claim.
	repeatWords = []string{"again", "twice", "thrice", "more", "another", "still", "next to", "beside"}
	// repeatWordRes match each of repeatWords as whole words, compiled
	// once: Faithful asks for every rephrasing tried.
	repeatWordRes = func() []*regexp.Regexp {
		out := make([]*regexp.Regexp, len(repeatWords))
		for i, w := range repeatWords {
			out[i] = regexp.MustCompile(`\b` + w + `\b`)
		}
		return out
	}()
)

// probedMeaningChange says how suggestion s (whose plan is p) changes the
// claim's meaning in a way found by probing, or "".
func probedMeaningChange(claim, s string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	var steps []plan.Step
	for _, j := range p.Journeys {
		steps = append(steps, j.Steps...)
	}
	named := func(st plan.Step, name string) bool {
		t, err := plan.ParseTarget(st.Target)
		return err == nil && (strings.EqualFold(t.Name, name) || strings.EqualFold(t.Value, name))
	}
	if m := reCondState.FindStringSubmatch(claim); m != nil {
		acted := false
		for _, st := range steps {
			switch st.Kind {
			case plan.Click, plan.Press, plan.Fill, plan.Select, plan.DblClick:
				acted = true
			case plan.ExpectChecked, plan.ExpectUnchecked, plan.ExpectEnabled, plan.ExpectDisabled, plan.ExpectValue:
				if acted && named(st, m[1]) {
					return fmt.Sprintf("checks after the action the state of %q that the claim says holds when the action is made", m[1])
				}
			}
		}
	}
	if m := reHiddenNamed.FindStringSubmatch(claim); m != nil {
		for _, st := range steps {
			if (st.Kind == plan.ExpectVisible && named(st, m[1])) || st.Kind == plan.ExpectText && strings.EqualFold(st.Value, m[1]) {
				return fmt.Sprintf("checks %q shown, which the claim says is hidden", m[1])
			}
		}
	}
	if m := reCannotAct.FindString(claim); m != "" {
		for _, st := range steps {
			if st.Kind == plan.ExpectNoText || st.Kind == plan.ExpectHidden {
				return fmt.Sprintf("checks that something is not shown, where the claim says %q (a control shown but disabled holds it)", m)
			}
		}
	}
	if m := reNoNamedElement.FindStringSubmatch(claim); m != nil {
		for _, st := range steps {
			if st.Kind == plan.ExpectNoText && strings.EqualFold(st.Value, m[1]) {
				return fmt.Sprintf("checks the text %q absent anywhere, where the claim says no element of that name", m[1])
			}
		}
	}
	if m := reWithoutAct.FindStringSubmatch(claim); m != nil {
		for _, st := range steps {
			if (st.Kind == plan.Click || st.Kind == plan.Press) && (named(st, m[1]) || strings.EqualFold(st.Value, m[1])) {
				return fmt.Sprintf("acts on %q, which the claim says is not needed", m[1])
			}
		}
	}
	if m := reElidedNot.FindStringSubmatch(claim); m != nil {
		for _, st := range steps {
			if st.Kind == plan.ExpectNoText && strings.EqualFold(st.Value, m[1]) {
				return fmt.Sprintf("checks %q absent, where the claim says it is not in the state it names", m[1])
			}
		}
	}
	if why := guardAPIElements(nil, steps, Derivation{}); why != "" {
		return "looks for page elements in a data answer"
	}
	return ""
}

var (
	// reWithoutAct: "'Milk' is visible without clicking 'Load more'".
	reWithoutAct = regexp.MustCompile(`(?i)\bwithout\s+(?:\w+\s+){0,3}?(?:click(?:ing)?|press(?:ing)?|tap(?:ping)?|open(?:ing)?|select(?:ing)?|choos(?:e|ing))\s+(?:the\s+)?["']([^"']+)["']`)
	// reElidedNot: "'Milk' is ticked but 'Eggs' is not": the state, not
	// the text, is ruled out.
	reElidedNot = regexp.MustCompile(`(?i)\b(?:ticked|checked|unticked|unchecked|selected|enabled|disabled|bold|visible|expanded|collapsed|highlighted|struck through)\b.*["']([^"']+)["']\s+(?:is|are)(?:\s+not|n['’]t)\s*[.!]?\s*$`)
	// reJSONKey: a quoted key before a colon, as JSON writes it.
	reJSONKey = regexp.MustCompile(`["']([^"']+)["']\s*:`)
)

// flattenedKey returns a key the claim writes as JSON ("\"status\":") that
// rephrasing plan p looks for as a text anywhere, apart from its value, or
// "": such a rephrasing is labelled as checking less.
func flattenedKey(claim string, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	for _, k := range reJSONKey.FindAllStringSubmatch(claim, -1) {
		for _, j := range p.Journeys {
			for _, st := range j.Steps {
				if st.Kind == plan.ExpectText && st.Target == "" && strings.EqualFold(st.Value, k[1]) {
					return k[1]
				}
			}
		}
	}
	return ""
}

// droppedRepeat returns a word of repeatWords the claim says more often
// than rephrasing s does ("clicking 'Add' again" offered as "clicking
// 'Add'"), or "": such a rephrasing is labelled as checking less.
func droppedRepeat(claim, s string) string {
	low, slow := strings.ToLower(claim), strings.ToLower(stripLabel(s))
	for i, re := range repeatWordRes {
		if len(re.FindAllStringIndex(low, -1)) > len(re.FindAllStringIndex(slow, -1)) {
			return repeatWords[i]
		}
	}
	return ""
}
