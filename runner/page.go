package runner

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/vouchdev/vouch/plan"
)

//go:embed locator.js
var locatorJS string

// objectGroup names the group that holds the remote objects of step k,
// released after it. Each step has its own group, so that the release of
// one step's objects can run alongside the next step.
func objectGroup(k int) string { return "vouch-step-" + strconv.Itoa(k) }

// engineArgs are the locator engine's arguments (see locator.js).
type engineArgs struct {
	Op      string    `json:"op"`
	Target  *jsTarget `json:"target,omitempty"`
	State   string    `json:"state,omitempty"`
	Want    int       `json:"want"`
	Text    string    `json:"text,omitempty"`
	Timeout int64     `json:"timeout"`
	Quiet   int64     `json:"quiet,omitempty"`
	// The newer assertions (steps_state.go).
	Cmp    string   `json:"cmp,omitempty"`    // count: "eq", "ge", "le"
	Flag   bool     `json:"flag"`             // checked, enabled: the wanted state
	Prop   string   `json:"prop,omitempty"`   // style: the CSS property
	Texts  []string `json:"texts,omitempty"`  // order
	Reveal bool     `json:"reveal,omitempty"` // element: see revealJS
	Opener bool     `json:"opener,omitempty"` // element: a reach step's target (see locator.js openerVariants)
	Popup  bool     `json:"popup,omitempty"`  // element: only in what the last press revealed (see reach_menus.go)
	Whole  bool     `json:"whole,omitempty"`  // a check that the target is there: a control's name matches whole (see locator.js wholeName)
	// WholeText: a click, whose text or control name matches whole too
	// (locator.js wholeText).
	WholeText bool `json:"wholeText,omitempty"`
	// Every: count every match, whole and partial; a count compared with
	// a remembered one is taken the same way both times (locator.js
	// resolve).
	Every   bool      `json:"every,omitempty"`
	Hover   []float64 `json:"hover,omitempty"`   // text, and count against a remembered one: where the last hover left the pointer; its native tooltip counts as shown (see hoverTitle)
	Dialogs []string  `json:"dialogs,omitempty"` // text: the messages of native dialogs the latest action opened, shown too
	// Settle and Hold: see locator.js; poll sets them.
	Settle  int64 `json:"settle,omitempty"`
	Hold    int64 `json:"hold,omitempty"`
	Horizon int64 `json:"horizon,omitempty"`
}

type jsTarget struct {
	Kind   string `json:"kind"`
	Value  string `json:"value"`
	Exact  bool   `json:"exact"`
	Name   string `json:"name,omitempty"`
	Level  int    `json:"level,omitempty"`
	Within string `json:"within,omitempty"`
	Nth    int    `json:"nth,omitempty"`
	In     string `json:"in,omitempty"`
	Under  string `json:"under,omitempty"`
	Beside string `json:"beside,omitempty"`
}

func toJS(t plan.Target) *jsTarget {
	return &jsTarget{Kind: t.Kind, Value: t.Value, Exact: t.Exact, Name: t.Name, Level: t.Level, Within: t.Within, Nth: t.Nth, In: t.In, Under: t.Under, Beside: t.Beside}
}

// diagnosis is what the engine reports when a wait times out.
type diagnosis struct {
	Matches int         `json:"matches"`
	Visible int         `json:"visible"`
	State   *elemState  `json:"state"`
	Closest []string    `json:"closest"`
	Last    *lastResult `json:"last"`
	Target  *diagnosis  `json:"target"`
	Text    *string     `json:"text"`
	Context string      `json:"context"`
	Title   *string     `json:"title"`
	// Scoped targets: how many matches nth chose from; whether the page
	// shows the within text at all, and how many matches there are
	// without within.
	Pool        int  `json:"pool"`
	WithinFound bool `json:"within_found"`
	Unscoped    int  `json:"unscoped"`
	// NoRegion: the target is pinned in= a part of the page the page has
	// no element of; Outside: how many elements match it outside the part.
	NoRegion string `json:"no_region"`
	Outside  int    `json:"outside"`
	// NoHeading: the target is kept under= a heading the page does not
	// show; OutsideUnder: how many elements match it outside the section.
	NoHeading    string `json:"no_heading"`
	OutsideUnder int    `json:"outside_under"`
	// NoLabel: the target is kept beside= a label the page does not show;
	// Unpaired: the page shows that label but pairs no value with it (a
	// column heading, a lone word), or shows it more than once.
	NoLabel  string `json:"no_label"`
	Unpaired string `json:"unpaired"`
	Labels   int    `json:"labels"`
	// OutsideBeside: how many elements match the target outside the value
	// paired with its beside= label; BesideValue: that value's text.
	OutsideBeside int    `json:"outside_beside"`
	BesideValue   string `json:"beside_value"`
	// Settled is set when the engine gave up before the budget because the
	// page had been settled this many ms.
	Settled int64 `json:"settled"`
}

