package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vouchdev/vouch/store"
)

const keyCols = `id, prefix, hash, scope, name, created_at, last_used_at, revoked_at`

func scanKey(r scanner) (*store.Key, error) {
	var k store.Key
	var created, used, revoked sql.NullInt64
	if err := r.Scan(&k.ID, &k.Prefix, &k.Hash, &k.Scope, &k.Name, &created, &used, &revoked); err != nil {
		return nil, err
	}
	k.CreatedAt, k.LastUsed, k.RevokedAt = fromMS(created), fromMS(used), fromMS(revoked)
	return &k, nil
}

// CreateKey stores an API key's hash.
func (s *Store) CreateKey(ctx context.Context, k *store.Key) error {
	if k.Scope != store.ScopeRead && k.Scope != store.ScopeLaunch {
		return fmt.Errorf("%s: key scope must be read or launch, not %q", s.d.Name, k.Scope)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO api_keys (id, prefix, hash, scope, name, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, k.ID, k.Prefix, k.Hash, k.Scope, k.Name, ms(k.CreatedAt))
	return s.conflict(err, "key "+k.ID)
}

// GetKey returns a key by id.
func (s *Store) GetKey(ctx context.Context, id string) (*store.Key, error) {
	k, err := scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyCols+` FROM api_keys WHERE id = ?`, id))
	return k, notFound(err, "key "+id)
}

// GetKeyByHash returns a key by its SHA-256.
func (s *Store) GetKeyByHash(ctx context.Context, hash []byte) (*store.Key, error) {
	k, err := scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyCols+` FROM api_keys WHERE hash = ?`, hash))
	return k, notFound(err, "key")
}

// ListKeys returns every key, newest first.
func (s *Store) ListKeys(ctx context.Context) ([]*store.Key, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+keyCols+` FROM api_keys ORDER BY created_at DESC, `+s.d.Seq+` DESC`)
	return collect(rows, err, scanKey)
}

// RevokeKey marks a key revoked, keeping the first revocation time.
func (s *Store) RevokeKey(ctx context.Context, id string, at time.Time) error {
	return s.exists(s.db.ExecContext(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`, ms(at), id))("key " + id)
}

// TouchKey sets a key's last use.
func (s *Store) TouchKey(ctx context.Context, id string, at time.Time) error {
	return s.exists(s.db.ExecContext(ctx, `UPDATE api_keys SET last_used_at = ? WHERE id = ?`, ms(at), id))("key " + id)
}

// exists turns an update that changed no row into store.ErrNotFound, in
// a form that takes ExecContext's two results.
func (s *Store) exists(res sql.Result, err error) func(what string) error {
	return func(what string) error { return affected(res, err, what) }
}

const userCols = `id, email, password_hash, admin, disabled, created_at`

func scanUser(r scanner) (*store.User, error) {
	var u store.User
	var created sql.NullInt64
	if err := r.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.Admin, &u.Disabled, &created); err != nil {
		return nil, err
	}
	u.CreatedAt = fromMS(created)
	return &u, nil
}

// emailKey is the form emails are compared in.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// CreateUser stores a person.
func (s *Store) CreateUser(ctx context.Context, u *store.User) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (id, email, email_key, password_hash, admin, disabled, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Email, emailKey(u.Email), u.PasswordHash,
		boolInt(u.Admin), boolInt(u.Disabled), ms(u.CreatedAt))
	return s.conflict(err, "user "+u.Email)
}

// GetUser returns a person by id.
func (s *Store) GetUser(ctx context.Context, id string) (*store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = ?`, id))
	return u, notFound(err, "user "+id)
}

