package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
)

// doMore runs the step kinds added for real apps: double-click, reload,
// back, remembered counts and the state, style and order assertions.
func (st *stepCtx) doMore() (*verdict, bool) {
	switch st.s.Kind {
	case plan.DblClick:
		return st.dblclick(), true
	case plan.Reload:
		return st.reload(), true
	case plan.GoBack:
		return st.goBack(), true
	case plan.RememberCount:
		return st.rememberCount(), true
	case plan.ExpectValue:
		return st.expectValue(), true
	case plan.ExpectChecked, plan.ExpectUnchecked:
		return st.expectFlag("checked", st.s.Kind == plan.ExpectChecked, "ticked", "not ticked"), true
	case plan.ExpectEnabled, plan.ExpectDisabled:
		return st.expectFlag("enabled", st.s.Kind == plan.ExpectEnabled, "enabled", "disabled"), true
	case plan.ExpectFocused:
		return st.expectFocused(), true
	case plan.ExpectStyle:
		return st.expectStyle(), true
	case plan.ExpectOrder:
		return st.expectOrder(), true
	case plan.ExpectJSON:
		return st.expectJSON(), true
	case plan.ExpectOptions:
		return st.expectOptions(), true
	}
	return nil, false
}

// revealJS returns the centre of the nearest visible item (list item,
// row, card) around the element when the element itself is hidden, or
// null: hovering there shows buttons that appear only while their item is
// hovered. The item test is the locator engine's (locator.js itemOf).
const revealJS = `function () {
  const vis = (e) => e.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }) &&
    e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
  const ITEM = ['listitem', 'row', 'article', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem'];
  const item = (el) => {
    if (el.tagName === 'LI' || el.tagName === 'TR' || el.tagName === 'ARTICLE') return true;
    if (ITEM.includes((el.getAttribute('role') || '').trim())) return true;
    const p = el.parentElement, cls = el.getAttribute('class') || '';
    if (!p) return false;
    let same = 0;
    for (const s of p.children) if (s !== el && s.tagName === el.tagName && (s.getAttribute('class') || '') === cls) same++;
    return cls ? same >= 1 : same >= 2;
  };
  if (vis(this)) return null;
  for (let a = this.parentElement; a && a !== document.body; a = a.parentElement) {
    if (!item(a) || !vis(a)) continue;
    a.scrollIntoViewIfNeeded ? a.scrollIntoViewIfNeeded() : a.scrollIntoView();
    const r = a.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }
  return null;
}`

// reveal hovers the item around obj when obj is hidden, reporting whether
// it did.
func (st *stepCtx) reveal(obj runtime.RemoteObjectID) bool {
	raw, err := st.jr.callOn(st.act, obj, revealJS)
	if err != nil {
		return false
	}
	var at []float64
	if json.Unmarshal(raw, &at) != nil || len(at) != 2 {
		return false
	}
	return st.jr.mouse(st.act, at[0], at[1], false) == nil
}

// clickAt moves the mouse to (x, y) and clicks clicks times there, each
// press carrying its click count, as a person's double-click does.
func (jr *journeyRun) clickAt(ctx context.Context, x, y float64, clicks int) error {
	if clicks <= 1 {
		return jr.mouse(ctx, x, y, clicks == 1)
	}
	if err := jr.mouse(ctx, x, y, false); err != nil {
		return err
	}
	for n := int64(1); n <= int64(clicks); n++ {
		for _, p := range []input.DispatchMouseEventParams{
			{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: n, Buttons: 1},
			{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: n},
		} {
			if _, err := cdp.Call(ctx, jr.tab.t, input.DispatchMouseEvent, p); err != nil {
				return err
			}
		}
	}
	return nil
}

func (st *stepCtx) dblclick() *verdict {
	before := st.mark()
	if v := st.pointer("actionable", 2); v != nil {
		return v
	}
	return st.afterInput(before)
}

func (st *stepCtx) reload() *verdict {
	before := st.mark()
	if _, err := cdp.Call(st.act, st.jr.tab.t, page.Reload, page.ReloadParams{}); err != nil {
		return st.errVerdict(err)
	}
	return st.loaded(before, "the reloaded page")
}

