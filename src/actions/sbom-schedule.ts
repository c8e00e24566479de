/**
 * When to poll each outstanding SBOM export. Pure: times are numbers, the caller owns the clock.
 *
 * Each task backs off on its own (poll ages first·u, then doubling, intervals capped), with a
 * per-task phase u in [1, 2) from a low-discrepancy sequence: the tasks of a deployment together
 * sample every age, so the first completion is seen close to when it happened, not up to twice
 * as late. Exports of one deployment take similar times, so once one task has been seen completed
 * at age A, every other task is polled at its own age A instead of waiting for its next backoff
 * step: the whole deployment finishes about one poll round trip after its exports do, with few
 * polls per project.
 */

export interface PollTiming {
  /** Age of a task's first poll before its phase (×1…2). */
  readonly firstMs: number
  /** The longest gap between two polls of one task. */
  readonly maxIntervalMs: number
}

export const DEFAULT_POLL_TIMING: PollTiming = { firstMs: 2000, maxIntervalMs: 15_000 }

const GOLDEN = 0.6180339887498949

/** Task `index`'s phase in [1, 2): evenly spread for any number of tasks. */
export function pollPhase(index: number): number {
  return 1 + ((index * GOLDEN) % 1)
}

/** The first age on task `index`'s own backoff that is later than `age`. */
export function nextOwnAge(index: number, age: number, timing: PollTiming): number {
  let next = timing.firstMs * pollPhase(index)
  while (next <= age) next += Math.min(next, timing.maxIntervalMs)
  return next
}

export class PollPlanner {
  private shortestDone: number | undefined

  constructor(private readonly timing: PollTiming = DEFAULT_POLL_TIMING) {}

  /** The smallest age at which an export was seen completed so far, if any. */
  get learnedDurationMs(): number | undefined {
    return this.shortestDone
  }

  /** A poll sent at `age` saw its export completed (a quick failure says nothing of the others). */
  completedAt(age: number): void {
    if (this.shortestDone === undefined || age < this.shortestDone) this.shortestDone = age
  }

  /**
   * The age of the next poll of task `index`, whose last poll was sent at `lastAge` (-1 before
   * the first): its own backoff step, or the learned duration when that comes first.
   */
  nextAge(index: number, lastAge: number): number {
    const own = nextOwnAge(index, lastAge, this.timing)
    const learned = this.shortestDone
    return learned !== undefined && learned > lastAge && learned < own ? learned : own
  }
}
