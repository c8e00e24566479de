/**
 * The inputs layer: every action input becomes one frozen, typed {@link Config}.
 *
 * One zod schema ({@link configSchema}) owns every default, every normalisation and every
 * cross-field rule, so `action.yml` and the code cannot silently disagree (a test compares them).
 * Parsing never stops at the first mistake: {@link readConfig} throws one {@link ConfigError} that
 * lists every problem as `<input-name>: <what is wrong and what is allowed>`.
 *
 * Layout: one module per input section (connection, scope, evidence, gate, actions, reports),
 * gathered in input-fields.ts; cross-field-rules.ts and schema.ts make them one {@link Config};
 * parsers.ts and since.ts parse values, echo.ts shows bad ones back safely, and run-context.ts
 * derives the `${{ github.* }}` defaults that a runner would otherwise have expanded.
 * action-inputs.ts, generated from action.yml, lists the declared inputs: undeclared-inputs.ts
 * refuses any other the runner passes.
 */
import type { z } from 'zod'
import type { ConfigFileValues } from './config-file.js'
import { gotClause, revealsSecret } from './echo.js'
import { ConfigError } from './errors.js'
import type { RunContext } from './run-context.js'
import { configSchema, type Config } from './schema.js'

export { ConfigError, InputValueError } from './errors.js'
export { defaultRunContext, type RunContext } from './run-context.js'
export { parseList } from './parsers.js'
export { parseSince } from './since.js'
export {
  configFileLocation,
  FILE_INPUTS,
  parseConfigFile,
  type ConfigFileLocation,
  type ConfigFileValues
} from './config-file.js'
export { configSchema, type Config } from './schema.js'
export type { SbomSupplier } from './sbom-supplier.js'

/** Reads one input like `core.getInput`: '' when unset, already trimmed. */
export type InputReader = (name: string) => string

/**
 * Read, validate and freeze every input. With a config file, an input the workflow leaves empty
 * takes the file's value; the schema's default applies to what neither sets.
 * @throws ConfigError listing every problem found, one `<input-name>: …` line each (a value that
 *   came from the config file says so).
 */
export function readConfig(read: InputReader, ctx: RunContext, file?: ConfigFileValues): Config {
  const schema = configSchema(ctx)
  const { raw, fromFile } = readRawInputs(read, Object.keys(schema.in.shape), file)
  const result = schema.safeParse(raw)
  if (result.success) return result.data
  const secrets = [raw.apiToken, raw.githubToken, raw.configToken].filter(
    secret => secret !== undefined
  )
  const source = (field: string): string =>
    file !== undefined && fromFile.has(field) ? ` (from config-file ${file.label})` : ''
  throw new ConfigError(result.error.issues.map(issue => describeIssue(issue, secrets, source)))
}

/** An input as the workflow gives it: trimmed, '' when unset or an unexpanded expression. */
export function workflowInput(read: InputReader, name: string): string {
  const value = read(name).trim()
  return UNEXPANDED_EXPRESSION.test(value) ? '' : value
}

/**
 * An expression the runner did not expand (`${{ github.token }}` passed literally by a local
 * runner or a composite action's wiring) carries no value: treat it as unset.
 */
const UNEXPANDED_EXPRESSION = /^\$\{\{[^}]*\}\}$/

/**
 * Empty inputs are left out, so the schema's defaults apply (like dependency-review's
 * getOptionalInput); an input the workflow leaves empty takes the config file's value.
 */
function readRawInputs(
  read: InputReader,
  fields: readonly string[],
  file: ConfigFileValues | undefined
): { raw: Partial<Record<string, string>>; fromFile: Set<string> } {
  const raw: Partial<Record<string, string>> = {}
  const fromFile = new Set<string>()
  for (const field of fields) {
    const name = inputName(field)
    const value = workflowInput(read, name)
    const filed = file?.values.get(name) ?? ''
    if (value !== '') raw[field] = value
    else if (filed !== '') {
      raw[field] = filed
      fromFile.add(field)
    }
  }
  return { raw, fromFile }
}

/** `failOnSeverity` → `fail-on-severity`. */
export function inputName(field: string): string {
  return field.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)
}

function describeIssue(
  issue: z.core.$ZodIssue,
  secrets: readonly string[],
  source: (field: string) => string
): string {
  const field = String(issue.path[0] ?? 'inputs')
  const name = `${inputName(field)}${source(field)}`
  // Our parsers word custom issues, and invalid_type only means a required input is missing (its
  // message is set per field); any other kind would be a bug here, not a user mistake.
  if (issue.code !== 'custom' && issue.code !== 'invalid_type') return `${name}: is not valid`
  const received: unknown = issue.code === 'custom' ? issue.params?.received : undefined
  const shown =
    typeof received === 'string' && !revealsSecret(received, secrets)
      ? ` ${gotClause(received)}`
      : ''
  return `${name}: ${issue.message}${shown}`
}
