package evidence

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestWriterRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs", "r1") // parents are created
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", w.Dir(), dir)
	}
	shot, _, _ := fakeShot(t, 1, 1)
	dom := []byte("<html><body><h1>Hello</h1></body></html>")
	tests := []struct {
		kind         Kind
		ext, mt      string
		data         []byte
		journey      int
		step         int
		wantSuffix   string
		wantEncoding string
	}{
		{Screenshot, "png", "image/png", shot, 1, 2, ".png", ""},
		{DOM, "html", "text/html", dom, 1, 2, ".html.gz", "gzip"},
		{DOM, "html.gz", "text/html", []byte("<p>2</p>"), 1, 3, ".html.gz", "gzip"},
		{HAR, ".har", "application/json", []byte(`{"log":{}}`), 1, 0, ".har", ""},
		{Console, "JSON", "application/json", []byte(`[]`), 2, 0, ".json", ""},
		{Kind("download"), "../../x", "application/octet-stream", []byte{0, 1, 2}, 2, 3, ".x", ""},
		{Kind("trace"), "", "", []byte("t"), 0, 0, ".bin", ""},
	}
	var got []Artifact
	for _, tt := range tests {
		a := w.Put(tt.kind, tt.ext, tt.mt, tt.data, tt.journey, tt.step, "note")
		got = append(got, a)
		if a.SHA256 != sha(tt.data) {
			t.Errorf("%s: SHA256 = %s, want %s", tt.kind, a.SHA256, sha(tt.data))
		}
		if a.File != a.SHA256+tt.wantSuffix {
			t.Errorf("%s: File = %q, want %q", tt.kind, a.File, a.SHA256+tt.wantSuffix)
		}
		if a.Size != int64(len(tt.data)) || a.Encoding != tt.wantEncoding || a.Kind != tt.kind ||
			a.MediaType != tt.mt || a.Journey != tt.journey || a.Step != tt.step || a.Note != "note" {
			t.Errorf("%s: artifact %+v", tt.kind, a)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for i, a := range got {
		if c := content(t, filepath.Join(dir, a.File)); !bytes.Equal(c, tests[i].data) {
			t.Errorf("%s: stored content differs", a.File)
		}
	}
	if arts := w.Artifacts(); fmt.Sprint(arts) != fmt.Sprint(got) {
		t.Errorf("Artifacts() = %v, want put order %v", arts, got)
	}
	// No temporary files are left behind.
	ents, _ := os.ReadDir(dir)
	if len(ents) != len(tests) {
		t.Errorf("dir has %d files, want %d", len(ents), len(tests))
	}
	if err := WriteManifest(dir, &Manifest{Artifacts: got}); err != nil {
		t.Fatal(err)
	}
	if err := VerifyDir(dir); err != nil {
		t.Fatal(err)
	}
}

func TestWriterDedupAndPutAfterClose(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	shot, ext, mt := fakeShot(t, 2, 1)
	a1 := w.Put(Screenshot, ext, mt, shot, 1, 1, "")
	a2 := w.Put(Screenshot, ext, mt, shot, 1, 2, "")
	if a1.File != a2.File || a2.Step != 2 {
		t.Errorf("same content: %+v and %+v", a1, a2)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	late := w.Put(Console, "json", "application/json", []byte(`["late"]`), 1, 0, "")
	// Written synchronously: the file is there without another Close.
	if _, err := os.Stat(filepath.Join(dir, late.File)); err != nil {
		t.Errorf("Put after Close: %v", err)
	}
	// The repeated screenshot is listed once, where it was first put.
	if arts := w.Artifacts(); len(arts) != 2 || arts[0].Step != 1 || arts[1].File != late.File {
		t.Errorf("artifacts listed: %+v, want the screenshot (step 1) and the console log", arts)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("%d files, want 2 (one screenshot, one console log)", len(ents))
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestWriterReportsWriteErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	w, err := NewWriter(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	w.Put(Screenshot, "png", "image/png", []byte("x"), 1, 1, "")
	if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "writing screenshot artifact") {
		t.Errorf("Flush() = %v, want the write error", err)
	}
	if err := w.Close(); err == nil {
		t.Error("Close() = nil after a failed write")
	}
	if _, err := NewWriter("", nil); err == nil {
		t.Error("NewWriter(\"\") succeeded")
	}
}

func TestWriterConcurrentPut(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(dir, []string{"s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	const goroutines, each = 16, 25
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range each {
				switch i % 3 {
				case 0: // distinct content
					w.Put(Console, "json", "application/json", fmt.Appendf(nil, `["g%d i%d s3cret"]`, g, i), g+1, 0, "")
				case 1: // the same content from every goroutine
					w.Put(DOM, "html", "text/html", []byte("<p>shared s3cret</p>"), g+1, i+1, "")
				default:
					w.Put(Screenshot, "png", "image/png", fmt.Appendf(nil, "png %d %d", g, i), g+1, i+1, "")
				}
				_ = w.Mask("error with s3cret")
			}
		})
	}
	// Flush and Artifacts while others Put, as a runner reporting one
	// journey while the next runs.
	stop := make(chan struct{})
	flushed := make(chan error)
	go func() {
		for {
			select {
			case <-stop:
				close(flushed)
				return
			default:
				if err := w.Flush(); err != nil {
					flushed <- err
				}
				_ = w.Artifacts()
			}
		}
	}()
	wg.Wait()
	close(stop)
	for err := range flushed {
		t.Error(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	arts := w.Artifacts()
	// Every distinct content once: the shared DOM snapshot (every third
	// Put of each goroutine) is one file.
	shared := 0
	for i := range each {
		if i%3 == 1 {
			shared++
		}
	}
	if want := goroutines*each - goroutines*shared + 1; len(arts) != want {
		t.Fatalf("%d artifacts, want %d", len(arts), want)
	}
	if err := WriteManifest(dir, &Manifest{Artifacts: arts}); err != nil {
		t.Fatal(err)
	}
	if err := VerifyDir(dir); err != nil {
		t.Fatal(err)
	}
	assertNoSecrets(t, dir, []string{"s3cret"})
}

// TestNoSecretInAnyFile scans every byte of every file of the fixture run,
// compressed files decompressed, for every spelling of every secret.
func TestNoSecretInAnyFile(t *testing.T) {
	dir := t.TempDir()
	buildRun(t, dir)
	assertNoSecrets(t, dir, fixtureSecrets)

	// The masking happened (rather than the secrets never being there):
	// each text kind holds the mask.
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Kind]bool{}
	for _, a := range m.Artifacts {
		if bytes.Contains(content(t, filepath.Join(dir, a.File)), []byte(Masked)) {
			seen[a.Kind] = true
		}
	}
	for _, k := range []Kind{DOM, HAR, Console, Report} {
		if !seen[k] {
			t.Errorf("no %s artifact holds %q", k, Masked)
		}
	}
	if !bytes.Contains(content(t, filepath.Join(dir, ManifestFile)), []byte(Masked)) {
		t.Errorf("manifest.json does not hold %q", Masked)
	}
}

func assertNoSecrets(t *testing.T, dir string, secrets []string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		name := filepath.Join(dir, e.Name())
		data := content(t, name)
		for _, s := range secrets {
			for _, v := range spellings(s) {
				if bytes.Contains(data, []byte(v)) {
					t.Errorf("%s holds secret %q spelled %q", e.Name(), s, v)
				}
			}
		}
	}
}

func TestDOMStoredCompressed(t *testing.T) {
	dir := t.TempDir()
	w, _ := NewWriter(dir, nil)
	dom := bytes.Repeat([]byte("<li class=\"product\">Widget</li>\n"), 1000)
	a := w.Put(DOM, "html", "text/html", dom, 1, 1, "")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, a.File))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gzip.NewReader(bytes.NewReader(raw)); err != nil {
		t.Fatalf("DOM file is not gzip: %v", err)
	}
	if len(raw) >= len(dom)/10 {
		t.Errorf("stored %d bytes for %d bytes of repetitive HTML", len(raw), len(dom))
	}
}

