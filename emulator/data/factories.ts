/**
 * Factories: records with coherent defaults, whose derived fields follow the overrides. Tests
 * compose scenarios with these and push them into `emulator.state`; the sample data is built
 * from them too.
 */
import type {
  AiSastFindingRecord,
  Confidence,
  DependencyRecord,
  EmbeddedRuleRecord,
  FindingCoreRecord,
  LocationRecord,
  PolicyRuleRecord,
  ProjectRecord,
  RepositoryRecord,
  SastFindingRecord,
  ScaFindingRecord,
  ScanRecord,
  SecretRecord,
  Severity
} from './records.js'
import { DEPLOYMENT } from './records.js'
import { DEFAULT_POLICY_REF } from './sample-policies.js'
import { SAMPLE_PROJECT_IDS } from './sample-projects.js'
import { DAY_MS, githubUrl, MINUTE_MS, stableHex, uuidFrom } from './seed.js'

// Factory ids start far above the seed's ids so composed records never collide with seeded ones.
let factorySequence = 0
function nextFactoryId(base: number): number {
  factorySequence += 1
  return base + factorySequence
}

/** A rule as findings embed it (bulk findings share one per rule). */
export function embeddedRule(
  name: string,
  message: string,
  confidence: Confidence
): EmbeddedRuleRecord {
  return {
    name,
    message,
    category: 'security',
    confidence,
    subcategories: ['vuln'],
    vulnerabilityClasses: [],
    cweNames: [],
    owaspNames: []
  }
}

export function lineUrl(
  repository: RepositoryRecord,
  location: LocationRecord,
  commit: string
): string {
  return `${repository.url}/blob/${commit}/${location.filePath}#L${location.line}`
}

/** A SAST finding with coherent defaults; fields derived from others follow the overrides. */
/** What a finding factory has decided before the fields every finding shares. */
interface CoreChoices {
  readonly id: number
  readonly ref: string
  readonly repository: RepositoryRecord
  readonly ruleName: string
  readonly message: string
  readonly confidence: Confidence
  readonly location: LocationRecord
  readonly relevantSince: Date
  readonly severity: Severity
  /** What, besides the repository and rule, makes the finding's match-based id. */
  readonly matchKey: string
  readonly rule: EmbeddedRuleRecord | undefined
}

/** The fields SAST and SCA findings share, untriaged and open. */
function findingCore(c: CoreChoices): FindingCoreRecord {
  return {
    id: c.id,
    ref: c.ref,
    repository: c.repository,
    repositoryId: SAMPLE_PROJECT_IDS[c.repository.name] ?? 0,
    firstSeenScanId: 3_000_000 + (c.id % 100_000),
    syntacticId: stableHex(`syntactic:${c.id}`, 32),
    matchBasedId: `${stableHex(`match:${c.repository.name}:${c.ruleName}:${c.matchKey}`, 64)}_0`,
    externalTicket: null,
    reviewComments: [],
    lineOfCodeUrl: lineUrl(c.repository, c.location, stableHex(`commit:${c.id}`, 40)),
    triageState: 'untriaged',
    state: 'unresolved',
    status: 'open',
    severity: c.severity,
    confidence: c.confidence,
    categories: ['security'],
    createdAt: c.relevantSince,
    relevantSince: c.relevantSince,
    ruleName: c.ruleName,
    ruleMessage: c.message,
    location: c.location,
    triagedAt: null,
    triageComment: null,
    triageReason: null,
    stateUpdatedAt: c.relevantSince,
    rule: c.rule ?? embeddedRule(c.ruleName, c.message, c.confidence)
  }
}

