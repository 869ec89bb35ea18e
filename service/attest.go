package service

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/store"
	"github.com/vouchdev/vouch/version"
)

// KeyringDir is where the server's attestation keys live, inside DataDir.
const KeyringDir = "attestation-keys"

// keyring returns the keyring that signs runs.
func (s *Service) keyring() *attest.Keyring {
	if s.cfg.Attestations != nil {
		return s.cfg.Attestations
	}
	return attest.NewKeyring(filepath.Join(s.cfg.DataDir, KeyringDir))
}

// ensureSigningKey creates the signing key on the first start and
// publishes the public half of every key of the keyring in the store, so
// that servers on other machines check this process's signatures without
// a copy of its key directory. Only public keys leave the keyring.
func (s *Service) ensureSigningKey(ctx context.Context) error {
	k, err := s.keyring().Signer()
	if err != nil {
		return err
	}
	keys, err := s.keyring().PublicKeys()
	if err != nil {
		return err
	}
	for _, p := range keys {
		if err := s.publishKey(ctx, p); err != nil {
			return err
		}
	}
	s.log.Info("attestations signed", "key", k.PublicKey().ID)
	return nil
}

// publishKey records p in the store once per process.
func (s *Service) publishKey(ctx context.Context, p attest.PublicKey) error {
	if _, ok := s.published.Load(p.ID); ok {
		return nil
	}
	host, _ := os.Hostname()
	err := s.store.PublishAttestationKey(ctx, &store.AttestationKey{
		ID: p.ID, Algorithm: "ed25519", PublicKey: p.PEM(), Host: host,
		CreatedAt: p.Created, PublishedAt: s.now().UTC(),
	})
	if err != nil {
		return fmt.Errorf("publishing the attestation key %s: %w", p.ID, err)
	}
	s.published.Store(p.ID, true)
	return nil
}

// AttestationKeys lists the public keys that sign runs, newest first:
// those of this process's keyring and those every worker published in the
// store, current and rotated out (older runs verify with them).
func (s *Service) AttestationKeys(ctx context.Context) ([]attest.PublicKey, error) {
	ks, err := PublishedKeys(ctx, s.store, s.keyring(), s.log)
	if err != nil {
		return nil, internal(err)
	}
	return ks, nil
}

// PublishedKeys merges the keys of a local keyring (kr, may be nil) with
// the keys published in st, newest first. A local key is current when it
// is the keyring's newest; any other published key when it is the newest
// its host published. A row whose id is not its public
// key's fingerprint is left out (and logged): ids are never trusted from
// the database.
func PublishedKeys(ctx context.Context, st store.Store, kr *attest.Keyring, log *slog.Logger) ([]attest.PublicKey, error) {
	var out []attest.PublicKey
	if kr != nil {
		local, err := kr.PublicKeys()
		if err != nil {
			return nil, err
		}
		out = local
	}
	rows, err := st.ListAttestationKeys(ctx)
	if err != nil {
		return nil, err
	}
	newest := map[string]bool{} // hosts whose newest key was seen
	for _, row := range rows {
		p, ok := publishedKey(row, log)
		if !ok {
			continue
		}
		// rows come newest first
		p.Current = !newest[p.Host]
		newest[p.Host] = true
		if i := slices.IndexFunc(out, func(k attest.PublicKey) bool { return k.ID == p.ID }); i >= 0 {
			// The local directory knows of a rotation before the new key
			// is published (at its first signature): its view of which
			// key is current wins.
			out[i].Host = p.Host
			continue
		}
		out = append(out, p)
	}
	slices.SortStableFunc(out, func(a, b attest.PublicKey) int { return b.Created.Compare(a.Created) })
	return out, nil
}

