/**
 * Pagination over real HTTP: page-number pages fetched concurrently yet returned in order, cursor
 * pages followed to the end, and the guards that stop a server that never ends a list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { dependency, sastFinding } from '../emulator/data/factories.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { renderFindingsPage, renderProject } from '../emulator/wire.js'
import { listDependencies } from '../src/api/dependencies.js'
import { PaginationError, SchemaError } from '../src/api/errors.js'
import { findingPages, type FindingsPaging, type FindingsQuery } from '../src/api/findings.js'
import { policyRuleModes } from '../src/api/policies.js'
import { listProjects } from '../src/api/projects.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { Transport } from '../src/api/transport.js'
import type { Finding } from '../src/domain.js'
import { failure } from './helpers/failure.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorTransport, quiesce } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
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

async function collect(query: FindingsQuery, paging?: FindingsPaging): Promise<Finding[]> {
  const out: Finding[] = []
  for await (const page of findingPages(transport, 'acme-corp', query, paging)) out.push(...page)
  return out
}

function pagesRequested(): number[] {
  return emulator.requests.map(r => Number(r.query.page?.[0])).sort((a, b) => a - b)
}

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

describe('concurrent page-number pagination of findings', () => {
  it('returns all 12,000 findings once, in the server order, in pages of 3000', async () => {
    const findings = await collect(bigMain)
    expect(findings).toHaveLength(BULK)
    // newest first, which for the bulk findings is id order
    expect(findings.map(f => f.id)).toEqual(
      Array.from({ length: BULK }, (_, index) => BULK_SAST_ID_BASE + index)
    )
    await quiesce(emulator)
    expect(emulator.requests.every(r => r.query.page_size?.[0] === '3000')).toBe(true)
    expect(emulator.requests.every(r => r.query.repos?.[0] === 'acme/big')).toBe(true)
    const pages = pagesRequested()
    // four full pages, the empty page 4 that ends the list, and at most `concurrency` more
    expect(pages.slice(0, 5)).toEqual([0, 1, 2, 3, 4])
    expect(new Set(pages).size).toBe(pages.length)
    expect(pages.length).toBeLessThanOrEqual(5 + 6)
  })

  it('fetches exactly the pages needed one after another at concurrency 1', async () => {
    const findings = await collect(bigMain, { pageSize: 3000, concurrency: 1, maxPages: 100 })
    expect(findings).toHaveLength(BULK)
    expect(emulator.requests.map(r => r.query.page?.[0])).toEqual(['0', '1', '2', '3', '4'])
  })

  it('keeps the order when later pages answer first', async () => {
    // the first request (page 0) is slow; pages 1-5 overtake it
    emulator.addFault({ kind: 'delay', ms: 300, path: FINDINGS_PATH })
    const findings = await collect(bigMain, { pageSize: 3000, concurrency: 4, maxPages: 100 })
    expect(findings.map(f => f.id)).toEqual(
      Array.from({ length: BULK }, (_, index) => BULK_SAST_ID_BASE + index)
    )
  })

  it('ends on a short page in the middle of the bulk', async () => {
    const findings = await collect(
      { ...bigMain, since: Math.floor(NOW.getTime() / 1000) - 100 * 86_400 },
      { pageSize: 1000, concurrency: 3, maxPages: 100 }
    )
    // one finding per 365/12000 days: those of the last 100 days
    const expected = emulator.state.sastFindings.filter(
      f =>
        f.repository.name === 'acme/big' &&
        f.relevantSince.getTime() >= NOW.getTime() - 100 * 86_400_000
    ).length
    expect(expected).toBeGreaterThan(3000)
    expect(findings).toHaveLength(expected)
    expect(new Set(findings.map(f => f.id)).size).toBe(expected)
  })

  it('stops after maxPages full pages', async () => {
    const error = await failure(collect(bigMain, { pageSize: 100, concurrency: 2, maxPages: 3 }))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} pagination did not end: more than 3 full pages of 100; stopped to avoid an endless loop`
    )
    await quiesce(emulator)
    expect(Math.max(...pagesRequested())).toBeLessThanOrEqual(3)
  })
})

describe('pages fetched past the end', () => {
  it('are abandoned with their retries once the list has ended', async () => {
    const records = Array.from({ length: 250 }, (_, index) =>
      sastFinding({
        id: 8_600_000 + index,
        repository: { name: 'acme/mid', url: 'https://github.com/acme/mid' },
        relevantSince: new Date(NOW.getTime() - index * 60_000)
      })
    )
    emulator.state.sastFindings.push(...records)
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
      const pages = findingPages(
        local,
        'acme-corp',
        { ...bigMain, repository: 'acme/mid' },
        { pageSize: 100, concurrency: 2, maxPages: 100 }
      )
      // Page 2, the short one that ends the list, is held back; page 3, asked for ahead of it,
      // meets a rate limit with a Retry-After of 30 s.
      emulator.addFault({ kind: 'delay', ms: 300, query: { page: '2' } })
      emulator.addFault({
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '30' },
        query: { page: '3' },
        times: Infinity
      })
      expect((await pages.next()).value).toHaveLength(100) // page 0
      expect((await pages.next()).value).toHaveLength(100) // page 1
      expect((await pages.next()).value).toHaveLength(50) // page 2, short: the end
      expect((await pages.next()).done).toBe(true)
      await quiesce(emulator)
      // Page 3 went out once; its 30 s wait for a retry ended with the list, and no retry followed.
      const page3 = emulator.requests.filter(r => r.query.page?.[0] === '3')
      expect(page3.map(r => r.status)).toEqual([429])
      expect(sleeps).toEqual([30_000])
    } finally {
      await local.close()
      emulator.state.sastFindings.splice(-records.length)
    }
  })
})

describe('guards against a server that never ends a list', () => {
  it('stops when every page repeats the same full page of 3000 findings', async () => {
    const records = Array.from({ length: 3000 }, () => sastFinding({ relevantSince: NOW }))
    emulator.addFault({
      kind: 'json',
      path: FINDINGS_PATH,
      body: renderFindingsPage('sast', records, 'live'),
      times: Infinity
    })
    const error = await failure(collect(bigMain))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} pagination did not end: page 1 repeated the items of an earlier page (the server seems to ignore "page"); stopped to avoid an endless loop`
    )
    await quiesce(emulator)
    // page 0, then the concurrent pages and those asked for as they came back full, until page 1
    // (the first one read after page 0) showed the repetition: at most 12 ahead of page 1
    expect(emulator.requests.length).toBeLessThanOrEqual(1 + 12)
  })

  it('stops when the project list ignores "page"', async () => {
    const projects = emulator.state.projects.slice(0, 7).map(p => renderProject(p, 'live', false))
    emulator.addFault({
      kind: 'json',
      path: '/api/v1/deployments/acme-corp/projects',
      body: { projects },
      times: Infinity
    })
    const error = await failure(
      listProjects(transport, 'acme-corp', { pageSize: 100, concurrency: 1, maxPages: 50 })
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toContain('page 1 repeated the items of an earlier page')
    expect(emulator.requests).toHaveLength(2)
  })

  it('stops when the policy rules return the same cursor again', async () => {
    const path = '/api/v1/deployments/4242/policies/11'
    emulator.addFault({
      kind: 'json',
      path,
      times: Infinity,
      body: {
        cursor: 'cnVsZXM6MjAwMA',
        rules: [{ id: '1', path: 'acme.rule.one', policyMode: 'MODE_BLOCK' }]
      }
    })
    const error = await failure(policyRuleModes(transport, '4242', '11'))
    expect(error).toBeInstanceOf(PaginationError)
    expect(error.message).toBe(
      `GET ${path} pagination did not end: the server returned cursor "cnVsZXM6MjAwMA" twice; stopped to avoid an endless loop`
    )
    expect(emulator.requests).toHaveLength(2)
    expect(emulator.requests[1].query.cursor).toEqual(['cnVsZXM6MjAwMA'])
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
})

describe('cursor pagination', () => {
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

describe('a server that caps page_size below what was asked', () => {
  const CAP = 1000
  let capped: Emulator
  let local: Transport
  const mid: FindingsQuery = { ...bigMain, repository: 'acme/mid' }

  beforeAll(async () => {
    capped = await startEmulator({
      now: NOW,
      findingsPageSizeCap: CAP,
      bulk: { repository: 'acme/big', ref: 'refs/heads/main', sast: 7000, sca: 0 }
    })
    capped.state.sastFindings.push(
      ...Array.from({ length: 2500 }, (_, index) =>
        sastFinding({
          id: 8_900_000 + index,
          repository: { name: 'acme/mid', url: 'https://github.com/acme/mid' },
          relevantSince: new Date(NOW.getTime() - index * 60_000)
        })
      )
    )
    local = new Transport({
      baseUrl: capped.url,
      token: capped.token,
      timeoutMs: 20_000,
      retry: defaultRetryPolicy(2),
      sleep: () => Promise.resolve(),
      random: () => 0.5
    })
  })

  afterAll(async () => {
    await local.close()
    await capped.close()
  })

  beforeEach(() => {
    capped.requests.length = 0
  })

  async function collectCapped(query: FindingsQuery, paging?: FindingsPaging): Promise<Finding[]> {
    const out: Finding[] = []
    for await (const page of findingPages(local, 'acme-corp', query, paging)) out.push(...page)
    return out
  }

  /** `page:page_size` of each request, by page (concurrent requests may arrive in any order). */
  const sent = (): string[] =>
    capped.requests
      .map(r => ({ page: Number(r.query.page?.[0]), size: r.query.page_size?.[0] }))
      .sort((a, b) => a.page - b.page)
      .map(({ page, size }) => `${page}:${size}`)

  it('reads all 2,500 findings exactly once, one page of 3000 asked, then pages of 1000', async () => {
    const findings = await collectCapped(mid)
    expect(findings.map(f => f.id)).toEqual(
      Array.from({ length: 2500 }, (_, index) => 8_900_000 + index)
    )
    // Page 1 went out with page 0 at the size asked, and once its body showed findings, pages
    // past it too, on budget slots. The short first page drops them all (cancelled, each may or
    // may not have reached the server) and asks for page 1 again at the capped size: a real page
    // of 1000, then pages of 1000 from there. The dropped pages, and those asked for past the
    // end, are at most five (the budget).
    const asked = sent()
    expect(asked.filter(page => page.startsWith('0:'))).toEqual(['0:3000'])
    expect(asked.filter(page => page.endsWith(':1000')).slice(0, 2)).toEqual(['1:1000', '2:1000'])
    const dropped = asked.filter(page => page !== '0:3000' && page.endsWith(':3000'))
    expect(new Set(dropped).size).toBe(dropped.length)
    expect(dropped.length).toBeLessThanOrEqual(5)
    expect(asked.length).toBeLessThanOrEqual(3 + 5)
  })

  it.each([1, 2, 4])(
    'reads all 7,000 findings exactly once at concurrency %i',
    async concurrency => {
      const findings = await collectCapped(bigMain, { pageSize: 3000, concurrency, maxPages: 100 })
      expect(findings.map(f => f.id)).toEqual(
        Array.from({ length: 7000 }, (_, index) => BULK_SAST_ID_BASE + index)
      )
      // Past concurrency 1, page 1 goes out with page 0 at the size asked (and, once its body
      // shows findings, pages past it, on budget slots): all are dropped unread.
      const dropped = sent().filter(page => page !== '0:3000' && page.endsWith(':3000'))
      expect(new Set(dropped).size).toBe(dropped.length)
      expect(dropped.length).toBeLessThanOrEqual(concurrency > 1 ? 5 : 0)
      const pages = sent().filter(page => !dropped.includes(page))
      expect(pages.slice(0, 8)).toEqual([
        '0:3000',
        '1:1000',
        '2:1000',
        '3:1000',
        '4:1000',
        '5:1000',
        '6:1000',
        '7:1000'
      ])
      // past the end: at most the pages in flight when the empty page 7 came back
      expect(pages.length).toBeLessThanOrEqual(8 + concurrency)
    }
  )
})

