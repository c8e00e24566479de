/**
 * The transport under injected faults, over real HTTP: what is retried, how long it waits, and
 * what the error says when it gives up. The sleep is injected, so the waits are recorded exactly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { sastFinding } from '../emulator/data/factories.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { renderFindingsPage, type JsonObject } from '../emulator/wire.js'
import { listDeployments } from '../src/api/deployments.js'
import { ApiError, NetworkError, SchemaError, isClientError } from '../src/api/errors.js'
import { readFindings, type FindingsQuery } from '../src/api/findings.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { getSbomExport } from '../src/api/sbom.js'
import { redactSecret } from '../src/api/redact.js'
import { Transport, type RetryEvent } from '../src/api/transport.js'
import { z } from 'zod'
import { failure } from './helpers/failure.js'
import { WEB_MAIN_OPEN_SAST } from './helpers/sample.js'
import { NO_ANSWER_STATUS } from '../emulator/http.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const TOKEN = 'fgt_Zq9-distinctive-SECRET-7c41e0'
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
const FINDINGS = /\/findings$/
const SERVICE_HINT =
  'Hint: the service is failing: re-run later, or set on-api-error: warn to skip the gate'

let emulator: Emulator
const open: Transport[] = []

interface Client {
  readonly transport: Transport
  readonly sleeps: number[]
  readonly retries: RetryEvent[]
}

function client(
  options: { retries?: number; timeoutMs?: number; token?: string; now?: number } = {}
): Client {
  const sleeps: number[] = []
  const retries: RetryEvent[] = []
  const transport = new Transport({
    baseUrl: emulator.url,
    token: options.token ?? emulator.token,
    timeoutMs: options.timeoutMs ?? 5000,
    retry: defaultRetryPolicy(options.retries ?? 2),
    sleep: ms => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    // full jitter at 0.5: the waits are 375, 750, 1500 ms
    random: () => 0.5,
    now: () => options.now ?? NOW.getTime(),
    onRetry: event => retries.push(event)
  })
  open.push(transport)
  return { transport, sleeps, retries }
}

const webMain: FindingsQuery = {
  type: 'sast',
  repository: 'acme/web',
  ref: 'refs/heads/main',
  status: 'open'
}

/**
 * The findings of `query`, with page 0 asked for alone: the pages after it go out only once it is
 * back, so the faults a test adds meet page 0, and only its attempts are counted.
 */
async function findingIds(transport: Transport, query = webMain): Promise<number[]> {
  const found = await readFindings(transport, 'acme-corp', query, 1)
  return found.map(finding => finding.id).sort((a, b) => a - b)
}

/** The statuses of every request but the later findings pages (which come after page 0's answer). */
function statuses(): number[] {
  return firstRequests().map(request => request.status)
}

function firstRequests(): typeof emulator.requests {
  return emulator.requests.filter(
    request => request.path !== FINDINGS_PATH || request.query.page?.[0] === '0'
  )
}

beforeAll(async () => {
  emulator = await startEmulator({ now: NOW, token: TOKEN })
})

afterAll(async () => {
  await Promise.all(open.map(transport => transport.close()))
  await emulator.close()
})

beforeEach(() => {
  emulator.clearFaults()
  emulator.setShape('documented')
  emulator.requests.length = 0
  emulator.downloads.length = 0
})

