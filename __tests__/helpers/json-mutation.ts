/**
 * Mutations of JSON documents for the property tests that hold a hand-written decoder to its zod
 * schema: a key of one of the document's objects set to another value, or removed.
 */
import fc from 'fast-check'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface Mutation<Key extends string = string> {
  /** Which object of the document (in a walk of its objects), modulo their count. */
  readonly target: number
  readonly key: Key
  /** Undefined: the key is removed. */
  readonly value: Json | undefined
}

/** Mutations of the given keys to values of `values`, or removing them. */
export function mutation<Key extends string>(
  keys: readonly Key[],
  values: fc.Arbitrary<Json>
): fc.Arbitrary<Mutation<Key>> {
  return fc.record({
    target: fc.nat(),
    key: fc.constantFrom(...keys),
    value: fc.option(values, { nil: undefined })
  })
}

/** Every object of a document, the document first, in a walk. */
export function objectsOf(value: Json, out: Record<string, Json>[] = []): Record<string, Json>[] {
  if (Array.isArray(value)) for (const item of value) objectsOf(item, out)
  else if (value !== null && typeof value === 'object') {
    out.push(value)
    for (const item of Object.values(value)) objectsOf(item, out)
  }
  return out
}

/** A copy of `base` with the mutations applied, as the wire delivers it. */
export function mutated(base: Record<string, Json>, mutations: readonly Mutation[]): unknown {
  const document = structuredClone(base)
  for (const { target, key, value } of mutations) {
    const objects = objectsOf(document)
    const object = objects[target % objects.length] ?? document
    if (value === undefined) delete object[key]
    // A copy: fast-check may hand the same value to two mutations, and setting a key inside a
    // value already placed would then make the document cyclic.
    else object[key] = structuredClone(value)
  }
  return JSON.parse(JSON.stringify(document)) as unknown
}
