package api

import (
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
)

// routes lists every endpoint, each served under both Prefixes. openapi.json
// describes exactly these; openapi_test keeps the two in step.
func (a *API) routes() []route {
	return []route{
		{method: "POST", path: "/verifications", access: readKey, idempotent: true,
			body: func() any { return new(createRequest) }, handle: a.create,
			codes: []service.Code{service.CodeInsufficientScope, service.CodeNotFound, service.CodePlanNotApproved,
				service.CodePlanRejected, service.CodePlanIntegrity, service.CodeClaimNotProvable,
				service.CodeTargetNotAllowed, service.CodeRecheckHostMismatch, service.CodeServiceUnavailable}},
		{method: "GET", path: "/verifications/{id}", access: readKey, handle: a.getVerification,
			codes: []service.Code{service.CodeNotFound}},
		{method: "POST", path: "/verifications/{id}/recheck", access: launchKey, idempotent: true,
			body: func() any { return new(recheckRequest) }, bodyOptional: true, handle: a.recheck,
			codes: []service.Code{service.CodeNotFound, service.CodeRecheckWindowClosed, service.CodeRecheckNotAllowed,
				service.CodePlanIntegrity, service.CodeRecheckHostMismatch, service.CodeTargetNotAllowed,
				service.CodeRecheckLimitReached, service.CodeServiceUnavailable}},
		{method: "GET", path: "/verifications/{id}/evidence/{file...}", access: readKey, handle: a.evidence, rawResponse: true,
			codes: []service.Code{service.CodeNotFound, service.CodeEvidenceNotAvailable}},
		{method: "GET", path: "/verifications/plans/{id}", access: readKey, handle: a.getPlan,
			codes: []service.Code{service.CodeNotFound}},
		// approve reads its optional body itself (a form or JSON).
		{method: "POST", path: "/verifications/plans/{id}/approve", access: personOnly, handle: a.approve,
			codes: []service.Code{service.CodeInvalidRequest, service.CodePayloadTooLarge, service.CodeUnsupportedMediaType,
				service.CodeNotFound, service.CodePlanRejected, service.CodePlanIntegrity, service.CodeServiceUnavailable}},
		{method: "GET", path: "/usage", access: readKey, handle: a.usage,
			codes: []service.Code{service.CodeInvalidRequest}},
		{method: "GET", path: "/openapi.json", access: public, handle: a.openapi, rawResponse: true},
		{method: "GET", path: "/attestation-keys", access: public, handle: a.attestationKeys,
			codes: []service.Code{service.CodeInternal}},
	}
}

// createRequest is the body of POST /verifications.
type createRequest struct {
	// DeploymentURL is the live app to verify (http or https).
	DeploymentURL string `json:"deployment_url"`
	// Claim is the one sentence to prove.
	Claim string `json:"claim"`
	// DryRun derives the plan and checks the claim is provable; nothing is
	// charged.
	DryRun bool `json:"dry_run,omitempty"`
	// ReviewedPlanID starts a run of this approved plan (launch scope).
	ReviewedPlanID string `json:"reviewed_plan_id,omitempty"`
}

// recheckRequest is the optional body of POST /verifications/{id}/recheck.
type recheckRequest struct {
	// DeploymentURL may name another path on the same scheme and host.
	DeploymentURL string `json:"deployment_url,omitempty"`
}

// planCreated answers a create or a dry run.
type planCreated struct {
	State           string                `json:"state"` // "review_required"
	PlanID          string                `json:"plan_id"`
	Plan            *plan.Plan            `json:"plan"`
	Requirements    []service.Requirement `json:"requirements"`
	Notes           []string              `json:"notes"`
	ApproveURL      string                `json:"approve_url"`
	ContractID      string                `json:"contract_id"`
	ContractVersion string                `json:"contract_version"`
	HumanReviewed   bool                  `json:"human_reviewed"`
	DryRun          bool                  `json:"dry_run,omitempty"`
}

