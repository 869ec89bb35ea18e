// The client of vouch's HTTP API v1: the calls a CI job or a coding
// assistant makes to have a claim about a deployed web app verified in a
// real browser, after a person approves the plan. It behaves as the Go SDK
// (client/ in the vouch repository) does: the same retries, idempotency
// keys and waits.

import {
  PlanRejectedError,
  VouchConnectionError,
  VouchError,
  VouchTimeoutError,
  parseErrorAnswer,
} from "./errors.js";
import type { components } from "./openapi.js";
import type {
  ApiPath,
  InProgress,
  PlanRecord,
  PreparedPlan,
  Progress,
  Verification,
} from "./types.js";

/** The SDK's version, sent in the User-Agent header. */
export const VERSION = "0.3.0";

/** How long a server's Retry-After is honoured at most. */
const MAX_RETRY_AFTER_MS = 5 * 60 * 1000;

export interface VouchClientOptions {
  /** The vouch server, e.g. "https://vouch.example.com" (a trailing /api/v1 or /v1 is accepted). */
  baseUrl: string;
  /** An API key (`vch_…`), sent in the x-api-key header. Starting runs and re-checks needs scope launch. */
  apiKey: string;
  /** Bounds one attempt of one call; an attempt that times out is retried. Default 60 000 ms. */
  requestTimeoutMs?: number;
  /** Retries after a call's first attempt. Default 4; 0 disables retries. */
  maxRetries?: number;
  /** The first retry's delay; each retry doubles it up to maxBackoffMs, less a random half. Default 250 ms. */
  minBackoffMs?: number;
  /** The cap of a retry's delay (a server's Retry-After may ask for longer, honoured up to 5 minutes). Default 10 000 ms. */
  maxBackoffMs?: number;
  /** How often waitForApproval and waitForResult ask. Default 2 000 ms. */
  pollIntervalMs?: number;
  /** Prepended to the User-Agent header. */
  userAgent?: string;
  /** The fetch to use. Default: the platform's. */
  fetch?: typeof globalThis.fetch;
}

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, its retries and its waits; the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface PrepareRequest extends CallOptions {
  /** The live app (http or https). */
  deploymentUrl: string;
  /** The one sentence to prove. */
  claim: string;
  /** Derive and check only (answered 200 instead of 202). Never charged either way. */
  dryRun?: boolean;
  /**
   * Identifies this request across retries. Default: a random key per call,
   * reused by that call's retries. Set it to make a call repeated by
   * another process (a re-run CI job) replay the first answer.
   */
  idempotencyKey?: string;
}

export interface WaitForApprovalOptions extends CallOptions {
  /** Give up after this many milliseconds with a VouchTimeoutError. Default: wait until the signal aborts. */
  timeout?: number;
  /** Called with each reading of the plan. */
  onPoll?: (plan: PlanRecord) => void;
}

export interface RunOptions extends CallOptions {
  /** Another path on the plan's scheme and host, where the run starts. Default: the plan's deployment URL. */
  deploymentUrl?: string;
  /** The plan's claim; when given the server checks it is the approved plan's. */
  claim?: string;
  /** See PrepareRequest.idempotencyKey. */
  idempotencyKey?: string;
}

export interface WaitForResultOptions extends CallOptions {
  /** Give up after this many milliseconds with a VouchTimeoutError. Default: wait until the signal aborts. */
  timeout?: number;
  /**
   * Called with each reading while the run goes on, and once at the end:
   * each journey's steps done, then its decision. A server that does not
   * report progress gives only `id` and `state` (and no journeys).
   */
  onProgress?: (progress: Progress) => void;
}

export interface RecheckOptions extends CallOptions {
  /** Another path on the same scheme and host as the approved plan. */
  deploymentUrl?: string;
  /** See PrepareRequest.idempotencyKey. */
  idempotencyKey?: string;
}

/** A verification with its decision. */
export type CompletedVerification = Verification & { state: "completed"; decision: NonNullable<Verification["decision"]> };

/** Whether a record read by `get` has its decision. */
export function isCompleted(v: Verification | InProgress): v is CompletedVerification {
  return v.state === "completed";
}

type CreateBody = components["schemas"]["CreateRequest"];
type RecheckBody = components["schemas"]["RecheckRequest"];

interface Call {
  method: "GET" | "POST";
  /** The OpenAPI path template, checked against the description at compile time. */
  route: ApiPath;
  /** Values of the template's {parameters}. */
  params?: Record<string, string>;
  body?: object | undefined;
  /** Sent as Idempotency-Key; a POST is only retried with one. */
  idempotencyKey?: string;
  /** Statuses that mean success. */
  ok: number[];
  signal?: AbortSignal | undefined;
}

