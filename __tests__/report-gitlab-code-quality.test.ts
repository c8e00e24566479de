import { describe, expect, it } from '@jest/globals'
import { z } from 'zod'
import { buildCodeQuality, codeQualitySeverity } from '../src/report/gitlab-code-quality.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  scaFinding,
  secretsFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

/** GitLab's Code Quality issue, as its documentation lists the fields it reads. */
const CodeQualityIssue = z.strictObject({
  description: z.string().min(1),
  check_name: z.string().min(1),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  severity: z.enum(['info', 'minor', 'major', 'critical', 'blocker']),
  location: z.strictObject({
    path: z.string().min(1),
    lines: z.strictObject({ begin: z.number().int().positive() })
  })
})

describe('GitLab Code Quality report', () => {
  it('lists the blocking and the other findings, not the ignored ones, in the documented shape', () => {
    const { issues, unplaced } = buildCodeQuality(failingReport())
    expect(z.array(CodeQualityIssue).parse(JSON.parse(JSON.stringify(issues)))).toHaveLength(3)
    expect(unplaced).toBe(0)
    expect(
      issues.map(i => [i.check_name, i.severity, i.location.path, i.location.lines.begin])
    ).toEqual([
      ['python.lang.security.audit.eval-detected', 'blocker', 'app/views.py', 12],
      ['ssc-5f6a1b2c-lodash-prototype-pollution', 'blocker', 'package-lock.json', 4021],
      ['python.lang.best-practice.open-never-closed', 'info', 'app/views.py', 12]
    ])
    expect(issues[0]?.description).toBe(
      'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content. Blocking: severity high ≥ high; policy mode block ≥ block.'
    )
    expect(issues[1]?.description).toContain('lodash@4.17.20')
  })

  it('maps severities: blocking is a blocker whatever its severity; the rest by severity', () => {
    const of = (severity: 'critical' | 'high' | 'medium' | 'low', blocking: boolean): string =>
      codeQualitySeverity(evaluated(sastFinding({ severity }), { blocking }))
    expect([of('low', true), of('critical', true)]).toEqual(['blocker', 'blocker'])
    expect(['critical', 'high', 'medium', 'low'].map(s => of(s as 'low', false))).toEqual([
      'critical',
      'major',
      'minor',
      'info'
    ])
  })

  it('fingerprints: the same for the same finding in every run, from the match-based id first', () => {
    const a = buildCodeQuality(failingReport()).issues.map(i => i.fingerprint)
    const b = buildCodeQuality(failingReport()).issues.map(i => i.fingerprint)
    expect(a).toEqual(b)
    expect(new Set(a).size).toBe(a.length)
    // The match-based id alone decides: another line (the code moved) keeps the fingerprint.
    const moved = (line: number) =>
      buildCodeQuality(
        runReport({
          verdict: verdictOf([
            evaluated(
              sastFinding({ id: 9, matchBasedId: 'mb-x', location: { path: 'a.py', line } })
            )
          ])
        })
      ).issues[0]?.fingerprint
    expect(moved(3)).toBe(moved(40))
  })

  it('fingerprints stay unique when two findings share an id, and fall back to rule, file and line', () => {
    const shared = { matchBasedId: 'same', syntacticId: undefined }
    const bare = { matchBasedId: undefined, syntacticId: undefined }
    const report = runReport({
      verdict: verdictOf([
        evaluated(sastFinding({ id: 1, ...shared })),
        evaluated(sastFinding({ id: 2, ...shared })),
        evaluated(sastFinding({ id: 3, ...bare, location: { path: 'x.py', line: 1 } })),
        evaluated(sastFinding({ id: 4, ...bare, location: { path: 'x.py', line: 2 } })),
        evaluated(sastFinding({ id: 5, ...bare, location: { path: 'x.py', line: 2 } })),
        evaluated(sastFinding({ id: 6, matchBasedId: undefined, syntacticId: 'syn' })),
        // The same id on another type is another finding.
        evaluated(scaFinding({ id: 7, ...shared }))
      ])
    })
    const prints = buildCodeQuality(report).issues.map(i => i.fingerprint)
    expect(prints).toHaveLength(7)
    expect(new Set(prints).size).toBe(7)
    // Stable: the second of a shared id keeps its fingerprint when the run repeats.
    expect(buildCodeQuality(report).issues.map(i => i.fingerprint)).toEqual(prints)
  })

  it('leaves out findings without a file, counted; a finding without a line begins at line 1', () => {
    const report = runReport({
      verdict: verdictOf([
        evaluated(scaFinding({ id: 1, location: undefined })),
        evaluated(secretsFinding({ id: 2, location: { path: '  ' } })),
        evaluated(secretsFinding({ id: 3, location: { path: 'config/.env' } }))
      ])
    })
    const { issues, unplaced } = buildCodeQuality(report)
    expect(unplaced).toBe(2)
    expect(issues.map(i => i.location)).toEqual([{ path: 'config/.env', lines: { begin: 1 } }])
  })

  it('no verdict: no issues (an empty report would tell GitLab every finding was fixed)', () => {
    const report = runReport({
      status: { result: 'skipped', headline: 'No verdict: x', apiError: true }
    })
    expect(buildCodeQuality(report)).toEqual({ issues: [], unplaced: 0 })
  })

  it('server text is one line without control characters', () => {
    const report = runReport({
      verdict: verdictOf([
        evaluated(
          sastFinding({
            ruleName: 'rule\u001b[2Kx\nnext',
            ruleMessage: 'line one\r\nline two\u0007',
            location: { path: 'a\u202eb.py', line: 2 }
          })
        )
      ])
    })
    const [issue] = buildCodeQuality(report).issues
    expect(issue?.check_name).toBe('rule[2Kx next')
    expect(issue?.description).toMatch(/^line one line two Blocking: /)
    expect(issue?.location.path).toBe('ab.py')
  })
})
