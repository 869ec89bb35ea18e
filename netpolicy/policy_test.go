package netpolicy

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// rule returns the rule of a refusal, "" for nil, and fails on other errors.
func rule(t *testing.T, err error) Rule {
	t.Helper()
	if err == nil {
		return ""
	}
	var re *RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a *RefusedError", err, err)
	}
	return re.Rule
}

func TestCheckIP(t *testing.T) {
	open := &Policy{}
	strict := &Policy{DenyPrivate: true, DenyLoopback: true}
	allow := &Policy{Allow: []string{"10.1.0.0/16", "2001:db8::/32", "staging.example.com"}}
	deny := &Policy{Deny: []string{"127.0.0.2", "192.168.7.0/24"}}
	tests := []struct {
		policy *Policy
		ip     string
		want   Rule
	}{
		// always refused, even by the open policy
		{open, "169.254.169.254", RuleMetadata},
		{open, "169.254.170.2", RuleMetadata},
		{open, "fd00:ec2::254", RuleMetadata},
		{open, "100.100.100.200", RuleMetadata},
		{open, "168.63.129.16", RuleMetadata},
		{open, "::ffff:169.254.169.254", RuleMetadata},
		{open, "64:ff9b::a9fe:a9fe", RuleMetadata}, // NAT64 of 169.254.169.254
		{open, "169.254.1.1", RuleLinkLocal},
		{open, "fe80::1", RuleLinkLocal},
		{open, "fe80::1%eth0", RuleLinkLocal},
		{open, "::ffff:169.254.1.1", RuleLinkLocal},
		{open, "0.0.0.0", RuleUnspecified},
		{open, "0.1.2.3", RuleUnspecified},
		{open, "::", RuleUnspecified},
		{open, "::ffff:0.0.0.0", RuleUnspecified},
		{open, "224.0.0.1", RuleMulticast},
		{open, "239.255.255.250", RuleMulticast},
		{open, "ff02::1", RuleMulticast},
		{open, "255.255.255.255", RuleBroadcast},
		{open, "240.0.0.1", RuleReserved},
		{open, "::a9fe:a9fe", RuleReserved}, // IPv4-compatible
		// allowed by the open policy
		{open, "127.0.0.1", ""},
		{open, "::1", ""},
		{open, "::ffff:127.0.0.1", ""},
		{open, "10.0.0.1", ""},
		{open, "172.16.0.1", ""},
		{open, "192.168.1.1", ""},
		{open, "100.64.0.1", ""},
		{open, "fd12:3456::1", ""},
		{open, "93.184.216.34", ""},
		{open, "2606:4700::1", ""},
		{open, "64:ff9b::5db8:d822", ""}, // NAT64 of a public address
		// loopback and private with the flags
		{strict, "127.0.0.1", RuleLoopback},
		{strict, "127.9.9.9", RuleLoopback},
		{strict, "::1", RuleLoopback},
		{strict, "::ffff:127.0.0.1", RuleLoopback},
		{strict, "10.0.0.1", RulePrivate},
		{strict, "172.31.255.255", RulePrivate},
		{strict, "192.168.1.1", RulePrivate},
		{strict, "100.64.0.1", RulePrivate},
		{strict, "fd12:3456::1", RulePrivate},
		{strict, "64:ff9b::a00:1", RulePrivate}, // NAT64 of 10.0.0.1
		{strict, "172.32.0.1", ""},
		{strict, "93.184.216.34", ""},
		{strict, "169.254.169.254", RuleMetadata},
		// allow list: CIDRs admit bare addresses, host entries do not
		{allow, "10.1.2.3", ""},
		{allow, "::ffff:10.1.2.3", ""},
		{allow, "2001:db8::5", ""},
		{allow, "10.2.0.1", RuleNotAllowed},
		{allow, "127.0.0.1", RuleNotAllowed},
		{allow, "169.254.169.254", RuleMetadata}, // allow never overrides
		// deny list
		{deny, "127.0.0.2", RuleDenied},
		{deny, "::ffff:127.0.0.2", RuleDenied},
		{deny, "127.0.0.1", ""},
		{deny, "192.168.7.9", RuleDenied},
		{deny, "192.168.8.9", ""},
	}
	for _, tt := range tests {
		got := rule(t, tt.policy.CheckIP(netip.MustParseAddr(tt.ip)))
		if got != tt.want {
			t.Errorf("%+v CheckIP(%s) = %q, want %q", *tt.policy, tt.ip, got, tt.want)
		}
	}
}

