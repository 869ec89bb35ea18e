package attest

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"

	"github.com/vouchdev/vouch/evidence"
)

// Problem is one reason evidence does not verify. File names the file
// concerned, when there is one.
type Problem struct {
	File   string `json:"file,omitempty"`
	Reason string `json:"reason"`
}

func (p Problem) String() string {
	if p.File == "" {
		return p.Reason
	}
	return p.File + ": " + p.Reason
}

// Result is the outcome of Verify.
type Result struct {
	// Valid is true when the signatures verify with a trusted key and
	// every check passed.
	Valid bool `json:"valid"`
	// KeyID is the trusted key that signed the statement.
	KeyID string `json:"keyid,omitempty"`
	// Predicate is the signed predicate, once the signature verified.
	Predicate *Predicate `json:"predicate,omitempty"`
	// Subjects are the signed statement's subjects.
	Subjects []Subject `json:"subjects,omitempty"`
	// FilesChecked counts the evidence files whose hash matched.
	FilesChecked int `json:"files_checked"`
	// Problems lists every reason it is not valid.
	Problems []Problem `json:"problems"`
}

// Summary is one line for people: "signature valid (key …)" or "signature
// not valid: <first problem>" (and how many more).
func (r *Result) Summary() string {
	if r.Valid {
		return "signature valid (key " + r.KeyID + ")"
	}
	if len(r.Problems) == 0 {
		return "signature not valid"
	}
	s := "signature not valid: " + r.Problems[0].String()
	if n := len(r.Problems) - 1; n > 0 {
		s += fmt.Sprintf(" (and %d more problems)", n)
	}
	return s
}

func (r *Result) add(file, format string, a ...any) {
	r.Problems = append(r.Problems, Problem{File: file, Reason: fmt.Sprintf(format, a...)})
}

// VerifyPath verifies an evidence directory or an evidence zip (a
// directory's files at its root, or in one folder as the console's zip
// has them).
func VerifyPath(ctx context.Context, name string, keys []PublicKey) (*Result, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return Verify(ctx, os.DirFS(name), keys), nil
	}
	zr, err := zip.OpenReader(name)
	if err != nil {
		return nil, fmt.Errorf("%s is neither a directory nor a zip file: %w", name, err)
	}
	defer zr.Close()
	fsys, err := zipRoot(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return Verify(ctx, fsys, keys), nil
}

// zipRoot is the folder of a zip that holds the envelope: its root, or its
// only top-level folder.
func zipRoot(zr *zip.ReadCloser) (fs.FS, error) {
	if _, err := fs.Stat(zr, EnvelopeFile); err == nil {
		return zr, nil
	}
	es, err := fs.ReadDir(zr, ".")
	if err != nil {
		return nil, err
	}
	if len(es) == 1 && es[0].IsDir() {
		return fs.Sub(zr, es[0].Name())
	}
	return zr, nil
}

// Verify checks the evidence in fsys against the trusted keys: the
// envelopes' signatures, the statements, every evidence file's sha256 and
// size, the manifest against the statement, and the approved plan hash
// against the plan that ran. It never stops at the first problem once the
// signature has verified, so that every tampered file is named.
func Verify(ctx context.Context, fsys fs.FS, keys []PublicKey) *Result {
	r := &Result{Problems: []Problem{}}
	st, keyID := openEnvelope(ctx, fsys, EnvelopeFile, keys, r)
	if st == nil {
		return r
	}
	r.KeyID = keyID
	r.Subjects = st.Subject
	if st.PredicateType != PredicateType {
		r.add(EnvelopeFile, "predicate type is %q, want %q", st.PredicateType, PredicateType)
		return r
	}
	var p Predicate
	if err := json.Unmarshal(st.Predicate, &p); err != nil {
		r.add(EnvelopeFile, "the predicate cannot be read: %v", err)
		return r
	}
	r.Predicate = &p

	// Every file the statement lists.
	listed := map[string]bool{}
	for _, f := range p.Evidence {
		listed[f.Name] = true
		sum, size, err := hashFile(fsys, f.Name, f.Encoding)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			r.add(f.Name, "missing")
		case err != nil:
			r.add(f.Name, "cannot be read: %v", err)
		case sum != f.SHA256:
			r.add(f.Name, "tampered: sha256 is %s, the statement says %s", sum, f.SHA256)
		case size != f.Size:
			r.add(f.Name, "tampered: %d bytes, the statement says %d", size, f.Size)
		default:
			r.FilesChecked++
		}
	}
	if !listed[evidence.ManifestFile] {
		r.add(EnvelopeFile, "the statement does not cover %s", evidence.ManifestFile)
	}

	// The approval binds the plan that ran.
	if a := p.Approval; a != nil && a.PlanHash != p.Plan.ID {
		r.add(EnvelopeFile, "plan hash mismatch: the person approved plan %s, the run's plan is %s", a.PlanHash, p.Plan.ID)
	}
	checkSubjects(st.Subject, &p, r)
	checkManifest(fsys, &p, st.Subject, listed, r)
	checkTestResult(ctx, fsys, keys, &p, st, r)
	r.Valid = len(r.Problems) == 0
	return r
}

