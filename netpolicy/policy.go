// Package netpolicy decides which network targets vouch may reach, and
// enforces that decision where connections are made: when a deployment URL
// is submitted (CheckURL), when the browser opens any connection (Proxy,
// which every browser context uses), and when a webhook is delivered
// (Transport).
//
// # Rules
//
// A target is checked by name when only its name is known, and by address at
// dial time, after DNS resolution, for every connection: the first URL,
// redirects, subresources, fetch/XHR, WebSockets, iframes and popups alike.
// The dial goes to the address that was checked, never to the name again, so
// a DNS answer that changes between check and connect (DNS rebinding) cannot
// reach a refused address.
//
//   - Only http and https URLs, with a host and without user:password@, are
//     accepted. Numeric hosts that browsers read as IPv4 ("0x7f.1",
//     "2852039166") are read the same way here and checked as addresses.
//   - Always refused, whatever the lists say: unspecified and "this network"
//     addresses (0.0.0.0/8, ::), link-local (169.254.0.0/16, fe80::/10),
//     cloud metadata endpoints (see below), multicast, broadcast and the
//     reserved 240.0.0.0/4, and IPv4-compatible IPv6 (::a.b.c.d). IPv4-mapped
//     IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it maps to, and a
//     NAT64 address (64:ff9b::/96) as the IPv4 address it embeds as well.
//   - Cloud metadata: 169.254.169.254 (AWS, GCP, Azure, OpenStack, Oracle,
//     DigitalOcean), 169.254.170.2 (AWS ECS task credentials),
//     169.254.170.23 and fd00:ec2::23 (EKS Pod Identity), fd00:ec2::254 (AWS
//     IMDS over IPv6), 100.100.100.200 (Alibaba Cloud) and 168.63.129.16
//     (Azure WireServer: a public address, but one only Azure's own agent
//     has a reason to reach). The names metadata.google.internal,
//     metadata.goog and instance-data.ec2.internal are refused by name.
//   - Deny entries (hosts or CIDRs) are refused.
//   - DenyLoopback refuses 127.0.0.0/8, ::1, "localhost" and "*.localhost".
//     DenyPrivate refuses 10/8, 172.16/12, 192.168/16, the CGNAT range
//     100.64/10 and fc00::/7. Both default to off: self-hosted teams test
//     local and private staging deployments.
//   - Allow, when non-empty, admits only targets whose name matches a host
//     entry or whose address lies in a CIDR entry. The allow list only
//     narrows: nothing in it overrides a refusal above.
//
// Host entries are ASCII names (write internationalised names in punycode),
// matched case-insensitively and without a trailing dot. "*.example.com"
// matches every name below example.com at any depth, but not example.com
// itself. IP literals are entries for that single address.
//
// Errors that refuse a target are *RefusedError, whose Rule says which rule
// refused it and whose message says how to allow it where that is possible.
package netpolicy

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Policy says which targets may be reached. The zero value refuses only the
// always-refused addresses. A Policy is safe for concurrent use; do not
// change its fields while it is in use.
type Policy struct {
	// Allow, if non-empty, restricts targets to these hosts
	// ("staging.example.com", "*.example.com") or CIDRs ("10.0.0.0/8").
	// Defaults to any host the other rules permit.
	Allow []string
	// Deny lists extra hosts or CIDRs to refuse (tests deny 127.0.0.2).
	Deny []string
	// DenyPrivate refuses RFC 1918/4193 private and CGNAT ranges as well.
	// Defaults to false: self-hosted teams test staging on private networks.
	DenyPrivate bool
	// DenyLoopback refuses loopback. Defaults to false (local development
	// targets).
	DenyLoopback bool
	// Resolver looks up host names. Defaults to net.DefaultResolver.
	Resolver *net.Resolver
}

// Rule names the rule that refused a target, so callers can map a refusal
// to a decision or a status code without parsing messages.
type Rule string

// The rules a RefusedError can carry.
const (
	RuleInvalid     Rule = "invalid"     // unparseable URL, host or policy entry
	RuleScheme      Rule = "scheme"      // not http or https
	RuleUserinfo    Rule = "userinfo"    // user:password@ in the URL
	RuleNoHost      Rule = "no-host"     // empty host
	RuleUnspecified Rule = "unspecified" // 0.0.0.0/8, ::
	RuleMetadata    Rule = "metadata"    // cloud metadata endpoints
	RuleLinkLocal   Rule = "link-local"  // 169.254.0.0/16, fe80::/10
	RuleMulticast   Rule = "multicast"   // 224.0.0.0/4, ff00::/8
	RuleBroadcast   Rule = "broadcast"   // 255.255.255.255
	RuleReserved    Rule = "reserved"    // 240.0.0.0/4, IPv4-compatible IPv6
	RuleLoopback    Rule = "loopback"    // DenyLoopback
	RulePrivate     Rule = "private"     // DenyPrivate
	RuleDenied      Rule = "denied"      // a Deny entry
	RuleNotAllowed  Rule = "not-allowed" // outside a non-empty Allow list
	RuleNetwork     Rule = "network"     // not a TCP dial
	RuleProxy       Rule = "proxy"       // the proxy's own listening address
)

