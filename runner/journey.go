package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
)

// journeyRun is one journey in progress, in its own tab and BrowserContext.
type journeyRun struct {
	rs  *runState
	idx int // 0-based
	// hoverAt is where the last hover left the pointer, in the viewport:
	// a check right after it reads the native tooltip there.
	hoverAt []float64
	// dialogMark is how many native dialogs (alert, confirm, prompt) had
	// opened when the latest action began: the messages of those after it
	// are what that action showed (dialogTexts).
	dialogMark int
	j          *plan.Journey
	br         *browser
	tab        *tab
	rec        *recorder

	// jctx carries the journey's budget (and the run's); step contexts
	// derive from sctx, which a crash also ends.
	jctx   context.Context
	parent context.Context // the caller's context
	rctx   context.Context // the run's context
	sctx   context.Context
	crash  context.CancelFunc

	stepsDone func() // see runJourney
	evPhase   string // the timing phase of the step's evidence

	// consoleFrom is where expect_no_console_errors starts reading the
	// console: at the latest reach click, which opens the place the claim
	// is about; what was logged on the way there is not that place's.
	consoleFrom int
	navigated   bool // a visit has happened
	terminated  bool // a busy script was stopped
	closed      int  // popups closed
	expects     map[int]bool
	helpers     sync.WaitGroup
	stepNo      int            // the step running, 0-based: its object group
	counts      map[string]int // counts kept by remember_count
	// countedOn is the page each remembered count was taken on: a reach
	// expect_count compares only with a count of the same page.
	countedOn map[string]pageMark
	filled    []filledField // fields typed into since the last action (refill)
	note      string        // what the running step found, for its evidence ("3 visible matches")
	// settled is how long the page had been settled when the running step's
	// wait gave up before its budget; 0 when it did not.
	settled  time.Duration
	releases sync.WaitGroup // object groups being released
	grouped  atomic.Bool    // the running step may hold remote objects (noteGroup)
	// caretShow is closed when the caret hidden for the latest capture is
	// shown again (revealCaret); nil when none is under way.
	caretMu   sync.Mutex
	caretShow chan struct{}

	res     evidence.JourneyResult
	shots   []pendingShot // screenshots in flight
	last    *capture      // the latest screenshot, for reuse
	lastDOM [32]byte      // sha256 of the latest DOM snapshot recorded
	failure *failure
	console []evidence.ConsoleEntry
	// page is what the page looked like at the failing step, for the
	// repair prompt.
	page pageState
	// doc is the first document's digest, set by the listener goroutine
	// under rec.mu; docDone is closed once it has been fetched or given up.
	doc     *evidence.Document
	docDone chan struct{}
}

// pageMark tells one page from another: the main frame's committed
// documents so far and its address.
type pageMark struct {
	docs int
	url  string
}

// pageMark returns the page the tab shows now.
func (jr *journeyRun) pageMark() pageMark {
	jr.rec.mu.Lock()
	defer jr.rec.mu.Unlock()
	return pageMark{docs: jr.rec.commits, url: jr.rec.url}
}

// pageState is the page as a failure left it.
type pageState struct {
	URL    string
	Status int64
	Title  string
	// Messages are the visible texts of the page's alerts and status
	// regions ("Invalid email or password"): often the real cause.
	Messages []string
}

// verdict is a step that did not pass: failed unless blocked.
type verdict struct {
	blocked  bool
	expected string
	actual   string
	reason   string // one line for the journey's Reason; defaults to actual
	closest  []string
}

func failed(expected, actual string) *verdict { return &verdict{expected: expected, actual: actual} }

func blocked(reason string) *verdict { return &verdict{blocked: true, actual: reason, reason: reason} }

