/**
 * Plain-text descriptions shared by the reporters, so the summary, the annotations, the SARIF
 * file and the JSON report say the same thing in the same words. Nothing here is escaped: each
 * reporter escapes for its own medium.
 */
import {
  validationStateText,
  type BlockReason,
  type EvaluatedFinding,
  type Finding,
  type IssueType,
  type Location
} from '../domain.js'

/** Each type's name in the counts and the scope: SAST, SCA, SECRETS, AI SAST. */
export const TYPE_LABELS: Readonly<Record<IssueType, string>> = {
  sast: 'SAST',
  sca: 'SCA',
  secrets: 'SECRETS',
  ai_sast: 'AI SAST'
}

export function reasonText(reason: BlockReason): string {
  switch (reason.kind) {
    case 'severity':
      return `severity ${reason.severity} ≥ ${reason.threshold}`
    case 'policy-mode':
      return `policy mode ${reason.mode} ≥ ${reason.threshold}`
    case 'malicious':
      return 'malicious dependency'
    case 'epss':
      return `EPSS ${epssText(reason.score)} ≥ ${epssText(reason.threshold)}`
    case 'secret':
      return `secret ${validationStateText(reason.validationState)}`
  }
}

export function reasonsText(reasons: readonly BlockReason[]): string {
  return reasons.map(reasonText).join('; ')
}

/** SAST: the rule's policy mode (see FindingMode); SCA: the reachability, and `malicious` when it is. */
export function modeText(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.type === 'sca') {
    const exposure = finding.reachability.replace(/_/g, ' ')
    return finding.malicious ? `${exposure}, malicious` : exposure
  }
  if (finding.type === 'secrets') {
    return `${validationStateText(finding.validationState)}, mode ${finding.mode}`
  }
  // `not-fetched` → `not fetched`, `below-block` → `below block`.
  return evaluated.mode === undefined ? '' : evaluated.mode.replace('-', ' ')
}

/** `path:line` (or just the path) of a location. */
export function locationText(location: Location | undefined): string {
  if (location === undefined) return ''
  return location.line === undefined ? location.path : `${location.path}:${location.line}`
}

/** An EPSS probability in three significant digits: 0.976, 0.012, 0.00045. */
export function epssText(score: number): string {
  return String(Number(score.toPrecision(3)))
}

/**
 * The fixed versions of an SCA finding as the reports show them: the recommended versions, or
 * `no fix`; empty for other findings.
 */
export function fixText(finding: Finding): string {
  if (finding.type !== 'sca') return ''
  return finding.fixVersions.length === 0 ? 'no fix' : finding.fixVersions.join(', ')
}

/** `package@version` of an SCA finding's dependency, when known. */
export function dependencyText(finding: Finding): string {
  if (finding.type !== 'sca' || finding.dependency === undefined) return ''
  return `${finding.dependency.package}@${finding.dependency.version}`
}

/** `1 finding`, `2 findings`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm
}
