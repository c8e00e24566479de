/**
 * The value parsers the input sections build their fields from: each turns one trimmed, non-empty
 * raw string into a typed value, or throws {@link InputValueError} saying what is allowed.
 */
import { CONTROL_CHARACTERS, withoutCredentials } from './echo.js'
import { InputValueError, valueErrors } from './errors.js'

/** What `core.getBooleanInput` accepts (YAML 1.2 core schema booleans). */
const TRUE_WORDS = new Set(['true', 'True', 'TRUE'])
const FALSE_WORDS = new Set(['false', 'False', 'FALSE'])

export function parseBoolean(raw: string): boolean {
  if (TRUE_WORDS.has(raw)) return true
  if (FALSE_WORDS.has(raw)) return false
  throw new InputValueError('must be true or false', raw)
}

export function integerFrom(min: number, max: number): (raw: string) => number {
  return raw => {
    const value = Number(raw)
    if (/^\d+$/.test(raw) && value >= min && value <= max) return value
    throw new InputValueError(`must be an integer from ${min} to ${max}`, raw)
  }
}

const lowercase = (raw: string): string => raw.toLowerCase()

/** Lowercase, with spaces and hyphens read as underscores: `Always Reachable` → `always_reachable`. */
export const underscored = (raw: string): string => raw.toLowerCase().replace(/[\s-]+/g, '_')

/** Case-insensitive choice among `values`; the message lists them in the given order. */
export function oneOf<const T extends string>(
  values: readonly T[],
  normalise: (raw: string) => string = lowercase
): (raw: string) => T {
  return raw => {
    const wanted = normalise(raw)
    const found = values.find(value => value === wanted)
    if (found !== undefined) return found
    throw new InputValueError(`must be one of ${values.join(', ')}`, raw)
  }
}

export function parseDigits(raw: string): string {
  if (/^\d+$/.test(raw)) return raw
  throw new InputValueError('must be digits only, e.g. 12345', raw)
}

/** Tokens are never echoed, whatever is wrong with them. */
export function parseToken(raw: string): string {
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters')
  }
  return raw
}

export function parsePlainText(raw: string): string {
  if (CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain control characters', raw)
  }
  return raw
}

export const parsePath = parsePlainText

/** A slug is one URL path segment. */
export function parseSlug(raw: string): string {
  if (/[\s/\\%]/.test(raw) || CONTROL_CHARACTERS.test(raw) || raw === '.' || raw === '..') {
    // `.`/`..` (even encoded) would be collapsed by URL parsing into another API path.
    throw new InputValueError(
      'must not be . or .. nor contain /, \\, %, whitespace or control characters',
      raw
    )
  }
  return raw
}

export function parseRepository(raw: string): string {
  const segmentIsValid = (segment: string): boolean =>
    segment !== '' &&
    segment !== '.' &&
    segment !== '..' &&
    !/[%\\\s]/.test(segment) &&
    !CONTROL_CHARACTERS.test(segment)
  if (raw.split('/').every(segmentIsValid)) return raw
  throw new InputValueError(
    'must be like owner/name: /-separated segments that are not empty, "." or "..", without %, \\, whitespace or control characters',
    raw
  )
}

export function parseRef(raw: string): string {
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters', raw)
  }
  return raw
}

/**
 * A full git sha, lowercased as the scanner records it. Never an abbreviated one: a prefix may
 * name two commits, and the completed scan of the wrong one would be judged.
 */
export function parseCommit(raw: string): string {
  if (/^[0-9a-f]{40}$/i.test(raw)) return raw.toLowerCase()
  throw new InputValueError(
    'must be a full 40-character git commit sha (what `git rev-parse HEAD` prints), not abbreviated',
    raw
  )
}

export function parseEmail(raw: string): string {
  if (/^[^\s@]+@[^\s@]+$/.test(raw) && !CONTROL_CHARACTERS.test(raw)) return raw
  throw new InputValueError('must be an e-mail address like security@example.com', raw)
}

