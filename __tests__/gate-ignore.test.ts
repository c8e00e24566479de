import { describe, expect, it } from '@jest/globals'
import type { EvaluatedFinding, Finding, SastFinding, SecretsFinding } from '../src/domain.js'
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
      'entry 3: give at least one of rule, id, path',
      'entry 4: expires "2026-13-45" is not a real calendar date',
      'entry 5: expires "2026-12-01T10:00:00" must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone',
      'entry 6: unknown key(s) owner; allowed: rule, id, path, reason, expires'
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
