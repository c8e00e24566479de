/**
 * The emulator's internal records and its deterministic seed.
 *
 * Records are stored in one neutral, camelCase form; `wire.ts` renders them into the two wire
 * shapes. Everything random comes from a seeded PRNG so two emulators started with the same
 * `now` hold identical data (ids, hashes and timestamps), which keeps tests reproducible.
 */
import type { ScanRecord } from './scans.js'
import type { SecretsState } from './secrets.js'

export type Severity = 'low' | 'medium' | 'high' | 'critical'
export type Confidence = 'low' | 'medium' | 'high'
export type FindingStatus =
  'open' | 'fixed' | 'ignored' | 'reviewing' | 'fixing' | 'provisionally_ignored'
export type TriageReason =
  'acceptable_risk' | 'false_positive' | 'no_time' | 'no_triage_reason' | 'duplicate'
export type Reachability =
  'reachable' | 'always_reachable' | 'conditionally_reachable' | 'unreachable' | 'unknown'
export type FindingTransitivity = 'direct' | 'transitive' | 'unknown'
export type PolicyMode = 'MODE_MONITOR' | 'MODE_COMMENT' | 'MODE_BLOCK' | 'MODE_DISABLED'
export type ProductType = 'PRODUCT_TYPE_SAST' | 'PRODUCT_TYPE_SECRETS'
export type DependencyTransitivity = 'DIRECT' | 'TRANSITIVE' | 'UNKNOWN_TRANSITIVITY'
export type TagPathStyle = 'raw' | 'encoded' | 'both'
export type SbomStatus =
  'SBOM_EXPORT_STATUS_IN_PROGRESS' | 'SBOM_EXPORT_STATUS_COMPLETED' | 'SBOM_EXPORT_STATUS_FAILED'

export interface DeploymentRecord {
  id: string
  slug: string
  name: string
}

export interface ProjectRecord {
  id: number
  name: string
  tags: string[]
  createdAt: Date
  defaultBranch: string
  primaryBranch: string
  latestScanAt: Date
  url: string
  managedScan: { diffScan: boolean; fullScan: boolean }
}

export interface RepositoryRecord {
  name: string
  url: string
}

export interface LocationRecord {
  filePath: string
  line: number
  column: number
  endLine: number
  endColumn: number
}

export interface ExternalTicketRecord {
  externalSlug: string
  id: number
  url: string
  linkedIssueIds: number[]
}

export interface ReviewCommentRecord {
  externalDiscussionId: string
  externalNoteId: number
}

/** The rule as embedded in a finding (not the policy's rule entry). */
export interface EmbeddedRuleRecord {
  name: string
  message: string
  category: string
  confidence: Confidence
  subcategories: string[]
  vulnerabilityClasses: string[]
  cweNames: string[]
  owaspNames: string[]
}

export interface SourcingPolicyRecord {
  id: number
  name: string
  slug: string
}

export interface AssistantRecord {
  autofix: { fixCode: string; explanation: string | null } | null
  autotriage: { verdict: 'true_positive' | 'false_positive'; reason: string } | null
  component: { tag: string; risk: string } | null
  guidance: { summary: string; instructions: string | null } | null
  ruleExplanation: { summary: string; explanation: string } | null
}

interface FindingCoreRecord {
  id: number
  ref: string
  repository: RepositoryRecord
  /** The project id of `repository`; what `repository_ids` filters on. */
  repositoryId: number
  firstSeenScanId: number
  syntacticId: string
  matchBasedId: string
  externalTicket: ExternalTicketRecord | null
  reviewComments: ReviewCommentRecord[]
  lineOfCodeUrl: string
  triageState: string
  state: string
  status: FindingStatus
  severity: Severity
  confidence: Confidence
  categories: string[]
  createdAt: Date
  relevantSince: Date
  ruleName: string
  ruleMessage: string | null
  location: LocationRecord
  triagedAt: Date | null
  triageComment: string | null
  triageReason: TriageReason | null
  stateUpdatedAt: Date
  rule: EmbeddedRuleRecord
}

export interface SastFindingRecord extends FindingCoreRecord {
  type: 'sast'
  sourcingPolicy: SourcingPolicyRecord | null
  assistant: AssistantRecord | null
  clickToFixPrs: { url: string; createdAt: Date }[]
  clickToFixFailures: { reason: string; createdAt: Date }[]
}

export interface FoundDependencyRecord {
  package: string
  version: string
  ecosystem: string
  transitivity: FindingTransitivity
  lockfileLineUrl: string
}

export interface ScaFindingRecord extends FindingCoreRecord {
  type: 'sca'
  vulnerabilityIdentifier: string
  reachability: Reachability
  reachableCondition: string | null
  isMalicious: boolean
  foundDependency: FoundDependencyRecord
  fixRecommendations: { package: string; version: string }[]
  epssScore: { score: number; percentile: number } | null
  usage: { location: LocationRecord; externalTicket: ExternalTicketRecord | null } | null
}

export interface PolicyRuleRecord {
  id: string
  path: string
  policyMode: PolicyMode
  severity: string
  confidence: string
  source: string
  category: string
  languages: string[]
  technologies: string[]
  cweCategories: string[]
  owaspCategories: string[]
  vulnerabilityClass: string[]
  rulesets: string[]
  registryMaintainer: string
  url: string
  lastChangeAt: Date
  lastChangeBy?: string
}

export interface PolicyRecord {
  id: string
  name: string
  slug: string
  productType: ProductType
  isDefault: boolean
  rules: PolicyRuleRecord[]
}

export interface DependencyRecord {
  id: string
  repositoryId: number
  name: string
  version: string
  ecosystem: string
  licenses: string[]
  transitivity: DependencyTransitivity
  definedAt: { path: string; startLine: number; endLine: number; url: string; committedAt: Date }
}

export interface TicketRecord {
  ticketId: number
  externalSlug: string
  url: string
  issueType: string
  issueIds: number[]
  trackerProjectId: string | null
}

export interface SbomTaskRecord {
  taskToken: string
  repositoryId: number
  repositoryName: string
  ref: string
  outputFormat: string
  componentType: string
  supplier: unknown
  /** GETs answered IN_PROGRESS before the task settles (copied from the state at creation). */
  pollsUntilDone: number
  polls: number
  /** Wall-clock ms before which the task answers IN_PROGRESS (sbomExportMs after creation). */
  readyAt?: number
  /** Set once the task settles, so later state changes do not flip a finished export. */
  outcome:
    | { status: 'SBOM_EXPORT_STATUS_COMPLETED'; signature: string }
    | { status: 'SBOM_EXPORT_STATUS_FAILED'; errorMessage: string }
    | null
}

