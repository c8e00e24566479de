/**
 * End to end, GitHub's limits: nothing the platform would drop or reject goes out silently, and
 * the SBOM files of a deployment export never collide (issue 36).
 */
import { describe, expect, it } from '@jest/globals'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Log } from 'sarif'
import { project, sastFinding } from '../emulator/server.js'
import { renderProject } from '../emulator/wire.js'
import { LIST_OUTPUT_MAX_BYTES } from '../src/report/output-lists.js'
import {
  deploymentExportInputs,
  errorLines,
  requireBundle,
  runAction,
  warningLines,
  withEmulator
} from './helpers/e2e.js'
import { commandLines } from './helpers/e2e-inspect.js'
import { tempDir } from './helpers/temp-dir.js'

/** The finding id a result or notification carries in its properties. */
function findingIdOf(properties?: { readonly [key: string]: unknown }): unknown {
  return properties?.findingId
}

requireBundle()

const TICKETS_PATH = '/api/v1/deployments/acme-corp/tickets'
/** Every finding blocks: the sample's 16 and the bulk's. */
const ALL_BLOCK = { 'fail-on-severity': 'low', 'fail-on-policy-mode': 'none' } as const

interface JsonReport {
  readonly findings: readonly { readonly id: number; readonly blocking: boolean }[]
  readonly tickets: { readonly created: readonly { readonly url?: string }[] }
}

const dir = tempDir('e2e-limits-')

describe('e2e limits: SBOM files of a deployment export', () => {
  it('acme/web, acme__web and acme/WEB each get their own file, even ignoring case', async () => {
    await withEmulator({ sbomPollsUntilDone: 0 }, async emulator => {
      const web = emulator.state.projects.find(p => p.name === 'acme/web')
      if (!web) throw new Error('the sample has no acme/web')
      const projects = [web, project({ name: 'acme__web' }), project({ name: 'acme/WEB' })]
      emulator.state.projects = projects
      const out = join(dir(), 'sboms')

      const run = await runAction(emulator, deploymentExportInputs(out))

      expect(run.exitCode).toBe(0)
      expect(errorLines(run)).toEqual([])
      expect(run.outputs).toMatchObject({ 'sbom-status': 'completed', 'sbom-file': out })
      const files = (await readdir(out)).sort()
      expect(files).toEqual(
        [
          `${web.id}-acme__web.cdx.json`,
          `${projects[1]?.id}-acme__web.cdx.json`,
          `${projects[2]?.id}-acme__WEB.cdx.json`
        ].sort()
      )
      // A case-insensitive file system (macOS, Windows runners) would keep them apart too.
      expect(new Set(files.map(f => f.toLowerCase())).size).toBe(3)
      for (const p of projects) {
        const sbom = JSON.parse(
          await readFile(join(out, `${p.id}-${p.name.replace('/', '__')}.cdx.json`), 'utf8')
        ) as { metadata: { component: { name: string } } }
        expect(sbom.metadata.component.name).toBe(p.name)
      }
    })
  })
})

describe('e2e limits: a project list that shifts while it is read', () => {
  it('a project missing from one read is still exported, once, and the run says the list changed', async () => {
    await withEmulator({ sbomPollsUntilDone: 0 }, async emulator => {
      const projects = emulator.state.projects.slice(0, 3)
      emulator.state.projects = projects
      const [first, shifted, last] = projects
      if (!first || !shifted || !last) throw new Error('the sample has fewer than 3 projects')
      // The first read lists the projects as a page would after one before it was deleted: the
      // second project slid out of view. Later reads list all three.
      emulator.addFault({
        method: 'GET',
        path: '/api/v1/deployments/acme-corp/projects',
        query: { page: '0' },
        kind: 'json',
        body: { projects: [first, last].map(p => renderProject(p, 'documented', false)) },
        times: 1
      })
      const out = join(dir(), 'shifting')

      const run = await runAction(emulator, deploymentExportInputs(out))

      expect(run.exitCode).toBe(0)
      expect(warningLines(run)).toEqual([
        'The project list of acme-corp changed while it was read (3 reads did not all agree): 3 projects were seen in all, and every one of them is used'
      ])
      const exported = emulator.requests
        .filter(r => r.method === 'POST' && r.path.endsWith('/sbom/export'))
        .map(r => (r.body as { repositoryId?: string }).repositoryId)
      expect(exported.sort()).toEqual(projects.map(p => String(p.id)).sort())
      expect((await readdir(out)).length).toBe(3)
    })
  })
})

