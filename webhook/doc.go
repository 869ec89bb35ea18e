// Package webhook delivers vouch's verification.completed events to
// registered endpoints, signed per the Standard Webhooks specification,
// and to a chat channel as a Slack-format message; it also serves the
// endpoint registration API and offers the management methods (endpoints,
// delivery logs, redelivery) that the console's webhook pages call.
//
// Delivery starts from the persisted outbox that the store fills in the
// same transaction that completes a verification, so a completed
// verification is never lost to a crash. The deliverer fans each new
// outbox event out into one delivery per enabled endpoint taking its type
// (plus one for the channel), all in one transaction, with the request
// body built once: every endpoint and every attempt gets the same bytes
// and the same webhook-id (the event's id). Deliveries are a queue in
// the store, claimed with a lease; a deliverer that dies mid-attempt
// leaves the delivery to be attempted again when the lease ends, or at the
// next start of a sole deliverer (vouch serve on SQLite).
//
// Each attempt is signed afresh: webhook-timestamp is the attempt's time
// and webhook-signature is "v1," and the base64 HMAC-SHA256, keyed with
// the endpoint's "whsec_" secret, of "id.timestamp.body". A 2xx answer
// delivers; 410 Gone disables the endpoint; redirects are never followed
// (a 3xx is a failed attempt); any other answer or error is retried with
// exponential backoff and jitter until RetryFor (24 h) after the event.
// Every connection goes through the target policy's dialer (netpolicy),
// which refuses link-local and cloud-metadata addresses after DNS
// resolution; a refused delivery fails at once, without retries.
//
// The payload is documented in docs/webhooks.md.
package webhook
