package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2Params are the argon2id cost parameters.
type Argon2Params struct {
	// Memory in KiB. Defaults to 19456 (19 MiB), OWASP's minimum for argon2id.
	Memory uint32
	// Time is the number of passes. Defaults to 2.
	Time uint32
	// Threads is the degree of parallelism. Defaults to 1.
	Threads uint8
	// SaltLen in bytes. Defaults to 16.
	SaltLen uint32
	// KeyLen in bytes. Defaults to 32.
	KeyLen uint32
}

// DefaultArgon2 is used by HashPassword.
var DefaultArgon2 = Argon2Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

func (p Argon2Params) withDefaults() Argon2Params {
	d := DefaultArgon2
	if p.Memory == 0 {
		p.Memory = d.Memory
	}
	if p.Time == 0 {
		p.Time = d.Time
	}
	if p.Threads == 0 {
		p.Threads = d.Threads
	}
	if p.SaltLen == 0 {
		p.SaltLen = d.SaltLen
	}
	if p.KeyLen == 0 {
		p.KeyLen = d.KeyLen
	}
	return p
}

// ErrEmptyPassword refuses an empty password.
var ErrEmptyPassword = errors.New("auth: password is empty")

// ErrBadHash is returned for a stored hash that is not an argon2id PHC string.
var ErrBadHash = errors.New("auth: not an argon2id PHC hash")

// HashPassword hashes a password with DefaultArgon2 and returns its PHC string.
func HashPassword(password string) (string, error) {
	return DefaultArgon2.Hash(password)
}

// Hash hashes a password with p and returns its PHC string:
// $argon2id$v=19$m=<KiB>,t=<passes>,p=<threads>$<salt>$<hash>, with salt and
// hash in unpadded standard base64.
func (p Argon2Params) Hash(password string) (string, error) {
	if password == "" {
		return "", ErrEmptyPassword
	}
	p = p.withDefaults()
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches the PHC hash. The
// parameters are read from the hash, so hashes made with older parameters
// still verify. The comparison is constant-time.
func VerifyPassword(password, phc string) (bool, error) {
	p, salt, want, err := parsePHC(phc)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// DummyVerify spends the time of one verification, so that a sign-in for an
// unknown email takes as long as one with a wrong password.
func DummyVerify(password string) {
	_, _ = VerifyPassword(password, dummyHash())
}

// dummyHash is a valid hash with the default parameters, made on first use
// so that programs that never sign anyone in do not pay for it.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("vouch-dummy-password")
	if err != nil {
		panic(err)
	}
	return h
})

func parsePHC(s string) (Argon2Params, []byte, []byte, error) {
	var p Argon2Params
	parts := strings.Split(s, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, hash
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, ErrBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, ErrBadHash
	}
	var threads uint32
	if n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &threads); err != nil || n != 3 {
		return p, nil, nil, ErrBadHash
	}
	if p.Memory == 0 || p.Time == 0 || threads == 0 || threads > 255 || p.Memory > 4*1024*1024 {
		return p, nil, nil, ErrBadHash
	}
	p.Threads = uint8(threads)
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil || len(salt) == 0 {
		return p, nil, nil, ErrBadHash
	}
	hash, err := enc.DecodeString(parts[5])
	if err != nil || len(hash) < 16 {
		return p, nil, nil, ErrBadHash
	}
	return p, salt, hash, nil
}
