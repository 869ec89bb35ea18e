// How a call retries, against a local HTTP server that answers as a
// faulty network or server would: connection errors, 5xx and 429 rate_limited
// are retried (honouring Retry-After), other 4xx never are, and one call
// sends one Idempotency-Key on every attempt. (The end-to-end test proves
// the same against a real vouch.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const sdk = await import(join(pkg, "dist", "index.js"));

/** Serves the given answers in turn (the last one repeats) and records the requests. */
async function serve(answers) {
  const seen = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body, at: Date.now() });
      const a = answers[Math.min(seen.length - 1, answers.length - 1)];
      if (a === "drop") return req.socket.destroy();
      res.writeHead(a.status, { "content-type": "application/json", "x-request-id": `req_${seen.length}`, ...(a.headers ?? {}) });
      res.end(typeof a.body === "string" ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}

const envelope = (code, message = code, extra = {}) => ({ error: { code, message, request_id: "req_env", ...extra } });
const plan = { state: "review_required", plan_id: "pln_1", plan: { version: 1, journeys: [], some_field: 1 }, requirements: [{ id: "R1", text: "t" }], approve_url: "http://x/console/plans/pln_1", contract_id: "sha256:" + "0".repeat(64), contract_version: "v1", human_reviewed: false };
const client = (url, extra = {}) => new sdk.VouchClient({ baseUrl: url + "/api/v1/", apiKey: "vch_test", minBackoffMs: 5, maxBackoffMs: 20, pollIntervalMs: 10, ...extra });

test("retries", async (t) => {
  const cases = [
    { name: "a dropped connection, then the answer", answers: ["drop", { status: 202, body: plan }], attempts: 2 },
    { name: "500 and 503, then the answer", answers: [{ status: 500, body: envelope("internal_error") }, { status: 503, body: envelope("service_unavailable") }, { status: 202, body: plan }], attempts: 3 },
    { name: "a proxy's 502 page", answers: [{ status: 502, body: "<html>bad gateway</html>" }, { status: 202, body: plan }], attempts: 2 },
    { name: "409 idempotency_request_in_progress", answers: [{ status: 409, body: envelope("idempotency_request_in_progress") }, { status: 202, body: plan }], attempts: 2 },
    { name: "400 is never retried", answers: [{ status: 400, body: envelope("invalid_request", "claim is empty", { field: "claim" }) }], attempts: 1, error: "InvalidRequestError" },
    { name: "401 is never retried", answers: [{ status: 401, body: envelope("unauthorized") }], attempts: 1, error: "UnauthorizedError" },
    { name: "422 is never retried", answers: [{ status: 422, body: envelope("claim_not_provable", "no check proves it", { repair_prompt: "Say what the page shows.", suggestions: ["The home page shows \"Welcome\""] }) }], attempts: 1, error: "ClaimNotProvableError" },
    { name: "429 recheck_limit_reached is never retried", answers: [{ status: 429, body: envelope("recheck_limit_reached") }], attempts: 1, error: "RecheckLimitReachedError" },
    { name: "after every retry, the last error", answers: [{ status: 503, body: envelope("service_unavailable") }], attempts: 5, error: "ServiceUnavailableError" },
    { name: "after every retry, a connection error", answers: ["drop"], attempts: 5, error: "VouchConnectionError" },
  ];
  for (const tc of cases) {
    await t.test(tc.name, async () => {
      const s = await serve(tc.answers);
      try {
        const p = client(s.url).prepare({ deploymentUrl: "http://app.test/", claim: "The home page shows \"Welcome\"" });
        if (tc.error) {
          const err = await p.then(() => assert.fail("resolved"), (e) => e);
          assert.equal(err.name, tc.error, String(err));
          assert.ok(err instanceof sdk.VouchError);
          if (tc.error !== "VouchConnectionError") assert.equal(err.requestId, "req_env");
          if (tc.error === "ClaimNotProvableError") {
            assert.equal(err.repairPrompt, "Say what the page shows.");
            assert.deepEqual(err.suggestions, ["The home page shows \"Welcome\""]);
            assert.equal(err.status, 422);
          }
        } else {
          const got = await p;
          assert.equal(got.planId, "pln_1");
          assert.equal(got.approveUrl, plan.approve_url);
          assert.equal(got.contractId, plan.contract_id);
          assert.deepEqual(got.plan, plan.plan, "the plan document is kept as sent");
        }
        assert.equal(s.seen.length, tc.attempts);
        const keys = new Set(s.seen.map((r) => r.headers["idempotency-key"]));
        assert.equal(keys.size, 1, "one Idempotency-Key for every attempt of a call");
        assert.match([...keys][0], /^vouch-ts-[0-9a-f-]{36}$/);
        for (const r of s.seen) {
          assert.equal(r.url, "/api/v1/verifications");
          assert.equal(r.headers["x-api-key"], "vch_test");
          assert.match(r.headers["user-agent"], /^vouch-ts\/0\.3\.0$/);
          assert.deepEqual(JSON.parse(r.body), { deployment_url: "http://app.test/", claim: "The home page shows \"Welcome\"" });
        }
      } finally {
        await s.close();
      }
    });
  }
});

