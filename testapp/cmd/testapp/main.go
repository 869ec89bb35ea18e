// Command testapp serves the demo target app that vouch's tests drive.
//
//	go run ./testapp/cmd/testapp --addr 127.0.0.1:8081 --break home-text,login
//
// Breakage switches can also be flipped while it runs:
//
//	curl -X POST 'http://127.0.0.1:8081/__testapp/break?name=login&on=1'
//	curl -X POST http://127.0.0.1:8081/__testapp/reset
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/vouchdev/vouch/testapp"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(2)
	}
}

// run serves until ctx is done; it is apart from main so it can be tested with port 0.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("testapp", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8081", "address to listen on (port 0 picks a free one)")
	breaks := fs.String("break", "", "comma-separated breakage switches to turn on at start (see --list)")
	password := fs.String("password", testapp.DefaultPassword, "password of "+testapp.DemoEmail)
	list := fs.Bool("list", false, "print the breakage switches and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *list {
		for _, b := range testapp.Breakages() {
			fmt.Fprintf(stdout, "%-20s %s\n", b.Name, b.Description)
		}
		return nil
	}

	app := testapp.New()
	app.SetPassword(*password)
	for name := range strings.SplitSeq(*breaks, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if err := app.Set(name, true); err != nil {
			return err
		}
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stdout, nil))
	log.Info("testapp listening", "url", "http://"+ln.Addr().String(), "break", *breaks)

	srv := &http.Server{Handler: app.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Slow pages hold requests open for seconds; don't wait on them for long.
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
	}
	return nil
}
