// Package sqlstore is the SQL layer the adapters of store share: the queries of every store.Store operation and the scanning of
// their rows, written once with ? placeholders, and a Dialect for what
// differs between SQLite and PostgreSQL (placeholder style, the column that
// orders rows by insertion, error classification, transaction handling).
//
// It is part of those adapters, not a store of its own: only store/sqlite
// and store/postgres import it, each opening its database, applying its
// migrations and running its transactions in its own way. Reads go through
// database/sql; transactions through a Querier, which is a *sql.Tx for
// SQLite and a pgx.Tx for PostgreSQL, so that River's drivers can insert
// and complete run jobs in the same transactions (Jobs). Times are unix
// milliseconds (NULL for the zero time) and booleans 0/1 in both schemas.
package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/vouchdev/vouch/store"
)

// Dialect is what an adapter's database does differently.
type Dialect struct {
	// Name starts the adapter's own error messages ("sqlite").
	Name string
	// Numbered placeholders: $1, $2, … (PostgreSQL) instead of ?.
	Numbered bool
	// Seq is the column that orders a table's rows by insertion, breaking
	// ties in created_at ("rowid" in SQLite, a bigserial in PostgreSQL).
	Seq string
	// IsUnique reports whether err is a unique or primary key violation.
	IsUnique func(error) bool
	// IsForeignKey reports whether err is a foreign key violation.
	IsForeignKey func(error) bool
}

// Rebind rewrites the ? placeholders of q in the dialect's style, as
// sqlx's Rebind does. The shared statements hold no ? inside string
// literals.
func (d *Dialect) Rebind(q string) string {
	if !d.Numbered || !strings.Contains(q, "?") {
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

// Store is every store.Store operation but Close on a database/sql
// database in a Dialect. An adapter embeds it and adds Open, Close and
// its migrations.
type Store struct {
	db   sqlDB
	d    *Dialect
	tx   func(ctx context.Context, fn func(Tx) error) error
	jobs Jobs
}

// New returns the shared operations on db, whose schema is the adapter's
// migrations, in dialect d. inTx runs fn in one transaction, committing if
// it returns nil, with the isolation and retries the adapter's
// read-then-write operations need (claiming a run, counting re-checks,
// beginning an idempotent request); Begin is its building block.
//
// jobs is the River side of the run transactions (the adapter's River
// client on the same database).
func New(db *sql.DB, d *Dialect, inTx func(ctx context.Context, fn func(Tx) error) error, jobs Jobs) *Store {
	return &Store{db: sqlDB{db, d}, d: d, tx: inTx, jobs: jobs}
}

// Jobs inserts and completes runs' River jobs inside the store's
// transactions; each adapter implements it with River's driver for its
// database, on tx.Native().
type Jobs interface {
	// InsertRun inserts run r's job (store.RunArgs, unique by arguments)
	// and returns its id.
	InsertRun(ctx context.Context, tx Tx, r store.NewRun) (int64, error)
	// CompleteRun completes the job being worked with JobCompleteTx (ctx
	// is the River worker's).
	CompleteRun(ctx context.Context, tx Tx, job *rivertype.JobRow) error
	// CancelRun cancels job id unless it is already finalized.
	CancelRun(ctx context.Context, tx Tx, id int64) error
}

// Migrations lists the versions applied to the database, oldest first.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	return collect(rows, err, func(r scanner) (string, error) {
		var v string
		return v, r.Scan(&v)
	})
}

// sqlDB is a database whose statements are written with ? placeholders.
type sqlDB struct {
	db *sql.DB
	d  *Dialect
}

// ExecContext runs a statement.
func (db sqlDB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return db.db.ExecContext(ctx, db.d.Rebind(q), args...)
}

// QueryContext runs a query.
func (db sqlDB) QueryContext(ctx context.Context, q string, args ...any) (Rows, error) {
	return db.db.QueryContext(ctx, db.d.Rebind(q), args...)
}

// QueryRowContext runs a query of at most one row.
func (db sqlDB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return db.db.QueryRowContext(ctx, db.d.Rebind(q), args...)
}

