package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"strings"
	"time"
)

// SessionCookieName names the cookie that carries a person's session token.
const SessionCookieName = "vouch_session"

// NewSessionToken returns a random session token (256 bits, URL-safe
// base64) for the cookie, and its hash for the store.
func NewSessionToken() (token string, hash []byte, err error) {
	token, err = RandomToken(32)
	if err != nil {
		return "", nil, err
	}
	return token, HashSessionToken(token), nil
}

// HashSessionToken returns the stored form of a session token: its SHA-256.
func HashSessionToken(token string) []byte { return HashKey(token) }

// NewCSRFToken returns a random per-session CSRF token (256 bits) that
// forms carry in a hidden field.
func NewCSRFToken() (string, error) { return RandomToken(32) }

// CheckCSRF reports, in constant time, whether got is the session's CSRF
// token want. An empty token never matches.
func CheckCSRF(want, got string) bool {
	if want == "" || got == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1
}

// RandomToken returns n random bytes in URL-safe base64 without padding.
func RandomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// SessionCookie returns the cookie that carries token until expires:
// HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
// POSTs), Path=/ and Secure when the person reached vouch over https.
func SessionCookie(token string, expires time.Time, secure bool) *http.Cookie {
	return &http.Cookie{
		Name:     SessionCookieName,
		Value:    token,
		Path:     "/",
		Expires:  expires.UTC(),
		MaxAge:   int(time.Until(expires).Seconds()),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// ClearSessionCookie returns a cookie that deletes the session cookie.
func ClearSessionCookie(secure bool) *http.Cookie {
	return &http.Cookie{
		Name:     SessionCookieName,
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// IsSecure reports whether the person reached vouch over https: the
// connection is TLS, the public URL is https, or a proxy in front says so
// with X-Forwarded-Proto.
func IsSecure(r *http.Request, publicURL string) bool {
	if r.TLS != nil || strings.HasPrefix(publicURL, "https://") {
		return true
	}
	return strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// SessionToken returns the session token carried by r's cookie, or "".
func SessionToken(r *http.Request) string {
	c, err := r.Cookie(SessionCookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// KeyFromRequest returns the API key a request carries in x-api-key or in
// Authorization: Bearer, and whether it carries one at all (a present but
// empty or malformed header still counts as carrying a key).
func KeyFromRequest(r *http.Request) (key string, present bool) {
	if v, ok := r.Header["X-Api-Key"]; ok {
		if len(v) > 0 {
			return strings.TrimSpace(v[0]), true
		}
		return "", true
	}
	if a, ok := r.Header["Authorization"]; ok {
		if len(a) > 0 {
			v := strings.TrimSpace(a[0])
			if len(v) >= 7 && strings.EqualFold(v[:7], "bearer ") {
				return strings.TrimSpace(v[7:]), true
			}
			return v, true
		}
		return "", true
	}
	return "", false
}
