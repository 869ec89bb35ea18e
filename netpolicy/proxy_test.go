package netpolicy

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// startProxy starts a proxy for p and returns it with its address.
func startProxy(t *testing.T, p *Policy) (*Proxy, string) {
	t.Helper()
	x := NewProxy(p)
	addr, err := x.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x, addr
}

// proxyClient sends every request through the proxy at addr and never
// follows redirects, as the browser's each hop would pass the proxy anew.
func proxyClient(addr string, tlsConf *tls.Config) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:             http.ProxyURL(&url.URL{Scheme: "http", Host: addr}),
			TLSClientConfig:   tlsConf,
			DisableKeepAlives: true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       10 * time.Second,
	}
}

// target is the app under test on 127.0.0.1.
func newTarget(t *testing.T, canaryURL string) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/get", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprintf(w, "hello %s", r.URL.Query().Get("name"))
	})
	mux.HandleFunc("/post", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %d %s", r.Method, len(b), b)
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, canaryURL+"/stolen", http.StatusFound)
	})
	mux.HandleFunc("/headers", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		var names []string
		for k := range r.Header {
			names = append(names, k)
		}
		w.Header().Set("Connection", "X-Resp-Hop")
		w.Header().Set("X-Resp-Hop", "1")
		w.Header().Set("X-Resp-End", "1")
		fmt.Fprint(w, strings.Join(names, ","))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestProxyHTTP(t *testing.T) {
	c := newCanary(t, "127.0.0.2:0")
	target, hits := newTarget(t, c.srv.URL)
	x, addr := startProxy(t, &Policy{Deny: []string{"127.0.0.2"}})
	client := proxyClient(addr, nil)

	tests := []struct {
		name, method, url, body string
		wantCode                int
		wantBody                string
		wantBlocked             Rule
	}{
		{"get", "GET", target.URL + "/get?name=vouch", "", 200, "hello vouch", ""},
		{"post body", "POST", target.URL + "/post", "a=1&b=2", 200, "POST 7 a=1&b=2", ""},
		{"redirect passed through", "GET", target.URL + "/redirect", "", 302, "", ""},
		{"canary denied", "GET", c.srv.URL + "/direct", "", 403, "deny list", RuleDenied},
		{"follow-up to canary denied", "GET", c.srv.URL + "/stolen", "", 403, "deny list", RuleDenied},
		{"metadata", "GET", "http://169.254.169.254/latest/meta-data/", "", 403, "metadata", RuleMetadata},
		{"unspecified", "GET", "http://0.0.0.0:" + strconv.Itoa(int(x.self.Port())) + "/", "", 403, "unspecified", RuleUnspecified},
		{"proxy itself", "GET", "http://" + addr + "/", "", 403, "proxy's own address", RuleProxy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.body != "" {
				body = strings.NewReader(tt.body)
			}
			req, _ := http.NewRequest(tt.method, tt.url, body)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantCode || !strings.Contains(string(b), tt.wantBody) {
				t.Errorf("%s %s = %d %q, want %d containing %q", tt.method, tt.url, resp.StatusCode, b, tt.wantCode, tt.wantBody)
			}
			if got := Rule(resp.Header.Get(BlockedHeader)); got != tt.wantBlocked {
				t.Errorf("%s = %q, want %q", BlockedHeader, got, tt.wantBlocked)
			}
			if tt.wantCode == 302 && resp.Header.Get("Location") != c.srv.URL+"/stolen" {
				t.Errorf("Location = %q, want the canary", resp.Header.Get("Location"))
			}
		})
	}
	c.check(t)
	if hits.Load() != 3 {
		t.Errorf("target hits = %d, want 3", hits.Load())
	}
	var targets []string
	for _, b := range x.Blocked() {
		targets = append(targets, b.Target)
	}
	want := []string{c.srv.URL + "/direct", c.srv.URL + "/stolen"}
	if len(targets) < 2 || targets[0] != want[0] || targets[1] != want[1] {
		t.Errorf("Blocked targets = %q, want to start with %q", targets, want)
	}
}

