/**
 * The command line and the environment → the action's inputs and the command's own files.
 * `node:util` parseArgs splits the arguments; its non-strict mode keeps every token, so each
 * mistake gets its own line naming the flag (all of them at once, like the inputs' problems),
 * and nothing a user typed is ever echoed whole: a stray argument may be a token.
 * Values are checked later, by the same schema as the action's inputs.
 */
import { parseArgs } from 'node:util'
import { valueErrors } from '../inputs/errors.js'
import { parsePath } from '../inputs/parsers.js'
import { sameFileProblems, WRITTEN_FILES } from '../inputs/reports.js'
import { nearest } from '../text/nearest.js'
import { FLAGS, GITLAB_CODE_QUALITY, JUNIT, type Flag } from './flags.js'

export type Env = Readonly<Record<string, string | undefined>>

/** The reports only the command writes. */
export interface CommandFiles {
  readonly gitlabCodeQuality?: string
  readonly junit?: string
}

export type CommandLine =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'invalid'; readonly problems: readonly string[] }
  | {
      readonly kind: 'run'
      /** Action inputs by name, '' when neither given nor set in the environment. */
      readonly inputs: Readonly<Record<string, string>>
      readonly files: CommandFiles
    }

type ParseOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options']
type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number]

const META = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' }
} as const

function parseOptions(): ParseOptions {
  const options: ParseOptions = { ...META }
  for (const flag of FLAGS) options[flag.name] = { type: flag.boolean ? 'boolean' : 'string' }
  return options
}

export function parseCommandLine(args: readonly string[], env: Env): CommandLine {
  const short = singleDashArguments(args)
  const { values, tokens } = parseArgs({
    // parseArgs would split `-fg-secret` into -f, -g and a `--` that turns the rest into
    // arguments: each such argument goes in as a blank placeholder, refused by its place.
    args: args.map((arg, index) => (short.has(index) ? '' : arg)),
    options: parseOptions(),
    strict: false,
    allowPositionals: true,
    allowNegative: true,
    tokens: true
  })
  if (values.help === true) return { kind: 'help' }
  const problems = [
    ...new Set(tokens.flatMap((token, index) => tokenProblems(token, tokens[index - 1], short)))
  ]
  problems.push(...envProblems(env))
  if (problems.length > 0) return { kind: 'invalid', problems }
  if (values.version === true) return { kind: 'version' }
  const read = (flag: Flag): string => flagValue(values[flag.name]) ?? fromEnv(flag, env)
  const inputs = Object.fromEntries(FLAGS.filter(f => f.input).map(f => [f.name, read(f)]))
  const files = commandFiles(read)
  if ('problems' in files) return { kind: 'invalid', problems: files.problems }
  return { kind: 'run', inputs, files }
}

/** The command's own report paths, checked as the action checks its file inputs. */
function commandFiles(read: (flag: Flag) => string): CommandFiles | { problems: string[] } {
  const problems: string[] = []
  const pathOf = (name: string): string | undefined => {
    const flag = flagOf(name)
    const raw = flag === undefined ? '' : read(flag).trim()
    if (raw === '') return undefined
    try {
      return parsePath(raw)
    } catch (error) {
      problems.push(...valueErrors(error).map(each => `${name}: ${each.message}`))
      return undefined
    }
  }
  const gitlabCodeQuality = pathOf(GITLAB_CODE_QUALITY)
  const junit = pathOf(JUNIT)
  const given = (name: string): string | undefined => {
    const flag = flagOf(name)
    const raw = flag === undefined ? '' : read(flag).trim()
    return raw === '' ? undefined : raw
  }
  // The action's files are compared with each other by the schema; here, the command's own.
  const same = sameFileProblems([
    ...Object.keys(WRITTEN_FILES).map(name => ({ name, path: given(name) })),
    { name: JUNIT, path: junit },
    { name: GITLAB_CODE_QUALITY, path: gitlabCodeQuality }
  ]).filter(({ name }) => name === JUNIT || name === GITLAB_CODE_QUALITY)
  problems.push(...same.map(({ name, message }) => `${name}: ${message}`))
  if (problems.length > 0) return { problems }
  return {
    ...(gitlabCodeQuality !== undefined && { gitlabCodeQuality }),
    ...(junit !== undefined && { junit })
  }
}

/** A given flag's value as the input reads it: booleans as `true`/`false`. */
function flagValue(value: string | boolean | (string | boolean)[] | undefined): string | undefined {
  if (Array.isArray(value)) return flagValue(value.at(-1))
  if (value === undefined) return undefined
  return typeof value === 'boolean' ? String(value) : value
}

/** The first of the flag's variables that is set and not blank. */
function fromEnv(flag: Flag, env: Env): string {
  for (const name of flag.env) {
    const value = env[name]
    if (value !== undefined && value.trim() !== '') return value
  }
  return ''
}

