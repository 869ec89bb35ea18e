package runner

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/vouchdev/vouch/evidence"
)

// Bounds on what a page can make a journey record.
const (
	maxConsole = 5000
	maxDialogs = 1000
)

// recorder keeps what a journey's tab reports: the main frame's document
// navigations, the network log, the console, dialogs, popups, downloads and
// crashes. Its listeners run on chromedp's read loops, so they only store and
// signal; anything that sends a command goes through a channel.
type recorder struct {
	tabID target.ID
	bcID  cdp.BrowserContextID

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change waiters care about

	frames   map[cdp.FrameID]bool
	docs     []*docNav // main-frame document requests, oldest first
	docByReq map[network.RequestID]*docNav
	lastReq  time.Time // when the main frame last asked to navigate
	navReqs  int       // count of main-frame navigation requests (frameRequestedNavigation)
	url      string    // the main frame's committed URL
	commits  int       // main-frame documents committed (frameNavigated)
	life     map[cdp.LoaderID]map[string]bool

	inflight map[network.RequestID]bool
	idleAt   time.Time // when inflight last became empty
	activity int       // events that may change what the page shows
	actAt    time.Time // when activity last grew

	net     *netLog
	console []evidence.ConsoleEntry
	dropped int // console entries past maxConsole

	dialogs   []string
	popups    []string
	downloads []string
	seenDL    map[string]bool
	crashed   string // why the renderer is gone, "" while it lives

	// bodyCh carries the responses whose bodies to fetch, which must be
	// asked for soon: the browser drops a page's bodies when the next
	// one commits. bodiesClosed is set, under mu, when bodyCh is closed.
	bodyCh       chan bodyReq
	bodiesClosed bool

	dialogCh chan *page.EventJavascriptDialogOpening
	popupCh  chan target.ID
	// docCh receives, once, the first main-frame document that finished
	// loading, for its body's digest; docSent says it was sent.
	docCh   chan *docNav
	docSent bool
	onCrash func() // called, under mu, when the page is gone
}

// bodyReq is a response whose body is to be recorded.
type bodyReq struct {
	id network.RequestID
	h  *hop
}

// docNav is one main-frame document request: a navigation, with its
// redirect hops.
type docNav struct {
	req       network.RequestID
	loader    cdp.LoaderID
	url       string // the latest hop's URL
	method    string
	hops      []string // "302 http://…" for each redirect
	status    int64
	statusTxt string
	headers   network.Headers
	responded bool
	committed bool
	finished  bool
	failed    string // network error text
	canceled  bool
}

// settled reports whether the navigation has an outcome: it committed,
// failed, or ended without becoming a page (a download, a 204).
func (d *docNav) settled() bool { return d.committed || d.failed != "" || d.finished }

func newRecorder(tabID target.ID, bcID cdp.BrowserContextID) *recorder {
	return &recorder{
		tabID:    tabID,
		bcID:     bcID,
		changed:  make(chan struct{}),
		frames:   map[cdp.FrameID]bool{cdp.FrameID(tabID): true},
		docByReq: map[network.RequestID]*docNav{},
		life:     map[cdp.LoaderID]map[string]bool{},
		inflight: map[network.RequestID]bool{},
		idleAt:   time.Now(),
		net:      newNetLog(),
		seenDL:   map[string]bool{},
		bodyCh:   make(chan bodyReq, 256),
		dialogCh: make(chan *page.EventJavascriptDialogOpening, 64),
		popupCh:  make(chan target.ID, 64),
		docCh:    make(chan *docNav, 1),
	}
}

// quiet returns how long the tab has had no request in flight and no
// navigation, request, load or dialog event; busy while a request is in
// flight (EventSources are not counted here: the page's tracker sees them).
func (rec *recorder) quiet() (d time.Duration, busy bool) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.inflight) > 0 {
		return 0, true
	}
	// A Refresh header navigates later, as a timer would.
	if d := rec.lastCommitted(); d != nil {
		for k := range d.headers {
			if strings.EqualFold(k, "Refresh") {
				return 0, true
			}
		}
	}
	since := rec.idleAt
	if rec.actAt.After(since) {
		since = rec.actAt
	}
	return time.Since(since), false
}

// signal wakes waiters; the caller holds mu.
func (rec *recorder) signal() {
	close(rec.changed)
	rec.changed = make(chan struct{})
}

// snapshot runs f under the lock and returns the channel that the next
// change closes.
func (rec *recorder) snapshot(f func()) <-chan struct{} {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if f != nil {
		f()
	}
	return rec.changed
}

func (rec *recorder) mainFrame(id cdp.FrameID) bool { return id == cdp.FrameID(rec.tabID) }

