package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/vouchdev/vouch/store"
)

const planCols = `p.id, p.hash, p.plan_json, p.claim, p.deployment_url, p.requirements, p.notes,
	p.state, p.dry_run, p.created_by_key, p.created_by_user, p.created_at, p.rechecks,
	e.state, e.user_id, e.plan_hash, e.reason, e.at`

const planFrom = ` FROM plans p LEFT JOIN plan_events e ON e.plan_id = p.id`

func scanPlan(r scanner) (*store.Plan, error) {
	var p store.Plan
	var js, reqs, notes string
	var created sql.NullInt64
	var eState, eUser, eHash, eReason sql.NullString
	var eAt sql.NullInt64
	err := r.Scan(&p.ID, &p.Hash, &js, &p.Claim, &p.DeploymentURL, &reqs, &notes,
		&p.State, &p.DryRun, &p.CreatedBy.KeyID, &p.CreatedBy.UserID, &created, &p.Rechecks,
		&eState, &eUser, &eHash, &eReason, &eAt)
	if err != nil {
		return nil, err
	}
	p.JSON, p.Requirements, p.Notes = []byte(js), []byte(reqs), []byte(notes)
	p.CreatedAt = fromMS(created)
	if eState.Valid {
		p.Decision = &store.PlanEvent{State: eState.String, UserID: eUser.String,
			PlanHash: eHash.String, Reason: eReason.String, At: fromMS(eAt)}
	}
	return &p, nil
}

// CreatePlan stores a new pending plan.
func (s *Store) CreatePlan(ctx context.Context, p *store.Plan) error {
	if p.State == "" {
		p.State = store.PlanPending
	}
	if p.State != store.PlanPending {
		return fmt.Errorf("%s: a new plan must be pending, not %q", s.d.Name, p.State)
	}
	reqs, notes := orJSON(p.Requirements, "[]"), orJSON(p.Notes, "[]")
	_, err := s.db.ExecContext(ctx, `INSERT INTO plans (id, hash, plan_json, claim, deployment_url,
		requirements, notes, state, dry_run, created_by_key, created_by_user, created_at, rechecks)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
		p.ID, p.Hash, string(p.JSON), p.Claim, p.DeploymentURL, reqs, notes, p.State,
		boolInt(p.DryRun), p.CreatedBy.KeyID, p.CreatedBy.UserID, ms(p.CreatedAt))
	return s.conflict(err, "plan "+p.ID)
}

func orJSON(b []byte, def string) string {
	if len(b) == 0 {
		return def
	}
	return string(b)
}

// GetPlan returns a plan with its decision event.
func (s *Store) GetPlan(ctx context.Context, id string) (*store.Plan, error) {
	p, err := scanPlan(s.db.QueryRowContext(ctx, `SELECT `+planCols+planFrom+` WHERE p.id = ?`, id))
	return p, notFound(err, "plan "+id)
}

// ListPlans returns plans, newest first.
func (s *Store) ListPlans(ctx context.Context, f store.PlanFilter) ([]*store.Plan, error) {
	q := `SELECT ` + planCols + planFrom + ` WHERE 1=1`
	var args []any
	if f.State != "" {
		q += ` AND p.state = ?`
		args = append(args, f.State)
	}
	if f.Before != "" {
		q += ` AND (p.created_at, p.` + s.d.Seq + `) < (SELECT created_at, ` + s.d.Seq + ` FROM plans WHERE id = ?)`
		args = append(args, f.Before)
	}
	q += ` ORDER BY p.created_at DESC, p.` + s.d.Seq + ` DESC LIMIT ?`
	args = append(args, limit(f.Limit))
	rows, err := s.db.QueryContext(ctx, q, args...)
	return collect(rows, err, scanPlan)
}

// DecidePlan approves or rejects a pending plan and records the event.
func (s *Store) DecidePlan(ctx context.Context, d store.PlanDecision) (*store.Plan, error) {
	if d.State != store.PlanApproved && d.State != store.PlanRejected {
		return nil, fmt.Errorf("%s: a decision is approved or rejected, not %q", s.d.Name, d.State)
	}
	err := s.tx(ctx, func(tx Tx) error {
		var state, hash string
		err := tx.QueryRowContext(ctx, `SELECT state, hash FROM plans WHERE id = ?`, d.PlanID).Scan(&state, &hash)
		if err != nil {
			return notFound(err, "plan "+d.PlanID)
		}
		if state != store.PlanPending {
			return fmt.Errorf("%w: plan %s is %s", store.ErrPlanNotPending, d.PlanID, state)
		}
		if d.PlanHash != hash {
			return fmt.Errorf("%w: plan %s", store.ErrPlanHashMismatch, d.PlanID)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE plans SET state = ? WHERE id = ? AND state = 'pending'`, d.State, d.PlanID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO plan_events (plan_id, state, user_id, plan_hash, reason, at)
			VALUES (?, ?, ?, ?, ?, ?)`, d.PlanID, d.State, d.UserID, d.PlanHash, d.Reason, ms(d.At))
		if s.d.IsUnique(err) {
			return fmt.Errorf("%w: plan %s", store.ErrPlanNotPending, d.PlanID)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.GetPlan(ctx, d.PlanID)
}