func TestCheckURL(t *testing.T) {
	open := &Policy{}
	strict := &Policy{DenyLoopback: true, DenyPrivate: true}
	hosts := &Policy{Allow: []string{"staging.example.com", "*.preview.example.com"}}
	mixed := &Policy{Allow: []string{"staging.example.com", "10.0.0.0/8"}}
	deny := &Policy{Deny: []string{"127.0.0.2", "*.evil.test", "bad.test"}}
	tests := []struct {
		policy *Policy
		url    string
		want   Rule
	}{
		{open, "http://127.0.0.1:8080/path?q=1", ""},
		{open, "https://staging.example.com/", ""},
		{open, "HTTPS://Staging.Example.COM./", ""},
		{open, "http://[::1]:3000/", ""},
		{open, "http://10.0.0.5/", ""},
		// schemes
		{open, "file:///etc/passwd", RuleScheme},
		{open, "javascript:alert(1)", RuleScheme},
		{open, "data:text/html,<h1>hi</h1>", RuleScheme},
		{open, "ftp://example.com/file", RuleScheme},
		{open, "ws://example.com/socket", RuleScheme},
		{open, "gopher://127.0.0.1:6379/_", RuleScheme},
		{open, "example.com/no-scheme", RuleScheme},
		// userinfo and hosts
		{open, "http://user:pass@example.com/", RuleUserinfo},
		{open, "http://example.com@169.254.169.254/", RuleUserinfo},
		{open, "http:///path", RuleNoHost},
		{open, "http://:8080/", RuleNoHost},
		{open, "http:opaque", RuleNoHost},
		{open, "http://exa mple.com/", RuleInvalid},
		{open, "http://example.com:0/", RuleInvalid},
		{open, "http://example.com:99999/", RuleInvalid},
		{open, "http://ex$ample.com/", RuleInvalid},
		// literal addresses, including forms browsers read as IPv4
		{open, "http://169.254.169.254/latest/meta-data/", RuleMetadata},
		{open, "http://[fd00:ec2::254]/", RuleMetadata},
		{open, "http://[::ffff:169.254.169.254]/", RuleMetadata},
		{open, "http://[::ffff:a9fe:a9fe]/", RuleMetadata},
		{open, "http://2852039166/", RuleMetadata}, // decimal 169.254.169.254
		{open, "http://0xa9.0xfe.0xa9.0xfe/", RuleMetadata},
		{open, "http://0251.0376.0251.0376/", RuleMetadata}, // octal
		{open, "http://169.254.43518/", RuleMetadata},
		{open, "http://[fe80::1%25eth0]/", RuleLinkLocal},
		{open, "http://0.0.0.0:8080/", RuleUnspecified},
		{open, "http://0/", RuleUnspecified},
		{open, "http://[::]/", RuleUnspecified},
		{open, "http://224.0.0.1/", RuleMulticast},
		{open, "http://255.255.255.255/", RuleBroadcast},
		{open, "http://1.2.3.256/", RuleInvalid},
		{open, "http://foo.09/", RuleInvalid},
		{open, "http://metadata.google.internal/computeMetadata/v1/", RuleMetadata},
		{open, "http://METADATA.google.internal./", RuleMetadata},
		{open, "http://0x7f.1/", ""}, // 127.0.0.1
		// loopback and private
		{strict, "http://localhost:3000/", RuleLoopback},
		{strict, "http://app.localhost/", RuleLoopback},
		{strict, "http://127.1/", RuleLoopback},
		{strict, "http://[::1]/", RuleLoopback},
		{strict, "http://192.168.0.10/", RulePrivate},
		{strict, "http://staging.example.com/", ""}, // names are checked at dial time
		// allow list of hosts only: names are checked here
		{hosts, "https://staging.example.com/", ""},
		{hosts, "https://STAGING.example.com./x", ""},
		{hosts, "https://pr-12.preview.example.com/", ""},
		{hosts, "https://a.b.preview.example.com/", ""},
		{hosts, "https://preview.example.com/", RuleNotAllowed},
		{hosts, "https://example.com/", RuleNotAllowed},
		{hosts, "https://staging.example.com.evil.test/", RuleNotAllowed},
		{hosts, "https://evilstaging.example.com/", RuleNotAllowed},
		{hosts, "http://127.0.0.1/", RuleNotAllowed},
		// allow list with a CIDR: an unlisted name may resolve into it
		{mixed, "https://other.example.com/", ""},
		{mixed, "http://10.9.9.9/", ""},
		{mixed, "http://11.0.0.1/", RuleNotAllowed},
		// deny list
		{deny, "http://127.0.0.2:8080/", RuleDenied},
		{deny, "http://[::ffff:127.0.0.2]/", RuleDenied},
		{deny, "http://x.evil.test/", RuleDenied},
		{deny, "http://bad.test/", RuleDenied},
		{deny, "http://BAD.test./", RuleDenied},
		{deny, "http://evil.test/", ""},
		{deny, "http://127.0.0.1/", ""},
	}
	for _, tt := range tests {
		u, err := tt.policy.CheckURL(tt.url)
		if got := rule(t, err); got != tt.want {
			t.Errorf("%+v CheckURL(%q) = %q (%v), want %q", *tt.policy, tt.url, got, err, tt.want)
			continue
		}
		if err == nil && u == nil {
			t.Errorf("CheckURL(%q) returned no URL", tt.url)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{"", nil, ""},
		{" staging.example.com , *.example.com,10.0.0.0/8,,192.168.1.5, ::1 ,[fd00::1]", []string{"staging.example.com", "*.example.com", "10.0.0.0/8", "192.168.1.5", "::1", "[fd00::1]"}, ""},
		{"10.0.0.0/33", nil, "10.0.0.0/33"},
		{"10.0.0/8", nil, "10.0.0/8"},
		{"example.com:8080", nil, "example.com:8080"},
		{"https://example.com", nil, "https://example.com"},
		{"*", nil, "*"},
		{"*.*.example.com", nil, "*.*.example.com"},
		{"exa mple.com", nil, "exa mple.com"},
		{"10.1", nil, "numeric"},
		{"good.example.com,bad..example.com", nil, "bad..example.com"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Parse(%q) error = %v, want one naming %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Parse(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestInvalidPolicyRefusesEverything(t *testing.T) {
	p := &Policy{Allow: []string{"10.0.0.0/99"}}
	if err := p.Validate(); rule(t, err) != RuleInvalid {
		t.Fatalf("Validate = %v, want an invalid-entry error", err)
	}
	if _, err := p.CheckURL("http://127.0.0.1/"); rule(t, err) != RuleInvalid {
		t.Errorf("CheckURL with an invalid policy = %v", err)
	}
	if err := p.CheckIP(netip.MustParseAddr("127.0.0.1")); rule(t, err) != RuleInvalid {
		t.Errorf("CheckIP with an invalid policy = %v", err)
	}
	if _, err := p.DialContext(context.Background(), "tcp", "127.0.0.1:1"); rule(t, err) != RuleInvalid {
		t.Errorf("DialContext with an invalid policy = %v", err)
	}
}

func TestRefusedErrorMessage(t *testing.T) {
	tests := []struct {
		policy *Policy
		url    string
		want   []string
	}{
		{&Policy{Allow: []string{"staging.example.com"}}, "https://prod.example.com/", []string{"prod.example.com", "allow list", "--allow-targets"}},
		{&Policy{}, "http://169.254.169.254/", []string{"169.254.169.254", "metadata", "never"}},
		{&Policy{Deny: []string{"127.0.0.2"}}, "http://127.0.0.2/", []string{"127.0.0.2", "deny list"}},
		{&Policy{DenyLoopback: true}, "http://localhost/", []string{"localhost", "loopback"}},
		{&Policy{}, "file:///etc/passwd", []string{"scheme \"file\""}},
	}
	for _, tt := range tests {
		_, err := tt.policy.CheckURL(tt.url)
		if err == nil {
			t.Errorf("CheckURL(%q) = nil", tt.url)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("CheckURL(%q) message %q lacks %q", tt.url, err, w)
			}
		}
	}
}

func TestResolve(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		policy *Policy
		host   string
		want   Rule
	}{
		{&Policy{}, "localhost", ""},
		{&Policy{DenyLoopback: true}, "localhost", RuleLoopback},
		{&Policy{}, "127.0.0.1", ""},
		{&Policy{Deny: []string{"127.0.0.0/8", "::1"}}, "localhost", RuleDenied},
		{&Policy{}, "169.254.169.254", RuleMetadata},
		{&Policy{}, "metadata.google.internal", RuleMetadata}, // refused before any DNS query
		{&Policy{Allow: []string{"localhost"}}, "localhost", ""},
		{&Policy{Allow: []string{"127.0.0.1/32"}}, "localhost", ""}, // ::1 filtered out
		{&Policy{Allow: []string{"10.0.0.0/8"}}, "localhost", RuleNotAllowed},
		{&Policy{}, "", RuleNoHost},
	}
	for _, tt := range tests {
		addrs, err := tt.policy.Resolve(ctx, tt.host)
		if got := rule(t, err); got != tt.want {
			t.Errorf("%+v Resolve(%q) = %v, %v; want %q", *tt.policy, tt.host, addrs, err, tt.want)
			continue
		}
		if err != nil {
			continue
		}
		if len(addrs) == 0 {
			t.Errorf("Resolve(%q) returned no addresses and no error", tt.host)
		}
		for _, a := range addrs {
			if e := tt.policy.CheckIP(a); e != nil && len(tt.policy.Allow) == 0 {
				t.Errorf("Resolve(%q) returned refused address %s: %v", tt.host, a, e)
			}
			if !a.IsLoopback() {
				t.Errorf("Resolve(%q) returned %s, not loopback", tt.host, a)
			}
		}
	}
	// Filtering: with only 127.0.0.1 allowed, "localhost" yields just it.
	addrs, err := (&Policy{Allow: []string{"127.0.0.1"}}).Resolve(ctx, "localhost")
	if err != nil || len(addrs) != 1 || addrs[0] != netip.MustParseAddr("127.0.0.1") {
		t.Errorf("filtered Resolve(localhost) = %v, %v; want [127.0.0.1]", addrs, err)
	}
}

func TestLooseIPv4(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when not an address
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0x", "0.0.0.0"},
		{"10.0x10.0", "10.16.0.0"},
		{"1.2.3.4.5", ""},
		{"256.1.1.1", ""},
		{"1.2.65536", ""},
		{"4294967296", ""},
		{"09", ""},
		{"example.com", ""},
		{"1.2.3.x", ""},
	}
	for _, tt := range tests {
		got, ok := looseIPv4(tt.in)
		if (tt.want == "") == ok || ok && got.String() != tt.want {
			t.Errorf("looseIPv4(%q) = %v, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func BenchmarkCheckIP(b *testing.B) {
	p := &Policy{Allow: []string{"*.example.com", "10.0.0.0/8"}, Deny: []string{"10.9.0.0/16"}, DenyLoopback: true}
	ip := netip.MustParseAddr("10.1.2.3")
	for b.Loop() {
		if err := p.CheckIP(ip); err != nil {
			b.Fatal(err)
		}
	}
}
