// The SDK and the API's OpenAPI description must not drift: src/openapi.ts
// is what openapi-typescript makes of api/openapi.json today, and the SDK's
// error classes cover exactly the description's error codes with their
// statuses. (The SDK's types are derived from src/openapi.ts, so a field
// renamed or removed in the API then fails `npm run build`.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const specPath = join(pkg, "..", "..", "api", "openapi.json");
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const sdk = await import(join(pkg, "dist", "index.js"));

test("src/openapi.ts is generated from api/openapi.json as it is now", () => {
  const dir = mkdtempSync(join(tmpdir(), "vouch-sdk-gen-"));
  try {
    const out = join(dir, "openapi.ts");
    execFileSync(process.execPath, [join(pkg, "node_modules", "openapi-typescript", "bin", "cli.js"), specPath, "--output", out], { stdio: "pipe" });
    const fresh = readFileSync(out, "utf8");
    const committed = readFileSync(join(pkg, "src", "openapi.ts"), "utf8");
    assert.ok(fresh === committed, "sdk/typescript/src/openapi.ts is stale: run `npm run generate` in sdk/typescript, then `npm run build` and fix what no longer compiles");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every error code of the API has its typed error with the API's status", () => {
  const codes = spec.components.schemas.ErrorCode.enum;
  const statuses = spec.components.schemas.ErrorCode["x-status"];
  assert.deepEqual(Object.keys(sdk.errorClasses).sort(), [...codes].sort());
  for (const code of codes) {
    const entry = sdk.errorClasses[code];
    assert.equal(entry.status, statuses[code], `status of ${code}`);
    const err = sdk.errorFor(code, { status: statuses[code], message: "m", requestId: "req_1" });
    assert.ok(err instanceof sdk.VouchError && err instanceof entry.class, code);
    assert.equal(err.code, code);
    assert.equal(err.requestId, "req_1");
    // The class is named for the code: claim_not_provable → ClaimNotProvableError.
    const name = code.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("").replace(/(Error)?$/, "Error");
    assert.equal(err.name, name);
    assert.equal(sdk[name], entry.class, `${name} is exported`);
  }
});

test("every operation the SDK calls is in the description", () => {
  // The routes are typed by the description's paths at compile time; this
  // checks the methods and their success statuses too.
  const ops = [
    ["post", "/api/v1/verifications", ["200", "202"]],
    ["get", "/api/v1/verifications/plans/{id}", ["200"]],
    ["get", "/api/v1/verifications/{id}", ["200"]],
    ["get", "/api/v1/verifications/{id}/progress", ["200"]],
    ["post", "/api/v1/verifications/{id}/recheck", ["202"]],
  ];
  for (const [method, path, statuses] of ops) {
    const op = spec.paths[path]?.[method];
    assert.ok(op, `${method.toUpperCase()} ${path} is not in api/openapi.json`);
    for (const s of statuses) assert.ok(op.responses[s], `${method.toUpperCase()} ${path} answers no ${s}`);
  }
  const create = spec.components.schemas.CreateRequest.properties;
  for (const f of ["deployment_url", "claim", "dry_run", "reviewed_plan_id"]) assert.ok(create[f], `CreateRequest.${f}`);
  assert.ok(spec.paths["/api/v1/verifications"].post.parameters.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key"));
});
