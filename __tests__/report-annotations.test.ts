import { describe, expect, it } from '@jest/globals'
import type { EvaluatedFinding, Severity } from '../src/domain.js'
import {
  annotationOrder,
  firstInOrder,
  MAX_FINDING_ANNOTATIONS,
  stepLimits
} from '../src/report/annotation-budget.js'
import {
  emitAnnotations,
  notAnnotatedNotice,
  notAnnotatedText,
  planAnnotations,
  type AnnotationPlan
} from '../src/report/annotations.js'
import type { RunReport } from '../src/report/model.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { readActionDefinition } from '../scripts/docs.js'
import {
  evaluated,
  failingReport,
  forgingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low']

/** The plan of a step in which nothing else was written yet. */
function planOf(report: RunReport, max = MAX_FINDING_ANNOTATIONS, warningsSoFar = 0) {
  const plan = planAnnotations(report, max, stepLimits(warningsSoFar))
  if (!plan) throw new Error('no plan')
  return plan
}

function levels(plan: AnnotationPlan): string[] {
  return plan.annotations.map(a => a.level)
}

/** 30 blocking and 30 non-blocking findings, every severity, in files named out of order. */
function sixtyFindings(): EvaluatedFinding[] {
  return Array.from({ length: 60 }, (_, i) =>
    evaluated(
      sastFinding({
        id: i + 1,
        severity: SEVERITIES[i % 4],
        location: { path: `src/f${(i * 37) % 60}.py`, line: i + 1 }
      }),
      i < 30 ? {} : { blocking: false, reasons: [] }
    )
  )
}

describe('planAnnotations', () => {
  it('annotates blocking findings as errors, most severe first, and the others as notices', () => {
    expect(planOf(failingReport()).annotations).toEqual([
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
      },
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
      // The low non-blocking finding; the ignored one gets no annotation.
      {
        level: 'notice',
        message:
          'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.\n\n' +
          'Does not block the gate.',
        properties: {
          title: 'python.lang.best-practice.open-never-closed',
          file: 'app/views.py',
          startLine: 12,
          endLine: 12,
          startColumn: 5,
          endColumn: 31
        }
      }
    ])
  })

  it('30 blocking and 30 non-blocking findings: never more of a level than GitHub shows', () => {
    const findings = sixtyFindings()
    const plan = planOf(runReport({ verdict: verdictOf(findings) }))
    expect(levels(plan)).toEqual([
      ...Array<string>(8).fill('error'),
      ...Array<string>(8).fill('warning'),
      ...Array<string>(9).fill('notice')
    ])
    // Each level: most severe first, then by path.
    const idsOf = (level: string) =>
      plan.annotations
        .filter(a => a.level === level)
        .map(a => `${a.properties.file ?? ''}:${a.properties.startLine ?? 0}`)
    const expected = (keep: (e: EvaluatedFinding) => boolean, count: number) =>
      findings
        .filter(keep)
        .sort(annotationOrder)
        .slice(0, count)
        .map(e => `${e.finding.location?.path ?? ''}:${e.finding.location?.line ?? 0}`)
    const severe = (e: EvaluatedFinding) => ['critical', 'high'].includes(e.finding.severity)
    expect(idsOf('error')).toEqual(expected(e => e.blocking, 8))
    expect(idsOf('warning')).toEqual(expected(e => !e.blocking && severe(e), 8))
    expect(idsOf('notice')).toEqual(expected(e => !e.blocking && !severe(e), 9))
    expect(plan.coverage).toEqual({
      blocking: { annotated: 8, total: 30 },
      licenses: { annotated: 0, total: 0 },
      nonBlocking: { annotated: 17, total: 30 },
      max: 25
    })
  })

  it('max-annotations counts across levels, errors first', () => {
    const plan = planOf(runReport({ verdict: verdictOf(sixtyFindings()) }), 10)
    expect(levels(plan)).toEqual([
      ...Array<string>(8).fill('error'),
      ...Array<string>(2).fill('warning')
    ])
    expect(plan.coverage.max).toBe(10)
  })

  it('a value above what a step shows is lowered to it', () => {
    const plan = planOf(runReport({ verdict: verdictOf(sixtyFindings()) }), 1000)
    expect(plan.annotations).toHaveLength(25)
    expect(plan.coverage.max).toBe(25)
  })

  it('the warnings the run has written leave fewer for the findings', () => {
    const report = runReport({ verdict: verdictOf(sixtyFindings()) })
    expect(stepLimits(5)).toEqual({ error: 8, warning: 3, notice: 9 })
    expect(levels(planOf(report, 25, 5)).filter(l => l === 'warning')).toHaveLength(3)
    expect(levels(planOf(report, 25, 12)).filter(l => l === 'warning')).toHaveLength(0)
  })

  it('denied licenses take the error slots the blocking findings leave', () => {
    const blocking = Array.from({ length: 7 }, (_, i) => evaluated(sastFinding({ id: i + 1 })))
    const licenseViolations = ['GPL-3.0', 'AGPL-3.0', 'SSPL-1.0', 'GPL-2.0'].map(license => ({
      package: `pkg-${license}`,
      version: '1.0.0',
      license,
      judgement: 'denied' as const
    }))
    const plan = planOf(runReport({ verdict: verdictOf(blocking, { licenseViolations }) }))
    expect(plan.annotations.map(a => a.properties.title)).toEqual([
      ...Array<string>(7).fill('python.lang.security.audit.eval-detected'),
      'Denied license: GPL-3.0'
    ])
    expect(plan.coverage.licenses).toEqual({ annotated: 1, total: 4 })
  })

  it('a finding without a file is not annotated, and counted as not annotated', () => {
    const noLocation = evaluated(scaFinding({ id: 7, location: undefined }))
    const report = runReport({
      verdict: verdictOf([noLocation], {
        licenseViolations: [
          { package: 'left-pad', version: '1.0.0', license: 'GPL-3.0', judgement: 'denied' }
        ]
      })
    })
    const plan = planOf(report)
    expect(plan.annotations).toEqual([
      {
        level: 'error',
        message: 'left-pad@1.0.0 is licensed under GPL-3.0, which is denied.',
        properties: { title: 'Denied license: GPL-3.0' }
      }
    ])
    expect(plan.coverage.blocking).toEqual({ annotated: 0, total: 1 })
  })

  it('leaves the columns out of an annotation that spans several lines, as the toolkit requires', () => {
    const multiLine = evaluated(
      sastFinding({
        id: 8,
        location: { path: 'a.py', line: 3, column: 2, endLine: 5, endColumn: 9 }
      })
    )
    const [annotation] = planOf(runReport({ verdict: verdictOf([multiLine]) })).annotations
    expect(annotation?.properties).toEqual({
      title: 'python.lang.security.audit.eval-detected',
      file: 'a.py',
      startLine: 3,
      endLine: 5
    })
  })

  it('plans nothing with max 0 or without a verdict', () => {
    expect(planAnnotations(failingReport(), 0, stepLimits(0))).toBeUndefined()
    expect(planAnnotations(runReport(), 10, stepLimits(0))).toBeUndefined()
  })

  it('bounds a 1 MB rule message', () => {
    const report = runReport({
      verdict: verdictOf([evaluated(sastFinding({ ruleMessage: 'x'.repeat(1_000_000) }))])
    })
    expect(planOf(report).annotations[0]?.message.length).toBeLessThan(4_100)
  })

  it("the ceiling is max-annotations' default, as action.yml documents it", () => {
    expect(MAX_FINDING_ANNOTATIONS).toBe(25)
    expect(readActionDefinition().inputs['max-annotations']?.description).toContain(
      'Default: `25`.'
    )
  })
})