// runJourney runs journey i and returns its result; it never fails: every
// problem is a decision.
//
// stepsDone is called once the journey's last step has run (or it stopped
// early), before that step's evidence: the journey's place among the
// Workers goes to the next one while this one's evidence is recorded.
func (rs *runState) runJourney(gctx, parent context.Context, br *browser, i int, stepsDone func()) evidence.JourneyResult {
	j := &rs.p.Journeys[i]
	rs.emit(Event{Type: JourneyStarted, Journey: i + 1, JourneyName: j.Name, Steps: len(j.Steps)})
	if missing := rs.missingSecrets(i); len(missing) > 0 {
		return rs.blockedBeforeStart(i, fmt.Sprintf("the plan needs the secret %s, which this run was not given", strings.Join(missing, ", ")))
	}
	jctx, cancel := context.WithTimeout(gctx, rs.r.cfg.JourneyTimeout)
	defer cancel()
	started := time.Now()
	defer func() { rs.tm.add("journey: total", time.Since(started)) }()
	var asked int64
	if rs.tabs != nil {
		asked = rs.tabs.Add(1)
	}
	tabPhase := "journey: browser context and tab"
	if asked <= int64(rs.r.cfg.Workers) {
		tabPhase += " (the first journeys)"
	}
	endTab := rs.tm.span(tabPhase)
	t, err := br.tab(jctx)
	endTab()
	if err != nil {
		reason := "the browser could not open a page: " + err.Error()
		switch {
		case jctx.Err() != nil:
			reason = budgetReason(gctx, parent, "before the journey could start")
			if gctx.Err() == nil {
				reason = "the journey's time budget was spent before it could start"
			}
		case br.dead():
			reason = "the browser crashed before the journey could start"
		}
		return rs.blockedBeforeStart(i, reason)
	}
	defer br.release(t)

	jr := &journeyRun{
		rs: rs, idx: i, j: j, br: br, tab: t,
		rec:       newRecorder(t.id, t.bcID),
		stepsDone: stepsDone,
		evPhase:   "step: evidence",
		jctx:      jctx,
		parent:    parent,
		rctx:      gctx,
		expects:   map[int]bool{},
		docDone:   make(chan struct{}),
	}
	for _, s := range j.Steps {
		if s.Kind == plan.ExpectStatus {
			jr.expects[s.Status] = true
		}
	}
	jr.res = evidence.JourneyResult{Index: i + 1, Name: j.Name, Requirement: j.Requirement, Started: started}
	jr.sctx, jr.crash = context.WithCancel(jctx)
	defer jr.crash()
	stopWatch := context.AfterFunc(t.ctx, jr.crash) // the browser or tab went away
	defer stopWatch()

	lctx, lcancel := context.WithCancel(t.ctx)
	endListen := rs.tm.span("journey: listen")
	if err := jr.listen(lctx); err != nil {
		lcancel()
		return rs.blockedBeforeStart(i, "the browser could not watch the page: "+err.Error())
	}
	bodies := jr.recordBodies(t.ctx)
	endListen()
	jr.steps()
	end := rs.tm.span("journey: end / document body for the attestation")
	jr.waitDocumentBody()
	end()
	end = rs.tm.span("journey: end / response bodies for the HAR")
	bodies()
	end()
	lcancel()
	end = rs.tm.span("journey: end / helpers")
	jr.helpers.Wait()
	end()
	end = rs.tm.span("journey: end / HAR, console log, prompt")
	jr.finish()
	end()
	return jr.res
}

// listen subscribes to the tab's and the browser's events and starts the
// goroutines that answer dialogs and close popups.
func (jr *journeyRun) listen(lctx context.Context) error {
	rec := jr.rec
	rec.onCrash = jr.crash
	if err := chromedp.Listen(lctx, rec.onTab); err != nil {
		return err
	}
	if err := chromedp.ListenBrowser(lctx, rec.onBrowser); err != nil {
		return err
	}
	jr.helpers.Add(1)
	go func() {
		defer jr.helpers.Done()
		for {
			select {
			case <-lctx.Done():
				return
			case e := <-rec.dialogCh:
				// Accept, as a person clicking OK would; a prompt gets its
				// default text.
				ctx, cancel := context.WithTimeout(lctx, 2*time.Second)
				_, _ = cdp.Call(ctx, jr.tab.t, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true, PromptText: e.DefaultPrompt})
				cancel()
			case d := <-rec.docCh:
				// Apart from this loop: a dialog must never wait for it.
				jr.helpers.Go(func() { jr.documentBody(lctx, d) })
			case id := <-rec.popupCh:
				ctx, cancel := context.WithTimeout(lctx, 2*time.Second)
				_, err := cdp.Call(ctx, jr.tab.b, target.CloseTarget, target.CloseTargetParams{TargetID: id})
				cancel()
				if err == nil {
					rec.mu.Lock()
					jr.closed++
					rec.mu.Unlock()
				}
			}
		}
	}()
	return nil
}

