// End to end: the packed tarball (`npm pack`) installed into a temporary
// project drives a real `vouch serve` (SQLite, the claim deriver, headless
// Chromium) against the demo app testapp, both built from this repository
// and run on loopback. A person signs in to the console and approves, as a
// person would. Nothing is mocked.
//
// VOUCH_BIN and TESTAPP_BIN name prebuilt binaries; by default they are
// built with `go build` from the repository.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(pkg, "..", "..");
const HOME_CLAIM = 'The home page shows "Welcome to testapp"';
const UNPROVABLE_CLAIM = "The app is fast and everyone loves it";
const EMAIL = "reviewer@example.com";
const PASSWORD = "correct horse battery staple";

const children = [];
let tmp;
let sdk; // the installed package
let vouchURL, appURL, launchKey, proxy;

/** Runs a command to completion; throws with its output when it fails. */
function run(cmd, args, opts = {}) {
  try {
    return execFileSync(cmd, args, { encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], ...opts });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  }
}

/** Starts a long-running process and resolves with the first match of re in its output. */
function start(cmd, args, re) {
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (b) => {
      out += b;
      const m = out.match(re);
      if (m) resolve(m);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${cmd} exited with ${code} before it was ready:\n${out}`)));
    // A bound so that a stuck start fails with its output; not a performance assertion.
    setTimeout(() => reject(new Error(`${cmd} not ready after 60 s:\n${out}`)), 60_000).unref();
  });
}

async function charges() {
  const res = await fetch(`${vouchURL}/api/v1/usage`, { headers: { "x-api-key": launchKey } });
  assert.equal(res.status, 200);
  return (await res.json()).total;
}

async function setBreak(name, on) {
  const res = await fetch(`${appURL}/__testapp/break?name=${name}&on=${on ? 1 : 0}`, { method: "POST" });
  assert.ok(res.ok, `testapp break ${name}: ${res.status}`);
}

/**
 * A proxy in front of vouch that records run starts and, once armed, passes
 * the next run start on, lets vouch answer, and then drops the connection:
 * the SDK never sees the answer of a request that did start the run.
 */
async function startProxy(upstream) {
  const runStarts = [];
  let drop = false;
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const headers = {};
    for (const h of ["x-api-key", "content-type", "accept", "user-agent", "idempotency-key"]) if (req.headers[h]) headers[h] = req.headers[h];
    const up = await fetch(upstream + req.url, { method: req.method, headers, body: req.method === "GET" ? undefined : body });
    const text = await up.text();
    const isRunStart = req.method === "POST" && req.url === "/api/v1/verifications" && "reviewed_plan_id" in JSON.parse(body.toString() || "{}");
    if (isRunStart) {
      runStarts.push({ key: req.headers["idempotency-key"], status: up.status, replayed: up.headers.get("idempotent-replayed"), id: JSON.parse(text).id });
      if (drop) {
        drop = false;
        req.socket.destroy();
        return;
      }
    }
    const out = { "content-type": up.headers.get("content-type") ?? "application/json" };
    for (const h of ["x-request-id", "retry-after", "idempotent-replayed"]) if (up.headers.get(h)) out[h] = up.headers.get(h);
    res.writeHead(up.status, out);
    res.end(text);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}`, runStarts, dropNextRunStart: () => (drop = true), close: () => new Promise((r) => server.close(r)) };
}

