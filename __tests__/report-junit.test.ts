import { describe, expect, it } from '@jest/globals'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { renderJunit, xmlText } from '../src/report/junit.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

type Node = Record<string, unknown>

/** Parses the XML strictly (a well-formedness check first), attributes as `@name`. */
function parse(xml: string): Node {
  expect(XMLValidator.validate(xml)).toBe(true)
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: name => ['testsuite', 'testcase'].includes(name)
  })
  return parser.parse(xml) as Node
}

function suitesOf(xml: string): Node[] {
  return (parse(xml).testsuites as { testsuite: Node[] }).testsuite
}

function casesOf(suite: Node | undefined): Node[] {
  return (suite?.testcase as Node[] | undefined) ?? []
}

describe('JUnit report', () => {
  it('one suite per judged type, one case per finding; blocking fail, ignored skip; counts agree', () => {
    const xml = renderJunit(failingReport())
    const root = parse(xml).testsuites as Node
    expect([root['@tests'], root['@failures'], root['@errors'], root['@skipped']]).toEqual([
      '4',
      '2',
      '0',
      '1'
    ])
    const [sast, sca] = suitesOf(xml)
    expect(sast?.['@name']).toBe('Findings Gate: Code')
    expect([sast?.['@tests'], sast?.['@failures'], sast?.['@skipped']]).toEqual(['3', '1', '1'])
    expect(casesOf(sast).map(c => [c['@classname'], c['@name']])).toEqual([
      ['python.lang.security.audit.eval-detected', 'app/views.py:12 finding 1'],
      ['python.flask.debug-enabled', 'app/views.py:12 finding 3'],
      ['python.lang.best-practice.open-never-closed', 'app/views.py:12 finding 4']
    ])
    const failure = casesOf(sast)[0]?.failure as Node
    expect(failure['@message']).toBe('Blocking: severity high ≥ high; policy mode block ≥ block')
    expect(failure['#text']).toContain('Detected the use of eval()')
    expect(casesOf(sast)[1]?.skipped).toEqual({
      '@message': 'ignored (rule python.flask.debug-enabled): Debug only in the dev image'
    })
    expect(casesOf(sast)[2]).not.toHaveProperty('failure')
    expect(sca?.['@name']).toBe('Findings Gate: Supply Chain')
    expect(casesOf(sca)[0]?.['@name']).toBe('package-lock.json:4021 lodash@4.17.20 finding 2')
  })

  it('denied-license dependencies fail in their own suite', () => {
    const report = runReport({
      verdict: verdictOf([], {
        licenseViolations: [
          { package: 'gpl-thing', version: '1.0.0', license: 'GPL-3.0', judgement: 'denied' }
        ]
      })
    })
    const suites = suitesOf(renderJunit(report))
    const licenses = suites.find(s => s['@name'] === 'Findings Gate: licenses')
    expect(licenses?.['@failures']).toBe('1')
    expect(casesOf(licenses)[0]).toMatchObject({
      '@name': 'gpl-thing@1.0.0',
      failure: { '@message': 'Denied license: GPL-3.0' }
    })
  })

  it('no verdict is one case in error; gate: false one skipped case', () => {
    const noVerdict = runReport({
      status: { result: 'skipped', headline: 'No verdict: no scan of abc', apiError: true }
    })
    const [suite] = suitesOf(renderJunit(noVerdict))
    expect(suite?.['@errors']).toBe('1')
    expect(casesOf(suite)[0]?.error).toEqual({ '@message': 'No verdict: no scan of abc' })
    const skipped = runReport({ status: { result: 'skipped', headline: 'Gate skipped' } })
    expect(casesOf(suitesOf(renderJunit(skipped))[0])[0]?.skipped).toEqual({
      '@message': 'Gate skipped'
    })
  })

  it('hostile text stays well-formed XML and reads back as written, less what XML forbids', () => {
    const hostile = `a & b < c > d "e" 'f' ]]> <!-- x --> \u0000\u0007\u001b[31m\uFFFE\uD800 tail`
    const report = runReport({
      verdict: verdictOf([
        evaluated(
          sastFinding({
            id: 1,
            ruleName: hostile,
            ruleMessage: `${hostile}\nsecond line`,
            location: { path: hostile, line: 1 }
          })
        )
      ])
    })
    const xml = renderJunit(report)
    const [test] = casesOf(suitesOf(xml)[0])
    const cleaned = `a & b < c > d "e" 'f' ]]> <!-- x --> [31m tail`
    expect(test?.['@classname']).toBe(cleaned)
    expect((test?.failure as Node)['#text']).toContain(`${cleaned}\nsecond line`)
  })

  it('xmlText escapes markup and drops characters XML 1.0 forbids, keeping astral ones', () => {
    expect(xmlText(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;')
    expect(xmlText('a\u0001b\uFFFFc\uDC00d😀')).toBe('abcd😀')
  })
})
