package webhook_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/testapp"
)

// needChrome skips a test when Chromium is not installed, unless CI=true,
// where it fails.
func needChrome(t *testing.T) { t.Helper(); servertest.NeedChrome(t) }

// serveProc is `vouch serve` in its own process group, so that SIGKILL
// takes its Chromium too, as a machine crash would.
type serveProc struct {
	cmd    *exec.Cmd
	base   string
	exited chan struct{}
}

var servingRe = regexp.MustCompile(`vouch serving on (\S+)`)

func startServe(t *testing.T, bin string, args ...string) *serveProc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1"}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = tWriter{t}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, exited: make(chan struct{})}
	t.Cleanup(p.kill)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := servingRe.FindStringSubmatch(sc.Text()); m != nil {
			p.base = "http://" + m[1]
			break
		}
	}
	if p.base == "" {
		t.Fatalf("vouch serve did not start: %v", sc.Err())
	}
	go func() {
		_, _ = io.Copy(io.Discard, out)
		_ = cmd.Wait()
		close(p.exited)
	}()
	return p
}

// kill sends SIGKILL to the process group and waits for vouch to exit.
func (p *serveProc) kill() {
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.exited
}

// httpJSON sends a JSON request with a key and decodes the answer.
func httpJSON(t *testing.T, c *http.Client, method, u, key string, body any, header map[string]string) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	b, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(b, &m)
	return res.StatusCode, m
}

var formCSRF = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// approveAsPerson signs in through the console and approves a plan with
// the session's CSRF token, as a person's browser does.
func approveAsPerson(t *testing.T, base, email, password, planID string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	res, err := c.Get(base + "/console/sign-in")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := formCSRF.FindSubmatch(page)
	if m == nil {
		t.Fatalf("no csrf_token on the sign-in page")
	}
	res, err = c.PostForm(base+"/console/sign-in", url.Values{"email": {email}, "password": {password}, "csrf_token": {string(m[1])}, "next": {"/console/plans"}})
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if m = formCSRF.FindSubmatch(page); m == nil || res.Request.URL.Path != "/console/plans" {
		t.Fatalf("sign-in ended at %s", res.Request.URL)
	}
	if status, body := httpJSON(t, c, "POST", base+"/api/v1/verifications/plans/"+planID+"/approve", "", nil, map[string]string{"X-CSRF-Token": string(m[1])}); status != 200 {
		t.Fatalf("approve: %d %v", status, body)
	}
}

