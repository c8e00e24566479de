/**
 * The one HTTP stack under the transport (src/api/dispatcher.ts), over real sockets: one undici
 * pool per origin with at most MAX_CONNECTIONS connections, connections opened ahead by
 * `preconnect` that the next requests take, and the Actions toolkit's proxy decision.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { request } from 'undici'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { connectionPool, MAX_CONNECTIONS, PRECONNECT_IDLE_MS } from '../src/api/dispatcher.js'
import { listDeployments } from '../src/api/deployments.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { Transport } from '../src/api/transport.js'
import { emulatorTransport } from './helpers/client.js'
import { startConnectProxy, type ConnectProxy } from './helpers/e2e-net.js'
import { sleep, until } from './helpers/wait.js'

const DEPLOYMENTS = '/api/v1/deployments'
const PROXY_VARIABLES = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy'
]

const closers: (() => Promise<void>)[] = []
const savedEnv = { ...process.env }

beforeEach(() => {
  for (const name of PROXY_VARIABLES) delete process.env[name]
})

afterEach(async () => {
  await Promise.all(closers.splice(0).map(close => close()))
  for (const name of PROXY_VARIABLES) {
    if (savedEnv[name] === undefined) delete process.env[name]
    else process.env[name] = savedEnv[name]
  }
})

async function emulator(): Promise<Emulator> {
  const started = await startEmulator()
  closers.push(() => started.close())
  return started
}

function transportTo(server: Emulator): Transport {
  const transport = emulatorTransport(server)
  closers.push(() => transport.close())
  return transport
}

/** A transport to the emulator under a name that is not loopback, which the toolkit may proxy. */
function proxiedTransport(server: Emulator): { transport: Transport; target: string } {
  const port = new URL(server.url).port
  const transport = new Transport({
    baseUrl: `http://api.findings.test:${port}`,
    token: server.token,
    timeoutMs: 10_000,
    retry: defaultRetryPolicy(0)
  })
  closers.push(() => transport.close())
  return { transport, target: `api.findings.test:${port}` }
}

async function proxy(): Promise<ConnectProxy> {
  const started = await startConnectProxy()
  closers.push(() => started.close())
  return started
}

interface Plain {
  readonly origin: URL
  readonly connections: Set<Socket>
  /** Connections that carried a request. */
  readonly used: Set<Socket>
}

/** A plain server that answers `ok`, and every connection it was opened. */
async function plainServer(): Promise<Plain> {
  const connections = new Set<Socket>()
  const used = new Set<Socket>()
  const server = http.createServer((req, res) => {
    used.add(req.socket)
    res.end('ok')
  })
  server.on('connection', socket => connections.add(socket))
  const port = await new Promise<number>(resolve =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  )
  closers.push(
    () =>
      new Promise(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  )
  return { origin: new URL(`http://127.0.0.1:${port}`), connections, used }
}

const openNow = (server: Plain): number =>
  [...server.connections].filter(socket => !socket.destroyed).length

describe('one pool per origin', () => {
  it('keeps its connections alive: ten requests one after another open none each', async () => {
    const api = await emulator()
    const transport = transportTo(api)
    for (let i = 0; i < 10; i++) await expect(listDeployments(transport)).resolves.toHaveLength(1)
    expect(api.requests).toHaveLength(10)
    // undici may take turns between two connections (a request can go out a moment before the
    // answer that frees the first is marked complete), but it opens none per request.
    expect(api.connections.opened).toBeLessThanOrEqual(2)
  })

  it(`opens at most ${MAX_CONNECTIONS} connections however many requests are out at once`, async () => {
    const api = await emulator()
    const transport = transportTo(api)
    // Every answer waits, so that each request would want a connection of its own.
    api.addFault({ kind: 'delay', ms: 200, path: DEPLOYMENTS, times: Infinity })
    let mostOpen = 0
    const watch = setInterval(() => (mostOpen = Math.max(mostOpen, api.connections.open)), 5)
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => listDeployments(transport))
      )
      expect(answers.every(deployments => deployments.length === 1)).toBe(true)
    } finally {
      clearInterval(watch)
    }
    expect(api.requests).toHaveLength(40)
    expect(api.connections.opened).toBe(MAX_CONNECTIONS)
    expect(mostOpen).toBeLessThanOrEqual(MAX_CONNECTIONS)
  })
})

