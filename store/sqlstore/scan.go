package sqlstore

import (
	"database/sql"
	"time"

	"github.com/vouchdev/vouch/store"
)

// A scanner is a row: *sql.Row or *sql.Rows. Each row type has one scan
// function (scanPlan, scanVerification, scanKey, scanUser, scanSession,
// scanCharge, scanUsage, scanOutboxEvent, scanRequest, scanEndpoint,
// scanDelivery, scanAttempt, scanAttestKey) that every query of that type goes through.
type scanner interface{ Scan(...any) error }

// collect scans every row of rows with scan and closes rows.
func collect[T any](rows Rows, err error, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

const sessionCols = `id, token_hash, user_id, csrf_token, created_at, last_seen, expires_at`

func scanSession(r scanner) (*store.Session, error) {
	var se store.Session
	var created, last, expires sql.NullInt64
	if err := r.Scan(&se.ID, &se.TokenHash, &se.UserID, &se.CSRFToken, &created, &last, &expires); err != nil {
		return nil, err
	}
	se.CreatedAt, se.LastSeen, se.ExpiresAt = fromMS(created), fromMS(last), fromMS(expires)
	return &se, nil
}

const chargeCols = `id, verification_id, plan_id, key_id, user_id, day, at`

func scanCharge(r scanner) (store.Charge, error) {
	var c store.Charge
	var at sql.NullInt64
	if err := r.Scan(&c.ID, &c.VerificationID, &c.PlanID, &c.Payer.KeyID, &c.Payer.UserID, &c.Day, &at); err != nil {
		return c, err
	}
	c.At = fromMS(at)
	return c, nil
}

func scanUsage(r scanner) (store.UsageRow, error) {
	var u store.UsageRow
	err := r.Scan(&u.Day, &u.Payer.KeyID, &u.Payer.UserID, &u.Count)
	return u, err
}

const outboxCols = `id, type, payload, created_at, attempts, delivered_at`

func scanOutboxEvent(r scanner) (*store.OutboxEvent, error) {
	var e store.OutboxEvent
	var payload string
	var created, delivered sql.NullInt64
	if err := r.Scan(&e.ID, &e.Type, &payload, &created, &e.Attempts, &delivered); err != nil {
		return nil, err
	}
	e.Payload, e.CreatedAt, e.DeliveredAt = []byte(payload), fromMS(created), fromMS(delivered)
	return &e, nil
}

const requestCols = `id, request_id, at, method, path, status, duration_us, key_id, user_id, remote_addr, error_code`

func scanRequest(r scanner) (*store.RequestLog, error) {
	var rl store.RequestLog
	var at sql.NullInt64
	var us int64
	if err := r.Scan(&rl.ID, &rl.RequestID, &at, &rl.Method, &rl.Path, &rl.Status, &us, &rl.KeyID,
		&rl.UserID, &rl.RemoteAddr, &rl.ErrorCode); err != nil {
		return nil, err
	}
	rl.At, rl.Duration = fromMS(at), time.Duration(us)*time.Microsecond
	return &rl, nil
}

const attemptCols = `delivery_id, n, at, duration_us, status, error, response`

func scanAttempt(r scanner) (*store.WebhookAttempt, error) {
	var a store.WebhookAttempt
	var at sql.NullInt64
	var us int64
	if err := r.Scan(&a.DeliveryID, &a.N, &at, &us, &a.Status, &a.Error, &a.Response); err != nil {
		return nil, err
	}
	a.At, a.Duration = fromMS(at), time.Duration(us)*time.Microsecond
	return &a, nil
}