export function sastFinding(overrides: Partial<SastFindingRecord> = {}): SastFindingRecord {
  const id = overrides.id ?? nextFactoryId(8_000_000)
  const repository = overrides.repository ?? repositoryRecord('acme/web')
  const ruleName =
    overrides.ruleName ??
    overrides.rule?.name ??
    'python.django.security.injection.sql.sql-injection-db-cursor-execute'
  const message = overrides.ruleMessage ?? overrides.rule?.message ?? `Finding of ${ruleName}.`
  const confidence = overrides.confidence ?? 'high'
  const location = overrides.location ?? {
    filePath: 'src/app/views.py',
    line: 10,
    column: 5,
    endLine: 10,
    endColumn: 40
  }
  const ref = overrides.ref ?? 'refs/heads/main'
  const relevantSince = overrides.relevantSince ?? new Date()
  const base: SastFindingRecord = {
    ...findingCore({
      id,
      ref,
      repository,
      ruleName,
      message,
      confidence,
      location,
      relevantSince,
      severity: 'medium',
      matchKey: location.filePath,
      rule: overrides.rule
    }),
    type: 'sast',
    sourcingPolicy: { ...DEFAULT_POLICY_REF },
    assistant: null,
    clickToFixPrs: [],
    clickToFixFailures: []
  }
  return { ...base, ...overrides, type: 'sast', id }
}

/** An AI-powered detection finding with coherent defaults (an IDOR in acme/web's API). */
export function aiSastFinding(overrides: Partial<AiSastFindingRecord> = {}): AiSastFindingRecord {
  const id = overrides.id ?? nextFactoryId(8_800_000)
  const { type: _type, aiImpact, ...codeOverrides } = overrides
  const code = sastFinding({
    ruleName: 'ai.detection.idor',
    ruleMessage:
      'The handler loads an invoice by the id in the request without checking that it belongs to the caller.',
    location: {
      filePath: 'src/app/api/invoices.py',
      line: 27,
      column: 5,
      endLine: 31,
      endColumn: 6
    },
    severity: 'high',
    sourcingPolicy: null,
    ...codeOverrides,
    id
  })
  return {
    ...code,
    type: 'ai_sast',
    aiImpact:
      aiImpact === undefined
        ? 'An attacker could read or change other customers’ invoices by changing the id in the request.'
        : aiImpact
  }
}

/** An SCA finding with coherent defaults (a reachable lodash advisory in acme/web). */
export function scaFinding(overrides: Partial<ScaFindingRecord> = {}): ScaFindingRecord {
  const id = overrides.id ?? nextFactoryId(8_500_000)
  const repository = overrides.repository ?? repositoryRecord('acme/web')
  const ref = overrides.ref ?? 'refs/heads/main'
  const foundDependency = overrides.foundDependency ?? {
    package: 'lodash',
    version: '4.17.20',
    ecosystem: 'npm',
    transitivity: 'direct',
    lockfileLineUrl: `${repository.url}/blob/${stableHex(`commit:${id}`, 40)}/web/frontend/package-lock.json#L812`
  }
  const ruleName = overrides.ruleName ?? overrides.rule?.name ?? `ssc-${uuidFrom(`sca-rule:${id}`)}`
  const message =
    overrides.ruleMessage ??
    overrides.rule?.message ??
    `${foundDependency.package} ${foundDependency.version} is affected by a known vulnerability.`
  const confidence = overrides.confidence ?? 'high'
  const location = overrides.location ?? {
    filePath: 'web/frontend/package-lock.json',
    line: 812,
    column: 1,
    endLine: 812,
    endColumn: 40
  }
  const relevantSince = overrides.relevantSince ?? new Date()
  const base: ScaFindingRecord = {
    ...findingCore({
      id,
      ref,
      repository,
      ruleName,
      message,
      confidence,
      location,
      relevantSince,
      severity: 'high',
      matchKey: foundDependency.package,
      rule: overrides.rule
    }),
    type: 'sca',
    vulnerabilityIdentifier: 'CVE-2021-23337',
    reachability: 'reachable',
    reachableCondition: null,
    isMalicious: false,
    foundDependency,
    fixRecommendations: [],
    epssScore: null,
    usage: null
  }
  return { ...base, ...overrides, type: 'sca', id }
}

