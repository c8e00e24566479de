/**
 * Every input field of the schema, module by module: that is the order in which the fields'
 * problems are listed (the cross-field rules' come after). action.yml groups the same inputs for
 * the reader (docs/inputs.md); the modules group them by what parses them.
 */
import type { z } from 'zod'
import { actionsFields } from './actions.js'
import { policyFileFields } from './config-file.js'
import { connectionFields } from './connection.js'
import { evidenceFields } from './evidence.js'
import { gateFields } from './gate.js'
import { reportsFields } from './reports.js'
import type { RunContext } from './run-context.js'
import { scopeFields } from './scope.js'

/**
 * Fields keyed by the camelCase of their input name (`fail-on-severity` → `failOnSeverity`), so an
 * issue's path names its input. Defaults are the raw strings of `action.yml` and go through the
 * same parsing as user values (`prefault`); `${{ }}` defaults come from the run context instead.
 */
export function inputFields(ctx: RunContext) {
  return {
    ...connectionFields(),
    ...policyFileFields(),
    ...scopeFields(ctx),
    ...evidenceFields(ctx),
    ...gateFields(),
    ...actionsFields(),
    ...reportsFields()
  }
}

/** The inputs once each field has parsed, before the cross-field rules and the final shaping. */
export type ParsedInputs = z.output<z.ZodObject<ReturnType<typeof inputFields>>>
