// Command vouch derives, approves, runs and reports browser verifications.
//
// One binary holds every command; each command lives in its own file and
// registers itself in init, so main only parses the command line, handles
// signals and maps results to exit codes.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/vouchdev/vouch/version"
)

// Exit codes shared by every command. Documented in README.md and --help.
const (
	exitVerified = 0 // decision verified, or the command succeeded
	exitFailed   = 1 // decision failed
	exitBlocked  = 2 // decision blocked
	exitRefused  = 3 // plan invalid or claim not provable: nothing ran
	exitUsage    = 4 // bad flags or arguments
	exitRejected = 5 // a person rejected the plan
	exitTimeout  = 6 // gave up waiting (approval or result)
	exitError    = 7 // could not reach the server, auth refused, or an internal error
)

// command is one subcommand. run returns the process exit code.
type command struct {
	name    string
	summary string
	usage   string // one line: arguments and flags
	run     func(ctx context.Context, env *env, args []string) int
}

// env is what a command may touch besides its arguments, so tests can run
// commands in-process.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	mainStart = time.Now()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Main(ctx, &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:]))
}

// Main runs one command line and returns its exit code.
func Main(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, e, []string{"--help"})
			}
		}
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "version" {
		fmt.Fprintln(e.stdout, "vouch", version.String())
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "vouch: unknown command %q\n\n", args[0])
		usage(e.stderr)
		return exitUsage
	}
	return c.run(ctx, e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "vouch: prove that a deployed web app does what you claim, in a real browser.")
	fmt.Fprintln(w, "\nUsage: vouch COMMAND [arguments]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprint(w, `
Exit codes:
  0 verified (or success)   1 failed    2 blocked
  3 refused: invalid plan or unprovable claim, nothing ran
  4 usage error             5 plan rejected by a person
  6 timed out waiting       7 server, auth or internal error

Run "vouch COMMAND --help" for a command's flags.
`)
}

// newFlags makes a FlagSet whose --help prints the command's usage and
// flags to stdout.
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "Usage: vouch %s %s\n\n%s\n\nFlags:\n", c.name, c.usage, c.summary)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(e.stderr)
	}
	return fs
}

// parseArgs parses flags that may come before or after positional
// arguments ("vouch run plan.yaml --url X"). It returns the positional
// arguments, or an exit code when parsing ended the command (help or error).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0, false
			}
			return nil, exitUsage, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// usageError prints a usage problem and returns exitUsage.
func usageError(e *env, c *command, format string, a ...any) int {
	fmt.Fprintf(e.stderr, "vouch %s: %s\nUsage: vouch %s %s\n", c.name, fmt.Sprintf(format, a...), c.name, c.usage)
	return exitUsage
}
