import { describe, expect, it } from '@jest/globals'
import { PaginationError, SchemaError } from '../src/api/errors.js'
import { cursorPages, readPageNumberList, type PageNumberOptions } from '../src/api/pages.js'
import { defaultRetryPolicy, parseRetryAfter, retryDelayMs, shouldRetry } from '../src/api/retry.js'
import { classifyNetworkError, serverMessage } from '../src/api/network-errors.js'
import { reachabilityOf, severityOf, timestampMillis } from '../src/api/wire.js'
import { StringPool } from '../src/api/findings-wire.js'
import { heldPages } from './helpers/client.js'

const request = { method: 'GET', path: '/api/v1/x' }

async function collect<T>(pages: AsyncGenerator<readonly T[]>): Promise<T[]> {
  const out: T[] = []
  for await (const page of pages) out.push(...page)
  return out
}

describe('retry policy', () => {
  const policy = defaultRetryPolicy(4)

  it('retries the transient statuses and network errors of an idempotent request, never other 4xx', () => {
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(shouldRetry({ kind: 'status', status }, true, policy)).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetry({ kind: 'status', status }, true, policy)).toBe(false)
    expect(shouldRetry({ kind: 'network', code: 'ECONNRESET' }, true, policy)).toBe(true)
    expect(shouldRetry({ kind: 'network', code: 'TIMEOUT' }, true, policy)).toBe(true)
  })

  it('retries a non-idempotent POST only when the server cannot have processed it', () => {
    expect(shouldRetry({ kind: 'status', status: 429 }, false, policy)).toBe(true)
    expect(shouldRetry({ kind: 'status', status: 503 }, false, policy)).toBe(true)
    expect(shouldRetry({ kind: 'network', code: 'ECONNREFUSED' }, false, policy)).toBe(true)
    expect(shouldRetry({ kind: 'status', status: 500 }, false, policy)).toBe(false)
    expect(shouldRetry({ kind: 'status', status: 504 }, false, policy)).toBe(false)
    expect(shouldRetry({ kind: 'network', code: 'TIMEOUT' }, false, policy)).toBe(false)
    expect(shouldRetry({ kind: 'network', code: 'ECONNRESET' }, false, policy)).toBe(false)
  })

  it('retries a connection that did not open in time, even for a POST: nothing was sent', () => {
    expect(shouldRetry({ kind: 'network', code: 'UND_ERR_CONNECT_TIMEOUT' }, false, policy)).toBe(
      true
    )
    const error = Object.assign(new Error('Connect Timeout Error'), {
      code: 'UND_ERR_CONNECT_TIMEOUT',
      hostname: 'semgrep.dev'
    })
    expect(classifyNetworkError(error, 30_000)).toEqual({
      code: 'UND_ERR_CONNECT_TIMEOUT',
      detail: 'connection timed out: semgrep.dev'
    })
  })

  it('does not wait out a Retry-After longer than the cap', () => {
    expect(shouldRetry({ kind: 'status', status: 429, retryAfterMs: 120_000 }, true, policy)).toBe(
      true
    )
    expect(
      shouldRetry({ kind: 'status', status: 429, retryAfterMs: 3_600_000 }, true, policy)
    ).toBe(false)
  })

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T12:00:00Z')
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    expect(retryDelayMs(1, policy, undefined, () => 0)).toBe(250)
    expect(retryDelayMs(1, policy, undefined, () => 1)).toBe(500)
    expect(retryDelayMs(3, policy, undefined, () => 1)).toBe(2000)
    expect(retryDelayMs(20, policy, undefined, () => 1)).toBe(20_000)
    expect(retryDelayMs(2, policy, 1234, () => 1)).toBe(1234)
  })
})

