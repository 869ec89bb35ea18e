package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/store"
)

// Runner executes plans; *runner.Runner satisfies it.
type Runner interface {
	Run(ctx context.Context, p *plan.Plan, o runner.Options) (*runner.Result, error)
}

// progressEvery is how often a running run's progress is stored for
// other processes (this process reads its own from memory).
const progressEvery = 500 * time.Millisecond

// pool is the running worker pool; nil when stopped.
type pool struct {
	stop     chan struct{} // closed: the sweep stops
	wg       sync.WaitGroup
	queue    store.Queue // River's client working run jobs; nil with NoWorkers
	runner   Runner
	closeRun func() error // closes a runner the service made
}

// runWorker is River's worker of run jobs.
type runWorker struct {
	river.WorkerDefaults[store.RunArgs]
	s *Service
	p *pool
}

// Timeout is the attempt's bound: the plan's upper bound, reckoned when
// the run was created, at most this worker's JobTimeout. River's rescuer
// also waits for it before taking the job of a dead worker for stuck.
func (w *runWorker) Timeout(job *river.Job[store.RunArgs]) time.Duration {
	if job.Args.TimeoutMS <= 0 {
		return w.s.cfg.JobTimeout
	}
	return min(time.Duration(job.Args.TimeoutMS)*time.Millisecond, w.s.cfg.JobTimeout)
}

// NextRetry retries soon: an attempt ends without a decision only when its
// worker stopped (shutdown, crash, timeout) or the database failed, and
// neither is helped by River's default polynomial backoff.
func (w *runWorker) NextRetry(job *river.Job[store.RunArgs]) time.Time {
	return time.Now().Add(min(time.Duration(job.Attempt)*time.Second, 30*time.Second))
}

// Work runs one attempt of a run and records its decision together with
// the job's completion.
func (w *runWorker) Work(ctx context.Context, job *river.Job[store.RunArgs]) error {
	return w.s.execute(ctx, w.p, job)
}

// Start starts the worker pool (a River client working run jobs on the
// store's database) and the hourly sweep.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pool != nil {
		return errors.New("service: already started")
	}
	if err := s.ensureSigningKey(ctx); err != nil {
		return fmt.Errorf("service: %w", err)
	}
	p := &pool{stop: make(chan struct{})}
	if !s.cfg.NoWorkers {
		p.runner = s.cfg.Runner
		if p.runner == nil {
			r, err := runner.New(runner.Config{Policy: s.cfg.Policy, Logger: s.log.With("component", "runner")})
			if err != nil {
				return fmt.Errorf("service: %w", err)
			}
			p.runner, p.closeRun = r, r.Close
		}
		workers := river.NewWorkers()
		river.AddWorker(workers, &runWorker{s: s, p: p})
		q, err := s.store.Queue(&river.Config{
			Logger:               slog.New(warnOnly{s.log.Handler()}).With("component", "river"),
			Workers:              workers,
			Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: s.cfg.Workers}},
			FetchPollInterval:    s.cfg.PollInterval,
			FetchCooldown:        min(s.cfg.PollInterval, 100*time.Millisecond),
			JobTimeout:           s.cfg.JobTimeout,
			RescueStuckJobsAfter: s.cfg.RescueAfter,
		})
		if err == nil {
			err = q.Start(context.WithoutCancel(ctx))
		}
		if err != nil {
			_ = p.close()
			return fmt.Errorf("service: the run queue: %w", err)
		}
		p.queue = q
	}
	p.wg.Go(func() { s.sweepLoop(p) })
	s.pool = p
	return nil
}

// Stop stops taking runs and waits for the runs in flight to finish. If
// ctx ends first, the runs still going are cancelled and go back to the
// queue (River retries them; no second charge), and Stop returns ctx's
// error.
func (s *Service) Stop(ctx context.Context) error {
	p := s.detach()
	if p == nil {
		return nil
	}
	close(p.stop)
	var err error
	if p.queue != nil {
		if err = p.queue.Stop(ctx); err != nil && ctx.Err() != nil {
			err = errors.Join(ctx.Err(), p.queue.StopAndCancel(context.Background()))
		}
	}
	p.wg.Wait()
	return errors.Join(err, p.close())
}

