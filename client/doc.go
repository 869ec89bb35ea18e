// Package client is the Go SDK of vouch's HTTP API (v1): the calls a CI
// job, a terminal or an AI assistant makes to have a claim about a deployed
// web app verified in a real browser. The vouch command line tool and its
// MCP server are built on it. It uses the standard library only.
//
// The sequence of interface-spec §4.6:
//
//	c, _ := client.New(client.Config{BaseURL: "https://vouch.example.com", APIKey: os.Getenv("VOUCH_API_KEY")})
//	p, err := c.Prepare(ctx, client.PrepareRequest{DeploymentURL: url, Claim: claim})
//	// nothing runs and nothing is charged yet; a person opens p.ApproveURL
//	p, err = c.WaitForApproval(ctx, p.PlanID, nil)
//	v, err := c.Run(ctx, client.RunRequest{PlanID: p.PlanID}) // one charge
//	v, err = c.WaitForResult(ctx, v.ID, nil)
//	switch v.Decision { case client.Verified: ...; case client.Failed: fmt.Println(v.RepairPrompt) }
//
// An API key can never approve a plan: there is no approve call here.
//
// Every error answered by the server is an *Error carrying the envelope's
// code, message and request_id. Calls retry with exponential backoff and
// jitter on connection errors, 5xx answers, 429 rate_limited (waiting at
// least the Retry-After the server names) and 409
// idempotency_request_in_progress; never on any other 4xx. Calls that
// create something (Prepare, DryRun, Run, Recheck) send an Idempotency-Key
// generated once per call and reused by its retries, so a retry after a
// lost answer replays the first answer: one plan, one run, one charge.
package client
