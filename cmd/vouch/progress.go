package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/term"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

// progress shows a run's journeys as it goes: on a terminal one line per
// journey, redrawn in place; elsewhere (CI logs, pipes, TERM=dumb) one plain line per
// event so logs read top to bottom.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	quiet bool
	lines []string
	drawn int
}

func newProgress(w io.Writer, p *plan.Plan, quiet bool, getenv func(string) string) *progress {
	pr := &progress{w: w, quiet: quiet, tty: canDraw(w, getenv)}
	for _, j := range p.Journeys {
		pr.lines = append(pr.lines, fmt.Sprintf("  …  %s  waiting", j.Name))
	}
	return pr
}

func (pr *progress) event(ev runner.Event) {
	if pr == nil || pr.quiet {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	i := ev.Journey - 1
	if i < 0 || i >= len(pr.lines) {
		return
	}
	var line string
	switch ev.Type {
	case runner.JourneyStarted:
		line = fmt.Sprintf("  ▶  %s  started", ev.JourneyName)
	case runner.StepFinished:
		mark := "✓"
		if ev.Status != "passed" {
			mark = "✗"
		}
		line = fmt.Sprintf("  %s  %s  step %d/%d %s", mark, ev.JourneyName, ev.Step, ev.Steps, ev.Description)
		if ev.Status != "passed" && ev.Message != "" {
			line += " — " + ev.Message
		}
	case runner.JourneyFinished:
		line = fmt.Sprintf("  %s  %s  %s", badge(string(ev.Decision)), ev.JourneyName, ev.Decision)
		if ev.Message != "" {
			line += " — " + ev.Message
		}
	default:
		return
	}
	if !pr.tty {
		fmt.Fprintln(pr.w, strings.TrimSpace(line))
		return
	}
	pr.lines[i] = line
	pr.redraw()
}

func (pr *progress) redraw() {
	if pr.drawn > 0 {
		fmt.Fprintf(pr.w, "\x1b[%dA", pr.drawn)
	}
	width := 100
	if f, ok := pr.w.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 10 {
			width = w - 1
		}
	}
	for _, l := range pr.lines {
		if r := []rune(l); len(r) > width {
			l = string(r[:width-1]) + "…"
		}
		fmt.Fprintf(pr.w, "\x1b[2K%s\n", l)
	}
	pr.drawn = len(pr.lines)
}

// done ends the display; on a terminal the lines stay as drawn.
func (pr *progress) done() {}

func badge(decision string) string {
	switch decision {
	case "verified":
		return "✓"
	case "failed":
		return "✗"
	}
	return "■"
}
