import { describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  buildJsonReport,
  JSON_MESSAGE_LIMIT,
  redactSecrets,
  writeJsonReport,
  writeRunJsonReport
} from '../src/report/json-report.js'
import type { RunReport } from '../src/report/model.js'
import { reasonText } from '../src/report/labels.js'
import { truncate } from '../src/text/plain.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf,
  secretsFinding
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
      existing: 0,
      licenseViolations: 0,
      sast: { low: 1, medium: 1, high: 1, critical: 0 },
      sca: { low: 0, medium: 0, high: 0, critical: 1 },
      secrets: { low: 0, medium: 0, high: 0, critical: 0 },
      ai_sast: { low: 0, medium: 0, high: 0, critical: 0 }
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

  it('an SCA finding carries its fixed versions, EPSS score and transitivity', () => {
    const sca = evaluated(
      scaFinding({ id: 9, fixVersions: ['lodash@4.17.21'], epss: { score: 0.5, percentile: 0.97 } })
    )
    const [finding] = buildJsonReport(runReport({ verdict: verdictOf([sca]) }), {}).findings
    expect(finding).toMatchObject({
      fixVersions: ['lodash@4.17.21'],
      epss: { score: 0.5, percentile: 0.97 },
      dependency: { package: 'lodash', version: '4.17.20', transitivity: 'direct' }
    })
  })

  it('lists blocking, ignored and unknown-license dependencies apart', () => {
    const violation = { package: 'qt', version: '5', license: 'GPL-3.0-only' } as const
    const report = runReport({
      verdict: verdictOf([], {
        licenseViolations: [{ ...violation, judgement: 'not-allowed' }],
        ignoredLicenseViolations: [
          {
            ...violation,
            package: 'qt-ok',
            judgement: 'not-allowed',
            ignored: { reason: 'bought', source: 'package qt-ok' }
          }
        ],
        unknownLicenses: [{ package: 'x', version: '1', license: '', judgement: 'unknown' }]
      })
    })
    const json = buildJsonReport(report, {})
    expect(json.counts?.licenseViolations).toBe(1)
    expect(json.licenseViolations.map(v => v.package)).toEqual(['qt'])
    expect(json.ignoredLicenseViolations.map(v => [v.package, v.ignored?.reason])).toEqual([
      ['qt-ok', 'bought']
    ])
    expect(json.unknownLicenses.map(v => v.package)).toEqual(['x'])
  })

  it('gives each SAST finding its mode, one below the threshold as such', () => {
    const below = evaluated(sastFinding({ id: 5 }), { mode: 'below-block', blocking: false })
    const known = evaluated(sastFinding({ id: 6 }))
    const report = buildJsonReport(runReport({ verdict: verdictOf([known, below]) }), {})
    expect(report.counts).not.toHaveProperty('unknownMode')
    expect(report.findings.map(f => [f.id, f.mode])).toEqual([
      [6, 'block'],
      [5, 'below-block']
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
        secret: 's',
        clientSecret: 'c'
      })
    ).toEqual({
      failOnSecrets: 'valid',
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

describe('writeRunJsonReport', () => {
  /** The report as writeJsonReport(buildJsonReport(…)) writes it, and as writeRunJsonReport does. */
  async function bothWays(report: RunReport): Promise<[string, string]> {
    const dir = await mkdtemp(join(tmpdir(), 'json-report-'))
    try {
      const config = { repository: 'acme/web', apiToken: 'fg-secret', since: undefined }
      const whole = join(dir, 'whole.json')
      const streamed = join(dir, 'nested', 'streamed.json')
      await writeJsonReport(whole, buildJsonReport(report, config, { generatedAt }))
      await writeRunJsonReport(streamed, report, config, { generatedAt })
      return [await readFile(whole, 'utf8'), await readFile(streamed, 'utf8')]
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  it('writes the bytes of the report built whole, findings written a batch at a time', async () => {
    // 4,500 findings: three batches, the last one short; blocking, ignored and plain ones.
    const findings = Array.from({ length: 4_500 }, (_, i) =>
      evaluated(
        sastFinding({ id: i + 1, ruleMessage: i % 7 === 0 ? 'x'.repeat(20_000) : 'é ≥ "q"' }),
        {
          ...(i % 3 === 0 ? { blocking: false, reasons: [] } : {}),
          ...(i % 5 === 0 ? { blocking: false, ignored: { reason: 'accepted', source: 'id' } } : {})
        }
      )
    )
    const [whole, streamed] = await bothWays(runReport({ verdict: verdictOf(findings) }))
    expect(streamed).toBe(whole)
    expect((JSON.parse(streamed) as { findings: unknown[] }).findings).toHaveLength(4_500)
  })

  it('writes the same bytes for one finding, for none, and for a run without a verdict', async () => {
    for (const report of [
      failingReport(),
      runReport({ verdict: verdictOf([]) }),
      runReport(),
      runReport({ verdict: verdictOf([evaluated(sastFinding({ id: 1 }))]) })
    ]) {
      const [whole, streamed] = await bothWays(report)
      expect(streamed).toBe(whole)
    }
  })
})

describe('JSON findings', () => {
  it('keep the finding’s keys in order, then mode, blocking, reasons, ignored and existing', () => {
    // A key the finding has (mode) keeps its place.
    const secret = secretsFinding({ id: 9, mode: 'block' })
    const findings = [
      evaluated(sastFinding({ id: 1, ruleMessage: 'y'.repeat(JSON_MESSAGE_LIMIT + 5) })),
      evaluated(scaFinding({ id: 2 }), {
        blocking: false,
        reasons: [],
        ignored: { reason: 'accepted', source: 'id 2' }
      }),
      evaluated(secret, {
        mode: 'block',
        reasons: [{ kind: 'secret', validationState: 'confirmed_valid' }]
      })
    ]
    const json = buildJsonReport(runReport({ verdict: verdictOf(findings) }), {})
    // As a spread of the finding followed by the report's keys would make them.
    const expected = findings.map(({ finding, mode, blocking, reasons, ignored, existing }) => ({
      ...finding,
      ruleMessage: truncate(finding.ruleMessage, JSON_MESSAGE_LIMIT),
      mode: mode ?? null,
      blocking,
      reasons: reasons.map(r => ({ ...r, text: reasonText(r) })),
      ignored: ignored ?? null,
      existing: existing === true
    }))
    expect(JSON.stringify(json.findings, null, 2)).toBe(JSON.stringify(expected, null, 2))
    expect(Object.keys(json.findings[2] ?? {})).toEqual([
      ...Object.keys(secret),
      'blocking',
      'reasons',
      'ignored',
      'existing'
    ])
  })
})
