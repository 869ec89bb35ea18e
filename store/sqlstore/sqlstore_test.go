package sqlstore

import "testing"

func TestRebind(t *testing.T) {
	tests := []struct {
		numbered bool
		q, want  string
	}{
		{false, `SELECT 1 FROM t WHERE a = ? AND b = ?`, `SELECT 1 FROM t WHERE a = ? AND b = ?`},
		{true, `SELECT 1 FROM t WHERE a = ? AND b = ?`, `SELECT 1 FROM t WHERE a = $1 AND b = $2`},
		{true, `SELECT 1`, `SELECT 1`},
		{true, `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, `VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`},
	}
	for _, tt := range tests {
		d := &Dialect{Numbered: tt.numbered}
		if got := d.Rebind(tt.q); got != tt.want {
			t.Errorf("Rebind(%q) numbered=%v = %q, want %q", tt.q, tt.numbered, got, tt.want)
		}
	}
}
