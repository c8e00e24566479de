/**
 * Inputs the workflow gives that action.yml does not declare. GitHub only warns about them and
 * passes them on as `INPUT_<NAME>` variables; the action never reads them, so a misspelt
 * `fail-on-severty: critical` would leave the threshold at its default, and a gate that
 * silently ignores a threshold can pass what the workflow meant to block. They are refused.
 */
import { closestName } from '../text/nearest.js'
import { ACTION_INPUTS } from './action-inputs.js'

const PREFIX = 'INPUT_'

/** The variable the runner sets for an input: upper case, spaces as underscores, hyphens kept. */
export function inputVariable(name: string): string {
  return `${PREFIX}${name.replace(/ /g, '_').toUpperCase()}`
}

const DECLARED = new Set(ACTION_INPUTS.map(input => inputVariable(input.name)))
const NAMES = ACTION_INPUTS.map(input => input.name)

/**
 * One line per `INPUT_*` variable that names no input of action.yml, sorted, naming the closest
 * input when one is near. Only names are shown: a value may be a token.
 */
export function undeclaredInputProblems(
  env: Readonly<Record<string, string | undefined>>
): string[] {
  return Object.keys(env)
    .filter(variable => variable.startsWith(PREFIX) && !DECLARED.has(variable))
    .map(variable => variable.slice(PREFIX.length).toLowerCase())
    .filter(name => name !== '')
    .sort()
    .map(name => {
      const near = closestName(name.replace(/_/g, '-'), NAMES)
      const hint =
        near === undefined
          ? '; the inputs are listed in docs/inputs.md'
          : ` (did you mean ${near}?)`
      return `${name}: is not an input of Findings Gate${hint}`
    })
}
