import { describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  buildJsonReport,
  JSON_MESSAGE_LIMIT,
  redactSecrets,
  writeJsonReport
} from '../src/report/json-report.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

const generatedAt = new Date('2024-06-01T12:00:00Z')

describe('buildJsonReport', () => {
  const json = buildJsonReport(
    failingReport(),
    { failOnSeverity: 'high' },
    { toolVersion: '1.2.3', generatedAt }
  )

  it('is versioned and names the tool', () => {
    expect(json.schemaVersion).toBe(1)
    expect(json.tool).toEqual({ name: 'Findings Gate', version: '1.2.3' })
    expect(json.generatedAt).toBe('2024-06-01T12:00:00.000Z')
    expect(json.status).toEqual({ result: 'failed', headline: '2 blocking findings' })
    expect(json.scope.repository).toBe('acme/web')
    expect(json.scope.findingStatus).toEqual(['open', 'reviewing', 'fixing'])
    expect(json.thresholds.failOnSeverity).toBe('high')
    expect(json.config).toEqual({ failOnSeverity: 'high' })
    expect(json.runUrl).toBe('https://github.com/acme/web/actions/runs/99')
  })

  it('counts and lists every finding with mode, blocking, reasons and ignore', () => {
    expect(json.counts).toEqual({
      total: 4,
      blocking: 2,
      ignored: 1,
      licenseViolations: 0,
      sast: { low: 1, medium: 1, high: 1, critical: 0 },
      sca: { low: 0, medium: 0, high: 0, critical: 1 },
      secrets: { low: 0, medium: 0, high: 0, critical: 0 },
      unknownMode: 0
    })
    expect(json.findings.map(f => [f.id, f.type, f.mode, f.blocking])).toEqual([
      [1, 'sast', 'block', true],
      [2, 'sca', null, true],
      [3, 'sast', 'block', false],
      [4, 'sast', 'monitor', false]
    ])
    expect(json.findings[0]?.reasons).toEqual([
      { kind: 'severity', severity: 'high', threshold: 'high', text: 'severity high ≥ high' },
      { kind: 'policy-mode', mode: 'block', threshold: 'block', text: 'policy mode block ≥ block' }
    ])
    expect(json.findings[2]?.ignored).toEqual({
      reason: 'Debug only in the dev image',
      source: 'rule python.flask.debug-enabled'
    })
    expect(json.findings[0]?.location).toEqual({
      path: 'app/views.py',
      line: 12,
      column: 5,
      endLine: 12,
      endColumn: 31
    })
    expect(json.tickets).toBeNull()
    expect(json.warnings).toEqual([])
  })

  it('counts the SAST findings of unknown mode', () => {
    const unknown = evaluated(sastFinding({ id: 5 }), { mode: 'unknown', blocking: false })
    const known = evaluated(sastFinding({ id: 6 }))
    const report = buildJsonReport(runReport({ verdict: verdictOf([known, unknown]) }), {})
    expect(report.counts?.unknownMode).toBe(1)
    expect(report.findings.map(f => [f.id, f.mode])).toEqual([
      [6, 'block'],
      [5, 'unknown']
    ])
  })

  it('has null counts and no findings when the gate was not evaluated', () => {
    const skipped = buildJsonReport(
      runReport({ status: { result: 'skipped', headline: 'off' } }),
      {}
    )
    expect(skipped.counts).toBeNull()
    expect(skipped.findings).toEqual([])
    expect(skipped.tool.version).toBe('unknown')
  })

  it('bounds rule messages', () => {
    const report = runReport({
      verdict: verdictOf([evaluated(sastFinding({ ruleMessage: 'x'.repeat(1_000_000) }))])
    })
    expect(buildJsonReport(report, {}).findings[0]?.ruleMessage).toHaveLength(JSON_MESSAGE_LIMIT)
  })

  it('redacts anything that still looks like a secret', () => {
    expect(
      redactSecrets({
        apiToken: 'abc',
        nested: { 'github-token': 'x', list: [{ password: 'p', keep: 1 }] },
        keep: 'yes'
      })
    ).toEqual({
      apiToken: '[redacted]',
      nested: { 'github-token': '[redacted]', list: [{ password: '[redacted]', keep: 1 }] },
      keep: 'yes'
    })
  })

  it('keeps the secrets settings, which name secrets but hold none', () => {
    expect(
      redactSecrets({
        failOnSecrets: 'valid',
        secretsOptional: true,
        secret: 's',
        clientSecret: 'c'
      })
    ).toEqual({
      failOnSecrets: 'valid',
      secretsOptional: true,
      secret: '[redacted]',
      clientSecret: '[redacted]'
    })
  })
})

describe('writeJsonReport', () => {
  it('creates parent folders and writes indented JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'json-report-'))
    try {
      const path = join(dir, 'nested', 'deeper', 'report.json')
      const value = buildJsonReport(failingReport(), {}, { generatedAt })
      await writeJsonReport(path, value)
      const text = await readFile(path, 'utf8')
      expect(text.startsWith('{\n  "schemaVersion": 1,')).toBe(true)
      expect(text.endsWith('}\n')).toBe(true)
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
