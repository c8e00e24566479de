/**
 * End to end: the ways an unlucky run or a hostile pull request could make the gate say "passed"
 * when it should not (issue 34, part 1). Each test gives the verdict that was checked, or no
 * verdict; the bundle before that issue passed or misattributed every one of them.
 */
import { describe, expect, it } from '@jest/globals'
import type { ScanRecord } from '../emulator/server.js'
import {
  FINDINGS_PATH,
  errorLines,
  findingsRequests,
  requireBundle,
  runAction,
  warningLines,
  withEmulator,
  type Emulator
} from './helpers/e2e.js'

requireBundle()

const MINUTE = 60_000

/** Modes come from the policies the findings name; these tests judge severity alone. */
const SEVERITY_ONLY = { 'fail-on-policy-mode': 'none' } as const

/** A time on the emulator's clock, `minutes` before its now. */
function ago(emulator: Emulator, minutes: number): Date {
  return new Date(emulator.serverNow().getTime() - minutes * MINUTE)
}

function gateOn(repository: string, scan: ScanRecord): Record<string, string> {
  return { ...SEVERITY_ONLY, repository, ref: 'refs/heads/main', commit: scan.commit }
}

describe('freshness on the server clock', () => {
  it.each([
    ['behind', -120_000],
    ['ahead of', 120_000]
  ])(
    "the server clock 2 min %s the runner's, the scan of the commit running for 5 s: its high finding, there once it completes, fails the gate",
    async (_, clockOffsetMs) => {
      await withEmulator({ clockOffsetMs }, async emulator => {
        emulator.addScan({
          repository: 'acme/svc-001',
          branch: 'refs/heads/main',
          completedAt: ago(emulator, 60),
          sast: [{ id: 7_950_001, severity: 'low' }]
        })
        const running = emulator.addScan({
          repository: 'acme/svc-001',
          branch: 'refs/heads/main',
          runningForMs: 5000,
          sast: [{ id: 7_950_002, severity: 'high' }]
        })

        const run = await runAction(emulator, {
          ...gateOn('acme/svc-001', running),
          'scan-wait-timeout-seconds': '60'
        })

        expect(run.exitCode).toBe(1)
        expect(run.outputs).toMatchObject({
          result: 'failed',
          'blocking-ids': '[7950002]',
          'findings-count': '1',
          'new-count': '1',
          'scan-id': String(running.id)
        })
      })
    },
    30_000
  )

  it('a newer scan of the ref completes while the findings are read: no verdict naming it', async () => {
    await withEmulator({}, async emulator => {
      const judged = emulator.addScan({
        repository: 'acme/svc-002',
        branch: 'refs/heads/main',
        completedAt: ago(emulator, 10),
        sast: [{ id: 7_950_101, severity: 'low' }]
      })
      const newer = emulator.addScan({
        repository: 'acme/svc-002',
        branch: 'refs/heads/main',
        runningForMs: 1500,
        sast: [{ id: 7_950_102, severity: 'high' }]
      })
      // A long read: the first page of each SAST list answers after 3 s.
      emulator.addFault({
        path: FINDINGS_PATH,
        query: { issue_type: 'sast', page: '0' },
        kind: 'delay',
        ms: 3000,
        times: Infinity
      })

      const run = await runAction(emulator, gateOn('acme/svc-002', judged))

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)).toEqual([
        `No verdict: scan ${newer.id} of commit ${newer.commit.slice(0, 7)} completed on refs/heads/main while the findings were read, so the Code findings may be its, not those of scan ${judged.id} of commit ${judged.commit.slice(0, 7)}; run the step again`
      ])
    })
  }, 30_000)
})

