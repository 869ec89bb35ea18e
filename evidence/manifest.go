package evidence

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vouchdev/vouch/plan"
)

// ManifestVersion is the manifest format this package reads and writes.
const ManifestVersion = 1

// ManifestFile is the manifest's name in a run directory.
const ManifestFile = "manifest.json"

// Step statuses.
const (
	StepPassed  = "passed"
	StepFailed  = "failed"
	StepBlocked = "blocked"
	StepSkipped = "skipped" // not run because an earlier step failed or blocked
)

// StepResult is what happened at one step of a journey.
type StepResult struct {
	Index       int       `json:"index"`       // 1-based
	Kind        string    `json:"kind"`        // plan.Kind
	Description string    `json:"description"` // plan.Step.Describe()
	Status      string    `json:"status"`      // StepPassed, StepFailed, StepBlocked or StepSkipped
	Expected    string    `json:"expected,omitempty"`
	Actual      string    `json:"actual,omitempty"`
	Error       string    `json:"error,omitempty"`
	URL         string    `json:"url,omitempty"` // page URL after the step
	Started     time.Time `json:"started"`
	DurationMS  float64   `json:"duration_ms"`
	Screenshot  string    `json:"screenshot,omitempty"` // artifact File
	DOM         string    `json:"dom,omitempty"`        // artifact File
	// SettledMS is set on a step that failed before its budget: the page
	// had been settled (no navigation, request, DOM change, animation or
	// pending timer) for this many ms, so it could not come to hold.
	SettledMS int64 `json:"settled_ms,omitempty"`
}

// JourneyResult is what happened in one journey.
type JourneyResult struct {
	Index        int          `json:"index"` // 1-based
	Name         string       `json:"name"`
	Requirement  string       `json:"requirement,omitempty"` // plan.Requirement ID
	Decision     Decision     `json:"decision"`
	Reason       string       `json:"reason,omitempty"` // one line: why failed or blocked
	RepairPrompt string       `json:"repair_prompt,omitempty"`
	Started      time.Time    `json:"started"`
	Ended        time.Time    `json:"ended"`
	Steps        []StepResult `json:"steps"`
	HAR          string       `json:"har,omitempty"`       // artifact File of the journey's HAR
	Console      string       `json:"console,omitempty"`   // artifact File of its console log
	Dialogs      []string     `json:"dialogs,omitempty"`   // JS dialogs dismissed ("confirm: Are you sure?")
	Popups       []string     `json:"popups,omitempty"`    // popup URLs closed
	Downloads    []string     `json:"downloads,omitempty"` // downloads refused
	// Document is the first main-frame document the journey received;
	// nil when none arrived (the app was never reached).
	Document *Document `json:"document,omitempty"`
}

// Document is a main-frame document as the deployment served it: the
// response a run's attestation names as its subject.
type Document struct {
	URL    string `json:"url"`
	Status int64  `json:"status"`
	SHA256 string `json:"sha256"` // of the response body as received
	Size   int64  `json:"size"`
}

// Manifest describes a run: the plan, the decision, every journey's steps and
// every artifact. It is written to manifest.json.
type Manifest struct {
	Version      int                `json:"version"` // ManifestVersion
	PlanID       string             `json:"plan_id"`
	PlanName     string             `json:"plan_name"`
	Requirements []plan.Requirement `json:"requirements,omitempty"`
	BaseURL      string             `json:"base_url"`
	Started      time.Time          `json:"started"`
	Ended        time.Time          `json:"ended"`
	Decision     Decision           `json:"decision"`
	RepairPrompt string             `json:"repair_prompt,omitempty"` // all journeys' prompts joined
	Journeys     []JourneyResult    `json:"journeys"`
	Artifacts    []Artifact         `json:"artifacts"`
	// Browser is the Chromium that ran the journeys; nil when none started.
	Browser *Browser `json:"browser,omitempty"`
}

// Browser names the browser binary a run used and the version it reported.
type Browser struct {
	Path    string `json:"path"`    // the executable, e.g. /usr/lib/chromium/chromium-headless-shell
	Version string `json:"version"` // its product string, e.g. HeadlessChrome/156.0.8078.79
}

