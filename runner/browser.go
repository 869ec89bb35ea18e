package runner

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
	"github.com/vouchdev/vouch/netpolicy"
)

const (
	// startTimeout bounds starting Chromium; a healthy start takes ~0.4 s.
	startTimeout = 30 * time.Second
	// tabTimeout bounds creating a browser context and its tab (~150 ms).
	tabTimeout = 15 * time.Second
	// maxSpareTabs bounds the journey tabs prepared ahead (also bounded by
	// Config.Workers), so that a journey rarely waits the ~150 ms a new
	// context takes.
	maxSpareTabs = 8
	// warmAfter is how long a browser must have had no journey announced
	// before it keeps one spare tab ready for the next run: a process that
	// closes right after its run (vouch run) never makes one for nothing.
	warmAfter = time.Second
	// viewport of every journey's window.
	viewportW, viewportH = 1280, 720
)

//go:embed settle.js
var settleJS string

// browser is one Chromium process and the journey tabs prepared on it.
type browser struct {
	log     func(msg string, args ...any)
	proxy   string // "http://127.0.0.1:port"
	version string

	acancel context.CancelFunc
	bctx    context.Context
	bcancel context.CancelFunc
	proc    *os.Process
	remote  bool // attached over CDP (Config.BrowserURL), not started here

	closing atomic.Bool
	crashed atomic.Bool // the process ended while nobody was closing it
	exitErr atomic.Value

	spares chan *tab      // prepared tabs; its capacity bounds them
	stop   chan struct{}  // closed when close begins
	wg     sync.WaitGroup // tab makers

	mu       sync.Mutex
	released bool           // close has begun: tabs are closed in the caller
	closes   sync.WaitGroup // background tab closes
	// Spare tabs are made for the journeys announced (expect) and not yet
	// started, at most cap(spares) at once, so that no journey waits for a
	// browser context another could have prepared while it ran, and none
	// is made that no journey will take.
	want    int           // journeys announced and not yet given a tab
	making  int           // tabs being made ahead
	warm    bool          // keep one spare while idle (see warmAfter)
	idle    *time.Timer   // sets warm after warmAfter without a run
	changed chan struct{} // closed (and replaced) when a making ends, with a tab or without
}

// tab is one journey's page in its own BrowserContext.
type tab struct {
	ctx    context.Context // the chromedp context of the tab; never carries a deadline
	cancel context.CancelFunc
	t      *chromedp.Target
	b      *chromedp.Browser
	bcID   cdp.BrowserContextID
	id     target.ID
}

// browser returns the Runner's browser, starting it (and the proxy) on
// first use and replacing it when it crashed.
func (r *Runner) browser(ctx context.Context) (*browser, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, errors.New("the runner is closed")
	}
	if r.br != nil && !r.br.dead() {
		return r.br, nil
	}
	if old := r.br; old != nil {
		r.log.Warn("chromium exited; starting a new one", "err", old.exitError())
		r.br = nil
		go old.close() // runs in flight on it end on their own
	}
	if r.proxy == nil {
		px := netpolicy.NewProxy(r.cfg.Policy)
		px.Listen = r.cfg.ProxyListen
		addr, err := px.Start()
		if err != nil {
			return nil, fmt.Errorf("starting the policy proxy: %w", err)
		}
		r.proxy, r.paddr = px, addr
	}
	br, err := startBrowser(ctx, r.cfg, "http://"+r.paddr, r.log.Info)
	if err != nil {
		return nil, err
	}
	r.br = br
	return br, nil
}

