/**
 * The config file's text and its place among the inputs (src/inputs/config-file.ts and
 * readConfig): what a file may set, how its values read, and that the workflow overrides it.
 */
import { describe, expect, it } from '@jest/globals'
import {
  ConfigError,
  configFileLocation,
  parseConfigFile,
  readConfig,
  type ConfigFileValues,
  type RunContext
} from '../src/inputs/index.js'
import { FILE_INPUTS } from '../src/inputs/config-file.js'

const TOKEN = 'sgp_0123456789abcdefSECRET'
const SHA = '0123456789abcdef0123456789abcdef01234567'
const ctx: RunContext = {
  now: new Date('2026-06-01T12:00:00Z'),
  env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: SHA }
}

const fileOf = (text: string): ConfigFileValues => parseConfigFile(text, 'policy.yml')

function problems(run: () => unknown): readonly string[] {
  try {
    run()
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

const configWith = (inputs: Record<string, string>, file?: ConfigFileValues) =>
  readConfig(name => ({ 'api-token': TOKEN, ...inputs })[name] ?? '', ctx, file)

describe('parseConfigFile', () => {
  it('reads scalars as the inputs would be written, and a YAML list as a list input', () => {
    const file = fileOf(
      [
        'fail-on-severity: critical',
        'fail-on-epss: 0.10',
        'ticket-limit: 5',
        'ignore-unfixed: true',
        'allow-licenses:',
        '  - MIT',
        '  - Apache-2.0',
        'deny-licenses: ""',
        ''
      ].join('\n')
    )
    expect(Object.fromEntries(file.values)).toEqual({
      'fail-on-severity': 'critical',
      'fail-on-epss': '0.1',
      'ticket-limit': '5',
      'ignore-unfixed': 'true',
      'allow-licenses': 'MIT\nApache-2.0',
      'deny-licenses': ''
    })
    expect(file.label).toBe('policy.yml')
  })

  it('an empty file sets nothing', () => {
    expect(fileOf('').values.size).toBe(0)
    expect(fileOf('# nothing yet\n').values.size).toBe(0)
  })

  it('refuses tokens, URLs, targets and written files, saying why, and unknown keys, listing what it can set', () => {
    const found = problems(() =>
      fileOf(
        [
          'api-token: x',
          'base-url: https://evil.example',
          'repository: acme/other',
          'sarif-file: /etc/passwd',
          'config-file: other.yml',
          'fail-on-severty: high',
          'fail_on_epss: 0.1',
          'colour: blue',
          ''
        ].join('\n')
      )
    )
    expect(found).toEqual([
      'config-file policy.yml: api-token: cannot be set in a config file: it is a token: tokens come from the workflow (its secrets), never from a file',
      'config-file policy.yml: base-url: cannot be set in a config file: it is a URL: a file must not choose where the action sends requests',
      'config-file policy.yml: repository: cannot be set in a config file: it names what is gated: the workflow says which repository, ref and deployment',
      'config-file policy.yml: sarif-file: cannot be set in a config file: it is a file the action writes: the workflow says where',
      'config-file policy.yml: config-file: cannot be set in a config file: it is the file itself: a config file cannot name another',
      'config-file policy.yml: fail-on-severty: is not an input a config file can set (did you mean fail-on-severity?)',
      'config-file policy.yml: fail_on_epss: is not an input a config file can set (did you mean fail-on-epss?)',
      `config-file policy.yml: colour: is not an input a config file can set; it can set ${FILE_INPUTS.join(', ')}`
    ])
  })

  it('refuses a key without a value and a value that is no scalar or list of scalars', () => {
    expect(
      problems(() => fileOf('fail-on-severity:\nignore-rules: {a: 1}\nstatus: [[open]]\n'))
    ).toEqual([
      "config-file policy.yml: fail-on-severity: has no value; give one, or leave the key out for the workflow's input or the default",
      'config-file policy.yml: ignore-rules: must be a text, a number, true or false, or a list of them',
      'config-file policy.yml: status: must be a text, a number, true or false, or a list of them'
    ])
  })

  it('refuses text that is not YAML, and a document that is not a mapping', () => {
    expect(problems(() => fileOf('fail-on-severity: [high\n'))[0]).toMatch(
      /^config-file policy\.yml: not valid YAML \(/
    )
    expect(problems(() => fileOf('- fail-on-severity: high\n'))).toEqual([
      'config-file policy.yml: must be a mapping of input names to values, e.g. fail-on-severity: critical'
    ])
    expect(problems(() => fileOf('a: 1\na: 2\n'))[0]).toMatch(/not valid YAML .*unique/i)
  })
})

describe('readConfig with a config file', () => {
  const file = fileOf('fail-on-severity: critical\nfail-on-epss: 0.2\nignore-unfixed: true\n')

  it('the file sets what the workflow leaves empty; the defaults the rest', () => {
    const config = configWith({}, file)
    expect([config.failOnSeverity, config.failOnEpss, config.ignoreUnfixed]).toEqual([
      'critical',
      0.2,
      true
    ])
    expect(config.failOnPolicyMode).toBe('block')
  })

  it('an input the workflow sets overrides the file', () => {
    const config = configWith({ 'fail-on-severity': 'medium', 'ignore-unfixed': 'false' }, file)
    expect([config.failOnSeverity, config.ignoreUnfixed, config.failOnEpss]).toEqual([
      'medium',
      false,
      0.2
    ])
  })

  it("a wrong value from the file names the input, the file and the allowed values, like the workflow's", () => {
    const wrong = fileOf('fail-on-severity: urgent\nfail-on-epss: 2\n')
    expect(problems(() => configWith({ 'ticket-limit': '50' }, wrong))).toEqual([
      'fail-on-severity (from config-file policy.yml): must be one of critical, high, medium, low, none (got "urgent")',
      'fail-on-epss (from config-file policy.yml): must be a probability from 0 to 1, e.g. 0.1 (empty: EPSS does not block) (got "2")',
      'ticket-limit: must be an integer from 1 to 20 (got "50")'
    ])
  })

  it('the cross-field rules see the merged values: allow-licenses in the file with deny-licenses in the workflow', () => {
    expect(
      problems(() =>
        configWith({ 'deny-licenses': 'GPL-3.0-only' }, fileOf('allow-licenses: [MIT]\n'))
      )
    ).toEqual([
      'allow-licenses (from config-file policy.yml): cannot be set together with deny-licenses: set one of them (allow-licenses blocks every license it does not name, deny-licenses blocks the licenses it names)'
    ])
  })
})

describe('configFileLocation', () => {
  it.each([
    ['.github/findings-gate.yml', { kind: 'workspace', path: '.github/findings-gate.yml' }],
    ['policy.yml', { kind: 'workspace', path: 'policy.yml' }],
    ['./a/b/gate@v1.yml', { kind: 'workspace', path: './a/b/gate@v1.yml' }],
    [
      'acme/policies/findings-gate.yml@main',
      {
        kind: 'repository',
        owner: 'acme',
        repo: 'policies',
        path: 'findings-gate.yml',
        ref: 'main'
      }
    ],
    [
      'acme/policies/gates/web.yml@v1.2.0',
      { kind: 'repository', owner: 'acme', repo: 'policies', path: 'gates/web.yml', ref: 'v1.2.0' }
    ]
  ])('%s', (raw, location) => {
    expect(configFileLocation(raw)).toEqual(location)
  })

  it('refuses empty, . and .. segments in the repository form, through the config-file input', () => {
    expect(problems(() => configWith({ 'config-file': 'acme/../x.yml@main' }))).toEqual([
      'config-file: must be a workspace path, or OWNER/REPO/PATH@REF with no empty, "." or ".." segment (e.g. acme/policies/findings-gate.yml@main) (got "acme/../x.yml@main")'
    ])
    expect(configWith({ 'config-file': 'acme/policies/p.yml@main' }).configFile).toBe(
      'acme/policies/p.yml@main'
    )
  })
})
