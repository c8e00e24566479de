/**
 * The transport against faults the emulator cannot make: a server written in each test that cuts
 * a body off half-way, stalls inside it, answers compressed, repeats a header, or a proxy that
 * refuses the tunnel. Each is read both ways a body is: as bytes handed to a decoder (the findings
 * pages) and as JSON checked by a schema. Besides what the errors say, the tests check what the
 * client leaves behind: a connection given up on is closed (the server sees it go), and no promise
 * rejects unheard.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { getEventListeners } from 'node:events'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { errors } from 'undici'
import { z } from 'zod'
import { ApiError, NetworkError, SchemaError } from '../src/api/errors.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { classifyNetworkError } from '../src/api/network-errors.js'
import { Transport } from '../src/api/transport.js'
import { timeoutSignal } from '../src/time/timeout-signal.js'
import { failure } from './helpers/failure.js'
import { startConnectProxy } from './helpers/e2e-net.js'
import { waitUntil } from './helpers/client.js'

const TOKEN = 'fgt_transport-SECRET-51ab9e'
const PATH = '/api/v1/things'

/**
 * Jest gives each test file its own copy of `process`, which never hears Node's events; a
 * function made in the host realm (as Jest's `setTimeout` is) reaches the real one.
 */
const hostProcess = (setTimeout.constructor as (body: string) => () => NodeJS.Process)(
  'return process'
)()
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason)
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, attempt: number) => void

interface TestServer {
  readonly url: string
  /** Requests received, each with its headers. */
  readonly requests: http.IncomingHttpHeaders[]
  /**
   * Connections that carried a request and are still open, as the server sees them. (After a
   * connection is destroyed undici may open a fresh one for the pool: not a leak, so not counted.)
   */
  readonly open: Set<Socket>
  /** Connections that carried a request, open or closed. */
  readonly used: Set<Socket>
  close(): Promise<void>
}

/** A server whose every answer is `handler`'s; `attempt` counts the requests, from 1. */
async function startServer(handler: Handler): Promise<TestServer> {
  const requests: http.IncomingHttpHeaders[] = []
  const open = new Set<Socket>()
  const used = new Set<Socket>()
  const server = http.createServer((req, res) => {
    requests.push(req.headers)
    const socket = req.socket
    if (!used.has(socket)) {
      used.add(socket)
      open.add(socket)
      socket.on('close', () => open.delete(socket))
    }
    // The body a request carries is read, so that only the answer decides what happens next.
    req.resume()
    handler(req, res, requests.length)
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    open,
    used,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

const servers: TestServer[] = []
const transports: Transport[] = []

async function server(handler: Handler): Promise<TestServer> {
  const started = await startServer(handler)
  servers.push(started)
  return started
}

interface Client {
  readonly transport: Transport
  readonly sleeps: number[]
}

function client(url: string, options: { retries?: number; timeoutMs?: number } = {}): Client {
  const sleeps: number[] = []
  const transport = new Transport({
    baseUrl: url,
    token: TOKEN,
    timeoutMs: options.timeoutMs ?? 5000,
    retry: defaultRetryPolicy(options.retries ?? 2),
    sleep: ms => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    random: () => 0.5
  })
  transports.push(transport)
  return { transport, sleeps }
}

/** Bytes decoded as the findings decoder does: one JSON.parse of the whole body. */
const wholeJson = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8')) as unknown

const ANSWER = { items: [1, 2, 3], note: 'ünïcödé' }
const ANSWER_BYTES = Buffer.from(JSON.stringify(ANSWER))

/** A JSON body larger than the socket buffers on both sides, so a stalled reader stalls the server. */
const LARGE = Buffer.from(JSON.stringify({ items: Array.from({ length: 400_000 }, (_, i) => i) }))

function getDecoded(transport: Transport, signal?: AbortSignal): Promise<unknown> {
  return transport.request({ method: 'GET', path: PATH, decode: wholeJson, signal })
}

function getWhole(transport: Transport, signal?: AbortSignal): Promise<unknown> {
  return transport.request({ method: 'GET', path: PATH, schema: z.unknown(), signal })
}

/** Headers and the first half of `body`, then the connection closed: a cut-off download. */
function cutHalfWay(res: http.ServerResponse, body: Buffer): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  res.write(body.subarray(0, body.length >> 1), () => res.socket?.end())
}

/** Headers and the first half of `body`, then nothing more: the server stalls mid-answer. */
function stallHalfWay(
  res: http.ServerResponse,
  body: Buffer,
  headers: http.OutgoingHttpHeaders = {}
): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    ...headers
  })
  res.write(body.subarray(0, body.length >> 1))
}

