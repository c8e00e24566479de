/**
 * The transport against faults the emulator cannot make: a server written in each test that cuts
 * a body off half-way, stalls inside it, answers compressed, repeats a header, or a proxy that
 * refuses the tunnel. Besides what the errors say, the tests check what the client leaves behind:
 * a connection given up on is closed (the server sees it go), and no promise rejects unheard.
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
import {
  Transport,
  TransportClosedError,
  classifyNetworkError,
  timeoutSignal,
  type StreamDecoder
} from '../src/api/transport.js'
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

/** A streamed body decoded as the findings decoder does: every byte kept, then one JSON.parse. */
const wholeJson: StreamDecoder<unknown> = async body =>
  JSON.parse(Buffer.concat(await body.all()).toString('utf8')) as unknown

const ANSWER = { items: [1, 2, 3], note: 'ünïcödé' }
const ANSWER_BYTES = Buffer.from(JSON.stringify(ANSWER))

/** A JSON body larger than the socket buffers on both sides, so a stalled reader stalls the server. */
const LARGE = Buffer.from(JSON.stringify({ items: Array.from({ length: 400_000 }, (_, i) => i) }))

function getStreamed(transport: Transport, signal?: AbortSignal): Promise<unknown> {
  return transport.request({ method: 'GET', path: PATH, stream: wholeJson, signal })
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

const CUT = `connection closed by the server before the response was complete (ECONNRESET)`

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
    ['streamed', getStreamed],
    ['read whole', getWhole]
  ])('%s: retried for a GET, then reported as the connection closing', async (_, get) => {
    const api = await server((_req, res) => cutHalfWay(res, ANSWER_BYTES))
    const { transport, sleeps } = client(api.url)
    const error = await failure(get(transport))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'ECONNRESET', attempts: 3 })
    expect(error.message).toBe(`GET ${PATH} failed: ${CUT} after 3 attempts`)
    expect(sleeps).toEqual([375, 750])
  })

  it.each([
    ['streamed', getStreamed],
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
    ['plain', ANSWER_BYTES, {}],
    ['gzip', gzipSync(LARGE), { 'content-encoding': 'gzip' }]
  ])(
    'a decoder that starts reading late still hears of the cut (%s), as a network failure',
    async (_, bytes, headers) => {
      const api = await server((_req, res) => {
        res.writeHead(200, { 'content-length': bytes.length, ...headers })
        res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.end())
      })
      const { transport } = client(api.url, { retries: 0 })
      const late: StreamDecoder<unknown> = async body => {
        await new Promise(resolve => setTimeout(resolve, 100))
        return wholeJson(body)
      }
      const error = await failure(transport.request({ method: 'GET', path: PATH, stream: late }))
      expect(error.message).toBe(`GET ${PATH} failed: ${CUT} after 1 attempt`)
    }
  )

  it('a POST whose answer was cut off is not retried: the server may have acted', async () => {
    const api = await server((_req, res) => cutHalfWay(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    const error = await failure(
      transport.request({ method: 'POST', path: PATH, body: { a: 1 }, schema: z.unknown() })
    )
    expect(error).toMatchObject({ code: 'ECONNRESET', mayHaveBeenProcessed: true })
    expect(error.message).toBe(
      `POST ${PATH} failed: ${CUT} after 1 attempt; the request was sent and may have been processed, so it was not retried`
    )
    expect(api.requests).toHaveLength(1)
  })
})

describe('a decoder that reads the head of a body first', () => {
  /** Far more than the socket buffers on both sides hold: a reader that stops stalls the server. */
  const HUGE = Buffer.from(
    JSON.stringify({ items: Array.from({ length: 2_000_000 }, (_, i) => i) })
  )

  it('gets the bytes it asked for; reading then stops until it asks for the rest', async () => {
    let written = false
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': HUGE.length })
      res.end(HUGE, () => (written = true))
    })
    const { transport } = client(api.url)
    const seen: { head: number; writtenAfterHead: boolean }[] = []
    const headFirst: StreamDecoder<Buffer> = async body => {
      const head = await body.head(4096)
      await new Promise(resolve => setTimeout(resolve, 200))
      seen.push({ head, writtenAfterHead: written })
      return Buffer.concat(await body.all())
    }
    const whole = await transport.request({ method: 'GET', path: PATH, stream: headFirst })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.head).toBeGreaterThanOrEqual(4096)
    expect(seen[0]?.head).toBeLessThan(HUGE.length)
    expect(seen[0]?.writtenAfterHead).toBe(false)
    expect(whole.equals(HUGE)).toBe(true)
    // The server hears that its last bytes were taken a moment after the client has them.
    await waitUntil(() => written)
    expect(written).toBe(true)
  })

  it('a body shorter than the head asked for: the head is all of it, and so is the rest', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    const headFirst: StreamDecoder<[number, unknown]> = async body => [
      await body.head(4096),
      await wholeJson(body)
    ]
    await expect(
      transport.request({ method: 'GET', path: PATH, stream: headFirst })
    ).resolves.toEqual([ANSWER_BYTES.length, ANSWER])
  })

  it('a body cut off before the head arrived is a network failure, retried for a GET', async () => {
    const long = Buffer.from(JSON.stringify({ items: Array.from({ length: 5_000 }, (_, i) => i) }))
    const api = await server((_req, res, attempt) =>
      attempt === 1 ? cutHalfWay(res, ANSWER_BYTES) : answer(res, long)
    )
    const { transport, sleeps } = client(api.url)
    const headFirst: StreamDecoder<number> = async body => {
      const head = await body.head(long.length)
      return (await body.all()).length > 0 ? head : -1
    }
    await expect(transport.request({ method: 'GET', path: PATH, stream: headFirst })).resolves.toBe(
      long.length
    )
    expect(sleeps).toEqual([375])
  })
})

