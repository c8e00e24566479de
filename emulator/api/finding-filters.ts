/**
 * Finding filters: one parser for the findings list's query and the tickets body, and the
 * matcher, pool and order both resources select findings with.
 */
import type {
  Confidence,
  EmulatorState,
  FindingRecord,
  FindingStatus,
  FindingTransitivity,
  PolicyMode,
  Reachability,
  SastFindingRecord,
  Severity,
  TriageReason
} from '../data/records.js'
import type { ParamReader } from '../request.js'
import { badParam, booleanParam, enumList, enumScalar } from '../request.js'
import type { IssueType } from '../wire.js'

export const ISSUE_TYPES: readonly IssueType[] = ['sast', 'sca', 'ai_sast']
const STATUSES: readonly FindingStatus[] = [
  'open',
  'fixed',
  'ignored',
  'reviewing',
  'fixing',
  'provisionally_ignored'
]
const SEVERITY_VALUES: readonly Severity[] = ['low', 'medium', 'high', 'critical']
const CONFIDENCES: readonly Confidence[] = ['low', 'medium', 'high']
const REACHABILITIES: readonly Reachability[] = [
  'reachable',
  'always_reachable',
  'conditionally_reachable',
  'unreachable',
  'unknown'
]
const TRANSITIVITIES: readonly FindingTransitivity[] = ['direct', 'transitive', 'unknown']
const TRIAGE_REASONS: readonly TriageReason[] = [
  'acceptable_risk',
  'false_positive',
  'no_time',
  'no_triage_reason',
  'duplicate'
]
const POLICY_BOARD_MODES: Readonly<Record<string, PolicyMode>> = {
  'rule-board-block': 'MODE_BLOCK',
  'rule-board-pr-comments': 'MODE_COMMENT',
  'rule-board-audit': 'MODE_MONITOR'
}

export interface FindingFilters {
  repos?: Set<string>
  repositoryIds?: Set<number>
  ref?: string
  status?: FindingStatus
  sinceMs?: number
  severities?: Set<Severity>
  policyModes?: Set<PolicyMode>
  rules?: Set<string>
  categories?: Set<string>
  confidence?: Confidence
  exposures?: Set<Reachability>
  transitivities?: Set<FindingTransitivity>
  isMalicious?: boolean
  triageReasons?: Set<TriageReason>
}

function sinceParam(reader: ParamReader): number | undefined {
  const value = reader.scalar('since')
  if (value === undefined) return undefined
  const seconds = Number(value)
  if (value.trim() === '' || !Number.isFinite(seconds))
    throw badParam('since', 'expected epoch seconds (a number)')
  return seconds * 1000
}

function repositoryIdsParam(reader: ParamReader): Set<number> | undefined {
  const list = reader.list('repository_ids')
  if (list === undefined) return undefined
  if (list.some(value => !/^\d+$/.test(value)))
    throw badParam('repository_ids', 'expected integers')
  return new Set(list.map(Number))
}

function policiesParam(reader: ParamReader): Set<PolicyMode> | undefined {
  const list = reader.list('policies')
  if (list === undefined) return undefined
  const modes = list.map(value => {
    const mode = POLICY_BOARD_MODES[value]
    if (mode === undefined)
      throw badParam(
        'policies',
        `'${value}' is not one of ${Object.keys(POLICY_BOARD_MODES).join(', ')}`
      )
    return mode
  })
  return new Set(modes)
}

export function parseFilters(reader: ParamReader): FindingFilters {
  const repos = reader.list('repos')
  const rules = reader.list('rules')
  const categories = reader.list('categories')
  return {
    repos: repos === undefined ? undefined : new Set(repos.map(name => name.toLowerCase())),
    repositoryIds: repositoryIdsParam(reader),
    ref: reader.scalar('ref'),
    status: enumScalar(reader, 'status', STATUSES),
    sinceMs: sinceParam(reader),
    severities: enumList(reader, 'severities', SEVERITY_VALUES),
    policyModes: policiesParam(reader),
    rules: rules === undefined ? undefined : new Set(rules),
    categories: categories === undefined ? undefined : new Set(categories),
    confidence: enumScalar(reader, 'confidence', CONFIDENCES),
    exposures: enumList(reader, 'exposures', REACHABILITIES),
    transitivities: enumList(reader, 'transitivities', TRANSITIVITIES),
    isMalicious: booleanParam(reader, 'is_malicious'),
    triageReasons: enumList(reader, 'triage_reasons', TRIAGE_REASONS)
  }
}

