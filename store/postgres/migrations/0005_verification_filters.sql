-- The verifications list is ordered by (created_at, id) descending and
-- filtered by decision or creation time in SQL, paged by keyset on that
-- order: these indexes serve each filter without a sort or a scan.
DROP INDEX verifications_created;
CREATE INDEX verifications_created ON verifications (created_at, id);
CREATE INDEX verifications_decision ON verifications (decision, created_at, id);
