/**
 * A local emulator of the findings API: a real HTTP(S) server on 127.0.0.1 with the sample
 * deployment, strict request validation, both wire shapes, injectable faults and a separate
 * "object storage" server for signed SBOM download URLs.
 *
 * It is an independent implementation of the API description (plus what the live service is
 * known to do differently); it deliberately shares no code with the action in src/.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import {
  TRACKER_URL,
  type Confidence,
  type DependencyRecord,
  type EmulatorState,
  type FindingStatus,
  type FindingTransitivity,
  type PolicyMode,
  type ProjectRecord,
  type Reachability,
  type SastFindingRecord,
  type SbomTaskRecord,
  type ScaFindingRecord,
  type Severity,
  type TriageReason
} from './data/records.js'
import { buildState } from './data/sample.js'
import {
  renderDependency,
  renderFindingsPage,
  renderPolicy,
  renderPolicyRule,
  renderProject,
  type IssueType,
  type JsonObject,
  type JsonValue,
  type WireShape
} from './wire.js'
import { ScanSearchError, searchScans } from './scans.js'
import { createSecretsTickets, listSecrets } from './secrets.js'
import { sbomReadyAt, sbomTaskInProgress } from './sbom-scale.js'

export type { WireShape } from './wire.js'
export { buildState } from './data/sample.js'
export { headScan, sampleCommit } from './data/sample-scans.js'
export { PR_REF } from './data/sample-findings.js'
export type { EmulatorState, ScanRecord, SecretRecord } from './data/records.js'
export {
  dependency,
  policyRule,
  project,
  sastFinding,
  scaFinding,
  scan,
  secretFinding
} from './data/factories.js'

export interface EmulatorOptions {
  token?: string
  shape?: WireShape
  /** Added to every API response (benchmarks). */
  latencyMs?: number
  port?: number
  tls?: { key: string | Buffer; cert: string | Buffer }
  seed?: 'sample' | 'empty'
  /** Extra generated open findings in one repository and ref. */
  bulk?: { repository: string; ref: string; sast: number; sca: number }
  /** GETs of an export answered IN_PROGRESS before it settles; default 1. */
  sbomPollsUntilDone?: number
  /** An export answers IN_PROGRESS until this long after it was created (and its polls are used). */
  sbomExportMs?: number
  /** Serve exactly this many projects: the sample's (254), then generated ones (sbom-scale.ts). */
  projects?: number
  /** Base for relative timestamps; default new Date(). */
  now?: Date
  /**
   * The head scan of acme/web on refs/heads/main stays RUNNING this long after start, then
   * COMPLETED (a managed scan the gate has to wait for).
   */
  scanRunningMs?: number
  /**
   * Findings pages hold at most this many items whatever page_size asks for, and `page` counts
   * pages of this size: a server that caps page_size silently below what was asked.
   */
  findingsPageSizeCap?: number
  /**
   * Each findings page is rendered once, at its first request, and its bytes served as they are
   * after that (benchmarks: the clients wait on the network, not on page generation). Later
   * changes to the state do not show in a page already served.
   */
  precomputedFindingsPages?: boolean
}

export interface LoggedRequest {
  method: string
  /** Decoded pathname. */
  path: string
  /** Pathname exactly as received (keeps `%2F`). */
  rawPath: string
  query: Record<string, string[]>
  headers: Record<string, string | undefined>
  /** Parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: unknown
  /** 0 while unanswered, and for requests whose socket was reset. */
  status: number
  /** Wall-clock ms when the request was read (tests of ordering across servers). */
  receivedAt?: number
}

export type FaultKind =
  'status' | 'reset' | 'delay' | 'malformed' | 'html' | 'json' | 'reset-after-processing'

export interface Fault {
  method?: string
  /** String: exact decoded pathname. RegExp: tested against it. */
  path?: string | RegExp
  /** Query parameters the request must carry, each with exactly this value (e.g. `{page: '3'}`). */
  query?: Readonly<Record<string, string>>
  /** Matching requests affected; default 1; Infinity allowed. */
  times?: number
  kind: FaultKind
  /** For status/html; default 500. */
  status?: number
  headers?: Record<string, string>
  /** For status (JSON error body) and json (a 200 with exactly this body). */
  body?: unknown
  /** For delay: wait this long, then answer normally. */
  ms?: number
  /** Which server the fault applies to; default 'api'. */
  server?: 'api' | 'download'
}

export interface Emulator {
  readonly url: string
  readonly downloadUrl: string
  readonly token: string
  readonly state: EmulatorState
  readonly requests: LoggedRequest[]
  readonly downloads: LoggedRequest[]
  readonly shape: WireShape
  setShape(shape: WireShape): void
  addFault(fault: Fault): void
  clearFaults(): void
  close(): Promise<void>
}

export const DEFAULT_TOKEN = 'fg-emulator-token'
export const NOT_FOUND_MESSAGE =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.'
const METHOD_NOT_ALLOWED_MESSAGE = 'The method is not allowed for the requested URL.'
const MAX_BODY_BYTES = 5 * 1024 * 1024

// ---------------------------------------------------------------------------------------------
// Responses and errors
// ---------------------------------------------------------------------------------------------

interface ApiResponse {
  status: number
  body: JsonValue | JsonObject
  headers?: Record<string, string>
}

/** Thrown by validators and lookups; the dispatcher turns it into a JSON error response. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

function ok(body: JsonObject): ApiResponse {
  return { status: 200, body }
}

function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message)
}

function badParam(name: string, detail: string): ApiError {
  return new ApiError(400, `Invalid value for '${name}': ${detail}`)
}

// ---------------------------------------------------------------------------------------------
// Request context
// ---------------------------------------------------------------------------------------------

interface RequestContext {
  method: string
  rawPath: string
  path: string
  /** Raw (still percent-encoded) path segments without the leading empty one. */
  segments: string[]
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  body: unknown
  /** False when a body was sent but is not valid JSON. */
  bodyIsJson: boolean
}