// documentBody fetches the body of the first document the journey
// received and keeps its digest: what the deployment served is the subject
// of the run's attestation. It runs as soon as the document finished
// loading, because Chromium drops a document's body after the next
// navigation.
func (jr *journeyRun) documentBody(ctx context.Context, d *docNav) {
	defer close(jr.docDone)
	jr.rec.mu.Lock()
	req, u, status := d.req, d.url, d.status
	jr.rec.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	res, err := cdp.Call(ctx, jr.tab.t, network.GetResponseBody, network.GetResponseBodyParams{RequestID: req})
	if err != nil {
		jr.rs.r.log.Debug("no document body for the attestation", "journey", jr.idx+1, "err", err)
		return
	}
	// cdproto decodes a base64 body: Body holds the bytes as served.
	body := res.Body
	sum := sha256.Sum256(body)
	jr.rec.mu.Lock()
	jr.doc = &evidence.Document{URL: u, Status: status, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(body))}
	jr.rec.mu.Unlock()
}

// waitDocumentBody gives a body fetch in flight a moment to finish before
// the journey's listeners stop.
func (jr *journeyRun) waitDocumentBody() {
	jr.rec.mu.Lock()
	sent := jr.rec.docSent
	jr.rec.mu.Unlock()
	if !sent {
		return
	}
	select {
	case <-jr.docDone:
	case <-time.After(5 * time.Second):
	}
}

// recordBodies fetches the bodies of the responses the recorder queues
// (see netLog.wantBody) as they finish loading, one at a time off the
// event loop. The function it returns stops taking new ones and waits a
// little for those queued, so that the HAR holds what the last page
// loaded, then gives up on the rest.
func (jr *journeyRun) recordBodies(tctx context.Context) func() {
	rec := jr.rec
	if jr.rs.w == nil {
		// No evidence, no HAR: fetch nothing.
		rec.mu.Lock()
		rec.bodiesClosed = true
		close(rec.bodyCh)
		rec.mu.Unlock()
		return func() {}
	}
	bctx, cancel := context.WithCancel(tctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range rec.bodyCh {
			if bctx.Err() != nil {
				continue // drained: the journey is over
			}
			ctx, c := context.WithTimeout(bctx, 2*time.Second)
			res, err := cdp.Call(ctx, jr.tab.t, network.GetResponseBody, network.GetResponseBodyParams{RequestID: b.id})
			c()
			rec.mu.Lock()
			if err != nil {
				b.h.bodyNote = "body not recorded: " + err.Error()
			} else {
				b.h.setBody(res.Body, res.Base64encoded, jr.rs.mask)
			}
			rec.mu.Unlock()
		}
	}()
	return func() {
		rec.mu.Lock()
		rec.bodiesClosed = true
		close(rec.bodyCh)
		rec.mu.Unlock()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
		}
		cancel()
		<-done
	}
}

// crashed returns why the page is gone, or "".
func (jr *journeyRun) crashed() string {
	if jr.br.dead() {
		return "the browser crashed"
	}
	jr.rec.mu.Lock()
	defer jr.rec.mu.Unlock()
	return jr.rec.crashed
}

