/**
 * A scan and what it found, added in one call (tests): the scan record, and the SAST, SCA, secrets
 * and AI SAST findings naming it (`scanId`) on its repository and branch, at its commit. The lists
 * show them while the scan is its branch's newest completed scan of their product
 * (api/scan-findings.ts); a scan still running shows them once it completes.
 */
import type {
  AiSastFindingRecord,
  EmulatorState,
  ProjectRecord,
  SastFindingRecord,
  ScaFindingRecord,
  ScanRecord,
  ScanStatus,
  SecretRecord
} from './records.js'
import {
  aiSastFinding,
  lineUrl,
  sastFinding,
  scaFinding,
  scan,
  secretFinding
} from './factories.js'
import { MINUTE_MS, stableHex } from './seed.js'

export interface ScanSpec {
  /** A project of the emulator (`acme/web`; case-insensitive). */
  repository: string
  /** The ref as the scanner recorded it: `refs/heads/main`, `refs/pull/7/merge`, `main`. */
  branch: string
  /** Default: a stable 40-hex digest of the repository, branch and scan id. */
  commit?: string
  /**
   * Default `['sast', 'sca', 'secrets', 'ai_sast']`; `code`, `supply_chain`, `PRODUCT_SAST`,
   * `PRODUCT_AI_SAST`... also count.
   */
  enabledProducts?: string[]
  /**
   * Default: 2 minutes before completedAt when that is given, the server's now with runningForMs,
   * else 3 minutes before the server's now.
   */
  startedAt?: Date
  /** Default: 2 minutes after startedAt. Later than the server's now: RUNNING until then. */
  completedAt?: Date
  /** RUNNING for this long from the server's now, then `status`; not with completedAt. */
  runningForMs?: number
  /** The status once finished; default SCAN_STATUS_COMPLETED. RUNNING or PENDING: for good. */
  status?: ScanStatus
  isFullScan?: boolean
  /** What it found: factory overrides; the repository, ref and scanId are the scan's. */
  sast?: Partial<SastFindingRecord>[]
  sca?: Partial<ScaFindingRecord>[]
  secrets?: Partial<SecretRecord>[]
  aiSast?: Partial<AiSastFindingRecord>[]
}

function projectOf(state: EmulatorState, name: string): ProjectRecord {
  const project = state.projects.find(p => p.name.toLowerCase() === name.toLowerCase())
  if (project === undefined) {
    throw new Error(
      `addScan: repository '${name}' is not a project of the emulator; add it to state.projects first (factory project())`
    )
  }
  return project
}

interface Timing {
  startedAt: Date
  completedAt: Date | null
  runningUntil: number | undefined
}

/** When the scan started and completed, on the server's clock (`nowMs`). */
function timing(spec: ScanSpec, nowMs: number): Timing {
  const { runningForMs, completedAt } = spec
  if (runningForMs !== undefined) {
    if (!(runningForMs >= 0))
      throw new Error(`addScan: runningForMs must be >= 0, got ${runningForMs}`)
    if (completedAt !== undefined)
      throw new Error('addScan: give completedAt or runningForMs, not both')
    const runningUntil = nowMs + runningForMs
    return {
      startedAt: spec.startedAt ?? new Date(nowMs),
      completedAt: new Date(runningUntil),
      runningUntil
    }
  }
  const startedAt =
    spec.startedAt ??
    new Date(
      completedAt === undefined ? nowMs - 3 * MINUTE_MS : completedAt.getTime() - 2 * MINUTE_MS
    )
  const status = spec.status ?? 'SCAN_STATUS_COMPLETED'
  if (status === 'SCAN_STATUS_RUNNING' || status === 'SCAN_STATUS_PENDING') {
    return { startedAt, completedAt: null, runningUntil: undefined }
  }
  const end = completedAt ?? new Date(startedAt.getTime() + 2 * MINUTE_MS)
  if (end < startedAt) throw new Error('addScan: completedAt is before startedAt')
  return {
    startedAt,
    completedAt: end,
    runningUntil: end.getTime() > nowMs ? end.getTime() : undefined
  }
}

