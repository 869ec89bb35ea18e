-- Runs are River jobs (river_job, created by River's own migrations in the
-- same database): the job is inserted in the transaction that creates the
-- run and its charge, and completed in the one that records the decision.
-- River's attempts, timeouts and rescuer of stuck jobs replace the lease
-- and heartbeat columns; job_id links a run to its job. Runs left queued
-- or running by an older version get their job when the store opens.
DROP INDEX verifications_lease;
ALTER TABLE verifications DROP COLUMN lease_until;
ALTER TABLE verifications DROP COLUMN worker;
ALTER TABLE verifications ADD COLUMN job_id BIGINT;
