import { z } from 'zod'
import type {
  Finding,
  FindingStatus,
  IssueType,
  Location,
  SastFinding,
  ScaFinding
} from '../domain.js'
import { SchemaError, type RequestLabel } from './errors.js'
import { pageNumberPages } from './paginate.js'
import { formatIssues } from './schema-issues.js'
import type { Transport } from './transport.js'
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
  usage: z.object({ location: LocationWire.nullish() }).nullish()
})

type CommonWire = z.infer<typeof SastWire> | z.infer<typeof ScaWire>

/**
 * One copy of each repeated string: rule names and messages, repositories and refs repeat across
 * thousands of findings, and JSON.parse gives every occurrence its own copy.
 */
export class StringPool {
  private readonly strings = new Map<string, string>()
  private readonly lists = new Map<string, readonly string[]>()

  intern(value: string): string
  intern(value: string | undefined): string | undefined
  intern(value: string | undefined): string | undefined {
    if (value === undefined) return undefined
    const known = this.strings.get(value)
    if (known !== undefined) return known
    this.strings.set(value, value)
    return value
  }

  list(values: readonly string[]): readonly string[] {
    if (values.length === 0) return EMPTY
    const key = values.join('\u0000')
    const known = this.lists.get(key)
    if (known !== undefined) return known
    const frozen = Object.freeze(values.map(value => this.intern(value)))
    this.lists.set(key, frozen)
    return frozen
  }
}

const EMPTY: readonly string[] = Object.freeze([])

function commonFields(wire: CommonWire, fallbackStatus: string, pool: StringPool) {
  const ticket = wire.external_ticket
  const slug = ticket?.externalSlug ?? ticket?.external_slug
  const hasTicket = ticket && (ticket.id || ticket.url || slug)
  return {
    id: wire.id,
    ruleName: pool.intern(wire.rule?.name ?? wire.rule_name ?? '(unnamed rule)'),
    ruleMessage: pool.intern(wire.rule?.message ?? wire.rule_message ?? ''),
    severity: wire.severity,
    confidence: pool.intern(wire.confidence ?? undefined),
    status: pool.intern(wire.status ?? fallbackStatus),
    ref: pool.intern(wire.ref ?? ''),
    repository: pool.intern(wire.repository.name),
    url: wire.line_of_code_url ?? undefined,
    matchBasedId: wire.match_based_id ?? undefined,
    syntacticId: wire.syntactic_id ?? undefined,
    relevantSince: wire.relevant_since ?? undefined,
    externalTicket: hasTicket
      ? { id: ticket.id ?? slug ?? undefined, url: ticket.url ?? undefined }
      : undefined,
    categories: pool.list(wire.categories),
    cwe: pool.list(wire.rule?.cweNames ?? wire.rule?.cwe_names ?? []),
    owasp: pool.list(wire.rule?.owaspNames ?? wire.rule?.owasp_names ?? [])
  }
}

function toSast(wire: z.infer<typeof SastWire>, status: string, pool: StringPool): SastFinding {
  const policy = wire.sourcing_policy
  return {
    ...commonFields(wire, status, pool),
    type: 'sast',
    location: toLocation(wire.location, pool),
    sourcingPolicy: policy
      ? {
          id: pool.intern(policy.id),
          name: pool.intern(policy.name ?? undefined),
          slug: pool.intern(policy.slug ?? undefined)
        }
      : undefined
  }
}

function toSca(wire: z.infer<typeof ScaWire>, status: string, pool: StringPool): ScaFinding {
  const dependency = wire.found_dependency
  return {
    ...commonFields(wire, status, pool),
    type: 'sca',
    location: toLocation(wire.location, pool) ?? toLocation(wire.usage?.location, pool),
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
    fixVersions: pool.list(
      (wire.fix_recommendations ?? [])
        .map(fix => (fix.package && fix.version ? `${fix.package}@${fix.version}` : fix.version))
        .filter((fix): fix is string => typeof fix === 'string' && fix !== '')
    )
  }
}