// A `vouch serve` SIGKILLed after a verification completed (its event
// committed) but before its webhook was delivered delivers it after a
// restart, with the same webhook-id and a valid signature; the chat
// channel gets its message too. The receiver holds the first attempt
// open until the kill, so the kill lands between commit and delivery.
func TestServeKilledBeforeDelivery(t *testing.T) {
	needChrome(t)
	bin := filepath.Join(t.TempDir(), "vouch")
	build := exec.Command("go", "build", "-o", bin, "../cmd/vouch")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	dir := t.TempDir()
	run := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("vouch %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	const email, password = "ops@example.com", "a long enough password"
	run(password+"\n", "users", "add", email, "--password-stdin", "--data", dir)
	key := run("", "keys", "create", "--scope", "launch", "--data", dir)
	app := httptest.NewServer(testapp.New().Handler())
	t.Cleanup(app.Close)

	rcv := newReceiver(t, http.StatusOK)
	rcv.hold = make(chan struct{})
	channel := newReceiver(t, http.StatusOK)
	hc := &http.Client{Timeout: 60 * time.Second}

	p := startServe(t, bin, "--data", dir, "--notify-url", channel.URL())
	status, ep := httpJSON(t, hc, "POST", p.base+"/api/v1/webhooks", key, map[string]any{"url": rcv.URL()}, nil)
	if status != http.StatusCreated {
		t.Fatalf("register: %d %v", status, ep)
	}
	epID, _ := ep["id"].(string)
	rcv.mu.Lock()
	rcv.secret = ep["secret"].(string)
	rcv.mu.Unlock()

	const claim = `The home page shows "Welcome to testapp"`
	status, created := httpJSON(t, hc, "POST", p.base+"/api/v1/verifications", key, map[string]any{"deployment_url": app.URL, "claim": claim}, nil)
	if status != http.StatusAccepted {
		t.Fatalf("create: %d %v", status, created)
	}
	planID := created["plan_id"].(string)
	approveAsPerson(t, p.base, email, password, planID)
	status, v := httpJSON(t, hc, "POST", p.base+"/api/v1/verifications", key, map[string]any{"deployment_url": app.URL, "claim": claim, "reviewed_plan_id": planID}, nil)
	if status != http.StatusAccepted {
		t.Fatalf("run: %d %v", status, v)
	}
	id := v["id"].(string)

	// The first attempt reaches the receiver, which does not answer.
	select {
	case <-rcv.arrived:
	case <-time.After(3 * time.Minute): // a bound for a stuck run, not a timing assertion
		t.Fatal("no webhook attempt arrived")
	}
	p.kill()
	close(rcv.hold)

	p = startServe(t, bin, "--data", dir, "--notify-url", channel.URL())
	select {
	case <-rcv.arrived:
	case <-time.After(2 * time.Minute):
		t.Fatal("no webhook attempt after the restart")
	}
	got := rcv.requests()
	if len(got) != 2 {
		t.Fatalf("receiver got %d requests, want 2", len(got))
	}
	webhookID := got[0].header.Get("webhook-id")
	for i, r := range got {
		if r.verifyErr != nil {
			t.Errorf("request %d: signature refused: %v", i, r.verifyErr)
		}
		if r.header.Get("webhook-id") != webhookID || webhookID == "" {
			t.Errorf("request %d: webhook-id %q, first %q", i, r.header.Get("webhook-id"), webhookID)
		}
	}
	data, _ := eventBody(t, got[1].body)["data"].(map[string]any)
	if data["id"] != id || data["decision"] != "verified" || data["claim"] != claim {
		t.Errorf("payload data: %v", data)
	}

	// The log says delivered, after an interrupted first attempt; waiting
	// for the attempt to be recorded is bounded, not timed.
	var d map[string]any
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		var list map[string]any
		_, list = httpJSON(t, hc, "GET", p.base+"/api/v1/webhooks/"+epID+"/deliveries", key, nil, nil)
		ds, _ := list["deliveries"].([]any)
		if len(ds) == 1 && ds[0].(map[string]any)["state"] == "delivered" {
			d = ds[0].(map[string]any)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery log: %v", list)
		}
	}
	_, detail := httpJSON(t, hc, "GET", p.base+"/api/v1/webhooks/"+epID+"/deliveries/"+d["id"].(string), key, nil, nil)
	log, _ := detail["attempt_log"].([]any)
	if d["webhook_id"] != webhookID || len(log) != 2 || !strings.Contains(log[0].(map[string]any)["error"].(string), "interrupted") ||
		log[1].(map[string]any)["status"] != float64(200) {
		t.Errorf("delivery detail: %v", detail)
	}
	select {
	case <-channel.arrived:
	case <-time.After(time.Minute):
		t.Fatal("the chat channel got no message")
	}
	msgs := channel.requests()
	if len(msgs) == 0 || !strings.Contains(string(msgs[0].body), id) || !strings.Contains(string(msgs[0].body), "verified") {
		t.Errorf("chat channel: %d messages", len(msgs))
	}

	// The chat endpoint is served too.
	status, reply := httpJSON(t, hc, "POST", p.base+"/api/v1/chat", key, map[string]any{"messages": []map[string]string{{"role": "user", "content": "status of " + id}}}, nil)
	if status != 200 || !strings.Contains(reply["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)["content"].(string), "verified") {
		t.Errorf("chat: %d %v", status, reply)
	}
}
