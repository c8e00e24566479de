/**
 * The README's inputs, outputs and command-flags tables, and the command's src/inputs/action-inputs.ts,
 * rendered from action.yml. `npm run docs` rewrites them in place; tests fail when they differ
 * from what this renders.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'
import type { ActionInput } from '../src/inputs/action-inputs.js'
import { commandFlags, type Flag } from '../src/cli/flags.js'
import { ROOT } from './run-action.js'

const ActionYaml = z.object({
  inputs: z.record(
    z.string(),
    z.object({
      description: z.string(),
      required: z.boolean().optional(),
      default: z.string().optional()
    })
  ),
  outputs: z.record(z.string(), z.object({ description: z.string() }))
})

export type ActionDefinition = z.infer<typeof ActionYaml>

export function readActionDefinition(): ActionDefinition {
  return ActionYaml.parse(parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')))
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')
}

function defaultCell(value: string | undefined): string {
  if (value === undefined || value === '') return ''
  return `\`${value}\``
}

type DeclaredInput = ActionDefinition['inputs'][string]

/**
 * The inputs a config file may set have no default in action.yml: the runner would pass it as if
 * the workflow had set it, and the file could never apply. Their descriptions end with the
 * default the action applies, `Default: \`high\`.`
 */
const DESCRIBED_DEFAULT = /\s*Default: `([^`]*)`\.$/

/** The default of an input: action.yml's, or the one its description states. */
export function documentedDefault(input: DeclaredInput): string | undefined {
  if (input.default !== undefined && input.default !== '') return input.default
  return DESCRIBED_DEFAULT.exec(input.description.trim())?.[1]
}

export function renderInputsTable(action: ActionDefinition): string {
  const rows = Object.entries(action.inputs).map(
    ([name, input]) =>
      `| \`${name}\` | ${input.required ? 'yes' : 'no'} | ${defaultCell(documentedDefault(input))} | ${cell(input.description.trim().replace(DESCRIBED_DEFAULT, ''))} |`
  )
  return [
    '| Input | Required | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows
  ].join('\n')
}

export function renderOutputsTable(action: ActionDefinition): string {
  const rows = Object.entries(action.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`
  )
  return ['| Output | Description |', '| --- | --- |', ...rows].join('\n')
}

/** The inputs as the command reads them: whitespace of folded YAML made single spaces. */
export function actionInputs(action: ActionDefinition): ActionInput[] {
  return Object.entries(action.inputs).map(([name, input]) => ({
    name,
    description: input.description.trim().replace(DESCRIBED_DEFAULT, '').replace(/\s+/g, ' '),
    // The default the action applies: action.yml's, or the one the description states.
    default: documentedDefault(input) ?? '',
    required: input.required ?? false
  }))
}

export const ACTION_INPUTS_MODULE = join(ROOT, 'src', 'inputs', 'action-inputs.ts')

/**
 * src/inputs/action-inputs.ts: the inputs as data, for the command's flags and --help. One input per
 * line (the file is left out of Prettier), so the table stays as short as action.yml's list.
 */
export function renderActionInputsModule(action: ActionDefinition): string {
  return [
    '/**',
    " * The action's inputs as action.yml declares them; the command's flags and its --help are made",
    ' * from them. Generated from action.yml by `npm run docs`: do not edit (cli-docs.test.ts checks).',
    ' */',
    'export interface ActionInput {',
    '  readonly name: string',
    '  readonly default: string',
    '  readonly required: boolean',
    '  readonly description: string',
    '}',
    '',
    'export const ACTION_INPUTS: readonly ActionInput[] = [',
    ...actionInputs(action).map(
      ({ name, default: value, required, description }) =>
        `  ${JSON.stringify({ name, default: value, required, description })},`
    ),
    ']',
    ''
  ].join('\n')
}

/** How a flag is written: `--ref VALUE`, or `--gate`, `--no-gate` for true/false. */
export function flagUsage(flag: Flag): string {
  return flag.boolean ? `--${flag.name}, --no-${flag.name}` : `--${flag.name} ${flag.valueName}`
}

export function renderFlagsTable(flags: readonly Flag[]): string {
  const rows = flags.map(
    flag =>
      `| \`${flagUsage(flag)}\` | ${flag.env.map(name => `\`${name}\``).join(', ')} | ${defaultCell(flag.default)} | ${cell(flag.description)} |`
  )
  return [
    '| Flag | Environment | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows
  ].join('\n')
}

const MARKERS = {
  inputs: [
    '<!-- inputs:start (generated from action.yml by npm run docs) -->',
    '<!-- inputs:end -->'
  ],
  outputs: [
    '<!-- outputs:start (generated from action.yml by npm run docs) -->',
    '<!-- outputs:end -->'
  ],
  flags: ['<!-- flags:start (generated from action.yml by npm run docs) -->', '<!-- flags:end -->']
} as const

/** Cells of a Markdown table, trimmed: formatters may re-pad columns without changing a table. */
export function tableCells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map(line =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map(cell => cell.trim().replace(/^:?-+:?$/, '---'))
    )
}

/** The text between a pair of markers, or undefined when the markers are missing. */
export function section(readme: string, which: keyof typeof MARKERS): string | undefined {
  const [start, end] = MARKERS[which]
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < from) return undefined
  return readme.slice(from + start.length, to).trim()
}

export function withSections(readme: string, action: ActionDefinition): string {
  let out = readme
  for (const [which, table] of [
    ['inputs', renderInputsTable(action)],
    ['outputs', renderOutputsTable(action)],
    ['flags', renderFlagsTable(commandFlags(actionInputs(action)))]
  ] as const) {
    const [start, end] = MARKERS[which]
    const from = out.indexOf(start)
    const to = out.indexOf(end)
    if (from < 0 || to < from) throw new Error(`README.md lacks the ${which} markers`)
    out = `${out.slice(0, from + start.length)}\n\n${table}\n\n${out.slice(to)}`
  }
  return out
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const path = join(ROOT, 'README.md')
  const action = readActionDefinition()
  writeFileSync(path, withSections(readFileSync(path, 'utf8'), action))
  writeFileSync(ACTION_INPUTS_MODULE, renderActionInputsModule(action))
  console.log(
    'README.md inputs, outputs and flags tables and src/inputs/action-inputs.ts regenerated from action.yml'
  )
}
