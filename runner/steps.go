package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp/kb"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
)

// Settling before negative assertions: the network must be idle and the DOM
// unchanged for quietFor, waiting at most settleMax (and a third of the
// step's budget).
const (
	quietFor  = 100 * time.Millisecond
	settleMax = time.Second
)

// stepCtx is one step being run.
type stepCtx struct {
	jr     *journeyRun
	ctx    context.Context // the step's budget: waits end with it
	act    context.Context // the budget plus a grace period, for calls that act or report
	s      *plan.Step
	t      plan.Target
	budget time.Duration
	k      int
	inMenu bool // the target is looked for only in a menu just opened (reach_menus.go)
}

var stateWords = map[string]string{
	"attached":   "present",
	"visible":    "visible",
	"actionable": "visible and enabled",
	"editable":   "visible, enabled and editable",
	"selectable": "a visible, enabled drop-down (<select>)",
}

// span starts timing a part of the step (Config.Timing).
func (st *stepCtx) span(part string) func() {
	return st.jr.rs.tm.span("step: " + string(st.s.Kind) + " / " + part)
}

func (st *stepCtx) targetText() string {
	return fmt.Sprintf("%s (%s)", st.t.Describe(), st.t.String())
}

// find waits for the step's target in a state and returns it.
func (st *stepCtx) find(state string) (runtime.RemoteObjectID, *verdict) {
	return st.findArgs(state, false)
}

// findRevealing is find, but also returns the target at once when it is
// hidden inside a visible list item, row or card (see revealJS).
func (st *stepCtx) findRevealing(state string) (runtime.RemoteObjectID, *verdict) {
	return st.findArgs(state, true)
}

func (st *stepCtx) findArgs(state string, reveal bool) (runtime.RemoteObjectID, *verdict) {
	defer st.span("find the target")()
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "element", Target: toJS(st.t), State: state, Reveal: reveal, Opener: st.s.Reach, Popup: st.inMenu, Whole: st.s.Kind == plan.ExpectVisible,
		WholeText: (st.s.Kind == plan.Click || st.s.Kind == plan.DblClick) && !st.s.Reach})
	if err != nil {
		return "", st.errVerdict(err)
	}
	if r.ok {
		return r.elem, nil
	}
	return "", st.targetVerdict(r, state)
}

// errVerdict classifies an error of the browser connection or the engine.
func (st *stepCtx) errVerdict(err error) *verdict {
	if msg := err.Error(); strings.Contains(msg, "lost the connection to the browser") || strings.Contains(msg, "browser process exited") {
		return blocked("the browser crashed: " + msg)
	}
	if isTimeout(err) {
		// The journey's budget or a crash: step() overrides this.
		return blocked("the step was interrupted: " + err.Error())
	}
	var nr noRegionError
	if errors.As(err, &nr) {
		return blocked(nr.Error())
	}
	var nh noHeadingError
	if errors.As(err, &nh) {
		return blocked(nh.Error())
	}
	var nb besideError
	if errors.As(err, &nb) {
		return blocked(nb.Error())
	}
	if strings.Contains(err.Error(), "bad CSS selector") {
		return blocked(strings.TrimPrefix(err.Error(), "locator: ") + " (fix the plan's target)")
	}
	return blocked("the browser failed: " + err.Error())
}

// targetVerdict explains why the target never reached the state.
func (st *stepCtx) targetVerdict(r pollResult, state string) *verdict {
	v := failed(fmt.Sprintf("%s to be %s", st.targetText(), stateWords[state]), "")
	if r.busy {
		v.actual = st.busyText()
		return v
	}
	d := r.diag
	switch {
	case d != nil && (d.State == nil || !d.State.Found) && st.scopedMiss(d) != "":
		v.actual = st.scopedMiss(d)
	case d == nil || d.State == nil || !d.State.Found:
		v.actual = "no element on the page matches it"
	case !d.State.Visible:
		v.actual = fmt.Sprintf("it matches %s, which is hidden", d.State.Element)
	case state != "visible" && !d.State.Enabled:
		v.actual = fmt.Sprintf("it matches %s, which is disabled", d.State.Element)
	case state == "editable" && !d.State.Editable && d.State.Tag == "select":
		// Typing into a drop-down is a claim's wording, not the app's
		// fault: nothing is decided.
		v.actual = fmt.Sprintf("it matches %s, a drop-down (<select>), which vouch does not type into, so it could not take this step; say \"choosing %s in …\" to pick an option", d.State.Element, plan.Quote(st.s.Value))
		v.blocked = true
	case state == "editable" && !d.State.Editable:
		v.actual = fmt.Sprintf("it matches %s, which is not an editable field", d.State.Element)
	case state == "selectable":
		// A drop-down the app draws itself (a button and a list) is no
		// proof that the option is missing: the claim is not decided.
		v.actual = fmt.Sprintf("it matches %s, which is not a drop-down (<select>): vouch chooses options only in a native drop-down, so it could not take this step; write the clicks instead (\"clicking 'Status' and then 'Seeding' …\")", d.State.Element)
		v.blocked = true
	default:
		v.actual = fmt.Sprintf("it matches %s, which never became %s", d.State.Element, stateWords[state])
	}
	v.reason = v.actual + " (" + st.t.String() + ")"
	if d != nil && len(d.Closest) > 0 {
		v.closest = d.Closest
		v.actual += "; closest on the page: " + strings.Join(d.Closest, "; ")
	}
	return v
}

func (st *stepCtx) busyText() string {
	return fmt.Sprintf("the page's scripts kept its main thread busy for the whole step (%s); they were stopped", st.budget)
}

// expired reports whether the step's budget is nearly spent.
func (st *stepCtx) expired() bool {
	dl, _ := st.ctx.Deadline()
	return time.Until(dl) < 20*time.Millisecond || st.ctx.Err() != nil
}

