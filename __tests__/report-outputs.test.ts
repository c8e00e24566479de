import { describe, expect, it } from '@jest/globals'
import {
  LIST_OUTPUT_MAX_BYTES,
  LIST_OUTPUT_MAX_ENTRIES,
  listOutput
} from '../src/report/output-lists.js'
import { buildOutputs, setOutputs } from '../src/report/outputs.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import {
  aiSastFinding,
  blockingReport,
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

describe('buildOutputs', () => {
  it('sets the gate outputs from the verdict', () => {
    const base = failingReport()
    const verdict = base.verdict
    if (!verdict) throw new Error('fixture has a verdict')
    const report = runReport({
      ...base,
      verdict: {
        ...verdict,
        licenseViolations: [
          { package: 'left-pad', version: '1.0.0', license: 'GPL-3.0', judgement: 'denied' }
        ]
      }
    })
    expect(
      buildOutputs(report, {
        reportFile: 'out/report.json',
        sarifFile: 'out/x.sarif',
        commentUrl: 'https://github.com/acme/web/pull/7#issuecomment-1'
      })
    ).toEqual({
      result: 'failed',
      'findings-count': '4',
      'new-count': '4',
      'blocking-count': '3',
      'sast-count': '3',
      'sca-count': '1',
      'secrets-count': '0',
      'blocking-ids': '[1,2]',
      'deployment-slug': 'acme',
      'deployment-id': '4242',
      'report-file': 'out/report.json',
      'sarif-file': 'out/x.sarif',
      'comment-url': 'https://github.com/acme/web/pull/7#issuecomment-1'
    })
  })

  it('sets ai-sast-count only when AI-powered detection findings were judged', () => {
    const ai = evaluated(aiSastFinding({ id: 5, severity: 'low' }), { blocking: false })
    const verdict = verdictOf([ai, evaluated(sastFinding({ id: 6 }))])
    const base = runReport()
    const judged = runReport({ scope: { ...base.scope, issueTypes: ['sast', 'ai_sast'] }, verdict })
    expect(buildOutputs(judged)).toMatchObject({ 'findings-count': '2', 'ai-sast-count': '1' })
    // Not judged (a scan that did not run it, or not asked for): unset, never a clean "0".
    const notJudged = runReport({ scope: { ...base.scope, issueTypes: ['sast'] }, verdict })
    expect(buildOutputs(notJudged)).not.toHaveProperty('ai-sast-count')
  })

  it('leaves the counts unset when the gate was not evaluated', () => {
    const report = runReport({
      status: { result: 'skipped', headline: 'gate: false' },
      scope: { ...runReport().scope, deployment: undefined }
    })
    expect(buildOutputs(report)).toEqual({ result: 'skipped' })
  })

  it('sets ticket, tag and SBOM outputs for one repository export', () => {
    const report = runReport({
      tickets: {
        created: [
          { findingIds: [1], url: 'https://t/1', key: 'T-1' },
          { findingIds: [2], key: 'T-2' }
        ],
        failed: [],
        skipped: [],
        alreadyTicketed: 0
      },
      tags: { project: 'acme/web', added: ['x'], tags: ['a', 'x'] },
      sbom: {
        exports: [
          { project: 'acme/web', taskToken: 'tok-1', status: 'completed', file: 'sbom.json' }
        ]
      }
    })
    expect(buildOutputs(report)).toMatchObject({
      'tickets-created': '2',
      'ticket-urls': '["https://t/1"]',
      'project-tags': '["a","x"]',
      'sbom-task-token': 'tok-1',
      'sbom-task-tokens': '{"acme/web":"tok-1"}',
      'sbom-status': 'completed',
      'sbom-file': 'sbom.json'
    })
  })

  it('aggregates several exports: tokens by project, worst status, the directory as file', () => {
    const report = runReport({
      sbom: {
        exports: [
          { project: 'acme/web', taskToken: 't1', status: 'completed' },
          { project: '__proto__', taskToken: 't2', status: 'started' },
          { project: 'acme/db', status: 'timed_out' }
        ]
      }
    })
    const outputs = buildOutputs(report, { sbomFile: 'sboms/' })
    expect(outputs['sbom-task-token']).toBeUndefined()
    expect(JSON.parse(outputs['sbom-task-tokens'] ?? '')).toEqual(
      JSON.parse('{"acme/web":"t1","__proto__":"t2"}')
    )
    expect(outputs['sbom-status']).toBe('timed_out')
    expect(outputs['sbom-file']).toBe('sboms/')
    const failed = runReport({
      sbom: {
        exports: [
          { project: 'a', status: 'error' },
          { project: 'b', status: 'in_progress' }
        ]
      }
    })
    expect(buildOutputs(failed)['sbom-status']).toBe('failed')
  })
})

