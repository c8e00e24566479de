/**
 * End-to-end tests of what the gate fetches and keeps: the finding statuses it asks for and the
 * findings the server returns out of scope. The bundled action runs against the emulator.
 */
import { describe, expect, it } from '@jest/globals'
import { sastFinding, scaFinding } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  FINDINGS_PATH,
  expectShortListRequests,
  LIST_CHAINS,
  findingsRequests,
  runAction,
  warningLines,
  withEmulator,
  NORMAL_OUTPUTS,
  type Emulator
} from './helpers/e2e.js'
import { WEB_PR } from './helpers/sample.js'

requireBundle()

/** A branch of acme/web with only the findings a test adds, so sample counts do not move. */
const REF = 'refs/heads/triaged'
/**
 * The findings added here have no scan behind them: judge them as they are. (`require-scan` is
 * the scan-evidence input; a build without it ignores the variable.)
 */
const NO_SCAN = { 'require-scan': 'none' }

describe('e2e scope: finding statuses', () => {
  it('by default a high finding moved to reviewing or fixing still blocks; ignored and fixed do not', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        sastFinding({ id: 9100001, ref: REF, severity: 'high', status: 'reviewing' }),
        sastFinding({ id: 9100002, ref: REF, severity: 'high', status: 'ignored' })
      )
      emulator.state.scaFindings.push(
        scaFinding({ id: 9100003, ref: REF, severity: 'high', status: 'fixing' }),
        scaFinding({ id: 9100004, ref: REF, severity: 'high', status: 'fixed' })
      )

      const run = await runAction(emulator, {
        ...NO_SCAN,
        ref: REF,
        'fail-on-policy-mode': 'none'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        result: 'failed',
        'findings-count': '2',
        'new-count': '2',
        'blocking-ids': '[9100001,9100003]'
      })
      expect(errorLines(run)).toHaveLength(1)
      const sent = expectShortListRequests(findingsRequests(emulator), LIST_CHAINS).map(r =>
        [...(r.query.issue_type ?? []), ...(r.query.status ?? [])].join(' ')
      )
      expect(sent.sort()).toEqual([
        'ai_sast fixing',
        'ai_sast open',
        'ai_sast reviewing',
        'sast fixing',
        'sast open',
        'sast reviewing',
        'sca fixing',
        'sca open',
        'sca reviewing'
      ])
    })
  })

  it('status: open alone fetches only open findings, so the triaged ones do not block', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        sastFinding({ id: 9100001, ref: REF, severity: 'high', status: 'reviewing' })
      )
      const run = await runAction(emulator, {
        ...NO_SCAN,
        ref: REF,
        status: 'open',
        'fail-on-policy-mode': 'none'
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'passed', 'findings-count': '0' })
      expect(
        expectShortListRequests(findingsRequests(emulator), 3).map(r => r.query.status)
      ).toEqual([['open'], ['open'], ['open']])
    })
  })
})

/** The verdict of an undisturbed run on acme/web main with the default thresholds. */
/** The body the emulator answers for one findings query, fetched directly. */
async function findingsBody(emulator: Emulator, query: Record<string, string>): Promise<unknown> {
  const params = new URLSearchParams({ repos: 'acme/web', page_size: '3000', ...query })
  const response = await fetch(`${emulator.url}${FINDINGS_PATH}?${params.toString()}`, {
    headers: { authorization: `Bearer ${emulator.token}` }
  })
  return response.json()
}

describe('e2e scope: findings the server returns out of scope', () => {
  it('a server answering "ref":"main" for refs/heads/main: the same verdict, nothing dropped', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.findingRefs = 'bare-branch'
      const body = (await findingsBody(emulator, {
        issue_type: 'sast',
        ref: 'refs/heads/main',
        status: 'open'
      })) as { sastFindings: { findings: { ref: string }[] } }
      expect(new Set(body.sastFindings.findings.map(f => f.ref))).toEqual(new Set(['main']))

      const run = await runAction(emulator)

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(NORMAL_OUTPUTS)
      expect(warningLines(run)).toEqual([])
    })
  })

  /** A server that ignores the ref filter: main's open SAST query answered with the PR's findings. */
  async function answerMainWithPullRequestFindings(emulator: Emulator): Promise<void> {
    const body = await findingsBody(emulator, {
      issue_type: 'sast',
      ref: 'refs/pull/42/merge',
      status: 'open'
    })
    emulator.addFault({
      kind: 'json',
      method: 'GET',
      path: FINDINGS_PATH,
      query: { issue_type: 'sast', status: 'open', page: '0' },
      body
    })
  }

  it('every returned finding of another ref: no verdict, naming the counts and the refs seen', async () => {
    await withEmulator({}, async emulator => {
      await answerMainWithPullRequestFindings(emulator)

      // Scope, not modes: no mode list shares the faulted query.
      const run = await runAction(emulator, {
        'issue-types': 'sast',
        'fail-on-policy-mode': 'none'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ result: 'skipped' })
      expect(errorLines(run)).toEqual([
        'No verdict: all 11 finding(s) the server returned are out of scope (11 of another ref (refs/pull/42/merge)); ' +
          'the gate asked for repository acme/web, ref refs/heads/main, status open, reviewing, fixing. ' +
          'Check that repository and ref are spelled as the platform records them'
      ])
    })
  })

  it('on-api-error: warn turns that no verdict into a warning and exit 0, still skipped', async () => {
    await withEmulator({}, async emulator => {
      await answerMainWithPullRequestFindings(emulator)

      const run = await runAction(emulator, {
        'issue-types': 'sast',
        'fail-on-policy-mode': 'none',
        'on-api-error': 'warn'
      })

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'skipped' })
      expect(errorLines(run)).toEqual([])
      const warnings = warningLines(run)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^No verdict \(on-api-error: warn[^)]*\): /)
      expect(warnings[0]?.replace(/^[^)]*\): /, '')).toBe(
        'all 11 finding(s) the server returned are out of scope (11 of another ref (refs/pull/42/merge)); ' +
          'the gate asked for repository acme/web, ref refs/heads/main, status open, reviewing, fixing. ' +
          'Check that repository and ref are spelled as the platform records them'
      )
    })
  })

  it('some returned findings of another ref: a warning with the counts, and the verdict on the rest', async () => {
    await withEmulator({}, async emulator => {
      // main's open SCA query answered with main's findings plus the PR's malicious dependency.
      const main = (await findingsBody(emulator, {
        issue_type: 'sca',
        ref: 'refs/heads/main',
        status: 'open'
      })) as { scaFindings: { findings: unknown[] } }
      const pr = (await findingsBody(emulator, {
        issue_type: 'sca',
        ref: 'refs/pull/42/merge',
        status: 'open'
      })) as { scaFindings: { findings: { id: number }[] } }
      const malicious = pr.scaFindings.findings.filter(f => f.id === WEB_PR.flatmapStream)
      expect(malicious).toHaveLength(1)
      emulator.addFault({
        kind: 'json',
        method: 'GET',
        path: FINDINGS_PATH,
        query: { issue_type: 'sca', status: 'open', page: '0' },
        body: { ...main, scaFindings: { findings: [...main.scaFindings.findings, ...malicious] } }
      })

      const run = await runAction(emulator)

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(NORMAL_OUTPUTS)
      expect(warningLines(run)).toEqual([
        'Dropped 1 finding(s) the server returned out of scope: 1 of another ref (refs/pull/42/merge)'
      ])
    })
  })
})
