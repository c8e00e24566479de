import { describe, expect, it } from '@jest/globals'
import { buildOutputs, setOutputs } from '../src/report/outputs.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { failingReport, runReport } from './fixtures/report-fixtures.js'

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