func (a *API) create(w http.ResponseWriter, r *http.Request, c caller, body any) (int, any, error) {
	req := body.(*createRequest)
	sreq := service.CreateRequest{DeploymentURL: req.DeploymentURL, Claim: req.Claim, DryRun: req.DryRun, ReviewedPlanID: req.ReviewedPlanID}
	if req.ReviewedPlanID != "" {
		if req.DryRun {
			return 0, nil, &service.Error{Code: service.CodeInvalidRequest, Field: "dry_run",
				Message: "dry_run cannot be combined with reviewed_plan_id: a dry run derives a plan, reviewed_plan_id runs an approved one"}
		}
		if c.KeyID != "" && !auth.Scope(c.Scope).Allows(auth.ScopeLaunch) {
			return 0, nil, apiErr(service.CodeInsufficientScope, "starting a run spends: it needs a key with scope launch; this key has scope "+c.Scope)
		}
		// Under an Idempotency-Key (serveIdempotent has checked it), the run
		// records the key in the transaction that charges it: a retry after
		// a crash before the response was stored answers that run.
		sreq.IdempotencyKey, _ = idempotencyKey(r)
		v, err := a.svc.StartRun(r.Context(), c.Principal, sreq)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusAccepted, a.verificationRecord(v, true), nil
	}
	p, err := a.svc.CreatePlan(r.Context(), c.Principal, sreq)
	if err != nil {
		return 0, nil, err
	}
	out := planCreated{
		State: "review_required", PlanID: p.ID, Plan: p.Plan, Requirements: nonNil(p.Requirements),
		Notes: nonNil(p.Notes), ApproveURL: p.ApproveURL, ContractID: p.ContractID,
		ContractVersion: p.ContractVersion, HumanReviewed: false,
	}
	if req.DryRun {
		out.DryRun = true
		return http.StatusOK, out, nil
	}
	return http.StatusAccepted, out, nil
}

// verificationRecord is a verification as the API shows it when complete
// or just queued by a run start.
type verificationRecord struct {
	ID            string                      `json:"id"`
	State         string                      `json:"state"`
	Decision      string                      `json:"decision,omitempty"`
	Reason        string                      `json:"reason,omitempty"`
	Evidence      *evidenceRecord             `json:"evidence,omitempty"`
	RepairPrompt  string                      `json:"repair_prompt,omitempty"`
	RecheckOf     *string                     `json:"recheck_of"`
	Requirements  []service.RequirementResult `json:"requirements"`
	HumanReviewed bool                        `json:"human_reviewed"`
	PlanID        string                      `json:"plan_id"`
	ContractID    string                      `json:"contract_id,omitempty"`
	DeploymentURL string                      `json:"deployment_url"`
	CreatedAt     time.Time                   `json:"created_at"`
	StartedAt     *time.Time                  `json:"started_at,omitempty"`
	CompletedAt   *time.Time                  `json:"completed_at,omitempty"`
	// Attestation is set by a read of one completed verification.
	Attestation *attestationStatus `json:"attestation,omitempty"`
}

// inProgress is all a read shows while a run is queued or running (§2.2).
type inProgress struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

type evidenceRecord struct {
	ManifestURL string           `json:"manifest_url"`
	ReportURL   string           `json:"report_url,omitempty"`
	Artifacts   []artifactRecord `json:"artifacts"`
	// AttestationURL and TestResultURL are the signed statements' DSSE
	// envelopes (docs/attestations.md).
	AttestationURL string `json:"attestation_url,omitempty"`
	TestResultURL  string `json:"test_result_url,omitempty"`
	// Attempts are the earlier attempts that ended without a decision,
	// with the evidence each kept.
	Attempts []attemptRecord `json:"attempts,omitempty"`
}

