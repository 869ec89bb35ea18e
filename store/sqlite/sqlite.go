// Package sqlite is vouch's embedded store: store.Store on SQLite through
// the pure-Go driver modernc.org/sqlite, in WAL mode with a busy timeout,
// foreign keys on, and migrations embedded in the binary. The run queue is
// River on the same file (its riversqlite driver over the same *sql.DB and
// *sql.Tx), so one file holds everything and nothing else is needed. The queries are
// store/sqlstore's, shared with store/postgres; this package holds what is
// SQLite's own: opening, migrations, transactions and error codes.
//
// Every transaction begins IMMEDIATE, taking SQLite's single write lock at
// its start: read-then-write operations (counting
// re-checks, beginning an idempotent request) are therefore serialised and
// never fail half-way with a busy snapshot. Readers are not blocked (WAL).
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Config configures a Store.
type Config struct {
	// Path is the database file; it is created if missing. Required.
	Path string
	// BusyTimeout is how long a statement waits for another connection's
	// lock before failing. Defaults to 10 s.
	BusyTimeout time.Duration
	// MaxOpenConns bounds the connection pool. Defaults to 8.
	MaxOpenConns int
}

// Store is store.Store on SQLite.
type Store struct {
	*sqlstore.Store
	db   *sql.DB
	path string // the database file; "" when it is not one (in memory)

	lockMu sync.Mutex
	lock   *os.File // the workers' lock, once this store works runs
}

var _ store.Store = (*Store)(nil)

// Open opens (creating if needed) and migrates the database at cfg.Path.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Path == "" {
		return nil, errors.New("sqlite: Config.Path is required")
	}
	if cfg.BusyTimeout == 0 {
		cfg.BusyTimeout = 10 * time.Second
	}
	if cfg.MaxOpenConns == 0 {
		cfg.MaxOpenConns = 8
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(cfg.BusyTimeout.Milliseconds(), 10)+")")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// NORMAL is durable in WAL mode except for the last transactions
	// before a power loss; a process crash loses nothing.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + cfg.Path + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", cfg.Path, err)
	}
	db.SetMaxOpenConns(cfg.MaxOpenConns)
	db.SetMaxIdleConns(cfg.MaxOpenConns)
	s := &Store{db: db}
	if !strings.HasPrefix(cfg.Path, ":memory:") && !strings.HasPrefix(cfg.Path, "file:") {
		s.path = cfg.Path
	}
	// An insert-only River client (no workers): CreateRun inserts run jobs
	// with it; Queue makes the clients that work them.
	inserter, err := river.NewClient(riversqlite.New(db), &river.Config{Logger: quiet})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s.Store = sqlstore.New(db, dialect, s.tx, sqlstore.RiverJobs[*riversqlite.Driver, *sql.Tx]{Client: inserter})
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", cfg.Path, err)
	}
	if _, err := s.AdoptRuns(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: giving unfinished runs their jobs: %w", cfg.Path, err)
	}
	return s, nil
}

// quiet keeps the insert-only client's log out of the process's logs.
var quiet = slog.New(slog.DiscardHandler)

// Queue returns a River client (riversqlite) on the store's database that
// works run jobs with cfg.Workers.
func (s *Store) Queue(cfg *river.Config) (store.Queue, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n, err := s.holdWorkerLock(ctx)
	if err != nil {
		return nil, err
	}
	if n > 0 && cfg.Logger != nil {
		cfg.Logger.Warn("runs left running by a stopped process are queued again", "runs", n)
	}
	return river.NewClient(riversqlite.New(s.db), cfg)
}

// Close closes the database and lets go of the workers' lock.
func (s *Store) Close() error {
	s.lockMu.Lock()
	if s.lock != nil {
		s.lock.Close()
		s.lock = nil
	}
	s.lockMu.Unlock()
	return s.db.Close()
}

// DB returns the underlying database, for tests that need to reach past
// the store (tampering with a stored plan, say).
func (s *Store) DB() *sql.DB { return s.db }

// migrate applies the embedded migrations not yet applied, then River's
// (its tables live in the same file).
func (s *Store) migrate(ctx context.Context) error {
	if err := sqlstore.Migrate(ctx, s.db, dialect, migrations, nil); err != nil {
		return err
	}
	// Several processes of one machine may open the file together; River's
	// migrations apply what is missing, each in its own IMMEDIATE
	// transaction, and SQLite serialises them.
	return sqlstore.MigrateRiver(ctx, riversqlite.New(s.db))
}

// tx runs fn in a transaction, committing if it returns nil. The DSN's
// _txlock=immediate makes every BEGIN take the write lock.
func (s *Store) tx(ctx context.Context, fn func(sqlstore.Tx) error) error {
	return sqlstore.Begin(ctx, s.db, dialect, nil, fn)
}

// dialect is SQLite's: ? placeholders, rowid order, extended result codes.
var dialect = &sqlstore.Dialect{
	Name: "sqlite",
	Seq:  "rowid",
	IsUnique: func(err error) bool {
		var se *sqlite.Error
		if errors.As(err, &se) {
			c := se.Code()
			return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
		}
		return false
	},
	IsForeignKey: func(err error) bool { return strings.Contains(err.Error(), "FOREIGN KEY") },
}

// Migrations lists the schema versions applied, the store's then River's
// ("river_NNN"), oldest first.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	own, err := s.Store.Migrations(ctx)
	if err != nil {
		return nil, err
	}
	river, err := sqlstore.RiverMigrations(ctx, riversqlite.New(s.db))
	return append(own, river...), err
}
