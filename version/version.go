// Package version holds the one version of vouch that every part reports:
// `vouch --version`, the MCP server's implementation version, the Go
// client's User-Agent and the creator of HAR files.
//
// A release build sets it at link time:
//
//	go build -ldflags "-X github.com/vouchdev/vouch/version.Version=1.2.3" ./cmd/vouch
//
// Otherwise it comes from the build information Go records: the module
// version for `go install github.com/vouchdev/vouch/cmd/vouch@v1.2.3`,
// else "dev" with the VCS revision of a build from a checkout.
package version

import (
	"runtime/debug"
	"strings"
	"sync"
)

// Version is set by the linker (-X) in release builds; read it with
// String.
var Version = ""

var (
	once     sync.Once
	resolved string
)

// String returns vouch's version: the linker's, else the module's, else
// "dev", "dev+<12 hex digits of the revision>" or that with ".dirty"
// when the checkout had changes.
func String() string {
	once.Do(func() { resolved = resolve(Version, debug.ReadBuildInfo) })
	return resolved
}

func resolve(linked string, read func() (*debug.BuildInfo, bool)) string {
	if v := strings.TrimSpace(linked); v != "" {
		return strings.TrimPrefix(v, "v")
	}
	bi, ok := read()
	if !ok || bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	var rev string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	out := "dev+" + rev[:min(12, len(rev))]
	if dirty {
		out += ".dirty"
	}
	return out
}
