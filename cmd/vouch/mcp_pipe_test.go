package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
)

// The built binary answers every request it read when its input closes
// right after them, as a shell pipe does:
// printf '<initialize>\n<initialized>\n<tools/list>\n' | vouch mcp.
func TestMCPAnswersRequestsBeforeStdinCloses(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "vouch")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const (
		initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`
		initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
		toolsList   = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
		// A tool call that must reach the (unreachable) server before it
		// can answer.
		status = `{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"svc_status","arguments":{"verification_id":"ver_x"}}}`
	)
	tests := []struct {
		name  string
		lines []string
		ids   []string
	}{
		{"initialize and tools/list", []string{initialize, initialized, toolsList}, []string{"1", "2"}},
		{"a tool call", []string{initialize, initialized, toolsList, status}, []string{"1", "2", `"three"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a bound on a hang, not a timing
			defer cancel()
			script := `printf '%s\n' "$@" | "$VOUCH_BIN" mcp`
			cmd := exec.CommandContext(ctx, sh, append([]string{"-c", script, "sh"}, tt.lines...)...)
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "VOUCH_BIN=" + bin,
				"VOUCH_SERVER=" + servertest.ClosedPort(t), "VOUCH_API_KEY=vch_unused"}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v\nstderr: %s", err, stderr.String())
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
				var m struct {
					ID     json.RawMessage `json:"id"`
					Result json.RawMessage `json:"result"`
				}
				if err := json.Unmarshal([]byte(line), &m); err != nil || m.Result == nil {
					t.Fatalf("not a JSON-RPC result: %q (%v)", line, err)
				}
				got = append(got, string(m.ID))
			}
			if strings.Join(got, " ") != strings.Join(tt.ids, " ") {
				t.Errorf("answers to %v, want %v; stdout:\n%s\nstderr: %s", got, tt.ids, stdout.String(), stderr.String())
			}
			if strings.Contains(stdout.String(), `"tools/list"`) || !strings.Contains(stdout.String(), `"svc_verify"`) {
				t.Errorf("tools/list answer lacks the tools:\n%s", stdout.String())
			}
		})
	}
}
