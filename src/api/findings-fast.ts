/**
 * A hand-written decoder of the findings item schemas (api/findings.ts), for the hot path: tens
 * of thousands of items per run, where zod's parsers cost about as much as JSON.parse itself. The
 * zod schemas stay the specification and the source of every error message: an item this decoder
 * does not accept is handed to zod, which names what is wrong (or, should the two ever disagree,
 * decodes it). A property test (__tests__/api-findings-fast.test.ts) holds the two to the same
 * answer: this decoder accepts exactly the items zod accepts, and gives the same values.
 *
 * What it returns is what zod returns for the fields the records are built from: converted
 * scalars (ids, severity, timestamps, reachability, the categories default) and, where zod would
 * only copy, the received sub-objects themselves (the record builders read only known keys).
 */
import type { SastWireData, ScaWireData } from './findings-wire.js'
import {
  INVALID,
  isNullish,
  isObject,
  optionalString,
  stringId,
  type WireObject
} from './fast-checks.js'
import {
  platformIdOf,
  reachabilityOf,
  severityOf,
  timestampMillis,
  transitivityOf
} from './wire.js'

/** `z.number().nullish()`: zod's numbers are finite. */
function optionalNumber(value: unknown): boolean {
  return isNullish(value) || (typeof value === 'number' && Number.isFinite(value))
}

function isStringList(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false
  // Indexed, not iterated: a hole reads as undefined and fails, as in zod.
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false
  return true
}

/** `z.array(z.string()).nullish()` */
function optionalStringList(value: unknown): boolean {
  return isNullish(value) || isStringList(value)
}

/** wire.ts `numericId`: a safe non-negative integer, or a string of digits. */
function numericId(value: unknown): number | typeof INVALID {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? value : INVALID
  }
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : INVALID
}

/** `timestamp.nullish()`: epoch milliseconds, or null/undefined as received. */
function optionalTimestamp(value: unknown): number | null | undefined | typeof INVALID {
  if (isNullish(value)) return value
  if (typeof value !== 'string') return INVALID
  return timestampMillis(value) ?? INVALID
}

/** The numeric fields of a location, in every spelling: optionalLocation names each of them. */
export const LOCATION_NUMBERS = [
  'line',
  'startLine',
  'start_line',
  'column',
  'startCol',
  'start_col',
  'endLine',
  'end_line',
  'endColumn',
  'end_column',
  'endCol',
  'end_col'
] as const

/** `LocationWire.nullish()` */
function optionalLocation(value: unknown): boolean {
  if (isNullish(value)) return true
  if (!isObject(value)) return false
  if (!optionalString(value.filePath) || !optionalString(value.file_path)) return false
  if (!optionalString(value.path)) return false
  // Named, not looped over LOCATION_NUMBERS: a keyed load per name cost more than the rest of
  // the location check.
  return (
    optionalNumber(value.line) &&
    optionalNumber(value.startLine) &&
    optionalNumber(value.start_line) &&
    optionalNumber(value.column) &&
    optionalNumber(value.startCol) &&
    optionalNumber(value.start_col) &&
    optionalNumber(value.endLine) &&
    optionalNumber(value.end_line) &&
    optionalNumber(value.endColumn) &&
    optionalNumber(value.end_column) &&
    optionalNumber(value.endCol) &&
    optionalNumber(value.end_col)
  )
}

/** The `rule` sub-object, nullish. */
function optionalRule(value: unknown): boolean {
  if (isNullish(value)) return true
  if (!isObject(value)) return false
  return (
    optionalString(value.name) &&
    optionalString(value.message) &&
    optionalStringList(value.cweNames) &&
    optionalStringList(value.cwe_names) &&
    optionalStringList(value.owaspNames) &&
    optionalStringList(value.owasp_names)
  )
}

function isRepository(value: unknown): boolean {
  return isObject(value) && typeof value.name === 'string' && optionalString(value.url)
}

/** The `external_ticket` sub-object: as received, or with its numeric id as a string. */
function optionalTicket(value: unknown): unknown {
  if (isNullish(value)) return value
  if (!isObject(value)) return INVALID
  const ok =
    optionalString(value.url) &&
    optionalString(value.externalSlug) &&
    optionalString(value.external_slug)
  if (!ok) return INVALID
  if (isNullish(value.id)) return value
  const id = stringId(value.id)
  if (id === INVALID) return INVALID
  if (id === value.id) return value
  const { url, externalSlug, external_slug } = value
  return { id, url, externalSlug, external_slug }
}

/** The SAST `sourcing_policy` sub-object: as received, or with its numeric id as a string. */
function optionalPolicy(value: unknown): unknown {
  if (isNullish(value)) return value
  if (!isObject(value)) return INVALID
  if (!optionalString(value.name) || !optionalString(value.slug)) return INVALID
  const id = stringId(value.id)
  if (id === INVALID) return INVALID
  return id === value.id ? value : { id, name: value.name, slug: value.slug }
}

/** `fix_recommendations`: a nullish list of objects with optional package and version. */
function optionalFixes(value: unknown): boolean {
  if (isNullish(value)) return true
  if (!Array.isArray(value)) return false
  for (let i = 0; i < value.length; i++) {
    const fix: unknown = value[i]
    if (!isObject(fix) || !optionalString(fix.package) || !optionalString(fix.version)) return false
  }
  return true
}

