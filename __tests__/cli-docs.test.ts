/**
 * One source: the command's flags, its --help and the flags table of docs/command.md come from
 * action.yml, through the generated src/inputs/action-inputs.ts.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { ACTION_INPUTS } from '../src/inputs/action-inputs.js'
import { commandFlags, FLAGS } from '../src/cli/flags.js'
import { configSchema, type Config } from '../src/inputs/index.js'
import {
  ACTION_INPUTS_MODULE,
  actionInputs,
  COMMAND_PAGE,
  flagsSection,
  readActionDefinition,
  renderActionInputsModule,
  renderFlagsTable,
  tableCells
} from '../scripts/docs.js'

const page = readFileSync(COMMAND_PAGE, 'utf8')

describe('the command documents itself from action.yml', () => {
  it('src/inputs/action-inputs.ts is what npm run docs generates from action.yml', () => {
    const generated = renderActionInputsModule(readActionDefinition())
    expect(readFileSync(ACTION_INPUTS_MODULE, 'utf8')).toBe(generated)
  })

  it('the flags table of docs/command.md equals the one rendered from action.yml', () => {
    const flags = commandFlags(actionInputs(readActionDefinition()))
    expect(tableCells(flagsSection(page) ?? '')).toEqual(tableCells(renderFlagsTable(flags)))
  })

  it('the true/false flags are exactly the boolean inputs of the schema', () => {
    const ctx = { now: new Date(), env: { GITHUB_REPOSITORY: 'a/b', GITHUB_REF: 'main' } }
    const config: Config = configSchema(ctx).parse({
      apiToken: 't',
      commit: 'abcdef1'.padEnd(40, '0')
    })
    const camel = (name: string): string =>
      name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
    const booleans = ACTION_INPUTS.filter(
      input => typeof (config as Record<string, unknown>)[camel(input.name)] === 'boolean'
    ).map(input => input.name)
    expect(FLAGS.filter(flag => flag.boolean).map(flag => flag.name)).toEqual(booleans)
  })

  it('docs/command.md documents the exit codes and a GitLab job that needs the scan', () => {
    expect(page).toMatch(/\| 0 +\| The gate passed/)
    expect(page).toMatch(/\| 1 +\| The gate failed/)
    expect(page).toMatch(/\| 2 +\| No verdict/)
    expect(page).toContain('needs: [semgrep]')
    expect(page).toContain('codequality: gl-code-quality-report.json')
  })
})
