package runner

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/vouchdev/vouch/evidence"
)

// TestJSONPairEitherWay: a JSON pair looked for as a text ('"read_only":
// false') is found however the response prints it, compact or spaced, and
// a pair with another value is not.
func TestJSONPairEitherWay(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/compact":
			fmt.Fprint(w, `{"username":"guest","anonymous":true,"read_only":false}`)
		case "/spaced":
			fmt.Fprint(w, "{\n  \"username\": \"guest\",\n  \"anonymous\": true,\n  \"read_only\": false\n}")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	var cases []decisionCase
	for _, path := range []string{"/compact", "/spaced"} {
		cases = append(cases,
			decisionCase{name: path + " spaced pair", want: evidence.Verified, steps: "      - visit: " + path + "\n      - expect_text: '\"read_only\": false'"},
			decisionCase{name: path + " compact pair", want: evidence.Verified, steps: "      - visit: " + path + "\n      - expect_text: '\"anonymous\":true'"},
			decisionCase{name: path + " string pair", want: evidence.Verified, steps: "      - visit: " + path + "\n      - expect_text: '\"username\": \"guest\"'"},
			decisionCase{name: path + " other value", want: evidence.Failed, steps: "      - visit: " + path + "\n      - expect_text: '\"read_only\": true'\n        timeout: 500ms"},
			decisionCase{name: path + " not the pair", want: evidence.Verified, steps: "      - visit: " + path + "\n      - expect_no_text: '\"anonymous\": false'"},
		)
	}
	runDecisionCases(t, srv.URL, cases)
}
