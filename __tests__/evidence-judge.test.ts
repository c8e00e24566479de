import { describe, expect, it } from '@jest/globals'
import type { Scan } from '../src/domain.js'
import {
  branchSpellings,
  judgeScans,
  type ScanRequirement,
  type ScansBySpelling
} from '../src/evidence/scan-judge.js'

const HOUR = 3_600_000
const NOW = Date.UTC(2026, 10, 23, 12)
const HEAD = 'a'.repeat(40)
const OLD = 'b'.repeat(40)

let nextId = 1
function scan(overrides: Partial<Scan> & Pick<Scan, 'commit'>): Scan {
  const status = overrides.status ?? 'completed'
  return {
    id: String(nextId++),
    repositoryId: '1001',
    branch: 'refs/heads/main',
    status,
    statusText: `SCAN_STATUS_${status.toUpperCase()}`,
    startedAt: NOW - 2 * HOUR,
    completedAt: status === 'completed' ? NOW - HOUR : undefined,
    ...overrides
  }
}

const onMain = (...scans: Scan[]): ScansBySpelling => new Map([['refs/heads/main', scans]])
const commitOnMain: ScanRequirement = { mode: 'commit', commit: HEAD, ref: 'refs/heads/main' }

describe('branchSpellings', () => {
  it.each([
    ['refs/heads/main', ['refs/heads/main', 'main']],
    ['refs/heads/feature/login', ['refs/heads/feature/login', 'feature/login']],
    ['main', ['main', 'refs/heads/main']],
    ['feature/login', ['feature/login', 'refs/heads/feature/login']],
    ['refs/pull/42/merge', ['refs/pull/42/merge']],
    ['refs/tags/v1', ['refs/tags/v1']]
  ])('%s → %j', (ref, spellings) => {
    expect(branchSpellings(ref)).toEqual(spellings)
  })
})

describe('judgeScans: require-scan commit', () => {
  it('proves the completed scan of the commit', () => {
    const head = scan({ commit: HEAD })
    expect(
      judgeScans(onMain(scan({ commit: OLD, completedAt: NOW - 5 * HOUR }), head), commitOnMain)
    ).toEqual({
      kind: 'proven',
      scan: head,
      branch: 'refs/heads/main'
    })
  })

  it('accepts an abbreviated commit, in any case', () => {
    const head = scan({ commit: HEAD })
    const judgement = judgeScans(onMain(head), { ...commitOnMain, commit: 'AAAAAAA' })
    expect(judgement).toEqual({ kind: 'proven', scan: head, branch: 'refs/heads/main' })
  })

  it.each(['running', 'pending'] as const)('waits while the scan of the commit is %s', status => {
    const running = scan({ commit: HEAD, status })
    expect(judgeScans(onMain(scan({ commit: OLD }), running), commitOnMain)).toEqual({
      kind: 'wait',
      scan: running
    })
  })

  it('waits when no scan of the commit is recorded yet, whatever else the ref has', () => {
    expect(judgeScans(onMain(scan({ commit: OLD })), commitOnMain)).toEqual({ kind: 'wait' })
    expect(judgeScans(onMain(), commitOnMain)).toEqual({ kind: 'wait' })
  })

  it.each(['error', 'cancelled', 'never_finished', 'unknown'] as const)(
    'a %s scan of the commit is a failed scan',
    status => {
      const ended = scan({ commit: HEAD, status })
      expect(judgeScans(onMain(ended), commitOnMain)).toEqual({ kind: 'failed', scan: ended })
    }
  )

  it('a re-run that is still running wins over a failed run of the same commit', () => {
    const failed = scan({ commit: HEAD, status: 'error', startedAt: NOW - 3 * HOUR })
    const rerun = scan({ commit: HEAD, status: 'running', startedAt: NOW - HOUR })
    expect(judgeScans(onMain(failed, rerun), commitOnMain)).toEqual({ kind: 'wait', scan: rerun })
  })

  it('a completed scan of the commit wins over a failed one', () => {
    const failed = scan({ commit: HEAD, status: 'error' })
    const done = scan({ commit: HEAD })
    expect(judgeScans(onMain(failed, done), commitOnMain)).toMatchObject({
      kind: 'proven',
      scan: done
    })
  })

  it('is superseded when a scan of another commit completed after it: the findings are not this commit’s', () => {
    const ours = scan({ commit: HEAD, completedAt: NOW - 2 * HOUR })
    const newer = scan({ commit: OLD, completedAt: NOW - HOUR })
    expect(judgeScans(onMain(ours, newer), commitOnMain)).toEqual({
      kind: 'superseded',
      scan: ours,
      newer
    })
  })

  it('uses the bare spelling when only it has the scan of the commit', () => {
    const bare = scan({ commit: HEAD, branch: 'main' })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [scan({ commit: OLD })]],
      ['main', [bare]]
    ])
    expect(judgeScans(found, commitOnMain)).toEqual({ kind: 'proven', scan: bare, branch: 'main' })
  })

  it('prefers the spelling asked for when both have the commit', () => {
    const exact = scan({ commit: HEAD })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [exact]],
      ['main', [scan({ commit: HEAD, branch: 'main' })]]
    ])
    expect(judgeScans(found, commitOnMain)).toMatchObject({
      scan: exact,
      branch: 'refs/heads/main'
    })
  })
})

describe('judgeScans: require-scan ref', () => {
  const onRef: ScanRequirement = { mode: 'ref', ref: 'refs/heads/main' }

  it('proves the newest completed scan, whatever its commit', () => {
    const newest = scan({ commit: OLD, completedAt: NOW - HOUR })
    const older = scan({ commit: HEAD, completedAt: NOW - 3 * HOUR })
    const running = scan({ commit: 'c'.repeat(40), status: 'running' })
    expect(judgeScans(onMain(older, running, newest), onRef)).toEqual({
      kind: 'proven',
      scan: newest,
      branch: 'refs/heads/main'
    })
  })

  it('is missing without any completed scan', () => {
    expect(judgeScans(onMain(scan({ commit: HEAD, status: 'running' })), onRef)).toEqual({
      kind: 'missing'
    })
    expect(judgeScans(onMain(), onRef)).toEqual({ kind: 'missing' })
  })
})
