package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
)

// EvidenceMode says which evidence a run records.
type EvidenceMode int

const (
	// EvidenceFull records a screenshot and a DOM snapshot after every step
	// (content-addressed, so an unchanged page costs nothing), each journey's HAR and console log, the
	// manifest and report.html.
	EvidenceFull EvidenceMode = iota
	// EvidenceOff records no files: results only. Benchmarks use it to
	// measure the browser work alone.
	EvidenceOff
)

// Config configures a Runner. The zero value is usable.
type Config struct {
	// ChromePath is the Chromium binary. Defaults to $VOUCH_CHROME, else,
	// when headless, Debian's chromium-headless-shell (the same engine
	// without the desktop browser: it starts and runs journeys about twice
	// as fast), else /usr/lib/chromium/chromium, else chromium,
	// chromium-browser or google-chrome on PATH.
	ChromePath string
	// Workers bounds the journeys run at once across all runs of this
	// Runner: those whose steps are running (a journey whose steps are over
	// records its last evidence while the next one starts). Defaults to 4.
	Workers int
	// StepTimeout bounds a step that sets no timeout of its own. Defaults
	// to 10s.
	StepTimeout time.Duration
	// Settle is how long a page must have been settled (no navigation, no
	// request in flight, no DOM mutation, no running animation, no pending
	// timer, connection or worker) before a check that does not hold fails
	// ahead of its budget; the budget stays the upper bound. Defaults to 1s;
	// a negative value turns early failure off, so that every failing check
	// waits out its budget.
	Settle time.Duration
	// JourneyTimeout bounds a journey. Defaults to 2m.
	JourneyTimeout time.Duration
	// RunTimeout bounds a run. Defaults to 10m.
	RunTimeout time.Duration
	// Evidence selects what is recorded. Defaults to EvidenceFull.
	Evidence EvidenceMode
	// ScreenshotQuality is the JPEG (or WebP) quality of the screenshots of
	// the steps that pass, 1 to 100. Defaults to 40: 6–10 KB a capture at
	// 800×450, 15% less than at 60 with the text as legible. A failing
	// step's screenshot, the one a person looks at first, is taken at
	// FailShotQuality (60), or at this quality when it is higher.
	ScreenshotQuality int
	// ScreenshotFormat is "jpeg" (the default) or "webp" for the
	// screenshots of the steps that pass. WebP holds the same picture in
	// about half the bytes, but Chromium takes some 13 ms more CPU to encode
	// each one (+50% of a run's CPU time on the benchmark), so it is for
	// runs whose evidence is kept long. A failing step's screenshot is
	// always JPEG: it is on the way to the decision.
	ScreenshotFormat string
	// ScreenshotScale scales the screenshots of the steps that pass, 0 to 1.
	// Defaults to 0.625: 800×450 for the 1280×720 viewport, the size of a
	// Playwright trace's screencast frames, at 45% of the bytes. A failing
	// step's screenshot is always full size.
	ScreenshotScale float64
	// Headed shows the browser window, for replay on a developer machine.
	// Defaults to headless.
	Headed bool
	// Policy is the target policy, enforced inside the browser by a
	// netpolicy.Proxy that every journey's browser context uses. Defaults
	// to &netpolicy.Policy{}.
	Policy *netpolicy.Policy
	// Logger receives the runner's diagnostics. Defaults to discarding.
	Logger *slog.Logger
	// BrowserURL, if set, connects to a Chromium that is already running
	// (a browser pool, a headless-shell container) over the DevTools
	// protocol, ws://host:port/devtools/browser/… or http://host:port,
	// instead of starting one; ChromePath and Headed are then unused.
	// Every journey still gets its own browser context whose traffic goes
	// through the policy proxy, so the browser must reach ProxyListen.
	// Defaults to starting Chromium.
	BrowserURL string
	// ProxyListen is the host:port the policy proxy listens on and the
	// browser contexts are told to use. Defaults to 127.0.0.1:0 (a free
	// loopback port), which a remote browser on another machine cannot
	// reach: give it an address of this machine on the pool's network.
	ProxyListen string
	// Timing, if set, receives at the end of every run a breakdown of where
	// its time went: per phase (browser start, each step's kind and its
	// parts, the evidence, the journey's end), the count, total, mean and
	// longest time. For performance work; `vouch run` sets it when
	// $VOUCH_TIMING is set. Defaults to none.
	Timing io.Writer
}

