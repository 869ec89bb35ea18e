package attest_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/evidence"
)

const planID = "4f2c7a0b9d1e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c"

// writeRun makes a real evidence directory with the evidence package, as
// the runner leaves one: a screenshot, a gzipped DOM snapshot, a HAR, a
// console log, report.html and manifest.json.
func writeRun(t *testing.T, decision evidence.Decision) string {
	t.Helper()
	dir := t.TempDir()
	w, err := evidence.NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	img.Set(3, 4, color.RGBA{R: 200, A: 255})
	var png1 bytes.Buffer
	if err := png.Encode(&png1, img); err != nil {
		t.Fatal(err)
	}
	shot := w.Put(evidence.Screenshot, "png", "image/png", png1.Bytes(), 1, 1, "after step")
	dom := w.Put(evidence.DOM, "html", "text/html", []byte("<html><body><h1>Dashboard</h1></body></html>"), 1, 2, "at assertion")
	har := w.Put(evidence.HAR, "har", "application/json", []byte(`{"log":{"version":"1.2","entries":[]}}`), 1, 0, "network log")
	con := w.Put(evidence.Console, "json", "application/json", []byte(`[]`), 1, 0, "console log")
	started := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	j := evidence.JourneyResult{
		Index: 1, Name: "sign in shows the dashboard", Requirement: "R1", Decision: decision,
		Started: started, Ended: started.Add(2 * time.Second), HAR: har.File, Console: con.File,
		Steps: []evidence.StepResult{
			{Index: 1, Kind: "visit", Description: "visit /", Status: "passed", Screenshot: shot.File},
			{Index: 2, Kind: "expect_text", Description: `expect "Dashboard"`, Status: "passed", DOM: dom.File},
		},
		Document: &evidence.Document{URL: "http://127.0.0.1:8081/", Status: 200, SHA256: strings.Repeat("ab", 32), Size: 1234},
	}
	m := &evidence.Manifest{
		PlanID: planID, PlanName: "Sign in", BaseURL: "http://127.0.0.1:8081/", Started: started,
		Ended: started.Add(3 * time.Second), Decision: decision, Journeys: []evidence.JourneyResult{j},
		Browser: &evidence.Browser{Path: "/usr/lib/chromium/chromium-headless-shell", Version: "HeadlessChrome/142.0.7444.175"},
	}
	if decision != evidence.Verified {
		j.Reason = "step 2: the text was not there"
		m.Journeys[0] = j
		m.RepairPrompt = "The dashboard heading is missing after sign-in."
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	m.Artifacts = w.Artifacts()
	rep, err := w.WriteReport(m)
	if err != nil {
		t.Fatal(err)
	}
	m.Artifacts = append(m.Artifacts, rep)
	if err := w.WriteManifest(m); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func newKeyring(t *testing.T) *attest.Keyring {
	return attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
}

func approval() *attest.Approval {
	return &attest.Approval{By: "ada@example.com", UserID: "usr_1", At: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), PlanHash: planID}
}

func sign(t *testing.T, dir string, kr *attest.Keyring, a *attest.Approval) {
	t.Helper()
	key, err := kr.Signer()
	if err != nil {
		t.Fatal(err)
	}
	err = attest.Write(context.Background(), attest.Run{
		Dir: dir, VerificationID: "ver_1", Claim: "Signing in shows the dashboard", PlanRecord: "pln_1",
		Approval: a, Runner: attest.Runner{Name: "vouch", Version: "test", Mode: "server"},
	}, key)
	if err != nil {
		t.Fatal(err)
	}
}

func publicKeys(t *testing.T, kr *attest.Keyring) []attest.PublicKey {
	t.Helper()
	ks, err := kr.PublicKeys()
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

func TestSignVerify(t *testing.T) {
	for _, d := range []evidence.Decision{evidence.Verified, evidence.Failed, evidence.Blocked} {
		t.Run(string(d), func(t *testing.T) {
			dir := writeRun(t, d)
			kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
			sign(t, dir, kr, approval())
			r := attest.Verify(context.Background(), os.DirFS(dir), publicKeys(t, kr))
			if !r.Valid {
				t.Fatalf("not valid: %v", r.Problems)
			}
			p := r.Predicate
			if p.Decision != string(d) || p.Plan.ID != planID || p.Approval.By != "ada@example.com" ||
				p.Browser.Name != "HeadlessChrome" || p.Browser.Version != "142.0.7444.175" || p.Claim == "" {
				t.Errorf("predicate = %+v", p)
			}
			if (d == evidence.Verified) != (p.RepairPromptSHA256 == "") {
				t.Errorf("repair prompt sha256 = %q for %s", p.RepairPromptSHA256, d)
			}
			// manifest, report, screenshot, DOM, HAR, console.
			if len(p.Evidence) != 6 || r.FilesChecked != 6 {
				t.Errorf("evidence = %d files, %d checked; want 6", len(p.Evidence), r.FilesChecked)
			}
			if r.Subjects[0].Name != "deployment" || r.Subjects[0].Digest["sha256"] != strings.Repeat("ab", 32) {
				t.Errorf("subjects = %+v", r.Subjects)
			}
			if !strings.HasPrefix(r.Summary(), "signature valid (key SHA256:") {
				t.Errorf("summary = %q", r.Summary())
			}
			want := map[evidence.Decision]string{evidence.Verified: "PASSED", evidence.Failed: "FAILED", evidence.Blocked: "WARNED"}[d]
			if got := testResult(t, dir); got != want {
				t.Errorf("test-result = %s, want %s", got, want)
			}
		})
	}
}

// testResult decodes the test-result envelope's result as any DSSE reader
// would.
func testResult(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, attest.TestResultFile))
	if err != nil {
		t.Fatal(err)
	}
	var env dsse.Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	payload, err := base64.StdEncoding.DecodeString(env.Payload)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Type          string `json:"_type"`
		PredicateType string `json:"predicateType"`
		Predicate     struct {
			Result      string   `json:"result"`
			PassedTests []string `json:"passedTests"`
		} `json:"predicate"`
	}
	if err := json.Unmarshal(payload, &st); err != nil {
		t.Fatal(err)
	}
	if st.Type != "https://in-toto.io/Statement/v1" || st.PredicateType != "https://in-toto.io/attestation/test-result/v0.1" {
		t.Fatalf("statement = %s", payload)
	}
	return st.Predicate.Result
}