type elemState struct {
	Found    bool   `json:"found"`
	Visible  bool   `json:"visible"`
	Enabled  bool   `json:"enabled"`
	Editable bool   `json:"editable"`
	Element  string `json:"element"`
	Tag      string `json:"tag"`
}

type lastResult struct {
	Count int     `json:"count"`
	Found *bool   `json:"found"`
	Title *string `json:"title"`
	// The newer assertions: what the element has, and which element.
	Got     json.RawMessage `json:"got"`
	Element string          `json:"element"`
	Order   []string        `json:"order"`
	Missing []string        `json:"missing"`
	// Ambiguous: the fields a label names only in part, several of them.
	Ambiguous []string `json:"ambiguous"`
}

// pollResult is the outcome of a page-side wait.
type pollResult struct {
	ok    bool
	elem  runtime.RemoteObjectID // op "element"
	value json.RawMessage        // ok: other ops
	diag  *diagnosis             // !ok
	busy  bool                   // the page's main thread never answered
	// settled is how long the page had been settled when the wait gave up
	// before its budget; 0 when it waited out the budget.
	settled time.Duration
}

// errNavigated marks an evaluation cut short by a navigation: the caller
// evaluates again in the new document.
var errNavigated = errors.New("the page navigated")

// evaluate runs the locator engine once. A navigation during the call gives
// errNavigated.
func (jr *journeyRun) evaluate(ctx context.Context, a engineArgs) (pollResult, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return pollResult{}, err
	}
	expr := "(" + locatorJS + ")(" + string(b) + ")"
	res, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{
		Expression:   expr,
		AwaitPromise: new(true),
		ObjectGroup:  objectGroup(jr.stepNo),
		Silent:       new(true),
	})
	jr.noteGroup(res.Result, res.ExceptionDetails, err)
	if err != nil {
		if isNavigationError(err) {
			return pollResult{}, errNavigated
		}
		return pollResult{}, err
	}
	if res.ExceptionDetails != nil {
		msg := exceptionText(res.ExceptionDetails)
		if isNavigationText(msg) {
			return pollResult{}, errNavigated
		}
		return pollResult{}, fmt.Errorf("locator: %s", msg)
	}
	r := res.Result
	if r.Type == runtime.RemoteObjectTypeObject && r.Subtype == runtime.RemoteObjectSubtypeNode {
		return pollResult{ok: true, elem: r.ObjectID}, nil
	}
	var s string
	if r.Type != runtime.RemoteObjectTypeString || json.Unmarshal(r.Value, &s) != nil {
		return pollResult{}, fmt.Errorf("locator: unexpected result %s", r.Type)
	}
	switch {
	case strings.HasPrefix(s, "ok:"):
		return pollResult{ok: true, value: json.RawMessage(s[3:])}, nil
	case strings.HasPrefix(s, "no:"):
		var d diagnosis
		if err := json.Unmarshal([]byte(s[3:]), &d); err != nil {
			return pollResult{}, fmt.Errorf("locator: bad diagnosis: %w", err)
		}
		if d.NoRegion != "" {
			return pollResult{}, noRegionError(d.NoRegion)
		}
		if d.NoHeading != "" {
			return pollResult{}, noHeadingError(d.NoHeading)
		}
		if d.NoLabel != "" || d.Unpaired != "" {
			return pollResult{}, besideError{label: d.NoLabel + d.Unpaired, shown: d.Unpaired != "", labels: d.Labels}
		}
		return pollResult{diag: &d}, nil
	}
	return pollResult{}, fmt.Errorf("locator: unexpected result %q", clip(s, 80))
}

