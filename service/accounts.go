package service

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/vouchdev/vouch/store"
)

// touchEvery is how stale a key's or session's last use may get before a
// request records it again: a write per request would serialise reads
// behind SQLite's one writer.
const touchEvery = time.Minute

// CreateKey stores a key auth generated and hashed; the id is assigned
// here. The key itself never reaches the service.
func (s *Service) CreateKey(ctx context.Context, n NewKey) (*Key, error) {
	switch {
	case n.Scope != store.ScopeRead && n.Scope != store.ScopeLaunch:
		return nil, invalid("scope", "scope must be read or launch, not %q", n.Scope)
	case len(n.Hash) == 0:
		return nil, invalid("hash", "the key's hash is required")
	case n.Prefix == "":
		return nil, invalid("prefix", "the key's visible prefix is required")
	}
	k := &Key{ID: newID("key_"), Prefix: n.Prefix, Hash: n.Hash, Scope: n.Scope, Name: n.Name, CreatedAt: s.now().UTC()}
	if err := s.store.CreateKey(ctx, k); err != nil {
		return nil, s.storeErr(err, "key")
	}
	return k, nil
}

// AuthenticateKey returns the live key with this SHA-256 and records its
// use; CodeUnauthorized if there is none or it is revoked.
func (s *Service) AuthenticateKey(ctx context.Context, hash []byte) (*Key, error) {
	k, err := s.store.GetKeyByHash(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(CodeUnauthorized, "the API key is not valid")
	}
	if err != nil {
		return nil, internal(err)
	}
	if !k.RevokedAt.IsZero() {
		return nil, errorf(CodeUnauthorized, "the API key was revoked")
	}
	if now := s.now().UTC(); now.Sub(k.LastUsed) >= touchEvery {
		if err := s.store.TouchKey(ctx, k.ID, now); err != nil {
			s.log.Warn("recording key use", "key", k.ID, "err", err)
		}
		k.LastUsed = now
	}
	return k, nil
}

// ListKeys returns every key, newest first.
func (s *Service) ListKeys(ctx context.Context) ([]*Key, error) {
	ks, err := s.store.ListKeys(ctx)
	if err != nil {
		return nil, internal(err)
	}
	return ks, nil
}

// RevokeKey revokes a key by id, or by its visible prefix when exactly one
// key has it, and returns it.
func (s *Service) RevokeKey(ctx context.Context, idOrPrefix string) (*Key, error) {
	ks, err := s.store.ListKeys(ctx)
	if err != nil {
		return nil, internal(err)
	}
	var match []*Key
	for _, k := range ks {
		if k.ID == idOrPrefix {
			match = []*Key{k}
			break
		}
		if idOrPrefix != "" && strings.HasPrefix(k.Prefix, idOrPrefix) {
			match = append(match, k)
		}
	}
	switch len(match) {
	case 0:
		return nil, errorf(CodeNotFound, "no key has id or prefix %q", idOrPrefix)
	case 1:
	default:
		return nil, invalid("key", "%d keys start with %q; give the key id", len(match), idOrPrefix)
	}
	if err := s.store.RevokeKey(ctx, match[0].ID, s.now().UTC()); err != nil {
		return nil, s.storeErr(err, "key "+match[0].ID)
	}
	k, err := s.store.GetKey(ctx, match[0].ID)
	if err != nil {
		return nil, internal(err)
	}
	return k, nil
}

// CreateUser stores a person; CodeConflict if the email is taken
// (case-insensitively).
func (s *Service) CreateUser(ctx context.Context, n NewUser) (*User, error) {
	email := strings.TrimSpace(n.Email)
	switch {
	case email == "" || !strings.Contains(email, "@") || strings.ContainsAny(email, " \t\r\n"):
		return nil, invalid("email", "email must be an address such as ana@example.com")
	case n.PasswordHash == "":
		return nil, invalid("password", "a password is required")
	}
	u := &User{ID: newID("usr_"), Email: email, PasswordHash: n.PasswordHash, Admin: n.Admin, CreatedAt: s.now().UTC()}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, s.storeErr(err, "a person with email "+email)
	}
	return u, nil
}