describe('page-number lists (no HTTP)', () => {
  const full = (page: number): number[] => Array.from({ length: 10 }, (_, i) => page * 10 + i)
  const range = (from: number, to: number): number[] =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index)
  const options: PageNumberOptions<number> = {
    pageSize: 10,
    plannedPages: 2,
    window: 3,
    maxPages: 50,
    key: (n: number) => n,
    request
  }

  /** A list of `total` items in pages of 10, and the pages asked for, in order. */
  const source = (total: number) => {
    const requested: number[] = []
    const fetchPage = (page: number): Promise<number[]> => {
      requested.push(page)
      const start = page * 10
      return Promise.resolve(
        Array.from({ length: Math.max(0, Math.min(10, total - start)) }, (_, i) => start + i)
      )
    }
    return { requested, fetchPage }
  }

  it('returns every item once, in order, ending on the first empty page', async () => {
    const { requested, fetchPage } = source(45)
    const pages: number[] = []
    const items = await readPageNumberList(fetchPage, {
      ...options,
      onPage: page => pages.push(page.length)
    })
    expect(items).toEqual(range(0, 44))
    // The short page 4 is not the end: the empty page 5 is.
    expect(pages).toEqual([10, 10, 10, 10, 5])
    // Planned 0 and 1, then a window of three after the full page 1 (2-4), then one page after
    // the short page 4.
    expect(requested).toEqual(range(0, 5))
  })

  it('asks for the planned pages at once, and the window only once the plan is read', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const reading = readPageNumberList(fetchPage, { ...options, plannedPages: 4 })
    expect(requested).toEqual([0, 1, 2, 3])
    await answer(3, full(3))
    await answer(2, full(2))
    await answer(1, full(1))
    expect(requested).toEqual([0, 1, 2, 3])
    await answer(0, full(0))
    // All four planned pages were full: the window asks for three more together.
    expect(requested).toEqual(range(0, 6))
    await answer(4, [])
    await answer(5, [])
    await answer(6, [])
    expect(await reading).toEqual(range(0, 39))
    expect(requested).toEqual(range(0, 6))
  })

  it('a plan of no pages still asks for the first', async () => {
    const { requested, fetchPage } = source(0)
    expect(await readPageNumberList(fetchPage, { ...options, plannedPages: 0 })).toEqual([])
    expect(requested).toEqual([0])
  })

  it('a short page does not end the list: a server that caps the page size is read whole', async () => {
    // A server that serves 4 of the 10 asked for.
    const capped = (page: number): Promise<number[]> =>
      Promise.resolve(range(page * 4, page * 4 + 3).filter(n => n < 22))
    expect(await readPageNumberList(capped, options)).toEqual(range(0, 21))
  })

  it('a later page asked for with the empty one that holds items is a SchemaError', async () => {
    const { fetchPage, answer } = heldPages()
    const reading = readPageNumberList(fetchPage, { ...options, plannedPages: 4 }).catch(
      (e: unknown) => e
    )
    await answer(0, full(0))
    await answer(1, [])
    await answer(2, [])
    await answer(3, [30, 31])
    const error = await reading
    expect(error).toBeInstanceOf(SchemaError)
    expect((error as Error).message).toBe(
      'GET /api/v1/x returned an unexpected response: page 1 was empty, but page 3 holds 2 items: the list changed while it was read, or its pages overlap; run the step again'
    )
  })

  it('keeps each item once when pages overlap, and stops a server that repeats a page', async () => {
    const overlapping = [[1, 2, 3], [3, 4], []]
    expect(
      await readPageNumberList(page => Promise.resolve(overlapping[page] ?? []), {
        ...options,
        plannedPages: 3
      })
    ).toEqual([1, 2, 3, 4])
    const same = full(0)
    const error = await readPageNumberList(() => Promise.resolve(same), options).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect((error as Error).message).toBe(
      'GET /api/v1/x pagination did not end: page 1 repeated the items of earlier pages (the server seems to ignore "page"); stopped to avoid an endless loop'
    )
  })

  it('stops an endless run of pages with items at maxPages, asking for none past it', async () => {
    const requested: number[] = []
    const endless = (page: number): Promise<number[]> => {
      requested.push(page)
      return Promise.resolve(full(page))
    }
    const error = await readPageNumberList(endless, { ...options, maxPages: 5 }).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect((error as Error).message).toBe(
      'GET /api/v1/x pagination did not end: more than 5 pages of 10; stopped to avoid an endless loop'
    )
    expect(requested).toEqual(range(0, 4))
  })

  it('propagates a failed page, and cancels the pages still out', async () => {
    const signals: AbortSignal[] = []
    const failing = (page: number, signal: AbortSignal): Promise<number[]> => {
      signals.push(signal)
      if (page === 1) return Promise.reject(new Error('boom'))
      // Pages other than 0 and 1 never answer: only the cancel ends them.
      return page === 0 ? Promise.resolve(full(0)) : new Promise(() => undefined)
    }
    await expect(readPageNumberList(failing, { ...options, plannedPages: 4 })).rejects.toThrow(
      'boom'
    )
    expect(signals).toHaveLength(4)
    expect(signals.every(signal => signal.aborted)).toBe(true)
  })

  it('a page that failed before the list reached it fails the list once read, unhandled by none', async () => {
    const { fetchPage, answer } = heldPages()
    const pending: ((error: Error) => void)[] = []
    const reading = readPageNumberList(
      (page, signal) =>
        page === 2
          ? new Promise<number[]>((_, reject) => pending.push(reject))
          : fetchPage(page).then(items => (signal.aborted ? [] : items)),
      { ...options, plannedPages: 3 }
    ).catch((e: unknown) => e)
    pending[0]?.(new Error('page 2 failed'))
    await answer(0, full(0))
    await answer(1, [])
    expect(await reading).toEqual(new Error('page 2 failed'))
  })
})

