/**
 * End-to-end: the Supply Chain noise filters (fail-on-transitivities, ignore-unfixed,
 * fail-on-epss), the license gate's allow-licenses with SPDX expressions, and the ignore file's
 * vulnerability and package entries, run through the bundle against the emulator in the live
 * wire shape (the documented dependency shape carries no licenses).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dependency, scaFinding, startEmulator } from '../emulator/server.js'
import type { ScaFindingRecord } from '../emulator/data/records.js'
import {
  errorLines,
  pullRequestEvent,
  requireBundle,
  runAction,
  warningLines,
  RELAXED,
  type ActionRun,
  type Emulator
} from './helpers/e2e.js'
import { FakeGitHub } from './helpers/fake-github.js'
import { PROJECT, WEB_SAST, WEB_SCA } from './helpers/sample.js'

requireBundle()

const DEPENDENCIES = '/api/v1/deployments/4242/dependencies'
/** Every exposure: the minimist finding (critical, transitive, unreachable) counts then. */
const EVERY_EXPOSURE = {
  'fail-on-exposures': 'reachable,always_reachable,conditionally_reachable,unreachable,unknown'
}
/** Licenses under which acme/web's dependencies pass but PyQt5, PyMuPDF and pako (MIT AND Zlib). */
const ALLOWED = 'MIT, Apache-2.0, BSD-3-Clause, BSD-2-Clause, ISC'

/** The rows of the Markdown table under a heading, header and separator left out. */
function rowsUnder(summary: string, heading: string): string[] {
  const lines = summary.split('\n')
  const start = lines.findIndex(line => line.includes(heading))
  if (start < 0) return []
  const rows: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('| ')) rows.push(line)
    else if (rows.length > 0) break
  }
  return rows.slice(2)
}

/** The first cell after the finding's: the fix column. */
function fixCellOf(row: string | undefined): string | undefined {
  return row?.split(' | ')[2]
}

