/**
 * The findings are asked for while the scan is still being proven (the proof is three round trips:
 * deployments, projects, scans search). They are kept only when the proof shows they can only be
 * the proven scan's: asked for under the ref as that scan records it, and after it had completed.
 * Otherwise they are fetched again once the scan is proven, exactly as without the head start.
 */
import type { ScanEvidence } from './prove-scan.js'

/**
 * The scan's completion time comes from the server's clock, the send time from the runner's: a
 * scan counts as completed before the findings were asked for only with this much to spare.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 60_000

export interface EarlyFindings<T> {
  /** The ref the findings were asked for under. */
  readonly ref: string
  /** Runner time no later than the first findings request. */
  readonly sentAt: number
  readonly data: Promise<T>
  /**
   * Stops the fetch once its findings are not wanted: its requests are cancelled, so that a run
   * does not hold two sets of findings (or wait on pages it throws away).
   */
  readonly discard: () => void
}

/** Starts `fetch` for `ref` now; a failure surfaces only if the data are used. */
export function startEarly<T>(
  ref: string,
  fetch: (ref: string, signal: AbortSignal) => Promise<T>,
  now: () => number = Date.now
): EarlyFindings<T> {
  const sentAt = now()
  const controller = new AbortController()
  const data = fetch(ref, controller.signal)
  data.catch(() => undefined)
  return { ref, sentAt, data, discard: () => controller.abort() }
}

/**
 * Whether findings asked for at `sentAt` under `ref` are those of the proven scan. Without
 * evidence (`require-scan: none`) there is nothing to prove: they are those of the ref asked for.
 */
export function earlyFindingsUsable(
  evidence: ScanEvidence | undefined,
  early: Pick<EarlyFindings<unknown>, 'ref' | 'sentAt'>
): boolean {
  if (evidence === undefined) return true
  if (evidence.branch !== early.ref) return false
  const completed = evidence.scan.completedAt
  return completed !== undefined && completed + CLOCK_SKEW_ALLOWANCE_MS <= early.sentAt
}

/**
 * The early findings when they are the proven scan's, else the findings fetched again now (the
 * early fetch is discarded).
 */
export function findingsOfProvenScan<T>(
  early: EarlyFindings<T>,
  evidence: ScanEvidence | undefined,
  fetch: (ref: string) => Promise<T>
): Promise<T> {
  if (earlyFindingsUsable(evidence, early)) return early.data
  early.discard()
  return fetch(evidence?.branch ?? early.ref)
}
