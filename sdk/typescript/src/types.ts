// The SDK's public types, derived from the API's OpenAPI description
// (src/openapi.ts is generated from api/openapi.json by `npm run generate`
// and a test fails when it is stale), so that a field renamed or removed in
// the API fails to compile here rather than silently reading undefined.
//
// Field names are camelCase (approve_url → approveUrl); the plan document
// itself (`plan`) is kept exactly as the server sent it, because its
// canonical JSON is what a person approved (contractId is its hash).

import type { components, paths } from "./openapi.js";

type Schemas = components["schemas"];

/** snake_case → camelCase, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** Keys whose values the SDK hands over untouched. */
type RawKeys = "plan";

/** A wire object with camelCase keys, recursively (arrays included). */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: K extends RawKeys ? T[K] : Camelize<T[K]> }
    : T;

/** Every error code of the envelope `{"error":{"code",…}}`. */
export type ErrorCode = Schemas["ErrorCode"];

/** The plan document (docs/plan-format.md): version, name, requirements, journeys. */
export type PlanDocument = Schemas["Plan"];

/** A requirement derived from the claim: one sentence a person can check. */
export type Requirement = Camelize<Schemas["Requirement"]>;

/** A requirement with its result once the run completed. */
export type RequirementResult = Camelize<Schemas["RequirementResult"]>;

/**
 * The answer of `prepare`: a plan waiting for a person's approval at
 * `approveUrl` (`state` is `review_required`). Nothing ran, nothing was charged.
 */
export type PreparedPlan = Camelize<Schemas["PlanCreated"]>;

/** A plan as `getPlan` reads it: `pending`, `approved` or `rejected`, with its approvals. */
export type PlanRecord = Camelize<Schemas["PlanRecord"]>;

/** A person's decision on a plan: who, which plan hash, when. */
export type Approval = Camelize<Schemas["Approval"]>;

/** A verification record: complete once `state` is `completed` and `decision` is set. */
export type Verification = Camelize<Schemas["Verification"]>;

/** All a read shows while a run is queued or running. */
export type InProgress = Camelize<Schemas["InProgress"]>;

/** A completed verification's evidence files. */
export type Evidence = Camelize<Schemas["Evidence"]>;

/** One evidence file: screenshot, DOM snapshot, HAR, console log, report. */
export type Artifact = Camelize<Schemas["Artifact"]>;

/** A running verification's per-journey progress. */
export type Progress = Camelize<Schemas["Progress"]>;

/** One journey's progress. */
export type JourneyProgress = Camelize<Schemas["JourneyProgress"]>;

/** Verifications charged per day. */
export type Usage = Camelize<Schemas["Usage"]>;

/** The outcome of a completed verification. */
export type Decision = NonNullable<Schemas["Verification"]["decision"]>;

/** The body of the error envelope. */
export type ErrorDetail = Schemas["Error"]["error"];

/** A request path of the API, as the OpenAPI description names it. */
export type ApiPath = keyof paths;
