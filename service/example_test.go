package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/vouchdev/vouch/plan"
	"github.com/vouchdev/vouch/service"
	"github.com/vouchdev/vouch/store/sqlite"
)

// The lifecycle of interface-spec §4.6 up to the queued run: a plan from a
// claim, the 403 for a key that tries to approve it, a person's approval,
// and a run started from the reviewed plan, charged once.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "vouch-example")
	defer os.RemoveAll(dir)
	st, _ := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(dir, "vouch.db")})
	defer st.Close()
	svc, _ := service.New(service.Config{
		Store: st, DataDir: dir, PublicURL: "https://vouch.example.com",
		Logger: slog.New(slog.DiscardHandler),
		Deriver: service.DeriverFunc(func(claim string) (service.Derivation, error) {
			p, err := plan.Parse([]byte(`{"name": "home", "journeys": [{"name": "home", "steps": [{"visit": "/"}, {"expect_text": "Welcome"}]}]}`))
			return service.Derivation{Plan: p}, err
		}),
	})
	ana, _ := svc.CreateUser(ctx, service.NewUser{Email: "ana@example.com", PasswordHash: "$argon2id$…"})
	k, _ := svc.CreateKey(ctx, service.NewKey{Prefix: "vch_ci", Hash: []byte("sha-256 of the key"), Scope: "launch"})
	key := service.Principal{KeyID: k.ID, Scope: k.Scope}

	p, _ := svc.CreatePlan(ctx, key, service.CreateRequest{DeploymentURL: "https://staging.example.com", Claim: "The home page welcomes visitors"})
	fmt.Println("plan:", p.State, p.ApproveURL == "https://vouch.example.com/console/plans/"+p.ID)

	_, err := svc.Approve(ctx, key, p.ID, "")
	fmt.Println("a key approves:", service.ErrorCode(err))

	p, _ = svc.Approve(ctx, service.Principal{UserID: ana.ID}, p.ID, p.ContractID)
	fmt.Println("a person approves:", p.State, p.Approval.UserEmail)

	v, _ := svc.StartRun(ctx, key, service.CreateRequest{ReviewedPlanID: p.ID})
	usage, _ := svc.Usage(ctx, service.ChargeFilter{})
	fmt.Println("run:", v.State, "charged:", usage[0].Count)
	// Output:
	// plan: pending true
	// a key approves: plan_requires_human
	// a person approves: approved ana@example.com
	// run: queued charged: 1
}
