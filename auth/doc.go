// Package auth holds the credentials of vouch: API keys, passwords and
// browser sessions.
//
// API keys look like vch_<30 base62 random characters><6 base62 checksum
// characters>. The random part carries about 178 bits; the checksum is the
// CRC-32 of the random part, so a mistyped key is refused before any
// database lookup. A key is shown once; only its SHA-256 and a visible
// prefix (vch_ plus the first 8 random characters) are stored.
//
// Passwords are hashed with argon2id and stored in the PHC string format
// ($argon2id$v=19$m=19456,t=2,p=1$salt$hash), so parameters can be raised
// later without invalidating old hashes.
//
// Sessions are random tokens held in an HttpOnly, SameSite=Lax cookie and
// stored hashed; each session has its own random CSRF token that forms
// carry.
//
// The package imports only the standard library and golang.org/x/crypto.
package auth