// steps runs the journey's steps in order; after a step that does not
// pass, the rest are skipped.
func (jr *journeyRun) steps() {
	stopped := false
	n := len(jr.j.Steps)
	for k := range jr.j.Steps {
		s := &jr.j.Steps[k]
		sr := evidence.StepResult{Index: k + 1, Kind: string(s.Kind), Description: s.Describe(), Started: time.Now()}
		if stopped {
			sr.Status = evidence.StepSkipped
			jr.res.Steps = append(jr.res.Steps, sr)
			continue
		}
		if !s.Kind.IsAssertion() && !actsAfterFinding[s.Kind] {
			end := jr.rs.tm.span("journey: previous step's overlapped screenshot")
			jr.collectShots()
			end()
		}
		jr.stepNo = k
		jr.grouped.Store(false)
		jr.note = ""
		endStep := jr.rs.tm.span("step: " + string(s.Kind))
		v := jr.step(k, s, &sr)
		if v != nil && !v.blocked && s.Reach && s.Kind != plan.ExpectJSON && s.Kind != plan.ExpectCount {
			// a reach expect_json blocks only on a page that is not
			// JSON (steps_json.go): a JSON response without the value
			// fails; a reach expect_count blocks by itself (expectCount)
			v = unreached(s, v)
		}
		endStep()
		if v != nil || k == n-1 {
			jr.rs.tm.add("journey: steps (holding a worker place)", time.Since(jr.res.Started))
			jr.stepsDone()
			jr.evPhase = "journey: end / last step's evidence"
		}
		sr.DurationMS = float64(time.Since(sr.Started).Microseconds()) / 1000
		mask := jr.rs.mask
		if v == nil {
			sr.Status = evidence.StepPassed
			sr.Actual = mask(jr.note) // what a passing step found, when it says
		} else {
			sr.Status = evidence.StepFailed
			if v.blocked {
				sr.Status = evidence.StepBlocked
				sr.Error = mask(v.actual)
			}
			sr.Expected, sr.Actual = mask(v.expected), mask(v.actual)
			if v.blocked {
				sr.Actual = ""
			} else if jr.settled > 0 {
				sr.SettledMS = jr.settled.Milliseconds()
			}
			reason := v.reason
			if reason == "" {
				reason = fmt.Sprintf("step %d (%s): %s", k+1, s.Describe(), v.actual)
			} else {
				reason = fmt.Sprintf("step %d (%s): %s", k+1, s.Describe(), reason)
			}
			jr.res.Reason = mask(reason)
			jr.res.Decision = evidence.Failed
			if v.blocked {
				jr.res.Decision = evidence.Blocked
			}
			jr.failure = &failure{step: k, v: v}
			stopped = true
		}
		jr.rec.mu.Lock()
		sr.URL = mask(jr.rec.url)
		jr.rec.mu.Unlock()
		endEv := jr.rs.tm.span(jr.evPhase)
		jr.evidenceAfter(k, s, v, &sr)
		endEv()
		if jr.grouped.Load() {
			jr.releaseObjects(k)
		}
		jr.res.Steps = append(jr.res.Steps, sr)
		msg := sr.Actual
		if sr.Error != "" {
			msg = sr.Error
		}
		jr.rs.emit(Event{Type: StepFinished, Journey: jr.idx + 1, JourneyName: jr.j.Name, Step: k + 1, Steps: n,
			Description: sr.Description, Status: sr.Status, Message: msg})
	}
	end := jr.rs.tm.span("journey: end / last screenshot, caret, object releases")
	jr.collectShots()
	jr.caretShown()
	jr.releases.Wait()
	end()
	if !stopped {
		jr.res.Decision = evidence.Verified
	}
}

// unreached turns the failure of a reach step into a blocked verdict: the
// step is the plan's guess of the way to the place the claim is about, so
// its failure says nothing about the claim.
func unreached(s *plan.Step, v *verdict) *verdict {
	what := v.actual
	if t, err := plan.ParseTarget(s.Target); err == nil && strings.HasPrefix(v.actual, "no element on the page matches") {
		switch {
		case t.Kind == plan.ByRole && t.Name != "":
			what = fmt.Sprintf("no %s named %s", reachNoun(t.Value), plan.Quote(t.Name))
		case t.Kind == plan.ByText:
			// A control found by its whole text or icon title.
			what = "no control named " + plan.Quote(t.Value)
		}
	}
	reason := fmt.Sprintf("could not reach the place the claim is about: %s (the plan guessed how to open it)", what)
	if s.Kind == plan.ExpectURL {
		// the page's address was guessed from its common name
		reason = fmt.Sprintf("could not reach the place the claim is about: %s (the plan guessed its address from the page's common name)", what)
	}
	if t, err := plan.ParseTarget(s.Target); err == nil && s.Kind == plan.WaitFor && t.Kind == plan.ByText {
		// a text the claim named without quotes, read as shown exactly
		reason = fmt.Sprintf("could not reach the place the claim is about: the page does not show %s, which the claim names without quotes (the plan read it as the exact text shown, a guess)", plan.Quote(describeGuess(s.Target)))
	}
	return &verdict{blocked: true, actual: reason, reason: reason, closest: v.closest}
}

// describeGuess is the text a reach wait_for looks for.
func describeGuess(target string) string {
	if t, err := plan.ParseTarget(target); err == nil && t.Kind == plan.ByText {
		return t.Value
	}
	return target
}

// reachNoun names what a role target looks for, in a person's words.
func reachNoun(role string) string {
	switch role {
	case "link":
		return "link"
	case "tab":
		return "tab"
	case "menuitem":
		return "menu item"
	}
	return "control"
}

