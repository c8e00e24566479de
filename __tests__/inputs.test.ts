import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import {
  ConfigError,
  defaultRunContext,
  parseList,
  parseSince,
  readConfig,
  type Config,
  type InputReader,
  type RunContext
} from '../src/inputs/index.js'
import { FILE_INPUTS, WORKFLOW_ONLY_INPUTS } from '../src/inputs/config-file.js'
import { documentedDefault } from '../scripts/docs.js'

const TOKEN = 'sgp_0123456789abcdefSECRET'
const NOW = new Date('2026-06-01T12:00:00.750Z')
const NOW_SECONDS = Date.UTC(2026, 5, 1, 12) / 1000

const SHA = '0123456789abcdef0123456789abcdef01234567'

const runContext = (overrides: Partial<RunContext> = {}): RunContext => ({
  now: NOW,
  env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: SHA },
  ...overrides
})

/** A reader over the given inputs, with a token unless the test says otherwise. */
const readerOf =
  (inputs: Record<string, string>): InputReader =>
  name =>
    ({ 'api-token': TOKEN, ...inputs })[name] ?? ''

const configOf = (inputs: Record<string, string> = {}, ctx = runContext()): Config =>
  readConfig(readerOf(inputs), ctx)

/** The problem lines readConfig reports; fails the test when it does not throw a ConfigError. */
function problemsOf(inputs: Record<string, string>, ctx = runContext()): readonly string[] {
  try {
    readConfig(readerOf(inputs), ctx)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(inputs)}`)
}

interface ActionInput {
  required?: boolean
  default?: string
  description?: string
}
// jest runs from the repository root
const actionYml = parseYaml(readFileSync(join(process.cwd(), 'action.yml'), 'utf8')) as {
  inputs: Record<string, ActionInput>
}
const isExpression = (value: string): boolean => /^\$\{\{.*\}\}$/.test(value.trim())

describe('defaults', () => {
  it('an empty reader (plus the token) gives every documented default', () => {
    expect(configOf()).toEqual({
      apiToken: TOKEN,
      baseUrl: 'https://semgrep.dev',
      timeoutSeconds: 30,
      maxRetries: 4,
      onApiError: 'fail',
      onMissingToken: 'fail',
      repository: 'acme/web',
      ref: 'refs/heads/main',
      issueTypes: ['sast', 'sca', 'secrets', 'ai_sast'],
      typesFromDefault: true,
      status: ['open', 'reviewing', 'fixing'],
      requireScan: 'commit',
      commit: SHA,
      scanWaitTimeoutSeconds: 600,
      onMissingScan: 'fail',
      gate: true,
      failOnSeverity: 'high',
      failOnPolicyMode: 'block',
      failOnExposures: ['reachable', 'always_reachable'],
      failOnTransitivities: ['direct', 'transitive', 'unknown'],
      ignoreUnfixed: false,
      failOnMalicious: true,
      failOnSecrets: 'valid',
      ignoreRules: [],
      denyLicenses: [],
      allowLicenses: [],
      warnOnly: false,
      createTickets: false,
      ticketFindings: 'blocking',
      ticketLimit: 20,
      groupTickets: true,
      projectTags: [],
      sbomExport: false,
      sbomScope: 'repository',
      sbomFormat: 'cyclonedx',
      sbomComponentType: 'application',
      sbomWait: false,
      sbomWaitTimeoutSeconds: 900,
      summary: true,
      maxAnnotations: 25,
      commentOnPr: 'never'
    })
  })

  it('optional inputs are absent, not present-but-undefined', () => {
    const config = configOf()
    for (const key of [
      'deploymentSlug',
      'deploymentId',
      'configFile',
      'configToken',
      'since',
      'failOnEpss',
      'ignoreFile',
      'trackerProjectId',
      'sbomSupplier',
      'sbomFile',
      'sarifFile',
      'sarifCategory',
      'reportFile',
      'githubToken'
    ]) {
      expect(Object.hasOwn(config, key)).toBe(false)
    }
  })

  it('reads exactly the inputs action.yml declares', () => {
    const asked: string[] = []
    readConfig(name => {
      asked.push(name)
      return name === 'api-token' ? TOKEN : ''
    }, runContext())
    expect([...asked].sort()).toEqual(Object.keys(actionYml.inputs).sort())
  })

  it('only api-token is required in action.yml, as in the schema', () => {
    const required = Object.entries(actionYml.inputs).filter(([, input]) => input.required === true)
    expect(required.map(([name]) => name)).toEqual(['api-token'])
    expect(problemsOf({ 'api-token': '' })).toEqual([
      'api-token: is required (store it as a secret)'
    ])
  })

  // action.yml's defaults, and those its descriptions state for the inputs a config file may set.
  const literalDefaults = Object.entries(actionYml.inputs).flatMap(([name, input]) => {
    const value = documentedDefault({ description: '', ...input }) ?? input.default
    return value !== undefined && !isExpression(value) ? [[name, value] as const] : []
  })

  it('action.yml has literal defaults to compare (guards the test below)', () => {
    expect(literalDefaults.length).toBeGreaterThanOrEqual(40)
  })

  it.each(literalDefaults)(
    '%s: passing the documented default %j equals leaving it empty',
    (name, value) => {
      expect(configOf({ [name]: value })).toEqual(configOf())
    }
  )

  it('a config file can set exactly the inputs without a default in action.yml: the runner would pass one as set', () => {
    const defaulted = Object.entries(actionYml.inputs)
      .filter(([, input]) => input.default !== undefined && input.default !== '')
      .map(([name]) => name)
    expect(FILE_INPUTS.filter(name => defaulted.includes(name))).toEqual([])
    expect([...FILE_INPUTS, ...Object.keys(WORKFLOW_ONLY_INPUTS)].sort()).toEqual(
      Object.keys(actionYml.inputs).sort()
    )
    expect(FILE_INPUTS.filter(name => name in WORKFLOW_ONLY_INPUTS)).toEqual([])
  })

  it('the ${{ }} defaults come from the run context', () => {
    const expressions = Object.entries(actionYml.inputs)
      .filter(([, input]) => input.default !== undefined && isExpression(input.default))
      .map(([name, input]) => [name, input.default])
    expect(expressions).toEqual([
      ['github-token', '${{ github.token }}'],
      ['repository', '${{ github.repository }}']
    ])
    const config = configOf(
      {},
      runContext({ env: { GITHUB_REPOSITORY: 'o/r', GITHUB_REF: 'refs/tags/v1', GITHUB_SHA: SHA } })
    )
    expect([config.repository, config.ref, config.githubToken]).toEqual([
      'o/r',
      'refs/tags/v1',
      undefined
    ])
  })
})

describe('report files', () => {
  it('one path for two reports is refused: the last written would replace the other', () => {
    expect(problemsOf({ 'report-file': 'out/r.json', 'sarif-file': './out//r.json' })).toEqual([
      'sarif-file: is the same file as report-file (out/r.json): give each report its own file, or the last one written replaces the other'
    ])
    expect(problemsOf({ 'report-file': 'r.json', 'sbom-file': 'r.json' })).toEqual([
      'sbom-file: is the same file as report-file (r.json): give each report its own file, or the last one written replaces the other'
    ])
    expect(configOf({ 'report-file': 'r.json', 'sarif-file': 'r.sarif' }).sarifFile).toBe('r.sarif')
  })
})

describe("ignore-file in a change's own tree (a GitLab merge request)", () => {
  it('is refused, whether a flag or a config file names it, saying what to use instead', () => {
    const ctx = runContext({ changeTree: 'a GitLab merge-request pipeline' })
    expect(problemsOf({ 'ignore-file': '.findings-gate-ignore.yml' }, ctx)).toEqual([
      "ignore-file: cannot be read in a GitLab merge-request pipeline: the checkout is the merge request's own tree, so it could exempt its own findings; name the policy in config-file as OWNER/REPO/PATH@REF (read through the GitHub contents API at that ref, with config-token), or run the gate on the target branch's pipelines"
    ])
    expect(configOf({ 'ignore-file': '.findings-gate-ignore.yml' }).ignoreFile).toBe(
      '.findings-gate-ignore.yml'
    )
  })
})

describe('commit', () => {
  const noSha = { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main' }

  it('is required to prove the scan of a commit when the run judges findings', () => {
    expect(problemsOf({}, runContext({ env: noSha }))).toEqual([
      'commit: is required when require-scan is commit (set it, or run on GitHub Actions where GITHUB_SHA is set; or set require-scan: ref or none)'
    ])
    expect(
      problemsOf(
        { gate: 'false', 'create-tickets': 'true', 'ticket-findings': 'all' },
        runContext({ env: noSha })
      )
    ).toHaveLength(1)
  })

  it('is not needed by a run that judges nothing (gate false, no tickets), nor by require-scan ref', () => {
    expect(
      configOf({ gate: 'false', 'sbom-export': 'true' }, runContext({ env: noSha })).commit
    ).toBeUndefined()
    expect(configOf({ 'require-scan': 'ref' }, runContext({ env: noSha })).requireScan).toBe('ref')
  })

  it('defaults to the pull request head sha, which the scanner records, not GITHUB_SHA', () => {
    const ctx = runContext({
      eventName: 'pull_request',
      eventPayload: {
        number: 42,
        pull_request: { number: 42, head: { sha: 'ABCDEF12'.repeat(5) } }
      }
    })
    expect(configOf({}, ctx).commit).toBe('abcdef12'.repeat(5))
    expect(configOf({}, runContext()).commit).toBe(SHA)
  })

  it.each(['abc', 'abcdef1', 'a'.repeat(39), 'g'.repeat(40), '1'.repeat(41), 'main'])(
    'refuses %s: an abbreviated sha may name two commits, so only a full one names the scan',
    commit => {
      expect(problemsOf({ commit })).toEqual([
        `commit: must be a full 40-character git commit sha (what \`git rev-parse HEAD\` prints), not abbreviated (got "${commit}")`
      ])
    }
  )

  it('a full sha in any case is the lowercase one the scanner records', () => {
    expect(configOf({ commit: 'ABCDEF12'.repeat(5) }).commit).toBe('abcdef12'.repeat(5))
    const ctx = runContext({ env: { ...noSha, GITHUB_SHA: 'ABCDEF12'.repeat(5) } })
    expect(configOf({}, ctx).commit).toBe('abcdef12'.repeat(5))
  })

  it('require-scan names its allowed values', () => {
    expect(problemsOf({ 'require-scan': 'always' })).toEqual([
      'require-scan: must be one of commit, ref, none (got "always")'
    ])
  })
})