// StopAndCancel cancels the runs in flight, which go back to the queue for
// the next start, and waits for the workers to exit.
func (s *Service) StopAndCancel(ctx context.Context) error {
	p := s.detach()
	if p == nil {
		return nil
	}
	close(p.stop)
	var err error
	if p.queue != nil {
		err = p.queue.StopAndCancel(ctx)
	}
	p.wg.Wait()
	return errors.Join(err, p.close())
}

func (s *Service) detach() *pool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pool
	s.pool = nil
	return p
}

func (p *pool) close() error {
	if p.closeRun != nil {
		return p.closeRun()
	}
	return nil
}

// sweepLoop deletes expired idempotency records and sessions hourly.
func (s *Service) sweepLoop(p *pool) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if err := s.Sweep(context.Background()); err != nil {
			s.log.Warn("sweep", "err", err)
		}
		select {
		case <-p.stop:
			return
		case <-t.C:
		}
	}
}

// errSuperseded is returned to River by an attempt that found a newer
// attempt of its run begun (it was taken for stuck while alive).
var errSuperseded = errors.New("service: a newer attempt of the run began; this one stopped")

// errRequeued is returned to River for an attempt cancelled before its
// decision: River retries the job (the run keeps its one charge).
var errRequeued = errors.New("service: the attempt was cancelled before its decision; the run goes back to the queue")