// pointer waits for the target to be actionable and not covered, then moves
// the mouse there and clicks it clicks times (0: only moves). Before a
// click, a target that is present but hidden has its nearest visible
// ancestor hovered first: buttons shown only while their item is hovered.
func (st *stepCtx) pointer(state string, clicks int) *verdict {
	reveal := clicks > 0
	for {
		var obj runtime.RemoteObjectID
		var v *verdict
		if reveal {
			obj, v = st.findRevealing(state)
		} else {
			obj, v = st.find(state)
		}
		if v != nil {
			return v
		}
		if clicks > 0 && len(st.jr.filled) > 0 {
			if v := st.refill(); v != nil {
				return v
			}
			continue // find the target again: typing may have moved it
		}
		st.beforeAct()
		// The usual case in one round trip: the target lies in the
		// viewport and receives the click at its centre.
		end := st.span("point, hit test, same-tab link (one call)")
		fx, fy, href, fast := st.jr.fastPoint(st.act, obj, clicks > 0)
		end()
		if fast {
			if clicks == 0 {
				st.jr.hoverAt = []float64{fx, fy}
			}
			if href != "" {
				st.jr.note = "the link opens " + href + " in a new tab; the journey follows it in this tab"
			}
			end = st.span("mouse events")
			err := st.jr.clickAt(st.act, fx, fy, clicks)
			end()
			if err != nil {
				return st.errVerdict(err)
			}
			if v, again := st.missed(obj, clicks); again {
				continue
			} else if v != nil {
				return v
			}
			return nil
		}
		// A hidden target came back only because its item can reveal it:
		// hover the item, then wait for the target as usual. Visible
		// targets never take this path, so it costs them nothing.
		end = st.span("scroll into view, content quads")
		x, y, err := st.jr.point(st.act, obj)
		end()
		var cover string
		if err == nil {
			end := st.span("hit test")
			raw, herr := st.jr.callOn(st.act, obj, hitTestJS, x, y)
			end()
			if herr == nil {
				_ = json.Unmarshal(raw, &cover)
			}
		}
		if (err != nil || cover != "") && reveal && st.reveal(obj) {
			reveal = false
			continue
		}
		if err != nil {
			if st.expired() {
				return failed(fmt.Sprintf("%s to be %s", st.targetText(), stateWords[state]), "it has no area on the page that can be clicked")
			}
			st.pause()
			continue
		}
		if cover != "" {
			if st.expired() {
				v := failed(fmt.Sprintf("%s to receive the click", st.targetText()), "it is covered by "+cover)
				return v
			}
			st.pause()
			continue
		}
		if clicks > 0 {
			// A link that opens its page in a new tab (target=_blank): a
			// person clicking it goes on reading that page, so the journey
			// follows it here, in this tab, where the target policy and
			// the recording apply as to any navigation. Popups a script
			// opens stay closed.
			end := st.span("same-tab link")
			raw, herr := st.jr.callOn(st.act, obj, sameTabJS)
			end()
			var href string
			if herr == nil && json.Unmarshal(raw, &href) == nil && href != "" {
				st.jr.note = "the link opens " + href + " in a new tab; the journey follows it in this tab"
			}
		}
		if clicks == 0 {
			st.jr.hoverAt = []float64{x, y}
		} else {
			_, _ = st.jr.callOn(st.act, obj, guardJS, x, y)
		}
		end = st.span("mouse events")
		err = st.jr.clickAt(st.act, x, y, clicks)
		end()
		if err != nil {
			return st.errVerdict(err)
		}
		if v, again := st.missed(obj, clicks); again {
			continue
		} else if v != nil {
			return v
		}
		return nil
	}
}

// missed reports whether a click the page swallowed because it moved
// under the pointer (guardJS) should be tried again, or, once the budget
// is spent, the failure saying where the clicks landed.
func (st *stepCtx) missed(obj runtime.RemoteObjectID, clicks int) (v *verdict, again bool) {
	if clicks == 0 {
		return nil, false
	}
	end := st.span("click landed on the target")
	miss := st.jr.clickMissed(st.act, obj)
	end()
	if miss == "" {
		return nil, false
	}
	if st.expired() {
		return failed(fmt.Sprintf("%s to receive the click", st.targetText()), "the page kept moving under the pointer: the click landed on "+miss), false
	}
	st.pause()
	return nil, true
}

// sameTabJS makes the link the element is in open its http(s) page in
// this tab instead of a new one, and returns its address ("" when it is
// no such link).
const sameTabJS = `function () {
  const a = this.closest && this.closest('a[href][target]');
  if (!a || a.target.toLowerCase() !== '_blank' || !/^https?:$/.test(new URL(a.href, location.href).protocol)) return '';
  a.target = '_self';
  return a.href;
}`

// actsAfterFinding lists the step kinds that only read the page until
// they call beforeAct: the previous step's screenshot may still be taken
// while they wait for their target (see journeyRun.evidenceAfter).
var actsAfterFinding = map[plan.Kind]bool{
	plan.Click: true, plan.DblClick: true, plan.Hover: true, plan.Fill: true,
	plan.Select: true, plan.Check: true, plan.Uncheck: true, plan.Press: true,
}

// beforeAct waits for the previous step's screenshot, if it is still being
// taken, before the step changes the page (see actsAfterFinding).
func (st *stepCtx) beforeAct() {
	defer st.span("previous step's screenshot")()
	st.jr.collectShots()
}

// fastPointJS returns the centre of the element's first box, when that box
// lies wholly in the viewport (no scroll needed) and the element receives
// a click there (hitTestJS), else null; for a click, it then makes a link
// that opens a new tab open in this one (sameTabJS) and returns its
// address too. One round trip instead of four (scroll into view, content
// quads, hit test, same-tab link); any other case takes those four.
var fastPointJS = `function (click) {
  const rs = this.getClientRects ? this.getClientRects() : [];
  let r = null;
  for (const q of rs) if (q.width > 0 && q.height > 0) { r = q; break; }
  if (!r || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return null;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if ((` + hitTestJS + `).call(this, x, y) !== '') return null;
  if (click) (` + guardJS + `).call(this, x, y);
  return [x, y, click ? (` + sameTabJS + `).call(this) : ''];
}`