// RefusedError reports a target the policy refuses.
type RefusedError struct {
	Host   string     // the host name or literal as given; may be empty
	IP     netip.Addr // the refused address; invalid when refused by name
	Rule   Rule       // which rule refused it
	Reason string     // why, in a few words
}

func (e *RefusedError) Error() string {
	target := e.Host
	switch {
	case e.IP.IsValid() && e.Host != "" && e.Host != e.IP.String():
		target = fmt.Sprintf("%s (%s)", e.Host, e.IP)
	case e.IP.IsValid():
		target = e.IP.String()
	}
	msg := "netpolicy: refused: " + e.Reason
	if target != "" {
		msg = fmt.Sprintf("netpolicy: refused %s: %s", target, e.Reason)
	}
	switch e.Rule {
	case RuleNotAllowed:
		msg += "; add it to --allow-targets to allow it"
	case RuleDenied:
		msg += "; remove it from the deny list to allow it"
	case RuleLoopback, RulePrivate:
		msg += "; this server's target policy refuses them"
	case RuleUnspecified, RuleMetadata, RuleLinkLocal, RuleMulticast, RuleBroadcast, RuleReserved:
		msg += "; vouch never reaches such addresses"
	}
	return msg
}

// Parse reads a comma-separated list of hosts and CIDRs, as given to an
// --allow-targets flag, into entries for Policy.Allow or Policy.Deny.
// Spaces around entries and empty entries are ignored; an invalid entry is
// an error naming it.
func Parse(list string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if _, err := parseEntry(s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Validate reports the first invalid Allow or Deny entry. Checks made with
// an invalid policy refuse every target with RuleInvalid.
func (p *Policy) Validate() error {
	_, err := p.compile()
	return err
}

// CheckURL parses raw and checks what can be checked without DNS: scheme,
// userinfo, host, an IP-literal host's address, and a host name against the
// deny list and, when the allow list has no CIDR entries, the allow list.
// Names are checked again, with their resolved addresses, at dial time.
func (p *Policy) CheckURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, &RefusedError{Rule: RuleInvalid, Reason: fmt.Sprintf("not a URL: %v", err)}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &RefusedError{Host: u.Hostname(), Rule: RuleScheme,
			Reason: fmt.Sprintf("scheme %q is not http or https", u.Scheme)}
	}
	if u.User != nil {
		return nil, &RefusedError{Host: u.Hostname(), Rule: RuleUserinfo,
			Reason: "the URL carries user:password@; give credentials through the plan's steps"}
	}
	host := u.Hostname()
	if host == "" {
		return nil, &RefusedError{Rule: RuleNoHost, Reason: "the URL has no host"}
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, &RefusedError{Host: host, Rule: RuleInvalid, Reason: fmt.Sprintf("port %q is not 1-65535", port)}
		}
	}
	r, err := p.compile()
	if err != nil {
		return nil, err
	}
	ip, byName, err := r.checkHost(host)
	if err != nil {
		return nil, err
	}
	if ip.IsValid() {
		return u, r.checkIP(host, ip, false)
	}
	if len(r.allowHosts) > 0 && len(r.allowNets) == 0 && !byName {
		return nil, &RefusedError{Host: host, Rule: RuleNotAllowed, Reason: "the host is not in the allow list"}
	}
	return u, nil
}

// CheckIP checks an address with no name attached: an allow list admits it
// only through its CIDR entries.
func (p *Policy) CheckIP(ip netip.Addr) error {
	r, err := p.compile()
	if err != nil {
		return err
	}
	return r.checkIP("", ip, false)
}

// rules is a Policy with its lists parsed. Compiling on each check costs a
// few microseconds and keeps Policy a plain, copyable struct.
type rules struct {
	allowHosts, denyHosts []hostPattern
	allowNets, denyNets   []netip.Prefix
	denyPrivate           bool
	denyLoopback          bool
	resolver              *net.Resolver
}

// hostPattern is an exact name, or with wildcard set every name ending in
// "." + name.
type hostPattern struct {
	name     string
	wildcard bool
}

func (h hostPattern) match(name string) bool {
	if h.wildcard {
		return strings.HasSuffix(name, "."+h.name)
	}
	return name == h.name
}

