package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/vouchdev/vouch/service"
)

// MaxBodyBytes is the largest request body accepted; larger ones get 413.
const MaxBodyBytes = 1 << 20

// readBody reads a JSON request body of at most MaxBodyBytes. An empty body
// is returned as nil when optional; otherwise it is a 400. A body that is
// not declared as JSON is a 415.
func readBody(w http.ResponseWriter, r *http.Request, optional bool) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, apiErr(service.CodePayloadTooLarge, fmt.Sprintf("request body is larger than %d bytes", MaxBodyBytes))
		}
		return nil, apiErr(service.CodeInvalidRequest, "reading the request body: "+err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil, nil
		}
		return nil, &service.Error{Code: service.CodeInvalidRequest, Message: "request body is empty; send a JSON object", Field: "body"}
	}
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return nil, apiErr(service.CodeUnsupportedMediaType, fmt.Sprintf("Content-Type must be application/json, got %q", ct))
	}
	return body, nil
}

// decodeStrict decodes body into v, refusing unknown fields, wrong types
// and trailing data, with a message that names the field at fault.
func decodeStrict(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return &service.Error{Code: service.CodeInvalidRequest, Message: "request body has data after the JSON object", Field: "body"}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &service.Error{Code: service.CodeInvalidRequest, Message: "request body has data after the JSON object", Field: "body"}
	}
	return nil
}

func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			return &service.Error{Code: service.CodeInvalidRequest, Message: fmt.Sprintf("request body must be a JSON object, not %s", te.Value), Field: "body"}
		}
		return &service.Error{Code: service.CodeInvalidRequest, Field: field,
			Message: fmt.Sprintf("field %q must be %s, not %s", field, jsonType(te.Type.Kind().String()), te.Value)}
	case errors.As(err, &se):
		return &service.Error{Code: service.CodeInvalidRequest, Field: "body",
			Message: fmt.Sprintf("request body is not valid JSON at byte %d: %v", se.Offset, se)}
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &service.Error{Code: service.CodeInvalidRequest, Field: "body", Message: "request body is truncated JSON"}
	}
	// encoding/json reports unknown fields only as text.
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name := strings.Trim(f, `"`)
		return &service.Error{Code: service.CodeInvalidRequest, Field: name, Message: fmt.Sprintf("unknown field %q", name)}
	}
	return &service.Error{Code: service.CodeInvalidRequest, Field: "body", Message: "request body: " + err.Error()}
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "int", "int64", "int32", "uint", "uint64", "float64":
		return "a number"
	case "slice", "array":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return kind
}