/**
 * A vouch API client. Its methods follow the interface's sequence:
 * `prepare` → a person approves at `approveUrl` → `waitForApproval` → `run`
 * → `waitForResult` → after a `failed` decision and a fix, `recheck`.
 *
 * There is no approve method: an API key can never approve a plan.
 */
export class VouchClient {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #requestTimeoutMs: number;
  readonly #maxRetries: number;
  readonly #minBackoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #pollIntervalMs: number;
  readonly #userAgent: string;
  readonly #fetch: typeof globalThis.fetch;

  constructor(options: VouchClientOptions) {
    if (!options || !options.baseUrl) throw new TypeError("VouchClient: baseUrl is required");
    if (!options.apiKey) throw new TypeError("VouchClient: apiKey is required");
    let u: URL;
    try {
      u = new URL(options.baseUrl.replace(/\/+$/, ""));
    } catch {
      throw new TypeError(`VouchClient: baseUrl ${JSON.stringify(options.baseUrl)} is not a URL`);
    }
    if ((u.protocol !== "http:" && u.protocol !== "https:") || !u.host) {
      throw new TypeError(`VouchClient: baseUrl ${JSON.stringify(options.baseUrl)} is not an http(s) URL`);
    }
    if (u.search || u.hash) throw new TypeError(`VouchClient: baseUrl ${JSON.stringify(options.baseUrl)} has a query or fragment`);
    let path = u.pathname.replace(/\/+$/, "");
    for (const suffix of ["/api/v1", "/v1"]) if (path.endsWith(suffix)) path = path.slice(0, -suffix.length);
    this.baseUrl = u.origin + path;
    this.#apiKey = options.apiKey;
    this.#requestTimeoutMs = positive(options.requestTimeoutMs, 60_000);
    this.#maxRetries = options.maxRetries === undefined ? 4 : Math.max(0, Math.floor(options.maxRetries));
    this.#minBackoffMs = positive(options.minBackoffMs, 250);
    this.#maxBackoffMs = Math.max(positive(options.maxBackoffMs, 10_000), this.#minBackoffMs);
    this.#pollIntervalMs = positive(options.pollIntervalMs, 2_000);
    this.#userAgent = (options.userAgent ? options.userAgent + " " : "") + `vouch-ts/${VERSION}`;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Derives requirements and a plan for a claim (POST /verifications).
   * Nothing runs and nothing is charged: a person approves the plan at
   * `approveUrl`, then `run` starts it. A claim no check can prove rejects
   * with ClaimNotProvableError, whose `repairPrompt` says how to restate it.
   */
  async prepare(req: PrepareRequest): Promise<PreparedPlan> {
    requireString(req?.deploymentUrl, "prepare", "deploymentUrl");
    requireString(req?.claim, "prepare", "claim");
    const body: CreateBody = { deployment_url: req.deploymentUrl, claim: req.claim };
    if (req.dryRun) body.dry_run = true;
    return (await this.#call({
      method: "POST",
      route: "/api/v1/verifications",
      body,
      idempotencyKey: req.idempotencyKey || newIdempotencyKey(),
      ok: [req.dryRun ? 200 : 202],
      signal: req.signal,
    })) as PreparedPlan;
  }

  /** Reads a plan: its document, its approval state, its approvals and, while pending, `approveUrl`. */
  async getPlan(planId: string, options: CallOptions = {}): Promise<PlanRecord> {
    requireString(planId, "getPlan", "planId");
    return (await this.#call({
      method: "GET",
      route: "/api/v1/verifications/plans/{id}",
      params: { id: planId },
      ok: [200],
      signal: options.signal,
    })) as PlanRecord;
  }

  /**
   * Polls the plan until a person approves or rejects it. Resolves with the
   * approved plan; a rejection rejects with PlanRejectedError (status 0,
   * naming who rejected it and why).
   */
  async waitForApproval(planId: string, options: WaitForApprovalOptions = {}): Promise<PlanRecord> {
    requireString(planId, "waitForApproval", "planId");
    return this.#waiting(options, `approval of plan ${planId}`, async (signal) => {
      for (;;) {
        const p = await this.getPlan(planId, { signal });
        options.onPoll?.(p);
        if (p.state === "approved") return p;
        if (p.state === "rejected") {
          const r = p.approvals?.find((a) => a.action === "rejected");
          let msg = `${r?.by || "a person"} rejected plan ${planId}`;
          if (r?.reason) msg += ": " + r.reason;
          throw new PlanRejectedError("plan_rejected", { status: 0, message: msg, planId });
        }
        await sleep(this.#pollIntervalMs, signal);
      }
    });
  }

  /**
   * Starts a run of an approved plan (POST /verifications with
   * reviewed_plan_id). It needs a key with scope launch and is billed as one
   * verification; retries after a lost answer replay it (one run, one
   * charge). Resolves with the queued verification: `waitForResult` follows it.
   */
  async run(planId: string, options: RunOptions = {}): Promise<Verification> {
    requireString(planId, "run", "planId");
    const body: CreateBody = { reviewed_plan_id: planId };
    if (options.deploymentUrl) body.deployment_url = options.deploymentUrl;
    if (options.claim) body.claim = options.claim;
    return (await this.#call({
      method: "POST",
      route: "/api/v1/verifications",
      body,
      idempotencyKey: options.idempotencyKey || newIdempotencyKey(),
      ok: [202],
      signal: options.signal,
    })) as Verification;
  }

  /**
   * Reads a verification. While it runs the record holds only `id` and
   * `state`; once completed, the decision, requirement results, repair
   * prompt and evidence (`isCompleted` tells which).
   */
  async get(id: string, options: CallOptions = {}): Promise<Verification | InProgress> {
    requireString(id, "get", "id");
    return (await this.#call({
      method: "GET",
      route: "/api/v1/verifications/{id}",
      params: { id },
      ok: [200],
      signal: options.signal,
    })) as Verification | InProgress;
  }

  /** Reads a verification's per-journey progress. A server without that endpoint answers NotFoundError. */
  async getProgress(id: string, options: CallOptions = {}): Promise<Progress> {
    requireString(id, "getProgress", "id");
    return (await this.#call({
      method: "GET",
      route: "/api/v1/verifications/{id}/progress",
      params: { id },
      ok: [200],
      signal: options.signal,
    })) as Progress;
  }

  /**
   * Polls a verification until it completes and resolves with the completed
   * record, reporting each journey's progress to `onProgress` on the way.
   */
  async waitForResult(id: string, options: WaitForResultOptions = {}): Promise<CompletedVerification> {
    requireString(id, "waitForResult", "id");
    return this.#waiting(options, `the result of ${id}`, async (signal) => {
      let progress = true;
      for (;;) {
        if (progress) {
          try {
            const p = await this.getProgress(id, { signal });
            options.onProgress?.(p);
            if (p.state !== "completed") {
              await sleep(this.#pollIntervalMs, signal);
              continue;
            }
          } catch (err) {
            // A server that does not report progress: follow the record
            // itself (which answers not_found too if it does not exist).
            if (!(err instanceof VouchError && err.code === "not_found")) throw err;
            progress = false;
          }
        }
        const v = await this.get(id, { signal });
        if (isCompleted(v)) return v;
        if (!progress) options.onProgress?.({ id: v.id, state: v.state, journeys: [] });
        await sleep(this.#pollIntervalMs, signal);
      }
    });
  }

  /**
   * Re-runs every journey of the approved plan of a failed verification
   * (POST /verifications/{id}/recheck) and resolves with the new, queued
   * verification (`recheckOf` names the earlier one, which is not
   * modified). It needs a key with scope launch and is billed as one
   * verification. Refusals: RecheckWindowClosedError (24 h after approval),
   * RecheckLimitReachedError (10 re-checks), RecheckNotAllowedError (not
   * failed), RecheckHostMismatchError (another scheme or host).
   */
  async recheck(id: string, options: RecheckOptions = {}): Promise<Verification> {
    requireString(id, "recheck", "id");
    const body: RecheckBody | undefined = options.deploymentUrl ? { deployment_url: options.deploymentUrl } : undefined;
    return (await this.#call({
      method: "POST",
      route: "/api/v1/verifications/{id}/recheck",
      params: { id },
      body,
      idempotencyKey: options.idempotencyKey || newIdempotencyKey(),
      ok: [202],
      signal: options.signal,
    })) as Verification;
  }

  /** Runs a wait bounded by options.timeout and options.signal. */
  async #waiting<T>(options: { timeout?: number | undefined; signal?: AbortSignal | undefined }, what: string, body: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ctl = new AbortController();
    const cleanups: (() => void)[] = [];
    if (options.signal) {
      if (options.signal.aborted) throw options.signal.reason;
      const user = options.signal;
      const onAbort = () => ctl.abort(user.reason);
      user.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => user.removeEventListener("abort", onAbort));
    }
    if (options.timeout !== undefined && options.timeout >= 0) {
      const ms = options.timeout;
      const t = setTimeout(() => ctl.abort(new VouchTimeoutError(`gave up waiting for ${what} after ${ms} ms`)), ms);
      cleanups.push(() => clearTimeout(t));
    }
    try {
      return await body(ctl.signal);
    } finally {
      for (const c of cleanups) c();
    }
  }

  /** Sends a call, retrying as the README says, and decodes its answer. */
  async #call(c: Call): Promise<unknown> {
    let path: string = c.route;
    for (const [k, v] of Object.entries(c.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    const url = this.baseUrl + path;
    const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
    const headers: Record<string, string> = {
      "x-api-key": this.#apiKey,
      accept: "application/json",
      "user-agent": this.#userAgent,
    };
    if (payload !== undefined) headers["content-type"] = "application/json";
    if (c.idempotencyKey) headers["idempotency-key"] = c.idempotencyKey;
    // Only requests that cannot do something twice are retried.
    const safe = c.method === "GET" || !!c.idempotencyKey;
    const signal = c.signal;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      let status = 0;
      let answer: Headers | undefined;
      let text = "";
      let failure: unknown;
      const attemptSignal = anySignal(signal, AbortSignal.timeout(this.#requestTimeoutMs));
      try {
        const init: RequestInit = { method: c.method, headers, signal: attemptSignal, redirect: "follow" };
        if (payload !== undefined) init.body = payload;
        const res = await this.#fetch(url, init);
        status = res.status;
        answer = res.headers;
        text = await res.text();
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        failure = err;
      }
      if (failure === undefined && c.ok.includes(status)) {
        if (!text) return undefined;
        try {
          return camelize(JSON.parse(text));
        } catch (err) {
          throw new VouchError("invalid_answer", {
            status,
            message: `${c.method} ${path}: the answer is not JSON: ${text.slice(0, 200)}`,
            requestId: answer?.get("x-request-id") ?? undefined,
            cause: err,
          });
        }
      }
      const apiErr = failure === undefined ? parseErrorAnswer(status, answer!, text) : undefined;
      if (!safe || attempt >= this.#maxRetries || !retryable(apiErr)) {
        if (apiErr) throw apiErr;
        throw new VouchConnectionError(`${c.method} ${path}: ${describe(failure)}`, failure);
      }
      let wait = backoff(attempt, this.#minBackoffMs, this.#maxBackoffMs);
      if (apiErr?.retryAfter !== undefined) wait = Math.max(wait, Math.min(apiErr.retryAfter * 1000, MAX_RETRY_AFTER_MS));
      await sleep(wait, signal);
    }
  }
}

/**
 * Whether a failed attempt may be retried: a connection error (no answer),
 * a 5xx, a 429 rate_limited (not recheck_limit_reached, also a 429, which
 * no wait changes) or the same idempotent request still in flight. Other
 * 4xx answers would only be repeated.
 */
function retryable(e: VouchError | undefined): boolean {
  if (!e) return true;
  if (e.status >= 500) return true;
  if (e.status === 429) return e.code === "rate_limited" || e.code.startsWith("http_");
  return e.code === "idempotency_request_in_progress";
}

/** The delay before retry attempt+1: min doubled per attempt, capped, less a random part of up to half. */
function backoff(attempt: number, min: number, max: number): number {
  const d = Math.min(min * 2 ** attempt, max);
  return d / 2 + Math.random() * (d / 2);
}

/** Resolves after ms, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A signal that aborts when any of the given ones does. */
function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  const list = signals.filter((s): s is AbortSignal => s !== undefined);
  if (list.length === 1) return list[0]!;
  return AbortSignal.any(list);
}

/** A random key (122 bits) for one call, reused by its retries. */
function newIdempotencyKey(): string {
  return "vouch-ts-" + globalThis.crypto.randomUUID();
}

/** The answer with camelCase keys; the plan document is left as sent. */
function camelize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelize);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) {
      out[k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())] = k === "plan" ? val : camelize(val);
    }
    return out;
  }
  return v;
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    if (err.name === "TimeoutError") return "the attempt timed out";
    if (cause instanceof Error && cause.message) return `${err.message} (${cause.message})`;
    return err.message;
  }
  return String(err);
}

function positive(v: number | undefined, dflt: number): number {
  return v !== undefined && v > 0 ? v : dflt;
}

function requireString(v: unknown, method: string, name: string): void {
  if (typeof v !== "string" || v === "") throw new TypeError(`VouchClient.${method}: ${name} is required`);
}
