/**
 * Connections opened ahead of the requests that need them (src/api/warm-connections.ts), against
 * the emulator holding each new connection's first request for two round trips (TCP and TLS 1.3).
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { listDeployments } from '../src/api/deployments.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { Transport } from '../src/api/transport.js'
import { emulatorTransport } from './helpers/client.js'
import { sleep, until } from './helpers/wait.js'

const LATENCY = 150
/** A request on a new connection: two round trips of handshakes, then its own. */
const COLD = 3 * LATENCY

let emulator: Emulator | undefined
let transport: Transport | undefined

afterEach(async () => {
  await transport?.close()
  await emulator?.close()
  transport = undefined
  emulator = undefined
})

async function started(): Promise<{ emulator: Emulator; transport: Transport }> {
  emulator = await startEmulator({ latencyMs: LATENCY, connectRoundTrips: 2 })
  transport = emulatorTransport(emulator)
  return { emulator, transport }
}

/** Milliseconds each of `count` requests sent at once took. */
function timedAtOnce(through: Transport, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const startedAt = performance.now()
      await listDeployments(through)
      return performance.now() - startedAt
    })
  )
}

describe('preconnect', () => {
  it('opens the connections at once; requests after their handshakes skip them', async () => {
    const { emulator: api, transport: client } = await started()
    client.preconnect(4)
    await until(() => api.connections.opened === 4)
    await sleep(2 * LATENCY + 20)
    const next = await timedAtOnce(client, 4)
    // Each request took one of the four: none new.
    expect(api.connections.opened).toBe(4)
    for (const ms of next) {
      expect(ms).toBeGreaterThanOrEqual(LATENCY - 10)
      expect(ms).toBeLessThan(COLD - 10)
    }
  })

  it('a request sent with them waits only for what is left of their handshakes', async () => {
    const { emulator: api, transport: client } = await started()
    client.preconnect(1)
    await sleep(LATENCY)
    const [first] = await timedAtOnce(client, 1)
    expect(api.connections.opened).toBe(1)
    expect(first).toBeGreaterThanOrEqual(2 * LATENCY - 10)
    expect(first).toBeLessThan(COLD - 40)
  })

  it('under a host name, the requests take them too (one lookup for all)', async () => {
    const { emulator: api } = await started()
    transport = new Transport({
      baseUrl: api.url.replace('127.0.0.1', 'localhost'),
      token: api.token,
      timeoutMs: 5000,
      retry: defaultRetryPolicy(0)
    })
    transport.preconnect(4)
    await until(() => api.connections.opened === 4)
    await timedAtOnce(transport, 4)
    expect(api.connections.opened).toBe(4)
    expect(api.requests).toHaveLength(4)
  })

  it('without it, those requests each open a connection and wait for its handshakes', async () => {
    const { emulator: api, transport: client } = await started()
    await timedAtOnce(client, 1)
    const next = await timedAtOnce(client, 5)
    expect(api.connections.opened).toBe(5)
    expect(next.filter(ms => ms >= COLD - 10)).toHaveLength(4)
  })

  it('counts the ones opened before: asking again for as many opens nothing more', async () => {
    const { emulator: api, transport: client } = await started()
    client.preconnect(2)
    client.preconnect(2)
    await timedAtOnce(client, 1)
    client.preconnect(3)
    await until(() => api.connections.opened === 3)
    await sleep(2 * LATENCY + 20)
    const next = await timedAtOnce(client, 3)
    // Two asked for, then one more: the three carried the first request and these three.
    expect(api.connections.opened).toBe(3)
    for (const ms of next) expect(ms).toBeLessThan(COLD - 10)
  })

  it('closes the connections no request took when the transport closes', async () => {
    const { emulator: api, transport: client } = await started()
    client.preconnect(4)
    await timedAtOnce(client, 1)
    expect(api.connections.open).toBe(4)
    await client.close()
    await until(() => api.connections.open === 0)
    expect(api.connections.open).toBe(0)
  })

  it('to a port nothing listens on, fails the request as before and raises nothing else', async () => {
    const { emulator: api } = await started()
    const port = new URL(api.url).port
    await api.close()
    transport = new Transport({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 't',
      timeoutMs: 5000,
      retry: defaultRetryPolicy(0)
    })
    transport.preconnect(3)
    await expect(listDeployments(transport)).rejects.toThrow(/ECONNREFUSED|could not connect/i)
    // The warm connections' own refusals come later; an unhandled one would fail the test file.
    await sleep(100)
  })
})
