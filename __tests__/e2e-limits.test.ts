/**
 * End to end, GitHub's limits: nothing the platform would drop or reject goes out silently, and
 * the SBOM files of a deployment export never collide (issue 36).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { project } from '../emulator/server.js'
import { LIST_OUTPUT_MAX_BYTES } from '../src/report/output-lists.js'
import { errorLines, requireBundle, runAction, withEmulator } from './helpers/e2e.js'
import { commandLines } from './helpers/e2e-inspect.js'

requireBundle()

const TICKETS_PATH = '/api/v1/deployments/acme-corp/tickets'
/** Every finding blocks: the sample's 16 and the bulk's. */
const ALL_BLOCK = { 'fail-on-severity': 'low', 'fail-on-policy-mode': 'none' } as const

interface JsonReport {
  readonly findings: readonly { readonly id: number; readonly blocking: boolean }[]
  readonly tickets: { readonly created: readonly { readonly url?: string }[] }
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-limits-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('e2e limits: SBOM files of a deployment export', () => {
  it('acme/web, acme__web and acme/WEB each get their own file, even ignoring case', async () => {
    await withEmulator({ sbomPollsUntilDone: 0 }, async emulator => {
      const web = emulator.state.projects.find(p => p.name === 'acme/web')
      if (!web) throw new Error('the sample has no acme/web')
      const projects = [web, project({ name: 'acme__web' }), project({ name: 'acme/WEB' })]
      emulator.state.projects = projects
      const out = join(dir, 'sboms')

      const run = await runAction(emulator, {
        gate: 'false',
        'sbom-export': 'true',
        'sbom-scope': 'deployment',
        'sbom-file': out
      })

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
      const reportFile = join(dir, 'outputs-report.json')

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
