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
	stop     chan struct{}      // closed: claim no more runs
	cancel   context.CancelFunc // cancels every run in flight
	wg       sync.WaitGroup
	runner   Runner
	closeRun func() error // closes a runner the service made
	instance string
}

// Start starts the worker pool and the hourly sweep. With SoleWorker it
// first re-queues every run left running by a process that died; otherwise
// such runs are claimed again when their lease ends.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pool != nil {
		return errors.New("service: already started")
	}
	if err := s.ensureSigningKey(); err != nil {
		return fmt.Errorf("service: %w", err)
	}
	if s.cfg.SoleWorker {
		n, err := s.store.ReleaseAllRuns(ctx)
		if err != nil {
			return fmt.Errorf("service: re-queueing unfinished runs: %w", err)
		}
		if n > 0 {
			s.log.Info("re-queued unfinished runs", "runs", n)
		}
	}
	p := &pool{stop: make(chan struct{}), instance: newID("wrk_")[:16]}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	p.cancel = cancel
	if !s.cfg.NoWorkers {
		p.runner = s.cfg.Runner
		if p.runner == nil {
			r, err := runner.New(runner.Config{Policy: s.cfg.Policy, Logger: s.log.With("component", "runner")})
			if err != nil {
				cancel()
				return fmt.Errorf("service: %w", err)
			}
			p.runner, p.closeRun = r, r.Close
		}
		for i := range s.cfg.Workers {
			worker := fmt.Sprintf("%s/%d", p.instance, i)
			p.wg.Go(func() { s.work(runCtx, p, worker) })
		}
	}
	p.wg.Go(func() { s.sweepLoop(p) })
	s.pool = p
	s.wake()
	return nil
}

// Stop stops claiming runs and waits for the runs in flight to finish.
// If ctx ends first, the runs still going are cancelled and re-queued for
// the next start (no second charge), and Stop returns ctx's error.
func (s *Service) Stop(ctx context.Context) error {
	p := s.detach()
	if p == nil {
		return nil
	}
	close(p.stop)
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
		p.cancel()
		<-done
	}
	p.cancel()
	return errors.Join(err, p.close())
}

// StopAndCancel cancels the runs in flight, re-queues them for the next
// start and waits for the workers to exit.
func (s *Service) StopAndCancel(ctx context.Context) error {
	p := s.detach()
	if p == nil {
		return nil
	}
	close(p.stop)
	p.cancel()
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return p.close()
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

// work claims and executes runs until the pool stops.
func (s *Service) work(ctx context.Context, p *pool, worker string) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		default:
		}
		now := s.now().UTC()
		v, err := s.store.ClaimNextRun(ctx, worker, now, now.Add(s.cfg.LeaseDuration))
		switch {
		case err == nil:
			s.execute(ctx, p, worker, v)
			continue
		case !errors.Is(err, store.ErrNotFound):
			s.log.Error("claiming a run", "worker", worker, "err", err)
		}
		t.Reset(s.cfg.PollInterval)
		select {
		case <-p.stop:
			return
		case <-s.poke:
		case <-t.C:
		}
	}
}

// execute runs one claimed verification and records its outcome, unless
// the pool is being cancelled (the run is then re-queued) or the lease was
// lost (another worker now owns the run).
func (s *Service) execute(ctx context.Context, p *pool, worker string, v *store.Verification) {
	log := s.log.With("verification", v.ID, "worker", worker, "attempt", v.Attempts)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Heartbeat: renew the lease (a lost lease cancels the run) and store
	// the live progress for other processes.
	var lostLease atomic.Bool
	hbDone := make(chan struct{})
	go func() {
		defer close(hbDone)
		hb := time.NewTicker(s.cfg.Heartbeat)
		defer hb.Stop()
		pt := time.NewTicker(progressEvery)
		defer pt.Stop()
		for {
			select {
			case <-runCtx.Done():
				return
			case <-pt.C:
				s.flushProgress(runCtx, v.ID, worker)
				continue
			case <-hb.C:
			}
			err := s.store.ExtendLease(context.WithoutCancel(runCtx), v.ID, worker, s.now().UTC().Add(s.cfg.LeaseDuration))
			if errors.Is(err, store.ErrLeaseLost) {
				log.Warn("lease lost; abandoning the run")
				lostLease.Store(true)
				cancel()
				return
			}
			if err != nil {
				log.Warn("renewing lease", "err", err)
			}
		}
	}()
	defer func() { cancel(); <-hbDone }()

	c := s.run(runCtx, p, v, log)
	s.mu.Lock()
	delete(s.progress, v.ID)
	s.mu.Unlock()
	bg := context.WithoutCancel(ctx)
	switch {
	case lostLease.Load():
		return
	case c == nil:
		// Cancelled for shutdown: hand the run back rather than record the
		// cancellation as its decision. Its charge stands; the next
		// start runs it without charging again.
		if err := s.store.ReleaseRun(bg, v.ID, worker); err != nil && !errors.Is(err, store.ErrLeaseLost) {
			log.Error("re-queueing the run", "err", err)
		}
		log.Info("run re-queued for the next start")
		return
	}
	c.ID, c.Worker, c.At = v.ID, worker, s.now().UTC()
	payload, _ := json.Marshal(map[string]any{
		"type": "verification.completed", "verification_id": v.ID, "plan_id": v.PlanID,
		"decision": c.Decision, "recheck_of": nullable(v.RecheckOf), "completed_at": c.At,
	})
	c.Events = []store.OutboxEvent{{ID: newID("evt_"), Type: "verification.completed", Payload: payload, CreatedAt: c.At}}
	if err := s.store.CompleteRun(bg, *c); err != nil {
		if errors.Is(err, store.ErrLeaseLost) {
			log.Warn("lease lost before the outcome was recorded; the new holder records its own")
			return
		}
		log.Error("recording the outcome", "err", err)
		return
	}
	log.Info("run completed", "decision", c.Decision, "reason", c.Reason)
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
		// Cancelled (shutdown or lost lease): the decision says
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
// other processes can show it.
func (s *Service) flushProgress(ctx context.Context, id, worker string) {
	s.mu.Lock()
	p := s.progress[id]
	var b []byte
	if p != nil {
		b, _ = json.Marshal(p)
	}
	s.mu.Unlock()
	if b == nil {
		return
	}
	if err := s.store.SetProgress(ctx, id, worker, b); err != nil && ctx.Err() == nil {
		s.log.Warn("storing progress", "verification", id, "err", err)
	}
}
