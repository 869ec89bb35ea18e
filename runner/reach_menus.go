package runner

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/vouchdev/vouch/plan"
)

// Controls kept in menus. A reach step clicks the control a plan guessed
// opens the place a claim is about ("Statistics" for "the Statistics
// dialog"). Apps often keep such controls in a menu (a hamburger, a gear
// "Settings Menu"), closed until pressed. When a reach click's target is
// not on the page, or hidden, the runner looks for it in the page's
// closed menus, as a person would: it presses each menu opener in turn
// (at most maxMenuOpeners), looks for the target in what that press
// revealed, clicks it there when found, and otherwise closes the menu
// again (Escape, or a second press when the opener still says it is
// expanded) before the next.
//
// Only the journey's first reach click searches: a later one (a tab of
// the dialog the first opened) belongs to the place already open.
//
// A menu opener is a visible, enabled control that says it opens a popup
// (aria-haspopup "true" or "menu", or a Bootstrap data-toggle="dropdown"),
// or a control whose name ends in "menu" ("Main menu", an icon titled
// "Settings Menu"); after all of those, a button that says it is collapsed
// (aria-expanded="false"), which is as often a panel as a menu. A link
// counts when it leads nowhere (href "#", "" or javascript:). Nothing else is ever clicked in
// this search: no link that leads elsewhere, no drop-down, no tab. The
// step stays a reach step: when no menu holds the target, the journey is
// blocked as before, never failed.

// maxMenuOpeners bounds the menus opened while looking for one target;
// menuLook bounds the look inside each.
const (
	maxMenuOpeners = 3
	menuLook       = 1500 * time.Millisecond
)

// menuOpenerJS returns the next menu opener of the page not tried yet in
// this search (null when none is left); reset starts a search. Tried
// openers are kept in a WeakSet on the window, not marked in the DOM,
// which the page and the settle tracker would see.
const menuOpenerJS = `function (reset) {
  const K = Symbol.for('vouch.menusTried');
  if (reset || !window[K]) window[K] = new WeakSet();
  const tried = window[K];
  const tracker = window[Symbol.for('vouch.settle')];
  const norm = (s) => String(s == null ? '' : s).replace(/[\s\u00a0\u200b]+/g, ' ').trim();
  const MENU = /(^|\s)menu$/i;
  const ELLIPSIS = /\s*(?:\u2026|\.\.\.)$/;
  const visible = (el) => el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }) &&
    el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0;
  const name = (el) => {
    const lb = el.getAttribute('aria-labelledby');
    if (lb) { const t = norm(lb.split(/\s+/).map((id) => { const e = document.getElementById(id); return e ? e.textContent : ''; }).join(' ')); if (t) return t; }
    return norm(el.getAttribute('aria-label')) || norm(el.getAttribute('title')) || norm(el.textContent);
  };
  // control: something a person presses, not text that mentions a menu.
  const control = (el) => {
    const role = (el.getAttribute('role') || '').trim();
    if (el.tagName === 'BUTTON' || el.tagName === 'SUMMARY' || role === 'button' || role === 'menuitem') return true;
    if (el.tagName === 'INPUT' && /^(button|image)$/i.test(el.type)) return true;
    if (el.tagName === 'A') return true; // only links that lead nowhere get here
    return el.hasAttribute('onclick') || (tracker && tracker.clickable && tracker.clickable.has(el)) ||
      (el.hasAttribute('title') && getComputedStyle(el).cursor === 'pointer');
  };
  // Two passes: controls that say they open a menu first (a popup, a
  // Bootstrap dropdown toggle, a name ending in "menu"), then buttons that
  // only say they are collapsed, which are as often panels as menus.
  const all = document.body ? [...document.body.querySelectorAll('*')] : [];
  for (const pass of [0, 1]) {
    for (const el of all) {
      if (tried.has(el)) continue;
      const tag = el.tagName, role = (el.getAttribute('role') || '').trim();
      if (/^(SELECT|INPUT|TEXTAREA|OPTION|LABEL|SCRIPT|STYLE|TEMPLATE)$/.test(tag) && !(tag === 'INPUT' && /^(button|image)$/i.test(el.type))) continue;
      if (/^(combobox|listbox|option|tab|textbox|searchbox|link)$/.test(role)) continue;
      // an empty href ("") leads nowhere either: Bootstrap's toggles use it
      if (tag === 'A' && el.hasAttribute('href') && !/^\s*(#|javascript:|$)/i.test(el.getAttribute('href'))) continue;
      if (el.matches(':disabled') || el.closest('[aria-disabled="true"],[aria-hidden="true"],[inert]')) continue;
      const pop = (el.getAttribute('aria-haspopup') || '').trim().toLowerCase();
      const exp = (el.getAttribute('aria-expanded') || '').trim().toLowerCase();
      if (exp === 'true') continue; // open already
      const toggle = /^dropdown$/i.test(el.getAttribute('data-toggle') || el.getAttribute('data-bs-toggle') || '');
      let opener = false;
      if (pass === 0) {
        if (pop === 'true' || pop === 'menu' || toggle) opener = true;
        else if (pop === '' || pop === 'false') opener = control(el) && MENU.test(name(el).replace(ELLIPSIS, ''));
      } else if (pop === '' && exp === 'false') opener = tag === 'BUTTON' || role === 'button';
      if (!opener || !visible(el)) continue;
      tried.add(el);
      return el;
    }
  }
  return null;
}`