// entry is one parsed Allow or Deny entry: a prefix or a host pattern.
type entry struct {
	prefix netip.Prefix
	host   hostPattern
}

func parseEntry(s string) (entry, error) {
	bad := func(why string) (entry, error) {
		return entry{}, &RefusedError{Host: s, Rule: RuleInvalid, Reason: "invalid target entry: " + why}
	}
	if strings.Contains(s, "/") {
		pfx, err := netip.ParsePrefix(s)
		if err != nil {
			return bad("want a CIDR such as 10.0.0.0/8")
		}
		return entry{prefix: pfx.Masked()}, nil
	}
	lit := strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	if ip, err := netip.ParseAddr(lit); err == nil {
		ip = ip.WithZone("").Unmap()
		return entry{prefix: netip.PrefixFrom(ip, ip.BitLen())}, nil
	}
	name := normaliseName(s)
	wildcard := false
	if rest, ok := strings.CutPrefix(name, "*."); ok {
		name, wildcard = rest, true
	}
	if !validName(name) {
		return bad("want a host name such as staging.example.com or *.example.com, an IP address or a CIDR")
	}
	if _, ok := looseIPv4(name); ok || endsInNumber(name) {
		return bad("numeric host names are ambiguous; write the IP address")
	}
	return entry{host: hostPattern{name: name, wildcard: wildcard}}, nil
}