// TestTamper flips one byte of every file of a signed run, at its start,
// middle and end: each must fail verification with a problem naming it.
func TestTamper(t *testing.T) {
	dir := writeRun(t, evidence.Failed)
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	sign(t, dir, kr, approval())
	keys := publicKeys(t, kr)
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 8 {
		t.Fatalf("run directory has %d files, want 8", len(es))
	}
	for _, e := range es {
		for _, where := range []string{"start", "middle", "end"} {
			t.Run(e.Name()+"/"+where, func(t *testing.T) {
				cp := copyDir(t, dir)
				p := filepath.Join(cp, e.Name())
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				i := map[string]int{"start": 0, "middle": len(b) / 2, "end": len(b) - 2}[where]
				b[i] ^= 0x01
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
				r := attest.Verify(context.Background(), os.DirFS(cp), keys)
				if r.Valid {
					t.Fatal("a tampered run verified")
				}
				named := false
				for _, pr := range r.Problems {
					named = named || pr.File == e.Name()
				}
				if !named {
					t.Errorf("no problem names %s: %v", e.Name(), r.Problems)
				}
			})
		}
	}
}

func TestMissingFile(t *testing.T) {
	dir := writeRun(t, evidence.Verified)
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	sign(t, dir, kr, approval())
	m, err := evidence.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	gone := m.Artifacts[0].File
	if err := os.Remove(filepath.Join(dir, gone)); err != nil {
		t.Fatal(err)
	}
	r := attest.Verify(context.Background(), os.DirFS(dir), publicKeys(t, kr))
	if r.Valid || len(r.Problems) != 1 || r.Problems[0].String() != gone+": missing" {
		t.Fatalf("problems = %v", r.Problems)
	}
	if r.Summary() != "signature not valid: "+gone+": missing" {
		t.Errorf("summary = %q", r.Summary())
	}
}

