import { describe, expect, it } from '@jest/globals'
import AjvModule from 'ajv'
import addFormatsModule from 'ajv-formats'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import type { Log, Result } from 'sarif'
import { automationId, buildSarif } from '../src/report/sarif.js'
import { writeSarif } from '../src/report/sarif-file.js'
import {
  FINGERPRINT_MATCH_BASED,
  FINGERPRINT_SYNTACTIC,
  pathToUri
} from '../src/report/sarif-results.js'
import { cweTag, ruleHelpUri, sarifText } from '../src/report/sarif-rules.js'
import {
  aiSastFinding,
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

// ajv and ajv-formats are CommonJS whose module.exports also carries `.default`; under NodeNext
// the typed way to reach the class/plugin from ESM is that `.default`.
const Ajv = AjvModule.default
const addFormats = addFormatsModule.default

/**
 * The OASIS SARIF 2.1.0 schema as shipped by @microsoft/jest-sarif (a devDependency installed for
 * this file only). It is a draft-04 schema: Ajv 8 validates it as draft-07 once the draft-04
 * `$schema`/`id` headers are set aside (the schema uses no keyword whose meaning changed between
 * the drafts: no boolean exclusiveMinimum/Maximum), and with `unicodeRegExp: false` because one of
 * its patterns (`language`) is not a valid Unicode-mode regular expression.
 */
function sarifValidator() {
  const require = createRequire(import.meta.url)
  const path = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json')
  const {
    $schema: _draft,
    id: _id,
    ...schema
  } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })
  addFormats(ajv)
  return ajv.compile(schema)
}

const validate = sarifValidator()

function expectValid(log: Log): void {
  const ok = validate(log)
  expect(validate.errors ?? []).toEqual([])
  expect(ok).toBe(true)
}

const opts = { category: 'findings-gate/acme-web', toolVersion: '1.2.3' }

function results(log: Log): Result[] {
  return log.runs[0]?.results ?? []
}

describe('buildSarif: schema', () => {
  it('the validator rejects an invalid log (it really checks)', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false)
    expect(validate({ version: '2.0.0', runs: [] })).toBe(false)
    const valid = buildSarif(failingReport(), opts)
    const badLevel = structuredClone(valid) as { runs: { results: { level: string }[] }[] }
    const first = badLevel.runs[0]?.results[0]
    if (first) first.level = 'fatal'
    expect(validate(badLevel)).toBe(false)
    // Formats are checked too: a URI reference cannot contain a space.
    const badUri = JSON.parse(
      JSON.stringify(valid).replace('"uri":"app/views.py"', '"uri":"app/my views.py"')
    ) as unknown
    expect(validate(badUri)).toBe(false)
  })

  it('is valid SARIF 2.1.0 for a failing report', () => {
    expectValid(buildSarif(failingReport(), opts))
  })

  it('is valid SARIF 2.1.0 with an information URI, hostile paths and no verdict', () => {
    const finding = evaluated(
      sastFinding({
        id: 5,
        location: { path: './dir with space/ü#?.py', line: 2, endLine: 1, column: 0 }
      })
    )
    expectValid(
      buildSarif(runReport({ verdict: verdictOf([finding]) }), {
        ...opts,
        informationUri: 'https://github.com/acme/findings-gate'
      })
    )
    expectValid(buildSarif(runReport(), opts))
  })
})

