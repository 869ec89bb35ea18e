package attest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/evidence"
)

// Sign a run directory with a keyring's current key, then check it with
// the keyring's public keys, as a third party would with the keys the
// server publishes.
func Example() {
	tmp, _ := os.MkdirTemp("", "attest-example")
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "run")

	// A run directory as the runner leaves it (here with one screenshot).
	w, _ := evidence.NewWriter(dir, nil)
	shot := w.Put(evidence.Screenshot, "png", "image/png", []byte("\x89PNG…"), 1, 1, "after step")
	_ = w.Flush()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	_ = w.WriteManifest(&evidence.Manifest{
		PlanID: "4f2c7a0b9d1e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c", BaseURL: "https://staging.example.com/",
		Started: now, Ended: now.Add(time.Second), Decision: evidence.Verified, Artifacts: []evidence.Artifact{shot},
		Journeys: []evidence.JourneyResult{{Index: 1, Name: "home", Decision: evidence.Verified}},
	})
	_ = w.Close()

	keys := attest.NewKeyring(filepath.Join(tmp, "keys"))
	key, err := keys.Signer() // created on first use
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := attest.Write(context.Background(), attest.Run{Dir: dir, Runner: attest.Runner{Mode: "local"}}, key); err != nil {
		fmt.Println(err)
		return
	}

	trusted, _ := keys.PublicKeys()
	r := attest.Verify(context.Background(), os.DirFS(dir), trusted)
	fmt.Println(r.Valid, r.Predicate.Decision, r.FilesChecked, "files")

	_ = os.WriteFile(filepath.Join(dir, shot.File), []byte("something else"), 0o644)
	r = attest.Verify(context.Background(), os.DirFS(dir), trusted)
	fmt.Println(r.Valid, r.Problems[0].Reason[:8])
	// Output:
	// true verified 2 files
	// false tampered
}
