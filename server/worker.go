package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/backend"
)

// WorkerConfig configures a Worker.
type WorkerConfig struct {
	// DataDir holds evidence (DataDir/evidence) and, unless Database says
	// otherwise, the database. It must be the directory the servers that
	// show the evidence read. Required; created if missing.
	DataDir string
	// Database is the store whose queue the worker joins: a SQLite file
	// path or a postgres:// URL. Defaults to DataDir/vouch.db.
	Database string
	// Concurrency is how many runs execute at once. Defaults to 2.
	Concurrency int
	// ChromePath is the Chromium binary. Defaults to the runner's search.
	ChromePath string
	// Blob is the evidence bucket URL, as in Config.
	Blob string
	// BrowserURL and ProxyListen are as in Config: a remote browser
	// instead of a local Chromium, and where the policy proxy listens.
	BrowserURL, ProxyListen string
	// AllowTargets restricts deployment URLs as Config.AllowTargets does.
	AllowTargets []string
	// PublicURL is the base of evidence links in completion events.
	// Defaults to the service's default.
	PublicURL string
	// JobTimeout caps one attempt of a run; RescueAfter is how long a run's
	// job may stay running before River's rescuer retries it elsewhere (its
	// worker died). Default to the service's (service.Config).
	JobTimeout, RescueAfter time.Duration
	// Logger receives logs. Defaults to slog.Default().
	Logger *slog.Logger
	// Customize, if set, may adjust the service configuration before the
	// service is made.
	Customize func(*service.Config)
}

// Worker is vouch worker: the runner and the service's worker pool (a
// River client) on a shared database, with no HTTP. It works run jobs,
// runs their journeys and records decisions and evidence, alongside any
// number of other workers and servers (on PostgreSQL; on SQLite, the
// processes of one machine). A worker killed mid-run loses nothing:
// River's rescuer retries its runs' jobs once they have been running
// longer than RescueAfter, with their one charge.
type Worker struct {
	cfg     WorkerConfig
	svc     *service.Service
	closers []func() error

	mu      sync.Mutex
	started bool
}

// NewWorker checks cfg, fills its defaults, opens the database and makes
// the runner (Chromium starts with the first run). Nothing runs until
// Start.
func NewWorker(cfg WorkerConfig) (_ *Worker, err error) {
	if cfg.DataDir == "" {
		return nil, errors.New("worker: WorkerConfig.DataDir is required")
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 2
	}
	if cfg.Concurrency < 0 {
		return nil, errors.New("worker: Concurrency must be at least 1")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Database == "" {
		cfg.Database = filepath.Join(cfg.DataDir, "vouch.db")
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("worker: data directory: %w", err)
	}
	w := &Worker{cfg: cfg}
	defer func() {
		if err != nil {
			_ = w.closeAll()
		}
	}()
	st, err := backend.Open(context.Background(), cfg.Database)
	if err != nil {
		return nil, fmt.Errorf("worker: database %s: %w", backend.Redact(cfg.Database), err)
	}
	w.closers = append(w.closers, st.Close)
	bucket, err := openBucket(context.Background(), cfg.Blob)
	if err != nil {
		return nil, fmt.Errorf("worker: %w", err)
	}
	if bucket != nil {
		w.closers = append(w.closers, bucket.Close)
	}
	rn, policy, err := newRunner(Config{ChromePath: cfg.ChromePath, BrowserURL: cfg.BrowserURL, ProxyListen: cfg.ProxyListen, Workers: cfg.Concurrency, AllowTargets: cfg.AllowTargets, Logger: cfg.Logger})
	if err != nil {
		return nil, err
	}
	w.closers = append(w.closers, rn.Close)
	scfg := service.Config{
		Store: st, DataDir: cfg.DataDir, PublicURL: cfg.PublicURL,
		Workers: cfg.Concurrency, Logger: cfg.Logger, EvidenceBucket: bucket,
		JobTimeout: cfg.JobTimeout, RescueAfter: cfg.RescueAfter, PollInterval: pollInterval(cfg.Database),
	}
	wireRunner(&scfg, rn, policy)
	if cfg.Customize != nil {
		cfg.Customize(&scfg)
	}
	if w.svc, err = service.New(scfg); err != nil {
		return nil, err
	}
	return w, nil
}

// Service returns the worker's service.
func (w *Worker) Service() *service.Service { return w.svc }

// Start starts claiming and running runs.
func (w *Worker) Start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.started {
		return errors.New("worker: already started")
	}
	if err := w.svc.Start(ctx); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	w.started = true
	return nil
}

// Shutdown stops taking runs and waits for the runs in flight; when ctx
// ends first they are cancelled and go back to the queue (no second
// charge). Then the browser and the database are closed.
func (w *Worker) Shutdown(ctx context.Context) error {
	w.mu.Lock()
	started := w.started
	w.started = false
	w.mu.Unlock()
	var errs []error
	if started {
		if err := w.svc.Stop(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
			errs = append(errs, err)
		}
	}
	errs = append(errs, w.closeAll())
	return errors.Join(errs...)
}

func (w *Worker) closeAll() error {
	var errs []error
	for i := len(w.closers) - 1; i >= 0; i-- {
		errs = append(errs, w.closers[i]())
	}
	w.closers = nil
	return errors.Join(errs...)
}

// pollInterval is how often idle workers look for run jobs: often on
// SQLite, where polling is the only way to hear of them across processes
// (a cheap indexed read of a local file), every second on PostgreSQL,
// where LISTEN/NOTIFY tells them at once and polling is the fallback.
func pollInterval(database string) time.Duration {
	if backend.IsPostgres(database) {
		return time.Second
	}
	return 50 * time.Millisecond
}
