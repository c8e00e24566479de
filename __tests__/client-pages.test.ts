/**
 * Reading whole lists over real HTTP: the findings pages a plan asks for at once, the window past
 * it, the empty page that alone ends a list, and the guards that stop a server whose pages repeat,
 * never end, or change while they are read; cursor lists; the project list read until two reads
 * agree.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { dependency, sastFinding, secretFinding } from '../emulator/data/factories.js'
import { renderSecret } from '../emulator/api/secrets.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { renderFindingsPage, renderProject } from '../emulator/wire.js'
import { listDependencies } from '../src/api/dependencies.js'
import { PaginationError, SchemaError } from '../src/api/errors.js'
import {
  decodeFindingsPage,
  FINDINGS_PAGE_SIZE,
  readFindings,
  type FindingsQuery
} from '../src/api/findings.js'
import { StringPool } from '../src/api/findings-wire.js'
import { pagesForCount, readPageNumberList } from '../src/api/pages.js'
import { listProjects, readProjectList } from '../src/api/projects.js'
import { secretsPages } from '../src/api/secrets.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { Transport, type RequestSpec } from '../src/api/transport.js'
import type { Finding } from '../src/domain.js'
import { failure } from './helpers/failure.js'
import { PROJECT, SAMPLE_PROJECT_COUNT, WEB_MAIN_OPEN_SAST } from './helpers/sample.js'
import { emulatorTransport, quiesce, waitUntil } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
const PROJECTS_PATH = '/api/v1/deployments/acme-corp/projects'
const BULK = 12_000
const BULK_SAST_ID_BASE = 20_000_000

let emulator: Emulator
let transport: Transport

const bigMain: FindingsQuery = {
  type: 'sast',
  repository: 'acme/big',
  ref: 'refs/heads/main',
  status: 'open'
}
const webMain: FindingsQuery = { ...bigMain, repository: 'acme/web' }

const bulkIds = (count = BULK): number[] =>
  Array.from({ length: count }, (_, index) => BULK_SAST_ID_BASE + index)

/** The `page` of each findings request, in the order the server received them. */
function pagesAsked(server: Emulator = emulator): number[] {
  return server.requests
    .filter(request => request.path === FINDINGS_PATH)
    .map(request => Number(request.query.page?.[0]))
}

const sorted = (pages: readonly number[]): number[] => [...pages].sort((a, b) => a - b)
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