// failure is the step that ended the journey.
type failure struct {
	step int
	v    *verdict
}

// step runs one step within its budget and classifies what went wrong.
func (jr *journeyRun) step(k int, s *plan.Step, sr *evidence.StepResult) *verdict {
	d := s.Timeout
	if d <= 0 {
		d = jr.rs.r.cfg.StepTimeout
	}
	ctx, cancel := context.WithTimeout(jr.sctx, d)
	defer cancel()
	jr.settled = 0
	if s.Reach && s.Kind == plan.Click {
		jr.rec.snapshot(func() { jr.consoleFrom = len(jr.rec.console) })
	}
	v := jr.do(ctx, k, s, d)
	// A budget above the step's, or a crash, overrides the step's own view.
	if why := jr.crashed(); why != "" {
		return blocked(why)
	}
	if spent(jr.jctx) {
		switch {
		case jr.parent.Err() != nil:
			return blocked("the run was cancelled")
		case spent(jr.rctx):
			return blocked("the run's time budget was spent")
		default:
			return blocked(fmt.Sprintf("the journey's time budget (%s) was spent", jr.rs.r.cfg.JourneyTimeout))
		}
	}
	return v
}

// do dispatches a step to its implementation.
func (jr *journeyRun) do(ctx context.Context, k int, s *plan.Step, budget time.Duration) *verdict {
	var t plan.Target
	if s.Target != "" {
		var err error
		if t, err = plan.ParseTarget(s.Target); err != nil {
			// Validation already parsed it; this is unreachable in practice.
			return blocked("bad target: " + err.Error())
		}
	}
	dl, _ := ctx.Deadline()
	act, cancel := context.WithDeadline(jr.sctx, dl.Add(graceFor(budget)))
	defer cancel()
	st := &stepCtx{jr: jr, ctx: ctx, act: act, s: s, t: t, budget: budget, k: k}
	if !s.Kind.IsAssertion() && s.Kind != plan.WaitFor && s.Kind != plan.Screenshot {
		jr.rec.mu.Lock()
		jr.dialogMark = len(jr.rec.dialogs)
		jr.rec.mu.Unlock()
	}
	if s.Kind == plan.Reload || s.Kind == plan.GoBack {
		jr.filled = nil // another page: what was typed is gone with it
	}
	switch s.Kind {
	case plan.Visit:
		return st.visit()
	case plan.Click:
		return st.click()
	case plan.Fill:
		return st.fill()
	case plan.Select:
		return st.selectOption()
	case plan.Check:
		return st.check(true)
	case plan.Uncheck:
		return st.check(false)
	case plan.Press:
		return st.press()
	case plan.Hover:
		return st.hover()
	case plan.WaitFor:
		return st.waitFor()
	case plan.Screenshot:
		return nil // the screenshot after every step is this step's evidence
	case plan.ExpectVisible:
		return st.expectVisible()
	case plan.ExpectHidden:
		return st.expectHidden()
	case plan.ExpectText:
		return st.expectText(false)
	case plan.ExpectNoText:
		return st.expectText(true)
	case plan.ExpectURL:
		return st.expectURL()
	case plan.ExpectTitle:
		return st.expectTitle()
	case plan.ExpectCount:
		return st.expectCount()
	case plan.ExpectStatus:
		return st.expectStatus()
	case plan.ExpectNoConsoleErrors:
		return st.expectNoConsoleErrors()
	default:
		if v, ok := st.doMore(); ok {
			return v
		}
	}
	return blocked(fmt.Sprintf("this runner does not know the step %q", s.Kind))
}

// spent reports whether ctx has ended or its deadline has passed: on a
// loaded machine the timer that ends a context runs a little after its
// deadline, and a wait that the page gave up at the deadline must count as
// the budget's end, not as the page's answer.
func spent(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	dl, ok := ctx.Deadline()
	return ok && !time.Now().Before(dl)
}

// graceFor is how long past a step's budget the page may take to answer a
// call already made (a loaded machine delays every round trip) before it
// counts as busy.
func graceFor(budget time.Duration) time.Duration {
	return min(max(budget/2, 500*time.Millisecond), 2*time.Second)
}