func startBrowser(ctx context.Context, cfg Config, proxy string, logf func(string, ...any)) (*browser, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(cfg.ChromePath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(viewportW, viewportH),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		// Chromium's own password manager and translate prompts are not
		// part of any app.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,PasswordManagerOnboarding,AutofillServerCommunication"),
	)
	if cfg.Headed {
		opts = append(opts, chromedp.VisibleWindow)
	} else {
		// No tab of its own at start: every journey opens one in its own
		// browser context, and the start saves a renderer nobody uses.
		opts = append(opts, chromedp.Flag("no-startup-window", true))
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	what := cfg.ChromePath
	if cfg.BrowserURL != "" {
		// A browser that runs elsewhere: vouch attaches over CDP, makes its
		// browser contexts there and, when it closes, closes only what it
		// made. The proxy applies as with a local browser, because it is
		// set on each browser context vouch creates.
		acancel()
		actx, acancel = remote.NewAllocator(context.Background(), cfg.BrowserURL)
		what = cfg.BrowserURL
	}
	isRemote := cfg.BrowserURL != ""
	bctx, bcancel := chromedp.NewContext(actx)
	b := &browser{
		log: logf, proxy: proxy, acancel: acancel, bctx: bctx, bcancel: bcancel, remote: isRemote,
		spares:  make(chan *tab, min(max(cfg.Workers, 1), maxSpareTabs)),
		stop:    make(chan struct{}),
		changed: make(chan struct{}),
	}
	// The first call binds the browser's life to bctx, which carries no
	// deadline (field guide §0); the start is bounded from outside instead.
	// It only asks the browser for its version: attaching to the tab the
	// browser starts with (as chromedp.Do would: a dozen round trips to
	// enable its domains) is of no use, since every journey has a tab of
	// its own.
	type versionResult struct {
		product string
		err     error
	}
	started := make(chan versionResult, 1)
	go func() {
		v, err := chromedp.CallBrowser(bctx, cdpbrowser.GetVersion, cdp.Empty{})
		started <- versionResult{v.Product, err}
	}()
	var err error
	select {
	case v := <-started:
		err = v.err
		b.version = v.product
	case <-ctx.Done():
		err = ctx.Err()
	case <-time.After(startTimeout):
		err = fmt.Errorf("no answer within %s", startTimeout)
	}
	if err != nil {
		bcancel()
		acancel()
		return nil, fmt.Errorf("starting %s: %w", what, err)
	}
	c := chromedp.FromContext(bctx)
	b.proc = c.Browser.Process()
	// A browser context made without an ID cannot download either: the
	// field guide §6 found downloads in the default context land on disk.
	_, _ = chromedp.CallBrowser(bctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny})
	go func() {
		<-bctx.Done()
		if !b.closing.Load() {
			b.crashed.Store(true)
			b.exitErr.Store(fmt.Sprint(context.Cause(bctx)))
			logf("chromium ended unexpectedly")
		}
	}()
	return b, nil
}

// dead reports whether the browser process is gone.
func (b *browser) dead() bool { return b.crashed.Load() || b.bctx.Err() != nil }

func (b *browser) exitError() string {
	s, _ := b.exitErr.Load().(string)
	return s
}

// close stops the spare filler, closes the tabs and ends the process.
func (b *browser) close() error {
	if !b.closing.CompareAndSwap(false, true) {
		return nil
	}
	b.mu.Lock()
	close(b.stop)
	if b.idle != nil {
		b.idle.Stop()
	}
	b.mu.Unlock()
	b.wg.Wait()
	b.mu.Lock()
	b.released = true
	b.mu.Unlock()
	var err error
	// A browser started here is killed rather than asked to close: its
	// profile is a temporary directory nobody reads, the evidence is
	// written, and a graceful Browser.close costs 150 ms or more after the
	// decision. So are the tabs still closing in the background and the
	// spare ones (~100 ms after the last journey): killing the browser
	// ends them all, and their contexts end with bctx. The allocator kills
	// the process and any child left over, then removes the profile. A
	// remote browser is only asked to close what vouch made there, tab by
	// tab.
	if b.remote {
		b.closes.Wait()
		for {
			select {
			case t := <-b.spares:
				t.cancel()
				continue
			default:
			}
			break
		}
	}
	if !b.dead() && b.remote {
		ctx, cancel := context.WithTimeout(b.bctx, 5*time.Second)
		err = chromedp.Cancel(ctx)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			err = nil
		}
	}
	b.bcancel()
	b.acancel()
	return err
}

// expect announces n journeys that will ask for a tab (a negative n takes
// back those that never did), so that tabs are prepared for them while
// others run. Once no journey is announced for warmAfter, one spare is
// kept ready for the next run.
func (b *browser) expect(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.want = max(b.want+n, 0)
	if b.idle != nil {
		b.idle.Stop()
	}
	if b.want == 0 && !b.warm {
		b.idle = time.AfterFunc(warmAfter, func() {
			b.mu.Lock()
			defer b.mu.Unlock()
			if b.want == 0 {
				b.warm = true
				b.refill()
			}
		})
	}
	b.refill()
}

// refill starts making tabs until those ready and in the making cover the
// journeys announced, within cap(spares). The caller holds b.mu.
func (b *browser) refill() {
	select {
	case <-b.stop:
		return
	default:
	}
	if b.dead() {
		return
	}
	target := min(b.want, cap(b.spares))
	if b.warm {
		target = max(target, 1)
	}
	for len(b.spares)+b.making < target {
		b.making++
		b.wg.Add(1)
		go b.make()
	}
}

