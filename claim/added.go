package claim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// A claim that an action adds an item ("adding 'Milk' shows it in the
// list", "typing 'Milk' and pressing Enter adds 'Milk'") is checked by the
// item's text being shown after the add; a page that showed the text
// before ("buy milk" on a shopping list) passes that check whatever the
// add did. The page-wide check of the added text is made a count
// instead (countedAdds): the visible matches of the text just before the
// value is typed, and more of them after, which holds of a page that
// showed it before only when another appeared. Both counts take whole and
// partial matches alike (runner: a count compared with a remembered one).

// addWords say that an action adds an item.
var addWords = []string{"add", "adds", "adding", "added", "create", "creates", "creating", "created",
	"post", "posts", "posting", "posted", "insert", "inserts", "inserting", "inserted", "append", "appends", "appending", "appended"}

// saysAdded reports whether the claim says an action adds an item.
func saysAdded(lx *lexed) bool {
	return slices.ContainsFunc(lx.toks, func(t token) bool { return t.kind == tWord && slices.Contains(addWords, t.low) })
}

// countedAdds turns each page-wide check that a value typed before it on
// the same page is shown into a count of its matches against the count
// taken just before the value was typed, and returns the note that says so
// ("" when none was changed).
func countedAdds(lx *lexed, p *plan.Plan) string {
	if p == nil || !saysAdded(lx) {
		return ""
	}
	var said []string
	for ji := range p.Journeys {
		c := newCounter(&p.Journeys[ji])
		typed := map[string]int{}    // a value typed on this page: the index of its fill
		counted := map[string]bool{} // a value counted already
		acted := map[string]bool{}   // a value typed and acted on since
		for i, s := range c.j.Steps {
			switch {
			case s.Kind == plan.Visit:
				typed, acted = map[string]int{}, map[string]bool{}
			case s.Kind == plan.Fill && s.Value != "" && s.Secret == "" && !strings.HasPrefix(s.Value, "vouch example"):
				// (a witness's generated value is shown nowhere before)
				k := strings.ToLower(strings.Join(strings.Fields(s.Value), " "))
				if !counted[k] {
					typed[k], acted[k] = i, false
				}
			case s.Kind == plan.ExpectText && s.Target == "" && !s.Reach:
				k := strings.ToLower(strings.Join(strings.Fields(s.Value), " "))
				f, ok := typed[k]
				if !counted[k] && (!ok || !acted[k]) {
					continue
				}
				counted[k] = true
				if c.count(f, i) {
					said = append(said, plan.Quote(s.Value))
				}
			case s.Kind.IsAssertion() || s.Kind == plan.WaitFor || s.Kind == plan.RememberCount:
			default:
				for k := range acted {
					acted[k] = true
				}
			}
		}
		c.splice()
	}
	if len(said) == 0 {
		return ""
	}
	return fmt.Sprintf("That the add shows %s is checked by counting the visible matches of the text just before it is typed and after the add: more after, so a page that showed the text before (in another item) passes only when another appears.", strings.Join(said, ", "))
}

// A claim that a form sent with a wrong or missing value shows a message
// ("sending the form with an empty email shows 'Required'") is checked
// by the message after the send; a page that said it before (a label
// "Email (required)", a note "fields marked * are required") passes that
// check whatever the form did. The message is counted too
// (countedErrors): just before the first value is typed on the page, and
// more matches after the send.

// errorWords say that a value sent is wrong or missing.
var errorWords = []string{"empty", "blank", "missing", "without", "wrong", "invalid", "incorrect", "bad",
	"mismatched", "mismatching", "malformed", "short", "long", "unknown"}

