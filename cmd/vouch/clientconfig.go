package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/version"
)

// The client commands (verify, recheck, result, replay, mcp) find the
// server and key the same way: --server and --key, else VOUCH_SERVER and
// VOUCH_API_KEY, else the config file vouch init writes, which holds the
// server URL and the NAME of the environment variable holding the key —
// never the key.

// clientConfig is the file vouch init writes.
type clientConfig struct {
	Server string `json:"server"`
	// KeyEnv names the environment variable that holds the API key.
	KeyEnv string `json:"key_env"`
}

// configPath is $XDG_CONFIG_HOME/vouch/config.json, else
// ~/.config/vouch/config.json.
func configPath(getenv func(string) string) (string, error) {
	if x := getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "vouch", "config.json"), nil
	}
	home := getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("cannot find the config directory: set XDG_CONFIG_HOME or HOME")
		}
		home = h
	}
	return filepath.Join(home, ".config", "vouch", "config.json"), nil
}

// loadConfig reads the config file; a missing file is an empty config.
func loadConfig(getenv func(string) string) (*clientConfig, string, error) {
	p, err := configPath(getenv)
	if err != nil {
		return nil, "", err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return &clientConfig{}, p, nil
	}
	if err != nil {
		return nil, p, err
	}
	var c clientConfig
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, p, fmt.Errorf("%s is not valid JSON: %v (run vouch init again)", p, err)
	}
	return &c, p, nil
}

// writeConfig writes the config file with mode 0600 in a 0700 directory,
// atomically.
func writeConfig(p string, c *clientConfig) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".config-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), p)
}

// clientFlags are the flags every client command has.
type clientFlags struct {
	server  string
	key     string
	timeout time.Duration
	poll    time.Duration
}

func (f *clientFlags) register(fs *flag.FlagSet, timeout time.Duration) {
	fs.StringVar(&f.server, "server", "", "vouch server `URL` (default $VOUCH_SERVER, then the config vouch init wrote)")
	fs.StringVar(&f.key, "key", "", "the API `KEY` (default $VOUCH_API_KEY, then the variable the config names; prefer the environment: flags show in ps)")
	if timeout > 0 {
		fs.DurationVar(&f.timeout, "timeout", timeout, "give up waiting after this long (exit 6)")
		fs.DurationVar(&f.poll, "poll", 2*time.Second, "how often to ask the server while waiting")
	}
}

// credentialError is a missing server or key: a usage problem (exit 4).
type credentialError struct{ msg string }

func (e *credentialError) Error() string { return e.msg }

// newAPIClient finds the server and key and makes a client.
func newAPIClient(e *env, f clientFlags) (*client.Client, error) {
	server, key := f.server, f.key
	if server == "" {
		server = e.getenv("VOUCH_SERVER")
	}
	var cfg *clientConfig
	var cfgPath string
	if server == "" || key == "" {
		var err error
		if cfg, cfgPath, err = loadConfig(e.getenv); err != nil {
			return nil, &credentialError{err.Error()}
		}
	}
	if server == "" {
		server = cfg.Server
	}
	if key == "" {
		key = e.getenv("VOUCH_API_KEY")
	}
	if key == "" && cfg != nil && cfg.KeyEnv != "" {
		key = e.getenv(cfg.KeyEnv)
		if key == "" {
			return nil, &credentialError{fmt.Sprintf("no API key: %s names $%s, which is not set (or pass --key, or set VOUCH_API_KEY)", cfgPath, cfg.KeyEnv)}
		}
	}
	switch {
	case server == "":
		return nil, &credentialError{"no server: pass --server URL, set VOUCH_SERVER, or run vouch init"}
	case key == "":
		return nil, &credentialError{"no API key: set VOUCH_API_KEY (or pass --key), or run vouch init to name the variable that holds it"}
	}
	pi := f.poll
	if pi <= 0 {
		pi = 2 * time.Second
	}
	return client.New(client.Config{BaseURL: server, APIKey: key, PollInterval: pi, UserAgent: "vouch-cli/" + version.String()})
}

// exitFor maps an error of a client command to its exit code.
func exitFor(err error) int {
	var ce *client.Error
	var cred *credentialError
	switch {
	case errors.As(err, &cred):
		return exitUsage
	case errors.Is(err, context.DeadlineExceeded):
		return exitTimeout
	case errors.As(err, &ce):
		switch ce.Code {
		case client.CodeClaimNotProvable, client.CodePlanIntegrity, client.CodeRecheckWindowClosed,
			client.CodeRecheckLimitReached, client.CodeRecheckNotAllowed:
			return exitRefused
		case client.CodePlanRejected:
			return exitRejected
		case client.CodeInvalidRequest, client.CodeNotFound, client.CodeTargetNotAllowed,
			client.CodeRecheckHostMismatch, client.CodeIdempotencyKeyReused:
			return exitUsage
		}
	}
	return exitError
}

// reportError prints a client command's error (with what the envelope
// carries: the repair prompt, the approve link, the request id) and
// returns its exit code. With asJSON the error also goes to stdout as
// {"error": {...}, "exit_code": N} for machines, beside what extra holds
// (the plan or verification so far).
func reportError(e *env, name string, err error, asJSON bool, extra map[string]any) int {
	code := exitFor(err)
	var ce *client.Error
	if asJSON {
		out := map[string]any{"code": "client_error", "message": err.Error()}
		if errors.As(err, &ce) {
			out = map[string]any{"code": ce.Code, "message": ce.Message, "request_id": ce.RequestID, "status": ce.Status}
			for k, v := range map[string]string{"repair_prompt": ce.RepairPrompt, "approve_url": ce.ApproveURL, "plan_id": ce.PlanID, "field": ce.Field} {
				if v != "" {
					out[k] = v
				}
			}
		} else if code == exitTimeout {
			out["code"] = "timeout"
		}
		doc := map[string]any{"error": out, "exit_code": code}
		for k, v := range extra {
			doc[k] = v
		}
		printJSON(e, doc)
	}
	if errors.As(err, &ce) {
		fmt.Fprintf(e.stderr, "vouch %s: %s", name, ce.Message)
		if ce.Code != "" {
			fmt.Fprintf(e.stderr, " [%s", ce.Code)
			if ce.RequestID != "" {
				fmt.Fprintf(e.stderr, ", request_id %s", ce.RequestID)
			}
			fmt.Fprint(e.stderr, "]")
		}
		fmt.Fprintln(e.stderr)
		if ce.RepairPrompt != "" {
			fmt.Fprintf(e.stderr, "\nRepair prompt:\n%s\n", indent(strings.TrimRight(ce.RepairPrompt, "\n")))
		}
		if ce.ApproveURL != "" {
			fmt.Fprintf(e.stderr, "Approve at: %s\n", ce.ApproveURL)
		}
		return code
	}
	fmt.Fprintf(e.stderr, "vouch %s: %v\n", name, err)
	return code
}

func printJSON(e *env, v any) {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// exitCodeHelp ends the help of the commands that report a decision.
const exitCodeHelp = `
Exit codes:
  0 verified (with --no-wait: prepared or started)   1 failed   2 blocked
  3 refused, nothing ran: claim not provable, re-check refused
  4 usage: bad flags, unknown ID, deployment URL refused, no server or key configured
  5 plan rejected by a person
  6 gave up waiting (--timeout), or --no-wait on a verification still running
  7 server unreachable, key refused or lacking scope, server error
`

// withExitCodes appends the exit codes to a command's --help.
func withExitCodes(e *env, fs *flag.FlagSet) {
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprint(e.stdout, exitCodeHelp)
	}
}
