package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlite"
)

// BenchmarkVerificationsList measures a page of the console's
// verifications list, filtered by decision and date, at 100,000 runs: the
// store's filters with keyset paging against the scan it replaces (pages
// of 200 newest runs filtered in Go until the page is full), measured in
// the same run on the same database. Each store result reports x-scan,
// how many times faster than the scan it is, and both give the same rows.
//
//	go test ./store/sqlite -run XXX -bench VerificationsList
func BenchmarkVerificationsList(b *testing.B) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(b.TempDir(), "vouch.db")})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const runs = 100_000
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	step := 100 * 24 * time.Hour / runs // 100 days of history, 1,000 runs a day
	p := &store.Plan{ID: "pln_bench", Hash: "h", JSON: []byte("{}"), Claim: "c", DeploymentURL: "http://127.0.0.1/", CreatedAt: t0}
	if err := s.CreatePlan(ctx, p); err != nil {
		b.Fatal(err)
	}
	// The history is written in one statement (100,000 CreateRun calls
	// would take minutes and measure nothing here): 7% failed, 1% blocked,
	// the rest verified, the newest 20 still queued.
	_, err = s.DB().ExecContext(ctx, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO verifications (id, plan_id, plan_hash, deployment_url, state, created_at, decision)
		SELECT printf('ver_%08d', i), 'pln_bench', 'h', 'http://127.0.0.1/',
			CASE WHEN i > ? - 20 THEN 'queued' ELSE 'completed' END,
			? + i * ?,
			CASE WHEN i > ? - 20 THEN '' WHEN i % 100 < 7 THEN 'failed' WHEN i % 100 = 7 THEN 'blocked' ELSE 'verified' END
		FROM n`, runs, runs, t0.UnixMilli(), step.Milliseconds(), runs)
	if err != nil {
		b.Fatal(err)
	}
	day := func(n int) time.Time { return t0.Add(time.Duration(n) * 24 * time.Hour) }
	const page = 100
	tests := []struct {
		name string
		f    store.VerificationFilter
	}{
		{"decision=failed", store.VerificationFilter{Decision: "failed"}},
		{"decision=blocked", store.VerificationFilter{Decision: "blocked"}},
		{"one day, 30 days back", store.VerificationFilter{CreatedFrom: day(70), CreatedBefore: day(71)}},
		{"failed, one day, 60 days back", store.VerificationFilter{Decision: "failed", CreatedFrom: day(40), CreatedBefore: day(41)}},
	}
	for _, tt := range tests {
		match := func(v *store.Verification) bool {
			return (tt.f.Decision == "" || v.Decision == tt.f.Decision) &&
				(tt.f.CreatedFrom.IsZero() || !v.CreatedAt.Before(tt.f.CreatedFrom)) &&
				(tt.f.CreatedBefore.IsZero() || v.CreatedAt.Before(tt.f.CreatedBefore))
		}
		// scan is the console's former approach, without its cap of 2,000
		// rows (with it, a rare decision or an older day came back short
		// or empty).
		scan := func() (found []string, read int) {
			before := ""
			for {
				vs, err := s.ListVerifications(ctx, store.VerificationFilter{Limit: 200, Before: before})
				if err != nil {
					b.Fatal(err)
				}
				for _, v := range vs {
					read++
					before = v.ID
					if match(v) {
						if found = append(found, v.ID); len(found) == page {
							return found, read
						}
					}
				}
				if len(vs) < 200 {
					return found, read
				}
			}
		}
		list := func() []string {
			f := tt.f
			f.Limit = page
			vs, err := s.ListVerifications(ctx, f)
			if err != nil {
				b.Fatal(err)
			}
			ids := make([]string, len(vs))
			for i, v := range vs {
				ids[i] = v.ID
			}
			return ids
		}
		want, read := scan()
		if got := list(); !slices.Equal(got, want) || len(want) == 0 {
			b.Fatalf("%s: the store lists %d runs, the scan %d", tt.name, len(got), len(want))
		}
		var scanNS, storeNS float64
		b.Run(tt.name+"/scan", func(b *testing.B) {
			for b.Loop() {
				scan()
			}
			scanNS = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(float64(read), "rows-read")
		})
		b.Run(tt.name+"/store", func(b *testing.B) {
			for b.Loop() {
				list()
			}
			storeNS = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(float64(len(want)), "rows-read")
			b.ReportMetric(scanNS/storeNS, "x-scan")
		})
		if scanNS > 0 && storeNS > 0 {
			fmt.Printf("verifications list at %d runs, %-30s %3d rows: store %.2f ms, Go scan of %6d rows %7.2f ms: %.0fx faster\n",
				runs, tt.name+":", len(want), storeNS/1e6, read, scanNS/1e6, scanNS/storeNS)
		}
	}
}
