package attest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	trv0 "github.com/in-toto/attestation/go/predicates/test_result/v0"
	ita "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vouchdev/vouch/evidence"
)

// Type identifiers.
const (
	// PayloadType is the DSSE payload type of an in-toto statement.
	PayloadType = "application/vnd.in-toto+json"
	// StatementType is in-toto Statement v1.
	StatementType = ita.StatementTypeUri
	// PredicateType is vouch's verification predicate, version 1. A
	// change that alters the meaning of a field gets a new version.
	PredicateType = "https://github.com/vouchdev/vouch/attestation/verification/v1"
	// TestResultType is the in-toto test-result predicate.
	TestResultType = "https://in-toto.io/attestation/test-result/v0.1"
)

// Files in the evidence directory.
const (
	EnvelopeFile   = "attestation.dsse.json"
	TestResultFile = "test-result.dsse.json"
)

// Predicate is the vouch verification predicate (PredicateType).
type Predicate struct {
	// VerificationID is the server's id of the run ("ver_…"); "" for
	// vouch run.
	VerificationID string `json:"verification_id,omitempty"`
	// URL is where the verification can be read, when it has one.
	URL   string `json:"url,omitempty"`
	Claim string `json:"claim,omitempty"`
	Plan  Plan   `json:"plan"`
	// Approval is the person's approval of the plan; null for a plan run
	// locally with vouch run, which no one approved.
	Approval *Approval `json:"approval"`
	Decision string    `json:"decision"` // "verified", "failed" or "blocked"
	Journeys []Journey `json:"journeys"`
	Started  time.Time `json:"started"`
	Ended    time.Time `json:"ended"`
	Browser  Browser   `json:"browser"`
	// RepairPromptSHA256 is the sha256 of manifest.json's repair_prompt;
	// "" when there is none (verified).
	RepairPromptSHA256 string `json:"repair_prompt_sha256,omitempty"`
	// Evidence lists every evidence file: manifest.json, report.html and
	// every artifact.
	Evidence []File `json:"evidence"`
	Runner   Runner `json:"runner"`
}

// Plan names the plan that ran.
type Plan struct {
	ID     string `json:"id"` // hex sha256 of the plan's canonical JSON
	Name   string `json:"name,omitempty"`
	Record string `json:"record,omitempty"` // the server's plan id, "pln_…"
}

// Approval is the approval event: who approved which plan hash, when. It
// never holds a key or a secret.
type Approval struct {
	By       string    `json:"by"`                // the person's email
	UserID   string    `json:"user_id,omitempty"` // "usr_…"
	At       time.Time `json:"at"`
	PlanHash string    `json:"plan_hash"` // hex sha256 the person approved
}

// Journey is one journey's decision.
type Journey struct {
	Name        string             `json:"name"`
	Requirement string             `json:"requirement,omitempty"`
	Decision    string             `json:"decision"`
	Reason      string             `json:"reason,omitempty"`
	Document    *evidence.Document `json:"document,omitempty"`
}

// Browser is the browser a run used.
type Browser struct {
	Name    string `json:"name"`           // "HeadlessChrome", "Chrome"
	Version string `json:"version"`        // "142.0.7444.175"
	Path    string `json:"path,omitempty"` // the executable that ran
}

// File is one evidence file. For Encoding "gzip" (DOM snapshots) SHA256
// and Size describe the decompressed content, as in manifest.json.
type File struct {
	Name     string `json:"name"`
	SHA256   string `json:"sha256"`
	Size     int64  `json:"size"`
	Encoding string `json:"encoding,omitempty"`
}

// Runner says what produced the run.
type Runner struct {
	Name    string `json:"name"` // "vouch"
	Version string `json:"version,omitempty"`
	// Mode is "server" (vouch serve: an approved plan) or "local" (vouch
	// run: a plan file).
	Mode string `json:"mode"`
}

// Subject is an in-toto resource descriptor as statements name subjects.
type Subject struct {
	Name   string            `json:"name,omitempty"`
	URI    string            `json:"uri,omitempty"`
	Digest map[string]string `json:"digest"`
}

// Statement is an in-toto Statement v1 as vouch writes it; Predicate is
// the raw JSON of the predicate.
type Statement struct {
	Type          string          `json:"_type"`
	Subject       []Subject       `json:"subject"`
	PredicateType string          `json:"predicateType"`
	Predicate     json.RawMessage `json:"predicate"`
}

