/**
 * The typed API client against the emulator over real HTTP: every resource module, in both wire
 * shapes (what the description documents and what the live service answers).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { aiSastFinding, sastFinding, scaFinding } from '../emulator/data/factories.js'
import { startEmulator, type Emulator, type WireShape } from '../emulator/server.js'
import { renderFindingsPage, type JsonObject } from '../emulator/wire.js'
import { listDependencies } from '../src/api/dependencies.js'
import {
  DeploymentError,
  listDeployments,
  pickDeployment,
  resolveDeployment
} from '../src/api/deployments.js'
import { ApiError } from '../src/api/errors.js'
import { readFindingIds, readFindings, type FindingsQuery } from '../src/api/findings.js'
import { findProject, listProjects, putProjectTags } from '../src/api/projects.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { createSbomExport, getSbomExport } from '../src/api/sbom.js'
import { Transport } from '../src/api/transport.js'
import type { Finding, SastFinding, ScaFinding } from '../src/domain.js'
import {
  OTHER,
  PROJECT,
  SAMPLE_PROJECT_COUNT,
  WEB_MAIN_OPEN_SAST,
  WEB_MAIN_OPEN_SCA,
  WEB_PR,
  WEB_SAST,
  WEB_SCA
} from './helpers/sample.js'
import { emulatorTransport, quiesce } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const DAY_MS = 86_400_000
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
const MD5_RULE = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'
const SHAPES: readonly WireShape[] = ['documented', 'live']

let emulator: Emulator
let transport: Transport
const sleeps: number[] = []

function daysAgo(days: number): string {
  return new Date(NOW.getTime() - days * DAY_MS).toISOString()
}

function newTransport(): Transport {
  return new Transport({
    baseUrl: emulator.url,
    token: emulator.token,
    timeoutMs: 10_000,
    retry: defaultRetryPolicy(2),
    sleep: ms => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    random: () => 0.5,
    now: () => NOW.getTime()
  })
}

/** Every finding of `query`; its first page asked for alone, so that it is the first request. */
function collect(query: FindingsQuery): Promise<Finding[]> {
  return readFindings(transport, 'acme-corp', query, 1)
}

function byId<T extends Finding>(findings: readonly Finding[], id: number): T {
  const found = findings.find(finding => finding.id === id)
  if (!found) throw new Error(`finding ${id} not returned`)
  return found as T
}

function sortedIds(findings: readonly Finding[]): number[] {
  return ascending(findings.map(finding => finding.id))
}

function ascending(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b)
}

const webMain = (type: 'sast' | 'sca'): FindingsQuery => ({
  type,
  repository: 'acme/web',
  ref: 'refs/heads/main',
  status: 'open'
})

