import { describe, expect, it } from '@jest/globals'
import { parseCommandLine, type CommandLine } from '../src/cli/args.js'
import { FLAGS } from '../src/cli/flags.js'
import { helpText } from '../src/cli/help.js'
import { readActionDefinition } from '../scripts/docs.js'

function inputsOf(line: CommandLine): Readonly<Record<string, string>> {
  if (line.kind !== 'run') throw new Error(`expected a run, got ${JSON.stringify(line)}`)
  return line.inputs
}

function problemsOf(line: CommandLine): readonly string[] {
  if (line.kind !== 'invalid') throw new Error(`expected problems, got ${JSON.stringify(line)}`)
  return line.problems
}

const TOKEN = 'sgp_0123456789abcdef-SECRET'

describe('the command line', () => {
  it('every action input is a flag of the same name, and nothing else is an input', () => {
    const names = Object.keys(readActionDefinition().inputs)
    expect(FLAGS.filter(f => f.input).map(f => f.name)).toEqual(names)
    expect(Object.keys(inputsOf(parseCommandLine([], {})))).toEqual(names)
  })

  it('values: --name value and --name=value; unset inputs are empty (the schema defaults them)', () => {
    const inputs = inputsOf(
      parseCommandLine(['--fail-on-severity', 'critical', '--issue-types=sast,sca'], {})
    )
    expect(inputs['fail-on-severity']).toBe('critical')
    expect(inputs['issue-types']).toBe('sast,sca')
    expect(inputs['fail-on-policy-mode']).toBe('')
  })

  it('true/false flags: bare, --no-, and =value (checked later, like any input value)', () => {
    expect(inputsOf(parseCommandLine(['--no-gate', '--warn-only'], {}))).toMatchObject({
      gate: 'false',
      'warn-only': 'true'
    })
    expect(inputsOf(parseCommandLine(['--gate=false', '--summary=maybe'], {}))).toMatchObject({
      gate: 'false',
      summary: 'maybe'
    })
  })

  it('the environment: FINDINGS_GATE_<NAME>; the token also SEMGREP_APP_TOKEN; a flag wins', () => {
    const env = {
      FINDINGS_GATE_FAIL_ON_SEVERITY: 'critical',
      FINDINGS_GATE_WARN_ONLY: 'true',
      SEMGREP_APP_TOKEN: TOKEN,
      FINDINGS_GATE_MAX_RETRIES: '  '
    }
    expect(inputsOf(parseCommandLine([], env))).toMatchObject({
      'fail-on-severity': 'critical',
      'warn-only': 'true',
      'api-token': TOKEN,
      'max-retries': ''
    })
    const flagged = inputsOf(
      parseCommandLine(['--fail-on-severity', 'low', '--no-warn-only'], {
        ...env,
        FINDINGS_GATE_API_TOKEN: 'own-token'
      })
    )
    expect(flagged).toMatchObject({
      'fail-on-severity': 'low',
      'warn-only': 'false',
      'api-token': 'own-token'
    })
  })

  it("the command's own files, from flags or the environment", () => {
    const line = parseCommandLine(['--junit', 'out/j.xml'], {
      FINDINGS_GATE_GITLAB_CODE_QUALITY: 'gl.json'
    })
    expect(line).toMatchObject({
      kind: 'run',
      files: { junit: 'out/j.xml', gitlabCodeQuality: 'gl.json' }
    })
    expect(problemsOf(parseCommandLine(['--junit=a\u0007b'], {}))).toEqual([
      'junit: must not contain control characters (got "a\\u0007b")'
    ])
  })

  it("one path for two reports (the command's own, or with the action's) is refused", () => {
    expect(
      problemsOf(
        parseCommandLine(['--report-file', 'x', '--junit', 'x', '--gitlab-code-quality=./x'], {})
      )
    ).toEqual([
      'junit: is the same file as report-file (x): give each report its own file, or the last one written replaces the other',
      'gitlab-code-quality: is the same file as report-file (x): give each report its own file, or the last one written replaces the other'
    ])
    expect(
      problemsOf(
        parseCommandLine(['--junit', 'out/j.xml'], { FINDINGS_GATE_SARIF_FILE: 'out/j.xml' })
      )
    ).toEqual([
      'junit: is the same file as sarif-file (out/j.xml): give each report its own file, or the last one written replaces the other'
    ])
    expect(parseCommandLine(['--report-file', 'r.json', '--junit', 'j.xml'], {})).toMatchObject({
      kind: 'run'
    })
  })

  it('each mistake is one line naming the flag, all at once; a stray argument is never echoed', () => {
    const problems = problemsOf(
      parseCommandLine(
        [
          '--fail-on-severty',
          'high',
          '--api-tokn',
          TOKEN,
          '--gate',
          'false',
          '--ref',
          '--no-gate',
          '--no-ref',
          '-x',
          '--commit'
        ],
        {}
      )
    )
    expect(problems).toEqual([
      'argument 1: is not a flag of findings-gate (did you mean --fail-on-severity?); see findings-gate --help',
      'argument 2: findings-gate takes only flags (--name value or --name=value), not arguments; see findings-gate --help',
      'argument 3: is not a flag of findings-gate (did you mean --api-token?); see findings-gate --help',
      'argument 4: findings-gate takes only flags (--name value or --name=value), not arguments; see findings-gate --help',
      '--gate: takes no separate value: write --gate, --no-gate or --gate=false',
      '--ref: is followed by another flag, not a value (for a value that starts with a dash, write --ref=VALUE)',
      '--no-ref: --ref takes a value; only true/false flags have a --no- form',
      'argument 10: is not a flag of findings-gate (flags are written in full: --name value or --name=value); see findings-gate --help',
      '--commit: needs a value: --commit VALUE or --commit=VALUE'
    ])
    expect(problems.join('\n')).not.toContain(TOKEN)
  })

  it('an unknown flag is named by its place and the flag it may mean, never by its text', () => {
    expect(problemsOf(parseCommandLine([`--api_token=${TOKEN}`], {}))).toEqual([
      'argument 1: is not a flag of findings-gate (did you mean --api-token?); see findings-gate --help'
    ])
    expect(problemsOf(parseCommandLine(['--no-gate', `--${TOKEN}`], {}))).toEqual([
      'argument 2: is not a flag of findings-gate; see findings-gate --help'
    ])
  })

  it('--help and --version take no value: --help=1 is refused, not run as the gate', () => {
    expect(problemsOf(parseCommandLine(['--help=1'], {}))).toEqual([
      '--help: takes no value; write --help'
    ])
    expect(problemsOf(parseCommandLine(['--no-help', '--version=yes'], {}))).toEqual([
      '--help: takes no value; write --help',
      '--version: takes no value; write --version'
    ])
  })

  it('a stray single-dash argument (a token that lost its flag) is refused whole, never shown', () => {
    const secret = '-fg-secret-token'
    const problems = problemsOf(parseCommandLine([secret, '--no-gate', '-x', '--ref', '-main'], {}))
    expect(problems).toEqual([
      'argument 1: is not a flag of findings-gate (flags are written in full: --name value or --name=value); see findings-gate --help',
      'argument 3: is not a flag of findings-gate (flags are written in full: --name value or --name=value); see findings-gate --help'
    ])
    const text = problems.join('\n')
    for (const part of ['secret', 'token', '-fg', '-x', '-main']) expect(text).not.toContain(part)
  })

  it('an unknown FINDINGS_GATE_ variable is refused, naming the nearest real one, never its value', () => {
    const env = {
      FINDINGS_GATE_FAIL_ON_SEVERTY: 'critical',
      FINDINGS_GATE_NOTHING_LIKE_IT: TOKEN,
      FINDINGS_GATE_TEST_NODE: '/usr/bin/node',
      FINDINGS_GATE_WARN_ONLY: 'true'
    }
    const problems = problemsOf(parseCommandLine([], env))
    expect(problems).toEqual([
      'FINDINGS_GATE_FAIL_ON_SEVERTY: is not a variable of findings-gate (did you mean FINDINGS_GATE_FAIL_ON_SEVERITY?); see findings-gate --help',
      'FINDINGS_GATE_NOTHING_LIKE_IT: is not a variable of findings-gate; see findings-gate --help'
    ])
    expect(problems.join('\n')).not.toContain(TOKEN)
    expect(problems.join('\n')).not.toContain('critical')
  })

  it('--help wins over everything; --version over a run', () => {
    expect(parseCommandLine(['--bogus', '-h'], {})).toEqual({ kind: 'help' })
    expect(parseCommandLine(['--version', '--no-gate'], {})).toEqual({ kind: 'version' })
  })

  it('--help lists every flag with its environment variables and defaults', () => {
    const help = helpText()
    for (const flag of FLAGS) {
      expect(help).toContain(flag.boolean ? `--${flag.name}, --no-${flag.name}` : `--${flag.name} `)
    }
    expect(help).toContain('  --fail-on-severity VALUE (default high)\n')
    expect(help).toContain('  --gate, --no-gate (default true)\n')
    expect(help).toContain('[FINDINGS_GATE_API_TOKEN, SEMGREP_APP_TOKEN]')
    expect(help).toMatch(/process list/)
    expect(help.split('\n').every(line => line.length <= 100)).toBe(true)
  })
})
