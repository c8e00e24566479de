import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { IgnoreFileError, type IgnoreEntry } from './ignore.js'
import { matchesEveryFinding } from './ignore-matcher.js'

/*
 * Reading an ignore file: a module of its own, loaded only when an ignore-file is configured, so
 * that every other run does not pay for loading a YAML parser.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i
const EXPIRES_FORMAT = 'must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone'

/** CVE-2021-44228, GHSA-jfh8-c2jp-5v3q: the ids the platform gives in vulnerability_identifier. */
const VULNERABILITY_ID = /^(?:CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})$/i
const KEYS = 'rule, id, path, vulnerability, package, version, reason, expires'

/** Text only: YAML reads an unquoted 1.20 as the number 1.2, which is another version. */
const quotedText = (key: string) =>
  z
    .string({
      error: `${key} must be text; quote it ("1.20.0"): YAML reads 1.20 as the number 1.2`
    })
    .trim()
    .min(1)

const Entry = z
  .object({
    rule: z.string().trim().min(1).optional(),
    id: z
      .union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)])
      .optional(),
    path: z.string().trim().min(1).optional(),
    vulnerability: z
      .string()
      .trim()
      .regex(
        VULNERABILITY_ID,
        'must be a CVE or GHSA id, e.g. CVE-2021-44228 or GHSA-jfh8-c2jp-5v3q'
      )
      .optional(),
    package: quotedText('package').optional(),
    version: quotedText('version').optional(),
    reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required'),
    // Parsed with the core schema, so an unquoted 2026-12-31 stays the text that was written.
    expires: z.string({ error: EXPIRES_FORMAT }).optional()
  })
  .strict()
  .refine(
    entry =>
      entry.rule !== undefined ||
      entry.id !== undefined ||
      entry.path !== undefined ||
      entry.vulnerability !== undefined ||
      entry.package !== undefined,
    { message: 'give at least one of rule, id, path, vulnerability, package' }
  )
  .refine(entry => entry.version === undefined || entry.package !== undefined, {
    message: 'version needs package: it names a version of that package'
  })

const IgnoreDocument = z.union([z.array(z.unknown()), z.object({ ignores: z.array(z.unknown()) })])

/** Date.parse rolls 2026-02-30 over to 2 March; a typo must not move an expiry. */
function isCalendarDate(text: string): boolean {
  const match = DATE_PREFIX.exec(text)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
}

/** A date-only expiry covers that whole day (UTC); a timestamp needs a zone to be unambiguous. */
function expiryOf(raw: string): { at: number; text: string } | string {
  const text = raw.trim()
  const dateOnly = DATE_ONLY.test(text)
  if (!dateOnly && !/(Z|[+-]\d{2}:?\d{2})$/i.test(text))
    return `expires "${text}" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone`
  if (!dateOnly && !TIMESTAMP.test(text)) return `expires "${text}" is not a valid date`
  if (!isCalendarDate(text)) return `expires "${text}" is not a real calendar date`
  const at = Date.parse(dateOnly ? `${text}T23:59:59.999Z` : text)
  return Number.isNaN(at) ? `expires "${text}" is not a valid date` : { at, text }
}

type Selectors = Omit<IgnoreEntry, 'reason' | 'expiresAt' | 'expires' | 'description'>

function describe(entry: Selectors): string {
  const parts: string[] = []
  if (entry.rule !== undefined) parts.push(`rule ${entry.rule}`)
  if (entry.id !== undefined) parts.push(`id ${entry.id}`)
  if (entry.path !== undefined) parts.push(`path ${entry.path}`)
  if (entry.vulnerability !== undefined) parts.push(`vulnerability ${entry.vulnerability}`)
  if (entry.package !== undefined) {
    parts.push(`package ${entry.package}${entry.version === undefined ? '' : `@${entry.version}`}`)
  }
  return parts.join(', ')
}

/** Parses the text of an ignore file (YAML, which JSON is a subset of). Throws IgnoreFileError. */
export function parseIgnoreFile(text: string, file: string): IgnoreEntry[] {
  let document: unknown
  try {
    // The core schema, whatever a %YAML 1.1 header asks: 1.1 timestamps would turn expires
    // into a Date that rolls invalid days over and reads zone-less times as UTC.
    document = parseYaml(text, { schema: 'core' })
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
            ? `unknown key(s) ${issue.keys.join(', ')}; allowed: ${KEYS}`
            : issue.message
        problems.push(`entry ${index + 1}: ${field}${message}`)
      }
      return
    }
    const { expires, ...selectors } = parsed.data
    if (expires === undefined && matchesEveryFinding(selectors)) {
      problems.push(
        `entry ${index + 1} (${describe(selectors)}): matches every finding, so it needs expires (YYYY-MM-DD); an exemption of everything must end`
      )
      return
    }
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