describe('repository and ref', () => {
  it('explicit inputs win over the environment', () => {
    const config = configOf({ repository: 'group/sub/project', ref: 'refs/heads/dev' })
    expect([config.repository, config.ref]).toEqual(['group/sub/project', 'refs/heads/dev'])
  })

  it('is a problem when missing everywhere', () => {
    expect(problemsOf({}, runContext({ env: {} }))).toEqual([
      'repository: is required (set it, or run on GitHub Actions where GITHUB_REPOSITORY is set)',
      'ref: is required (set it, or run on GitHub Actions where GITHUB_REF is set)',
      'commit: is required when require-scan is commit (set it, or run on GitHub Actions where GITHUB_SHA is set; or set require-scan: ref or none)'
    ])
  })

  it.each([
    ['pull_request', { pull_request: { number: 42 }, number: 42 }, 'refs/pull/42/merge'],
    ['pull_request', { pull_request: { number: '5' } }, 'refs/heads/main'],
    ['pull_request', undefined, 'refs/heads/main'],
    ['push', { number: 3 }, 'refs/heads/main'],
    // The scanner records GITHUB_HEAD_REF on pull_request_target: the head branch name, bare.
    [
      'pull_request_target',
      { number: 7, pull_request: { number: 7, head: { ref: 'feature/login' } } },
      'feature/login'
    ],
    ['pull_request_target', { pull_request: { number: 9, head: { ref: 'fix-9' } } }, 'fix-9']
  ])('%s with payload %j → %s', (eventName, eventPayload, ref) => {
    expect(configOf({}, runContext({ eventName, eventPayload })).ref).toBe(ref)
  })

  it('pull_request_target: GITHUB_HEAD_REF, as the scanner reads it, wins over the payload', () => {
    const ctx = runContext({
      eventName: 'pull_request_target',
      eventPayload: { number: 7, pull_request: { number: 7, head: { ref: 'from-payload' } } },
      env: {
        GITHUB_REPOSITORY: 'acme/web',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_HEAD_REF: 'feature/login',
        GITHUB_SHA: SHA
      }
    })
    expect(configOf({}, ctx).ref).toBe('feature/login')
  })

  it('pull_request_target without a head branch is a problem, never the base branch', () => {
    const ctx = runContext({ eventName: 'pull_request_target', eventPayload: { number: 7 } })
    expect(problemsOf({}, ctx)).toEqual([
      "ref: is required on pull_request_target (the scanner records the pull request's head branch, GITHUB_HEAD_REF, which is not set; set ref)"
    ])
  })

  it('an explicit ref wins on pull requests too', () => {
    const ctx = runContext({ eventName: 'pull_request', eventPayload: { number: 42 } })
    expect(configOf({ ref: 'refs/heads/x' }, ctx).ref).toBe('refs/heads/x')
  })

  it.each(['acme', 'acme/web', 'gitlab.com/group/sub/app', 'acme/web.js', 'Acme_1/we-b'])(
    'accepts repository %s',
    repository => {
      expect(configOf({ repository }).repository).toBe(repository)
    }
  )

  it.each([
    ['acme//web', 'acme//web'],
    ['/acme/web', '/acme/web'],
    ['acme/web/', 'acme/web/'],
    ['acme/../web', 'acme/../web'],
    ['./web', './web'],
    ['acme/we%2fb', 'acme/we%2fb'],
    ['acme\\web', 'acme\\web'],
    ['acme/we b', 'acme/we b'],
    ['acme/we\u0000b', 'acme/we\\u0000b']
  ])('rejects repository %j', (repository, shown) => {
    expect(problemsOf({ repository })).toEqual([
      `repository: must be like owner/name: /-separated segments that are not empty, "." or "..", without %, \\, whitespace or control characters (got "${shown}")`
    ])
  })

  it.each([
    ['refs/heads/my branch', 'refs/heads/my branch'],
    ['refs/heads/a\tb', 'refs/heads/a\\tb']
  ])('rejects ref %j', (ref, shown) => {
    expect(problemsOf({ ref })).toEqual([
      `ref: must not contain whitespace or control characters (got "${shown}")`
    ])
  })
})

