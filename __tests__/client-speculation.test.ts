/**
 * Speculative findings pagination over real HTTP: once a full first page shows a list is long,
 * the next page and pages past it are asked for at once, within a budget shared by the lists of a
 * run; nothing is asked for past an end already seen.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { sastFinding } from '../emulator/data/factories.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { findingPages, type FindingsPaging, type FindingsQuery } from '../src/api/findings.js'
import { pageNumberPages } from '../src/api/paginate.js'
import { ExpectedItems, SpeculationBudget } from '../src/api/speculation.js'
import { Transport } from '../src/api/transport.js'
import { fetchFindings } from '../src/collect/gate-data.js'
import type { Finding } from '../src/domain.js'
import { emulatorTransport, heldPages, quiesce, waitUntil } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
/** Pages of 100 (the smallest the API accepts) keep the lists small. */
const PAGING: FindingsPaging = { pageSize: 100, concurrency: 6, maxPages: 1000 }

let emulator: Emulator
let transport: Transport

function query(repository: string): FindingsQuery {
  return { type: 'sast', repository, ref: 'refs/heads/main', status: 'open' }
}

/** `count` open SAST findings of `repository`, newest first in id order. */
function addFindings(repository: string, count: number, idBase: number): number[] {
  const records = Array.from({ length: count }, (_, index) =>
    sastFinding({
      id: idBase + index,
      repository: { name: repository, url: `https://github.com/${repository}` },
      relevantSince: new Date(NOW.getTime() - index * 60_000)
    })
  )
  emulator.state.sastFindings.push(...records)
  return records.map(record => record.id)
}

async function collect(
  repository: string,
  speculation = new SpeculationBudget(5)
): Promise<Finding[]> {
  const out: Finding[] = []
  const pages = findingPages(transport, 'acme-corp', query(repository), PAGING, speculation)
  for await (const page of pages) out.push(...page)
  return out
}

/** Pages asked for past an end may still be in flight when a listing returns: let them land. */

/** Whether page 1 of acme/many has been answered (its delay fault has run out). */
function page1Answered(): boolean {
  return emulator.requests.some(
    r =>
      r.path === FINDINGS_PATH &&
      r.query.repos?.[0] === 'acme/many' &&
      r.query.page?.[0] === '1' &&
      r.status !== 0
  )
}

/** Both types and the three default statuses of `repository`: six request chains. */
function everyChainOf(repository: string): Parameters<typeof fetchFindings>[2] {
  return {
    issueTypes: ['sast', 'sca'],
    secretsOptional: false,
    repository,
    ref: 'refs/heads/main',
    status: ['open', 'reviewing', 'fixing'],
    since: undefined
  }
}

