package api

import (
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
)

// openapi.json is a valid OpenAPI 3.1 document, checked by a maintained
// validator against the specification's own schema (3.2 constructs such
// as itemSchema are errors in 3.1).
func TestOpenAPIDocumentIsValid(t *testing.T) {
	doc, err := libopenapi.NewDocument(OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("building the validator: %v", errs)
	}
	ok, verrs := v.ValidateDocument()
	for _, e := range verrs {
		t.Errorf("openapi.json: %s: %s (%s)", e.Message, e.Reason, e.SpecPath)
		for _, se := range e.SchemaValidationErrors {
			t.Errorf("  %s at %s (%s)", se.Reason, se.FieldPath, se.KeywordLocation)
		}
	}
	if !ok && len(verrs) == 0 {
		t.Error("openapi.json is not valid")
	}
}