// noRegionError: a target pinned in= a part of the page (plan.Regions) on a
// page with no element of that part. Nothing is decided: an app may draw
// its header or footer with plain elements, so the step is blocked.
type noRegionError string

func (e noRegionError) Error() string {
	r := plan.Regions[string(e)]
	tag := "<" + r.Tag + ">"
	if r.Tag == "header" || r.Tag == "footer" {
		tag += " outside an article, aside, main, nav or section"
	}
	return fmt.Sprintf("the page has no %s (no %s and no role=%s), so nothing can be looked for inside it; the app may draw its %s without one: say the claim of the whole page, or pin the target another way",
		plan.RegionWord(string(e)), tag, r.Role, plan.RegionWord(string(e)))
}

// noHeadingError: a target kept under= a heading on a page that shows no
// heading with that text. Nothing is decided: the app may draw the title
// of the section without a heading element, so the step is blocked.
type noHeadingError string

func (e noHeadingError) Error() string {
	return fmt.Sprintf("the page shows no heading %s (h1–h6, role=heading, a legend or a summary), so nothing can be looked for in the section under it; the app may draw that title without a heading element: say the claim of the whole page, or pin the target another way",
		plan.Quote(string(e)))
}

// besideError: a target kept beside= a label the page does not show, or
// shows without a value it pairs with it (no later cell in its row, no dd
// after its dt, nothing after it), or shows several times. Nothing is
// decided: the value may be drawn another way, or belong to another item,
// so the step is blocked.
type besideError struct {
	label  string
	shown  bool
	labels int
}

func (e besideError) Error() string {
	switch {
	case e.labels > 1:
		return fmt.Sprintf("the page shows the label %s %d times, and their values differ on what the step looks for, so which value the claim means is unknown: name the item it belongs to (within=)", plan.Quote(e.label), e.labels)
	case e.shown:
		return fmt.Sprintf("the page shows %s but pairs no value with it (no later cell in its table row, no dd after its dt, no element after it, no text after %s), so its value cannot be read; the app may lay it out another way: pin the target another way",
			plan.Quote(e.label), plan.Quote(e.label+":"))
	}
	return fmt.Sprintf("the page shows no label %s, so no value paired with it can be read; the app may name it otherwise: say the claim of the whole page, or pin the target another way", plan.Quote(e.label))
}

// poll waits for the engine's condition until ctx (the step's budget)
// ends, or until the page has settled (see settled) for the Runner's
// settle period while the condition still does not hold: a settled page
// cannot make it hold later, so the step fails early and the budget stays
// the upper bound. The page polls on every animation frame and gives up at ctx's
// deadline; the call itself runs under act, which allows a grace period
// beyond it, so that a page under load still answers with its diagnosis.
// The Go side only re-issues the wait when a navigation replaced the
// document. A page that does not answer within the grace period is busy:
// its script is stopped so that later steps and evidence can still run.
func (jr *journeyRun) poll(ctx, act context.Context, a engineArgs) (pollResult, error) {
	dl, _ := ctx.Deadline()
	grace := jr.rs.r.cfg.Settle
	if grace > 0 && a.Op != "settle" && a.Op != "describe" {
		a.Settle = max(grace.Milliseconds(), 1)
	}
	for {
		a.Timeout = max(int64(time.Until(dl)/time.Millisecond), 0)
		r, err := jr.evaluate(act, a)
		switch {
		case err == nil:
			if r.ok || r.diag == nil || r.diag.Settled == 0 {
				return r, nil
			}
			q, hold := jr.settledFor(r.diag.Settled, grace)
			if hold == 0 {
				r.settled = q
				jr.settled = q
				return r, nil
			}
			a.Hold = hold
			continue
		case errors.Is(err, errNavigated):
			if ctx.Err() != nil {
				a.Timeout = 0
			}
			// Wait for the next document to exist, then look again.
			if werr := jr.waitDocument(act); werr != nil {
				return pollResult{}, werr
			}
			continue
		case act.Err() != nil:
			if jr.sctx.Err() != nil {
				return pollResult{}, act.Err()
			}
			if !jr.answers() {
				jr.terminate()
				return pollResult{busy: true}, nil
			}
			// The page answers: the machine, or vouch's own capture of the
			// previous step, was slow, not the page. One last look, so
			// that the step is judged on the page and its scripts are not
			// stopped for nothing.
			a.Timeout, a.Hold, a.Settle = 0, 0, 0
			lctx, cancel := context.WithTimeout(jr.sctx, lastLook)
			r, err := jr.evaluate(lctx, a)
			cancel()
			if err != nil {
				if lctx.Err() != nil {
					jr.terminate()
					return pollResult{busy: true}, nil
				}
				return pollResult{}, err
			}
			return r, nil
		default:
			return pollResult{}, err
		}
	}
}

