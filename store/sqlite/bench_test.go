package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
)

// BenchmarkStore measures the store operations on the request path
// against a baseline measured in the same run: one autocommit single-row
// insert (AppendRequest). Each result reports x-insert, its cost in
// baselines.
func BenchmarkStore(b *testing.B) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(b.TempDir(), "vouch.db")})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	at := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	p := &store.Plan{ID: "pln_bench", Hash: "h", JSON: []byte("{}"), Claim: "c", DeploymentURL: "http://127.0.0.1/", CreatedAt: at}
	if err := s.CreatePlan(ctx, p); err != nil {
		b.Fatal(err)
	}
	if _, err := s.DecidePlan(ctx, store.PlanDecision{PlanID: p.ID, PlanHash: p.Hash, State: store.PlanApproved, UserID: "u", At: at}); err != nil {
		b.Fatal(err)
	}
	seq := 0
	newRun := func() store.NewRun {
		seq++
		return store.NewRun{ID: fmt.Sprintf("ver_%d", seq), PlanID: p.ID, PlanHash: p.Hash, DeploymentURL: p.DeploymentURL,
			LaunchedBy: store.Principal{KeyID: "key_a"}, ChargeID: fmt.Sprintf("chg_%d", seq), At: at}
	}
	var baseline float64
	report := func(b *testing.B) {
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		if baseline > 0 {
			b.ReportMetric(ns/baseline, "x-insert")
		}
	}
	b.Run("baseline/AppendRequest", func(b *testing.B) {
		for b.Loop() {
			if err := s.AppendRequest(ctx, &store.RequestLog{RequestID: "r", At: at, Method: "GET", Path: "/", Status: 200}); err != nil {
				b.Fatal(err)
			}
		}
		baseline = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("CreateRun+charge+job", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.CreateRun(ctx, newRun()); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("GetVerification", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.GetVerification(ctx, "ver_1"); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("BeginIdempotent", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			if _, err := s.BeginIdempotent(ctx, store.IdempotencyBegin{Scope: "key_a", Key: fmt.Sprint(i), RequestHash: "h", Now: at}); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("GetKeyByHash", func(b *testing.B) {
		if err := s.CreateKey(ctx, &store.Key{ID: "key_a", Prefix: "vch_a", Hash: []byte("hash"), Scope: store.ScopeLaunch, CreatedAt: at}); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := s.GetKeyByHash(ctx, []byte("hash")); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
}