describe('e2e limits: list outputs', () => {
  it('blocking-ids holds the first 1,000 ids and ticket-urls stays far under 1 MB; both say so', async () => {
    const bulk = { repository: 'acme/web', ref: 'refs/heads/main', sast: 1500, sca: 0 }
    await withEmulator({ bulk }, async emulator => {
      // A tracker whose ticket URLs are 12 KB each: 100 of them make 1.2 MB as one JSON array.
      const urls = Array.from(
        { length: 100 },
        (_, i) => `https://tracker.example.test/browse/SEC-${i}?${'x'.repeat(12_000)}`
      )
      const succeeded = urls.map((url, i) => ({ issue_ids: [String(i + 1)], ticket_url: url }))
      emulator.addFault({ kind: 'json', method: 'POST', path: TICKETS_PATH, body: { succeeded } })
      const reportFile = join(dir(), 'outputs-report.json')

      const run = await runAction(emulator, {
        ...ALL_BLOCK,
        'issue-types': 'sast',
        'create-tickets': 'true',
        'report-file': reportFile
      })

      expect(run.exitCode).toBe(1)
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as JsonReport
      const blocking = report.findings.filter(f => f.blocking).map(f => f.id)
      expect(blocking.length).toBeGreaterThan(1500)
      expect(run.outputs['blocking-count']).toBe(String(blocking.length))
      expect(JSON.parse(run.outputs['blocking-ids'] ?? '')).toEqual(blocking.slice(0, 1000))

      const value = run.outputs['ticket-urls'] ?? ''
      const kept = JSON.parse(value) as string[]
      expect(Buffer.byteLength(value)).toBeLessThanOrEqual(LIST_OUTPUT_MAX_BYTES)
      expect(kept.length).toBeGreaterThan(10)
      expect(kept).toEqual(urls.slice(0, kept.length))
      expect(report.tickets.created.map(t => t.url)).toEqual(urls)
      expect(run.outputs['tickets-created']).toBe('100')

      const warnings = commandLines(run).filter(line => line.startsWith('::warning::Output '))
      expect(warnings).toEqual([
        `::warning::Output blocking-ids holds the first 1,000 of ${blocking.length.toLocaleString('en-US')} entries (GitHub limits a step output to 1 MB): ${(blocking.length - 1000).toLocaleString('en-US')} left out; the JSON report (${reportFile}) lists every one.`,
        `::warning::Output ticket-urls holds the first ${kept.length} of 100 entries (GitHub limits a step output to 1 MB): ${100 - kept.length} left out; the JSON report (${reportFile}) lists every one.`
      ])
    })
  }, 60_000)
})

describe('e2e limits: SARIF', () => {
  it('30,000 findings: 25,000 results, the rest counted in the run and the summary; sarif-category is the run id', async () => {
    const bulk = { repository: 'acme/web', ref: 'refs/heads/main', sast: 30_000, sca: 0 }
    await withEmulator({ bulk }, async emulator => {
      const sarifFile = join(dir(), 'findings.sarif')
      const reportFile = join(dir(), 'sarif-report.json')
      const run = await runAction(emulator, {
        'issue-types': 'sast',
        'sarif-file': sarifFile,
        'sarif-category': 'monorepo/web',
        'report-file': reportFile
      })

      expect(run.exitCode).toBe(1)
      const total = Number(run.outputs['findings-count'])
      expect(total).toBeGreaterThan(30_000)
      const text = await readFile(sarifFile, 'utf8')
      expect(gzipSync(text).length).toBeLessThan(8 * 1024 * 1024)
      const sarif = JSON.parse(text) as Log
      const sarifRun = sarif.runs[0]
      expect(sarifRun?.automationDetails?.id).toBe('monorepo/web/')
      expect(sarifRun?.results).toHaveLength(25_000)
      const leftOut = total - 25_000
      expect(sarifRun?.properties?.leftOut).toEqual({
        findings: leftOut,
        blocking: 0,
        why: 'GitHub code scanning accepts at most 25,000 results in a run'
      })
      // Blocking first: every blocking finding is a result.
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as JsonReport
      const blocking = report.findings.filter(f => f.blocking).map(f => f.id)
      expect(
        sarifRun?.results?.slice(0, blocking.length).map(r => findingIdOf(r.properties))
      ).toEqual(blocking)
      expect(report.findings).toHaveLength(total)

      const count = leftOut.toLocaleString('en-US')
      expect(run.summary).toContain(
        `**SARIF** <code>${sarifFile}</code>: 25,000 results, ${count} findings left out (none blocking, the last in the report's order): GitHub code scanning accepts at most 25,000 results in a run. The tables below list them (1,000 rows each at most); the JSON report <code>${reportFile}</code> has every finding.`
      )
      expect(run.stdout).toContain(
        `SARIF ${sarifFile}: 25,000 results; ${count} findings (0 blocking) left out: GitHub code scanning accepts at most 25,000 results in a run`
      )
    })
  }, 120_000)
})

