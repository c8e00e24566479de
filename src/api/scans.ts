import { z } from 'zod'
import type { Scan, ScanFindingsCounts, ScanStatus } from '../domain.js'
import type { Transport } from './transport.js'
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

/** What a search returned, and the server's clock when it answered. */
export interface ScansSeen {
  readonly scans: readonly Scan[]
  /** Epoch ms from the answer's Date header (the server's clock); undefined without one. */
  readonly serverTime?: number
}

/** The documented maximum. */
const PAGE_LIMIT = 500

export function scansSearchPath(deploymentId: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/scans/search`
}

const HINTS = {
  401: 'check api-token; or set require-scan: none to gate without proving the scan',
  404: 'the scans search (beta) is not available to this token or deployment; set require-scan: none to gate without proving the scan',
  403: 'the token cannot search scans; give it Web API access, or set require-scan: none to gate without proving the scan'
}

/**
 * The repository's scans of the past 30 days (what the service keeps), newest first as the server
 * orders them, at most `maxPages` pages of 500: the evidence is among the newest. The caller checks
 * that each scan is of the repository and branch asked for: a server may not apply the filters.
 */
export async function searchScans(
  transport: Transport,
  deploymentId: string,
  query: ScanQuery,
  maxPages = 4
): Promise<ScansSeen> {
  const path = scansSearchPath(deploymentId)
  const scans: Scan[] = []
  let serverTime: number | undefined
  let cursor: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const answer = await transport.answer({
      method: 'POST',
      path,
      // A search creates nothing: safe to retry.
      idempotent: true,
      body: {
        deployment_id: deploymentId,
        repository_id: Number(query.repositoryId),
        ...(query.branch !== undefined ? { branch: query.branch } : {}),
        limit: PAGE_LIMIT,
        ...(cursor !== undefined ? { cursor } : {})
      },
      schema: SearchResponse,
      hints: HINTS
    })
    serverTime ??= answer.serverTime
    scans.push(...answer.value.scans.map(toScan))
    cursor = answer.value.cursor ?? undefined
    // The evidence is among the newest scans; older pages do not change it.
    if (answer.value.scans.length < PAGE_LIMIT || cursor === undefined || cursor === '') break
  }
  return { scans, ...(serverTime !== undefined ? { serverTime } : {}) }
}