// evidenceAfter records the step's screenshot and DOM snapshot. It runs outside the step's budget (the
// evidence of a timed-out step matters most) but bounded on its own.
//
// After an action that the next step does not undo at once (the next step
// is an assertion, or first only looks for its target: actsAfterFinding),
// both captures run alongside the next step, which only reads the page
// until beforeAct waits for them: the DOM snapshot and screenshot then
// show the page as this step left it, and cost the journey only what
// outlasts the next step's reading.
func (jr *journeyRun) evidenceAfter(k int, s *plan.Step, v *verdict, sr *evidence.StepResult) {
	w := jr.rs.w
	if jr.crashed() != "" {
		jr.last = nil
		return
	}
	if v != nil {
		// What the page showed when the step failed, for the prompt.
		jr.rec.mu.Lock()
		jr.page.URL = jr.rec.url
		if d := jr.rec.lastCommitted(); d != nil {
			jr.page.Status = d.status
			if jr.page.URL == "" || jr.page.URL == "about:blank" {
				// Responded but not (yet) shown, as a 401 with a Basic
				// challenge.
				jr.page.URL = d.url
			}
		}
		jr.rec.mu.Unlock()
		jr.page.Title = jr.title(jr.tab.ctx)
		jr.page.Messages = maskAll(jr.rs.mask, jr.messages(jr.tab.ctx))
	}
	if w == nil {
		return
	}
	tm := jr.rs.tm
	// Evidence waits so long: a screenshot needs a frame from the page's
	// main thread, and a script that starts spinning now would hold it for
	// ever. The next step judges a busy page.
	ctx, cancel := context.WithTimeout(jr.tab.ctx, 3*time.Second)
	probed := jr.probe(ctx, cancel, k)
	note := "after step"
	if s.Kind == plan.Screenshot && s.Value != "" {
		note = s.Value
	}
	next := k + 1
	nextReads := v == nil && next < len(jr.j.Steps) && jr.j.Steps[next].Kind.IsAssertion()
	// When the next step only reads the page, or first only looks for its
	// target (actsAfterFinding), the capture runs alongside it; it is
	// collected before any later step acts (beforeAct), so it never shows
	// the effect of a later action.
	overlap := nextReads || v == nil && next < len(jr.j.Steps) && actsAfterFinding[jr.j.Steps[next].Kind]
	// An action's captures run wholly alongside the next step; an
	// assertion's DOM snapshot decides first whether the previous
	// screenshot can be listed again (reuse).
	background := overlap && !s.Kind.IsAssertion()
	c := &capture{k: k, activity: -1}
	// A DOM snapshot after every step that changed the page, as a trace
	// has one per action, and at a failure. The page's state token comes
	// with it, read before the screenshot is requested, so that a later
	// assertion may reuse the screenshot.
	act := jr.activity()
	// The previous capture, if still in flight, ends and its caret is
	// shown again before this capture hides it (see revealCaret).
	end := tm.span(jr.evPhase + " / previous capture and caret")
	jr.collectShots()
	jr.caretShown()
	end()
	// The browser measures the visible area while the page serialises
	// itself; a full-size capture needs no measure, and an assertion's
	// capture, which the snapshot may find it can reuse, measures only
	// when it is taken (screenshot).
	var metrics chan *page.GetLayoutMetricsResult
	if v == nil && jr.rs.r.cfg.ScreenshotScale < 1 && !s.Kind.IsAssertion() {
		metrics = make(chan *page.GetLayoutMetricsResult, 1)
		go func() {
			end := tm.span("background: layout metrics")
			m, _ := jr.layoutMetrics(ctx)
			end()
			metrics <- m
		}()
	}
	shot := make(chan []byte, 1)
	capture := func(pre *preCapture, hidden <-chan bool) {
		if metrics != nil {
			if m := <-metrics; m != nil {
				pre.metrics = m
			}
		}
		end := tm.span("background: screenshot (hide caret, measure, capture)")
		img, err := jr.screenshot(ctx, v != nil, pre)
		end()
		if err != nil {
			jr.rs.r.log.Debug("screenshot", "journey", jr.idx+1, "step", k+1, "err", err)
		}
		if h := <-hidden; h || pre.caretHidden {
			jr.revealCaret(ctx)
		}
		shot <- img
	}
	// A capture that no later step can reuse (see reuse: only an assertion
	// right after it may) is requested alongside the DOM snapshot instead
	// of after it, one round trip to the main thread less. The caret is
	// hidden by the snapshot's evaluation, which reaches the page first
	// (a capture that overtook it would show the caret, nothing worse).
	// A capture that may be reused is requested only once the snapshot
	// has read the page's state token, so that the token never describes
	// a later page than the picture.
	early := v != nil || (!s.Kind.IsAssertion() && !nextReads)
	hiddenCh := make(chan bool, 1)
	if early {
		go capture(&preCapture{caretDone: true}, hiddenCh)
	}
	// snapshot takes the DOM snapshot, records it when the page changed,
	// and starts the capture unless early did; it returns the file of a
	// reused screenshot, or "" when a capture is under way.
	snapshot := func() (domFile, reused string) {
		pre := &preCapture{}
		end := tm.span(jr.evPhase + " / DOM snapshot and state token")
		if background {
			end = tm.span("background: DOM snapshot and state token")
		}
		html, token, hidden, err := jr.domSnapshot(ctx, true)
		end()
		hiddenCh <- err == nil && hidden
		if err == nil {
			pre.caretDone, pre.caretHidden = true, hidden
			sum := sha256.Sum256(html)
			if v != nil || sum != jr.lastDOM {
				dnote := "after step"
				switch {
				case v != nil:
					dnote = "at failure"
				case s.Kind.IsAssertion():
					dnote = "at assertion"
				}
				domFile = w.Put(evidence.DOM, "html", "text/html; charset=utf-8", html, jr.idx+1, k+1, dnote).File
				jr.lastDOM = sum
			}
			if v == nil && !early {
				c.token, c.activity = token, act
				if s.Kind.IsAssertion() {
					if file := jr.reuse(c); file != "" {
						if hidden {
							jr.revealCaret(ctx)
						}
						return domFile, file
					}
				}
			}
		}
		if !early {
			// pre says whether the snapshot hid the caret (else screenshot
			// hides it itself); capture shows it again after the picture.
			go capture(pre, hiddenCh)
		}
		return domFile, ""
	}
	collect := func() string {
		end := tm.span("background: waiting for a screenshot")
		img := <-shot
		cancel()
		<-probed
		end()
		if img == nil {
			jr.last = nil
			return ""
		}
		c.img, c.full = img, v != nil
		ext, mt := jr.shotFormat(c.full)
		c.file = w.Put(evidence.Screenshot, ext, mt, img, jr.idx+1, k+1, note).File
		jr.last = c
		return c.file
	}
	if background {
		done := make(chan struct{})
		var domFile, shotFile string
		go func() {
			defer close(done)
			domFile, _ = snapshot()
			shotFile = collect()
		}()
		jr.shots = append(jr.shots, pendingShot{k: k, collect: func() (string, string) {
			<-done
			return domFile, shotFile
		}})
		return
	}
	domFile, reused := snapshot()
	sr.DOM = domFile
	if reused != "" {
		cancel()
		<-probed
		sr.Screenshot = reused
		return
	}
	if overlap {
		jr.shots = append(jr.shots, pendingShot{k: k, collect: func() (string, string) { return domFile, collect() }})
		return
	}
	end = tm.span(jr.evPhase + " / screenshot")
	sr.Screenshot = collect()
	end()
}

