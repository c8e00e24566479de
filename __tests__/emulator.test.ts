/**
 * Tests of the findings API emulator itself, over real HTTP with global fetch.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { aiSastFinding, sastFinding, scaFinding } from '../emulator/data/factories.js'
import { NO_ANSWER_STATUS } from '../emulator/http.js'
import { faultFromJson } from '../emulator/faults.js'
import {
  buildState,
  DEFAULT_TOKEN,
  NOT_FOUND_MESSAGE,
  startEmulator,
  type Emulator,
  type EmulatorOptions
} from '../emulator/server.js'
import {
  OTHER,
  PROJECT,
  WEB_MAIN_OPEN_SAST,
  WEB_PR,
  WEB_SAST,
  WEB_SCA,
  prCopyId
} from './helpers/sample.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const DAY_S = 86_400
const FINDINGS = '/api/v1/deployments/acme-corp/findings'
const TICKETS = '/api/v1/deployments/acme-corp/tickets'
const DEPENDENCIES = '/api/v1/deployments/4242/dependencies'
const SBOM = '/api/v1/deployments/4242/sbom/export'

/** The open SAST findings of acme/web on main, as the seed documents them. */

interface WireFinding {
  id: number
  ref: string
  status: string
  severity: string
  relevant_since: string
  rule_name: string
  repository: { name: string; url: string }
  location: Record<string, unknown>
  external_ticket?: Record<string, unknown> | null
  triaged_at?: string | null
  reachability?: string
  is_malicious?: boolean
  found_dependency?: { package: string; transitivity: string }
  usage?: { location: Record<string, unknown> } | null
  sourcing_policy?: { id: number; name: string; slug: string }
}

interface DocumentedPage {
  sastFindings: { findings: WireFinding[] }
  scaFindings: { findings: WireFinding[] }
}

interface HttpResult {
  status: number
  headers: Headers
  text: string
  json: unknown
}

interface RequestOptions {
  method?: string
  body?: unknown
  rawBody?: string
  token?: string | null
}

let emulator: Emulator

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  emulator = await startEmulator({ now: NOW, ...options })
  return emulator
}

afterEach(async () => {
  await emulator.close()
})

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

async function call(path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = {}
  const token = options.token === undefined ? emulator.token : options.token
  if (token !== null) headers.authorization = `Bearer ${token}`
  let body: string | undefined = options.rawBody
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${emulator.url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: parseJson(text) }
}

function queryString(params: Record<string, string | number | readonly string[]>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item))
  }
  return search.toString()
}

async function documentedFindings(
  params: Record<string, string | number | readonly string[]>
): Promise<DocumentedPage> {
  const result = await call(`${FINDINGS}?${queryString(params)}`)
  expect(result.status).toBe(200)
  return result.json as DocumentedPage
}

/** The findings of the requested type from a documented-shape page. */
async function findings(
  params: Record<string, string | number | readonly string[]>
): Promise<WireFinding[]> {
  const page = await documentedFindings(params)
  return params.issue_type === 'sca' ? page.scaFindings.findings : page.sastFindings.findings
}

async function findingIds(
  params: Record<string, string | number | readonly string[]>
): Promise<number[]> {
  return (await findings(params)).map(finding => finding.id).sort((a, b) => a - b)
}

function errorOf(result: HttpResult): string {
  return (result.json as { error: string }).error
}

const WEB_MAIN_OPEN = { repos: 'acme/web', ref: 'refs/heads/main', status: 'open' }

describe('authentication and deployments', () => {
  beforeEach(() => start())

  it('rejects a missing or wrong token with 401 and the service message', async () => {
    for (const token of [null, 'wrong-token']) {
      const result = await call('/api/v1/deployments', { token })
      expect(result.status).toBe(401)
      expect(result.json).toEqual({ error: 'Invalid API token' })
    }
  })

  it('answers ping without a token', async () => {
    const result = await call('/api/v1/ping', { token: null })
    expect(result.status).toBe(200)
    expect(result.json).toEqual({})
  })

  it('lists the one deployment with a numeric id', async () => {
    const result = await call('/api/v1/deployments')
    expect(result.json).toEqual({
      deployments: [
        {
          id: 4242,
          name: 'Acme Corp',
          slug: 'acme-corp',
          findings: { url: `${emulator.url}${FINDINGS}` }
        }
      ]
    })
  })

  it.each([
    ['an unknown slug', '/api/v1/deployments/acme/findings'],
    ['the id on a slug-keyed route', '/api/v1/deployments/4242/findings'],
    ['the slug on an id-keyed route', '/api/v1/deployments/acme-corp/policies'],
    ['an unknown id', '/api/v1/deployments/4243/policies'],
    ['an unknown route', '/api/v1/deployments/acme-corp/secrets']
  ])('answers 404 with the service message for %s', async (_label, path) => {
    const result = await call(path)
    expect(result.status).toBe(404)
    expect(result.json).toEqual({ error: NOT_FOUND_MESSAGE })
  })

  it('answers 405 for a wrong method on a known route', async () => {
    const result = await call(FINDINGS, { method: 'POST', body: {} })
    expect(result.status).toBe(405)
  })
})

describe('findings: validation', () => {
  beforeEach(() => start())

  it.each([
    ['page_size', 'page_size=99'],
    ['page_size', 'page_size=3001'],
    ['page_size', 'page_size=abc'],
    ['page', 'page=-1'],
    ['page', 'page=1.5'],
    ['issue_type', 'issue_type=secrets'],
    ['status', 'status=closed'],
    ['since', 'since=yesterday'],
    ['severities', 'severities=urgent'],
    ['exposures', 'issue_type=sca&exposures=maybe'],
    ['policies', 'policies=rule-board-strict'],
    ['is_malicious', 'issue_type=sca&is_malicious=yes']
  ])('answers 400 naming %s for %s', async (parameter, query) => {
    const result = await call(`${FINDINGS}?${query}`)
    expect(result.status).toBe(400)
    expect(errorOf(result)).toContain(`'${parameter}'`)
  })

  it('accepts the page_size bounds 100 and 3000 and a 0-based page', async () => {
    for (const query of ['page_size=100', 'page_size=3000', 'page=0', 'page=7']) {
      expect((await call(`${FINDINGS}?${query}`)).status).toBe(200)
    }
  })
})