// settledFor combines the page's own report that it has been settled for
// pageMS with what the browser reports of the network and navigations. It
// returns how long the whole has been settled and 0 when that reaches
// grace; else the ms to hold the next look for (while a request is in
// flight, 200 ms).
func (jr *journeyRun) settledFor(pageMS int64, grace time.Duration) (time.Duration, int64) {
	page := time.Duration(pageMS) * time.Millisecond
	net, busy := jr.rec.quiet()
	if q := min(page, net); q >= grace {
		return q, 0
	}
	wait := grace - net
	if busy {
		wait = 200 * time.Millisecond
	}
	return 0, max(wait.Milliseconds(), 20)
}

// awaitSettled returns once the page and the network have been settled for
// the Runner's settle period (true), or when ctx ends or early failure is
// off (false). It records how long in jr.settled. It only reads the page,
// so ctx may be cancelled at any time: a check decided outside the page
// (the address) runs it alongside its own wait.
func (jr *journeyRun) awaitSettled(ctx context.Context) (time.Duration, bool) {
	if jr.rs.r.cfg.Settle <= 0 {
		return 0, false
	}
	return jr.awaitQuiet(ctx, jr.rs.r.cfg.Settle)
}

// awaitQuiet returns once the page and the network have been quiet for
// grace, with no timer of the page's due before ctx's deadline (true), or
// when ctx ends (false). A navigation starts it again on the new document.
func (jr *journeyRun) awaitQuiet(ctx context.Context, grace time.Duration) (time.Duration, bool) {
	dl, _ := ctx.Deadline()
	a := engineArgs{Op: "quiet", Settle: max(grace.Milliseconds(), 1)}
	for ctx.Err() == nil {
		// Short page-side waits, so that none outlives the step by much;
		// a timer due before the step's budget ends still counts.
		left := time.Until(dl)
		a.Timeout = max(min(left, grace+time.Second).Milliseconds(), 0)
		a.Horizon = max(left.Milliseconds(), 0)
		r, err := jr.evaluate(ctx, a)
		switch {
		case errors.Is(err, errNavigated):
			if jr.waitDocument(ctx) != nil {
				return 0, false
			}
			continue
		case err != nil:
			return 0, false
		case r.diag == nil || r.diag.Settled == 0:
			a.Hold = 0
			continue // the page-side wait timed out unsettled
		}
		q, hold := jr.settledFor(r.diag.Settled, grace)
		if hold == 0 {
			return q, true
		}
		a.Hold = hold
	}
	return 0, false
}

// waitDocument waits until the main frame has a document to evaluate in,
// after a navigation destroyed the old one.
func (jr *journeyRun) waitDocument(ctx context.Context) error {
	for {
		ch := jr.rec.snapshot(nil)
		// Probe with a trivial evaluation; it fails while no context exists.
		pctx, cancel := context.WithTimeout(ctx, 250*time.Millisecond)
		_, err := cdp.Call(pctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: "1", ReturnByValue: new(true)})
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-ch:
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// lastLook bounds the look a step takes after its grace period when the
// page still answers (poll), and the wait for that answer (answers): long
// enough for a loaded machine, short against a step's budget.
const lastLook = 2 * time.Second

// answers reports whether the page's main thread answers a trivial
// evaluation within lastLook, once the previous step's capture (which
// holds the same thread for a frame) is over. A page whose scripts spin
// does not; a page on a slow machine does.
func (jr *journeyRun) answers() bool {
	jr.collectShots()
	ctx, cancel := context.WithTimeout(jr.tab.ctx, lastLook)
	defer cancel()
	_, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: "1", ReturnByValue: new(true)})
	return err == nil || isNavigationError(err)
}

