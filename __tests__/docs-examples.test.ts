/**
 * Every example of the documentation is read as its reader would run it: each YAML block parses;
 * each `with:` of this action names declared inputs (none deprecated) whose values the action
 * accepts; each config file and ignore file example is one the action reads; each
 * `findings-gate` invocation uses flags the command has. So no example can rot unseen.
 */
import { describe, expect, it } from '@jest/globals'
import { parseAllDocuments } from 'yaml'
import { FLAGS } from '../src/cli/flags.js'
import { parseIgnoreFile } from '../src/gate/ignore-file.js'
import { ConfigError, parseConfigFile, readConfig, type RunContext } from '../src/inputs/index.js'
import { readActionDefinition } from '../scripts/docs.js'
import {
  codeBlocks,
  documentationFiles,
  inlineCode,
  readDoc,
  type CodeBlock
} from './helpers/markdown.js'

const action = readActionDefinition()
const THIS_ACTION = /^OWNER\/findings-gate@[0-9A-Za-z_]+$/
const blocks = documentationFiles().flatMap(file => codeBlocks(file))
const yamlBlocks = blocks.filter(block => block.language === 'yaml' || block.language === 'yml')
const shellBlocks = blocks.filter(block => ['sh', 'shell', 'bash'].includes(block.language))

const ctx: RunContext = {
  now: new Date('2026-06-01T12:00:00Z'),
  env: {
    GITHUB_REPOSITORY: 'acme/web',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: 'ab'.repeat(20)
  },
  eventName: 'push'
}

