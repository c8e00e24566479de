import picomatch from 'picomatch'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import type { Finding, IgnoreMatch, Verdict } from '../domain.js'

/**
 * Ignore entries: `{rule?, id?, path?, reason, expires?}`. An entry matches a finding when every
 * selector it gives matches; `reason` is required so every exception is explained in the report,
 * and an entry past `expires` stops applying (and is reported) instead of hiding a finding forever.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

const Entry = z
  .object({
    rule: z.string().trim().min(1).optional(),
    id: z
      .union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)])
      .optional(),
    path: z.string().trim().min(1).optional(),
    reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required'),
    // YAML turns an unquoted 2026-12-31 into a Date.
    expires: z.union([z.string(), z.date()]).optional()
  })
  .strict()
  .refine(entry => entry.rule !== undefined || entry.id !== undefined || entry.path !== undefined, {
    message: 'give at least one of rule, id, path'
  })

const IgnoreDocument = z.union([z.array(z.unknown()), z.object({ ignores: z.array(z.unknown()) })])

export interface IgnoreEntry {
  readonly rule?: string
  readonly id?: number
  readonly path?: string
  readonly reason: string
  /** Epoch ms after which the entry no longer applies. */
  readonly expiresAt?: number
  readonly expires?: string
  readonly description: string
}

export class IgnoreFileError extends Error {
  override readonly name = 'IgnoreFileError'
  constructor(
    readonly file: string,
    readonly problems: readonly string[]
  ) {
    super(problems.map(problem => `ignore-file ${file}: ${problem}`).join('\n'))
  }
}

/** A date-only expiry covers that whole day (UTC); a timestamp needs a zone to be unambiguous. */
function expiryOf(raw: string | Date): { at: number; text: string } | string {
  if (raw instanceof Date)
    return { at: raw.getTime() + 86_400_000 - 1, text: raw.toISOString().slice(0, 10) }
  const text = raw.trim()
  if (DATE_ONLY.test(text)) {
    const at = Date.parse(`${text}T23:59:59.999Z`)
    return Number.isNaN(at) ? `expires "${text}" is not a valid date` : { at, text }
  }
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text))
    return `expires "${text}" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone`
  const at = Date.parse(text)
  return Number.isNaN(at) ? `expires "${text}" is not a valid date` : { at, text }
}

function describe(entry: { rule?: string; id?: number; path?: string }): string {
  const parts: string[] = []
  if (entry.rule !== undefined) parts.push(`rule ${entry.rule}`)
  if (entry.id !== undefined) parts.push(`id ${entry.id}`)
  if (entry.path !== undefined) parts.push(`path ${entry.path}`)
  return parts.join(', ')
}

/** Parses the text of an ignore file (YAML, which JSON is a subset of). Throws IgnoreFileError. */
export function parseIgnoreFile(text: string, file: string): IgnoreEntry[] {
  let document: unknown
  try {
    document = parseYaml(text)
  } catch (error) {
    throw new IgnoreFileError(file, [
      `not valid YAML or JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
    ])
  }
  if (document === null || document === undefined) return []
  const shape = IgnoreDocument.safeParse(document)
  if (!shape.success)
    throw new IgnoreFileError(file, [
      'expected a list of entries, or an object with an "ignores" list'
    ])
  const raw = Array.isArray(shape.data) ? shape.data : shape.data.ignores
  const problems: string[] = []
  const entries: IgnoreEntry[] = []
  raw.forEach((item, index) => {
    const parsed = Entry.safeParse(item)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
        const message =
          issue.code === 'unrecognized_keys'
            ? `unknown key(s) ${issue.keys.join(', ')}; allowed: rule, id, path, reason, expires`
            : issue.message
        problems.push(`entry ${index + 1}: ${field}${message}`)
      }
      return
    }
    const { expires, ...selectors } = parsed.data
    const expiry = expires === undefined ? undefined : expiryOf(expires)
    if (typeof expiry === 'string') {
      problems.push(`entry ${index + 1}: ${expiry}`)
      return
    }
    entries.push({
      ...selectors,
      ...(expiry ? { expiresAt: expiry.at, expires: expiry.text } : {}),
      description: describe(selectors)
    })
  })
  if (problems.length > 0) throw new IgnoreFileError(file, problems)
  return entries
}

export interface IgnoreMatcher {
  readonly match: (finding: Finding) => IgnoreMatch | undefined
  readonly expired: Verdict['expiredIgnores']
}

/** Glob matching of rule names and paths; `**` crosses folders, dotfiles included. */
function globMatcher(pattern: string): (value: string) => boolean {
  return picomatch(pattern, { dot: true })
}

export function buildIgnoreMatcher(
  entries: readonly IgnoreEntry[],
  ignoreRules: readonly string[],
  now: Date
): IgnoreMatcher {
  const active = entries.filter(
    entry => entry.expiresAt === undefined || entry.expiresAt >= now.getTime()
  )
  const expired = entries
    .filter(entry => entry.expiresAt !== undefined && entry.expiresAt < now.getTime())
    .map(entry => ({ description: entry.description, expires: entry.expires ?? '' }))
  const compiled = active.map(entry => ({
    entry,
    rule: entry.rule === undefined ? undefined : globMatcher(entry.rule),
    path: entry.path === undefined ? undefined : globMatcher(entry.path)
  }))
  const ruleMatchers = ignoreRules.map(rule => ({ rule, test: globMatcher(rule) }))
  return {
    expired,
    match: finding => {
      for (const { entry, rule, path } of compiled) {
        if (entry.id !== undefined && entry.id !== finding.id) continue
        if (rule && !rule(finding.ruleName)) continue
        if (path && !(finding.location?.path !== undefined && path(finding.location.path))) continue
        return { reason: entry.reason, source: entry.description }
      }
      const byRule = ruleMatchers.find(matcher => matcher.test(finding.ruleName))
      return byRule
        ? { reason: 'listed in ignore-rules', source: `ignore-rules: ${byRule.rule}` }
        : undefined
    }
  }
}
