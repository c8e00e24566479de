/**
 * End to end, GitHub's limits: nothing the platform would drop or reject goes out silently, and
 * the SBOM files of a deployment export never collide (issue 36).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { project } from '../emulator/server.js'
import { errorLines, requireBundle, runAction, withEmulator } from './helpers/e2e.js'

requireBundle()

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