// publishedKey reads a published key, checking that its id is the
// fingerprint of its public key.
func publishedKey(row *store.AttestationKey, log *slog.Logger) (attest.PublicKey, bool) {
	ps, err := attest.ParsePublicKeys([]byte(row.PublicKey))
	if err != nil || len(ps) != 1 || ps[0].ID != row.ID || row.Algorithm != "ed25519" {
		if log != nil {
			log.Warn("a published attestation key is not what its id names; ignored", "key", row.ID, "host", row.Host, "err", err)
		}
		return attest.PublicKey{}, false
	}
	p := ps[0]
	p.Created, p.Host = row.CreatedAt, row.Host
	return p, true
}

// sign writes the run's signed statements into its evidence directory. A
// failure is logged: the run keeps its decision and shows as not signed.
func (s *Service) sign(ctx context.Context, v *store.Verification, sp *store.Plan, res *runner.Result, log *slog.Logger) {
	if res == nil || res.Dir == "" {
		return
	}
	key, err := s.keyring().Signer()
	if err != nil {
		log.Error("no attestation: the signing key", "err", err)
		return
	}
	// A key rotated since Start (vouch attestation-keys rotate) is
	// published before it signs, so that no run names a key servers cannot
	// find. A failure leaves the run signed: the server on this machine
	// still checks it with the local keyring.
	if err := s.publishKey(context.WithoutCancel(ctx), key.PublicKey()); err != nil {
		log.Error("attestation key not published", "err", err)
	}
	r := attest.Run{
		Dir: res.Dir, VerificationID: v.ID, URL: s.cfg.PublicURL + "/api/v1/verifications/" + v.ID,
		Claim: sp.Claim, PlanRecord: sp.ID, Runner: attest.Runner{Name: "vouch", Version: version.String(), Mode: "server"},
	}
	if e := sp.Decision; e != nil && e.State == store.PlanApproved {
		r.Approval = &attest.Approval{UserID: e.UserID, At: e.At, PlanHash: e.PlanHash}
		if u, err := s.store.GetUser(ctx, e.UserID); err == nil {
			r.Approval.By = u.Email
		}
	}
	if err := attest.Write(context.WithoutCancel(ctx), r, key); err != nil {
		log.Error("no attestation", "err", err)
	}
}

// VerifyAttestation checks a completed verification's evidence against its
// signed statement, as `vouch evidence verify --server` would: with the
// keys of this server's keyring and, looked up in the store by the key id
// each signature names, the keys workers published. A run signed on
// another machine thus verifies without a copy of its worker's keys.
func (s *Service) VerifyAttestation(ctx context.Context, id string) (*attest.Result, error) {
	v, err := s.GetVerification(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.State != store.Completed || v.Evidence == nil {
		return nil, errorf(CodeEvidenceNotAvailable, "verification %s has no evidence yet", id)
	}
	dir := filepath.Join(s.cfg.DataDir, "evidence", id)
	if err := s.fetchEvidence(ctx, dir, id); err != nil {
		return nil, internal(fmt.Errorf("fetching the evidence of %s: %w", id, err))
	}
	fsys := os.DirFS(dir)
	keys, err := s.signerKeys(ctx, fsys)
	if err != nil {
		return nil, err
	}
	return attest.Verify(ctx, fsys, keys), nil
}

// signerKeys returns the local keyring's keys and the published keys the
// signatures in fsys name. An id the store does not know adds nothing:
// Verify then reports the key as unknown.
func (s *Service) signerKeys(ctx context.Context, fsys fs.FS) ([]attest.PublicKey, error) {
	keys, err := s.keyring().PublicKeys()
	if err != nil {
		return nil, internal(err)
	}
	for _, kid := range attest.SignerKeyIDs(fsys) {
		if slices.ContainsFunc(keys, func(k attest.PublicKey) bool { return k.ID == kid }) {
			continue
		}
		row, err := s.store.GetAttestationKey(ctx, kid)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, internal(err)
		}
		if p, ok := publishedKey(row, s.log); ok {
			keys = append(keys, p)
		}
	}
	return keys, nil
}

// signed reports whether a run directory holds the signed statement.
func signed(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, attest.EnvelopeFile))
	return err == nil
}
