package service

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

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

// ensureSigningKey creates the signing key on the first start, so that
// its public half is published before any run.
func (s *Service) ensureSigningKey() error {
	k, err := s.keyring().Signer()
	if err != nil {
		return err
	}
	s.log.Info("attestations signed", "key", k.PublicKey().ID)
	return nil
}

// AttestationKeys lists the public keys that sign runs, newest first: the
// current one and every key rotated out, which verify older runs.
func (s *Service) AttestationKeys() ([]attest.PublicKey, error) {
	ks, err := s.keyring().PublicKeys()
	if err != nil {
		return nil, internal(err)
	}
	return ks, nil
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
// signed statement with the keys this server publishes, as `vouch evidence
// verify --server` would.
func (s *Service) VerifyAttestation(ctx context.Context, id string) (*attest.Result, error) {
	v, err := s.GetVerification(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.State != store.Completed || v.Evidence == nil {
		return nil, errorf(CodeEvidenceNotAvailable, "verification %s has no evidence yet", id)
	}
	keys, err := s.AttestationKeys()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(s.cfg.DataDir, "evidence", id)
	if err := s.fetchEvidence(ctx, dir, id); err != nil {
		return nil, internal(fmt.Errorf("fetching the evidence of %s: %w", id, err))
	}
	return attest.Verify(ctx, os.DirFS(dir), keys), nil
}

// signed reports whether a run directory holds the signed statement.
func signed(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, attest.EnvelopeFile))
	return err == nil
}
