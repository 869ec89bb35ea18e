package runner_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"
	"os"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/testapp"
)

// A plan runs against a deployment; the result is a decision with
// evidence in the run directory.
func ExampleRunner_Run() {
	app := httptest.NewServer(testapp.New().Handler())
	defer app.Close()

	p, err := plan.Parse([]byte(`
version: 1
name: sign in
journeys:
  - name: demo user signs in
    steps:
      - visit: /login
      - fill: {target: label=Email, value: demo@example.com}
      - fill: {target: label=Password, secret: DEMO_PASSWORD}
      - click: role=button[name="Sign in"]
      - expect_text: Welcome back, demo@example.com
`))
	if err != nil {
		log.Fatal(err)
	}
	r, err := runner.New(runner.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	dir, _ := os.MkdirTemp("", "vouch-run")
	defer os.RemoveAll(dir)
	res, err := r.Run(context.Background(), p, runner.Options{
		BaseURL: app.URL,
		Dir:     dir,
		Secrets: map[string]string{"DEMO_PASSWORD": testapp.DefaultPassword},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Decision)
	for _, s := range res.Manifest.Journeys[0].Steps {
		fmt.Println(s.Index, s.Status, s.Description)
	}
	// Output:
	// verified
	// 1 passed Go to /login
	// 2 passed Type "demo@example.com" into the field labelled "Email"
	// 3 passed Type the secret DEMO_PASSWORD into the field labelled "Password"
	// 4 passed Click the "Sign in" button
	// 5 passed Check that the page shows "Welcome back, demo@example.com"
}
