/**
 * A 200 is an answer only when what was asked for is in it. Over real HTTP, each endpoint answers
 * a 200 whose list or required field is missing, null, or replaced by an error object, and the
 * client must raise a SchemaError naming that field rather than read "nothing" as "none".
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { renderFindingsPage } from '../emulator/wire.js'
import { sastFinding, scaFinding } from '../emulator/data/factories.js'
import { startGateData, type DataLocation } from '../src/collect/gate-data.js'
import { listDependencies } from '../src/api/dependencies.js'
import { listDeployments } from '../src/api/deployments.js'
import { SchemaError } from '../src/api/errors.js'
import { readFindings, type FindingsQuery } from '../src/api/findings.js'
import { listProjects, putProjectTags } from '../src/api/projects.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { createSbomExport, getSbomExport } from '../src/api/sbom.js'
import { createTickets } from '../src/api/tickets.js'
import { Transport } from '../src/api/transport.js'
import { decide } from '../src/gate/decide.js'
import { modeLookup } from '../src/gate/modes.js'
import { readConfig } from '../src/inputs/index.js'
import type { Finding, IssueType } from '../src/domain.js'
import { failure } from './helpers/failure.js'
import { PROJECT, WEB_SAST } from './helpers/sample.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
const WHERE: DataLocation = { deploymentSlug: 'acme-corp', deploymentId: '4242' }

let emulator: Emulator
let transport: Transport

beforeAll(async () => {
  emulator = await startEmulator({ now: NOW })
  transport = new Transport({
    baseUrl: emulator.url,
    token: emulator.token,
    timeoutMs: 10_000,
    retry: defaultRetryPolicy(2),
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => NOW.getTime()
  })
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(() => {
  emulator.clearFaults()
  emulator.setShape('live')
  emulator.requests.length = 0
})

/** The documented shape's key of each type's list. */
const LIST_KEYS: Readonly<Record<Exclude<IssueType, 'secrets'>, string>> = {
  sast: 'sastFindings',
  sca: 'scaFindings',
  ai_sast: 'aiSastFindings'
}

const webMain = (type: Exclude<IssueType, 'secrets'>): FindingsQuery => ({
  type,
  repository: 'acme/web',
  ref: 'refs/heads/main',
  status: 'open'
})

/** Every finding of `query`, its first page asked for alone: a fault meets page 0 first. */
function collect(query: FindingsQuery, over: Transport = transport): Promise<Finding[]> {
  return readFindings(over, 'acme-corp', query, 1)
}

/** The problems of the SchemaError `promise` rejects with; fails the test on anything else. */
async function problemsOf(promise: Promise<unknown>): Promise<readonly string[]> {
  const error = await failure(promise)
  if (!(error instanceof SchemaError)) throw error
  return error.problems
}

describe('findings: a 200 without the requested list', () => {
  const expected = (type: Exclude<IssueType, 'secrets'>): string =>
    `findings: expected the list of ${type} findings ("findings" or "${LIST_KEYS[type]}.findings")`

  it.each([
    ['an empty object', {}, 'got an empty object'],
    ['a null findings list', { findings: null }, 'findings is null'],
    ['an error object', { error: 'upstream overloaded' }, 'got an object with keys "error"'],
    ['a list one level down', { data: { findings: [] } }, 'got an object with keys "data"'],
    ['findings as an object', { findings: { total: 0 } }, 'findings is an object'],
    ['a null body', null, 'got null'],
    ['an array body', [], 'got an array'],
    [
      'the documented shape with a null list',
      { sastFindings: { findings: null }, scaFindings: { findings: [] } },
      'sastFindings.findings is null'
    ],
    [
      'the documented shape with a null envelope',
      { sastFindings: null, scaFindings: { findings: [] } },
      'sastFindings is null'
    ],
    [
      'only the other type’s list',
      { scaFindings: { findings: [] } },
      'got an object with keys "scaFindings"'
    ]
  ])('SAST: %s is a SchemaError naming the list', async (_name, body, got) => {
    emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body, times: Infinity })
    expect(await problemsOf(collect(webMain('sast')))).toEqual([`${expected('sast')}; ${got}`])
    // a schema problem is not retried: the same answer would come back
    expect(emulator.requests).toHaveLength(1)
  })

  it('SCA: a documented-shape page that carries only SAST findings is a SchemaError', async () => {
    const body = renderFindingsPage(
      'sast',
      [sastFinding({ id: 8_800_001, relevantSince: NOW })],
      'documented'
    )
    delete body.scaFindings
    emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body, times: Infinity })
    expect(await problemsOf(collect(webMain('sca')))).toEqual([
      `${expected('sca')}; got an object with keys "sastFindings"`
    ])
  })

  it('AI SAST: a documented-shape page that carries only the Code and SCA lists is a SchemaError', async () => {
    const body = renderFindingsPage(
      'sast',
      [sastFinding({ id: 8_800_003, relevantSince: NOW })],
      'documented'
    )
    emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body, times: Infinity })
    expect(await problemsOf(collect(webMain('ai_sast')))).toEqual([
      `${expected('ai_sast')}; got an object with keys "sastFindings", "scaFindings"`
    ])
  })

  it('SCA: an error object is a SchemaError naming the list', async () => {
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      body: { error: 'upstream overloaded', findings_count: 3 },
      times: Infinity
    })
    expect(await problemsOf(collect(webMain('sca')))).toEqual([
      `${expected('sca')}; got an object with keys "error", "findings_count"`
    ])
  })

  it('names server keys escaped, so a key cannot break the log line', async () => {
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      body: { 'x\n::error::forged': 1 },
      times: Infinity
    })
    expect(await problemsOf(collect(webMain('sast')))).toEqual([
      `${expected('sast')}; got an object with keys "x\\n::error::forged"`
    ])
  })

  it('still reads both shapes, empty lists and unknown extra fields', async () => {
    const record = scaFinding({ id: 8_800_002, relevantSince: NOW })
    const documented = renderFindingsPage('sca', [record], 'documented')
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      body: { ...documented, aiSastFindings: null, next_page: null }
    })
    expect((await collect(webMain('sca'))).map(f => f.id)).toEqual([8_800_002])
    emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body: { findings: [], total: 0 } })
    expect(await collect(webMain('sast'))).toEqual([])
  })
})

