package evidence

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
)

// Masked replaces a secret's value in every text artifact.
const Masked = "••••"

// masker replaces secrets, in each spelling they take in HTML, JSON and URLs,
// with Masked. It is safe for concurrent use.
type masker struct {
	// filters are what contains looks for: per secret, the start its
	// spellings share when it is long enough to be selective, else every
	// spelling.
	filters [][]byte
	r       *strings.Replacer
}

func newMasker(secrets []string) *masker {
	m := &masker{}
	seen := map[string]bool{}
	var all []string
	for _, s := range secrets {
		if s == "" {
			continue
		}
		sp := spellings(s)
		for _, v := range sp {
			if v != "" && !seen[v] {
				seen[v] = true
				all = append(all, v)
			}
		}
		if p := commonPrefix(sp); len(p) >= minFilter {
			m.filters = append(m.filters, []byte(p))
		} else {
			for _, v := range sp {
				m.filters = append(m.filters, []byte(v))
			}
		}
	}
	// The replacer tries its old strings in argument order at each position,
	// so longest first makes a secret that contains another masked whole.
	slices.SortStableFunc(all, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, v := range all {
		pairs = append(pairs, v, Masked)
	}
	if len(pairs) > 0 {
		m.r = strings.NewReplacer(pairs...)
	}
	return m
}

// spellings lists how s can appear in the artifacts: as is, HTML-escaped
// the ways browsers serialise text and attributes and html/template and
// html.EscapeString write it, JSON-escaped with and without HTML-safe
// escapes, and URL-encoded as in query strings, form bodies and paths.
func spellings(s string) []string {
	out := []string{s}
	for _, esc := range htmlEscapers {
		out = append(out, esc.Replace(s))
	}
	out = append(out, jsonEscape(s, true), jsonEscape(s, false))
	out = append(out, url.QueryEscape(s), url.PathEscape(s))
	return out
}

var htmlEscapers = []*strings.Replacer{
	// Browser serialisation of text nodes (outerHTML, XMLSerializer).
	strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;"),
	// Browser serialisation of attribute values, before and after Chromium
	// began escaping < and > in attributes.
	strings.NewReplacer("&", "&amp;", `"`, "&quot;", "\u00a0", "&nbsp;"),
	strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;"),
	// html.EscapeString and text/template's HTMLEscape.
	strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;"),
	// html/template in attribute values.
	strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;"),
}

func jsonEscape(s string, htmlSafe bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(htmlSafe)
	if err := enc.Encode(s); err != nil {
		return s // a string always encodes
	}
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}

// minFilter is the shortest shared start of a secret's spellings that is
// worth searching for alone.
const minFilter = 4

func commonPrefix(ss []string) string {
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	return p
}

// contains reports whether b may hold a secret. Searching with
// bytes.Contains (vectorised) for one shared start per secret keeps the
// common case, no secret in the page, at a fraction of a replacer pass
// (BenchmarkMask).
func (m *masker) contains(b []byte) bool {
	for _, n := range m.filters {
		if bytes.Contains(b, n) {
			return true
		}
	}
	return false
}

// bytes returns b with every secret replaced; b itself when none occurs.
func (m *masker) bytes(b []byte) []byte {
	if m.r == nil || !m.contains(b) {
		return b
	}
	return []byte(m.r.Replace(string(b)))
}

func (m *masker) string(s string) string {
	if m.r == nil {
		return s
	}
	return m.r.Replace(s)
}
