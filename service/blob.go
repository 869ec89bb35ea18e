package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// With Config.Evidence set, a run's evidence goes to that bucket when the
// run completes, under "<verification id>/<file>" (the files are named by
// their sha256, so names are the same everywhere), and an earlier
// attempt's under "attempts/<verification id>/<n>/<file>". A process that
// reads evidence it does not hold (a server on another machine than the
// worker) fetches the run's files from the bucket into its own
// DATA/evidence once, and serves, zips and verifies them from there.

// publishEvidence uploads the local directory dir to the bucket under
// prefix; a no-op without a bucket.
func (s *Service) publishEvidence(ctx context.Context, dir, prefix string) error {
	b := s.cfg.EvidenceBucket
	if b == nil {
		return nil
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		w, err := b.NewWriter(ctx, path.Join(prefix, filepath.ToSlash(rel)), nil)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, f); err != nil {
			w.Close()
			return err
		}
		return w.Close()
	})
}

// fetchEvidence makes sure the local directory dir holds the bucket's
// files under prefix: when dir is missing it is filled from the bucket
// (through a temporary directory, so that a reader never sees half of
// it). A no-op without a bucket or when dir exists.
func (s *Service) fetchEvidence(ctx context.Context, dir, prefix string) error {
	b := s.cfg.EvidenceBucket
	if b == nil {
		return nil
	}
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o750); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".fetch-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	it := b.List(&blob.ListOptions{Prefix: prefix + "/"})
	n := 0
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("listing %s: %w", prefix, err)
		}
		if obj.IsDir {
			continue
		}
		rel := strings.TrimPrefix(obj.Key, prefix+"/")
		local := filepath.Join(tmp, filepath.FromSlash(rel))
		if !filepath.IsLocal(filepath.FromSlash(rel)) {
			return fmt.Errorf("bucket key %q leaves the evidence directory", obj.Key)
		}
		if err := os.MkdirAll(filepath.Dir(local), 0o750); err != nil {
			return err
		}
		if err := s.download(ctx, obj.Key, local); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return nil
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(dir); serr == nil {
			return nil // fetched by a concurrent reader
		}
		return err
	}
	return nil
}

func (s *Service) download(ctx context.Context, key, local string) error {
	r, err := s.cfg.EvidenceBucket.NewReader(ctx, key, nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return fmt.Errorf("%s: %w", key, fs.ErrNotExist)
		}
		return err
	}
	defer r.Close()
	f, err := os.Create(local)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
