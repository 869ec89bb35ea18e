package evidence

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureSecrets are the values the fixture run must never leak: a password
// with characters that HTML, JSON and URLs escape, and an API token.
var fixtureSecrets = []string{"hunter2&<Pw>", "tok_9f8e7d6c5b4a"}

const fixtureDir = "testdata/failed-run"

// loadFixture reads the fixture manifest: a failed run of two journeys, with
// no artifacts yet.
func loadFixture(t testing.TB) *Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return &m
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fakeShot draws a small page-like picture, different for every journey and
// step, and encodes it as PNG (journey 1) or JPEG (journey 2), as the runner
// would store real screenshots.
func fakeShot(t testing.TB, journey, step int) (data []byte, ext, mediaType string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 160, 90))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	bar := color.RGBA{R: uint8(40 * journey), G: 90, B: uint8(200 - 20*step), A: 255}
	draw.Draw(img, image.Rect(0, 0, 160, 14), image.NewUniform(bar), image.Point{}, draw.Src)
	for i := range step {
		r := image.Rect(10, 22+i*10, 150-i*12, 28+i*10)
		draw.Draw(img, r, image.NewUniform(color.Gray{Y: 180}), image.Point{}, draw.Src)
	}
	var b bytes.Buffer
	if journey == 1 {
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes(), "png", "image/png"
	}
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 50}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), "jpg", "image/jpeg"
}

// buildRun writes the fixture run into dir as the runner would: screenshots
// after every step that ran, a DOM snapshot at the failure, a HAR and a
// console log per journey, then the manifest and the report, all through a
// Writer that knows fixtureSecrets.
func buildRun(t testing.TB, dir string) *Manifest {
	t.Helper()
	m := loadFixture(t)
	w, err := NewWriter(dir, fixtureSecrets)
	if err != nil {
		t.Fatal(err)
	}
	for ji := range m.Journeys {
		j := &m.Journeys[ji]
		for si := range j.Steps {
			s := &j.Steps[si]
			if s.Status == StepSkipped {
				continue
			}
			data, ext, mt := fakeShot(t, j.Index, s.Index)
			s.Screenshot = w.Put(Screenshot, ext, mt, data, j.Index, s.Index, "after step").File
			if s.Status == StepFailed {
				dom := readFixture(t, "dom-1-5.html")
				s.DOM = w.Put(DOM, "html", "text/html; charset=utf-8", dom, j.Index, s.Index, "at failure").File
			}
		}
		h, err := ParseHAR(readFixture(t, "network-"+itoa(j.Index)+".har"))
		if err != nil {
			t.Fatal(err)
		}
		hb, err := EncodeHAR(h)
		if err != nil {
			t.Fatal(err)
		}
		j.HAR = w.Put(HAR, "har", "application/json", hb, j.Index, 0, "").File
		entries, err := ParseConsole(readFixture(t, "console-"+itoa(j.Index)+".json"))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := EncodeConsole(entries)
		if err != nil {
			t.Fatal(err)
		}
		j.Console = w.Put(Console, "json", "application/json", cb, j.Index, 0, "").File
	}
	if err := w.Close(); err != nil {
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
	return m
}

func itoa(i int) string { return string(rune('0' + i)) }

// content returns a file's content, decompressed when it is gzip.
func content(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return b
}
