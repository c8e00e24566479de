import { describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { IgnoreFileError } from '../src/gate/ignore.js'
import { loadIgnoreSource as loadWith, proposedEntries } from '../src/collect/ignore-source.js'
import { ConfigError, readConfig, type Config, type RunContext } from '../src/inputs/index.js'
import { NoVerdictError } from '../src/errors.js'
import { baseFileFixture } from './helpers/base-files.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'

/** The ignore source with its log lines recorded, not printed. */
function loadIgnoreSource(config: Config, ctx: RunContext): ReturnType<typeof loadWith> {
  return loadWith(config, ctx, new RecordingRunner())
}

const BASE_SHA = 'b'.repeat(40)
const HEAD_SHA = 'c'.repeat(40)
const FILE = '.github/findings-ignore.yml'

const BASE_FILE = 'ignores:\n  - id: 7100001\n    reason: accepted risk, SEC-12\n'
const PR_FILE = BASE_FILE + '  - rule: "*"\n    reason: ship it\n    expires: 2099-12-31\n'

const { github, workspace, context } = baseFileFixture({ chdir: true })

function prContext(eventName = 'pull_request'): RunContext {
  return context(eventName, BASE_SHA)
}

function configFor(ctx: RunContext, inputs: Record<string, string> = {}): Config {
  const all: Record<string, string> = {
    'api-token': 'sgp_x',
    'ignore-file': FILE,
    'github-token': 'ghs_job_token',
    ...inputs
  }
  return readConfig(name => all[name] ?? '', ctx)
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('ignore-file on pull requests: read at the base commit', () => {
  it.each(['pull_request', 'pull_request_target'])(
    '%s: the base version applies; the entries the PR adds are proposed only',
    async eventName => {
      github.setFile(BASE_SHA, FILE, BASE_FILE)
      github.setFile(HEAD_SHA, FILE, PR_FILE)
      await writeFile(join(workspace(), FILE), PR_FILE)
      const ctx = prContext(eventName)
      const { applied } = await loadIgnoreSource(configFor(ctx), ctx)
      const { entries, proposed } = await applied
      expect(entries.map(e => e.description)).toEqual(['id 7100001'])
      expect(proposed.map(e => [e.description, e.reason, e.expires])).toEqual([
        ['rule *', 'ship it', '2099-12-31']
      ])
      expect(
        github.requests.map(r => [r.method, r.url, r.authorization, r.headers.accept])
      ).toEqual([
        [
          'GET',
          `/repos/acme/web/contents/.github/findings-ignore.yml?ref=${BASE_SHA}`,
          'token ghs_job_token',
          'application/vnd.github.raw+json'
        ]
      ])
    }
  )

  it('an absolute path in the workspace is the same file; a base without the file has no entries', async () => {
    await writeFile(join(workspace(), FILE), PR_FILE)
    const ctx = prContext()
    const { applied } = await loadIgnoreSource(
      configFor(ctx, { 'ignore-file': join(workspace(), FILE) }),
      ctx
    )
    const { entries, proposed } = await applied
    expect(entries).toEqual([])
    expect(proposed.map(e => e.description)).toEqual(['id 7100001', 'rule *'])
    expect(github.requests.map(r => r.path)).toEqual([
      '/repos/acme/web/contents/.github/findings-ignore.yml'
    ])
  })

  it('an API error gives no verdict, naming the file, the base commit and the status; never the workspace copy', async () => {
    await writeFile(join(workspace(), FILE), PR_FILE)
    github.failWith = 500
    const ctx = prContext()
    const { applied } = await loadIgnoreSource(configFor(ctx), ctx)
    const error = await failureOf(applied)
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-api-error')
    expect((error as Error).message).toBe(
      `ignore-file ${FILE} could not be read at the pull request's base commit ${BASE_SHA} ` +
        `(GET /repos/acme/web/contents/${FILE}: HTTP 500), so the exemptions that apply are unknown; ` +
        "the pull request's own copy is never used instead"
    )
  })

  it('a 403 says which permission the token needs', async () => {
    github.failWith = 403
    const ctx = prContext()
    const error = await failureOf((await loadIgnoreSource(configFor(ctx), ctx)).applied)
    expect((error as Error).message).toContain('(GET /repos/acme/web/contents/')
    expect((error as Error).message).toContain(
      'HTTP 403; the github-token needs the contents: read permission'
    )
  })

  it('an invalid base file is named as the base version', async () => {
    github.setFile(BASE_SHA, FILE, '- rule: "*"\n  reason: all\n')
    const ctx = prContext()
    const error = await failureOf((await loadIgnoreSource(configFor(ctx), ctx)).applied)
    expect(error).toBeInstanceOf(IgnoreFileError)
    expect((error as Error).message).toBe(
      `ignore-file ${FILE} (at base commit ${BASE_SHA.slice(0, 12)}): entry 1 (rule *): matches every finding, so it needs expires (YYYY-MM-DD); an exemption of everything must end`
    )
  })

  it('a path outside the workspace cannot be read at the base: an input error, before any request', async () => {
    const ctx = prContext()
    const error = await failureOf(
      loadIgnoreSource(configFor(ctx, { 'ignore-file': '/etc/ignore.yml' }), ctx)
    )
    expect(error).toBeInstanceOf(IgnoreFileError)
    expect((error as Error).message).toBe(
      "ignore-file /etc/ignore.yml: is outside the workspace, so it cannot be read at the pull request's base commit; give a path inside the repository"
    )
    expect(github.requests).toEqual([])
  })
})

describe('ignore-file on other events: the workspace file', () => {
  it('push reads the workspace and never calls GitHub', async () => {
    await writeFile(join(workspace(), FILE), PR_FILE)
    const ctx: RunContext = { ...prContext(), eventName: 'push', eventPayload: {} }
    const { entries, proposed } = await (await loadIgnoreSource(configFor(ctx), ctx)).applied
    expect(entries.map(e => e.description)).toEqual(['id 7100001', 'rule *'])
    expect(proposed).toEqual([])
    expect(github.requests).toEqual([])
  })
})

describe('inputs', () => {
  it.each(['pull_request', 'pull_request_target'])(
    '%s with ignore-file and no github-token fails before any request, saying why',
    eventName => {
      let error: unknown
      try {
        configFor(prContext(eventName), { 'github-token': '' })
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).problems).toEqual([
        `github-token: is required when ignore-file is set on ${eventName}: the ignore file is read at the pull request's base commit through the GitHub API, so a pull request cannot exempt its own findings (use \${{ github.token }}, with contents: read)`
      ])
    }
  )

  it('push needs no github-token for ignore-file', () => {
    const ctx: RunContext = { ...prContext(), eventName: 'push' }
    expect(configFor(ctx, { 'github-token': '' }).ignoreFile).toBe(FILE)
  })
})

describe('proposed entries', () => {
  it('are the workspace entries not in the base, compared on every field', () => {
    const entry = { id: 1, reason: 'r', description: 'id 1' }
    expect(
      proposedEntries(
        [entry, { ...entry, reason: 'changed' }, { ...entry, expires: '2030-01-01', expiresAt: 1 }],
        [entry]
      )
    ).toEqual([
      { ...entry, reason: 'changed' },
      { ...entry, expires: '2030-01-01', expiresAt: 1 }
    ])
  })
})