// onTab handles an event of the journey's tab.
func (rec *recorder) onTab(ev any) {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	switch ev.(type) {
	// Anything that may change what the page shows (see journeyRun.reuse):
	// requests and responses, navigations, loads, new documents, dialogs.
	// Not console entries, paint and idle lifecycle events, nor the
	// browser's reports about other targets.
	case *network.EventRequestWillBeSent, *network.EventResponseReceived, *network.EventDataReceived,
		*network.EventLoadingFinished, *network.EventLoadingFailed,
		*page.EventFrameRequestedNavigation, *page.EventFrameNavigated, *page.EventNavigatedWithinDocument,
		*page.EventFrameStartedLoading, *page.EventFrameStoppedLoading, *page.EventFrameAttached,
		*page.EventDomContentEventFired, *page.EventLoadEventFired,
		*page.EventJavascriptDialogOpening, *page.EventJavascriptDialogClosed,
		*dom.EventDocumentUpdated, *runtime.EventExecutionContextCreated, *runtime.EventExecutionContextsCleared:
		rec.activity++
		rec.actAt = time.Now()
	}
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		rec.net.requestWillBeSent(e)
		if e.Type != network.ResourceTypeEventSource {
			rec.inflight[e.RequestID] = true
		}
		if e.Type == network.ResourceTypeDocument && rec.mainFrame(e.FrameID) {
			d := rec.docByReq[e.RequestID]
			if d == nil {
				d = &docNav{req: e.RequestID, loader: e.LoaderID, method: e.Request.Method}
				rec.docByReq[e.RequestID] = d
				rec.docs = append(rec.docs, d)
			} else if e.RedirectResponse != nil {
				d.hops = append(d.hops, fmt.Sprintf("%d %s", e.RedirectResponse.Status, e.RedirectResponse.URL))
			}
			d.url = e.Request.URL
			rec.signal()
		}
	case *network.EventRequestWillBeSentExtraInfo:
		rec.net.requestExtra(e)
	case *network.EventResponseReceived:
		rec.net.responseReceived(e)
		if d := rec.docByReq[e.RequestID]; d != nil {
			d.responded = true
			d.status, d.statusTxt, d.headers, d.url = e.Response.Status, e.Response.StatusText, e.Response.Headers, e.Response.URL
			if d.statusTxt == "" {
				d.statusTxt = statusText(d.status)
			}
			rec.signal()
		}
	case *network.EventResponseReceivedExtraInfo:
		rec.net.responseExtra(e)
	case *network.EventDataReceived:
		rec.net.dataReceived(e)
	case *network.EventLoadingFinished:
		rec.net.loadingFinished(e)
		if h := rec.net.wantBody(e.RequestID); h != nil && !rec.bodiesClosed {
			select {
			case rec.bodyCh <- bodyReq{id: e.RequestID, h: h}:
			default:
				h.bodyNote = "body not recorded: too many responses at once"
			}
		}
		rec.done(e.RequestID)
		if d := rec.docByReq[e.RequestID]; d != nil {
			d.finished = true
			if d.responded && !rec.docSent {
				rec.docSent = true
				rec.docCh <- d
			}
			rec.signal()
		}
	case *network.EventLoadingFailed:
		rec.net.loadingFailed(e)
		rec.done(e.RequestID)
		if d := rec.docByReq[e.RequestID]; d != nil {
			d.failed, d.canceled = e.ErrorText, e.Canceled
			rec.signal()
		}
	case *page.EventFrameRequestedNavigation:
		if rec.mainFrame(e.FrameID) && (e.Disposition == page.ClientNavigationDispositionCurrentTab || e.Disposition == "") {
			rec.navReqs++
			rec.lastReq = time.Now()
			rec.signal()
		}
	case *page.EventFrameNavigated:
		rec.frames[e.Frame.ID] = true
		if e.Frame.ParentID == "" && rec.mainFrame(e.Frame.ID) {
			rec.url = e.Frame.URL + e.Frame.URLFragment
			rec.commits++
			for _, d := range rec.docs {
				if d.loader == e.Frame.LoaderID {
					d.committed = true
				}
			}
			rec.signal()
		}
	case *page.EventNavigatedWithinDocument:
		if rec.mainFrame(e.FrameID) {
			rec.url = e.URL
			rec.signal()
		}
	case *page.EventFrameAttached:
		rec.frames[e.FrameID] = true
	case *page.EventLifecycleEvent:
		if rec.mainFrame(e.FrameID) {
			m := rec.life[e.LoaderID]
			if m == nil {
				m = map[string]bool{}
				rec.life[e.LoaderID] = m
			}
			m[e.Name] = true
			rec.signal()
		}
	case *page.EventJavascriptDialogOpening:
		msg := string(e.Type)
		if e.Message != "" {
			msg += ": " + clip(e.Message, 200)
		}
		if len(rec.dialogs) < maxDialogs {
			rec.dialogs = append(rec.dialogs, msg)
		}
		select {
		case rec.dialogCh <- e:
		default: // a full queue means the handler is already busy answering
		}
	case *page.EventWindowOpen:
		rec.popups = append(rec.popups, e.URL)
	case *runtime.EventConsoleAPICalled:
		rec.addConsole(consoleCall(e))
	case *runtime.EventExceptionThrown:
		rec.addConsole(consoleException(e))
	case *log.EventEntryAdded:
		if en := e.Entry; en != nil {
			c := consoleLog(en)
			// The browser's entry for a failed request carries the URL and
			// line of the script that made it (jquery.min.js:4 for an XHR);
			// the request's own URL, which DevTools names in the message,
			// is the one that failed.
			if h := rec.net.last(en.NetworkRequestID); en.NetworkRequestID != "" && h != nil && h.req != nil {
				c.URL, c.Line = h.req.URL, 0
			}
			rec.addConsole(c)
		}
	case *inspector.EventTargetCrashed:
		rec.gone("the page's renderer process crashed")
	case *inspector.EventDetached:
		rec.gone("the browser detached from the page: " + e.Reason)
	}
}