func TestProxyCONNECT(t *testing.T) {
	c := newCanary(t, "127.0.0.2:0")
	tlsTarget := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "secure %s", r.URL.Path)
	}))
	t.Cleanup(tlsTarget.Close)
	tlsCanary := newCanary(t, "127.0.0.2:0")
	x, addr := startProxy(t, &Policy{Deny: []string{"127.0.0.2"}})
	client := proxyClient(addr, tlsTarget.Client().Transport.(*http.Transport).TLSClientConfig)

	resp, err := client.Get(tlsTarget.URL + "/over-tls")
	if err != nil {
		t.Fatalf("https through CONNECT: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "secure /over-tls" {
		t.Errorf("https body = %q", b)
	}

	// A refused CONNECT: Go's client reports the proxy's status.
	_, err = client.Get("https://" + tlsCanary.srv.Listener.Addr().String() + "/")
	if err == nil || !strings.Contains(err.Error(), "Forbidden") {
		t.Errorf("https to canary through proxy: err = %v, want Forbidden", err)
	}
	// The same refusal, read raw: 403, the rule header and a reason.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	canaryAddr := c.srv.Listener.Addr().String()
	fmt.Fprintf(conn, "CONNECT %s HTTP/1.1\r\nHost: %s\r\n\r\n", canaryAddr, canaryAddr)
	raw, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: "CONNECT"})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(io.LimitReader(raw.Body, 1000))
	if raw.StatusCode != 403 || raw.Header.Get(BlockedHeader) != string(RuleDenied) || !strings.Contains(string(body), "127.0.0.2") {
		t.Errorf("raw CONNECT to canary = %d %q %q", raw.StatusCode, raw.Header.Get(BlockedHeader), body)
	}
	c.check(t)
	tlsCanary.check(t)
	if n := len(x.Blocked()); n != 2 {
		t.Errorf("Blocked() has %d entries, want 2", n)
	}
}

// connect opens a CONNECT tunnel through the proxy and returns the raw
// connection, positioned after the proxy's 200 answer.
func connect(t *testing.T, proxyAddr, target string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", proxyAddr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	// Send the head and the first payload bytes in one write, as browsers
	// often do with a TLS ClientHello: they must not be lost.
	fmt.Fprintf(conn, "CONNECT %s HTTP/1.1\r\nHost: %s\r\n\r\nearly ", target, target)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, &http.Request{Method: "CONNECT"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("CONNECT %s = %d", target, resp.StatusCode)
	}
	return conn, br
}

// echoServer echoes every connection's bytes until the client half-closes.
func echoServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				io.Copy(c, c)
			}()
		}
	}()
	return ln.Addr().String()
}

func TestProxyTunnelBytesAndHalfClose(t *testing.T) {
	_, addr := startProxy(t, &Policy{})
	conn, br := connect(t, addr, echoServer(t))
	fmt.Fprint(conn, "and late")
	conn.(*net.TCPConn).CloseWrite()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, err := io.ReadAll(br)
	if err != nil || string(got) != "early and late" {
		t.Errorf("echo through tunnel = %q, %v; want %q", got, err, "early and late")
	}
}

func TestProxyTunnelIdleTimeout(t *testing.T) {
	x := NewProxy(&Policy{})
	x.IdleTimeout = 200 * time.Millisecond
	addr, err := x.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	conn, br := connect(t, addr, echoServer(t))
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	got, _ := io.ReadAll(br) // "early " echoed, then EOF when the tunnel idles out
	if string(got) != "early " {
		t.Errorf("read %q", got)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("idle tunnel lived %v", d)
	}
}

func TestProxyCloseEndsTunnels(t *testing.T) {
	x, addr := startProxy(t, &Policy{})
	conn, br := connect(t, addr, echoServer(t))
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 6)
	if _, err := io.ReadFull(br, buf); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- x.Close() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Close = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not return with a tunnel open")
	}
	if _, err := br.ReadByte(); err == nil {
		t.Error("tunnel still open after Close")
	}
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Error("proxy still accepting after Close")
	}
	if err := x.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	if _, err := x.Start(); err == nil {
		t.Error("Start after Close succeeded")
	}
}

func TestProxyHopByHopHeaders(t *testing.T) {
	target, _ := newTarget(t, "http://unused")
	_, addr := startProxy(t, &Policy{})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	host := strings.TrimPrefix(target.URL, "http://")
	fmt.Fprintf(conn, "GET %s/headers HTTP/1.1\r\nHost: %s\r\n"+
		"Connection: keep-alive, X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\n"+
		"Proxy-Connection: keep-alive\r\nProxy-Authorization: Basic eDp5\r\nTE: trailers\r\n"+
		"X-End: 1\r\n\r\n", target.URL, host)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	seen := map[string]bool{}
	for _, h := range strings.Split(string(b), ",") {
		seen[h] = true
	}
	for _, h := range []string{"X-Hop", "Keep-Alive", "Proxy-Connection", "Proxy-Authorization", "Te"} {
		if seen[h] {
			t.Errorf("target received hop-by-hop header %s", h)
		}
	}
	if !seen["X-End"] {
		t.Errorf("target did not receive X-End; got %s", b)
	}
	if resp.Header.Get("X-Resp-Hop") != "" || resp.Header.Get("X-Resp-End") != "1" {
		t.Errorf("response headers = %v", resp.Header)
	}
}

