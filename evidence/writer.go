package evidence

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/semaphore"
)

// Bounds of a Writer's background work.
const (
	// maxWorkers bounds concurrent compress-and-write jobs. The browser
	// needs the CPU more than the evidence does.
	maxWorkers = 4
	// maxBacklog bounds the bytes held by artifacts not yet written. Put
	// blocks only when the disk falls this far behind, which at ~80 KB a
	// screenshot is hundreds of steps.
	maxBacklog = 64 << 20
	// gzipLevel for DOM snapshots: see the package documentation.
	gzipLevel = gzip.DefaultCompression
	// File and directory permissions: evidence can hold personal data
	// shown by the app, so it is not world-readable.
	filePerm = 0o640
	dirPerm  = 0o750
)

// Writer stores the artifacts of one run under a directory, off the caller's
// critical path. Put masks and hashes at once and returns; compressing and
// writing happen in background goroutines. Close waits for them. A Writer is
// safe for concurrent use.
type Writer struct {
	dir     string
	mask    *masker
	workers *semaphore.Weighted
	backlog *semaphore.Weighted

	mu      sync.Mutex
	idle    *sync.Cond // signalled when pending drops to zero
	pending int        // background writes not finished
	arts    []Artifact
	stored  map[string]bool // files written or being written
	err     error           // first write error
	closed  bool
}

// NewWriter creates dir (and its parents) and returns a Writer that stores
// artifacts there. secrets are values to replace with "••••" in every text
// artifact and in Mask; empty values are ignored.
func NewWriter(dir string, secrets []string) (*Writer, error) {
	if dir == "" {
		return nil, errors.New("evidence: no directory")
	}
	if err := os.MkdirAll(dir, dirPerm); err != nil {
		return nil, fmt.Errorf("evidence: %w", err)
	}
	w := &Writer{
		dir:     dir,
		mask:    newMasker(secrets),
		workers: semaphore.NewWeighted(int64(min(maxWorkers, runtime.GOMAXPROCS(0)))),
		backlog: semaphore.NewWeighted(maxBacklog),
		stored:  map[string]bool{},
	}
	// A counter under the Writer's own lock rather than a WaitGroup, so
	// that Flush may run while other goroutines Put.
	w.idle = sync.NewCond(&w.mu)
	return w, nil
}

// Dir returns the run directory.
func (w *Writer) Dir() string { return w.dir }

// Mask returns s with every secret replaced by "••••", the same masking Put
// applies to text artifacts. Use it for strings that go into results: error
// messages, actual text, URLs.
func (w *Writer) Mask(s string) string { return w.mask.string(s) }

// Put stores data as an artifact and returns its description at once.
//
// Text kinds (and unknown kinds with a text media type) are masked first;
// then the content is hashed, which names the file "<sha256>.<ext>". DOM
// snapshots are stored gzip-compressed as "<sha256>.<ext>.gz". Compressing
// and writing happen in the background; their first error is returned by
// Close and Flush.
//
// Put takes ownership of data: the caller must not modify it afterwards.
// Content already put is written and listed once, where it was first put:
// the steps and journeys that refer to it say where else it belongs (a
// manifest listing a repeated screenshot once per step was a third of its
// bytes). The returned Artifact describes this Put all the same. Put blocks
// only when more than 64 MB wait to be written. A Put after Close writes
// synchronously.
func (w *Writer) Put(kind Kind, ext, mediaType string, data []byte, journey, step int, note string) Artifact {
	if kind.IsText() || (kind != Screenshot && isTextMedia(mediaType)) {
		data = w.mask.bytes(data)
	}
	sum := sha256.Sum256(data)
	a := Artifact{
		Kind:      kind,
		SHA256:    hex.EncodeToString(sum[:]),
		Size:      int64(len(data)),
		MediaType: mediaType,
		Journey:   journey,
		Step:      step,
		Note:      w.mask.string(note),
	}
	if kind.compressed() {
		// "html.gz" from a caller who knows the file is compressed.
		ext = strings.TrimSuffix(ext, ".gz")
	}
	a.File = a.SHA256 + "." + cleanExt(ext)
	if kind.compressed() {
		a.File += ".gz"
		a.Encoding = "gzip"
	}

	w.mu.Lock()
	dup := w.stored[a.File]
	if !dup {
		w.arts = append(w.arts, a)
	}
	w.stored[a.File] = true
	closed := w.closed
	if !dup && !closed {
		w.pending++
	}
	w.mu.Unlock()

	switch {
	case dup:
	case closed:
		w.fail(w.store(a, data))
	default:
		n := int64(min(len(data), maxBacklog))
		// Acquire cannot fail: the context is never cancelled.
		_ = w.backlog.Acquire(context.Background(), n)
		go func() {
			_ = w.workers.Acquire(context.Background(), 1)
			err := w.store(a, data)
			w.workers.Release(1)
			w.backlog.Release(n)
			w.done(err)
		}()
	}
	return a
}