describe('findings: filters and order (documented shape)', () => {
  beforeEach(() => start())

  it('returns the open acme/web main SAST findings, newest first, in sastFindings only', async () => {
    const page = await documentedFindings(WEB_MAIN_OPEN)
    expect(page.scaFindings.findings).toEqual([])
    const list = page.sastFindings.findings
    expect(list.map(finding => finding.id).sort((a, b) => a - b)).toEqual(WEB_MAIN_OPEN_SAST)
    const times = list.map(finding => Date.parse(finding.relevant_since))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(list[0]?.id).toBe(WEB_SAST.dangerousHtml)
    expect(list.map(finding => finding.severity)).not.toContain('critical')
  })

  it('matches repos exactly (never by prefix) and case-insensitively', async () => {
    const web = await findings({ repos: 'acme/web' })
    expect(new Set(web.map(finding => finding.repository.name))).toEqual(new Set(['acme/web']))
    expect(await findingIds({ repos: 'ACME/Web', ref: 'refs/heads/main', status: 'open' })).toEqual(
      WEB_MAIN_OPEN_SAST
    )
    expect(await findingIds({ repos: 'acme/we' })).toEqual([])
  })

  it('accepts array params as repeated keys or comma-joined', async () => {
    const repeated = await findingIds({ repos: ['acme/web-legacy', 'acme/api'], status: 'open' })
    const joined = await findingIds({ repos: 'acme/web-legacy,acme/api', status: 'open' })
    expect(repeated).toEqual([OTHER.legacySql, OTHER.apiPathTraversal, OTHER.apiDirectWrite])
    expect(joined).toEqual(repeated)
  })

  it('filters by repository_ids', async () => {
    expect(await findingIds({ repository_ids: PROJECT.webLegacy })).toEqual([OTHER.legacySql])
    expect(await findingIds({ repository_ids: PROJECT.webLegacy, issue_type: 'sca' })).toEqual([
      OTHER.legacyLog4j
    ])
  })

  it('returns every status unless a status filter excludes the fixed and ignored ones', async () => {
    const all = await findingIds({ repos: 'acme/web', ref: 'refs/heads/main' })
    expect(all).toEqual([...WEB_MAIN_OPEN_SAST, WEB_SAST.fixedSqli, WEB_SAST.ignoredPickle])
    const ignored = await findings({ repos: 'acme/web', ref: 'refs/heads/main', status: 'ignored' })
    expect(ignored.map(finding => [finding.id, finding.severity])).toEqual([
      [WEB_SAST.ignoredPickle, 'critical']
    ])
  })

  it('filters by ref exactly', async () => {
    const pr = await findingIds({ repos: 'acme/web', ref: 'refs/pull/42/merge', status: 'open' })
    expect(pr).toEqual([...WEB_MAIN_OPEN_SAST.map(prCopyId), WEB_PR.jwtSecret])
    expect(await findingIds({ ref: 'main' })).toEqual([])
  })

  it('filters by since (epoch seconds on relevant_since)', async () => {
    const since = NOW.getTime() / 1000 - 7 * DAY_S
    expect(await findingIds({ ...WEB_MAIN_OPEN, since })).toEqual([
      WEB_SAST.sqli,
      WEB_SAST.csrf,
      WEB_SAST.dangerousHtml
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, since: since + 0.5 })).toEqual([
      WEB_SAST.sqli,
      WEB_SAST.csrf,
      WEB_SAST.dangerousHtml
    ])
  })

  it('filters by severities', async () => {
    expect(await findingIds({ ...WEB_MAIN_OPEN, severities: 'high' })).toEqual([
      WEB_SAST.sqli,
      WEB_SAST.subprocess,
      WEB_SAST.certValidation
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, severities: ['low', 'critical'] })).toEqual([
      WEB_SAST.throttle,
      WEB_SAST.documentMethod,
      WEB_SAST.loggerLeak
    ])
  })

  it('maps policies to the rule mode in the finding sourcing policy', async () => {
    expect(await findingIds({ ...WEB_MAIN_OPEN, policies: 'rule-board-block' })).toEqual([
      WEB_SAST.sqli,
      WEB_SAST.md5
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, policies: 'rule-board-audit' })).toEqual([
      WEB_SAST.subprocess,
      WEB_SAST.throttle,
      WEB_SAST.dangerousHtml
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, policies: 'rule-board-pr-comments' })).toEqual([
      WEB_SAST.csrf,
      WEB_SAST.openRedirect,
      WEB_SAST.loggerLeak,
      WEB_SAST.certValidation
    ])
    // Strict Policy blocks every sample rule.
    expect(await findingIds({ repos: 'acme/payments', policies: 'rule-board-block' })).toEqual([
      OTHER.paymentsMd5,
      OTHER.paymentsTls
    ])
  })

  it('serves AI SAST findings under issue_type=ai_sast in both shapes, ignoring the policies filter', async () => {
    const idor = aiSastFinding({ id: 8_900_001, relevantSince: NOW })
    emulator.state.aiSastFindings.push(idor)
    const query = { ...WEB_MAIN_OPEN, issue_type: 'ai_sast' }
    const documented = (await documentedFindings(query)) as unknown as Record<
      string,
      { findings: Record<string, unknown>[] }
    >
    expect(documented.sastFindings?.findings).toEqual([])
    expect(documented.aiSastFindings?.findings.map(f => [f.id, f.rule_name, f.ai_impact])).toEqual([
      [8_900_001, 'ai.detection.idor', expect.stringMatching(/^An attacker could read/)]
    ])
    expect(documented.aiSastFindings?.findings[0]).not.toHaveProperty('sourcing_policy')
    // `policies` applies to sast only: an AI finding's rule is in no policy, yet it is listed.
    const filtered = await call(
      `${FINDINGS}?${queryString({ ...query, policies: 'rule-board-block' })}`
    )
    expect(
      (filtered.json as { aiSastFindings: { findings: unknown[] } }).aiSastFindings.findings
    ).toHaveLength(1)
    // Nor is it in the Code list.
    expect(await findingIds(WEB_MAIN_OPEN)).not.toContain(8_900_001)
    emulator.setShape('live')
    const live = await call(`${FINDINGS}?${queryString(query)}`)
    expect(Object.keys(live.json as object)).toEqual(['findings'])
    expect((live.json as { findings: Record<string, unknown>[] }).findings[0]).toMatchObject({
      id: 8_900_001,
      sourcing_policy: null,
      ai_impact: expect.stringMatching(/^An attacker/)
    })
  })

  it('filters by rules, categories and confidence', async () => {
    const rule = 'python.django.security.injection.sql.sql-injection-db-cursor-execute'
    expect(await findingIds({ repos: 'acme/web', ref: 'refs/heads/main', rules: rule })).toEqual([
      WEB_SAST.sqli,
      WEB_SAST.fixedSqli
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, confidence: 'low' })).toEqual([
      WEB_SAST.throttle,
      WEB_SAST.documentMethod
    ])
    expect(await findingIds({ ...WEB_MAIN_OPEN, categories: 'best-practice' })).toEqual([])
  })

  it('filters SCA findings by exposures, transitivities and is_malicious', async () => {
    const sca = { ...WEB_MAIN_OPEN, issue_type: 'sca' }
    expect(await findingIds(sca)).toEqual([
      WEB_SCA.lodash,
      WEB_SCA.requests,
      WEB_SCA.pyyaml,
      WEB_SCA.minimist,
      WEB_SCA.debug,
      WEB_SCA.jinja2
    ])
    expect(await findingIds({ ...sca, exposures: ['reachable', 'always_reachable'] })).toEqual([
      WEB_SCA.lodash,
      WEB_SCA.requests
    ])
    expect(await findingIds({ ...sca, transitivities: 'transitive' })).toEqual([
      WEB_SCA.minimist,
      WEB_SCA.debug
    ])
    expect(await findingIds({ ...sca, is_malicious: 'true' })).toEqual([])
    const pr = { ...sca, ref: 'refs/pull/42/merge' }
    const malicious = await findings({ ...pr, is_malicious: 'true' })
    expect(malicious.map(finding => [finding.id, finding.severity, finding.reachability])).toEqual([
      [WEB_PR.flatmapStream, 'low', 'unreachable']
    ])
    expect(await findingIds({ ...pr, is_malicious: 'false' })).not.toContain(WEB_PR.flatmapStream)
  })

  it('renders the documented wire shape', async () => {
    const [finding] = await findings({
      ...WEB_MAIN_OPEN,
      rules: 'python.django.security.injection.sql.sql-injection-db-cursor-execute'
    })
    expect(finding?.relevant_since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(finding?.location).toEqual({
      filePath: 'src/app/views.py',
      line: 42,
      column: 9,
      endLine: 42,
      endColumn: 48
    })
    expect(finding?.sourcing_policy).toEqual({
      id: 11,
      name: 'Default Policy',
      slug: 'default-policy'
    })
    expect(finding).not.toHaveProperty('external_ticket')
    const sca = await findings({
      ...WEB_MAIN_OPEN,
      issue_type: 'sca',
      exposures: 'always_reachable'
    })
    expect(sca[0]?.reachability).toBe('always_reachable')
  })

  it('dedups findings across refs with dedup=true', async () => {
    const all = await findingIds({ repos: 'acme/web', status: 'open' })
    const deduped = await findingIds({ repos: 'acme/web', status: 'open', dedup: 'true' })
    expect(all).toHaveLength(21)
    expect(deduped).toHaveLength(11)
    expect(deduped).toContain(WEB_PR.jwtSecret)
  })
})