func TestUnknownKey(t *testing.T) {
	dir := writeRun(t, evidence.Verified)
	signer := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	sign(t, dir, signer, approval())
	other := attest.NewKeyring(filepath.Join(t.TempDir(), "other"))
	if _, err := other.Signer(); err != nil {
		t.Fatal(err)
	}
	// Both envelopes name the signer's key, listed once.
	if ids, want := attest.SignerKeyIDs(os.DirFS(dir)), publicKeys(t, signer)[0].ID; len(ids) != 1 || ids[0] != want {
		t.Errorf("SignerKeyIDs = %v, want [%s]", ids, want)
	}
	if ids := attest.SignerKeyIDs(os.DirFS(t.TempDir())); len(ids) != 0 {
		t.Errorf("SignerKeyIDs(unsigned) = %v", ids)
	}
	for name, keys := range map[string][]attest.PublicKey{"none": nil, "another": publicKeys(t, other)} {
		r := attest.Verify(context.Background(), os.DirFS(dir), keys)
		if r.Valid || len(r.Problems) != 1 || !strings.Contains(r.Problems[0].Reason, "unknown key") {
			t.Errorf("%s: problems = %v", name, r.Problems)
		}
	}
}

func TestPlanHashMismatch(t *testing.T) {
	dir := writeRun(t, evidence.Verified)
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	a := approval()
	a.PlanHash = strings.Repeat("0", 64)
	sign(t, dir, kr, a)
	r := attest.Verify(context.Background(), os.DirFS(dir), publicKeys(t, kr))
	if r.Valid || len(r.Problems) != 1 || !strings.Contains(r.Problems[0].Reason, "plan hash mismatch") {
		t.Fatalf("problems = %v", r.Problems)
	}
}

// TestRotation: a run signed before a rotation still verifies with the
// listed keys; the old private key is gone, the new one is private.
func TestRotation(t *testing.T) {
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	before := writeRun(t, evidence.Verified)
	sign(t, before, kr, approval())
	old, _ := kr.Signer()
	oldID, _ := old.KeyID()
	nk, err := kr.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	newID, _ := nk.KeyID()
	if cur, _ := kr.Signer(); cur.PublicKey().ID != newID || newID == oldID {
		t.Fatalf("after rotation the signer is %s (old %s, new %s)", cur.PublicKey().ID, oldID, newID)
	}
	after := writeRun(t, evidence.Failed)
	sign(t, after, kr, approval())
	keys := publicKeys(t, kr)
	if len(keys) != 2 || keys[0].ID != newID || !keys[0].Current || keys[1].ID != oldID || keys[1].Current {
		t.Fatalf("keys = %+v", keys)
	}
	for name, dir := range map[string]string{"before": before, "after": after} {
		r := attest.Verify(context.Background(), os.DirFS(dir), keys)
		if !r.Valid {
			t.Errorf("%s rotation: %v", name, r.Problems)
		}
	}
	if r := attest.Verify(context.Background(), os.DirFS(before), keys[:1]); r.Valid {
		t.Error("the old run verified without the old key")
	}
	es, _ := os.ReadDir(kr.Dir())
	var privs int
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".key") {
			privs++
			st, _ := e.Info()
			if st.Mode().Perm() != 0o600 {
				t.Errorf("%s has mode %04o", e.Name(), st.Mode().Perm())
			}
		}
	}
	if privs != 1 {
		t.Errorf("%d private keys on disk after rotation, want 1", privs)
	}
	if st, _ := os.Stat(kr.Dir()); st.Mode().Perm() != 0o700 {
		t.Errorf("keyring directory mode %04o", st.Mode().Perm())
	}
}

