package runner

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/vouchdev/vouch/plan"
)

// resolve turns a plan location (a path on the deployment, or an absolute
// URL) into a URL. A path is appended to the base URL's own path, so a base
// of https://example.com/app and "/login" give https://example.com/app/login
// — unless the path is already written from the origin (mountPrefix).
func resolve(base *url.URL, loc string) (*url.URL, error) {
	loc = strings.TrimSpace(loc)
	if strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") {
		rel, err := url.Parse(loc)
		if err != nil {
			return nil, err
		}
		u := *base
		u.Path = mountPrefix(base, rel.Path) + rel.Path
		u.RawPath = ""
		u.RawQuery = rel.RawQuery
		u.Fragment = rel.Fragment
		return &u, nil
	}
	u, err := url.Parse(loc)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%q is not a path or an http(s) URL", loc)
	}
	return u, nil
}

// mountPrefix is what goes before a plan's path: the base URL's own path
// (an app mounted at /app), or nothing when the path is written from the
// origin already. A path whose first segment is the mount's first segment
// ("/app/login", "/transmission/rpc" under /transmission/web/), or that
// segment misspelt ("/transmision/web/"), names a place beside the app
// on its origin: prefixing the mount would visit /app/app/login, a page
// nobody meant, whose 404 could decide a claim.
func mountPrefix(base *url.URL, path string) string {
	mount := strings.TrimSuffix(base.Path, "/")
	if mount == "" {
		return ""
	}
	first := func(p string) string {
		p = strings.TrimPrefix(p, "/")
		if i := strings.IndexByte(p, '/'); i >= 0 {
			p = p[:i]
		}
		return strings.ToLower(p)
	}
	m, f := first(mount), first(path)
	if f == "" {
		return mount
	}
	if f == m || len(m) >= 5 && len(f) >= 4 && plan.EditDistance(m, f) <= 2 {
		return ""
	}
	return mount
}

// sameOrigin reports whether a and b share scheme, host and port.
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(hostPort(a), hostPort(b))
}

func hostPort(u *url.URL) string {
	h, p := u.Hostname(), u.Port()
	if p == "" {
		switch u.Scheme {
		case "http":
			p = "80"
		case "https":
			p = "443"
		}
	}
	return strings.ToLower(h) + ":" + p
}

// urlMatches reports whether the page's address matches an expect_url
// value. A path is compared with the page's path on the deployment's
// origin; an absolute URL with its origin and path. The query is compared
// only when the value has one, the fragment only when the value has one. A
// trailing slash is not significant, and * matches any run of characters
// (slashes included).
func urlMatches(base *url.URL, want, got string) bool {
	g, err := url.Parse(got)
	if err != nil {
		return false
	}
	w := strings.TrimSpace(want)
	var wantOrigin, wantRest string
	if strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "//") {
		if !sameOrigin(base, g) {
			return false
		}
		p, _, _ := splitRest(w)
		wantRest = mountPrefix(base, p) + w
	} else {
		i := strings.Index(w, "://")
		if i < 0 {
			return false
		}
		j := strings.IndexAny(w[i+3:], "/?#")
		if j < 0 {
			wantOrigin, wantRest = w, "/"
		} else {
			wantOrigin, wantRest = w[:i+3+j], w[i+3+j:]
		}
		gotOrigin := strings.ToLower(g.Scheme) + "://" + strings.ToLower(g.Host)
		if !globMatch(strings.ToLower(wantOrigin), gotOrigin) {
			return false
		}
	}
	path, query, frag := splitRest(wantRest)
	gotPath := g.EscapedPath()
	if !globMatch(trimSlash(path), trimSlash(gotPath)) {
		// Compare unescaped too: the plan may spell /caf\u00e9 or /caf%C3%A9.
		if !globMatch(trimSlash(path), trimSlash(g.Path)) {
			return false
		}
	}
	if query != nil && !globMatch(*query, g.RawQuery) {
		if uq, err := url.QueryUnescape(g.RawQuery); err != nil || !globMatch(*query, uq) {
			return false
		}
	}
	if frag != nil && !globMatch(*frag, g.Fragment) {
		return false
	}
	return true
}

func splitRest(s string) (path string, query, frag *string) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		f := s[i+1:]
		frag = &f
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		q := s[i+1:]
		query = &q
		s = s[:i]
	}
	return s, query, frag
}

func trimSlash(p string) string {
	if p == "" {
		return "/"
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}

// globMatch matches s against a pattern where * stands for any run of
// characters.
func globMatch(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, last)
}