describe('booleans', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false]
  ])('accepts %s', (raw, value) => {
    expect(configOf({ 'warn-only': raw }).warnOnly).toBe(value)
  })

  it.each(['yes', 'no', '1', '0', 'tRUE', 'on'])('rejects %s, naming the input', raw => {
    expect(problemsOf({ gate: raw })).toEqual([`gate: must be true or false (got "${raw}")`])
  })
})

describe('numbers', () => {
  it.each([
    ['timeout-seconds', '0', 1, 600],
    ['timeout-seconds', '601', 1, 600],
    ['max-retries', '11', 0, 10],
    ['max-retries', '-1', 0, 10],
    ['ticket-limit', '50', 1, 20],
    ['ticket-limit', '2.5', 1, 20],
    ['ticket-limit', '1e1', 1, 20],
    ['ticket-limit', 'ten', 1, 20],
    ['sbom-wait-timeout-seconds', '21601', 1, 21600],
    ['max-annotations', '1001', 0, 1000],
    ['max-annotations', '0x10', 0, 1000]
  ])('%s %j is a problem', (name, raw, min, max) => {
    expect(problemsOf({ [name]: raw })).toEqual([
      `${name}: must be an integer from ${min} to ${max} (got "${raw}")`
    ])
  })

  it('accepts the bounds', () => {
    const config = configOf({
      'timeout-seconds': '600',
      'max-retries': '0',
      'ticket-limit': '1',
      'sbom-wait-timeout-seconds': '21600',
      'max-annotations': '0'
    })
    expect(config).toMatchObject({
      timeoutSeconds: 600,
      maxRetries: 0,
      ticketLimit: 1,
      sbomWaitTimeoutSeconds: 21600,
      maxAnnotations: 0
    })
  })
})

describe('status', () => {
  it('is a list: every unresolved status by default, so triaged findings still block', () => {
    expect(configOf().status).toEqual(['open', 'reviewing', 'fixing'])
  })

  it('takes commas and newlines, any case, hyphens for underscores, each once', () => {
    expect(configOf({ status: 'Open,\nREVIEWING, open, provisionally-ignored' }).status).toEqual([
      'open',
      'reviewing',
      'provisionally_ignored'
    ])
  })

  it('names every entry that is not a status', () => {
    expect(problemsOf({ status: 'open, closed, triaged' })).toEqual([
      'status: each entry must be one of open, fixed, ignored, reviewing, fixing, provisionally_ignored (got "closed")',
      'status: each entry must be one of open, fixed, ignored, reviewing, fixing, provisionally_ignored (got "triaged")'
    ])
  })

  it('must name at least one status', () => {
    expect(problemsOf({ status: ', ,' })).toEqual([
      'status: must name at least one of open, fixed, ignored, reviewing, fixing, provisionally_ignored (got ", ,")'
    ])
  })
})