// make prepares one spare tab. The making count reserves its room in
// spares, so the send never blocks.
func (b *browser) make() {
	defer b.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	stop := context.AfterFunc(b.bctx, cancel)
	go func() {
		select {
		case <-b.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	t, err := b.newTab(ctx)
	stop()
	cancel()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.making--
	// Waiters look again whichever way it ends: another journey may take
	// the tab made here, and then, with nothing else in the making, a
	// waiter must make its own rather than wait out its budget.
	defer func() {
		close(b.changed)
		b.changed = make(chan struct{})
	}()
	if err == nil {
		b.spares <- t
		return
	}
	select {
	case <-b.stop:
	default:
		b.log("preparing a browser context", "err", err)
	}
}

// tab returns a prepared tab, waits for one being prepared, or makes one.
func (b *browser) tab(ctx context.Context) (*tab, error) {
	b.mu.Lock()
	b.want = max(b.want-1, 0)
	b.mu.Unlock()
	take := func(t *tab) bool {
		b.mu.Lock()
		b.refill()
		b.mu.Unlock()
		if t.ctx.Err() == nil {
			return true
		}
		t.cancel()
		return false
	}
	for {
		select {
		case t := <-b.spares:
			if take(t) {
				return t, nil
			}
			continue
		default:
		}
		b.mu.Lock()
		making, changed := b.making, b.changed
		b.mu.Unlock()
		if making == 0 {
			return b.newTab(ctx)
		}
		select {
		case t := <-b.spares:
			if take(t) {
				return t, nil
			}
		case <-changed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// newTab creates a BrowserContext whose traffic goes through the policy
// proxy, with downloads denied, and its tab.
func (b *browser) newTab(ctx context.Context) (*tab, error) {
	if b.dead() {
		return nil, errors.New("the browser is not running")
	}
	tctx, cancel := chromedp.NewContext(b.bctx, chromedp.WithNewBrowserContext(func(p *target.CreateBrowserContextParams) {
		p.ProxyServer = b.proxy
		// Without this, Chromium sends loopback traffic around the proxy.
		p.ProxyBypassList = "<-loopback>"
	}))
	// No deadline on the first Run (field guide §0); a timer bounds it.
	timer := time.AfterFunc(tabTimeout, cancel)
	stop := context.AfterFunc(ctx, cancel)
	err := chromedp.Do(tctx)
	timer.Stop()
	stop()
	if err == nil && tctx.Err() != nil {
		err = tctx.Err()
	}
	if err != nil {
		cancel()
		return nil, err
	}
	c := chromedp.FromContext(tctx)
	t := &tab{ctx: tctx, cancel: cancel, t: c.Target, b: c.Browser, bcID: c.BrowserContextID, id: c.Target.TargetID}
	cctx, ccancel := context.WithTimeout(tctx, 5*time.Second)
	defer ccancel()
	// The set-ups are independent of each other: sent at once, they cost
	// the tab two round trips after chromedp's attach (the CSS agent is
	// turned off before the DOM agent it depends on), not four.
	var wg sync.WaitGroup
	var errDL, errSettle error
	wg.Go(func() {
		_, errDL = cdp.Call(cctx, t.b, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: t.bcID, EventsEnabled: new(true),
		})
	})
	wg.Go(func() {
		// The settle tracker runs in every document before the page's scripts.
		_, errSettle = cdp.Call(cctx, t.t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: settleJS})
	})
	wg.Go(func() {
		// chromedp's attach enables the CSS and DOM agents for its node
		// queries, which the runner does not use (it acts on remote
		// objects). Left on, they cost every document: a DOM.getDocument
		// round trip after each navigation and an event for each style
		// sheet and media query change. Off is what Playwright and
		// Puppeteer do; DOM.focus, DOM.getContentQuads and
		// DOM.scrollIntoViewIfNeeded work without them. Failing to turn
		// them off costs only time.
		_, _ = cdp.Call(cctx, t.t, css.Disable, cdp.Empty{})
		_, _ = cdp.Call(cctx, t.t, dom.Disable, cdp.Empty{})
	})
	wg.Wait()
	if errDL != nil {
		cancel()
		return nil, fmt.Errorf("denying downloads: %w", errDL)
	}
	if errSettle != nil {
		cancel()
		return nil, fmt.Errorf("installing the settle tracker: %w", errSettle)
	}
	return t, nil
}

// release closes a journey's tab and its BrowserContext in the background:
// nothing waits for it but Close.
func (b *browser) release(t *tab) {
	b.mu.Lock()
	if b.released {
		b.mu.Unlock()
		t.cancel()
		return
	}
	b.closes.Add(1)
	b.mu.Unlock()
	go func() {
		defer b.closes.Done()
		t.cancel()
	}()
}
