import { describe, expect, it } from '@jest/globals'
import type {
  EvaluatedFinding,
  Finding,
  LicenseViolation,
  SastFinding,
  ScaFinding,
  SecretsFinding
} from '../src/domain.js'
import { secretsFinding } from './fixtures/report-fixtures.js'
import { IgnoreFileError } from '../src/gate/ignore.js'
import { buildIgnoreMatcher } from '../src/gate/ignore-matcher.js'
import { parseIgnoreFile } from '../src/gate/ignore-file.js'
import { selectTicketFindings } from '../src/gate/ticket-selection.js'

function finding(overrides: Partial<SastFinding> = {}): SastFinding {
  return {
    type: 'sast',
    id: 100,
    ruleName: 'python.lang.security.eval',
    ruleMessage: '',
    severity: 'high',
    status: 'open',
    ref: 'refs/heads/main',
    repository: 'acme/web',
    location: { path: 'src/app.py', line: 3 },
    categories: [],
    cwe: [],
    owasp: [],
    ...overrides
  }
}

const NOW = new Date('2026-11-21T12:00:00Z')

function secret(overrides: Partial<SecretsFinding> = {}): SecretsFinding {
  return secretsFinding({ id: 4242, ...overrides })
}

describe('ignore entries and secrets (their ids are another numbering)', () => {
  const entries = parseIgnoreFile(
    '[{"id": 4242, "reason": "SAST 4242 accepted"}, {"id": 77, "rule": "secrets.*", "reason": "test key"}]',
    'f.json'
  )
  const matcher = buildIgnoreMatcher(entries, [], NOW)

  it('an id alone never exempts a secret that shares the number', () => {
    expect(matcher.match(finding({ id: 4242 }))?.reason).toBe('SAST 4242 accepted')
    expect(matcher.match(secret({ id: 4242 }))).toBeUndefined()
  })

  it('an id with a rule naming secrets does', () => {
    expect(matcher.match(secret({ id: 77 }))?.reason).toBe('test key')
    expect(matcher.match(finding({ id: 77, ruleName: 'python.x' }))).toBeUndefined()
  })
})