describe('cursor pagination', () => {
  it('follows cursors until hasMore is false', async () => {
    const pages: Record<string, { items: number[]; next?: string; hasMore?: boolean }> = {
      start: { items: [1, 2], next: 'a', hasMore: true },
      a: { items: [3], next: 'b', hasMore: true },
      b: { items: [4], next: 'c', hasMore: false }
    }
    const seen: (string | undefined)[] = []
    const items = await collect(
      cursorPages(
        cursor => {
          seen.push(cursor)
          return Promise.resolve(pages[cursor ?? 'start'] as { items: number[] })
        },
        { maxPages: 10, request }
      )
    )
    expect(items).toEqual([1, 2, 3, 4])
    expect(seen).toEqual([undefined, 'a', 'b'])
  })

  it('ends on an empty cursor when there is no hasMore', async () => {
    const items = await collect(
      cursorPages(
        cursor => Promise.resolve(cursor ? { items: [2], next: '' } : { items: [1], next: 'x' }),
        { maxPages: 10, request }
      )
    )
    expect(items).toEqual([1, 2])
  })

  it('stops on a repeated cursor', async () => {
    await expect(
      collect(
        cursorPages(() => Promise.resolve({ items: [1], next: 'same', hasMore: true }), {
          maxPages: 10,
          request
        })
      )
    ).rejects.toThrow('pagination did not end: the server returned cursor "same" twice')
  })
})

