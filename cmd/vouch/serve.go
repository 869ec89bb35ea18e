package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/vouchdev/vouch/chat"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/server"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/backend"
)

// defaultDataDir is where serve, users and keys keep the database and
// evidence unless --data says otherwise.
const defaultDataDir = "./vouch-data"

func init() {
	register(&command{
		name:    "serve",
		summary: "run the HTTP API, the approval pages and the worker pool",
		usage:   "[--addr 127.0.0.1:8080] [--data DIR] [--database PATH|postgres://URL] [--workers N] [--allow-targets LIST] [--public-url URL] [--notify-url URL] [--job-timeout 30m] [--rescue-after 35m]",
		run:     runServe,
	})
}

func runServe(ctx context.Context, e *env, args []string) int {
	c := commands["serve"]
	fs := newFlags(e, c)
	addr := fs.String("addr", "127.0.0.1:8080", "listening `address`")
	data := fs.String("data", defaultDataDir, "data `directory`: database and evidence")
	database := fs.String("database", e.getenv("VOUCH_DATABASE"), databaseUsage)
	workers := fs.Int("workers", 2, "runs executed at once; 0 serves the API and console only (runs wait for a worker)")
	allow := fs.String("allow-targets", "", "comma-separated `hosts and CIDRs` deployment URLs are limited to (default: any address but link-local and cloud-metadata ones)")
	public := fs.String("public-url", "", "base `URL` people reach this server at, for approve links (default: http://ADDR)")
	chrome := fs.String("chrome", "", "Chromium `binary` (default: $VOUCH_CHROME, then the usual places)")
	blobURL := fs.String("blob", e.getenv("VOUCH_BLOB"), "evidence bucket `URL` shared by servers and workers on different machines: file:///dir?create_dir=true or s3://bucket?endpoint=…&region=… (default: $VOUCH_BLOB, else none: evidence stays under --data)")
	browserURL := fs.String("browser-url", "", "use the Chromium already running at this DevTools `URL` (ws://host:port/devtools/browser/… or http://host:port, a browser pool) instead of starting one; the target policy still applies through its proxy")
	proxyListen := fs.String("proxy-listen", "", "`host:port` the target policy's proxy listens on; a --browser-url browser on another machine must reach it (default 127.0.0.1 on a free port)")
	notify := fs.String("notify-url", e.getenv("VOUCH_NOTIFY_URL"), "chat channel's incoming-webhook `URL` (Slack format) told about every completed verification (default: $VOUCH_NOTIFY_URL)")
	grace := fs.Duration("shutdown-timeout", 60*time.Second, "on SIGTERM, how long running runs may finish before they are re-queued")
	jobTimeout, rescueAfter := jobFlags(fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q", pos[0])
	}
	if *workers < 0 {
		return usageError(e, c, "--workers must be 0 or more")
	}
	if msg := checkJobFlags(*jobTimeout, *rescueAfter); msg != "" {
		return usageError(e, c, "%s", msg)
	}
	targets, err := netpolicy.Parse(*allow)
	if err != nil {
		return usageError(e, c, "--allow-targets: %v", err)
	}
	upstream, err := chat.UpstreamFromEnv(e.getenv)
	if err != nil {
		return usageError(e, c, "%v", err)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, err := server.New(server.Config{
		Addr: *addr, DataDir: *data, Database: *database, Workers: *workers, NoWorkers: *workers == 0, AllowTargets: targets,
		JobTimeout: *jobTimeout, RescueAfter: *rescueAfter,
		PublicURL: *public, ChromePath: *chrome, BrowserURL: *browserURL, ProxyListen: *proxyListen, Blob: *blobURL, Logger: log,
		Channels: server.ChannelsConfig{NotifyURL: *notify, ChatUpstream: upstream},
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch serve: %v\n", err)
		return exitError
	}
	if n, err := srv.Service().CountUsers(ctx); err == nil && n == 0 {
		abs, _ := filepath.Abs(*data)
		if *database != "" {
			abs += " --database " + backend.Redact(*database)
		}
		fmt.Fprintf(e.stdout, `No person can sign in yet. Create the first one and a key:

  printf '%%s\n' 'a long password' | vouch users add you@example.com --password-stdin --admin --data %[1]s
  vouch keys create --scope launch --name ci --data %[1]s

`, abs)
	}
	if err := srv.Start(ctx); err != nil {
		fmt.Fprintf(e.stderr, "vouch serve: %v\n", err)
		_ = srv.Close()
		return exitError
	}
	fmt.Fprintf(e.stdout, "vouch serving on %s (API %s/api/v1, console %s/console/)\n", srv.Addr(), srv.URL(), srv.URL())
	<-ctx.Done()
	fmt.Fprintln(e.stdout, "vouch: stopping: no new requests; running runs finish or go back to the queue")
	sctx, cancel := context.WithTimeout(context.Background(), *grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(e.stderr, "vouch serve: shutdown: %v\n", err)
		return exitError
	}
	fmt.Fprintln(e.stdout, "vouch: stopped")
	return 0
}

// databaseUsage describes --database, which serve, worker, migrate, users
// and keys share.
const databaseUsage = "the `database`: a SQLite file or a postgres:// URL (default: $VOUCH_DATABASE, then DATA/vouch.db)"

// databaseOf is the database a command uses: database, else dir/vouch.db.
func databaseOf(dir, database string) string {
	if database != "" {
		return database
	}
	return filepath.Join(dir, "vouch.db")
}

// openAdminService opens the database (databaseOf) for administration
// commands: no workers, no browser.
func openAdminService(ctx context.Context, dir, database string) (*service.Service, func(), error) {
	db := databaseOf(dir, database)
	if !backend.IsPostgres(db) {
		// As serve does: a first `users add` may come before any serve.
		if err := os.MkdirAll(filepath.Dir(db), 0o750); err != nil {
			return nil, nil, err
		}
	}
	st, err := backend.Open(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	svc, err := service.New(service.Config{Store: st, DataDir: dir, NoWorkers: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		_ = st.Close()
		return nil, nil, err
	}
	return svc, func() { _ = st.Close() }, nil
}
