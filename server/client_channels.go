package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/evidence"
	"github.com/vouchdev/vouch/mcpserver"
	"github.com/vouchdev/vouch/service"
)

// MountClientChannels adds to m what vouch's client channels (the CLI, the
// Go SDK, MCP) need beside the API's own routes:
//
//   - /mcp: the MCP tools over streamable HTTP (package mcpserver), with
//     key auth (x-api-key or Authorization: Bearer). Tool calls go to this
//     server's API over loopback with the caller's key, so scopes, rate
//     limits, idempotency and the request log apply to them as to any call.
//   - GET {/api/v1,/v1}/verifications/{id}/progress: a verification's state
//     and each journey's state and steps done (once completed, each one's
//     decision). The record at /verifications/{id} shows only id and state
//     while running (§2.2); this is where `vouch verify` and svc_status read
//     live progress.
//
// routes calls it; tests may mount it on a mux of their own.
func (s *Server) MountClientChannels(m *http.ServeMux) {
	s.mountClientChannels(&routeMux{ServeMux: m})
}

func (s *Server) mountClientChannels(m muxer) {
	mcp, err := mcpserver.HTTPHandler(mcpserver.HTTPConfig{
		BaseURL:      "http://" + loopbackAddr(s.ln.Addr()),
		Authenticate: s.checkKey,
		Logger:       s.log,
	})
	if err != nil {
		// Only a malformed BaseURL fails, and this one is not.
		s.log.Error("mcp endpoint not mounted", "err", err)
	} else {
		m.mount("/mcp", mcp, nil)
	}
	for _, p := range api.Prefixes {
		m.mount("GET "+p+progressRoute.Path, http.HandlerFunc(s.progress), []api.Route{progressRoute})
	}
}

// progressRoute is GET /verifications/{id}/progress. It answers the API's
// refusals of GET /verifications/{id} (the same codes but 405: another
// method on its path reaches the API, which knows no such endpoint).
var progressRoute = func() api.Route {
	rt := api.Route{Method: http.MethodGet, Path: "/verifications/{id}/progress"}
	for _, r := range api.Routes() {
		if r.Method == http.MethodGet && r.Path == "/verifications/{id}" {
			for _, c := range r.Codes {
				if c != service.CodeMethodNotAllowed {
					rt.Codes = append(rt.Codes, c)
				}
			}
		}
	}
	return rt
}()

// checkKey authenticates an API key as the API does: format and checksum
// first (no database lookup for a typo), then the stored hash.
func (s *Server) checkKey(ctx context.Context, key string) error {
	if err := auth.CheckKey(key); err != nil {
		return fmt.Errorf("%w: %v", mcpserver.ErrBadKey, err)
	}
	if _, err := s.svc.AuthenticateKey(ctx, auth.HashKey(key)); err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return fmt.Errorf("%w: %v", mcpserver.ErrBadKey, err)
		}
		return err
	}
	return nil
}

// loopbackAddr is an address to reach the listener from this process: a
// wildcard bind (0.0.0.0, ::) is reached on loopback.
func loopbackAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// progressBody is the answer of GET /verifications/{id}/progress.
type progressBody struct {
	ID       string                    `json:"id"`
	State    string                    `json:"state"`
	Decision string                    `json:"decision,omitempty"`
	Journeys []service.JourneyProgress `json:"journeys"`
}

// progress answers a verification's live progress. Authentication,
// authorization, rate limiting, the request id and error envelopes are the
// API's: the request is first answered by the API as GET
// /verifications/{id}, and only a 200 from it is turned into progress.
func (s *Server) progress(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sub := r.Clone(r.Context())
	sub.URL.Path = strings.TrimSuffix(r.URL.Path, "/progress")
	sub.URL.RawPath = ""
	sub.RequestURI = sub.URL.RequestURI()
	rec := &recorder{header: http.Header{}}
	s.api.ServeHTTP(rec, sub)
	if rec.status != http.StatusOK {
		rec.copyTo(w)
		return
	}
	v, err := s.svc.GetVerification(r.Context(), id)
	if err != nil {
		// Gone between the two reads: answer what the API answered.
		rec.copyTo(w)
		return
	}
	out := progressBody{ID: v.ID, State: v.State, Decision: v.Decision, Journeys: []service.JourneyProgress{}}
	switch {
	case v.Progress != nil:
		out.Journeys = v.Progress.Journeys
	case v.Decision != "":
		out.Journeys = s.finalJourneys(r.Context(), v.ID)
	}
	w.Header().Set("X-Request-Id", rec.header.Get("X-Request-Id"))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(out)
}

// finalJourneys reads a completed verification's journeys from its
// evidence manifest: each one's decision and the steps it ran. None when
// the run left no manifest (a run blocked before it started).
func (s *Server) finalJourneys(ctx context.Context, id string) []service.JourneyProgress {
	p, _, err := s.svc.EvidenceFile(ctx, id, "manifest.json")
	if err != nil {
		return []service.JourneyProgress{}
	}
	m, err := evidence.ReadManifest(filepath.Dir(p))
	if err != nil {
		s.log.Warn("progress: reading the manifest", "verification", id, "err", err)
		return []service.JourneyProgress{}
	}
	out := []service.JourneyProgress{}
	for _, j := range m.Journeys {
		ran := 0
		for _, st := range j.Steps {
			if st.Status != evidence.StepSkipped {
				ran++
			}
		}
		d := string(j.Decision)
		out = append(out, service.JourneyProgress{Name: j.Name, State: d, Decision: d, Step: ran, Steps: len(j.Steps)})
	}
	return out
}

// recorder keeps the API's answer to a delegated request.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}

func (r *recorder) copyTo(w http.ResponseWriter) {
	for k, v := range r.header {
		w.Header()[k] = v
	}
	if r.status == 0 {
		r.status = http.StatusOK
	}
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body.Bytes())
}