test("two calls send two keys; a given key is sent as is", async () => {
  const s = await serve([{ status: 202, body: plan }]);
  try {
    const c = client(s.url);
    await c.prepare({ deploymentUrl: "http://app.test/", claim: "c" });
    await c.prepare({ deploymentUrl: "http://app.test/", claim: "c" });
    await c.prepare({ deploymentUrl: "http://app.test/", claim: "c", idempotencyKey: "ci-run-42" });
    const keys = s.seen.map((r) => r.headers["idempotency-key"]);
    assert.notEqual(keys[0], keys[1]);
    assert.equal(keys[2], "ci-run-42");
  } finally {
    await s.close();
  }
});

test("429 rate_limited waits at least the Retry-After the server names", async () => {
  // A lower bound only: the retry may come later on a loaded machine.
  const s = await serve([{ status: 429, body: envelope("rate_limited"), headers: { "retry-after": "1" } }, { status: 200, body: { plan_id: "pln_1", state: "pending", plan: {}, requirements: [], approvals: [] } }]);
  try {
    const p = await client(s.url).getPlan("pln_1");
    assert.equal(p.state, "pending");
    assert.equal(s.seen.length, 2);
    assert.ok(s.seen[1].at - s.seen[0].at >= 950, `retried after ${s.seen[1].at - s.seen[0].at} ms, Retry-After said 1 s`);
  } finally {
    await s.close();
  }
});

test("an AbortSignal stops a call between retries and a wait between polls", async () => {
  const s = await serve([{ status: 503, body: envelope("service_unavailable"), headers: { "retry-after": "30" } }]);
  try {
    const ctl = new AbortController();
    const p = client(s.url).getPlan("pln_1", { signal: ctl.signal });
    while (s.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    await assert.rejects(p, { name: "AbortError" });
    assert.equal(s.seen.length, 1);
  } finally {
    await s.close();
  }
  const pending = await serve([{ status: 200, body: { plan_id: "pln_1", state: "pending", plan: {}, requirements: [], approvals: [] } }]);
  try {
    const c = client(pending.url);
    await assert.rejects(c.waitForApproval("pln_1", { timeout: 50 }), (e) => e instanceof sdk.VouchTimeoutError);
    const reason = new Error("job cancelled");
    await assert.rejects(c.waitForApproval("pln_1", { signal: AbortSignal.abort(reason) }), (e) => e === reason);
  } finally {
    await pending.close();
  }
});

test("waitForApproval reports a rejection as PlanRejectedError", async () => {
  const s = await serve([
    { status: 200, body: { plan_id: "pln_1", state: "pending", plan: {}, requirements: [], approvals: [] } },
    { status: 200, body: { plan_id: "pln_1", state: "rejected", plan: {}, requirements: [], approvals: [{ action: "rejected", by: "ana@example.com", user_id: "usr_1", plan_hash: "sha256:x", at: "2026-01-01T00:00:00Z", reason: "wrong page" }] } },
  ]);
  try {
    const polls = [];
    const err = await client(s.url).waitForApproval("pln_1", { onPoll: (p) => polls.push(p.state) }).catch((e) => e);
    assert.ok(err instanceof sdk.PlanRejectedError, String(err));
    assert.equal(err.message, "plan_rejected: ana@example.com rejected plan pln_1: wrong page");
    assert.equal(err.planId, "pln_1");
    assert.deepEqual(polls, ["pending", "rejected"]);
  } finally {
    await s.close();
  }
});

test("bad arguments are refused before any request", async () => {
  assert.throws(() => new sdk.VouchClient({ baseUrl: "ftp://x", apiKey: "k" }), TypeError);
  assert.throws(() => new sdk.VouchClient({ baseUrl: "http://x", apiKey: "" }), TypeError);
  const c = new sdk.VouchClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k" });
  assert.equal(c.baseUrl, "http://127.0.0.1:9");
  await assert.rejects(c.run(""), TypeError);
  await assert.rejects(c.prepare({ deploymentUrl: "http://x/" }), TypeError);
});

test("an answer that is not JSON is a VouchError, not a crash", async () => {
  const s = await serve([{ status: 200, body: "<html>captive portal</html>" }]);
  try {
    const err = await client(s.url).get("ver_1").catch((e) => e);
    assert.ok(err instanceof sdk.VouchError, String(err));
    assert.equal(err.code, "invalid_answer");
    assert.equal(err.requestId, "req_1");
    assert.equal(s.seen.length, 1);
  } finally {
    await s.close();
  }
});
