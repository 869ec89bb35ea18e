package netpolicy

import (
	"context"
	"encoding/binary"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// canary is a server whose every connection and request must not happen.
type canary struct {
	srv   *httptest.Server
	conns atomic.Int64
	hits  atomic.Int64
}

// newCanary serves on addr (host:port, normally 127.0.0.2:0). It skips the
// test when the address cannot be bound.
func newCanary(t *testing.T, addr string) *canary {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	c := &canary{}
	c.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.hits.Add(1)
		w.Write([]byte("canary reached"))
	}))
	c.srv.Listener.Close()
	c.srv.Listener = ln
	c.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			c.conns.Add(1)
		}
	}
	c.srv.Start()
	t.Cleanup(c.srv.Close)
	return c
}

// check fails the test if the canary saw anything.
func (c *canary) check(t *testing.T) {
	t.Helper()
	if n, h := c.conns.Load(), c.hits.Load(); n != 0 || h != 0 {
		t.Errorf("canary saw %d connections and %d requests, want none", n, h)
	}
}

// dnsServer is a small authoritative DNS server on 127.0.0.1 (UDP) that
// answers A queries from a script: each name's answers are used in turn,
// the last one repeating, so tests can rebind a name between queries.
type dnsServer struct {
	conn net.PacketConn
	mu   sync.Mutex
	a    map[string][][]netip.Addr
	n    map[string]int
}

func newDNSServer(t *testing.T, answers map[string][][]netip.Addr) *dnsServer {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &dnsServer{conn: pc, a: answers, n: map[string]int{}}
	go s.serve()
	t.Cleanup(func() { pc.Close() })
	return s
}

// resolver returns a Go resolver that asks only this server.
func (s *dnsServer) resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", s.conn.LocalAddr().String())
	}}
}

// queries returns how many A queries name received.
func (s *dnsServer) queries(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n[name]
}

func (s *dnsServer) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		if resp := s.answer(buf[:n]); resp != nil {
			s.conn.WriteTo(resp, from)
		}
	}
}

// answer builds the response to one query (RFC 1035 §4.1).
func (s *dnsServer) answer(q []byte) []byte {
	if len(q) < 12 {
		return nil
	}
	i := 12
	var labels []string
	for i < len(q) && q[i] != 0 {
		l := int(q[i])
		if i+1+l > len(q) {
			return nil
		}
		labels = append(labels, string(q[i+1:i+1+l]))
		i += 1 + l
	}
	if i+5 > len(q) {
		return nil
	}
	qtype := binary.BigEndian.Uint16(q[i+1:])
	question := q[12 : i+5]
	name := strings.ToLower(strings.Join(labels, "."))

	s.mu.Lock()
	script, known := s.a[name]
	var addrs []netip.Addr
	if known && qtype == 1 {
		k := min(s.n[name], len(script)-1)
		addrs = script[k]
		s.n[name]++
	}
	s.mu.Unlock()

	resp := make([]byte, 12, 512)
	copy(resp, q[:2])                         // ID
	flags := uint16(0x8400 | 0x0100 | 0x0080) // response, authoritative, RD, RA
	if !known {
		flags |= 3 // NXDOMAIN
	}
	binary.BigEndian.PutUint16(resp[2:], flags)
	binary.BigEndian.PutUint16(resp[4:], 1)
	binary.BigEndian.PutUint16(resp[6:], uint16(len(addrs)))
	resp = append(resp, question...)
	for _, a := range addrs {
		b := a.As4()
		resp = append(resp, 0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4)
		resp = append(resp, b[:]...)
	}
	return resp
}