function pagesOf(repository: string): number[] {
  return emulator.requests
    .filter(r => r.path === FINDINGS_PATH && r.query.repos?.[0] === repository)
    .map(r => Number(r.query.page?.[0]))
    .sort((a, b) => a - b)
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

beforeAll(async () => {
  emulator = await startEmulator({ now: NOW, shape: 'live' })
  addFindings('acme/one', 40, 9_100_000)
  addFindings('acme/two', 150, 9_200_000)
  addFindings('acme/many', 2050, 9_300_000)
  addFindings('acme/ends', 350, 9_400_000)
  transport = emulatorTransport(emulator, { timeoutMs: 20_000 })
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(async () => {
  await quiesce(emulator)
  emulator.clearFaults()
  emulator.requests.length = 0
})

describe('speculative pages of one list', () => {
  it('a list of one page costs one request', async () => {
    const findings = await collect('acme/one')
    expect(findings).toHaveLength(40)
    await quiesce(emulator)
    expect(pagesOf('acme/one')).toEqual([0])
  })

  it('a list of two pages: after the full first page, the next and five more at once', async () => {
    // Page 1 answers late, so that every page asked for ahead of it has gone out.
    emulator.addFault({ kind: 'delay', ms: 300, path: FINDINGS_PATH, query: { page: '1' } })
    const budget = new SpeculationBudget(5)
    const findings = await collect('acme/two', budget)
    expect(findings.map(f => f.id)).toEqual(range(9_200_000, 9_200_149))
    await quiesce(emulator)
    // Two pages hold the list; pages 2 to 6 were asked for before page 1 showed the end.
    expect(pagesOf('acme/two')).toEqual(range(0, 6))
    expect(budget.wasted).toBe(5)
  })

  it('asks for the pages ahead while the next one is still out', async () => {
    // Page 1 answers late: pages 2 to 6 go out before it is back, not after.
    emulator.addFault({ kind: 'delay', ms: 3_000, path: FINDINGS_PATH, query: { page: '1' } })
    const pages = findingPages(transport, 'acme-corp', query('acme/many'), PAGING)
    expect((await pages.next()).value).toHaveLength(100)
    const page1 = pages.next()
    // Pages 2 to 6 come back full meanwhile: each proves the next page needed and frees a request
    // on the wire, so more go out, still before page 1 is back. Waiting for that (not a fixed
    // time) keeps the test independent of the machine's load; page 1's delay bounds the wait.
    while (pagesOf('acme/many').length <= 7 && !page1Answered())
      await new Promise(resolve => setTimeout(resolve, 10))
    expect(page1Answered()).toBe(false)
    expect(pagesOf('acme/many').slice(0, 7)).toEqual(range(0, 6))
    expect(pagesOf('acme/many').length).toBeGreaterThan(7)
    expect((await page1).value).toHaveLength(100)
    await pages.return(undefined)
  })

  it('a list of many pages: every finding once, in order, at most five pages past the end', async () => {
    const budget = new SpeculationBudget(5)
    const findings = await collect('acme/many', budget)
    expect(findings.map(f => f.id)).toEqual(range(9_300_000, 9_302_049))
    await quiesce(emulator)
    const pages = pagesOf('acme/many')
    // 21 pages hold the list (the last one short); no page is asked for twice.
    expect(pages.slice(0, 21)).toEqual(range(0, 20))
    expect(new Set(pages).size).toBe(pages.length)
    expect(pages.length).toBeLessThanOrEqual(21 + 5)
    // A page abandoned before it went out is spent from the budget, yet never reaches the server.
    expect(pages.length - 21).toBeLessThanOrEqual(budget.wasted)
    expect(budget.wasted).toBeLessThanOrEqual(5)
  })

  it('an end that arrives while pages ahead are in flight: every finding once, at most five pages past it', async () => {
    // Pages 2 (full) and 3 (short: the end) come back while page 1 is still out.
    emulator.addFault({ kind: 'delay', ms: 400, path: FINDINGS_PATH, query: { page: '1' } })
    const budget = new SpeculationBudget(5)
    const findings = await collect('acme/ends', budget)
    expect(findings.map(f => f.id)).toEqual(range(9_400_000, 9_400_349))
    await quiesce(emulator)
    const pages = pagesOf('acme/ends')
    expect(pages.slice(0, 4)).toEqual(range(0, 3))
    expect(pages.length - 4).toBeLessThanOrEqual(budget.wasted)
    expect(budget.wasted).toBeLessThanOrEqual(5)
  })
})

describe('the budget shared by the lists of a run', () => {
  it('three long lists ask for at most five pages past their ends together', async () => {
    const sast = addFindings('acme/shared', 250, 9_500_000)
    try {
      const budget = new SpeculationBudget(5)
      const lists = ['acme/shared', 'acme/many', 'acme/ends'].map(async repository => {
        const out: Finding[] = []
        const pages = findingPages(transport, 'acme-corp', query(repository), PAGING, budget)
        for await (const page of pages) out.push(...page)
        return out.length
      })
      expect(await Promise.all(lists)).toEqual([250, 2050, 350])
      await quiesce(emulator)
      // The fewest requests: 3 + 21 + 4 pages; each list alone could ask for 5 past its end.
      const sent = emulator.requests.filter(r => r.path === FINDINGS_PATH).length
      expect(sent).toBeGreaterThanOrEqual(3 + 21 + 4)
      expect(sent).toBeLessThanOrEqual(3 + 21 + 4 + 5)
      expect(sent - (3 + 21 + 4)).toBeLessThanOrEqual(budget.wasted)
      expect(budget.wasted).toBeLessThanOrEqual(5)
    } finally {
      emulator.state.sastFindings.splice(-sast.length)
    }
  })

  it('fetchFindings shares one budget over its type and status chains', async () => {
    const findings = await fetchFindings(transport, 'acme-corp', everyChainOf('acme/many'))
    expect(findings.findings).toHaveLength(2050)
    await quiesce(emulator)
    // SAST open: a short first page of 2050 and the probe of page 1 that checks for a silent
    // page-size cap; the five other chains are empty: one request each. Each open list asked for
    // page 1 with page 0; once page 0 showed the end (or, for SAST, a cap perhaps) it was
    // cancelled, and may not have reached the server.
    const sent = emulator.requests
      .filter(r => r.path === FINDINGS_PATH)
      .map(r => `${r.query.issue_type?.[0]}:${r.query.status?.[0]}:${r.query.page?.[0]}`)
      .sort()
    const ahead = ['sast:open:1', 'sca:open:1']
    expect(sent.filter(r => !ahead.includes(r))).toEqual([
      'sast:fixing:0',
      'sast:open:0',
      'sast:reviewing:0',
      'sca:fixing:0',
      'sca:open:0',
      'sca:reviewing:0'
    ])
    expect(sent.filter(r => r === 'sast:open:1').length).toBeGreaterThanOrEqual(1)
    expect(sent.filter(r => r === 'sast:open:1').length).toBeLessThanOrEqual(2)
    expect(sent.filter(r => r === 'sca:open:1').length).toBeLessThanOrEqual(1)
  })
})

describe('a run that spent a request on its count speculates one page less', () => {
  it.each([5, 4])(
    'speculationLimit %i: at most that many findings requests past the fewest',
    async limit => {
      const added = addFindings('acme/exact', 3000, 9_600_000)
      try {
        // SAST page 1 (the one that proves the end) is slow: the pages past it go out meanwhile.
        // SCA open asks for its page 1 with its first too, and spends a slot on it.
        emulator.addFault({
          kind: 'delay',
          ms: 300,
          path: FINDINGS_PATH,
          query: { page: '1', issue_type: 'sast' }
        })
        const found = await fetchFindings(transport, 'acme-corp', everyChainOf('acme/exact'), {
          speculationLimit: limit
        })
        expect(found.findings).toHaveLength(3000)
        await quiesce(emulator)
        // The fewest: SAST open pages 0 and 1, one page for each of the five other chains.
        const sent = emulator.requests.filter(r => r.path === FINDINGS_PATH).length
        expect(sent - 7).toBe(limit)
      } finally {
        emulator.state.sastFindings.splice(-added.length)
      }
    }
  )
})

describe('the share of each list', () => {
  const takeAll = (budget: SpeculationBudget, mine = 0): number => {
    let taken = mine
    while (budget.take(taken)) taken++
    return taken - mine
  }

  it('a list alone may take the whole budget', () => {
    const budget = new SpeculationBudget(5)
    budget.enter()
    budget.join()
    expect(takeAll(budget)).toBe(5)
  })

  it('the first long list leaves a share to a list whose first page is still out', () => {
    const budget = new SpeculationBudget(5)
    budget.enter()
    budget.enter()
    budget.join()
    expect(takeAll(budget)).toBe(3)
    budget.join()
    expect(takeAll(budget)).toBe(2)
  })

  it('a list that asks for no page ahead takes no share while its first page is out', () => {
    const budget = new SpeculationBudget(5)
    budget.enter() // the open list asks ahead: it may be long
    budget.enter(false) // reviewing and fixing ask for no page ahead: seldom long
    budget.enter(false)
    budget.join()
    expect(takeAll(budget)).toBe(5)
  })

  it('such a list shares once it shows it is long, and leaves the others their shares', () => {
    const budget = new SpeculationBudget(6)
    budget.enter()
    budget.enter(false)
    budget.join()
    expect(budget.take(0) && budget.take(1)).toBe(true) // the open list holds two
    budget.join(false) // the reviewing list's first page was full after all
    expect(takeAll(budget)).toBe(3) // half of six
    expect(takeAll(budget, 2)).toBe(1) // the open list, up to its half

    const two = new SpeculationBudget(5)
    two.enter()
    two.enter()
    two.enter(false)
    two.leave(0, false, false) // the fixing list ended on its first page: it held no share
    two.join()
    expect(takeAll(two)).toBe(3) // the other open list's first page is still out
  })

  it('a list that ends short frees its share; slots spent past an end never come back', () => {
    const budget = new SpeculationBudget(5)
    budget.enter()
    budget.enter()
    budget.join()
    expect(takeAll(budget)).toBe(3)
    budget.leave(0, false) // the other list ended on its first page
    expect(takeAll(budget, 3)).toBe(2)
    budget.leave(5, true) // all five were past the end
    expect(budget.wasted).toBe(5)
    budget.enter()
    budget.join()
    expect(takeAll(budget)).toBe(0)
  })
})

describe('pages answered in any order (no HTTP: each page comes back when the test says)', () => {
  const full = (page: number): number[] => Array.from({ length: 10 }, (_, i) => page * 10 + i)
  const options = {
    pageSize: 10,
    concurrency: 4,
    endOn: 'short-page' as const,
    maxPages: 50,
    key: (n: number) => n,
    request: { method: 'GET' as const, path: '/api/v1/x' }
  }

  it('a full page that comes back asks for the next one at once, before the pages ahead of it are read', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const pages = pageNumberPages(fetchPage, { ...options, speculation: new SpeculationBudget(5) })
    const page0 = pages.next()
    await answer(0, full(0))
    expect((await page0).value).toEqual(full(0))
    const page1 = pages.next()
    // Page 1, needed, and three ahead: four on the wire.
    expect(requested).toEqual([0, 1, 2, 3, 4])
    // Page 2 comes back full while page 1 is still out: page 3 is needed now, and page 5 goes out.
    await answer(2, full(2))
    expect(requested).toEqual([0, 1, 2, 3, 4, 5])
    await answer(1, full(1))
    expect((await page1).value).toEqual(full(1))
    await pages.return(undefined)
  })

  it('no page is asked for once a page that ends the list is back, whatever comes back after it', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, { ...options, speculation: budget })
    const page0 = pages.next()
    await answer(0, full(0))
    await page0
    const page1 = pages.next()
    expect(requested).toEqual([0, 1, 2, 3, 4])
    await answer(3, [30]) // short: the end
    await answer(2, full(2))
    await answer(4, [])
    await answer(1, full(1))
    const first = await page1
    const rest: number[] = first.done === true ? [] : [...first.value]
    for await (const page of pages) rest.push(...page)
    expect(rest).toEqual([...full(1), ...full(2), 30])
    expect(requested).toEqual([0, 1, 2, 3, 4])
    // Page 4 lay past the end: its slot is spent.
    expect(budget.wasted).toBe(1)
  })
})

