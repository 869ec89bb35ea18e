package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/vouchdev/vouch/store"
)

const verCols = `id, plan_id, plan_hash, deployment_url, recheck_of, launched_by_key, launched_by_user,
	state, created_at, started_at, completed_at, job_id, attempts, progress,
	decision, reason, repair_prompt, evidence_dir, results`

func scanVerification(r scanner) (*store.Verification, error) {
	var v store.Verification
	var created, started, completed, job sql.NullInt64
	var progress, results sql.NullString
	err := r.Scan(&v.ID, &v.PlanID, &v.PlanHash, &v.DeploymentURL, &v.RecheckOf,
		&v.LaunchedBy.KeyID, &v.LaunchedBy.UserID, &v.State, &created, &started, &completed,
		&job, &v.Attempts, &progress, &v.Decision, &v.Reason, &v.RepairPrompt,
		&v.EvidenceDir, &results)
	if err != nil {
		return nil, err
	}
	v.CreatedAt, v.StartedAt, v.CompletedAt, v.JobID = fromMS(created), fromMS(started), fromMS(completed), job.Int64
	if progress.Valid {
		v.Progress = []byte(progress.String)
	}
	if results.Valid {
		v.Results = []byte(results.String)
	}
	return &v, nil
}

// CreateRun creates a queued verification, its charge and its River job
// in one transaction, after checking the plan's approval and, for a re-check, the
// earlier verification and the plan's re-check count.
func (s *Store) CreateRun(ctx context.Context, r store.NewRun) (*store.Verification, error) {
	if r.MaxRechecks == 0 {
		r.MaxRechecks = 10
	}
	if r.IdempotencyTTL == 0 {
		r.IdempotencyTTL = 24 * time.Hour
	}
	var scope, key any // NULL without a key
	if r.IdempotencyKey != "" {
		scope, key = r.IdempotencyScope, r.IdempotencyKey
	}
	id := r.ID
	err := s.tx(ctx, func(tx Tx) error {
		if key != nil {
			existing, err := idempotentRun(ctx, tx, r)
			if err != nil || existing != "" {
				id = existing
				return err
			}
		}
		var state string
		var approvedHash sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT p.state, e.plan_hash FROM plans p
			LEFT JOIN plan_events e ON e.plan_id = p.id WHERE p.id = ?`, r.PlanID).Scan(&state, &approvedHash)
		if err != nil {
			return notFound(err, "plan "+r.PlanID)
		}
		switch {
		case state == store.PlanPending:
			return fmt.Errorf("%w: plan %s", store.ErrPlanNotApproved, r.PlanID)
		case state == store.PlanRejected:
			return fmt.Errorf("%w: plan %s", store.ErrPlanRejected, r.PlanID)
		case approvedHash.String != r.PlanHash:
			return fmt.Errorf("%w: plan %s", store.ErrPlanHashMismatch, r.PlanID)
		}
		if r.RecheckOf != "" {
			var planID, vstate, decision string
			err := tx.QueryRowContext(ctx, `SELECT plan_id, state, decision FROM verifications WHERE id = ?`,
				r.RecheckOf).Scan(&planID, &vstate, &decision)
			if err != nil {
				return notFound(err, "verification "+r.RecheckOf)
			}
			if planID != r.PlanID || vstate != store.Completed || decision != "failed" {
				return fmt.Errorf("%w: verification %s is %s %s", store.ErrRecheckNotAllowed, r.RecheckOf, vstate, decision)
			}
			// A conditional increment is the portable way to let exactly one
			// of several concurrent re-checks at the limit through.
			res, err := tx.ExecContext(ctx, `UPDATE plans SET rechecks = rechecks + 1 WHERE id = ? AND rechecks < ?`,
				r.PlanID, r.MaxRechecks)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				return fmt.Errorf("%w: plan %s has %d re-checks", store.ErrRecheckLimit, r.PlanID, r.MaxRechecks)
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO verifications (id, plan_id, plan_hash, deployment_url,
			recheck_of, launched_by_key, launched_by_user, state, created_at, idempotency_scope, idempotency_key)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
			r.ID, r.PlanID, r.PlanHash, r.DeploymentURL, r.RecheckOf, r.LaunchedBy.KeyID,
			r.LaunchedBy.UserID, ms(r.At), scope, key)
		if err != nil {
			return s.conflict(err, "verification "+r.ID)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO charges (id, verification_id, plan_id, key_id, user_id, day, at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.ChargeID, r.ID, r.PlanID, r.LaunchedBy.KeyID, r.LaunchedBy.UserID,
			r.At.UTC().Format(time.DateOnly), ms(r.At))
		if err != nil {
			return s.conflict(err, "charge "+r.ChargeID)
		}
		jobID, err := s.jobs.InsertRun(ctx, tx, r)
		if err != nil {
			return fmt.Errorf("inserting the run's job: %w", err)
		}
		_, err = tx.ExecContext(ctx, `UPDATE verifications SET job_id = ? WHERE id = ?`, jobID, r.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.GetVerification(ctx, id)
}

// idempotentRun finds, inside CreateRun's transaction, the run already
// created under r's idempotency key: its id, or "" if there is none. A run
// created more than r.IdempotencyTTL before r.At first lets go of the key,
// as the idempotency record itself has expired by then. A run for another
// plan, re-check or deployment URL is ErrIdempotencyKeyReused.
func idempotentRun(ctx context.Context, tx Tx, r store.NewRun) (string, error) {
	_, err := tx.ExecContext(ctx, `UPDATE verifications SET idempotency_scope = NULL, idempotency_key = NULL
		WHERE idempotency_scope = ? AND idempotency_key = ? AND created_at <= ?`,
		r.IdempotencyScope, r.IdempotencyKey, ms(r.At.Add(-r.IdempotencyTTL)))
	if err != nil {
		return "", err
	}
	var id, planID, recheckOf, target string
	err = tx.QueryRowContext(ctx, `SELECT id, plan_id, recheck_of, deployment_url FROM verifications
		WHERE idempotency_scope = ? AND idempotency_key = ?`, r.IdempotencyScope, r.IdempotencyKey).
		Scan(&id, &planID, &recheckOf, &target)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", nil
	case err != nil:
		return "", err
	case planID != r.PlanID || recheckOf != r.RecheckOf || target != r.DeploymentURL:
		return "", fmt.Errorf("%w: %q started verification %s of plan %s", store.ErrIdempotencyKeyReused,
			r.IdempotencyKey, id, planID)
	}
	return id, nil
}

// IdempotentRun returns the run created under (scope, key) after since.
func (s *Store) IdempotentRun(ctx context.Context, scope, key string, since time.Time) (*store.Verification, error) {
	v, err := scanVerification(s.db.QueryRowContext(ctx, `SELECT `+verCols+` FROM verifications
		WHERE idempotency_scope = ? AND idempotency_key = ? AND created_at > ?`, scope, key, since.UnixMilli()))
	return v, notFound(err, "run of idempotency key "+key)
}

// GetVerification returns one verification.
func (s *Store) GetVerification(ctx context.Context, id string) (*store.Verification, error) {
	v, err := scanVerification(s.db.QueryRowContext(ctx, `SELECT `+verCols+` FROM verifications WHERE id = ?`, id))
	return v, notFound(err, "verification "+id)
}

// ListVerifications returns the verifications f selects, newest first by
// (created_at, id), filtered and paged in SQL.
func (s *Store) ListVerifications(ctx context.Context, f store.VerificationFilter) ([]*store.Verification, error) {
	q := `SELECT ` + verCols + ` FROM verifications WHERE 1=1`
	var args []any
	add := func(cond string, arg any) {
		q += ` AND ` + cond
		args = append(args, arg)
	}
	if f.PlanID != "" {
		add(`plan_id = ?`, f.PlanID)
	}
	if f.State != "" {
		add(`state = ?`, f.State)
	}
	if f.Decision != "" {
		// Only completed runs carry a decision; the column is '' otherwise.
		add(`decision = ?`, f.Decision)
	}
	if !f.CreatedFrom.IsZero() {
		add(`created_at >= ?`, ms(f.CreatedFrom))
	}
	if !f.CreatedBefore.IsZero() {
		add(`created_at < ?`, ms(f.CreatedBefore))
	}
	if f.Before != "" {
		var at int64
		err := s.db.QueryRowContext(ctx, `SELECT created_at FROM verifications WHERE id = ?`, f.Before).Scan(&at)
		if err != nil {
			return nil, notFound(err, "verification "+f.Before)
		}
		// Spelled out rather than as a row value so that SQLite bounds the
		// index range on created_at.
		q += ` AND created_at <= ? AND (created_at < ? OR id < ?)`
		args = append(args, at, at, f.Before)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit(f.Limit))
	rows, err := s.db.QueryContext(ctx, q, args...)
	return collect(rows, err, scanVerification)
}

// MarkRunning records that attempt of run id has begun.
func (s *Store) MarkRunning(ctx context.Context, id string, attempt int, at time.Time) (*store.Verification, error) {
	v, err := scanVerification(s.db.QueryRowContext(ctx, `UPDATE verifications
		SET state = 'running', attempts = ?, progress = NULL, started_at = COALESCE(started_at, ?)
		WHERE id = ? AND state != 'completed' RETURNING `+verCols, attempt, ms(at), id))
	return v, notFound(err, "unfinished run "+id)
}

// current runs an update of run id that applies only while attempt is its
// current attempt.
func (s *Store) current(ctx context.Context, id string, attempt int, q string, args ...any) error {
	n, err := changed(s.db.ExecContext(ctx, q, args...))
	if err == nil && n == 0 {
		err = fmt.Errorf("%w: run %s, attempt %d", store.ErrNotCurrentAttempt, id, attempt)
	}
	return err
}

// RequeueRun marks a cancelled attempt's run queued again.
func (s *Store) RequeueRun(ctx context.Context, id string, attempt int) error {
	return s.current(ctx, id, attempt, `UPDATE verifications SET state = 'queued', progress = NULL
		WHERE id = ? AND attempts = ? AND state = 'running'`, id, attempt)
}

// SetProgress records a running run's live progress.
func (s *Store) SetProgress(ctx context.Context, id string, attempt int, progress []byte) error {
	return s.current(ctx, id, attempt, `UPDATE verifications SET progress = ?
		WHERE id = ? AND attempts = ? AND state = 'running'`, string(progress), id, attempt)
}

// CompleteRun records a run's outcome and its outbox events, and
// completes (or, decided outside a worker, cancels) its River job.
func (s *Store) CompleteRun(ctx context.Context, c store.Completion) error {
	return s.tx(ctx, func(tx Tx) error {
		var results any
		if c.Results != nil {
			results = string(c.Results)
		}
		var jobID sql.NullInt64
		err := tx.QueryRowContext(ctx, `UPDATE verifications SET state = 'completed', completed_at = ?,
			decision = ?, reason = ?, repair_prompt = ?, evidence_dir = ?, results = ?, progress = NULL
			WHERE id = ? AND attempts = ? AND state = 'running' RETURNING job_id`,
			ms(c.At), c.Decision, c.Reason, c.RepairPrompt, c.EvidenceDir, results, c.ID, c.Attempt).Scan(&jobID)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: run %s, attempt %d", store.ErrNotCurrentAttempt, c.ID, c.Attempt)
		}
		if err != nil {
			return err
		}
		for _, e := range c.Events {
			if e.ID == "" {
				e.ID = newID("evt_")
			}
			at := e.CreatedAt
			if at.IsZero() {
				at = c.At
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO webhook_outbox (id, type, payload, created_at, next_attempt_at)
				VALUES (?, ?, ?, ?, ?)`, e.ID, e.Type, string(e.Payload), ms(at), ms(at))
			if err != nil {
				return s.conflict(err, "outbox event "+e.ID)
			}
		}
		switch {
		case c.Job != nil:
			return s.jobs.CompleteRun(ctx, tx, c.Job)
		case jobID.Valid:
			return s.jobs.CancelRun(ctx, tx, jobID.Int64)
		}
		return nil
	})
}

