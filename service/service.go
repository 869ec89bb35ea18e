// Package service is vouch's verification lifecycle (interface-spec §3),
// with no HTTP in it: plans are derived from claims and stored, approved or
// rejected by a person, run by a worker pool exactly as approved, re-checked
// within limits, and billed once per run.
//
// The rules it enforces, whatever the channel:
//   - Nothing runs before a person approves the plan; an API key never
//     approves (CodePlanRequiresHuman).
//   - A run executes the stored plan JSON after re-hashing it: a mismatch
//     with the approved hash is refused with CodePlanIntegrity. The check is
//     made synchronously when the run is requested, before the charge is
//     written (so a refused run is never charged), and again by the worker
//     before executing (a plan tampered with while the run was queued
//     completes as blocked, reason plan_integrity_error; its charge stands,
//     as the run was accepted).
//   - Every run, a re-check included, is one charge, written in the same
//     transaction that creates the run and never at execution, so a crash
//     and a retried River job never charge twice. Creating a plan, dry runs and
//     refused claims are free.
//   - A run uses the plan's stored deployment URL. A request that names a
//     deployment_url must have the same scheme and host (port included;
//     another path is allowed and is where the run starts); another host is
//     refused with CodeRecheckHostMismatch. Re-checks follow the same rule
//     (§8). A run request that names a claim must name the plan's claim
//     (CodeInvalidRequest otherwise): a plan is approved for one claim.
//   - Approval is idempotent for the same decision (approving an approved
//     plan returns it unchanged); the opposite decision on a decided plan is
//     CodePlanRejected or CodePlanNotPending. A person may pass the
//     contract_id they were shown; if the plan is not that hash the approval
//     is refused with CodePlanIntegrity.
//   - A dry run stores its plan like a create does (so its approve_url can
//     be approved) and marks it DryRun; neither is charged.
//   - Re-checks: only of a completed verification whose decision is failed,
//     within 24 h of the plan's approval, at most 10 per plan; the count is
//     enforced by the store in the run-creating transaction.
//
// Runs are River jobs (github.com/riverqueue/river) in the store's own
// database: the job is inserted in the transaction that creates the run
// and its charge, and completed (JobCompleteTx) in the one that records
// the decision, so a crash never leaves a charge without a run, a run
// without its job, or a decision without its job's completion. River gives
// the rest: fetching (LISTEN/NOTIFY on PostgreSQL, polling on SQLite),
// unique jobs (one per run), an attempt timeout from the plan's upper
// bound, retries, and the rescuer, which retries the job of a worker that
// died once it has been running longer than RescueAfter. Only a run's
// current attempt writes its progress or decision. A run that starts
// MaxAttempts attempts without a decision completes as blocked. Stop
// drains (runs finish, or go back to the queue when its context ends);
// StopAndCancel hands them back at once; a run handed back keeps its one
// charge. A completed run also writes a verification.completed event to
// the webhook outbox in the same transaction.
//
// Secrets a plan names are read from the environment as
// VOUCH_SECRET_<NAME> (upper-cased, other characters as "_"), then as the
// name is written; a missing secret blocks the journey that needs it.
// Evidence is written under DataDir/evidence/<verification id>/; a new
// attempt of the same run starts from an empty directory.
//
// ContractVersion ("2026-11-01") is the date version of the API contract
// that create responses carry; contract_id is "sha256:" + the plan's
// content hash, the exact thing a person approves.
package service

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/store"
)