export function dependency(overrides: Partial<DependencyRecord> = {}): DependencyRecord {
  const id = overrides.id ?? String(nextFactoryId(690_000))
  return {
    id,
    repositoryId: 1001,
    name: 'left-pad',
    version: '1.3.0',
    ecosystem: 'npm',
    licenses: ['MIT'],
    transitivity: 'DIRECT',
    definedAt: {
      path: 'web/frontend/package-lock.json',
      startLine: 1,
      endLine: 1,
      url: `${githubUrl('acme/web')}/blob/main/web/frontend/package-lock.json#L1`,
      committedAt: new Date(0)
    },
    ...overrides
  }
}

export function policyRule(overrides: Partial<PolicyRuleRecord> = {}): PolicyRuleRecord {
  const id = overrides.id ?? String(nextFactoryId(90_000))
  const path = overrides.path ?? `acme.custom.rule-${id}`
  return {
    id,
    path,
    policyMode: 'MODE_BLOCK',
    severity: 'SEVERITY_MEDIUM',
    confidence: 'CONFIDENCE_HIGH',
    source: 'SOURCE_CUSTOM',
    category: 'security',
    languages: ['python'],
    technologies: [],
    cweCategories: [],
    owaspCategories: [],
    vulnerabilityClass: [],
    rulesets: [],
    registryMaintainer: 'acme-corp',
    url: `https://semgrep.dev/r/${DEPLOYMENT.id}/${path}`,
    lastChangeAt: new Date(Date.UTC(2026, 0, 15, 9, 30)),
    ...overrides
  }
}

export function project(overrides: Partial<ProjectRecord> & { name: string }): ProjectRecord {
  return {
    id: nextFactoryId(9_000),
    tags: [],
    createdAt: new Date(Date.UTC(2025, 0, 1)),
    defaultBranch: 'refs/heads/main',
    primaryBranch: 'refs/heads/main',
    latestScanAt: new Date(),
    url: githubUrl(overrides.name),
    managedScan: { diffScan: true, fullScan: true },
    ...overrides
  }
}

export function repositoryRecord(name: string): RepositoryRecord {
  return { name, url: githubUrl(name) }
}

/** Scans made by tests are numbered from here (the sample's from SAMPLE_SCAN_ID_BASE). */
let nextScanId = 890_000

/** A scan record with realistic defaults: a completed full scan of `commit`, an hour ago. */
export function scan(
  overrides: Partial<ScanRecord> & Pick<ScanRecord, 'repositoryId' | 'branch' | 'commit'>,
  now: Date = new Date()
): ScanRecord {
  const startedAt = overrides.startedAt ?? new Date(now.getTime() - 60 * MINUTE_MS)
  const status = overrides.status ?? 'SCAN_STATUS_COMPLETED'
  const finished = status !== 'SCAN_STATUS_RUNNING' && status !== 'SCAN_STATUS_PENDING'
  return {
    id: nextScanId++,
    isFullScan: true,
    completedAt: finished ? new Date(startedAt.getTime() + 2 * MINUTE_MS) : null,
    exitCode: status === 'SCAN_STATUS_COMPLETED' ? 1 : status === 'SCAN_STATUS_ERROR' ? 2 : null,
    enabledProducts: ['sast', 'sca', 'secrets', 'ai_sast'],
    ...overrides,
    status,
    startedAt
  }
}

let nextSecretId = 9_200_000

/** A secret with realistic defaults: an open, confirmed-valid OpenAI key on acme/web main. */
export function secretFinding(overrides: Partial<SecretRecord> = {}): SecretRecord {
  const repository = overrides.repository ?? 'acme/web'
  const ref = overrides.ref ?? 'refs/heads/main'
  return {
    id: nextSecretId++,
    repository,
    ref,
    type: 'OpenAI',
    severity: 'high',
    status: 'FINDING_STATUS_OPEN',
    validationState: 'VALIDATION_STATE_CONFIRMED_VALID',
    mode: 'MODE_MONITOR',
    path: 'src/ai.py',
    line: 232,
    commit: stableHex(`commit:${repository}:${ref}`, 40),
    createdAt: new Date(Date.now() - DAY_MS),
    externalTicket: null,
    ...overrides
  }
}