// Charges lists ledger entries, oldest first.
func (s *Store) Charges(ctx context.Context, f store.ChargeFilter) ([]store.Charge, error) {
	where, args := chargeWhere(f)
	rows, err := s.db.QueryContext(ctx, `SELECT `+chargeCols+` FROM charges`+where+` ORDER BY at, id`, args...)
	return collect(rows, err, scanCharge)
}

// Usage counts charges per UTC day and payer.
func (s *Store) Usage(ctx context.Context, f store.ChargeFilter) ([]store.UsageRow, error) {
	where, args := chargeWhere(f)
	rows, err := s.db.QueryContext(ctx, `SELECT day, key_id, user_id, COUNT(*) FROM charges`+where+`
		GROUP BY day, key_id, user_id ORDER BY day, key_id, user_id`, args...)
	return collect(rows, err, scanUsage)
}

func chargeWhere(f store.ChargeFilter) (string, []any) {
	where := ` WHERE 1=1`
	var args []any
	if f.KeyID != "" {
		where += ` AND key_id = ?`
		args = append(args, f.KeyID)
	}
	if f.UserID != "" {
		where += ` AND user_id = ?`
		args = append(args, f.UserID)
	}
	if f.From != "" {
		where += ` AND day >= ?`
		args = append(args, f.From)
	}
	if f.To != "" {
		where += ` AND day <= ?`
		args = append(args, f.To)
	}
	return where, args
}

// Outbox lists webhook outbox events, oldest first.
func (s *Store) Outbox(ctx context.Context, n int) ([]*store.OutboxEvent, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+outboxCols+` FROM webhook_outbox ORDER BY created_at, id LIMIT ?`, limit(n))
	return collect(rows, err, scanOutboxEvent)
}