export function hasAnyFilter(filters: FindingFilters): boolean {
  return Object.values(filters).some(value => value !== undefined)
}

type Predicate = (finding: FindingRecord) => boolean

/** A finding's rule mode: looked up in its sourcing policy by rule path (as the rule board does). */
function policyModeResolver(
  state: EmulatorState
): (finding: SastFindingRecord) => PolicyMode | undefined {
  const byPolicy = new Map<number, Map<string, PolicyMode>>()
  for (const policy of state.policies) {
    byPolicy.set(Number(policy.id), new Map(policy.rules.map(rule => [rule.path, rule.policyMode])))
  }
  return finding =>
    finding.sourcingPolicy === null
      ? undefined
      : byPolicy.get(finding.sourcingPolicy.id)?.get(finding.ruleName)
}

function commonPredicates(filters: FindingFilters): Predicate[] {
  const predicates: Predicate[] = []
  const { repos, repositoryIds, ref, status, sinceMs, severities, triageReasons } = filters
  // Exact, case-insensitive name match: `acme/web` must never select `acme/web-legacy`.
  if (repos !== undefined) predicates.push(f => repos.has(f.repository.name.toLowerCase()))
  if (repositoryIds !== undefined) predicates.push(f => repositoryIds.has(f.repositoryId))
  if (ref !== undefined) predicates.push(f => f.ref === ref)
  if (status !== undefined) predicates.push(f => f.status === status)
  if (sinceMs !== undefined) predicates.push(f => f.relevantSince.getTime() >= sinceMs)
  if (severities !== undefined) predicates.push(f => severities.has(f.severity))
  if (triageReasons !== undefined)
    predicates.push(f => f.triageReason !== null && triageReasons.has(f.triageReason))
  return predicates
}

function sastPredicates(
  filters: FindingFilters,
  issueType: IssueType,
  state: EmulatorState
): Predicate[] {
  const predicates: Predicate[] = []
  const { policyModes, rules, categories, confidence } = filters
  // `policies` "is applicable when issue_type is sast or unspecified": ignored for ai_sast.
  if (policyModes !== undefined && issueType === 'sast') {
    const modeOf = policyModeResolver(state)
    predicates.push(f => {
      const mode = f.type === 'sast' ? modeOf(f) : undefined
      return mode !== undefined && policyModes.has(mode)
    })
  }
  if (rules !== undefined) predicates.push(f => rules.has(f.ruleName))
  if (categories !== undefined)
    predicates.push(f => f.categories.some(category => categories.has(category)))
  if (confidence !== undefined) predicates.push(f => f.confidence === confidence)
  return predicates
}

function scaPredicates(filters: FindingFilters): Predicate[] {
  const predicates: Predicate[] = []
  const { exposures, transitivities, isMalicious } = filters
  if (exposures !== undefined)
    predicates.push(f => f.type === 'sca' && exposures.has(f.reachability))
  if (transitivities !== undefined) {
    predicates.push(f => f.type === 'sca' && transitivities.has(f.foundDependency.transitivity))
  }
  if (isMalicious !== undefined)
    predicates.push(f => f.type === 'sca' && f.isMalicious === isMalicious)
  return predicates
}

/**
 * SAST-only filters are ignored for SCA and vice versa, as the description scopes them; AI SAST
 * findings take the SAST filters but `policies`.
 */
export function findingMatcher(
  filters: FindingFilters,
  issueType: IssueType,
  state: EmulatorState
): Predicate {
  const predicates = [
    ...commonPredicates(filters),
    ...(issueType === 'sca' ? scaPredicates(filters) : sastPredicates(filters, issueType, state))
  ]
  return finding => predicates.every(predicate => predicate(finding))
}

export function findingPool(
  state: EmulatorState,
  issueType: IssueType | 'secrets'
): readonly FindingRecord[] {
  if (issueType === 'sast') return state.sastFindings
  if (issueType === 'sca') return state.scaFindings
  if (issueType === 'ai_sast') return state.aiSastFindings
  return []
}

/** relevant_since descending, then id descending: a total order, so pages never overlap. */
export function byRelevanceDesc(a: FindingRecord, b: FindingRecord): number {
  return b.relevantSince.getTime() - a.relevantSince.getTime() || b.id - a.id
}

export function dedupeAcrossRefs(findings: readonly FindingRecord[]): FindingRecord[] {
  const seen = new Set<string>()
  return findings.filter(finding => {
    const key = `${finding.repository.name.toLowerCase()}\u0000${finding.matchBasedId}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