// terminate stops the script that keeps the page's main thread busy
// (field guide §10: answers in ~2 ms even while the thread spins).
func (jr *journeyRun) terminate() {
	ctx, cancel := context.WithTimeout(jr.tab.ctx, time.Second)
	defer cancel()
	if _, err := cdp.Call(ctx, jr.tab.t, runtime.TerminateExecution, cdp.Empty{}); err == nil {
		jr.terminated = true
	}
}

func isNavigationError(err error) bool {
	return err != nil && isNavigationText(err.Error())
}

func isNavigationText(s string) bool {
	for _, m := range []string{
		"Execution context was destroyed",
		"Inspected target navigated or closed",
		"Cannot find context with specified id",
		"Cannot find default execution context",
		"Promise was collected",
	} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		s, _, _ := strings.Cut(d.Exception.Description, "\n    at ")
		return s
	}
	return d.Text
}

// callOn calls fn on a remote element and returns its JSON result.
func (jr *journeyRun) callOn(ctx context.Context, obj runtime.RemoteObjectID, fn string, args ...any) (json.RawMessage, error) {
	p := runtime.CallFunctionOnParams{
		FunctionDeclaration: fn,
		ObjectID:            obj,
		ReturnByValue:       new(true),
		AwaitPromise:        new(true),
		Silent:              new(true),
	}
	for _, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		p.Arguments = append(p.Arguments, &runtime.CallArgument{Value: b})
	}
	res, err := cdp.Call(ctx, jr.tab.t, runtime.CallFunctionOn, p)
	if err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, errors.New(exceptionText(res.ExceptionDetails))
	}
	return json.RawMessage(res.Result.Value), nil
}

// noteGroup records that the running step's object group may hold remote
// objects after an evaluation in it: one it returned or threw, or any when
// the call did not complete (the page may still make its result). A step
// whose evaluations returned only values has nothing to release.
func (jr *journeyRun) noteGroup(r *runtime.RemoteObject, ex *runtime.ExceptionDetails, err error) {
	if err != nil || r == nil || r.ObjectID != "" || ex != nil && (ex.Exception == nil || ex.Exception.ObjectID != "") {
		jr.grouped.Store(true)
	}
}

// releaseObjects frees step k's remote objects in the background: the
// round trip waits for the page's main thread, and nothing needs its
// answer. The next step's objects are in another group. The journey waits
// for the releases before it ends.
func (jr *journeyRun) releaseObjects(k int) {
	jr.releases.Add(1)
	go func() {
		defer jr.releases.Done()
		// Hygiene only: a busy page does not get to hold the journey up.
		ctx, cancel := context.WithTimeout(jr.tab.ctx, 200*time.Millisecond)
		defer cancel()
		_, _ = cdp.Call(ctx, jr.tab.t, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: objectGroup(k)})
	}()
}

// hitTestJS reports what covers the element's point, or "" when the
// element (or its label) itself receives the click.
const hitTestJS = `function (x, y) {
  let e = document.elementFromPoint(x, y);
  while (e && e.shadowRoot) { const i = e.shadowRoot.elementFromPoint(x, y); if (!i || i === e) break; e = i; }
  if (!e) return "nothing at that point";
  for (let n = this; n; n = n.parentNode || n.host) if (n === e) return "";
  if (e === this || this.contains(e)) return "";
  if (this.labels && Array.from(this.labels).some((l) => l === e || l.contains(e))) return "";
  let d = e.tagName.toLowerCase();
  if (e.id) d += "#" + e.id;
  if (typeof e.className === "string" && e.className.trim()) d += "." + e.className.trim().split(/\s+/).join(".");
  const t = (e.innerText || "").replace(/\s+/g, " ").trim();
  if (t) { const x = t.length > 40 ? t.slice(0, 37) + "..." : t; d += " " + (x.includes('"') ? "\u201c" + x + "\u201d" : '"' + x + '"'); }
  return d;
}`

