package mcpserver_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/mcpserver"
	"github.com/vouchdev/vouch/server/servertest"
)

// headerTransport adds an API key to every request of the MCP client.
type headerTransport struct {
	name, value string
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(h.name, h.value)
	return http.DefaultTransport.RoundTrip(r)
}

// connectHTTP opens an MCP session with the server's /mcp endpoint.
func connectHTTP(t *testing.T, ctx context.Context, url, header, value string) (*mcp.ClientSession, error) {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "vouch-test", Version: "1"}, nil)
	hc := &http.Client{Transport: headerTransport{header, value}}
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url + "/mcp", HTTPClient: hc, MaxRetries: -1}, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// connectStdio runs ServeStdio over a pipe pair, as vouch mcp does on its
// standard input and output.
func connectStdio(t *testing.T, ctx context.Context, c *client.Client) *mcp.ClientSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- mcpserver.ServeStdio(sctx, c, inR, outW, nil) }()
	t.Cleanup(func() {
		inW.Close()
		cancel()
		if err := <-done; err != nil && sctx.Err() == nil {
			t.Errorf("ServeStdio: %v", err)
		}
	})
	mc := mcp.NewClient(&mcp.Implementation{Name: "vouch-test", Version: "1"}, nil)
	cs, err := mc.Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and decodes its structured result.