describe('what was not annotated', () => {
  it('counts each kind, says why, and where they are', () => {
    const plan = planOf(runReport({ verdict: verdictOf(sixtyFindings()) }))
    expect(notAnnotatedText(plan.coverage)).toBe(
      '22 of 30 blocking findings and 13 of 30 non-blocking findings are not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 25)'
    )
    expect(
      notAnnotatedNotice(plan.coverage, ['the job summary', 'the JSON report out/report.json'])
    ).toEqual({
      level: 'notice',
      message:
        '22 of 30 blocking findings and 13 of 30 non-blocking findings are not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 25). They are in the job summary and the JSON report out/report.json.',
      properties: { title: 'Findings Gate: not every finding is annotated' }
    })
    expect(notAnnotatedNotice(plan.coverage, [])?.message).toMatch(
      /\(max-annotations: 25\)\. Set report-file for a JSON report with every finding\.$/
    )
  })

  it('one finding is; licenses are named; nothing is said when all are annotated', () => {
    const coverage = {
      blocking: { annotated: 1, total: 1 },
      licenses: { annotated: 0, total: 1 },
      nonBlocking: { annotated: 0, total: 0 },
      max: 25
    }
    expect(notAnnotatedText(coverage)).toBe(
      '1 of 1 denied-license dependency is not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 25)'
    )
    expect(notAnnotatedText(planOf(failingReport()).coverage)).toBeUndefined()
    expect(notAnnotatedNotice(planOf(failingReport()).coverage, [])).toBeUndefined()
  })
})

describe('firstInOrder', () => {
  it('is the first items of a sort, in one pass', () => {
    const items = Array.from({ length: 500 }, (_, i) => (i * 7919) % 613)
    const byValue = (a: number, b: number) => a - b
    for (const count of [0, 1, 3, 10, 499, 500, 600]) {
      expect(firstInOrder(items, count, byValue)).toEqual([...items].sort(byValue).slice(0, count))
    }
  })
})

describe('emitAnnotations', () => {
  it('hands each annotation to the runner as built, server text and all', () => {
    const plan = planOf(forgingReport())
    const runner = new RecordingRunner()
    expect(emitAnnotations(plan.annotations, runner)).toBe(2)
    // The runner over @actions/core escapes them (core-runner.test.ts).
    expect(runner.calls).toEqual(plan.annotations.map(a => ({ kind: 'annotation', ...a })))
    expect(runner.annotations.map(a => a.level)).toEqual(['error', 'error'])
  })
})
