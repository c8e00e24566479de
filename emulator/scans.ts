/**
 * Scans: what the scanner recorded per CI run, and `POST /deployments/{id}/scans/search`.
 *
 * The service records the ref and commit each scan ran on, spelled the way the CI that ran it
 * spells them: GitHub Actions records `refs/heads/main` (or `refs/pull/<n>/merge`, or the bare head
 * branch on `pull_request_target`), the CLI elsewhere and GitLab CI the bare `main`. A scan is
 * RUNNING until it finishes; a scan by `semgrep ci` completes when its upload ends, a managed scan
 * later. The search covers the past 30 days, newest first, paged by an opaque cursor.
 */
import { stableHex, type EmulatorState } from './data.js'
import { formatTimestamp, type JsonObject, type WireShape } from './wire.js'

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
  /** Real-clock epoch ms until which the scan is still RUNNING (then it has `status`). */
  runningUntil?: number
  enabledProducts: string[]
}

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
const SEARCH_WINDOW_MS = 30 * DAY_MS
const DEFAULT_LIMIT = 100
const MAX_LIMIT = 500

/** The commit the sample findings of a repository and ref were found at (their line URLs say so). */
export function sampleCommit(repository: string, ref: string): string {
  return stableHex(`commit:${repository}:${ref}`, 40)
}

/** Sample scans are numbered from here in a fixed order; scans made by tests from 890_000. */
export const SAMPLE_SCAN_ID_BASE = 880_000
let nextScanId = 890_000

/** A scan record with realistic defaults: a completed full scan of `commit`, an hour ago. */
export function scan(
  overrides: Partial<ScanRecord> & Pick<ScanRecord, 'repositoryId' | 'branch' | 'commit'>,
  now: Date = new Date()
): ScanRecord {
  const startedAt = overrides.startedAt ?? new Date(now.getTime() - 60 * MINUTE_MS)
  const status = overrides.status ?? 'SCAN_STATUS_COMPLETED'
  const finished = status !== 'SCAN_STATUS_RUNNING' && status !== 'SCAN_STATUS_PENDING'
  return {
    id: nextScanId++,
    isFullScan: true,
    completedAt: finished ? new Date(startedAt.getTime() + 2 * MINUTE_MS) : null,
    exitCode: status === 'SCAN_STATUS_COMPLETED' ? 1 : status === 'SCAN_STATUS_ERROR' ? 2 : null,
    enabledProducts: ['sast', 'sca', 'secrets'],
    ...overrides,
    status,
    startedAt
  }
}

/**
 * One completed scan per repository and ref that has findings, at the commit the findings name,
 * plus a history for acme/web: older commits of main, a failed and a cancelled scan, and a scan by
 * the CLI of a laptop that records the bare branch name.
 */
export function sampleScans(state: EmulatorState, now: Date): ScanRecord[] {
  const projectIds = new Map(state.projects.map(p => [p.name.toLowerCase(), p.id]))
  const heads = new Map<string, ScanRecord>()
  for (const finding of [...state.sastFindings, ...state.scaFindings]) {
    const { name } = finding.repository
    const key = `${name}\u0000${finding.ref}`
    const repositoryId = projectIds.get(name.toLowerCase())
    if (heads.has(key) || repositoryId === undefined) continue
    const ago = finding.ref.startsWith('refs/pull/') ? 20 * MINUTE_MS : 2 * 60 * MINUTE_MS
    heads.set(
      key,
      scan(
        {
          repositoryId,
          branch: finding.ref,
          commit: sampleCommit(name, finding.ref),
          isFullScan: !finding.ref.startsWith('refs/pull/'),
          startedAt: new Date(now.getTime() - ago)
        },
        now
      )
    )
  }
  const web = projectIds.get('acme/web')
  const history: ScanRecord[] =
    web === undefined
      ? []
      : [
          ...[1, 2, 3].map(days =>
            scan(
              {
                repositoryId: web,
                branch: 'refs/heads/main',
                commit: stableHex(`commit:acme/web:main:${days}`, 40),
                startedAt: new Date(now.getTime() - days * DAY_MS)
              },
              now
            )
          ),
          scan(
            {
              repositoryId: web,
              branch: 'refs/heads/main',
              commit: stableHex('commit:acme/web:main:failed', 40),
              status: 'SCAN_STATUS_ERROR',
              startedAt: new Date(now.getTime() - 3 * 60 * MINUTE_MS)
            },
            now
          ),
          scan(
            {
              repositoryId: web,
              branch: 'refs/heads/release',
              commit: stableHex('commit:acme/web:release:cancelled', 40),
              status: 'SCAN_STATUS_CANCELLED',
              startedAt: new Date(now.getTime() - 5 * 60 * MINUTE_MS)
            },
            now
          ),
          scan(
            {
              repositoryId: web,
              branch: 'experiment',
              commit: stableHex('commit:acme/web:experiment', 40),
              isFullScan: true,
              startedAt: new Date(now.getTime() - 4 * DAY_MS)
            },
            now
          )
        ]
  return [...heads.values(), ...history].map((record, index) => ({
    ...record,
    id: SAMPLE_SCAN_ID_BASE + index
  }))
}

