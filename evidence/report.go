package evidence

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ReportFile is the report's name in a run directory.
const ReportFile = "report.html"

// maxNetworkRows bounds the network table of one journey; the HAR file has
// every request.
const maxNetworkRows = 1000

//go:embed report.html.tmpl
var reportFS embed.FS

var reportTmpl = template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
	"ms":    fmtMS,
	"when":  fmtTime,
	"clock": fmtClock,
	"mark":  mark,
	"link":  linkable,
	"short": shortName,
	"count": func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	},
	"upper": func(d Decision) string { return strings.ToUpper(string(d)) },
}).ParseFS(reportFS, "report.html.tmpl"))

// WriteReport writes dir/report.html: one page that shows the run to a
// person and works offline inside the run directory. CSS is inline; the
// screenshots are the sha256-named files beside it, referenced rather than
// copied (a report embedding them would more than double the evidence),
// except the failing step's, embedded as a data: URI so that report.html
// alone still shows the failure. There are no scripts, fonts or remote
// images, and a Content-Security-Policy allows nothing but those images. Every string from the manifest, console log and network
// log is escaped (pages are hostile). A missing or unreadable artifact is
// shown as such rather than failing the report.
//
// The returned Artifact describes report.html; the caller may list it in the
// manifest, written after the report so that VerifyDir checks it too.
func WriteReport(dir string, m *Manifest) (Artifact, error) {
	if m == nil {
		return Artifact{}, errors.New("evidence: no manifest")
	}
	var b bytes.Buffer
	if err := reportTmpl.Execute(&b, buildReport(dir, m)); err != nil {
		return Artifact{}, fmt.Errorf("evidence: rendering report: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(dir, ReportFile), b.Bytes()); err != nil {
		return Artifact{}, fmt.Errorf("evidence: writing report: %w", err)
	}
	sum := sha256.Sum256(b.Bytes())
	return Artifact{
		Kind:      Report,
		File:      ReportFile,
		SHA256:    hex.EncodeToString(sum[:]),
		Size:      int64(b.Len()),
		MediaType: "text/html; charset=utf-8",
	}, nil
}

type reportView struct {
	M            *Manifest
	Decision     Decision
	Duration     float64        // ms
	Count        map[string]int // journeys by decision
	Requirements []reqView
	Journeys     []journeyView
	// Files lists each artifact file once, where it was first recorded.
	Files []fileView
}

type fileView struct {
	Artifact
	More int // further steps that list the same file
}

type reqView struct {
	ID, Text string
	Decision Decision // empty when no journey proves it
	Journeys []string
}

type journeyView struct {
	J        *JourneyResult
	Anchor   string
	Duration float64 // ms
	Steps    []stepView

	Console       []ConsoleEntry
	ConsoleErrors int
	ConsoleNote   string

	Network     []netRow
	NetworkMore int
	NetworkNote string
}

type stepView struct {
	S        StepResult
	Anchor   string
	Shot     template.URL // the file's name, or a data: URI at the failure; empty when there is none
	ShotNote string
	// SameAs is the step whose screenshot, shown above, is this one's too
	// (0 when none): the picture is shown once, not once per step.
	SameAs     int
	SameAnchor string
	Highlight  bool
}

type netRow struct {
	Status                 int64
	Method, URL, MimeType  string
	TimeMS                 float64
	Bad                    bool
	StatusText, ErrComment string
}

func buildReport(dir string, m *Manifest) reportView {
	v := reportView{M: m, Decision: m.Decision, Count: map[string]int{}}
	if !v.Decision.Valid() {
		v.Decision = Blocked
	}
	if !m.Started.IsZero() && m.Ended.After(m.Started) {
		v.Duration = float64(m.Ended.Sub(m.Started)) / float64(time.Millisecond)
	}
	media := map[string]string{}
	seen := map[string]int{}
	for _, a := range m.Artifacts {
		media[a.File] = a.MediaType
		if _, ok := seen[a.File]; ok {
			continue // an older manifest listed a file once per step
		}
		seen[a.File] = len(v.Files)
		v.Files = append(v.Files, fileView{Artifact: a})
	}
	// How many steps and journeys refer to each file: a file is listed
	// once, the others are counted beside it.
	refs := map[string]int{}
	for _, j := range m.Journeys {
		for _, f := range []string{j.HAR, j.Console} {
			refs[f]++
		}
		for _, s := range j.Steps {
			refs[s.Screenshot]++
			refs[s.DOM]++
		}
	}
	for i := range v.Files {
		v.Files[i].More = max(refs[v.Files[i].File]-1, 0)
	}
	for _, r := range m.Requirements {
		rv := reqView{ID: r.ID, Text: r.Text}
		var ds []Decision
		for _, j := range m.Journeys {
			if j.Requirement == r.ID {
				ds = append(ds, j.Decision)
				rv.Journeys = append(rv.Journeys, j.Name)
			}
		}
		if len(ds) > 0 {
			rv.Decision = Combine(ds...)
		}
		v.Requirements = append(v.Requirements, rv)
	}
	for i := range m.Journeys {
		j := &m.Journeys[i]
		v.Count[string(Combine(j.Decision))]++
		jv := journeyView{J: j, Anchor: fmt.Sprintf("j%d", i+1)}
		if !j.Started.IsZero() && j.Ended.After(j.Started) {
			jv.Duration = float64(j.Ended.Sub(j.Started)) / float64(time.Millisecond)
		}
		highlighted := false
		var prev *stepView // the last step that showed its screenshot
		for k, s := range j.Steps {
			sv := stepView{S: s, Anchor: fmt.Sprintf("%s-s%d", jv.Anchor, k+1)}
			if !highlighted && (s.Status == StepFailed || s.Status == StepBlocked) {
				sv.Highlight, highlighted = true, true
			}
			if s.Screenshot != "" {
				if !sv.Highlight && prev != nil && prev.S.Screenshot == s.Screenshot && prev.ShotNote == "" {
					sv.SameAs, sv.SameAnchor = prev.S.Index, prev.Anchor
				} else if sv.Highlight {
					sv.Shot, sv.ShotNote = dataURI(dir, s.Screenshot, media[s.Screenshot])
				} else {
					sv.Shot, sv.ShotNote = fileURL(dir, s.Screenshot, media[s.Screenshot])
				}
			}
			jv.Steps = append(jv.Steps, sv)
			if sv.Shot != "" {
				shown := sv
				prev = &shown
			}
		}
		if j.Console != "" {
			b, err := readArtifact(dir, j.Console)
			if err == nil {
				jv.Console, err = ParseConsole(b)
			}
			if err != nil {
				jv.ConsoleNote = fmt.Sprintf("Console log %s could not be read: %v", j.Console, err)
			}
			for _, e := range jv.Console {
				if e.AppError() {
					jv.ConsoleErrors++
				}
			}
		}
		if j.HAR != "" {
			jv.Network, jv.NetworkMore, jv.NetworkNote = networkRows(dir, j.HAR)
		}
		v.Journeys = append(v.Journeys, jv)
	}
	return v
}

func networkRows(dir, file string) ([]netRow, int, string) {
	b, err := readArtifact(dir, file)
	if err != nil {
		return nil, 0, fmt.Sprintf("Network log %s could not be read: %v", file, err)
	}
	h, err := ParseHAR(b)
	if err != nil {
		return nil, 0, fmt.Sprintf("Network log %s could not be read: %v", file, err)
	}
	var rows []netRow
	more := 0
	for _, e := range h.Log.Entries {
		if len(rows) == maxNetworkRows {
			more++
			continue
		}
		r := netRow{Method: e.Request.Method, URL: e.Request.URL, TimeMS: e.Time, ErrComment: e.Comment}
		if e.Response != nil {
			r.Status, r.StatusText = e.Response.Status, e.Response.StatusText
			if e.Response.Content != nil {
				r.MimeType = e.Response.Content.MimeType
			}
		}
		r.Bad = r.Status == 0 || r.Status >= 400
		rows = append(rows, r)
	}
	return rows, more, ""
}

// readArtifact reads a file named by the manifest, refusing names that
// leave the run directory.
func readArtifact(dir, file string) ([]byte, error) {
	if !localName(file) {
		return nil, fmt.Errorf("%q is not a file in the run directory", file)
	}
	return os.ReadFile(filepath.Join(dir, file))
}

// linkable reports whether the report may link to file: an artifact's own
// name in the run directory, never whatever a manifest says.
func linkable(file string) bool {
	return localName(file) && (isHashName(file) || file == ReportFile)
}

// shortName abbreviates a sha256-named file for link text: the first 12
// hex digits and the extension ("b36501c0ae71….html.gz"); the link itself
// keeps the full name.
func shortName(file string) string {
	if !isHashName(file) || len(file) < 64 {
		return file
	}
	return file[:12] + "…" + file[64:]
}

// imageTypes are the media types a screenshot may be embedded as; anything
// else is not put into a data: URI.
var imageTypes = map[string]string{
	"image/png": "image/png", "image/jpeg": "image/jpeg", "image/webp": "image/webp",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp",
}

// imageType returns the media type a screenshot is shown as, or "".
func imageType(file, mediaType string) string {
	if mt := imageTypes[strings.ToLower(strings.TrimSpace(mediaType))]; mt != "" {
		return mt
	}
	return imageTypes[strings.ToLower(filepath.Ext(file))]
}

// fileURL returns a screenshot's relative URL, the file beside the report,
// or a note saying why it cannot be shown.
func fileURL(dir, file, mediaType string) (template.URL, string) {
	if imageType(file, mediaType) == "" {
		return "", fmt.Sprintf("Screenshot %s is not a PNG, JPEG or WebP image.", file)
	}
	if !localName(file) {
		return "", fmt.Sprintf("Screenshot %s is missing: %q is not a file in the run directory", file, file)
	}
	if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
		return "", fmt.Sprintf("Screenshot %s is missing: %v", file, err)
	}
	if !linkable(file) {
		return "", fmt.Sprintf("Screenshot %s is not named by its sha256.", file)
	}
	// Trusted: a sha256-named file (linkable), no characters that could
	// leave the attribute or name another scheme.
	return template.URL(file), ""
}

