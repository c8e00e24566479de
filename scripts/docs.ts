/**
 * What is generated from action.yml: docs/inputs.md (one table per input group, then the
 * outputs), the flags table of docs/command.md, and the command's src/inputs/action-inputs.ts.
 * `npm run docs` rewrites them; tests fail when they differ from what this renders.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import type { ActionInput } from '../src/inputs/action-inputs.js'
import { commandFlags, type Flag } from '../src/cli/flags.js'
import {
  descriptionText,
  documentedDefault,
  readActionDefinition,
  type ActionDefinition,
  type DeclaredInput
} from './action-definition.js'
import { ROOT } from './run-action.js'

export {
  descriptionText,
  documentedDefault,
  readActionDefinition,
  type ActionDefinition
} from './action-definition.js'

export const INPUTS_PAGE = join(ROOT, 'docs', 'inputs.md')
export const COMMAND_PAGE = join(ROOT, 'docs', 'command.md')
export const ACTION_INPUTS_MODULE = join(ROOT, 'src', 'inputs', 'action-inputs.ts')

/**
 * One table cell: one line, pipes escaped, and `<` escaped so that `refs/pull/<n>/merge` or
 * `<security@acme.example>` is shown as written, not taken for HTML or a link.
 */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|').replace(/</g, '\\<')
}

function defaultCell(input: DeclaredInput): string {
  if (input.required === true) return 'required'
  const value = documentedDefault(input)
  return value === undefined || value === '' ? '' : `\`${value}\``
}

/** GitHub's anchor of a heading: lower case, spaces as hyphens, punctuation dropped. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

export function renderGroupTable(action: ActionDefinition, names: readonly string[]): string {
  const rows = names.map(name => {
    const input = action.inputs[name]
    if (input === undefined) throw new Error(`action.yml: ${name} is grouped but not an input`)
    return `| \`${name}\` | ${defaultCell(input)} | ${cell(descriptionText(input))} |`
  })
  return ['| Input | Default | Description |', '| --- | --- | --- |', ...rows].join('\n')
}

export function renderOutputsTable(action: ActionDefinition): string {
  const rows = Object.entries(action.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`
  )
  return ['| Output | Description |', '| --- | --- |', ...rows].join('\n')
}

const INPUTS_INTRO = [
  'Every input of the action, group by group as action.yml lists them; the `findings-gate`',
  'command takes each as a flag ([the command](command.md#flags)). Lists accept commas and/or',
  'newlines; booleans are `true` or `false`. Every input is checked before any request: each bad',
  'one gets a line naming it and the allowed values, and an input action.yml does not declare',
  '(a misspelling) is refused, naming the closest one.'
].join('\n')

/** docs/inputs.md, before Prettier pads its tables. */
export function renderInputsPage(action: ActionDefinition): string {
  const toc = [...action.groups.map(group => group.title), 'Outputs']
    .map(title => `[${title}](#${anchorOf(title)})`)
    .join(' · ')
  return [
    '# Inputs and outputs',
    '',
    '<!-- Generated from action.yml by `npm run docs`: edit action.yml, never this file. -->',
    '',
    INPUTS_INTRO,
    '',
    toc,
    '',
    ...action.groups.flatMap(group => [
      `## ${group.title}`,
      '',
      ...(group.intro === '' ? [] : [group.intro, '']),
      renderGroupTable(action, group.inputs),
      ''
    ]),
    '## Outputs',
    '',
    renderOutputsTable(action),
    ''
  ].join('\n')
}

/** Markdown as the repository's Prettier settings write it, so format:check agrees. */
export async function prettierMarkdown(text: string, path: string): Promise<string> {
  const options = (await resolveConfig(path)) ?? {}
  return format(text, { ...options, filepath: path })
}

/** The inputs as the command reads them: whitespace of folded YAML made single spaces. */
export function actionInputs(action: ActionDefinition): ActionInput[] {
  return Object.entries(action.inputs).map(([name, input]) => ({
    name,
    description: descriptionText(input),
    default: documentedDefault(input) ?? '',
    required: input.required ?? false
  }))
}

/**
 * src/inputs/action-inputs.ts: the inputs as data, for the command's flags and --help and for the
 * action's check of undeclared inputs. One input per line (the file is left out of Prettier).
 */
export function renderActionInputsModule(action: ActionDefinition): string {
  return [
    '/**',
    " * The action's inputs as action.yml declares them: the command's flags and its --help are made",
    ' * from them, and the action refuses any other. Generated from action.yml by `npm run docs`: do',
    ' * not edit (cli-docs.test.ts checks).',
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
      `| \`${flagUsage(flag)}\` | ${flag.env.map(name => `\`${name}\``).join(', ')} | ${flag.default === '' ? '' : `\`${flag.default}\``} | ${cell(flag.description)} |`
  )
  return [
    '| Flag | Environment | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows
  ].join('\n')
}

const FLAGS_MARKERS = [
  '<!-- flags:start (generated from action.yml by npm run docs) -->',
  '<!-- flags:end -->'
] as const

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
        .map(each => each.trim().replace(/^:?-+:?$/, '---'))
    )
}

/** The flags table of docs/command.md, or undefined when its markers are missing. */
export function flagsSection(page: string): string | undefined {
  const [start, end] = FLAGS_MARKERS
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) return undefined
  return page.slice(from + start.length, to).trim()
}

export function withFlagsTable(page: string, action: ActionDefinition): string {
  const [start, end] = FLAGS_MARKERS
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error('docs/command.md lacks the flags markers')
  const table = renderFlagsTable(commandFlags(actionInputs(action)))
  return `${page.slice(0, from + start.length)}\n\n${table}\n\n${page.slice(to)}`
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const action = readActionDefinition()
  if (action.ungrouped.length > 0) {
    throw new Error(`action.yml: ${action.ungrouped.join(', ')} above the first # group: line`)
  }
  writeFileSync(INPUTS_PAGE, await prettierMarkdown(renderInputsPage(action), INPUTS_PAGE))
  const command = withFlagsTable(readFileSync(COMMAND_PAGE, 'utf8'), action)
  writeFileSync(COMMAND_PAGE, await prettierMarkdown(command, COMMAND_PAGE))
  writeFileSync(ACTION_INPUTS_MODULE, renderActionInputsModule(action))
  console.log(
    'docs/inputs.md, the flags table of docs/command.md and src/inputs/action-inputs.ts regenerated from action.yml'
  )
}
