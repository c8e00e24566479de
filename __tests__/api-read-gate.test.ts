/**
 * The bound on findings pages read at once: at most `limit` readers, in the order they asked,
 * and a reader that makes no progress lets one more through instead of holding the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { PAGE_READS } from '../src/api/findings.js'
import { ReadGate } from '../src/api/read-gate.js'
import type { Transport } from '../src/api/transport.js'
import { fetchFindings } from '../src/collect/gate-data.js'
import { emulatorTransport } from './helpers/client.js'

/** Lets every settled promise's callbacks run. */
const settle = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

/** Asks `gate` for a permit; the function returned says whether it has been given yet. */
function asks(gate: ReadGate): () => boolean {
  let inside = false
  void gate.acquire().then(() => (inside = true))
  return () => inside
}

describe('ReadGate', () => {
  it('lets `limit` readers in at once, the next in the order they asked as permits come back', async () => {
    const gate = new ReadGate(2, 60_000)
    const admitted: string[] = []
    const releases = new Map<string, () => void>()
    for (const name of ['a', 'b', 'c', 'd']) {
      void gate.acquire().then(release => {
        admitted.push(name)
        releases.set(name, release)
      })
    }
    await settle()
    expect(admitted).toEqual(['a', 'b'])
    expect(gate.load).toEqual({ active: 2, waiting: 2 })
    releases.get('b')?.()
    await settle()
    expect(admitted).toEqual(['a', 'b', 'c'])
    expect(gate.load).toEqual({ active: 2, waiting: 1 })
    // A permit given back twice is given back once: d still waits for a.
    releases.get('b')?.()
    await settle()
    expect(admitted).toEqual(['a', 'b', 'c'])
    releases.get('a')?.()
    await settle()
    expect(admitted).toEqual(['a', 'b', 'c', 'd'])
    for (const name of ['c', 'd']) releases.get(name)?.()
    expect(gate.load).toEqual({ active: 0, waiting: 0 })
  })

  it('readers that give nothing back for stallMs let one more through, and the count comes back down', async () => {
    const gate = new ReadGate(1, 30)
    const stalled = await gate.acquire()
    let secondRelease: (() => void) | undefined
    const second = gate.acquire().then(release => (secondRelease = release))
    await settle()
    expect(gate.load).toEqual({ active: 1, waiting: 1 })
    await second
    expect(gate.load).toEqual({ active: 2, waiting: 0 })
    // With the stalled reader still in, a third waits for a permit (or for the next stall).
    const thirdIn = asks(gate)
    secondRelease?.()
    await settle()
    expect(thirdIn()).toBe(false)
    expect(gate.load).toEqual({ active: 1, waiting: 1 })
    stalled()
    await settle()
    expect(thirdIn()).toBe(true)
    expect(gate.load).toEqual({ active: 1, waiting: 0 })
  })

  it('nobody is let past the limit before stallMs', async () => {
    const gate = new ReadGate(1, 40)
    const first = await gate.acquire()
    const secondIn = asks(gate)
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(secondIn()).toBe(false)
    expect(gate.load).toEqual({ active: 1, waiting: 1 })
    first()
    await settle()
    expect(secondIn()).toBe(true)
    expect(gate.load).toEqual({ active: 1, waiting: 0 })
  })
})

describe('findings pages over HTTP', () => {
  let emulator: Emulator
  let transport: Transport

  beforeAll(async () => {
    // Six pages of 3,000 SAST findings: with the count, pages 1 to 5 are asked for at once.
    emulator = await startEmulator({
      bulk: { repository: 'acme/gated', ref: 'refs/heads/main', sast: 16_000, sca: 0 }
    })
    transport = emulatorTransport(emulator, { timeoutMs: 20_000 })
  })

  afterAll(async () => {
    await transport.close()
    await emulator.close()
  })

  it('are read two at a time while the rest wait, and every finding arrives', async () => {
    let mostActive = 0
    let mostWaiting = 0
    const sampler = setInterval(() => {
      mostActive = Math.max(mostActive, PAGE_READS.load.active)
      mostWaiting = Math.max(mostWaiting, PAGE_READS.load.waiting)
    }, 1)
    try {
      const found = await fetchFindings(
        transport,
        'acme-corp',
        {
          issueTypes: ['sast'],
          secretsOptional: false,
          repository: 'acme/gated',
          ref: 'refs/heads/main',
          status: ['open']
        },
        { expected: Promise.resolve({ sast: 16_000 }) }
      )
      expect(found.findings).toHaveLength(16_000)
      expect(new Set(found.findings.map(finding => finding.id)).size).toBe(16_000)
    } finally {
      clearInterval(sampler)
    }
    expect(mostActive).toBe(2)
    expect(mostWaiting).toBeGreaterThan(0)
    expect(PAGE_READS.load).toEqual({ active: 0, waiting: 0 })
  })
})