// Runner runs plans in one Chromium process, started on the first Run and
// kept warm for later runs. It is safe for concurrent use.
type Runner struct {
	cfg Config
	log *slog.Logger
	sem *semaphore.Weighted // journeys in flight, across runs

	mu     sync.Mutex
	br     *browser // nil until the first Run, or after a crash was cleaned up
	proxy  *netpolicy.Proxy
	paddr  string
	closed bool
	runs   sync.WaitGroup
}

// New fills the defaults of cfg and validates it. It starts nothing.
func New(cfg Config) (*Runner, error) {
	if cfg.Workers == 0 {
		cfg.Workers = 4
	}
	if cfg.StepTimeout == 0 {
		cfg.StepTimeout = 10 * time.Second
	}
	if cfg.Settle == 0 {
		cfg.Settle = time.Second
	}
	if cfg.JourneyTimeout == 0 {
		cfg.JourneyTimeout = 2 * time.Minute
	}
	if cfg.RunTimeout == 0 {
		cfg.RunTimeout = 10 * time.Minute
	}
	if cfg.ScreenshotQuality == 0 {
		cfg.ScreenshotQuality = 40
	}
	if cfg.ScreenshotFormat == "" {
		cfg.ScreenshotFormat = "jpeg"
	}
	if cfg.ScreenshotScale == 0 {
		cfg.ScreenshotScale = 0.625
	}
	if cfg.Policy == nil {
		cfg.Policy = &netpolicy.Policy{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	switch {
	case cfg.Workers < 0:
		return nil, fmt.Errorf("runner: Workers must be positive, got %d", cfg.Workers)
	case cfg.StepTimeout < 0 || cfg.JourneyTimeout < 0 || cfg.RunTimeout < 0:
		return nil, errors.New("runner: timeouts must be positive")
	case cfg.ScreenshotQuality < 1 || cfg.ScreenshotQuality > 100:
		return nil, fmt.Errorf("runner: ScreenshotQuality must be 1 to 100, got %d", cfg.ScreenshotQuality)
	case cfg.ScreenshotFormat != "jpeg" && cfg.ScreenshotFormat != "webp":
		return nil, fmt.Errorf("runner: ScreenshotFormat must be jpeg or webp, got %q", cfg.ScreenshotFormat)
	case cfg.ScreenshotScale < 0 || cfg.ScreenshotScale > 1:
		return nil, fmt.Errorf("runner: ScreenshotScale must be above 0 and at most 1, got %g", cfg.ScreenshotScale)
	case cfg.Evidence != EvidenceFull && cfg.Evidence != EvidenceOff:
		return nil, fmt.Errorf("runner: unknown evidence mode %d", cfg.Evidence)
	}
	if err := cfg.Policy.Validate(); err != nil {
		return nil, fmt.Errorf("runner: target policy: %w", err)
	}
	if cfg.BrowserURL != "" {
		u, err := url.Parse(cfg.BrowserURL)
		if err != nil || u.Host == "" || (u.Scheme != "ws" && u.Scheme != "wss" && u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("runner: browser URL %q: want ws://host:port/devtools/browser/… or http://host:port", cfg.BrowserURL)
		}
	}
	if cfg.ProxyListen != "" {
		if _, _, err := net.SplitHostPort(cfg.ProxyListen); err != nil {
			return nil, fmt.Errorf("runner: proxy listen address %q: want host:port", cfg.ProxyListen)
		}
	}
	if cfg.ChromePath == "" && cfg.BrowserURL == "" {
		p, err := FindChromeFor(cfg.Headed)
		if err != nil {
			return nil, err
		}
		cfg.ChromePath = p
	}
	return &Runner{cfg: cfg, log: cfg.Logger, sem: semaphore.NewWeighted(int64(cfg.Workers))}, nil
}

// FailShotQuality is the lowest JPEG quality of a failing step's
// screenshot (see Config.ScreenshotQuality).
const FailShotQuality = 60

// HeadlessShell is where Debian's chromium-headless-shell package installs
// the headless-only build of Chromium.
const HeadlessShell = "/usr/lib/chromium/chromium-headless-shell"

// browserName is what the manifest names the browser by: its binary, or
// the DevTools address of a remote browser without credentials.
func (r *Runner) browserName() string {
	if r.cfg.BrowserURL == "" {
		return r.cfg.ChromePath
	}
	if u, err := url.Parse(r.cfg.BrowserURL); err == nil {
		u.User = nil
		u.RawQuery = ""
		return u.String()
	}
	return "remote browser"
}

// ChromePath returns the browser binary the Runner starts.
func (r *Runner) ChromePath() string { return r.cfg.ChromePath }

// FindChrome picks the headless browser binary as Config.ChromePath
// documents; tests use it to tell whether Chromium is there at all.
func FindChrome() (string, error) { return FindChromeFor(false) }

// FindChromeFor picks the browser binary for a headless or a headed run:
// the headless shell cannot show a window.
func FindChromeFor(headed bool) (string, error) {
	if p := os.Getenv("VOUCH_CHROME"); p != "" {
		return p, nil
	}
	if !headed {
		if _, err := os.Stat(HeadlessShell); err == nil {
			return HeadlessShell, nil
		}
	}
	// The real binary, not Debian's /usr/bin/chromium wrapper, which adds
	// flags and environment of its own.
	if _, err := os.Stat("/usr/lib/chromium/chromium"); err == nil {
		return "/usr/lib/chromium/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("runner: no Chromium found: set Config.ChromePath or $VOUCH_CHROME, or install chromium")
}

// Close stops the browser and the proxy, after the runs in flight have
// ended (cancel their contexts to hurry them). It is safe to call twice.
func (r *Runner) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	r.mu.Unlock()
	r.runs.Wait()
	r.mu.Lock()
	br, px := r.br, r.proxy
	r.br, r.proxy = nil, nil
	r.mu.Unlock()
	var errs []error
	if br != nil {
		errs = append(errs, br.close())
	}
	if px != nil {
		errs = append(errs, px.Close())
	}
	return errors.Join(errs...)
}

// Options are the parameters of one run.
type Options struct {
	// BaseURL is the deployment, an http(s) URL; visit and expect_url paths
	// are resolved against it.
	BaseURL string
	// Dir is the evidence directory of this run, created if missing.
	// Required unless the Runner's evidence mode is EvidenceOff.
	Dir string
	// Secrets holds the values of the plan's secrets by name. Values are
	// typed into the page and never recorded: they are masked in every
	// artifact and result.
	Secrets map[string]string
	// Progress, if set, is called as journeys and steps start and finish,
	// from the runner's goroutines; it must be fast.
	Progress func(Event)
}

// Result is the outcome of a run.
type Result struct {
	Decision evidence.Decision
	// Manifest describes the run; it is also written to Dir/manifest.json
	// (masked) when evidence is on.
	Manifest *evidence.Manifest
	Dir      string
	// Report is the path of report.html, or "" when evidence is off.
	Report string
}

// EventType names a progress event.
type EventType string

// Progress events.
const (
	JourneyStarted  EventType = "journey_started"
	StepFinished    EventType = "step_finished"
	JourneyFinished EventType = "journey_finished"
	RunFinished     EventType = "run_finished"
)

// Event reports progress. Journey and Step are 1-based; Steps is the number
// of steps of the journey. Status is the step's status (step_finished);
// Decision is set by journey_finished and run_finished.
type Event struct {
	Type        EventType
	Journey     int
	JourneyName string
	Step, Steps int
	Description string
	Status      string
	Decision    evidence.Decision
	Message     string
	Time        time.Time
}

// Run executes every journey of p against o.BaseURL and decides. Journeys
// run concurrently, bounded by Config.Workers, each in a fresh browser
// context; steps run in the written order, once each.
//
// The error is only for misuse: an invalid plan, a BaseURL that is not an
// http(s) URL, a missing or unwritable evidence directory, or a closed
// Runner. Everything about the target, the browser and the budgets is a
// decision in the Result.
func (r *Runner) Run(ctx context.Context, p *plan.Plan, o Options) (*Result, error) {
	if p == nil {
		return nil, errors.New("runner: no plan")
	}
	p = clonePlan(p)
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("runner: invalid plan: %w", err)
	}
	base, err := parseBase(o.BaseURL)
	if err != nil {
		return nil, err
	}
	if err := checkOrigins(p, base); err != nil {
		return nil, err
	}
	if r.cfg.Evidence == EvidenceFull && o.Dir == "" {
		return nil, errors.New("runner: Options.Dir is required when evidence is on")
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil, errors.New("runner: closed")
	}
	r.runs.Add(1)
	r.mu.Unlock()
	defer r.runs.Done()

	secretValues := make([]string, 0, len(o.Secrets))
	for _, v := range o.Secrets {
		secretValues = append(secretValues, v)
	}
	var w *evidence.Writer
	if r.cfg.Evidence == EvidenceFull {
		if w, err = evidence.NewWriter(o.Dir, secretValues); err != nil {
			return nil, fmt.Errorf("runner: evidence directory: %w", err)
		}
		if err := checkWritable(o.Dir); err != nil {
			w.Close()
			return nil, err
		}
	}

	rs := &runState{
		r: r, p: p, base: base, opts: o, w: w, tm: r.timings(),
		mask:    newMasker(w, secretValues),
		started: time.Now(),
		results: make([]evidence.JourneyResult, len(p.Journeys)),
	}
	rctx, cancel := context.WithTimeout(ctx, r.cfg.RunTimeout)
	defer cancel()
	endJourneys := rs.tm.span("run: journeys")
	rs.run(rctx, ctx)
	endJourneys()

	endEvidence := rs.tm.span("run: manifest, report and the last evidence writes")
	m := rs.manifest()
	res := &Result{Decision: m.Decision, Manifest: m, Dir: o.Dir}
	if w != nil {
		// The writes in flight end before the manifest lists them.
		endFlush := rs.tm.span("run: manifest, report and the last evidence writes / flush")
		if err := w.Flush(); err != nil {
			r.log.Error("writing evidence", "err", err)
		}
		endFlush()
		m.Artifacts = w.Artifacts()
		if a, err := w.WriteReport(m); err != nil {
			r.log.Error("writing report", "err", err)
		} else {
			m.Artifacts = append(m.Artifacts, a)
			res.Report = filepath.Join(o.Dir, evidence.ReportFile)
		}
		if err := w.WriteManifest(m); err != nil {
			r.log.Error("writing manifest", "err", err)
		}
		if err := w.Close(); err != nil {
			r.log.Error("writing evidence", "err", err)
		}
	}
	endEvidence()
	rs.tm.write(r.cfg.Timing, len(p.Journeys), r.cfg.Workers)
	rs.emit(Event{Type: RunFinished, Decision: m.Decision, Message: firstLine(m.RepairPrompt)})
	return res, nil
}

// checkWritable makes sure the evidence directory takes files now, so that
// a read-only directory is a misuse error rather than lost evidence.
func checkWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("runner: evidence directory is not writable: %w", err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// checkOrigins refuses a plan that visits another origin than the
// deployment: an approved plan checks one app, and a recheck against
// another deployment must not wander elsewhere.
func checkOrigins(p *plan.Plan, base *url.URL) error {
	for ji, j := range p.Journeys {
		for si, s := range j.Steps {
			if s.Kind != plan.Visit {
				continue
			}
			u, err := resolve(base, s.Value)
			if err != nil {
				return fmt.Errorf("runner: journey %d step %d: %w", ji+1, si+1, err)
			}
			if !sameOrigin(u, base) {
				return fmt.Errorf("runner: journey %d step %d visits %s, which is not on the deployment %s://%s", ji+1, si+1, u.Redacted(), base.Scheme, base.Host)
			}
		}
	}
	return nil
}

// proxyRef returns the policy proxy, or nil before the first run.
func (r *Runner) proxyRef() *netpolicy.Proxy {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.proxy
}

func parseBase(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("runner: BaseURL %q must be an http(s) URL such as https://staging.example.com", raw)
	}
	u.Fragment = ""
	return u, nil
}

// clonePlan copies the plan deeply enough that validation (which
// normalises targets) never writes to the caller's plan, which other runs
// may be reading.
func clonePlan(p *plan.Plan) *plan.Plan {
	c := *p
	c.Requirements = append([]plan.Requirement(nil), p.Requirements...)
	c.Journeys = make([]plan.Journey, len(p.Journeys))
	for i, j := range p.Journeys {
		j.Steps = append([]plan.Step(nil), j.Steps...)
		c.Journeys[i] = j
	}
	return &c
}

// runState is one run in progress.
type runState struct {
	r       *Runner
	p       *plan.Plan
	base    *url.URL
	opts    Options
	w       *evidence.Writer // nil when evidence is off
	mask    func(string) string
	started time.Time
	ended   time.Time
	results []evidence.JourneyResult
	browser *evidence.Browser // the binary that ran the journeys
	tabs    *atomic.Int64     // journeys that asked the browser for a tab
	tm      *timings          // nil unless Config.Timing is set
}

// timings returns a collector for one run when Config.Timing is set.
func (r *Runner) timings() *timings {
	if r.cfg.Timing == nil {
		return nil
	}
	return newTimings()
}

func (rs *runState) emit(e Event) {
	if rs.opts.Progress == nil {
		return
	}
	e.Time = time.Now()
	e.Message = rs.mask(e.Message)
	rs.opts.Progress(e)
}

// run runs every journey. rctx carries the run's budget; parent is the
// caller's context, to tell a cancellation from a spent budget.
func (rs *runState) run(rctx, parent context.Context) {
	r := rs.r
	// A refused base URL blocks everything before a browser is involved.
	if _, err := r.cfg.Policy.CheckURL(rs.base.String()); err != nil {
		for i := range rs.p.Journeys {
			rs.results[i] = rs.notStarted(i, policyText(rs.base.Hostname(), err))
		}
		rs.ended = time.Now()
		return
	}
	endStart := rs.tm.span("run: browser start (or reuse)")
	br, err := r.browser(rctx)
	endStart()
	var tabs atomic.Int64 // journeys that asked for a tab
	if err == nil {
		rs.browser = &evidence.Browser{Path: r.browserName(), Version: br.version}
		// Tabs are prepared for the journeys while others run; those that
		// never ask for one (budget spent, secrets missing) are taken back.
		n := 0
		for i := range rs.p.Journeys {
			if len(rs.missingSecrets(i)) == 0 {
				n++
			}
		}
		br.expect(n)
		defer func() { br.expect(int(tabs.Load()) - n) }()
		rs.tabs = &tabs
	}
	g, gctx := errgroup.WithContext(rctx)
	for i := range rs.p.Journeys {
		g.Go(func() error {
			if err != nil {
				reason := "the browser could not start: " + err.Error()
				if rctx.Err() != nil {
					reason = budgetReason(rctx, parent, "while the browser started")
				}
				rs.results[i] = rs.notStarted(i, reason)
				return nil
			}
			if aerr := r.sem.Acquire(gctx, 1); aerr != nil {
				rs.results[i] = rs.notStarted(i, budgetReason(rctx, parent, "before the journey could start"))
				return nil
			}
			// A journey gives its place to the next one as soon as its
			// steps are over: its last evidence, network log and console are
			// recorded while the next journey starts.
			var once sync.Once
			release := func() { once.Do(func() { r.sem.Release(1) }) }
			defer release()
			rs.results[i] = rs.runJourney(gctx, parent, br, i, release)
			return nil
		})
	}
	_ = g.Wait()
	rs.ended = time.Now()
}

// policyText explains a policy refusal, naming the host and the rule.
func policyText(host string, err error) string {
	if re, ok := netpolicy.IsRefused(err); ok {
		return fmt.Sprintf("the target policy refused %s (rule %s): %v", host, re.Rule, err)
	}
	return fmt.Sprintf("the target policy refused %s: %v", host, err)
}

// missingSecrets lists the secrets journey i uses that Options.Secrets
// lacks, in order of first use.
func (rs *runState) missingSecrets(i int) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range rs.p.Journeys[i].Steps {
		if s.Secret == "" || seen[s.Secret] {
			continue
		}
		seen[s.Secret] = true
		if _, ok := rs.opts.Secrets[s.Secret]; !ok {
			out = append(out, s.Secret)
		}
	}
	return out
}