beforeAll(async () => {
  emulator = await startEmulator({
    now: NOW,
    bulk: { repository: 'acme/big', ref: 'refs/heads/main', sast: BULK, sca: 0 }
  })
  transport = emulatorTransport(emulator, { timeoutMs: 20_000 })
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(async () => {
  await quiesce(emulator)
  emulator.clearFaults()
  emulator.setShape('live')
  emulator.requests.length = 0
})

describe('pagesForCount', () => {
  it('plans the full pages of a count and the empty page after them; two without a count', () => {
    expect(pagesForCount(BULK, FINDINGS_PAGE_SIZE)).toBe(5)
    expect(pagesForCount(12_001, FINDINGS_PAGE_SIZE)).toBe(6)
    expect(pagesForCount(10, FINDINGS_PAGE_SIZE)).toBe(2)
    expect(pagesForCount(0, FINDINGS_PAGE_SIZE)).toBe(1)
    expect(pagesForCount(-3000, FINDINGS_PAGE_SIZE)).toBe(1)
    expect(pagesForCount(undefined, FINDINGS_PAGE_SIZE)).toBe(2)
  })
})

describe('the findings pages of a plan', () => {
  it('reads all 12,000 findings once, in the server order, in pages of 3000', async () => {
    const findings = await readFindings(transport, 'acme-corp', bigMain, 5)
    // newest first, which for the bulk findings is id order
    expect(findings.map(f => f.id)).toEqual(bulkIds())
    expect(emulator.requests.every(r => r.query.page_size?.[0] === '3000')).toBe(true)
    expect(emulator.requests.every(r => r.query.repos?.[0] === 'acme/big')).toBe(true)
    // four full pages and the empty page 4 that ends the list: nothing more
    expect(sorted(pagesAsked())).toEqual([0, 1, 2, 3, 4])
  })

  it('asks for every planned page at once, before the first answer is back', async () => {
    // Page 0 answers two seconds late: every other planned page must go out meanwhile.
    emulator.addFault({ kind: 'delay', ms: 2000, path: FINDINGS_PATH, query: { page: '0' } })
    const reading = readFindings(transport, 'acme-corp', bigMain, pagesForCount(BULK, 3000))
    await waitUntil(() => emulator.requests.length === 5)
    const page0 = emulator.requests.find(r => r.query.page?.[0] === '0')
    expect(page0?.status).toBe(0)
    expect(sorted(pagesAsked())).toEqual([0, 1, 2, 3, 4])
    expect((await reading).map(f => f.id)).toEqual(bulkIds())
    expect(emulator.requests).toHaveLength(5)
  })

  it('a count that understates the list: past the plan, the window of four pages at a time', async () => {
    // A count of 3000 plans pages 0 and 1; both come back full, so pages 2 to 5 go out together.
    const seen: number[] = []
    const findings = await readFindings(transport, 'acme-corp', bigMain, 2, page =>
      seen.push(page.length)
    )
    expect(findings.map(f => f.id)).toEqual(bulkIds())
    expect(seen).toEqual([3000, 3000, 3000, 3000])
    const asked = pagesAsked()
    expect(sorted(asked.slice(0, 2))).toEqual([0, 1])
    expect(sorted(asked.slice(2))).toEqual([2, 3, 4, 5])
  })

  it('a count that overstates the list costs only empty pages, never a finding', async () => {
    const findings = await readFindings(
      transport,
      'acme-corp',
      bigMain,
      pagesForCount(30_000, 3000)
    )
    expect(findings.map(f => f.id)).toEqual(bulkIds())
    expect(sorted(pagesAsked())).toEqual(range(0, 10))
    const empty = emulator.requests.filter(r => Number(r.query.page?.[0]) >= 4)
    expect(empty.every(r => r.status === 200)).toBe(true)
  })

  it('only an empty page ends a list: a short page is followed by the one page that proves it', async () => {
    // 10 findings on page 0, a short page; planned alone, page 1 (empty) is asked for after it.
    const findings = await readFindings(transport, 'acme-corp', webMain, 1)
    expect(sorted(findings.map(f => f.id))).toEqual(WEB_MAIN_OPEN_SAST)
    expect(pagesAsked()).toEqual([0, 1])
  })

  it('a list planned from no count costs its first page and the empty one after it', async () => {
    const findings = await readFindings(
      transport,
      'acme-corp',
      webMain,
      pagesForCount(undefined, 3000)
    )
    expect(sorted(findings.map(f => f.id))).toEqual(WEB_MAIN_OPEN_SAST)
    expect(sorted(pagesAsked())).toEqual([0, 1])
  })

  it('an empty list: its first page ends it', async () => {
    const findings = await readFindings(transport, 'acme-corp', { ...webMain, status: 'fixing' }, 1)
    expect(findings).toEqual([])
    expect(pagesAsked()).toEqual([0])
  })
})

describe('a list that changes or never ends', () => {
  it('a later page with items after an empty one is a SchemaError: the list changed while it was read', async () => {
    const moved = sastFinding({ id: 8_600_001, relevantSince: NOW })
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      query: { page: '2' },
      body: renderFindingsPage('sast', [moved], 'live')
    })
    const error = await failure(readFindings(transport, 'acme-corp', webMain, 4))
    expect(error).toBeInstanceOf(SchemaError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} returned an unexpected response: page 1 was empty, but page 2 holds 1 items: the list changed while it was read, or its pages overlap; run the step again`
    )
  })

  it('a list that fails abandons the pages still out, with their retries', async () => {
    const sleeps: number[] = []
    const local = new Transport({
      baseUrl: emulator.url,
      token: emulator.token,
      timeoutMs: 20_000,
      retry: defaultRetryPolicy(3),
      // A retry wait that lasts until the request is abandoned.
      sleep: (ms, signal) => {
        sleeps.push(ms)
        return new Promise(resolve =>
          signal?.addEventListener('abort', () => resolve(), { once: true })
        )
      },
      random: () => 0.5
    })
    try {
      // Page 0 is held back, so page 3 meets its rate limit before the list is read; page 2
      // holds an item after the empty page 1, which fails the list.
      emulator.addFault({ kind: 'delay', ms: 300, path: FINDINGS_PATH, query: { page: '0' } })
      emulator.addFault({
        kind: 'json',
        path: FINDINGS_PATH,
        query: { page: '2' },
        body: renderFindingsPage('sast', [sastFinding({ id: 8_600_002 })], 'live')
      })
      emulator.addFault({
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '30' },
        path: FINDINGS_PATH,
        query: { page: '3' },
        times: Infinity
      })
      const error = await failure(readFindings(local, 'acme-corp', webMain, 4))
      expect(error).toBeInstanceOf(SchemaError)
      await quiesce(emulator)
      // Page 3 went out once; its 30 s wait for a retry ended with the list, and no retry followed.
      const page3 = emulator.requests.filter(r => r.query.page?.[0] === '3')
      expect(page3.map(r => r.status)).toEqual([429])
      expect(sleeps).toEqual([30_000])
    } finally {
      await local.close()
    }
  })

  it('stops when every page repeats the same full page of 3000 findings', async () => {
    const records = Array.from({ length: 3000 }, () => sastFinding({ relevantSince: NOW }))
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      body: renderFindingsPage('sast', records, 'live'),
      times: Infinity
    })
    const error = await failure(readFindings(transport, 'acme-corp', bigMain, 2))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} pagination did not end: page 1 repeated the items of earlier pages (the server seems to ignore "page"); stopped to avoid an endless loop`
    )
    // The two planned pages, and nothing after the repetition showed.
    await quiesce(emulator)
    expect(sorted(pagesAsked())).toEqual([0, 1])
  })

  it('stops after maxPages pages that all hold items', async () => {
    const pool = new StringPool()
    const request = { method: 'GET' as const, path: FINDINGS_PATH }
    const error = await failure(
      readPageNumberList<Finding>(
        (page, signal) =>
          transport.request({
            method: 'GET',
            path: FINDINGS_PATH,
            signal,
            query: {
              issue_type: 'sast',
              repos: ['acme/big'],
              status: 'open',
              page,
              page_size: 100
            },
            decode: bytes => decodeFindingsPage(bytes, 'sast', 'open', request, pool)
          }),
        {
          pageSize: 100,
          plannedPages: 2,
          window: 4,
          maxPages: 3,
          key: finding => finding.id,
          request
        }
      )
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} pagination did not end: more than 3 pages of 100; stopped to avoid an endless loop`
    )
    await quiesce(emulator)
    // The window never asks past maxPages.
    expect(sorted(pagesAsked())).toEqual([0, 1, 2])
  })
})

describe('a server that caps page_size below the documented minimum of 100', () => {
  let tiny: Emulator
  let local: Transport
  const CRITICAL_INDEX = 100
  const ids = Array.from({ length: 120 }, (_, index) => 9_100_000 + index)

  beforeAll(async () => {
    tiny = await startEmulator({ now: NOW, findingsPageSizeCap: 50 })
    tiny.state.sastFindings.push(
      ...ids.map((id, index) =>
        sastFinding({
          id,
          repository: { name: 'acme/tiny', url: 'https://github.com/acme/tiny' },
          severity: index === CRITICAL_INDEX ? 'critical' : 'low',
          relevantSince: new Date(NOW.getTime() - index * 60_000)
        })
      )
    )
    local = emulatorTransport(tiny, { timeoutMs: 20_000, retries: 0 })
  })

  afterAll(async () => {
    await local.close()
    await tiny.close()
  })

  it('reads all 120 findings once, the critical one at index 100 among them', async () => {
    const pages: number[] = []
    // The scan counted 120: pages 0 and 1 planned, which the cap fills with 50 each.
    const findings = await readFindings(
      local,
      'acme-corp',
      { ...bigMain, repository: 'acme/tiny' },
      pagesForCount(120, FINDINGS_PAGE_SIZE),
      page => pages.push(page.length)
    )
    expect(findings.map(f => f.id)).toEqual(ids)
    const critical = findings.filter(f => f.severity === 'critical')
    expect(critical.map(f => f.id)).toEqual([ids[CRITICAL_INDEX]])
    // 50, 50 and 20 items: the short page 2 is not the end, the empty page 3 is.
    expect(pages).toEqual([50, 50, 20])
    expect(tiny.requests.every(r => r.query.page_size?.[0] === '3000')).toBe(true)
    // Planned 0 and 1 from the count; each short page then asks for the one after it.
    expect(sorted(pagesAsked(tiny))).toEqual([0, 1, 2, 3])
  })
})

describe('cursor lists', () => {
  it('stops when the secrets pages return the same cursor again', async () => {
    const path = '/api/v1/deployments/4242/secrets'
    emulator.addFault({
      kind: 'json',
      path,
      times: Infinity,
      body: { cursor: 'c2VjcmV0czox', findings: [renderSecret(secretFinding())] }
    })
    const pages = secretsPages(transport, '4242', { repository: 'acme/web', status: 'open' })
    const error = await failure(
      (async () => {
        for await (const page of pages) expect(page).toHaveLength(1)
      })()
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${path} pagination did not end: the server returned cursor "c2VjcmV0czox" twice; stopped to avoid an endless loop`
    )
    expect(emulator.requests).toHaveLength(2)
    expect(emulator.requests[1].query.cursor).toEqual(['c2VjcmV0czox'])
  })

  it('stops when the dependencies say hasMore with the same cursor again', async () => {
    const path = '/api/v1/deployments/4242/dependencies'
    emulator.addFault({
      kind: 'json',
      path,
      times: Infinity,
      body: { dependencies: [{ id: '1', name: 'a', version: '1' }], cursor: '1', hasMore: true }
    })
    const error = await failure(listDependencies(transport, '4242', {}))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `POST ${path} pagination did not end: the server returned cursor "1" twice; stopped to avoid an endless loop`
    )
    expect(emulator.requests).toHaveLength(2)
  })

  it('does not pass a partial list off as complete when hasMore comes without a cursor', async () => {
    const path = '/api/v1/deployments/4242/dependencies'
    emulator.addFault({
      kind: 'json',
      path,
      body: { dependencies: [{ id: '1', name: 'a', version: '1' }], hasMore: true }
    })
    const error = await failure(listDependencies(transport, '4242', { license: ['MIT'] }))
    expect(error).toBeInstanceOf(SchemaError)
    expect(error.message).toBe(
      `POST ${path} returned an unexpected response: cursor: expected the cursor of the next page, as hasMore is true (got none)`
    )
    expect(emulator.requests).toHaveLength(1)
  })

  it('follows the dependency cursor over pages of 10,000', async () => {
    const extra = Array.from({ length: 10_050 }, (_, index) =>
      dependency({ id: String(900_000 + index), name: `pkg-${index}`, repositoryId: PROJECT.web })
    )
    emulator.state.dependencies.push(...extra)
    try {
      const dependencies = await listDependencies(transport, '4242', {
        repositoryId: [PROJECT.web]
      })
      expect(dependencies).toHaveLength(44 + 10_050)
      expect(dependencies[0]).toMatchObject({ name: 'react', version: '18.2.0' })
      expect(dependencies.at(-1)).toMatchObject({ name: 'pkg-10049', version: '1.3.0' })
      expect(emulator.requests.map(r => (r.body as { cursor?: string }).cursor)).toEqual([
        undefined,
        '10000'
      ])
    } finally {
      emulator.state.dependencies.splice(-extra.length)
    }
  })
})