// guardJS arms a check, at the first trusted press of the coming click,
// that the press lands where the hit test saw the element (x, y): on the
// element hit then, or inside the target. A page that moves between the
// hit test and the press (a section a previous click expanded, filled in
// once its data arrived) would otherwise take the click on whatever now
// lies there. A press that lands elsewhere is swallowed with the rest of
// its click, and the step finds the target and clicks again; clickMissed
// disarms the check and says where the click landed.
const guardJS = `function (x, y) {
  const el = this, w = el.ownerDocument && el.ownerDocument.defaultView;
  if (!w) return;
  if (w.__vouchClickGuard) w.__vouchClickGuard();
  const deep = (px, py) => {
    let e = document.elementFromPoint(px, py);
    while (e && e.shadowRoot) { const i = e.shadowRoot.elementFromPoint(px, py); if (!i || i === e) break; e = i; }
    return e;
  };
  const inside = (e) => {
    for (let n = e; n; n = n.parentNode || n.host) if (n === el) return true;
    return !!(el.labels && Array.from(el.labels).some((l) => l === e || l.contains(e)));
  };
  const seen = deep(x, y);
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];
  let miss;
  const on = (ev) => {
    if (!ev.isTrusted) return;
    if (miss === undefined) {
      const e = deep(ev.clientX, ev.clientY);
      miss = e && (e === seen || inside(e)) ? '' : ((` + hitTestJS + `).call(el, ev.clientX, ev.clientY) || 'an element around it');
    }
    if (miss !== '') { ev.preventDefault(); ev.stopImmediatePropagation(); }
  };
  for (const t of types) w.addEventListener(t, on, true);
  w.__vouchClickGuard = () => {
    for (const t of types) w.removeEventListener(t, on, true);
    delete w.__vouchClickGuard;
    return miss || '';
  };
}`

// clickMissed disarms guardJS and returns what received the click instead
// of the element ("" when the element did, or when the click left the
// page: a navigation, the element's frame gone).
func (jr *journeyRun) clickMissed(ctx context.Context, obj runtime.RemoteObjectID) string {
	raw, err := jr.callOn(ctx, obj, `function () {
  const w = this.ownerDocument && this.ownerDocument.defaultView;
  return w && w.__vouchClickGuard ? w.__vouchClickGuard() : '';
}`)
	var miss string
	if err != nil || json.Unmarshal(raw, &miss) != nil {
		return ""
	}
	return miss
}

// fastPoint runs fastPointJS: ok is false when the long way must be taken.
func (jr *journeyRun) fastPoint(ctx context.Context, obj runtime.RemoteObjectID, click bool) (x, y float64, href string, ok bool) {
	raw, err := jr.callOn(ctx, obj, fastPointJS, click)
	if err != nil {
		return 0, 0, "", false
	}
	var r []json.RawMessage
	if json.Unmarshal(raw, &r) != nil || len(r) != 3 {
		return 0, 0, "", false
	}
	if json.Unmarshal(r[0], &x) != nil || json.Unmarshal(r[1], &y) != nil || json.Unmarshal(r[2], &href) != nil {
		return 0, 0, "", false
	}
	return x, y, href, true
}

func (st *stepCtx) pause() {
	select {
	case <-time.After(30 * time.Millisecond):
	case <-st.ctx.Done():
	}
}

// navMark is the navigation state before an input, to tell whether the
// input started a navigation.
type navMark struct{ docs, reqs int }

func (st *stepCtx) mark() navMark {
	var m navMark
	st.jr.rec.snapshot(func() { m = navMark{len(st.jr.rec.docs), st.jr.rec.navReqs} })
	return m
}

// afterInput lets the page run the tasks an input queued (a form
// submission schedules its navigation), then, if the input started a
// navigation, waits for it to commit and parse, within the step's budget.
// A navigation that cannot reach its server blocks the journey; anything
// else about the new page is for the next steps to judge.
func (st *stepCtx) afterInput(before navMark) *verdict {
	jr := st.jr
	end := st.span("after input: queued tasks (setTimeout 0)")
	tctx, cancel := context.WithTimeout(st.ctx, time.Second)
	_, _ = cdp.Call(tctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{
		Expression: yieldJS, AwaitPromise: new(true),
	})
	cancel()
	end()
	end = st.span("after input: navigation to commit and parse")
	started := false
	var d *docNav
	ok := st.wait(func() bool {
		rec := jr.rec
		if len(rec.docs) > before.docs {
			started = true
			d = rec.lastDoc()
		} else if rec.navReqs > before.reqs {
			started = true
			return false // requested, not yet sent
		}
		if !started {
			return true
		}
		if d == nil || !d.settled() {
			return false
		}
		if !d.committed {
			return true
		}
		return rec.life[d.loader]["DOMContentLoaded"]
	})
	_ = ok // an unfinished navigation is the next step's business
	end()
	if d != nil {
		jr.rec.mu.Lock()
		dd := *d
		parsed := dd.committed && jr.rec.life[dd.loader]["DOMContentLoaded"]
		jr.rec.mu.Unlock()
		if parsed {
			// A parsed page usually fires its load event a moment later: the
			// step's screenshot then shows it loaded, and the assertion
			// that typically follows can share that screenshot instead of
			// waiting for a capture of its own. A slow subresource holds the
			// step up by inputLoadGrace at most.
			end := st.span("after input: load event")
			lctx, cancel := context.WithTimeout(st.ctx, inputLoadGrace)
			sub := *st
			sub.ctx = lctx
			sub.wait(func() bool { return jr.rec.life[dd.loader]["load"] })
			cancel()
			end()
		}
		if v := st.navOutcome(&dd, false); v != nil && v.blocked {
			return v
		}
	}
	return nil
}

// yieldJS resolves once the tasks queued before it have run, with the
// settle tracker's own setTimeout, so that the runner's wait does not
// count as the page's activity.
const yieldJS = `new Promise((r) => { const s = window[Symbol.for('vouch.settle')]; ((s && s.orig.setTimeout) || setTimeout)(r, 0); })`

// wait calls cond under the recorder's lock whenever it changes, until
// cond holds (true) or the step's budget ends (false).
func (st *stepCtx) wait(cond func() bool) bool {
	for {
		var ok bool
		ch := st.jr.rec.snapshot(func() { ok = cond() })
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-st.ctx.Done():
			return false
		}
	}
}

// waitOr is wait that also ends, false, when settled delivers how long
// the page has been settled.
func (st *stepCtx) waitOr(cond func() bool, settled <-chan time.Duration) (bool, time.Duration) {
	for {
		var ok bool
		ch := st.jr.rec.snapshot(func() { ok = cond() })
		if ok {
			return true, 0
		}
		select {
		case <-ch:
		case q := <-settled:
			return false, q
		case <-st.ctx.Done():
			return false, 0
		}
	}
}

// Actions.

