import { isAscii } from 'node:buffer'
import { z } from 'zod'
import type {
  EpssScore,
  ExternalTicket,
  Finding,
  FindingStatus,
  IssueType,
  Location,
  SastFinding,
  ScaFinding,
  SourcingPolicy
} from '../domain.js'
import { SchemaError, type RequestLabel } from './errors.js'
import { pageNumberPages } from './paginate.js'
import { SpeculationBudget, type ExpectedItems } from './speculation.js'
import { ReadGate } from './read-gate.js'
import { fastSastWire, fastScaWire } from './findings-fast.js'
import { formatIssues } from './schema-issues.js'
import type { BodyChunks, StreamDecoder, Transport } from './transport.js'
import { errorText } from '../text/error-text.js'
import {
  numericId,
  optionalString,
  reachability,
  severity,
  stringId,
  stringList,
  timestamp
} from './wire.js'

/*
 * The findings schemas are the hot path (tens of thousands of items): both key spellings are
 * plain optional fields rather than a key-renaming preprocess, which keeps zod's compiled object
 * parser in play (about 7× faster on a 3000-item page). Top-level keys are snake_case in both
 * wire shapes; sub-objects are camelCase in the description and snake_case live.
 */
const nullableNumber = z.number().nullish()
/** EPSS scores and percentiles are probabilities: a value outside 0 to 1 is not one. */
const nullableProbability = z.number().min(0).max(1).nullish()
const nullableList = z.array(z.string()).nullish()

const LocationWire = z.object({
  filePath: optionalString,
  file_path: optionalString,
  path: optionalString,
  line: nullableNumber,
  startLine: nullableNumber,
  start_line: nullableNumber,
  column: nullableNumber,
  startCol: nullableNumber,
  start_col: nullableNumber,
  endLine: nullableNumber,
  end_line: nullableNumber,
  endColumn: nullableNumber,
  end_column: nullableNumber,
  endCol: nullableNumber,
  end_col: nullableNumber
})
type LocationWire = z.infer<typeof LocationWire>

function toLocation(wire: LocationWire | null | undefined, pool: StringPool): Location | undefined {
  const path = wire?.filePath ?? wire?.file_path ?? wire?.path
  if (!wire || !path) return undefined
  return {
    path: pool.intern(path),
    line: positive(wire.line ?? wire.startLine ?? wire.start_line),
    column: positive(wire.column ?? wire.startCol ?? wire.start_col),
    endLine: positive(wire.endLine ?? wire.end_line),
    endColumn: positive(wire.endColumn ?? wire.end_column ?? wire.endCol ?? wire.end_col)
  }
}

function positive(value: number | null | undefined): number | undefined {
  return value !== null && value !== undefined && value > 0 ? Math.trunc(value) : undefined
}

const common = {
  id: numericId,
  rule_name: optionalString,
  rule_message: optionalString,
  rule: z
    .object({
      name: optionalString,
      message: optionalString,
      // Raw (nullable) lists: an empty-list default would hide the other spelling.
      cweNames: nullableList,
      cwe_names: nullableList,
      owaspNames: nullableList,
      owasp_names: nullableList
    })
    .nullish(),
  severity,
  confidence: optionalString,
  status: optionalString,
  ref: optionalString,
  repository: z.object({ name: z.string(), url: optionalString }),
  location: LocationWire.nullish(),
  line_of_code_url: optionalString,
  match_based_id: optionalString,
  syntactic_id: optionalString,
  relevant_since: timestamp.nullish(),
  external_ticket: z
    .object({
      id: stringId.nullish(),
      url: optionalString,
      externalSlug: optionalString,
      external_slug: optionalString
    })
    .nullish(),
  categories: stringList
}

const SastWire = z.object({
  ...common,
  sourcing_policy: z.object({ id: stringId, name: optionalString, slug: optionalString }).nullish()
})

const ScaWire = z.object({
  ...common,
  reachability,
  is_malicious: z.boolean().nullish(),
  vulnerability_identifier: optionalString,
  found_dependency: z
    .object({
      package: z.string(),
      version: optionalString,
      ecosystem: optionalString,
      transitivity: optionalString
    })
    .nullish(),
  fix_recommendations: z
    .array(z.object({ package: optionalString, version: optionalString }))
    .nullish(),
  epss_score: z.object({ score: nullableProbability, percentile: nullableProbability }).nullish(),
  usage: z.object({ location: LocationWire.nullish() }).nullish()
})