// execute runs one attempt of a run job and records its outcome with the
// job's completion, unless the attempt was cancelled (shutdown, timeout:
// the run goes back to the queue) or superseded (River rescued the job
// and another attempt began).
func (s *Service) execute(ctx context.Context, p *pool, job *river.Job[store.RunArgs]) error {
	id, attempt := job.Args.VerificationID, job.Attempt
	log := s.log.With("verification", id, "job", job.ID, "attempt", attempt)
	v, err := s.store.MarkRunning(ctx, id, attempt, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		log.Warn("no unfinished run for the job; nothing to do")
		return nil
	}
	if err != nil {
		return fmt.Errorf("service: starting attempt %d of %s: %w", attempt, id, err)
	}
	if attempt > 1 {
		log.Info("run taken up again: an earlier attempt ended without a decision")
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Store the live progress for other processes; a newer attempt of the
	// run (this one was taken for dead) cancels this one.
	var superseded atomic.Bool
	progDone := make(chan struct{})
	go func() {
		defer close(progDone)
		pt := time.NewTicker(progressEvery)
		defer pt.Stop()
		for {
			select {
			case <-runCtx.Done():
				return
			case <-pt.C:
			}
			if errors.Is(s.flushProgress(runCtx, id, attempt), store.ErrNotCurrentAttempt) {
				log.Warn("another attempt of the run began; abandoning this one")
				superseded.Store(true)
				cancel()
				return
			}
		}
	}()
	defer func() { cancel(); <-progDone }()

	c := s.run(runCtx, p, v, log)
	s.mu.Lock()
	delete(s.progress, v.ID)
	s.mu.Unlock()
	bg := context.WithoutCancel(ctx)
	switch {
	case superseded.Load():
		// Not nil: River would mark the job completed under the newer
		// attempt, which could then never record its decision. An error
		// at worst sends the job round once more; only a current attempt
		// records anything.
		return errSuperseded
	case c == nil:
		// Cancelled (shutdown or the attempt's timeout): hand the run back
		// rather than record the cancellation as its decision. Its charge
		// stands; River's next attempt runs it without charging again.
		if err := s.store.RequeueRun(bg, v.ID, attempt); err != nil && !errors.Is(err, store.ErrNotCurrentAttempt) {
			log.Error("marking the run queued", "err", err)
		}
		log.Info("run handed back to the queue")
		return errRequeued
	}
	c.ID, c.Attempt, c.Job, c.At = v.ID, attempt, job.JobRow, s.now().UTC()
	payload, _ := json.Marshal(map[string]any{
		"type": "verification.completed", "verification_id": v.ID, "plan_id": v.PlanID,
		"decision": c.Decision, "recheck_of": nullable(v.RecheckOf), "completed_at": c.At,
	})
	c.Events = []store.OutboxEvent{{ID: newID("evt_"), Type: "verification.completed", Payload: payload, CreatedAt: c.At}}
	// ctx is River's worker context, which JobCompleteTx needs; not
	// cancelled here unless the attempt timed out, and then the decision
	// is retried by the next attempt.
	if err := s.store.CompleteRun(ctx, *c); err != nil {
		if errors.Is(err, store.ErrNotCurrentAttempt) {
			log.Warn("another attempt of the run began before this outcome was recorded; it records its own")
			return errSuperseded
		}
		log.Error("recording the outcome", "err", err)
		return fmt.Errorf("service: recording the outcome of %s: %w", v.ID, err)
	}
	log.Info("run completed", "decision", c.Decision, "reason", c.Reason)
	return nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// run executes the plan and returns the completion to record (nil when
// the run was cancelled for shutdown).
func (s *Service) run(ctx context.Context, p *pool, v *store.Verification, log *slog.Logger) *store.Completion {
	sp, err := s.store.GetPlan(ctx, v.PlanID)
	if err != nil {
		log.Error("loading the plan", "err", err)
		return blocked("internal_error", "the plan could not be loaded", "vouch could not load the approved plan; check the server's logs and start a new verification.")
	}
	dir := filepath.Join(s.cfg.DataDir, "evidence", v.ID)
	// A new attempt starts from an empty directory, so that its evidence
	// (which it signs) is its own; what an interrupted attempt wrote is
	// kept beside it and listed with the result.
	if err := s.keepAttempt(v); err != nil {
		log.Error("keeping the evidence of the interrupted attempt", "err", err)
		if err := os.RemoveAll(dir); err != nil {
			log.Error("clearing the evidence directory", "err", err)
		}
	}
	if v.Attempts > s.cfg.MaxAttempts {
		ipl, _ := storedPlan(sp, v.PlanHash) // nil when it cannot be trusted
		return s.blockedSigned(ctx, v, sp, ipl, dir, blocked("interrupted",
			fmt.Sprintf("the run was started %d times without finishing (its worker stopped each time)", v.Attempts-1),
			"vouch could not finish this run: the process running it stopped repeatedly (crash, out of memory or a browser that never returns). Check the vouch server's logs and its memory limits, then start a new verification."), log)
	}
	pl, err := storedPlan(sp, v.PlanHash)
	if err != nil {
		log.Error("plan integrity", "err", err)
		return s.blockedSigned(ctx, v, sp, nil, dir, blocked(string(CodePlanIntegrity),
			"the stored plan no longer matches the hash that was approved; it was not run",
			"The plan stored for "+sp.ID+" changed after a person approved it, so vouch refused to run it. Create the plan again from the claim and have a person approve it."), log)
	}
	prog := newProgress(pl)
	s.mu.Lock()
	s.progress[v.ID] = prog
	s.mu.Unlock()
	res, err := p.runner.Run(ctx, pl, runner.Options{
		BaseURL:  v.DeploymentURL,
		Dir:      dir,
		Secrets:  s.secrets(pl),
		Progress: func(e runner.Event) { s.onEvent(v.ID, e) },
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		log.Error("the runner refused the run", "err", err)
		return s.blockedSigned(ctx, v, sp, pl, dir, blocked("runner_error", err.Error(), "vouch could not start the browser run: "+err.Error()+". Fix the cause named here and start a new verification."), log)
	}
	if ctx.Err() != nil {
		// Cancelled (shutdown, timeout or a newer attempt): the decision says
		// "cancelled", which is not the app's outcome.
		return nil
	}
	s.sign(ctx, v, sp, res, log)
	// Uploaded before the decision is recorded, so that whoever reads the
	// decision finds its evidence.
	if err := s.publishEvidence(ctx, dir, v.ID); err != nil {
		log.Error("uploading the evidence", "err", err)
	}
	if err := s.publishEvidence(ctx, s.attemptsDir(v.ID), "attempts/"+v.ID); err != nil {
		log.Error("uploading the evidence of earlier attempts", "err", err)
	}
	return completion(pl, res, s.priorAttempts(v))
}

// blockedSigned records a run decided blocked before the browser ran any
// of it: its evidence is a manifest naming the approved plan hash and the
// reason, signed like every other decision, so that "this approved plan
// was not run, and why" can be checked offline too. pl is nil when the
// stored plan could not be trusted; the manifest then names the approved
// hash and no journeys. On any failure to write, the bare decision stands.
func (s *Service) blockedSigned(ctx context.Context, v *store.Verification, sp *store.Plan, pl *plan.Plan, dir string, c *store.Completion, log *slog.Logger) *store.Completion {
	now := s.now().UTC()
	m := &evidence.Manifest{Version: evidence.ManifestVersion, PlanID: v.PlanHash, BaseURL: v.DeploymentURL,
		Started: now, Ended: now, Decision: evidence.Blocked, RepairPrompt: c.RepairPrompt,
		Journeys: []evidence.JourneyResult{}, Artifacts: []evidence.Artifact{}}
	if pl != nil {
		m.PlanName, m.Requirements = pl.Name, pl.Requirements
		for _, j := range pl.Journeys {
			m.Journeys = append(m.Journeys, evidence.JourneyResult{Name: j.Name, Requirement: j.Requirement,
				Decision: evidence.Blocked, Reason: c.Reason, Steps: []evidence.StepResult{}})
		}
	}
	// What the runner may have begun of this attempt is not evidence of it.
	if err := os.RemoveAll(dir); err != nil {
		log.Error("clearing the evidence directory", "err", err)
		return c
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		log.Error("no evidence for a blocked run", "err", err)
		return c
	}
	if err := evidence.WriteManifest(dir, m); err != nil {
		log.Error("no evidence for a blocked run", "err", err)
		return c
	}
	res := &runner.Result{Decision: evidence.Blocked, Manifest: m, Dir: dir}
	s.sign(ctx, v, sp, res, log)
	if err := s.publishEvidence(ctx, dir, v.ID); err != nil {
		log.Error("uploading the evidence", "err", err)
	}
	reqPlan := pl
	if reqPlan == nil {
		reqPlan = &plan.Plan{}
	}
	out := completion(reqPlan, res, s.priorAttempts(v))
	out.Reason, out.RepairPrompt = c.Reason, c.RepairPrompt
	return out
}

func blocked(reason, detail, prompt string) *store.Completion {
	return &store.Completion{Decision: string(evidence.Blocked), Reason: reason + ": " + detail, RepairPrompt: prompt}
}

// completion turns a runner result into the outcome to store.
func completion(pl *plan.Plan, res *runner.Result, prior []Attempt) *store.Completion {
	c := &store.Completion{Decision: string(res.Decision), EvidenceDir: res.Dir}
	r := results{Requirements: requirementResults(pl, res.Manifest)}
	if m := res.Manifest; m != nil {
		c.RepairPrompt = m.RepairPrompt
		for _, j := range m.Journeys {
			if j.Decision != evidence.Verified && j.Reason != "" {
				c.Reason = fmt.Sprintf("journey %s: %s", plan.Quote(j.Name), j.Reason) // no \" for people
				break
			}
		}
		ev := &Evidence{ManifestFile: evidence.ManifestFile, Artifacts: []Artifact{}}
		if res.Report != "" {
			ev.ReportFile = filepath.Base(res.Report)
		}
		if signed(res.Dir) {
			ev.AttestationFile, ev.TestResultFile = attest.EnvelopeFile, attest.TestResultFile
		}
		for _, a := range m.Artifacts {
			ev.Artifacts = append(ev.Artifacts, Artifact{Kind: string(a.Kind), File: a.File, SHA256: a.SHA256,
				Size: a.Size, MediaType: a.MediaType, Encoding: a.Encoding, Journey: a.Journey, Step: a.Step})
		}
		ev.Attempts = prior
		if res.Dir != "" {
			r.Evidence = ev
		}
	}
	if c.Decision != string(evidence.Verified) && c.RepairPrompt == "" {
		c.RepairPrompt = "The run ended " + c.Decision + " without a repair prompt; read the report of this verification."
	}
	c.Results, _ = json.Marshal(r)
	return c
}

// requirementResults decides each requirement from the journeys that name
// it: met when all of them verified, not_met when one failed, unknown
// otherwise (blocked, or no journey names it).
func requirementResults(pl *plan.Plan, m *evidence.Manifest) []RequirementResult {
	out := make([]RequirementResult, 0, len(pl.Requirements))
	for _, req := range pl.Requirements {
		var ds []evidence.Decision
		if m != nil {
			for _, j := range m.Journeys {
				if j.Requirement == req.ID {
					ds = append(ds, j.Decision)
				}
			}
		}
		result := Unknown
		if len(ds) > 0 {
			switch evidence.Combine(ds...) {
			case evidence.Verified:
				result = Met
			case evidence.Failed:
				result = NotMet
			}
		}
		out = append(out, RequirementResult{ID: req.ID, Text: req.Text, Kind: req.Kind, Result: result})
	}
	return out
}

// secrets reads the values of the plan's secrets from the environment:
// VOUCH_SECRET_<NAME> (upper-cased, other characters as "_") first, then
// the name as written. Missing secrets are left out; the runner blocks the
// journey that needs one.
func (s *Service) secrets(pl *plan.Plan) map[string]string {
	out := map[string]string{}
	for _, name := range pl.Secrets() {
		if v, ok := s.cfg.LookupEnv("VOUCH_SECRET_" + envName(name)); ok {
			out[name] = v
		} else if v, ok := s.cfg.LookupEnv(name); ok {
			out[name] = v
		}
	}
	return out
}

func envName(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			return r
		}
		return '_'
	}, name)
}