describe('e2e: Supply Chain noise, licenses and exemptions', () => {
  let emulator: Emulator
  let dir = ''
  beforeAll(async () => {
    emulator = await startEmulator({ shape: 'live' })
    dir = await mkdtemp(join(tmpdir(), 'e2e-supply-chain-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.setShape('live')
  })

  /**
   * Adds a critical, reachable vm2 3.9.19 finding with the dependency's transitivity and the fix
   * fields given; the function it returns removes it.
   */
  function addVulnerableVm2(
    id: number,
    given: { transitivity: 'direct' } & Pick<
      Partial<ScaFindingRecord>,
      'fixRecommendations' | 'epssScore'
    >
  ): () => () => void {
    const { transitivity, ...fix } = given
    return () => {
      emulator.state.scaFindings.push(
        scaFinding({
          id,
          severity: 'critical',
          reachability: 'reachable',
          foundDependency: {
            package: 'vm2',
            version: '3.9.19',
            ecosystem: 'npm',
            transitivity,
            lockfileLineUrl: 'https://github.com/acme/web/blob/main/package-lock.json#L90'
          },
          ...fix
        })
      )
      return () => {
        emulator.state.scaFindings = emulator.state.scaFindings.filter(f => f.id !== id)
      }
    }
  }

  /** Runs with a state change in place, and undoes it whatever the run did. */
  async function withExtra<T>(add: () => () => void, body: () => Promise<T>): Promise<T> {
    const undo = add()
    try {
      return await body()
    } finally {
      undo()
    }
  }

  describe('fail-on-transitivities', () => {
    it('a critical finding in a transitive dependency blocks by default and passes with direct only', async () => {
      const blocked = await runAction(emulator, { ...RELAXED, ...EVERY_EXPOSURE })
      expect(blocked.exitCode).toBe(1)
      expect(blocked.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.minimist]))

      const passed = await runAction(emulator, {
        ...RELAXED,
        ...EVERY_EXPOSURE,
        'fail-on-transitivities': 'direct'
      })
      expect(passed.exitCode).toBe(0)
      expect(passed.outputs.result).toBe('passed')
      expect(passed.summary).toContain('Supply Chain transitivities: direct')
      const minimist = passed.summary
        .split('\n')
        .find(line => line.includes('<code>minimist@&#8203;1.2.5</code>'))
      expect(fixCellOf(minimist)).toBe('<code>minimist@&#8203;1.2.6</code><br>EPSS 0.00811')
    })
  })

  describe('transitivity spellings', () => {
    const VM2 = 7_290_002
    /** A critical vm2 finding whose dependency's transitivity is spelled as given. */
    const addVm2 = (spelled: string) =>
      addVulnerableVm2(VM2, {
        // The emulator serves what it is given: a spelling the API does not document.
        transitivity: spelled as 'direct',
        fixRecommendations: [{ package: 'vm2', version: '3.9.20' }]
      })
    const directOnly = { ...RELAXED, 'fail-on-transitivities': 'direct' }

    it('the dependencies API spelling DIRECT is direct: blocks under fail-on-transitivities direct', async () => {
      await withExtra(addVm2('DIRECT'), async () => {
        const run = await runAction(emulator, directOnly)
        expect(run.exitCode).toBe(1)
        expect(run.outputs).toMatchObject({ result: 'failed', 'blocking-ids': `[${VM2}]` })
      })
    })

    it.each(['TRANSITIVITY_DIRECT', ' direct'])(
      'an undocumented spelling (%j) is no verdict, naming the field and the value',
      async spelled => {
        await withExtra(addVm2(spelled), async () => {
          const run = await runAction(emulator, directOnly)
          expect(run.exitCode).toBe(1)
          expect(run.outputs.result).toBe('skipped')
          expect(errorLines(run)).toEqual([
            expect.stringMatching(
              new RegExp(
                `^No verdict: GET /api/v1/deployments/acme-corp/findings returned an unexpected response: findings\\[\\d+\\]\\.found_dependency\\.transitivity: expected one of direct, transitive, unknown \\(or DIRECT, TRANSITIVE, UNKNOWN_TRANSITIVITY\\) \\(got "${spelled}"\\)$`
              )
            )
          ])
        })
      }
    )
  })

  describe('ignore-unfixed', () => {
    const VM2 = 7_290_001
    const addVm2 = () => {
      emulator.state.scaFindings.push(
        scaFinding({
          id: VM2,
          severity: 'critical',
          vulnerabilityIdentifier: 'CVE-2023-37466',
          foundDependency: {
            package: 'vm2',
            version: '3.9.19',
            ecosystem: 'npm',
            transitivity: 'direct',
            lockfileLineUrl: 'https://github.com/acme/web/blob/main/package-lock.json#L90'
          },
          fixRecommendations: [],
          epssScore: { score: 0.0459, percentile: 0.92 }
        })
      )
      return () => {
        emulator.state.scaFindings = emulator.state.scaFindings.filter(f => f.id !== VM2)
      }
    }

    it('a critical finding without a fix blocks, and with ignore-unfixed is reported, not blocking', async () => {
      await withExtra(addVm2, async () => {
        const blocked = await runAction(emulator, { ...RELAXED })
        expect(blocked.exitCode).toBe(1)
        expect(blocked.outputs['blocking-ids']).toBe(JSON.stringify([VM2]))
        const row = rowsUnder(blocked.summary, '### Blocking findings (1)')[0]
        expect(fixCellOf(row)).toBe('no fix<br>EPSS 0.0459')

        const passed = await runAction(emulator, { ...RELAXED, 'ignore-unfixed': 'true' })
        expect(passed.exitCode).toBe(0)
        expect(passed.outputs).toMatchObject({ result: 'passed', 'blocking-count': '0' })
        expect(passed.outputs['sca-count']).toBe('7')
        expect(passed.summary).toContain('Supply Chain findings without a fix do not block')
        const vm2 = passed.summary
          .split('\n')
          .find(line => line.includes('<code>vm2@&#8203;3.9.19</code>'))
        expect(fixCellOf(vm2)).toBe('no fix<br>EPSS 0.0459')
      })
    })
  })

  describe('ignore-unfixed: a fix recommendation without a version', () => {
    const VM2 = 7_290_003
    const addVm2 = (version: string) =>
      addVulnerableVm2(VM2, {
        transitivity: 'direct',
        fixRecommendations: [{ package: 'vm2', version }],
        epssScore: { score: 0.0459, percentile: 0.92 }
      })

    it.each(['', ' '])(
      'a recommendation of version %j is a fix: it blocks with ignore-unfixed, shown as version not given',
      async version => {
        await withExtra(addVm2(version), async () => {
          const run = await runAction(emulator, { ...RELAXED, 'ignore-unfixed': 'true' })
          expect(run.exitCode).toBe(1)
          expect(run.outputs).toMatchObject({ result: 'failed', 'blocking-ids': `[${VM2}]` })
          const row = rowsUnder(run.summary, '### Blocking findings (1)')[0]
          expect(fixCellOf(row)).toBe('<code>vm2 (version not given)</code><br>EPSS 0.0459')
        })
      }
    )
  })

  describe('fail-on-epss', () => {
    it('lodash (EPSS 0.01203) blocks at 0.01 below the severity threshold, and not at 0.5', async () => {
      const report = join(dir, 'epss.json')
      const blocked = await runAction(emulator, {
        ...RELAXED,
        'fail-on-epss': '0.01',
        'report-file': report
      })
      expect(blocked.exitCode).toBe(1)
      expect(blocked.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
      expect(errorLines(blocked)).toEqual([
        expect.stringMatching(
          /^1 blocking finding: high ssc-[0-9a-f-]+ at web\/frontend\/package-lock\.json:812$/
        )
      ])
      const row = rowsUnder(blocked.summary, '### Blocking findings (1)')[0]
      expect(row).toMatch(/\| EPSS 0\.012 ≥ 0\.01 \(reachable\) \|$/)
      expect(blocked.summary).toContain('EPSS ≥ 0.01 blocks')
      const json = JSON.parse(await readFile(report, 'utf8')) as {
        thresholds: { failOnEpss: number }
        findings: { id: number; fixVersions: string[]; epss?: unknown; reasons: unknown[] }[]
      }
      expect(json.thresholds.failOnEpss).toBe(0.01)
      expect(json.findings.find(f => f.id === WEB_SCA.lodash)).toMatchObject({
        fixVersions: ['lodash@4.17.21'],
        epss: { score: 0.01203, percentile: 0.8511 },
        reasons: [{ kind: 'epss', score: 0.01203, threshold: 0.01, text: 'EPSS 0.012 ≥ 0.01' }]
      })

      const passed = await runAction(emulator, { ...RELAXED, 'fail-on-epss': '0.5' })
      expect(passed.exitCode).toBe(0)
      expect(passed.outputs.result).toBe('passed')
    })
  })

  describe('bad values', () => {
    it('every new input is refused before any request, naming it and the allowed values', async () => {
      const run = await runAction(emulator, {
        'fail-on-transitivities': 'direct, indirect',
        'ignore-unfixed': 'maybe',
        'fail-on-epss': '50%',
        'allow-licenses': 'MIT OR ISC'
      })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        [
          'Invalid inputs, nothing was sent:',
          'fail-on-transitivities: each entry must be one of direct, transitive, unknown (or none alone, for no transitivities) (got "indirect")',
          'ignore-unfixed: must be true or false (got "maybe")',
          'fail-on-epss: must be a probability from 0 to 1, e.g. 0.1 (empty: EPSS does not block) (got "50%")',
          'allow-licenses: each entry must be one SPDX license id such as MIT or GPL-3.0-only (optionally "<id> WITH <exception>"), not an expression: list each license as its own entry (got "MIT OR ISC")'
        ].join('\n')
      ])
      expect(emulator.requests).toEqual([])
      expect(run.outputs).toEqual({})
    })

    it('allow-licenses with deny-licenses is refused before any request', async () => {
      const run = await runAction(emulator, {
        'allow-licenses': 'MIT',
        'deny-licenses': 'GPL-3.0-only'
      })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        'Invalid inputs, nothing was sent:\nallow-licenses: cannot be set together with deny-licenses: set one of them (allow-licenses blocks every license it does not name, deny-licenses blocks the licenses it names)'
      ])
      expect(emulator.requests).toEqual([])
    })
  })

  describe('deny-licenses: SPDX expressions', () => {
    /** Dependencies whose expressions name GPL-2.0-only without being exactly it. */
    const addExpressions = () => {
      const added = [
        ['and-lib', 'MIT AND GPL-2.0-only'],
        ['with-lib', 'GPL-2.0-only WITH Classpath-exception-2.0'],
        ['or-lib', 'GPL-2.0-only OR GPL-3.0-only'],
        ['choice-lib', 'MIT OR GPL-2.0-only']
      ].map(([name, license]) =>
        dependency({ repositoryId: PROJECT.web, name, version: '1.0.0', licenses: [license ?? ''] })
      )
      emulator.state.dependencies.push(...added)
      return () => {
        emulator.state.dependencies = emulator.state.dependencies.filter(d => !added.includes(d))
      }
    }

    it('an AND with a denied part and X WITH an exception are denied; an OR with an allowed alternative is not', async () => {
      await withExtra(addExpressions, async () => {
        const run = await runAction(emulator, { ...RELAXED, 'deny-licenses': 'GPL-2.0-only' })
        expect(run.exitCode).toBe(1)
        expect(errorLines(run)).toEqual([
          '2 dependencies with a denied license: and-lib@1.0.0 (MIT AND GPL-2.0-only), with-lib@1.0.0 (GPL-2.0-only WITH Classpath-exception-2.0)'
        ])
        // Every dependency of the repository is listed and judged, besides the server's matches.
        const filters = emulator.requests
          .filter(r => r.path === DEPENDENCIES)
          .map(r => (r.body as { dependencyFilter: unknown }).dependencyFilter)
        expect(filters).toEqual(
          expect.arrayContaining([
            { repositoryId: [PROJECT.web] },
            { license: ['GPL-2.0-only'], repositoryId: [PROJECT.web] }
          ])
        )
        expect(filters).toHaveLength(2)
      })
    })

    it('an OR is denied when every alternative is', async () => {
      await withExtra(addExpressions, async () => {
        const run = await runAction(emulator, {
          ...RELAXED,
          'deny-licenses': 'GPL-2.0-only, GPL-3.0-only'
        })
        expect(run.exitCode).toBe(1)
        expect(errorLines(run)).toEqual([
          '4 dependencies with a denied license: and-lib@1.0.0 (MIT AND GPL-2.0-only), or-lib@1.0.0 (GPL-2.0-only OR GPL-3.0-only), PyQt5@5.15.10 (GPL-3.0-only), and 1 more'
        ])
        expect(rowsUnder(run.summary, '### Dependencies with a denied license (4)')).toEqual([
          '| <code>and-lib@&#8203;1.0.0</code> | <code>MIT AND GPL-2.0-only</code> | denied by deny-licenses |',
          '| <code>or-lib@&#8203;1.0.0</code> | <code>GPL-2.0-only OR GPL-3.0-only</code> | denied by deny-licenses |',
          '| <code>PyQt5@&#8203;5.15.10</code> | <code>GPL-3.0-only</code> | denied by deny-licenses |',
          '| <code>with-lib@&#8203;1.0.0</code> | <code>GPL-2.0-only WITH Classpath-exception-2.0</code> | denied by deny-licenses |'
        ])
      })
    })
  })

  describe('allow-licenses', () => {
    it('blocks every license it does not name: an OR passes on one alternative, an AND needs both; unknown is listed', async () => {
      const run = await runAction(emulator, { ...RELAXED, 'allow-licenses': ALLOWED })

      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        '3 dependencies with a license not in allow-licenses: pako@1.0.11 ((MIT AND Zlib)), PyMuPDF@1.23.8 (AGPL-3.0-or-later), PyQt5@5.15.10 (GPL-3.0-only)'
      ])
      expect(run.outputs).toMatchObject({ result: 'failed', 'blocking-count': '3' })
      expect(
        rowsUnder(run.summary, '### Dependencies with a license not in allow-licenses (3)')
      ).toEqual([
        '| <code>pako@&#8203;1.0.11</code> | <code>(MIT AND Zlib)</code> | not in allow-licenses |',
        '| <code>PyMuPDF@&#8203;1.23.8</code> | <code>AGPL-3.0-or-later</code> | not in allow-licenses |',
        '| <code>PyQt5@&#8203;5.15.10</code> | <code>GPL-3.0-only</code> | not in allow-licenses |'
      ])
      expect(run.summary).toContain(
        '<details><summary>1 dependency of unknown license (not judged, not blocking)</summary>'
      )
      expect(run.summary).toContain('| <code>@&#8203;acme/telemetry@&#8203;0.4.0</code> | — |')
      expect(run.summary).not.toContain('jszip@')
      expect(run.summary).not.toContain('node-forge@')
      const listings = emulator.requests.filter(r => r.path === DEPENDENCIES)
      expect(listings.map(r => (r.body as { dependencyFilter: unknown }).dependencyFilter)).toEqual(
        [{ repositoryId: [PROJECT.web] }]
      )

      emulator.requests.length = 0
      const passed = await runAction(emulator, {
        ...RELAXED,
        'allow-licenses': `${ALLOWED}, Zlib, GPL-3.0-only, AGPL-3.0-or-later`
      })
      expect(passed.exitCode).toBe(0)
      expect(passed.outputs).toMatchObject({ result: 'passed', 'blocking-count': '0' })
    })

    it('a license expression that cannot be read blocks, saying why', async () => {
      const odd = dependency({
        repositoryId: PROJECT.web,
        name: 'odd-lib',
        version: '2.0.0',
        licenses: ['Apache License 2.0']
      })
      await withExtra(
        () => {
          emulator.state.dependencies.push(odd)
          return () => {
            emulator.state.dependencies = emulator.state.dependencies.filter(d => d !== odd)
          }
        },
        async () => {
          const run = await runAction(emulator, {
            ...RELAXED,
            'allow-licenses': `${ALLOWED}, Zlib, GPL-3.0-only, AGPL-3.0-or-later`
          })
          expect(run.exitCode).toBe(1)
          expect(errorLines(run)).toEqual([
            '1 dependency with a license that blocks: odd-lib@2.0.0 (Apache License 2.0, cannot be read)'
          ])
          expect(rowsUnder(run.summary, '### Dependencies with a license that blocks (1)')).toEqual(
            [
              '| <code>odd-lib@&#8203;2.0.0</code> | <code>Apache License 2.0</code> | license expression cannot be read\\: &quot;Apache License 2.0&quot; has &quot;License&quot; where AND, OR or the end was expected |'
            ]
          )
        }
      )
    })

    it('a listing that carries no license (the documented shape) is no verdict, never a pass', async () => {
      emulator.setShape('documented')
      const run = await runAction(emulator, { ...RELAXED, 'allow-licenses': ALLOWED })
      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)).toEqual([
        'No verdict: the platform listed 44 dependencies of acme/web and a license for none of them, so allow-licenses could not judge any'
      ])

      const warned = await runAction(emulator, {
        ...RELAXED,
        'allow-licenses': ALLOWED,
        'on-api-error': 'warn'
      })
      expect(warned.exitCode).toBe(0)
      expect(warned.outputs.result).toBe('skipped')
      expect(warningLines(warned)).toContain(
        'No verdict (on-api-error: warn, the step passes): the platform listed 44 dependencies of acme/web and a license for none of them, so allow-licenses could not judge any'
      )
    })

    it('with require-scan none (no project lookup for the evidence), the project is looked up for the licenses', async () => {
      const run = await runAction(emulator, {
        ...RELAXED,
        'require-scan': 'none',
        'allow-licenses': ALLOWED
      })
      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('3')
    })
  })

  describe('ignore file: vulnerability and package entries', () => {
    const IGNORES = [
      'ignores:',
      '  - vulnerability: CVE-2021-23337',
      '    reason: template() never sees user input (SEC-31)',
      '  - package: PyQt5',
      '    version: "5.15.10"',
      '    reason: commercial licence bought (LEGAL-7)',
      '    expires: 2999-12-31',
      ''
    ].join('\n')

    it('exempt lodash by its CVE and PyQt5 from the license gate, each listed with its reason', async () => {
      const file = join(dir, 'ignore.yml')
      const report = join(dir, 'ignores.json')
      await writeFile(file, IGNORES)
      const run = await runAction(emulator, {
        'ignore-file': file,
        'allow-licenses': `${ALLOWED}, Zlib, AGPL-3.0-or-later`,
        'report-file': report
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('4')
      expect(JSON.parse(run.outputs['blocking-ids'] ?? '[]')).not.toContain(WEB_SCA.lodash)
      expect(errorLines(run)[0]).toMatch(/^4 blocking findings: /)
      expect(run.summary).toContain('**16** findings in scope: **4** blocking, **1** ignored')
      const ignored = rowsUnder(run.summary, '### Ignored findings (1)')
      expect(ignored[0]).toMatch(
        /\| template\(\) never sees user input \(SEC-31\) \| vulnerability CVE-2021-23337 \|$/
      )
      expect(rowsUnder(run.summary, '### Ignored license violations (1)')).toEqual([
        '| <code>PyQt5@&#8203;5.15.10</code> | <code>GPL-3.0-only</code> | commercial licence bought (LEGAL-7) | package PyQt5@&#8203;5.15.10 |'
      ])
      expect(run.summary).not.toContain('### Dependencies with')
      const json = JSON.parse(await readFile(report, 'utf8')) as {
        licenseViolations: unknown[]
        ignoredLicenseViolations: unknown[]
      }
      expect(json.licenseViolations).toEqual([])
      expect(json.ignoredLicenseViolations).toEqual([
        {
          package: 'PyQt5',
          version: '5.15.10',
          license: 'GPL-3.0-only',
          judgement: 'not-allowed',
          ignored: {
            reason: 'commercial licence bought (LEGAL-7)',
            source: 'package PyQt5@5.15.10'
          }
        }
      ])
    })

    it('a bad entry stops the run before any request', async () => {
      const file = join(dir, 'bad-ignore.yml')
      await writeFile(file, '- package: lodash\n  version: 4.10\n  reason: r\n')
      const run = await runAction(emulator, { 'ignore-file': file })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        `Invalid inputs, nothing was sent:\nignore-file ${file}: entry 1: version: version must be text; quote it ("1.20.0"): YAML reads 1.20 as the number 1.2`
      ])
      expect(emulator.requests).toEqual([])
    })

    it('on a pull request the entries come from the base: a package entry the PR adds is only proposed', async () => {
      const github = await new FakeGitHub().start()
      const workspace = await mkdtemp(join(tmpdir(), 'e2e-supply-chain-pr-'))
      const BASE_SHA = 'ab'.repeat(20)
      try {
        github.setFile(BASE_SHA, 'ignore.yml', 'ignores: []\n')
        await writeFile(join(workspace, 'ignore.yml'), IGNORES)
        const run: ActionRun = await runAction(
          emulator,
          {
            ...RELAXED,
            'ignore-file': 'ignore.yml',
            'github-token': 'ghs_job_token',
            'allow-licenses': `${ALLOWED}, Zlib, AGPL-3.0-or-later`
          },
          {
            eventName: 'pull_request',
            event: pullRequestEvent(BASE_SHA),
            cwd: workspace,
            env: { GITHUB_WORKSPACE: workspace, GITHUB_API_URL: github.url }
          }
        )
        expect(run.exitCode).toBe(1)
        expect(errorLines(run)).toEqual([
          '1 dependency with a license not in allow-licenses: PyQt5@5.15.10 (GPL-3.0-only)'
        ])
        expect(run.summary).toContain('### Proposed ignore entries (2)')
        expect(run.summary).toContain(
          '- package PyQt5@&#8203;5.15.10 — commercial licence bought (LEGAL-7) — expires 2999-12-31 (proposed, applies once merged)'
        )
        expect(github.requests.map(r => r.url)).toEqual([
          `/repos/acme/web/contents/ignore.yml?ref=${BASE_SHA}`
        ])
      } finally {
        await github.close()
        await rm(workspace, { recursive: true, force: true })
      }
    })
  })

  it('the SAST findings keep their table without the fix column when no SCA finding is listed', async () => {
    const run = await runAction(emulator, { 'issue-types': 'sast' })
    expect(run.summary).toContain('| Severity | Finding | Location | Why it blocks |')
    expect(run.summary).not.toContain('Fix · EPSS')
    expect(run.outputs['blocking-ids']).toContain(String(WEB_SAST.sqli))
  })
})