func (p *Policy) compile() (*rules, error) {
	r := &rules{denyPrivate: p.DenyPrivate, denyLoopback: p.DenyLoopback, resolver: p.Resolver}
	if r.resolver == nil {
		r.resolver = net.DefaultResolver
	}
	for _, s := range p.Allow {
		e, err := parseEntry(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		if e.prefix.IsValid() {
			r.allowNets = append(r.allowNets, e.prefix)
		} else {
			r.allowHosts = append(r.allowHosts, e.host)
		}
	}
	for _, s := range p.Deny {
		e, err := parseEntry(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		if e.prefix.IsValid() {
			r.denyNets = append(r.denyNets, e.prefix)
		} else {
			r.denyHosts = append(r.denyHosts, e.host)
		}
	}
	return r, nil
}

// metadataNames resolve to metadata endpoints; refusing them by name gives
// an early, clear answer (their addresses are refused at dial time anyway).
var metadataNames = map[string]bool{
	"metadata.google.internal":   true,
	"metadata.goog":              true,
	"instance-data.ec2.internal": true,
}

var metadataAddrs = map[netip.Addr]string{
	netip.MustParseAddr("169.254.169.254"): "cloud metadata endpoint",
	netip.MustParseAddr("169.254.170.2"):   "AWS ECS task metadata endpoint",
	netip.MustParseAddr("169.254.170.23"):  "EKS Pod Identity endpoint",
	netip.MustParseAddr("fd00:ec2::23"):    "EKS Pod Identity endpoint",
	netip.MustParseAddr("fd00:ec2::254"):   "AWS metadata endpoint (IPv6)",
	netip.MustParseAddr("100.100.100.200"): "Alibaba Cloud metadata endpoint",
	netip.MustParseAddr("168.63.129.16"):   "Azure WireServer endpoint",
}

var (
	thisNetwork = netip.MustParsePrefix("0.0.0.0/8")
	reservedV4  = netip.MustParsePrefix("240.0.0.0/4")
	v4Compat    = netip.MustParsePrefix("::/96")
	nat64       = netip.MustParsePrefix("64:ff9b::/96")
	cgnat       = netip.MustParsePrefix("100.64.0.0/10")
	broadcast   = netip.MustParseAddr("255.255.255.255")
)

// checkHost normalises host and checks it by name. It returns the address
// when host is an IP literal (or a numeric host browsers read as IPv4), and
// whether a host entry of the allow list names it.
func (r *rules) checkHost(host string) (ip netip.Addr, allowedByName bool, err error) {
	lit := strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if a, err := netip.ParseAddr(lit); err == nil {
		return a, false, nil
	}
	name := normaliseName(host)
	if a, ok := looseIPv4(name); ok {
		return a, false, nil
	}
	if endsInNumber(name) {
		return netip.Addr{}, false, &RefusedError{Host: host, Rule: RuleInvalid, Reason: "a host ending in a number must be an IPv4 address"}
	}
	if !validName(name) {
		return netip.Addr{}, false, &RefusedError{Host: host, Rule: RuleInvalid, Reason: "not a valid host name"}
	}
	if metadataNames[name] {
		return netip.Addr{}, false, &RefusedError{Host: host, Rule: RuleMetadata, Reason: "cloud metadata host name"}
	}
	if r.denyLoopback && (name == "localhost" || strings.HasSuffix(name, ".localhost")) {
		return netip.Addr{}, false, &RefusedError{Host: host, Rule: RuleLoopback, Reason: "loopback host name"}
	}
	for _, h := range r.denyHosts {
		if h.match(name) {
			return netip.Addr{}, false, &RefusedError{Host: host, Rule: RuleDenied, Reason: "the host is in the deny list"}
		}
	}
	for _, h := range r.allowHosts {
		if h.match(name) {
			return netip.Addr{}, true, nil
		}
	}
	return netip.Addr{}, false, nil
}

// checkIP checks one address reached through host ("" if none);
// allowedByName says the allow list already admitted host by name.
func (r *rules) checkIP(host string, ip netip.Addr, allowedByName bool) error {
	if !ip.IsValid() {
		return &RefusedError{Host: host, Rule: RuleInvalid, Reason: "no valid address"}
	}
	ip = ip.WithZone("").Unmap()
	refuse := func(rule Rule, reason string) error {
		return &RefusedError{Host: host, IP: ip, Rule: rule, Reason: reason}
	}
	rule, reason := r.refusal(ip)
	if rule == "" && nat64.Contains(ip) {
		// A NAT64 gateway forwards to the embedded IPv4 address.
		b := ip.As16()
		v4 := netip.AddrFrom4([4]byte(b[12:]))
		if rule, reason = r.refusal(v4); rule != "" {
			reason += " (embedded in a NAT64 address)"
		}
	}
	if rule != "" {
		return refuse(rule, reason)
	}
	if len(r.allowHosts)+len(r.allowNets) == 0 || allowedByName {
		return nil
	}
	for _, n := range r.allowNets {
		if n.Contains(ip) {
			return nil
		}
	}
	return refuse(RuleNotAllowed, "the address is not in the allow list")
}

// refusal returns the rule refusing an unmapped, zoneless address, if any.
func (r *rules) refusal(ip netip.Addr) (Rule, string) {
	switch {
	case ip.IsUnspecified() || (ip.Is4() && thisNetwork.Contains(ip)):
		return RuleUnspecified, "unspecified address"
	case metadataAddrs[ip] != "":
		return RuleMetadata, metadataAddrs[ip]
	case ip.IsLinkLocalUnicast():
		return RuleLinkLocal, "link-local address"
	case ip.IsMulticast():
		return RuleMulticast, "multicast address"
	case ip == broadcast:
		return RuleBroadcast, "broadcast address"
	case ip.Is4() && reservedV4.Contains(ip):
		return RuleReserved, "reserved address (240.0.0.0/4)"
	case ip.Is6() && v4Compat.Contains(ip) && !ip.IsLoopback():
		return RuleReserved, "deprecated IPv4-compatible IPv6 address"
	}
	for _, n := range r.denyNets {
		if n.Contains(ip) {
			return RuleDenied, "the address is in the deny list (" + n.String() + ")"
		}
	}
	switch {
	case r.denyLoopback && ip.IsLoopback():
		return RuleLoopback, "loopback address"
	case r.denyPrivate && (ip.IsPrivate() || cgnat.Contains(ip)):
		return RulePrivate, "private network address"
	}
	return "", ""
}

func normaliseName(host string) string {
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// validName accepts the characters browsers send in a host: letters,
// digits, '-', '_' and non-empty dot-separated labels.
func validName(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 {
			return false
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}

// endsInNumber reports whether the WHATWG URL standard parses name as an
// IPv4 address: its last label is decimal digits or 0x-hex.
func endsInNumber(name string) bool {
	labels := strings.Split(name, ".")
	last := labels[len(labels)-1]
	if last == "" {
		return false
	}
	if h, ok := strings.CutPrefix(last, "0x"); ok {
		return strings.Trim(h, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}

// looseIPv4 parses the IPv4 forms browsers accept (WHATWG URL "IPv4
// parser"): one to four parts, each decimal, octal with a leading 0, or
// hex with 0x, the last filling the remaining bytes. "0x7f.1" is 127.0.0.1.
func looseIPv4(name string) (netip.Addr, bool) {
	if !endsInNumber(name) {
		return netip.Addr{}, false
	}
	parts := strings.Split(name, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var nums []uint64
	for _, p := range parts {
		base := 10
		switch {
		case strings.HasPrefix(p, "0x"):
			p, base = p[2:], 16
			if p == "" {
				p = "0"
			}
		case len(p) > 1 && p[0] == '0':
			p, base = p[1:], 8
		}
		n, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return netip.Addr{}, false
		}
		nums = append(nums, n)
	}
	var v uint64
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
		v |= n << (24 - 8*i)
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v |= last
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}
