package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/server"
	"github.com/vouchdev/vouch/store/backend"
)

func init() {
	register(&command{
		name:    "worker",
		summary: "run queued verifications from a shared database, with no HTTP (alongside vouch serve --workers 0)",
		usage:   "[--database PATH|postgres://URL] [--data DIR] [--concurrency N] [--chrome PATH] [--allow-targets LIST] [--public-url URL] [--job-timeout 30m] [--rescue-after 35m]",
		run:     runWorker,
	})
}

func runWorker(ctx context.Context, e *env, args []string) int {
	c := commands["worker"]
	fs := newFlags(e, c)
	data := fs.String("data", defaultDataDir, "data `directory`: evidence (the one the server reads) and, by default, the database")
	database := fs.String("database", e.getenv("VOUCH_DATABASE"), databaseUsage)
	concurrency := fs.Int("concurrency", 2, "runs executed at once")
	chrome := fs.String("chrome", "", "Chromium `binary` (default: $VOUCH_CHROME, then the usual places)")
	blobURL := fs.String("blob", e.getenv("VOUCH_BLOB"), "evidence bucket `URL` shared by servers and workers on different machines: file:///dir?create_dir=true or s3://bucket?endpoint=…&region=… (default: $VOUCH_BLOB, else none: evidence stays under --data)")
	browserURL := fs.String("browser-url", "", "use the Chromium already running at this DevTools `URL` (ws://host:port/devtools/browser/… or http://host:port, a browser pool) instead of starting one; the target policy still applies through its proxy")
	proxyListen := fs.String("proxy-listen", "", "`host:port` the target policy's proxy listens on; a --browser-url browser on another machine must reach it (default 127.0.0.1 on a free port)")
	allow := fs.String("allow-targets", "", "comma-separated `hosts and CIDRs` deployment URLs are limited to (as for serve)")
	public := fs.String("public-url", "", "the server's public base `URL`, for evidence links in completion events")
	jobTimeout, rescueAfter := jobFlags(fs)
	grace := fs.Duration("shutdown-timeout", 60*time.Second, "on SIGTERM, how long running runs may finish before they go back to the queue")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q", pos[0])
	}
	if msg := checkJobFlags(*jobTimeout, *rescueAfter); msg != "" {
		return usageError(e, c, "%s", msg)
	}
	if *concurrency < 1 {
		return usageError(e, c, "--concurrency must be at least 1")
	}
	targets, err := netpolicy.Parse(*allow)
	if err != nil {
		return usageError(e, c, "--allow-targets: %v", err)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	w, err := server.NewWorker(server.WorkerConfig{
		DataDir: *data, Database: *database, Concurrency: *concurrency, ChromePath: *chrome, BrowserURL: *browserURL, ProxyListen: *proxyListen, Blob: *blobURL,
		AllowTargets: targets, PublicURL: *public, Logger: log, JobTimeout: *jobTimeout, RescueAfter: *rescueAfter,
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch worker: %v\n", err)
		return exitError
	}
	if err := w.Start(ctx); err != nil {
		fmt.Fprintf(e.stderr, "vouch worker: %v\n", err)
		_ = w.Shutdown(context.Background())
		return exitError
	}
	fmt.Fprintf(e.stdout, "vouch worker running %d at once from %s\n", *concurrency, backend.Redact(databaseOf(*data, *database)))
	<-ctx.Done()
	fmt.Fprintln(e.stdout, "vouch worker: stopping: no new runs; running runs finish or go back to the queue")
	sctx, cancel := context.WithTimeout(context.Background(), *grace)
	defer cancel()
	if err := w.Shutdown(sctx); err != nil {
		fmt.Fprintf(e.stderr, "vouch worker: shutdown: %v\n", err)
		return exitError
	}
	fmt.Fprintln(e.stdout, "vouch worker: stopped")
	return 0
}

// jobFlags defines --job-timeout and --rescue-after (serve and worker).
func jobFlags(fs *flag.FlagSet) (jobTimeout, rescueAfter *time.Duration) {
	jobTimeout = fs.Duration("job-timeout", 30*time.Minute, "the most one attempt of a run may take (each run's own bound is its journeys' budgets, up to this)")
	rescueAfter = fs.Duration("rescue-after", 0, "how long a run may stay running before it is taken for stuck (its worker died) and retried; more than --job-timeout (default --job-timeout + 5m)")
	return jobTimeout, rescueAfter
}

// checkJobFlags returns what is wrong with --job-timeout and
// --rescue-after, or "".
func checkJobFlags(jobTimeout, rescueAfter time.Duration) string {
	switch {
	case jobTimeout < time.Second:
		return "--job-timeout must be at least 1s"
	case rescueAfter != 0 && rescueAfter <= jobTimeout:
		return "--rescue-after must be more than --job-timeout"
	}
	return ""
}