beforeAll(async () => {
  emulator = await startEmulator({ now: NOW })
  transport = newTransport()
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(() => {
  emulator.clearFaults()
  emulator.requests.length = 0
  sleeps.length = 0
})

describe.each(SHAPES)('in the %s wire shape', shape => {
  beforeEach(() => emulator.setShape(shape))

  describe('deployments', () => {
    it('lists the one deployment with its id as a string', async () => {
      await expect(listDeployments(transport)).resolves.toEqual([
        { id: '4242', slug: 'acme-corp', name: 'Acme Corp' }
      ])
      expect(emulator.requests.map(r => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v1/deployments'
      ])
    })

    it('resolves by slug only, id only, or neither, filling in the other key', async () => {
      const expected = { id: '4242', slug: 'acme-corp', name: 'Acme Corp' }
      await expect(resolveDeployment(transport, { slug: 'acme-corp' })).resolves.toEqual(expected)
      await expect(resolveDeployment(transport, { slug: 'ACME-Corp' })).resolves.toEqual(expected)
      await expect(resolveDeployment(transport, { id: '4242' })).resolves.toEqual(expected)
      await expect(resolveDeployment(transport, {})).resolves.toEqual(expected)
      expect(emulator.requests).toHaveLength(4)
    })

    it('checks slug and id given together against the deployments list', async () => {
      await expect(
        resolveDeployment(transport, { slug: 'acme-corp', id: '4242' })
      ).resolves.toEqual({ id: '4242', slug: 'acme-corp', name: 'Acme Corp' })
      expect(emulator.requests.map(r => r.path)).toEqual(['/api/v1/deployments'])
      await expect(resolveDeployment(transport, { slug: 'acme-corp', id: '77' })).rejects.toThrow(
        DeploymentError
      )
    })

    it('names the wanted and the accessible deployments when nothing matches', async () => {
      const wrongSlug = resolveDeployment(transport, { slug: 'acme' })
      await expect(wrongSlug).rejects.toThrow(DeploymentError)
      await expect(resolveDeployment(transport, { slug: 'acme' })).rejects.toThrow(
        'deployment-slug "acme" does not match a deployment this api-token can access (acme-corp (id 4242))'
      )
      await expect(resolveDeployment(transport, { id: '42' })).rejects.toThrow(
        'deployment-id "42" does not match a deployment this api-token can access (acme-corp (id 4242))'
      )
    })
  })

  describe('findings', () => {
    it('returns exactly the open SAST findings of acme/web on main, normalised', async () => {
      const findings = await collect(webMain('sast'))
      expect(sortedIds(findings)).toEqual(WEB_MAIN_OPEN_SAST)
      // relevant_since descending: the server's order is kept
      expect(findings.map(f => f.id)).toEqual([
        WEB_SAST.dangerousHtml,
        WEB_SAST.sqli,
        WEB_SAST.csrf,
        WEB_SAST.subprocess,
        WEB_SAST.loggerLeak,
        WEB_SAST.md5,
        WEB_SAST.throttle,
        WEB_SAST.openRedirect,
        WEB_SAST.documentMethod,
        WEB_SAST.certValidation
      ])
      const md5 = byId<SastFinding>(findings, WEB_SAST.md5)
      expect(md5).toEqual({
        type: 'sast',
        id: WEB_SAST.md5,
        ruleName: MD5_RULE,
        ruleMessage: expect.stringMatching(/^It looks like MD5 is used as a password hash\./),
        severity: 'medium',
        confidence: 'high',
        status: 'open',
        ref: 'refs/heads/main',
        repository: 'acme/web',
        location: {
          path: 'src/app/auth/passwords.py',
          line: 31,
          column: 9,
          endLine: 32,
          endColumn: 48
        },
        url: expect.stringMatching(
          /^https:\/\/github\.com\/acme\/web\/blob\/[0-9a-f]{40}\/src\/app\/auth\/passwords\.py#L31$/
        ),
        matchBasedId: expect.stringMatching(/^[0-9a-f]{64}_0$/),
        syntacticId: expect.stringMatching(/^[0-9a-f]{32}$/),
        relevantSince: Date.parse(daysAgo(21)),
        externalTicket: undefined,
        categories: ['security'],
        cwe: ['CWE-327: Use of a Broken or Risky Cryptographic Algorithm'],
        owasp: ['A02:2021 - Cryptographic Failures'],
        sourcingPolicy: { id: '11', name: 'Default Policy', slug: 'default-policy' }
      })
      const sqli = byId<SastFinding>(findings, WEB_SAST.sqli)
      expect(sqli.severity).toBe('high')
      expect(sqli.location).toEqual({
        path: 'src/app/views.py',
        line: 42,
        column: 9,
        endLine: 42,
        endColumn: 48
      })
      expect(sqli.relevantSince).toBe(Date.parse(daysAgo(3)))
    })

    it('sends every scope filter as the documented query: repeated keys, page_size 3000', async () => {
      const since = Math.floor(NOW.getTime() / 1000) - 10 * 86_400
      const findings = await collect({ ...webMain('sast'), since })
      expect(sortedIds(findings)).toEqual([WEB_SAST.sqli, WEB_SAST.csrf, WEB_SAST.dangerousHtml])
      // Page 0, short, so not the end: then page 1, empty, which is.
      expect(emulator.requests.map(r => r.query.page?.[0]).sort()).toEqual(['0', '1'])
      const [request] = emulator.requests
      expect(request.method).toBe('GET')
      expect(request.path).toBe(FINDINGS_PATH)
      expect(request.query).toEqual({
        issue_type: ['sast'],
        repos: ['acme/web'],
        ref: ['refs/heads/main'],
        status: ['open'],
        since: [String(since)],
        page: ['0'],
        page_size: ['3000']
      })
      expect(request.headers.authorization).toBe(`Bearer ${emulator.token}`)
      expect(request.headers.accept).toBe('application/json')
    })

    it.each([
      ['block', 'rule-board-block', [WEB_SAST.sqli, WEB_SAST.md5]],
      [
        'comment',
        'rule-board-pr-comments',
        [WEB_SAST.csrf, WEB_SAST.openRedirect, WEB_SAST.loggerLeak, WEB_SAST.certValidation]
      ],
      [
        'monitor',
        'rule-board-audit',
        [WEB_SAST.subprocess, WEB_SAST.throttle, WEB_SAST.dangerousHtml]
      ]
    ] as const)(
      'reads the %s-mode list through the policies filter, ids only',
      async (mode, filter, ids) => {
        const listed = await readFindingIds(transport, 'acme-corp', { ...webMain('sast'), mode }, 1)
        expect(ascending(listed)).toEqual(ascending(ids))
        // Page 0, short, then page 1, empty: a mode list ends like any list.
        expect(emulator.requests.map(r => r.query.page?.[0]).sort()).toEqual(['0', '1'])
        expect(emulator.requests.map(r => r.query.policies)).toEqual([[filter], [filter]])
      }
    )

    it('never selects the prefix look-alike acme/web-legacy', async () => {
      const findings = await collect(webMain('sca'))
      expect(findings.every(f => f.repository === 'acme/web')).toBe(true)
      expect(findings.some(f => f.severity === 'critical' && f.id === OTHER.legacyLog4j)).toBe(
        false
      )
      const legacy = await collect({ ...webMain('sast'), repository: 'acme/web-legacy' })
      expect(legacy.map(f => [f.id, f.repository, f.severity])).toEqual([
        [OTHER.legacySql, 'acme/web-legacy', 'critical']
      ])
    })

    it('returns the open SCA findings with reachability, dependency, fix versions and EPSS', async () => {
      const findings = await collect(webMain('sca'))
      expect(sortedIds(findings)).toEqual(WEB_MAIN_OPEN_SCA)
      expect(emulator.requests[0].query.issue_type).toEqual(['sca'])
      const requests = byId<ScaFinding>(findings, WEB_SCA.requests)
      expect(requests).toEqual({
        type: 'sca',
        id: WEB_SCA.requests,
        ruleName: expect.stringMatching(/^ssc-[0-9a-f-]{36}$/),
        ruleMessage:
          'Requests is vulnerable to leaking Proxy-Authorization headers to destination servers when redirected to an HTTPS endpoint.',
        severity: 'medium',
        confidence: 'high',
        status: 'open',
        ref: 'refs/heads/main',
        repository: 'acme/web',
        location: { path: 'requirements.txt', line: 31, column: 1, endLine: 31, endColumn: 1 },
        url: expect.stringMatching(
          /^https:\/\/github\.com\/acme\/web\/blob\/[0-9a-f]{40}\/requirements\.txt#L31$/
        ),
        matchBasedId: expect.stringMatching(/^[0-9a-f]{64}_0$/),
        syntacticId: expect.stringMatching(/^[0-9a-f]{32}$/),
        relevantSince: Date.parse(daysAgo(25)),
        externalTicket: undefined,
        categories: ['security'],
        cwe: ['CWE-200: Exposure of Sensitive Information to an Unauthorized Actor'],
        owasp: ['A06:2021 - Vulnerable and Outdated Components'],
        reachability: 'always_reachable',
        malicious: false,
        vulnerabilityId: 'CVE-2023-32681',
        dependency: {
          package: 'requests',
          version: '2.25.1',
          ecosystem: 'pypi',
          transitivity: 'direct'
        },
        fixVersions: ['requests@2.31.0'],
        epss: { score: 0.00062, percentile: 0.2601 }
      })
      const reachability = Object.fromEntries(
        findings.map(f => [f.id, (f as ScaFinding).reachability])
      )
      expect(reachability).toEqual({
        [WEB_SCA.lodash]: 'reachable',
        [WEB_SCA.requests]: 'always_reachable',
        [WEB_SCA.pyyaml]: 'conditionally_reachable',
        [WEB_SCA.minimist]: 'unreachable',
        [WEB_SCA.debug]: 'unknown',
        [WEB_SCA.jinja2]: 'unreachable'
      })
      const minimist = byId<ScaFinding>(findings, WEB_SCA.minimist)
      expect(minimist.severity).toBe('critical')
      expect(minimist.dependency).toEqual({
        package: 'minimist',
        version: '1.2.5',
        ecosystem: 'npm',
        transitivity: 'transitive'
      })
    })

    it('marks the malicious dependency of the PR', async () => {
      const findings = await collect({ ...webMain('sca'), ref: 'refs/pull/42/merge' })
      const malicious = byId<ScaFinding>(findings, WEB_PR.flatmapStream)
      expect(malicious.malicious).toBe(true)
      expect(malicious.dependency?.package).toBe('flatmap-stream')
      expect(malicious.fixVersions).toEqual([])
      expect(findings.filter(f => (f as ScaFinding).malicious).map(f => f.id)).toEqual([
        WEB_PR.flatmapStream
      ])
    })

    it('falls back to the usage location of an SCA finding without a location', async () => {
      const record = scaFinding({
        id: 8_800_101,
        relevantSince: NOW,
        usage: {
          location: {
            filePath: 'src/app/importers/yaml.py',
            line: 22,
            column: 5,
            endLine: 23,
            endColumn: 42
          },
          externalTicket: null
        }
      })
      const page = renderFindingsPage('sca', [record], shape)
      const list =
        shape === 'live'
          ? (page.findings as JsonObject[])
          : ((page.scaFindings as JsonObject).findings as JsonObject[])
      delete list[0].location
      emulator.addFault({ kind: 'json', path: FINDINGS_PATH, body: page })
      const findings = await collect(webMain('sca'))
      expect(findings.map(f => [f.id, f.location])).toEqual([
        [
          8_800_101,
          { path: 'src/app/importers/yaml.py', line: 22, column: 5, endLine: 23, endColumn: 42 }
        ]
      ])
    })

    it('reads an external ticket of a finding', async () => {
      const ticketed = sastFinding({
        id: 8_800_001,
        repository: { name: 'acme/ticketed', url: 'https://github.com/acme/ticketed' },
        relevantSince: NOW,
        externalTicket: {
          externalSlug: 'SEC-77',
          id: 77,
          url: 'https://tracker.example.test/browse/SEC-77',
          linkedIssueIds: [8_800_001]
        }
      })
      emulator.state.sastFindings.push(ticketed)
      try {
        const findings = await collect({ ...webMain('sast'), repository: 'acme/ticketed' })
        expect(findings).toHaveLength(1)
        expect(findings[0].externalTicket).toEqual({
          id: '77',
          url: 'https://tracker.example.test/browse/SEC-77'
        })
        expect(findings[0].relevantSince).toBe(NOW.getTime())
      } finally {
        emulator.state.sastFindings.pop()
      }
    })

    it('reads the AI-powered detection findings as their own type, never the Code list', async () => {
      const idor = aiSastFinding({ id: 8_900_001, severity: 'high', relevantSince: NOW })
      emulator.state.aiSastFindings.push(idor)
      try {
        const findings = await collect({ ...webMain('sast'), type: 'ai_sast' })
        expect(findings).toEqual([
          expect.objectContaining({
            type: 'ai_sast',
            id: 8_900_001,
            ruleName: 'ai.detection.idor',
            severity: 'high',
            status: 'open',
            location: {
              path: 'src/app/api/invoices.py',
              line: 27,
              column: 5,
              endLine: 31,
              endColumn: 6
            },
            sourcingPolicy: undefined
          })
        ])
        expect(emulator.requests[0]?.query.issue_type).toEqual(['ai_sast'])
        // Nor is the AI finding in the Code list.
        expect((await collect(webMain('sast'))).map(f => f.id)).not.toContain(8_900_001)
      } finally {
        emulator.state.aiSastFindings.pop()
      }
    })
  })

  describe('projects', () => {
    afterEach(() => quiesce(emulator, 40))

    it('lists all 254 projects, each once, reading the list until two reads agree', async () => {
      const warnings: string[] = []
      const projects = await listProjects(transport, 'acme-corp', message => warnings.push(message))
      expect(projects).toHaveLength(SAMPLE_PROJECT_COUNT)
      expect(new Set(projects.map(p => p.id)).size).toBe(SAMPLE_PROJECT_COUNT)
      expect(projects[0]).toEqual({
        id: PROJECT.web,
        name: 'acme/web',
        tags: ['team-web', 'tier-1'],
        url: 'https://github.com/acme/web',
        defaultBranch: 'refs/heads/main',
        primaryBranch: 'refs/heads/main'
      })
      expect(projects[253].name).toBe('acme/svc-250')
      expect(warnings).toEqual([])
      // Each read: page 0 of 1000 (short, so not the end), then page 1, empty.
      await quiesce(emulator, 40)
      const pages = emulator.requests.map(r => `${r.query.page[0]}:${r.query.page_size[0]}`)
      expect(pages.filter(page => page === '0:1000')).toHaveLength(2)
      expect(pages.sort()).toEqual(['0', '0', '1', '1'].map(page => `${page}:1000`))
    })

    it('finds a project by exact, case-insensitive name, never the prefix look-alike', async () => {
      await expect(findProject(transport, 'acme-corp', 'ACME/Web')).resolves.toMatchObject({
        id: PROJECT.web,
        name: 'acme/web'
      })
      // asked for by name: no page of the list is read
      expect(emulator.requests.map(r => r.rawPath)).toEqual([
        '/api/v1/deployments/acme-corp/projects/ACME/Web'
      ])
      await expect(findProject(transport, 'acme-corp', 'acme/web-legacy')).resolves.toMatchObject({
        id: PROJECT.webLegacy,
        name: 'acme/web-legacy'
      })
      await expect(findProject(transport, 'acme-corp', 'acme/svc-250')).resolves.toMatchObject({
        id: 2250,
        name: 'acme/svc-250'
      })
      emulator.requests.length = 0
      await expect(findProject(transport, 'acme-corp', 'acme/we')).resolves.toBeUndefined()
      // not known by that name: the list decides, read once to its empty page (page 1)
      const asked = emulator.requests.map(r => `${r.path} ${r.status} ${r.query.page?.[0] ?? ''}`)
      expect(asked.slice(0, 2)).toEqual([
        '/api/v1/deployments/acme-corp/projects/acme/we 404 ',
        '/api/v1/deployments/acme-corp/projects 200 0'
      ])
      expect(asked.slice(2)).toEqual(['/api/v1/deployments/acme-corp/projects 200 1'])
    })

    describe('when the one-project route does not give it', () => {
      const BY_NAME = '/api/v1/deployments/acme-corp/projects/acme/svc-250'
      afterEach(() => {
        emulator.state.projectPathStyle = 'both'
      })

      /** The project found, and each request as `path status`. */
      async function lookUp(): Promise<{ id?: number; requests: string[] }> {
        const found = await findProject(transport, 'acme-corp', 'acme/svc-250')
        return {
          ...(found ? { id: found.id } : {}),
          requests: emulator.requests.map(r => `${r.path} ${r.status}`)
        }
      }
      /** One read of the list: page 0, then pages 1 to 4 together, the first of them empty. */
      // One read of the list: page 0 (short, so not the end), then page 1, empty.
      const ONE_LIST_READ = Array.from(
        { length: 2 },
        () => '/api/v1/deployments/acme-corp/projects 200'
      )

      it('a route that wants the slash encoded (404): the list finds it', async () => {
        emulator.state.projectPathStyle = 'encoded'
        expect(await lookUp()).toEqual({
          id: 2250,
          requests: [`${BY_NAME} 404`, ...ONE_LIST_READ]
        })
      })

      it.each([
        ['a body that is not one project', { projects: [] }],
        ['another project', { project: { id: PROJECT.web, name: 'acme/web', tags: [] } }]
      ])('%s: the list finds it', async (_what, body) => {
        emulator.addFault({ kind: 'json', path: BY_NAME, body })
        expect(await lookUp()).toEqual({
          id: 2250,
          requests: [`${BY_NAME} 200`, ...ONE_LIST_READ]
        })
      })

      it('a server error that outlasts the retries: the list finds it', async () => {
        emulator.addFault({ kind: 'status', status: 502, path: BY_NAME, times: 3 })
        const { id, requests } = await lookUp()
        expect(id).toBe(2250)
        expect(requests.slice(0, 3)).toEqual([`${BY_NAME} 502`, `${BY_NAME} 502`, `${BY_NAME} 502`])
      })

      it.each([401, 403])('%i fails the lookup: the list is not asked', async status => {
        emulator.addFault({ kind: 'status', status, path: BY_NAME })
        await expect(lookUp()).rejects.toMatchObject({ status })
        expect(emulator.requests.map(r => r.path)).toEqual([BY_NAME])
      })
    })

    it('asks for one project by name in a deployment of 5,000 listed before it', async () => {
      const large = await startEmulator({
        now: NOW,
        projects: 5000,
        bulk: { repository: 'acme/bench', ref: 'refs/heads/main', sast: 1, sca: 1 }
      })
      const client = emulatorTransport(large, { retries: 0 })
      try {
        const found = await findProject(client, 'acme-corp', 'acme/bench')
        expect(found?.id).toBe(large.state.projects.at(-1)?.id)
        expect(large.requests.map(r => r.path)).toEqual([
          '/api/v1/deployments/acme-corp/projects/acme/bench'
        ])
      } finally {
        await client.close()
        await large.close()
      }
    })
  })

  describe('project tags', () => {
    const original = ['team-web', 'tier-1']
    afterEach(() => {
      emulator.state.projectPathStyle = 'both'
      const web = emulator.state.projects.find(p => p.name === 'acme/web')
      if (web) web.tags = [...original]
    })

    it('PUTs the tags to the path with the slash kept and the tags replaced', async () => {
      const project = await putProjectTags(transport, 'acme-corp', 'acme/web', [
        ...original,
        'gated'
      ])
      expect(project).toMatchObject({
        id: PROJECT.web,
        name: 'acme/web',
        tags: [...original, 'gated']
      })
      expect(emulator.requests).toHaveLength(1)
      expect(emulator.requests[0]).toMatchObject({
        method: 'PUT',
        rawPath: '/api/v1/deployments/acme-corp/projects/acme/web/tags',
        body: [...original, 'gated'],
        status: 200
      })
      expect(emulator.requests[0].headers['content-type']).toBe('application/json')
      expect(emulator.state.projects.find(p => p.id === PROJECT.web)?.tags).toEqual([
        ...original,
        'gated'
      ])
    })

    it('falls back to %2F once when the router wants the slash encoded', async () => {
      emulator.state.projectPathStyle = 'encoded'
      const project = await putProjectTags(transport, 'acme-corp', 'acme/web', ['x'])
      expect(project.tags).toEqual(['x'])
      expect(emulator.requests.map(r => [r.rawPath, r.status])).toEqual([
        ['/api/v1/deployments/acme-corp/projects/acme/web/tags', 404],
        ['/api/v1/deployments/acme-corp/projects/acme%2Fweb/tags', 200]
      ])
      expect(sleeps).toEqual([])
    })

    it('does not fall back when the raw form works', async () => {
      emulator.state.projectPathStyle = 'raw'
      await putProjectTags(transport, 'acme-corp', 'acme/web', ['y'])
      expect(emulator.requests.map(r => r.rawPath)).toEqual([
        '/api/v1/deployments/acme-corp/projects/acme/web/tags'
      ])
    })

    it('reports an unknown project as a 404 naming the repository, after both spellings', async () => {
      const error = await putProjectTags(transport, 'acme-corp', 'acme/nope', ['x']).catch(
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(404)
      expect((error as ApiError).message).toBe(
        'PUT /api/v1/deployments/acme-corp/projects/acme%2Fnope/tags failed with HTTP 404 Not Found: Project \'acme/nope\' not found (1 attempt). Hint: check repository: no project named "acme/nope" in this deployment'
      )
      expect(emulator.requests).toHaveLength(2)
    })

    it.each(['acme/../web', '../acme', 'acme/./web', 'acme//web', 'acme/web/', '..'])(
      'refuses the name %s before any request',
      async name => {
        await expect(putProjectTags(transport, 'acme-corp', name, ['x'])).rejects.toThrow(
          /has an empty, "\." or "\.\." segment/
        )
        expect(emulator.requests).toHaveLength(0)
      }
    )
  })

  describe('dependencies', () => {
    it('lists the 44 dependencies of acme/web with name and version', async () => {
      const dependencies = await listDependencies(transport, '4242', {
        repositoryId: [PROJECT.web]
      })
      expect(dependencies).toHaveLength(44)
      const pyqt = dependencies.find(d => d.name === 'PyQt5')
      expect(pyqt).toMatchObject({ name: 'PyQt5', version: '5.15.10' })
      expect(dependencies.find(d => d.name === 'lodash')?.version).toBe('4.17.20')
      expect(emulator.requests).toHaveLength(1)
      expect(emulator.requests[0]).toMatchObject({
        method: 'POST',
        path: '/api/v1/deployments/4242/dependencies',
        body: {
          deploymentId: '4242',
          pageSize: 10000,
          dependencyFilter: { repositoryId: [PROJECT.web] }
        }
      })
      if (shape === 'live') {
        expect(pyqt).toEqual({
          name: 'PyQt5',
          version: '5.15.10',
          licenses: ['GPL-3.0-only'],
          ecosystem: 'pypi',
          repositoryId: String(PROJECT.web)
        })
      } else {
        expect(pyqt).toEqual({
          name: 'PyQt5',
          version: '5.15.10',
          licenses: [],
          ecosystem: undefined,
          repositoryId: undefined
        })
      }
    })

    it('filters by license and repository on the server', async () => {
      const dependencies = await listDependencies(transport, '4242', {
        license: ['GPL-3.0-only', 'AGPL-3.0-or-later'],
        repositoryId: [PROJECT.web]
      })
      expect(dependencies.map(d => [d.name, d.version])).toEqual([
        ['PyQt5', '5.15.10'],
        ['PyMuPDF', '1.23.8']
      ])
      if (shape === 'live')
        expect(dependencies.map(d => d.licenses)).toEqual([['GPL-3.0-only'], ['AGPL-3.0-or-later']])
      expect(emulator.requests[0].body).toEqual({
        deploymentId: '4242',
        pageSize: 10000,
        dependencyFilter: {
          license: ['GPL-3.0-only', 'AGPL-3.0-or-later'],
          repositoryId: [PROJECT.web]
        }
      })
    })
  })

  describe('SBOM export', () => {
    afterEach(() => emulator.state.sbomFailRepositories.clear())

    it('creates an export job, then polls it to a signed download URL', async () => {
      const token = await createSbomExport(transport, '4242', {
        repositoryId: PROJECT.web,
        format: 'cyclonedx',
        componentType: 'library',
        supplier: { name: 'Acme', email: 'sec@acme.example' }
      })
      expect(token).toMatch(/^[0-9a-f-]{36}$/)
      expect(emulator.requests[0]).toMatchObject({
        method: 'POST',
        path: '/api/v1/deployments/4242/sbom/export',
        body: {
          deploymentId: '4242',
          repositoryId: String(PROJECT.web),
          sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_CYCLONEDX',
          metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_LIBRARY',
          metadataSupplier: { name: 'Acme', contact: { email: 'sec@acme.example' } }
        }
      })
      await expect(getSbomExport(transport, '4242', token)).resolves.toEqual({
        status: 'in_progress',
        downloadUrl: undefined,
        errorMessage: undefined
      })
      const done = await getSbomExport(transport, '4242', token)
      expect(done.status).toBe('completed')
      expect(done.errorMessage).toBeUndefined()
      expect(done.downloadUrl).toMatch(
        new RegExp(`^${emulator.downloadUrl}/sbom/${token}\\.json\\?X-Amz-Signature=[0-9a-f]{64}$`)
      )
      expect(emulator.requests[2].path).toBe(`/api/v1/deployments/4242/sbom/export/${token}`)
      // the client never touches the download host itself
      expect(emulator.downloads).toHaveLength(0)
    })

    it('reports a failed export with the server message', async () => {
      emulator.state.sbomFailRepositories.add(PROJECT.api)
      const token = await createSbomExport(transport, '4242', {
        repositoryId: PROJECT.api,
        ref: 'refs/heads/main',
        format: 'json',
        componentType: 'application'
      })
      expect(emulator.requests[0].body).toEqual({
        deploymentId: '4242',
        repositoryId: String(PROJECT.api),
        ref: 'refs/heads/main',
        sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_JSON',
        metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_APPLICATION'
      })
      expect((await getSbomExport(transport, '4242', token)).status).toBe('in_progress')
      await expect(getSbomExport(transport, '4242', token)).resolves.toEqual({
        status: 'failed',
        downloadUrl: undefined,
        errorMessage:
          'Failed to export SBOM for acme/api at refs/heads/main: no completed full scan with dependency data was found'
      })
    })
  })
})

describe('pickDeployment', () => {
  const one = { id: '4242', slug: 'acme-corp', name: 'Acme Corp' }
  const two = { id: '77', slug: 'acme-labs', name: 'Acme Labs' }

  it('needs a slug when the token can access several deployments', () => {
    expect(() => pickDeployment([one, two], {})).toThrow(
      'The api-token can access several deployments: acme-corp (id 4242), acme-labs (id 77); set deployment-slug'
    )
    expect(pickDeployment([one, two], { slug: 'acme-labs' })).toBe(two)
    expect(pickDeployment([one, two], { id: '4242' })).toBe(one)
  })

  it('reports a token that can access none', () => {
    expect(() => pickDeployment([], {})).toThrow('The api-token can access no deployment')
    expect(() => pickDeployment([], { slug: 'acme-corp' })).toThrow(
      'deployment-slug "acme-corp" does not match a deployment this api-token can access (none)'
    )
  })

  it('requires slug and id to agree', () => {
    expect(() => pickDeployment([one, two], { slug: 'acme-corp', id: '77' })).toThrow(
      'deployment-slug "acme-corp" and deployment-id "77" does not match a deployment this api-token can access (acme-corp (id 4242), acme-labs (id 77))'
    )
  })
})
