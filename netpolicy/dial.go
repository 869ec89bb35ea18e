package netpolicy

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
	"time"
)

// dialTimeout bounds one connection attempt; the caller's context bounds
// the whole dial.
const dialTimeout = 10 * time.Second

// Resolve checks host by name, resolves it and checks every address. It
// returns the permitted addresses, filtering out refused ones: a name with
// one good and one refused address still works, and only ever through the
// good one. When none remain, the error is the first refusal. A resolver
// failure is returned wrapped, not as a *RefusedError.
func (p *Policy) Resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	r, err := p.compile()
	if err != nil {
		return nil, err
	}
	return r.resolve(ctx, host)
}

func (r *rules) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if host == "" {
		return nil, &RefusedError{Rule: RuleNoHost, Reason: "empty host"}
	}
	ip, byName, err := r.checkHost(host)
	if err != nil {
		return nil, err
	}
	if ip.IsValid() {
		if err := r.checkIP(host, ip, false); err != nil {
			return nil, err
		}
		return []netip.Addr{ip.WithZone("").Unmap()}, nil
	}
	found, err := r.resolver.LookupNetIP(ctx, "ip", normaliseName(host))
	if err != nil {
		return nil, fmt.Errorf("netpolicy: resolve %s: %w", host, err)
	}
	var ok []netip.Addr
	var first error
	for _, a := range found {
		a = a.WithZone("").Unmap()
		if err := r.checkIP(host, a, byName); err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		ok = append(ok, a)
	}
	if len(ok) == 0 {
		if first == nil {
			first = fmt.Errorf("netpolicy: resolve %s: no addresses", host)
		}
		return nil, first
	}
	return ok, nil
}

// DialContext resolves and checks addr's host, then dials the checked
// addresses in turn, never the name, so DNS rebinding cannot slip a
// refused address in between check and connect. Only tcp, tcp4 and tcp6
// are dialled.
func (p *Policy) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return p.dial(ctx, network, addr, nil)
}

// dial is DialContext with an extra check on each address, which the proxy
// uses to refuse its own listening address.
func (p *Policy) dial(ctx context.Context, network, addr string, extra func(netip.AddrPort) error) (net.Conn, error) {
	var want func(netip.Addr) bool
	switch network {
	case "tcp":
		want = func(netip.Addr) bool { return true }
	case "tcp4":
		want = netip.Addr.Is4
	case "tcp6":
		want = netip.Addr.Is6
	default:
		return nil, &RefusedError{Host: addr, Rule: RuleNetwork, Reason: fmt.Sprintf("network %q is not tcp", network)}
	}
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, &RefusedError{Host: addr, Rule: RuleInvalid, Reason: err.Error()}
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil || port == 0 {
		return nil, &RefusedError{Host: host, Rule: RuleInvalid, Reason: fmt.Sprintf("port %q is not 1-65535", portStr)}
	}
	r, err := p.compile()
	if err != nil {
		return nil, err
	}
	addrs, err := r.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	_, byName, _ := r.checkHost(host)
	var first error
	for _, a := range addrs {
		if !want(a) {
			continue
		}
		ap := netip.AddrPortFrom(a, uint16(port))
		if extra != nil {
			if err := extra(ap); err != nil {
				return nil, err
			}
		}
		d := net.Dialer{
			Timeout: dialTimeout,
			// Checked again on the address actually connected to: cheap,
			// and it holds even if a future change dials a name.
			Control: func(_, address string, _ syscall.RawConn) error {
				got, err := netip.ParseAddrPort(address)
				if err != nil {
					return err
				}
				return r.checkIP(host, got.Addr(), byName)
			},
		}
		conn, err := d.DialContext(ctx, network, ap.String())
		if err == nil {
			return conn, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	if first == nil {
		first = fmt.Errorf("netpolicy: %s has no %s address", host, network)
	}
	return nil, first
}

// Transport returns an HTTP transport for vouch's own outbound requests
// (webhook deliveries): every connection, including each redirect a client
// follows, goes through DialContext; proxy environment variables are
// ignored, since a proxy would dial targets the policy never saw.
func (p *Policy) Transport() *http.Transport {
	return &http.Transport{
		Proxy:                 nil,
		DialContext:           p.DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
		ExpectContinueTimeout: time.Second,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConns:          32,
		MaxIdleConnsPerHost:   4,
	}
}

// IsRefused reports whether err, or an error it wraps, is a policy
// refusal, and returns it.
func IsRefused(err error) (*RefusedError, bool) {
	var re *RefusedError
	ok := errors.As(err, &re)
	return re, ok
}