// countedErrors turns each page-wide check of a message after a form on
// the same page was filled and sent with a wrong or missing value into a
// count against the count taken before the form was filled, and returns
// the note that says so ("" when none was changed).
func countedErrors(lx *lexed, p *plan.Plan) string {
	if p == nil {
		return ""
	}
	worded := slices.ContainsFunc(lx.toks, func(t token) bool { return t.kind == tWord && slices.Contains(errorWords, t.low) })
	var said []string
	for ji := range p.Journeys {
		c := newCounter(&p.Journeys[ji])
		first, sent, wrong := -1, false, false
		var typed []string
		for i, s := range c.j.Steps {
			switch {
			case s.Kind == plan.Visit:
				first, sent, wrong, typed = -1, false, false, nil
			case s.Kind == plan.Fill:
				if first < 0 {
					first = i
				}
				typed = append(typed, strings.ToLower(s.Value))
				wrong = wrong || s.Value == "" && s.Secret == "" || worded
			case s.Kind == plan.ExpectText && s.Target == "" && !s.Reach:
				if first < 0 || !sent || !wrong || nativeValidation(s.Value) || slices.Contains(typed, strings.ToLower(s.Value)) {
					continue
				}
				if c.count(first, i) {
					said = append(said, plan.Quote(s.Value))
				}
			case s.Kind.IsAssertion() || s.Kind == plan.WaitFor || s.Kind == plan.RememberCount:
			default:
				sent = first >= 0
			}
		}
		c.splice()
	}
	if len(said) == 0 {
		return ""
	}
	return fmt.Sprintf("That sending the form shows %s is checked by counting the visible matches of the text before the form is filled and after it is sent: more after, so a page that said it before (a label, a note) passes only when the message appears.", strings.Join(said, ", "))
}

// counter takes, in one journey, counts of texts before steps and turns
// page-wide checks of those texts into comparisons with them.
type counter struct {
	j  *plan.Journey
	at map[int][]plan.Step // the counts to take before the step at an index
}

func newCounter(j *plan.Journey) *counter { return &counter{j: j, at: map[int][]plan.Step{}} }

// count turns the page-wide check at i into a count of its text, more
// than the count taken just before step b — taken there unless the
// journey counts the text already — and reports whether it took one.
func (c *counter) count(b, i int) bool {
	target := plan.Target{Kind: plan.ByText, Value: c.j.Steps[i].Value}.String()
	c.j.Steps[i] = plan.Step{Kind: plan.ExpectCount, Target: target, Ref: newOfRef(target), Compare: plan.CountAtLeast, Count: 1}
	return c.remember(b, target)
}

// follow keeps the page-wide check at i and puts after it a reach count
// of its text, more than the count taken just before step b, unless the
// journey counts the text already; it reports whether it added one.
func (c *counter) follow(b, i int) bool {
	target := plan.Target{Kind: plan.ByText, Value: c.j.Steps[i].Value}.String()
	ref := newOfRef(target)
	if slices.ContainsFunc(c.j.Steps, func(s plan.Step) bool { return s.Ref == ref }) || !c.remember(b, target) {
		return false
	}
	c.at[i+1] = append(c.at[i+1], plan.Step{Kind: plan.ExpectCount, Target: target, Ref: ref, Compare: plan.CountAtLeast, Count: 1, Reach: true})
	return true
}

// remember takes the count of target just before step b, after the wait
// renderedWait asks for, unless one is taken already; it reports whether
// it took one.
func (c *counter) remember(b int, target string) bool {
	ref := newOfRef(target)
	for _, ss := range c.at {
		if slices.ContainsFunc(ss, func(s plan.Step) bool { return s.Ref == ref }) {
			return false
		}
	}
	if w, ok := renderedWait(c.j.Steps, b); ok && len(c.at[b]) == 0 {
		c.at[b] = append(c.at[b], w)
	}
	c.at[b] = append(c.at[b], plan.Step{Kind: plan.RememberCount, Target: target, Ref: ref})
	return true
}

// splice puts the counts taken before steps in, and reports whether
// there were any.
func (c *counter) splice() bool {
	if len(c.at) == 0 {
		return false
	}
	c.j.Steps = spliced(c.j.Steps, c.at)
	return true
}
