// Typed errors: one class per code of the API's error envelope, all
// subclasses of VouchError, so callers can write
// `if (err instanceof ClaimNotProvableError) console.log(err.repairPrompt)`.

import type { ErrorCode, ErrorDetail } from "./types.js";

/** What an answer told about an error, besides its code. */
export interface VouchErrorInit {
  /** HTTP status; 0 for an error the client concluded (a rejection seen while waiting). */
  status: number;
  message: string;
  /** The server's id of the request (also its X-Request-Id header): quote it when reporting a problem. */
  requestId?: string | undefined;
  /** The request field at fault, when there is one. */
  field?: string | undefined;
  /** Where a person approves the plan (plan_requires_human, plan_not_approved). */
  approveUrl?: string | undefined;
  /** How to make a refused claim provable (claim_not_provable). */
  repairPrompt?: string | undefined;
  /** Provable rephrasings of a refused claim, when the server offers them (claim_not_provable). */
  suggestions?: string[] | undefined;
  /** The plan concerned, when there is one. */
  planId?: string | undefined;
  /** Seconds the server asked to wait before retrying (Retry-After), when it said. */
  retryAfter?: number | undefined;
  cause?: unknown;
}

/**
 * An error answered by the vouch server (its envelope
 * `{"error":{code,message,request_id,…}}`), or one the client concluded.
 * `code` is the envelope's code; an answer that is not an envelope (a
 * proxy's error page) gets `http_<status>`.
 */
export class VouchError extends Error {
  /** The envelope's machine-readable code, e.g. "claim_not_provable". */
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly requestId: string | undefined;
  readonly field: string | undefined;
  readonly approveUrl: string | undefined;
  readonly repairPrompt: string | undefined;
  readonly suggestions: string[] | undefined;
  readonly planId: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: string, init: VouchErrorInit) {
    super(formatMessage(code, init.message, init.requestId), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.field = init.field;
    this.approveUrl = init.approveUrl;
    this.repairPrompt = init.repairPrompt;
    this.suggestions = init.suggestions;
    this.planId = init.planId;
    this.retryAfter = init.retryAfter;
  }
}

function formatMessage(code: string, message: string, requestId: string | undefined): string {
  let s = code ? `${code}: ${message}` : message;
  if (requestId) s += ` (request_id ${requestId})`;
  return s;
}

/** The request never got a complete answer, after every retry (connection refused, reset, timed out). */
export class VouchConnectionError extends VouchError {
  constructor(message: string, cause: unknown) {
    super("connection_error", { status: 0, message, cause });
  }
}

/** `waitForApproval` or `waitForResult` gave up after its `timeout`. */
export class VouchTimeoutError extends VouchError {
  constructor(message: string) {
    super("timeout", { status: 0, message });
  }
}

// One class per envelope code. The table below is typed by ErrorCode,
// which is generated from the OpenAPI description: a code added to or
// removed from the API fails to compile until this list follows.

/** 400: the request is malformed; `field` names the field. */
export class InvalidRequestError extends VouchError {}
/** 401: no, malformed, unknown or revoked API key. */
export class UnauthorizedError extends VouchError {}
/** 403: an API key tried to approve a plan; only a signed-in person can (`approveUrl`). */
export class PlanRequiresHumanError extends VouchError {}
/** 403: the key's scope does not allow this (starting a run needs scope launch). */
export class InsufficientScopeError extends VouchError {}
/** 403: a console form without its CSRF token. */
export class CsrfFailedError extends VouchError {}
/** 404: no such plan, verification or endpoint. */
export class NotFoundError extends VouchError {}
/** 404: the evidence file is not (or no longer) available. */
export class EvidenceNotAvailableError extends VouchError {}
/** 405: method not allowed on this path. */
export class MethodNotAllowedError extends VouchError {}
/** 409: the plan is still waiting for a person (`approveUrl`). */
export class PlanNotApprovedError extends VouchError {}
/** 409: a person rejected the plan (also thrown by `waitForApproval`, with status 0). */
export class PlanRejectedError extends VouchError {}
/** 409: the stored plan does not match the hash a person approved. */
export class PlanIntegrityError extends VouchError {}
/** 409: the plan was already decided. */
export class PlanNotPendingError extends VouchError {}
/** 409: re-check asked for more than 24 hours after approval; start a new verification. */
export class RecheckWindowClosedError extends VouchError {}
/** 409: only a failed verification can be re-checked. */
export class RecheckNotAllowedError extends VouchError {}
/** 409: a request with the same Idempotency-Key is still in flight (retried by the client). */
export class IdempotencyRequestInProgressError extends VouchError {}
/** 409: the request conflicts with the current state. */
export class ConflictError extends VouchError {}
/** 413: the body is too large. */
export class PayloadTooLargeError extends VouchError {}
/** 415: the body is not application/json. */
export class UnsupportedMediaTypeError extends VouchError {}
/** 422: no check could prove the claim; `repairPrompt` (and `suggestions`) say how to restate it. Nothing was charged. */
export class ClaimNotProvableError extends VouchError {}
/** 422: a re-check or run named another scheme or host than the approved plan's. */
export class RecheckHostMismatchError extends VouchError {}
/** 422: the Idempotency-Key was used before with another body. */
export class IdempotencyKeyReusedError extends VouchError {}
/** 422: the deployment URL is outside the server's target policy. */
export class TargetNotAllowedError extends VouchError {}
/** 429: more than 10 re-checks of the plan; start a new verification (never retried). */
export class RecheckLimitReachedError extends VouchError {}
/** 429: too many requests for this key (retried after Retry-After). */
export class RateLimitedError extends VouchError {}
/** 500: the server failed; quote `requestId` (retried). */
export class InternalError extends VouchError {}
/** 503: the server is stopping (retried). */
export class ServiceUnavailableError extends VouchError {}

