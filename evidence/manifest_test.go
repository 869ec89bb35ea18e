package evidence

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestManifestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	m := loadFixture(t)
	m.Version = 0 // written as ManifestVersion
	if err := WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != ManifestVersion {
		t.Errorf("Version = %d", got.Version)
	}
	got.Version = 0
	if got.Artifacts == nil {
		t.Error(`artifacts: want [] in the file, got null`)
	}
	got.Artifacts = m.Artifacts
	if !reflect.DeepEqual(got, m) {
		t.Errorf("read back:\n%+v\nwant\n%+v", got, m)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, ManifestFile))
	if !bytes.HasPrefix(raw, []byte(`{"version":1,`)) {
		t.Errorf("manifest.json does not start with the version:\n%.80s", raw)
	}
	if !bytes.Contains(raw, []byte(`"started":"2026-03-02T10:15:00Z"`)) {
		t.Error("manifest.json lacks snake_case times")
	}
}

func TestReadManifestErrors(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"missing", "", "no such file"},
		{"not json", "{", "unexpected end"},
		{"version", `{"version": 2}`, "version 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.body != "" {
				os.WriteFile(filepath.Join(dir, ManifestFile), []byte(tt.body), 0o600)
			}
			if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadManifest() = %v, want an error with %q", err, tt.want)
			}
		})
	}
}

func TestVerifyDir(t *testing.T) {
	built := t.TempDir()
	m := buildRun(t, built)
	if err := VerifyDir(built); err != nil {
		t.Fatalf("fresh run: %v", err)
	}
	var shot, dom, harFile Artifact
	for _, a := range m.Artifacts {
		switch a.Kind {
		case Screenshot:
			shot = a
		case DOM:
			dom = a
		case HAR:
			harFile = a
		}
	}
	gz := func(s string) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(s))
		zw.Close()
		return b.Bytes()
	}
	tests := []struct {
		name   string
		change func(dir string)
		want   []string // substrings of the error; nil for no error
	}{
		{"untouched", func(string) {}, nil},
		{"tampered screenshot", func(dir string) {
			p := filepath.Join(dir, shot.File)
			b, _ := os.ReadFile(p)
			b[len(b)/2] ^= 0xff
			os.WriteFile(p, b, 0o600)
		}, []string{shot.File, "sha256 is"}},
		{"missing HAR", func(dir string) {
			os.Remove(filepath.Join(dir, harFile.File))
		}, []string{harFile.File, "missing"}},
		{"both", func(dir string) {
			os.Remove(filepath.Join(dir, harFile.File))
			os.WriteFile(filepath.Join(dir, shot.File), []byte("x"), 0o600)
		}, []string{harFile.File + ": missing", shot.File + ": sha256 is"}},
		{"DOM replaced", func(dir string) {
			os.WriteFile(filepath.Join(dir, dom.File), gz("<p>other</p>"), 0o600)
		}, []string{dom.File, "sha256 is"}},
		{"DOM not gzip", func(dir string) {
			os.WriteFile(filepath.Join(dir, dom.File), []byte("<p>plain</p>"), 0o600)
		}, []string{dom.File, "not gzip"}},
		{"report edited", func(dir string) {
			f, _ := os.OpenFile(filepath.Join(dir, ReportFile), os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString("<!-- -->")
			f.Close()
		}, []string{ReportFile, "sha256 is"}},
		{"manifest escapes the directory", func(dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Artifacts[0].File = "../" + m.Artifacts[0].File })
		}, []string{"not a plain name"}},
		{"manifest names a hash that is not the file's", func(dir string) {
			editManifest(t, dir, func(m *Manifest) {
				// Content and hash agree, the name does not.
				a := &m.Artifacts[0]
				other := strings.Repeat("0", 64) + ".png"
				os.Rename(filepath.Join(dir, a.File), filepath.Join(dir, other))
				a.File = other
			})
		}, []string{"named for another hash"}},
		{"size edited", func(dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Artifacts[0].Size++ })
		}, []string{"manifest says"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(built)); err != nil {
				t.Fatal(err)
			}
			tt.change(dir)
			err := VerifyDir(dir)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("VerifyDir() = %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("VerifyDir() = nil")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("VerifyDir() = %v\nwant it to mention %q", err, w)
				}
			}
		})
	}
}

func editManifest(t *testing.T, dir string, edit func(*Manifest)) {
	t.Helper()
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	edit(m)
	if err := WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
}

func TestConsoleRoundTrip(t *testing.T) {
	entries, err := ParseConsole(readFixture(t, "console-1.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := EncodeConsole(entries)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseConsole(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(entries, again) {
		t.Errorf("round trip changed the log:\n%+v\n%+v", entries, again)
	}
	errs := 0
	for _, e := range again {
		if e.IsError() {
			errs++
		}
	}
	if errs != 2 {
		t.Errorf("%d errors, want 2 (an error and an exception)", errs)
	}
	if b, _ := EncodeConsole(nil); strings.TrimSpace(string(b)) != "[]" {
		t.Errorf("EncodeConsole(nil) = %s", b)
	}
	if _, err := ParseConsole([]byte("{")); err == nil {
		t.Error("ParseConsole accepted bad JSON")
	}
}
