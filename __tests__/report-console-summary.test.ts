import { describe, expect, it } from '@jest/globals'
import { CONSOLE_FINDINGS_CAP, renderConsoleSummary } from '../src/report/console-summary.js'
import type { RunReport } from '../src/report/model.js'
import {
  blockingReport,
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

const PLAIN = { color: false }
// eslint-disable-next-line no-control-regex -- looking for escape sequences is the point
const ESCAPE = /\u001b/

const EVIDENCE: RunReport['evidence'] = {
  required: 'commit',
  scans: [
    {
      id: '880000',
      commit: 'ea86292c0ffee1234567',
      branch: 'main',
      status: 'SCAN_STATUS_COMPLETED',
      types: ['sast', 'sca'],
      fullScan: true,
      completedAt: '2024-05-01T10:00:00.000Z',
      ageSeconds: 7200
    }
  ],
  notJudged: ['secrets'],
  requestedRef: 'main',
  branch: 'main',
  waitedSeconds: 0
}

describe('console summary', () => {
  it('says the verdict, the scan, what was not judged and each blocking finding, in plain text', () => {
    const text = renderConsoleSummary(failingReport({ evidence: EVIDENCE }), PLAIN)
    expect(text).not.toMatch(ESCAPE)
    const lines = text.split('\n')
    expect(lines[0]).toBe('Findings Gate failed: 2 blocking of 4 findings')
    expect(lines[1]).toBe('2 blocking findings')
    expect(text).toContain(
      '\nJudged: Code, Supply Chain in scan 880000 of commit ea86292c0ffe on main (full scan, completed 2024-05-01 10:00 UTC, 2 h before this run); not judged: Secrets — no completed scan of this commit ran it.\n'
    )
    expect(text).toContain('Found: 4 findings in scope: 2 blocking, 1 ignored, 1 not blocking')
    // The Judged line names the types; the scope does not list them again.
    expect(text).toContain('Scope: deployment acme (id 4242) · repository acme/web · ref ')
    expect(text).not.toContain(' · types ')
    expect(text).toContain(
      'Blocking findings (2):\n  HIGH  Code  app/views.py:12  python.lang.security.audit.eval-detected\n'
    )
    expect(text).toContain(
      '      blocking: severity high ≥ high; policy mode block ≥ block · finding 1'
    )
    expect(text).toContain('  CRITICAL  Supply Chain  package-lock.json:4021  lodash@4.17.20  ssc-')
    expect(text).toContain('Ignored (1):\n  python.flask.debug-enabled  app/views.py:12  finding 3')
  })

  it('a passing run and one without a verdict say so on their first line', () => {
    expect(renderConsoleSummary(runReport({ verdict: verdictOf([]) }), PLAIN)).toMatch(
      /^Findings Gate passed: 0 findings, none blocking\n/
    )
    const noVerdict = renderConsoleSummary(
      runReport({ status: { result: 'skipped', headline: 'No verdict: no scan', apiError: true } }),
      PLAIN
    )
    expect(noVerdict).toMatch(/^Findings Gate: no verdict\nNo verdict: no scan\n/)
    expect(noVerdict).toContain('The gate was not evaluated.')
  })

  it('warn-only: the failure is a warning, and the summary says the job does not fail', () => {
    const report = failingReport()
    const text = renderConsoleSummary(
      { ...report, thresholds: { ...report.thresholds, warnOnly: true } },
      PLAIN
    )
    expect(text).toMatch(/^Findings Gate failed: 2 blocking of 4 findings\n/)
    expect(text).toContain('warn-only is set: the gate failed but the job does not.')
  })

  it('colours only when asked, and never lets server text through with its escapes', () => {
    const report = runReport({
      verdict: verdictOf([
        evaluated(
          sastFinding({
            ruleName: 'rule\u001b]0;title\u0007',
            ruleMessage: 'msg\u001b[2J\r\nsection_start:1:x\u001b[0K'
          })
        )
      ])
    })
    const plain = renderConsoleSummary(report, PLAIN)
    expect(plain).not.toMatch(ESCAPE)
    expect(plain).toContain('      msg[2J section_start:1:x[0K\n')
    const coloured = renderConsoleSummary(report, { color: true })
    expect(coloured).toContain(
      '\u001b[1m\u001b[31mFindings Gate failed: 1 blocking of 1 finding\u001b[0m'
    )
    // Only our own SGR sequences: each escape starts `ESC [ digits m`.
    expect(
      coloured
        .split('\u001b')
        .slice(1)
        .every(part => /^\[\d+m/.test(part))
    ).toBe(true)
  })

  it('names no policy mode for a Code finding whose mode was never fetched', () => {
    const report = runReport({
      verdict: verdictOf([
        evaluated(sastFinding({ id: 5, severity: 'high' }), {
          mode: 'not-fetched',
          reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }]
        })
      ])
    })
    const text = renderConsoleSummary(report, PLAIN)
    expect(text).toContain('      blocking: severity high ≥ high · finding 5\n')
    expect(text).not.toContain('fetched')
  })

  it(`lists at most ${CONSOLE_FINDINGS_CAP} blocking findings, then says how many more`, () => {
    const text = renderConsoleSummary(blockingReport(CONSOLE_FINDINGS_CAP + 5), PLAIN)
    expect(text.match(/^ {2}HIGH {2}Code {2}/gm)).toHaveLength(CONSOLE_FINDINGS_CAP)
    expect(text).toContain('… and 5 more blocking findings')
  })
})