/** `z.number().min(0).max(1).nullish()` */
function optionalProbability(value: unknown): boolean {
  return isNullish(value) || (typeof value === 'number' && value >= 0 && value <= 1)
}

/** `epss_score`: a nullish object of an optional score and percentile. */
function optionalEpss(value: unknown): boolean {
  if (isNullish(value)) return true
  return (
    isObject(value) && optionalProbability(value.score) && optionalProbability(value.percentile)
  )
}

/**
 * `found_dependency`: as received when nullish, else its fields with the transitivity converted
 * (wire.ts `transitivity`: absent is unknown, an undocumented spelling does not decode).
 */
function optionalDependency(value: unknown): unknown {
  if (isNullish(value)) return value
  if (!isObject(value) || typeof value.package !== 'string') return INVALID
  if (!optionalString(value.version) || !optionalString(value.ecosystem)) return INVALID
  const spelled = value.transitivity
  const transitivity = isNullish(spelled)
    ? 'unknown'
    : typeof spelled === 'string'
      ? transitivityOf(spelled)
      : undefined
  if (transitivity === undefined) return INVALID
  const { package: name, version, ecosystem } = value
  return { package: name, version, ecosystem, transitivity }
}

function optionalUsage(value: unknown): boolean {
  return isNullish(value) || (isObject(value) && optionalLocation(value.location))
}

/** wire.ts `reachability`: nullish is unknown. */
function reachabilityField(value: unknown): ReturnType<typeof reachabilityOf> | typeof INVALID {
  if (isNullish(value)) return 'unknown'
  return typeof value === 'string' ? (reachabilityOf(value) ?? INVALID) : INVALID
}

/** The SCA fields, checked (reachability and the dependency are converted on their own). */
function scaFieldsValid(raw: WireObject): boolean {
  return (
    (isNullish(raw.is_malicious) || typeof raw.is_malicious === 'boolean') &&
    optionalString(raw.vulnerability_identifier) &&
    optionalFixes(raw.fix_recommendations) &&
    optionalEpss(raw.epss_score) &&
    optionalUsage(raw.usage)
  )
}

/**
 * The item as `SastWire` or `ScaWire` decodes it, or undefined when zod has to say what is
 * wrong. One object literal for both types, the other type's fields left undefined (its schema
 * strips them): spreading a common part into one literal per type cost about a quarter more CPU
 * for 60,000 findings.
 */
function fastWire(raw: unknown, sca: boolean): (SastWireData & ScaWireData) | undefined {
  if (!isObject(raw)) return undefined
  const valid =
    optionalString(raw.rule_name) &&
    optionalString(raw.rule_message) &&
    optionalString(raw.confidence) &&
    optionalString(raw.status) &&
    optionalString(raw.ref) &&
    optionalString(raw.line_of_code_url) &&
    optionalString(raw.match_based_id) &&
    optionalString(raw.syntactic_id) &&
    optionalRule(raw.rule) &&
    isRepository(raw.repository) &&
    optionalLocation(raw.location) &&
    optionalStringList(raw.categories) &&
    (!sca || scaFieldsValid(raw))
  if (!valid) return undefined
  const id = numericId(raw.id)
  const severity = typeof raw.severity === 'string' ? severityOf(raw.severity) : undefined
  const relevantSince = optionalTimestamp(raw.relevant_since)
  const ticket = optionalTicket(raw.external_ticket)
  const policy = sca ? undefined : optionalPolicy(raw.sourcing_policy)
  const reachability = sca ? reachabilityField(raw.reachability) : undefined
  const dependency = sca ? optionalDependency(raw.found_dependency) : undefined
  if (
    id === INVALID ||
    severity === undefined ||
    relevantSince === INVALID ||
    ticket === INVALID ||
    policy === INVALID ||
    reachability === INVALID ||
    dependency === INVALID
  ) {
    return undefined
  }
  return {
    id,
    rule_name: raw.rule_name,
    rule_message: raw.rule_message,
    rule: raw.rule,
    severity,
    confidence: raw.confidence,
    status: raw.status,
    ref: raw.ref,
    repository: raw.repository,
    location: raw.location,
    line_of_code_url: raw.line_of_code_url,
    // Checked to be strings (or nullish) above; blank is absent, as wire.ts `platformId` says.
    match_based_id: platformIdOf(raw.match_based_id as string | null | undefined),
    syntactic_id: platformIdOf(raw.syntactic_id as string | null | undefined),
    relevant_since: relevantSince,
    external_ticket: ticket,
    categories: raw.categories ?? [],
    sourcing_policy: policy,
    reachability,
    is_malicious: sca ? raw.is_malicious : undefined,
    vulnerability_identifier: sca ? raw.vulnerability_identifier : undefined,
    found_dependency: dependency,
    fix_recommendations: sca ? raw.fix_recommendations : undefined,
    epss_score: sca ? raw.epss_score : undefined,
    usage: sca ? raw.usage : undefined
  } as unknown as SastWireData & ScaWireData
}

/** The SAST item as `SastWire` decodes it, or undefined when zod has to say what is wrong. */
export function fastSastWire(raw: unknown): SastWireData | undefined {
  return fastWire(raw, false)
}

/** The SCA item as `ScaWire` decodes it, or undefined when zod has to say what is wrong. */
export function fastScaWire(raw: unknown): ScaWireData | undefined {
  return fastWire(raw, true)
}
