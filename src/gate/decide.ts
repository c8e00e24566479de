import {
  POLICY_MODES,
  policyModeRank,
  severityRank,
  type BlockReason,
  type EvaluatedFinding,
  type Exposure,
  type Finding,
  type FindingMode,
  type IgnoreMatch,
  type LicenseViolation,
  type PolicyMode,
  type SastFinding,
  type SecretsFinding,
  type ScaFinding,
  type SecretsThreshold,
  type Severity,
  type SeverityCounts,
  type Transitivity,
  type Verdict,
  TRANSITIVITIES
} from '../domain.js'
import { isExisting, type Baseline } from './baseline.js'
import { compareEvaluated } from './report-order.js'
import { transitivityOf } from './transitivity.js'

export interface Thresholds {
  readonly failOnSeverity: Severity | 'none'
  readonly failOnPolicyMode: Exclude<PolicyMode, 'disabled'> | 'none'
  readonly failOnExposures: readonly Exposure[]
  readonly failOnTransitivities: readonly Transitivity[]
  /** An SCA finding without a fix recommendation does not block by severity or EPSS. */
  readonly ignoreUnfixed: boolean
  /** An SCA finding whose EPSS score is at least this blocks whatever its severity. */
  readonly failOnEpss?: number
  readonly failOnMalicious: boolean
  readonly failOnSecrets: SecretsThreshold
}

/** The validation states each `fail-on-secrets` value blocks on. */
const SECRETS_BLOCKING: Readonly<
  Record<SecretsThreshold, readonly SecretsFinding['validationState'][]>
> = {
  valid: ['confirmed_valid'],
  'valid-or-unverified': ['confirmed_valid', 'validation_error', 'no_validator', 'unknown'],
  any: ['confirmed_valid', 'confirmed_invalid', 'validation_error', 'no_validator', 'unknown'],
  none: []
}

export interface GateInput {
  readonly findings: readonly Finding[]
  readonly thresholds: Thresholds
  /** The policy mode of a SAST finding's rule. */
  readonly modeOf: (finding: SastFinding) => FindingMode
  /** The ignore entry that exempts a finding or a license violation (`package:` entries). */
  readonly ignoreOf: (subject: Finding | LicenseViolation) => IgnoreMatch | undefined
  /** Every dependency the license gate listed, of unknown license included. */
  readonly licenseViolations: readonly LicenseViolation[]
  readonly expiredIgnores: Verdict['expiredIgnores']
  readonly proposedIgnores?: Verdict['proposedIgnores']
  /** The baseline ref's findings: those also there are existing, never blocking. */
  readonly baseline?: Baseline
}

/** Every criterion a finding trips, ignoring ignores. Empty = the finding does not block. */
export function blockReasons(
  finding: Finding,
  mode: FindingMode | undefined,
  thresholds: Thresholds
): BlockReason[] {
  if (finding.type === 'secrets') return secretsReasons(finding, thresholds)
  if (finding.type === 'sca') return scaReasons(finding, thresholds)
  // An AI-powered detection finding has no mode the API gives (its mode filter is Code's only).
  if (finding.type === 'ai_sast') return severityReason(finding.severity, thresholds)
  return [...severityReason(finding.severity, thresholds), ...policyModeReason(mode, thresholds)]
}

/**
 * An SCA finding blocks by severity or EPSS only when it is of an exposure and a transitivity the
 * gate fails on, and, with ignore-unfixed, has a fix; a malicious dependency blocks regardless.
 */
function scaReasons(finding: ScaFinding, thresholds: Thresholds): BlockReason[] {
  const reasons = scaCounts(finding, thresholds)
    ? [...severityReason(finding.severity, thresholds), ...epssReason(finding, thresholds)]
    : []
  if (finding.malicious && thresholds.failOnMalicious) reasons.push({ kind: 'malicious' })
  return reasons
}

function scaCounts(finding: ScaFinding, thresholds: Thresholds): boolean {
  return (
    thresholds.failOnExposures.includes(finding.reachability) &&
    thresholds.failOnTransitivities.includes(transitivityOf(finding)) &&
    !(thresholds.ignoreUnfixed && finding.fixVersions.length === 0)
  )
}

/** True when the finding's EPSS score reaches fail-on-epss (never when either is missing). */
function reachesEpss(finding: ScaFinding, thresholds: Thresholds): boolean {
  const threshold = thresholds.failOnEpss
  return threshold !== undefined && finding.epss !== undefined && finding.epss.score >= threshold
}