describe('Retry-After', () => {
  it('waits exactly the seconds a 429 asks for, then succeeds', async () => {
    const { transport, sleeps, retries } = client()
    emulator.addFault({ kind: 'status', status: 429, headers: { 'retry-after': '2' } })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(sleeps).toEqual([2000])
    expect(statuses()).toEqual([429, 200])
    expect(retries).toEqual([
      {
        request: { method: 'GET', path: FINDINGS_PATH },
        retry: 1,
        retries: 2,
        delayMs: 2000,
        reason: 'HTTP 429'
      }
    ])
  })

  it('waits until an HTTP-date, measured with the injected clock', async () => {
    const { transport, sleeps } = client()
    const at = new Date(NOW.getTime() + 7000).toUTCString()
    expect(at).toBe('Sun, 01 Nov 2026 12:00:07 GMT')
    emulator.addFault({ kind: 'status', status: 429, headers: { 'retry-after': at } })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(sleeps).toEqual([7000])
  })

  it.each(['Sunday, 01-Nov-26 12:00:07 GMT', 'Sun Nov  1 12:00:07 2026'])(
    'reads the obsolete HTTP-date form %j too',
    async at => {
      const { transport, sleeps } = client()
      emulator.addFault({ kind: 'status', status: 503, headers: { 'retry-after': at } })
      await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
      expect(sleeps).toEqual([7000])
    }
  )

  it.each([
    ['1.5', 1500],
    ['0.25', 250]
  ])('waits a fractional Retry-After of %s s, not 0', async (header, waited) => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'status', status: 429, headers: { 'retry-after': header } })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(sleeps).toEqual([waited])
  })

  it.each(['10, 10', 'soon', '-1', '3 5'])(
    'backs off as usual when Retry-After is %j, which is neither seconds nor a date',
    async header => {
      const { transport, sleeps } = client()
      emulator.addFault({ kind: 'status', status: 503, headers: { 'retry-after': header } })
      await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
      expect(sleeps).toEqual([375])
    }
  )

  it('really waits when no sleep is injected', async () => {
    const transport = new Transport({
      baseUrl: emulator.url,
      token: TOKEN,
      timeoutMs: 5000,
      retry: defaultRetryPolicy(1)
    })
    open.push(transport)
    emulator.addFault({ kind: 'status', status: 503, headers: { 'retry-after': '0.2' } })
    const started = Date.now()
    await expect(listDeployments(transport)).resolves.toHaveLength(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(statuses()).toEqual([503, 200])
  })

  it('does not wait for an HTTP-date in the past', async () => {
    const { transport, sleeps } = client()
    const at = new Date(NOW.getTime() - 60_000).toUTCString()
    emulator.addFault({ kind: 'status', status: 503, headers: { 'retry-after': at } })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(sleeps).toEqual([0])
  })

  it('gives up at once when the server asks for a wait longer than the cap', async () => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 429 Too Many Requests: Too Many Requests (1 attempt). Hint: rate limited: raise max-retries or run the workflow less often`
    )
    expect(sleeps).toEqual([])
    expect(firstRequests()).toHaveLength(1)
  })

  it('uses exponential backoff with jitter when there is no Retry-After', async () => {
    const { transport, sleeps } = client({ retries: 3 })
    emulator.addFault({ kind: 'status', status: 429, times: 3 })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(sleeps).toEqual([375, 750, 1500])
  })
})

describe('transient server errors', () => {
  it.each([500, 502, 503, 504])('retries HTTP %i and then succeeds', async status => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'status', status, path: FINDINGS, times: 2 })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(statuses()).toEqual([status, status, 200])
    expect(sleeps).toEqual([375, 750])
  })

  it('retries an HTML error page from a proxy', async () => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'html', status: 502, path: FINDINGS })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(statuses()).toEqual([502, 200])
    expect(sleeps).toEqual([375])
  })

  it('names method, path, status, server message, attempts and hint when retries run out', async () => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'status', status: 503, path: FINDINGS, times: Infinity })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 503 Service Unavailable: Service Unavailable (3 attempts). ${SERVICE_HINT}`
    )
    expect(error).toMatchObject({
      status: 503,
      attempts: 3,
      request: { method: 'GET', path: FINDINGS_PATH },
      serverMessage: 'Service Unavailable'
    })
    expect(isClientError(error)).toBe(true)
    expect(firstRequests()).toHaveLength(3)
    expect(sleeps).toEqual([375, 750])
  })

  it('shows the title of an HTML error page, not the markup', async () => {
    const { transport } = client({ retries: 1 })
    emulator.addFault({ kind: 'html', status: 504, path: FINDINGS, times: Infinity })
    const error = await failure(findingIds(transport))
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 504 Gateway Timeout: 504 Gateway Timeout (2 attempts). ${SERVICE_HINT}`
    )
  })

  it('shows the server message of a JSON error body', async () => {
    const { transport } = client({ retries: 0 })
    emulator.addFault({
      kind: 'status',
      status: 500,
      body: { message: 'database   is\n  unavailable' }
    })
    const error = await failure(listDeployments(transport))
    expect(error.message).toBe(
      `GET /api/v1/deployments failed with HTTP 500 Internal Server Error: database is unavailable (1 attempt). ${SERVICE_HINT}`
    )
  })
})

describe('error bodies', () => {
  it('skips empty fields of a JSON error body for the one that says something', async () => {
    const { transport } = client({ retries: 0 })
    emulator.addFault({
      kind: 'status',
      status: 400,
      body: { error: null, errors: [], message: 'Rate limit rules changed' }
    })
    const error = await failure(listDeployments(transport))
    expect(error.message).toBe(
      'GET /api/v1/deployments failed with HTTP 400 Bad Request: Rate limit rules changed (1 attempt)'
    )
  })

  it('does not call a 401 that carries a Location header a redirect', async () => {
    const { transport } = client()
    emulator.addFault({
      kind: 'status',
      status: 401,
      headers: { location: 'https://login.example.test/' },
      body: { error: 'Invalid API token' }
    })
    const error = await failure(listDeployments(transport))
    expect(error.message).toBe(
      'GET /api/v1/deployments failed with HTTP 401 Unauthorized: Invalid API token (1 attempt). Hint: check api-token: the token is missing, invalid or revoked'
    )
  })
})

describe('network failures', () => {
  it('retries a reset connection of a GET', async () => {
    const { transport, sleeps, retries } = client()
    emulator.addFault({ kind: 'reset', path: FINDINGS })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(statuses()).toEqual([NO_ANSWER_STATUS, 200])
    expect(sleeps).toEqual([375])
    expect(retries[0].reason).toBe('UND_ERR_SOCKET')
  })

  it('reports a connection reset on every attempt as a NetworkError', async () => {
    const { transport } = client()
    emulator.addFault({ kind: 'reset', path: FINDINGS, times: Infinity })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({
      code: 'UND_ERR_SOCKET',
      attempts: 3,
      mayHaveBeenProcessed: false
    })
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed: connection closed by the server before the response was complete (UND_ERR_SOCKET) after 3 attempts`
    )
    expect(firstRequests()).toHaveLength(3)
  })

  it('times out a response slower than timeoutMs, retries, then reports TIMEOUT', async () => {
    const { transport, sleeps } = client({ timeoutMs: 300 })
    emulator.addFault({ kind: 'delay', ms: 2000, path: FINDINGS, times: Infinity })
    const started = Date.now()
    const error = await failure(findingIds(transport))
    expect(Date.now() - started).toBeLessThan(4000)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'TIMEOUT', attempts: 3, mayHaveBeenProcessed: false })
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed: no complete response within 0.3 s (TIMEOUT) after 3 attempts`
    )
    expect(sleeps).toEqual([375, 750])
    expect(firstRequests()).toHaveLength(3)
  })

  it('recovers when only the first response is slow', async () => {
    const { transport } = client({ timeoutMs: 300 })
    emulator.addFault({ kind: 'delay', ms: 1500, path: FINDINGS })
    await expect(findingIds(transport)).resolves.toEqual(WEB_MAIN_OPEN_SAST)
    expect(firstRequests()).toHaveLength(2)
  })

  it('reports a refused connection without a retry storm', async () => {
    const closed = await startEmulator({ seed: 'empty' })
    const url = closed.url
    await closed.close()
    const sleeps: number[] = []
    const transport = new Transport({
      baseUrl: url,
      token: TOKEN,
      timeoutMs: 2000,
      retry: defaultRetryPolicy(1),
      sleep: ms => {
        sleeps.push(ms)
        return Promise.resolve()
      },
      random: () => 0.5
    })
    open.push(transport)
    const error = await failure(listDeployments(transport))
    expect(error).toBeInstanceOf(NetworkError)
    // The address the connection went to is named: with a proxy, it is the proxy's.
    expect(error.message).toMatch(
      /^GET \/api\/v1\/deployments failed: connection refused: 127\.0\.0\.1:\d+ \(ECONNREFUSED\) after 2 attempts$/
    )
    expect(sleeps).toEqual([375])
  })
})

describe('invalid responses', () => {
  it('reports truncated JSON as a SchemaError without retrying', async () => {
    const { transport, sleeps } = client()
    emulator.addFault({ kind: 'malformed', path: FINDINGS, times: Infinity })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(SchemaError)
    const problems = (error as SchemaError).problems
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^body: not valid JSON \(.+\)$/)
    expect(error.message).toMatch(
      new RegExp(`^GET ${FINDINGS_PATH} returned an unexpected response: body: not valid JSON`)
    )
    expect(firstRequests()).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it.each(['documented', 'live'] as const)(
    'names the field of an unknown severity (%s shape) and does not retry',
    async shape => {
      const { transport } = client()
      const records = [
        sastFinding({ id: 8_700_001, relevantSince: NOW }),
        sastFinding({ id: 8_700_002, relevantSince: NOW })
      ]
      const page = renderFindingsPage('sast', records, shape)
      const list =
        shape === 'live'
          ? (page.findings as JsonObject[])
          : ((page.sastFindings as JsonObject).findings as JsonObject[])
      list[1].severity = 'urgent'
      emulator.addFault({ kind: 'json', path: FINDINGS, body: page, times: Infinity })
      const error = await failure(findingIds(transport))
      expect(error).toBeInstanceOf(SchemaError)
      expect((error as SchemaError).problems).toEqual([
        'findings[1].severity: expected one of low, medium, high, critical (got "urgent")'
      ])
      expect(error.message).toBe(
        `GET ${FINDINGS_PATH} returned an unexpected response: findings[1].severity: expected one of low, medium, high, critical (got "urgent")`
      )
      expect(firstRequests()).toHaveLength(1)
    }
  )

  it('names the missing field of a response envelope', async () => {
    const { transport } = client()
    emulator.addFault({ kind: 'json', body: { items: [] } })
    const error = await failure(listDeployments(transport))
    expect(error).toBeInstanceOf(SchemaError)
    expect((error as SchemaError).problems).toEqual([
      'deployments: Invalid input: expected array, received undefined'
    ])
  })
})

describe('client errors are not retried and carry a hint', () => {
  it('401: a wrong token points at api-token', async () => {
    const { transport, sleeps } = client({ token: 'not-the-token' })
    const error = await failure(listDeployments(transport))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      'GET /api/v1/deployments failed with HTTP 401 Unauthorized: Invalid API token (1 attempt). Hint: check api-token: the token is missing, invalid or revoked'
    )
    expect(firstRequests()).toHaveLength(1)
    expect(emulator.requests[0].headers.authorization).toBe('Bearer not-the-token')
    expect(sleeps).toEqual([])
  })

  it('403: the token lacks Web API access', async () => {
    const { transport } = client()
    emulator.addFault({ kind: 'status', status: 403, path: FINDINGS, times: Infinity })
    const error = await failure(findingIds(transport))
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 403 Forbidden: Forbidden (1 attempt). Hint: the token lacks Web API access (enable "Web API" on the token in Settings > Tokens) or cannot access this deployment`
    )
    expect(firstRequests()).toHaveLength(1)
  })

  it('404: a wrong deployment slug', async () => {
    const { transport } = client()
    const error = await failure(readFindings(transport, 'acme', webMain, 1))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      'GET /api/v1/deployments/acme/findings failed with HTTP 404 Not Found: The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again. (1 attempt). Hint: check deployment-slug / deployment-id and repository; a token without Web API access also gets 404'
    )
    expect(firstRequests()).toHaveLength(1)
  })

  it('404 on the deployment list: the token is not a Web API token', async () => {
    const { transport } = client()
    emulator.addFault({ kind: 'status', status: 404, path: '/api/v1/deployments' })
    const error = await failure(listDeployments(transport))
    expect(error.message).toBe(
      'GET /api/v1/deployments failed with HTTP 404 Not Found: Not Found (1 attempt). Hint: the token has no Web API access (an "Agent (CI)" token cannot use the Web API)'
    )
  })

  it('400: a page_size out of range', async () => {
    const { transport, sleeps } = client()
    const error = await failure(
      transport.request({
        method: 'GET',
        path: FINDINGS_PATH,
        query: { issue_type: 'sast', page: 0, page_size: 50 },
        schema: z.unknown()
      })
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 400 Bad Request: Invalid value for 'page_size': expected an integer between 100 and 3000 (1 attempt)`
    )
    expect((error as ApiError).hint).toBeUndefined()
    expect(firstRequests()).toHaveLength(1)
    expect(emulator.requests[0].query.page_size).toEqual(['50'])
    expect(sleeps).toEqual([])
  })
})

describe('the token never reaches a message', () => {
  it('is masked when the server echoes it in an error body', async () => {
    const { transport } = client()
    emulator.addFault({
      kind: 'status',
      status: 500,
      path: FINDINGS,
      times: Infinity,
      body: { error: `token ${TOKEN} is not allowed here; got Bearer ${TOKEN}` }
    })
    const error = await failure(findingIds(transport))
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 500 Internal Server Error: token *** is not allowed here; got Bearer *** (3 attempts). ${SERVICE_HINT}`
    )
    expect(JSON.stringify(error)).not.toContain(TOKEN)
  })

  it('is masked, not cut in half, when it straddles the end of a long message', async () => {
    const { transport } = client({ retries: 0 })
    for (const padding of [280, 290, 295, 299]) {
      emulator.addFault({
        kind: 'status',
        status: 400,
        body: { error: `${'x'.repeat(padding)}${TOKEN} trailing text` }
      })
      const error = await failure(listDeployments(transport))
      expect(error.message).not.toContain(TOKEN.slice(0, 6))
      expect(JSON.stringify(error)).not.toContain(TOKEN.slice(0, 6))
    }
  })

  it('is masked in a redirect location', async () => {
    const { transport } = client()
    emulator.addFault({
      kind: 'status',
      status: 302,
      headers: { location: `${emulator.downloadUrl}/login?token=${TOKEN}` }
    })
    const error = await failure(listDeployments(transport))
    expect(error.message).toContain('redirected to')
    expect(error.message).not.toContain(TOKEN)
  })

  it('is masked when the server echoes it in a field of a 200 answer', async () => {
    const { transport } = client()
    const page = renderFindingsPage('sast', [sastFinding({ id: 8_700_010 })], 'live')
    ;(page.findings as JsonObject[])[0].severity = TOKEN
    emulator.addFault({ kind: 'json', path: FINDINGS, body: page })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(SchemaError)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} returned an unexpected response: findings[0].severity: expected one of low, medium, high, critical (got "***")`
    )
    expect(JSON.stringify(error)).not.toContain(TOKEN.slice(0, 8))
  })

  it('is masked in an envelope problem, even where the message cut a long token short', async () => {
    // 64 characters, longer than the 40 a problem quotes of a received value
    const long = `fgt_${'9f3a7c1e'.repeat(7)}b2d4e6`
    const other = await startEmulator({ now: NOW, token: long })
    const transport = new Transport({
      baseUrl: other.url,
      token: long,
      timeoutMs: 5000,
      retry: defaultRetryPolicy(0)
    })
    try {
      other.addFault({
        kind: 'json',
        body: { taskToken: 'x', status: long }
      })
      const error = await failure(getSbomExport(transport, '4242', 'x'))
      expect(error).toBeInstanceOf(SchemaError)
      expect(error.message).toBe(
        'GET /api/v1/deployments/4242/sbom/export/x returned an unexpected response: status: expected an SBOM_EXPORT_STATUS_* value (got "***")'
      )
      const page = renderFindingsPage('sast', [sastFinding({ id: 8_700_011 })], 'documented')
      ;((page.sastFindings as JsonObject).findings as JsonObject[])[0].severity = long
      other.addFault({ kind: 'json', path: FINDINGS, body: page })
      const findingError = await failure(findingIds(transport))
      expect(findingError.message).toBe(
        `GET ${FINDINGS_PATH} returned an unexpected response: findings[0].severity: expected one of low, medium, high, critical (got "***")`
      )
      expect(JSON.stringify(findingError)).not.toContain(long.slice(0, 8))
    } finally {
      await transport.close()
      await other.close()
    }
  })

  it('redactSecret masks whole tokens and the prefix left where a text was cut', () => {
    const secret = 'fgt_0123456789abcdef'
    expect(redactSecret(`a ${secret} b ${secret}`, secret)).toBe('a *** b ***')
    expect(redactSecret(`cut: ${secret.slice(0, 12)}`, secret)).toBe('cut: ***')
    expect(redactSecret(`"${secret.slice(0, 9)}" and fgt_0123 x`, secret)).toBe('"***" and *** x')
    // shorter than the prefix length: only whole occurrences
    expect(redactSecret('fgt_012 stays', secret)).toBe('fgt_012 stays')
    expect(redactSecret('abc abcdef', 'abcdef')).toBe('abc ***')
    expect(redactSecret('ab ab', 'ab')).toBe('ab ab')
  })
})

describe('redirects', () => {
  it('are never followed, so the token cannot reach another origin', async () => {
    const { transport, sleeps } = client()
    const target = `${emulator.downloadUrl}/sbom/steal.json`
    emulator.addFault({
      kind: 'status',
      status: 302,
      path: FINDINGS,
      headers: { location: target },
      times: Infinity
    })
    const error = await failure(findingIds(transport))
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(302)
    expect(error.message).toBe(
      `GET ${FINDINGS_PATH} failed with HTTP 302: redirected to ${target}; set base-url to the final origin (1 attempt)`
    )
    expect(emulator.downloads).toHaveLength(0)
    expect(firstRequests()).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it.each([301, 307, 308])('HTTP %i is not followed either', async status => {
    const { transport } = client()
    emulator.addFault({
      kind: 'status',
      status,
      headers: { location: `${emulator.downloadUrl}/x` }
    })
    const error = await failure(listDeployments(transport))
    expect((error as ApiError).status).toBe(status)
    expect(error.message).toContain(`redirected to ${emulator.downloadUrl}/x`)
    expect(emulator.downloads).toHaveLength(0)
  })
})
