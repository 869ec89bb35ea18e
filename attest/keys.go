package attest

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
)

// Key file names: "<UTC time>.key" (private, PKCS #8 PEM) or "<UTC
// time>.pub" (public, PKIX PEM). The fixed-width time sorts as it reads.
const (
	stampFormat = "20060102T150405.000000000Z"
	privSuffix  = ".key"
	pubSuffix   = ".pub"
	keyPerm     = 0o600
	keyDirPerm  = 0o700
)

// Key is a private signing key. It satisfies dsse.SignerVerifier.
type Key struct {
	priv    ed25519.PrivateKey
	id      string
	created time.Time
}

// Sign signs data (DSSE's pre-authentication encoding) with Ed25519.
func (k *Key) Sign(_ context.Context, data []byte) ([]byte, error) {
	return ed25519.Sign(k.priv, data), nil
}

// Verify checks a signature of data by this key.
func (k *Key) Verify(ctx context.Context, data, sig []byte) error {
	return k.PublicKey().Verify(ctx, data, sig)
}

// KeyID is the key's SHA256 fingerprint, "SHA256:…".
func (k *Key) KeyID() (string, error) { return k.id, nil }

// Public returns the ed25519.PublicKey.
func (k *Key) Public() crypto.PublicKey { return k.priv.Public() }

// PublicKey returns the key's public half.
func (k *Key) PublicKey() PublicKey {
	return PublicKey{ID: k.id, Key: k.priv.Public().(ed25519.PublicKey), Created: k.created}
}

// PublicKey is a key that verifies signatures. It satisfies dsse.Verifier.
type PublicKey struct {
	ID      string            // "SHA256:…", the DSSE key id
	Key     ed25519.PublicKey //
	Created time.Time         // zero when unknown
	// Current says the key signs new runs; the others were rotated out and
	// verify older runs.
	Current bool
	// Host is the host name of the worker that published the key, when it
	// was published (empty for a key read from a keyring or a file).
	Host string
}

var errBadSignature = errors.New("ed25519: signature does not verify")

// Verify checks a signature of data.
func (p PublicKey) Verify(_ context.Context, data, sig []byte) error {
	if len(p.Key) != ed25519.PublicKeySize || !ed25519.Verify(p.Key, data, sig) {
		return errBadSignature
	}
	return nil
}

// KeyID returns p.ID.
func (p PublicKey) KeyID() (string, error) { return p.ID, nil }

// Public returns the ed25519.PublicKey.
func (p PublicKey) Public() crypto.PublicKey { return p.Key }

