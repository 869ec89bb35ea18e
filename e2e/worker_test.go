package e2e

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
	"github.com/vouchdev/vouch/testapp"
)

// startWorker starts `vouch worker` on database in its own process group
// (so that a kill takes its Chromium too) and waits until it runs.
func startWorker(t testing.TB, bin, name, dir, database string, extra ...string) *serveProc {
	t.Helper()
	return startWorkerEnv(t, bin, name, dir, database, nil, extra...)
}

// startWorkerEnv is startWorker with extra environment variables.
func startWorkerEnv(t testing.TB, bin, name, dir, database string, env []string, extra ...string) *serveProc {
	t.Helper()
	args := append([]string{"worker", "--data", dir, "--database", database, "--concurrency", "2"}, extra...)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = prefixWriter{t, name}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, exited: make(chan struct{})}
	t.Cleanup(func() { p.kill() })
	sc := bufio.NewScanner(out)
	started := false
	for sc.Scan() {
		t.Logf("%s: %s", name, sc.Text())
		if strings.HasPrefix(sc.Text(), "vouch worker running") {
			started = true
			break
		}
	}
	if !started {
		t.Fatalf("vouch worker %s did not start: %v", name, sc.Err())
	}
	go func() {
		for sc.Scan() {
			t.Logf("%s: %s", name, sc.Text())
		}
		_, _ = io.Copy(io.Discard, out)
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p
}

type prefixWriter struct {
	t    testing.TB
	name string
}

func (w prefixWriter) Write(b []byte) (int, error) {
	w.t.Logf("%s: %s", w.name, strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// vouch serve --workers 0 and vouch worker processes on one PostgreSQL
// database: workers are killed with SIGKILL mid-run, twice; every run
// still reaches a decision on another worker, with exactly one charge,
// and its evidence lists each artifact once.
func TestWorkersCrashOnPostgres(t *testing.T) {
	needChrome(t)
	bin := buildVouch(t)
	pg := pgtest.URL(t)
	dir := t.TempDir()
	app := testapp.New()
	ts := httptest.NewServer(app.Handler())
	defer ts.Close()
	// Every home page load takes 3 s, so runs are caught mid-way.
	if err := app.Set("slow-home", true); err != nil {
		t.Fatal(err)
	}
	const email, password = "ops@example.com", "a long enough password"
	key := operatorKey(t, bin, email, password, "--data", dir, "--database", pg)

	srv := startServe(t, bin, dir, "--workers", "0", "--database", pg)
	e := &env{t: t, base: srv.base, launch: key, read: key, email: email, password: password, hc: &http.Client{Timeout: 60 * time.Second}}
	planID := e.approved(ts.URL, homeClaim)
	var ids []string
	for range 4 {
		ids = append(ids, e.startRun(planID, ts.URL, homeClaim))
	}

	// A short attempt bound, so that River's rescuer takes a dead worker's
	// runs for stuck soon (it looks every 30 s).
	rescue := []string{"--job-timeout", "15s", "--rescue-after", "20s"}
	// Round 1: the only worker is killed while it runs.
	a := startWorker(t, bin, "worker-a", dir, pg, rescue...)
	waitAnyState(t, e, ids, "running")
	a.kill()
	// Round 2: two workers; one of them is killed mid-run too.
	b := startWorker(t, bin, "worker-b", dir, pg, rescue...)
	c := startWorker(t, bin, "worker-c", dir, pg, rescue...)
	waitAnyState(t, e, ids, "running")
	time.Sleep(time.Second) // let both workers claim
	c.kill()

	for _, id := range ids {
		v := e.wait(id)
		if v["decision"] != "verified" {
			t.Errorf("%s: decision %v, want verified: %v", id, v["decision"], v)
		}
		ev, _ := v["evidence"].(map[string]any)
		arts, _ := ev["artifacts"].([]any)
		if len(arts) == 0 {
			t.Errorf("%s: no evidence: %v", id, v)
		}
		// One entry per artifact of the attempt that decided: an
		// interrupted attempt's files are not listed with it.
		seen := map[string]bool{}
		for _, a := range arts {
			m, _ := a.(map[string]any)
			k := fmt.Sprint(m["kind"], m["journey"], m["step"], m["sha256"])
			if seen[k] {
				t.Errorf("%s: artifact %s listed twice", id, k)
			}
			seen[k] = true
		}
	}
	if n := e.usageTotal(); n != len(ids) {
		t.Errorf("%d charges for %d runs", n, len(ids))
	}
	if n := queryInt(t, pg, `SELECT count(*) FROM (SELECT verification_id FROM charges GROUP BY verification_id HAVING count(*) > 1) d`); n != 0 {
		t.Errorf("%d runs charged more than once", n)
	}
	if n := queryInt(t, pg, `SELECT max(attempts) FROM verifications`); n < 2 {
		t.Errorf("no run was interrupted (max attempts %d): the kills came too late to test anything", n)
	}
	// Every interrupted attempt is listed with the run, its kept evidence
	// can be fetched, and the JUnit output names it.
	retried := 0
	for _, id := range ids {
		attempts := queryInt(t, pg, `SELECT attempts FROM verifications WHERE id = '`+id+`'`)
		if attempts < 2 {
			continue
		}
		retried++
		v := e.wait(id)
		ev, _ := v["evidence"].(map[string]any)
		listed, _ := ev["attempts"].([]any)
		if len(listed) != attempts-1 {
			t.Errorf("%s: %d attempts, %d earlier ones listed: %v", id, attempts, len(listed), ev["attempts"])
			continue
		}
		for _, a := range listed {
			urls, _ := a.(map[string]any)["evidence_urls"].([]any)
			for _, u := range urls {
				path := strings.TrimPrefix(u.(string), srv.base)
				if r := e.do(req{method: "GET", path: path, key: key}); r.status != http.StatusOK {
					t.Errorf("%s: %d", u, r.status)
				}
			}
		}
		junit := filepath.Join(t.TempDir(), "junit.xml")
		cmd := exec.Command(bin, "result", id, "--junit", junit, "--server", srv.base, "--key", key)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("vouch result --junit: %v\n%s", err, out)
		}
		x, err := os.ReadFile(junit)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(x), `name="vouch.attempt.1" value="interrupted`) || !strings.Contains(string(x), "Attempt 1: interrupted before a decision") {
			t.Errorf("%s: JUnit does not list the interrupted attempt:\n%s", id, x)
		}
	}
	if retried == 0 {
		t.Error("no retried run to check the attempts of")
	}
	b.kill()
	srv.kill()
}

