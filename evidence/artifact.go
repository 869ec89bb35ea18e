package evidence

import "strings"

// Kind says what an artifact holds.
type Kind string

// Artifact kinds. KindManifest is named so because Manifest is the type.
const (
	Screenshot   Kind = "screenshot"
	DOM          Kind = "dom"
	HAR          Kind = "har"
	Console      Kind = "console"
	Report       Kind = "report"
	KindManifest Kind = "manifest"
)

// IsText reports whether artifacts of this kind are text, and so are masked.
func (k Kind) IsText() bool {
	switch k {
	case DOM, HAR, Console, Report, KindManifest:
		return true
	}
	return false
}

// compressed reports whether artifacts of this kind are stored gzipped: only
// DOM snapshots, see the package documentation for the measurement.
func (k Kind) compressed() bool { return k == DOM }

// Artifact is one evidence file, named by its content's sha256.
type Artifact struct {
	Kind Kind `json:"kind"`
	// File is "<sha256>.<ext>" (plus ".gz" when Encoding is "gzip"),
	// relative to the run directory. report.html is the exception.
	File string `json:"file"`
	// SHA256 and Size describe the content, before any Encoding.
	SHA256    string `json:"sha256"`
	Size      int64  `json:"size"`
	MediaType string `json:"media_type"`
	// Encoding is "gzip" when File holds the gzip-compressed content, as
	// HTTP's Content-Encoding; empty when File holds the content itself.
	Encoding string `json:"encoding,omitempty"`
	Journey  int    `json:"journey,omitempty"` // 1-based; 0 for run-level artifacts
	Step     int    `json:"step,omitempty"`    // 1-based; 0 for journey-level artifacts
	Note     string `json:"note,omitempty"`    // e.g. "after step", "at failure"
}

// isTextMedia reports whether a media type names text, for kinds this
// package does not know.
func isTextMedia(mt string) bool {
	mt = strings.ToLower(strings.TrimSpace(mt))
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = strings.TrimSpace(mt[:i])
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "json") ||
		strings.HasSuffix(mt, "xml") || mt == "application/javascript"
}

// cleanExt makes a caller's extension safe to put in a file name: lower case
// letters, digits and inner dots only, "bin" when nothing is left.
func cleanExt(ext string) string {
	ext = strings.Trim(strings.ToLower(ext), ".")
	var b strings.Builder
	for _, r := range ext {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' {
			b.WriteRune(r)
		}
	}
	out := strings.Trim(b.String(), ".")
	if out == "" || strings.Contains(out, "..") {
		return "bin"
	}
	return out
}