function answer(res: http.ServerResponse, body: Buffer, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body)
}

const CUT = `connection closed by the server before the response was complete (UND_ERR_SOCKET)`

beforeAll(() => {
  hostProcess.on('unhandledRejection', onUnhandled)
})

beforeEach(() => {
  unhandled.length = 0
})

afterEach(async () => {
  await Promise.all(transports.splice(0).map(transport => transport.close()))
  await Promise.all(servers.splice(0).map(started => started.close()))
  // A rejection nobody handled is reported once the microtasks run out: give it a turn.
  await new Promise(resolve => setTimeout(resolve, 20))
  expect(unhandled).toEqual([])
})

afterAll(() => {
  hostProcess.off('unhandledRejection', onUnhandled)
})

describe('a body cut off half-way is a network failure', () => {
  it.each([
    ['decoded', getDecoded],
    ['read whole', getWhole]
  ])('%s: retried for a GET, then reported as the connection closing', async (_, get) => {
    const api = await server((_req, res) => cutHalfWay(res, ANSWER_BYTES))
    const { transport, sleeps } = client(api.url)
    const error = await failure(get(transport))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'UND_ERR_SOCKET', attempts: 3 })
    expect(error.message).toBe(`GET ${PATH} failed: ${CUT} after 3 attempts`)
    expect(sleeps).toEqual([375, 750])
  })

  it.each([
    ['decoded', getDecoded],
    ['read whole', getWhole]
  ])('%s: a retry that gets the whole body succeeds', async (_, get) => {
    const api = await server((_req, res, attempt) =>
      attempt === 1 ? cutHalfWay(res, ANSWER_BYTES) : answer(res, ANSWER_BYTES)
    )
    const { transport, sleeps } = client(api.url)
    await expect(get(transport)).resolves.toEqual(ANSWER)
    expect(sleeps).toEqual([375])
  })

  it.each([
    ['decoded', getDecoded],
    ['read whole', getWhole]
  ])('%s: a gzip body cut off half-way is a network failure too', async (_, get) => {
    const bytes = gzipSync(LARGE)
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-length': bytes.length, 'content-encoding': 'gzip' })
      res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.end())
    })
    const { transport } = client(api.url, { retries: 0 })
    const error = await failure(get(transport))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toBe(`GET ${PATH} failed: ${CUT} after 1 attempt`)
  })

  it('a POST whose answer was cut off is not retried: the server may have acted', async () => {
    const api = await server((_req, res) => cutHalfWay(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    const error = await failure(
      transport.request({ method: 'POST', path: PATH, body: { a: 1 }, schema: z.unknown() })
    )
    expect(error).toMatchObject({ code: 'UND_ERR_SOCKET', mayHaveBeenProcessed: true })
    expect(error.message).toBe(
      `POST ${PATH} failed: ${CUT} after 1 attempt; the request was sent and may have been processed, so it was not retried`
    )
    expect(api.requests).toHaveLength(1)
  })
})

