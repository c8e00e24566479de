/**
 * The scans search's answer: findings_counts per scan (a scan with findings of its own counts
 * those, for the products it ran), and a misbehaving server that ignores the search's filters.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { WEB_MAIN_SAST, WEB_MAIN_SCA } from '../emulator/data/sample-findings.js'
import { SAMPLE_SECRETS } from '../emulator/data/sample-secrets.js'
import { headScan, startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js'
import { apiCall, scanById, SCANS_SEARCH, searchScans } from './helpers/emulator-http.js'
import { PROJECT } from './helpers/sample.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const REPO = 'acme/api'
const BRANCH = 'refs/heads/release/7'

let emulator: Emulator
afterEach(() => emulator.close())

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  emulator = await startEmulator({ now: NOW, ...options })
  return emulator
}

describe('findings_counts', () => {
  it('counts the findings naming a completed scan, per product, leaving out fixed and removed ones', async () => {
    await start()
    const record = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      sast: [{}, { status: 'ignored' }, { status: 'fixed' }],
      sca: [{}, { status: 'reviewing' }],
      secrets: [{}, { status: 'FINDING_STATUS_REMOVED' }, { status: 'FINDING_STATUS_FIXED' }]
    })
    expect((await scanById(emulator, record))?.findings_counts).toEqual({
      code: '2',
      supply_chain: '2',
      secrets: '1',
      total: '5'
    })
  })

  it('leaves out the products a scan did not run, and counts 0 for one that found nothing', async () => {
    await start()
    const sca = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      enabledProducts: ['sca'],
      sca: [{}, {}, {}]
    })
    const clean = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      enabledProducts: ['sast', 'secrets']
    })
    expect((await scanById(emulator, sca))?.findings_counts).toEqual({
      supply_chain: '3',
      total: '3'
    })
    expect((await scanById(emulator, clean))?.findings_counts).toEqual({
      code: '0',
      secrets: '0',
      total: '0'
    })
  })

  it('keeps counting an older scan’s own findings after a newer scan replaced them in the lists', async () => {
    await start()
    const older = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      startedAt: new Date(emulator.serverNow().getTime() - 3_600_000),
      sast: [{}, {}]
    })
    emulator.addScan({ repository: REPO, branch: BRANCH, sast: [{}] })
    expect((await scanById(emulator, older))?.findings_counts?.code).toBe('2')
  })

  it('has no counts while a scan runs', async () => {
    await start()
    const running = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      runningForMs: 60_000,
      sast: [{}]
    })
    const wire = await scanById(emulator, running)
    expect(wire?.status).toBe('SCAN_STATUS_RUNNING')
    expect(wire).not.toHaveProperty('findings_counts')
    running.runningUntil = emulator.serverNow().getTime() - 1
    expect((await scanById(emulator, running))?.findings_counts).toEqual({
      code: '1',
      supply_chain: '0',
      secrets: '0',
      total: '1'
    })
  })

  it('counts a scan without findings of its own as before: its branch’s findings that name no scan', async () => {
    await start()
    const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
    const notFixed = (spec: { status?: string }): boolean => spec.status !== 'fixed'
    const code = WEB_MAIN_SAST.filter(notFixed).length
    const supplyChain = WEB_MAIN_SCA.filter(notFixed).length
    const secrets = SAMPLE_SECRETS.filter(
      s =>
        s.repository === 'acme/web' &&
        s.ref === 'refs/heads/main' &&
        s.status !== 'FINDING_STATUS_FIXED' &&
        s.status !== 'FINDING_STATUS_REMOVED'
    ).length
    const expected = {
      code: String(code),
      supply_chain: String(supplyChain),
      secrets: String(secrets),
      total: String(code + supplyChain + secrets)
    }
    expect(
      head === undefined ? undefined : (await scanById(emulator, head))?.findings_counts
    ).toEqual(expected)
    emulator.addScan({ repository: 'acme/web', branch: 'refs/heads/main', sast: [{}, {}] })
    expect(
      head === undefined ? undefined : (await scanById(emulator, head))?.findings_counts
    ).toEqual(expected)
  })
})

describe('a scans search that ignores its filters', () => {
  const filtered = {
    repository_id: PROJECT.web,
    branch: 'refs/heads/main',
    statuses: ['SCAN_STATUS_COMPLETED']
  }

  it('answers the filters by default', async () => {
    await start()
    const { scans } = await searchScans(emulator, filtered)
    expect(scans.length).toBeGreaterThan(1)
    expect(new Set(scans.map(s => `${s.repository_id} ${s.branch} ${s.status}`))).toEqual(
      new Set([`${PROJECT.web} refs/heads/main SCAN_STATUS_COMPLETED`])
    )
  })

  it('lists the newest scans of every repository, branch and status once switched on, paging still', async () => {
    await start()
    const all = (await searchScans(emulator, {})).scans.map(s => s.id)
    emulator.scansSearchIgnoresFilters = true
    const { scans } = await searchScans(emulator, filtered)
    expect(scans.map(s => s.id)).toEqual(all)
    expect(new Set(scans.map(s => s.repository_id)).size).toBeGreaterThan(1)
    expect(scans.map(s => s.status)).toContain('SCAN_STATUS_ERROR')
    expect(scans.map(s => s.branch)).toContain('refs/heads/release')

    const first = await searchScans(emulator, { ...filtered, limit: 3 })
    expect(first.scans.map(s => s.id)).toEqual(all.slice(0, 3))
    const next = await searchScans(emulator, { ...filtered, limit: 3, cursor: first.cursor })
    expect(next.scans.map(s => s.id)).toEqual(all.slice(3, 6))
    const bad = await apiCall(emulator, SCANS_SEARCH, { method: 'POST', body: { limit: 0 } })
    expect(bad.status).toBe(400)

    emulator.scansSearchIgnoresFilters = false
    expect((await searchScans(emulator, filtered)).scans.length).toBeLessThan(all.length)
  })

  it('can start switched on', async () => {
    await start({ scansSearchIgnoresFilters: true })
    expect(emulator.scansSearchIgnoresFilters).toBe(true)
    const mine = emulator.addScan({ repository: REPO, branch: BRANCH })
    const { scans } = await searchScans(emulator, { repository_id: PROJECT.web, limit: 1 })
    expect(scans.map(s => s.id)).toEqual([String(mine.id)])
  })
})
