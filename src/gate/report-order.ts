import { severityRank, type EvaluatedFinding } from '../domain.js'

/**
 * The order of every report: blocking first, then the worst, then by type, rule, path, line and
 * id. Stable across machines: strings compare by code point, never by locale.
 */

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Blocking first, then the worst, then by place. */
export function compareEvaluated(a: EvaluatedFinding, b: EvaluatedFinding): number {
  return (
    Number(b.blocking) - Number(a.blocking) ||
    severityRank(b.finding.severity) - severityRank(a.finding.severity) ||
    compareText(a.finding.type, b.finding.type) ||
    compareText(a.finding.ruleName, b.finding.ruleName) ||
    compareText(a.finding.location?.path ?? '', b.finding.location?.path ?? '') ||
    (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
    a.finding.id - b.finding.id
  )
}
