import { z } from 'zod'
import type { Exposure, PolicyMode, Severity, Transitivity } from '../domain.js'

/**
 * Building blocks of the response schemas. The service answers in two case styles and two
 * timestamp forms (see shared/research/semgrep-api.md §1.11); these accept both and normalise.
 * Unknown fields pass through unvalidated; the fields we use are checked strictly.
 */

function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase())
}

/** Shallow: each sub-object schema applies it again, so nested objects are covered too. */
export function camelizeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    out[key.includes('_') ? snakeToCamel(key) : key] = item
  return out
}

/** An object schema that accepts snake_case or camelCase keys. */
export function camelObject<S extends z.ZodRawShape>(shape: S) {
  return z.preprocess(camelizeKeys, z.object(shape))
}

export const optionalString = z.string().nullish()

/**
 * A platform id (`match_based_id`, `syntactic_id`) as given, or undefined when absent or blank:
 * blank ids would all be equal, so a blank one would match every other blank one (a finding
 * counted as existing on the baseline without any id to prove it).
 */
export function platformIdOf(raw: string | null | undefined): string | undefined {
  return raw === null || raw === undefined || raw.trim() === '' ? undefined : raw
}

export const platformId = optionalString.transform(platformIdOf)
export const stringList = z
  .array(z.string())
  .nullish()
  .transform(list => list ?? [])

/** int64 ids arrive as JSON numbers in some resources and as strings in others. */
export const numericId = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$/, 'expected a numeric id').transform(Number)
])
export const stringId = z.union([z.string(), z.number()]).transform(String)

const CANONICAL_UTC = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|\+00:?00)$/

function isDigitAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at)
  return code >= 48 && code <= 57
}

/** The number written by `length` ASCII digits at `at` (already checked to be digits). */
function digitsAt(text: string, at: number, length: number): number {
  let value = 0
  for (let i = at; i < at + length; i++) value = value * 10 + text.charCodeAt(i) - 48
  return value
}

/**
 * `2026-11-01T12:00:00.123456Z` or `2026-11-01 12:00:00.123456+00:00` → epoch milliseconds.
 * A number, not a string: tens of thousands of findings each carry one.
 */
export function timestampMillis(raw: string): number | undefined {
  // Both wire forms are UTC in practice: read the digits in place, no Date round trip (hot path).
  if (CANONICAL_UTC.test(raw)) {
    const year = digitsAt(raw, 0, 4)
    const month = digitsAt(raw, 5, 2)
    const day = digitsAt(raw, 8, 2)
    const hours = digitsAt(raw, 11, 2)
    const minutes = digitsAt(raw, 14, 2)
    const seconds = digitsAt(raw, 17, 2)
    if (!validDate(year, month, day) || hours > 23 || minutes > 59 || seconds > 59) return undefined
    // The fraction's first three digits, if any: ".5" is 500 ms, ".123456" is 123 ms.
    let millis = 0
    if (raw[19] === '.') {
      for (let i = 20, scale = 100; scale >= 1 && isDigitAt(raw, i); i++, scale /= 10) {
        millis += (raw.charCodeAt(i) - 48) * scale
      }
    }
    return Date.UTC(year, month - 1, day, hours, minutes, seconds, millis)
  }
  const candidate = raw.trim().replace(/^(\d{4}-\d{2}-\d{2})[ T]/, '$1T')
  if (!/^\d{4}-\d{2}-\d{2}(T|$)/.test(candidate)) return undefined
  const ms = Date.parse(candidate)
  return Number.isNaN(ms) ? undefined : ms
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Rejects what the regular expression cannot (2026-02-30), without building a Date. */
function validDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0)
  return day >= 1 && day <= days
}

/**
 * A string mapped through `convert`. What it cannot map is a schema problem naming what was
 * expected: a gate must not guess (an unknown severity would otherwise be under-counted).
 */