describe('a body given up on closes its connection', () => {
  it.each([
    ['plain, streamed', LARGE, {}, getStreamed],
    ['gzip, streamed', gzipSync(LARGE), { 'content-encoding': 'gzip' }, getStreamed],
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
    ['streamed', getStreamed],
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

  it('a decoder that stops without reading: its error is thrown, the unread body released', async () => {
    const api = await server((_req, res) => answer(res, LARGE))
    const { transport } = client(api.url)
    const impatient: StreamDecoder<never> = () =>
      Promise.reject(new SchemaError({ method: 'GET', path: PATH }, [`body: ${TOKEN} refused`]))
    const error = await failure(transport.request({ method: 'GET', path: PATH, stream: impatient }))
    expect(error).toBeInstanceOf(SchemaError)
    expect(error.message).toBe(`GET ${PATH} returned an unexpected response: body: *** refused`)
    await waitUntil(() => api.open.size === 0)
    expect(api.open.size).toBe(0)
    // The pool still works after it.
    await expect(getWhole(transport)).resolves.toEqual(JSON.parse(LARGE.toString()))
  })

  it('a body read to its end leaves its connection open for the next request', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = client(api.url)
    for (let i = 0; i < 3; i++) await expect(getStreamed(transport)).resolves.toEqual(ANSWER)
    await expect(getWhole(transport)).resolves.toEqual(ANSWER)
    // undici's pool may take turns between two connections, but it opens none per request.
    expect(api.used.size).toBeLessThanOrEqual(2)
    expect(api.open.size).toBe(api.used.size)
  })
})

describe('closing the transport ends what is still out', () => {
  /** A transport that really waits between retries, and says when it starts waiting. */
  function waitingClient(url: string): { transport: Transport; waiting: Promise<number> } {
    let started: (delayMs: number) => void = () => undefined
    const waiting = new Promise<number>(resolve => (started = resolve))
    const transport = new Transport({
      baseUrl: url,
      token: TOKEN,
      timeoutMs: 5000,
      retry: defaultRetryPolicy(2),
      onRetry: event => started(event.delayMs)
    })
    return { transport, waiting }
  }

  it('a request waiting out a Retry-After: cancelled, never sent again', async () => {
    const api = await server((_req, res) => {
      res.writeHead(429, { 'retry-after': '60', 'content-type': 'application/json' })
      res.end('{"error":"slow down"}')
    })
    const { transport, waiting } = waitingClient(api.url)
    const pending = expect(getWhole(transport)).rejects.toBeInstanceOf(TransportClosedError)
    expect(await waiting).toBe(60_000)
    await transport.close()
    await pending
    expect(api.requests).toHaveLength(1)
  })

  it('a request in flight: cancelled, its connection closed', async () => {
    let halfSent!: () => void
    const sent = new Promise<void>(resolve => (halfSent = resolve))
    const api = await server((_req, res) => {
      stallHalfWay(res, LARGE)
      setTimeout(halfSent, 100)
    })
    const { transport } = waitingClient(api.url)
    const pending = expect(getStreamed(transport)).rejects.toBeInstanceOf(TransportClosedError)
    await sent
    await transport.close()
    await pending
    await waitUntil(() => api.open.size === 0)
    expect(api.open.size).toBe(0)
  })

  it('a request after close: fails at once, nothing sent', async () => {
    const api = await server((_req, res) => answer(res, ANSWER_BYTES))
    const { transport } = waitingClient(api.url)
    await transport.close()
    const error = await failure(getWhole(transport))
    expect(error).toBeInstanceOf(TransportClosedError)
    expect(error.message).toBe('the API client was closed before this request completed')
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

  it.each(codings)('%s (%p): a streamed success, a success read whole', async (coding, encode) => {
    const api = await server((_req, res) =>
      answer(res, encode(ANSWER_BYTES), { 'content-encoding': coding })
    )
    const { transport } = client(api.url)
    await expect(getStreamed(transport)).resolves.toEqual(ANSWER)
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
    const error = await failure(getStreamed(transport))
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
    for (const get of [getStreamed, getWhole]) {
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

  it('a 204 to a streamed request is decoded as an empty body', async () => {
    const api = await server((_req, res) =>
      res.writeHead(204, { 'content-encoding': 'gzip' }).end()
    )
    const { transport } = client(api.url)
    const count: StreamDecoder<number> = async body => {
      let bytes = 0
      for (const chunk of await body.all()) bytes += chunk.length
      return bytes
    }
    await expect(transport.request({ method: 'GET', path: PATH, stream: count })).resolves.toBe(0)
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
    const reason = new TransportClosedError()
    parent.abort(reason)
    expect(timeout.signal.reason).toBe(reason)
    timeout.clear()
  })

  it('starts aborted under a parent that already is', () => {
    const parent = new AbortController()
    parent.abort(new TransportClosedError())
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
    parent.abort(new TransportClosedError())
    expect(timeouts.map(timeout => timeout.signal.aborted)).toEqual([false, false, false])
  })
})