/** The problems the action reports for these inputs, [] when it accepts them. */
function inputProblems(inputs: Record<string, string>, file?: string): readonly string[] {
  try {
    const values = file === undefined ? undefined : parseConfigFile(file, 'example.yml')
    readConfig(name => inputs[name] ?? '', ctx, values)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

function documents(block: CodeBlock): unknown[] {
  return parseAllDocuments(block.code).map(document => {
    if (document.errors.length > 0)
      throw new Error(`${block.where}: ${document.errors[0]?.message}`)
    return document.toJS() as unknown
  })
}

/** Every mapping inside a YAML value, itself included. */
function mappings(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(mappings)
  if (typeof value !== 'object' || value === null) return []
  const record = value as Record<string, unknown>
  return [record, ...Object.values(record).flatMap(mappings)]
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap(strings)
}

/** The `with:` blocks of the steps that use this action. */
function actionSteps(block: CodeBlock): Record<string, unknown>[] {
  return documents(block)
    .flatMap(mappings)
    .filter(step => typeof step.uses === 'string' && THIS_ACTION.test(step.uses))
    .map(step => (step.with ?? {}) as Record<string, unknown>)
}

const WORKFLOW_KEYS = ['on', 'jobs', 'steps', 'permissions', 'uses', 'name', 'stages', 'ignores']

/** A config-file example: a mapping of inputs, nothing a workflow or a CI file would hold. */
function isConfigFile(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return !keys.some(key => WORKFLOW_KEYS.includes(key)) && keys.some(key => key in action.inputs)
}

const COMMAND = /(?:^|[\s/])(?:findings-gate|findings-gate\.js)$/

/** The flags given to `findings-gate` in a command line: what follows the command's own word. */
export function commandFlags(line: string): string[] {
  const words = line.split(/\s+/)
  const at = words.findLastIndex(word => COMMAND.test(word))
  if (at < 0) return []
  return words
    .slice(at + 1)
    .filter(word => word.startsWith('--'))
    .map(word => word.split('=')[0] ?? word)
}

const BOOLEAN = new Set(FLAGS.filter(flag => flag.boolean).map(flag => flag.name))
const KNOWN_FLAGS = new Set([
  '--help',
  '--version',
  ...FLAGS.map(flag => `--${flag.name}`),
  ...[...BOOLEAN].map(name => `--no-${name}`)
])
const KNOWN_VARIABLES = new Set(FLAGS.flatMap(flag => flag.env))

/** Command lines of a shell block, continuation lines joined. */
function commandLines(code: string): string[] {
  return code.replace(/\\\n\s*/g, ' ').split('\n')
}

describe('YAML examples', () => {
  it('there are examples of each kind to check (guards the tests below)', () => {
    expect(yamlBlocks.length).toBeGreaterThanOrEqual(15)
    expect(yamlBlocks.flatMap(actionSteps).length).toBeGreaterThanOrEqual(12)
    expect(yamlBlocks.filter(block => documents(block).some(isConfigFile))).toHaveLength(1)
    expect(
      shellBlocks.flatMap(block => commandLines(block.code).flatMap(commandFlags))
    ).not.toEqual([])
  })

  it.each(yamlBlocks.map(block => [block.where, block] as const))('%s parses', (_, block) => {
    expect(documents(block).length).toBeGreaterThan(0)
  })

  it.each(
    yamlBlocks
      .flatMap(block => actionSteps(block).map(step => [block.where, step] as const))
      .map(([where, step]) => [where, step] as const)
  )('%s: the inputs of this action exist, are not deprecated, and are accepted', (_, step) => {
    const names = Object.keys(step)
    expect(names.filter(name => !(name in action.inputs))).toEqual([])
    expect(names.filter(name => action.inputs[name]?.deprecationMessage !== undefined)).toEqual([])
    // Values a workflow expression computes are the runner's; the rest are checked as written.
    const literal = Object.fromEntries(
      Object.entries(step)
        .map(([name, value]) => [name, String(value)] as const)
        .filter(([, value]) => !value.includes('${{'))
    )
    expect(inputProblems({ 'api-token': 't', 'github-token': 't', ...literal })).toEqual([])
  })

  it.each(
    yamlBlocks.filter(block => documents(block).some(isConfigFile)).map(b => [b.where, b] as const)
  )('%s: the config file is one the action reads', (_, block) => {
    expect(inputProblems({ 'api-token': 't', 'github-token': 't' }, block.code)).toEqual([])
  })

  it.each(
    yamlBlocks
      .filter(block => documents(block).some(doc => mappings(doc).some(m => 'ignores' in m)))
      .map(block => [block.where, block] as const)
  )('%s: the ignore file is one the action reads', (_, block) => {
    expect(parseIgnoreFile(block.code, 'example.yml').length).toBeGreaterThan(0)
  })
})

describe('command examples', () => {
  const invocations = [
    ...shellBlocks.flatMap(block => commandLines(block.code).map(line => [block.where, line])),
    ...yamlBlocks.flatMap(block =>
      documents(block)
        .flatMap(strings)
        .flatMap(text => commandLines(text).map(line => [block.where, line]))
    ),
    ...documentationFiles().flatMap(file => inlineCode(readDoc(file)).map(code => [file, code]))
  ].filter(([, line]) => commandFlags(line ?? '').length > 0)

  it('reads the GitLab job, the shell example and the inline ones', () => {
    const flags = invocations.flatMap(([, line]) => commandFlags(line ?? ''))
    expect(flags).toEqual(expect.arrayContaining(['--gitlab-code-quality', '--junit', '--help']))
  })

  it.each(invocations)('%s: %s uses flags the command has', (_, line) => {
    expect(commandFlags(line ?? '').filter(flag => !KNOWN_FLAGS.has(flag))).toEqual([])
  })

  it('the command page names only flags the command has, in its prose too', () => {
    const named = inlineCode(readDoc('docs/command.md'))
      .filter(code => code.startsWith('--'))
      .map(code => code.split(/[ =,]/)[0] ?? code)
    expect(named.length).toBeGreaterThan(3)
    expect(named.filter(flag => !KNOWN_FLAGS.has(flag))).toEqual([])
  })

  it('every FINDINGS_GATE_ variable the documentation names is one the command reads', () => {
    const named = ['README.md', 'docs/command.md', 'docs/inputs.md'].flatMap(file => [
      ...readDoc(file).matchAll(/\bFINDINGS_GATE_[A-Z0-9_]+/g)
    ])
    expect(named.length).toBeGreaterThan(0)
    expect(named.map(match => match[0]).filter(name => !KNOWN_VARIABLES.has(name))).toEqual([])
  })

  it('every INPUT_ variable of a shell example is an input of action.yml', () => {
    const named = shellBlocks.flatMap(block => [...block.code.matchAll(/\bINPUT_([A-Z0-9-]+)/g)])
    expect(named.length).toBeGreaterThan(0)
    const declared = new Set(Object.keys(action.inputs).map(name => name.toUpperCase()))
    expect(named.map(match => match[1]).filter(name => !declared.has(name ?? ''))).toEqual([])
  })
})

describe('the example checks themselves', () => {
  it('find the flags after the command, not those of npx before it', () => {
    expect(
      commandFlags(
        'npx --yes --package=github:OWNER/findings-gate#FULL_SHA findings-gate --ref main --junit=x'
      )
    ).toEqual(['--ref', '--junit'])
    expect(commandFlags('node bin/findings-gate.js --base-url http://x')).toEqual(['--base-url'])
    expect(commandFlags('echo findings-gate-0.1.0.tgz --x')).toEqual([])
  })

  it('refuse an input the action does not have, and a value it does not accept', () => {
    expect(inputProblems({ 'api-token': 't', 'on-missing-token': 'skip' })).toEqual([
      'on-missing-token: must be one of fail, warn (got "skip")'
    ])
    expect(() => parseConfigFile('fail-on-severty: high\n', 'x.yml')).toThrow(ConfigError)
  })
})
