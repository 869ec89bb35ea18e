package netpolicy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// maxBlocked bounds the refusals a Proxy remembers.
const maxBlocked = 128

// BlockedHeader is set on the proxy's 403 responses to the rule that
// refused the request, so a network log tells a policy refusal from an
// application's own 403.
const BlockedHeader = "X-Vouch-Blocked"

// ErrorHeader is set on the proxy's own 502/504 answers (it could not
// connect to the target) to the reason, so the browser's view of a dead
// target is not mistaken for the application answering 502.
const ErrorHeader = "X-Vouch-Proxy-Error"

// Blocked records one request the proxy refused.
type Blocked struct {
	Time   time.Time
	Target string // the URL of a plain http request, or host:port of a CONNECT
	Rule   Rule
	Reason string // the refusal's full message
}

// Proxy is a forward HTTP proxy for the browser: plain http requests
// (absolute-form) and CONNECT tunnels (https and ws/wss), every dial going
// through the policy's checks. It never follows redirects: the browser
// follows them itself, and each hop passes the proxy again. Point a browser
// context at it with ProxyServer "http://"+addr and ProxyBypassList
// "<-loopback>" (Chromium otherwise sends loopback traffic direct).
//
// A refused target gets 403 with a short text body naming the reason and
// the BlockedHeader; Chromium shows ERR_TUNNEL_CONNECTION_FAILED for a
// refused CONNECT. WebSockets work through CONNECT, which is how Chromium
// sends them to a proxy; an Upgrade in a plain http request is not
// forwarded.
type Proxy struct {
	// DialTimeout bounds connecting to a target. Defaults to 10s.
	DialTimeout time.Duration
	// ResponseHeaderTimeout bounds waiting for a target's response
	// headers. Defaults to 60s.
	ResponseHeaderTimeout time.Duration
	// IdleTimeout closes a tunnel or a streamed body after this long with
	// no bytes in either direction, and idle browser connections. Defaults
	// to 2m.
	IdleTimeout time.Duration
	// Listen is the host:port Start listens on. Defaults to 127.0.0.1:0;
	// a browser on another machine needs an address it can reach.
	Listen string

	policy *Policy
	tr     *http.Transport

	mu      sync.Mutex
	srv     *http.Server
	self    netip.AddrPort
	closed  bool
	conns   map[net.Conn]struct{} // hijacked tunnel ends, closed by Close
	wg      sync.WaitGroup        // serve loop, handlers and tunnels
	blocked []Blocked
	onBlock func(Blocked)
}

// NewProxy returns a proxy enforcing p (nil means the zero Policy). Set
// its timeout fields, if at all, before Start.
func NewProxy(p *Policy) *Proxy {
	if p == nil {
		p = &Policy{}
	}
	return &Proxy{policy: p, conns: map[net.Conn]struct{}{}}
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// Start listens on x.Listen (default 127.0.0.1:0) and serves until Close.
// It returns the listening address, host:port.
func (x *Proxy) Start() (string, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed || x.srv != nil {
		return "", errors.New("netpolicy: proxy already started or closed")
	}
	addr := x.Listen
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	x.self = netip.MustParseAddrPort(ln.Addr().String())
	idle := orDefault(x.IdleTimeout, 2*time.Minute)
	x.tr = &http.Transport{
		Proxy:                 nil,
		DialContext:           x.dial,
		DisableCompression:    true, // pass the browser's Accept-Encoding and bodies through untouched
		ResponseHeaderTimeout: orDefault(x.ResponseHeaderTimeout, 60*time.Second),
		ExpectContinueTimeout: time.Second,
		IdleConnTimeout:       idle,
		MaxIdleConns:          64,
		MaxIdleConnsPerHost:   8,
	}
	x.srv = &http.Server{
		Handler:           http.HandlerFunc(x.serve),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       idle,
	}
	x.wg.Add(1)
	go func() {
		defer x.wg.Done()
		_ = x.srv.Serve(ln) // returns http.ErrServerClosed after Close
	}()
	return ln.Addr().String(), nil
}

// Close stops the proxy: it closes the listener, every browser connection
// and tunnel, and waits for its goroutines to finish.
func (x *Proxy) Close() error {
	x.mu.Lock()
	if x.closed {
		x.mu.Unlock()
		return nil
	}
	x.closed = true
	srv := x.srv
	conns := x.conns
	x.conns = nil
	x.mu.Unlock()
	var err error
	if srv != nil {
		err = srv.Close()
		x.tr.CloseIdleConnections()
	}
	for c := range conns {
		c.Close()
	}
	x.wg.Wait()
	return err
}

// Blocked returns the most recent refusals, oldest first.
func (x *Proxy) Blocked() []Blocked {
	x.mu.Lock()
	defer x.mu.Unlock()
	return append([]Blocked(nil), x.blocked...)
}

// OnBlock sets a function called with each refusal, on the request's
// goroutine: keep it quick.
func (x *Proxy) OnBlock(fn func(Blocked)) {
	x.mu.Lock()
	x.onBlock = fn
	x.mu.Unlock()
}

// enter registers a goroutine with Close's wait, unless closing.
func (x *Proxy) enter() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed {
		return false
	}
	x.wg.Add(1)
	return true
}

