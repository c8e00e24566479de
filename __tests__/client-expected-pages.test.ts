/**
 * The proven scan's findings counts size the findings requests: once a full first page shows a
 * list is long, the pages the count covers go out at once; a count that is wrong, missing or
 * unreadable costs requests, never findings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { sampleCommit } from '../emulator/data/sample-scans.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { pageNumberPages } from '../src/api/paginate.js'
import { searchScans } from '../src/api/scans.js'
import { ExpectedItems, SpeculationBudget } from '../src/api/speculation.js'
import type { Transport } from '../src/api/transport.js'
import { fetchFindings } from '../src/collect/gate-data.js'
import type { ScanFindingsCounts } from '../src/domain.js'
import { emulatorTransport, heldPages, quiesce } from './helpers/client.js'

const full = (page: number): number[] => Array.from({ length: 10 }, (_, i) => page * 10 + i)
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)
const OPTIONS = {
  pageSize: 10,
  concurrency: 4,
  endOn: 'short-page' as const,
  maxPages: 100,
  key: (n: number) => n,
  request: { method: 'GET' as const, path: '/api/v1/x' }
}

/** A count the test settles when it wants to. */
function laterCount(): { promise: Promise<number | undefined>; settle: (n?: number) => void } {
  let settle: (n?: number) => void = () => undefined
  const promise = new Promise<number | undefined>(resolve => (settle = resolve))
  return { promise, settle }
}

/** Reads every page of `pages`, answering each request with the next page of a list of `size`. */
async function readAll(
  pages: AsyncGenerator<readonly number[]>,
  answer: (page: number, items: number[]) => Promise<void>,
  requested: readonly number[],
  size: number,
  pending = pages.next()
): Promise<number[]> {
  const out: number[] = []
  const answered = new Set<number>()
  let result = pending
  for (;;) {
    for (const page of requested) {
      if (answered.has(page)) continue
      answered.add(page)
      const items = full(page).filter(n => n < size)
      await answer(page, items)
    }
    const step = await result
    if (step.done === true) return out
    out.push(...step.value)
    result = pages.next()
  }
}

