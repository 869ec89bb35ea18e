package postgres_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/postgres"
	"github.com/vouchdev/vouch/store/postgres/pgtest"
	"github.com/vouchdev/vouch/store/storetest"
)

func open(t *testing.T) store.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), postgres.Config{URL: pgtest.URL(t)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) { storetest.Run(t, open) }

// TestConcurrentMigrate opens one new database from several processes'
// worth of stores at once: each migration applies exactly once.
func TestConcurrentMigrate(t *testing.T) {
	ctx := context.Background()
	u := pgtest.URL(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := postgres.Open(ctx, postgres.Config{URL: u})
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := postgres.Open(ctx, postgres.Config{URL: u})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0001_init", "0002_claim_index", "0003_webhooks", "0004_run_idempotency", "0005_verification_filters", "0006_river_jobs", "0007_attestation_keys",
		"river_001", "river_002", "river_003", "river_004", "river_005", "river_006", "river_007", "river_008"}
	if !slices.Equal(got, want) {
		t.Fatalf("migrations %v, want %v", got, want)
	}
}
