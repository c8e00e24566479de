/**
 * `POST /deployments/{id}/scans/search`: what the scanner recorded per CI run.
 *
 * A scan is RUNNING until it finishes; a scan by `semgrep ci` completes when its upload ends, a
 * managed scan later. The search covers the past 30 days, newest first, paged by an opaque cursor.
 */
import type { EmulatorState, ScanRecord } from '../data/records.js'
import { SCAN_STATUSES } from '../data/records.js'
import { DAY_MS } from '../data/seed.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import { badParam, field, isPath, objectBody, ok } from '../request.js'
import { formatTimestamp, type JsonObject, type WireShape } from '../wire.js'
import { scanCounter, type FindingsCounts } from './scan-findings.js'
import { statusAt } from './scan-state.js'

const SEARCH_WINDOW_MS = 30 * DAY_MS
const DEFAULT_LIMIT = 100
const MAX_LIMIT = 500

function integerField(
  body: Record<string, unknown>,
  snake: string,
  camel: string
): number | undefined {
  const value = field(body, snake, camel)
  if (value === undefined || value === null) return undefined
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw badParam(snake, 'expected an integer')
  }
  return number
}

function statusesField(body: Record<string, unknown>): Set<string> | undefined {
  const value = body.statuses
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || !value.every(item => SCAN_STATUSES.some(s => s === item))) {
    throw badParam('statuses', `expected ${SCAN_STATUSES.join(', ')}`)
  }
  return new Set(value as string[])
}

/** int64 values as strings, as the OpenAPI gives them; a product not run is left out. */
function renderCounts(counts: FindingsCounts): JsonObject {
  const text = (count: number | undefined): string | undefined =>
    count === undefined ? undefined : String(count)
  const { code, supplyChain, secrets } = counts
  return {
    code: text(code),
    supply_chain: text(supplyChain),
    secrets: text(secrets),
    total: String((code ?? 0) + (supplyChain ?? 0) + (secrets ?? 0))
  }
}

export function renderScan(
  record: ScanRecord,
  deploymentId: string,
  nowMs: number,
  shape: WireShape,
  counts: FindingsCounts
): JsonObject {
  const { status, completedAt, exitCode } = statusAt(record, nowMs)
  // Only a scan that has finished knows what it found.
  const found = status === 'SCAN_STATUS_COMPLETED' ? { findings_counts: renderCounts(counts) } : {}
  return {
    id: String(record.id),
    deployment_id: deploymentId,
    repository_id: String(record.repositoryId),
    branch: record.branch,
    commit: record.commit,
    status,
    is_full_scan: record.isFullScan,
    started_at: formatTimestamp(record.startedAt, shape, record.id),
    completed_at: completedAt ? formatTimestamp(completedAt, shape, record.id + 1) : null,
    exit_code: exitCode === null ? null : String(exitCode),
    enabled_products: record.enabledProducts,
    ...found
  }
}

function encodeCursor(offset: number): string {
  return Buffer.from(`scans:${offset}`).toString('base64url')
}

function decodeCursor(text: string): number {
  const match = /^scans:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  if (!match) throw badParam('cursor', 'not a cursor of this search')
  return Number(match[1])
}

/** What a search is asked, read and checked before any scan is looked at. */
interface SearchQuery {
  repositoryId: number | undefined
  branch: string | undefined
  statuses: Set<string> | undefined
  limit: number
  offset: number
}

function searchQuery(body: Record<string, unknown>): SearchQuery {
  const repositoryId = integerField(body, 'repository_id', 'repositoryId')
  const branch = field(body, 'branch', 'branch')
  if (branch !== undefined && typeof branch !== 'string') {
    throw badParam('branch', 'expected a string')
  }
  const statuses = statusesField(body)
  const limit = integerField(body, 'limit', 'limit') ?? DEFAULT_LIMIT
  if (limit < 1 || limit > MAX_LIMIT) {
    throw badParam('limit', `must be between 1 and ${MAX_LIMIT}`)
  }
  const cursor = field(body, 'cursor', 'cursor')
  const offset = typeof cursor === 'string' && cursor !== '' ? decodeCursor(cursor) : 0
  return { repositoryId, branch: branch === '' ? undefined : branch, statuses, limit, offset }
}

/**
 * The body of a search: the scans of the past 30 days matching every filter, newest first. A
 * server that ignores the filters (Environment.scansSearchIgnoresFilters) still checks them and
 * still pages, but lists the deployment's newest scans of every repository and branch.
 */
function searchScans(
  state: EmulatorState,
  query: SearchQuery,
  clock: { nowMs: number; windowEndMs: number },
  shape: WireShape
): JsonObject {
  const { nowMs } = clock
  const { repositoryId, branch, statuses, limit, offset } = query
  const matching = state.scans
    .filter(
      record =>
        record.startedAt.getTime() >= clock.windowEndMs - SEARCH_WINDOW_MS &&
        (repositoryId === undefined || record.repositoryId === repositoryId) &&
        (branch === undefined || record.branch === branch) &&
        (statuses === undefined || statuses.has(statusAt(record, nowMs).status))
    )
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id)
  const page = matching.slice(offset, offset + limit)
  const more = offset + limit < matching.length
  const countsOf = scanCounter(state)
  return {
    scans: page.map(record =>
      renderScan(record, state.deployment.id, nowMs, shape, countsOf(record))
    ),
    ...(more ? { cursor: encodeCursor(offset + limit) } : {})
  }
}

function scansSearch(ctx: RequestContext, env: Environment): ApiResponse {
  // The window counts back from the data's now, so that sample data of a fixed date stays in it.
  const clock = { nowMs: env.clock.nowMs(), windowEndMs: env.dataNow.getTime() }
  const asked = searchQuery(objectBody(ctx))
  const query = env.scansSearchIgnoresFilters()
    ? { ...asked, repositoryId: undefined, branch: undefined, statuses: undefined }
    : asked
  return ok(searchScans(env.state, query, clock, env.shape()))
}

export const scansRoutes: readonly Route[] = [
  { method: 'POST', key: 'id', matches: isPath('scans', 'search'), handle: scansSearch }
]
