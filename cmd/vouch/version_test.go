package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One version, set at link time, is what --version prints, what the MCP
// server announces in its initialize answer and what the Go client sends
// as its User-Agent (client.Version): a binary built with
// -ldflags "-X github.com/vouchdev/vouch/version.Version=…" says it
// everywhere.
func TestVersionSetAtBuildTime(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("the go command is not on PATH, and CI=true")
		}
		t.Skip("skipping: the go command is not on PATH")
	}
	const want = "9.8.7-test"
	bin := filepath.Join(t.TempDir(), "vouch")
	// Bounds so that a stuck build or server fails with its output.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, gobin, "build", "-o", bin, "-ldflags", "-X github.com/vouchdev/vouch/version.Version="+want, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, bin, "--version").Output()
	if err != nil || strings.TrimSpace(string(out)) != "vouch "+want {
		t.Errorf("--version printed %q (%v), want %q", out, err, "vouch "+want)
	}

	mcp := exec.CommandContext(ctx, bin, "mcp", "--server", "http://127.0.0.1:9", "--key", "vch_"+strings.Repeat("A", 36))
	mcp.Env = []string{"HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + t.TempDir()}
	in, err := mcp.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := mcp.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	mcp.Stderr = &stderr
	if err := mcp.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); _ = mcp.Wait() }()
	if _, err := in.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no initialize answer: %v\nstderr: %s", err, stderr.String())
	}
	var res struct {
		Result struct {
			ServerInfo struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"serverInfo"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &res); err != nil || res.Result.ServerInfo.Version != want {
		t.Errorf("MCP serverInfo %+v (%v), want version %q: %s", res.Result.ServerInfo, err, want, line)
	}
}
