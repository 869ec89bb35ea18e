-- The public halves of the workers' signing keys, published by each worker
-- when it starts, so that a server on another machine checks the
-- signatures of runs it did not sign. The id is the key's SHA256
-- fingerprint (computed from public_key, never trusted from the row);
-- private keys never leave their worker.
CREATE TABLE attestation_keys (
	id           TEXT PRIMARY KEY,
	algorithm    TEXT NOT NULL,
	public_key   TEXT NOT NULL, -- PKIX PEM
	host         TEXT NOT NULL DEFAULT '',
	created_at   BIGINT,
	published_at BIGINT NOT NULL
);
CREATE INDEX attestation_keys_created ON attestation_keys (created_at, id);
