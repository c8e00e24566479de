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
  type Location,
  type SecretsThreshold
} from '../domain.js'
import type { RunReport } from './model.js'

export function reasonText(reason: BlockReason): string {
  switch (reason.kind) {
    case 'severity':
      return `severity ${reason.severity} ≥ ${reason.threshold}`
    case 'policy-mode':
      return `policy mode ${reason.mode} ≥ ${reason.threshold}`
    case 'malicious':
      return 'malicious dependency'
    case 'secret':
      return `secret ${validationStateText(reason.validationState)}`
  }
}

export function reasonsText(reasons: readonly BlockReason[]): string {
  return reasons.map(reasonText).join('; ')
}

/** SAST: the rule's policy mode; SCA: the reachability, and `malicious` when it is. */
export function modeText(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.type === 'sca') {
    const exposure = finding.reachability.replace(/_/g, ' ')
    return finding.malicious ? `${exposure}, malicious` : exposure
  }
  if (finding.type === 'secrets') {
    return `${validationStateText(finding.validationState)}, mode ${finding.mode}`
  }
  if (evaluated.mode === undefined) return ''
  return evaluated.mode === 'not-fetched' ? 'not fetched' : evaluated.mode
}

/** `path:line` (or just the path) of a location. */
export function locationText(location: Location | undefined): string {
  if (location === undefined) return ''
  return location.line === undefined ? location.path : `${location.path}:${location.line}`
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

const SECRETS_THRESHOLD_TEXT: Readonly<Record<SecretsThreshold, string>> = {
  valid: 'confirmed-valid secrets block',
  'valid-or-unverified': 'valid or unverified secrets block',
  any: 'every secret blocks',
  none: 'secrets block by severity and mode only'
}

/** The thresholds every run has, one phrase each (`severity ≥ high`, `policy mode: off`, …). */
export function thresholdParts(t: RunReport['thresholds']): string[] {
  return [
    t.failOnSeverity === 'none' ? 'severity: off' : `severity ≥ ${t.failOnSeverity}`,
    t.failOnPolicyMode === 'none' ? 'policy mode: off' : `policy mode ≥ ${t.failOnPolicyMode}`,
    `SCA exposures: ${t.failOnExposures.map(e => e.replace(/_/g, ' ')).join(', ') || 'none'}`,
    t.failOnMalicious ? 'malicious dependencies block' : 'malicious dependencies do not block',
    `secrets: ${SECRETS_THRESHOLD_TEXT[t.failOnSecrets]}`
  ]
}