func newProgress(pl *plan.Plan) *Progress {
	p := &Progress{Journeys: make([]JourneyProgress, len(pl.Journeys))}
	for i, j := range pl.Journeys {
		p.Journeys[i] = JourneyProgress{Name: j.Name, State: "pending", Steps: len(j.Steps)}
	}
	return p
}

// onEvent updates a run's live progress; it is called from the runner's
// goroutines, so it only touches memory.
func (s *Service) onEvent(id string, e runner.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.progress[id]
	if p == nil || e.Journey < 1 || e.Journey > len(p.Journeys) {
		return
	}
	j := &p.Journeys[e.Journey-1]
	switch e.Type {
	case runner.JourneyStarted:
		j.State = "running"
	case runner.StepFinished:
		j.Step = max(j.Step, e.Step)
	case runner.JourneyFinished:
		j.State, j.Decision = string(e.Decision), string(e.Decision)
	}
	if e.Steps > 0 {
		j.Steps = e.Steps
	}
}

// flushProgress stores this process's live progress of a run, so that
// other processes can show it; ErrNotCurrentAttempt when attempt is no
// longer the run's current one.
func (s *Service) flushProgress(ctx context.Context, id string, attempt int) error {
	s.mu.Lock()
	p := s.progress[id]
	var b []byte
	if p != nil {
		b, _ = json.Marshal(p)
	}
	s.mu.Unlock()
	if b == nil {
		return nil
	}
	err := s.store.SetProgress(ctx, id, attempt, b)
	if err != nil && ctx.Err() == nil && !errors.Is(err, store.ErrNotCurrentAttempt) {
		s.log.Warn("storing progress", "verification", id, "err", err)
	}
	return err
}

// warnOnly passes on River's warnings and errors only: its informational
// lines (job counts every few seconds) would drown the service's own.
type warnOnly struct{ slog.Handler }

func (h warnOnly) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}

func (h warnOnly) WithAttrs(as []slog.Attr) slog.Handler { return warnOnly{h.Handler.WithAttrs(as)} }
func (h warnOnly) WithGroup(n string) slog.Handler       { return warnOnly{h.Handler.WithGroup(n)} }