// point scrolls the element into view and returns the centre of its first
// visible content quad.
func (jr *journeyRun) point(ctx context.Context, obj runtime.RemoteObjectID) (x, y float64, err error) {
	_, _ = cdp.Call(ctx, jr.tab.t, dom.ScrollIntoViewIfNeeded, dom.ScrollIntoViewIfNeededParams{ObjectID: obj})
	q, err := cdp.Call(ctx, jr.tab.t, dom.GetContentQuads, dom.GetContentQuadsParams{ObjectID: obj})
	if err != nil {
		return 0, 0, err
	}
	for _, quad := range q.Quads {
		if len(quad) < 8 {
			continue
		}
		x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4
		y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4
		area := (quad[2]-quad[0])*(quad[5]-quad[1]) - (quad[4]-quad[0])*(quad[3]-quad[1])
		if area != 0 {
			return x, y, nil
		}
	}
	return 0, 0, errors.New("the element has no area on the page")
}

// mouse moves to (x, y) and, when click, presses and releases the left
// button there: trusted input events, as a person's.
func (jr *journeyRun) mouse(ctx context.Context, x, y float64, click bool) error {
	steps := []input.DispatchMouseEventParams{{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y}}
	if click {
		steps = append(steps,
			input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1, Buttons: 1},
			input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1},
		)
	}
	for _, p := range steps {
		if _, err := cdp.Call(ctx, jr.tab.t, input.DispatchMouseEvent, p); err != nil {
			return err
		}
	}
	return nil
}

// screenshot captures the viewport: full size as JPEG when full (a
// failure), else at Config.ScreenshotScale in Config.ScreenshotFormat.
// shotFormat names the file type. pre holds what domSnapshot already did
// for this capture (the caret hidden, the visible area measured) and what
// screenshot did itself; the caller shows the caret again when
// pre.caretHidden (revealCaret), once the picture is in hand.
func (jr *journeyRun) screenshot(ctx context.Context, full bool, pre *preCapture) ([]byte, error) {
	q := jr.rs.r.cfg.ScreenshotQuality
	if full {
		q = max(q, FailShotQuality)
	}
	p := page.CaptureScreenshotParams{
		Format:  page.CaptureScreenshotFormatJpeg,
		Quality: new(int64(q)),
	}
	if !full && jr.rs.r.cfg.ScreenshotFormat == "webp" {
		p.Format = page.CaptureScreenshotFormatWebp
	}
	if !pre.caretDone {
		// The text caret of a focused field blinks, so two captures of
		// the same page would differ by it and the content-addressed store
		// could not share them. It is made transparent for the capture, as
		// Playwright's caret: 'hide' does, and only when a field has focus.
		pre.caretDone = true
		pre.caretHidden = jr.evalBool(ctx, hideCaretJS)
	}
	if s := jr.rs.r.cfg.ScreenshotScale; !full && s < 1 {
		// A clip is in document coordinates: the visible part is where the
		// visual viewport is scrolled to.
		if pre.metrics == nil {
			m, err := jr.layoutMetrics(ctx)
			if err != nil {
				return nil, err
			}
			pre.metrics = m
		}
		if v := pre.metrics.CSSVisualViewport; v != nil && v.ClientWidth > 0 && v.ClientHeight > 0 {
			p.Clip = &page.Viewport{X: v.PageX, Y: v.PageY, Width: v.ClientWidth, Height: v.ClientHeight, Scale: s}
		}
	}
	res, err := cdp.Call(ctx, jr.tab.t, page.CaptureScreenshot, p)
	if err != nil {
		return nil, err
	}
	return res.Data, nil
}

// preCapture is what is done for a screenshot before it is requested.
type preCapture struct {
	caretDone   bool                         // hideCaretJS ran
	caretHidden bool                         // and hid the caret
	metrics     *page.GetLayoutMetricsResult // nil: not measured
}