// menuOpenerName is the opener's name for the run's reason.
const menuOpenerName = `function () {
  const n = (s) => String(s == null ? '' : s).replace(/\s+/g, ' ').trim();
  const s = n(this.getAttribute('aria-label')) || n(this.getAttribute('title')) || n(this.textContent);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}`

// menuTarget reports whether the step's target may be looked for in the
// page's menus: the first reach click of the journey, on a control named
// by its text, or a button or link by its name. A later reach step (a
// menu's item, a tab of a dialog just opened) belongs to the place the
// first one opened: pressing the page's menus there, or Escape, would
// leave that place.
func (st *stepCtx) menuTarget() bool {
	t := st.t
	if !st.s.Reach || st.s.Kind != plan.Click || t.Within != "" || t.Nth != 0 {
		return false
	}
	for _, s := range st.jr.j.Steps[:st.k] {
		if s.Reach {
			return false
		}
	}
	return t.Kind == plan.ByText || t.Kind == plan.ByRole && t.Name != "" && (t.Value == "button" || t.Value == "link")
}

// menuMiss reports whether a miss (v) is one a menu may explain: the
// target was absent, or hidden.
func menuMiss(v *verdict) bool {
	return v != nil && !v.blocked &&
		(strings.HasPrefix(v.actual, "no element on the page matches") || strings.Contains(v.actual, ", which is hidden"))
}

// pointerOrMenus clicks the step's target; for a reach click, when the
// target is not shown within half the step's budget (a page that never
// settles would take it all), it is looked for in the page's closed
// menus, and then, if no menu holds it, on the page again for what is
// left of the budget.
func (st *stepCtx) pointerOrMenus() *verdict {
	if !st.menuTarget() {
		return st.pointer("actionable", 1)
	}
	full := st.ctx
	first, cancel := context.WithTimeout(full, st.budget/2)
	st.ctx = first
	v := st.pointer("actionable", 1)
	fdl, _ := first.Deadline()
	cut := time.Until(fdl) < 50*time.Millisecond // the half ran out (see expired)
	cancel()
	st.ctx = full
	if v == nil || v.blocked || st.expired() {
		return v
	}
	if !menuMiss(v) {
		// Found but not yet clickable (covered, disabled): the rest of
		// the budget, as any click has it, when the half ran out.
		if cut && !v.blocked && !strings.Contains(v.actual, "main thread busy") {
			return st.pointer("actionable", 1)
		}
		return v
	}
	looked, v2 := st.clickInMenus()
	if v2 == nil || v2.blocked {
		return v2
	}
	if !st.expired() {
		// Shown late, on the page itself.
		if v = st.pointer("actionable", 1); v == nil || !menuMiss(v) {
			return v
		}
	}
	if len(looked) == 0 {
		return v
	}
	// Blocked here, as journey.go would block it, with the menus said.
	out := unreached(st.s, v)
	in := ", nor in the menu opened by " + strings.Join(looked, ", then ")
	if len(looked) > 1 {
		in = ", nor in the menus opened by " + strings.Join(looked, ", then ")
	}
	out.actual = strings.Replace(out.actual, " (the plan guessed", in+" (the plan guessed", 1)
	out.reason = out.actual
	return out
}