describe('connections opened ahead', () => {
  it('preconnect(n) opens n connections before any request; the next n requests take them', async () => {
    const api = await emulator()
    const transport = transportTo(api)
    transport.preconnect(4)
    await until(() => api.connections.opened >= 4)
    expect(api.connections.opened).toBe(4)
    expect(api.requests).toHaveLength(0)
    api.addFault({ kind: 'delay', ms: 100, path: DEPLOYMENTS, times: 4 })
    const answers = await Promise.all(Array.from({ length: 4 }, () => listDeployments(transport)))
    expect(answers.map(deployments => deployments.length)).toEqual([1, 1, 1, 1])
    // Four requests at once, on the four connections opened ahead: none opened for them.
    expect(api.connections.opened).toBe(4)
  })

  it('a connection opened ahead that the server closed while it was idle is not handed out', async () => {
    const api = await plainServer()
    const pool = connectionPool(api.origin)
    closers.push(() => pool.close())
    pool.preconnect(2)
    const first = await request(new URL('/a', api.origin), { dispatcher: pool.dispatcher })
    expect(await first.body.text()).toBe('ok')
    await until(() => api.connections.size >= 2)
    // The first request took one of the two.
    expect(api.connections.size).toBe(2)
    for (const socket of api.connections) socket.destroy()
    await sleep(50)
    const second = await request(new URL('/b', api.origin), { dispatcher: pool.dispatcher })
    expect(second.statusCode).toBe(200)
    expect(await second.body.text()).toBe('ok')
    expect(api.connections.size).toBe(3)
  })

  it(
    'a connection opened ahead and never used is closed after its idle time',
    async () => {
      const api = await plainServer()
      const pool = connectionPool(api.origin)
      closers.push(() => pool.close())
      pool.preconnect(3)
      const taken = await request(new URL('/a', api.origin), { dispatcher: pool.dispatcher })
      await taken.body.text()
      await until(() => api.connections.size >= 3)
      const unused = (): Socket[] => [...api.connections].filter(socket => !api.used.has(socket))
      expect(unused()).toHaveLength(2)
      await sleep(PRECONNECT_IDLE_MS - 1500)
      expect(unused().filter(socket => !socket.destroyed)).toHaveLength(2)
      await sleep(2000)
      // Unused past PRECONNECT_IDLE_MS: both are gone.
      expect(unused().filter(socket => !socket.destroyed)).toHaveLength(0)
    },
    PRECONNECT_IDLE_MS + 5000
  )

  it('closing the pool closes the connections opened ahead', async () => {
    const api = await plainServer()
    const pool = connectionPool(api.origin)
    pool.preconnect(3)
    await until(() => api.connections.size >= 3)
    expect(openNow(api)).toBe(3)
    await pool.close()
    await until(() => openNow(api) === 0)
    expect(openNow(api)).toBe(0)
  })

  it('a connection that cannot be opened ahead costs nothing: the request opens its own', async () => {
    // A port nothing listens on while the connections are opened ahead: both fail.
    const free = http.createServer()
    const port = await new Promise<number>(resolve =>
      free.listen(0, '127.0.0.1', () => resolve((free.address() as AddressInfo).port))
    )
    await new Promise(resolve => free.close(resolve))
    const origin = new URL(`http://127.0.0.1:${port}`)
    const pool = connectionPool(origin)
    closers.push(() => pool.close())
    pool.preconnect(2)
    await sleep(100)
    const back = http.createServer((_req, res) => res.end('back'))
    await new Promise<void>(resolve => back.listen(port, '127.0.0.1', resolve))
    closers.push(
      () =>
        new Promise(resolve => {
          back.close(() => resolve())
          back.closeAllConnections()
        })
    )
    const answer = await request(new URL('/a', origin), { dispatcher: pool.dispatcher })
    expect(await answer.body.text()).toBe('back')
  })
})

describe('behind a proxy', () => {
  it('an API origin the toolkit would proxy goes through the proxy, and opens nothing ahead', async () => {
    const api = await emulator()
    const tunnel = await proxy()
    process.env.HTTP_PROXY = tunnel.url
    const { transport, target } = proxiedTransport(api)
    transport.preconnect(4)
    await sleep(100)
    expect(tunnel.tunnels).toEqual([])
    expect(api.connections.opened).toBe(0)
    await expect(listDeployments(transport)).resolves.toHaveLength(1)
    expect(tunnel.tunnels).toEqual([target])
    expect(api.requests.map(r => r.path)).toEqual([DEPLOYMENTS])
  })

  it(`opens at most ${MAX_CONNECTIONS} tunnels however many requests are out at once`, async () => {
    const api = await emulator()
    const tunnel = await proxy()
    process.env.HTTP_PROXY = tunnel.url
    const { transport } = proxiedTransport(api)
    api.addFault({ kind: 'delay', ms: 200, path: DEPLOYMENTS, times: Infinity })
    await Promise.all(Array.from({ length: 40 }, () => listDeployments(transport)))
    expect(api.requests).toHaveLength(40)
    expect(tunnel.tunnels.length).toBeLessThanOrEqual(MAX_CONNECTIONS)
  })

  it('a loopback API is never proxied, as the toolkit decides', async () => {
    const api = await emulator()
    const tunnel = await proxy()
    process.env.HTTP_PROXY = tunnel.url
    const transport = transportTo(api)
    await expect(listDeployments(transport)).resolves.toHaveLength(1)
    expect(tunnel.tunnels).toEqual([])
    expect(tunnel.plainRequests).toEqual([])
  })

  it('NO_PROXY leaves an origin direct', async () => {
    const tunnel = await proxy()
    process.env.HTTP_PROXY = tunnel.url
    process.env.NO_PROXY = 'api.findings.test'
    const pool = connectionPool(new URL('http://api.findings.test:1'))
    closers.push(() => pool.close())
    pool.preconnect(1)
    await sleep(100)
    // Direct: no tunnel asked for (the connection opened ahead fails on its own, unheard).
    expect(tunnel.tunnels).toEqual([])
  })
})