describe('findings: live shape', () => {
  beforeEach(() => start({ shape: 'live' }))

  it('answers a flat findings list with snake_case sub-objects and +00:00 timestamps', async () => {
    const result = await call(
      `${FINDINGS}?${queryString({ ...WEB_MAIN_OPEN, severities: 'high' })}`
    )
    const body = result.json as { findings: WireFinding[] }
    expect(Object.keys(body)).toEqual(['findings'])
    const finding = body.findings.find(candidate => candidate.id === WEB_SAST.sqli)
    expect(finding?.location).toEqual({
      file_path: 'src/app/views.py',
      line: 42,
      column: 9,
      end_line: 42,
      end_column: 48
    })
    expect(finding?.relevant_since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+00:00$/)
    expect(finding?.external_ticket).toBeNull()
    expect(finding?.triaged_at).toBeNull()
  })

  it('spells reachability with spaces', async () => {
    const result = await call(`${FINDINGS}?${queryString({ ...WEB_MAIN_OPEN, issue_type: 'sca' })}`)
    const list = (result.json as { findings: WireFinding[] }).findings
    const reachability = Object.fromEntries(list.map(finding => [finding.id, finding.reachability]))
    expect(reachability).toEqual({
      [WEB_SCA.lodash]: 'reachable',
      [WEB_SCA.requests]: 'always reachable',
      [WEB_SCA.pyyaml]: 'conditionally reachable',
      [WEB_SCA.minimist]: 'unreachable',
      [WEB_SCA.debug]: 'no reachability analysis',
      [WEB_SCA.jinja2]: 'unreachable'
    })
    const usage = list.find(finding => finding.id === WEB_SCA.lodash)?.usage
    expect(usage?.location).toMatchObject({
      path: 'web/frontend/src/utils/template.js',
      start_line: 12
    })
  })

  it('switches shape at run time', async () => {
    emulator.setShape('documented')
    const result = await call(`${FINDINGS}?${queryString(WEB_MAIN_OPEN)}`)
    expect(result.json).toHaveProperty('sastFindings.findings')
  })
})

describe('findings: pagination', () => {
  it('pages by page number over a total order, without overlap', async () => {
    await start({
      seed: 'empty',
      bulk: { repository: 'acme/bulk', ref: 'refs/heads/main', sast: 250, sca: 0 }
    })
    // Two findings with the same relevant_since: the id breaks the tie, descending.
    const tie = new Date(NOW.getTime() - 1000)
    emulator.state.sastFindings.push(
      sastFinding({
        id: 1,
        repository: { name: 'acme/bulk', url: 'https://github.com/acme/bulk' },
        relevantSince: tie
      }),
      sastFinding({
        id: 2,
        repository: { name: 'acme/bulk', url: 'https://github.com/acme/bulk' },
        relevantSince: tie
      })
    )
    const pages: WireFinding[][] = []
    for (let page = 0; page < 4; page++)
      pages.push(await findings({ repos: 'acme/bulk', page, page_size: 100 }))
    expect(pages.map(page => page.length)).toEqual([100, 100, 52, 0])
    const ids = pages.flat().map(finding => finding.id)
    expect(new Set(ids).size).toBe(252)
    expect(ids.slice(0, 2)).toEqual([2, 1])
    const times = pages.flat().map(finding => Date.parse(finding.relevant_since))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })
})

describe('projects', () => {
  beforeEach(() => start())

  it('lists 254 projects over three pages of 100', async () => {
    const sizes: number[] = []
    const names: string[] = []
    for (let page = 0; page < 4; page++) {
      const result = await call(`/api/v1/deployments/acme-corp/projects?page=${page}`)
      const projects = (result.json as { projects: { name: string }[] }).projects
      sizes.push(projects.length)
      names.push(...projects.map(project => project.name))
    }
    expect(sizes).toEqual([100, 100, 54, 0])
    expect(names.slice(0, 4)).toEqual(['acme/web', 'acme/web-legacy', 'acme/api', 'acme/payments'])
    expect(names.at(-1)).toBe('acme/svc-250')
  })

  it('renders project fields without managed_scan_config', async () => {
    const result = await call('/api/v1/deployments/acme-corp/projects?page_size=1')
    const [web] = (result.json as { projects: Record<string, unknown>[] }).projects
    expect(web).toMatchObject({
      id: PROJECT.web,
      name: 'acme/web',
      tags: ['team-web', 'tier-1'],
      default_branch: 'refs/heads/main',
      primary_branch: 'refs/heads/main',
      url: 'https://github.com/acme/web'
    })
    expect(web?.latest_scan_at).toMatch(/Z$/)
    expect(web).not.toHaveProperty('managed_scan_config')
  })

  it('rejects page_size above 3000', async () => {
    const result = await call('/api/v1/deployments/acme-corp/projects?page_size=3001')
    expect(result.status).toBe(400)
    expect(errorOf(result)).toContain("'page_size'")
  })

  it('answers one project by name, in either spelling of its slash, as the vendor documents', async () => {
    const raw = await call('/api/v1/deployments/acme-corp/projects/acme/svc-250')
    expect(raw.status).toBe(200)
    expect((raw.json as { project: Record<string, unknown> }).project).toMatchObject({
      id: 2250,
      name: 'acme/svc-250',
      tags: expect.any(Array),
      managed_scan_config: expect.any(Object)
    })
    const encoded = await call('/api/v1/deployments/acme-corp/projects/ACME%2FWeb')
    expect((encoded.json as { project: { id: number } }).project.id).toBe(PROJECT.web)
    const missing = await call('/api/v1/deployments/acme-corp/projects/acme/nope')
    expect(missing.status).toBe(404)
    expect(errorOf(missing)).toContain("Project 'acme/nope' not found")
    emulator.state.projectPathStyle = 'encoded'
    expect((await call('/api/v1/deployments/acme-corp/projects/acme/web')).status).toBe(404)
    expect((await call('/api/v1/deployments/acme-corp/projects/acme%2Fweb')).status).toBe(200)
  })
})