describe('the page an open list asks for with its first', () => {
  it('goes out before the first page is back (over HTTP, with the default paging)', async () => {
    // Page 0 answers late: page 1 must not wait for it.
    emulator.addFault({ kind: 'delay', ms: 3_000, path: FINDINGS_PATH, query: { page: '0' } })
    const pages = findingPages(transport, 'acme-corp', query('acme/many'))
    const first = pages.next()
    await waitUntil(() => pagesOf('acme/many').length >= 2)
    expect(pagesOf('acme/many')).toEqual([0, 1])
    // Page 0 is still unanswered.
    expect(emulator.requests.find(r => r.query.page?.[0] === '0')?.status).toBe(0)
    expect((await first).value).toHaveLength(2050)
    await pages.return(undefined)
  })

  it('is spent from the budget when the list ends on its first page', async () => {
    const budget = new SpeculationBudget(5)
    const out: Finding[] = []
    const paging = { ...PAGING, openStartAhead: 1 }
    for await (const page of findingPages(
      transport,
      'acme-corp',
      query('acme/one'),
      paging,
      budget
    ))
      out.push(...page)
    expect(out).toHaveLength(40)
    expect(budget.wasted).toBe(1)
    await quiesce(emulator)
    // Cancelled once page 0 showed the end, page 1 may not have reached the server.
    expect(pagesOf('acme/one').filter(page => page !== 1)).toEqual([0])
    expect(pagesOf('acme/one').length).toBeLessThanOrEqual(2)
  })

  it('is not asked for by a list that is not open', async () => {
    const paging = { ...PAGING, openStartAhead: 1 }
    const reviewing: FindingsQuery = { ...query('acme/one'), status: 'reviewing' }
    const pages = findingPages(transport, 'acme-corp', reviewing, paging)
    for await (const page of pages) expect(page).toHaveLength(0)
    await quiesce(emulator)
    expect(pagesOf('acme/one')).toEqual([0])
  })

  it('is dropped, cancelled and spent when the first page shows a capped page size', async () => {
    const requested: { page: number; size: number; signal: AbortSignal }[] = []
    const answers = new Map<number, (items: number[]) => void>()
    const fetchPage = (page: number, signal: AbortSignal, size: number): Promise<number[]> => {
      requested.push({ page, size, signal })
      return new Promise(resolve => answers.set(requested.length - 1, resolve))
    }
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, {
      pageSize: 300,
      concurrency: 4,
      endOn: 'short-page',
      capCheck: { minPageSize: 100 },
      maxPages: 50,
      speculation: budget,
      startAhead: 1,
      key: (n: number) => n,
      request: { method: 'GET', path: '/api/v1/x' }
    })
    const page0 = pages.next()
    expect(requested.map(r => `${r.page}:${r.size}`)).toEqual(['0:300', '1:300'])
    // 200 items: the end of the list, or a server that caps page_size at 200.
    answers.get(0)?.(Array.from({ length: 200 }, (_, i) => i))
    expect((await page0).value).toHaveLength(200)
    const page1 = pages.next()
    await new Promise(resolve => setImmediate(resolve))
    // Page 1 asked for at 300 starts at item 300, not 200: it is cancelled and asked anew at 200.
    expect(requested[1].signal.aborted).toBe(true)
    expect(requested.map(r => `${r.page}:${r.size}`)).toEqual(['0:300', '1:300', '1:200'])
    expect(budget.wasted).toBe(1)
    answers.get(2)?.([])
    expect((await page1).done).toBe(true)
  })
})

