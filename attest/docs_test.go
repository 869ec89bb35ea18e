package attest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestDocsGenericCheck runs the standard-tools recipe of
// docs/attestations.md (jq, openssl, coreutils) on a signed run: it passes,
// and fails once a byte of an artifact is flipped.
func TestDocsGenericCheck(t *testing.T) {
	for _, tool := range []string{"bash", "jq", "openssl", "sha256sum", "gzip", "base64"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed (.ci/run installs it)", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	doc, err := os.ReadFile("../docs/attestations.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- generic-check[^>]*-->\n```sh\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/attestations.md has no generic-check block")
	}
	script := string(m[1])

	dir := writeRun(t, evidence.Failed)
	kr := newKeyring(t)
	sign(t, dir, kr, approval())
	pub := filepath.Join(t.TempDir(), "vouch.pub")
	if err := os.WriteFile(pub, []byte(publicKeys(t, kr)[0].PEM()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func() (string, error) {
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "KEY="+pub)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(); err != nil || !strings.Contains(out, "Signature Verified Successfully") || !strings.Contains(out, "signature and files OK") {
		t.Fatalf("the recipe fails on a good run: %v\n%s", err, out)
	}
	man, _ := evidence.ReadManifest(dir)
	for _, a := range man.Artifacts {
		if a.Kind == evidence.HAR {
			p := filepath.Join(dir, a.File)
			b, _ := os.ReadFile(p)
			b[len(b)/2] ^= 1
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if out, err := run(); err == nil {
		t.Fatalf("the recipe passes a tampered run:\n%s", out)
	}
}