// clickInMenus looks for the step's target in the page's closed menus,
// at most maxMenuOpeners of them, and clicks it there: v is nil when it
// did, else the last miss (blocked when the browser failed); looked names
// the openers pressed.
func (st *stepCtx) clickInMenus() (looked []string, v *verdict) {
	jr := st.jr
	v = &verdict{actual: "no element on the page matches it"}
	for i := 0; i < maxMenuOpeners && !st.expired(); i++ {
		opener, err := jr.nextMenuOpener(st, i == 0)
		if err != nil || opener == "" {
			break
		}
		var name string
		if raw, err := jr.callOn(st.act, opener, menuOpenerName); err == nil {
			_ = json.Unmarshal(raw, &name)
		}
		if !st.pressOpener(opener) {
			continue
		}
		looked = append(looked, plan.Quote(name))
		// A menu shows its items at once, or after a short animation: its
		// look is bounded, so that a page that never settles leaves time
		// for the next menu and the last look.
		full := st.ctx
		dl, _ := full.Deadline()
		look, cancel := context.WithTimeout(full, min(time.Until(dl)/2, menuLook))
		st.ctx, st.inMenu = look, true
		v = st.pointer("actionable", 1)
		cancel()
		st.ctx, st.inMenu = full, false
		if v == nil {
			jr.note = "found in the menu opened by " + plan.Quote(name)
			return looked, nil
		}
		if v.blocked {
			return looked, v
		}
		st.closeMenu(opener)
	}
	return looked, v
}

// nextMenuOpener returns the next menu opener not tried in this search.
func (jr *journeyRun) nextMenuOpener(st *stepCtx, reset bool) (runtime.RemoteObjectID, error) {
	b, _ := json.Marshal(reset)
	res, err := cdp.Call(st.act, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{
		Expression:  "(" + menuOpenerJS + ")(" + string(b) + ")",
		ObjectGroup: objectGroup(jr.stepNo),
		Silent:      new(true),
	})
	jr.noteGroup(res.Result, res.ExceptionDetails, err)
	if err != nil {
		return "", err
	}
	if res.ExceptionDetails != nil || res.Result == nil || res.Result.Subtype != runtime.RemoteObjectSubtypeNode {
		return "", nil
	}
	return res.Result.ObjectID, nil
}

// pressOpener clicks a menu opener where a person would, when nothing
// covers it; false when it could not be pressed.
func (st *stepCtx) pressOpener(obj runtime.RemoteObjectID) bool {
	jr := st.jr
	st.beforeAct()
	x, y, _, fast := jr.fastPoint(st.act, obj, false)
	if !fast {
		var err error
		if x, y, err = jr.point(st.act, obj); err != nil {
			return false
		}
		var cover string
		raw, err := jr.callOn(st.act, obj, hitTestJS, x, y)
		if err != nil || json.Unmarshal(raw, &cover) != nil || cover != "" {
			return false
		}
	}
	return jr.clickAt(st.act, x, y, 1) == nil
}

// closeMenu closes a menu the search opened: Escape, then, when the
// opener still says it is expanded, a second press of it.
func (st *stepCtx) closeMenu(opener runtime.RemoteObjectID) {
	jr := st.jr
	if evs, err := keyEvents("Escape"); err == nil {
		for _, e := range evs {
			if _, err := cdp.Call(st.act, jr.tab.t, input.DispatchKeyEvent, e); err != nil {
				return
			}
		}
	}
	raw, err := jr.callOn(st.act, opener, `function () { return this.isConnected && this.getAttribute('aria-expanded') === 'true'; }`)
	var open bool
	if err == nil && json.Unmarshal(raw, &open) == nil && open {
		st.pressOpener(opener)
	}
}
