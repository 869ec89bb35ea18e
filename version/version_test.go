package version

import (
	"runtime/debug"
	"testing"
)

func TestResolve(t *testing.T) {
	info := func(v string, settings ...debug.BuildSetting) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/vouchdev/vouch", Version: v}, Settings: settings}, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef0123"}
	dirty := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	tests := []struct {
		name, linked string
		read         func() (*debug.BuildInfo, bool)
		want         string
	}{
		{"linker wins", "v1.2.3", info("v0.9.0", rev), "1.2.3"},
		{"module version", "", info("v0.5.1"), "0.5.1"},
		{"checkout", "", info("(devel)", rev), "dev+0123456789ab"},
		{"dirty checkout", "", info("(devel)", rev, dirty), "dev+0123456789ab.dirty"},
		{"no vcs", "", info("(devel)"), "dev"},
		{"no build info", "", none, "dev"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolve(tt.linked, tt.read); got != tt.want {
				t.Errorf("resolve = %q, want %q", got, tt.want)
			}
		})
	}
}
