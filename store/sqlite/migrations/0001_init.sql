-- vouch schema, version 1. Times are unix milliseconds (UTC); NULL means
-- "not yet". The SQL is kept close to what PostgreSQL accepts so that
-- store/postgres can follow it table for table.

CREATE TABLE plans (
	id              TEXT PRIMARY KEY,
	hash            TEXT NOT NULL,
	plan_json       TEXT NOT NULL,
	claim           TEXT NOT NULL,
	deployment_url  TEXT NOT NULL,
	requirements    TEXT NOT NULL,
	notes           TEXT NOT NULL,
	state           TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected')),
	dry_run         INTEGER NOT NULL DEFAULT 0,
	created_by_key  TEXT NOT NULL DEFAULT '',
	created_by_user TEXT NOT NULL DEFAULT '',
	created_at      INTEGER NOT NULL,
	rechecks        INTEGER NOT NULL DEFAULT 0
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
	at        INTEGER NOT NULL
);

-- A verification is also its run's job: state, lease and attempts.
CREATE TABLE verifications (
	id               TEXT PRIMARY KEY,
	plan_id          TEXT NOT NULL REFERENCES plans (id),
	plan_hash        TEXT NOT NULL,
	deployment_url   TEXT NOT NULL,
	recheck_of       TEXT NOT NULL DEFAULT '',
	launched_by_key  TEXT NOT NULL DEFAULT '',
	launched_by_user TEXT NOT NULL DEFAULT '',
	state            TEXT NOT NULL CHECK (state IN ('queued', 'running', 'completed')),
	created_at       INTEGER NOT NULL,
	started_at       INTEGER,
	completed_at     INTEGER,
	worker           TEXT NOT NULL DEFAULT '',
	lease_until      INTEGER,
	attempts         INTEGER NOT NULL DEFAULT 0,
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
	at              INTEGER NOT NULL
);
CREATE INDEX charges_day ON charges (day, key_id, user_id);

CREATE TABLE idempotency (
	scope        TEXT NOT NULL,
	key          TEXT NOT NULL,
	request_hash TEXT NOT NULL,
	done         INTEGER NOT NULL DEFAULT 0,
	status       INTEGER NOT NULL DEFAULT 0,
	body         BLOB,
	created_at   INTEGER NOT NULL,
	expires_at   INTEGER NOT NULL,
	PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_expires ON idempotency (expires_at);

CREATE TABLE api_keys (
	id           TEXT PRIMARY KEY,
	prefix       TEXT NOT NULL,
	hash         BLOB NOT NULL UNIQUE,
	scope        TEXT NOT NULL CHECK (scope IN ('read', 'launch')),
	name         TEXT NOT NULL DEFAULT '',
	created_at   INTEGER NOT NULL,
	last_used_at INTEGER,
	revoked_at   INTEGER
);

CREATE TABLE users (
	id            TEXT PRIMARY KEY,
	email         TEXT NOT NULL,
	email_key     TEXT NOT NULL UNIQUE, -- lower-cased email
	password_hash TEXT NOT NULL,
	admin         INTEGER NOT NULL DEFAULT 0,
	disabled      INTEGER NOT NULL DEFAULT 0,
	created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
	id         TEXT PRIMARY KEY,
	token_hash BLOB NOT NULL UNIQUE,
	user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	csrf_token TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL,
	last_seen  INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE request_log (
	id          INTEGER PRIMARY KEY AUTOINCREMENT,
	request_id  TEXT NOT NULL,
	at          INTEGER NOT NULL,
	method      TEXT NOT NULL,
	path        TEXT NOT NULL,
	status      INTEGER NOT NULL,
	duration_us INTEGER NOT NULL,
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
	created_at      INTEGER NOT NULL,
	attempts        INTEGER NOT NULL DEFAULT 0,
	next_attempt_at INTEGER NOT NULL,
	delivered_at    INTEGER,
	last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (delivered_at, next_attempt_at);