function epssReason(finding: ScaFinding, thresholds: Thresholds): BlockReason[] {
  const threshold = thresholds.failOnEpss
  const score = finding.epss?.score
  if (threshold === undefined || score === undefined || score < threshold) return []
  return [{ kind: 'epss', score, threshold }]
}

/**
 * A secret blocks by its validation state whatever its severity (`fail-on-secrets`), and by
 * severity and its own policy mode as a SAST finding does, except once it is confirmed invalid:
 * a revoked credential is no longer a leak, so only `fail-on-secrets: any` blocks it.
 */
function secretsReasons(finding: SecretsFinding, thresholds: Thresholds): BlockReason[] {
  const reasons: BlockReason[] = []
  if (SECRETS_BLOCKING[thresholds.failOnSecrets].includes(finding.validationState)) {
    reasons.push({ kind: 'secret', validationState: finding.validationState })
  }
  if (finding.validationState === 'confirmed_invalid') return reasons
  return [
    ...reasons,
    ...severityReason(finding.severity, thresholds),
    ...policyModeReason(finding.mode, thresholds)
  ]
}

/** The severity criterion, when the finding reaches `fail-on-severity`. */
function severityReason(severity: Severity, thresholds: Thresholds): BlockReason[] {
  const threshold = thresholds.failOnSeverity
  return threshold !== 'none' && severityRank(severity) >= severityRank(threshold)
    ? [{ kind: 'severity', severity, threshold }]
    : []
}

/** The policy-mode criterion: only a known mode blocks (never `below-…`, `unknown`, `not-fetched`). */
function policyModeReason(mode: FindingMode | undefined, thresholds: Thresholds): BlockReason[] {
  const threshold = thresholds.failOnPolicyMode
  return threshold !== 'none' &&
    isPolicyMode(mode) &&
    mode !== 'disabled' &&
    policyModeRank(mode) >= policyModeRank(threshold)
    ? [{ kind: 'policy-mode', mode, threshold }]
    : []
}

function isPolicyMode(mode: FindingMode | undefined): mode is PolicyMode {
  return (POLICY_MODES as readonly (FindingMode | undefined)[]).includes(mode)
}

export function evaluateFinding(
  finding: Finding,
  input: Pick<GateInput, 'thresholds' | 'modeOf' | 'ignoreOf'>
): EvaluatedFinding {
  return evaluatedFinding(finding, modeOfFinding(finding, input.modeOf), input, blockReasons)
}

function modeOfFinding(finding: Finding, modeOf: GateInput['modeOf']): FindingMode | undefined {
  return finding.type === 'sast'
    ? modeOf(finding)
    : finding.type === 'secrets'
      ? finding.mode
      : undefined
}

type ReasonsOf = (
  finding: Finding,
  mode: FindingMode | undefined,
  thresholds: Thresholds
) => readonly BlockReason[]

function evaluatedFinding(
  finding: Finding,
  mode: FindingMode | undefined,
  input: Pick<GateInput, 'thresholds' | 'ignoreOf' | 'baseline'>,
  reasonsOf: ReasonsOf
): EvaluatedFinding {
  const reasons = reasonsOf(finding, mode, input.thresholds)
  const ignored = input.ignoreOf(finding)
  // An ignored or existing finding keeps the reasons it would block for: the report says them.
  const existing =
    ignored === undefined && input.baseline !== undefined && isExisting(input.baseline, finding)
  const blocking = reasons.length > 0 && ignored === undefined && !existing
  // The common case as literals: the same keys in the same order, at a fraction of the cost.
  if (ignored === undefined && !existing) {
    return mode === undefined
      ? { finding, blocking, reasons }
      : { finding, mode, blocking, reasons }
  }
  return {
    finding,
    ...(mode !== undefined && { mode }),
    blocking,
    reasons,
    ...(ignored !== undefined && { ignored }),
    ...(existing && { existing: true as const })
  }
}

/** An SCA finding's transitivity and whether it has a fix, as one small number for the cache. */
function scaShape(finding: Finding): number | undefined {
  if (finding.type !== 'sca') return undefined
  return (
    TRANSITIVITIES.indexOf(transitivityOf(finding)) * 2 + (finding.fixVersions.length > 0 ? 1 : 0)
  )
}

/**
 * blockReasons, computed once per distinct combination of what it reads (type, severity, mode,
 * reachability, transitivity, fix, malicious, validation state): a few dozen combinations for tens
 * of thousands of findings. Findings of one combination share one frozen array of reasons. An SCA
 * finding that reaches fail-on-epss gets its own: the reason names its score.
 */
