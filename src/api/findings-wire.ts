/**
 * The findings wire format: the zod schemas of one SAST (or AI SAST) and one SCA finding (the specification the
 * fast decoder in findings-fast.ts is held to), and the builders of the compact domain records.
 */
import { z } from 'zod'
import type {
  AiSastFinding,
  EpssScore,
  ExternalTicket,
  Location,
  SastFinding,
  ScaFinding,
  SourcingPolicy
} from '../domain.js'
import {
  numericId,
  optionalString,
  platformId,
  reachability,
  severity,
  stringId,
  stringList,
  timestamp,
  transitivity
} from './wire.js'

/*
 * The findings schemas are the hot path (tens of thousands of items): both key spellings are
 * plain optional fields rather than a key-renaming preprocess, which keeps zod's compiled object
 * parser in play (about 7× faster on a 3000-item page). Top-level keys are snake_case in both
 * wire shapes; sub-objects are camelCase in the description and snake_case live.
 */
const nullableNumber = z.number().nullish()
/** EPSS scores and percentiles are probabilities: a value outside 0 to 1 is not one. */
const nullableProbability = z.number().min(0).max(1).nullish()
const nullableList = z.array(z.string()).nullish()

const LocationWire = z.object({
  filePath: optionalString,
  file_path: optionalString,
  path: optionalString,
  line: nullableNumber,
  startLine: nullableNumber,
  start_line: nullableNumber,
  column: nullableNumber,
  startCol: nullableNumber,
  start_col: nullableNumber,
  endLine: nullableNumber,
  end_line: nullableNumber,
  endColumn: nullableNumber,
  end_column: nullableNumber,
  endCol: nullableNumber,
  end_col: nullableNumber
})
type LocationWire = z.infer<typeof LocationWire>

function toLocation(wire: LocationWire | null | undefined, pool: StringPool): Location | undefined {
  const path = wire?.filePath ?? wire?.file_path ?? wire?.path
  if (!wire || !path) return undefined
  return {
    path: pool.intern(path),
    line: positive(wire.line ?? wire.startLine ?? wire.start_line),
    column: positive(wire.column ?? wire.startCol ?? wire.start_col),
    endLine: positive(wire.endLine ?? wire.end_line),
    endColumn: positive(wire.endColumn ?? wire.end_column ?? wire.endCol ?? wire.end_col)
  }
}

function positive(value: number | null | undefined): number | undefined {
  return value !== null && value !== undefined && value > 0 ? Math.trunc(value) : undefined
}

const common = {
  id: numericId,
  rule_name: optionalString,
  rule_message: optionalString,
  rule: z
    .object({
      name: optionalString,
      message: optionalString,
      // Raw (nullable) lists: an empty-list default would hide the other spelling.
      cweNames: nullableList,
      cwe_names: nullableList,
      owaspNames: nullableList,
      owasp_names: nullableList
    })
    .nullish(),
  severity,
  confidence: optionalString,
  status: optionalString,
  ref: optionalString,
  repository: z.object({ name: z.string(), url: optionalString }),
  location: LocationWire.nullish(),
  line_of_code_url: optionalString,
  match_based_id: platformId,
  syntactic_id: platformId,
  relevant_since: timestamp.nullish(),
  external_ticket: z
    .object({
      id: stringId.nullish(),
      url: optionalString,
      externalSlug: optionalString,
      external_slug: optionalString
    })
    .nullish(),
  categories: stringList
}

export const SastWire = z.object({
  ...common,
  sourcing_policy: z.object({ id: stringId, name: optionalString, slug: optionalString }).nullish()
})

export const ScaWire = z.object({
  ...common,
  reachability,
  is_malicious: z.boolean().nullish(),
  vulnerability_identifier: optionalString,
  found_dependency: z
    .object({
      package: z.string(),
      version: optionalString,
      ecosystem: optionalString,
      transitivity
    })
    .nullish(),
  fix_recommendations: z
    .array(z.object({ package: optionalString, version: optionalString }))
    .nullish(),
  epss_score: z.object({ score: nullableProbability, percentile: nullableProbability }).nullish(),
  usage: z.object({ location: LocationWire.nullish() }).nullish()
})

export type SastWireData = z.infer<typeof SastWire>
export type ScaWireData = z.infer<typeof ScaWire>
type CommonWire = SastWireData | ScaWireData

/**
 * One copy of each repeated string and list: rule names and messages, repositories and refs repeat
 * across thousands of findings, and JSON.parse gives every occurrence its own copy.
 */
export class StringPool {
  private readonly strings = new Map<string, string>()
  private readonly lists = new Map<string, readonly string[]>()
  private readonly policies = new Map<string, SourcingPolicy>()

  intern(value: string): string
  intern(value: string | undefined): string | undefined
  intern(value: string | undefined): string | undefined {
    if (value === undefined) return undefined
    const known = this.strings.get(value)
    if (known !== undefined) return known
    this.strings.set(value, value)
    return value
  }

  list(values: readonly string[]): readonly string[] {
    if (values.length === 0) return EMPTY
    // JSON keeps ['a', 'b'] and ['a\u0000b'] apart, as a joined key would not.
    const key = JSON.stringify(values)
    let list = this.lists.get(key)
    if (list === undefined) {
      list = Object.freeze(values.map(value => this.intern(value)))
      this.lists.set(key, list)
    }
    return list
  }

