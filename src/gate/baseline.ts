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

/**
 * An id that can prove anything: the decoders already drop blank ones, but two blank ids would
 * match each other, so the matching does not rely on that.
 */
function isId(id: string | undefined): id is string {
  return id !== undefined && id.trim() !== ''
}

/** The keys a baseline finding is known by: each id it carries. */
export function baselineKeys(finding: Finding): string[] {
  return [
    ...(isId(finding.matchBasedId) ? [`m:${finding.matchBasedId}`] : []),
    ...(isId(finding.syntacticId) ? [`s:${finding.syntacticId}`] : [])
  ]
}

/**
 * Whether a finding of the gated ref is also on the baseline: its match id is there, or, without
 * one, its syntactic id. A finding of a type the baseline does not cover, or without either id,
 * is new.
 */
export function isExisting(baseline: Baseline, finding: Finding): boolean {
  if (!baseline.types.includes(finding.type)) return false
  if (isId(finding.matchBasedId)) return baseline.keys.has(`m:${finding.matchBasedId}`)
  return isId(finding.syntacticId) && baseline.keys.has(`s:${finding.syntacticId}`)
}
