package server

import (
	"github.com/vouchdev/vouch/netpolicy"
	"github.com/vouchdev/vouch/runner"
	"github.com/vouchdev/vouch/service"
)

// newRunner makes the runner and the target policy from cfg. The runner
// starts Chromium on its first run and keeps it warm.
func newRunner(cfg Config) (*runner.Runner, *netpolicy.Policy, error) {
	policy := &netpolicy.Policy{Allow: cfg.AllowTargets}
	if err := policy.Validate(); err != nil {
		return nil, nil, err
	}
	if cfg.NoWorkers {
		return nil, policy, nil
	}
	rn, err := runner.New(runner.Config{ChromePath: cfg.ChromePath, BrowserURL: cfg.BrowserURL, ProxyListen: cfg.ProxyListen,
		Workers: 2 * cfg.Workers, Policy: policy, Logger: cfg.Logger})
	if err != nil {
		return nil, nil, err
	}
	return rn, policy, nil
}

// wireRunner gives the service its runner and policy. The server owns the
// runner: it closes it after the service has stopped.
func wireRunner(scfg *service.Config, rn *runner.Runner, policy *netpolicy.Policy) {
	scfg.Policy = policy
	if rn != nil {
		scfg.Runner = rn
	}
}