describe('project tags', () => {
  beforeEach(() => start())
  const rawPath = '/api/v1/deployments/acme-corp/projects/acme/web/tags'
  const encodedPath = '/api/v1/deployments/acme-corp/projects/acme%2Fweb/tags'

  it('replaces the tags, with raw slashes and a bare array body', async () => {
    const result = await call(rawPath, { method: 'PUT', body: ['gate-passed'] })
    expect(result.status).toBe(200)
    const project = (result.json as { project: Record<string, unknown> }).project
    expect(project).toMatchObject({
      id: PROJECT.web,
      name: 'acme/web',
      tags: ['gate-passed'],
      managed_scan_config: { diff_scan: { enabled: true }, full_scan: { enabled: true } }
    })
    expect(emulator.state.projects[0]?.tags).toEqual(['gate-passed'])
  })

  it('accepts %2F and a {tags} object body', async () => {
    const result = await call(encodedPath, {
      method: 'PUT',
      body: { tags: ['team-web', 'tier-1', 'scanned'] }
    })
    expect(result.status).toBe(200)
    expect(emulator.state.projects[0]?.tags).toEqual(['team-web', 'tier-1', 'scanned'])
    expect(emulator.requests.at(-1)?.rawPath).toBe(encodedPath)
    expect(emulator.requests.at(-1)?.path).toBe(rawPath)
  })

  it('answers 404 to the spelling that projectPathStyle does not accept', async () => {
    emulator.state.projectPathStyle = 'raw'
    expect((await call(encodedPath, { method: 'PUT', body: ['x'] })).status).toBe(404)
    expect((await call(rawPath, { method: 'PUT', body: ['x'] })).status).toBe(200)
    emulator.state.projectPathStyle = 'encoded'
    expect((await call(rawPath, { method: 'PUT', body: ['y'] })).status).toBe(404)
    expect((await call(encodedPath, { method: 'PUT', body: ['y'] })).status).toBe(200)
    expect(emulator.state.projects[0]?.tags).toEqual(['y'])
  })

  it('rejects other bodies with 400 and unknown projects with 404', async () => {
    for (const body of [{ tag: 'x' }, 'x', [1, 2], { tags: 'x' }]) {
      expect((await call(rawPath, { method: 'PUT', body })).status).toBe(400)
    }
    expect((await call(rawPath, { method: 'PUT', rawBody: '[not json' })).status).toBe(400)
    const missing = await call('/api/v1/deployments/acme-corp/projects/acme/nope/tags', {
      method: 'PUT',
      body: ['x']
    })
    expect(missing.status).toBe(404)
  })
})

interface TicketResponse {
  succeeded: { external_slug: string; issue_ids: number[]; ticket_id: number; ticket_url: string }[]
  failed: { error: string; issue_ids: number[] }[]
  skipped: { reason: string; issue_ids: number[] }[]
}

describe('tickets', () => {
  beforeEach(() => start())

  async function createTickets(body: Record<string, unknown>): Promise<TicketResponse> {
    const result = await call(TICKETS, { method: 'POST', body })
    expect(result.status).toBe(200)
    return result.json as TicketResponse
  }

  it('creates one ticket per rule and repository, then skips them on a second run', async () => {
    const first = await createTickets({
      issue_type: 'sast',
      issue_ids: [String(WEB_SAST.sqli), WEB_SAST.fixedSqli, String(WEB_SAST.md5)]
    })
    expect(first.succeeded).toEqual([
      {
        external_slug: 'SEC-1',
        issue_ids: [WEB_SAST.sqli, WEB_SAST.fixedSqli],
        ticket_id: 1,
        ticket_url: 'https://tracker.example.test/browse/SEC-1'
      },
      {
        external_slug: 'SEC-2',
        issue_ids: [WEB_SAST.md5],
        ticket_id: 2,
        ticket_url: 'https://tracker.example.test/browse/SEC-2'
      }
    ])
    expect(first.failed).toEqual([])
    const [listed] = await findings({
      ...WEB_MAIN_OPEN,
      rules: 'python.django.security.injection.sql.sql-injection-db-cursor-execute'
    })
    expect(listed?.external_ticket).toEqual({
      externalSlug: 'SEC-1',
      id: 1,
      url: 'https://tracker.example.test/browse/SEC-1',
      linkedIssueIds: [WEB_SAST.sqli, WEB_SAST.fixedSqli]
    })
    const second = await createTickets({
      issue_type: 'sast',
      issue_ids: [WEB_SAST.sqli, WEB_SAST.md5]
    })
    expect(second.succeeded).toEqual([])
    expect(second.skipped).toEqual([
      { reason: 'Issue already has a ticket', issue_ids: [WEB_SAST.sqli] },
      { reason: 'Issue already has a ticket', issue_ids: [WEB_SAST.md5] }
    ])
    expect(emulator.state.tickets).toHaveLength(2)
  })

  it('reports unknown ids and ids of the other issue type as not found', async () => {
    const outcome = await createTickets({
      issue_type: 'sca',
      issue_ids: [999, WEB_SAST.sqli, WEB_SCA.lodash]
    })
    expect(outcome.failed).toEqual([
      { error: 'Issue not found', issue_ids: [999] },
      { error: 'Issue not found', issue_ids: [WEB_SAST.sqli] }
    ])
    expect(outcome.succeeded.map(ticket => ticket.issue_ids)).toEqual([[WEB_SCA.lodash]])
  })

  it('fails the tickets beyond the limit', async () => {
    const outcome = await createTickets({
      issue_type: 'sast',
      issue_ids: [WEB_SAST.sqli, WEB_SAST.subprocess, WEB_SAST.csrf],
      limit: 1
    })
    expect(outcome.succeeded.map(ticket => ticket.issue_ids)).toEqual([[WEB_SAST.sqli]])
    expect(outcome.failed).toEqual([
      { error: 'Ticket limit exceeded', issue_ids: [WEB_SAST.subprocess] },
      { error: 'Ticket limit exceeded', issue_ids: [WEB_SAST.csrf] }
    ])
    expect(
      emulator.state.sastFindings.find(finding => finding.id === WEB_SAST.subprocess)
        ?.externalTicket
    ).toBeNull()
  })

  it('creates one ticket per finding with group_issues false', async () => {
    const outcome = await createTickets({
      issue_type: 'sast',
      issue_ids: [WEB_SAST.sqli, WEB_SAST.fixedSqli],
      group_issues: false
    })
    expect(outcome.succeeded.map(ticket => ticket.issue_ids)).toEqual([
      [WEB_SAST.sqli],
      [WEB_SAST.fixedSqli]
    ])
  })

  it('selects by filters when issue_ids is absent', async () => {
    const outcome = await createTickets({ issue_type: 'sast', repos: ['acme/api'], status: 'open' })
    expect(outcome.succeeded.flatMap(ticket => ticket.issue_ids).sort()).toEqual([
      OTHER.apiPathTraversal,
      OTHER.apiDirectWrite
    ])
  })

  it.each([
    ['issue_type', { issue_ids: [WEB_SAST.sqli] }],
    ['issue_type', { issue_type: 'code', issue_ids: [WEB_SAST.sqli] }],
    ['limit', { issue_type: 'sast', issue_ids: [WEB_SAST.sqli], limit: 0 }],
    ['limit', { issue_type: 'sast', issue_ids: [WEB_SAST.sqli], limit: 21 }],
    ['issue_ids', { issue_type: 'sast', issue_ids: ['71x'] }],
    ['issue_ids', { issue_type: 'sast', issue_ids: String(WEB_SAST.sqli) }]
  ])('answers 400 naming %s', async (parameter, body) => {
    const result = await call(TICKETS, { method: 'POST', body })
    expect(result.status).toBe(400)
    expect(errorOf(result)).toContain(`'${parameter}'`)
  })

  it('answers 400 when neither issue_ids nor filters are given', async () => {
    expect((await call(TICKETS, { method: 'POST', body: { issue_type: 'sast' } })).status).toBe(400)
  })
})

