import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { DURATION_UNIT_SECONDS } from '../src/time/duration.js'
import {
  ConfigError,
  InputValueError,
  parseList,
  parseSince,
  readConfig,
  type RunContext
} from '../src/inputs/index.js'

/** Runs per property; the suite has 10 properties, so 3,000 generated cases in all. */
const RUNS = 300

const NOW = new Date('2026-06-01T12:00:00.750Z')
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000)
const ctx: RunContext = {
  now: NOW,
  env: {
    GITHUB_REPOSITORY: 'acme/web',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567'
  }
}

// --- parseList ----------------------------------------------------------------------------------

/** Entries that survive parsing untouched: no separators, nothing for trim() to remove. */
const safeEntry = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter(entry => entry === entry.trim() && entry !== '' && !/[,\r\n]/.test(entry))

const padding = fc.constantFrom('', ' ', '  ', '\t', ' \t ')
const separator = fc
  .tuple(padding, fc.constantFrom(',', '\n', '\r\n', ',\n', '\n\n', ',,', ', \n ,'), padding)
  .map(([before, middle, after]) => before + middle + after)

/** Joins entries with random separators and whitespace, maybe with separators at both ends. */
function joinedList(entries: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(separator, { minLength: entries.length + 1, maxLength: entries.length + 1 }),
      fc.boolean(),
      fc.boolean()
    )
    .map(([separators, leading, trailing]) => {
      const body = entries
        .map((entry, index) => (index === 0 ? '' : separators[index]) + entry)
        .join('')
      return (
        (leading ? (separators[0] ?? '') : '') +
        body +
        (trailing ? (separators[entries.length] ?? '') : '')
      )
    })
}

describe('parseList (properties)', () => {
  it('round-trips distinct safe entries joined by any separators and whitespace', () => {
    const arbitrary = fc
      .uniqueArray(safeEntry, { maxLength: 8 })
      .chain(entries => joinedList(entries).map(raw => ({ entries, raw })))
    fc.assert(
      fc.property(arbitrary, ({ entries, raw }) => {
        expect(parseList(raw)).toEqual(entries)
      }),
      { numRuns: RUNS }
    )
  })

  it('keeps the first occurrence of repeated entries, in order', () => {
    const arbitrary = fc
      .array(fc.constantFrom('a', 'b', 'c', 'dd', 'e f'), { maxLength: 12 })
      .chain(entries => joinedList(entries).map(raw => ({ entries, raw })))
    fc.assert(
      fc.property(arbitrary, ({ entries, raw }) => {
        expect(parseList(raw)).toEqual([...new Set(entries)])
      }),
      { numRuns: RUNS }
    )
  })
})

// --- parseSince ---------------------------------------------------------------------------------

/** Calls parseSince; any error other than InputValueError fails the property. */
function since(raw: string): { seconds: number | undefined } | { problem: string } {
  try {
    return { seconds: parseSince(raw, NOW) }
  } catch (error) {
    if (error instanceof InputValueError) return { problem: error.problem }
    throw error
  }
}

/** ISO strings in the ECMAScript date-time format, which Date.parse reads reliably. */
const CANONICAL_ISO =
  /^(19[789]\d|20[0-2]\d)-(0[1-9]|1[0-2])-([0-2]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/

/** Noise, near-misses and plausible values: digits, date punctuation and unit letters. */
const sinceLike = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.stringMatching(/^[0-9TtZz:+\-. mhdwy]{0,28}$/),
  fc.stringMatching(/^\d{1,12}(\.\d{0,3})?$|^\d{1,7}[mhdwMy]$/),
  fc.stringMatching(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,4})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/
  ),
  fc.stringMatching(CANONICAL_ISO)
)

const pastDate = fc.date({ min: new Date(0), max: NOW, noInvalidDate: true })
const futureDate = fc.date({
  min: new Date(NOW.getTime() + 1000),
  max: new Date('2999-12-31T00:00:00Z'),
  noInvalidDate: true
})

const two = (value: number): string => String(value).padStart(2, '0')

/** The same instant written as local time at `offsetMinutes` east of UTC, with that offset. */
function isoAtOffset(date: Date, offsetMinutes: number, colon: boolean): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const magnitude = Math.abs(offsetMinutes)
  return `${local}${sign}${two(Math.floor(magnitude / 60))}${colon ? ':' : ''}${two(magnitude % 60)}`
}

