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
// beginning an idempotent request) keep the same guarantees.
package postgres

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/vouchdev/vouch/store"
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
	db      db
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
	s := &Store{db: db{d}, retries: cfg.MaxRetries}
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
func (s *Store) DB() *sql.DB { return s.db.DB }

// migrationLock is the advisory lock key processes take while migrating.
const migrationLock = 0x766f756368 // "vouch"

// migrate applies the embedded migrations not yet applied, each in its own
// transaction, in file name order.
func (s *Store) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(strings.TrimPrefix(name, "migrations/"), ".sql")
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		// READ COMMITTED, so that the statements after the lock see
		// what a process that held it before committed.
		err = s.tx1(ctx, nil, func(tx tx) error {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
				version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
				return fmt.Errorf("migrations table: %w", err)
			}
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			// No arguments: pgx sends it with the simple protocol, which
			// runs a file of several statements.
			if _, err := tx.Tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
				version, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", version, err)
		}
	}
	return nil
}

// Migrations lists the versions applied to the database, oldest first.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	return collect(rows, err, func(r scanner) (string, error) {
		var v string
		return v, r.Scan(&v)
	})
}

// tx runs fn in a SERIALIZABLE transaction, committing if it returns nil,
// and runs it again (after a short random pause) when PostgreSQL aborts it
// as a serialization failure or a deadlock: fn must be safe to repeat.
func (s *Store) tx(ctx context.Context, fn func(tx) error) error {
	for attempt := 0; ; attempt++ {
		err := s.tx1(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}, fn)
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

func (s *Store) tx1(ctx context.Context, opts *sql.TxOptions, fn func(tx) error) error {
	t, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	if err := fn(tx{t}); err != nil {
		t.Rollback()
		return err
	}
	return t.Commit()
}

// retryable reports whether err is a serialization failure or deadlock.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// db and tx take the adapter's statements, written with ? placeholders as
// in store/sqlite, and number them for PostgreSQL ($1, $2, …).
type db struct{ *sql.DB }

func (d db) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return d.DB.ExecContext(ctx, rebind(q), args...)
}

func (d db) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.DB.QueryContext(ctx, rebind(q), args...)
}

func (d db) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return d.DB.QueryRowContext(ctx, rebind(q), args...)
}

type tx struct{ *sql.Tx }

func (t tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, rebind(q), args...)
}

func (t tx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.Tx.QueryContext(ctx, rebind(q), args...)
}

func (t tx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, rebind(q), args...)
}

// rebind numbers the ? placeholders of q. The adapter's statements hold no
// ? inside string literals.
func rebind(q string) string {
	if !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// ms encodes a time as unix milliseconds; the zero time is NULL.
func ms(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// fromMS decodes ms.
func fromMS(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.UnixMilli(n.Int64).UTC()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isUnique reports whether err is a unique or primary key violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// conflict maps a unique violation to store.ErrConflict.
func conflict(err error, what string) error {
	if isUnique(err) {
		return fmt.Errorf("%w: %s", store.ErrConflict, what)
	}
	return err
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %s", store.ErrNotFound, what)
	}
	return err
}

func limit(n int) int {
	if n <= 0 {
		return 100
	}
	return n
}

// newID returns prefix + 26 base32 characters (130 random bits), for rows
// the store names itself.
func newID(prefix string) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	b := make([]byte, 26)
	crand.Read(b)
	for i := range b {
		b[i] = alphabet[b[i]&31]
	}
	return prefix + string(b)
}
