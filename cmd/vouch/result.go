package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/evidence"
)

func init() {
	register(&command{
		name:    "result",
		summary: "Show a verification's decision, repair prompt and evidence link; wait for it if it is still running; download the evidence.",
		usage:   "ID [--json] [--download DIR] [--junit FILE] [--no-wait] [--timeout D] [--server URL] [--key KEY]",
		run:     resultCmd,
	})
}

func resultCmd(ctx context.Context, e *env, args []string) int {
	c := commands["result"]
	fs := newFlags(e, c)
	var cf clientFlags
	cf.register(fs, 30*time.Minute)
	asJSON := fs.Bool("json", false, "print the verification record as JSON")
	download := fs.String("download", "", "save the evidence (every artifact, manifest.json, report.html and the signed attestation) in this `directory`, checking each artifact's sha256; vouch evidence verify checks the whole")
	junit := fs.String("junit", "", "also write the result as JUnit XML to this `file` (for CI systems): one test case per journey, and every earlier attempt that a crash interrupted")
	noWait := fs.Bool("no-wait", false, "do not wait for a running verification: print its state and exit 6")
	withExitCodes(e, fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "give one verification ID (ver_…)")
	}
	if cf.timeout <= 0 {
		return usageError(e, c, "--timeout must be positive")
	}
	cl, err := newAPIClient(e, cf)
	if err != nil {
		return reportError(e, "result", err, *asJSON, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, cf.timeout)
	defer cancel()
	v, err := cl.Get(ctx, pos[0])
	if err != nil {
		return reportError(e, "result", err, *asJSON, nil)
	}
	if !v.Done() {
		if *noWait {
			if *asJSON {
				printJSON(e, map[string]any{"verification": v, "exit_code": exitTimeout})
			} else {
				fmt.Fprintf(e.stdout, "Verification %s is %s.\n", v.ID, v.State)
			}
			return exitTimeout
		}
		v, err = waitResult(ctx, cl, v.ID, newWatcher(e, e.stderr))
		if err != nil {
			return reportError(e, "result", err, *asJSON, nil)
		}
	}
	if *download != "" {
		n, err := downloadEvidence(ctx, cl, v, *download)
		if err != nil {
			return reportError(e, "result", fmt.Errorf("--download: %w", err), *asJSON, map[string]any{"verification": v})
		}
		fmt.Fprintf(e.stderr, "Saved %d evidence files in %s (sha256 of every artifact checked).\n", n, *download)
	}
	if *junit != "" {
		if err := resultJUnit(ctx, cl, v, *junit); err != nil {
			return reportError(e, "result", fmt.Errorf("--junit: %w", err), *asJSON, map[string]any{"verification": v})
		}
	}
	if *asJSON {
		printJSON(e, map[string]any{"verification": v, "exit_code": decisionCode(v.Decision)})
	} else {
		printVerification(e.stdout, v)
	}
	return decisionCode(v.Decision)
}

// resultJUnit writes a completed verification as JUnit XML: its manifest's
// journeys, and the earlier attempts with the evidence each kept.
func resultJUnit(ctx context.Context, cl *client.Client, v *client.Verification, path string) error {
	if v.Evidence == nil || v.Evidence.ManifestURL == "" {
		return errors.New("this verification has no evidence")
	}
	var b bytes.Buffer
	if _, _, err := cl.DownloadEvidence(ctx, v.Evidence.ManifestURL, &b); err != nil {
		return err
	}
	var m evidence.Manifest
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	var prior []evidence.PriorAttempt
	for _, a := range v.Evidence.Attempts {
		prior = append(prior, evidence.PriorAttempt{N: a.Attempt, Outcome: a.Outcome, Files: a.EvidenceURLs})
	}
	var out bytes.Buffer
	if err := evidence.WriteJUnitAttempts(&out, &m, prior); err != nil {
		return err
	}
	return os.WriteFile(path, out.Bytes(), 0o644)
}

// downloadEvidence saves a completed verification's evidence files under
// dir, each at its name in the evidence directory (j1/step-2.jpg, …);
// artifacts are checked against their sha256.
func downloadEvidence(ctx context.Context, cl *client.Client, v *client.Verification, dir string) (int, error) {
	if v.Evidence == nil {
		return 0, errors.New("this verification has no evidence")
	}
	type file struct {
		url string
		art *client.Artifact
	}
	var files []file
	seen := map[string]bool{}
	for i := range v.Evidence.Artifacts {
		a := &v.Evidence.Artifacts[i]
		files = append(files, file{a.URL, a})
		seen[a.URL] = true
	}
	for _, u := range []string{v.Evidence.ManifestURL, v.Evidence.ReportURL, v.Evidence.AttestationURL, v.Evidence.TestResultURL} {
		if u != "" && !seen[u] {
			files = append(files, file{u, nil})
		}
	}
	for _, f := range files {
		name, err := evidenceName(f.url)
		if err != nil {
			return 0, err
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := saveFile(ctx, cl, f.url, f.art, p); err != nil {
			return 0, err
		}
	}
	return len(files), nil
}

// saveFile downloads one file to p through a temporary file, so that a
// file that fails its check is never left behind.
func saveFile(ctx context.Context, cl *client.Client, u string, a *client.Artifact, p string) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), ".download-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if a != nil {
		err = cl.DownloadArtifact(ctx, *a, tmp)
	} else {
		_, _, err = cl.DownloadEvidence(ctx, u, tmp)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// evidenceName is the local name of an evidence URL: its path after
// /evidence/, without a .gz suffix (the file is saved decompressed), and
// never outside the download directory.
func evidenceName(u string) (string, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	_, name, ok := strings.Cut(pu.Path, "/evidence/")
	name = strings.TrimSuffix(path.Clean("/" + name)[1:], ".gz")
	local, lerr := filepath.Localize(name)
	if !ok || name == "" || lerr != nil || !filepath.IsLocal(local) {
		return "", fmt.Errorf("refusing evidence file name %q", u)
	}
	return local, nil
}
