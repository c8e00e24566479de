/**
 * The retry policy as data, and the pure decisions made from it. The transport applies them;
 * tests inject the clock, the sleep and the randomness.
 */

export interface RetryPolicy {
  /** Retries after the first attempt: N retries means N+1 attempts. */
  readonly retries: number
  /** Statuses worth another attempt for an idempotent request. */
  readonly statusCodes: ReadonlySet<number>
  /** Statuses that prove a non-idempotent request was not processed. */
  readonly unsafeStatusCodes: ReadonlySet<number>
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  /** A server asking to wait longer than this is not retried: the run would just hang. */
  readonly maxRetryAfterMs: number
}

export function defaultRetryPolicy(retries: number): RetryPolicy {
  return {
    retries,
    statusCodes: new Set([408, 429, 500, 502, 503, 504]),
    unsafeStatusCodes: new Set([429, 503]),
    baseDelayMs: 500,
    maxDelayMs: 20_000,
    maxRetryAfterMs: 120_000
  }
}

/**
 * Network failures by whether the request can have reached the server. A refused or
 * unresolvable connection never carried the request, so even a ticket POST may be retried.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT'
])

/** Failures another attempt cannot fix: the certificate will be just as untrusted next time. */
const PERMANENT_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID'
])

export type AttemptOutcome =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number }
  | { readonly kind: 'network'; readonly code: string }

/** Whether a request that has not been retried `attempt` times yet deserves another try. */
export function shouldRetry(
  outcome: AttemptOutcome,
  idempotent: boolean,
  policy: RetryPolicy
): boolean {
  if (outcome.kind === 'network') {
    if (PERMANENT_CODES.has(outcome.code)) return false
    return idempotent || NOT_SENT_CODES.has(outcome.code)
  }
  const codes = idempotent ? policy.statusCodes : policy.unsafeStatusCodes
  if (!codes.has(outcome.status)) return false
  return outcome.retryAfterMs === undefined || outcome.retryAfterMs <= policy.maxRetryAfterMs
}

/** Whether a failed non-idempotent request may have been acted on by the server. */
export function mayHaveBeenProcessed(code: string): boolean {
  return !NOT_SENT_CODES.has(code)
}

/**
 * Delay before retry number `retry` (1-based): the server's Retry-After when given, else
 * exponential backoff with full jitter, capped.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number
): number {
  if (retryAfterMs !== undefined) return retryAfterMs
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  // Full jitter spreads the retries of many parallel jobs hitting the same rate limit.
  return Math.round(exponential / 2 + (random() * exponential) / 2)
}

/**
 * An HTTP-date (RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`
 * or `Sun Nov  6 08:49:37 1994`, and the sloppier variants servers send) names a month and a time
 * of day. Checked before Date.parse, which also reads `1.5`, `-1` or `10, 10` as dates in 2001,
 * that is as "retry now".
 */
function looksLikeHttpDate(value: string): boolean {
  return (
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(value) &&
    /\b\d{1,2}:\d{2}:\d{2}\b/.test(value)
  )
}

/**
 * Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds
 * from `nowMs`, never negative; undefined when absent or unparseable. Fractional seconds, which
 * some servers send, are honoured rather than rejected.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number
): number | undefined {
  if (value === null || value === undefined) return undefined
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000)
  if (!looksLikeHttpDate(trimmed)) return undefined
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}