func (st *stepCtx) visit() *verdict {
	jr := st.jr
	jr.filled = nil // a new page
	u, err := resolve(jr.rs.base, st.s.Value)
	if err != nil {
		return blocked(fmt.Sprintf("cannot visit %q: %v", st.s.Value, err))
	}
	if _, err := jr.rs.r.cfg.Policy.CheckURL(u.String()); err != nil {
		return blocked(policyText(u.Hostname(), err))
	}
	first := !jr.navigated
	jr.navigated = true
	end := st.span("Page.navigate")
	res, err := cdp.Call(st.ctx, jr.tab.t, page.Navigate, page.NavigateParams{URL: u.String()})
	end()
	if err != nil {
		if st.ctx.Err() == nil {
			return blocked("the browser could not navigate: " + err.Error())
		}
		var d *docNav
		jr.rec.snapshot(func() {
			if last := jr.rec.lastDoc(); last != nil {
				c := *last
				d = &c
			}
		})
		if d == nil || !d.responded {
			// The budget was spent waiting: no verdict on the claim
			// (DESIGN.md: budget spent is blocked).
			return blocked(fmt.Sprintf("the server sent no response to %s within %s: give the step more time (timeout:) or check that the deployment answers", u, st.budget))
		}
		return st.unfinished(u.String(), d)
	}
	var d *docNav
	end = st.span("response")
	if res.LoaderID != "" {
		st.wait(func() bool {
			for _, x := range jr.rec.docs {
				if x.loader == res.LoaderID && (x.responded || x.failed != "") {
					c := *x
					d = &c
					return true
				}
			}
			return false
		})
	}
	end()
	if res.ErrorText != "" {
		if d == nil {
			d = &docNav{url: u.String(), failed: res.ErrorText}
		}
		if d.failed == "" {
			d.failed = res.ErrorText
		}
		if strings.Contains(res.ErrorText, "ERR_ABORTED") {
			jr.rec.mu.Lock()
			dl := len(jr.rec.downloads) > 0
			jr.rec.mu.Unlock()
			if dl {
				return failed(fmt.Sprintf("%s to show a page", u), "it started a download instead (refused)")
			}
			if d.responded {
				return failed(fmt.Sprintf("%s to show a page", u), fmt.Sprintf("it answered HTTP %d %s, which the browser does not show as a page", d.status, d.statusTxt))
			}
		}
	}
	if d == nil {
		return nil // a same-document navigation: nothing to load
	}
	if d.responded && !d.committed {
		// Let the response become the page, so that the evidence of a
		// refused visit shows it.
		end := st.span("commit")
		cctx, cancel := context.WithTimeout(st.ctx, time.Second)
		sub := *st
		sub.ctx = cctx
		sub.wait(func() bool {
			for _, x := range jr.rec.docs {
				if x.req == d.req {
					return x.committed || x.failed != ""
				}
			}
			return true
		})
		cancel()
		end()
	}
	if v := st.navOutcome(d, first); v != nil {
		return v
	}
	// Wait for the page to parse, then for its load event, but at most
	// loadGrace more: a page waiting on a slow subresource is usable, one
	// that never parsed is not.
	loader := res.LoaderID
	end = st.span("DOMContentLoaded")
	parsed := st.wait(func() bool { return jr.rec.life[loader]["DOMContentLoaded"] })
	end()
	if !parsed {
		if spent(jr.jctx) {
			return nil // step() reports the spent budget
		}
		return st.unfinished(u.String(), d)
	}
	defer st.span("load event")()
	lctx, cancel := context.WithTimeout(st.ctx, loadGrace)
	defer cancel()
	sub := *st
	sub.ctx = lctx
	sub.wait(func() bool { return jr.rec.life[loader]["load"] })
	return nil
}

// loadGrace bounds the wait for a parsed page's load event after a visit;
// inputLoadGrace after an input that navigated.
const (
	loadGrace      = 3 * time.Second
	inputLoadGrace = time.Second
)

// unfinished explains a page that answered but did not finish loading in
// the step's budget, stopping a script that keeps it busy. A page whose
// own scripts hold its main thread is the app's fault and fails; one that
// is only slow (a slow stream, a busy machine) spent the budget, which
// says nothing of the claim: blocked, as DESIGN.md has it.
func (st *stepCtx) unfinished(u string, d *docNav) *verdict {
	jr := st.jr
	busy := !jr.answers()
	if busy {
		jr.terminate()
	}
	actual := fmt.Sprintf("it answered HTTP %d but the page did not finish loading within %s", d.status, st.budget)
	if !busy {
		return blocked(fmt.Sprintf("%s answered HTTP %d but did not finish loading within %s: give the step more time (timeout:) or check what keeps the page loading", u, d.status, st.budget))
	}
	actual += "; the page's scripts kept its main thread busy and were stopped"
	return failed(fmt.Sprintf("%s to load within %s", u, st.budget), actual)
}

// navOutcome judges a main-frame navigation: unreachable targets and
// policy refusals block; for a visit, a login wall on the journey's first
// page blocks and an unexpected error status fails.
func (st *stepCtx) navOutcome(d *docNav, first bool) *verdict {
	jr := st.jr
	visit := st.s.Kind == plan.Visit
	if d.failed != "" && !d.responded {
		if strings.Contains(d.failed, "ERR_ABORTED") {
			return nil // replaced by another navigation, or a download
		}
		if why := jr.policyRefusal(d.url); why != "" {
			return blocked(why)
		}
		return blocked(fmt.Sprintf("the browser could not load %s: %s", d.url, explainNetError(d.failed)))
	}
	if !d.responded {
		return nil
	}
	if rule := headerValue(d.headers, netpolicy.BlockedHeader); rule != "" {
		why := jr.policyRefusal(d.url)
		if why == "" {
			why = fmt.Sprintf("the target policy refused %s (rule %s)", hostOf(d.url), rule)
		}
		return blocked(why)
	}
	if msg := headerValue(d.headers, netpolicy.ErrorHeader); msg != "" && (d.status == 502 || d.status == 504) {
		return blocked(fmt.Sprintf("the browser could not reach %s: %s", hostOf(d.url), msg))
	}
	if d.status == 502 || d.status == 504 {
		if msg := jr.proxyError(d); msg != "" {
			return blocked(fmt.Sprintf("the browser could not reach %s: %s", hostOf(d.url), msg))
		}
	}
	if !visit {
		return nil
	}
	code := int(d.status)
	if first && (code == 401 || code == 403) && !jr.expects[code] {
		return blocked(fmt.Sprintf("%s answered HTTP %d %s: the app asks for credentials the plan does not give (a login wall)", d.url, code, d.statusTxt))
	}
	if code >= 400 && !jr.expects[code] {
		return failed(fmt.Sprintf("%s to show a page (HTTP 2xx)", d.url), fmt.Sprintf("it answered HTTP %d %s", code, d.statusTxt))
	}
	return nil
}

