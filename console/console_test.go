package console

import "testing"

func TestSafeNext(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "/console/"},
		{"/console/plans/pln_1", "/console/plans/pln_1"},
		{"/console/plans/pln_1?x=1", "/console/plans/pln_1?x=1"},
		{"/api/v1/usage", "/console/"},
		{"//evil.example/console/", "/console/"},
		{"/\\evil.example", "/console/"},
		{"/console/\\evil", "/console/"},
		{"https://evil.example/console/", "/console/"},
		{"javascript:alert(1)", "/console/"},
		{"/console/\r\nSet-Cookie: x=1", "/console/"},
	}
	for _, tt := range tests {
		if got := safeNext(tt.in); got != tt.want {
			t.Errorf("safeNext(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFlashTextOnlyKnownValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"approved", "Approved. Runs of this plan may now start."},
		{"rejected", "Rejected. This plan will never run."},
		{"<script>", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := flashText(tt.in); got != tt.want {
			t.Errorf("flashText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
