// Package postgres is vouch's store for many machines: store.Store on
// PostgreSQL through one pgx connection pool (pgxpool), for any number of
// vouch processes sharing one database. Reads go through database/sql on
// that pool (stdlib.OpenDBFromPool); transactions are pgx's own (pgx.Tx),
// run through a small adapter (pgxtx.go) by the same shared SQL, so that
// River's riverpgxv5 driver inserts a run's job in the transaction that
// creates the run and its charge, and completes it in the one that records
// the decision. Workers fetch jobs on LISTEN/NOTIFY.
//
// The schema follows store/sqlite's table for table, migration for
// migration (migrations/, applied under an advisory lock so that processes
// starting together apply each once). Where SQLite serialises writers with
// BEGIN IMMEDIATE, every transaction here runs SERIALIZABLE and is retried
// when PostgreSQL reports a serialization failure or a deadlock, so the
// store's read-then-write operations (counting re-checks, beginning an
// idempotent request) keep the same guarantees. The queries
// are store/sqlstore's, shared with store/sqlite; this package holds what
// is PostgreSQL's own: connecting, migrations, transactions with retries
// and error codes.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Config configures a Store.
type Config struct {
	// URL is the database's connection string, postgres://user@host/db or
	// key=value form. Required.
	URL string
	// MaxOpenConns bounds the connection pool. Defaults to 16.
	MaxOpenConns int
	// MaxRetries is how many times a transaction is retried after a
	// serialization failure or deadlock. Defaults to 30.
	MaxRetries int
}

// Store is store.Store on PostgreSQL.
type Store struct {
	*sqlstore.Store
	pool    *pgxpool.Pool
	db      *sql.DB // database/sql on pool
	retries int
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at cfg.URL and applies the migrations not
// yet applied.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.URL == "" {
		return nil, errors.New("postgres: Config.URL is required")
	}
	if cfg.MaxOpenConns == 0 {
		cfg.MaxOpenConns = 16
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 30
	}
	pc, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	pc.MaxConns = int32(cfg.MaxOpenConns)
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	d := stdlib.OpenDBFromPool(pool)
	s := &Store{pool: pool, db: d, retries: cfg.MaxRetries}
	// An insert-only River client (no workers): CreateRun inserts run jobs
	// with it; Queue makes the clients that work them.
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: quiet})
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	s.Store = sqlstore.New(d, dialect, s.tx, sqlstore.RiverJobs[*riverpgxv5.Driver, pgx.Tx]{Client: inserter})
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if _, err := s.AdoptRuns(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres: giving unfinished runs their jobs: %w", err)
	}
	return s, nil
}

// quiet keeps the insert-only client's log out of the process's logs.
var quiet = slog.New(slog.DiscardHandler)

// Queue returns a River client (riverpgxv5, LISTEN/NOTIFY) on the store's
// pool that works run jobs with cfg.Workers.
func (s *Store) Queue(cfg *river.Config) (store.Queue, error) {
	return river.NewClient(riverpgxv5.New(s.pool), cfg)
}

// Close closes the connection pool.
func (s *Store) Close() error {
	err := s.db.Close()
	s.pool.Close()
	return err
}

// DB returns the underlying database, for tests that need to reach past
// the store. Its statements take PostgreSQL's $1 placeholders.
func (s *Store) DB() *sql.DB { return s.db }

// migrationLock is the advisory lock key processes take while migrating.
const migrationLock = 0x766f756368 // "vouch"

// migrate applies the embedded migrations not yet applied, then River's,
// each under an advisory lock. Each runs READ COMMITTED, so that the
// statements after the lock see what a process that held it before
// committed.
func (s *Store) migrate(ctx context.Context) error {
	err := sqlstore.Migrate(ctx, s.db, dialect, migrations, func(ctx context.Context, tx sqlstore.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock)
		return err
	})
	if err != nil {
		return err
	}
	// River's migrations each run in their own transaction (one adds an
	// enum value the next uses), so the lock is a session's, held on a
	// connection of its own while they run.
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	if err := sqlstore.MigrateRiver(ctx, riverpgxv5.New(s.pool)); err != nil {
		return fmt.Errorf("river: %w", err)
	}
	return nil
}

// tx runs fn in a SERIALIZABLE transaction, committing if it returns nil,
// and runs it again (after a short random pause) when PostgreSQL aborts it
// as a serialization failure or a deadlock: fn must be safe to repeat.
func (s *Store) tx(ctx context.Context, fn func(sqlstore.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
			return fn(sqlstore.NewTx(pgxTx{tx}, dialect, tx))
		})
		if err == nil || !retryable(err) || attempt >= s.retries {
			return err
		}
		pause := time.Duration(1+rand.IntN(5*(attempt+1))) * time.Millisecond
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}

// dialect is PostgreSQL's: numbered placeholders, the seq columns, SQLSTATE
// codes.
var dialect = &sqlstore.Dialect{
	Name:     "postgres",
	Numbered: true,
	Seq:      "seq",
	IsUnique: func(err error) bool { return sqlState(err) == "23505" },
	// foreign_key_violation
	IsForeignKey: func(err error) bool { return sqlState(err) == "23503" },
}

// retryable reports whether err is a serialization failure or deadlock.
func retryable(err error) bool {
	c := sqlState(err)
	return c == "40001" || c == "40P01"
}

// sqlState returns err's SQLSTATE code, or "" if PostgreSQL did not report it.
func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// Migrations lists the schema versions applied, the store's then River's
// ("river_NNN"), oldest first.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	own, err := s.Store.Migrations(ctx)
	if err != nil {
		return nil, err
	}
	river, err := sqlstore.RiverMigrations(ctx, riverpgxv5.New(s.pool))
	return append(own, river...), err
}
