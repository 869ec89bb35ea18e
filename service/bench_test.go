package service_test

import (
	"testing"

	"github.com/vouchdev/vouch/service"
)

// BenchmarkService measures the lifecycle calls behind the API's busiest
// requests against a baseline measured in the same run: reading a plan
// (GetPlan, one indexed read and a JSON parse). x-getplan is each call's
// cost in baselines.
func BenchmarkService(b *testing.B) {
	e := newEnv(b)
	p := e.approved(claimHome, target)
	v := e.start(p)
	e.finish(v.ID, "failed")
	var baseline float64
	report := func(b *testing.B) {
		if baseline > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/baseline, "x-getplan")
		}
	}
	b.Run("baseline/GetPlan", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.svc.GetPlan(e.ctx, p.ID); err != nil {
				b.Fatal(err)
			}
		}
		baseline = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("CreatePlan/dry-run", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.svc.CreatePlan(e.ctx, e.read, service.CreateRequest{DeploymentURL: target, Claim: claimHome, DryRun: true}); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("GetVerification/completed", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.svc.GetVerification(e.ctx, v.ID); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("StartRun", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.svc.StartRun(e.ctx, e.launch, service.CreateRequest{ReviewedPlanID: p.ID}); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("AuthenticateKey", func(b *testing.B) {
		k, err := e.svc.CreateKey(e.ctx, service.NewKey{Prefix: "vch_b", Hash: []byte("bench-hash"), Scope: "launch"})
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := e.svc.AuthenticateKey(e.ctx, k.Hash); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
}