func TestProxyStreams(t *testing.T) {
	gotFirst := make(chan struct{})
	sentFirst := make(chan struct{})
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/upload" {
			buf := make([]byte, 5)
			if _, err := io.ReadFull(r.Body, buf); err != nil {
				return
			}
			close(gotFirst) // the first chunk arrived before the body ended
			rest, _ := io.ReadAll(r.Body)
			fmt.Fprintf(w, "%s%s", buf, rest)
			return
		}
		fmt.Fprint(w, "first")
		w.(http.Flusher).Flush()
		select {
		case <-sentFirst:
		case <-time.After(5 * time.Second):
		}
		fmt.Fprint(w, " second")
	}))
	defer target.Close()
	_, addr := startProxy(t, &Policy{})
	client := proxyClient(addr, nil)

	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("first"))
		select {
		case <-gotFirst:
			pw.Write([]byte(" second"))
			pw.Close()
		case <-time.After(5 * time.Second):
			pw.CloseWithError(errors.New("request body was buffered, not streamed"))
		}
	}()
	resp, err := client.Post(target.URL+"/upload", "text/plain", pr)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "first second" {
		t.Errorf("upload echo = %q", b)
	}

	start := time.Now()
	resp, err = client.Get(target.URL + "/download")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "first" {
		t.Fatalf("first chunk = %q, %v", buf, err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("first chunk took %v: response buffered", d)
	}
	close(sentFirst)
	rest, _ := io.ReadAll(resp.Body)
	if string(rest) != " second" {
		t.Errorf("rest = %q", rest)
	}
}

