import { describe, expect, it } from '@jest/globals'
import type { Scan } from '../src/domain.js'
import {
  CLOCK_SKEW_ALLOWANCE_MS,
  earlyFindingsUsable,
  findingsOfProvenScan,
  startEarly
} from '../src/evidence/early-findings.js'
import type { ScanEvidence } from '../src/evidence/prove-scan.js'

const SENT = Date.UTC(2026, 10, 23, 12)
const MAIN = 'refs/heads/main'

function evidence(completedAt: number | undefined, branch = MAIN): ScanEvidence {
  const scan: Scan = {
    id: '880000',
    repositoryId: '1001',
    branch,
    commit: 'a'.repeat(40),
    status: 'completed',
    statusText: 'SCAN_STATUS_COMPLETED',
    startedAt: SENT - 3_600_000,
    completedAt
  }
  return { mode: 'commit', scan, branch, requestedRef: MAIN, waitedSeconds: 0 }
}

describe('findings asked for before the scan was proven', () => {
  const early = { ref: MAIN, sentAt: SENT }

  it('are the proven scan’s when it had completed before they were asked for, with the skew allowance to spare', () => {
    expect(earlyFindingsUsable(evidence(SENT - 3_600_000), early)).toBe(true)
    expect(earlyFindingsUsable(evidence(SENT - CLOCK_SKEW_ALLOWANCE_MS), early)).toBe(true)
  })

  it('are not when the scan completed after, or too shortly before, they were asked for', () => {
    expect(earlyFindingsUsable(evidence(SENT + 1000), early)).toBe(false)
    expect(earlyFindingsUsable(evidence(SENT - CLOCK_SKEW_ALLOWANCE_MS + 1), early)).toBe(false)
    expect(earlyFindingsUsable(evidence(SENT - 10_000), early)).toBe(false)
  })

  it('are not when the scan’s completion time is unknown', () => {
    expect(earlyFindingsUsable(evidence(undefined), early)).toBe(false)
  })

  it('are not when the scan records the ref in another spelling', () => {
    expect(earlyFindingsUsable(evidence(SENT - 3_600_000, 'main'), early)).toBe(false)
  })

  it('are used as they are without evidence to prove (require-scan: none)', () => {
    expect(earlyFindingsUsable(undefined, early)).toBe(true)
  })

  it('are fetched again under the proven spelling when not usable, else kept', async () => {
    const refs: string[] = []
    const fetch = (ref: string): Promise<string> => {
      refs.push(ref)
      return Promise.resolve(`findings of ${ref} #${refs.length}`)
    }
    const started = startEarly(MAIN, fetch, () => SENT)
    expect(await findingsOfProvenScan(started, evidence(SENT - 3_600_000), fetch)).toBe(
      'findings of refs/heads/main #1'
    )
    expect(await findingsOfProvenScan(started, evidence(SENT - 3_600_000, 'main'), fetch)).toBe(
      'findings of main #2'
    )
    expect(await findingsOfProvenScan(started, evidence(SENT + 5000), fetch)).toBe(
      'findings of refs/heads/main #3'
    )
    expect(refs).toEqual([MAIN, 'main', MAIN])
  })

  it('are cancelled when fetched again, and only then', async () => {
    const signals: AbortSignal[] = []
    const fetch = (ref: string, signal?: AbortSignal): Promise<string> => {
      if (signal) signals.push(signal)
      return Promise.resolve(ref)
    }
    const kept = startEarly(MAIN, fetch, () => SENT)
    await findingsOfProvenScan(kept, evidence(SENT - 3_600_000), fetch)
    const dropped = startEarly(MAIN, fetch, () => SENT)
    await findingsOfProvenScan(dropped, evidence(SENT + 5000), fetch)
    expect(signals.map(signal => signal.aborted)).toEqual([false, true])
  })

  it('a failed early fetch surfaces only when its findings are used', async () => {
    let calls = 0
    const fetch = (): Promise<string> =>
      ++calls === 1 ? Promise.reject(new Error('early failure')) : Promise.resolve('again')
    const started = startEarly(MAIN, fetch, () => SENT)
    expect(await findingsOfProvenScan(started, evidence(SENT + 5000), fetch)).toBe('again')
    await expect(findingsOfProvenScan(started, evidence(SENT - 3_600_000), fetch)).rejects.toThrow(
      'early failure'
    )
  })
})
