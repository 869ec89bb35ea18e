// Package server assembles vouch serve in one process: the store (SQLite
// under a data directory, or PostgreSQL) with River as its run queue, the
// runner with its warm Chromium, the service and its worker pool, the HTTP
// API and the console, behind one listener; and vouch worker (worker.go),
// the same without HTTP.
//
// It is what cmd/vouch's serve command runs and what end-to-end tests start
// in-process on 127.0.0.1:0 with a temporary data directory:
//
//	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", DataDir: dir})
//	...
//	err = srv.Start(ctx)
//	defer srv.Shutdown(ctx)
//	resp, err := http.Get(srv.URL() + "/api/v1/openapi.json")
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/console"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/backend"
)

// Config configures a Server.
type Config struct {
	// Addr is the listening address. Defaults to "127.0.0.1:8080";
	// "127.0.0.1:0" picks a free port.
	Addr string
	// DataDir holds the database (vouch.db, unless Database says
	// otherwise) and evidence. Required; created if missing.
	DataDir string
	// Database is the store: a SQLite file path or a postgres:// URL
	// (store/backend). Defaults to DataDir/vouch.db. On SQLite this process
	// is the database's only worker; on PostgreSQL any number of vouch
	// processes may share it.
	Database string
	// Workers is how many runs execute at once. Defaults to 2.
	Workers int
	// JobTimeout caps one attempt of a run and RescueAfter is how long a
	// run's job may stay running before River's rescuer retries it (its
	// worker died), as in service.Config. Default to the service's.
	JobTimeout, RescueAfter time.Duration
	// AllowTargets, if not empty, restricts deployment URLs to these hosts
	// and CIDRs (netpolicy entries). Defaults to every public or loopback
	// address; link-local and metadata addresses are always refused.
	AllowTargets []string
	// PublicURL is the base URL people and callers reach the server at; it
	// prefixes approve_url and evidence URLs. Defaults to http://<Addr>
	// with the port actually bound.
	PublicURL string
	// ChromePath is the Chromium binary. Defaults to the runner's search.
	ChromePath string
	// Blob is a gocloud.dev/blob bucket URL evidence is shared through
	// (file:///dir, s3://bucket?endpoint=…&region=…): workers upload each
	// run's evidence there and servers read it from there. Defaults to
	// none: evidence stays under DataDir/evidence.
	Blob string
	// BrowserURL connects the runner to a Chromium that runs already (a
	// browser pool) over CDP instead of starting one (runner.Config).
	// Defaults to starting Chromium.
	BrowserURL string
	// ProxyListen is where the target policy's proxy listens, host:port;
	// a remote browser must reach it. Defaults to 127.0.0.1:0.
	ProxyListen string
	// RateLimit is requests per second per key. Defaults to the API's
	// default (50); negative disables.
	RateLimit float64
	// Deriver turns claims into plans. Defaults to the service's default.
	Deriver service.Deriver
	// Logger receives logs. Defaults to slog.Default().
	Logger *slog.Logger
	// NoWorkers serves the API without running anything (runs stay
	// queued). Defaults to false.
	NoWorkers bool
	// Customize, if set, may adjust the service configuration before the
	// service is made (tests shorten timeouts and windows with it).
	Customize func(*service.Config)
	// Channels configures the chat endpoint and webhook delivery
	// (chat_webhooks.go).
	Channels ChannelsConfig
}

// Server is vouch serve. New opens everything and binds the listener;
// Start serves and starts the worker pool; Shutdown stops both.
type Server struct {
	cfg     Config
	log     *slog.Logger
	ln      net.Listener
	url     string
	svc     *service.Service
	api     *api.API
	console *console.Console
	closers []func() error
	http    *http.Server
	handler http.Handler

	mu      sync.Mutex
	started bool
	served  chan error

	// channels are the chat endpoint and webhook delivery.
	channels *channels
	// mounts are what routes registered on the server's mux (routes.go).
	mounts []mount
}