func (st *stepCtx) goBack() *verdict {
	jr := st.jr
	h, err := cdp.Call(st.act, jr.tab.t, page.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		return st.errVerdict(err)
	}
	i := int(h.CurrentIndex) - 1
	if i < 0 || i >= len(h.Entries) || !strings.HasPrefix(h.Entries[i].URL, "http") {
		return failed("a previous page to go back to", "this tab has no previous page: the journey has shown only one")
	}
	before := st.mark()
	if _, err := cdp.Call(st.act, jr.tab.t, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: h.Entries[i].ID}); err != nil {
		return st.errVerdict(err)
	}
	return st.loaded(before, h.Entries[i].URL)
}

// loaded waits for a navigation the step started (a reload, a step back)
// to parse. A page restored from the back-forward cache or a same-document
// entry makes no request and needs no wait.
func (st *stepCtx) loaded(before navMark, what string) *verdict {
	if v := st.afterInput(before); v != nil {
		return v
	}
	if st.ctx.Err() != nil && !spent(st.jr.jctx) {
		// The budget was spent on a slow page: no verdict on the claim.
		return blocked(what + " did not finish loading within " + st.budget.String() + ": give the step more time (timeout:)")
	}
	return nil
}

// countWanted resolves expect_count's expected number, comparison and
// wording, with a remembered count when the step names one.
func (st *stepCtx) countWanted() (want int, cmp, exp string, v *verdict) {
	s := st.s
	want, cmp = s.Count, "eq"
	switch s.Compare {
	case plan.CountAtLeast:
		cmp = "ge"
	case plan.CountAtMost:
		cmp = "le"
	}
	of := " of " + st.targetText()
	if s.Ref == "" {
		switch cmp {
		case "ge":
			exp = fmt.Sprintf("at least %d visible %s", want, plural(want, "match", "matches")+of)
		case "le":
			exp = fmt.Sprintf("at most %d visible %s", want, plural(want, "match", "matches")+of)
		default:
			exp = fmt.Sprintf("exactly %d visible %s", want, plural(want, "match", "matches")+of)
		}
		return want, cmp, exp, nil
	}
	base, ok := st.jr.counts[s.Ref]
	if !ok {
		// Validation requires an earlier remember_count; it did not run.
		return 0, "", "", blocked(fmt.Sprintf("no count was remembered as %s before this step", plan.Quote(s.Ref)))
	}
	want = base + s.Count
	was := fmt.Sprintf("the %d remembered as %s", base, plan.Quote(s.Ref))
	switch {
	case cmp == "ge":
		exp = fmt.Sprintf("more visible matches%s than %s", of, was)
	case cmp == "le":
		exp = fmt.Sprintf("fewer visible matches%s than %s", of, was)
	case s.Count > 0:
		exp = fmt.Sprintf("%d visible %s (%d more than %s)", want, plural(want, "match", "matches")+of, s.Count, was)
	case s.Count < 0:
		exp = fmt.Sprintf("%d visible %s (%d fewer than %s)", want, plural(want, "match", "matches")+of, -s.Count, was)
	default:
		exp = fmt.Sprintf("%d visible %s (as many as %s)", want, plural(want, "match", "matches")+of, was)
	}
	if want < 0 {
		return 0, "", "", failed(exp, fmt.Sprintf("%s is too few to take %d away", was, -s.Count))
	}
	return want, cmp, exp, nil
}

func (st *stepCtx) rememberCount() *verdict {
	st.settle()
	r, err := st.jr.evaluate(st.act, engineArgs{Op: "describe", Target: toJS(st.t), Every: true})
	if err != nil {
		return st.errVerdict(err)
	}
	var d struct {
		Visible int `json:"visible"`
	}
	if err := json.Unmarshal(r.value, &d); err != nil {
		return blocked("counting the matches failed: " + err.Error())
	}
	if st.jr.counts == nil {
		st.jr.counts = map[string]int{}
	}
	st.jr.counts[st.s.Ref] = d.Visible
	if st.jr.countedOn == nil {
		st.jr.countedOn = map[string]pageMark{}
	}
	st.jr.countedOn[st.s.Ref] = st.jr.pageMark()
	st.jr.note = fmt.Sprintf("%d visible %s, remembered as %s", d.Visible, plural(d.Visible, "match", "matches"), plan.Quote(st.s.Ref))
	return nil
}

