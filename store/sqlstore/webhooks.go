package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vouchdev/vouch/store"
)

const endpointCols = `id, url, description, secret, events, disabled, disabled_at, disabled_reason,
	created_by_key, created_by_user, created_at, deleted_at`

func scanEndpoint(r scanner) (*store.WebhookEndpoint, error) {
	var e store.WebhookEndpoint
	var events string
	var disabled int
	var disabledAt, created, deleted sql.NullInt64
	if err := r.Scan(&e.ID, &e.URL, &e.Description, &e.Secret, &events, &disabled, &disabledAt, &e.DisabledReason,
		&e.CreatedBy.KeyID, &e.CreatedBy.UserID, &created, &deleted); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(events), &e.Events); err != nil {
		return nil, fmt.Errorf("endpoint %s: events: %w", e.ID, err)
	}
	e.Disabled = disabled != 0
	e.DisabledAt, e.CreatedAt, e.DeletedAt = fromMS(disabledAt), fromMS(created), fromMS(deleted)
	return &e, nil
}

func eventsJSON(events []string) string {
	if events == nil {
		events = []string{}
	}
	b, _ := json.Marshal(events)
	return string(b)
}

// CreateWebhookEndpoint stores an endpoint.
func (s *Store) CreateWebhookEndpoint(ctx context.Context, e *store.WebhookEndpoint) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO webhook_endpoints (`+endpointCols+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.URL, e.Description, e.Secret, eventsJSON(e.Events), boolInt(e.Disabled), ms(e.DisabledAt),
		e.DisabledReason, e.CreatedBy.KeyID, e.CreatedBy.UserID, ms(e.CreatedAt), ms(e.DeletedAt))
	return s.conflict(err, "webhook endpoint "+e.ID)
}

// GetWebhookEndpoint returns an endpoint, deleted or not.
func (s *Store) GetWebhookEndpoint(ctx context.Context, id string) (*store.WebhookEndpoint, error) {
	e, err := scanEndpoint(s.db.QueryRowContext(ctx, `SELECT `+endpointCols+` FROM webhook_endpoints WHERE id = ?`, id))
	if err != nil {
		return nil, notFound(err, "webhook endpoint "+id)
	}
	return e, nil
}

// ListWebhookEndpoints returns the endpoints not deleted, oldest first.
func (s *Store) ListWebhookEndpoints(ctx context.Context) ([]*store.WebhookEndpoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+endpointCols+` FROM webhook_endpoints
		WHERE deleted_at IS NULL ORDER BY created_at, id`)
	return collect(rows, err, scanEndpoint)
}

// UpdateWebhookEndpoint replaces the mutable fields of an endpoint.
func (s *Store) UpdateWebhookEndpoint(ctx context.Context, e *store.WebhookEndpoint) error {
	res, err := s.db.ExecContext(ctx, `UPDATE webhook_endpoints SET description = ?, events = ?,
		disabled = ?, disabled_at = ?, disabled_reason = ? WHERE id = ? AND deleted_at IS NULL`,
		e.Description, eventsJSON(e.Events), boolInt(e.Disabled), ms(e.DisabledAt), e.DisabledReason, e.ID)
	return affected(res, err, "webhook endpoint "+e.ID)
}

// DeleteWebhookEndpoint marks an endpoint deleted and cancels its pending
// deliveries.
func (s *Store) DeleteWebhookEndpoint(ctx context.Context, id string, at time.Time) error {
	return s.tx(ctx, func(tx Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL`, ms(at), id)
		if err := affected(res, err, "webhook endpoint "+id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE webhook_deliveries SET state = 'cancelled', lease_until = NULL,
			last_error = CASE WHEN last_error = '' THEN 'the endpoint was deleted' ELSE last_error END
			WHERE endpoint_id = ? AND state = 'pending'`, id)
		return err
	})
}

// UndispatchedOutbox lists outbox events not yet fanned out, oldest first.
func (s *Store) UndispatchedOutbox(ctx context.Context, n int) ([]*store.OutboxEvent, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+outboxCols+`
		FROM webhook_outbox WHERE delivered_at IS NULL ORDER BY created_at, id LIMIT ?`, limit(n))
	return collect(rows, err, scanOutboxEvent)
}

// DispatchOutboxEvent stores an event's deliveries and marks it fanned out.
func (s *Store) DispatchOutboxEvent(ctx context.Context, eventID string, ds []*store.WebhookDelivery, at time.Time) error {
	return s.tx(ctx, func(tx Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE webhook_outbox SET delivered_at = ?, attempts = attempts + 1
			WHERE id = ? AND delivered_at IS NULL`, ms(at), eventID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM webhook_outbox WHERE id = ?`, eventID).Scan(&one)
			if err != nil {
				return notFound(err, "outbox event "+eventID)
			}
			return fmt.Errorf("%w: outbox event %s was already dispatched", store.ErrConflict, eventID)
		}
		for _, d := range ds {
			if d.ID == "" {
				d.ID = newID("whd_")
			}
			d.EventID = eventID
			if d.State == "" {
				d.State = store.DeliveryPending
			}
			if d.CreatedAt.IsZero() {
				d.CreatedAt = at
			}
			if d.NextAttemptAt.IsZero() {
				d.NextAttemptAt = d.CreatedAt
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO webhook_deliveries (id, event_id, event_type, endpoint_id, url,
				payload, state, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				d.ID, eventID, d.EventType, d.EndpointID, d.URL, string(d.Payload), d.State, ms(d.CreatedAt), ms(d.NextAttemptAt))
			if err != nil {
				return s.conflict(err, "webhook delivery "+d.ID)
			}
		}
		return nil
	})
}

const deliveryCols = `id, event_id, event_type, endpoint_id, url, payload, state, attempts, created_at,
	next_attempt_at, lease_until, last_attempt_at, last_status, last_error, delivered_at`

func scanDelivery(r scanner) (*store.WebhookDelivery, error) {
	var d store.WebhookDelivery
	var payload string
	var created, next, lease, last, delivered sql.NullInt64
	if err := r.Scan(&d.ID, &d.EventID, &d.EventType, &d.EndpointID, &d.URL, &payload, &d.State, &d.Attempts,
		&created, &next, &lease, &last, &d.LastStatus, &d.LastError, &delivered); err != nil {
		return nil, err
	}
	d.Payload = []byte(payload)
	d.CreatedAt, d.NextAttemptAt, d.LeaseUntil = fromMS(created), fromMS(next), fromMS(lease)
	d.LastAttemptAt, d.DeliveredAt = fromMS(last), fromMS(delivered)
	return &d, nil
}

// ClaimWebhookDelivery leases the delivery due soonest. The lease is also
// its next attempt time, so a delivery whose deliverer died becomes due
// again when the lease ends.
func (s *Store) ClaimWebhookDelivery(ctx context.Context, now, leaseUntil time.Time) (*store.WebhookDelivery, error) {
	var d *store.WebhookDelivery
	err := s.tx(ctx, func(tx Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT d.id FROM webhook_deliveries d
			WHERE d.state = 'pending' AND d.next_attempt_at <= ?
			AND (d.endpoint_id = '' OR EXISTS (SELECT 1 FROM webhook_endpoints e
				WHERE e.id = d.endpoint_id AND e.disabled = 0 AND e.deleted_at IS NULL))
			ORDER BY d.next_attempt_at, d.`+s.d.Seq+` LIMIT 1`, ms(now)).Scan(&id)
		if err != nil {
			return notFound(err, "due webhook delivery")
		}
		d, err = scanDelivery(tx.QueryRowContext(ctx, `UPDATE webhook_deliveries
			SET lease_until = ?, next_attempt_at = ?, attempts = attempts + 1, last_attempt_at = ?
			WHERE id = ? RETURNING `+deliveryCols, ms(leaseUntil), ms(leaseUntil), ms(now), id))
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// RecordWebhookAttempt logs an attempt and sets the delivery's outcome.
// The attempt number fences it: an attempt whose lease ended and whose
// delivery was claimed again (or redelivered) is refused with
// ErrLeaseLost.
func (s *Store) RecordWebhookAttempt(ctx context.Context, r store.WebhookAttemptResult) error {
	a := r.Attempt
	return s.tx(ctx, func(tx Tx) error {
		var delivered, next any
		switch r.State {
		case store.DeliveryDelivered:
			delivered = ms(a.At.Add(a.Duration))
		case store.DeliveryPending:
			next = ms(r.NextAttemptAt)
		case store.DeliveryFailed:
		default:
			return fmt.Errorf("%s: RecordWebhookAttempt: state %q", s.d.Name, r.State)
		}
		var endpoint string
		err := tx.QueryRowContext(ctx, `UPDATE webhook_deliveries SET state = ?,
			next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL, last_attempt_at = ?,
			last_status = ?, last_error = ?, delivered_at = COALESCE(?, delivered_at)
			WHERE id = ? AND attempts = ? AND state = 'pending' AND lease_until IS NOT NULL
			RETURNING endpoint_id`,
			r.State, next, ms(a.At), a.Status, a.Error, delivered, a.DeliveryID, a.N).Scan(&endpoint)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: webhook delivery %s attempt %d", store.ErrLeaseLost, a.DeliveryID, a.N)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_id, n, at, duration_us, status, error, response)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, a.DeliveryID, a.N, ms(a.At), a.Duration.Microseconds(), a.Status, a.Error, a.Response); err != nil {
			return s.conflict(err, fmt.Sprintf("webhook attempt %s/%d", a.DeliveryID, a.N))
		}
		if r.DisableEndpoint != "" && endpoint != "" {
			if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET disabled = 1, disabled_at = ?, disabled_reason = ?
				WHERE id = ? AND disabled = 0`, ms(a.At), r.DisableEndpoint, endpoint); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReleaseWebhookLeases makes every leased delivery due at now, logging
// the interrupted attempt so that the delivery log has no gap.
func (s *Store) ReleaseWebhookLeases(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := s.tx(ctx, func(tx Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_id, n, at, duration_us, status, error)
			SELECT id, attempts, COALESCE(last_attempt_at, created_at), 0, 0, ?
			FROM webhook_deliveries WHERE state = 'pending' AND lease_until IS NOT NULL
			ON CONFLICT DO NOTHING`,
			"interrupted: the server stopped during the attempt"); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_until = NULL, next_attempt_at = ?
			WHERE state = 'pending' AND lease_until IS NOT NULL`, ms(now))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// RedeliverWebhook makes a delivery pending and due now.
func (s *Store) RedeliverWebhook(ctx context.Context, id string, now time.Time) (*store.WebhookDelivery, error) {
	var d *store.WebhookDelivery
	err := s.tx(ctx, func(tx Tx) error {
		cur, err := scanDelivery(tx.QueryRowContext(ctx, `SELECT `+deliveryCols+` FROM webhook_deliveries WHERE id = ?`, id))
		if err != nil {
			return notFound(err, "webhook delivery "+id)
		}
		if cur.State == store.DeliveryPending && !cur.LeaseUntil.IsZero() && cur.LeaseUntil.After(now) {
			return fmt.Errorf("%w: webhook delivery %s is being attempted", store.ErrConflict, id)
		}
		d, err = scanDelivery(tx.QueryRowContext(ctx, `UPDATE webhook_deliveries
			SET state = 'pending', next_attempt_at = ?, lease_until = NULL WHERE id = ? RETURNING `+deliveryCols, ms(now), id))
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// GetWebhookDelivery returns a delivery and its attempts.
func (s *Store) GetWebhookDelivery(ctx context.Context, id string) (*store.WebhookDelivery, []*store.WebhookAttempt, error) {
	d, err := scanDelivery(s.db.QueryRowContext(ctx, `SELECT `+deliveryCols+` FROM webhook_deliveries WHERE id = ?`, id))
	if err != nil {
		return nil, nil, notFound(err, "webhook delivery "+id)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+attemptCols+` FROM webhook_attempts WHERE delivery_id = ? ORDER BY n`, id)
	as, err := collect(rows, err, scanAttempt)
	if err != nil {
		return nil, nil, err
	}
	return d, as, nil
}

// ListWebhookDeliveries returns deliveries, newest first.
func (s *Store) ListWebhookDeliveries(ctx context.Context, f store.WebhookDeliveryFilter) ([]*store.WebhookDelivery, error) {
	var where []string
	var args []any
	switch {
	case f.EndpointID != "":
		where, args = append(where, "endpoint_id = ?"), append(args, f.EndpointID)
	case f.Channel:
		where = append(where, "endpoint_id = ''")
	}
	if f.EventID != "" {
		where, args = append(where, "event_id = ?"), append(args, f.EventID)
	}
	if f.State != "" {
		where, args = append(where, "state = ?"), append(args, f.State)
	}
	if f.Before != "" {
		where = append(where, `(created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE id = ?)`)
		args = append(args, f.Before)
	}
	q := `SELECT ` + deliveryCols + ` FROM webhook_deliveries`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit(f.Limit))
	rows, err := s.db.QueryContext(ctx, q, args...)
	return collect(rows, err, scanDelivery)
}
