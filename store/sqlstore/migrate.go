package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"
)

// Migrate applies the migrations of files (migrations/*.sql) not yet
// recorded in schema_migrations, each in its own transaction, in file name
// order. lock, if not nil, runs first in each transaction: PostgreSQL takes
// an advisory lock there so that processes starting together apply each
// migration once; a SQLite transaction holds the write lock already.
func Migrate(ctx context.Context, db *sql.DB, d *Dialect, files fs.FS, lock func(context.Context, Tx) error) error {
	names, err := fs.Glob(files, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(strings.TrimPrefix(name, "migrations/"), ".sql")
		body, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		err = Begin(ctx, db, d, nil, func(tx Tx) error {
			if lock != nil {
				if err := lock(ctx, tx); err != nil {
					return err
				}
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
			// Sent as it is and without arguments, so that a file of several
			// statements runs (pgx uses its simple protocol for it).
			if err := tx.ExecRaw(ctx, string(body)); err != nil {
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
