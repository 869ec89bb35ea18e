// Package postgres is vouch's store for many machines: store.Store on
// PostgreSQL through pgx (its database/sql driver), for any number of
// vouch processes sharing one database.
//
// The schema follows store/sqlite's table for table, migration for
// migration (migrations/, applied under an advisory lock so that processes
// starting together apply each once). Where SQLite serialises writers with
// BEGIN IMMEDIATE, every transaction here runs SERIALIZABLE and is retried
// when PostgreSQL reports a serialization failure or a deadlock, so the
// store's read-then-write operations (claiming a run, counting re-checks,
// beginning an idempotent request) keep the same guarantees. The queries
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
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

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
	db      *sql.DB
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
	d, err := sql.Open("pgx", cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	d.SetMaxOpenConns(cfg.MaxOpenConns)
	d.SetMaxIdleConns(cfg.MaxOpenConns)
	if err := d.PingContext(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	s := &Store{db: d, retries: cfg.MaxRetries}
	s.Store = sqlstore.New(d, dialect, s.tx)
	if err := s.migrate(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return s, nil
}

// Close closes the connection pool.
func (s *Store) Close() error { return s.db.Close() }

// DB returns the underlying database, for tests that need to reach past
// the store. Its statements take PostgreSQL's $1 placeholders.
func (s *Store) DB() *sql.DB { return s.db }

// migrationLock is the advisory lock key processes take while migrating.
const migrationLock = 0x766f756368 // "vouch"

// migrate applies the embedded migrations not yet applied, under an
// advisory lock. Each runs READ COMMITTED, so that the statements after
// the lock see what a process that held it before committed.
func (s *Store) migrate(ctx context.Context) error {
	return sqlstore.Migrate(ctx, s.db, dialect, migrations, func(ctx context.Context, tx sqlstore.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock)
		return err
	})
}

// tx runs fn in a SERIALIZABLE transaction, committing if it returns nil,
// and runs it again (after a short random pause) when PostgreSQL aborts it
// as a serialization failure or a deadlock: fn must be safe to repeat.
func (s *Store) tx(ctx context.Context, fn func(sqlstore.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := sqlstore.Begin(ctx, s.db, dialect, &sql.TxOptions{Isolation: sql.LevelSerializable}, fn)
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
