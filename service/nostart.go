//go:build !vouchrunner

package service

import (
	"context"
	"errors"
)

type pool struct{}

// Runner executes plans.
type Runner interface{}

// Start starts the worker pool. Runs left unfinished by a process that
// died are claimed again when their lease ends (at once with SoleWorker).
func (s *Service) Start(ctx context.Context) error {
	return errors.New("service: the worker pool is not built yet")
}

// Stop stops claiming runs and waits for running ones to finish, until ctx
// ends; runs still going then are cancelled and re-queued.
func (s *Service) Stop(ctx context.Context) error {
	return nil
}

// StopAndCancel cancels running runs, re-queues them and waits for the
// workers to exit.
func (s *Service) StopAndCancel(ctx context.Context) error {
	return nil
}

