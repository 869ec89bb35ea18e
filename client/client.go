package client

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/vouchdev/vouch/version"
)

// Version is vouch's version (package version), sent in the User-Agent
// header.
var Version = version.String()

// Config configures a Client.
type Config struct {
	// BaseURL is the vouch server, e.g. "https://vouch.example.com" (a
	// trailing /api/v1 or /v1 is accepted). Required.
	BaseURL string
	// APIKey is sent in the x-api-key header. Required.
	APIKey string
	// HTTPClient sends the requests. Defaults to a client with
	// http.DefaultTransport and no overall timeout (RequestTimeout bounds
	// each attempt).
	HTTPClient *http.Client
	// RequestTimeout bounds one attempt of one call (not evidence
	// downloads); an attempt that times out is retried. Defaults to 60 s.
	RequestTimeout time.Duration
	// MaxRetries is how many times a call is retried after its first
	// attempt. Defaults to 4; a negative value disables retries.
	MaxRetries int
	// MinBackoff is the first retry's delay; each retry doubles it, up to
	// MaxBackoff, with jitter (a random half of the delay is taken off).
	// Defaults to 250 ms.
	MinBackoff time.Duration
	// MaxBackoff caps a retry's delay (a server's Retry-After may ask for
	// longer, and is honoured up to 5 minutes). Defaults to 10 s.
	MaxBackoff time.Duration
	// PollInterval is how often WaitForApproval and WaitForResult ask.
	// Defaults to 2 s.
	PollInterval time.Duration
	// UserAgent is prepended to the User-Agent header. Defaults to none.
	UserAgent string
}

// maxRetryAfter caps how long a server's Retry-After is honoured.
const maxRetryAfter = 5 * time.Minute

// maxBody bounds an API answer read into memory (evidence is streamed).
const maxBody = 32 << 20

// Client calls a vouch server. Its methods are safe for concurrent use.
type Client struct {
	cfg  Config
	base *url.URL // the server root, without /api/v1
	ua   string
}

// New checks cfg and fills its defaults.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		return nil, errors.New("client: Config.BaseURL is required")
	}
	if cfg.APIKey == "" {
		return nil, errors.New("client: Config.APIKey is required")
	}
	u, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("client: BaseURL %q is not an http(s) URL", cfg.BaseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("client: BaseURL %q has a query or fragment", cfg.BaseURL)
	}
	for _, suffix := range []string{"/api/v1", "/v1"} {
		u.Path = strings.TrimSuffix(u.Path, suffix)
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 60 * time.Second
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	} else if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 10 * time.Second
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = cfg.MinBackoff
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 2 * time.Second
	}
	ua := "vouch-go/" + Version
	if cfg.UserAgent != "" {
		ua = cfg.UserAgent + " " + ua
	}
	return &Client{cfg: cfg, base: u, ua: ua}, nil
}

// BaseURL returns the server's root URL, without /api/v1.
func (c *Client) BaseURL() string { return c.base.String() }

// call describes one API call.
type call struct {
	method string
	path   string // after /api/v1, already escaped
	body   any    // JSON-encoded when not nil
	// idemKey is sent as Idempotency-Key; a POST is retried only with one.
	idemKey string
	// ok lists the statuses that mean success.
	ok []int
}

// do sends a call, retrying as the package documentation says, and
// decodes a successful answer into out (when not nil).
func (c *Client) do(ctx context.Context, cl call, out any) error {
	var payload []byte
	if cl.body != nil {
		b, err := json.Marshal(cl.body)
		if err != nil {
			return fmt.Errorf("client: encoding the request: %w", err)
		}
		payload = b
	}
	// Only requests that cannot do something twice are retried.
	safe := cl.method == http.MethodGet || cl.idemKey != ""
	u := c.base.String() + "/api/v1" + cl.path
	for attempt := 0; ; attempt++ {
		status, hdr, body, err := c.attempt(ctx, cl, u, payload)
		if err == nil && isOK(status, cl.ok) {
			if out == nil || len(body) == 0 {
				return nil
			}
			if err := json.Unmarshal(body, out); err != nil {
				return fmt.Errorf("client: %s %s: decoding the answer: %w", cl.method, cl.path, err)
			}
			return nil
		}
		var apiErr *Error
		if err == nil {
			apiErr = parseError(&http.Response{StatusCode: status, Header: hdr}, body)
			err = apiErr
		}
		if ctx.Err() != nil {
			return fmt.Errorf("client: %s %s: %w", cl.method, cl.path, ctx.Err())
		}
		if !safe || attempt >= c.cfg.MaxRetries || !retryable(apiErr) {
			if apiErr == nil {
				return fmt.Errorf("client: %s %s: %w", cl.method, cl.path, err)
			}
			return apiErr
		}
		wait := backoff(attempt, c.cfg.MinBackoff, c.cfg.MaxBackoff)
		if apiErr != nil {
			if ra := retryAfter(hdr); ra > wait {
				wait = ra
			}
		}
		if err := sleep(ctx, wait); err != nil {
			return fmt.Errorf("client: %s %s: %w", cl.method, cl.path, err)
		}
	}
}

// attempt sends one request. A transport error or an answer cut short is
// returned as err; any complete answer as its status, header and body.
func (c *Client) attempt(ctx context.Context, cl call, u string, payload []byte) (int, http.Header, []byte, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.RequestTimeout)
	defer cancel()
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(actx, cl.method, u, body)
	if err != nil {
		return 0, nil, nil, err
	}
	c.header(req)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if cl.idemKey != "" {
		req.Header.Set("Idempotency-Key", cl.idemKey)
	}
	res, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return 0, nil, nil, fmt.Errorf("reading the answer: %w", err)
	}
	return res.StatusCode, res.Header, b, nil
}

func (c *Client) header(req *http.Request) {
	req.Header.Set("x-api-key", c.cfg.APIKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.ua)
}

func isOK(status int, ok []int) bool {
	if len(ok) == 0 {
		return status >= 200 && status < 300
	}
	for _, s := range ok {
		if s == status {
			return true
		}
	}
	return false
}

// retryable reports whether a failed attempt may be retried: a connection
// error (apiErr nil), a 5xx, a 429 rate_limited (not recheck_limit_reached,
// also a 429, which no wait changes) or the server saying the same
// idempotent request is still in flight. Other 4xx answers would only be
// repeated.
func retryable(apiErr *Error) bool {
	switch {
	case apiErr == nil:
		return true
	case apiErr.Status >= 500:
		return true
	case apiErr.Status == http.StatusTooManyRequests:
		return apiErr.Code == CodeRateLimited || strings.HasPrefix(apiErr.Code, "http_")
	case apiErr.Code == CodeIdempotencyInProgress:
		return true
	}
	return false
}

// backoff is the delay before retry number attempt+1: min doubled per
// attempt, capped at max, less a random part of up to half ("equal
// jitter", so that clients that failed together do not retry together).
func backoff(attempt int, minD, maxD time.Duration) time.Duration {
	d := minD
	for range attempt {
		d *= 2
		if d >= maxD {
			d = maxD
			break
		}
	}
	half := d / 2
	return half + rand.N(half+1)
}

// retryAfter reads a Retry-After header (seconds or an HTTP date).
func retryAfter(h http.Header) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	var d time.Duration
	if secs, err := strconv.Atoi(v); err == nil {
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = time.Until(t)
	}
	return min(max(d, 0), maxRetryAfter)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// newIdempotencyKey returns a random key (128 bits) for one call.
func newIdempotencyKey() string {
	return "vouch-go-" + strings.ToLower(crand.Text())
}
