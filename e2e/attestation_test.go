package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A verification run by vouch serve is signed. Another process (the vouch
// binary) downloads its evidence and verifies it with nothing but the keys
// the server publishes; one flipped byte fails naming the file; an
// unknown key fails. After a rotation made by yet another process on the
// data directory, new runs are signed by the new key, both keys are
// published, and the earlier run still verifies.
func TestAttestationEndToEnd(t *testing.T) {
	needChrome(t)
	bin := buildVouch(t)
	e := start(t, options{})
	vouch := func(wantCode int, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		// An empty config directory: no key of this user is trusted.
		cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "VOUCH_API_KEY=")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != wantCode {
			t.Fatalf("vouch %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantCode, out.String())
		}
		return out.String()
	}
	keySet := func() []map[string]any {
		t.Helper()
		r := e.do(req{method: "GET", path: "/api/v1/attestation-keys"}) // no credentials
		var ks struct {
			Keys []map[string]any `json:"keys"`
		}
		if r.status != http.StatusOK || json.Unmarshal(r.body, &ks) != nil {
			t.Fatalf("attestation-keys: %d %s", r.status, r.body)
		}
		return ks.Keys
	}
	keys := keySet()
	if len(keys) != 1 || keys[0]["current"] != true || !strings.HasPrefix(keys[0]["public_key"].(string), "-----BEGIN PUBLIC KEY-----") {
		t.Fatalf("keys on first start = %v", keys)
	}
	firstKey := keys[0]["keyid"].(string)
	if b, err := os.ReadFile(filepath.Join(e.dataDir, "vouch.db")); err == nil && bytes.Contains(b, []byte("PRIVATE KEY")) {
		t.Error("the database holds a private key")
	}

	planID := e.approved(e.appURL, homeClaim)
	id := e.startRun(planID, e.appURL, homeClaim)
	m := e.wait(id)
	att, _ := m["attestation"].(map[string]any)
	if m["decision"] != "verified" || att["valid"] != true || att["summary"] != "signature valid (key "+firstKey+")" {
		t.Fatalf("record: decision %v, attestation %v", m["decision"], att)
	}

	dir := filepath.Join(t.TempDir(), "evidence")
	vouch(0, "result", id, "--download", dir, "--server", e.base, "--key", e.read)
	for _, f := range []string{"attestation.dsse.json", "test-result.dsse.json", "manifest.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("--download left out %s", f)
		}
	}
	if out := vouch(0, "evidence", "verify", dir, "--server", e.base); !strings.HasPrefix(out, "VALID") || !strings.Contains(out, firstKey) {
		t.Fatalf("verify --server:\n%s", out)
	}
	keyFile := filepath.Join(t.TempDir(), "keys.json")
	if err := os.WriteFile(keyFile, e.do(req{method: "GET", path: "/api/v1/attestation-keys"}).body, 0o644); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Result struct {
			Valid     bool `json:"valid"`
			Predicate struct {
				Approval struct {
					By string `json:"by"`
				} `json:"approval"`
			} `json:"predicate"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(vouch(0, "evidence", "verify", dir, "--key", keyFile, "--json")), &res); err != nil ||
		!res.Result.Valid || res.Result.Predicate.Approval.By != e.email {
		t.Fatalf("verify --key --json: %v %+v", err, res)
	}
	if out := vouch(1, "evidence", "verify", dir); !strings.Contains(out, "unknown key") {
		t.Errorf("verify without the server's key:\n%s", out)
	}

	// One byte of the network log flipped.
	tampered := filepath.Join(t.TempDir(), "tampered")
	if err := os.CopyFS(tampered, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	har, _ := filepath.Glob(filepath.Join(tampered, "*.har"))
	if len(har) == 0 {
		t.Fatal("no HAR downloaded")
	}
	b, _ := os.ReadFile(har[0])
	b[len(b)/2] ^= 1
	if err := os.WriteFile(har[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := vouch(1, "evidence", "verify", tampered, "--server", e.base); !strings.Contains(out, filepath.Base(har[0])+": tampered") {
		t.Errorf("tampered HAR:\n%s", out)
	}

	// Rotation by another process while the server runs.
	vouch(0, "attestation-keys", "rotate", "--data", e.dataDir)
	keys = keySet()
	if len(keys) != 2 || keys[1]["keyid"] != firstKey || keys[0]["current"] != true || keys[1]["current"] != false {
		t.Fatalf("keys after rotation = %v", keys)
	}
	id2 := e.startRun(planID, e.appURL, homeClaim)
	att2, _ := e.wait(id2)["attestation"].(map[string]any)
	if att2["valid"] != true || att2["keyid"] != keys[0]["keyid"] {
		t.Fatalf("after rotation: %v (new key %v)", att2, keys[0]["keyid"])
	}
	if out := vouch(0, "evidence", "verify", dir, "--server", e.base); !strings.Contains(out, firstKey) {
		t.Errorf("the run signed before the rotation:\n%s", out)
	}
}