describe('a body given up on closes its connection', () => {
  it.each([
    ['plain, decoded', LARGE, {}, getDecoded],
    ['gzip, decoded', gzipSync(LARGE), { 'content-encoding': 'gzip' }, getDecoded],
    ['plain, read whole', LARGE, {}, getWhole],
    ['gzip, read whole', gzipSync(LARGE), { 'content-encoding': 'gzip' }, getWhole]
  ])(
    'a caller cancelling mid-body (%s): rejects with its reason, and the connection is closed',
    async (_, bytes, headers, get) => {
      let halfSent!: () => void
      const sent = new Promise<void>(resolve => (halfSent = resolve))
      const api = await server((_req, res) => {
        stallHalfWay(res, bytes, headers)
        res.socket?.once('drain', halfSent)
        setTimeout(halfSent, 200)
      })
      const { transport } = client(api.url)
      const cancel = new AbortController()
      const pending = get(transport, cancel.signal)
      await sent
      const reason = new Error('not needed any more')
      cancel.abort(reason)
      await expect(pending).rejects.toBe(reason)
      await waitUntil(() => api.open.size === 0)
      expect(api.open.size).toBe(0)
      expect(api.requests).toHaveLength(1)
    }
  )

  it.each([
    ['decoded', getDecoded],
    ['read whole', getWhole]
  ])(
    'a body stalled past the timeout (%s): TIMEOUT after the retries, every connection closed',
    async (_, get) => {
      const api = await server((_req, res) => stallHalfWay(res, ANSWER_BYTES))
      const { transport } = client(api.url, { timeoutMs: 300, retries: 1 })
      const error = await failure(get(transport))
      expect(error).toMatchObject({ code: 'TIMEOUT', attempts: 2 })
      expect(error.message).toBe(
        `GET ${PATH} failed: no complete response within 0.3 s (TIMEOUT) after 2 attempts`
      )
      await waitUntil(() => api.open.size === 0)
      expect(api.open.size).toBe(0)
    }
  )

  it("a decoder's SchemaError is thrown redacted, not retried, and the pool still works", async () => {
    const api = await server((_req, res) => answer(res, LARGE))
    const { transport, sleeps } = client(api.url)
    const refuse = (): never => {
      throw new SchemaError({ method: 'GET', path: PATH }, [`body: ${TOKEN} refused`])
    }
    const error = await failure(transport.request({ method: 'GET', path: PATH, decode: refuse }))
    expect(error).toBeInstanceOf(SchemaError)
    expect(error.message).toBe(`GET ${PATH} returned an unexpected response: body: *** refused`)
    expect(api.requests).toHaveLength(1)
    expect(sleeps).toEqual([])
    await expect(getWhole(transport)).resolves.toEqual(JSON.parse(LARGE.toString()))
  })

  it('a decoder that fails with another error: that error, unchanged, not retried', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    const bug = new TypeError('decoder bug')
    const error = await failure(
      transport.request({
        method: 'GET',
        path: PATH,
        decode: () => {
          throw bug
        }
      })
    )
    expect(error).toBe(bug)
    expect(api.requests).toHaveLength(1)
  })

  it('a body read to its end leaves its connection open for the next request', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    for (let i = 0; i < 3; i++) await expect(getDecoded(transport)).resolves.toEqual(ANSWER)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    // undici's pool may take turns between two connections, but it opens none per request.
    expect(api.used.size).toBeLessThanOrEqual(2)
    expect(api.open.size).toBe(api.used.size)
  })
})

describe('closing the transport', () => {
  it('closes its connections; a request after it opens a new one', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    expect(api.open.size).toBe(1)
    await transport.close()
    await waitUntil(() => api.open.size === 0)
    expect(api.open.size).toBe(0)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    expect(api.used.size).toBe(2)
    expect(api.open.size).toBe(1)
  })

  it('a transport that never sent a request closes without opening anything', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    await transport.close()
    expect(api.requests).toHaveLength(0)
  })
})

