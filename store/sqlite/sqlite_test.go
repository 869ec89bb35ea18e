package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

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