export interface EmulatorState {
  deployment: DeploymentRecord
  projects: ProjectRecord[]
  policies: PolicyRecord[]
  sastFindings: SastFindingRecord[]
  scaFindings: ScaFindingRecord[]
  dependencies: DependencyRecord[]
  tickets: TicketRecord[]
  sbomTasks: Map<string, SbomTaskRecord>
  /** Repository ids (number or numeric string) whose SBOM exports end FAILED. */
  sbomFailRepositories: Set<number | string>
  /** Which spelling of a slash in the tags route's projectName is accepted; the other answers 404. */
  tagPathStyle: TagPathStyle
  /**
   * How findings spell their branch: as recorded (default), or `bare-branch`, as the live service
   * answers some projects (`"ref": "main"` for findings of `refs/heads/main`).
   */
  findingRefs?: 'as-recorded' | 'bare-branch'
  /** Default for new SBOM tasks: GETs answered IN_PROGRESS before the task settles. */
  sbomPollsUntilDone: number
  /** How long a new SBOM export takes to generate, in ms (see sbom-scale.ts); default 0. */
  sbomExportMs?: number
  /** The number of the next ticket (`SEC-<n>`, ticket_id n). */
  nextTicketNumber: number
  /** What the scanner recorded per run; see scans.ts. */
  scans: ScanRecord[]
  /** Secrets findings and the repositories without the product; see secrets.ts. */
  secrets: SecretsState
}

export const DEPLOYMENT: Readonly<DeploymentRecord> = {
  id: '4242',
  slug: 'acme-corp',
  name: 'Acme Corp'
}
export const TRACKER_URL = 'https://tracker.example.test/browse'

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  int(minInclusive: number, maxInclusive: number): number
  pick<T>(items: readonly T[]): T
  hex(length: number): string
}

/** mulberry32: tiny, fast and good enough for fixture data. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0
  const nextUint32 = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  const next = (): number => nextUint32() / 4294967296
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: items => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    hex: length => {
      let out = ''
      while (out.length < length) out += nextUint32().toString(16).padStart(8, '0')
      return out.slice(0, length)
    }
  }
}

/** A stable hex digest of a string (FNV-1a, widened), for ids derived from other fields. */
export function stableHex(input: string, length: number): string {
  let out = ''
  let round = 0
  while (out.length < length) {
    let hash = 0x811c9dc5 ^ round
    for (let i = 0; i < input.length; i++) {
      hash ^= input.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
    out += (hash >>> 0).toString(16).padStart(8, '0')
    round++
  }
  return out.slice(0, length)
}

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS)
}

function githubUrl(repository: string): string {
  return `https://github.com/${repository}`
}

// ---------------------------------------------------------------------------------------------
// Factories (tests compose scenarios with these and push them into `emulator.state`)
// ---------------------------------------------------------------------------------------------

/** Ids of the sample projects, so factories can fill `repositoryId` from a repository name. */
export const SAMPLE_PROJECT_IDS: Readonly<Partial<Record<string, number>>> = {
  'acme/web': 1001,
  'acme/web-legacy': 1002,
  'acme/api': 1003,
  'acme/payments': 1004
}

export const DEFAULT_POLICY_REF: Readonly<SourcingPolicyRecord> = {
  id: 11,
  name: 'Default Policy',
  slug: 'default-policy'
}

// Factory ids start far above the seed's ids so composed records never collide with seeded ones.
let factorySequence = 0
function nextFactoryId(base: number): number {
  factorySequence += 1
  return base + factorySequence
}

function embeddedRule(name: string, message: string, confidence: Confidence): EmbeddedRuleRecord {
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

function lineUrl(repository: RepositoryRecord, location: LocationRecord, commit: string): string {
  return `${repository.url}/blob/${commit}/${location.filePath}#L${location.line}`
}

/** A SAST finding with coherent defaults; fields derived from others follow the overrides. */
export function sastFinding(overrides: Partial<SastFindingRecord> = {}): SastFindingRecord {
  const id = overrides.id ?? nextFactoryId(8_000_000)
  const repository = overrides.repository ?? { name: 'acme/web', url: githubUrl('acme/web') }
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
    type: 'sast',
    id,
    ref,
    repository,
    repositoryId: SAMPLE_PROJECT_IDS[repository.name] ?? 0,
    firstSeenScanId: 3_000_000 + (id % 100_000),
    syntacticId: stableHex(`syntactic:${id}`, 32),
    matchBasedId: `${stableHex(`match:${repository.name}:${ruleName}:${location.filePath}`, 64)}_0`,
    externalTicket: null,
    reviewComments: [],
    lineOfCodeUrl: lineUrl(repository, location, stableHex(`commit:${id}`, 40)),
    triageState: 'untriaged',
    state: 'unresolved',
    status: 'open',
    severity: 'medium',
    confidence,
    categories: ['security'],
    createdAt: relevantSince,
    relevantSince,
    ruleName,
    ruleMessage: message,
    location,
    triagedAt: null,
    triageComment: null,
    triageReason: null,
    stateUpdatedAt: relevantSince,
    rule: overrides.rule ?? embeddedRule(ruleName, message, confidence),
    sourcingPolicy: { ...DEFAULT_POLICY_REF },
    assistant: null,
    clickToFixPrs: [],
    clickToFixFailures: []
  }
  return { ...base, ...overrides, type: 'sast', id }
}