export type SastWireData = z.infer<typeof SastWire>
export type ScaWireData = z.infer<typeof ScaWire>
type CommonWire = SastWireData | ScaWireData

/**
 * One copy of each repeated string: rule names and messages, repositories and refs repeat across
 * thousands of findings, and JSON.parse gives every occurrence its own copy.
 */
export class StringPool {
  private readonly strings = new Map<string, string>()
  /** Lists as a trie, one level per element: a joined key cost an allocation and a hash per list. */
  private readonly lists: ListNode = { next: new Map() }
  private readonly policies = new Map<string, SourcingPolicy>()
  private readonly messages = new Map<string, string>()

  intern(value: string): string
  intern(value: string | undefined): string | undefined
  intern(value: string | undefined): string | undefined {
    if (value === undefined) return undefined
    const known = this.strings.get(value)
    if (known !== undefined) return known
    this.strings.set(value, value)
    return value
  }

  /**
   * The pool's copy of a rule's message. A rule's findings carry its one message, so comparing
   * with the last message seen for the rule usually finds it without hashing the whole text.
   */
  message(ruleName: string, value: string): string {
    const last = this.messages.get(ruleName)
    if (last === value) return last
    const interned = this.intern(value)
    this.messages.set(ruleName, interned)
    return interned
  }

  /** One object per sourcing policy: thousands of findings name the same few. */
  policy(wire: { id: string; name?: string | null; slug?: string | null }): SourcingPolicy {
    const name = wire.name ?? undefined
    const slug = wire.slug ?? undefined
    const known = this.policies.get(wire.id)
    if (known && known.name === name && known.slug === slug) return known
    const policy = { id: this.intern(wire.id), name: this.intern(name), slug: this.intern(slug) }
    this.policies.set(wire.id, policy)
    return policy
  }

  list(values: readonly string[]): readonly string[] {
    if (values.length === 0) return EMPTY
    let node = this.lists
    for (let i = 0; i < values.length; i++) {
      let child = node.next.get(values[i])
      if (child === undefined) {
        child = { next: new Map() }
        node.next.set(values[i], child)
      }
      node = child
    }
    node.list ??= Object.freeze(values.map(value => this.intern(value)))
    return node.list
  }
}

interface ListNode {
  readonly next: Map<string, ListNode>
  /** The list that ends at this node, once seen. */
  list?: readonly string[]
}

const EMPTY: readonly string[] = Object.freeze([])

/*
 * Each record is built by one object literal with every field, present or not: records of one
 * type then share one hidden class. Spreading a common part in gave every record a hidden class
 * of its own, which doubled the memory of 60 000 findings.
 */

function ticketOf(wire: CommonWire): ExternalTicket | undefined {
  const ticket = wire.external_ticket
  if (!ticket) return undefined
  const slug = ticket.externalSlug ?? ticket.external_slug
  if (!ticket.id && !ticket.url && !slug) return undefined
  return { id: ticket.id ?? slug ?? undefined, url: ticket.url ?? undefined }
}

function toSast(wire: SastWireData, status: string, pool: StringPool): SastFinding {
  const rule = wire.rule
  const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)')
  return {
    type: 'sast',
    id: wire.id,
    ruleName,
    ruleMessage: pool.message(ruleName, rule?.message ?? wire.rule_message ?? ''),
    severity: wire.severity,
    confidence: pool.intern(wire.confidence ?? undefined),
    status: pool.intern(wire.status ?? status),
    ref: pool.intern(wire.ref ?? ''),
    repository: pool.intern(wire.repository.name),
    location: toLocation(wire.location, pool),
    url: wire.line_of_code_url ?? undefined,
    matchBasedId: wire.match_based_id ?? undefined,
    syntacticId: wire.syntactic_id ?? undefined,
    relevantSince: wire.relevant_since ?? undefined,
    externalTicket: ticketOf(wire),
    categories: pool.list(wire.categories),
    cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
    owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
    sourcingPolicy: wire.sourcing_policy ? pool.policy(wire.sourcing_policy) : undefined
  }
}

