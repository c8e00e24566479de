import { describe, expect, it } from '@jest/globals'
import { buildAnnotations, emitAnnotations } from '../src/report/annotations.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import {
  blockingReport,
  evaluated,
  failingReport,
  forgingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

describe('buildAnnotations', () => {
  it('annotates each blocking finding at its location, title = rule, message = rule message + reasons', () => {
    const annotations = buildAnnotations(failingReport(), 50)
    expect(annotations).toEqual([
      {
        level: 'error',
        message:
          'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.\n\n' +
          'Blocking: severity high ≥ high; policy mode block ≥ block',
        properties: {
          title: 'python.lang.security.audit.eval-detected',
          file: 'app/views.py',
          startLine: 12,
          endLine: 12,
          startColumn: 5,
          endColumn: 31
        }
      },
      {
        level: 'error',
        message:
          'lodash before 4.17.21 is vulnerable to prototype pollution via zipObjectDeep.\n\n' +
          'lodash@4.17.20 CVE-2021-23337 (fix: 4.17.21)\n\nBlocking: severity critical ≥ high',
        properties: {
          title: 'ssc-5f6a1b2c-lodash-prototype-pollution',
          file: 'package-lock.json',
          startLine: 4021
        }
      }
    ])
  })

  it('leaves the columns out of an annotation that spans several lines, as the toolkit requires', () => {
    const multiLine = evaluated(
      sastFinding({
        id: 8,
        location: { path: 'a.py', line: 3, column: 2, endLine: 5, endColumn: 9 }
      }),
      { blocking: true, reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }] }
    )
    const [annotation] = buildAnnotations(runReport({ verdict: verdictOf([multiLine]) }), 10)
    expect(annotation?.properties).toEqual({
      title: 'python.lang.security.audit.eval-detected',
      file: 'a.py',
      startLine: 3,
      endLine: 5
    })
  })

  it('skips blocking findings without a location and annotates denied licenses without a file', () => {
    const noLocation = evaluated(scaFinding({ id: 7, location: undefined }))
    const report = runReport({
      verdict: verdictOf([noLocation], {
        licenseViolations: [
          { package: 'left-pad', version: '1.0.0', license: 'GPL-3.0', judgement: 'denied' }
        ]
      })
    })
    expect(buildAnnotations(report, 10)).toEqual([
      {
        level: 'error',
        message: 'left-pad@1.0.0 is licensed under GPL-3.0, which is denied.',
        properties: { title: 'Denied license: GPL-3.0' }
      }
    ])
  })

  it('caps at max and adds one notice with the number left out', () => {
    const annotations = buildAnnotations(blockingReport(12), 5)
    expect(annotations).toHaveLength(6)
    expect(annotations.filter(a => a.level === 'error')).toHaveLength(5)
    expect(annotations[5]).toEqual({
      level: 'notice',
      message: '7 more annotations not shown (max-annotations is 5); see the job summary.',
      properties: { title: 'Findings Gate: annotations capped' }
    })
  })

  it('counts findings without a file and denied licenses as the cap notice requires', () => {
    // 30 blocking with a file, 10 without (never annotated, never counted), 4 denied licenses.
    const findings = Array.from({ length: 40 }, (_, i) =>
      evaluated(
        sastFinding({
          id: i + 1,
          location: i % 4 === 3 ? (i % 8 === 3 ? undefined : { path: '  ' }) : { path: `f${i}.py` }
        })
      )
    )
    const licenseViolations = ['GPL-3.0', 'AGPL-3.0', 'SSPL-1.0', 'GPL-2.0'].map(license => ({
      package: `pkg-${license}`,
      version: '1.0.0',
      license,
      judgement: 'denied' as const
    }))
    const report = runReport({ verdict: verdictOf(findings, { licenseViolations }) })
    const capped = buildAnnotations(report, 3)
    expect(capped.map(a => a.properties.file ?? a.properties.title)).toEqual([
      'f0.py',
      'f1.py',
      'f2.py',
      'Findings Gate: annotations capped'
    ])
    expect(capped[3]?.message).toBe(
      '31 more annotations not shown (max-annotations is 3); see the job summary.'
    )
    const all = buildAnnotations(report, 34)
    expect(all).toHaveLength(34)
    expect(all.filter(a => a.properties.file !== undefined)).toHaveLength(30)
    expect(all.at(-1)?.properties.title).toBe('Denied license: GPL-2.0')
    expect(buildAnnotations(report, 33).at(-1)?.message).toBe(
      '1 more annotation not shown (max-annotations is 33); see the job summary.'
    )
  })

  it('emits nothing with max 0 or without a verdict', () => {
    expect(buildAnnotations(failingReport(), 0)).toEqual([])
    expect(buildAnnotations(runReport(), 10)).toEqual([])
  })

  it('bounds a 1 MB rule message', () => {
    const report = runReport({
      verdict: verdictOf([evaluated(sastFinding({ ruleMessage: 'x'.repeat(1_000_000) }))])
    })
    const [annotation] = buildAnnotations(report, 1)
    expect(annotation?.message.length).toBeLessThan(4_100)
  })
})

describe('emitAnnotations', () => {
  it('hands each annotation to the runner as built, server text and all', () => {
    const report = forgingReport()
    const runner = new RecordingRunner()
    expect(emitAnnotations(report, 10, runner)).toBe(2)
    // The runner over @actions/core escapes them (core-runner.test.ts).
    expect(runner.calls).toEqual(
      buildAnnotations(report, 10).map(a => ({ kind: 'annotation', ...a }))
    )
    expect(runner.annotations.map(a => a.level)).toEqual(['error', 'error'])
  })

  it('emits the cap notice as a notice, not counted', () => {
    const runner = new RecordingRunner()
    expect(emitAnnotations(blockingReport(3), 2, runner)).toBe(2)
    expect(runner.annotations).toHaveLength(3)
    expect(runner.annotations[2]).toEqual({
      kind: 'annotation',
      level: 'notice',
      message: '1 more annotation not shown (max-annotations is 2); see the job summary.',
      properties: { title: 'Findings Gate: annotations capped' }
    })
  })
})
