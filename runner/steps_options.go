package runner

import (
	"encoding/json"
	"fmt"

	"github.com/vouchdev/vouch/plan"
)

// expectOptions checks a drop-down's options (plan.ExpectOptions): a
// native <select>'s, option groups flattened, or a listbox's role=option
// elements. It polls like the other state checks (locator.js op
// "options"), failing early once the page has settled. A target that is
// no drop-down blocks the journey, as select does: a drop-down an app
// draws from buttons shows nothing of its options until opened, so its
// options are no evidence either way.
func (st *stepCtx) expectOptions() *verdict {
	s := st.s
	a := engineArgs{Op: "options", Target: toJS(st.t), Texts: s.Texts, Cmp: s.Compare, Want: s.Count, Whole: true}
	r, err := st.jr.poll(st.ctx, st.act, a)
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	if d := r.diag; !r.busy && d != nil && d.Last != nil && d.Last.Found != nil && *d.Last.Found && len(d.Last.Ambiguous) == 0 {
		var got []string
		if json.Unmarshal(d.Last.Got, &got) != nil || got == nil {
			el := d.Last.Element
			return blocked(fmt.Sprintf("%s matches %s, which is not a drop-down (a <select>, or a listbox of options): vouch reads options only there, so it could not check them; name the drop-down itself", st.t.String(), el))
		}
	}
	return st.stateFailure(r, optionsWanted(st.targetText(), s), func(l *lastResult) string {
		var got []string
		_ = json.Unmarshal(l.Got, &got)
		return optionsHeld(got)
	})
}

// optionsWanted says what an expect_options step expects.
func optionsWanted(target string, s *plan.Step) string {
	switch s.Compare {
	case plan.OptionsIncludes:
		if len(s.Texts) == 1 {
			return fmt.Sprintf("%s to offer the option %s", target, plan.Quote(s.Texts[0]))
		}
		return fmt.Sprintf("%s to offer each of the options %s", target, quoteAll(s.Texts))
	case plan.OptionsCount:
		return fmt.Sprintf("%s to have exactly %d %s", target, s.Count, plural(s.Count, "option", "options"))
	}
	if len(s.Texts) == 0 {
		return target + " to have no options"
	}
	return fmt.Sprintf("the options of %s to be exactly %s, in this order", target, quoteAll(s.Texts))
}

// optionsHeld says which options the drop-down has.
func optionsHeld(got []string) string {
	switch len(got) {
	case 0:
		return "it has no options"
	case 1:
		return "its only option is " + plan.Quote(got[0])
	}
	return fmt.Sprintf("its %d options are %s", len(got), quoteList(got, 30))
}
