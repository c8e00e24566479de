/**
 * The run as a JUnit XML report, for the test widgets of GitLab, Jenkins, Buildkite and Azure
 * Pipelines: one test suite per judged type, one test case per finding (a blocking one fails, an
 * ignored one is skipped, the rest pass), and a suite of the denied-license dependencies. A run
 * without a verdict is one test case in error, so a widget never shows a gate that judged nothing
 * as green; `gate: false` is one skipped test case.
 *
 * Every text goes through {@link xmlText}: control characters and what XML 1.0 forbids (lone
 * surrogates, U+FFFE, U+FFFF) are dropped, markup characters escaped.
 */
import { PRODUCT_NAMES, type EvaluatedFinding, type LicenseViolation } from '../domain.js'
import { oneLine, PARAGRAPH_CHARS, stripControl, truncate } from '../text/plain.js'
import { dependencyText, licenseTitle, locationText, modeText, reasonsText } from './labels.js'
import type { RunReport } from './model.js'

type Outcome =
  | { readonly kind: 'passed' }
  | {
      readonly kind: 'failure' | 'error' | 'skipped'
      readonly message: string
      readonly body?: string
    }

interface TestCase {
  readonly classname: string
  readonly name: string
  readonly outcome: Outcome
}

interface TestSuite {
  readonly name: string
  readonly cases: readonly TestCase[]
}

const REPORT_NAME = 'Findings Gate'

export function renderJunit(report: RunReport): string {
  const suites = junitSuites(report)
  const all = suites.flatMap(suite => suite.cases)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attributes({ name: REPORT_NAME, ...counts(all) })}>`,
    ...suites.map(renderSuite),
    '</testsuites>',
    ''
  ].join('\n')
}

/** The suites: per judged type and the licenses, or the one case of a run without a verdict. */
export function junitSuites(report: RunReport): TestSuite[] {
  const { verdict } = report
  if (!verdict) {
    const outcome: Outcome = report.status.apiError
      ? { kind: 'error', message: report.status.headline }
      : { kind: 'skipped', message: report.status.headline }
    return [
      { name: REPORT_NAME, cases: [{ classname: 'findings-gate', name: 'verdict', outcome }] }
    ]
  }
  const suites = report.scope.issueTypes.map(type => ({
    name: `${REPORT_NAME}: ${PRODUCT_NAMES[type]}`,
    cases: verdict.findings.filter(each => each.finding.type === type).map(findingCase)
  }))
  if (verdict.licenseViolations.length > 0 || report.thresholds.denyLicenses.length > 0) {
    suites.push({
      name: `${REPORT_NAME}: licenses`,
      cases: verdict.licenseViolations.map(licenseCase)
    })
  }
  return suites
}

function findingCase(evaluated: EvaluatedFinding): TestCase {
  const { finding } = evaluated
  const where = [locationText(finding.location), dependencyText(finding)].filter(s => s !== '')
  return {
    classname: finding.ruleName,
    name: [...where, `finding ${finding.id}`].join(' '),
    outcome: findingOutcome(evaluated)
  }
}

function findingOutcome(evaluated: EvaluatedFinding): Outcome {
  const { finding } = evaluated
  if (evaluated.ignored) {
    const { reason, source } = evaluated.ignored
    return { kind: 'skipped', message: `ignored (${source}): ${reason}` }
  }
  if (!evaluated.blocking) return { kind: 'passed' }
  const mode = modeText(evaluated)
  const body = [
    finding.ruleMessage,
    `Severity: ${finding.severity}${mode === '' ? '' : ` · ${mode}`}`,
    finding.url ?? ''
  ]
  return {
    kind: 'failure',
    message: `Blocking: ${reasonsText(evaluated.reasons)}`,
    body: body.filter(line => line !== '').join('\n')
  }
}

function licenseCase(violation: LicenseViolation): TestCase {
  return {
    classname: 'findings-gate.licenses',
    name: `${violation.package}@${violation.version}`,
    outcome: { kind: 'failure', message: licenseTitle(violation) }
  }
}

function counts(cases: readonly TestCase[]): Record<string, string> {
  const of = (kind: Outcome['kind']): string =>
    String(cases.filter(each => each.outcome.kind === kind).length)
  return {
    tests: String(cases.length),
    failures: of('failure'),
    errors: of('error'),
    skipped: of('skipped')
  }
}

function renderSuite(suite: TestSuite): string {
  const head = `  <testsuite ${attributes({ name: suite.name, ...counts(suite.cases) })}`
  if (suite.cases.length === 0) return `${head}/>`
  return [`${head}>`, ...suite.cases.map(renderCase), '  </testsuite>'].join('\n')
}

function renderCase(test: TestCase): string {
  const head = `    <testcase ${attributes({ classname: test.classname, name: test.name })}`
  const { outcome } = test
  if (outcome.kind === 'passed') return `${head}/>`
  const message = attributes({ message: outcome.message })
  const child =
    outcome.body === undefined
      ? `<${outcome.kind} ${message}/>`
      : `<${outcome.kind} ${message} type="blocking">${xmlText(truncate(outcome.body, 4 * PARAGRAPH_CHARS))}</${outcome.kind}>`
  return `${head}>\n      ${child}\n    </testcase>`
}

/** `name="value"` pairs; values are one bounded line, as parsers fold line breaks in attributes. */
function attributes(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${xmlText(oneLine(truncate(value, PARAGRAPH_CHARS)))}"`)
    .join(' ')
}

/**
 * Characters XML 1.0 does not allow at all: outside Char (#x9 | #xA | #xD | [#x20-#xD7FF] |
 * [#xE000-#xFFFD] | [#x10000-#x10FFFF]); with the `u` flag a lone surrogate matches too.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;'
}

/** Text safe in an XML attribute value or element content. */
export function xmlText(text: string): string {
  return stripControl(text)
    .replace(NOT_XML_CHAR, '')
    .replace(/[&<>"']/g, character => ESCAPES[character] ?? '')
}