interface DependencyPage {
  dependencies: Record<string, unknown>[]
  cursor: string
  hasMore: boolean
}

describe('dependencies', () => {
  beforeEach(() => start())

  async function listDependencies(body: Record<string, unknown>): Promise<DependencyPage> {
    const result = await call(DEPENDENCIES, { method: 'POST', body })
    expect(result.status).toBe(200)
    return result.json as DependencyPage
  }

  it('renders {id, name, version} in the documented shape', async () => {
    const page = await listDependencies({ dependencyFilter: { repositoryId: [PROJECT.web] } })
    expect(page.dependencies).toHaveLength(44)
    expect(page.dependencies[0]).toEqual({ id: '600001', name: 'react', version: '18.2.0' })
    expect(page.hasMore).toBe(false)
  })

  it('renders the live shape with string ids, package and licenses', async () => {
    emulator.setShape('live')
    const page = await listDependencies({
      dependencyFilter: { license: ['GPL-3.0-only', 'AGPL-3.0-or-later'] }
    })
    expect(page.dependencies).toEqual([
      expect.objectContaining({
        repositoryId: String(PROJECT.web),
        package: { name: 'PyQt5', versionSpecifier: '5.15.10' },
        ecosystem: 'pypi',
        licenses: ['GPL-3.0-only'],
        transitivity: 'DIRECT',
        definedAt: expect.objectContaining({ path: 'requirements.txt' })
      }),
      expect.objectContaining({
        package: { name: 'PyMuPDF', versionSpecifier: '1.23.8' },
        licenses: ['AGPL-3.0-or-later']
      })
    ])
  })

  it('pages with cursor and hasMore', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    const sizes: number[] = []
    for (;;) {
      const page = await listDependencies({
        pageSize: 15,
        cursor,
        dependencyFilter: { repositoryId: [PROJECT.web] }
      })
      sizes.push(page.dependencies.length)
      seen.push(...page.dependencies.map(dependency => String(dependency.id)))
      if (!page.hasMore) break
      cursor = page.cursor
    }
    expect(sizes).toEqual([15, 15, 14])
    expect(new Set(seen).size).toBe(44)
  })

  it.each([
    ['pageSize', { pageSize: 0 }],
    ['pageSize', { pageSize: 10001 }],
    ['cursor', { cursor: 'abc' }],
    ['dependencyFilter.repositoryId', { dependencyFilter: { repositoryId: ['acme/web'] } }]
  ])('answers 400 naming %s', async (parameter, body) => {
    const result = await call(DEPENDENCIES, { method: 'POST', body })
    expect(result.status).toBe(400)
    expect(errorOf(result)).toContain(`'${parameter}'`)
  })
})

interface RulesPage {
  cursor: string
  policy: { id: string }
  rules: { id: string; path: string; policyMode: string }[]
}

describe('policies', () => {
  beforeEach(() => start())

  it('lists the policies', async () => {
    const result = await call('/api/v1/deployments/4242/policies')
    expect(result.json).toEqual({
      policies: [
        {
          id: '11',
          isDefault: true,
          name: 'Default Policy',
          productType: 'PRODUCT_TYPE_SAST',
          slug: 'default-policy'
        },
        {
          id: '12',
          isDefault: false,
          name: 'Strict Policy',
          productType: 'PRODUCT_TYPE_SAST',
          slug: 'strict-policy'
        },
        {
          id: '13',
          isDefault: true,
          name: 'Secrets Policy',
          productType: 'PRODUCT_TYPE_SECRETS',
          slug: 'secrets-policy'
        }
      ]
    })
  })

  async function allRules(limit?: number): Promise<RulesPage[]> {
    const pages: RulesPage[] = []
    let cursor = ''
    do {
      const query = queryString({
        ...(limit === undefined ? {} : { limit }),
        ...(cursor === '' ? {} : { cursor })
      })
      const result = await call(`/api/v1/deployments/4242/policies/11?${query}`)
      expect(result.status).toBe(200)
      const page = result.json as RulesPage
      pages.push(page)
      cursor = page.cursor
    } while (cursor !== '')
    return pages
  }

  it('pages 2600 rules by 500 by default, ending with an empty cursor', async () => {
    const pages = await allRules()
    expect(pages.map(page => page.rules.length)).toEqual([500, 500, 500, 500, 500, 100])
    const modes = new Set(pages.flatMap(page => page.rules.map(rule => rule.policyMode)))
    expect(modes).toEqual(new Set(['MODE_MONITOR', 'MODE_COMMENT', 'MODE_BLOCK', 'MODE_DISABLED']))
  })

  it('keeps a block-mode rule used by a finding beyond the first page of 2000', async () => {
    const [first, second] = await allRules(2000)
    const md5 = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'
    expect(first?.rules.some(rule => rule.path === md5)).toBe(false)
    expect(second?.rules.find(rule => rule.path === md5)?.policyMode).toBe('MODE_BLOCK')
    expect(second?.cursor).toBe('')
  })

  it('validates limit and cursor and answers 404 for an unknown policy', async () => {
    const base = '/api/v1/deployments/4242/policies'
    expect((await call(`${base}/11?limit=2001`)).status).toBe(400)
    expect((await call(`${base}/11?cursor=garbage`)).status).toBe(400)
    expect((await call(`${base}/99`)).status).toBe(404)
  })
})

describe('the retired v1 policies endpoints', () => {
  const base = '/api/v1/deployments/4242/policies'

  it.each([
    ['not-found', 404, 'was not found'],
    ['gone', 410, 'DEPLOYMENT_MIGRATED']
  ] as const)('policiesV1 %s: both endpoints answer %i', async (policiesV1, status, error) => {
    await start({ policiesV1 })
    for (const path of [base, `${base}/11`, `${base}/11?limit=2000`]) {
      const result = await call(path)
      expect(result.status).toBe(status)
      expect(errorOf(result)).toContain(error)
    }
  })

  it('can be retired at run time, and the findings filter by mode still answers', async () => {
    await start()
    expect((await call(base)).status).toBe(200)
    emulator.state.policiesV1 = 'gone'
    expect((await call(base)).status).toBe(410)
    const block = await call(
      `${FINDINGS}?${queryString({ ...WEB_MAIN_OPEN, policies: 'rule-board-block' })}`
    )
    expect(block.status).toBe(200)
    expect(
      (block.json as { sastFindings: { findings: unknown[] } }).sastFindings.findings
    ).toHaveLength(2)
  })
})

interface SbomStatus {
  status: string
  downloadUrl?: string
  errorMessage?: string
}