describe('findings pages are read whole, whatever their size and text', () => {
  const page = (id: number, message: string): unknown =>
    renderFindingsPage(
      'sast',
      [sastFinding({ id, ruleMessage: message, relevantSince: NOW })],
      'live'
    )
  const messagesOf = async (body: unknown): Promise<string[]> => {
    emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body })
    return (await collect(webMain('sast'))).map(f => f.ruleMessage)
  }

  it('a smaller page after a larger one reads only its own bytes, multi-byte text intact', async () => {
    // ~300 kB of three-byte characters: several socket chunks, characters split across them
    const wide = '漢字 ✓ '.repeat(50_000)
    const small = 'Ünïcödé'
    expect(await messagesOf(page(8_800_101, wide))).toEqual([wide])
    expect(await messagesOf(page(8_800_102, small))).toEqual([small])
    // ASCII only (read as Latin-1) after pages that were not, then one non-ASCII letter at the end
    expect(await messagesOf(page(8_800_106, 'plain ASCII'))).toEqual(['plain ASCII'])
    expect(await messagesOf(page(8_800_107, `${'a'.repeat(70_000)}é`))).toEqual([
      `${'a'.repeat(70_000)}é`
    ])
  })

  it('a page larger than the shared buffer keeps to a buffer of its own, and the next still parses', async () => {
    const huge = 'x'.repeat(17 * 2 ** 20)
    expect((await messagesOf(page(8_800_103, huge)))[0]).toHaveLength(huge.length)
    expect(await messagesOf(page(8_800_104, 'after the huge page'))).toEqual([
      'after the huge page'
    ])
  })

  it('a byte-order mark before the JSON is dropped, as response.text() does', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify(page(8_800_105, 'after a BOM')))
    ])
    const empty = Buffer.from(JSON.stringify(renderFindingsPage('sast', [], 'live')))
    // Page 0 is the page with the mark; every later page is empty.
    const server = http.createServer((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(new URL(req.url ?? '/', 'http://x').searchParams.get('page') === '0' ? body : empty)
    )
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const direct = new Transport({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'fg-test',
      timeoutMs: 10_000,
      retry: defaultRetryPolicy(0)
    })
    try {
      const found = await collect(webMain('sast'), direct)
      expect(found.map(f => f.ruleMessage)).toEqual(['after a BOM'])
    } finally {
      await direct.close()
      await new Promise(resolve => server.close(resolve))
    }
  })
})

