package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/client"
)

// ServeStdio serves the tools on in and out (newline-delimited JSON-RPC,
// the MCP stdio transport) until the peer hangs up or ctx ends. Every tool
// call uses c.
func ServeStdio(ctx context.Context, c *client.Client, in io.Reader, out io.Writer, log *slog.Logger) error {
	s, err := NewServer(Config{Client: func(context.Context, *mcp.CallToolRequest) (*client.Client, error) { return c, nil }, Logger: log})
	if err != nil {
		return err
	}
	err = s.Run(ctx, drainTransport{&mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopCloser{out}}})
	if errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// drainTransport answers every request it has read before it reports the
// end of its input. The SDK ends the session, cancelling requests still in
// flight, as soon as its transport's Read fails; scripts and CI jobs
// commonly write their requests and close stdin at once
// (printf '…' | vouch mcp), and would get no answers.
type drainTransport struct{ mcp.Transport }

func (t drainTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &drainConn{Connection: c, pending: map[string]bool{}, changed: make(chan struct{}), closed: make(chan struct{})}, nil
}

// drainConn tracks the calls read and not yet answered.
type drainConn struct {
	mcp.Connection
	mu      sync.Mutex
	pending map[string]bool // by idKey
	changed chan struct{}   // closed and replaced whenever pending shrinks
	closed  chan struct{}
	once    sync.Once
}

// idKey tells apart the ids 1 and "1".
func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

func (c *drainConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if err == nil {
		if req, ok := m.(*jsonrpc.Request); ok {
			switch {
			case req.IsCall():
				c.mu.Lock()
				c.pending[idKey(req.ID)] = true
				c.mu.Unlock()
			case req.Method == "notifications/cancelled":
				// A cancelled call gets no answer: stop waiting for one.
				var p struct {
					RequestID any `json:"requestId"`
				}
				if json.Unmarshal(req.Params, &p) == nil {
					if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
						c.answered(id)
					}
				}
			}
		}
		return m, nil
	}
	if !errors.Is(err, io.EOF) {
		return nil, err
	}
	for {
		c.mu.Lock()
		n, changed := len(c.pending), c.changed
		c.mu.Unlock()
		if n == 0 {
			return nil, err
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return nil, err
		case <-c.closed:
			return nil, err
		}
	}
}

func (c *drainConn) Write(ctx context.Context, m jsonrpc.Message) error {
	err := c.Connection.Write(ctx, m)
	if r, ok := m.(*jsonrpc.Response); ok {
		c.answered(r.ID)
	}
	return err
}

func (c *drainConn) answered(id jsonrpc.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k := idKey(id); c.pending[k] {
		delete(c.pending, k)
		close(c.changed)
		c.changed = make(chan struct{})
	}
}

func (c *drainConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return c.Connection.Close()
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// ErrBadKey is what HTTPConfig.Authenticate wraps to refuse a key (401);
// any other error is the server's (503).
var ErrBadKey = errors.New("mcpserver: API key refused")

// HTTPConfig configures HTTPHandler.
type HTTPConfig struct {
	// BaseURL is the vouch server the tools call with the caller's key.
	// Required.
	BaseURL string
	// HTTPClient carries those calls. Defaults to the client package's
	// default.
	HTTPClient *http.Client
	// Authenticate checks a request's key before any MCP message is
	// handled; it returns an error wrapping ErrBadKey to refuse it.
	// Defaults to one authenticated read through the API (client.Check).
	// Scopes are the API's business: each tool call is made with the key,
	// so a read key can prepare plans and read but not start runs.
	Authenticate func(ctx context.Context, key string) error
	// SessionTimeout closes an MCP session idle this long. Defaults to
	// 30 minutes.
	SessionTimeout time.Duration
	// PollInterval and Logger: see Config.
	PollInterval time.Duration
	Logger       *slog.Logger
}

// HTTPHandler serves the tools over MCP's streamable HTTP transport, for
// mounting at /mcp. Every request must carry an API key (x-api-key or
// Authorization: Bearer); each tool call is made with the key of the
// request that carries it, so a session never lends one caller's key to
// another.
func HTTPHandler(cfg HTTPConfig) (http.Handler, error) {
	if cfg.BaseURL == "" {
		return nil, errors.New("mcpserver: HTTPConfig.BaseURL is required")
	}
	if _, err := client.New(client.Config{BaseURL: cfg.BaseURL, APIKey: "check"}); err != nil {
		return nil, err
	}
	if cfg.SessionTimeout <= 0 {
		cfg.SessionTimeout = 30 * time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	newClient := func(key string) (*client.Client, error) {
		return client.New(client.Config{BaseURL: cfg.BaseURL, APIKey: key, HTTPClient: cfg.HTTPClient, UserAgent: "vouch-mcp"})
	}
	if cfg.Authenticate == nil {
		cfg.Authenticate = func(ctx context.Context, key string) error {
			c, err := newClient(key)
			if err != nil {
				return err
			}
			err = c.Check(ctx)
			if s := client.ErrorCode(err); s == client.CodeUnauthorized || s == client.CodeInsufficientScope {
				return errors.Join(ErrBadKey, err)
			}
			return err
		}
	}
	srv, err := NewServer(Config{
		Client: func(ctx context.Context, req *mcp.CallToolRequest) (*client.Client, error) {
			var h http.Header
			if req != nil && req.Extra != nil {
				h = req.Extra.Header
			}
			key, _ := auth.KeyFromRequest(&http.Request{Header: h})
			if key == "" {
				return nil, errors.New("no API key on this request")
			}
			return newClient(key)
		},
		PollInterval: cfg.PollInterval,
		Logger:       cfg.Logger,
	})
	if err != nil {
		return nil, err
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Logger: cfg.Logger, SessionTimeout: cfg.SessionTimeout,
		// The SDK's DNS-rebinding guard refuses loopback connections whose
		// Host is not loopback: exactly what a reverse proxy in front of
		// vouch serve on 127.0.0.1 sends. The guard protects servers that
		// trust whoever can reach them; this one answers only requests that
		// carry an API key, which a rebound page does not have.
		DisableLocalhostProtection: true,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, _ := auth.KeyFromRequest(r)
		if key == "" {
			writeError(w, http.StatusUnauthorized, "unauthorized", "send an API key in the x-api-key header or as Authorization: Bearer")
			return
		}
		if err := cfg.Authenticate(r.Context(), key); err != nil {
			if errors.Is(err, ErrBadKey) {
				writeError(w, http.StatusUnauthorized, "unauthorized", "the API key is unknown, revoked or malformed")
				return
			}
			cfg.Logger.Error("mcp: authenticating a key", "err", err)
			writeError(w, http.StatusServiceUnavailable, "service_unavailable", "could not check the API key; try again")
			return
		}
		h.ServeHTTP(w, r)
	}), nil
}

// writeError answers with vouch's error envelope (no request id: the MCP
// endpoint is outside the API's middleware).
func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="vouch"`)
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": code, "message": msg, "request_id": ""}})
}