// layoutMetrics asks the browser (not the page, which could lie) where the
// visual viewport is.
func (jr *journeyRun) layoutMetrics(ctx context.Context) (*page.GetLayoutMetricsResult, error) {
	m, err := cdp.Call(ctx, jr.tab.t, page.GetLayoutMetrics, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// showCaret takes out the style sheet hideCaretJS put in, even when the
// capture was cancelled, within a bound.
func (jr *journeyRun) showCaret(ctx context.Context) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	jr.evalBool(sctx, showCaretJS)
}

// revealCaret shows the caret again off the step's path: nothing the next
// step does depends on it, and its round trip to the page's main thread
// would otherwise wait between every step that typed and the next. The
// next capture, and the journey's end, wait for it (caretShown), so that
// it never takes out the sheet a later capture put in.
func (jr *journeyRun) revealCaret(ctx context.Context) {
	done := make(chan struct{})
	jr.caretMu.Lock()
	jr.caretShow = done
	jr.caretMu.Unlock()
	go func() {
		defer close(done)
		jr.showCaret(ctx)
	}()
}

// caretShown waits for revealCaret's round trip, if one is under way.
func (jr *journeyRun) caretShown() {
	jr.caretMu.Lock()
	done := jr.caretShow
	jr.caretShow = nil
	jr.caretMu.Unlock()
	if done != nil {
		<-done
	}
}

// hideCaretJS makes the caret transparent while a field that shows one has
// focus (or is about to take it: autofocus), with a constructed style sheet
// in document.adoptedStyleSheets: no DOM mutation for the page's observers
// to see, nothing to lay out again (caret-color changes no box), and it
// returns true when it did so.
// showCaretJS takes the sheet out again.
const hideCaretJS = `(() => { try {
  const a = document.activeElement;
  // An autofocus field takes focus at the next rendering update, which may
  // be the capture's own: hide the caret it will show too.
  if (!(a && (a.isContentEditable || a.tagName === 'INPUT' || a.tagName === 'TEXTAREA')) && !document.querySelector('[autofocus]')) return false;
  const k = Symbol.for('vouch.caret');
  let s = window[k];
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync('*{caret-color:transparent!important}');
    Object.defineProperty(window, k, {value: s});
  }
  if (!document.adoptedStyleSheets.includes(s)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
  return true;
} catch (e) { return false; } })()`

const showCaretJS = `(() => { try {
  const s = window[Symbol.for('vouch.caret')];
  if (s) document.adoptedStyleSheets = document.adoptedStyleSheets.filter(x => x !== s);
  return true;
} catch (e) { return false; } })()`

// evalBool evaluates a script that returns a boolean; false on any error.
func (jr *journeyRun) evalBool(ctx context.Context, js string) bool {
	res, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: js, ReturnByValue: new(true)})
	if err != nil || res.Result == nil || res.ExceptionDetails != nil {
		return false
	}
	return string(res.Result.Value) == "true"
}

// stateJS returns a token of the page's state as it can change without a
// tab event (see journeyRun.reuse): a count of DOM mutations, scrolls,
// inputs, focus changes and resizes (an observer installed on first use),
// the scroll position, the viewport, the URL, and the values of form
// fields, which scripts may set without a mutation. It returns "" when the
// page shows something that changes on its own or out of the observer's
// sight: animations or transitions, canvas, media, frames, images not yet
// decoded, custom elements and shadow roots.
const stateJS = `(() => { try {
  const k = Symbol.for('vouch.changes');
  let s = window[k];
  if (!s) {
    s = { n: 0 };
    Object.defineProperty(window, k, { value: s });
    const bump = () => { s.n++; };
    new MutationObserver(bump).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const t of ['scroll', 'input', 'change', 'focusin', 'focusout', 'resize', 'toggle', 'load', 'error', 'transitionstart', 'animationstart'])
      addEventListener(t, bump, true);
  }
  if (document.getAnimations().length || document.querySelector('canvas,video,audio,iframe,frame,embed,object,[is]')) return '';
  for (const i of document.images) if (!i.complete) return '';
  for (const e of document.getElementsByTagName('*')) if (e.shadowRoot || e.localName.includes('-')) return '';
  let f = '';
  for (const e of document.querySelectorAll('input,textarea,select')) f += e.value + '\u0000' + (e.checked ? 1 : 0) + '\u0001';
  return [s.n, scrollX, scrollY, innerWidth, innerHeight, location.href, document.readyState, f].join('\u0002');
} catch (e) { return ''; } })()`