interface Environment {
  state: EmulatorState
  token: string
  apiUrl: string
  downloadUrl: string
  shape: () => WireShape
  /** The data's "now" (the `now` option), which the scans search window counts back from. */
  dataNow: Date
  findingsPageSizeCap?: number
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function jsonBody(ctx: RequestContext): unknown {
  if (!ctx.bodyIsJson) throw new ApiError(400, 'Request body is not valid JSON')
  return ctx.body
}

function objectBody(ctx: RequestContext): Record<string, unknown> {
  const body = jsonBody(ctx)
  if (body === undefined) return {}
  if (!isRecord(body)) throw new ApiError(400, 'Request body must be a JSON object')
  return body
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function oneOf<T extends string>(values: readonly T[], candidate: string): candidate is T {
  return (values as readonly string[]).includes(candidate)
}

// ---------------------------------------------------------------------------------------------
// Parameter readers: one filter parser serves query strings (findings) and JSON bodies (tickets)
// ---------------------------------------------------------------------------------------------

interface ParamReader {
  scalar(name: string): string | undefined
  list(name: string): string[] | undefined
}

function splitList(values: readonly string[]): string[] {
  return values
    .flatMap(value => value.split(','))
    .map(value => value.trim())
    .filter(value => value !== '')
}

/** Lists arrive as repeated keys (`repos=a&repos=b`) or comma-joined (`repos=a,b`). */
function queryReader(query: URLSearchParams): ParamReader {
  return {
    scalar: name => query.get(name) ?? undefined,
    list: name => {
      const values = query.getAll(name)
      return values.length === 0 ? undefined : splitList(values)
    }
  }
}

function bodyReader(body: Record<string, unknown>): ParamReader {
  const scalarOf = (name: string, value: unknown): string => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return String(value)
    throw badParam(name, 'expected a string, number or boolean')
  }
  return {
    scalar: name => {
      const value = body[name]
      return value === undefined || value === null ? undefined : scalarOf(name, value)
    },
    list: name => {
      const value = body[name]
      if (value === undefined || value === null) return undefined
      if (typeof value === 'string') return splitList([value])
      if (!Array.isArray(value)) throw badParam(name, 'expected an array')
      return value.map(item => scalarOf(name, item))
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Finding filters
// ---------------------------------------------------------------------------------------------

const ISSUE_TYPES: readonly IssueType[] = ['sast', 'sca', 'ai_sast']
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

interface FindingFilters {
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

function enumScalar<T extends string>(
  reader: ParamReader,
  name: string,
  values: readonly T[]
): T | undefined {
  const value = reader.scalar(name)
  if (value === undefined) return undefined
  if (!oneOf(values, value)) throw badParam(name, `expected one of ${values.join(', ')}`)
  return value
}

function enumList<T extends string>(
  reader: ParamReader,
  name: string,
  values: readonly T[]
): Set<T> | undefined {
  const list = reader.list(name)
  if (list === undefined) return undefined
  const invalid = list.find(value => !oneOf(values, value))
  if (invalid !== undefined) throw badParam(name, `'${invalid}' is not one of ${values.join(', ')}`)
  return new Set(list.filter((value): value is T => oneOf(values, value)))
}

function booleanParam(reader: ParamReader, name: string): boolean | undefined {
  const value = reader.scalar(name)
  if (value === undefined) return undefined
  if (value === 'true' || value === 'false') return value === 'true'
  throw badParam(name, 'expected true or false')
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

function parseFilters(reader: ParamReader): FindingFilters {
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

function hasAnyFilter(filters: FindingFilters): boolean {
  return Object.values(filters).some(value => value !== undefined)
}

type FindingRecord = SastFindingRecord | ScaFindingRecord
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

function sastPredicates(filters: FindingFilters, state: EmulatorState): Predicate[] {
  const predicates: Predicate[] = []
  const { policyModes, rules, categories, confidence } = filters
  if (policyModes !== undefined) {
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

/** SAST-only filters are ignored for SCA and vice versa, as the description scopes them. */
function findingMatcher(
  filters: FindingFilters,
  issueType: IssueType,
  state: EmulatorState
): Predicate {
  const predicates = [
    ...commonPredicates(filters),
    ...(issueType === 'sca' ? scaPredicates(filters) : sastPredicates(filters, state))
  ]
  return finding => predicates.every(predicate => predicate(finding))
}

function findingPool(
  state: EmulatorState,
  issueType: IssueType | 'secrets'
): readonly FindingRecord[] {
  if (issueType === 'sast') return state.sastFindings
  if (issueType === 'sca') return state.scaFindings
  return []
}

/** relevant_since descending, then id descending: a total order, so pages never overlap. */
function byRelevanceDesc(a: FindingRecord, b: FindingRecord): number {
  return b.relevantSince.getTime() - a.relevantSince.getTime() || b.id - a.id
}

function dedupeAcrossRefs(findings: readonly FindingRecord[]): FindingRecord[] {
  const seen = new Set<string>()
  return findings.filter(finding => {
    const key = `${finding.repository.name.toLowerCase()}\u0000${finding.matchBasedId}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

function integerParam(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number
): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw badParam(name, 'expected a non-negative integer')
  const number = Number(value)
  if (number < min || number > max)
    throw badParam(name, `expected an integer between ${min} and ${max}`)
  return number
}

function listDeployments(env: Environment): ApiResponse {
  const { deployment } = env.state
  return ok({
    deployments: [
      {
        id: Number(deployment.id),
        name: deployment.name,
        slug: deployment.slug,
        findings: { url: `${env.apiUrl}/api/v1/deployments/${deployment.slug}/findings` }
      }
    ]
  })
}

function listFindings(ctx: RequestContext, env: Environment): ApiResponse {
  const reader = queryReader(ctx.query)
  const issueType = enumScalar(reader, 'issue_type', ISSUE_TYPES) ?? 'sast'
  const page = integerParam(reader.scalar('page'), 'page', 0, 0, Number.MAX_SAFE_INTEGER)
  const asked = integerParam(reader.scalar('page_size'), 'page_size', 100, 100, 3000)
  const pageSize = Math.min(asked, env.findingsPageSizeCap ?? asked)
  const dedup = booleanParam(reader, 'dedup') ?? false
  const filters = parseFilters(reader)
  const matches = findingPool(env.state, issueType).filter(
    findingMatcher(filters, issueType, env.state)
  )
  matches.sort(byRelevanceDesc)
  const ordered = dedup ? dedupeAcrossRefs(matches) : matches
  const pageItems = ordered.slice(page * pageSize, (page + 1) * pageSize)
  const shown =
    env.state.findingRefs === 'bare-branch' ? pageItems.map(withBareBranchRef) : pageItems
  return ok(renderFindingsPage(issueType, shown, env.shape()))
}

function withBareBranchRef<T extends FindingRecord>(finding: T): T {
  return { ...finding, ref: finding.ref.replace(/^refs\/heads\//, '') }
}

function listProjects(ctx: RequestContext, env: Environment): ApiResponse {
  const page = integerParam(
    ctx.query.get('page') ?? undefined,
    'page',
    0,
    0,
    Number.MAX_SAFE_INTEGER
  )
  const pageSize = integerParam(ctx.query.get('page_size') ?? undefined, 'page_size', 100, 1, 3000)
  const projects = env.state.projects.slice(page * pageSize, (page + 1) * pageSize)
  return ok({ projects: projects.map(project => renderProject(project, env.shape(), false)) })
}

function findProject(state: EmulatorState, name: string): ProjectRecord | undefined {
  const lower = name.toLowerCase()
  return state.projects.find(project => project.name.toLowerCase() === lower)
}

/**
 * The projectName may arrive with raw slashes (several segments) or as one `%2F`-encoded
 * segment. `state.tagPathStyle` can make the service accept only one of the two spellings.
 */
function tagPathAccepted(state: EmulatorState, nameSegments: readonly string[]): boolean {
  const style =
    nameSegments.length > 1 ? 'raw' : /%2f/i.test(nameSegments[0] ?? '') ? 'encoded' : 'neutral'
  return state.tagPathStyle === 'both' || style === 'neutral' || style === state.tagPathStyle
}

function isTagList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(tag => typeof tag === 'string' && tag.trim() !== '')
}

/** Both body forms seen in the wild: a bare array, or the declared `{tags: [...]}` object. */
function parseTagsBody(body: unknown): string[] {
  const tags: unknown = isRecord(body) ? body.tags : body
  if (!isTagList(tags))
    throw new ApiError(400, 'Request body must be a JSON array of tag strings or {"tags": [...]}')
  return [...new Set(tags.map(tag => tag.trim()))]
}

/** Tags replace the project's tags: the pessimistic reading, so clients must send the union. */
function putProjectTags(
  ctx: RequestContext,
  env: Environment,
  nameSegments: readonly string[]
): ApiResponse {
  if (!tagPathAccepted(env.state, nameSegments)) throw notFound()
  const name = nameSegments.map(decodeSegment).join('/')
  const tags = parseTagsBody(jsonBody(ctx))
  const project = findProject(env.state, name)
  if (project === undefined) throw notFound(`Project '${name}' not found`)
  project.tags = tags
  return ok({ project: renderProject(project, env.shape(), true) })
}

// --- tickets ---------------------------------------------------------------------------------

const TICKET_ISSUE_TYPES = ['sast', 'sca', 'secrets'] as const
type TicketIssueType = (typeof TICKET_ISSUE_TYPES)[number]
const MAX_ISSUES_PER_TICKET = 50

interface TicketOutcome {
  succeeded: JsonObject[]
  failed: JsonObject[]
  skipped: JsonObject[]
}

function ticketIssueType(body: Record<string, unknown>): TicketIssueType {
  const value = body.issue_type
  if (typeof value !== 'string' || !oneOf(TICKET_ISSUE_TYPES, value)) {
    throw badParam('issue_type', `required; expected one of ${TICKET_ISSUE_TYPES.join(', ')}`)
  }
  return value
}

function ticketLimit(body: Record<string, unknown>): number {
  const value = body.limit
  if (value === undefined || value === null) return 20
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 20) {
    throw badParam('limit', 'expected an integer between 1 and 20')
  }
  return number
}

function ticketGroupIssues(body: Record<string, unknown>): boolean {
  const value = body.group_issues
  if (value === undefined || value === null) return true
  if (typeof value !== 'boolean') throw badParam('group_issues', 'expected a boolean')
  return value
}

function ticketTrackerProject(body: Record<string, unknown>): string | null {
  const value = body.tracker_project_id
  if (value === undefined || value === null) return null
  if (
    (typeof value === 'string' && /^\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isInteger(value))
  ) {
    return String(value)
  }
  throw badParam('tracker_project_id', 'expected a numeric id')
}

function ticketIssueIds(value: unknown): number[] {
  if (!Array.isArray(value)) throw badParam('issue_ids', 'expected an array of numeric ids')
  const ids = value.map(item => {
    if (typeof item === 'number' && Number.isSafeInteger(item) && item >= 0) return item
    if (typeof item === 'string' && /^\d+$/.test(item)) return Number(item)
    throw badParam('issue_ids', `'${String(item)}' is not a numeric id`)
  })
  return [...new Set(ids)]
}

interface TicketSelection {
  eligible: FindingRecord[]
  outcome: TicketOutcome
}

function selectByIds(ids: readonly number[], pool: readonly FindingRecord[]): TicketSelection {
  const byId = new Map(pool.map(finding => [finding.id, finding]))
  const selection: TicketSelection = {
    eligible: [],
    outcome: { succeeded: [], failed: [], skipped: [] }
  }
  for (const id of ids) {
    const finding = byId.get(id)
    if (finding === undefined)
      selection.outcome.failed.push({ error: 'Issue not found', issue_ids: [id] })
    else if (finding.externalTicket !== null) {
      selection.outcome.skipped.push({ reason: 'Issue already has a ticket', issue_ids: [id] })
    } else selection.eligible.push(finding)
  }
  return selection
}

/** With filters, already ticketed findings are left out silently (as the description says). */
function selectByFilters(
  body: Record<string, unknown>,
  issueType: TicketIssueType,
  env: Environment
): TicketSelection {
  const filters = parseFilters(bodyReader(body))
  if (!hasAnyFilter(filters))
    throw new ApiError(400, 'Either issue_ids or at least one issue filter is required')
  const matcherType: IssueType = issueType === 'sca' ? 'sca' : 'sast'
  const matches = findingPool(env.state, issueType).filter(
    findingMatcher(filters, matcherType, env.state)
  )
  return {
    eligible: matches.filter(finding => finding.externalTicket === null).sort(byRelevanceDesc),
    outcome: { succeeded: [], failed: [], skipped: [] }
  }
}

/** group_issues puts findings of one rule and repository in one ticket (at most 50 each). */
function groupForTickets(
  findings: readonly FindingRecord[],
  groupIssues: boolean
): FindingRecord[][] {
  if (!groupIssues) return findings.map(finding => [finding])
  const groups = new Map<string, FindingRecord[]>()
  for (const finding of findings) {
    const key = `${finding.ruleName}\u0000${finding.repository.name}`
    const group = groups.get(key) ?? []
    group.push(finding)
    groups.set(key, group)
  }
  return [...groups.values()].flatMap(group => chunk(group, MAX_ISSUES_PER_TICKET))
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size))
  return chunks
}

function createTicket(
  env: Environment,
  issueType: string,
  group: readonly FindingRecord[],
  trackerProjectId: string | null
): JsonObject {
  const state = env.state
  const number = state.nextTicketNumber
  state.nextTicketNumber += 1
  const externalSlug = `SEC-${number}`
  const url = `${TRACKER_URL}/${externalSlug}`
  const issueIds = group.map(finding => finding.id)
  state.tickets.push({ ticketId: number, externalSlug, url, issueType, issueIds, trackerProjectId })
  for (const finding of group) {
    finding.externalTicket = { externalSlug, id: number, url, linkedIssueIds: [...issueIds] }
  }
  return { external_slug: externalSlug, issue_ids: issueIds, ticket_id: number, ticket_url: url }
}

function createTickets(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const issueType = ticketIssueType(body)
  const limit = ticketLimit(body)
  const groupIssues = ticketGroupIssues(body)
  const trackerProjectId = ticketTrackerProject(body)
  if (issueType === 'secrets' && body.issue_ids !== undefined && body.issue_ids !== null) {
    const ids = ticketIssueIds(body.issue_ids)
    return ok(createSecretsTickets(env.state, ids, { limit, groupIssues, trackerProjectId }))
  }
  const selection =
    body.issue_ids === undefined || body.issue_ids === null
      ? selectByFilters(body, issueType, env)
      : selectByIds(ticketIssueIds(body.issue_ids), findingPool(env.state, issueType))
  const { outcome } = selection
  for (const group of groupForTickets(selection.eligible, groupIssues)) {
    if (outcome.succeeded.length < limit)
      outcome.succeeded.push(createTicket(env, issueType, group, trackerProjectId))
    else
      outcome.failed.push({
        error: 'Ticket limit exceeded',
        issue_ids: group.map(finding => finding.id)
      })
  }
  return ok({ succeeded: outcome.succeeded, failed: outcome.failed, skipped: outcome.skipped })
}

// --- dependencies ----------------------------------------------------------------------------

/** gRPC-gateway accepts both the JSON (camelCase) and the proto (snake_case) field names. */
function field(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake]
}

function cursorOffset(
  value: unknown,
  name: string,
  decode: (text: string) => number | undefined
): number {
  if (value === undefined || value === null || value === '') return 0
  const text = typeof value === 'number' ? String(value) : value
  const offset = typeof text === 'string' ? decode(text) : undefined
  if (offset === undefined) throw badParam(name, 'unknown cursor')
  return offset
}

function numericCursor(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : undefined
}

function dependencyPageSize(value: unknown): number {
  if (value === undefined || value === null) return 1000
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 10000) {
    throw badParam('pageSize', 'expected an integer between 1 and 10000')
  }
  return number
}

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined
  if (
    !Array.isArray(value) ||
    !value.every(item => typeof item === 'string' || typeof item === 'number')
  ) {
    throw badParam(name, 'expected an array of strings')
  }
  return value.map(String)
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw badParam(name, 'expected a string')
  return value
}

type DependencyPredicate = (dependency: DependencyRecord) => boolean

function compareVersions(a: string, b: string): number {
  const parts = (version: string): number[] =>
    version
      .replace(/^v/, '')
      .split(/[.-]/)
      .map(part => Number.parseInt(part, 10) || 0)
  const left = parts(a)
  const right = parts(b)
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

function packageFilterPredicate(filter: unknown): DependencyPredicate {
  if (!isRecord(filter)) throw badParam('packageFilters', 'expected objects')
  const name = optionalString(filter.name, 'packageFilters.name')?.toLowerCase()
  const exactName = field(filter, 'exactNameMatch', 'exact_name_match') === true
  const exactVersion = optionalString(
    field(filter, 'exactVersion', 'exact_version'),
    'packageFilters.exactVersion'
  )
  const lower = optionalString(
    field(filter, 'versionLowerBound', 'version_lower_bound'),
    'packageFilters.versionLowerBound'
  )
  const upper = optionalString(
    field(filter, 'versionUpperBound', 'version_upper_bound'),
    'packageFilters.versionUpperBound'
  )
  return dependency => {
    const dependencyName = dependency.name.toLowerCase()
    if (
      name !== undefined &&
      (exactName ? dependencyName !== name : !dependencyName.includes(name))
    )
      return false
    if (exactVersion !== undefined && dependency.version !== exactVersion) return false
    if (lower !== undefined && compareVersions(dependency.version, lower) < 0) return false
    return upper === undefined || compareVersions(dependency.version, upper) <= 0
  }
}

function repositoryIdFilter(value: unknown): Set<number> | undefined {
  if (value === undefined || value === null) return undefined
  const ok =
    Array.isArray(value) &&
    value.every(
      item =>
        (typeof item === 'number' && Number.isInteger(item)) ||
        (typeof item === 'string' && /^\d+$/.test(item))
    )
  if (!ok) throw badParam('dependencyFilter.repositoryId', 'expected an array of repository ids')
  return new Set(value.map(Number))
}

/** Filter fields combine with AND; list fields match any of their values. */
function dependencyPredicates(filterValue: unknown): DependencyPredicate[] {
  if (filterValue === undefined || filterValue === null) return []
  if (!isRecord(filterValue)) throw badParam('dependencyFilter', 'expected an object')
  const filter = filterValue
  const predicates: DependencyPredicate[] = []
  const licenses = stringArray(filter.license, 'dependencyFilter.license')?.map(license =>
    license.toLowerCase()
  )
  if (licenses !== undefined)
    predicates.push(d => d.licenses.some(license => licenses.includes(license.toLowerCase())))
  const repositoryIds = repositoryIdFilter(field(filter, 'repositoryId', 'repository_id'))
  if (repositoryIds !== undefined) predicates.push(d => repositoryIds.has(d.repositoryId))
  const ecosystems = stringArray(filter.ecosystem, 'dependencyFilter.ecosystem')
  if (ecosystems !== undefined) predicates.push(d => ecosystems.includes(d.ecosystem))
  const transitivities = stringArray(filter.transitivity, 'dependencyFilter.transitivity')
  if (transitivities !== undefined) predicates.push(d => transitivities.includes(d.transitivity))
  const name = optionalString(filter.name, 'dependencyFilter.name')?.toLowerCase()
  if (name !== undefined) predicates.push(d => d.name.toLowerCase().includes(name))
  const version = optionalString(filter.version, 'dependencyFilter.version')
  if (version !== undefined) predicates.push(d => d.version === version)
  const lockfilePath = optionalString(
    field(filter, 'lockfilePath', 'lockfile_path'),
    'dependencyFilter.lockfilePath'
  )
  if (lockfilePath !== undefined) predicates.push(d => d.definedAt.path === lockfilePath)
  const packageFilters = field(filter, 'packageFilters', 'package_filters')
  if (packageFilters !== undefined && packageFilters !== null) {
    if (!Array.isArray(packageFilters))
      throw badParam('dependencyFilter.packageFilters', 'expected an array')
    const anyOf = packageFilters.map(packageFilterPredicate)
    if (anyOf.length > 0) predicates.push(d => anyOf.some(predicate => predicate(d)))
  }
  return predicates
}

function listDependencies(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const pageSize = dependencyPageSize(field(body, 'pageSize', 'page_size'))
  const offset = cursorOffset(body.cursor, 'cursor', numericCursor)
  const predicates = dependencyPredicates(field(body, 'dependencyFilter', 'dependency_filter'))
  const matches = env.state.dependencies.filter(d => predicates.every(predicate => predicate(d)))
  const end = Math.min(offset + pageSize, matches.length)
  const page = matches.slice(offset, end)
  return ok({
    dependencies: page.map(d => renderDependency(d, env.shape())),
    cursor: String(end),
    hasMore: end < matches.length
  })
}

// --- policies --------------------------------------------------------------------------------

function encodeRuleCursor(offset: number): string {
  return Buffer.from(`rules:${offset}`).toString('base64url')
}

function decodeRuleCursor(text: string): number | undefined {
  const match = /^rules:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function listPolicies(env: Environment): ApiResponse {
  return ok({ policies: env.state.policies.map(renderPolicy) })
}

/** Cursor pages of a policy's rules; the last page answers an empty cursor. */
function listPolicyRules(ctx: RequestContext, env: Environment, policyId: string): ApiResponse {
  const policy = env.state.policies.find(candidate => candidate.id === policyId)
  if (policy === undefined) throw notFound(`Policy ${policyId} not found`)
  // A zero limit is an unset uint32 in proto3, so it means the default.
  const limit = integerParam(ctx.query.get('limit') ?? undefined, 'limit', 500, 0, 2000) || 500
  const offset = cursorOffset(ctx.query.get('cursor') ?? undefined, 'cursor', decodeRuleCursor)
  const end = Math.min(offset + limit, policy.rules.length)
  return ok({
    cursor: end < policy.rules.length ? encodeRuleCursor(end) : '',
    policy: renderPolicy(policy),
    rules: policy.rules.slice(offset, end).map(renderPolicyRule)
  })
}

// --- SBOM ------------------------------------------------------------------------------------

const SBOM_OUTPUT_FORMATS = ['SBOM_OUTPUT_FORMAT_JSON', 'SBOM_OUTPUT_FORMAT_CYCLONEDX'] as const
const COMPONENT_TYPE_PREFIX = 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_'
const COMPONENT_TYPES = [
  'APPLICATION',
  'FRAMEWORK',
  'LIBRARY',
  'CONTAINER',
  'PLATFORM',
  'OPERATING_SYSTEM',
  'DEVICE',
  'DEVICE_DRIVER',
  'FIRMWARE',
  'FILE',
  'MACHINE_LEARNING_MODEL',
  'DATA'
].map(type => `${COMPONENT_TYPE_PREFIX}${type}`)

function enumField(
  value: unknown,
  name: string,
  values: readonly string[],
  fallback: string
): string {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string' || !values.includes(value))
    throw badParam(name, `expected one of ${values.join(', ')}`)
  return value
}

function sbomRepositoryId(value: unknown): number {
  const valid =
    (typeof value === 'string' && /^\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isInteger(value))
  if (!valid) throw badParam('repositoryId', 'required; expected a numeric repository id')
  return Number(value)
}

function createSbomExport(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const repositoryId = sbomRepositoryId(field(body, 'repositoryId', 'repository_id'))
  const outputFormat = enumField(
    field(body, 'sbomOutputFormat', 'sbom_output_format'),
    'sbomOutputFormat',
    SBOM_OUTPUT_FORMATS,
    SBOM_OUTPUT_FORMATS[0]
  )
  const componentType = enumField(
    field(body, 'metadataComponentType', 'metadata_component_type'),
    'metadataComponentType',
    COMPONENT_TYPES,
    `${COMPONENT_TYPE_PREFIX}APPLICATION`
  )
  const formatVersion = field(body, 'formatVersion', 'format_version')
  if (formatVersion !== undefined && formatVersion !== null && !isRecord(formatVersion)) {
    throw badParam('formatVersion', 'expected an object')
  }
  const ref = optionalString(body.ref, 'ref')
  const project = env.state.projects.find(candidate => candidate.id === repositoryId)
  if (project === undefined) throw notFound(`Repository ${repositoryId} not found`)
  const task: SbomTaskRecord = {
    taskToken: randomUUID(),
    repositoryId,
    repositoryName: project.name,
    ref: ref ?? project.primaryBranch,
    outputFormat,
    componentType,
    supplier: field(body, 'metadataSupplier', 'metadata_supplier') ?? null,
    pollsUntilDone: env.state.sbomPollsUntilDone,
    polls: 0,
    readyAt: sbomReadyAt(env.state),
    outcome: null
  }
  env.state.sbomTasks.set(task.taskToken, task)
  return ok({ taskToken: task.taskToken })
}

/** Settles a task once its in-progress polls are used up; a settled task never changes. */
function settleSbomTask(
  task: SbomTaskRecord,
  state: EmulatorState
): NonNullable<SbomTaskRecord['outcome']> {
  if (task.outcome !== null) return task.outcome
  const fails =
    state.sbomFailRepositories.has(task.repositoryId) ||
    state.sbomFailRepositories.has(String(task.repositoryId))
  task.outcome = fails
    ? {
        status: 'SBOM_EXPORT_STATUS_FAILED',
        errorMessage: `Failed to export SBOM for ${task.repositoryName} at ${task.ref}: no completed full scan with dependency data was found`
      }
    : { status: 'SBOM_EXPORT_STATUS_COMPLETED', signature: randomBytes(32).toString('hex') }
  return task.outcome
}

function getSbomExport(env: Environment, taskToken: string): ApiResponse {
  const task = env.state.sbomTasks.get(taskToken)
  if (task === undefined) throw notFound(`Export task ${taskToken} not found`)
  task.polls += 1
  if (sbomTaskInProgress(task)) return ok({ status: 'SBOM_EXPORT_STATUS_IN_PROGRESS' })
  const outcome = settleSbomTask(task, env.state)
  if (outcome.status === 'SBOM_EXPORT_STATUS_FAILED')
    return ok({ status: outcome.status, errorMessage: outcome.errorMessage })
  return ok({
    status: outcome.status,
    downloadUrl: `${env.downloadUrl}/sbom/${task.taskToken}.json?X-Amz-Signature=${outcome.signature}`
  })
}

// ---------------------------------------------------------------------------------------------
// Routing
// ---------------------------------------------------------------------------------------------

function scansSearch(ctx: RequestContext, env: Environment): ApiResponse {
  try {
    const clock = { nowMs: Date.now(), windowEndMs: env.dataNow.getTime() }
    return ok(searchScans(env.state, objectBody(ctx), clock, env.shape()))
  } catch (error) {
    if (error instanceof ScanSearchError) throw new ApiError(400, error.message)
    throw error
  }
}

function requireMethod(ctx: RequestContext, method: string): void {
  if (ctx.method !== method) throw new ApiError(405, METHOD_NOT_ALLOWED_MESSAGE)
}

function requireAuth(ctx: RequestContext, env: Environment): void {
  const match = /^Bearer\s+(.+)$/i.exec(ctx.headers.authorization ?? '')
  if (match?.[1]?.trim() !== env.token) throw new ApiError(401, 'Invalid API token')
}

type DeploymentKey = 'slug' | 'id'

function requireDeployment(env: Environment, segment: string, key: DeploymentKey): void {
  const expected = key === 'slug' ? env.state.deployment.slug : env.state.deployment.id
  if (decodeSegment(segment) !== expected) throw notFound()
}

interface Route {
  method: string
  key: DeploymentKey
  /** Matches the raw path segments after /api/v1/deployments/{deployment}. */
  matches: (rest: readonly string[]) => boolean
  handle: (ctx: RequestContext, env: Environment, rest: readonly string[]) => ApiResponse
}

const isPath =
  (...expected: string[]) =>
  (rest: readonly string[]): boolean =>
    rest.length === expected.length && expected.every((segment, index) => rest[index] === segment)

/** Routes under a deployment, each keyed by slug or by numeric id as the description lists. */
const DEPLOYMENT_ROUTES: readonly Route[] = [
  { method: 'GET', key: 'slug', matches: isPath('findings'), handle: listFindings },
  { method: 'GET', key: 'slug', matches: isPath('projects'), handle: listProjects },
  {
    method: 'PUT',
    key: 'slug',
    matches: rest => rest.length >= 3 && rest[0] === 'projects' && rest.at(-1) === 'tags',
    handle: (ctx, env, rest) => putProjectTags(ctx, env, rest.slice(1, -1))
  },
  { method: 'POST', key: 'slug', matches: isPath('tickets'), handle: createTickets },
  { method: 'POST', key: 'id', matches: isPath('dependencies'), handle: listDependencies },
  {
    method: 'GET',
    key: 'id',
    matches: isPath('policies'),
    handle: (_ctx, env) => listPolicies(env)
  },
  {
    method: 'GET',
    key: 'id',
    matches: rest => rest.length === 2 && rest[0] === 'policies',
    handle: (ctx, env, rest) => listPolicyRules(ctx, env, decodeSegment(rest[1] ?? ''))
  },
  { method: 'POST', key: 'id', matches: isPath('sbom', 'export'), handle: createSbomExport },
  { method: 'POST', key: 'id', matches: isPath('scans', 'search'), handle: scansSearch },
  {
    method: 'GET',
    key: 'id',
    matches: isPath('secrets'),
    handle: (c, e) => listSecrets(e.state, c.query)
  },
  {
    method: 'GET',
    key: 'id',
    matches: rest => rest.length === 3 && rest[0] === 'sbom' && rest[1] === 'export',
    handle: (_ctx, env, rest) => getSbomExport(env, decodeSegment(rest[2] ?? ''))
  }
]

function routeDeployment(
  ctx: RequestContext,
  env: Environment,
  deployment: string,
  rest: readonly string[]
): ApiResponse {
  const route = DEPLOYMENT_ROUTES.find(candidate => candidate.matches(rest))
  if (route === undefined) throw notFound()
  requireMethod(ctx, route.method)
  requireDeployment(env, deployment, route.key)
  return route.handle(ctx, env, rest)
}

function routeApi(ctx: RequestContext, env: Environment): ApiResponse {
  const [api, version, resource, deployment, ...rest] = ctx.segments
  if (api !== 'api' || version !== 'v1' || resource === undefined) throw notFound()
  if (resource === 'ping' && deployment === undefined) {
    // ping is the one unauthenticated endpoint of the service.
    requireMethod(ctx, 'GET')
    return ok({})
  }
  requireAuth(ctx, env)
  if (resource !== 'deployments') throw notFound()
  if (deployment === undefined) {
    requireMethod(ctx, 'GET')
    return listDeployments(env)
  }
  return routeDeployment(ctx, env, deployment, rest)
}

function dispatch(ctx: RequestContext, env: Environment): ApiResponse {
  try {
    return routeApi(ctx, env)
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.message } }
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------

interface ActiveFault {
  fault: Fault
  remaining: number
}

class FaultList {
  private readonly active: ActiveFault[] = []

  add(fault: Fault): void {
    const times = fault.times ?? 1
    if (!(times > 0)) throw new Error('fault.times must be positive')
    this.active.push({ fault, remaining: times })
  }

  clear(): void {
    this.active.length = 0
  }

  /** The first fault matching the request, consuming one of its uses. */
  take(
    server: 'api' | 'download',
    method: string,
    path: string,
    query: URLSearchParams = new URLSearchParams()
  ): Fault | undefined {
    const index = this.active.findIndex(entry =>
      faultMatches(entry.fault, server, method, path, query)
    )
    const entry = this.active[index]
    if (entry === undefined) return undefined
    entry.remaining -= 1
    if (entry.remaining <= 0) this.active.splice(index, 1)
    return entry.fault
  }
}

function faultMatches(
  fault: Fault,
  server: 'api' | 'download',
  method: string,
  path: string,
  query: URLSearchParams
): boolean {
  if ((fault.server ?? 'api') !== server) return false
  if (fault.method !== undefined && fault.method.toUpperCase() !== method) return false
  for (const [key, value] of Object.entries(fault.query ?? {})) {
    if (query.get(key) !== value) return false
  }
  if (fault.path === undefined) return true
  if (typeof fault.path === 'string') return fault.path === path
  fault.path.lastIndex = 0
  return fault.path.test(path)
}

const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'reset',
  'delay',
  'malformed',
  'html',
  'json',
  'reset-after-processing'
]

/** Reads a fault posted to the control surface (a regex path arrives as {"regex": "..."}). */
function faultFromJson(value: unknown): Fault {
  if (!isRecord(value) || typeof value.kind !== 'string' || !oneOf(FAULT_KINDS, value.kind)) {
    throw new ApiError(400, `Fault needs a kind: one of ${FAULT_KINDS.join(', ')}`)
  }
  const fault: Fault = { kind: value.kind }
  if (typeof value.method === 'string') fault.method = value.method
  if (typeof value.path === 'string') fault.path = value.path
  else if (isRecord(value.path) && typeof value.path.regex === 'string') {
    fault.path = regexFromJson(value.path.regex, value.path.flags)
  }
  // JSON has no Infinity: JSON.stringify turns it into null, so null (or "Infinity") means forever.
  if (value.times === null || value.times === 'Infinity') fault.times = Infinity
  else if (typeof value.times === 'number') {
    if (!(value.times > 0)) throw new ApiError(400, 'Fault times must be positive')
    fault.times = value.times
  }
  if (typeof value.status === 'number') fault.status = value.status
  if (typeof value.ms === 'number') fault.ms = value.ms
  if (isRecord(value.headers))
    fault.headers = Object.fromEntries(
      Object.entries(value.headers).map(([k, v]) => [k, String(v)])
    )
  if ('body' in value) fault.body = value.body
  if (value.server === 'download') fault.server = 'download'
  if (isRecord(value.query))
    fault.query = Object.fromEntries(Object.entries(value.query).map(([k, v]) => [k, String(v)]))
  return fault
}

function regexFromJson(source: string, flags: unknown): RegExp {
  try {
    return new RegExp(source, typeof flags === 'string' ? flags : '')
  } catch {
    throw new ApiError(400, `Invalid fault path regex: ${source}`)
  }
}

function htmlErrorPage(status: number): string {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`
  return `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`
}

/** A 200 whose JSON stops mid-value, like a connection cut by a proxy. */
const MALFORMED_JSON =
  '{"findings": [{"id": 7100001, "ref": "refs/heads/main", "repository": {"name": "acme/we'

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------

/** Timers that close() can cut short, so a pending delay never outlives the emulator. */
class TimerPool {
  private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>()

  sleep(ms: number): Promise<void> {
    if (!(ms > 0)) return Promise.resolve()
    return new Promise(resolve => {
      const entry = {
        timer: setTimeout(() => {
          this.pending.delete(entry)
          resolve()
        }, ms),
        resolve
      }
      this.pending.add(entry)
    })
  }

  releaseAll(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer)
      entry.resolve()
    }
    this.pending.clear()
  }
}

interface RawRequest {
  method: string
  rawPath: string
  path: string
  query: URLSearchParams
  text: string
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) reject(new ApiError(413, 'Request body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

async function readRequest(req: http.IncomingMessage): Promise<RawRequest> {
  const target = new URL(req.url ?? '/', 'http://emulator.invalid')
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    rawPath: target.pathname,
    path: decodeSegment(target.pathname),
    query: target.searchParams,
    text: await readBody(req)
  }
}

function parseJsonText(text: string): { body: unknown; isJson: boolean } {
  if (text.trim() === '') return { body: undefined, isJson: true }
  try {
    return { body: JSON.parse(text) as unknown, isJson: true }
  } catch {
    return { body: text, isJson: false }
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers))
    flat[name] = Array.isArray(value) ? value.join(', ') : value
  return flat
}

function queryRecord(query: URLSearchParams): Record<string, string[]> {
  const record: Record<string, string[]> = {}
  for (const [name, value] of query) (record[name] ??= []).push(value)
  return record
}

interface PlainAnswer {
  status: number
  body: string | Buffer
  headers: Record<string, string>
}

function jsonAnswer(response: ApiResponse): PlainAnswer {
  return {
    status: response.status,
    body: JSON.stringify(response.body),
    headers: { 'content-type': 'application/json', ...response.headers }
  }
}

/** A findings page's identity: path, wire shape, credentials and the query in a fixed order. */
function findingsPageKey(ctx: RequestContext, shape: WireShape): string {
  const query = [...ctx.query.entries()].map(([name, value]) => `${name}=${value}`).sort()
  return [ctx.path, shape, ctx.headers.authorization ?? '', ...query].join('\n')
}

function send(res: http.ServerResponse, answer: PlainAnswer): void {
  if (res.destroyed || res.writableEnded) return
  res.writeHead(answer.status, {
    'content-length': String(Buffer.byteLength(answer.body)),
    ...answer.headers
  })
  res.end(answer.body)
}

/** Destroys the connection without an answer (what a reset or a crashed proxy looks like). */
function resetConnection(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.destroy()
  req.socket.destroy()
}

// ---------------------------------------------------------------------------------------------
// The emulator
// ---------------------------------------------------------------------------------------------

class EmulatorServer implements Emulator {
  readonly requests: LoggedRequest[] = []
  readonly downloads: LoggedRequest[] = []
  readonly state: EmulatorState
  readonly token: string
  url = ''
  downloadUrl = ''
  private currentShape: WireShape
  private readonly faults = new FaultList()
  private readonly timers = new TimerPool()
  private readonly latencyMs: number
  private readonly findingsPageSizeCap: number | undefined
  private readonly findingsPages: Map<string, PlainAnswer> | undefined
  private readonly apiServer: http.Server
  private readonly downloadServer: http.Server
  private closing = false

  private readonly dataNow: Date

  constructor(options: EmulatorOptions, state: EmulatorState) {
    this.state = state
    this.dataNow = options.now ?? new Date()
    this.token = options.token ?? DEFAULT_TOKEN
    this.currentShape = options.shape ?? 'documented'
    this.latencyMs = options.latencyMs ?? 0
    this.findingsPageSizeCap = options.findingsPageSizeCap
    this.findingsPages = options.precomputedFindingsPages === true ? new Map() : undefined
    const api = (req: http.IncomingMessage, res: http.ServerResponse): void =>
      this.onApiRequest(req, res)
    const download = (req: http.IncomingMessage, res: http.ServerResponse): void =>
      this.onDownloadRequest(req, res)
    this.apiServer =
      options.tls === undefined ? http.createServer(api) : https.createServer(options.tls, api)
    this.downloadServer =
      options.tls === undefined
        ? http.createServer(download)
        : https.createServer(options.tls, download)
  }

  get shape(): WireShape {
    return this.currentShape
  }

  async listen(port: number, secure: boolean): Promise<void> {
    const scheme = secure ? 'https' : 'http'
    this.url = `${scheme}://127.0.0.1:${await listenOn(this.apiServer, port)}`
    this.downloadUrl = `${scheme}://127.0.0.1:${await listenOn(this.downloadServer, 0)}`
  }

  setShape(shape: WireShape): void {
    this.currentShape = shape
  }

  addFault(fault: Fault): void {
    this.faults.add(fault)
  }

  clearFaults(): void {
    this.faults.clear()
  }

  async close(): Promise<void> {
    this.closing = true
    this.timers.releaseAll()
    await Promise.all([closeServer(this.apiServer), closeServer(this.downloadServer)])
  }

  private environment(): Environment {
    return {
      state: this.state,
      token: this.token,
      apiUrl: this.url,
      downloadUrl: this.downloadUrl,
      shape: () => this.currentShape,
      dataNow: this.dataNow,
      findingsPageSizeCap: this.findingsPageSizeCap
    }
  }

  private onApiRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.handleApi(req, res).catch((error: unknown) => {
      const status = error instanceof ApiError ? error.status : 500
      send(
        res,
        jsonAnswer({
          status,
          body: { error: error instanceof Error ? error.message : 'Internal error' }
        })
      )
    })
  }

  /** Faults come first; reset-after-processing lets the handler change state, then cuts the line. */
  private async handleApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readRequest(req)
    if (raw.path.startsWith('/_emulator/')) return this.handleControl(raw, res)
    const { body, isJson } = parseJsonText(raw.text)
    const entry = this.log(this.requests, raw, req, body)
    res.on('finish', () => (entry.status = res.statusCode))
    const fault = this.faults.take('api', raw.method, raw.path, raw.query)
    if (fault?.kind === 'reset') return resetConnection(req, res)
    if (fault?.kind === 'delay') await this.timers.sleep(fault.ms ?? 1000)
    const canned = fault === undefined ? undefined : faultAnswer(fault)
    const ctx: RequestContext = {
      method: raw.method,
      rawPath: raw.rawPath,
      path: raw.path,
      segments: raw.rawPath.split('/').slice(1),
      query: raw.query,
      headers: req.headers,
      body,
      bodyIsJson: isJson
    }
    const answer = canned ?? this.answer(ctx)
    if (fault?.kind === 'reset-after-processing') return resetConnection(req, res)
    await this.timers.sleep(this.latencyMs)
    if (this.closing) return resetConnection(req, res)
    send(res, answer)
  }

  /** The answer to an API request; a findings page comes from the page cache when it is on. */
  private answer(ctx: RequestContext): PlainAnswer {
    const cache = this.findingsPages
    const key =
      cache !== undefined && ctx.method === 'GET' && ctx.path.endsWith('/findings')
        ? findingsPageKey(ctx, this.currentShape)
        : undefined
    const cached = key === undefined ? undefined : cache?.get(key)
    if (cached !== undefined) return cached
    const answer = jsonAnswer(dispatch(ctx, this.environment()))
    if (key !== undefined && answer.status === 200) {
      const bytes = { ...answer, body: Buffer.from(answer.body) }
      cache?.set(key, bytes)
      return bytes
    }
    return answer
  }

  private log(
    list: LoggedRequest[],
    raw: RawRequest,
    req: http.IncomingMessage,
    body: unknown
  ): LoggedRequest {
    const entry: LoggedRequest = {
      method: raw.method,
      path: raw.path,
      rawPath: raw.rawPath,
      query: queryRecord(raw.query),
      headers: flattenHeaders(req.headers),
      body,
      status: 0,
      receivedAt: Date.now()
    }
    list.push(entry)
    return entry
  }

  /** The unauthenticated control surface for out-of-process use (CLI, scripts). */
  private handleControl(raw: RawRequest, res: http.ServerResponse): void {
    const reply = (status: number, payload: unknown): void =>
      send(res, {
        status,
        body: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' }
      })
    try {
      const result = this.control(`${raw.method} ${raw.path}`, parseJsonText(raw.text))
      reply(result.status, result.payload)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      reply(error.status, { error: error.message })
    }
  }

  private control(
    key: string,
    parsed: { body: unknown; isJson: boolean }
  ): { status: number; payload: unknown } {
    if (!parsed.isJson) throw new ApiError(400, 'Request body is not valid JSON')
    switch (key) {
      case 'POST /_emulator/faults':
        this.addFault(faultFromJson(parsed.body))
        return { status: 201, payload: { ok: true } }
      case 'DELETE /_emulator/faults':
        this.clearFaults()
        return { status: 200, payload: { ok: true } }
      case 'POST /_emulator/shape':
        this.setShape(shapeFromJson(parsed.body))
        return { status: 200, payload: { shape: this.currentShape } }
      case 'GET /_emulator/requests':
        return { status: 200, payload: { requests: this.requests, downloads: this.downloads } }
      case 'DELETE /_emulator/requests':
        this.requests.length = 0
        this.downloads.length = 0
        return { status: 200, payload: { ok: true } }
      default:
        return { status: 404, payload: { error: NOT_FOUND_MESSAGE } }
    }
  }

  private onDownloadRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.handleDownload(req, res).catch(() =>
      send(res, {
        status: 500,
        body: s3Error('InternalError', 'We encountered an internal error.'),
        headers: XML
      })
    )
  }

  /** The "object storage" behind signed URLs: it rejects any request carrying a bearer token. */
  private async handleDownload(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readRequest(req)
    const entry = this.log(this.downloads, raw, req, parseJsonText(raw.text).body)
    res.on('finish', () => (entry.status = res.statusCode))
    const fault = this.faults.take('download', raw.method, raw.path)
    if (fault?.kind === 'reset' || fault?.kind === 'reset-after-processing')
      return resetConnection(req, res)
    if (fault?.kind === 'delay') await this.timers.sleep(fault.ms ?? 1000)
    // Object storage is as far away as the API: a download is one more round trip.
    await this.timers.sleep(this.latencyMs)
    if (this.closing) return resetConnection(req, res)
    const canned = fault === undefined ? undefined : faultAnswer(fault)
    send(res, canned ?? downloadAnswer(this.state, raw, req.headers))
  }
}

function shapeFromJson(body: unknown): WireShape {
  const shape = isRecord(body) ? body.shape : undefined
  if (shape !== 'documented' && shape !== 'live')
    throw new ApiError(400, 'shape must be "documented" or "live"')
  return shape
}

/** The canned answer of a fault, or undefined when the request should be handled normally. */
function faultAnswer(fault: Fault): PlainAnswer | undefined {
  const headers = fault.headers ?? {}
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500
      return jsonAnswer({
        status,
        body: (fault.body ?? { error: http.STATUS_CODES[status] ?? 'Error' }) as JsonValue,
        headers
      })
    }
    case 'json':
      return jsonAnswer({ status: 200, body: (fault.body ?? null) as JsonValue, headers })
    case 'html': {
      const status = fault.status ?? 500
      return {
        status,
        body: htmlErrorPage(status),
        headers: { 'content-type': 'text/html; charset=utf-8', ...headers }
      }
    }
    case 'malformed':
      return {
        status: 200,
        body: MALFORMED_JSON,
        headers: { 'content-type': 'application/json', ...headers }
      }
    default:
      return undefined
  }
}

const XML = { 'content-type': 'application/xml' }

function s3Error(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`
}

function downloadAnswer(
  state: EmulatorState,
  raw: RawRequest,
  headers: http.IncomingHttpHeaders
): PlainAnswer {
  if (headers.authorization !== undefined) {
    return {
      status: 400,
      headers: XML,
      body: s3Error(
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified'
      )
    }
  }
  if (raw.method !== 'GET')
    return {
      status: 405,
      headers: XML,
      body: s3Error(
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.'
      )
    }
  const match = /^\/sbom\/([^/]+)\.json$/.exec(raw.path)
  const task = match?.[1] === undefined ? undefined : state.sbomTasks.get(match[1])
  if (task?.outcome?.status !== 'SBOM_EXPORT_STATUS_COMPLETED') {
    return {
      status: 404,
      headers: XML,
      body: s3Error('NoSuchKey', 'The specified key does not exist.')
    }
  }
  if (raw.query.get('X-Amz-Signature') !== task.outcome.signature) {
    return {
      status: 403,
      headers: XML,
      body: s3Error(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.'
      )
    }
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cycloneDxDocument(state, task))
  }
}

function purl(dependency: DependencyRecord): string {
  const { name, version, ecosystem } = dependency
  if (ecosystem === 'maven') {
    const [group, artifact] = name.split(':')
    return `pkg:maven/${group ?? name}/${artifact ?? name}@${version}`
  }
  if (ecosystem === 'gomod') return `pkg:golang/${name}@${version}`
  if (ecosystem === 'pypi') return `pkg:pypi/${name.toLowerCase()}@${version}`
  return `pkg:${ecosystem}/${name.replace(/^@/, '%40')}@${version}`
}

function cycloneDxComponentType(componentType: string): string {
  return componentType.slice(COMPONENT_TYPE_PREFIX.length).toLowerCase().replace(/_/g, '-')
}

/** A small CycloneDX 1.5 document for the exported repository and its dependencies. */
function cycloneDxDocument(state: EmulatorState, task: SbomTaskRecord): JsonObject {
  const components = state.dependencies
    .filter(dependency => dependency.repositoryId === task.repositoryId)
    .map(dependency => ({
      type: 'library',
      'bom-ref': purl(dependency),
      name: dependency.name,
      version: dependency.version,
      purl: purl(dependency),
      licenses: dependency.licenses.map(id => ({ license: { id } })),
      scope: dependency.transitivity === 'DIRECT' ? 'required' : 'optional'
    }))
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${task.taskToken}`,
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      tools: {
        components: [{ type: 'application', name: 'semgrep-supply-chain', version: '1.0.0' }]
      },
      component: {
        type: cycloneDxComponentType(task.componentType),
        'bom-ref': task.repositoryName,
        name: task.repositoryName,
        version: task.ref
      },
      supplier: isRecord(task.supplier) ? (task.supplier as JsonObject) : undefined
    },
    components
  }
}

function listenOn(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise(resolve => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new EmulatorServer(options, buildState(options))
  await emulator.listen(options.port ?? 0, options.tls !== undefined)
  return emulator
}