describe('enums', () => {
  it('are case-insensitive', () => {
    const config = configOf({
      'on-api-error': 'WARN',
      status: 'Provisionally_Ignored',
      'fail-on-severity': 'Critical',
      'fail-on-policy-mode': 'none',
      'ticket-findings': 'ALL',
      'sbom-scope': 'Deployment',
      'sbom-format': 'JSON',
      'comment-on-pr': 'On-Failure',
      'github-token': 'ghs_x'
    })
    expect(config).toMatchObject({
      onApiError: 'warn',
      status: ['provisionally_ignored'],
      failOnSeverity: 'critical',
      failOnPolicyMode: 'none',
      ticketFindings: 'all',
      sbomScope: 'deployment',
      sbomFormat: 'json',
      commentOnPr: 'on-failure'
    })
  })

  it.each([
    ['fail-on-severity', 'urgent', 'critical, high, medium, low, none'],
    ['fail-on-policy-mode', 'disabled', 'block, comment, monitor, none'],
    ['on-api-error', 'ignore', 'fail, warn'],
    ['ticket-findings', 'some', 'blocking, all'],
    ['sbom-scope', 'org', 'repository, deployment'],
    ['sbom-format', 'spdx', 'json, cyclonedx'],
    ['comment-on-pr', 'sometimes', 'always, on-failure, never']
  ])('%s %j lists the allowed values', (name, raw, allowed) => {
    expect(problemsOf({ [name]: raw })).toEqual([
      `${name}: must be one of ${allowed} (got "${raw}")`
    ])
  })

  it.each([
    ['operating-system', 'operating_system'],
    ['Machine-Learning-Model', 'machine_learning_model'],
    ['device_driver', 'device_driver'],
    ['library', 'library']
  ])('sbom-component-type %s → %s', (raw, value) => {
    expect(configOf({ 'sbom-component-type': raw }).sbomComponentType).toBe(value)
  })

  it('sbom-component-type lists every CycloneDX type', () => {
    expect(problemsOf({ 'sbom-component-type': 'service' })).toEqual([
      'sbom-component-type: must be one of application, framework, library, container, platform, operating_system, device, device_driver, firmware, file, machine_learning_model, data (got "service")'
    ])
  })
})

describe('lists', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    ['a\nb\r\nc', ['a', 'b', 'c']],
    [' a , b ,\n\n c ,', ['a', 'b', 'c']],
    ['a,a,b,a', ['a', 'b']],
    [',,\n , ', []],
    ['', []],
    ['MIT, Apache-2.0', ['MIT', 'Apache-2.0']]
  ])('parseList(%j) → %j', (raw, list) => {
    expect(parseList(raw)).toEqual(list)
  })

  it('issue-types are validated, normalised and deduplicated', () => {
    expect(configOf({ 'issue-types': 'SCA\nsca, sca' }).issueTypes).toEqual(['sca'])
    expect(problemsOf({ 'issue-types': 'sast,dast,iast' })).toEqual([
      'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "dast")',
      'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "iast")'
    ])
    expect(problemsOf({ 'issue-types': 'sast,x\u0007' })).toEqual([
      'issue-types: must not contain control characters (got "x\\u0007")'
    ])
    expect(problemsOf({ 'issue-types': ',' })).toEqual([
      'issue-types: must name at least one of sast, sca, secrets, ai_sast (got ",")'
    ])
  })

  it('fail-on-exposures accepts spaces and hyphens for underscores, and none for no exposures', () => {
    expect(
      configOf({ 'fail-on-exposures': 'always reachable, Conditionally-Reachable\nunknown' })
        .failOnExposures
    ).toEqual(['always_reachable', 'conditionally_reachable', 'unknown'])
    expect(configOf({ 'fail-on-exposures': 'None' }).failOnExposures).toEqual([])
    expect(configOf({ 'fail-on-exposures': ',' }).failOnExposures).toEqual([])
    expect(problemsOf({ 'fail-on-exposures': 'reachable,sometimes' })).toEqual([
      'fail-on-exposures: each entry must be one of reachable, always_reachable, conditionally_reachable, unreachable, unknown (or none alone, for no exposures) (got "sometimes")'
    ])
  })

  it('fail-on-transitivities is a list of direct, transitive, unknown, or none', () => {
    expect(configOf({ 'fail-on-transitivities': 'Direct' }).failOnTransitivities).toEqual([
      'direct'
    ])
    expect(configOf({ 'fail-on-transitivities': 'none' }).failOnTransitivities).toEqual([])
    expect(problemsOf({ 'fail-on-transitivities': 'direct,indirect' })).toEqual([
      'fail-on-transitivities: each entry must be one of direct, transitive, unknown (or none alone, for no transitivities) (got "indirect")'
    ])
  })

  it('ignore-unfixed is a boolean', () => {
    expect(configOf({ 'ignore-unfixed': 'true' }).ignoreUnfixed).toBe(true)
    expect(problemsOf({ 'ignore-unfixed': 'yes' })).toEqual([
      'ignore-unfixed: must be true or false (got "yes")'
    ])
  })

  it.each([
    ['0.1', 0.1],
    ['0', 0],
    ['1', 1],
    ['1.0', 1],
    ['.05', 0.05],
    ['0.97565', 0.97565]
  ])('fail-on-epss %s is the probability %d', (raw, value) => {
    expect(configOf({ 'fail-on-epss': raw }).failOnEpss).toBe(value)
  })

  it.each(['1.5', '-0.1', '50%', '10', 'high', '0.5.1', '1e-1', 'NaN'])(
    'fail-on-epss %s is refused, naming the allowed values',
    raw => {
      expect(problemsOf({ 'fail-on-epss': raw })).toEqual([
        `fail-on-epss: must be a probability from 0 to 1, e.g. 0.1 (empty: EPSS does not block) (got "${raw}")`
      ])
    }
  )

  it('license lists take SPDX ids (with an exception or +), not expressions', () => {
    const config = configOf({
      'allow-licenses': 'MIT\nApache-2.0, GPL-2.0-only WITH Classpath-exception-2.0, GPL-2.0+'
    })
    expect(config.allowLicenses).toEqual([
      'MIT',
      'Apache-2.0',
      'GPL-2.0-only WITH Classpath-exception-2.0',
      'GPL-2.0+'
    ])
    const problem = (entry: string): string =>
      `allow-licenses: each entry must be one SPDX license id such as MIT or GPL-3.0-only (optionally "<id> WITH <exception>"), not an expression: list each license as its own entry (got "${entry}")`
    expect(problemsOf({ 'allow-licenses': 'MIT OR ISC\n(MIT)\nApache License 2.0\nAND' })).toEqual(
      ['MIT OR ISC', '(MIT)', 'Apache License 2.0', 'AND'].map(problem)
    )
    expect(problemsOf({ 'deny-licenses': 'GPL-3.0-only AND MIT' })).toEqual([
      problem('GPL-3.0-only AND MIT').replace('allow-licenses', 'deny-licenses')
    ])
  })

  it('allow-licenses and deny-licenses are refused together', () => {
    expect(problemsOf({ 'allow-licenses': 'MIT', 'deny-licenses': 'GPL-3.0-only' })).toEqual([
      'allow-licenses: cannot be set together with deny-licenses: set one of them (allow-licenses blocks every license it does not name, deny-licenses blocks the licenses it names)'
    ])
  })

  it('free-text lists keep their entries and reject control characters', () => {
    const config = configOf({
      'ignore-rules': 'python.a.b\njs.c',
      'deny-licenses': 'GPL-3.0-only, AGPL-3.0'
    })
    expect([config.ignoreRules, config.denyLicenses]).toEqual([
      ['python.a.b', 'js.c'],
      ['GPL-3.0-only', 'AGPL-3.0']
    ])
    expect(
      problemsOf({ 'ignore-rules': 'ok,bad\u0007rule', 'deny-licenses': 'MIT\u001b[31m' })
    ).toEqual([
      'ignore-rules: must not contain control characters (got "bad\\u0007rule")',
      'deny-licenses: must not contain control characters (got "MIT\\u001b[31m")'
    ])
  })

  it('project-tags are 1 to 64 characters without control characters', () => {
    const longest = 't'.repeat(64)
    expect(configOf({ 'project-tags': `team:web, ${longest}` }).projectTags).toEqual([
      'team:web',
      longest
    ])
    expect(problemsOf({ 'project-tags': `ok,${'x'.repeat(65)},a\u200bb\u202e` })).toEqual([
      `project-tags: each tag must be at most 64 characters (got "${'x'.repeat(60)}…")`,
      'project-tags: must not contain control characters (got "a\u200bb\\u202e")'
    ])
  })
})