// PEM returns the key as a PKIX "PUBLIC KEY" PEM block, the form openssl
// and most tools read.
func (p PublicKey) PEM() string {
	der, err := x509.MarshalPKIXPublicKey(p.Key)
	if err != nil {
		return ""
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// KeyID returns the DSSE key id of an Ed25519 public key: its SSH SHA256
// fingerprint, as `ssh-keygen -l` prints it.
func KeyID(pub ed25519.PublicKey) (string, error) {
	return dsse.SHA256KeyID(pub)
}

func newPublicKey(pub ed25519.PublicKey, created time.Time) (PublicKey, error) {
	id, err := KeyID(pub)
	if err != nil {
		return PublicKey{}, err
	}
	return PublicKey{ID: id, Key: pub, Created: created}, nil
}

// Keyring is a directory of signing keys. Methods re-read the directory, so
// a rotation by another process (vouch attestation-keys rotate) takes
// effect at the next signature. A Keyring is safe for concurrent use.
type Keyring struct {
	dir string
	mu  sync.Mutex
	now func() time.Time
}

// NewKeyring returns the keyring in dir. Nothing is created until a key is
// needed.
func NewKeyring(dir string) *Keyring {
	return &Keyring{dir: dir, now: time.Now}
}

// Dir returns the keyring's directory.
func (k *Keyring) Dir() string { return k.dir }

// Signer returns the current signing key, creating the first one (and the
// directory) when there is none.
func (k *Keyring) Signer() (*Key, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	names, err := k.names(privSuffix)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return k.create()
	}
	return k.load(names[len(names)-1])
}

// Rotate makes a new signing key and replaces every older private key by
// its public half, which stays listed to verify older runs.
func (k *Keyring) Rotate() (*Key, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	old, err := k.names(privSuffix)
	if err != nil {
		return nil, err
	}
	nk, err := k.create()
	if err != nil {
		return nil, err
	}
	for _, name := range old {
		key, err := k.load(name)
		if err != nil {
			return nil, err
		}
		pub := strings.TrimSuffix(name, privSuffix) + pubSuffix
		if err := writeAtomic(filepath.Join(k.dir, pub), []byte(key.PublicKey().PEM()), 0o644); err != nil {
			return nil, fmt.Errorf("attest: keeping the public key of %s: %w", name, err)
		}
		if err := os.Remove(filepath.Join(k.dir, name)); err != nil {
			return nil, fmt.Errorf("attest: removing the old private key %s: %w", name, err)
		}
	}
	return nk, nil
}

// PublicKeys lists every key of the keyring, newest first; the newest
// private key is Current. An empty or missing directory has none.
func (k *Keyring) PublicKeys() ([]PublicKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	privs, err := k.names(privSuffix)
	if err != nil {
		return nil, err
	}
	pubs, err := k.names(pubSuffix)
	if err != nil {
		return nil, err
	}
	var out []PublicKey
	seen := map[string]bool{}
	for i, name := range privs {
		key, err := k.load(name)
		if err != nil {
			return nil, err
		}
		p := key.PublicKey()
		p.Current = i == len(privs)-1
		out = append(out, p)
		seen[p.ID] = true
	}
	for _, name := range pubs {
		b, err := os.ReadFile(filepath.Join(k.dir, name))
		if err != nil {
			return nil, fmt.Errorf("attest: %w", err)
		}
		ps, err := ParsePublicKeys(b)
		if err != nil {
			return nil, fmt.Errorf("attest: %s: %w", name, err)
		}
		for _, p := range ps {
			if !seen[p.ID] {
				p.Created = stampOf(name)
				out = append(out, p)
				seen[p.ID] = true
			}
		}
	}
	slices.SortStableFunc(out, func(a, b PublicKey) int { return b.Created.Compare(a.Created) })
	return out, nil
}

// names lists the files with suffix, oldest first.
func (k *Keyring) names(suffix string) ([]string, error) {
	es, err := os.ReadDir(k.dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("attest: reading the keyring: %w", err)
	}
	var out []string
	for _, e := range es {
		if !e.IsDir() && strings.HasSuffix(e.Name(), suffix) && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out, nil
}

func (k *Keyring) create() (*Key, error) {
	if err := os.MkdirAll(k.dir, keyDirPerm); err != nil {
		return nil, fmt.Errorf("attest: creating the keyring: %w", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, err
	}
	now := k.now().UTC()
	name := now.Format(stampFormat) + privSuffix
	b := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	if err := writeAtomic(filepath.Join(k.dir, name), b, keyPerm); err != nil {
		return nil, fmt.Errorf("attest: writing the signing key: %w", err)
	}
	id, err := KeyID(priv.Public().(ed25519.PublicKey))
	if err != nil {
		return nil, err
	}
	return &Key{priv: priv, id: id, created: stampOf(name)}, nil
}

func (k *Keyring) load(name string) (*Key, error) {
	p := filepath.Join(k.dir, name)
	st, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("attest: %w", err)
	}
	// As ssh refuses a private key others can read: a copied key signs
	// runs that never happened.
	if st.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("attest: the signing key %s can be read by others (mode %04o); run chmod 600 on it", p, st.Mode().Perm())
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("attest: %w", err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("attest: %s is not a PEM private key", p)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("attest: %s: %w", p, err)
	}
	priv, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("attest: %s is not an Ed25519 key", p)
	}
	id, err := KeyID(priv.Public().(ed25519.PublicKey))
	if err != nil {
		return nil, err
	}
	return &Key{priv: priv, id: id, created: stampOf(name)}, nil
}

func stampOf(name string) time.Time {
	t, _ := time.Parse(stampFormat, strings.TrimSuffix(strings.TrimSuffix(name, privSuffix), pubSuffix))
	return t
}

// writeAtomic writes data to a temporary file with perm and renames it
// to name, so that a key file is never half written.
func writeAtomic(name string, data []byte, perm os.FileMode) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

// KeySet is the JSON document GET /api/v1/attestation-keys serves and
// ParsePublicKeys reads.
type KeySet struct {
	Keys []KeyRecord `json:"keys"`
}

// KeyRecord is one public key in a KeySet.
type KeyRecord struct {
	KeyID     string    `json:"keyid"`
	Algorithm string    `json:"algorithm"` // "ed25519"
	PublicKey string    `json:"public_key"`
	CreatedAt time.Time `json:"created_at,omitzero"`
	Current   bool      `json:"current"`
	// Host is the worker that published the key, when known.
	Host string `json:"host,omitempty"`
}

// NewKeySet returns the published form of keys.
func NewKeySet(keys []PublicKey) KeySet {
	ks := KeySet{Keys: []KeyRecord{}}
	for _, k := range keys {
		ks.Keys = append(ks.Keys, KeyRecord{KeyID: k.ID, Algorithm: "ed25519", PublicKey: k.PEM(), CreatedAt: k.Created, Current: k.Current, Host: k.Host})
	}
	return ks
}

// ParsePublicKeys reads Ed25519 public keys from PEM ("PUBLIC KEY" blocks,
// any number) or from a KeySet's JSON. A key's id is computed from the key,
// never taken from the document.
func ParsePublicKeys(b []byte) ([]PublicKey, error) {
	if t := strings.TrimSpace(string(b)); strings.HasPrefix(t, "{") {
		var ks KeySet
		if err := json.Unmarshal(b, &ks); err != nil {
			return nil, fmt.Errorf("not a key set: %w", err)
		}
		var out []PublicKey
		for _, r := range ks.Keys {
			ps, err := ParsePublicKeys([]byte(r.PublicKey))
			if err != nil {
				return nil, fmt.Errorf("key %s: %w", r.KeyID, err)
			}
			for _, p := range ps {
				p.Created, p.Current, p.Host = r.CreatedAt, r.Current, r.Host
				out = append(out, p)
			}
		}
		if len(out) == 0 {
			return nil, errors.New("the key set has no keys")
		}
		return out, nil
	}
	var out []PublicKey
	for rest := b; ; {
		var blk *pem.Block
		blk, rest = pem.Decode(rest)
		if blk == nil {
			break
		}
		if blk.Type != "PUBLIC KEY" {
			continue
		}
		parsed, err := x509.ParsePKIXPublicKey(blk.Bytes)
		if err != nil {
			return nil, err
		}
		pub, ok := parsed.(ed25519.PublicKey)
		if !ok {
			return nil, errors.New("not an Ed25519 public key")
		}
		p, err := newPublicKey(pub, time.Time{})
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, errors.New(`no "PUBLIC KEY" PEM block found`)
	}
	return out, nil
}
