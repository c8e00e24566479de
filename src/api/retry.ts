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

export type AttemptOutcome =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number }
  | { readonly kind: 'network'; readonly code: string }

/** Whether a request that has not been retried `attempt` times yet deserves another try. */
export function shouldRetry(
  outcome: AttemptOutcome,
  idempotent: boolean,
  policy: RetryPolicy
): boolean {
  if (outcome.kind === 'network') return idempotent || NOT_SENT_CODES.has(outcome.code)
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
 * Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds
 * from `nowMs`, never negative; undefined when absent or unparseable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number
): number | undefined {
  if (value === null || value === undefined) return undefined
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}