func call(t *testing.T, ctx context.Context, cs *mcp.ClientSession, tool string, args map[string]any) (mcpserver.Result, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var r mcpserver.Result
	if res.IsError {
		return r, res
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: structured content %s: %v", tool, b, err)
	}
	// Compact enough for an assistant's context: a verdict, a prompt and
	// links, never page dumps.
	if len(b) > 8000 {
		t.Errorf("%s: structured result is %d bytes", tool, len(b))
	}
	return r, res
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// The tools through the official Go SDK's client, over streamable HTTP
// (the server's /mcp with the caller's key) and over stdio: prepare, the
// person approves, run, status until the decision, re-check after the
// fix; refusals come back as results the assistant can act on.
func TestTools(t *testing.T) {
	servertest.NeedChrome(t)
	env := servertest.Start(t, servertest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	sdk, err := client.New(client.Config{BaseURL: env.URL, APIKey: env.LaunchKey, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	transports := []struct {
		name    string
		connect func(t *testing.T) *mcp.ClientSession
	}{
		{"http", func(t *testing.T) *mcp.ClientSession {
			cs, err := connectHTTP(t, ctx, env.URL, "x-api-key", env.LaunchKey)
			if err != nil {
				t.Fatal(err)
			}
			return cs
		}},
		{"stdio", func(t *testing.T) *mcp.ClientSession { return connectStdio(t, ctx, sdk) }},
	}
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			env.App.Reset()
			cs := tr.connect(t)
			checkToolList(t, ctx, cs)
			charges := env.Charges(t)

			r, res := call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"deployment_url": env.AppURL, "claim": servertest.HomeClaim})
			if res.IsError || r.Status != "awaiting_approval" || !strings.HasPrefix(r.PlanID, "pln_") || r.ApproveURL != env.URL+"/console/plans/"+r.PlanID ||
				len(r.Requirements) == 0 || len(r.Journeys) == 0 || len(r.Journeys[0].Steps) == 0 || !strings.Contains(r.Next, "cannot approve") {
				t.Fatalf("svc_verify: %+v %s", r, textOf(res))
			}
			if !strings.Contains(textOf(res), r.ApproveURL) {
				t.Errorf("text content lacks the approve link: %s", textOf(res))
			}
			planID := r.PlanID
			// Asking to run a plan still pending runs nothing.
			if r, _ := call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"reviewed_plan_id": planID}); r.Status != "awaiting_approval" || r.ApproveURL == "" {
				t.Fatalf("svc_verify of a pending plan: %+v", r)
			}
			if r, _ := call(t, ctx, cs, mcpserver.ToolStatus, map[string]any{"plan_id": planID}); r.Status != "awaiting_approval" {
				t.Fatalf("svc_status pending: %+v", r)
			}
			if env.Charges(t) != charges {
				t.Fatal("charged before a person approved")
			}
			env.Approve(t, planID)
			if r, _ := call(t, ctx, cs, mcpserver.ToolStatus, map[string]any{"plan_id": planID, "wait_seconds": 5}); r.Status != "approved" || !strings.Contains(r.Message, env.Email) {
				t.Fatalf("svc_status approved: %+v", r)
			}
			if err := env.App.Set("home-text", true); err != nil {
				t.Fatal(err)
			}
			r, _ = call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"reviewed_plan_id": planID})
			if (r.Status != "queued" && r.Status != "running") || !strings.HasPrefix(r.VerificationID, "ver_") {
				t.Fatalf("svc_verify run: %+v", r)
			}
			failed := waitDecision(t, ctx, cs, r.VerificationID)
			if failed.Decision != client.Failed || failed.RepairPrompt == "" || !strings.HasPrefix(failed.ReportURL, env.URL) ||
				failed.Requirements[0].Result != "not_met" || !strings.Contains(failed.Next, "svc_recheck") ||
				len(failed.Journeys) == 0 || failed.Journeys[0].State != client.Failed {
				t.Fatalf("failed verdict: %+v", failed)
			}
			env.App.Reset()
			r, _ = call(t, ctx, cs, mcpserver.ToolRecheck, map[string]any{"verification_id": failed.VerificationID})
			if r.RecheckOf != failed.VerificationID || r.VerificationID == failed.VerificationID {
				t.Fatalf("svc_recheck: %+v", r)
			}
			verified := waitDecision(t, ctx, cs, r.VerificationID)
			if verified.Decision != client.Verified || verified.RepairPrompt != "" || verified.RecheckOf != failed.VerificationID ||
				!strings.HasPrefix(verified.Signature, "signature valid (key SHA256:") || !strings.HasPrefix(failed.Signature, "signature valid") {
				t.Fatalf("verified verdict: %+v", verified)
			}
			if got := env.Charges(t) - charges; got != 2 {
				t.Fatalf("%d charges for a run and a re-check", got)
			}
			// Refusals are results with what to do next.
			if r, _ := call(t, ctx, cs, mcpserver.ToolRecheck, map[string]any{"verification_id": verified.VerificationID}); r.Status != "refused" || r.Code != client.CodeRecheckNotAllowed || r.Next == "" {
				t.Fatalf("svc_recheck of a verified verification: %+v", r)
			}
			if r, _ := call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"deployment_url": env.AppURL, "claim": "Everyone loves this app"}); r.Status != "claim_not_provable" || r.RepairPrompt == "" {
				t.Fatalf("unprovable claim: %+v", r)
			}
			// Mistakes are tool errors the model reads.
			for _, bad := range []struct {
				tool string
				args map[string]any
				want string
			}{
				{mcpserver.ToolVerify, map[string]any{}, "deployment_url and claim"},
				{mcpserver.ToolStatus, map[string]any{}, "exactly one"},
				{mcpserver.ToolStatus, map[string]any{"verification_id": "ver_nope"}, "not_found"},
				{mcpserver.ToolRecheck, map[string]any{"verification_id": "ver_nope"}, "not_found"},
			} {
				_, res := call(t, ctx, cs, bad.tool, bad.args)
				if !res.IsError || !strings.Contains(textOf(res), bad.want) {
					t.Errorf("%s %v: isError %v, %s", bad.tool, bad.args, res.IsError, textOf(res))
				}
			}
			// Wrong argument types never reach the tool.
			if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolStatus, Arguments: map[string]any{"wait_seconds": "soon"}}); err == nil && !res.IsError {
				t.Errorf("wait_seconds as a string was accepted")
			}
		})
	}
}

