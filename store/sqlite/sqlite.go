// Package sqlite is vouch's embedded store: store.Store on SQLite through
// the pure-Go driver modernc.org/sqlite, in WAL mode with a busy timeout and
// embedded migrations.
package sqlite

import (
	"context"
	"errors"
	"time"

	"github.com/vouchdev/vouch/store"
)

// Config configures a Store.
type Config struct {
	// Path is the database file. Required.
	Path string
	// BusyTimeout is how long a statement waits for a lock. Defaults to
	// 10 s.
	BusyTimeout time.Duration
}

// Store is store.Store on SQLite.
type Store struct {
	store.Store
}

// Open opens (creating if needed) and migrates the database at cfg.Path.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	return nil, errors.New("sqlite: not implemented yet")
}