describe('a server that caps page_size below the documented minimum of 100', () => {
  it('is caught once the page asked ahead holds findings: no list, rather than 50 of 120', async () => {
    const tiny = await startEmulator({ now: NOW, findingsPageSizeCap: 50 })
    tiny.state.sastFindings.push(
      ...Array.from({ length: 120 }, (_, index) =>
        sastFinding({
          id: 9_100_000 + index,
          repository: { name: 'acme/tiny', url: 'https://github.com/acme/tiny' },
          relevantSince: new Date(NOW.getTime() - index * 60_000)
        })
      )
    )
    // Page 0 answers after page 1: the page asked ahead is back before the end is read.
    tiny.addFault({ kind: 'delay', ms: 300, path: FINDINGS_PATH, query: { page: '0' } })
    const local = new Transport({
      baseUrl: tiny.url,
      token: tiny.token,
      timeoutMs: 20_000,
      retry: defaultRetryPolicy(0)
    })
    try {
      const pages = findingPages(local, 'acme-corp', { ...bigMain, repository: 'acme/tiny' })
      const read: Finding[] = []
      const error = await failure(
        (async () => {
          for await (const page of pages) read.push(...page)
        })()
      )
      expect(error).toBeInstanceOf(SchemaError)
      expect(error.message).toBe(
        `GET ${FINDINGS_PATH} returned an unexpected response: page 0 ended the list with 50 items, but page 1 holds 50: the list changed while it was read, or its pages overlap; run the step again`
      )
      // What was read before the contradiction showed is page 0 alone; the run has no list.
      expect(read).toHaveLength(50)
    } finally {
      await local.close()
      await tiny.close()
    }
  })
})