// onBrowser handles an event of the browser, for the journey's popups and
// downloads.
func (rec *recorder) onBrowser(ev any) {
	switch e := ev.(type) {
	case *target.EventTargetCreated:
		ti := e.TargetInfo
		if ti == nil || ti.Type != "page" || ti.TargetID == rec.tabID {
			return
		}
		// Popups are in the opener's BrowserContext, even with noopener.
		if ti.OpenerID == rec.tabID || (ti.BrowserContextID == rec.bcID && rec.bcID != "") {
			select {
			case rec.popupCh <- ti.TargetID:
			default:
			}
		}
	case *cdpbrowser.EventDownloadWillBegin:
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if rec.frames[e.FrameID] {
			rec.download(e.GUID, e.URL, e.SuggestedFilename)
		}
	case *target.EventTargetCrashed:
		if e.TargetID == rec.tabID {
			rec.mu.Lock()
			rec.gone(fmt.Sprintf("the page's renderer process crashed (%s, code %d)", e.Status, e.ErrorCode))
			rec.mu.Unlock()
		}
	}
}

// addConsole keeps a console entry, up to maxConsole; errors past the
// limit still count for expect_no_console_errors through the last entry,
// which says how many were dropped. The caller holds mu.
func (rec *recorder) addConsole(c evidence.ConsoleEntry) {
	switch {
	case len(rec.console) < maxConsole-1:
		rec.console = append(rec.console, c)
	case len(rec.console) == maxConsole-1:
		rec.console = append(rec.console, evidence.ConsoleEntry{Time: c.Time, Level: "warning", Source: "browser",
			Text: fmt.Sprintf("vouch kept the first %d console entries and dropped the rest", maxConsole-1)})
		fallthrough
	default:
		rec.dropped++
		if c.IsError() && rec.console[len(rec.console)-1].Level != "error" {
			last := &rec.console[len(rec.console)-1]
			last.Level = "error"
			last.Text += "; errors were among them"
		}
	}
}

// gone records that the page is gone, once, and wakes everything that
// waits on it; the caller holds mu.
func (rec *recorder) gone(why string) {
	if rec.crashed != "" {
		return
	}
	rec.crashed = why
	rec.signal()
	if rec.onCrash != nil {
		rec.onCrash()
	}
}

// download records a refused download once; the caller holds mu.
func (rec *recorder) download(guid, url, name string) {
	if rec.seenDL[guid] {
		return
	}
	rec.seenDL[guid] = true
	s := url
	if name != "" {
		s = name + " from " + url
	}
	rec.downloads = append(rec.downloads, s)
}

// done marks a request finished; the caller holds mu.
func (rec *recorder) done(id network.RequestID) {
	if rec.inflight[id] {
		delete(rec.inflight, id)
		if len(rec.inflight) == 0 {
			rec.idleAt = time.Now()
			rec.signal()
		}
	}
}

// lastDoc returns the latest main-frame document request, or nil.
func (rec *recorder) lastDoc() *docNav {
	if len(rec.docs) == 0 {
		return nil
	}
	return rec.docs[len(rec.docs)-1]
}

