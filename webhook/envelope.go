package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/api"
	"github.com/vouchdev/vouch/auth"
	"github.com/vouchdev/vouch/service"
)

// apiErr makes a service error for a condition the registration API
// detects itself; field names the request field at fault, if any.
func apiErr(code service.Code, field, msg string) *service.Error {
	return &service.Error{Code: code, Field: field, Message: msg}
}

// authenticateKey checks the request's API key (x-api-key or
// Authorization: Bearer) and its scope.
func authenticateKey(svc *service.Service, r *http.Request, need auth.Scope) (service.Principal, error) {
	key, present := auth.KeyFromRequest(r)
	if !present || key == "" {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "send an API key in the x-api-key header or as Authorization: Bearer")
	}
	if auth.CheckKey(key) != nil {
		return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is malformed (a vouch key is vch_ followed by 36 letters and digits); check for a typo")
	}
	k, err := svc.AuthenticateKey(r.Context(), auth.HashKey(key))
	if err != nil {
		if service.ErrorCode(err) == service.CodeUnauthorized {
			return service.Principal{}, apiErr(service.CodeUnauthorized, "", "the API key is unknown or revoked")
		}
		return service.Principal{}, err
	}
	api.SetCaller(r, service.Principal{KeyID: k.ID})
	if !auth.Scope(k.Scope).Allows(need) {
		return service.Principal{}, apiErr(service.CodeInsufficientScope, "", "this key has scope "+k.Scope+"; this request needs scope "+string(need))
	}
	return service.Principal{KeyID: k.ID, Scope: k.Scope}, nil
}

// maxBody bounds a webhook API request body.
const maxBody = 64 << 10

// decodeBody reads a JSON object into v, refusing unknown fields, wrong
// types and trailing data with a message naming the field.
func decodeBody(w http.ResponseWriter, r *http.Request, v any, optional bool) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return apiErr(service.CodePayloadTooLarge, "body", fmt.Sprintf("request body is larger than %d bytes", maxBody))
		}
		return apiErr(service.CodeInvalidRequest, "body", "reading the request body: "+err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil
		}
		return apiErr(service.CodeInvalidRequest, "body", "request body is empty; send a JSON object")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return apiErr(service.CodeUnsupportedMediaType, "", fmt.Sprintf("Content-Type must be application/json, got %q", r.Header.Get("Content-Type")))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return apiErr(service.CodeInvalidRequest, "body", "request body has data after the JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return apiErr(service.CodeInvalidRequest, te.Field, fmt.Sprintf("field %q must be %s, not %s", te.Field, te.Type.Kind(), te.Value))
	case errors.As(err, &te):
		return apiErr(service.CodeInvalidRequest, "body", "request body must be a JSON object, not "+te.Value)
	case errors.As(err, &se):
		return apiErr(service.CodeInvalidRequest, "body", fmt.Sprintf("request body is not valid JSON at byte %d: %v", se.Offset, se))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apiErr(service.CodeInvalidRequest, "body", "request body is truncated JSON")
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name := strings.Trim(f, `"`)
		return apiErr(service.CodeInvalidRequest, name, fmt.Sprintf("unknown field %q", name))
	}
	return apiErr(service.CodeInvalidRequest, "body", "request body: "+err.Error())
}