// policyRefusal names the policy rule that refused the URL's host, if the
// proxy refused it.
func (jr *journeyRun) policyRefusal(raw string) string {
	host := hostOf(raw)
	if host == "" {
		return ""
	}
	px := jr.rs.r.proxyRef()
	if px == nil {
		return ""
	}
	bl := px.Blocked()
	for i := len(bl) - 1; i >= 0; i-- {
		b := bl[i]
		if hostOf(b.Target) == host || strings.HasPrefix(b.Target, host+":") {
			return fmt.Sprintf("the target policy refused %s (rule %s): %s", host, b.Rule, b.Reason)
		}
	}
	return ""
}

// proxyError returns the policy proxy's own error text when it, not the
// app, answered 502/504 (it could not connect).
func (jr *journeyRun) proxyError(d *docNav) string {
	if headerValue(d.headers, "X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(headerValue(d.headers, "Content-Type"), "text/plain") {
		return "" // not net/http's http.Error, which the proxy answers with
	}
	ctx, cancel := context.WithTimeout(jr.tab.ctx, 2*time.Second)
	defer cancel()
	// The body is only there once it has loaded.
	for {
		var done bool
		ch := jr.rec.snapshot(func() {
			for _, x := range jr.rec.docs {
				if x.req == d.req {
					done = x.finished || x.failed != ""
				}
			}
		})
		if done {
			break
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ""
		}
	}
	res, err := cdp.Call(ctx, jr.tab.t, network.GetResponseBody, network.GetResponseBodyParams{RequestID: d.req})
	if err != nil {
		return ""
	}
	body := strings.TrimSpace(string(res.Body))
	if msg, ok := strings.CutPrefix(body, "vouch proxy: "); ok {
		return clip(msg, 300)
	}
	return ""
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Hostname()
	}
	if h, _, ok := strings.Cut(raw, ":"); ok {
		return h
	}
	return ""
}

// explainNetError turns Chromium's network error into words.
func explainNetError(e string) string {
	known := map[string]string{
		"net::ERR_NAME_NOT_RESOLVED":        "the host name does not resolve (DNS)",
		"net::ERR_NAME_RESOLUTION_FAILED":   "the host name does not resolve (DNS)",
		"net::ERR_CONNECTION_REFUSED":       "the connection was refused (nothing listens there)",
		"net::ERR_CONNECTION_RESET":         "the connection was reset",
		"net::ERR_CONNECTION_CLOSED":        "the connection was closed without an answer",
		"net::ERR_CONNECTION_TIMED_OUT":     "the connection timed out",
		"net::ERR_ADDRESS_UNREACHABLE":      "the address is unreachable",
		"net::ERR_EMPTY_RESPONSE":           "the server closed the connection without an answer",
		"net::ERR_TUNNEL_CONNECTION_FAILED": "the connection could not be made (refused by the target policy or the server)",
		"net::ERR_PROXY_CONNECTION_FAILED":  "vouch's policy proxy could not be reached",
		"net::ERR_BLOCKED_BY_CLIENT":        "the request was blocked by the runner",
		"net::ERR_TIMED_OUT":                "the request timed out",
	}
	if s, ok := known[e]; ok {
		return s + " (" + e + ")"
	}
	switch {
	case strings.HasPrefix(e, "net::ERR_CERT_"):
		return "the TLS certificate is not valid (" + e + ")"
	case strings.HasPrefix(e, "net::ERR_SSL_"):
		return "the TLS handshake failed (" + e + ")"
	}
	return e
}

func (st *stepCtx) click() *verdict {
	before := st.mark()
	// A reach step's control may sit in a closed menu (reach_menus.go).
	if v := st.pointerOrMenus(); v != nil {
		return v
	}
	return st.afterInput(before)
}

func (st *stepCtx) hover() *verdict {
	return st.pointer("visible", 0)
}

func (st *stepCtx) waitFor() *verdict {
	_, v := st.find("visible")
	return v
}

// valueInputs are input types whose value is set, not typed, as Playwright
// does: typing into a date or colour picker does not work.
var valueInputs = map[string]bool{"date": true, "time": true, "datetime-local": true, "month": true, "week": true, "color": true, "range": true}