// waitDecision calls svc_status until the verification completes.
func waitDecision(t *testing.T, ctx context.Context, cs *mcp.ClientSession, id string) mcpserver.Result {
	t.Helper()
	for range 30 {
		r, res := call(t, ctx, cs, mcpserver.ToolStatus, map[string]any{"verification_id": id, "wait_seconds": 10})
		if res.IsError {
			t.Fatalf("svc_status: %s", textOf(res))
		}
		if r.Status == "completed" {
			return r
		}
		if r.Status != "queued" && r.Status != "running" {
			t.Fatalf("svc_status: %+v", r)
		}
	}
	t.Fatalf("verification %s did not complete", id)
	return mcpserver.Result{}
}

// checkToolList checks the three tools, their schemas, and that none
// approves.
func checkToolList(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range lt.Tools {
		names = append(names, tool.Name)
		in, _ := json.Marshal(tool.InputSchema)
		out, _ := json.Marshal(tool.OutputSchema)
		if !strings.Contains(string(in), `"type":"object"`) || !strings.Contains(string(out), `"status"`) || tool.Description == "" {
			t.Errorf("tool %s: input %s output %s", tool.Name, in, out)
		}
		if strings.Contains(strings.ToLower(tool.Name), "approve") {
			t.Errorf("a tool approves: %s", tool.Name)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"svc_recheck", "svc_status", "svc_verify"}) {
		t.Fatalf("tools %v", names)
	}
}

// /mcp refuses requests without a valid key before any MCP message is
// handled; Authorization: Bearer works like x-api-key; a read key can
// prepare plans but not start runs.
func TestHTTPAuth(t *testing.T) {
	env := servertest.Start(t, servertest.Options{NoWorkers: true})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	unknown, err := auth.GenerateKey() // well formed, never stored
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, header, value string
		status              int
	}{
		{"no key", "", "", http.StatusUnauthorized},
		{"malformed key", "x-api-key", "vch_short", http.StatusUnauthorized},
		{"unknown key", "x-api-key", unknown.Secret, http.StatusUnauthorized},
		{"valid key", "x-api-key", env.ReadKey, http.StatusOK},
		{"bearer", "Authorization", "Bearer " + env.ReadKey, http.StatusOK},
		// Behind a reverse proxy: a loopback connection, the public name.
		{"proxied host", "x-api-key", env.ReadKey, http.StatusOK},
	}
	initBody := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequestWithContext(ctx, "POST", env.URL+"/mcp", strings.NewReader(initBody))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tt.header != "" {
				req.Header.Set(tt.header, tt.value)
			}
			if tt.name == "proxied host" {
				req.Host = "vouch.example.com"
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, b)
			}
			if tt.status == http.StatusUnauthorized && (!strings.Contains(string(b), `"code":"unauthorized"`) || res.Header.Get("WWW-Authenticate") == "") {
				t.Fatalf("refusal: %v %s", res.Header, b)
			}
		})
	}
	// A read key prepares; starting a run needs launch scope.
	cs, err := connectHTTP(t, ctx, env.URL, "Authorization", "Bearer "+env.ReadKey)
	if err != nil {
		t.Fatal(err)
	}
	r, res := call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"deployment_url": env.AppURL, "claim": servertest.HomeClaim})
	if res.IsError || r.Status != "awaiting_approval" {
		t.Fatalf("prepare with a read key: %+v %s", r, textOf(res))
	}
	env.Approve(t, r.PlanID)
	_, res = call(t, ctx, cs, mcpserver.ToolVerify, map[string]any{"reviewed_plan_id": r.PlanID})
	if !res.IsError || !strings.Contains(textOf(res), "insufficient_scope") {
		t.Fatalf("run with a read key: %s", textOf(res))
	}
	if env.Charges(t) != 0 {
		t.Fatal("a refused run charged")
	}
	// The official client cannot open a session with an unknown key.
	if _, err := connectHTTP(t, ctx, env.URL, "x-api-key", unknown.Secret); err == nil {
		t.Fatal("connected with an unknown key")
	}
}