// shotFormat returns the file extension and media type of a screenshot
// taken full size or not (see journeyRun.screenshot).
func (jr *journeyRun) shotFormat(full bool) (ext, mediaType string) {
	if !full && jr.rs.r.cfg.ScreenshotFormat == "webp" {
		return "webp", "image/webp"
	}
	return "jpg", "image/jpeg"
}

// capture is a screenshot taken after step k, with the page's state when
// it was requested.
type capture struct {
	k        int
	file     string
	img      []byte
	full     bool   // full size, not scaled
	token    string // stateJS's token; "" when it cannot be reused
	activity int    // the recorder's activity count; -1 when unknown
}

// activity returns the count of the tab's events that may change what the
// page shows, or -1 while a request is in flight.
func (jr *journeyRun) activity() int {
	jr.rec.mu.Lock()
	defer jr.rec.mu.Unlock()
	if len(jr.rec.inflight) > 0 {
		return -1
	}
	return jr.rec.activity
}

// reuse returns the file of the previous capture, listed again for this
// assertion, when nothing can have changed since it was requested: no tab
// event (navigation, request, lifecycle, dialog) since, no request in
// flight then, and the same state token (no DOM mutation, scroll, input,
// focus change, resize; nothing that changes on its own). Otherwise "".
func (jr *journeyRun) reuse(c *capture) string {
	jr.collectShots() // the previous step's capture, if still in flight
	p := jr.last
	if p == nil || p.file == "" || p.token == "" || p.activity < 0 || c.token != p.token || c.activity != p.activity {
		return ""
	}
	if jr.activity() != p.activity {
		return ""
	}
	note := fmt.Sprintf("after step (the page is unchanged since step %d)", p.k+1)
	ext, mt := jr.shotFormat(p.full)
	return jr.rs.w.Put(evidence.Screenshot, ext, mt, p.img, jr.idx+1, c.k+1, note).File
}

