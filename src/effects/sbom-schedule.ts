/**
 * When to poll each outstanding SBOM export. Pure: times are numbers, the caller owns the clock.
 *
 * Each task backs off on its own (poll ages first·u, then doubling, intervals capped), with a
 * per-task phase u in [1, 2) from a low-discrepancy sequence: the tasks of a deployment together
 * sample every age, so the first completion is seen close to when it happened, not up to twice
 * as late. Exports of one deployment take similar times, so once one task has been seen completed
 * at age A, every other task is polled at its own age A instead of waiting for its next backoff
 * step, and one still running then is looked at again every tenth of A until 1.3 A: the whole
 * deployment finishes about one poll round trip after its exports do, with few polls per
 * project.
 */

export interface PollTiming {
  /** Age of a task's first poll before its phase (×1…2). */
  readonly firstMs: number
  /** The longest gap between two polls of one task. */
  readonly maxIntervalMs: number
}

export const DEFAULT_POLL_TIMING: PollTiming = { firstMs: 2000, maxIntervalMs: 15_000 }

const GOLDEN = 0.6180339887498949

/** A poll that missed at or past the learned duration looks again this share of it later, ... */
const STRAGGLER_STEP = 0.1
const MIN_STRAGGLER_STEP_MS = 250
/** ... until this multiple of it: at most three such polls per task. */
const STRAGGLER_WINDOW = 1.3

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
    if (learned === undefined) return own
    if (learned > lastAge) return Math.min(learned, own)
    // Polled at or past the learned duration and still running: most such exports were created
    // a moment after the one that taught it (the ages are the client's), so look again shortly,
    // for a while; past that window the export is not late but slow, and backs off as before.
    const soon = lastAge + Math.max(MIN_STRAGGLER_STEP_MS, learned * STRAGGLER_STEP)
    return soon <= learned * STRAGGLER_WINDOW ? Math.min(soon, own) : own
  }
}
