package claim

import (
	"fmt"

	"github.com/vouchdev/vouch/plan"
)

// The JSON-reach reader lets the API reader (compose_api.go, jsonverbs.go)
// take its JSON readings where the claim does not say the path answers
// JSON but says what it answers with a verb of a response: "/tasks?x=1
// returns only 'A' and 'B'", "/users?q=b matches Bob only", "… finds
// nobody", "… gives back tasks 1 and 3". Such a verb says the path
// answers, as an API does; "shows" and "lists" say what a page shows and
// keep the refusal that offers both readings. The expect_json steps of
// such a reading are marked reach: a page that turns out not to be JSON
// blocks the run (no evidence against the claim), while a JSON response
// without what the claim says fails it.

// apiResponseVerbs say what a path answers, as a request's response.
var apiResponseVerbs = map[string]bool{"returns": true, "return": true, "gives back": true, "give back": true,
	"brings back": true, "bring back": true, "finds": true, "find": true, "matches": true, "match": true,
	"answers with": true, "responds with": true, "comes back with": true, "comes back as": true,
	"is answered with": true}

// responseVerb notes whether the outcome's verb, read from word from,
// is one of a response, for the outcome's JSON readings.
func (c *apiComposer) responseVerb(from int, neg bool) {
	c.guess, c.verb = false, ""
	if neg || c.json || from >= c.i {
		return
	}
	var said string
	for k := from; k < c.i; k++ {
		if k > from {
			said += " "
		}
		said += c.w[k].low
	}
	if apiResponseVerbs[said] {
		c.guess, c.verb = true, said
	}
}

// jsonOK reports whether the outcome being read may be read as JSON: the
// claim says so, or its verb is a response's (a guess, marked reach).
func (c *apiComposer) jsonOK() bool { return c.json || c.guess }

// emit adds items; where the outcome's JSON reading is a guess, its
// expect_json steps are marked reach and the item says why.
func (c *apiComposer) emit(its ...item) {
	if c.guess && !c.json {
		for k := range its {
			marked := false
			steps := append([]plan.Step(nil), its[k].steps...)
			for j := range steps {
				if steps[j].Kind == plan.ExpectJSON {
					steps[j].Reach = true
					marked = true
				}
			}
			if marked {
				its[k].steps = steps
				its[k].notes = append(append([]string(nil), its[k].notes...), fmt.Sprintf("The claim says the path %s this, not that it is an API: the response is taken to be JSON, and a page that is not JSON blocks the run rather than failing it.", c.verb))
			}
		}
	}
	c.composer.emit(its...)
}
