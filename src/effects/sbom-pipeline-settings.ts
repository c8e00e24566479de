/**
 * What the deployment export pipeline is given: the API operations it drives, the clock it runs
 * on, how much it may do at once, and what the run asked for.
 */
import { MAX_CONNECTIONS } from '../api/dispatcher.js'
import type { Project, SbomExport } from '../domain.js'
import type { PollTiming } from './sbom-schedule.js'

export interface SbomOperations {
  /** Starts one export and returns its task token (never retried once the server may have acted). */
  readonly start: (project: Project) => Promise<string>
  readonly poll: (taskToken: string) => Promise<SbomExport>
  /** Checks and masks the URL of a completed export; returns why it is unusable, or undefined. */
  readonly acceptUrl: (url: string) => string | undefined
  readonly download: (url: string, file: string) => Promise<void>
}

export interface PipelineClock {
  readonly now: () => number
  /** Calls `fire` after `ms`; the function returned cancels it (so no timer outlives the run). */
  readonly after: (ms: number, fire: () => void) => () => void
  readonly info: (message: string) => void
}

export interface PipelineLimits {
  readonly startsInFlight: number
  readonly pollsInFlight: number
  readonly downloadsInFlight: number
  /** The shortest gap between two polls: a ceiling on the poll rate however fast the API is. */
  readonly pollGapMs: number
  readonly progressEveryMs: number
  /** How long everything waits after a 429/503 without Retry-After. */
  readonly rateLimitFallbackMs: number
  /** A longer Retry-After is cut to this: a task's own wait timeout still bounds the run. */
  readonly rateLimitMaxMs: number
  readonly timing?: PollTiming
}

/**
 * Starts and downloads go 16 at a time, as many as the API's connection pool holds: with 8, a
 * 200-project export took 1.42× its lower bound against 1.31× (medians of three, 2026-11-28).
 */
export const DEFAULT_LIMITS: PipelineLimits = {
  startsInFlight: MAX_CONNECTIONS,
  pollsInFlight: 10,
  downloadsInFlight: MAX_CONNECTIONS,
  pollGapMs: 5,
  progressEveryMs: 10_000,
  rateLimitFallbackMs: 5000,
  rateLimitMaxMs: 120_000
}

export interface PipelineSettings {
  readonly wait: boolean
  readonly waitTimeoutSeconds: number
  /** Where each project's SBOM goes; undefined: do not download. */
  readonly fileFor: (project: Project) => string | undefined
  /** A rate-limited start is tried again this many times (the API proved it did not act). */
  readonly startRetries: number
  /** Rethrow the first unexpected error instead of recording it (repository scope). */
  readonly failFast: boolean
  /** Log a progress line every progressEveryMs, and a closing one (deployment scope). */
  readonly progress: boolean
}
