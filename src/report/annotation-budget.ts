/**
 * How many annotations the findings may take in one step. GitHub shows 10 error, 10 warning and
 * 10 notice annotations of a step (and 50 of a job) and drops the rest without a word
 * (the problem-matchers page of actions/toolkit). The runner keeps them in the order they come, so
 * the action leaves room for the lines it writes after the findings' annotations.
 */
import { severityRank, type EvaluatedFinding } from '../domain.js'

/** Annotations of one level that GitHub shows for a step. */
export const STEP_LEVEL_LIMIT = 10

/** The step's failure lines, written after the reports: the gate's, and an action's. */
const RESERVED_ERRORS = 2
/** Warnings written after the annotations: a summary that could not be written, warn-only's line. */
const RESERVED_WARNINGS = 2
/** The note that says what was not annotated. */
const RESERVED_NOTICES = 1

/** The most annotations the findings get in a step: the ceiling of max-annotations. */
export const MAX_FINDING_ANNOTATIONS =
  3 * STEP_LEVEL_LIMIT - RESERVED_ERRORS - RESERVED_WARNINGS - RESERVED_NOTICES

export interface LevelLimits {
  readonly error: number
  readonly warning: number
  readonly notice: number
}

/** What the findings may take of each level, once the run has written `warningsSoFar` warnings. */
export function stepLimits(warningsSoFar: number): LevelLimits {
  return {
    error: STEP_LEVEL_LIMIT - RESERVED_ERRORS,
    warning: Math.max(0, STEP_LEVEL_LIMIT - RESERVED_WARNINGS - warningsSoFar),
    notice: STEP_LEVEL_LIMIT - RESERVED_NOTICES
  }
}

/** Which findings of a level are annotated first: the most severe, then by path, line and id. */
export function annotationOrder(a: EvaluatedFinding, b: EvaluatedFinding): number {
  const pathA = a.finding.location?.path ?? ''
  const pathB = b.finding.location?.path ?? ''
  return (
    severityRank(b.finding.severity) - severityRank(a.finding.severity) ||
    (pathA < pathB ? -1 : pathA > pathB ? 1 : 0) ||
    (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
    a.finding.id - b.finding.id
  )
}

/**
 * The first `count` items in `compare` order, in one pass: a level takes at most ten of tens of
 * thousands of findings, so sorting them all would be waste.
 */
export function firstInOrder<T>(
  items: Iterable<T>,
  count: number,
  compare: (a: T, b: T) => number
): T[] {
  const best: T[] = []
  if (count <= 0) return best
  for (const item of items) {
    const last = best[best.length - 1]
    if (best.length === count && last !== undefined && compare(item, last) >= 0) continue
    if (best.length === count) best.pop()
    let at = best.length
    for (; at > 0; at--) {
      const before = best[at - 1]
      if (before === undefined || compare(item, before) >= 0) break
    }
    best.splice(at, 0, item)
  }
  return best
}