// String is "HeadlessChrome/156.0.8078.79 (/usr/lib/chromium/chromium-headless-shell)".
func (b *Browser) String() string {
	if b == nil {
		return ""
	}
	if b.Version == "" {
		return b.Path
	}
	return b.Version + " (" + b.Path + ")"
}

// WriteManifest writes m to dir/manifest.json as indented JSON, atomically.
// A zero Version is written as ManifestVersion. The caller is responsible for
// masking; Writer.WriteManifest masks.
func WriteManifest(dir string, m *Manifest) error {
	b, err := encodeManifest(m)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, ManifestFile), b); err != nil {
		return fmt.Errorf("evidence: writing manifest: %w", err)
	}
	return nil
}

func encodeManifest(m *Manifest) ([]byte, error) {
	if m == nil {
		return nil, errors.New("evidence: no manifest")
	}
	c := *m
	if c.Version == 0 {
		c.Version = ManifestVersion
	}
	// Empty lists as [] rather than null: readers in other languages
	// iterate them without a check.
	c.Journeys = orEmpty(c.Journeys)
	c.Artifacts = orEmpty(c.Artifacts)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// Compact: indentation was a fifth of the file's bytes (jq or any
	// JSON viewer lays it out for reading).
	if err := enc.Encode(&c); err != nil {
		return nil, fmt.Errorf("evidence: encoding manifest: %w", err)
	}
	return b.Bytes(), nil
}

// ReadManifest reads dir/manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("evidence: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("evidence: reading %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	if m.Version != ManifestVersion {
		return nil, fmt.Errorf("evidence: %s has version %d; this vouch reads version %d",
			filepath.Join(dir, ManifestFile), m.Version, ManifestVersion)
	}
	return &m, nil
}

// VerifyDir re-hashes every artifact dir/manifest.json lists and returns an
// error naming each file that is missing, unreadable, or whose content does
// not match its recorded sha256 and size; nil when all match.
func VerifyDir(dir string) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	var errs []error
	done := map[string]bool{}
	for _, a := range m.Artifacts {
		if done[a.File] {
			continue
		}
		done[a.File] = true
		if err := verifyArtifact(dir, a); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func verifyArtifact(dir string, a Artifact) error {
	// The manifest may come from anywhere: never follow it out of dir.
	if !localName(a.File) {
		return fmt.Errorf("evidence: artifact file %q is not a plain name in the run directory", a.File)
	}
	sum, size, err := hashFile(filepath.Join(dir, a.File), a.Encoding)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("evidence: %s: missing", a.File)
	case err != nil:
		return fmt.Errorf("evidence: %s: %w", a.File, err)
	case sum != a.SHA256:
		return fmt.Errorf("evidence: %s: sha256 is %s, manifest says %s", a.File, sum, a.SHA256)
	case size != a.Size:
		return fmt.Errorf("evidence: %s: %d bytes, manifest says %d", a.File, size, a.Size)
	case isHashName(a.File) && !strings.HasPrefix(a.File, a.SHA256+"."):
		return fmt.Errorf("evidence: %s: named for another hash than its sha256 %s", a.File, a.SHA256)
	}
	return nil
}

// hashFile returns the sha256 and size of a file's content, decoding it
// first when encoding is "gzip".
func hashFile(name, encoding string) (string, int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	return Digest(f, encoding)
}

// Digest returns the sha256 (hex) and size of what r holds, decoded first
// when encoding is "gzip" (as manifests record DOM snapshots): the figures
// a manifest and a signed statement name for an evidence file.
func Digest(r io.Reader, encoding string) (string, int64, error) {
	switch encoding {
	case "":
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			return "", 0, fmt.Errorf("not gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	default:
		return "", 0, fmt.Errorf("unknown encoding %q", encoding)
	}
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// localName reports whether name is a file directly inside the run
// directory.
func localName(name string) bool {
	return name != "" && filepath.IsLocal(name) && !strings.ContainsAny(name, `/\`)
}

// isHashName reports whether name looks like "<64 hex digits>.<ext>", the
// shape of every artifact except report.html.
func isHashName(name string) bool {
	if len(name) < 66 || name[64] != '.' {
		return false
	}
	_, err := hex.DecodeString(name[:64])
	return err == nil
}