// setKinds lists valueInputs for prepareFillJS.
var setKinds = func() []string {
	var ks []string
	for k := range valueInputs {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}()

// prepareFillJS returns the field's kind and, unless its value is set
// rather than typed, focuses it and selects its content, so that the text
// inserted next replaces it: one round trip to the page.
const prepareFillJS = `function (setKinds) {
  const kind = (this.isContentEditable && this.tagName !== 'INPUT' && this.tagName !== 'TEXTAREA') ? 'contenteditable' :
    this.tagName === 'INPUT' ? (this.type || 'text').toLowerCase() : this.tagName.toLowerCase();
  if (setKinds.includes(kind)) return kind;
  this.focus();
  if (typeof this.select === 'function') { this.select(); return kind; }
  const r = document.createRange(); r.selectNodeContents(this);
  const s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
  return kind;
}`

const setValueJS = `function (v) {
  this.focus();
  this.value = v;
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return this.value;
}`

// fill types the value into the field and remembers it: before the next
// action, the field is checked to still hold what was typed (refill).
func (st *stepCtx) fill() *verdict {
	v := st.fillOnce()
	if v == nil && st.s.Secret == "" {
		st.jr.filled = append(st.jr.filled, filledField{s: st.s, t: st.t})
	} else {
		st.jr.filled = nil
	}
	return v
}

// filledField is a field a fill step typed into, kept until the next action.
type filledField struct {
	s *plan.Step
	t plan.Target
}

// refill types again into the fields filled since the last action that no
// longer hold what was typed. A person types, looks, then clicks: an app
// that renders a field from its own state as it finishes loading (Swagger
// UI's URL box, reset on every update while its definition loads) throws
// typing done too early away, and the person, seeing that, types again.
// A field that is gone, or that the page keeps changing, is left to the
// steps after.
func (st *stepCtx) refill() *verdict {
	fs := st.jr.filled
	st.jr.filled = nil
	for _, f := range fs {
		r, err := st.jr.evaluate(st.act, engineArgs{Op: "value", Target: toJS(f.t), Text: f.s.Value})
		if err != nil || r.ok || r.diag == nil || r.diag.State == nil || !r.diag.State.Found || !r.diag.State.Editable {
			continue
		}
		sub := *st
		sub.s, sub.t = f.s, f.t
		if v := sub.fillOnce(); v != nil {
			return v
		}
	}
	return nil
}

// fillOnce types the value once.
func (st *stepCtx) fillOnce() *verdict {
	jr := st.jr
	value := st.s.Value
	if st.s.Secret != "" {
		value = jr.rs.opts.Secrets[st.s.Secret]
	}
	obj, v := st.find("editable")
	if v != nil {
		return v
	}
	st.beforeAct()
	end := st.span("focus and select")
	raw, err := jr.callOn(st.act, obj, prepareFillJS, setKinds)
	end()
	if err != nil {
		return st.errVerdict(err)
	}
	var kind string
	_ = json.Unmarshal(raw, &kind)
	if valueInputs[kind] {
		raw, err := jr.callOn(st.act, obj, setValueJS, value)
		if err != nil {
			return st.errVerdict(err)
		}
		var got string
		_ = json.Unmarshal(raw, &got)
		if got != value && st.s.Secret == "" {
			return failed(fmt.Sprintf("%s to take the value %s", st.targetText(), plan.Quote(value)), fmt.Sprintf("the %s field holds %s: the value is not valid for it", kind, plan.Quote(got)))
		}
		return nil
	}
	if value == "" {
		evs, _ := keyEvents("Delete")
		for _, e := range evs {
			if _, err := cdp.Call(st.act, jr.tab.t, input.DispatchKeyEvent, e); err != nil {
				return st.errVerdict(err)
			}
		}
		return nil
	}
	defer st.span("Input.insertText")()
	if _, err := cdp.Call(st.act, jr.tab.t, input.InsertText, input.InsertTextParams{Text: value}); err != nil {
		return st.errVerdict(err)
	}
	// Typing ends with a key-up, which insertText does not send: apps
	// that filter on key-up (Node-RED's search box) would not see the
	// text. Shift is pressed and let go, as between typed capitals: it
	// types nothing, and typeaheads that open on typed keys ignore it
	// (Bootstrap's, over Prometheus's Execute button), as they would a
	// person's Shift.
	shift := modifierKeys["Shift"]
	down, up := shift, shift
	down.Type, down.Modifiers = kb.KeyRawDown, modifierBits["Shift"]
	up.Type = kb.KeyUp
	for _, e := range []input.DispatchKeyEventParams{down, up} {
		if _, err := cdp.Call(st.act, jr.tab.t, input.DispatchKeyEvent, e); err != nil {
			return st.errVerdict(err)
		}
	}
	return nil
}

const selectJS = `function (v) {
  const n = (s) => String(s).replace(/\s+/g, ' ').trim();
  const opts = Array.from(this.options);
  const o = opts.find((o) => o.value === v) || opts.find((o) => n(o.label) === n(v)) ||
    opts.find((o) => n(o.label).toLowerCase() === n(v).toLowerCase());
  if (!o) return { missing: opts.map((o) => n(o.label)) };
  if (o.disabled) return { disabled: n(o.label) };
  this.focus();
  if (this.multiple) o.selected = true; else this.value = o.value;
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { chosen: n(o.label) };
}`

func (st *stepCtx) selectOption() *verdict {
	jr := st.jr
	value := st.s.Value
	shown := plan.Quote(value)
	if st.s.Secret != "" {
		value = jr.rs.opts.Secrets[st.s.Secret]
		shown = "the secret " + st.s.Secret
	}
	for {
		obj, v := st.find("selectable")
		if v != nil {
			return v
		}
		if len(st.jr.filled) > 0 {
			if v := st.refill(); v != nil {
				return v
			}
			continue
		}
		st.beforeAct()
		raw, err := jr.callOn(st.act, obj, selectJS, value)
		if err != nil {
			if isNavigationError(err) || strings.Contains(err.Error(), "Could not find object") {
				continue
			}
			return st.errVerdict(err)
		}
		var r struct {
			Missing  []string `json:"missing"`
			Disabled string   `json:"disabled"`
			Chosen   string   `json:"chosen"`
		}
		_ = json.Unmarshal(raw, &r)
		if r.Chosen != "" || (r.Missing == nil && r.Disabled == "") {
			return nil
		}
		if !st.expired() {
			// Options often arrive after the drop-down does.
			st.pause()
			continue
		}
		exp := fmt.Sprintf("%s to offer the option %s", st.targetText(), shown)
		if r.Disabled != "" {
			return failed(exp, fmt.Sprintf("the option %s is disabled", plan.Quote(r.Disabled)))
		}
		return failed(exp, "it has no such option; its options are: "+quoteList(r.Missing, 12))
	}
}

func quoteList(xs []string, n int) string {
	if len(xs) == 0 {
		return "(none)"
	}
	var q []string
	for i, x := range xs {
		if i == n {
			q = append(q, fmt.Sprintf("and %d more", len(xs)-n))
			break
		}
		q = append(q, plan.Quote(x))
	}
	return strings.Join(q, ", ")
}

const checkedJS = `function () {
  if (this.tagName === 'INPUT' && (this.type === 'checkbox' || this.type === 'radio')) return this.checked ? 1 : 0;
  const a = this.getAttribute('aria-checked') || this.getAttribute('aria-pressed');
  return a === 'true' ? 1 : a === 'false' ? 0 : -1;
}`

func (st *stepCtx) checked(obj runtime.RemoteObjectID) (int, error) {
	raw, err := st.jr.callOn(st.act, obj, checkedJS)
	if err != nil {
		return -1, err
	}
	var n int
	err = json.Unmarshal(raw, &n)
	return n, err
}

func (st *stepCtx) check(want bool) *verdict {
	word := "ticked"
	if !want {
		word = "unticked"
	}
	wantN := map[bool]int{true: 1, false: 0}[want]
	obj, v := st.find("actionable")
	if v != nil {
		return v
	}
	n, err := st.checked(obj)
	if err != nil {
		return st.errVerdict(err)
	}
	if n < 0 {
		return failed(st.targetText()+" to be a checkbox or radio button", "it is not a checkbox, radio button or switch")
	}
	if n == wantN {
		return nil
	}
	before := st.mark()
	if v := st.pointer("actionable", 1); v != nil {
		return v
	}
	if v := st.afterInput(before); v != nil {
		return v
	}
	// The state may follow the click a little later (a framework's render).
	for {
		obj, v := st.find("attached")
		if v != nil {
			return v
		}
		if n, err := st.checked(obj); err == nil && n == wantN {
			return nil
		}
		if st.expired() {
			return failed(fmt.Sprintf("%s to be %s", st.targetText(), word), "clicking it did not change its state")
		}
		st.pause()
	}
}

// press sends a key to the target, or to whatever has focus. It first lets
// the page settle, as a person presses a key only once the page has
// finished reacting to the previous step: a dialog that fades in (jQuery
// UI's show: 'fade') takes focus, and with it its Escape handler, only when
// the fade ends, so a key sent during the fade reaches the body instead.
func (st *stepCtx) press() *verdict {
	jr := st.jr
	evs, err := keyEvents(st.s.Value)
	if err != nil {
		return blocked(err.Error())
	}
	st.settle()
	if st.s.Target != "" {
		obj, v := st.find("actionable")
		if v != nil {
			return v
		}
		st.beforeAct()
		end := st.span("DOM.focus")
		_, err := cdp.Call(st.act, jr.tab.t, dom.Focus, dom.FocusParams{ObjectID: obj})
		end()
		if err != nil {
			return st.errVerdict(err)
		}
	}
	if v := st.refill(); v != nil {
		return v
	}
	st.beforeAct()
	before := st.mark()
	end := st.span("key events")
	for _, e := range evs {
		if _, err := cdp.Call(st.act, jr.tab.t, input.DispatchKeyEvent, e); err != nil {
			end()
			return st.errVerdict(err)
		}
	}
	end()
	return st.afterInput(before)
}

// Assertions.

// settle waits until the network has been idle and the DOM unchanged for
// quietFor, at most settleMax: a negative assertion checked before the page
// finished updating would pass too early.
func (st *stepCtx) settle() {
	defer st.span("settle (network idle, DOM quiet)")()
	jr := st.jr
	limit := min(settleMax, st.budget/3)
	ctx, cancel := context.WithTimeout(st.ctx, limit)
	defer cancel()
	for {
		var idle bool
		var since time.Time
		ch := jr.rec.snapshot(func() { idle, since = len(jr.rec.inflight) == 0, jr.rec.idleAt })
		if idle && time.Since(since) >= quietFor {
			break
		}
		wait := quietFor
		if idle {
			wait = quietFor - time.Since(since)
		}
		select {
		case <-ch:
		case <-time.After(wait):
		case <-ctx.Done():
			return
		}
	}
	dl, _ := ctx.Deadline()
	_, _ = jr.evaluate(ctx, engineArgs{Op: "settle", Quiet: quietFor.Milliseconds(), Timeout: time.Until(dl).Milliseconds()})
}

// absentMax bounds how long a check that something is not shown waits for
// the page's pending timers (settleAbsent).
const absentMax = 2 * time.Second

// settleAbsent waits, before a check that something is not shown, until
// the network and the DOM are quiet and no timer of the page's is due
// within absentMax (awaitQuiet): a form that sends you on 800 ms after
// its submit (a timer) passed "does not show 'Dashboard'" at once, before
// it did. It is bounded by absentMax (a third of a short budget): a page
// with a timer that never stops (a clock) is checked when it runs out.
func (st *stepCtx) settleAbsent() {
	st.settle()
	ctx, cancel := context.WithTimeout(st.ctx, min(absentMax, st.budget/3))
	defer cancel()
	st.jr.awaitQuiet(ctx, quietFor)
}

func (st *stepCtx) expectVisible() *verdict {
	_, v := st.find("visible")
	return v
}

func (st *stepCtx) expectHidden() *verdict {
	st.settleAbsent()
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "absent", Target: toJS(st.t)})
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	v := failed(st.targetText()+" not to be visible", "")
	switch {
	case r.busy:
		v.actual = st.busyText()
	case r.diag != nil && r.diag.State != nil && r.diag.State.Found:
		v.actual = fmt.Sprintf("it is visible: %s", r.diag.State.Element)
		if r.diag.Visible > 1 {
			v.actual += fmt.Sprintf(" (and %d more)", r.diag.Visible-1)
		}
	default:
		v.actual = "it is visible"
	}
	return v
}

