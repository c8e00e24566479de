/**
 * The emulator's internal records: one neutral, camelCase form that `wire.ts` renders into the two
 * wire shapes, and the state an emulator serves (see sample.ts for how it is filled).
 */
import type { JsonObject } from '../wire.js'

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
export type ProjectPathStyle = 'raw' | 'encoded' | 'both'
export type PoliciesV1 = 'served' | 'not-found' | 'gone'
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

export interface FindingCoreRecord {
  id: number
  ref: string
  repository: RepositoryRecord
  /** The project id of `repository`; what `repository_ids` filters on. */
  repositoryId: number
  firstSeenScanId: number
  /**
   * The scan that found it: listed only while that scan is its branch's newest completed scan of
   * the finding's product (api/scan-findings.ts). Absent: always listed (the sample data).
   */
  scanId?: number
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

/** An AI-powered detection finding: a Code finding's fields and the model's `ai_impact`. */
export interface AiSastFindingRecord extends Omit<SastFindingRecord, 'type'> {
  type: 'ai_sast'
  aiImpact: string | null
}

export type FindingRecord = SastFindingRecord | ScaFindingRecord | AiSastFindingRecord

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

export const SCAN_STATUSES = [
  'SCAN_STATUS_RUNNING',
  'SCAN_STATUS_COMPLETED',
  'SCAN_STATUS_PENDING',
  'SCAN_STATUS_CANCELLED',
  'SCAN_STATUS_ERROR',
  'SCAN_STATUS_NEVER_FINISHED'
] as const
export type ScanStatus = (typeof SCAN_STATUSES)[number]

export interface ScanRecord {
  id: number
  repositoryId: number
  branch: string
  commit: string
  /** The status once finished; while `runningUntil` is in the future the scan is RUNNING. */
  status: ScanStatus
  isFullScan: boolean
  startedAt: Date
  completedAt: Date | null
  exitCode: number | null
  /**
   * Server-clock epoch ms (the runner's clock plus clockOffsetMs) until which the scan is still
   * RUNNING; then it has `status`, completed at this time.
   */
  runningUntil?: number
  /**
   * `sast`, `sca`, `secrets`, `ai_sast` (also spelled `code`, `supply_chain`, `PRODUCT_SAST`,
   * `PRODUCT_AI_SAST`, ...).
   */
  enabledProducts: string[]
  /**
   * Made with the findings it found (addScanWithFindings): findings_counts counts the findings
   * naming it, zero when none do, instead of its branch's.
   */
  ownFindings?: boolean
}

export const VALIDATION_STATES = [
  'VALIDATION_STATE_CONFIRMED_VALID',
  'VALIDATION_STATE_CONFIRMED_INVALID',
  'VALIDATION_STATE_VALIDATION_ERROR',
  'VALIDATION_STATE_NO_VALIDATOR'
] as const
export type ValidationState = (typeof VALIDATION_STATES)[number]

export const SECRETS_STATUSES = [
  'FINDING_STATUS_OPEN',
  'FINDING_STATUS_IGNORED',
  'FINDING_STATUS_FIXED',
  'FINDING_STATUS_REMOVED',
  'FINDING_STATUS_UNKNOWN',
  'FINDING_STATUS_PROVISIONALLY_IGNORED'
] as const
export type SecretsStatus = (typeof SECRETS_STATUSES)[number]

export interface SecretRecord {
  id: number
  repository: string
  ref: string
  /** The service the secret is for (AWS, GitHub, OpenAI, ...). */
  type: string
  severity: Severity
  status: SecretsStatus
  /** Null: the platform has not validated it (the field is then absent from the answer). */
  validationState: ValidationState | null
  mode: PolicyMode
  path: string
  line: number
  commit: string
  createdAt: Date
  externalTicket: ExternalTicketRecord | null
  /** The scan that found it; listed as SAST and SCA findings naming a scan are (FindingCoreRecord). */
  scanId?: number
  /**
   * Fields added to the rendered finding as they are (tests: what a future answer might carry,
   * such as the matched text, which the client must never print).
   */
  extra?: JsonObject
}

export interface SecretsState {
  findings: SecretRecord[]
  /** Repositories (lower-case names) whose project lacks the Secrets product: they answer 403. */
  withoutProduct: Set<string>
}

export interface EmulatorState {
  deployment: DeploymentRecord
  projects: ProjectRecord[]
  policies: PolicyRecord[]
  sastFindings: SastFindingRecord[]
  scaFindings: ScaFindingRecord[]
  /** AI-powered detection findings (`issue_type=ai_sast`); none in the sample until a test adds them. */
  aiSastFindings: AiSastFindingRecord[]
  dependencies: DependencyRecord[]
  tickets: TicketRecord[]
  sbomTasks: Map<string, SbomTaskRecord>
  /** Repository ids (number or numeric string) whose SBOM exports end FAILED. */
  sbomFailRepositories: Set<number | string>
  /**
   * Which spelling of a slash in a projectName path (the project and tags routes) is accepted; the
   * other answers 404.
   */
  projectPathStyle: ProjectPathStyle
  /**
   * How findings spell their branch: as recorded (default), or `bare-branch`, as the live service
   * answers some projects (`"ref": "main"` for findings of `refs/heads/main`).
   */
  findingRefs?: 'as-recorded' | 'bare-branch'
  /**
   * The deprecated v1 policies endpoints: served (default), retired (`not-found`: 404), or `gone`
   * (410 DEPLOYMENT_MIGRATED, what they answer once a deployment moved to Unified Policies).
   */
  policiesV1?: PoliciesV1
  /** Default for new SBOM tasks: GETs answered IN_PROGRESS before the task settles. */
  sbomPollsUntilDone: number
  /** How long a new SBOM export takes to generate, in ms (see api/sbom.ts); default 0. */
  sbomExportMs?: number
  /** The number of the next ticket (`SEC-<n>`, ticket_id n). */
  nextTicketNumber: number
  /** What the scanner recorded per run; see api/scans.ts. */
  scans: ScanRecord[]
  /** Secrets findings and the repositories without the product; see api/secrets.ts. */
  secrets: SecretsState
}

export const DEPLOYMENT: Readonly<DeploymentRecord> = {
  id: '4242',
  slug: 'acme-corp',
  name: 'Acme Corp'
}
export const TRACKER_URL = 'https://tracker.example.test/browse'