describe('wire helpers', () => {
  it('reads both timestamp forms as epoch milliseconds', () => {
    const at = (iso: string): number => new Date(iso).getTime()
    expect(timestampMillis('2026-11-01T12:00:00.123456Z')).toBe(at('2026-11-01T12:00:00.123Z'))
    expect(timestampMillis('2020-11-18 23:28:12.391807+00:00')).toBe(at('2020-11-18T23:28:12.391Z'))
    expect(timestampMillis('2026-11-01 14:00:00+02:00')).toBe(at('2026-11-01T12:00:00.000Z'))
    expect(timestampMillis('yesterday')).toBeUndefined()
    expect(timestampMillis('2026-11-01T12:00:00Z')).toBe(at('2026-11-01T12:00:00.000Z'))
    expect(timestampMillis('2024-02-29 23:59:59.5+00:00')).toBe(at('2024-02-29T23:59:59.500Z'))
  })

  it('the fast path for UTC stamps agrees with Date for every form it accepts', () => {
    for (const raw of [
      '2026-11-01T12:00:00.123456Z',
      '2026-01-31 00:00:00+00:00',
      '2026-12-31T23:59:59.999999+0000',
      '2000-02-29 12:34:56.7+00:00',
      '2026-06-15T08:09:10.05Z'
    ]) {
      expect(timestampMillis(raw)).toBe(Date.parse(raw.replace(' ', 'T')))
    }
    // Impossible dates and times are not timestamps, rather than rolling over into the next day.
    expect(timestampMillis('2026-02-30 10:00:00+00:00')).toBeUndefined()
    expect(timestampMillis('2025-02-29T10:00:00Z')).toBeUndefined()
    expect(timestampMillis('2026-11-01 24:00:00+00:00')).toBeUndefined()
    expect(timestampMillis('2026-11-01T12:60:00Z')).toBeUndefined()
  })

  it('reads every spelling of severity and reachability, and names nothing else', () => {
    expect(
      ['low', 'INFO', ' High ', 'warning', 'Moderate', 'error', 'critical'].map(severityOf)
    ).toEqual(['low', 'low', 'high', 'medium', 'medium', 'high', 'critical'])
    expect(['', 'severe', 'constructor', '__proto__'].map(severityOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined
    ])
    expect(
      [
        'reachable',
        'always reachable',
        'Conditionally-Reachable',
        ' unreachable ',
        '',
        'no_reachability_analysis',
        'UNKNOWN'
      ].map(reachabilityOf)
    ).toEqual([
      'reachable',
      'always_reachable',
      'conditionally_reachable',
      'unreachable',
      'unknown',
      'unknown',
      'unknown'
    ])
    expect(['sometimes', 'hasOwnProperty', '__proto__'].map(reachabilityOf)).toEqual([
      undefined,
      undefined,
      undefined
    ])
  })

  it('pools equal lists as one frozen list, and keeps lists that join alike apart', () => {
    const pool = new StringPool()
    const first = pool.list(['security', 'A03'])
    expect(pool.list(['security', 'A03'])).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(pool.list(['security'])).toEqual(['security'])
    expect(pool.list([])).toEqual([])
    // Joined with NUL, these three were one key: each is its own list.
    expect(pool.list(['a\u0000b'])).toEqual(['a\u0000b'])
    expect(pool.list(['a', 'b'])).toEqual(['a', 'b'])
    expect(pool.list(['a\u0000b', 'c'])).toEqual(['a\u0000b', 'c'])
    expect(pool.list(['a', 'b\u0000c'])).toEqual(['a', 'b\u0000c'])
    // The elements are the pool's strings.
    expect(pool.list(['security', 'A03'])[0]).toBe(pool.intern('security'))
  })

  it('extracts one line from JSON, HTML and text error bodies', () => {
    expect(serverMessage('{"error":"Invalid API token"}', null)).toBe('Invalid API token')
    expect(
      serverMessage(
        '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
        null
      )
    ).toBe('502 Bad Gateway')
    expect(serverMessage('  upstream\n  timed out ', null)).toBe('upstream timed out')
    expect(serverMessage('', null)).toBeUndefined()
    expect(serverMessage('', 'https://evil.example/x')).toBe(
      'redirected to https://evil.example/x; set base-url to the final origin'
    )
  })

  it('classifies undici network failures by their cause code', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    })
    expect(classifyNetworkError(refused, 30_000)).toEqual({
      code: 'ECONNREFUSED',
      detail: 'connection refused'
    })
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    expect(classifyNetworkError(timeout, 2000)).toEqual({
      code: 'TIMEOUT',
      detail: 'no complete response within 2 s'
    })
  })
})
