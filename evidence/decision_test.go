package evidence

import "testing"

func TestCombine(t *testing.T) {
	tests := []struct {
		in   []Decision
		want Decision
	}{
		{nil, Blocked},
		{[]Decision{}, Blocked},
		{[]Decision{Verified}, Verified},
		{[]Decision{Verified, Verified}, Verified},
		{[]Decision{Verified, Blocked}, Blocked},
		{[]Decision{Blocked, Verified}, Blocked},
		{[]Decision{Verified, Failed}, Failed},
		{[]Decision{Blocked, Failed, Verified}, Failed},
		{[]Decision{Failed, Blocked}, Failed},
		{[]Decision{""}, Blocked},
		{[]Decision{Verified, "passed"}, Blocked},
	}
	for _, tt := range tests {
		if got := Combine(tt.in...); got != tt.want {
			t.Errorf("Combine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecisionValid(t *testing.T) {
	for d, want := range map[Decision]bool{Verified: true, Failed: true, Blocked: true, "": false, "Verified": false} {
		if d.Valid() != want {
			t.Errorf("%q.Valid() = %v", d, !want)
		}
	}
}