describe('parseSince (properties)', () => {
  it('on any string, returns whole past epoch seconds, undefined for blanks, or throws InputValueError', () => {
    fc.assert(
      fc.property(sinceLike, raw => {
        const result = since(raw)
        if ('problem' in result) {
          expect(result.problem).toMatch(/^must /)
        } else if (result.seconds === undefined) {
          expect(raw.trim()).toBe('')
        } else {
          expect(Number.isSafeInteger(result.seconds)).toBe(true)
          expect(result.seconds).toBeGreaterThanOrEqual(0)
          expect(result.seconds).toBeLessThanOrEqual(NOW_SECONDS)
          if (CANONICAL_ISO.test(raw))
            expect(result.seconds).toBe(Math.floor(Date.parse(raw) / 1000))
        }
      }),
      { numRuns: RUNS }
    )
  })

  it('a duration n<unit> is exactly now - n * unit seconds', () => {
    const unit = fc.constantFrom(
      ...(Object.keys(DURATION_UNIT_SECONDS) as (keyof typeof DURATION_UNIT_SECONDS)[])
    )
    const duration = unit.chain(u =>
      fc.record({
        unit: fc.constant(u),
        amount: fc.integer({ min: 1, max: Math.floor(NOW_SECONDS / DURATION_UNIT_SECONDS[u]) })
      })
    )
    fc.assert(
      fc.property(duration, ({ amount, unit: u }) => {
        expect(since(`${amount}${u}`)).toEqual({
          seconds: NOW_SECONDS - amount * DURATION_UNIT_SECONDS[u]
        })
      }),
      { numRuns: RUNS }
    )
  })

  it('ISO 8601 of any past instant, at any offset, gives its epoch seconds', () => {
    const offset = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })
    fc.assert(
      fc.property(pastDate, offset, fc.boolean(), (date, offsetMinutes, colon) => {
        const expected = { seconds: Math.floor(date.getTime() / 1000) }
        expect(since(date.toISOString())).toEqual(expected)
        const shifted = isoAtOffset(date, offsetMinutes, colon)
        // The shifted form can only be read when its local date is 1970 or later.
        if (Number(shifted.slice(0, 4)) >= 1970) expect(since(shifted)).toEqual(expected)
        expect(since(date.toISOString().slice(0, 10))).toEqual({
          seconds: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000
        })
      }),
      { numRuns: RUNS }
    )
  })

  it('epoch seconds, whole or fractional, are rounded down', () => {
    const fraction = fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: NOW_SECONDS - 1 }), fraction, (seconds, digits) => {
        expect(since(digits === undefined ? `${seconds}` : `${seconds}.${digits}`)).toEqual({
          seconds
        })
      }),
      { numRuns: RUNS }
    )
  })

  it('future instants and zone-less times are problems, never values', () => {
    fc.assert(
      fc.property(futureDate, pastDate, (future, past) => {
        expect(since(future.toISOString())).toEqual({ problem: 'must not be in the future' })
        expect(since(past.toISOString().slice(0, 19))).toEqual({
          problem:
            'must include a time zone (Z or an offset like +02:00); without one the time is ambiguous'
        })
      }),
      { numRuns: RUNS }
    )
  })
})

// --- numeric inputs -----------------------------------------------------------------------------

const NUMERIC_INPUTS = [
  { name: 'ticket-limit', field: 'ticketLimit', min: 1, max: 20, fallback: 20 },
  { name: 'max-annotations', field: 'maxAnnotations', min: 0, max: 1000, fallback: 25 },
  { name: 'timeout-seconds', field: 'timeoutSeconds', min: 1, max: 600, fallback: 30 }
] as const

const numericString = fc.oneof(
  fc.integer({ min: -100, max: 2000 }).map(String),
  fc
    .tuple(fc.stringMatching(/^0{1,3}$/), fc.nat({ max: 1500 }))
    .map(([zeros, value]) => `${zeros}${value}`),
  fc.double({ noNaN: false }).map(String),
  fc.stringMatching(/^[ \t]{0,2}[-+]?\d{0,5}(\.\d{0,2})?(e[-+]?\d)?[ \t]{0,2}$/),
  fc.constantFrom('', ' ', '0x10', '1_000', '٣', 'Infinity', '20 ', '1e1')
)

describe('numeric inputs (properties)', () => {
  it.each(NUMERIC_INPUTS)(
    '$name is exactly the integer given, in range, or a problem naming it',
    input => {
      fc.assert(
        fc.property(numericString, raw => {
          const text = raw.trim()
          const inRange =
            /^\d+$/.test(text) && Number(text) >= input.min && Number(text) <= input.max
          let config
          try {
            config = readConfig(
              name => (name === 'api-token' ? 'token' : name === input.name ? raw : ''),
              ctx
            )
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error
            expect(inRange || text === '').toBe(false)
            expect(error.problems).toEqual([
              `${input.name}: must be an integer from ${input.min} to ${input.max} (got "${text.slice(0, 60)}${text.length > 60 ? '…' : ''}")`
            ])
            return
          }
          expect(config[input.field]).toBe(text === '' ? input.fallback : Number(text))
          expect(inRange || text === '').toBe(true)
        }),
        { numRuns: RUNS }
      )
    }
  )
})
