import { describe, expect, it } from '@jest/globals'
import { IgnoreFileError } from '../src/gate/ignore.js'
import { parseIgnoreFile } from '../src/gate/ignore-file.js'

/** The problems parseIgnoreFile reports for `text`, or [] when it accepts it. */
function problemsOf(text: string): readonly string[] {
  try {
    parseIgnoreFile(text, 'ig.yml')
    return []
  } catch (error) {
    if (error instanceof IgnoreFileError) return error.problems
    throw error
  }
}

describe('ignore file: an entry that matches every finding needs an expiry', () => {
  it.each([
    ['rule: "*"', 'rule *'],
    ['rule: "**"', 'rule **'],
    ['path: "**"', 'path **'],
    ['path: "**/*"', 'path **/*'],
    ['path: "**/**"', 'path **/**'],
    ['path: "*/**"', 'path */**'],
    ['rule: "*"\n  path: "**/*"', 'rule *, path **/*']
  ])('refuses %s without expires, naming the entry', (selectors, description) => {
    expect(problemsOf(`- id: 1\n  reason: fine\n- ${selectors}\n  reason: everything`)).toEqual([
      `entry 2 (${description}): matches every finding, so it needs expires (YYYY-MM-DD); an exemption of everything must end`
    ])
  })

  it('accepts the same entries with an expiry, and narrower entries without one', () => {
    const entries = parseIgnoreFile(
      [
        '- rule: "*"',
        '  reason: migration freeze',
        '  expires: 2026-12-31',
        '- rule: "*"',
        '  path: "tests/**"',
        '  reason: fixtures',
        '- rule: "*"',
        '  id: 7',
        '  reason: one finding',
        '- path: "*"',
        '  reason: top-level files only'
      ].join('\n'),
      'ig.yml'
    )
    expect(entries.map(e => e.description)).toEqual([
      'rule *',
      'rule *, path tests/**',
      'rule *, id 7',
      'path *'
    ])
  })
})

describe('ignore file: expires is a real calendar date, read as written', () => {
  it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-00-10', '2026-02-30T10:00:00Z'])(
    'refuses %s',
    date => {
      expect(problemsOf(`- id: 1\n  reason: r\n  expires: ${date}`)).toEqual([
        `entry 1: expires "${date}" is not a real calendar date`
      ])
    }
  )

  it('accepts 29 February of a leap year, covering that whole day', () => {
    const [entry] = parseIgnoreFile('- id: 1\n  reason: r\n  expires: 2028-02-29', 'ig.yml')
    expect(entry?.expires).toBe('2028-02-29')
    expect(entry?.expiresAt).toBe(Date.parse('2028-02-29T23:59:59.999Z'))
  })

  it('under a %YAML 1.1 header, dates are not YAML timestamps: nothing shifts', () => {
    const header = '%YAML 1.1\n---\n'
    expect(problemsOf(`${header}- id: 1\n  reason: r\n  expires: 2026-02-30`)).toEqual([
      'entry 1: expires "2026-02-30" is not a real calendar date'
    ])
    expect(problemsOf(`${header}- id: 1\n  reason: r\n  expires: 2026-12-01 10:00:00`)).toEqual([
      'entry 1: expires "2026-12-01 10:00:00" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone'
    ])
    const [day, time] = parseIgnoreFile(
      `${header}- id: 1\n  reason: r\n  expires: 2026-12-31\n- id: 2\n  reason: r\n  expires: 2026-12-31T10:00:00+02:00`,
      'ig.yml'
    )
    expect(day).toMatchObject({
      expires: '2026-12-31',
      expiresAt: Date.parse('2026-12-31T23:59:59.999Z')
    })
    expect(time).toMatchObject({
      expires: '2026-12-31T10:00:00+02:00',
      expiresAt: Date.parse('2026-12-31T08:00:00Z')
    })
  })

  it('refuses an expiry that is not text, such as a number', () => {
    expect(problemsOf('- id: 1\n  reason: r\n  expires: 20261231')).toEqual([
      'entry 1: expires: must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone'
    ])
  })
})