// snapshotJS serialises the document with the live values of its form
// fields (a typed value is not an attribute; password and file fields are
// left out). The fields are written into a copy in an inert document, which
// loads nothing and runs no page code, so the page itself is not touched.
const snapshotJS = `(() => {
  const root = document.documentElement;
  const fields = root.querySelectorAll('input,textarea,select');
  if (!fields.length) return root.outerHTML;
  const copy = document.implementation.createHTMLDocument('').importNode(root, true);
  const cf = copy.querySelectorAll('input,textarea,select');
  if (cf.length !== fields.length) return root.outerHTML;
  fields.forEach((e, i) => {
    const d = cf[i];
    if (e.localName === 'input') {
      const t = (e.type || '').toLowerCase();
      if (t === 'checkbox' || t === 'radio') { if (e.checked) d.setAttribute('checked', ''); else d.removeAttribute('checked'); }
      else if (t !== 'password' && t !== 'file') d.setAttribute('value', e.value);
    } else if (e.localName === 'textarea') d.textContent = e.value;
    else for (let k = 0; k < e.options.length && k < d.options.length; k++) {
      if (e.options[k].selected) d.options[k].setAttribute('selected', ''); else d.options[k].removeAttribute('selected');
    }
  });
  return copy.outerHTML;
})()`

// domSnapshot returns the document's serialised HTML (field guide §9: the
// cheapest capture, 0.7 ms), with its fields' values (snapshotJS), and,
// from the same evaluation, stateJS's token, read before any screenshot is
// requested. With hideCaret, the same evaluation then hides the caret for
// the screenshot to come (hideCaretJS; the caller shows it again): one
// round trip to the page's main thread instead of two, on every step.
func (jr *journeyRun) domSnapshot(ctx context.Context, hideCaret bool) (html []byte, token string, caretHidden bool, err error) {
	expr := "[" + stateJS + `, "<!doctype html>\n" + ` + snapshotJS
	if hideCaret {
		expr += ", " + hideCaretJS
	}
	res, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    expr + "]",
		ReturnByValue: new(true),
	})
	if err != nil {
		return nil, "", false, err
	}
	if res.ExceptionDetails != nil {
		return nil, "", false, errors.New(exceptionText(res.ExceptionDetails))
	}
	var r []json.RawMessage
	if err := json.Unmarshal(res.Result.Value, &r); err != nil || len(r) < 2 {
		return nil, "", false, fmt.Errorf("DOM snapshot: unexpected result %s", clip(string(res.Result.Value), 80))
	}
	var h string
	if json.Unmarshal(r[0], &token) != nil || json.Unmarshal(r[1], &h) != nil {
		return nil, "", false, fmt.Errorf("DOM snapshot: unexpected result %s", clip(string(res.Result.Value), 80))
	}
	caretHidden = len(r) > 2 && string(r[2]) == "true"
	return []byte(h), token, caretHidden, nil
}

// title reads document.title, or "" when the page does not answer.
func (jr *journeyRun) title(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	res, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: "document.title", ReturnByValue: new(true)})
	if err != nil || res.ExceptionDetails != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(res.Result.Value, &s)
	return strings.Join(strings.Fields(s), " ")
}

// messagesJS collects the visible texts of alerts, status and live
// regions, deepest first, at most three, each clipped.
const messagesJS = `(() => {
  const sel = '[role=alert],[role=status],[aria-live]:not([aria-live=off]),output,.error,.alert,.flash';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility || !el.checkVisibility({checkVisibilityCSS: true, visibilityProperty: true})) continue;
    const t = (el.innerText || '').replace(/\s+/g, ' ').trim();
    if (!t || out.some((o) => o.includes(t) || t.includes(o))) continue;
    out.push(t.length > 200 ? t.slice(0, 199) + '…' : t);
    if (out.length === 3) break;
  }
  return out;
})()`

// messages returns what the page's alert and status regions say.
func (jr *journeyRun) messages(ctx context.Context) []string {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	res, err := cdp.Call(ctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: messagesJS, ReturnByValue: new(true)})
	if err != nil || res.ExceptionDetails != nil {
		return nil
	}
	var out []string
	_ = json.Unmarshal(res.Result.Value, &out)
	return out
}
