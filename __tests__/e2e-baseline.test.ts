/**
 * End to end: `baseline-ref`. Findings also on the baseline ref (the platform's match id) are
 * existing: reported, never blocking; only what the change adds blocks. The baseline is evidence
 * too: when it cannot be proven or read, every finding is judged.
 */
import { describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Log } from 'sarif'
import type { ScanRecord } from '../emulator/server.js'
import {
  FINDINGS_PATH,
  errorLines,
  findingsRequests,
  proofScansRequests,
  requireBundle,
  runAction,
  warningLines,
  withEmulator,
  type Emulator
} from './helpers/e2e.js'
import { tempDir } from './helpers/temp-dir.js'

requireBundle()

const MINUTE = 60_000
const REPOSITORY = 'acme/svc-007'
const PR_REF = 'refs/pull/7/merge'

function at(filePath: string, line: number) {
  return { filePath, line, column: 1, endLine: line, endColumn: 20 }
}

/** Two findings on main: a high SQL injection in a.py, a high SCA finding of lodash. */
const ON_MAIN = {
  sast: [
    {
      id: 7_970_001,
      severity: 'high' as const,
      ruleName: 'python.sqli',
      location: at('a.py', 3)
    }
  ],
  sca: [{ id: 7_970_002, severity: 'high' as const }]
}

/** The same SQL injection on the pull request (another id, the same match id) and a new one. */
const ON_PR = {
  sast: [
    {
      id: 7_970_101,
      severity: 'high' as const,
      ruleName: 'python.sqli',
      location: at('a.py', 5)
    },
    {
      id: 7_970_102,
      severity: 'high' as const,
      ruleName: 'python.xss',
      location: at('b.py', 9)
    }
  ]
}

function ago(emulator: Emulator, minutes: number): Date {
  return new Date(emulator.serverNow().getTime() - minutes * MINUTE)
}

function scans(
  emulator: Emulator,
  onPr: typeof ON_PR = ON_PR
): { main: ScanRecord; pr: ScanRecord } {
  const main = emulator.addScan({
    repository: REPOSITORY,
    branch: 'refs/heads/main',
    completedAt: ago(emulator, 60),
    ...ON_MAIN
  })
  const pr = emulator.addScan({
    repository: REPOSITORY,
    branch: PR_REF,
    completedAt: ago(emulator, 2),
    ...onPr
  })
  return { main, pr }
}

function gatePr(pr: ScanRecord, inputs: Record<string, string> = {}): Record<string, string> {
  return {
    repository: REPOSITORY,
    ref: PR_REF,
    commit: pr.commit,
    'fail-on-policy-mode': 'none',
    // As github.base_ref gives it: the bare branch name.
    'baseline-ref': 'main',
    ...inputs
  }
}

const dir = tempDir('e2e-baseline-')