describe('since', () => {
  const sinceOf = (since: string): number | undefined => configOf({ since }).since

  it.each([
    ['2026-05-01T00:00:00Z', Date.UTC(2026, 4, 1) / 1000],
    ['2026-05-01T02:00:00+02:00', Date.UTC(2026, 4, 1) / 1000],
    ['2026-05-01T02:00+0200', Date.UTC(2026, 4, 1) / 1000],
    ['2026-04-30T19:00:00-05', Date.UTC(2026, 4, 1) / 1000],
    ['2026-05-01t00:00:00.999z', Date.UTC(2026, 4, 1) / 1000],
    ['2026-05-01 00:00:01.5Z', Date.UTC(2026, 4, 1) / 1000 + 1],
    ['2026-05-01', Date.UTC(2026, 4, 1) / 1000],
    ['2024-02-29', Date.UTC(2024, 1, 29) / 1000],
    ['1700000000', 1_700_000_000],
    ['1700000000.999', 1_700_000_000],
    ['0', 0],
    ['30m', NOW_SECONDS - 30 * 60],
    ['12h', NOW_SECONDS - 12 * 3600],
    ['7d', NOW_SECONDS - 7 * 86400],
    ['2w', NOW_SECONDS - 14 * 86400]
  ])('%s → %d', (raw, seconds) => {
    expect(sinceOf(raw)).toBe(seconds)
  })

  it('blank is no filter', () => {
    expect(parseSince('  ', NOW)).toBeUndefined()
  })

  it.each([
    [
      'yesterday',
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'
    ],
    [
      '7 days',
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'
    ],
    [
      '7D',
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'
    ],
    [
      '1.5d',
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'
    ],
    [
      '-7d',
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'
    ],
    ['0d', 'must be a positive duration'],
    [
      '2026-05-01T00:00:00',
      'must include a time zone (Z or an offset like +02:00); without one the time is ambiguous'
    ],
    ['2026-02-29', 'must be a real calendar date and time'],
    ['2026-05-01T24:00:00Z', 'must be a real calendar date and time'],
    ['2026-05-01T00:00:00+24:00', 'must have an offset from -23:59 to +23:59'],
    ['1969-12-31T23:59:59Z', 'must not be before 1970-01-01'],
    ['0075-01-01', 'must not be before 1970-01-01'],
    ['1970-01-01T00:30:00+01:00', 'must not be before 1970-01-01'],
    ['99999999999w', 'must not be before 1970-01-01'],
    ['2026-06-02', 'must not be in the future'],
    ['1790000000', 'must not be in the future'],
    ['1700000000000', 'must be epoch seconds, but this looks like milliseconds'],
    ['40000000000', 'must be before the year 3000']
  ])('%j: %s', (raw, problem) => {
    expect(problemsOf({ since: raw })).toEqual([`since: ${problem} (got "${raw}")`])
  })

  it('parseSince throws an InputValueError whose message echoes the value', () => {
    expect(() => parseSince('yesterday', NOW)).toThrow(
      'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w (got "yesterday")'
    )
  })

  it('now itself is not in the future', () => {
    expect(parseSince(NOW.toISOString(), NOW)).toBe(NOW_SECONDS)
  })
})