export function memoizedBlockReasons(): ReasonsOf {
  // type → severity → mode, reachability or validation state → SCA shape → malicious or mode
  const cache = new Map<unknown, unknown>()
  return (finding, mode, thresholds) => {
    if (finding.type === 'sca' && reachesEpss(finding, thresholds)) {
      return blockReasons(finding, mode, thresholds)
    }
    const third =
      finding.type === 'sca'
        ? finding.reachability
        : finding.type === 'secrets'
          ? finding.validationState
          : mode
    const fourth =
      finding.type === 'sca' ? finding.malicious : finding.type === 'secrets' ? mode : undefined
    const shape = nested(nested(nested(cache, finding.type), finding.severity), third)
    const level = nested(shape, scaShape(finding))
    let reasons = level.get(fourth) as readonly BlockReason[] | undefined
    if (reasons === undefined) {
      reasons = Object.freeze(blockReasons(finding, mode, thresholds))
      level.set(fourth, reasons)
    }
    return reasons
  }
}

/** The map under `key`, made when missing. */
function nested(map: Map<unknown, unknown>, key: unknown): Map<unknown, unknown> {
  let inner = map.get(key) as Map<unknown, unknown> | undefined
  if (inner === undefined) {
    inner = new Map()
    map.set(key, inner)
  }
  return inner
}

function emptyCounts(): { -readonly [K in keyof SeverityCounts]: number } {
  return { low: 0, medium: 0, high: 0, critical: 0 }
}

/**
 * The verdict: pure, no I/O. `passed` or `failed`; skipping is decided by the caller. Every
 * finding is looked at once (evaluated and counted), then sorted once.
 */
export function decide(input: GateInput): Verdict {
  const reasonsOf = memoizedBlockReasons()
  const count = input.findings.length
  const sast = emptyCounts()
  const sca = emptyCounts()
  const secrets = emptyCounts()
  const aiSast = emptyCounts()
  const byType = { sast, sca, secrets, ai_sast: aiSast }
  let blockingCount = 0
  let ignoredCount = 0
  const evaluated = new Array<EvaluatedFinding>(count)
  for (let i = 0; i < count; i++) {
    const finding = input.findings[i]
    const mode = modeOfFinding(finding, input.modeOf)
    const e = evaluatedFinding(finding, mode, input, reasonsOf)
    evaluated[i] = e
    byType[finding.type][finding.severity]++
    if (e.blocking) blockingCount++
    if (e.ignored !== undefined) ignoredCount++
  }
  const findings = evaluated.sort(compareEvaluated)
  // Blocking findings come first in this order; the rest are ignored, existing or non-blocking.
  const blocking = findings.slice(0, blockingCount)
  const rest = findings.slice(blockingCount)
  const ignored = ignoredCount === 0 ? [] : rest.filter(e => e.ignored !== undefined)
  const existing = input.baseline === undefined ? [] : rest.filter(e => e.existing === true)
  const nonBlocking =
    ignoredCount === 0 && existing.length === 0
      ? rest
      : rest.filter(e => e.ignored === undefined && e.existing !== true)
  const licenses = judgedLicenses(input.licenseViolations, input.ignoreOf)
  const failed = blocking.length > 0 || licenses.blocking.length > 0
  return {
    result: failed ? 'failed' : 'passed',
    findings,
    blocking,
    ignored,
    existing,
    nonBlocking,
    ...(input.baseline !== undefined && {
      baseline: { ref: input.baseline.ref, types: input.baseline.types }
    }),
    licenseViolations: licenses.blocking,
    ...(licenses.ignored.length > 0 && { ignoredLicenseViolations: licenses.ignored }),
    ...(licenses.unknown.length > 0 && { unknownLicenses: licenses.unknown }),
    expiredIgnores: input.expiredIgnores,
    ...(input.proposedIgnores?.length ? { proposedIgnores: input.proposedIgnores } : {}),
    counts: { total: findings.length, sast, sca, secrets, ai_sast: aiSast }
  }
}

/** The license gate's dependencies by outcome: blocking, exempted by an ignore entry, unknown. */
function judgedLicenses(
  listed: readonly LicenseViolation[],
  ignoreOf: GateInput['ignoreOf']
): { blocking: LicenseViolation[]; ignored: LicenseViolation[]; unknown: LicenseViolation[] } {
  const out = {
    blocking: [] as LicenseViolation[],
    ignored: [] as LicenseViolation[],
    unknown: [] as LicenseViolation[]
  }
  for (const violation of listed) {
    if (violation.judgement === 'unknown') {
      out.unknown.push(violation)
      continue
    }
    const ignored = ignoreOf(violation)
    if (ignored === undefined) out.blocking.push(violation)
    else out.ignored.push({ ...violation, ignored })
  }
  return out
}
