/**
 * Bulk findings for benchmarks: tens of thousands of generated open findings in one repository
 * and ref, deterministic for a given spec.
 */
import type {
  Confidence,
  EmbeddedRuleRecord,
  EmulatorState,
  FoundDependencyRecord,
  LocationRecord,
  Reachability,
  RepositoryRecord,
  Severity,
  SourcingPolicyRecord
} from './records.js'
import { embeddedRule, repositoryRecord } from './factories.js'
import { DEFAULT_POLICY_REF } from './sample-policies.js'
import { projectFromSpec } from './sample-projects.js'
import { createRandom, DAY_MS, SEED_NUMBER, stableHex, type Random } from './seed.js'

export interface BulkSpec {
  repository: string
  ref: string
  sast: number
  sca: number
}

export const BULK_SAST_ID_BASE = 20_000_000
export const BULK_SCA_ID_BASE = 40_000_000
const BULK_PROJECT_ID = 9001
const BULK_SPAN_MS = 365 * DAY_MS
const BULK_SEVERITIES: readonly Severity[] = [
  'low',
  'low',
  'low',
  'medium',
  'medium',
  'medium',
  'high',
  'high',
  'critical',
  'medium'
]
const BULK_REACHABILITY: readonly Reachability[] = [
  'reachable',
  'always_reachable',
  'conditionally_reachable',
  'unreachable',
  'unreachable',
  'unknown'
]
// prettier-ignore
const BULK_PACKAGES: readonly (readonly [string, string])[] = [
  ['npm', 'lodash'], ['npm', 'minimist'], ['npm', 'axios'], ['npm', 'express'], ['npm', 'semver'],
  ['pypi', 'requests'], ['pypi', 'urllib3'], ['pypi', 'Django'], ['pypi', 'PyYAML'],
  ['maven', 'com.fasterxml.jackson.core:jackson-databind'], ['gomod', 'golang.org/x/net']
]
const BULK_DIRS = [
  'src/app',
  'src/lib',
  'src/services',
  'web/frontend/src',
  'internal/handlers',
  'pkg/util'
] as const

const BULK_CONFIDENCES: readonly Confidence[] = ['low', 'medium', 'high']
const BULK_ADVISORY_COUNT = 400

/**
 * What bulk records share. 120,000 findings are mostly garbage-collector work, so everything
 * that can be shared is: repository, embedded rules, advisories, and the empty arrays (frozen,
 * so a test that pushes into one fails loudly instead of editing every finding).
 */
interface BulkContext {
  random: Random
  bulk: BulkSpec
  now: number
  repository: RepositoryRecord
  repositoryId: number
  commit: string
  /** 48 hex chars; ids end with the record's index so they stay unique and cheap. */
  hashPrefix: string
}

const FROZEN_EMPTY: never[] = Object.freeze([]) as unknown as never[]
const SECURITY_CATEGORIES: string[] = Object.freeze(['security']) as unknown as string[]

/**
 * Appends generated open findings in one repository and ref. Records are produced newest first
 * so the server's stable sort meets already-ordered runs.
 */
export function addBulkFindings(state: EmulatorState, bulk: BulkSpec, now: Date): void {
  const random = createRandom(SEED_NUMBER ^ (bulk.sast * 31 + bulk.sca))
  const context: BulkContext = {
    random,
    bulk,
    now: now.getTime(),
    repository: repositoryRecord(bulk.repository),
    repositoryId: ensureBulkProject(state, bulk.repository, now),
    commit: stableHex(`commit:${bulk.repository}:${bulk.ref}`, 40),
    hashPrefix: random.hex(48)
  }
  addBulkSastFindings(state, context)
  addBulkScaFindings(state, context)
}

function bulkHash(context: BulkContext, kind: number, index: number): string {
  return `${context.hashPrefix}${kind}${index.toString(16).padStart(15, '0')}`
}

function bulkFilePaths(random: Random): string[] {
  return Array.from(
    { length: 2000 },
    () => `${random.pick(BULK_DIRS)}/module_${random.int(1, 900)}.py`
  )
}

function addBulkSastFindings(state: EmulatorState, context: BulkContext): void {
  const { random, bulk, repository, repositoryId, commit } = context
  const defaultPolicy = state.policies.find(policy => policy.id === '11')
  const rules = (defaultPolicy?.rules ?? []).filter(rule => rule.policyMode !== 'MODE_DISABLED')
  const embedded = new Map<string, EmbeddedRuleRecord>()
  const sourcingPolicy: SourcingPolicyRecord = { ...DEFAULT_POLICY_REF }
  const filePaths = bulkFilePaths(random)
  const step = bulk.sast > 0 ? BULK_SPAN_MS / bulk.sast : 0
  for (let index = 0; index < bulk.sast; index++) {
    const ruleName = rules.length > 0 ? random.pick(rules).path : 'acme.bulk.generic-rule'
    let rule = embedded.get(ruleName)
    if (rule === undefined) {
      rule = embeddedRule(ruleName, `Generated finding of ${ruleName}.`, 'medium')
      embedded.set(ruleName, rule)
    }
    const relevantSince = new Date(context.now - Math.floor(index * step) - 60_000)
    const filePath = random.pick(filePaths)
    const line = random.int(1, 2000)
    state.sastFindings.push({
      type: 'sast',
      id: BULK_SAST_ID_BASE + index,
      ref: bulk.ref,
      repository,
      repositoryId,
      firstSeenScanId: 50_000_000 + index,
      syntacticId: bulkHash(context, 1, index).slice(32),
      matchBasedId: `${bulkHash(context, 2, index)}_0`,
      externalTicket: null,
      reviewComments: FROZEN_EMPTY,
      lineOfCodeUrl: `${repository.url}/blob/${commit}/${filePath}#L${line}`,
      triageState: 'untriaged',
      state: 'unresolved',
      status: 'open',
      severity: random.pick(BULK_SEVERITIES),
      confidence: random.pick(BULK_CONFIDENCES),
      categories: SECURITY_CATEGORIES,
      createdAt: relevantSince,
      relevantSince,
      ruleName,
      ruleMessage: rule.message,
      location: { filePath, line, column: 5, endLine: line, endColumn: 60 },
      triagedAt: null,
      triageComment: null,
      triageReason: null,
      stateUpdatedAt: relevantSince,
      rule,
      sourcingPolicy,
      assistant: null,
      clickToFixPrs: FROZEN_EMPTY,
      clickToFixFailures: FROZEN_EMPTY
    })
  }
}