describe('buildSarif: content', () => {
  const log = buildSarif(failingReport(), opts)
  const run = log.runs[0]

  it('has the schema, version, driver and automation details', () => {
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json')
    expect(log.version).toBe('2.1.0')
    expect(log.runs).toHaveLength(1)
    expect(run?.tool.driver.name).toBe('Findings Gate')
    expect(run?.tool.driver.version).toBe('1.2.3')
    expect(run?.automationDetails).toEqual({ id: 'findings-gate/acme-web/' })
  })

  it('has one rule per distinct rule name, with help, tags and security-severity', () => {
    const rules = run?.tool.driver.rules ?? []
    expect(rules.map(r => r.id)).toEqual([
      'python.lang.security.audit.eval-detected',
      'ssc-5f6a1b2c-lodash-prototype-pollution',
      'python.flask.debug-enabled',
      'python.lang.best-practice.open-never-closed'
    ])
    expect(rules[0]).toMatchObject({
      helpUri: 'https://semgrep.dev/r/python.lang.security.audit.eval-detected',
      shortDescription: {
        text: 'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.'
      },
      properties: { tags: ['security', 'external/cwe/cwe-095'], 'security-severity': '8.0' }
    })
    expect(rules[1]).toMatchObject({
      helpUri: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337',
      properties: { tags: ['security', 'external/cwe/cwe-1321'], 'security-severity': '9.5' }
    })
    expect(rules[2]?.properties?.['security-severity']).toBe('5.5')
    expect(rules[3]?.properties?.['security-severity']).toBe('2.0')
  })

  it('gives levels: error when blocking, warning for other high/critical, note otherwise', () => {
    const nonBlockingHigh = evaluated(sastFinding({ id: 8, severity: 'critical' }), {
      blocking: false
    })
    const extra = buildSarif(runReport({ verdict: verdictOf([nonBlockingHigh]) }), opts)
    expect(results(log).map(r => r.level)).toEqual(['error', 'error', 'note', 'note'])
    expect(results(extra).map(r => r.level)).toEqual(['warning'])
  })

  it('locates results relative to %SRCROOT% with a full region', () => {
    expect(results(log)[0]).toMatchObject({
      ruleId: 'python.lang.security.audit.eval-detected',
      ruleIndex: 0,
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'app/views.py', uriBaseId: '%SRCROOT%' },
            region: { startLine: 12, startColumn: 5, endLine: 12, endColumn: 31 }
          }
        }
      ]
    })
    expect(results(log)[1]?.ruleIndex).toBe(1)
  })

  it('carries fingerprints and properties', () => {
    expect(results(log)[0]?.partialFingerprints).toEqual({
      [FINGERPRINT_MATCH_BASED]: 'mb-1',
      [FINGERPRINT_SYNTACTIC]: 'syn-1'
    })
    expect(FINGERPRINT_MATCH_BASED).toBe('findingsGate/matchBasedId/v1')
    expect(results(log)[1]?.partialFingerprints).toEqual({ [FINGERPRINT_MATCH_BASED]: 'mb-2' })
    expect(results(log)[0]?.properties).toMatchObject({ findingId: 1, blocking: true })
    expect(results(log)[0]?.message.text).toBe(
      'Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.\n\n' +
        'Blocking: severity high ≥ high; policy mode block ≥ block'
    )
  })

  it('gives a Supply Chain result its fix, EPSS score and transitivity, in the message and the properties', () => {
    const finding = evaluated(
      scaFinding({
        id: 40,
        fixVersions: ['lodash@4.17.21'],
        epss: { score: 0.01203, percentile: 0.8511 }
      })
    )
    const [result] = results(buildSarif(runReport({ verdict: verdictOf([finding]) }), opts))
    expect(result?.message.text).toBe(
      'lodash before 4.17.21 is vulnerable to prototype pollution via zipObjectDeep.\n\n' +
        'Dependency: lodash@4.17.20\n\n' +
        'Fix: lodash@4.17.21 · EPSS 0.012\n\n' +
        'Blocking: severity critical ≥ high'
    )
    expect(result?.properties).toMatchObject({
      transitivity: 'direct',
      fixVersions: ['lodash@4.17.21'],
      vulnerabilityId: 'CVE-2021-23337',
      epss: { score: 0.01203, percentile: 0.8511 }
    })
    const unfixed = evaluated(scaFinding({ id: 41, fixVersions: [] }))
    const [plain] = results(buildSarif(runReport({ verdict: verdictOf([unfixed]) }), opts))
    expect(plain?.message.text).toContain('\n\nFix: no fix\n\n')
    expect(plain?.properties).not.toHaveProperty('epss')
  })

  it('suppresses ignored findings externally with the reason', () => {
    const ignored = results(log)[2]
    expect(ignored?.suppressions).toEqual([
      { kind: 'external', status: 'accepted', justification: 'Debug only in the dev image' }
    ])
    expect(ignored?.properties).toMatchObject({
      findingId: 3,
      blocking: false,
      ignoredReason: 'Debug only in the dev image'
    })
  })

  it('keeps a finding without location out of the results, as an invocation notification', () => {
    const noLocation = evaluated(scaFinding({ id: 77, location: undefined }))
    const located = evaluated(sastFinding({ id: 78 }))
    const sarif = buildSarif(runReport({ verdict: verdictOf([noLocation, located]) }), opts)
    expectValid(sarif)
    expect(results(sarif).map(r => r.properties?.['findingId'] as unknown)).toEqual([78])
    const notifications = sarif.runs[0]?.invocations?.[0]?.toolExecutionNotifications ?? []
    expect(notifications).toHaveLength(1)
    expect(notifications[0]).toMatchObject({
      level: 'error',
      associatedRule: { id: 'ssc-5f6a1b2c-lodash-prototype-pollution', index: 0 },
      properties: { findingId: 77, blocking: true }
    })
  })
})