const rawList = z.array(z.unknown())

/** The live service answers `{findings}`; the description says `{sastFindings:{findings}, ...}`. */
const FindingsEnvelope = z.union([
  z.object({ findings: rawList }),
  z.object({
    sastFindings: z.object({ findings: rawList.nullish() }).nullish(),
    scaFindings: z.object({ findings: rawList.nullish() }).nullish()
  })
])

function itemsOf(envelope: z.infer<typeof FindingsEnvelope>, type: IssueType): unknown[] {
  if ('findings' in envelope) return envelope.findings
  const list = type === 'sast' ? envelope.sastFindings : envelope.scaFindings
  return list?.findings ?? []
}

/** Turns one raw page into domain findings; the raw page is garbage as soon as this returns. */
export function normaliseFindings(
  items: readonly unknown[],
  type: IssueType,
  status: string,
  request: RequestLabel,
  pool: StringPool = new StringPool()
): Finding[] {
  const out: Finding[] = []
  for (let index = 0; index < items.length; index++) {
    const raw = items[index]
    if (type === 'sast') {
      const parsed = SastWire.safeParse(raw)
      if (!parsed.success)
        throw new SchemaError(request, formatIssues(parsed.error.issues, `findings[${index}]`))
      out.push(toSast(parsed.data, status, pool))
    } else {
      const parsed = ScaWire.safeParse(raw)
      if (!parsed.success)
        throw new SchemaError(request, formatIssues(parsed.error.issues, `findings[${index}]`))
      out.push(toSca(parsed.data, status, pool))
    }
  }
  return out
}

export interface FindingsQuery {
  readonly type: IssueType
  readonly repository: string
  readonly ref: string
  readonly status: FindingStatus
  /** Epoch seconds; filters on relevant_since. */
  readonly since?: number
  readonly policies?: readonly string[]
}

export interface FindingsPaging {
  /** The documented maximum is 3000: fewest round trips. */
  readonly pageSize: number
  readonly concurrency: number
  readonly maxPages: number
}

/**
 * Three pages in flight per type (SAST and SCA are fetched side by side): enough to hide the
 * latency of a round trip behind the server's own page time, while bounding both the raw pages
 * held in memory at once and the speculative requests past the end of the list.
 */
export const DEFAULT_FINDINGS_PAGING: FindingsPaging = {
  pageSize: 3000,
  concurrency: 3,
  maxPages: 2000
}

export function findingsPath(deploymentSlug: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/findings`
}

/** Pages of the findings of one type, every scope filter sent to the server. */
export function findingPages(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  paging: FindingsPaging = DEFAULT_FINDINGS_PAGING
): AsyncGenerator<readonly Finding[]> {
  const path = findingsPath(deploymentSlug)
  const request: RequestLabel = { method: 'GET', path }
  const pool = new StringPool()
  const fetchPage = async (page: number, signal: AbortSignal): Promise<Finding[]> => {
    const envelope = await transport.request({
      method: 'GET',
      path,
      signal,
      query: {
        issue_type: query.type,
        repos: [query.repository],
        ref: query.ref,
        status: query.status,
        since: query.since,
        policies: query.policies,
        page,
        page_size: paging.pageSize
      },
      schema: FindingsEnvelope
    })
    try {
      return normaliseFindings(
        itemsOf(envelope, query.type),
        query.type,
        query.status,
        request,
        pool
      )
    } catch (error) {
      // The problems quote received values, which a server may have echoed the token into.
      if (error instanceof SchemaError)
        throw new SchemaError(
          request,
          error.problems.map(problem => transport.redact(problem))
        )
      throw error
    }
  }
  return pageNumberPages(fetchPage, {
    pageSize: paging.pageSize,
    concurrency: paging.concurrency,
    endOn: 'short-page',
    maxPages: paging.maxPages,
    key: finding => finding.id,
    request
  })
}