function toSca(wire: ScaWireData, status: string, pool: StringPool): ScaFinding {
  const rule = wire.rule
  const dependency = wire.found_dependency
  const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)')
  return {
    type: 'sca',
    id: wire.id,
    ruleName,
    ruleMessage: pool.message(ruleName, rule?.message ?? wire.rule_message ?? ''),
    severity: wire.severity,
    confidence: pool.intern(wire.confidence ?? undefined),
    status: pool.intern(wire.status ?? status),
    ref: pool.intern(wire.ref ?? ''),
    repository: pool.intern(wire.repository.name),
    location: toLocation(wire.location, pool) ?? toLocation(wire.usage?.location, pool),
    url: wire.line_of_code_url ?? undefined,
    matchBasedId: wire.match_based_id ?? undefined,
    syntacticId: wire.syntactic_id ?? undefined,
    relevantSince: wire.relevant_since ?? undefined,
    externalTicket: ticketOf(wire),
    categories: pool.list(wire.categories),
    cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
    owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
    reachability: wire.reachability,
    malicious: wire.is_malicious === true,
    vulnerabilityId: pool.intern(wire.vulnerability_identifier ?? undefined),
    dependency: dependency
      ? {
          package: pool.intern(dependency.package),
          version: pool.intern(dependency.version ?? ''),
          ecosystem: pool.intern(dependency.ecosystem ?? undefined),
          transitivity: pool.intern(dependency.transitivity ?? undefined)
        }
      : undefined,
    fixVersions: pool.list(fixVersions(wire.fix_recommendations)),
    epss: epssOf(wire.epss_score)
  }
}

/** The score, when the server gave one (a percentile alone says nothing to gate on). */
function epssOf(wire: ScaWireData['epss_score']): EpssScore | undefined {
  const score = wire?.score
  if (score === null || score === undefined) return undefined
  const percentile = wire?.percentile
  return percentile === null || percentile === undefined ? { score } : { score, percentile }
}

function fixVersions(fixes: ScaWireData['fix_recommendations']): string[] {
  const out: string[] = []
  for (const fix of fixes ?? []) {
    const version = fix.package && fix.version ? `${fix.package}@${fix.version}` : fix.version
    if (version) out.push(version)
  }
  return out
}

/** The types the findings endpoint serves; secrets have their own (api/secrets.ts). */
export type PlatformIssueType = Exclude<IssueType, 'secrets'>

const LIST_OF_TYPE: Readonly<Record<PlatformIssueType, string>> = {
  sast: 'sastFindings',
  sca: 'scaFindings'
}

/*
 * The live service answers `{findings}`; the description says `{sastFindings:{findings}, ...}`.
 * A page is an answer only when it carries the requested type's list in one of the two: `{}`,
 * `{"findings": null}` or an error object read as "no findings" would pass the gate unchecked.
 */
