package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret (Standard Webhooks).
const SecretPrefix = "whsec_"

// secretBytes is the length of a secret's key: 32 bytes, within the
// spec's 24 to 64.
const secretBytes = 32

// NewSecret returns a fresh signing secret: "whsec_" and the base64 of 32
// random bytes.
func NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// secretKey decodes a secret's key.
func secretKey(secret string) ([]byte, error) {
	s, ok := strings.CutPrefix(secret, SecretPrefix)
	if !ok {
		return nil, errors.New("webhook: a signing secret starts with " + SecretPrefix)
	}
	return base64.StdEncoding.DecodeString(s)
}

// Sign returns the webhook-signature header value for a message:
// "v1," and the base64 of HMAC-SHA256(key, id + "." + timestamp + "." +
// body), as the Standard Webhooks specification defines it.
func Sign(secret, id string, ts time.Time, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(ts.Unix(), 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Standard Webhooks header names.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// setSignature sets the three Standard Webhooks headers on h. The id is
// the event's, the same on every attempt; the timestamp is the attempt's,
// so a receiver's replay window holds for retries too.
func setSignature(h http.Header, secret, id string, ts time.Time, body []byte) error {
	sig, err := Sign(secret, id, ts, body)
	if err != nil {
		return err
	}
	h.Set(HeaderID, id)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, sig)
	return nil
}