describe('SBOM export', () => {
  const request = {
    repositoryId: String(PROJECT.web),
    ref: 'refs/heads/main',
    sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_CYCLONEDX',
    metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_APPLICATION',
    formatVersion: { format: 'SBOM_FORMAT_CYCLONEDX', version: '1.5' }
  }

  async function startExport(body: Record<string, unknown> = request): Promise<string> {
    const result = await call(SBOM, { method: 'POST', body })
    expect(result.status).toBe(200)
    return (result.json as { taskToken: string }).taskToken
  }

  async function poll(taskToken: string): Promise<SbomStatus> {
    return (await call(`${SBOM}/${taskToken}`)).json as SbomStatus
  }

  it('goes IN_PROGRESS then COMPLETED, with a signed URL on the download server', async () => {
    await start()
    const taskToken = await startExport()
    expect(await poll(taskToken)).toEqual({ status: 'SBOM_EXPORT_STATUS_IN_PROGRESS' })
    const done = await poll(taskToken)
    expect(done.status).toBe('SBOM_EXPORT_STATUS_COMPLETED')
    expect(done.downloadUrl).toMatch(
      new RegExp(
        `^${emulator.downloadUrl}/sbom/${taskToken}\\.json\\?X-Amz-Signature=[0-9a-f]{64}$`
      )
    )
    const url = done.downloadUrl ?? ''
    const document = (await (await fetch(url)).json()) as {
      bomFormat: string
      specVersion: string
      metadata: { component: { name: string; type: string } }
      components: { name: string }[]
    }
    expect(document.bomFormat).toBe('CycloneDX')
    expect(document.specVersion).toBe('1.5')
    expect(document.metadata.component).toMatchObject({ name: 'acme/web', type: 'application' })
    expect(document.components).toHaveLength(44)
    const withToken = await fetch(url, { headers: { authorization: `Bearer ${emulator.token}` } })
    expect(withToken.status).toBe(400)
    expect(await withToken.text()).toContain('InvalidArgument')
    expect((await fetch(url.replace(/Signature=\w+/, 'Signature=00'))).status).toBe(403)
    expect(emulator.downloads.map(entry => entry.status)).toEqual([200, 400, 403])
    expect(emulator.downloads[0]?.headers.authorization).toBeUndefined()
  })

  it('honours sbomPollsUntilDone', async () => {
    await start({ sbomPollsUntilDone: 3 })
    const taskToken = await startExport()
    const statuses: string[] = []
    for (let i = 0; i < 5; i++) statuses.push((await poll(taskToken)).status)
    expect(statuses).toEqual([
      'SBOM_EXPORT_STATUS_IN_PROGRESS',
      'SBOM_EXPORT_STATUS_IN_PROGRESS',
      'SBOM_EXPORT_STATUS_IN_PROGRESS',
      'SBOM_EXPORT_STATUS_COMPLETED',
      'SBOM_EXPORT_STATUS_COMPLETED'
    ])
  })

  it('fails exports of repositories in sbomFailRepositories', async () => {
    await start({ sbomPollsUntilDone: 0 })
    emulator.state.sbomFailRepositories.add(PROJECT.payments)
    const outcome = await poll(await startExport({ ...request, repositoryId: PROJECT.payments }))
    expect(outcome.status).toBe('SBOM_EXPORT_STATUS_FAILED')
    expect(outcome.errorMessage).toContain('acme/payments')
    expect(outcome.downloadUrl).toBeUndefined()
  })

  it('validates the request', async () => {
    await start()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...request, sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_SPDX' }, 400, 'sbomOutputFormat'],
      [
        { ...request, metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_WIDGET' },
        400,
        'metadataComponentType'
      ],
      [{ ...request, repositoryId: undefined }, 400, 'repositoryId'],
      [{ ...request, repositoryId: '999999' }, 404, 'Repository 999999']
    ]
    for (const [body, status, message] of cases) {
      const result = await call(SBOM, { method: 'POST', body })
      expect(result.status).toBe(status)
      expect(errorOf(result)).toContain(message)
    }
    expect((await call(`${SBOM}/no-such-task`)).status).toBe(404)
  })
})