function envelopeSummary(envelope: unknown, key: string): string {
  if (!isRecord(envelope)) return `got ${jsonKind(envelope)}`
  if ('findings' in envelope) return `findings is ${jsonKind(envelope.findings)}`
  if (key in envelope) {
    const inner = envelope[key]
    return isRecord(inner)
      ? `${key}.findings is ${jsonKind(inner.findings)}`
      : `${key} is ${jsonKind(inner)}`
  }
  const keys = Object.keys(envelope)
  if (keys.length === 0) return 'got an empty object'
  // Keys come from the server: quoted and escaped, so none can start a line of its own.
  const shown = keys.slice(0, 5).map(name => JSON.stringify(name.slice(0, 40)))
  const more = keys.length > 5 ? ` and ${keys.length - 5} more` : ''
  return `got an object with keys ${shown.join(', ')}${more}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function jsonKind(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/**
 * Turns one raw finding into a domain finding, or names the field that is wrong. The hand-written
 * decoder (api/findings-fast.ts) reads what it accepts; anything else goes to the zod schemas,
 * which say what is wrong. `decoder: 'schema'` uses the schemas alone (the specification the
 * fast path is tested against).
 */
export function normaliseFinding(
  raw: unknown,
  type: PlatformIssueType,
  status: string,
  index: number,
  request: RequestLabel,
  pool: StringPool,
  decoder: 'fast' | 'schema' = 'fast'
): Finding {
  if (decoder === 'fast' && type === 'sast') {
    const fast = fastSastWire(raw)
    if (fast !== undefined) return toSast(fast, status, pool)
  } else if (decoder === 'fast') {
    const fast = fastScaWire(raw)
    if (fast !== undefined) return toSca(fast, status, pool)
  }
  const invalid = (error: z.ZodError): SchemaError =>
    new SchemaError(request, formatIssues(error.issues, `findings[${index}]`))
  if (type === 'sast') {
    const parsed = SastWire.safeParse(raw)
    if (!parsed.success) throw invalid(parsed.error)
    return toSast(parsed.data, status, pool)
  }
  const parsed = ScaWire.safeParse(raw)
  if (!parsed.success) throw invalid(parsed.error)
  return toSca(parsed.data, status, pool)
}

/**
 * The findings of `type` in a parsed findings page: those of the live `findings` list and of the
 * documented `<type>Findings.findings` (a page carrying both has both counted, none dropped).
 * Undefined when neither is an array.
 */
function findingsList(envelope: unknown, type: PlatformIssueType): unknown[] | undefined {
  if (!isRecord(envelope)) return undefined
  const live = Array.isArray(envelope.findings) ? (envelope.findings as unknown[]) : undefined
  const inner = envelope[LIST_OF_TYPE[type]]
  const documented =
    isRecord(inner) && Array.isArray(inner.findings) ? (inner.findings as unknown[]) : undefined
  if (live && documented) return [...live, ...documented]
  return live ?? documented
}

/**
 * Findings pages read and decoded at once, in this process: one decoded while the next is read.
 * Every other page that has arrived waits in its socket (src/api/read-gate.ts).
 */
export const PAGE_READS = new ReadGate(2, 2000)

/**
 * Decodes a findings page once it has arrived: the bytes are kept as they come (a 3000-finding
 * page is about 5 MB), parsed whole by one JSON.parse, and each finding turned into a compact
 * domain record; the page's object graph is garbage as soon as the last record is built.
 */
function findingsPageDecoder(
  type: PlatformIssueType,
  status: string,
  request: RequestLabel,
  pool: StringPool
): StreamDecoder<Finding[]> {
  return async body => {
    const release = await PAGE_READS.acquire()
    try {
      return decodeFindingsPage(await body.all(), type, status, request, pool)
    } finally {
      release()
    }
  }
}

/**
 * A findings body this long holds findings: an empty page is `{"findings":[]}`, or the empty lists
 * of every type under their keys, well under 1 KiB. (A body this long that holds no findings page
 * at all fails when it is decoded, like any other.)
 */
const ITEMS_BYTES = 4096

/**
 * Reads the start of a body at once, before it waits for a read permit, and calls `onItems` when
 * that start passes ITEMS_BYTES. The body, with what was read, is handed on.
 */
async function announceItems(body: BodyChunks, onItems: () => void): Promise<BodyChunks> {
  if ((await body.head(ITEMS_BYTES)) >= ITEMS_BYTES) onItems()
  return body
}

function decodeFindingsPage(
  parts: Uint8Array[],
  type: PlatformIssueType,
  status: string,
  request: RequestLabel,
  pool: StringPool
): Finding[] {
  let envelope: unknown
  try {
    envelope = parseBody(parts)
  } catch (error) {
    throw new SchemaError(request, [`body: not valid JSON (${errorText(error).slice(0, 120)})`])
  }
  parts.length = 0
  const list = findingsList(envelope, type)
  if (list === undefined) {
    const key = LIST_OF_TYPE[type]
    const expected = `findings: expected the list of ${type} findings ("findings" or "${key}.findings")`
    throw new SchemaError(request, [`${expected}; ${envelopeSummary(envelope, key)}`])
  }
  const findings: Finding[] = new Array<Finding>(list.length)
  for (let index = 0; index < list.length; index++) {
    findings[index] = normaliseFinding(list[index], type, status, index, request, pool)
  }
  return findings
}

/**
 * The bytes of the page being parsed, joined in one buffer that every page reuses: pages are
 * parsed one at a time, and a fresh 5 MB buffer per page cost more in page faults than the copy
 * (about 20 ms less CPU and 20 MB less peak RSS for 60,000 findings on Node 24). A body larger
 * than SCRATCH_LIMIT gets a buffer of its own, so that one huge page is not held for the run.
 */
const SCRATCH_LIMIT = 16 * 2 ** 20
let scratch = Buffer.allocUnsafe(0)

function joined(parts: readonly Uint8Array[]): { bytes: Buffer; length: number } {
  let length = 0
  for (const part of parts) length += part.length
  let bytes = scratch
  if (bytes.length < length) {
    bytes = Buffer.allocUnsafe(
      length > SCRATCH_LIMIT ? length : Math.min(SCRATCH_LIMIT, Math.ceil(length * 1.25))
    )
    if (length <= SCRATCH_LIMIT) scratch = bytes
  }
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return { bytes, length }
}

/**
 * The body as JSON; a byte-order mark is dropped, as response.text() does. A body of ASCII bytes
 * only (every page seen so far) is read as Latin-1, which gives the same string: the UTF-8
 * decoder took about 2 ms of a 4.3 MB page, the check and the Latin-1 copy about 0.6 ms.
 */
function parseBody(parts: readonly Uint8Array[]): unknown {
  const { bytes, length } = joined(parts)
  const encoding = isAscii(bytes.subarray(0, length)) ? 'latin1' : 'utf8'
  const text = bytes.toString(encoding, 0, length)
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown
}

export interface FindingsQuery {
  readonly type: PlatformIssueType
  readonly repository: string
  readonly ref: string
  readonly status: FindingStatus
  /** Epoch seconds; filters on relevant_since. */
  readonly since?: number
  readonly policies?: readonly string[]
}

/**
 * Pages past the first that an open list asks for together with its first page, on the
 * speculation budget. The open lists are the ones that run long; when the first page shows a
 * long list, the next pages then arrive with it instead of a round trip later, which at 300 ms
 * per response is time the client would spend waiting. On a short list it costs up to one request
 * (cancelled once the first page shows the end, it may not have gone out yet).
 */
export const OPEN_START_AHEAD = 1

export interface FindingsPaging {
  /** The documented maximum is 3000: fewest round trips. */
  readonly pageSize: number
  readonly concurrency: number
  readonly maxPages: number
  /** Pages past the first that an open list asks for with its first (OPEN_START_AHEAD). */
  readonly openStartAhead?: number
}

/**
 * Up to six pages of a list in flight: the page known to be needed and up to five asked for
 * ahead, as far as the run's speculation budget allows. At 300 ms per response that keeps the
 * client busy parsing instead of waiting; the budget caps the pages asked for past the ends.
 */
export const DEFAULT_FINDINGS_PAGING: FindingsPaging = {
  pageSize: 3000,
  concurrency: 6,
  maxPages: 2000,
  openStartAhead: OPEN_START_AHEAD
}

/**
 * Requests past the ends of all the findings lists of one run, at most, on speculation; pages a
 * proven scan's count covers are asked for outside it (docs/adr/0004).
 */
export const FINDINGS_SPECULATION = 5

/** The documented range of page_size is 100 to 3000. */
export const MIN_FINDINGS_PAGE_SIZE = 100

export function findingsPath(deploymentSlug: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/findings`
}

