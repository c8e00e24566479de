/**
 * A 429 or 503 on a start or a poll holds back every start and poll of the deployment export for
 * its Retry-After: the API asked this client, not this task, to slow down.
 */
import { ApiError } from '../api/errors.js'
import { RATE_LIMIT_STATUSES } from '../api/transport.js'
import type { PipelineClock, PipelineLimits } from './sbom-pipeline-settings.js'

export function rateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && RATE_LIMIT_STATUSES.has(error.status)
}

export class RateLimitHold {
  /** Nothing is sent before this time. */
  private until = 0
  private lastLog = Number.NEGATIVE_INFINITY
  /** Rate-limited answers seen. */
  answers = 0

  constructor(
    private readonly clock: PipelineClock,
    private readonly limits: PipelineLimits
  ) {}

  get notBefore(): number {
    return this.until
  }

  /** Waits while a rate limit holds everything back. */
  async untilAllowed(): Promise<void> {
    for (let now = this.clock.now(); now < this.until; now = this.clock.now()) {
      await new Promise<void>(resolve => this.clock.after(this.until - now, resolve))
    }
  }

  /** Holds everything back for the answer's Retry-After (bounded), and says so now and then. */
  slowDown(error: ApiError): void {
    this.answers++
    const waitMs = Math.min(
      error.retryAfterMs ?? this.limits.rateLimitFallbackMs,
      this.limits.rateLimitMaxMs
    )
    const now = this.clock.now()
    this.until = Math.max(this.until, now + waitMs)
    if (now - this.lastLog >= this.limits.progressEveryMs) {
      this.lastLog = now
      this.clock.info(
        `SBOM exports: the API answered HTTP ${error.status}; every start and poll waits ${(waitMs / 1000).toFixed(1)} s`
      )
    }
  }
}
