import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { IgnoreFileError, type IgnoreEntry } from './ignore.js'

/*
 * Reading an ignore file: a module of its own, loaded only when an ignore-file is configured, so
 * that every other run does not pay for loading a YAML parser.
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
