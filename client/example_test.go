package client_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/vouchdev/vouch/client"
)

// The whole sequence of a CI job gating a deploy: prepare a plan, send the
// approve link to a person, wait for the approval, run, wait for the
// decision. (Runs against a vouch server: VOUCH_SERVER and VOUCH_API_KEY.)
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	c, err := client.New(client.Config{BaseURL: os.Getenv("VOUCH_SERVER"), APIKey: os.Getenv("VOUCH_API_KEY")})
	if err != nil {
		log.Fatal(err)
	}
	p, err := c.Prepare(ctx, client.PrepareRequest{
		DeploymentURL: "https://staging.example.com",
		Claim:         "Signing in as the demo user shows the dashboard",
	})
	if client.ErrorCode(err) == client.CodeClaimNotProvable {
		var e *client.Error
		errors.As(err, &e)
		log.Fatalf("no check can prove this claim; %s", e.RepairPrompt)
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A person approves the plan at", p.ApproveURL)
	if _, err := c.WaitForApproval(ctx, p.PlanID, nil); err != nil {
		log.Fatal(err) // code plan_rejected if the person said no
	}
	v, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID})
	if err != nil {
		log.Fatal(err)
	}
	v, err = c.WaitForResult(ctx, v.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Decision, v.Evidence.ReportURL)
	if v.Decision != client.Verified {
		fmt.Println(v.RepairPrompt)
		os.Exit(1)
	}
}

// Errors answered by the server carry the envelope's code, message and
// request id.
func ExampleError() {
	c, _ := client.New(client.Config{BaseURL: "http://127.0.0.1:8080", APIKey: os.Getenv("VOUCH_API_KEY")})
	_, err := c.Get(context.Background(), "ver_unknown")
	var e *client.Error
	if errors.As(err, &e) {
		fmt.Println(e.Status, e.Code, e.Message, "— quote", e.RequestID)
	}
}

// WaitForResult reports each journey while the run goes on.
func ExampleClient_WaitForResult() {
	c, _ := client.New(client.Config{BaseURL: os.Getenv("VOUCH_SERVER"), APIKey: os.Getenv("VOUCH_API_KEY"), PollInterval: time.Second})
	v, err := c.WaitForResult(context.Background(), "ver_…", func(v *client.Verification) {
		if v.Progress == nil {
			return
		}
		for _, j := range v.Progress.Journeys {
			fmt.Printf("%s: %s, step %d of %d\n", j.Name, j.State, j.Step, j.Steps)
		}
	})
	if err == nil {
		fmt.Println(v.Decision)
	}
}

// After a fix, a failed verification is re-checked: the same approved plan
// runs again (billed as one verification).
func ExampleClient_Recheck() {
	ctx := context.Background()
	c, _ := client.New(client.Config{BaseURL: os.Getenv("VOUCH_SERVER"), APIKey: os.Getenv("VOUCH_API_KEY")})
	v, err := c.Recheck(ctx, client.RecheckRequest{ID: "ver_…"})
	switch client.ErrorCode(err) {
	case "":
		v, _ = c.WaitForResult(ctx, v.ID, nil)
		fmt.Println(v.Decision)
	case client.CodeRecheckWindowClosed, client.CodeRecheckLimitReached:
		fmt.Println("start a new verification: a person approves a new plan")
	default:
		log.Fatal(err)
	}
}

// Idempotency keys are generated per call; a job that may itself be
// re-run can fix its own so the server replays the first answer.
func ExamplePrepareRequest_idempotencyKey() {
	c, _ := client.New(client.Config{BaseURL: os.Getenv("VOUCH_SERVER"), APIKey: os.Getenv("VOUCH_API_KEY")})
	p, err := c.Prepare(context.Background(), client.PrepareRequest{
		DeploymentURL:  "https://staging.example.com",
		Claim:          "The home page shows Welcome",
		IdempotencyKey: "deploy-" + os.Getenv("CI_PIPELINE_ID"),
	})
	if err == nil {
		fmt.Println(p.ApproveURL)
	}
}

// ErrorCode finds the server's code in a wrapped error; CLI exit codes and
// retries are chosen by it.
func ExampleErrorCode() {
	err := fmt.Errorf("preparing the plan: %w", &client.Error{Status: 422, Code: client.CodeClaimNotProvable,
		Message: "no check can prove this claim", RequestID: "req_123", RepairPrompt: "Name a page and what it shows."})
	fmt.Println(client.ErrorCode(err))
	fmt.Println(err)
	// Output:
	// claim_not_provable
	// preparing the plan: vouch: claim_not_provable: no check can prove this claim (request_id req_123)
}
