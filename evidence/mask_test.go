package evidence

import (
	"slices"
	"testing"
)

func TestMask(t *testing.T) {
	tests := []struct {
		name    string
		secrets []string
		in      string
		want    string
	}{
		{"no secrets", nil, "password hunter2", "password hunter2"},
		{"empty secret ignored", []string{""}, "abc", "abc"},
		{"plain", []string{"hunter2"}, "typed hunter2 twice: hunter2", "typed •••• twice: ••••"},
		{"html text", []string{"a&<b>"}, "<p>a&amp;&lt;b&gt;</p>", "<p>••••</p>"},
		{"html attribute", []string{`p"w&d`}, `<input value="p&quot;w&amp;d">`, `<input value="••••">`},
		{"html/template", []string{"x'+y"}, "<a title=\"x&#39;&#43;y\">", "<a title=\"••••\">"},
		{"json", []string{"a&<b>\"c"}, `{"p":"a\u0026\u003cb\u003e\"c","q":"a&<b>\"c"}`, `{"p":"••••","q":"••••"}`},
		{"query", []string{"p@ss w&rd"}, "u=me&p=p%40ss+w%26rd", "u=me&p=••••"},
		{"path", []string{"p@ss w/rd"}, "/reset/p@ss%20w%2Frd", "/reset/••••"},
		{"nbsp", []string{"a\u00a0b"}, "<b>a&nbsp;b</b>", "<b>••••</b>"},
		{"longest first", []string{"abc", "abcdef"}, "abcdefg abc", "••••g ••••"},
		{"several", []string{"tok_1", "pw"}, "pw and tok_1", "•••• and ••••"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMasker(tt.secrets)
			if got := m.string(tt.in); got != tt.want {
				t.Errorf("string(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := string(m.bytes([]byte(tt.in))); got != tt.want {
				t.Errorf("bytes(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestMaskBytesUnchangedIsSameSlice(t *testing.T) {
	m := newMasker([]string{"secret"})
	in := []byte("nothing to hide")
	if out := m.bytes(in); &out[0] != &in[0] {
		t.Error("bytes copied content without a secret in it")
	}
}

func TestSpellings(t *testing.T) {
	got := spellings(`a&<"b'+ c/`)
	for _, want := range []string{
		`a&<"b'+ c/`,
		`a&amp;&lt;"b'+ c/`,             // text node
		`a&amp;<&quot;b'+ c/`,           // attribute
		`a&amp;&lt;&#34;b&#39;+ c/`,     // html.EscapeString
		`a&amp;&lt;&#34;b&#39;&#43; c/`, // html/template attribute
		`a\u0026\u003c\"b'+ c/`,         // JSON, HTML-safe
		`a&<\"b'+ c/`,                   // JSON
		`a%26%3C%22b%27%2B+c%2F`,        // query
		`a&%3C%22b%27+%20c%2F`,          // path
	} {
		if !slices.Contains(got, want) {
			t.Errorf("spellings lack %q; have %q", want, got)
		}
	}
}