// GetUserByEmail returns a person by email, case-insensitively.
func (s *Store) GetUserByEmail(ctx context.Context, email string) (*store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE email_key = ?`, emailKey(email)))
	return u, notFound(err, "user "+email)
}

// ListUsers returns every person, oldest first.
func (s *Store) ListUsers(ctx context.Context) ([]*store.User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+userCols+` FROM users ORDER BY created_at, `+s.d.Seq)
	return collect(rows, err, scanUser)
}

// UpdateUser replaces a person's password hash, admin and disabled fields.
func (s *Store) UpdateUser(ctx context.Context, u *store.User) error {
	return s.exists(s.db.ExecContext(ctx, `UPDATE users SET password_hash = ?, admin = ?, disabled = ? WHERE id = ?`,
		u.PasswordHash, boolInt(u.Admin), boolInt(u.Disabled), u.ID))("user " + u.ID)
}

// CountUsers returns how many people exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}

// CreateSession stores a session.
func (s *Store) CreateSession(ctx context.Context, se *store.Session) error {
	last := se.LastSeen
	if last.IsZero() {
		last = se.CreatedAt
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (id, token_hash, user_id, csrf_token, created_at, last_seen, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, se.ID, se.TokenHash, se.UserID, se.CSRFToken,
		ms(se.CreatedAt), ms(last), ms(se.ExpiresAt))
	if err != nil && !s.d.IsUnique(err) && s.d.IsForeignKey(err) {
		return fmt.Errorf("%w: user %s", store.ErrNotFound, se.UserID)
	}
	return s.conflict(err, "session")
}

// GetSession returns a session by token hash.
func (s *Store) GetSession(ctx context.Context, tokenHash []byte) (*store.Session, error) {
	se, err := scanSession(s.db.QueryRowContext(ctx, `SELECT `+sessionCols+` FROM sessions WHERE token_hash = ?`, tokenHash))
	return se, notFound(err, "session")
}

// TouchSession sets a session's last use.
func (s *Store) TouchSession(ctx context.Context, id string, at time.Time) error {
	return s.exists(s.db.ExecContext(ctx, `UPDATE sessions SET last_seen = ? WHERE id = ?`, ms(at), id))("session")
}

// DeleteSession removes a session.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id)
	return err
}

// DeleteUserSessions removes every session of a person.
func (s *Store) DeleteUserSessions(ctx context.Context, userID string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
	return err
}

// DeleteExpiredSessions removes sessions expired at now.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, ms(now))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// BeginIdempotent starts a request under an idempotency key.
func (s *Store) BeginIdempotent(ctx context.Context, b store.IdempotencyBegin) (*store.Idempotency, error) {
	if b.TTL == 0 {
		b.TTL = 24 * time.Hour
	}
	if b.StaleAfter == 0 {
		b.StaleAfter = 5 * time.Minute
	}
	var found *store.Idempotency
	err := s.tx(ctx, func(tx Tx) error {
		rec, err := scanIdem(tx.QueryRowContext(ctx, `SELECT `+idemCols+` FROM idempotency WHERE scope = ? AND key = ?`, b.Scope, b.Key))
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		live := rec != nil && rec.ExpiresAt.After(b.Now) &&
			(rec.Done || rec.CreatedAt.Add(b.StaleAfter).After(b.Now))
		if live {
			switch {
			case rec.RequestHash != b.RequestHash:
				return fmt.Errorf("%w: %q", store.ErrIdempotencyKeyReused, b.Key)
			case !rec.Done:
				return fmt.Errorf("%w: %q", store.ErrIdempotencyInProgress, b.Key)
			}
			found = rec
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO idempotency (scope, key, request_hash, done, status, body, created_at, expires_at)
			VALUES (?, ?, ?, 0, 0, NULL, ?, ?)
			ON CONFLICT (scope, key) DO UPDATE SET request_hash = excluded.request_hash, done = 0, status = 0,
				body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at`,
			b.Scope, b.Key, b.RequestHash, ms(b.Now), ms(b.Now.Add(b.TTL)))
		return err
	})
	return found, err
}

const idemCols = `scope, key, request_hash, done, status, body, created_at, expires_at`

func scanIdem(r scanner) (*store.Idempotency, error) {
	var i store.Idempotency
	var created, expires sql.NullInt64
	if err := r.Scan(&i.Scope, &i.Key, &i.RequestHash, &i.Done, &i.Status, &i.Body, &created, &expires); err != nil {
		return nil, err
	}
	i.CreatedAt, i.ExpiresAt = fromMS(created), fromMS(expires)
	return &i, nil
}

