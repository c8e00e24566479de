/**
 * Which findings are existing: also on the baseline ref. They are matched by the platform's ids
 * only (`match_based_id`, or `syntactic_id` where that is missing), never by anything a pull
 * request controls (a rule name, a path, a message).
 */
import type { BaselineScope, Finding } from '../domain.js'

/** The baseline ref, its types, and the platform ids of its findings (see baselineKeys). */
export interface Baseline extends BaselineScope {
  readonly keys: ReadonlySet<string>
}

/** The keys a baseline finding is known by: each id it carries. */
export function baselineKeys(finding: Finding): string[] {
  return [
    ...(finding.matchBasedId ? [`m:${finding.matchBasedId}`] : []),
    ...(finding.syntacticId ? [`s:${finding.syntacticId}`] : [])
  ]
}

/**
 * Whether a finding of the gated ref is also on the baseline: its match id is there, or, without
 * one, its syntactic id. A finding of a type the baseline does not cover, or without either id,
 * is new.
 */
export function isExisting(baseline: Baseline, finding: Finding): boolean {
  if (!baseline.types.includes(finding.type)) return false
  if (finding.matchBasedId) return baseline.keys.has(`m:${finding.matchBasedId}`)
  return finding.syntacticId !== undefined && baseline.keys.has(`s:${finding.syntacticId}`)
}
