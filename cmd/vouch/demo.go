package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"github.com/vouchdev/vouch/fixtures"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/testapp"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "Start the bundled demo app and verify it twice in headless Chromium: once as it is, once with a feature broken on purpose.",
		usage:   "[--out DIR] [--json]",
		run:     demoCmd,
	})
}

func demoCmd(ctx context.Context, e *env, args []string) int {
	c := commands["demo"]
	fs := newFlags(e, c)
	var f runFlags
	f.register(fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "demo takes no arguments")
	}
	if f.out == "" {
		f.out = filepath.Join("vouch-out", "demo-"+time.Now().UTC().Format("20060102-150405"))
	}
	data, err := fixtures.Plans.ReadFile("plans/signin.yaml")
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch demo: %v\n", err)
		return exitError
	}
	p, err := plan.Parse(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch demo: %v\n", err)
		return exitError
	}

	app := testapp.New()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch demo: %v\n", err)
		return exitError
	}
	srv := &http.Server{Handler: app.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	base := "http://" + l.Addr().String()

	// The demo supplies the demo account's password the way a user would:
	// through the environment, never in the plan.
	getenv := e.getenv
	demoEnv := *e
	demoEnv.getenv = func(k string) string {
		if k == "DEMO_PASSWORD" {
			return testapp.DefaultPassword
		}
		return getenv(k)
	}

	fmt.Fprintf(e.stdout, "Demo app on %s\nPlan %q (id %s):\n", base, p.Name, p.ID()[:12])
	for _, s := range p.Journeys[0].Steps {
		fmt.Fprintf(e.stdout, "  - %s\n", s.Describe())
	}

	fmt.Fprintln(e.stdout, "\n1. The app as it is — expect verified:")
	out := f.out
	f.out = filepath.Join(out, "as-is")
	first := runPlan(ctx, &demoEnv, p, base, f)

	fmt.Fprintln(e.stdout, "\n2. The same plan after breaking sign-in on purpose — expect failed, with a repair prompt:")
	if err := app.Set("login", true); err != nil {
		fmt.Fprintf(e.stderr, "vouch demo: %v\n", err)
		return exitError
	}
	f.out = filepath.Join(out, "broken")
	second := runPlan(ctx, &demoEnv, p, base, f)

	if first == exitVerified && second == exitFailed {
		fmt.Fprintf(e.stdout, "\nDemo done: verified, then failed, as expected. Open the report.html files above to see the evidence.\n")
		return 0
	}
	fmt.Fprintf(e.stderr, "\nvouch demo: unexpected decisions (exit codes %d and %d; want 0 and 1)\n", first, second)
	return exitError
}
