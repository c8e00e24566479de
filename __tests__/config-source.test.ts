/**
 * Where the config file is read from (src/collect/config-source.ts): the workspace, the pull
 * request's base commit, or another repository at a ref, through the fake GitHub. Every failure
 * is a ConfigError, never the defaults unsaid.
 */
import { describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { loadConfig } from '../src/collect/config-source.js'
import { ConfigError } from '../src/inputs/index.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { baseFileFixture } from './helpers/base-files.js'

const BASE_SHA = 'b'.repeat(40)
const FILE = '.github/findings-gate.yml'
const TOKEN = 'sgp_0123456789abcdefSECRET'

const { github, workspace, context } = baseFileFixture({ chdir: true })

async function load(inputs: Record<string, string>, eventName = 'push') {
  const runner = new RecordingRunner()
  const read = (name: string): string => ({ 'api-token': TOKEN, ...inputs })[name] ?? ''
  const config = await loadConfig(read, context(eventName, BASE_SHA), runner)
  return { config, runner }
}

async function failure(inputs: Record<string, string>, eventName = 'push') {
  try {
    await load(inputs, eventName)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('a workspace config file', () => {
  it('on push is read in the workspace, and the run says what it set and what the workflow overrides', async () => {
    await writeFile(join(workspace(), FILE), 'fail-on-severity: critical\nwarn-only: true\n')
    const { config, runner } = await load({ 'config-file': FILE, 'warn-only': 'false' })
    expect([config.failOnSeverity, config.warnOnly, config.configFile]).toEqual([
      'critical',
      false,
      FILE
    ])
    expect(runner.calls).toEqual([
      {
        kind: 'info',
        message: `config-file ${FILE} sets fail-on-severity, warn-only; the workflow overrides warn-only`
      }
    ])
    expect(github.requests).toEqual([])
  })

  it('a missing file is an error, not the defaults', async () => {
    expect(await failure({ 'config-file': 'nope.yml' })).toEqual([
      'config-file nope.yml: cannot be read (ENOENT)'
    ])
  })

  it.each(['pull_request', 'pull_request_target'])(
    'on %s is read at the base commit: the pull request cannot loosen its own policy',
    async eventName => {
      await writeFile(join(workspace(), FILE), 'fail-on-severity: none\n')
      github.setFile(BASE_SHA, FILE, 'fail-on-severity: medium\n')
      const { config } = await load({ 'config-file': FILE, 'github-token': 'ghs_job' }, eventName)
      expect(config.failOnSeverity).toBe('medium')
      expect(github.requests.map(r => [r.url, r.authorization])).toEqual([
        [`/repos/acme/web/contents/${FILE}?ref=${BASE_SHA}`, 'token ghs_job']
      ])
    }
  )

  it('a base without the file: the workflow and the defaults apply, with a warning', async () => {
    const { config, runner } = await load(
      { 'config-file': FILE, 'github-token': 'ghs_job' },
      'pull_request'
    )
    expect(config.failOnSeverity).toBe('high')
    expect(runner.calls[0]).toEqual({
      kind: 'warning',
      message: `config-file ${FILE} does not exist at the base commit ${BASE_SHA}: this run uses the workflow's inputs and the defaults; the pull request's own copy applies once merged`
    })
  })

  it('on a pull request needs github-token, and a base that answers', async () => {
    expect(await failure({ 'config-file': FILE }, 'pull_request')).toEqual([
      "github-token: is required when config-file is set on pull_request: the config file is read at the pull request's base commit through the GitHub API, so a pull request cannot loosen its own policy (use ${{ github.token }}, with contents: read)"
    ])
    github.failWith = 403
    expect(
      await failure({ 'config-file': FILE, 'github-token': 'ghs_job' }, 'pull_request')
    ).toEqual([
      `config-file ${FILE} (at base commit ${BASE_SHA.slice(0, 12)}): could not be read (GET /repos/acme/web/contents/${FILE}: HTTP 403; the token needs the contents: read permission on that repository), so the policy is unknown and nothing was judged`
    ])
  })

  it('a wrong value names the input and the base file it came from', async () => {
    github.setFile(BASE_SHA, FILE, 'fail-on-severity: urgent\n')
    expect(
      await failure({ 'config-file': FILE, 'github-token': 'ghs_job' }, 'pull_request')
    ).toEqual([
      `fail-on-severity (from config-file ${FILE} (at base commit ${BASE_SHA.slice(0, 12)})): must be one of critical, high, medium, low, none (got "urgent")`
    ])
  })
})

describe('a config file in another repository (OWNER/REPO/PATH@REF)', () => {
  const REMOTE = 'acme/policies/gates/web.yml@main'

  it('is read at the ref with config-token, on any event', async () => {
    github.privateRepos.set('acme/policies', 'ghp_policy_reader')
    github.setFile('main', 'gates/web.yml', 'fail-on-epss: 0.3\n', 'acme/policies')
    for (const eventName of ['push', 'pull_request']) {
      github.requests.length = 0
      const { config } = await load(
        { 'config-file': REMOTE, 'config-token': 'ghp_policy_reader', 'github-token': 'ghs_job' },
        eventName
      )
      expect(config.failOnEpss).toBe(0.3)
      expect(github.requests.map(r => [r.url, r.authorization])).toEqual([
        ['/repos/acme/policies/contents/gates/web.yml?ref=main', 'token ghp_policy_reader']
      ])
    }
  })

  it('without config-token, github-token reads it; with neither it is refused', async () => {
    github.setFile('main', 'gates/web.yml', 'gate: true\n', 'acme/policies')
    const { config } = await load({ 'config-file': REMOTE, 'github-token': 'ghs_job' })
    expect(config.gate).toBe(true)
    expect(github.requests[0]?.authorization).toBe('token ghs_job')
    expect(await failure({ 'config-file': REMOTE })).toEqual([
      `config-token: is required to read config-file ${REMOTE} (a token with contents: read on acme/policies; github-token is used when it is empty)`
    ])
  })

  it('a file the token cannot see (404) is an error naming the token', async () => {
    github.privateRepos.set('acme/policies', 'ghp_policy_reader')
    github.setFile('main', 'gates/web.yml', 'gate: true\n', 'acme/policies')
    expect(await failure({ 'config-file': REMOTE, 'config-token': 'ghp_other' })).toEqual([
      `config-file ${REMOTE}: GitHub answered 404: no such file at main, or config-token cannot read acme/policies`
    ])
  })
})

it('without config-file, nothing is read', async () => {
  const { config, runner } = await load({ 'fail-on-severity': 'low' })
  expect(config.failOnSeverity).toBe('low')
  expect(runner.calls).toEqual([])
  expect(github.requests).toEqual([])
})
