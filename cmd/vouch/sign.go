package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vouchdev/vouch/attest"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/version"
)

// signLocalRun signs a vouch run's evidence with this user's key, made on
// first use, and returns the envelope's path ("" when the run recorded no
// evidence or signing failed, which is reported on stderr: the decision
// stands either way).
func signLocalRun(ctx context.Context, e *env, res *runner.Result) string {
	if res == nil || res.Dir == "" || res.Report == "" {
		return ""
	}
	warn := func(err error) string {
		fmt.Fprintf(e.stderr, "vouch: the evidence is not signed: %v\n", err)
		return ""
	}
	kr, err := localKeyring(e)
	if err != nil {
		return warn(err)
	}
	key, err := kr.Signer()
	if err != nil {
		return warn(err)
	}
	err = attest.Write(ctx, attest.Run{Dir: res.Dir, Runner: attest.Runner{Name: "vouch", Version: version.String(), Mode: "local"}}, key)
	if err != nil {
		return warn(err)
	}
	return filepath.Join(res.Dir, attest.EnvelopeFile)
}

// attestationPath is the run's envelope, if it was signed.
func attestationPath(dir string) string {
	if dir == "" {
		return ""
	}
	p := filepath.Join(dir, attest.EnvelopeFile)
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}
