package runner

import (
	"os"
	"testing"
)

func TestFindChromeFor(t *testing.T) {
	_, shellErr := os.Stat(HeadlessShell)
	if shellErr != nil && os.Getenv("CI") != "true" {
		t.Skip("chromium-headless-shell is not installed (apt-get install chromium-headless-shell)")
	}
	tests := []struct {
		name   string
		env    string
		headed bool
		want   string
	}{
		{"headless prefers the headless shell", "", false, HeadlessShell},
		{"$VOUCH_CHROME wins", "/opt/my/chrome", false, "/opt/my/chrome"},
		{"$VOUCH_CHROME wins when headed", "/opt/my/chrome", true, "/opt/my/chrome"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("VOUCH_CHROME", tc.env)
			got, err := FindChromeFor(tc.headed)
			if err != nil || got != tc.want {
				t.Fatalf("FindChromeFor(%v) = %q, %v; want %q", tc.headed, got, err, tc.want)
			}
		})
	}
	t.Run("headed never picks the headless shell", func(t *testing.T) {
		t.Setenv("VOUCH_CHROME", "")
		got, err := FindChromeFor(true)
		if err == nil && got == HeadlessShell {
			t.Fatalf("FindChromeFor(true) = %q: the headless shell cannot show a window", got)
		}
	})
}
