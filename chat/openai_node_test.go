package chat_test

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

	"github.com/vouchdev/vouch/chat"
)

// nodeClient returns the node binary and the repository root, skipping
// the test (with the reason) when node or the openai package is missing,
// unless CI=true, where that is a failure: .ci/run installs both.
func nodeClient(t *testing.T) (string, string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	missing := ""
	switch {
	case err != nil:
		missing = "node is not installed"
	default:
		if _, err := os.Stat(filepath.Join(root, "node_modules", "openai", "package.json")); err != nil {
			missing = "node_modules/openai is missing (run npm ci at the repository root)"
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s, and CI=true", missing)
		}
		t.Skipf("skipping: %s", missing)
	}
	return node, root
}

// runNode runs jstest/chat.mjs and decodes the JSON it prints.
func runNode(t *testing.T, node, root string, env []string, out any, args ...string) {
	t.Helper()
	// A bound so that a hung client fails the test with its output instead
	// of waiting for go test's timeout; not a performance assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{filepath.Join(root, "jstest", "chat.mjs")}, args...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node jstest/chat.mjs %v: %v\nstdout: %s\nstderr: %s", args, err, stdout.String(), stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), out); err != nil {
		t.Fatalf("node printed no JSON: %v\n%s\nstderr: %s", err, stdout.String(), stderr.String())
	}
}

type streamed struct {
	Content string   `json:"content"`
	Role    string   `json:"role"`
	Finish  []string `json:"finish"`
	Chunks  int      `json:"chunks"`
	Usage   *struct {
		Total int `json:"total_tokens"`
	} `json:"usage"`
	Objects []string `json:"objects"`
	IDs     int      `json:"ids"`
}

type failure struct {
	Thrown    bool   `json:"thrown"`
	Name      string `json:"name"`
	Status    int    `json:"status"`
	Code      string `json:"code"`
	Field     string `json:"field"`
	RequestID string `json:"requestId"`
	Header    string `json:"header"`
	Type      string `json:"type"`
	Param     string `json:"param"`
}

// The official openai npm client chats with vouch unchanged, on the
// documented path and on the one it calls by default, streamed and not;
// its errors carry vouch's envelope. The conversation creates a plan that
// a person then approves, and the client starts its run.
func TestOpenAINodeClient(t *testing.T) {
	node, root := nodeClient(t)
	e := newEnv(t, chat.Config{})
	target := "https://staging.example.com"
	var got struct {
		Plain struct {
			Object, ID, Role, Finish, Content string
			Usage                             struct {
				Total int `json:"total_tokens"`
			}
		} `json:"plain"`
		PlanID        string `json:"planId"`
		Models        []struct{ ID, Object, OwnedBy string }
		Developer     bool
		StreamDoc     streamed
		StreamDefault streamed
		Errors        struct {
			BadKey, BadRole, BadRoleStream failure
		}
	}
	runNode(t, node, root, []string{"VOUCH_URL=" + e.srv.URL, "VOUCH_KEY=" + e.read, "TARGET_URL=" + target}, &got, "converse")

	if got.Plain.Object != "chat.completion" || got.Plain.Role != "assistant" || got.Plain.Finish != "stop" ||
		!strings.HasPrefix(got.Plain.ID, "chatcmpl-") || got.Plain.Usage.Total == 0 {
		t.Errorf("completion: %+v", got.Plain)
	}
	if got.PlanID == "" || !strings.Contains(got.Plain.Content, "/console/plans/"+got.PlanID) {
		t.Fatalf("no plan and approve link in:\n%s", got.Plain.Content)
	}
	if len(got.Models) != 1 || got.Models[0].ID != "vouch" || got.Models[0].Object != "model" || !got.Developer {
		t.Errorf("models %+v, developer role answered %v", got.Models, got.Developer)
	}
	for name, s := range map[string]streamed{"documented path": got.StreamDoc, "default path": got.StreamDefault} {
		if !strings.Contains(s.Content, got.PlanID+" is waiting for a person's approval") || s.Role != "assistant" ||
			len(s.Finish) != 1 || s.Finish[0] != "stop" || s.Chunks < 3 || s.Usage == nil || s.IDs != 1 ||
			len(s.Objects) != 1 || s.Objects[0] != "chat.completion.chunk" {
			t.Errorf("%s stream: %+v", name, s)
		}
	}
	for name, tt := range map[string]struct {
		f            failure
		status       int
		code, field  string
		errorClasses string
		typ          string
	}{
		"bad key":         {got.Errors.BadKey, 401, "unauthorized", "", "AuthenticationError", "authentication_error"},
		"bad role":        {got.Errors.BadRole, 400, "invalid_request", "messages[1].role", "BadRequestError", "invalid_request_error"},
		"bad role stream": {got.Errors.BadRoleStream, 400, "invalid_request", "messages[0].role", "BadRequestError", "invalid_request_error"},
	} {
		f := tt.f
		// The client reads OpenAI's type and param from the body.
		if !f.Thrown || f.Status != tt.status || f.Code != tt.code || f.Field != tt.field || f.Name != tt.errorClasses ||
			f.RequestID == "" || f.RequestID != f.Header || f.Type != tt.typ || f.Param != tt.field {
			t.Errorf("%s: %+v", name, f)
		}
	}

	// A person approves the plan; the client (with a launch key) runs it.
	if _, err := e.svc.Approve(e.ctx, e.person, got.PlanID, ""); err != nil {
		t.Fatal(err)
	}
	var run struct{ Content, Status string }
	runNode(t, node, root, []string{"VOUCH_URL=" + e.srv.URL, "VOUCH_KEY=" + e.launch}, &run, "say", "run "+got.PlanID)
	id := verRe.FindString(run.Content)
	if id == "" || !strings.Contains(run.Status, id+" is queued") {
		t.Fatalf("run: %+v", run)
	}
	if v, err := e.svc.GetVerification(e.ctx, id); err != nil || v.PlanID != got.PlanID {
		t.Errorf("verification %s: %+v, %v", id, v, err)
	}
}