// probe checks, alongside the step's captures, that the page answers at
// all: a page whose main thread is busy answers neither a DOM snapshot nor
// a screenshot, and the captures end (cancel) after 1.5 s rather than wait
// seconds for nothing. The channel is closed when the probe is over.
func (jr *journeyRun) probe(ctx context.Context, cancel context.CancelFunc, k int) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		pctx, pcancel := context.WithTimeout(ctx, 1500*time.Millisecond)
		defer pcancel()
		_, err := cdp.Call(pctx, jr.tab.t, runtime.Evaluate, runtime.EvaluateParams{Expression: "0", ReturnByValue: new(true)})
		if err != nil && ctx.Err() == nil {
			jr.rs.r.log.Debug("no evidence: the page does not answer", "journey", jr.idx+1, "step", k+1, "err", err)
			cancel()
		}
	}()
	return done
}

// pendingShot is a step's evidence taken while the next step runs:
// collect waits for it and returns the files of its DOM snapshot ("" when
// the page had not changed) and screenshot.
type pendingShot struct {
	k       int
	collect func() (dom, shot string)
}

// collectShots waits for the screenshots in flight and records them.
func (jr *journeyRun) collectShots() {
	for _, p := range jr.shots {
		dom, shot := p.collect()
		if dom != "" {
			jr.res.Steps[p.k].DOM = dom
		}
		jr.res.Steps[p.k].Screenshot = shot
	}
	jr.shots = nil
}

// finish records the journey's network log, console, dialogs, popups and
// downloads, and writes its repair prompt.
func (jr *journeyRun) finish() {
	rec := jr.rec
	rec.mu.Lock()
	jr.res.Dialogs = maskAll(jr.rs.mask, rec.dialogs)
	popups := append([]string(nil), rec.popups...)
	for len(popups) < jr.closed {
		popups = append(popups, "(a popup whose address was not reported)")
	}
	jr.res.Popups = maskAll(jr.rs.mask, popups)
	jr.res.Downloads = maskAll(jr.rs.mask, rec.downloads)
	console := append([]evidence.ConsoleEntry(nil), rec.console...)
	h := rec.net.har(jr.br.version)
	if jr.doc != nil {
		d := *jr.doc
		d.URL = jr.rs.mask(d.URL)
		jr.res.Document = &d
	}
	rec.mu.Unlock()
	jr.res.Ended = time.Now()
	if w := jr.rs.w; w != nil {
		if b, err := evidence.EncodeHAR(h); err == nil {
			jr.res.HAR = w.Put(evidence.HAR, "har", "application/json", b, jr.idx+1, 0, "network log").File
		} else {
			jr.rs.r.log.Error("encoding HAR", "err", err)
		}
		if b, err := evidence.EncodeConsole(console); err == nil {
			jr.res.Console = w.Put(evidence.Console, "json", "application/json", b, jr.idx+1, 0, "console log").File
		}
	}
	jr.console = console
	if jr.res.Decision != evidence.Verified {
		jr.res.RepairPrompt = jr.rs.mask(jr.rs.journeyPrompt(&jr.res, jr))
	}
	jr.rs.emit(Event{Type: JourneyFinished, Journey: jr.idx + 1, JourneyName: jr.j.Name, Steps: len(jr.j.Steps),
		Decision: jr.res.Decision, Message: jr.res.Reason})
}

func maskAll(mask func(string) string, xs []string) []string {
	if len(xs) == 0 {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = mask(x)
	}
	return out
}

// isTimeout reports whether err is a context's end.
func isTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}
