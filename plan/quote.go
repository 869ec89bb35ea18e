package plan

import (
	"strconv"
	"strings"
)

// Quote puts s in quotation marks for people to read, without the
// backslashes of Go's %q: "Sign in", or “say "hi"” when s holds a double
// quote. Only control characters, which a reader could not see, are still
// escaped.
func Quote(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return strconv.Quote(s)
	}
	if strings.Contains(s, `"`) {
		return "“" + s + "”"
	}
	return `"` + s + `"`
}
