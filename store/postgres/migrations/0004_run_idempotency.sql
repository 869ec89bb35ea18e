-- The idempotent request that created a run, recorded in the transaction
-- that creates the run and its charge: a request re-executed after a crash
-- between that commit and the storing of its response (the idempotency
-- record still in flight) finds this run instead of creating and charging
-- a second one. NULL for runs started without an Idempotency-Key; NULLs
-- are distinct in a UNIQUE index in SQLite and PostgreSQL alike.
ALTER TABLE verifications ADD COLUMN idempotency_scope TEXT;
ALTER TABLE verifications ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX verifications_idempotency ON verifications (idempotency_scope, idempotency_key);
