/**
 * End-to-end: on a pull request (and on merge_group, at `merge_group.base_sha`) the ignore file is
 * read at the base commit through the GitHub contents API (the fake GitHub), so a pull request
 * cannot exempt its own findings; entries it adds are listed as proposed. Other events read the
 * workspace file.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startEmulator } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  mergeGroupEvent,
  pullRequestEvent,
  runAction,
  type ActionRun,
  type Emulator
} from './helpers/e2e.js'
import { baseFileFixture } from './helpers/base-files.js'
import { WEB_SAST } from './helpers/sample.js'

requireBundle()

const BASE_SHA = '0123456789abcdef0123456789abcdef01234567'
const FILE = '.github/findings-ignore.yml'
const BASE_FILE = [
  'ignores:',
  `  - id: ${WEB_SAST.sqli}`,
  '    reason: Parameterised by the ORM wrapper, see SEC-12',
  ''
].join('\n')
const PR_FILE =
  BASE_FILE + ['  - rule: "*"', '    reason: ship it', '    expires: 2999-12-31', ''].join('\n')

describe('ignore-file and the pull request base', () => {
  let emulator: Emulator
  const { github, workspace } = baseFileFixture()
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.requests.length = 0
    await writeFile(join(workspace(), FILE), PR_FILE)
  })

  function runOn(
    eventName: string,
    inputs: Record<string, string> = {},
    event: unknown = pullRequestEvent(BASE_SHA)
  ): Promise<ActionRun> {
    return runAction(
      emulator,
      {
        'ignore-file': FILE,
        'github-token': 'ghs_job_token',
        'report-file': join(workspace(), 'report.json'),
        ...inputs
      },
      {
        eventName,
        event,
        cwd: workspace(),
        env: { GITHUB_WORKSPACE: workspace(), GITHUB_API_URL: github.url }
      }
    )
  }

  it.each([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment'
  ])(
    '%s: the entry the PR adds ({rule: "*"}) exempts nothing and is listed as proposed; the base entry applies',
    async eventName => {
      github.setFile(BASE_SHA, FILE, BASE_FILE)
      const run = await runOn(eventName)

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('failed')
      expect(run.outputs['blocking-count']).toBe('4')
      expect(errorLines(run)).toHaveLength(1)
      expect(errorLines(run)[0]).toMatch(/^4 blocking findings: /)
      expect(run.summary).toContain('**16** findings in scope: **4** blocking, **1** ignored')
      expect(run.summary).toContain(
        `| Parameterised by the ORM wrapper, see SEC-12 | id ${WEB_SAST.sqli} |`
      )
      expect(run.summary).toContain('### Proposed ignore entries (1)')
      expect(run.summary).toContain(
        '- rule \\* — ship it — expires 2999-12-31 (proposed, applies once merged)'
      )
      expect(github.requests.map(r => [r.method, r.url])).toEqual([
        ['GET', `/repos/acme/web/contents/${FILE}?ref=${BASE_SHA}`]
      ])
      const report = JSON.parse(await readFile(join(workspace(), 'report.json'), 'utf8')) as {
        proposedIgnores: unknown
      }
      expect(report.proposedIgnores).toEqual([
        { description: 'rule *', reason: 'ship it', expires: '2999-12-31' }
      ])
    }
  )

  it('a base without the file: no entry applies, every workspace entry is proposed', async () => {
    const run = await runOn('pull_request')
    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-count']).toBe('5')
    expect(run.summary).toContain('### Proposed ignore entries (2)')
  })

  it('the contents API failing gives no verdict, naming the file, the base commit and the status', async () => {
    github.failWith = 502
    const run = await runOn('pull_request')
    expect(run.exitCode).toBe(1)
    expect(run.outputs.result).toBe('skipped')
    expect(errorLines(run)).toEqual([
      `No verdict: ignore-file ${FILE} could not be read at the pull request's base commit ${BASE_SHA} ` +
        `(GET /repos/acme/web/contents/${FILE}: HTTP 502), so the exemptions that apply are unknown; ` +
        "the pull request's own copy is never used instead"
    ])
  })

  it('no github-token on a pull request: an input error before any request', async () => {
    const run = await runOn('pull_request', { 'github-token': '' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\n' +
        "github-token: is required when ignore-file is set on pull_request: the ignore file is read at the pull request's base commit through the GitHub API, so a pull request cannot exempt its own findings (use ${{ github.token }}, with contents: read)"
    ])
    expect(emulator.requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it("merge_group: the queue's candidate cannot exempt its own findings; the base_sha copy applies", async () => {
    github.setFile(BASE_SHA, FILE, BASE_FILE)
    const run = await runOn('merge_group', {}, mergeGroupEvent(BASE_SHA))

    expect(run.exitCode).toBe(1)
    expect(run.outputs.result).toBe('failed')
    expect(run.outputs['blocking-count']).toBe('4')
    expect(run.summary).toContain('**16** findings in scope: **4** blocking, **1** ignored')
    expect(run.summary).toContain('### Proposed ignore entries (1)')
    expect(github.requests.map(r => [r.method, r.url])).toEqual([
      ['GET', `/repos/acme/web/contents/${FILE}?ref=${BASE_SHA}`]
    ])
  })

  it('merge_group without merge_group.base_sha: an input error, the workspace file is never read', async () => {
    const run = await runOn('merge_group', {}, mergeGroupEvent())
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\n' +
        `ignore-file ${FILE}: on merge_group, the event payload has no merge_group.base_sha, so the file cannot be read at the merge queue's base commit`
    ])
    expect(emulator.requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('no github-token on merge_group: an input error before any request', async () => {
    const run = await runOn('merge_group', { 'github-token': '' }, mergeGroupEvent(BASE_SHA))
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\n' +
        "github-token: is required when ignore-file is set on merge_group: the ignore file is read at the merge queue's base commit through the GitHub API, so a queued pull request cannot exempt its own findings (use ${{ github.token }}, with contents: read)"
    ])
    expect(emulator.requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('push reads the workspace file: its entries apply, and GitHub is not asked', async () => {
    const run = await runOn('push', { 'github-token': '' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('passed')
    expect(run.summary).toContain('**16** findings in scope: **0** blocking, **16** ignored')
    expect(run.summary).not.toContain('Proposed ignore entries')
    expect(github.requests).toEqual([])
  })
})
