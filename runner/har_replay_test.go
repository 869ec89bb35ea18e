package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/vouchdev/vouch/evidence"
)

// replayApp is a page that needs a stylesheet, a script, JSON and a
// binary response to show what it shows: with any body missing from the
// HAR, its replay differs.
func replayApp(t testing.TB) *httptest.Server {
	t.Helper()
	files := map[string]struct{ ct, body string }{
		"/": {"text/html; charset=utf-8", `<!doctype html><html lang="en"><head><title>Replay me</title>
<link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script></head>
<body><h1>Orders</h1><p id="out">loading</p></body></html>`},
		"/app.css": {"text/css", `h1 { color: rgb(12, 34, 56); }`},
		"/app.js": {"text/javascript", `Promise.all([fetch('/data.json').then(r => r.json()), fetch('/blob.bin').then(r => r.arrayBuffer())])
  .then(([d, b]) => { document.getElementById('out').textContent = 'items: ' + d.items.length + ', bytes: ' + new Uint8Array(b)[3]; });`},
		"/data.json": {"application/json", `{"items": ["a", "b", "c"]}`},
		"/blob.bin":  {"application/octet-stream", "\x00\xff\xfe\x07\x80"},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", f.ct)
		_, _ = w.Write([]byte(f.body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestHARReplays records a page with vouch, stops the app, and replays
// vouch's HAR with Playwright's routeFromHAR (playwright-core on the
// Chromium the runner uses) and validates it with har-validator: the
// replayed page shows what the live one did, styles, script and data
// included. Without recorded bodies it replays blank.
func TestHARReplays(t *testing.T) {
	node, root := nodeWith(t, "playwright-core", "har-validator")
	app := replayApp(t)
	p := journeyPlan(t, `      - visit: /
      - expect_text: "items: 3, bytes: 7"
`)
	dir := t.TempDir()
	res := run(t, p, Options{BaseURL: app.URL, Dir: dir})
	wantDecision(t, res, evidence.Verified)
	harFile := filepath.Join(dir, res.Manifest.Journeys[0].HAR)
	b, err := os.ReadFile(harFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("HAR: %d bytes", len(b))
	app.Close() // replay offline

	chrome, err := FindChrome()
	if err != nil {
		t.Fatal(err)
	}
	// A bound so that a hung replay fails with its output; not a
	// performance assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(root, "jstest", "har_replay.mjs"), harFile, app.URL+"/")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CHROME="+chrome)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node jstest/har_replay.mjs: %v\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	var got struct {
		Valid            bool     `json:"valid"`
		ValidationErrors []string `json:"validationErrors"`
		Title            string   `json:"title"`
		Out              string   `json:"out"`
		Color            string   `json:"color"`
		Aborted          []string `json:"aborted"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("node printed no JSON: %v\n%s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	if !got.Valid {
		t.Errorf("har-validator rejects the HAR: %v", got.ValidationErrors)
	}
	if got.Title != "Replay me" || got.Out != "items: 3, bytes: 7" || got.Color != "rgb(12, 34, 56)" {
		t.Errorf("replayed page: title %q, #out %q, h1 colour %q (aborted %v); want the live page's", got.Title, got.Out, got.Color, got.Aborted)
	}
}

// nodeWith returns the node binary and the repository root, skipping the
// test (with the reason) when node or one of the npm packages is missing,
// unless CI=true, where that is a failure: .ci/run installs them.
func nodeWith(t *testing.T, packages ...string) (string, string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	missing := ""
	node, err := exec.LookPath("node")
	if err != nil {
		missing = "node is not installed"
	}
	for _, p := range packages {
		if _, err := os.Stat(filepath.Join(root, "node_modules", p, "package.json")); missing == "" && err != nil {
			missing = "node_modules/" + p + " is missing (run npm ci at the repository root)"
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
