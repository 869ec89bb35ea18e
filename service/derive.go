package service

import (
	"errors"
	"fmt"
	"net/url"

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
	return fromClaim(d), nil
}

// fromClaim is a claim derivation as the service keeps it.
func fromClaim(d claim.Derivation) Derivation {
	reqs := make([]Requirement, len(d.Requirements))
	for i, r := range d.Requirements {
		reqs[i] = Requirement{ID: r.ID, Text: r.Text, Kind: r.Kind, ProvenBy: make([]StepRef, len(r.ProvenBy))}
		for k, ref := range r.ProvenBy {
			reqs[i].ProvenBy[k] = StepRef{Journey: ref.Journey, Name: ref.Name, Step: ref.Step}
		}
	}
	return Derivation{Plan: d.Plan, Requirements: reqs, Notes: d.Notes}
}

// DeriveAt derives a claim for a deployment URL with claim.DeriveAt: a
// URL that names a page (…/about.html) is the page the claim means by the
// home page or by that page's name, and the plan runs against the URL's
// directory, which DeriveAt returns.
func (RulesDeriver) DeriveAt(text string, deployment *url.URL) (Derivation, *url.URL, error) {
	d, base, err := claim.DeriveAt(text, deployment)
	if err != nil {
		return Derivation{}, nil, err
	}
	return fromClaim(d), base, nil
}

// deriverAt is a Deriver that reads the deployment URL too.
type deriverAt interface {
	DeriveAt(claim string, deployment *url.URL) (Derivation, *url.URL, error)
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

// proofs returns the assertion steps of p's journeys that name
// requirement id, the rule claim.Trace applies to every derivation.
func proofs(p *plan.Plan, id string) []StepRef {
	out := []StepRef{}
	if p == nil {
		return out
	}
	for ji, j := range p.Journeys {
		if j.Requirement != id {
			continue
		}
		for si, st := range j.Steps {
			if st.Kind.IsAssertion() {
				out = append(out, StepRef{Journey: ji + 1, Name: j.Name, Step: si + 1})
			}
		}
	}
	return out
}

// withProofs gives each requirement of a derivation the steps that prove
// it: the deriver's when it named them (each must be an assertion of a
// journey that names the requirement), else proofs. Requirements default
// to the plan's own.
func withProofs(d Derivation) ([]Requirement, error) {
	reqs := d.Requirements
	if len(reqs) == 0 {
		for _, r := range d.Plan.Requirements {
			reqs = append(reqs, Requirement{ID: r.ID, Text: r.Text, Kind: r.Kind})
		}
	}
	out := make([]Requirement, len(reqs))
	for i, r := range reqs {
		if len(r.ProvenBy) == 0 {
			r.ProvenBy = proofs(d.Plan, r.ID)
		}
		r.ProvenBy = append([]StepRef{}, r.ProvenBy...)
		for k := range r.ProvenBy {
			ref := &r.ProvenBy[k]
			if ref.Journey < 1 || ref.Journey > len(d.Plan.Journeys) {
				return nil, fmt.Errorf("requirement %s is proven by journey %d, which the plan does not have", r.ID, ref.Journey)
			}
			j := d.Plan.Journeys[ref.Journey-1]
			if j.Requirement != r.ID || ref.Step < 1 || ref.Step > len(j.Steps) || !j.Steps[ref.Step-1].Kind.IsAssertion() {
				return nil, fmt.Errorf("requirement %s is proven by journey %d step %d, which is not an assertion of a journey proving it", r.ID, ref.Journey, ref.Step)
			}
			ref.Name = j.Name
		}
		out[i] = r
	}
	return out, nil
}