// scopedMiss explains a within= or nth= target that matched nothing, or ""
// when the target is not scoped.
func (st *stepCtx) scopedMiss(d *diagnosis) string {
	t := st.t
	base := plan.Target{Kind: t.Kind, Value: t.Value, Exact: t.Exact, Name: t.Name, Level: t.Level}
	switch {
	case t.In != "" && d.Outside > 0:
		return fmt.Sprintf("%d %s %s on the page, but none inside the %s",
			d.Outside, plural(d.Outside, "element matches", "elements match"), base, plan.RegionWord(t.In))
	case t.Under != "" && d.OutsideUnder > 0:
		return fmt.Sprintf("%d %s %s on the page, but none in the section under the heading %s",
			d.OutsideUnder, plural(d.OutsideUnder, "element matches", "elements match"), base, plan.Quote(t.Under))
	case t.Beside != "" && d.OutsideBeside > 0:
		return fmt.Sprintf("%d %s %s on the page, but none in the value shown for %s (%s)",
			d.OutsideBeside, plural(d.OutsideBeside, "element matches", "elements match"), base, plan.Quote(t.Beside), d.BesideValue)
	case t.Beside != "":
		return fmt.Sprintf("no element on the page matches %s; the value shown for %s reads %s", base, plan.Quote(t.Beside), d.BesideValue)
	case t.Within != "" && !d.WithinFound:
		return fmt.Sprintf("the page does not show %s, so no item contains it", plan.Quote(t.Within))
	case t.Nth != 0 && d.Pool > 0:
		return fmt.Sprintf("only %d %s, so there is no match number %d", d.Pool, plural(d.Pool, "element matches", "elements match"), t.Nth)
	case t.Within != "" && d.Unscoped == 0:
		return fmt.Sprintf("no element on the page matches %s, in any item", base)
	case t.Within != "":
		return fmt.Sprintf("%d %s %s on the page, but none inside a list item, row or card containing %s",
			d.Unscoped, plural(d.Unscoped, "element matches", "elements match"), base, plan.Quote(t.Within))
	}
	return ""
}

// stateFailure fills in a failed state assertion: busy page, no element,
// or what the element has instead.
func (st *stepCtx) stateFailure(r pollResult, exp string, has func(l *lastResult) string) *verdict {
	if d := r.diag; d != nil && d.Last != nil && len(d.Last.Ambiguous) > 0 {
		// no evidence either way: which field the claim means is unknown
		return blocked(fmt.Sprintf("%s names no field whole and several in part (%s): name the field by its whole label", st.t.String(), strings.Join(d.Last.Ambiguous, "; ")))
	}
	v := failed(exp, "")
	if r.busy {
		v.actual = st.busyText()
		return v
	}
	d := r.diag
	var last *lastResult
	if d != nil {
		last = d.Last
	}
	if last == nil || last.Found == nil || !*last.Found {
		v.actual = "no element on the page matches " + st.t.String()
		if d != nil {
			if m := st.scopedMiss(d); m != "" {
				v.actual = m
			}
			if len(d.Closest) > 0 {
				v.closest = d.Closest
				v.actual += "; closest on the page: " + strings.Join(d.Closest, "; ")
			}
		}
		return v
	}
	v.actual = has(last)
	if last.Element != "" {
		v.actual += " (" + last.Element + ")"
	}
	return v
}

func gotString(l *lastResult) (string, bool) {
	var s *string
	if json.Unmarshal(l.Got, &s) != nil || s == nil {
		return "", false
	}
	return *s, true
}

func (st *stepCtx) expectValue() *verdict {
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "value", Target: toJS(st.t), Text: st.s.Value, Whole: true})
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	exp := fmt.Sprintf("%s to hold %s", st.targetText(), plan.Quote(st.s.Value))
	if st.s.Value == "" {
		exp = st.targetText() + " to be empty"
	}
	return st.stateFailure(r, exp, func(l *lastResult) string {
		got, ok := gotString(l)
		switch {
		case !ok:
			return "it is not a field that holds a value"
		case got == "":
			return "it is empty"
		}
		return "it holds " + plan.Quote(clip(got, 200))
	})
}