  /** One object per sourcing policy: thousands of findings name the same few. */
  policy(wire: { id: string; name?: string | null; slug?: string | null }): SourcingPolicy {
    const name = wire.name ?? undefined
    const slug = wire.slug ?? undefined
    const known = this.policies.get(wire.id)
    if (known && known.name === name && known.slug === slug) return known
    const policy = { id: this.intern(wire.id), name: this.intern(name), slug: this.intern(slug) }
    this.policies.set(wire.id, policy)
    return policy
  }
}

const EMPTY: readonly string[] = Object.freeze([])

/*
 * Each record is built by one object literal with every field, present or not: records of one
 * type then share one hidden class. Spreading a common part in gave every record a hidden class
 * of its own, which doubled the memory of 60 000 findings.
 */

function ticketOf(wire: CommonWire): ExternalTicket | undefined {
  const ticket = wire.external_ticket
  if (!ticket) return undefined
  const slug = ticket.externalSlug ?? ticket.external_slug
  if (!ticket.id && !ticket.url && !slug) return undefined
  return { id: ticket.id ?? slug ?? undefined, url: ticket.url ?? undefined }
}

/** A Code finding, or an AI-powered detection finding (the same fields). */
export function toSast(
  wire: SastWireData,
  status: string,
  pool: StringPool,
  type: 'sast' | 'ai_sast' = 'sast'
): SastFinding | AiSastFinding {
  const rule = wire.rule
  const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)')
  return {
    type,
    id: wire.id,
    ruleName,
    ruleMessage: pool.intern(rule?.message ?? wire.rule_message ?? ''),
    severity: wire.severity,
    confidence: pool.intern(wire.confidence ?? undefined),
    status: pool.intern(wire.status ?? status),
    ref: pool.intern(wire.ref ?? ''),
    repository: pool.intern(wire.repository.name),
    location: toLocation(wire.location, pool),
    url: wire.line_of_code_url ?? undefined,
    matchBasedId: wire.match_based_id ?? undefined,
    syntacticId: wire.syntactic_id ?? undefined,
    relevantSince: wire.relevant_since ?? undefined,
    externalTicket: ticketOf(wire),
    categories: pool.list(wire.categories),
    cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
    owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
    sourcingPolicy: wire.sourcing_policy ? pool.policy(wire.sourcing_policy) : undefined
  }
}

export function toSca(wire: ScaWireData, status: string, pool: StringPool): ScaFinding {
  const rule = wire.rule
  const dependency = wire.found_dependency
  const ruleName = pool.intern(rule?.name ?? wire.rule_name ?? '(unnamed rule)')
  return {
    type: 'sca',
    id: wire.id,
    ruleName,
    ruleMessage: pool.intern(rule?.message ?? wire.rule_message ?? ''),
    severity: wire.severity,
    confidence: pool.intern(wire.confidence ?? undefined),
    status: pool.intern(wire.status ?? status),
    ref: pool.intern(wire.ref ?? ''),
    repository: pool.intern(wire.repository.name),
    location: toLocation(wire.location, pool) ?? toLocation(wire.usage?.location, pool),
    url: wire.line_of_code_url ?? undefined,
    matchBasedId: wire.match_based_id ?? undefined,
    syntacticId: wire.syntactic_id ?? undefined,
    relevantSince: wire.relevant_since ?? undefined,
    externalTicket: ticketOf(wire),
    categories: pool.list(wire.categories),
    cwe: pool.list(rule?.cweNames ?? rule?.cwe_names ?? []),
    owasp: pool.list(rule?.owaspNames ?? rule?.owasp_names ?? []),
    reachability: wire.reachability,
    malicious: wire.is_malicious === true,
    vulnerabilityId: pool.intern(wire.vulnerability_identifier ?? undefined),
    dependency: dependency
      ? {
          package: pool.intern(dependency.package),
          version: pool.intern(dependency.version ?? ''),
          ecosystem: pool.intern(dependency.ecosystem ?? undefined),
          transitivity: dependency.transitivity
        }
      : undefined,
    fixVersions: pool.list(fixVersions(wire.fix_recommendations)),
    epss: epssOf(wire.epss_score)
  }
}

/** The score, when the server gave one (a percentile alone says nothing to gate on). */
function epssOf(wire: ScaWireData['epss_score']): EpssScore | undefined {
  const score = wire?.score
  if (score === null || score === undefined) return undefined
  const percentile = wire?.percentile
  return percentile === null || percentile === undefined ? { score } : { score, percentile }
}

/**
 * The recommended fixes as every report shows them (`package@version`). A recommendation is a fix
 * whatever its version text: one without a version is shown as `vm2 (version not given)`, never
 * dropped, or ignore-unfixed would exempt a finding the platform knows a fix for.
 */
function fixVersions(fixes: ScaWireData['fix_recommendations']): string[] {
  const out: string[] = []
  for (const fix of fixes ?? []) {
    const name = fix.package?.trim() ? fix.package : undefined
    const version = fix.version?.trim() ? fix.version : undefined
    if (version === undefined)
      out.push(`${name === undefined ? '' : `${name} `}(version not given)`)
    else out.push(name === undefined ? version : `${name}@${version}`)
  }
  return out
}