// GetUser returns a person by id.
func (s *Service) GetUser(ctx context.Context, id string) (*User, error) {
	u, err := s.store.GetUser(ctx, id)
	if err != nil {
		return nil, s.storeErr(err, "person "+id)
	}
	return u, nil
}

// GetUserByEmail returns a person by email, case-insensitively.
func (s *Service) GetUserByEmail(ctx context.Context, email string) (*User, error) {
	u, err := s.store.GetUserByEmail(ctx, email)
	if err != nil {
		return nil, s.storeErr(err, "person "+email)
	}
	return u, nil
}

// ListUsers returns every person, oldest first.
func (s *Service) ListUsers(ctx context.Context) ([]*User, error) {
	us, err := s.store.ListUsers(ctx)
	if err != nil {
		return nil, internal(err)
	}
	return us, nil
}

// UpdateUser saves a person's password hash, admin and disabled fields.
// Disabling a person or changing their password ends their sessions.
func (s *Service) UpdateUser(ctx context.Context, u *User) error {
	old, err := s.store.GetUser(ctx, u.ID)
	if err != nil {
		return s.storeErr(err, "person "+u.ID)
	}
	if err := s.store.UpdateUser(ctx, u); err != nil {
		return s.storeErr(err, "person "+u.ID)
	}
	if u.Disabled || u.PasswordHash != old.PasswordHash {
		if err := s.store.DeleteUserSessions(ctx, u.ID); err != nil {
			return internal(err)
		}
	}
	return nil
}

// CountUsers returns how many people exist (0 on first start).
func (s *Service) CountUsers(ctx context.Context) (int, error) {
	n, err := s.store.CountUsers(ctx)
	if err != nil {
		return 0, internal(err)
	}
	return n, nil
}

// DefaultSessionTTL is a session's lifetime unless NewSession says.
const DefaultSessionTTL = 12 * time.Hour

// CreateSession stores a session for a person.
func (s *Service) CreateSession(ctx context.Context, n NewSession) (*Session, error) {
	if len(n.TokenHash) == 0 {
		return nil, invalid("token", "the session token's hash is required")
	}
	if n.TTL == 0 {
		n.TTL = DefaultSessionTTL
	}
	now := s.now().UTC()
	se := &Session{ID: newID("ses_"), TokenHash: n.TokenHash, UserID: n.UserID, CSRFToken: n.CSRFToken,
		CreatedAt: now, LastSeen: now, ExpiresAt: now.Add(n.TTL)}
	if err := s.store.CreateSession(ctx, se); err != nil {
		return nil, s.storeErr(err, "session")
	}
	return se, nil
}

// GetSession returns the live session with this token hash and its
// person; CodeUnauthorized if it is unknown, expired, or its person is
// disabled.
func (s *Service) GetSession(ctx context.Context, tokenHash []byte) (*Session, *User, error) {
	se, err := s.store.GetSession(ctx, tokenHash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, errorf(CodeUnauthorized, "sign in again")
	}
	if err != nil {
		return nil, nil, internal(err)
	}
	now := s.now().UTC()
	if !now.Before(se.ExpiresAt) {
		return nil, nil, errorf(CodeUnauthorized, "the session has expired; sign in again")
	}
	u, err := s.store.GetUser(ctx, se.UserID)
	if err != nil || u.Disabled {
		return nil, nil, errorf(CodeUnauthorized, "sign in again")
	}
	if now.Sub(se.LastSeen) >= touchEvery {
		if err := s.store.TouchSession(ctx, se.ID, now); err != nil {
			s.log.Warn("recording session use", "err", err)
		}
		se.LastSeen = now
	}
	return se, u, nil
}

// DeleteSession ends a session.
func (s *Service) DeleteSession(ctx context.Context, id string) error {
	if err := s.store.DeleteSession(ctx, id); err != nil {
		return internal(err)
	}
	return nil
}

// MaxIdempotencyKeyLength is the longest idempotency key accepted.
const MaxIdempotencyKeyLength = 255

