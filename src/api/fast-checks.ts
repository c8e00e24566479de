/**
 * What zod's schemas check, written out by hand for the decoders of large bodies (findings
 * pages): each mirrors one schema of wire.ts, and the decoders' property tests hold them to zod's
 * answers.
 */

export type WireObject = Record<string, unknown>

/** What zod's object schemas accept: any object but an array (and not null). */
export function isObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isNullish(value: unknown): value is null | undefined {
  return value === undefined || value === null
}

/** `z.string().nullish()` */
export function optionalString(value: unknown): boolean {
  return isNullish(value) || typeof value === 'string'
}

/** Marks a field that does not decode (undefined and null are values here). */
export const INVALID = Symbol('invalid')

/** wire.ts `stringId`: a string, or a (finite) number as its string. */
export function stringId(value: unknown): string | typeof INVALID {
  if (typeof value === 'string') return value
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : INVALID
}
