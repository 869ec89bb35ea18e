package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/vouchdev/vouch/store"
)

// RiverJobs is Jobs on River's driver TDriver, whose transactions are TTx
// (Tx.Native): an adapter gives it an insert-only client (no workers) on
// its database.
type RiverJobs[TDriver riverdriver.Driver[TTx], TTx any] struct {
	Client *river.Client[TTx]
}

// InsertRun inserts run r's job with River's InsertTx, unique by its
// arguments (the verification id).
func (j RiverJobs[TDriver, TTx]) InsertRun(ctx context.Context, tx Tx, r store.NewRun) (int64, error) {
	native, ok := tx.Native().(TTx)
	if !ok {
		return 0, fmt.Errorf("sqlstore: transaction %T is not River's driver's", tx.Native())
	}
	maxAttempts := r.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = 4
	}
	res, err := j.Client.InsertTx(ctx, native, store.RunArgs{VerificationID: r.ID, TimeoutMS: r.Timeout.Milliseconds()},
		&river.InsertOpts{MaxAttempts: maxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}})
	if err != nil {
		return 0, err
	}
	return res.Job.ID, nil
}

// CompleteRun completes the job being worked with River's JobCompleteTx.
func (j RiverJobs[TDriver, TTx]) CompleteRun(ctx context.Context, tx Tx, job *rivertype.JobRow) error {
	native, ok := tx.Native().(TTx)
	if !ok {
		return fmt.Errorf("sqlstore: transaction %T is not River's driver's", tx.Native())
	}
	_, err := river.JobCompleteTx[TDriver](ctx, native, &river.Job[store.RunArgs]{JobRow: job})
	return err
}

// CancelRun cancels job id with River's JobCancelTx; a job already gone
// is no error.
func (j RiverJobs[TDriver, TTx]) CancelRun(ctx context.Context, tx Tx, id int64) error {
	native, ok := tx.Native().(TTx)
	if !ok {
		return fmt.Errorf("sqlstore: transaction %T is not River's driver's", tx.Native())
	}
	_, err := j.Client.JobCancelTx(ctx, native, id)
	if errors.Is(err, rivertype.ErrNotFound) {
		return nil
	}
	return err
}

// MigrateRiver applies River's migrations not yet applied for driver
// (the adapter holds its migration lock, where it has one).
func MigrateRiver[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: discardLogger})
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// RiverMigrations lists River's migrations applied for driver, as
// "river_NNN", oldest first.
func RiverMigrations[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) ([]string, error) {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: discardLogger})
	if err != nil {
		return nil, err
	}
	got, err := m.ExistingVersions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(got))
	for i, v := range got {
		out[i] = fmt.Sprintf("river_%03d", v.Version)
	}
	return out, nil
}

// AdoptRuns gives a River job to every unfinished run that has none (runs
// queued or running when the store was upgraded from its own job table),
// so that none is lost.
func (s *Store) AdoptRuns(ctx context.Context) (int, error) {
	n := 0
	err := s.tx(ctx, func(tx Tx) error {
		n = 0
		rows, err := tx.QueryContext(ctx, `SELECT id FROM verifications WHERE job_id IS NULL AND state != 'completed'`)
		ids, err := collect(rows, err, func(r scanner) (string, error) {
			var id string
			return id, r.Scan(&id)
		})
		if err != nil {
			return err
		}
		for _, id := range ids {
			jobID, err := s.jobs.InsertRun(ctx, tx, store.NewRun{ID: id})
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE verifications SET state = 'queued', job_id = ? WHERE id = ?`, jobID, id); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// discardLogger keeps River's migration log out of the process's logs.
var discardLogger = slog.New(slog.DiscardHandler)