/** The supplier URL only ends up in SBOM metadata, so any web URL will do. */
export function parseWebUrl(raw: string): string {
  const url = URL.canParse(raw) && !/\s/.test(raw) ? new URL(raw) : undefined
  if (url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:')) return raw
  throw new InputValueError(
    'must be an http(s) URL like https://example.com',
    withoutCredentials(raw)
  )
}

/** The API the action talks to when `base-url` is not set. */
export const DEFAULT_BASE_URL = 'https://semgrep.dev'

/**
 * The API origin plus an optional path prefix, without a trailing slash. Plain http would send the
 * token in clear text, so it is only allowed to this machine (local emulators and proxies).
 */
export function parseBaseUrl(raw: string): string {
  const shown = withoutCredentials(raw)
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters', shown)
  }
  if (!URL.canParse(raw)) {
    throw new InputValueError('must be an absolute URL like https://semgrep.dev', shown)
  }
  const url = new URL(raw)
  if (url.username !== '' || url.password !== '') {
    throw new InputValueError(
      'must not contain credentials (user:password@); the token goes in api-token'
    )
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))) {
    throw new InputValueError(
      'must use https (http only for localhost, 127.0.0.0/8 or [::1])',
      shown
    )
  }
  // `raw.includes` also catches a bare `?` or `#`, which URL normalises away.
  if (url.search !== '' || raw.includes('?')) {
    throw new InputValueError('must not contain a query string', shown)
  }
  if (url.hash !== '' || raw.includes('#')) {
    throw new InputValueError('must not contain a fragment (#…)', shown)
  }
  return url.origin + url.pathname.replace(/\/+$/, '')
}

function isLoopback(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 forms like 127.1 to 127.0.0.1.
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

// --- lists ------------------------------------------------------------------------------------

/**
 * Split a list input on commas and/or newlines; entries are trimmed, empty ones dropped and
 * duplicates removed, keeping the first occurrence.
 */
export function parseList(raw: string): string[] {
  const entries = raw.split(/[,\r\n]/).map(entry => entry.trim())
  return unique(entries.filter(entry => entry !== ''))
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}

/** Free-text entries (rule names): listOf has already rejected control characters. */
export const anyText = (entry: string): string => entry

/** One SPDX license (`MIT`, `GPL-2.0+`, `LicenseRef-x`, `GPL-2.0-only WITH Classpath-exception-2.0`). */
const LICENSE_ID =
  /^(?:DocumentRef-[A-Za-z0-9.-]+:)?[A-Za-z0-9.-]+\+?(?:\s+(?:WITH|with)\s+[A-Za-z0-9.-]+)?$/

/** A license list entry: one license, not an expression (its alternatives are separate entries). */
export function parseLicenseId(entry: string): string {
  if (LICENSE_ID.test(entry) && !/^(?:and|or|with)$/i.test(entry)) return entry
  throw new InputValueError(
    'each entry must be one SPDX license id such as MIT or GPL-3.0-only (optionally "<id> WITH <exception>"), not an expression: list each license as its own entry',
    entry
  )
}

/**
 * A list field whose entries are free of control characters and each go through `parseEntry`;
 * every bad entry is reported, not just the first. The result is frozen and deduplicated after
 * normalisation (`SAST,sast` → `[sast]`).
 */
export function listOf<T>(parseEntry: (entry: string) => T): (raw: string) => readonly T[] {
  return raw => {
    const values: T[] = []
    const errors: InputValueError[] = []
    for (const entry of parseList(raw)) {
      try {
        values.push(parseEntry(parsePlainText(entry)))
      } catch (error) {
        errors.push(...valueErrors(error))
      }
    }
    if (errors.length > 0) throw new AggregateError(errors)
    return Object.freeze(unique(values))
  }
}

/** Wraps an enum parser so the message says it is about each entry of a list. */
export function entryOf<T>(parseValue: (raw: string) => T, allowed: string): (entry: string) => T {
  return entry => {
    try {
      return parseValue(entry)
    } catch {
      throw new InputValueError(`each entry must be one of ${allowed}`, entry)
    }
  }
}