/** Pages answered when the test says; a page asked for ahead can say its body holds items. */
function aheadPages() {
  const requested: { page: number; size: number; signal: AbortSignal }[] = []
  const answers: ((items: number[]) => void)[] = []
  const announce = new Map<number, () => void>()
  const fetchPage = (
    page: number,
    signal: AbortSignal,
    size: number,
    onItems?: () => void
  ): Promise<number[]> => {
    requested.push({ page, size, signal })
    if (onItems) announce.set(page, onItems)
    return new Promise(resolve => answers.push(resolve))
  }
  const pagesAsked = (): string[] => requested.map(r => `${r.page}:${r.size}`)
  const answer = async (index: number, items: number[]): Promise<void> => {
    answers[index]?.(items)
    await new Promise(resolve => setImmediate(resolve))
  }
  return { requested, pagesAsked, fetchPage, announce, answer }
}

describe('a page asked for ahead whose body shows findings', () => {
  const options = (speculation: SpeculationBudget, expected?: ExpectedItems) => ({
    pageSize: 300,
    concurrency: 4,
    endOn: 'short-page' as const,
    capCheck: { minPageSize: 100 },
    maxPages: 50,
    speculation,
    startAhead: 1,
    aheadItemsAfterMs: 0,
    ...(expected ? { expected } : {}),
    key: (n: number) => n,
    request: { method: 'GET' as const, path: '/api/v1/x' }
  })
  const items = (from: number, count: number): number[] =>
    Array.from({ length: count }, (_, i) => from + i)

  it('lets the list speculate before its first page is back: page 0 was full', async () => {
    const { pagesAsked, fetchPage, announce, answer } = aheadPages()
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, options(budget))
    const page0 = pages.next()
    expect(pagesAsked()).toEqual(['0:300', '1:300'])
    // Only the page asked for ahead can tell.
    expect([...announce.keys()]).toEqual([1])
    announce.get(1)?.()
    // Up to the concurrency of 4 on the wire, on budget slots: page 0 is still out.
    expect(pagesAsked()).toEqual(['0:300', '1:300', '2:300', '3:300'])
    // Told twice (a retried page reads its body again): nothing more is asked for.
    announce.get(1)?.()
    expect(pagesAsked()).toHaveLength(4)
    await answer(0, items(0, 300))
    expect((await page0).value).toHaveLength(300)
    // Page 0 read full: page 1 is needed, its slot comes back, one more page goes out.
    expect(pagesAsked()).toEqual(['0:300', '1:300', '2:300', '3:300', '4:300'])
    expect(budget.wasted).toBe(0)
    await pages.return(undefined)
  })

  it('takes the pages the count covers before the first page is back', async () => {
    const { pagesAsked, fetchPage, announce, answer } = aheadPages()
    const pages = pageNumberPages(
      fetchPage,
      options(new SpeculationBudget(5), new ExpectedItems(Promise.resolve(2_000)))
    )
    const page0 = pages.next()
    await new Promise(resolve => setImmediate(resolve))
    // The count is known, but without proof that this list is the long one it waits.
    expect(pagesAsked()).toEqual(['0:300', '1:300'])
    announce.get(1)?.()
    // 2,000 items: pages 1 to 6 hold 1,800 past page 0's 300 (page 1 counted as it went out).
    expect(pagesAsked().map(page => Number(page.split(':')[0]))).toEqual(range(0, 6))
    await answer(0, items(0, 300))
    expect((await page0).value).toHaveLength(300)
    await pages.return(undefined)
  })

  it('a first page that then shows a capped size: every page asked for before it is cancelled and asked anew', async () => {
    const { requested, pagesAsked, fetchPage, announce, answer } = aheadPages()
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, options(budget))
    const page0 = pages.next()
    announce.get(1)?.()
    expect(pagesAsked()).toEqual(['0:300', '1:300', '2:300', '3:300'])
    // 200 items: a server that caps page_size at 200 (page 1 at 300 held items).
    await answer(0, items(0, 200))
    expect((await page0).value).toHaveLength(200)
    const page1 = pages.next()
    await new Promise(resolve => setImmediate(resolve))
    expect(requested.slice(1, 4).map(r => r.signal.aborted)).toEqual([true, true, true])
    // Asked anew at 200: the list has shown it goes on, so the next pages with it.
    expect(pagesAsked().slice(4)).toEqual(['1:200', '2:200', '3:200'])
    expect(requested.slice(4).map(r => r.signal.aborted)).toEqual([false, false, false])
    // The three cancelled pages were on budget slots: spent.
    expect(budget.wasted).toBe(3)
    await answer(4, items(200, 200))
    expect((await page1).value).toEqual(items(200, 200))
    await pages.return(undefined)
  })

  it('a page ahead whose items come within aheadItemsAfterMs of asking: nothing more until page 0 is read', async () => {
    const { pagesAsked, fetchPage, announce, answer } = aheadPages()
    const pages = pageNumberPages(fetchPage, {
      ...options(new SpeculationBudget(5), new ExpectedItems(Promise.resolve(2_000))),
      aheadItemsAfterMs: 60_000
    })
    const page0 = pages.next()
    announce.get(1)?.()
    expect(pagesAsked()).toEqual(['0:300', '1:300'])
    await answer(0, items(0, 300))
    expect((await page0).value).toHaveLength(300)
    const page1 = pages.next()
    // Page 0 read full: the pages the count covers go out now, as they did before.
    expect(pagesAsked().map(page => Number(page.split(':')[0]))).toEqual(range(0, 6))
    await answer(1, items(300, 300))
    expect((await page1).value).toHaveLength(300)
    await pages.return(undefined)
  })

  /**
   * The open list of `repository` asked for page 1 with page 0, over HTTP: page 1 answers at 200 ms
   * (past AHEAD_ITEMS_AFTER_MS), page 0 after `page0Ms`.
   */
  function slowFirstPage(repository: string, page0Ms: number) {
    emulator.addFault({ kind: 'delay', ms: page0Ms, path: FINDINGS_PATH, query: { page: '0' } })
    emulator.addFault({ kind: 'delay', ms: 200, path: FINDINGS_PATH, query: { page: '1' } })
    const paging = { ...PAGING, openStartAhead: 1 }
    const pages = findingPages(transport, 'acme-corp', query(repository), paging)
    return { pages, first: pages.next() }
  }

  it('over HTTP: a page 1 with findings brings the next pages while page 0 is still unanswered', async () => {
    const { pages, first } = slowFirstPage('acme/many', 3_000)
    await waitUntil(() => range(0, 5).every(page => pagesOf('acme/many').includes(page)))
    // Pages 2 to 5 came from page 1's body (100 findings), not from page 0 (and the pages after
    // them from theirs, which come back full while page 0 is still out).
    expect(pagesOf('acme/many')).toEqual(expect.arrayContaining(range(0, 5)))
    expect(emulator.requests.find(r => r.query.page?.[0] === '0')?.status).toBe(0)
    expect((await first).value).toHaveLength(100)
    const rest: Finding[] = []
    for await (const page of pages) rest.push(...page)
    expect(rest).toHaveLength(1950)
  })

  it('over HTTP: an empty page 1 brings nothing more until page 0 is read', async () => {
    const { pages, first } = slowFirstPage('acme/one', 500)
    await waitUntil(() => emulator.requests.some(r => r.query.page?.[0] === '1' && r.status !== 0))
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(pagesOf('acme/one')).toEqual([0, 1])
    expect((await first).value).toHaveLength(40)
    expect((await pages.next()).done).toBe(true)
    expect(pagesOf('acme/one')).toEqual([0, 1])
  })
})