type attemptRecord struct {
	Attempt int      `json:"attempt"`
	Outcome string   `json:"outcome"`
	URLs    []string `json:"evidence_urls"`
}

type artifactRecord struct {
	Kind      string `json:"kind"`
	URL       string `json:"url"`
	SHA256    string `json:"sha256"`
	Size      int64  `json:"size"`
	MediaType string `json:"media_type"`
	Journey   int    `json:"journey,omitempty"`
	Step      int    `json:"step,omitempty"`
}

// evidenceURL is where an evidence file of verification id is served.
func (a *API) evidenceURL(id, file string) string {
	return a.svc.PublicURL() + "/api/v1/verifications/" + id + "/evidence/" + file
}

func (a *API) verificationRecord(v *service.Verification, full bool) any {
	if !full && v.State != "completed" {
		return inProgress{ID: v.ID, State: v.State}
	}
	out := verificationRecord{
		ID: v.ID, State: v.State, Decision: v.Decision, Reason: v.Reason, RepairPrompt: v.RepairPrompt,
		Requirements: nonNil(v.Requirements), HumanReviewed: v.HumanReviewed, PlanID: v.PlanID,
		ContractID: v.ContractID, DeploymentURL: v.DeploymentURL, CreatedAt: v.CreatedAt.UTC(),
		StartedAt: timePtr(v.StartedAt), CompletedAt: timePtr(v.CompletedAt),
	}
	if v.RecheckOf != "" {
		out.RecheckOf = &v.RecheckOf
	}
	if e := v.Evidence; e != nil {
		er := &evidenceRecord{ManifestURL: a.evidenceURL(v.ID, e.ManifestFile), Artifacts: []artifactRecord{}}
		if e.ReportFile != "" {
			er.ReportURL = a.evidenceURL(v.ID, e.ReportFile)
		}
		if e.AttestationFile != "" {
			er.AttestationURL = a.evidenceURL(v.ID, e.AttestationFile)
			er.TestResultURL = a.evidenceURL(v.ID, e.TestResultFile)
		}
		for _, ar := range e.Artifacts {
			er.Artifacts = append(er.Artifacts, artifactRecord{
				Kind: ar.Kind, URL: a.evidenceURL(v.ID, ar.File), SHA256: ar.SHA256, Size: ar.Size,
				MediaType: ar.MediaType, Journey: ar.Journey, Step: ar.Step,
			})
		}
		for _, at := range e.Attempts {
			ar := attemptRecord{Attempt: at.N, Outcome: at.Outcome, URLs: []string{}}
			for _, f := range at.Files {
				ar.URLs = append(ar.URLs, a.evidenceURL(v.ID, f))
			}
			er.Attempts = append(er.Attempts, ar)
		}
		out.Evidence = er
	}
	return out
}

