/**
 * action.yml as the documentation generator reads it: the inputs and outputs, and the groups the
 * inputs come in. A group opens with a `# group: <title>` comment line at the inputs' indentation;
 * the comment lines under it are its introduction, and every input after it, up to the next
 * group, belongs to it. YAML keeps no comments, so the groups are read from the text.
 */
import { readFileSync } from 'node:fs'
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
      default: z.string().optional(),
      deprecationMessage: z.string().optional()
    })
  ),
  outputs: z.record(z.string(), z.object({ description: z.string() }))
})

export interface InputGroup {
  readonly title: string
  /** The comment lines under `# group:`, joined. */
  readonly intro: string
  readonly inputs: readonly string[]
}

export type ActionDefinition = z.infer<typeof ActionYaml> & {
  readonly groups: readonly InputGroup[]
  /** Inputs above the first group: a test keeps this empty. */
  readonly ungrouped: readonly string[]
}

export type DeclaredInput = ActionDefinition['inputs'][string]

export const ACTION_YML = join(ROOT, 'action.yml')

export function readActionDefinition(text = readFileSync(ACTION_YML, 'utf8')): ActionDefinition {
  return { ...ActionYaml.parse(parse(text)), ...inputGroups(text) }
}

const GROUP = /^ {2}# group: (.+)$/
const COMMENT = /^ {2}#(?: (.*))?$/
const INPUT = /^ {2}([A-Za-z0-9_-]+):/

/** The groups of the `inputs:` block, in order, and the inputs before the first group. */
export function inputGroups(text: string): Pick<ActionDefinition, 'groups' | 'ungrouped'> {
  const lines = text.split('\n')
  const start = lines.indexOf('inputs:')
  const groups: { title: string; intro: string[]; inputs: string[] }[] = []
  const ungrouped: string[] = []
  let current: (typeof groups)[number] | undefined
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break
    const group = GROUP.exec(line)
    const comment = COMMENT.exec(line)
    const input = INPUT.exec(line)
    if (group) {
      current = { title: group[1]?.trim() ?? '', intro: [], inputs: [] }
      groups.push(current)
    } else if (comment && current && current.inputs.length === 0) {
      current.intro.push(comment[1] ?? '')
    } else if (input?.[1] !== undefined) {
      ;(current?.inputs ?? ungrouped).push(input[1])
    }
  }
  return {
    groups: groups.map(({ title, intro, inputs }) => ({ title, intro: intro.join(' '), inputs })),
    ungrouped
  }
}

/**
 * A description's literal default: `Default: \`high\`.` The inputs a config file may set have no
 * `default:` in action.yml (the runner would pass it as if the workflow had set it, and the file
 * could never apply), so their descriptions carry it.
 */
const LITERAL_DEFAULT = /\s*\bDefault: `([^`]*)`\./

/** The default of an input: action.yml's literal one, or the one its description states. */
export function documentedDefault(input: {
  readonly description: string
  readonly default?: string
}): string | undefined {
  if (input.default !== undefined && input.default !== '' && !input.default.includes('${{')) {
    return input.default
  }
  return LITERAL_DEFAULT.exec(input.description)?.[1]
}

/** A default that is no value at all: an empty Default column says so already. */
const NO_DEFAULT = /\s*\bDefault: none\./

/**
 * The description without its literal default (or its bare `Default: none.`), which a table shows
 * in a column of its own.
 */
export function descriptionText(input: { readonly description: string }): string {
  return input.description
    .replace(LITERAL_DEFAULT, '')
    .replace(NO_DEFAULT, '')
    .replace(/\s+/g, ' ')
    .trim()
}