describe('each type judged on the scan of the commit that ran its product', () => {
  /** An older commit's scan of every product, then the gated commit's Supply Chain scan. */
  function olderScanThenScaOnly(emulator: Emulator): { older: ScanRecord; sca: ScanRecord } {
    const older = emulator.addScan({
      repository: 'acme/svc-003',
      branch: 'refs/heads/main',
      completedAt: ago(emulator, 60),
      sast: [{ id: 7_950_201, severity: 'critical' }]
    })
    const sca = emulator.addScan({
      repository: 'acme/svc-003',
      branch: 'refs/heads/main',
      completedAt: ago(emulator, 5),
      enabledProducts: ['sca'],
      sca: [{ id: 7_950_202, severity: 'low' }]
    })
    return { older, sca }
  }

  it('a Code scan of the commit beside its newer Supply Chain scan: each type on its own scan', async () => {
    await withEmulator({}, async emulator => {
      const code = emulator.addScan({
        repository: 'acme/svc-003',
        branch: 'refs/heads/main',
        completedAt: ago(emulator, 10),
        enabledProducts: ['sast', 'secrets'],
        sast: [{ id: 7_950_203, severity: 'high' }]
      })
      const sca = emulator.addScan({
        repository: 'acme/svc-003',
        branch: 'refs/heads/main',
        commit: code.commit,
        completedAt: ago(emulator, 5),
        enabledProducts: ['sca'],
        sca: [{ id: 7_950_204, severity: 'low' }]
      })

      const run = await runAction(emulator, gateOn('acme/svc-003', code))

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'blocking-ids': '[7950203]',
        'scan-id': `${code.id},${sca.id}`,
        'scan-commit': code.commit
      })
      expect(run.summary).toMatch(
        new RegExp(
          `^\\*\\*Judged:\\*\\* Code, Secrets in scan ${code.id} of commit .+; Supply Chain in scan ${sca.id} of commit `,
          'm'
        )
      )
    })
  })

  it('no scan of the commit ran Code, types from the default: Code is not judged, a warning and the heading say so', async () => {
    await withEmulator({}, async emulator => {
      const { sca } = olderScanThenScaOnly(emulator)

      const run = await runAction(emulator, gateOn('acme/svc-003', sca))

      // The older commit's critical Code finding is not this commit's: it is not judged.
      expect(run.outputs).toMatchObject({ result: 'passed', 'scan-id': String(sca.id) })
      expect(run.outputs['sast-count']).toBe('0')
      expect(findingsRequests(emulator).map(r => r.query.issue_type?.[0])).not.toContain('sast')
      const why = `scan ${sca.id} of commit ${sca.commit.slice(0, 7)} (products: sca) did not run`
      expect(warningLines(run)).toEqual([
        `Code findings were not judged: ${why} Code, and no other completed scan of commit ${sca.commit.slice(0, 7)} did; the other types were judged`,
        `Secrets findings were not judged: ${why} Secrets, and no other completed scan of commit ${sca.commit.slice(0, 7)} did; the other types were judged`,
        `AI-powered detection findings were not judged: ${why} AI-powered detection, and no other completed scan of commit ${sca.commit.slice(0, 7)} did; the other types were judged`
      ])
      expect(run.summary.split('\n')[0]).toBe(
        '## ✅ Findings Gate passed: 1 finding, none blocking'
      )
      expect(run.summary.split('\n')[2]).toMatch(
        new RegExp(
          `^\\*\\*Judged:\\*\\* Supply Chain in scan ${sca.id} of commit <code>${sca.commit.slice(0, 12)}</code> .+; \\*\\*not judged:\\*\\* Code, Secrets, AI-powered detection — no completed scan of this commit ran them\\.$`
        )
      )
    })
  })

  it('no scan of the commit ran Code, sast named in issue-types: no verdict', async () => {
    await withEmulator({}, async emulator => {
      const { sca } = olderScanThenScaOnly(emulator)

      const run = await runAction(emulator, {
        ...gateOn('acme/svc-003', sca),
        'issue-types': 'sast,sca'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)).toEqual([
        `No verdict: scan ${sca.id} of commit ${sca.commit.slice(0, 7)} (products: sca) did not run Code, and no other completed scan of commit ${sca.commit.slice(0, 7)} did, so the Code findings listed for the ref are not its; run Code on it, or leave sast out of issue-types`
      ])
      expect(findingsRequests(emulator)).toEqual([])
    })
  })

  it("the commit's Code scan still running beside its Supply Chain scan: waited for, then judged", async () => {
    await withEmulator({}, async emulator => {
      const { sca } = olderScanThenScaOnly(emulator)
      const code = emulator.addScan({
        repository: 'acme/svc-003',
        branch: 'refs/heads/main',
        commit: sca.commit,
        runningForMs: 2500,
        enabledProducts: ['sast', 'secrets'],
        sast: [{ id: 7_950_205, severity: 'high' }]
      })

      const run = await runAction(emulator, {
        ...gateOn('acme/svc-003', sca),
        'scan-wait-timeout-seconds': '60'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'blocking-ids': '[7950205]',
        'scan-id': `${code.id},${sca.id}`
      })
      expect(run.stdout).toContain(`scan ${code.id} is SCAN_STATUS_RUNNING`)
    })
  }, 30_000)
})