func TestCleanExt(t *testing.T) {
	for in, want := range map[string]string{
		"jpg": "jpg", ".PNG": "png", "html.gz": "html.gz", "": "bin", "..": "bin",
		"a..b": "bin", "../x": "x", "j p/g": "jpg", "har\x00": "har", "é": "bin",
	} {
		if got := cleanExt(in); got != want {
			t.Errorf("cleanExt(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsTextMedia(t *testing.T) {
	for mt, want := range map[string]bool{
		"text/html; charset=utf-8": true, "application/json": true, "application/manifest+json": true,
		"image/svg+xml": true, "TEXT/PLAIN": true, "image/png": false, "application/octet-stream": false, "": false,
	} {
		if got := isTextMedia(mt); got != want {
			t.Errorf("isTextMedia(%q) = %v, want %v", mt, got, want)
		}
	}
}

func TestMaskManifestLeavesInputAlone(t *testing.T) {
	w, err := NewWriter(t.TempDir(), fixtureSecrets)
	if err != nil {
		t.Fatal(err)
	}
	m := loadFixture(t)
	m.Journeys[0].Dialogs = append(m.Journeys[0].Dialogs, "alert: token tok_9f8e7d6c5b4a")
	m.Artifacts = []Artifact{{File: strings.Repeat("a", 64) + ".png", SHA256: strings.Repeat("a", 64), Note: "tok_9f8e7d6c5b4a"}}
	before := fmt.Sprintf("%+v", *m)
	masked := w.MaskManifest(m)
	if after := fmt.Sprintf("%+v", *m); after != before {
		t.Error("MaskManifest modified its input")
	}
	got := fmt.Sprintf("%+v", *masked)
	for _, s := range fixtureSecrets {
		if strings.Contains(got, s) {
			t.Errorf("masked manifest holds %q", s)
		}
	}
	if masked.Journeys[0].Steps[4].Error != `text "Welcome back, Demo" not found within 1.5s after typing ••••` ||
		masked.Journeys[0].Dialogs[1] != "alert: token ••••" || masked.Artifacts[0].Note != "••••" {
		t.Errorf("masked: %+v", masked.Journeys[0])
	}
	if masked.Artifacts[0].File != m.Artifacts[0].File {
		t.Error("file name changed")
	}
}

func TestPutMasksByKindAndMediaType(t *testing.T) {
	dir := t.TempDir()
	w, _ := NewWriter(dir, []string{"s3cret-value"})
	data := func() []byte { return []byte("x s3cret-value y") }
	tests := []struct {
		kind   Kind
		mt     string
		masked bool
	}{
		{DOM, "text/html", true},
		{HAR, "application/json", true},
		{Console, "application/json", true},
		{Report, "text/html", true},
		{KindManifest, "application/json", true},
		{Kind("download"), "text/csv", true},
		{Kind("download"), "application/octet-stream", false},
		{Screenshot, "image/svg+xml", false}, // screenshots are pixels, never edited
	}
	for _, tt := range tests {
		a := w.Put(tt.kind, "bin", tt.mt, data(), 1, 0, "")
		w.Flush()
		got := string(content(t, filepath.Join(dir, a.File)))
		if masked := got == "x •••• y"; masked != tt.masked {
			t.Errorf("%s %s: stored %q", tt.kind, tt.mt, got)
		}
	}
	w.Close()
}
