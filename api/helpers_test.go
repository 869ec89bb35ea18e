package api

import (
	"strings"

	"github.com/vouchdev/vouch/service"
)

func lower(s string) string        { return strings.ToLower(s) }
func upper(s string) string        { return strings.ToUpper(s) }
func codeOf(s string) service.Code { return service.Code(s) }