describe('pages the count covers (no HTTP)', () => {
  it('a count known from the start: after the full page 0, every page it covers goes out at once', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const expected = new ExpectedItems(Promise.resolve(95))
    const pages = pageNumberPages(fetchPage, {
      ...OPTIONS,
      speculation: new SpeculationBudget(5),
      expected
    })
    const page0 = pages.next()
    await answer(0, full(0))
    expect((await page0).value).toEqual(full(0))
    const page1 = pages.next()
    // 95 items: pages 1 to 8 hold 80 of them, page 9 the last five. All at once, past the
    // concurrency of 4, and none past the end.
    expect(requested).toEqual(range(0, 9))
    const rest = await readAll(pages, answer, requested, 95, page1)
    expect([...full(0), ...rest]).toEqual(range(0, 94))
    expect(requested).toEqual(range(0, 9))
  })

  it('a count that comes after the first page: the pages it covers go out when it comes', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const count = laterCount()
    const pages = pageNumberPages(fetchPage, {
      ...OPTIONS,
      speculation: new SpeculationBudget(5),
      expected: new ExpectedItems(count.promise)
    })
    const page0 = pages.next()
    await answer(0, full(0))
    await page0
    const page1 = pages.next()
    // Without the count: page 1 and the budget's pages ahead, up to the concurrency.
    expect(requested).toEqual(range(0, 4))
    count.settle(120)
    await new Promise(resolve => setImmediate(resolve))
    // Pages 1 to 4 were counted as they went out; the count covers pages up to 12.
    expect(requested).toEqual(range(0, 12))
    const rest = await readAll(pages, answer, requested, 120, page1)
    expect(rest).toEqual(range(10, 119))
    // Page 12, empty, is the end the list proves; nothing was asked for past it.
    expect(requested).toEqual(range(0, 12))
  })

  it('a count that overstates the list costs the pages it overstates by, never a finding', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, {
      ...OPTIONS,
      speculation: budget,
      expected: new ExpectedItems(Promise.resolve(80))
    })
    const rest = await readAll(pages, answer, requested, 25)
    expect(rest).toEqual(range(0, 24))
    // Pages 0 to 2 hold the list; the count had pages up to 8 asked for.
    expect(requested).toEqual(range(0, 8))
    expect(budget.wasted).toBe(0)
  })

  it('a count that understates the list: the budget speculates past it as without one', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const budget = new SpeculationBudget(5)
    const pages = pageNumberPages(fetchPage, {
      ...OPTIONS,
      speculation: budget,
      expected: new ExpectedItems(Promise.resolve(30))
    })
    const page0 = pages.next()
    await answer(0, full(0))
    await page0
    const page1 = pages.next()
    // Pages 1 to 3 on the count; the budget waits until they are back full.
    expect(requested).toEqual(range(0, 3))
    await answer(1, full(1))
    await answer(2, full(2))
    await answer(3, full(3))
    expect(requested.length).toBeGreaterThan(4)
    const rest = await readAll(pages, answer, requested, 205, page1)
    expect(rest).toEqual(range(10, 204))
    expect(requested.slice(0, 21)).toEqual(range(0, 20))
    expect(requested.length - 21).toBe(budget.wasted)
    expect(budget.wasted).toBeLessThanOrEqual(5)
  })

  for (const [what, count] of [
    ['no count', () => Promise.resolve(undefined)],
    ['a count that failed', () => Promise.reject(new Error('scans search failed'))],
    ['a negative count', () => Promise.resolve(-3000)],
    ['a count that is not an integer', () => Promise.resolve(Number.NaN)]
  ] as const) {
    it(`${what}: exactly the requests of a run without one`, async () => {
      const asked = async (expected?: ExpectedItems): Promise<number[]> => {
        const { requested, fetchPage, answer } = heldPages()
        const pages = pageNumberPages(fetchPage, {
          ...OPTIONS,
          speculation: new SpeculationBudget(5),
          ...(expected ? { expected } : {})
        })
        expect(await readAll(pages, answer, requested, 95)).toEqual(range(0, 94))
        return requested
      }
      const without = await asked()
      expect(await asked(new ExpectedItems(count()))).toEqual(without)
    })
  }

  for (const shared of [true, false]) {
    it(`two long lists of one type ${shared ? 'share one count' : 'with a count each'}`, async () => {
      const open = heldPages()
      const reviewing = heldPages()
      const one = new ExpectedItems(Promise.resolve(60))
      const lists = [open, reviewing].map(held =>
        pageNumberPages(held.fetchPage, {
          ...OPTIONS,
          // No budget slots: only the count and proven need ask for pages.
          speculation: new SpeculationBudget(0),
          expected: shared ? one : new ExpectedItems(Promise.resolve(60))
        })
      )
      const firsts = lists.map(list => list.next())
      await Promise.all([open, reviewing].map(held => held.answer(0, full(0))))
      await Promise.all(firsts)
      const seconds = lists.map(list => list.next())
      // Shared, the six pages the count covers go to the list that asks first, and the other asks
      // for the one page a full first page proves needed; each with its own count, six each.
      expect(open.requested).toEqual(range(0, 6))
      expect(reviewing.requested).toEqual(shared ? [0, 1] : range(0, 6))
      await Promise.all([open, reviewing].map(held => held.answer(1, full(1))))
      await Promise.all(seconds)
      await Promise.all(lists.map(list => list.return(undefined)))
    })
  }
})