/**
 * A transport that runs `before` ahead of each request it sends: how a test changes the server's
 * data at an exact point of a read, as another user creating or deleting a project would.
 */
class HookedTransport extends Transport {
  constructor(
    server: Emulator,
    private readonly before: (spec: RequestSpec<unknown>) => void
  ) {
    super({
      baseUrl: server.url,
      token: server.token,
      timeoutMs: 10_000,
      retry: defaultRetryPolicy(0)
    })
  }

  override request<T>(spec: RequestSpec<T>): Promise<T> {
    this.before(spec)
    return super.request(spec)
  }
}

describe('the project list', () => {
  let many: Emulator
  const COUNT = 2500

  beforeAll(async () => {
    many = await startEmulator({ now: NOW, projects: COUNT })
  })

  afterAll(async () => {
    await many.close()
  })

  beforeEach(() => {
    many.requests.length = 0
  })

  const projectPages = (server: Emulator): string[] =>
    server.requests
      .filter(r => r.path === PROJECTS_PATH)
      .map(r => `${r.query.page?.[0]}:${r.query.page_size?.[0]}`)

  it('one read: every project once, in the server order, a short page not taken for the end', async () => {
    const local = emulatorTransport(many)
    try {
      const projects = await readProjectList(local, 'acme-corp')
      expect(projects.map(p => p.id)).toEqual(many.state.projects.map(p => p.id))
      expect(projects).toHaveLength(COUNT)
      // Pages of 1000: 1000, 1000, then the short page 2 of 500, then the empty page 3.
      expect(projectPages(many)[0]).toBe('0:1000')
      expect(sorted(projectPages(many).map(page => Number(page.split(':')[0])))).toEqual([
        0, 1, 2, 3, 4
      ])
    } finally {
      await local.close()
    }
  })

  it('stops when the project list ignores "page"', async () => {
    const projects = emulator.state.projects.slice(0, 7).map(p => renderProject(p, 'live', false))
    emulator.addFault({ kind: 'json', path: PROJECTS_PATH, body: { projects }, times: Infinity })
    const error = await failure(readProjectList(transport, 'acme-corp'))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toContain('page 1 repeated the items of earlier pages')
  })

  it('two reads that agree: no warning, and each project once', async () => {
    const warnings: string[] = []
    const projects = await listProjects(transport, 'acme-corp', message => warnings.push(message))
    // The sample's projects and the bulk repository.
    expect(projects).toHaveLength(SAMPLE_PROJECT_COUNT + 1)
    expect(new Set(projects.map(p => p.id)).size).toBe(projects.length)
    expect(projects[0]).toMatchObject({ id: PROJECT.web, name: 'acme/web' })
    expect(warnings).toEqual([])
    // Two reads of page 0 (short, not the end) and the empty page 1 after it.
    expect(emulator.requests.filter(r => r.query.page?.[0] === '0')).toHaveLength(2)
    expect(emulator.requests).toHaveLength(4)
  })

  it('a project deleted between two pages of a read: a warning, and no project skipped', async () => {
    const original = many.state.projects.slice()
    const deleted = original[10]
    // Shifted onto page 0 by the deletion after page 0 was read: the first read misses it.
    const shifted = original[1000]
    let firstPages = 0
    const local = new HookedTransport(many, spec => {
      if (spec.path !== PROJECTS_PATH || spec.query?.page !== 1) return
      firstPages++
      if (firstPages === 1) many.state.projects.splice(10, 1)
    })
    try {
      const warnings: string[] = []
      const projects = await listProjects(local, 'acme-corp', message => warnings.push(message))
      // Every project any read saw: the one deleted meanwhile too, and the one it shifted.
      expect(sorted(projects.map(p => p.id))).toEqual(sorted(original.map(p => p.id)))
      expect(projects.map(p => p.id)).toContain(shifted?.id)
      expect(projects.map(p => p.id)).toContain(deleted?.id)
      // The first read differed from the second; the third agreed with the second.
      expect(many.requests.filter(r => r.query.page?.[0] === '0')).toHaveLength(3)
      expect(warnings).toEqual([
        `The project list of acme-corp changed while it was read (3 reads did not all agree): ${COUNT} projects were seen in all, and every one of them is used`
      ])
    } finally {
      many.state.projects = original
      await local.close()
    }
  })

  it('a project created between reads: a warning, and the union of the reads', async () => {
    const original = many.state.projects.slice()
    const added = { ...original[0], id: 777_001, name: 'acme/created-meanwhile' }
    let reads = 0
    const local = new HookedTransport(many, spec => {
      if (spec.path !== PROJECTS_PATH || spec.query?.page !== 0) return
      reads++
      if (reads === 2) many.state.projects.push(added)
    })
    try {
      const warnings: string[] = []
      const projects = await listProjects(local, 'acme-corp', message => warnings.push(message))
      expect(projects).toHaveLength(COUNT + 1)
      expect(projects.at(-1)?.name).toBe('acme/created-meanwhile')
      expect(reads).toBe(3)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain(`${COUNT + 1} projects were seen in all`)
    } finally {
      many.state.projects = original
      await local.close()
    }
  })

  it('a list that changes on every read: three reads at most, then the union with a warning', async () => {
    const original = many.state.projects.slice()
    let reads = 0
    const local = new HookedTransport(many, spec => {
      if (spec.path !== PROJECTS_PATH || spec.query?.page !== 0) return
      reads++
      many.state.projects.push({ ...original[0], id: 778_000 + reads, name: `acme/new-${reads}` })
    })
    try {
      const warnings: string[] = []
      const projects = await listProjects(local, 'acme-corp', message => warnings.push(message))
      expect(reads).toBe(3)
      expect(projects).toHaveLength(COUNT + 3)
      expect(warnings).toEqual([
        `The project list of acme-corp changed while it was read (3 reads did not all agree): ${COUNT + 3} projects were seen in all, and every one of them is used`
      ])
    } finally {
      many.state.projects = original
      await local.close()
    }
  })
})