/** 1 when the scan found something (semgrep ci exits 1 on blocking findings), else 0; 2 on error. */
function exitCode(status: ScanStatus, found: number): number | null {
  if (status === 'SCAN_STATUS_COMPLETED') return found > 0 ? 1 : 0
  return status === 'SCAN_STATUS_ERROR' ? 2 : null
}

/** Adds the scan and its findings to `state`; `nowMs` is the server clock's now. */
export function addScanWithFindings(
  state: EmulatorState,
  spec: ScanSpec,
  nowMs: number
): ScanRecord {
  if (spec.branch === '') throw new Error('addScan: branch must not be empty')
  const project = projectOf(state, spec.repository)
  const { startedAt, completedAt, runningUntil } = timing(spec, nowMs)
  const found =
    (spec.sast?.length ?? 0) +
    (spec.sca?.length ?? 0) +
    (spec.secrets?.length ?? 0) +
    (spec.aiSast?.length ?? 0)
  const status = spec.status ?? 'SCAN_STATUS_COMPLETED'
  const record = scan(
    {
      repositoryId: project.id,
      branch: spec.branch,
      commit: '',
      status,
      isFullScan: spec.isFullScan ?? true,
      startedAt,
      completedAt,
      exitCode: exitCode(status, found),
      enabledProducts: spec.enabledProducts ?? ['sast', 'sca', 'secrets', 'ai_sast'],
      ownFindings: true
    },
    new Date(nowMs)
  )
  record.commit = spec.commit ?? stableHex(`commit:${project.name}:${spec.branch}:${record.id}`, 40)
  if (runningUntil !== undefined) record.runningUntil = runningUntil
  state.scans.push(record)
  addFindings(state, spec, record, project)
  if (startedAt > project.latestScanAt) project.latestScanAt = startedAt
  return record
}

function addFindings(
  state: EmulatorState,
  spec: ScanSpec,
  record: ScanRecord,
  project: ProjectRecord
): void {
  const repository = { name: project.name, url: project.url }
  const mine = { repository, repositoryId: project.id, ref: record.branch, scanId: record.id }
  const since = { relevantSince: record.startedAt, firstSeenScanId: record.id }
  for (const overrides of spec.sast ?? []) {
    const finding = sastFinding({ ...since, ...overrides, ...mine })
    if (overrides.lineOfCodeUrl === undefined)
      finding.lineOfCodeUrl = lineUrl(repository, finding.location, record.commit)
    state.sastFindings.push(finding)
  }
  for (const overrides of spec.sca ?? []) {
    const finding = scaFinding({ ...since, ...overrides, ...mine })
    if (overrides.lineOfCodeUrl === undefined)
      finding.lineOfCodeUrl = lineUrl(repository, finding.location, record.commit)
    state.scaFindings.push(finding)
  }
  for (const overrides of spec.aiSast ?? []) {
    const finding = aiSastFinding({ ...since, ...overrides, ...mine })
    if (overrides.lineOfCodeUrl === undefined)
      finding.lineOfCodeUrl = lineUrl(repository, finding.location, record.commit)
    state.aiSastFindings.push(finding)
  }
  for (const overrides of spec.secrets ?? []) {
    state.secrets.findings.push(
      secretFinding({
        createdAt: record.startedAt,
        commit: record.commit,
        ...overrides,
        repository: project.name,
        ref: record.branch,
        scanId: record.id
      })
    )
  }
}

/** The findings that name a scan, per product. */
export function findingsOfScan(
  state: EmulatorState,
  scanId: number
): {
  sast: SastFindingRecord[]
  sca: ScaFindingRecord[]
  secrets: SecretRecord[]
  aiSast: AiSastFindingRecord[]
} {
  return {
    sast: state.sastFindings.filter(f => f.scanId === scanId),
    sca: state.scaFindings.filter(f => f.scanId === scanId),
    secrets: state.secrets.findings.filter(f => f.scanId === scanId),
    aiSast: state.aiSastFindings.filter(f => f.scanId === scanId)
  }
}