// Begin runs fn in one database/sql transaction on db begun with opts,
// its statements in dialect d, committing if fn returns nil and rolling
// back otherwise.
func Begin(ctx context.Context, db *sql.DB, d *Dialect, opts *sql.TxOptions, fn func(Tx) error) error {
	t, err := db.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	if err := fn(NewTx(sqlTx{t}, d, t)); err != nil {
		t.Rollback()
		return err
	}
	return t.Commit()
}

// Querier is what a transaction runs statements with: a *sql.Tx (through
// SQLTx) or another driver's transaction (store/postgres adapts pgx.Tx),
// so that the same statements run on both. Statements reach it already in
// the dialect's placeholder style.
type Querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (Rows, error)
	// QueryRowContext's row returns sql.ErrNoRows from Scan when the query
	// returned no row, whatever the driver.
	QueryRowContext(ctx context.Context, q string, args ...any) Row
	PrepareContext(ctx context.Context, q string) (Stmt, error)
}

// Row is one row of a query (*sql.Row or an adapter's).
type Row interface{ Scan(...any) error }

// Rows is the rows of a query (*sql.Rows or an adapter's).
type Rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}

// Stmt is a prepared query of at most one row.
type Stmt interface {
	QueryRowContext(ctx context.Context, args ...any) Row
	Close() error
}

type sqlStmt struct{ st *sql.Stmt }

func (s sqlStmt) QueryRowContext(ctx context.Context, args ...any) Row {
	return s.st.QueryRowContext(ctx, args...)
}

func (s sqlStmt) Close() error { return s.st.Close() }

// sqlTx is a *sql.Tx as a Querier.
type sqlTx struct{ tx *sql.Tx }

func (t sqlTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, q, args...)
}

func (t sqlTx) QueryContext(ctx context.Context, q string, args ...any) (Rows, error) {
	return t.tx.QueryContext(ctx, q, args...)
}

func (t sqlTx) QueryRowContext(ctx context.Context, q string, args ...any) Row {
	return t.tx.QueryRowContext(ctx, q, args...)
}

func (t sqlTx) PrepareContext(ctx context.Context, q string) (Stmt, error) {
	st, err := t.tx.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	return sqlStmt{st}, nil
}

// NewTx returns a transaction whose statements, written with ?
// placeholders, run on q in dialect d. native is the driver's own
// transaction (*sql.Tx, pgx.Tx), for River's InsertTx and JobCompleteTx.
func NewTx(q Querier, d *Dialect, native any) Tx { return Tx{q, d, native} }

// Tx is a transaction whose statements are written with ? placeholders.
type Tx struct {
	q      Querier
	d      *Dialect
	native any
}

// Native returns the driver's own transaction (*sql.Tx for SQLite,
// pgx.Tx for PostgreSQL).
func (t Tx) Native() any { return t.native }

// ExecRaw runs q as it is, without arguments, so that a file of several
// statements runs (pgx uses its simple protocol for it).
func (t Tx) ExecRaw(ctx context.Context, q string) error {
	_, err := t.q.ExecContext(ctx, q)
	return err
}

// ExecContext runs a statement.
func (t Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.q.ExecContext(ctx, t.d.Rebind(q), args...)
}

// QueryContext runs a query.
func (t Tx) QueryContext(ctx context.Context, q string, args ...any) (Rows, error) {
	return t.q.QueryContext(ctx, t.d.Rebind(q), args...)
}

// QueryRowContext runs a query of at most one row.
func (t Tx) QueryRowContext(ctx context.Context, q string, args ...any) Row {
	return t.q.QueryRowContext(ctx, t.d.Rebind(q), args...)
}

// PrepareContext prepares a statement for repeated use in the transaction.
func (t Tx) PrepareContext(ctx context.Context, q string) (Stmt, error) {
	return t.q.PrepareContext(ctx, t.d.Rebind(q))
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

// conflict maps a unique violation to store.ErrConflict.
func (s *Store) conflict(err error, what string) error {
	if err != nil && s.d.IsUnique(err) {
		return fmt.Errorf("%w: %s", store.ErrConflict, what)
	}
	return err
}

// changed returns how many rows a statement changed.
func changed(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// affected turns "no row changed" into ErrNotFound.
func affected(res sql.Result, err error, what string) error {
	n, err := changed(res, err)
	if err == nil && n == 0 {
		err = fmt.Errorf("%w: %s", store.ErrNotFound, what)
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
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[b[i]&31]
	}
	return prefix + string(b)
}