describe('sarif helpers', () => {
  it('builds help URIs', () => {
    expect(ruleHelpUri(scaFinding({ vulnerabilityId: 'GHSA-jf85-cpcp-j695' }))).toBe(
      'https://github.com/advisories/GHSA-jf85-cpcp-j695'
    )
    expect(ruleHelpUri(scaFinding({ vulnerabilityId: 'OSV-123' }))).toBeUndefined()
    expect(ruleHelpUri(sastFinding({ ruleName: 'a b/c' }))).toBe('https://semgrep.dev/r/a%20b%2Fc')
    // A model's rule is not in the registry: no link that would not resolve.
    expect(ruleHelpUri(aiSastFinding({ ruleName: 'ai.detection.idor' }))).toBeUndefined()
  })

  it('reports an AI-powered detection finding as a result of its own type, judged by severity', () => {
    const ai = evaluated(aiSastFinding({ id: 77, severity: 'high' }), {
      reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }]
    })
    const log = buildSarif(runReport({ verdict: verdictOf([ai]) }), opts)
    const [result] = log.runs[0]?.results ?? []
    expect(result?.ruleId).toBe('ai.detection.idor')
    expect(result?.level).toBe('error')
    expect(result?.properties).toMatchObject({ findingId: 77, type: 'ai_sast', blocking: true })
    expect(result?.message.text).toMatch(/\n\nBlocking: severity high ≥ high$/)
    expect(log.runs[0]?.tool.driver.rules?.[0]?.helpUri).toBeUndefined()
  })

  it('maps CWE strings to GitHub tags', () => {
    expect(cweTag('CWE-79: Improper Neutralization')).toBe('external/cwe/cwe-079')
    expect(cweTag('not a cwe')).toBeUndefined()
  })

  it('makes repository-relative URI references', () => {
    expect(pathToUri('./src\\a b/c#d?.py')).toBe('src/a%20b/c%23d%3F.py')
    expect(pathToUri('/abs/x.py')).toBe('abs/x.py')
    expect(pathToUri('bad\ud800.py')).toBe('bad%EF%BF%BD.py')
  })

  it('ends the automation id with one slash', () => {
    expect(automationId('cat')).toBe('cat/')
    expect(automationId('cat/')).toBe('cat/')
    expect(automationId('  ')).toBe('findings-gate/')
  })

  it('writes the file with its parent folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sarif-'))
    try {
      const path = join(dir, 'a', 'b', 'out.sarif')
      const log = buildSarif(failingReport(), opts)
      await writeSarif(path, log)
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(log)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('sarif text', () => {
  it('escapes embedded-link brackets and bounds server text', () => {
    const finding = evaluated(
      sastFinding({
        id: 3,
        ruleMessage: 'click [here](https://evil.example)\u0007 ' + 'x'.repeat(10_000)
      })
    )
    const log = buildSarif(runReport({ verdict: verdictOf([finding]) }), opts)
    expectValid(log)
    const text = results(log)[0]?.message.text ?? ''
    expect(text.startsWith('click \\[here\\](https://evil.example) xxx')).toBe(true)
    expect(text).not.toContain('\u0007')
    expect(text.length).toBeLessThan(4_200)
    expect(sarifText('[a]')).toBe('\\[a\\]')
  })
})

describe('writeSarif in batches', () => {
  async function written(log: Log): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'sarif-'))
    try {
      const path = join(dir, 'out.sarif')
      await writeSarif(path, log)
      return await readFile(path, 'utf8')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  it('writes the bytes of one JSON.stringify of the log, results a batch at a time', async () => {
    // 4,500 findings (three batches, the last one short), some without a file: notifications.
    const findings = Array.from({ length: 4_500 }, (_, i) =>
      evaluated(
        i % 2 === 0
          ? sastFinding({
              id: i + 1,
              ruleName: `rule.${i % 13}`,
              ruleMessage: `Message ${i % 13} ≥ [link](x)`,
              location: i % 97 === 0 ? undefined : { path: `src/${i % 31}/a b#.py`, line: i }
            })
          : scaFinding({ id: i + 1 }),
        i % 3 === 0 ? { blocking: false, reasons: [] } : {}
      )
    )
    const log = buildSarif(runReport({ verdict: verdictOf(findings) }), opts)
    expect(results(log)).toHaveLength(4_500 - 24)
    expect(await written(log)).toBe(`${JSON.stringify(log)}\n`)
  })

  it('writes any other log whole: no results, several runs, results not last', async () => {
    const one = buildSarif(failingReport(), opts)
    const [run] = one.runs
    if (run === undefined) throw new Error('no run')
    const { results: runResults, ...rest } = run
    const { runs: _runs, ...top } = one
    const logs: Log[] = [
      buildSarif(runReport({ verdict: verdictOf([]) }), opts),
      { ...one, runs: [run, run] },
      { ...one, runs: [{ results: runResults, ...rest }] },
      { runs: [run], ...top }
    ]
    for (const log of logs) expect(await written(log)).toBe(`${JSON.stringify(log)}\n`)
  })
})