// track registers tunnel ends for Close; it refuses (and the caller
// closes them) once Close has begun.
func (x *Proxy) track(cs ...net.Conn) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed {
		return false
	}
	for _, c := range cs {
		x.conns[c] = struct{}{}
	}
	return true
}

func (x *Proxy) untrack(cs ...net.Conn) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, c := range cs {
		delete(x.conns, c)
	}
}

func (x *Proxy) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, orDefault(x.DialTimeout, dialTimeout))
	defer cancel()
	return x.policy.dial(ctx, network, addr, func(ap netip.AddrPort) error {
		if ap == x.self {
			return &RefusedError{Host: addr, IP: ap.Addr(), Rule: RuleProxy, Reason: "the proxy's own address"}
		}
		return nil
	})
}

func (x *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	if !x.enter() {
		http.Error(w, "vouch proxy: closing", http.StatusServiceUnavailable)
		return
	}
	defer x.wg.Done()
	if r.Method == http.MethodConnect {
		x.tunnel(w, r)
		return
	}
	x.forward(w, r)
}

// fail answers a request whose target could not be reached.
func (x *Proxy) fail(w http.ResponseWriter, target string, err error) {
	if re, ok := IsRefused(err); ok {
		b := Blocked{Time: time.Now(), Target: target, Rule: re.Rule, Reason: re.Error()}
		x.mu.Lock()
		if len(x.blocked) == maxBlocked {
			x.blocked = append(x.blocked[:0], x.blocked[1:]...)
		}
		x.blocked = append(x.blocked, b)
		fn := x.onBlock
		x.mu.Unlock()
		if fn != nil {
			fn(b)
		}
		w.Header().Set(BlockedHeader, string(re.Rule))
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "vouch blocked this request: "+re.Error(), http.StatusForbidden)
		return
	}
	code := http.StatusBadGateway
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		code = http.StatusGatewayTimeout
	}
	w.Header().Set(ErrorHeader, headerSafe(err.Error()))
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "vouch proxy: "+err.Error(), code)
}

// headerSafe makes s fit in one header value: printable ASCII, bounded.
func headerSafe(s string) string {
	b := make([]byte, 0, min(len(s), 300))
	for i := 0; i < len(s) && len(b) < 300; i++ {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			b = append(b, c)
		}
	}
	return string(b)
}