describe('faults', () => {
  beforeEach(() => start())

  it('answers a status fault the given number of times, then normally', async () => {
    emulator.addFault({
      path: FINDINGS,
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 2
    })
    const first = await call(FINDINGS)
    expect(first.status).toBe(429)
    expect(first.headers.get('retry-after')).toBe('1')
    expect(first.json).toEqual({ error: 'Too Many Requests' })
    expect((await call(FINDINGS)).status).toBe(429)
    expect((await call(FINDINGS)).status).toBe(200)
    expect(emulator.requests.map(entry => entry.status)).toEqual([429, 429, 200])
  })

  it('matches string paths exactly and RegExp paths and methods', async () => {
    emulator.addFault({ path: '/api/v1/deployments', kind: 'status', status: 503 })
    expect((await call(FINDINGS)).status).toBe(200)
    emulator.clearFaults()
    emulator.addFault({
      path: /\/tickets$/,
      method: 'post',
      kind: 'status',
      status: 502,
      times: Infinity
    })
    expect((await call(FINDINGS)).status).toBe(200)
    for (let i = 0; i < 3; i++)
      expect((await call(TICKETS, { method: 'POST', body: {} })).status).toBe(502)
  })

  it('tells two POSTs to one path apart by the keys their JSON bodies carry', async () => {
    emulator.addFault({
      path: TICKETS,
      bodyHas: { issue_ids: false },
      kind: 'status',
      status: 503,
      times: Infinity
    })
    const withIds = { issue_type: 'sast', issue_ids: [WEB_SAST.sqli] }
    expect((await call(TICKETS, { method: 'POST', body: withIds })).status).toBe(200)
    expect((await call(TICKETS, { method: 'POST', body: { issue_type: 'sast' } })).status).toBe(503)
    expect((await call(TICKETS, { method: 'POST', body: [] })).status).toBe(503)
    expect(faultFromJson({ kind: 'reset', bodyHas: { repository_id: true, x: 'no' } })).toEqual({
      kind: 'reset',
      bodyHas: { repository_id: true, x: false }
    })
  })

  it('resets the connection without an answer', async () => {
    emulator.addFault({ kind: 'reset' })
    await expect(call(FINDINGS)).rejects.toThrow()
    expect(emulator.requests[0]?.status).toBe(NO_ANSWER_STATUS)
    expect((await call(FINDINGS)).status).toBe(200)
  })

  it('performs the state change before resetting with reset-after-processing', async () => {
    emulator.addFault({ path: TICKETS, kind: 'reset-after-processing' })
    await expect(
      call(TICKETS, { method: 'POST', body: { issue_type: 'sast', issue_ids: [WEB_SAST.sqli] } })
    ).rejects.toThrow()
    expect(emulator.state.tickets.map(ticket => ticket.issueIds)).toEqual([[WEB_SAST.sqli]])
    const retry = await call(TICKETS, {
      method: 'POST',
      body: { issue_type: 'sast', issue_ids: [WEB_SAST.sqli] }
    })
    expect((retry.json as TicketResponse).skipped).toEqual([
      { reason: 'Issue already has a ticket', issue_ids: [WEB_SAST.sqli] }
    ])
  })

  it('delays, then answers normally', async () => {
    emulator.addFault({ kind: 'delay', ms: 300 })
    const startedAt = performance.now()
    const result = await call(`${FINDINGS}?${queryString(WEB_MAIN_OPEN)}`)
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290)
    expect((result.json as DocumentedPage).sastFindings.findings).toHaveLength(10)
  })

  it('answers truncated JSON, an HTML error page, or an exact JSON body', async () => {
    emulator.addFault({ kind: 'malformed' })
    const malformed = await call(FINDINGS)
    expect(malformed.status).toBe(200)
    expect(malformed.headers.get('content-type')).toBe('application/json')
    expect(() => JSON.parse(malformed.text) as unknown).toThrow(SyntaxError)
    emulator.addFault({ kind: 'html', status: 502 })
    const html = await call(FINDINGS)
    expect(html.status).toBe(502)
    expect(html.headers.get('content-type')).toContain('text/html')
    expect(html.text).toContain('<h1>502 Bad Gateway</h1>')
    emulator.addFault({ kind: 'json', body: { findings: 'surprise' } })
    const json = await call(FINDINGS)
    expect(json.status).toBe(200)
    expect(json.json).toEqual({ findings: 'surprise' })
  })

  it('adds latencyMs to every API response', async () => {
    await emulator.close()
    await start({ latencyMs: 150 })
    const startedAt = performance.now()
    await call('/api/v1/deployments')
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140)
  })

  describe('connectRoundTrips', () => {
    const LATENCY = 200
    /** Milliseconds from sending a GET to its answer having ended. */
    function timedGet(url: string, options: http.RequestOptions): Promise<number> {
      const startedAt = performance.now()
      return new Promise((resolve, reject) => {
        const req = http.get(url, options, res => {
          res.resume()
          res.on('end', () => resolve(performance.now() - startedAt))
        })
        req.on('error', reject)
      })
    }
    const auth = (): http.RequestOptions => ({
      headers: { authorization: `Bearer ${emulator.token}` }
    })

    it('holds the first request on a new connection for the handshakes, not the next ones on it', async () => {
      await emulator.close()
      await start({ latencyMs: LATENCY, connectRoundTrips: 2 })
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      try {
        const first = await timedGet(`${emulator.url}/api/v1/deployments`, { ...auth(), agent })
        const second = await timedGet(`${emulator.url}/api/v1/deployments`, { ...auth(), agent })
        expect(first).toBeGreaterThanOrEqual(3 * LATENCY - 10)
        expect(second).toBeGreaterThanOrEqual(LATENCY - 10)
        expect(second).toBeLessThan(3 * LATENCY - 10)
        // The object storage behind the signed URLs is a connection of its own.
        const download = await timedGet(`${emulator.downloadUrl}/none`, { agent: false })
        expect(download).toBeGreaterThanOrEqual(3 * LATENCY - 10)
      } finally {
        agent.destroy()
      }
    })

    it('does not hold the first request on a connection opened the handshakes earlier', async () => {
      await emulator.close()
      await start({ latencyMs: LATENCY, connectRoundTrips: 2 })
      const socket = net.connect(Number(new URL(emulator.url).port), '127.0.0.1')
      await new Promise(resolve => setTimeout(resolve, 2 * LATENCY + 20))
      const elapsed = await timedGet(`${emulator.url}/api/v1/deployments`, {
        ...auth(),
        createConnection: () => socket
      })
      socket.destroy()
      expect(elapsed).toBeGreaterThanOrEqual(LATENCY - 10)
      expect(elapsed).toBeLessThan(2 * LATENCY)
    })

    it('costs nothing by default', async () => {
      await emulator.close()
      await start({ latencyMs: LATENCY })
      const elapsed = await timedGet(`${emulator.url}/api/v1/deployments`, {
        ...auth(),
        agent: false
      })
      expect(elapsed).toBeLessThan(2 * LATENCY)
    })
  })

  it('is controlled over HTTP without a token', async () => {
    const control = (path: string, method: string, body?: unknown): Promise<HttpResult> =>
      call(path, { method, body, token: null })
    expect(
      (
        await control('/_emulator/faults', 'POST', {
          path: { regex: 'findings$' },
          kind: 'status',
          status: 500,
          times: null
        })
      ).status
    ).toBe(201)
    for (let i = 0; i < 3; i++) expect((await call(FINDINGS)).status).toBe(500)
    expect((await control('/_emulator/faults', 'DELETE')).status).toBe(200)
    expect((await call(FINDINGS)).status).toBe(200)
    expect((await control('/_emulator/shape', 'POST', { shape: 'live' })).json).toEqual({
      shape: 'live'
    })
    expect(emulator.shape).toBe('live')
    expect((await control('/_emulator/shape', 'POST', { shape: 'yaml' })).status).toBe(400)
    expect((await control('/_emulator/faults', 'POST', { kind: 'explode' })).status).toBe(400)
    const log = (await control('/_emulator/requests', 'GET')).json as {
      requests: { path: string; status: number }[]
    }
    expect(log.requests.map(entry => [entry.path, entry.status])).toEqual([
      [FINDINGS, 500],
      [FINDINGS, 500],
      [FINDINGS, 500],
      [FINDINGS, 200]
    ])
  })
})

describe('request log', () => {
  beforeEach(() => start())

  it('records method, paths, repeated query keys, headers and parsed body', async () => {
    await call(`${FINDINGS}?repos=acme/web&repos=acme/api&page_size=100`)
    await call(TICKETS, {
      method: 'POST',
      body: { issue_type: 'sast', issue_ids: [WEB_SAST.sqli] }
    })
    const [get, post] = emulator.requests
    expect(get).toMatchObject({
      method: 'GET',
      path: FINDINGS,
      query: { repos: ['acme/web', 'acme/api'], page_size: ['100'] },
      status: 200
    })
    expect(get?.headers.authorization).toBe(`Bearer ${emulator.token}`)
    expect(post).toMatchObject({
      method: 'POST',
      body: { issue_type: 'sast', issue_ids: [WEB_SAST.sqli] },
      status: 200
    })
  })
})

describe('seed and factories', () => {
  it('is deterministic for a given now', () => {
    const a = buildState({ now: NOW })
    const b = buildState({ now: NOW })
    expect(JSON.stringify(a.sastFindings)).toBe(JSON.stringify(b.sastFindings))
    expect(JSON.stringify(a.projects)).toBe(JSON.stringify(b.projects))
  })

  it('lets tests compose scenarios with factories', async () => {
    await start({ seed: 'empty' })
    emulator.state.scaFindings.push(
      scaFinding({ id: 42, severity: 'critical', reachability: 'reachable', relevantSince: NOW }),
      scaFinding({ id: 43, ref: 'refs/heads/dev' })
    )
    const listed = await findings({ issue_type: 'sca', repos: 'acme/web', ref: 'refs/heads/main' })
    expect(
      listed.map(finding => [finding.id, finding.severity, finding.found_dependency?.package])
    ).toEqual([[42, 'critical', 'lodash']])
  })

  it('generates 120,000 bulk findings in under 3 seconds and serves a page of 3000', async () => {
    const startedAt = performance.now()
    await start({
      bulk: { repository: 'acme/monorepo', ref: 'refs/heads/main', sast: 90_000, sca: 30_000 }
    })
    const generationMs = performance.now() - startedAt
    expect(
      emulator.state.sastFindings.length + emulator.state.scaFindings.length
    ).toBeGreaterThanOrEqual(120_000)
    expect(generationMs).toBeLessThan(3000)
    const page = await findings({
      repos: 'acme/monorepo',
      status: 'open',
      page: 29,
      page_size: 3000
    })
    expect(page).toHaveLength(3000)
    expect(await findings({ repos: 'acme/monorepo', page: 30, page_size: 3000 })).toHaveLength(0)
  })
})