/** An SCA finding with coherent defaults (a reachable lodash advisory in acme/web). */
export function scaFinding(overrides: Partial<ScaFindingRecord> = {}): ScaFindingRecord {
  const id = overrides.id ?? nextFactoryId(8_500_000)
  const repository = overrides.repository ?? { name: 'acme/web', url: githubUrl('acme/web') }
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
    type: 'sca',
    id,
    ref,
    repository,
    repositoryId: SAMPLE_PROJECT_IDS[repository.name] ?? 0,
    firstSeenScanId: 3_000_000 + (id % 100_000),
    syntacticId: stableHex(`syntactic:${id}`, 32),
    matchBasedId: `${stableHex(`match:${repository.name}:${ruleName}:${foundDependency.package}`, 64)}_0`,
    externalTicket: null,
    reviewComments: [],
    lineOfCodeUrl: lineUrl(repository, location, stableHex(`commit:${id}`, 40)),
    triageState: 'untriaged',
    state: 'unresolved',
    status: 'open',
    severity: 'high',
    confidence,
    categories: ['security'],
    createdAt: relevantSince,
    relevantSince,
    ruleName,
    ruleMessage: message,
    location,
    triagedAt: null,
    triageComment: null,
    triageReason: null,
    stateUpdatedAt: relevantSince,
    rule: overrides.rule ?? embeddedRule(ruleName, message, confidence),
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

function uuidFrom(seed: string): string {
  const hex = stableHex(seed, 32)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

// ---------------------------------------------------------------------------------------------
// Sample rules
// ---------------------------------------------------------------------------------------------

type RuleKey =
  | 'sqli'
  | 'pickle'
  | 'csrf'
  | 'subprocess'
  | 'openRedirect'
  | 'dangerousHtml'
  | 'loggerLeak'
  | 'certValidation'
  | 'throttle'
  | 'documentMethod'
  | 'md5'
  | 'jwtSecret'
  | 'legacySql'
  | 'pathTraversal'
  | 'directWrite'
  | 'goMd5'
  | 'goTls'

interface SampleRuleSpec {
  path: string
  message: string
  severity: 'SEVERITY_HIGH' | 'SEVERITY_MEDIUM' | 'SEVERITY_LOW'
  source: 'SOURCE_PRO' | 'SOURCE_COMMUNITY' | 'SOURCE_CUSTOM'
  cwe: string
  owasp: string
  vulnerabilityClass: string
  languages: string[]
  technologies: string[]
  /** Mode in the Default Policy. */
  mode: PolicyMode
  /** Position in the Default Policy's rule list. */
  position: number
  ruleset: string
}

const CWE_SQLI =
  "CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')"
const OWASP_INJECTION = 'A03:2021 - Injection'

/**
 * The named rules findings use. Positions and modes are chosen for gate scenarios: block-mode
 * rules on medium/low findings, a monitor-mode rule on a high finding, and block-mode rules
 * beyond index 2000 so a client that reads only the first rules page misses them.
 */
export const SAMPLE_RULES: Readonly<Record<RuleKey, SampleRuleSpec>> = {
  sqli: {
    path: 'python.django.security.injection.sql.sql-injection-db-cursor-execute',
    message:
      "User-controlled data from a request is passed to 'execute()'. This could lead to a SQL injection and therefore protected information could be leaked. Instead, use django's QuerySets, which are built with query parameterization and therefore not vulnerable to sql injection.",
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: CWE_SQLI,
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'SQL Injection',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_BLOCK',
    position: 0,
    ruleset: 'p/django'
  },
  pickle: {
    path: 'python.lang.security.deserialization.pickle.avoid-pickle',
    message:
      'Avoid using `pickle`, which is known to lead to code execution vulnerabilities. When unpickling, the serialized data could be manipulated to run arbitrary code. Instead, consider serializing the relevant data as JSON or a similar text-based serialization format.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-502: Deserialization of Untrusted Data',
    owasp: 'A08:2021 - Software and Data Integrity Failures',
    vulnerabilityClass: 'Insecure Deserialization ',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_COMMENT',
    position: 1,
    ruleset: 'p/python'
  },
  csrf: {
    path: 'python.django.security.audit.csrf-exempt.no-csrf-exempt',
    message:
      "Detected usage of @csrf_exempt, which indicates that there is no CSRF token set for this route. This could lead to an attacker manipulating the user's account and exfiltration of private data. Instead, create a function without this decorator.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-352: Cross-Site Request Forgery (CSRF)',
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Cross-Site Request Forgery (CSRF)',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_COMMENT',
    position: 2,
    ruleset: 'p/django'
  },
  subprocess: {
    path: 'python.lang.security.audit.dangerous-subprocess-use-audit',
    message:
      "Detected subprocess function 'run' without a static string. If this data can be controlled by a malicious actor, it may be an instance of command injection. Audit the use of this call to ensure it is not controllable by an external resource.",
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-78: Improper Neutralization of Special Elements used in an OS Command ('OS Command Injection')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Command Injection',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_MONITOR',
    position: 3,
    ruleset: 'p/python'
  },
  openRedirect: {
    path: 'javascript.express.security.audit.express-open-redirect.express-open-redirect',
    message:
      'The application redirects to a URL specified by user-supplied input `req` that is not validated. This could redirect users to malicious locations. Consider using an allow-list approach to validate URLs, or warn users they are being redirected to a third-party website.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_PRO',
    cwe: "CWE-601: URL Redirection to Untrusted Site ('Open Redirect')",
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Open Redirect',
    languages: ['javascript', 'typescript'],
    technologies: ['express'],
    mode: 'MODE_COMMENT',
    position: 5,
    ruleset: 'p/express'
  },
  dangerousHtml: {
    path: 'typescript.react.security.audit.react-dangerouslysetinnerhtml.react-dangerouslysetinnerhtml',
    message:
      'Detection of dangerouslySetInnerHTML from non-constant definition. This can inadvertently expose users to cross-site scripting (XSS) attacks if this comes from user-provided input. If you have to use dangerouslySetInnerHTML, consider using a sanitization library such as DOMPurify to sanitize your HTML.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['typescript', 'javascript'],
    technologies: ['react'],
    mode: 'MODE_MONITOR',
    position: 8,
    ruleset: 'p/react'
  },
  loggerLeak: {
    path: 'python.lang.security.audit.logging.logger-credential-leak.python-logger-credential-disclosure',
    message:
      'Detected a python logger call with a potential hardcoded secret "password" being logged. This may lead to secret credentials being exposed. Make sure that the logger is not logging sensitive information.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-532: Insertion of Sensitive Information into Log File',
    owasp: 'A09:2021 - Security Logging and Monitoring Failures',
    vulnerabilityClass: 'Mishandled Sensitive Information',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_COMMENT',
    position: 13,
    ruleset: 'p/python'
  },
  certValidation: {
    path: 'python.requests.security.disabled-cert-validation.disabled-cert-validation',
    message:
      'Certificate verification has been explicitly disabled. This permits insecure connections to insecure servers. Re-enable certification validation.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-295: Improper Certificate Validation',
    owasp: 'A07:2021 - Identification and Authentication Failures',
    vulnerabilityClass: 'Improper Authentication',
    languages: ['python'],
    technologies: ['requests'],
    mode: 'MODE_COMMENT',
    position: 21,
    ruleset: 'p/python'
  },
  throttle: {
    path: 'python.django.security.audit.django-rest-framework.missing-throttle-config.missing-throttle-config',
    message:
      "Django REST framework configuration is missing default rate-limiting options. This could inadvertently allow resource starvation or Denial of Service (DoS) attacks. Add 'DEFAULT_THROTTLE_CLASSES' and 'DEFAULT_THROTTLE_RATES' to add rate-limiting to your application.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-400: Uncontrolled Resource Consumption',
    owasp: 'A05:2021 - Security Misconfiguration',
    vulnerabilityClass: 'Denial-of-Service (DoS)',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_MONITOR',
    position: 34,
    ruleset: 'p/django'
  },
  documentMethod: {
    path: 'javascript.browser.security.insecure-document-method.insecure-document-method',
    message:
      'User controlled data in methods like `innerHTML`, `outerHTML` or `document.write` is an anti-pattern that can lead to XSS vulnerabilities',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['javascript', 'typescript'],
    technologies: ['browser'],
    mode: 'MODE_DISABLED',
    position: 1500,
    ruleset: 'p/javascript'
  },
  md5: {
    path: 'python.lang.security.audit.md5-used-as-password.md5-used-as-password',
    message:
      'It looks like MD5 is used as a password hash. MD5 is not considered a secure password hash because it can be cracked by an attacker in a short amount of time. Use a suitable password hashing function such as scrypt. You can use `hashlib.scrypt`.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_CUSTOM',
    cwe: 'CWE-327: Use of a Broken or Risky Cryptographic Algorithm',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Cryptographic Issues',
    languages: ['python'],
    technologies: ['hashlib'],
    mode: 'MODE_BLOCK',
    position: 2345,
    ruleset: 'p/python'
  },
  jwtSecret: {
    path: 'javascript.jsonwebtoken.security.jwt-hardcode.hardcoded-jwt-secret',
    message:
      'A hard-coded credential was detected. It is not recommended to store credentials in source-code, as this risks secrets being leaked and used by either an internal or external malicious adversary. It is recommended to use environment variables to securely provide credentials or retrieve credentials from a secure vault or HSM (Hardware Security Module).',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: 'CWE-798: Use of Hard-coded Credentials',
    owasp: 'A07:2021 - Identification and Authentication Failures',
    vulnerabilityClass: 'Hard-coded Secrets',
    languages: ['javascript', 'typescript'],
    technologies: ['jwt', 'jsonwebtoken'],
    mode: 'MODE_BLOCK',
    position: 2101,
    ruleset: 'p/jwt'
  },
  legacySql: {
    path: 'java.spring.security.injection.tainted-sql-string.tainted-sql-string',
    message:
      'User data flows into this manually-constructed SQL string. User data can be safely inserted into SQL strings using prepared statements or an object-relational mapper (ORM). Manually-constructed SQL strings is a possible indicator of SQL injection.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: CWE_SQLI,
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'SQL Injection',
    languages: ['java'],
    technologies: ['spring'],
    mode: 'MODE_BLOCK',
    position: 55,
    ruleset: 'p/java'
  },
  pathTraversal: {
    path: 'javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal',
    message:
      'Detected possible user input going into a `path.join` or `path.resolve` function. This could possibly lead to a path traversal vulnerability, where the attacker can access arbitrary files stored in the file system. Instead, be sure to sanitize or validate user input first.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-22: Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')",
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Path Traversal',
    languages: ['javascript', 'typescript'],
    technologies: ['node.js'],
    mode: 'MODE_BLOCK',
    position: 89,
    ruleset: 'p/nodejs'
  },
  directWrite: {
    path: 'javascript.express.security.audit.xss.direct-response-write.direct-response-write',
    message:
      "Detected directly writing to a Response object from user-defined input. This bypasses any HTML escaping and may expose your application to a Cross-Site-scripting (XSS) vulnerability. Instead, use 'resp.render()' to render safely escaped HTML.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_PRO',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['javascript', 'typescript'],
    technologies: ['express'],
    mode: 'MODE_COMMENT',
    position: 144,
    ruleset: 'p/express'
  },
  goMd5: {
    path: 'go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5',
    message:
      'Detected MD5 hash algorithm which is considered insecure. MD5 is not collision resistant and is therefore not suitable as a cryptographic signature. Use SHA256 or SHA3 instead.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-328: Use of Weak Hash',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Insecure Hashing Algorithm',
    languages: ['go'],
    technologies: ['go'],
    mode: 'MODE_MONITOR',
    position: 233,
    ruleset: 'p/golang'
  },
  goTls: {
    path: 'go.lang.security.audit.net.use-tls.use-tls',
    message:
      "Found an HTTP server without TLS. Use 'http.ListenAndServeTLS' instead. See https://golang.org/pkg/net/http/#ListenAndServeTLS for more information.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-319: Cleartext Transmission of Sensitive Information',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Mishandled Sensitive Information',
    languages: ['go'],
    technologies: ['go'],
    mode: 'MODE_MONITOR',
    position: 377,
    ruleset: 'p/golang'
  }
}

export const DEFAULT_POLICY_RULE_COUNT = 2600
const POLICY_MODES_CYCLE: readonly PolicyMode[] = [
  'MODE_MONITOR',
  'MODE_COMMENT',
  'MODE_BLOCK',
  'MODE_MONITOR',
  'MODE_DISABLED'
]
const FILLER_LANGUAGES = [
  { language: 'python', technology: 'flask' },
  { language: 'javascript', technology: 'express' },
  { language: 'typescript', technology: 'angular' },
  { language: 'java', technology: 'spring' },
  { language: 'go', technology: 'gorilla' },
  { language: 'ruby', technology: 'rails' },
  { language: 'php', technology: 'laravel' },
  { language: 'csharp', technology: 'dotnet' }
] as const
const FILLER_TOPICS = [
  'tainted-url-host',
  'weak-random-token',
  'insecure-cookie-flags',
  'unvalidated-redirect',
  'xml-external-entity',
  'regex-dos',
  'hardcoded-tmp-path',
  'missing-authorization-check',
  'unsafe-reflection',
  'cleartext-http-request',
  'ldap-injection',
  'mass-assignment'
] as const

function ruleFromSpec(
  spec: SampleRuleSpec,
  id: string,
  mode: PolicyMode,
  now: Date
): PolicyRuleRecord {
  return {
    id,
    path: spec.path,
    policyMode: mode,
    severity: spec.severity,
    confidence: 'CONFIDENCE_HIGH',
    source: spec.source,
    category: 'security',
    languages: [...spec.languages],
    technologies: [...spec.technologies],
    cweCategories: [spec.cwe],
    owaspCategories: [spec.owasp],
    vulnerabilityClass: [spec.vulnerabilityClass],
    rulesets: spec.source === 'SOURCE_CUSTOM' ? [] : [spec.ruleset],
    registryMaintainer: spec.source === 'SOURCE_CUSTOM' ? 'acme-corp' : 'semgrep',
    url:
      spec.source === 'SOURCE_CUSTOM'
        ? `https://semgrep.dev/r/${DEPLOYMENT.id}/${spec.path}`
        : `https://semgrep.dev/r/${spec.path}`,
    lastChangeAt: daysBefore(now, 90),
    ...(spec.source === 'SOURCE_CUSTOM' ? { lastChangeBy: 'appsec@acme.example' } : {})
  }
}

/** The filler rule at a position: realistic dotted paths, modes cycling over all four. */
function fillerRule(position: number, idBase: number, now: Date): PolicyRuleRecord {
  const lang = FILLER_LANGUAGES[position % FILLER_LANGUAGES.length] ?? FILLER_LANGUAGES[0]
  const topic =
    FILLER_TOPICS[Math.floor(position / FILLER_LANGUAGES.length) % FILLER_TOPICS.length] ?? 'audit'
  const path = `${lang.language}.${lang.technology}.security.audit.${topic}.${topic}-${String(position).padStart(4, '0')}`
  const categoryIsBestPractice = position % 7 === 6
  return {
    id: String(idBase + position),
    path,
    policyMode: POLICY_MODES_CYCLE[position % POLICY_MODES_CYCLE.length] ?? 'MODE_MONITOR',
    severity: position % 3 === 0 ? 'SEVERITY_HIGH' : 'SEVERITY_MEDIUM',
    confidence: 'CONFIDENCE_HIGH',
    source: position % 4 === 0 ? 'SOURCE_PRO' : 'SOURCE_COMMUNITY',
    category: categoryIsBestPractice ? 'best-practice' : 'security',
    languages: [lang.language],
    technologies: [lang.technology],
    cweCategories: [],
    owaspCategories: [],
    vulnerabilityClass: ['Other'],
    rulesets: [`p/${lang.language}`],
    registryMaintainer: 'semgrep',
    url: `https://semgrep.dev/r/${path}`,
    lastChangeAt: daysBefore(now, 120 + (position % 200))
  }
}

const DEFAULT_RULE_ID_BASE = 100_000

function defaultPolicyRules(now: Date): PolicyRuleRecord[] {
  const named = new Map<number, SampleRuleSpec>()
  for (const spec of Object.values(SAMPLE_RULES)) named.set(spec.position, spec)
  const rules: PolicyRuleRecord[] = []
  for (let position = 0; position < DEFAULT_POLICY_RULE_COUNT; position++) {
    const spec = named.get(position)
    rules.push(
      spec === undefined
        ? fillerRule(position, DEFAULT_RULE_ID_BASE, now)
        : ruleFromSpec(spec, String(DEFAULT_RULE_ID_BASE + position), spec.mode, now)
    )
  }
  return rules
}

/** Strict Policy: every named rule blocks, plus some filler. */
function strictPolicyRules(now: Date): PolicyRuleRecord[] {
  const named = Object.values(SAMPLE_RULES).map((spec, index) =>
    ruleFromSpec(spec, String(200_000 + index), 'MODE_BLOCK', now)
  )
  const filler = Array.from({ length: 40 }, (_, index) => fillerRule(index * 3 + 1, 200_100, now))
  return [...named, ...filler]
}

function secretsPolicyRules(now: Date): PolicyRuleRecord[] {
  const secretRules = [
    'generic.secrets.security.detected-aws-access-key-id-value.detected-aws-access-key-id-value',
    'generic.secrets.security.detected-github-token.detected-github-token',
    'generic.secrets.security.detected-private-key.detected-private-key',
    'generic.secrets.security.detected-slack-webhook.detected-slack-webhook',
    'generic.secrets.security.detected-stripe-api-key.detected-stripe-api-key'
  ]
  return secretRules.map((path, index) => ({
    id: String(300_000 + index),
    path,
    policyMode: index < 3 ? 'MODE_BLOCK' : 'MODE_COMMENT',
    severity: 'SEVERITY_HIGH',
    confidence: 'CONFIDENCE_HIGH',
    source: 'SOURCE_PRO',
    category: 'security',
    languages: ['generic'],
    technologies: ['secrets'],
    cweCategories: ['CWE-798: Use of Hard-coded Credentials'],
    owaspCategories: ['A07:2021 - Identification and Authentication Failures'],
    vulnerabilityClass: ['Hard-coded Secrets'],
    rulesets: ['p/secrets'],
    registryMaintainer: 'semgrep',
    url: `https://semgrep.dev/r/${path}`,
    lastChangeAt: daysBefore(now, 60)
  }))
}

function samplePolicies(now: Date): PolicyRecord[] {
  return [
    {
      id: '11',
      name: 'Default Policy',
      slug: 'default-policy',
      productType: 'PRODUCT_TYPE_SAST',
      isDefault: true,
      rules: defaultPolicyRules(now)
    },
    {
      id: '12',
      name: 'Strict Policy',
      slug: 'strict-policy',
      productType: 'PRODUCT_TYPE_SAST',
      isDefault: false,
      rules: strictPolicyRules(now)
    },
    {
      id: '13',
      name: 'Secrets Policy',
      slug: 'secrets-policy',
      productType: 'PRODUCT_TYPE_SECRETS',
      isDefault: true,
      rules: secretsPolicyRules(now)
    }
  ]
}

// ---------------------------------------------------------------------------------------------
// Sample projects
// ---------------------------------------------------------------------------------------------

interface ProjectSpec {
  id: number
  name: string
  tags: string[]
  branch: string
  createdDaysAgo: number
  scannedHoursAgo: number
}

// prettier-ignore
const NAMED_PROJECTS: readonly ProjectSpec[] = [
  { id: 1001, name: 'acme/web', tags: ['team-web', 'tier-1'], branch: 'refs/heads/main', createdDaysAgo: 700, scannedHoursAgo: 2 },
  { id: 1002, name: 'acme/web-legacy', tags: ['team-web', 'deprecated'], branch: 'refs/heads/main', createdDaysAgo: 1400, scannedHoursAgo: 200 },
  { id: 1003, name: 'acme/api', tags: ['team-platform', 'tier-1'], branch: 'refs/heads/main', createdDaysAgo: 650, scannedHoursAgo: 5 },
  { id: 1004, name: 'acme/payments', tags: ['team-payments', 'pci'], branch: 'refs/heads/trunk', createdDaysAgo: 500, scannedHoursAgo: 9 }
]

export const GENERATED_SERVICE_COUNT = 250
const SERVICE_TEAMS = [
  'team-platform',
  'team-data',
  'team-growth',
  'team-identity',
  'team-infra'
] as const

function projectFromSpec(spec: ProjectSpec, now: Date): ProjectRecord {
  return {
    id: spec.id,
    name: spec.name,
    tags: [...spec.tags],
    createdAt: daysBefore(now, spec.createdDaysAgo),
    defaultBranch: spec.branch,
    primaryBranch: spec.branch,
    latestScanAt: new Date(now.getTime() - spec.scannedHoursAgo * HOUR_MS),
    url: githubUrl(spec.name),
    managedScan: { diffScan: true, fullScan: true }
  }
}

function sampleProjects(now: Date, random: Random): ProjectRecord[] {
  const named = NAMED_PROJECTS.map(spec => projectFromSpec(spec, now))
  const services = Array.from({ length: GENERATED_SERVICE_COUNT }, (_, index) => {
    const number = String(index + 1).padStart(3, '0')
    const tags = index % 3 === 0 ? [] : [random.pick(SERVICE_TEAMS)]
    return projectFromSpec(
      {
        id: 2001 + index,
        name: `acme/svc-${number}`,
        tags,
        branch: 'refs/heads/main',
        createdDaysAgo: random.int(30, 900),
        scannedHoursAgo: random.int(1, 720)
      },
      now
    )
  })
  return [...named, ...services]
}

// ---------------------------------------------------------------------------------------------
// Sample findings
// ---------------------------------------------------------------------------------------------

interface SastSpec {
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

/**
 * acme/web on main: open findings low..high (no critical), highs with block and monitor rules,
 * a medium on a block rule beyond rules page 1, plus fixed/ignored ones a status filter must drop.
 */
// prettier-ignore
const WEB_MAIN_SAST: readonly SastSpec[] = [
  { id: 7100001, repository: 'acme/web', ref: 'refs/heads/main', rule: 'sqli', severity: 'high', confidence: 'high', status: 'open', daysAgo: 3, path: 'src/app/views.py', line: 42 },
  { id: 7100002, repository: 'acme/web', ref: 'refs/heads/main', rule: 'subprocess', severity: 'high', confidence: 'medium', status: 'open', daysAgo: 12, path: 'src/app/tasks/export.py', line: 88 },
  { id: 7100003, repository: 'acme/web', ref: 'refs/heads/main', rule: 'csrf', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 6, path: 'src/app/api/webhooks.py', line: 17 },
  { id: 7100004, repository: 'acme/web', ref: 'refs/heads/main', rule: 'md5', severity: 'medium', confidence: 'high', status: 'open', daysAgo: 21, path: 'src/app/auth/passwords.py', line: 31 },
  { id: 7100005, repository: 'acme/web', ref: 'refs/heads/main', rule: 'throttle', severity: 'low', confidence: 'low', status: 'open', daysAgo: 30, path: 'src/config/settings/base.py', line: 140 },
  { id: 7100006, repository: 'acme/web', ref: 'refs/heads/main', rule: 'openRedirect', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 45, path: 'web/frontend/server/routes/login.js', line: 23 },
  { id: 7100007, repository: 'acme/web', ref: 'refs/heads/main', rule: 'documentMethod', severity: 'low', confidence: 'low', status: 'open', daysAgo: 55, path: 'web/frontend/src/widgets/preview.js', line: 61 },
  { id: 7100008, repository: 'acme/web', ref: 'refs/heads/main', rule: 'dangerousHtml', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 1, path: 'web/frontend/src/components/Markdown.tsx', line: 19 },
  { id: 7100009, repository: 'acme/web', ref: 'refs/heads/main', rule: 'loggerLeak', severity: 'low', confidence: 'medium', status: 'open', daysAgo: 15, path: 'src/app/auth/views.py', line: 77 },
  { id: 7100010, repository: 'acme/web', ref: 'refs/heads/main', rule: 'certValidation', severity: 'high', confidence: 'high', status: 'open', daysAgo: 58, path: 'src/app/integrations/billing.py', line: 54 },
  { id: 7100011, repository: 'acme/web', ref: 'refs/heads/main', rule: 'sqli', severity: 'high', confidence: 'high', status: 'fixed', daysAgo: 40, path: 'src/app/reports.py', line: 112 },
  { id: 7100012, repository: 'acme/web', ref: 'refs/heads/main', rule: 'pickle', severity: 'critical', confidence: 'high', status: 'ignored', daysAgo: 20, path: 'src/app/cache.py', line: 9, triageReason: 'false_positive' }
]

/** The PR adds one high finding on a block-mode rule that sits beyond rules page 1. */
const WEB_PR_SAST_NEW: SastSpec = {
  id: 7110101,
  repository: 'acme/web',
  ref: 'refs/pull/42/merge',
  rule: 'jwtSecret',
  severity: 'high',
  confidence: 'high',
  status: 'open',
  daysAgo: 0.05,
  path: 'web/frontend/server/auth/session.js',
  line: 14
}

export const PR_REF = 'refs/pull/42/merge'
/** PR copies of main's findings carry the main id plus this offset. */
export const PR_COPY_ID_OFFSET = 10_000

// prettier-ignore
const OTHER_SAST: readonly SastSpec[] = [
  { id: 7300001, repository: 'acme/web-legacy', ref: 'refs/heads/main', rule: 'legacySql', severity: 'critical', confidence: 'high', status: 'open', daysAgo: 9, path: 'src/main/java/com/acme/legacy/ReportDao.java', line: 73 },
  { id: 7500001, repository: 'acme/api', ref: 'refs/heads/main', rule: 'pathTraversal', severity: 'high', confidence: 'medium', status: 'open', daysAgo: 4, path: 'src/routes/files.ts', line: 36 },
  { id: 7500002, repository: 'acme/api', ref: 'refs/heads/main', rule: 'directWrite', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 18, path: 'src/routes/preview.ts', line: 52 },
  { id: 7500003, repository: 'acme/api', ref: 'refs/heads/main', rule: 'jwtSecret', severity: 'high', confidence: 'high', status: 'reviewing', daysAgo: 33, path: 'src/auth/tokens.ts', line: 8 },
  { id: 7600001, repository: 'acme/payments', ref: 'refs/heads/trunk', rule: 'goMd5', severity: 'medium', confidence: 'high', status: 'open', daysAgo: 11, path: 'internal/ledger/checksum.go', line: 27, policy: 12 },
  { id: 7600002, repository: 'acme/payments', ref: 'refs/heads/trunk', rule: 'goTls', severity: 'low', confidence: 'medium', status: 'open', daysAgo: 26, path: 'cmd/webhook-relay/main.go', line: 41, policy: 12 }
]

interface ScaSpec {
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

// prettier-ignore
const WEB_MAIN_SCA: readonly ScaSpec[] = [
  {
    id: 7200001, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'lodash', version: '4.17.20', ecosystem: 'npm', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2021-23337', fixVersion: '4.17.21', status: 'open', daysAgo: 8,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 812, usage: { path: 'web/frontend/src/utils/template.js', line: 12 },
    message: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
    cwe: "CWE-77: Improper Neutralization of Special Elements used in a Command ('Command Injection')", epss: { score: 0.01203, percentile: 0.8511 }
  },
  {
    id: 7200002, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'requests', version: '2.25.1', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'medium', reachability: 'always_reachable', vulnerability: 'CVE-2023-32681', fixVersion: '2.31.0', status: 'open', daysAgo: 25,
    lockfile: 'requirements.txt', lockfileLine: 31,
    message: 'Requests is vulnerable to leaking Proxy-Authorization headers to destination servers when redirected to an HTTPS endpoint.',
    cwe: 'CWE-200: Exposure of Sensitive Information to an Unauthorized Actor', epss: { score: 0.00062, percentile: 0.2601 }
  },
  {
    id: 7200003, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'PyYAML', version: '5.3.1', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'high', reachability: 'conditionally_reachable',
    reachableCondition: 'Reachable if yaml.load() is called with FullLoader or without an explicit Loader.',
    vulnerability: 'CVE-2020-14343', fixVersion: '5.4', status: 'open', daysAgo: 2,
    lockfile: 'requirements.txt', lockfileLine: 27, usage: { path: 'src/app/importers/config.py', line: 22 },
    message: 'PyYAML before 5.4 is susceptible to arbitrary code execution when processing untrusted YAML files through full_load or FullLoader.',
    cwe: 'CWE-20: Improper Input Validation', epss: { score: 0.00459, percentile: 0.7452 }
  },
  {
    id: 7200004, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'minimist', version: '1.2.5', ecosystem: 'npm', transitivity: 'transitive',
    severity: 'critical', reachability: 'unreachable', vulnerability: 'CVE-2021-44906', fixVersion: '1.2.6', status: 'open', daysAgo: 50,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 2210,
    message: 'Minimist before 1.2.6 is vulnerable to Prototype Pollution via setKey().',
    cwe: "CWE-1321: Improperly Controlled Modification of Object Prototype Attributes ('Prototype Pollution')", epss: { score: 0.00811, percentile: 0.8133 }
  },
  {
    id: 7200005, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'debug', version: '2.6.8', ecosystem: 'npm', transitivity: 'transitive',
    severity: 'low', reachability: 'unknown', vulnerability: 'CVE-2017-16137', fixVersion: '2.6.9', status: 'open', daysAgo: 36,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 1043,
    message: 'The debug module is vulnerable to regular expression denial of service when untrusted user input is passed into the o formatter.',
    cwe: 'CWE-1333: Inefficient Regular Expression Complexity', epss: null
  },
  {
    id: 7200006, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'Jinja2', version: '2.11.2', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'medium', reachability: 'unreachable', vulnerability: 'CVE-2024-22195', fixVersion: '3.1.3', status: 'open', daysAgo: 14,
    lockfile: 'requirements.txt', lockfileLine: 19,
    message: 'The xmlattr filter in affected versions of Jinja accepts keys containing spaces, which can be used to inject attributes (XSS).',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')", epss: { score: 0.00045, percentile: 0.1522 }
  },
  {
    id: 7200007, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'urllib3', version: '1.26.4', ecosystem: 'pypi', transitivity: 'transitive',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2023-43804', fixVersion: '1.26.17', status: 'fixed', daysAgo: 47,
    lockfile: 'requirements.txt', lockfileLine: 44,
    message: 'urllib3 does not treat the Cookie HTTP header special or provide any helpers for managing cookies over HTTP; cookies can leak on cross-origin redirects.',
    cwe: 'CWE-200: Exposure of Sensitive Information to an Unauthorized Actor', epss: { score: 0.00152, percentile: 0.5128 }
  }
]

// prettier-ignore
const WEB_PR_SCA_MALICIOUS: ScaSpec = {
  id: 7210101, repository: 'acme/web', ref: PR_REF, pkg: 'flatmap-stream', version: '0.1.1', ecosystem: 'npm', transitivity: 'transitive',
  severity: 'low', reachability: 'unreachable', vulnerability: 'GHSA-mh6f-8j2x-4483', fixVersion: null, status: 'open', daysAgo: 0.05,
  lockfile: 'web/frontend/package-lock.json', lockfileLine: 1377, malicious: true,
  message: 'flatmap-stream 0.1.1 contains malicious code that targets cryptocurrency wallets. Remove the package and rotate any credentials on affected hosts.',
  cwe: 'CWE-506: Embedded Malicious Code', epss: null
}

// prettier-ignore
const OTHER_SCA: readonly ScaSpec[] = [
  {
    id: 7400001, repository: 'acme/web-legacy', ref: 'refs/heads/main', pkg: 'org.apache.logging.log4j:log4j-core', version: '2.14.1', ecosystem: 'maven', transitivity: 'direct',
    severity: 'critical', reachability: 'reachable', vulnerability: 'CVE-2021-44228', fixVersion: '2.17.1', status: 'open', daysAgo: 9,
    lockfile: 'pom.xml', lockfileLine: 58, usage: { path: 'src/main/java/com/acme/legacy/AuditLogger.java', line: 31 },
    message: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP and other JNDI related endpoints (Log4Shell).',
    cwe: 'CWE-502: Deserialization of Untrusted Data', epss: { score: 0.97565, percentile: 0.99996 }
  },
  {
    id: 7500101, repository: 'acme/api', ref: 'refs/heads/main', pkg: 'axios', version: '0.21.1', ecosystem: 'npm', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2021-3749', fixVersion: '0.21.2', status: 'open', daysAgo: 6,
    lockfile: 'package-lock.json', lockfileLine: 301, usage: { path: 'src/clients/billing.ts', line: 5 },
    message: 'axios is vulnerable to Inefficient Regular Expression Complexity in the trim function.',
    cwe: 'CWE-1333: Inefficient Regular Expression Complexity', epss: { score: 0.00263, percentile: 0.6511 }
  },
  {
    id: 7500102, repository: 'acme/api', ref: 'refs/heads/main', pkg: 'jsonwebtoken', version: '8.5.1', ecosystem: 'npm', transitivity: 'direct',
    severity: 'medium', reachability: 'unreachable', vulnerability: 'CVE-2022-23540', fixVersion: '9.0.0', status: 'open', daysAgo: 29,
    lockfile: 'package-lock.json', lockfileLine: 655,
    message: 'jsonwebtoken versions up to 8.5.1 can be misconfigured so that passing a poorly implemented key retrieval function leads to signature verification bypass.',
    cwe: 'CWE-287: Improper Authentication', epss: { score: 0.00098, percentile: 0.4012 }
  },
  {
    id: 7600101, repository: 'acme/payments', ref: 'refs/heads/trunk', pkg: 'golang.org/x/net', version: 'v0.7.0', ecosystem: 'gomod', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2023-39325', fixVersion: 'v0.17.0', status: 'open', daysAgo: 16,
    lockfile: 'go.mod', lockfileLine: 12, usage: { path: 'cmd/webhook-relay/main.go', line: 40 },
    message: 'A malicious HTTP/2 client which rapidly creates requests and immediately resets them can cause excessive server resource consumption (Rapid Reset).',
    cwe: 'CWE-400: Uncontrolled Resource Consumption', epss: { score: 0.72108, percentile: 0.9878 }
  }
]

/** A finding's timestamps: relevant since `daysAgo`, created with it, last state change later. */
function findingTimes(
  now: Date,
  daysAgo: number
): Pick<FindingCoreRecord, 'relevantSince' | 'createdAt' | 'stateUpdatedAt'> {
  const relevantSince = new Date(now.getTime() - Math.round(daysAgo * DAY_MS))
  return { relevantSince, createdAt: relevantSince, stateUpdatedAt: relevantSince }
}

function repositoryRecord(name: string): RepositoryRecord {
  return { name, url: githubUrl(name) }
}

function sastFromSpec(spec: SastSpec, now: Date): SastFindingRecord {
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

function scaFromSpec(spec: ScaSpec, now: Date): ScaFindingRecord {
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

/** PR copies keep file, rule and match_based_id but get their own id, ref and detection time. */
function prCopy<T extends SastFindingRecord | ScaFindingRecord>(finding: T, now: Date): T {
  // relevant_since stays main's (the finding is not new on the PR); the PR scan created the row.
  const createdAt = new Date(Math.max(finding.relevantSince.getTime(), now.getTime() - DAY_MS))
  return {
    ...finding,
    id: finding.id + PR_COPY_ID_OFFSET,
    ref: PR_REF,
    firstSeenScanId: finding.firstSeenScanId + 1,
    createdAt,
    location: { ...finding.location },
    categories: [...finding.categories],
    reviewComments: []
  }
}

// ---------------------------------------------------------------------------------------------
// Sample dependencies
// ---------------------------------------------------------------------------------------------

type DependencyTuple = readonly [
  name: string,
  version: string,
  ecosystem: string,
  license: string,
  transitivity: DependencyTransitivity
]

const WEB_DEPENDENCIES: readonly DependencyTuple[] = [
  ['react', '18.2.0', 'npm', 'MIT', 'DIRECT'],
  ['react-dom', '18.2.0', 'npm', 'MIT', 'DIRECT'],
  ['lodash', '4.17.20', 'npm', 'MIT', 'DIRECT'],
  ['express', '4.18.2', 'npm', 'MIT', 'DIRECT'],
  ['body-parser', '1.20.1', 'npm', 'MIT', 'TRANSITIVE'],
  ['cookie', '0.5.0', 'npm', 'MIT', 'TRANSITIVE'],
  ['minimist', '1.2.5', 'npm', 'MIT', 'TRANSITIVE'],
  ['debug', '2.6.8', 'npm', 'MIT', 'TRANSITIVE'],
  ['axios', '1.6.2', 'npm', 'MIT', 'DIRECT'],
  ['classnames', '2.3.2', 'npm', 'MIT', 'DIRECT'],
  ['typescript', '5.3.3', 'npm', 'Apache-2.0', 'DIRECT'],
  ['rxjs', '7.8.1', 'npm', 'Apache-2.0', 'TRANSITIVE'],
  ['semver', '7.5.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['glob', '10.3.10', 'npm', 'ISC', 'TRANSITIVE'],
  ['lru-cache', '10.1.0', 'npm', 'ISC', 'TRANSITIVE'],
  ['once', '1.4.0', 'npm', 'ISC', 'TRANSITIVE'],
  ['inherits', '2.0.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['qs', '6.11.0', 'npm', 'BSD-3-Clause', 'TRANSITIVE'],
  ['source-map', '0.6.1', 'npm', 'BSD-3-Clause', 'TRANSITIVE'],
  ['uuid', '9.0.1', 'npm', 'MIT', 'DIRECT'],
  ['moment', '2.29.4', 'npm', 'MIT', 'DIRECT'],
  ['date-fns', '2.30.0', 'npm', 'MIT', 'DIRECT'],
  ['chalk', '4.1.2', 'npm', 'MIT', 'TRANSITIVE'],
  ['commander', '11.1.0', 'npm', 'MIT', 'TRANSITIVE'],
  ['ws', '8.14.2', 'npm', 'MIT', 'TRANSITIVE'],
  ['Django', '3.2.4', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['requests', '2.25.1', 'pypi', 'Apache-2.0', 'DIRECT'],
  ['PyYAML', '5.3.1', 'pypi', 'MIT', 'DIRECT'],
  ['Jinja2', '2.11.2', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['urllib3', '1.26.4', 'pypi', 'MIT', 'TRANSITIVE'],
  ['idna', '3.4', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['sqlparse', '0.4.4', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['asgiref', '3.7.2', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['gunicorn', '21.2.0', 'pypi', 'MIT', 'DIRECT'],
  ['celery', '5.3.4', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['redis', '5.0.1', 'pypi', 'MIT', 'DIRECT'],
  ['boto3', '1.28.57', 'pypi', 'Apache-2.0', 'DIRECT'],
  ['botocore', '1.31.57', 'pypi', 'Apache-2.0', 'TRANSITIVE'],
  ['PyQt5', '5.15.10', 'pypi', 'GPL-3.0-only', 'DIRECT'],
  ['PyMuPDF', '1.23.8', 'pypi', 'AGPL-3.0-or-later', 'DIRECT']
]

const LEGACY_DEPENDENCIES: readonly DependencyTuple[] = [
  ['org.apache.logging.log4j:log4j-core', '2.14.1', 'maven', 'Apache-2.0', 'DIRECT'],
  ['org.apache.logging.log4j:log4j-api', '2.14.1', 'maven', 'Apache-2.0', 'TRANSITIVE'],
  ['org.springframework:spring-core', '5.3.9', 'maven', 'Apache-2.0', 'DIRECT'],
  ['com.fasterxml.jackson.core:jackson-databind', '2.12.3', 'maven', 'Apache-2.0', 'DIRECT'],
  ['org.apache.commons:commons-lang3', '3.12.0', 'maven', 'Apache-2.0', 'DIRECT'],
  ['com.google.guava:guava', '30.1-jre', 'maven', 'Apache-2.0', 'DIRECT'],
  ['mysql:mysql-connector-java', '8.0.25', 'maven', 'GPL-2.0-only', 'DIRECT'],
  ['junit:junit', '4.13.2', 'maven', 'EPL-1.0', 'DIRECT']
]

const API_DEPENDENCIES: readonly DependencyTuple[] = [
  ['express', '4.18.2', 'npm', 'MIT', 'DIRECT'],
  ['axios', '0.21.1', 'npm', 'MIT', 'DIRECT'],
  ['jsonwebtoken', '8.5.1', 'npm', 'MIT', 'DIRECT'],
  ['pg', '8.11.3', 'npm', 'MIT', 'DIRECT'],
  ['zod', '3.22.4', 'npm', 'MIT', 'DIRECT'],
  ['helmet', '7.1.0', 'npm', 'MIT', 'DIRECT'],
  ['dotenv', '16.3.1', 'npm', 'BSD-2-Clause', 'DIRECT'],
  ['semver', '7.5.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['debug', '4.3.4', 'npm', 'MIT', 'TRANSITIVE'],
  ['ms', '2.1.2', 'npm', 'MIT', 'TRANSITIVE']
]

const PAYMENTS_DEPENDENCIES: readonly DependencyTuple[] = [
  ['golang.org/x/net', 'v0.7.0', 'gomod', 'BSD-3-Clause', 'DIRECT'],
  ['github.com/stripe/stripe-go/v76', 'v76.8.0', 'gomod', 'MIT', 'DIRECT'],
  ['github.com/google/uuid', 'v1.4.0', 'gomod', 'BSD-3-Clause', 'DIRECT'],
  ['go.uber.org/zap', 'v1.26.0', 'gomod', 'MIT', 'DIRECT'],
  ['github.com/jackc/pgx/v5', 'v5.5.0', 'gomod', 'MIT', 'DIRECT'],
  ['golang.org/x/crypto', 'v0.14.0', 'gomod', 'BSD-3-Clause', 'TRANSITIVE']
]

const MANIFESTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'acme/web': { npm: 'web/frontend/package-lock.json', pypi: 'requirements.txt' },
  'acme/web-legacy': { maven: 'pom.xml' },
  'acme/api': { npm: 'package-lock.json' },
  'acme/payments': { gomod: 'go.mod' }
}

function dependenciesOf(
  repository: string,
  tuples: readonly DependencyTuple[],
  firstId: number,
  now: Date
): DependencyRecord[] {
  const repositoryId = SAMPLE_PROJECT_IDS[repository] ?? 0
  return tuples.map(([name, version, ecosystem, license, transitivity], index) => {
    const path = MANIFESTS[repository]?.[ecosystem] ?? 'package-lock.json'
    const line = 12 + index * 17
    return {
      id: String(firstId + index),
      repositoryId,
      name,
      version,
      ecosystem,
      licenses: [license],
      transitivity,
      definedAt: {
        path,
        startLine: line,
        endLine: line,
        url: `${githubUrl(repository)}/blob/${stableHex(`commit:${repository}:main`, 40)}/${path}#L${line}`,
        committedAt: daysBefore(now, 3)
      }
    }
  })
}

function sampleDependencies(now: Date): DependencyRecord[] {
  return [
    ...dependenciesOf('acme/web', WEB_DEPENDENCIES, 600_001, now),
    ...dependenciesOf('acme/web-legacy', LEGACY_DEPENDENCIES, 610_001, now),
    ...dependenciesOf('acme/api', API_DEPENDENCIES, 620_001, now),
    ...dependenciesOf('acme/payments', PAYMENTS_DEPENDENCIES, 630_001, now)
  ]
}

// ---------------------------------------------------------------------------------------------
// State builders
// ---------------------------------------------------------------------------------------------

export const SEED_NUMBER = 0x5e9e7

function emptyState(policies: PolicyRecord[]): EmulatorState {
  return {
    deployment: { ...DEPLOYMENT },
    projects: [],
    policies,
    sastFindings: [],
    scaFindings: [],
    dependencies: [],
    tickets: [],
    sbomTasks: new Map(),
    sbomFailRepositories: new Set(),
    tagPathStyle: 'both',
    sbomPollsUntilDone: 1,
    nextTicketNumber: 1,
    scans: [],
    secrets: { findings: [], withoutProduct: new Set() }
  }
}

/** An empty deployment: no projects, findings or dependencies, but the policies exist. */
export function buildEmptyState(now: Date): EmulatorState {
  return emptyState(samplePolicies(now))
}

export function buildSampleState(now: Date): EmulatorState {
  const random = createRandom(SEED_NUMBER)
  const state = emptyState(samplePolicies(now))
  state.projects = sampleProjects(now, random)
  const webMainSast = WEB_MAIN_SAST.map(spec => sastFromSpec(spec, now))
  const webMainSca = WEB_MAIN_SCA.map(spec => scaFromSpec(spec, now))
  state.sastFindings = [
    ...webMainSast,
    ...webMainSast.map(finding => prCopy(finding, now)),
    sastFromSpec(WEB_PR_SAST_NEW, now),
    ...OTHER_SAST.map(spec => sastFromSpec(spec, now))
  ]
  state.scaFindings = [
    ...webMainSca,
    ...webMainSca.map(finding => prCopy(finding, now)),
    scaFromSpec(WEB_PR_SCA_MALICIOUS, now),
    ...OTHER_SCA.map(spec => scaFromSpec(spec, now))
  ]
  state.dependencies = sampleDependencies(now)
  return state
}

// ---------------------------------------------------------------------------------------------
// Bulk findings (benchmarks)
// ---------------------------------------------------------------------------------------------

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