// queryInt runs a query with one integer answer on a PostgreSQL database.
func queryInt(t *testing.T, url, q string) int {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A worker and a server that share the database and an evidence bucket
// but not a data directory, as on two machines: the worker uploads the
// run's evidence to the bucket, the server fetches it from there, serves
// every artifact with its sha256, and finds the signature valid. The
// bucket is a directory (fileblob), then an S3-compatible server on
// loopback (gofakes3, speaking the S3 protocol over HTTP to the AWS SDK
// that s3blob uses).
func TestEvidenceThroughBucket(t *testing.T) {
	needChrome(t)
	bin := buildVouch(t)
	for _, kind := range []string{"file", "s3"} {
		t.Run(kind, func(t *testing.T) { evidenceThroughBucket(t, bin, kind) })
	}
}

func evidenceThroughBucket(t *testing.T, bin, kind string) {
	serverDir, workerDir := t.TempDir(), t.TempDir()
	database := filepath.Join(t.TempDir(), "vouch.db")
	bucketDir := t.TempDir()
	bucket := "file://" + bucketDir + "?create_dir=true"
	var procEnv []string
	var s3 *s3mem.Backend
	if kind == "s3" {
		s3 = s3mem.New()
		if err := s3.CreateBucket("vouch-evidence"); err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(gofakes3.New(s3).Server())
		defer srv.Close()
		bucket = "s3://vouch-evidence?endpoint=" + srv.URL + "&region=us-east-1&use_path_style=true"
		procEnv = []string{"AWS_ACCESS_KEY_ID=vouch-test", "AWS_SECRET_ACCESS_KEY=vouch-test-secret", "AWS_EC2_METADATA_DISABLED=true"}
	}
	app := testapp.New()
	ts := httptest.NewServer(app.Handler())
	defer ts.Close()
	const email, password = "ops@example.com", "a long enough password"
	key := operatorKey(t, bin, email, password, "--data", serverDir, "--database", database)
	// The worker makes its signing key at its start and publishes the
	// public half in the database; the server, on its own disk, has a key
	// of its own and none of the worker's files.
	startWorkerEnv(t, bin, "worker", workerDir, database, procEnv, "--blob", bucket)
	srv := startServeEnv(t, bin, serverDir, procEnv, "--workers", "0", "--database", database, "--blob", bucket)

	e := &env{t: t, base: srv.base, launch: key, read: key, email: email, password: password, hc: &http.Client{Timeout: 60 * time.Second}}
	planID := e.approved(ts.URL, homeClaim)
	id := e.startRun(planID, ts.URL, homeClaim)
	v := e.wait(id)
	if v["decision"] != "verified" {
		t.Fatalf("decision %v: %v", v["decision"], v)
	}
	// The worker wrote the run's files to the bucket; the server, which
	// ran nothing, holds them only because it fetched them from there.
	if _, err := os.Stat(filepath.Join(serverDir, "evidence", id, "manifest.json")); err != nil {
		t.Errorf("the server fetched no manifest: %v", err)
	}
	if kind == "file" {
		if _, err := os.Stat(filepath.Join(bucketDir, id, "manifest.json")); err != nil {
			t.Errorf("no manifest in the bucket: %v", err)
		}
	} else if _, err := s3.HeadObject("vouch-evidence", id+"/manifest.json"); err != nil {
		t.Errorf("no manifest in the S3 bucket: %v", err)
	}
	// vouch result --download checks every artifact's sha256.
	dl := t.TempDir()
	cmd := exec.Command(bin, "result", id, "--download", dl, "--server", srv.base, "--key", key)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vouch result --download: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dl, "manifest.json")); err != nil {
		t.Fatal(err)
	}
	r := e.do(req{method: "GET", path: "/api/v1/verifications/" + id, key: key})
	att, _ := r.json(t)["attestation"].(map[string]any)
	if att["valid"] != true {
		t.Errorf("attestation of the fetched evidence: %v", att)
	}
	// The server publishes the worker's key, which verifies the run
	// offline.
	keys := filepath.Join(t.TempDir(), "keys.json")
	if err := os.WriteFile(keys, e.do(req{method: "GET", path: "/api/v1/attestation-keys"}).body, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "evidence", "verify", dl, "--key", keys).CombinedOutput(); err != nil {
		t.Errorf("vouch evidence verify with the published keys: %v\n%s", err, out)
	}
}