// lastCommitted returns the latest navigation that became the page, or the
// latest that got a response if none committed.
func (rec *recorder) lastCommitted() *docNav {
	for i := len(rec.docs) - 1; i >= 0; i-- {
		if rec.docs[i].committed {
			return rec.docs[i]
		}
	}
	for i := len(rec.docs) - 1; i >= 0; i-- {
		if rec.docs[i].responded {
			return rec.docs[i]
		}
	}
	return nil
}

func statusText(code int64) string { return http.StatusText(int(code)) }

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// Console entries, formatted roughly as DevTools shows them.

func consoleTime(ts runtime.Timestamp) time.Time {
	ms := float64(ts)
	if ms == 0 {
		return time.Now()
	}
	return time.UnixMilli(int64(ms)).Add(time.Duration(ms-float64(int64(ms))) * time.Millisecond)
}

func consoleCall(e *runtime.EventConsoleAPICalled) evidence.ConsoleEntry {
	c := evidence.ConsoleEntry{Time: consoleTime(e.Timestamp), Source: "console", Text: consoleArgs(e.Args)}
	switch e.Type {
	case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeAssert:
		c.Level = "error"
	case runtime.ConsoleAPICalledTypeWarning:
		c.Level = "warning"
	case runtime.ConsoleAPICalledTypeInfo:
		c.Level = "info"
	default:
		c.Level = "log"
	}
	if e.Type == runtime.ConsoleAPICalledTypeAssert && c.Text == "" {
		c.Text = "Assertion failed"
	}
	if st := e.StackTrace; st != nil && len(st.CallFrames) > 0 {
		c.URL, c.Line = st.CallFrames[0].URL, int(st.CallFrames[0].LineNumber)+1
	}
	return c
}

func consoleException(e *runtime.EventExceptionThrown) evidence.ConsoleEntry {
	d := e.ExceptionDetails
	c := evidence.ConsoleEntry{Time: consoleTime(e.Timestamp), Level: "exception", Source: "exception"}
	if d == nil {
		c.Text = "Uncaught exception"
		return c
	}
	c.Text = d.Text
	if obj := d.Exception; obj != nil {
		desc, _, _ := strings.Cut(remoteText(obj), "\n    at ")
		c.Text = strings.TrimSpace(d.Text + " " + desc)
	}
	c.URL, c.Line = d.URL, int(d.LineNumber)+1
	if c.URL == "" && d.StackTrace != nil && len(d.StackTrace.CallFrames) > 0 {
		c.URL = d.StackTrace.CallFrames[0].URL
	}
	return c
}

func consoleLog(en *log.Entry) evidence.ConsoleEntry {
	c := evidence.ConsoleEntry{Time: consoleTime(en.Timestamp), Source: "browser", Text: en.Text, URL: en.URL}
	if en.LineNumber > 0 {
		c.Line = int(en.LineNumber) + 1
	}
	switch en.Level {
	case log.EntryLevelError:
		c.Level = "error"
	case log.EntryLevelWarning:
		c.Level = "warning"
	case log.EntryLevelInfo:
		c.Level = "info"
	default:
		c.Level = "log"
	}
	return c
}

// consoleArgs renders console.* arguments, applying a format string's %s,
// %d, %i, %f, %o, %O and %c as DevTools does.
func consoleArgs(args []*runtime.RemoteObject) string {
	if len(args) == 0 {
		return ""
	}
	parts := make([]string, 0, len(args))
	rest := args
	if first := args[0]; first.Type == runtime.RemoteObjectTypeString && strings.Contains(remoteText(first), "%") {
		f := remoteText(first)
		rest = args[1:]
		var b strings.Builder
		for i := 0; i < len(f); i++ {
			if f[i] != '%' || i+1 >= len(f) {
				b.WriteByte(f[i])
				continue
			}
			switch f[i+1] {
			case 's', 'd', 'i', 'f', 'o', 'O':
				if len(rest) > 0 {
					b.WriteString(remoteText(rest[0]))
					rest = rest[1:]
				}
				i++
			case 'c':
				if len(rest) > 0 {
					rest = rest[1:]
				}
				i++
			case '%':
				b.WriteByte('%')
				i++
			default:
				b.WriteByte('%')
			}
		}
		parts = append(parts, b.String())
	}
	for _, a := range rest {
		parts = append(parts, remoteText(a))
	}
	return clip(strings.Join(parts, " "), 2000)
}

// remoteText renders a remote object's value as text.
func remoteText(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	if o.Type == runtime.RemoteObjectTypeString {
		var s string
		if err := json.Unmarshal(o.Value, &s); err == nil {
			return s
		}
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	if o.UnserializableValue != "" {
		return string(o.UnserializableValue)
	}
	if o.Description != "" {
		return o.Description
	}
	if o.Type == runtime.RemoteObjectTypeUndefined {
		return "undefined"
	}
	return string(o.Type)
}