describe('the count over HTTP', () => {
  let emulator: Emulator
  let transport: Transport
  const REPOSITORY = 'acme/counted'
  const REF = 'refs/heads/main'
  const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
  const SCANS_PATH = '/api/v1/deployments/4242/scans/search'

  beforeAll(async () => {
    // 7,000 open SAST findings: pages 0 and 1 of 3,000 are full, page 2 ends the list.
    emulator = await startEmulator({
      bulk: { repository: REPOSITORY, ref: REF, sast: 7000, sca: 0 }
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
    emulator.requests.length = 0
  })

  function repositoryId(): string {
    const project = emulator.state.projects.find(p => p.name === REPOSITORY)
    if (!project) throw new Error(`no project ${REPOSITORY}`)
    return String(project.id)
  }

  it('the emulator counts what a completed scan found, as int64 strings', async () => {
    emulator.requests.length = 0
    const scans = await searchScans(transport, '4242', {
      repositoryId: repositoryId(),
      branch: REF
    })
    const head = scans.find(scan => scan.commit === sampleCommit(REPOSITORY, REF))
    expect(head?.findingsCounts).toEqual({ sast: 7000, sca: 0, secrets: 0 })
    const wire = await (
      await fetch(`${emulator.url}${SCANS_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deployment_id: '4242', repository_id: Number(repositoryId()) })
      })
    ).json()
    expect((wire as { scans: { findings_counts: unknown }[] }).scans[0]?.findings_counts).toEqual({
      code: '7000',
      supply_chain: '0',
      secrets: '0',
      total: '7000'
    })
  })

  const scanWith = (findingsCounts: unknown): unknown => ({
    scans: [
      {
        id: '1',
        repository_id: '7',
        branch: REF,
        commit: 'a'.repeat(40),
        status: 'SCAN_STATUS_COMPLETED',
        findings_counts: findingsCounts
      }
    ]
  })

  for (const [spelling, wire, counts] of [
    [
      'int64 strings',
      { code: '12', supply_chain: '3', secrets: '0', total: '15' },
      { sast: 12, sca: 3, secrets: 0 }
    ],
    ['numbers', { code: 12, supply_chain: 3 }, { sast: 12, sca: 3 }],
    ['one product only', { secrets: '2' }, { secrets: 2 }],
    ['absent', undefined, undefined],
    ['null', null, undefined],
    ['an empty object', {}, undefined],
    ['not a number', { code: 'many', supply_chain: '3' }, { sca: 3 }],
    ['a negative number', { code: -1 }, undefined],
    ['not an object', 'twelve', undefined]
  ] as const) {
    it(`findings_counts as ${spelling}: ${counts ? 'read' : 'no count'}, and the scan still read`, async () => {
      emulator.addFault({ kind: 'json', path: SCANS_PATH, body: scanWith(wire) })
      const [scan] = await searchScans(transport, '4242', { repositoryId: '7' })
      expect(scan?.commit).toBe('a'.repeat(40))
      expect(scan?.findingsCounts).toEqual(counts)
    })
  }

  const chains = (): string[] =>
    emulator.requests
      .filter(r => r.path === FINDINGS_PATH)
      .map(r => `${r.query.status?.[0]}:${r.query.page?.[0]}`)
      .sort()

  /** The SAST findings of the repository, open and reviewing (or only open, with `since`). */
  async function fetchWith(
    expected?: Promise<ScanFindingsCounts | undefined>,
    since?: number
  ): Promise<number> {
    const found = await fetchFindings(
      transport,
      'acme-corp',
      {
        issueTypes: ['sast'],
        secretsOptional: false,
        repository: REPOSITORY,
        ref: REF,
        status: since === undefined ? ['open', 'reviewing'] : ['open'],
        since
      },
      expected ? { expected } : {}
    )
    await quiesce(emulator)
    return found.findings.length
  }

  it('with the scan count, the fewest requests: pages 1 and 2 at once, none past the end', async () => {
    // Page 1 answers late: page 2 goes out before it is back, on the count alone.
    emulator.addFault({ kind: 'delay', ms: 500, path: FINDINGS_PATH, query: { page: '1' } })
    expect(await fetchWith(Promise.resolve({ sast: 7000 }))).toBe(7000)
    expect(chains()).toEqual(['open:0', 'open:1', 'open:2', 'reviewing:0'])
    const page1 = emulator.requests.find(r => r.query.page?.[0] === '1')
    const page2 = emulator.requests.find(r => r.query.page?.[0] === '2')
    expect(page2?.receivedAt).toBeLessThan((page1?.receivedAt ?? 0) + 500)
  })

  it('without it, the budget speculates past the end', async () => {
    expect(await fetchWith()).toBe(7000)
    const open = chains().filter(chain => chain.startsWith('open:'))
    expect(open.length).toBeGreaterThan(3)
    expect(open.length).toBeLessThanOrEqual(3 + 5)
  })

  it('with since, the count (which includes older findings) is not used', async () => {
    // A count far beyond the list: used, it would ask for twenty pages.
    expect(await fetchWith(Promise.resolve({ sast: 60_000 }), 0)).toBe(7000)
    expect(chains().length).toBeLessThanOrEqual(3 + 5)
  })
})