interface BulkAdvisory {
  ruleName: string
  message: string
  rule: EmbeddedRuleRecord
  vulnerability: string
  severity: Severity
  foundDependency: FoundDependencyRecord
  location: LocationRecord
  fixRecommendations: { package: string; version: string }[]
  epssScore: { score: number; percentile: number }
}

/** A pool of advisories: many findings of one advisory is what a large monorepo looks like. */
function bulkAdvisories(context: BulkContext): BulkAdvisory[] {
  const { random, repository, commit } = context
  return Array.from({ length: BULK_ADVISORY_COUNT }, () => {
    const [ecosystem, pkg] = random.pick(BULK_PACKAGES)
    const version = `${random.int(0, 9)}.${random.int(0, 30)}.${random.int(0, 20)}`
    const vulnerability = `CVE-20${random.int(15, 26)}-${random.int(1000, 49999)}`
    const ruleName = `ssc-${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}`
    const lockfile = BULK_LOCKFILES[ecosystem] ?? 'package-lock.json'
    const line = random.int(1, 9000)
    const message = `${pkg} ${version} is affected by ${vulnerability}.`
    return {
      ruleName,
      message,
      rule: embeddedRule(ruleName, message, 'high'),
      vulnerability,
      severity: random.pick(BULK_SEVERITIES),
      foundDependency: {
        package: pkg,
        version,
        ecosystem,
        transitivity: random.next() < 0.4 ? 'direct' : 'transitive',
        lockfileLineUrl: `${repository.url}/blob/${commit}/${lockfile}#L${line}`
      },
      location: { filePath: lockfile, line, column: 1, endLine: line, endColumn: 1 },
      fixRecommendations: [{ package: pkg, version: `${version}-patched` }],
      epssScore: {
        score: Math.round(random.next() * 1e5) / 1e5,
        percentile: Math.round(random.next() * 1e4) / 1e4
      }
    }
  })
}

const BULK_LOCKFILES: Readonly<Partial<Record<string, string>>> = {
  npm: 'package-lock.json',
  pypi: 'requirements.txt',
  maven: 'pom.xml',
  gomod: 'go.mod'
}

function addBulkScaFindings(state: EmulatorState, context: BulkContext): void {
  const { random, bulk, repository, repositoryId } = context
  const advisories = bulk.sca > 0 ? bulkAdvisories(context) : []
  const step = bulk.sca > 0 ? BULK_SPAN_MS / bulk.sca : 0
  for (let index = 0; index < bulk.sca; index++) {
    const advisory = random.pick(advisories)
    const relevantSince = new Date(context.now - Math.floor(index * step) - 60_000)
    state.scaFindings.push({
      type: 'sca',
      id: BULK_SCA_ID_BASE + index,
      ref: bulk.ref,
      repository,
      repositoryId,
      firstSeenScanId: 60_000_000 + index,
      syntacticId: bulkHash(context, 3, index).slice(32),
      matchBasedId: `${bulkHash(context, 4, index)}_0`,
      externalTicket: null,
      reviewComments: FROZEN_EMPTY,
      lineOfCodeUrl: advisory.foundDependency.lockfileLineUrl,
      triageState: 'untriaged',
      state: 'unresolved',
      status: 'open',
      severity: advisory.severity,
      confidence: 'high',
      categories: SECURITY_CATEGORIES,
      createdAt: relevantSince,
      relevantSince,
      ruleName: advisory.ruleName,
      ruleMessage: advisory.message,
      location: advisory.location,
      triagedAt: null,
      triageComment: null,
      triageReason: null,
      stateUpdatedAt: relevantSince,
      rule: advisory.rule,
      vulnerabilityIdentifier: advisory.vulnerability,
      reachability: random.pick(BULK_REACHABILITY),
      reachableCondition: null,
      isMalicious: false,
      foundDependency: advisory.foundDependency,
      fixRecommendations: advisory.fixRecommendations,
      epssScore: advisory.epssScore,
      usage: null
    })
  }
}

/** Bulk findings belong to a project; create it unless the repository already exists. */
function ensureBulkProject(state: EmulatorState, repository: string, now: Date): number {
  const existing = state.projects.find(
    candidate => candidate.name.toLowerCase() === repository.toLowerCase()
  )
  if (existing !== undefined) return existing.id
  state.projects.push(
    projectFromSpec(
      {
        id: BULK_PROJECT_ID,
        name: repository,
        tags: ['bulk'],
        branch: 'refs/heads/main',
        createdDaysAgo: 400,
        scannedHoursAgo: 1
      },
      now
    )
  )
  return BULK_PROJECT_ID
}
