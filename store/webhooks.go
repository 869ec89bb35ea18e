package store

import (
	"context"
	"time"
)

// Webhooks persists webhook endpoints, the deliveries fanned out from the
// outbox, and every delivery attempt. Delivery is a queue like runs are:
// deliveries are claimed with a lease, so a process that dies mid-attempt
// leaves a delivery that is claimed again once its lease ends (or at once,
// by a sole worker, with ReleaseWebhookLeases).
type Webhooks interface {
	// CreateWebhookEndpoint stores an endpoint; ErrConflict if its id is
	// taken.
	CreateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	// GetWebhookEndpoint returns an endpoint, deleted or not.
	GetWebhookEndpoint(ctx context.Context, id string) (*WebhookEndpoint, error)
	// ListWebhookEndpoints returns the endpoints not deleted, oldest first.
	ListWebhookEndpoints(ctx context.Context) ([]*WebhookEndpoint, error)
	// UpdateWebhookEndpoint replaces an endpoint's description, events,
	// and disabled state (Disabled, DisabledAt, DisabledReason).
	UpdateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	// DeleteWebhookEndpoint marks an endpoint deleted at at; its pending
	// deliveries are cancelled and its delivery log is kept.
	DeleteWebhookEndpoint(ctx context.Context, id string, at time.Time) error

	// UndispatchedOutbox lists outbox events not yet fanned out into
	// deliveries, oldest first.
	UndispatchedOutbox(ctx context.Context, limit int) ([]*OutboxEvent, error)
	// DispatchOutboxEvent stores the event's deliveries and marks the
	// event dispatched (its DeliveredAt) in one transaction. It returns
	// ErrConflict, storing nothing, if the event was already dispatched.
	DispatchOutboxEvent(ctx context.Context, eventID string, ds []*WebhookDelivery, at time.Time) error

	// ClaimWebhookDelivery leases the pending delivery that is due soonest
	// (NextAttemptAt at or before now, no live lease, endpoint enabled) to
	// the caller until leaseUntil and counts the attempt. It returns
	// ErrNotFound when nothing is due.
	ClaimWebhookDelivery(ctx context.Context, now, leaseUntil time.Time) (*WebhookDelivery, error)
	// RecordWebhookAttempt logs an attempt of a claimed delivery and sets
	// the delivery's outcome in one transaction: delivered, failed (given
	// up), or pending again at a.NextAttemptAt. With a.DisableEndpoint the
	// delivery's endpoint is disabled too (HTTP 410 Gone).
	RecordWebhookAttempt(ctx context.Context, a WebhookAttemptResult) error
	// ReleaseWebhookLeases ends every live delivery lease, making those
	// deliveries due at now, and returns how many it released. Only for a
	// process that knows it is the database's only deliverer (vouch serve
	// on embedded SQLite, after a crash).
	ReleaseWebhookLeases(ctx context.Context, now time.Time) (int, error)
	// RedeliverWebhook makes a delivery pending and due at now, whatever
	// its state; ErrConflict while an attempt holds its lease.
	RedeliverWebhook(ctx context.Context, id string, now time.Time) (*WebhookDelivery, error)
	// GetWebhookDelivery returns a delivery with its attempts, oldest
	// first.
	GetWebhookDelivery(ctx context.Context, id string) (*WebhookDelivery, []*WebhookAttempt, error)
	// ListWebhookDeliveries returns deliveries, newest first.
	ListWebhookDeliveries(ctx context.Context, f WebhookDeliveryFilter) ([]*WebhookDelivery, error)
}

// WebhookEndpoint is a registered receiver of signed events.
type WebhookEndpoint struct {
	ID          string // "whe_…"
	URL         string
	Description string
	// Secret is the signing secret, "whsec_" + base64. It is stored as is
	// because every delivery is signed with it.
	Secret string
	// Events are the event types sent to the endpoint.
	Events         []string
	Disabled       bool
	DisabledAt     time.Time
	DisabledReason string
	CreatedBy      Principal
	CreatedAt      time.Time
	DeletedAt      time.Time // zero unless deleted
}

// Webhook delivery states.
const (
	DeliveryPending   = "pending"   // due at NextAttemptAt
	DeliveryDelivered = "delivered" // a 2xx answer was received
	DeliveryFailed    = "failed"    // given up (retries exhausted, 410, refused)
	DeliveryCancelled = "cancelled" // its endpoint was deleted
)

// WebhookDelivery is one event to one receiver: a registered endpoint, or
// the chat channel (EndpointID "").
type WebhookDelivery struct {
	ID         string // "whd_…"
	EventID    string // the outbox event; the webhook-id header
	EventType  string
	EndpointID string // "" for the chat channel
	URL        string // where it is sent
	// Payload is the request body, identical on every attempt.
	Payload       []byte
	State         string
	Attempts      int
	CreatedAt     time.Time
	NextAttemptAt time.Time
	LeaseUntil    time.Time // zero unless an attempt holds it
	LastAttemptAt time.Time
	LastStatus    int // HTTP status of the last attempt; 0 if none was received
	LastError     string
	DeliveredAt   time.Time
}

// WebhookAttempt is one try of a delivery.
type WebhookAttempt struct {
	DeliveryID string
	N          int // 1-based
	At         time.Time
	Duration   time.Duration
	Status     int    // 0 when no HTTP answer was received
	Error      string // "" when the receiver answered 2xx
	Response   string // the start of the receiver's answer
}

// WebhookAttemptResult records an attempt and the delivery's new state.
type WebhookAttemptResult struct {
	Attempt       WebhookAttempt
	State         string    // DeliveryDelivered, DeliveryFailed or DeliveryPending
	NextAttemptAt time.Time // when State is DeliveryPending
	// DisableEndpoint disables the delivery's endpoint with this reason
	// ("" leaves it alone).
	DisableEndpoint string
}

// WebhookDeliveryFilter selects deliveries. Zero fields match everything.
type WebhookDeliveryFilter struct {
	EndpointID string
	// Channel selects the chat channel's deliveries (EndpointID "").
	Channel bool
	EventID string
	State   string
	Limit   int    // Defaults to 100.
	Before  string // delivery id, for paging
}