// openEnvelope reads, authenticates and parses one envelope; nil after
// adding the problem when any step fails.
func openEnvelope(ctx context.Context, fsys fs.FS, name string, keys []PublicKey, r *Result) (*Statement, string) {
	b, err := fs.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		r.add(name, "missing: the evidence is not signed")
		return nil, ""
	}
	if err != nil {
		r.add(name, "cannot be read: %v", err)
		return nil, ""
	}
	var env dsse.Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		r.add(name, "not a DSSE envelope: %v", err)
		return nil, ""
	}
	if env.PayloadType != PayloadType {
		r.add(name, "payload type is %q, want %q", env.PayloadType, PayloadType)
		return nil, ""
	}
	if len(env.Signatures) == 0 {
		r.add(name, "has no signature")
		return nil, ""
	}
	var ids []string
	known := false
	for _, s := range env.Signatures {
		ids = append(ids, s.KeyID)
		known = known || slices.ContainsFunc(keys, func(k PublicKey) bool { return k.ID == s.KeyID })
	}
	if !known {
		r.add(name, "unknown key: signed by %s, which is not a trusted key (give the signer's public key with --key FILE, or --server URL)", strings.Join(ids, ", "))
		return nil, ""
	}
	vs := make([]dsse.Verifier, len(keys))
	for i := range keys {
		vs[i] = keys[i]
	}
	ev, err := dsse.NewEnvelopeVerifier(vs...)
	if err != nil {
		r.add(name, "%v", err)
		return nil, ""
	}
	accepted, payload, err := ev.VerifyAndDecode(ctx, &env)
	if err != nil || len(accepted) == 0 {
		r.add(name, "tampered: the signature by %s does not match the envelope's content", strings.Join(ids, ", "))
		return nil, ""
	}
	st, err := parseStatement(payload)
	if err != nil {
		r.add(name, "%v", err)
		return nil, ""
	}
	return st, accepted[0].KeyID
}

// SignerKeyIDs lists the key ids the signatures of the evidence in fsys
// name (both envelopes, each id once), so that a verifier can look up just
// those keys. The ids are claims until Verify checks the signatures; an
// unreadable envelope names none.
func SignerKeyIDs(fsys fs.FS) []string {
	var ids []string
	for _, name := range []string{EnvelopeFile, TestResultFile} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		var env dsse.Envelope
		if json.Unmarshal(b, &env) != nil {
			continue
		}
		for _, s := range env.Signatures {
			if s.KeyID != "" && !slices.Contains(ids, s.KeyID) {
				ids = append(ids, s.KeyID)
			}
		}
	}
	return ids
}

