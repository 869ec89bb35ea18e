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
//     and a re-claimed run never charge twice. Creating a plan, dry runs and
//     refused claims are free.
//   - A run uses the plan's stored deployment URL. A request that names a
//     deployment_url must have the same scheme and host (another path is
//     allowed and is where the run starts); another host is refused with
//     CodeRecheckHostMismatch. Re-checks follow the same rule (§8).
//   - Re-checks: only of a completed verification whose decision is failed,
//     within 24 h of the plan's approval, at most 10 per plan; the count is
//     enforced by the store in the run-creating transaction.
//
// Runs are persisted jobs: workers claim them from the store with a lease
// they renew while running (heartbeat). A run whose worker died is claimed
// again once its lease ends; a run claimed MaxAttempts times without
// completing completes as blocked. Secrets a plan names are read from the
// environment as VOUCH_SECRET_<NAME>, then <NAME>.
package service

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

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
	// Deriver turns claims into plans. Defaults to plan.Derive.
	Deriver Deriver
	// Workers is how many runs execute at once. Defaults to 2; 0 after
	// defaults means no pool (a process that only serves the API).
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
	// LeaseDuration is how long a claimed run stays leased without a
	// heartbeat; a run whose worker died is claimed again after it.
	// Defaults to 30 s.
	LeaseDuration time.Duration
	// Heartbeat is how often a worker renews its lease. Defaults to a third
	// of LeaseDuration.
	Heartbeat time.Duration
	// PollInterval is how often idle workers look for queued runs they were
	// not told about (runs queued by other processes, expired leases).
	// Defaults to 1 s.
	PollInterval time.Duration
	// MaxAttempts is how many times a run may be claimed before it
	// completes as blocked. Defaults to 3.
	MaxAttempts int
	// SoleWorker says this process is the only one running jobs on the
	// database (vouch serve on embedded SQLite): Start then re-queues every
	// running run at once instead of waiting for their leases to end.
	// Defaults to false.
	SoleWorker bool
	// LookupEnv reads secrets. Defaults to os.LookupEnv.
	LookupEnv func(string) (string, bool)
}

// Service is the verification lifecycle. Its methods are safe for
// concurrent use.
type Service struct {
	cfg   Config
	store store.Store
	log   *slog.Logger
	now   func() time.Time

	mu       sync.Mutex
	started  bool
	stopping bool
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
	if cfg.LeaseDuration == 0 {
		cfg.LeaseDuration = 30 * time.Second
	}
	if cfg.Heartbeat == 0 {
		cfg.Heartbeat = cfg.LeaseDuration / 3
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 3
	}
	if cfg.LookupEnv == nil {
		cfg.LookupEnv = os.LookupEnv
	}
	if err := os.MkdirAll(filepath.Join(cfg.DataDir, "evidence"), 0o750); err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, store: cfg.Store, log: cfg.Logger, now: cfg.Now}, nil
}

// Start starts the worker pool. Runs left unfinished by a process that
// died are claimed again when their lease ends (at once with SoleWorker).
func (s *Service) Start(ctx context.Context) error {
	return errors.New("service: not implemented yet")
}

// Stop stops claiming runs and waits for running ones to finish, until ctx
// ends; runs still going then are cancelled and re-queued.
func (s *Service) Stop(ctx context.Context) error {
	return nil
}

// StopAndCancel cancels running runs, re-queues them and waits for the
// workers to exit.
func (s *Service) StopAndCancel(ctx context.Context) error {
	return nil
}

// PublicURL returns the configured public base URL, without a trailing
// slash.
func (s *Service) PublicURL() string { return s.cfg.PublicURL }

// ApproveURL returns the approval link of a plan.
func (s *Service) ApproveURL(planID string) string {
	return s.cfg.PublicURL + "/console/plans/" + planID
}
