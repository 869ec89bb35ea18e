package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/version"
)

func init() {
	register(&command{
		name:    "init",
		summary: "Record which vouch server to use and which environment variable holds the API key (never the key), after checking both work.",
		usage:   "--server URL [--key-env NAME]",
		run:     initCmd,
	})
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func initCmd(ctx context.Context, e *env, args []string) int {
	c := commands["init"]
	fs := newFlags(e, c)
	server := fs.String("server", "", "vouch server `URL` (default $VOUCH_SERVER)")
	keyEnv := fs.String("key-env", "VOUCH_API_KEY", "`name` of the environment variable that holds the API key")
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(e, c, "unexpected argument %q", pos[0])
	}
	if *server == "" {
		*server = e.getenv("VOUCH_SERVER")
	}
	if *server == "" {
		return usageError(e, c, "--server URL is required")
	}
	if strings.HasPrefix(*keyEnv, "vch_") {
		return usageError(e, c, "--key-env takes the NAME of a variable, not the key: the key is never written to disk")
	}
	if !envName.MatchString(*keyEnv) {
		return usageError(e, c, "--key-env %q is not an environment variable name", *keyEnv)
	}
	key := e.getenv(*keyEnv)
	if key == "" {
		return usageError(e, c, "$%s is not set: export it with your API key first (a person creates one with vouch keys create)", *keyEnv)
	}
	cl, err := client.New(client.Config{BaseURL: *server, APIKey: key, UserAgent: "vouch-cli/" + version.String(), MaxRetries: 1})
	if err != nil {
		return usageError(e, c, "%v", err)
	}
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := cl.Check(cctx); err != nil {
		fmt.Fprintf(e.stderr, "vouch init: cannot use %s with the key in $%s; nothing written.\n", cl.BaseURL(), *keyEnv)
		return reportError(e, "init", err, false, nil)
	}
	p, err := configPath(e.getenv)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch init: %v\n", err)
		return exitError
	}
	if err := writeConfig(p, &clientConfig{Server: cl.BaseURL(), KeyEnv: *keyEnv}); err != nil {
		fmt.Fprintf(e.stderr, "vouch init: %v\n", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "Wrote %s: server %s, API key read from $%s at each use (the key itself is not stored).\n", p, cl.BaseURL(), *keyEnv)
	return 0
}
