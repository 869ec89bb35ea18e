package console

import (
	"archive/zip"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// listRow is one verification in the list.
type listRow struct {
	V          *service.Verification
	Name       string // the plan's name
	Claim      string
	LaunchedBy string
}

type listData struct {
	Rows               []listRow
	Decision, From, To string
	Decisions          []string
	Error              string
	// NextPage is the link to older matches, when there are more.
	NextPage string
	// Live is set when a listed run is queued or running: the page then
	// reloads itself every few seconds (a wall screen shows progress).
	Live bool
}

// listPage is how many rows a list page shows.
const listPage = 100

func (c *Console) verificationsPage(w http.ResponseWriter, r *http.Request, s *session) {
	q := r.URL.Query()
	d := listData{Decision: q.Get("decision"), From: q.Get("from"), To: q.Get("to"),
		Decisions: []string{"verified", "failed", "blocked", "running", "queued"}}
	// The store filters and pages (keyset on creation time and id), so a
	// page reads only the rows it shows, however long the history.
	f := service.VerificationFilter{Limit: listPage + 1, Before: q.Get("before")}
	if d.From != "" {
		from, err := time.Parse(time.DateOnly, d.From)
		if err != nil {
			d.Error, d.From = "From must be a date like 2026-11-01.", ""
		}
		f.CreatedFrom = from
	}
	if d.To != "" {
		to, err := time.Parse(time.DateOnly, d.To)
		if err != nil {
			d.Error, d.To = "To must be a date like 2026-11-01.", ""
		} else {
			f.CreatedBefore = to.Add(24 * time.Hour) // the whole day
		}
	}
	switch d.Decision {
	case "":
	case "running", "queued":
		f.State = d.Decision
	case "verified", "failed", "blocked":
		f.Decision = d.Decision
	default:
		d.Error, d.Decision = "There is no decision called "+d.Decision+".", ""
	}
	found, err := c.svc.ListVerifications(r.Context(), f)
	if service.ErrorCode(err) == service.CodeNotFound && f.Before != "" {
		d.Error = "The page to continue from (" + f.Before + ") no longer exists; this is the first page."
		f.Before = ""
		found, err = c.svc.ListVerifications(r.Context(), f)
	}
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	if len(found) > listPage {
		found = found[:listPage]
		nq := url.Values{}
		for k, v := range map[string]string{"decision": d.Decision, "from": d.From, "to": d.To, "before": found[listPage-1].ID} {
			if v != "" {
				nq.Set(k, v)
			}
		}
		d.NextPage = "/console/verifications?" + nq.Encode()
	}
	n := c.names(r.Context())
	plans := map[string]*service.Plan{}
	for _, v := range found {
		row := listRow{V: v, LaunchedBy: n.principal(v.LaunchedBy)}
		d.Live = d.Live || v.State != "completed"
		p, ok := plans[v.PlanID]
		if !ok {
			p, _ = c.svc.GetPlan(r.Context(), v.PlanID)
			plans[v.PlanID] = p
		}
		if p != nil {
			row.Claim = p.Claim
			if p.Plan != nil {
				row.Name = p.Plan.Name
			}
		}
		d.Rows = append(d.Rows, row)
	}
	c.render(w, r, http.StatusOK, "verifications", s, "Verifications", d)
}

// netRow is one request of a journey's network log (HAR).
type netRow struct {
	Status      int // 0: no response (failed or refused)
	StatusText  string
	Method, URL string
	TimeMS      float64
}

// stepView is a step of the timeline.
type stepView struct {
	evidence.StepResult
	Anchor string // id of its enlarged screenshot
}

// journeyView is one journey on the result page.
type journeyView struct {
	evidence.JourneyResult
	Steps       []stepView
	Network     []netRow
	NetworkMore int
	NetworkErr  string
	Console     []evidence.ConsoleEntry
	ConsoleErr  string
	Errors      int // console errors
}

// rerunView says whether a re-run is possible now, and why not.
type rerunView struct {
	Allowed  bool
	Reason   string
	Used     int
	Max      int
	Deadline time.Time
	Error    string // the service's refusal of a re-run just tried
}

type resultData struct {
	V           *service.Verification
	Plan        *service.Plan
	LaunchedBy  string
	Done        bool
	Progress    []service.JourneyProgress
	Manifest    *evidence.Manifest
	ManifestErr string
	Journeys    []journeyView
	Rerun       rerunView
	Rechecks    []*service.Verification // re-runs of this verification
	HasReport   bool
	// Attestation says whether the evidence matches its signed statement.
	Attestation *attestationView
	PublicURL   string
}

// attestationView is the signature check shown with the evidence.
type attestationView struct {
	Valid    bool
	Summary  string
	KeyID    string
	Problems []string
}

// attestation checks the verification's signed statement against the
// evidence with the server's own published keys.
func (c *Console) attestation(r *http.Request, id string) *attestationView {
	res, err := c.svc.VerifyAttestation(r.Context(), id)
	if err != nil {
		return &attestationView{Summary: "signature not checked: " + err.Error()}
	}
	v := &attestationView{Valid: res.Valid, Summary: res.Summary(), KeyID: res.KeyID}
	for _, p := range res.Problems {
		v.Problems = append(v.Problems, p.String())
	}
	return v
}

// maxLogBytes bounds a HAR or console log read for display.
const (
	maxLogBytes = 32 << 20
	maxNetRows  = 300
)

func (c *Console) verificationPage(w http.ResponseWriter, r *http.Request, s *session) {
	c.showVerification(w, r, s, http.StatusOK, "")
}

func (c *Console) showVerification(w http.ResponseWriter, r *http.Request, s *session, status int, rerunErr string) {
	ctx := r.Context()
	v, err := c.svc.GetVerification(ctx, r.PathValue("id"))
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := resultData{V: v, Done: v.State == store.Completed, LaunchedBy: c.names(ctx).principal(v.LaunchedBy)}
	if p, err := c.svc.GetPlan(ctx, v.PlanID); err == nil {
		d.Plan = p
	}
	if v.Progress != nil {
		d.Progress = v.Progress.Journeys
	}
	if !d.Done && len(d.Progress) == 0 && d.Plan != nil && d.Plan.Plan != nil {
		// Queued: every journey is still to run.
		for _, j := range d.Plan.Plan.Journeys {
			d.Progress = append(d.Progress, service.JourneyProgress{Name: j.Name, State: "pending", Steps: len(j.Steps)})
		}
	}
	if d.Done {
		c.loadEvidence(r, &d)
		if v.Evidence != nil {
			d.Attestation, d.PublicURL = c.attestation(r, v.ID), c.cfg.PublicURL
		}
		if all, err := c.svc.ListVerifications(ctx, service.VerificationFilter{PlanID: v.PlanID, Limit: 100}); err == nil {
			for _, o := range all {
				if o.RecheckOf == v.ID {
					d.Rechecks = append(d.Rechecks, o)
				}
			}
		}
	}
	d.Rerun = c.rerunState(&d)
	d.Rerun.Error = rerunErr
	title := "Verification " + v.ID
	c.render(w, r, status, "verification", s, title, d)
}

// rerunState decides, before any click, whether the Re-run button is
// offered, with the same rules the service enforces (§8).
func (c *Console) rerunState(d *resultData) rerunView {
	rv := rerunView{Max: c.cfg.MaxRechecks}
	if d.Plan != nil {
		rv.Used, rv.Deadline = d.Plan.Rechecks, d.Plan.RecheckDeadline
	}
	switch {
	case !d.Done:
		rv.Reason = "A re-run is possible once this verification has finished, if it fails."
	case d.V.Decision == "verified":
		rv.Reason = "This verification passed: there is nothing to re-run."
	case d.V.Decision != "failed":
		rv.Reason = "Only a failed verification can be re-run. A blocked one proved nothing: fix what blocked it, then start a new run from its plan."
	case !rv.Deadline.IsZero() && !c.cfg.Now().Before(rv.Deadline):
		rv.Reason = "The re-run window closed at " + rv.Deadline.UTC().Format("2006-01-02 15:04 UTC") + " (24 hours after the plan's approval). Start a new verification of this claim."
	case rv.Used >= rv.Max:
		rv.Reason = fmt.Sprintf("This plan has been re-run %d times, the most allowed. Start a new verification of this claim.", rv.Used)
	default:
		rv.Allowed = true
	}
	return rv
}

// loadEvidence reads the manifest and each journey's network and console
// logs. A missing or unreadable file is shown as such, never a failure of
// the page.
func (c *Console) loadEvidence(r *http.Request, d *resultData) {
	ctx := r.Context()
	id := d.V.ID
	mp, _, err := c.svc.EvidenceFile(ctx, id, evidence.ManifestFile)
	if err != nil {
		d.ManifestErr = "No evidence was recorded for this verification."
		return
	}
	m, err := evidence.ReadManifest(filepath.Dir(mp))
	if err != nil {
		d.ManifestErr = "The evidence manifest could not be read: " + err.Error()
		return
	}
	d.Manifest = m
	d.HasReport = d.V.Evidence != nil && d.V.Evidence.ReportFile != ""
	read := func(name string) ([]byte, error) {
		p, _, err := c.svc.EvidenceFile(ctx, id, name)
		if err != nil {
			return nil, err
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return io.ReadAll(io.LimitReader(f, maxLogBytes))
	}
	for _, j := range m.Journeys {
		jv := journeyView{JourneyResult: j}
		for _, st := range j.Steps {
			jv.Steps = append(jv.Steps, stepView{StepResult: st, Anchor: fmt.Sprintf("shot-%d-%d", j.Index, st.Index)})
		}
		if j.HAR != "" {
			if b, err := read(j.HAR); err != nil {
				jv.NetworkErr = "The network log could not be read."
			} else if h, err := evidence.ParseHAR(b); err != nil {
				jv.NetworkErr = "The network log could not be read: " + err.Error()
			} else if h.Log != nil {
				for _, e := range h.Log.Entries {
					if len(jv.Network) == maxNetRows {
						jv.NetworkMore++
						continue
					}
					row := netRow{TimeMS: e.Time}
					if e.Request != nil {
						row.Method, row.URL = e.Request.Method, e.Request.URL
					}
					if e.Response != nil {
						row.Status, row.StatusText = int(e.Response.Status), e.Response.StatusText
					}
					jv.Network = append(jv.Network, row)
				}
			}
		}
		if j.Console != "" {
			if b, err := read(j.Console); err != nil {
				jv.ConsoleErr = "The console log could not be read."
			} else if es, err := evidence.ParseConsole(b); err != nil {
				jv.ConsoleErr = "The console log could not be read: " + err.Error()
			} else {
				jv.Console = es
				for _, e := range es {
					if e.AppError() {
						jv.Errors++
					}
				}
			}
		}
		d.Journeys = append(d.Journeys, jv)
	}
}

// progressBody is the answer the result page's script polls while a
// verification runs.
type progressBody struct {
	State    string                    `json:"state"`
	Decision string                    `json:"decision,omitempty"`
	Journeys []service.JourneyProgress `json:"journeys"`
}

func (c *Console) progress(w http.ResponseWriter, r *http.Request, s *session) {
	v, err := c.svc.GetVerification(r.Context(), r.PathValue("id"))
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(statusOf(service.ErrorCode(err)))
		_, _ = w.Write([]byte(`{"error":"not available"}`))
		return
	}
	out := progressBody{State: v.State, Decision: v.Decision, Journeys: []service.JourneyProgress{}}
	if v.Progress != nil {
		out.Journeys = v.Progress.Journeys
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(out)
}

// evidenceFile serves one evidence file of a completed verification.
// Screenshots are images; a DOM snapshot is decompressed and shown only
// under evidenceCSP (sandboxed, in a sandboxed frame on the result page)
// or downloaded (?download=1); JSON logs are plain JSON.
func (c *Console) evidenceFile(w http.ResponseWriter, r *http.Request, s *session) {
	id, name := r.PathValue("id"), r.PathValue("name")
	p, art, err := c.svc.EvidenceFile(r.Context(), id, name)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	f, err := os.Open(p)
	if err != nil {
		c.fail(w, r, http.StatusNotFound, "Not available", "The evidence file "+name+" is missing from the data directory.")
		return
	}
	defer f.Close()
	h := w.Header()
	if art.Kind == string(evidence.Report) {
		h.Set("Content-Security-Policy", reportCSP)
	} else {
		h.Set("Content-Security-Policy", evidenceCSP)
	}
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, max-age=300")
	mt := art.MediaType
	if mt == "" {
		mt = "application/octet-stream"
	}
	h.Set("Content-Type", mt)
	base := strings.TrimSuffix(name, ".gz")
	if r.URL.Query().Get("download") == "1" {
		h.Set("Content-Disposition", `attachment; filename="`+id+"-"+base+`"`)
	} else {
		h.Set("Content-Disposition", `inline; filename="`+base+`"`)
	}
	var body io.Reader = f
	if art.Encoding == "gzip" {
		zr, err := gzip.NewReader(f)
		if err != nil {
			c.fail(w, r, http.StatusInternalServerError, "Not readable", "The evidence file "+name+" is not valid gzip.")
			return
		}
		defer zr.Close()
		body = zr
	}
	_, _ = io.Copy(w, body)
}

// evidenceZip streams every evidence file of a verification, as stored
// (names are sha256 hashes, DOM snapshots gzip-compressed), so that
// `evidence.VerifyDir` or sha256sum checks the unpacked folder.
func (c *Console) evidenceZip(w http.ResponseWriter, r *http.Request, s *session) {
	ctx := r.Context()
	id := r.PathValue("id")
	v, err := c.svc.GetVerification(ctx, id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	if v.Evidence == nil {
		c.fail(w, r, http.StatusNotFound, "No evidence yet", "Verification "+id+" has no evidence yet: it is "+v.State+".")
		return
	}
	names := []string{evidence.ManifestFile}
	if v.Evidence.ReportFile != "" {
		names = append(names, v.Evidence.ReportFile)
	}
	if v.Evidence.AttestationFile != "" {
		names = append(names, v.Evidence.AttestationFile, v.Evidence.TestResultFile)
	}
	for _, a := range v.Evidence.Artifacts {
		if a.File != v.Evidence.ReportFile && a.File != evidence.ManifestFile {
			names = append(names, a.File)
		}
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="vouch-evidence-`+id+`.zip"`)
	w.Header().Set("Cache-Control", "private, no-store")
	zw := zip.NewWriter(w)
	for _, name := range names {
		p, art, err := c.svc.EvidenceFile(ctx, id, name)
		if err != nil {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			continue // listed but missing: the zip has what exists
		}
		method := zip.Deflate
		if art != nil && (art.Kind == string(evidence.Screenshot) || art.Encoding == "gzip") {
			method = zip.Store // already compressed
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: id + "/" + name, Method: method, Modified: v.CompletedAt})
		if err == nil {
			_, err = io.Copy(fw, f)
		}
		f.Close()
		if err != nil {
			c.log.Warn("console: evidence zip", "verification", id, "err", err)
			return
		}
	}
	_ = zw.Close()
}

// recheck re-runs a failed verification as the signed-in person, who is
// its payer (one verification, as every run). A refusal is shown on the
// result page with the service's reason.
func (c *Console) recheck(w http.ResponseWriter, r *http.Request, s *session) {
	id := r.PathValue("id")
	nv, err := c.svc.Recheck(r.Context(), service.Principal{UserID: s.user.ID}, id, "")
	if err != nil {
		var se *service.Error
		if errors.As(err, &se) && se.Code != service.CodeInternal && se.Code != service.CodeNotFound {
			c.showVerification(w, r, s, statusOf(se.Code), se.Message)
			return
		}
		c.failErr(w, r, err)
		return
	}
	http.Redirect(w, r, "/console/verifications/"+url.PathEscape(nv.ID)+"?done=rechecked", http.StatusSeeOther)
}
