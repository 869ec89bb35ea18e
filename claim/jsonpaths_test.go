package claim

import (
	"strings"
	"testing"

	"github.com/vouchdev/vouch/plan"
)

// Fields named by a dotted path are checked at that path from the
// response's root; a claim with no dotted path, or with words that are no
// field and value, is left to the other readers.
func TestJSONPaths(t *testing.T) {
	for _, tc := range []struct {
		claim string
		want  string // "at=value" per journey, joined by " | "; "" when this reader must not apply
	}{
		{`GET /api/v1/status/buildinfo returns status "success" with data.version "2.42.0+ds"`, `/status="success" | /data/version="2.42.0+ds"`},
		{`/api/x returns JSON whose data.count is 3`, `/data/count=3`},
		{`/api/x has data.active = true and data.name: "x".`, `/data/active=true | /data/name="x"`},
		{`/api/x responds with meta.next_page null`, `/meta/next_page=null`},
		{`/api/x returns status "success"`, ``},                     // no path: a status line or a field
		{`/api/x returns data.version the newest`, ``},              // no value
		{`/api/x returns data.version "1" and shows "Welcome"`, ``}, // a check that is no field
		{`The home page returns data.version "1"`, ``},              // no request path
		// plain names when the claim says JSON or the method
		{`GET /health returns JSON with status "ok" and site "Warehouse 7".`, `/status="ok" | /site="Warehouse 7"`},
		{`GET /health returns status "ok".`, `/status="ok"`},
		{`/api/x returns a JSON object with enabled true, count 2`, `/enabled=true | /count=2`},
		{`GET /api/x returns status 200`, ``},   // the HTTP status
		{`GET /about has title "About us"`, ``}, // a page's title
		{`/api/x returns JSON with title "Lamp"`, `/title="Lamp"`},
		{`GET /api/x returns "ok"`, ``},                                                      // no field named
		{`GET /songs?genre=jazz returns only 'Blue Train'`, ``},                              // "only" names no field
		{`GET /api answers JSON with version 6.4.12, no token needed.`, `/version="6.4.12"`}, // a version is a text
		{`GET /tasks/2 has done true`, ``},                                                   // the method alone: quoted values only
	} {
		path, fields, ok := readJSONPaths(tc.claim)
		if tc.want == "" {
			if ok {
				t.Errorf("%q read as %s %v; want no reading", tc.claim, path, fields)
			}
			continue
		}
		d, ok := deriveJSONPaths(tc.claim)
		if !ok {
			t.Errorf("%q not read; want %s", tc.claim, tc.want)
			continue
		}
		var got []string
		for _, j := range d.Plan.Journeys {
			for _, s := range j.Steps {
				if s.Kind == plan.ExpectJSON {
					if !s.Reach {
						t.Errorf("%q: %s not marked reach (a page that is not JSON must block)", tc.claim, s.At)
					}
					got = append(got, s.At+"="+s.Value)
				}
			}
		}
		if g := strings.Join(got, " | "); g != tc.want {
			t.Errorf("%q derived %s; want %s", tc.claim, g, tc.want)
		}
		if full, err := Derive(tc.claim); err != nil || len(full.Plan.Journeys) != len(d.Plan.Journeys) {
			t.Errorf("%q: Derive does not take the dotted reading (err %v)", tc.claim, err)
		}
	}
}