// BeginIdempotent starts a request under an idempotency key, scoped to the
// caller (scope: its key id, or user id) and kept IdempotencyTTL. It
// returns (nil, nil) when the caller should run the request and then call
// CompleteIdempotent (or AbortIdempotent if it produced no response to
// keep), or the stored record to replay byte for byte. (A run start or
// re-check also records the key with its run: see CreateRequest.) Errors:
// CodeIdempotencyKeyReused for another request hash,
// CodeIdempotencyInProgress while the first is in flight (a marker older
// than 5 minutes is abandoned and taken over), CodeInvalidRequest for an
// empty key or one over 255 characters.
func (s *Service) BeginIdempotent(ctx context.Context, scope, key, requestHash string) (*Idempotency, error) {
	switch {
	case key == "":
		return nil, invalid("Idempotency-Key", "the Idempotency-Key header is empty")
	case len(key) > MaxIdempotencyKeyLength:
		return nil, invalid("Idempotency-Key", "the Idempotency-Key header is longer than %d characters", MaxIdempotencyKeyLength)
	case scope == "":
		return nil, errorf(CodeUnauthorized, "idempotency keys are scoped to the caller: authenticate first")
	}
	rec, err := s.store.BeginIdempotent(ctx, store.IdempotencyBegin{Scope: scope, Key: key, RequestHash: requestHash,
		Now: s.now().UTC(), TTL: s.cfg.IdempotencyTTL})
	switch {
	case errors.Is(err, store.ErrIdempotencyKeyReused):
		return nil, &Error{Code: CodeIdempotencyKeyReused, Field: "Idempotency-Key", Err: err,
			Message: "this Idempotency-Key was used with another request; use a new key for a new request"}
	case errors.Is(err, store.ErrIdempotencyInProgress):
		return nil, &Error{Code: CodeIdempotencyInProgress, Field: "Idempotency-Key", Err: err,
			Message: "the first request with this Idempotency-Key is still in progress; retry shortly"}
	case err != nil:
		return nil, internal(err)
	}
	return rec, nil
}

// GetIdempotent returns the live record of an idempotency key, in flight
// or complete; CodeNotFound if there is none.
func (s *Service) GetIdempotent(ctx context.Context, scope, key string) (*Idempotency, error) {
	rec, err := s.store.GetIdempotent(ctx, scope, key, s.now().UTC())
	if err != nil {
		return nil, s.storeErr(err, "idempotency key")
	}
	return rec, nil
}

// CompleteIdempotent stores the response to replay.
func (s *Service) CompleteIdempotent(ctx context.Context, scope, key string, status int, body []byte) error {
	if err := s.store.CompleteIdempotent(ctx, scope, key, status, body, s.now().UTC()); err != nil {
		return internal(err)
	}
	return nil
}

// AbortIdempotent forgets an in-flight request so its key can be retried.
func (s *Service) AbortIdempotent(ctx context.Context, scope, key string) error {
	if err := s.store.AbortIdempotent(ctx, scope, key); err != nil {
		return internal(err)
	}
	return nil
}

// LogRequest appends a request log row.
func (s *Service) LogRequest(ctx context.Context, r *RequestLog) error {
	if r.At.IsZero() {
		r.At = s.now().UTC()
	}
	if err := s.store.AppendRequest(ctx, r); err != nil {
		return internal(err)
	}
	return nil
}

// LogRequests appends request log rows in one transaction.
func (s *Service) LogRequests(ctx context.Context, rows []*RequestLog) error {
	now := s.now().UTC()
	for _, r := range rows {
		if r.At.IsZero() {
			r.At = now
		}
	}
	if err := s.store.AppendRequests(ctx, rows); err != nil {
		return internal(err)
	}
	return nil
}

// SearchRequests returns request log rows, newest first.
func (s *Service) SearchRequests(ctx context.Context, f RequestFilter) ([]*RequestLog, error) {
	rs, err := s.store.SearchRequests(ctx, f)
	if err != nil {
		return nil, internal(err)
	}
	return rs, nil
}

// Sweep deletes expired idempotency records and sessions. Start runs it
// hourly; tests call it with a moved clock.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now().UTC()
	if _, err := s.store.DeleteExpiredIdempotency(ctx, now); err != nil {
		return internal(err)
	}
	if _, err := s.store.DeleteExpiredSessions(ctx, now); err != nil {
		return internal(err)
	}
	return nil
}
