package claim

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// These mirror what plan's validation accepts, so the rules only build
// steps a plan can hold; plan.Validate still checks every derived plan.

// secretName is a secret's name as plan steps accept it.
var secretName = lazyRE(`^[A-Za-z_][A-Za-z0-9_]*$`)

// checkLocation accepts a path on the base URL or an absolute http(s) URL.
func checkLocation(v string) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return fmt.Errorf("no location")
	}
	if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//") {
		_, err := url.Parse(v)
		return err
	}
	u, err := url.Parse(v)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("%q is not a path or an http(s) URL", v)
	}
	return nil
}

var keyModifiers = []string{"Control", "Shift", "Alt", "Meta"}

// checkKey accepts what press accepts: a single character or a named key,
// with modifiers.
func checkKey(v string) error {
	if v == "" {
		return fmt.Errorf("no key")
	}
	parts := strings.Split(v, "+")
	for _, m := range parts[:len(parts)-1] {
		if !slices.Contains(keyModifiers, m) {
			return fmt.Errorf("unknown modifier %q", m)
		}
	}
	key := parts[len(parts)-1]
	if len([]rune(key)) == 1 || slices.Contains(plan.Keys, key) {
		return nil
	}
	return fmt.Errorf("unknown key %q", key)
}

func contains(xs []string, x string) bool { return slices.Contains(xs, x) }