describe('compressed answers are asked for and decoded, as fetch did', () => {
  const codings: [string, (body: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    // Some servers send raw deflate under "deflate": accepted, as browsers do.
    ['deflate', deflateRawSync]
  ]

  it.each(codings)('%s (%p): a decoded success, a success read whole', async (coding, encode) => {
    const api = await server((_req, res) =>
      answer(res, encode(ANSWER_BYTES), { 'content-encoding': coding })
    )
    const { transport } = client(api.url)
    await expect(getDecoded(transport)).resolves.toEqual(ANSWER)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    expect(api.requests[0]?.['accept-encoding']).toBe('gzip, deflate')
  })

  it('an error body in gzip: the message is read from the decoded text', async () => {
    const api = await server((_req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(JSON.stringify({ message: `bad page for ${TOKEN}` })))
    )
    const { transport } = client(api.url)
    const error = await failure(getDecoded(transport))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      `GET ${PATH} failed with HTTP 400 Bad Request: bad page for *** (1 attempt)`
    )
  })

  it('an unknown coding is passed through untouched', async () => {
    const api = await server((_req, res) =>
      answer(res, ANSWER_BYTES, { 'content-encoding': 'identity, x-custom' })
    )
    const { transport } = client(api.url)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
  })

  it('a corrupt gzip body is a network failure of the body', async () => {
    const api = await server((_req, res) =>
      answer(res, Buffer.from('definitely not gzip'), { 'content-encoding': 'gzip' })
    )
    const { transport } = client(api.url, { retries: 0 })
    for (const get of [getDecoded, getWhole]) {
      const error = await failure(get(transport))
      expect(error).toBeInstanceOf(NetworkError)
      expect(error.message).toBe(
        `GET ${PATH} failed: incorrect header check (Z_DATA_ERROR) after 1 attempt`
      )
    }
  })
})

describe('headers and text as fetch read them', () => {
  it('a repeated Retry-After is read as one joined value, which is no delay: backoff', async () => {
    const api = await server((_req, res, attempt) => {
      if (attempt > 1) return answer(res, ANSWER_BYTES)
      res.setHeader('retry-after', ['2', '3'])
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}')
    })
    const { transport, sleeps } = client(api.url)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    expect(sleeps).toEqual([375])
  })

  it('a byte-order mark before a JSON body is dropped', async () => {
    const api = await server((_req, res) =>
      answer(res, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ANSWER_BYTES]))
    )
    const { transport } = client(api.url)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
  })

  it('a 204 with a content coding is decoded as an empty body', async () => {
    const api = await server((_req, res) =>
      res.writeHead(204, { 'content-encoding': 'gzip' }).end()
    )
    const { transport } = client(api.url)
    await expect(
      transport.request({ method: 'GET', path: PATH, decode: bytes => bytes.length })
    ).resolves.toBe(0)
  })
})

describe("the server's clock and what a request leaves behind", () => {
  it("answer() gives the value with the server's Date header, in whole seconds", async () => {
    const api = await server((_req, res) =>
      answer(res, ANSWER_BYTES, { date: 'Sun, 01 Nov 2026 12:00:07 GMT' })
    )
    const { transport } = client(api.url)
    await expect(
      transport.answer({ method: 'GET', path: PATH, schema: z.unknown() })
    ).resolves.toEqual({ value: ANSWER, serverTime: Date.UTC(2026, 10, 1, 12, 0, 7) })
  })

  it.each([
    ['no Date header', undefined],
    ['a Date header that is no date', 'soon']
  ])('%s: no server time, never the runner clock', async (_, date) => {
    const api = await server((_req, res) => {
      res.sendDate = false
      answer(res, ANSWER_BYTES, date === undefined ? {} : { date })
    })
    const { transport } = client(api.url)
    const answered = await transport.answer({ method: 'GET', path: PATH, decode: wholeJson })
    expect(answered.value).toEqual(ANSWER)
    expect(answered.serverTime).toBeUndefined()
  })

  it('lets go of a shared signal once each request is done', async () => {
    const api = await server((_req, res) => answer(res, LARGE))
    const { transport } = client(api.url)
    const shared = new AbortController().signal
    const read = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? getWhole : getDecoded)(transport, shared))
    )
    expect(read).toHaveLength(20)
    // A listener per finished request would keep every request's objects alive for the run.
    expect(getEventListeners(shared, 'abort')).toHaveLength(0)
  })

  it('sends a JSON body with its type and its length in bytes, and the headers of every request', async () => {
    const bodies: string[] = []
    const api = await server((req, res) => {
      let body = ''
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      req.on('end', () => {
        bodies.push(`${req.headers['content-length']} ${body}`)
        answer(res, ANSWER_BYTES)
      })
    })
    const { transport } = client(api.url)
    await transport.request({
      method: 'POST',
      path: PATH,
      body: { note: 'ünïcödé' },
      schema: z.unknown()
    })
    expect(bodies).toEqual(['22 {"note":"ünïcödé"}'])
    expect(api.requests[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate',
      'user-agent': 'findings-gate'
    })
  })
})

