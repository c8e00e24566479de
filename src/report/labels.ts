/**
 * Plain-text descriptions shared by the reporters, so the summary, the annotations, the SARIF
 * file and the JSON report say the same thing in the same words. Nothing here is escaped: each
 * reporter escapes for its own medium.
 */
import {
  TRANSITIVITIES,
  validationStateText,
  type BlockReason,
  type EvaluatedFinding,
  type Finding,
  type LicenseViolation,
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
    case 'epss':
      return `EPSS ${epssText(reason.score)} ≥ ${epssText(reason.threshold)}`
    case 'secret':
      return `secret ${validationStateText(reason.validationState)}`
  }
}

export function reasonsText(reasons: readonly BlockReason[]): string {
  return reasons.map(reasonText).join('; ')
}

/**
 * Code: the rule's policy mode (see FindingMode), none when no mode was fetched (a reader can do
 * nothing with "not fetched"); Supply Chain: the reachability, and `malicious` when it is.
 */
export function modeText(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.type === 'sca') {
    const exposure = finding.reachability.replace(/_/g, ' ')
    return finding.malicious ? `${exposure}, malicious` : exposure
  }
  if (finding.type === 'secrets') {
    return `${validationStateText(finding.validationState)}, mode ${finding.mode}`
  }
  if (evaluated.mode === undefined || evaluated.mode === 'not-fetched') return ''
  // `below-block` → `below block`.
  return evaluated.mode.replace('-', ' ')
}

/** The mode beside the reasons a finding blocks for: none when a policy-mode reason names it. */
export function modeBesideReasons(evaluated: EvaluatedFinding): string {
  return evaluated.reasons.some(reason => reason.kind === 'policy-mode') ? '' : modeText(evaluated)
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

const SECRETS_THRESHOLD_TEXT: Readonly<Record<SecretsThreshold, string>> = {
  valid: 'confirmed-valid secrets block',
  'valid-or-unverified': 'valid or unverified secrets block',
  any: 'every secret blocks',
  none: 'secrets block by severity and mode only'
}

/**
 * The thresholds every run has, one phrase each (`severity ≥ high`, `policy mode: off`, …), the
 * types by their product names.
 */
export function thresholdParts(t: RunReport['thresholds']): string[] {
  return [
    t.failOnSeverity === 'none' ? 'severity: off' : `severity ≥ ${t.failOnSeverity}`,
    t.failOnPolicyMode === 'none' ? 'policy mode: off' : `policy mode ≥ ${t.failOnPolicyMode}`,
    `Supply Chain exposures: ${t.failOnExposures.map(e => e.replace(/_/g, ' ')).join(', ') || 'none'}`,
    ...supplyChainParts(t),
    t.failOnMalicious ? 'malicious dependencies block' : 'malicious dependencies do not block',
    SECRETS_THRESHOLD_TEXT[t.failOnSecrets]
  ]
}

/** The Supply Chain settings that differ from blocking every transitivity, fix or not. */
function supplyChainParts(t: RunReport['thresholds']): string[] {
  const parts: string[] = []
  const transitivities = t.failOnTransitivities
  if (transitivities !== undefined && transitivities.length < TRANSITIVITIES.length) {
    parts.push(`Supply Chain transitivities: ${transitivities.join(', ') || 'none'}`)
  }
  if (t.ignoreUnfixed === true) parts.push('Supply Chain findings without a fix do not block')
  if (t.failOnEpss !== undefined) parts.push(`EPSS ≥ ${epssText(t.failOnEpss)} blocks`)
  return parts
}

/** What the reports say of each kind of license violation. */
const LICENSE_SENTENCE: Readonly<Record<LicenseViolation['judgement'], string>> = {
  denied: 'which is denied',
  'not-allowed': 'which allow-licenses does not list',
  unparseable: 'which cannot be read as an SPDX expression',
  unknown: 'which is unknown'
}

const LICENSE_TITLE: Readonly<Record<LicenseViolation['judgement'], string>> = {
  denied: 'Denied license',
  'not-allowed': 'License not allowed',
  unparseable: 'Unreadable license',
  unknown: 'Unknown license'
}

/** `which is denied`: the end of a sentence about the dependency's license. */
export function licenseSentence(violation: LicenseViolation): string {
  return LICENSE_SENTENCE[violation.judgement]
}

/** `Denied license: GPL-3.0`. */
export function licenseTitle(violation: LicenseViolation): string {
  return `${LICENSE_TITLE[violation.judgement]}: ${violation.license}`
}
