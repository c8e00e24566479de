/**
 * Findings that belong to a scan: which of them the lists show, and what each scan counts.
 *
 * The live service shows a ref's findings as of the ref's newest completed scan that ran the
 * product (the scans themselves: semgrep-api.md §8). So a finding that names the scan that found
 * it (`scanId`) is listed only while that scan is, at the request's server time, the newest
 * COMPLETED scan of its repository and branch among the scans that ran the finding's product
 * (SAST, SCA or secrets). "Newest" is by completion (then start, then id): a scan's results
 * replace the ref's when its upload ends. A finding naming no scan is always listed (the sample
 * data's); one naming a scan the state does not hold never is.
 */
import type {
  EmulatorState,
  FindingRecord,
  ScanRecord,
  SecretRecord,
  SecretsStatus
} from '../data/records.js'
import { ranProduct, statusAt, type ScanProduct } from './scan-state.js'

/** Whether a finding naming `scanId` (or none) and of `product` is listed. */
export type ListedFinding = (scanId: number | undefined, product: ScanProduct) => boolean

/** When a scan completed, as of `nowMs`; undefined while it has not completed (or it failed). */
function completedMs(record: ScanRecord, nowMs: number): number | undefined {
  const { status, completedAt } = statusAt(record, nowMs)
  if (status !== 'SCAN_STATUS_COMPLETED') return undefined
  return (completedAt ?? record.startedAt).getTime()
}

function newer(a: ScanRecord, aMs: number, b: ScanRecord, bMs: number): boolean {
  return (aMs - bMs || a.startedAt.getTime() - b.startedAt.getTime() || a.id - b.id) > 0
}

/** The newest completed scan of `of`'s repository and branch that ran `product`. */
function newestCompleted(
  scans: readonly ScanRecord[],
  of: ScanRecord,
  product: ScanProduct,
  nowMs: number
): ScanRecord | undefined {
  let newest: { record: ScanRecord; ms: number } | undefined
  for (const record of scans) {
    if (record.repositoryId !== of.repositoryId || record.branch !== of.branch) continue
    if (!ranProduct(record, product)) continue
    const ms = completedMs(record, nowMs)
    if (ms === undefined) continue
    if (newest === undefined || newer(record, ms, newest.record, newest.ms)) newest = { record, ms }
  }
  return newest?.record
}

/** The listing rule of one request at `nowMs` (server clock); each scan is judged once. */
export function listedAt(state: EmulatorState, nowMs: number): ListedFinding {
  const verdicts = new Map<string, boolean>()
  let byId: Map<number, ScanRecord> | undefined
  return (scanId, product) => {
    if (scanId === undefined) return true
    const key = `${scanId}:${product}`
    const known = verdicts.get(key)
    if (known !== undefined) return known
    byId ??= new Map(state.scans.map(record => [record.id, record]))
    const record = byId.get(scanId)
    const verdict =
      record !== undefined && newestCompleted(state.scans, record, product, nowMs) === record
    verdicts.set(key, verdict)
    return verdict
  }
}

/** What a scan found, per product; a product the scan did not run is absent. */
export interface FindingsCounts {
  code?: number
  supplyChain?: number
  secrets?: number
}

const GONE_SECRETS: ReadonlySet<SecretsStatus> = new Set([
  'FINDING_STATUS_FIXED',
  'FINDING_STATUS_REMOVED'
])

/** A finding a scan finds: one not fixed, whatever its triage (an ignored finding is found). */
function found(finding: FindingRecord): boolean {
  return finding.status !== 'fixed'
}

function secretFound(secret: SecretRecord): boolean {
  return !GONE_SECRETS.has(secret.status)
}

type AllCounts = Required<FindingsCounts>

/** The findings that name each scan, counted per product (a scan named only by fixed ones: 0). */
function ownCounts(state: EmulatorState): Map<number, AllCounts> {
  const counts = new Map<number, AllCounts>()
  const tally = (scanId: number | undefined, product: keyof AllCounts, isFound: boolean): void => {
    if (scanId === undefined) return
    const entry = counts.get(scanId) ?? { code: 0, supplyChain: 0, secrets: 0 }
    if (isFound) entry[product] += 1
    counts.set(scanId, entry)
  }
  for (const f of state.sastFindings) tally(f.scanId, 'code', found(f))
  for (const f of state.scaFindings) tally(f.scanId, 'supplyChain', found(f))
  for (const f of state.secrets.findings) tally(f.scanId, 'secrets', secretFound(f))
  return counts
}

/**
 * The findings every scan of a repository and branch finds now: those of the branch that name no
 * scan (the sample data's).
 */
function branchCounts(state: EmulatorState, repositoryId: number, branch: string): AllCounts {
  const project = state.projects.find(p => p.id === repositoryId)
  const name = project?.name.toLowerCase()
  const ofBranch = (f: FindingRecord): boolean =>
    f.scanId === undefined && f.repositoryId === repositoryId && f.ref === branch && found(f)
  return {
    code: state.sastFindings.filter(ofBranch).length,
    supplyChain: state.scaFindings.filter(ofBranch).length,
    secrets: state.secrets.findings.filter(
      f =>
        f.scanId === undefined &&
        f.repository.toLowerCase() === name &&
        f.ref === branch &&
        secretFound(f)
    ).length
  }
}

function onlyProductsRun(record: ScanRecord, counts: AllCounts): FindingsCounts {
  return {
    code: ranProduct(record, 'sast') ? counts.code : undefined,
    supplyChain: ranProduct(record, 'sca') ? counts.supplyChain : undefined,
    secrets: ranProduct(record, 'secrets') ? counts.secrets : undefined
  }
}

/**
 * findings_counts for the scans of one search. A scan with findings of its own (findings name it,
 * or it was made with its findings: ScanRecord.ownFindings) counts them, for the products it ran.
 * Any other scan counts its branch's findings that name no scan, all three products.
 */
export function scanCounter(state: EmulatorState): (record: ScanRecord) => FindingsCounts {
  let own: Map<number, AllCounts> | undefined
  // Counted once per repository and branch: a bulk deployment holds tens of thousands.
  const byBranch = new Map<string, AllCounts>()
  return record => {
    own ??= ownCounts(state)
    const mine = own.get(record.id)
    if (mine !== undefined || record.ownFindings === true) {
      return onlyProductsRun(record, mine ?? { code: 0, supplyChain: 0, secrets: 0 })
    }
    const key = `${record.repositoryId}\u0000${record.branch}`
    const counts = byBranch.get(key) ?? branchCounts(state, record.repositoryId, record.branch)
    byBranch.set(key, counts)
    return counts
  }
}
