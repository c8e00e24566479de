import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildOutputs, setOutputs } from '../src/report/outputs.js'
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
        licenseViolations: [{ package: 'left-pad', version: '1.0.0', license: 'GPL-3.0' }]
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

describe('setOutputs through the real @actions/core', () => {
  let dir: string
  let saved: string | undefined

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outputs-'))
    saved = process.env['GITHUB_OUTPUT']
    process.env['GITHUB_OUTPUT'] = join(dir, 'output')
    await writeFile(join(dir, 'output'), '')
  })

  afterEach(async () => {
    if (saved === undefined) delete process.env['GITHUB_OUTPUT']
    else process.env['GITHUB_OUTPUT'] = saved
    await rm(dir, { recursive: true, force: true })
  })

  /** Parses the `name<<delimiter\nvalue\ndelimiter` blocks @actions/core appends. */
  function parseOutputFile(text: string): Record<string, string> {
    const parsed: Record<string, string> = {}
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const match = /^([\w-]+)<<(.+)$/.exec(lines[i] ?? '')
      if (!match?.[1] || !match[2]) continue
      const end = lines.indexOf(match[2], i + 1)
      parsed[match[1]] = lines.slice(i + 1, end).join('\n')
      i = end
    }
    return parsed
  }

  it('writes every output to $GITHUB_OUTPUT', async () => {
    const outputs = setOutputs(failingReport(), { reportFile: 'r.json' })
    expect(parseOutputFile(await readFile(join(dir, 'output'), 'utf8'))).toEqual(outputs)
    expect(outputs['report-file']).toBe('r.json')
    expect(outputs['blocking-ids']).toBe('[1,2]')
  })
})