// expectFlag checks a yes/no state (op checked or enabled).
func (st *stepCtx) expectFlag(op string, want bool, yes, no string) *verdict {
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: op, Target: toJS(st.t), Flag: want, Whole: true})
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	word := map[bool]string{true: yes, false: no}
	return st.stateFailure(r, fmt.Sprintf("%s to be %s", st.targetText(), word[want]), func(l *lastResult) string {
		var got *bool
		if json.Unmarshal(l.Got, &got) != nil || got == nil {
			return "it is not a checkbox, radio button, switch or other control that can be ticked"
		}
		return "it is " + word[*got]
	})
}

func (st *stepCtx) expectFocused() *verdict {
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "focused", Target: toJS(st.t), Whole: true})
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	return st.stateFailure(r, st.targetText()+" to have the keyboard focus", func(l *lastResult) string {
		got, _ := gotString(l)
		if got == "" {
			return "nothing has the focus"
		}
		return "the focus is on " + got + ", not on it"
	})
}

func (st *stepCtx) expectStyle() *verdict {
	s := st.s
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "style", Target: toJS(st.t), Prop: s.Property, Text: s.Value, Whole: true})
	if err != nil {
		if m := err.Error(); strings.Contains(m, "expect_style cannot tell: ") {
			// the page is there, but what the claim names cannot be measured
			return blocked(m[strings.Index(m, "cannot tell: ")+len("cannot tell: "):])
		}
		if m := err.Error(); strings.Contains(m, "expect_style: ") {
			return blocked(m[strings.Index(m, "expect_style: "):] + " (fix the plan)")
		}
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	return st.stateFailure(r, fmt.Sprintf("%s of %s to be %s", s.Property, st.targetText(), s.Value), func(l *lastResult) string {
		got, _ := gotString(l)
		return got
	})
}

func (st *stepCtx) expectOrder() *verdict {
	s := st.s
	a := engineArgs{Op: "order", Texts: s.Texts}
	where := "the page"
	if s.Target != "" {
		a.Target = toJS(st.t)
		where = "the matches of " + st.targetText()
	}
	r, err := st.jr.poll(st.ctx, st.act, a)
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	v := failed(fmt.Sprintf("%s in this order on %s", quoteAll(s.Texts), where), "")
	if r.busy {
		v.actual = st.busyText()
		return v
	}
	var last lastResult
	if r.diag != nil && r.diag.Last != nil {
		last = *r.diag.Last
	}
	if s.Target != "" && r.diag != nil && r.diag.Target != nil && r.diag.Target.Matches == 0 && len(last.Order) == 0 {
		v.actual = "no element on the page matches " + st.t.String()
		if m := st.scopedMiss(r.diag.Target); m != "" {
			v.actual = m
		}
		return v
	}
	var parts []string
	if len(last.Order) > 0 {
		parts = append(parts, "the order is "+strings.Join(quoted(last.Order), ", "))
	}
	if len(last.Missing) > 0 {
		parts = append(parts, fmt.Sprintf("%s %s not on %s", strings.Join(quoted(last.Missing), ", "), plural(len(last.Missing), "is", "are"), where))
	}
	v.actual = strings.Join(parts, "; ")
	return v
}

func quoted(xs []string) []string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = plan.Quote(x)
	}
	return q
}

func quoteAll(xs []string) string { return strings.Join(quoted(xs), ", ") }

// appError reports whether a console entry counts as the app's error (see
// evidence.ConsoleEntry.AppError: the browser's own /favicon.ico request
// does not).
func appError(e evidence.ConsoleEntry) bool { return e.AppError() }

// consoleLine renders a console error for a failure message; a failed
// request names its URL and status.
func consoleLine(e evidence.ConsoleEntry) string {
	if e.Source == "browser" && e.URL != "" {
		if rest, ok := strings.CutPrefix(e.Text, "Failed to load resource: "); ok {
			if st, ok := strings.CutPrefix(rest, "the server responded with a status of "); ok {
				return fmt.Sprintf("request to %s failed: HTTP %s", e.URL, st)
			}
			return fmt.Sprintf("request to %s failed: %s", e.URL, explainNetError(rest))
		}
	}
	s := e.Level + " " + plan.Quote(clip(e.Text, 160))
	if e.URL != "" {
		s += fmt.Sprintf(" at %s", e.URL)
		if e.Line > 0 {
			s += fmt.Sprintf(":%d", e.Line)
		}
	}
	return s
}