// checkSubjects compares the statement's subjects with its predicate.
func checkSubjects(subj []Subject, p *Predicate, r *Result) {
	var plan, doc string
	for _, s := range subj {
		switch s.Name {
		case "plan":
			plan = s.Digest["sha256"]
		case "deployment":
			doc = s.Digest["sha256"]
		}
	}
	if plan != p.Plan.ID {
		r.add(EnvelopeFile, "plan hash mismatch: the subject names plan %s, the predicate %s", plan, p.Plan.ID)
	}
	var first string
	for _, j := range p.Journeys {
		if j.Document != nil && j.Document.SHA256 != "" {
			first = j.Document.SHA256
			break
		}
	}
	if doc != first {
		r.add(EnvelopeFile, "the deployment subject's digest %s is not the first document's %s", doc, first)
	}
}

// checkManifest compares manifest.json (whose hash the statement already
// checked) with the predicate.
func checkManifest(fsys fs.FS, p *Predicate, subj []Subject, listed map[string]bool, r *Result) {
	const mf = evidence.ManifestFile
	b, err := fs.ReadFile(fsys, mf)
	if err != nil {
		return // already reported as missing or unreadable
	}
	var m evidence.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		r.add(mf, "cannot be read: %v", err)
		return
	}
	if m.PlanID != p.Plan.ID {
		r.add(mf, "plan hash mismatch: the manifest's plan_id is %s, the statement's %s", m.PlanID, p.Plan.ID)
	}
	if string(m.Decision) != p.Decision {
		r.add(mf, "decision %q, the statement says %q", m.Decision, p.Decision)
	}
	if len(m.Journeys) != len(p.Journeys) {
		r.add(mf, "%d journeys, the statement has %d", len(m.Journeys), len(p.Journeys))
	} else {
		for i, j := range m.Journeys {
			if pj := p.Journeys[i]; string(j.Decision) != pj.Decision || j.Name != pj.Name {
				r.add(mf, "journey %d is %q %s, the statement says %q %s", i+1, j.Name, j.Decision, pj.Name, pj.Decision)
			}
		}
	}
	if want := p.RepairPromptSHA256; m.RepairPrompt != "" && sha256Hex([]byte(m.RepairPrompt)) != want || m.RepairPrompt == "" && want != "" {
		r.add(mf, "the repair prompt is not the one the statement hashes")
	}
	for _, s := range subj {
		if s.Name == "deployment" && s.URI != m.BaseURL {
			r.add(mf, "base_url %s, the statement's subject is %s", m.BaseURL, s.URI)
		}
	}
	for _, a := range m.Artifacts {
		if !listed[a.File] {
			r.add(mf, "lists %s, which the statement does not cover", a.File)
			listed[a.File] = true
		}
	}
	for _, f := range p.Evidence {
		if f.Name != mf && !slices.ContainsFunc(m.Artifacts, func(a evidence.Artifact) bool { return a.File == f.Name }) {
			r.add(mf, "does not list %s, which the statement covers", f.Name)
		}
	}
}

// checkTestResult verifies the test-result envelope and compares it with
// the vouch statement.
func checkTestResult(ctx context.Context, fsys fs.FS, keys []PublicKey, p *Predicate, vouch *Statement, r *Result) {
	st, _ := openEnvelope(ctx, fsys, TestResultFile, keys, r)
	if st == nil {
		return
	}
	if st.PredicateType != TestResultType {
		r.add(TestResultFile, "predicate type is %q, want %q", st.PredicateType, TestResultType)
		return
	}
	var tr struct {
		Result string `json:"result"`
	}
	if err := json.Unmarshal(st.Predicate, &tr); err != nil {
		r.add(TestResultFile, "the predicate cannot be read: %v", err)
		return
	}
	if want := resultOf(evidence.Decision(p.Decision)); tr.Result != want {
		r.add(TestResultFile, "result %s, but the decision %s means %s", tr.Result, p.Decision, want)
	}
	a, _ := json.Marshal(st.Subject)
	b, _ := json.Marshal(vouch.Subject)
	if string(a) != string(b) {
		r.add(TestResultFile, "its subjects are not those of %s", EnvelopeFile)
	}
}

// ReadPublicKeys reads a --key file: PEM public keys or a key set's JSON.
func ReadPublicKeys(name string) ([]PublicKey, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return nil, err
	}
	ks, err := ParsePublicKeys(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ks, nil
}
