/**
 * @vouch/sdk: the TypeScript SDK of vouch's HTTP API v1.
 *
 * ```ts
 * import { VouchClient } from "@vouch/sdk";
 * const vouch = new VouchClient({ baseUrl: "https://vouch.example.com", apiKey: process.env.VOUCH_API_KEY! });
 * const plan = await vouch.prepare({ deploymentUrl, claim }); // nothing runs, nothing is charged
 * console.log("approve at", plan.approveUrl);                  // a person approves; an API key never can
 * await vouch.waitForApproval(plan.planId, { timeout: 30 * 60_000 });
 * const started = await vouch.run(plan.planId);                // one charge
 * const result = await vouch.waitForResult(started.id);
 * if (result.decision !== "verified") console.log(result.repairPrompt);
 * ```
 *
 * @packageDocumentation
 */
export * from "./client.js";
export * from "./errors.js";
export type * from "./types.js";
export type { components, paths, operations } from "./openapi.js";