type ErrorClass = new (code: string, init: VouchErrorInit) => VouchError;

/** The class and HTTP status of every envelope code. */
export const errorClasses: { readonly [C in ErrorCode]: { readonly class: ErrorClass; readonly status: number } } = {
  invalid_request: { class: InvalidRequestError, status: 400 },
  unauthorized: { class: UnauthorizedError, status: 401 },
  plan_requires_human: { class: PlanRequiresHumanError, status: 403 },
  insufficient_scope: { class: InsufficientScopeError, status: 403 },
  csrf_failed: { class: CsrfFailedError, status: 403 },
  not_found: { class: NotFoundError, status: 404 },
  evidence_not_available: { class: EvidenceNotAvailableError, status: 404 },
  method_not_allowed: { class: MethodNotAllowedError, status: 405 },
  plan_not_approved: { class: PlanNotApprovedError, status: 409 },
  plan_rejected: { class: PlanRejectedError, status: 409 },
  plan_integrity_error: { class: PlanIntegrityError, status: 409 },
  plan_not_pending: { class: PlanNotPendingError, status: 409 },
  recheck_window_closed: { class: RecheckWindowClosedError, status: 409 },
  recheck_not_allowed: { class: RecheckNotAllowedError, status: 409 },
  idempotency_request_in_progress: { class: IdempotencyRequestInProgressError, status: 409 },
  conflict: { class: ConflictError, status: 409 },
  payload_too_large: { class: PayloadTooLargeError, status: 413 },
  unsupported_media_type: { class: UnsupportedMediaTypeError, status: 415 },
  claim_not_provable: { class: ClaimNotProvableError, status: 422 },
  recheck_host_mismatch: { class: RecheckHostMismatchError, status: 422 },
  idempotency_key_reused: { class: IdempotencyKeyReusedError, status: 422 },
  target_not_allowed: { class: TargetNotAllowedError, status: 422 },
  recheck_limit_reached: { class: RecheckLimitReachedError, status: 429 },
  rate_limited: { class: RateLimitedError, status: 429 },
  internal_error: { class: InternalError, status: 500 },
  service_unavailable: { class: ServiceUnavailableError, status: 503 },
};

/** Builds the typed error for a code; an unknown code (a newer server) is a plain VouchError. */
export function errorFor(code: string, init: VouchErrorInit): VouchError {
  const entry = Object.hasOwn(errorClasses, code) ? errorClasses[code as ErrorCode] : undefined;
  return entry ? new entry.class(code, init) : new VouchError(code, init);
}

/** Turns a non-2xx answer into a typed error. */
export function parseErrorAnswer(status: number, headers: Headers, text: string): VouchError {
  const headerId = headers.get("x-request-id") ?? undefined;
  const retryAfter = parseRetryAfterSeconds(headers.get("retry-after"));
  let detail: ErrorDetail | undefined;
  try {
    const body = JSON.parse(text) as { error?: ErrorDetail };
    if (body && typeof body.error === "object" && body.error && typeof body.error.code === "string" && body.error.code) {
      detail = body.error;
    }
  } catch {
    // not JSON: a proxy or load balancer answered
  }
  if (detail) {
    return errorFor(detail.code, {
      status,
      message: detail.message ?? "",
      requestId: detail.request_id || headerId,
      field: detail.field,
      approveUrl: detail.approve_url,
      repairPrompt: detail.repair_prompt,
      suggestions: Array.isArray(detail.suggestions) ? detail.suggestions : undefined,
      planId: detail.plan_id,
      retryAfter,
    });
  }
  let message = `HTTP ${status}`;
  const s = text.trim();
  if (s) message += ": " + (s.length > 200 ? s.slice(0, 200) + "…" : s);
  return new VouchError(`http_${status}`, { status, message, requestId: headerId, retryAfter });
}

/** Retry-After as seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfterSeconds(v: string | null): number | undefined {
  if (!v) return undefined;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - Date.now()) / 1000);
}
