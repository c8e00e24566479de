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
  camelObject,
  numericId,
  optionalString,
  reachability,
  severity,
  stringId,
  stringList,
  timestamp
} from './wire.js'

const LocationWire = camelObject({
  filePath: optionalString,
  path: optionalString,
  line: z.number().nullish(),
  startLine: z.number().nullish(),
  column: z.number().nullish(),
  startCol: z.number().nullish(),
  endLine: z.number().nullish(),
  endColumn: z.number().nullish(),
  endCol: z.number().nullish()
})
type LocationWire = z.infer<typeof LocationWire>

function toLocation(wire: LocationWire | null | undefined): Location | undefined {
  const path = wire?.filePath ?? wire?.path
  if (!wire || !path) return undefined
  return {
    path,
    line: positive(wire.line ?? wire.startLine),
    column: positive(wire.column ?? wire.startCol),
    endLine: positive(wire.endLine),
    endColumn: positive(wire.endColumn ?? wire.endCol)
  }
}

function positive(value: number | null | undefined): number | undefined {
  return value !== null && value !== undefined && value > 0 ? Math.trunc(value) : undefined
}

const common = {
  id: numericId,
  ruleName: optionalString,
  ruleMessage: optionalString,
  rule: camelObject({
    name: optionalString,
    message: optionalString,
    cweNames: stringList,
    owaspNames: stringList
  }).nullish(),
  severity,
  confidence: optionalString,
  status: optionalString,
  ref: optionalString,
  repository: camelObject({ name: z.string(), url: optionalString }),
  location: LocationWire.nullish(),
  lineOfCodeUrl: optionalString,
  matchBasedId: optionalString,
  syntacticId: optionalString,
  relevantSince: timestamp.nullish(),
  externalTicket: camelObject({
    id: stringId.nullish(),
    url: optionalString,
    externalSlug: optionalString
  }).nullish(),
  categories: stringList
}

const SastWire = camelObject({
  ...common,
  sourcingPolicy: camelObject({
    id: stringId,
    name: optionalString,
    slug: optionalString
  }).nullish()
})

const ScaWire = camelObject({
  ...common,
  reachability,
  isMalicious: z.boolean().nullish(),
  vulnerabilityIdentifier: optionalString,
  foundDependency: camelObject({
    package: z.string(),
    version: optionalString,
    ecosystem: optionalString,
    transitivity: optionalString
  }).nullish(),
  fixRecommendations: z
    .array(camelObject({ package: optionalString, version: optionalString }))
    .nullish(),
  usage: camelObject({ location: LocationWire.nullish() }).nullish()
})

type CommonWire = z.infer<typeof SastWire> | z.infer<typeof ScaWire>

function commonFields(wire: CommonWire, fallbackStatus: string) {
  const ticket = wire.externalTicket
  const hasTicket = ticket && (ticket.id || ticket.url || ticket.externalSlug)
  return {
    id: wire.id,
    ruleName: wire.rule?.name ?? wire.ruleName ?? '(unnamed rule)',
    ruleMessage: wire.rule?.message ?? wire.ruleMessage ?? '',
    severity: wire.severity,
    confidence: wire.confidence ?? undefined,
    status: wire.status ?? fallbackStatus,
    ref: wire.ref ?? '',
    repository: wire.repository.name,
    url: wire.lineOfCodeUrl ?? undefined,
    matchBasedId: wire.matchBasedId ?? undefined,
    syntacticId: wire.syntacticId ?? undefined,
    relevantSince: wire.relevantSince ?? undefined,
    externalTicket: hasTicket
      ? { id: ticket.id ?? ticket.externalSlug ?? undefined, url: ticket.url ?? undefined }
      : undefined,
    categories: wire.categories,
    cwe: wire.rule?.cweNames ?? [],
    owasp: wire.rule?.owaspNames ?? []
  }
}

function toSast(wire: z.infer<typeof SastWire>, status: string): SastFinding {
  const policy = wire.sourcingPolicy
  return {
    ...commonFields(wire, status),
    type: 'sast',
    location: toLocation(wire.location),
    sourcingPolicy: policy
      ? { id: policy.id, name: policy.name ?? undefined, slug: policy.slug ?? undefined }
      : undefined
  }
}

function toSca(wire: z.infer<typeof ScaWire>, status: string): ScaFinding {
  const dependency = wire.foundDependency
  return {
    ...commonFields(wire, status),
    type: 'sca',
    location: toLocation(wire.location) ?? toLocation(wire.usage?.location),
    reachability: wire.reachability,
    malicious: wire.isMalicious === true,
    vulnerabilityId: wire.vulnerabilityIdentifier ?? undefined,
    dependency: dependency
      ? {
          package: dependency.package,
          version: dependency.version ?? '',
          ecosystem: dependency.ecosystem ?? undefined,
          transitivity: dependency.transitivity ?? undefined
        }
      : undefined,
    fixVersions: (wire.fixRecommendations ?? [])
      .map(fix => (fix.package && fix.version ? `${fix.package}@${fix.version}` : fix.version))
      .filter((fix): fix is string => typeof fix === 'string' && fix !== '')
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
  request: RequestLabel
): Finding[] {
  const out: Finding[] = []
  for (let index = 0; index < items.length; index++) {
    const raw = items[index]
    if (type === 'sast') {
      const parsed = SastWire.safeParse(raw)
      if (!parsed.success)
        throw new SchemaError(request, formatIssues(parsed.error.issues, `findings[${index}]`))
      out.push(toSast(parsed.data, status))
    } else {
      const parsed = ScaWire.safeParse(raw)
      if (!parsed.success)
        throw new SchemaError(request, formatIssues(parsed.error.issues, `findings[${index}]`))
      out.push(toSca(parsed.data, status))
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

export const DEFAULT_FINDINGS_PAGING: FindingsPaging = {
  pageSize: 3000,
  concurrency: 6,
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
  const fetchPage = async (page: number): Promise<Finding[]> => {
    const envelope = await transport.request({
      method: 'GET',
      path,
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
    return normaliseFindings(itemsOf(envelope, query.type), query.type, query.status, request)
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
