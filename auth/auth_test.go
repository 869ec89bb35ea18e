package auth

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestGenerateKey(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		k, err := GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		if len(k.Secret) != KeyLen || !strings.HasPrefix(k.Secret, "vch_") {
			t.Fatalf("key %q: want vch_ and %d characters", k.Secret, KeyLen)
		}
		if err := CheckKey(k.Secret); err != nil {
			t.Fatalf("fresh key %q does not check: %v", k.Secret, err)
		}
		if k.Prefix != k.Secret[:12] || !strings.HasPrefix(k.Secret, k.Prefix) {
			t.Fatalf("prefix %q of %q", k.Prefix, k.Secret)
		}
		if !EqualHash(k.Hash, HashKey(k.Secret)) || len(k.Hash) != 32 {
			t.Fatalf("hash %q of %q", k.Hash, k.Secret)
		}
		if seen[k.Secret] {
			t.Fatalf("duplicate key %q", k.Secret)
		}
		seen[k.Secret] = true
	}
}

// Every single-character typo anywhere in the key is caught by the format
// or the checksum, before any lookup.
func TestCheckKeyCatchesEveryTypo(t *testing.T) {
	k, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	for i := len(KeyPrefix); i < len(k.Secret); i++ {
		for _, c := range []byte(base62) {
			if c == k.Secret[i] {
				continue
			}
			typo := k.Secret[:i] + string(c) + k.Secret[i+1:]
			if CheckKey(typo) == nil {
				t.Fatalf("typo at %d (%q) passed the checksum", i, typo)
			}
		}
	}
}

func TestCheckKeyMalformed(t *testing.T) {
	k, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, key string }{
		{"empty", ""},
		{"prefix only", "vch_"},
		{"wrong prefix", "vck_" + k.Secret[4:]},
		{"upper prefix", "VCH_" + k.Secret[4:]},
		{"short", k.Secret[:len(k.Secret)-1]},
		{"long", k.Secret + "0"},
		{"bad alphabet", k.Secret[:10] + "-" + k.Secret[11:]},
		{"space", " " + k.Secret[1:]},
		{"swapped halves", "vch_" + k.Secret[20:] + k.Secret[4:20]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := CheckKey(tt.key); err != ErrMalformedKey {
				t.Fatalf("CheckKey(%q) = %v, want ErrMalformedKey", tt.key, err)
			}
		})
	}
}

func TestScope(t *testing.T) {
	tests := []struct {
		have, need Scope
		ok         bool
	}{
		{ScopeRead, ScopeRead, true},
		{ScopeRead, ScopeLaunch, false},
		{ScopeLaunch, ScopeRead, true},
		{ScopeLaunch, ScopeLaunch, true},
		{"", ScopeRead, false},
		{"admin", ScopeLaunch, false},
		{ScopeLaunch, "admin", false},
	}
	for _, tt := range tests {
		if got := tt.have.Allows(tt.need); got != tt.ok {
			t.Errorf("%q.Allows(%q) = %v, want %v", tt.have, tt.need, got, tt.ok)
		}
	}
	for _, s := range []string{"read", "launch"} {
		if got, err := ParseScope(s); err != nil || string(got) != s {
			t.Errorf("ParseScope(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "Read", "write", "launch "} {
		if _, err := ParseScope(s); err == nil {
			t.Errorf("ParseScope(%q) accepted", s)
		}
	}
}

func TestHashPassword(t *testing.T) {
	h, err := HashPassword("s3cret pass")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q: want argon2id PHC with m=19456,t=2,p=1", h)
	}
	p, salt, key, err := parsePHC(h)
	if err != nil {
		t.Fatal(err)
	}
	if p.Memory < 19*1024 || p.Time < 2 || len(salt) != 16 || len(key) != 32 {
		t.Fatalf("params %+v salt %d key %d", p, len(salt), len(key))
	}
	h2, _ := HashPassword("s3cret pass")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: salt is not random")
	}
	tests := []struct {
		pw string
		ok bool
	}{
		{"s3cret pass", true},
		{"s3cret pas", false},
		{"S3cret pass", false},
		{"s3cret pass ", false},
		{"", false},
	}
	for _, tt := range tests {
		got, err := VerifyPassword(tt.pw, h)
		if err != nil || got != tt.ok {
			t.Errorf("VerifyPassword(%q) = %v, %v; want %v", tt.pw, got, err, tt.ok)
		}
	}
	if _, err := HashPassword(""); err != ErrEmptyPassword {
		t.Fatalf("empty password: %v", err)
	}
}

// The reference implementation (libargon2, via
// argon2id_hash_encoded(2, 19456, 1, ...)) produced this hash; verifying it
// proves the PHC parsing and the parameters agree with it.
func TestVerifyPasswordReferenceVector(t *testing.T) {
	const ref = "$argon2id$v=19$m=19456,t=2,p=1$dm91Y2gtdGVzdC1zYWx0IQ$QpKVavWgk6bpYh1A20p/5c8IlSlBjCE5AsXd8LInoGg"
	ok, err := VerifyPassword("correct horse battery staple", ref)
	if err != nil || !ok {
		t.Fatalf("reference vector: %v, %v", ok, err)
	}
	if ok, _ := VerifyPassword("correct horse battery stapler", ref); ok {
		t.Fatal("wrong password verified against the reference vector")
	}
}

