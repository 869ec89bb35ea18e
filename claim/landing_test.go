package claim

import "testing"

// Where an action ends up, said by a page's common name only: a sign-in
// page is known by its password field, another page's guessed address
// blocks the run when it is not reached (reach), and a claim about the
// address itself is refused with the guess offered.
func TestGuessedLanding(t *testing.T) {
	runClasses(t, []classCase{
		{"Going to /admin without signing in takes you to the login page", [][]string{{`{"visit":"/admin"}`, `{"expect_visible":"css=input[type=password]"}`}}},
		{"Clicking 'Sign in' takes you to the 'Sign in' page", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Sign in\""}`, `{"expect_visible":"css=input[type=password]"}`}}},
		{"Clicking 'Pricing' takes you to the pricing page", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Pricing\""}`, `{"expect_url":"/pricing","reach":true}`}}},
		{"Clicking 'Logout' takes you back to the dashboard", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Logout\""}`, `{"expect_url":"/dashboard","reach":true}`}}},
		// after a sign-in, a sign-in form still there decides wherever
		// the page lives
		{"Signing in as demo@example.com with the secret PW shows the dashboard", [][]string{{`{"visit":"/login","reach":true}`, `{"wait_for":"label=Email","reach":true}`, `{"fill":{"target":"label=Email","value":"demo@example.com"}}`, `{"wait_for":"label=Password","reach":true}`, `{"fill":{"target":"label=Password","secret":"PW"}}`, `{"press":{"key":"Enter","target":"label=Password"}}`, `{"expect_hidden":"css=input[type=password]"}`, `{"expect_url":"/dashboard","reach":true}`}}},
		// a path the claim names is no guess: it decides either way
		{"Clicking 'Pricing' takes you to /plans", [][]string{{`{"visit":"/"}`, `{"click":"text=\"Pricing\""}`, `{"expect_url":"/plans"}`}}},
	})
	runRefused(t, []string{
		"The url is the dashboard after clicking 'Logout'",
		"After clicking 'Logout' the address is the login page",
	})
	_, err := Derive("The url is the dashboard after clicking 'Logout'")
	np, _ := err.(*NotProvableError)
	if np == nil || len(np.Suggestions) == 0 || np.Suggestions[0][:len("The url is /dashboard after clicking")] != "The url is /dashboard after clicking" {
		t.Errorf("refusal %v: want the guessed path offered first", err)
	}
}
