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

// TestTextSetApartByMargin: words set apart by a margin (no space in the
// text) are read as a person reads them, and words run together stay so.
func TestTextSetApartByMargin(t *testing.T) {
	pages := servePages(t, map[string]string{
		"/gap":  `<title>t</title><p>TiddlyWiki version<span style="margin-left:0.3em">5.4.1</span></p>`,
		"/pad":  `<title>t</title><p><span style="padding-right:4px">Status</span>Online</p>`,
		"/none": `<title>t</title><p>Total<b>12</b></p>`,
	})
	runDecisionCases(t, pages.URL, []decisionCase{
		{name: "margin is a gap", want: evidence.Verified, steps: "      - visit: /gap\n      - expect_text: TiddlyWiki version 5.4.1"},
		{name: "padding is a gap", want: evidence.Verified, steps: "      - visit: /pad\n      - expect_text: Status Online"},
		{name: "in an element", want: evidence.Verified, steps: "      - visit: /gap\n      - expect_text: {text: version 5.4.1, target: css=p}"},
		{name: "the text as printed still matches", want: evidence.Verified, steps: "      - visit: /gap\n      - expect_text: version5.4.1"},
		{name: "no gap, no space", want: evidence.Failed, steps: "      - visit: /none\n      - expect_text: Total 12\n        timeout: 500ms"},
		{name: "a gap shows the words", want: evidence.Failed, steps: "      - visit: /gap\n      - expect_no_text: version 5.4.1\n        timeout: 500ms"},
	})
}