func TestVerifyPasswordBadHash(t *testing.T) {
	good, _ := HashPassword("x")
	parts := strings.Split(good, "$")
	tests := []string{
		"",
		"plain",
		strings.Replace(good, "argon2id", "argon2i", 1),
		strings.Replace(good, "v=19", "v=16", 1),
		strings.Replace(good, "m=19456", "m=0", 1),
		strings.Replace(good, "p=1", "p=300", 1),
		strings.Replace(good, "t=2", "t=x", 1),
		"$argon2id$v=19$" + parts[3] + "$!!$" + parts[5],
		"$argon2id$v=19$" + parts[3] + "$" + parts[4] + "$",
		good + "$extra",
	}
	for _, h := range tests {
		if ok, err := VerifyPassword("x", h); err != ErrBadHash || ok {
			t.Errorf("VerifyPassword(%q) = %v, %v; want ErrBadHash", h, ok, err)
		}
	}
}

func TestSessionTokensAndCSRF(t *testing.T) {
	tok, hash, err := NewSessionToken()
	if err != nil {
		t.Fatal(err)
	}
	tok2, _, _ := NewSessionToken()
	if len(tok) < 43 || tok == tok2 || !EqualHash(hash, HashSessionToken(tok)) || len(hash) != 32 {
		t.Fatalf("token %q hash %x", tok, hash)
	}
	c, _ := NewCSRFToken()
	c2, _ := NewCSRFToken()
	if len(c) < 43 || c == c2 {
		t.Fatalf("csrf tokens %q %q", c, c2)
	}
	tests := []struct {
		name, want, got string
		ok              bool
	}{
		{"own token", c, c, true},
		{"other session's token", c2, c, false},
		{"empty", c, "", false},
		{"both empty", "", "", false},
		{"truncated", c, c[:len(c)-1], false},
	}
	for _, tt := range tests {
		if got := CheckCSRF(tt.want, tt.got); got != tt.ok {
			t.Errorf("%s: CheckCSRF = %v, want %v", tt.name, got, tt.ok)
		}
	}
}

func TestSessionCookie(t *testing.T) {
	c := SessionCookie("tok", time.Now().Add(time.Hour), true)
	s := c.String()
	for _, want := range []string{"vouch_session=tok", "HttpOnly", "SameSite=Lax", "Secure", "Path=/"} {
		if !strings.Contains(s, want) {
			t.Errorf("cookie %q lacks %q", s, want)
		}
	}
	if s := SessionCookie("tok", time.Now().Add(time.Hour), false).String(); strings.Contains(s, "Secure") {
		t.Errorf("plain-http cookie is Secure: %q", s)
	}
	if s := ClearSessionCookie(false).String(); !strings.Contains(s, "Max-Age=0") {
		t.Errorf("clear cookie %q does not expire", s)
	}
}

func TestIsSecure(t *testing.T) {
	plain := httptest.NewRequest("GET", "http://x/", nil)
	fwd := httptest.NewRequest("GET", "http://x/", nil)
	fwd.Header.Set("X-Forwarded-Proto", "https")
	tlsReq := httptest.NewRequest("GET", "https://x/", nil)
	tlsReq.TLS = &tls.ConnectionState{}
	tests := []struct {
		name   string
		r      *http.Request
		public string
		want   bool
	}{
		{"plain", plain, "http://127.0.0.1:8080", false},
		{"https public url", plain, "https://vouch.example", true},
		{"forwarded", fwd, "", true},
		{"tls", tlsReq, "", true},
	}
	for _, tt := range tests {
		if got := IsSecure(tt.r, tt.public); got != tt.want {
			t.Errorf("%s: %v", tt.name, got)
		}
	}
}

func TestKeyFromRequest(t *testing.T) {
	tests := []struct {
		name    string
		headers map[string]string
		key     string
		present bool
	}{
		{"none", nil, "", false},
		{"x-api-key", map[string]string{"x-api-key": "vch_a"}, "vch_a", true},
		{"bearer", map[string]string{"Authorization": "Bearer vch_b"}, "vch_b", true},
		{"bearer lower", map[string]string{"Authorization": "bearer vch_b"}, "vch_b", true},
		{"basic counts as a key", map[string]string{"Authorization": "Basic Zm9v"}, "Basic Zm9v", true},
		{"empty x-api-key", map[string]string{"x-api-key": ""}, "", true},
		{"both: x-api-key wins", map[string]string{"x-api-key": "vch_a", "Authorization": "Bearer vch_b"}, "vch_a", true},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		for k, v := range tt.headers {
			r.Header.Set(k, v)
		}
		key, present := KeyFromRequest(r)
		if key != tt.key || present != tt.present {
			t.Errorf("%s: got %q %v, want %q %v", tt.name, key, present, tt.key, tt.present)
		}
	}
}

func BenchmarkCheckKey(b *testing.B) {
	k, _ := GenerateKey()
	for b.Loop() {
		_ = CheckKey(k.Secret)
	}
}

func BenchmarkVerifyPassword(b *testing.B) {
	h, _ := HashPassword("pw")
	for b.Loop() {
		_, _ = VerifyPassword("pw", h)
	}
}
