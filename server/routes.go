package server

import (
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/api"
)

// muxer is where the server's parts are mounted: a ServeMux that
// remembers, for each pattern, the API routes served under it.
type muxer interface {
	mount(pattern string, h http.Handler, routes []api.Route)
}

// mount is one pattern registered on the server's mux and the routes
// (paths after the /api/v1 or /v1 prefix) its handler serves there; none
// for what is not under a prefix (the console, /mcp).
type mount struct {
	pattern string
	routes  []api.Route
}

// routeMux is an http.ServeMux that records what is mounted on it.
type routeMux struct {
	*http.ServeMux
	mounts []mount
}

func (m *routeMux) mount(pattern string, h http.Handler, routes []api.Route) {
	m.ServeMux.Handle(pattern, h)
	m.mounts = append(m.mounts, mount{pattern: pattern, routes: routes})
}

// Handle registers a handler that serves no API route.
func (m *routeMux) Handle(pattern string, h http.Handler) { m.mount(pattern, h, nil) }

// HandleFunc registers a handler function that serves no API route.
func (m *routeMux) HandleFunc(pattern string, f func(http.ResponseWriter, *http.Request)) {
	m.mount(pattern, http.HandlerFunc(f), nil)
}

// Routes lists every route the server serves under /api/v1 (each is also
// served under /v1): the API's own, the chat endpoint's, the webhook
// registration API's and the progress endpoint, with their paths after
// the prefix and every error code each may answer, in the order they
// were mounted. api/openapi.json describes exactly these (a test holds it
// to them).
func (s *Server) Routes() []api.Route {
	var out []api.Route
	seen := map[string]bool{}
	for _, m := range s.mounts {
		if !underPrefix(m.pattern, api.Prefixes[0]) {
			continue
		}
		for _, rt := range m.routes {
			if k := rt.Method + " " + rt.Path; !seen[k] {
				seen[k] = true
				out = append(out, rt)
			}
		}
	}
	return out
}

// patternPath is a mux pattern's path, without its method and host.
func patternPath(pattern string) string {
	if _, p, ok := strings.Cut(pattern, " "); ok {
		pattern = p
	}
	if i := strings.Index(pattern, "/"); i > 0 {
		pattern = pattern[i:]
	}
	return pattern
}

// underPrefix says whether a pattern's path is prefix or below it.
func underPrefix(pattern, prefix string) bool {
	p := patternPath(pattern)
	return p == prefix || strings.HasPrefix(p, prefix+"/")
}

// servedAt picks, of routes (paths after a prefix), those a pattern
// mounted under that prefix serves: its exact path, or for a pattern
// ending in / every path below it.
func servedAt(pattern string, routes []api.Route) []api.Route {
	mp := patternPath(pattern)
	var out []api.Route
	for _, prefix := range api.Prefixes {
		if !underPrefix(pattern, prefix) {
			continue
		}
		for _, rt := range routes {
			if full := prefix + rt.Path; full == mp || strings.HasSuffix(mp, "/") && strings.HasPrefix(full, mp) {
				out = append(out, rt)
			}
		}
	}
	return out
}