// dataURI returns a screenshot file as a data: URI, or a note saying why it
// cannot.
func dataURI(dir, file, mediaType string) (template.URL, string) {
	mt := imageType(file, mediaType)
	if mt == "" {
		return "", fmt.Sprintf("Screenshot %s is not a PNG, JPEG or WebP image.", file)
	}
	b, err := readArtifact(dir, file)
	if err != nil {
		return "", fmt.Sprintf("Screenshot %s is missing: %v", file, err)
	}
	// Trusted: a fixed media type and base64, which has no characters that
	// could end the attribute.
	return template.URL("data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(b)), ""
}

func fmtMS(ms float64) string {
	switch {
	case ms < 0:
		return "–"
	case ms < 10:
		return fmt.Sprintf("%.1f ms", ms)
	case ms < 1000:
		return fmt.Sprintf("%.0f ms", ms)
	case ms < 60000:
		return fmt.Sprintf("%.2f s", ms/1000)
	}
	return (time.Duration(ms) * time.Millisecond).Round(time.Second).String()
}

func fmtTime(t time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return t.UTC().Format("2006-01-02 15:04:05.000 UTC")
}

func fmtClock(t time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return t.UTC().Format("15:04:05.000")
}

// mark is the symbol shown beside a decision's word, so that colour is never
// the only signal.
func mark(d Decision) string {
	switch d {
	case Verified:
		return "✓"
	case Failed:
		return "✗"
	case Blocked:
		return "!"
	}
	return "–"
}