func (st *stepCtx) expectText(negated bool) *verdict {
	a := engineArgs{Op: "text", Text: st.s.Value}
	where := "the page"
	if st.s.Target != "" {
		a.Target = toJS(st.t)
		where = st.targetText()
	} else {
		// Right after a hover, the browser shows the hovered element's
		// title as a tooltip, which a person reads as the page showing
		// it; a headless browser draws none, so the engine reads it.
		if st.afterHover() {
			a.Hover = st.jr.hoverAt
		}
		// A native dialog (confirm "Are you sure?") the latest action
		// opened was shown, though the runner has accepted it since.
		a.Dialogs = st.jr.dialogTexts()
	}
	if negated {
		a.Op = "notext"
		st.settleAbsent()
	}
	r, err := st.jr.poll(st.ctx, st.act, a)
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	var v *verdict
	if negated {
		v = failed(fmt.Sprintf("%s not to show %s", where, plan.Quote(st.s.Value)), "")
	} else {
		v = failed(fmt.Sprintf("%s to show %s", where, plan.Quote(st.s.Value)), "")
	}
	d := r.diag
	switch {
	case r.busy:
		v.actual = st.busyText()
	case d != nil && d.Target != nil && (d.Target.State == nil || !d.Target.State.Found):
		v.actual = "no element on the page matches " + st.t.String()
		if len(d.Target.Closest) > 0 {
			v.closest = d.Target.Closest
			v.actual += "; closest on the page: " + strings.Join(d.Target.Closest, "; ")
		}
	case negated:
		v.actual = fmt.Sprintf("%s shows it", where)
		if d != nil && d.Context != "" {
			v.actual += ": " + plan.Quote("…"+d.Context+"…")
		}
	default:
		v.actual = fmt.Sprintf("%s does not show it", where)
		if d != nil && d.Text != nil && st.s.Target != "" {
			v.actual += "; its text is " + plan.Quote(*d.Text)
		}
		if d != nil && len(d.Closest) > 0 {
			v.closest = d.Closest
			v.actual += "; closest text on the page: " + strings.Join(d.Closest, "; ")
		}
	}
	return v
}

