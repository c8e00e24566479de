/**
 * The emulator's server clock (clockOffsetMs): every answer's Date header, the times of scans and
 * when a running scan completes follow the server's clock, not the runner's.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import net from 'node:net'
import { headScan, startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js'
import { apiCall, FINDINGS, scanById, SCANS_SEARCH, type Answer } from './helpers/emulator-http.js'
import { PROJECT } from './helpers/sample.js'

const HOUR_MS = 3_600_000
/** RFC 9110 IMF-fixdate. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

let emulator: Emulator
afterEach(() => emulator.close())

async function start(options: EmulatorOptions): Promise<Emulator> {
  emulator = await startEmulator(options)
  return emulator
}

/** Runner-clock bounds of a request, to check what the server says against. */
async function timed<T>(
  request: () => Promise<T>
): Promise<{ result: T; from: number; to: number }> {
  const from = Date.now()
  const result = await request()
  return { result, from, to: Date.now() }
}

/** The Date header is an IMF-fixdate of the server clock while the request was under way. */
function expectServerDate(date: string | null | undefined, from: number, to: number): void {
  expect(date).toMatch(IMF_FIXDATE)
  const stamped = Date.parse(date ?? '')
  const offset = emulator.clockOffsetMs
  // The header has whole seconds: the lower bound is the second the request started in.
  expect(stamped).toBeGreaterThanOrEqual(Math.floor((from + offset) / 1000) * 1000)
  expect(stamped).toBeLessThanOrEqual(to + offset)
}

async function expectDatedAnswer(request: () => Promise<Answer | Response>): Promise<number> {
  const { result, from, to } = await timed(request)
  expectServerDate(result.headers.get('date'), from, to)
  return result.status
}

/** What a request node cannot parse gets back, read from the raw socket. */
function rawAnswer(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes))
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe('Date header', () => {
  it.each([-10 * 60_000, 3 * HOUR_MS])(
    'stamps every answer with the server clock (offset %i ms)',
    async offset => {
      await start({ clockOffsetMs: offset })
      const statuses = [
        await expectDatedAnswer(() => apiCall(emulator, '/api/v1/ping', { token: null })),
        await expectDatedAnswer(() => apiCall(emulator, FINDINGS, { token: 'wrong' })),
        await expectDatedAnswer(() => apiCall(emulator, '/api/v1/nowhere')),
        await expectDatedAnswer(() => apiCall(emulator, `${FINDINGS}?repos=acme/web`)),
        await expectDatedAnswer(() =>
          apiCall(emulator, SCANS_SEARCH, { method: 'POST', body: {} })
        ),
        await expectDatedAnswer(() => apiCall(emulator, `${FINDINGS}?page=x`)),
        await expectDatedAnswer(() => fetch(`${emulator.url}/_emulator/requests`)),
        await expectDatedAnswer(() => fetch(`${emulator.downloadUrl}/sbom/none.json`))
      ]
      expect(statuses).toEqual([200, 401, 404, 200, 200, 400, 200, 404])
    }
  )

  it('keeps stamping the server clock on fault answers, unless the fault brings its own Date', async () => {
    await start({ clockOffsetMs: -HOUR_MS })
    emulator.addFault({ path: FINDINGS, kind: 'status', status: 503 })
    emulator.addFault({ path: FINDINGS, kind: 'html', status: 502 })
    emulator.addFault({ server: 'download', kind: 'status', status: 500 })
    expect(await expectDatedAnswer(() => apiCall(emulator, FINDINGS))).toBe(503)
    expect(await expectDatedAnswer(() => apiCall(emulator, FINDINGS))).toBe(502)
    expect(await expectDatedAnswer(() => fetch(`${emulator.downloadUrl}/sbom/x.json`))).toBe(500)
    const own = 'Wed, 21 Oct 2015 07:28:00 GMT'
    emulator.addFault({ path: FINDINGS, kind: 'json', body: {}, headers: { Date: own } })
    const answer = await apiCall(emulator, FINDINGS)
    expect(answer.headers.get('date')).toBe(own)
  })

  it('stamps the 400 node gives a request it cannot parse', async () => {
    await start({ clockOffsetMs: -2 * HOUR_MS })
    const { result, from, to } = await timed(() => rawAnswer(emulator.url, 'NOT HTTP\r\n\r\n'))
    expect(result).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expectServerDate(/\r\nDate: ([^\r]+)\r\n/.exec(result)?.[1], from, to)
  })

  it('dates the SBOM document on the server clock', async () => {
    await start({ clockOffsetMs: -5 * HOUR_MS, sbomPollsUntilDone: 0 })
    const path = '/api/v1/deployments/4242/sbom/export'
    const created = await apiCall(emulator, path, {
      method: 'POST',
      body: {
        repositoryId: String(PROJECT.web),
        ref: 'refs/heads/main',
        sbomOutputFormat: 'SBOM_OUTPUT_FORMAT_CYCLONEDX',
        metadataComponentType: 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_APPLICATION'
      }
    })
    const { taskToken } = created.json as { taskToken: string }
    const polled = await apiCall(emulator, `${path}/${taskToken}`)
    const { downloadUrl } = polled.json as { downloadUrl: string }
    const { result, from, to } = await timed(() => fetch(downloadUrl))
    expectServerDate(result.headers.get('date'), from, to)
    const document = (await result.json()) as { metadata: { timestamp: string } }
    const stamped = Date.parse(document.metadata.timestamp)
    expect(stamped).toBeGreaterThanOrEqual(from - 5 * HOUR_MS)
    expect(stamped).toBeLessThanOrEqual(to - 5 * HOUR_MS)
  })
})

