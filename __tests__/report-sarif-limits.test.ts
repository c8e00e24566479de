/**
 * The limits of GitHub code scanning: at most 25,000 results in a run and 10 MB gzipped in a
 * file. What does not fit is left out from the end of the report's order, and counted.
 */
import { describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Log } from 'sarif'
import type { EvaluatedFinding, Severity } from '../src/domain.js'
import { compareEvaluated } from '../src/gate/report-order.js'
import { buildSarif, buildSarifRun, SARIF_MAX_RESULTS } from '../src/report/sarif.js'
import { SARIF_MAX_GZIP_BYTES, writeSarif, writeSarifFile } from '../src/report/sarif-file.js'
import { evaluated, runReport, sastFinding, verdictOf } from './fixtures/report-fixtures.js'
import { tempDir } from './helpers/temp-dir.js'

/** The finding id a result or notification carries in its properties. */
function findingIdOf(properties?: { readonly [key: string]: unknown }): unknown {
  return properties?.findingId
}

const opts = { category: 'findings-gate/acme-web', toolVersion: '1.2.3' }
const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical']
const RESULTS_LIMIT = 'GitHub code scanning accepts at most 25,000 results in a run'

/** `count` findings in the report's order; every `blockEvery`-th blocks, ids from 1. */
function findingsOf(
  count: number,
  blockEvery: number,
  message: (i: number) => string = i => `Message of rule ${i % 40}.`
): EvaluatedFinding[] {
  const findings = Array.from({ length: count }, (_, i) =>
    evaluated(
      sastFinding({
        id: i + 1,
        ruleName: `rule.${i % 40}`,
        ruleMessage: message(i),
        severity: SEVERITIES[i % 4],
        location: { path: `src/m${i % 500}.py`, line: (i % 900) + 1 }
      }),
      i % blockEvery === 0 ? {} : { blocking: false, reasons: [] }
    )
  )
  return findings.sort(compareEvaluated)
}

function runOf(log: Log) {
  const run = log.runs[0]
  if (run === undefined) throw new Error('no run')
  return run
}

const dir = tempDir('sarif-limits-')

describe('SARIF: 25,000 results in a run at most', () => {
  it('30,000 findings: the first 25,000 of the report order, 5,000 left out and counted', () => {
    const findings = findingsOf(30_000, 7)
    const built = buildSarifRun(runReport({ verdict: verdictOf(findings) }), opts)
    const run = runOf(built.log)

    expect(SARIF_MAX_RESULTS).toBe(25_000)
    expect(built.results).toBe(25_000)
    expect(run.results?.map(r => findingIdOf(r.properties))).toEqual(
      findings.slice(0, 25_000).map(f => f.finding.id)
    )
    // Blocking first: all 4,286 blocking findings are results, the 5,000 left out are the least severe.
    expect(run.results?.filter(r => r.level === 'error')).toHaveLength(
      findings.filter(f => f.blocking).length
    )
    expect(findings.slice(25_000).every(f => !f.blocking && f.finding.severity === 'low')).toBe(
      true
    )
    const leftOut = { findings: 5_000, blocking: 0, why: RESULTS_LIMIT }
    expect(built.leftOut).toEqual(leftOut)
    expect(run.properties).toEqual({ leftOut })
  })

  it('counts the blocking findings left out when there are more than the limit', () => {
    const findings = findingsOf(30_000, 1)
    const built = buildSarifRun(runReport({ verdict: verdictOf(findings) }), opts)
    expect(built.leftOut).toEqual({ findings: 5_000, blocking: 5_000, why: RESULTS_LIMIT })
  })

  it('findings without a file are notifications: they are kept, and do not count as results', () => {
    const located = findingsOf(4, 1)
    const unlocated = [90, 91].map(id =>
      evaluated(sastFinding({ id, severity: 'critical', location: undefined }))
    )
    const findings = [...located, ...unlocated].sort(compareEvaluated)
    const built = buildSarifRun(runReport({ verdict: verdictOf(findings) }), opts, {
      maxResults: 2
    })
    const run = runOf(built.log)
    expect(run.results?.map(r => findingIdOf(r.properties))).toEqual(
      located.slice(0, 2).map(f => f.finding.id)
    )
    expect(
      run.invocations?.[0]?.toolExecutionNotifications?.map(n => findingIdOf(n.properties))
    ).toEqual([90, 91])
    expect(built.leftOut).toEqual({
      findings: 2,
      blocking: 2,
      why: 'GitHub code scanning accepts at most 2 results in a run'
    })
    // Only the rules of what the file holds.
    expect(run.tool.driver.rules?.map(r => r.id).sort()).toEqual(
      [...new Set(findings.slice(0, 4).map(f => f.finding.ruleName))].sort()
    )
  })

  it('says nothing of a run that holds every finding', () => {
    const built = buildSarifRun(runReport({ verdict: verdictOf(findingsOf(100, 3)) }), opts)
    expect(built).toMatchObject({ results: 100, findings: 100 })
    expect(built.leftOut).toBeUndefined()
    expect(runOf(built.log).properties).toBeUndefined()
  })
})

describe('SARIF file: under the gzipped size code scanning accepts', () => {
  it('a file that fits is the log as buildSarif makes it', async () => {
    const report = runReport({ verdict: verdictOf(findingsOf(300, 3)) })
    const path = join(dir(), 'fits.sarif')
    const written = await writeSarifFile(path, report, opts)
    expect(written).toEqual({ results: 300, findings: 300 })
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(buildSarif(report, opts))}\n`)
    expect(SARIF_MAX_GZIP_BYTES).toBe(8 * 1024 * 1024)
  })

  it('a file over the size is written again with the last findings left out, until it fits', async () => {
    // Random messages do not compress: 2,000 findings of 1 KB each make ~1.5 MB gzipped.
    const findings = findingsOf(2_000, 5, () => randomBytes(512).toString('hex'))
    const report = runReport({ verdict: verdictOf(findings) })
    const path = join(dir(), 'shrunk.sarif')
    const maxGzipBytes = 200_000
    const written = await writeSarifFile(path, report, opts, { maxResults: 25_000, maxGzipBytes })

    const text = await readFile(path, 'utf8')
    expect(gzipSync(text).length).toBeLessThanOrEqual(maxGzipBytes)
    const run = runOf(JSON.parse(text) as Log)
    expect(run.results).toHaveLength(written.results)
    expect(written.results).toBeGreaterThan(100)
    expect(written.results).toBeLessThan(400)
    expect(run.results?.map(r => findingIdOf(r.properties))).toEqual(
      findings.slice(0, written.results).map(f => f.finding.id)
    )
    const leftOut = {
      findings: 2_000 - written.results,
      blocking: findings.slice(written.results).filter(f => f.blocking).length,
      why: 'GitHub code scanning accepts at most 10 MB gzipped, and the file is kept under 200,000 bytes'
    }
    expect(written.leftOut).toEqual(leftOut)
    expect(run.properties).toEqual({ leftOut })
  })

  it('writeSarif still writes a log of any other shape whole', async () => {
    const path = join(dir(), 'plain.sarif')
    const log = buildSarif(runReport({ verdict: verdictOf([]) }), opts)
    await writeSarif(path, log)
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(log)}\n`)
  })
})
