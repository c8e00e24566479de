import { describe, expect, it } from '@jest/globals'
import { PaginationError } from '../src/api/errors.js'
import { cursorPages, pageNumberPages } from '../src/api/paginate.js'
import {
  CONNECT_TIMEOUT_CODE,
  defaultRetryPolicy,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry
} from '../src/api/retry.js'
import { classifyNetworkError, serverMessage } from '../src/api/transport.js'
import { reachabilityOf, severityOf, timestampMillis } from '../src/api/wire.js'
import { StringPool } from '../src/api/findings.js'
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
    expect(shouldRetry({ kind: 'network', code: CONNECT_TIMEOUT_CODE }, false, policy)).toBe(true)
    const error = Object.assign(new Error('connect timed out after 10 s'), {
      code: CONNECT_TIMEOUT_CODE,
      hostname: 'semgrep.dev'
    })
    expect(classifyNetworkError(error, 30_000)).toEqual({
      code: 'ECONNECT_TIMEOUT',
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

describe('page-number pagination', () => {
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
  const options = {
    pageSize: 10,
    concurrency: 3,
    endOn: 'short-page' as const,
    maxPages: 50,
    key: (n: number) => n,
    request
  }

  it('returns every item in order, stopping at the first short page', async () => {
    const { requested, fetchPage } = source(45)
    const items = await collect(pageNumberPages(fetchPage, options))
    expect(items).toEqual(Array.from({ length: 45 }, (_, i) => i))
    // 5 pages hold the data; up to 3 in flight means at most 2 speculative pages past the end.
    expect(requested.slice(0, 5)).toEqual([0, 1, 2, 3, 4])
    expect(requested.length).toBeLessThanOrEqual(7)
  })

  const full = (page: number): number[] => Array.from({ length: 10 }, (_, i) => page * 10 + i)

  it('starts one page ahead, asks further ahead while the end is unknown, never past a known end', async () => {
    const { requested, fetchPage, answer } = heldPages()
    const pages = pageNumberPages(fetchPage, { ...options, concurrency: 2 })

    const page0 = pages.next()
    await answer(0, full(0))
    expect((await page0).value).toEqual(full(0))
    // Slow start: after the first full page, only the next one (a list of two costs no extra).
    const page1 = pages.next()
    await answer(1, full(1))
    expect((await page1).value).toEqual(full(1))
    expect(requested).toEqual([0, 1])

    // Two full pages: the full concurrency, page 3 asked for while page 2 is still out.
    const page2 = pages.next()
    expect(requested).toEqual([0, 1, 2, 3])
    await answer(3, [])
    await answer(2, full(2))
    expect((await page2).value).toEqual(full(2))

    // Page 3 came back empty before page 2 was read: nothing past it is asked for.
    expect((await pages.next()).done).toBe(true)
    expect(requested).toEqual([0, 1, 2, 3])
  })

  it('a single short page costs one request', async () => {
    const { requested, fetchPage } = source(4)
    expect(await collect(pageNumberPages(fetchPage, options))).toEqual([0, 1, 2, 3])
    expect(requested).toEqual([0])
  })

  it('empty-page mode keeps going past short pages until an empty one', async () => {
    const pages = [[1, 2], [3], []]
    const items = await collect(
      pageNumberPages(page => Promise.resolve(pages[page] ?? []), {
        ...options,
        concurrency: 1,
        endOn: 'empty-page'
      })
    )
    expect(items).toEqual([1, 2, 3])
  })

  it('stops a server that repeats the same full page', async () => {
    const same = Array.from({ length: 10 }, (_, i) => i)
    await expect(collect(pageNumberPages(() => Promise.resolve(same), options))).rejects.toThrow(
      'GET /api/v1/x pagination did not end: page 1 repeated the items of an earlier page'
    )
  })

  it('stops an endless run of full pages at maxPages', async () => {
    const endless = (page: number) =>
      Promise.resolve(Array.from({ length: 10 }, (_, i) => page * 10 + i))
    const error = await collect(pageNumberPages(endless, { ...options, maxPages: 5 })).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(PaginationError)
    expect((error as Error).message).toContain('more than 5 full pages of 10')
  })

  it('propagates a failed page', async () => {
    const failing = (page: number) =>
      page === 2
        ? Promise.reject(new Error('boom'))
        : Promise.resolve(Array.from({ length: 10 }, (_, i) => page * 10 + i))
    await expect(collect(pageNumberPages(failing, options))).rejects.toThrow('boom')
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

  it("gives a rule's message as the pool's copy, and a changed message as it now reads", () => {
    const pool = new StringPool()
    const first = pool.message('rule-a', ['Use of ', 'eval'].join(''))
    expect(first).toBe('Use of eval')
    // Built anew, equal in content: the pool's copy comes back.
    expect(pool.message('rule-a', ['Use of ', 'eval'].join(''))).toBe(first)
    expect(pool.message('rule-a', 'Use of exec')).toBe('Use of exec')
    expect(pool.message('rule-b', 'Use of eval')).toBe(pool.intern('Use of eval'))
    expect(pool.message('rule-a', 'Use of eval')).toBe('Use of eval')
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
