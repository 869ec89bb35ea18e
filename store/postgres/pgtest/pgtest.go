// Package pgtest gives tests a fresh PostgreSQL database on the server
// named by $VOUCH_TEST_POSTGRES (default: postgres://postgres@127.0.0.1:5432/postgres,
// the loopback server of a development machine or CI), dropped when the
// test ends.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// DefaultServer is the server used when $VOUCH_TEST_POSTGRES is unset.
const DefaultServer = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// Server returns the administrative URL of the test server.
func Server() string {
	if u := os.Getenv("VOUCH_TEST_POSTGRES"); u != "" {
		return u
	}
	return DefaultServer
}

// URL creates an empty database and returns its URL; the database is
// dropped (its connections cut) when t ends. Without a reachable server
// the test is skipped, or fails when CI=true.
func URL(t testing.TB) string {
	t.Helper()
	admin := Server()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", admin)
	if err == nil {
		err = db.PingContext(ctx)
	}
	if err != nil {
		if db != nil {
			db.Close()
		}
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL is not reachable at %s, and CI=true: %v", admin, err)
		}
		t.Skipf("skipping: PostgreSQL is not reachable at %s (set VOUCH_TEST_POSTGRES): %v", admin, err)
	}
	defer db.Close()
	b := make([]byte, 6)
	rand.Read(b)
	name := "vouch_test_" + hex.EncodeToString(b)
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() { Drop(t, name) })
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// Drop removes the database name, cutting its remaining connections.
func Drop(t testing.TB, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", Server())
	if err != nil {
		t.Errorf("drop %s: %v", name, err)
		return
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
		t.Errorf("drop database %s: %v", name, err)
	}
}

// Chosen reports whether tests run on PostgreSQL: VOUCH_TEST_STORE=postgres.
// Otherwise they run on SQLite, the embedded default.
func Chosen() bool { return os.Getenv("VOUCH_TEST_STORE") == "postgres" }

var (
	forDirMu sync.Mutex
	forDir   = map[string]string{}
)

// Database returns the database setting for a test whose data directory is
// dir: the SQLite file dir/vouch.db, or with VOUCH_TEST_STORE=postgres a
// fresh PostgreSQL database, the same one each time for one dir (a test
// that restarts vouch on its directory finds its data again). The
// database is dropped when the test that first asked for it ends.
func Database(t testing.TB, dir string) string {
	t.Helper()
	if !Chosen() {
		return filepath.Join(dir, "vouch.db")
	}
	forDirMu.Lock()
	defer forDirMu.Unlock()
	if u, ok := forDir[dir]; ok {
		return u
	}
	u := URL(t)
	forDir[dir] = u
	t.Cleanup(func() {
		forDirMu.Lock()
		delete(forDir, dir)
		forDirMu.Unlock()
	})
	return u
}
