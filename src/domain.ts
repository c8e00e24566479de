/**
 * The domain model. The API client normalises the wire format into these types once, at the
 * boundary; the gate, the actions and the reporters read only these.
 */

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

/** Policy modes in increasing strictness; `disabled` never blocks. */
export const POLICY_MODES = ['disabled', 'monitor', 'comment', 'block'] as const
export type PolicyMode = (typeof POLICY_MODES)[number]
/** The modes a threshold can name and the findings endpoint can filter on. */
export type RuleBoardMode = Exclude<PolicyMode, 'disabled'>
/**
 * A finding's mode as the reports show it. SAST: the mode of the mode list it is in, `below-X`
 * when it is in none of the lists of the modes at or above the threshold X (it does not block by
 * mode; which lower mode it has was not asked), `not-fetched` when no threshold asked for modes.
 * Secrets: the mode the platform gave, `unknown` when it gave none.
 */
export type FindingMode = PolicyMode | 'unknown' | 'not-fetched' | `below-${RuleBoardMode}`

export const EXPOSURES = [
  'reachable',
  'always_reachable',
  'conditionally_reachable',
  'unreachable',
  'unknown'
] as const
export type Exposure = (typeof EXPOSURES)[number]

/** How an SCA finding's dependency entered the project; `unknown` when the server did not say. */
export const TRANSITIVITIES = ['direct', 'transitive', 'unknown'] as const
export type Transitivity = (typeof TRANSITIVITIES)[number]

/** Code, Supply Chain, Secrets and AI-powered detection findings. */
export const ISSUE_TYPES = ['sast', 'sca', 'secrets', 'ai_sast'] as const
export type IssueType = (typeof ISSUE_TYPES)[number]

/**
 * What users call each type: the product names. Every sentence, heading and column a person
 * reads names a type by these; the API names (`sast`, …) stay where something is typed or parsed
 * (inputs, outputs, the JSON report, SARIF properties). Here, not in one stage, so every stage's
 * messages can say them.
 */
export const PRODUCT_NAMES: Readonly<Record<IssueType, string>> = {
  sast: 'Code',
  sca: 'Supply Chain',
  secrets: 'Secrets',
  ai_sast: 'AI-powered detection'
}

/** `sast, sca` → `Code, Supply Chain`. */
export function productList(types: readonly IssueType[]): string {
  return types.map(type => PRODUCT_NAMES[type]).join(', ')
}

/** What the platform learned by trying a secret against its service; `unknown` when not told. */
export const VALIDATION_STATES = [
  'confirmed_valid',
  'confirmed_invalid',
  'validation_error',
  'no_validator',
  'unknown'
] as const
export type ValidationState = (typeof VALIDATION_STATES)[number]

/** Which validation states block whatever the severity (`fail-on-secrets`). */
export const SECRETS_THRESHOLDS = ['valid', 'valid-or-unverified', 'any', 'none'] as const
export type SecretsThreshold = (typeof SECRETS_THRESHOLDS)[number]

const VALIDATION_STATE_TEXT: Readonly<Record<ValidationState, string>> = {
  confirmed_valid: 'confirmed valid',
  confirmed_invalid: 'confirmed invalid',
  validation_error: 'validation error',
  no_validator: 'no validator',
  unknown: 'not validated'
}

export function validationStateText(state: ValidationState): string {
  return VALIDATION_STATE_TEXT[state]
}

export const FINDING_STATUSES = [
  'open',
  'fixed',
  'ignored',
  'reviewing',
  'fixing',
  'provisionally_ignored'
] as const
export type FindingStatus = (typeof FINDING_STATUSES)[number]

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity)
}

export function policyModeRank(mode: PolicyMode): number {
  return POLICY_MODES.indexOf(mode)
}

export interface Deployment {
  readonly id: string
  readonly slug: string
  readonly name: string
}

export interface Project {
  /** The repository id used by `repositoryId` filters and SBOM exports. */
  readonly id: number
  readonly name: string
  readonly tags: readonly string[]
  readonly url?: string
  readonly defaultBranch?: string
  readonly primaryBranch?: string
}

export interface Location {
  readonly path: string
  readonly line?: number
  readonly column?: number
  readonly endLine?: number
  readonly endColumn?: number
}

export interface ExternalTicket {
  readonly id?: string
  readonly url?: string
}

interface FindingBase {
  readonly id: number
  readonly ruleName: string
  readonly ruleMessage: string
  readonly severity: Severity
  readonly confidence?: string
  readonly status: string
  readonly ref: string
  readonly repository: string
  readonly location?: Location
  /** Link to the line in the code host (`line_of_code_url`). */
  readonly url?: string
  readonly matchBasedId?: string
  readonly syntacticId?: string
  /** Epoch milliseconds (a number: tens of thousands of findings each carry one). */
  readonly relevantSince?: number
  readonly externalTicket?: ExternalTicket
  readonly categories: readonly string[]
  readonly cwe: readonly string[]
  readonly owasp: readonly string[]
}

export interface SourcingPolicy {
  readonly id: string
  readonly name?: string
  readonly slug?: string
}

export interface SastFinding extends FindingBase {
  readonly type: 'sast'
  readonly sourcingPolicy?: SourcingPolicy
}

/** An AI-powered detection finding: a Code finding of a model's, judged like one but for mode. */
export interface AiSastFinding extends FindingBase {
  readonly type: 'ai_sast'
  readonly sourcingPolicy?: SourcingPolicy
}

