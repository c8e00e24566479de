/**
 * `GET /deployments/{slug}/findings`: one list of one type and status, every page read. A page is
 * parsed whole by one JSON.parse and each finding decoded at once into a compact record, so the
 * page's object graph is garbage as soon as its records are built.
 */
import type { z } from 'zod'
import type { Finding, FindingStatus, IssueType, PolicyMode } from '../domain.js'
import { SchemaError, type RequestLabel } from './errors.js'
import { fastSastWire, fastScaWire } from './findings-fast.js'
import { SastWire, ScaWire, StringPool, toSast, toSca } from './findings-wire.js'
import { Limiter } from './limiter.js'
import { readPageNumberList } from './pages.js'
import { formatIssues } from './schema-issues.js'
import type { Transport } from './transport.js'
import { numericId } from './wire.js'
import { errorText } from '../text/error-text.js'

/** The types the findings endpoint serves; secrets have their own (api/secrets.ts). */
export type PlatformIssueType = Exclude<IssueType, 'secrets'>

const LIST_OF_TYPE: Readonly<Record<PlatformIssueType, string>> = {
  sast: 'sastFindings',
  sca: 'scaFindings',
  ai_sast: 'aiSastFindings'
}

/** The documented maximum: fewest round trips. */
export const FINDINGS_PAGE_SIZE = 3000

/** Findings bodies read and decoded at once, in this process (see Limiter). */
const PAGE_READS = new Limiter(2)

/** Pages of one list asked for at once past its plan, when a count understated it. */
export const FINDINGS_WINDOW = 4

const MAX_FINDINGS_PAGES = 2000

export interface FindingsQuery {
  readonly type: PlatformIssueType
  readonly repository: string
  readonly ref: string
  readonly status: FindingStatus
  /** Epoch seconds; filters on relevant_since. */
  readonly since?: number
  /** Only the Code findings whose rule is in this mode (the `policies` filter; SAST only). */
  readonly mode?: RuleBoardMode
}

/** The modes the findings endpoint filters on; `disabled` rules give no findings to filter. */
export type RuleBoardMode = Exclude<PolicyMode, 'disabled'>

/** The `policies` filter value of each mode, as the API description names them. */
const MODE_FILTERS: Readonly<Record<RuleBoardMode, string>> = {
  block: 'rule-board-block',
  comment: 'rule-board-pr-comments',
  monitor: 'rule-board-audit'
}