// tunnel serves CONNECT: dial the checked target, answer 200, then copy
// bytes both ways until either side closes or the tunnel idles out.
func (x *Proxy) tunnel(w http.ResponseWriter, r *http.Request) {
	target := r.Host
	if _, _, err := net.SplitHostPort(target); err != nil {
		http.Error(w, "vouch proxy: CONNECT needs host:port", http.StatusBadRequest)
		return
	}
	up, err := x.dial(r.Context(), "tcp", target)
	if err != nil {
		x.fail(w, target, err)
		return
	}
	down, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		up.Close()
		http.Error(w, "vouch proxy: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if !x.track(up, down) {
		up.Close()
		down.Close()
		return
	}
	defer func() {
		x.untrack(up, down)
		up.Close()
		down.Close()
	}()
	idle := orDefault(x.IdleTimeout, 2*time.Minute)
	extend := func() {
		dl := time.Now().Add(idle)
		up.SetDeadline(dl)
		down.SetDeadline(dl)
	}
	extend()
	if _, err := io.WriteString(down, "HTTP/1.1 200 Connection Established\r\n\r\n"); err != nil {
		return
	}
	done := make(chan struct{})
	go func() {
		// Bytes the browser sent after the CONNECT head (a TLS ClientHello)
		// may already sit in the server's read buffer.
		pipe(up, brw.Reader, extend)
		close(done)
	}()
	pipe(down, up, extend)
	<-done
}

// pipe copies src to dst, extending both ends' deadlines on traffic, then
// half-closes dst so the other direction can finish.
func pipe(dst net.Conn, src io.Reader, extend func()) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			extend()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	if cw, ok := dst.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	} else {
		dst.Close()
	}
}

// hopHeaders apply to one connection, not the request (RFC 9110 §7.6.1).
var hopHeaders = []string{
	"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate",
	"Proxy-Authorization", "TE", "Trailer", "Transfer-Encoding", "Upgrade",
}

func removeHopHeaders(h http.Header) {
	for _, v := range h.Values("Connection") {
		for name := range strings.SplitSeq(v, ",") {
			if name = strings.TrimSpace(name); name != "" {
				h.Del(name)
			}
		}
	}
	for _, name := range hopHeaders {
		h.Del(name)
	}
}

// forward serves an absolute-form http request: one round trip to the
// checked target, response streamed back as it arrives.
func (x *Proxy) forward(w http.ResponseWriter, r *http.Request) {
	if !r.URL.IsAbs() || r.URL.Host == "" {
		http.Error(w, "vouch proxy: this is a forward proxy; send absolute-form http URLs or CONNECT", http.StatusBadRequest)
		return
	}
	if r.URL.Scheme != "http" {
		http.Error(w, fmt.Sprintf("vouch proxy: scheme %q is not proxied; https goes through CONNECT", r.URL.Scheme), http.StatusBadRequest)
		return
	}
	idle := orDefault(x.IdleTimeout, 2*time.Minute)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	watchdog := time.AfterFunc(idle, cancel) // reset on progress; fires only when stalled
	defer watchdog.Stop()

	out := r.Clone(ctx)
	out.RequestURI = ""
	out.Close = false
	removeHopHeaders(out.Header)
	if r.ContentLength == 0 {
		out.Body = nil
	} else {
		out.Body = touchReader{r.Body, func() { watchdog.Reset(idle) }}
	}
	resp, err := x.tr.RoundTrip(out)
	if err != nil {
		x.fail(w, r.URL.String(), err)
		return
	}
	defer resp.Body.Close()
	watchdog.Reset(idle)
	removeHopHeaders(resp.Header)
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(resp.StatusCode)
	rc := http.NewResponseController(w)
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			watchdog.Reset(idle)
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			_ = rc.Flush() // stream (server-sent events, progressive pages)
		}
		if err != nil {
			return
		}
	}
}

// touchReader calls touch whenever bytes arrive, feeding the idle watchdog
// while a request body uploads.
type touchReader struct {
	io.ReadCloser
	touch func()
}

func (t touchReader) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	if n > 0 {
		t.touch()
	}
	return n, err
}
