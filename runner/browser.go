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
	// spareTabs is how many journey tabs are prepared ahead, so that a
	// journey rarely waits the ~150 ms a new context takes.
	spareTabs = 1
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

	spares chan *tab
	kick   chan struct{}
	stop   chan struct{}
	wg     sync.WaitGroup // the spare filler

	mu       sync.Mutex
	released bool           // close has begun: tabs are closed in the caller
	closes   sync.WaitGroup // background tab closes
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
		spares: make(chan *tab, spareTabs),
		kick:   make(chan struct{}, 1),
		stop:   make(chan struct{}),
	}
	// The first Run binds the browser's life to bctx, which carries no
	// deadline (field guide §0); the start is bounded from outside instead.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(bctx) }()
	var err error
	select {
	case err = <-started:
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
	if v, err := chromedp.CallBrowser(bctx, cdpbrowser.GetVersion, cdp.Empty{}); err == nil {
		b.version = v.Product
	}
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
	b.wg.Add(1)
	go b.fill()
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
	close(b.stop)
	b.wg.Wait()
	b.mu.Lock()
	b.released = true
	b.mu.Unlock()
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
	var err error
	// A browser started here is killed rather than asked to close: its
	// profile is a temporary directory nobody reads, the evidence is
	// written, and a graceful Browser.close costs 150 ms or more after the
	// decision. The allocator kills the process and any child left over,
	// then removes the profile. A remote browser is only asked to close
	// what vouch made there.
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

// fill keeps spare tabs ready while the browser lives.
func (b *browser) fill() {
	defer b.wg.Done()
	for {
		for len(b.spares) < cap(b.spares) && !b.dead() {
			t, err := b.newTab(context.Background())
			if err != nil {
				b.log("preparing a browser context", "err", err)
				break
			}
			select {
			case b.spares <- t:
			case <-b.stop:
				t.cancel()
				return
			}
		}
		select {
		case <-b.kick:
		case <-b.stop:
			return
		}
	}
}

// tab returns a prepared tab, or makes one.
func (b *browser) tab(ctx context.Context) (*tab, error) {
	defer func() {
		select {
		case b.kick <- struct{}{}:
		default:
		}
	}()
	select {
	case t := <-b.spares:
		if t.ctx.Err() == nil {
			return t, nil
		}
		t.cancel()
	default:
	}
	return b.newTab(ctx)
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
	_, err = cdp.Call(cctx, t.b, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: t.bcID, EventsEnabled: new(true),
	})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("denying downloads: %w", err)
	}
	// The settle tracker runs in every document before the page's scripts.
	_, err = cdp.Call(cctx, t.t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: settleJS})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("installing the settle tracker: %w", err)
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
