package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/vouchdev/vouch/store"
)

const attestKeyCols = `id, algorithm, public_key, host, created_at, published_at`

func scanAttestKey(r scanner) (*store.AttestationKey, error) {
	var k store.AttestationKey
	var created, published sql.NullInt64
	if err := r.Scan(&k.ID, &k.Algorithm, &k.PublicKey, &k.Host, &created, &published); err != nil {
		return nil, err
	}
	k.CreatedAt, k.PublishedAt = fromMS(created), fromMS(published)
	return &k, nil
}

// PublishAttestationKey records a public signing key; the same key again
// changes nothing (every worker publishes its keys at each start).
func (s *Store) PublishAttestationKey(ctx context.Context, k *store.AttestationKey) error {
	// ON CONFLICT DO NOTHING, not a read then a write: workers starting
	// together publish the same key without a unique violation.
	n, err := changed(s.db.ExecContext(ctx, `INSERT INTO attestation_keys (`+attestKeyCols+`)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
		k.ID, k.Algorithm, k.PublicKey, k.Host, ms(k.CreatedAt), ms(k.PublishedAt)))
	if err != nil || n == 1 {
		return err
	}
	old, err := s.GetAttestationKey(ctx, k.ID)
	if err != nil {
		return err
	}
	if old.PublicKey != k.PublicKey || old.Algorithm != k.Algorithm {
		return fmt.Errorf("%w: attestation key %s is published with another public key", store.ErrConflict, k.ID)
	}
	return nil
}

// GetAttestationKey returns a published key by id.
func (s *Store) GetAttestationKey(ctx context.Context, id string) (*store.AttestationKey, error) {
	k, err := scanAttestKey(s.db.QueryRowContext(ctx, `SELECT `+attestKeyCols+` FROM attestation_keys WHERE id = ?`, id))
	return k, notFound(err, "attestation key "+id)
}

// ListAttestationKeys returns every published key, newest first.
func (s *Store) ListAttestationKeys(ctx context.Context) ([]*store.AttestationKey, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+attestKeyCols+` FROM attestation_keys ORDER BY COALESCE(created_at, 0) DESC, id DESC`)
	return collect(rows, err, scanAttestKey)
}
