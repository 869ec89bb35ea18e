package main

import (
	"context"
	"fmt"
	"time"

	"github.com/vouchdev/vouch/client"
	"github.com/vouchdev/vouch/plan"
)

func init() {
	register(&command{
		name:    "replay",
		summary: "Fetch the approved plan of a verification and run it on this machine, e.g. headed to watch a failure (not billed, not recorded).",
		usage:   "ID [--url BASE] [--headed] [--out DIR] [--json] [--server URL] [--key KEY] [engine flags]",
		run:     replayCmd,
	})
}

func replayCmd(ctx context.Context, e *env, args []string) int {
	c := commands["replay"]
	fs := newFlags(e, c)
	var cf clientFlags
	cf.register(fs, 0)
	var f runFlags
	var base string
	fs.StringVar(&base, "url", "", "base `URL` to run against, e.g. a local build (default: the verification's deployment URL)")
	f.register(fs)
	withExitCodes(e, fs)
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return usageError(e, c, "give one verification ID (ver_…)")
	}
	cl, err := newAPIClient(e, cf)
	if err != nil {
		return reportError(e, "replay", err, false, nil)
	}
	rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	v, err := cl.Get(rctx, pos[0])
	if err != nil {
		return reportError(e, "replay", err, false, nil)
	}
	if !v.Done() {
		fmt.Fprintf(e.stderr, "vouch replay: verification %s is still %s; replay it once it completes (vouch result %s waits for it)\n", v.ID, v.State, v.ID)
		return exitUsage
	}
	sp, err := cl.GetPlan(rctx, v.PlanID)
	if err != nil {
		return reportError(e, "replay", err, false, nil)
	}
	p, err := approvedPlan(sp)
	if err != nil {
		fmt.Fprintf(e.stderr, "vouch replay: %v; nothing ran\n", err)
		return exitRefused
	}
	if base == "" {
		base = v.DeploymentURL
	}
	fmt.Fprintf(e.stderr, "Replaying plan %s of %s (approved%s, %s) against %s on this machine: not billed, not recorded.\n",
		sp.PlanID, v.ID, approvedBy(sp), v.Decision, base)
	return runPlan(ctx, e, p, base, f)
}

// approvedPlan decodes a plan record's document and checks that it is
// exactly what a person approved: approved state, and the document's
// sha256 equal to the approved hash.
func approvedPlan(sp *client.Plan) (*plan.Plan, error) {
	if sp.State != client.StateApproved {
		return nil, fmt.Errorf("plan %s is %s, not approved", sp.PlanID, sp.State)
	}
	p, err := plan.Parse(sp.Plan)
	if err != nil {
		return nil, fmt.Errorf("plan %s cannot be read: %v", sp.PlanID, err)
	}
	want := "sha256:" + p.ID()
	if sp.ContractID != want {
		return nil, fmt.Errorf("plan %s hashes to %s, but its contract is %s", sp.PlanID, want, sp.ContractID)
	}
	for _, a := range sp.Approvals {
		if a.Action == client.StateApproved && a.PlanHash == want {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no approval of plan %s names its hash %s", sp.PlanID, want)
}