// store compresses data when the artifact says so and writes it under its
// name, through a temporary file so the name never holds half a file.
func (w *Writer) store(a Artifact, data []byte) error {
	if a.Encoding == "gzip" {
		var b bytes.Buffer
		b.Grow(len(data) / 4)
		zw, err := gzip.NewWriterLevel(&b, gzipLevel)
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		data = b.Bytes()
	}
	if err := writeFileAtomic(filepath.Join(w.dir, a.File), data); err != nil {
		return fmt.Errorf("evidence: writing %s artifact: %w", a.Kind, err)
	}
	return nil
}

func (w *Writer) fail(err error) {
	if err == nil {
		return
	}
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
}

// done records the end of a background write.
func (w *Writer) done(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil && w.err == nil {
		w.err = err
	}
	w.pending--
	if w.pending == 0 {
		w.idle.Broadcast()
	}
}

// Flush waits until no write is pending and returns the first error of any
// write, like Close, but the Writer stays open.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.pending > 0 {
		w.idle.Wait()
	}
	return w.err
}

// Close waits for pending writes and returns the first error of any write.
func (w *Writer) Close() error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	return w.Flush()
}

// Artifacts returns every file put so far, once each, in the order they
// were first put.
func (w *Writer) Artifacts() []Artifact {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.arts)
}

// writeFileAtomic writes data to a temporary file in the same directory and
// renames it to name.
func writeFileAtomic(name string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(filePerm); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

// WriteManifest masks every free-text field of m (not file names and hashes,
// which a short secret could otherwise corrupt) and writes it to the run
// directory as WriteManifest does. m itself is not modified.
func (w *Writer) WriteManifest(m *Manifest) error {
	if m == nil {
		return errors.New("evidence: no manifest")
	}
	return WriteManifest(w.dir, w.MaskManifest(m))
}

// WriteReport writes report.html for m, masked as WriteManifest masks it.
func (w *Writer) WriteReport(m *Manifest) (Artifact, error) {
	if m == nil {
		return Artifact{}, errors.New("evidence: no manifest")
	}
	return WriteReport(w.dir, w.MaskManifest(m))
}

// MaskManifest returns a copy of m with every secret masked in its free
// text: names, reasons, repair prompts, step descriptions, expected and
// actual text, errors, URLs, dialogs, popups, downloads and notes. File
// names and hashes are left alone. m is not modified. Use it before handing a
// manifest to WriteJUnit or anything else outside the run directory.
func (w *Writer) MaskManifest(m *Manifest) *Manifest {
	s := w.mask.string
	all := func(xs []string) []string {
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = s(x)
		}
		if xs == nil {
			return nil
		}
		return out
	}
	c := *m
	c.PlanName = s(m.PlanName)
	c.BaseURL = s(m.BaseURL)
	c.RepairPrompt = s(m.RepairPrompt)
	c.Requirements = slices.Clone(m.Requirements)
	for i := range c.Requirements {
		c.Requirements[i].Text = s(c.Requirements[i].Text)
	}
	c.Journeys = slices.Clone(m.Journeys)
	for i := range c.Journeys {
		j := &c.Journeys[i]
		j.Name, j.Reason, j.RepairPrompt = s(j.Name), s(j.Reason), s(j.RepairPrompt)
		j.Dialogs, j.Popups, j.Downloads = all(j.Dialogs), all(j.Popups), all(j.Downloads)
		if j.Document != nil {
			d := *j.Document
			d.URL = s(d.URL)
			j.Document = &d
		}
		j.Steps = slices.Clone(j.Steps)
		for k := range j.Steps {
			st := &j.Steps[k]
			st.Description, st.Expected, st.Actual = s(st.Description), s(st.Expected), s(st.Actual)
			st.Error, st.URL = s(st.Error), s(st.URL)
		}
	}
	c.Artifacts = slices.Clone(m.Artifacts)
	for i := range c.Artifacts {
		c.Artifacts[i].Note = s(c.Artifacts[i].Note)
	}
	return &c
}