const HELP_HINT = 'see findings-gate --help'

/**
 * The places of the single-dash arguments (`-x`, `-fg-secret`) but `-h`: no flag is written so,
 * and one may be a token that lost its flag. A dash-led value of a flag that takes one
 * (`--ref -main`) is the flag's value, as parseArgs reads it; after `--` all are arguments.
 */
function singleDashArguments(args: readonly string[]): Set<number> {
  const found = new Set<number>()
  for (const [index, arg] of args.entries()) {
    if (arg === '--') break
    const previous = args[index - 1] ?? ''
    const isValue = /^--[^=]+$/.test(previous) && flagOf(previous.slice(2))?.boolean === false
    if (/^-[^-]/.test(arg) && arg !== '-h' && !isValue) found.add(index)
  }
  return found
}

/** Every `FINDINGS_GATE_*` variable names a flag: a misspelt one would be silently ignored. */
function envProblems(env: Env): string[] {
  const known = FLAGS.flatMap(flag => flag.env).filter(name => name.startsWith(ENV_PREFIX))
  return Object.keys(env)
    .filter(name => name.startsWith(ENV_PREFIX) && !name.startsWith(TEST_ENV_PREFIX))
    .filter(name => !known.includes(name))
    .sort()
    .map(name => {
      const near = nearest(name, known, 3)
      const hint = near === undefined ? '' : ` (did you mean ${near}?)`
      // The name only: its value may be a token.
      return `${name}: is not a variable of findings-gate${hint}; ${HELP_HINT}`
    })
}

const ENV_PREFIX = 'FINDINGS_GATE_'
/** The project's own test and benchmark settings (scripts/run-action.ts), not the command's. */
const TEST_ENV_PREFIX = 'FINDINGS_GATE_TEST_'

/** What is wrong with one token; the previous one tells a stray `false` after `--gate`. */
function tokenProblems(
  token: Token,
  previous: Token | undefined,
  singleDash: ReadonlySet<number>
): string[] {
  if (token.kind === 'option-terminator') return []
  if (token.kind === 'positional' && singleDash.has(token.index)) {
    return [
      `argument ${token.index + 1}: is not a flag of findings-gate (flags are written in full: --name value or --name=value); ${HELP_HINT}`
    ]
  }
  if (token.kind === 'positional') {
    const flag = previous?.kind === 'option' ? flagOf(previous.name) : undefined
    if (flag?.boolean && previous?.kind === 'option' && previous.value === undefined) {
      return [
        `--${flag.name}: takes no separate value: write --${flag.name}, --no-${flag.name} or --${flag.name}=false`
      ]
    }
    // Never echoed: a stray argument may be a token that lost its flag.
    return [
      `argument ${token.index + 1}: findings-gate takes only flags (--name value or --name=value), not arguments; ${HELP_HINT}`
    ]
  }
  return optionProblems(token)
}

function optionProblems(token: Extract<Token, { kind: 'option' }>): string[] {
  if (token.name === 'help' || token.name === 'version') {
    // `--help=1` is not help, and must not run the gate either.
    const bare = token.rawName === `--${token.name}` || token.rawName === '-h'
    return token.value === undefined && bare
      ? []
      : [`--${token.name}: takes no value; write --${token.name}`]
  }
  const flag = flagOf(token.name)
  // Known names only: an unknown one is never shown, for it may be a token (`--sgp_…`).
  const written = token.rawName
  if (flag === undefined) {
    return [
      `argument ${token.index + 1}: is not a flag of findings-gate${suggestion(token.name)}; ${HELP_HINT}`
    ]
  }
  if (written.startsWith('--no-') && !flag.boolean) {
    return [`${written}: --${flag.name} takes a value; only true/false flags have a --no- form`]
  }
  if (!written.startsWith('--')) return [`${written}: flags are written in full: --${flag.name}`]
  if (flag.boolean || token.inlineValue === true) return []
  if (token.value === undefined) {
    return [
      `--${flag.name}: needs a value: --${flag.name} ${flag.valueName} or --${flag.name}=${flag.valueName}`
    ]
  }
  if (token.value.startsWith('--')) {
    return [
      `--${flag.name}: is followed by another flag, not a value (for a value that starts with a dash, write --${flag.name}=VALUE)`
    ]
  }
  return []
}

function flagOf(name: string | undefined): Flag | undefined {
  return FLAGS.find(flag => flag.name === name)
}

/** ` (did you mean --fail-on-severity?)` for a name one or two edits away from a flag. */
function suggestion(name: string): string {
  const near = nearest(
    name,
    FLAGS.map(flag => flag.name),
    2
  )
  return near === undefined ? '' : ` (did you mean --${near}?)`
}