/** A person signs in to the console and clicks Approve on the plan's page, as in a browser. */
async function approveAsPerson(approveUrl) {
  const origin = new URL(approveUrl).origin;
  const jar = new Map();
  const browse = async (url, init = {}) => {
    const headers = { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (init.method === "POST") {
      headers.origin = origin; // a same-origin form post
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [nv] = c.split(";");
      const i = nv.indexOf("=");
      if (/max-age=(0|-1)\b/i.test(c)) jar.delete(nv.slice(0, i));
      else jar.set(nv.slice(0, i), nv.slice(i + 1));
    }
    return res;
  };
  const field = (html, name) => {
    const m = html.match(new RegExp(`name="${name}" value="([^"]+)"`));
    assert.ok(m, `no ${name} in the page:\n${html.slice(0, 2000)}`);
    return m[1].replaceAll("&#43;", "+").replaceAll("&amp;", "&");
  };
  const signIn = await (await browse("/console/sign-in")).text();
  const next = new URL(approveUrl).pathname;
  let res = await browse("/console/sign-in", {
    method: "POST",
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, csrf_token: field(signIn, "csrf_token"), next }),
  });
  assert.equal(res.status, 303, `sign-in: ${res.status} ${await res.text()}`);
  assert.equal(res.headers.get("location"), next);
  const page = await (await browse(approveUrl)).text();
  assert.match(page, /Approve/);
  res = await browse(`${next}/approve`, {
    method: "POST",
    body: new URLSearchParams({ csrf_token: field(page, "csrf_token"), plan_hash: field(page, "plan_hash") }),
  });
  assert.equal(res.status, 303, `approve: ${res.status} ${await res.text()}`);
  assert.match(res.headers.get("location"), /done=approved/);
}