export function findingsPath(deploymentSlug: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/findings`
}

/**
 * Every finding of one list. `plannedPages` are asked for at once (sized by the proven scan's
 * count, see pages.ts pagesForCount); the list ends on an empty page.
 */
export function readFindings(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  plannedPages: number,
  onPage?: (findings: readonly Finding[]) => void
): Promise<Finding[]> {
  const pool = new StringPool()
  return readList(transport, deploymentSlug, query, plannedPages, {
    decode: (bytes, request) => decodeFindingsPage(bytes, query.type, query.status, request, pool),
    key: finding => finding.id,
    onPage
  })
}

/**
 * The ids of every finding of one list, each once: for a list read only to learn which findings
 * are in it (a policy-mode list). Read to its end like any list.
 */
export function readFindingIds(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  plannedPages: number
): Promise<number[]> {
  return readList(transport, deploymentSlug, query, plannedPages, {
    decode: (bytes, request) =>
      findingsOfPage(bytes, query.type, request).map((raw, index) => idOf(raw, index, request)),
    key: id => id
  })
}

interface ListReading<T> {
  readonly decode: (bytes: Buffer, request: RequestLabel) => T[]
  readonly key: (item: T) => number
  readonly onPage?: (items: readonly T[]) => void
}

function readList<T>(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  plannedPages: number,
  reading: ListReading<T>
): Promise<T[]> {
  const path = findingsPath(deploymentSlug)
  const request: RequestLabel = { method: 'GET', path }
  const decode = (bytes: Buffer): T[] => reading.decode(bytes, request)
  return readPageNumberList(
    (page, signal) =>
      transport.request({
        method: 'GET',
        path,
        signal,
        query: {
          issue_type: query.type,
          repos: [query.repository],
          ref: query.ref,
          status: query.status,
          since: query.since,
          policies: query.mode === undefined ? undefined : [MODE_FILTERS[query.mode]],
          page,
          page_size: FINDINGS_PAGE_SIZE
        },
        bodyReads: PAGE_READS,
        decode
      }),
    {
      pageSize: FINDINGS_PAGE_SIZE,
      plannedPages,
      window: FINDINGS_WINDOW,
      maxPages: MAX_FINDINGS_PAGES,
      key: reading.key,
      request,
      onPage: reading.onPage
    }
  )
}

/** A finding's id, as the full decoders read it; SchemaError naming the item when it has none. */
function idOf(raw: unknown, index: number, request: RequestLabel): number {
  const parsed = numericId.safeParse(isRecord(raw) ? raw.id : undefined)
  if (parsed.success) return parsed.data
  throw new SchemaError(request, formatIssues(parsed.error.issues, `findings[${index}].id`))
}

/** A page's findings as domain records; SchemaError for a page that is not a findings page. */
export function decodeFindingsPage(
  bytes: Buffer,
  type: PlatformIssueType,
  status: string,
  request: RequestLabel,
  pool: StringPool
): Finding[] {
  const list = findingsOfPage(bytes, type, request)
  const findings = new Array<Finding>(list.length)
  for (let index = 0; index < list.length; index++) {
    findings[index] = normaliseFinding(list[index], type, status, index, request, pool)
  }
  return findings
}

/** The raw findings of a page; SchemaError for a page that is not a findings page of `type`. */
function findingsOfPage(bytes: Buffer, type: PlatformIssueType, request: RequestLabel): unknown[] {
  let envelope: unknown
  try {
    const text = bytes.toString('utf8')
    envelope = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    throw new SchemaError(request, [`body: not valid JSON (${errorText(error).slice(0, 120)})`])
  }
  const list = findingsList(envelope, type)
  if (list === undefined) {
    const key = LIST_OF_TYPE[type]
    const expected = `findings: expected the list of ${type} findings ("findings" or "${key}.findings")`
    throw new SchemaError(request, [`${expected}; ${envelopeSummary(envelope, key)}`])
  }
  return list
}

/**
 * Turns one raw finding into a domain finding, or names the field that is wrong. The hand-written
 * decoder (findings-fast.ts) reads what it accepts; anything else goes to the zod schemas, which
 * say what is wrong. `decoder: 'schema'` uses the schemas alone (the specification the fast path is
 * tested against).
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
  const invalid = (error: z.ZodError): SchemaError =>
    new SchemaError(request, formatIssues(error.issues, `findings[${index}]`))
  // An AI-powered detection finding has a Code finding's fields (and `ai_impact`, not read).
  if (type === 'sast' || type === 'ai_sast') {
    const fast = decoder === 'fast' ? fastSastWire(raw) : undefined
    if (fast !== undefined) return toSast(fast, status, pool, type)
    const parsed = SastWire.safeParse(raw)
    if (!parsed.success) throw invalid(parsed.error)
    return toSast(parsed.data, status, pool, type)
  }
  const fast = decoder === 'fast' ? fastScaWire(raw) : undefined
  if (fast !== undefined) return toSca(fast, status, pool)
  const parsed = ScaWire.safeParse(raw)
  if (!parsed.success) throw invalid(parsed.error)
  return toSca(parsed.data, status, pool)
}

/*
 * The live service answers `{findings}`; the description says `{sastFindings:{findings}, ...}`.
 * A page is an answer only when it carries the requested type's list in one of the two: `{}`,
 * `{"findings": null}` or an error object read as "no findings" would pass the gate unchecked.
 */

/**
 * The findings of `type` in a parsed page: those of the live `findings` list and of the documented
 * `<type>Findings.findings` (a page carrying both has both counted, none dropped). Undefined when
 * neither is an array.
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
