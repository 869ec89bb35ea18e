-- Webhook endpoints and the deliveries fanned out from webhook_outbox:
-- one row per event and receiver, retried on its own schedule, and a log
-- of every attempt. An outbox row's delivered_at means "fanned out".

CREATE TABLE webhook_endpoints (
	id              TEXT PRIMARY KEY,
	url             TEXT NOT NULL,
	description     TEXT NOT NULL DEFAULT '',
	secret          TEXT NOT NULL,
	events          TEXT NOT NULL, -- JSON array of event types
	disabled        BIGINT NOT NULL DEFAULT 0,
	disabled_at     BIGINT,
	disabled_reason TEXT NOT NULL DEFAULT '',
	created_by_key  TEXT NOT NULL DEFAULT '',
	created_by_user TEXT NOT NULL DEFAULT '',
	created_at      BIGINT NOT NULL,
	deleted_at      BIGINT
);

CREATE TABLE webhook_deliveries (
	id              TEXT PRIMARY KEY,
	seq BIGSERIAL NOT NULL UNIQUE,
	event_id        TEXT NOT NULL REFERENCES webhook_outbox (id),
	event_type      TEXT NOT NULL,
	endpoint_id     TEXT NOT NULL DEFAULT '', -- '' for the chat channel
	url             TEXT NOT NULL,
	payload         TEXT NOT NULL,
	state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled')),
	attempts        BIGINT NOT NULL DEFAULT 0,
	created_at      BIGINT NOT NULL,
	next_attempt_at BIGINT NOT NULL,
	lease_until     BIGINT,
	last_attempt_at BIGINT,
	last_status     BIGINT NOT NULL DEFAULT 0,
	last_error      TEXT NOT NULL DEFAULT '',
	delivered_at    BIGINT
);
-- Claiming scans pending deliveries by due time.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
	delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
	n           BIGINT NOT NULL,
	at          BIGINT NOT NULL,
	duration_us BIGINT NOT NULL,
	status      BIGINT NOT NULL DEFAULT 0,
	error       TEXT NOT NULL DEFAULT '',
	response    TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (delivery_id, n)
);

-- Finding outbox events not yet fanned out.
CREATE INDEX webhook_outbox_undispatched ON webhook_outbox (delivered_at, created_at);