describe('e2e limits: annotations', () => {
  it('30 blocking and 30 non-blocking findings: no level past what a step shows, the rest said', async () => {
    await withEmulator({}, async emulator => {
      const { state } = emulator
      const onMain = (f: { repository: { name: string }; ref: string }) =>
        f.repository.name === 'acme/web' && f.ref === 'refs/heads/main'
      state.sastFindings = state.sastFindings.filter(f => !onMain(f))
      const severities = ['critical', 'high', 'medium', 'low'] as const
      for (let i = 0; i < 60; i++) {
        state.sastFindings.push(
          sastFinding({
            id: 9_300_001 + i,
            // The first 30 in a rule of block mode, the others in one of comment mode.
            ruleName:
              i < 30
                ? 'python.django.security.injection.sql.sql-injection-db-cursor-execute'
                : 'python.lang.security.deserialization.pickle.avoid-pickle',
            severity: severities[i % 4],
            location: {
              filePath: `src/app/m${(i * 37) % 60}.py`,
              line: i + 1,
              column: 1,
              endLine: i + 1,
              endColumn: 20
            }
          })
        )
      }
      const reportFile = join(dir(), 'annotations-report.json')
      const run = await runAction(emulator, {
        'issue-types': 'sast',
        'fail-on-severity': 'none',
        'fail-on-policy-mode': 'block',
        'report-file': reportFile
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ 'findings-count': '60', 'blocking-count': '30' })
      const commands = commandLines(run)
      const count = (prefix: string) => commands.filter(line => line.startsWith(prefix)).length
      // GitHub shows 10 of each level in a step: none of these is past it.
      expect(count('::error')).toBe(8 + 1)
      expect(count('::warning')).toBe(8)
      expect(count('::notice')).toBe(9 + 1)
      // Errors: the most severe blocking findings first, then by path: the 8 critical ones
      // (i = 0, 4, … 28, in files m0, m28, m56, m24, m52, m20, m48, m16), in path order.
      const errors = commands
        .filter(line => line.startsWith('::error title='))
        .map(line => /file=([^,]+),line=\d+/.exec(line)?.[1])
      expect(errors).toEqual([0, 16, 20, 24, 28, 48, 52, 56].map(n => `src/app/m${n}.py`))
      const notAnnotated =
        '22 of 30 blocking findings and 13 of 30 non-blocking findings are not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 25)'
      expect(commands.at(-2)).toBe(
        `::notice title=Findings Gate%3A not every finding is annotated::${notAnnotated}. They are in the job summary and the JSON report ${reportFile}.`
      )
      expect(run.summary).toContain(
        `**Annotations**: ${notAnnotated}. The tables below list them (1,000 rows each at most); the JSON report <code>${reportFile}</code> has every finding.`
      )
    })
  })

  it('max-annotations above what a step shows is lowered to it, with a warning', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { 'max-annotations': '100' })
      expect(run.exitCode).toBe(1)
      expect(commandLines(run).filter(line => line.startsWith('::warning::'))).toEqual([
        '::warning::max-annotations is 100, but GitHub shows 10 annotations of each level in a step: at most 25 findings are annotated'
      ])
    })
  })
})