/** The completed sample scan whose findings a repository and ref show. */
export function headScan(
  state: EmulatorState,
  repository: string,
  ref: string
): ScanRecord | undefined {
  const commit = sampleCommit(repository, ref)
  return state.scans.find(record => record.commit === commit && record.branch === ref)
}

/** A bad request field: the server answers 400 naming it. */
export class ScanSearchError extends Error {}

function field(body: Record<string, unknown>, snake: string, camel: string): unknown {
  return body[snake] ?? body[camel]
}

function integerField(
  body: Record<string, unknown>,
  snake: string,
  camel: string
): number | undefined {
  const value = field(body, snake, camel)
  if (value === undefined || value === null) return undefined
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new ScanSearchError(`Invalid value for '${snake}': expected an integer`)
  }
  return number
}

function statusesField(body: Record<string, unknown>): Set<string> | undefined {
  const value = body.statuses
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || !value.every(item => SCAN_STATUSES.some(s => s === item))) {
    throw new ScanSearchError(`Invalid value for 'statuses': expected ${SCAN_STATUSES.join(', ')}`)
  }
  return new Set(value as string[])
}

/** What a record looks like at `nowMs` (a running scan finishes when its time has come). */
function statusAt(
  record: ScanRecord,
  nowMs: number
): Pick<ScanRecord, 'status' | 'completedAt' | 'exitCode'> {
  if (record.runningUntil !== undefined && record.runningUntil > nowMs) {
    return { status: 'SCAN_STATUS_RUNNING', completedAt: null, exitCode: null }
  }
  const completedAt =
    record.runningUntil !== undefined ? new Date(record.runningUntil) : record.completedAt
  return { status: record.status, completedAt, exitCode: record.exitCode }
}

export function renderScan(
  record: ScanRecord,
  deploymentId: string,
  nowMs: number,
  shape: WireShape
): JsonObject {
  const { status, completedAt, exitCode } = statusAt(record, nowMs)
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
    enabled_products: record.enabledProducts
  }
}

function encodeCursor(offset: number): string {
  return Buffer.from(`scans:${offset}`).toString('base64url')
}

function decodeCursor(text: string): number {
  const match = /^scans:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  if (!match) throw new ScanSearchError(`Invalid value for 'cursor': not a cursor of this search`)
  return Number(match[1])
}

/** The body of a search: the scans of the past 30 days matching every filter, newest first. */
export function searchScans(
  state: EmulatorState,
  body: Record<string, unknown>,
  clock: { nowMs: number; windowEndMs: number },
  shape: WireShape
): JsonObject {
  const { nowMs } = clock
  const repositoryId = integerField(body, 'repository_id', 'repositoryId')
  const branch = field(body, 'branch', 'branch')
  if (branch !== undefined && typeof branch !== 'string') {
    throw new ScanSearchError(`Invalid value for 'branch': expected a string`)
  }
  const statuses = statusesField(body)
  const limit = integerField(body, 'limit', 'limit') ?? DEFAULT_LIMIT
  if (limit < 1 || limit > MAX_LIMIT) {
    throw new ScanSearchError(`Invalid value for 'limit': must be between 1 and ${MAX_LIMIT}`)
  }
  const cursor = field(body, 'cursor', 'cursor')
  const offset = typeof cursor === 'string' && cursor !== '' ? decodeCursor(cursor) : 0
  const matching = state.scans
    .filter(
      record =>
        record.startedAt.getTime() >= clock.windowEndMs - SEARCH_WINDOW_MS &&
        (repositoryId === undefined || record.repositoryId === repositoryId) &&
        (branch === undefined || branch === '' || record.branch === branch) &&
        (statuses === undefined || statuses.has(statusAt(record, nowMs).status))
    )
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id)
  const page = matching.slice(offset, offset + limit)
  const more = offset + limit < matching.length
  return {
    scans: page.map(record => renderScan(record, state.deployment.id, nowMs, shape)),
    ...(more ? { cursor: encodeCursor(offset + limit) } : {})
  }
}
