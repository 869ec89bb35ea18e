package postgres

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vouchdev/vouch/store/sqlstore"
)

// pgxTx is a pgx.Tx as a sqlstore.Querier: the store's transactions run on
// pgx itself, so that River's riverpgxv5 driver inserts and completes run
// jobs in them (a *sql.Tx cannot become a pgx.Tx).
type pgxTx struct{ tx pgx.Tx }

func (t pgxTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	tag, err := t.tx.Exec(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return driver.RowsAffected(tag.RowsAffected()), nil
}

func (t pgxTx) QueryContext(ctx context.Context, q string, args ...any) (sqlstore.Rows, error) {
	rows, err := t.tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return pgxRows{rows}, nil
}

func (t pgxTx) QueryRowContext(ctx context.Context, q string, args ...any) sqlstore.Row {
	return pgxRow{t.tx.QueryRow(ctx, q, args...)}
}

// PrepareContext needs no statement of its own: pgx prepares and caches
// the statements it runs.
func (t pgxTx) PrepareContext(_ context.Context, q string) (sqlstore.Stmt, error) {
	return pgxStmt{t, q}, nil
}

type pgxStmt struct {
	t pgxTx
	q string
}

func (s pgxStmt) QueryRowContext(ctx context.Context, args ...any) sqlstore.Row {
	return s.t.QueryRowContext(ctx, s.q, args...)
}

func (pgxStmt) Close() error { return nil }

// pgxRow reports no row as sql.ErrNoRows, as the shared SQL expects.
type pgxRow struct{ r pgx.Row }

func (r pgxRow) Scan(dest ...any) error {
	err := r.r.Scan(sqlDests(dest)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return err
}

type pgxRows struct{ r pgx.Rows }

func (r pgxRows) Next() bool             { return r.r.Next() }
func (r pgxRows) Scan(dest ...any) error { return r.r.Scan(sqlDests(dest)...) }
func (r pgxRows) Err() error             { return r.r.Err() }
func (r pgxRows) Close() error           { r.r.Close(); return r.r.Err() }

// sqlDests gives pgx what database/sql would accept: the schema stores
// booleans as 0/1 integers, which database/sql converts into a *bool and
// pgx does not.
func sqlDests(dest []any) []any {
	for i, d := range dest {
		if b, ok := d.(*bool); ok {
			dest[i] = intBool{b}
		}
	}
	return dest
}

// intBool scans a 0/1 integer into a bool.
type intBool struct{ b *bool }

func (x intBool) Scan(src any) error {
	switch v := src.(type) {
	case int64:
		*x.b = v != 0
	case bool:
		*x.b = v
	case nil:
		*x.b = false
	default:
		return fmt.Errorf("postgres: cannot scan %T into a bool", src)
	}
	return nil
}
