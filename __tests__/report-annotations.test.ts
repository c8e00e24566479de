import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { EOL } from 'node:os'
import { buildAnnotations, emitAnnotations } from '../src/report/annotations.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

describe('buildAnnotations', () => {
  it('annotates each blocking finding at its location, title = rule, message = rule message + reasons', () => {
    const annotations = buildAnnotations(failingReport(), 50)
    expect(annotations).toEqual([
      {
        level: 'error',
        message:
          'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.\n\n' +
          'Blocking: severity high ≥ high; policy mode block ≥ block',
        properties: {
          title: 'python.lang.security.audit.eval-detected',
          file: 'app/views.py',
          startLine: 12,
          endLine: 12,
          startColumn: 5,
          endColumn: 31
        }
      },
      {
        level: 'error',
        message:
          'lodash before 4.17.21 is vulnerable to prototype pollution via zipObjectDeep.\n\n' +
          'lodash@4.17.20 CVE-2021-23337\n\nBlocking: severity critical ≥ high',
        properties: {
          title: 'ssc-5f6a1b2c-lodash-prototype-pollution',
          file: 'package-lock.json',
          startLine: 4021
        }
      }
    ])
  })

  it('leaves the columns out of an annotation that spans several lines, as the toolkit requires', () => {
    const multiLine = evaluated(
      sastFinding({
        id: 8,
        location: { path: 'a.py', line: 3, column: 2, endLine: 5, endColumn: 9 }
      }),
      { blocking: true, reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }] }
    )
    const [annotation] = buildAnnotations(runReport({ verdict: verdictOf([multiLine]) }), 10)
    expect(annotation?.properties).toEqual({
      title: 'python.lang.security.audit.eval-detected',
      file: 'a.py',
      startLine: 3,
      endLine: 5
    })
  })

  it('skips blocking findings without a location and annotates denied licenses without a file', () => {
    const noLocation = evaluated(scaFinding({ id: 7, location: undefined }))
    const report = runReport({
      verdict: verdictOf([noLocation], {
        licenseViolations: [{ package: 'left-pad', version: '1.0.0', license: 'GPL-3.0' }]
      })
    })
    expect(buildAnnotations(report, 10)).toEqual([
      {
        level: 'error',
        message: 'left-pad@1.0.0 is licensed under GPL-3.0, which is denied.',
        properties: { title: 'Denied license: GPL-3.0' }
      }
    ])
  })

  it('caps at max and adds one notice with the number left out', () => {
    const findings = Array.from({ length: 12 }, (_, i) => evaluated(sastFinding({ id: i + 1 })))
    const annotations = buildAnnotations(runReport({ verdict: verdictOf(findings) }), 5)
    expect(annotations).toHaveLength(6)
    expect(annotations.filter(a => a.level === 'error')).toHaveLength(5)
    expect(annotations[5]).toEqual({
      level: 'notice',
      message: '7 more annotations not shown (max-annotations is 5); see the job summary.',
      properties: { title: 'Findings Gate: annotations capped' }
    })
  })

  it('emits nothing with max 0 or without a verdict', () => {
    expect(buildAnnotations(failingReport(), 0)).toEqual([])
    expect(buildAnnotations(runReport(), 10)).toEqual([])
  })

  it('bounds a 1 MB rule message', () => {
    const report = runReport({
      verdict: verdictOf([evaluated(sastFinding({ ruleMessage: 'x'.repeat(1_000_000) }))])
    })
    const [annotation] = buildAnnotations(report, 1)
    expect(annotation?.message.length).toBeLessThan(4_100)
  })
})

describe('emitAnnotations through the real @actions/core', () => {
  let written: string[]

  beforeEach(() => {
    written = []
    jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array): boolean => {
        written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
        return true
      })
  })

  afterEach(() => {
    jest.restoreAllMocks()
  })

  function outputLines(): string[] {
    return written
      .join('')
      .split(EOL)
      .filter(l => l !== '')
  }

  it('writes exactly one ::error line per annotation, whatever the server text', () => {
    const forged = 'Looks fine\n::error file=x::forged\r\n::warning::also forged%0A::error::encoded'
    const findings = [
      evaluated(
        sastFinding({
          id: 1,
          ruleName: 'rule::error title=x,file=evil.py::boom\nnext',
          ruleMessage: forged,
          location: { path: 'src/a,b:c.py\n::error::x', line: 3 }
        })
      ),
      evaluated(sastFinding({ id: 2, ruleMessage: forged }))
    ]
    const count = emitAnnotations(runReport({ verdict: verdictOf(findings) }), 10)
    expect(count).toBe(2)
    const out = outputLines()
    expect(out).toHaveLength(2)
    expect(out.every(l => l.startsWith('::error '))).toBe(true)
    expect(out.filter(l => l.includes('::error')).length).toBe(2)
    // The message's newlines are escaped by core, and its `%` too, so `%0A` stays literal text.
    expect(out[1]).toContain(
      '::Looks fine%0A::error file=x::forged%0A::warning::also forged%250A::error::encoded'
    )
    // Properties: `:` and `,` escaped, so the title cannot add a `file=` property of its own.
    expect(out[0]).toMatch(
      /^::error title=rule%3A%3Aerror title=x%2Cfile=evil\.py%3A%3Aboom next,file=src\/a%2Cb%3Ac\.py %3A%3Aerror%3A%3Ax,line=3::Looks fine%0A/
    )
  })

  it('emits the cap notice with @actions/core notice', () => {
    const findings = Array.from({ length: 3 }, (_, i) => evaluated(sastFinding({ id: i + 1 })))
    expect(emitAnnotations(runReport({ verdict: verdictOf(findings) }), 2)).toBe(2)
    const out = outputLines()
    expect(out).toHaveLength(3)
    expect(out[2]).toBe(
      '::notice title=Findings Gate%3A annotations capped::1 more annotation not shown (max-annotations is 2); see the job summary.'
    )
  })
})
