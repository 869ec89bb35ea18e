// Drives vouch's MCP server with the official TypeScript SDK client, as an
// AI assistant's host would: list the tools, check their schemas, call
// each one through a whole verification. Run by cmd/vouch's
// TestMCPWithTypeScriptClient, which starts vouch and answers this
// script's requests for a person's action:
//
//   stdout "ASK approve <plan_id>"  → the Go test approves as a signed-in person
//   stdout "ASK break"              → the Go test breaks testapp's home page
//   stdout "ASK fix"                → the Go test repairs it
//   stdin  "ok"                     → done
//
// Configuration comes from the environment: VOUCH_TRANSPORT (stdio or
// http), VOUCH_URL and VOUCH_API_KEY (http), VOUCH_COMMAND, VOUCH_ARGS and
// VOUCH_CHILD_ENV (JSON; stdio), APP_URL and CLAIM. It prints "PASS" and
// exits 0, or prints the failure and exits 1.
import assert from "node:assert/strict";
import readline from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const env = process.env;
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();

// ask requests an action of the Go test and waits until it is done.
async function ask(...what) {
  console.log("ASK " + what.join(" "));
  const { value, done } = await lines.next();
  assert.ok(!done && value.trim() === "ok", `the test did not do ${what.join(" ")}: ${value}`);
}

function log(...a) {
  console.error("[mcp_client]", ...a);
}

function transport() {
  if (env.VOUCH_TRANSPORT === "stdio") {
    return new StdioClientTransport({
      command: env.VOUCH_COMMAND,
      args: JSON.parse(env.VOUCH_ARGS),
      env: JSON.parse(env.VOUCH_CHILD_ENV),
      stderr: "inherit",
    });
  }
  return new StreamableHTTPClientTransport(new URL(env.VOUCH_URL + "/mcp"), {
    requestInit: { headers: { "x-api-key": env.VOUCH_API_KEY } },
  });
}

// call calls a tool; the SDK validates structuredContent against the
// tool's output schema. Returns the structured result and the call's
// result.
async function call(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const size = JSON.stringify(res).length;
  assert.ok(size < 12000, `${name} answered ${size} bytes: too much for an assistant's context`);
  return [res.structuredContent, res];
}

async function waitDecision(client, id) {
  for (let i = 0; i < 30; i++) {
    const [r, res] = await call(client, "svc_status", { verification_id: id, wait_seconds: 10 });
    assert.ok(!res.isError, JSON.stringify(res));
    if (r.status === "completed") return r;
    assert.ok(["queued", "running"].includes(r.status), JSON.stringify(r));
  }
  assert.fail(`verification ${id} did not complete`);
}

async function main() {
  const client = new Client({ name: "vouch-jstest", version: "1.0.0" });
  await client.connect(transport());
  log("connected over", env.VOUCH_TRANSPORT, "to", client.getServerVersion()?.name, client.getServerVersion()?.version);
  assert.equal(client.getServerVersion().name, "vouch");
  assert.ok(client.getInstructions().includes("approve_url"), "server instructions");

  // The three tools, with input and output schemas; none approves.
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ["svc_recheck", "svc_status", "svc_verify"]);
  for (const t of tools) {
    assert.ok(!/approve/i.test(t.name), `tool ${t.name} approves`);
    assert.equal(t.inputSchema.type, "object", t.name);
    assert.equal(t.outputSchema?.type, "object", t.name);
    assert.ok(t.outputSchema.properties.status, `${t.name} output schema has status`);
    assert.ok(t.description.length > 40, `${t.name} description`);
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  assert.deepEqual(Object.keys(byName.svc_verify.inputSchema.properties).sort(), ["claim", "deployment_url", "reviewed_plan_id"]);
  assert.deepEqual(Object.keys(byName.svc_status.inputSchema.properties).sort(), ["plan_id", "verification_id", "wait_seconds"]);
  assert.equal(byName.svc_status.inputSchema.properties.wait_seconds.type, "integer");
  assert.deepEqual(byName.svc_recheck.inputSchema.required, ["verification_id"]);
  assert.equal(byName.svc_status.annotations?.readOnlyHint, true);

  // svc_verify: requirements, plan summary and the approve link.
  let [r, res] = await call(client, "svc_verify", { deployment_url: env.APP_URL, claim: env.CLAIM });
  assert.ok(!res.isError, JSON.stringify(res));
  assert.equal(r.status, "awaiting_approval");
  assert.match(r.plan_id, /^pln_/);
  assert.match(r.approve_url, /\/console\/plans\/pln_/);
  assert.ok(r.requirements.length > 0 && r.journeys[0].steps.length > 0, JSON.stringify(r));
  assert.ok(res.content[0].text.includes(r.approve_url), "text content carries the link");
  const planID = r.plan_id;

  // The assistant cannot start a plan nobody approved.
  [r] = await call(client, "svc_verify", { reviewed_plan_id: planID });
  assert.equal(r.status, "awaiting_approval");
  [r] = await call(client, "svc_status", { plan_id: planID });
  assert.equal(r.status, "awaiting_approval");

  await ask("approve", planID);
  [r] = await call(client, "svc_status", { plan_id: planID, wait_seconds: 5 });
  assert.equal(r.status, "approved", JSON.stringify(r));

  // Run with the app broken: failed, with a repair prompt and evidence.
  await ask("break");
  [r] = await call(client, "svc_verify", { reviewed_plan_id: planID });
  assert.ok(["queued", "running"].includes(r.status), JSON.stringify(r));
  const failed = await waitDecision(client, r.verification_id);
  assert.equal(failed.decision, "failed");
  assert.ok(failed.repair_prompt.length > 20);
  assert.match(failed.report_url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/verifications\/ver_\w+\/evidence\//);
  assert.equal(failed.requirements[0].result, "not_met");
  assert.equal(failed.journeys[0].state, "failed", "the journey that failed is named");

  // After the fix, svc_recheck verifies.
  await ask("fix");
  [r] = await call(client, "svc_recheck", { verification_id: failed.verification_id });
  assert.equal(r.recheck_of, failed.verification_id);
  const verified = await waitDecision(client, r.verification_id);
  assert.equal(verified.decision, "verified");
  assert.equal(verified.repair_prompt, undefined);

  // Refusals are results; mistakes are tool errors.
  [r] = await call(client, "svc_recheck", { verification_id: verified.verification_id });
  assert.equal(r.status, "refused");
  assert.equal(r.code, "recheck_not_allowed");
  [r] = await call(client, "svc_verify", { deployment_url: env.APP_URL, claim: "Everyone loves this app" });
  assert.equal(r.status, "claim_not_provable");
  assert.ok(r.repair_prompt.length > 0);
  [, res] = await call(client, "svc_verify", {});
  assert.equal(res.isError, true);
  [, res] = await call(client, "svc_status", { verification_id: "ver_nope" });
  assert.equal(res.isError, true);
  assert.match(res.content[0].text, /not_found/);
  // There is no approve tool to call: the server refuses the name.
  let approveRefused = false;
  try {
    res = await client.callTool({ name: "approve", arguments: { plan_id: planID } });
    approveRefused = res.isError === true;
  } catch {
    approveRefused = true;
  }
  assert.ok(approveRefused, "a call to an approve tool was answered");

  await client.close();
  console.log("PASS");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error("[mcp_client] FAIL:", err?.stack ?? err);
    process.exit(1);
  },
);