func (st *stepCtx) expectURL() *verdict {
	jr := st.jr
	var got string
	cond := func() bool {
		got = jr.rec.url
		return urlMatches(jr.rs.base, st.s.Value, got)
	}
	// The address changes by a navigation or by the page's script; once the
	// page has settled, neither can come, and the check fails early.
	sctx, cancel := context.WithCancel(st.ctx)
	settled := make(chan time.Duration, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if q, ok := jr.awaitSettled(sctx); ok {
			settled <- q
		}
	}()
	ok, q := st.waitOr(cond, settled)
	cancel()
	<-done
	if !ok && q > 0 {
		// One last look: the decision is early only if it still fails.
		jr.rec.snapshot(func() { ok = cond() })
		if !ok {
			jr.settled = q
		}
	}
	if ok {
		return nil
	}
	return failed(fmt.Sprintf("the address to be %s", st.s.Value), fmt.Sprintf("the address is %s", got))
}

func (st *stepCtx) expectTitle() *verdict {
	r, err := st.jr.poll(st.ctx, st.act, engineArgs{Op: "title", Text: st.s.Value})
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	v := failed(fmt.Sprintf("the title to be %s", plan.Quote(strings.Join(strings.Fields(st.s.Value), " "))), "")
	switch {
	case r.busy:
		v.actual = st.busyText()
	case r.diag != nil && r.diag.Title != nil:
		v.actual = "the title is " + plan.Quote(*r.diag.Title)
	default:
		v.actual = "the page has no title"
	}
	return v
}

func (st *stepCtx) expectCount() *verdict {
	want, cmp, exp, v := st.countWanted()
	if v != nil {
		return v
	}
	if st.s.Reach && st.jr.countedOn[st.s.Ref] != st.jr.pageMark() {
		// A reach count asks more only of the page the count was taken
		// on: another page (a new document or address) is not compared.
		st.jr.note = "another page than the one counted: not compared"
		return nil
	}
	st.settle()
	// Against a remembered count, every match counts, as it did then.
	every := st.s.Ref != ""
	a := engineArgs{Op: "count", Target: toJS(st.t), Want: want, Cmp: cmp, Whole: want > 0 && cmp != "le" && !every, Every: every}
	if every && st.afterHover() {
		// the hover's native tooltip is a match too (see expectText)
		a.Hover = st.jr.hoverAt
	}
	r, err := st.jr.poll(st.ctx, st.act, a)
	if err != nil {
		return st.errVerdict(err)
	}
	if r.ok {
		return nil
	}
	v = failed(exp, "")
	if r.busy {
		v.actual = st.busyText()
		if st.s.Reach {
			return &verdict{blocked: true, actual: "the page was still busy, so the count could not be compared: " + v.actual, reason: "the page was still busy, so the count could not be compared: " + v.actual}
		}
		return v
	}
	n := 0
	if r.diag != nil {
		n = r.diag.Visible
	}
	v.actual = fmt.Sprintf("there %s %d", plural(n, "is", "are"), n)
	if r.diag != nil && r.diag.Matches > n {
		v.actual += fmt.Sprintf(" (and %d hidden)", r.diag.Matches-n)
	}
	if st.s.Reach {
		// The page showed the text before the action as often: whether
		// the action showed it cannot be told from the page.
		why := fmt.Sprintf("the page showed %s before the action too (%d visible %s before, %d after, on the same page): whether the action showed it cannot be told; a check of what the action changes (a text it removes, or one shown nowhere before) would decide", st.targetText(), st.jr.counts[st.s.Ref], plural(st.jr.counts[st.s.Ref], "match", "matches"), n)
		return &verdict{blocked: true, actual: why, reason: why}
	}
	if n == 0 && r.diag != nil && len(r.diag.Closest) > 0 {
		v.closest = r.diag.Closest
		v.actual += "; closest on the page: " + strings.Join(r.diag.Closest, "; ")
	}
	return v
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (st *stepCtx) expectStatus() *verdict {
	jr := st.jr
	var d *docNav
	st.wait(func() bool {
		last := jr.rec.lastDoc()
		if last == nil || last.settled() {
			if c := jr.rec.lastCommitted(); c != nil {
				cp := *c
				d = &cp
			}
			if last != nil && last.failed != "" && !last.responded {
				cp := *last
				d = &cp
			}
			return true
		}
		return false
	})
	exp := fmt.Sprintf("the last page load to answer HTTP %d", st.s.Status)
	if d == nil {
		return failed(exp, "no page has been loaded")
	}
	if d.failed != "" && !d.responded {
		return st.navOutcome(d, false)
	}
	if int(d.status) == st.s.Status {
		return nil
	}
	return failed(exp, fmt.Sprintf("%s answered HTTP %d %s", d.url, d.status, d.statusTxt))
}

func (st *stepCtx) expectNoConsoleErrors() *verdict {
	st.settle()
	var errs []evidence.ConsoleEntry
	st.jr.rec.snapshot(func() {
		for _, c := range st.jr.rec.console[min(st.jr.consoleFrom, len(st.jr.rec.console)):] {
			if appError(c) {
				errs = append(errs, c)
			}
		}
	})
	if len(errs) == 0 {
		return nil
	}
	var parts []string
	for i, e := range errs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(errs)-3))
			break
		}
		parts = append(parts, consoleLine(e))
	}
	return failed("no console errors or uncaught exceptions",
		fmt.Sprintf("%d %s: %s", len(errs), plural(len(errs), "error", "errors"), strings.Join(parts, "; ")))
}

// afterHover reports whether the last step before this one that acts on
// the page, past assertions and waits, is a hover: the pointer still rests
// where it put it.
// dialogTexts are the messages of the native dialogs opened since the
// latest action began.
func (jr *journeyRun) dialogTexts() []string {
	jr.rec.mu.Lock()
	defer jr.rec.mu.Unlock()
	var out []string
	for _, d := range jr.rec.dialogs[min(jr.dialogMark, len(jr.rec.dialogs)):] {
		if _, msg, ok := strings.Cut(d, ": "); ok {
			out = append(out, msg)
		}
	}
	return out
}

func (st *stepCtx) afterHover() bool {
	for i := st.k - 1; i >= 0; i-- {
		switch k := st.jr.j.Steps[i].Kind; {
		case k == plan.Hover:
			return true
		case k.IsAssertion() || k == plan.WaitFor || k == plan.Screenshot:
			continue
		default:
			return false
		}
	}
	return false
}