describe('ignore file', () => {
  const yaml = `
ignores:
  - rule: python.lang.security.eval
    path: "tests/**"
    reason: test fixtures call eval on purpose
  - id: 4242
    reason: accepted risk, SEC-17
    expires: 2026-12-31
  - rule: "javascript.*"
    reason: legacy front end, rewrite planned
    expires: 2026-11-20
`

  it('parses YAML entries, with date-only expiry covering that whole day', () => {
    const entries = parseIgnoreFile(yaml, '.findings-gate.yml')
    expect(entries.map(e => e.description)).toEqual([
      'rule python.lang.security.eval, path tests/**',
      'id 4242',
      'rule javascript.*'
    ])
    expect(entries[1]?.expiresAt).toBe(Date.parse('2026-12-31T23:59:59.999Z'))
  })

  it('parses the same entries from JSON, as a bare list', () => {
    const entries = parseIgnoreFile('[{"id": "7", "reason": "dup of 6"}]', 'ignore.json')
    expect(entries).toEqual([{ id: 7, reason: 'dup of 6', description: 'id 7' }])
  })

  it('matches on every selector given, and expired entries stop applying and are reported', () => {
    const matcher = buildIgnoreMatcher(parseIgnoreFile(yaml, 'f.yml'), [], NOW)
    expect(matcher.match(finding({ location: { path: 'tests/unit/test_app.py' } }))).toEqual({
      reason: 'test fixtures call eval on purpose',
      source: 'rule python.lang.security.eval, path tests/**'
    })
    expect(matcher.match(finding({ location: { path: 'src/app.py' } }))).toBeUndefined()
    expect(matcher.match(finding({ id: 4242 }))?.reason).toBe('accepted risk, SEC-17')
    expect(matcher.match(finding({ ruleName: 'javascript.browser.xss' }))).toBeUndefined()
    expect(matcher.expired).toEqual([{ description: 'rule javascript.*', expires: '2026-11-20' }])
  })

  it('ignore-rules match by rule name or glob', () => {
    const matcher = buildIgnoreMatcher([], ['python.lang.*'], NOW)
    expect(matcher.match(finding())).toEqual({
      reason: 'listed in ignore-rules',
      source: 'ignore-rules: python.lang.*'
    })
    expect(matcher.match(finding({ ruleName: 'go.lang.x' }))).toBeUndefined()
  })

  it('matches nothing without entries or ignore-rules, and still reports expired entries', () => {
    const expiredOnly = parseIgnoreFile(
      'ignores:\n  - rule: python.*\n    reason: old\n    expires: 2020-01-01\n',
      'f.yml'
    )
    const matcher = buildIgnoreMatcher(expiredOnly, [], NOW)
    expect(matcher.match(finding())).toBeUndefined()
    expect(matcher.match(secret())).toBeUndefined()
    expect(matcher.expired).toEqual([{ description: 'rule python.*', expires: '2020-01-01' }])
  })

  it('gives the same answer each time a rule name or path comes back (answers are remembered)', () => {
    const matcher = buildIgnoreMatcher(
      parseIgnoreFile(
        'ignores:\n  - rule: python.**\n    path: tests/**\n    reason: fixtures\n',
        'f.yml'
      ),
      ['go.*'],
      NOW
    )
    const inTests = finding({ location: { path: 'tests/a.py' } })
    const inSrc = finding({ location: { path: 'src/a.py' } })
    const go = finding({ ruleName: 'go.x', location: { path: 'tests/a.py' } })
    for (let round = 0; round < 3; round++) {
      expect(matcher.match(inTests)).toEqual({
        reason: 'fixtures',
        source: 'rule python.**, path tests/**'
      })
      expect(matcher.match(inSrc)).toBeUndefined()
      expect(matcher.match(go)).toEqual({
        reason: 'listed in ignore-rules',
        source: 'ignore-rules: go.*'
      })
      expect(matcher.match(finding({ ruleName: 'golang.y' }))).toBeUndefined()
    }
  })

  it('reports every bad entry with its number, and never accepts an entry without a reason', () => {
    const bad = `
- rule: a.b
- path: src/**
  reason: ""
- reason: no selector
- id: 3
  reason: ok
  expires: 2026-13-45
- id: 4
  reason: ok
  expires: "2026-12-01T10:00:00"
- id: 5
  reason: ok
  owner: me
`
    let error: unknown
    try {
      parseIgnoreFile(bad, 'ig.yml')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(IgnoreFileError)
    expect((error as IgnoreFileError).problems).toEqual([
      'entry 1: reason: reason is required',
      'entry 2: reason: reason is required',
      'entry 3: give at least one of rule, id, path, vulnerability, package',
      'entry 4: expires "2026-13-45" is not a real calendar date',
      'entry 5: expires "2026-12-01T10:00:00" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone',
      'entry 6: unknown key(s) owner; allowed: rule, id, path, vulnerability, package, version, reason, expires'
    ])
    expect((error as Error).message.split('\n')[0]).toBe(
      'ignore-file ig.yml: entry 1: reason: reason is required'
    )
  })

  it('rejects text that is neither YAML nor JSON, and a document of the wrong shape', () => {
    expect(() => parseIgnoreFile('ignores: [\n', 'x.yml')).toThrow(
      /^ignore-file x.yml: not valid YAML or JSON/
    )
    expect(() => parseIgnoreFile('ignores: 3', 'x.yml')).toThrow('expected a list of entries')
    expect(parseIgnoreFile('', 'empty.yml')).toEqual([])
  })
})

describe('vulnerability and package entries', () => {
  const sca = (overrides: Partial<ScaFinding> = {}): ScaFinding => ({
    ...finding({ id: 500, ruleName: 'ssc-1', location: { path: 'package-lock.json', line: 9 } }),
    type: 'sca',
    reachability: 'reachable',
    malicious: false,
    vulnerabilityId: 'CVE-2021-23337',
    dependency: { package: 'lodash', version: '4.17.20', ecosystem: 'npm' },
    fixVersions: ['lodash@4.17.21'],
    ...overrides
  })
  const license = (overrides: Partial<LicenseViolation> = {}): LicenseViolation => ({
    package: 'PyQt5',
    version: '5.15.10',
    license: 'GPL-3.0-only',
    judgement: 'not-allowed',
    ...overrides
  })
  const matcherOf = (yaml: string) => buildIgnoreMatcher(parseIgnoreFile(yaml, 'x.yml'), [], NOW)

  it('vulnerability: exempts the SCA findings of that id, case-insensitively, and nothing else', () => {
    const matcher = matcherOf('- vulnerability: cve-2021-23337\n  reason: not exploitable here\n')
    expect(matcher.match(sca())).toEqual({
      reason: 'not exploitable here',
      source: 'vulnerability cve-2021-23337'
    })
    expect(matcher.match(sca({ vulnerabilityId: 'CVE-2021-23338' }))).toBeUndefined()
    expect(matcher.match(sca({ vulnerabilityId: undefined }))).toBeUndefined()
    expect(matcher.match(finding())).toBeUndefined()
    expect(matcher.match(license())).toBeUndefined()
  })

  it('package: exempts the SCA findings and license violations of that package; version narrows it', () => {
    const any = matcherOf('- package: pyqt5\n  reason: commercial licence bought\n')
    expect(any.match(license())?.source).toBe('package pyqt5')
    expect(any.match(license({ version: '6.0.0' }))?.source).toBe('package pyqt5')
    expect(any.match(sca({ dependency: { package: 'PyQt5', version: '1' } }))?.reason).toBe(
      'commercial licence bought'
    )
    expect(any.match(license({ package: 'PyQt6' }))).toBeUndefined()
    const pinned = matcherOf('- package: PyQt5\n  version: "5.15.10"\n  reason: pinned\n')
    expect(pinned.match(license())?.source).toBe('package PyQt5@5.15.10')
    expect(pinned.match(license({ version: '5.15.11' }))).toBeUndefined()
    expect(pinned.match(sca({ dependency: { package: 'PyQt5', version: '5.15.10' } }))).toEqual({
      reason: 'pinned',
      source: 'package PyQt5@5.15.10'
    })
  })

  it('every selector must match: a license violation has no rule, path or vulnerability', () => {
    const matcher = matcherOf(
      '- package: lodash\n  vulnerability: CVE-2021-23337\n  reason: both\n' +
        '- package: PyQt5\n  path: "**"\n  reason: with a path\n'
    )
    expect(matcher.match(sca())?.reason).toBe('both')
    expect(
      matcher.match(sca({ dependency: { package: 'underscore', version: '1' } }))
    ).toBeUndefined()
    expect(matcher.match(license())).toBeUndefined()
    expect(matcher.match(license({ package: 'lodash' }))).toBeUndefined()
  })

  it('ignore-rules never exempt a license violation', () => {
    const matcher = buildIgnoreMatcher([], ['**'], NOW)
    expect(matcher.match(license())).toBeUndefined()
  })

  it('refuses a bad vulnerability id, a version without package, an unquoted number version', () => {
    let error: unknown
    try {
      parseIgnoreFile(
        [
          '- vulnerability: CVE-21-1',
          '  reason: r',
          '- version: "1.0.0"',
          '  reason: r',
          '- package: lodash',
          '  version: 4.10',
          '  reason: r',
          '- package: lodash',
          '  reason: one package is not everything, so no expiry is needed',
          ''
        ].join('\n'),
        'x.yml'
      )
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(IgnoreFileError)
    expect((error as IgnoreFileError).problems).toEqual([
      'entry 1: vulnerability: must be a CVE or GHSA id, e.g. CVE-2021-44228 or GHSA-jfh8-c2jp-5v3q',
      'entry 2: give at least one of rule, id, path, vulnerability, package',
      'entry 2: version needs package: it names a version of that package',
      'entry 3: version: version must be text; quote it ("1.20.0"): YAML reads 1.20 as the number 1.2'
    ])
  })

  it('accepts GHSA ids, and an expires on the new keys as on the others', () => {
    const entries = parseIgnoreFile(
      '- vulnerability: GHSA-jfh8-c2jp-5v3q\n  reason: r\n  expires: 2026-01-01\n',
      'x.yml'
    )
    const matcher = buildIgnoreMatcher(entries, [], NOW)
    expect(matcher.expired).toEqual([
      { description: 'vulnerability GHSA-jfh8-c2jp-5v3q', expires: '2026-01-01' }
    ])
    expect(matcher.match(sca({ vulnerabilityId: 'GHSA-jfh8-c2jp-5v3q' }))).toBeUndefined()
  })
})

describe('ticket selection', () => {
  const evaluated = (f: Finding, blocking: boolean, ignored = false): EvaluatedFinding => ({
    finding: f,
    blocking,
    reasons: [],
    ...(ignored ? { ignored: { reason: 'r', source: 's' } } : {})
  })
  const findings = [
    evaluated(finding({ id: 1 }), true),
    evaluated(finding({ id: 2 }), false),
    evaluated(finding({ id: 3, externalTicket: { id: 'SEC-1' } }), true),
    evaluated(finding({ id: 4 }), false, true),
    evaluated(
      {
        ...finding({ id: 5 }),
        type: 'sca',
        reachability: 'reachable',
        malicious: false,
        fixVersions: []
      },
      true
    )
  ]

  it('blocking: only blocking findings without a ticket, per type', () => {
    const selection = selectTicketFindings(findings, 'blocking')
    expect(Object.fromEntries(selection.byType)).toEqual({ sast: [1], sca: [5] })
    expect(selection.alreadyTicketed).toBe(1)
  })

  it('all: every finding without a ticket, except ignored ones', () => {
    const selection = selectTicketFindings(findings, 'all')
    expect(Object.fromEntries(selection.byType)).toEqual({ sast: [1, 2], sca: [5] })
  })
})
