package api

import (
	"slices"

	"github.com/vouchdev/vouch/service"
)

// Route is one endpoint as the OpenAPI description lists it: its method,
// its path after the /api/v1 (or /v1) prefix in the mux's spelling
// ({file...} for a trailing wildcard), and every error code it may
// answer. Packages mounted beside the API (chat, webhook, the server's
// progress endpoint) describe their routes the same way, so that a test
// can hold the whole server to openapi.json.
type Route struct {
	Method string
	Path   string
	Codes  []service.Code
}

// Routes returns the API's own routes: the same list New registers.
func Routes() []Route {
	var out []Route
	for _, rt := range (&API{}).routes() {
		out = append(out, Route{Method: rt.method, Path: rt.path, Codes: rt.errorCodes()})
	}
	return out
}

// errorCodes are every code a route may answer: those of its access
// (authentication, scope, rate limit), of its JSON body, of
// idempotency, of routing (405 on its path) and of its handler, sorted.
func (rt route) errorCodes() []service.Code {
	codes := []service.Code{service.CodeMethodNotAllowed}
	if rt.access != public {
		codes = append(codes, service.CodeUnauthorized, service.CodeRateLimited, service.CodeInternal)
	}
	switch rt.access {
	case launchKey:
		codes = append(codes, service.CodeInsufficientScope)
	case personOnly:
		codes = append(codes, service.CodePlanRequiresHuman, codeCSRF)
	}
	if rt.body != nil {
		codes = append(codes, service.CodeInvalidRequest, service.CodePayloadTooLarge, service.CodeUnsupportedMediaType)
	}
	if rt.idempotent {
		codes = append(codes, service.CodeInvalidRequest, service.CodeIdempotencyKeyReused, service.CodeIdempotencyInProgress)
	}
	codes = append(codes, rt.codes...)
	slices.Sort(codes)
	return slices.Compact(codes)
}
