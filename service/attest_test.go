package service_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store"
)

// withBucket makes evidence go through a shared bucket, as processes on
// different machines share one.
func withBucket(b *blob.Bucket) option {
	return func(c *service.Config) { c.EvidenceBucket = b }
}

// withDataDir gives the service its own data directory (its own keyring)
// while the database stays the one of the env's directory.
func withDataDir(dir string) option {
	return func(c *service.Config) { c.DataDir = dir }
}

// lyingKey signs with its own private key but names another key id.
type lyingKey struct {
	*attest.Key
	id string
}

func (k lyingKey) KeyID() (string, error) { return k.id, nil }

// TestSignaturesAcrossWorkers: two workers with their own data directories
// (and so their own keys) share one database and one bucket; a server with
// a third data directory, holding neither worker's key, reports both
// workers' signatures valid through the keys they published, lists every
// published key, and reports a tampered signature, an unknown key id and a
// key published under a false id as not valid.
func TestSignaturesAcrossWorkers(t *testing.T) {
	app.Reset()
	bucket, err := fileblob.OpenBucket(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	dbDir, c := t.TempDir(), newClock()
	srv := newEnvAt(t, dbDir, c, withBucket(bucket), func(cfg *service.Config) { cfg.NoWorkers = true }).started()

	// One worker at a time, so that each run is signed by the worker we
	// name: a is stopped before b starts.
	var runs []*service.Verification
	var signers []string
	for _, name := range []string{"a", "b"} {
		data := filepath.Join(t.TempDir(), name)
		w := newEnvAt(t, dbDir, c, withRunner(t, nil), withBucket(bucket), withDataDir(data)).started()
		v := w.wait(w.start(w.approved(claimHome, appURL)).ID)
		if v.Decision != "verified" {
			t.Fatalf("worker %s: %s (%s)", name, v.Decision, v.Reason)
		}
		if err := w.svc.Stop(w.ctx); err != nil {
			t.Fatal(err)
		}
		keys, err := attest.NewKeyring(filepath.Join(data, service.KeyringDir)).PublicKeys()
		if err != nil || len(keys) != 1 {
			t.Fatalf("worker %s keys: %v, %v", name, keys, err)
		}
		runs, signers = append(runs, v), append(signers, keys[0].ID)
	}
	if signers[0] == signers[1] {
		t.Fatal("the two workers share a key")
	}
	own, err := attest.NewKeyring(filepath.Join(dbDir, service.KeyringDir)).PublicKeys()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range own {
		if slices.Contains(signers, k.ID) {
			t.Fatalf("the server's keyring holds worker key %s", k.ID)
		}
	}

	for i, v := range runs {
		r, err := srv.svc.VerifyAttestation(srv.ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Valid || r.KeyID != signers[i] {
			t.Errorf("run %d: valid %v, key %s (want %s): %v", i, r.Valid, r.KeyID, signers[i], r.Problems)
		}
	}

	// The published keys: both workers' and the server's own, each under
	// its own fingerprint, with the host that published it.
	listed, err := srv.svc.AttestationKeys(srv.ctx)
	if err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	for _, id := range append(signers, own[0].ID) {
		i := slices.IndexFunc(listed, func(k attest.PublicKey) bool { return k.ID == id })
		if i < 0 {
			t.Errorf("key %s not listed: %+v", id, listed)
			continue
		}
		if got, _ := attest.KeyID(listed[i].Key); got != id || listed[i].Host != host {
			t.Errorf("listed key %s: fingerprint %s, host %q", id, got, listed[i].Host)
		}
	}
	// What the API serves is enough to verify offline.
	ks, _ := json.Marshal(attest.NewKeySet(listed))
	offline, err := attest.ParsePublicKeys(ks)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(srv.dir, "evidence", runs[1].ID)
	if r, err := attest.VerifyPath(srv.ctx, dir, offline); err != nil || !r.Valid {
		t.Errorf("offline with the published keys: %v, %+v", err, r)
	}

	// A key that names itself by a false id, published straight into the
	// database past the service (which always names a key by its
	// fingerprint).
	forger := attest.NewKeyring(filepath.Join(t.TempDir(), "forger"))
	fk, err := forger.Signer()
	if err != nil {
		t.Fatal(err)
	}
	falseID := "SHA256:" + strings.Repeat("A", 43)
	if err := srv.store.PublishAttestationKey(srv.ctx, &store.AttestationKey{
		ID: falseID, Algorithm: "ed25519", PublicKey: fk.PublicKey().PEM(), CreatedAt: c.Now(), PublishedAt: c.Now(),
	}); err != nil {
		t.Fatal(err)
	}
	resign := func(id string) func(*dsse.Envelope) {
		return func(env *dsse.Envelope) {
			payload, err := base64.StdEncoding.DecodeString(env.Payload)
			if err != nil {
				t.Fatal(err)
			}
			es, err := dsse.NewEnvelopeSigner(lyingKey{fk, id})
			if err != nil {
				t.Fatal(err)
			}
			signed, err := es.SignPayload(context.Background(), env.PayloadType, payload)
			if err != nil {
				t.Fatal(err)
			}
			*env = *signed
		}
	}

	envFile := filepath.Join(dir, attest.EnvelopeFile)
	orig, err := os.ReadFile(envFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		mutate func(*dsse.Envelope)
		want   string
	}{
		{"signature tampered", func(env *dsse.Envelope) {
			sig, _ := base64.StdEncoding.DecodeString(env.Signatures[0].Sig)
			sig[0] ^= 1
			env.Signatures[0].Sig = base64.StdEncoding.EncodeToString(sig)
		}, "tampered"},
		{"unknown key id", func(env *dsse.Envelope) { env.Signatures[0].KeyID = "SHA256:" + strings.Repeat("B", 43) }, "unknown key"},
		{"key published under a false id", resign(falseID), "unknown key"},
		{"another worker's key id", resign(signers[0]), "tampered"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var env dsse.Envelope
			if err := json.Unmarshal(orig, &env); err != nil {
				t.Fatal(err)
			}
			tt.mutate(&env)
			b, _ := json.Marshal(env)
			if err := os.WriteFile(envFile, b, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.WriteFile(envFile, orig, 0o644) })
			r, err := srv.svc.VerifyAttestation(srv.ctx, runs[1].ID)
			if err != nil {
				t.Fatal(err)
			}
			if r.Valid || len(r.Problems) == 0 || !strings.Contains(r.Problems[0].Reason, tt.want) {
				t.Errorf("valid %v, problems %v; want %q", r.Valid, r.Problems, tt.want)
			}
		})
	}
}