// Run is what a run's statement says beyond its evidence directory.
type Run struct {
	// Dir is the run's evidence directory, holding manifest.json.
	// Required.
	Dir            string
	VerificationID string
	URL            string
	Claim          string
	// PlanRecord is the server's plan id ("pln_…").
	PlanRecord string
	// Approval is nil for a run no person approved.
	Approval *Approval
	Runner   Runner
}

// Write signs the run in r.Dir with key and writes EnvelopeFile and
// TestResultFile there. The statement is built from the files on disk
// (manifest.json and every file it lists), which must be complete.
func Write(ctx context.Context, r Run, key *Key) error {
	vouch, tr, err := Statements(r)
	if err != nil {
		return err
	}
	for _, x := range []struct {
		name string
		st   *Statement
	}{{EnvelopeFile, vouch}, {TestResultFile, tr}} {
		env, err := Sign(ctx, x.st, key)
		if err != nil {
			return err
		}
		b, err := json.MarshalIndent(env, "", "  ")
		if err != nil {
			return err
		}
		if err := writeAtomic(filepath.Join(r.Dir, x.name), append(b, '\n'), 0o640); err != nil {
			return fmt.Errorf("attest: writing %s: %w", x.name, err)
		}
	}
	return nil
}

// Sign validates st as an in-toto Statement v1 and signs it into a DSSE
// envelope.
func Sign(ctx context.Context, st *Statement, key *Key) (*dsse.Envelope, error) {
	payload, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	if _, err := parseStatement(payload); err != nil {
		return nil, fmt.Errorf("attest: refusing to sign an invalid statement: %w", err)
	}
	es, err := dsse.NewEnvelopeSigner(key)
	if err != nil {
		return nil, err
	}
	return es.SignPayload(ctx, PayloadType, payload)
}

