package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vouchdev/vouch/mcpserver"
)

func init() {
	register(&command{
		name:    "mcp",
		summary: "Serve the MCP tools svc_verify, svc_status and svc_recheck on standard input and output, for an AI assistant, using the configured server and key.",
		usage:   "[--server URL] [--key KEY]",
		run:     mcpCmd,
	})
}

func mcpCmd(ctx context.Context, e *env, args []string) int {
	c := commands["mcp"]
	fs := newFlags(e, c)
	var cf clientFlags
	cf.register(fs, 0)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q", pos[0])
	}
	cl, err := newAPIClient(e, cf)
	if err != nil {
		return reportError(e, "mcp", err, false, nil)
	}
	// Standard output carries only the protocol; diagnostics go to stderr.
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if err := mcpserver.ServeStdio(ctx, cl, e.stdin, e.stdout, log); err != nil && ctx.Err() == nil {
		fmt.Fprintf(e.stderr, "vouch mcp: %v\n", err)
		return exitError
	}
	return 0
}