describe('the request count of the first page check', () => {
  /** `page:page_size` of each request, by page (pages asked for together may arrive in any order). */
  const pagesSent = (): string[] =>
    emulator.requests
      .map(r => ({ page: Number(r.query.page?.[0]), size: r.query.page_size?.[0] }))
      .sort((a, b) => a.page - b.page)
      .map(({ page, size }) => `${page}:${size}`)

  it('a first page shorter than the minimum page size (100) ends the list: no request but the page asked ahead', async () => {
    const findings = await collect({ ...bigMain, repository: 'acme/web' })
    expect(findings).toHaveLength(10)
    // An open list asks for page 1 with page 0, in case it is long; once page 0 shows the end,
    // it is cancelled, and may not have reached the server.
    expect(pagesSent().filter(page => page !== '1:3000')).toEqual(['0:3000'])
    expect(pagesSent().length).toBeLessThanOrEqual(2)
  })

  it('a list that is not open asks for its first page alone', async () => {
    const findings = await collect({ ...bigMain, repository: 'acme/web', status: 'reviewing' })
    expect(findings).toHaveLength(0)
    expect(pagesSent()).toEqual(['0:3000'])
  })

  it('at concurrency 1 an open list asks for its first page alone too', async () => {
    const paging = { pageSize: 3000, concurrency: 1, maxPages: 100 }
    const findings = await collect({ ...bigMain, repository: 'acme/web' }, paging)
    expect(findings).toHaveLength(10)
    expect(pagesSent()).toEqual(['0:3000'])
  })

  it('a short first page of 150 costs one more request, in pages of 150', async () => {
    const records = Array.from({ length: 150 }, (_, index) =>
      sastFinding({
        id: 8_950_000 + index,
        repository: { name: 'acme/short', url: 'https://github.com/acme/short' },
        relevantSince: new Date(NOW.getTime() - index * 60_000)
      })
    )
    emulator.state.sastFindings.push(...records)
    try {
      const findings = await collect({ ...bigMain, repository: 'acme/short' })
      expect(findings.map(f => f.id)).toEqual(records.map(r => r.id))
      // page 1 asked ahead at 3000 (cancelled once page 0 came back short, perhaps before it went
      // out), then page 1 again in pages of the first page's length
      expect(pagesSent().filter(page => page !== '1:3000')).toEqual(['0:3000', '1:150'])
      expect(pagesSent().length).toBeLessThanOrEqual(3)
    } finally {
      emulator.state.sastFindings.splice(-records.length)
    }
  })

  it('a multi-page list costs no request more than before', async () => {
    const findings = await collect(
      { ...bigMain, since: Math.floor(NOW.getTime() / 1000) - 200 * 86_400 },
      { pageSize: 3000, concurrency: 1, maxPages: 100 }
    )
    expect(findings.length).toBeGreaterThan(6000)
    expect(findings.length).toBeLessThan(9000)
    expect(pagesSent()).toEqual(['0:3000', '1:3000', '2:3000'])
  })
})
