package service

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/vouchdev/vouch/store"
)

// The evidence of an interrupted attempt n of run id is kept under
// DataDir/attempts/<id>/<n>/, outside the run's evidence directory, which
// holds only the deciding attempt's files (those its manifest lists and
// its signature covers).

func (s *Service) attemptsDir(id string) string {
	return filepath.Join(s.cfg.DataDir, "attempts", id)
}

// keepAttempt moves what an earlier attempt of v wrote into the evidence
// directory to attemptsDir(v.ID)/<v.Attempts-1>, leaving no evidence
// directory for attempt v.Attempts to start from.
func (s *Service) keepAttempt(v *store.Verification) error {
	dir := filepath.Join(s.cfg.DataDir, "evidence", v.ID)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	n := max(v.Attempts-1, 1)
	to := filepath.Join(s.attemptsDir(v.ID), strconv.Itoa(n))
	if _, err := os.Stat(to); err == nil {
		// Kept already (an attempt that was itself interrupted before it
		// wrote anything leaves the same directory behind): keep both.
		to = fmt.Sprintf("%s.%d", to, v.Attempts)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o750); err != nil {
		return err
	}
	return os.Rename(dir, to)
}

// priorAttempts lists the attempts of v before the current one, each with
// the evidence files kept for it.
func (s *Service) priorAttempts(v *store.Verification) []Attempt {
	if v.Attempts <= 1 {
		return nil
	}
	out := make([]Attempt, v.Attempts-1)
	for i := range out {
		out[i] = Attempt{N: i + 1, Outcome: "interrupted", Files: []string{}}
	}
	ents, _ := os.ReadDir(s.attemptsDir(v.ID))
	for _, e := range ents {
		// "<n>", or "<n>.<m>" when attempt n's directory was kept twice.
		n, err := strconv.Atoi(strings.SplitN(e.Name(), ".", 2)[0])
		if err != nil || n < 1 || n > len(out) || !e.IsDir() {
			continue
		}
		out[n-1].Files = append(out[n-1].Files, s.keptFiles(v.ID, e.Name())...)
	}
	return out
}

// keptFiles lists the files kept for attempt directory name of run id, as
// EvidenceFile names them.
func (s *Service) keptFiles(id, name string) []string {
	root := filepath.Join(s.attemptsDir(id), name)
	files := []string{}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err == nil {
			files = append(files, path.Join("attempts", name, filepath.ToSlash(rel)))
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// attemptMediaType is the media type of a kept file, from its extension
// (the names are the writer's: <sha256>.<ext>[.gz]).
func attemptMediaType(name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" && !strings.HasSuffix(name, ".gz") {
		return t
	}
	return "application/octet-stream"
}
