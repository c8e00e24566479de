/**
 * The reports of a run together: the annotations come last and take only what the step still
 * shows once the run's own warnings are written, and the summary says what they left out.
 */
import { describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import type { Severity } from '../src/domain.js'
import { readConfig, type RunContext } from '../src/inputs/index.js'
import type { RunReport } from '../src/report/model.js'
import { publishReports } from '../src/report/publish.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { evaluated, runReport, sastFinding, verdictOf } from './fixtures/report-fixtures.js'
import { tempDir } from './helpers/temp-dir.js'

const ctx: RunContext = {
  now: new Date('2026-11-23T12:00:00Z'),
  env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: 'a'.repeat(40) }
}
const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low']

function configOf(inputs: Record<string, string> = {}) {
  const all: Record<string, string> = { 'api-token': 'sgp_x', ...inputs }
  return readConfig(name => all[name] ?? '', ctx)
}

/** 30 blocking and 30 non-blocking findings, and the warnings the run logged before. */
function reportWith(warnings: readonly string[]): RunReport {
  const findings = Array.from({ length: 60 }, (_, i) =>
    evaluated(
      sastFinding({ id: i + 1, severity: SEVERITIES[i % 4] }),
      i < 30 ? {} : { blocking: false, reasons: [] }
    )
  )
  return runReport({ verdict: verdictOf(findings), warnings })
}

function perLevel(runner: RecordingRunner): Record<string, number> {
  const counts: Record<string, number> = { error: 0, warning: runner.warnings.length, notice: 0 }
  for (const a of runner.annotations) counts[a.level] = (counts[a.level] ?? 0) + 1
  return counts
}

const dir = tempDir('publish-')

describe('publishReports: annotations within what a step shows', () => {
  it("counts the run's warnings, and its own, before it annotates", async () => {
    const runner = new RecordingRunner()
    // Five warnings the run logged (already written), and one of max-annotations: 60.
    const report = reportWith(['w1', 'w2', 'w3', 'w4', 'w5'])
    for (const warning of report.warnings) runner.warning(warning)
    await publishReports(report, configOf({ 'max-annotations': '60' }), ctx, runner)

    expect(runner.warnings.slice(5)).toEqual([
      'max-annotations is 60, but GitHub shows 10 annotations of each level in a step: at most 25 findings are annotated'
    ])
    // 10 warnings shown: 6 written, 2 kept for later lines, 2 for the findings.
    expect(perLevel(runner)).toEqual({ error: 8, warning: 6 + 2, notice: 9 + 1 })
    const notice = runner.annotations.at(-1)
    expect(notice?.message).toBe(
      '22 of 30 blocking findings and 19 of 30 non-blocking findings are not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 25). They are in the job summary.'
    )
    expect(runner.summary).toContain(
      '**Annotations**: 22 of 30 blocking findings and 19 of 30 non-blocking findings are not annotated'
    )
  })

  it('max-annotations: 0 emits none, and the summary says nothing of them', async () => {
    const runner = new RecordingRunner()
    await publishReports(reportWith([]), configOf({ 'max-annotations': '0' }), ctx, runner)
    expect(runner.annotations).toEqual([])
    expect(runner.summary).not.toContain('**Annotations**')
  })

  it('names the SARIF file and the JSON report as where the findings are', async () => {
    const runner = new RecordingRunner()
    const sarif = join(dir(), 'f.sarif')
    const json = join(dir(), 'r.json')
    await publishReports(
      reportWith([]),
      configOf({ 'sarif-file': sarif, 'report-file': json, summary: 'false' }),
      ctx,
      runner
    )
    expect(runner.annotations.at(-1)?.message).toMatch(
      new RegExp(`\\. They are in the SARIF file ${sarif} and the JSON report ${json}\\.$`)
    )
    expect(runner.outputs['sarif-file']).toBe(sarif)
  })
})
