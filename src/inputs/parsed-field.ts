/**
 * Building blocks of the input schema: a field is a raw string run through one value parser, so
 * the parsers stay plain functions and every problem still becomes a zod issue on its own field.
 */
import { z } from 'zod'
import { valueErrors } from './errors.js'

/**
 * A field whose raw string goes through `parse`; an {@link InputValueError} (or an AggregateError
 * of them, for lists) becomes one issue per problem on this field instead of stopping the parse.
 */
export function parsed<T>(parse: (raw: string) => T, whenMissing = 'is required') {
  return z.string({ error: whenMissing }).transform((raw, ctx): T => {
    try {
      return parse(raw)
    } catch (error) {
      for (const problem of valueErrors(error)) {
        ctx.addIssue({
          code: 'custom',
          message: problem.problem,
          params: { received: problem.received }
        })
      }
      return z.NEVER
    }
  })
}

/** A `${{ }}` default for an optional field: a value from the run when there is one. */
export function optionalWithFallback<T>(
  schema: ReturnType<typeof parsed<T>>,
  fallback: string | undefined
) {
  return fallback === undefined ? schema.optional() : schema.prefault(fallback)
}

/** A `${{ }}` default: a value from the run when there is one, else the field stays required. */
export function withFallback<T>(
  schema: ReturnType<typeof parsed<T>>,
  fallback: string | undefined
) {
  return fallback === undefined ? schema : schema.prefault(fallback)
}
