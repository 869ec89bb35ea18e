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
	at := time.UnixMilli(1_800_000_000_000).UTC()
	p := &store.Plan{ID: "pln_a", Hash: "h", JSON: []byte(`{}`), Claim: "c", DeploymentURL: "https://example.com",
		Requirements: []byte(`[]`), Notes: []byte(`[]`), State: store.PlanPending, CreatedAt: at}
	if err := s.CreatePlan(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DecidePlan(ctx, store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "usr_a", At: at}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ver_a", "ver_b"} {
		if _, err := s.CreateRun(ctx, store.NewRun{ID: id, PlanID: p.ID, PlanHash: p.Hash, DeploymentURL: p.DeploymentURL, ChargeID: "chg_" + id, At: at}); err != nil {
			t.Fatal(err)
		}
	}
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