// New checks cfg, fills its defaults, opens the database under DataDir and
// binds the listener. Nothing is served until Start.
func New(cfg Config) (_ *Server, err error) {
	if cfg.DataDir == "" {
		return nil, errors.New("server: Config.DataDir is required")
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8080"
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("server: data directory: %w", err)
	}
	s := &Server{cfg: cfg, log: cfg.Logger}
	defer func() {
		if err != nil {
			s.closeAll()
		}
	}()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("server: listen: %w", err)
	}
	s.ln = ln
	s.closers = append(s.closers, func() error { _ = ln.Close(); return nil })
	s.url = strings.TrimRight(cfg.PublicURL, "/")
	if s.url == "" {
		s.url = "http://" + ln.Addr().String()
	}

	if cfg.Database == "" {
		cfg.Database = filepath.Join(cfg.DataDir, "vouch.db")
	}
	s.cfg = cfg
	st, err := backend.Open(context.Background(), cfg.Database)
	if err != nil {
		return nil, fmt.Errorf("server: database %s: %w", backend.Redact(cfg.Database), err)
	}
	s.closers = append(s.closers, st.Close)

	bucket, err := openBucket(context.Background(), cfg.Blob)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if bucket != nil {
		s.closers = append(s.closers, bucket.Close)
	}
	rn, policy, err := newRunner(cfg)
	if err != nil {
		return nil, err
	}
	if rn != nil {
		s.closers = append(s.closers, rn.Close)
	}
	scfg := service.Config{
		Store: st, DataDir: cfg.DataDir, PublicURL: s.url, Deriver: cfg.Deriver,
		Workers: cfg.Workers, NoWorkers: cfg.NoWorkers, Logger: cfg.Logger, EvidenceBucket: bucket,
		JobTimeout: cfg.JobTimeout, RescueAfter: cfg.RescueAfter, PollInterval: pollInterval(cfg.Database),
	}
	wireRunner(&scfg, rn, policy)
	if cfg.Customize != nil {
		cfg.Customize(&scfg)
	}
	s.svc, err = service.New(scfg)
	if err != nil {
		return nil, err
	}
	s.api, err = api.New(api.Config{Service: s.svc, Logger: cfg.Logger, RateLimit: cfg.RateLimit})
	if err != nil {
		return nil, err
	}
	if s.channels, err = newChannels(cfg, st, s.svc, s.url, cfg.Logger, s.api.Requests()); err != nil {
		return nil, err
	}
	s.console, err = console.New(console.Config{Service: s.svc, PublicURL: s.url, Logger: cfg.Logger, MaxRechecks: scfg.MaxRechecks,
		Webhooks: s.channels.webhooks})
	if err != nil {
		return nil, err
	}
	s.handler = s.routes()
	s.http = &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelWarn),
	}
	return s, nil
}

// routes joins the API and the console under one handler.
func (s *Server) routes() http.Handler {
	m := &routeMux{ServeMux: http.NewServeMux()}
	for _, p := range api.Prefixes {
		m.mount(p+"/", s.api, api.Routes())
	}
	m.Handle("/console/", s.console.Handler())
	s.mountChannels(m)
	// /mcp and live progress for the CLI, SDK and MCP clients.
	s.mountClientChannels(m)
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/console/", http.StatusSeeOther)
	})
	// Anything else is an API-style 404 envelope with a request id.
	m.Handle("/", s.api)
	s.mounts = m.mounts
	return m.ServeMux
}

// URL returns the server's public base URL (http://127.0.0.1:PORT by
// default).
func (s *Server) URL() string { return s.url }

// Addr returns the address the listener is bound to.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Handler returns the whole server as an http.Handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Service returns the service, for administration in tests and commands.
func (s *Server) Service() *service.Service { return s.svc }

// Start starts the worker pool (a River client working run jobs; its
// rescuer retries runs a dead process left running) and serves on the
// listener bound by New.
func (s *Server) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started {
		return errors.New("server: already started")
	}
	if !s.cfg.NoWorkers {
		if err := s.svc.Start(ctx); err != nil {
			return fmt.Errorf("server: worker pool: %w", err)
		}
	}
	if err := s.channels.start(ctx); err != nil {
		return fmt.Errorf("server: webhooks: %w", err)
	}
	s.started = true
	s.served = make(chan error, 1)
	go func() {
		err := s.http.Serve(s.ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		s.served <- err
	}()
	return nil
}

// Shutdown stops gracefully: the listener stops accepting, requests in
// flight finish, running runs finish or, when ctx ends first, are cancelled
// and re-queued for the next start; then the request log is flushed and
// the browser and database closed.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	var errs []error
	if started {
		if err := s.http.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("http: %w", err))
			_ = s.http.Close()
		}
		if err := <-s.served; err != nil {
			errs = append(errs, err)
		}
		if !s.cfg.NoWorkers {
			err := s.svc.Stop(ctx)
			switch {
			case err == nil:
			case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
				// The grace ended first: the runs still going were
				// cancelled and re-queued for the next start, as intended.
				s.log.Info("stopped with runs re-queued", "reason", err)
			default:
				errs = append(errs, fmt.Errorf("workers: %w", err))
				cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				errs = append(errs, s.svc.StopAndCancel(cctx))
				cancel()
			}
		}
	}
	if started {
		if err := s.channels.stop(ctx); err != nil {
			errs = append(errs, fmt.Errorf("webhooks: %w", err))
		}
	}
	if s.api != nil {
		if err := s.api.Close(ctx); err != nil {
			errs = append(errs, fmt.Errorf("request log: %w", err))
		}
	}
	errs = append(errs, s.closeAll())
	return errors.Join(errs...)
}

// Close stops quickly: like Shutdown with a 5 s grace, after which
// requests are cut and running runs are re-queued.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.Shutdown(ctx)
}

func (s *Server) closeAll() error {
	var errs []error
	for i := len(s.closers) - 1; i >= 0; i-- {
		errs = append(errs, s.closers[i]())
	}
	s.closers = nil
	return errors.Join(errs...)
}
