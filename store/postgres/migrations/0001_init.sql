-- vouch schema, version 1, for PostgreSQL: table for table the SQLite
-- schema of the same version (store/sqlite/migrations). Times are unix
-- milliseconds (UTC); NULL means "not yet". seq columns stand in for
-- SQLite's rowid: the insertion order that breaks ties between equal times.

CREATE TABLE plans (
	id              TEXT PRIMARY KEY,
	seq BIGSERIAL NOT NULL UNIQUE,
	hash            TEXT NOT NULL,
	plan_json       TEXT NOT NULL,
	claim           TEXT NOT NULL,
	deployment_url  TEXT NOT NULL,
	requirements    TEXT NOT NULL,
	notes           TEXT NOT NULL,
	state           TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected')),
	dry_run         BIGINT NOT NULL DEFAULT 0,
	created_by_key  TEXT NOT NULL DEFAULT '',
	created_by_user TEXT NOT NULL DEFAULT '',
	created_at      BIGINT NOT NULL,
	rechecks        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX plans_state_created ON plans (state, created_at);
CREATE INDEX plans_created ON plans (created_at);

-- One decision per plan: the approval (or rejection) event.
CREATE TABLE plan_events (
	plan_id   TEXT PRIMARY KEY REFERENCES plans (id),
	state     TEXT NOT NULL CHECK (state IN ('approved', 'rejected')),
	user_id   TEXT NOT NULL,
	plan_hash TEXT NOT NULL,
	reason    TEXT NOT NULL DEFAULT '',
	at        BIGINT NOT NULL
);

-- A verification is also its run's job: state, lease and attempts.
CREATE TABLE verifications (
	id               TEXT PRIMARY KEY,
	seq BIGSERIAL NOT NULL UNIQUE,
	plan_id          TEXT NOT NULL REFERENCES plans (id),
	plan_hash        TEXT NOT NULL,
	deployment_url   TEXT NOT NULL,
	recheck_of       TEXT NOT NULL DEFAULT '',
	launched_by_key  TEXT NOT NULL DEFAULT '',
	launched_by_user TEXT NOT NULL DEFAULT '',
	state            TEXT NOT NULL CHECK (state IN ('queued', 'running', 'completed')),
	created_at       BIGINT NOT NULL,
	started_at       BIGINT,
	completed_at     BIGINT,
	worker           TEXT NOT NULL DEFAULT '',
	lease_until      BIGINT,
	attempts         BIGINT NOT NULL DEFAULT 0,
	progress         TEXT,
	decision         TEXT NOT NULL DEFAULT '',
	reason           TEXT NOT NULL DEFAULT '',
	repair_prompt    TEXT NOT NULL DEFAULT '',
	evidence_dir     TEXT NOT NULL DEFAULT '',
	results          TEXT
);
CREATE INDEX verifications_queue ON verifications (state, created_at);
CREATE INDEX verifications_plan ON verifications (plan_id, created_at);
CREATE INDEX verifications_created ON verifications (created_at);

-- The billing ledger: one row per run, written with the run.
CREATE TABLE charges (
	id              TEXT PRIMARY KEY,
	verification_id TEXT NOT NULL UNIQUE REFERENCES verifications (id),
	plan_id         TEXT NOT NULL,
	key_id          TEXT NOT NULL DEFAULT '',
	user_id         TEXT NOT NULL DEFAULT '',
	day             TEXT NOT NULL,
	at              BIGINT NOT NULL
);
CREATE INDEX charges_day ON charges (day, key_id, user_id);

CREATE TABLE idempotency (
	scope        TEXT NOT NULL,
	key          TEXT NOT NULL,
	request_hash TEXT NOT NULL,
	done         BIGINT NOT NULL DEFAULT 0,
	status       BIGINT NOT NULL DEFAULT 0,
	body         BYTEA,
	created_at   BIGINT NOT NULL,
	expires_at   BIGINT NOT NULL,
	PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_expires ON idempotency (expires_at);

CREATE TABLE api_keys (
	id           TEXT PRIMARY KEY,
	seq BIGSERIAL NOT NULL UNIQUE,
	prefix       TEXT NOT NULL,
	hash         BYTEA NOT NULL UNIQUE,
	scope        TEXT NOT NULL CHECK (scope IN ('read', 'launch')),
	name         TEXT NOT NULL DEFAULT '',
	created_at   BIGINT NOT NULL,
	last_used_at BIGINT,
	revoked_at   BIGINT
);

CREATE TABLE users (
	id            TEXT PRIMARY KEY,
	seq BIGSERIAL NOT NULL UNIQUE,
	email         TEXT NOT NULL,
	email_key     TEXT NOT NULL UNIQUE, -- lower-cased email
	password_hash TEXT NOT NULL,
	admin         BIGINT NOT NULL DEFAULT 0,
	disabled      BIGINT NOT NULL DEFAULT 0,
	created_at    BIGINT NOT NULL
);

CREATE TABLE sessions (
	id         TEXT PRIMARY KEY,
	token_hash BYTEA NOT NULL UNIQUE,
	user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	csrf_token TEXT NOT NULL DEFAULT '',
	created_at BIGINT NOT NULL,
	last_seen  BIGINT NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE request_log (
	id          BIGSERIAL PRIMARY KEY,
	request_id  TEXT NOT NULL,
	at          BIGINT NOT NULL,
	method      TEXT NOT NULL,
	path        TEXT NOT NULL,
	status      BIGINT NOT NULL,
	duration_us BIGINT NOT NULL,
	key_id      TEXT NOT NULL DEFAULT '',
	user_id     TEXT NOT NULL DEFAULT '',
	remote_addr TEXT NOT NULL DEFAULT '',
	error_code  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX request_log_at ON request_log (at);
CREATE INDEX request_log_request ON request_log (request_id);

-- Webhook events waiting for delivery; filled when a run completes.
CREATE TABLE webhook_outbox (
	id              TEXT PRIMARY KEY,
	type            TEXT NOT NULL,
	payload         TEXT NOT NULL,
	created_at      BIGINT NOT NULL,
	attempts        BIGINT NOT NULL DEFAULT 0,
	next_attempt_at BIGINT NOT NULL,
	delivered_at    BIGINT,
	last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (delivered_at, next_attempt_at);
