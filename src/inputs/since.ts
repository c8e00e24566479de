/** The `since` input: a point in time as ISO 8601, epoch seconds or a duration back from now. */
import { parseDurationSeconds } from '../time/duration.js'
import { InputValueError } from './errors.js'

/** `since` beyond this is certainly a typo; milliseconds are the usual one (1e11 s is year 5138). */
const YEAR_3000_SECONDS = Date.UTC(3000, 0, 1) / 1000
const LOOKS_LIKE_MILLISECONDS = 1e11

const SINCE_FORMATS =
  'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'

/**
 * The `since` input as whole epoch seconds (rounded down), or undefined when `raw` is blank.
 * Accepts ISO 8601 with `Z` or an offset (a bare date means midnight UTC), epoch seconds (possibly
 * fractional) and durations back from `now` (`30m`, `12h`, `7d`, `2w`).
 * @throws InputValueError, and only that, for anything else: ISO without a zone (ambiguous), values
 *   that look like milliseconds, times before 1970 or in the future, and unknown formats.
 */
export function parseSince(raw: string, now: Date): number | undefined {
  const text = raw.trim()
  if (text === '') return undefined
  const seconds = epochSeconds(text) ?? secondsBack(text, now) ?? isoSeconds(text)
  if (seconds === undefined) throw new InputValueError(SINCE_FORMATS, text)
  return pastOnly(Math.floor(seconds), text, now)
}

function pastOnly(seconds: number, text: string, now: Date): number {
  if (seconds < 0) throw new InputValueError('must not be before 1970-01-01', text)
  if (seconds > Math.floor(now.getTime() / 1000)) {
    throw new InputValueError('must not be in the future', text)
  }
  return seconds
}

function epochSeconds(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined
  const seconds = Number(text)
  if (seconds > LOOKS_LIKE_MILLISECONDS) {
    throw new InputValueError('must be epoch seconds, but this looks like milliseconds', text)
  }
  if (seconds > YEAR_3000_SECONDS) throw new InputValueError('must be before the year 3000', text)
  return seconds
}

function secondsBack(text: string, now: Date): number | undefined {
  const duration = parseDurationSeconds(text)
  if (duration === undefined) return undefined
  if (duration === 0) throw new InputValueError('must be a positive duration', text)
  return Math.floor(now.getTime() / 1000) - duration
}

/** Date, optional time with optional seconds and fraction, optional zone (checked separately). */
const ISO_8601 =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[Tt ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,]\d+)?)?(?<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/

interface DateTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function isoSeconds(text: string): number | undefined {
  const parts: Partial<Record<string, string>> | undefined = ISO_8601.exec(text)?.groups
  if (parts === undefined) return undefined
  if (parts.hour !== undefined && parts.zone === undefined) {
    throw new InputValueError(
      'must include a time zone (Z or an offset like +02:00); without one the time is ambiguous',
      text
    )
  }
  const time = dateTimeOf(parts)
  // Checked first because Date.UTC maps years 0-99 to 1900-1999.
  if (time.year < 1970) throw new InputValueError('must not be before 1970-01-01', text)
  if (!isRealDateTime(time)) {
    throw new InputValueError('must be a real calendar date and time', text)
  }
  const { year, month, day, hour, minute, second } = time
  return (
    Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - offsetSeconds(parts.zone, text)
  )
}

/** Missing time parts are zero: a bare date is midnight UTC. */
function dateTimeOf(parts: Partial<Record<string, string>>): DateTime {
  const number = (name: string): number => Number(parts[name] ?? '0')
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second')
  }
}

/** The regular expression only checks digit counts; this rejects 2026-02-30 and 25:00. */
function isRealDateTime({ year, month, day, hour, minute, second }: DateTime): boolean {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const dateIsReal = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
  return dateIsReal && hour <= 23 && minute <= 59 && second <= 59
}

/** `Z`, `+02`, `+0200` or `+02:00` → seconds east of UTC. */
function offsetSeconds(zone: string | undefined, text: string): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2) || '0')
  if (hours > 23 || minutes > 59) {
    throw new InputValueError('must have an offset from -23:59 to +23:59', text)
  }
  return (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60)
}