export interface ScaDependency {
  readonly package: string
  readonly version: string
  readonly ecosystem?: string
  /** As the decoders read it: a documented spelling; absent on the wire is `unknown`. */
  readonly transitivity?: Transitivity
}

/** FIRST.org's EPSS: the probability of exploitation, and its rank among all scores (0 to 1). */
export type EpssScore = { readonly score: number; readonly percentile?: number }

export interface ScaFinding extends FindingBase {
  readonly type: 'sca'
  readonly reachability: Exposure
  readonly malicious: boolean
  readonly vulnerabilityId?: string
  readonly dependency?: ScaDependency
  /**
   * The fixed versions the platform recommends (`package@version`, or `package (version not
   * given)` for a recommendation without one); empty: no fix known.
   */
  readonly fixVersions: readonly string[]
  readonly epss?: EpssScore // absent when the platform gave no score
}

/**
 * A secrets finding. Only allow-listed fields of the response reach it (never the matched text),
 * so whatever a reporter prints of it cannot leak the credential.
 */
export interface SecretsFinding extends FindingBase {
  readonly type: 'secrets'
  /** The service the secret is for (`AWS`, `GitHub`, `OpenAI`, ...). */
  readonly secretType: string
  readonly validationState: ValidationState
  /** The policy mode the platform gave the finding itself. */
  readonly mode: PolicyMode | 'unknown'
}

export type Finding = SastFinding | ScaFinding | SecretsFinding | AiSastFinding

export interface Dependency {
  readonly name: string
  readonly version: string
  /** As the platform lists them: SPDX ids or expressions; several apply together (AND). */
  readonly licenses: readonly string[]
  readonly ecosystem?: string
  readonly repositoryId?: string
}

export interface TicketOutcome {
  readonly succeeded: readonly {
    readonly issueIds: readonly number[]
    readonly ticketId?: number
    readonly url?: string
    readonly externalSlug?: string
  }[]
  readonly failed: readonly { readonly issueIds: readonly number[]; readonly error: string }[]
  readonly skipped: readonly { readonly issueIds: readonly number[]; readonly reason: string }[]
}

/** CycloneDX 1.5+ `metadata.component.type` values. */
export const SBOM_COMPONENT_TYPES = [
  'application',
  'framework',
  'library',
  'container',
  'platform',
  'operating_system',
  'device',
  'device_driver',
  'firmware',
  'file',
  'machine_learning_model',
  'data'
] as const
export type SbomComponentType = (typeof SBOM_COMPONENT_TYPES)[number]

export const SBOM_STATUSES = ['in_progress', 'completed', 'failed'] as const
export type SbomStatus = (typeof SBOM_STATUSES)[number]

export interface SbomExport {
  readonly status: SbomStatus
  readonly downloadUrl?: string
  readonly errorMessage?: string
}

/** What the scanner recorded for one run; `unknown` for a status this client does not know. */
export const SCAN_STATUSES = [
  'pending',
  'running',
  'completed',
  'error',
  'cancelled',
  'never_finished',
  'unknown'
] as const
export type ScanStatus = (typeof SCAN_STATUSES)[number]

export interface Scan {
  readonly id: string
  readonly repositoryId: string
  /** The ref as the CI that ran the scan spelled it: `refs/heads/main`, or a bare `main`. */
  readonly branch: string
  readonly commit: string
  readonly status: ScanStatus
  /** The status as the server spelled it, for messages. */
  readonly statusText: string
  readonly fullScan?: boolean
  /** Epoch milliseconds. */
  readonly startedAt?: number
  readonly completedAt?: number
  /** What the scan ran (`sast`, `sca`, `secrets`); absent when the server did not say. */
  readonly enabledProducts?: readonly string[]
  /** How many findings of each type the scan found; absent when the server did not say. */
  readonly findingsCounts?: ScanFindingsCounts
}

/** Findings a scan found, by type (Code, Supply Chain, Secrets on the wire). */
export type ScanFindingsCounts = Readonly<Partial<Record<IssueType, number>>>

/** What opening tickets did, per group of findings. */
export interface TicketsOutcome {
  readonly created: readonly {
    readonly findingIds: readonly number[]
    readonly url?: string
    readonly key?: string
  }[]
  readonly failed: readonly { readonly findingIds: readonly number[]; readonly error: string }[]
  readonly skipped: readonly { readonly findingIds: readonly number[]; readonly reason: string }[]
  /** Findings left out because they already have a ticket. */
  readonly alreadyTicketed: number
}

export interface TagsOutcome {
  readonly project: string
  readonly added: readonly string[]
  /** The project's tags after the change. */
  readonly tags: readonly string[]
}

/** One project's export: how far it got, where it was written, or why it stopped. */
export interface SbomExportOutcome {
  readonly project: string
  readonly taskToken?: string
  readonly status: SbomStatus | 'timed_out' | 'started' | 'error'
  readonly file?: string
  readonly error?: string
}

export interface SbomOutcome {
  /** `deployment`: every project of the deployment (or of this job's shard). */
  readonly scope: 'repository' | 'deployment'
  readonly exports: readonly SbomExportOutcome[]
}

/** What the side effects did; each is absent when it was not asked for or could not start. */
export interface EffectOutcomes {
  readonly tickets?: TicketsOutcome
  readonly tags?: TagsOutcome
  readonly sbom?: SbomOutcome
}

// The gate's verdict, its own module: every stage reads it through this one.
export * from './verdict.js'