func TestKeyReadableByOthersRefused(t *testing.T) {
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	if _, err := kr.Signer(); err != nil {
		t.Fatal(err)
	}
	es, _ := os.ReadDir(kr.Dir())
	if err := os.Chmod(filepath.Join(kr.Dir(), es[0].Name()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := kr.Signer(); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("err = %v", err)
	}
}

func TestKeySetRoundTrip(t *testing.T) {
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	if _, err := kr.Signer(); err != nil {
		t.Fatal(err)
	}
	if _, err := kr.Rotate(); err != nil {
		t.Fatal(err)
	}
	keys := publicKeys(t, kr)
	keys[0].Host = "worker-1"
	b, _ := json.Marshal(attest.NewKeySet(keys))
	for name, doc := range map[string][]byte{"json": b, "pem": []byte(keys[0].PEM() + keys[1].PEM())} {
		got, err := attest.ParsePublicKeys(doc)
		if err != nil || len(got) != 2 || got[0].ID != keys[0].ID || got[1].ID != keys[1].ID {
			t.Errorf("%s: %v, %+v", name, err, got)
		}
		if name == "json" && got[0].Host != "worker-1" {
			t.Errorf("json: host %q, want worker-1", got[0].Host)
		}
	}
	// A key set that names a key by another key's id: the id is the
	// key's own fingerprint, so the claim is ignored.
	ks := attest.NewKeySet(keys[:1])
	ks.Keys[0].KeyID = keys[1].ID
	b, _ = json.Marshal(ks)
	if got, err := attest.ParsePublicKeys(b); err != nil || len(got) != 1 || got[0].ID != keys[0].ID {
		t.Errorf("a key under another's id: %v, %+v", err, got)
	}
	for _, bad := range []string{"", "{}", `{"keys":[{"public_key":"x"}]}`, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"} {
		if _, err := attest.ParsePublicKeys([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestZip verifies a run packed as the console's zip packs it: the files
// in one folder named for the verification.
func TestZip(t *testing.T) {
	dir := writeRun(t, evidence.Verified)
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	sign(t, dir, kr, approval())
	zp := filepath.Join(t.TempDir(), "evidence.zip")
	f, _ := os.Create(zp)
	zw := zip.NewWriter(f)
	_ = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if d.IsDir() {
			return nil
		}
		w, _ := zw.Create("ver_1/" + p)
		src, _ := os.Open(filepath.Join(dir, p))
		_, _ = io.Copy(w, src)
		src.Close()
		return nil
	})
	zw.Close()
	f.Close()
	r, err := attest.VerifyPath(context.Background(), zp, publicKeys(t, kr))
	if err != nil || !r.Valid {
		t.Fatalf("%v %v", err, r.Problems)
	}
}

// TestDecompressedDOM: vouch result --download saves DOM snapshots
// decompressed without ".gz"; they still verify.
func TestDecompressedDOM(t *testing.T) {
	dir := writeRun(t, evidence.Verified)
	kr := attest.NewKeyring(filepath.Join(t.TempDir(), "keys"))
	sign(t, dir, kr, approval())
	m, _ := evidence.ReadManifest(dir)
	for _, a := range m.Artifacts {
		if a.Encoding != "gzip" {
			continue
		}
		f, _ := os.Open(filepath.Join(dir, a.File))
		zr, err := gzipReader(f)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		f.Close()
		os.Remove(filepath.Join(dir, a.File))
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(a.File, ".gz")), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r := attest.Verify(context.Background(), os.DirFS(dir), publicKeys(t, kr)); !r.Valid {
		t.Fatal(r.Problems)
	}
}

func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

func gzipReader(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
