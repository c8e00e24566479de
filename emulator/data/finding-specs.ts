/**
 * Sample findings are written as compact specs (one line a finding); these turn a spec into the
 * full record the factories build, with ids, hashes, URLs and times derived as real scans do.
 */
import type {
  AssistantRecord,
  Confidence,
  FindingCoreRecord,
  FindingStatus,
  FindingTransitivity,
  LocationRecord,
  Reachability,
  SastFindingRecord,
  ScaFindingRecord,
  Severity,
  SourcingPolicyRecord,
  TriageReason
} from './records.js'
import { repositoryRecord, sastFinding, scaFinding } from './factories.js'
import { DEFAULT_POLICY_REF } from './sample-policies.js'
import { SAMPLE_PROJECT_IDS } from './sample-projects.js'
import { SAMPLE_RULES, type RuleKey, type SampleRuleSpec } from './sample-rules.js'
import { DAY_MS, stableHex, uuidFrom } from './seed.js'

export interface SastSpec {
  id: number
  repository: string
  ref: string
  rule: RuleKey
  severity: Severity
  confidence: Confidence
  status: FindingStatus
  /** Relevant since, in days before `now` (fractions allowed). */
  daysAgo: number
  path: string
  line: number
  policy?: 11 | 12
  triageReason?: TriageReason
}

export interface ScaSpec {
  id: number
  repository: string
  ref: string
  pkg: string
  version: string
  ecosystem: string
  transitivity: FindingTransitivity
  severity: Severity
  reachability: Reachability
  reachableCondition?: string
  vulnerability: string
  fixVersion: string | null
  status: FindingStatus
  daysAgo: number
  lockfile: string
  lockfileLine: number
  usage?: { path: string; line: number }
  malicious?: boolean
  message: string
  cwe: string
  epss: { score: number; percentile: number } | null
}

/** A finding's timestamps: relevant since `daysAgo`, created with it, last state change later. */
export function findingTimes(
  now: Date,
  daysAgo: number
): Pick<FindingCoreRecord, 'relevantSince' | 'createdAt' | 'stateUpdatedAt'> {
  const relevantSince = new Date(now.getTime() - Math.round(daysAgo * DAY_MS))
  return { relevantSince, createdAt: relevantSince, stateUpdatedAt: relevantSince }
}

export function sastFromSpec(spec: SastSpec, now: Date): SastFindingRecord {
  const rule = SAMPLE_RULES[spec.rule]
  const repository = repositoryRecord(spec.repository)
  const location: LocationRecord = {
    filePath: spec.path,
    line: spec.line,
    column: 9,
    endLine: spec.line + (spec.line % 3),
    endColumn: 48
  }
  const commit = stableHex(`commit:${spec.repository}:${spec.ref}`, 40)
  const policy: SourcingPolicyRecord =
    spec.policy === 12
      ? { id: 12, name: 'Strict Policy', slug: 'strict-policy' }
      : { ...DEFAULT_POLICY_REF }
  const times = findingTimes(now, spec.daysAgo)
  const triaged = spec.status === 'ignored' || spec.status === 'fixed'
  return sastFinding({
    id: spec.id,
    ref: spec.ref,
    repository,
    repositoryId: SAMPLE_PROJECT_IDS[spec.repository] ?? 0,
    // Same file + rule on main and on the PR share match_based_id, as real scans do.
    matchBasedId: `${stableHex(`match:${spec.repository}:${rule.path}:${spec.path}:${spec.line}`, 64)}_0`,
    syntacticId: stableHex(
      `syntactic:${spec.repository}:${rule.path}:${spec.path}:${spec.line}`,
      32
    ),
    firstSeenScanId: 30_400_000 + (spec.id % 100_000),
    lineOfCodeUrl: `${repository.url}/blob/${commit}/${spec.path}#L${spec.line}`,
    severity: spec.severity,
    confidence: spec.confidence,
    status: spec.status,
    triageState: spec.status === 'ignored' ? 'ignored' : 'untriaged',
    state: spec.status === 'fixed' ? 'fixed' : spec.status === 'ignored' ? 'muted' : 'unresolved',
    triageReason: spec.triageReason ?? null,
    triageComment:
      spec.triageReason === undefined
        ? null
        : 'Input is validated by the serializer before it reaches this call.',
    triagedAt: triaged ? new Date(times.relevantSince.getTime() + 2 * DAY_MS) : null,
    ...times,
    stateUpdatedAt: triaged
      ? new Date(times.relevantSince.getTime() + 2 * DAY_MS)
      : times.relevantSince,
    ruleName: rule.path,
    ruleMessage: rule.message,
    location,
    categories: ['security'],
    rule: {
      name: rule.path,
      message: rule.message,
      category: 'security',
      confidence: spec.confidence,
      subcategories: rule.source === 'SOURCE_COMMUNITY' ? ['audit'] : ['vuln'],
      vulnerabilityClasses: [rule.vulnerabilityClass],
      cweNames: [rule.cwe],
      owaspNames: [rule.owasp]
    },
    sourcingPolicy: policy,
    assistant: spec.severity === 'high' ? sampleAssistant(rule) : null
  })
}