// budgetReason explains why a context ended: the caller cancelled, or the
// run's budget was spent.
func budgetReason(rctx, parent context.Context, when string) string {
	switch {
	case parent.Err() != nil:
		return "the run was cancelled " + when
	case rctx.Err() != nil:
		return "the run's time budget was spent " + when
	}
	return "the run stopped " + when
}

// notStarted is the result of a journey that never began: it reports
// journey_started too, so that progress shows every journey start and end.
func (rs *runState) notStarted(i int, reason string) evidence.JourneyResult {
	j := rs.p.Journeys[i]
	rs.emit(Event{Type: JourneyStarted, Journey: i + 1, JourneyName: j.Name, Steps: len(j.Steps)})
	return rs.blockedBeforeStart(i, reason)
}

// blockedBeforeStart is the result of a journey that never reached the
// browser.
func (rs *runState) blockedBeforeStart(i int, reason string) evidence.JourneyResult {
	j := rs.p.Journeys[i]
	now := time.Now()
	jr := evidence.JourneyResult{
		Index: i + 1, Name: j.Name, Requirement: j.Requirement,
		Decision: evidence.Blocked, Reason: rs.mask(reason), Started: now, Ended: now,
	}
	for k, s := range j.Steps {
		jr.Steps = append(jr.Steps, evidence.StepResult{
			Index: k + 1, Kind: string(s.Kind), Description: s.Describe(), Status: evidence.StepSkipped, Started: now,
		})
	}
	if len(jr.Steps) > 0 {
		jr.Steps[0].Status = evidence.StepBlocked
		jr.Steps[0].Error = jr.Reason
	}
	jr.RepairPrompt = rs.journeyPrompt(&jr, nil)
	rs.emit(Event{Type: JourneyFinished, Journey: i + 1, JourneyName: j.Name, Steps: len(j.Steps), Decision: jr.Decision, Message: jr.Reason})
	return jr
}

