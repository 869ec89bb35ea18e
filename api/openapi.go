package api

import _ "embed"

//go:embed openapi.json
var openapiJSON []byte

// OpenAPI returns the OpenAPI 3.1 description of the API, served at
// /api/v1/openapi.json.
func OpenAPI() []byte { return openapiJSON }
