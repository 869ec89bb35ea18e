-- ClaimNextRun looks for expired leases by (state, lease_until).
CREATE INDEX verifications_lease ON verifications (state, lease_until);
