/**
 * The HTTP client under the transport (src/api/http-client.ts), over real sockets: what the
 * transport relies on from it that undici's `request` gave before.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import dns from 'node:dns'
import { getEventListeners } from 'node:events'
import http from 'node:http'
import type { AddressInfo, LookupFunction, Socket } from 'node:net'
import { httpClientFor, type HttpClient } from '../src/api/http-client.js'
import { warmConnections } from '../src/api/warm-connections.js'
import { sleep, until } from './helpers/wait.js'

interface Started {
  readonly origin: URL
  readonly connections: Set<Socket>
  readonly bodies: string[]
  close(): Promise<void>
}

const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  await Promise.all(closers.splice(0).map(close => close()))
})

async function serve(handler: http.RequestListener): Promise<Started> {
  const connections = new Set<Socket>()
  const bodies: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      bodies.push(`${req.method} ${req.headers['content-length'] ?? '-'} ${body}`)
      handler(req, res)
    })
  })
  server.on('connection', socket => connections.add(socket))
  const port = await new Promise<number>(resolve =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  )
  const close = (): Promise<void> =>
    new Promise(resolve => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  closers.push(close)
  return { origin: new URL(`http://127.0.0.1:${port}`), connections, bodies, close }
}

function clientOf(origin: URL): HttpClient {
  const client = httpClientFor(origin)
  closers.push(() => client.close())
  return client
}

async function text(body: AsyncIterable<Buffer>): Promise<string> {
  let out = ''
  for await (const chunk of body) out += chunk.toString('utf8')
  return out
}

const GET = { method: 'GET', headers: {} } as const

describe('the direct client', () => {
  it('keeps its connection alive: ten requests one after another use one', async () => {
    const api = await serve((_req, res) => res.end('{"ok":true}'))
    const client = clientOf(api.origin)
    for (let i = 0; i < 10; i++) {
      const response = await client.send(new URL('/x', api.origin), {
        ...GET,
        signal: new AbortController().signal
      })
      expect(response.statusCode).toBe(200)
      expect(await text(response.body)).toBe('{"ok":true}')
    }
    expect(api.connections.size).toBe(1)
  })

  it('lets go of a shared signal once each body has been read', async () => {
    const api = await serve((_req, res) => res.end('x'.repeat(100_000)))
    const client = clientOf(api.origin)
    const shared = new AbortController().signal
    const lengths = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await client.send(new URL('/x', api.origin), { ...GET, signal: shared })
        return (await text(response.body)).length
      })
    )
    expect(lengths).toEqual(Array.from({ length: 20 }, () => 100_000))
    // A listener per finished request would keep every request's objects alive for the run.
    expect(getEventListeners(shared, 'abort')).toHaveLength(0)
  })

  it("rejects with the signal's own reason before the answer, and breaks the body with it after", async () => {
    const api = await serve((req, res) => {
      if (req.url === '/slow') return
      res.writeHead(200, { 'content-length': '10' }).write('12345')
    })
    const client = clientOf(api.origin)
    const early = new AbortController()
    const waiting = client.send(new URL('/slow', api.origin), { ...GET, signal: early.signal })
    const timeout = new DOMException('The operation timed out.', 'TimeoutError')
    setTimeout(() => early.abort(timeout), 50)
    await expect(waiting).rejects.toBe(timeout)

    const late = new AbortController()
    const response = await client.send(new URL('/half', api.origin), {
      ...GET,
      signal: late.signal
    })
    const reason = new Error('no longer wanted')
    const reading = text(response.body)
    late.abort(reason)
    await expect(reading).rejects.toBe(reason)
  })

  it('hands a request no connection opened ahead that the server closed while it was idle', async () => {
    const api = await serve((_req, res) => res.end('ok'))
    const client = clientOf(api.origin)
    const signal = new AbortController().signal
    client.preconnect(2)
    const first = await client.send(new URL('/a', api.origin), { ...GET, signal })
    expect(await text(first.body)).toBe('ok')
    await until(() => api.connections.size >= 2)
    // The first request took one of the two.
    expect(api.connections.size).toBe(2)
    for (const socket of api.connections) socket.destroy()
    await sleep(50)
    const second = await client.send(new URL('/b', api.origin), { ...GET, signal })
    expect(second.statusCode).toBe(200)
    expect(await text(second.body)).toBe('ok')
    expect(api.connections.size).toBe(3)
  })

  it('closes a connection opened ahead that stayed unused past its idle time', async () => {
    const api = await serve((_req, res) => res.end('ok'))
    const agent = new http.Agent({ keepAlive: true })
    closers.push(() => Promise.resolve(agent.destroy()))
    const warm = warmConnections(agent, new URL(api.origin), { idleMs: 100 })
    warm.preconnect(3)
    await new Promise<void>((resolve, reject) => {
      http
        .get(new URL('/a', api.origin), { agent }, res => res.resume().on('end', resolve))
        .on('error', reject)
    })
    const open = (): number => [...api.connections].filter(socket => !socket.destroyed).length
    await until(() => api.connections.size >= 3)
    expect(api.connections.size).toBe(3)
    expect(open()).toBe(3)
    await sleep(300)
    // The one the request took stays alive for the next; the two unused ones are gone.
    expect(open()).toBe(1)
  })

  it('looks the host of the connections opened ahead up once for all of them', async () => {
    const api = await serve((_req, res) => res.end('ok'))
    const agent = new http.Agent({ keepAlive: true })
    closers.push(() => Promise.resolve(agent.destroy()))
    const lookups: string[] = []
    const lookup: LookupFunction = (hostname, options, callback) => {
      lookups.push(hostname)
      dns.lookup(hostname, options, callback)
    }
    const origin = new URL(api.origin.href.replace('127.0.0.1', 'localhost'))
    const warm = warmConnections(agent, origin, { lookup })
    closers.push(() => Promise.resolve(warm.close()))
    warm.preconnect(5)
    await until(() => api.connections.size >= 5)
    expect(api.connections.size).toBe(5)
    expect(lookups).toEqual(['localhost'])
  })

  it('sends a body with its length in bytes', async () => {
    const api = await serve((_req, res) => res.writeHead(201).end())
    const client = clientOf(api.origin)
    const response = await client.send(new URL('/tickets', api.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"note":"ünïcödé"}',
      signal: new AbortController().signal
    })
    expect(response.statusCode).toBe(201)
    await text(response.body)
    expect(api.bodies).toEqual(['POST 22 {"note":"ünïcödé"}'])
  })

  it('never follows a redirect', async () => {
    const api = await serve((req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: '/target' }).end()
      else res.end('followed')
    })
    const client = clientOf(api.origin)
    const response = await client.send(new URL('/moved', api.origin), {
      ...GET,
      signal: new AbortController().signal
    })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toEqual(['/target'])
    await text(response.body)
    expect(api.bodies).toEqual(['GET - '])
  })
})