describe('setOutputs', () => {
  it('sets every output through the runner', () => {
    const runner = new RecordingRunner()
    const outputs = setOutputs(failingReport(), { reportFile: 'r.json' }, runner)
    expect(runner.outputs).toEqual(outputs)
    expect(runner.calls).toHaveLength(Object.keys(outputs).length)
    expect(outputs['report-file']).toBe('r.json')
    expect(outputs['blocking-ids']).toBe('[1,2]')
  })
})

describe('list outputs within the limit of a step output', () => {
  it('holds every entry up to 1,000 and says nothing', () => {
    const ids = Array.from({ length: LIST_OUTPUT_MAX_ENTRIES }, (_, i) => i + 1)
    expect(listOutput(ids)).toEqual({ json: JSON.stringify(ids), kept: 1000, omitted: 0 })
    expect(listOutput([])).toEqual({ json: '[]', kept: 0, omitted: 0 })
  })

  it('holds the first 1,000 of 1,500 blocking ids, in the report order, and warns once', () => {
    const report = blockingReport(1500)
    const ids = report.verdict?.blocking.map(f => f.finding.id) ?? []
    const runner = new RecordingRunner()
    const outputs = setOutputs(report, { reportFile: 'out/report.json' }, runner)
    expect(JSON.parse(outputs['blocking-ids'] ?? '')).toEqual(ids.slice(0, 1000))
    expect(outputs['blocking-count']).toBe('1500')
    expect(runner.warnings).toEqual([
      'Output blocking-ids holds the first 1,000 of 1,500 entries (GitHub limits a step output to 1 MB): 500 left out; the JSON report (out/report.json) lists every one.'
    ])
  })

  it('cuts ticket URLs at the byte limit, far under 1 MB, and says how to get them all', () => {
    // 300 URLs of 2,000 characters: 600 KB as one JSON array.
    const urls = Array.from({ length: 300 }, (_, i) => `https://t.example/${i}/${'x'.repeat(1980)}`)
    const report = runReport({
      tickets: {
        created: urls.map((url, i) => ({ findingIds: [i], url })),
        failed: [],
        skipped: [],
        alreadyTicketed: 0
      }
    })
    const runner = new RecordingRunner()
    const value = setOutputs(report, {}, runner)['ticket-urls'] ?? ''
    const kept = JSON.parse(value) as string[]
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(LIST_OUTPUT_MAX_BYTES)
    expect(kept).toEqual(urls.slice(0, kept.length))
    // Each entry takes its length, two quotes and a comma: the next one would not have fitted.
    expect(kept.length).toBe(
      Math.floor((LIST_OUTPUT_MAX_BYTES - 2 + 1) / ((urls[0] ?? '').length + 3))
    )
    expect(runner.warnings).toEqual([
      `Output ticket-urls holds the first ${kept.length} of 300 entries (GitHub limits a step output to 1 MB): ${300 - kept.length} left out; set report-file for a JSON report that lists every one.`
    ])
  })
})