/**
 * Pages of the findings of one type and status, every scope filter sent to the server. The lists
 * of one run share `speculation`, so that together they ask for few pages past their ends;
 * `cancel` stops the list's requests; `expected`, shared by the lists of the type, what the
 * proven scan says they hold.
 */
export function findingPages(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  paging: FindingsPaging = DEFAULT_FINDINGS_PAGING,
  speculation: SpeculationBudget = new SpeculationBudget(FINDINGS_SPECULATION),
  cancel?: AbortSignal,
  expected?: ExpectedItems
): AsyncGenerator<readonly Finding[]> {
  const path = findingsPath(deploymentSlug)
  const request: RequestLabel = { method: 'GET', path }
  const pool = new StringPool()
  const decode = findingsPageDecoder(query.type, query.status, request, pool)
  const fetchPage = (
    page: number,
    signal: AbortSignal,
    pageSize: number,
    onItems?: () => void
  ): Promise<Finding[]> =>
    transport.request({
      method: 'GET',
      path,
      signal: cancel ? AbortSignal.any([signal, cancel]) : signal,
      query: {
        issue_type: query.type,
        repos: [query.repository],
        ref: query.ref,
        status: query.status,
        since: query.since,
        policies: query.policies,
        page,
        page_size: pageSize
      },
      // A page asked for ahead tells as soon as its body shows findings: the list goes on.
      stream: onItems ? async body => decode(await announceItems(body, onItems)) : decode
    })
  return pageNumberPages(fetchPage, {
    pageSize: paging.pageSize,
    concurrency: paging.concurrency,
    endOn: 'short-page',
    // A server that caps page_size silently would otherwise end the list after its first page.
    capCheck: { minPageSize: MIN_FINDINGS_PAGE_SIZE },
    maxPages: paging.maxPages,
    speculation,
    startAhead: query.status === 'open' ? (paging.openStartAhead ?? 0) : 0,
    ...(expected ? { expected } : {}),
    key: finding => finding.id,
    request
  })
}
