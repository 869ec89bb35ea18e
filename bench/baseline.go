package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"golang.org/x/sync/errgroup"

	"github.com/vouchdev/vouch/plan"
)

// baseline is the minimal hand-written chromedp loop: one browser, a fresh
// browser context per journey, the plain chromedp action for each step, no
// evidence, no locator engine, no policy proxy.
type baseline struct {
	workers  int
	cancel   context.CancelFunc
	bcancel  context.CancelFunc
	browser  context.Context
	stepWait time.Duration
}

func newBaseline(chrome string, workers int) (*baseline, error) {
	if chrome == "" {
		chrome = os.Getenv("VOUCH_CHROME")
	}
	if chrome == "" {
		for _, c := range []string{"/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(c); err == nil {
				chrome = p
				break
			}
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1280, 720),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		bcancel()
		acancel()
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	return &baseline{workers: workers, cancel: acancel, bcancel: bcancel, browser: bctx, stepWait: 10 * time.Second}, nil
}

func (b *baseline) close() {
	_ = chromedp.Cancel(b.browser)
	b.bcancel()
	b.cancel()
}

// run runs the journeys with the same concurrency as the runner and
// returns how many passed every step.
func (b *baseline) run(ctx context.Context, base string, journeys []plan.Journey) (int, error) {
	var g errgroup.Group
	g.SetLimit(b.workers)
	passed := make([]bool, len(journeys))
	for i, j := range journeys {
		g.Go(func() error {
			jctx, cancel := chromedp.NewContext(b.browser, chromedp.WithNewBrowserContext())
			defer cancel()
			if err := chromedp.Do(jctx); err != nil {
				return err
			}
			ok := true
			for _, s := range j.Steps {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := b.step(jctx, base, s); err != nil {
					ok = false
					break
				}
			}
			passed[i] = ok
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	n := 0
	for _, ok := range passed {
		if ok {
			n++
		}
	}
	return n, nil
}

func (b *baseline) step(ctx context.Context, base string, s plan.Step) error {
	ctx, cancel := context.WithTimeout(ctx, b.stepWait)
	defer cancel()
	sel := chromedp.CSS(strings.TrimPrefix(s.Target, "css="))
	switch s.Kind {
	case plan.Visit:
		return chromedp.Do(ctx, chromedp.Navigate(base+s.Value))
	case plan.Fill:
		return chromedp.Do(ctx, chromedp.WaitVisible(sel), chromedp.Clear(sel), chromedp.SendKeys(sel, s.Value))
	case plan.Click:
		return chromedp.Do(ctx, chromedp.WaitVisible(sel), chromedp.Click(sel))
	case plan.Press:
		return chromedp.Do(ctx, chromedp.SendKeys(sel, kb.Enter))
	case plan.ExpectText:
		// A poll dies when a click's navigation replaces the page; a
		// hand-written loop polls again in the new document.
		expr := "document.body && document.body.innerText.includes(" + strconv.Quote(s.Value) + ")"
		for {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(b.stepWait)))
			if err == nil || ctx.Err() != nil {
				return err
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return fmt.Errorf("baseline: step %s not supported", s.Kind)
}