describe('every other endpoint: the fields the client uses are required', () => {
  it.each([
    [{}, 'deployments: Invalid input: expected array, received undefined'],
    [{ deployments: null }, 'deployments: Invalid input: expected array, received null'],
    [
      { error: 'upstream overloaded' },
      'deployments: Invalid input: expected array, received undefined'
    ]
  ])('deployments: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments', body })
    expect(await problemsOf(listDeployments(transport))).toEqual([problem])
  })

  it.each([
    [{}, 'projects: Invalid input: expected array, received undefined'],
    [{ projects: null }, 'projects: Invalid input: expected array, received null'],
    [
      { projects: [{ id: 1, name: 'acme/web' }] },
      'projects[0].tags: Invalid input: expected array, received undefined'
    ]
  ])('projects: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments/acme-corp/projects', body })
    expect(await problemsOf(listProjects(transport, 'acme-corp', () => undefined))).toEqual([
      problem
    ])
  })

  it.each([
    [
      { error: 'upstream overloaded' },
      'project: Invalid input: expected object, received undefined'
    ],
    [
      { project: { id: PROJECT.web, name: 'acme/web' } },
      'project.tags: Invalid input: expected array, received undefined'
    ]
  ])('project tags update: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', method: 'PUT', body })
    expect(await problemsOf(putProjectTags(transport, 'acme-corp', 'acme/web', ['x']))).toEqual([
      problem
    ])
  })

  it.each([
    [{}, 'dependencies: Invalid input: expected array, received undefined'],
    [
      { dependencies: null, hasMore: false },
      'dependencies: Invalid input: expected array, received null'
    ]
  ])('dependencies: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments/4242/dependencies', body })
    expect(await problemsOf(listDependencies(transport, '4242', { license: ['MIT'] }))).toEqual([
      problem
    ])
  })

  it.each([
    [{}, 'body: expected at least one of the lists succeeded, failed, skipped (got none)'],
    [
      { error: 'upstream overloaded' },
      'body: expected at least one of the lists succeeded, failed, skipped (got none)'
    ],
    [
      { succeeded: null, failed: null, skipped: null },
      'body: expected at least one of the lists succeeded, failed, skipped (got none)'
    ]
  ])('tickets: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments/acme-corp/tickets', body })
    const request = {
      type: 'sast' as const,
      findingIds: [WEB_SAST.sqli],
      groupIssues: true,
      limit: 5
    }
    expect(await problemsOf(createTickets(transport, 'acme-corp', request))).toEqual([problem])
  })

  it('tickets: one list alone is an answer (empty ones may be left out)', async () => {
    emulator.addFault({
      kind: 'json',
      path: '/api/v1/deployments/acme-corp/tickets',
      body: { skipped: [{ issue_ids: [WEB_SAST.sqli], reason: 'already ticketed' }] }
    })
    const request = {
      type: 'sast' as const,
      findingIds: [WEB_SAST.sqli],
      groupIssues: true,
      limit: 5
    }
    expect(await createTickets(transport, 'acme-corp', request)).toEqual({
      succeeded: [],
      failed: [],
      skipped: [{ issueIds: [WEB_SAST.sqli], reason: 'already ticketed' }]
    })
  })

  it.each([
    [{}, 'taskToken: Invalid input: expected string, received undefined'],
    [{ taskToken: null }, 'taskToken: Invalid input: expected string, received null']
  ])('SBOM export create: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments/4242/sbom/export', body })
    const request = {
      repositoryId: PROJECT.web,
      format: 'json' as const,
      componentType: 'application' as const
    }
    expect(await problemsOf(createSbomExport(transport, '4242', request))).toEqual([problem])
  })

  it.each([
    [{}, 'status: Invalid input: expected string, received undefined'],
    [{ error: 'upstream overloaded' }, 'status: Invalid input: expected string, received undefined']
  ])('SBOM export poll: %j', async (body, problem) => {
    emulator.addFault({ kind: 'json', path: '/api/v1/deployments/4242/sbom/export/tok-1', body })
    expect(await problemsOf(getSbomExport(transport, '4242', 'tok-1'))).toEqual([problem])
  })
})

describe('no findings body that lacks the requested list can produce "passed" (property)', () => {
  const KEYS = [
    'findings',
    'sastFindings',
    'scaFindings',
    'aiSastFindings',
    'data',
    'error',
    'message',
    'items',
    'results'
  ]
  const value = fc.jsonValue({ maxDepth: 2 })
  /** A near miss for a list: a wrapper around anything, sometimes itself holding a list. */
  const envelopeValue = fc.oneof(
    value,
    fc.record({ findings: value }, { requiredKeys: [] }),
    fc.record({ findings: fc.array(value, { maxLength: 2 }) })
  )
  const body = fc.dictionary(fc.constantFrom(...KEYS), envelopeValue, { maxKeys: 4 })

  function hasRequestedList(
    candidate: Record<string, unknown>,
    type: Exclude<IssueType, 'secrets'>
  ): boolean {
    if (Array.isArray(candidate.findings)) return true
    const envelope = candidate[LIST_KEYS[type]]
    return (
      typeof envelope === 'object' &&
      envelope !== null &&
      Array.isArray((envelope as Record<string, unknown>).findings)
    )
  }

  it('startGateData fails or the gate does not pass', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Exclude<IssueType, 'secrets'>>('sast', 'sca', 'ai_sast'),
        body,
        async (type, candidate) => {
          fc.pre(!hasRequestedList(candidate, type))
          emulator.clearFaults()
          emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body: candidate, times: Infinity })
          const config = readConfig(
            name =>
              ({
                'api-token': emulator.token,
                'base-url': emulator.url,
                'deployment-slug': 'acme-corp',
                'deployment-id': '4242',
                repository: 'acme/web',
                ref: 'refs/heads/main',
                'issue-types': type,
                'fail-on-policy-mode': 'none',
                // startGateData is under test here, not the scan evidence before it.
                'require-scan': 'none'
              })[name] ?? '',
            { now: NOW, env: {} }
          )
          let verdict
          try {
            const reads = startGateData(transport, WHERE, config, { warn: () => undefined })
            const found = await reads.findings
            const context = await reads.context
            verdict = decide({
              findings: found.findings,
              thresholds: config,
              modeOf: modeLookup(found.modes),
              ignoreOf: () => undefined,
              licenseViolations: context.licenseViolations,
              expiredIgnores: []
            })
          } catch (error) {
            expect(error).toBeInstanceOf(SchemaError)
            return
          }
          expect(verdict.result).not.toBe('passed')
        }
      ),
      { numRuns: 150 }
    )
  }, 20_000)
})