describe('a list whose pages contradict each other', () => {
  const options = {
    pageSize: 300,
    concurrency: 4,
    endOn: 'short-page' as const,
    capCheck: { minPageSize: 100 },
    maxPages: 50,
    startAhead: 1,
    // The page ahead's items do not act before page 0 is read: only what it holds is tested here.
    aheadItemsAfterMs: 60_000,
    key: (n: number) => n,
    request: { method: 'GET' as const, path: '/api/v1/x' }
  }
  const items = (from: number, count: number): number[] =>
    Array.from({ length: count }, (_, i) => from + i)
  const CONTRADICTION =
    'GET /api/v1/x returned an unexpected response: page 0 ended the list with 40 items, but page 1 holds 300: the list changed while it was read, or its pages overlap; run the step again'

  it('a page 1 back with items when a short page 0 ends the list: no list, an error naming both', async () => {
    const { fetchPage, answer } = aheadPages()
    const pages = pageNumberPages(fetchPage, { ...options, speculation: new SpeculationBudget(5) })
    const page0 = pages.next()
    await answer(1, items(300, 300))
    await answer(0, items(0, 40))
    expect((await page0).value).toEqual(items(0, 40))
    await expect(pages.next()).rejects.toThrow(CONTRADICTION)
  })

  /** Page 1's body shows items, then page 0 comes back short: what follows page 0. */
  async function afterShortPage0(): Promise<{
    next: Promise<IteratorResult<readonly number[]>>
    answer: (index: number, items: number[]) => Promise<void>
  }> {
    const { fetchPage, announce, answer } = aheadPages()
    const pages = pageNumberPages(fetchPage, { ...options, speculation: new SpeculationBudget(5) })
    const page0 = pages.next()
    announce.get(1)?.()
    await answer(0, items(0, 40))
    expect((await page0).value).toEqual(items(0, 40))
    return { next: pages.next(), answer }
  }

  it('a page 1 whose body has shown items is waited for, and refused when it holds them', async () => {
    const { next, answer } = await afterShortPage0()
    let settled = false
    void next.then(
      () => (settled = true),
      () => (settled = true)
    )
    await new Promise(resolve => setImmediate(resolve))
    // Page 1 is still arriving: the end waits for it.
    expect(settled).toBe(false)
    await answer(1, items(300, 300))
    await expect(next).rejects.toThrow(CONTRADICTION)
  })

  it('a page 1 whose body showed bytes but holds no items: the list ends at page 0', async () => {
    const { next, answer } = await afterShortPage0()
    await answer(1, [])
    expect((await next).done).toBe(true)
  })

  it('a page 1 that has shown nothing is not waited for: the list ends at page 0 at once', async () => {
    const { fetchPage, answer } = aheadPages()
    const pages = pageNumberPages(fetchPage, { ...options, speculation: new SpeculationBudget(5) })
    const page0 = pages.next()
    await answer(0, items(0, 40))
    expect((await page0).value).toEqual(items(0, 40))
    expect((await pages.next()).done).toBe(true)
  })

  it('a page past a short page in the middle of a list, back with items: refused the same way', async () => {
    const { fetchPage, answer } = aheadPages()
    const pages = pageNumberPages(fetchPage, { ...options, speculation: new SpeculationBudget(5) })
    const page0 = pages.next()
    await answer(0, items(0, 300))
    expect((await page0).value).toEqual(items(0, 300))
    // Page 0 full: page 1 (asked ahead) is needed, and pages 2 to 4 go out on the budget.
    const page1 = pages.next()
    await answer(2, items(600, 300))
    await answer(1, items(300, 120))
    expect((await page1).value).toEqual(items(300, 120))
    await expect(pages.next()).rejects.toThrow(
      'page 1 ended the list with 120 items, but page 2 holds 300'
    )
  })
})
