package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
)

// execMainEnv makes this test binary act as the vouch binary: a child
// started with it set runs Main on its arguments. It is checked in init,
// before the testing package reads the command line, so the stdio MCP
// test runs the real command without building a binary.
const execMainEnv = "VOUCH_TEST_EXEC_MAIN"

func init() {
	if os.Getenv(execMainEnv) != "1" {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	code := Main(ctx, &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:])
	stop()
	os.Exit(code)
}

// repoRoot is the module root: package.json and node_modules are there.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s", dir)
	}
	return dir
}

// needNode returns the node binary, skipping the test when Node or the
// npm packages are missing — except with CI=true, where .ci/run installs
// them and their absence is a failure.
func needNode(t *testing.T, root string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(root, "node_modules", "@modelcontextprotocol", "sdk", "package.json"))
		if err != nil {
			err = fmt.Errorf("node_modules lacks @modelcontextprotocol/sdk: run npm ci at %s", root)
		}
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: %v", err)
		}
		t.Skipf("skipping: %v", err)
	}
	return node
}

// The official MCP TypeScript SDK client (npm @modelcontextprotocol/sdk)
// drives the tools over both transports: stdio, spawning `vouch mcp` with
// the configured server and key, and streamable HTTP at /mcp with the
// key. It lists the tools, checks their schemas, and calls each one
// through a verification that a person approves (here, the test).
func TestMCPWithTypeScriptClient(t *testing.T) {
	root := repoRoot(t)
	node := needNode(t, root)
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		transport string
		vars      map[string]string
	}{
		{"stdio", map[string]string{
			"VOUCH_COMMAND": self,
			"VOUCH_ARGS":    `["mcp"]`,
			// The child finds the server and key as a user's vouch mcp
			// would: from the environment.
			"VOUCH_CHILD_ENV": mustJSON(t, map[string]string{
				execMainEnv: "1", "VOUCH_SERVER": env.URL, "VOUCH_API_KEY": env.LaunchKey,
				"HOME": t.TempDir(), "PATH": os.Getenv("PATH"),
			}),
		}},
		{"http", map[string]string{"VOUCH_URL": env.URL, "VOUCH_API_KEY": env.LaunchKey}},
	}
	for _, tt := range tests {
		t.Run(tt.transport, func(t *testing.T) {
			env.App.Reset()
			charges := env.Charges(t)
			runNodeScript(t, node, root, "jstest/mcp_client.mjs", merge(tt.vars, map[string]string{
				"VOUCH_TRANSPORT": tt.transport, "APP_URL": env.AppURL, "CLAIM": servertest.HomeClaim,
			}), func(ask []string) error {
				switch ask[0] {
				case "approve":
					env.Approve(t, ask[1])
				case "break":
					return env.App.Set("home-text", true)
				case "fix":
					env.App.Reset()
				default:
					return fmt.Errorf("unknown request %q", ask)
				}
				return nil
			})
			// A run and a re-check: two charges, whatever the transport.
			if got := env.Charges(t) - charges; got != 2 {
				t.Fatalf("%d charges, want 2", got)
			}
		})
	}
}

// runNodeScript runs a script of jstest/ and answers its ASK lines; the
// script must end by printing PASS and exiting 0.
func runNodeScript(t *testing.T, node, root, script string, vars map[string]string, answer func([]string) error) {
	t.Helper()
	// A bound so that a stuck script fails with its output instead of
	// hanging until go test's timeout; not a performance assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(root, script))
	cmd.Dir = root
	cmd.Env = os.Environ()
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := sc.Text()
		out = append(out, line)
		if ask, ok := strings.CutPrefix(line, "ASK "); ok {
			if err := answer(strings.Fields(ask)); err != nil {
				t.Errorf("answering %q: %v", line, err)
				break
			}
			if _, err := io.WriteString(stdin, "ok\n"); err != nil {
				t.Errorf("answering %q: %v", line, err)
				break
			}
		}
	}
	stdin.Close()
	err = cmd.Wait()
	if err != nil || len(out) == 0 || out[len(out)-1] != "PASS" {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", script, err, strings.Join(out, "\n"), stderr.String())
	}
	if testing.Verbose() {
		t.Logf("%s:\n%s", script, stderr.String())
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
