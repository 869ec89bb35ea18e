package claim_test

import (
	"errors"
	"fmt"

	"github.com/vouchdev/vouch/claim"
)

func ExampleDerive() {
	d, err := claim.Derive("Clicking 'Docs' on the home page opens /docs")
	if err != nil {
		panic(err)
	}
	for _, r := range d.Requirements {
		fmt.Printf("%s [%s] %s\n", r.ID, r.Kind, r.Text)
		for _, ref := range r.ProvenBy {
			fmt.Printf("  proven by journey %d step %d\n", ref.Journey, ref.Step)
		}
	}
	for _, s := range d.Plan.Journeys[0].Steps {
		fmt.Println(" ", s.Describe())
	}
	// Output:
	// R1 [navigation] On /: click the text "Docs"; then the address is /docs.
	//   proven by journey 1 step 3
	//   Go to /
	//   Click the text "Docs"
	//   Check that the address is /docs
}

func ExampleNotProvableError() {
	_, err := claim.Derive("The checkout is fast")
	var np *claim.NotProvableError
	if errors.As(err, &np) {
		fmt.Println(np.Code(), np.Cause)
		fmt.Println(np.Reason)
		fmt.Println(np.Suggestions)
	}
	// Output:
	// claim_not_provable vague
	// "fast" is a judgement, not something a browser can see on a page
	// [The checkout loads without errors — checks only that on /checkout, the page loads without errors (HTTP 200, no console errors or uncaught exceptions); it does not check what the claim says with "fast"]
}