describe('base-url', () => {
  it.each([
    ['https://semgrep.dev/', 'https://semgrep.dev'],
    ['https://SEMGREP.dev:443', 'https://semgrep.dev'],
    ['https://proxy.example.com:8443/semgrep/api//', 'https://proxy.example.com:8443/semgrep/api'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:9000/prefix/', 'http://127.0.0.1:9000/prefix'],
    ['http://127.1', 'http://127.0.0.1'],
    ['http://[::1]:3000', 'http://[::1]:3000']
  ])('%s → %s', (raw, baseUrl) => {
    expect(configOf({ 'base-url': raw }).baseUrl).toBe(baseUrl)
  })

  it.each([
    ['semgrep.dev', 'must be an absolute URL like https://semgrep.dev (got "semgrep.dev")'],
    [
      'http://semgrep.dev',
      'must use https (http only for localhost, 127.0.0.0/8 or [::1]) (got "http://semgrep.dev")'
    ],
    [
      'http://10.0.0.1',
      'must use https (http only for localhost, 127.0.0.0/8 or [::1]) (got "http://10.0.0.1")'
    ],
    [
      'ftp://semgrep.dev',
      'must use https (http only for localhost, 127.0.0.0/8 or [::1]) (got "ftp://semgrep.dev")'
    ],
    [
      'https://semgrep.dev/?a=1',
      'must not contain a query string (got "https://semgrep.dev/?a=1")'
    ],
    ['https://semgrep.dev/?', 'must not contain a query string (got "https://semgrep.dev/?")'],
    ['https://semgrep.dev/#x', 'must not contain a fragment (#…) (got "https://semgrep.dev/#x")'],
    [
      'https://sem grep.dev',
      'must not contain whitespace or control characters (got "https://sem grep.dev")'
    ],
    [
      'https://user:pass@semgrep.dev',
      'must not contain credentials (user:password@); the token goes in api-token'
    ],
    [
      'https://user:pass@sem grep.dev',
      'must not contain whitespace or control characters (got "https://***@sem grep.dev")'
    ]
  ])('%j is a problem', (raw, problem) => {
    expect(problemsOf({ 'base-url': raw })).toEqual([`base-url: ${problem}`])
  })
})

describe('identifiers, paths and supplier', () => {
  it('deployment-id and tracker-project-id are digits only', () => {
    expect(configOf({ 'deployment-id': '0042', 'tracker-project-id': '7' })).toMatchObject({
      deploymentId: '0042',
      trackerProjectId: '7'
    })
    expect(problemsOf({ 'deployment-id': '12a', 'tracker-project-id': '-1' })).toEqual([
      'deployment-id: must be digits only, e.g. 12345 (got "12a")',
      'tracker-project-id: must be digits only, e.g. 12345 (got "-1")'
    ])
  })

  it('deployment-slug is one path segment', () => {
    expect(configOf({ 'deployment-slug': 'acme-corp' }).deploymentSlug).toBe('acme-corp')
    const rule =
      'deployment-slug: must not be . or .. nor contain /, \\, %, whitespace or control characters'
    expect(problemsOf({ 'deployment-slug': 'acme/corp' })).toEqual([`${rule} (got "acme/corp")`])
    expect(problemsOf({ 'deployment-slug': '..' })).toEqual([`${rule} (got "..")`])
    expect(problemsOf({ 'deployment-slug': '%2e%2e' })).toEqual([`${rule} (got "%2e%2e")`])
  })

  it('paths are kept and reject control characters', () => {
    const config = configOf({
      'sarif-file': 'out/findings.sarif',
      'report-file': 'report.json',
      'ignore-file': '.semgrep-ignore.yml'
    })
    expect([config.sarifFile, config.reportFile, config.ignoreFile]).toEqual([
      'out/findings.sarif',
      'report.json',
      '.semgrep-ignore.yml'
    ])
    expect(problemsOf({ 'report-file': 'a\nb' })).toEqual([
      'report-file: must not contain control characters (got "a\\nb")'
    ])
  })

  it('sarif-category is a name of 1 to 200 characters, not only slashes', () => {
    expect(configOf({ 'sarif-category': 'monorepo/web' }).sarifCategory).toBe('monorepo/web')
    const rule =
      'sarif-category: must be 1 to 200 characters, not only slashes, e.g. findings-gate/web'
    expect(problemsOf({ 'sarif-category': '//' })).toEqual([`${rule} (got "//")`])
    expect(problemsOf({ 'sarif-category': 'x'.repeat(201) })).toEqual([
      `${rule} (got "${'x'.repeat(60)}…")`
    ])
    expect(problemsOf({ 'sarif-category': 'a\u0007b' })).toEqual([
      'sarif-category: must not contain control characters (got "a\\u0007b")'
    ])
  })

  it('sbom-supplier is "Name <e-mail> (URL)", every part optional, absent when empty', () => {
    expect(configOf({ 'sbom-supplier': 'Acme' }).sbomSupplier).toEqual({ name: 'Acme' })
    expect(
      configOf({ 'sbom-supplier': 'Acme Corp <security@acme.example> (https://acme.example)' })
        .sbomSupplier
    ).toEqual({ name: 'Acme Corp', url: 'https://acme.example', email: 'security@acme.example' })
    expect(configOf({ 'sbom-supplier': '<security@acme.example>' }).sbomSupplier).toEqual({
      email: 'security@acme.example'
    })
    expect(configOf({ 'sbom-supplier': 'Acme (https://acme.example)' }).sbomSupplier).toEqual({
      name: 'Acme',
      url: 'https://acme.example'
    })
  })

  it('sbom-supplier: a bad e-mail or URL is named, and so is a form it cannot read', () => {
    expect(problemsOf({ 'sbom-supplier': 'Acme <nobody> (acme.example)' })).toEqual([
      'sbom-supplier: must be an http(s) URL like https://example.com (got "acme.example")',
      'sbom-supplier: must be an e-mail address like security@example.com (got "nobody")'
    ])
    const form =
      'sbom-supplier: must be "Name <e-mail> (URL)" with each part optional, in that order, e.g. Acme Corp <security@acme.example> (https://acme.example)'
    expect(problemsOf({ 'sbom-supplier': 'Acme (EU) GmbH' })).toEqual([
      `${form} (got "Acme (EU) GmbH")`
    ])
    expect(problemsOf({ 'sbom-supplier': '(https://acme.example) <a@b.example>' })).toEqual([
      `${form} (got "(https://acme.example) <a@b.example>")`
    ])
    expect(problemsOf({ 'sbom-supplier': '<> ()' })).toEqual([`${form} (got "<> ()")`])
  })

  it('sbom-file implies sbom-wait', () => {
    expect(configOf({ 'sbom-file': 'sbom.json' })).toMatchObject({
      sbomWait: true,
      sbomFile: 'sbom.json'
    })
    expect(configOf({ 'sbom-wait': 'true' }).sbomWait).toBe(true)
  })
})

describe('cross-field rules', () => {
  let directory: string | undefined
  afterEach(() => {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
    directory = undefined
  })

  it('ticket-findings: blocking with gate: false is a problem when creating tickets', () => {
    expect(problemsOf({ 'create-tickets': 'true', gate: 'false' })).toEqual([
      'ticket-findings: blocking needs the gate, but gate is false; use ticket-findings: all (or gate: true)'
    ])
    expect(
      configOf({ 'create-tickets': 'true', gate: 'false', 'ticket-findings': 'all' }).ticketFindings
    ).toBe('all')
    // Without tickets, the default `blocking` must not get in the way of gate: false.
    expect(configOf({ gate: 'false' }).gate).toBe(false)
  })

  it('sbom-scope: deployment needs sbom-file to be a directory path, not an existing file', () => {
    directory = mkdtempSync(join(tmpdir(), 'inputs-'))
    const file = join(directory, 'sbom.json')
    writeFileSync(file, '{}')
    expect(problemsOf({ 'sbom-scope': 'deployment', 'sbom-file': file })).toEqual([
      `sbom-file: is an existing file, but sbom-scope: deployment writes one file per project, so it must be a directory path (got "${file.length > 60 ? `${file.slice(0, 60)}…` : file}")`
    ])
    expect(configOf({ 'sbom-scope': 'deployment', 'sbom-file': directory }).sbomFile).toBe(
      directory
    )
    expect(
      configOf({ 'sbom-scope': 'deployment', 'sbom-file': join(directory, 'new') }).sbomWait
    ).toBe(true)
    expect(configOf({ 'sbom-scope': 'repository', 'sbom-file': file }).sbomFile).toBe(file)
    // A path below a file cannot be stat'ed (ENOTDIR); that is for the download to report.
    expect(configOf({ 'sbom-scope': 'deployment', 'sbom-file': join(file, 'x') }).sbomFile).toBe(
      join(file, 'x')
    )
  })

  it('sbom-shard: k/n is read with deployment scope', () => {
    expect(configOf({ 'sbom-scope': 'deployment', 'sbom-shard': '3/8' }).sbomShard).toEqual({
      index: 3,
      count: 8
    })
    expect(configOf({ 'sbom-scope': 'deployment', 'sbom-shard': ' 8 / 8 ' }).sbomShard).toEqual({
      index: 8,
      count: 8
    })
    expect(Object.hasOwn(configOf({ 'sbom-scope': 'deployment' }), 'sbomShard')).toBe(false)
  })

  it.each(['0/8', '9/8', 'x/8', '3', '1/0', '-1/8', '1/257', '1/8/2'])(
    'sbom-shard: %s fails naming the input and the allowed form',
    shard => {
      expect(problemsOf({ 'sbom-scope': 'deployment', 'sbom-shard': shard })).toEqual([
        `sbom-shard: must be k/n with 1 ≤ k ≤ n ≤ 256, e.g. \${{ matrix.shard }}/8 with shard 1 to 8 (got "${shard}")`
      ])
    }
  )

  it('sbom-shard needs sbom-scope: deployment', () => {
    expect(problemsOf({ 'sbom-shard': '1/2' })).toEqual([
      'sbom-shard: splits the projects of a deployment between matrix jobs, so it needs sbom-scope: deployment'
    ])
  })

  it.each(['always', 'on-failure'])('comment-on-pr: %s needs github-token', commentOnPr => {
    expect(problemsOf({ 'comment-on-pr': commentOnPr })).toEqual([
      `github-token: is required when comment-on-pr is ${commentOnPr} (use \${{ github.token }})`
    ])
    expect(configOf({ 'comment-on-pr': commentOnPr, 'github-token': 'ghs_abc' }).githubToken).toBe(
      'ghs_abc'
    )
  })

  it('a rule whose inputs are themselves invalid stays quiet', () => {
    expect(problemsOf({ 'create-tickets': 'true', gate: 'nope' })).toEqual([
      'gate: must be true or false (got "nope")'
    ])
  })
})

describe('problems', () => {
  it('lists every problem at once, one line each, in input order', () => {
    expect(
      problemsOf({
        'api-token': '',
        'base-url': 'http://example.com',
        'timeout-seconds': '0',
        since: 'yesterday',
        'issue-types': 'dast',
        gate: 'maybe',
        'fail-on-severity': 'urgent',
        'ticket-limit': '50',
        'max-annotations': '5000',
        'comment-on-pr': 'always'
      })
    ).toEqual([
      'api-token: is required (store it as a secret)',
      'base-url: must use https (http only for localhost, 127.0.0.0/8 or [::1]) (got "http://example.com")',
      'timeout-seconds: must be an integer from 1 to 600 (got "0")',
      'since: must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w (got "yesterday")',
      'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "dast")',
      'gate: must be true or false (got "maybe")',
      'fail-on-severity: must be one of critical, high, medium, low, none (got "urgent")',
      'ticket-limit: must be an integer from 1 to 20 (got "50")',
      'max-annotations: must be an integer from 0 to 1000 (got "5000")',
      'github-token: is required when comment-on-pr is always (use ${{ github.token }})'
    ])
  })

  it('the error message is the problem lines, without zod JSON', () => {
    let caught: unknown
    try {
      configOf({ gate: 'maybe', 'ticket-limit': '0' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    const error = caught as ConfigError
    expect(error.name).toBe('ConfigError')
    expect(error.message).toBe(error.problems.join('\n'))
    expect(error.message).not.toMatch(/[{}[\]]|"code"|invalid_type|Zod/)
  })

  it('echoes are escaped and capped at 60 characters', () => {
    const long = `${'a'.repeat(58)}\u0001bcd`
    expect(problemsOf({ 'fail-on-severity': long })).toEqual([
      `fail-on-severity: must be one of critical, high, medium, low, none (got "${'a'.repeat(58)}…")`
    ])
    expect(problemsOf({ 'fail-on-severity': 'x\u0085\u2028y' })).toEqual([
      'fail-on-severity: must be one of critical, high, medium, low, none (got "x\\u0085\\u2028y")'
    ])
  })
})

describe('secrets', () => {
  const everyMessage = (inputs: Record<string, string>): string => problemsOf(inputs).join('\n')

  it('an invalid token is reported without its value', () => {
    const message = everyMessage({ 'api-token': 'abc def\u0007' })
    expect(message).toBe('api-token: must not contain whitespace or control characters')
  })

  it('a token pasted into another input is not echoed, not even in part', () => {
    const message = everyMessage({
      repository: `${TOKEN} x`,
      'fail-on-severity': `${TOKEN}${'z'.repeat(80)}`,
      'ticket-limit': TOKEN.slice(3, 12),
      ref: `refs/${TOKEN.slice(-9)} x`
    })
    expect(message.split('\n')).toHaveLength(4)
    for (let start = 0; start + 6 <= TOKEN.length; start++) {
      expect(message).not.toContain(TOKEN.slice(start, start + 6))
    }
    expect(message.split('\n')).toContain('ticket-limit: must be an integer from 1 to 20')
  })

  it('github-token is never echoed either', () => {
    const githubToken = 'ghs_SECRETSECRET'
    const message = everyMessage({
      'github-token': `${githubToken} x`,
      'fail-on-severity': githubToken
    })
    expect(message).not.toContain('SECRET')
  })
})

describe('the config object', () => {
  it('is frozen, arrays included', () => {
    const config = configOf({ 'sbom-supplier': 'Acme', 'project-tags': 'a,b' })
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.sbomSupplier)).toBe(true)
    for (const list of [
      config.issueTypes,
      config.failOnExposures,
      config.ignoreRules,
      config.projectTags
    ]) {
      expect(Object.isFrozen(list)).toBe(true)
    }
    expect(() => (config.projectTags as string[]).push('c')).toThrow(TypeError)
    expect(() => Object.assign(config, { gate: false })).toThrow(TypeError)
  })

  it('trims whatever the reader returns', () => {
    expect(configOf({ 'ticket-limit': ' 5 ', 'fail-on-severity': '\tlow\n' })).toMatchObject({
      ticketLimit: 5,
      failOnSeverity: 'low'
    })
  })
})

function writtenFile(path: string, content: string): string {
  writeFileSync(path, content)
  return path
}

describe('defaultRunContext', () => {
  const saved = { ...process.env }
  let directory: string | undefined
  afterEach(() => {
    process.env = { ...saved }
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
    directory = undefined
  })

  it('reads the event name and payload of the run', () => {
    directory = mkdtempSync(join(tmpdir(), 'event-'))
    const eventPath = join(directory, 'event.json')
    const payload = { number: 12, pull_request: { number: 12, head: { ref: 'feature/login' } } }
    writeFileSync(eventPath, JSON.stringify(payload))
    process.env.GITHUB_EVENT_NAME = 'pull_request_target'
    process.env.GITHUB_EVENT_PATH = eventPath
    delete process.env.GITHUB_HEAD_REF
    const ctx = defaultRunContext()
    expect(ctx.eventName).toBe('pull_request_target')
    expect(ctx.eventPayload).toEqual(payload)
    expect(ctx.env).toBe(process.env)
    expect(Math.abs(ctx.now.getTime() - Date.now())).toBeLessThan(5000)
    process.env.GITHUB_REPOSITORY = 'acme/web'
    process.env.GITHUB_SHA = SHA
    expect(readConfig(readerOf({}), ctx).ref).toBe('feature/login')
  })

  it.each([
    ['a missing file', (dir: string) => join(dir, 'absent.json')],
    ['invalid JSON', (dir: string) => writtenFile(join(dir, 'bad.json'), '{')],
    ['a directory', (dir: string) => dir]
  ])('never throws on %s', (_, pathIn) => {
    directory = mkdtempSync(join(tmpdir(), 'event-'))
    process.env.GITHUB_EVENT_PATH = pathIn(directory)
    expect(defaultRunContext().eventPayload).toBeUndefined()
  })

  it('has no event outside a runner', () => {
    delete process.env.GITHUB_EVENT_NAME
    delete process.env.GITHUB_EVENT_PATH
    const ctx = defaultRunContext()
    expect([ctx.eventName, ctx.eventPayload]).toEqual([undefined, undefined])
  })
})

describe('unexpanded expressions', () => {
  it('an input passed as a literal ${{ }} expression counts as unset', () => {
    const config = readConfig(
      name =>
        ({
          'api-token': 'tok-123456789',
          repository: '${{ github.repository }}',
          'github-token': '${{ github.token }}'
        })[name] ?? '',
      {
        now: new Date('2026-11-21T00:00:00Z'),
        env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: SHA }
      }
    )
    expect(config.repository).toBe('acme/web')
    expect(config.githubToken).toBeUndefined()
  })
})

describe('issue types', () => {
  it('issue-types left empty means every type, each optional; named, each is required', () => {
    expect(configOf()).toMatchObject({
      issueTypes: ['sast', 'sca', 'secrets', 'ai_sast'],
      typesFromDefault: true
    })
    expect(configOf({ 'issue-types': 'sast,sca,secrets' })).toMatchObject({
      issueTypes: ['sast', 'sca', 'secrets'],
      typesFromDefault: false
    })
    expect(configOf({ 'issue-types': 'secrets' }).issueTypes).toEqual(['secrets'])
  })

  it('ai_sast is a type of its own, also spelled ai-sast; a near miss names every allowed value', () => {
    expect(configOf({ 'issue-types': 'ai_sast' })).toMatchObject({
      issueTypes: ['ai_sast'],
      typesFromDefault: false
    })
    expect(configOf({ 'issue-types': 'SAST, AI-SAST\nai_sast' }).issueTypes).toEqual([
      'sast',
      'ai_sast'
    ])
    expect(problemsOf({ 'issue-types': 'sast,ai,aisast' })).toEqual([
      'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "ai")',
      'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "aisast")'
    ])
  })

  it('fail-on-secrets takes the four thresholds and names them on a bad value', () => {
    for (const value of ['valid', 'valid-or-unverified', 'any', 'none'] as const) {
      expect(configOf({ 'fail-on-secrets': value.toUpperCase() }).failOnSecrets).toBe(value)
    }
    expect(problemsOf({ 'fail-on-secrets': 'live' })).toEqual([
      'fail-on-secrets: must be one of valid, valid-or-unverified, any, none (got "live")'
    ])
  })
})