describe('TLS', () => {
  let directory = ''

  afterEach(() => {
    if (directory !== '') rmSync(directory, { recursive: true, force: true })
  })

  /** A self-signed certificate for 127.0.0.1. */
  function selfSigned(): { key: Buffer; cert: Buffer } {
    directory = mkdtempSync(join(tmpdir(), 'emulator-tls-'))
    const key = join(directory, 'key.pem')
    const cert = join(directory, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert
      ],
      { stdio: 'ignore' }
    )
    return { key: readFileSync(key), cert: readFileSync(cert) }
  }

  function get(url: string, ca: Buffer, agent?: https.Agent): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const req = https.get(
        url,
        { ca, agent, headers: { authorization: `Bearer ${emulator.token}` } },
        res => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => resolve(text))
        }
      )
      req.on('error', reject)
    })
  }

  it('serves the API and the downloads over https', async () => {
    const tls = selfSigned()
    await start({ tls })
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(emulator.downloadUrl).toMatch(/^https:\/\//)
    const body = await get(`${emulator.url}/api/v1/deployments`, tls.cert)
    expect(JSON.parse(body)).toMatchObject({ deployments: [{ id: 4242, slug: 'acme-corp' }] })
  })

  it('the CLI serves https with --tls-key and --tls-cert, and refuses one without the other', async () => {
    const tls = selfSigned()
    const cli = (...flags: string[]): ReturnType<typeof spawn> =>
      spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'emulator/cli.ts', ...flags], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe']
      })
    const keyFile = join(directory, 'key.pem')
    const certFile = join(directory, 'cert.pem')
    const child = cli('--tls-key', keyFile, '--tls-cert', certFile)
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    const banner = await new Promise<string>(resolve =>
      createInterface({ input: child.stdout! }).once('line', resolve)
    )
    const url = /on (https:\/\/127\.0\.0\.1:\d+) /.exec(banner)?.[1] ?? ''
    expect(url).not.toBe('')
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get(
          `${url}/api/v1/deployments`,
          { ca: tls.cert, headers: { authorization: `Bearer ${DEFAULT_TOKEN}` } },
          res => {
            let text = ''
            res.on('data', (chunk: Buffer) => (text += chunk.toString()))
            res.on('end', () => resolve(text))
          }
        )
        .on('error', reject)
    })
    expect(JSON.parse(body)).toMatchObject({ deployments: [{ slug: 'acme-corp' }] })
    child.kill('SIGTERM')
    expect(await exited).toBe(0)

    const alone = cli('--tls-key', keyFile)
    let stderr = ''
    alone.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    expect(
      await new Promise<number | null>(resolve => alone.on('exit', code => resolve(code)))
    ).toBe(2)
    expect(stderr).toBe(
      'emulator: --tls-key and --tls-cert go together: give both files or neither\n' +
        '(npm run emulator -- --help lists the flags)\n'
    )
  })

  it('holds the first request on a TLS connection for the handshakes, not the next one', async () => {
    const tls = selfSigned()
    await start({ tls, latencyMs: 200, connectRoundTrips: 2 })
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const timed = async (): Promise<number> => {
        const startedAt = performance.now()
        await get(`${emulator.url}/api/v1/deployments`, tls.cert, agent)
        return performance.now() - startedAt
      }
      const first = await timed()
      const second = await timed()
      expect(first).toBeGreaterThanOrEqual(590)
      expect(second).toBeGreaterThanOrEqual(190)
      expect(second).toBeLessThan(590)
    } finally {
      agent.destroy()
    }
  })
  it('over TLS, charges the TCP round trip from the opening and the TLS one from the handshake', async () => {
    const LATENCY = 200
    const tls = selfSigned()
    await start({ tls, latencyMs: LATENCY, connectRoundTrips: 2 })
    const raw = net.connect(Number(new URL(emulator.url).port), '127.0.0.1')
    await new Promise(resolve => raw.once('connect', resolve))
    // A client busy for two round trips before it sends its hello.
    await new Promise(resolve => setTimeout(resolve, 2 * LATENCY))
    const secure = tlsConnect({ socket: raw, ca: tls.cert, host: '127.0.0.1' })
    await new Promise(resolve => secure.once('secureConnect', resolve))
    const startedAt = performance.now()
    await new Promise<void>((resolve, reject) => {
      https
        .get(
          `${emulator.url}/api/v1/deployments`,
          {
            headers: { authorization: `Bearer ${emulator.token}` },
            createConnection: () => secure
          },
          res => res.resume().on('end', resolve)
        )
        .on('error', reject)
    })
    const elapsed = performance.now() - startedAt
    secure.destroy()
    // The TLS round trip, then the answer's: not the answer's alone (both counted from the
    // opening), nor three (both from the handshake).
    expect(elapsed).toBeGreaterThanOrEqual(2 * LATENCY - 10)
    expect(elapsed).toBeLessThan(3 * LATENCY - 10)
  })
})

describe('CLI', () => {
  it('prints the banner, serves with the given flags and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'emulator/cli.ts',
        '--shape',
        'live',
        '--token',
        'cli-token'
      ],
      {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'inherit']
      }
    )
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    const lines = createInterface({ input: child.stdout })
    const banner = await new Promise<string>(resolve => lines.once('line', resolve))
    const match =
      /^Findings API emulator on (http:\/\/127\.0\.0\.1:\d+) {2}deployment acme-corp \(id 4242\) {2}token cli-token$/.exec(
        banner
      )
    expect(match).not.toBeNull()
    const url = match?.[1] ?? ''
    const response = await fetch(
      `${url}${FINDINGS}?repos=acme/web&status=open&ref=refs/heads/main`,
      {
        headers: { authorization: 'Bearer cli-token' }
      }
    )
    expect(Object.keys((await response.json()) as Record<string, unknown>)).toEqual(['findings'])
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('exits 2 on an invalid flag', async () => {
    const child = spawn(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'emulator/cli.ts', '--shape', 'xml'],
      {
        cwd: process.cwd(),
        stdio: 'ignore'
      }
    )
    expect(
      await new Promise<number | null>(resolve => child.on('exit', code => resolve(code)))
    ).toBe(2)
  })
})

describe('precomputed findings pages (benchmarks)', () => {
  const addBlocking = (): void => {
    emulator.state.sastFindings.push(
      sastFinding({ id: 7_900_001, relevantSince: NOW, severity: 'critical' })
    )
  }

  it('renders a page once and serves the same bytes, whatever the state or the query order', async () => {
    await start({ precomputedFindingsPages: true })
    const first = await call(`${FINDINGS}?${queryString({ ...WEB_MAIN_OPEN, page: 0 })}`)
    addBlocking()
    const reordered = await call(
      `${FINDINGS}?${queryString({ page: 0, status: 'open', ref: 'refs/heads/main', repos: 'acme/web' })}`
    )
    expect(reordered.status).toBe(200)
    expect(reordered.text).toBe(first.text)
    // Another page (here another page_size) is rendered from the state of its first request.
    expect(await findingIds({ ...WEB_MAIN_OPEN, page: 0, page_size: 200 })).toContain(7_900_001)
    // The credentials are part of a page's identity: a wrong token is still refused.
    const refused = await call(`${FINDINGS}?${queryString({ ...WEB_MAIN_OPEN, page: 0 })}`, {
      token: 'wrong'
    })
    expect(refused.status).toBe(401)
  })

  it('without the option, every request renders the page from the current state', async () => {
    await start()
    expect(await findingIds({ ...WEB_MAIN_OPEN, page: 0 })).not.toContain(7_900_001)
    addBlocking()
    expect(await findingIds({ ...WEB_MAIN_OPEN, page: 0 })).toContain(7_900_001)
  })
})
