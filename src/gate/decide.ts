import {
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
  type SecretsThreshold,
  type Severity,
  type SeverityCounts,
  type Verdict
} from '../domain.js'

export interface Thresholds {
  readonly failOnSeverity: Severity | 'none'
  readonly failOnPolicyMode: Exclude<PolicyMode, 'disabled'> | 'none'
  readonly failOnExposures: readonly Exposure[]
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
  readonly ignoreOf: (finding: Finding) => IgnoreMatch | undefined
  readonly licenseViolations: readonly LicenseViolation[]
  readonly expiredIgnores: Verdict['expiredIgnores']
  readonly proposedIgnores?: Verdict['proposedIgnores']
}

/** Every criterion a finding trips, ignoring ignores. Empty = the finding does not block. */
export function blockReasons(
  finding: Finding,
  mode: FindingMode | undefined,
  thresholds: Thresholds
): BlockReason[] {
  if (finding.type === 'secrets') return secretsReasons(finding, thresholds)
  // An SCA finding counts toward the severity gate only when its reachability is one we fail on.
  const severityCounts =
    finding.type === 'sast' || thresholds.failOnExposures.includes(finding.reachability)
  const reasons = [
    ...(severityCounts ? severityReason(finding.severity, thresholds) : []),
    ...(finding.type === 'sast' ? policyModeReason(mode, thresholds) : [])
  ]
  if (finding.type === 'sca' && finding.malicious && thresholds.failOnMalicious) {
    reasons.push({ kind: 'malicious' })
  }
  return reasons
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

/** The policy-mode criterion. A mode not found in a fetched policy never blocks; main warns of it. */
function policyModeReason(mode: FindingMode | undefined, thresholds: Thresholds): BlockReason[] {
  const threshold = thresholds.failOnPolicyMode
  return threshold !== 'none' &&
    isKnownMode(mode) &&
    mode !== 'disabled' &&
    policyModeRank(mode) >= policyModeRank(threshold)
    ? [{ kind: 'policy-mode', mode, threshold }]
    : []
}

function isKnownMode(mode: FindingMode | undefined): mode is PolicyMode {
  return mode !== undefined && mode !== 'unknown' && mode !== 'not-fetched'
}

export function evaluateFinding(
  finding: Finding,
  input: Pick<GateInput, 'thresholds' | 'modeOf' | 'ignoreOf'>
): EvaluatedFinding {
  const mode =
    finding.type === 'sast'
      ? input.modeOf(finding)
      : finding.type === 'secrets'
        ? finding.mode
        : undefined
  const reasons = blockReasons(finding, mode, input.thresholds)
  const ignored = input.ignoreOf(finding)
  return {
    finding,
    ...(mode === undefined ? {} : { mode }),
    // An ignored finding keeps the reasons it would block for, so the report can say so.
    blocking: reasons.length > 0 && ignored === undefined,
    reasons,
    ...(ignored ? { ignored } : {})
  }
}

/** Code-point order: stable across machines and far cheaper than locale-aware comparison. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Blocking first, then the worst, then by place: the order of every report. */
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

/** The code-point order of the type names, as compareEvaluated compares them. */
const TYPE_ORDER: Readonly<Record<Finding['type'], number>> = { sast: 0, sca: 1, secrets: 2 }

interface SortKey {
  readonly rank: number
  readonly rule: number
  readonly path: number
  readonly line: number
  readonly id: number
  readonly evaluated: EvaluatedFinding
}

/** Each distinct string's place in code-point order: comparisons then compare numbers. */
function ordinals(values: Iterable<string>): Map<string, number> {
  const distinct = [...new Set(values)].sort(compareText)
  return new Map(distinct.map((value, index) => [value, index]))
}

/**
 * The order of compareEvaluated, computed once per finding: rule names and paths become their
 * places among the distinct names (a few thousand, against tens of thousands of findings), so
 * the sort compares flat numbers only.
 */
export function sortEvaluated(evaluated: readonly EvaluatedFinding[]): EvaluatedFinding[] {
  const rules = ordinals(evaluated.map(e => e.finding.ruleName))
  const paths = ordinals(evaluated.map(e => e.finding.location?.path ?? ''))
  const keys: SortKey[] = evaluated.map(e => ({
    rank:
      (e.blocking ? 0 : 12) +
      (3 - severityRank(e.finding.severity)) * 3 +
      TYPE_ORDER[e.finding.type],
    rule: rules.get(e.finding.ruleName) ?? 0,
    path: paths.get(e.finding.location?.path ?? '') ?? 0,
    line: e.finding.location?.line ?? 0,
    id: e.finding.id,
    evaluated: e
  }))
  keys.sort(
    (a, b) =>
      a.rank - b.rank || a.rule - b.rule || a.path - b.path || a.line - b.line || a.id - b.id
  )
  return keys.map(key => key.evaluated)
}

function emptyCounts(): { -readonly [K in keyof SeverityCounts]: number } {
  return { low: 0, medium: 0, high: 0, critical: 0 }
}

/** The verdict: pure, no I/O. `passed` or `failed`; skipping is decided by the caller. */
export function decide(input: GateInput): Verdict {
  const findings = sortEvaluated(input.findings.map(finding => evaluateFinding(finding, input)))
  const sast = emptyCounts()
  const sca = emptyCounts()
  const secrets = emptyCounts()
  const byType = { sast, sca, secrets }
  let unknownMode = 0
  for (const { finding, mode } of findings) {
    byType[finding.type][finding.severity]++
    if (mode === 'unknown' && finding.type === 'sast') unknownMode++
  }
  const blocking = findings.filter(f => f.blocking)
  const failed = blocking.length > 0 || input.licenseViolations.length > 0
  return {
    result: failed ? 'failed' : 'passed',
    findings,
    blocking,
    ignored: findings.filter(f => f.ignored !== undefined),
    licenseViolations: input.licenseViolations,
    expiredIgnores: input.expiredIgnores,
    ...(input.proposedIgnores?.length ? { proposedIgnores: input.proposedIgnores } : {}),
    counts: { total: findings.length, sast, sca, secrets, unknownMode }
  }
}