func TestProxyBadRequests(t *testing.T) {
	_, addr := startProxy(t, &Policy{})
	tests := []struct {
		raw  string
		want int
	}{
		{"GET /origin-form HTTP/1.1\r\nHost: example.com\r\n\r\n", 400},
		{"GET ftp://127.0.0.1/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400},
		{"CONNECT 127.0.0.1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400},
		{"CONNECT 127.0.0.1:0 HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n", 403},
	}
	for _, tt := range tests {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, tt.raw)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		conn.Close()
		if err != nil {
			t.Errorf("%q: %v", tt.raw, err)
			continue
		}
		if resp.StatusCode != tt.want {
			t.Errorf("%q = %d, want %d", tt.raw, resp.StatusCode, tt.want)
		}
	}
}

func TestProxyUnreachableIsNotBlocked(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close() // nothing listens here now
	x, addr := startProxy(t, &Policy{})
	resp, err := proxyClient(addr, nil).Get("http://" + closed + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadGateway || resp.Header.Get(BlockedHeader) != "" {
		t.Errorf("refused connection = %d %q, want 502 without %s", resp.StatusCode, resp.Header.Get(BlockedHeader), BlockedHeader)
	}
	if len(x.Blocked()) != 0 {
		t.Errorf("Blocked() = %v, want empty: a down target is not a policy refusal", x.Blocked())
	}
}

func TestProxyLocalhostWithDenyLoopback(t *testing.T) {
	target, hits := newTarget(t, "http://unused")
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(target.URL, "http://"))
	x, addr := startProxy(t, &Policy{DenyLoopback: true})
	var got []Blocked
	x.OnBlock(func(b Blocked) { got = append(got, b) })
	client := proxyClient(addr, nil)
	for _, host := range []string{"localhost", "LocalHost.", "127.0.0.1", "127.1", "[::ffff:127.0.0.1]"} {
		resp, err := client.Get("http://" + net.JoinHostPort(strings.Trim(host, "[]"), port) + "/get")
		if err != nil {
			t.Fatalf("%s: %v", host, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 403 || resp.Header.Get(BlockedHeader) != string(RuleLoopback) {
			t.Errorf("%s = %d %q, want 403 loopback", host, resp.StatusCode, resp.Header.Get(BlockedHeader))
		}
	}
	if hits.Load() != 0 {
		t.Errorf("target reached %d times", hits.Load())
	}
	if len(got) != 5 {
		t.Errorf("OnBlock called %d times, want 5", len(got))
	}
}

func TestProxyBlockedIsBounded(t *testing.T) {
	x, addr := startProxy(t, &Policy{})
	var calls atomic.Int64
	x.OnBlock(func(Blocked) { calls.Add(1) })
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	const n = maxBlocked + 10
	for i := range n {
		fmt.Fprintf(conn, "GET http://169.254.169.254/%d HTTP/1.1\r\nHost: 169.254.169.254\r\n\r\n", i)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	b := x.Blocked()
	if len(b) != maxBlocked || calls.Load() != n {
		t.Fatalf("Blocked() has %d, OnBlock ran %d times; want %d and %d", len(b), calls.Load(), maxBlocked, n)
	}
	if first, last := b[0].Target, b[len(b)-1].Target; first != "http://169.254.169.254/10" || last != fmt.Sprintf("http://169.254.169.254/%d", n-1) {
		t.Errorf("Blocked() spans %s..%s, want the most recent", first, last)
	}
}

// TestDialResolvesOnce shows that the address checked is the address
// dialled: the DNS server answers 127.0.0.1 first and the denied 127.0.0.2
// afterwards, which a check-then-dial-the-name design would connect to.
func TestDialResolvesOnce(t *testing.T) {
	target, hits := newTarget(t, "http://unused")
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(target.URL, "http://"))
	c := newCanary(t, "127.0.0.2:"+port) // same port: only the address differs
	lo, canaryIP := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("127.0.0.2")
	dns := newDNSServer(t, map[string][][]netip.Addr{
		"rebind.test": {{lo}, {canaryIP}},
		"mixed.test":  {{canaryIP, lo}},
		"canary.test": {{canaryIP}},
	})
	p := &Policy{Deny: []string{"127.0.0.2"}, Resolver: dns.resolver()}

	tests := []struct {
		host string
		want Rule
	}{
		{"rebind.test", ""},
		{"rebind.test", RuleDenied}, // the next answer is the canary: refused, not dialled
		{"mixed.test", ""},          // the refused address is filtered out
		{"canary.test", RuleDenied},
	}
	for _, tt := range tests {
		client := &http.Client{Transport: p.Transport(), Timeout: 5 * time.Second}
		resp, err := client.Get("http://" + net.JoinHostPort(tt.host, port) + "/get")
		if err == nil {
			resp.Body.Close()
		}
		if got := rule(t, err); got != tt.want {
			t.Errorf("GET %s: rule %q (%v), want %q", tt.host, got, err, tt.want)
		}
	}
	c.check(t)
	if hits.Load() != 2 {
		t.Errorf("target hits = %d, want 2", hits.Load())
	}
	if dns.queries("rebind.test") != 2 {
		t.Errorf("rebind.test was queried %d times, want once per dial", dns.queries("rebind.test"))
	}
}

// TestTransportRedirect is the webhook path: a receiver that redirects to
// a refused address gets the redirect refused at dial time.
func TestTransportRedirect(t *testing.T) {
	c := newCanary(t, "127.0.0.2:0")
	target, hits := newTarget(t, c.srv.URL)
	p := &Policy{Deny: []string{"127.0.0.2"}}
	client := &http.Client{Transport: p.Transport(), Timeout: 5 * time.Second}
	if tr := p.Transport(); tr.Proxy != nil {
		t.Error("Transport honours a proxy")
	}
	t.Setenv("HTTP_PROXY", "http://127.0.0.2:1") // must be ignored
	resp, err := client.Post(target.URL+"/post", "text/plain", strings.NewReader("event"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_, err = client.Get(target.URL + "/redirect")
	var re *RefusedError
	if !errors.As(err, &re) || re.Rule != RuleDenied || re.IP != netip.MustParseAddr("127.0.0.2") {
		t.Errorf("redirect to canary: err = %v, want a deny refusal of 127.0.0.2", err)
	}
	c.check(t)
	if hits.Load() != 2 {
		t.Errorf("target hits = %d, want 2", hits.Load())
	}
}

func TestDialContextNetworks(t *testing.T) {
	p := &Policy{}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tests := []struct {
		network, addr string
		want          Rule
	}{
		{"udp", "127.0.0.1:53", RuleNetwork},
		{"unix", "/tmp/x.sock", RuleNetwork},
		{"tcp", "127.0.0.1", RuleInvalid},
		{"tcp", "127.0.0.1:http", RuleInvalid},
		{"tcp", "169.254.169.254:80", RuleMetadata},
		{"tcp6", "[fe80::1%lo]:80", RuleLinkLocal},
	}
	for _, tt := range tests {
		conn, err := p.DialContext(ctx, tt.network, tt.addr)
		if conn != nil {
			conn.Close()
		}
		if got := rule(t, err); got != tt.want {
			t.Errorf("DialContext(%s, %s) = %q (%v), want %q", tt.network, tt.addr, got, err, tt.want)
		}
	}
	// tcp6 to an IPv4-only answer has nothing to dial.
	if _, err := p.DialContext(ctx, "tcp6", "127.0.0.1:80"); err == nil || !strings.Contains(err.Error(), "no tcp6 address") {
		t.Errorf("tcp6 to 127.0.0.1: %v", err)
	}
}