// Config configures a Service.
type Config struct {
	// Store persists everything. Required.
	Store store.Store
	// DataDir holds evidence under DataDir/evidence/<verification id>/.
	// Required.
	DataDir string
	// PublicURL is the base of approve_url and evidence links, e.g.
	// "https://vouch.example.com". Defaults to "http://127.0.0.1:8080".
	PublicURL string
	// Deriver turns claims into plans. Defaults to RulesDeriver
	// (claim.Derive).
	Deriver Deriver
	// Policy is the target policy deployment URLs are checked against when
	// a plan is created or a run starts (the runner enforces it again
	// inside the browser). Defaults to &netpolicy.Policy{}.
	Policy *netpolicy.Policy
	// Runner executes runs. Defaults to a runner.Runner that Start makes
	// with Policy and Stop closes.
	Runner Runner
	// Workers is how many runs execute at once. Defaults to 2.
	Workers int
	// NoWorkers disables the worker pool (Workers is ignored): runs are
	// queued for other processes.
	NoWorkers bool
	// Now is the clock. Defaults to time.Now.
	Now func() time.Time
	// Logger receives the lifecycle's logs. Defaults to slog.Default().
	Logger *slog.Logger
	// RecheckWindow is how long after approval re-checks are accepted.
	// Defaults to 24 h.
	RecheckWindow time.Duration
	// MaxRechecks is the number of re-checks per approved plan. Defaults
	// to 10.
	MaxRechecks int
	// IdempotencyTTL is how long idempotency records are kept. Defaults to
	// 24 h.
	IdempotencyTTL time.Duration
	// PollInterval is how often River's idle workers look for run jobs
	// (on PostgreSQL they also hear of new jobs at once, through
	// LISTEN/NOTIFY). Defaults to 1 s.
	PollInterval time.Duration
	// JourneyTimeout is the runner's bound on one journey, from which a
	// run's upper bound is reckoned: journeys × JourneyTimeout + 1 min.
	// Defaults to 2 min (the runner's default).
	JourneyTimeout time.Duration
	// JobTimeout caps one attempt of a run this process works (River's job
	// timeout): an attempt runs for its plan's upper bound, at most this
	// long. Defaults to 30 min.
	JobTimeout time.Duration
	// RescueAfter is how long a run's job may stay running before River's
	// rescuer takes it for stuck (its worker died) and retries it; it must
	// exceed JobTimeout. Defaults to JobTimeout + 5 min.
	RescueAfter time.Duration
	// MaxAttempts is how many attempts a run may start without a decision
	// before it completes as blocked. Defaults to 3.
	MaxAttempts int
	// EvidenceBucket, if set, is where completed runs' evidence goes, for
	// processes on other machines to read (service/blob.go): a worker
	// uploads it, a server fetches it into DataDir/evidence on first read.
	// Defaults to nil: evidence stays in DataDir/evidence.
	EvidenceBucket *blob.Bucket
	// LookupEnv reads secrets. Defaults to os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// Attestations signs every run's evidence (package attest). Defaults
	// to the keyring in DataDir/attestation-keys; Start creates its first
	// key.
	Attestations *attest.Keyring
}

// Service is the verification lifecycle. Its methods are safe for
// concurrent use.
type Service struct {
	cfg   Config
	store store.Store
	log   *slog.Logger
	now   func() time.Time

	mu       sync.Mutex
	pool     *pool                // nil unless started
	progress map[string]*Progress // runs this process is executing

	// published holds the ids of the signing keys this process has
	// published in the store, so that a signature checks one map.
	published sync.Map
}

// New checks cfg, fills its defaults and returns a Service. Start begins
// running queued runs.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("service: Config.Store is required")
	}
	if cfg.DataDir == "" {
		return nil, errors.New("service: Config.DataDir is required")
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://127.0.0.1:8080"
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	if cfg.Deriver == nil {
		cfg.Deriver = RulesDeriver{}
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.RecheckWindow == 0 {
		cfg.RecheckWindow = DefaultRecheckWindow
	}
	if cfg.MaxRechecks == 0 {
		cfg.MaxRechecks = DefaultMaxRechecks
	}
	if cfg.IdempotencyTTL == 0 {
		cfg.IdempotencyTTL = DefaultIdempotencyTTL
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.JourneyTimeout == 0 {
		cfg.JourneyTimeout = 2 * time.Minute
	}
	if cfg.JobTimeout == 0 {
		cfg.JobTimeout = 30 * time.Minute
	}
	if cfg.RescueAfter == 0 {
		cfg.RescueAfter = cfg.JobTimeout + 5*time.Minute
	}
	if cfg.RescueAfter <= cfg.JobTimeout {
		return nil, fmt.Errorf("service: RescueAfter (%s) must exceed JobTimeout (%s)", cfg.RescueAfter, cfg.JobTimeout)
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 3
	}
	if cfg.Policy == nil {
		cfg.Policy = &netpolicy.Policy{}
	}
	if err := cfg.Policy.Validate(); err != nil {
		return nil, fmt.Errorf("service: target policy: %w", err)
	}
	if cfg.LookupEnv == nil {
		cfg.LookupEnv = os.LookupEnv
	}
	if err := os.MkdirAll(filepath.Join(cfg.DataDir, "evidence"), 0o750); err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, store: cfg.Store, log: cfg.Logger, now: cfg.Now,
		progress: map[string]*Progress{}}, nil
}

// progressOf returns a running verification's progress: this process's
// live copy if it runs it, else the copy its worker stored.
func (s *Service) progressOf(sv *store.Verification) *Progress {
	s.mu.Lock()
	p, ok := s.progress[sv.ID]
	if ok {
		p = p.clone()
	}
	s.mu.Unlock()
	if ok {
		return p
	}
	if len(sv.Progress) == 0 {
		return nil
	}
	var sp Progress
	if err := json.Unmarshal(sv.Progress, &sp); err != nil {
		return nil
	}
	return &sp
}

func (p *Progress) clone() *Progress {
	c := &Progress{Journeys: make([]JourneyProgress, len(p.Journeys))}
	copy(c.Journeys, p.Journeys)
	return c
}

// PublicURL returns the configured public base URL, without a trailing
// slash.
func (s *Service) PublicURL() string { return s.cfg.PublicURL }

// ApproveURL returns the approval link of a plan.
func (s *Service) ApproveURL(planID string) string {
	return s.cfg.PublicURL + "/console/plans/" + planID
}
