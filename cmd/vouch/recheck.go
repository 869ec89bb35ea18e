package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vouchdev/vouch/client"
)

func init() {
	register(&command{
		name:    "recheck",
		summary: "Re-run the approved plan of a failed verification after a fix (billed as one verification) and report the decision.",
		usage:   "ID [--url URL] [--json] [--no-wait] [--timeout D] [--server URL] [--key KEY]",
		run:     recheckCmd,
	})
}

func recheckCmd(ctx context.Context, e *env, args []string) int {
	c := commands["recheck"]
	fs := newFlags(e, c)
	var cf clientFlags
	cf.register(fs, 30*time.Minute)
	target := fs.String("url", "", "start at another path on the same scheme and host (default: the original URL)")
	asJSON := fs.Bool("json", false, "print the new verification as JSON")
	noWait := fs.Bool("no-wait", false, "start the re-check and exit 0 without waiting for its decision")
	withExitCodes(e, fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "give the ID of one failed verification (ver_…)")
	}
	if cf.timeout <= 0 {
		return usageError(e, c, "--timeout must be positive")
	}
	cl, err := newAPIClient(e, cf)
	if err != nil {
		return reportError(e, "recheck", err, *asJSON, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, cf.timeout)
	defer cancel()
	v, err := cl.Recheck(ctx, client.RecheckRequest{ID: pos[0], DeploymentURL: *target})
	if err != nil {
		return reportError(e, "recheck", err, *asJSON, nil)
	}
	if !*asJSON {
		fmt.Fprintf(e.stdout, "Re-check %s of %s %s (billed as one verification).\n", v.ID, pos[0], v.State)
	}
	if *noWait {
		if *asJSON {
			printJSON(e, map[string]any{"verification": v})
		}
		return exitVerified
	}
	done, err := waitResult(ctx, cl, v.ID, newWatcher(e, e.stderr))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(e.stderr, "vouch recheck: gave up after %s: %s is still running; later: vouch result %s\n", cf.timeout, v.ID, v.ID)
		}
		return reportError(e, "recheck", err, *asJSON, map[string]any{"verification": v})
	}
	if *asJSON {
		printJSON(e, map[string]any{"verification": done, "exit_code": decisionCode(done.Decision)})
	} else {
		printVerification(e.stdout, done)
	}
	return decisionCode(done.Decision)
}