describe('a proxy that refuses the tunnel', () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const key of ['HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  })

  it('is named with the proxy answer, not mistaken for a timeout', async () => {
    const proxy = await startConnectProxy()
    try {
      process.env.HTTPS_PROXY = proxy.url
      delete process.env.https_proxy
      delete process.env.NO_PROXY
      delete process.env.no_proxy
      const origin = 'https://refused.findings.test'
      const transport = new Transport({
        baseUrl: origin,
        token: TOKEN,
        timeoutMs: 5000,
        retry: defaultRetryPolicy(0)
      })
      transports.push(transport)
      const error = await failure(getWhole(transport))
      expect(error).toBeInstanceOf(NetworkError)
      expect(error.message).toBe(
        `GET ${PATH} failed: Proxy response (403) !== 200 when HTTP Tunneling (UND_ERR_ABORTED) after 1 attempt`
      )
      expect(proxy.tunnels).toEqual(['refused.findings.test:443'])
    } finally {
      await proxy.close()
    }
  })
})

describe('network errors read the same from request as they did from fetch', () => {
  /** How fetch reported a failure: a TypeError with undici's error as its cause. */
  const asFetch = (error: Error): TypeError => new TypeError('fetch failed', { cause: error })
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
    code: 'ECONNREFUSED',
    address: '127.0.0.1',
    port: 9
  })

  it.each([
    ['a refused connection', refused],
    ['a socket closed mid-answer', new errors.SocketError('other side closed')],
    ['a proxy refusing the tunnel', new errors.RequestAbortedError('Proxy response (403) !== 200')],
    ['a slow connect', new errors.ConnectTimeoutError()],
    ['a body that stopped arriving', new errors.BodyTimeoutError()]
  ])('%s', (_, error) => {
    const direct = classifyNetworkError(error, 30_000)
    expect(direct).toEqual(classifyNetworkError(asFetch(error), 30_000))
    expect(direct.code).not.toBe('TIMEOUT')
    expect(direct.code).not.toBe('ENETWORK')
  })

  it("the timeout signal's reason is TIMEOUT", () => {
    const reason = new DOMException('The operation timed out.', 'TimeoutError')
    expect(classifyNetworkError(reason, 2000)).toEqual({
      code: 'TIMEOUT',
      detail: 'no complete response within 2 s'
    })
  })
})

describe("an attempt's timeout signal", () => {
  it('aborts with a TimeoutError once its time is up', async () => {
    const timeout = timeoutSignal(20)
    await new Promise(resolve => timeout.signal.addEventListener('abort', resolve))
    expect(classifyNetworkError(timeout.signal.reason, 20).code).toBe('TIMEOUT')
  })

  it("aborts with its parent's reason when the parent aborts first", () => {
    const parent = new AbortController()
    const timeout = timeoutSignal(60_000, parent.signal)
    const reason = new Error('no longer wanted')
    parent.abort(reason)
    expect(timeout.signal.reason).toBe(reason)
    timeout.clear()
  })

  it('starts aborted under a parent that already is', () => {
    const parent = new AbortController()
    parent.abort(new Error('no longer wanted'))
    const timeout = timeoutSignal(60_000, parent.signal)
    expect(timeout.signal.aborted).toBe(true)
    expect(timeout.signal.reason).toBe(parent.signal.reason)
  })

  it('once cleared, leaves nothing on its parent: a later abort does not reach it', () => {
    const parent = new AbortController()
    const timeouts = Array.from({ length: 3 }, () => timeoutSignal(60_000, parent.signal))
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(3)
    for (const timeout of timeouts) timeout.clear()
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0)
    parent.abort(new Error('no longer wanted'))
    expect(timeouts.map(timeout => timeout.signal.aborted)).toEqual([false, false, false])
  })
})
