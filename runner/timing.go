package runner

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// timings collects where a run's time goes, for performance work
// (Config.Timing). Each phase adds up the time spent in it, over every
// journey and step. A nil *timings records nothing, so the runner calls it
// unconditionally.
//
// Phases whose name starts with "journey:" or "step:" are on a journey's
// path (the journey waits for them; a sub-phase is part of its phase);
// "background:" phases run alongside the journey; "run:" phases belong to
// the whole run.
type timings struct {
	mu     sync.Mutex
	phases map[string]*phase
}

type phase struct {
	n          int
	total, max time.Duration
}

func newTimings() *timings { return &timings{phases: map[string]*phase{}} }

// add records d spent in the phase name.
func (t *timings) add(name string, d time.Duration) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.phases[name]
	if p == nil {
		p = &phase{}
		t.phases[name] = p
	}
	p.n++
	p.total += d
	p.max = max(p.max, d)
}

// span starts timing the phase name; the function it returns ends it.
func (t *timings) span(name string) func() {
	if t == nil {
		return func() {}
	}
	start := time.Now()
	return func() { t.add(name, time.Since(start)) }
}

// write prints the phases, grouped and by total time, with the share of
// the journeys' summed time for those on a journey's path.
func (t *timings) write(w io.Writer, journeys int, workers int) {
	if t == nil || w == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	names := make([]string, 0, len(t.phases))
	for k := range t.phases {
		names = append(names, k)
	}
	group := func(s string) int {
		switch {
		case strings.HasPrefix(s, "run:"):
			return 0
		case strings.HasPrefix(s, "journey:"), strings.HasPrefix(s, "step:"):
			return 1
		}
		return 2
	}
	slices.SortFunc(names, func(a, b string) int {
		if ga, gb := group(a), group(b); ga != gb {
			return ga - gb
		}
		// A phase before its sub-phases, then by total time.
		pa, _, _ := strings.Cut(a, " / ")
		pb, _, _ := strings.Cut(b, " / ")
		if pa != pb {
			ta, tb := t.total(pa), t.total(pb)
			if ta != tb {
				return int(tb - ta)
			}
			return strings.Compare(pa, pb)
		}
		if len(a) != len(b) && (a == pa || b == pb) {
			return len(a) - len(b)
		}
		return int(t.phases[b].total - t.phases[a].total)
	})
	var sum, all time.Duration
	if p := t.phases["journey: steps (holding a worker place)"]; p != nil {
		sum = p.total
	}
	if p := t.phases["journey: total"]; p != nil {
		all = p.total
	}
	fmt.Fprintf(w, "timing: %d journeys, %d at a time; journeys' summed time %.0f ms, of which %.0f ms holding a worker place (the share below is of that)\n", journeys, workers, ms(all), ms(sum))
	fmt.Fprintf(w, "timing: %-52s %5s %9s %8s %8s %6s\n", "phase", "n", "total ms", "mean ms", "max ms", "share")
	for _, k := range names {
		p := t.phases[k]
		share := ""
		if group(k) == 1 && sum > 0 && !strings.HasPrefix(k, "journey: end") && k != "journey: total" {
			share = fmt.Sprintf("%5.1f%%", 100*float64(p.total)/float64(sum))
		}
		label := k
		if parent, _, _ := strings.Cut(k, " / "); parent != k && t.phases[parent] != nil {
			_, sub, _ := strings.Cut(k, " / ")
			label = "    / " + sub
		}
		fmt.Fprintf(w, "timing: %-52s %5d %9.1f %8.1f %8.1f %6s\n", clip(label, 52), p.n, ms(p.total), ms(p.total)/float64(p.n), ms(p.max), share)
	}
}

// total is the phase's total time, 0 when it has none of its own.
func (t *timings) total(name string) time.Duration {
	if p := t.phases[name]; p != nil {
		return p.total
	}
	return 0
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