// manifest assembles the run's manifest (artifacts are added by Run).
func (rs *runState) manifest() *evidence.Manifest {
	ds := make([]evidence.Decision, len(rs.results))
	for i, jr := range rs.results {
		ds[i] = jr.Decision
	}
	m := &evidence.Manifest{
		Version:      evidence.ManifestVersion,
		PlanID:       rs.p.ID(),
		PlanName:     rs.p.Name,
		Requirements: rs.p.Requirements,
		BaseURL:      rs.base.String(),
		Started:      rs.started,
		Ended:        rs.ended,
		Decision:     evidence.Combine(ds...),
		Journeys:     rs.results,
		Browser:      rs.browser,
	}
	m.RepairPrompt = rs.mask(RepairPrompt(m))
	return m
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// newMasker returns the function that hides secrets in strings that leave
// the runner: the Writer's when evidence is on (the same masking as the
// files), else a replacer over the same spellings.
func newMasker(w *evidence.Writer, secrets []string) func(string) string {
	if w != nil {
		return w.Mask
	}
	var pairs []string
	for _, s := range secrets {
		if s == "" {
			continue
		}
		for _, v := range []string{s, url.QueryEscape(s), url.PathEscape(s)} {
			pairs = append(pairs, v, evidence.Masked)
		}
	}
	if len(pairs) == 0 {
		return func(s string) string { return s }
	}
	rep := strings.NewReplacer(pairs...)
	return rep.Replace
}
