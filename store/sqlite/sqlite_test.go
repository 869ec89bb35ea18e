package sqlite_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
	"github.com/vouchdev/vouch/store/storetest"
)

func open(t *testing.T) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "vouch.db")})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) { storetest.Run(t, open) }

// TestReopen checks that migrations apply once and data survives a restart.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vouch.db")
	for i := range 3 {
		s, err := sqlite.Open(ctx, sqlite.Config{Path: path})
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		if err := s.CreateUser(ctx, &store.User{ID: "usr_" + string(rune('a'+i)), Email: string(rune('a'+i)) + "@example.com", PasswordHash: "h", CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		n, err := s.CountUsers(ctx)
		if err != nil || n != i+1 {
			t.Errorf("open %d: CountUsers = %d, %v", i, n, err)
		}
		var mode string
		if err := s.DB().QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("journal_mode = %q, %v; want wal", mode, err)
		}
		s.Close()
	}
}

// TestAdoptRuns: a run left queued or running by a version whose queue was
// the store's own table (no River job) gets its job when the store opens,
// so an upgrade loses no run.
func TestAdoptRuns(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vouch.db")
	s, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	createRuns(t, s, "ver_a", "ver_b")
	// As the older version left them: one queued, one running, no jobs.
	for _, q := range []string{`DELETE FROM river_job`, `UPDATE verifications SET job_id = NULL`,
		`UPDATE verifications SET state = 'running', attempts = 1 WHERE id = 'ver_b'`} {
		if _, err := s.DB().ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	q, err := s.Queue(&river.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ver_a", "ver_b"} {
		v, err := s.GetVerification(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if v.State != store.Queued || v.JobID == 0 {
			t.Errorf("%s after reopening: %s, job %d", id, v.State, v.JobID)
			continue
		}
		if job, err := q.JobGet(ctx, v.JobID); err != nil || job.State != rivertype.JobStateAvailable || job.Kind != store.RunKind {
			t.Errorf("%s's job: %v, %v", id, job, err)
		}
	}
}

// TestOrphanedJobsTakenBack: a process that starts working runs while no
// other worker holds the file's workers' lock takes back the jobs a dead
// process left running; while another worker is alive it leaves them to
// River's rescuer.
func TestOrphanedJobsTakenBack(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vouch.db")
	open := func() *sqlite.Store {
		t.Helper()
		s, err := sqlite.Open(ctx, sqlite.Config{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	base := open()
	createRuns(t, base, "ver_o")
	// die leaves the run's job as a worker that died mid-attempt would.
	die := func() {
		t.Helper()
		if _, err := base.DB().ExecContext(ctx, `UPDATE river_job SET state = 'running', attempt = 1,
			attempted_at = datetime('now', 'subsec'), attempted_by = '["dead-worker"]'`); err != nil {
			t.Fatal(err)
		}
	}
	state := func() string {
		t.Helper()
		var st string
		if err := base.DB().QueryRowContext(ctx, `SELECT state FROM river_job`).Scan(&st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	work := func(s *sqlite.Store) {
		t.Helper()
		if _, err := s.Queue(&river.Config{Logger: slog.New(slog.DiscardHandler)}); err != nil {
			t.Fatal(err)
		}
	}

	die()
	live := open()
	work(live) // no other worker: the dead one's job is available again
	if got := state(); got != "available" {
		t.Errorf("first worker: job %s, want available", got)
	}
	die()
	second := open()
	work(second) // a live worker holds the lock: the job may be its own
	if got := state(); got != "running" {
		t.Errorf("second worker beside a live one: job %s, want running (left to River's rescuer)", got)
	}
	live.Close()
	work(open()) // the second worker still holds its shared lock
	if got := state(); got != "running" {
		t.Errorf("third worker beside the second: job %s, want running", got)
	}
	second.Close()
	fourth := open() // the third still works: nothing taken back
	work(fourth)
	if got := state(); got != "running" {
		t.Errorf("fourth worker beside the third: job %s, want running", got)
	}
}

// createRuns approves a plan and queues runs ids of it, each with its
// charge and its River job.
func createRuns(t *testing.T, s *sqlite.Store, ids ...string) {
	t.Helper()
	ctx := context.Background()
	at := time.UnixMilli(1_800_000_000_000).UTC()
	p := &store.Plan{ID: "pln_" + ids[0], Hash: "h", JSON: []byte(`{}`), Claim: "c", DeploymentURL: "https://example.com",
		Requirements: []byte(`[]`), Notes: []byte(`[]`), State: store.PlanPending, CreatedAt: at}
	if err := s.CreatePlan(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DecidePlan(ctx, store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "usr_a", At: at}); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if _, err := s.CreateRun(ctx, store.NewRun{ID: id, PlanID: p.ID, PlanHash: p.Hash, DeploymentURL: p.DeploymentURL, ChargeID: "chg_" + id, At: at}); err != nil {
			t.Fatal(err)
		}
	}
}