describe("@vouch/sdk against a real vouch serve", { timeout: 300_000 }, () => {
  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), "vouch-sdk-e2e-"));
    // The package as users get it: packed, then installed into a project.
    const [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmp], { cwd: pkg }));
    const proj = join(tmp, "project");
    mkdirSync(proj);
    writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(tmp, packed.filename)], { cwd: proj });
    const installed = JSON.parse(readFileSync(join(proj, "node_modules", "@vouch", "sdk", "package.json"), "utf8"));
    assert.equal(installed.version, "0.3.0");
    assert.deepEqual(installed.dependencies ?? {}, {}, "no runtime dependencies");
    writeFileSync(join(proj, "sdk.mjs"), 'export * from "@vouch/sdk";\n');
    sdk = await import(pathToFileURL(join(proj, "sdk.mjs")));

    // A TypeScript consumer compiles against the installed declarations.
    writeFileSync(join(proj, "consumer.ts"), [
      'import { VouchClient, ClaimNotProvableError, isCompleted, type PreparedPlan, type Verification, type Decision } from "@vouch/sdk";',
      'const c = new VouchClient({ baseUrl: "http://127.0.0.1:1", apiKey: "k" });',
      "export async function f(signal: AbortSignal): Promise<Decision | string> {",
      '  try { const p: PreparedPlan = await c.prepare({ deploymentUrl: "u", claim: "c", dryRun: true }); void p.approveUrl.length; void p.contractId; void p.contractVersion; void p.requirements[0]?.text; }',
      "  catch (e) { if (e instanceof ClaimNotProvableError) return e.repairPrompt ?? e.requestId ?? \"\"; }",
      "  await c.waitForApproval(\"pln_1\", { timeout: 1000, signal, onPoll: (p) => void p.state });",
      "  const v: Verification = await c.run(\"pln_1\", { idempotencyKey: \"k\" });",
      "  const r = await c.waitForResult(v.id, { onProgress: (p) => void p.journeys.length });",
      "  const g = await c.get(r.id); if (isCompleted(g)) void g.recheckOf;",
      "  await c.recheck(r.id, { deploymentUrl: \"u\" });",
      "  return r.decision;",
      "}",
    ].join("\n"));
    writeFileSync(join(proj, "tsconfig.json"), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", lib: ["ES2022"], typeRoots: [join(pkg, "node_modules", "@types")], types: ["node"] },
      files: ["consumer.ts"],
    }));
    run(process.execPath, [join(pkg, "node_modules", "typescript", "bin", "tsc"), "-p", proj]);

    // vouch and testapp, built from this repository unless given.
    let vouchBin = process.env.VOUCH_BIN;
    let appBin = process.env.TESTAPP_BIN;
    if (!vouchBin) run("go", ["build", "-o", (vouchBin = join(tmp, "vouch")), "./cmd/vouch"], { cwd: root });
    if (!appBin) run("go", ["build", "-o", (appBin = join(tmp, "testapp")), "./testapp/cmd/testapp"], { cwd: root });
    const data = join(tmp, "data");
    mkdirSync(data);
    run(vouchBin, ["users", "add", EMAIL, "--password-stdin", "--data", data], { input: PASSWORD + "\n" });
    launchKey = run(vouchBin, ["keys", "create", "--scope", "launch", "--name", "sdk-e2e", "--data", data]).trim();
    assert.match(launchKey, /^vch_/);
    appURL = (await start(appBin, ["--addr", "127.0.0.1:0"], /url=(http:\/\/127\.0\.0\.1:\d+)/))[1];
    vouchURL = (await start(vouchBin, ["serve", "--addr", "127.0.0.1:0", "--data", data, "--workers", "1"], /vouch serving on \S+ \(API (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/))[1];
    proxy = await startProxy(vouchURL);
  });

  after(async () => {
    for (const c of children) c.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
    await proxy?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const client = () => new sdk.VouchClient({ baseUrl: proxy.url, apiKey: launchKey, pollIntervalMs: 200, minBackoffMs: 50 });
  let plan; // the plan a person approves
  let failed; // the verification that fails

  it("dry run: the plan a person would approve, not charged", async () => {
    const p = await client().prepare({ deploymentUrl: appURL, claim: HOME_CLAIM, dryRun: true });
    assert.equal(p.state, "review_required");
    assert.equal(p.dryRun, true);
    assert.match(p.planId, /^pln_/);
    assert.match(p.contractId, /^sha256:[0-9a-f]{64}$/);
    assert.ok(p.contractVersion);
    assert.ok(p.approveUrl.startsWith(vouchURL + "/console/plans/"), p.approveUrl);
    assert.ok(p.requirements.length > 0 && p.requirements[0].text);
    assert.ok(Array.isArray(p.plan.journeys) && p.plan.journeys.length > 0);
    assert.equal(p.humanReviewed, false);
    assert.equal(await charges(), 0);
  });

  it("a refused claim: ClaimNotProvableError with the repair prompt and request id, not charged", async () => {
    const err = await client().prepare({ deploymentUrl: appURL, claim: UNPROVABLE_CLAIM }).catch((e) => e);
    assert.ok(err instanceof sdk.ClaimNotProvableError, String(err));
    assert.equal(err.code, "claim_not_provable");
    assert.equal(err.status, 422);
    assert.ok(err.repairPrompt && err.repairPrompt.length > 20, err.repairPrompt);
    assert.match(err.requestId, /\S/);
    assert.ok(err.message.includes(err.requestId));
    // Its suggestions are provable rephrasings: a dry run of the first one passes.
    assert.ok(Array.isArray(err.suggestions) && err.suggestions.length > 0, JSON.stringify(err.suggestions));
    const rephrased = await client().prepare({ deploymentUrl: appURL, claim: err.suggestions[0], dryRun: true });
    assert.equal(rephrased.dryRun, true);
    assert.equal(await charges(), 0);
  });

  it("prepare, then waits that are aborted or time out before a person approves", async () => {
    const c = client();
    plan = await c.prepare({ deploymentUrl: appURL, claim: HOME_CLAIM });
    assert.equal(plan.state, "review_required");
    assert.equal(plan.dryRun, undefined);
    const read = await c.getPlan(plan.planId);
    assert.equal(read.state, "pending");
    assert.equal(read.approveUrl, plan.approveUrl);
    assert.equal(read.claim, HOME_CLAIM);
    assert.equal(read.contractId, plan.contractId);

    const ctl = new AbortController();
    const polls = [];
    const waiting = c.waitForApproval(plan.planId, { signal: ctl.signal, onPoll: (p) => (polls.push(p.state), ctl.abort()) });
    await assert.rejects(waiting, { name: "AbortError" });
    assert.deepEqual(polls, ["pending"]);
    await assert.rejects(c.waitForApproval(plan.planId, { timeout: 300 }), (e) => e instanceof sdk.VouchTimeoutError);
    // An aborted run start sends nothing and starts nothing.
    await assert.rejects(c.run(plan.planId, { signal: AbortSignal.abort() }), { name: "AbortError" });
    assert.equal(proxy.runStarts.length, 0);
    // Running a plan nobody approved is refused, with the approve link.
    const err = await c.run(plan.planId).catch((e) => e);
    assert.ok(err instanceof sdk.PlanNotApprovedError, String(err));
    assert.equal(err.approveUrl, plan.approveUrl);
    proxy.runStarts.length = 0;
    assert.equal(await charges(), 0);
  });

  it("a person approves through the console while waitForApproval polls", async () => {
    let approving;
    const approved = await client().waitForApproval(plan.planId, {
      timeout: 120_000,
      onPoll: (p) => {
        if (p.state === "pending" && !approving) approving = approveAsPerson(plan.approveUrl);
      },
    });
    await approving;
    assert.equal(approved.state, "approved");
    assert.equal(approved.approvals.length, 1);
    assert.equal(approved.approvals[0].action, "approved");
    assert.equal(approved.approvals[0].by, EMAIL);
    assert.equal(approved.approvals[0].planHash, plan.contractId);
    assert.equal(approved.approveUrl, undefined, "no approve link once approved");
  });

  it("run through a proxy that drops the first answer: one run, one charge; waitForResult: failed", async () => {
    await setBreak("home-text", true);
    const c = client();
    proxy.dropNextRunStart();
    const started = await c.run(plan.planId, { claim: HOME_CLAIM });
    assert.match(started.id, /^ver_/);
    // The SDK sent the run start twice with one key; vouch started it once
    // and replayed its answer to the retry.
    assert.equal(proxy.runStarts.length, 2, JSON.stringify(proxy.runStarts));
    const [first, retry] = proxy.runStarts;
    assert.equal(first.key, retry.key);
    assert.equal(first.status, 202);
    assert.equal(retry.status, 202);
    assert.equal(retry.replayed, "true");
    assert.equal(first.id, started.id);
    assert.equal(retry.id, started.id);
    assert.equal(await charges(), 1);

    // Aborting a wait stops the polling and leaves the run alone.
    const ctl = new AbortController();
    const reason = new Error("job cancelled");
    await assert.rejects(c.waitForResult(started.id, { signal: ctl.signal, onProgress: () => ctl.abort(reason) }), (e) => e === reason);

    const progress = [];
    const v = await c.waitForResult(started.id, { timeout: 180_000, onProgress: (p) => progress.push(p) });
    assert.equal(v.state, "completed");
    assert.equal(v.decision, "failed");
    assert.ok(v.repairPrompt && v.repairPrompt.length > 20, v.repairPrompt);
    assert.equal(v.recheckOf, null);
    assert.equal(v.humanReviewed, true);
    assert.equal(v.planId, plan.planId);
    assert.ok(v.evidence.artifacts.some((a) => a.kind === "screenshot" && /^[0-9a-f]{64}$/.test(a.sha256)), JSON.stringify(v.evidence));
    assert.ok(v.requirements.some((r) => r.result === "not_met"), JSON.stringify(v.requirements));
    assert.ok(progress.length > 0 && progress.at(-1).state === "completed");
    assert.ok(progress.at(-1).journeys.length > 0 && progress.at(-1).journeys.every((j) => j.name));
    const read = await c.get(started.id);
    assert.ok(sdk.isCompleted(read));
    assert.equal(read.decision, "failed");
    assert.equal(await charges(), 1);
    failed = v;
  });

  it("recheck after a fix: a new verification, verified; the failed one unchanged", async () => {
    await setBreak("home-text", false);
    const c = client();
    const re = await c.recheck(failed.id);
    assert.notEqual(re.id, failed.id);
    assert.equal(re.recheckOf, failed.id);
    const v = await c.waitForResult(re.id, { timeout: 180_000 });
    assert.equal(v.decision, "verified");
    assert.equal(v.recheckOf, failed.id);
    assert.equal(v.repairPrompt, undefined);
    assert.equal((await c.get(failed.id)).decision, "failed");
    assert.equal(await charges(), 2);
    // Only a failed verification can be re-checked; refusals are typed and charge nothing.
    const err = await c.recheck(v.id).catch((e) => e);
    assert.ok(err instanceof sdk.RecheckNotAllowedError, String(err));
    assert.equal(err.status, 409);
    assert.match(err.requestId, /\S/);
    const nf = await c.get("ver_doesnotexist").catch((e) => e);
    assert.ok(nf instanceof sdk.NotFoundError, String(nf));
    assert.equal(await charges(), 2);
  });
});
