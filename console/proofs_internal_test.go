package console

import (
	"fmt"
	"testing"

	"github.com/vouchdev/vouch/service"
)

func TestProofs(t *testing.T) {
	ref := func(j, s int) service.StepRef { return service.StepRef{Journey: j, Step: s} }
	for _, tt := range []struct {
		refs []service.StepRef
		want string
	}{
		{nil, "[]"},
		{[]service.StepRef{ref(1, 2)}, "[{1 journey 1, step 2}]"},
		{[]service.StepRef{ref(1, 4), ref(1, 5)}, "[{1 journey 1, steps 4–5}]"},
		{[]service.StepRef{ref(1, 2), ref(1, 4), ref(1, 5), ref(1, 6), ref(2, 3)}, "[{1 journey 1, steps 2, 4–6} {2 journey 2, step 3}]"},
		{[]service.StepRef{ref(1, 2), ref(1, 4)}, "[{1 journey 1, steps 2, 4}]"},
	} {
		if got := fmt.Sprint(proofs(tt.refs)); got != tt.want {
			t.Errorf("proofs(%v) = %s, want %s", tt.refs, got, tt.want)
		}
	}
}