function sampleAssistant(rule: SampleRuleSpec): AssistantRecord {
  return {
    autofix: null,
    autotriage: {
      verdict: 'true_positive',
      reason: 'The flagged value originates from request input without validation.'
    },
    component: { tag: 'user data', risk: 'high' },
    guidance: {
      summary: `Fix the ${rule.vulnerabilityClass.trim()} issue at this location.`,
      instructions: null
    },
    ruleExplanation: { summary: rule.vulnerabilityClass.trim(), explanation: rule.message }
  }
}

export function scaFromSpec(spec: ScaSpec, now: Date): ScaFindingRecord {
  const repository = repositoryRecord(spec.repository)
  const commit = stableHex(`commit:${spec.repository}:${spec.ref}`, 40)
  const ruleName = `ssc-${uuidFrom(`ssc:${spec.vulnerability}:${spec.pkg}`)}`
  const lockfileLocation: LocationRecord = {
    filePath: spec.lockfile,
    line: spec.lockfileLine,
    column: 1,
    endLine: spec.lockfileLine,
    endColumn: 1
  }
  const usage =
    spec.usage === undefined
      ? null
      : {
          location: {
            filePath: spec.usage.path,
            line: spec.usage.line,
            column: 5,
            endLine: spec.usage.line,
            endColumn: 42
          },
          externalTicket: null
        }
  return scaFinding({
    id: spec.id,
    ref: spec.ref,
    repository,
    repositoryId: SAMPLE_PROJECT_IDS[spec.repository] ?? 0,
    matchBasedId: `${stableHex(`match:${spec.repository}:${ruleName}:${spec.lockfile}`, 64)}_0`,
    syntacticId: stableHex(`syntactic:${spec.repository}:${ruleName}:${spec.lockfile}`, 32),
    firstSeenScanId: 30_400_000 + (spec.id % 100_000),
    lineOfCodeUrl: `${repository.url}/blob/${commit}/${spec.lockfile}#L${spec.lockfileLine}`,
    severity: spec.severity,
    confidence: 'high',
    status: spec.status,
    state: spec.status === 'fixed' ? 'fixed' : 'unresolved',
    ...findingTimes(now, spec.daysAgo),
    ruleName,
    ruleMessage: spec.message,
    location: lockfileLocation,
    categories: ['security'],
    rule: {
      name: ruleName,
      message: spec.message,
      category: 'security',
      confidence: 'high',
      subcategories: ['vuln'],
      vulnerabilityClasses: [spec.malicious === true ? 'Malicious Code' : 'Vulnerable Dependency'],
      cweNames: [spec.cwe],
      owaspNames: ['A06:2021 - Vulnerable and Outdated Components']
    },
    vulnerabilityIdentifier: spec.vulnerability,
    reachability: spec.reachability,
    reachableCondition: spec.reachableCondition ?? null,
    isMalicious: spec.malicious === true,
    foundDependency: {
      package: spec.pkg,
      version: spec.version,
      ecosystem: spec.ecosystem,
      transitivity: spec.transitivity,
      lockfileLineUrl: `${repository.url}/blob/${commit}/${spec.lockfile}#L${spec.lockfileLine}`
    },
    fixRecommendations:
      spec.fixVersion === null ? [] : [{ package: spec.pkg, version: spec.fixVersion }],
    epssScore: spec.epss,
    usage
  })
}
