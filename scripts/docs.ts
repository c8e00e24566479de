/**
 * The README's inputs and outputs tables, rendered from action.yml. `npm run docs` rewrites them
 * in place; a test fails when the README's tables differ from what this renders.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'
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

type ActionInput = ActionDefinition['inputs'][string]

/**
 * The inputs a config file may set have no default in action.yml: the runner would pass it as if
 * the workflow had set it, and the file could never apply. Their descriptions end with the
 * default the action applies, `Default: \`high\`.`
 */
const DESCRIBED_DEFAULT = /\s*Default: `([^`]*)`\.$/

/** The default of an input: action.yml's, or the one its description states. */
export function documentedDefault(input: ActionInput): string | undefined {
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

const MARKERS = {
  inputs: [
    '<!-- inputs:start (generated from action.yml by npm run docs) -->',
    '<!-- inputs:end -->'
  ],
  outputs: [
    '<!-- outputs:start (generated from action.yml by npm run docs) -->',
    '<!-- outputs:end -->'
  ]
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
    ['outputs', renderOutputsTable(action)]
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
  writeFileSync(path, withSections(readFileSync(path, 'utf8'), readActionDefinition()))
  console.log('README.md inputs and outputs tables regenerated from action.yml')
}
