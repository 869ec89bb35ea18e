package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"hash/crc32"
	"strings"
)

// KeyPrefix starts every vouch API key, so secret scanners and people can
// recognise one.
const KeyPrefix = "vch_"

const (
	base62        = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	keyRandomLen  = 30 // 30 base62 characters ≈ 178 bits
	keyCheckLen   = 6  // 62^6 > 2^32 holds a CRC-32
	keyVisibleLen = 8  // random characters shown in the visible prefix
	// KeyLen is the length of a whole key.
	KeyLen = len(KeyPrefix) + keyRandomLen + keyCheckLen
)

// Scope is what a key may do.
type Scope string

// Scopes. Read may create plans (nothing runs, nothing is charged) and read;
// launch may also start runs and re-checks, which spend.
const (
	ScopeRead   Scope = "read"
	ScopeLaunch Scope = "launch"
)

// ParseScope returns the scope named s.
func ParseScope(s string) (Scope, error) {
	switch Scope(s) {
	case ScopeRead, ScopeLaunch:
		return Scope(s), nil
	}
	return "", errors.New(`scope must be "read" or "launch"`)
}

// Allows reports whether a key with scope s may do what need requires.
// Launch includes read.
func (s Scope) Allows(need Scope) bool {
	switch need {
	case ScopeRead:
		return s == ScopeRead || s == ScopeLaunch
	case ScopeLaunch:
		return s == ScopeLaunch
	}
	return false
}

// ErrMalformedKey is returned for a string that is not a well-formed key:
// wrong prefix, length, alphabet or checksum.
var ErrMalformedKey = errors.New("auth: malformed API key")

// NewKey is a freshly generated key. Secret is shown to its owner once and
// never stored; Hash and Prefix are stored.
type NewKey struct {
	Secret string // the whole key, vch_...
	Prefix string // vch_ + 8 characters, for identification
	Hash   []byte // SHA-256 of Secret
}

// GenerateKey returns a new random key.
func GenerateKey() (NewKey, error) {
	random, err := randomBase62(keyRandomLen)
	if err != nil {
		return NewKey{}, err
	}
	secret := KeyPrefix + random + checksum(random)
	return NewKey{Secret: secret, Prefix: VisiblePrefix(secret), Hash: HashKey(secret)}, nil
}

// CheckKey reports whether s is a well-formed key with a valid checksum.
// It needs no database: a typo is caught here.
func CheckKey(s string) error {
	if len(s) != KeyLen || !strings.HasPrefix(s, KeyPrefix) {
		return ErrMalformedKey
	}
	body := s[len(KeyPrefix):]
	for i := 0; i < len(body); i++ {
		if strings.IndexByte(base62, body[i]) < 0 {
			return ErrMalformedKey
		}
	}
	random, sum := body[:keyRandomLen], body[keyRandomLen:]
	if subtle.ConstantTimeCompare([]byte(checksum(random)), []byte(sum)) != 1 {
		return ErrMalformedKey
	}
	return nil
}

// VisiblePrefix returns the part of a key that may be shown and stored in
// clear to identify it: vch_ plus the first 8 random characters.
func VisiblePrefix(secret string) string {
	n := len(KeyPrefix) + keyVisibleLen
	if len(secret) < n {
		return secret
	}
	return secret[:n]
}

// HashKey returns the SHA-256 of a key: the only form that is stored.
// A fast hash is right here because keys carry 178 random bits; there is
// nothing to brute-force.
func HashKey(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

// EqualHash compares two hashes in constant time.
func EqualHash(a, b []byte) bool {
	return subtle.ConstantTimeCompare(a, b) == 1
}

// checksum encodes the CRC-32 (IEEE) of s as 6 base62 characters.
func checksum(s string) string {
	v := uint64(crc32.ChecksumIEEE([]byte(s)))
	out := make([]byte, keyCheckLen)
	for i := keyCheckLen - 1; i >= 0; i-- {
		out[i] = base62[v%62]
		v /= 62
	}
	return string(out)
}

// randomBase62 returns n characters drawn uniformly from base62, rejecting
// bytes ≥ 248 so that no character is more likely than another.
func randomBase62(n int) (string, error) {
	out := make([]byte, 0, n)
	buf := make([]byte, n+n/4)
	for len(out) < n {
		if _, err := rand.Read(buf); err != nil {
			return "", err
		}
		for _, b := range buf {
			if b >= 248 { // 248 = 4*62
				continue
			}
			out = append(out, base62[b%62])
			if len(out) == n {
				break
			}
		}
	}
	return string(out), nil
}