// CompleteIdempotent stores the response of a begun request.
func (s *Store) CompleteIdempotent(ctx context.Context, scope, key string, status int, body []byte, at time.Time) error {
	if body == nil {
		body = []byte{}
	}
	return s.exists(s.db.ExecContext(ctx, `UPDATE idempotency SET done = 1, status = ?, body = ?
		WHERE scope = ? AND key = ? AND done = 0`, status, body, scope, key))("idempotent request " + key)
}

// AbortIdempotent removes an in-flight marker.
func (s *Store) AbortIdempotent(ctx context.Context, scope, key string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM idempotency WHERE scope = ? AND key = ? AND done = 0`, scope, key)
	return err
}

// GetIdempotent returns a record that has not expired at now.
func (s *Store) GetIdempotent(ctx context.Context, scope, key string, now time.Time) (*store.Idempotency, error) {
	rec, err := scanIdem(s.db.QueryRowContext(ctx, `SELECT `+idemCols+` FROM idempotency
		WHERE scope = ? AND key = ? AND expires_at > ?`, scope, key, ms(now)))
	return rec, notFound(err, "idempotent request "+key)
}

// DeleteExpiredIdempotency removes records expired at now.
func (s *Store) DeleteExpiredIdempotency(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM idempotency WHERE expires_at <= ?`, ms(now))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// insertRequest adds a request log row and returns its id.
const insertRequest = `INSERT INTO request_log (request_id, at, method, path, status, duration_us,
	key_id, user_id, remote_addr, error_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`

// AppendRequest adds a row to the request log.
func (s *Store) AppendRequest(ctx context.Context, r *store.RequestLog) error {
	return s.db.QueryRowContext(ctx, insertRequest, r.RequestID, ms(r.At), r.Method, r.Path, r.Status,
		r.Duration.Microseconds(), r.KeyID, r.UserID, r.RemoteAddr, r.ErrorCode).Scan(&r.ID)
}

// AppendRequests adds rows to the request log in one transaction.
func (s *Store) AppendRequests(ctx context.Context, rows []*store.RequestLog) error {
	if len(rows) == 0 {
		return nil
	}
	return s.tx(ctx, func(tx Tx) error {
		stmt, err := tx.PrepareContext(ctx, insertRequest)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, r := range rows {
			err := stmt.QueryRowContext(ctx, r.RequestID, ms(r.At), r.Method, r.Path, r.Status, r.Duration.Microseconds(),
				r.KeyID, r.UserID, r.RemoteAddr, r.ErrorCode).Scan(&r.ID)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// SearchRequests returns request log rows, newest first.
func (s *Store) SearchRequests(ctx context.Context, f store.RequestFilter) ([]*store.RequestLog, error) {
	q := `SELECT ` + requestCols + `
		FROM request_log WHERE 1=1`
	var args []any
	add := func(cond string, v any) {
		q += " AND " + cond
		args = append(args, v)
	}
	if f.KeyID != "" {
		add("key_id = ?", f.KeyID)
	}
	if f.UserID != "" {
		add("user_id = ?", f.UserID)
	}
	if f.RequestID != "" {
		add("request_id = ?", f.RequestID)
	}
	if f.PathPrefix != "" {
		// substr keeps LIKE's wildcards out of the prefix.
		q += " AND substr(path, 1, ?) = ?"
		args = append(args, utf8.RuneCountInString(f.PathPrefix), f.PathPrefix)
	}
	if f.MinStatus != 0 {
		add("status >= ?", f.MinStatus)
	}
	if !f.Since.IsZero() {
		add("at >= ?", ms(f.Since))
	}
	if f.BeforeID != 0 {
		add("id < ?", f.BeforeID)
	}
	q += ` ORDER BY id DESC LIMIT ?`
	args = append(args, limit(f.Limit))
	rows, err := s.db.QueryContext(ctx, q, args...)
	return collect(rows, err, scanRequest)
}
