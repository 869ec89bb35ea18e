package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/vouchdev/vouch/bench"
)

func init() {
	register(&command{
		name:    "bench",
		summary: "Measure the runner (full evidence, evidence off) against a hand-written chromedp loop on the bundled demo app.",
		usage:   "[--journeys N] [--workers N] [--rounds N] [--vs-playwright] [--timing] [--vouch PATH]",
		run:     benchCmd,
	})
}

func benchCmd(ctx context.Context, e *env, args []string) int {
	c := commands["bench"]
	fs := newFlags(e, c)
	var cfg bench.Config
	fs.IntVar(&cfg.Journeys, "journeys", 24, "journeys each way runs")
	fs.IntVar(&cfg.Workers, "workers", 4, "journeys run at once, the same for every way")
	fs.IntVar(&cfg.Rounds, "rounds", 3, "rounds per way; the median wall time is reported")
	fs.StringVar(&cfg.ChromePath, "chrome", "", "Chromium binary")
	vsPW := fs.Bool("vs-playwright", false, "compare with Playwright Test (trace on) instead: the same journeys, browser binary and concurrency; installs @playwright/test into a cache folder if missing, never a browser (defaults: 12 journeys, 2 workers, 1 round)")
	timing := fs.Bool("timing", false, "print where vouch's time goes on the --vs-playwright journeys: one `vouch run` of them with $VOUCH_TIMING set, by phase (browser start, each step kind and its parts, evidence, journey end); alone, runs only that (no Playwright needed)")
	vouchExe := fs.String("vouch", "", "the vouch executable that --vs-playwright and --timing run (default: this one), to compare two builds")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "bench takes no arguments")
	}
	if *vsPW || *timing {
		pc := bench.PWConfig{ChromePath: cfg.ChromePath, Log: e.stderr, Journeys: 12, Workers: 2, Rounds: 1, Vouch: *vouchExe}
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "journeys":
				pc.Journeys = cfg.Journeys
			case "workers":
				pc.Workers = cfg.Workers
			case "rounds":
				pc.Rounds = cfg.Rounds
			}
		})
		if *timing {
			out, err := bench.TimeVouch(ctx, pc)
			if err != nil {
				fmt.Fprintf(e.stderr, "vouch bench: %v\n", err)
				return exitError
			}
			fmt.Fprint(e.stdout, out)
			if !*vsPW {
				return 0
			}
		}
		rep, err := bench.ComparePlaywright(ctx, pc)
		if err != nil {
			fmt.Fprintf(e.stderr, "vouch bench: %v\n", err)
			return exitError
		}
		fmt.Fprint(e.stdout, rep.String())
		if !rep.Vouch.OK || !rep.Playwright.OK || !rep.OneVouch.OK || !rep.OnePW.OK || !rep.FailedVouch.OK || !rep.FailedPW.OK {
			fmt.Fprintln(e.stderr, "vouch bench: a side did not reach the expected outcome (ok=false above); the figures compare unequal work")
			return exitFailed
		}
		return 0
	}
	cfg.Log = e.stderr
	rep, err := bench.Compare(ctx, cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch bench: %v\n", err)
		return exitError
	}
	fmt.Fprint(e.stdout, rep.String())
	for _, w := range rep.Ways {
		if w.Passed != w.Journeys {
			fmt.Fprintf(e.stderr, "vouch bench: %s: only %d of %d journeys passed; the figures compare unequal work\n", w.Name, w.Passed, w.Journeys)
			return exitFailed
		}
	}
	return 0
}
