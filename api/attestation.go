package api

import (
	"context"
	"net/http"

	"github.com/vouchdev/vouch/attest"
)

// attestationStatus says whether a verification's evidence matches its
// signed statement, checked with this server's published keys.
type attestationStatus struct {
	Valid    bool     `json:"valid"`
	Summary  string   `json:"summary"` // "signature valid (key …)" or why not
	KeyID    string   `json:"keyid,omitempty"`
	Problems []string `json:"problems"`
}

func (a *API) attestation(ctx context.Context, id string) *attestationStatus {
	r, err := a.svc.VerifyAttestation(ctx, id)
	if err != nil {
		return &attestationStatus{Summary: "signature not checked: " + err.Error(), Problems: []string{err.Error()}}
	}
	st := &attestationStatus{Valid: r.Valid, Summary: r.Summary(), KeyID: r.KeyID, Problems: []string{}}
	for _, p := range r.Problems {
		st.Problems = append(st.Problems, p.String())
	}
	return st
}

// attestationKeys publishes the public keys that sign runs, current and
// rotated out, so that anyone can verify evidence offline. No credentials:
// public keys are public.
func (a *API) attestationKeys(w http.ResponseWriter, r *http.Request, _ caller, _ any) (int, any, error) {
	keys, err := a.svc.AttestationKeys(r.Context())
	if err != nil {
		return 0, nil, err
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	return http.StatusOK, attest.NewKeySet(keys), nil
}