function converted<T>(convert: (raw: string) => T | undefined, expected: string) {
  return z.string().transform((raw, ctx) => {
    const value = convert(raw)
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected} (got "${raw.slice(0, 40)}")` })
      return z.NEVER
    }
    return value
  })
}

export const timestamp = converted(timestampMillis, 'an ISO 8601 timestamp')

/** Own keys only: "constructor" or "__proto__" must not find Object.prototype's members. */
function aliasOf<T>(aliases: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(aliases, key) ? aliases[key] : undefined
}

/** The service documents Low=INFO, Medium=WARNING, High=ERROR for older rules. */
const SEVERITY_ALIASES: Readonly<Record<string, Severity>> = {
  low: 'low',
  info: 'low',
  medium: 'medium',
  warning: 'medium',
  moderate: 'medium',
  high: 'high',
  error: 'high',
  critical: 'critical'
}

/** The severity a wire spelling stands for; undefined when it names none. */
export function severityOf(raw: string): Severity | undefined {
  // Most items spell it as a key already: one lookup before normalising the spelling.
  return aliasOf(SEVERITY_ALIASES, raw) ?? aliasOf(SEVERITY_ALIASES, raw.trim().toLowerCase())
}

export const severity = converted(severityOf, 'one of low, medium, high, critical')

/** Live answers use spaces (`always reachable`), the description underscores. */
const REACHABILITY_ALIASES: Readonly<Record<string, Exposure>> = {
  reachable: 'reachable',
  always_reachable: 'always_reachable',
  conditionally_reachable: 'conditionally_reachable',
  unreachable: 'unreachable',
  unknown: 'unknown',
  no_reachability_analysis: 'unknown'
}

/** The exposure a wire spelling stands for (blank is unknown); undefined when it names none. */
export function reachabilityOf(raw: string): Exposure | undefined {
  // A key normalises to itself, so looking it up first changes no answer, only the cost.
  const exact = aliasOf(REACHABILITY_ALIASES, raw)
  if (exact !== undefined) return exact
  const trimmed = raw.trim()
  if (trimmed === '') return 'unknown'
  return aliasOf(REACHABILITY_ALIASES, trimmed.toLowerCase().replace(/[\s-]+/g, '_'))
}

export const reachability = converted(
  reachabilityOf,
  'a reachability such as reachable, always_reachable, unreachable'
)
  .nullish()
  .transform((value): Exposure => value ?? 'unknown')

/**
 * The findings API's spellings (`direct|transitive|unknown`) and the dependencies API's
 * (`DIRECT|TRANSITIVE|UNKNOWN_TRANSITIVITY`), exact case as documented. Any other is refused, not
 * read as unknown: `TRANSITIVITY_DIRECT` would otherwise pass `fail-on-transitivities: direct`.
 */
const TRANSITIVITY_SPELLINGS: Readonly<Record<string, Transitivity>> = {
  direct: 'direct',
  transitive: 'transitive',
  unknown: 'unknown',
  DIRECT: 'direct',
  TRANSITIVE: 'transitive',
  UNKNOWN_TRANSITIVITY: 'unknown'
}

/** The transitivity a wire spelling stands for; undefined when it is not a documented one. */
export function transitivityOf(raw: string): Transitivity | undefined {
  return aliasOf(TRANSITIVITY_SPELLINGS, raw)
}

/** Absent is unknown (which blocks under the default fail-on-transitivities). */
export const transitivity = converted(
  transitivityOf,
  'one of direct, transitive, unknown (or DIRECT, TRANSITIVE, UNKNOWN_TRANSITIVITY)'
)
  .nullish()
  .transform((value): Transitivity => value ?? 'unknown')

const POLICY_MODE_VALUES: Readonly<Record<string, PolicyMode>> = {
  MODE_MONITOR: 'monitor',
  MODE_COMMENT: 'comment',
  MODE_BLOCK: 'block',
  MODE_DISABLED: 'disabled'
}

/** A rule's mode: an unrecognised one is kept as unknown (never blocks by mode; shown as unknown). */
export function policyModeOf(raw: string | null | undefined): PolicyMode | 'unknown' {
  return raw ? (POLICY_MODE_VALUES[raw.trim().toUpperCase()] ?? 'unknown') : 'unknown'
}

export const policyMode = z.string().nullish().transform(policyModeOf)