describe('baseline-ref', () => {
  it('only the finding the pull request adds blocks; the one also on main is existing', async () => {
    await withEmulator({}, async emulator => {
      const { pr } = scans(emulator)
      const out = dir()
      const run = await runAction(
        emulator,
        gatePr(pr, {
          'report-file': join(out, 'report.json'),
          'sarif-file': join(out, 'gate.sarif')
        })
      )

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'findings-count': '2',
        'new-count': '1',
        'blocking-ids': '[7970102]'
      })
      expect(errorLines(run)).toEqual(['1 blocking finding: high python.xss at b.py:9'])
      expect(run.summary).toContain(
        '**1** new and blocking, **1** existing on <code>refs/heads/main</code>'
      )
      expect(run.summary).toContain(
        '<details><summary>1 existing finding: also on <code>refs/heads/main</code>, not blocking</summary>'
      )
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as {
        baseline: unknown
        counts: { existing: number }
        findings: { id: number; existing: boolean; blocking: boolean }[]
      }
      expect(report.baseline).toEqual({ ref: 'refs/heads/main', types: ['sast', 'sca', 'ai_sast'] })
      expect(report.counts.existing).toBe(1)
      expect(report.findings.map(f => [f.id, f.existing, f.blocking])).toEqual([
        [7_970_102, false, true],
        [7_970_101, true, false]
      ])
      const sarif = JSON.parse(await readFile(join(out, 'gate.sarif'), 'utf8')) as Log
      expect(
        sarif.runs[0]?.results?.map(r => [r.properties?.findingId as unknown, r.baselineState])
      ).toEqual([
        [7_970_102, 'new'],
        [7_970_101, 'unchanged']
      ])
    })
  })

  it('a pull request that adds nothing passes, its existing finding reported', async () => {
    await withEmulator({}, async emulator => {
      const { pr } = scans(emulator, { sast: ON_PR.sast.slice(0, 1) })
      const run = await runAction(emulator, gatePr(pr))

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({
        result: 'passed',
        'findings-count': '1',
        'new-count': '0'
      })
      // The baseline's findings are read under the spelling its scans record.
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect(refs).toEqual(new Set([PR_REF, 'refs/heads/main']))
    })
  })

  /**
   * On pull_request_target the scan of a fork's head branch named `main` records the bare `main`
   * (semgrep-api.md §8): it holds what that fork adds, and is no evidence of the base branch.
   */
  function forkScanOfMain(emulator: Emulator): ScanRecord {
    return emulator.addScan({
      repository: REPOSITORY,
      branch: 'main',
      completedAt: ago(emulator, 1),
      sast: [
        { ...ON_PR.sast[0], id: 7_970_201 },
        { ...ON_PR.sast[1], id: 7_970_202 }
      ]
    })
  }

  it("on GitHub a fork's scan of a branch named main (bare) is no baseline: refs/heads/main is", async () => {
    await withEmulator({}, async emulator => {
      const { pr } = scans(emulator)
      forkScanOfMain(emulator)
      const run = await runAction(emulator, gatePr(pr, { 'issue-types': 'sast' }))

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'new-count': '1',
        'blocking-ids': '[7970102]'
      })
      expect(run.summary).toContain('**1** existing on <code>refs/heads/main</code>')
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect(refs).toEqual(new Set([PR_REF, 'refs/heads/main']))
      const searched = proofScansRequests(emulator).map(r => (r.body as { branch?: string }).branch)
      expect(searched).not.toContain('main')
    })
  })

  it('on GitHub with require-scan: none the baseline is read as refs/heads/main, never bare', async () => {
    await withEmulator({}, async emulator => {
      const { pr } = scans(emulator)
      forkScanOfMain(emulator)
      const run = await runAction(
        emulator,
        gatePr(pr, { 'issue-types': 'sast', 'require-scan': 'none', commit: '' })
      )

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ 'new-count': '1', 'blocking-ids': '[7970102]' })
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect(refs).toEqual(new Set([PR_REF, 'refs/heads/main']))
    })
  })

  it('blank platform ids on both refs match nothing: the finding is new and blocks', async () => {
    await withEmulator({}, async emulator => {
      const blank = { matchBasedId: ' ', syntacticId: ' ' }
      const main = emulator.addScan({
        repository: REPOSITORY,
        branch: 'refs/heads/main',
        completedAt: ago(emulator, 60),
        sast: [{ ...ON_MAIN.sast[0], ...blank }]
      })
      const pr = emulator.addScan({
        repository: REPOSITORY,
        branch: PR_REF,
        completedAt: ago(emulator, 2),
        sast: [{ ...ON_PR.sast[0], ...blank }]
      })
      expect(main.commit).not.toBe(pr.commit)
      const run = await runAction(emulator, gatePr(pr))

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'findings-count': '1',
        'new-count': '1',
        'blocking-ids': '[7970101]'
      })
    })
  })

  it('a baseline without a scan is no exemption: a warning, and every finding judged', async () => {
    await withEmulator({}, async emulator => {
      const pr = emulator.addScan({
        repository: REPOSITORY,
        branch: PR_REF,
        completedAt: ago(emulator, 2),
        ...ON_PR
      })
      const run = await runAction(emulator, gatePr(pr, { 'issue-types': 'sast' }))

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ 'new-count': '2', 'blocking-ids': '[7970101,7970102]' })
      expect(warningLines(run)).toEqual([
        'baseline-ref main: no completed scan of refs/heads/main ran Code, so every finding of that type is judged as new'
      ])
    })
  })

  it('a baseline whose findings cannot be read is no exemption: a warning, and every finding judged', async () => {
    await withEmulator({}, async emulator => {
      const { pr } = scans(emulator)
      emulator.addFault({
        path: FINDINGS_PATH,
        query: { ref: 'refs/heads/main' },
        kind: 'status',
        status: 500,
        times: Infinity
      })
      const run = await runAction(
        emulator,
        gatePr(pr, { 'max-retries': '0', 'issue-types': 'sast' })
      )

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ 'new-count': '2', 'blocking-ids': '[7970101,7970102]' })
      expect(warningLines(run)).toEqual([
        expect.stringMatching(
          /^baseline-ref main: its findings could not be read \(GET \/api\/v1\/deployments\/acme-corp\/findings failed with HTTP 500 .*\): every finding is judged as new$/
        )
      ])
    })
  })

  it('a baseline naming the gated ref is refused before any request', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        repository: REPOSITORY,
        ref: 'refs/heads/main',
        'baseline-ref': 'main'
      })

      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        'Invalid inputs, nothing was sent:\nbaseline-ref: is the ref being gated (refs/heads/main): every finding would be existing and none could block; set the branch the change goes into, e.g. ${{ github.base_ref }}'
      ])
      expect(emulator.requests).toEqual([])
    })
  })
})
