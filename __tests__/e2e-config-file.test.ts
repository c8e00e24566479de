/**
 * End-to-end: `config-file`, one policy for many repositories. The bundle runs as the runner runs
 * it, action.yml's defaults passed for the inputs the workflow does not set (run-action.ts): the
 * inputs a file may set have none there, so the file's values apply, and an input the workflow
 * sets overrides them. A file that cannot be read or is wrong stops the run before any request.
 */
import { describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  errorLines,
  mergeGroupEvent,
  pullRequestEvent,
  requireBundle,
  runAction,
  sharedEmulator,
  type ActionRun
} from './helpers/e2e.js'
import { baseFileFixture } from './helpers/base-files.js'
import { WEB_SCA } from './helpers/sample.js'

requireBundle()

const FILE = '.github/findings-gate.yml'
/** The org's policy: critical only, no policy-mode gate, EPSS ≥ 0.01 blocks. */
const POLICY = [
  '# One policy for every repository of acme',
  'fail-on-severity: critical',
  'fail-on-policy-mode: none',
  'fail-on-epss: 0.01',
  ''
].join('\n')
const BASE_SHA = 'cd'.repeat(20)

describe('e2e: config-file', () => {
  const shared = sharedEmulator()
  const { github, workspace } = baseFileFixture()

  function run(
    inputs: Record<string, string>,
    eventName = 'push',
    env: Record<string, string> = {},
    event: unknown = eventName.startsWith('pull_request') ? pullRequestEvent(BASE_SHA) : undefined
  ): Promise<ActionRun> {
    return runAction(shared.current(), inputs, {
      eventName,
      ...(event !== undefined && { event }),
      cwd: workspace(),
      env: { GITHUB_WORKSPACE: workspace(), GITHUB_API_URL: github.url, ...env }
    })
  }

  it("a workspace file sets the thresholds; the summary names it; the workflow's input overrides it", async () => {
    await writeFile(join(workspace(), FILE), POLICY)
    const fromFile = await run({ 'config-file': FILE })

    // Only lodash, by its EPSS score: at critical with no policy-mode gate nothing else blocks.
    expect(fromFile.exitCode).toBe(1)
    expect(fromFile.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
    expect(fromFile.summary).toContain(
      `**Gate (config-file <code>${FILE}</code>):** severity ≥ critical · policy mode: off`
    )
    expect(fromFile.summary).toContain('EPSS ≥ 0.01 blocks')
    expect(fromFile.stdout).toContain(
      `config-file ${FILE} sets fail-on-severity, fail-on-policy-mode, fail-on-epss`
    )

    const overridden = await run({ 'config-file': FILE, 'fail-on-epss': '0.5' })
    expect(overridden.exitCode).toBe(0)
    expect(overridden.outputs.result).toBe('passed')
    expect(overridden.stdout).toContain('the workflow overrides fail-on-epss')
  })

  it('a file key the workflow may only set, a misspelt key (naming the closest) or a wrong value: refused before any request', async () => {
    await writeFile(
      join(workspace(), FILE),
      'base-url: https://evil.example\nfail-on-severty: high\nfail-on-epss: 0.1\n'
    )
    const refused = await run({ 'config-file': FILE })
    expect(refused.exitCode).toBe(1)
    const [message] = errorLines(refused)
    expect(message?.split('\n')).toEqual([
      'Invalid inputs, nothing was sent:',
      `config-file ${FILE}: base-url: cannot be set in a config file: it is a URL: a file must not choose where the action sends requests`,
      `config-file ${FILE}: fail-on-severty: is not an input a config file can set (did you mean fail-on-severity?)`
    ])
    expect(shared.current().requests).toEqual([])

    await writeFile(
      join(workspace(), FILE),
      'ignore-unfixed: yes\nfail-on-transitivities: [direct, indirect]\n'
    )
    const wrong = await run({ 'config-file': FILE })
    expect(wrong.exitCode).toBe(1)
    expect(errorLines(wrong)).toEqual([
      [
        'Invalid inputs, nothing was sent:',
        `fail-on-transitivities (from config-file ${FILE}): each entry must be one of direct, transitive, unknown (or none alone, for no transitivities) (got "indirect")`,
        `ignore-unfixed (from config-file ${FILE}): must be true or false (got "yes")`
      ].join('\n')
    ])
    expect(shared.current().requests).toEqual([])
    expect(wrong.outputs).toEqual({})
  })

  it('a missing file stops the run before any request', async () => {
    const missing = await run({ 'config-file': 'no/such.yml' })
    expect(missing.exitCode).toBe(1)
    expect(errorLines(missing)).toEqual([
      'Invalid inputs, nothing was sent:\nconfig-file no/such.yml: cannot be read (ENOENT)'
    ])
    expect(shared.current().requests).toEqual([])
  })

  it('on a pull request the base copy applies: a PR that loosens the policy is still judged by it', async () => {
    await writeFile(join(workspace(), FILE), 'fail-on-severity: none\nfail-on-policy-mode: none\n')
    github.setFile(BASE_SHA, FILE, POLICY)
    const judged = await run(
      { 'config-file': FILE, 'github-token': 'ghs_job_token' },
      'pull_request'
    )
    expect(judged.exitCode).toBe(1)
    expect(judged.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
    expect(judged.summary).toContain(`**Gate (config-file <code>${FILE}</code>):**`)
    expect(github.requests.map(r => r.url)).toEqual([
      `/repos/acme/web/contents/${FILE}?ref=${BASE_SHA}`
    ])
  })

  it("on merge_group the base_sha copy applies: the queue's candidate cannot loosen its policy", async () => {
    await writeFile(join(workspace(), FILE), 'fail-on-severity: none\nfail-on-policy-mode: none\n')
    github.setFile(BASE_SHA, FILE, POLICY)
    const judged = await run(
      { 'config-file': FILE, 'github-token': 'ghs_job_token' },
      'merge_group',
      {},
      mergeGroupEvent(BASE_SHA)
    )
    expect(judged.exitCode).toBe(1)
    expect(judged.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
    expect(github.requests.map(r => r.url)).toEqual([
      `/repos/acme/web/contents/${FILE}?ref=${BASE_SHA}`
    ])

    shared.current().requests.length = 0
    github.reset()
    const noBase = await run(
      { 'config-file': FILE, 'github-token': 'ghs_job_token' },
      'merge_group',
      {},
      mergeGroupEvent()
    )
    expect(noBase.exitCode).toBe(1)
    expect(errorLines(noBase)).toEqual([
      `Invalid inputs, nothing was sent:\nconfig-file ${FILE}: on merge_group, the event payload has no merge_group.base_sha, so the file cannot be read at the merge queue's base commit`
    ])
    expect(shared.current().requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('OWNER/REPO/PATH@REF is read from that repository with config-token; a 404 stops the run', async () => {
    const REMOTE = 'acme/policies/findings-gate.yml@v1'
    github.privateRepos.set('acme/policies', 'ghp_policy_reader')
    github.setFile('v1', 'findings-gate.yml', POLICY, 'acme/policies')
    const remote = await run({ 'config-file': REMOTE, 'config-token': 'ghp_policy_reader' })
    expect(remote.exitCode).toBe(1)
    expect(remote.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
    expect(github.requests.map(r => [r.url, r.authorization])).toEqual([
      ['/repos/acme/policies/contents/findings-gate.yml?ref=v1', 'token ghp_policy_reader']
    ])
    // The token is no input of the JSON report or the logs.
    expect(remote.stdout).not.toContain('ghp_policy_reader')

    shared.current().requests.length = 0
    const unseen = await run({ 'config-file': REMOTE, 'config-token': 'ghp_someone_else' })
    expect(unseen.exitCode).toBe(1)
    expect(errorLines(unseen)).toEqual([
      `Invalid inputs, nothing was sent:\nconfig-file ${REMOTE}: GitHub answered 404: no such file at v1, or config-token cannot read acme/policies`
    ])
    expect(shared.current().requests).toEqual([])
  })
})
