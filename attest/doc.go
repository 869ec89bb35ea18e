// Package attest signs a run's decision and evidence so that anyone can
// check them offline, without trusting the server that produced them.
//
// After a run, Write puts two DSSE envelopes (Ed25519 signatures over
// in-toto Statement v1 payloads) into the run's evidence directory:
//
//	attestation.dsse.json   predicate PredicateType (vouch's verification
//	                        predicate, version 1): the claim, the plan's
//	                        sha256, the approval event (who, when, which
//	                        plan hash), the decision of every journey and of
//	                        the run, the times, the browser, the repair
//	                        prompt's sha256 and every evidence file by name,
//	                        sha256 and size
//	test-result.dsse.json   the standard in-toto test-result predicate
//	                        (verified → PASSED, failed → FAILED,
//	                        blocked → WARNED) for tools that read that
//
// Both statements name the same subjects: the deployment URL with the
// sha256 of the first document it served, and the plan by its sha256.
//
// Verify checks a directory (or an evidence zip) against a set of trusted
// public keys: the signatures, every file's hash and size, the manifest
// against the statement, and that the approved plan hash is the plan that
// ran. Each problem is one line naming the file concerned.
//
// Keys live in a Keyring: a directory of PEM files, one per key, private
// keys with mode 0600 in a 0700 directory. The newest private key signs;
// Rotate makes a new one and keeps only the public half of the old ones, so
// old runs still verify while the old private key no longer exists. A key
// is named by its SSH-style SHA256 fingerprint ("SHA256:…"), the DSSE key
// id.
//
// The package depends only on evidence (and so plan): the service and the
// command line call it after a run.
package attest
