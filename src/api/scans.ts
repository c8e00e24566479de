import { z } from 'zod'
import type { Scan, ScanFindingsCounts, ScanStatus } from '../domain.js'
import type { RequestLabel } from './errors.js'
import { cursorPages } from './paginate.js'
import type { RequestOptions, Transport } from './transport.js'
import { numericId, optionalString, stringId, timestamp } from './wire.js'

const STATUS_OF_WIRE: Readonly<Record<string, ScanStatus>> = {
  SCAN_STATUS_PENDING: 'pending',
  SCAN_STATUS_RUNNING: 'running',
  SCAN_STATUS_COMPLETED: 'completed',
  SCAN_STATUS_ERROR: 'error',
  SCAN_STATUS_CANCELLED: 'cancelled',
  SCAN_STATUS_NEVER_FINISHED: 'never_finished'
}

/**
 * The counts only size the findings requests, never the verdict: a count that cannot be read is
 * no count, not a failed run. int64 values come as strings (the OpenAPI) or numbers.
 */
const count = numericId.nullish().catch(undefined)
const FindingsCountsWire = z
  .object({ code: count, supply_chain: count, secrets: count })
  .nullish()
  .catch(undefined)

function toFindingsCounts(
  wire: z.infer<typeof FindingsCountsWire>
): ScanFindingsCounts | undefined {
  if (!wire) return undefined
  const counts: ScanFindingsCounts = {
    ...(wire.code != null ? { sast: wire.code } : {}),
    ...(wire.supply_chain != null ? { sca: wire.supply_chain } : {}),
    ...(wire.secrets != null ? { secrets: wire.secrets } : {})
  }
  return Object.keys(counts).length > 0 ? counts : undefined
}

/** Strict on what the evidence rests on (which commit, which ref, which status), lenient elsewhere. */
const ScanWire = z.object({
  id: stringId,
  repository_id: stringId,
  branch: z.string(),
  commit: z.string().min(1),
  status: z.string(),
  is_full_scan: z.boolean().nullish(),
  started_at: timestamp.nullish(),
  completed_at: timestamp.nullish(),
  enabled_products: z.array(z.string()).nullish(),
  findings_counts: FindingsCountsWire
})

const SearchResponse = z.object({
  scans: z.array(ScanWire),
  cursor: optionalString
})

function toScan(wire: z.infer<typeof ScanWire>): Scan {
  return {
    id: wire.id,
    repositoryId: wire.repository_id,
    branch: wire.branch,
    commit: wire.commit.toLowerCase(),
    status: STATUS_OF_WIRE[wire.status] ?? 'unknown',
    statusText: wire.status,
    fullScan: wire.is_full_scan ?? undefined,
    startedAt: wire.started_at ?? undefined,
    completedAt: wire.completed_at ?? undefined,
    enabledProducts: wire.enabled_products ?? undefined,
    findingsCounts: toFindingsCounts(wire.findings_counts)
  }
}

export interface ScanQuery {
  readonly repositoryId: string
  /** Exactly as the scanner records it; omitted: every branch. */
  readonly branch?: string
}

/** The documented maximum. */
const PAGE_LIMIT = 500

export function scansSearchPath(deploymentId: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/scans/search`
}

function searchPage(
  transport: Transport,
  path: string,
  body: Readonly<Record<string, unknown>>,
  options: Pick<RequestOptions, 'signal' | 'rateLimit'> = {}
): Promise<z.infer<typeof SearchResponse>> {
  return transport.request({
    method: 'POST',
    path,
    // A search creates nothing: safe to retry.
    idempotent: true,
    body,
    ...options,
    schema: SearchResponse,
    hints: {
      401: 'check api-token; or set require-scan: none to gate without proving the scan',
      404: 'the scans search (beta) is not available to this token or deployment; set require-scan: none to gate without proving the scan',
      403: 'the token cannot search scans; give it Web API access, or set require-scan: none to gate without proving the scan'
    }
  })
}

/**
 * The repository's scans of the past 30 days (what the service keeps), newest first as the server
 * orders them, at most `maxPages` pages of 500: the evidence is among the newest.
 */
export async function searchScans(
  transport: Transport,
  deploymentId: string,
  query: ScanQuery,
  maxPages = 4
): Promise<Scan[]> {
  const path = scansSearchPath(deploymentId)
  const request: RequestLabel = { method: 'POST', path }
  const scans: Scan[] = []
  const pages = cursorPages(
    async cursor => {
      const page = await searchPage(transport, path, {
        deployment_id: deploymentId,
        repository_id: Number(query.repositoryId),
        ...(query.branch !== undefined ? { branch: query.branch } : {}),
        limit: PAGE_LIMIT,
        ...(cursor !== undefined ? { cursor } : {})
      })
      return {
        items: page.scans.map(toScan),
        next: page.cursor ?? undefined,
        hasMore: page.scans.length < PAGE_LIMIT ? false : undefined
      }
    },
    { maxPages: maxPages + 1, request }
  )
  // The evidence is among the newest scans; older pages do not change it.
  let read = 0
  for await (const page of pages) {
    scans.push(...page)
    if (++read >= maxPages) break
  }
  return scans
}

/** How many of the deployment's newest scans of a branch {@link newestScansOfBranch} reads. */
export const NEWEST_SCANS_LIMIT = 100

/**
 * One page of the deployment's newest scans of `branch` (as the scanner spells it), of every
 * repository: what a search can return before the repository's id is known. A 429 or 503 is
 * thrown at once rather than waited out (`rateLimit: 'caller'`); `signal` cancels the search and
 * any retry still to come.
 */
export async function newestScansOfBranch(
  transport: Transport,
  deploymentId: string,
  branch: string,
  options: Pick<RequestOptions, 'signal' | 'rateLimit'> = {}
): Promise<Scan[]> {
  const body = { deployment_id: deploymentId, branch, limit: NEWEST_SCANS_LIMIT }
  const page = await searchPage(transport, scansSearchPath(deploymentId), body, options)
  return page.scans.map(toScan)
}
