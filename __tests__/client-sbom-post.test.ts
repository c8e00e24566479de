/**
 * The SBOM export POST over real HTTP: it starts a job on the server, so like ticket creation it
 * is never retried once the server may have acted on it (each retry would start another export).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { ApiError, NetworkError } from '../src/api/errors.js'
import { createSbomExport, type SbomExportRequest } from '../src/api/sbom.js'
import { Transport } from '../src/api/transport.js'
import { failure } from './helpers/failure.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorTransport, waitUntil } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const EXPORT_PATH = '/api/v1/deployments/4242/sbom/export'
const WEB: SbomExportRequest = {
  repositoryId: PROJECT.web,
  ref: 'refs/heads/main',
  format: 'cyclonedx',
  componentType: 'application'
}

let emulator: Emulator
let transport: Transport
let sleeps: number[]

function newTransport(timeoutMs = 5000): Transport {
  return emulatorTransport(emulator, { timeoutMs, retries: 3, sleeps, now: () => NOW.getTime() })
}

function exportPosts(): number {
  return emulator.requests.filter(r => r.method === 'POST' && r.path === EXPORT_PATH).length
}

beforeEach(async () => {
  emulator = await startEmulator({ now: NOW })
  sleeps = []
  transport = newTransport()
})

afterEach(async () => {
  await transport.close()
  await emulator.close()
})

describe('SBOM export POST safety', () => {
  it('does not retry a POST that timed out: the server may still start the export', async () => {
    await transport.close()
    transport = newTransport(300)
    emulator.addFault({ kind: 'delay', ms: 800, path: EXPORT_PATH, times: Infinity })
    const error = await failure(createSbomExport(transport, '4242', WEB))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'TIMEOUT', mayHaveBeenProcessed: true, attempts: 1 })
    expect(error.message).toBe(
      `POST ${EXPORT_PATH} failed: no complete response within 0.3 s (TIMEOUT) after 1 attempt; the request was sent and may have been processed, so it was not retried`
    )
    expect(sleeps).toEqual([])
    await waitUntil(() => emulator.state.sbomTasks.size > 0)
    expect(exportPosts()).toBe(1)
    expect(emulator.state.sbomTasks.size).toBe(1)
  })

  it('does not retry a connection cut after processing: one export job, not several', async () => {
    emulator.addFault({ kind: 'reset-after-processing', path: EXPORT_PATH })
    const error = await failure(createSbomExport(transport, '4242', WEB))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, attempts: 1 })
    expect(error.message).toMatch(/may have been processed, so it was not retried$/)
    expect(exportPosts()).toBe(1)
    expect(emulator.state.sbomTasks.size).toBe(1)
  })

  it.each([500, 502, 504])('does not retry HTTP %i: the server may have acted', async status => {
    emulator.addFault({ kind: 'status', status, path: EXPORT_PATH, times: Infinity })
    const error = await failure(createSbomExport(transport, '4242', WEB))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, attempts: 1 })
    expect(exportPosts()).toBe(1)
    expect(sleeps).toEqual([])
  })

  it('retries a 503 and a 429 with Retry-After (not processed), and starts one export', async () => {
    emulator.addFault({ kind: 'status', status: 503, path: EXPORT_PATH })
    emulator.addFault({
      kind: 'status',
      status: 429,
      path: EXPORT_PATH,
      headers: { 'retry-after': '4' }
    })
    const token = await createSbomExport(transport, '4242', WEB)
    expect([...emulator.state.sbomTasks.keys()]).toEqual([token])
    expect(emulator.requests.map(r => r.status)).toEqual([503, 429, 200])
    expect(sleeps).toEqual([375, 4000])
  })
})
