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
  const { values, tokens } = parseArgs({
    args: [...args],
    options: parseOptions(),
    strict: false,
    allowPositionals: true,
    allowNegative: true,
    tokens: true
  })
  if (values.help === true) return { kind: 'help' }
  const problems = tokens.flatMap((token, index) => tokenProblems(token, tokens[index - 1]))
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

/** What is wrong with one token; the previous one tells a stray `false` after `--gate`. */
function tokenProblems(token: Token, previous: Token | undefined): string[] {
  if (token.kind === 'option-terminator') return []
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
  if (token.name === 'help' || token.name === 'version') return []
  const flag = flagOf(token.name)
  // The name only, never a value that came with it.
  const written = token.rawName
  if (flag === undefined)
    return [`${written}: is not a flag of findings-gate${suggestion(token.name)}; ${HELP_HINT}`]
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
  const near = FLAGS.map(flag => ({ flag, distance: editDistance(name, flag.name) }))
    .filter(each => each.distance <= 2)
    .sort((a, b) => a.distance - b.distance)[0]
  return near === undefined ? '' : ` (did you mean --${near.flag.name}?)`
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, substitution))
    }
    row = next
  }
  return row[b.length] ?? 0
}