describe('a scans search that ignores its filters', () => {
  it("a scan of the pull request's head commit on another branch, and one of another repository: neither is evidence", async () => {
    await withEmulator({ scansSearchIgnoresFilters: true }, async emulator => {
      const feature = emulator.addScan({
        repository: 'acme/svc-004',
        branch: 'refs/heads/feature',
        completedAt: ago(emulator, 5)
      })
      emulator.addScan({
        repository: 'acme/svc-005',
        branch: 'refs/pull/42/merge',
        commit: feature.commit,
        completedAt: ago(emulator, 4)
      })

      const run = await runAction(emulator, {
        ...SEVERITY_ONLY,
        repository: 'acme/svc-004',
        ref: 'refs/pull/42/merge',
        commit: feature.commit,
        'scan-wait-timeout-seconds': '0'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)[0]).toMatch(
        new RegExp(
          `^No verdict: no completed scan of commit ${feature.commit.slice(0, 7)} on refs/pull/42/merge of acme/svc-004 ran Code; the repository has no scan of refs/pull/42/merge; its recent scans record "refs/heads/feature"`
        )
      )
      expect(run.stdout).toMatch(
        /The scans search returned \d+ scan\(s\) of other repositories or branches than repository \d+ on "refs\/pull\/42\/merge"; they were not used/
      )
      expect(findingsRequests(emulator)).toEqual([])
    })
  })
})

describe('a server that serves fewer findings per page than asked', () => {
  /** 120 findings, newest first: the critical one is the 101st, on the third page of 50. */
  function hundredTwenty(emulator: Emulator, status: 'open' | 'reviewing'): ScanRecord {
    const newest = ago(emulator, 1).getTime()
    return emulator.addScan({
      repository: 'acme/svc-006',
      branch: 'refs/heads/main',
      completedAt: ago(emulator, 1),
      sast: Array.from({ length: 120 }, (_, index) => ({
        id: 7_960_000 + index,
        severity: index === 100 ? ('critical' as const) : ('low' as const),
        status,
        relevantSince: new Date(newest - index * MINUTE)
      }))
    })
  }

  it.each(['open', 'reviewing'] as const)(
    'at most 50 a page, 120 %s findings, the critical one at index 100: every finding read once, and it blocks',
    async status => {
      await withEmulator({ findingsPageSizeCap: 50 }, async emulator => {
        const scan = hundredTwenty(emulator, status)

        const run = await runAction(emulator, {
          ...gateOn('acme/svc-006', scan),
          'issue-types': 'sast',
          status
        })

        expect(run.exitCode).toBe(1)
        expect(run.outputs).toMatchObject({
          result: 'failed',
          'findings-count': '120',
          'new-count': '120',
          'blocking-ids': '[7960100]'
        })
        const pages = findingsRequests(emulator).filter(r => r.status === 200)
        expect(pages.every(r => r.query.page_size?.[0] === '3000')).toBe(true)
      })
    }
  )
})
