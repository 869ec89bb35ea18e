package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// DownloadEvidence writes one evidence file of a verification to w and
// returns its size and hex sha256. fileURL is a URL from the record's
// Evidence (an artifact's URL, ManifestURL or ReportURL). The key is only
// ever sent to the configured server: the file is fetched by its path
// there, whatever host fileURL names (the server's public URL may differ
// from the address this client uses). A compressed file is written
// decompressed, as its SHA256 describes it. Connection errors and 5xx are
// retried while nothing has been written to w.
func (c *Client) DownloadEvidence(ctx context.Context, fileURL string, w io.Writer) (int64, string, error) {
	p, err := evidencePath(fileURL)
	if err != nil {
		return 0, "", err
	}
	u := c.base.String() + p
	for attempt := 0; ; attempt++ {
		n, sum, retry, err := c.download(ctx, u, w)
		if err == nil {
			return n, sum, nil
		}
		if !retry || attempt >= c.cfg.MaxRetries || ctx.Err() != nil {
			return n, sum, err
		}
		if err := sleep(ctx, backoff(attempt, c.cfg.MinBackoff, c.cfg.MaxBackoff)); err != nil {
			return 0, "", err
		}
	}
}

func (c *Client) download(ctx context.Context, u string, w io.Writer) (n int64, sum string, retry bool, err error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return 0, "", false, err
	}
	c.header(req)
	req.Header.Del("Accept")
	res, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return 0, "", true, fmt.Errorf("client: GET %s: %w", u, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, maxBody))
		e := parseError(res, b)
		return 0, "", retryable(e), e
	}
	h := sha256.New()
	n, err = io.Copy(io.MultiWriter(w, h), res.Body)
	if err != nil {
		return n, "", n == 0, fmt.Errorf("client: GET %s: %w", u, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), false, nil
}

// DownloadArtifact writes an artifact to w and checks it against the
// artifact's SHA256 and Size: a mismatch is ErrChecksum (wrapped).
func (c *Client) DownloadArtifact(ctx context.Context, a Artifact, w io.Writer) error {
	n, sum, err := c.DownloadEvidence(ctx, a.URL, w)
	if err != nil {
		return err
	}
	if !strings.EqualFold(sum, a.SHA256) || (a.Size > 0 && n != a.Size) {
		return fmt.Errorf("%w: %s: got sha256 %s (%d bytes), want %s (%d bytes)", ErrChecksum, a.URL, sum, n, a.SHA256, a.Size)
	}
	return nil
}

// evidencePath returns the server path of an evidence URL: it must name
// /api/v1/verifications/{id}/evidence/{file} (or the /v1 spelling).
func evidencePath(fileURL string) (string, error) {
	u, err := url.Parse(fileURL)
	if err != nil {
		return "", fmt.Errorf("client: evidence URL %q: %w", fileURL, err)
	}
	p := u.EscapedPath()
	for _, prefix := range []string{"/api/v1/verifications/", "/v1/verifications/"} {
		if i := strings.Index(p, prefix); i >= 0 {
			rest := p[i+len(prefix):]
			if id, file, ok := strings.Cut(rest, "/evidence/"); ok && id != "" && file != "" && !strings.Contains(id, "/") {
				return "/api/v1/verifications/" + rest, nil
			}
		}
	}
	return "", fmt.Errorf("client: %q is not a vouch evidence URL", fileURL)
}
