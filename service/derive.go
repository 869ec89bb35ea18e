package service

import (
	"errors"

	"github.com/vouchdev/vouch/claim"
	"github.com/vouchdev/vouch/plan"
)

// RulesDeriver is the default Deriver: claim.Derive, the deterministic
// claim language. Its refusals (*claim.NotProvableError) become
// CodeClaimNotProvable with the repair prompt and suggested rephrasings.
type RulesDeriver struct{}

// Derive calls claim.Derive.
func (RulesDeriver) Derive(text string) (Derivation, error) {
	d, err := claim.Derive(text)
	if err != nil {
		return Derivation{}, err
	}
	reqs := make([]plan.Requirement, len(d.Requirements))
	for i, r := range d.Requirements {
		reqs[i] = plan.Requirement{ID: r.ID, Text: r.Text, Kind: r.Kind}
	}
	return Derivation{Plan: d.Plan, Requirements: reqs, Notes: d.Notes}, nil
}

// refusalError turns a deriver's refusal into CodeClaimNotProvable; ok is
// false for any other error.
func refusalError(err error) (*Error, bool) {
	var np *claim.NotProvableError
	if errors.As(err, &np) {
		return &Error{Code: CodeClaimNotProvable, Field: "claim", Message: "the claim cannot be proven in a browser: " + np.Reason,
			RepairPrompt: np.RepairPrompt(), Suggestions: np.Suggestions, Err: err}, true
	}
	var rp interface{ RepairPrompt() string }
	if errors.As(err, &rp) {
		return &Error{Code: CodeClaimNotProvable, Field: "claim", Message: err.Error(), RepairPrompt: rp.RepairPrompt(), Err: err}, true
	}
	return nil, false
}
