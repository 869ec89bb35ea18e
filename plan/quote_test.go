package plan

import "testing"

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Sign in", `"Sign in"`},
		{`input[name="email"]`, `“input[name="email"]”`},
		{`C:\path`, `"C:\path"`},
		{"a\nb", `"a\nb"`},
		{"", `""`},
	}
	for _, tc := range tests {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