describe('scans on the server clock', () => {
  it('dates the sample data from the server clock at start unless now is given', async () => {
    const before = Date.now()
    await start({ clockOffsetMs: -2 * 86_400_000 })
    const after = Date.now()
    expect(emulator.clockOffsetMs).toBe(-2 * 86_400_000)
    const serverNow = emulator.serverNow().getTime()
    expect(serverNow).toBeGreaterThanOrEqual(after - 2 * 86_400_000)
    expect(serverNow).toBeLessThanOrEqual(Date.now() - 2 * 86_400_000)
    // The sample's head scan of acme/web main started two hours before the server's start.
    const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
    const wire = head === undefined ? undefined : await scanById(emulator, head)
    const started = Date.parse(wire?.started_at ?? '')
    expect(started).toBeGreaterThanOrEqual(before - 2 * 86_400_000 - 2 * HOUR_MS)
    expect(started).toBeLessThanOrEqual(after - 2 * 86_400_000 - 2 * HOUR_MS + 1)

    const fixed = new Date('2026-11-01T12:00:00.000Z')
    const other = await startEmulator({ now: fixed, clockOffsetMs: HOUR_MS })
    try {
      const fixedHead = headScan(other.state, 'acme/web', 'refs/heads/main')
      expect(fixedHead?.startedAt.toISOString()).toBe('2026-11-01T10:00:00.000Z')
      expect(other.serverNow().getTime()).toBeGreaterThanOrEqual(after + HOUR_MS)
    } finally {
      await other.close()
    }
  })

  it('completes a scan when the server clock, not the runner clock, reaches its end', async () => {
    // The server runs an hour behind: a completion half an hour ago on the runner's clock is
    // half an hour in the server's future.
    await start({ clockOffsetMs: -HOUR_MS })
    const ahead = emulator.addScan({
      repository: 'acme/api',
      branch: 'refs/heads/clock',
      completedAt: new Date(Date.now() - HOUR_MS / 2)
    })
    expect(await scanById(emulator, ahead)).toMatchObject({
      status: 'SCAN_STATUS_RUNNING',
      completed_at: null
    })
    const behind = await startEmulator({ clockOffsetMs: HOUR_MS })
    try {
      const done = behind.addScan({
        repository: 'acme/api',
        branch: 'refs/heads/clock',
        completedAt: new Date(Date.now() + HOUR_MS / 2)
      })
      expect(await scanById(behind, done)).toMatchObject({ status: 'SCAN_STATUS_COMPLETED' })
    } finally {
      await behind.close()
    }
  })

  it('times a running scan on the server clock and completes it at its end', async () => {
    await start({ clockOffsetMs: -HOUR_MS })
    const from = Date.now()
    const record = emulator.addScan({
      repository: 'acme/api',
      branch: 'refs/heads/clock',
      runningForMs: 1500
    })
    const running = await scanById(emulator, record)
    expect(running).toMatchObject({ status: 'SCAN_STATUS_RUNNING', completed_at: null })
    expect(running?.findings_counts).toBeUndefined()
    const started = Date.parse(running?.started_at ?? '')
    expect(started).toBeGreaterThanOrEqual(from - HOUR_MS)
    expect(started).toBeLessThanOrEqual(Date.now() - HOUR_MS)
    await new Promise(resolve => setTimeout(resolve, started + 1500 + HOUR_MS - Date.now() + 50))
    const done = await scanById(emulator, record)
    expect(done?.status).toBe('SCAN_STATUS_COMPLETED')
    expect(Date.parse(done?.completed_at ?? '')).toBe(started + 1500)
    expect(done?.findings_counts).toEqual({
      code: '0',
      supply_chain: '0',
      secrets: '0',
      total: '0'
    })
  })

  it('keeps the scanRunningMs head scan running on the server clock', async () => {
    // An hour behind: a minute from the server's now is 59 minutes ago on the runner's clock.
    await start({ clockOffsetMs: -HOUR_MS, scanRunningMs: 60_000 })
    const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
    expect(head === undefined ? undefined : (await scanById(emulator, head))?.status).toBe(
      'SCAN_STATUS_RUNNING'
    )
  })

  it('refuses a clock offset that is not a whole number of ms', async () => {
    await expect(startEmulator({ clockOffsetMs: 1.5 })).rejects.toThrow(
      'clockOffsetMs must be an integer number of milliseconds, got 1.5'
    )
    await expect(startEmulator({ clockOffsetMs: Number.NaN })).rejects.toThrow(
      'clockOffsetMs must be an integer number of milliseconds, got NaN'
    )
    emulator = await startEmulator({})
    expect(emulator.clockOffsetMs).toBe(0)
  })
})