// parseStatement reads a payload as vouch's Statement and checks it with
// the in-toto library's own validation.
func parseStatement(payload []byte) (*Statement, error) {
	var pb ita.Statement
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(payload, &pb); err != nil {
		return nil, fmt.Errorf("not an in-toto statement: %w", err)
	}
	if err := pb.Validate(); err != nil {
		return nil, fmt.Errorf("not a valid in-toto statement: %w", err)
	}
	if pb.GetType() != StatementType {
		return nil, fmt.Errorf("statement type is %q, want %q", pb.GetType(), StatementType)
	}
	var st Statement
	if err := json.Unmarshal(payload, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// Statements builds the run's two statements from r.Dir: vouch's
// predicate and the test-result one.
func Statements(r Run) (vouch, testResult *Statement, err error) {
	if r.Dir == "" {
		return nil, nil, errors.New("attest: no evidence directory")
	}
	m, err := evidence.ReadManifest(r.Dir)
	if err != nil {
		return nil, nil, fmt.Errorf("attest: %w", err)
	}
	p, err := predicate(os.DirFS(r.Dir), m, r)
	if err != nil {
		return nil, nil, err
	}
	subj := subjects(m)
	pj, err := json.Marshal(p)
	if err != nil {
		return nil, nil, err
	}
	vouch = &Statement{Type: StatementType, Subject: subj, PredicateType: PredicateType, Predicate: pj}

	tr := &trv0.TestResult{
		Result:        resultOf(m.Decision),
		Url:           r.URL,
		Configuration: []*ita.ResourceDescriptor{{Name: "plan", Digest: map[string]string{"sha256": m.PlanID}}},
	}
	for _, j := range m.Journeys {
		switch j.Decision {
		case evidence.Verified:
			tr.PassedTests = append(tr.PassedTests, j.Name)
		case evidence.Failed:
			tr.FailedTests = append(tr.FailedTests, j.Name)
		default:
			tr.WarnedTests = append(tr.WarnedTests, j.Name)
		}
	}
	tj, err := protojson.Marshal(tr)
	if err != nil {
		return nil, nil, err
	}
	// protojson varies its spacing on purpose; store it compact.
	var cb bytes.Buffer
	if err := json.Compact(&cb, tj); err != nil {
		return nil, nil, err
	}
	testResult = &Statement{Type: StatementType, Subject: subj, PredicateType: TestResultType, Predicate: cb.Bytes()}
	return vouch, testResult, nil
}

// resultOf maps a decision to the test-result predicate's result.
func resultOf(d evidence.Decision) string {
	switch d {
	case evidence.Verified:
		return "PASSED"
	case evidence.Failed:
		return "FAILED"
	}
	return "WARNED"
}

// subjects are the deployment (with the sha256 of the first document it
// served, when one arrived) and the plan.
func subjects(m *evidence.Manifest) []Subject {
	var out []Subject
	if d := firstDocument(m); d != nil {
		out = append(out, Subject{Name: "deployment", URI: m.BaseURL, Digest: map[string]string{"sha256": d.SHA256}})
	}
	return append(out, Subject{Name: "plan", Digest: map[string]string{"sha256": m.PlanID}})
}

// firstDocument is the first document of the first journey that received
// one.
func firstDocument(m *evidence.Manifest) *evidence.Document {
	for _, j := range m.Journeys {
		if j.Document != nil && j.Document.SHA256 != "" {
			return j.Document
		}
	}
	return nil
}

func predicate(fsys fs.FS, m *evidence.Manifest, r Run) (*Predicate, error) {
	p := &Predicate{
		VerificationID: r.VerificationID,
		URL:            r.URL,
		Claim:          r.Claim,
		Plan:           Plan{ID: m.PlanID, Name: m.PlanName, Record: r.PlanRecord},
		Approval:       r.Approval,
		Decision:       string(m.Decision),
		Journeys:       []Journey{},
		Started:        m.Started.UTC(),
		Ended:          m.Ended.UTC(),
		Browser:        parseBrowser(m.Browser),
		Runner:         r.Runner,
		Evidence:       []File{},
	}
	if p.Runner.Name == "" {
		p.Runner.Name = "vouch"
	}
	if p.Approval != nil {
		a := *p.Approval
		a.At = a.At.UTC()
		p.Approval = &a
	}
	if m.RepairPrompt != "" {
		p.RepairPromptSHA256 = sha256Hex([]byte(m.RepairPrompt))
	}
	for _, j := range m.Journeys {
		p.Journeys = append(p.Journeys, Journey{Name: j.Name, Requirement: j.Requirement, Decision: string(j.Decision), Reason: j.Reason, Document: j.Document})
	}
	for _, f := range evidenceFiles(m) {
		sum, size, err := hashFile(fsys, f.Name, f.Encoding)
		if err != nil {
			return nil, fmt.Errorf("attest: evidence file %s: %w", f.Name, err)
		}
		f.SHA256, f.Size = sum, size
		p.Evidence = append(p.Evidence, f)
	}
	return p, nil
}

// evidenceFiles lists manifest.json and every file the manifest names,
// once each, without hashes.
func evidenceFiles(m *evidence.Manifest) []File {
	out := []File{{Name: evidence.ManifestFile}}
	seen := map[string]bool{evidence.ManifestFile: true}
	for _, a := range m.Artifacts {
		if !seen[a.File] {
			seen[a.File] = true
			out = append(out, File{Name: a.File, Encoding: a.Encoding})
		}
	}
	return out
}

// parseBrowser splits the product "HeadlessChrome/142.0.7444.175" the
// manifest records beside the executable's path.
func parseBrowser(b *evidence.Browser) Browser {
	if b == nil {
		return Browser{}
	}
	name, version, ok := strings.Cut(b.Version, "/")
	if !ok {
		return Browser{Name: b.Version, Path: b.Path}
	}
	return Browser{Name: name, Version: version, Path: b.Path}
}

// hashFile returns the sha256 and size of a file's content, decompressed
// for "gzip". A gzip file saved decompressed without its ".gz" (as vouch
// result --download saves DOM snapshots) is read as such.
func hashFile(fsys fs.FS, name, encoding string) (string, int64, error) {
	if !fs.ValidPath(name) || strings.ContainsAny(name, `/\`) || name == "." {
		return "", 0, fmt.Errorf("%q is not a plain file name", name)
	}
	f, err := fsys.Open(name)
	if errors.Is(err, fs.ErrNotExist) && encoding == "gzip" && path.Ext(name) == ".gz" {
		f, err = fsys.Open(strings.TrimSuffix(name, ".gz"))
		encoding = ""
	}
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	return evidence.Digest(f, encoding)
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