func (a *API) getVerification(w http.ResponseWriter, r *http.Request, c caller, _ any) (int, any, error) {
	v, err := a.svc.GetVerification(r.Context(), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	out := a.verificationRecord(v, false)
	if rec, ok := out.(verificationRecord); ok && rec.Evidence != nil {
		rec.Attestation = a.attestation(r.Context(), v.ID)
		out = rec
	}
	return http.StatusOK, out, nil
}

func (a *API) recheck(w http.ResponseWriter, r *http.Request, c caller, body any) (int, any, error) {
	req := body.(*recheckRequest)
	key, _ := idempotencyKey(r)
	v, err := a.svc.StartRecheck(r.Context(), c.Principal,
		service.RecheckRequest{ID: r.PathValue("id"), DeploymentURL: req.DeploymentURL, IdempotencyKey: key})
	if err != nil {
		return 0, nil, err
	}
	return http.StatusAccepted, a.verificationRecord(v, true), nil
}

// planRecord is a plan as GET /verifications/plans/{id} and approve show it.
type planRecord struct {
	PlanID          string                `json:"plan_id"`
	State           string                `json:"state"`
	Plan            *plan.Plan            `json:"plan"`
	Requirements    []service.Requirement `json:"requirements"`
	Notes           []string              `json:"notes"`
	Claim           string                `json:"claim"`
	DeploymentURL   string                `json:"deployment_url"`
	ApproveURL      string                `json:"approve_url,omitempty"`
	ContractID      string                `json:"contract_id"`
	ContractVersion string                `json:"contract_version"`
	HumanReviewed   bool                  `json:"human_reviewed"`
	CreatedBy       createdBy             `json:"created_by"`
	CreatedAt       time.Time             `json:"created_at"`
	Approvals       []approvalRecord      `json:"approvals"`
	Rechecks        int                   `json:"rechecks"`
	RecheckDeadline *time.Time            `json:"recheck_deadline,omitempty"`
}

type createdBy struct {
	KeyID  string `json:"key_id,omitempty"`
	UserID string `json:"user_id,omitempty"`
}

// approvalRecord is a person's decision: who, which plan hash, when.
type approvalRecord struct {
	Action   string    `json:"action"` // "approved" or "rejected"
	By       string    `json:"by"`     // the person's email
	UserID   string    `json:"user_id"`
	PlanHash string    `json:"plan_hash"` // "sha256:..."
	At       time.Time `json:"at"`
	Reason   string    `json:"reason,omitempty"`
}

func planView(p *service.Plan) planRecord {
	out := planRecord{
		PlanID: p.ID, State: p.State, Plan: p.Plan, Requirements: nonNil(p.Requirements), Notes: nonNil(p.Notes),
		Claim: p.Claim, DeploymentURL: p.DeploymentURL, ContractID: p.ContractID, ContractVersion: p.ContractVersion,
		HumanReviewed: p.State == "approved", CreatedBy: createdBy{KeyID: p.CreatedBy.KeyID, UserID: p.CreatedBy.UserID},
		CreatedAt: p.CreatedAt.UTC(), Approvals: []approvalRecord{}, Rechecks: p.Rechecks,
		RecheckDeadline: timePtr(p.RecheckDeadline),
	}
	if p.State == "pending" {
		out.ApproveURL = p.ApproveURL
	}
	if ap := p.Approval; ap != nil {
		h := ap.PlanHash
		if !strings.HasPrefix(h, "sha256:") {
			h = "sha256:" + h
		}
		out.Approvals = append(out.Approvals, approvalRecord{
			Action: ap.State, By: ap.UserEmail, UserID: ap.UserID, PlanHash: h, At: ap.At.UTC(), Reason: ap.Reason,
		})
	}
	return out
}

func (a *API) getPlan(w http.ResponseWriter, r *http.Request, c caller, _ any) (int, any, error) {
	p, err := a.svc.GetPlan(r.Context(), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, planView(p), nil
}

// approve records a signed-in person's approval. The body is optional:
// JSON {"plan_hash": "..."} or a form with plan_hash, naming the hash the
// person saw, so that the approval binds to exactly that content.
func (a *API) approve(w http.ResponseWriter, r *http.Request, c caller, _ any) (int, any, error) {
	var hash string
	if isForm(r) {
		hash = r.PostFormValue("plan_hash")
	} else {
		raw, err := readBody(w, r, true)
		if err != nil {
			return 0, nil, err
		}
		if raw != nil {
			var req struct {
				PlanHash string `json:"plan_hash"`
			}
			if err := decodeStrict(raw, &req); err != nil {
				return 0, nil, err
			}
			hash = req.PlanHash
		}
	}
	p, err := a.svc.Approve(r.Context(), c.Principal, r.PathValue("id"), hash)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, planView(p), nil
}

// usageRow is one UTC day's billed verifications for one payer.
type usageRow struct {
	Day    string `json:"day"`
	KeyID  string `json:"key_id,omitempty"`
	UserID string `json:"user_id,omitempty"`
	Count  int    `json:"count"`
}

type usageResponse struct {
	From  string     `json:"from,omitempty"`
	To    string     `json:"to,omitempty"`
	Total int        `json:"total"`
	Usage []usageRow `json:"usage"`
}

func (a *API) usage(w http.ResponseWriter, r *http.Request, c caller, _ any) (int, any, error) {
	q := r.URL.Query()
	f := service.ChargeFilter{KeyID: q.Get("key_id"), From: q.Get("from"), To: q.Get("to")}
	for field, v := range map[string]string{"from": f.From, "to": f.To} {
		if v == "" {
			continue
		}
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return 0, nil, &service.Error{Code: service.CodeInvalidRequest, Field: field, Message: field + " must be a UTC day like 2026-11-01, not " + quote(v)}
		}
	}
	for k := range q {
		if k != "key_id" && k != "from" && k != "to" {
			return 0, nil, &service.Error{Code: service.CodeInvalidRequest, Field: k, Message: "unknown query parameter " + quote(k) + "; known: from, to, key_id"}
		}
	}
	rows, err := a.svc.Usage(r.Context(), f)
	if err != nil {
		return 0, nil, err
	}
	out := usageResponse{From: f.From, To: f.To, Usage: []usageRow{}}
	for _, u := range rows {
		out.Usage = append(out.Usage, usageRow{Day: u.Day, KeyID: u.Payer.KeyID, UserID: u.Payer.UserID, Count: u.Count})
		out.Total += u.Count
	}
	return http.StatusOK, out, nil
}

// evidence serves one evidence file. Captured pages are hostile content:
// every file is served with nosniff and a sandboxing CSP so that a DOM
// snapshot or report can never run script on vouch's origin.
func (a *API) evidence(w http.ResponseWriter, r *http.Request, c caller, _ any) (int, any, error) {
	id, name := r.PathValue("id"), r.PathValue("file")
	p, art, err := a.svc.EvidenceFile(r.Context(), id, name)
	if err != nil {
		return 0, nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		if os.IsNotExist(err) {
			return 0, nil, apiErr(service.CodeEvidenceNotAvailable, "evidence file "+quote(name)+" is not available")
		}
		return 0, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, nil, err
	}
	h := w.Header()
	mt := mediaType(name)
	gunzip := false
	if art != nil && art.MediaType != "" {
		mt = art.MediaType
		if art.Encoding == "gzip" && !acceptsGzip(r) {
			gunzip = true
		} else if art.Encoding != "" {
			h.Set("Content-Encoding", art.Encoding)
			h.Add("Vary", "Accept-Encoding")
		}
	}
	h.Set("Content-Type", mt)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("Content-Disposition", "inline; filename="+quote(strings.TrimSuffix(path.Base(name), ".gz")))
	if gunzip {
		// A client that cannot take gzip gets the content itself.
		zr, err := gzip.NewReader(f)
		if err != nil {
			return 0, nil, err
		}
		defer zr.Close()
		h.Add("Vary", "Accept-Encoding")
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = io.Copy(w, zr)
		}
		return 0, nil, nil
	}
	http.ServeContent(w, r, "", st.ModTime(), f)
	return 0, nil, nil
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(part, ";")
		enc = strings.TrimSpace(enc)
		if !strings.EqualFold(enc, "gzip") && enc != "*" {
			continue
		}
		if v, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			q, err := strconv.ParseFloat(v, 64)
			return err == nil && q > 0
		}
		return true
	}
	return false
}

func mediaType(name string) string {
	switch path.Ext(name) {
	case ".json":
		return "application/json"
	case ".html":
		return "text/html; charset=utf-8"
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".webp":
		return "image/webp"
	case ".har":
		return "application/json"
	case ".txt", ".log":
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

func (a *API) openapi(w http.ResponseWriter, r *http.Request, _ caller, _ any) (int, any, error) {
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(OpenAPI())
	return 0, nil, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
