package e2e

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vouchdev/vouch/server/servertest"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
)

// BenchmarkWorkersScale measures how journeys per minute grow with the
// number of `vouch worker` processes sharing one River queue, on
// PostgreSQL (LISTEN/NOTIFY) and on SQLite (one file, polled every 50 ms),
// against a target whose pages take 300–500 ms to answer (runs wait on the
// network, not on the machine's cores), with the machine's CPU use over
// each row (to tell a CPU-bound row from a queue-bound one); and the queue
// latency (a run's insert to the start of its attempt, right before its
// browser's first action) on SQLite and on PostgreSQL. Run it on its own:
//
//	go test ./e2e -run '^$' -bench WorkersScale -benchtime 1x
func BenchmarkWorkersScale(b *testing.B) {
	servertest.NeedChrome(b)
	bin := buildVouch(b)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(time.Duration(300+rand.IntN(201)) * time.Millisecond)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="en"><title>Slow</title><h1>Welcome to testapp</h1></html>`)
	}))
	defer slow.Close()
	const journeys = 60
	database := func(db string) string {
		if db == "postgres" {
			return pgtest.URL(b)
		}
		return filepath.Join(b.TempDir(), "vouch.db")
	}
	for range b.N {
		for _, db := range []string{"postgres", "sqlite"} {
			var base float64
			for _, n := range []int{1, 2, 4} {
				q := startQueue(b, bin, database(db), slow.URL, n)
				before := readCPU(b)
				jpm := q.throughput(b, journeys)
				busy := readCPU(b).busySince(before)
				if n == 1 {
					base = jpm
				}
				fmt.Printf("scale: river on %s, workers=%d journeys=%d journeys/min=%.1f ratio=%.2f (target >= %.1f) machine CPU busy %.0f%% of %d cores\n",
					db, n, journeys, jpm, jpm/base, 0.8*float64(n), 100*busy, runtime.NumCPU())
				q.stop()
			}
		}
		for _, db := range []string{"sqlite", "postgres"} {
			q := startQueue(b, bin, database(db), slow.URL, 1)
			p50, p99 := q.latency(b, 20)
			fmt.Printf("scale: queue latency, river on %s (insert to attempt start, 1 worker, 20 runs one at a time): p50=%v p99=%v\n", db, p50, p99)
			q.stop()
		}
	}
}

// cpuTimes are the machine's CPU counters from /proc/stat (all cores, in
// clock ticks): busy and total.
type cpuTimes struct{ busy, total uint64 }

func readCPU(b *testing.B) cpuTimes {
	b.Helper()
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		b.Fatal(err)
	}
	line, _, _ := strings.Cut(string(raw), "\n")
	var t cpuTimes
	for i, f := range strings.Fields(line)[1:] {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			b.Fatalf("/proc/stat: %v", err)
		}
		t.total += n
		if i != 3 && i != 4 { // idle, iowait
			t.busy += n
		}
	}
	return t
}

// busySince is the share of the machine's CPU time that was busy since
// before (every process's, not only vouch's).
func (t cpuTimes) busySince(before cpuTimes) float64 {
	if t.total == before.total {
		return 0
	}
	return float64(t.busy-before.busy) / float64(t.total-before.total)
}

// queue is a vouch serve --workers 0 and n vouch worker processes on one
// database, with an approved plan for the target.
type queue struct {
	database, base, key, plan, target string
	procs                             []*serveProc
	hc                                *http.Client
}

func startQueue(b *testing.B, bin, database, target string, n int) *queue {
	b.Helper()
	dir := b.TempDir()
	run := func(stdin string, args ...string) string {
		cmd := exec.Command(bin, append(args, "--data", dir, "--database", database)...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("vouch %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	const email, password = "ops@example.com", "a long enough password"
	run(password+"\n", "users", "add", email, "--password-stdin")
	q := &queue{database: database, target: target, key: run("", "keys", "create", "--scope", "launch"),
		hc: &http.Client{Timeout: time.Minute}}
	srv := startServe(b, bin, dir, "--workers", "0", "--database", database)
	q.base = srv.base
	q.procs = append(q.procs, srv)
	for i := range n {
		q.procs = append(q.procs, startWorker(b, bin, fmt.Sprintf("worker-%d", i), dir, database, "--concurrency", "1"))
	}
	var created struct {
		PlanID string `json:"plan_id"`
	}
	q.post(b, map[string]any{"deployment_url": target, "claim": homeClaim}, &created)
	servertest.SignIn(b, q.base, email, password).Approve(b, created.PlanID)
	q.plan = created.PlanID
	return q
}

func (q *queue) post(b *testing.B, body map[string]any, out any) {
	b.Helper()
	j, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", q.base+"/api/v1/verifications", bytes.NewReader(j))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", q.key)
	res, err := q.hc.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		b.Fatalf("create: %d", res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		b.Fatal(err)
	}
}

// start queues a run of the plan and returns its id.
func (q *queue) start(b *testing.B) string {
	var v struct{ ID string }
	q.post(b, map[string]any{"deployment_url": q.target, "claim": homeClaim, "reviewed_plan_id": q.plan}, &v)
	return v.ID
}

// wait polls until every run completed verified.
func (q *queue) wait(b *testing.B, ids []string) {
	b.Helper()
	deadline := time.Now().Add(15 * time.Minute)
	for _, id := range ids {
		for {
			req, _ := http.NewRequest("GET", q.base+"/api/v1/verifications/"+id, nil)
			req.Header.Set("x-api-key", q.key)
			res, err := q.hc.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			var v struct{ State, Decision string }
			err = json.NewDecoder(res.Body).Decode(&v)
			res.Body.Close()
			if err != nil {
				b.Fatal(err)
			}
			if v.State == "completed" {
				if v.Decision != "verified" {
					b.Fatalf("%s: %s", id, v.Decision)
				}
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("%s did not complete", id)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// throughput queues n one-journey runs at once and returns journeys per
// minute from the first insert to the last decision.
func (q *queue) throughput(b *testing.B, n int) float64 {
	b.Helper()
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() { ids[i] = q.start(b) })
	}
	wg.Wait()
	q.wait(b, ids)
	first, last := q.span(b)
	return float64(n) / last.Sub(first).Minutes()
}

// span is the first creation and the last completion in the database.
func (q *queue) span(b *testing.B) (time.Time, time.Time) {
	b.Helper()
	var first, last int64
	q.query(b, `SELECT MIN(created_at), MAX(completed_at) FROM verifications`, func(r *sql.Rows) error { return r.Scan(&first, &last) })
	return time.UnixMilli(first), time.UnixMilli(last)
}

// latency runs n runs one at a time and returns the p50 and p99 of their
// insert-to-attempt-start delays.
func (q *queue) latency(b *testing.B, n int) (time.Duration, time.Duration) {
	b.Helper()
	for range n {
		q.wait(b, []string{q.start(b)})
	}
	var ds []time.Duration
	q.query(b, `SELECT started_at - created_at FROM verifications`, func(r *sql.Rows) error {
		var d int64
		if err := r.Scan(&d); err != nil {
			return err
		}
		ds = append(ds, time.Duration(d)*time.Millisecond)
		return nil
	})
	slices.Sort(ds)
	return ds[len(ds)/2], ds[(len(ds)*99)/100]
}

func (q *queue) query(b *testing.B, stmt string, scan func(*sql.Rows) error) {
	b.Helper()
	driver, dsn := "sqlite", "file:"+q.database+"?mode=ro"
	if strings.HasPrefix(q.database, "postgres://") {
		driver, dsn = "pgx", q.database
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(stmt)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			b.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
}

func (q *queue) stop() {
	for i := len(q.procs) - 1; i >= 0; i-- {
		q.procs[i].kill()
	}
}
