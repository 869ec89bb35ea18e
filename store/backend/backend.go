// Package backend opens the store a database setting names: a SQLite file
// path (the embedded default) or a postgres:// URL.
package backend

import (
	"context"
	"fmt"
	"strings"

	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/store/postgres"
	"github.com/vouchdev/vouch/store/sqlite"
)

// IsPostgres reports whether database is a PostgreSQL URL
// (postgres:// or postgresql://).
func IsPostgres(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// Open opens and migrates the store database names.
func Open(ctx context.Context, database string) (store.Store, error) {
	if IsPostgres(database) {
		return postgres.Open(ctx, postgres.Config{URL: database})
	}
	return sqlite.Open(ctx, sqlite.Config{Path: database})
}

// Redact returns database without a password, for logs and messages.
func Redact(database string) string {
	if !IsPostgres(database) {
		return database
	}
	scheme, rest, _ := strings.Cut(database, "://")
	at := strings.LastIndexByte(strings.SplitN(rest, "/", 2)[0], '@')
	if at < 0 {
		return database
	}
	userinfo := rest[:at]
	if user, _, ok := strings.Cut(userinfo, ":"); ok {
		return scheme + "://" + user + ":xxxxx" + rest[at:]
	}
	return database
}

// Migrations lists the schema versions applied to st's database, oldest
// first.
func Migrations(ctx context.Context, st store.Store) ([]string, error) {
	m, ok := st.(interface {
		Migrations(context.Context) ([]string, error)
	})
	if !ok {
		return nil, fmt.Errorf("backend: %T does not list its migrations", st)
	}
	return m.Migrations(ctx)
}
